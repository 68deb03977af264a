"""pnp.units: millimetres, inches, centimetres and points to points, and what is not a length."""

from __future__ import annotations

import math

import pytest

from pnp.units import LENGTH_PATTERN, POINTS_PER, mm, parse_length, to_mm


def test_points_per_unit() -> None:
    assert POINTS_PER == {"pt": 1.0, "in": 72.0, "mm": 72.0 / 25.4, "cm": 72.0 / 2.54}
    assert LENGTH_PATTERN == r"^\s*(-?\d+(?:\.\d+)?)\s*(mm|cm|in|pt)?\s*$"


def test_mm_and_back() -> None:
    assert mm(25.4) == pytest.approx(72.0, abs=1e-12)
    assert mm(63.5) == pytest.approx(180.0, abs=1e-12)
    assert mm(0) == 0.0
    assert to_mm(72.0) == pytest.approx(25.4, abs=1e-12)
    assert to_mm(mm(88.9)) == pytest.approx(88.9, abs=1e-12)


@pytest.mark.parametrize(("text", "points"), [
    ("63.5mm", 180.0), ("2.5in", 180.0), ("9pt", 9.0), ("1cm", 72 / 2.54), ("10", 72 / 2.54),
    ("  3 mm ", 3 * 72 / 25.4), ("-2mm", -2 * 72 / 25.4), ("0.125in", 9.0), ("0", 0.0), ("7 pt", 7.0),
])
def test_parse_length_of_text(text: str, points: float) -> None:
    assert parse_length(text) == pytest.approx(points, abs=1e-12)


def test_plain_numbers_are_in_the_default_unit() -> None:
    assert parse_length(10) == pytest.approx(10 * 72 / 25.4, abs=1e-12)
    assert parse_length(2.5, "in") == 180.0
    assert parse_length("4", "pt") == 4.0
    assert parse_length("4cm", "pt") == pytest.approx(4 * 72 / 2.54, abs=1e-12)
    assert parse_length(3, "pt") == 3.0


@pytest.mark.parametrize("value", ["", "mm", "3 px", "3mmm", "1e3mm", "3,5mm", ".5mm", "5.mm", "--3", "3 m m", "x3mm"])
def test_not_a_length(value: str) -> None:
    with pytest.raises(ValueError) as raised:
        parse_length(value)
    assert str(raised.value) == f"{value!r} is not a length; write it like 3mm, 0.125in or 9pt"


@pytest.mark.parametrize("value", [True, False])
def test_a_boolean_is_not_a_length(value: bool) -> None:
    with pytest.raises(ValueError) as raised:
        parse_length(value)
    assert str(raised.value) == f"{value!r} is not a length"


@pytest.mark.parametrize("value", [math.inf, -math.inf, math.nan, 10 ** 400, "9" * 400])
def test_what_is_too_large_is_refused(value) -> None:
    with pytest.raises(ValueError) as raised:
        parse_length(value)
    assert str(raised.value) == f"{value!r} is not a length pnp can use"
