"""The game's symbols, drawn by the project as vector paths: crown, castle, sword, treasure chest.

Each icon is designed in a 100 x 100 box (y down) and returned as scene nodes scaled to a
box of the requested size. Icons have a dark body and light details so they read on any
card colour; the details are cut-outs or light strokes, never hairlines, so they stay crisp
at 4 mm.
"""

from __future__ import annotations

from .colours import mix
from .scene import Circle, Group, Node, Path, Rect, Style, chain, ellipse_path, rotate, scale, translate

INK = "#1d1a16"
PAPER = "#fbf3dc"

SYMBOL_ICONS = ("crowns", "castles", "swords", "treasure")


def _crown(ink: str, light: str) -> tuple[Node, ...]:
    body = (
        ("M", 12, 74), ("L", 6, 30), ("L", 30, 50), ("L", 50, 18), ("L", 70, 50), ("L", 94, 30),
        ("L", 88, 74), ("Z",),
    )
    return (
        Path(body, Style(fill=ink, line_join="round", stroke=ink, stroke_width=3)),
        Rect(10, 78, 80, 12, Style(fill=ink), radius=2),
        Circle(6, 27, 7, Style(fill=ink)),
        Circle(50, 14, 7, Style(fill=ink)),
        Circle(94, 27, 7, Style(fill=ink)),
        Circle(30, 84, 3.2, Style(fill=light)),
        Circle(50, 84, 3.2, Style(fill=light)),
        Circle(70, 84, 3.2, Style(fill=light)),
        Path(ellipse_path(50, 56, 6, 8), Style(fill=light)),
    )


def _castle(ink: str, light: str) -> tuple[Node, ...]:
    outline = (
        ("M", 12, 94), ("L", 12, 26), ("L", 26, 26), ("L", 26, 36), ("L", 36, 36), ("L", 36, 26),
        ("L", 64, 26), ("L", 64, 36), ("L", 74, 36), ("L", 74, 26), ("L", 88, 26), ("L", 88, 94), ("Z",),
        # gate: an arch cut out of the wall
        ("M", 38, 94), ("L", 38, 72), ("C", 38, 58, 62, 58, 62, 72), ("L", 62, 94), ("Z",),
    )
    top = (("M", 40, 26), ("L", 40, 6), ("L", 60, 6), ("L", 60, 26), ("Z",))
    return (
        Path(outline, Style(fill=ink, even_odd=True)),
        Path(top, Style(fill=ink)),
        Rect(46, 10, 8, 10, Style(fill=light), radius=4),
        Rect(20, 50, 8, 12, Style(fill=light), radius=4),
        Rect(72, 50, 8, 12, Style(fill=light), radius=4),
    )


def _sword(ink: str, light: str) -> tuple[Node, ...]:
    blade = (("M", 50, -4), ("L", 59.5, 10), ("L", 59.5, 64), ("L", 40.5, 64), ("L", 40.5, 10), ("Z",))
    shapes: tuple[Node, ...] = (
        Path(blade, Style(fill=ink)),
        Rect(48, 12, 4, 48, Style(fill=light)),
        Rect(24, 64, 52, 11, Style(fill=ink), radius=5),
        Rect(44, 75, 12, 16, Style(fill=ink)),
        Circle(50, 96, 8, Style(fill=ink)),
    )
    # drawn upright, shown at a slant like a sword laid on a table
    return (Group(shapes, chain(translate(-50, -50), rotate(40), scale(1.0), translate(50, 50))),)


def _chest(ink: str, light: str) -> tuple[Node, ...]:
    lid = (("M", 8, 46), ("L", 8, 36), ("C", 8, 14, 92, 14, 92, 36), ("L", 92, 46), ("Z",))
    return (
        Path(lid, Style(fill=ink)),
        Rect(8, 50, 84, 40, Style(fill=ink), radius=3),
        Rect(22, 22, 6, 68, Style(fill=mix(light, ink, 0.45))),
        Rect(72, 22, 6, 68, Style(fill=mix(light, ink, 0.45))),
        Rect(40, 40, 20, 22, Style(fill=light), radius=3),
        Circle(50, 48, 3.5, Style(fill=ink)),
        Path((("M", 48, 50), ("L", 52, 50), ("L", 53, 57), ("L", 47, 57), ("Z",)), Style(fill=ink)),
    )


_ICONS = {"crowns": _crown, "castles": _castle, "swords": _sword, "treasure": _chest}


def icon(name: str, x: float, y: float, size: float, ink: str = INK, light: str = PAPER) -> Group:
    """The icon `name` (crowns, castles, swords, treasure) in a size x size box at (x, y)."""
    return Group(_ICONS[name](ink, light), chain(scale(size / 100), translate(x, y)))


def crossed_swords(ink: str, light: str) -> tuple[Node, ...]:
    """Two swords crossed, for the army emblem (100 x 100 box)."""
    one = _sword(ink, light)[0]
    assert isinstance(one, Group)
    left = Group(one.children, chain(translate(-50, -50), rotate(-40), scale(0.98), translate(50, 50)))
    right = Group(one.children, chain(translate(-50, -50), rotate(40), scale(0.98), translate(50, 50)))
    return (left, right)


def emblem_icon(kind: str, ink: str, light: str) -> tuple[Node, ...]:
    """The big picture for a card without art, by kind, in a 100 x 100 box."""
    if kind == "leader":
        return _crown(ink, light)
    if kind == "place":
        return _castle(ink, light)
    if kind == "army":
        return crossed_swords(ink, light)
    return _chest(ink, light)
