"""pnp.icons.dashes: a shape's stroke cut into dashes as SVG lays a dash pattern along it: each
dash at its place (lines exactly, curves split where a dash ends), the offset, the subpaths each
from their start, a closed outline's last dash joined to its first, dots for dashes of 0."""

from __future__ import annotations

import math

import pytest

from pnp.icons.dashes import MAX_DASHES, SAMPLES, _bezier, count, dashed, outline, subpaths
from pnp.scene import Circle, Path, Rect, Style, ellipse_path

S = Style(stroke="#000000", stroke_width=1.0)


def dashes_of(commands, pattern, offset=0.0, dots=False) -> list[list[tuple]]:
    """The dashes, each its commands."""
    found: list[list[tuple]] = []
    for command in dashed(subpaths(commands), pattern, offset, dots):
        if command[0] == "M":
            found.append([])
        found[-1].append(command)
    return found


def test_the_bounds() -> None:
    assert (MAX_DASHES, SAMPLES) == (5_000, 64)


def test_a_line_cut_into_dashes_at_their_places() -> None:
    line = (("M", 0.0, 10.0), ("L", 10.0, 10.0))
    assert dashed(subpaths(line), (3.0, 1.0), 0.0, False) == (
        ("M", 0.0, 10.0), ("L", 3.0, 10.0), ("M", 4.0, 10.0), ("L", 7.0, 10.0), ("M", 8.0, 10.0), ("L", 10.0, 10.0))


def test_the_offset_moves_the_pattern_on() -> None:
    line = (("M", 0.0, 0.0), ("L", 10.0, 0.0))
    assert dashes_of(line, (3.0, 1.0), 1.0) == [
        [("M", 0.0, 0.0), ("L", 2.0, 0.0)], [("M", 3.0, 0.0), ("L", 6.0, 0.0)], [("M", 7.0, 0.0), ("L", 10.0, 0.0)]]
    # past a whole period, and back: -1 is 3 on a period of 4 (the line begins in the gap)
    assert dashes_of(line, (3.0, 1.0), 5.0) == dashes_of(line, (3.0, 1.0), 1.0)
    assert dashes_of(line, (3.0, 1.0), -1.0) == [
        [("M", 1.0, 0.0), ("L", 4.0, 0.0)], [("M", 5.0, 0.0), ("L", 8.0, 0.0)], [("M", 9.0, 0.0), ("L", 10.0, 0.0)]]


def test_a_pattern_of_four_lengths() -> None:
    line = (("M", 0.0, 0.0), ("L", 0.0, 12.0))
    assert dashes_of(line, (4.0, 1.0, 1.0, 2.0)) == [
        [("M", 0.0, 0.0), ("L", 0.0, 4.0)], [("M", 0.0, 5.0), ("L", 0.0, 6.0)], [("M", 0.0, 8.0), ("L", 0.0, 12.0)]]


def test_a_dash_turns_a_corner() -> None:
    polyline = (("M", 0.0, 0.0), ("L", 4.0, 0.0), ("L", 4.0, 4.0))
    assert dashes_of(polyline, (5.0, 1.0)) == [[("M", 0.0, 0.0), ("L", 4.0, 0.0), ("L", 4.0, 1.0)],
                                                 [("M", 4.0, 2.0), ("L", 4.0, 4.0)]]


def test_each_subpath_is_dashed_from_its_start() -> None:
    two = (("M", 0.0, 0.0), ("L", 5.0, 0.0), ("M", 0.0, 5.0), ("L", 5.0, 5.0))
    assert dashes_of(two, (2.0, 2.0)) == [
        [("M", 0.0, 0.0), ("L", 2.0, 0.0)], [("M", 4.0, 0.0), ("L", 5.0, 0.0)],
        [("M", 0.0, 5.0), ("L", 2.0, 5.0)], [("M", 4.0, 5.0), ("L", 5.0, 5.0)]]


def test_a_closed_outlines_last_dash_goes_on_into_its_first() -> None:
    square = (("M", 0.0, 0.0), ("L", 10.0, 0.0), ("L", 10.0, 10.0), ("L", 0.0, 10.0), ("Z",))
    # 40 long: dashes at 0-6, 10-16, 20-26, 30-36 meet no end; 0-7, ..., 35-40 + 0-7 do
    assert dashes_of(square, (6.0, 4.0)) == [
        [("M", 0.0, 0.0), ("L", 6.0, 0.0)], [("M", 10.0, 0.0), ("L", 10.0, 6.0)],
        [("M", 10.0, 10.0), ("L", 4.0, 10.0)], [("M", 0.0, 10.0), ("L", 0.0, 4.0)]]
    assert dashes_of(square, (7.0, 3.0), 5.0)[0] == [("M", 0.0, 5.0), ("L", 0.0, 0.0), ("L", 2.0, 0.0)]
    # one dash longer than the outline: the outline itself, closed
    assert dashes_of(square, (50.0, 1.0)) == [[("M", 0.0, 0.0), ("L", 10.0, 0.0), ("L", 10.0, 10.0),
                                               ("L", 0.0, 10.0), ("L", 0.0, 0.0), ("Z",)]]


def test_a_curve_is_split_where_its_dashes_end() -> None:
    # a straight cubic with its control points at thirds: its length runs evenly with its parameter
    curve = (("M", 0.0, 0.0), ("C", 3.0, 0.0, 6.0, 0.0, 9.0, 0.0))
    found = dashes_of(curve, (2.0, 1.0))
    assert [d[0] for d in found] == [("M", 0.0, 0.0), ("M", 3.0, 0.0), ("M", 6.0, 0.0)]
    for dash, end in zip(found, (2.0, 5.0, 8.0)):
        kind, *numbers = dash[1]
        assert kind == "C" and numbers[4:] == pytest.approx([end, 0.0], abs=1e-9)
        start = dash[0][1]
        assert numbers[:4] == pytest.approx([start + (end - start) / 3, 0.0, start + 2 * (end - start) / 3, 0.0])


def test_a_dashed_circle() -> None:
    """A circle of radius 10 (62.83 round) in dashes of 5 and gaps of 5, from its rightmost
    point clockwise: six dashes, the seventh (from 60 round) going on into the first; each on
    the circle, 5 long."""
    found = dashes_of(ellipse_path(50.0, 50.0, 10.0, 10.0), (5.0, 5.0))
    round_ = sum(s.length for s in subpaths(ellipse_path(50.0, 50.0, 10.0, 10.0))[0].segments)
    assert round_ == pytest.approx(2 * math.pi * 10, abs=0.01)
    assert len(found) == 6
    # (on the circle as drawn: four cubics, which stray from it by up to 0.00027 of its radius)
    assert found[1][0][1:] == pytest.approx((50 + 10 * math.cos(1.0), 50 + 10 * math.sin(1.0)), abs=3e-3)
    for dash in found:
        here, length = dash[0][1:], 0.0
        for command in dash[1:]:
            points = (here, command[1:3], command[3:5], command[5:7])
            for i in range(1, 101):
                x, y = _bezier(points, i / 100)
                assert math.hypot(x - 50, y - 50) == pytest.approx(10.0, abs=0.01)
            steps = [_bezier(points, i / 200) for i in range(201)]
            length += sum(math.dist(a, b) for a, b in zip(steps, steps[1:]))
            here = command[5:7]
        assert length == pytest.approx(5.0 if dash is not found[0] else round_ - 55, abs=1e-3)
    back = (round_ - 60) / 10  # (the last dash begins 60 along: this far round before the end)
    assert found[0][0][1:] == pytest.approx((50 + 10 * math.cos(-back), 50 + 10 * math.sin(-back)), abs=3e-3)


def test_dashes_of_0_are_dots_with_round_or_square_caps() -> None:
    line = (("M", 0.0, 0.0), ("L", 10.0, 0.0))
    assert dashes_of(line, (0.0, 4.0)) == []  # (butt caps: nothing, as in SVG)
    dots = dashes_of(line, (0.0, 4.0), dots=True)
    assert [d[0] for d in dots] == [("M", 4.0, 0.0), ("M", 8.0, 0.0)]
    assert all(d[1][0] == "L" and d[1][1] == pytest.approx(d[0][1] + 4e-6) for d in dots)


def test_outlines_begin_where_svg_begins_them() -> None:
    assert outline(Rect(1, 2, 3, 4, S)) == (("M", 1, 2), ("L", 4, 2), ("L", 4, 6), ("L", 1, 6), ("Z",))
    assert outline(Rect(0, 0, 10, 10, S, radius=2))[0] == ("M", 2, 0)
    assert outline(Circle(5, 5, 2, S)) == ellipse_path(5, 5, 2, 2)
    assert outline(Path((("M", 1, 1), ("L", 2, 2)), S)) == (("M", 1, 1), ("L", 2, 2))


def test_subpaths_and_what_they_cost() -> None:
    found = subpaths((("M", 0.0, 0.0), ("L", 3.0, 4.0), ("Z",), ("L", 0.0, 1.0)))
    assert [(len(s.segments), s.closed) for s in found] == [(2, True), (1, False)]
    assert [s.length for s in found[0].segments] == [5.0, 5.0]
    assert count(found, (1.0, 1.0)) == (5 + 2) + (0 + 2)
    assert count(found, (1.0, 1.0, 2.0, 2.0)) == 2 * ((1 + 2) + (0 + 2))
