"""pnp.icons.svg: the strict SVG reader. Each element an icon may use becomes its scene node, with
the painting it inherits and its transform; what Inkscape keeps for itself is left out; and
everything else is refused in words at its line and column (at an attribute's name, or at the
place in its value), as are the costly inputs: a view box too small, groups nested too deep, too
many path segments, a DOCTYPE or entities."""

from __future__ import annotations

import pytest

from pnp.icons.svg import MAX_DEPTH, MIN_VIEW_BOX, Reader
from pnp.problems import Severity
from pnp.scene import IDENTITY, Circle, Group, Path, Rect, Style, chain, ellipse_path, rotate, translate

FILE = "icons/icon.svg"
HEAD = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'  # 62 characters
BLACK = Style(fill="#000000")
NOT_DRAWN = "is not drawn by pnp (an icon may use path, rect, circle, ellipse, line, polyline, polygon and g)"
NOT_A_NUMBER = "is not a number (an icon's lengths are plain numbers, in view-box units)"
TOO_LARGE = "numbers in an icon must be between -1,000,000 and 1,000,000"


def reader(text: str | bytes) -> Reader:
    raw = text.encode("utf-8") if isinstance(text, str) else text
    found = Reader(FILE, raw, raw.decode("utf-8"))
    found.result = found.read()
    return found


def nodes_of(body: str, head: str = HEAD) -> tuple:
    read = reader(f"{head}\n{body}\n</svg>\n")
    assert read.problems == []
    assert read.result[0] is not None
    return read.result[1]


def problems_of(text: str | bytes) -> list[tuple[int, int, str]]:
    """Each problem as (line, column, message), in the order the reader found them."""
    read = reader(text)
    assert all(p.rule == "icon" and p.severity is Severity.ERROR and p.location.file == FILE for p in read.problems)
    return [(p.location.line, p.location.column, p.message) for p in read.problems]


def test_the_bounds() -> None:
    assert (MIN_VIEW_BOX, MAX_DEPTH) == (0.001, 32)
    assert len(HEAD) == 62


# --- elements -----------------------------------------------------------------------------------


def test_each_supported_element_becomes_its_scene_node() -> None:
    nodes = nodes_of("""
  <rect x="1" y="2" width="30" height="20"/>
  <rect x="1" y="2" width="30" height="20" rx="4"/>
  <rect x="1" y="2" width="30" height="20" ry="5"/>
  <circle cx="50" cy="40" r="7.5"/>
  <ellipse cx="50" cy="56" rx="6" ry="8"/>
  <line x1="0" y1="1" x2="10" y2="11"/>
  <polyline points="1,2 3,4 5 6"/>
  <polygon points="10 20, 30 40 50,60"/>
  <path d="M 12 74 L 6 30 Z"/>
  <g/>""")
    assert nodes == (
        Rect(1, 2, 30, 20, BLACK),
        Rect(1, 2, 30, 20, BLACK, radius=4),
        Rect(1, 2, 30, 20, BLACK, radius=5),
        Circle(50, 40, 7.5, BLACK),
        Path(ellipse_path(50, 56, 6, 8), BLACK),
        Path((("M", 0, 1), ("L", 10, 11)), BLACK),
        Path((("M", 1, 2), ("L", 3, 4), ("L", 5, 6)), BLACK),
        Path((("M", 10, 20), ("L", 30, 40), ("L", 50, 60), ("Z",)), BLACK),
        Path((("M", 12, 74), ("L", 6, 30), ("Z",)), BLACK),
        Group(()),
    )
    assert nodes[-1].transform == IDENTITY
    assert all(type(v) is float for node in nodes[:3] for v in (node.x, node.y, node.width, node.height))
    assert all(isinstance(v, float) for v in nodes[5].commands[1][1:])


def test_what_a_shape_leaves_out_is_zero() -> None:
    assert nodes_of('<rect width="3" height="4"/><circle r="2"/><line x2="5"/><ellipse rx="1" ry="2"/>') == (
        Rect(0, 0, 3, 4, BLACK), Circle(0, 0, 2, BLACK), Path((("M", 0, 0), ("L", 5, 0)), BLACK),
        Path(ellipse_path(0, 0, 1, 2), BLACK))


def test_a_rect_with_different_radii_has_elliptical_corners() -> None:
    (path,) = nodes_of('<rect x="10" y="20" width="40" height="30" rx="8" ry="4"/>')
    k = 0.5522847498
    assert path == Path((
        ("M", 18, 20), ("L", 42, 20), ("C", 42 + 8 * k, 20, 50, 24 - 4 * k, 50, 24),
        ("L", 50, 46), ("C", 50, 46 + 4 * k, 42 + 8 * k, 50, 42, 50),
        ("L", 18, 50), ("C", 18 - 8 * k, 50, 10, 46 + 4 * k, 10, 46),
        ("L", 10, 24), ("C", 10, 24 - 4 * k, 18 - 8 * k, 20, 18, 20), ("Z",),
    ), BLACK)


def test_radii_are_at_most_half_the_sides_and_empty_shapes_draw_nothing() -> None:
    nodes = nodes_of("""
  <rect width="8" height="8" rx="10"/>
  <rect width="8" height="12" rx="10"/>
  <rect width="12" height="8" ry="10"/>
  <rect width="0" height="12"/>
  <rect width="12" height="0"/>
  <rect width="12"/>
  <circle r="0"/>
  <circle cx="5"/>
  <ellipse rx="3"/>
  <ellipse ry="3"/>
  <ellipse rx="0" ry="3"/>
  <ellipse rx="3" ry="0"/>
  <path d=""/>
  <path d="  "/>
  <path/>
  <polyline points=""/>
  <polygon/>""")
    assert len(nodes) == 5
    assert nodes[0] == Rect(0, 0, 8, 8, BLACK, radius=4)
    k = 0.5522847498
    # rx and ry both 10, cut to 4 and 6 (or 6 and 4): elliptical corners
    assert nodes[1].commands[:3] == (("M", 4, 0), ("L", 4, 0), ("C", 4 + 4 * k, 0, 8, 6 - 6 * k, 8, 6))
    assert nodes[2].commands[:3] == (("M", 6, 0), ("L", 6, 0), ("C", 6 + 6 * k, 0, 12, 4 - 4 * k, 12, 4))
    assert nodes[3:] == (Path(ellipse_path(0, 0, 3, 3), BLACK), Path(ellipse_path(0, 0, 3, 3), BLACK))


def test_a_shape_with_a_transform_is_a_group_of_its_own() -> None:
    nodes = nodes_of("""
  <g transform="translate(10 20) rotate(30, 5, 5)"><rect width="1" height="1"/></g>
  <circle r="1" transform="matrix(1 2 3 4 5 6)"/>
  <circle r="0" transform="scale(2)"/>
  <g transform="scale(2)"/>
  <g transform=" "><g/></g>""")
    assert nodes == (
        Group((Rect(0, 0, 1, 1, BLACK),), chain(translate(-5, -5), rotate(30), translate(5, 5), translate(10, 20))),
        Group((Circle(0, 0, 1, BLACK),), (1, 2, 3, 4, 5, 6)),
        Group((), (2, 0, 0, 2, 0, 0)),
        Group((Group(()),)),
    )


def test_painting_is_inherited_and_style_wins() -> None:
    head = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" fill="#c62828" stroke="navy" '
            'stroke-width="2" stroke-linecap="round">')
    nodes = nodes_of("""
  <rect width="1" height="1"/>
  <g fill="none" stroke-linejoin="bevel" fill-rule="evenodd">
    <path d="M0 0 H1" stroke-width="0.5px"/>
    <rect width="1" height="1" fill="#ABC" style="fill: rgb(0, 128, 255); stroke :currentColor"/>
    <rect width="1" height="1" stroke="none" fill="inherit"/>
  </g>
  <circle r="1" style="stroke-width:0"/>""", head)
    red = Style(fill="#c62828", stroke="#000080", stroke_width=2.0, line_cap="round")
    assert nodes == (
        Rect(0, 0, 1, 1, red),
        Group((
            Path((("M", 0, 0), ("L", 1, 0)), Style(None, "#000080", 0.5, even_odd=True, line_cap="round",
                                                   line_join="bevel")),
            Rect(0, 0, 1, 1, Style("#0080ff", "#000000", 2.0, even_odd=True, line_cap="round", line_join="bevel")),
            Rect(0, 0, 1, 1, Style(None, even_odd=True)),  # no stroke: no width, cap or join either
        )),
        Circle(0, 0, 1, Style(fill="#c62828")),
    )


def test_a_style_attribute_of_several_declarations() -> None:
    (rect,) = nodes_of('<rect width="1" height="1" stroke="blue" style=";fill:red;; stroke-width : 3 ;"/>')
    assert rect.style == Style("#ff0000", "#0000ff", 3.0)


def test_width_and_height_serve_when_there_is_no_view_box() -> None:
    read = reader('<svg xmlns="http://www.w3.org/2000/svg" width="24" height=" 32px "><rect width="1" height="1"/>'
                  "</svg>")
    assert read.problems == []
    assert read.result == ((0.0, 0.0, 24.0, 32.0), (Rect(0, 0, 1, 1, BLACK),))
    assert reader('<svg width="0.001" height="1e6"/>').result == ((0.0, 0.0, 0.001, 1e6), ())


def test_the_view_box() -> None:
    assert reader('<svg viewBox=" -10,20 30.5  40 "/>').result == ((-10.0, 20.0, 30.5, 40.0), ())
    assert reader('<svg viewBox="0 0 0.001 1e6" width="2" height="x"/>').result == ((0.0, 0.0, 0.001, 1e6), ())
    assert reader('<svg viewBox="-1e6 -1e6 1 1" preserveAspectRatio=" xMidYMid  meet"/>').problems == []
    assert reader('<svg viewBox="0 0 1 1" preserveAspectRatio="xMidYMid"/>').problems == []


def test_the_root_paints_what_it_holds() -> None:
    assert nodes_of('<rect width="1" height="1"/>', '<svg viewBox="0 0 1 1" fill="white" stroke-width="2" '
                    'stroke="#000">') == (Rect(0, 0, 1, 1, Style("#ffffff", "#000000", 2.0)),)


def test_inkscape_metadata_and_namespaced_attributes_are_ignored() -> None:
    read = reader("""<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!-- Created with Inkscape (http://www.inkscape.org/) -->
<svg
   width="100mm"
   height="100mm"
   viewBox="0 0 100 100"
   version="1.1"
   id="svg5"
   inkscape:version="1.2.2 (b0a8486541, 2022-12-01)"
   sodipodi:docname="drawing.svg"
   xml:space="preserve"
   xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
   xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
   xmlns="http://www.w3.org/2000/svg"
   xmlns:svg="http://www.w3.org/2000/svg"
   xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
   xmlns:cc="http://creativecommons.org/ns#"
   xmlns:dc="http://purl.org/dc/elements/1.1/">
  <sodipodi:namedview id="namedview7" pagecolor="#ffffff" inkscape:zoom="1.5">
    <inkscape:grid type="xygrid" id="grid1"/>
    <text>what Inkscape keeps is not read</text>
  </sodipodi:namedview>
  <defs id="defs2" />
  <metadata id="metadata5">
    <rdf:RDF><cc:Work rdf:about=""><dc:format>image/svg+xml</dc:format><dc:title>x</dc:title></cc:Work></rdf:RDF>
  </metadata>
  <title id="title1">A square and a line</title>
  <desc>Drawn by hand. <image/></desc>
  <g inkscape:label="Layer 1" inkscape:groupmode="layer" id="layer1">
    <rect
       style="font-variation-settings:normal;opacity:1;vector-effect:none;fill:#000000;fill-opacity:1;stroke:none;stroke-width:0.264583;stroke-linecap:butt;stroke-linejoin:miter;stroke-miterlimit:4;stroke-dasharray:none;stroke-dashoffset:0;stroke-opacity:1;-inkscape-stroke:none;stop-color:#000000;stop-opacity:1"
       id="rect1" width="50" height="40" x="10" y="20" sodipodi:type="rect" />
    <svg:path
       style="fill:none;stroke:#000000;stroke-width:2px;stroke-linecap:butt;stroke-linejoin:miter;stroke-miterlimit:4;stroke-dasharray:none;stroke-opacity:1"
       d="m 10,10 h 20" id="path1" inkscape:connector-curvature="0" sodipodi:nodetypes="cc" />
  </g>
</svg>
""")
    assert read.problems == []
    assert read.result == ((0.0, 0.0, 100.0, 100.0), (Group((
        Rect(10, 20, 50, 40, BLACK),
        Path((("M", 10, 10), ("L", 30, 10)), Style(stroke="#000000", stroke_width=2.0)),
    )),))


def test_an_svg_in_no_namespace_is_read_as_svg() -> None:
    assert reader('<svg viewBox="0 0 1 1"><g xmlns=""><rect width="1" height="1"/></g></svg>').result == (
        (0.0, 0.0, 1.0, 1.0), (Group((Rect(0, 0, 1, 1, BLACK),)),))
    assert reader('<s:svg xmlns:s="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><s:circle r="1"/></s:svg>'
                  ).result == ((0.0, 0.0, 1.0, 1.0), (Circle(0, 0, 1, BLACK),))


def test_a_declaration_in_utf_8_and_what_needs_no_reading() -> None:
    for encoding in ("UTF-8", "utf-8", "utf8", "UTF8", "utf_8"):
        assert problems_of(f'<?xml version="1.0" encoding="{encoding}"?>{HEAD}</svg>') == [], encoding
    assert problems_of(f'<?xml version="1.0"?>\n<!-- a comment -->{HEAD}<g id="a" class="b" xml:lang="en" '
                       f'xml:space="preserve"/></svg>') == []


# --- problems -----------------------------------------------------------------------------------


def test_a_text_element() -> None:
    assert problems_of(f'{HEAD}\n  <g>\n    <text x="1">A <tspan>B</tspan></text>\n  </g>\n</svg>') == [
        (3, 5, f"<text> {NOT_DRAWN}")]


def test_use_image_and_gradients_in_defs() -> None:
    text = f"""{HEAD}
  <defs>
    <linearGradient id="g"><stop offset="0"/></linearGradient>
  </defs>
  <use href="#a"/>
  <image href="x.png" width="1" height="1"/>
</svg>"""
    assert problems_of(text) == [
        (3, 5, "<linearGradient> is not drawn by pnp (an icon's <defs> may hold only <marker>)"),
        (5, 3, f"<use> {NOT_DRAWN}"),
        (6, 3, f"<image> {NOT_DRAWN}"),
    ]


def test_what_may_not_stand_where_it_is() -> None:
    text = f"""{HEAD}
  <rect width="1" height="1"><circle r="1"/></rect>
  <svg viewBox="0 0 1 1"/>
  <rect width="1" height="1"><defs/></rect>
  <g><defs opacity="0.5"/></g>
  <x:g xmlns:x="http://example.com/x"/>
  <svg:rect xmlns:svg="http://example.com/not-svg"/>
</svg>"""
    assert problems_of(text) == [
        (2, 30, f"<circle> {NOT_DRAWN}"),
        (3, 3, f"<svg> {NOT_DRAWN}"),
        (4, 30, f"<defs> {NOT_DRAWN}"),
        (5, 12, "opacity is not supported; use solid colours"),
        (6, 3, f"<x:g> {NOT_DRAWN}"),
        (7, 3, f"<svg:rect> {NOT_DRAWN}"),
    ]


def test_opacity_as_an_attribute_and_in_style() -> None:
    text = f"""{HEAD}
  <rect width="1" height="1" opacity="0.5"/>
  <circle r="1" style="fill:red; fill-opacity: .3"/>
</svg>"""
    assert problems_of(text) == [
        (2, 30, "opacity is not supported; use solid colours"),
        (3, 34, "fill-opacity is not supported; use solid colours"),
    ]


def test_a_gradient_fill() -> None:
    text = f"""{HEAD}
  <rect width="1" height="1" fill="url(#g)"/>
  <rect width="1" height="1" style="stroke:none;fill:url(#g)"/>
</svg>"""
    message = "fill: url(#g) is not supported (gradients and patterns are not drawn); use a solid colour"
    assert problems_of(text) == [(2, 30, message), (3, 49, message)]


def test_unsupported_attributes_and_wrong_values() -> None:
    text = f"""{HEAD}
  <rect width="-1" height="x" rx="2mm" filter="url(#f)" stroke-dasharray="2 -1" xlink:href="#a"
        xmlns:xlink="http://www.w3.org/1999/xlink"/>
  <path d="M 10 10 L 20 20 X 5" stroke-linecap="flat" fill="blak" transform="rotate(1 2)"/>
  <polygon points="1 2 3"/>
</svg>"""
    # in the order they are found: attributes in other namespaces (and a transform) as each is met,
    # then the properties not drawn, their values, and the shape's geometry
    assert problems_of(text) == [
        (2, 81, "xlink:href is not supported"),
        (2, 40, "filter is not supported"),
        (2, 57, "stroke-dasharray may not be negative"),
        (2, 9, "width may not be negative"),
        (2, 20, f'height: "x" {NOT_A_NUMBER}'),
        (2, 31, f'rx: "2mm" {NOT_A_NUMBER}'),
        (4, 78, 'transform: cannot read "rotate(1 2)" (an icon may use matrix, translate, scale, rotate, skewX '
                "and skewY)"),
        (4, 33, 'stroke-linecap: "flat" is not one of butt, round, square'),
        (4, 55, 'fill: "blak" is not a colour (use #rrggbb, #rgb, rgb(r, g, b), a CSS colour name, none or '
                "currentColor)"),
        (4, 28, 'd: cannot read the path data from "X 5"'),
        (5, 12, "points: an odd number of coordinates (points are pairs of x and y)"),
    ]


def test_an_attribute_another_element_takes() -> None:
    assert problems_of(f'{HEAD}<circle r="1" x="2" d="M0 0"/><g width="3"/></svg>') == [
        (1, 77, "x is not supported"), (1, 83, "d is not supported"), (1, 96, "width is not supported")]


def test_a_problem_in_a_value_is_located_in_it() -> None:
    # in single quotes, on a later line of its tag, after characters of several bytes
    text = f"{HEAD}\n<!-- é -->\n  <path\n     d='M 0 0 L 1 1 Q' transform='scale(2) skewZ(1)'/>\n</svg>"
    assert problems_of(text) == [(4, 44, 'transform: cannot read "skewZ(1)" (an icon may use matrix, translate, '
                                         "scale, rotate, skewX and skewY)"),
                                 (4, 22, "d: the path data ends in the middle of a command")]
    assert problems_of(f'{HEAD}<é/><rect width="1" height="x"/></svg>') == [
        (1, 63, f"<é> {NOT_DRAWN}"), (1, 83, f'height: "x" {NOT_A_NUMBER}')]


def test_a_value_with_an_entity_is_located_at_its_attribute() -> None:
    # the value is not the text written: a place in it cannot be counted in the file
    assert problems_of(f'{HEAD}<polyline points="1 2 &amp; 3"/></svg>') == [
        (1, 73, 'points: cannot read "& 3"')]
    assert problems_of(f'{HEAD}<polyline points="1 2 x 3"/></svg>') == [(1, 85, 'points: cannot read "x 3"')]


def test_a_style_declaration_is_located_at_its_name() -> None:
    text = f'{HEAD}<rect width="1" height="1" style="stroke:red; fill : blak;opacity:0.5;stroke-width:-1"/></svg>'
    assert problems_of(text) == [
        (1, 121, "opacity is not supported; use solid colours"),
        (1, 109, 'fill: "blak" is not a colour (use #rrggbb, #rgb, rgb(r, g, b), a CSS colour name, none or '
                 "currentColor)"),
        (1, 133, "stroke-width may not be negative"),
    ]
    # a property named inside another's name is not it: stroke-width is not the width found
    assert problems_of(f'{HEAD}<rect width="1" height="1" style="stroke-opacity:1;opacity:0.5"/></svg>') == [
        (1, 114, "opacity is not supported; use solid colours")]
    # found nowhere (written with an entity): at the attribute
    assert problems_of(f'{HEAD}<rect width="1" height="1" style="fill&#58;blak"/></svg>') == [
        (1, 90, 'fill: "blak" is not a colour (use #rrggbb, #rgb, rgb(r, g, b), a CSS colour name, none or '
                "currentColor)")]


def test_a_style_declaration_that_cannot_be_read() -> None:
    assert problems_of(f'{HEAD}<rect width="1" height="1" style="fill; :red"/></svg>') == [
        (1, 90, "style: cannot read 'fill'"), (1, 90, "style: cannot read ':red'")]


def test_namespaces_not_declared() -> None:
    assert problems_of(f'{HEAD}<x:rect><text/></x:rect><rect xlink:href="a" width="1" height="1"/></svg>') == [
        (1, 63, "the namespace prefix x is not declared"), (1, 93, "the namespace prefix xlink is not declared")]


def test_attributes_of_the_xml_namespace() -> None:
    assert problems_of(f'{HEAD}<rect width="1" height="1" xml:base="a" xml:space="preserve"/></svg>') == [
        (1, 90, "xml:base is not supported")]


def test_a_doctype_or_entity() -> None:
    text = '<?xml version="1.0"?>\n<!DOCTYPE svg [\n  <!ENTITY lol "lol">\n]>\n' + HEAD + "&lol;</svg>"
    assert problems_of(text) == [(2, 1, "an icon may not declare a DOCTYPE or entities")]
    public = ('<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n'
              + HEAD + "</svg>")
    assert problems_of(public) == [(1, 1, "an icon may not declare a DOCTYPE or entities")]
    assert reader(public).result == (None, ())
    assert problems_of('\ufeff  <!DOCTYPE svg>' + HEAD + "</svg>") == [
        (1, 3, "an icon may not declare a DOCTYPE or entities")]


def test_an_entity_bomb_is_refused_before_it_is_expanded() -> None:
    entities = "".join(f'<!ENTITY e{i} "&e{i - 1};&e{i - 1};&e{i - 1};&e{i - 1};">' for i in range(1, 30))
    text = f'<!DOCTYPE svg [<!ENTITY e0 "x">{entities}]>{HEAD}&e29;</svg>'
    assert problems_of(text) == [(1, 1, "an icon may not declare a DOCTYPE or entities")]


def test_malformed_xml() -> None:
    assert problems_of(f"{HEAD}\n  <g>\n</svg>\n") == [(3, 3, "not well-formed XML: mismatched tag")]
    assert problems_of("") == [(1, 1, "not well-formed XML: no element found")]
    assert problems_of("\ufeff<svg>") == [(1, 1, "the <svg> root needs a viewBox (or a width and height in px)"),
                                           (1, 6, "not well-formed XML: no element found")]
    assert reader(f"{HEAD}<g></svg>").result == (None, ())


def test_a_declaration_in_another_encoding_and_an_instruction() -> None:
    assert problems_of('<?xml version="1.0" encoding="ISO-8859-1"?>\n' + HEAD + "</svg>") == [
        (1, 1, "an icon must be UTF-8 text, not ISO-8859-1")]
    assert problems_of(f'{HEAD}\n <?xml-stylesheet href="a.css"?></svg>') == [
        (2, 2, "the processing instruction <?xml-stylesheet?> is not supported in an icon")]


def test_not_an_svg_root() -> None:
    assert problems_of('<html xmlns="http://www.w3.org/1999/xhtml"><svg/></html>') == [
        (1, 1, "the root element must be <html>, not <html>".replace("<html>, not", "<svg>, not"))]
    assert problems_of('\n <svg xmlns="http://example.com/ns" viewBox="0 0 1 1"><text/></svg>') == [
        (2, 2, "the root <svg> must be in the SVG namespace (http://www.w3.org/2000/svg), not http://example.com/ns")]
    assert reader('<html><svg viewBox="0 0 1 1"/></html>').result == (None, ())


def test_a_root_transform_and_aspect() -> None:
    assert problems_of('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1" transform="scale(2)" '
                       'preserveAspectRatio="none"/>') == [
        (1, 59, "transform is not supported on the <svg> root"),
        (1, 80, "preserveAspectRatio is not supported (icons are centred, their aspect kept)")]
    assert problems_of('<svg viewBox="0 0 1 1" preserveAspectRatio="xMidYMid slice"/>') == [
        (1, 24, "preserveAspectRatio is not supported (icons are centred, their aspect kept)")]


@pytest.mark.parametrize("box, message", [
    ("0 0 0 10", "viewBox: the width and height must be more than 0"),
    ("0 0 10 -1", "viewBox: the width and height must be more than 0"),
    ("0 0 0.0009 10", "viewBox: the width and height must be at least 0.001"),
    ("0 0 10 0.0009", "viewBox: the width and height must be at least 0.001"),
    ("0 0 10", 'viewBox: "0 0 10" is not four numbers'),
    ("0 0 10 10 10", 'viewBox: "0 0 10 10 10" is not four numbers'),
    ("0 0 10px 10", 'viewBox: "0 0 10px 10" is not four numbers'),
    ("0 0 2e6 10", f"viewBox: {TOO_LARGE}"),
    ("-1000001 0 10 10", f"viewBox: {TOO_LARGE}"),
])
def test_a_view_box_refused(box: str, message: str) -> None:
    read = reader(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{box}"><rect width="1" height="1"/></svg>')
    assert [(p.location.line, p.location.column, p.message) for p in read.problems] == [(1, 41, message)]
    assert read.result[0] is None


@pytest.mark.parametrize("size, message", [
    ('width="10"', "the <svg> root needs a viewBox (or a width and height in px)"),
    ('height="10"', "the <svg> root needs a viewBox (or a width and height in px)"),
    ('width="10mm" height="10mm"', 'width: "10mm" must be a number of px more than 0 when there is no viewBox'),
    ('width="10" height="0"', 'height: "0" must be a number of px more than 0 when there is no viewBox'),
    ('width="10" height="-1"', 'height: "-1" must be a number of px more than 0 when there is no viewBox'),
    ('width="0.0009" height="10"', "width: an icon's width and height must be from 0.001 to 1,000,000 px"),
    ('width="10" height="1000001"', "height: an icon's width and height must be from 0.001 to 1,000,000 px"),
])
def test_a_root_without_a_size(size: str, message: str) -> None:
    read = reader(f'<svg xmlns="http://www.w3.org/2000/svg" {size}/>')
    where = 1 if "needs" in message else 41 + size.index(message.partition(":")[0])
    assert [(p.location.line, p.location.column, p.message) for p in read.problems] == [(1, where, message)]
    assert read.result == (None, ())


# --- points ------------------------------------------------------------------------------------


def test_points() -> None:
    assert nodes_of('<polygon points=" 1,2,3 -4e1 .5-6 "/>') == (
        Path((("M", 1, 2), ("L", 3, -40), ("L", 0.5, -6), ("Z",)), BLACK),)
    assert nodes_of('<polyline points="7 8"/>') == (Path((("M", 7, 8),), BLACK),)
    assert problems_of(f'{HEAD}<polyline points="1 2 3 x"/><polygon points="1 2e7"/><polyline points="1"/></svg>'
                       ) == [(1, 87, 'points: cannot read "x"'), (1, 100, f"points: {TOO_LARGE}"),
                             (1, 126, "points: an odd number of coordinates (points are pairs of x and y)")]


# --- costly input -------------------------------------------------------------------------------


def nested(depth: int, inner: str = '<rect width="1" height="1"/>') -> str:
    return "<g>" * depth + inner + "</g>" * depth


def test_groups_nest_32_deep_at_most() -> None:
    (node,) = nodes_of(nested(MAX_DEPTH))
    for _ in range(MAX_DEPTH - 1):
        (node,) = node.children
    assert node.children == (Rect(0, 0, 1, 1, BLACK),)
    # the 33rd, and all it holds, is one problem
    assert problems_of(f"{HEAD}{nested(MAX_DEPTH + 2, '<text/>')}</svg>") == [
        (1, 63 + 3 * MAX_DEPTH, "groups nest more than 32 deep (pnp draws an icon's <g> 32 deep at most)")]


def test_what_is_skipped_is_not_counted_as_depth() -> None:
    # neither the root nor <defs> nor what an editor keeps counts towards the depth of groups
    deepest = nested(MAX_DEPTH - 1, '<g><rect width="1" height="1"/></g>')
    assert problems_of(f"{HEAD}<defs/><metadata>{nested(MAX_DEPTH)}</metadata>{deepest}</svg>") == []


def test_an_icon_has_10000_path_segments_at_most() -> None:
    # 999 circles of 10 segments and a path of 10: 10,000; one segment more is one too many
    circles = '<circle r="1"/>' * 999
    read = reader(f'{HEAD}{circles}<path d="M0 0{" L1 1" * 9}"/></svg>')
    assert read.problems == [] and len(read.result[1]) == 1000
    over = f'{HEAD}{circles}<path d="M0 0{" L1 1" * 10}"/><rect width="1" height="1" rx="1"/></svg>'
    assert problems_of(over) == [(1, 63 + 15 * 999, "the icon has more than 10,000 path segments, more than pnp "
                                                    "draws in an icon (simplify its paths)")]
    assert reader(over).segments == 10_001  # counted no further once over


def test_segments_are_those_of_the_shapes_drawn() -> None:
    read = reader(f'{HEAD}<rect width="1" height="1"/><rect width="1" height="1" rx="1"/><circle r="0"/>'
                  f'<path d="M0 0 L1 1 Z"/><rect width="x" height="1"/></svg>')
    assert read.segments == 5 + 10 + 3
