"""pnp.checks.kinds.references: every value of a field (or element of a list field) names an
item of a set, or a value of another set's field, within the record's group if asked; the
set is the check's `to:`, or the one the field refers to."""

from __future__ import annotations

from pnp.checks import run_game_checks
from pnp.checks.kinds.base import Loading
from pnp.checks.kinds.references import load as load_references
from pnp.load.yamlload import parse_yaml

COMPONENTS = """
cards:
  type: card
  size: poker
  files: [north.yaml, south.yaml]
  items: cards
  group:
    key: suit
    fields: {name: text, area: {type: ref, to: areas}, leads: {type: list, of: int, default: []}}
  fields:
    rank: {type: int, optional: true}
    follows: {type: list, of: int, default: []}
    home: {type: ref, to: areas, optional: true}
    visits: {type: list, of: {type: ref, to: areas}, default: []}
areas:
  type: card
  size: poker
  files: areas.yaml
  items: areas
  fields:
    name: text
    level: int
    follows: {type: list, of: int, default: []}
    tag: {derived: "level if id != 'woods' else name"}
"""
NORTH = """\
suit: {id: north, name: North, area: hills, leads: [1, 3]}
cards:
  - {id: king, rank: 1, follows: [2], home: hills, visits: [lakes, sea]}
  - {id: ship, rank: 2, follows: [1, 3, 2], home: sea}
"""
SOUTH = """\
suit: {id: south, name: South, area: plains, leads: [1]}
cards:
  - {id: queen, rank: 3, follows: [1, 3]}
  - {id: fort, follows: [3]}
"""
AREAS = """\
areas:
  - {id: hills, name: Hills, level: 4, follows: [1]}
  - {id: lakes, name: Lakes, level: 1, follows: [4]}
  - {id: woods, name: Woods, level: 4}
"""
FILES = {"north": NORTH, "south": SOUTH, "areas": AREAS}


def check_of(check, checks: str) -> list[str]:
    return check(COMPONENTS, checks, **FILES)


def test_a_value_names_an_item_of_the_set_its_field_refers_to(check) -> None:
    assert check_of(check, """\
    - id: home
      doc: d
      for: cards
      references: home
      message: "'{id}' lives in {value} ({index}), not one of {join(targets)}"
    - id: visits
      doc: d
      for: cards
      references: visits
      message: "'{id}' visits {value} ({index}), not one of {join(targets)}"
    - id: areas
      doc: d
      for: cards.groups
      references: area
      message: "suit '{id}' is in {value}, not one of {join(targets)}"
    """) == ["north.yaml:4:51: error: 'ship' lives in sea (0), not one of hills, lakes, woods [home]",
             "north.yaml:3:68: error: 'king' visits sea (1), not one of hills, lakes, woods [visits]",
             "south.yaml:1:38: error: suit 'south' is in plains, not one of hills, lakes, woods [areas]"]


def test_a_value_names_a_value_of_another_field(check) -> None:
    assert check_of(check, """\
    - id: follows
      doc: d
      for: cards
      references: follows
      to: cards.rank
      message: "'{id}' follows {value} at {index}, not one of {targets}"
    - id: leads
      doc: d
      for: cards.groups
      references: leads
      to: areas.level
      message: "suit '{id}' leads {value}, not one of {join(targets)}"
    """) == ["north.yaml:1:56: error: suit 'north' leads 3, not one of 1, 4 [leads]"]


def test_within_a_group_a_value_names_one_of_the_group(check) -> None:
    assert check_of(check, """\
    - id: follows
      doc: d
      for: cards
      references: follows
      to: cards.rank
      within: group
      message: "'{id}' follows {value} at {index}, not one of {join(targets) or 'none'}"
    - id: leads
      doc: d
      for: cards.groups
      references: leads
      to: cards.rank
      within: group
      message: "suit '{id}' leads {value}, not one of {join(targets) or 'none'}"
    - id: areas
      doc: d
      for: areas
      references: follows
      to: cards.rank
      within: group
      message: "area '{id}' follows {value}, not one of {join(targets) or 'none'}"
    """) == ["north.yaml:4:38: error: 'ship' follows 3 at 1, not one of 1, 2 [follows]",
             "south.yaml:3:36: error: 'queen' follows 1 at 0, not one of 3 [follows]",
             "north.yaml:1:56: error: suit 'north' leads 3, not one of 1, 2 [leads]",
             "south.yaml:1:54: error: suit 'south' leads 1, not one of 3 [leads]",
             "areas.yaml:2:50: error: area 'hills' follows 1, not one of none [areas]",  # no group: none
             "areas.yaml:3:50: error: area 'lakes' follows 4, not one of none [areas]"]


def test_the_values_a_field_may_take_are_each_once_in_order(check) -> None:
    assert check_of(check, """\
    - id: follows
      doc: d
      for: cards
      references: rank
      to: areas.tag
      message: "'{id}' has {value}, not one of {join(targets)}"
    """) == ["north.yaml:4:22: error: 'ship' has 2, not one of 1, 4, Woods [follows]",  # numbers first
             "south.yaml:3:23: error: 'queen' has 3, not one of 1, 4, Woods [follows]"]


def test_nothing_is_looked_up_in_a_game_that_did_not_all_load(load) -> None:
    game, problems = load(COMPONENTS, """\
    - id: home
      doc: d
      for: cards
      references: home
      message: "{value}"
    """, **FILES)
    assert problems == [] and game.checks[0].parsed["to"] == "areas" and game.checks[0].reads_sets is True
    assert [p.message for p in run_game_checks(game)] == ["sea"]
    game.complete = False
    assert run_game_checks(game) == []


def test_a_check_says_what_it_refers_to(load) -> None:
    game, problems = load(COMPONENTS, """\
    - id: ranks
      doc: d
      for: cards
      references: rank
      message: "{value}"
    - id: follows
      doc: d
      for: cards
      references: follows
      message: "{value}"
    - id: missing
      doc: d
      for: cards
      references: rnak
      message: "{value}"
    - id: sets
      doc: d
      for: cards
      references: home
      to: area.id
      message: "{value}"
    """, **FILES)
    assert problems == [
        "checks.yaml:4:15: error: check 'ranks': say what rank refers to with `to:` (a set, or set.field) [schema]",
        "checks.yaml:9:15: error: check 'follows': say what follows refers to with `to:` (a set, or set.field) "
        "[schema]",
        "checks.yaml:14:15: error: check 'missing': references: no field 'rnak' (did you mean 'rank'?) [schema]",
        "checks.yaml:20:7: error: check 'sets': 'area.id' is not a set [schema]",
    ]
    assert game.checks == []


def loading(load, spec: str, unloaded: frozenset = frozenset()) -> Loading:
    game, _ = load(COMPONENTS, None, **FILES)
    doc = parse_yaml(spec.encode(), "checks.yaml")[0]
    sets = {name: s for name, s in game.sets.items() if name not in unloaded}
    return Loading(doc.data[0], "references", game.sets["cards"], False, sets, unloaded, doc, (0,), set(), [])


def test_a_check_of_a_set_that_did_not_load_is_left_out_without_a_word(load) -> None:
    for spec in ("- {id: x, for: cards, references: home, message: m}",
                 "- {id: x, for: cards, references: follows, to: areas.level, message: m}"):
        found = loading(load, spec, frozenset({"areas"}))
        assert (load_references(found), found.problems, found.parsed) == (False, [], {})
    found = loading(load, "- {id: x, for: cards, references: home, message: m}", frozenset({"board"}))
    assert (load_references(found), found.problems, found.parsed, found.reads_sets) == (True, [], {"to": "areas"}, True)


def test_a_field_that_refers_to_no_set_is_said_at_the_check(load) -> None:
    found = loading(load, "- {id: x, for: cards, references: home, message: m}", frozenset({"nothing"}))
    del found.sets["areas"]
    assert load_references(found) is False
    assert [p.format() for p in found.problems] == ["checks.yaml:1:35: error: check 'x': 'areas' is not a set [schema]"]


def test_the_field_referred_to_holds_one_value_and_is_there(load) -> None:
    """(a list field raised a TypeError as its values were gathered, and a field the set does
    not have made every value "not one of" an empty list)"""
    game, problems = load(COMPONENTS, """\
    - {id: lists, doc: d, for: cards, references: rank, to: areas.follows, message: m}
    - {id: absent, doc: d, for: cards, references: rank, to: areas.levle, message: m}
    - {id: fine, doc: d, for: cards, references: rank, to: areas.level, message: m}
    """, **FILES)
    assert problems == [
        "checks.yaml:1:57: error: check 'lists': 'areas.follows': follows is a list field, not one value to name "
        "[schema]",
        "checks.yaml:2:58: error: check 'absent': 'areas.levle': areas has no field 'levle' [schema]",
    ]
    assert [c.info.id for c in game.checks] == ["fine"]


def test_what_a_check_says_its_field_names_for_the_editor(load) -> None:
    """The editor's schemas list what a references check's field may name (pnp.commands.editors):
    the field, what it names and whether within the group; the kinds that name nothing say so."""
    from pnp.checks.kinds import kinds
    from pnp.checks.kinds.references import KIND

    game, problems = load(COMPONENTS, """\
    - {id: a, doc: d, for: cards, references: follows, to: cards.rank, within: group, message: "{value}"}
    - {id: b, doc: d, for: cards, references: home, message: "{value}"}
    - {id: c, doc: d, for: cards, unique: rank, message: "{value}"}
    """, **FILES)
    assert problems == []
    assert [KIND.refers(check) for check in game.checks[:2]] == [("follows", "cards.rank", True), ("home", "areas", False)]
    assert kinds()["unique"].refers(game.checks[2]) is None
    assert [name for name, kind in kinds().items() if name != "references" and kind.refers(game.checks[2])] == []
