"""A large page (a board) on paper: whole where it fits, else in parts that overlap, with
ticks to line them up."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..scene import Definition, Group, Node, Page, Path, Rect, Style, Use, chain, scale, translate
from ..units import mm
from .paper import LABEL_ROOM, MIN_MARGIN, Paper
from .sheets import label_words, paper_label, sheet_label

if TYPE_CHECKING:
    from ..layout.fonts import FontMetrics


TILE_MARGIN = mm(10)  # alignment marks sit in it, clear of the 5 mm a printer may not reach
TILE_OVERLAP = mm(12)


@dataclass(frozen=True)
class Tile:
    """One sheet of a large page printed in pieces: which part of the page it shows."""

    row: int
    column: int
    x: float  # the part's top-left corner, in the large page's points
    y: float
    width: float
    height: float


def tile_grid(width: float, height: float, paper: Paper, margin: float = TILE_MARGIN,
              overlap: float = TILE_OVERLAP) -> list[Tile]:
    """Cut a width x height page into the fewest parts that fit `paper` (portrait) inside
    `margin`, neighbours overlapping by at least `overlap` so they can be taped together."""
    room_w, room_h = paper.width - 2 * margin, paper.height - 2 * margin

    def split(total: float, room: float) -> tuple[list[float], float]:
        """Where each part starts, and how long the parts are (as short as the overlap allows)."""
        count = 1
        while (total + (count - 1) * overlap) / count > room + 1e-6:
            count += 1
        part = (total + (count - 1) * overlap) / count
        return [i * (part - overlap) for i in range(count)], part

    xs, part_w = split(width, room_w)
    ys, part_h = split(height, room_h)
    return [Tile(r, c, x, y, part_w, part_h) for r, y in enumerate(ys) for c, x in enumerate(xs)]


def tile_scale(width: float, height: float, paper: Paper, margin: float = TILE_MARGIN,
               overlap: float = TILE_OVERLAP) -> float:
    """How much a page printed in parts grows to fill them: as large as the sheets it needs at
    its own size hold (never smaller), the parts still sharing `overlap` of the page itself."""
    tiles = tile_grid(width, height, paper, margin, overlap)
    columns, rows = max(t.column for t in tiles) + 1, max(t.row for t in tiles) + 1
    room_w, room_h = paper.width - 2 * margin, paper.height - 2 * margin
    return max(1.0, min(columns * room_w / (width + (columns - 1) * overlap),
                        rows * room_h / (height + (rows - 1) * overlap)))


def _tick(a: tuple[float, float], b: tuple[float, float]) -> list[Node]:
    return [Path((("M", *a), ("L", *b)), Style(stroke="#000000", stroke_width=0.5))]


def whole_page(page: Definition, paper: Paper, label: str, font: "FontMetrics | None" = None) -> Page:
    """A large page printed whole on one sheet of `paper`, turned the page's way: inside the
    5 mm no printer prints into and clear of the label in the bottom margin, scaled down as
    little as that takes (the label says by how much) and centred in the room left."""
    turned = (page.width > page.height) != paper.landscape
    width, height = (paper.height, paper.width) if turned else (paper.width, paper.height)
    # the sheet named without its way round: the board's own way up, whichever way the paper's sheets are
    paper = Paper(paper.name, paper.name.upper() if paper.name.startswith("a") else paper.label, width, height)
    room_w, room_h = paper.width - 2 * MIN_MARGIN, paper.height - MIN_MARGIN - LABEL_ROOM
    # (a page made for the room, A3 less its margins in mm, prints at its size: the papers' points are rounded)
    fits = page.width <= room_w + 0.01 and page.height <= room_h + 0.01
    grow = 1.0 if fits else min(1.0, room_w / page.width, room_h / page.height)
    left = (paper.width - page.width * grow) / 2
    top = MIN_MARGIN + (room_h - page.height * grow) / 2
    nodes: list[Node] = [Use(page.id, chain(scale(grow), translate(left, top)))]
    if label:
        shown = f"{label} · {paper.label}" + (f" · {round(grow * 100)} %" if grow < 1 else "")
        nodes += sheet_label(paper, shown, font)
    return Page(paper.width, paper.height, tuple(nodes), (page,))


def tiled_pages(page: Definition, paper: Paper, label: str, font: "FontMetrics | None" = None) -> list[Page]:
    """A large page printed over several sheets of `paper` (turned sideways when that takes
    fewer), scaled up to fill them, each labelled with its row and column. Alignment marks
    stand in the margins, outside the map: where two parts overlap, a tick on each sheet's
    edges at the middle of the overlap, the same place of the board on both, so that laying
    one sheet over the other with their ticks in line joins the parts exactly."""
    def plan(paper: Paper) -> tuple[float, list[Tile]]:
        grow = tile_scale(page.width, page.height, paper)
        return grow, tile_grid(page.width * grow, page.height * grow, paper, overlap=TILE_OVERLAP * grow)

    grow, tiles = plan(paper)
    # (turned, the sheet is named without its way round, as whole_page names it: an A3 sheet
    # stood upright is no longer "A3 landscape")
    turned = Paper(paper.name, paper.name.upper() if paper.name.startswith("a") else paper.label, paper.height,
                   paper.width)
    grow_turned, sideways = plan(turned)
    if len(sideways) < len(tiles) or (len(sideways) == len(tiles) and grow_turned > grow + 1e-9):
        paper, grow, tiles = turned, grow_turned, sideways
    rows = max(t.row for t in tiles) + 1
    columns = max(t.column for t in tiles) + 1
    # the middle of each overlap, across and down, in the grown page's points
    across = sorted({(n.x + t.x + t.width) / 2 for t in tiles for n in tiles
                     if n.row == t.row and n.column == t.column + 1})
    down = sorted({(n.y + t.y + t.height) / 2 for t in tiles for n in tiles
                   if n.column == t.column and n.row == t.row + 1})
    reach = TILE_MARGIN - MIN_MARGIN - mm(1.5)  # 1 mm off the map, out to 5.5 mm from the paper's edge
    pages = []
    for t in tiles:
        # each part is centred on its sheet
        left, top = (paper.width - t.width) / 2, (paper.height - t.height) / 2
        offset = chain(scale(grow), translate(left - t.x, top - t.y))
        window = Rect(left, top, t.width, t.height, Style())
        nodes: list[Node] = [Group((Use(page.id, offset),), clip=window)]
        for x in across:
            if t.x < x < t.x + t.width:
                px = x - t.x + left
                nodes += _tick((px, top - mm(1)), (px, top - mm(1) - reach))
                nodes += _tick((px, top + t.height + mm(1)), (px, top + t.height + mm(1) + reach))
        for y in down:
            if t.y < y < t.y + t.height:
                py = y - t.y + top
                nodes += _tick((left - mm(1), py), (left - mm(1) - reach, py))
                nodes += _tick((left + t.width + mm(1), py), (left + t.width + mm(1) + reach, py))
        nodes.append(Rect(left, top, t.width, t.height, Style(stroke="#9a9a9a", stroke_width=0.3)))
        if label:
            part = label_words(label, "sheet-part", row=t.row + 1, rows=rows, column=t.column + 1, columns=columns)
            nodes += sheet_label(paper, f"{label} · {part} · {paper_label(label, paper)} · {round(grow * 100)} % · "
                                        f"{label_words(label, 'sheet-tape')}", font)
        pages.append(Page(paper.width, paper.height, tuple(nodes), (page,), f"r{t.row + 1}c{t.column + 1}"))
    return pages
