"""pnp.expr.limits: the bounds an expression keeps to, ExpressionError and its commonest
messages, the kinds of values by the names designers know, and the total budget all
evaluations share between two new_budget()."""

from __future__ import annotations

import math
import pickle
from collections.abc import Iterator
from types import MappingProxyType
from typing import Any

import pytest

from pnp.expr import limits
from pnp.expr.limits import (GROWN, MAX_BITS, MAX_DEPTH, MAX_EXPONENT, MAX_FORMAT_WIDTH, MAX_LENGTH, MAX_SOURCE,
                             MAX_STEPS, MAX_TOTAL_STEPS, PLAIN, SEQUENCES, ExpressionError, checked, kind_of,
                             new_budget, spend, steps_spent, too_large, too_long, too_long_in_all, total)


@pytest.fixture(autouse=True)
def fresh_budget() -> Iterator[None]:
    new_budget()
    yield
    new_budget()


def test_the_bounds() -> None:
    assert (MAX_STEPS, MAX_BITS, MAX_LENGTH, MAX_EXPONENT, MAX_DEPTH, MAX_FORMAT_WIDTH, MAX_SOURCE, MAX_TOTAL_STEPS) == (
        1_000_000, 4096, 100_000, 1000, 200, 1000, 10_000, 200_000_000)
    assert SEQUENCES == (list, tuple)
    assert PLAIN == {str, int, float, bool, type(None)} and GROWN == {str, list, tuple}


def test_expression_error() -> None:
    error = ExpressionError("bad thing", 3)
    assert (error.message, error.offset, error.args, str(error)) == ("bad thing", 3, ("bad thing", 3), "bad thing")
    assert isinstance(error, ValueError)
    assert ExpressionError("no offset").offset is None and ExpressionError("no offset").args == ("no offset", None)
    copy = pickle.loads(pickle.dumps(error))
    assert (type(copy), copy.message, copy.offset, str(copy)) == (ExpressionError, "bad thing", 3, "bad thing")


class Thing:
    pass


@pytest.mark.parametrize(("value", "kind"), [
    (None, "none"), (True, "true/false"), (False, "true/false"), (0, "number"), (1, "number"), (-2.5, "number"),
    (math.nan, "number"), ("", "text"), ("a", "text"), ([], "list"), ((1,), "list"), ({}, "mapping"),
    (MappingProxyType({"a": 1}), "mapping"), ({1}, "set"), (Thing(), "Thing"), (b"x", "bytes"),
])
def test_kind_of(value: Any, kind: str) -> None:
    assert kind_of(value) == kind


def test_the_commonest_messages() -> None:
    for error, message, offset in ((too_long(5), "the expression takes too long (more than 1,000,000 steps)", 5),
                                   (too_long(None), "the expression takes too long (more than 1,000,000 steps)", None),
                                   (too_large(), "a number too large", None), (too_large(4), "a number too large", 4)):
        assert (type(error), error.message, error.offset) == (ExpressionError, message, offset)


@pytest.mark.parametrize("value", [0, 2 ** 4096 - 1, -(2 ** 4096) + 1, 1e308, -1e308, 0.0, "x" * 10_000, True, None,
                                   [2 ** 5000]])
def test_checked_passes_a_value_in_bounds(value: Any) -> None:
    assert checked(value, 3) is value


@pytest.mark.parametrize("value", [2 ** 4096, -(2 ** 4096), 2 ** 5000, math.inf, -math.inf, math.nan])
def test_checked_refuses_a_number_out_of_bounds(value: Any) -> None:
    with pytest.raises(ExpressionError) as caught:
        checked(value, 3)
    assert (caught.value.message, caught.value.offset) == ("a number too large", 3)


def test_spend() -> None:
    frame = [5, "en"]
    spend(frame, 2, 1)
    assert frame == [3, "en"]
    spend(frame, 3, 1)
    assert frame == [0, "en"]
    with pytest.raises(ExpressionError) as caught:
        spend(frame, 1, 7)
    assert (caught.value.message, caught.value.offset) == (too_long(None).message, 7)
    assert frame == [-1, "en"]


def test_the_total_budget() -> None:
    assert total == [MAX_TOTAL_STEPS, MAX_TOTAL_STEPS] and steps_spent() == 0
    new_budget(1234)
    assert limits.total is total and total == [1234, 1234]
    total[0] -= 34
    assert steps_spent() == 34
    error = too_long_in_all(6)
    assert (error.message, error.offset) == (
        "the game's expressions take too long altogether (more than 1,234 steps)", 6)
    assert too_long_in_all(None).offset is None
    new_budget()
    assert total == [MAX_TOTAL_STEPS, MAX_TOTAL_STEPS] and steps_spent() == 0
    assert too_long_in_all(0).message == "the game's expressions take too long altogether (more than 200,000,000 steps)"
    new_budget(0)
    assert total == [0, 0] and steps_spent() == 0


def test_a_value_where_a_list_goes_is_named_as_designers_know_it() -> None:
    from pnp.expr import not_a_list
    from pnp.model.game import View

    actions = View(name="actions", items=[View(id="pans")], groups=[])
    assert not_a_list("sets.actions", actions) == "sets.actions gives a mapping, not a list (did you mean " \
                                                  "sets.actions.items?)"
    assert not_a_list("entry.gain", {"items": 3}) == "entry.gain gives a mapping, not a list"
    assert not_a_list("game.rounds", 7) == "game.rounds gives a number, not a list"
    assert not_a_list("x", None) == "x gives none, not a list"
    assert not_a_list("x", True) == "x gives true/false, not a list"
