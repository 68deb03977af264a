"""pnp.checks.declared: the templates of game.yaml outside the layouts (a set's name, label and
caption lines, a board set's name and label, the read-me's contents lines), worked out for
every piece in every language as a build and its exports work them out, and said by the
template check (pnp.checks.printing) where they are written."""

from __future__ import annotations

from pathlib import Path

from pnp.checks import run_rules
from pnp.checks.declared import declared_failures, names_fail
from pnp.load.game import load_game

GAME = """\
title: {en: Test, fr: Test}
languages: [en, fr]
fonts: {body: SourceSansPro-Regular}
components:
  cards:
    type: card
    size: poker
    files: [cards.yaml]
    items: cards
    fields: {name: text, power: {type: int, default: 0}}
    name: "NAME"
    label: "LABEL"
    caption: ["{name}", {en: "{power}", fr: "CAPTION"}]
    face: face.yaml
  dice:
    type: die
    size: 13mm
    files: [dice.yaml]
    items: dice
    label: "CHIT"
    face: face.yaml
  boards:
    type: board
    size: {width: 100mm, height: 100mm}
    files: [boards.yaml]
    items: boards
    fields: {title: text}
    name: "BOARD"
    label: "{title}"
    face: face.yaml
  rules:
    type: data
    files: [rules.yaml]
    items: rules
    fields: {text: text}
    label: "{nothing}"
readme:
  contents:
    cards: {en: "{count} cards", fr: "CONTENTS"}
    boards: "{count} boards"
"""
FILES = {
    "cards.yaml": "cards:\n  - {id: a, name: Ann, power: 1}\n  - {id: b, name: Bo}\n  - {id: c, name: Cy}\n",
    "dice.yaml": "dice:\n  - {id: x, faces: [a, b, c, d, e, f]}\n",
    "boards.yaml": "boards:\n  - {id: n, title: North}\n  - {id: s, title: South}\n",
    "rules.yaml": "rules:\n  - {id: r, text: Play}\n",
    "face.yaml": "extends: builtin:card\nboxes: {}\n",
}


def game_of(tmp_path: Path, name: str = "c-{id}", label: str = "{name}", caption: str = "{power}",
            die: str = "{id}-{side}", board: str = "{id}", contents: str = "{count} cartes"):
    text = GAME.replace('"NAME"', repr(name)).replace('"LABEL"', repr(label)).replace('"CAPTION"', repr(caption))
    text = text.replace('"CHIT"', repr(die)).replace('"BOARD"', repr(board)).replace('"CONTENTS"', repr(contents))
    (tmp_path / "game.yaml").write_text(text, "utf-8")
    for file, content in FILES.items():
        (tmp_path / file).write_text(content, "utf-8")
    game, problems = load_game(tmp_path / "game.yaml")
    assert game is not None and [p for p in problems if p.severity.value == "error"] == [], problems
    return game


def templates(game) -> list[str]:
    return [p.format() for p in run_rules(game, only=frozenset({"template"}))]


def test_a_game_whose_templates_all_hold_has_nothing_to_say(tmp_path: Path) -> None:
    game = game_of(tmp_path)
    assert declared_failures(game) == {} and not names_fail(game) and templates(game) == []


def test_each_template_is_said_where_it_is_written_with_the_first_piece_it_fails_for(tmp_path: Path) -> None:
    game = game_of(tmp_path, name="c-{nme}", label="{name} ({10 // power})", caption="{pwer}",
                   die="{sde}", board="{ttle}", contents="{count} cartes {x}")
    assert templates(game) == [
        # a piece's file name, in each language (said once)
        "game.yaml:11:11: error: components.cards.name: unknown name 'nme' (did you mean 'name'?) in 'c-{nme}', for "
        "card 'a' and 2 more [template]",
        # a label that fails for some pieces only
        "game.yaml:12:12: error: components.cards.label: division by zero in '{name} ({10 // power})', for card 'b' "
        "and 1 more [template]",
        # a caption line in one language, at that language's text
        "game.yaml:13:45: error: components.cards.caption[1].fr: unknown name 'pwer' (did you mean 'power'?) in "
        "'{pwer}', for card 'a' in fr and 2 more [template]",
        # each sticker of a die is a piece: its label is worked out with the sticker's names
        "game.yaml:20:12: error: components.dice.label: unknown name 'sde' (did you mean 'side'?) in '{sde}', for "
        "dice 'x' [template]",
        # a board of each item: its file name
        "game.yaml:28:11: error: components.boards.name: unknown name 'ttle' (did you mean 'title'?) in '{ttle}', "
        "for board 'n' and 1 more [template]",
        # the read-me's line for a set, with the numbers pnp counts, in a language's own text
        "game.yaml:39:38: error: readme.contents.cards.fr: unknown name 'x' in '{count} cartes {x}' [template]"]
    assert names_fail(game)


def test_a_template_that_cannot_be_read_is_said_once_for_no_piece(tmp_path: Path) -> None:
    game = game_of(tmp_path, label="{name", contents="{count cartes")
    assert templates(game) == [
        "game.yaml:12:12: error: components.cards.label: unclosed '{' (write '{{' for a literal '{') in '{name' "
        "[template]",
        "game.yaml:39:38: error: readme.contents.cards.fr: unclosed '{' (write '{{' for a literal '{') in "
        "'{count cartes' [template]"]


def test_a_file_name_that_fails_leaves_the_output_names_unchecked(tmp_path: Path) -> None:
    game = game_of(tmp_path, board="{ttle}")
    assert names_fail(game)
    assert [p.format() for p in run_rules(game, only=frozenset({"output-name"}))] == []
    # (with names that hold, two pieces written to one name are said)
    (tmp_path / "again").mkdir()
    clash = game_of(tmp_path / "again", name="same")
    assert not names_fail(clash)
    assert [p.format() for p in run_rules(clash, only=frozenset({"output-name"}))] == [
        "cards.yaml:3:10: error: card 'b' would be written as png/cards/same.png, where card 'a' is: give it another "
        "id or name [output-name]",
        "cards.yaml:4:10: error: card 'c' would be written as png/cards/same.png, where card 'a' is: give it another "
        "id or name [output-name]"]
