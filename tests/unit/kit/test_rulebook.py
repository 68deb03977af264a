"""pnp.kit.rulebook: a rulebook worked out for a language, on a small game written in the test:
references turned into the game's names and fields, values worked out from the data, icons and
pictured pieces looked up (each wrong one a located `rules-reference` with "did you mean"),
French spacing, the examples' @check lines evaluated (a failed one says what its sides come
to), and what the other parts of pnp read of it: its texts, sections and pictured pieces."""

from __future__ import annotations

import textwrap
from pathlib import Path
from types import SimpleNamespace

import pytest

from pnp.kit.rulebook import (NBSP, NNBSP, Block, IconRun, LineBreak, Resolved, Run, environment, find_item,
                              french_spacing, name_field, pictured_pieces, plain_text, resolve, resolved, sections,
                              texts)
from pnp.load.game import load_game
from pnp.load.rulebook import read_rulebook
from pnp.problems import Location

GAME = """\
title: {en: Tiny, fr: Minuscule}
languages: [en, fr]
fonts: {body: SourceSansPro-Regular}
players: {min: 2, max: 4}
values: {target: 12, currency: "$"}
rules: {en: rules/en.md, fr: rules/fr.md}
components:
  cards:
    type: card
    files: cards.yaml
    items: cards
    fields:
      name: text
      crowns: {type: int, default: 0}
      treasure: {type: int, default: 0}
      home: {type: ref, to: places, optional: true}
    face: layouts/card.yaml
    back: layouts/card.yaml
  places: {type: data, files: places.yaml, items: places, fields: {note: {type: text, optional: true}, name: text}}
  chips: {type: token, size: 20mm, files: chips.yaml, items: chips,
          fields: {label: text, worth: int, rate: {type: number, default: 1.5}}, face: layouts/token.yaml}
  marks: {type: token, size: 20mm, files: marks.yaml, items: marks, fields: {worth: int}, face: layouts/token.yaml}
  turn-tokens: {type: token, size: 20mm, files: turns.yaml, items: turns, fields: {name: text},
                face: layouts/token.yaml}
"""
FILES = {
    "cards.yaml": """\
        cards:
          - {id: king, name: {en: King, fr: Roi}, crowns: 2, home: keep}
          - {id: queen, name: {en: Queen, fr: Reine}, crowns: 1, treasure: 2}
          - {id: keep, name: {en: Keep, fr: Donjon}, treasure: 1}
        """,
    "places.yaml": "places: [{id: keep, name: {en: The keep, fr: Le donjon}}]\n",
    "chips.yaml": "chips: [{id: gold, label: {en: Gold, fr: Or}, worth: 5000}]\n",
    "marks.yaml": "marks: [{id: m1, worth: 1}]\n",
    "turns.yaml": "turns: [{id: t1, name: First}]\n",
    "layouts/card.yaml": "extends: builtin:card\nboxes: {}\n",
    "layouts/token.yaml": "extends: builtin:token\nboxes: {}\n",
    "icons/crown.svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M1 9 L5 1 L9 9 Z"/>'
                       '</svg>\n',
    "icons/castle.svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect x="1" y="1" width="8" '
                        'height="8"/></svg>\n',
}


@pytest.fixture
def game(tmp_path: Path):
    """game(en, fr): the small game with these rulebooks, loaded with no problem."""
    def make(en: str = "# Tiny {#tiny}\n", fr: str = "# Minuscule {#tiny}\n"):
        files = {**FILES, "rules/en.md": en, "rules/fr.md": fr, "game.yaml": GAME}
        for name, text in files.items():
            (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / name).write_text(textwrap.dedent(text), "utf-8")
        found, problems = load_game(tmp_path / "game.yaml")
        assert found is not None and problems == [], [p.format() for p in problems]
        return found
    return make


def worked_out(game, en: str, language: str = "en") -> tuple[tuple, list[str]]:
    """The blocks of `en` worked out (in `language`), and its findings as 'line:column: message [rule]'."""
    book, findings = resolve(game(en), game(en).rules["en"], language)
    return book.blocks, [f"{f.where.line}:{f.where.column}: {f.message} [{f.rule}]" for f in findings]


def paragraph(game, text: str, language: str = "en") -> tuple[tuple, list[str]]:
    (block,), findings = worked_out(game, text, language)
    assert block.kind == "paragraph" and block.line == 1
    return block.runs, findings


def one_run(game, text: str, language: str = "en") -> str:
    runs, findings = paragraph(game, text, language)
    assert findings == []
    (run,) = runs
    return run.text


# --- references --------------------------------------------------------------------------------


def test_an_items_name_in_the_readers_language(game) -> None:
    assert one_run(game, "{cards:king} and {places:keep}") == "King and The keep"
    assert one_run(game, "{cards:king} et {places:keep}", "fr") == "Roi et Le donjon"


def test_a_set_without_a_name_field_is_named_by_its_first_text_field(game) -> None:
    assert one_run(game, "{chips:gold}") == "Gold"
    assert one_run(game, "{chips:gold}", "fr") == "Or"


def test_a_field_formatted_for_the_language(game) -> None:
    assert one_run(game, "{cards:queen.crowns} {chips:gold.worth} {marks:m1.worth} {cards:king.id}") == \
        "1 5000 1 king"
    assert one_run(game, "{chips:gold.worth} {chips:gold.label}", "fr") == "5000 Or"


def test_a_reference_field_prints_the_name_of_the_item_it_refers_to(game) -> None:
    assert one_run(game, "{cards:king.home}") == "The keep"
    assert one_run(game, "{cards:king.home}", "fr") == "Le donjon"


def test_references_that_name_nothing(game) -> None:
    runs, findings = paragraph(game, "{cards:kign} {card:king} {deck:x} {cards:king.crown} {cards:king.colour} "
                                     "{marks:m1} {cards:queen.home}")
    assert runs == (Run("kign king x king king m1 "),)
    assert findings == [
        "1:1: set 'cards' has no item 'kign' (did you mean 'king'?) [rules-reference]",
        "1:14: no set 'card' (did you mean 'cards'?) [rules-reference]",
        "1:26: no set 'deck' [rules-reference]",
        "1:35: card 'king' has no field 'crown' (did you mean 'crowns'?) [rules-reference]",
        "1:54: card 'king' has no field 'colour' [rules-reference]",
        "1:74: mark 'm1': its set has no text field to name it by; name a field: {marks:m1.FIELD} [rules-reference]"]


def test_a_reference_to_a_missing_optional_item_prints_nothing(game) -> None:
    assert paragraph(game, "[{cards:queen.home}]") == ((Run("[]"),), [])


# --- values ------------------------------------------------------------------------------------


def test_values_worked_out_from_the_data(game) -> None:
    text = "{=game.target} {=game.target * 1000} {=game.players.max} {=len(cards)} {=cards['king'].crowns}"
    assert one_run(game, text) == "12 12000 4 3 2"
    assert one_run(game, "{=game.target * 1000} {=game.currency}", "fr") == "12000 $"


def test_a_value_that_cannot_be_worked_out(game) -> None:
    assert paragraph(game, "To {=game.targe} or {=1 / 0}.") == ((Run("To  or ."),), [
        "1:4: {=game.targe} cannot be worked out: no field 'targe' (did you mean 'target'?) [rules-example]",
        "1:21: {=1 / 0} cannot be worked out: division by zero [rules-example]"])


# --- styles, icons, breaks ---------------------------------------------------------------------


def test_styled_runs_and_adjacent_runs_of_one_style_joined(game) -> None:
    runs, findings = paragraph(game, "a **b {cards:king}** *c **d***{=1}**e**f\\\ng :crown::castle:")
    assert findings == []
    assert runs == (Run("a "), Run("b King", bold=True), Run(" "), Run("c ", italic=True),
                    Run("d", bold=True, italic=True), Run("1"), Run("e", bold=True), Run("f"), LineBreak(),
                    Run("g "), IconRun("crown"), IconRun("castle"))


def test_an_empty_value_makes_no_run(game) -> None:
    assert paragraph(game, "**{=''}**x") == ((Run("x"),), [])


def test_an_icon_the_game_does_not_have(game) -> None:
    assert paragraph(game, "a :crwon: :sword:") == ((Run("a  "),), [
        "1:3: no icon 'crwon' (did you mean 'crown'?) [rules-reference]", "1:11: no icon 'sword' [rules-reference]"])


def test_an_icon_whose_file_cannot_be_drawn(game) -> None:
    from pnp.problems import Location

    def broken(en: str):  # (as a game whose icons/sword.svg holds an element pnp does not draw is loaded)
        found = game(en)
        found.unusable_icons = {"sword": Location("icons/sword.svg", 4, 3)}
        return found

    assert paragraph(broken, "a :sword:") == ((Run("a "),), [
        "1:3: icon 'sword' cannot be drawn: see icons/sword.svg:4 [rules-reference]"])


# --- French spacing ----------------------------------------------------------------------------


@pytest.mark.parametrize(("written", "set_as"), [
    ("Quoi ? Oui ! Non ; si", f"Quoi{NNBSP}? Oui{NNBSP}! Non{NNBSP}; si"),
    ("Quoi?Oui!", f"Quoi{NNBSP}?Oui{NNBSP}!"),
    ("Quoi  \u00a0?", f"Quoi{NNBSP}?"),
    ("Note : voici", f"Note{NBSP}: voici"),
    ("Note: voici", f"Note{NBSP}: voici"),
    ("fin :", f"fin{NBSP}:"),
    ("10:30 et http://x", "10:30 et http://x"),
    (": au début", ": au début"),
    ("« oui »", f"«{NNBSP}oui{NNBSP}»"),
    ("«oui»", f"«{NNBSP}oui{NNBSP}»"),
    ("«\u00a0 oui \u202f»", f"«{NNBSP}oui{NNBSP}»"),
    ("plain", "plain"),
])
def test_french_spacing(written: str, set_as: str) -> None:
    assert french_spacing(written) == set_as
    assert french_spacing(set_as) == set_as


def test_french_spacing_in_a_french_rulebook_only(game) -> None:
    text = "Le {cards:king} : «oui» ! **Quoi ?**"
    assert paragraph(game, text, "fr") == ((Run(f"Le Roi{NBSP}: «{NNBSP}oui{NNBSP}»{NNBSP}! "),
                                            Run(f"Quoi{NNBSP}?", bold=True)), [])
    assert paragraph(game, text) == ((Run("Le King : «oui» ! "), Run("Quoi ?", bold=True)), [])


# --- pictures ----------------------------------------------------------------------------------


def test_a_pictures_pieces(game) -> None:
    (picture,), findings = worked_out(game, "![The **king**](cards:king cards:queen:back+chips:gold)")
    assert findings == []
    assert picture == Block("picture", (Run("The "), Run("king", bold=True)),
                            pieces=((("cards", "king", False),), (("cards", "queen", True), ("chips", "gold", False))),
                            line=1)


def test_pieces_that_cannot_be_pictured(game) -> None:
    (picture,), findings = worked_out(game, "![x](cards:kign places:keep chips:gold:back+cards:king deck:a)")
    assert picture.pieces == ((("cards", "king", False),),)
    assert findings == [
        "1:6: set 'cards' has no item 'kign' (did you mean 'king'?) [rules-reference]",
        "1:17: set 'places' is data, not printed: it has no picture [rules-reference]",
        "1:29: chip 'gold' has no back to picture [rules-reference]",
        "1:56: no set 'deck' [rules-reference]"]


def test_a_picture_with_no_piece_left_is_left_out(game) -> None:
    blocks, findings = worked_out(game, "![x](cards:kign)\n\ntext")
    assert [b.kind for b in blocks] == ["paragraph"]
    assert findings == ["1:6: set 'cards' has no item 'kign' (did you mean 'king'?) [rules-reference]"]


# --- checks ------------------------------------------------------------------------------------


EXAMPLE = """\
::: example The north
![The king and the queen](cards:king cards:queen:back)
@check {check}
:::
"""


def check(game, expression: str) -> list[str]:
    blocks, findings = worked_out(game, EXAMPLE.format(check=expression))
    assert [b.kind for b in blocks] == ["box"] and [b.kind for b in blocks[0].items] == ["picture"]
    return findings


@pytest.mark.parametrize("expression", [
    "cards['king'].crowns == 2", "len(shown) == 2", "sum([c.crowns for c in shown]) == 3", "shown[1].id == 'queen'",
    "game.target > 10", "'turn-tokens' not in places", "chips['gold'].worth == 5000",
    "[c.id for c in shown] == ['king', 'queen']"])
def test_checks_that_hold(game, expression: str) -> None:
    assert check(game, expression) == []


def test_a_check_that_fails_says_what_its_sides_come_to(game) -> None:
    assert check(game, "sum([c.treasure for c in shown]) == 3") == [
        "3:8: the example no longer holds: sum([c.treasure for c in shown]) == 3 is false "
        "(sum([c.treasure for c in shown]) is 2) [rules-example]"]
    assert check(game, "3 < len(shown)") == [
        "3:8: the example no longer holds: 3 < len(shown) is false (len(shown) is 2) [rules-example]"]
    assert check(game, "cards['king'].crowns == cards['queen'].crowns") == [
        "3:8: the example no longer holds: cards['king'].crowns == cards['queen'].crowns is false "
        "(cards['king'].crowns is 2; cards['queen'].crowns is 1) [rules-example]"]
    assert check(game, "shown[0].name == 'Queen'") == [
        "3:8: the example no longer holds: shown[0].name == 'Queen' is false (shown[0].name is 'King') "
        "[rules-example]"]
    assert check(game, "chips['gold'].worth < 1000") == [
        "3:8: the example no longer holds: chips['gold'].worth < 1000 is false (chips['gold'].worth is 5000) "
        "[rules-example]"]


def test_a_failed_check_that_is_not_one_comparison_says_no_more(game) -> None:
    assert check(game, "len(shown) == 3 and True") == [
        "3:8: the example no longer holds: len(shown) == 3 and True is false [rules-example]"]
    assert check(game, "1 < len(shown) < 2") == [
        "3:8: the example no longer holds: 1 < len(shown) < 2 is false [rules-example]"]
    assert check(game, "len(shown) == 3 if True else 1") == [
        "3:8: the example no longer holds: len(shown) == 3 if True else 1 is false [rules-example]"]


def test_a_constant_side_is_not_said(game) -> None:
    assert check(game, "'x' == shown[0].name") == [
        "3:8: the example no longer holds: 'x' == shown[0].name is false (shown[0].name is 'King') [rules-example]"]
    assert check(game, "[1][len(shown) - 2] == 2") == [
        "3:8: the example no longer holds: [1][len(shown) - 2] == 2 is false ([1][len(shown) - 2] is 1) "
        "[rules-example]"]


def test_a_check_that_cannot_be_worked_out(game) -> None:
    assert check(game, 'len(shown) > "two"') == [
        "3:8: @check cannot be worked out: cannot compare number and text (in 'len(shown) > \"two\"') "
        "[rules-example]"]
    assert check(game, "shown[5].id == 'x'") == [
        "3:8: @check cannot be worked out: index 5 is out of range (the list has 2 elements) "
        "(in \"shown[5].id == 'x'\") [rules-example]"]


def test_a_check_that_does_not_parse_is_the_readers_problem_only(game) -> None:
    found = game()
    book, problems = read_rulebook("::: note\n@check 1 +\n:::", "rules/en.md", "en")
    assert [p.message for p in problems] == ["@check: syntax error: invalid syntax in '1 +'"]
    worked, findings = resolve(found, book)
    assert findings == [] and worked.blocks == (Block("box", anchor="note", line=1),)


def test_a_check_reads_the_pieces_shown_since_its_heading(game) -> None:
    blocks, findings = worked_out(game, "# A\n![x](cards:king chips:gold)\n@check len(shown) == 2\n## B\n"
                                        "@check shown == []\n![y](cards:kign)\n@check len(shown) == 0")
    assert [b.kind for b in blocks] == ["heading", "picture", "heading"]
    assert findings == ["6:6: set 'cards' has no item 'kign' (did you mean 'king'?) [rules-reference]"]


def test_the_environment(game) -> None:
    found = game()
    env = environment(found, "en")
    assert sorted(env) == ["cards", "chips", "game", "marks", "places", "sets", "shown"]
    assert list(env["cards"]) == ["king", "queen", "keep"] and env["shown"] == []
    assert env["cards"]["king"]["name"] == "King"
    assert environment(found, "fr")["places"]["keep"]["name"] == "Le donjon"
    pieces, _ = read_rulebook("![x](cards:king cards:nobody chips:gold)", "r.md", "en")
    shown = environment(found, "fr", sum(pieces.blocks[0].stacks, ()))
    assert [item["name"] if "name" in item else item["label"] for item in shown["shown"]] == ["Roi", "Or"]


def test_a_set_named_like_a_name_the_game_has_is_not_shadowed(game) -> None:
    found = game()
    found.sets["game"] = found.sets["chips"]
    assert environment(found, "en")["game"]["target"] == 12


# --- items and names ---------------------------------------------------------------------------


def test_find_item(game) -> None:
    found = game()
    item, why = find_item(found, "cards", "queen")
    assert (item.id, why) == ("queen", None)
    assert find_item(found, "cards", "quen") == (None, "set 'cards' has no item 'quen' (did you mean 'queen'?)")
    assert find_item(found, "card", "queen") == (None, "no set 'card' (did you mean 'cards'?)")
    assert find_item(found, "zzz", "queen") == (None, "no set 'zzz'")
    assert find_item(found, "marks", "zzz") == (None, "set 'marks' has no item 'zzz'")


def test_name_field(game) -> None:
    found = game()
    assert [name_field(found.sets[s]) for s in ("cards", "places", "chips", "marks")] == ["name", "name", "label", None]


# --- blocks ------------------------------------------------------------------------------------


BOOK = """\
# The {cards:king} {#top}

Intro.

## Set-up {#set-up}

- one :crown:
- two

3. three

| Card | Crowns |
|---|--:|
| {cards:king} | {cards:king.crowns} |

::: note A *variant*
Text.
![k](cards:keep)
:::

\\newpage

### Turn

![q](cards:queen)
"""


def test_every_kind_of_block(game) -> None:
    blocks, findings = worked_out(game, BOOK)
    assert findings == []
    assert blocks == (
        Block("heading", (Run("The King"),), level=1, anchor="top", line=1),
        Block("paragraph", (Run("Intro."),), line=3),
        Block("heading", (Run("Set-up"),), level=2, anchor="set-up", line=5),
        Block("list", items=((Run("one "), IconRun("crown")), (Run("two"),)), line=7),
        Block("list", items=((Run("three"),),), ordered=True, start=3, line=10),
        Block("table", items=(((Run("Card"),), (Run("Crowns"),)), ((Run("King"),), (Run("2"),))),
              aligns=("left", "right"), line=12),
        Block("box", (Run("A "), Run("variant", italic=True)), anchor="note",
              items=(Block("paragraph", (Run("Text."),), line=17),
                     Block("picture", (Run("k"),), pieces=((("cards", "keep", False),),), line=18)), line=16),
        Block("pagebreak", line=21),
        Block("heading", (Run("Turn"),), level=3, line=23),
        Block("picture", (Run("q"),), pieces=((("cards", "queen", False),),), line=25))


def test_headings_and_pictured_pieces_of_a_resolved_book(game) -> None:
    found = game(BOOK)
    book, _ = resolve(found, found.rules["en"])
    assert (book.language, book.file) == ("en", "rules/en.md")
    assert [b.line for b in book.headings()] == [1, 5, 23]
    assert book.pictured() == [("cards", "keep", False), ("cards", "queen", False)]


def test_texts_and_plain_text(game) -> None:
    blocks, _ = worked_out(game, BOOK)
    found = [(plain_text(runs), heading) for block in blocks for runs, heading in texts(block)]
    assert found == [("The King", True), ("Intro.", False), ("Set-up", True), ("one  ", False), ("two", False),
                     ("three", False), ("Card", True), ("Crowns", True), ("King", False), ("2", False),
                     ("A variant", True), ("Text.", False), ("k", False), ("Turn", True), ("q", False)]
    assert plain_text((Run("a"), LineBreak(), IconRun("x"), Run("b"))) == "a  b"


def test_sections_run_from_an_anchored_heading_to_the_next(game) -> None:
    found = game("Before.\n\n# The {cards:king} {#top}\n\nIntro.\n\n### Sub\n\nMore.\n\n## Set-up {#set-up}\n\n- a\n",
                 "# Minuscule {#top}\n")
    book, _ = resolve(found, found.rules["en"])
    assert sections(book) == [("top", "The King Intro. Sub More.", 3), ("set-up", "Set-up a", 11)]
    fr, _ = resolve(found, found.rules["fr"])
    assert sections(fr) == [("top", "Minuscule", 1)]


def test_a_rulebook_worked_out_in_another_language(game) -> None:
    found = game("{cards:king} :", "")
    book, findings = resolve(found, found.rules["en"], "fr")
    assert (book.language, book.blocks[0].runs, findings) == ("fr", (Run(f"Roi{NBSP}:"),), [])


def test_resolved_once_for_every_language(game) -> None:
    found = game("{cards:kign}", "{=game.x}")
    books = resolved(found)
    assert resolved(found) is books and sorted(books) == ["en", "fr"]
    (en, en_findings), (fr, fr_findings) = books["en"], books["fr"]
    assert (en.language, fr.language) == ("en", "fr")
    assert [(f.where, f.message, f.rule) for f in en_findings] == [
        (Location("rules/en.md", 1, 1), "set 'cards' has no item 'kign' (did you mean 'king'?)", "rules-reference")]
    assert [(f.where, f.rule) for f in fr_findings] == [(Location("rules/fr.md", 1, 1), "rules-example")]


def test_the_resolved_book_is_plain_data_keyed_by_what_it_prints(game) -> None:
    one = resolve(game("{cards:king} {=game.target}"), game("{cards:king} {=game.target}").rules["en"])[0]
    assert repr(one) == repr(Resolved("en", "rules/en.md", (Block("paragraph", (Run("King 12"),), line=1),)))


# --- the pictures' drawings --------------------------------------------------------------------


def test_pictured_pieces_are_the_kits_drawings() -> None:
    def piece(item_id, face, back):
        return SimpleNamespace(item=SimpleNamespace(id=item_id), face=face, back=back)

    sets = {"cards": SimpleNamespace(pieces=[piece("king", "king-face", "card-back"), piece("queen", "q", None)],
                                     boards=[])}
    kit = SimpleNamespace(get=sets.get)
    book = Resolved("en", "r.md", (
        Block("picture", pieces=((("cards", "king", False), ("cards", "king", True)), (("cards", "queen", True),))),
        Block("box", items=(Block("picture", pieces=((("cards", "nobody", False),), (("tokens", "x", False),))),)),
        Block("paragraph")))
    assert pictured_pieces(kit, book) == {("cards", "king", False): "king-face", ("cards", "king", True): "card-back",
                                          ("cards", "queen", True): "q"}


# --- what the mutation run asked for -----------------------------------------------------------


def test_french_numbers_italics_and_icons(game) -> None:
    runs, findings = paragraph(game, "{chips:gold.rate} {=game.target / 8} *Quoi ?* :crown: *a{=1}*", "fr")
    assert findings == []
    assert runs == (Run("1,5 1,5 "), Run(f"Quoi{NNBSP}?", italic=True), Run(" "), IconRun("crown"), Run(" "),
                    Run("a1", italic=True))


def test_no_hint_from_the_fields_every_item_has_but_its_group(game) -> None:
    runs, findings = paragraph(game, "{cards:king.grop} {cards:king.positon} {cards:king.copie}")
    assert findings == ["1:1: card 'king' has no field 'grop' (did you mean 'group'?) [rules-reference]",
                        "1:19: card 'king' has no field 'positon' [rules-reference]",
                        "1:40: card 'king' has no field 'copie' [rules-reference]"]


def test_a_bad_piece_first_in_a_stack_leaves_the_rest(game) -> None:
    (picture,), findings = worked_out(game, "![x](cards:kign+cards:king places:keep+cards:queen)")
    assert picture.pieces == ((("cards", "king", False),), (("cards", "queen", False),))
    assert len(findings) == 2


def test_a_check_in_french(game) -> None:
    found = game()
    book, _ = read_rulebook("![x](cards:king)\n@check shown[0].name == 'Roi'\n@check game.target / 8 == 2",
                            "rules/fr.md", "fr")
    _, findings = resolve(found, book)
    assert [f.message for f in findings] == [
        "the example no longer holds: game.target / 8 == 2 is false (game.target / 8 is 1,5)"]


def test_a_failed_comparison_of_constants_says_no_more(game) -> None:
    assert check(game, "1 == 2") == ["3:8: the example no longer holds: 1 == 2 is false [rules-example]"]


def test_pictured_boards_are_the_kits_board_pages() -> None:
    """A set printed as a board of each item (no pieces) is pictured by its item's board's page;
    a set the kit has not is left out and the pictures after it are still found."""
    items = [SimpleNamespace(id="north"), SimpleNamespace(id="south")]
    boards = SimpleNamespace(pieces=[], boards=[SimpleNamespace(page="north-page"), SimpleNamespace(page="south-page")],
                             component=SimpleNamespace(items=items))
    parted = SimpleNamespace(pieces=[], boards=[SimpleNamespace(page="one")], component=SimpleNamespace(items=items))
    kit = SimpleNamespace(get={"maps": boards, "parted": parted}.get)
    book = Resolved("en", "r.md", (Block("picture", pieces=(
        (("tokens", "x", False),), (("maps", "south", False),), (("maps", "north", False),),
        (("parted", "north", False),))),))
    assert pictured_pieces(kit, book) == {("maps", "south", False): "south-page",
                                          ("maps", "north", False): "north-page"}


def test_a_field_of_what_a_field_refers_to(game) -> None:
    runs, findings = paragraph(game, "{cards:king.home.name}, {cards:king.home.nme}, {cards:keep.home.name}")
    assert runs == (Run("The keep, king, keep"),)
    assert findings == ["1:25: card 'king': home has no field 'nme' (did you mean 'name'?) [rules-reference]",
                        "1:48: card 'keep': home has no field 'name' [rules-reference]"]


def test_values_and_checks_are_worked_out_in_the_readers_language(game) -> None:
    """str(), join() and plural() write numbers as the reader's language does: in French, 1,5."""
    assert one_run(game, "{=str(game.target / 8)} {=join([0.5, 2])}", "fr") == "1,5 0,5, 2"
    found = game()
    book, _ = read_rulebook("@check str(game.target / 8) == '1,5'\n@check str(game.target / 8) == '1.5'",
                            "rules/fr.md", "fr")
    _, findings = resolve(found, book)
    assert [(f.where.line, f.message) for f in findings] == [
        (2, "the example no longer holds: str(game.target / 8) == '1.5' is false (str(game.target / 8) is '1,5')")]
