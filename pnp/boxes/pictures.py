"""The picture kinds: one of the game's icons, a stand-in medallion holding one, and a
picture file (or, for an item without one, the box drawn in its stead)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Callable, Mapping

from ..model.colours import mix
from ..scene import Circle, Group, Image, Node, Path, Rect, Style, ellipse_path
from .context import Context
from .kind import box_kind, draw_box
from .outline import Shape, paint, rectangle
from .settings import COLOUR, ELSE, ICON, PAINT, choice, template
from .shapes import painted

if TYPE_CHECKING:
    from ..icons import Icon
    from ..layout.reader import Box


@box_kind("icon", "One of the game's icons, as large as the box's shorter side, centred: its black parts in "
          "colour, its white parts in light. The icon can be a template or chosen by a switch.",
          'emblem: {x: 9.75, y: 6.63, width: 19.5, height: 19.5, icon: "{emblem}", colour: ink, light: paper}',
          {"icon": ICON, "colour": COLOUR, "light": COLOUR}, outline=lambda box: (_square(box),))
def _icon(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    return icon_nodes(box, ctx, env)


def icon_nodes(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    """An icon box's nodes for one item (drawn here, not in the registered function, which
    mutation testing leaves alone as it does every decorated one)."""
    icon = ctx.icon(box.get("icon"), env)
    if icon is None:
        return []
    size = min(box.width, box.height)
    ink = ctx.colour(box.get("colour"), env, ctx.ink()) or ctx.ink()
    light = ctx.colour(box.get("light"), env, ctx.paper()) or ctx.paper()
    return [ctx.draw_icon(icon, box.x + (box.width - size) / 2, box.y + (box.height - size) / 2, size, ink, light)]


def _square(box: "Box") -> Shape:
    """Where an icon is drawn: a square of the box's shorter side, centred."""
    size = min(box.width, box.height)
    return rectangle(box.x + (box.width - size) / 2, box.y + (box.height - size) / 2, size, size)


def _image_outline(box: "Box") -> tuple[Shape, ...]:
    """A picture covering its box is a fill (it may run into the bleed); one fitted inside
    it may be drawn anywhere in it; its frame is a line round the box."""
    _, ink = paint(box.get("frame"))
    return ((rectangle(box.x, box.y, box.width, box.height, fill=box.get("fit") != "contain"),)
            + ((rectangle(box.x, box.y, box.width, box.height, ink),) if ink is not None else ()))


# medallions drawn, by box, icon and colours: (the icon, the nodes). Every card of a suit
# without a picture of its own shows the same one, and the scene's nodes are immutable: a
# deck of 1,000 cards holds 16 medallions, not 1,000 (each some 25 KB of paths).
_medallions: dict[tuple, tuple[object, tuple[Node, ...]]] = {}


def medallion_nodes(box: "Box", icon: "Icon | None", colour: str, paper: str, ink: str,
                    draw_icon: Callable[..., Node]) -> list[Node]:
    """A stand-in picture: a sunburst in the colour's tints and a medallion with the icon."""
    key = (box.x, box.y, box.width, box.height, id(icon), colour, paper, ink, draw_icon)  # (the checks draw none)
    known = _medallions.get(key)
    if known is None or known[0] is not icon:
        if len(_medallions) >= 1024:
            _medallions.clear()
        known = _medallions[key] = (icon, tuple(_medallion_nodes(box, icon, colour, paper, ink, draw_icon)))
    return list(known[1])


def _medallion_nodes(box: "Box", icon: "Icon | None", colour: str, paper: str, ink: str,
                     draw_icon: Callable[..., Node]) -> list[Node]:
    cx, cy = box.x + box.width / 2, box.y + box.height / 2
    tint = mix(colour, paper, 0.72)
    ray_colour = mix(colour, paper, 0.63)
    dark = mix(colour, ink, 0.5)
    nodes: list[Node] = [Rect(box.x, box.y, box.width, box.height, Style(fill=tint))]
    reach = math.hypot(box.width, box.height) / 2
    rays: list = []
    for i in range(24):
        a0 = math.radians(i * 15 - 3.75)
        a1 = math.radians(i * 15 + 3.75)
        rays += [("M", cx, cy), ("L", cx + reach * math.cos(a0), cy + reach * math.sin(a0)),
                 ("L", cx + reach * math.cos(a1), cy + reach * math.sin(a1)), ("Z",)]
    nodes.append(Group((Path(tuple(rays), Style(fill=ray_colour)),),
                       clip=Rect(box.x, box.y, box.width, box.height, Style())))
    r = min(box.width, box.height) * 0.42
    nodes.append(Circle(cx, cy, r, Style(fill=paper, stroke=dark, stroke_width=2.2)))
    nodes.append(Circle(cx, cy, r * 0.86, Style(stroke=colour if colour != paper else dark, stroke_width=0.9)))
    dots: tuple = ()
    for i in range(16):
        a = math.radians(i * 22.5)
        dots += ellipse_path(cx + r * 0.93 * math.cos(a), cy + r * 0.93 * math.sin(a), r * 0.025, r * 0.025)
    nodes.append(Path(dots, Style(fill=dark)))
    if icon is not None:
        size = r * 1.2
        nodes.append(draw_icon(icon, cx - size / 2, cy - size / 2, size, dark, paper))
    return nodes


@box_kind("medallion", "A stand-in picture: a sunburst in tints of colour and a medallion holding an icon.",
          "stand-in: {x: 4, y: 11, width: 55.5, height: 38.5, medallion: {switch: kind, cases: {hero: star, "
          "place: tower}}, colour: \"{group.colour}\"}",
          {"medallion": ICON, "colour": COLOUR, "paper": COLOUR, "ink": COLOUR},
          outline=lambda box: (rectangle(box.x, box.y, box.width, box.height, fill=True),))  # (its sunburst fills it)
def _medallion(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    colour = ctx.colour(box.get("colour"), env, ctx.ink()) or ctx.ink()
    paper = ctx.colour(box.get("paper"), env, ctx.paper()) or ctx.paper()
    ink = ctx.colour(box.get("ink"), env, ctx.ink()) or ctx.ink()
    return medallion_nodes(box, ctx.icon(box.get("medallion"), env), colour, paper, ink, ctx.draw_icon)


@box_kind("image", "A picture file (a template giving its path, from the game folder) covering the box, with "
          "an optional frame; when the item has none, the box given as else is drawn instead.",
          'picture: {x: 4, y: 11, width: 55.5, height: 38.5, image: "{art}", frame: {stroke: ink, stroke_width: 0.8}, '
          'else: {medallion: star}}',
          {"image": template(description="A template giving a picture's path, from the game folder."),
           "fit": choice("cover", "contain"), "frame": PAINT, "else": ELSE}, outline=_image_outline)
def _image(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    return image_nodes(box, ctx, env)


def image_nodes(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    """An image box's nodes for one item (drawn here, not in the registered function, which
    mutation testing leaves alone as it does every decorated one)."""
    path = box.get("image").render(env, ctx.language) if box.get("image") is not None else ""
    art = ctx.art.get(path) if path else None
    if art is not None:
        if box.get("fit") == "contain":
            s = min(box.width / art.width, box.height / art.height)
        else:  # cover the box, keeping the picture's proportions, centred
            s = max(box.width / art.width, box.height / art.height)
        w, h = art.width * s, art.height * s
        inner: list[Node] = [Image(box.x + (box.width - w) / 2, box.y + (box.height - h) / 2, w, h, art.path)]
    elif box.get("else") is not None:
        inner = draw_box(box.get("else"), ctx, env)
    else:
        inner = []
    nodes: list[Node] = [Group(tuple(inner), clip=Rect(box.x, box.y, box.width, box.height, Style()))]
    frame = box.get("frame")
    if frame:
        nodes.append(Rect(box.x, box.y, box.width, box.height, painted(ctx, frame, env)))
    return nodes
