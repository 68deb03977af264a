"""Papers and the grid of like pieces on one: the margins nothing is printed in, and the
grid turned sideways when that holds more.

A sheet's label and its crop marks stay clear of every piece's colour at any bleed: the bleed
runs into the margins only as far as leaves the marks MARK_MIN outside it and the label's line
(LABEL_ROOM from the top and bottom edges) free. A grid never holds fewer pieces for a bleed
than for none with 1 mm gutters: where the paper lacks the room for the whole bleed asked, the
bleed it has is shared alike between the gutters and the grid's outer edges."""

from __future__ import annotations

from dataclasses import dataclass

from ..scene import Rect, Style
from ..units import mm


MIN_MARGIN = mm(5)  # nothing is printed nearer the paper's edge
MARK_OFFSET = mm(1)  # crop marks start this far outside the trim line
MARK_LENGTH = mm(5)
MARK_MIN = mm(2.5)  # the shortest crop mark: outside the bleed, 5 mm clear of the paper's edge
MARK_ROOM = MARK_OFFSET + MARK_MIN  # the least room outside a grid for marks that show
MIN_GUTTER = mm(1)  # between cards with bleed: half a millimetre of each card's own colour
LABEL_SIZE = 6.0  # points: a sheet's label
LABEL_BASELINE = mm(5.6)  # from the paper's bottom edge: the label's descenders stay 5 mm clear
LABEL_ROOM = mm(8)  # kept clear of colour at the bottom of a sheet (and the top: a landscape back's) for its label


Segment = tuple[tuple[float, float], tuple[float, float]]


class ImpositionError(ValueError):
    """The cards do not fit the paper."""


@dataclass(frozen=True)
class Paper:
    """A sheet of paper in the orientation things are printed on."""

    name: str
    label: str
    width: float
    height: float

    @property
    def landscape(self) -> bool:
        return self.width > self.height


PAPERS = {
    "a4": Paper("a4", "A4", 595.28, 841.89),
    "letter": Paper("letter", "US Letter", 612.0, 792.0),
    "a3": Paper("a3", "A3 landscape", 1190.55, 841.89),  # the original kit's sheets
}


@dataclass(frozen=True)
class Grid:
    """Where each cell's trim box is on the page, and how far its art may run past it."""

    paper: Paper
    columns: int
    rows: int
    card_width: float
    card_height: float
    gap_x: float
    gap_y: float
    left: float
    top: float
    bleed: float
    # the bleed at the grid's outer edges, left and right and top and bottom (None: as much of
    # `bleed` as the margin holds)
    outer_x: float | None = None
    outer_y: float | None = None

    @property
    def outer(self) -> tuple[float, float]:
        """How far the pieces' colour runs past the grid's outer trim lines, across and down."""
        x = min(self.bleed, self.left) if self.outer_x is None else self.outer_x
        y = min(self.bleed, self.top) if self.outer_y is None else self.outer_y
        return x, y

    def cell(self, column: int, row: int) -> tuple[float, float]:
        """Top-left corner of the trim box of a cell."""
        return (self.left + column * (self.card_width + self.gap_x),
                self.top + row * (self.card_height + self.gap_y))

    def clip(self, column: int, row: int) -> Rect:
        """The area a cell's card may paint: its bleed, shared fairly with its neighbours."""
        x, y = self.cell(column, row)
        b = self.bleed
        # outer edges: the bleed runs into the margin as far as the marks and label leave it
        # (never off the paper); inner edges: half the gap
        outer_x, outer_y = self.outer
        left = outer_x if column == 0 else min(b, self.gap_x / 2)
        right = outer_x if column == self.columns - 1 else min(b, self.gap_x / 2)
        top = outer_y if row == 0 else min(b, self.gap_y / 2)
        bottom = outer_y if row == self.rows - 1 else min(b, self.gap_y / 2)
        x0, y0 = max(0.0, x - left), max(0.0, y - top)  # never past the paper, not even by rounding
        x1 = min(self.paper.width, x + self.card_width + right)
        y1 = min(self.paper.height, y + self.card_height + bottom)
        return Rect(x0, y0, x1 - x0, y1 - y0, Style())

    @property
    def per_page(self) -> int:
        return self.columns * self.rows


def marked_margin(bleed: float, keep: float = 0.0) -> float:
    """The least margin outside pieces whose colour runs `bleed` past their trim: the crop marks
    start outside the bleed (at least MARK_OFFSET from the trim) and are at least MARK_MIN long,
    5 mm clear of the paper's edge; with `keep`, the colour stops that far from the edge too."""
    return max(MIN_MARGIN + MARK_MIN + max(MARK_OFFSET, bleed), keep + bleed)


def spread(length: float, size: float, count: int, bleed: float, keep: float = 0.0) -> tuple[float, float]:
    """Along one side of the paper: the gutter between `count` pieces of `size` and the bleed at
    their outer edges. The bleed asked, in gutters twice as wide (at least MIN_GUTTER), where the
    paper has the room for it and for the marks outside it (marked_margin, with `keep`); else the
    gutters as wide as the least margins leave room for and the outer bleed what the margins
    then hold, unless that is less than the gutters': then the most bleed there is room for,
    alike in the gutters (half of each) and at the outer edges. The count fits with 1 mm
    gutters and no bleed (as the grid counts it), so some bleed always fits."""
    spare = length - count * size

    def fits(e: float) -> bool:
        gap = max(2 * e, MIN_GUTTER) if count > 1 else 0.0
        return (count - 1) * gap + 2 * marked_margin(e, keep) <= spare + 1e-6

    if bleed <= 0:
        return 0.0, 0.0
    if fits(bleed):
        return (max(2 * bleed, MIN_GUTTER) if count > 1 else 0.0), bleed
    # the gutters first, as wide as the room outside the least margin allows, the outer bleed
    # what the margin left holds; unless that gives the outer edges less than the gutters
    least = MIN_MARGIN + MARK_MIN + MARK_OFFSET
    gap = min(max(2 * bleed, MIN_GUTTER), (spare - 2 * least) / (count - 1)) if count > 1 else 0.0
    outer = min(bleed, (spare - (count - 1) * gap) / 2 - max(keep, MIN_MARGIN + MARK_MIN))
    if count == 1 or outer >= min(bleed, gap / 2) - 1e-9:
        return gap, outer
    # what fits is the most e for which one of the linear pieces of the room taken, gutters
    # (2e or MIN_GUTTER each) and margins (MIN_MARGIN + MARK_MIN + MARK_OFFSET, or + e, or
    # keep + e), meets the spare room exactly
    found = [0.0]
    for slope_gap, fixed_gap in ((2 * (count - 1), 0.0), (0.0, MIN_GUTTER * (count - 1))):
        for slope_margin, fixed_margin in ((0.0, 2 * (MIN_MARGIN + MARK_MIN + MARK_OFFSET)),
                                           (2.0, 2 * (MIN_MARGIN + MARK_MIN)), (2.0, 2 * keep)):
            if slope_gap + slope_margin:
                e = (spare - fixed_gap - fixed_margin) / (slope_gap + slope_margin)
                if 0 < e < bleed and fits(e):
                    found.append(e)
    outer = max(found)
    return (max(2 * outer, MIN_GUTTER) if count > 1 else 0.0), outer


def _grid_on(paper: Paper, card_width: float, card_height: float, bleed: float, margin: float) -> Grid | None:
    """As many cards as fit inside `margin`, in a centred grid, with gutters of at least
    MIN_GUTTER when they bleed; None if not one fits. With room for crop marks, the gutters and
    the bleed at the outer edges as `spread` shares them (LABEL_ROOM kept at the top and bottom)."""
    def count(room: float, size: float) -> int:
        n = int((room + 1e-6) // size)
        while n > 1 and bleed and room - n * size < (n - 1) * MIN_GUTTER - 1e-6:
            n -= 1
        return n

    cols = count(paper.width - 2 * margin, card_width)
    rows = count(paper.height - 2 * margin, card_height)
    if cols < 1 or rows < 1:
        return None
    outer_x = outer_y = None
    if margin >= MIN_MARGIN + MARK_ROOM:
        gap_x, outer_x = spread(paper.width, card_width, cols, bleed)
        gap_y, outer_y = spread(paper.height, card_height, rows, bleed, LABEL_ROOM)
    else:  # a piece too large for crop marks: the bleed in what the 5 mm margins leave
        spare_x = paper.width - 2 * margin - cols * card_width
        spare_y = paper.height - 2 * margin - rows * card_height
        gap_x = min(max(2 * bleed, MIN_GUTTER), spare_x / (cols - 1)) if cols > 1 and bleed else 0.0
        gap_y = min(max(2 * bleed, MIN_GUTTER), spare_y / (rows - 1)) if rows > 1 and bleed else 0.0
    used_x = cols * card_width + (cols - 1) * gap_x
    used_y = rows * card_height + (rows - 1) * gap_y
    return Grid(paper, cols, rows, card_width, card_height, gap_x, gap_y,
                (paper.width - used_x) / 2, (paper.height - used_y) / 2, bleed, outer_x, outer_y)


def make_grid(paper: Paper, card_width: float, card_height: float, bleed: float = 0.0) -> Grid:
    """As many cards as fit the paper with room for crop marks (or, for a piece too large
    for that, inside 5 mm margins), in a centred grid; on the paper turned sideways when that
    holds more."""
    turned = Paper(paper.name, paper.label, paper.height, paper.width)
    for margin in (MIN_MARGIN + MARK_ROOM, MIN_MARGIN):
        grids = [g for g in (_grid_on(paper, card_width, card_height, bleed, margin),
                             _grid_on(turned, card_width, card_height, bleed, margin)) if g is not None]
        if grids:
            return max(grids, key=lambda g: g.per_page)  # the paper as it is on a tie
    raise ImpositionError(f"cards of this size do not fit {paper.label} with 5 mm margins")
