"""Dashed strokes in an icon. The scene has no dash style: a dashed stroke becomes a path of its
dashes, each an open subpath of its own (so the stroke's line cap ends each dash), cut from the
shape's outline as SVG lays a dash pattern along it: each subpath dashed from its start, the
pattern moved on by the dash offset, a closed subpath's last dash joined to its first where
they meet at its start. Lines are cut exactly; a curve is split exactly (de Casteljau) where a
dash ends, the place found along it by its length, measured on SAMPLES chords: a dash's end
lies within about a ten-thousandth of the curve's length of where SVG puts it, and the dashes
keep the curve's own shape at any size. A dash of length 0 is a dot when the caps are round
or square (nothing when they are butt), as in SVG.

An outline of a shape begins and turns as SVG says: a rectangle at its top edge's left end (after
a rounded corner), clockwise; a circle and an ellipse at their rightmost point, clockwise."""

from __future__ import annotations

import bisect
import math
from typing import NamedTuple, Sequence

from ..scene import Circle, Node, Path, ellipse_path
from .paths import rounded_rect

MAX_DASHES = 5_000  # an icon is cut into at most these dashes, in all (each is at least two path segments)
SAMPLES = 64  # chords a curve is measured on

Point = tuple[float, float]


class Segment(NamedTuple):
    """A line (two points) or a cubic curve (four), its length, and for a curve the lengths
    along it at SAMPLES + 1 even steps of its parameter."""

    points: tuple[Point, ...]
    length: float
    table: tuple[float, ...] = ()


class Subpath(NamedTuple):
    segments: list[Segment]
    closed: bool


def outline(node: Node) -> tuple[tuple, ...]:
    """The path commands a shape's stroke runs along, as SVG begins and turns them."""
    if isinstance(node, Path):
        return node.commands
    if isinstance(node, Circle):
        return ellipse_path(node.cx, node.cy, node.r, node.r)
    x, y, w, h, r = node.x, node.y, node.width, node.height, node.radius
    if r:
        return rounded_rect(x, y, w, h, r, r)
    return (("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",))


def _bezier(p: Sequence[Point], t: float) -> Point:
    u = 1 - t
    a, b, c, d = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
    return (a * p[0][0] + b * p[1][0] + c * p[2][0] + d * p[3][0],
            a * p[0][1] + b * p[1][1] + c * p[2][1] + d * p[3][1])


def _line(a: Point, b: Point) -> Segment:
    return Segment((a, b), math.dist(a, b))


def _cubic(points: tuple[Point, ...]) -> Segment:
    table, at, here = [0.0], 0.0, points[0]
    for i in range(1, SAMPLES + 1):
        there = points[3] if i == SAMPLES else _bezier(points, i / SAMPLES)
        at += math.dist(here, there)
        table.append(at)
        here = there
    return Segment(points, at, tuple(table))


def subpaths(commands: Sequence[tuple]) -> list[Subpath]:
    """Path commands (M, L, C, Z) as subpaths of measured segments; a Z adds the line back to
    its subpath's start."""
    found: list[Subpath] = []
    start = here = (0.0, 0.0)
    current: Subpath | None = None
    for command in commands:
        kind = command[0]
        if kind == "M":
            start = here = (command[1], command[2])
            current = Subpath([], False)
            found.append(current)
            continue
        if current is None or current.closed:  # drawing on after a Z starts a subpath at its start
            current = Subpath([], False)
            found.append(current)
        if kind == "L":
            current.segments.append(_line(here, (command[1], command[2])))
            here = (command[1], command[2])
        elif kind == "C":
            points = (here, (command[1], command[2]), (command[3], command[4]), (command[5], command[6]))
            current.segments.append(_cubic(points))
            here = points[3]
        else:
            current.segments.append(_line(here, start))
            found[-1] = current = Subpath(current.segments, True)
            here = start
    return found


def count(found: Sequence[Subpath], pattern: Sequence[float]) -> int:
    """At most how many dashes the pattern cuts the subpaths into."""
    period = sum(pattern)
    return sum((math.floor(sum(s.length for s in sub.segments) / period) + 2) * (len(pattern) // 2) for sub in found)


def _t_at(segment: Segment, s: float) -> float:
    """The curve's parameter at length `s` along it."""
    table = segment.table
    i = min(max(bisect.bisect_right(table, s), 1), SAMPLES)
    low, high = table[i - 1], table[i]
    return (i - 1 + ((s - low) / (high - low) if high > low else 0.0)) / SAMPLES


def _split(p: Sequence[Point], t: float) -> tuple[tuple[Point, ...], tuple[Point, ...]]:
    def mid(a: Point, b: Point) -> Point:
        return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t

    ab, bc, cd = mid(p[0], p[1]), mid(p[1], p[2]), mid(p[2], p[3])
    abc, bcd = mid(ab, bc), mid(bc, cd)
    m = mid(abc, bcd)
    return (p[0], ab, abc, m), (m, bcd, cd, p[3])


def _piece(segment: Segment, s0: float, s1: float) -> tuple[Point, tuple]:
    """Where the part of a segment from length s0 to s1 along it starts, and its command."""
    if len(segment.points) == 2:
        a, b = segment.points

        def point(s: float) -> Point:
            if s <= 0:
                return a
            if s >= segment.length:
                return b
            return a[0] + (b[0] - a[0]) * s / segment.length, a[1] + (b[1] - a[1]) * s / segment.length

        return point(s0), ("L", *point(s1))
    points = segment.points
    t0 = 0.0 if s0 <= 0 else _t_at(segment, s0)
    t1 = 1.0 if s1 >= segment.length else _t_at(segment, s1)
    if t0 > 0:
        points = _split(points, t0)[1]
    if t1 < 1:
        points = _split(points, (t1 - t0) / (1 - t0))[0] if t0 < 1 else (points[3],) * 4
    return points[0], ("C", *points[1], *points[2], *points[3])


def _dot(segment: Segment, s: float, tiny: float) -> list[tuple]:
    """A dash of length 0: a tiny one along the segment, so that its caps face its way."""
    if segment.length - s >= tiny:
        start, command = _piece(segment, s, s + tiny)
        return [("M", *start), command]
    start, command = _piece(segment, s - tiny, s)
    end = command[-2:]
    return [("M", *end), ("L", 2 * end[0] - start[0], 2 * end[1] - start[1])]


def _start(pattern: Sequence[float], offset: float) -> tuple[int, float]:
    """The entry of the pattern a subpath begins in, and what is left of it."""
    phase = offset % sum(pattern)
    index = 0
    while index < len(pattern) - 1 and phase >= pattern[index]:
        phase -= pattern[index]
        index += 1
    return index, max(pattern[index] - phase, 0.0)


def dashed(found: Sequence[Subpath], pattern: Sequence[float], offset: float, dots: bool) -> tuple[tuple, ...]:
    """The subpaths' dashes, as path commands: the pattern (an even number of lengths, dash then
    gap, not all 0) moved on by `offset`; `dots`: a dash of length 0 is drawn."""
    period = sum(pattern)
    tiny = period * 1e-6
    near = period * 1e-9
    out: list[tuple] = []
    for sub in found:
        index, left = _start(pattern, offset)
        on = index % 2 == 0
        from_start = on and left > near  # the first dash begins at the subpath's start
        dashes: list[list[tuple]] = []
        current: list[tuple] | None = None
        for segment in sub.segments:
            if segment.length <= 0:
                continue
            at = 0.0
            while True:
                step = min(left, segment.length - at)
                if on and step > 0:
                    start, command = _piece(segment, at, at + step)
                    if current is None:
                        current = [("M", *start)]
                        dashes.append(current)
                    current.append(command)
                at += step
                left -= step
                if left > near:
                    break  # the segment ends inside the entry
                while True:  # the next entry of the pattern (a dash of 0 is a dot, or nothing)
                    index = (index + 1) % len(pattern)
                    on, left = index % 2 == 0, pattern[index]
                    current = None
                    if left > 0:
                        break
                    if on and dots:
                        dashes.append(_dot(segment, at, tiny))
                if segment.length - at <= near:
                    break
        if sub.closed and current is not None and from_start:
            if len(dashes) > 1:  # the last dash goes on into the first
                dashes = [current + dashes[0][1:]] + dashes[1:-1]
            else:
                current.append(("Z",))
        for dash in dashes:
            out += dash
    return tuple(out)
