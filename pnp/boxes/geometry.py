"""Points, dashes and arrow heads, as the line kinds and a track along a path draw them: a
list of points written in the layout or given by the data, a polyline cut into dashes (the
scene has no dash style: each dash is a segment of its own), a head at a line's end, and
the outlines of a rounded rectangle and an ellipse as polylines (to be dashed)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from .. import expr
from ..units import mm
from .misfits import number_of
from .settings import Setting

Point = tuple[float, float]
MAX_POINTS = 10_000  # a line or path has at most these points (a game folder is untrusted)
MAX_DASHES = 20_000  # nor is cut into more dashes than these: longer ones are drawn whole


def _pair(value: Any) -> Point | None:
    """A point as written: [x, y], or a record with x and y (numbers, in mm)."""
    if isinstance(value, (list, tuple)) and len(value) == 2:
        x, y = number_of(value[0]), number_of(value[1])
    elif isinstance(value, Mapping):
        x, y = number_of(value.get("x")), number_of(value.get("y"))
    else:
        return None
    return (x, y) if x is not None and y is not None else None


@dataclass(frozen=True)
class Points(Setting):
    """Points in mm from the box's corner: a list of [x, y] written in the layout (read here,
    each problem said where it is written), or an expression giving one ([x, y] pairs or
    records with x and y), read as the box is drawn for an item (`given`). A line needs
    `least` points."""

    schema: Mapping[str, Any] = field(default_factory=lambda: {
        "oneOf": [{"type": "string", "minLength": 1},
                  {"type": "array", "maxItems": MAX_POINTS, "items": {"type": "array", "items": {"type": "number"}}}],
        "description": "Points in mm from the box's top-left corner: a list of [x, y], or an expression giving "
                       "one (pairs, or records with x and y)."})
    least: int = 2
    noun: str = "line"

    def read(self, reader: Any, value: Any, path: tuple, names: frozenset[str]) -> Any:
        if isinstance(value, str):
            return reader.expression(value, path, names)
        where = f"layout '{reader.file}': {'.'.join(map(str, path[1:]))}"
        for i, point in enumerate(value):
            if _pair(point) is None:
                reader.fail(path + (i,), f"{where}: point {i + 1} is {point!r}; a point is [x, y], in mm")
                return None
        if len(value) < self.least:
            reader.fail(path, f"{where}: a {self.noun} needs at least {self.least} points; it has {len(value)}")
            return None
        return tuple(_pair(point) for point in value)

    def given(self, value: Any, env: Mapping[str, Any]) -> tuple[tuple[Point, ...], str | None]:
        """The points for an item, in mm, and what is wrong with those the data gives (None:
        nothing)."""
        if not isinstance(value, expr.Expression):
            return tuple(value or ()), None
        found = value.evaluate(env)
        if not isinstance(found, (list, tuple)):
            return (), f"{value.source} gives {_shown(found)}, not a list of points"
        if len(found) > MAX_POINTS:
            return (), f"{value.source} gives {len(found)} points, more than {MAX_POINTS}"
        points = []
        for i, point in enumerate(found):
            pair = _pair(point)
            if pair is None:
                return (), f"{value.source} gives {_shown(point)} as point {i + 1}; a point is [x, y], in mm"
            points.append(pair)
        if len(points) < self.least:
            return (), (f"{value.source} gives {len(points)} point{'s' if len(points) != 1 else ''}; a {self.noun} "
                        f"needs at least {self.least}")
        return tuple(points), None


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def length_of(points: Sequence[Point]) -> float:
    return sum(math.dist(a, b) for a, b in zip(points, points[1:]))


def along(points: Sequence[Point], distance: float) -> Point:
    """The point `distance` along a polyline from its start (its end, past its length)."""
    for a, b in zip(points, points[1:]):
        step = math.dist(a, b)
        if distance <= step and step > 0:
            t = distance / step
            return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
        distance -= step
    return points[-1]


def polyline(points: Sequence[Point], closed: bool = False) -> tuple:
    """Path commands through the points (closed: back to the first)."""
    commands = [("M", *points[0])] + [("L", *p) for p in points[1:]]
    return tuple(commands + [("Z",)] if closed else commands)


def dashed(points: Sequence[Point], dash: float, gap: float) -> tuple:
    """A polyline as dashes `dash` long, `gap` apart, from its start: a path of separate
    segments (a dash may turn a corner), cut as an icon's dashed stroke is (pnp.icons.dashes).
    Whole, when it would be cut into more than MAX_DASHES."""
    if dash <= 0 or gap <= 0 or length_of(points) / (dash + gap) > MAX_DASHES:
        return polyline(points)
    from ..icons.dashes import dashed as cut, subpaths

    return cut(subpaths(polyline(points)), (dash, gap), 0.0, False)


def head(tip: Point, before: Point, size: float) -> tuple:
    """An arrow head `size` long (and as wide, near enough), its point at `tip`, pointing away
    from `before`."""
    dx, dy = tip[0] - before[0], tip[1] - before[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    bx, by = tip[0] - ux * size, tip[1] - uy * size
    half = size * 0.45
    return (("M", *tip), ("L", bx - uy * half, by + ux * half), ("L", bx + uy * half, by - ux * half), ("Z",))


def shortened(points: Sequence[Point], at_start: float, at_end: float) -> list[Point]:
    """A polyline with its first and last segments drawn back by these lengths (for a head
    over each end: a line's stroke must not show past the head's point)."""
    found = list(points)
    if at_start and math.dist(found[0], found[1]) > at_start:
        found[0] = along(found[:2], at_start)
    if at_end and math.dist(found[-1], found[-2]) > at_end:
        found[-1] = along([found[-1], found[-2]], at_end)
    return found


def rounded_rect(x: float, y: float, width: float, height: float, radius: float) -> list[Point]:
    """A rectangle's outline, its corners rounded by `radius`, as a closed polyline (from its
    top side's left end, clockwise)."""
    r = max(0.0, min(radius, width / 2, height / 2))
    if r == 0:
        return [(x, y), (x + width, y), (x + width, y + height), (x, y + height), (x, y)]
    points: list[Point] = []
    for cx, cy, start in ((x + width - r, y + r, -90), (x + width - r, y + height - r, 0),
                          (x + r, y + height - r, 90), (x + r, y + r, 180)):
        for i in range(9):
            a = math.radians(start + i * 90 / 8)
            points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return points + [points[0]]


def ellipse(cx: float, cy: float, rx: float, ry: float, steps: int = 96) -> list[Point]:
    """An ellipse as a closed polyline of `steps` sides, from its top, clockwise."""
    points = [(cx + rx * math.sin(2 * math.pi * i / steps), cy - ry * math.cos(2 * math.pi * i / steps))
              for i in range(steps)]
    return points + [points[0]]


DEFAULT_DASH = mm(2.0)  # a dashed line's dashes, when it says none
