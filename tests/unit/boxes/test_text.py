"""pnp.boxes.text: a template printed in its box, on one line shrunk to fit down to its min_size
(never below 6 pt), or wrapped into a paragraph (never below 5 pt), placed by align and valign
in its colour; a text that cannot fit printed all the same at the least size allowed; and
what the box prints, whether it fits and what text-fit says of one that does not."""

from __future__ import annotations

from pnp.boxes import kinds
from pnp.boxes.printing import Printing
from pnp.boxes.text import baseline, fit_lines_anyway, text_nodes
from pnp.scene import Text

from .conftest import BOLD, GOLD, INK, REGULAR

REG, BLD = "SourceSansPro-Regular", "SourceSansPro-Bold"
SHORT = "Ada"  # 1.603 em wide in Regular, 1.673 in Bold
LONGER = "Ada Lovelace of Byron"  # 9.23 em in Regular, 9.732 in Bold
ENGINE = "The Analytical Engine weaves"  # 12.259 em
LOOM = "The Analytical Engine weaves algebraic patterns just as the Jacquard loom weaves flowers and leaves"  # 42.242
BOX = "{x: 10pt, y: 20pt, width: 100pt, height: 30pt, text: \"{name}\""  # (its centre at x 60, its bottom at y 50)


def test_the_text_kind() -> None:
    kind = kinds()["text"]
    assert kind.keys == {"text", "font", "size", "min_size", "colour", "align", "valign", "wrap", "leading"}
    assert kind.names == frozenset()
    assert kind.settings["valign"].schema["enum"] == ["top", "middle", "baseline"]
    assert kind.settings["leading"].schema == {"type": "number", "exclusiveMinimum": 0, "maximum": 5,
                                               "description": "Line height as a multiple of the size."}


def test_a_line_centred_on_its_capitals(piece) -> None:
    p = piece(f"name: {BOX}, font: heading, size: 12}}", "name")
    # capitals 0.66 of the size high, centred: a baseline at 20 + (30 + 7.92) / 2
    assert p.draw({"name": SHORT}) == [Text(60.0, 38.96, SHORT, BLD, 12, INK, "middle")]


def test_in_the_body_font_at_ten_points_by_default(piece) -> None:
    p = piece(f"name: {BOX}}}", "name")
    assert p.draw({"name": SHORT}) == [Text(60.0, 38.3, SHORT, REG, 10.0, INK, "middle")]


def test_nothing_for_an_empty_text(piece) -> None:
    p = piece(f"name: {BOX}}}", "name")
    assert p.draw({"name": ""}) == []
    assert text_nodes(p.box("name"), "", REGULAR, INK) == []


def test_aligned_left_right_or_centre(piece) -> None:
    p = piece(f"""
    left: {BOX}, align: left}}
    right: {BOX}, align: right}}
    centre: {BOX}, align: centre}}
    """, "name")
    assert p.draw({"name": SHORT}) == [Text(10.0, 38.3, SHORT, REG, 10.0, INK, "start"),
                                       Text(110.0, 38.3, SHORT, REG, 10.0, INK, "end"),
                                       Text(60.0, 38.3, SHORT, REG, 10.0, INK, "middle")]


def test_at_the_top_middle_or_on_the_bottom(piece) -> None:
    p = piece(f"""
    top: {BOX}, valign: top, size: 12}}
    middle: {BOX}, valign: middle, size: 12}}
    bottom: {BOX}, valign: baseline, size: 12}}
    """, "name")
    assert [t.y for t in p.draw({"name": SHORT})] == [27.92, 38.96, 50.0]
    box = p.box("top")
    assert [round(baseline(box, REGULAR, 12, v), 3) for v in ("top", "middle", "baseline", "other")] == [
        27.92, 38.96, 50.0, 38.96]


def test_a_line_shrinks_to_fit_down_to_its_min_size(piece) -> None:
    p = piece(f"""
    shrinks: {BOX}, size: 12, min_size: 7}}
    stays: {BOX}, size: 12, min_size: 7}}
    """, "name")
    # 100 pt hold 9.23 em at 10.83 pt: the 0.25 pt step below
    assert p.draw({"name": LONGER})[0] == Text(60.0, 38.547, LONGER, REG, 10.75, INK, "middle")
    assert p.draw({"name": SHORT})[1] == Text(60.0, 38.96, SHORT, REG, 12, INK, "middle")


def test_a_line_that_cannot_fit_is_printed_at_the_least_size_allowed(piece) -> None:
    p = piece(f"""
    at-min: {BOX}, size: 12, min_size: 7}}
    never-shrinks: {BOX}, font: heading, size: 12}}
    below-six: {BOX}, size: 12, min_size: 4}}
    """, "name")
    assert p.draw({"name": LOOM}) == [Text(60.0, 37.31, LOOM, REG, 7, INK, "middle"),  # (reported by text-fit)
                                      Text(60.0, 36.98, LOOM, BLD, 6.0, INK, "middle"),
                                      Text(60.0, 36.98, LOOM, REG, 6.0, INK, "middle")]
    assert p.draw({"name": LONGER})[1] == Text(60.0, 36.98, LONGER, BLD, 6.0, INK, "middle")


def test_a_paragraph_wrapped_and_centred_on_its_block(piece) -> None:
    p = piece("para: {x: 10pt, y: 60pt, width: 80pt, height: 60pt, text: \"{name}\", wrap: true, size: 12}", "name")
    # two lines 14.4 pt apart: the block from the first's capitals to the last baseline, 22.32 pt, centred
    assert p.draw({"name": LONGER}) == [Text(50.0, 86.76, "Ada Lovelace of", REG, 12, INK, "middle"),
                                        Text(50.0, 101.16, "Byron", REG, 12, INK, "middle")]
    assert p.draw({"name": SHORT}) == [Text(50.0, 93.96, SHORT, REG, 12, INK, "middle")]


def test_a_paragraph_shrinks_to_fit(piece) -> None:
    p = piece("para: {x: 10pt, y: 60pt, width: 80pt, height: 30pt, text: \"{name}\", wrap: true, size: 12, "
              "min_size: 6}", "name")
    assert p.draw({"name": "The Analytical Engine weaves algebraic patterns"}) == [
        Text(50.0, 67.822, "The Analytical Engine", REG, 8.25, INK, "middle"),
        Text(50.0, 77.722, "weaves algebraic", REG, 8.25, INK, "middle"),
        Text(50.0, 87.622, "patterns", REG, 8.25, INK, "middle")]


def test_a_paragraph_from_its_last_baseline_on_the_bottom(piece) -> None:
    p = piece(f"para: {BOX}, wrap: true, size: 12, min_size: 6, valign: baseline}}", "name")
    assert p.draw({"name": LOOM}) == [  # 7.5 pt apart, the last on the bottom
        Text(60.0, 27.5, "The Analytical Engine weaves", REG, 6.25, INK, "middle"),
        Text(60.0, 35.0, "algebraic patterns just as the", REG, 6.25, INK, "middle"),
        Text(60.0, 42.5, "Jacquard loom weaves flowers and", REG, 6.25, INK, "middle"),
        Text(60.0, 50.0, "leaves", REG, 6.25, INK, "middle")]
    assert p.draw({"name": ENGINE}) == [Text(60.0, 35.6, "The Analytical", REG, 12, INK, "middle"),
                                        Text(60.0, 50.0, "Engine weaves", REG, 12, INK, "middle")]


def test_a_paragraph_at_seven_points_by_default_lines_a_leading_apart(piece) -> None:
    p = piece(f"""
    tight: {BOX}, wrap: true, min_size: 6, leading: 1}}
    top: {BOX}, wrap: true, min_size: 6, valign: top}}
    """, "name")
    # leading 1: four lines of 7 pt fill 28 of the 30 pt; the block of 25.62 pt centred
    assert p.draw({"name": LOOM})[:4] == [
        Text(60.0, 26.81, "The Analytical Engine weaves", REG, 7.0, INK, "middle"),
        Text(60.0, 33.81, "algebraic patterns just as the", REG, 7.0, INK, "middle"),
        Text(60.0, 40.81, "Jacquard loom weaves flowers", REG, 7.0, INK, "middle"),
        Text(60.0, 47.81, "and leaves", REG, 7.0, INK, "middle")]
    # leading 1.2 by default: at 6.25 pt, 7.5 pt apart from the first's capitals at the top
    assert p.draw({"name": LOOM})[4:] == [
        Text(60.0, 24.125, "The Analytical Engine weaves", REG, 6.25, INK, "middle"),
        Text(60.0, 31.625, "algebraic patterns just as the", REG, 6.25, INK, "middle"),
        Text(60.0, 39.125, "Jacquard loom weaves flowers and", REG, 6.25, INK, "middle"),
        Text(60.0, 46.625, "leaves", REG, 6.25, INK, "middle")]
    assert p.draw({"name": SHORT}) == [Text(60.0, 37.31, SHORT, REG, 7.0, INK, "middle"),
                                       Text(60.0, 24.62, SHORT, REG, 7.0, INK, "middle")]


def test_a_paragraph_that_cannot_fit_is_wrapped_at_the_least_size_allowed(piece) -> None:
    p = piece(f"""
    five: {BOX}, wrap: true, size: 12, valign: top, leading: 1.5}}
    six: {BOX}, wrap: true, size: 12, min_size: 6, valign: top, leading: 2}}
    """, "name")
    # at 12 pt (it never shrinks) two lines need 36 pt: printed at 5 pt, wrapped there
    assert p.draw({"name": ENGINE})[0] == Text(60.0, 23.3, ENGINE, REG, 5.0, INK, "middle")
    assert p.draw({"name": LOOM}) == [
        Text(60.0, 23.3, "The Analytical Engine weaves algebraic", REG, 5.0, INK, "middle"),
        Text(60.0, 30.8, "patterns just as the Jacquard loom weaves", REG, 5.0, INK, "middle"),
        Text(60.0, 38.3, "flowers and leaves", REG, 5.0, INK, "middle"),
        Text(60.0, 23.96, "The Analytical Engine weaves algebraic", REG, 6, INK, "middle"),
        Text(60.0, 35.96, "patterns just as the Jacquard loom", REG, 6, INK, "middle"),
        Text(60.0, 47.96, "weaves flowers and leaves", REG, 6, INK, "middle")]
    assert fit_lines_anyway(REGULAR, LOOM, 100.0, 6) == [
        "The Analytical Engine weaves algebraic", "patterns just as the Jacquard loom", "weaves flowers and leaves"]


def test_in_its_colour_or_the_ink(piece) -> None:
    p = piece(f"""
    fixed: {BOX}, colour: gold}}
    data: {BOX}, colour: "{{colour}}"}}
    """, "name", "colour")
    assert [t.fill for t in p.draw({"name": SHORT, "colour": "#AA00CC"})] == [GOLD, "#aa00cc"]
    assert [t.fill for t in p.draw({"name": SHORT, "colour": "none"})] == [GOLD, INK]


def test_in_the_language_printed(piece) -> None:
    p = piece("name: {x: 10pt, y: 20pt, width: 100pt, height: 30pt, text: {en: \"{name}\", fr: \"« {name} »\"}}",
              "name")
    assert [t.text for t in p.draw({"name": SHORT}, "fr")] == ["« Ada »"]
    assert [t.text for t in p.draw({"name": SHORT}, "de")] == [SHORT]  # (the game's first language)


def test_what_it_prints(piece) -> None:
    p = piece(f"""
    plain: {BOX}}}
    heading: {{x: 10pt, y: 20pt, width: 100pt, height: 30pt, text: {{fr: "le {{name}}", en: "{{name}}"}},
      font: heading}}
    """, "name")
    plain, heading = p.box("plain").get("text"), p.box("heading").get("text")
    assert p.printed("plain", {"name": SHORT}) == [Printing(plain.get("en", "en"), SHORT, "body")]
    assert p.printed("heading", {"name": SHORT}, "fr") == [Printing(heading.get("fr", "en"), "le Ada", "heading")]
    assert p.printed("heading", {"name": 2.5}, "fr")[0].text == "le 2,5"  # numbers written in the language
    assert p.printed("heading", {"name": SHORT}, "de") == [Printing(heading.get("en", "en"), SHORT, "heading")]


def test_whether_a_text_fits_as_it_is_drawn(piece) -> None:
    p = piece(f"""
    line: {BOX}, size: 12, min_size: 7}}
    para: {BOX}, wrap: true, size: 12, min_size: 6}}
    """, "name")
    fits = kinds()["text"].prints.fits
    assert fits(p.box("line"), LONGER, REGULAR, None) and not fits(p.box("line"), LOOM, REGULAR, None)
    assert fits(p.box("line"), "Ada Lovelace", BOLD, None)
    assert fits(p.box("para"), LOOM, REGULAR, None) and not fits(p.box("para"), LOOM * 2, REGULAR, None)


def test_what_text_fit_says_of_a_text_that_does_not(piece) -> None:
    p = piece(f"""
    line: {BOX}, size: 12, min_size: 7}}
    fixed: {BOX}, size: 12}}
    small: {BOX}, size: 4}}
    para: {BOX}, wrap: true, size: 12, min_size: 8}}
    para-size: {BOX}, wrap: true, size: 9}}
    para-small: {BOX}, wrap: true, min_size: 3}}
    para-default: {BOX}, wrap: true}}
    """, "name")
    refusal = kinds()["text"].prints.refusal
    assert refusal(p.box("line"), "card 'a': name", LOOM, None) == (
        f"card 'a': name {LOOM!r} does not fit the 35.2778 mm line box even at 7 pt")
    assert refusal(p.box("fixed"), "n", "x", None) == "n 'x' does not fit the 35.2778 mm fixed box even at 12 pt"
    assert refusal(p.box("small"), "n", "x", None) == "n 'x' does not fit the 35.2778 mm small box even at 6 pt"
    assert refusal(p.box("para"), "n", LOOM, None) == (
        "n 'The Analytical Engine weaves a'... does not fit the 35.2778 x 10.5833 mm para box even at 8 pt")
    assert refusal(p.box("para-size"), "n", "x", None).endswith(" 35.2778 x 10.5833 mm para-size box even at 9 pt")
    assert refusal(p.box("para-small"), "n", "x", None).endswith(" para-small box even at 5 pt")
    assert refusal(p.box("para-default"), "n", "x", None).endswith(" para-default box even at 7 pt")
