"""What an expression costs is charged before the work is done: a game from a stranger cannot
make pnp take gigabytes or hours, however its lists alias one another, and the evaluations of
one validation share a total budget.

Each hostile case runs in a process of its own, with 1 GB of memory and 20 seconds at most:
before the costs were charged first, each ran out of one or the other (or gave its answer
after billions of steps), so these tests failed rather than passed or hung.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp import expr
from pnp.expr import ExpressionError, parse, parse_template

from conftest import validate

TOO_LONG = "the expression takes too long (more than 1,000,000 steps)"
# four levels of a list a thousand times over: a thousand elements for each of four `*`, yet
# 10^12 when written, frozen, hashed or compared with a list built alike
ALIASED = "[[[[0] * 1000] * 1000] * 1000] * 1000"

_RUN = textwrap.dedent("""
    import json, resource, sys
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
    from pnp.expr import ExpressionError, parse, parse_template
    source = sys.stdin.read()
    try:
        parse_template(source).render({}) if sys.argv[1] == "template" else parse(source).evaluate({})
    except ExpressionError as error:
        print(json.dumps([error.message, error.offset]))
    else:
        print(json.dumps(None))
""")


def refusal(source: str, template: bool = False) -> tuple[str, int | None] | None:
    """The message and offset of the ExpressionError evaluating `source` (or rendering it, a
    template) raises, in a process of its own with 1 GB and 20 s; None if it raises none."""
    result = subprocess.run([sys.executable, "-c", _RUN, "template" if template else "expression"], input=source,
                            capture_output=True, text=True, timeout=20)
    assert result.returncode == 0, result.stderr[-3000:]
    found = json.loads(result.stdout)
    return None if found is None else (found[0], found[1])


# --- each operation is charged before it is done ------------------------------------------

@pytest.mark.parametrize("source", [
    "join(['x' * 100000] * 100000)",  # ten billion characters, from a list of 100,000
    "join(range(100000), separator='x' * 100000)",  # as many from its separator
])
def test_join_is_charged_the_text_it_would_make_before_making_it(source: str) -> None:
    assert refusal(source) == (TOO_LONG, 0)


@pytest.mark.parametrize("function", ["str", "unique"])
def test_str_and_unique_of_a_list_repeated_by_reference_are_charged_every_repeat(function: str) -> None:
    # a few thousand elements in memory, 10^12 written out (str) or frozen and hashed (unique)
    assert refusal(f"{function}({ALIASED})") == (TOO_LONG, 0)
    assert refusal(f"{function}([['ab'] * 1000] * 1000) == ''") == (TOO_LONG, 0)
    # what they do is unchanged where the budget allows it
    assert parse("str([['a', 1]] * 2)").evaluate({}) == "a, 1, a, 1"
    assert parse("unique([[1, [2]], [1, [2]], [2]] * 3)").evaluate({}) == [[1, [2]], [2]]


@pytest.mark.parametrize("template", [
    "{range(999000):>999}",  # a million numbers, each written 999 wide
    "{[0.5] * 1000:>999.999}",  # a thousand, each with its width and precision: 2 million
    "{[[['x' * 100] * 1000] * 1000] * 1000}",  # written a hundred billion characters long
])
def test_a_template_part_is_charged_its_text_with_the_format_width_of_each_element(template: str) -> None:
    assert refusal(template, template=True) == (TOO_LONG, 1)
    assert parse_template("{range(3):>3}").render({}) == "  0,   1,   2"


def test_a_multi_megabyte_list_literal_is_refused_before_it_is_parsed() -> None:
    assert refusal("[" + "1, " * 1_500_000 + "]") == ("an expression longer than 10,000 characters", 0)
    # a template's part too, where the part starts
    assert refusal("cards: {[" + "1, " * 5000 + "]}", template=True) == \
        ("an expression longer than 10,000 characters", 8)
    assert len(parse("[" + "1, " * 3000 + "]").evaluate({})) == 3000


@pytest.mark.parametrize("operator", ["==", "!=", "<", ">="])
def test_comparing_lists_repeated_by_reference_is_charged_every_element_it_visits(operator: str) -> None:
    # equal all through: Python compares 10^12 pairs of zeros
    assert refusal(f"{ALIASED} {operator} {ALIASED}") == (TOO_LONG, len(ALIASED) + 1)


def test_in_is_charged_every_element_it_compares() -> None:
    # each of the thousand (identical) elements differs from what is looked for only at its end
    needle = "[[[0] * 1000] * 1000] * 1000"
    source = f"{needle} in [[[[0] * 1000] * 1000] * 999 + [1]] * 1000"
    assert refusal(source) == (TOO_LONG, len(needle) + 1)
    assert parse("[[1], [2]] in [[[1], [3]], [[1], [2]]] and [2] not in [[1]] * 3").evaluate({}) is True


@pytest.mark.parametrize("function", ["sorted", "min", "max"])
def test_ordering_lists_repeated_by_reference_is_charged_every_comparison(function: str) -> None:
    assert refusal(f"{function}([{ALIASED}, {ALIASED}])") == (TOO_LONG, 0)


def test_a_tuple_used_as_a_key_is_charged_its_hashing() -> None:
    key = "((((1,) * 1000,) * 1000,) * 1000,) * 1000"  # hashing it goes through 10^12 elements
    assert refusal(f"{{{key}: 1}}") == (TOO_LONG, 0)
    assert refusal(f"{{1: 2}}[{key}]") == (TOO_LONG, 6)
    assert refusal(f"{key} in {{1: 2}}") == (TOO_LONG, len(key) + 1)
    assert parse("{(1, 2): 3}[(1, 2)]").evaluate({}) == 3


# --- comparisons work out what Python does ----------------------------------------------

_VALUES = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.just(0.5),
                                 st.sampled_from(["", "a", "b"])),
                       lambda inner: st.one_of(st.lists(inner, max_size=3), st.tuples(inner, inner),
                                               st.dictionaries(st.sampled_from(["a", "b"]), inner, max_size=2)),
                       max_leaves=12)


@settings(max_examples=150, deadline=None)
@given(_VALUES, _VALUES)
def test_comparisons_of_nested_values_give_what_python_gives(a: Any, b: Any) -> None:
    env = {"a": a, "b": b, "xs": [b, a, [a]]}
    for source in ["a == b", "a != b", "a < b", "a <= b", "a > b", "a >= b", "a in xs", "b not in [a]",
                   "a == a", "[a, b] < [b, a]", "sorted([a, b])", "max(a, b)", "unique([a, b, a])"]:
        try:
            expected: Any = eval(source.replace("unique", "_unique"), {"_unique": _python_unique}, dict(env))
        except TypeError:
            with pytest.raises(ExpressionError):
                parse(source).evaluate(env)
            continue
        got = parse(source).evaluate(env)
        assert repr(got) == repr(expected), source


def _python_unique(xs: list) -> list:
    found: list = []
    for x in xs:
        if not any(x is y or x == y for y in found):
            found.append(x)
    return found


def test_a_value_that_holds_itself_is_still_too_deeply_nested() -> None:
    """The game's records hold themselves (a card's group lists the card): comparing or writing
    them fails as it did, where Python's own comparing and writing recurse without end."""
    group: dict = {"id": "g"}
    card = {"id": "c", "group": group}
    group["items"] = [card]
    other: dict = {"id": "g"}
    other["items"] = [{"id": "c", "group": other}]
    env = {"g": group, "h": other, "c": card}
    for source in ["g == h", "str(g) != ''"]:
        with pytest.raises(ExpressionError):
            parse(source).evaluate(env)
    assert parse("c.group == g and g == g and c in g['items']").evaluate(env) is True
    assert parse("[c.id for c in g['items'] if c.group == g]").evaluate(env) == ["c"]


# --- the total budget -------------------------------------------------------------------------

def test_many_cheap_evaluations_are_bounded_as_a_whole() -> None:
    items = [{"value": n} for n in range(1000)]
    total = parse("sum([c.value for c in items])")
    try:
        expr.new_budget(50_000)
        results = []
        with pytest.raises(ExpressionError) as caught:
            for _ in range(100):  # each evaluation some 3,000 steps
                results.append(total.evaluate({"items": items}))
        assert caught.value.message == "the game's expressions take too long altogether (more than 50,000 steps)"
        assert 10 <= len(results) < 20 and expr.steps_spent() >= 50_000
        # templates' parts too, and writing a list counts
        with pytest.raises(ExpressionError) as caught:
            parse_template("the total: {sum([c.value for c in items])}").render({"items": items})
        assert caught.value.args == ("the game's expressions take too long altogether (more than 50,000 steps)", 12)
        expr.new_budget()
        assert total.evaluate({"items": items}) == 499500 and expr.steps_spent() < 5000
    finally:
        expr.new_budget()


def test_an_evaluation_that_runs_into_the_end_of_the_total_is_refused_where_it_does() -> None:
    try:
        expr.new_budget(250_000)
        assert parse("len(range(100000))").evaluate({}) == 100000  # some 200,000 steps
        with pytest.raises(ExpressionError) as caught:
            parse("1 + len(range(100000))").evaluate({})
        assert caught.value.args == ("the game's expressions take too long altogether (more than 250,000 steps)", 8)
    finally:
        expr.new_budget()


# --- through pnp validate ---------------------------------------------------------------------

def add_check(game: Path, check: str) -> None:
    with (game / "checks.yaml").open("a", encoding="utf-8") as out:
        out.write("\n" + textwrap.dedent(check))


def test_validate_reports_a_refused_expression_where_it_is(mini: Path) -> None:
    aliased = "[[[0] * 1000] * 1000] * 1000"  # a billion comparisons: a second before, refused now
    add_check(mini, f"""\
        - id: aliased
          doc: A list compared with one built alike.
          for: cards
          where: "leader != none"
          require: "{aliased} == {aliased}"
          message: "never"
        """)
    result = validate(mini)
    assert result.exit_code == 1
    located = [line for line in result.output.splitlines() if "cannot be worked out" in line]
    assert len(located) == 3 and all(re.fullmatch(  # each card with a leader, where it is
        re.escape(str(mini)) + r"/cards/(north|south)\.yaml:\d+:\d+: error: check 'aliased' cannot be worked out: "
        + re.escape(f"{TOO_LONG} (in '{aliased} == {aliased}') [aliased]"), line) for line in located), located


def test_the_total_budget_is_one_validations(mini: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert validate(mini).exit_code == 0
    spent = expr.steps_spent()
    assert spent > 0
    # enough for one validation: two in one process (as pnp watch and the tests validate) pass
    monkeypatch.setattr(expr.limits, "MAX_TOTAL_STEPS", spent + 100_000)
    assert validate(mini).exit_code == 0 and validate(mini).exit_code == 0
    # a check whose every evaluation is cheap but whose evaluations together are not
    add_check(mini, """\
        - id: heavy
          doc: Cheap each time, not in all.
          for: cards
          require: "len(range(60000)) > 0"
          message: "never"
        """)
    result = validate(mini)
    assert result.exit_code == 1
    located = [line for line in result.output.splitlines() if "[heavy]" in line and "cannot be worked out" in line]
    message = f"the game's expressions take too long altogether (more than {spent + 100_000:,} steps)"
    assert located and all(re.fullmatch(
        re.escape(str(mini)) + r"/cards/(north|south)\.yaml:\d+:\d+: error: check 'heavy' cannot be worked out: "
        + re.escape(f"{message} (in 'len(range(60000)) > 0') [heavy]"), line) for line in located), located


def test_the_shipped_games_spend_a_small_part_of_the_total() -> None:
    from conftest import GAMES

    from pnp.checks.validate import validate as run

    for name, folder in GAMES.items():
        assert not run(folder / "game.yaml").failed(), name
        assert expr.steps_spent() < expr.MAX_TOTAL_STEPS // 100, (name, expr.steps_spent())
