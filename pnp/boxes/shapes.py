"""The shape kinds: a rectangle and a circle, painted with a fill and a stroke."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ..scene import Circle, Node, Rect, Style
from .context import Context
from .kind import box_kind
from .outline import Shape, disc, paint, rectangle
from .settings import PAINT

if TYPE_CHECKING:
    from ..layout.reader import Box


def painted(ctx: Context, spec: Mapping[str, Any], env: Mapping[str, Any]) -> Style:
    """How a paint setting (fill, stroke and stroke_width: a rect's, a circle's, a frame's) paints."""
    return Style(fill=ctx.colour(spec.get("fill"), env), stroke=ctx.colour(spec.get("stroke"), env),
                 stroke_width=spec.get("stroke_width") or 0.0)


def _rect_outline(box: "Box") -> tuple[Shape, ...]:
    """The rectangle, a fill when it has no stroke (an area that may run into the bleed);
    nothing when it paints nothing."""
    spec = box.get("rect") or {}
    fill, ink = paint(spec)
    if not fill and ink is None:
        return ()
    return (rectangle(box.x, box.y, box.width, box.height, ink or 0.0, ink is None, spec.get("radius") or 0.0),)


def _circle_outline(box: "Box") -> tuple[Shape, ...]:
    fill, ink = paint(box.get("circle"))
    if not fill and ink is None:
        return ()
    return (disc(box.x + box.width / 2, box.y + box.height / 2, min(box.width, box.height) / 2, ink or 0.0,
                 ink is None),)


@box_kind("rect", "A rectangle filling the box: fill, stroke, stroke_width and rounded corners of radius.",
          "panel: {x: 4, y: 51, width: 55.5, height: 23.5, rect: {fill: paper, stroke: ink, stroke_width: 0.6pt, "
          "radius: 1.2mm}}", {"rect": PAINT}, outline=_rect_outline)
def _rect(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    spec = box.get("rect") or {}
    return [Rect(box.x, box.y, box.width, box.height, painted(ctx, spec, env), radius=spec.get("radius") or 0.0)]


@box_kind("circle", "A circle as wide as the box's shorter side, centred in it: fill, stroke and stroke_width.",
          'disc: {x: 0, y: 0, width: 39, height: 39, circle: {fill: "{colour}"}}', {"circle": PAINT},
          outline=_circle_outline)
def _circle(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    spec = box.get("circle") or {}
    return [Circle(box.x + box.width / 2, box.y + box.height / 2, min(box.width, box.height) / 2,
                   painted(ctx, spec, env))]
