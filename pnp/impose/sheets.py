"""Sheets of pieces in a grid: their crop marks and cut lines, the label in the bottom margin,
and the backs mirrored so that each lands behind its front."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Sequence

from ..scene import Definition, Group, Node, Page, Path, Rect, Style, Text, Use, translate
from ..units import mm
from .paper import Grid, LABEL_BASELINE, LABEL_SIZE, MARK_LENGTH, MARK_OFFSET, MIN_MARGIN, PAPERS, Paper, Segment

if TYPE_CHECKING:
    from ..layout.fonts import FontMetrics


def crop_mark_lines(grid: Grid, cells: Sequence[tuple[int, int]] | None = None) -> list[Segment]:
    """The crop marks: short lines in the margins, in line with every trim edge of the used
    cells (all of the grid's when not given): no marks for empty slots. Each starts outside the
    pieces' bleed (at least MARK_OFFSET from the trim line) and stops 5 mm from the edge."""
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
    across, down = (max(MARK_OFFSET, outer) for outer in grid.outer)  # where the marks start

    def mark(a: tuple[float, float], towards: tuple[float, float], room: float, offset: float) -> None:
        """A mark from `a` (`offset` outside the grid) outwards, stopping 5 mm from the edge."""
        length = min(MARK_LENGTH, room - offset - MIN_MARGIN)
        if length >= mm(1):  # too short to see: leave it out
            lines.append((a, (a[0] + towards[0] * length, a[1] + towards[1] * length)))

    for x in xs:
        mark((x, top - down), (0, -1), top, down)
        mark((x, bottom + down), (0, 1), paper.height - bottom, down)
    for y in ys:
        mark((left - across, y), (-1, 0), left, across)
        mark((right + across, y), (1, 0), paper.width - right, across)
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


def cut_paths(segments: Sequence[Segment]) -> list[Node]:
    """Cut lines: thin black lines with round ends."""
    return [Path(_segments(segments), Style(stroke="#000000", stroke_width=0.35, line_cap="round"))] if segments else []


def sheet_label(paper: Paper, text: str, font: "FontMetrics | None", marks: Sequence[Segment] = ()) -> list[Node]:
    """A sheet's label in its bottom margin, its descenders 5 mm clear of the edge and its
    letters below the LABEL_ROOM the pieces' colour keeps clear of (pnp.impose.paper): centred on
    the page, or in the widest stretch between the crop marks there when they are in the way
    (the one nearest the middle of those as wide); shrunk to fit that stretch."""
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
    # the widest stretch; of stretches as wide (to a hundredth of a point), the nearest the middle
    a, b = min(stretches, key=lambda ab: (-round(ab[1] - ab[0], 2), round(abs((ab[0] + ab[1]) / 2 - centre), 2)))
    size = max(min(LABEL_SIZE, LABEL_SIZE * (b - a) / width), 3.5)
    return [Text((a + b) / 2, baseline, text, font.name, size, "#5f5f5f", "middle")]


def unique_definitions(definitions: Sequence[Definition]) -> tuple[Definition, ...]:
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
    nodes = cut_paths(grid_cut_lines(grid, cells)) if cuts else []
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
        nodes += sheet_label(grid.paper, label_text(label, "fronts", number, total, grid.paper), font, marks)
        pages.append(Page(grid.paper.width, grid.paper.height, tuple(nodes), unique_definitions(chunk),
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


def label_words(label: str, key: str, **values: object) -> str:
    from ..words import word

    return word(getattr(label, "language", "en"), key).format(**values)


def paper_label(label: str, paper: Paper) -> str:
    """The paper's name in the label's language (A3 sheets are turned: "A3 landscape")."""
    from ..words import WORDS

    key = f"paper-{paper.name}"
    return label_words(label, key) if key in WORDS["en"] and paper.label == PAPERS[paper.name].label else paper.label


def label_text(label: str, side: str, number: int, total: int, paper: Paper, extra: str = "") -> str:
    if not label:
        return ""
    back = f" · {label_words(label, 'sheet-behind', n=number)}" if side == "backs" else ""
    return (f"{label} · {label_words(label, f'sheet-{side}')} · {label_words(label, 'sheet-page', n=number, total=total)} · "
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
        nodes += sheet_label(grid.paper, label_text(label, "backs", number, total, grid.paper), font, marks)
        pages.append(Page(grid.paper.width, grid.paper.height, tuple(nodes), unique_definitions([b for b in chunk if b]),
                          f"{number:02d}"))
    return pages


def interleave(fronts: Sequence[Page], backs: Sequence[Page]) -> list[Page]:
    """Front, back, front, back: one PDF for a printer that prints both sides."""
    pages: list[Page] = []
    for front, back in zip(fronts, backs):
        pages += [front, back]
    return pages
