"""pnp.checks: a game's checks.yaml read (each check's one kind, its keys, its set, its id,
severity and doc, its expressions and message), the game's checks run, and pnp's own checks
registered, run and listed with the game's."""

from __future__ import annotations

import dataclasses

import pytest

import pnp.checks as checks_module
import pnp.problems as problems_module
from pnp.checks import Rule, all_checks, in_rule_order, load_checks, rule, run_game_checks, run_rules
from pnp.checks.kinds.base import Skip
from pnp.problems import CHECKS, CheckInfo, Location, Problem, Severity
from pnp.load.yamlload import parse_yaml

COMPONENTS = """
cards:
  type: card
  size: poker
  files: cards.yaml
  items: cards
  group:
    key: suit
    fields: {colour: colour}
  fields:
    rank: {type: int, optional: true}
coins:
  type: card
  size: poker
  files: coins.yaml
  items: coins
  fields:
    value: int
"""
CARDS = """\
suit: {id: north, colour: "#1565c0"}
cards:
  - {id: king, rank: 1}
  - {id: ship}
"""
COINS = """\
coins:
  - {id: one, value: 1}
  - {id: two, value: 1}
"""
FILES = {"cards": CARDS, "coins": COINS}


def loaded(load, checks: str):
    return load(COMPONENTS, checks, **FILES)


# --- reading checks.yaml ---------------------------------------------------------------------------


def test_each_check_is_read_with_its_kind_set_id_severity_and_parts(load) -> None:
    game, problems = loaded(load, """\
    - id: ranks
      doc: Two cards share a rank.
      for: cards
      where: rank != none
      unique: rank
      at: rank
      message: "'{id}' has rank {value}"
    - id: ranks
      for: cards.groups
      count: len(items) + game.limit
      min: game.limit
      max: len(groups) + 8
      equals: "'x'"
      message: "{found} ranks"
    - id: total
      doc: The coins' total.
      severity: warning
      sum: len(sets.coins.items)
      message: "{total}"
    """)
    assert problems == ["checks.yaml:15:3: error: check 'total': a sum check needs `for:` a set [schema]"]
    ranks, suits = game.checks
    assert ranks.info == suits.info == CheckInfo("ranks", Severity.ERROR, "Two cards share a rank.")
    assert (ranks.kind, ranks.target, ranks.spec["unique"], ranks.declared, ranks.document.file,
            ranks.declared_path, ranks.reads_sets) == ("unique", "cards", "rank", Location("checks.yaml", 1, 3),
                                                       "checks.yaml", (0,), False)
    assert {k: v.source for k, v in ranks.parsed.items()} == {"where": "rank != none"}
    assert ranks.message.source == "'{id}' has rank {value}"
    assert (suits.kind, suits.target, suits.declared, suits.declared_path) == ("count", "cards.groups",
                                                                               Location("checks.yaml", 8, 3), (1,))
    assert {k: v.source for k, v in suits.parsed.items()} == {"count": "len(items) + game.limit", "equals": "'x'",
                                                              "min": "game.limit", "max": "len(groups) + 8"}
    assert ranks.at("at") == Location("checks.yaml", 6, 7)
    assert ranks.at("within") == Location("checks.yaml", 1, 3)


def test_a_check_that_reads_other_sets_is_marked(load) -> None:
    game, problems = loaded(load, """\
    - id: message
      doc: d
      for: cards
      require: rank != none
      message: "'{id}' of {len(sets.cards.items)}"
    - id: where
      doc: d
      for: cards
      where: len(sets.coins.items) > 1
      require: rank != none
      message: "'{id}'"
    - id: own
      doc: d
      for: cards
      require: rank != none
      message: "'{id}'"
    """)
    assert problems == []
    assert [(c.info.id, c.reads_sets) for c in game.checks] == [("message", True), ("where", True), ("own", False)]


def test_a_check_has_exactly_one_kind(load) -> None:
    game, problems = loaded(load, """\
    - id: none
      doc: d
      for: cards
      message: m
    - id: two
      doc: d
      for: cards
      unique: rank
      range: rank
      message: m
    """)
    assert problems == [
        "checks.yaml:1:3: error: check 'none' needs exactly one kind: unique, references, count, range, require, sum, "
        "colour-distinct, greyscale-distinct, contrast, change-making [schema]",
        "checks.yaml:5:3: error: check 'two' has two kinds: unique, range [schema]",
    ]
    assert game.checks == []


def test_a_check_takes_the_keys_of_its_kind(load) -> None:
    game, problems = loaded(load, """\
    - id: a
      doc: d
      for: cards
      unique: rank
      to: cards
      message: m
    - id: b
      doc: d
      for: cards
      count: items
      within: group
      message: m
    - id: c
      doc: d
      for: cards
      require: rank != none
      vision: [tritanopia]
      message: m
    """)
    assert problems == [
        "checks.yaml:5:3: error: check 'a': unknown key 'to' (a unique check takes: at, doc, for, id, message, "
        "severity, unique, where, within) [schema]",
        "checks.yaml:11:3: error: check 'b': unknown key 'within' (a count check takes: at, count, doc, equals, for, "
        "id, max, message, min, severity, where) [schema]",
        "checks.yaml:17:3: error: check 'c': unknown key 'vision' (a require check takes: at, doc, each, for, id, "
        "message, require, severity, where) [schema]",
    ]
    assert game.checks == []


def test_an_unknown_key_close_to_one_a_check_takes_is_named(load) -> None:
    game, _ = loaded(load, "[]")
    found, problems = load_checks(doc_of("- {id: a, doc: d, for: cards, count: items, mn: 1, message: m}"), game.sets)
    assert (found, [p.format() for p in problems]) == (
        [], ["checks.yaml:1:45: error: check 'a': unknown key 'mn' (did you mean 'min'?) [schema]"])


def test_a_check_is_for_a_set_or_its_groups(load) -> None:
    game, problems = loaded(load, """\
    - id: a
      doc: d
      for: card
      unique: rank
      message: m
    - id: b
      doc: d
      for: cards.items
      unique: rank
      message: m
    - id: c
      doc: d
      for: cards.groups.colour
      unique: colour
      message: m
    """)
    assert problems == [
        "checks.yaml:3:8: error: check 'a': for: 'card' is not a set (sets: cards, coins), nor a set's groups "
        "(cards.groups) [schema]",
        "checks.yaml:8:8: error: check 'b': for: 'cards.items': after the set's name, only .groups may follow "
        "[schema]",
        "checks.yaml:13:8: error: check 'c': for: 'cards.groups.colour': after the set's name, only .groups may "
        "follow [schema]",
    ]
    assert game.checks == []


def doc_of(text: str):
    return parse_yaml(text.encode(), "checks.yaml")[0]


def test_with_no_sets_none_are_listed() -> None:
    found, problems = load_checks(doc_of("- {id: a, doc: d, for: cards, unique: rank, message: m}"), {})
    assert (found, [p.message for p in problems]) == (
        [], ["check 'a': for: 'cards' is not a set (sets: none), nor a set's groups (cards.groups)"])


def test_a_check_of_a_set_that_did_not_load_is_left_out_without_a_word(load) -> None:
    game, _ = loaded(load, "[]")
    text = """\
- {id: a, doc: d, for: board, unique: id, message: m}
- {id: a, severity: warning, for: cards, unique: rank, message: m}
- {id: b, doc: d, for: board.groups, unique: id, message: m}
- {id: c, doc: d, for: cards, unique: rank, message: m}
"""
    found, problems = load_checks(doc_of(text), game.sets, frozenset({"board"}))
    assert [(c.info.id, c.target) for c in found] == [("c", "cards")]
    assert [p.format() for p in problems] == [
        "checks.yaml:2:21: error: check 'a' is declared again with another severity [schema]"]


def test_an_id_has_one_doc_and_one_severity_and_is_not_pnps(load) -> None:
    game, problems = loaded(load, """\
    - id: a
      for: cards
      unique: rank
      message: m
    - id: b
      doc: d
      severity: warning
      for: cards
      unique: rank
      message: m
    - id: b
      for: cards
      unique: rank
      message: m
    - id: b
      severity: error
      for: cards
      unique: rank
      message: m
    - id: b
      severity: warning
      doc: another
      for: cards.groups
      unique: colour
      message: m
    - id: schema
      doc: d
      for: cards
      unique: rank
      message: m
    - id: c
      doc: d
      for: cards
      unique: rank
      message: m
    """)
    assert problems == [
        "checks.yaml:1:3: error: check 'a' needs a doc: one line saying what it means [schema]",
        "checks.yaml:11:3: error: check 'b' is declared again with another severity [schema]",
        "checks.yaml:16:13: error: check 'b' is declared again with another severity [schema]",
        "checks.yaml:26:7: error: check id 'schema' is one of pnp's own checks; choose another [schema]",
    ]
    assert [(c.info, c.target) for c in game.checks] == [(CheckInfo("b", Severity.WARNING, "d"), "cards"),
                                                         (CheckInfo("b", Severity.WARNING, "d"), "cards.groups"),
                                                         (CheckInfo("c", Severity.ERROR, "d"), "cards")]


def test_expressions_and_messages_are_checked_against_the_names(load) -> None:
    game, problems = loaded(load, """\
    - id: a
      doc: d
      for: cards
      where: rnk != none
      unique: rank
      message: m
    - id: b
      doc: d
      for: cards
      count: items
      min: colour + 1
      message: m
    - id: c
      doc: d
      for: cards.groups
      count: items
      max: colour + 1
      message: "{found} {rank}"
    - id: d
      doc: d
      count: items
      message: m
    - id: e
      doc: d
      for: coins
      unique: value
      message: "{value} {id} {item.id} {group} {groups} {items} {position} {copies} {game.limit} {sets} {first_at}"
    - id: f
      doc: d
      for: coins
      unique: value
      message: "{amount}"
    - id: g
      doc: d
      count: "1"
      message: "{game} {sets} {items} {item} {group} {groups} {position} {copies} {id} {found} {rank}"
    - id: h
      doc: d
      count: "1"
      message: "}"
    """)
    assert problems == [
        "checks.yaml:4:10: error: check 'a': where: unknown name 'rnk' (did you mean 'rank'?) in 'rnk != none' "
        "[schema]",
        "checks.yaml:11:8: error: check 'b': min: unknown name 'colour' in 'colour + 1' [schema]",
        "checks.yaml:18:12: error: check 'c': message: unknown name 'rank' at character 10 [schema]",
        "checks.yaml:19:3: error: check 'd': a count check needs `for:` a set [schema]",
        "checks.yaml:32:12: error: check 'f': message: unknown name 'amount' at character 2 [schema]",
        "checks.yaml:36:12: error: check 'g': message: unknown name 'rank' at character 81 [schema]",
        "checks.yaml:40:12: error: check 'h': message: unmatched '}' (write '}}' for a literal '}') at character 1 "
        "[schema]",
    ]
    assert [c.info.id for c in game.checks] == ["e"]


def test_a_check_whose_kind_refuses_it_is_left_out(load) -> None:
    game, problems = loaded(load, """\
    - id: a
      doc: d
      for: cards
      references: rank
      message: "{value}"
    - id: b
      doc: d
      for: cards
      references: rank
      to: coins.value
      message: "{value}"
    - id: c
      doc: d
      for: coins
      colour-distinct: colour
      against: cards.groups.colour
      message: "{value}"
    """)
    assert problems == ["checks.yaml:4:15: error: check 'a': say what rank refers to with `to:` (a set, or set.field) "
                        "[schema]",
                        "checks.yaml:15:20: error: check 'c': colour-distinct: no field 'colour' [schema]"]
    assert [(c.info.id, c.parsed["to"]) for c in game.checks] == [("b", "coins.value")]


# --- running them ---------------------------------------------------------------------------------------

GAME_CHECKS = """\
- id: ranked
  doc: d
  for: cards
  require: rank != none
  message: "'{id}' has no rank"
- id: coins
  doc: d
  severity: warning
  for: coins
  unique: value
  message: "'{id}' is worth {value} as '{first.id}' is, of {len(sets.coins.items)}"
- id: suits
  doc: d
  for: cards.groups
  require: len(items) > 2
  message: "suit '{id}'"
"""


def test_the_games_checks_are_run_in_order(load) -> None:
    game, _ = loaded(load, GAME_CHECKS)
    assert [p.format() for p in run_game_checks(game)] == ["cards.yaml:4:10: error: 'ship' has no rank [ranked]",
                                                           "coins.yaml:3:22: warning: 'two' is worth 1 as 'one' is, "
                                                           "of 2 [coins]",
                                                           "cards.yaml:1:12: error: suit 'north' [suits]"]


def test_in_a_game_that_did_not_all_load_checks_that_read_other_sets_are_left_out(load) -> None:
    game, _ = loaded(load, GAME_CHECKS)
    game.complete = False
    assert [p.rule for p in run_game_checks(game)] == ["ranked", "suits"]


def test_a_check_that_skips_says_what_it_found_before(load, monkeypatch) -> None:
    game, _ = loaded(load, GAME_CHECKS)
    kinds = checks_module.kinds()

    def run(runner) -> None:
        runner.report(Location("x"), runner.check.info.id)
        raise Skip

    monkeypatch.setitem(kinds, "require", dataclasses.replace(kinds["require"], run=run))
    assert [p.message for p in run_game_checks(game)] == ["ranked", "'two' is worth 1 as 'one' is, of 2", "suits"]


@pytest.fixture
def own_rules(monkeypatch):
    """pnp's own checks, replaced by three of the test's."""
    monkeypatch.setattr(checks_module, "RULES", [])
    registered = dict(CHECKS)
    monkeypatch.setattr(problems_module, "CHECKS", registered)
    monkeypatch.setattr(checks_module, "CHECKS", registered)

    @rule("test-first", Severity.WARNING, "The first.")
    def first(game):
        yield Location("a.yaml", 1, 2), "first"
        yield Location("a.yaml", 3, 4), "again"

    @rule("test-second", Severity.ERROR, "The second.")
    def second(game):
        yield Location("b.yaml"), f"second of {game.manifest}"

    @rule("test-none", Severity.ERROR, "Finds nothing.")
    def none(game):
        return iter(())

    assert first.__name__ == "first"
    return checks_module.RULES


def test_pnps_checks_are_registered_in_order(own_rules) -> None:
    assert [(r.info, r.check.__name__) for r in own_rules] == [
        (CheckInfo("test-first", Severity.WARNING, "The first."), "first"),
        (CheckInfo("test-second", Severity.ERROR, "The second."), "second"),
        (CheckInfo("test-none", Severity.ERROR, "Finds nothing."), "none")]
    assert problems_module.CHECKS["test-second"] == own_rules[1].info
    assert isinstance(own_rules[0], Rule)


def test_pnps_checks_and_then_the_games_are_run(own_rules, load) -> None:
    game, _ = loaded(load, GAME_CHECKS)
    assert [p.format() for p in run_rules(game)] == [
        "a.yaml:1:2: warning: first [test-first]",
        "a.yaml:3:4: warning: again [test-first]",
        "b.yaml:1:1: error: second of game.yaml [test-second]",
        "cards.yaml:4:10: error: 'ship' has no rank [ranked]",
        "coins.yaml:3:22: warning: 'two' is worth 1 as 'one' is, of 2 [coins]",
        "cards.yaml:1:12: error: suit 'north' [suits]"]
    assert [p.rule for p in run_rules(game, skip=frozenset({"test-first", "ranked"}))] == [
        "test-second", "ranked", "coins", "suits"]
    assert [p.rule for p in run_rules(game, only=frozenset({"test-second", "ranked"}))] == ["test-second"]
    assert [p.rule for p in run_rules(game, frozenset({"test-second"}), frozenset({"test-second", "test-first"}))] \
        == ["test-first", "test-first"]
    assert run_rules(game, only=frozenset()) == []


def test_problems_are_put_in_the_order_of_pnps_checks_then_the_games(own_rules) -> None:
    found = [Problem(Location(f), Severity.ERROR, "m", rule) for f, rule in
             [("1", "ranked"), ("2", "test-none"), ("3", "test-second"), ("4", "coins"), ("5", "test-first"),
              ("6", "test-second")]]
    assert [p.location.file for p in in_rule_order(found)] == ["5", "3", "6", "2", "1", "4"]


def test_every_check_is_listed_once_pnps_first(own_rules, load) -> None:
    game, problems = loaded(load, GAME_CHECKS + GAME_CHECKS.replace("  doc: d\n", "") + """\
- id: later
  doc: e
  for: cards
  require: rank != none
  message: m
""")
    assert problems == []
    assert all_checks()[-3:] == [r.info for r in own_rules]
    assert all_checks() == list(problems_module.CHECKS.values())
    assert all_checks(game) == all_checks() + [CheckInfo("ranked", Severity.ERROR, "d"),
                                               CheckInfo("coins", Severity.WARNING, "d"),
                                               CheckInfo("suits", Severity.ERROR, "d"),
                                               CheckInfo("later", Severity.ERROR, "e")]
    assert all_checks(None) == all_checks()
