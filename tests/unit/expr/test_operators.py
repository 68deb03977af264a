"""pnp.expr.operators: what each operator does and the words of its refusal, the lengths + and *
make (known before they are made), and the syntax the language refuses."""

from __future__ import annotations

import ast
import operator
from typing import Any

import pytest

from pnp.expr.limits import MAX_LENGTH, ExpressionError
from pnp.expr.operators import BINARY, COMPARE, REFUSED, SYMBOLS, _mod, _pow, added, repeated


@pytest.mark.parametrize(("a", "b", "length"), [
    ("ab", 3, 6), (3, "ab", 6), ([1], 4, 4), (4, [1], 4), ((1, 2), 2, 4), ("ab", 0, 0), ("ab", -2, 0), (-1, [1], 0),
    ("a", 1, 1), ("ab", True, 2), ("ab", 1.5, 0), (1.5, "ab", 0), (2, 3, 0), (2.0, 3, 0), ("ab", "cd", 0),
    ([1], [2], 0), (None, "a", 0), ("a", None, 0), ("a", MAX_LENGTH, MAX_LENGTH), ("a" * MAX_LENGTH, 1, MAX_LENGTH),
    ({"a": 1}, 3, 0), (3, {"a": 1}, 0),
])
def test_repeated(a: Any, b: Any, length: int) -> None:
    assert repeated(a, b) == length


@pytest.mark.parametrize(("a", "b"), [("a", MAX_LENGTH + 1), (MAX_LENGTH + 1, [0]), ("ab", MAX_LENGTH // 2 + 1),
                                      ((1, 2, 3), 10 ** 30)])
def test_repeated_refuses_what_is_too_long(a: Any, b: Any) -> None:
    with pytest.raises(ExpressionError) as caught:
        repeated(a, b)
    assert (caught.value.message, caught.value.offset) == ("a text or list longer than 100,000 (repeated with *)", None)


@pytest.mark.parametrize(("a", "b", "length"), [
    ("ab", "c", 3), ("", "", 0), ([1], [2, 3], 3), ((1,), (2,), 2), ([1], (2,), 0), ((1,), [2], 0), (1, 2, 0),
    ("a", [1], 0), ([1], "a", 0), ({"a": 1}, {"b": 2}, 0), (1.5, 2.5, 0),
])
def test_added(a: Any, b: Any, length: int) -> None:
    assert added(a, b) == length


def test_mod() -> None:
    assert (_mod(7, 3), _mod(-7, 3), _mod(7.5, 2), _mod(7, -3)) == (1, 2, 1.5, -2)
    for a, b in (("a%s", 1), ("a", "b"), ([1], 2)):
        with pytest.raises(TypeError):
            _mod(a, b)
    with pytest.raises(ZeroDivisionError):
        _mod(1, 0)


@pytest.mark.parametrize(("a", "b", "value"), [
    (2, 10, 1024), (2, 1000, 2 ** 1000), (3, 1000, 3 ** 1000), (2.0, 1000, 2.0 ** 1000), (2, -1, 0.5), (0, 0, 1),
    (2 ** 5, 819, 2 ** 4095), (-(2 ** 5), 819, -(2 ** 4095)), (2 ** 4096, 1, 2 ** 4096), (2 ** 4097, 0, 1),
    (1, 1000, 1), (-1, 999, -1), (4, 0.5, 2.0), (True, 1000, 1), (10, -1000, 0.0),
])
def test_pow(a: Any, b: Any, value: Any) -> None:
    result = _pow(a, b)
    assert result == value and type(result) is type(value)


@pytest.mark.parametrize(("a", "b", "message"), [
    (2, 1001, "an exponent above 1000"), (1, 1000.5, "an exponent above 1000"), (1.0, 10 ** 9, "an exponent above 1000"),
    (2, True + 1000, "an exponent above 1000"),
    (2 ** 5, 820, "a number too large"), (-(2 ** 5), 820, "a number too large"), (2 ** 4097, 1, "a number too large"),
    (-8, 1 / 3, "a power with no real result"), (-8.0, 0.5, "a power with no real result"),
])
def test_pow_refuses(a: Any, b: Any, message: str) -> None:
    with pytest.raises(ExpressionError) as caught:
        _pow(a, b)
    assert (caught.value.message, caught.value.offset) == (message, None)


def test_pow_leaves_to_python_what_python_refuses() -> None:
    with pytest.raises(TypeError):
        _pow(2, "x")
    with pytest.raises(TypeError):
        _pow("x", 2)
    with pytest.raises(OverflowError):
        _pow(2 ** 5, 819.0)
    with pytest.raises(ZeroDivisionError):
        _pow(0, -1)


def test_binary_operators() -> None:
    assert {op: f(7, 2) for op, (f, _) in BINARY.items()} == {
        ast.Add: 9, ast.Sub: 5, ast.Mult: 14, ast.Div: 3.5, ast.FloorDiv: 3, ast.Mod: 1, ast.Pow: 49}
    assert {op: message.format(a="A", b="B") for op, (_, message) in BINARY.items()} == {
        ast.Add: "cannot add A and B", ast.Sub: "cannot subtract B from A", ast.Mult: "cannot multiply A by B",
        ast.Div: "cannot divide A by B", ast.FloorDiv: "cannot divide A by B",
        ast.Mod: "cannot take the remainder of A divided by B", ast.Pow: "cannot raise A to the power B"}
    assert BINARY[ast.Mult][0]("ab", 2) == "abab" and BINARY[ast.Add][0]([1], [2]) == [1, 2]


def test_comparisons_and_what_is_refused() -> None:
    assert COMPARE == {ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
                       ast.Gt: operator.gt, ast.GtE: operator.ge, ast.Is: operator.eq, ast.IsNot: operator.ne}
    assert SYMBOLS == {ast.BitAnd: "&", ast.BitOr: "|", ast.BitXor: "^", ast.LShift: "<<", ast.RShift: ">>",
                       ast.MatMult: "@", ast.Invert: "~"}
    assert REFUSED[ast.Lambda] == "lambda is not allowed" and REFUSED[ast.Yield] == REFUSED[ast.YieldFrom]
    assert set(REFUSED) == {ast.Lambda, ast.NamedExpr, ast.JoinedStr, ast.SetComp, ast.DictComp, ast.Set, ast.Starred,
                            ast.Await, ast.Yield, ast.YieldFrom}
