"""pnp.checks.text: pnp's checks of what a game prints: `missing-font` (a font game.yaml names
that pnp cannot find or read), `colour-value` (a colour a template gives that is neither
#RRGGBB nor none), `missing-glyph` (a character a printed text's font has no glyph for),
`text-fit` (a text that does not fit its box even at the least size allowed, and a list's rows
that do not fit theirs) and `text-language` (a localised text in a language the game does not
declare, or without its first)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from pnp.checks import CHECKS, run_rules
from pnp.checks import text
from pnp.checks.text import (CONTROLS, all_texts, character, colour_value, missing_font, missing_glyph, text_fit,
                             text_language)
from pnp.model.game import Origin, Text
from pnp.problems import Location, Severity

from . import conftest

RULES = ("missing-font", "colour-value", "missing-glyph", "text-fit", "text-language")

TRACK_HINT = ": give the track fewer spaces or a bigger box, or its spaces shorter labels (label:)"


def problems_of(game, *rules: str) -> list[str]:
    return [p.format() for p in run_rules(game, only=frozenset(rules))]


@pytest.fixture(autouse=True)
def no_fits_known(monkeypatch) -> None:
    """Each test starts with no text measured before it (fits are remembered by process)."""
    monkeypatch.setattr(text, "FITS", {})


def test_the_checks_are_errors_with_their_docs() -> None:
    assert [(c, CHECKS[c].severity) for c in RULES] == [(c, Severity.ERROR) for c in RULES]
    assert [CHECKS[c].doc for c in RULES] == [
        "A font named in game.yaml is neither bundled nor in the game's fonts/ folder, or its file there is not a "
        "TrueType font pnp can read.",
        "A colour given by a template is, for some item, neither #RRGGBB nor none.",
        "Printed text uses a character its font has no glyph for (it would print as nothing).",
        "A printed text does not fit its layout box (a badge's disc, a table's column, a track's space, a hex of a "
        "hex map) even at the smallest size allowed, a list's rows do not fit their box, or a row's icons do not fit "
        "it even at its min_icon.",
        "Localised text uses a language the game does not declare, or lacks the first one."]


# --- a game ------------------------------------------------------------------------------------

FONTS = "fonts: {body: SourceSansPro-Regular, heading: SourceSerifPro-Bold}"
COMPONENTS = """
cards:
  type: card
  size: poker
  files: [north.yaml, south.yaml]
  items: cards
  group: {key: suit, fields: {motto: text, tags: {type: list, of: text, default: []}}}
  fields:
    name: text
    say: {type: record, optional: true, fields: {lines: {type: list, of: text}}}
    ink: {type: enum, values: [red, "#ff0000", none, blue], default: none}
    rows: {type: list, of: int, default: []}
    steps: {type: list, of: {type: record, fields: {word: text}}, default: []}
  face: face.yaml
  back: back.yaml
marks:
  type: token
  size: 20mm
  items_of: cards
board:
  type: board
  size: {width: 200mm, height: 200mm}
  face: board.yaml
chips:
  type: token
  size: 20mm
  files: chips.yaml
  items: chips
  fields:
    tone: {type: enum, values: [none, green], default: none}
    edge: {type: enum, values: [black, "#000000"], default: "#000000"}
    shade: {type: record, optional: true, fields: {tone: text}}
  face: chip.yaml
  back: chipback.yaml
"""
FACE = """\
extends: builtin:card
background: "{ink}"
boxes:
  name: {x: 5, y: 5, width: 20, height: 5, text: "{name}", colour: "{ink}"}
  frame: {x: 0, y: 0, width: 63.5, height: 88.9, rect: {fill: "{ink}", stroke: "#000000"}}
  motto: {x: 5, y: 15, width: 50, height: 5, text: "{group.motto}", wrap: true, size: 8, min_size: 7}
  badge: {x: 5, y: 30, width: 10, height: 10, badge: "{name}"}
  rows: {x: 5, y: 45, width: 20, height: 10, list: rows, if: "id != 'queen'", boxes: {r: {x: 0, y: 0, width: 20, height: 4, text: "{entry}"}}}
  spaced: {x: 30, y: 45, width: 20, height: 10, list: rows, row_height: 3, boxes: {r: {x: 0, y: 0, width: 20, height: 4, text: "{entry}"}}}
  steps: {x: 5, y: 60, width: 50, height: 20, list: steps, boxes: {w: {x: 0, y: 0, width: 50, height: 4, text: "{entry.word}"}}}
  short: {x: 30, y: 30, width: 20, height: 9.8, list: "rows if id != 'king' else rows[9]", row_height: 3, boxes: {r: {x: 0, y: 0, width: 20, height: 4, text: "{entry}", colour: "{ink}"}}}
"""
BACK = """\
extends: builtin:card
boxes:
  title: {x: 5, y: 5, width: 10, height: 5, text: "The {game.title} of the long name", font: heading}
  few: {x: 5, y: 20, width: 20, height: 8, list: "range(0, len(rows) + 2)", if: "id != 'ace'", boxes: {n: {x: 0, y: 0, width: 20, height: 4.1, text: "{entry}"}}}
  lead1: {x: 30, y: 20, width: 20, height: 8, text: "one two three four five six", wrap: true, size: 7, min_size: 7, leading: 1}
  lead3: {x: 30, y: 30, width: 20, height: 8, text: "one two three four five six", wrap: true, size: 7, min_size: 7, leading: 3}
  table: {x: 5, y: 40, width: 20, height: 10, table: {rows: "range(0, 1)", cells: ["a long long long cell"]}}
"""
BOARD = """\
extends: builtin:board
colours: {sea: "#112233"}
boxes:
  track: {x: 0, y: 0, width: 40, height: 4, track: {spaces: "range(0, 10)", label: "{space * 1000}"}}
  lines: {x: 50, y: 0, width: 40, height: 9, list: "range(0, 4 if colours.sea else 0)", boxes: {l: {x: 0, y: 0, width: 40, height: 4, text: "{entry}"}}}
  shade: {x: 50, y: 50, width: 40, height: 9, rect: {fill: "{game.limit}", stroke: "{colours.sea + 'x'}"}}
  other: {x: 0, y: 10, width: 10, height: 4, track: {spaces: "[1, 10000]"}}
  empty: {x: 0, y: 20, width: 10, height: 4, list: "range(0, 20)", boxes: {}}
  pair: {x: 0, y: 30, width: 10, height: 4, track: {spaces: "[10000, 20000]"}}
  tall: {x: 0, y: 40, width: 10, height: 3, list: "range(0, 2)", row_height: 2, boxes: {r: {x: 0, y: 0, width: 10, height: 4, text: "{entry}"}}}
"""
CHIP = """\
extends: builtin:token
boxes:
  id: {x: 2, y: 2, width: 16, height: 5, text: "{id}"}
"""
CHIPBACK = """\
extends: builtin:token
boxes:
  a: {x: 0, y: 0, width: 20, height: 20, rect: {fill: "{shade.tone}"}}
  c: {x: 0, y: 0, width: 20, height: 20, rect: {stroke: "{edge}"}}
  b: {x: 0, y: 0, width: 20, height: 20, rect: {fill: "{tone}"}}
  l: {x: 0, y: 0, width: 20, height: 20, list: "range(0, 3)", boxes: {n: {x: 0, y: 0, width: 20, height: 10, text: "{entry}"}}}
"""
CHIPS = """\
chips:
  - {id: gold, edge: black}
  - {id: lead, edge: black, tone: green}
"""
NORTH = """\
suit: {id: north, motto: {en: "Ever onward through the long and winding valleys of the far north", fr: Toujours}, tags: [Cold, {en: Far, fr: Loin}]}
cards:
  - {id: king, name: {en: "King ★", fr: Roi}, ink: red, rows: [1, 2, 3]}
  - {id: queen, name: {en: "Queen of all the lands and seas", fr: Reine}, ink: "#ff0000", say: {lines: [Hear, {en: Ye, fr: Oyez}]}, steps: [{word: a}, {word: b}, {word: c}, {word: d}, {word: e}, {word: f}]}
"""
SOUTH = """\
suit: {id: south, motto: Forward}
cards:
  - {id: jack, name: {en: Jack, es: Sota}, ink: red, rows: [1, 2, 3, 4]}
  - {id: ace, name: {fr: As}, ink: blue}
"""
FILES = dict(north=NORTH, south=SOUTH, face=FACE, back=BACK, board=BOARD, chip=CHIP, chipback=CHIPBACK, chips=CHIPS)


@pytest.fixture
def game(load, monkeypatch):
    monkeypatch.setattr(conftest, "HEAD", conftest.HEAD.replace("fonts: {body: SourceSansPro-Regular}", FONTS))
    game, problems = load(COMPONENTS, **FILES)
    assert problems == []
    return game


# --- missing-font ------------------------------------------------------------------------------

def test_a_font_pnp_cannot_find_is_said_at_its_role_in_game_yaml(load, monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setattr(conftest, "HEAD", conftest.HEAD.replace(
        "fonts: {body: SourceSansPro-Regular}", "fonts: {body: SourceSansPro-Regular, heading: Comic-Sans, "
                                                "notes: Notes}"))
    (tmp_path / "fonts").mkdir()
    (tmp_path / "fonts" / "Notes.ttf").write_text("not a font", "utf-8")
    game, _ = load("cards: {type: card, size: poker}")
    assert problems_of(game, "missing-font") == [
        "game.yaml:3:47: error: font 'Comic-Sans' is not bundled and not in fonts/ (bundled fonts include "
        "SourceSansPro-Black, SourceSansPro-BlackIt, SourceSansPro-Bold, SourceSansPro-BoldIt) [missing-font]",
        "game.yaml:3:66: error: fonts/Notes.ttf is not a TrueType font pnp can read [missing-font]"]
    # a font missing leaves the others' checks to it: nothing is measured in a font not found
    assert list(text_fit(game)) == []


def test_fonts_that_are_found_are_not_said(game) -> None:
    assert list(missing_font(game)) == []


# --- colour-value ------------------------------------------------------------------------------

def test_a_colour_a_template_gives_that_is_not_one_is_said_once_a_setting_and_value(game) -> None:
    assert problems_of(game, "colour-value") == [
        "north.yaml:3:5: error: card 'king': name.colour gives 'red', not a colour (#RRGGBB or none), in layout "
        "'face.yaml' [colour-value]",
        "north.yaml:3:5: error: card 'king': frame.rect.fill gives 'red', not a colour (#RRGGBB or none), in layout "
        "'face.yaml' [colour-value]",
        "north.yaml:3:5: error: card 'king': background gives 'red', not a colour (#RRGGBB or none), in layout "
        "'face.yaml' [colour-value]",
        # a box of a list's rows, in a row as drawn: not the king's (its list fails: the template check's), nor
        # the ace's (it has no rows), but the jack's
        "south.yaml:3:5: error: card 'jack': r.colour gives 'red', not a colour (#RRGGBB or none), in layout "
        "'face.yaml' [colour-value]",
        "south.yaml:4:5: error: card 'ace': name.colour gives 'blue', not a colour (#RRGGBB or none), in layout "
        "'face.yaml' [colour-value]",
        "south.yaml:4:5: error: card 'ace': frame.rect.fill gives 'blue', not a colour (#RRGGBB or none), in layout "
        "'face.yaml' [colour-value]",
        "south.yaml:4:5: error: card 'ace': background gives 'blue', not a colour (#RRGGBB or none), in layout "
        "'face.yaml' [colour-value]",
        "board.yaml:6:10: error: layout 'board.yaml': shade.rect.fill gives 3, not a colour (#RRGGBB or none), in "
        "layout 'board.yaml' [colour-value]",
        "board.yaml:6:10: error: layout 'board.yaml': shade.rect.stroke gives '#112233x', not a colour (#RRGGBB or "
        "none), in layout 'board.yaml' [colour-value]",
        "chips.yaml:2:5: error: chip 'gold': c.rect.stroke gives 'black', not a colour (#RRGGBB or none), in layout "
        "'chipback.yaml' [colour-value]",
        "chips.yaml:3:5: error: chip 'lead': b.rect.fill gives 'green', not a colour (#RRGGBB or none), in layout "
        "'chipback.yaml' [colour-value]"]


def test_colours_none_and_hex_and_a_template_that_fails_are_not_said(game) -> None:
    cards = game.sets["cards"]
    for item in cards.items:
        item.fields["ink"] = "none"
    cards.items[1].fields["ink"] = "#00ff00"
    cards.items[2].fields["ink"] = None  # (an expression giving none)
    del cards.items[3].fields["ink"]  # its templates fail: reported by the build's checks
    for chip in game.sets["chips"].items:
        chip.fields["edge"] = "#000000"
        chip.fields["tone"] = "none"
    game.values["limit"] = "#123456"
    assert [m for _, m in colour_value(game)] == [
        "layout 'board.yaml': shade.rect.stroke gives '#112233x', not a colour (#RRGGBB or none), in layout "
        "'board.yaml'"]


def test_a_whole_boards_colour_without_a_box_is_said_at_its_layout(game) -> None:
    from pnp.layout.values import Colour

    board = game.sets["board"].faces["board.yaml"]
    object.__setattr__(board, "background", Colour(None, board.boxes[2].get("rect")["fill"].template))
    assert [(str(where), message) for where, message in colour_value(game) if "board" in message][::2] == [
        ("board.yaml:6:10", "layout 'board.yaml': shade.rect.fill gives 3, not a colour (#RRGGBB or none), in "
                            "layout 'board.yaml'"),
        ("board.yaml:1:1", "layout 'board.yaml': background gives 3, not a colour (#RRGGBB or none), in layout "
                       "'board.yaml'")]


def test_a_layout_no_item_uses_is_not_looked_at(game) -> None:
    for item in game.sets["cards"].items:
        item.face = "back.yaml"
    assert [m.split(" gives ")[0] for _, m in colour_value(game)] == [
        "layout 'board.yaml': shade.rect.fill", "layout 'board.yaml': shade.rect.stroke", "chip 'gold': c.rect.stroke",
        "chip 'lead': b.rect.fill"]


# --- missing-glyph -----------------------------------------------------------------------------

def test_a_character_a_font_lacks_is_said_for_each_font_that_prints_it(game) -> None:
    assert problems_of(game, "missing-glyph") == [
        "north.yaml:3:27: error: card 'king': name.en 'King ★': font SourceSansPro-Regular has no glyph for '★' "
        "(U+2605) [missing-glyph]",
        "north.yaml:3:27: error: card 'king': name.en 'King ★': font SourceSerifPro-Bold has no glyph for '★' "
        "(U+2605) [missing-glyph]"]


def test_the_characters_are_said_in_order_spaces_and_controls_by_name(game) -> None:
    game.sets["cards"].items[0].fields["name"] = Text((("en", "K\t☃ ★\u3000"), ("fr", "Roi")))
    game.memo.clear()
    assert [m for _, m in missing_glyph(game)][0] == (
        "card 'king': name.en 'K\\t☃ ★\\u3000': font SourceSansPro-Regular has no glyph for U+0009 (a tab), "
        "'☃' (U+2603), '★' (U+2605), U+3000 (ideographic space)")


def test_a_text_in_a_font_pnp_cannot_find_is_left_to_missing_font(game) -> None:
    game.fonts = {"body": "Comic-Sans", "heading": "SourceSerifPro-Bold"}
    assert [m.split(": font ")[1] for _, m in missing_glyph(game)] == ["SourceSerifPro-Bold has no glyph for '★' "
                                                                       "(U+2605)"]


def test_a_character_is_itself_where_it_shows_else_its_code_point_and_name() -> None:
    assert CONTROLS == {"\t": "a tab", "\n": "a line break", "\r": "a carriage return"}
    assert [character(c) for c in "a★"] == ["'a' (U+0061)", "'★' (U+2605)"]
    assert [character(c) for c in "\t\n\r \u00a0\u2028\x07"] == [
        "U+0009 (a tab)", "U+000A (a line break)", "U+000D (a carriage return)", "U+0020 (space)",
        "U+00A0 (no-break space)", "U+2028 (line separator)", "U+0007 (a control character)"]


# --- text-fit ----------------------------------------------------------------------------------

def test_texts_that_do_not_fit_and_a_lists_rows_that_do_not_are_said_where_they_come_from(game) -> None:
    assert problems_of(game, "text-fit") == [
        "north.yaml:1:31: error: suit.motto.en 'Ever onward through the long a'... does not fit the 50 x 5 mm motto "
        "box even at 7 pt [text-fit]",
        "north.yaml:4:28: error: card 'queen': name.en 'Queen of all the lands and seas' does not fit the 20 mm name "
        "box even at 10 pt [text-fit]",
        "north.yaml:4:28: error: card 'queen': name.en 'Queen of all the lands and seas' does not fit the 10 mm badge "
        "badge even at 6 pt [text-fit]",
        "back.yaml:3:10: error: layout 'back.yaml': title 'The Test of the long name' does not fit the 10 mm title "
        "box even at 10 pt [text-fit]",
        "back.yaml:6:10: error: layout 'back.yaml': lead3 'one two three four five six'... does not fit the 20 x 8 mm "
        "lead3 box even at 7 pt [text-fit]",
        "back.yaml:7:10: error: layout 'back.yaml': table 'a long long long cell' does not fit its 20 mm column of "
        "the table table at 7.5 pt [text-fit]",
        "board.yaml:4:10: error: layout 'board.yaml': track '1000' does not fit a 2.5 mm space of the track track "
        f"even at 5 pt{TRACK_HINT}; 8 more of its labels do not fit either [text-fit]",
        "board.yaml:7:10: error: layout 'board.yaml': other '10000' does not fit a 2.5 mm space of the other track "
        f"even at 5 pt{TRACK_HINT} [text-fit]",
        "board.yaml:9:9: error: layout 'board.yaml': pair '10000' does not fit a 2.5 mm space of the pair track even "
        f"at 5 pt{TRACK_HINT}; 1 more of its labels do not fit either [text-fit]",
        "north.yaml:3:63: error: card 'king': 3 rows of the rows list do not fit its 10 mm box, which holds 2 of 4 mm "
        "[text-fit]",
        "south.yaml:3:60: error: card 'jack': 4 rows of the rows list do not fit its 10 mm box, which holds 2 of 4 mm "
        "[text-fit]",
        "south.yaml:3:60: error: card 'jack': 4 rows of the spaced list do not fit its 10 mm box, which holds 3 of 4 "
        "mm (3 mm apart) [text-fit]",
        "north.yaml:4:140: error: card 'queen': 6 rows of the steps list do not fit its 20 mm box, which holds 5 of 4 "
        "mm [text-fit]",
        "south.yaml:3:5: error: card 'jack': 4 rows of the short list do not fit its 9.8 mm box, which holds 2 of 4 "
        "mm (3 mm apart) [text-fit]",
        "north.yaml:3:5: error: card 'king': 5 rows of the few list do not fit its 8 mm box, which holds 1 of 4.1 mm "
        "[text-fit]",
        "north.yaml:4:5: error: card 'queen': 2 rows of the few list do not fit its 8 mm box, which holds 1 of 4.1 mm "
        "[text-fit]",
        "south.yaml:3:5: error: card 'jack': 6 rows of the few list do not fit its 8 mm box, which holds 1 of 4.1 mm "
        "[text-fit]",
        "board.yaml:5:10: error: layout 'board.yaml': 4 rows of the lines list do not fit its 9 mm box, which holds 2 "
        "of 4 mm [text-fit]",
        "board.yaml:10:9: error: layout 'board.yaml': 2 rows of the tall list do not fit its 3 mm box, which holds 0 "
        "of 4 mm (2 mm apart) [text-fit]",
        "chips.yaml:2:5: error: chip 'gold': 3 rows of the l list do not fit its 20 mm box, which holds 2 of 10 mm "
        "[text-fit]",
        "chips.yaml:3:5: error: chip 'lead': 3 rows of the l list do not fit its 20 mm box, which holds 2 of 10 mm "
        "[text-fit]"]


def test_rows_that_fill_their_box_exactly_fit(game) -> None:
    # the king's three rows 3 mm apart reach 2 x 3 + 4 = 10 mm: the spaced box's height
    assert not [m for _, m in text_fit(game) if "king" in m and "spaced" in m]
    few = game.sets["cards"].backs["back.yaml"].boxes[1]
    assert [m for _, m in text_fit(game) if "few list" in m][1].startswith("card 'queen': 2 rows")
    object.__setattr__(few, "height", 2 * few.get("boxes")[0].height)  # two rows of 4.1 mm in 8.2
    assert [m.split(":")[0] for _, m in text_fit(game) if "few list" in m] == ["card 'king'", "card 'jack'"]


def test_a_lists_rows_are_told_where_its_list_is_not_a_field(game) -> None:
    few = game.sets["cards"].backs["back.yaml"].boxes[1]
    object.__setattr__(few, "condition", None)
    game.memo.clear()
    found = [(str(w), m) for w, m in text_fit(game) if "few list" in m]
    assert found[-1] == ("south.yaml:4:5", "card 'ace': 2 rows of the few list do not fit its 8 mm box, which "
                                           "holds 1 of 4.1 mm")


def test_a_lists_rows_whose_expression_fails_are_not_said(game) -> None:
    from pnp.expr import parse

    few = game.sets["cards"].backs["back.yaml"].boxes[1]
    few.settings["list"] = parse("rows[9]")
    assert not [m for _, m in text_fit(game) if "few list" in m]


def test_a_text_measured_once_is_not_measured_again(game) -> None:
    from pnp.layout.fonts import find_font

    problems_of(game, "text-fit")
    assert len(text.FITS) == 59
    body = find_font("SourceSansPro-Regular", game.root)
    motto = game.sets["cards"].faces["face.yaml"].boxes[2]
    assert [k for k, fits in text.FITS.items() if not fits][0] == (
        f"text SourceSansPro-Regular.ttf {body.stat().st_size} {motto.width!r} {motto.height!r} 8 7 True None None "
        "Ever onward through the long and winding valleys of the far north")
    for key in text.FITS:  # what is known is not measured again
        text.FITS[key] = not text.FITS[key]
    assert [m for _, m in text_fit(game)][:3] == [
        "card 'king': name.en 'King ★' does not fit the 20 mm name box even at 10 pt",
        "card 'king': name.en 'King ★' does not fit the 10 mm badge badge even at 6 pt",
        "layout 'face.yaml': r '1' does not fit the 20 mm r box even at 10 pt"]


def test_a_missing_role_or_no_fonts_fit_nothing(game) -> None:
    game.fonts = {}
    assert list(text_fit(game)) == []
    game.fonts = {"body": "SourceSansPro-Regular"}  # the badge and the title are in heading, body's font here
    found = [m for _, m in text_fit(game)]
    assert [m for m in found if "badge" in m or "title" in m] == [
        "card 'queen': name.en 'Queen of all the lands and seas' does not fit the 10 mm badge badge even at 6 pt",
        "layout 'back.yaml': title 'The Test of the long name' does not fit the 10 mm title box even at 10 pt"]
    assert len(found) == 21  # (with the table titles, tracks and hex maps in heading too)
    game.fonts = {"note": "SourceSansPro-Regular"}  # heading and body both in note's font: every text fitted
    alone = list(text_fit(game))
    game.fonts = {"note": "SourceSansPro-Regular", "heading": "SourceSansPro-Regular", "body": "SourceSansPro-Regular"}
    assert alone == list(text_fit(game)) and len(alone) == 21


# --- text-language -----------------------------------------------------------------------------

def test_a_language_the_game_does_not_declare_and_a_missing_first_language_are_said(game) -> None:
    assert problems_of(game, "text-language") == [
        "south.yaml:3:33: error: card 'jack': name: 'es' is not one of the game's languages (en, fr) "
        "[text-language]",
        "south.yaml:4:21: error: card 'ace': name has no 'en' text (the game's first language) [text-language]"]


def test_a_game_whose_languages_are_broken_says_nothing_more(game) -> None:
    game.languages = ()
    assert list(text_language(game)) == []


def test_a_text_in_a_file_that_is_not_a_document_is_named_by_its_path(game) -> None:
    del game.documents["south.yaml"]
    assert [(str(w), m) for w, m in text_language(game)] == [
        ("south.yaml:1:1", "name: 'es' is not one of the game's languages (en, fr)"),
        ("south.yaml:1:1", "name has no 'en' text (the game's first language)")]


def test_every_localisable_text_of_the_games_data_with_where_it_is(game) -> None:
    game.subtitle = Text((("en", "A game"),))
    found = [(str(t.get("en")), o.file, p) for t, o, p in all_texts(game)]
    assert found == [
        ("Test", "game.yaml", ("title",)), ("A game", "game.yaml", ("subtitle",)),
        ("Ever onward through the long and winding valleys of the far north", "north.yaml", ("motto",)),
        ("Cold", "north.yaml", ("tags", 0)), ("Far", "north.yaml", ("tags", 1)),
        ("Forward", "south.yaml", ("motto",)),
        ("King ★", "north.yaml", ("name",)), ("Queen of all the lands and seas", "north.yaml", ("name",)),
        ("Hear", "north.yaml", ("say", "lines", 0)), ("Ye", "north.yaml", ("say", "lines", 1)),
        *[(w, "north.yaml", ("steps", i, "word")) for i, w in enumerate("abcdef")],
        ("Jack", "south.yaml", ("name",)), ("As", "south.yaml", ("name",))]


def test_a_sets_map_labels_are_texts_of_the_game(game) -> None:
    origin = Origin("game.yaml", ("components", "board"))
    game.sets["board"].settings = SimpleNamespace(labels={"sea": Text((("en", "Sea"), ("de", "Meer")))},
                                                  origin=origin)
    assert [(t.get("en"), o, p) for t, o, p in all_texts(game)][-1] == ("Sea", origin, ("labels", "sea"))
    assert [(str(w), m) for w, m in text_language(game)][-1] == (
        "game.yaml:26:5", "components.board.labels.sea: 'de' is not one of the game's languages (en, fr)")
    game.sets["board"].settings = SimpleNamespace(labels=game.sets["board"].settings.labels, origin=Origin("map.yaml"))
    assert [(str(w), m) for w, m in text_language(game)][-1] == (
        "map.yaml:1:1", "labels.sea: 'de' is not one of the game's languages (en, fr)")
    game.sets["board"].settings = SimpleNamespace(origin=origin)  # settings without labels
    assert [p for _, _, p in all_texts(game)][-1] == ("name",)



def test_a_badges_text_is_fitted_as_the_badge_draws_it(game, monkeypatch) -> None:
    from pnp.boxes import badge
    from pnp.boxes.context import MIN_TEXT_SIZE, Context
    from pnp.checks.printed import Worked
    from pnp.layout.fonts import find_font, metrics

    assert MIN_TEXT_SIZE == 6.0
    fitted = []

    def fit_size(font, text, width, size, least):
        fitted.append((text, round(width, 9), size, least))
        return None
    monkeypatch.setattr(badge, "fit_size", fit_size)
    face = game.sets["cards"].faces["face.yaml"]
    disc = next(box for box in face.boxes if box.kind == "badge")
    queen = game.sets["cards"].items[1]
    game.memo["worked"] = Worked()  # (the layouts worked out for every piece elsewhere: the check's fitting alone)
    assert [m for _, m in text_fit(game) if "badge" in m and "queen" in m] == [
        "card 'queen': name.en 'Queen of all the lands and seas' does not fit the 10 mm badge badge even at 6 pt",
        "card 'queen': name.fr 'Reine' does not fit the 10 mm badge badge even at 6 pt"]
    checked = [f for f in fitted if f[0].startswith("Queen")]
    fitted.clear()
    fonts = {role: metrics(find_font(name, game.root)) for role, name in game.fonts.items()}
    badge._badge(disc, Context(fonts, {}, {}, "en", "en", face), dict(game.views("en").env(queen)))
    # across three quarters of the disc (the 10 mm box's), from 14 pt down to 6 pt, as drawn
    assert checked == fitted == [("Queen of all the lands and seas", round(0.75 * disc.width, 9), 14.0, 6.0)]




# --- a layout's values, as the checks read them -------------------------------------------------

def test_the_checks_read_a_layouts_values_and_skip_one_that_fails(load, monkeypatch) -> None:
    """colour-value, text-fit and a list's rows see what the boxes see through the values: a
    value that fails for an item leaves that item's boxes that use it to the build."""
    monkeypatch.setattr(conftest, "HEAD", conftest.HEAD.replace("fonts: {body: SourceSansPro-Regular}", FONTS))
    game, problems = load("""
        cards: {type: card, files: cards.yaml, items: cards, face: face.yaml,
                fields: {name: text, ink: text, n: {type: int, default: 2}}}
        """, face="""\
        extends: builtin:card
        values:
          ink_of: "ink if ink != 'fail' else 1 + ''"
          title: "name + ' of the long long name'"
          rows: "range(0, n)"
        boxes:
          name: {x: 5, y: 5, width: 20, height: 5, text: "{title}", colour: "{ink_of}", size: 7, min_size: 7}
          list: {x: 5, y: 20, width: 20, height: 8, list: rows,
                 boxes: {r: {x: 0, y: 0, width: 20, height: 4, text: "{entry}"}}}
        """, cards="""\
        cards:
          - {id: king, name: King, ink: red, n: 3}
          - {id: jack, name: J, ink: fail}
        """)
    assert problems == []
    # (jack's ink fails: its colour is the build's to say, its name is measured all the same)
    assert problems_of(game, "colour-value", "text-fit") == [
        "cards.yaml:2:5: error: card 'king': name.colour gives 'red', not a colour (#RRGGBB or none), in layout "
        "'face.yaml' [colour-value]",
        "cards.yaml:2:5: error: card 'king': name 'King of the long long name' does not fit the 20 mm name box even "
        "at 7 pt [text-fit]",
        "cards.yaml:3:5: error: card 'jack': name 'J of the long long name' does not fit the 20 mm name box even at "
        "7 pt [text-fit]",
        "cards.yaml:2:5: error: card 'king': 3 rows of the list list do not fit its 8 mm box, which holds 2 of 4 mm "
        "[text-fit]"]


def test_a_box_drawn_otherwise_than_asked_is_said_where_its_piece_is(game) -> None:
    from pnp.checks.printed import Worked

    face = game.layouts["face.yaml"]
    box = face.boxes[0]
    game.memo["worked"] = Worked(notes=[(Location("north.yaml", 4, 5), "card 'king'", box, face, "it is too wide",
                                         None)])
    assert [(str(where), message) for where, message in text_fit(game) if "too wide" in message] == [
        ("north.yaml:4:5", f"card 'king': {box.kind} '{box.name}' of layout 'face.yaml' does not fit: it is too wide")]


def test_a_box_drawn_otherwise_than_asked_for_many_pieces_is_said_once_at_the_box(game) -> None:
    from dataclasses import replace

    from pnp.boxes.place import Element
    from pnp.checks.printed import Worked, box_place

    face = game.layouts["face.yaml"]
    box = face.boxes[0]
    moved = replace(box, x=box.x + 10)  # (a place box draws its boxes moved: the same box as written)
    game.memo["worked"] = Worked(notes=[
        (Location("north.yaml", 4, 5), "card 'king'", box, face, "it is too wide", None),
        (Location("north.yaml", 9, 5), "card 'queen'", moved, face, "it is far too wide", None),
        (Location("north.yaml", 12, 5), "card 'jack'", box, face, "it is too wide", None)])
    assert [(where, message) for where, message in text_fit(game) if "too wide" in message] == [
        (box_place(game, face, box), f"layout 'face.yaml': {box.kind} '{box.name}' does not fit: it is too wide, "
                                     f"for card 'king' and 2 more")]
    spot = Element("spaces", "'river' of actions.yaml")
    game.memo["worked"] = Worked(notes=[(Location("actions.yaml", 3, 5), "board 'main'", box, face, "it is too wide",
                                         spot)])
    assert [(str(where), message) for where, message in text_fit(game) if "too wide" in message] == [
        ("actions.yaml:3:5", f"'river' of actions.yaml: {box.kind} '{box.name}' of layout 'face.yaml' does not fit: "
                             f"it is too wide (box 'spaces' of board 'main')")]
    game.memo["worked"] = Worked(notes=[(Location("actions.yaml", 3, 5), "board 'main'", box, face, "it is too wide",
                                         spot), (Location("actions.yaml", 4, 5), "board 'main'", box, face,
                                                 "it is too wide", spot),
                                        (Location("actions.yaml", 3, 5), "board 'other'", box, face,
                                         "it is too wide", spot)])  # (drawn on two boards: one place of data)
    assert [message for _, message in text_fit(game) if "too wide" in message] == [
        f"layout 'face.yaml': {box.kind} '{box.name}' does not fit: it is too wide, for 'river' of actions.yaml on "
        f"board 'main' and 1 more"]
