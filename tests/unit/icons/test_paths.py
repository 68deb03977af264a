"""pnp.icons.paths: SVG path data read into pnp.scene's absolute M, L, C and Z commands (smooth and
quadratic curves as cubics, arcs as cubics of at most a quarter turn), rounded rectangles, the
bounds an icon's numbers and segments keep, and each refused path data's message and offset."""

from __future__ import annotations

import math

import pytest

from pnp.icons.paths import (K, MAX_NUMBER, MAX_SEGMENTS, TOO_LARGE, arc_commands, new_path, path_data, rounded_rect,
                             segments_of, within)
from pnp.scene import Circle, Path, Rect, Style


class Reports(list):
    """What path_data reports, as the reader would be told it: (message, attribute, index)."""

    def __call__(self, message: str, attribute: str, index: int | None = None) -> None:
        self.append((message, attribute, index))


def read(d: str) -> tuple:
    reports = Reports()
    commands = path_data(d, reports)
    assert reports == []
    return commands


def refused(d: str) -> list[tuple]:
    reports = Reports()
    assert path_data(d, reports) is None
    return reports


def test_the_bounds() -> None:
    assert (MAX_NUMBER, MAX_SEGMENTS) == (1_000_000, 10_000)
    assert TOO_LARGE == "numbers in an icon must be between -1,000,000 and 1,000,000"
    assert K == 0.5522847498


def test_within_the_bounds() -> None:
    assert within(())
    assert within((-1_000_000, 0, 1_000_000, 0.5))
    assert not within((0, 1_000_000.0001))
    assert not within((-1_000_001, 0))
    assert not within((math.nan,))
    assert not within((math.inf,)) and not within((-math.inf,))


def test_the_segments_a_shape_is_drawn_with() -> None:
    assert segments_of(Path((("M", 0, 0), ("L", 1, 1), ("Z",)), Style())) == 3
    assert segments_of(Path((), Style())) == 0
    assert segments_of(Circle(0, 0, 1, Style())) == 10
    assert segments_of(Rect(0, 0, 1, 1, Style(), radius=0.5)) == 10
    assert segments_of(Rect(0, 0, 1, 1, Style())) == 5


# --- path data -----------------------------------------------------------------------------------


def test_path_data_becomes_absolute_m_l_c_z() -> None:
    assert read("m10 10 h5 v5 l-5 0 z M20,20 30 20 H40 V30 c0 5 5 5 5 0 s5 -5 5 0 "
                "Q 60 40 70 30 T 90 30 q 5 5 10 0") == (
        ("M", 10, 10), ("L", 15, 10), ("L", 15, 15), ("L", 10, 15), ("Z",),
        ("M", 20, 20), ("L", 30, 20), ("L", 40, 20), ("L", 40, 30),
        ("C", 40, 35, 45, 35, 45, 30),
        ("C", 45, 25, 50, 25, 50, 30),  # s: the first control reflects the last one
        ("C", 50 + 2 / 3 * 10, 30 + 2 / 3 * 10, 70 + 2 / 3 * -10, 30 + 2 / 3 * 10, 70, 30),  # Q as a cubic
        ("C", 70 + 2 / 3 * 10, 30 + 2 / 3 * -10, 90 + 2 / 3 * -10, 30 + 2 / 3 * -10, 90, 30),  # T reflects Q's
        ("C", 90 + 2 / 3 * 5, 30 + 2 / 3 * 5, 100 + 2 / 3 * -5, 30 + 2 / 3 * 5, 100, 30),
    )


def test_commands_hold_floats() -> None:
    commands = read("M 1 2 L 3 4 C 5 6 7 8 9 10 Q 1 1 2 2")
    assert all(type(v) is float for command in commands for v in command[1:])


def test_a_quadratic_is_the_exact_cubic() -> None:
    # from (0, 0), control (30, 60), to (90, 0): the cubic's controls two thirds of the way to it
    assert read("M0 0 Q30 60 90 0") == (("M", 0, 0), ("C", 20, 40, 50, 40, 90, 0))
    assert read("M10 20 Q10 20 10 20") == (("M", 10, 20), ("C", 10, 20, 10, 20, 10, 20))


def test_no_path_data_is_none() -> None:
    assert read("") is None
    assert read("  ") is None


def test_implicit_commands_and_separators() -> None:
    assert read("M 0 0 1 1") == (("M", 0, 0), ("L", 1, 1))
    assert read("M0,0 L1,1 ,") == (("M", 0, 0), ("L", 1, 1))
    assert read("M-1-2L.5.5") == (("M", -1, -2), ("L", 0.5, 0.5))


@pytest.mark.parametrize("d, message, at", [
    ("M 10 10 L 20 20 X 5", 'd: cannot read the path data from "X 5"', 16),
    ("M 0 0 L 1 1 z 2", 'd: cannot read the path data from "2"', 14),
    ("M0 0z1 1", 'd: cannot read the path data from "1 1"', 5),
    ("M nan 0", 'd: cannot read the path data from "nan 0"', 2),
    ("M0 0 A1 1 0 0 1 z 0", 'd: cannot read the path data from "0"', 18),
    ("M 0 0 L 1 1 Xabcdefghijklmnopqrstuvwxyz", 'd: cannot read the path data from "Xabcdefghijklmnopqrs"', 12),
    ("M 0 0 L", "d: the path data ends in the middle of a command", 7),
    ("M 0 0 L 5  ", "d: the path data ends in the middle of a command", 9),
    ("M 0 0 C 1 1 2 2", "d: the path data ends in the middle of a command", 15),
    ("M 0 0 A 1 1 0 2 1 2 0", "d: the path data ends in the middle of a command", 21),  # a flag of 2
    ("M 0 0 A 1 1 1e400 0 1 2 0", "d: the path data ends in the middle of a command", 25),
    ("M0 0 Q1 1z", "d: the path data ends in the middle of a command", 10),
    ("L 1 1", "d: the path data must start with M (moveto)", 0),
    ("z", "d: the path data must start with M (moveto)", 0),
    ("M 0 0 H", "d: a command in the path data lacks its numbers", None),
    ("M1e7 0", f"d: {TOO_LARGE}", None),
    ("M 0 -1000000.5", f"d: {TOO_LARGE}", None),
    ("m 999999 0 m 2 0", f"d: {TOO_LARGE}", None),  # each move within, where they end not
    ("M 0 0 L 1e999 1e999", f"d: {TOO_LARGE}", None),
    ("M 0 0 A 1e300 1e300 0 1 1 1e300 0", f"d: {TOO_LARGE}", None),  # an arc beyond floating point
    ("M 0 0 C 0 0 0 0 2e6 0", f"d: {TOO_LARGE}", None),
])
def test_path_data_refused_in_words_at_its_offset(d: str, message: str, at: int | None) -> None:
    assert refused(d) == [(message, "d", at)]


def test_numbers_at_the_bounds_are_drawn() -> None:
    assert read("M -1000000 1000000 l 0 -2000000") == (("M", -1e6, 1e6), ("L", -1e6, -1e6))


def test_new_path_notes_a_z_taken_for_a_coordinate() -> None:
    path = new_path()
    assert path.inline_close is False
    assert type(path) is type(new_path())  # (its class made once)
    assert list(path) == []
    for make, values in [("move", ((0, 0),)), ("line", ((1, 1),)), ("quad", ((1, 1), (2, 2))),
                         ("smooth_quad", ((3, 3),)), ("cubic", ((1, 1), (2, 2), (3, 3))),
                         ("smooth_cubic", ((4, 4), (5, 5))), ("arc", (1, 1, 0, 0, 1, (6, 6)))]:
        getattr(path, make)(*values)
    assert path.inline_close is False
    assert len(path) == 7  # (and each drew its segment)
    for make, values in [("move", ("z",)), ("line", ("z",)), ("quad", ((1, 1), "z")), ("smooth_quad", ("z",)),
                         ("cubic", ((1, 1), (2, 2), "z")), ("smooth_cubic", ((1, 1), "z")),
                         ("arc", (1, 1, 0, 0, 1, "z"))]:
        noted = new_path()
        noted.move((0, 0))
        try:
            getattr(noted, make)(*values)
        except (TypeError, ValueError, AttributeError, IndexError):
            pass
        assert noted.inline_close is True, make
    arc = new_path()
    arc.move((0, 0))
    arc.arc(1, 1, 0, 0, "z", (6, 6))
    assert arc.inline_close is False  # only an arc's end point is noted, not its flags


# --- arcs ---------------------------------------------------------------------------------------


def test_an_arc_becomes_cubics_of_at_most_a_quarter_turn() -> None:
    # half a circle of radius 10 over the top, then three quarters of one (large arc, relative)
    commands = read("M 0 50 A 10 10 0 0 1 20 50 a 10 10 0 1 1 10 -10")
    k = 4 / 3 * math.tan(math.pi / 8) * 10  # 5.5228...: a quarter circle's control arm
    expected = (
        ("M", 0, 50),
        ("C", 0, 50 - k, 10 - k, 40, 10, 40),
        ("C", 10 + k, 40, 20, 50 - k, 20, 50),
        # from (20, 50) three quarters round (20, 40), clockwise on the page: left, up, right
        ("C", 20 - k, 50, 10, 40 + k, 10, 40),
        ("C", 10, 40 - k, 20 - k, 30, 20, 30),
        ("C", 20 + k, 30, 30, 40 - k, 30, 40),
    )
    assert [c[0] for c in commands] == [c[0] for c in expected]
    for got, want in zip(commands, expected):
        assert got[1:] == pytest.approx(want[1:], abs=1e-9)
    # each arc ends exactly where the path data says
    assert commands[2][5:] == (20, 50) and commands[5][5:] == (30, 40)


def test_an_arc_the_other_way_round() -> None:
    # sweep 0: from (0, 50) under the centre (10, 50) to (20, 50)
    commands = read("M 0 50 A 10 10 0 0 0 20 50")
    k = 4 / 3 * math.tan(math.pi / 8) * 10
    assert [c[0] for c in commands] == ["M", "C", "C"]
    assert commands[1][1:] == pytest.approx((0, 50 + k, 10 - k, 60, 10, 60), abs=1e-9)
    assert commands[2][1:] == pytest.approx((10 + k, 60, 20, 50 + k, 20, 50), abs=1e-9)


def test_a_quarter_arc_is_one_cubic_and_a_little_more_is_two() -> None:
    k = 4 / 3 * math.tan(math.pi / 8) * 10
    quarter = read("M 10 0 A 10 10 0 0 1 0 10")
    assert len(quarter) == 2
    assert quarter[1][1:] == pytest.approx((10, k, k, 10, 0, 10), abs=1e-9)
    t = math.radians(91)
    more = read(f"M 10 0 A 10 10 0 0 1 {10 * math.cos(t)!r} {10 * math.sin(t)!r}")
    assert [c[0] for c in more] == ["M", "C", "C"]
    small = read(f"M 10 0 A 10 10 0 0 1 {10 * math.cos(0.1)!r} {10 * math.sin(0.1)!r}")
    k_small = 4 / 3 * math.tan(0.1 / 4) * 10
    assert small[1][1:] == pytest.approx((10, k_small, 10 * math.cos(0.1) + k_small * math.sin(0.1),
                                          10 * math.sin(0.1) - k_small * math.cos(0.1), 10 * math.cos(0.1),
                                          10 * math.sin(0.1)), abs=1e-9)


def on_ellipse(x: float, y: float, cx: float, cy: float, rx: float, ry: float, degrees: float) -> float:
    """0 for a point on the ellipse, turned `degrees` about its centre."""
    t = math.radians(degrees)
    u = (x - cx) * math.cos(t) + (y - cy) * math.sin(t)
    v = -(x - cx) * math.sin(t) + (y - cy) * math.cos(t)
    return (u / rx) ** 2 + (v / ry) ** 2 - 1


def cubic_at(start: tuple, command: tuple, t: float) -> tuple[float, float]:
    (x0, y0), (x1, y1, x2, y2, x3, y3) = start, command[1:]
    s = 1 - t
    return (s ** 3 * x0 + 3 * s * s * t * x1 + 3 * s * t * t * x2 + t ** 3 * x3,
            s ** 3 * y0 + 3 * s * s * t * y1 + 3 * s * t * t * y2 + t ** 3 * y3)


def test_an_arc_of_a_turned_ellipse_follows_the_ellipse() -> None:
    # an ellipse 20 by 10 turned 30 degrees about (50, 50), from its parameter 10 to 130 degrees
    cx, cy, rx, ry, turn = 50.0, 50.0, 20.0, 10.0, 30.0

    def point(degrees: float) -> tuple[float, float]:
        t, r = math.radians(degrees), math.radians(turn)
        x, y = rx * math.cos(t), ry * math.sin(t)
        return cx + x * math.cos(r) - y * math.sin(r), cy + x * math.sin(r) + y * math.cos(r)

    start, end = point(10), point(130)
    commands = read(f"M {start[0]!r} {start[1]!r} A {rx} {ry} {turn} 0 1 {end[0]!r} {end[1]!r}")
    assert [c[0] for c in commands] == ["M", "C", "C"]  # 120 degrees: two cubics of 60
    assert commands[2][5:] == end
    assert commands[1][5:] == pytest.approx(point(70), abs=1e-9)
    here = start
    for command in commands[1:]:
        for t in (0.25, 0.5, 0.75):
            assert abs(on_ellipse(*cubic_at(here, command, t), cx, cy, rx, ry, turn)) < 1e-4
        here = command[5:]
    # the controls run along the tangents: at the start, the ellipse's tangent at 10 degrees
    (x1, y1), tangent = commands[1][1:3], (point(10.001)[0] - start[0], point(10.001)[1] - start[1])
    assert (x1 - start[0]) * tangent[1] - (y1 - start[1]) * tangent[0] == pytest.approx(0, abs=1e-6)
    assert (x1 - start[0]) * tangent[0] + (y1 - start[1]) * tangent[1] > 0


def test_an_arc_with_a_zero_radius_is_a_line_and_one_to_its_start_is_nothing() -> None:
    assert read("M 0 0 A 0 5 0 0 1 20 0") == (("M", 0, 0), ("L", 20, 0))
    assert read("M 0 0 A 1e-300 1e-300 0 0 1 1e-300 0") == (("M", 0, 0), ("L", 1e-300, 0))
    assert read("M 0 0 A 5 5 0 0 1 0 0") == (("M", 0, 0),)


def test_arc_commands_of_an_arc_that_sweeps_nothing() -> None:
    class Arc:
        def __init__(self, start, end):
            self.start, self.end, self.sweep = Point(*start), Point(*end), 0

    class Point:
        def __init__(self, x, y):
            self.x, self.y = x, y

    assert arc_commands(Arc((1, 2), (1, 2))) == []
    assert arc_commands(Arc((1, 2), (3, 4))) == [("L", 3.0, 4.0)]


def test_negative_radii_are_taken_as_positive() -> None:
    assert read("M 0 0 A -1 -1 0 0 1 2 0") == read("M 0 0 A 1 1 0 0 1 2 0")


# --- rounded rectangles -------------------------------------------------------------------------


def test_a_rounded_rectangle_clockwise_from_the_top_edge() -> None:
    k = 0.5522847498
    assert rounded_rect(10, 20, 40, 30, 8, 4) == (
        ("M", 18, 20), ("L", 42, 20), ("C", 42 + 8 * k, 20, 50, 24 - 4 * k, 50, 24),
        ("L", 50, 46), ("C", 50, 46 + 4 * k, 42 + 8 * k, 50, 42, 50),
        ("L", 18, 50), ("C", 18 - 8 * k, 50, 10, 46 + 4 * k, 10, 46),
        ("L", 10, 24), ("C", 10, 24 - 4 * k, 18 - 8 * k, 20, 18, 20), ("Z",),
    )
