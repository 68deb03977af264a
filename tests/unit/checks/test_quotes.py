"""pnp.checks.quotes: `straight-quote`, a straight apostrophe or double quote in what a player
reads, in every language (the data's texts, a set's label and caption, a layout's own words,
the read-me-first's texts, the rulebooks' text), said at the text's own line with its word;
never in a template's expressions, a rulebook's references, values and checks, or comments."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from pnp.checks import CHECKS, run_rules
from pnp.checks.quotes import SHOWN, Straight, _find, _lines, literal, rulebook_words, straight, straight_quote
from pnp.load.game import load_game
from pnp.load.rulebook import read_rulebook
from pnp.problems import Location, Severity

GAME = """\
title: {en: Test, fr: Test}
languages: [en, fr]
fonts: {body: SourceSansPro-Regular, heading: SourceSerifPro-Bold}
players: {min: 2, max: 4}
rules: {en: rules/en.md, fr: rules/fr.md}
readme:
  assembly:
    - en: "Keep each player's cards together"
      fr: "Gardez ensemble les cartes d’un joueur"
components:
  cards:
    type: card
    files: cards.yaml
    items: cards
    fields: {name: text, note: {type: text, optional: true}}
    label: {en: "{name}'s card {'it' + \\"'s\\"}", fr: "carte {name}"}
    caption: ["{name if id != 'x' else 'it'}", "The king's {id}"]
    face: card.yaml
"""
CARDS = """\
# a comment's apostrophe is not printed
cards:
  - id: king
    name:
      en: King's Men
      fr: "Les hommes d'armes du \\"roi\\""
  - {id: queen, name: Queen, note: {en: "She said \\"no\\" twice, 5' 2\\"", fr: La reine}}
"""
CARD = """\
extends: builtin:card
boxes:
  title: {x: 5, y: 5, width: 50, height: 5, text: {en: "The {name}'s", fr: "{'d' + \\"'\\" + name}"}}
  back: {x: 5, y: 15, width: 50, height: 5, text: "Don't {{look}}"}
"""
EN = """\
# The *game's* end {#end}

{cards:king}'s men win {=game.players.min} games.

@check cards['king'].name != 'x'

- one
- the bank's "money
  is short"

::: note A player's note
| Card's | n |
|---|---|
| one | 1 |

![The queen's card](cards:queen)
:::
"""
FR = "# La fin {#end}\n\nL’aide d'un joueur, d\\-'État.\n"


@pytest.fixture
def game(tmp_path: Path):
    files = {"game.yaml": GAME, "cards.yaml": CARDS, "card.yaml": CARD, "rules/en.md": EN, "rules/fr.md": FR}
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, "utf-8")
    found, problems = load_game(tmp_path / "game.yaml")
    assert found is not None and problems == [], [p.format() for p in problems]
    return found


def test_the_check_is_a_warning_with_its_doc() -> None:
    assert (CHECKS["straight-quote"].severity, CHECKS["straight-quote"].doc) == (
        Severity.WARNING, "Printed text, in any language, has a straight apostrophe (') or double quote (\") where "
                          "print wants ’ or the language's quotation marks: the data's texts, a set's label and "
                          "caption, a layout's own words, the read-me-first's and the rulebooks' text (never "
                          "expressions, ids or comments).")


def test_every_straight_mark_the_game_prints_is_said_where_its_language_writes_it(game) -> None:
    assert [p.format() for p in run_rules(game, only=frozenset({"straight-quote"}))] == [
        "cards.yaml:5:11: warning: card 'king': name.en: a straight apostrophe in \"King's\": print ’ (U+2019) "
        "[straight-quote]",
        "cards.yaml:6:11: warning: card 'king': name.fr: a straight apostrophe in \"d'armes\": print ’ (U+2019) "
        "[straight-quote]",
        "cards.yaml:6:11: warning: card 'king': name.fr: a straight double quote in '\"roi\"': print the "
        "language's quotation marks (“ ”, « », „ “) [straight-quote]",
        "cards.yaml:7:41: warning: card 'queen': note.en: a straight apostrophe in \"5'\": print ’ (U+2019) "
        "[straight-quote]",
        "cards.yaml:7:41: warning: card 'queen': note.en: straight double quotes in '\"no\"', '2\"': print the "
        "language's quotation marks (“ ”, « », „ “) [straight-quote]",
        # (a template's words: its expressions' quotes are code)
        "game.yaml:16:17: warning: set 'cards': label.en: a straight apostrophe in \"'s\": print ’ (U+2019) "
        "[straight-quote]",
        "game.yaml:17:48: warning: set 'cards': caption.1: a straight apostrophe in \"king's\": print ’ (U+2019) "
        "[straight-quote]",
        "card.yaml:3:56: warning: layout 'card.yaml': title.text.en: a straight apostrophe in \"'s\": print ’ "
        "(U+2019) [straight-quote]",
        "card.yaml:4:51: warning: layout 'card.yaml': back.text: a straight apostrophe in \"Don't\": print ’ "
        "(U+2019) [straight-quote]",
        "game.yaml:8:11: warning: readme.assembly.0.en: a straight apostrophe in \"player's\": print ’ (U+2019) "
        "[straight-quote]",
        # each at the word's own line and column: a heading, a paragraph after a reference, a list's
        # second item (its quotes across two lines), a box's title, a table's cell, a picture's caption
        "rules/en.md:1:8: warning: rulebook: a straight apostrophe in \"game's\": print ’ (U+2019) "
        "[straight-quote]",
        "rules/en.md:3:13: warning: rulebook: a straight apostrophe in \"'s\": print ’ (U+2019) [straight-quote]",
        "rules/en.md:8:7: warning: rulebook: a straight apostrophe in \"bank's\": print ’ (U+2019) "
        "[straight-quote]",
        "rules/en.md:8:14: warning: rulebook: a straight double quote in '\"money is short\"': print the "
        "language's quotation marks (“ ”, « », „ “) [straight-quote]",
        "rules/en.md:11:12: warning: rulebook: a straight apostrophe in \"player's\": print ’ (U+2019) "
        "[straight-quote]",
        "rules/en.md:12:3: warning: rulebook: a straight apostrophe in \"Card's\": print ’ (U+2019) "
        "[straight-quote]",
        "rules/en.md:16:7: warning: rulebook: a straight apostrophe in \"queen's\": print ’ (U+2019) "
        "[straight-quote]",
        # (a soft hyphen written in a word is no part of it)
        "rules/fr.md:3:8: warning: rulebook: straight apostrophes in \"d'un\", \"d'État\": print ’ (U+2019) "
        "[straight-quote]"]


def test_a_game_in_curly_quotes_has_nothing_said(game, tmp_path: Path) -> None:
    assert list(straight_quote(game))
    for name in ("game.yaml", "cards.yaml", "card.yaml", "rules/en.md", "rules/fr.md"):
        text = (tmp_path / name).read_text("utf-8")
        # (only the words: a template's expressions keep their quotes)
        for word in ("player's", "}'s", "king's", "King's", "d'armes", "\\\"roi\\\"", "\\\"no\\\"", "5'",
                     "2\\\"", "Don't", "game's", "bank's", "\"money", "short\"", "Card's", "queen's", "d'un",
                     "-'État"):
            text = text.replace(word, word.replace("'", "’").replace("\\\"", "”").replace("\"", "”"))
        (tmp_path / name).write_text(text, "utf-8")
    found, problems = load_game(tmp_path / "game.yaml")
    assert problems == [] and list(straight_quote(found)) == []


def test_a_templates_own_words_are_outside_its_expressions() -> None:
    assert literal("{name}'s {'it' + \"'\"} {{x}} {a {b} 'c}' d} e'") == " 's   {x}   e'"
    assert literal("a {'}' + x} b") == "a   b"
    assert literal("a {'\\'' + x} b") == "a   b"
    assert literal("a {open 'x") == "a  "
    assert literal("}} and }") == "} and }"


def test_the_marks_of_a_text_each_word_once() -> None:
    assert straight("d'État, (players') 'tis d'État") == [
        Straight("'", "d'État"), Straight("'", "players'"), Straight("'", "'tis")]
    assert straight('say "no bid" or "yes," then 6" high') == [
        Straight('"', '"no bid"'), Straight('"', '"yes,"'), Straight('"', '6"')]
    assert straight("\"it's\" and 's") == [Straight('"', "\"it's\""), Straight("'", "it's"), Straight("'", "'s")]
    assert straight('a lone " and \'') == [Straight('"', '"'), Straight("'", "'")]
    assert straight("curly ’ “quotes” « » „ “") == []
    long = '"' + "x" * 61 + '"'  # too long to be a pair: each end is its own word
    assert straight(long) == [Straight('"', long)]


def test_a_message_names_its_first_words_and_counts_the_rest(game, tmp_path: Path) -> None:
    (tmp_path / "rules/fr.md").write_text("# La fin {#end}\n\nl'a l'b l'c l'd l'e\n", "utf-8")
    found, _ = load_game(tmp_path / "game.yaml")
    assert SHOWN == 3
    assert [m for w, m in straight_quote(found) if w.file == "rules/fr.md"] == [
        "rulebook: straight apostrophes in \"l'a\", \"l'b\", \"l'c\" and 2 more: print ’ (U+2019)"]


def test_the_rulebooks_printed_words_with_their_blocks_lines() -> None:
    book, problems = read_rulebook(EN, "rules/en.md", "en")
    assert problems == []
    assert list(rulebook_words(book.blocks)) == [
        (1, "The game's end"), (3, " 's men win   games."), (7, "one"), (7, 'the bank\'s "money is short"'),
        (11, "A player's note"), (12, "Card's"), (12, "n"), (12, "one"), (12, "1"), (16, "The queen's card")]


def test_a_word_is_found_from_its_blocks_line_else_said_at_the_block() -> None:
    lines = ["a", "x d\\-'État", "d'État here \"no", "bid\""]
    assert _find("r.md", lines, 1, "d'État") == Location("r.md", 2, 3)
    assert _find("r.md", lines, 1, '"no bid"') == Location("r.md", 3, 13)
    assert _find("r.md", lines, 3, "d'État") == Location("r.md", 3, 1)
    assert _find("r.md", lines, 2, "gone") == Location("r.md", 2)
    assert _find("r.md", [], 4, "gone") == Location("r.md", 4)


def test_a_rulebook_that_cannot_be_read_again_has_no_lines(game, tmp_path: Path) -> None:
    assert _lines(game, "rules/fr.md")[:1] == ["# La fin {#end}"]
    (tmp_path / "rules/fr.md").write_bytes(b"\xff")
    assert _lines(game, "rules/fr.md") == []
    (tmp_path / "rules/fr.md").unlink()
    assert _lines(game, "rules/fr.md") == []
    assert [str(w) for w, m in straight_quote(game) if w.file == "rules/fr.md"] == ["rules/fr.md:3:1"]


def test_a_string_whose_file_is_no_document_is_said_where_it_is(game) -> None:
    del game.documents["cards.yaml"]
    assert [str(w) for w, m in straight_quote(game) if w.file == "cards.yaml"] == ["cards.yaml:1:1"] * 5


def test_pnps_own_words_hold_to_the_same_rule() -> None:
    """The read-me-first's, the sheets' and the duplex test's words pnp prints in every kit."""
    from pnp.words import WORDS

    assert len(WORDS) >= 3
    assert [(language, key) for language, words in WORDS.items() for key, text in words.items()
            if straight(literal(text))] == []


def test_a_templates_words_and_expressions_at_their_edges() -> None:
    assert literal("XX {X} Y") == "XX   Y"  # (only braces are doubled, and only quotes open a string)
    assert literal("a {'\\n}' + x} b") == "a   b"  # (an escape in an expression's string, not a quote)


def test_a_double_quote_is_cut_of_the_punctuation_around_its_word() -> None:
    assert straight('a 6", b') == [Straight('"', '6"')]
    assert straight('a ", b') == [Straight('"', '"')]


def test_the_messages_of_double_quotes_alone_and_of_exactly_as_many_words_as_shown() -> None:
    from pnp.checks.quotes import _messages

    fix = "print the language's quotation marks (“ ”, « », „ “)"
    assert list(_messages("x", [Straight('"', '6"')])) == [('6"', f"x: a straight double quote in '6\"': {fix}")]
    three = [Straight("'", w) for w in ("l'a", "l'b", "l'c")]
    assert list(_messages("x", three)) == [
        ("l'a", "x: straight apostrophes in \"l'a\", \"l'b\", \"l'c\": print ’ (U+2019)")]


def test_a_string_with_marks_in_its_second_language_only(game, tmp_path: Path) -> None:
    (tmp_path / "cards.yaml").write_text("cards:\n  - id: king\n    name:\n      en: King\n      fr: d'armes\n"
                                         "  - id: queen\n    name: {en: Queen, fr: l'une}\n", "utf-8")
    found, problems = load_game(tmp_path / "game.yaml")
    assert problems == []
    assert [(str(w), m) for w, m in straight_quote(found) if w.file == "cards.yaml"] == [
        ("cards.yaml:5:11", "card 'king': name.fr: a straight apostrophe in \"d'armes\": print ’ (U+2019)"),
        ("cards.yaml:7:27", "card 'queen': name.fr: a straight apostrophe in \"l'une\": print ’ (U+2019)")]


def test_a_string_at_no_values_position_is_said_where_it_is(game) -> None:
    from pnp.checks.quotes import _language

    where = Location("cards.yaml", 1, 1)  # (the comment line)
    assert _language(game, where, "en", {}) is where
    assert _language(game, where, "", {}) is where


def test_a_word_is_looked_for_at_most_200_lines_down_at_its_first_place_on_its_line() -> None:
    lines = ["x"] * 200 + ["it's"]
    assert _find("r.md", lines, 1, "it's") == Location("r.md", 201, 1)
    assert _find("r.md", ["x"] + lines, 1, "it's") == Location("r.md", 1)
    assert _find("r.md", ["x", "it's"], 1, "it's") == Location("r.md", 2, 1)
    assert _find("r.md", ["a\\-b it's it's"], 1, "it's") == Location("r.md", 1, 6)
    assert _find("r.md", ["d\\-'État, d\\-'État"], 1, "d'État") == Location("r.md", 1, 1)
