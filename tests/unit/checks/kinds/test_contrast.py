"""pnp.checks.kinds.contrast: text in one colour field reads on the colour of another, a WCAG
contrast of at least `min` (4.5 unless given); said at the text colour if the record's file
gives it, else at the background."""

from __future__ import annotations

from pnp.checks.kinds import kinds
from pnp.checks.kinds.contrast import KIND

COMPONENTS = """
cards:
  type: card
  size: poker
  files: cards.yaml
  items: cards
  group:
    key: suit
    fields: {colour: colour, ink: {type: colour, default: "#000000"}}
  fields:
    ink: {type: colour, optional: true}
    paper: {type: colour, optional: true}
"""
CARDS = """\
suit: {id: grey, colour: "#1565C0"}
cards:
  - {id: faint, ink: "#777777", paper: "#FFFFFF"}
  - {id: plain, ink: "#767676", paper: "#ffffff"}
  - {id: blank, paper: "#ffffff"}
  - {id: same, ink: "#123456", paper: "#123456"}
"""


def check_of(check, checks: str) -> list[str]:
    return check(COMPONENTS, checks, cards=CARDS)


def test_text_that_does_not_read_on_its_background(check) -> None:
    assert check_of(check, """\
    - id: ink
      doc: d
      for: cards
      contrast: [ink, paper]
      message: "'{id}': {text} on {background} is {ratio:.3f}:1, under {min}:1"
    """) == ["cards.yaml:3:22: error: 'faint': #777777 on #ffffff is 4.478:1, under 4.5:1 [ink]",
             "cards.yaml:6:21: error: 'same': #123456 on #123456 is 1.000:1, under 4.5:1 [ink]"]


def test_a_contrast_as_low_as_min_is_enough(check) -> None:
    assert check_of(check, """\
    - id: ink
      doc: d
      for: cards
      contrast: [ink, paper]
      min: 1
      message: "'{id}'"
    - id: ink
      for: cards
      contrast: [ink, paper]
      min: 4.55
      message: "'{id}': {ratio:.3f}, under {min}"
    """) == ["cards.yaml:3:22: error: 'faint': 4.478, under 4.55 [ink]",
             "cards.yaml:4:22: error: 'plain': 4.542, under 4.55 [ink]",
             "cards.yaml:6:21: error: 'same': 1.000, under 4.55 [ink]"]


def test_a_text_colour_not_written_in_the_file_is_said_at_the_background(check) -> None:
    assert check_of(check, """\
    - id: suit
      doc: d
      for: cards.groups
      contrast: [ink, colour]
      min: 4
      message: "suit '{id}': {text} on {background} is {ratio:.2f}:1"
    - id: paper
      doc: d
      for: cards
      contrast: [paper, ink]
      min: 4.5
      message: "'{id}': {text} on {background}"
    """) == ["cards.yaml:1:26: error: suit 'grey': #000000 on #1565c0 is 3.65:1 [suit]",
             "cards.yaml:3:40: error: 'faint': #ffffff on #777777 [paper]",
             "cards.yaml:6:39: error: 'same': #123456 on #123456 [paper]"]


def test_the_names_a_message_may_use_never_hide_the_records_fields(check) -> None:
    assert check_of(check, """\
    - id: ink
      doc: d
      for: cards
      where: id == 'faint'
      contrast: [ink, paper]
      message: "{text} {background} {item.ink}"
    """) == ["cards.yaml:3:22: error: #777777 #ffffff #777777 [ink]"]


def test_min_may_be_an_expression_worked_out_for_each_record(check) -> None:
    """(it was compared as written: an expression raised a TypeError)"""
    assert check_of(check, """\
    - id: ink
      doc: d
      for: cards
      contrast: [ink, paper]
      min: game.limit + 2
      message: "'{id}': {ratio:.3f}:1, under {min}:1"
    """) == ["cards.yaml:3:22: error: 'faint': 4.478:1, under 5:1 [ink]",
             "cards.yaml:4:22: error: 'plain': 4.542:1, under 5:1 [ink]",
             "cards.yaml:6:21: error: 'same': 1.000:1, under 5:1 [ink]"]


def test_a_field_that_is_not_a_colour_is_refused_where_the_check_names_it(load) -> None:
    """(it was taken, and the check raised an AttributeError on the first value)"""
    _, problems = load(COMPONENTS.replace("paper: {type: colour, optional: true}", "paper: {type: int, optional: true}"),
                       """\
    - {id: ink, doc: d, for: cards, contrast: [ink, paper], message: m}
    """, cards=CARDS.replace('"#FFFFFF"', "1").replace('"#ffffff"', "2").replace('"#123456"}', "3}"))
    assert problems == ["checks.yaml:1:49: error: check 'ink': contrast: field 'paper' is not a colour field (its "
                        "type is int) [schema]"]


def test_the_kind_is_registered_with_its_keys_and_names() -> None:
    assert kinds()["contrast"] is KIND and KIND.name == "contrast"
    assert KIND.options == ("min",)
    assert KIND.names == frozenset({"background", "min", "ratio", "text"})
    assert KIND.needs_set("x") is True
