"""Box kinds: what a layout's box can draw, each bound to the data by templates.

Every kind is registered in BOX_KINDS with the settings it takes, a one-line doc and an
example (the README's reference is checked against them), and a function that draws a box
for one item into scene nodes. Drawing is pure: files are read before (art sizes come in
the Context), and no backend is imported.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Mapping

from .. import expr
from ..colours import mix
from ..fonts import FontMetrics
from ..layout import BOX_KINDS, box_kind
from ..scene import (Circle, Group, Image, Node, Path, Rect, Style, Text, chain, ellipse_path, rotate, scale,
                     translate)
from ..textfit import fit_paragraph, fit_size
from ..units import mm

if TYPE_CHECKING:
    from ..icons import Icon
    from ..layout import Box, Layout
    from ..values import Colour, Localised

MIN_TEXT_SIZE = 6.0  # points: no line of text is printed smaller, whatever the layout says
MIN_PARAGRAPH_SIZE = 5.0  # nor a paragraph


@dataclass(frozen=True)
class Art:
    """A picture file and its pixel size (read by the caller, so composing does no I/O)."""

    path: str
    width: int
    height: int


@dataclass
class Context:
    """What drawing a component needs besides its layout and data."""

    fonts: Mapping[str, FontMetrics]  # by role
    icons: Mapping[str, "Icon"]
    art: Mapping[str, Art]  # by the path the data gives
    language: str
    default: str  # the game's first language
    layout: "Layout"
    extra: dict = field(default_factory=dict)  # what a box kind keeps for others (a map's frame)

    def ink(self) -> str:
        return self.layout.colours.get("ink", "#000000")

    def paper(self) -> str:
        return self.layout.colours.get("paper", "#ffffff")

    def colour(self, value: "Colour | None", env: Mapping[str, Any], default: str | None = None) -> str | None:
        if value is None:
            return default
        if value.template is None:
            return value.fixed
        found = value.template.value(env)
        if found is None or found == "none":
            return None
        return str(found).lower()

    def text(self, value: "Localised | None", env: Mapping[str, Any]) -> str:
        if value is None:
            return ""
        return value.get(self.language, self.default).render(env, self.language)

    def icon(self, value: Any, env: Mapping[str, Any]) -> "Icon | None":
        from ..values import Switch

        if isinstance(value, Switch):
            key = value.on.evaluate(env)
            value = value.cases.get(key, value.default)
        elif isinstance(value, expr.Template):
            value = value.render(env, self.language)
        return self.icons.get(value) if isinstance(value, str) else None

    def font(self, box: "Box", default: str) -> FontMetrics:
        return self.fonts[box.get("font") or default]


# --- text ---------------------------------------------------------------------------------

def baseline(box: "Box", font: FontMetrics, size: float, valign: str) -> float:
    """Where a line's baseline goes: capitals centred (middle), at the top, or on the bottom."""
    if valign == "top":
        return box.y + font.cap_height * size
    if valign == "baseline":
        return box.bottom
    return box.y + (box.height + font.cap_height * size) / 2


def fit_line(box: "Box", text: str, font: FontMetrics) -> float | None:
    """The size `text` is printed at in `box` (shrunk to fit, never below MIN_TEXT_SIZE),
    or None if it cannot fit."""
    size = max(box.get("size") or 10.0, MIN_TEXT_SIZE)
    return fit_size(font, text, box.width, size, max(box.get("min_size") or size, MIN_TEXT_SIZE))


def fit_lines(box: "Box", text: str, font: FontMetrics) -> tuple[float, list[str]] | None:
    """A wrapped text's size and lines in `box`, or None if it cannot fit."""
    size = box.get("size") or 7.0
    least = max(box.get("min_size") or size, MIN_PARAGRAPH_SIZE)
    return fit_paragraph(font, text, box.width, box.height, max(size, least), least, box.get("leading") or 1.2)


def fitted(box: "Box", text: str, font: FontMetrics) -> tuple[float, list[str]] | None:
    """How a text box prints `text`: (size, lines), or None when it does not fit."""
    if box.get("wrap"):
        return fit_lines(box, text, font)
    size = fit_line(box, text, font)
    return (size, [text]) if size is not None else None


def text_nodes(box: "Box", text: str, font: FontMetrics, colour: str) -> list[Node]:
    if not text:
        return []
    found = fitted(box, text, font)
    if found is None:  # reported by text-fit: print it at the smallest size allowed
        least = MIN_PARAGRAPH_SIZE if box.get("wrap") else MIN_TEXT_SIZE
        size = max(box.get("min_size") or least, least)
        found = (size, [text]) if not box.get("wrap") else (size, fit_lines_anyway(font, text, box.width, size))
    size, lines = found
    align = box.get("align") or "centre"
    anchor, x = {"left": ("start", box.x), "right": ("end", box.right)}.get(align, ("middle", box.x + box.width / 2))
    valign = box.get("valign") or "middle"
    leading = size * (box.get("leading") or 1.2)
    if len(lines) > 1 and valign == "middle":
        block = leading * (len(lines) - 1) + font.cap_height * size
        first = box.y + (box.height - block) / 2 + font.cap_height * size
    elif valign == "baseline":
        first = box.bottom - leading * (len(lines) - 1)
    else:
        first = baseline(box, font, size, valign)
    return [Text(x, first + i * leading, line, font.name, size, colour, anchor) for i, line in enumerate(lines)]


def fit_lines_anyway(font: FontMetrics, text: str, width: float, size: float) -> list[str]:
    from ..textfit import wrap

    return wrap(font, text, width, size)


@box_kind("text", "Text from a template, shrunk to fit its box down to min_size; with wrap, a paragraph.",
          'name: {x: 5.5, y: 52, width: 52.5, height: 7, text: "{name}", font: heading, size: 11.5, min_size: 6}',
          ("font", "size", "min_size", "colour", "align", "valign", "wrap", "leading"))
def _text(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    text = ctx.text(box.get("text"), env)
    return text_nodes(box, text, ctx.font(box, "body"), ctx.colour(box.get("colour"), env, ctx.ink()) or ctx.ink())


# --- shapes -------------------------------------------------------------------------------

def _style(ctx: Context, spec: Mapping[str, Any], env: Mapping[str, Any]) -> Style:
    return Style(fill=ctx.colour(spec.get("fill"), env), stroke=ctx.colour(spec.get("stroke"), env),
                 stroke_width=spec.get("stroke_width") or 0.0)


@box_kind("rect", "A rectangle filling the box: fill, stroke, stroke_width and rounded corners of radius.",
          "panel: {x: 4, y: 51, width: 55.5, height: 23.5, rect: {fill: paper, stroke: ink, stroke_width: 0.6pt, "
          "radius: 1.2mm}}")
def _rect(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    spec = box.get("rect") or {}
    return [Rect(box.x, box.y, box.width, box.height, _style(ctx, spec, env), radius=spec.get("radius") or 0.0)]


@box_kind("circle", "A circle as wide as the box's shorter side, centred in it: fill, stroke and stroke_width.",
          'disc: {x: 0, y: 0, width: 39, height: 39, circle: {fill: "{colour}"}}')
def _circle(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    spec = box.get("circle") or {}
    return [Circle(box.x + box.width / 2, box.y + box.height / 2, min(box.width, box.height) / 2,
                   _style(ctx, spec, env))]


# --- icons and pictures ---------------------------------------------------------------------

@box_kind("icon", "One of the game's icons, as large as the box's shorter side, centred: its black parts in "
          "colour, its white parts in light. The icon can be a template or chosen by a switch.",
          'emblem: {x: 9.75, y: 6.63, width: 19.5, height: 19.5, icon: "{emblem}", colour: ink, light: paper}',
          ("colour", "light"))
def _icon(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    from ..icons.draw import draw_icon

    icon = ctx.icon(box.get("icon"), env)
    if icon is None:
        return []
    size = min(box.width, box.height)
    ink = ctx.colour(box.get("colour"), env, ctx.ink()) or ctx.ink()
    light = ctx.colour(box.get("light"), env, ctx.paper()) or ctx.paper()
    return [draw_icon(icon, box.x + (box.width - size) / 2, box.y + (box.height - size) / 2, size, ink, light)]


# medallions drawn, by box, icon and colours: (the icon, the nodes). Every card of a suit
# without a picture of its own shows the same one, and the scene's nodes are immutable: a
# deck of 1,000 cards holds 16 medallions, not 1,000 (each some 25 KB of paths).
_medallions: dict[tuple, tuple[object, tuple[Node, ...]]] = {}


def medallion_nodes(box: "Box", icon: "Icon | None", colour: str, paper: str, ink: str) -> list[Node]:
    """A stand-in picture: a sunburst in the colour's tints and a medallion with the icon."""
    key = (box.x, box.y, box.width, box.height, id(icon), colour, paper, ink)
    known = _medallions.get(key)
    if known is None or known[0] is not icon:
        if len(_medallions) >= 1024:
            _medallions.clear()
        known = _medallions[key] = (icon, tuple(_medallion_nodes(box, icon, colour, paper, ink)))
    return list(known[1])


def _medallion_nodes(box: "Box", icon: "Icon | None", colour: str, paper: str, ink: str) -> list[Node]:
    from ..icons.draw import draw_icon

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
          ("colour", "paper", "ink"))
def _medallion(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    colour = ctx.colour(box.get("colour"), env, ctx.ink()) or ctx.ink()
    paper = ctx.colour(box.get("paper"), env, ctx.paper()) or ctx.paper()
    ink = ctx.colour(box.get("ink"), env, ctx.ink()) or ctx.ink()
    return medallion_nodes(box, ctx.icon(box.get("medallion"), env), colour, paper, ink)


@box_kind("image", "A picture file (a template giving its path, from the game folder) covering the box, with "
          "an optional frame; when the item has none, the box given as else is drawn instead.",
          'picture: {x: 4, y: 11, width: 55.5, height: 38.5, image: "{art}", frame: {stroke: ink, stroke_width: 0.8}, '
          'else: {medallion: star}}',
          ("fit", "frame", "else"))
def _image(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
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
        nodes.append(Rect(box.x, box.y, box.width, box.height, _style(ctx, frame, env)))
    return nodes


# --- numbers in discs ---------------------------------------------------------------------

@box_kind("badge", "A number or short text in a ringed disc as large as the box: paper inside, an ink edge and "
          "a ring in colour.",
          'rank: {x: 3.5, y: 3.5, width: 12, height: 12, badge: "{rank}", if: "rank != none", '
          'colour: "{group.colour}", font: heading, size: 15}',
          ("colour", "paper", "ink", "font", "size"))
def _badge(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    label = ctx.text(box.get("badge"), env)
    if not label:
        return []
    paper = ctx.colour(box.get("paper"), env, ctx.paper()) or ctx.paper()
    ink = ctx.colour(box.get("ink"), env, ctx.ink()) or ctx.ink()
    colour = ctx.colour(box.get("colour"), env, ink) or ink
    font = ctx.font(box, "heading")
    cx, cy = box.x + box.width / 2, box.y + box.height / 2
    r = min(box.width, box.height) / 2
    size = fit_size(font, label, r * 1.5, box.get("size") or 14.0, 6.0) or 6.0
    return [
        Circle(cx, cy, r, Style(fill=paper, stroke=ink, stroke_width=1.0)),
        Circle(cx, cy, r - 1.6, Style(stroke=colour if colour != paper else ink, stroke_width=1.2)),
        Text(cx, cy + font.cap_height * size / 2, label, font.name, size, ink, "middle"),
    ]


def row_icons(spec: Mapping[str, Any], ctx: Context, env: Mapping[str, Any]) -> list[tuple["Icon", int]]:
    """A row's icons and how many of each it shows (its icons: a list of {icon, count}, or an
    expression giving icon names, each once); icons that do not exist or counts under one
    left out."""
    entries = spec.get("icons") or []
    if isinstance(entries, expr.Expression):
        names = entries.evaluate(env)
        entries = [{"icon": name} for name in names] if isinstance(names, (list, tuple)) else []
    counts = []
    for entry in entries:
        icon = ctx.icon(entry.get("icon"), env)
        count = entry["count"].evaluate(env) if entry.get("count") is not None else 1
        if icon is not None and isinstance(count, int) and count > 0:
            counts.append((icon, count))
    return counts


@box_kind("row", "A row shared by numbered discs from a list (badges, from the left) and counted icons (from the "
          "right, or centred with align: centre when there are no badges): each icon is repeated as often as its "
          "count while there is room, else drawn once with ×N; icons can also be an expression giving a list of "
          "icon names, each drawn once.",
          'strip: {x: 5.5, y: 77.25, width: 52.5, height: 7, row: {badges: needs, badge_colour: "{group.colour}", '
          'icons: [{icon: star, count: stars}, {icon: shield, count: shields}]}, font: heading, size: 9}',
          ("font", "size", "ink", "paper", "align"))
def _row(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    from ..icons.draw import draw_icon

    spec = box.get("row") or {}
    numbers = spec["badges"].evaluate(env) if spec.get("badges") is not None else []
    numbers = [n for n in (numbers or []) if n is not None]
    ink = ctx.colour(box.get("ink"), env, ctx.ink()) or ctx.ink()
    paper = ctx.colour(box.get("paper"), env, ctx.paper()) or ctx.paper()
    colour = ctx.colour(spec.get("badge_colour"), env, paper) or paper
    text_colour = ctx.colour(spec.get("text_colour"), env, ink) or ink
    counts = row_icons(spec, ctx, env)
    left, right = box.x, box.right
    spacing = mm(2)
    diameter = box.height * 0.82
    gap = diameter * 0.18
    n = len(numbers)
    badges = n * diameter + max(n - 1, 0) * gap

    size = box.height
    icon_gap, group_gap = size * 0.08, size * 0.35
    total = sum(c for _, c in counts)
    repeated = total * size + (total - len(counts)) * icon_gap + max(len(counts) - 1, 0) * group_gap
    label_font = ctx.fonts["heading"]
    label_size = size * 0.8
    compact = sum(size + icon_gap + label_font.width(f"×{c}", label_size) for _, c in counts) \
        + max(len(counts) - 1, 0) * group_gap
    min_diameter = mm(4.2)
    squeezed = n * min_diameter * 1.1 + spacing if n else 0.0
    # repeat each icon when it fits beside the badges, even if they must shrink a little
    repeat = repeated <= right - left - squeezed or compact >= repeated
    symbols_width = repeated if repeat else compact

    nodes: list[Node] = []
    x = right - symbols_width
    if box.get("align") == "centre" and not numbers:
        x = left + (right - left - symbols_width) / 2
    y = box.y
    for icon, count in counts:
        if repeat:
            for _ in range(count):
                nodes.append(draw_icon(icon, x, y, size, ink, paper))
                x += size + icon_gap
            x += group_gap - icon_gap
        else:
            nodes.append(draw_icon(icon, x, y, size, ink, paper))
            x += size + icon_gap
            label = f"×{count}"
            nodes.append(Text(x, y + (size + label_font.cap_height * label_size) / 2, label, label_font.name,
                              label_size, ink))
            x += label_font.width(label, label_size) + group_gap
    if n:
        space = right - symbols_width - (spacing if counts else 0) - left
        if badges > space:  # squeeze a long list into what is left
            diameter = min(diameter, space / (n * 1.1))
            gap = (space - n * diameter) / max(n - 1, 1)
        badge_font = ctx.font(box, "heading")
        text_size = min(box.get("size") or 9.0, diameter * 0.62)
        cy = box.y + box.height / 2
        for i, number in enumerate(numbers):
            cx = left + diameter / 2 + i * (diameter + gap)
            nodes.append(Circle(cx, cy, diameter / 2, Style(fill=colour, stroke=ink, stroke_width=0.7)))
            nodes.append(Text(cx, cy + badge_font.cap_height * text_size / 2, expr.format_value(number),
                              badge_font.name, text_size, text_colour, "middle"))
    return nodes


# --- ornaments ----------------------------------------------------------------------------

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


def corner_frame(box: "Box", colour: str) -> list[Node]:
    inset = mm(1.3)
    nodes: list[Node] = [
        Rect(box.x, box.y, box.width, box.height, Style(stroke=colour, stroke_width=1.0)),
        Rect(box.x + inset, box.y + inset, box.width - 2 * inset, box.height - 2 * inset,
             Style(stroke=colour, stroke_width=0.4)),
    ]
    d = mm(2.2)
    for x, y in ((box.x, box.y), (box.right, box.y), (box.x, box.bottom), (box.right, box.bottom)):
        nodes.append(Path((("M", x, y - d), ("L", x + d, y), ("L", x, y + d), ("L", x - d, y), ("Z",)),
                          Style(fill=colour)))
    return nodes


def guilloche(box: "Box", colour: str) -> list[Node]:
    """Interlaced loops like the engraving on a banknote, filling the box."""
    cx, cy, rx, ry = box.x + box.width / 2, box.y + box.height / 2, box.width / 2, box.height / 2
    commands: list[tuple] = []
    for k in range(3):
        points = []
        for i in range(241):
            t = 2 * math.pi * i / 240
            r = 1 + 0.12 * math.sin(9 * t + k * 2.1)
            points.append((cx + rx * r * math.cos(t) * (0.78 + 0.1 * k), cy + ry * r * math.sin(t) * (0.78 + 0.1 * k)))
        commands += [("M", *points[0]), *(("L", *p) for p in points[1:]), ("Z",)]
    return [Path(tuple(commands), Style(stroke=colour, stroke_width=0.45))]


def divider(box: "Box", colour: str) -> list[Node]:
    cx, y, half = box.x + box.width / 2, box.y + box.height / 2, box.width / 2
    d = mm(0.9)
    return [
        Path((("M", cx - half, y), ("L", cx - d * 1.8, y)), Style(stroke=colour, stroke_width=0.6)),
        Path((("M", cx + d * 1.8, y), ("L", cx + half, y)), Style(stroke=colour, stroke_width=0.6)),
        Path((("M", cx, y - d), ("L", cx + d, y), ("L", cx, y + d), ("L", cx - d, y), ("Z",)), Style(fill=colour)),
    ]


def double_rule(box: "Box", colour: str) -> list[Node]:
    inset = mm(1.8)
    return [Rect(box.x, box.y, box.width, box.height, Style(stroke=colour, stroke_width=2.2)),
            Rect(box.x + inset, box.y + inset, box.width - 2 * inset, box.height - 2 * inset,
                 Style(stroke=colour, stroke_width=0.6))]


ORNAMENTS = {
    "rosette": "A round rosette of petals and beads in colour on background, with a star in paper.",
    "corner-frame": "A double rule around the box with a diamond at each corner.",
    "guilloche": "Interlaced loops filling the box, like the engraving on a banknote.",
    "divider": "A short rule with a diamond in its middle, across the box's middle.",
    "double-rule": "A heavy rule around the box with a thin one inside it.",
}


@box_kind("ornament", "A drawn ornament in colour: " + "; ".join(f"{k}: {v[0].lower()}{v[1:-1]}"
                                                                 for k, v in ORNAMENTS.items()) + ".",
          "frame: {x: 3.5, y: 3.5, width: 56.5, height: 81.9, ornament: corner-frame, colour: gold}",
          ("colour", "paper", "background"))
def _ornament(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    kind = box.get("ornament")
    colour = ctx.colour(box.get("colour"), env, ctx.ink()) or ctx.ink()
    if kind == "rosette":
        return rosette(box, colour, ctx.colour(box.get("paper"), env, ctx.paper()) or ctx.paper(),
                       ctx.colour(box.get("background"), env, ctx.paper()) or ctx.paper())
    return {"corner-frame": corner_frame, "guilloche": guilloche, "divider": divider,
            "double-rule": double_rule}[kind](box, colour)


# --- tables and lists -----------------------------------------------------------------------

@box_kind("table", "A table with a title and a header row: rows is an expression giving a list, and each row "
          "prints its cells (templates that can use `row`), each column starting at its share of the width.",
          'prices: {x: 6, y: 6, width: 51.5, height: 33, table: {title: "{labels.prices}", columns: [0, 0.5], '
          'header: [Cards, Price], rows: "range(1, 6)", cells: ["{row}", "{row * (row - 1) // 2}"]}}',
          ("font", "size", "colour", "accent", "paper", "stripe"), ("row",))
def _table(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    spec = box.get("table") or {}
    font, bold = ctx.font(box, "body"), ctx.fonts[spec.get("title_font") or "heading"]
    size = box.get("size") or 7.5
    ink = ctx.colour(box.get("colour"), env, ctx.ink()) or ctx.ink()
    accent = ctx.colour(box.get("accent"), env, ink) or ink
    paper = ctx.colour(box.get("paper"), env, ctx.paper()) or ctx.paper()
    stripe = ctx.colour(box.get("stripe"), env, None)
    rows = [[ctx.text(cell, env) for cell in spec.get("header") or []]]
    for row in spec["rows"].evaluate(env) if spec.get("rows") is not None else []:
        inner = dict(env, row=row)
        rows.append([ctx.text(cell, inner) for cell in spec.get("cells") or []])
    columns = spec.get("columns") or [0.0]
    nodes: list[Node] = []
    title = ctx.text(spec.get("title"), env)
    title_size = size + 1.5
    top = box.y
    if title:
        nodes.append(Text(box.x, box.y + bold.cap_height * title_size, title, bold.name, title_size, accent))
        top = box.y + title_size + mm(1.5)
    row_height = (box.bottom - top) / max(len(rows), 1)
    for i, cells in enumerate(rows):
        y = top + i * row_height
        if i == 0:
            nodes.append(Rect(box.x, y, box.width, row_height, Style(fill=accent)))
        elif i % 2 == 0 and stripe:
            nodes.append(Rect(box.x, y, box.width, row_height, Style(fill=stripe)))
        for j, cell in enumerate(cells):
            f = bold if i == 0 else font
            x = box.x + columns[min(j, len(columns) - 1)] * box.width
            nodes.append(Text(x, y + (row_height + f.cap_height * size) / 2, cell, f.name, size,
                              paper if i == 0 else ink))
    return nodes


@box_kind("track", "A track of numbered spaces, such as a score or income track: spaces is an expression giving "
          "a list, laid out per_row to a row (rows run back and forth, the first at the bottom), each square "
          "showing its label (a template that can use `space`); where highlight holds the space takes the accent "
          "colour.",
          'income: {x: 10, y: 330, width: 90, height: 75, track: {spaces: "range(0, 30)", per_row: 6, '
          'label: "{space}", highlight: "space == 20"}, font: heading, size: 9, accent: "#7a1f1f"}',
          ("font", "size", "colour", "accent", "paper"), ("space",))
def _track(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    spec = box.get("track") or {}
    spaces, per_row, side = track_spaces(box, env)
    if not spaces:
        return []
    font = ctx.font(box, "heading")
    size = box.get("size") or 9.0
    ink = ctx.colour(box.get("colour"), env, ctx.ink()) or ctx.ink()
    accent = ctx.colour(box.get("accent"), env, ink) or ink
    paper = ctx.colour(box.get("paper"), env, ctx.paper()) or ctx.paper()
    nodes: list[Node] = []
    for i, space in enumerate(spaces):
        row, column = divmod(i, per_row)
        if row % 2:
            column = per_row - 1 - column
        x, y = box.x + column * side, box.bottom - (row + 1) * side
        inner = dict(env, space=space)
        marked = spec.get("highlight") is not None and bool(spec["highlight"].evaluate(inner))
        nodes.append(Rect(x, y, side, side, Style(fill=accent if marked else paper, stroke=ink, stroke_width=0.6)))
        label = ctx.text(spec.get("label"), inner) if spec.get("label") is not None else str(space)
        fitted = fit_size(font, label, side - TRACK_LABEL_MARGIN, size, MIN_TRACK_SIZE) or MIN_TRACK_SIZE
        nodes.append(Text(x + side / 2, y + side / 2 + font.cap_height * fitted / 2, label, font.name, fitted,
                          paper if marked else ink, "middle"))
    return nodes


TRACK_LABEL_MARGIN = mm(1.5)  # a track's label keeps this clear of its square's sides, together
MIN_TRACK_SIZE = 5.0


def track_spaces(box: "Box", env: Mapping[str, Any]) -> tuple[list, int, float]:
    """A track's spaces, how many to a row, and the side of each square."""
    spec = box.get("track") or {}
    spaces = list(spec["spaces"].evaluate(env)) if spec.get("spaces") is not None else []
    if not spaces:
        return [], 0, 0.0
    per_row = spec.get("per_row") or len(spaces)
    rows = -(-len(spaces) // per_row)
    return spaces, per_row, min(box.width / per_row, box.height / rows)


@box_kind("list", "The boxes under boxes, drawn once for each element of a list (an expression), in rows of "
          "equal height down the box (or row_height apart from its top); inside, `entry` is the element and "
          "`number` its place from 1.",
          'phases: {x: 6, y: 17, width: 51.5, height: 66, list: phases, boxes: {title: {x: 0, y: 0, width: 51.5, '
          'height: 5, text: "{number}. {entry.name}"}}}',
          ("boxes", "row_height"), ("entry", "number"))
def _list(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    entries = box.get("list").evaluate(env) if box.get("list") is not None else []
    if not entries:
        return []
    row = box.get("row_height") or box.height / len(entries)
    nodes: list[Node] = []
    for i, entry in enumerate(entries):
        inner = dict(env, entry=entry, number=i + 1)
        for sub in box.get("boxes") or ():
            nodes += draw_box(_moved(sub, box.x, box.y + i * row), ctx, inner)
    return nodes


def _moved(sub: "Box", dx: float, dy: float) -> "Box":
    """A box of a group or list, placed relative to its parent's corner."""
    from dataclasses import replace

    return replace(sub, x=sub.x + dx, y=sub.y + dy)


@box_kind("group", "The boxes under boxes, placed from this box's top-left corner and drawn with it: with rotate: "
          "180, the far half of a split card, read from the other end.",
          "fail-half: {x: 0, y: 44.45, width: 63.5, height: 44.45, rotate: 180, group: true, boxes: {word: {x: 4, "
          "y: 4, width: 55.5, height: 9, text: \"{fail}\"}}}",
          ("boxes",))
def _group(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    nodes: list[Node] = []
    for sub in box.get("boxes") or ():
        nodes += draw_box(_moved(sub, box.x, box.y), ctx, env)
    return nodes


# --- hex maps -------------------------------------------------------------------------------

@box_kind("hexmap", "A map of hexagons: hexmap is an expression giving the cells (records with q and r, axial "
          "coordinates); with columns and rows, the map is that rectangle of hexes (every second row, or column "
          "when flat, shifted by half), each hex's cell the record listing it by hex (a hex field, as printed: "
          "E7) or else default, with col, row and name added. It is drawn as large as fits the box, or across "
          "(a length) across the flats of each hex, centred; orientation is flat or pointy; fill, stroke, symbol "
          "(an icon: scatter: true draws it small seven times, a texture that shows around a piece on the hex), "
          "colour and light (the symbol's), label (at the hex's bottom, or top with label_at: top) and "
          "text_colour (the label's, default colour) are templates that can use `cell`.",
          'diagram: {x: 4, y: 30, width: 55.5, height: 40, hexmap: board, orientation: flat, fill: "{cell.tile.colour}", '
          'stroke: ink, symbol: "{cell.tile.icon}", label: "{cell.label}"}',
          ("orientation", "fill", "stroke", "stroke_width", "symbol", "colour", "light", "label", "font", "size",
           "columns", "rows", "default", "across", "scatter", "label_at", "text_colour"),
          ("cell",))
def _hexmap(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    from ..hexes import outline

    orientation, cells, places, size = hexmap_layout(box, env)
    if not cells:
        return []
    ink = ctx.ink()
    stroke = ctx.colour(box.get("stroke"), env, ink)
    width = box.get("stroke_width") or 0.5
    font = ctx.font(box, "heading")
    scatter = bool(box.get("scatter"))
    nodes: list[Node] = []
    for cell, (x, y) in zip(cells, places):
        inner = dict(env, cell=cell)
        fill = ctx.colour(box.get("fill"), inner, ctx.paper())
        nodes.append(Path(outline(x, y, size, orientation), Style(fill=fill, stroke=stroke, stroke_width=width,
                                                                   line_join="round")))
        label = ctx.text(box.get("label"), inner) if box.get("label") is not None else ""
        icon = ctx.icon(box.get("symbol"), inner) if box.get("symbol") is not None else None
        colour = ctx.colour(box.get("colour"), inner, ink) or ink
        light = ctx.colour(box.get("light"), inner, ctx.paper()) or ctx.paper()
        if icon is not None:
            nodes += _hex_symbols(icon, x, y, size, orientation, scatter, bool(label), colour, light)
        if label:
            text_size, baseline, _ = hex_label(box, size, orientation, font.cap_height)
            text_colour = ctx.colour(box.get("text_colour"), inner, colour) or colour
            nodes.append(Text(x, y + baseline, label, font.name, text_size, text_colour, "middle"))
    return nodes


def hex_label(box: "Box", size: float, orientation: str, cap_height: float) -> tuple[float, float, float]:
    """A hexmap's label in a hex `size` across: its size, its baseline below the hex's centre,
    and the hex's width where it is narrowest under the text (its top edge for a label at the
    top, its baseline for one at the bottom)."""
    from ..hexes import width_at

    text_size = box.get("size") or size * 0.3
    if box.get("label_at") == "top":
        return text_size, -size * 0.47 + cap_height * text_size, width_at(size * 0.47, size, orientation)
    return text_size, size * 0.38, width_at(size * 0.38, size, orientation)


def hexmap_layout(box: "Box", env: Mapping[str, Any]) -> tuple[str, list, list[tuple[float, float]], float]:
    """A hexmap's orientation, its cells, where each is centred on the page and the size of
    its hexes across the flats."""
    from ..hexes import SQRT3, centre

    orientation = box.get("orientation") or "flat"
    cells = _hex_cells(box, env, orientation)
    if not cells:
        return orientation, [], [], 0.0
    # the map at one point across the flats, then scaled to fit the box
    centres = [centre(c["q"], c["r"], 1.0, orientation) for c in cells]
    half_w, half_h = (1 / SQRT3, 0.5) if orientation == "flat" else (0.5, 1 / SQRT3)
    x0 = min(x for x, _ in centres) - half_w
    x1 = max(x for x, _ in centres) + half_w
    y0 = min(y for _, y in centres) - half_h
    y1 = max(y for _, y in centres) + half_h
    across = box.get("across")
    if isinstance(across, expr.Expression):  # a length in mm worked out from the data
        across = across.evaluate(env)
        across = mm(across) if isinstance(across, (int, float)) and not isinstance(across, bool) and across > 0 \
            else None
    size = across or min(box.width / (x1 - x0), box.height / (y1 - y0))
    left = box.x + (box.width - (x1 - x0) * size) / 2 - x0 * size
    top = box.y + (box.height - (y1 - y0) * size) / 2 - y0 * size
    return orientation, cells, [(left + cx * size, top + cy * size) for cx, cy in centres], size


def _hex_cells(box: "Box", env: Mapping[str, Any], orientation: str) -> list[Mapping[str, Any]]:
    """The cells a hexmap draws, each with q and r: the listed ones, or with columns and rows
    every hex of the grid, each with the record that lists it (or the default) and its col,
    row and name."""
    from ..hexes import grid_name, offset_to_axial

    listed = box.get("hexmap").evaluate(env) if box.get("hexmap") is not None else []
    listed = [c for c in listed or [] if isinstance(c, Mapping)]
    if box.get("columns") is None or box.get("rows") is None:
        return [c for c in listed if _whole(c.get("q")) and _whole(c.get("r"))]
    columns, rows = box.get("columns").evaluate(env), box.get("rows").evaluate(env)
    if not (_whole(columns) and _whole(rows)) or columns < 1 or rows < 1 or columns * rows > 100_000:
        return []
    default = box.get("default").evaluate(env) if box.get("default") is not None else {}
    by_place: dict[tuple[int, int], Mapping[str, Any]] = {}
    for cell in listed:
        place = cell.get("hex") if isinstance(cell.get("hex"), Mapping) else cell
        if _whole(place.get("col")) and _whole(place.get("row")):
            by_place.setdefault((place["col"], place["row"]), cell)
    cells = []
    for row in range(1, rows + 1):
        for column in range(1, columns + 1):
            q, r = offset_to_axial(column, row, orientation)
            found = by_place.get((column, row), default if isinstance(default, Mapping) else {})
            cells.append({**found, "col": column, "row": row, "name": grid_name(column, row), "q": q, "r": r})
    return cells


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _hex_symbols(icon: Any, x: float, y: float, size: float, orientation: str, scatter: bool, labelled: bool,
                 colour: str, light: str) -> list[Node]:
    """A hex's symbol: once in the middle, or small seven times (the middle and toward each
    corner), so that some show around a piece standing on the hex."""
    from ..hexes import corners
    from ..icons.draw import draw_icon

    if not scatter:
        side = size * (0.5 if labelled else 0.62)
        return [draw_icon(icon, x - side / 2, y - side / 2 - (size * 0.1 if labelled else 0), side, colour, light)]
    side = size * 0.2
    places = [(x, y)] + [(x + (px - x) * 0.64, y + (py - y) * 0.64) for px, py in corners(x, y, size, orientation)]
    if labelled:  # the label's corner stays clear
        top = min(places[1:], key=lambda p: p[1])
        places.remove(top)
    return [draw_icon(icon, px - side / 2, py - side / 2, side, colour, light) for px, py in places]


# --- composing ------------------------------------------------------------------------------

def draw_box(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    """A box's nodes for one item: nothing when its `if` does not hold."""
    if box.condition is not None and not box.condition.evaluate(env):
        return []
    nodes = BOX_KINDS[box.kind].draw(box, ctx, env)
    if box.rotate:
        cx, cy = box.x + box.width / 2, box.y + box.height / 2
        nodes = [Group(tuple(nodes), chain(translate(-cx, -cy), rotate(box.rotate), translate(cx, cy)))]
    if box.mirror:
        w, h = ctx.layout.width, ctx.layout.height
        nodes = nodes + [Group(tuple(nodes), chain(translate(-w / 2, -h / 2), rotate(180), translate(w / 2, h / 2)))]
    return nodes


def compose(layout: "Layout", ctx: Context, env: Mapping[str, Any], id: str, bleed: float = 0.0):
    """An item drawn into its layout: a scene definition of the component's size. A
    background, when the layout has one, is the first node and runs `bleed` past the trim."""
    from ..scene import Definition

    env = dict(env, colours=layout.colours)
    nodes: list[Node] = []
    if layout.background is not None:
        fill = ctx.colour(layout.background, env)
        if fill is not None:
            nodes.append(Rect(-bleed, -bleed, layout.width + 2 * bleed, layout.height + 2 * bleed, Style(fill=fill))
                         if bleed else Rect(0, 0, layout.width, layout.height, Style(fill=fill)))
    for box in layout.boxes:
        try:
            nodes += draw_box(box, ctx, env)
        except expr.ExpressionError as exc:  # a template that fails only for some item or language
            raise ComposeError(layout.origins.get(box.name, layout.file), box.at, box.name, exc.message, id) from None
    return Definition(id, layout.width, layout.height, Group(tuple(nodes)), bleed)


class ComposeError(Exception):
    """A layout's box could not be drawn for a piece: a template that fails for its data."""

    def __init__(self, file: str, at: tuple, box: str, message: str, piece: str):
        super().__init__(f"{file}: box '{box}': {message}, drawing {piece}")
        self.file, self.at, self.box, self.message, self.piece = file, at, box, message, piece


def shape_cut(definition, shape: str):
    """A round token's or a hex tile's definition cut to its circle or hexagon: what lies
    outside is not drawn, so its picture alone has the piece's shape (other shapes are
    returned as they are)."""
    from ..hexes import orientation_of, outline
    from ..scene import Definition

    w, h = definition.width, definition.height
    if shape == "hex":
        clip = Path(outline(w / 2, h / 2, min(w, h), orientation_of(w, h)), Style())
    elif shape == "round":
        clip = Path(ellipse_path(w / 2, h / 2, w / 2, h / 2), Style())
    else:
        return definition
    return Definition(definition.id, w, h, Group((definition.content,), clip=clip), definition.bleed)


def _grown(clip: Path, width: float, height: float, grow: float) -> Path:
    """A circle or regular hexagon centred on the piece, grown by `grow` all round (scaled
    about its centre: every edge moves out by the same distance)."""
    cx, cy = width / 2, height / 2
    k = (min(width, height) + 2 * grow) / min(width, height)
    commands = []
    for command in clip.commands:
        op, *values = command
        points = [cx + (v - cx) * k if i % 2 == 0 else cy + (v - cy) * k for i, v in enumerate(values)]
        commands.append((op, *points))
    return Path(tuple(commands), clip.style)


def with_bleed(definition, bleed: float):
    """A definition composed without bleed, given one: only its background (the first node,
    a rectangle covering it) depends on the bleed, so the rest is taken as it is. A round
    token's or hex tile's cut (shape_cut) grows by the bleed too."""
    from ..scene import Deferred, deferred

    w, h = definition.width, definition.height
    if isinstance(definition, Deferred):  # drawn when the bled one is read
        return deferred(definition.id, w, h, bleed, ("with_bleed", definition, bleed),
                        lambda: _bled(definition, bleed).content)
    return _bled(definition, bleed)


def _bled(definition, bleed: float):
    """with_bleed, drawing the definition now."""
    from ..scene import Definition

    w, h = definition.width, definition.height
    content = definition.content
    if isinstance(content.clip, Path) and len(content.children) == 1:  # cut to its shape
        inner = Definition(definition.id, w, h, content.children[0])
        bled = _bled(inner, bleed)
        return Definition(definition.id, w, h, Group((bled.content,), clip=_grown(content.clip, w, h, bleed)), bleed,
                          ("with_bleed", definition, bleed))
    children = definition.content.children
    if children and isinstance(children[0], Rect) and children[0].x <= 0 and children[0].y <= 0 \
            and children[0].width >= w and children[0].height >= h:
        background, *rest = children
        background = Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, background.style)
        content = Group((background, *rest), definition.content.transform, definition.content.clip)
    else:
        content = definition.content
    return Definition(definition.id, w, h, content, bleed, ("with_bleed", definition, bleed))
