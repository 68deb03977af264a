"""pnp.checks.data: pnp's own checks of a game's data: `duplicate-id` (two items of a set, or
two groups, with one id) and `unknown-reference` (a reference field naming no item, or no value
of another set's field, within the record's group if asked), each left to the game's own check
of the same field when checks.yaml has one."""

from __future__ import annotations

from pnp.checks import CHECKS, run_rules
from pnp.checks.data import _declared, duplicate_id, unknown_reference
from pnp.problems import Severity

COMPONENTS = """
cards:
  type: card
  size: poker
  files: [north.yaml, south.yaml, east.yaml]
  items: cards
  group:
    key: suit
    fields:
      capital: {type: ref, to: cities, optional: true}
  fields:
    follows: {type: list, of: {type: ref, to: cards}, default: []}
    rank: {type: int, optional: true}
    leader: {type: ref, to: cards.rank, within: group, optional: true}
    stops: {type: list, of: {type: record, fields: {city: {type: ref, to: cities}}}, default: []}
    route: {type: record, optional: true, fields: {to: {type: ref, to: cities}}}
    home: {type: ref, to: cities, optional: true}
cities:
  type: token
  size: 20mm
  files: cities.yaml
  items: cities
markers:
  type: token
  size: 15mm
  items_of: cities
"""
NORTH = """\
suit: {id: north, capital: rome}
cards:
  - {id: king, rank: 1, follows: [queen, jack]}
  - {id: knight, leader: 2, stops: [{city: paris}, {city: oslo}], route: {to: lima}}
  - {id: king, leader: 1, home: paris}
"""
SOUTH = """\
suit: {id: south, capital: paris}
cards:
  - {id: queen, rank: 2, follows: [king], leader: 1}
"""
EAST = """\
suit: {id: north}
cards:
  - {id: jester, leader: 3}
"""
CITIES = """\
cities:
  - {id: paris}
  - {id: paris}
"""
FILES = {"north": NORTH, "south": SOUTH, "east": EAST, "cities": CITIES}
BOTH = frozenset({"duplicate-id", "unknown-reference"})


def problems_of(game, rules=BOTH) -> list[str]:
    return [p.format() for p in run_rules(game, only=frozenset(rules))]


def test_the_two_checks_are_errors_with_their_ids_and_docs() -> None:
    assert CHECKS["duplicate-id"].severity is Severity.ERROR
    assert CHECKS["duplicate-id"].doc == "Two items of a set, or two groups, share an id (ids name their files)."
    assert CHECKS["unknown-reference"].severity is Severity.ERROR
    assert CHECKS["unknown-reference"].doc == ("A reference field names an item (or a value) that does not "
                                               "exist.")


def test_an_id_used_twice_is_said_where_it_is_used_again_with_where_it_was_first(load) -> None:
    game, problems = load(COMPONENTS, **FILES)
    assert problems == []
    assert problems_of(game, {"duplicate-id"}) == [
        "north.yaml:5:10: error: card id 'king' is already used at north.yaml:3:10 [duplicate-id]",
        "east.yaml:1:12: error: suit id 'north' is already used at north.yaml:1:12 [duplicate-id]",
        "cities.yaml:3:10: error: city id 'paris' is already used at cities.yaml:2:10 [duplicate-id]"]


def test_an_id_used_three_times_is_said_twice_each_time_with_the_first(load) -> None:
    game, _ = load(COMPONENTS, **dict(FILES, cities="cities:\n  - {id: paris}\n  - {id: paris}\n  - {id: paris}\n"))
    assert problems_of(game, {"duplicate-id"})[2:] == [
        "cities.yaml:3:10: error: city id 'paris' is already used at cities.yaml:2:10 [duplicate-id]",
        "cities.yaml:4:10: error: city id 'paris' is already used at cities.yaml:2:10 [duplicate-id]"]


def test_a_group_of_a_set_without_a_group_key_is_a_group(load) -> None:
    game, _ = load(COMPONENTS, **FILES)
    game.sets["cards"].group_key = None  # (pnp's sets with groups always have one)
    assert [m for _, m in duplicate_id(game)][1] == "group id 'north' is already used at north.yaml:1:12"


def test_a_reference_to_nothing_is_said_with_its_field_and_what_there_is(load) -> None:
    game, _ = load(COMPONENTS, **FILES)
    assert problems_of(game, {"unknown-reference"}) == [
        "north.yaml:3:42: error: card 'king': follows 'jack' names no card (there are: jester, king, knight, queen) "
        "[unknown-reference]",
        "north.yaml:4:26: error: card 'knight': leader '2' names no rank of cards (there are: 1) [unknown-reference]",
        "south.yaml:3:51: error: card 'queen': leader '1' names no rank of cards (there are: 2) [unknown-reference]",
        "east.yaml:3:26: error: card 'jester': leader '3' names no rank of cards (there are: 1) [unknown-reference]",
        "north.yaml:4:59: error: card 'knight': stops[1].city 'oslo' names no city (there are: paris) "
        "[unknown-reference]",
        "north.yaml:4:79: error: card 'knight': route.to 'lima' names no city (there are: paris) [unknown-reference]",
        "north.yaml:1:28: error: suit 'north': capital 'rome' names no city (there are: paris) [unknown-reference]"]


def test_a_reference_within_the_group_looks_at_the_records_own_group_only(load) -> None:
    # the queen moved to the north: her rank is there for the knight, the king's for her
    game, _ = load(COMPONENTS, **dict(FILES, south=SOUTH.replace("suit: {id: south", "suit: {id: north")))
    assert [m for _, m in unknown_reference(game) if "leader" in m] == [
        "card 'jester': leader '3' names no rank of cards (there are: 1, 2)"]
    game, _ = load(COMPONENTS, **FILES)
    king, queen = game.sets["cards"].items[0], game.sets["cards"].items[3]
    queen.group = None  # (a record without a group is in none: no rank is there)
    assert [m for _, m in unknown_reference(game) if "leader" in m] == [
        "card 'knight': leader '2' names no rank of cards (there are: 1)",
        "card 'queen': leader '1' names no rank of cards (there are: none)",
        "card 'jester': leader '3' names no rank of cards (there are: 1)"]
    king.group = None  # (nor is a rank of a record without a group in any)
    assert [m for _, m in unknown_reference(game) if "leader" in m] == [
        "card 'knight': leader '2' names no rank of cards (there are: none)",
        "card 'king': leader '1' names no rank of cards (there are: none)",
        "card 'queen': leader '1' names no rank of cards (there are: none)",
        "card 'jester': leader '3' names no rank of cards (there are: none)"]


def test_a_reference_to_a_set_with_nothing_says_none(load) -> None:
    game, _ = load(COMPONENTS, **FILES)
    game.sets["cities"].items = []
    assert [m for _, m in unknown_reference(game)][-2:] == [
        "suit 'north': capital 'rome' names no city (there are: none)",
        "suit 'south': capital 'paris' names no city (there are: none)"]


def test_a_set_of_anothers_items_is_not_looked_at_again(load) -> None:
    game, _ = load(COMPONENTS, **FILES)
    markers = game.sets["markers"]
    assert markers.items and [i.id for i in markers.items] == ["paris", "paris"]
    assert [m for _, m in duplicate_id(game)].count("city id 'paris' is already used at cities.yaml:2:10") == 1
    markers.fields = dict(game.sets["cards"].fields)  # were it looked at, its follows would name no card
    markers.items[0].fields = dict(markers.items[0].fields, follows=["nobody"])
    assert not [m for _, m in unknown_reference(game) if "nobody" in m]
    # (the declaration is the loaded file's, which later loads of the same text share: not changed in place)
    markers.declaration = {k: v for k, v in markers.declaration.items() if k != "items_of"}
    assert [m for _, m in unknown_reference(game) if "nobody" in m] == [
        "marker 'paris': follows 'nobody' names no card (there are: jester, king, knight, queen)"]
    assert [m for _, m in duplicate_id(game)][-1] == "marker id 'paris' is already used at cities.yaml:2:10"


def test_no_reference_is_looked_at_while_a_file_of_the_game_failed_to_load(load) -> None:
    game, _ = load(COMPONENTS, **FILES)
    game.complete = False
    assert list(unknown_reference(game)) == []
    assert len(list(duplicate_id(game))) == 3


def test_a_reference_to_a_set_that_is_not_there_or_to_no_value_is_left_alone(load) -> None:
    game, _ = load(COMPONENTS, **FILES)
    del game.sets["cities"]  # (its references are refused as the game loads)
    assert [m.split(" (")[0] for _, m in unknown_reference(game)] == [
        "card 'king': follows 'jack' names no card", "card 'knight': leader '2' names no rank of cards",
        "card 'queen': leader '1' names no rank of cards", "card 'jester': leader '3' names no rank of cards"]
    game, _ = load(COMPONENTS, **FILES)
    king = game.sets["cards"].items[0]
    king.fields = dict(king.fields, follows=[None, "jack"])  # (a value of none names nothing)
    assert [m for _, m in unknown_reference(game)][0] == (
        "card 'king': follows 'jack' names no card (there are: jester, king, knight, queen)")


def test_the_games_own_check_of_the_field_says_it_instead(load) -> None:
    game, problems = load(COMPONENTS, """\
    - id: cards-unique
      doc: d
      for: cards
      unique: id
      message: "{id}"
    - id: refs
      doc: d
      for: cards
      references: follows
      message: "{value}"
    - id: capitals
      doc: d
      for: cards.groups
      references: capital
      message: "{value}"
    """, **FILES)
    assert problems == []
    assert [p.split(": error: ")[1] for p in problems_of(game)] == [
        "suit id 'north' is already used at north.yaml:1:12 [duplicate-id]",
        "city id 'paris' is already used at cities.yaml:2:10 [duplicate-id]",
        "card 'knight': leader '2' names no rank of cards (there are: 1) [unknown-reference]",
        "card 'queen': leader '1' names no rank of cards (there are: 2) [unknown-reference]",
        "card 'jester': leader '3' names no rank of cards (there are: 1) [unknown-reference]",
        "card 'knight': stops[1].city 'oslo' names no city (there are: paris) [unknown-reference]",
        "card 'knight': route.to 'lima' names no city (there are: paris) [unknown-reference]"]


def test_a_check_is_declared_by_its_kind_its_target_and_its_field(load) -> None:
    game, _ = load(COMPONENTS, """\
    - id: ranks
      doc: d
      for: cards
      unique: rank
      message: "{id}"
    - id: groups
      doc: d
      for: cards.groups
      unique: id
      message: "{id}"
    """, **FILES)
    assert _declared(game, "unique", "cards", "rank") is True
    assert _declared(game, "unique", "cards.groups", "id") is True
    assert _declared(game, "unique", "cards", "id") is False
    assert _declared(game, "unique", "cards.groups", "rank") is False
    assert _declared(game, "references", "cards", "rank") is False
    assert _declared(game, "unique", "cities", "rank") is False
    assert [p.split(": error: ")[1] for p in problems_of(game, {"duplicate-id"})] == [
        "card id 'king' is already used at north.yaml:3:10 [duplicate-id]",
        "city id 'paris' is already used at cities.yaml:2:10 [duplicate-id]"]


def test_a_set_of_anothers_items_is_passed_over_wherever_it_stands(load) -> None:
    game, _ = load(COMPONENTS, **FILES)
    game.sets = {name: game.sets[name] for name in ("markers", "cards", "cities")}
    assert len(list(duplicate_id(game))) == 3
    assert len(list(unknown_reference(game))) == 7


def test_a_group_without_a_group_key_is_a_group_in_a_reference_too(load) -> None:
    game, _ = load(COMPONENTS, **FILES)
    game.sets["cards"].group_key = None  # (pnp's sets with groups always have one)
    assert [m for _, m in unknown_reference(game)][-1] == "group 'north': capital 'rome' names no city (there are: paris)"
