"""pnp.checks.kinds.change_making: money that pays every amount from 1 up to the whole stock
exactly, the smallest it cannot said at the set's items; a stock worth more than a million
is not worked out."""

from __future__ import annotations

import pytest

from pnp.checks import run_game_checks
from pnp.checks.kinds.base import Loading
from pnp.checks.kinds.change_making import MAX_CHANGE_TOTAL, load as load_change_making, unreachable_amount
from pnp.load.yamlload import parse_yaml

COMPONENTS = """
money:
  type: card
  size: poker
  files: money.yaml
  items: money
  fields:
    id: {type: id, derived: "str(value) if value != none else 'blank'"}
    value: {type: int, optional: true}
    count: int
"""
MONEY = """\
money:
  - {value: 1, count: 2}
  - {value: 5, count: 1}
  - {value: 0, count: 3}
  - {value: 10, count: 0}
  - {value: -5, count: 2}
  - {count: 3}
"""


def check_of(check, checks: str, money: str = MONEY) -> list[str]:
    return check(COMPONENTS, checks, money=money)


@pytest.mark.parametrize("pieces, amount", [
    ([], None), ([(1, 4), (5, 2)], None), ([(2, 3)], 1), ([(1, 2), (5, 1)], 3), ([(1, 1), (3, 1)], 2),
    ([(2, 0), (1, 1), (3, 1)], 2), ([(2, -1), (1, 1), (3, 1)], 2), ([(1, 1), (2, 1)], None), ([(3, 1)], 1),
    ([(1, 3), (5, 1), (10, 1)], 4), ([(1, 4), (5, 1), (10, 1)], None),
])
def test_the_smallest_amount_no_set_of_pieces_pays(pieces, amount) -> None:
    assert unreachable_amount(pieces) == amount


def test_money_that_cannot_make_change(check) -> None:
    assert check_of(check, """\
    - id: change
      doc: d
      severity: warning
      for: money
      where: value != none
      change-making: {value: value, count: count}
      message: "nothing makes {amount} of {total}"
    - id: change
      severity: warning
      for: money
      where: value != none
      change-making: {value: value * 2, count: "count + 1"}
      message: "nothing makes {amount} of {total}"
    """) == ["money.yaml:2:3: warning: nothing makes 3 of 7 [change]",
             "money.yaml:2:3: warning: nothing makes 1 of 46 [change]"]


def test_money_that_makes_change(check) -> None:
    assert check_of(check, """\
    - id: change
      doc: d
      for: money
      where: value != none
      change-making: {value: value, count: count + 3}
      message: "nothing makes {amount}"
    """) == []


def test_values_that_are_not_whole_numbers_are_left_to_the_fields_checks(check) -> None:
    assert check_of(check, """\
    - id: change
      doc: d
      for: money
      change-making: {value: value, count: count}
      message: "nothing makes {amount}"
    - id: change
      for: money
      where: value != none
      change-making: {value: value, count: count == 1}
      message: "nothing makes {amount}"
    - id: change
      for: money
      where: value != none
      change-making: {value: value / 1, count: count}
      message: "nothing makes {amount}"
    """) == []


def test_values_that_cannot_be_worked_out_are_errors_at_their_items(check) -> None:
    assert check_of(check, """\
    - id: change
      doc: d
      for: money
      change-making: {value: value + 1, count: count}
      message: "nothing makes {amount}"
    - id: change
      for: money
      where: value == none or value > 5
      change-making: {value: count, count: value * 1}
      message: "nothing makes {amount}"
    """) == ["money.yaml:7:5: error: check 'change' cannot be worked out: cannot add none and number "
             "(in 'value + 1') [change]",
             "money.yaml:7:5: error: check 'change' cannot be worked out: cannot multiply none by number "
             "(in 'value * 1') [change]"]


def test_a_stock_too_large_to_work_out(check) -> None:
    money = f"money:\n  - {{value: {MAX_CHANGE_TOTAL - 1}, count: 1}}\n  - {{value: 2, count: 1}}\n"
    assert check_of(check, """\
    - id: change
      doc: d
      severity: warning
      for: money
      change-making: {value: value, count: count}
      message: "nothing makes {amount}"
    """, money) == ["money.yaml:2:3: error: check 'change': the stock is worth 1,000,001, more than pnp checks "
                    "(1,000,000) [change]"]
    money = f"money:\n  - {{value: {MAX_CHANGE_TOTAL - 1}, count: 1}}\n  - {{value: 1, count: 1}}\n"
    assert check_of(check, """\
    - id: change
      doc: d
      for: money
      change-making: {value: value, count: count}
      message: "nothing makes {amount}"
    """, money) == ["money.yaml:2:3: error: nothing makes 2 [change]"]


def test_nothing_is_worked_out_in_a_game_that_did_not_all_load(load) -> None:
    game, problems = load(COMPONENTS, """\
    - id: change
      doc: d
      for: money
      where: value != none
      change-making: {value: value, count: count}
      message: "nothing makes {amount}"
    """, money=MONEY)
    assert problems == []
    assert [(key, e.source) for key, e in game.checks[0].parsed.items()] == [("where", "value != none"),
                                                                             ("value", "value"), ("count", "count")]
    game.complete = False
    assert run_game_checks(game) == []


def test_expressions_that_do_not_parse_are_said_where_they_are(load) -> None:
    game, problems = load(COMPONENTS, """\
    - id: change
      doc: d
      for: money
      change-making: {value: value +, count: cnt}
      message: "nothing makes {amount}"
    """, money=MONEY)
    assert problems == ["checks.yaml:4:26: error: check 'change': change-making: syntax error: invalid syntax in "
                        "'value +' [schema]",
                        "checks.yaml:4:42: error: check 'change': change-making: unknown name 'cnt' (did you mean "
                        "'count'?) in 'cnt' [schema]"]
    assert game.checks == []


@pytest.mark.parametrize("value", ["value", "{value: value}", "{value: value, count: count, each: 1}"])
def test_change_making_needs_a_value_and_a_count(value) -> None:
    doc = parse_yaml(f"- {{id: x, for: money, change-making: {value}, message: m}}".encode(), "checks.yaml")[0]
    found = Loading(doc.data[0], "change-making", None, False, {}, frozenset(), doc, (0,), {"value", "count"}, [])
    assert load_change_making(found) is False
    assert [p.format() for p in found.problems] == [
        "checks.yaml:1:38: error: check 'x': change-making needs {value: EXPRESSION, count: EXPRESSION} [schema]"]
    assert found.parsed == {}
