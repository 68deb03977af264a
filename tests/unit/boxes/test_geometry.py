"""pnp.boxes.geometry: points written in a layout (each problem said where it is written) or
given by the data (what is wrong said for the item), a polyline cut into dashes, an arrow
head, a line drawn back under its heads, and a rounded rectangle and an ellipse as
polylines."""

from __future__ import annotations

import math

import pytest

from pnp import expr
from pnp.boxes.geometry import (MAX_DASHES, MAX_POINTS, Points, along, dashed, ellipse, head, length_of, polyline,
                                rounded_rect, shortened)


class Reader:
    """What a setting reads through: the problems it says, by path."""

    file = "board.yaml"

    def __init__(self):
        self.failed: list[tuple[tuple, str]] = []

    def fail(self, path: tuple, message: str) -> None:
        self.failed.append((path, message))

    def expression(self, source, path, names):
        return expr.parse(source, names)


PATH = ("boxes", "arrow", "line", "points")


def test_points_written_in_the_layout() -> None:
    reader = Reader()
    assert Points().read(reader, [[0, 1], [2.5, 3], {"x": 4, "y": 5}], PATH, frozenset()) == (
        (0.0, 1.0), (2.5, 3.0), (4.0, 5.0))
    assert reader.failed == []


@pytest.mark.parametrize(("value", "setting", "failed"), [
    ([[1, 2]], Points(), (PATH, "layout 'board.yaml': arrow.line.points: a line needs at least 2 points; it has 1")),
    ([], Points(), (PATH, "layout 'board.yaml': arrow.line.points: a line needs at least 2 points; it has 0")),
    ([[0, 0], [1, 1]], Points(least=3, noun="polygon"),
     (PATH, "layout 'board.yaml': arrow.line.points: a polygon needs at least 3 points; it has 2")),
    ([[0, 0], [1]], Points(), (PATH + (1,), "layout 'board.yaml': arrow.line.points: point 2 is [1]; a point is "
                                            "[x, y], in mm")),
    ([[0, 0], [1, True]], Points(), (PATH + (1,), "layout 'board.yaml': arrow.line.points: point 2 is [1, True]; a "
                                                  "point is [x, y], in mm")),
    ([[0, 0, 0], [1, 1]], Points(), (PATH + (0,), "layout 'board.yaml': arrow.line.points: point 1 is [0, 0, 0]; a "
                                                  "point is [x, y], in mm")),
])
def test_what_is_wrong_with_points_written(value, setting: Points, failed) -> None:
    reader = Reader()
    assert setting.read(reader, value, PATH, frozenset()) is None
    assert reader.failed == [failed]


def test_points_the_data_gives() -> None:
    reader = Reader()
    setting = Points(least=2, noun="path")
    source = setting.read(reader, "route", PATH, frozenset({"route"}))
    assert isinstance(source, expr.Expression) and reader.failed == []
    assert setting.given(source, {"route": [[0, 0], {"x": 3, "y": 4}]}) == (((0.0, 0.0), (3.0, 4.0)), None)
    assert setting.given(source, {"route": [[0, 0]]}) == ((), "route gives 1 point; a path needs at least 2")
    assert setting.given(source, {"route": []}) == ((), "route gives 0 points; a path needs at least 2")
    assert setting.given(source, {"route": 7}) == ((), "route gives 7, not a list of points")
    assert setting.given(source, {"route": [[0, 0], "x"]}) == (
        (), "route gives 'x' as point 2; a point is [x, y], in mm")
    assert setting.given(source, {"route": [[0, 0]] * (MAX_POINTS + 1)}) == (
        (), f"route gives {MAX_POINTS + 1} points, more than {MAX_POINTS}")
    assert setting.given(((1.0, 2.0), (3.0, 4.0)), {}) == (((1.0, 2.0), (3.0, 4.0)), None)  # (written: as read)


def test_lengths_along_a_polyline() -> None:
    points = [(0.0, 0.0), (3.0, 4.0), (3.0, 10.0)]
    assert length_of(points) == 11.0
    assert along(points, 0) == (0.0, 0.0) and along(points, 2.5) == (1.5, 2.0)
    assert along(points, 8) == (3.0, 7.0) and along(points, 50) == (3.0, 10.0)
    assert polyline(points) == (("M", 0.0, 0.0), ("L", 3.0, 4.0), ("L", 3.0, 10.0))
    assert polyline(points, closed=True)[-1] == ("Z",)


def test_dashes() -> None:
    # 10 long, dashes of 3 with gaps of 1: 0-3, 4-7, 8-10
    assert dashed([(0.0, 0.0), (10.0, 0.0)], 3.0, 1.0) == (
        ("M", 0.0, 0.0), ("L", 3.0, 0.0), ("M", 4.0, 0.0), ("L", 7.0, 0.0), ("M", 8.0, 0.0), ("L", 10.0, 0.0))
    # a dash turns a corner as one stroke
    assert dashed([(0.0, 0.0), (2.0, 0.0), (2.0, 5.0)], 3.0, 1.0) == (
        ("M", 0.0, 0.0), ("L", 2.0, 0.0), ("L", 2.0, 1.0), ("M", 2.0, 2.0), ("L", 2.0, 5.0))
    # no dash, or more dashes than pnp cuts a line into: drawn whole
    assert dashed([(0.0, 0.0), (10.0, 0.0)], 0.0, 1.0) == (("M", 0.0, 0.0), ("L", 10.0, 0.0))
    assert dashed([(0.0, 0.0), (2.0 * MAX_DASHES + 2, 0.0)], 1.0, 1.0) == (
        ("M", 0.0, 0.0), ("L", 2.0 * MAX_DASHES + 2, 0.0))
    assert len(dashed([(0.0, 0.0), (2.0 * MAX_DASHES, 0.0)], 1.0, 1.0)) == 2 * MAX_DASHES


def test_an_arrow_head_and_the_line_drawn_back_under_it() -> None:
    assert [tuple(round(v, 6) for v in c[1:]) for c in head((10.0, 0.0), (0.0, 0.0), 4.0)[:3]] == [
        (10.0, 0.0), (6.0, 1.8), (6.0, -1.8)]
    tip = head((0.0, 10.0), (0.0, 0.0), 2.0)
    assert [tuple(round(v, 6) + 0.0 for v in c[1:]) for c in tip[:3]] == [(0.0, 10.0), (-0.9, 8.0), (0.9, 8.0)]
    assert shortened([(0.0, 0.0), (10.0, 0.0), (10.0, 10.0)], 2.0, 3.0) == [(2.0, 0.0), (10.0, 0.0), (10.0, 7.0)]
    assert shortened([(0.0, 0.0), (1.0, 0.0)], 2.0, 0.0) == [(0.0, 0.0), (1.0, 0.0)]  # (too short: left whole)


def test_a_rounded_rectangle_and_an_ellipse() -> None:
    assert rounded_rect(1.0, 2.0, 10.0, 4.0, 0.0) == [(1.0, 2.0), (11.0, 2.0), (11.0, 6.0), (1.0, 6.0), (1.0, 2.0)]
    rounded = rounded_rect(0.0, 0.0, 10.0, 4.0, 5.0)  # (a radius no more than half the shorter side)
    assert len(rounded) == 37 and rounded[0] == rounded[-1]
    assert all(0 <= x <= 10 and -1e-9 <= y <= 4 + 1e-9 for x, y in rounded)
    assert (round(rounded[0][0], 6), round(rounded[0][1], 6)) == (8.0, 0.0)  # the top's right end
    ring = ellipse(5.0, 5.0, 4.0, 2.0, steps=4)
    assert [(round(x, 6) + 0.0, round(y, 6) + 0.0) for x, y in ring] == [(5.0, 3.0), (9.0, 5.0), (5.0, 7.0), (1.0, 5.0),
                                                                       (5.0, 3.0)]
    assert all(math.isclose((x - 5) ** 2 / 16 + (y - 5) ** 2 / 4, 1) for x, y in ellipse(5.0, 5.0, 4.0, 2.0))
