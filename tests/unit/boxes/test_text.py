"""pnp.boxes.text: a template printed in its box, on one line shrunk to fit down to its min_size
(never below 6 pt), or wrapped into a paragraph (never below 5 pt), placed by align and valign
in its colour; a text that cannot fit printed all the same at the least size allowed; icons
inline (`:star:`), a square of 1.05 em taking its room as lines are broken and shrunk, read back
from the PDF; and what the box prints, whether it fits and what text-fit says of one that does
not (an icon the game lacks among them)."""

from __future__ import annotations

import io
from types import SimpleNamespace

import pypdf
import pypdfium2 as pdfium

from pnp.boxes import kinds
from pnp.boxes.printing import Printing
from pnp.boxes.text import NoIcon, baseline, fit_lines_anyway, line_nodes, text_nodes
from pnp.icons.draw import draw_icon
from pnp.icons.folder import Icon
from pnp.layout.fonts import bundled_fonts
from pnp.render.pdf import render_pdf
from pnp.scene import Page, Rect, Style, Text

from .conftest import BOLD, GOLD, ICONS, INK, PAPER, REGULAR, Drawn
from .conftest import draw_icon as record_icon

REG, BLD = "SourceSansPro-Regular", "SourceSansPro-Bold"
SHORT = "Ada"  # 1.603 em wide in Regular, 1.673 in Bold
LONGER = "Ada Lovelace of Byron"  # 9.23 em in Regular, 9.732 in Bold
ENGINE = "The Analytical Engine weaves"  # 12.259 em
LOOM = "The Analytical Engine weaves algebraic patterns just as the Jacquard loom weaves flowers and leaves"  # 42.242
BOX = "{x: 10pt, y: 20pt, width: 100pt, height: 30pt, text: \"{name}\""  # (its centre at x 60, its bottom at y 50)


def test_the_text_kind() -> None:
    kind = kinds()["text"]
    assert kind.keys == {"text", "font", "size", "min_size", "colour", "align", "valign", "wrap", "leading", "light"}
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


# --- icons inline ---------------------------------------------------------------------------------

PAY = "pay 1 :star: each"  # "pay 1 " 2.423 em, the icon 1.05, " each" 2.2: 5.673 em


def test_an_icon_in_a_line_takes_its_room_between_the_words(piece) -> None:
    p = piece(f"""
    centre: {BOX}}}
    left: {BOX}, align: left}}
    right: {BOX}, align: right}}
    """, "name")
    # 56.73 pt at 10 pt, centred on x 60 from 31.635; the icon's 10.5 pt square from the baseline
    # 38.3 + 1.7 up, after the 24.23 pt of "pay 1 "
    assert p.draw({"name": PAY}) == [
        Text(31.635, 38.3, "pay 1 ", REG, 10.0, INK, "start"), Drawn("star", 55.865, 29.5, 10.5, INK, PAPER),
        Text(66.365, 38.3, " each", REG, 10.0, INK, "start"),
        Text(10.0, 38.3, "pay 1 ", REG, 10.0, INK, "start"), Drawn("star", 34.23, 29.5, 10.5, INK, PAPER),
        Text(44.73, 38.3, " each", REG, 10.0, INK, "start"),
        Text(53.27, 38.3, "pay 1 ", REG, 10.0, INK, "start"), Drawn("star", 77.5, 29.5, 10.5, INK, PAPER),
        Text(88.0, 38.3, " each", REG, 10.0, INK, "start")]


def test_icons_alone_side_by_side_and_at_either_end(piece) -> None:
    p = piece(f"name: {BOX}, align: left, size: 12}}", "name")
    assert p.draw({"name": ":star::shield: (:tower:)"}) == [
        Drawn("star", 10.0, 28.4, 12.6, INK, PAPER), Drawn("shield", 22.6, 28.4, 12.6, INK, PAPER),
        Text(35.2, 38.96, " (", REG, 12, INK, "start"), Drawn("tower", 41.236, 28.4, 12.6, INK, PAPER),
        Text(53.836, 38.96, ")", REG, 12, INK, "start")]


def test_an_icon_in_the_texts_colour_its_white_in_light(piece) -> None:
    p = piece(f"""
    paper: {BOX}, colour: gold}}
    light: {BOX}, colour: "{{colour}}", light: ink}}
    """, "name", "colour")
    drawn = [node for node in p.draw({"name": PAY, "colour": "#AA00CC"}) if isinstance(node, Drawn)]
    assert [(d.ink, d.light) for d in drawn] == [(GOLD, PAPER), ("#aa00cc", INK)]


def test_an_icon_in_light_text_has_its_white_in_ink(piece) -> None:
    """Light text on a dark band: its icons in the text's colour, their white parts in the ink
    (in the paper, they would be solid blobs of one colour), unless the box gives its light."""
    from pnp.boxes.text import apart, icon_light

    p = piece(f"""
    band: {BOX}, colour: paper}}
    near: {BOX}, colour: "#fdf6e0"}}
    given: {BOX}, colour: paper, light: paper}}
    """, "name")
    drawn = [(d.ink, d.light) for d in p.draw({"name": PAY}) if isinstance(d, Drawn)]
    assert drawn == [(PAPER, INK), ("#fdf6e0", INK), (PAPER, PAPER)]
    assert (apart(PAPER, "#fdf6e0"), apart(GOLD, PAPER), apart("none", PAPER)) == (False, True, True)
    assert icon_light(GOLD, PAPER, INK) == PAPER  # (gold on paper: told apart)
    assert icon_light("#777777", "#787878", "#767676") == "#000000"  # (neither: black or white, the further)
    assert icon_light("#222222", "#232323", "#212121") == "#ffffff"


def test_a_line_shrinks_with_the_room_its_icons_take(piece) -> None:
    p = piece("name: {x: 10pt, y: 20pt, width: 40pt, height: 30pt, text: \"{name}\", size: 12, min_size: 6}", "name")
    # 5.673 em in 40 pt: 7 pt (as letters, ':star:' would be 6.729 em: 5.75 pt, below 6)
    drawn = p.draw({"name": PAY})
    assert [getattr(node, "size") for node in drawn] == [7.0, 7.35, 7.0]
    assert kinds()["text"].prints.fits(p.box("name"), PAY, REGULAR, None)
    assert not kinds()["text"].prints.fits(p.box("name"), PAY.replace(":star:", "\\:star:"), REGULAR, None)


def test_a_paragraph_breaks_with_the_room_its_icons_take(piece) -> None:
    p = piece("para: {x: 0, y: 0, width: 60pt, height: 100pt, text: \"{name}\", wrap: true, size: 10, "
              "align: left, valign: top}", "name")
    # "Gain :star: and" is 49.7 pt (as letters, 'Gain :star:' would fill the line alone)
    drawn = p.draw({"name": "Gain :star: and :shield: per :tower: you hold"})
    assert drawn == [
        Text(0.0, 6.6, "Gain ", REG, 10.0, INK, "start"), Drawn("star", 21.14, -2.2, 10.5, INK, PAPER),
        Text(31.64, 6.6, " and", REG, 10.0, INK, "start"),
        Drawn("shield", 0.0, 9.8, 10.5, INK, PAPER), Text(10.5, 18.6, " per ", REG, 10.0, INK, "start"),
        Drawn("tower", 28.48, 9.8, 10.5, INK, PAPER), Text(38.98, 18.6, " you", REG, 10.0, INK, "start"),
        Text(0.0, 30.6, "hold", REG, 10.0, INK, "start")]


def test_a_colon_as_written_and_an_icon_the_game_lacks(piece) -> None:
    p = piece(f"name: {BOX}, align: left}}", "name")
    assert p.draw({"name": "10:30:, \\:star: a:star:"}) == [
        Text(10.0, 38.3, "10:30:, :star: a:star:", REG, 10.0, INK, "start")]
    # (reported by text-fit: its room left empty)
    assert p.draw({"name": ":ghost: x"}) == [Text(20.5, 38.3, " x", REG, 10.0, INK, "start")]
    assert line_nodes(0, 10, ":star: x", "start", REGULAR, 10, INK, ICONS, None, PAPER) == [
        Text(10.5, 10, " x", REG, 10, INK, "start")]  # (no drawing of icons given)
    assert text_nodes(p.box("name"), ":star:", REGULAR, INK) == []
    assert text_nodes(p.box("name"), ":star:", REGULAR, INK, ICONS, record_icon)[0].light == "#ffffff"  # (by default)
    assert line_nodes(0, 10, "", "start", REGULAR, 10, INK, ICONS, record_icon, PAPER) == [
        Text(0, 10, "", REG, 10, INK, "start")]


def _game_env(name: str, icons) -> dict:
    """What a template sees of the game's icons: every template's `sets` holds the game."""
    return {"name": name, "sets": SimpleNamespace(views=SimpleNamespace(game=SimpleNamespace(icons=icons)))}


def test_what_text_fit_says_of_an_icon_the_game_lacks(piece) -> None:
    p = piece(f"name: {BOX}, font: heading}}", "name")
    box = p.box("name")
    texts = kinds()["text"].prints
    known = {name: None for name in ("star", "shield", "tower", "crown")}
    assert list(texts.texts(box, _game_env(PAY, known), "en", "en"))[0].cell is None
    assert list(texts.texts(box, {"name": ":ghost:"}, "en", "en"))[0].cell is None  # (no game: not known)
    found = list(texts.texts(box, _game_env("pay :sta: or :ghost::sta:", known), "en", "en"))[0]
    assert found.cell == NoIcon(100.0, 0.0, "heading", "icon",
                                "no icon 'sta' (did you mean 'star'?), no icon 'ghost'")
    assert not texts.fits(box, "x", REGULAR, found.cell)
    assert texts.refusal(box, "card 'a': effect", "pay :sta: or :ghost::sta:", found.cell) == (
        "card 'a': effect 'pay :sta: or :ghost::sta:' names no icon 'sta' (did you mean 'star'?), no icon 'ghost': "
        "an icon in a text is written :name: (\\:name: prints as written)")
    assert list(texts.texts(box, _game_env(":zzz:", known), "en", "en"))[0].cell.said == (
        "no icon 'zzz' (the game's icons: crown, shield, star, tower)")
    many = {f"i{n:02d}": None for n in range(14)}
    assert list(texts.texts(box, _game_env(":zzz:", many), "en", "en"))[0].cell.said == (
        "no icon 'zzz' (the game's icons: i00, i01, i02, i03, i04, i05, i06, i07, i08, i09, i10, i11 and 2 more)")
    assert list(texts.texts(box, _game_env(":zzz:", {}), "en", "en"))[0].cell.said == (
        "no icon 'zzz' (the game has no icons/)")


# an icon in black and white, another in red: a 24-unit square, its left half black and right half white
HALVES = Icon("halves", "icons/halves.svg", (0.0, 0.0, 24.0, 24.0),
              (Rect(0, 0, 12, 24, Style(fill="#000000")), Rect(12, 0, 12, 24, Style(fill="#ffffff"))))
RED = Icon("red", "icons/red.svg", (0.0, 0.0, 24.0, 24.0), (Rect(0, 0, 24, 24, Style(fill="#ff0000")),))
BLUE, YELLOW = "#0000ff", "#ffff00"


def test_icons_inline_read_back_from_the_pdf(piece) -> None:
    """Where the PDF puts each word and icon of a line, and the icons' colours once rasterized:
    black in the text's colour, white in light, red as drawn."""
    p = piece("name: {x: 0, y: 0, width: 200pt, height: 40pt, text: \"{name}\", size: 20, align: left}", "name")
    nodes = text_nodes(p.box("name"), "a :halves: b :red:", REGULAR, BLUE, {"halves": HALVES, "red": RED},
                       draw_icon, YELLOW)
    pdf = render_pdf([Page(200, 40, tuple(nodes))], {REG: bundled_fonts()[REG]})
    words = []
    pypdf.PdfReader(io.BytesIO(pdf)).pages[0].extract_text(
        visitor_text=lambda text, cm, tm, font, size: words.append((text.strip("\n"), round(tm[4] * cm[0] + cm[4], 2),
                                                                    round(40 - (tm[5] * cm[3] + cm[5]), 2)))
        if text.strip() else None)
    # the baseline at (40 + 13.2) / 2 = 26.6; "a " 14.08 pt, each icon 21 pt, " b " 19.06 pt
    assert words == [("a ", 0.0, 26.6), (" b ", 35.08, 26.6)]
    document = pdfium.PdfDocument(pdf)
    image = document[0].render(scale=4, rev_byteorder=True).to_pil().convert("RGB")  # 4 pixels a point
    document.close()

    def square(colour: tuple) -> tuple:
        """The box of the pixels of a colour, in points."""
        xs = [x for x in range(image.width) for y in range(0, image.height, 4) if image.getpixel((x, y)) == colour]
        ys = [y for y in range(image.height) for x in range(0, image.width, 4) if image.getpixel((x, y)) == colour]
        return min(xs) / 4, min(ys) / 4, (max(xs) + 1) / 4, (max(ys) + 1) / 4

    def near(found: tuple, expected: tuple) -> bool:  # (to the pixel: a quarter point)
        return all(abs(a - b) <= 0.25 for a, b in zip(found, expected))

    # the squares 21 pt high, their bottoms 3.4 pt below the baseline: from y 9 to 30; the red one
    # after " b ", from x 54.14 to 75.14
    assert near(square((255, 0, 0)), (54.14, 9.0, 75.14, 30.0))
    assert near(square((255, 255, 0)), (24.58, 9.0, 35.08, 30.0))  # the white half in light
    row = [x / 4 for x in range(10 * 4, 30 * 4) if image.getpixel((x, 12 * 4)) == (0, 0, 255)]  # (above the a)
    assert near((row[0], row[-1] + 0.25), (14.08, 24.58))  # the black half in the text's colour
    half = {image.getpixel((x, y)) for x in range(15 * 4, 24 * 4, 4) for y in range(10 * 4, 29 * 4, 4)}
    assert half == {(0, 0, 255)}
