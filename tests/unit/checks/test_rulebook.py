"""pnp.checks.rulebook: the rulebook's checks (rules-reference, rules-example), each finding of
pnp.kit.rulebook reported where it is, in every language the game has a rulebook in, and the
texts the rulebooks print, for missing-glyph (with the block each is in)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from pnp.checks import RULES, run_rules
from pnp.checks.rulebook import rules_example, rules_reference, rulebook_texts
from pnp.load.game import load_game
from pnp.problems import Location, Severity

GAME = """\
title: Test
languages: [en, fr]
fonts: {body: SourceSansPro-Regular, heading: SourceSerifPro-Bold}
players: {min: 2, max: 4}
values: {target: 3}
rules: {en: rules/en.md, fr: rules/fr.md}
components:
  cards: {type: card, files: cards.yaml, items: cards, fields: {name: text, crowns: int}, face: card.yaml}
"""
FILES = {
    "cards.yaml": "cards: [{id: king, name: {en: King, fr: Roi}, crowns: 2}, {id: queen, name: Queen, crowns: 1}]\n",
    "card.yaml": "extends: builtin:card\nboxes: {}\n",
}
EN = """\
# Rules {#rules}

{cards:kign} and {=game.targe}.

::: example Two *crowns*
![The king](cards:king cards:queen:back)
@check sum([c.crowns for c in shown]) == 2
:::

\\newpage

![](cards:queen)

| Card | Crowns |
|---|---|
| {cards:king} | {cards:king.crowns} |
"""
FR = "# Règles {#rules}\n\nLe {cards:roi} : oui.\n"


@pytest.fixture
def game(tmp_path: Path):
    def make(en: str = EN, fr: str = FR):
        files = {**FILES, "game.yaml": GAME, "rules/en.md": en, "rules/fr.md": fr}
        for name, text in files.items():
            (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / name).write_text(textwrap.dedent(text), "utf-8")
        found, problems = load_game(tmp_path / "game.yaml")
        assert found is not None and problems == [], [p.format() for p in problems]
        return found
    return make


def test_rules_reference_in_every_language(game) -> None:
    assert list(rules_reference(game())) == [
        (Location("rules/en.md", 3, 1), "set 'cards' has no item 'kign' (did you mean 'king'?)"),
        (Location("rules/en.md", 6, 24), "card 'queen' has no back to picture"),
        (Location("rules/fr.md", 3, 4), "set 'cards' has no item 'roi'")]


def test_rules_example(game) -> None:
    assert list(rules_example(game())) == [
        (Location("rules/en.md", 3, 18), "{=game.targe} cannot be worked out: no field 'targe' (did you mean "
                                         "'target'?)"),
        (Location("rules/en.md", 7, 8), "the example no longer holds: sum([c.crowns for c in shown]) == 2 is false "
                                        "(sum([c.crowns for c in shown]) is 3)")]


def test_a_rulebook_that_holds(game) -> None:
    found = game("# Rules\n\n{cards:king} has {cards:king.crowns}.\n@check cards['king'].crowns == 2\n", "")
    assert (list(rules_reference(found)), list(rules_example(found))) == ([], [])


def test_the_checks_are_errors_run_with_the_games_checks(game) -> None:
    rules = {r.info.id: r.info for r in RULES}
    assert rules["rules-reference"].severity == rules["rules-example"].severity == Severity.ERROR
    assert rules["rules-reference"].doc.startswith("A rulebook names a set, item, field or icon the game does not have")
    assert rules["rules-example"].doc.startswith("A rulebook's example no longer holds for the data")
    problems = [p.format() for p in run_rules(game(), only=frozenset({"rules-reference", "rules-example"}))]
    assert problems == [
        "rules/en.md:3:1: error: set 'cards' has no item 'kign' (did you mean 'king'?) [rules-reference]",
        "rules/en.md:6:24: error: card 'queen' has no back to picture [rules-reference]",
        "rules/fr.md:3:4: error: set 'cards' has no item 'roi' [rules-reference]",
        "rules/en.md:3:18: error: {=game.targe} cannot be worked out: no field 'targe' (did you mean 'target'?) "
        "[rules-example]",
        "rules/en.md:7:8: error: the example no longer holds: sum([c.crowns for c in shown]) == 2 is false "
        "(sum([c.crowns for c in shown]) is 3) [rules-example]"]


def test_the_texts_the_rulebooks_print(game) -> None:
    """Each text once, in the heading font or not, at its block (a box's own at the box); a
    picture without a caption and a page break print none."""
    assert list(rulebook_texts(game())) == [
        ("Rules", True, Location("rules/en.md", 1)),
        ("kign and .", False, Location("rules/en.md", 3)),
        ("Two crowns", True, Location("rules/en.md", 5)),
        ("The king", False, Location("rules/en.md", 5)),
        ("Card", True, Location("rules/en.md", 14)),
        ("Crowns", True, Location("rules/en.md", 14)),
        ("King", False, Location("rules/en.md", 14)),
        ("2", False, Location("rules/en.md", 14)),
        ("Règles", True, Location("rules/fr.md", 1)),
        ("Le roi\u00a0: oui.", False, Location("rules/fr.md", 3))]


def test_missing_glyph_reads_the_rulebook(game) -> None:
    found = game("# Rules\n\nA snowman ☃.\n", "")
    problems = [p.format() for p in run_rules(found, only=frozenset({"missing-glyph"}))]
    assert problems == ["rules/en.md:3:1: error: rulebook 'A snowman ☃.': font SourceSansPro-Regular has no glyph "
                        "for '☃' (U+2603) [missing-glyph]"]
