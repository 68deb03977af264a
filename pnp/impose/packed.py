"""Pieces packed on the sheet rather than in a grid: round and square tokens with room to cut
each out, and hex tiles in a honeycomb whose neighbours share their cut lines."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Collection, Sequence

from ..scene import Definition, Node, Page, Rect, Style, Use, translate
from ..units import mm
from .paper import ImpositionError, LABEL_ROOM, MIN_MARGIN, Paper, Segment
from .sheets import cut_paths, label_text, unique_definitions, label_words, behind, each_once, sheet_label

if TYPE_CHECKING:
    from ..layout.fonts import FontMetrics


# --- round tokens ---------------------------------------------------------------------------

TOKEN_GAP = mm(3)


@dataclass(frozen=True)
class Placed:
    """A piece on a sheet: its definition and its bounding box's top-left corner."""

    definition: Definition
    x: float
    y: float


def token_rows(tokens: Sequence[tuple[str, float]], room: float, gap: float = TOKEN_GAP
               ) -> list[tuple[float, list[tuple[float, float, int]]]]:
    """Tokens, each given as (key, size across), in rows `room` wide: each row's height, and
    each token's place in it (its left edge and top from the row's, and its index among
    `tokens`).

    A key's tokens (a player's large token and the small ones drawn from the same item) make
    a block of their own: the largest first, the smaller ones beside it in columns of as many
    as its height holds, centred down it, as far as `room` goes. Those that do not fit follow
    it in blocks of their own while they are as large as its first (a key of one size: a
    pile of coins stays together); smaller ones (a player's markers past its large token's
    block) come after every key's blocks with the tokens of keys that have a single one, in
    order, the largest first, in blocks as wide as the room, so that they share rows rather
    than take a short row each. Blocks stand side by side `gap` apart, in rows as tall as
    their tallest block, each centred down its row: two players' blocks share a row when it
    is wide enough for both."""
    counts: dict[str, int] = {}
    for key, _ in tokens:
        counts[key] = counts.get(key, 0) + 1
    groups: dict[str, list[int]] = {}
    rest: list[int] = []
    for i, (key, _) in enumerate(tokens):
        if counts[key] > 1:
            groups.setdefault(key, []).append(i)
        else:
            rest.append(i)

    def block(waiting: list[int]) -> tuple[float, float, list[tuple[float, float, int]]]:
        """The block of the largest of `waiting` and the smaller ones beside it; what it
        takes is taken out of `waiting`."""
        band = tokens[waiting[0]][1]
        parts: list[tuple[float, float, int]] = []
        x = 0.0
        while waiting and x + tokens[waiting[0]][1] <= room + 1e-6:
            d = tokens[waiting[0]][1]
            per_column = max(1, int((band + gap + 1e-6) // (d + gap)))
            column = waiting[:per_column]
            del waiting[:per_column]
            used = len(column) * d + (len(column) - 1) * gap
            parts += [(x, (band - used) / 2 + k * (d + gap), i) for k, i in enumerate(column)]
            x += d + gap
        return x - gap, band, parts

    def by_size(indices: list[int]) -> list[int]:
        return sorted(indices, key=lambda i: -tokens[i][1])  # the largest first (a stable sort keeps the order)

    blocks = []
    for indices in groups.values():
        waiting = by_size(indices)
        first = tokens[waiting[0]][1]
        blocks.append(block(waiting))
        while waiting and tokens[waiting[0]][1] >= first - 1e-6:
            blocks.append(block(waiting))
        rest += waiting
    waiting = by_size(rest)
    while waiting:
        blocks.append(block(waiting))
    rows: list[tuple[float, list[tuple[float, float, int]]]] = []
    row: list[tuple[float, float, float, list[tuple[float, float, int]]]] = []

    def close() -> None:
        height = max(h for _, _, h, _ in row)
        rows.append((height, [(x + dx, (height - h) / 2 + dy, i) for x, _, h, parts in row for dx, dy, i in parts]))

    x = 0.0
    for width, height, parts in blocks:
        if row and x + width > room + 1e-6:
            close()
            row, x = [], 0.0
        row.append((x, width, height, parts))
        x += width + gap
    if row:
        close()
    return rows


def pack_tokens(tokens: Sequence[tuple[str, Definition]], paper: Paper, gap: float = TOKEN_GAP) -> list[list[Placed]]:
    """Pack round (or square) tokens on sheets, `gap` apart so each can be cut out, at least
    5 mm from the sides with room at the top and bottom for the sheet's label: in the rows of
    token_rows (each key's tokens in a block of their own, the rest after them), each row on
    the first sheet with room for it, a new sheet when none has."""
    left, top = MIN_MARGIN + gap / 2, LABEL_ROOM + gap / 2  # (a landscape sheet's backs turn top to bottom)
    right, bottom = paper.width - left, paper.height - top
    for _, token in tokens:
        d = token.width
        if d > right - left or d > bottom - top:
            raise ImpositionError(f"a token {d / mm(1):.0f} mm across does not fit {paper.label}")
    pages: list[list[Placed]] = []
    ends: list[float] = []  # where each sheet's next row may start
    for height, parts in token_rows([(key, t.width) for key, t in tokens], right - left, gap):
        # the first sheet with room for the row (a short row fills what an earlier one left)
        number = next((n for n, y in enumerate(ends) if y + height <= bottom + 1e-6), len(pages))
        if number == len(pages):
            pages.append([])
            ends.append(top)
        y = ends[number]
        pages[number] += [Placed(tokens[i][1], left + x, y + dy) for x, dy, i in parts]
        ends[number] = y + height + gap
    return pages


def is_round(round_: "bool | Collection[str]", definition: Definition) -> bool:
    """Whether a token is cut round: all of them or none (True, False), or those whose
    definitions are named."""
    return round_ if isinstance(round_, bool) else definition.id in round_


def _cut(x: float, y: float, d: float, round_: bool = True) -> Node:
    """A thin cut line on a token's edge: a circle, or a square."""
    from ..scene import Circle
    if not round_:
        return Rect(x, y, d, d, Style(stroke="#000000", stroke_width=0.35))
    return Circle(x + d / 2, y + d / 2, d / 2, Style(stroke="#000000", stroke_width=0.35))


def token_sheets(pages: Sequence[Sequence[Placed]], paper: Paper, round_: "bool | Collection[str]" = True,
                 label: str = "", font: "FontMetrics | None" = None) -> list[Page]:
    """Fronts: each token with a thin cut line on its edge, a circle or a square as `round_`
    says of it (is_round). A round token's drawing is cut to its circle grown by the bleed
    (shape_cut, with_bleed), a square one's background runs past its edge as a card's does:
    either way its colour runs past the cut line."""
    out = []
    for number, placed in enumerate(pages, start=1):
        nodes: list[Node] = []
        for p in placed:
            nodes.append(Use(p.definition.id, translate(p.x, p.y)))
            nodes.append(_cut(p.x, p.y, p.definition.width, is_round(round_, p.definition)))
        nodes += sheet_label(paper, label_text(label, "fronts", number, len(pages), paper), font)
        out.append(Page(paper.width, paper.height, tuple(nodes), unique_definitions([p.definition for p in placed]),
                        f"{number:02d}"))
    return out


def token_back_sheets(pages: Sequence[Sequence[Placed]], backs: dict[str, Definition], paper: Paper,
                      round_: "bool | Collection[str]" = True, label: str = "",
                      font: "FontMetrics | None" = None) -> list[Page]:
    """Backs, mirrored so each lands behind its front after a long-edge flip, each cut as its
    front is."""
    out = []
    for number, placed in enumerate(pages, start=1):
        nodes: list[Node] = []
        used = []
        for p in placed:
            back = backs[p.definition.id]
            d = p.definition.width
            x, y = behind(paper, p.x, p.y, d, d)
            nodes.append(Use(back.id, translate(x, y)))
            nodes.append(_cut(x, y, d, is_round(round_, p.definition)))
            used.append(back)
        nodes += sheet_label(paper, label_text(label, "backs", number, len(pages), paper), font)
        out.append(Page(paper.width, paper.height, tuple(nodes), unique_definitions(used), f"{number:02d}"))
    return out


# --- hex tiles ------------------------------------------------------------------------------

def pack_hexes(tiles: Sequence[Definition], paper: Paper, bleed: float = 0.0) -> list[list[Placed]]:
    """Hex tiles in columns (flat) or rows (pointy) of a honeycomb centred on each sheet,
    every other one offset by half a tile, at least 5 mm from the edges. Without bleed
    neighbours share their edges, so one cut serves two tiles; with bleed they are spread
    apart by twice the bleed. The tiles are of one size."""
    if not tiles:
        return []
    from ..model.hexes import SQRT3

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
    from ..model.hexes import corners, orientation_of

    edges = []
    for p in placed:
        w, h = p.definition.width, p.definition.height
        points = corners(p.x + w / 2, p.y + h / 2, min(w, h), orientation_of(w, h))
        edges += list(zip(points, points[1:] + points[:1]))
    return each_once(edges)


def _hex_page(placed: Sequence[Placed], paper: Paper, number: int, text: str, font: "FontMetrics | None") -> Page:
    nodes: list[Node] = [Use(p.definition.id, translate(p.x, p.y)) for p in placed]
    nodes += cut_paths(hex_cut_lines(placed))
    nodes += sheet_label(paper, text, font)
    return Page(paper.width, paper.height, tuple(nodes), unique_definitions([p.definition for p in placed]), f"{number:02d}")


def hex_sheets(pages: Sequence[Sequence[Placed]], paper: Paper, label: str = "",
               font: "FontMetrics | None" = None) -> list[Page]:
    """Fronts: the tiles and their cut lines, each shared edge drawn once."""
    return [_hex_page(placed, paper, n, label_text(label, "fronts", n, len(pages), paper,
                                                                  f" · {label_words(label, 'sheet-cut-lines')}"),
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
        text = label_text(label, "backs", number, len(pages), paper)
        out.append(_hex_page(mirrored, paper, number, text, font))
    return out
