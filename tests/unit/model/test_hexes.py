"""Hex grids: hexes named as printed (E7), and rows or columns of a rectangular grid laid so
that each hex touches the ones printed beside it, flat or pointy."""

from __future__ import annotations

import math

import pytest

from pnp.model.hexes import (axial_to_offset, centre, column_letters, distance, grid_name, offset_to_axial,
                             parse_grid_name)


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
