"""The read-me-first of a print kit, as data: what the kit holds (counted from the game's
sets), which print file holds what on each paper and how many pages it has, and the steps to
print, cut and put the kit together, in the kit's language; and what only the game can say,
from the `readme:` section of its game.yaml (the rules in brief, notes on putting the kit
together, how the list of contents names each set).

pnp.compose.readme lays this out as the read-me-first pages; the gallery shows the same
steps, from the same functions. Nothing here draws or writes a file.
"""

from __future__ import annotations

import re
import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Mapping, TypeVar, Union

from .. import expr
from ..components import types
from ..impose import PAPERS, SheetLabel
from ..words import NBSP, FileRef, Run, Strong, length, listed, plain, say, text, word  # (pnp's own words and the runs they make, here and in its users)
from ..model.game import Text

if TYPE_CHECKING:
    from typing import Sequence

    from ..components import Sheets
    from ..layout.fonts import FontMetrics
    from .pieces import Kit, PieceSet
    from ..model.game import Game

NAME = "read-me-first"  # its files: print/read-me-first-<paper>.pdf, and its --only part
PAPER_NAMES = {"a4": "A4", "letter": "US Letter", "a3": "A3"}
DEFAULT_ACCENT = "#7a2e22"


# --- the text: paragraphs and tables of runs (pnp.words) --------------------------------------

@dataclass(frozen=True)
class Paragraph:
    """A paragraph of runs; `marker` hangs in the margin (a step's number, a bullet)."""

    runs: tuple[Run, ...]
    marker: str = ""


@dataclass(frozen=True)
class Table:
    """A table of runs: a header row, rows of cells, and how each column is aligned."""

    header: tuple[str, ...]
    rows: tuple[tuple[tuple[Run, ...], ...], ...]
    align: tuple[str, ...]


Block = Union[Paragraph, Table]


@dataclass(frozen=True)
class Section:
    title: str
    blocks: tuple[Block, ...]


# --- what the game says: its `readme:` section -------------------------------------------------

def readme_data(game: "Game") -> Mapping[str, Any]:
    """The game's `readme:` section of game.yaml (checked by its schema), or nothing."""
    doc = game.documents.get(game.manifest)
    data = doc.data.get("readme") if doc is not None and isinstance(doc.data, dict) else None
    return data if isinstance(data, dict) else {}


def accent(game: "Game") -> str:
    """The colour of the read-me-first's headings and rules."""
    return str(readme_data(game).get("colour") or DEFAULT_ACCENT).lower()


def localised(value: Any, game: "Game", language: str) -> str:
    return Text.from_data(value, paragraphs=True).get(language, game.language) if value else ""


_STRONG = re.compile(r"\*\*(.+?)\*\*")


def marked_up(source: str) -> tuple[Run, ...]:
    """A game's text as runs: **words** are strong."""
    runs: list[Run] = []
    at = 0
    for match in _STRONG.finditer(source):
        if match.start() > at:
            runs.append(source[at:match.start()])
        runs.append(Strong(match.group(1)))
        at = match.end()
    if at < len(source):
        runs.append(source[at:])
    return tuple(runs)


def paragraphs(source: str) -> list[Paragraph]:
    """A game's text as paragraphs: a blank line ends one, and lines that start with "- " are
    the items of a list."""
    found: list[Paragraph] = []
    for chunk in re.split(r"\n\s*\n", source.strip()):
        lines = [line.strip() for line in chunk.splitlines() if line.strip()]
        item: list[str] | None = None
        prose: list[str] = []
        for line in lines:
            if line.startswith("- "):
                if prose:
                    found.append(Paragraph(marked_up(" ".join(prose))))
                    prose = []
                if item:
                    found.append(Paragraph(marked_up(" ".join(item)), "•"))
                item = [line[2:].strip()]
            elif item is not None:
                item.append(line)
            else:
                prose.append(line)
        if item:
            found.append(Paragraph(marked_up(" ".join(item)), "•"))
        if prose:
            found.append(Paragraph(marked_up(" ".join(prose))))
    return found


def rules(game: "Game", language: str) -> list[Section]:
    """The game's rules in brief, as sections (none when the game gives none)."""
    found = []
    for entry in readme_data(game).get("rules") or []:
        found.append(Section(localised(entry.get("heading"), game, language),
                             tuple(paragraphs(localised(entry.get("text"), game, language)))))
    return found


def readme_texts(game: "Game") -> list[tuple[tuple, Any]]:
    """The texts of the game's `readme:`, each with its data path below `readme`."""
    data = readme_data(game)
    texts: list[tuple[tuple, Any]] = [(("contents", k), v) for k, v in (data.get("contents") or {}).items()]
    texts += [(("assembly", i), v) for i, v in enumerate(data.get("assembly") or [])]
    for i, entry in enumerate(data.get("rules") or []):
        texts += [(("rules", i, k), entry[k]) for k in ("heading", "text") if k in entry]
    return texts


def problems(game: "Game") -> list[str]:
    """What is wrong with the game's `readme:` that its schema cannot see: texts without the
    game's first language or in a language it does not declare, characters its fonts lack,
    contents for a set it does not have, and templates that do not work."""
    from ..layout.fonts import character_map, find_font

    data = readme_data(game)
    found: list[str] = []
    texts = [("readme." + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)[1:], value)
             for path, value in readme_texts(game)]
    paths = {role: find_font(name, game.root) for role, name in game.fonts.items()}
    body = paths.get("body") or next(iter(paths.values()), None)
    heading = paths.get("heading") or body
    for where, value in texts:
        if isinstance(value, dict):
            for lang in value:
                if lang not in game.languages:
                    found.append(f"{where}: '{lang}' is not one of the game's languages ({', '.join(game.languages)})")
            if game.language not in value:
                found.append(f"{where} has no '{game.language}' text (the game's first language)")
        for string in Text.from_data(value).strings():
            # headings and **strong** words are set in the heading font, the rest in the body font
            strong = where.endswith(".heading")
            for run in marked_up(string):
                font = heading if strong or isinstance(run, Strong) else body
                chars = run.text if isinstance(run, Strong) else str(run)
                missing = sorted({ch for ch in chars if font is not None and not ch.isspace()
                                  and ord(ch) not in character_map(font)})
                if missing:
                    found.append(f"{where}: font {font.stem} has no glyph for "
                                 + ", ".join(f"'{ch}' (U+{ord(ch):04X})" for ch in missing))
    for name, value in (data.get("contents") or {}).items():
        component = game.sets.get(name)
        if component is None or not types()[component.type].printed:
            found.append(f"readme.contents.{name}: the game has no printed set called so")
            continue
        for string in Text.from_data(value).strings():
            try:
                expr.parse_template(string).render({"count": 1, "groups": 1, "items": 1}, game.language)
            except expr.ExpressionError as exc:
                found.append(f"readme.contents.{name}: {exc.message} in {string!r}")
    return found


# --- what the kit holds ---------------------------------------------------------------------

def _plural(word_: str) -> str:
    return word_[:-1] + "ies" if word_.endswith("y") and word_[-2:-1] not in "aeiou" else \
        word_ if word_.endswith("s") else word_ + "s"


def contents(kit: "Kit") -> list[str]:
    """What the kit holds, one line per printed set, every number counted from the data:
    "126 cards in 16 suits". The game's `readme.contents` may word a set's line, a template
    where count (the pieces, copies counted), items (the distinct items) and groups (how many
    groups) are the numbers."""
    game, language = kit.game, kit.language
    wording = readme_data(game).get("contents") or {}
    lines = []
    for pieces in kit:
        component = pieces.component
        ctype = types()[pieces.type]
        if ctype.whole is not None:  # (a board) counted in pictures, which it names
            count = len(pieces.boards)
            default = f"{count} {ctype.word(language, ctype.name if count == 1 else ctype.name + 's')}"
        else:
            # each item's copies (an item printed as several pieces, a die's stickers, counts once)
            count = sum({id(p.item): p.copies for p in pieces.pieces}.values())
            default = f"{count} {component.noun[0] if count == 1 else component.noun[1]}"
            if component.group_key and component.groups:
                default = text(language, "in-groups", items=default, count=len(component.groups),
                               groups=component.group_key if len(component.groups) == 1
                               else _plural(component.group_key))
        if count == 0:
            continue
        line = default
        if component.name in wording:
            source = Text.from_data(wording[component.name]).get(language, game.language)
            try:
                line = expr.parse_template(source).render(
                    {"count": count, "items": len(component.items), "groups": len(component.groups)},
                    language)
            except expr.ExpressionError:
                pass  # reported by `problems`
        lines.append(line)
    return lines


def players(game: "Game", language: str) -> str:
    if game.players is None:
        return ""
    low, high = game.players
    if low == high:
        return word(language, "player") if low == 1 else text(language, "players-exactly", n=low)
    return text(language, "players", min=low, max=high)


# --- the print files on one paper ---------------------------------------------------------------

@dataclass(frozen=True)
class PrintSettings:
    """What of a build's options changes the print files: each kind's bleed (how many pieces
    a page holds), and whether duplex files are made."""

    bleeds: tuple[tuple[str, float], ...] = ()
    duplex: bool = False

    @classmethod
    def of(cls, options: Any) -> "PrintSettings":
        """From a build's options (anything with bleed_for and duplex)."""
        return cls(tuple((kind, float(options.bleed_for(kind))) for kind, t in types().items() if t.printed),
                   bool(options.duplex))

    def bleed(self, kind: str) -> float:
        return dict(self.bleeds).get(kind, 0.0)


@dataclass(frozen=True)
class PrintFile:
    """One print file on one paper: its path in out/, its pages, and what it holds."""

    path: str
    pages: int
    role: str  # test, fronts, backs, duplex or one-side
    what: str  # the sets it holds, by their titles
    kind: str  # their component type (a board, cards ...)
    shape: str = "rect"
    sizes: tuple[float, ...] = ()  # the pieces' widths, in points
    parts: tuple[int, int] | None = None  # a board in rows x columns of parts
    fronts: str = ""  # for backs and duplex files: the fronts' file
    # a file of pieces of several types or shapes: each one's type, shape and sizes (kind,
    # shape and sizes above are its first set's)
    holds: tuple[tuple[str, str, tuple[float, ...]], ...] = ()
    rows: bool = False  # its pieces in rows of one size each (pnp.impose.shelves)

    @property
    def ref(self) -> FileRef:
        return FileRef(self.path)

    def each_kind(self) -> "list[PrintFile]":
        """The file as one file per type and shape of piece it holds (for the steps to cut
        them out)."""
        from dataclasses import replace

        return [replace(self, kind=k, shape=sh, sizes=z, holds=()) for k, sh, z in self.holds] or [self]


def _titles(sets: "list[PieceSet]", language: str, default: str) -> str:
    titles = [s.component.title.get(language, default) for s in sets]
    return plain(listed(list(dict.fromkeys(titles)), language))


def print_label(kit: "Kit", sets: "Sequence[PieceSet]") -> SheetLabel:
    """What a print file's sheets hold: the game and its sets' names."""
    titles = _titles(list(sets), kit.language, kit.game.language)   # a, b and c
    return SheetLabel(f"{kit.game.title.get(kit.language, kit.game.language)} · {titles}", kit.language)


def label_font(fonts: "Mapping[str, FontMetrics]") -> "FontMetrics":
    """The font of a sheet's label."""
    return fonts.get("body") or next(iter(fonts.values()))


def print_sheets(kit: "Kit", name: str, sets: "Sequence[PieceSet]", paper: str,
                 bleed: "Callable[[str], float]") -> "Sheets":
    """A print group's sheets on `paper`, labelled, each type's pieces with its `bleed`: laid
    out by their type, or, for sets of several types, in rows (pnp.components.shared); imposed
    once, for the build that prints them and the read-me-first that counts them."""
    kinds = list(dict.fromkeys(s.type for s in sets))

    def make() -> "Sheets":
        label, font = print_label(kit, sets), label_font(kit.fonts)
        if len(kinds) == 1:
            return types()[kinds[0]].impose(sets, PAPERS[paper], bleed(kinds[0]), label, font)
        from ..components.shared import impose_shared

        return impose_shared(sets, PAPERS[paper], bleed, label, font)
    return remembered(kit, ("sheets", name, paper, tuple((kind, bleed(kind)) for kind in kinds)), make)


def print_files(kit: "Kit", paper: str, settings: PrintSettings) -> list[PrintFile]:
    """The print files a whole build makes for `paper`, in the order to print them (the
    duplex test first, when something has backs), with their pages: imposed here exactly as
    the build imposes them."""
    from ..scene import Definition, Group

    found: list[PrintFile] = []
    sheet = PAPERS[paper]
    language = kit.language
    for name, sets in kit.print_groups():
        kind = sets[0].type
        what = _titles(sets, language, kit.game.language)
        whole = types()[kind].whole
        if whole is not None:
            for s in sets:
                for board in s.boards:
                    stand_in = Definition(board.name, s.component.width, s.component.height, Group(()))
                    pages = whole(stand_in, sheet, "", None)
                    parts = None
                    if len(pages) > 1:
                        cells = [re.fullmatch(r"r(\d+)c(\d+)", p.label) for p in pages]
                        if all(cells):
                            parts = (max(int(c.group(1)) for c in cells if c), max(int(c.group(2)) for c in cells if c))
                    shown = board.label if len(s.boards) > 1 else what
                    found.append(PrintFile(f"print/{board.name}-{paper}.pdf", len(pages), "one-side", shown, kind,
                                           parts=parts or (1, len(pages)) if len(pages) > 1 else None))
            continue
        sheets = print_sheets(kit, name, sets, paper, settings.bleed)
        if not sheets.fronts:
            continue
        fronts = f"print/{name}-{paper}.pdf"
        shape = sets[0].component.shape
        sizes = tuple(sorted({s.component.width for s in sets}, reverse=True))
        holds: dict[tuple[str, str], set[float]] = {}  # each type and shape of piece the file holds, its sizes
        for s in sets:
            holds.setdefault((s.type, s.component.shape), set()).add(s.component.width)
        mixed = tuple((k, sh, tuple(sorted(z, reverse=True))) for (k, sh), z in holds.items()) if len(holds) > 1 \
            else ()
        common = dict(holds=mixed, rows=sheets.rows)
        found.append(PrintFile(fronts, len(sheets.fronts), "fronts" if sheets.backs else "one-side", what, kind,
                               shape, sizes, **common))
        if sheets.backs:
            found.append(PrintFile(f"print/{name}-backs-{paper}.pdf", len(sheets.backs), "backs", what, kind, shape,
                                   sizes, fronts=fronts, **common))
            if settings.duplex:
                found.append(PrintFile(f"print/{name}-duplex-{paper}.pdf", len(sheets.fronts) + len(sheets.backs),
                                       "duplex", what, kind, shape, sizes, fronts=fronts, **common))
    if any(f.role == "backs" for f in found):
        found.insert(0, PrintFile(f"print/duplex-test-{paper}.pdf", 2, "test", "", "test"))
    rulebook = getattr(kit, "rulebook_pages", {}).get(paper)
    if rulebook is not None:  # (typeset by the build before the read-me: pnp.build.pipeline)
        found.append(PrintFile(f"print/rules-{paper}.pdf", rulebook[0], "rules", "", "rules"))
        found.append(PrintFile(f"print/rules-booklet-{paper}.pdf", rulebook[1], "booklet", "", "rules"))
    return found


def read_me_first_path(paper: str) -> str:
    return f"print/{NAME}-{paper}.pdf"


# --- the steps --------------------------------------------------------------------------------

def file_table(files: list[PrintFile], language: str) -> Table:
    """Each print file, its pages, what it holds and how it is printed."""
    rows = []
    for f in files:
        if f.role == "test":
            how = say(language, "row-test")
        elif f.role == "backs":
            how = say(language, "row-backs")
        elif f.role == "duplex":
            how = say(language, "row-duplex", what=f.what)
        elif f.role in ("rules", "booklet"):
            how = say(language, f"row-{f.role}")
        elif f.parts is not None:
            how = say(language, "row-parts", what=f.what, rows=f.parts[0], columns=f.parts[1])
        elif f.role == "one-side":
            how = say(language, "row-one-side", what=f.what)
        else:
            how = say(language, "row-fronts", what=f.what)
        rows.append(((f.ref,), (str(f.pages),), how))
    return Table((word(language, "file"), word(language, "pages"), word(language, "how")), tuple(rows),
                 ("left", "right", "left"))


def sheets_total(files: list[PrintFile], paper: str, language: str, own_pages: int = 0) -> Paragraph:
    """How many sheets the kit takes on `paper` (the duplex files left out: they print the
    same sheets), and how many of them on both sides."""
    both = sum(f.pages for f in files if f.role == "fronts") + sum(1 for f in files if f.role == "test")
    one = sum(f.pages for f in files if f.role == "one-side") + own_pages
    if both + one == 1:  # (one sheet: said in the singular)
        key = "total-sheet-both" if both else "total-sheet-one"
    else:
        key = "total-both-1" if both == 1 else "total-both" if both else "total-one"
    return Paragraph(say(language, key, sheets=both + one, both=both, paper=PAPER_NAMES.get(paper, paper)))


def printing_steps(kit: "Kit", paper: str, files: list[PrintFile]) -> list[Paragraph]:
    """How to print the files of `paper`, in order, as numbered steps."""
    language = kit.language
    steps = [say(language, "step-scale")]
    test = next((f for f in files if f.role == "test"), None)
    if test is not None:
        steps.append(say(language, "step-test", file=test.ref))
    if any(f.role == "backs" for f in files):
        steps.append(say(language, "step-backs"))
        duplex = next((f for f in files if f.role == "duplex"), None)
        if duplex is not None:
            steps.append(say(language, "step-duplex", file=duplex.ref))
    one_side = [f.ref for f in files if f.role == "one-side"]
    if one_side:
        steps.append(say(language, "step-one-side", files=listed(list(one_side), language)))
    steps.append(say(language, "step-paper"))
    return [Paragraph(runs, f"{i}.") for i, runs in enumerate(steps, start=1)]


def assembly_steps(kit: "Kit", paper: str, files: list[PrintFile], settings: PrintSettings) -> list[Paragraph]:
    """How to cut the pieces out and put them together: pnp's steps for the kinds of pieces
    the files hold, then the game's own notes (`readme.assembly`)."""
    language = kit.language
    kinds = types()
    fronts = [part for f in files if f.role in ("fronts", "one-side") for part in f.each_kind()]
    cut = [f for f in fronts if kinds[f.kind].whole is None]  # (a board is not cut out)
    steps: list[tuple[Run, ...]] = []
    if any(f.shape in kinds[f.kind].cut_on_marks for f in cut):
        steps.append(say(language, "cut-marks"))
    rows = list(dict.fromkeys(f.ref for f in cut if f.rows))
    if rows:
        steps.append(say(language, "cut-rows", files=listed(rows, language)))
    bleeds = sorted({settings.bleed(f.kind) for f in cut if settings.bleed(f.kind) > 0})
    if bleeds:
        steps.append(say(language, "cut-bleed", bleed=plain(listed([length(b, language) for b in bleeds], language))))
    touching = list(dict.fromkeys(f.ref for f in cut if kinds[f.kind].touching and not settings.bleed(f.kind)))
    if touching:
        steps.append(say(language, "cut-touch", files=listed(list(touching), language)))
    for kind in kinds.values():  # each type's own steps, for its files
        if kind.assembly is not None:
            steps += kind.assembly([f for f in fronts if f.kind == kind.name], language)
    game = kit.game
    for note in readme_data(game).get("assembly") or []:
        found = paragraphs(localised(note, game, language))
        steps += [p.runs for p in found]
    return [Paragraph(runs, "•") for runs in steps]


@dataclass(frozen=True)
class Printing:
    """Everything the read-me-first and the gallery say about one paper."""

    paper: str
    files: tuple[PrintFile, ...]
    steps: tuple[Paragraph, ...]
    table: Table
    assembly: tuple[Paragraph, ...]

    def total(self, language: str, own_pages: int = 0) -> Paragraph:
        return sheets_total(list(self.files), self.paper, language, own_pages)


_T = TypeVar("_T")
_MEMO: "weakref.WeakKeyDictionary[Kit, dict]" = weakref.WeakKeyDictionary()


def remembered(kit: "Kit", key: tuple, make: Callable[[], _T]) -> _T:
    """What `make` gives for this kit and key, made once while the kit lives: the build and
    its gallery ask for the same plans and pages."""
    memo = _MEMO.setdefault(kit, {})
    if key not in memo:
        memo[key] = make()
    return memo[key]


def printing(kit: "Kit", paper: str, settings: PrintSettings) -> Printing:
    """The print files of `paper`, the steps to print them, their table, and the steps to
    cut and assemble what they hold."""
    def make() -> Printing:
        files = print_files(kit, paper, settings)
        return Printing(paper, tuple(files), tuple(printing_steps(kit, paper, files)),
                        file_table(files, kit.language), tuple(assembly_steps(kit, paper, files, settings)))
    return remembered(kit, ("printing", paper, settings), make)


# --- the document --------------------------------------------------------------------------

@dataclass(frozen=True)
class Document:
    """The read-me-first of one paper, as text: its header, and its pages' sections (each
    page's sections start on a page of their own)."""

    paper: str
    language: str
    title: str
    subtitle: str
    kicker: str
    players: str
    accent: str
    pages: tuple[tuple[Section, ...], ...]

    def footer(self, page: int, pages: int) -> str:
        return text(self.language, "footer", title=self.title, page=page, pages=pages,
                    paper=PAPER_NAMES.get(self.paper, self.paper), file=read_me_first_path(self.paper).rsplit("/", 1)[-1])


def document(kit: "Kit", paper: str, settings: PrintSettings, own_pages: int = 0) -> Document:
    """The read-me-first of `paper`: the kit's contents, printing and assembly on its first
    page, the game's rules in brief on the next. `own_pages` is how many pages the document
    itself takes (counted in the sheets it tells to print)."""
    game, language = kit.game, kit.language
    plan = printing(kit, paper, settings)
    first = (
        Section(word(language, "contents"), tuple(Paragraph((line,), "•") for line in contents(kit))),
        Section(text(language, "printing", paper=PAPER_NAMES.get(paper, paper)),
                (*plan.steps, plan.table, plan.total(language, own_pages))),
        Section(word(language, "assembly"), plan.assembly),
    )
    pages: tuple[tuple[Section, ...], ...] = (first,)
    summary = rules(game, language)
    if summary:
        pages += (tuple(summary),)
    return Document(paper, language, game.title.get(language, game.language),
                    game.subtitle.get(language, game.language) if game.subtitle else "",
                    word(language, "kicker"), players(game, language), accent(game), pages)
