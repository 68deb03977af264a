"""pnp.checks.kinds.unique: no two items (or groups) share a value of a field, or an element of
a list field; within a group, no two of one group; each later one is said, with the first."""

from __future__ import annotations

from pnp.checks.kinds import kinds
from pnp.checks.kinds.unique import KIND

COMPONENTS = """
cards:
  type: card
  size: poker
  files: [north.yaml, south.yaml]
  items: cards
  group:
    key: suit
    fields: {name: text}
  fields:
    name: text
    rank: {type: int, optional: true}
    tags: {type: list, of: int, default: []}
    pairs: {type: list, of: {type: list, of: int}, default: []}
    ranks: {derived: "[none, rank]"}
"""
NORTH = """\
suit: {id: north, name: North}
cards:
  - {id: king, name: {en: King, fr: Roi}, rank: 1, tags: [1, 2], pairs: [[1, 2]]}
  - {id: ship, name: {en: King, fr: Rex}, rank: 2, tags: [3, 1], pairs: [[2, 1], [1, 2]]}
  - {id: fort, name: Fort, tags: [3]}
"""
SOUTH = """\
suit: {id: south, name: North}
cards:
  - {id: queen, name: Queen, rank: 1, tags: [4, 4]}
"""


def check_of(check, checks: str) -> list[str]:
    return check(COMPONENTS, checks, north=NORTH, south=SOUTH)


def test_a_value_met_again_is_said_where_it_is_met_again_with_the_first(check) -> None:
    assert check_of(check, """\
    - id: ranks
      doc: d
      for: cards
      unique: rank
      message: "'{id}' has rank {value} as '{first.id}' at {first_at} in {first_file}"
    """) == ["south.yaml:3:36: error: 'queen' has rank 1 as 'king' at north.yaml:3:49 in north.yaml [ranks]"]


def test_within_a_group_only_the_groups_own_items_are_compared(check) -> None:
    assert check_of(check, """\
    - id: ranks
      doc: d
      for: cards
      unique: rank
      within: group
      message: "'{id}' has rank {value}"
    - id: tags
      doc: d
      for: cards
      unique: tags
      within: group
      message: "'{id}' has tag {value}, as '{first.id}' has at {first_at}"
    """) == [
        "north.yaml:4:62: error: 'ship' has tag 1, as 'king' has at north.yaml:3:59 [tags]",
        "north.yaml:5:35: error: 'fort' has tag 3, as 'ship' has at north.yaml:4:59 [tags]",
        "south.yaml:3:49: error: 'queen' has tag 4, as 'queen' has at south.yaml:3:46 [tags]",
    ]


def test_each_element_of_a_list_is_a_value(check) -> None:
    assert check_of(check, """\
    - id: tags
      doc: d
      for: cards
      unique: tags
      message: "'{id}' has tag {value}, as '{first.id}' has at {first_at}"
    """) == [
        "north.yaml:4:62: error: 'ship' has tag 1, as 'king' has at north.yaml:3:59 [tags]",
        "north.yaml:5:35: error: 'fort' has tag 3, as 'ship' has at north.yaml:4:59 [tags]",
        "south.yaml:3:49: error: 'queen' has tag 4, as 'queen' has at south.yaml:3:46 [tags]",
    ]


def test_a_list_in_a_list_is_one_value(check) -> None:
    assert check_of(check, """\
    - id: pairs
      doc: d
      for: cards
      unique: pairs
      message: "'{id}' has pair {value}, as '{first.id}' has"
    """) == ["north.yaml:4:82: error: 'ship' has pair 1, 2, as 'king' has [pairs]"]


def test_a_text_is_its_first_string(check) -> None:
    assert check_of(check, """\
    - id: names
      doc: d
      for: cards
      unique: name
      at: rank
      message: "'{id}' is called {value}, as '{first.id}' is"
    """) == ["north.yaml:4:49: error: 'ship' is called King, as 'king' is [names]"]


def test_groups_are_compared_as_groups_and_each_is_its_own_within_a_group(check) -> None:
    assert check_of(check, """\
    - id: suits
      doc: d
      for: cards.groups
      unique: name
      message: "suit '{id}' is called {value}, as '{first.id}' of {len(first.items)} cards is, in {first_file}"
    - id: suits-within
      doc: d
      for: cards.groups
      unique: name
      within: group
      message: "suit '{id}'"
    """) == ["south.yaml:1:25: error: suit 'south' is called North, as 'north' of 3 cards is, in north.yaml [suits]"]


def test_none_is_no_value(check) -> None:
    assert check_of(check, """\
    - id: ranks
      doc: d
      for: cards
      unique: ranks
      message: "'{id}' has rank {value} as '{first.id}' at {first_at}"
    """) == ["south.yaml:3:5: error: 'queen' has rank 1 as 'king' at north.yaml:3:5 [ranks]"]  # (worked out)


def test_the_kind_is_registered_with_its_keys_and_names() -> None:
    assert kinds()["unique"] is KIND and KIND.name == "unique"
    assert KIND.options == ("within",)
    assert KIND.names == frozenset({"first", "first_at", "first_file", "value"})
    assert KIND.needs_set("x") is True
