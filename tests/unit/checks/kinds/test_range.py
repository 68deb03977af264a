"""pnp.checks.kinds.range: each number of a field (or of several, or each element of a list
field) from `min` to `max`, limits that may be worked out for each item."""

from __future__ import annotations

from pnp.checks.kinds import kinds
from pnp.checks.kinds.range import KIND

COMPONENTS = """
cards:
  type: card
  size: poker
  files: cards.yaml
  items: cards
  fields:
    name: text
    rank: {type: int, optional: true}
    weight: {type: number, default: 0.5}
    hidden: {type: bool, default: false}
    tags: {type: list, of: int, default: []}
"""
CARDS = """\
cards:
  - {id: king, name: King, rank: 1, weight: 2.5, hidden: true, tags: [0, 5, 6]}
  - {id: ship, name: Ship, rank: 5, tags: [-1]}
  - {id: fort, name: Fort, rank: 6, weight: 0}
"""


def check_of(check, checks: str) -> list[str]:
    return check(COMPONENTS, checks, cards=CARDS)


def test_a_number_below_min_or_above_max_is_said(check) -> None:
    assert check_of(check, """\
    - id: ranks
      doc: d
      for: cards
      range: rank
      min: 2
      max: 5
      message: "'{id}' has {value} {field}, from {min} to {max}"
    """) == ["cards.yaml:2:34: error: 'king' has 1 rank, from 2 to 5 [ranks]",
             "cards.yaml:4:34: error: 'fort' has 6 rank, from 2 to 5 [ranks]"]


def test_a_range_open_at_one_end(check) -> None:
    assert check_of(check, """\
    - id: low
      doc: d
      for: cards
      range: rank
      min: 5
      message: "'{id}' has {value}, from {min} to {max}"
    - id: high
      doc: d
      for: cards
      range: rank
      max: 1
      message: "'{id}' has {value}, from {min} to {max}"
    """) == ["cards.yaml:2:34: error: 'king' has 1, from 5 to  [low]",
             "cards.yaml:3:34: error: 'ship' has 5, from  to 1 [high]",
             "cards.yaml:4:34: error: 'fort' has 6, from  to 1 [high]"]


def test_each_field_listed_and_each_element_of_a_list_is_a_value(check) -> None:
    assert check_of(check, """\
    - id: numbers
      doc: d
      for: cards
      range: [tags, weight, hidden, name]
      min: 1.5
      max: 2
      message: "'{id}' has {value} {field}"
    """) == ["cards.yaml:2:71: error: 'king' has 0 tags [numbers]",
             "cards.yaml:2:74: error: 'king' has 5 tags [numbers]",
             "cards.yaml:2:77: error: 'king' has 6 tags [numbers]",
             "cards.yaml:2:45: error: 'king' has 2.5 weight [numbers]",  # (not its true: no number)
             "cards.yaml:3:44: error: 'ship' has -1 tags [numbers]",
             "cards.yaml:3:5: error: 'ship' has 0.5 weight [numbers]",  # the default: at the card
             "cards.yaml:4:45: error: 'fort' has 0 weight [numbers]"]


def test_limits_are_worked_out_for_each_item(check) -> None:
    assert check_of(check, """\
    - id: tags
      doc: d
      for: cards
      where: rank != 6
      range: tags
      min: rank - 1
      max: "rank * 5"
      message: "'{id}' has {value}, from {min} to {max}"
    """) == ["cards.yaml:2:77: error: 'king' has 6, from 0 to 5 [tags]",
             "cards.yaml:3:44: error: 'ship' has -1, from 4 to 25 [tags]"]


def test_a_limit_that_cannot_be_worked_out_is_said_at_its_item(check) -> None:
    assert check_of(check, """\
    - id: ranks
      doc: d
      for: cards
      range: rank
      min: 0
      max: 12 / (rank - 1)
      message: "'{id}' has {value}, from {min} to {max}"
    """) == ["cards.yaml:2:5: error: check 'ranks' cannot be worked out: division by zero (in '12 / (rank - 1)') "
             "[ranks]",
             "cards.yaml:3:34: error: 'ship' has 5, from 0 to 3 [ranks]",
             "cards.yaml:4:34: error: 'fort' has 6, from 0 to 2.4 [ranks]"]


def test_the_kind_is_registered_with_its_keys_and_names() -> None:
    assert kinds()["range"] is KIND and KIND.name == "range"
    assert KIND.options == ("min", "max")
    assert KIND.names == frozenset({"field", "max", "min", "value"})
    assert KIND.needs_set("x") is True
