"""pnp.icons.svg, dashed strokes and markers: a shape's stroke dashed as its stroke-dasharray and
stroke-dashoffset say (inherited through groups and style="..."), a marker of the defs drawn
on the vertices of the paths that name it (Inkscape's stock arrows included), and each wrong
value, missing marker or marker where SVG draws none said at its line and column."""

from __future__ import annotations

import pytest

from pnp.icons.dashes import MAX_DASHES
from pnp.scene import Group, Path, Rect, Style

from .test_svg import HEAD, nodes_of, problems_of, reader

DASHES = Style(stroke="#000000", stroke_width=1.0)


def apply(matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = matrix
    return a * x + c * y + e, b * x + d * y + f


# --- dashes ---------------------------------------------------------------------------------------


def test_a_dashed_line_is_its_dashes() -> None:
    assert nodes_of('<line x1="0" y1="10" x2="10" y2="10" stroke="black" stroke-dasharray="3 1"/>') == (
        Path((("M", 0.0, 10.0), ("L", 3.0, 10.0), ("M", 4.0, 10.0), ("L", 7.0, 10.0), ("M", 8.0, 10.0),
              ("L", 10.0, 10.0)), DASHES),)
    # an offset, an odd list (twice over: 2 1 1 2 1 1, from 3 along it: the second dash's last 1),
    # commas, and units on a stroke's lengths
    assert nodes_of('<line x1="0" y1="0" x2="12" y2="0" stroke="black" stroke-dasharray="2,1 1" '
                    'stroke-dashoffset="3px"/>') == (
        Path((("M", 0.0, 0.0), ("L", 1.0, 0.0), ("M", 3.0, 0.0), ("L", 4.0, 0.0), ("M", 5.0, 0.0), ("L", 7.0, 0.0),
              ("M", 8.0, 0.0), ("L", 9.0, 0.0), ("M", 11.0, 0.0), ("L", 12.0, 0.0)), DASHES),)
    assert nodes_of('<line x2="3" stroke="black" stroke-dasharray="0.75pt" stroke-width="1.5pt"/>') == (
        Path((("M", 0.0, 0.0), ("L", 1.0, 0.0), ("M", 2.0, 0.0), ("L", 3.0, 0.0)),
             Style(stroke="#000000", stroke_width=2.0)),)


def test_a_filled_shape_keeps_its_fill_whole_under_its_dashes() -> None:
    (node,) = nodes_of('<rect x="0" y="0" width="10" height="10" fill="red" stroke="black" stroke-linecap="round" '
                       'stroke-dasharray="6 4"/>')
    assert node == Group((
        Rect(0.0, 0.0, 10.0, 10.0, Style(fill="#ff0000")),
        Path((("M", 0.0, 0.0), ("L", 6.0, 0.0), ("M", 10.0, 0.0), ("L", 10.0, 6.0), ("M", 10.0, 10.0),
              ("L", 4.0, 10.0), ("M", 0.0, 10.0), ("L", 0.0, 4.0)), Style(stroke="#000000", stroke_width=1.0,
                                                                          line_cap="round"))))


def test_dashes_inherit_through_groups_and_style() -> None:
    nodes = nodes_of("""<g style="stroke:#000;stroke-dasharray:2 2;fill:none">
  <circle cx="50" cy="50" r="10"/>
  <path d="M 0 0 H 4 M 0 5 H 4" stroke-dashoffset="2"/>
  <line x2="4" style="stroke-dasharray:none"/>
</g>""")
    circle, paths, line = nodes[0].children
    assert sum(c[0] == "M" for c in circle.commands) == 16  # 62.84 round: 16 dashes of 2, the last into the first
    assert paths.commands == (("M", 2.0, 0.0), ("L", 4.0, 0.0), ("M", 2.0, 5.0), ("L", 4.0, 5.0))  # each from its start
    assert line == Path((("M", 0.0, 0.0), ("L", 4.0, 0.0)), Style(stroke="#000000", stroke_width=1.0))


def test_dashes_that_draw_a_solid_line_or_nothing() -> None:
    solid = Path((("M", 0.0, 0.0), ("L", 4.0, 0.0)), Style("#000000", "#000000", 1.0))
    assert nodes_of('<line x2="4" stroke="black" stroke-dasharray="0 0"/>') == (solid,)
    assert nodes_of('<line x2="4" stroke="black" stroke-dasharray="0, 2"/>') == ()  # dots of 0 with butt caps
    assert nodes_of('<line x2="4" stroke-dasharray="1"/>') == (Path((("M", 0.0, 0.0), ("L", 4.0, 0.0)),
                                                                 Style(fill="#000000")),)  # no stroke to dash


def test_wrong_dashes_are_said_where_they_are() -> None:
    text = f"""{HEAD}
  <line x2="4" stroke="black" stroke-dasharray="2 -1"/>
  <line x2="4" stroke="black" style="stroke-dasharray: 10% 5%"/>
  <line x2="4" stroke="black" stroke-dasharray="2 two"/>
  <line x2="4" stroke="black" stroke-dashoffset="5%"/>
</svg>"""
    assert problems_of(text) == [
        (2, 31, "stroke-dasharray may not be negative"),
        (3, 38, 'stroke-dasharray: "10% 5%" holds a percentage, which is not supported (give lengths in view-box '
                "units)"),
        (4, 31, 'stroke-dasharray: "two" is not a number (an icon\'s lengths are plain numbers, in view-box units)'),
        (5, 31, 'stroke-dashoffset: "5%" is a percentage, which is not supported (give a length in view-box units)'),
    ]


def test_an_icon_is_cut_into_5000_dashes_at_most() -> None:
    assert MAX_DASHES == 5_000
    # a line 4,994 long in dashes of 1 and gaps of 1: 2,497, counted as at most 2,499; twice over
    line = '<line x2="4994" stroke="black" stroke-dasharray="1"/>'
    assert problems_of(f"{HEAD}{line}{line}</svg>") == []
    assert problems_of(f"{HEAD}{line}{line}\n{line}{line}</svg>") == [
        (2, 32, "the icon's dashes would number more than 5,000, more than pnp draws in an icon (make its dashes "
               "longer)")]
    assert problems_of(f'{HEAD}<line x2="1e6" stroke="black" style="stroke-dasharray:0.001"/></svg>') == [
        (1, 100, "the icon's dashes would number more than 5,000, more than pnp draws in an icon (make its dashes "
                "longer)")]


# --- markers --------------------------------------------------------------------------------------

ARROW = """<defs><marker id="a" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="4" markerHeight="4"
  orient="auto" style="overflow:visible"><path d="M0 0 L10 5 L0 10z" fill="context-stroke"/></marker></defs>"""


def test_a_marker_is_drawn_at_a_paths_end_along_its_tangent() -> None:
    """The head's tip on the path's end (20, 10), pointing along its last segment (down-right,
    45 degrees), 8 long (4 stroke widths of 2), in the path's stroke."""
    nodes = nodes_of(f'{ARROW}<path d="M 0 0 C 10 0 10 0 20 10" fill="none" stroke="#ff0000" stroke-width="2" '
                     f'marker-end="url(#a)"/>')
    (group,) = nodes
    shape, head = group.children
    assert shape == Path((("M", 0.0, 0.0), ("C", 10.0, 0.0, 10.0, 0.0, 20.0, 10.0)),
                         Style(stroke="#ff0000", stroke_width=2.0))
    assert apply(head.transform, 10, 5) == pytest.approx((20, 10))
    back = 8 / 2 ** 0.5
    assert apply(head.transform, 0, 5) == pytest.approx((20 - back, 10 - back))
    assert head.clip is None and head.children == (Path((("M", 0.0, 0.0), ("L", 10.0, 5.0), ("L", 0.0, 10.0),
                                                         ("Z",)), Style(fill="#ff0000")),)


def test_markers_at_the_start_the_middle_and_the_end() -> None:
    (group,) = nodes_of(f'{ARROW}<polyline points="0,0 10,0 10,10" stroke="black" fill="none" '
                        f'style="marker:url(#a)"/>')
    tips = [apply(m.transform, 10, 5) for m in group.children[1:]]
    assert tips == [pytest.approx(p) for p in ((0, 0), (10, 0), (10, 10))]
    angles = [round(apply(m.transform, 10, 5)[0] - apply(m.transform, 0, 5)[0], 6) for m in group.children[1:]]
    assert angles == [4.0, round(4 * 0.5 ** 0.5, 6), 0.0]  # right, the bisector of right and down, down
    # the marker may come after the shape; a group's transform holds both
    (moved,) = nodes_of(f'<g transform="translate(5 0)"><line x2="10" stroke="black" marker-start="url(#a)"/></g>'
                        f"{ARROW}")
    assert moved.transform == (1.0, 0.0, 0.0, 1.0, 5.0, 0.0) and len(moved.children[0].children) == 2


def test_auto_start_reverse_turns_the_start_back() -> None:
    arrow = ARROW.replace('orient="auto"', 'orient="auto-start-reverse"')
    (group,) = nodes_of(f'{arrow}<line x2="10" stroke="black" marker-start="url(#a)" marker-end="url(#a)"/>')
    start, end = group.children[1:]
    assert apply(start.transform, 0, 5) == pytest.approx((4, 0)) and apply(end.transform, 0, 5) == pytest.approx((6, 0))


INKSCAPE = """<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<svg width="24mm" height="24mm" viewBox="0 0 24 24" version="1.1" id="svg1"
   inkscape:version="1.3.2 (091e20ef0f, 2023-11-25)" sodipodi:docname="arrow.svg"
   xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
   xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
   xmlns="http://www.w3.org/2000/svg" xmlns:svg="http://www.w3.org/2000/svg">
  <sodipodi:namedview id="namedview1" pagecolor="#ffffff" inkscape:document-units="mm" />
  <defs id="defs1">
    <marker style="overflow:visible" id="ArrowWide" refX="0" refY="0" orient="auto-start-reverse"
       inkscape:stockid="Wide arrow" markerWidth="1" markerHeight="1" viewBox="0 0 1 1" inkscape:isstock="true"
       inkscape:collect="always" preserveAspectRatio="xMidYMid">
      <path style="fill:none;stroke:context-stroke;stroke-width:1;stroke-linecap:butt" d="M 3,-3 0,0 3,3"
         transform="rotate(180,0.125,0)" sodipodi:nodetypes="ccc" />
    </marker>
    <marker style="overflow:visible;" id="Arrow1Lend" refX="0.0" refY="0.0" orient="auto"
       inkscape:stockid="Arrow1Lend" inkscape:isstock="true">
      <path transform="scale(0.8) rotate(180) translate(12.5,0)"
         style="fill-rule:evenodd;fill:context-stroke;stroke:context-stroke;stroke-width:1pt"
         d="M 0.0,0.0 L 5.0,-5.0 L -12.5,0.0 L 5.0,5.0 L 0.0,0.0 z " id="path1" />
    </marker>
  </defs>
  <g inkscape:label="Layer 1" inkscape:groupmode="layer" id="layer1">
    <rect style="fill:none;stroke:#000000;stroke-width:0.8;stroke-linecap:round;stroke-dasharray:1.6,1.6;stroke-dashoffset:0"
       id="rect1" width="20" height="20" x="2" y="2" ry="3" />
    <path style="fill:none;stroke:#000000;stroke-width:1;stroke-dasharray:none;marker-end:url(#ArrowWide)"
       d="M 6,18 C 8,10 12,8 17,7" id="path2" sodipodi:nodetypes="cc" />
    <path style="fill:none;stroke:#000000;stroke-width:0.5;marker-end:url(#Arrow1Lend)" d="m 4,21 h 10" id="path3" />
  </g>
</svg>
"""


def test_what_inkscape_writes_for_its_stock_arrows_reads() -> None:
    read = reader(INKSCAPE)
    assert read.problems == []
    (layer,) = read.result[1]
    outline, curve, line = layer.children
    assert outline.style == Style(stroke="#000000", stroke_width=0.8, line_cap="round")
    assert sum(c[0] == "M" for c in outline.commands) == 23  # 75.2 round in dashes of 1.6, gaps of 1.6
    wide = curve.children[1]  # its point on the curve's end, along its last handle (from 12,8 to 17,7)
    assert apply(wide.transform, 0, 0) == pytest.approx((17, 7))
    assert wide.children[0].children[0].style == Style(stroke="#000000", stroke_width=1.0)  # (context-stroke)
    # Inkscape 1.0's arrow, its strokes 1pt wide: its tip on the line's end, its back corners
    # 0.8 x 17.5 behind it and 0.8 x 5 aside, times 0.5 (the line's stroke width)
    head = line.children[1]
    assert apply(head.transform, 0, 0) == pytest.approx((14, 21))
    path = head.children[0].children[0]
    assert path.style == Style("#000000", "#000000", 4 / 3, True)
    for corner, there in (((-12.5, 0), (14, 21)), ((5, -5), (7, 23)), ((5, 5), (7, 19))):
        assert apply(head.transform, *apply(head.children[0].transform, *corner)) == pytest.approx(there)


def test_markers_where_svg_draws_none_and_names_of_none() -> None:
    text = f"""{HEAD}
  <defs><marker id="m"><marker id="n"/><path d="M0 0 H1" marker-end="url(#m)"/></marker><path id="p"/></defs>
  <marker id="o"/>
  <path d="M0 0 H1" stroke="black" marker-end="url(#nowhere)" style="marker-start: url(#p)"/>
  <path d="M0 0 H1" marker-mid="#m" fill="context-fill"/>
  <line x2="1" marker="url(#m)"/>
</svg>"""
    assert problems_of(text) == [
        (2, 24, "a <marker> may not hold another <marker>"),
        (2, 58, "marker-end: a marker's shapes may not have markers of their own"),
        (2, 89, "<path> is not drawn by pnp (an icon's <defs> may hold only <marker>)"),
        (3, 3, "a <marker> must be in the icon's <defs>"),
        (5, 21, 'marker-mid: "#m" is not a marker of the icon (write url(#id), the id of a <marker> in its <defs>)'),
        (5, 37, "fill: context-fill paints only a marker's shapes (in the fill of the shape the marker is on)"),
        (6, 16, 'marker is not supported; SVG reads it only in style="..." (use marker-start, marker-mid and '
                "marker-end)"),
        # (those named are looked for at the end of the file: a marker may come after its shape)
        (4, 70, "marker-start: #p is a <path>, not a <marker>"),
        (4, 36, 'marker-end: the icon has no <marker id="nowhere">'),
    ]


def test_a_marker_with_problems_of_its_own() -> None:
    text = f"""{HEAD}
  <defs><marker id="m" orient="sideways" transform="scale(2)" style="marker-end:url(#m)"/></defs>
</svg>"""
    assert problems_of(text) == [
        (2, 70, "marker-end: a marker's shapes may not have markers of their own"),
        (2, 42, "transform is not supported on a <marker>"),
        (2, 24, 'orient: "sideways" is not auto, auto-start-reverse or an angle'),
    ]


def test_markers_count_towards_an_icons_segments() -> None:
    dot = '<defs><marker id="d"><circle r="1"/></marker></defs>'
    points = " ".join(f"{i},0" for i in range(1_000))
    assert problems_of(f'{HEAD}{dot}<polyline points="{points}" marker-mid="url(#d)"/></svg>') == [
        (1, 115, "the icon has more than 10,000 path segments with its markers, more than pnp draws in an icon "
                 "(simplify its paths or markers)")]
