"""Sizes of components: the built-in names a set can use (`size: poker`) and reading a size.

A size is a built-in name, a single length (a round or square piece, or a hex tile across
its flats) or {width, height}. Lengths are in mm unless they carry a unit (pnp.units).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ..units import mm, parse_length


@dataclass(frozen=True)
class Size:
    """A built-in size: width and height in mm, and the shape it is cut to."""

    name: str
    width: float
    height: float
    shape: str
    doc: str


SIZES: dict[str, Size] = {s.name: s for s in (
    Size("poker", 63.5, 88.9, "rect", "A poker card, 2.5 x 3.5 in."),
    Size("bridge", 57.15, 88.9, "rect", "A bridge card, 2.25 x 3.5 in."),
    Size("mini", 44.45, 63.5, "rect", "A mini card, 1.75 x 2.5 in."),
    Size("tarot", 69.85, 120.65, "rect", "A tarot card, 2.75 x 4.75 in."),
    Size("half", 63.5, 44.45, "rect", "Half a poker card, landscape: play money, small tiles."),
    Size("square", 63.5, 63.5, "rect", "A square card, 2.5 in a side."),
    Size("chip", 39.0, 39.0, "round", "A poker chip, 39 mm across."),
    Size("a4", 210.0, 297.0, "rect", "A sheet of A4, portrait."),
    Size("a3", 297.0, 420.0, "rect", "A sheet of A3, portrait."),
    Size("letter", 215.9, 279.4, "rect", "A sheet of US Letter, portrait."),
)}


def hex_size(across_flats: float, orientation: str) -> tuple[float, float]:
    """The bounding box of a regular hexagon `across_flats` wide between opposite sides:
    a flat-topped hexagon is wider than tall, a pointy-topped one taller than wide."""
    corners = across_flats * 2 / math.sqrt(3)
    return (corners, across_flats) if orientation == "flat" else (across_flats, corners)


def read_size(value: Any, shape: str | None, orientation: str | None = None) -> tuple[float, float, str]:
    """Width and height in points and the shape, from a set's `size` and `shape`; raises
    ValueError with a readable reason."""
    if isinstance(value, str) and value.strip() in SIZES:
        size = SIZES[value.strip()]
        shape = shape or size.shape
        width, height = mm(size.width), mm(size.height)
        if shape == "hex":
            width, height = hex_size(min(width, height), orientation or "flat")
        return width, height, shape
    if isinstance(value, dict):
        unknown = sorted(set(value) - {"width", "height"})
        if unknown or set(value) != {"width", "height"}:
            raise ValueError("a size mapping needs exactly width and height")
        width, height = parse_length(value["width"]), parse_length(value["height"])
        if shape == "hex":
            raise ValueError("a hex tile's size is one length, across its flats")
    else:
        if isinstance(value, str) and not any(ch.isdigit() for ch in value):
            import difflib

            close = difflib.get_close_matches(value, list(SIZES), n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else f" (built-in sizes: {', '.join(SIZES)})"
            raise ValueError(f"unknown size {value!r}{hint}")
        width = height = parse_length(value)
        if shape == "hex":
            width, height = hex_size(width, orientation or "flat")
        shape = shape or "round"
    if not (width > 0 and height > 0) or not math.isfinite(width + height):
        raise ValueError("a size must be more than 0")
    if max(width, height) > mm(2000):
        raise ValueError("a size of more than 2 m is not a component pnp can print")
    return width, height, shape or "rect"
