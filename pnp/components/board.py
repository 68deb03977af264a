"""Boards: one large page, printed whole on a paper it fits or in overlapping parts to tape
together."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from dataclasses import replace

from ..impose import Paper, sheet_label, tiled_pages
from ..scene import single
from . import ComponentType, Sheets

if TYPE_CHECKING:
    from ..fonts import FontMetrics
    from ..scene import Definition, Page


def fits(width: float, height: float, paper: Paper) -> bool:
    return (width <= paper.width + 0.5 and height <= paper.height + 0.5) or \
        (width <= paper.height + 0.5 and height <= paper.width + 0.5)


def board_pages(page: "Definition", paper: Paper, label: str, font: "FontMetrics | None") -> list["Page"]:
    """A board on `paper`: whole if it fits (labelled in its bottom margin), else in parts
    that overlap."""
    if fits(page.width, page.height, paper):
        whole = single(page)
        if not label or font is None:
            return [whole]
        sheet = Paper(paper.name, paper.name.upper() if paper.name.startswith("a") else paper.label,
                      whole.width, whole.height)  # the board's own way up, whichever way the paper's sheets are
        return [replace(whole, children=whole.children + tuple(sheet_label(sheet, f"{label} · {sheet.label}", font)))]
    return tiled_pages(page, paper, label, font)


def impose_board(sets: Sequence, paper: Paper, bleed: float, label: str, font: "FontMetrics | None") -> Sheets:
    return Sheets([page for s in sets for board in s.boards for page in board_pages(board.page, paper, label, font)],
                  [])


TYPE = ComponentType(
    name="board",
    doc="A board: one large page (an area map with map: areas, or a layout of its own; without a map, each item "
        "of the set's files is a board of its own), printed whole on a paper it fits or in parts that overlap, to "
        "tape together.",
    example="board: {type: board, size: a3, map: areas, settings: board/board.yaml, files: board/areas.yaml, "
            "items: areas, face: layouts/board.yaml}",
    options=("map", "settings", "colours", "markers"),
    tabletopia="Game Board",
    deck=False,
    impose=impose_board,
)
