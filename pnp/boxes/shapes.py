"""The shape kinds: a rectangle and a circle, painted with a fill and a stroke."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ..scene import Circle, Node, Rect, Style
from .context import Context
from .kind import box_kind
from .settings import PAINT

if TYPE_CHECKING:
    from ..layout.reader import Box


def painted(ctx: Context, spec: Mapping[str, Any], env: Mapping[str, Any]) -> Style:
    """How a paint setting (fill, stroke and stroke_width: a rect's, a circle's, a frame's) paints."""
    return Style(fill=ctx.colour(spec.get("fill"), env), stroke=ctx.colour(spec.get("stroke"), env),
                 stroke_width=spec.get("stroke_width") or 0.0)


@box_kind("rect", "A rectangle filling the box: fill, stroke, stroke_width and rounded corners of radius.",
          "panel: {x: 4, y: 51, width: 55.5, height: 23.5, rect: {fill: paper, stroke: ink, stroke_width: 0.6pt, "
          "radius: 1.2mm}}", {"rect": PAINT})
def _rect(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    spec = box.get("rect") or {}
    return [Rect(box.x, box.y, box.width, box.height, painted(ctx, spec, env), radius=spec.get("radius") or 0.0)]


@box_kind("circle", "A circle as wide as the box's shorter side, centred in it: fill, stroke and stroke_width.",
          'disc: {x: 0, y: 0, width: 39, height: 39, circle: {fill: "{colour}"}}', {"circle": PAINT})
def _circle(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    spec = box.get("circle") or {}
    return [Circle(box.x + box.width / 2, box.y + box.height / 2, min(box.width, box.height) / 2,
                   painted(ctx, spec, env))]
