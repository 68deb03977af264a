"""Boards: one large page, printed whole on a paper it fits or in overlapping parts to tape
together."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from .kind import ComponentType, Sheets

if TYPE_CHECKING:
    from ..fonts import FontMetrics
    from ..impose import Paper
    from ..scene import Definition, Page


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
    size="a3",
    ink_saver="none",
)
