"""Lengths: the one place where "63.5mm", "2.5in" and "9pt" become points (1/72 in)."""

from __future__ import annotations

import math
import re

POINTS_PER = {"pt": 1.0, "in": 72.0, "mm": 72.0 / 25.4, "cm": 72.0 / 2.54}
LENGTH_PATTERN = r"^\s*(-?\d+(?:\.\d+)?)\s*(mm|cm|in|pt)?\s*$"
_LENGTH = re.compile(LENGTH_PATTERN)


def mm(value: float) -> float:
    """Millimetres to points."""
    return value * POINTS_PER["mm"]


def to_mm(points: float) -> float:
    return points / POINTS_PER["mm"]


def parse_length(value: str | int | float, default_unit: str = "mm") -> float:
    """A length in points. Plain numbers are in `default_unit`; raises ValueError otherwise."""
    if isinstance(value, bool):
        raise ValueError(f"{value!r} is not a length")
    if isinstance(value, (int, float)):
        number, unit = value, default_unit
    else:
        match = _LENGTH.match(value)
        if not match:
            raise ValueError(f"{value!r} is not a length; write it like 3mm, 0.125in or 9pt")
        number, unit = match.groups()
    try:
        length = float(number) * POINTS_PER[unit or default_unit]
    except OverflowError:
        length = math.inf
    if not math.isfinite(length):
        raise ValueError(f"{value!r} is not a length pnp can use")
    return length
