"""pnp.checks.translation: pnp's checks of a game's languages: `missing-translation` (a printed
string without one of the game's languages: the data's texts, a set's label and caption, a
layout's own words, the read-me-first's) and `glossary-term` (a translation that does not use
the glossary's word for a term its first language uses); and `coverage`, what each language
has of the printed sets' items and strings."""

from __future__ import annotations

import pytest

from pnp.checks import CHECKS, run_rules
from pnp.checks.translation import (LETTER, PLACEHOLDER, Coverage, Printed, _fold, _forms, _pattern, coverage,
                                    format_coverage, glossary_term, missing, missing_translation, printed_strings,
                                    wording)
from pnp.expr import parse_template
from pnp.model.game import Text
from pnp.problems import Location, Severity

from . import conftest


def problems_of(game, *rules: str) -> list[str]:
    return [p.format() for p in run_rules(game, only=frozenset(rules))]


def test_the_checks_are_warnings_with_their_docs() -> None:
    assert [(CHECKS[c].severity, CHECKS[c].doc) for c in ("missing-translation", "glossary-term")] == [
        (Severity.WARNING, "A printed string lacks one of the languages the game declares (a string written once, "
                           "with words outside its placeholders, is in the first language only)."),
        (Severity.WARNING, "A translated string does not use the game's term for a word its first language's text "
                           "uses, as the glossary (game.yaml's glossary:) words it.")]


def test_words_are_letters_outside_the_placeholders() -> None:
    assert PLACEHOLDER.pattern == r"\{[^{}]*\}" and LETTER.pattern == r"[^\W\d_]"
    assert [wording(t) for t in ("{name}", "#{number}", "Cards: {count}", "{a} 12 _ {b}", "é", "{x{y}}")] == [
        False, False, True, False, True, True]


# --- a game ------------------------------------------------------------------------------------

README = """\
glossary: glossary.yaml
readme:
  contents:
    cards: {en: "{count} cards", fr: "{count} cartes"}
    board: "{count} board"
  assembly:
    - "Keep the cards together"
    - {en: "Shuffle", fr: "Mélangez"}
  rules:
    - {heading: {en: The game, fr: Le jeu}, text: {en: Win the area, fr: Gagnez la région}}
"""
COMPONENTS = """
cards:
  type: card
  size: poker
  files: [north.yaml, south.yaml]
  items: cards
  group: {key: suit, fields: {motto: text}}
  fields: {name: text, notes: {type: list, of: text, default: []}}
  label: {en: "{name} card", fr: "carte {name}"}
  caption: ["{name}", "A card of {group.id}", {en: "{id}", fr: "{id}"}]
  face: face.yaml
  back: back.yaml
board:
  type: board
  size: {width: 200mm, height: 200mm}
  face: board.yaml
  label: "{id}"
marks:
  type: token
  size: 20mm
  items_of: cards
"""
FACE = """\
extends: builtin:card
boxes:
  name: {x: 5, y: 5, width: 50, height: 5, text: "{name}"}
  word:
    x: 5
    y: 15
    width: 50
    height: 5
    text: {en: "Area {id}", fr: "Zone {id}"}
  kind:
    x: 5
    y: 25
    width: 50
    height: 5
    text: {en: "The king area", fr: "Le roi"}
    if: "id == 'king'"
  other: {x: 5, y: 30, width: 50, height: 5, text: "Number {id}", if: "id != 'king'"}
  group:
    x: 5
    y: 35
    width: 50
    height: 20
    group: true
    boxes:
      inner: {x: 0, y: 0, width: 50, height: 5, text: {en: "Suit area", de: "Farbe"}}
  table:
    x: 5
    y: 60
    width: 50
    height: 20
    table: {rows: "range(0, 2)", header: [{en: Area, fr: Zone}, "#"], cells: ["{row}", "{row}"]}
  picture: {x: 5, y: 80, width: 5, height: 5, image: "{id}.png", else: {text: {en: No picture, fr: Sans image}}}
"""
BACK = """\
extends: face.yaml
boxes:
  back: {x: 5, y: 80, width: 50, height: 5, text: "Back of the area"}
"""
BOARD = """\
extends: builtin:board
boxes:
  title: {x: 5, y: 5, width: 50, height: 5, text: "{game.title}"}
"""
NORTH = """\
suit: {id: north, motto: {en: "Areas of the north, ever onward to the long valleys", fr: "Toujours"}}
cards:
  - {id: king, name: {en: King of the area, fr: Roi}, notes: [{en: An area, fr: Une zone}, Plain]}
  - {id: queen, name: {en: Queen, fr: Reine de la région}}
"""
SOUTH = """\
suit: {id: south, motto: Forward}
cards:
  - {id: jack, name: {en: Jack of areas, fr: Valet des zones}}
  - {id: ace, name: {en: Ace, fr: As}}
"""
GLOSSARY = """\
terms:
  - {en: [area], fr: [zone, région], de: Gebiet}
  - {en: king, fr: [roi]}
  - {fr: [valet], de: [Bube]}
  - {en: [ace], fr: [as]}
"""
FILES = dict(north=NORTH, south=SOUTH, face=FACE, back=BACK, board=BOARD, glossary=GLOSSARY)


@pytest.fixture
def game(load, monkeypatch):
    monkeypatch.setattr(conftest, "HEAD", conftest.HEAD + README)
    game, problems = load(COMPONENTS, **FILES)
    assert problems == []
    return game


# --- printed strings ---------------------------------------------------------------------------

def test_every_printed_string_with_its_languages_where_it_is_and_its_item(game) -> None:
    king, queen, jack, ace = game.sets["cards"].items
    found = [(p.name, dict(p.texts), str(p.where), p.item) for p in printed_strings(game)]
    assert found == [
        ("title", {"": "Test"}, "game.yaml:1:8", None),
        ("suit.motto", {"en": "Areas of the north, ever onward to the long valleys", "fr": "Toujours"},
         "north.yaml:1:26", None),
        ("suit.motto", {"": "Forward"}, "south.yaml:1:26", None),
        ("card 'king': name", {"en": "King of the area", "fr": "Roi"}, "north.yaml:3:22", king),
        ("card 'king': notes[0]", {"en": "An area", "fr": "Une zone"}, "north.yaml:3:63", king),
        ("card 'king': notes[1]", {"": "Plain"}, "north.yaml:3:92", king),
        ("card 'queen': name", {"en": "Queen", "fr": "Reine de la région"}, "north.yaml:4:23", queen),
        ("card 'jack': name", {"en": "Jack of areas", "fr": "Valet des zones"}, "south.yaml:3:22", jack),
        ("card 'ace': name", {"en": "Ace", "fr": "As"}, "south.yaml:4:21", ace),
        ("set 'cards': label", {"en": "{name} card", "fr": "carte {name}"}, "game.yaml:24:12", None),
        ("set 'cards': caption.0", {"": "{name}"}, "game.yaml:25:15", None),
        ("set 'cards': caption.1", {"": "A card of {group.id}"}, "game.yaml:25:25", None),
        ("set 'cards': caption.2", {"en": "{id}", "fr": "{id}"}, "game.yaml:25:49", None),
        ("set 'board': label", {"": "{id}"}, "game.yaml:32:12", None),
        ("layout 'face.yaml': name.text", {"": "{name}"}, "face.yaml:3:50", None),
        ("layout 'face.yaml': word.text", {"en": "Area {id}", "fr": "Zone {id}"}, "face.yaml:9:11", None),
        ("layout 'face.yaml': kind.text", {"en": "The king area", "fr": "Le roi"}, "face.yaml:15:11", None),
        ("layout 'face.yaml': other.text", {"": "Number {id}"}, "face.yaml:17:52", None),
        ("layout 'face.yaml': inner.text", {"en": "Suit area", "de": "Farbe"}, "face.yaml:25:55", None),
        ("layout 'face.yaml': table.table.header.0", {"en": "Area", "fr": "Zone"}, "face.yaml:31:43", None),
        ("layout 'face.yaml': table.table.header.1", {"": "#"}, "face.yaml:31:65", None),
        ("layout 'face.yaml': table.table.cells.0", {"": "{row}"}, "face.yaml:31:79", None),
        ("layout 'face.yaml': table.table.cells.1", {"": "{row}"}, "face.yaml:31:88", None),
        ("layout 'face.yaml': picture.else.text", {"en": "No picture", "fr": "Sans image"}, "face.yaml:32:79",
         None),
        # (back.yaml extends face.yaml: its boxes are said once, where face.yaml declares them)
        ("layout 'back.yaml': back.text", {"": "Back of the area"}, "back.yaml:3:51", None),
        ("layout 'board.yaml': title.text", {"": "{game.title}"}, "board.yaml:3:51", None),
        ("readme.contents.cards", {"en": "{count} cards", "fr": "{count} cartes"}, "game.yaml:9:12", None),
        ("readme.contents.board", {"": "{count} board"}, "game.yaml:10:12", None),
        ("readme.assembly.0", {"": "Keep the cards together"}, "game.yaml:12:7", None),
        ("readme.assembly.1", {"en": "Shuffle", "fr": "Mélangez"}, "game.yaml:13:7", None),
        ("readme.rules.0.heading", {"en": "The game", "fr": "Le jeu"}, "game.yaml:15:17", None),
        ("readme.rules.0.text", {"en": "Win the area", "fr": "Gagnez la région"}, "game.yaml:15:51", None)]
    assert printed_strings(game) is printed_strings(game)  # worked out once


def test_strings_of_files_that_are_not_documents_are_said_at_their_files(game) -> None:
    for file in ("game.yaml", "north.yaml", "face.yaml"):
        del game.documents[file]
    found = {(p.name, str(p.where)) for p in printed_strings(game)}
    assert {("title", "game.yaml:1:1"), ("motto", "north.yaml:1:1"), ("set 'cards': label", "game.yaml:1:1"),
            ("layout 'face.yaml': word.text", "face.yaml:1:1"), ("notes.0", "north.yaml:1:1")} < found
    assert not [name for name, _ in found if name.startswith("readme")]  # (the read-me is in game.yaml)
    assert ("layout 'back.yaml': back.text", "back.yaml:3:51") in found


def test_read_me_texts_that_are_not_words_are_left_out(game) -> None:
    doc = game.documents["game.yaml"]  # (its data is shared with every load of the same bytes: not changed)
    doc.data = dict(doc.data, readme={"contents": {"cards": {"en": "{count} cards", "fr": 3}, "board": ["a list"],
                                                   "tokens": "{count} tokens", "rules": {}}})
    game.memo.clear()
    assert [p.name for p in printed_strings(game) if p.name.startswith("readme.contents")] == [
        "readme.contents.tokens"]


def test_a_read_me_text_of_no_language_is_not_a_string(load, monkeypatch) -> None:
    # its schema says so, and validation goes on to every check: missing-translation once failed on
    # it (pnp validate with it), having no text to show
    monkeypatch.setattr(conftest, "HEAD", conftest.HEAD + "readme:\n  contents:\n    cards: {}\n")
    game, problems = load(COMPONENTS, **FILES)
    assert problems == ["game.yaml:8:12: error: readme.contents.cards: needs at least 1 entry [schema]"]
    assert [m for _, m in missing_translation(game) if "readme" in m] == []


def test_a_label_of_no_text_is_not_a_string(game) -> None:
    board = game.sets["board"]
    board.declaration = dict(board.declaration, label={})  # (its schema says what is wrong)
    assert "set 'board': label" not in [p.name for p in printed_strings(game)]
    assert list(missing_translation(game))


def test_what_a_string_lacks() -> None:
    from types import SimpleNamespace

    game = SimpleNamespace(languages=("en", "fr", "de"))

    def lacks(texts: dict) -> list[str]:
        return missing(Printed("x", texts, Location("x")), game)
    assert lacks({"": "Cards: {count}"}) == ["fr", "de"]  # words of its own: in the first language only
    assert lacks({"": "{count}"}) == []
    assert lacks({"en": "A", "de": "B"}) == ["fr"]
    assert lacks({"fr": "B"}) == ["en", "de"]


# --- missing-translation -----------------------------------------------------------------------

def test_a_string_without_one_of_the_games_languages_is_said_where_it_is_written(game) -> None:
    assert problems_of(game, "missing-translation") == [
        "game.yaml:1:8: warning: title ('Test') has no 'fr' text [missing-translation]",
        "south.yaml:1:26: warning: suit.motto ('Forward') has no 'fr' text [missing-translation]",
        "north.yaml:3:92: warning: card 'king': notes[1] ('Plain') has no 'fr' text [missing-translation]",
        "game.yaml:25:25: warning: set 'cards': caption.1 ('A card of {group.id}') has no 'fr' text "
        "[missing-translation]",
        "face.yaml:17:52: warning: layout 'face.yaml': other.text ('Number {id}') has no 'fr' text "
        "[missing-translation]",
        "face.yaml:25:55: warning: layout 'face.yaml': inner.text ('Suit area') has no 'fr' text "
        "[missing-translation]",
        "back.yaml:3:51: warning: layout 'back.yaml': back.text ('Back of the area') has no 'fr' text "
        "[missing-translation]",
        "game.yaml:10:12: warning: readme.contents.board ('{count} board') has no 'fr' text [missing-translation]",
        "game.yaml:12:7: warning: readme.assembly.0 ('Keep the cards together') has no 'fr' text "
        "[missing-translation]"]


def test_the_string_shown_is_its_first_languages_cut_at_forty_characters(game) -> None:
    strings = printed_strings(game)
    strings[:] = [Printed("a", {"en": "x" * 40, "de": "y"}, Location("a.yaml")),
                  Printed("b", {"en": "x" * 41}, Location("b.yaml")),
                  Printed("c", {"de": "z" * 50}, Location("c.yaml")),
                  Printed("d", {"": "Words", "fr": "Mots"}, Location("d.yaml")),
                  Printed("e", {"": "{id}"}, Location("e.yaml")),
                  Printed("f", {"de": "y", "en": "x"}, Location("f.yaml")),
                  Printed("g", {"fr": "Mots", "": "Words"}, Location("g.yaml"))]
    game.languages = ("en", "fr", "de")
    assert [(str(w), m) for w, m in missing_translation(game)] == [
        ("a.yaml:1:1", f"a ('{'x' * 40}') has no 'fr' text"),
        ("b.yaml:1:1", f"b ('{'x' * 39}…') has no 'fr' or 'de' text"),
        ("c.yaml:1:1", f"c ('{'z' * 39}…') has no 'fr' text"),
        ("d.yaml:1:1", "d ('Words') has no 'fr' or 'de' text"),
        ("f.yaml:1:1", "f ('x') has no 'fr' text"),
        ("g.yaml:1:1", "g ('Words') has no 'fr' or 'de' text")]


def test_a_game_in_one_language_has_nothing_to_translate(game) -> None:
    game.languages = ("en",)
    assert list(missing_translation(game)) == []


# --- glossary-term -----------------------------------------------------------------------------

def test_a_translation_without_the_glossarys_word_for_a_term_is_said(game) -> None:
    assert problems_of(game, "glossary-term") == [
        "north.yaml:1:26: warning: suit.motto: its 'fr' text does not use the glossary's word for 'area' ('zone' "
        "or 'région') [glossary-term]",
        "north.yaml:3:22: warning: card 'king': name: its 'fr' text does not use the glossary's word for 'area' "
        "('zone' or 'région') [glossary-term]",
        "face.yaml:15:11: warning: layout 'face.yaml': kind.text: its 'fr' text does not use the glossary's word "
        "for 'area' ('zone' or 'région') [glossary-term]",
        "face.yaml:25:55: warning: layout 'face.yaml': inner.text: its 'de' text does not use the glossary's word "
        "for 'area' ('Gebiet') [glossary-term]"]


def test_the_same_texts_lack_the_same_terms_wherever_they_are(game) -> None:
    strings = printed_strings(game)
    strings.append(Printed("again", {"en": "The king area", "fr": "Le roi"}, Location("x.yaml")))
    strings.append(Printed("other", {"en": "AREA", "fr": "Le Roi", "de": "gebiete"}, Location("y.yaml")))
    strings.append(Printed("german", {"en": "The King", "de": "Der König"}, Location("z.yaml")))  # (no German king)
    strings.append(Printed("ace", {"en": "An ace", "fr": "Un"}, Location("w.yaml")))  # (the glossary's fourth term)
    game.languages = ("en", "fr", "de")
    assert [(str(w), m) for w, m in glossary_term(game)][-3:] == [
        ("x.yaml:1:1", "again: its 'fr' text does not use the glossary's word for 'area' ('zone' or 'région')"),
        ("y.yaml:1:1", "other: its 'fr' text does not use the glossary's word for 'area' ('zone' or 'région')"),
        ("w.yaml:1:1", "ace: its 'fr' text does not use the glossary's word for 'ace' ('as')")]


def test_a_term_matches_at_the_start_of_a_word_whatever_its_case_and_apostrophe() -> None:
    assert _forms("a") == ("a",) and _forms(["a", 1, "b"]) == ("a", "b") and _forms(None) == ()
    assert _fold("L’Été") == "l'été"
    assert _pattern(()) is None
    pattern = _pattern(("coup d’État", "Zone"))
    assert pattern.pattern == r"(?<!\w)coup\ d'état|(?<!\w)zone"
    assert [bool(pattern.search(_fold(t))) for t in ("un coup d'état", "Zones", "ozone", "coup d’etat")] == [
        True, True, False, False]


def test_a_glossarys_entry_that_is_not_a_term_is_left_out(game) -> None:
    game.documents["glossary.yaml"].data = {"terms": ["a note", {"en": ["area"], "fr": ["zone"]}]}
    assert [m for _, m in glossary_term(game)][0] == (
        "suit.motto: its 'fr' text does not use the glossary's word for 'area' ('zone')")


def test_without_a_glossary_or_its_terms_nothing_is_said(game) -> None:
    game.documents["glossary.yaml"].data = {"terms": {"area": "zone"}}
    assert list(glossary_term(game)) == []
    game.documents["glossary.yaml"].data = ["terms"]
    assert list(glossary_term(game)) == []
    del game.documents["glossary.yaml"]
    assert list(glossary_term(game)) == []
    game.glossary = None
    assert list(glossary_term(game)) == []


# --- coverage ----------------------------------------------------------------------------------

def test_what_each_language_has_of_the_printed_sets_items_and_strings(game) -> None:
    # the king's notes[1] is in English only: the three other cards have every string in French
    assert coverage(game) == [Coverage("fr", {"cards": (3, 4), "board": (0, 0)}, 23, 9)]
    assert coverage(game, first=True) == [Coverage("en", {"cards": (4, 4), "board": (0, 0)}, 32, 0),
                                          Coverage("fr", {"cards": (3, 4), "board": (0, 0)}, 23, 9)]
    assert [c.line(game) for c in coverage(game, first=True)] == ["en: 4 of 4 cards, 0 strings missing",
                                                                  "fr: 3 of 4 cards, 9 strings missing"]
    assert Coverage("de", {"cards": (1, 2), "board": (1, 1)}, 3, 1).line(game) == "de: 1 of 2 cards, 1 string missing"


def test_a_game_in_one_language_or_without_printed_sets_has_no_coverage(game) -> None:
    assert format_coverage(game, []) == "Test is printed in one language (en): nothing to translate\n"
    game.languages = ("en",)
    assert coverage(game) == []
    game.languages = ("en", "fr")
    for component in game.sets.values():
        component.type = "data"
    assert coverage(game) == []


def test_the_coverage_table(game) -> None:
    game.languages = ("en", "fr", "de")
    game.title = Text((("fr", "Essai"), ("en", "Test")))  # (in the first language, not the first given)
    assert format_coverage(game, []) == "Test is printed in one language (en): nothing to translate\n"
    assert format_coverage(game, coverage(game)) == (
        "Test: what is translated (items with every printed string, and strings)\n"
        "               fr       de\n"
        "cards      3 of 4   0 of 4\n"
        "board      0 of 0   0 of 0\n"
        "strings  24 of 32  8 of 32\n")


def test_a_layouts_words_in_a_switch_and_in_a_box_drawn_in_anothers_stead(game) -> None:
    from pnp.checks.translation import _layout_strings
    from pnp.layout.reader import Box
    from pnp.layout.values import Localised, Switch

    def words(en: str) -> Localised:
        return Localised((("en", parse_template(en)), ("fr", parse_template(en.upper()))))
    inner = Box("inner", "text", 0, 0, 10, 10, {"text": words("in")}, None, 0.0, False, ("boxes", "a", "else"))
    switch = Switch(None, {"x": words("case"), "y": "plain"}, words("other"))
    box = Box("a", "icon", 0, 0, 10, 10, {"icon": switch, "marks": (words("one"), [words("two")]), "else": inner},
              None, 0.0, False, ("boxes", "a"))
    # (a box "a" face.yaml does not declare: said at its boxes)
    assert [(p.name, dict(p.texts), str(p.where)) for p in _layout_strings(game, "face.yaml", box)] == [
        ("layout 'face.yaml': a.icon.cases.x", {"en": "case", "fr": "CASE"}, "face.yaml:3:3"),
        ("layout 'face.yaml': a.icon.default", {"en": "other", "fr": "OTHER"}, "face.yaml:3:3"),
        ("layout 'face.yaml': a.marks.0", {"en": "one", "fr": "ONE"}, "face.yaml:3:3"),
        ("layout 'face.yaml': a.marks.1.0", {"en": "two", "fr": "TWO"}, "face.yaml:3:3"),
        ("layout 'face.yaml': inner.text", {"en": "in", "fr": "IN"}, "face.yaml:3:3")]
    assert [str(p.where) for p in _layout_strings(game, "other.yaml", box)][0] == "other.yaml:1:1"
