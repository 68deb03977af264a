"""pnp.checks.kinds.count: how many items or groups a set has, or an expression's value, is
`equals`, or from `min` to `max`; said at the limit it misses, or at the set's items."""

from __future__ import annotations

from pnp.checks.kinds import kinds
from pnp.checks.kinds.count import KIND

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
    rank: {type: int, optional: true}
"""
NORTH = """\
suit: {id: north, name: North}
cards:
  - {id: king, rank: 1}
  - {id: ship}
"""
SOUTH = """\
suit: {id: south, name: South}
cards:
  - {id: queen, rank: 2}
"""


def loaded(load, checks: str):
    game, problems = load(COMPONENTS, checks, north=NORTH, south=SOUTH)
    assert problems == []
    return game


def check_of(check, checks: str) -> list[str]:
    return check(COMPONENTS, checks, north=NORTH, south=SOUTH)


def test_the_items_or_groups_are_counted(check) -> None:
    assert check_of(check, """\
    - id: deck
      doc: d
      for: cards
      count: items
      equals: 4
      message: "{found} cards, not {expected}"
    - id: deck
      for: cards
      count: groups
      min: 3
      max: 5
      message: "{found} suits, not {expected}"
    - id: deck
      for: cards
      count: items
      min: 3
      max: 3
      message: "{found} cards"
    """) == ["checks.yaml:5:11: error: 3 cards, not 4 [deck]",
             "checks.yaml:10:8: error: 2 suits, not 3 [deck]"]


def test_a_count_is_said_at_the_limit_it_misses_or_the_sets_items(check) -> None:
    assert check_of(check, """\
    - id: deck
      doc: d
      for: cards
      count: groups
      max: 1
      message: "{found} suits, not {expected}"
    - id: deck
      for: cards
      count: items
      max: game.players.max - 2
      at: items
      message: "{found} cards for {game.players.max} players, not {expected}"
    """) == ["checks.yaml:5:8: error: 2 suits, not 1 [deck]",
             "north.yaml:3:3: error: 3 cards for 4 players, not 2 [deck]"]


def test_an_expression_is_counted(check, load) -> None:
    checks = """\
    - id: ranked
      doc: d
      for: cards
      count: count(c.rank != none for c in items)
      equals: len(groups) + 1
      message: "{found} ranked of {len(items)} cards, not {expected}"
    - id: game
      doc: d
      count: game.limit
      min: 4
      message: "the limit is {found}, not {expected}"
    - id: broken
      doc: d
      count: game.limit + 'x'
      min: 4
      message: "{found}"
    - id: items
      doc: d
      for: cards
      count: items
      message: "{found}"
    - id: groups
      doc: d
      for: cards
      count: groups
      message: "{found}"
    """
    assert check_of(check, checks) == [
        "checks.yaml:5:11: error: 2 ranked of 3 cards, not 3 [ranked]",
        "checks.yaml:10:8: error: the limit is 3, not 4 [game]",
        "checks.yaml:12:3: error: check 'broken' cannot be worked out: cannot add number and text "
        "(in \"game.limit + 'x'\") [broken]",
    ]
    ranked, game, broken, items, groups = loaded(load, checks).checks
    assert ranked.parsed["count"].source == "count(c.rank != none for c in items)"
    assert game.parsed["count"].source == "game.limit"
    assert "count" not in items.parsed and "count" not in groups.parsed


def test_a_count_that_does_not_parse_is_said_where_it_is(load) -> None:
    game, problems = load(COMPONENTS, """\
    - id: deck
      doc: d
      for: cards
      count: len(items
      message: "{found}"
    """, north=NORTH, south=SOUTH)
    assert problems == ["checks.yaml:4:10: error: check 'deck': count: syntax error: '(' was never closed "
                        "in 'len(items' [schema]"]
    assert game.checks == []


def test_nothing_is_counted_in_a_game_that_did_not_all_load(load) -> None:
    from pnp.checks import run_game_checks

    game = loaded(load, """\
    - id: deck
      doc: d
      for: cards
      count: items
      equals: 4
      message: "{found} cards"
    """)
    game.complete = False
    assert run_game_checks(game) == []


def test_the_kind_is_registered_with_its_keys_and_names() -> None:
    assert kinds()["count"] is KIND and KIND.name == "count"
    assert KIND.options == ("equals", "min", "max")
    assert KIND.names == frozenset({"expected", "found"})
    assert (KIND.needs_set("items"), KIND.needs_set("groups"), KIND.needs_set("len(sets.cards.items)")) == (
        True, True, False)
