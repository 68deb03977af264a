"""pnp.boxes.badge: a number or short text in a ringed disc as large as its box: paper inside,
an ink edge, a ring in colour (ink where the colour is the paper's), the text shrunk to fit
three quarters of the disc down to 6 pt; and what it prints, whether that fits and what
text-fit says of a text that does not."""

from __future__ import annotations

from pnp.boxes import kinds
from pnp.boxes.printing import Printing
from pnp.scene import Circle, Style, Text

from .conftest import BOLD, GOLD, INK, PAPER, REGULAR

BLD, REG = "SourceSansPro-Bold", "SourceSansPro-Regular"
PLACE = "x: 10pt, y: 20pt, width: 40pt, height: 30pt"  # a disc of 15 pt about (30, 35)


def rings(fill: str = PAPER, edge: str = INK, ring: str = INK) -> list:
    return [Circle(30.0, 35.0, 15.0, Style(fill=fill, stroke=edge, stroke_width=1.0)),
            Circle(30.0, 35.0, 13.4, Style(stroke=ring, stroke_width=1.2))]


def test_the_badge_kind() -> None:
    kind = kinds()["badge"]
    assert kind.keys == {"badge", "colour", "paper", "ink", "font", "size"}
    assert kind.names == frozenset() and kind.prints.labels is False


def test_a_number_in_a_ringed_disc(piece) -> None:
    p = piece(f'rank: {{{PLACE}, badge: "{{rank}}"}}', "rank")
    # 14 pt Bold by default, its capitals centred
    assert p.draw({"rank": 7}) == rings() + [Text(30.0, 39.62, "7", BLD, 14.0, INK, "middle")]
    assert p.draw({"rank": ""}) == []


def test_shrunk_to_fit_three_quarters_of_the_disc(piece) -> None:
    p = piece(f'rank: {{{PLACE}, badge: "{{rank}}", font: body, size: 20}}', "rank")
    # 22.5 pt hold 2.485 em at 9 pt (0.497 em a digit in Regular)
    assert p.draw({"rank": 12345})[2] == Text(30.0, 37.97, "12345", REG, 9.0, INK, "middle")
    assert p.draw({"rank": 12})[2] == Text(30.0, 41.6, "12", REG, 20, INK, "middle")
    assert p.draw({"rank": 1234567})[2] == Text(30.0, 37.062, "1234567", REG, 6.25, INK, "middle")  # 3.479 em
    # too long even at 6 pt: printed at 6 pt all the same (said by text-fit)
    assert p.draw({"rank": 1234567890})[2] == Text(30.0, 36.98, "1234567890", REG, 6.0, INK, "middle")


def test_its_colours(piece) -> None:
    p = piece(f"""
    a: {{{PLACE}, badge: "1", colour: gold, paper: "#ffffff", ink: "#223344"}}
    b: {{{PLACE}, badge: "1", colour: "{{c}}", paper: "{{c}}", ink: "{{c}}"}}
    c: {{{PLACE}, badge: "1", colour: "{{c}}", paper: "{{c}}"}}
    """, "c")
    nodes = p.draw({"c": "#abcdef"})
    assert nodes[:3] == rings("#ffffff", "#223344", GOLD) + [Text(30.0, 39.62, "1", BLD, 14.0, "#223344", "middle")]
    assert nodes[3:5] == rings("#abcdef", "#abcdef", "#abcdef")
    assert nodes[6:8] == rings("#abcdef", INK, INK)  # a ring in the paper's colour: in ink
    assert p.draw({"c": "none"})[3:5] == rings()


def test_what_it_prints_and_whether_it_fits(piece) -> None:
    p = piece(f"""
    rank: {{{PLACE}, badge: {{fr: "n{{rank}}", en: "{{rank}}"}}}}
    body: {{{PLACE}, badge: "{{rank}}", font: body, size: 20}}
    """, "rank")
    badge = p.box("rank").get("badge")
    assert p.printed("rank", {"rank": 2.5}, "fr") == [Printing(badge.get("fr", "en"), "n2,5", "heading")]
    assert p.printed("rank", {"rank": 7}, "de") == [Printing(badge.get("en", "en"), "7", "heading")]
    assert p.printed("body", {"rank": 7})[0].font == "body"
    fits = kinds()["badge"].prints.fits
    # 22.5 pt across at 6 pt: 3.75 em; "1234567." is 3.728 em in Regular, 3.996 in Bold
    assert fits(p.box("rank"), "1234567.", REGULAR, None) and not fits(p.box("rank"), "12345678", REGULAR, None)
    assert not fits(p.box("rank"), "1234567.", BOLD, None)
    assert fits(p.box("body"), "1234567.", REGULAR, None)


def test_what_text_fit_says_of_a_text_that_does_not(piece) -> None:
    p = piece(f'rank: {{{PLACE}, badge: "{{rank}}"}}', "rank")
    assert kinds()["badge"].prints.refusal(p.box("rank"), "card 'a': rank", "12345678", None) == (
        "card 'a': rank '12345678' does not fit the 10.5833 mm rank badge even at 6 pt")


def test_a_badge_smaller_than_the_least_size_is_printed_and_fitted_at_it(piece) -> None:
    p = piece(f'rank: {{{PLACE}, badge: "{{rank}}", font: body, size: 4}}', "rank")
    assert p.draw({"rank": 7})[2] == Text(30.0, 36.98, "7", REG, 6.0, INK, "middle")
    fits = kinds()["badge"].prints.fits
    assert fits(p.box("rank"), "7", REGULAR, None) and fits(p.box("rank"), "1234567.", REGULAR, None)
    assert not fits(p.box("rank"), "12345678", REGULAR, None)
