"""pnp.render.svg: small scenes rendered to SVG and read back element by element: the page's size
in mm and its view box in points, each node's exact element and attributes, clips and definitions
(serialized once, kept for the pages that follow), pictures embedded, and text drawn each of the
three ways: its glyphs' outlines (each defined once) under invisible text, by default; kept as
text with its fonts embedded and its width held; or drawn as one path of its outlines."""

from __future__ import annotations

import base64
import io
import re
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont
from PIL import Image as Picture

from pnp.render.svg import SvgRenderer, _matrix, _num, glyph_data, outline_data, render_svgs
from pnp.layout.fonts import bundled_fonts, metrics
from pnp.scene import (Circle, Definition, Group, Image, Page, Path as ScenePath, Rect, Style, Text, Use, scale,
                       translate)

SANS = bundled_fonts()["SourceSansPro-Regular"]
FONTS = {"body": SANS, "title": bundled_fonts()["SourceSerifPro-BoldIt"]}
SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}href"
RED, GREEN, BLUE = "#ff0000", "#00ff00", "#0000ff"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def drawn(svg: str) -> list[tuple[str, dict[str, str]]]:
    """The elements drawn on the page (not in <defs>), in order, as (tag, attributes), nested
    ones after their parent."""
    out = []

    def walk(element: ET.Element) -> None:
        for child in element:
            if child.tag == SVG + "defs":
                continue
            out.append((child.tag.removeprefix(SVG), dict(child.attrib)))
            walk(child)

    walk(parse(svg))
    return out


def defs(svg: str) -> ET.Element:
    return parse(svg).find(SVG + "defs")


def one(node, text: str = "text", fonts=FONTS) -> str:
    return render_svgs([Page(100, 50, (node,))], fonts, text)[0]


# --- numbers ---------------------------------------------------------------------------------------


def test_numbers_to_a_thousandth() -> None:
    assert [_num(v) for v in (0, 2.0, -3, 1.23456, 1.2345, 0.1, -0.0001, -0.0, 1e-9, 1234567.891, 10.5)] == [
        "0", "2", "-3", "1.235", "1.234", "0.1", "0", "0", "0", "1234567.891", "10.5"]


def test_a_matrix_to_six_digits_and_its_move_to_a_thousandth() -> None:
    assert _matrix((0.0787401575, 0.0, 0.0, 0.0787401575, 1.23456, -2.0)) == "matrix(0.0787402 0 0 0.0787402 1.235 -2)"
    assert _matrix((1.0, 0.0, 0.0, -1.0, 0.0, 100.0)) == "matrix(1 0 0 -1 0 100)"
    assert _matrix((123456789.0, 1e-7, 0.5, 2.0, 0.0004, 0.0)) == "matrix(1.23457e+08 1e-07 0.5 2 0 0)"


# --- the page --------------------------------------------------------------------------------------


def test_the_page_is_sized_in_mm_with_a_view_box_in_points() -> None:
    svg = render_svgs([Page(595.28, 841.89, ())], FONTS)[0]
    root = parse(svg)
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("210mm", "297mm", "0 0 595.28 841.89")
    assert svg.startswith('<svg baseProfile="full" height="297mm" version="1.1" viewBox="0 0 595.28 841.89" '
                          'width="210mm" xmlns="http://www.w3.org/2000/svg"')
    assert list(root) == [root.find(SVG + "defs")] and len(root.find(SVG + "defs")) == 0
    assert parse(render_svgs([Page(200, 100.5, ())], FONTS)[0]).attrib["width"] == "70.56mm"
    assert parse(render_svgs([Page(200, 100.5, ())], FONTS)[0]).attrib["height"] == "35.45mm"
    assert render_svgs([], FONTS) == []


def test_each_page_is_one_svg() -> None:
    pages = render_svgs([Page(10, 20, (Rect(0, 0, 1, 1, Style(fill=RED)),)), Page(30, 40, ())], FONTS)
    assert [parse(p).get("viewBox") for p in pages] == ["0 0 10 20", "0 0 30 40"]


# --- shapes --------------------------------------------------------------------------------------


def test_a_rect_filled_stroked_and_rounded() -> None:
    style = Style(stroke=BLUE, stroke_width=2, line_cap="round", line_join="bevel")
    assert drawn(one(Rect(1, 2, 3.00049, 4, style, radius=1))) == [("rect", {
        "x": "1", "y": "2", "width": "3", "height": "4", "rx": "1", "ry": "1", "fill": "none", "stroke": BLUE,
        "stroke-width": "2", "stroke-linecap": "round", "stroke-linejoin": "bevel"})]
    assert drawn(one(Rect(1, 2, 3, 4, Style(fill=RED, stroke=BLUE, stroke_width=0, line_cap="square")))) == [
        ("rect", {"x": "1", "y": "2", "width": "3", "height": "4", "fill": RED})]
    assert drawn(one(Rect(1, 2, 3, 4, Style(fill=RED, stroke=BLUE, stroke_width=0.5, line_cap="square",
                                            line_join="round")))) == [
        ("rect", {"x": "1", "y": "2", "width": "3", "height": "4", "fill": RED, "stroke": BLUE,
                  "stroke-width": "0.5", "stroke-linecap": "square", "stroke-linejoin": "round"})]
    assert drawn(one(Rect(0, 0, 3, 4, Style(stroke=BLUE, stroke_width=1, line_cap="butt", line_join="miter")))) == [
        ("rect", {"x": "0", "y": "0", "width": "3", "height": "4", "fill": "none", "stroke": BLUE,
                  "stroke-width": "1"})]
    assert drawn(one(Rect(0, 0, 3, 4, Style(fill=RED, stroke=None, stroke_width=3)))) == [
        ("rect", {"x": "0", "y": "0", "width": "3", "height": "4", "fill": RED})]


def test_a_circle_and_a_path() -> None:
    assert drawn(one(Circle(10, 10.5, 5, Style(fill="#112233")))) == [
        ("circle", {"cx": "10", "cy": "10.5", "r": "5", "fill": "#112233"})]
    path = ScenePath((("M", 0, 0), ("L", 5.0004, -5), ("C", 1, 2, 3, 4, 5, 6), ("Z",)), Style(fill=RED, even_odd=True))
    assert drawn(one(path)) == [("path", {"d": "M0 0L5 -5C1 2 3 4 5 6Z", "fill": RED, "fill-rule": "evenodd"})]


def test_groups_transform_and_clip() -> None:
    svg = render_svgs([Page(40, 40, (
        Group((Rect(0, 0, 10, 10, Style(fill=RED)),), translate(5, 6), clip=Rect(1, 1, 2, 2, Style())),
        Group((Group((), scale(2)),), clip=ScenePath((("M", 0, 0), ("L", 1, 1), ("Z",)), Style())),
        Group((Circle(1, 1, 1, Style()),)),
    ))], FONTS)[0]
    assert drawn(svg) == [
        ("g", {"transform": "matrix(1 0 0 1 5 6)"}),
        ("g", {"clip-path": "url(#clip1)"}),
        ("rect", {"x": "0", "y": "0", "width": "10", "height": "10", "fill": RED}),
        ("g", {}),
        ("g", {"clip-path": "url(#clip2)"}),
        ("g", {"transform": "matrix(2 0 0 2 0 0)"}),
        ("g", {}),
        ("circle", {"cx": "1", "cy": "1", "r": "1", "fill": "none"}),
    ]
    clips = defs(svg)
    assert [(c.tag, c.get("id"), [(e.tag, dict(e.attrib)) for e in c]) for c in clips] == [
        (SVG + "clipPath", "clip1", [(SVG + "rect", {"x": "1", "y": "1", "width": "2", "height": "2"})]),
        (SVG + "clipPath", "clip2", [(SVG + "path", {"d": "M0 0L1 1Z"})]),
    ]


def test_uses_of_a_definition() -> None:
    face = Definition("card-1", 50, 60, Group((Rect(0, 0, 50, 60, Style(fill=GREEN)),), clip=Rect(0, 0, 50, 60,
                                                                                                   Style())), 2)
    svg = render_svgs([Page(200, 100, (Use("card-1", translate(100, 0)), Use("card-1")), (face,))], FONTS)[0]
    assert drawn(svg) == [("use", {"transform": "matrix(1 0 0 1 100 0)", XLINK: "#card-1"}),
                          ("use", {XLINK: "#card-1"})]
    assert ET.tostring(defs(svg), encoding="unicode").replace("ns0:", "").replace(" xmlns:ns0=\"http://www.w3.org/"
                                                                                   "2000/svg\"", "") == (
        '<defs><clipPath id="card-1-clip1"><rect height="60" width="50" x="0" y="0" /></clipPath>'
        '<g id="card-1"><g><g clip-path="url(#card-1-clip1)"><rect fill="#00ff00" height="60" width="50" x="0" '
        'y="0" /></g></g></g></defs>')


# --- definitions kept -----------------------------------------------------------------------------


def face(colour: str, id: str = "card", bleed: float = 0.0) -> Definition:
    return Definition(id, 10, 10, Group((Rect(0, 0, 10, 10, Style(fill=colour)),)), bleed)


def fills(svg: str) -> list[str]:
    return [e.get("fill") for e in defs(svg).iter(SVG + "rect")]


def test_a_definition_is_serialized_once_for_every_page() -> None:
    renderer = SvgRenderer(FONTS, {})
    first = renderer.render(Page(20, 20, (Use("card"),), (face(GREEN),)))
    # a definition of the same id and bleed is taken as it was: it is the same card
    again = renderer.render(Page(20, 20, (Use("card"),), (face(BLUE),)))
    assert fills(first) == fills(again) == [GREEN]
    assert list(renderer.definitions) == [("card", 0.0)]
    # with another bleed, it is another drawing
    assert fills(renderer.render(Page(20, 20, (), (face(BLUE, bleed=1),)))) == [BLUE]
    assert list(renderer.definitions) == [("card", 0.0), ("card", 1)]


def test_only_the_last_definitions_used_are_kept() -> None:
    renderer = SvgRenderer(FONTS, {})
    renderer.KEPT = 2
    renderer.render(Page(20, 20, (), (face(GREEN, "a"), face(GREEN, "b"))))
    renderer.render(Page(20, 20, (), (face(GREEN, "a"),)))  # a used last: b goes first
    renderer.render(Page(20, 20, (), (face(GREEN, "c"),)))
    assert list(renderer.definitions) == [("a", 0.0), ("c", 0.0)]
    # c is found as it was kept; b, drawn anew, takes a's place
    assert fills(renderer.render(Page(20, 20, (), (face(BLUE, "c"), face(BLUE, "b"))))) == [GREEN, BLUE]
    assert list(renderer.definitions) == [("c", 0.0), ("b", 0.0)]


def test_each_definitions_clips_are_its_own() -> None:
    clipped = Definition("a", 10, 10, Group((Group((), clip=Rect(0, 0, 1, 1, Style())),
                                             Group((), clip=Rect(0, 0, 2, 2, Style())))))
    svg = render_svgs([Page(20, 20, (Group((), clip=Rect(0, 0, 3, 3, Style())),), (clipped,))], FONTS)[0]
    assert [c.get("id") for c in defs(svg).iter(SVG + "clipPath")] == ["clip1", "a-clip1", "a-clip2"]
    assert [e.get("clip-path") for e in parse(svg).iter(SVG + "g") if e.get("clip-path")] == [
        "url(#a-clip1)", "url(#a-clip2)", "url(#clip1)"]


# --- text -----------------------------------------------------------------------------------------


def test_text_kept_as_text_in_its_font() -> None:
    assert drawn(one(Text(10, 20, "Hi", "body", 12, RED))) == [("text", {
        "x": "10", "y": "20", "font-family": "'Source Sans Pro', sans-serif", "textLength": "10.776",
        "lengthAdjust": "spacingAndGlyphs", "font-size": "12", "fill": RED,
        "{http://www.w3.org/XML/1998/namespace}space": "preserve"})]
    assert parse(one(Text(10, 20, "Hi", "body", 12, RED))).find(SVG + "text").text == "Hi"
    assert metrics(SANS).width("Hi", 12) == pytest.approx(10.776)


def test_text_with_weight_style_anchor_and_halo() -> None:
    (text,) = drawn(one(Text(10, 20, "Yo", "title", 12, RED, anchor="middle", halo="#ffffff", halo_width=1)))
    assert text == ("text", {
        "x": "10", "y": "20", "font-family": "'Source Serif Pro', serif", "textLength": "13.296",
        "lengthAdjust": "spacingAndGlyphs", "font-size": "12", "font-weight": "700", "font-style": "italic",
        "fill": RED, "text-anchor": "middle", "{http://www.w3.org/XML/1998/namespace}space": "preserve",
        "stroke": "#ffffff", "stroke-width": "2", "stroke-linejoin": "round", "paint-order": "stroke"})
    (plain,) = drawn(one(Text(0, 0, "", "body", 12, RED, anchor="start", halo="#ffffff", halo_width=0)))
    assert sorted(plain[1]) == ["fill", "font-family", "font-size", "x", "y",
                                "{http://www.w3.org/XML/1998/namespace}space"]


def test_the_fonts_used_are_embedded_subset_to_their_characters() -> None:
    svg = render_svgs([Page(40, 40, (Text(1, 20, "ab", "body", 10, RED),)),
                       Page(40, 40, (Group((Text(1, 20, "c", "body", 10, RED),)),))], FONTS, "text")[0]
    (style,) = defs(svg).iter(SVG + "style")
    rules = style.text.split("\n")
    assert len(rules) == 2
    assert re.fullmatch(r"@font-face\{font-family:'Source Sans Pro';font-weight:400;font-style:normal;"
                        r"src:url\(data:font/woff;base64,[A-Za-z0-9+/=]+\) format\('woff'\);\}", rules[0])
    assert rules[1] == "text{font-kerning:none;font-variant-ligatures:none;font-feature-settings:'kern' 0,'liga' 0}"
    woff = base64.b64decode(re.search(r"base64,([^)]+)\)", rules[0]).group(1))
    assert woff[:4] == b"wOFF"
    font = TTFont(io.BytesIO(woff))
    assert set(chr(c) for c in font.getBestCmap()) == {"a", "b", "c"}  # every page's characters


def test_fonts_from_a_definition_and_in_both_fonts() -> None:
    title = Definition("t", 10, 10, Group((Text(0, 0, "T", "title", 5, RED),)))
    svg = render_svgs([Page(40, 40, (Text(1, 20, "ab", "body", 10, RED),), (title,))], FONTS, "text")[0]
    (style,) = defs(svg).iter(SVG + "style")
    assert re.findall(r"font-family:'([^']+)';font-weight:(\d+);font-style:(\w+)", style.text) == [
        ("Source Sans Pro", "400", "normal"), ("Source Serif Pro", "700", "italic")]
    assert svg.index("<style") < svg.index('<g id="t">')


def test_no_text_no_style() -> None:
    svg = render_svgs([Page(40, 40, (Rect(0, 0, 1, 1, Style()),))], FONTS)[0]
    assert "<style" not in svg and "pnp-" not in svg


def test_what_is_costly_is_kept_by_the_caller() -> None:
    asked = []

    def keep(kind: str, key: str, make):
        asked.append((kind, key))
        return {"font-family": "Kept Family", "svg-fonts": "/* kept */"}[kind]

    renderer = SvgRenderer(FONTS, {"body": frozenset("ba")}, keep=keep, text="text")
    page = Page(40, 40, (Text(1, 20, "ab", "body", 10, RED),))
    svg = renderer.render(page)
    assert asked == [("font-family", "SourceSansPro-Regular.ttf"),
                     ("svg-fonts", "[('body', 'SourceSansPro-Regular.ttf', 'ab')]")]
    assert '<style type="text/css"><![CDATA[/* kept */]]></style>' in svg
    assert drawn(svg)[0][1]["font-family"] == "'Kept Family', sans-serif"
    renderer.render(page)
    assert len(asked) == 2  # the family and the style sheet, once per renderer


def test_text_as_outlines() -> None:
    svg = one(Text(1, 5, "Hi", "body", 12, RED, anchor="end", halo="#ffffff", halo_width=1), text="paths")
    data, advance = outline_data(SANS, "Hi")
    assert advance == 898
    assert data.startswith("M90 0L90 656L173 656") and "M734 0L734 486" in data
    assert drawn(svg) == [
        ("g", {"transform": "matrix(0.012 0 0 -0.012 -9.776 5)", "aria-label": "Hi"}),
        ("path", {"d": data, "fill": "#ffffff", "stroke": "#ffffff", "stroke-width": "166.667",
                  "stroke-linejoin": "round"}),
        ("path", {"d": data, "fill": RED}),
    ]
    assert "<style" not in svg and "<text" not in svg


@pytest.mark.parametrize("anchor, x", [("start", "1"), ("middle", "-4.388"), ("end", "-9.776")])
def test_outlines_anchored(anchor: str, x: str) -> None:
    svg = one(Text(1, 5, "Hi", "body", 12, RED, anchor=anchor, halo="#ffffff"), text="paths")
    assert [(tag, a.get("transform")) for tag, a in drawn(svg)] == [("g", f"matrix(0.012 0 0 -0.012 {x} 5)"),
                                                                     ("path", None)]


def test_outline_data_glyph_after_glyph() -> None:
    advances = TTFont(SANS)["hmtx"].metrics
    data, advance = outline_data(SANS, "ii")
    single_data, single_advance = outline_data(SANS, "i")
    assert single_advance == advances["i"][0] == 246
    assert advance == 2 * single_advance
    assert data.startswith(single_data)
    # the second i: each x moved by one advance, each y as it was
    x, y = single_data[1:].split("L")[0].split(" ")
    assert data[len(single_data):].startswith(f"M{int(x) + 246} {y}L")
    assert outline_data(SANS, "") == ("", 0)
    assert outline_data(SANS, " ") == ("", advances["space"][0])


def test_a_character_the_font_lacks_draws_nothing_and_advances_as_notdef() -> None:
    notdef = TTFont(SANS)["hmtx"].metrics[".notdef"][0]
    assert outline_data(SANS, "\u4e00") == ("", notdef)


def test_curves_in_a_glyph() -> None:
    data, _ = outline_data(SANS, "o")
    assert data.startswith("M") and "Q" in data and data.endswith("Z")


# --- text as its glyphs' outlines under invisible text (the default) ------------------------------

XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"
H, I = "#G0.48", "#G0.69"  # the first font's (by name: body's) H and i, each character in hex


def glyph_defs(svg: str) -> list[tuple[str, str]]:
    """The glyphs defined in the page's <defs>: (id, path data)."""
    return [(p.get("id"), p.get("d")) for p in defs(svg).findall(SVG + "path")]


def test_text_drawn_as_placed_glyphs_under_invisible_text() -> None:
    line = Text(1, 5, "Hi H", "body", 12, RED, anchor="end", halo="#ffffff", halo_width=1)
    svg = one(line, text="paths+text")
    assert render_svgs([Page(100, 50, (line,))], FONTS)[0] == svg  # the default
    placed = [("use", {XLINK: H}), ("use", {XLINK: I, "x": "652"}), ("use", {XLINK: H, "x": "1098"})]
    where = "matrix(0.012 0 0 -0.012 -20 5)"  # 12 / 1000 units, turned up; its end at x=1: 1750 units before
    assert drawn(svg) == [
        ("g", {"fill": "#ffffff", "stroke": "#ffffff", "stroke-linejoin": "round", "stroke-width": "166.667",
               "transform": where}), *placed,
        ("g", {"fill": RED, "transform": where}), *placed,
        ("text", {"x": "1", "y": "5", "font-family": "'Source Sans Pro', sans-serif", "textLength": "21",
                  "lengthAdjust": "spacingAndGlyphs", "font-size": "12", "fill-opacity": "0", "text-anchor": "end",
                  XML_SPACE: "preserve"})]
    assert metrics(SANS).width("Hi H", 12) == pytest.approx(21)  # the outlines' advance is the text's width
    assert parse(svg).find(SVG + "text").text == "Hi H"
    assert glyph_defs(svg) == [("G0.48", glyph_data(SANS, "H")), ("G0.69", glyph_data(SANS, "i"))]
    assert '<g fill="#ff0000" transform="matrix(0.012 0 0 -0.012 -20 5)"><use xlink:href="#G0.48" />' in svg
    assert "<style" not in svg and "@font-face" not in svg


@pytest.mark.parametrize("anchor, x", [("start", "1"), ("middle", "-4.388"), ("end", "-9.776")])
def test_placed_glyphs_anchored(anchor: str, x: str) -> None:
    svg = one(Text(1, 5, "Hi", "body", 12, RED, anchor=anchor, halo="#ffffff"), text="paths+text")
    assert [(tag, a.get("transform")) for tag, a in drawn(svg)] == [
        ("g", f"matrix(0.012 0 0 -0.012 {x} 5)"), ("use", None), ("use", None), ("text", None)]
    assert drawn(svg)[-1][1].get("text-anchor") == (None if anchor == "start" else anchor)


def test_invisible_text_in_its_fonts_weight_and_style() -> None:
    svg = one(Text(0, 10, "Yo", "title", 12, BLUE), text="paths+text")
    assert drawn(svg) == [
        ("g", {"fill": BLUE, "transform": "matrix(0.012 0 0 -0.012 0 10)"}),
        ("use", {XLINK: "#G1.59"}), ("use", {XLINK: "#G1.6f", "x": "575"}),  # (the Y's advance)
        ("text", {"x": "0", "y": "10", "font-family": "'Source Serif Pro', serif", "textLength": "13.296",
                  "lengthAdjust": "spacingAndGlyphs", "font-size": "12", "font-weight": "700",
                  "font-style": "italic", "fill-opacity": "0", XML_SPACE: "preserve"})]
    assert [g for g, _ in glyph_defs(svg)] == ["G1.59", "G1.6f"]  # the second font by name: title
    assert TTFont(FONTS["title"])["hmtx"].metrics["Y"][0] == 575


def test_blanks_only_advance_and_a_blank_line_is_left_out() -> None:
    space = TTFont(SANS)["hmtx"].metrics["space"][0]
    svg = one(Text(0, 10, "i i", "body", 10, RED), text="paths+text")
    assert [a.get("x") for tag, a in drawn(svg) if tag == "use"] == [None, str(246 + space)]
    assert parse(svg).find(SVG + "text").text == "i i"
    for blank in (" ", "", "  \t"):
        assert drawn(one(Text(0, 10, blank, "body", 10, RED), text="paths+text")) == []


def test_a_character_the_font_lacks_is_said_but_not_drawn() -> None:
    notdef = TTFont(SANS)["hmtx"].metrics[".notdef"][0]
    svg = one(Text(0, 10, "\u4e00i", "body", 10, RED), text="paths+text")
    assert [(tag, a.get(XLINK), a.get("x")) for tag, a in drawn(svg)][1:] == [("use", I, str(notdef)),
                                                                             ("text", None, "0")]
    assert parse(svg).find(SVG + "text").text == "\u4e00i" and [g for g, _ in glyph_defs(svg)] == ["G0.69"]
    alone = one(Text(0, 10, "\u4e00", "body", 10, RED), text="paths+text")
    assert [tag for tag, _ in drawn(alone)] == ["text"] and glyph_defs(alone) == []


def test_each_glyph_a_page_shows_is_defined_once_in_font_and_character_order() -> None:
    renderer = SvgRenderer(FONTS, {})
    titled = Definition("t", 10, 10, Group((Text(0, 5, "ba", "title", 5, RED), Text(0, 9, "aa", "body", 5, RED))))
    first = renderer.render(Page(40, 40, (Use("t"), Text(1, 20, "b a", "body", 10, RED)), (titled,)))
    assert [g for g, _ in glyph_defs(first)] == ["G0.61", "G0.62", "G1.61", "G1.62"]
    assert first.index('id="G1.62"') < first.index('<g id="t">')
    # the definition is kept, with the glyphs it places: a later page defines them though it
    # draws none of its own (and a definition of the same id is taken as it was)
    again = renderer.render(Page(40, 40, (Use("t"),), (replace(titled, content=Group(())),)))
    assert [g for g, _ in glyph_defs(again)] == ["G0.61", "G1.61", "G1.62"]
    assert renderer.definitions[("t", 0.0)][1] == {("title", "b"), ("title", "a"), ("body", "a")}
    assert renderer.render(Page(40, 40, ())).count("<path") == 0


def test_each_glyph_s_outline_as_short_relative_path_data() -> None:
    assert glyph_data(SANS, "H") == "m90 0l0 656 83 0 0-275 305 0 0 275 84 0 0-656-84 0 0 309-305 0 0-309z"
    assert glyph_data(SANS, "i").startswith("m82 0l0 486 82 0 0-486zm42 586q-24 0-40.5 15-16.5 15-16.5 38 0 24")
    assert glyph_data(SANS, " ") == ""

    def absolute(data: str) -> str:
        """The data written as outline_data writes it: absolute, each command's letter given."""
        sizes = {"m": 2, "l": 2, "q": 4, "c": 6}
        tokens = re.findall(r"[mlqcz]|-?\d+(?:\.\d+)?", data)
        assert "".join(tokens) == data.replace(" ", "")  # nothing else in it
        out, x, y, start, op, i = [], 0.0, 0.0, (0.0, 0.0), "", 0
        while i < len(tokens):
            if tokens[i].isalpha():
                op, i = tokens[i], i + 1
                if op == "z":
                    out.append("Z")
                    x, y = start
                    continue
            values = [float(v) + (x if j % 2 == 0 else y) for j, v in enumerate(tokens[i:i + sizes[op]])]
            i += sizes[op]
            out.append(op.upper() + " ".join(_num(v) for v in values))
            x, y = values[-2:]
            if op == "m":
                start = (x, y)
        return "".join(out)

    for font in FONTS.values():
        for char in "HiQo8&@éß-%":
            assert absolute(glyph_data(font, char)) == outline_data(font, char)[0], (font.name, char)


def test_text_is_drawn_one_of_three_ways() -> None:
    assert SvgRenderer(FONTS, {}).mode == "paths+text"
    with pytest.raises(ValueError) as error:
        SvgRenderer(FONTS, {}, text="outlines")
    assert str(error.value) == "SVG text is one of paths+text, text, paths, not 'outlines'"


# --- pictures ------------------------------------------------------------------------------------


def href(svg: str) -> str:
    (image,) = parse(svg).iter(SVG + "image")
    return image.get(XLINK)


def test_a_picture_embedded_as_it_is(tmp_path: Path) -> None:
    Picture.new("RGB", (2, 2), (255, 0, 0)).save(tmp_path / "a.png")
    Picture.new("RGB", (2, 2), (255, 0, 0)).save(tmp_path / "b.jpg")
    svg = one(Image(1, 2, 30, 40.5, str(tmp_path / "a.png")))
    assert drawn(svg) == [("image", {"x": "1", "y": "2", "width": "30", "height": "40.5",
                                     "preserveAspectRatio": "none", XLINK: href(svg)})]
    assert href(svg) == "data:image/png;base64," + base64.b64encode((tmp_path / "a.png").read_bytes()).decode()
    jpeg = one(Image(1, 2, 3, 4, str(tmp_path / "b.jpg")))
    assert href(jpeg) == "data:image/jpeg;base64," + base64.b64encode((tmp_path / "b.jpg").read_bytes()).decode()


def test_a_picture_turned_or_greyed_is_embedded_as_png(tmp_path: Path) -> None:
    picture = Picture.new("RGB", (4, 2), (255, 0, 0))
    exif = Picture.Exif()
    exif[0x0112] = 6
    picture.save(tmp_path / "turned.jpg", exif=exif)
    turned = Picture.open(io.BytesIO(base64.b64decode(href(one(Image(0, 0, 2, 4, str(tmp_path / "turned.jpg"))))
                                                      .split(",")[1])))
    assert (turned.format, turned.size) == ("PNG", (2, 4))
    Picture.new("RGB", (2, 2), (255, 0, 0)).save(tmp_path / "red.png")
    grey = Picture.open(io.BytesIO(base64.b64decode(href(one(Image(0, 0, 2, 2, str(tmp_path / "red.png"),
                                                                   grey=True))).split(",")[1])))
    assert (grey.format, grey.mode, grey.getpixel((0, 0))) == ("PNG", "L", 76)
