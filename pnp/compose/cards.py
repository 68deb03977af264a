"""Card faces and the shared card back, as scene definitions in card coordinates (points).

(0, 0) is the card's top-left corner at the trim line; backgrounds run `bleed` past it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Mapping

from ..colours import mix
from ..fonts import FontMetrics
from ..icons import SYMBOL_ICONS, emblem_icon, icon
from ..layout import Box, Layout
from ..model import Card, Suit
from ..scene import (
    Circle, Definition, Group, Image, Node, Path, Rect, Style, Text, chain, ellipse_path, rotate, scale, translate,
)
from ..textfit import fit_paragraph, fit_size
from ..units import mm

BACK_ID = "card-back"
MIN_TEXT_SIZE = 6.0  # points: no name or title is printed smaller, whatever the layout says
NOTE_LEADING = 1.18


@dataclass(frozen=True)
class Art:
    """A card's picture file and its pixel size (read by the caller, so composing does no I/O)."""

    path: str
    width: int
    height: int


def face_id(card: Card) -> str:
    return f"card-{card.id}"


def _baseline(box: Box, font: FontMetrics, size: float) -> float:
    """The baseline that centres capital letters vertically in `box`."""
    return box.y + (box.height + font.cap_height * size) / 2


def _centred_text(box: Box, text: str, font: FontMetrics, size: float, fill: str) -> Text:
    return Text(box.x + box.width / 2, _baseline(box, font, size), text, font.name, size, fill, "middle")


def fitted_line(box: Box, text: str, font: FontMetrics) -> float | None:
    """The size `text` is printed at in `box` (shrunk to fit, never below MIN_TEXT_SIZE),
    or None if it cannot fit."""
    size = max(box.size or 10.0, MIN_TEXT_SIZE)
    return fit_size(font, text, box.width, size, max(box.min_size or size, MIN_TEXT_SIZE))


def fitted_note(box: Box, text: str, font: FontMetrics) -> tuple[float, list[str]] | None:
    size = box.size or 7.0
    return fit_paragraph(font, text, box.width, box.height, size, box.min_size or size, NOTE_LEADING)


def _emblem(box: Box, kind: str, colour: str, paper: str, ink: str) -> list[Node]:
    """A picture for a card without art: a medallion with the kind's device in suit colours."""
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
    size = r * 1.2
    nodes.append(Group(emblem_icon(kind, dark, paper), chain(scale(size / 100), translate(cx - size / 2, cy - size / 2))))
    return nodes


def _picture(box: Box, card: Card, suit: Suit, art: Art | None, paper: str, ink: str) -> list[Node]:
    frame = Rect(box.x, box.y, box.width, box.height, Style())
    if art is None:
        inner: list[Node] = _emblem(box, card.kind, suit.colour, paper, ink)
    else:
        # cover the box, keeping the picture's proportions, centred
        s = max(box.width / art.width, box.height / art.height)
        w, h = art.width * s, art.height * s
        inner = [Image(box.x + (box.width - w) / 2, box.y + (box.height - h) / 2, w, h, art.path)]
    return [
        Group(tuple(inner), clip=frame),
        Rect(box.x, box.y, box.width, box.height, Style(stroke=ink, stroke_width=0.8)),
    ]


def _leader_badge(box: Box, number: int, font: FontMetrics, colour: str, paper: str, ink: str) -> list[Node]:
    cx, cy = box.x + box.width / 2, box.y + box.height / 2
    r = min(box.width, box.height) / 2
    size = box.size or 14.0
    label = str(number)
    size = fit_size(font, label, r * 1.5, size, 6.0) or 6.0
    return [
        Circle(cx, cy, r, Style(fill=paper, stroke=ink, stroke_width=1.0)),
        Circle(cx, cy, r - 1.6, Style(stroke=colour if colour != paper else ink, stroke_width=1.2)),
        Text(cx, cy + font.cap_height * size / 2, label, font.name, size, ink, "middle"),
    ]


def _strip(follows_box: Box, symbols_box: Box, card: Card, fonts: Mapping[str, FontMetrics], colour: str,
           text_colour: str, ink: str, paper: str) -> list[Node]:
    """The bottom strip's row: follower badges from the left, symbol icons from the right.

    The two share the row from follows_box's left edge to symbols_box's right edge: a card
    with few followers leaves room for more icons, and the reverse."""
    left, right = follows_box.x, symbols_box.right
    spacing = mm(2)
    counts = [(name, getattr(card, name)) for name in SYMBOL_ICONS if getattr(card, name) > 0]

    diameter = follows_box.height * 0.82
    gap = diameter * 0.18
    n = len(card.follows)
    badges = n * diameter + max(n - 1, 0) * gap

    size = symbols_box.height
    icon_gap, group_gap = size * 0.08, size * 0.35
    total = sum(c for _, c in counts)
    repeated = total * size + (total - len(counts)) * icon_gap + max(len(counts) - 1, 0) * group_gap
    label_font = fonts["heading"]
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
    y = symbols_box.y
    for name, count in counts:
        if repeat:
            for _ in range(count):
                nodes.append(icon(name, x, y, size, ink, paper))
                x += size + icon_gap
            x += group_gap - icon_gap
        else:
            nodes.append(icon(name, x, y, size, ink, paper))
            x += size + icon_gap
            label = f"×{count}"
            nodes.append(Text(x, y + (size + label_font.cap_height * label_size) / 2, label, label_font.name,
                              label_size, ink))
            x += label_font.width(label, label_size) + group_gap

    if n:
        space = right - symbols_width - (spacing if counts else 0) - left
        if badges > space:  # squeeze a long list of leaders into what is left
            diameter = min(diameter, space / (n * 1.1))
            gap = (space - n * diameter) / max(n - 1, 1)
        badge_font = fonts[follows_box.font or "heading"]
        text_size = min(follows_box.size or 9.0, diameter * 0.62)
        cy = follows_box.y + follows_box.height / 2
        for i, number in enumerate(card.follows):
            cx = left + diameter / 2 + i * (diameter + gap)
            nodes.append(Circle(cx, cy, diameter / 2, Style(fill=colour, stroke=ink, stroke_width=0.7)))
            nodes.append(Text(cx, cy + badge_font.cap_height * text_size / 2, str(number), badge_font.name,
                              text_size, text_colour, "middle"))
    return nodes


def _divider(cx: float, y: float, half: float, colour: str) -> list[Node]:
    d = mm(0.9)
    return [
        Path((("M", cx - half, y), ("L", cx - d * 1.8, y)), Style(stroke=colour, stroke_width=0.6)),
        Path((("M", cx + d * 1.8, y), ("L", cx + half, y)), Style(stroke=colour, stroke_width=0.6)),
        Path((("M", cx, y - d), ("L", cx + d, y), ("L", cx, y + d), ("L", cx - d, y), ("Z",)), Style(fill=colour)),
    ]


def card_face(
    card: Card,
    suit: Suit,
    area_name: str,
    layout: Layout,
    fonts: Mapping[str, FontMetrics],
    language: str,
    bleed: float = 0.0,
    art: Art | None = None,
) -> Definition:
    """The face of `card`, drawn into `layout`."""
    paper, ink = layout.colours["paper"], layout.colours["ink"]
    box = layout.box
    w, h = layout.width, layout.height
    nodes: list[Node] = [Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, Style(fill=suit.colour))]

    area_box = box("area")
    area_font = fonts[area_box.font or "heading"]
    area_size = fitted_line(area_box, area_name, area_font) or MIN_TEXT_SIZE
    nodes.append(_centred_text(area_box, area_name, area_font, area_size, suit.text_colour))

    nodes += _picture(box("picture"), card, suit, art, paper, ink)

    panel = box("panel")
    nodes.append(Rect(panel.x, panel.y, panel.width, panel.height, Style(fill=paper, stroke=ink, stroke_width=0.6),
                      radius=mm(1.2)))
    name_box = box("name")
    name_font = fonts[name_box.font or "heading"]
    name = card.name.get(language)
    name_size = fitted_line(name_box, name, name_font) or MIN_TEXT_SIZE
    nodes.append(_centred_text(name_box, name, name_font, name_size, ink))

    note_box = box("note")
    if card.note is not None:
        note_font = fonts[note_box.font or "note"]
        fitted = fitted_note(note_box, card.note.get(language), note_font)
        if fitted is not None:
            size, lines = fitted
            line_height = size * NOTE_LEADING
            block = line_height * (len(lines) - 1) + note_font.cap_height * size
            y = note_box.y + (note_box.height - block) / 2 + note_font.cap_height * size
            for i, line in enumerate(lines):
                nodes.append(Text(note_box.x + note_box.width / 2, y + i * line_height, line, note_font.name, size,
                                  ink, "middle"))
    divider_y = (name_box.bottom + note_box.y) / 2
    nodes += _divider(panel.x + panel.width / 2, divider_y, panel.width * 0.22, mix(suit.colour, ink, 0.35))

    strip = box("strip")
    nodes.append(Rect(strip.x, strip.y, strip.width, strip.height, Style(fill=paper, stroke=ink, stroke_width=0.6),
                      radius=mm(1.2)))
    nodes += _strip(box("follows"), box("symbols"), card, fonts, suit.colour, suit.text_colour, ink, paper)

    if card.leader is not None:
        leader_box = box("leader")
        nodes += _leader_badge(leader_box, card.leader, fonts[leader_box.font or "heading"], suit.colour, paper, ink)

    return Definition(face_id(card), w, h, Group(tuple(nodes)), bleed)


def with_bleed(definition: Definition, bleed: float) -> Definition:
    """A face or back (card_face, card_back) as composed with `bleed`: only its background,
    the first node, depends on the bleed, so the rest is taken as it is."""
    background, *rest = definition.content.children
    if not isinstance(background, Rect) or background.x != -definition.bleed:
        raise ValueError(f"{definition.id} does not start with its background")
    w, h = definition.width, definition.height
    background = Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, background.style)
    content = Group((background, *rest), definition.content.transform, definition.content.clip)
    return Definition(definition.id, w, h, content, bleed)


def rosette(box: Box, gold: str, paper: str, background: str) -> list[Node]:
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


def gold_frame(box: Box, gold: str) -> list[Node]:
    inset = mm(1.3)
    nodes: list[Node] = [
        Rect(box.x, box.y, box.width, box.height, Style(stroke=gold, stroke_width=1.0)),
        Rect(box.x + inset, box.y + inset, box.width - 2 * inset, box.height - 2 * inset,
             Style(stroke=gold, stroke_width=0.4)),
    ]
    d = mm(2.2)
    for x, y in ((box.x, box.y), (box.right, box.y), (box.x, box.bottom), (box.right, box.bottom)):
        nodes.append(Path((("M", x, y - d), ("L", x + d, y), ("L", x, y + d), ("L", x - d, y), ("Z",)),
                          Style(fill=gold)))
    return nodes


def card_back(title: str, subtitle: str | None, layout: Layout, fonts: Mapping[str, FontMetrics],
              bleed: float = 0.0) -> Definition:
    """The back every card shares: the game's title and an ornament, symmetric on the card."""
    c = layout.colours
    background, gold, paper = c["background"], c["gold"], c["paper"]
    w, h = layout.width, layout.height
    nodes: list[Node] = [Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, Style(fill=background))]
    nodes += gold_frame(layout.box("frame"), gold)
    nodes += rosette(layout.box("ornament"), gold, paper, background)
    title_box = layout.box("title")
    title_font = fonts[title_box.font or "heading"]
    size = fitted_line(title_box, title, title_font) or title_box.min_size or 8.0
    nodes.append(_centred_text(title_box, title, title_font, size, gold))
    if subtitle:
        sub_box = layout.box("subtitle")
        sub_font = fonts[sub_box.font or "body"]
        fitted = fit_paragraph(sub_font, subtitle, sub_box.width, sub_box.height, sub_box.size or 7.0,
                               sub_box.min_size or 5.0)
        if fitted is not None:
            sub_size, lines = fitted
            for i, line in enumerate(lines):
                nodes.append(Text(sub_box.x + sub_box.width / 2,
                                  sub_box.y + sub_font.cap_height * sub_size + i * sub_size * 1.25,
                                  line, sub_font.name, sub_size, paper, "middle"))
    return Definition(BACK_ID, w, h, Group(tuple(nodes)), bleed)
