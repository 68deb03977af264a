"""pnp.icons.properties: which presentation properties an icon's shapes may use, the painting they
make (inherited as in SVG), and the values they take (colours, lengths, transforms), each wrong
one reported in words, with the attribute and the place in its value the reader locates it at."""

from __future__ import annotations

import math

import pytest

from pnp.icons.properties import (LENGTH_RE, MAX_DASH_ENTRIES, NUMBER_RE, UNITS, Paint, _colour, _no_op, dashes_of,
                                  drawn, length_of, marker_of, paint_of, transform_of)
from pnp.scene import Style, chain, rotate, scale, translate

TOO_LARGE = "numbers in an icon must be between -1,000,000 and 1,000,000"
NOT_A_COLOUR = "is not a colour (use #rrggbb, #rgb, rgb(r, g, b), a CSS colour name, none or currentColor)"
CANNOT_READ = "(an icon may use matrix, translate, scale, rotate, skewX and skewY)"


class Reports(list):
    """What a function reports, as the reader would be told it: (message, attribute, index, find)."""

    def __call__(self, message: str, attribute: str, index: int | None = None, find: str | None = None) -> None:
        self.append((message, attribute, index, find))


class Bad(list):
    """What a value's reader calls bad(message) with."""

    def __call__(self, message: str) -> None:
        self.append(message)


def props(**values: str) -> dict[str, tuple[str, str, str | None]]:
    """Properties as presentation attributes: stroke_width="2" is stroke-width="2"."""
    return {name.replace("_", "-"): (value, name.replace("_", "-"), None) for name, value in values.items()}


# --- the numbers ---------------------------------------------------------------------------------


def test_numbers_and_lengths() -> None:
    for number in ("1", "-1", "+1.5", ".5", "5.", "1e3", "1.5E-2", "-.5e+2"):
        assert NUMBER_RE.fullmatch(number), number
    for other in ("", ".", "e3", "1e", "--1", "1.2.3", "0x1"):
        assert not NUMBER_RE.fullmatch(other), other
    assert LENGTH_RE.fullmatch(" 2.5 px ").groups() == ("2.5", "px")
    assert LENGTH_RE.fullmatch("3").groups() == ("3", None)
    assert LENGTH_RE.fullmatch("3mm") is None and LENGTH_RE.fullmatch("3%") is None


# --- painting ------------------------------------------------------------------------------------


def test_paint_starts_as_svg_does_and_makes_a_style() -> None:
    assert Paint() == Paint("#000000", None, 1.0, "butt", "miter", False)
    assert Paint().style() == Style(fill="#000000")
    # without a stroke, or with a stroke 0 wide, no width, cap or join: only the fill and its rule
    assert Paint("#ff0000", None, 3.0, "round", "bevel", True).style() == Style(fill="#ff0000", even_odd=True)
    assert Paint(None, "#00ff00", 0.0, "round", "bevel", True).style() == Style(even_odd=True)
    assert Paint(None, "#00ff00", 0.5, "round", "bevel", True).style() == Style(None, "#00ff00", 0.5, True, "round",
                                                                                  "bevel")


def test_drawn_keeps_what_pnp_draws_and_reports_the_rest() -> None:
    properties = {
        "fill": ("red", "fill", None), "stroke": ("blue", "style", "stroke"),
        "stroke-width": ("2", "stroke-width", None),
        "stroke-linecap": ("round", "style", "stroke-linecap"), "stroke-linejoin": ("bevel", "stroke-linejoin", None),
        "fill-rule": ("evenodd", "fill-rule", None),
        "stroke-miterlimit": ("4", "style", "stroke-miterlimit"), "font-family": ("Serif", "font-family", None),
        "text-anchor": ("middle", "text-anchor", None), "-inkscape-stroke": ("none", "style", "-inkscape-stroke"),
        "clip-rule": ("evenodd", "clip-rule", None), "shape-margin": ("2", "shape-margin", None),
        "opacity": ("1", "opacity", None), "stroke-dasharray": ("none", "style", "stroke-dasharray"),
        "display": ("inline", "display", None),
        "fill-opacity": ("0.5", "style", "fill-opacity"), "stroke-dasharray ": ("2 1", "x", None),
        "clip-path": ("url(#c)", "clip-path", None), "mask": ("url(#m)", "mask", None),
        "filter": ("url(#f)", "filter", None), "visibility": ("hidden", "visibility", None),
    }
    reports = Reports()
    kept = drawn(properties, reports)
    assert kept is properties  # (the same dict, what is not drawn taken out)
    assert list(kept) == ["fill", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin", "fill-rule",
                          "stroke-dasharray"]
    assert reports == [
        ("fill-opacity is not supported; use solid colours", "style", None, "fill-opacity"),
        ("stroke-dasharray  is not supported", "x", None, None),
        ("clip-path is not supported; draw only the part that shows", "clip-path", None, None),
        ("mask is not supported; draw only the part that shows", "mask", None, None),
        ("filter is not supported", "filter", None, None),
        ("visibility is not supported", "visibility", None, None),
    ]


@pytest.mark.parametrize("prop, value, hint", [
    ("opacity", "0.5", "; use solid colours"), ("fill-opacity", "0", "; use solid colours"),
    ("stroke-opacity", "50%", "; use solid colours"), ("display", "none", ""), ("paint-order", "stroke", ""),
    ("marker", "url(#a)", '; SVG reads it only in style="..." (use marker-start, marker-mid and marker-end)'),
    ("mix-blend-mode", "multiply", ""), ("isolation", "isolate", ""),
])
def test_a_property_that_would_change_the_drawing_is_reported(prop: str, value: str, hint: str) -> None:
    reports = Reports()
    assert drawn({prop: (value, prop, None)}, reports) == {}
    assert reports == [(f"{prop} is not supported{hint}", prop, None, None)]


def test_the_values_that_change_nothing() -> None:
    for prop, value in [("opacity", "1"), ("opacity", " 1.0 "), ("fill-opacity", "100%"), ("stroke-opacity", "1e0"),
                        ("display", "inline"), ("visibility", "VISIBLE"),
                        ("paint-order", "normal"), ("marker", "none"), ("vector-effect", "none"), ("isolation", "auto"),
                        ("mix-blend-mode", "normal")]:
        assert _no_op(prop, value), (prop, value)
    for prop, value in [("opacity", "1px"), ("opacity", "0.99"), ("opacity", "99%"), ("opacity", "one"),
                        ("display", "block"), ("marker", "url(#a)")]:
        assert not _no_op(prop, value), (prop, value)


def test_paint_of_takes_each_property_over_what_is_inherited() -> None:
    inherited = Paint("#111111", "#222222", 3.0, "round", "round", True)
    assert paint_of({}, inherited, Reports()) is inherited
    reports = Reports()
    assert paint_of(props(fill="none", stroke=" #0000FF ", stroke_width="0.5px", stroke_linecap="square",
                          stroke_linejoin="bevel", fill_rule="nonzero"), inherited, reports) == \
        Paint(None, "#0000ff", 0.5, "square", "bevel", False)
    assert paint_of(props(fill_rule="evenodd"), Paint(), reports) == Paint(even_odd=True)
    assert paint_of(props(stroke_linecap="butt", stroke_linejoin="miter"), inherited, reports) == \
        Paint("#111111", "#222222", 3.0, "butt", "miter", True)
    assert reports == []


def test_inherit_keeps_what_is_inherited() -> None:
    inherited = Paint("#111111", "#222222", 3.0, "round", "bevel", True)
    everything = props(fill="inherit", stroke=" inherit", stroke_width="inherit", stroke_linecap="inherit",
                       stroke_linejoin="inherit ", fill_rule="inherit")
    reports = Reports()
    assert paint_of(everything, inherited, reports) == inherited
    assert reports == []


def test_a_wrong_value_is_reported_and_left_out() -> None:
    inherited = Paint("#111111", "#222222", 3.0, "round", "bevel", False)
    reports = Reports()
    properties = {"fill": ("blak", "fill", None), "stroke": ("url(#g)", "style", "stroke"),
                  "stroke-width": ("-1", "stroke-width", None), "stroke-linecap": ("flat", "style", "stroke-linecap"),
                  "stroke-linejoin": (" Round ", "stroke-linejoin", None), "fill-rule": ("even-odd", "fill-rule", None)}
    assert paint_of(properties, inherited, reports) == inherited
    assert reports == [
        (f'fill: "blak" {NOT_A_COLOUR}', "fill", None, None),
        ("stroke: url(#g) is not supported (gradients and patterns are not drawn); use a solid colour", "style", None,
         "stroke"),
        ("stroke-width may not be negative", "stroke-width", None, None),
        ('stroke-linecap: "flat" is not one of butt, round, square', "style", None, "stroke-linecap"),
        ('stroke-linejoin: "Round" is not one of miter, round, bevel', "stroke-linejoin", None, None),
        ('fill-rule: "even-odd" is not one of nonzero, evenodd', "fill-rule", None, None),
    ]
    reports.clear()
    assert paint_of(props(stroke_width="wide"), inherited, reports) == inherited
    assert reports == [('stroke-width: "wide" is not a number (an icon\'s lengths are plain numbers, in view-box '
                        'units)', "stroke-width", None, None)]


# --- colours ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("value, colour", [
    ("#FfF", "#ffffff"), ("#1A2b3C", "#1a2b3c"), ("rgb(255, 0, 12)", "#ff000c"), ("RGB( 10 ,20,30 )", "#0a141e"),
    ("rgb(100%, 50%, 0%)", "#ff7f00"), ("rgb(50.5%,0%,0%)", "#810000"), ("AliceBlue", "#f0f8ff"),
    ("grey", "#808080"), ("Red", "#ff0000"), ("currentColor", "#000000"), ("CURRENTCOLOR", "#000000"),
    ("none", None), ("None", None),
])
def test_the_colours_an_icon_may_use(value: str, colour: str | None) -> None:
    bad = Bad()
    assert _colour("fill", value, bad) == colour
    assert bad == []


@pytest.mark.parametrize("value, message", [
    ("#abcd", "stroke: #abcd is see-through, which is not supported; use solid colours"),
    ("#11223344", "stroke: #11223344 is see-through, which is not supported; use solid colours"),
    ("RGBA(0,0,0,1)", "stroke: RGBA(0,0,0,1) is see-through, which is not supported; use solid colours"),
    ("hsla(0,0%,0%,1)", "stroke: hsla(0,0%,0%,1) is see-through, which is not supported; use solid colours"),
    ("Transparent", "stroke: Transparent is see-through, which is not supported; use solid colours"),
    ("URL(#g)", "stroke: URL(#g) is not supported (gradients and patterns are not drawn); use a solid colour"),
    ("hsl(0,0%,0%)", f'stroke: "hsl(0,0%,0%)" {NOT_A_COLOUR}'),
    ("notacolour", f'stroke: "notacolour" {NOT_A_COLOUR}'),
    ("#12345", f'stroke: "#12345" {NOT_A_COLOUR}'),
    ("rgb(1, 2)", f'stroke: "rgb(1, 2)" {NOT_A_COLOUR}'),
    ("dark-red", f'stroke: "dark-red" {NOT_A_COLOUR}'),
])
def test_colours_an_icon_may_not_use(value: str, message: str) -> None:
    bad = Bad()
    assert _colour("stroke", value, bad) is False
    assert bad == [message]


# --- lengths ---------------------------------------------------------------------------------------


def test_a_length_is_a_number_of_view_box_units() -> None:
    bad = Bad()
    assert length_of("r", " 5px ", bad) == 5.0
    assert length_of("r", "1e6", bad) == 1_000_000
    assert length_of("r", "-1e6", bad) == -1_000_000
    assert length_of("x", "-3", bad) == -3.0  # no minimum: a coordinate
    assert length_of("r", "0", bad, minimum=0.0) == 0.0
    assert bad == []


def test_a_wrong_length_is_reported() -> None:
    bad = Bad()
    assert length_of("rx", " 2mm ", bad) is None
    assert length_of("r", "1000000.5", bad) is None
    assert length_of("r", "-1000001", bad) is None
    assert length_of("r", "-0.001", bad, minimum=0.0) is None
    assert length_of("width", "4", bad, minimum=5.0) is None
    assert bad == ['rx: "2mm" is not a number (an icon\'s lengths are plain numbers, in view-box units)',
                   f"r: {TOO_LARGE}", f"r: {TOO_LARGE}", "r may not be negative", "width may not be negative"]


def test_a_strokes_lengths_may_carry_absolute_units() -> None:
    bad = Bad()
    assert UNITS == {"px": 1.0, "pt": 4 / 3, "pc": 16.0, "mm": 96 / 25.4, "cm": 96 / 2.54, "in": 96.0}
    assert [length_of("stroke-width", v, bad, units=True) for v in ("1pt", " 3 pc", "1in", "25.4mm", "2")] == \
        [4 / 3, 48.0, 96.0, pytest.approx(96.0), 2.0]
    assert length_of("stroke-width", "1em", bad, units=True) is None
    assert bad == ['stroke-width: "1em" is not a number (an icon\'s lengths are plain numbers, in view-box units)']


# --- dashes and markers ----------------------------------------------------------------------------


def test_a_dash_pattern() -> None:
    bad = Bad()
    assert dashes_of("none", bad) is None and dashes_of("NONE", bad) is None
    assert dashes_of("4 2", bad) == (4.0, 2.0)
    assert dashes_of(" 4,2 , 1 ", bad) == (4.0, 2.0, 1.0, 4.0, 2.0, 1.0)  # an odd list twice over, as in SVG
    assert dashes_of("3", bad) == (3.0, 3.0)
    assert dashes_of("0, 0", bad) is None and dashes_of("0", bad) is None  # all zeros: solid
    assert dashes_of("0 2", bad) == (0.0, 2.0)  # (dots)
    assert dashes_of("1.5pt 0.75pt", bad) == (2.0, 1.0)
    assert bad == []


def test_a_wrong_dash_pattern_is_reported() -> None:
    bad = Bad()
    assert dashes_of("4 -2", bad) is False
    assert dashes_of("50% 1", bad) is False
    assert dashes_of("4 two", bad) is False
    assert dashes_of(" ".join(["1"] * (MAX_DASH_ENTRIES + 1)), bad) is False
    assert dashes_of(" ".join(["1"] * MAX_DASH_ENTRIES), bad) == (1.0,) * MAX_DASH_ENTRIES
    assert bad == ["stroke-dasharray may not be negative",
                   'stroke-dasharray: "50% 1" holds a percentage, which is not supported (give lengths in view-box '
                   "units)",
                   'stroke-dasharray: "two" is not a number (an icon\'s lengths are plain numbers, in view-box units)',
                   "stroke-dasharray: 101 lengths, more than the 100 pnp reads"]


def test_a_marker_is_named_by_its_id() -> None:
    bad = Bad()
    assert [marker_of("marker-end", v, bad) for v in ("url(#Arrow2)", "url( '#a b' )", 'url("#c")', "None")] == \
        ["Arrow2", "a b", "c", None]
    assert marker_of("marker-end", "url(other.svg#a)", bad) is False
    assert marker_of("marker-start", "#a", bad) is False
    assert bad == ['marker-end: "url(other.svg#a)" is not a marker of the icon (write url(#id), the id of a <marker> '
                   "in its <defs>)",
                   'marker-start: "#a" is not a marker of the icon (write url(#id), the id of a <marker> in its '
                   "<defs>)"]


def test_paint_takes_dashes_markers_and_context_colours() -> None:
    reports = Reports()
    paint = paint_of(props(stroke_dasharray="1 2 3", stroke_dashoffset="-1.5", marker_start="url(#a)",
                           marker_end="url(#b)", fill="context-stroke", stroke="Context-Fill"), Paint(), reports)
    assert paint == Paint(fill="context-stroke", stroke="context-fill", dashes=(1.0, 2.0, 3.0, 1.0, 2.0, 3.0),
                          dash_offset=-1.5, marker_start="a", marker_end="b")
    assert paint_of(props(stroke_dasharray="none", marker_end="none"), paint, reports) == Paint(
        fill="context-stroke", stroke="context-fill", dash_offset=-1.5, marker_start="a")
    assert paint_of(props(stroke_dashoffset="10%", stroke_dasharray="-1"), paint, reports) == paint  # (kept)
    assert reports == [
        ('stroke-dashoffset: "10%" is a percentage, which is not supported (give a length in view-box units)',
         "stroke-dashoffset", None, None),
        ("stroke-dasharray may not be negative", "stroke-dasharray", None, None)]


# --- transforms ------------------------------------------------------------------------------------


def test_each_transform_as_a_matrix() -> None:
    reports = Reports()
    t = math.tan(math.radians(30))
    assert transform_of("matrix(1 2 3 4 5 6)", reports) == (1, 2, 3, 4, 5, 6)
    assert transform_of("translate(7)", reports) == (1, 0, 0, 1, 7, 0)
    assert transform_of("translate(7,-8)", reports) == (1, 0, 0, 1, 7, -8)
    assert transform_of("scale(2)", reports) == (2, 0, 0, 2, 0, 0)
    assert transform_of("scale(2 3)", reports) == (2, 0, 0, 3, 0, 0)
    assert transform_of("rotate(30)", reports) == rotate(30)
    assert transform_of("rotate(30 5 6)", reports) == chain(translate(-5, -6), rotate(30), translate(5, 6))
    assert transform_of("skewX(30)", reports) == (1, 0, t, 1, 0, 0)
    assert transform_of("skewY(30)", reports) == (1, t, 0, 1, 0, 0)
    assert reports == []


def test_a_list_applies_its_last_transform_first() -> None:
    reports = Reports()
    assert transform_of("translate(10 20) scale(2)", reports) == chain(scale(2), translate(10, 20))
    assert transform_of("translate(10 20) scale(2)", reports) == (2, 0, 0, 2, 10, 20)
    assert transform_of(" scale(2) , translate(10,20) ", reports) == (2, 0, 0, 2, 20, 40)
    assert transform_of("scale(2)translate(1)rotate(90)", reports) == chain(rotate(90), translate(1, 0), scale(2))
    assert transform_of("translate( 1e6 ) scale( 2 )", reports) == (2, 0, 0, 2, 1_000_000, 0)
    assert reports == []


def test_no_transform_is_none() -> None:
    reports = Reports()
    assert transform_of("", reports) is None
    assert transform_of("  \n ", reports) is None
    assert reports == []


@pytest.mark.parametrize("value, at, rest", [
    ("matrix(1 2 3 4 5)", 0, "matrix(1 2 3 4 5)"),
    ("translate()", 0, "translate()"),
    ("translate(1 2 3)", 0, "translate(1 2 3)"),
    ("scale(1 2 3)", 0, "scale(1 2 3)"),
    ("rotate(1 2)", 0, "rotate(1 2)"),
    ("skewX(1 2)", 0, "skewX(1 2)"),
    ("skewY(1,2)", 0, "skewY(1,2)"),
    ("translate(1 2) foo(3)", 15, "foo(3)"),
    ("translate(1 2)  junk ", 16, "junk"),
    ("  scale(a)", 2, "scale(a)"),
    ("scale(1,,2)", 0, "scale(1,,2)"),
    ("scale(1) translate(1 2", 9, "translate(1 2"),
    ("Scale(2)", 0, "Scale(2)"),
])
def test_a_transform_that_cannot_be_read_is_located(value: str, at: int, rest: str) -> None:
    reports = Reports()
    assert transform_of(value, reports) is None
    assert reports == [(f'transform: cannot read "{rest}" {CANNOT_READ}', "transform", at, None)]


def test_a_transform_out_of_bounds() -> None:
    reports = Reports()
    assert transform_of("scale(2) translate(1000001)", reports) is None
    assert transform_of("matrix(1 0 0 1 0 -1e7)", reports) is None
    assert transform_of("translate(1e6 1e6)", reports) == (1, 0, 0, 1, 1e6, 1e6)
    assert transform_of("scale(2) translate(1e6)", reports) is None  # (as one matrix: e is 2e6)
    assert transform_of("scale(1000) scale(1001)", reports) is None
    assert transform_of("translate(1e6) translate(1)", reports) is None
    assert transform_of("skewX(90)", reports) is None  # tan(90°): 1.6e16
    assert reports == [(f"transform: {TOO_LARGE}", "transform", None, None)] * 2 + \
        [(f"transform: {TOO_LARGE} (as one matrix)", "transform", None, None)] * 4
