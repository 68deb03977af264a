"""pnp.expr.functions: the registry of the functions expressions can call, how their signatures
are read, and the general functions, each refusing what it cannot take in the designer's words
and charging what it makes or reads beyond the elements it is given and returns."""

from __future__ import annotations

import math
from typing import Any

import pytest

from pnp.expr.format import MINUS
from pnp.expr.functions import (CONSTANTS, FUNCTIONS, Function, Signature, _extreme, _freeze, _order_error, function,
                                is_number, list_arg, signature_of)
from pnp.expr.limits import MAX_STEPS, MISSING, ExpressionError

TOO_LONG = "the expression takes too long (more than 1,000,000 steps)"
GENERAL = ["len", "sum", "min", "max", "any", "all", "count", "range", "abs", "round", "sorted", "unique", "first",
           "join", "str", "int", "plural"]


def call(name: str, *args: Any, **options: Any) -> Any:
    return FUNCTIONS[name].call(*args, **options)


def refusal(name: str, *args: Any, **options: Any) -> str:
    with pytest.raises(ExpressionError) as caught:
        call(name, *args, **options)
    assert caught.value.offset is None
    return caught.value.message


def test_constants() -> None:
    assert CONSTANTS == {"none": None, "true": True, "false": False}


def test_the_general_functions_are_registered_in_order_with_their_documentation() -> None:
    assert list(FUNCTIONS)[:len(GENERAL)] == GENERAL
    assert all(FUNCTIONS[name].name == name and FUNCTIONS[name].doc and FUNCTIONS[name].example for name in GENERAL)
    assert FUNCTIONS["plural"].example == "plural(stars, 'star')"
    assert FUNCTIONS["len"].doc == "The number of elements of a list or characters of a text."


def test_function_registers_and_returns_the_function() -> None:
    def double(x: Any) -> Any:
        return 2 * x
    try:
        assert function("test_double", "Twice x.", "test_double(2)")(double) is double
        assert FUNCTIONS["test_double"] == Function("test_double", double, "Twice x.", "test_double(2)")
    finally:
        del FUNCTIONS["test_double"]


def test_signature_of() -> None:
    def plain(a: Any, b: Any, c: Any = 0, /, d: Any = 1, *, e: Any = 2, _language: str = "en") -> None: ...
    def many(a: Any, *rest: Any, _steps: list | None = None) -> None: ...
    def none() -> None: ...
    assert signature_of(Function("plain", plain, "", "")) == Signature(2, 4, ("a", "b", "c", "d"), frozenset({"d", "e"}),
                                                                       True, False)
    assert signature_of(Function("many", many, "", "")) == Signature(1, math.inf, ("a",), frozenset(), False, True)
    assert signature_of(Function("none", none, "", "")) == Signature(0, 0, (), frozenset(), False, False)
    assert signature_of(FUNCTIONS["max"]) == Signature(1, math.inf, ("value",), frozenset({"default"}), False, True)
    assert signature_of(FUNCTIONS["join"]) == Signature(1, 2, ("xs", "separator"), frozenset({"separator"}), True, True)


def test_list_arg() -> None:
    xs, ys = [1], (2,)
    assert list_arg("f", xs) is xs and list_arg("f", ys) is ys
    with pytest.raises(ExpressionError) as caught:
        list_arg("f", "ab")
    assert (caught.value.message, caught.value.offset) == ("f() needs a list, not text", None)
    with pytest.raises(ExpressionError) as caught:
        list_arg("g", {"a": 1}, "a list of numbers")
    assert caught.value.message == "g() needs a list of numbers, not mapping"


def test_is_number() -> None:
    assert [is_number(v) for v in (1, -2.5, True, math.inf, "1", None, [1])] == [True] * 4 + [False] * 3


def test_order_error() -> None:
    assert _order_error("max", [1, 2.5, "a", None]).message == "max() cannot compare number and text"
    assert _order_error("min", [None, True]).message == "min() cannot compare none and true/false"
    assert _order_error("sorted", [{"a": 1}, {}]).message == "sorted() cannot order mapping values"
    assert _order_error("sorted", []).message == "sorted() cannot order these values"
    assert _order_error("max", [1]).offset is None


def test_extreme_of_a_list_or_of_values() -> None:
    assert _extreme("max", max, ([3, 1, 2],), MISSING, None) == 3
    assert _extreme("min", min, ((3, 1, 2),), MISSING, None) == 1
    assert _extreme("max", max, (3, 7, 2), MISSING, None) == 7
    assert _extreme("min", min, ("b", "a"), MISSING, None) == "a"
    assert _extreme("max", max, ([],), 0, None) == 0
    assert _extreme("max", max, ([],), None, None) is None
    assert _extreme("max", max, ([4],), 0, None) == 4


def test_extreme_of_lists_charges_each_comparison() -> None:
    budget = [100]
    assert _extreme("max", max, ([[1, 2], [1, 3], [1, 0]],), MISSING, budget) == [1, 3]
    assert budget == [96]  # two comparisons, each of two elements
    budget = [100]
    assert _extreme("min", min, ([1, 2], [1, 0]), MISSING, budget) == [1, 0]
    assert budget == [98]
    budget = [1]
    with pytest.raises(ExpressionError) as caught:
        _extreme("min", min, ([1, 2], [1, 2, 3]), MISSING, budget)
    assert caught.value.message == TOO_LONG


@pytest.mark.parametrize(("values", "default", "message"), [
    ((5,), MISSING, "max() needs a list, or two or more values, not number"),
    (("ab",), MISSING, "max() needs a list, or two or more values, not text"),
    ((1, 2), 0, "max() takes default= only with a list"),
    (([],), MISSING, "max() of an empty list (give a default, like max(xs, default=0))"),
    (([1, "a"],), MISSING, "max() cannot compare number and text"),
    ((1, None), MISSING, "max() cannot compare number and none"),
    (({"a": 1}, {"b": 2}), MISSING, "max() cannot order mapping values"),
    (([[1], ["a"]],), MISSING, "max() cannot order list values"),
])
def test_extreme_refuses(values: tuple, default: Any, message: str) -> None:
    with pytest.raises(ExpressionError) as caught:
        _extreme("max", max, values, default, [MAX_STEPS])
    assert (caught.value.message, caught.value.offset) == (message, None)


def test_freeze() -> None:
    assert _freeze(3) == 3 and _freeze("a") == "a" and _freeze(None) is None
    assert _freeze([1, [2]]) == (False, (1, (False, (2,))))
    assert _freeze((1, [2])) == (True, (1, (False, (2,))))
    assert _freeze({"a": [1], "b": (2,)}) == frozenset({("a", (False, (1,))), ("b", (True, (2,)))})
    assert _freeze([{1: 2}]) == (False, (frozenset({(1, 2)}),))
    hash(_freeze([{"a": [1, {"b": 2}]}]))


# --- the general functions ----------------------------------------------------------------

def test_len_sum_any_all_count_abs_first() -> None:
    assert [call("len", v) for v in ("abc", [1, 2], (1,), {"a": 1, "b": 2})] == [3, 2, 1, 2]
    assert call("sum", [1, 2.5, True]) == 4.5 and call("sum", []) == 0 and call("sum", (1, 2)) == 3
    assert call("any", [0, "", 3]) is True and call("any", []) is False
    assert call("all", [1, "a"]) is True and call("all", [1, 0]) is False and call("all", []) is True
    assert call("count", [1, 0, "a", "", None, True]) == 3 and call("count", ()) == 0
    assert call("abs", -2.5) == 2.5 and call("abs", 3) == 3
    assert call("first", [4, 5]) == 4 and call("first", []) is None and call("first", (), default="x") == "x"


def test_min_and_max() -> None:
    assert call("max", [1, 5, 3]) == 5 and call("min", 4, 2, 8) == 2
    assert call("max", [], default=0) == 0 and call("min", [], default="x") == "x"
    budget = [10]
    assert call("min", [[2], [1]], _steps=budget) == [1] and budget == [9]


def test_range() -> None:
    assert call("range", 3) == [0, 1, 2]
    assert call("range", 1, 7, 2) == [1, 3, 5]
    assert call("range", 3, 0, -1) == [3, 2, 1]
    assert call("range", 2, 2) == []
    assert call("range", 5, _steps=[5]) == [0, 1, 2, 3, 4]
    assert len(call("range", MAX_STEPS)) == MAX_STEPS
    assert refusal("range", 1.5) == "range() needs whole numbers"
    assert refusal("range", 0, 3, 0) == "range() needs a step other than 0"
    assert refusal("range", MAX_STEPS + 1) == "range() of more than 1,000,000 numbers"
    assert refusal("range", 6, _steps=[5]) == TOO_LONG


def test_round() -> None:
    assert call("round", 2.5) == 2 and type(call("round", 2.5)) is int
    assert call("round", 3.14159, digits=2) == 3.14
    assert call("round", 1234, -2) == 1200
    assert refusal("round", "1") == "round() needs a number, not text"
    assert refusal("round", 1.5, 1.0) == "round() needs a whole number of digits"


def test_sorted() -> None:
    assert call("sorted", [3, 1, 2]) == [1, 2, 3]
    assert call("sorted", (3, 1, 2), reverse=1) == [3, 2, 1]
    budget = [100]
    assert call("sorted", [[2, 1], [1, 5]], _steps=budget) == [[1, 5], [2, 1]] and budget == [99]
    assert refusal("sorted", [1, "a"]) == "sorted() cannot compare number and text"
    assert refusal("sorted", "ab") == "sorted() needs a list, not text"


def test_unique() -> None:
    assert call("unique", [2, 1, 2, 1.0, True, "a", "a"]) == [2, 1, "a"]
    assert call("unique", [[1], (1,), [1], {"a": [1]}, {"a": [1]}]) == [[1], (1,), {"a": [1]}]
    budget = [10]  # each list and each element in it
    assert call("unique", [[1, 2], [1, 2]], _steps=budget) == [[1, 2]] and budget == [0]
    budget = [10]
    assert call("unique", [1, 1], _steps=budget) == [1] and budget == [10]  # plain: nothing to go through
    assert refusal("unique", [[0] * 10], _steps=[10]) == TOO_LONG
    assert refusal("unique", 3) == "unique() needs a list, not number"


def test_join_and_str() -> None:
    assert call("join", [1, -1.5, None, "a"]) == f"1, {MINUS}1.5, , a"
    assert call("join", [1.5, 2], separator=" / ", _language="fr") == "1,5 / 2"
    assert refusal("join", [1], separator=1) == "join() needs a text as separator"
    assert refusal("join", "ab") == "join() needs a list, not text"
    # each "a" and two characters of a separator, and 3 more of each separator
    assert refusal("join", ["a"] * 6, "-----", _steps=[35]) == TOO_LONG
    assert call("join", ["a"] * 6, "-----", _steps=[36]) == "a-----a-----a-----a-----a-----a"
    assert call("str", -2.5, _language="de") == f"{MINUS}2,5"
    assert call("str", [1, [2]]) == "1, 2" and call("str", None) == ""
    assert refusal("str", ["abcdef"], _steps=[7]) == TOO_LONG
    assert call("str", ["abcdef"], _steps=[8]) == "abcdef"


def test_int() -> None:
    assert [call("int", v) for v in (2.9, -2.9, True, " 12 ", f"{MINUS}3", "1e3", "2.5", "-4")] == [2, -2, 1, 12, -3,
                                                                                                 1000, 2, -4]
    assert refusal("int", "twelve") == "int() cannot read 'twelve' as a number"
    assert refusal("int", "1" * 1001) == f"int() cannot read {'1' * 40!r} as a number"
    assert refusal("int", [1]) == "int() needs a number or a text, not list"
    assert call("int", "1" * 1000) == int("1" * 1000)


def test_plural() -> None:
    assert call("plural", 1, "star") == "1 star"
    assert call("plural", 2, "star") == "2 stars"
    assert call("plural", 0, "mouse", "mice") == "0 mice"
    assert call("plural", 1.0, "star") == "1 star"
    assert call("plural", -1.5, "star", _language="fr") == f"{MINUS}1,5 stars"
    assert refusal("plural", "1", "star") == "plural() needs a number and a word"
    assert refusal("plural", 1, 2) == "plural() needs a number and a word"
    assert refusal("plural", 1, "a", 3) == "plural() needs a number and a word"


@pytest.mark.parametrize(("name", "args", "message"), [
    ("len", (3,), "len() needs a list or a text, not number"),
    ("sum", ([1, "a"],), "sum() needs a list of numbers"),
    ("sum", (3,), "sum() needs a list of numbers, not number"),
    ("any", (None,), "any() needs a list, not none"),
    ("all", (True,), "all() needs a list, not true/false"),
    ("count", ({},), "count() needs a list, not mapping"),
    ("abs", ("a",), "abs() needs a number, not text"),
    ("first", ("a",), "first() needs a list, not text"),
])
def test_refusals(name: str, args: tuple, message: str) -> None:
    assert refusal(name, *args) == message
