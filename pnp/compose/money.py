"""Money cards: one face per denomination, the blank no-bid card, and the back they share."""

from __future__ import annotations

import math
from typing import Mapping

from ..colours import mix
from ..fonts import FontMetrics
from ..layout import Box, Layout
from ..model import Denomination, Money
from ..scene import Definition, Group, Node, Path, Rect, Style, Text, chain, rotate, translate
from ..textfit import fit_size
from ..units import mm
from .cards import gold_frame, rosette

MONEY_BACK_ID = "money-back"
BLANK_ID = "money-blank"


def denomination_id(d: Denomination) -> str:
    return f"money-{d.value}"


def _centred(box: Box, text: str, font: FontMetrics, colour: str, size: float | None = None) -> Text:
    size = size or fit_size(font, text, box.width, box.size or 12, box.min_size or 6) or (box.min_size or 6)
    return Text(box.x + box.width / 2, box.y + (box.height + font.cap_height * size) / 2, text, font.name, size,
                colour, "middle")


def _guilloche(cx: float, cy: float, rx: float, ry: float, colour: str) -> Node:
    """Interlaced loops like the engraving on a banknote."""
    commands: list[tuple] = []
    for k in range(3):
        points = []
        for i in range(241):
            t = 2 * math.pi * i / 240
            r = 1 + 0.12 * math.sin(9 * t + k * 2.1)
            points.append((cx + rx * r * math.cos(t) * (0.78 + 0.1 * k), cy + ry * r * math.sin(t) * (0.78 + 0.1 * k)))
        commands += [("M", *points[0]), *(("L", *p) for p in points[1:]), ("Z",)]
    return Path(tuple(commands), Style(stroke=colour, stroke_width=0.45))


def _face(layout: Layout, fonts: Mapping[str, FontMetrics], colour: str, big: list[Node],
          corner: str | None, id: str) -> Definition:
    c = layout.colours
    w, h = layout.width, layout.height
    frame = layout.box("frame")
    nodes: list[Node] = [
        Rect(0, 0, w, h, Style(fill=colour)),
        Rect(frame.x, frame.y, frame.width, frame.height, Style(fill=c["paper"], stroke=c["ink"], stroke_width=0.6),
             radius=mm(1.5)),
        _guilloche(w / 2, h / 2, frame.width * 0.42, frame.height * 0.36, mix(colour, c["paper"], 0.55)),
        *big,
    ]
    if corner:
        box = layout.box("corner")
        font = fonts[box.font or "heading"]
        size = box.size or 9
        nodes.append(Text(box.x, box.y + font.cap_height * size, corner, font.name, size, colour))
        # the same in the opposite corner, upside down, as on a playing card
        nodes.append(Group((Text(box.x, box.y + font.cap_height * size, corner, font.name, size, colour),),
                           chain(translate(-w / 2, -h / 2), rotate(180), translate(w / 2, h / 2))))
    return Definition(id, w, h, Group(tuple(nodes)))


def money_face(d: Denomination, money: Money, layout: Layout, fonts: Mapping[str, FontMetrics]) -> Definition:
    label = f"{money.currency}{d.value}"
    box = layout.box("value")
    text = _centred(box, label, fonts[box.font or "heading"], d.colour)
    return _face(layout, fonts, d.colour, [text], label, denomination_id(d))


def blank_face(money: Money, layout: Layout, fonts: Mapping[str, FontMetrics], language: str) -> Definition:
    box = layout.box("label")
    text = _centred(box, money.blank_label.get(language), fonts[box.font or "heading"], layout.colours["ink"])
    return _face(layout, fonts, mix(layout.colours["ink"], layout.colours["paper"], 0.55), [text], None, BLANK_ID)


def money_back(title: str, money: Money, layout: Layout, fonts: Mapping[str, FontMetrics], gold: str) -> Definition:
    """The back every money card shares, so a bid laid face down reveals nothing."""
    c = layout.colours
    w, h = layout.width, layout.height
    frame = layout.box("frame")
    nodes: list[Node] = [Rect(0, 0, w, h, Style(fill=c["back"]))]
    nodes += gold_frame(frame, gold)
    size = min(frame.height * 0.62, frame.width * 0.5)
    ornament = Box(w / 2 - size / 2, frame.y + mm(2.5), size, size)
    nodes += rosette(ornament, gold, c["paper"], c["back"])
    box = layout.box("back-title")
    nodes.append(_centred(box, f"{title} · {money.currency}", fonts[box.font or "heading"], gold))
    return Definition(MONEY_BACK_ID, w, h, Group(tuple(nodes)))
