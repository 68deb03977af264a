"""Hexagons: the geometry of hex tiles and hex maps, pure arithmetic in points.

A hexagon is `flat` (a flat edge on top, wider than tall) or `pointy` (a corner on top).
Its size is the distance across its flats. Maps use axial coordinates (q, r), as in Amit
Patel's "Hexagonal Grids" (redblobgames.com): q counts columns (flat) or runs along rows
(pointy), r the other way, and the six neighbours of (q, r) are (q+1, r), (q-1, r),
(q, r+1), (q, r-1), (q+1, r-1), (q-1, r+1). The expression language's hex_connected,
hex_adjacent and hex_steps are here, on a map's cells.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Mapping  # isinstance() through typing's alias is several times slower
from typing import Any, Iterable

from ..expr.functions import function, list_arg
from ..expr.limits import ExpressionError

SQRT3 = math.sqrt(3.0)
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def corners(cx: float, cy: float, across_flats: float, orientation: str) -> list[tuple[float, float]]:
    """The six corners of a hexagon centred on (cx, cy), clockwise from the right (flat) or
    from the top right (pointy), y pointing down."""
    radius = across_flats / SQRT3  # centre to corner
    start = 0.0 if orientation == "flat" else -30.0
    return [(cx + radius * math.cos(math.radians(start + 60 * i)), cy + radius * math.sin(math.radians(start + 60 * i)))
            for i in range(6)]


def outline(cx: float, cy: float, across_flats: float, orientation: str) -> tuple[tuple, ...]:
    """The hexagon as path commands."""
    points = corners(cx, cy, across_flats, orientation)
    return (("M", *points[0]), *(("L", *p) for p in points[1:]), ("Z",))


def width_at(dy: float, across_flats: float, orientation: str) -> float:
    """The hexagon's width at `dy` above or below its centre (0 beyond its top and bottom)."""
    dy = abs(dy)
    if orientation == "flat":  # flat top and bottom at across/2; corners left and right
        return max(2 * (across_flats / SQRT3 - dy / SQRT3), 0.0) if dy <= across_flats / 2 + 1e-9 else 0.0
    radius = across_flats / SQRT3  # pointy: straight sides up to radius/2, then to the corner
    return across_flats if dy <= radius / 2 else max(2 * SQRT3 * (radius - dy), 0.0)


def orientation_of(width: float, height: float) -> str:
    """A hex tile's orientation from its bounding box: a flat one is wider than tall."""
    return "flat" if width >= height else "pointy"


def centre(q: float, r: float, across_flats: float, orientation: str) -> tuple[float, float]:
    """Where the hexagon (q, r) of a map is centred, (0, 0) being the centre of (0, 0)."""
    if orientation == "flat":
        return across_flats * SQRT3 / 2 * q, across_flats * (r + q / 2)
    return across_flats * (q + r / 2), across_flats * SQRT3 / 2 * r


def neighbours(q: int, r: int) -> list[tuple[int, int]]:
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def connected(cells: Iterable[tuple[int, int]]) -> bool:
    """Whether the cells form one piece, each reachable from any other through neighbours
    (true for no cells)."""
    remaining = set(cells)
    if not remaining:
        return True
    stack = [remaining.pop()]
    while stack:
        q, r = stack.pop()
        for n in neighbours(q, r):
            if n in remaining:
                remaining.remove(n)
                stack.append(n)
    return not remaining


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def steps(start: tuple[int, int], target: tuple[int, int], through: Iterable[tuple[int, int]]) -> int | None:
    """The least number of moves from `start` to `target`, a move being to a neighbour, when
    every cell passed on the way (neither `start` nor `target`) is one of `through`; None when
    there is no such route. A breadth-first walk: each cell of `through` is reached once."""
    if start == target:
        return 0
    open_cells = set(through)
    seen = {start}
    queue = deque([(start, 0)])
    while queue:
        (q, r), moves = queue.popleft()
        for n in neighbours(q, r):
            if n == target:
                return moves + 1
            if n in open_cells and n not in seen:
                seen.add(n)
                queue.append((n, moves + 1))
    return None


# --- the expression language's functions on a map's cells ----------------------------------

@function("hex_connected", "True when the hexagons of a list (records with q and r, axial coordinates) form one "
          "piece, each reachable from any other through neighbours.",
          "hex_connected([c for c in board if c.tile.kind == 'ocean'])")
def _hex_connected(cells: Any) -> bool:
    return connected([_axial(cell, "hex_connected() needs cells with whole numbers q and r")
                      for cell in list_arg("hex_connected", cells, "a list of cells with q and r")])


def _axial(cell: Any, problem: str) -> tuple[int, int]:
    """A cell's axial coordinates (q, r), or `problem` as an ExpressionError."""
    q = cell.get("q") if isinstance(cell, Mapping) else None
    r = cell.get("r") if isinstance(cell, Mapping) else None
    if not (isinstance(q, int) and isinstance(r, int)) or isinstance(q, bool) or isinstance(r, bool):
        raise ExpressionError(problem)
    return q, r


@function("hex_adjacent", "True when two hexagons (records with q and r, axial coordinates) are neighbours.",
          "any(hex_adjacent(cell, c) for c in board if c.tile.kind == 'ocean')")
def _hex_adjacent(first: Any, second: Any) -> bool:
    problem = "hex_adjacent() needs two cells with whole numbers q and r"
    return distance(_axial(first, problem), _axial(second, problem)) == 1


@function("hex_steps", "The least number of moves from one hexagon to another (records with q and r, axial "
          "coordinates), a move being to a neighbour, when every hexagon passed on the way is in a list (the first "
          "and the last need not be); none when there is no such route.",
          "hex_steps(start, cell, [c for c in board if c.tile.kind == 'ocean'])")
def _hex_steps(start: Any, target: Any, through: Any) -> int | None:
    problem = "hex_steps() needs cells with whole numbers q and r"
    cells = list_arg("hex_steps", through, "a list of cells with q and r, as its third argument")
    return steps(_axial(start, problem), _axial(target, problem), [_axial(cell, problem) for cell in cells])


# --- grids: hexes in rows and columns, named as printed ------------------------------------

def column_letters(column: int) -> str:
    """A grid column's letters, counted from 1: A to Z, then AA, AB ..."""
    letters = ""
    while column > 0:
        column, rest = divmod(column - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def grid_name(column: int, row: int) -> str:
    """A grid hex as printed on it: its column's letters and its row's number (E7)."""
    return f"{column_letters(column)}{row}"


def parse_grid_name(name: str) -> tuple[int, int] | None:
    """The column and row (from 1) of a hex named as printed (E7, AB12); None if it is not one."""
    letters = name.rstrip("0123456789")
    digits = name[len(letters):]
    if not letters or not digits or not letters.isascii() or not letters.isupper() or not letters.isalpha() \
            or digits[0] == "0":
        return None
    column = 0
    for ch in letters:
        column = column * 26 + ord(ch) - ord("A") + 1
    return column, int(digits)


def offset_to_axial(column: int, row: int, orientation: str) -> tuple[int, int]:
    """The axial coordinates of the hex in `column` and `row` (from 1) of a rectangular grid:
    pointy hexes lie in rows, every second row shifted right by half a hex; flat hexes in
    columns, every second column shifted down by half."""
    c, r = column - 1, row - 1
    if orientation == "flat":
        return c, r - (c - (c & 1)) // 2
    return c - (r - (r & 1)) // 2, r


def axial_to_offset(q: int, r: int, orientation: str) -> tuple[int, int]:
    """The column and row (from 1) of the hex (q, r) on the grid offset_to_axial lays out:
    its inverse (column or row 0 and below for a hex left of or above the grid's first)."""
    if orientation == "flat":
        return q + 1, r + (q - (q & 1)) // 2 + 1
    return q + (r - (r & 1)) // 2 + 1, r + 1
