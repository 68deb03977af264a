"""pnp.checks.kinds.sum: the sum of an expression over the items where `where` holds (its
numbers: none, true and texts add nothing) is `equals`, or from `min` to `max`."""

from __future__ import annotations

from pnp.checks import run_game_checks
from pnp.checks.kinds import kinds
from pnp.checks.kinds.sum import KIND

COMPONENTS = """
coins:
  type: card
  size: poker
  files: coins.yaml
  items: coins
  fields:
    value: {type: number, optional: true}
    count: int
"""
COINS = """\
coins:
  - {id: one, value: 1, count: 4}
  - {id: half, value: 0.5, count: 3}
  - {id: blank, count: 2}
"""


def check_of(check, checks: str) -> list[str]:
    return check(COMPONENTS, checks, coins=COINS)


def test_the_sum_over_the_items(check) -> None:
    assert check_of(check, """\
    - id: bank
      doc: d
      for: coins
      where: value != none
      sum: value * count
      min: 6
      message: "the coins make {total}, not {expected}"
    - id: bank
      for: coins
      sum: count
      equals: game.limit + 5
      at: items
      message: "{total} coins, not {expected}"
    - id: bank
      for: coins
      sum: count
      min: 9
      max: 9
      message: "{total} coins"
    - id: bank
      for: coins
      where: value != none
      sum: count
      max: 6
      message: "{total} coins of value, not {expected}"
    """) == ["checks.yaml:6:8: error: the coins make 5.5, not 6 [bank]",
             "coins.yaml:2:3: error: 9 coins, not 8 [bank]",
             "checks.yaml:24:8: error: 7 coins of value, not 6 [bank]"]


def test_only_numbers_are_added(check) -> None:
    assert check_of(check, """\
    - id: values
      doc: d
      for: coins
      sum: value
      equals: 0
      message: "{total}"
    - id: flags
      doc: d
      for: coins
      sum: value == 1
      equals: 1
      message: "{total}"
    - id: words
      doc: d
      for: coins
      sum: "'x' + id"
      equals: 1
      message: "{total}"
    """) == ["checks.yaml:5:11: error: 1.5 [values]",
             "checks.yaml:11:11: error: 0 [flags]",
             "checks.yaml:17:11: error: 0 [words]"]


def test_a_value_that_cannot_be_worked_out_adds_nothing(check) -> None:
    assert check_of(check, """\
    - id: values
      doc: d
      for: coins
      sum: value * 2
      equals: 0
      message: "{total}"
    """) == ["coins.yaml:4:5: error: check 'values' cannot be worked out: cannot multiply none by number "
             "(in 'value * 2') [values]",
             "checks.yaml:5:11: error: 3 [values]"]


def test_a_sum_that_does_not_parse_is_said_where_it_is(load) -> None:
    game, problems = load(COMPONENTS, """\
    - id: bank
      doc: d
      for: coins
      sum: value *
      message: "{total}"
    """, coins=COINS)
    assert problems == ["checks.yaml:4:8: error: check 'bank': sum: syntax error: invalid syntax in 'value *' "
                        "[schema]"]
    assert game.checks == []


def test_nothing_is_added_in_a_game_that_did_not_all_load(load) -> None:
    game, problems = load(COMPONENTS, """\
    - id: bank
      doc: d
      for: coins
      sum: count
      equals: 1
      message: "{total}"
    """, coins=COINS)
    assert problems == [] and game.checks[0].parsed["sum"].source == "count"
    game.complete = False
    assert run_game_checks(game) == []


def test_the_kind_is_registered_with_its_keys_and_names() -> None:
    assert kinds()["sum"] is KIND and KIND.name == "sum"
    assert KIND.options == ("equals", "min", "max")
    assert KIND.names == frozenset({"expected", "total"})
    assert KIND.needs_set("x") is True
