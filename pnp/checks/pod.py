"""pnp's checks of pieces printed on demand, product by product (pnp.exports.products: The Game
Crafter's cards, tiles and chits): what a layout draws, as its box kinds outline it
(pnp.boxes.outline, nothing drawn), against the piece's trim, a rectangle, hexagon or circle.

- `safe-zone`: what is drawn (a text's box, an icon, a stroke half its width out, an
  ornament's diamonds past its corners) crosses the safe line, 1/8 in inside the trim,
  where a cut may fall; so does the edge of a fill that stops short of the trim within it.
- `bleed`: a fill (an area painted with no edge: a band, a panel, a picture covering its box)
  that reaches the trim stops there instead of running 1/8 in past it, into the bleed: a cut
  just outside the trim shows a line of what lies under it. It says how: for a box of the
  layout's own on a rectangular piece, the group that draws it past, with its numbers.

Each is said once for a box of a layout file and a product, where the box is declared, how
far and on which sides; what is within a pixel of the product's image (1/300 in) is taken
as on the line."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterator, Sequence

from ..boxes.geometry import Point, ellipse
from ..boxes.outline import Shape, placed
from ..components import types
from ..exports.products import BLEED, DPI, INCH, SAFE, Product, product_of
from ..problems import Location, Severity
from ..units import to_mm
from . import Found, rule
from .printed import layouts

if TYPE_CHECKING:
    from ..layout.reader import Box, Layout
    from ..model.game import Game

PIXEL = INCH / DPI  # a pixel of a product's image, in points: nearer than this is on the line
MEASURED = 1_000  # a shape of more points is measured by the rectangle round it
TRIM_SIDES = 64  # a round piece's trim as a polygon of this many sides (8 facing each way)
# the sides of a trim, named by the way they face (y down), in the order a message lists them
SIDES = ("left", "top left", "top", "top right", "right", "bottom right", "bottom", "bottom left")
FACING = ("right", "bottom right", "bottom", "bottom left", "left", "top left", "top", "top right")  # from 0°, 45°...


@dataclass(frozen=True)
class Edge:
    """A side of a trim: from `a` to `b`, facing out along the unit normal `n` (a point p on
    the side has n·p = offset), named by the way it faces."""

    a: Point
    b: Point
    n: Point
    offset: float
    side: str


def trim(shape: str, width: float, height: float) -> list[Edge]:
    """A piece's trim, its sides clockwise: a rectangle, the hexagon a hex tile is cut to (flat
    when wider than tall) or a round piece's circle (as a polygon of TRIM_SIDES sides)."""
    from ..model.hexes import corners, orientation_of

    if shape == "hex":
        points = corners(width / 2, height / 2, min(width, height), orientation_of(width, height))
    elif shape == "round":
        points = ellipse(width / 2, height / 2, width / 2, height / 2, TRIM_SIDES)[:-1]
    else:
        points = [(0.0, 0.0), (width, 0.0), (width, height), (0.0, height)]
    edges = []
    for a, b in zip(points, points[1:] + points[:1]):
        length = math.dist(a, b)
        n = ((b[1] - a[1]) / length, -(b[0] - a[0]) / length)
        facing = FACING[math.floor(math.degrees(math.atan2(n[1], n[0])) / 45 + 0.5) % 8]  # (a half up)
        edges.append(Edge(a, b, n, n[0] * a[0] + n[1] * a[1], facing))
    return edges


def past(shape: Shape, edge: Edge) -> float:
    """How far what a shape draws reaches past a side's line, outwards (negative: short of it)."""
    return max(edge.n[0] * x + edge.n[1] * y for x, y in shape.points) + shape.ink - edge.offset


def _covered(polygon: Sequence[Point], p0: Point, p1: Point) -> list[tuple[float, float]]:
    """The stretches of the segment p0-p1 (as fractions of it) inside a polygon."""
    dx, dy = p1[0] - p0[0], p1[1] - p0[1]
    found = []
    for u, v in zip(polygon, list(polygon[1:]) + [polygon[0]]):
        su = dx * (u[1] - p0[1]) - dy * (u[0] - p0[0])
        sv = dx * (v[1] - p0[1]) - dy * (v[0] - p0[0])
        if (su > 0) != (sv > 0):  # the edge u-v crosses the segment's line
            ex, ey = v[0] - u[0], v[1] - u[1]
            found.append(((u[0] - p0[0]) * ey - (u[1] - p0[1]) * ex) / (dx * ey - dy * ex))
    found.sort()
    return [(max(a, 0.0), min(b, 1.0)) for a, b in zip(found[::2], found[1::2]) if b > 0.0 and a < 1.0]


def _without(stretches: list[tuple[float, float]], others: list[tuple[float, float]]) -> float:
    """How much of `stretches` no stretch of `others` covers (each list apart, in order)."""
    left = 0.0
    for a, b in stretches:
        inside = sum(max(0.0, min(b, d) - max(a, c)) for c, d in others)
        left += (b - a) - inside
    return left


def stops_on(shape: Shape, edge: Edge) -> bool:
    """Whether a fill covers the trim along a side (a pixel inside it) further than it runs
    into the bleed past it (a pixel short of the bleed's edge), by more than a pixel."""
    def along(by: float) -> tuple[Point, Point]:
        return ((edge.a[0] + edge.n[0] * by, edge.a[1] + edge.n[1] * by),
                (edge.b[0] + edge.n[0] * by, edge.b[1] + edge.n[1] * by))

    inside = _covered(shape.points, *along(-PIXEL))
    if not inside:
        return False
    outside = _covered(shape.points, *along(BLEED - PIXEL))
    return _without(inside, outside) * math.dist(edge.a, edge.b) > PIXEL


def _bounded(shape: Shape) -> Shape:
    """A shape as it is measured: one of more than MEASURED points (a polygon or line of the
    data's) by the rectangle round it, which reaches as far, so that a layout's cost stays
    bounded whatever its boxes hold."""
    if len(shape.points) <= MEASURED:
        return shape
    xs, ys = [x for x, _ in shape.points], [y for _, y in shape.points]
    box = ((min(xs), min(ys)), (max(xs), min(ys)), (max(xs), max(ys)), (min(xs), max(ys)))
    return Shape(box, shape.ink, shape.fill)


def _mm(length: float) -> str:
    """A length in mm as a message says it, to a hundredth (1/8 in as 3.175)."""
    return f"{to_mm(length):g}" if length in (SAFE, BLEED) else f"{round(to_mm(length), 2) + 0.0:g}"  # (no -0)


def _sides(edges: list[Edge], found: Sequence[Edge]) -> str:
    """Where the sides found are, as a message says it: at the left and top, all round."""
    if len({id(edge) for edge in found}) == len(edges):
        return "all round"
    named = [side for side in SIDES if any(edge.side == side for edge in found)]
    return "at the " + (" and ".join(named) if len(named) < 3 else ", ".join(named[:-1]) + " and " + named[-1])


@dataclass(frozen=True)
class Fault:
    """What a box draws wrong for a product: its check, its name, and the message's tail."""

    rule: str
    box: str
    said: str


def faults(layout: "Layout", shape: str, product: Product, turned: bool) -> Iterator[tuple["Fault", tuple]]:
    """Each fault of a layout's boxes on a product, with the box's data path and the name of
    the top-level box it is declared under."""
    edges = trim(shape, layout.width, layout.height)
    whose = f"The Game Crafter's {product.name}s" + (" (turned sideways)" if turned else "")
    for name, box, top, shapes in placed(layout.boxes, layout.width, layout.height):
        crossed, stopped = [], []
        for s in (_bounded(s) for s in shapes if s.points):
            for edge in edges:
                beyond = past(s, edge)
                if s.fill and beyond >= -PIXEL:
                    if stops_on(s, edge):
                        stopped.append(edge)
                elif beyond + SAFE > PIXEL:
                    crossed.append((beyond, edge))
        if crossed:
            worst = max(beyond for beyond, _ in crossed)
            sides = [edge for beyond, edge in crossed if beyond > worst - 0.01]
            reach = ("up to" if _mm(worst) == "0" else f"{_mm(-worst)} mm from" if worst < 0 else
                     f"{_mm(worst)} mm past")
            yield Fault("safe-zone", name, f"draws {reach} the trim {_sides(edges, sides)}: {_mm(worst + SAFE)} mm "
                                           f"({round((worst + SAFE) / PIXEL)} px) into the safe zone of {whose}, "
                                           f"{_mm(SAFE)} mm inside the trim, where a cut may fall"), (box, top)
        if stopped:
            yield Fault("bleed", name, f"is a fill that stops at the trim {_sides(edges, stopped)} instead of running "
                                       f"{_mm(BLEED)} mm past it into the bleed of {whose}, where a cut may fall: "
                                       f"{_run_out(box, shape, stopped, box is top)}"), (box, top)


RUN_OUT = 3.2  # mm: how far a message says to run a fill past the trim (the bleed, 1/8 in, rounded up)


def _run_out(box: "Box", shape: str, stopped: Sequence[Edge], own: bool = True) -> str:
    """What a message says to do of a fill that stops at the trim: for a box of the layout's
    `own` (not in a group), not turned, on a rectangular piece, the group to draw it from,
    with its numbers; else how far to run it."""
    if not own or box.rotate or box.mirror or shape in ("hex", "round") or box.kind == "group":
        return f"run it {RUN_OUT:g} mm past the trim there (a box in a group may run past the piece's edge)"
    sides = {edge.side for edge in stopped}
    left, top, right, bottom = (RUN_OUT if side in sides else 0.0 for side in ("left", "top", "right", "bottom"))

    def mm_(length: float) -> str:
        return f"{round(length, 2) + 0.0:g}"

    w, h = to_mm(box.width), to_mm(box.height)
    return (f"a group: true box can draw it {RUN_OUT:g} mm past the trim there, as boxes: {{fill: {{x: "
            f"{mm_(-left)}, y: {mm_(-top)}, width: {mm_(w + left + right)}, height: {mm_(h + top + bottom)}, "
            f"{box.kind}: ...}}}}")


def _products(game: "Game") -> Iterator[tuple["Layout", str, Product, bool]]:
    """Every layout of a set whose pieces are a product (as the print-on-demand export finds
    them), with the set's shape and the product."""
    for component in game.sets.values():
        kind = types()[component.type]
        if not kind.print_on_demand or kind.whole is not None:
            continue
        found = product_of(component.type, component.shape, component.width, component.height)
        if found is None:
            continue
        for layout in layouts(component):
            yield layout, component.shape, *found


def _found(game: "Game", check: str) -> Found:
    """The faults of a check, once for a box of a layout file and a product, where the box is
    declared (both checks' worked out once for a game)."""
    if "pod" not in game.memo:
        said, seen = [], set()
        for layout, shape, product, turned in _products(game):
            for fault, (box, top) in faults(layout, shape, product, turned):
                file = layout.origins.get(top.name, layout.file)  # (a box of a layout another extends)
                if (fault.rule, file, box.at, product.name) in seen:
                    continue
                seen.add((fault.rule, file, box.at, product.name))
                doc = game.documents.get(file)
                said.append((fault.rule, doc.locate(box.at) if doc is not None else Location(file),
                             f"layout '{file}': box '{fault.box}' {fault.said}"))
        game.memo["pod"] = said
    return iter([(where, message) for rule_id, where, message in game.memo["pod"] if rule_id == check])


def safe_zone(game: "Game") -> Found:
    return _found(game, "safe-zone")


def bleed(game: "Game") -> Found:
    return _found(game, "bleed")


rule("safe-zone", Severity.WARNING, "Something a layout draws on a piece printed on demand (a text's box, an icon, a "
     "line, an ornament's outline) crosses the product's safe line, 1/8 in inside the trim, where a cut may fall; "
     "so does the edge of a fill that stops short of the trim inside it.")(safe_zone)
rule("bleed", Severity.WARNING, "A fill (a band, a panel, a picture covering its box) reaches the trim of a piece "
     "printed on demand and stops there instead of running 1/8 in past it into the bleed, so that a cut just "
     "outside the trim shows a line of what lies under it.")(bleed)
