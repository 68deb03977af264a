"""pnp.boxes.row: numbered discs from a list, from the left, and counted icons, from the right
(or centred, without discs), each icon repeated as often as its count while the row has room
beside the discs (squeezed a little if need be), else drawn once with ×N; the discs squeezed
into what the icons leave; icons from a list of {icon, count} or an expression giving names."""

from __future__ import annotations

from pnp.boxes import kinds
from pnp.boxes.row import row_icons
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
    assert kind.keys == {"row", "font", "size", "ink", "paper", "align"}
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
    # a single star takes less than with its count: repeated (once), whatever room it has
    assert nodes[22] == drawn("star", 170.0)
    assert nodes[23] == disc(15.011, 5.011)


def test_icons_from_an_expression_each_once(piece) -> None:
    p = piece(f"row: {{{PLACE}, row: {{icons: symbols}}}}", "symbols")
    assert p.draw({"symbols": ["star", "nope", "tower"]}) == [drawn("star", 143.0), drawn("tower", 170.0)]
    assert p.draw({"symbols": "star"}) == [] and p.draw({"symbols": 5}) == []  # not a list
    assert p.draw({"symbols": ("shield",)}) == [drawn("shield", 170.0)]


def test_which_icons_and_how_many(piece) -> None:
    p = piece(f"""row: {{{PLACE}, row: {{icons: [{{icon: "{{first}}", count: n}}, {{icon: star}},
      {{icon: {{switch: kind, cases: {{a: tower}}}}, count: 2}}]}}}}""", "first", "n", "kind")
    spec, ctx = p.box("row").get("row"), p.context()
    star, shield, tower = ICONS["star"], ICONS["shield"], ICONS["tower"]
    assert row_icons(spec, ctx, {"first": "shield", "n": 3, "kind": "a"}) == [(shield, 3), (star, 1), (tower, 2)]
    assert row_icons(spec, ctx, {"first": "nope", "n": 3, "kind": "b"}) == [(star, 1)]
    assert row_icons(spec, ctx, {"first": "shield", "n": 2.5, "kind": "b"}) == [(star, 1)]  # a count is whole
    assert row_icons(spec, ctx, {"first": "shield", "n": "3", "kind": "b"}) == [(star, 1)]
    assert row_icons(spec, ctx, {"first": "shield", "n": -1, "kind": "b"}) == [(star, 1)]
    assert row_icons(spec, ctx, {"first": "shield", "n": 1, "kind": "b"}) == [(shield, 1), (star, 1)]
    assert row_icons({}, ctx, {}) == []


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


def test_icons_repeated_where_they_take_no_more_than_with_their_count(piece) -> None:
    p = piece("row: {x: 0pt, y: 20pt, width: 30pt, height: 20pt, row: {icons: [{icon: star, count: 2}]}}")
    p.fonts = {"heading": Even()}
    # 41.6 pt either way (×2 is 20 pt wide at 16 pt): repeated, though the box is narrower
    assert p.draw() == [drawn("star", -11.6), drawn("star", 10.0)]
