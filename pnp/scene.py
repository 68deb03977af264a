"""A backend-neutral scene: what to draw, in points, y pointing down, origin top-left.

Components compose scenes; backends (pnp.render.pdf, .svg, .png) render them. Nothing
here knows about reportlab or svgwrite.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator, Union

from .build.processes import stop_point

Matrix = tuple[float, float, float, float, float, float]  # a b c d e f, as in PDF and SVG
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def translate(x: float, y: float) -> Matrix:
    return (1.0, 0.0, 0.0, 1.0, x, y)


def scale(sx: float, sy: float | None = None) -> Matrix:
    return (sx, 0.0, 0.0, sx if sy is None else sy, 0.0, 0.0)


def rotate(degrees: float) -> Matrix:
    r = math.radians(degrees)
    c, s = math.cos(r), math.sin(r)
    return (c, s, -s, c, 0.0, 0.0)


def multiply(first: Matrix, then: Matrix) -> Matrix:
    """The matrix that applies `first`, then `then`."""
    a1, b1, c1, d1, e1, f1 = first
    a2, b2, c2, d2, e2, f2 = then
    return (
        a1 * a2 + b1 * c2,
        a1 * b2 + b1 * d2,
        c1 * a2 + d1 * c2,
        c1 * b2 + d1 * d2,
        e1 * a2 + f1 * c2 + e2,
        e1 * b2 + f1 * d2 + f2,
    )


def chain(*matrices: Matrix) -> Matrix:
    """Apply the matrices in order: chain(scale(2), translate(10, 0)) scales, then moves."""
    result = IDENTITY
    for m in matrices:
        result = multiply(result, m)
    return result


@dataclass(frozen=True)
class Style:
    """How a shape is painted. Colours are #rrggbb; None paints nothing."""

    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.0
    even_odd: bool = False  # fill rule: even-odd (holes) instead of non-zero
    line_cap: str = "butt"  # butt, round or square
    line_join: str = "miter"  # miter, round or bevel


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    width: float
    height: float
    style: Style
    radius: float = 0.0


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    style: Style


# Path commands: ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("Z",)
PathCommand = tuple


@dataclass(frozen=True)
class Path:
    commands: tuple[PathCommand, ...]
    style: Style


@dataclass(frozen=True)
class Text:
    """One line of text. `font` names a TTF (see pnp.layout.fonts); y is the baseline."""

    x: float
    y: float
    text: str
    font: str
    size: float
    fill: str
    anchor: str = "start"  # start, middle or end
    halo: str | None = None  # a colour drawn round each letter, halo_width wide, under the text
    halo_width: float = 0.0


@dataclass(frozen=True)
class Image:
    """A raster picture from a file, stretched to the box."""

    x: float
    y: float
    width: float
    height: float
    path: str
    grey: bool = False  # drawn in greys (a greyscale kit)


@dataclass(frozen=True)
class Use:
    """Draw a named definition (see Page.definitions), e.g. the same card back many times."""

    ref: str
    transform: Matrix = IDENTITY


@dataclass(frozen=True)
class Group:
    children: tuple["Node", ...]
    transform: Matrix = IDENTITY
    clip: "Rect | Path | None" = None  # in the group's own coordinates, before its transform


Node = Union[Rect, Circle, Path, Text, Image, Use, Group]


@dataclass(frozen=True)
class Definition:
    """A reusable drawing of a given size; its content may run past (0, 0, width, height),
    by `bleed` on each side."""

    id: str
    width: float
    height: float
    content: Group
    bleed: float = 0.0
    # what it was made from, when it is a function of other values (a face given a bleed:
    # ("with_bleed", face, bleed)): its content key is then worked out from those, not its content
    # (a copy given other content must leave it out: dataclasses.replace(..., made_from=()))
    made_from: tuple = field(default=(), compare=False, repr=False)


class Deferred(Definition):
    """A definition drawn when its content is read: a card drawn from the same inputs as in
    an earlier build, whose content's hash and characters that build kept, is then not drawn
    unless an output shows it anew. Only the last DRAWN_KEPT drawn are kept drawn: an
    earlier one is drawn again if read again (a deck's every card drawn at once would hold
    tens of megabytes; its hash and characters stay known). Sent to another process drawn,
    as a plain Definition."""

    digest: "str | None" = None  # the hash of its content (pnp.build.outputs.content_hash), when known
    chars: "dict[str, str] | None" = None  # its characters by font, when known

    def plain(self) -> Definition:
        """The same definition, drawn, as a plain one."""
        return Definition(self.id, self.width, self.height, self.content, self.bleed, self.made_from)

    def __getattr__(self, name: str):
        if name != "content":
            raise AttributeError(name)
        stop_point()  # (a build may stop before each card it draws: the checks beside it failed)
        content = self.__dict__["_make"]()
        object.__setattr__(self, "content", content)
        _DRAWN.append(self)
        while len(_DRAWN) > DRAWN_KEPT:
            _DRAWN.popleft().__dict__.pop("content", None)
        return content

    @property
    def drawn(self) -> bool:
        return "content" in self.__dict__

    def __reduce__(self):
        return Definition, (self.id, self.width, self.height, self.content, self.bleed, self.made_from)


DRAWN_KEPT = 512
_DRAWN: "deque[Deferred]" = deque()  # those drawn, the last drawn last


def release_drawn() -> None:
    """Forget which deferred definitions are drawn (a build's end: a process that builds
    again, pnp watch, then holds none of this build's kit)."""
    _DRAWN.clear()


def deferred(id: str, width: float, height: float, bleed: float, made_from: tuple, make: "Callable[[], Group]",
             digest: str | None = None, chars: "dict[str, str] | None" = None) -> Deferred:
    """A definition whose content `make()` draws when first read (see Deferred)."""
    d = object.__new__(Deferred)
    for name, value in (("id", id), ("width", width), ("height", height), ("bleed", bleed),
                        ("made_from", made_from), ("_make", make), ("digest", digest), ("chars", chars)):
        object.__setattr__(d, name, value)
    return d


def own_characters(d: Definition) -> dict[str, str]:
    """The characters each font draws in a definition (not in those it uses), by font; a
    deferred one's known characters, without drawing it."""
    known = getattr(d, "chars", None)
    if known is not None:
        return known
    if d.made_from and d.made_from[0] == "with_bleed":  # (a bleed changes no text)
        return own_characters(d.made_from[1])
    own: dict[str, set[str]] = {}
    for text in texts([d.content]):
        own.setdefault(text.font, set()).update(text.text)
    found = {font: "".join(sorted(chars)) for font, chars in own.items()}
    if isinstance(d, Deferred):
        object.__setattr__(d, "chars", found)
    return found


@dataclass(frozen=True)
class Page:
    width: float
    height: float
    children: tuple[Node, ...]
    definitions: tuple[Definition, ...] = field(default=())
    label: str = ""


def single(definition: Definition) -> Page:
    """A definition alone on a page of its own size (a card's own SVG, PNG or image)."""
    return Page(definition.width, definition.height, (Use(definition.id),), (definition,))


def texts(nodes: Iterable[Node]) -> Iterator[Text]:
    """Every text node in `nodes` and their groups (not inside definitions they use)."""
    for node in nodes:
        if isinstance(node, Text):
            yield node
        elif isinstance(node, Group):
            yield from texts(node.children)


def characters_by_font(pages: Iterable[Page], memo: dict | None = None) -> dict[str, frozenset[str]]:
    """Every character each font draws anywhere in `pages`; with `memo` (a dict kept by the
    caller), each definition's characters are read once however many times it is asked about
    (and kept as a string: a deck's sets of characters would take tens of megabytes)."""
    used: dict[str, list[str]] = {}  # each font's texts, joined once at the end
    seen: set[int] = set()
    for page in pages:
        roots = list(page.children)
        for d in page.definitions:  # a definition placed on many pages is read once
            if id(d) in seen:
                continue
            seen.add(id(d))
            if memo is None:
                roots.append(d.content)
                continue
            found = memo.get(id(d))
            if found is None or found[0] is not d:
                found = memo[id(d)] = (d, own_characters(d))
            for font, chars in found[1].items():
                used.setdefault(font, []).append(chars)
        for text in texts(roots):
            used.setdefault(text.font, []).append(text.text)
    return {font: frozenset("".join(chars)) for font, chars in used.items()}


def ellipse_path(cx: float, cy: float, rx: float, ry: float) -> tuple[PathCommand, ...]:
    """An ellipse as four cubic Béziers."""
    k = 0.5522847498
    return (
        ("M", cx + rx, cy),
        ("C", cx + rx, cy + k * ry, cx + k * rx, cy + ry, cx, cy + ry),
        ("C", cx - k * rx, cy + ry, cx - rx, cy + k * ry, cx - rx, cy),
        ("C", cx - rx, cy - k * ry, cx - k * rx, cy - ry, cx, cy - ry),
        ("C", cx + k * rx, cy - ry, cx + rx, cy - k * ry, cx + rx, cy),
        ("Z",),
    )


# --- as plain data --------------------------------------------------------------------------
# A cache keeps drawings (a game's icons) as JSON, never as pickles: a damaged or hand-edited
# entry can then only fail to load, not run anything.

_KINDS = {"rect": Rect, "circle": Circle, "path": Path, "group": Group}


def _style_data(style: Style) -> list:
    return [style.fill, style.stroke, style.stroke_width, style.even_odd, style.line_cap, style.line_join]


def to_data(node: Node) -> list:
    """A node of shapes (no text, image or use) as JSON-ready lists."""
    if isinstance(node, Rect):
        return ["rect", node.x, node.y, node.width, node.height, _style_data(node.style), node.radius]
    if isinstance(node, Circle):
        return ["circle", node.cx, node.cy, node.r, _style_data(node.style)]
    if isinstance(node, Path):
        return ["path", [list(c) for c in node.commands], _style_data(node.style)]
    if isinstance(node, Group):
        return ["group", [to_data(c) for c in node.children], list(node.transform),
                to_data(node.clip) if node.clip is not None else None]
    raise TypeError(f"cannot keep {type(node).__name__} as data")


def from_data(data: list) -> Node:
    """The node `to_data` made (ValueError or TypeError on anything else)."""
    kind = data[0]
    if kind == "rect":
        _, x, y, w, h, style, radius = data
        return Rect(float(x), float(y), float(w), float(h), Style(*style), float(radius))
    if kind == "circle":
        _, cx, cy, r, style = data
        return Circle(float(cx), float(cy), float(r), Style(*style))
    if kind == "path":
        _, commands, style = data
        return Path(tuple((c[0], *map(float, c[1:])) for c in commands), Style(*style))
    if kind == "group":
        _, children, transform, clip = data
        return Group(tuple(from_data(c) for c in children), tuple(map(float, transform)),
                     from_data(clip) if clip is not None else None)
    raise ValueError(f"not a node: {kind!r}")
