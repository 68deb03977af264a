"""A set's own pictures (its pieces' PNG images) rasterized from the drawings its print files
place, where those look the same: each piece is then drawn once, for its picture and its print
files (which find the drawing in the build's cache), rather than once for each."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Mapping, Sequence

from ..compose.piece import same_within
from ..scene import Definition, Page, characters_by_font, single

if TYPE_CHECKING:
    from .outputs import Outputs


def as_printed(pages: Sequence[Page], fronts: Sequence[Page], backs: Sequence[Page],
               outputs: "Outputs") -> Callable[[int], tuple[Page, Mapping[str, frozenset[str]]] | None]:
    """For a set's own pictures (`pages`, each a piece's face or back alone): the page that
    draws it as its print file does (`fronts` or `backs`: its drawing with its background run
    out by the bleed, in that file's characters), when that looks the same within the piece's
    bounds (`same_within`). Rasterized so, each piece is drawn once for its picture and its
    print files, which find the drawing in the cache; the pixels are the same."""
    printed: dict[str, tuple[Definition, Sequence[Page]]] = {}
    for sheets in (fronts, backs):
        for page in sheets:
            for d in page.definitions:
                printed.setdefault(d.id, (d, sheets))
    found: dict[int, Mapping[str, frozenset[str]]] = {}

    def chars_of(sheets: Sequence[Page]) -> Mapping[str, frozenset[str]]:
        if id(sheets) not in found:  # (as write_later works them out for the print file)
            found[id(sheets)] = characters_by_font(sheets, outputs.chars)
        return found[id(sheets)]

    def drawn(index: int) -> tuple[Page, Mapping[str, frozenset[str]]] | None:
        page = pages[index]
        if len(page.definitions) != 1:
            return None
        own = page.definitions[0]
        bled, sheets = printed.get(own.id, (None, ()))
        if bled is None or bled is own or not same_within(bled, own):
            return None
        return single(bled), chars_of(sheets)
    return drawn
