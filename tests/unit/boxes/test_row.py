"""pnp.boxes.row: numbered discs from a list, from the left, and counted icons, from the right
(or centred, without discs), each icon repeated as often as its count while the row has room
beside the discs (squeezed a little if need be), else drawn once with ×N, and shrunk to fit down
to min_icon (a note for the checks past it); each in its entry's colour; the discs squeezed into
what the icons leave; icons from a list of {icon, count, colour} or an expression giving names,
an icon the game does not have refused."""

from __future__ import annotations

import pytest

from pnp import expr
from pnp.boxes import kinds
from pnp.boxes.context import Context
from pnp.boxes.row import MIN_ICON, row_icons, row_nodes
from pnp.compose.piece import ComposeError
from pnp.scene import Circle, Style, Text

from .conftest import GOLD, ICONS, INK, PAPER, Drawn

BLD, REG = "SourceSansPro-Bold", "SourceSansPro-Regular"
PLACE = "x: 10pt, y: 20pt, width: 180pt, height: 20pt"  # discs 16.4 pt across, 2.952 apart; icons 20 pt
ICONS_2_1 = "icons: [{icon: star, count: 2}, {icon: shield, count: shields}]"  # 68.6 pt repeated


def disc(cx: float, r: float = 8.2, fill: str = PAPER, stroke: str = INK) -> Circle:
    return Circle(cx, 30.0, r, Style(fill=fill, stroke=stroke, stroke_width=0.7))


def drawn(icon: str, x: float, ink: str = INK, light: str = PAPER) -> Drawn:
    return Drawn(icon, x, 20.0, 20.0, ink, light)


class Even:
    """A font whose every character is 0.625 em wide, its capitals 0.7 em high."""

    name, cap_height = "Even", 0.7

    def width(self, text: str, size: float) -> float:
        return len(text) * size * 0.625


def test_the_row_kind() -> None:
    kind = kinds()["row"]
    assert kind.keys == {"row", "font", "size", "ink", "paper", "align", "min_icon"}
    assert kind.names == frozenset() and kind.prints is None
    assert set(kind.settings["row"].fields) == {"badges", "badge_colour", "text_colour", "icons"}


def test_discs_from_the_left(piece) -> None:
    p = piece(f'row: {{{PLACE}, row: {{badges: "[1, 2, 3]"}}}}')
    # 0.82 of the height across, 0.18 of that apart; their 9 pt numbers' capitals centred
    assert p.draw() == [
        disc(18.2), Text(18.2, 32.97, "1", BLD, 9.0, INK, "middle"),
        disc(37.552), Text(37.552, 32.97, "2", BLD, 9.0, INK, "middle"),
        disc(56.904), Text(56.904, 32.97, "3", BLD, 9.0, INK, "middle")]


def test_the_numbers_of_the_discs(piece) -> None:
    p = piece(f'row: {{{PLACE}, font: body, size: 12, row: {{badges: "[2.5, none, \'A\']"}}}}')
    # none left out; at most 0.62 of the disc across: 10.168 pt
    assert p.draw() == [
        disc(18.2), Text(18.2, 33.355, "2.5", REG, 10.168, INK, "middle"),
        disc(37.552), Text(37.552, 33.355, "A", REG, 10.168, INK, "middle")]
    assert [t.text for t in p.draw(language="fr")[1::2]] == ["2,5", "A"]  # written in the language printed
    assert piece(f'row: {{{PLACE}, row: {{badges: "none"}}}}').draw() == []
    p = piece(f"row: {{{PLACE}, row: {{badges: needs}}}}", "needs")
    assert p.draw({"needs": [4]}) == [disc(18.2), Text(18.2, 32.97, "4", BLD, 9.0, INK, "middle")]


def test_icons_repeated_from_the_right(piece) -> None:
    p = piece(f"row: {{{PLACE}, row: {{{ICONS_2_1}}}}}", "shields")
    # 0.08 of their size apart, a group 0.35 of it from the next: the last ends on the right
    assert p.draw({"shields": 1}) == [drawn("star", 121.4), drawn("star", 143.0), drawn("shield", 170.0)]
    assert p.draw({"shields": 0}) == [drawn("star", 148.4), drawn("star", 170.0)]  # none of a count under one


def test_icons_centred_without_discs(piece) -> None:
    p = piece(f"""
    centre: {{{PLACE}, align: centre, row: {{{ICONS_2_1}}}}}
    beside: {{{PLACE}, align: centre, row: {{badges: "[1]", icons: [{{icon: star, count: 2}}]}}}}
    """, "shields")
    assert p.draw({"shields": 1})[:3] == [drawn("star", 65.7), drawn("star", 87.3), drawn("shield", 114.3)]
    assert p.draw({"shields": 1})[3:5] == [drawn("star", 148.4), drawn("star", 170.0)]  # right, beside a disc


def test_icons_drawn_once_with_their_count_where_they_do_not_fit(piece) -> None:
    p = piece(f"row: {{{PLACE}, row: {{icons: [{{icon: star, count: 12}}, {{icon: shield, count: 1}}]}}}}")
    # 12 repeated would take 257.6 pt: each once and ×N in Bold at 0.8 of the height, the last on the right
    assert p.draw() == [
        drawn("star", 97.56), Text(119.16, 35.28, "×12", BLD, 16.0, INK),
        drawn("shield", 151.504), Text(173.104, 35.28, "×1", BLD, 16.0, INK)]


def test_icons_repeated_where_they_fill_the_row_exactly(piece) -> None:
    p = piece("row: {x: 0pt, y: 20pt, width: 41.6pt, height: 20pt, row: {icons: [{icon: star, count: 2}]}}")
    assert p.draw() == [drawn("star", 0.0), drawn("star", 21.6)]


def test_discs_squeezed_into_what_the_icons_leave(piece) -> None:
    p = piece(f'row: {{{PLACE}, row: {{badges: "range(1, 8)", {ICONS_2_1}}}}}', "shields")
    # 7 discs at the least 4.2 mm leave room for the icons repeated: the discs share the
    # 105.731 pt left of them less 2 mm, 1.1 times their width each
    nodes = p.draw({"shields": 1})
    assert nodes[:3] == [drawn("star", 121.4), drawn("star", 143.0), drawn("shield", 170.0)]
    assert nodes[3:5] == [disc(16.866, 6.866), Text(16.866, 32.809, "1", BLD, 8.513, INK, "middle")]
    assert [n.cx for n in nodes[3::2]] == [16.866, 32.199, 47.532, 62.865, 78.199, 93.532, 108.865]


def test_a_long_list_of_discs_squeezed_into_the_row(piece) -> None:
    p = piece(f'row: {{{PLACE}, row: {{badges: "range(1, 11)"}}}}')
    nodes = p.draw()
    assert nodes[:2] == [disc(18.182, 8.182), Text(18.182, 32.97, "1", BLD, 9.0, INK, "middle")]
    assert [n.cx for n in nodes[::2]][-2:] == [163.636, 181.818]  # the last touching the right
    one = piece('row: {x: 10pt, y: 20pt, width: 10pt, height: 20pt, row: {badges: "[1]"}}')
    assert one.draw()[0] == Circle(14.545, 30.0, 4.545, Style(fill=PAPER, stroke=INK, stroke_width=0.7))


def test_icons_with_their_count_beside_many_discs(piece) -> None:
    p = piece(f"""
    counted: {{{PLACE}, row: {{badges: "range(1, 11)", icons: [{{icon: star, count: 3}}]}}}}
    once: {{{PLACE}, row: {{badges: "range(1, 15)", icons: [{{icon: star, count: 1}}]}}}}
    """)
    nodes = p.draw()
    # 10 discs at the least leave 43.36 pt, not the 63.2 three stars take: 38.496 pt with ×3
    assert nodes[:2] == [drawn("star", 151.504), Text(173.104, 35.28, "×3", BLD, 16.0, INK)]
    assert nodes[2] == disc(16.174, 6.174)  # in the 135.835 pt left, less 2 mm
    # a single star takes less than with its count: repeated (once); 14 discs at their least leave it no
    # room, so it shrinks to its least, 4 mm, centred in the row's height, and the discs share what it leaves
    assert nodes[22] == Drawn("star", 178.661, 24.331, 11.339, INK, PAPER)
    assert nodes[23] == disc(15.292, 5.292)  # (162.992 pt shared by 14, 1.1 times their width each)


def test_icons_from_an_expression_each_once(piece) -> None:
    p = piece(f"row: {{{PLACE}, row: {{icons: symbols}}}}", "symbols")
    assert p.draw({"symbols": ["star", "tower"]}) == [drawn("star", 143.0), drawn("tower", 170.0)]
    assert p.draw({"symbols": ["star", "", None, "tower"]}) == [drawn("star", 143.0), drawn("tower", 170.0)]
    with pytest.raises(ComposeError, match=r"^layout.yaml: box 'row': no icon 'nope' \(the game's icons: shield, "
                                           r"star, tower\), drawing piece$"):
        p.draw({"symbols": ["star", "nope", "tower"]})
    assert p.draw({"symbols": "star"}) == [] and p.draw({"symbols": 5}) == []  # not a list
    assert p.draw({"symbols": ("shield",)}) == [drawn("shield", 170.0)]


def test_icons_from_an_expression_of_records_each_in_its_colour(piece) -> None:
    p = piece(f'row: {{{PLACE}, ink: "#223344", row: {{icons: cost}}}}', "cost")
    cost = [{"icon": "star", "count": 2, "colour": "#AA0000"}, {"icon": "shield"}, {"icon": "tower", "colour": "none"},
            {"icon": "star", "count": 0}, {"icon": "star", "count": True}, {"icon": ""}, "tower"]
    # a count under one (or not a whole number), or no icon, left out; no colour, or none: the row's ink
    assert [(n.icon, n.x, n.ink) for n in p.draw({"cost": cost})] == [
        ("star", 67.4, "#aa0000"), ("star", 89.0, "#aa0000"), ("shield", 116.0, "#223344"),
        ("tower", 143.0, "#223344"), ("tower", 170.0, "#223344")]
    with pytest.raises(ComposeError, match=r"^layout.yaml: box 'row': a row's icon colour is #RRGGBB or none, not "
                                           r"'red', drawing piece$"):
        p.draw({"cost": [{"icon": "star", "colour": "red"}]})
    with pytest.raises(ComposeError, match=r"^layout.yaml: box 'row': no icon 'sun' "):
        p.draw({"cost": [{"icon": "sun"}]})
    with pytest.raises(ComposeError, match=r"^layout.yaml: box 'row': no icon '5' "):
        p.draw({"cost": [5]})


def test_which_icons_and_how_many(piece) -> None:
    p = piece(f"""row: {{{PLACE}, row: {{icons: [{{icon: "{{first}}", count: n}}, {{icon: star}},
      {{icon: {{switch: kind, cases: {{a: tower}}}}, count: 2}}]}}}}""", "first", "n", "kind")
    spec, ctx = p.box("row").get("row"), p.context()
    star, shield, tower = ICONS["star"], ICONS["shield"], ICONS["tower"]
    assert row_icons(spec, ctx, {"first": "shield", "n": 3, "kind": "a"}) == [
        (shield, 3, None), (star, 1, None), (tower, 2, None)]
    assert row_icons(spec, ctx, {"first": "", "n": 3, "kind": "b"}) == [(star, 1, None)]  # (naming none)
    assert row_icons(spec, ctx, {"first": "shield", "n": 2.5, "kind": "b"}) == [(star, 1, None)]  # a count is whole
    assert row_icons(spec, ctx, {"first": "shield", "n": "3", "kind": "b"}) == [(star, 1, None)]
    assert row_icons(spec, ctx, {"first": "shield", "n": -1, "kind": "b"}) == [(star, 1, None)]
    assert row_icons(spec, ctx, {"first": "shield", "n": 1, "kind": "b"}, "#123456") == [
        (shield, 1, "#123456"), (star, 1, "#123456")]
    assert row_icons({}, ctx, {}) == []
    with pytest.raises(expr.ExpressionError, match="^no icon 'nope' "):
        row_icons(spec, ctx, {"first": "nope", "n": 3, "kind": "b"})


def test_a_colour_for_each_icon(piece) -> None:
    p = piece(f'''row: {{{PLACE}, ink: "#223344", row: {{icons: [{{icon: star, count: 2, colour: gold}},
      {{icon: shield, count: n, colour: "{{c}}"}}, {{icon: tower}}]}}}}''', "n", "c")
    assert p.draw({"n": 1, "c": "#AA0000"}) == [
        drawn("star", 94.4, GOLD), drawn("star", 116.0, GOLD), drawn("shield", 143.0, "#aa0000"),
        drawn("tower", 170.0, "#223344")]
    # drawn once with their count, the count in the icon's colour; none: the row's ink
    nodes = p.draw({"n": 12, "c": "none"})
    assert [(n.icon, n.ink) for n in nodes if isinstance(n, Drawn)] == [
        ("star", GOLD), ("shield", "#223344"), ("tower", "#223344")]
    assert [(n.text, n.fill) for n in nodes if isinstance(n, Text)] == [
        ("×2", GOLD), ("×12", "#223344"), ("×1", "#223344")]


def test_its_colours(piece) -> None:
    p = piece(f'''row: {{{PLACE}, ink: "#223344", paper: "#ffffff",
      row: {{badges: "[1]", badge_colour: gold, text_colour: "#aa0000", icons: [{{icon: star, count: 1}}]}}}}''')
    assert p.draw() == [drawn("star", 170.0, "#223344", "#ffffff"), disc(18.2, 8.2, GOLD, "#223344"),
                        Text(18.2, 32.97, "1", BLD, 9.0, "#aa0000", "middle")]


def test_its_colours_by_default(piece) -> None:
    p = piece(f'''
    a: {{{PLACE}, ink: "{{c}}", paper: "{{c}}", row: {{badges: "[1]", badge_colour: "{{c}}", text_colour: "{{c}}",
      icons: [{{icon: star, count: 1}}]}}}}
    b: {{{PLACE}, ink: "{{c}}", paper: "{{d}}", row: {{badges: "[1]", icons: [{{icon: star, count: 1}}]}}}}
    ''', "c", "d")
    assert p.draw({"c": "none", "d": "none"}) == [
        drawn("star", 170.0), disc(18.2), Text(18.2, 32.97, "1", BLD, 9.0, INK, "middle")] * 2
    assert p.draw({"c": "#123456", "d": "#abcdef"})[3:] == [  # the discs in paper, their numbers in ink
        drawn("star", 170.0, "#123456", "#abcdef"), disc(18.2, 8.2, "#abcdef", "#123456"),
        Text(18.2, 32.97, "1", BLD, 9.0, "#123456", "middle")]


def test_an_icon_as_light_as_the_paper_has_its_white_in_ink(piece) -> None:
    p = piece(f'''
    row: {{{PLACE}, row: {{icons: [{{icon: star, count: 1, colour: paper}}, {{icon: tower}}]}}}}
    given: {{{PLACE}, paper: paper, row: {{icons: [{{icon: star, count: 1, colour: paper}}]}}}}
    ''')
    assert [(n.icon, n.ink, n.light) for n in p.draw() if isinstance(n, Drawn)] == [
        ("star", PAPER, INK), ("tower", INK, PAPER), ("star", PAPER, PAPER)]


def test_discs_squeezed_only_where_they_do_not_fit(piece) -> None:
    p = piece("""
    exact: {x: 0pt, y: 20pt, width: 16.4pt, height: 20pt, row: {badges: "[1]"}}
    one: {x: 0pt, y: 50pt, width: 18pt, height: 20pt, row: {badges: "[1]"}}
    three: {x: 0pt, y: 80pt, width: 56pt, height: 20pt, row: {badges: "[1, 2, 3]"}}
    squeezed: {x: 0pt, y: 110pt, width: 54pt, height: 20pt, row: {badges: "[1, 2, 3]"}}
    two: {x: 0pt, y: 140pt, width: 30pt, height: 20pt, row: {badges: "[1, 2]"}}
    """)
    circles = [(n.cx, n.r) for n in p.draw() if isinstance(n, Circle)]
    assert circles[:2] == [(8.2, 8.2), (8.2, 8.2)]  # 16.4 pt and 18 pt hold a disc
    assert circles[2:5] == [(8.2, 8.2), (27.552, 8.2), (46.904, 8.2)]  # 55.104 pt hold three
    # 54 pt do not: each takes 1.1 times its width, at most, the rest shared between them
    assert circles[5:8] == [(8.182, 8.182), (27.0, 8.182), (45.818, 8.182)]
    assert circles[8:] == [(6.818, 6.818), (23.182, 6.818)]  # 13.636 pt across, 2.727 apart


def test_icons_repeated_beside_discs_at_their_least(piece) -> None:
    p = piece("""
    room: {x: 10pt, y: 20pt, width: 160pt, height: 20pt, row: {badges: "[1, 2]", icons: [{icon: star, count: 6}]}}
    short: {x: 10pt, y: 50pt, width: 155pt, height: 20pt, row: {badges: "[1, 2]", icons: [{icon: star, count: 6}]}}
    """)
    # two discs at 4.2 mm and 1.1 times that each, and 2 mm: 31.863 pt; six stars take 128 pt
    drawn_at = [(n.x, n.y) for n in p.draw() if isinstance(n, Drawn)]
    assert drawn_at == [(42.0, 20.0), (63.6, 20.0), (85.2, 20.0), (106.8, 20.0), (128.4, 20.0), (150.0, 20.0),
                        (126.504, 50.0)]


def test_icons_shrunk_to_fit_the_row(piece) -> None:
    p = piece("row: {x: 0pt, y: 20pt, width: 30pt, height: 20pt, row: {icons: [{icon: star, count: 2}]}}")
    p.fonts = {"heading": Even()}
    # 41.6 pt either way (×2 is 20 pt wide at 16 pt): repeated, shrunk to the 30 pt the row has, centred in its height
    assert p.draw() == [Drawn("star", 0.0, 22.788, 14.423, INK, PAPER),
                        Drawn("star", 15.577, 22.788, 14.423, INK, PAPER)]
    # drawn once with its count (41.6 pt, not 106.4 repeated), the count shrunk with it: 11.538 pt
    p = piece("row: {x: 0pt, y: 20pt, width: 30pt, height: 20pt, row: {icons: [{icon: star, count: 5}]}}")
    p.fonts = {"heading": Even()}
    assert p.draw() == [Drawn("star", 0.0, 22.788, 14.423, INK, PAPER),
                        Text(15.577, 34.038, "×5", "Even", 11.538, INK)]


def test_icons_shrink_no_further_than_min_icon(piece) -> None:
    p = piece("""
    least: {x: 0pt, y: 20pt, width: 40pt, height: 20pt, row: {icons: [{icon: star, count: 5}, {icon: shield}]}}
    own: {x: 0pt, y: 50pt, width: 40pt, height: 20pt, min_icon: 2mm, row: {icons: [{icon: star, count: 5},
      {icon: shield}]}}
    low: {x: 0pt, y: 80pt, width: 6pt, height: 8pt, row: {icons: [{icon: star}]}}
    discs: {x: 0pt, y: 110pt, width: 40pt, height: 20pt, row: {badges: "[1, 2, 3]", icons: [{icon: star}]}}
    """)
    p.fonts = {"heading": Even()}
    assert MIN_ICON == 4 * 72 / 25.4
    notes: list = []
    ctx = Context(p.fonts, ICONS, {}, "en", "en", p.layout, {}, p.context().draw_icon, notes)
    least, own, low, discs = (row_nodes(p.box(name), ctx, {}) for name in ("least", "own", "low", "discs"))
    # with their counts, 90.2 pt at 20 pt (133.4 repeated): 4 mm is as small as they go, 51.137 pt, over the
    # row's start
    assert [(round(n.x, 3), round(n.size, 3)) for n in least if isinstance(n, Drawn)] == [
        (-11.137, 11.339), (16.416, 11.339)]
    # down to 2 mm, they fit at 8.869 pt; a row lower than 4 mm, at its height
    assert [round(n.size, 3) for n in own if isinstance(n, Drawn)] == [8.869, 8.869]
    assert [round(n.size, 3) for n in low if isinstance(n, Drawn)] == [8.0]
    # three discs at their least and 2 mm take 44.96 pt: none left
    assert [round(n.size, 3) for n in discs if isinstance(n, Drawn)] == [11.339]
    assert [(box.name, what) for box, what in notes] == [
        ("least", "its icons take 18.0 mm at their least size, 4.0 mm (min_icon), and it has 14.1 mm for them"),
        ("low", "its icons take 2.8 mm at their least size, the row's height, and it has 2.1 mm for them"),
        ("discs", "its icons take 4.0 mm at their least size, 4.0 mm (min_icon), and it has 0.0 mm for them "
                  "beside its discs")]
