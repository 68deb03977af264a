"""Exports for playing online and printing on demand, made from the composed kit (pnp.kit.pieces)
through what a build lets them read and write (KitFiles, which pnp.build.outputs.Outputs is); none
of them knows the pipeline that calls it, its workers or its jobs.

- tabletopia: one image per face and per back, and a manifest of the objects to create;
- tts: Tabletop Simulator deck sheets and a saved object;
- pod: The Game Crafter's uploads of poker-size cards, with bleed;
- gallery: out/index.html, everything built, to open from disk.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable, Mapping, Protocol, Sequence

if TYPE_CHECKING:
    from ..kit.pieces import Piece, PieceSet
    from ..scene import Definition, Page


class KitFiles(Protocol):
    """What an export reads of a built kit and writes beside it: the files of its folder by
    name (each keyed by what it is drawn from, so that an unchanged one is kept), pages to
    draw or rasterize later (by the build's workers: a job is an opaque handle), and the build's
    progress and warnings."""

    out: Path  # the kit's folder
    chars: Mapping  # each drawn definition's characters by font (what a PDF drawn elsewhere embeds)

    def path(self, relative: str) -> str: ...  # where a file of the kit is ("/"-separated names)
    def key(self, *parts: object) -> str: ...  # the key of what `parts` draw
    def key_of(self, relative: str) -> str: ...  # the key a file of this build was made with (or its name)
    def files(self) -> list[str]: ...  # the files the build made or kept so far
    def reusable(self, relative: str, key: str, counted: bool = True) -> bool: ...
    def made(self, relative: str, key: str) -> None: ...  # a file drawn elsewhere is in place
    def make(self, relative: str, key: str, produce: Callable[[], bytes | Iterable[bytes]]) -> None: ...
    def write(self, relative: str, data: bytes | Iterable[bytes], key: str | None = None) -> None: ...
    def document(self, pages: Sequence["Page"], chars: Mapping | None = None) -> object: ...
    def draw_later(self, relative: str, key: str, page: Callable[[], "Definition"], dpi: float,
                   largest: int = 0) -> object: ...
    def drawn(self, relative: str, key: str, job: object) -> None: ...
    def rasterize_later(self, pages: Sequence["Page"], dpi: float, relative: Sequence[str], tag: str,
                        label: str, *, alpha: bool = False) -> Callable[[], None]: ...  # (Outputs' 6th is extra)
    def later(self, function: Callable, arguments: Callable[[], tuple], after: Sequence[object] = ()) -> object: ...
    def documents(self, pages: Sequence["Page"], chars: Mapping) -> tuple[Callable[[], list], list]: ...
    def wait_for(self, jobs: Sequence[object], taken: Callable[[object], None]) -> None: ...
    def then(self, finish: Callable[[], None]) -> None: ...  # once the build's own work is done
    def stage(self, label: str, total: int) -> None: ...
    def advance(self, files: int = 1) -> None: ...
    def warn(self, message: str) -> None: ...


def export_name(pieces: "PieceSet", piece: "Piece") -> str:
    """A piece's file name in the exports: names that sort and say what they are
    (north-01-king) for a set in groups, its own name otherwise."""
    item = piece.item
    if item.group is not None:
        return f"{item.group.id}-{item.position:02d}-{piece.name}"
    return piece.name


def object_name(pieces: "PieceSet", piece: "Piece", language: str, default: str) -> str:
    """What an export calls a piece on a table online: its label, or, where the label is only
    the item's id (a set without `label:` whose items have no name, such as coins called 1
    and 3), the set's title in the kit's language followed by the id (its title alone for a
    set of one item)."""
    component = pieces.component
    if "label" in component.declaration or piece.label != str(piece.item.id):
        return piece.label
    title = component.title.get(language, default)
    title = title[:1].upper() + title[1:]
    return title if len(pieces.pieces) == 1 else f"{title} {str(piece.item.id).replace('-', ' ')}"


def csv_of(fields: Sequence[str], rows: Iterable[object]) -> bytes:
    """A table of records as CSV (a header of the fields, a line a record, each field by its
    name), as the manifests and orders write it."""
    import csv
    import io

    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(fields)
    for row in rows:
        writer.writerow([getattr(row, f) for f in fields])
    return text.getvalue().encode("utf-8")


def rulebook(outputs: KitFiles) -> str | None:
    """The kit's rulebook to read on screen, as the build wrote it (print/rules-a4.pdf, else the
    Letter one), or None for a game without one or a build without it."""
    made = set(outputs.files())
    return next((name for name in ("print/rules-a4.pdf", "print/rules-letter.pdf") if name in made), None)


def copy_rulebook(outputs: KitFiles, folder: str) -> str | None:
    """The rulebook copied into an export's folder as rules.pdf (kept when unchanged): its
    name there, or None."""
    found = rulebook(outputs)
    if found is None:
        return None
    key = outputs.key("export-copy", outputs.key_of(found))
    outputs.make(f"{folder}/rules.pdf", key, lambda: Path(outputs.path(found)).read_bytes())
    return "rules.pdf"
