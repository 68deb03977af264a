"""pnp.checks.kinds.greyscale_distinct: the colours each record gives (a list of expressions,
or one) print as greys at least `min` apart (relative luminance, 0.1 unless given) from every
colour of every other record, not from the record's own; said at the colour's field if the
record's file writes it, else at `at` or the record's id."""

from __future__ import annotations

from pnp.checks.kinds import kinds
from pnp.checks.kinds.greyscale_distinct import KIND
from pnp.model.colours import luminance

COMPONENTS = """
cards:
  type: card
  size: poker
  files: [north.yaml, south.yaml]
  items: cards
  group:
    key: suit
    fields: {colour: colour, back: colour}
  fields:
    name: text
    front: {type: colour, optional: true}
    back: {type: colour, optional: true}
    rank: {type: int, optional: true}
aid:
  type: sheet
  size: poker
  files: [aid.yaml, help.yaml]
  fields:
    title: text
    paper: colour
"""
# relative luminances: #1f3a8a 0.0515, #cdd7f3 0.6805, #8c1d13 0.0650, #e3ab2c 0.4564, #777777 0.1845
NORTH = """\
suit: {id: north, colour: "#1f3a8a", back: "#cdd7f3"}
cards:
  - {id: navy, name: Navy, front: "#1f3a8a", back: "#cdd7f3"}
  - {id: wine, name: Wine, front: "#8C1D13", back: "#e3ab2c"}
  - {id: bare, name: Bare}
"""
SOUTH = """\
suit: {id: south, colour: "#e3ab2c", back: "#8c1d13"}
cards:
  - {id: grey, name: Grey, front: "#777777", rank: 2}
"""
FILES = {"north": NORTH, "south": SOUTH, "aid": 'title: Aid\npaper: "#1f3a8a"\n',
         "help": 'title: Help\npaper: "#8c1d13"\n'}


def check_of(check, checks: str) -> list[str]:
    return check(COMPONENTS, checks, **FILES)


def test_a_colour_that_prints_as_another_records_grey(check) -> None:
    # wine's front against navy's front; navy's own front and back, or wine's, are never compared
    assert check_of(check, """\
    - id: grey
      doc: d
      for: cards
      greyscale-distinct: [front, back]
      message: "'{id}' {value} [{index}] {value_luminance:.4f} is {difference:.4f} from '{first.id}' {first_value} \\
        [{first_index}] {first_luminance:.4f}, under {min}"
    - id: at
      doc: d
      for: cards
      greyscale-distinct: [front, back]
      at: name
      message: "'{id}'"
    """) == ["north.yaml:4:35: error: 'wine' #8c1d13 [0] 0.0650 is 0.0135 from 'navy' #1f3a8a [0] 0.0515, under 0.1 "
             "[grey]",
             "north.yaml:4:22: error: 'wine' [at]"]


def test_every_pair_of_colours_of_two_records(check) -> None:
    # min 0.25: grey's front (0.1845) is within it of navy's front (0.0515) and of wine's front (0.0650);
    # wine's back (0.4564) of navy's back (0.6805); wine's front, of navy's front
    assert check_of(check, """\
    - id: grey
      doc: d
      for: cards
      greyscale-distinct: [back, front]
      min: 0.25
      message: "'{id}' {index} '{first.id}' {first_index} {difference:.4f}"
    """) == ["north.yaml:4:52: error: 'wine' 0 'navy' 0 0.2241 [grey]",
             "north.yaml:4:35: error: 'wine' 1 'navy' 1 0.0135 [grey]",
             "south.yaml:3:35: error: 'grey' 1 'navy' 1 0.1330 [grey]",  # grey has no back, and a front
             "south.yaml:3:35: error: 'grey' 1 'wine' 1 0.1195 [grey]"]


def test_a_difference_as_large_as_min_is_enough(check) -> None:
    apart = luminance("#8c1d13") - luminance("#1f3a8a")
    assert apart == abs(luminance("#1f3a8a") - luminance("#8c1d13"))
    assert check_of(check, """\
    - id: grey
      doc: d
      for: cards
      greyscale-distinct: front
      min: luminance('#8c1d13') - luminance('#1f3a8a')
      message: "'{id}'"
    - id: grey
      for: cards
      greyscale-distinct: front
      min: luminance('#8c1d13') - luminance('#1f3a8a') + 0.000001
      message: "'{id}' under {min:.7f}"
    - id: grey
      for: cards
      greyscale-distinct: front
      min: 0
      message: "'{id}'"
    """) == ["north.yaml:4:35: error: 'wine' under 0.0135015 [grey]"]


def test_min_may_be_an_expression_of_the_record(check) -> None:
    # (worked out for the record it speaks of: grey has a rank, the others none)
    assert check_of(check, """\
    - id: grey
      doc: d
      for: cards
      greyscale-distinct: front
      min: "rank / 10 if rank != none else 0.02"
      message: "'{id}' against '{first.id}': {difference:.4f} under {min}"
    """) == ["north.yaml:4:35: error: 'wine' against 'navy': 0.0135 under 0.02 [grey]",
             "south.yaml:3:35: error: 'grey' against 'navy': 0.1330 under 0.2 [grey]",
             "south.yaml:3:35: error: 'grey' against 'wine': 0.1195 under 0.2 [grey]"]


def test_groups(check) -> None:
    assert check_of(check, """\
    - id: suits
      doc: d
      for: cards.groups
      greyscale-distinct: [colour, back]
      message: "suit '{id}' {value} ({value_luminance:.2f}) prints as suit '{first.id}' {first_value} \\
        ({first_luminance:.2f})"
    """) == ["south.yaml:1:44: error: suit 'south' #8c1d13 (0.07) prints as suit 'north' #1f3a8a (0.05) [suits]"]


def test_colours_worked_out_are_said_at_the_record_or_at(check) -> None:
    # navy and wine share their suit's back; their tints are 0.3394 and 0.3316; grey's suit back is
    # 0.0650 and its tint 0.4969, each at least 0.1 from navy's and wine's colours
    assert check_of(check, """\
    - id: worked
      doc: d
      for: cards
      where: "front != none"
      greyscale-distinct: ["group.back", "mix(front, '#ffffff', 0.5)"]
      message: "'{id}' {value} [{index}] {difference:.4f} from '{first.id}' {first_value} [{first_index}]"
    - id: at
      doc: d
      for: cards
      where: "front != none"
      greyscale-distinct: "mix(front, '#ffffff', 0.5)"
      at: name
      message: "'{id}' {value} {difference:.4f} from '{first.id}' {first_value}"
    - id: sheets
      doc: d
      for: aid
      greyscale-distinct: "paper + ''"
      message: "'{title}' {value} from '{first.title}' {first_value}"
    """) == [
        "north.yaml:4:10: error: 'wine' #cdd7f3 [0] 0.0000 from 'navy' #cdd7f3 [0] [worked]",
        "north.yaml:4:10: error: 'wine' #c68e89 [1] 0.0078 from 'navy' #8f9dc4 [1] [worked]",
        "north.yaml:4:22: error: 'wine' #c68e89 0.0078 from 'navy' #8f9dc4 [at]",
        "help.yaml:1:1: error: 'Help' #8c1d13 from 'Aid' #1f3a8a [sheets]",  # no id: at the record
    ]


def test_a_record_without_a_colour_is_left_out_and_what_is_not_a_colour_is_an_error(check) -> None:
    # an error even in a warning's check, and the record's other colours are still compared: wine's
    # back (0.4564) against navy's (0.6805); bare and grey have no back
    assert check_of(check, """\
    - id: named
      doc: d
      severity: warning
      for: cards
      greyscale-distinct: ["name + ''", "back"]
      min: 0.3
      message: "'{id}' {value} from '{first.id}' {first_value}"
    """) == [
        "north.yaml:3:10: error: check 'named' cannot be worked out: 'Navy' is not a colour written like '#1a2b3c' "
        "(in \"name + ''\") [named]",
        "north.yaml:4:10: error: check 'named' cannot be worked out: 'Wine' is not a colour written like '#1a2b3c' "
        "(in \"name + ''\") [named]",
        "north.yaml:5:10: error: check 'named' cannot be worked out: 'Bare' is not a colour written like '#1a2b3c' "
        "(in \"name + ''\") [named]",
        "south.yaml:3:10: error: check 'named' cannot be worked out: 'Grey' is not a colour written like '#1a2b3c' "
        "(in \"name + ''\") [named]",
        "north.yaml:4:52: warning: 'wine' #e3ab2c from 'navy' #cdd7f3 [named]",
    ]


def test_an_expression_that_cannot_be_worked_out_is_said_at_its_record(check) -> None:
    assert check_of(check, """\
    - id: mixed
      doc: d
      for: cards
      greyscale-distinct: "mix(back, '#ffffff', 0.5)"
      min: 0
      message: "'{id}'"
    - id: ranked
      doc: d
      for: cards
      where: "front != none"
      greyscale-distinct: front
      min: "rank / 10"
      message: "'{id}' from '{first.id}' under {min}"
    """) == [
        # bare's and grey's backs are none
        "north.yaml:5:5: error: check 'mixed' cannot be worked out: mix() needs colours written like '#1a2b3c' (in "
        "\"mix(back, '#ffffff', 0.5)\") [mixed]",
        "south.yaml:3:5: error: check 'mixed' cannot be worked out: mix() needs colours written like '#1a2b3c' (in "
        "\"mix(back, '#ffffff', 0.5)\") [mixed]",
        # navy and wine have no rank: their min is the default
        "north.yaml:3:5: error: check 'ranked' cannot be worked out: cannot divide none by number (in 'rank / 10') "
        "[ranked]",
        "north.yaml:4:5: error: check 'ranked' cannot be worked out: cannot divide none by number (in 'rank / 10') "
        "[ranked]",
        "north.yaml:4:35: error: 'wine' from 'navy' under 0.1 [ranked]",
        "south.yaml:3:35: error: 'grey' from 'navy' under 0.2 [ranked]",
        "south.yaml:3:35: error: 'grey' from 'wine' under 0.2 [ranked]",
    ]


def test_in_a_game_that_did_not_all_load_what_cannot_be_worked_out_says_nothing(load) -> None:
    from pnp.checks import run_game_checks

    game, _ = load(COMPONENTS, """\
    - {id: named, doc: d, for: cards, greyscale-distinct: ["name + 1", front], message: "'{id}'"}
    """, **FILES)
    game.complete = False
    assert [p.format() for p in run_game_checks(game)] == ["north.yaml:4:35: error: 'wine' [named]"]


def test_a_field_named_alone_must_be_a_colour_field(load) -> None:
    game, problems = load(COMPONENTS, """\
    - {id: rank, doc: d, for: cards, greyscale-distinct: [rank, front, name], message: m}
    - {id: name, doc: d, for: cards, greyscale-distinct: name, message: m}
    - {id: typo, doc: d, for: cards, greyscale-distinct: [fornt], message: m}
    - {id: broken, doc: d, for: cards, greyscale-distinct: [front, "mix(front"], message: m}
    """, **FILES)
    assert problems == [
        "checks.yaml:1:55: error: check 'rank': greyscale-distinct: field 'rank' is not a colour field (its type is "
        "int) [schema]",
        "checks.yaml:1:68: error: check 'rank': greyscale-distinct: field 'name' is not a colour field (its type is "
        "text) [schema]",
        "checks.yaml:2:54: error: check 'name': greyscale-distinct: field 'name' is not a colour field (its type is "
        "text) [schema]",
        "checks.yaml:3:55: error: check 'typo': greyscale-distinct: unknown name 'fornt' (did you mean 'front'?) in "
        "'fornt' [schema]",
        "checks.yaml:4:64: error: check 'broken': greyscale-distinct: syntax error: '(' was never closed in "
        "'mix(front' [schema]",
    ]
    assert game.checks == []  # each is left out


def test_the_kind_is_registered_with_its_keys_and_names() -> None:
    assert kinds()["greyscale-distinct"] is KIND and KIND.name == "greyscale-distinct"
    assert list(kinds()).index("greyscale-distinct") == list(kinds()).index("colour-distinct") + 1
    assert KIND.options == ("min",)
    assert KIND.names == frozenset({"difference", "first", "first_index", "first_luminance", "first_value", "index",
                                    "min", "value", "value_luminance"})
    assert KIND.needs_set("x") is True
