"""The strict SVG reader: the plain vector subset of SVG an icon may use (see pnp.icons), read
with every problem located at its line and column, into scene nodes: its elements, their
namespaces and attributes, the root's view box and each shape; and the bounds of the view box
and of nesting. The properties' values are read by pnp.icons.properties, path data by
pnp.icons.paths, each reporting through Reader.report_at."""

from __future__ import annotations

import re
import xml.parsers.expat
from dataclasses import dataclass, field, replace
from functools import partial

from ..problems import Location, Problem, problem
from ..scene import IDENTITY, Circle, Group, Matrix, Node, Path, Rect, Style, ellipse_path
from .dashes import MAX_DASHES, count, dashed, outline, subpaths
from .markers import CONTEXT, Marker, read_marker, vertices
from .paths import MAX_NUMBER, MAX_SEGMENTS, TOO_LARGE, path_data, rounded_rect, segments_of, within
from .properties import LENGTH_RE, MARKERS, NUMBER_RE, Paint, Properties, drawn, length_of, marker_of, paint_of, \
    transform_of

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
    "marker": ("viewBox", "refX", "refY", "markerWidth", "markerHeight", "markerUnits", "orient", "preserveAspectRatio"),
}
_MARKED = ("path", "line", "polyline", "polygon")  # the shapes SVG draws markers on

_SEPARATOR_RE = re.compile(r"\s*,?\s*")
LINE_BREAK_RE = re.compile(r"\r\n|\r|\n")
_TAG_RE = re.compile(r"<[^\s/>]+")
_ATTRIBUTE_RE = re.compile(r"\s*([^\s=/>]+)\s*=\s*(\"[^\"]*\"|'[^']*')")


class _Stop(Exception):
    """Stops the XML parser (after a DOCTYPE)."""


@dataclass
class _Element:
    """An element being read: where it is, and what it will become."""

    qname: str
    local: str
    kind: str  # root, group, shape, defs, marker or skip
    line: int
    column: int
    offset: int  # of its "<" in the text
    attributes: dict[str, str] = field(default_factory=dict)
    paint: Paint = field(default_factory=Paint)
    transform: Matrix | None = None
    children: list[Node] = field(default_factory=list)
    node: Node | None = None
    spans: dict[str, tuple[int, int, str]] | None = None  # name -> name offset, value offset, raw value
    overflow: tuple[str, str, str | None] | None = None  # its overflow property (a marker's), as in Properties
    marker: Marker | None = None  # a marker's placing


@dataclass
class _Marked:
    """A shape with markers, drawn as `placeholder` until the markers are known (at the end of
    the file: a marker may come after the shape that names it)."""

    placeholder: Group
    element: _Element
    commands: tuple[tuple, ...]
    paint: Paint


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
        self.dashes = 0  # the dashes they are cut into
        self.ids: dict[str, str] = {}  # the elements' ids, each with its element's local name
        self.markers: dict[str, Marker] = {}
        self.named: list[tuple[_Element, str, str, str | None, str]] = []  # marker properties: prop, where, id
        self.marked: list[_Marked] = []
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
        self._place_markers()
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
        identifier = element.attributes.get("id")
        if identifier is not None:
            self.ids.setdefault(identifier, local if svg else qname)
        in_marker = any(e.kind == "marker" for e in self.stack)
        if svg and local == "marker":
            if parent.kind != "defs":
                self.report_at(element, "a <marker> may not hold another <marker>" if in_marker
                               else "a <marker> must be in the icon's <defs>")
                return
        elif parent.kind == "defs":
            self.report_at(element, f"<{qname}> is not drawn by pnp (an icon's <defs> may hold only <marker>)")
            return
        if svg and local == "defs" and parent.kind in ("root", "group"):
            element.kind = "defs"
            element.paint = paint_of(self._attributes(element, scope, ()), parent.paint,
                                     partial(self.report_at, element))
            return
        if not svg or local not in _GEOMETRY or local == "svg" or parent.kind == "shape":
            self.report_at(element, f"<{qname}> is not drawn by pnp ({_NOT_DRAWN})")
            return
        if local in ("g", "marker") and sum(e.kind in ("group", "marker") for e in self.stack) >= MAX_DEPTH:
            self.report_at(element, f"groups nest more than {MAX_DEPTH} deep (pnp draws an icon's <g> "
                           f"{MAX_DEPTH} deep at most)")
            return  # (what it holds is skipped with it: one problem)
        element.kind = {"g": "group", "marker": "marker"}.get(local, "shape")
        properties = self._attributes(element, scope, _GEOMETRY[local])
        element.paint = paint_of(properties, parent.paint, partial(self.report_at, element))
        self._check_paint(element, properties, in_marker)
        if local == "marker":
            if element.transform is not None:
                self.report_at(element, "transform is not supported on a <marker>", "transform")
            element.marker = read_marker(element.attributes, element.overflow, partial(self.report_at, element))
        elif local != "g":
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
        if element.kind == "marker" and element.marker is not None and "id" in element.attributes:
            self.markers.setdefault(element.attributes["id"], replace(element.marker, nodes=tuple(element.children)))
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
                    element.transform = transform_of(value, partial(self.report_at, element))
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
                    for each in (MARKERS if prop == "marker" else (prop,)):  # (the shorthand: all three)
                        styled[each] = (prop_value.strip(), name, prop)
                continue
            properties[name] = (value, name, None)
        properties.update(styled)  # style="..." wins over presentation attributes
        element.overflow = properties.get("overflow")
        return drawn(properties, partial(self.report_at, element))

    def _length(self, element: _Element, name: str, default: float | None = 0.0,
                minimum: float | None = None) -> float | None:
        """The element's attribute `name` as a number, or `default` when it has none. A wrong
        value is reported (and gives None)."""
        value = element.attributes.get(name) if name in _GEOMETRY[element.local] else None
        if value is None:
            return default
        return length_of(name, value, lambda message: self.report_at(element, message, name), minimum)

    def _root(self, element: _Element, scope: dict[str, str | None]) -> None:
        properties = self._attributes(element, scope, _GEOMETRY["svg"])
        element.paint = paint_of(properties, Paint(), partial(self.report_at, element))
        attributes = element.attributes
        aspect = attributes.get("preserveAspectRatio")
        if aspect is not None and aspect.split() not in (["xMidYMid"], ["xMidYMid", "meet"]):
            self.report_at(element, "preserveAspectRatio is not supported (icons are centred, their aspect kept)",
                           "preserveAspectRatio")
        box = attributes.get("viewBox")
        if box is not None:
            parts = re.split(r"\s*,\s*|\s+", box.strip())
            if len(parts) != 4 or not all(NUMBER_RE.fullmatch(p) for p in parts):
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
            found = LENGTH_RE.fullmatch(value)
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

    def _check_paint(self, element: _Element, properties: Properties, in_marker: bool) -> None:
        """Note the markers the element names (each is looked for at the end of the file), and
        report those a marker's shapes would have, and context colours outside a marker."""
        for prop in MARKERS:
            value, attribute, find = properties.get(prop, ("none", "", None))
            named = marker_of(prop, value.strip(), lambda _message: None)
            if isinstance(named, str) and (attribute, find, named) not in {n[2:] for n in self.named if n[0] is element}:
                self.named.append((element, prop, attribute, find, named))
        paint = element.paint
        has = [prop for prop in MARKERS if getattr(paint, prop.replace("-", "_"))]
        declared = [prop for prop in has if prop in properties]
        if has and (element.kind == "marker" or (in_marker and declared)):
            prop = (declared or has)[0]
            where = properties.get(prop, (None, None, None))
            self.report_at(element, f"{prop}: a marker's shapes may not have markers of their own", where[1],
                           find=where[2])
        if not in_marker and element.kind == "shape":
            for prop in ("fill", "stroke"):
                colour = getattr(paint, prop)
                if colour in CONTEXT:
                    where = properties.get(prop, (None, None, None))
                    self.report_at(element, f"{prop}: {colour} paints only a marker's shapes (in the {colour[8:]} of "
                                   f"the shape the marker is on)", where[1], find=where[2])

    def _place_markers(self) -> None:
        """Report the markers named that the icon has not; draw the others on their shapes."""
        for element, prop, attribute, find, named in self.named:
            if named not in self.ids:
                self.report_at(element, f'{prop}: the icon has no <marker id="{named}">', attribute, find=find)
            elif self.ids[named] != "marker":
                self.report_at(element, f"{prop}: #{named} is a <{self.ids[named]}>, not a <marker>", attribute,
                               find=find)
        if self.problems:
            return  # (the icon is not drawn)
        drawn_on: dict[int, Group] = {}
        for marked in self.marked:
            paint, shape = marked.paint, marked.placeholder.children[0]
            style = paint.style()
            found = vertices(marked.commands)
            places = ([(found[0], paint.marker_start, True)] + [(v, paint.marker_mid, False) for v in found[1:-1]]
                      + [(found[-1], paint.marker_end, False)])
            children = [shape]
            for vertex, named, first in places:
                marker = self.markers.get(named) if named else None
                placed = marker and marker.placed(vertex.at, marker.angle(vertex.direction(), first),
                                                  paint.stroke_width, style.fill, style.stroke)
                if placed is None:
                    continue
                self.segments += segments_of(placed)
                if self.segments > MAX_SEGMENTS:
                    self.report_at(marked.element, f"the icon has more than {MAX_SEGMENTS:,} path segments with its "
                                   f"markers, more than pnp draws in an icon (simplify its paths or markers)")
                    return
                children.append(placed)
            drawn_on[id(marked.placeholder)] = Group(tuple(children))
        self.nodes = _with_markers(self.nodes, drawn_on)

    # -- shapes

    def _shape(self, element: _Element) -> Node | None:
        """The shape's scene node, its stroke dashed and its markers to come, or None when SVG
        draws nothing or it has a problem (reported)."""
        node = self._geometry(element)
        paint = element.paint
        if node is None:
            return None
        marked = element.local in _MARKED and not any(e.kind == "marker" for e in self.stack) and (
            paint.marker_start or paint.marker_mid or paint.marker_end)
        commands = outline(node)
        if paint.dashes and node.style.stroke is not None and self.segments + segments_of(node) <= MAX_SEGMENTS:
            node = self._dashed(element, node, commands)
        if marked:
            placeholder = Group((node,) if node is not None else ())
            self.marked.append(_Marked(placeholder, element, commands, paint))
            return placeholder
        return node

    def _dashed(self, element: _Element, node: Node, commands: tuple[tuple, ...]) -> Node | None:
        """The shape, filled, and its stroke as dashes (see pnp.icons.dashes)."""
        paint, style = element.paint, node.style
        found = subpaths(commands)
        self.dashes += count(found, paint.dashes)
        if self.dashes > MAX_DASHES:
            if self.dashes - count(found, paint.dashes) <= MAX_DASHES:  # (said once)
                where = ("style", "stroke-dasharray") if "stroke-dasharray" not in element.attributes else (
                    "stroke-dasharray", None)
                self.report_at(element, f"the icon's dashes would number more than {MAX_DASHES:,}, more than pnp "
                               f"draws in an icon (make its dashes longer)", where[0], find=where[1])
            return node
        cut = dashed(found, paint.dashes, paint.dash_offset, style.line_cap != "butt")
        filled = style.fill and element.local != "line"  # (a line has nothing inside)
        parts = [replace(node, style=Style(fill=style.fill, even_odd=style.even_odd))] if filled else []
        if cut:
            parts.append(Path(cut, Style(None, style.stroke, style.stroke_width, False, style.line_cap,
                                         style.line_join)))
        return Group(tuple(parts)) if len(parts) > 1 else (parts[0] if parts else None)

    def _geometry(self, element: _Element) -> Node | None:
        """The shape's scene node as it is drawn solid, or None when SVG draws nothing or it has
        a problem (reported)."""
        known = len(self.problems)
        style = element.paint.style()
        kind = element.local
        if kind == "path":
            d = element.attributes.get("d", "")
            commands = path_data(d, partial(self.report_at, element)) if d.strip() else None
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
            found = NUMBER_RE.match(value, at)
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


def _with_markers(nodes: tuple[Node, ...], drawn_on: dict[int, Group]) -> tuple[Node, ...]:
    """The nodes with each shape's placeholder (by its id) replaced by the shape with its markers."""
    out: list[Node] = []
    for node in nodes:
        if isinstance(node, Group):
            node = drawn_on.get(id(node)) or replace(node, children=_with_markers(node.children, drawn_on))
        out.append(node)
    return tuple(out)
