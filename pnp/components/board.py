"""Boards: one large page, printed whole on a paper it fits or in overlapping parts to tape
together."""

from __future__ import annotations

from typing import Sequence

from ..impose import Paper, tiled_pages
from ..scene import single
from . import ComponentType, Sheets


def fits(width: float, height: float, paper: Paper) -> bool:
    return (width <= paper.width + 0.5 and height <= paper.height + 0.5) or \
        (width <= paper.height + 0.5 and height <= paper.width + 0.5)


def impose_board(sets: Sequence, paper: Paper, bleed: float, label: str, font: str | None) -> Sheets:
    pages = []
    for s in sets:
        if s.page is None:
            continue
        if fits(s.page.width, s.page.height, paper):
            pages.append(single(s.page))
        else:
            pages += tiled_pages(s.page, paper, label, font)
    return Sheets(pages, [])


TYPE = ComponentType(
    name="board",
    doc="A board: one large page (an area map with map: areas, or a layout of its own), printed whole on a paper "
        "it fits or in parts that overlap, to tape together.",
    example="board: {type: board, size: a3, map: areas, settings: board/board.yaml, files: board/areas.yaml, "
            "items: areas, face: layouts/board.yaml}",
    options=("map", "settings", "colours", "markers"),
    tabletopia="Game Board",
    deck=False,
    impose=impose_board,
)
