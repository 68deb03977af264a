"""A game's icons: small SVG files in the game's `icons/` folder, read into scene nodes.

An icon is one SVG file, named by its stem (`icons/star.svg` is the icon `star`). pnp draws
the plain vector subset of SVG that drawing programs write and that prints crisply at any
size: `path` (all commands, arcs included), `rect` (with rx/ry), `circle`, `ellipse`, `line`,
`polyline`, `polygon` and `g`; fill, stroke, stroke-width, stroke-linecap, stroke-linejoin and
fill-rule, as attributes or in `style="..."`, inherited from groups as in SVG; and transforms.
Anything else (text, images, `use`, gradients, filters, clipping, masks, opacity, dashes) is
reported as a problem at its line and column, and the icon is not loaded. What Inkscape adds
(its own and Sodipodi's elements and attributes, metadata, title, desc, an empty defs,
opacity 1 and the like) is ignored. A DOCTYPE or entity declaration is refused.

Colours. An icon takes the colours of where it is drawn: `draw_icon(icon, x, y, size, ink,
light)` paints

- black (#000000) and currentColor in `ink`,
- white (#ffffff) in `light`,
- a grey #gggggg in `mix(light, ink, a)` with a = 1 - g / 255 rounded to two decimals: a
  shade between the two. Any two-decimal amount a has its grey, level round(255 * (1 - a)):
  #8c8c8c (140) is light moved exactly 0.45 of the way towards ink,
- every other colour as drawn.

So draw an icon in black with white details, and it reads in dark ink on paper, or in white
on a player's colour. `Icon.nodes` keep the colours as parsed (currentColor as #000000).

The icon's view box is fitted into the size x size square, centred, its aspect kept. Parts
that poke outside the view box are drawn, not clipped.

Path data is read with svgelements (relative, implicit and smooth commands; arcs become
cubics of at most 90 degrees here). Transforms are composed with pnp.scene's own functions,
so an icon file that says what a drawing in Python said gives the very same numbers.
"""

from __future__ import annotations

import functools
import hashlib

import math
import pathlib
import re
import xml.parsers.expat
from dataclasses import dataclass, field, replace
from typing import Callable

from .colours import mix
from .problems import CHECKS, Location, Problem, Severity, problem, register_check
from .scene import (IDENTITY, Circle, Group, Matrix, Node, Path, Rect, Style, chain, ellipse_path, rotate, scale,
                    translate)

if "icon" not in CHECKS:  # a reload of this module must not register it twice
    register_check("icon", Severity.ERROR,
                   "An icon file cannot be read, is not SVG, or uses an SVG feature pnp does not draw.")

MAX_ICON_BYTES = 1_000_000
# What an icon may cost to draw. Its numbers (coordinates, sizes, a transform's matrix) lie
# within +-MAX_NUMBER, far beyond any real icon and far inside what the backends write
# (reportlab refuses numbers from 1e20); its view box is at least MIN_VIEW_BOX a side, so
# that fitting it into a box scales it by a bounded factor. Its groups nest at most
# MAX_DEPTH deep (the scene is drawn by recursion), and its shapes have at most
# MAX_SEGMENTS path segments in all (the largest of the three games' icons has 147).
MAX_NUMBER = 1_000_000
MIN_VIEW_BOX = 0.001
MAX_DEPTH = 32
MAX_SEGMENTS = 10_000

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
_TOO_LARGE = f"numbers in an icon must be between -{MAX_NUMBER:,} and {MAX_NUMBER:,}"
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
_LINE_BREAK_RE = re.compile(r"\r\n|\r|\n")
_TAG_RE = re.compile(r"<[^\s/>]+")
_ATTRIBUTE_RE = re.compile(r"\s*([^\s=/>]+)\s*=\s*(\"[^\"]*\"|'[^']*')")
_K = 0.5522847498  # a quarter ellipse's control points, as in scene.ellipse_path


@dataclass(frozen=True)
class Icon:
    """A game's icon, read from its SVG file."""

    name: str  # the file's stem: icons/star.svg -> "star"
    file: str  # its path relative to the game folder
    view_box: tuple[float, float, float, float]  # x, y, width, height
    nodes: tuple[Node, ...]  # scene nodes in view-box units, colours as parsed

    @functools.cached_property
    def segments(self) -> int:
        """The path segments drawing it takes (at most MAX_SEGMENTS)."""
        def count(nodes: tuple[Node, ...]) -> int:
            return sum(count(n.children) if isinstance(n, Group) else _segments(n) for n in nodes)

        return count(self.nodes)


# --- reading ------------------------------------------------------------------------------------


def load_icons(root: pathlib.Path, folder: str = "icons") -> tuple[dict[str, Icon], list[Problem]]:
    """Every `*.svg` in `root/folder`, in sorted order, by stem; with the problems found. A
    missing folder has no icons and no problems; an icon with problems is left out."""
    directory = root / folder
    if not directory.is_dir():
        return {}, []
    icons: dict[str, Icon] = {}
    problems: list[Problem] = []
    for path in sorted(directory.glob("*.svg")):
        if not path.is_file():
            continue
        found, trouble = load_icon(root, (pathlib.PurePosixPath(folder) / path.name).as_posix())
        problems += trouble
        if found is not None:
            icons[found.name] = found
    return icons, problems


def load_icon(root: pathlib.Path, file: str) -> tuple[Icon | None, list[Problem]]:
    """The icon in `root/file` (`file` relative to the game folder), or None and every problem
    that keeps pnp from drawing it."""
    from .files import Unreadable, read_game_file

    try:
        raw = read_game_file(root, file, MAX_ICON_BYTES)
    except Unreadable as e:
        reason = "is larger than 1 MB" if e.size is not None else e.reason
        return None, [problem("icon", Location(file), f"the icon file {reason}")]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        before = raw[:e.start]
        line_start = max(before.rfind(b"\n"), before.rfind(b"\r")) + 1
        column = len(before[line_start:].decode("utf-8", errors="replace")) + 1
        line = len(_LINE_BREAK_RE.findall(before.decode("utf-8", errors="replace"))) + 1
        return None, [problem("icon", Location(file, line, column), "the icon file is not UTF-8 text")]
    known = _known.get((file, hashlib.sha256(raw).hexdigest())) if _known else None
    if known is not None:
        return known, []
    icon, problems = _read_icon(file, raw, text)
    return icon, list(problems)  # a list of the caller's own: the remembered one stays as it is


# Icons a build kept in its cache, by (file, SHA-256 of the bytes): the next validation reads
# them instead of parsing the SVG again.
_known: dict[tuple[str, str], Icon] = {}


def remembered(root: pathlib.Path, icons) -> list[dict]:
    """Icons as plain data a cache can keep, with the hash of the file each was read from."""
    from .scene import to_data

    kept = []
    for icon in icons:
        try:
            digest = hashlib.sha256((root / icon.file).read_bytes()).hexdigest()
        except OSError:
            continue
        kept.append({"name": icon.name, "file": icon.file, "digest": digest, "view_box": list(icon.view_box),
                     "nodes": [to_data(n) for n in icon.nodes]})
    return kept


def remember(entries: list[dict]) -> None:
    """Take icons a build kept (see `remembered`)."""
    from .scene import from_data

    for entry in entries:
        icon = Icon(entry["name"], entry["file"], tuple(map(float, entry["view_box"])),
                    tuple(from_data(n) for n in entry["nodes"]))
        _known[(icon.file, entry["digest"])] = icon


@functools.lru_cache(maxsize=256)
def _read_icon(file: str, raw: bytes, text: str) -> tuple[Icon | None, list[Problem]]:
    """An icon from its file's text, remembered by its content: a process that loads a game
    again (pnp watch, the tests) does not parse unchanged icons again."""
    reader = _Reader(file, raw, text)
    view_box, nodes = reader.read()
    problems = sorted(reader.problems, key=lambda p: (p.location.line, p.location.column))
    if problems or view_box is None:
        return None, problems
    return Icon(pathlib.PurePosixPath(file).stem, file, view_box, nodes), []


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


class _Reader:
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
        breaks = list(_LINE_BREAK_RE.finditer(between))
        if not breaks:
            return element.line, element.column + len(between)
        return element.line + len(breaks), len(between) - breaks[-1].end() + 1

    def _column(self, line: int, expat_column: int) -> int:
        """A 1-based column from expat's 0-based one (which counts a byte-order mark)."""
        return expat_column + 1 - (line == 1 and self.text.startswith("\ufeff"))

    def _line_column(self, offset: int) -> tuple[int, int]:
        """Line and column of a character offset in the file."""
        breaks = list(_LINE_BREAK_RE.finditer(self.text, 0, offset))
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
                self.segments += _segments(element.node)
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
        if not _within((number,)):
            bad(f"{name}: {_TOO_LARGE}")
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
            if not _within(numbers):
                self.report_at(element, f"transform: {_TOO_LARGE}", "transform")
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
        if not _within(matrix):  # (skews and scales multiplied out)
            self.report_at(element, f"transform: {_TOO_LARGE} (as one matrix)", "transform")
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
            if not _within((x, y, width, height)):
                self.report_at(element, f"viewBox: {_TOO_LARGE}", "viewBox")
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
        return Path(_rounded_rect(x, y, width, height, rx, ry), style)

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
        if not _within(numbers):
            self.report_at(element, f"points: {_TOO_LARGE}", "points")
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

        path = _new_path()
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
            commands = _commands(segments)
        except TypeError:  # svgelements let a command through without its numbers ("H" then a letter)
            self.report_at(element, "d: a command in the path data lacks its numbers", "d")
            return None
        except (ValueError, ArithmeticError):  # arcs out of floating-point range
            commands = (("M", math.inf, math.inf),)
        if not all(_within(command[1:]) for command in commands):  # (absolute: relative moves add up)
            self.report_at(element, f"d: {_TOO_LARGE}", "d")
            return None
        return commands


def _segments(node: Node) -> int:
    """The segments a shape is drawn with (a circle's and a rectangle's as their paths)."""
    if isinstance(node, Path):
        return len(node.commands)
    return 10 if isinstance(node, Circle) or node.radius else 5


def _within(numbers) -> bool:
    """Whether every number is within +-MAX_NUMBER (NaN is not)."""
    return all(-MAX_NUMBER <= n <= MAX_NUMBER for n in numbers)


_path_type: type | None = None


def _new_path():
    """An empty svgelements Path that notes where its lexer took a "z" for a coordinate (a
    liberty SVG does not take). Its class is made on first use, as svgelements is imported
    only when an icon has path data."""
    global _path_type
    if _path_type is None:
        import svgelements

        class StrictPath(svgelements.Path):
            inline_close = False

            def _note(self, values) -> None:
                if any(isinstance(v, str) for v in values):
                    self.inline_close = True

            def move(self, *points, **kwargs):
                self._note(points)
                return super().move(*points, **kwargs)

            def line(self, *points, **kwargs):
                self._note(points)
                return super().line(*points, **kwargs)

            def smooth_quad(self, *points, **kwargs):
                self._note(points)
                return super().smooth_quad(*points, **kwargs)

            def quad(self, *points, **kwargs):
                self._note(points)
                return super().quad(*points, **kwargs)

            def smooth_cubic(self, *points, **kwargs):
                self._note(points)
                return super().smooth_cubic(*points, **kwargs)

            def cubic(self, *points, **kwargs):
                self._note(points)
                return super().cubic(*points, **kwargs)

            def arc(self, *args, **kwargs):
                self._note(args[5::6])
                return super().arc(*args, **kwargs)

        _path_type = StrictPath
    return _path_type()


def _commands(segments: list) -> tuple[tuple, ...]:
    import svgelements

    out: list[tuple] = []
    for seg in segments:
        if isinstance(seg, svgelements.Move):
            out.append(("M", float(seg.end.x), float(seg.end.y)))
        elif isinstance(seg, svgelements.Close):
            out.append(("Z",))
        elif isinstance(seg, svgelements.Line):
            out.append(("L", float(seg.end.x), float(seg.end.y)))
        elif isinstance(seg, svgelements.CubicBezier):
            out.append(("C", float(seg.control1.x), float(seg.control1.y), float(seg.control2.x),
                        float(seg.control2.y), float(seg.end.x), float(seg.end.y)))
        elif isinstance(seg, svgelements.QuadraticBezier):
            (x0, y0), (qx, qy), (x3, y3) = (seg.start.x, seg.start.y), (seg.control.x, seg.control.y), \
                (seg.end.x, seg.end.y)
            out.append(("C", x0 + 2 / 3 * (qx - x0), y0 + 2 / 3 * (qy - y0), x3 + 2 / 3 * (qx - x3),
                        y3 + 2 / 3 * (qy - y3), float(x3), float(y3)))
        elif isinstance(seg, svgelements.Arc):
            out += _arc(seg)
    return tuple(out)


def _arc(arc) -> list[tuple]:
    """An SVG arc (centre, radii, rotation and sweep as svgelements finds them) as cubics of at
    most 90 degrees each, with control points at 4/3 tan(angle / 4) along the tangents (the
    constant of scene.ellipse_path for a quarter)."""
    start = (float(arc.start.x), float(arc.start.y))
    end = (float(arc.end.x), float(arc.end.y))
    if not arc.sweep:  # zero radius, or the end is the start
        return [] if start == end else [("L", *end)]
    cx, cy = float(arc.center.x), float(arc.center.y)
    rx, ry = float(arc.rx), float(arc.ry)
    theta = float(arc.get_rotation())
    cos_t, sin_t = math.cos(theta), math.sin(theta)
    # the start's parameter on the unrotated ellipse
    u = (start[0] - cx) * cos_t + (start[1] - cy) * sin_t
    v = -(start[0] - cx) * sin_t + (start[1] - cy) * cos_t
    t0 = math.atan2(v / ry, u / rx)
    sweep = float(arc.sweep)
    count = max(1, math.ceil(abs(sweep) / (math.pi / 2) - 1e-9))
    step = sweep / count
    k = 4 / 3 * math.tan(step / 4)

    def point(t: float) -> tuple[float, float]:
        x, y = rx * math.cos(t), ry * math.sin(t)
        return cx + x * cos_t - y * sin_t, cy + x * sin_t + y * cos_t

    def tangent(t: float) -> tuple[float, float]:
        x, y = -rx * math.sin(t), ry * math.cos(t)
        return x * cos_t - y * sin_t, x * sin_t + y * cos_t

    out = []
    here = start
    for i in range(count):
        a, b = t0 + i * step, t0 + (i + 1) * step
        there = end if i == count - 1 else point(b)
        da, db = tangent(a), tangent(b)
        out.append(("C", here[0] + k * da[0], here[1] + k * da[1], there[0] - k * db[0], there[1] - k * db[1],
                    there[0], there[1]))
        here = there
    return out


def _rounded_rect(x: float, y: float, w: float, h: float, rx: float, ry: float) -> tuple[tuple, ...]:
    """A rectangle with elliptical corners (rx != ry), clockwise from the top edge."""
    kx, ky = _K * rx, _K * ry
    r, b = x + w, y + h
    return (
        ("M", x + rx, y), ("L", r - rx, y), ("C", r - rx + kx, y, r, y + ry - ky, r, y + ry),
        ("L", r, b - ry), ("C", r, b - ry + ky, r - rx + kx, b, r - rx, b),
        ("L", x + rx, b), ("C", x + rx - kx, b, x, b - ry + ky, x, b - ry),
        ("L", x, y + ry), ("C", x, y + ry - ky, x + rx - kx, y, x + rx, y), ("Z",),
    )


# --- drawing ------------------------------------------------------------------------------------

# recoloured nodes by (id of the icon, ink, light); the icon is kept with them so that its id
# is not reused while it is remembered
_recoloured: dict[tuple[int, str, str], tuple[Icon, tuple[Node, ...]]] = {}


def draw_icon(icon: Icon, x: float, y: float, size: float, ink: str, light: str) -> Group:
    """The icon fitted into the size x size square at (x, y), centred, its aspect kept, in the
    colours of the colour rule (see the module's docstring)."""
    key = (id(icon), ink, light)
    known = _recoloured.get(key)
    if known is None or known[0] is not icon:
        if len(_recoloured) >= 4096:
            _recoloured.clear()
        known = _recoloured[key] = (icon, _recolour(icon.nodes, ink, light, {}))
    vx, vy, vw, vh = icon.view_box
    s = size / max(vw, vh)
    fit = scale(s) if vx == 0 and vy == 0 else chain(translate(-vx, -vy), scale(s))
    if vw > vh:
        y += (size - vh * s) / 2
    elif vh > vw:
        x += (size - vw * s) / 2
    return Group(known[1], chain(fit, translate(x, y)))


def _painted(colour: str | None, ink: str, light: str) -> str | None:
    """What a colour of an icon paints in, drawn in `ink` on `light` (the colour rule)."""
    if colour is None:
        return None
    if colour == "#000000":
        return ink
    if colour == "#ffffff":
        return light
    if colour[1:3] == colour[3:5] == colour[5:7]:
        # rounded, so that a grey picked for an amount gives exactly that amount (and the mix
        # a drawing in Python asked for)
        return mix(light, ink, round(1 - int(colour[1:3], 16) / 255, 2))
    return colour


def _recolour(nodes: tuple[Node, ...], ink: str, light: str, styles: dict[Style, Style]) -> tuple[Node, ...]:
    out: list[Node] = []
    for node in nodes:
        if isinstance(node, Group):
            out.append(Group(_recolour(node.children, ink, light, styles), node.transform, node.clip))
        elif isinstance(node, (Rect, Circle, Path)):
            style = styles.get(node.style)
            if style is None:
                style = styles[node.style] = replace(node.style, fill=_painted(node.style.fill, ink, light),
                                                     stroke=_painted(node.style.stroke, ink, light))
            out.append(replace(node, style=style))
        else:
            out.append(node)
    return tuple(out)
