"""The row kind: numbered discs from a list and counted icons, sharing a row."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Mapping

from .. import expr
from ..scene import Circle, Node, Style, Text
from ..units import mm, to_mm
from .context import Context
from .kind import box_kind
from .text import icon_light
from .settings import ALIGN, COLOUR, FONT, ICON, SIZE, expression, length, listed, one_of, record

if TYPE_CHECKING:
    from ..icons import Icon
    from ..layout.reader import Box


HEX = re.compile(r"^#[0-9a-fA-F]{6}$")
# the least size a row's icons shrink to where they do not fit (min_icon's default), but for a row lower than this
MIN_ICON = mm(4)


def row_icons(spec: Mapping[str, Any], ctx: Context, env: Mapping[str, Any],
              ink: str | None = None) -> list[tuple["Icon", int, str | None]]:
    """A row's icons, how many of each it shows and the colour each is drawn in (its entry's
    colour, else `ink`): its icons a list of {icon, count, colour}, or an expression giving a
    list of icon names, each once, or of records with an icon and, if they like, a count and
    a colour (#RRGGBB or none). A count under one is left out; an icon the game does not have,
    or a record's colour that is no colour, is an ExpressionError (Context.icon)."""
    entries = spec.get("icons") or []
    if isinstance(entries, expr.Expression):
        found = entries.evaluate(env)
        given = [_given(element, ctx, env, ink) for element in found] if isinstance(found, (list, tuple)) else []
        return [entry for entry in given if entry is not None]
    counts = []
    for entry in entries:
        icon = ctx.icon(entry.get("icon"), env)
        count = entry["count"].evaluate(env) if entry.get("count") is not None else 1
        if icon is not None and isinstance(count, int) and count > 0:
            counts.append((icon, count, ctx.colour(entry.get("colour"), env, ink) or ink))
    return counts


def _given(element: Any, ctx: Context, env: Mapping[str, Any], ink: str | None) -> tuple | None:
    """An icon an expression gives a row: a name, once, or a record of icon, count and colour."""
    if not isinstance(element, Mapping):
        icon = ctx.icon(element, env)
        return (icon, 1, ink) if icon is not None else None
    icon = ctx.icon(element.get("icon"), env)
    count = element.get("count", 1)
    colour = element.get("colour")
    if colour is not None and colour != "none" and not (isinstance(colour, str) and HEX.match(colour)):
        raise expr.ExpressionError(f"a row's icon colour is #RRGGBB or none, not {colour!r}")
    if icon is None or not isinstance(count, int) or isinstance(count, bool) or count < 1:
        return None
    return icon, count, colour.lower() if colour not in (None, "none") else ink


@box_kind("row", "A row shared by numbered discs from a list (badges, from the left) and counted icons (from the "
          "right, or centred with align: centre when there are no badges): each icon is repeated as often as its "
          "count while there is room, else drawn once with ×N, in its own colour if its entry gives one (its white "
          "parts in paper, or in ink for an icon as light as the paper); icons "
          "that still do not fit shrink, down to min_icon (4 mm, or the box's height if less); icons can also be "
          "an expression giving a list of icon names, each drawn once, or of records with an icon, a count and a "
          "colour.",
          'strip: {x: 5.5, y: 77.25, width: 52.5, height: 7, row: {badges: needs, badge_colour: "{group.colour}", '
          'icons: [{icon: star, count: stars, colour: gold}, {icon: shield, count: shields}]}, font: heading, '
          'size: 9, min_icon: 3.5}',
          {"row": record({
              "badges": expression("An expression giving the list of numbers in discs."),
              "badge_colour": COLOUR, "text_colour": COLOUR,
              "icons": one_of(listed(record({"icon": ICON, "count": expression(numbers=True), "colour": COLOUR},
                                            required=("icon",))),
                              expression("An expression giving a list of icon names, each drawn once, or of records "
                                         "with an icon and, if they like, a count and a colour (#RRGGBB)."))}),
           "font": FONT, "size": SIZE, "ink": COLOUR, "paper": COLOUR, "align": ALIGN,
           "min_icon": length(description="The least size the icons shrink to where they do not fit the row "
                                          "(4 mm by default, or the box's height if less).")})
def _row(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    return row_nodes(box, ctx, env)


def row_nodes(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    """A row box's nodes for one item (drawn here, not in the registered function, which
    mutation testing leaves alone as it does every decorated one)."""
    spec = box.get("row") or {}
    numbers = spec["badges"].evaluate(env) if spec.get("badges") is not None else []
    numbers = [n for n in (numbers or []) if n is not None]
    ink = ctx.colour(box.get("ink"), env, ctx.ink()) or ctx.ink()
    paper = ctx.colour(box.get("paper"), env, ctx.paper()) or ctx.paper()
    colour = ctx.colour(spec.get("badge_colour"), env, paper) or paper
    text_colour = ctx.colour(spec.get("text_colour"), env, ink) or ink
    counts = row_icons(spec, ctx, env, ink)
    left, right = box.x, box.right
    spacing = mm(2)
    diameter = box.height * 0.82
    gap = diameter * 0.18
    n = len(numbers)
    badges = n * diameter + max(n - 1, 0) * gap

    size = box.height
    icon_gap, group_gap = size * 0.08, size * 0.35
    total = sum(c for _, c, _ in counts)
    repeated = total * size + (total - len(counts)) * icon_gap + max(len(counts) - 1, 0) * group_gap
    label_font = ctx.fonts["heading"]
    label_size = size * 0.8
    compact = sum(size + icon_gap + label_font.width(f"×{c}", label_size) for _, c, _ in counts) \
        + max(len(counts) - 1, 0) * group_gap
    min_diameter = mm(4.2)
    squeezed = n * min_diameter * 1.1 + spacing if n else 0.0
    room = right - left - squeezed  # what the icons have beside the discs at their least
    # repeat each icon when it fits beside the badges, even if they must shrink a little
    repeat = repeated <= room or compact >= repeated
    symbols_width = repeated if repeat else compact
    if counts and symbols_width > room + 1e-6:  # shrunk to fit (each width of the row in proportion to its size)
        least = min(box.get("min_icon") or MIN_ICON, size)
        scale = max(room / symbols_width, least / size)
        if room / symbols_width < least / size - 1e-9:
            said = f"{to_mm(least):.1f} mm (min_icon)" if least < size else "the row's height"
            ctx.note(box, f"its icons take {to_mm(symbols_width * scale):.1f} mm at their least size, {said}, and "
                          f"it has {to_mm(max(room, 0.0)):.1f} mm for them" + (" beside its discs" if n else ""))
        size, icon_gap, group_gap, label_size = size * scale, icon_gap * scale, group_gap * scale, label_size * scale
        symbols_width *= scale

    def light(tint: str | None) -> str:  # an icon's white: the paper, unless the icon is as light (pnp.boxes.text)
        return paper if box.get("paper") is not None or tint is None else icon_light(tint, paper, ink)

    nodes: list[Node] = []
    x = right - symbols_width
    if box.get("align") == "centre" and not numbers:
        x = left + (right - left - symbols_width) / 2
    y = box.y + (box.height - size) / 2
    for icon, count, tint in counts:
        if repeat:
            for _ in range(count):
                nodes.append(ctx.draw_icon(icon, x, y, size, tint, light(tint)))
                x += size + icon_gap
            x += group_gap - icon_gap
        else:
            nodes.append(ctx.draw_icon(icon, x, y, size, tint, light(tint)))
            x += size + icon_gap
            label = f"×{count}"
            nodes.append(Text(x, y + (size + label_font.cap_height * label_size) / 2, label, label_font.name,
                              label_size, tint))
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
            nodes.append(Text(cx, cy + badge_font.cap_height * text_size / 2,
                              expr.format_value(number, ctx.language), badge_font.name, text_size, text_colour,
                              "middle"))
    return nodes
