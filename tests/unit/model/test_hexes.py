"""Hex grids: hexes named as printed (E7), rows or columns of a rectangular grid laid so that
each hex touches the ones printed beside it, flat or pointy, and routes over a map's cells."""

from __future__ import annotations

import math

import pytest

from pnp.expr import ExpressionError, parse
from pnp.model.hexes import (axial_to_offset, centre, column_letters, distance, grid_name, offset_to_axial,
                             parse_grid_name, steps)


def test_names_as_printed() -> None:
    assert [column_letters(n) for n in (1, 5, 26, 27, 28, 52, 53)] == ["A", "E", "Z", "AA", "AB", "AZ", "BA"]
    assert grid_name(5, 7) == "E7" and grid_name(28, 12) == "AB12"
    assert parse_grid_name("E7") == (5, 7) and parse_grid_name("AB12") == (28, 12)
    for bad in ("7E", "e7", "E", "7", "E07", "É7", ""):
        assert parse_grid_name(bad) is None, bad
    for column in range(1, 60):
        for row in (1, 9, 10, 99):
            assert parse_grid_name(grid_name(column, row)) == (column, row)


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_grid_neighbours_touch(orientation: str) -> None:
    """In a 6 x 5 grid, hexes printed side by side along the rows (pointy) or columns (flat)
    are neighbours, and every hex has its centre one hex across from its nearest neighbours."""
    places = {(c, r): offset_to_axial(c, r, orientation) for c in range(1, 7) for r in range(1, 6)}
    for (c, r), axial in places.items():
        along = (c + 1, r) if orientation == "pointy" else (c, r + 1)
        if along in places:
            assert distance(axial, places[along]) == 1
        nearest = sorted(math.dist(centre(*axial, 1.0, orientation), centre(*other, 1.0, orientation))
                         for place, other in places.items() if place != (c, r))
        assert abs(nearest[0] - 1.0) < 1e-9 and abs(nearest[1] - 1.0) < 1e-9
    centres = [centre(*a, 1.0, orientation) for a in places.values()]
    assert len({(round(x, 6), round(y, 6)) for x, y in centres}) == 30  # no two hexes on one place
    if orientation == "pointy":  # the second row is shifted right by half a hex
        assert centre(*places[(1, 2)], 1.0, orientation)[0] - centre(*places[(1, 1)], 1.0, orientation)[0] == 0.5
    else:  # the second column is shifted down by half a hex
        assert centre(*places[(2, 1)], 1.0, orientation)[1] - centre(*places[(1, 1)], 1.0, orientation)[1] == 0.5


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_axial_to_offset_undoes_offset_to_axial(orientation: str) -> None:
    """Every hex of a grid, and beyond it (column or row 0 and below), goes back to its place."""
    for column in range(-4, 9):
        for row in range(-4, 9):
            assert axial_to_offset(*offset_to_axial(column, row, orientation), orientation) == (column, row)
    assert axial_to_offset(1, 0, "flat") == (2, 1) and axial_to_offset(0, 1, "pointy") == (1, 2)
    assert axial_to_offset(2, -1, "flat") == (3, 1) and axial_to_offset(-1, 2, "pointy") == (1, 3)


# A strip of sea and a wall, in axial coordinates: (0, 0) to (3, 0) along a row, the row above
# it from (0, -1) to (3, -1); between them the only way round the wall at (1, 0) and (2, 0).
ROW = [(0, 0), (1, 0), (2, 0), (3, 0)]
ABOVE = [(0, -1), (1, -1), (2, -1), (3, -1)]


def test_steps_count_moves_through_the_cells_given() -> None:
    assert steps((0, 0), (3, 0), ROW) == 3
    assert steps((0, 0), (3, 0), ROW + ABOVE) == 3  # no shorter for more sea
    # the wall at (1, 0) and (2, 0): round it by the row above, (1, -1), (2, -1) and (3, -1)
    assert steps((0, 0), (3, 0), [(0, 0), (3, 0)] + ABOVE) == 4
    assert steps((0, 0), (3, 0), [(1, -1), (2, -1), (3, -1)]) == 4
    assert steps((0, 0), (3, 0), [(1, -1)]) is None  # (2, -1) is missing: no way on
    assert steps((0, 0), (3, 0), []) is None
    # neither end need be among the cells passed: a neighbour is one move away, the cell itself none
    assert steps((0, 0), (1, 0), []) == 1 and steps((0, 0), (1, -1), []) == 1 and steps((0, 0), (1, 1), []) is None
    assert steps((2, 0), (2, 0), []) == 0
    # a longer way round is taken when the short one is shut, and the end may be in the list
    ring = [(1, -1), (2, -2), (3, -2), (4, -2), (4, -1)]
    assert steps((0, 0), (4, 0), ring) == 6
    assert steps((0, 0), (4, 0), ring + [(4, 0)]) == 6
    assert steps((0, 0), (4, 0), ring + [(1, 0), (2, 0), (3, 0)]) == 4


def cells(*pairs: tuple[int, int]) -> list[dict]:
    return [{"q": q, "r": r} for q, r in pairs]


def test_hex_steps_in_expressions() -> None:
    env = {"start": {"q": 0, "r": 0, "tile": "port"}, "end": {"q": 3, "r": 0}, "sea": cells(*ABOVE),
           "board": cells(*ROW), "half": {"q": 1, "r": 0.5}}
    assert parse("hex_steps(start, end, sea)").evaluate(env) == 4
    assert parse("hex_steps(start, end, board)").evaluate(env) == 3
    assert parse("hex_steps(start, end, [])").evaluate(env) is None
    assert parse("hex_steps(end, end, [])").evaluate(env) == 0
    for source, message in [
            ("hex_steps(start, 3, sea)", "hex_steps() needs cells with whole numbers q and r"),
            ("hex_steps(start, half, sea)", "hex_steps() needs cells with whole numbers q and r"),
            ("hex_steps(start, end, [{'q': 1}])", "hex_steps() needs cells with whole numbers q and r"),
            ("hex_steps(start, end, [{'q': true, 'r': 0}])", "hex_steps() needs cells with whole numbers q and r"),
            ("hex_steps(start, end, 'sea')",
             "hex_steps() needs a list of cells with q and r, as its third argument, not text"),
            ("hex_steps(start, end)", "hex_steps() takes 3 arguments (given 2)")]:
        with pytest.raises(ExpressionError) as caught:
            parse(source).evaluate(env)
        assert caught.value.message == message, source
