"""The presentation properties an icon may use, and the values they take: which properties
pnp draws, ignores or refuses (with a hint), the painting they make, inherited as in SVG,
colours, lengths and transforms. What is wrong with a value is reported through the function
each is given (see pnp.icons.paths.Report): the reader (pnp.icons.svg) says where."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from typing import Callable

from ..scene import Matrix, Style, chain, rotate, scale, translate
from .paths import TOO_LARGE, Report, within

# an element's properties by name: value, the attribute it is in, and the name to find in a style attribute
Properties = dict[str, tuple[str, str, str | None]]

# properties pnp draws, as presentation attributes or in style="..." (the shorthand `marker`, in a
# style attribute, is read by the reader as the three it stands for)
_DRAWN = ("fill", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin", "fill-rule", "stroke-dasharray",
          "stroke-dashoffset", "marker-start", "marker-mid", "marker-end")
MARKERS = ("marker-start", "marker-mid", "marker-end")
_KEYWORDS = {
    "stroke-linecap": ("butt", "round", "square"),
    "stroke-linejoin": ("miter", "round", "bevel"),
    "fill-rule": ("nonzero", "evenodd"),
}
# properties that change nothing pnp draws, whatever their value: a mitre limit (pnp's backends
# keep the default), text and gradient-stop properties on shapes, rendering hints, clip-rule
# (clip-path is refused), and vendor properties such as Inkscape's -inkscape-stroke
_IGNORED = (
    "stroke-miterlimit", "color", "enable-background", "clip-rule", "overflow",
    "stop-color", "stop-opacity", "flood-color", "flood-opacity", "lighting-color", "solid-color", "solid-opacity",
    "color-rendering", "shape-rendering", "image-rendering", "text-rendering", "color-interpolation",
    "color-interpolation-filters", "line-height", "letter-spacing", "word-spacing", "writing-mode", "direction",
    "baseline-shift", "dominant-baseline", "alignment-baseline", "inline-size", "white-space", "shape-inside",
    "shape-padding", "shape-margin",
)
_IGNORED_PREFIXES = ("font", "text-", "-")
# properties accepted at the value that changes nothing (Inkscape writes them on every shape)
_NO_OP = {
    "opacity": "1", "fill-opacity": "1", "stroke-opacity": "1",
    "display": "inline", "visibility": "visible", "paint-order": "normal", "marker": "none",
    "vector-effect": "none", "isolation": "auto", "mix-blend-mode": "normal",
}
_HINTS = {
    "opacity": "use solid colours",
    "fill-opacity": "use solid colours",
    "stroke-opacity": "use solid colours",
    "marker": 'SVG reads it only in style="..." (use marker-start, marker-mid and marker-end)',
    "clip-path": "draw only the part that shows",
    "mask": "draw only the part that shows",
}

_NUMBER = r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?"
NUMBER_RE = re.compile(_NUMBER)
LENGTH_RE = re.compile(rf"\s*({_NUMBER})\s*(px)?\s*")
# a stroke's lengths may carry CSS's absolute units (Inkscape writes "stroke-width:1pt" in its
# arrows), each worth these many view-box units as in CSS (96 px to the inch)
UNITS = {"px": 1.0, "pt": 4 / 3, "pc": 16.0, "mm": 96 / 25.4, "cm": 96 / 2.54, "in": 96.0}
_UNIT_LENGTH_RE = re.compile(rf"\s*({_NUMBER})\s*(px|pt|pc|mm|cm|in)?\s*")
_URL_RE = re.compile(r"url\(\s*(?:#([^\s'\"()]+)|'#([^'()]+)'|\"#([^\"()]+)\")\s*\)")
MAX_DASH_ENTRIES = 100  # a dash pattern has at most these lengths
_HEX_RE = re.compile(r"#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})")
_HEX_ALPHA_RE = re.compile(r"#([0-9a-fA-F]{4}|[0-9a-fA-F]{8})")
_RGB_RE = re.compile(r"rgb\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\)", re.IGNORECASE)
_RGB_PERCENT_RE = re.compile(rf"rgb\(\s*({_NUMBER})%\s*,\s*({_NUMBER})%\s*,\s*({_NUMBER})%\s*\)", re.IGNORECASE)
_NAME_RE = re.compile(r"[a-zA-Z]+")
_TRANSFORM_RE = re.compile(r"\s*([a-zA-Z]+)\s*\(([^()]*)\)\s*,?")
_TRANSFORM_ARITY = {"matrix": (6,), "translate": (1, 2), "scale": (1, 2), "rotate": (1, 3), "skewX": (1,),
                    "skewY": (1,)}


@dataclass(frozen=True)
class Paint:
    """The inherited painting properties, with SVG's initial values."""

    fill: str | None = "#000000"
    stroke: str | None = None
    stroke_width: float = 1.0
    line_cap: str = "butt"
    line_join: str = "miter"
    even_odd: bool = False
    dashes: tuple[float, ...] | None = None  # the dash pattern, of an even number of lengths (None: solid)
    dash_offset: float = 0.0
    marker_start: str | None = None  # the id of a <marker>
    marker_mid: str | None = None
    marker_end: str | None = None

    def style(self) -> Style:
        if self.stroke is None or self.stroke_width <= 0:
            return Style(fill=self.fill, even_odd=self.even_odd)
        return Style(self.fill, self.stroke, self.stroke_width, self.even_odd, self.line_cap, self.line_join)


def drawn(properties: Properties, report: Report) -> Properties:
    """The properties pnp draws, of an element's `properties`; each other one is reported
    unless it changes nothing."""
    for prop, (value, attribute, find) in list(properties.items()):
        if prop in _DRAWN:
            continue
        del properties[prop]
        if prop in _IGNORED or prop.startswith(_IGNORED_PREFIXES):
            continue
        if prop in _NO_OP and _no_op(prop, value):
            continue
        hint = _HINTS.get(prop)
        report(f"{prop} is not supported" + (f"; {hint}" if hint else ""), attribute, find=find)
    return properties


def _no_op(prop: str, value: str) -> bool:
    value = value.strip().lower()
    if _NO_OP[prop] == "1":
        number = LENGTH_RE.fullmatch(value)
        return (number is not None and not number.group(2) and float(number.group(1)) == 1) or value == "100%"
    if _NO_OP[prop] == "0":
        number = LENGTH_RE.fullmatch(value)
        return number is not None and float(number.group(1)) == 0
    return value == _NO_OP[prop]


def paint_of(properties: Properties, inherited: Paint, report: Report) -> Paint:
    """The painting of an element that has `properties` (see `drawn`) and inherits `inherited`;
    a wrong value is reported and left out."""
    paint = inherited
    for prop, (raw_value, attribute, find) in properties.items():
        value = raw_value.strip()
        if value == "inherit":
            continue

        def bad(message: str) -> None:
            report(message, attribute, find=find)

        if prop in ("fill", "stroke"):
            colour = _colour(prop, value, bad)
            if colour is not False:
                paint = replace(paint, **{prop: colour})
        elif prop == "stroke-width":
            width = length_of(prop, value, bad, minimum=0.0, units=True)
            if width is not None:
                paint = replace(paint, stroke_width=width)
        elif prop == "stroke-dasharray":
            dashes = dashes_of(value, bad)
            if dashes is not False:
                paint = replace(paint, dashes=dashes)
        elif prop == "stroke-dashoffset":
            if value.endswith("%"):
                bad(f'{prop}: "{value}" is a percentage, which is not supported (give a length in view-box units)')
            elif (offset := length_of(prop, value, bad, units=True)) is not None:
                paint = replace(paint, dash_offset=offset)
        elif prop in MARKERS:
            marker = marker_of(prop, value, bad)
            if marker is not False:
                paint = replace(paint, **{prop.replace("-", "_"): marker})
        else:
            options = _KEYWORDS[prop]
            if value not in options:
                bad(f'{prop}: "{value}" is not one of {", ".join(options)}')
            elif prop == "stroke-linecap":
                paint = replace(paint, line_cap=value)
            elif prop == "stroke-linejoin":
                paint = replace(paint, line_join=value)
            else:
                paint = replace(paint, even_odd=value == "evenodd")
    return paint


def _colour(prop: str, value: str, bad: Callable[[str], None]) -> str | None | bool:
    """The colour as #rrggbb, None for none, or False (reported) when it is not one pnp draws."""
    lowered = value.lower()
    if lowered == "none":
        return None
    if lowered == "currentcolor":
        return "#000000"
    if lowered in ("context-fill", "context-stroke"):
        return lowered  # (a marker's shapes: the reader paints them as the shape the marker is on)
    if lowered.startswith("url("):
        bad(f"{prop}: {value} is not supported (gradients and patterns are not drawn); use a solid colour")
        return False
    if _HEX_ALPHA_RE.fullmatch(value) or lowered.startswith(("rgba(", "hsla(")) or lowered == "transparent":
        bad(f"{prop}: {value} is see-through, which is not supported; use solid colours")
        return False
    if _HEX_RE.fullmatch(value) or _RGB_RE.fullmatch(value) or _RGB_PERCENT_RE.fullmatch(value):
        import svgelements  # imported when needed

        return str(svgelements.Color(lowered).hexrgb)
    if _NAME_RE.fullmatch(value):
        # names from Pillow's table: svgelements reads an unknown name as black, and
        # aliceblue wrong
        from PIL import ImageColor

        if lowered in ImageColor.colormap:  # Pillow turns entries into tuples once used: ask it
            r, g, b = ImageColor.getrgb(lowered)[:3]
            return f"#{r:02x}{g:02x}{b:02x}"
    bad(f'{prop}: "{value}" is not a colour (use #rrggbb, #rgb, rgb(r, g, b), a CSS colour name, none '
        f"or currentColor)")
    return False


def length_of(name: str, value: str, bad: Callable[[str], None], minimum: float | None = None,
              units: bool = False) -> float | None:
    """The length a property or attribute `name` is given, in view-box units (px allowed; with
    `units`, CSS's absolute units too), or None when it is not one, is out of bounds or is less
    than `minimum` (reported)."""
    found = (_UNIT_LENGTH_RE if units else LENGTH_RE).fullmatch(value)
    if found is None:
        bad(f'{name}: "{value.strip()}" is not a number (an icon\'s lengths are plain numbers, in view-box units)')
        return None
    number = float(found.group(1)) * UNITS[found.group(2) or "px"]
    if not within((number,)):
        bad(f"{name}: {TOO_LARGE}")
        return None
    if minimum is not None and number < minimum:
        bad(f"{name} may not be negative")
        return None
    return number


def dashes_of(value: str, bad: Callable[[str], None]) -> tuple[float, ...] | None | bool:
    """A stroke-dasharray: its lengths (commas or spaces between them), an odd list twice over as
    in SVG; None for none or all zeros (a solid line); False when a problem is reported."""
    if value.lower() == "none":
        return None
    parts = [p for p in re.split(r"\s*,\s*|\s+", value.strip())]
    if any(p.endswith("%") for p in parts):
        bad(f'stroke-dasharray: "{value}" holds a percentage, which is not supported (give lengths in view-box '
            f"units)")
        return False
    if len(parts) > MAX_DASH_ENTRIES:
        bad(f"stroke-dasharray: {len(parts)} lengths, more than the {MAX_DASH_ENTRIES} pnp reads")
        return False
    lengths = []
    for part in parts:
        length = length_of("stroke-dasharray", part, bad, minimum=0.0, units=True)
        if length is None:
            return False
        lengths.append(length)
    if not any(lengths):
        return None
    return tuple(lengths * (2 if len(lengths) % 2 else 1))


def marker_of(prop: str, value: str, bad: Callable[[str], None]) -> str | None | bool:
    """The id a marker property names, url(#id) (quoted or not); None for none; False when a
    problem is reported."""
    if value.lower() == "none":
        return None
    found = _URL_RE.fullmatch(value)
    if found is None:
        bad(f'{prop}: "{value}" is not a marker of the icon (write url(#id), the id of a <marker> in its <defs>)')
        return False
    return next(group for group in found.groups() if group)


def transform_of(value: str, report: Report) -> Matrix | None:
    """The transform list as a scene matrix, composed with scene.chain in the order SVG applies
    it (the last one first), so that `rotate(a cx cy)` is exactly chain(translate(-cx, -cy),
    rotate(a), translate(cx, cy)); None when a problem is reported."""
    matrices: list[Matrix] = []
    at = 0
    while at < len(value) and value[at:].strip():
        found = _TRANSFORM_RE.match(value, at)
        name = found.group(1) if found else ""
        args = found.group(2).strip() if found else ""
        tokens = re.split(r"\s*,\s*|\s+", args) if args else []
        if (found is None or name not in _TRANSFORM_ARITY or len(tokens) not in _TRANSFORM_ARITY[name]
                or not all(NUMBER_RE.fullmatch(t) for t in tokens)):
            start = len(value[at:]) - len(value[at:].lstrip()) + at
            report(f'transform: cannot read "{value[start:].strip()}" (an icon may use '
                   f"matrix, translate, scale, rotate, skewX and skewY)", "transform", index=start)
            return None
        numbers = [float(t) for t in tokens]
        if not within(numbers):
            report(f"transform: {TOO_LARGE}", "transform")
            return None
        at = found.end()
        if name == "matrix":
            matrices.append(tuple(numbers))  # type: ignore[arg-type]
        elif name == "translate":
            matrices.append(translate(numbers[0], numbers[1] if len(numbers) > 1 else 0.0))
        elif name == "scale":
            matrices.append(scale(*numbers))
        elif name == "rotate":
            if len(numbers) == 3:
                matrices += [translate(numbers[1], numbers[2]), rotate(numbers[0]),
                             translate(-numbers[1], -numbers[2])]
            else:
                matrices.append(rotate(numbers[0]))
        elif name == "skewX":
            matrices.append((1.0, 0.0, math.tan(math.radians(numbers[0])), 1.0, 0.0, 0.0))
        else:
            matrices.append((1.0, math.tan(math.radians(numbers[0])), 0.0, 1.0, 0.0, 0.0))
    if not matrices:
        return None
    matrix = chain(*reversed(matrices))
    if not within(matrix):  # (skews and scales multiplied out)
        report(f"transform: {TOO_LARGE} (as one matrix)", "transform")
        return None
    return matrix
