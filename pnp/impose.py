"""Imposition: lay card-sized definitions out on printable sheets, with crop marks.

Nothing is printed within 5 mm of the paper's edge, where many printers cannot print. Cards
sit in a grid centred on the page with room outside it for crop marks between 5 mm and
8.5 mm from the edge; the sheet is turned sideways when that holds more cards. Without bleed
cards touch, so one straight cut serves two; with bleed (the default) they are spread apart
by a gutter of at least 1 mm, each card's background running past its trim line into it, so
a cut half a millimetre off shows the card's own colour, never its neighbour's. Backs are
laid out mirrored, so each lands behind its front when the sheet is turned over on its long
edge. Every sheet, front or back, says what it holds in its bottom margin: the component,
which side, page n of m and the paper.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Sequence

from .scene import Definition, Group, Node, Page, Path, Rect, Style, Text, Use, chain, scale, translate
from .units import mm

if TYPE_CHECKING:
    from .fonts import FontMetrics

MIN_MARGIN = mm(5)  # nothing is printed nearer the paper's edge
MARK_OFFSET = mm(1)  # crop marks start this far outside the trim line
MARK_LENGTH = mm(5)
MARK_ROOM = MARK_OFFSET + mm(2.5)  # the least room outside a grid for marks that show
MIN_GUTTER = mm(1)  # between cards with bleed: half a millimetre of each card's own colour
LABEL_SIZE = 6.0  # points: a sheet's label
LABEL_BASELINE = mm(5.6)  # from the paper's bottom edge: the label's descenders stay 5 mm clear
LABEL_ROOM = mm(8)  # kept clear at the bottom of a sheet of packed pieces for its label


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

    def cell(self, column: int, row: int) -> tuple[float, float]:
        """Top-left corner of the trim box of a cell."""
        return (self.left + column * (self.card_width + self.gap_x),
                self.top + row * (self.card_height + self.gap_y))

    def clip(self, column: int, row: int) -> Rect:
        """The area a cell's card may paint: its bleed, shared fairly with its neighbours."""
        x, y = self.cell(column, row)
        b = self.bleed
        # outer edges: the bleed runs into the margin (never off the paper); inner edges: half the gap
        left = min(b, self.left) if column == 0 else min(b, self.gap_x / 2)
        right = min(b, self.left) if column == self.columns - 1 else min(b, self.gap_x / 2)
        top = min(b, self.top) if row == 0 else min(b, self.gap_y / 2)
        bottom = min(b, self.top) if row == self.rows - 1 else min(b, self.gap_y / 2)
        x0, y0 = max(0.0, x - left), max(0.0, y - top)  # never past the paper, not even by rounding
        x1 = min(self.paper.width, x + self.card_width + right)
        y1 = min(self.paper.height, y + self.card_height + bottom)
        return Rect(x0, y0, x1 - x0, y1 - y0, Style())

    @property
    def per_page(self) -> int:
        return self.columns * self.rows


def _grid_on(paper: Paper, card_width: float, card_height: float, bleed: float, margin: float) -> Grid | None:
    """As many cards as fit inside `margin`, in a centred grid, with gutters of at least
    MIN_GUTTER when they bleed; None if not one fits."""
    def count(room: float, size: float) -> int:
        n = int((room + 1e-6) // size)
        while n > 1 and bleed and room - n * size < (n - 1) * MIN_GUTTER - 1e-6:
            n -= 1
        return n

    cols = count(paper.width - 2 * margin, card_width)
    rows = count(paper.height - 2 * margin, card_height)
    if cols < 1 or rows < 1:
        return None
    spare_x = paper.width - 2 * margin - cols * card_width
    spare_y = paper.height - 2 * margin - rows * card_height
    gap_x = min(max(2 * bleed, MIN_GUTTER), spare_x / (cols - 1)) if cols > 1 and bleed else 0.0
    gap_y = min(max(2 * bleed, MIN_GUTTER), spare_y / (rows - 1)) if rows > 1 and bleed else 0.0
    used_x = cols * card_width + (cols - 1) * gap_x
    used_y = rows * card_height + (rows - 1) * gap_y
    return Grid(paper, cols, rows, card_width, card_height, gap_x, gap_y,
                (paper.width - used_x) / 2, (paper.height - used_y) / 2, bleed)


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


def crop_mark_lines(grid: Grid, cells: Sequence[tuple[int, int]] | None = None) -> list[Segment]:
    """The crop marks: short lines in the margins, in line with every trim edge of the used
    cells (all of the grid's when not given): no marks for empty slots."""
    paper = grid.paper
    if cells is None:
        cells = [(c, r) for r in range(grid.rows) for c in range(grid.columns)]
    columns = sorted({c for c, _ in cells})
    rows = sorted({r for _, r in cells})
    xs = sorted({round(x, 4) for c in columns for x in
                 (grid.cell(c, 0)[0], grid.cell(c, 0)[0] + grid.card_width)})
    ys = sorted({round(y, 4) for r in rows for y in
                 (grid.cell(0, r)[1], grid.cell(0, r)[1] + grid.card_height)})
    top, bottom = ys[0], ys[-1]
    left, right = xs[0], xs[-1]
    lines = []

    def mark(a: tuple[float, float], towards: tuple[float, float], room: float) -> None:
        """A mark from `a` (MARK_OFFSET outside the grid) outwards, stopping 5 mm from the edge."""
        length = min(MARK_LENGTH, room - MARK_OFFSET - MIN_MARGIN)
        if length >= mm(1):  # too short to see: leave it out
            lines.append((a, (a[0] + towards[0] * length, a[1] + towards[1] * length)))

    for x in xs:
        mark((x, top - MARK_OFFSET), (0, -1), top)
        mark((x, bottom + MARK_OFFSET), (0, 1), paper.height - bottom)
    for y in ys:
        mark((left - MARK_OFFSET, y), (-1, 0), left)
        mark((right + MARK_OFFSET, y), (1, 0), paper.width - right)
    return lines


def _crop_marks(lines: Sequence[Segment]) -> list[Node]:
    """Crop marks as thin black lines over a white halo, so they show over a bleed too: one
    path of every halo, then one of every line."""
    if not lines:
        return []
    segments = _segments(lines)
    return [Path(segments, Style(stroke="#ffffff", stroke_width=1.2)),
            Path(segments, Style(stroke="#000000", stroke_width=0.3))]


def _segments(lines: Sequence[Segment]) -> tuple:
    """Separate straight lines as one path's commands."""
    return tuple(c for a, b in lines for c in (("M", *a), ("L", *b)))


def each_once(edges: Sequence[Segment]) -> list[Segment]:
    """The edges in order, each once: an edge two neighbours share (drawn either way) is one line."""
    seen: dict[tuple, Segment] = {}
    for a, b in edges:
        key = tuple(sorted(((round(a[0], 2), round(a[1], 2)), (round(b[0], 2), round(b[1], 2)))))
        seen.setdefault(key, (a, b))
    return list(seen.values())


def grid_cut_lines(grid: Grid, cells: Sequence[tuple[int, int]]) -> list[Segment]:
    """The trim edges of the given cells, each once: an edge two neighbours share is one line."""
    edges = []
    for column, row in cells:
        x, y = grid.cell(column, row)
        a, b, c, d = (x, y), (x + grid.card_width, y), (x + grid.card_width, y + grid.card_height), (x, y + grid.card_height)
        edges += [(a, b), (b, c), (d, c), (a, d)]
    return each_once(edges)


def _cut_paths(segments: Sequence[Segment]) -> list[Node]:
    """Cut lines: thin black lines with round ends."""
    return [Path(_segments(segments), Style(stroke="#000000", stroke_width=0.35, line_cap="round"))] if segments else []


def sheet_label(paper: Paper, text: str, font: "FontMetrics | None", marks: Sequence[Segment] = ()) -> list[Node]:
    """A sheet's label in its bottom margin, its descenders 5 mm clear of the edge: centred on
    the page, or in the widest stretch between the crop marks there when they are in the way;
    shrunk to fit that stretch."""
    if font is None or not text:
        return []
    baseline = paper.height - LABEL_BASELINE
    near = sorted(a[0] for a, b in marks if a[0] == b[0] and max(a[1], b[1]) > baseline - mm(3))
    clear = mm(1.5)
    stops = [MIN_MARGIN - clear] + near + [paper.width - MIN_MARGIN + clear]
    stretches = [(a + clear, b - clear) for a, b in zip(stops, stops[1:]) if b - a > 2 * clear]
    centre = paper.width / 2
    width = font.width(text, LABEL_SIZE)
    around = [(a, b) for a, b in stretches if a <= centre - width / 2 and centre + width / 2 <= b]
    if around:
        return [Text(centre, baseline, text, font.name, LABEL_SIZE, "#5f5f5f", "middle")]
    a, b = max(stretches, key=lambda ab: ab[1] - ab[0])
    size = max(min(LABEL_SIZE, LABEL_SIZE * (b - a) / width), 3.5)
    return [Text((a + b) / 2, baseline, text, font.name, size, "#5f5f5f", "middle")]


def _unique(definitions: Sequence[Definition]) -> tuple[Definition, ...]:
    return tuple({d.id: d for d in definitions}.values())


def _place(grid: Grid, definition: Definition, column: int, row: int) -> Group:
    x, y = grid.cell(column, row)
    return Group((Use(definition.id, translate(x, y)),), clip=_clip(grid, column, row))


@lru_cache(maxsize=256)
def _clip(grid: Grid, column: int, row: int) -> Rect:
    return grid.clip(column, row)


@lru_cache(maxsize=64)
def _sheet_lines(grid: Grid, cells: tuple[tuple[int, int], ...], cuts: bool) -> tuple[list[Segment], tuple[Node, ...]]:
    """A sheet's crop marks (and with `cuts`, its cut lines first) for the used cells: the
    same nodes on every sheet of a grid filled alike (scene nodes are never changed), so a
    deck's hundreds of sheets hold one set of them."""
    nodes = _cut_paths(grid_cut_lines(grid, cells)) if cuts else []
    marks = crop_mark_lines(grid, cells)
    return marks, tuple(nodes + _crop_marks(marks))


def front_sheets(cards: Sequence[Definition], grid: Grid, label: str = "", font: "FontMetrics | None" = None,
                 cuts: bool = False) -> list[Page]:
    """Pages of card faces in reading order, with crop marks and the sheet's label in the
    margin; with `cuts`, a line on every trim edge too (small pieces cut along the lines)."""
    pages = []
    total = (len(cards) + grid.per_page - 1) // grid.per_page
    for number, start in enumerate(range(0, len(cards), grid.per_page), start=1):
        chunk = cards[start:start + grid.per_page]
        nodes: list[Node] = []
        for i, card in enumerate(chunk):
            nodes.append(_place(grid, card, i % grid.columns, i // grid.columns))
        marks, lines = _sheet_lines(grid, tuple((i % grid.columns, i // grid.columns) for i in range(len(chunk))),
                                    cuts)
        nodes += lines
        nodes += sheet_label(grid.paper, _label_text(label, "fronts", number, total, grid.paper), font, marks)
        pages.append(Page(grid.paper.width, grid.paper.height, tuple(nodes), _unique(chunk),
                          f"{number:02d}"))
    return pages


class SheetLabel(str):
    """A print file's label (the game and its sets), knowing the language of the words pnp
    adds to it on each sheet."""

    language: str

    def __new__(cls, text: str, language: str = "en") -> "SheetLabel":
        made = super().__new__(cls, text)
        made.language = language
        return made


def _words(label: str, key: str, **values: object) -> str:
    from .words import word

    return word(getattr(label, "language", "en"), key).format(**values)


def paper_label(label: str, paper: Paper) -> str:
    """The paper's name in the label's language (A3 sheets are turned: "A3 landscape")."""
    from .words import WORDS

    key = f"paper-{paper.name}"
    return _words(label, key) if key in WORDS["en"] and paper.label == PAPERS[paper.name].label else paper.label


def _label_text(label: str, side: str, number: int, total: int, paper: Paper, extra: str = "") -> str:
    if not label:
        return ""
    back = f" · {_words(label, 'sheet-behind', n=number)}" if side == "backs" else ""
    return (f"{label} · {_words(label, f'sheet-{side}')} · {_words(label, 'sheet-page', n=number, total=total)} · "
            f"{paper_label(label, paper)}{back}{extra}")


def behind(paper: Paper, x: float, y: float, width: float = 0.0, height: float = 0.0) -> tuple[float, float]:
    """Where a box (or a point) of a sheet's front lands on its back, top-left corner, after a
    long-edge flip: mirrored left-right on a portrait sheet, top-bottom on a landscape one."""
    if paper.landscape:
        return x, paper.height - y - height
    return paper.width - x - width, y


def mirrored_cell(grid: Grid, index: int) -> tuple[int, int]:
    """The cell a back goes in so it lands behind front number `index` after a long-edge flip.

    A portrait sheet flips left-right (columns reverse); a landscape sheet flips top-bottom
    (rows reverse)."""
    cols, rows = grid.columns, grid.rows
    column, row = index % cols, index // cols
    if grid.paper.landscape:
        return column, rows - 1 - row
    return cols - 1 - column, row


def back_sheets(backs: Sequence[Definition], grid: Grid, cuts: bool = False, label: str = "",
                font: "FontMetrics | None" = None) -> list[Page]:
    """Pages of backs, one per front page, each back mirrored behind its front (with `cuts`,
    the fronts' cut lines seen from behind), labelled like the fronts."""
    pages = []
    total = (len(backs) + grid.per_page - 1) // grid.per_page
    for number, start in enumerate(range(0, len(backs), grid.per_page), start=1):
        chunk = backs[start:start + grid.per_page]
        nodes: list[Node] = [_place(grid, back, *mirrored_cell(grid, i)) for i, back in enumerate(chunk)
                             if back is not None]  # a piece without a back leaves its cell blank
        marks, lines = _sheet_lines(grid, tuple(mirrored_cell(grid, i) for i in range(len(chunk))), cuts)
        nodes += lines
        nodes += sheet_label(grid.paper, _label_text(label, "backs", number, total, grid.paper), font, marks)
        pages.append(Page(grid.paper.width, grid.paper.height, tuple(nodes), _unique([b for b in chunk if b]),
                          f"{number:02d}"))
    return pages


def interleave(fronts: Sequence[Page], backs: Sequence[Page]) -> list[Page]:
    """Front, back, front, back: one PDF for a printer that prints both sides."""
    pages: list[Page] = []
    for front, back in zip(fronts, backs):
        pages += [front, back]
    return pages


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
    grow = min(1.0, room_w / page.width, room_h / page.height)
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
    turned = Paper(paper.name, paper.label, paper.height, paper.width)
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
            part = _words(label, "sheet-part", row=t.row + 1, rows=rows, column=t.column + 1, columns=columns)
            nodes += sheet_label(paper, f"{label} · {part} · {paper_label(label, paper)} · {round(grow * 100)} % · "
                                        f"{_words(label, 'sheet-tape')}", font)
        pages.append(Page(paper.width, paper.height, tuple(nodes), (page,), f"r{t.row + 1}c{t.column + 1}"))
    return pages


# --- round tokens ---------------------------------------------------------------------------

TOKEN_GAP = mm(3)


@dataclass(frozen=True)
class Placed:
    """A piece on a sheet: its definition and its bounding box's top-left corner."""

    definition: Definition
    x: float
    y: float


def pack_tokens(tokens: Sequence[tuple[str, Definition]], paper: Paper, gap: float = TOKEN_GAP) -> list[list[Placed]]:
    """Pack round (or square) tokens on sheets, `gap` apart so each can be cut out, at least
    5 mm from the sides with room at the top and bottom for the sheet's label.

    Tokens come as (key, definition): the tokens of one key (a player's large token and the
    small ones drawn from the same item) share a band of their own, as tall as the largest
    of them, with the smaller ones stacked in columns beside it; a key's band continues on
    the next band when full. Keys with a single token share bands, in order."""
    left, top = MIN_MARGIN + gap / 2, LABEL_ROOM + gap / 2  # (a landscape sheet's backs turn top to bottom)
    right, bottom = paper.width - left, paper.height - top
    counts: dict[str, int] = {}
    for key, _ in tokens:
        counts[key] = counts.get(key, 0) + 1
    groups: dict[str, list[Definition]] = {}
    for key, token in tokens:
        d = token.width
        if d > right - left or d > bottom - top:
            raise ImpositionError(f"a token {d / mm(1):.0f} mm across does not fit {paper.label}")
        groups.setdefault(key if counts[key] > 1 else "", []).append(token)
    pages: list[list[Placed]] = [[]]
    y = top
    for group in groups.values():
        waiting = sorted(group, key=lambda t: -t.width)  # the largest first (a stable sort keeps the order)
        while waiting:
            band = waiting[0].width
            if y + band > bottom + 1e-6:  # next sheet
                pages.append([])
                y = top
            x = left
            while waiting and x + waiting[0].width <= right + 1e-6:
                d = waiting[0].width
                per_column = max(1, int((band + gap + 1e-6) // (d + gap)))
                column = waiting[:per_column]
                del waiting[:per_column]
                used = len(column) * d + (len(column) - 1) * gap
                for i, token in enumerate(column):
                    pages[-1].append(Placed(token, x, y + (band - used) / 2 + i * (d + gap)))
                x += d + gap
            y += band + gap
    return [page for page in pages if page]


def _cut(x: float, y: float, d: float, round_: bool = True) -> Node:
    """A thin cut line on a token's edge: a circle, or a square."""
    from .scene import Circle
    if not round_:
        return Rect(x, y, d, d, Style(stroke="#000000", stroke_width=0.35))
    return Circle(x + d / 2, y + d / 2, d / 2, Style(stroke="#000000", stroke_width=0.35))


def token_sheets(pages: Sequence[Sequence[Placed]], paper: Paper, round_: bool = True, label: str = "",
                 font: "FontMetrics | None" = None) -> list[Page]:
    """Fronts: each token with a thin cut line on its edge. A round token's drawing is cut to
    its circle grown by the bleed (shape_cut, with_bleed), a square one's background runs
    past its edge as a card's does: either way its colour runs past the cut line."""
    out = []
    for number, placed in enumerate(pages, start=1):
        nodes: list[Node] = []
        for p in placed:
            nodes.append(Use(p.definition.id, translate(p.x, p.y)))
            nodes.append(_cut(p.x, p.y, p.definition.width, round_))
        nodes += sheet_label(paper, _label_text(label, "fronts", number, len(pages), paper), font)
        out.append(Page(paper.width, paper.height, tuple(nodes), _unique([p.definition for p in placed]),
                        f"{number:02d}"))
    return out


def token_back_sheets(pages: Sequence[Sequence[Placed]], backs: dict[str, Definition], paper: Paper,
                      round_: bool = True, label: str = "", font: "FontMetrics | None" = None) -> list[Page]:
    """Backs, mirrored so each lands behind its front after a long-edge flip."""
    out = []
    for number, placed in enumerate(pages, start=1):
        nodes: list[Node] = []
        used = []
        for p in placed:
            back = backs[p.definition.id]
            d = p.definition.width
            x, y = behind(paper, p.x, p.y, d, d)
            nodes.append(Use(back.id, translate(x, y)))
            nodes.append(_cut(x, y, d, round_))
            used.append(back)
        nodes += sheet_label(paper, _label_text(label, "backs", number, len(pages), paper), font)
        out.append(Page(paper.width, paper.height, tuple(nodes), _unique(used), f"{number:02d}"))
    return out


# --- hex tiles ------------------------------------------------------------------------------

def pack_hexes(tiles: Sequence[Definition], paper: Paper, bleed: float = 0.0) -> list[list[Placed]]:
    """Hex tiles in columns (flat) or rows (pointy) of a honeycomb centred on each sheet,
    every other one offset by half a tile, at least 5 mm from the edges. Without bleed
    neighbours share their edges, so one cut serves two tiles; with bleed they are spread
    apart by twice the bleed. The tiles are of one size."""
    if not tiles:
        return []
    from .hexes import SQRT3

    width, height = tiles[0].width, tiles[0].height
    flat = width >= height
    # work as if flat-topped on a paper turned over its diagonal, then turn back
    across = (height if flat else width) + 2 * bleed  # the cell: the tile and its bleed
    long_side = across * 2 / SQRT3
    # 5 mm from the sides, and room at the top and bottom for the sheet's label (a landscape
    # sheet's backs turn top to bottom)
    room_x = (paper.width - 2 * MIN_MARGIN) if flat else (paper.height - 2 * LABEL_ROOM)
    room_y = (paper.height - 2 * LABEL_ROOM) if flat else (paper.width - 2 * MIN_MARGIN)
    step_x = long_side * 0.75
    columns = int((room_x - long_side + 1e-6) // step_x) + 1 if room_x >= long_side else 0
    rows = int((room_y - across / 2 * (columns > 1) + 1e-6) // across)
    if columns < 1 or rows < 1:
        raise ImpositionError(f"a hex tile {min(width, height) / mm(1):.0f} mm across does not fit {paper.label}")
    used_x = long_side + (columns - 1) * step_x
    used_y = rows * across + (across / 2 if columns > 1 else 0.0)
    left = ((paper.width if flat else paper.height) - used_x) / 2
    top = ((paper.height if flat else paper.width) - used_y) / 2
    cells = [(left + c * step_x + long_side / 2, top + r * across + (across / 2 if c % 2 else 0.0) + across / 2)
             for r in range(rows) for c in range(columns)]
    cells.sort(key=lambda p: (round(p[1], 3), p[0]))  # reading order: top to bottom, left to right
    pages: list[list[Placed]] = []
    for start in range(0, len(tiles), len(cells)):
        placed = []
        for tile, (cx, cy) in zip(tiles[start:start + len(cells)], cells):
            if not flat:
                cx, cy = cy, cx
            placed.append(Placed(tile, cx - width / 2, cy - height / 2))
        pages.append(placed)
    return pages


def hex_cut_lines(placed: Sequence[Placed]) -> list[Segment]:
    """Every edge of the placed hex tiles once: an edge two neighbours share is one line."""
    from .hexes import corners, orientation_of

    edges = []
    for p in placed:
        w, h = p.definition.width, p.definition.height
        points = corners(p.x + w / 2, p.y + h / 2, min(w, h), orientation_of(w, h))
        edges += list(zip(points, points[1:] + points[:1]))
    return each_once(edges)


def _hex_page(placed: Sequence[Placed], paper: Paper, number: int, text: str, font: "FontMetrics | None") -> Page:
    nodes: list[Node] = [Use(p.definition.id, translate(p.x, p.y)) for p in placed]
    nodes += _cut_paths(hex_cut_lines(placed))
    nodes += sheet_label(paper, text, font)
    return Page(paper.width, paper.height, tuple(nodes), _unique([p.definition for p in placed]), f"{number:02d}")


def hex_sheets(pages: Sequence[Sequence[Placed]], paper: Paper, label: str = "",
               font: "FontMetrics | None" = None) -> list[Page]:
    """Fronts: the tiles and their cut lines, each shared edge drawn once."""
    return [_hex_page(placed, paper, n, _label_text(label, "fronts", n, len(pages), paper,
                                                                  f" · {_words(label, 'sheet-cut-lines')}"),
                      font) for n, placed in enumerate(pages, start=1)]


def hex_back_sheets(pages: Sequence[Sequence[Placed]], backs: Sequence[Sequence[Definition]],
                    paper: Paper, label: str = "", font: "FontMetrics | None" = None) -> list[Page]:
    """Backs, each behind its front after a long-edge flip (mirrored left-right on a portrait
    sheet, top-bottom on a landscape one), with the same cut lines seen from behind."""
    out = []
    for number, (placed, chunk) in enumerate(zip(pages, backs), start=1):
        mirrored = []
        for p, back in zip(placed, chunk):
            mirrored.append(Placed(back, *behind(paper, p.x, p.y, p.definition.width, p.definition.height)))
        text = _label_text(label, "backs", number, len(pages), paper)
        out.append(_hex_page(mirrored, paper, number, text, font))
    return out


# --- the duplex test page -------------------------------------------------------------------

def _scale(cx: float, cy: float, horizontal: bool, sign: int, font: "FontMetrics") -> list[Node]:
    """A ruler centred on (cx, cy) from -6 to +6 mm: ticks every half millimetre, longer at
    whole ones, numbered every two with `sign` times the offset (the correction to give):
    across a horizontal ruler, alternately above and below it; beside a vertical one."""
    ink = Style(stroke="#000000", stroke_width=0.35)
    nodes: list[Node] = []
    reach = mm(6)
    line = ((cx - reach, cy), (cx + reach, cy)) if horizontal else ((cx, cy - reach), (cx, cy + reach))
    nodes.append(Path((("M", *line[0]), ("L", *line[1])), ink))
    for step in range(-12, 13):
        offset = step * mm(0.5)
        length = mm(1.6) if step % 2 == 0 else mm(0.9)
        if horizontal:
            nodes.append(Path((("M", cx + offset, cy - length), ("L", cx + offset, cy + length)), ink))
        else:
            nodes.append(Path((("M", cx - length, cy + offset), ("L", cx + length, cy + offset)), ink))
        if step % 4 == 0:
            value = f"{sign * step // 2:+d}".replace("-", "−") if step else "0"
            if horizontal:
                below = step % 8 == 0
                nodes.append(Text(cx + offset, cy + (mm(4.2) if below else -mm(2.4)), value, font.name, 5.5,
                                  "#000000", "middle"))
            else:
                nodes.append(Text(cx + mm(2.4), cy + offset + mm(0.7), value, font.name, 5.5, "#000000"))
    return nodes


def _wrapped(text: str, font: "FontMetrics", size: float, width: float) -> list[str]:
    """The text in lines no wider than `width`, broken at spaces."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and font.width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def duplex_test(paper: Paper, title: str, font: "FontMetrics", language: str = "en") -> tuple[Page, Page]:
    """A sheet that measures how far a printer's backs drift from its fronts. The front holds
    five targets, each a pair of millimetre scales; the back, printed as the backs will be (a
    long-edge flip), a bold cross behind each. Held against the light, each of the back's
    lines crosses a scale at a number: the correction to print the backs with (`--back-shift
    X,Y`, in mm), the scales' numbers already turned for the flip."""
    w, h = paper.width, paper.height
    inset = mm(40)
    targets = [(w / 2, h / 2), (inset, inset), (w - inset, inset), (inset, h - inset), (w - inset, h - inset)]
    sx, sy = (-1, 1) if paper.landscape else (1, -1)
    front: list[Node] = []
    apart = mm(12)  # the rulers apart, so that their numbers do not meet
    for x, y in targets:
        front += _scale(x, y - apart, True, sx, font) + _scale(x - apart, y, False, sy, font)
    label = SheetLabel(title, language)
    test, paper_name = _words(label, "duplex-title"), paper_label(label, paper)
    lines = [f"{title} · {test} · {paper_name}", *(_words(label, f"duplex-{i}") for i in range(1, 5))]
    y = mm(12)
    room = w - 2 * (inset + apart + mm(8))  # between the corner targets' rulers
    for i, line in enumerate(lines):
        size = 9.0 if i == 0 else 7.0
        for part in _wrapped(line, font, size, room) if i else [line]:
            front.append(Text(w / 2, y, part, font.name, size, "#000000", "middle"))
            y += mm(4.2 if i == 0 else 3.4)
    front += sheet_label(paper, f"{title} · {test} · {_words(label, 'duplex-front')} · {paper_name}", font)
    back: list[Node] = []
    bold = Style(stroke="#000000", stroke_width=1.2)
    for x, y in targets:
        # long enough to cross the front's rulers, which sit 12 mm above and to the left
        back.append(Path((("M", *behind(paper, x, y - mm(20))), ("L", *behind(paper, x, y + mm(8)))), bold))
        back.append(Path((("M", *behind(paper, x - mm(20), y)), ("L", *behind(paper, x + mm(8), y))), bold))
    back += sheet_label(paper, f"{title} · {test} · {_words(label, 'duplex-back')} · {paper_name}", font)
    return Page(w, h, tuple(front), (), "front"), Page(w, h, tuple(back), (), "back")


def shifted(page: Page, dx: float, dy: float) -> Page:
    """A page's content moved by (dx, dy): backs moved to land behind their fronts on a printer
    that drifts (the duplex test page measures by how much)."""
    from dataclasses import replace

    if not dx and not dy:
        return page
    return replace(page, children=(Group(page.children, translate(dx, dy)),))
