"""Printing with less ink: scene drawings repainted colour by colour, before they are imposed
and rendered. `ink_saver` turns a dark piece (a card back, a banknote, a token) into a light
one that reads the same: its dark grounds become pale tints of themselves, and the light ink
drawn on them (white numerals, a pale emblem) becomes dark.
`greyscale` gives every colour the grey of its own luminance, for a black-and-white printer.
Both know nothing of any backend: they take and give scene objects."""

from __future__ import annotations

import functools
from dataclasses import replace
from typing import Callable

from ..model import colours
from ..scene import IDENTITY, Circle, Definition, Group, Image, Matrix, Node, Page, Path, Rect, Text, multiply

Repaint = Callable[[str], str]

DARK = colours.DARK  # a ground darker than this (relative luminance) is printed light (the checks ask too)
LIGHT = 0.5  # ink lighter than this, on such a ground, is printed dark
TINT = colours.TINT  # how much of a dark colour its tint keeps (the rest is white)
SHADE = 0.35  # how much of a light colour its dark version keeps (the rest is black)


def _split(colour: str) -> tuple[str, str] | None:
    """A #rrggbb (or #rrggbbaa) colour as its #rrggbb and its alpha as written; None for what
    is not such a colour."""
    if isinstance(colour, str) and colour.startswith("#") and len(colour) in (7, 9):
        try:
            int(colour[1:], 16)
        except ValueError:
            return None
        return colour[:7], colour[7:]
    return None


@functools.lru_cache(maxsize=4096)
def luminance(colour: str) -> float | None:
    """WCAG's relative luminance of a colour, None for what is not a #rrggbb colour."""
    split = _split(colour)
    return colours.luminance(split[0]) if split is not None else None


@functools.lru_cache(maxsize=4096)
def grey(colour: str) -> str:
    """The grey of the same luminance."""
    split = _split(colour)
    return colours.grey(split[0]) + split[1] if split is not None else colour


@functools.lru_cache(maxsize=4096)
def tint(colour: str) -> str:
    """A dark colour as a pale tint of itself; any other as it is."""
    split = _split(colour)
    return colours.printed_light(split[0]) + split[1] if split is not None else colour


@functools.lru_cache(maxsize=4096)
def shade(colour: str) -> str:
    """A light colour as a dark version of itself; any other as it is."""
    y = luminance(colour)
    if y is None or y <= LIGHT:
        return colour
    base, alpha = _split(colour)
    return colours.mix(base, "#000000", 1 - SHADE) + alpha


def repaint(node: Node, paint: Repaint) -> Node:
    """The node with every colour it draws in `paint`'s."""
    if isinstance(node, Group):
        return replace(node, children=tuple(repaint(child, paint) for child in node.children))
    if isinstance(node, (Rect, Circle, Path)):
        style = node.style
        fill = paint(style.fill) if style.fill is not None else None
        stroke = paint(style.stroke) if style.stroke is not None else None
        return replace(node, style=replace(style, fill=fill, stroke=stroke))
    if isinstance(node, Text):
        return replace(node, fill=paint(node.fill), halo=paint(node.halo) if node.halo is not None else None)
    if isinstance(node, Image):
        return replace(node, grey=True) if paint is grey else node
    return node  # a Use draws a definition, repainted on its own


def _box(node: Rect | Circle | Path) -> tuple[float, float, float, float]:
    """A shape's bounding box in its own coordinates: x0, y0, x1, y1."""
    if isinstance(node, Rect):
        return node.x, node.y, node.x + node.width, node.y + node.height
    if isinstance(node, Circle):
        return node.cx - node.r, node.cy - node.r, node.cx + node.r, node.cy + node.r
    xs = [c[i] for c in node.commands for i in range(1, len(c), 2)] or [0.0]
    ys = [c[i] for c in node.commands for i in range(2, len(c), 2)] or [0.0]
    return min(xs), min(ys), max(xs), max(ys)


def _placed(box: tuple[float, float, float, float], m: Matrix) -> tuple[float, float, float, float]:
    a, b, c, d, e, f = m
    corners = [(a * x + c * y + e, b * x + d * y + f) for x in (box[0], box[2]) for y in (box[1], box[3])]
    return (min(p[0] for p in corners), min(p[1] for p in corners),
            max(p[0] for p in corners), max(p[1] for p in corners))


def _covered(node: Rect | Circle | Path, box: tuple[float, float, float, float]) -> float:
    """About how much of the piece a shape covers, from its placed box (a circle or a path
    covers about π/4 of its box)."""
    return (box[2] - box[0]) * (box[3] - box[1]) * (1.0 if isinstance(node, Rect) else 0.785)


class _Lighten:
    """A dark drawing printed light, in drawing order: each ground (a fill that covers a
    quarter of the piece or more) that is dark becomes a pale tint of itself, and what is drawn
    on a dark ground (text, lines, smaller shapes) turns from light to dark; what lies on a
    light panel stays as it is."""

    def __init__(self, area: float):
        self.area = area
        self.grounds: list[tuple[tuple[float, float, float, float], bool]] = []  # (box, was dark)

    def on_dark(self, box: tuple[float, float, float, float]) -> bool:
        x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        for (x0, y0, x1, y1), dark in reversed(self.grounds):
            if x0 <= x <= x1 and y0 <= y <= y1:
                return dark
        return False

    def __call__(self, node: Node, m: Matrix = IDENTITY) -> Node:
        if isinstance(node, Group):
            inner = multiply(node.transform, m)
            return replace(node, children=tuple(self(child, inner) for child in node.children))
        if isinstance(node, (Rect, Circle, Path)):
            style, box = node.style, _placed(_box(node), m)
            dark = self.on_dark(box)
            if style.fill is not None and _covered(node, box) >= 0.25 * self.area:
                y = luminance(style.fill)
                was_dark = y is not None and y < DARK  # (black's is 0.0)
                self.grounds.append((box, was_dark))
                fill = tint(style.fill) if was_dark else style.fill
            else:
                fill = shade(style.fill) if dark and style.fill is not None else style.fill
            stroke = shade(style.stroke) if dark and style.stroke is not None else style.stroke
            return replace(node, style=replace(style, fill=fill, stroke=stroke))
        if isinstance(node, Text):
            a, b, c, d, e, f = m
            x, y = a * node.x + c * node.y + e, b * node.x + d * node.y + f
            if not self.on_dark((x, y, x, y)):
                return node
            return replace(node, fill=shade(node.fill), halo=tint(node.halo) if node.halo is not None else None)
        return node


def _ground(definition: Definition) -> str | None:
    """The colour of what covers most of a drawing (its background), if it has one."""
    def walk(node: Node, m: Matrix):
        if isinstance(node, Group):
            inner = multiply(node.transform, m)
            for child in node.children:
                yield from walk(child, inner)
        elif isinstance(node, (Rect, Circle, Path)) and node.style.fill is not None:
            yield node, _placed(_box(node), m)

    area = definition.width * definition.height
    return next((node.style.fill for node, box in walk(definition.content, IDENTITY)
                 if _covered(node, box) >= 0.6 * area), None)


def ink_saver(definition: Definition) -> Definition:
    """A dark drawing printed light (see `_Lighten`); a light one as it is."""
    ground = _ground(definition)
    y = luminance(ground) if ground is not None else None
    if y is None or y >= DARK:
        return definition
    return replace(definition, content=_Lighten(definition.width * definition.height)(definition.content),
                   made_from=())


def greyscale(definition: Definition) -> Definition:
    return replace(definition, content=repaint(definition.content, grey), made_from=())


def greyscale_page(page: Page) -> Page:
    """A whole page in greys, its definitions too."""
    return replace(page, children=tuple(repaint(child, grey) for child in page.children),
                   definitions=tuple(greyscale(d) for d in page.definitions))


