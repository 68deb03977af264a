"""pnp.checks.kinds.colour_distinct: no two records' colours closer than `min` (CIEDE2000, 10
unless given), with normal vision and as each `vision` listed sees them; or, `against:`
another set's colour field, each colour held apart from that set's colours."""

from __future__ import annotations

from pnp.checks.kinds.base import Loading
from pnp.checks.kinds.colour_distinct import load as load_colour_distinct
from pnp.load.yamlload import parse_yaml

COMPONENTS = """
cards:
  type: card
  size: poker
  files: [north.yaml, south.yaml]
  items: cards
  group:
    key: suit
    fields: {colour: colour}
  fields:
    name: text
    colour: {type: colour, optional: true}
tokens:
  type: card
  size: poker
  files: tokens.yaml
  items: tokens
  fields:
    colour: {type: colour, optional: true}
"""
NORTH = """\
suit: {id: north, colour: "#1565c0"}
cards:
  - {id: red, name: Red, colour: "#C62828"}
  - {id: green, name: Green, colour: "#2e7d32"}
  - {id: plain, name: Plain}
"""
SOUTH = """\
suit: {id: south, colour: "#1565C0"}
cards:
  - {id: brick, name: Brick, colour: "#c72a2a"}
  - {id: blue, name: Blue, colour: "#1565c0"}
"""
TOKENS = """\
tokens:
  - {id: navy, colour: "#1565c1"}
  - {id: none}
  - {id: wine, colour: "#c62929"}
"""
FILES = {"north": NORTH, "south": SOUTH, "tokens": TOKENS}


def check_of(check, checks: str) -> list[str]:
    return check(COMPONENTS, checks, **FILES)


def test_a_colour_too_close_to_one_before_it(check) -> None:
    assert check_of(check, """\
    - id: colours
      doc: d
      for: cards
      colour-distinct: colour
      message: "'{id}' {value} is {difference:.4f} from '{first.id}' {first.colour} ({vision}), under {min}"
    - id: suits
      doc: d
      for: cards.groups
      colour-distinct: colour
      min: 0
      message: "suit '{id}'"
    - id: suits
      for: cards.groups
      colour-distinct: colour
      min: 0.01
      message: "suit '{id}' {value} is {difference} from '{first.id}' {first.colour}"
    """) == ["south.yaml:3:38: error: 'brick' #c72a2a is 0.4618 from 'red' #C62828 (normal), under 10 [colours]",
             "south.yaml:1:27: error: suit 'south' #1565c0 is 0 from 'north' #1565c0 [suits]"]


def test_colours_as_the_colour_blind_see_them(check) -> None:
    assert check_of(check, """\
    - id: colours
      doc: d
      for: cards
      colour-distinct: colour
      vision: [deuteranopia, tritanopia]
      min: 7
      message: "'{id}' is {difference:.4f} from '{first.id}' ({vision})"
    """) == ["north.yaml:4:38: error: 'green' is 6.7651 from 'red' (deuteranopia) [colours]",
             "south.yaml:3:38: error: 'brick' is 0.4001 from 'red' (tritanopia) [colours]",
             "south.yaml:3:38: error: 'brick' is 6.7713 from 'green' (deuteranopia) [colours]"]


def test_colours_held_apart_from_another_sets(check, load) -> None:
    checks = """\
    - id: tokens
      doc: d
      for: tokens
      colour-distinct: colour
      against: cards.colour
      message: "'{id}' {value} is {difference:.4f} from card '{first.id}' {first.name}"
    - id: suits
      doc: d
      for: tokens
      colour-distinct: colour
      against: cards.groups.colour
      message: "'{id}' is {difference:.4f} from suit '{first.id}' of {len(first.items)} cards"
    - id: cards
      doc: d
      for: cards
      colour-distinct: colour
      against: tokens.colour
      min: 0.2
      message: "'{id}' is {difference:.4f} from token '{first.id}'"
    """
    assert check_of(check, checks) == [
        "tokens.yaml:2:24: error: 'navy' #1565c1 is 0.1377 from card 'blue' Blue [tokens]",
        "tokens.yaml:4:24: error: 'wine' #c62929 is 0.1929 from card 'red' Red [tokens]",
        "tokens.yaml:4:24: error: 'wine' #c62929 is 0.3023 from card 'brick' Brick [tokens]",
        "tokens.yaml:2:24: error: 'navy' is 0.1377 from suit 'north' of 3 cards [suits]",
        "tokens.yaml:2:24: error: 'navy' is 0.1377 from suit 'south' of 2 cards [suits]",
        "north.yaml:3:34: error: 'red' is 0.1929 from token 'wine' [cards]",
        "south.yaml:4:36: error: 'blue' is 0.1377 from token 'navy' [cards]",
    ]
    game, problems = load(COMPONENTS, checks, **FILES)
    assert [(c.parsed["against"], c.reads_sets) for c in game.checks] == [(("cards", False, "colour"), True),
                                                                         (("cards", True, "colour"), True),
                                                                         (("tokens", False, "colour"), True)]


def test_another_sets_field_must_be_a_colour(load) -> None:
    game, problems = load(COMPONENTS, """\
    - id: name
      doc: d
      for: tokens
      colour-distinct: colour
      against: cards.name
      message: m
    - id: missing
      doc: d
      for: tokens
      colour-distinct: colour
      against: cards.groups.name
      message: m
    - id: set
      doc: d
      for: tokens
      colour-distinct: colour
      against: card.colour
      message: m
    - id: groups
      doc: d
      for: tokens
      colour-distinct: colour
      against: tokens.groups.colour
      message: m
    - id: own
      doc: d
      for: tokens
      colour-distinct: colour
      message: m
    """, **FILES)
    assert problems == [
        "checks.yaml:5:12: error: check 'name': against: 'cards.name' is not a colour field of a set (SET.FIELD, "
        "or SET.groups.FIELD) [schema]",
        "checks.yaml:11:12: error: check 'missing': against: 'cards.groups.name' is not a colour field of a set "
        "(SET.FIELD, or SET.groups.FIELD) [schema]",
        "checks.yaml:17:12: error: check 'set': against: 'card.colour' is not a colour field of a set (SET.FIELD, "
        "or SET.groups.FIELD) [schema]",
        "checks.yaml:23:12: error: check 'groups': against: 'tokens.groups.colour' is not a colour field of a set "
        "(SET.FIELD, or SET.groups.FIELD) [schema]",
    ]
    assert [(c.info.id, c.parsed, c.reads_sets) for c in game.checks] == [("own", {}, False)]


def test_a_check_against_a_set_that_did_not_load_is_left_out_without_a_word(load) -> None:
    game, _ = load(COMPONENTS, None, **FILES)
    doc = parse_yaml(b"- {id: x, for: tokens, colour-distinct: colour, against: cards.colour, message: m}",
                     "checks.yaml")[0]
    for sets in ({"tokens": game.sets["tokens"]}, game.sets):
        found = Loading(doc.data[0], "colour-distinct", game.sets["tokens"], False, sets, frozenset({"cards"}), doc,
                        (0,), set(), [])
        assert (load_colour_distinct(found), found.problems, found.parsed) == (False, [], {})


def test_min_may_be_an_expression(check) -> None:
    """(it was compared as written: an expression raised a TypeError)"""
    assert check_of(check, """\
    - id: colours
      doc: d
      for: cards
      colour-distinct: colour
      min: game.limit / 6
      message: "'{id}' under {min}"
    """) == ["south.yaml:3:38: error: 'brick' under 0.5 [colours]"]


def test_the_field_must_be_a_colour_field(load) -> None:
    """(a text field was taken, and the check raised an AttributeError on its first value)"""
    _, problems = load(COMPONENTS, """\
    - {id: names, doc: d, for: cards, colour-distinct: name, message: m}
    """, **FILES)
    assert problems == ["checks.yaml:1:52: error: check 'names': colour-distinct: field 'name' is not a colour "
                        "field (its type is text) [schema]"]


INKS = """
inks:
  type: card
  size: poker
  files: inks.yaml
  items: inks
  fields:
    colour: colour
"""
# a red and a dark green that Machado's protanope sees closer than Viénot's, and a violet and
# that green that Viénot's tritanope (Brettel's there) confuses and Machado's does not
INK_FILES = {"inks": """\
inks:
  - {id: green, colour: "#1b5e20"}
  - {id: red, colour: "#c0062b"}
  - {id: violet, colour: "#6420ce"}
"""}


def test_each_model_asked_for_simulates_the_visions(check) -> None:
    """`model:` lists the simulations, each run with every vision (vienot unless given); the
    message names the model that found the pair closest, none (printed as nothing) when plain
    sight did."""
    def found(model: str, least: float = 10) -> list[str]:
        return check(INKS, f"""\
        - id: inks
          doc: d
          for: inks
          colour-distinct: colour
          vision: [deuteranopia, protanopia, tritanopia]
          {model}
          min: {least}
          message: "'{{id}}' is {{difference:.4f}} from '{{first.id}}' ({{vision}}, {{model}})"
        """, **INK_FILES)

    assert found("") == found("model: [vienot]") == [
        "inks.yaml:4:26: error: 'violet' is 2.3636 from 'green' (tritanopia, vienot) [inks]"]
    assert found("model: [brettel]") == [
        "inks.yaml:4:26: error: 'violet' is 2.3636 from 'green' (tritanopia, brettel) [inks]"]
    assert found("model: [machado]") == [
        "inks.yaml:3:23: error: 'red' is 8.6434 from 'green' (protanopia, machado) [inks]"]
    assert found("model: [vienot, machado]") == found("model: [machado, vienot]") == [
        "inks.yaml:3:23: error: 'red' is 8.6434 from 'green' (protanopia, machado) [inks]",
        "inks.yaml:4:26: error: 'violet' is 2.3636 from 'green' (tritanopia, vienot) [inks]"]
    assert found("model: [machado]", 40) == [
        "inks.yaml:3:23: error: 'red' is 8.6434 from 'green' (protanopia, machado) [inks]",
        "inks.yaml:4:26: error: 'violet' is 24.1628 from 'green' (tritanopia, machado) [inks]",
        "inks.yaml:4:26: error: 'violet' is 38.3499 from 'red' (normal, ) [inks]"]


def test_a_model_pnp_does_not_have_is_refused(load) -> None:
    _, problems = load(INKS, """\
    - {id: inks, doc: d, for: inks, colour-distinct: colour, model: [ishihara], message: m}
    - {id: none, doc: d, for: inks, colour-distinct: colour, model: [], message: m}
    """, **INK_FILES)
    assert problems == ["checks.yaml:1:66: error: [0].model[0]: 'ishihara' is not one of: vienot, brettel, machado "
                        "[schema]",
                        "checks.yaml:2:65: error: [1].model: needs at least 1 item(s) [schema]"]


DISCS = """
discs:
  type: token
  size: 15mm
  files: discs.yaml
  items: discs
  fields:
    colour: colour
plain:
  type: token
  size: 15mm
  ink_saver: none
  files: plain.yaml
  items: plain
  fields:
    colour: colour
"""
# two dark discs (the ink saver prints them pale) and a light one (left as it is); the same
# colours on a set the ink saver leaves alone
DISC_FILES = {"discs": """\
discs:
  - {id: red, colour: "#C62828"}
  - {id: teal, colour: "#00838f"}
  - {id: gold, colour: "#f9a825"}
""", "plain": """\
plain:
  - {id: red, colour: "#c62828"}
  - {id: teal, colour: "#00838f"}
  - {id: gold, colour: "#f9a825"}
"""}


def test_grounds_and_colours_as_the_ink_saver_prints_them(check) -> None:
    """`grounds:` holds each colour apart from colours its pieces lie on too (`first` none,
    `ground` the colour); `ink-saver: true` compares the colours as --ink-saver prints them:
    a dark one as its pale tint on a set whose faces it lightens (tokens), as it is on one
    whose faces it leaves (`ink_saver: none`), and a light one as it is."""
    def found(where: str, more: str) -> list[str]:
        return check(DISCS, f"""\
        - id: discs
          doc: d
          for: {where}
          colour-distinct: colour
          {more}
          vision: [deuteranopia]
          min: 15
          message: "'{{id}}' {{value}} is {{difference:.4f}} from {{ground or first.id}} ({{vision}})"
        """, **DISC_FILES)

    for where in ("discs", "plain"):  # (as they are)
        assert found(where, "grounds: ['#F6EFDC', '#f9a826']") == [
            f"{where}.yaml:4:24: error: 'gold' #f9a825 is 0.0646 from #f9a826 (deuteranopia) [discs]"]
    assert found("discs", "ink-saver: true") == [
        "discs.yaml:3:24: error: 'teal' #c7e4e6 is 11.4848 from red (deuteranopia) [discs]"]
    assert found("plain", "ink-saver: true") == found("discs", "ink-saver: false") == []
    assert found("discs", "ink-saver: true\n          grounds: ['#f6efdc']") == [
        "discs.yaml:3:24: error: 'teal' #c7e4e6 is 11.4848 from red (deuteranopia) [discs]",
        "discs.yaml:2:23: error: 'red' #f2d0d0 is 6.0172 from #f6efdc (deuteranopia) [discs]"]
    # (the pale tints: 22 % of the colour, the rest white)
    from pnp.model.colours import mix, printed_light

    assert printed_light("#c62828") == mix("#c62828", "#ffffff", 0.78) == "#f2d0d0"
    assert printed_light("#f9a825") == "#f9a825"
