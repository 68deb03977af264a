"""Boards: one large page, printed whole on a paper it fits or in overlapping parts to tape
together."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from .kind import ComponentType, Sheets

if TYPE_CHECKING:
    from ..layout.fonts import FontMetrics
    from ..impose import Paper
    from ..kit.readme import PrintFile
    from ..scene import Definition, Page
    from ..words import Run


def fits(width: float, height: float, paper: Paper) -> bool:
    return (width <= paper.width + 0.5 and height <= paper.height + 0.5) or \
        (width <= paper.height + 0.5 and height <= paper.width + 0.5)


def board_pages(page: "Definition", paper: Paper, label: str, font: "FontMetrics | None") -> list["Page"]:
    """A board on `paper`: whole if it fits (inside the margins, labelled in the bottom one),
    else in parts that overlap."""
    from ..impose import tiled_pages, whole_page

    if fits(page.width, page.height, paper):
        return [whole_page(page, paper, label, font)]
    return tiled_pages(page, paper, label, font)


def board_name(component, item_name: str) -> str:
    """The name of a board drawn for an item of a set without a map (its print file is
    print/NAME-a3.pdf): the set's own when the set holds this one board and does not name
    its files (a board set of one record is named as a board drawn from the whole set is),
    else the set's and the item's (board-north, board-south)."""
    if len(component.items) == 1 and "name" not in component.declaration:
        return component.name
    return f"{component.name}-{item_name}"


def impose_board(sets: Sequence, paper: Paper, bleed: float, label: str, font: "FontMetrics | None") -> Sheets:
    return Sheets([page for s in sets for board in s.boards for page in board_pages(board.page, paper, label, font)],
                  [])


WORDS = {  # what it is called, and how it is printed and put together, by language
    "en": {
        "board": "board",
        "boards": "boards",
        "board-parts": "{file} prints the board in {count} parts ({rows} × {columns}) that overlap by {overlap}: "
                       "trim one sheet of each pair along its frame, lay it over its neighbour so that the "
                       "ticks in the margins line up, and tape it from behind.",
        "board-whole": "{file} prints the board whole, on one sheet.",
        "board-parts-each": "{files} each print a board in {count} parts ({rows} × {columns}) that overlap by "
                            "{overlap}: trim one sheet of each pair along its frame, lay it over its neighbour so "
                            "that the ticks in the margins line up, and tape it from behind.",
        "board-whole-each": "{files} each print a board whole, on one sheet.",
    },
    "fr": {
        "board": "plateau",
        "boards": "plateaux",
        "board-parts": "{file} imprime le plateau en {count} parties ({rows} × {columns}) qui se chevauchent de "
                       "{overlap}\u00a0: rognez une feuille de chaque paire le long de son cadre, posez-la sur sa "
                       "voisine en alignant les traits des marges, et scotchez au dos.",
        "board-whole": "{file} imprime le plateau entier, sur une seule feuille.",
        "board-parts-each": "{files} impriment chacun un plateau en {count} parties ({rows} × {columns}) qui se "
                            "chevauchent de {overlap}\u00a0: rognez une feuille de chaque paire le long de son "
                            "cadre, posez-la sur sa voisine en alignant les traits des marges, et scotchez au dos.",
        "board-whole-each": "{files} impriment chacun un plateau entier, sur une seule feuille.",
    },
    "de": {
        "board": "Spielplan",
        "boards": "Spielpläne",
        "board-parts": "{file} druckt den Spielplan in {count} Teilen ({rows} × {columns}), die sich um {overlap} "
                       "überlappen: Schneide von jedem Paar ein Blatt an seinem Rahmen zu, lege es so auf seinen "
                       "Nachbarn, dass die Striche im Rand fluchten, und klebe es von hinten fest.",
        "board-whole": "{file} druckt den Spielplan im Ganzen, auf ein einziges Blatt.",
        "board-parts-each": "{files} drucken je einen Spielplan in {count} Teilen ({rows} × {columns}), die sich "
                            "um {overlap} überlappen: Schneide von jedem Paar ein Blatt an seinem Rahmen zu, lege "
                            "es so auf seinen Nachbarn, dass die Striche im Rand fluchten, und klebe es von hinten "
                            "fest.",
        "board-whole-each": "{files} drucken je einen Spielplan im Ganzen, auf ein einziges Blatt.",
    },
}


def assembly(files: Sequence["PrintFile"], language: str) -> list[tuple["Run", ...]]:
    """How each board file prints (whole, or in parts to trim, lay over and tape), told once
    for the boards printed alike."""
    from ..impose import TILE_OVERLAP
    from ..words import length, listed

    steps = []
    boards: dict[tuple, list["PrintFile"]] = {}
    for f in files:
        boards.setdefault((f.pages, f.parts), []).append(f)
    for (pages, parts), alike in boards.items():
        each = len(alike) > 1
        refs = {"files": listed([f.ref for f in alike], language)} if each else {"file": alike[0].ref}
        if parts is not None:
            steps.append(TYPE.say(language, "board-parts-each" if each else "board-parts", count=pages,
                                  rows=parts[0], columns=parts[1], overlap=length(TILE_OVERLAP, language), **refs))
        else:
            steps.append(TYPE.say(language, "board-whole-each" if each else "board-whole", **refs))
    return steps


TYPE = ComponentType(
    name="board",
    doc="A board: one large page (an area map with map: areas, or a layout of its own; without a map, each item "
        "of the set's files is a board of its own), printed whole on a paper it fits or in parts that overlap, to "
        "tape together.",
    example="board: {type: board, size: a3, map: areas, settings: board/board.yaml, files: board/areas.yaml, "
            "items: areas, face: layouts/board.yaml}",
    options={
        "map": {"enum": ["areas"], "description": "For a board: what kind of map it is."},
        "settings": {"$ref": "common.schema.json#/$defs/relative-path",
                     "description": "For a board: the file of the map's settings."},
        "colours": {"type": "object", "additionalProperties": False, "required": ["from", "by"],
                    "properties": {"from": {"$ref": "common.schema.json#/$defs/id"},
                                   "by": {"type": "string", "minLength": 1}},
                    "description": "For an area map: each area takes the colours of the group of this set whose "
                                   "field `by` names it."},
        "markers": {"$ref": "common.schema.json#/$defs/id",
                    "description": "For an area map: the set of markers every area must hold."},
    },
    tabletopia="Game Board",
    deck=False,
    impose=impose_board,
    size="a3",
    ink_saver="none",
    whole=board_pages,
    assembly=assembly,
    words=WORDS,
    order=60,
)
