"""pnp.expr.expression: an expression read once (with Python's parser, on one line, its errors
at their offsets in the source) and evaluated many times, each evaluation with its own
MAX_STEPS, charged to the total budget, and its last steps those of the total."""

from __future__ import annotations

import inspect
import pickle
import sys
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from pnp.expr.expression import Expression, _failed, _parse, parse
from pnp.expr.format import MINUS
from pnp.expr.limits import MAX_STEPS, ExpressionError, new_budget, steps_spent, total

TOO_LONG = "the expression takes too long (more than 1,000,000 steps)"


@pytest.fixture(autouse=True)
def fresh_budget() -> Iterator[None]:
    new_budget()
    yield
    new_budget()


def caught(work: Any, *args: Any) -> tuple[str, int | None]:
    with pytest.raises(ExpressionError) as error:
        work(*args)
    return error.value.message, error.value.offset


class Failing(Mapping):
    """An environment whose every lookup raises `error`."""

    def __init__(self, error: BaseException) -> None:
        self.error = error

    def __getitem__(self, key: str) -> Any:
        raise self.error

    def __iter__(self) -> Iterator[str]:
        return iter(())

    def __len__(self) -> int:
        return 0


def test_failed() -> None:
    for error, message in ((RecursionError(), "the expression or its data is too deeply nested"),
                           (MemoryError(), "the expression needs too much memory")):
        failed = _failed(error)
        assert (type(failed), failed.message, failed.offset) == (ExpressionError, message, None)
    error = ValueError("x")
    assert _failed(error) is error
    error = ExpressionError("y", 3)
    assert _failed(error) is error


# --- parsing ------------------------------------------------------------------------------

@pytest.mark.parametrize(("source", "blank", "names"), [
    ("1 + 2", [MAX_STEPS - 3, "en"], set()), ("a + b", [MAX_STEPS - 3, "en"], {"a", "b"}),
    ("1 < 2 < 3", [MAX_STEPS - 4, "en", None, None, None], set()), ("len(xs)", [MAX_STEPS - 2, "en"], {"xs"}),
    ("[c.v for c in xs if c]", [MAX_STEPS - 2, "en", None], {"xs"}), ("  x  ", [MAX_STEPS - 1, "en"], {"x"}),
])
def test_parse(source: str, blank: list, names: set) -> None:
    expression = _parse(source)
    assert (expression.source, expression.names, expression._blank) == (source, frozenset(names), blank)


def test_parse_with_names() -> None:
    assert _parse("a + len(b)", ["a", "b"]).names == frozenset("ab")
    assert _parse("a", ("a", "b")).names == frozenset("a")
    assert caught(_parse, "a + c", ["a", "b"]) == ("unknown name 'c'", 4)
    assert caught(_parse, "  c", []) == ("unknown name 'c'", 2)


@pytest.mark.parametrize(("source", "message", "offset"), [
    (5, "an expression must be text, not number", None), (None, "an expression must be text, not none", None),
    (" " * 10_000 + "1", "an expression longer than 10,000 characters", 0), ("", "empty expression", 0),
    ("  \t ", "empty expression", 0), ("1 +\n2", "syntax error: an expression must be on one line", 3),
    ("  1\r2", "syntax error: an expression must be on one line", 3),
    ("1 +", "syntax error: invalid syntax", 3), ("  1 +", "syntax error: invalid syntax", 5),
    (" 1 2", "syntax error: invalid syntax", 3), ("(1", "syntax error: '(' was never closed", 0),
    ("  f(", "syntax error: '(' was never closed", 3), ("a\x00", "syntax error: source code string cannot contain null bytes", None),
    ("-" * 5000 + "1", "syntax error: the expression is too deeply nested or not text", None),
    ("  1 if 2", "syntax error: expected 'else' after 'if' expression", 2),
    ("  lambda: 1", "lambda is not allowed", 2),
    # a name Python keeps for itself (a field called yield, as no field now may be)
    ("yield", "syntax error: 'yield' is a word expressions keep for themselves, not a name (no field or value can "
              "be called so)", 0),
    (" game.class + 1", "syntax error: 'class' is a word expressions keep for themselves, not a name (no field or "
                        "value can be called so)", 6),
])
def test_parse_refuses(source: Any, message: str, offset: int | None) -> None:
    assert caught(_parse, source) == (message, offset)


def test_parse_takes_a_source_of_max_source_characters() -> None:
    assert _parse(" " * 9_999 + "1").evaluate({}) == 1
    assert _parse("1\n").evaluate({}) == 1  # (the newline at its end stripped)


def test_parse_is_parsed_once() -> None:
    expression = parse("a + b", ["a", "b"])
    assert parse("a + b", ("b", "a")) is expression
    assert parse("a + b") == expression and parse("a + b").names == frozenset("ab")
    assert caught(parse, "a + b", ["a"]) == ("unknown name 'b'", 4)


def test_pickled_an_expression_is_parsed_again() -> None:
    expression = _parse("x * 2")
    copy = pickle.loads(pickle.dumps(expression))
    assert copy == expression and copy.evaluate({"x": 4}) == 8
    assert expression.__reduce__() == (parse, ("x * 2",))


# --- evaluating ---------------------------------------------------------------------------

def test_evaluate_afresh_each_time() -> None:
    expression = _parse("[x for x in xs if x > 1]")
    assert expression.evaluate({"xs": [1, 2, 3]}) == [2, 3]
    assert expression.evaluate({"xs": [5]}) == [5]
    assert expression._blank == [MAX_STEPS - 2, "en", None]


def test_evaluate_in_a_language() -> None:
    expression = _parse("str(x)")
    assert expression._evaluate({"x": -1.5}, "fr") == f"{MINUS}1,5"
    assert expression.evaluate({"x": -1.5}) == f"{MINUS}1.5"
    assert expression._blank[1] == "en"


def test_each_evaluation_is_charged_to_the_total() -> None:
    _parse("1 + 2").evaluate({})
    assert steps_spent() == 3
    _parse("len(xs)").evaluate({"xs": [1, 2, 3]})
    assert steps_spent() == 3 + 2 + 4  # the call, its name and the elements it is given
    assert caught(_parse("1 / 0").evaluate, {}) == ("division by zero", 2)
    assert steps_spent() == 9 + 3


def test_an_evaluation_that_fails() -> None:
    assert caught(_parse("x").evaluate, Failing(RecursionError())) == (
        "the expression or its data is too deeply nested", None)
    assert caught(_parse("x").evaluate, Failing(MemoryError())) == ("the expression needs too much memory", None)
    with pytest.raises(KeyboardInterrupt):
        _parse("x").evaluate(Failing(KeyboardInterrupt()))
    assert steps_spent() == 3


def test_each_evaluation_has_max_steps() -> None:
    assert caught(_parse("len(xs)").evaluate, {"xs": [0] * (MAX_STEPS - 2)}) == (TOO_LONG, 0)
    assert steps_spent() == MAX_STEPS + 1
    new_budget()
    assert _parse("len(xs)").evaluate({"xs": [0] * (MAX_STEPS - 3)}) == MAX_STEPS - 3
    assert steps_spent() == MAX_STEPS


def test_the_total_budgets_last_steps() -> None:
    new_budget(10)
    assert _parse("1 + 2").evaluate({}) == 3
    assert total[0] == 7
    assert _parse("len(xs)").evaluate({"xs": [1]}) == 1
    assert total[0] == 3
    assert caught(_parse("  len(xs)").evaluate, {"xs": [1, 2]}) == (
        "the game's expressions take too long altogether (more than 10 steps)", 2)
    assert total[0] < 0
    assert caught(_parse("1").evaluate, {}) == (
        "the game's expressions take too long altogether (more than 10 steps)", 0)
    new_budget(0)
    assert caught(_parse("1").evaluate, {}) == ("the game's expressions take too long altogether (more than 0 steps)", 0)
    assert total == [0, 0]
    new_budget(1)
    assert _parse("1").evaluate({}) == 1
    assert total == [0, 1]


def test_errors_in_the_last_steps() -> None:
    new_budget(100)
    assert caught(_parse("1 / 0").evaluate, {}) == ("division by zero", 2)
    assert total[0] == 97
    assert caught(_parse("x").evaluate, Failing(MemoryError())) == ("the expression needs too much memory", None)
    assert caught(_parse("x").evaluate, Failing(RecursionError())) == (
        "the expression or its data is too deeply nested", None)
    assert total[0] == 95
    error = ExpressionError(TOO_LONG, 4)
    assert caught(_parse("x").evaluate, Failing(error)) == (
        "the game's expressions take too long altogether (more than 100 steps)", 4)
    with pytest.raises(KeyboardInterrupt):
        _parse("x").evaluate(Failing(KeyboardInterrupt()))
    assert total[0] == 93
    new_budget(MAX_STEPS - 1)  # within the last MAX_STEPS
    assert caught(_parse("len(xs)").evaluate, {"xs": [0] * (MAX_STEPS - 3)}) == (
        "the game's expressions take too long altogether (more than 999,999 steps)", 0)
    new_budget(MAX_STEPS)  # an evaluation's own MAX_STEPS
    assert _parse("len(xs)").evaluate({"xs": [0] * (MAX_STEPS - 3)}) == MAX_STEPS - 3
    assert total[0] == 0
    new_budget(MAX_STEPS)
    assert caught(_parse("len(xs)").evaluate, {"xs": [0] * (MAX_STEPS - 2)}) == (TOO_LONG, 0)
    assert isinstance(_parse("1"), Expression)


def test_the_last_steps_are_the_totals_left() -> None:
    new_budget(MAX_STEPS + 5)
    _parse("len(xs)").evaluate({"xs": [0] * 8})  # 10 steps: MAX_STEPS - 5 left
    assert caught(_parse("len(xs)").evaluate, {"xs": [0] * (MAX_STEPS - 3)}) == (
        "the game's expressions take too long altogether (more than 1,000,005 steps)", 0)


def test_an_expression_too_deeply_nested_for_the_stack() -> None:
    source = "-(" * 150 + "1" + ")" * 150  # within MAX_DEPTH, beyond a stack of 200 calls more
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(len(inspect.stack(0)) + 200)
    try:
        assert caught(_parse, source) == ("the expression is too deeply nested", None)
    finally:
        sys.setrecursionlimit(limit)
    assert _parse(source).evaluate({}) == 1
