"""pnp.boxes.context: what drawing a box needs besides the box and the item (the fonts by role,
the icons, the pictures' sizes, the language, the layout), the colours, texts, icons and font
a box's settings give for an item, and how a text fits its box: the sizes nothing is printed
below."""

from __future__ import annotations

import pytest

from pnp import expr
from pnp.boxes.context import (MIN_PARAGRAPH_SIZE, MIN_TEXT_SIZE, Art, Context, fit_line, fit_lines, fitted,
                               line_sizes)
from pnp.layout.fonts import bundled_fonts, metrics
from pnp.layout.reader import Box, Layout
from pnp.layout.values import Colour, Localised, Switch

NAMES = frozenset({"name", "rank", "colour", "kind", "mark"})
SANS = metrics(bundled_fonts()["SourceSansPro-Regular"])
SERIF = metrics(bundled_fonts()["SourceSerifPro-Bold"])
STAR, SUN, HALF = object(), object(), object()


def template(source: str) -> expr.Template:
    return expr.parse_template(source, NAMES)


def context(colours: dict[str, str] | None = None, language: str = "fr") -> Context:
    layout = Layout("face.yaml", 180.0, 252.0, colours or {}, None, ())
    return Context({"body": SANS, "title": SERIF}, {"star": STAR, "sun": SUN, "2,5": HALF},
                   {"a.png": Art("a.png", 600, 800)}, language, "en", layout)


def box(width: float = 100.0, height: float = 50.0, **settings) -> Box:
    return Box("b", "text", 0.0, 0.0, width, height, settings)


def test_a_context_and_its_art() -> None:
    ctx = context()
    assert ctx.art["a.png"] == Art("a.png", 600, 800)
    assert (ctx.art["a.png"].path, ctx.art["a.png"].width, ctx.art["a.png"].height) == ("a.png", 600, 800)
    assert (ctx.extra, ctx.draw_icon, ctx.notes, ctx.language, ctx.default) == ({}, None, None, "fr", "en")
    assert context().extra is not ctx.extra


def test_ink_and_paper_are_the_layouts_else_black_and_white() -> None:
    assert (context().ink(), context().paper()) == ("#000000", "#ffffff")
    ctx = context({"ink": "#222222", "paper": "#fbf3dc"})
    assert (ctx.ink(), ctx.paper()) == ("#222222", "#fbf3dc")


def test_a_colour_setting_for_an_item() -> None:
    ctx = context()
    env = {"colour": "#C0A000", "kind": "none", "rank": None, "name": "Red"}
    assert ctx.colour(None, env) is None
    assert ctx.colour(None, env, "#111111") == "#111111"  # not set: the default
    assert ctx.colour(Colour("#c0a000"), env, "#111111") == "#c0a000"
    assert ctx.colour(Colour(None), env, "#111111") is None  # none: nothing painted
    assert ctx.colour(Colour(template=template("{colour}")), env, "#111111") == "#c0a000"
    assert ctx.colour(Colour(template=template("{kind}")), env, "#111111") is None
    assert ctx.colour(Colour(template=template("{rank}")), env, "#111111") is None
    assert ctx.colour(Colour(template=template("#{name}AA")), env) == "#redaa"


def test_a_text_setting_in_the_contexts_language() -> None:
    text = Localised((("fr", template("{rank} points !")), ("en", template("{rank} points"))))
    env = {"rank": 2.5}
    assert context().text(text, env) == "2,5 points !"
    assert context(language="de").text(text, env) == "2,5 points"  # (the game's first, written in German)
    assert context(language="en").text(text, env) == "2.5 points"
    assert context().text(None, env) == ""


def test_an_icon_setting_for_an_item() -> None:
    ctx = context()
    choose = Switch(expr.parse("rank", NAMES), {1: "star", 2: "moon"}, "sun")
    assert [ctx.icon(choose, {"rank": r}) for r in (1, 3)] == [STAR, SUN]
    assert ctx.icon(Switch(expr.parse("rank", NAMES), {1: "star"}), {"rank": 3}) is None
    assert ctx.icon(template("{mark}"), {"mark": "sun"}) is SUN
    assert ctx.icon(template("{rank}"), {"rank": 2.5}) is HALF  # rendered in the context's language
    assert ctx.icon(template("s{rank}n"), {"rank": "u"}) is SUN
    assert [ctx.icon(v, {}) for v in ("star", None, "")] == [STAR, None, None]  # (None and "": naming none)
    assert ctx.icon(template("{rank}"), {"rank": ""}) is None


def test_an_icon_the_game_does_not_have() -> None:
    ctx = context()
    choose = Switch(expr.parse("rank", NAMES), {1: "star", 2: "stars"}, "sun")
    said = "no icon 'stars' (did you mean 'star'?)"
    for value, env in ((choose, {"rank": 2}), (template("{mark}"), {"mark": "stars"}), ("stars", {})):
        with pytest.raises(expr.ExpressionError) as raised:
            ctx.icon(value, env)
        assert raised.value.message == said
    with pytest.raises(expr.ExpressionError, match=r"^no icon '2\.5' \(did you mean '2,5'\?\)$"):
        context(language="en").icon(template("{rank}"), {"rank": 2.5})
    with pytest.raises(expr.ExpressionError, match=r"^no icon '3' \(the game's icons: 2,5, star, sun\)$"):
        ctx.icon(3, {})
    with pytest.raises(expr.ExpressionError, match=r"^no icon 'moon' \(the game's icons: 2,5, star, sun\)$"):
        ctx.icon("moon", {})
    with pytest.raises(expr.ExpressionError, match=r"^no icon 'moon' \(the game has no icons/\)$"):
        Context(ctx.fonts, {}, {}, "fr", "en", ctx.layout).icon("moon", {})


def test_what_a_kind_notes_goes_where_the_checks_listen() -> None:
    notes: list = []
    listening = Context({}, {}, {}, "en", "en", None, notes=notes)
    listening.note("box", "drawn smaller")
    context().note("box", "drawn smaller")  # (a build's: said to no one)
    assert notes == [("box", "drawn smaller")]


def test_a_boxs_font_by_its_role() -> None:
    ctx = context()
    assert ctx.font(box(font="title"), "body") is SERIF
    assert ctx.font(box(), "body") is SANS
    assert ctx.font(box(font=None), "title") is SERIF
    with pytest.raises(KeyError):
        ctx.font(box(font="heading"), "body")


# --- fitting a text ---------------------------------------------------------------------------------------


def test_the_least_sizes_a_text_is_printed_at() -> None:
    assert (MIN_TEXT_SIZE, MIN_PARAGRAPH_SIZE) == (6.0, 5.0)
    assert line_sizes(box()) == (10.0, 10.0)  # it never shrinks
    assert line_sizes(box(size=12)) == (12, 12)
    assert line_sizes(box(size=12, min_size=8)) == (12, 8)
    assert line_sizes(box(min_size=8)) == (10.0, 8)
    assert line_sizes(box(size=12, min_size=3)) == (12, 6.0)
    assert line_sizes(box(size=4)) == (6.0, 6.0)
    assert line_sizes(box(size=6, min_size=6)) == (6, 6)


def test_a_line_shrinks_to_fit_its_box() -> None:
    text = "Krishnaraja Wodeyar II"
    width = SANS.width(text, 9)
    assert fit_line(box(width, size=12, min_size=8), text, SANS) == 9.0
    assert fit_line(box(width, size=12, min_size=9.5), text, SANS) is None
    assert fit_line(box(width), text, SANS) is None  # at 10 points, unless it may shrink
    assert fit_line(box(SANS.width(text, 10)), text, SANS) == 10.0
    assert fit_line(box(SANS.width(text, 5), size=12, min_size=3), text, SANS) is None  # never below 6 points
    assert fit_line(box(SANS.width(text, 6), size=12, min_size=3), text, SANS) == 6.0


def test_a_paragraph_wraps_and_shrinks_to_fit_its_box() -> None:
    text = "one two three four"
    width = SANS.width("one two", 7) + 0.01
    assert fit_lines(box(width, 2 * 7 * 1.2 + 0.01, size=8), text, SANS) is None  # it never shrinks
    assert fit_lines(box(width, 4 * 7 * 1.2), text, SANS) == (7, ["one two", "three", "four"])  # (at 7 points)
    assert fit_lines(box(width, 3 * 7 * 1.2 - 0.01), text, SANS) is None  # (leading 1.2)
    assert fit_lines(box(width, 3 * 7), text, SANS) is None
    assert fit_lines(box(width, 3 * 7 * 1.2 + 0.01, leading=1.0), text, SANS)[0] == 7
    assert fit_lines(box(width, 3 * 7, leading=1.0), text, SANS)[0] == 7
    assert fit_lines(box(width, 3 * 7 * 1.2 + 0.01, size=9, min_size=7), text, SANS) == (
        7, ["one two", "three", "four"])
    narrow = SANS.width("three", 5) + 0.01
    assert fit_lines(box(narrow, 100, size=4), text, SANS) == (5, ["one", "two", "three", "four"])  # never below 5
    assert fit_lines(box(narrow, 100, size=9, min_size=3), text, SANS) == (5, ["one", "two", "three", "four"])
    assert fit_lines(box(narrow - 0.02, 100, size=9, min_size=3), text, SANS) is None


def test_how_a_text_box_prints_its_text() -> None:
    text = "one two three four"
    assert fitted(box(SANS.width(text, 10)), text, SANS) == (10.0, [text])
    assert fitted(box(SANS.width(text, 10) - 0.01), text, SANS) is None
    width = SANS.width("one two", 7) + 0.01
    assert fitted(box(width, 3 * 7 * 1.2 + 0.01, wrap=True), text, SANS) == (7, ["one two", "three", "four"])
    assert fitted(box(width, 3 * 7 * 1.2 + 0.01, wrap=False, size=7), text, SANS) is None
