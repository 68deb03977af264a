"""pnp.compose.paint: colours repainted for printing with less ink (a dark ground turned to a pale tint of
itself, light ink on it turned dark) or in greys, on scene objects built here, each colour to
its exact #rrggbb."""

from __future__ import annotations

import pytest

from pnp.compose.paint import (DARK, LIGHT, SHADE, TINT, _box, _covered, _ground, _Lighten, _placed, _split, grey,
                       greyscale, greyscale_page, ink_saver, luminance, repaint, shade, tint)
from pnp.scene import (IDENTITY, Circle, Definition, Group, Image, Page, Path, Rect, Style, Text, Use, rotate, scale,
                       translate)

NAVY = "#1a2b3c"  # dark: luminance 0.0227
RED = "#c62828"  # dark too: 0.137
WHITE = "#ffffff"


def test_the_thresholds() -> None:
    assert (DARK, LIGHT, TINT, SHADE) == (0.35, 0.5, 0.22, 0.35)


# --- colours -----------------------------------------------------------------------------------


def test_split_takes_rrggbb_with_or_without_alpha() -> None:
    assert _split("#1a2b3c") == ("#1a2b3c", "")
    assert _split("#1a2b3c80") == ("#1a2b3c", "80")
    assert _split("#ABCDEF") == ("#ABCDEF", "")
    for other in ("#12345", "#1234567", "#123456789", "#zzzzzz", "#abcdeg", "#g12345", "red", "1a2b3c0", "", None,
                  0x1a2b3c):
        assert _split(other) is None, other


def test_luminance_is_wcag_relative_luminance() -> None:
    assert luminance("#000000") == 0.0
    assert luminance(WHITE) == pytest.approx(1.0)
    assert luminance(NAVY) == pytest.approx(0.022735402)
    assert luminance("#1a2b3c80") == luminance(NAVY)  # the alpha is no part of it
    assert luminance("#ABCDEF") == pytest.approx(0.585515782)
    assert [luminance(c) for c in ("red", "#12345", "#zzzzzz", None)] == [None, None, None, None]


def test_grey_keeps_the_luminance_and_the_alpha() -> None:
    assert grey(NAVY) == "#2a2a2a"
    assert grey(RED) == "#676767"
    assert grey("#abcdef12") == "#c9c9c912"
    assert grey("#808080") == "#808080"
    assert grey("red") == "red"  # what is not such a colour stays as it is


def test_tint_lightens_only_what_is_darker_than_dark() -> None:
    assert tint("#000000") == "#c7c7c7"  # 22 % of the colour, 78 % white
    assert tint(NAVY) == "#cdd0d4"
    assert tint("#1a2b3c80") == "#cdd0d480"
    assert tint("#9f9f9f") == "#eaeaea"  # luminance 0.3467, just under 0.35
    assert tint("#a0a0a0") == "#a0a0a0"  # 0.3515: not dark
    assert tint(WHITE) == WHITE
    assert tint("red") == "red"


def test_shade_darkens_only_what_is_lighter_than_light() -> None:
    assert shade(WHITE) == "#595959"  # 35 % of the colour, 65 % black
    assert shade("#ffffff80") == "#59595980"
    assert shade("#ffd700") == "#594b00"
    assert shade("#bcbcbc") == "#424242"  # luminance 0.5029, just over 0.5
    assert shade("#bbbbbb") == "#bbbbbb"  # 0.4969: not light
    assert shade(NAVY) == NAVY
    assert shade("red") == "red"


# --- repainting every colour ---------------------------------------------------------------------


def test_repaint_paints_every_shape_and_text_in_a_group() -> None:
    marked = {NAVY: "#000001", WHITE: "#000002", RED: "#000003"}
    node = Group((
        Rect(1, 2, 3, 4, Style(fill=NAVY, stroke=WHITE, stroke_width=2), radius=1),
        Group((Circle(5, 6, 7, Style(stroke=RED, stroke_width=1)),), translate(1, 1)),
        Path((("M", 0, 0), ("L", 1, 1)), Style(fill=RED, even_odd=True)),
        Text(1, 2, "A", "body", 10, WHITE, halo=NAVY, halo_width=1),
        Text(1, 2, "B", "body", 10, RED),
        Image(0, 0, 10, 10, "a.png"),
        Use("card", translate(3, 4)),
    ), scale(2))
    assert repaint(node, marked.__getitem__) == Group((
        Rect(1, 2, 3, 4, Style(fill="#000001", stroke="#000002", stroke_width=2), radius=1),
        Group((Circle(5, 6, 7, Style(stroke="#000003", stroke_width=1)),), translate(1, 1)),
        Path((("M", 0, 0), ("L", 1, 1)), Style(fill="#000003", even_odd=True)),
        Text(1, 2, "A", "body", 10, "#000002", halo="#000001", halo_width=1),
        Text(1, 2, "B", "body", 10, "#000003"),
        Image(0, 0, 10, 10, "a.png"),  # only grey turns a picture grey
        Use("card", translate(3, 4)),  # a use draws a definition, repainted on its own
    ), scale(2))


def test_repaint_in_grey_turns_pictures_grey() -> None:
    assert repaint(Image(1, 2, 3, 4, "a.png"), grey) == Image(1, 2, 3, 4, "a.png", grey=True)
    assert repaint(Image(1, 2, 3, 4, "a.png"), tint) == Image(1, 2, 3, 4, "a.png")


def test_greyscale_repaints_a_definition_and_forgets_what_it_was_made_from() -> None:
    face = Definition("f", 10, 10, Group((Rect(0, 0, 10, 10, Style(fill=RED)),)))
    with_bleed = Definition("f", 10, 10, face.content, 1.0, made_from=("with_bleed", face, 1.0))
    grey_one = greyscale(with_bleed)
    assert grey_one == Definition("f", 10, 10, Group((Rect(0, 0, 10, 10, Style(fill="#676767")),)), 1.0)
    assert grey_one.made_from == ()


def test_greyscale_page_greys_its_children_and_definitions() -> None:
    face = Definition("f", 10, 10, Group((Text(0, 5, "x", "body", 5, NAVY),)))
    page = Page(100, 200, (Rect(0, 0, 5, 5, Style(fill=RED)), Use("f")), (face,), "sheet 1")
    assert greyscale_page(page) == Page(100, 200, (Rect(0, 0, 5, 5, Style(fill="#676767")), Use("f")),
                                        (Definition("f", 10, 10, Group((Text(0, 5, "x", "body", 5, "#2a2a2a"),))),),
                                        "sheet 1")


# --- boxes ---------------------------------------------------------------------------------------


def test_the_box_of_each_shape() -> None:
    assert _box(Rect(1, 2, 10, 20, Style())) == (1, 2, 11, 22)
    assert _box(Circle(10, 20, 5, Style())) == (5, 15, 15, 25)
    assert _box(Path((("M", 3, 9), ("C", -1, 4, 8, 12, 5, 6), ("L", 2, -2), ("Z",)), Style())) == (-1, -2, 8, 12)
    assert _box(Path((), Style())) == (0.0, 0.0, 0.0, 0.0)
    assert _box(Path((("M", 0, 0), ("C", 0, 0, 50, 1, 0, 2)), Style())) == (0, 0, 50, 2)  # x and y in turn


def test_a_box_placed_by_a_matrix_is_the_box_of_its_corners() -> None:
    assert _placed((1, 2, 11, 22), IDENTITY) == (1, 2, 11, 22)
    assert _placed((1, 2, 11, 22), (2.0, 0.0, 0.0, 3.0, 5.0, 7.0)) == (7, 13, 27, 73)
    assert _placed((0, 0, 10, 20), scale(-1, 1)) == (-10, 0, 0, 20)
    assert _placed((0, 0, 10, 20), (0.0, 1.0, -1.0, 0.0, 0.0, 0.0)) == (-20, 0, 0, 10)  # a quarter turn
    assert _placed((0, 0, 10, 10), (1.0, 0.0, 1.0, 1.0, 0.0, 0.0)) == (0, 0, 20, 10)  # skewed


def test_what_a_shape_covers() -> None:
    assert _covered(Rect(0, 0, 1, 1, Style()), (0, 0, 10, 20)) == 200
    assert _covered(Circle(0, 0, 1, Style()), (0, 0, 10, 20)) == pytest.approx(157)
    assert _covered(Path((), Style()), (2, 3, 12, 23)) == pytest.approx(157)


# --- the ground and the ink saver ----------------------------------------------------------------


def card(*children, width: float = 100, height: float = 100) -> Definition:
    return Definition("card", width, height, Group(children), made_from=("with_bleed", None, 0))


def test_the_ground_is_the_first_fill_covering_six_tenths() -> None:
    assert _ground(card(Rect(0, 0, 100, 59, Style(fill=RED)))) is None
    assert _ground(card(Rect(0, 0, 100, 60, Style(fill=RED)))) == RED
    assert _ground(card(Rect(0, 0, 100, 100, Style(stroke=RED, stroke_width=1)))) is None  # not filled
    assert _ground(card(Text(0, 0, "x", "body", 5, WHITE), Image(0, 0, 100, 100, "a.png"), Use("other"),
                        Rect(0, 0, 100, 100, Style(stroke=RED, stroke_width=1)),
                        Rect(0, 0, 100, 100, Style(fill=NAVY)))) == NAVY  # the first filled shape
    assert _ground(card(Rect(0, 0, 10, 10, Style(fill=WHITE)), Rect(0, 0, 100, 100, Style(fill=NAVY)),
                        Rect(0, 0, 100, 100, Style(fill=RED)))) == NAVY
    # a circle covers about 0.785 of its box: 88 wide is 6079, 87 is 5942
    assert _ground(card(Circle(50, 50, 44, Style(fill=RED)))) == RED
    assert _ground(card(Circle(50, 50, 43.5, Style(fill=RED)))) is None
    # in a group, placed by its transform (applied before the card's own)
    assert _ground(card(Group((Rect(0, 0, 10, 10, Style(fill=RED)),), scale(8)))) == RED
    assert _ground(card(Group((Group((Rect(0, 0, 10, 10, Style(fill=RED)),), scale(2)),), scale(4)))) == RED
    assert _ground(card(Group((Rect(0, 0, 10, 10, Style(fill=RED)),), scale(7)))) is None
    assert _ground(card(Rect(0, 0, 100, 100, Style(fill=RED)), width=200)) is None  # half of 200 x 100


def test_a_light_drawing_is_printed_as_it_is() -> None:
    light = card(Rect(0, 0, 100, 100, Style(fill="#a0a0a0")), Text(50, 50, "A", "body", 10, WHITE))
    assert ink_saver(light) is light
    small = card(Rect(0, 0, 10, 10, Style(fill=NAVY)))  # no ground at all
    assert ink_saver(small) is small
    not_a_colour = card(Rect(0, 0, 100, 100, Style(fill="black")))
    assert ink_saver(not_a_colour) is not_a_colour


def test_a_dark_ground_is_tinted_and_light_ink_on_it_shaded() -> None:
    dark = card(
        Rect(0, 0, 100, 100, Style(fill=NAVY, stroke=WHITE, stroke_width=2)),
        Text(50, 50, "7", "body", 20, WHITE, halo=NAVY, halo_width=1),
        Circle(50, 50, 5, Style(fill=WHITE, stroke="#ffd700", stroke_width=1)),
        Path((("M", 40, 40), ("L", 60, 60)), Style(stroke=WHITE, stroke_width=1)),
        Rect(45, 45, 10, 10, Style(fill=NAVY)),  # dark ink on the dark ground stays dark
    )
    lightened = ink_saver(dark)
    assert lightened.made_from == ()
    assert lightened.content == Group((
        Rect(0, 0, 100, 100, Style(fill="#cdd0d4", stroke=WHITE, stroke_width=2)),  # on no ground yet
        Text(50, 50, "7", "body", 20, "#595959", halo="#cdd0d4", halo_width=1),
        Circle(50, 50, 5, Style(fill="#595959", stroke="#594b00", stroke_width=1)),
        Path((("M", 40, 40), ("L", 60, 60)), Style(stroke="#595959", stroke_width=1)),
        Rect(45, 45, 10, 10, Style(fill=NAVY)),
    ))


def test_pure_black_is_a_dark_ground() -> None:
    lightened = ink_saver(card(Rect(0, 0, 100, 100, Style(fill="#000000")), Text(50, 50, "A", "body", 10, WHITE)))
    assert lightened.content == Group((Rect(0, 0, 100, 100, Style(fill="#c7c7c7")),
                                       Text(50, 50, "A", "body", 10, "#595959")))


def test_what_lies_on_a_light_panel_stays_as_it_is() -> None:
    dark = card(
        Rect(0, 0, 100, 100, Style(fill=NAVY)),
        Rect(0, 50, 100, 50, Style(fill="#eeeeee")),  # a light panel over the lower half: a ground, half the card
        Text(50, 80, "on the panel", "body", 10, WHITE),
        Text(50, 20, "on the ground", "body", 10, WHITE),
        Text(50, 120, "off the card", "body", 10, WHITE),
        Circle(50, 80, 2, Style(fill=WHITE, stroke="#ffd700", stroke_width=1)),
        Group((Text(10, 0, "moved down onto the ground", "body", 5, WHITE),), translate(0, 40)),
        Group((Text(10, 0, "moved down onto the panel", "body", 5, WHITE),), translate(0, 60)),
        Group((Text(70, -10, "turned onto the panel", "body", 5, WHITE),), (0.0, 1.0, -1.0, 0.0, 0.0, 0.0)),
        Group((Text(30, -10, "turned onto the ground", "body", 5, WHITE),), (0.0, 1.0, -1.0, 0.0, 0.0, 0.0)),
    )
    on, off = "#595959", WHITE
    assert ink_saver(dark).content.children[1:] == (
        Rect(0, 50, 100, 50, Style(fill="#eeeeee")),
        Text(50, 80, "on the panel", "body", 10, off),
        Text(50, 20, "on the ground", "body", 10, on),
        Text(50, 120, "off the card", "body", 10, off),
        Circle(50, 80, 2, Style(fill=WHITE, stroke="#ffd700", stroke_width=1)),
        Group((Text(10, 0, "moved down onto the ground", "body", 5, on),), translate(0, 40)),
        Group((Text(10, 0, "moved down onto the panel", "body", 5, off),), translate(0, 60)),
        Group((Text(70, -10, "turned onto the panel", "body", 5, off),), (0.0, 1.0, -1.0, 0.0, 0.0, 0.0)),
        Group((Text(30, -10, "turned onto the ground", "body", 5, on),), (0.0, 1.0, -1.0, 0.0, 0.0, 0.0)),
    )


def test_a_ground_is_a_fill_covering_a_quarter() -> None:
    # a dark band of a quarter of the card is a ground of its own (tinted); a smaller one is ink
    dark = card(Rect(0, 0, 100, 100, Style(fill=RED)), Rect(0, 0, 100, 25, Style(fill=NAVY)),
                Rect(0, 30, 100, 24, Style(fill=WHITE)), Text(50, 40, "x", "body", 5, WHITE))
    assert ink_saver(dark).content.children == (
        Rect(0, 0, 100, 100, Style(fill="#f2d0d0")), Rect(0, 0, 100, 25, Style(fill="#cdd0d4")),
        Rect(0, 30, 100, 24, Style(fill="#595959")), Text(50, 40, "x", "body", 5, "#595959"))


def test_the_ground_under_a_shape_is_the_last_one_drawn_under_its_centre() -> None:
    lighten = _Lighten(100 * 100)
    lighten(Rect(0, 0, 100, 100, Style(fill=NAVY)))
    lighten(Rect(0, 0, 50, 100, Style(fill="#eeeeee")))
    assert lighten.grounds == [((0, 0, 100, 100), True), ((0, 0, 50, 100), False)]
    assert lighten.on_dark((10, 10, 20, 20)) is False
    assert lighten.on_dark((0, 0, 100, 100)) is False  # centre (50, 50): on the light one's edge, in it
    assert lighten.on_dark((50, 0, 52, 100)) is True
    assert lighten.on_dark((101, 50, 101, 50)) is False
    assert lighten.on_dark((-1, 50, -1, 50)) is False
    assert lighten.on_dark((80, 100, 80, 100)) is True  # the edges are in
    assert lighten.on_dark((80, 101, 80, 101)) is False
    assert lighten.on_dark((80, -1, 80, -1)) is False
    edges = _Lighten(1)
    edges.grounds = [((10, 20, 30, 40), True)]
    assert [edges.on_dark((x, y, x, y)) for x, y in ((10, 30), (30, 30), (20, 20), (20, 40))] == [True] * 4
    assert [edges.on_dark((x, y, x, y)) for x, y in ((9.9, 30), (30.1, 30), (20, 19.9), (20, 40.1))] == [False] * 4
    assert _Lighten(1).on_dark((0, 0, 0, 0)) is False


def test_shapes_and_text_are_placed_by_their_groups() -> None:
    # a light panel covers the dark ground's left half; each piece is moved onto the right half or
    # off it by its groups
    on, off = "#595959", WHITE
    children = ink_saver(card(
        Rect(0, 0, 100, 100, Style(fill=NAVY)),
        Rect(0, 0, 50, 100, Style(fill="#eeeeee")),
        Group((Text(10, 10, "a", "body", 5, WHITE),), translate(60, 0)),
        Group((Text(70, 10, "b", "body", 5, WHITE),), translate(-60, 0)),
        Group((Circle(10, 10, 2, Style(fill=WHITE)),), translate(60, 0)),
        Group((Group((Text(10, 10, "c", "body", 5, WHITE),), scale(2)),), translate(45, 0)),  # at 65
        Group((Group((Text(10, 10, "d", "body", 5, WHITE),), translate(20, 0)),), scale(2)),  # at 60
        Group((Text(10, -70, "e", "body", 5, WHITE),), rotate(90)),  # at (70, 10)
        Group((Text(10, 10, "f", "body", 5, WHITE),), (1.0, 0.0, 0.0, 1.0, 0.0, 95.0)),  # at (10, 105)
    )).content.children
    assert children[2:] == (
        Group((Text(10, 10, "a", "body", 5, on),), translate(60, 0)),
        Group((Text(70, 10, "b", "body", 5, off),), translate(-60, 0)),
        Group((Circle(10, 10, 2, Style(fill=on)),), translate(60, 0)),
        Group((Group((Text(10, 10, "c", "body", 5, on),), scale(2)),), translate(45, 0)),
        Group((Group((Text(10, 10, "d", "body", 5, on),), translate(20, 0)),), scale(2)),
        Group((Text(10, -70, "e", "body", 5, on),), rotate(90)),
        Group((Text(10, 10, "f", "body", 5, off),), (1.0, 0.0, 0.0, 1.0, 0.0, 95.0)),
    )


def test_the_ink_saver_keeps_what_it_does_not_paint() -> None:
    picture, use = Image(0, 0, 100, 100, "a.png"), Use("other")
    dark = card(Rect(0, 0, 100, 100, Style(fill=NAVY)), picture, use,
                Rect(10, 10, 10, 10, Style(stroke=None)), Text(50, 50, "x", "body", 5, NAVY))
    assert ink_saver(dark).content.children[1:] == (picture, use, Rect(10, 10, 10, 10, Style()),
                                                    Text(50, 50, "x", "body", 5, NAVY))
