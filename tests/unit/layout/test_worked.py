"""pnp.layout.worked: a layout's values, read with the layout (their names checked, put in the
order they are worked out in, a loop refused where it is written), worked out once per piece
before its boxes and read by name in its templates; and what a template that reads one
depends on."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from pnp import expr
from pnp.layout.reader import load_layout
from pnp.layout.worked import RESERVED, LayoutValue, ValueFailed, reads, work_out
from pnp.load.fields import RESERVED as FIELD_RESERVED
from pnp.problems import Location

W, H = 180.0, 252.0  # points: a poker card
NAMES = frozenset({"id", "name", "rank", "kind", "group", "item", "items", "game", "sets", "colours", "position",
                   "copies"})
WHERE = Location("game.yaml", 7, 11)
BOX = "boxes:\n  n: {x: 1, y: 1, width: 30, height: 5, text: '{label}'}\n"


@pytest.fixture
def load(tmp_path: Path):
    """load(files): the files written to a game folder (a text alone is face.yaml), face.yaml
    loaded for a poker card: the layout and its problems as pnp prints them."""
    def load(files: dict[str, str] | str, names: frozenset[str] = NAMES):
        for name, text in ({"face.yaml": files} if isinstance(files, str) else files).items():
            (tmp_path / name).write_text(textwrap.dedent(text), "utf-8")
        layout, problems, _ = load_layout(tmp_path, "face.yaml", WHERE, W, H, names, frozenset(), frozenset(),
                                          "card")
        return layout, [p.format() for p in problems]
    return load


def problems_of(load, text: str, names: frozenset[str] = NAMES) -> list[str]:
    layout, problems = load(text, names)
    assert layout is None
    return problems


def value(name: str, source: str, names: frozenset[str] = NAMES) -> LayoutValue:
    return LayoutValue(name, expr.parse(source, names), "face.yaml", ("values", name))


ENV = {"name": "Pikes", "rank": 3, "group": {"ink": "#112233", "pale": "#ddeeff"}}


def test_values_are_worked_out_each_after_those_it_uses_and_boxes_read_them(load) -> None:
    box = BOX.replace("'{label}'", "'{label}', colour: '{ink}', if: twice > spare")
    layout, problems = load({"face.yaml": "extends: base.yaml\nvalues:\n  ink: group.ink\n"
                                          "  title: \"name if shown else 'x'\"\n  twice: rank * 2\n" + box,
                             "base.yaml": "values:\n  label: \"title + ' (' + str(twice) + ')'\"\n"
                                          "  shown: true\n  spare: 3.5\n  twice: rank\n"})
    assert problems == []
    # the base's values first (one written again keeps its place), then the layout's own;
    # each worked out after those it uses
    assert [v.name for v in layout.values] == ["shown", "spare", "twice", "ink", "title", "label"]
    assert [(v.file, v.at[1]) for v in layout.values] == [
        ("base.yaml", "shown"), ("base.yaml", "spare"), ("face.yaml", "twice"), ("face.yaml", "ink"),
        ("face.yaml", "title"), ("base.yaml", "label")]
    assert {v.at[0] for v in layout.values} == {"values"}
    box = layout.box("n")
    assert (box.get("text").names, box.condition.names) == ({"label"}, {"twice", "spare"})
    env = layout.env(ENV, "en")
    assert (env["label"], env["twice"], env["spare"], env["shown"], env["ink"]) == (
        "Pikes (6)", 6, 3.5, True, "#112233")
    assert env["colours"] == {} and "label" not in ENV  # (a copy)
    assert layout.reads(frozenset({"label"})) == {"label", "title", "name", "shown", "twice", "rank"}
    assert layout.reads(frozenset({"ink", "id"})) == {"ink", "group", "id"}


def test_a_layout_without_values_works_out_its_colours_alone(load) -> None:
    layout, problems = load("colours: {gold: '#C0A000'}\n" + BOX.replace("{label}", "{name}"))
    assert (problems, layout.values) == ([], ())
    assert layout.env(ENV, "en") == {**ENV, "colours": {"gold": "#c0a000"}}
    assert layout.reads(frozenset({"name"})) == {"name"}


def test_a_value_in_the_language_of_the_piece() -> None:
    values = (value("half", "str(rank / 2)"),)
    assert work_out(values, ENV, "fr")["half"] == "1,5"
    assert work_out(values, ENV, "en")["half"] == "1.5"


def test_a_value_that_fails_for_a_piece(load) -> None:
    values = (value("ink", "group.nk"), value("label", "ink + '!'", NAMES | {"ink"}), value("twice", "rank * 2"))
    with pytest.raises(ValueFailed) as failed:
        work_out(values, ENV, "en")
    assert (failed.value.value, failed.value.message, failed.value.offset) == (
        values[0], "no field 'nk' (did you mean 'ink'?)", 6)
    assert isinstance(failed.value, expr.ExpressionError)
    # the checks' way: what fails is left out, and what uses it fails in its turn (left out too)
    assert work_out(values, ENV, "en", strict=False) == {**ENV, "twice": 6}


def test_what_a_template_reads_through_the_values() -> None:
    values = (value("a", "b + c", NAMES | {"b", "c"}), value("b", "rank"), value("c", "b * 2", NAMES | {"b"}))
    assert reads(values, {"a"}) == {"a", "b", "c", "rank"}
    assert reads(values, {"c", "name"}) == {"c", "b", "rank", "name"}
    assert reads(values, set()) == frozenset()
    assert reads((), {"a"}) == {"a"}


def test_a_value_takes_a_name_of_its_own(load) -> None:
    assert RESERVED == FIELD_RESERVED - {"none", "true", "false"}
    assert problems_of(load, textwrap.dedent("""\
        values:
          rank: "1"
          group: "1"
          map: "1"
          entry: "1"
          cell: "1"
          len: "1"
          none: "1"
          fine: "2"
        """) + BOX.replace("{label}", "{fine}")) == [
        "face.yaml:2:3: error: layout 'face.yaml': values.rank: 'rank' already names something the layout's templates "
        "read: give the value a name of its own [layout]",
        "face.yaml:3:3: error: layout 'face.yaml': values.group: 'group' already names something the layout's "
        "templates read: give the value a name of its own [layout]",
        "face.yaml:4:3: error: layout 'face.yaml': values.map: 'map' already names something the layout's templates "
        "read: give the value a name of its own [layout]",
        "face.yaml:5:3: error: layout 'face.yaml': values.entry: 'entry' is the name a list box gives the templates "
        "inside it: give the value a name of its own [layout]",
        "face.yaml:6:3: error: layout 'face.yaml': values.cell: 'cell' is the name a hexmap box gives the templates "
        "inside it: give the value a name of its own [layout]",
        "face.yaml:7:3: error: layout 'face.yaml': values.len: 'len' is a function's name: give the value a name of "
        "its own [layout]",
        "face.yaml:8:3: error: layout 'face.yaml': values.none: 'none' is a constant's name: give the value a name of "
        "its own [layout]"]


def test_a_value_with_an_unknown_name_or_a_bad_expression(load) -> None:
    assert problems_of(load, textwrap.dedent("""\
        values:
          label: "nme + '!'"
          odd: "rank +"
          loose: "[c for c in]"
          fine: "label"
        """) + BOX) == [
        "face.yaml:2:10: error: layout 'face.yaml': values.label: unknown name 'nme' (did you mean 'name'?) in "
        "\"nme + '!'\" [layout]",
        "face.yaml:3:8: error: layout 'face.yaml': values.odd: syntax error: invalid syntax in 'rank +' [layout]",
        "face.yaml:4:10: error: layout 'face.yaml': values.loose: syntax error: invalid syntax in '[c for c in]' "
        "[layout]"]  # (a box or value that uses one refused is not refused for it too)
    # a name is a value's only where the layout has it
    assert problems_of(load, {"face.yaml": "extends: base.yaml\n" + BOX, "base.yaml": "boxes: {}\n"}) == [
        "face.yaml:3:47: error: layout 'face.yaml': n.text: unknown name 'label' in '{label}' [layout]"]


def test_the_schema_says_what_a_value_is(load) -> None:
    # (the schema's problems in no set order: pnp validate sorts them by line)
    assert sorted(problems_of(load, "values:\n  Label: name\n  two-words: name\n  empty: ''\n  list: [1]\n" + BOX)) == [
        "face.yaml:2:3: error: values: key 'Label' must be a name of lowercase letters, digits and underscores "
        "[schema]",
        "face.yaml:3:3: error: values: key 'two-words' must be a name of lowercase letters, digits and underscores "
        "[schema]",
        "face.yaml:4:10: error: values.empty: must not be empty [schema]",
        "face.yaml:5:9: error: values.list: expected a string or a number or true or false, got a list [schema]"]


def test_values_that_use_themselves_in_a_loop(load) -> None:
    assert problems_of(load, textwrap.dedent("""\
        values:
          fine: rank
          after: "late + 1"
          own: "own + 1"
          late: "early + fine"
          early: "after * 2"
          label: "ring + own"
          ring: "ring2"
          ring2: "ring3 + fine"
          ring3: "ring"
        """) + BOX) == [
        "face.yaml:3:10: error: layout 'face.yaml': values.after: 'after' uses 'late', which uses 'early', which uses "
        "'after', in a loop [layout]",
        "face.yaml:4:8: error: layout 'face.yaml': values.own: 'own' uses itself [layout]",
        # (label uses a loop, so cannot be worked out: the loop is said, not label)
        "face.yaml:8:9: error: layout 'face.yaml': values.ring: 'ring' uses 'ring2', which uses 'ring3', which uses "
        "'ring', in a loop [layout]"]
    # a loop through the layout a layout extends: said where its first value is written
    assert problems_of(load, {"face.yaml": "extends: base.yaml\nvalues:\n  b: a\n" + BOX.replace("{label}", "{b}"),
                              "base.yaml": "values:\n  a: b\n  b: '1'\n"}) == [
        "base.yaml:2:6: error: layout 'face.yaml': values.a: 'a' uses 'b', which uses 'a', in a loop [layout]"]


def test_a_long_chain_of_values_written_backwards() -> None:
    """Each value uses the next one written: worked out last to first, without recursion."""
    from pnp.layout.worked import read_values
    from pnp.load.yamlload import parse_yaml

    count = 3000
    text = "values:\n" + "".join(f"  v{i}: v{i + 1} + 1\n" for i in range(count)) + f"  v{count}: rank\n"
    doc, _ = parse_yaml(text.encode(), "face.yaml")
    problems: list = []
    values, names = read_values(doc.data["values"], lambda name: doc, "face.yaml", NAMES, {}, problems)
    assert (problems, len(names)) == ([], count + 1)
    assert [v.name for v in values][:2] == [f"v{count}", f"v{count - 1}"] and values[-1].name == "v0"
    assert work_out(values, ENV, "en")["v0"] == 3 + count
    ring = "values:\n" + "".join(f"  v{i}: v{(i + 1) % count}\n" for i in range(count))
    doc, _ = parse_yaml(ring.encode(), "face.yaml")
    values, _ = read_values(doc.data["values"], lambda name: doc, "face.yaml", NAMES, {}, problems)
    assert values == () and len(problems) == 1
    assert problems[0].message.startswith("layout 'face.yaml': values.v0: 'v0' uses 'v1', which uses 'v2', ")
    assert problems[0].message.endswith(f"which uses 'v{count - 1}', which uses 'v0', in a loop")


def test_a_false_value_is_false(load) -> None:
    layout, problems = load("values:\n  hidden: false\n  shown: true\n" + BOX.replace("{label}", "{name}"))
    assert problems == [] and [v.expression.source for v in layout.values] == ["false", "true"]
    env = layout.env(ENV, "en")
    assert (env["hidden"], env["shown"]) == (False, True)


def test_each_loop_said_from_its_first_value_as_written(load) -> None:
    """A value that leads into a loop is not in it: the loop is said from its own first value
    as written (not the alphabet's first), following each value's first use as written; a
    value that uses a loop and nothing else is left out, unsaid."""
    assert problems_of(load, textwrap.dedent("""\
        values:
          x: y
          zed: abc
          abc: zed
          y: z
          z: y
          p: "pz + pb"
          pz: p
          pb: p
          own: "own + 1"
          user: own
        """) + BOX.replace("{label}", "{name}")) == [
        "face.yaml:5:6: error: layout 'face.yaml': values.y: 'y' uses 'z', which uses 'y', in a loop [layout]",
        "face.yaml:3:8: error: layout 'face.yaml': values.zed: 'zed' uses 'abc', which uses 'zed', in a loop [layout]",
        "face.yaml:7:6: error: layout 'face.yaml': values.p: 'p' uses 'pz', which uses 'p', in a loop [layout]",
        "face.yaml:10:8: error: layout 'face.yaml': values.own: 'own' uses itself [layout]"]
