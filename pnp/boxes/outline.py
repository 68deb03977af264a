"""What a box draws, as outlines: the print-on-demand checks (pnp.checks.pod) measure them
against a product's trim, bleed and safe zone without drawing anything.

A box kind says what it draws (BoxKind.outline: a function of the box, from its settings
alone, as every item draws it); a kind that says nothing is taken to draw anywhere in its
box. An outline is a list of Shapes: points on the component, how far ink reaches past them
(half a stroke's width) and whether the shape is a fill (a painted area with no edge, which
may run to the trim and past it, into the bleed). The boxes of a group are placed from its
corner and turned with it, and a box's `else` stands where the box does, as pnp.boxes.kind
draws them; a box `mirror`ed is there twice, the copy turned round the component's centre."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterator, Sequence

from ..scene import IDENTITY, Matrix, chain, rotate, translate
from .geometry import Point, ellipse, rounded_rect

if TYPE_CHECKING:
    from ..layout.reader import Box

CIRCLE_SIDES = 72  # a circle as a polygon of this many sides (within 0.1 % of its radius)


@dataclass(frozen=True)
class Shape:
    """Part of what a box draws: a polygon (or a polyline, for a line) through `points` on
    the component, in points; `ink`, how far what is drawn reaches past them (half the width
    of a stroke along them); `fill`, a painted area with no edge of its own (a background,
    a band, a picture covering its box), which may run to the trim and past it."""

    points: tuple[Point, ...]
    ink: float = 0.0
    fill: bool = False


def rectangle(x: float, y: float, width: float, height: float, ink: float = 0.0, fill: bool = False,
              radius: float = 0.0) -> Shape:
    """A rectangle (its corners rounded by `radius`) as a Shape."""
    points = rounded_rect(x, y, width, height, radius)
    return Shape(tuple(points[:-1]), ink, fill)


def box_rectangle(box: "Box") -> tuple[Shape, ...]:
    """What a kind that says nothing of its outline draws: anywhere in its box."""
    return (rectangle(box.x, box.y, box.width, box.height),)


def disc(cx: float, cy: float, radius: float, ink: float = 0.0, fill: bool = False) -> Shape:
    """A circle as a Shape: a polygon of CIRCLE_SIDES sides round it (its sides touching the
    circle, so that nothing of the circle lies outside it)."""
    r = radius / math.cos(math.pi / CIRCLE_SIDES)
    return Shape(tuple(ellipse(cx, cy, r, r, CIRCLE_SIDES)[:-1]), ink, fill)


def paint(spec: Any, stroke_width: float = 0.0) -> tuple[bool, float | None]:
    """Whether a paint setting (fill, stroke, stroke_width) fills, and how far its stroke's
    ink reaches past the outline (None: it has no stroke; `stroke_width`, its width when it
    says none)."""
    spec = spec or {}
    ink = (spec.get("stroke_width") or stroke_width) / 2 if paints(spec.get("stroke")) else None
    return paints(spec.get("fill")), ink


def paints(value: Any) -> bool:
    """Whether a colour setting paints (none does not, nor one not given; a template may
    give a colour)."""
    return value is not None and (value.fixed is not None or value.template is not None)


def outline(box: "Box") -> tuple[Shape, ...]:
    """What a box draws, as its kind outlines it, where the box stands (before any turn): its
    kind is registered, since the box was read as one."""
    from .kind import REGISTERED

    made = REGISTERED[box.kind].outline
    return tuple(made(box)) if made is not None else box_rectangle(box)


def _apply(m: Matrix, points: Sequence[Point]) -> tuple[Point, ...]:
    a, b, c, d, e, f = m
    return tuple((a * x + c * y + e, b * x + d * y + f) for x, y in points)


def _turn(cx: float, cy: float, degrees: float) -> Matrix:
    return chain(translate(-cx, -cy), rotate(degrees), translate(cx, cy))


@dataclass(frozen=True)
class _Step:
    """A turn about a point, or a mirror: the shapes and a copy turned round the component."""

    matrix: Matrix = IDENTITY
    mirror: bool = False


def _own(box: "Box", width: float, height: float) -> tuple[_Step, ...]:
    """What pnp.boxes.kind.draw_box does to a box's drawing: turned about its centre, then
    mirrored about the component's."""
    steps = ()
    if box.rotate:
        steps += (_Step(_turn(box.x + box.width / 2, box.y + box.height / 2, box.rotate)),)
    if box.mirror:
        steps += (_Step(_turn(width / 2, height / 2, 180), mirror=True),)
    return steps


def _placed_shapes(shapes: Sequence[Shape], steps: Sequence[_Step]) -> list[Shape]:
    found = list(shapes)
    for step in steps:
        turned = [Shape(_apply(step.matrix, s.points), s.ink, s.fill) for s in found]
        found = found + turned if step.mirror else turned
    return found


def placed(boxes: Sequence["Box"], width: float, height: float) -> Iterator[tuple[str, "Box", "Box", list[Shape]]]:
    """Every box of a layout `width` x `height` points with what it draws on the component:
    (its name, a group's box's after the group's, as in group.box; the box as written; the
    top-level box it is declared under; its shapes), a group's boxes from its corner and a
    box's else in its stead, each turned as it is drawn."""
    for box in boxes:
        yield from _walk(box.name, box, box, _own(box, width, height), width, height, box)


def _walk(name: str, box: "Box", moved: "Box", steps: tuple, width: float, height: float,
          top: "Box") -> Iterator[tuple[str, "Box", "Box", list[Shape]]]:
    """A box as written and as placed on the component (`moved`), what is done to its drawing
    (`steps`, its own first), and the boxes drawn with it."""
    from dataclasses import replace

    yield name, box, top, _placed_shapes(outline(moved), steps)
    inner = []
    if box.get("else") is not None:  # in its stead
        inner.append((f"{name}.else", box.get("else"), moved.x - box.x, moved.y - box.y))
    if box.kind == "group":  # its boxes from its corner
        inner += [(f"{name}.{sub.name}", sub, moved.x, moved.y) for sub in box.get("boxes") or ()]
    for sub_name, sub, dx, dy in inner:
        shifted = replace(sub, x=sub.x + dx, y=sub.y + dy)
        yield from _walk(sub_name, sub, shifted, _own(shifted, width, height) + steps, width, height, top)
