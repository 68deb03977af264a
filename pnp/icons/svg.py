"""The strict SVG reader: the plain vector subset of SVG an icon may use (see pnp.icons), read
with every problem located at its line and column, into scene nodes; and the bounds of what
an icon may cost to draw."""

from __future__ import annotations

import math
import re
import xml.parsers.expat
from dataclasses import dataclass, field, replace
from typing import Callable

from ..problems import Location, Problem, problem
from ..scene import (IDENTITY, Circle, Group, Matrix, Node, Path, Rect, Style, chain, ellipse_path, rotate, scale,
                    translate)
from .paths import MAX_NUMBER, MAX_SEGMENTS, TOO_LARGE, commands_of, new_path, rounded_rect, segments_of, within

MIN_VIEW_BOX = 0.001
MAX_DEPTH = 32

SVG_NS = "http://www.w3.org/2000/svg"
XML_NS = "http://www.w3.org/XML/1998/namespace"
INKSCAPE_NS = "http://www.inkscape.org/namespaces/inkscape"
SODIPODI_NS = "http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
_EDITOR_NS = (INKSCAPE_NS, SODIPODI_NS)

_NOT_DRAWN = "an icon may use path, rect, circle, ellipse, line, polyline, polygon and g"
_SKIPPED = ("metadata", "title", "desc")  # SVG elements ignored with all they hold

# attributes each element reads besides the common ones (id, class, style, transform and the
# presentation properties)
_GEOMETRY = {
    "svg": ("viewBox", "width", "height", "version", "baseProfile", "x", "y", "preserveAspectRatio"),
    "g": (),
    "path": ("d",),
    "rect": ("x", "y", "width", "height", "rx", "ry"),
    "circle": ("cx", "cy", "r"),
    "ellipse": ("cx", "cy", "rx", "ry"),
    "line": ("x1", "y1", "x2", "y2"),
    "polyline": ("points",),
    "polygon": ("points",),
}

# properties pnp draws, as presentation attributes or in style="..."
_DRAWN = ("fill", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin", "fill-rule")
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
    "stroke-dasharray": "none", "stroke-dashoffset": "0",
    "display": "inline", "visibility": "visible", "paint-order": "normal",
    "marker": "none", "marker-start": "none", "marker-mid": "none", "marker-end": "none",
    "vector-effect": "none", "isolation": "auto", "mix-blend-mode": "normal",
}
_HINTS = {
    "opacity": "use solid colours",
    "fill-opacity": "use solid colours",
    "stroke-opacity": "use solid colours",
    "stroke-dasharray": "draw the dashes as shapes",
    "clip-path": "draw only the part that shows",
    "mask": "draw only the part that shows",
}

_NUMBER = r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?"
_NUMBER_RE = re.compile(_NUMBER)
_LENGTH_RE = re.compile(rf"\s*({_NUMBER})\s*(px)?\s*")
_SEPARATOR_RE = re.compile(r"\s*,?\s*")
_HEX_RE = re.compile(r"#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})")
_HEX_ALPHA_RE = re.compile(r"#([0-9a-fA-F]{4}|[0-9a-fA-F]{8})")
_RGB_RE = re.compile(r"rgb\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\)", re.IGNORECASE)
_RGB_PERCENT_RE = re.compile(rf"rgb\(\s*({_NUMBER})%\s*,\s*({_NUMBER})%\s*,\s*({_NUMBER})%\s*\)", re.IGNORECASE)
_NAME_RE = re.compile(r"[a-zA-Z]+")
_TRANSFORM_RE = re.compile(r"\s*([a-zA-Z]+)\s*\(([^()]*)\)\s*,?")
_TRANSFORM_ARITY = {"matrix": (6,), "translate": (1, 2), "scale": (1, 2), "rotate": (1, 3), "skewX": (1,),
                    "skewY": (1,)}
LINE_BREAK_RE = re.compile(r"\r\n|\r|\n")
_TAG_RE = re.compile(r"<[^\s/>]+")
_ATTRIBUTE_RE = re.compile(r"\s*([^\s=/>]+)\s*=\s*(\"[^\"]*\"|'[^']*')")


class _Stop(Exception):
    """Stops the XML parser (after a DOCTYPE)."""


@dataclass(frozen=True)
class _Paint:
    """The inherited painting properties, with SVG's initial values."""

    fill: str | None = "#000000"
    stroke: str | None = None
    stroke_width: float = 1.0
    line_cap: str = "butt"
    line_join: str = "miter"
    even_odd: bool = False

    def style(self) -> Style:
        if self.stroke is None or self.stroke_width <= 0:
            return Style(fill=self.fill, even_odd=self.even_odd)
        return Style(self.fill, self.stroke, self.stroke_width, self.even_odd, self.line_cap, self.line_join)


@dataclass
class _Element:
    """An element being read: where it is, and what it will become."""

    qname: str
    local: str
    kind: str  # root, group, shape, defs or skip
    line: int
    column: int
    offset: int  # of its "<" in the text
    attributes: dict[str, str] = field(default_factory=dict)
    paint: _Paint = field(default_factory=_Paint)
    transform: Matrix | None = None
    children: list[Node] = field(default_factory=list)
    node: Node | None = None
    spans: dict[str, tuple[int, int, str]] | None = None  # name -> name offset, value offset, raw value


class Reader:
    """Reads one icon file with expat, collecting its scene nodes and its problems."""

    def __init__(self, file: str, raw: bytes, text: str):
        self.file = file
        self.raw = raw
        self.text = text
        self.problems: list[Problem] = []
        self.stack: list[_Element] = []
        self.scopes: list[dict[str, str | None]] = [{"xml": XML_NS}]
        self.view_box: tuple[float, float, float, float] | None = None
        self.nodes: tuple[Node, ...] = ()
        self._byte = 0  # a byte offset and the character offset it is at, moved forward as we read
        self.segments = 0  # of the shapes read so far
        self._char = 0

    # -- problems and where they are

    def report(self, line: int, column: int, message: str) -> None:
        self.problems.append(problem("icon", Location(self.file, line, column), message))

    def report_at(self, element: _Element, message: str, attribute: str | None = None, index: int | None = None,
                  find: str | None = None) -> None:
        """A problem at `element`; at its `attribute` when given: at the name, or at character
        `index` of the value, or at the first `find` in the value."""
        line, column = element.line, element.column
        span = self._span(element, attribute) if attribute is not None else None
        if span is not None:
            name_at, value_at, raw = span
            at = name_at
            if find is not None:
                found = re.search(rf"(?<![\w-]){re.escape(find)}\s*:", raw)
                index = found.start() if found else None
            if index is not None and self._same_text(raw, element.attributes.get(attribute, "")):
                at = value_at + index
            line, column = self._position(element, at)
        self.report(line, column, message)

    @staticmethod
    def _same_text(raw: str, value: str) -> bool:
        """Whether the raw attribute text maps character for character onto its value."""
        return len(raw) == len(value) and "&" not in raw

    def _span(self, element: _Element, attribute: str) -> tuple[int, int, str] | None:
        if element.spans is None:
            element.spans = {}
            tag = _TAG_RE.match(self.text, element.offset)
            at = tag.end() if tag else element.offset
            while (found := _ATTRIBUTE_RE.match(self.text, at)) is not None:
                element.spans[found.group(1)] = (found.start(1), found.start(2) + 1, found.group(2)[1:-1])
                at = found.end()
        return element.spans.get(attribute)

    def _position(self, element: _Element, offset: int) -> tuple[int, int]:
        """Line and column of a character offset inside `element`'s start tag."""
        between = self.text[element.offset:offset]
        breaks = list(LINE_BREAK_RE.finditer(between))
        if not breaks:
            return element.line, element.column + len(between)
        return element.line + len(breaks), len(between) - breaks[-1].end() + 1

    def _column(self, line: int, expat_column: int) -> int:
        """A 1-based column from expat's 0-based one (which counts a byte-order mark)."""
        return expat_column + 1 - (line == 1 and self.text.startswith("\ufeff"))

    def _line_column(self, offset: int) -> tuple[int, int]:
        """Line and column of a character offset in the file."""
        breaks = list(LINE_BREAK_RE.finditer(self.text, 0, offset))
        line_start = breaks[-1].end() if breaks else int(self.text.startswith("\ufeff"))  # a BOM is no column
        return len(breaks) + 1, offset - line_start + 1

    def _offset(self, byte_index: int) -> int:
        """The character offset of a byte offset (met in increasing order)."""
        if byte_index < self._byte:  # pragma: no cover - expat reports elements in order
            self._byte = self._char = 0
        self._char += len(self.raw[self._byte:byte_index].decode("utf-8"))
        self._byte = byte_index
        return self._char

    # -- parsing

    def read(self) -> tuple[tuple[float, float, float, float] | None, tuple[Node, ...]]:
        parser = xml.parsers.expat.ParserCreate()
        parser.ordered_attributes = True
        parser.SetParamEntityParsing(xml.parsers.expat.XML_PARAM_ENTITY_PARSING_NEVER)
        self.parser = parser

        def doctype(*_args) -> None:
            # expat reports the declaration where it has read its name; point at its "<!"
            here = self._offset(parser.CurrentByteIndex)
            start = self.text.rfind("<!", 0, here + 1)
            self.report(*self._line_column(start if start >= 0 else here),
                        "an icon may not declare a DOCTYPE or entities")
            raise _Stop

        def declaration(_version, encoding, _standalone) -> None:
            if encoding and encoding.lower().replace("_", "-") not in ("utf-8", "utf8"):
                self.report(parser.CurrentLineNumber,
                            self._column(parser.CurrentLineNumber, parser.CurrentColumnNumber),
                            f"an icon must be UTF-8 text, not {encoding}")

        def instruction(target, _data) -> None:
            self.report(parser.CurrentLineNumber, self._column(parser.CurrentLineNumber, parser.CurrentColumnNumber),
                        f"the processing instruction <?{target}?> is not supported in an icon")

        parser.StartDoctypeDeclHandler = doctype
        parser.EntityDeclHandler = doctype
        parser.XmlDeclHandler = declaration
        parser.ProcessingInstructionHandler = instruction
        parser.StartElementHandler = self.start
        parser.EndElementHandler = self.end
        try:
            parser.Parse(self.raw, True)
        except _Stop:
            return None, ()
        except xml.parsers.expat.ExpatError as e:
            self.report(e.lineno, self._column(e.lineno, e.offset),
                        f"not well-formed XML: {xml.parsers.expat.ErrorString(e.code)}")
            return None, ()
        return self.view_box, self.nodes

    def _resolve(self, qname: str, scope: dict[str, str | None], element: bool) -> tuple[str | None, str, bool]:
        """Namespace, local name, and whether the prefix is declared."""
        prefix, _, local = qname.rpartition(":")
        if not prefix:
            return (scope.get("") if element else None), local, True
        return scope.get(prefix), local, prefix in scope

    def start(self, qname: str, flat: list[str]) -> None:
        parser = self.parser
        pairs = list(zip(flat[::2], flat[1::2]))
        scope = dict(self.scopes[-1])
        for name, value in pairs:
            if name == "xmlns":
                scope[""] = value or None
            elif name.startswith("xmlns:"):
                scope[name[6:]] = value or None
        self.scopes.append(scope)
        parent = self.stack[-1] if self.stack else None
        namespace, local, declared = self._resolve(qname, scope, True)
        element = _Element(qname, local, "skip", parser.CurrentLineNumber,
                           self._column(parser.CurrentLineNumber, parser.CurrentColumnNumber),
                           self._offset(parser.CurrentByteIndex),
                           {name: value for name, value in pairs if name != "xmlns" and not name.startswith("xmlns:")})
        self.stack.append(element)
        if parent is not None and parent.kind == "skip":
            return
        if not declared:
            self.report_at(element, f"the namespace prefix {qname.rpartition(':')[0]} is not declared")
            return
        svg = namespace in (SVG_NS, None)
        if parent is None:
            if local == "svg" and not svg:
                self.report_at(element, f"the root <svg> must be in the SVG namespace ({SVG_NS}), not {namespace}")
                return
            if local != "svg":
                self.report_at(element, f"the root element must be <svg>, not <{qname}>")
                return
            element.kind = "root"
            self._root(element, scope)
            return
        if namespace in _EDITOR_NS or (svg and local in _SKIPPED):
            return  # what drawing programs keep for themselves, ignored with all it holds
        if parent.kind == "defs":
            self.report_at(element, f"<{qname}> is not drawn by pnp (an icon's <defs> must be empty)")
            return
        if svg and local == "defs" and parent.kind in ("root", "group"):
            element.kind = "defs"
            self._attributes(element, scope, ())
            return
        if not svg or local not in _GEOMETRY or local == "svg" or parent.kind == "shape":
            self.report_at(element, f"<{qname}> is not drawn by pnp ({_NOT_DRAWN})")
            return
        if local == "g" and sum(e.kind == "group" for e in self.stack) >= MAX_DEPTH:
            self.report_at(element, f"groups nest more than {MAX_DEPTH} deep (pnp draws an icon's <g> "
                           f"{MAX_DEPTH} deep at most)")
            return  # (what it holds is skipped with it: one problem)
        element.kind = "group" if local == "g" else "shape"
        properties = self._attributes(element, scope, _GEOMETRY[local])
        element.paint = self._paint(element, properties, parent.paint)
        if local != "g":
            element.node = self._shape(element)
            if element.node is not None and self.segments <= MAX_SEGMENTS:
                self.segments += segments_of(element.node)
                if self.segments > MAX_SEGMENTS:
                    self.report_at(element, f"the icon has more than {MAX_SEGMENTS:,} path segments, more than "
                                   f"pnp draws in an icon (simplify its paths)")

    def end(self, _qname: str) -> None:
        element = self.stack.pop()
        self.scopes.pop()
        parent = self.stack[-1] if self.stack else None
        if element.kind == "root":
            self.nodes = tuple(element.children)
            return
        if parent is None or element.kind not in ("group", "shape"):
            return
        if element.kind == "group":
            node: Node | None = Group(tuple(element.children), element.transform or IDENTITY)
        elif element.node is not None and element.transform is not None:
            node = Group((element.node,), element.transform)
        else:
            node = element.node
        if node is not None:
            parent.children.append(node)

    # -- attributes and properties

    def _attributes(self, element: _Element, scope: dict[str, str | None],
                    geometry: tuple[str, ...]) -> dict[str, tuple[str, str, str | None]]:
        """Check the element's attributes; return its properties by name, as (value, attribute,
        name to find in a style attribute)."""
        properties: dict[str, tuple[str, str, str | None]] = {}
        styled: dict[str, tuple[str, str, str | None]] = {}
        for name, value in element.attributes.items():
            if ":" in name:
                namespace, _local, declared = self._resolve(name, scope, False)
                if not declared:
                    self.report_at(element, f"the namespace prefix {name.partition(':')[0]} is not declared", name)
                elif namespace in _EDITOR_NS or name in ("xml:space", "xml:lang"):
                    continue
                else:
                    self.report_at(element, f"{name} is not supported", name)
                continue
            if name in geometry or name in ("id", "class"):
                continue
            if name == "transform":
                if element.kind == "root":
                    self.report_at(element, "transform is not supported on the <svg> root", name)
                else:
                    element.transform = self._transform(element, value)
                continue
            if name == "style":
                for declaration in value.split(";"):
                    if not declaration.strip():
                        continue
                    prop, colon, prop_value = declaration.partition(":")
                    prop = prop.strip()
                    if not colon or not prop:
                        self.report_at(element, f"style: cannot read {declaration.strip()!r}", name)
                        continue
                    styled[prop] = (prop_value.strip(), name, prop)
                continue
            properties[name] = (value, name, None)
        properties.update(styled)  # style="..." wins over presentation attributes
        for prop, (value, attribute, find) in list(properties.items()):
            if prop in _DRAWN:
                continue
            del properties[prop]
            if prop in _IGNORED or prop.startswith(_IGNORED_PREFIXES):
                continue
            if prop in _NO_OP and self._no_op(prop, value):
                continue
            hint = _HINTS.get(prop)
            self.report_at(element, f"{prop} is not supported" + (f"; {hint}" if hint else ""), attribute, find=find)
        return properties

    @staticmethod
    def _no_op(prop: str, value: str) -> bool:
        value = value.strip().lower()
        if _NO_OP[prop] == "1":
            number = _LENGTH_RE.fullmatch(value)
            return (number is not None and not number.group(2) and float(number.group(1)) == 1) or value == "100%"
        if _NO_OP[prop] == "0":
            number = _LENGTH_RE.fullmatch(value)
            return number is not None and float(number.group(1)) == 0
        return value == _NO_OP[prop]

    def _paint(self, element: _Element, properties: dict[str, tuple[str, str, str | None]],
               inherited: _Paint) -> _Paint:
        paint = inherited
        for prop, (raw_value, attribute, find) in properties.items():
            value = raw_value.strip()
            if value == "inherit":
                continue

            def bad(message: str) -> None:
                self.report_at(element, message, attribute, find=find)

            if prop in ("fill", "stroke"):
                colour = self._colour(prop, value, bad)
                if colour is not False:
                    paint = replace(paint, **{prop: colour})
            elif prop == "stroke-width":
                width = self._number(prop, value, bad, minimum=0.0)
                if width is not None:
                    paint = replace(paint, stroke_width=width)
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

    @staticmethod
    def _colour(prop: str, value: str, bad: Callable[[str], None]) -> str | None | bool:
        """The colour as #rrggbb, None for none, or False (reported) when it is not one pnp draws."""
        lowered = value.lower()
        if lowered == "none":
            return None
        if lowered == "currentcolor":
            return "#000000"
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

    @staticmethod
    def _number(name: str, value: str, bad: Callable[[str], None], minimum: float | None = None) -> float | None:
        found = _LENGTH_RE.fullmatch(value)
        if found is None:
            bad(f'{name}: "{value.strip()}" is not a number (an icon\'s lengths are plain numbers, in view-box units)')
            return None
        number = float(found.group(1))
        if not within((number,)):
            bad(f"{name}: {TOO_LARGE}")
            return None
        if minimum is not None and number < minimum:
            bad(f"{name} may not be negative")
            return None
        return number

    def _length(self, element: _Element, name: str, default: float | None = 0.0,
                minimum: float | None = None) -> float | None:
        """The element's attribute `name` as a number, or `default` when it has none. A wrong
        value is reported (and gives None)."""
        value = element.attributes.get(name) if name in _GEOMETRY[element.local] else None
        if value is None:
            return default
        return self._number(name, value, lambda message: self.report_at(element, message, name), minimum)

    def _transform(self, element: _Element, value: str) -> Matrix | None:
        """The transform list as a scene matrix, composed with scene.chain in the order SVG applies
        it (the last one first), so that `rotate(a cx cy)` is exactly chain(translate(-cx, -cy),
        rotate(a), translate(cx, cy))."""
        matrices: list[Matrix] = []
        at = 0
        while at < len(value) and value[at:].strip():
            found = _TRANSFORM_RE.match(value, at)
            name = found.group(1) if found else ""
            args = found.group(2).strip() if found else ""
            tokens = re.split(r"\s*,\s*|\s+", args) if args else []
            if (found is None or name not in _TRANSFORM_ARITY or len(tokens) not in _TRANSFORM_ARITY[name]
                    or not all(_NUMBER_RE.fullmatch(t) for t in tokens)):
                start = len(value[at:]) - len(value[at:].lstrip()) + at
                self.report_at(element, f'transform: cannot read "{value[start:].strip()}" (an icon may use '
                               f"matrix, translate, scale, rotate, skewX and skewY)", "transform", index=start)
                return None
            numbers = [float(t) for t in tokens]
            if not within(numbers):
                self.report_at(element, f"transform: {TOO_LARGE}", "transform")
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
            self.report_at(element, f"transform: {TOO_LARGE} (as one matrix)", "transform")
            return None
        return matrix

    def _root(self, element: _Element, scope: dict[str, str | None]) -> None:
        properties = self._attributes(element, scope, _GEOMETRY["svg"])
        element.paint = self._paint(element, properties, _Paint())
        attributes = element.attributes
        aspect = attributes.get("preserveAspectRatio")
        if aspect is not None and aspect.split() not in (["xMidYMid"], ["xMidYMid", "meet"]):
            self.report_at(element, "preserveAspectRatio is not supported (icons are centred, their aspect kept)",
                           "preserveAspectRatio")
        box = attributes.get("viewBox")
        if box is not None:
            parts = re.split(r"\s*,\s*|\s+", box.strip())
            if len(parts) != 4 or not all(_NUMBER_RE.fullmatch(p) for p in parts):
                self.report_at(element, f'viewBox: "{box}" is not four numbers', "viewBox")
                return
            x, y, width, height = (float(p) for p in parts)
            if not within((x, y, width, height)):
                self.report_at(element, f"viewBox: {TOO_LARGE}", "viewBox")
                return
            if width <= 0 or height <= 0:
                self.report_at(element, "viewBox: the width and height must be more than 0", "viewBox")
                return
            if width < MIN_VIEW_BOX or height < MIN_VIEW_BOX:
                self.report_at(element, f"viewBox: the width and height must be at least {MIN_VIEW_BOX:g}", "viewBox")
                return
            self.view_box = (x, y, width, height)
            return
        sizes = []
        for name in ("width", "height"):
            value = attributes.get(name)
            if value is None:
                self.report_at(element, "the <svg> root needs a viewBox (or a width and height in px)")
                return
            found = _LENGTH_RE.fullmatch(value)
            if found is None or float(found.group(1)) <= 0:
                self.report_at(element, f'{name}: "{value}" must be a number of px more than 0 when there is no '
                               f"viewBox", name)
                return
            if not MIN_VIEW_BOX <= float(found.group(1)) <= MAX_NUMBER:
                self.report_at(element, f"{name}: an icon's width and height must be from {MIN_VIEW_BOX:g} to "
                               f"{MAX_NUMBER:,} px", name)
                return
            sizes.append(float(found.group(1)))
        self.view_box = (0.0, 0.0, sizes[0], sizes[1])

    # -- shapes

    def _shape(self, element: _Element) -> Node | None:
        """The shape's scene node, or None when SVG draws nothing or it has a problem (reported)."""
        known = len(self.problems)
        style = element.paint.style()
        kind = element.local
        if kind == "path":
            d = element.attributes.get("d", "")
            commands = self._path_data(element, d) if d.strip() else None
            return Path(commands, style) if commands else None
        if kind in ("polyline", "polygon"):
            points = self._points(element)
            if not points:
                return None
            commands: list[tuple] = [("M", *points[0])] + [("L", *p) for p in points[1:]]
            if kind == "polygon":
                commands.append(("Z",))
            return Path(tuple(commands), style)
        if kind == "line":
            x1, y1, x2, y2 = (self._length(element, name) for name in ("x1", "y1", "x2", "y2"))
            return None if len(self.problems) > known else Path((("M", x1, y1), ("L", x2, y2)), style)
        cx, cy = self._length(element, "cx"), self._length(element, "cy")
        x, y = self._length(element, "x"), self._length(element, "y")
        width, height = self._length(element, "width", 0.0, 0.0), self._length(element, "height", 0.0, 0.0)
        r = self._length(element, "r", 0.0, 0.0)
        rx, ry = self._length(element, "rx", None, 0.0), self._length(element, "ry", None, 0.0)
        if len(self.problems) > known:
            return None
        rx = ry if rx is None else rx  # one radius alone serves for both
        ry = rx if ry is None else ry
        if kind == "circle":
            return Circle(cx, cy, r, style) if r else None
        if kind == "ellipse":
            return Path(ellipse_path(cx, cy, rx, ry), style) if rx and ry else None
        # rect: radii at most half the sides, as in SVG
        if not width or not height:
            return None
        rx, ry = min(rx or 0.0, width / 2), min(ry or 0.0, height / 2)
        if rx == ry:
            return Rect(x, y, width, height, style, radius=rx)
        return Path(rounded_rect(x, y, width, height, rx, ry), style)

    def _points(self, element: _Element) -> list[tuple[float, float]] | None:
        value = element.attributes.get("points", "")
        numbers: list[float] = []
        at = _SEPARATOR_RE.match(value).end()
        while at < len(value):
            found = _NUMBER_RE.match(value, at)
            if found is None:
                self.report_at(element, f'points: cannot read "{value[at:].strip()}"', "points", index=at)
                return None
            numbers.append(float(found.group()))
            at = _SEPARATOR_RE.match(value, found.end()).end()
        if not within(numbers):
            self.report_at(element, f"points: {TOO_LARGE}", "points")
            return None
        if len(numbers) % 2:
            self.report_at(element, "points: an odd number of coordinates (points are pairs of x and y)", "points")
            return None
        return list(zip(numbers[::2], numbers[1::2]))

    def _path_data(self, element: _Element, d: str) -> tuple[tuple, ...] | None:
        """Path data as absolute M, L, C and Z commands: svgelements reads the syntax (relative,
        implicit and smooth commands, arcs' centres); quadratics become cubics exactly, arcs
        become cubics of at most 90 degrees."""
        import svgelements  # imported when needed

        path = new_path()
        lexer = svgelements.SVGLexicalParser()
        try:
            lexer.parse(path, d)
            stopped = lexer.pos < len(d) and bool(d[lexer.pos:].strip())
        except (ValueError, TypeError, AttributeError, IndexError, ArithmeticError):
            stopped = True
        if stopped or path.inline_close:
            at = min(lexer.pos, len(d.rstrip()))
            rest = d[at:].strip()
            message = (f'd: cannot read the path data from "{rest[:20]}"' if rest
                       else "d: the path data ends in the middle of a command")
            self.report_at(element, message, "d", index=at)
            return None
        segments = list(path)
        if not segments:
            return None
        if not isinstance(segments[0], svgelements.Move):
            self.report_at(element, "d: the path data must start with M (moveto)", "d", index=0)
            return None
        try:
            commands = commands_of(segments)
        except TypeError:  # svgelements let a command through without its numbers ("H" then a letter)
            self.report_at(element, "d: a command in the path data lacks its numbers", "d")
            return None
        except (ValueError, ArithmeticError):  # arcs out of floating-point range
            commands = (("M", math.inf, math.inf),)
        if not all(within(command[1:]) for command in commands):  # (absolute: relative moves add up)
            self.report_at(element, f"d: {TOO_LARGE}", "d")
            return None
        return commands

