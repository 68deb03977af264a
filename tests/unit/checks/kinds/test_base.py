"""pnp.checks.kinds.base: what loading a check gives its kind (the fields it names, its
expressions, the problems said), what running one gives (its records, their names, the
values worked out, the problems located), and the limits and places the kinds share."""

from __future__ import annotations

import pytest

from pnp import expr
from pnp.checks.kinds.base import (Loading, Runner, Skip, extend, field_values, items_place, limits_of, missed,
                                   out_of, raw, set_place)
from pnp.model.game import Text
from pnp.problems import Location, Severity
from pnp.load.yamlload import parse_yaml

COMPONENTS = """
cards:
  type: card
  size: poker
  files: [north.yaml, south.yaml]
  items: cards
  group:
    key: suit
    fields: {name: text, colour: colour}
  fields:
    name: text
    rank: {type: int, optional: true}
    tags: {type: list, of: int, default: []}
coins:
  type: card
  size: poker
  files: coins.yaml
  items: coins
  fields:
    value: int
"""
NORTH = """\
suit: {id: north, name: North, colour: "#1565c0"}
cards:
  - {id: king, name: King, rank: 1, tags: [1, 2]}
  - {id: ship, name: Ship, tags: [2]}
"""
SOUTH = """\
suit: {id: south, name: {en: South, fr: Sud}, colour: "#c62828"}
cards:
  - {id: queen, name: Queen, rank: -2}
"""
COINS = """\
coins:
  - {id: one, value: 1}
  - {id: five, value: 5}
"""
FILES = {"north": NORTH, "south": SOUTH, "coins": COINS}


def game_of(load, checks: str):
    game, problems = load(COMPONENTS, checks, **FILES)
    assert problems == []
    return game


def runner(load, checks: str, index: int = 0) -> Runner:
    game = game_of(load, checks)
    return Runner(game, game.checks[index])


# --- loading -------------------------------------------------------------------------------------


def loading(spec: str, component=None, groups: bool = False, names=frozenset()) -> Loading:
    """The Loading of the one check in `spec` (checks.yaml's text), as load_checks makes it."""
    doc = parse_yaml(spec.encode(), "checks.yaml")[0]
    data = doc.data[0]
    kind = next(k for k in data if k not in ("id", "doc", "for", "message", "where", "at"))
    return Loading(data, kind, component, groups, {}, frozenset(), doc, (0,), {"id", "item", *names}, [])


def test_a_loading_reads_its_value_and_id_and_says_where() -> None:
    found = loading("- id: ranks\n  for: cards\n  unique: rank\n  message: m\n")
    assert (found.value, found.id, found.kind) == ("rank", "ranks", "unique")
    assert found.where("unique") == Location("checks.yaml", 3, 11)
    assert found.where("within") == Location("checks.yaml", 1, 3)  # not there: the check
    found.say(Location("checks.yaml", 2, 1), "no good")
    assert [p.format() for p in found.problems] == ["checks.yaml:2:1: error: check 'ranks': no good [schema]"]
    assert (found.parsed, found.failed, found.reads_sets) == ({}, False, False)


def test_the_fields_a_check_names_are_the_records_or_their_groups(load) -> None:
    checks = """\
    - id: ranks
      doc: d
      for: cards
      unique: rnk
      message: m
    - id: tags
      doc: d
      for: cards
      range: [rank, colour, tags]
      message: m
    - id: colours
      doc: d
      for: cards.groups
      unique: colour
      message: m
    - id: nothing
      doc: d
      unique: id
      message: m
    """
    game, problems = load(COMPONENTS, checks, **FILES)
    assert problems == [
        "checks.yaml:4:11: error: check 'ranks': unique: no field 'rnk' (did you mean 'rank'?) [schema]",
        "checks.yaml:9:17: error: check 'tags': range: no field 'colour' [schema]",
        "checks.yaml:18:11: error: check 'nothing': unique: no field 'id' [schema]",
        "checks.yaml:16:3: error: check 'nothing': a unique check needs `for:` a set [schema]",
    ]
    assert [c.info.id for c in game.checks] == ["colours"]


def test_a_name_that_is_no_text_is_no_field() -> None:
    found = loading("- id: r\n  range: [1, rank]\n  message: m\n")
    found.fields_named()
    assert [p.message for p in found.problems] == ["check 'r': range: no field '1'",
                                                   "check 'r': range: no field 'rank'"]
    assert [p.location for p in found.problems] == [Location("checks.yaml", 2, 11), Location("checks.yaml", 2, 14)]
    assert found.failed is True
    assert found.declared() == {}


def test_the_fields_declared_are_the_sets_or_its_groups(load) -> None:
    game = game_of(load, "[]")
    cards = game.sets["cards"]
    assert list(loading("- {id: x, unique: name, message: m}", cards).declared()) == ["id", "name", "rank", "tags"]
    groups = loading("- {id: x, unique: name, message: m}", cards, groups=True)
    assert list(groups.declared()) == ["id", "name", "colour"]
    found = loading("- {id: x, unique: colour, message: m}", cards, groups=True)
    found.fields_named()
    assert (found.problems, found.failed) == ([], False)


def test_an_expression_is_parsed_with_the_names_it_may_use() -> None:
    found = loading("- id: r\n  require: 1\n  message: m\n", names={"rank", "sets"})
    parsed = found.expression("require", found.value)
    assert (parsed.source, parsed.evaluate({})) == ("1", 1)
    assert (found.failed, found.reads_sets, found.problems) == (False, False, [])
    assert found.expression("require", "len(sets) > rank").names == {"sets", "rank"}
    assert found.reads_sets is True
    assert found.expression("require", "rank > 1").names == {"rank"}
    assert found.reads_sets is True  # once it reads other sets, it does


def test_an_expression_that_does_not_parse_is_said_where_it_is() -> None:
    found = loading("- id: r\n  change-making: {value: 'rank +', count: 'cnt'}\n  message: m\n", names={"rank"})
    assert found.expression("change-making", "rank +", ("value",)) is None
    assert found.failed is True
    assert found.expression("change-making", "cnt", ("count",)) is None
    assert [p.format() for p in found.problems] == [
        "checks.yaml:2:26: error: check 'r': change-making: syntax error: invalid syntax in 'rank +' [schema]",
        "checks.yaml:2:43: error: check 'r': change-making: unknown name 'cnt' in 'cnt' [schema]",
    ]
    assert found.reads_sets is False


# --- extend ---------------------------------------------------------------------------------------


def test_a_kind_adds_names_that_never_hide_the_records_own() -> None:
    env = {"item": {"value": 1, "id": "a"}, "group": {"index": 2}, "value": 1}
    assert extend(env, value=9, index=3) == {**env, "index": 3}
    env = {"item": None, "group": {"index": 2}}
    assert extend(env, value=9, index=3) == {**env, "value": 9}
    assert extend({"x": 1}, value=9, x=2) == {"x": 2, "value": 9}
    assert extend({"item": None, "group": None}, value=9) == {"item": None, "group": None, "value": 9}
    kept = {"x": 1}
    extend(kept, y=2)
    assert kept == {"x": 1}


# --- running ---------------------------------------------------------------------------------------

CHECKS = """\
- id: items
  doc: d
  for: cards
  where: rank != none
  require: rank > 0
  at: rank
  message: "card {id} has rank {rank}"
- id: groups
  doc: d
  severity: warning
  for: cards.groups
  require: len(items) > 1
  message: "suit {id}: {name}, {len(items)} of {len(sets.cards.items)}"
- id: game
  doc: d
  require: game.limit > 5
  message: "the limit is {game.limit}"
"""


def test_a_runner_runs_over_a_sets_items_or_groups_or_none(load) -> None:
    items, groups, game = (runner(load, CHECKS, i) for i in range(3))
    assert (items.component.name, items.groups) == ("cards", False)
    assert [r.id for r in items.records()] == ["king", "ship", "queen"]
    assert (groups.component.name, groups.groups) == ("cards", True)
    assert [r.id for r in groups.records()] == ["north", "south"]
    assert (game.component, game.groups, game.records()) == (None, False, [])
    assert items.problems == [] and items.views is items.game.views()


def test_a_runners_names_are_its_records_or_its_sets(load) -> None:
    items, groups, game = (runner(load, CHECKS, i) for i in range(3))
    king, ship, queen = items.records()
    north, south = groups.records()
    env = items.env(king)
    assert (env["id"], env["rank"], env["group"]["id"], [i["id"] for i in env["items"]]) == \
        ("king", 1, "north", ["king", "ship"])
    env = groups.env(south)
    assert (env["id"], env["name"], env["group"]["id"], [i["id"] for i in env["items"]]) == \
        ("south", "South", "south", ["queen"])
    assert "item" not in env
    env = items.env()
    assert ([i["id"] for i in env["items"]], [g["id"] for g in env["groups"]]) == (["king", "ship", "queen"],
                                                                                   ["north", "south"])
    assert env["game"]["limit"] == 3 and "item" not in env
    assert items.env(king, found=2)["found"] == 2 and groups.env(south, found=2)["found"] == 2
    assert set(game.env()) == {"game", "sets"}
    assert set(game.env(found=2)) == {"game", "sets", "found"} and game.env(found=2)["found"] == 2


def test_the_records_where_holds_are_selected(load) -> None:
    items, groups, game = (runner(load, CHECKS, i) for i in range(3))
    assert [(r.id, env["id"]) for r, env in items.selected()] == [("king", "king"), ("queen", "queen")]
    assert [r.id for r, _ in groups.selected()] == ["north", "south"]


def test_what_a_check_finds_is_said_at_the_record(load) -> None:
    items, groups, game = (runner(load, CHECKS, i) for i in range(3))
    queen = items.records()[2]
    items.say(items.at(queen), items.env(queen), queen)
    south = groups.records()[1]
    groups.say(groups.at(south, ("name",)), groups.env(south), south)
    groups.say(groups.locate(south), groups.env(south))
    game.say(game.check.declared, game.env())
    assert [p.format() for p in items.problems + groups.problems + game.problems] == [
        "south.yaml:3:36: error: card queen has rank -2 [items]",  # a hyphen for the page's minus
        "south.yaml:1:25: warning: suit south: South, 1 of 3 [groups]",
        "south.yaml:1:7: warning: suit south: South, 1 of 3 [groups]",
        "checks.yaml:14:3: error: the limit is 3 [game]",
    ]


def test_a_check_that_points_at_nothing_points_at_the_record(load) -> None:
    items = runner(load, CHECKS.replace("  at: rank\n", ""))
    king = items.records()[0]
    assert items.at(king) == Location("north.yaml", 3, 5)
    assert items.at(king, ("tags", 1)) == Location("north.yaml", 3, 47)
    assert items.locate(king, "tags", 0) == Location("north.yaml", 3, 44)


def test_a_report_has_the_checks_severity_or_is_an_error(load) -> None:
    groups = runner(load, CHECKS, 1)
    groups.report(Location("a", 1, 2), "one")
    groups.report(Location("a", 3, 4), "two", error=True)
    assert [(p.location, p.severity, p.message, p.rule) for p in groups.problems] == [
        (Location("a", 1, 2), Severity.WARNING, "one", "groups"),
        (Location("a", 3, 4), Severity.ERROR, "two", "groups")]


def test_a_value_that_cannot_be_worked_out_is_an_error_at_its_record(load) -> None:
    groups = runner(load, CHECKS, 1)
    south = groups.records()[1]
    broken = expr.parse("name + 1")
    assert groups.evaluate(expr.parse("name + '!'"), groups.env(south), south) == "South!"
    assert groups.evaluate(broken, groups.env(south), south) is None
    assert groups.evaluate(broken, groups.env(south)) is None
    assert [p.format() for p in groups.problems] == [
        "south.yaml:1:7: error: check 'groups' cannot be worked out: cannot add text and number "
        "(in 'name + 1') [groups]",
        "checks.yaml:8:3: error: check 'groups' cannot be worked out: cannot add text and number "
        "(in 'name + 1') [groups]",
    ]


def test_in_a_game_that_did_not_all_load_a_value_that_cannot_be_worked_out_is_skipped(load) -> None:
    groups = runner(load, CHECKS, 1)
    groups.game.complete = False
    south = groups.records()[1]
    with pytest.raises(Skip):
        groups.evaluate(expr.parse("name + 1"), groups.env(south), south)
    assert groups.problems == []


def test_a_where_that_cannot_be_worked_out_selects_nothing(load) -> None:
    items = runner(load, CHECKS.replace("where: rank != none", "where: rank < 5"))
    assert [r.id for r, _ in items.selected()] == ["king", "queen"]
    assert [p.format() for p in items.problems] == [
        "north.yaml:4:5: error: check 'items' cannot be worked out: cannot compare none and number (in 'rank < 5') "
        "[items]"]


def test_where_a_game_did_not_all_load_a_where_that_cannot_be_worked_out_skips_its_record(load) -> None:
    items = runner(load, CHECKS.replace("where: rank != none", "where: rank < 5"))
    items.game.complete = False
    assert [r.id for r, _ in items.selected()] == ["king", "queen"]
    assert items.problems == []


def test_a_message_that_cannot_be_written_says_so_unless_the_game_did_not_all_load(load) -> None:
    items = runner(load, CHECKS.replace("has rank {rank}", "has rank {rank + name}"))
    queen = items.records()[2]
    items.say(items.at(queen), items.env(queen), queen)
    assert [p.format() for p in items.problems] == [
        "south.yaml:3:36: error: (the message cannot be written: cannot add number and text) [items]"]
    items.game.complete = False
    items.say(items.at(queen), items.env(queen), queen)
    assert len(items.problems) == 1


def test_a_message_is_written_in_the_games_first_language(load) -> None:
    game = runner(load, CHECKS.replace("{game.limit}", "{game.limit / 2}"), 2)
    game.say(game.check.declared, game.env())
    game.game.languages = ("fr", "en")
    game.say(game.check.declared, game.env())
    assert [p.message for p in game.problems] == ["the limit is 1.5", "the limit is 1,5"]


# --- the values and places the kinds share ------------------------------------------------------------


def test_a_fields_values_are_its_value_or_each_element() -> None:
    class Record:
        fields = {"tags": [1, None, 3], "rank": 2, "none": None, "empty": []}

    assert field_values(Record, "tags") == [(("tags", 0), 1), (("tags", 1), None), (("tags", 2), 3)]
    assert field_values(Record, "rank") == [(("rank",), 2)]
    assert field_values(Record, "none") == []
    assert field_values(Record, "missing") == []
    assert field_values(Record, "empty") == []


def test_a_text_is_compared_as_its_first_string() -> None:
    assert raw(Text.from_data({"en": "South", "fr": "Sud"})) == "South"
    assert raw(3) == 3 and raw(None) is None and raw([1]) == [1]


LIMITS = """\
- id: limits
  doc: d
  for: cards
  count: items
  equals: 2 + 1
  min: 2
  max: "true"
  message: m
- id: worked-out
  doc: d
  for: cards
  count: items
  equals: "'x'"
  min: name + 1
  max: rank
  message: m
- id: numbers
  doc: d
  for: cards
  count: items
  max: 4
  message: m
"""


def test_the_limits_are_numbers_or_expressions_worked_out(load) -> None:
    limits, worked_out, numbers = (runner(load, LIMITS, i) for i in range(3))
    assert limits_of(limits, limits.env()) == {"equals": 3, "min": 2}
    assert limits_of(numbers, numbers.env()) == {"max": 4}
    king = worked_out.records()[0]
    assert limits_of(worked_out, worked_out.env(king), king) == {"max": 1}
    assert limits_of(worked_out, worked_out.env(), None) == {}
    assert [p.format() for p in worked_out.problems] == [
        "north.yaml:3:5: error: check 'worked-out' cannot be worked out: cannot add text and number "
        "(in 'name + 1') [worked-out]",
        "checks.yaml:9:3: error: check 'worked-out' cannot be worked out: unknown name 'name' (did you mean "
        "'game'?) (in 'name + 1') [worked-out]",
        "checks.yaml:9:3: error: check 'worked-out' cannot be worked out: unknown name 'rank' (in 'rank') "
        "[worked-out]"]


def test_a_limit_missed() -> None:
    assert missed(5, {"equals": 3, "min": 6, "max": 4}) == 3
    assert missed(1, {"min": 2, "max": 4}) == 2
    assert missed(5, {"min": 2, "max": 4}) == 4
    assert missed(2, {"min": 2, "max": 1}) == 1
    assert missed(5, {"max": 4}) == 4
    assert missed(1, {"min": 2}) == 2
    assert missed(3, {}) is None


@pytest.mark.parametrize("value, limits, out", [
    (3, {"equals": 3}, False), (2, {"equals": 3}, True), (4, {"equals": 3}, True),
    (2, {"min": 2}, False), (1, {"min": 2}, True),
    (4, {"max": 4}, False), (5, {"max": 4}, True),
    (3, {"min": 2, "max": 4}, False), (1, {"min": 2, "max": 4}, True), (5, {"min": 2, "max": 4}, True),
    (3, {"equals": 3, "min": 4}, True), (3, {"equals": 3, "max": 2}, True), (3, {}, False),
])
def test_a_value_out_of_its_limits(value, limits, out) -> None:
    assert out_of(value, limits) is out


PLACES = """\
- id: deck
  doc: d
  for: cards
  count: items
  min: 1
  max: 2
  at: items
  message: m
- id: coins
  doc: d
  for: coins
  count: items
  max: 1
  message: m
- id: game
  doc: d
  count: "1"
  message: m
"""


def test_a_sets_items_are_listed_in_its_first_file(load) -> None:
    deck, coins, game = (runner(load, PLACES, i) for i in range(3))
    assert items_place(deck) == Location("north.yaml", 3, 3)
    assert items_place(coins) == Location("coins.yaml", 2, 3)
    assert items_place(game) is None
    del deck.component.items[:2]
    assert items_place(deck) == Location("south.yaml", 3, 3)
    coins.component.items.clear()
    assert items_place(coins) is None


def test_a_set_as_a_whole_is_placed_at_its_items_or_its_limit(load) -> None:
    deck, coins, game = (runner(load, PLACES, i) for i in range(3))
    assert set_place(deck, {"min": 1, "max": 2}) == Location("north.yaml", 3, 3)
    assert set_place(coins, {"max": 1}) == Location("checks.yaml", 13, 8)
    assert set_place(coins, {"equals": 1, "max": 1}) == Location("checks.yaml", 9, 3)  # no equals: the check
    assert set_place(coins, {}) == Location("checks.yaml", 9, 3)
    deck.component.items.clear()
    assert set_place(deck, {"min": 1, "max": 2}) == Location("checks.yaml", 5, 8)
    assert set_place(deck, {"max": 2}) == Location("checks.yaml", 6, 8)
    assert set_place(game, {}) == Location("checks.yaml", 15, 3)
