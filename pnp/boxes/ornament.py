"""The ornament kind: rosettes, frames, rules and engraved loops, drawn in a colour."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Mapping

from ..model.colours import mix
from ..scene import Circle, Group, Node, Path, Rect, Style, chain, ellipse_path, rotate, translate
from ..units import mm
from .context import Context
from .kind import box_kind
from .outline import Shape, disc, rectangle
from .settings import COLOUR, choice

if TYPE_CHECKING:
    from ..layout.reader import Box


def rosette(box: "Box", gold: str, paper: str, background: str) -> list[Node]:
    cx, cy = box.x + box.width / 2, box.y + box.height / 2
    r = min(box.width, box.height) / 2
    nodes: list[Node] = [
        Circle(cx, cy, r, Style(stroke=gold, stroke_width=1.2)),
        Circle(cx, cy, r * 0.94, Style(stroke=gold, stroke_width=0.5)),
    ]
    petal = ellipse_path(0, -r * 0.55, r * 0.11, r * 0.33)
    for i in range(16):
        m = chain(rotate(i * 22.5 + 11.25), translate(cx, cy))
        nodes.append(Group((Path(petal, Style(fill=mix(gold, background, 0.55), stroke=gold, stroke_width=0.6)),), m))
    for i in range(8):
        inner = ellipse_path(0, -r * 0.38, r * 0.11, r * 0.24)
        nodes.append(Group((Path(inner, Style(fill=gold)),), chain(rotate(i * 45), translate(cx, cy))))
    nodes.append(Circle(cx, cy, r * 0.2, Style(fill=background, stroke=gold, stroke_width=1.0)))
    star = []
    for i in range(16):
        radius = r * (0.15 if i % 2 == 0 else 0.07)
        a = math.radians(i * 22.5 - 90)
        star.append(("M" if i == 0 else "L", cx + radius * math.cos(a), cy + radius * math.sin(a)))
    nodes.append(Path(tuple(star) + (("Z",),), Style(fill=paper)))
    beads: tuple = ()
    for i in range(32):
        a = math.radians(i * 11.25)
        beads += ellipse_path(cx + r * 0.97 * math.cos(a), cy + r * 0.97 * math.sin(a), r * 0.018, r * 0.018)
    nodes.append(Path(beads, Style(fill=gold)))
    return nodes


def _diamond(x: float, y: float, d: float) -> tuple[tuple[float, float], ...]:
    """A diamond's corners, centred on (x, y), reaching `d` each way."""
    return ((x, y - d), (x + d, y), (x, y + d), (x - d, y))


FRAME_INSET = mm(1.3)  # a corner frame's inner rule
CORNER = mm(2.2)  # how far a corner frame's diamonds reach past its corners


def _corners(box: "Box") -> list[tuple[tuple[float, float], ...]]:
    return [_diamond(x, y, CORNER) for x, y in ((box.x, box.y), (box.right, box.y), (box.x, box.bottom),
                                                  (box.right, box.bottom))]


def corner_frame(box: "Box", colour: str) -> list[Node]:
    inset = FRAME_INSET
    nodes: list[Node] = [
        Rect(box.x, box.y, box.width, box.height, Style(stroke=colour, stroke_width=1.0)),
        Rect(box.x + inset, box.y + inset, box.width - 2 * inset, box.height - 2 * inset,
             Style(stroke=colour, stroke_width=0.4)),
    ]
    for diamond in _corners(box):
        nodes.append(Path((("M", *diamond[0]), *(("L", *p) for p in diamond[1:]), ("Z",)), Style(fill=colour)))
    return nodes


def _loops(box: "Box") -> list[list[tuple[float, float]]]:
    """A guilloche's three loops, as closed polylines: they swell up to a tenth past the box."""
    cx, cy, rx, ry = box.x + box.width / 2, box.y + box.height / 2, box.width / 2, box.height / 2
    loops = []
    for k in range(3):
        points = []
        for i in range(241):
            t = 2 * math.pi * i / 240
            r = 1 + 0.12 * math.sin(9 * t + k * 2.1)
            points.append((cx + rx * r * math.cos(t) * (0.78 + 0.1 * k), cy + ry * r * math.sin(t) * (0.78 + 0.1 * k)))
        loops.append(points)
    return loops


def guilloche(box: "Box", colour: str) -> list[Node]:
    """Interlaced loops like the engraving on a banknote, filling the box."""
    commands: list[tuple] = []
    for points in _loops(box):
        commands += [("M", *points[0]), *(("L", *p) for p in points[1:]), ("Z",)]
    return [Path(tuple(commands), Style(stroke=colour, stroke_width=GUILLOCHE_WIDTH))]


GUILLOCHE_WIDTH = 0.45
DIVIDER_WIDTH = 0.6
DIVIDER_DIAMOND = mm(0.9)


def divider(box: "Box", colour: str) -> list[Node]:
    cx, y, half = box.x + box.width / 2, box.y + box.height / 2, box.width / 2
    d = DIVIDER_DIAMOND
    return [
        Path((("M", cx - half, y), ("L", cx - d * 1.8, y)), Style(stroke=colour, stroke_width=DIVIDER_WIDTH)),
        Path((("M", cx + d * 1.8, y), ("L", cx + half, y)), Style(stroke=colour, stroke_width=DIVIDER_WIDTH)),
        Path((("M", cx, y - d), ("L", cx + d, y), ("L", cx, y + d), ("L", cx - d, y), ("Z",)), Style(fill=colour)),
    ]


RULE_WIDTH = 2.2  # a double rule's heavy outer rule


def double_rule(box: "Box", colour: str) -> list[Node]:
    inset = mm(1.8)
    return [Rect(box.x, box.y, box.width, box.height, Style(stroke=colour, stroke_width=RULE_WIDTH)),
            Rect(box.x + inset, box.y + inset, box.width - 2 * inset, box.height - 2 * inset,
                 Style(stroke=colour, stroke_width=0.6))]


# what each ornament draws, as its outermost lines (pnp.boxes.outline): the inner ones lie inside them
OUTLINES = {
    "rosette": lambda box: (disc(box.x + box.width / 2, box.y + box.height / 2, min(box.width, box.height) / 2,
                                 ink=0.6),),
    "corner-frame": lambda box: (rectangle(box.x, box.y, box.width, box.height, ink=0.5),
                                 *(Shape(diamond) for diamond in _corners(box))),
    "guilloche": lambda box: tuple(Shape(tuple(points[:-1]), GUILLOCHE_WIDTH / 2) for points in _loops(box)),
    "divider": lambda box: (Shape(((box.x, box.y + box.height / 2), (box.right, box.y + box.height / 2)),
                                  DIVIDER_WIDTH / 2),
                            Shape(_diamond(box.x + box.width / 2, box.y + box.height / 2, DIVIDER_DIAMOND))),
    "double-rule": lambda box: (rectangle(box.x, box.y, box.width, box.height, ink=RULE_WIDTH / 2),),
}


ORNAMENTS = {
    "rosette": "A round rosette of petals and beads in colour on background, with a star in paper.",
    "corner-frame": "A double rule around the box with a diamond at each corner.",
    "guilloche": "Interlaced loops filling the box, like the engraving on a banknote.",
    "divider": "A short rule with a diamond in its middle, across the box's middle.",
    "double-rule": "A heavy rule around the box with a thin one inside it.",
}


@box_kind("ornament", "A drawn ornament in colour: " + "; ".join(f"{k}: {v[0].lower()}{v[1:-1]}"
                                                                 for k, v in ORNAMENTS.items()) + ".",
          "frame: {x: 5.4, y: 5.4, width: 52.7, height: 78.1, ornament: corner-frame, colour: gold}",
          {"ornament": choice(*ORNAMENTS), "colour": COLOUR, "paper": COLOUR, "background": COLOUR},
          outline=lambda box: OUTLINES[box.get("ornament")](box))
def _ornament(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    kind = box.get("ornament")
    colour = ctx.colour(box.get("colour"), env, ctx.ink()) or ctx.ink()
    if kind == "rosette":
        return rosette(box, colour, ctx.colour(box.get("paper"), env, ctx.paper()) or ctx.paper(),
                       ctx.colour(box.get("background"), env, ctx.paper()) or ctx.paper())
    return {"corner-frame": corner_frame, "guilloche": guilloche, "divider": divider,
            "double-rule": double_rule}[kind](box, colour)
