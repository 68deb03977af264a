"""pnp.checks.kinds.require: an expression that holds for every item or group where `where`
holds, or with `each:` for every element of a list field (or of an expression's list), as
`value` at `index`; said at `at`, the record's id, or the element."""

from __future__ import annotations

from pnp.checks import run_game_checks
from pnp.checks.kinds import kinds
from pnp.checks.kinds.require import KIND

COMPONENTS = """
cards:
  type: card
  size: poker
  files: [north.yaml, south.yaml]
  items: cards
  group:
    key: suit
    fields: {name: text, ranks: {type: list, of: int, default: []}}
  fields:
    rank: {type: int, optional: true}
    follows: {type: list, of: int, default: []}
aid:
  type: sheet
  size: poker
  files: aid.yaml
  fields:
    title: text
"""
NORTH = """\
suit: {id: north, name: North, ranks: [1, 5]}
cards:
  - {id: king, rank: 1, follows: [1, 2]}
  - {id: ship, follows: [1]}
"""
SOUTH = """\
suit: {id: south, name: South}
cards:
  - {id: queen, rank: 2, follows: [3]}
"""
AID = """\
title: Your turn
"""
FILES = {"north": NORTH, "south": SOUTH, "aid": AID}


def loaded(load, checks: str):
    game, problems = load(COMPONENTS, checks, **FILES)
    assert problems == []
    return game


def check_of(check, checks: str) -> list[str]:
    return check(COMPONENTS, checks, **FILES)


def test_an_expression_that_does_not_hold_is_said_at_the_record(check) -> None:
    assert check_of(check, """\
    - id: ranked
      doc: d
      for: cards
      where: id != 'queen'
      require: rank != none
      message: "'{id}' has no rank"
    - id: ranked
      for: cards
      require: rank == 1
      at: follows
      message: "'{id}' has rank {rank}"
    - id: suits
      doc: d
      for: cards.groups
      require: len(items) > 1
      message: "suit '{id}' has {len(items)} card"
    - id: aid
      doc: d
      for: aid
      require: len(title) > 10
      message: "'{title}' is short"
    """) == ["north.yaml:4:10: error: 'ship' has no rank [ranked]",  # at its id
             "north.yaml:4:25: error: 'ship' has rank  [ranked]",
             "south.yaml:3:35: error: 'queen' has rank 2 [ranked]",
             "south.yaml:1:12: error: suit 'south' has 1 card [suits]",
             "aid.yaml:1:1: error: 'Your turn' is short [aid]"]  # no id: at the record


def test_each_element_of_a_list_field(check) -> None:
    assert check_of(check, """\
    - id: follows
      doc: d
      for: cards
      each: follows
      require: value < 2 or index > 0
      message: "'{id}' follows {value} at {index}"
    - id: ranks
      doc: d
      for: cards.groups
      each: ranks
      require: value < 5
      at: name
      message: "suit '{id}' has rank {value} at {index}"
    """) == ["south.yaml:3:36: error: 'queen' follows 3 at 0 [follows]",
             "north.yaml:1:43: error: suit 'north' has rank 5 at 1 [ranks]"]  # at the element, not at:


def test_each_element_of_an_expressions_list(check, load) -> None:
    checks = """\
    - id: follows
      doc: d
      for: cards
      each: "[f * 2 for f in follows] if rank != none else none"
      require: value < 4
      message: "'{id}' follows {value / 2} at {index}"
    - id: follows
      for: cards
      each: "follows"
      require: value != 2
      at: rank
      message: "'{id}' follows 2"
    """
    assert check_of(check, checks) == ["north.yaml:3:10: error: 'king' follows 2 at 1 [follows]",
                                       "south.yaml:3:10: error: 'queen' follows 3 at 0 [follows]",
                                       "north.yaml:3:38: error: 'king' follows 2 [follows]"]
    each, field = loaded(load, checks).checks
    assert each.parsed["each"].source == "[f * 2 for f in follows] if rank != none else none"
    assert field.parsed["each"] == "follows"
    assert field.parsed["require"].source == "value != 2"


def test_a_groups_list_field_is_its_own_and_an_items_is_not(check) -> None:
    assert check_of(check, """\
    - id: ranks
      doc: d
      for: cards.groups
      each: follows
      require: value < 5
      message: "{value}"
    - id: follows
      doc: d
      for: cards
      each: ranks
      require: value < 5
      message: "{value}"
    """) == ["checks.yaml:4:9: error: check 'ranks': each: unknown name 'follows' in 'follows' [schema]",
             "checks.yaml:10:9: error: check 'follows': each: unknown name 'ranks' (did you mean 'rank'?) "
             "in 'ranks' [schema]"]


def test_what_cannot_be_worked_out_is_an_error(check) -> None:
    assert check_of(check, """\
    - id: ranked
      doc: d
      for: cards
      require: rank > 1
      message: "'{id}'"
    - id: each
      doc: d
      for: cards
      each: "[rank + 1]"
      require: value > 2
      message: "'{id}' {value}"
    - id: value
      doc: d
      for: cards
      each: follows
      require: value < rank
      message: "'{id}' {value}"
    """) == ["north.yaml:3:10: error: 'king' [ranked]",
             "north.yaml:4:5: error: check 'ranked' cannot be worked out: cannot compare none and number "
             "(in 'rank > 1') [ranked]",
             "north.yaml:4:10: error: 'ship' [ranked]",  # none does not hold
             "north.yaml:3:10: error: 'king' 2 [each]",
             "north.yaml:4:5: error: check 'each' cannot be worked out: cannot add none and number "
             "(in '[rank + 1]') [each]",
             "north.yaml:3:35: error: 'king' 1 [value]",
             "north.yaml:3:38: error: 'king' 2 [value]",
             "north.yaml:4:5: error: check 'value' cannot be worked out: cannot compare number and none "
             "(in 'value < rank') [value]",
             "north.yaml:4:26: error: 'ship' 1 [value]",
             "south.yaml:3:36: error: 'queen' 3 [value]"]


def test_in_a_game_that_did_not_all_load_what_cannot_be_worked_out_is_left_out(load) -> None:
    game = loaded(load, """\
    - id: ranked
      doc: d
      for: cards
      require: rank > 2
      message: "'{id}'"
    - id: each
      doc: d
      for: cards
      each: "[rank + 1]"
      require: value > 3
      message: "'{id}' {value}"
    - id: value
      doc: d
      for: cards
      each: follows
      require: 10 / (value - 1) < 0
      message: "'{id}' {value}"
    """)
    game.complete = False
    assert [p.format() for p in run_game_checks(game)] == ["north.yaml:3:10: error: 'king' [ranked]",
                                                           "south.yaml:3:10: error: 'queen' [ranked]",
                                                           "north.yaml:3:10: error: 'king' 2 [each]",
                                                           "south.yaml:3:10: error: 'queen' 3 [each]",
                                                           "north.yaml:3:38: error: 'king' 2 [value]",
                                                           "south.yaml:3:36: error: 'queen' 3 [value]"]


def test_an_expression_that_does_not_parse_is_said_where_it_is(load) -> None:
    game, problems = load(COMPONENTS, """\
    - id: ranked
      doc: d
      for: cards
      require: rank >
      message: "'{id}'"
    """, **FILES)
    assert problems == ["checks.yaml:4:12: error: check 'ranked': require: syntax error: invalid syntax in 'rank >' "
                        "[schema]"]
    assert game.checks == []


def test_without_for_it_holds_of_the_game_as_a_whole(check) -> None:
    """(it was taken, and looked at no record: it never said a word)"""
    assert check_of(check, """\
    - {id: few, doc: d, require: game.limit > 5, message: "the limit is {game.limit}"}
    - {id: enough, doc: d, require: game.limit > 2, message: never}
    """) == ["checks.yaml:1:3: error: the limit is 3 [few]"]


def test_the_kind_is_registered_with_its_keys_and_names() -> None:
    assert kinds()["require"] is KIND and KIND.name == "require"
    assert KIND.options == ("each",)
    assert KIND.names == frozenset({"index", "value"})
    assert KIND.needs_set("stars > 1") is False
