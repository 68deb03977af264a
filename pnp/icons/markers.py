"""Markers in an icon: a <marker> of its <defs> (an arrow's head, a dot), drawn at the vertices of
a path, line, polyline or polygon that names it in marker-start, marker-mid or marker-end, as SVG
places it: its view box fitted into markerWidth x markerHeight (preserveAspectRatio), scaled by
the shape's stroke-width (markerUnits="strokeWidth", the default) or not (userSpaceOnUse), its
point refX, refY put on the vertex, turned by orient (auto: along the path, the bisector of
the directions in and out of a vertex; auto-start-reverse: the start's turned back; or an
angle), clipped to its viewport unless its overflow is visible (Inkscape's are). Its shapes
painted in context-fill or context-stroke take the fill or the stroke of the shape it is on."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from typing import Sequence

from ..scene import Circle, Group, Node, Path, Rect, Style, chain, rotate, scale, translate
from .paths import TOO_LARGE, Report, within
from .properties import NUMBER_RE, length_of

Point = tuple[float, float]
CONTEXT = ("context-fill", "context-stroke")


@dataclass(frozen=True)
class Marker:
    """A <marker>, read: its shapes in its own units, and how it is placed."""

    nodes: tuple[Node, ...]
    view_box: tuple[float, float, float, float] | None = None
    ref: Point = (0.0, 0.0)
    size: Point = (3.0, 3.0)  # markerWidth, markerHeight
    user_space: bool = False  # markerUnits="userSpaceOnUse": not scaled by the stroke's width
    orient: float | str = 0.0  # degrees, "auto" or "auto-start-reverse"
    align: str = "xMidYMid"  # preserveAspectRatio: an alignment or "none"
    slice: bool = False
    clipped: bool = True  # overflow hidden (SVG's default for a marker)

    def _fit(self) -> tuple[float, float, float, float]:
        """Scales and offsets taking the marker's units into its viewport."""
        if self.view_box is None:
            return 1.0, 1.0, 0.0, 0.0
        vx, vy, vw, vh = self.view_box
        width, height = self.size
        kx, ky = width / vw, height / vh
        if self.align == "none":
            return kx, ky, -vx * kx, -vy * ky
        k = max(kx, ky) if self.slice else min(kx, ky)
        where = {"Min": 0.0, "Mid": 0.5, "Max": 1.0}
        tx = (width - vw * k) * where[self.align[1:4]] - vx * k
        ty = (height - vh * k) * where[self.align[5:8]] - vy * k
        return k, k, tx, ty

    def placed(self, at: Point, angle: float, stroke_width: float, fill: str | None,
               stroke: str | None) -> Group | None:
        """The marker at a vertex, turned by `angle` degrees (its orient already applied), for a
        shape of that stroke width, fill and stroke; None when it draws nothing."""
        s = 1.0 if self.user_space else stroke_width
        if s <= 0 or self.size[0] <= 0 or self.size[1] <= 0:
            return None
        kx, ky, tx, ty = self._fit()
        transform = chain(translate(-self.ref[0], -self.ref[1]), scale(kx * s, ky * s), rotate(angle),
                          translate(*at))
        clip = None
        if self.clipped:
            clip = Rect(0.0 - tx / kx, 0.0 - ty / ky, self.size[0] / kx, self.size[1] / ky, Style())
        return Group(_in_context(self.nodes, fill, stroke), transform, clip)

    def angle(self, direction: float, first: bool) -> float:
        """Its turn, in degrees, at a vertex whose direction is `direction` degrees."""
        if self.orient == "auto-start-reverse":
            return direction + 180.0 if first else direction
        if self.orient == "auto":
            return direction
        return float(self.orient)


def _in_context(nodes: tuple[Node, ...], fill: str | None, stroke: str | None) -> tuple[Node, ...]:
    """The nodes with context-fill and context-stroke painted in the shape's fill and stroke."""
    colours = {"context-fill": fill, "context-stroke": stroke}
    out: list[Node] = []
    for node in nodes:
        if isinstance(node, Group):
            out.append(replace(node, children=_in_context(node.children, fill, stroke)))
        elif isinstance(node, (Rect, Circle, Path)) and (node.style.fill in CONTEXT or node.style.stroke in CONTEXT):
            style: Style = node.style
            out.append(replace(node, style=replace(style, fill=colours.get(style.fill, style.fill),
                                                   stroke=colours.get(style.stroke, style.stroke))))
        else:
            out.append(node)
    return tuple(out)


def _direction(a: Point, *others: Point) -> Point | None:
    """The direction from `a` to the first of `others` that is elsewhere."""
    for b in others:
        if b != a:
            return b[0] - a[0], b[1] - a[1]
    return None


@dataclass
class Vertex:
    at: Point
    into: Point | None = None  # the direction the path comes in
    out: Point | None = None  # and goes out

    def direction(self) -> float:
        """The path's direction here in degrees: the bisector of in and out, or the one there is."""
        into, out = self.into or self.out, self.out or self.into
        if into is None or out is None:
            return 0.0
        a, b = math.atan2(into[1], into[0]), math.atan2(out[1], out[0])
        x, y = math.cos(a) + math.cos(b), math.sin(a) + math.sin(b)
        return math.degrees(math.atan2(y, x) if abs(x) + abs(y) > 1e-12 else a)


def vertices(commands: Sequence[tuple]) -> list[Vertex]:
    """The vertices of path commands (M, L, C, Z), each with the directions in and out of it: a
    closed subpath's start comes in along its closing line, its end goes out along its first
    segment."""
    found: list[Vertex] = []
    first: Vertex | None = None
    here = (0.0, 0.0)
    for command in commands:
        kind = command[0]
        if kind == "M":
            here = (command[1], command[2])
            first = Vertex(here)
            found.append(first)
            continue
        if first is None:  # (drawing on after a Z: from the subpath's start)
            first = Vertex(here)
            found.append(first)
        if kind == "L":
            end = (command[1], command[2])
            way = _direction(here, end)
            into = way
        elif kind == "C":
            c1, c2, end = (command[1], command[2]), (command[3], command[4]), (command[5], command[6])
            way = _direction(here, c1, c2, end)
            back = _direction(end, c2, c1, here)
            into = (-back[0], -back[1]) if back else None
        else:
            end = first.at
            way = into = _direction(here, end) or found[-1].into
            first.into = into
        if found[-1].out is None:
            found[-1].out = way
        vertex = Vertex(end, into)
        if kind == "Z":
            vertex.out = first.out
            first = None
        found.append(vertex)
        here = end
    return found


_ALIGN_RE = re.compile(r"\s*(none|x(?:Min|Mid|Max)Y(?:Min|Mid|Max))(?:\s+(meet|slice))?\s*")
_ANGLE_RE = re.compile(rf"\s*({NUMBER_RE.pattern})\s*(deg|rad|grad|turn)?\s*")
_TURNS = {"deg": 1.0, "rad": 180 / math.pi, "grad": 0.9, "turn": 360.0}


def read_marker(attributes: dict[str, str], overflow: tuple[str, str, str | None] | None, report: Report) -> Marker:
    """A <marker>'s placing, from its attributes and its overflow property (value, attribute,
    name in a style attribute); each wrong value reported (see pnp.icons.paths.Report) and
    left at SVG's default."""
    marker = Marker(())
    box = attributes.get("viewBox")
    if box is not None:
        parts = re.split(r"\s*,\s*|\s+", box.strip())
        if len(parts) != 4 or not all(NUMBER_RE.fullmatch(p) for p in parts):
            report(f'viewBox: "{box}" is not four numbers', "viewBox")
        elif not within(float(p) for p in parts):
            report(f"viewBox: {TOO_LARGE}", "viewBox")
        elif float(parts[2]) <= 0 or float(parts[3]) <= 0:
            report("viewBox: the width and height must be more than 0", "viewBox")
        else:
            marker = replace(marker, view_box=tuple(float(p) for p in parts))

    def length(name: str, default: float, minimum: float | None = None) -> float:
        value = attributes.get(name)
        found = None if value is None else length_of(name, value, lambda m: report(m, name), minimum)
        return default if found is None else found

    marker = replace(marker, ref=(length("refX", 0.0), length("refY", 0.0)),
                     size=(length("markerWidth", 3.0, 0.0), length("markerHeight", 3.0, 0.0)))
    units = attributes.get("markerUnits", "strokeWidth").strip()
    if units not in ("strokeWidth", "userSpaceOnUse"):
        report(f'markerUnits: "{units}" is not one of strokeWidth, userSpaceOnUse', "markerUnits")
    marker = replace(marker, user_space=units == "userSpaceOnUse")
    orient = attributes.get("orient", "0").strip()
    angle = _ANGLE_RE.fullmatch(orient)
    if orient in ("auto", "auto-start-reverse"):
        marker = replace(marker, orient=orient)
    elif angle is None:
        report(f'orient: "{orient}" is not auto, auto-start-reverse or an angle', "orient")
    else:
        marker = replace(marker, orient=float(angle.group(1)) * _TURNS[angle.group(2) or "deg"])
    aspect = attributes.get("preserveAspectRatio")
    if aspect is not None:
        found = _ALIGN_RE.fullmatch(aspect)
        if found is None:
            report(f'preserveAspectRatio: "{aspect}" is not an alignment (such as xMidYMid), none, or one of '
                   f"them with meet or slice", "preserveAspectRatio")
        else:
            marker = replace(marker, align=found.group(1), slice=found.group(2) == "slice")
    if overflow is not None:
        value = overflow[0].strip().lower()
        if value not in ("visible", "auto", "hidden", "scroll", "clip"):
            report(f'overflow: "{overflow[0].strip()}" is not one of visible, auto, hidden, scroll, clip',
                   overflow[1], find=overflow[2])
        marker = replace(marker, clipped=value not in ("visible", "auto"))
    return marker
