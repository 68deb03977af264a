"""Icons from SVG files: loading, the scene nodes they become, the colour rule, drawing, and
the located problems for what pnp does not draw."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from pnp.model.colours import mix
from pnp.icons import Icon, load_icon, load_icons
from pnp.icons.draw import draw_icon
from pnp.problems import CHECKS, Location, Severity
from pnp.scene import (IDENTITY, Circle, Group, Path as ScenePath, Rect, Style, chain, ellipse_path, rotate, scale,
                       translate)

ROOT = Path(__file__).resolve().parents[2]
HEAD = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
BLACK = Style(fill="#000000")

GAME_ICONS = {
    "crown", "castle", "sword", "crossed-swords", "chest",
    "monogram", "merchant-mark", "fleur-de-lis", "crowned-cross", "three-crowns", "order-cross",
    # the suits' marks and the kinds' marks
    "lotus", "fish", "waves", "crescent", "gopuram", "tiger-stripes", "pennant", "spearhead", "cobra", "bell",
    "lozenge", "quoit", "star-eight", "sun", "wheat", "conch", "dome", "tent", "bale",
}


def write(tmp_path: Path, text: str | bytes, name: str = "icon.svg") -> str:
    folder = tmp_path / "icons"
    folder.mkdir(exist_ok=True)
    target = folder / name
    if isinstance(text, bytes):
        target.write_bytes(text)
    else:
        target.write_text(text, encoding="utf-8")
    return f"icons/{name}"


def nodes_of(tmp_path: Path, body: str, head: str = HEAD) -> tuple:
    file = write(tmp_path, f"{head}\n{body}\n</svg>\n")
    icon, problems = load_icon(tmp_path, file)
    assert problems == []
    assert icon is not None
    return icon.nodes


def problems_of(tmp_path: Path, text: str | bytes) -> list[tuple[int, int, str]]:
    file = write(tmp_path, text)
    icon, problems = load_icon(tmp_path, file)
    assert icon is None
    assert all(p.rule == "icon" and p.severity is Severity.ERROR and p.location.file == file for p in problems)
    return [(p.location.line, p.location.column, p.message) for p in problems]


def test_the_check_is_registered() -> None:
    check = CHECKS["icon"]
    assert check.severity is Severity.ERROR
    assert check.doc == "An icon file cannot be read, is not SVG, or uses an SVG feature pnp does not draw."


# --- the game's icons -------------------------------------------------------------------------


def test_every_game_icon_loads_without_problems() -> None:
    icons, problems = load_icons(ROOT)
    assert problems == []
    assert set(icons) == GAME_ICONS
    assert list(icons) == sorted(icons)
    for name, icon in icons.items():
        assert icon.name == name
        assert icon.file == f"icons/{name}.svg"
        assert icon.view_box == (0.0, 0.0, 100.0, 100.0)
        assert icon.nodes


def test_the_crown_file_is_the_crown() -> None:
    icon, problems = load_icon(ROOT, "icons/crown.svg")
    assert problems == [] and icon is not None
    body = (("M", 12, 74), ("L", 6, 30), ("L", 30, 50), ("L", 50, 18), ("L", 70, 50), ("L", 94, 30),
            ("L", 88, 74), ("Z",))
    white = Style(fill="#ffffff")
    assert icon.nodes == (
        ScenePath(body, Style(fill="#000000", stroke="#000000", stroke_width=3, line_join="round")),
        Rect(10, 78, 80, 12, BLACK, radius=2),
        Circle(6, 27, 7, BLACK),
        Circle(50, 14, 7, BLACK),
        Circle(94, 27, 7, BLACK),
        Circle(30, 84, 3.2, white),
        Circle(50, 84, 3.2, white),
        Circle(70, 84, 3.2, white),
        ScenePath(ellipse_path(50, 56, 6, 8), white),
    )


def test_the_sword_is_turned_about_the_centre_exactly_as_the_scene_would() -> None:
    icon, _ = load_icon(ROOT, "icons/sword.svg")
    assert icon is not None and len(icon.nodes) == 1
    group = icon.nodes[0]
    assert isinstance(group, Group)
    assert group.transform == chain(translate(-50, -50), rotate(40), translate(50, 50))


# --- elements -----------------------------------------------------------------------------------


def test_each_supported_element_becomes_its_scene_node(tmp_path: Path) -> None:
    nodes = nodes_of(tmp_path, """
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
        ScenePath(ellipse_path(50, 56, 6, 8), BLACK),
        ScenePath((("M", 0, 1), ("L", 10, 11)), BLACK),
        ScenePath((("M", 1, 2), ("L", 3, 4), ("L", 5, 6)), BLACK),
        ScenePath((("M", 10, 20), ("L", 30, 40), ("L", 50, 60), ("Z",)), BLACK),
        ScenePath((("M", 12, 74), ("L", 6, 30), ("Z",)), BLACK),
        Group(()),
    )
    assert nodes[-1].transform == IDENTITY
    assert all(isinstance(v, float) for v in nodes[5].commands[1][1:])


def test_a_rect_with_different_radii_has_elliptical_corners(tmp_path: Path) -> None:
    (path,) = nodes_of(tmp_path, '<rect x="10" y="20" width="40" height="30" rx="8" ry="4"/>')
    k = 0.5522847498
    assert path == ScenePath((
        ("M", 18, 20), ("L", 42, 20), ("C", 42 + 8 * k, 20, 50, 24 - 4 * k, 50, 24),
        ("L", 50, 46), ("C", 50, 46 + 4 * k, 42 + 8 * k, 50, 42, 50),
        ("L", 18, 50), ("C", 18 - 8 * k, 50, 10, 46 + 4 * k, 10, 46),
        ("L", 10, 24), ("C", 10, 24 - 4 * k, 18 - 8 * k, 20, 18, 20), ("Z",),
    ), BLACK)


def test_radii_are_at_most_half_the_sides_and_empty_shapes_draw_nothing(tmp_path: Path) -> None:
    nodes = nodes_of(tmp_path, """
  <rect width="8" height="8" rx="10"/>
  <rect width="8" height="12" rx="10"/>
  <rect width="0" height="12"/>
  <circle r="0"/>
  <ellipse rx="3"/>
  <path d=""/>""")
    assert len(nodes) == 3
    assert nodes[0] == Rect(0, 0, 8, 8, BLACK, radius=4)
    # rx and ry both 10, cut to 4 and 6: elliptical corners
    assert nodes[1].commands[:3] == (("M", 4, 0), ("L", 4, 0), ("C", 4 + 4 * 0.5522847498, 0, 8, 6 - 6 * 0.5522847498,
                                                                      8, 6))
    assert nodes[2] == ScenePath(ellipse_path(0, 0, 3, 3), BLACK)


def test_path_data_becomes_absolute_m_l_c_z(tmp_path: Path) -> None:
    (path,) = nodes_of(tmp_path, '<path d="m10 10 h5 v5 l-5 0 z M20,20 30 20 H40 V30 c0 5 5 5 5 0 s5 -5 5 0 '
                                 'Q 60 40 70 30 T 90 30 q 5 5 10 0"/>')
    assert path.commands == (
        ("M", 10, 10), ("L", 15, 10), ("L", 15, 15), ("L", 10, 15), ("Z",),
        ("M", 20, 20), ("L", 30, 20), ("L", 40, 20), ("L", 40, 30),
        ("C", 40, 35, 45, 35, 45, 30),
        ("C", 45, 25, 50, 25, 50, 30),  # s: the first control reflects the last one
        ("C", 50 + 2 / 3 * 10, 30 + 2 / 3 * 10, 70 + 2 / 3 * -10, 30 + 2 / 3 * 10, 70, 30),  # Q as a cubic
        ("C", 70 + 2 / 3 * 10, 30 + 2 / 3 * -10, 90 + 2 / 3 * -10, 30 + 2 / 3 * -10, 90, 30),  # T reflects Q's
        ("C", 90 + 2 / 3 * 5, 30 + 2 / 3 * 5, 100 + 2 / 3 * -5, 30 + 2 / 3 * 5, 100, 30),
    )


def test_an_arc_becomes_cubics_of_at_most_a_quarter_turn(tmp_path: Path) -> None:
    # half a circle of radius 10 over the top, then three quarters of one (large arc, relative)
    (path,) = nodes_of(tmp_path, '<path d="M 0 50 A 10 10 0 0 1 20 50 a 10 10 0 1 1 10 -10"/>')
    k = 4 / 3 * math.tan(math.pi / 8) * 10  # 5.5228...: a quarter circle's control arm
    expected = (
        ("M", 0, 50),
        ("C", 0, 50 - k, 10 - k, 40, 10, 40),
        ("C", 10 + k, 40, 20, 50 - k, 20, 50),
        # from (20, 50) three quarters round (20, 40), clockwise on the page: left, up, right
        ("C", 20 - k, 50, 10, 40 + k, 10, 40),
        ("C", 10, 40 - k, 20 - k, 30, 20, 30),
        ("C", 20 + k, 30, 30, 40 - k, 30, 40),
    )
    assert len(path.commands) == len(expected)
    for got, want in zip(path.commands, expected):
        assert got[0] == want[0]
        assert got[1:] == pytest.approx(want[1:], abs=1e-9)
    # each arc ends exactly where the path data says
    assert path.commands[2][5:] == (20, 50) and path.commands[5][5:] == (30, 40)


def test_an_arc_with_a_zero_radius_is_a_line(tmp_path: Path) -> None:
    (path,) = nodes_of(tmp_path, '<path d="M 0 0 A 0 5 0 0 1 20 0"/>')
    assert path.commands == (("M", 0, 0), ("L", 20, 0))


def test_transforms_on_groups_and_shapes(tmp_path: Path) -> None:
    nodes = nodes_of(tmp_path, """
  <g transform="translate(10 20) rotate(30, 5, 5)"><rect width="1" height="1"/></g>
  <circle r="1" transform="matrix(1 2 3 4 5 6)"/>
  <g transform="scale(2)"/>
  <g transform="scale(2, 3) translate(7)"/>
  <g transform="skewX(45) skewY(45)"/>""")
    rect_group, circle_group, scaled, scaled_moved, skewed = nodes
    assert rect_group == Group((Rect(0, 0, 1, 1, BLACK),),
                               chain(translate(-5, -5), rotate(30), translate(5, 5), translate(10, 20)))
    assert circle_group == Group((Circle(0, 0, 1, BLACK),), (1, 2, 3, 4, 5, 6))
    assert scaled.transform == (2, 0, 0, 2, 0, 0)
    assert scaled_moved.transform == (2, 0, 0, 3, 14, 0)
    t = math.tan(math.radians(45))
    assert skewed.transform == chain((1, t, 0, 1, 0, 0), (1, 0, t, 1, 0, 0))


def test_painting_is_inherited_and_style_wins(tmp_path: Path) -> None:
    head = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" fill="#c62828" stroke="navy" '
            'stroke-width="2" stroke-linecap="round">')
    nodes = nodes_of(tmp_path, """
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
            ScenePath((("M", 0, 0), ("L", 1, 0)),
                      Style(None, "#000080", 0.5, even_odd=True, line_cap="round", line_join="bevel")),
            Rect(0, 0, 1, 1, Style("#0080ff", "#000000", 2.0, even_odd=True, line_cap="round", line_join="bevel")),
            Rect(0, 0, 1, 1, Style(None, even_odd=True)),  # no stroke: no width, cap or join either
        )),
        Circle(0, 0, 1, Style(fill="#c62828")),
    )


def test_colour_forms(tmp_path: Path) -> None:
    nodes = nodes_of(tmp_path, """
  <rect width="1" height="1" fill="#FfF"/>
  <rect width="1" height="1" fill="#1A2b3C"/>
  <rect width="1" height="1" fill="rgb(255, 0, 12)"/>
  <rect width="1" height="1" fill="AliceBlue"/>
  <rect width="1" height="1" fill="currentColor"/>
  <rect width="1" height="1" fill="none"/>""")
    assert [n.style.fill for n in nodes] == ["#ffffff", "#1a2b3c", "#ff000c", "#f0f8ff", "#000000", None]


def test_width_and_height_serve_when_there_is_no_view_box(tmp_path: Path) -> None:
    file = write(tmp_path, '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="32px"><rect width="1" '
                           'height="1"/></svg>')
    icon, problems = load_icon(tmp_path, file)
    assert problems == []
    assert icon == Icon("icon", "icons/icon.svg", (0.0, 0.0, 24.0, 32.0), (Rect(0, 0, 1, 1, BLACK),))


def test_inkscape_metadata_and_namespaced_attributes_are_ignored(tmp_path: Path) -> None:
    file = write(tmp_path, """<?xml version="1.0" encoding="UTF-8" standalone="no"?>
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
  </sodipodi:namedview>
  <defs id="defs2" />
  <metadata id="metadata5">
    <rdf:RDF><cc:Work rdf:about=""><dc:format>image/svg+xml</dc:format><dc:title>x</dc:title></cc:Work></rdf:RDF>
  </metadata>
  <title id="title1">A square and a line</title>
  <desc>Drawn by hand.</desc>
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
    icon, problems = load_icon(tmp_path, file)
    assert problems == []
    assert icon is not None
    assert icon.view_box == (0.0, 0.0, 100.0, 100.0)
    assert icon.nodes == (Group((
        Rect(10, 20, 50, 40, BLACK),
        ScenePath((("M", 10, 10), ("L", 30, 10)), Style(stroke="#000000", stroke_width=2.0)),
    )),)


# --- the colour rule and drawing ----------------------------------------------------------------


def test_the_colour_rule(tmp_path: Path) -> None:
    file = write(tmp_path, HEAD + """
  <rect width="1" height="1" fill="#000" stroke="#fff" stroke-width="1"/>
  <rect width="1" height="1" fill="currentColor"/>
  <rect width="1" height="1" fill="white"/>
  <rect width="1" height="1" fill="#8c8c8c"/>
  <rect width="1" height="1" fill="#404040"/>
  <rect width="1" height="1" fill="#c62828" stroke="#123456" stroke-width="1"/>
  <g><circle r="1" fill="none" stroke="black" stroke-width="2"/></g>
</svg>""")
    icon, problems = load_icon(tmp_path, file)
    assert icon is not None, problems
    ink, light = "#1d1a16", "#fbf3dc"
    drawn = draw_icon(icon, 0, 0, 100, ink, light)
    fills = [n.style.fill for n in drawn.children[:6]]
    assert fills == [ink, ink, light, mix(light, ink, 0.45), mix(light, ink, 0.75), "#c62828"]
    assert mix(light, ink, 0.45) == "#979183"
    assert drawn.children[0].style.stroke == light
    assert drawn.children[5].style.stroke == "#123456"
    assert drawn.children[6] == Group((Circle(0, 0, 1, Style(stroke=ink, stroke_width=2.0)),))
    # the icon itself keeps the colours as parsed
    assert [n.style.fill for n in icon.nodes[:6]] == ["#000000", "#000000", "#ffffff", "#8c8c8c", "#404040",
                                                       "#c62828"]


def test_draw_icon_scales_a_100_box_exactly_as_the_python_drawings_did() -> None:
    icon = Icon("dot", "icons/dot.svg", (0.0, 0.0, 100.0, 100.0), (Circle(50, 50, 10, BLACK),))
    drawn = draw_icon(icon, 12.5, 7.25, 38, "#222222", "#eeeeee")
    assert drawn == Group((Circle(50, 50, 10, Style(fill="#222222")),), chain(scale(38 / 100), translate(12.5, 7.25)))
    assert drawn.transform == (0.38, 0.0, 0.0, 0.38, 12.5, 7.25)


def test_draw_icon_centres_an_offset_view_box_and_keeps_its_aspect() -> None:
    wide = Icon("wide", "icons/wide.svg", (10.0, 20.0, 200.0, 100.0), ())
    # 200 wide into 50: scale 0.25; 100 high becomes 25, centred in 50: 12.5 down
    assert draw_icon(wide, 3, 4, 50, "#000000", "#ffffff").transform == (0.25, 0.0, 0.0, 0.25, 3 - 2.5, 4 - 5 + 12.5)
    tall = Icon("tall", "icons/tall.svg", (-10.0, 0.0, 50.0, 100.0), ())
    assert draw_icon(tall, 0, 0, 20, "#000000", "#ffffff").transform == (0.2, 0.0, 0.0, 0.2, 2 + 5, 0.0)


def test_draw_icon_remembers_its_recolouring_per_icon_and_colours() -> None:
    icon = Icon("same", "icons/same.svg", (0.0, 0.0, 100.0, 100.0), (Rect(0, 0, 1, 1, BLACK),))
    other = Icon("same", "icons/same.svg", (0.0, 0.0, 100.0, 100.0), (Rect(0, 0, 2, 2, BLACK),))
    first = draw_icon(icon, 0, 0, 10, "#111111", "#eeeeee")
    again = draw_icon(icon, 5, 5, 20, "#111111", "#eeeeee")
    assert again.children is first.children
    assert draw_icon(icon, 0, 0, 10, "#222222", "#eeeeee").children[0].style.fill == "#222222"
    # an icon of the same name (a file edited while pnp watches) is not mistaken for the first
    assert draw_icon(other, 0, 0, 10, "#111111", "#eeeeee").children == (Rect(0, 0, 2, 2, Style(fill="#111111")),)
    assert icon.nodes == (Rect(0, 0, 1, 1, BLACK),)


# --- folders ------------------------------------------------------------------------------------


def test_load_icons_reads_a_folder_by_stem_and_leaves_out_broken_icons(tmp_path: Path) -> None:
    write(tmp_path, HEAD + '<rect width="1" height="1"/></svg>', "b-icon.svg")
    write(tmp_path, HEAD + '<text>no</text></svg>', "broken.svg")
    write(tmp_path, HEAD + '</svg>', "a.svg")
    write(tmp_path, "not an icon", "notes.txt")
    icons, problems = load_icons(tmp_path)
    assert list(icons) == ["a", "b-icon"]
    assert icons["a"] == Icon("a", "icons/a.svg", (0.0, 0.0, 100.0, 100.0), ())
    assert [(p.location, p.message) for p in problems] == [
        (Location("icons/broken.svg", 1, len(HEAD) + 1), "<text> is not drawn by pnp (an icon may use path, rect, circle, "
                                              "ellipse, line, polyline, polygon and g)")]


def test_load_icons_without_the_folder_finds_nothing(tmp_path: Path) -> None:
    assert load_icons(tmp_path) == ({}, [])
    assert load_icons(tmp_path, "art/symbols") == ({}, [])


def test_load_icons_reads_another_folder(tmp_path: Path) -> None:
    (tmp_path / "art" / "symbols").mkdir(parents=True)
    (tmp_path / "art" / "symbols" / "star.svg").write_text(HEAD + "</svg>")
    icons, problems = load_icons(tmp_path, "art/symbols")
    assert problems == []
    assert icons["star"].file == "art/symbols/star.svg"


# --- problems -----------------------------------------------------------------------------------

NOT_DRAWN = "is not drawn by pnp (an icon may use path, rect, circle, ellipse, line, polyline, polygon and g)"


def test_a_text_element(tmp_path: Path) -> None:
    assert problems_of(tmp_path, f'{HEAD}\n  <g>\n    <text x="1">A <tspan>B</tspan></text>\n  </g>\n</svg>') == [
        (3, 5, f"<text> {NOT_DRAWN}")]


def test_use_image_and_gradients_in_defs(tmp_path: Path) -> None:
    text = f"""{HEAD}
  <defs>
    <linearGradient id="g"><stop offset="0"/></linearGradient>
  </defs>
  <use href="#a"/>
  <image href="x.png" width="1" height="1"/>
</svg>"""
    assert problems_of(tmp_path, text) == [
        (3, 5, "<linearGradient> is not drawn by pnp (an icon's <defs> must be empty)"),
        (5, 3, f"<use> {NOT_DRAWN}"),
        (6, 3, f"<image> {NOT_DRAWN}"),
    ]


def test_opacity_as_an_attribute_and_in_style(tmp_path: Path) -> None:
    text = f"""{HEAD}
  <rect width="1" height="1" opacity="0.5"/>
  <circle r="1" style="fill:red; fill-opacity: .3"/>
</svg>"""
    assert problems_of(tmp_path, text) == [
        (2, 30, "opacity is not supported; use solid colours"),
        (3, 34, "fill-opacity is not supported; use solid colours"),
    ]


def test_a_gradient_fill(tmp_path: Path) -> None:
    text = f"""{HEAD}
  <rect width="1" height="1" fill="url(#g)"/>
  <rect width="1" height="1" style="stroke:none;fill:url(#g)"/>
</svg>"""
    message = "fill: url(#g) is not supported (gradients and patterns are not drawn); use a solid colour"
    assert problems_of(tmp_path, text) == [(2, 30, message), (3, 49, message)]


def test_unsupported_attributes_and_wrong_values(tmp_path: Path) -> None:
    text = f"""{HEAD}
  <rect width="-1" height="x" rx="2mm" filter="url(#f)" stroke-dasharray="2 1" xlink:href="#a"
        xmlns:xlink="http://www.w3.org/1999/xlink"/>
  <path d="M 10 10 L 20 20 X 5" stroke-linecap="flat" fill="blak" transform="rotate(1 2)"/>
  <polygon points="1 2 3"/>
</svg>"""
    assert problems_of(tmp_path, text) == [
        (2, 9, "width may not be negative"),
        (2, 20, 'height: "x" is not a number (an icon\'s lengths are plain numbers, in view-box units)'),
        (2, 31, 'rx: "2mm" is not a number (an icon\'s lengths are plain numbers, in view-box units)'),
        (2, 40, "filter is not supported"),
        (2, 57, "stroke-dasharray is not supported; draw the dashes as shapes"),
        (2, 80, "xlink:href is not supported"),
        (4, 28, 'd: cannot read the path data from "X 5"'),
        (4, 33, 'stroke-linecap: "flat" is not one of butt, round, square'),
        (4, 55, 'fill: "blak" is not a colour (use #rrggbb, #rgb, rgb(r, g, b), a CSS colour name, none or '
                "currentColor)"),
        (4, 78, 'transform: cannot read "rotate(1 2)" (an icon may use matrix, translate, scale, rotate, skewX '
                "and skewY)"),
        (5, 12, "points: an odd number of coordinates (points are pairs of x and y)"),
    ]


def test_a_doctype_or_entity(tmp_path: Path) -> None:
    text = '<?xml version="1.0"?>\n<!DOCTYPE svg [\n  <!ENTITY lol "lol">\n]>\n' + HEAD + "&lol;</svg>"
    assert problems_of(tmp_path, text) == [(2, 1, "an icon may not declare a DOCTYPE or entities")]
    public = ('<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n'
              + HEAD + "</svg>")
    assert problems_of(tmp_path, public) == [(1, 1, "an icon may not declare a DOCTYPE or entities")]


def test_malformed_xml(tmp_path: Path) -> None:
    assert problems_of(tmp_path, f"{HEAD}\n  <g>\n</svg>\n") == [(3, 3, "not well-formed XML: mismatched tag")]
    assert problems_of(tmp_path, "") == [(1, 1, "not well-formed XML: no element found")]


def test_not_an_svg_root(tmp_path: Path) -> None:
    assert problems_of(tmp_path, '<html xmlns="http://www.w3.org/1999/xhtml"><svg/></html>') == [
        (1, 1, "the root element must be <svg>, not <html>")]
    assert problems_of(tmp_path, '\n <svg xmlns="http://example.com/ns" viewBox="0 0 1 1"/>') == [
        (2, 2, "the root <svg> must be in the SVG namespace (http://www.w3.org/2000/svg), not http://example.com/ns")]


def test_a_root_without_a_size(tmp_path: Path) -> None:
    assert problems_of(tmp_path, '<svg xmlns="http://www.w3.org/2000/svg"/>') == [
        (1, 1, "the <svg> root needs a viewBox (or a width and height in px)")]
    assert problems_of(tmp_path, '<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm"/>') == [
        (1, 41, 'width: "10mm" must be a number of px more than 0 when there is no viewBox')]
    assert problems_of(tmp_path, '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 0 10"/>') == [
        (1, 41, "viewBox: the width and height must be more than 0")]


def test_a_file_too_large(tmp_path: Path) -> None:
    text = HEAD + "<!--" + "x" * 1_000_000 + "--></svg>"
    assert problems_of(tmp_path, text) == [(1, 1, "the icon file is larger than 1 MB")]


def test_a_missing_file(tmp_path: Path) -> None:
    icon, problems = load_icon(tmp_path, "icons/gone.svg")
    assert icon is None
    assert [(p.location, p.message, p.rule) for p in problems] == [
        (Location("icons/gone.svg", 1, 1), "the icon file does not exist", "icon")]


def test_a_file_not_in_utf8(tmp_path: Path) -> None:
    text = (HEAD + "\n  <!-- caf\xe9 -->\n</svg>").encode("latin-1")
    assert problems_of(tmp_path, text) == [(2, 11, "the icon file is not UTF-8 text")]
    declared = '<?xml version="1.0" encoding="ISO-8859-1"?>\n' + HEAD + "</svg>"
    assert problems_of(tmp_path, declared) == [(1, 1, "an icon must be UTF-8 text, not ISO-8859-1")]


def test_positions_ignore_a_byte_order_mark_and_count_crlf_as_one_line_end(tmp_path: Path) -> None:
    text = "\ufeff" + HEAD + '<text/>\r\n  <rect\r\n     width="1" height="1" opacity="0.5"/>\r\n</svg>'
    assert problems_of(tmp_path, text) == [
        (1, len(HEAD) + 1, f"<text> {NOT_DRAWN}"),
        (3, 27, "opacity is not supported; use solid colours"),
    ]


def test_every_problem_is_reported_in_order(tmp_path: Path) -> None:
    text = f"""{HEAD}
  <rect width="1" height="1" opacity="0.5"/>
  <text>a</text>
  <clipPath id="c"><rect width="1" height="1"/></clipPath>
  <mask/>
</svg>"""
    assert [(line, column) for line, column, _ in problems_of(tmp_path, text)] == [(2, 30), (3, 3), (4, 3), (5, 3)]
