"""pnp.expr.compiler: each node of a checked syntax tree turned into a closure, or refused in the
designer's words at its offset in the source (in characters, whatever the bytes); each closure
charging its steps as it runs: what a value is, what it costs, and where it fails."""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from pnp.expr.compiler import Compiler, _at, _suggest
from pnp.expr.expression import _parse
from pnp.expr.format import MINUS
from pnp.expr.functions import FUNCTIONS, function
from pnp.expr.limits import MAX_STEPS, ExpressionError, new_budget, steps_spent

TOO_LONG = "the expression takes too long (more than 1,000,000 steps)"
ENV = {"x": 2, "s": "abc", "xs": [1, 2, 3], "m": {"name": "Bo", "n": 1, (1, 2): "t"}, "rows": [[1, "a"], [2, "b"]],
       "items": [{"v": 1}, {"v": 2}], "t": (1, 2), "none": 5, "nested": {"a": {"b": 3}}, "big": [0] * 999_990, "i": 0, "j": 3, "k": 2}


@pytest.fixture(autouse=True)
def fresh_budget() -> Iterator[None]:
    new_budget()
    yield
    new_budget()


def evaluated(source: str, env: dict | None = None, names: list[str] | None = None) -> Any:
    return _parse(source, names).evaluate(ENV if env is None else env)


def refusal(source: str, env: dict | None = None, names: list[str] | None = None) -> tuple[str, int | None]:
    """The message and offset of the ExpressionError parsing, then evaluating, raises."""
    with pytest.raises(ExpressionError) as caught:
        evaluated(source, env, names)
    return caught.value.message, caught.value.offset


VALUES = [
    ('-(-(1))', 1, 3),
    ('none', None, 1),
    ('true', True, 1),
    ('nested.a.b', 3, 3),
    ('[c.v for c in items]', [1, 2], 8),
    ('xs[1]', 2, 3),
    ('xs[-1]', 3, 4),
    ('s[1]', 'b', 3),
    ("m['name']", 'Bo', 3),
    ('m[1, 2]', 't', 9),
    ('xs[1:]', [2, 3], 6),
    ('xs[:]', [1, 2, 3], 6),
    ('s[::-1]', 'cba', 8),
    ("'ab' * 3", 'ababab', 9),
    ("3 * 'ab'", 'ababab', 9),
    ('[1] + [2]', [1, 2], 7),
    ('not x', False, 2),
    ('-x', -2, 2),
    ('+true', 1, 2),
    ('1 and 2 and 3', 3, 4),
    ('1 and 0 and 3', 0, 4),
    ('0 and y', 0, 3),
    ("0 or '' or 5", 5, 4),
    ("0 or '' or []", [], 4),
    ('0 or 2 or y', 2, 4),
    ('1 < 2 < 3', True, 4),
    ('1 > 2 < y', False, 4),
    ('1 < 3 > 2 == 2', True, 5),
    ('x in xs', True, 6),
    ('x not in xs', False, 6),
    ('[1] in rows', False, 8),
    ("[1, 'a'] in rows", True, 10),
    ("[1, 'a'] not in rows", False, 10),
    ("'name' in m", True, 6),
    ('(1, 2) in m', True, 12),
    ("'b' in s", True, 6),
    ('x in big', False, 999993),
    ('xs in big', False, 999993),
    ('x == none', False, 3),
    ('x > 1', True, 3),
    ('xs == [1, 2, 3]', True, 10),
    ('rows == rows', True, 6),
    ("rows < [[1, 'b']]", True, 12),
    ('1 if x else 2', 1, 4),
    ('1 if 0 else 2', 2, 4),
    ('[x, s]', [2, 'abc'], 3),
    ('(x, s)', (2, 'abc'), 3),
    ("{'a': x}", {'a': 2}, 3),
    ('{(1, 2): 1}', {(1, 2): 1}, 9),
    ('[c for c in xs]', [1, 2, 3], 8),
    ('[c for c in xs if c > 1]', [2, 3], 17),
    ('[c for c in xs if c > 1 if c < 3]', [2], 26),
    ('[c * d for c in xs for d in xs if d > c]', [2, 3, 6], 71),
    ('[a for a, b in rows]', [1, 2], 6),
    ('[b for a, (b, c) in [[1, [2, 3]]]]', [2], 9),
    ('[k for k in m]', ['name', 'n', (1, 2)], 8),
    ('[c for c in s]', ['a', 'b', 'c'], 8),
    ('len(xs)', 3, 6),
    ('len(big)', 999990, 999993),
    ('str(x)', '2', 4),
    ('range(10)', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 13),
    ('sorted(xs)', [1, 2, 3], 9),
    ('min(x, 1)', 1, 4),
    ('max(rows)', [2, 'b'], 8),
    ('round(2.5)', 2, 3),
    ('xs == rows', False, 4),
    ('xs == none', False, 3),
    ('[c for c in t]', [1, 2], 6),
    ('sum(c for c in xs)', 6, 13),
    ('[c for c in xs] + [1]', [1, 2, 3, 1], 15),
    ('[a + b for a, b in [(1, 2)]]', [3], 9),
    ('[a for [a, b] in rows]', [1, 2], 6),
    ('len(s)', 3, 6),
    ('len(m)', 3, 6),
    ('len(t)', 2, 5),
    ("plural(2, 'star')", '2 stars', 15),
    ('round(2.555, digits=2)', 2.56, 4),
    ("first([], default='x')", 'x', 5),
    ("[[c, d] for c in xs if c > 1 for d in s if d != 'b']", [[2, 'a'], [2, 'c'], [3, 'a'], [3, 'c']], 59),
    ('[c for c in xs if c > 5]', [], 17),
    ('-(1)', -1, 2),
    ("m['n'] + 1", 2, 5),
    ('xs[0:2:1]', [1, 2], 8),
    ('xs[:-1]', [1, 2], 7),
    ('1 < x', True, 3),
    ('x < 1', False, 3),
    ('1 < 2 > 3', False, 4),
    ('1 not in xs', False, 6),
    ('1 in xs', True, 6),
    ('(1, 2) in t', False, 7),
    ('[c for c in xs if c] + [c for c in xs if not c]', [1, 2, 3], 29),
    # each operand reading the environment or a comprehension's variables
    ('[xs[c] for c in [0, 2]]', [1, 3], 12),
    ('xs[i:j:k]', [1, 3], 8),
    ('[xs[c:d:e] for c, d, e in [[0, 2, 1]]]', [[1, 2]], 15),
    ('[-c for c in xs]', [-1, -2, -3], 11),
    ('[c and d for c, d in rows]', ['a', 'b'], 10),
    ('[c or d for c, d in [[0, 1], [2, 3]]]', [1, 2], 16),
    ('x and s', 'abc', 3),
    ('t and x', 2, 3),
    ('[c and d and c for c, d in rows]', [1, 2], 12),
    ('[c or d or 5 for c, d in [[0, 0], [0, 1]]]', [5, 1], 18),
    ('x and s and xs', [1, 2, 3], 4),
    ('[] or s or x', 'abc', 4),
    ('x or zz', 2, 3),
    ('[c < 2 < 3 for c in xs]', [True, False, False], 17),
    ('[c in xs for c in [0, 1]]', [False, True], 18),
    ('[c not in xs for c in [0, 1]]', [True, False], 18),
    ('[c if c > 1 else -c for c in xs]', [-1, 2, 3], 26),
    ('x if s else xs', 2, 4),
    ('x if [] else s', 'abc', 4),
    ('[(c, c) for c in xs]', [(1, 1), (2, 2), (3, 3)], 14),
    ('[{c: c * 2} for c in xs]', [{1: 2}, {2: 4}, {3: 6}], 20),
    ('[a + b + c for a in [1, 2] for b in [10, 20] for c in [100, 200]]', [111, 211, 121, 221, 112, 212, 122, 222], 76),
    ('[c for c in xs if c > x if c < 4]', [3], 26),
    ('[d for c in rows for d in c]', [1, 'a', 2, 'b'], 14),
    ('[c for c in xs if c > x]', [3], 17),
    ('[x for c in xs]', [2, 2, 2], 8),
    ('[min(c, 2) for c in xs]', [1, 2, 2], 17),
    ('[round(2.5, digits=c) for c in [0]]', [2], 8),
    ('min(x, i)', 0, 4),
]


@pytest.mark.parametrize(("source", "value", "steps"), VALUES)
def test_value_and_steps(source: str, value: Any, steps: int) -> None:
    result = evaluated(source)
    assert result == value and type(result) is type(value)
    assert steps_spent() == steps


ERRORS = [
    ("'é' + y", "unknown name 'y'", 6, 3),
    ("'é' + s.q", "cannot read field 'q' of text", 8, 4),
    ('(1 ) / 0', 'division by zero', 5, 3),
    ('{1}', 'sets are not allowed (use a list)', 0, 0),
    ('[*xs]', "'*' is not allowed here", 1, 0),
    ("f'x'", "f-strings are not allowed (a template's {…} parts do that)", 0, 0),
    ('(y := 1)', "':=' is not allowed", 1, 0),
    ('lambda: 1', 'lambda is not allowed', 0, 0),
    ('{c for c in xs}', 'set comprehensions are not allowed (use a list comprehension)', 0, 0),
    ('{c: c for c in xs}', 'dict comprehensions are not allowed (use a list comprehension)', 0, 0),
    ('xs[1:2, 3]', 'slice is not allowed', 3, 0),
    ("b'x'", 'bytes values are not allowed', 0, 0),
    ('1j', 'complex values are not allowed', 0, 0),
    ('...', 'ellipsis values are not allowed', 0, 0),
    ('1e999', 'a number too large', 0, 0),
    ("x < 'a'", 'cannot compare number and text', 2, 3),
    ('m._x', "field names starting with '_' are not allowed: '_x'", 2, 0),
    ('m.nme', "no field 'nme' (did you mean 'name'?)", 2, 2),
    ('x.y', "cannot read field 'y' of number", 2, 2),
    ('[c.w for c in items]', "no field 'w'", 3, 8),
    ("m['nme']", "no key 'nme' (did you mean 'name'?)", 1, 3),
    ('m[1, 3]', 'no key (1, 3)', 1, 9),
    ('m[(1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21)]', 'no key (a tuple of 21 values)', 1, 66),
    ('m[(1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20)]', 'no key (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20)', 1, 63),
    ('m[(1,(2,))]', 'no key (a tuple of 2 values)', 1, 11),
    ('xs[5]', 'index 5 is out of range (the list has 3 elements)', 2, 3),
    ('xs[-5]', 'index −5 is out of range (the list has 3 elements)', 2, 4),
    ('s[9]', 'index 9 is out of range (the text has 3 characters)', 1, 3),
    ('xs[1.5]', 'cannot index list with number', 2, 3),
    ('m[1:2]', 'cannot slice a mapping', 1, 5),
    ('xs[::0]', 'a slice step cannot be 0', 2, 4),
    ('xs[1.5:]', 'slice bounds must be whole numbers', 2, 4),
    ('x[0]', 'cannot index number', 1, 3),
    ('m[xs]', 'cannot index mapping with list', 1, 3),
    ('x & 1', "the operator '&' is not allowed", 2, 0),
    ('x | 1', "the operator '|' is not allowed", 2, 0),
    ('x ^ 1', "the operator '^' is not allowed", 2, 0),
    ('x << 1', "the operator '<<' is not allowed", 2, 0),
    ('x >> 1', "the operator '>>' is not allowed", 2, 0),
    ('x @ 1', "the operator '@' is not allowed", 2, 0),
    ('1 + [2]', 'cannot add number and list', 2, 4),
    ('s * 400000', 'a text or list longer than 100,000 (repeated with *)', 2, 3),
    ('x / 0', 'division by zero', 2, 3),
    ('10.0 ** 400', 'a number too large', 5, 3),
    ('2 ** 1000 * 2 ** 1000 * 2 ** 1000 * 2 ** 1000 * 2 ** 1000', 'a number too large', 46, 19),
    ('2 ** 1001', 'an exponent above 1000', 2, 3),
    ("'a' - 1", 'cannot subtract number from text', 4, 3),
    ('~x', "the operator '~' is not allowed", 0, 0),
    ('-s', 'cannot negate text', 0, 2),
    ('+s', 'cannot use + on text', 0, 2),
    ('1 and y', "unknown name 'y'", 6, 3),
    ('0 or y', "unknown name 'y'", 5, 3),
    ("1 < 2 < 'a'", 'cannot compare number and text', 6, 4),
    ('1 in s', 'cannot look for number in text', 2, 6),
    ('1 in 5', 'cannot look for number in number', 2, 3),
    ('[1] in m', 'cannot look for list in mapping', 4, 7),
    ('s > 1', 'cannot compare text and number', 2, 3),
    ("xs < 'a'", 'cannot compare list and text', 3, 3),
    ('{**m}', "'**' is not allowed", 0, 0),
    ('{xs: 1}', 'cannot use a list as a key', 0, 3),
    ('[a for a, b in xs]', 'cannot unpack number into 2 names', 7, 8),
    ('[a for a, b in [[1, 2, 3]]]', 'cannot unpack 3 values into 2 names', 7, 8),
    ('[c for c in x]', 'cannot loop over number', 0, 2),
    ('[c for c in big]', 'the expression takes too long (more than 1,000,000 steps)', 0, 1999982),
    ('[true for true in xs]', 'cannot assign to true', 10, 0),
    ('[c for c.x in xs]', "a comprehension can only bind names, like 'for c in items'", 7, 0),
    ('[x async for x in xs]', "'async for' is not allowed", 0, 0),
    ('xs.append(1)', 'call functions by name, like len(x); text and lists have no methods here', 3, 0),
    ('xs[0](1)', 'only functions can be called, by name, like len(x)', 0, 0),
    ('lenn(x)', "unknown function 'lenn' (did you mean 'len'?)", 0, 0),
    ('len(**m)', "'**' is not allowed", 4, 0),
    ('round(1, digit=2)', "round() has no option 'digit' (did you mean 'digits'?)", 9, 0),
    ('round(1, 2, digits=2)', "round() is given 'digits' twice", 12, 0),
    ('len()', 'len() takes 1 argument (given 0)', 0, 0),
    ('round()', 'round() takes 1 to 2 arguments (given 0)', 0, 0),
    ('max()', 'max() takes at least 1 argument (given 0)', 0, 0),
    ('first(1, 2, 3)', 'first() takes 1 to 2 arguments (given 3)', 0, 0),
    ('range()', 'range() takes 1 to 3 arguments (given 0)', 0, 0),
    ('sum([1e308, 1e308])', 'a number too large', 0, 7),
    ('range(999999)', 'the expression takes too long (more than 1,000,000 steps)', 0, 3),
    ('len(x)', 'len() needs a list or a text, not number', 0, 3),
    ('join(xs, separator=1)', 'join() needs a text as separator', 0, 7),
    ('  x.y', "cannot read field 'y' of number", 4, 2),
    ('  xs[5]', 'index 5 is out of range (the list has 3 elements)', 4, 3),
    ('  1 / 0', 'division by zero', 4, 3),
    ('  -s', 'cannot negate text', 2, 2),
    ('  lenn(x)', "unknown function 'lenn' (did you mean 'len'?)", 2, 0),
    ('  [c for c in x]', 'cannot loop over number', 2, 2),
    ('  m._x', "field names starting with '_' are not allowed: '_x'", 4, 0),
    ('  {**m}', "'**' is not allowed", 2, 0),
    ("  b'x'", 'bytes values are not allowed', 2, 0),
    ('  {1}', 'sets are not allowed (use a list)', 2, 0),
    ('  ~x', "the operator '~' is not allowed", 2, 0),
    ('  x & 1', "the operator '&' is not allowed", 4, 0),
    ("  'é' + xs[9]", 'index 9 is out of range (the list has 3 elements)', 10, 5),
    ("'é' + (1 / 0)", 'division by zero', 9, 5),
    ("['é', -s]", 'cannot negate text', 6, 4),
    ("'é' + m._x", "field names starting with '_' are not allowed: '_x'", 8, 0),
    ("'ééé' < 1 < x.y", 'cannot compare text and number', 6, 5),
    ("'é' + lenn(x)", "unknown function 'lenn' (did you mean 'len'?)", 6, 0),
    ("'é' + xs.pop()", 'call functions by name, like len(x); text and lists have no methods here', 9, 0),
    ("'é' + round(1, digit=2)", "round() has no option 'digit' (did you mean 'digits'?)", 15, 0),
    ("'é' + {**m}", "'**' is not allowed", 6, 0),
    ('big[:][:]', 'the expression takes too long (more than 1,000,000 steps)', 6, 1999985),
    ('x in big[:]', 'the expression takes too long (more than 1,000,000 steps)', 2, 1999985),
    ('big[:] == big', 'the expression takes too long (more than 1,000,000 steps)', 7, 1999986),
    ('s > x', 'cannot compare text and number', 2, 3),
    ('rows < 1', 'cannot compare list and number', 5, 3),
    ('[c for c in xs] + [c]', "unknown name 'c'", 19, 11),
    ('x.y.z', "cannot read field 'y' of number", 2, 3),
    ('(1, 2)[5]', 'index 5 is out of range (the list has 2 elements)', 6, 5),
    ('[][0]', 'index 0 is out of range (the list has 0 elements)', 2, 3),
    ("''[0]", 'index 0 is out of range (the text has 0 characters)', 2, 3),
]


@pytest.mark.parametrize(("source", "message", "offset", "steps"), ERRORS)
def test_refusal_and_steps(source: str, message: str, offset: int, steps: int) -> None:
    assert refusal(source) == (message, offset)
    assert steps_spent() == steps


def test_suggest() -> None:
    assert _suggest("nam", ["name", 3, "game"]) == " (did you mean 'name'?)"
    assert _suggest("ab", ["abd", "abc"]) == " (did you mean 'abd'?)"
    assert _suggest("zzz", ["name"]) == "" and _suggest("a", []) == ""
    assert _suggest(3, ["3", 3]) == "" and _suggest((1, 2), ["(1, 2)"]) == ""


def test_at() -> None:
    located = ExpressionError("m", 3)
    assert _at(located, 5) is located
    moved = _at(ExpressionError("n"), 5)
    assert (moved.message, moved.offset) == ("n", 5)


def test_offsets_are_in_characters() -> None:
    assert Compiler("x + 1", 3, None).at(4) == 7
    assert Compiler("'é' + x", 2, None).at(7) == 8  # é is two bytes
    assert Compiler("'éé' + 'é'", 0, None).at(11) == 8
    tree = ast.parse("(1 ) / 0", mode="eval").body
    assert isinstance(tree, ast.BinOp)
    assert Compiler("(1 ) / 0", 0, None).after(tree.left) == 5  # past the space and the bracket
    assert Compiler("(1 ) / 0", 2, None).after(tree.left) == 7
    tree = ast.parse("(x)", mode="eval").body
    assert Compiler("(x)", 1, None).after(tree) == 4  # the end


def test_names() -> None:
    assert _parse("a + len(b) + [c for c in d] + true").names == frozenset("abd")
    assert evaluated("a + b", {"a": 1, "b": 2}, ["a", "b"]) == 3
    assert refusal("a + b", {"a": 1, "b": 2}, ["a"]) == ("unknown name 'b'", 4)
    assert refusal("  nme", {}, ["name", "x"]) == ("unknown name 'nme' (did you mean 'name'?)", 2)
    assert evaluated("[true, none]", {}, []) == [True, None]
    assert evaluated("[c for c in [1]]", {}, []) == [1]
    assert refusal("len", {}, []) == ("unknown name 'len'", 0)  # a function's name is no value
    assert refusal("  nme", {"name": 1, "x": 2}) == ("unknown name 'nme' (did you mean 'name'?)", 2)
    assert refusal("'é' + y", {"y2": 1}) == ("unknown name 'y' (did you mean 'y2'?)", 6)
    assert evaluated("none") is None and evaluated("true", {"true": 0}) is True  # constants first
    # the constants, and a comprehension's variable, are names a typo may have meant
    assert refusal("x != nnone", {}, ["x"]) == ("unknown name 'nnone' (did you mean 'none'?)", 5)
    assert refusal("x != nnone", {"x": 1}) == ("unknown name 'nnone' (did you mean 'none'?)", 5)
    assert refusal("[crad for card in x]", {}, ["x"]) == ("unknown name 'crad' (did you mean 'card'?)", 1)
    assert refusal("value", {}, ["x"]) == ("unknown name 'value'", 0)  # (not false: a constant must be close indeed)
    assert refusal("nnone", {}, ["note"]) == ("unknown name 'nnone' (did you mean 'none'?)", 0)  # (closer than note)
    assert refusal("nte", {}, ["note"]) == ("unknown name 'nte' (did you mean 'note'?)", 0)


def test_fields() -> None:
    from types import MappingProxyType
    assert evaluated("p.a", {"p": MappingProxyType({"a": 1})}) == 1
    assert evaluated("[c.a.b for c in ps]", {"ps": [{"a": {"b": 1}}]}) == [1]
    assert refusal("[c.a.z for c in ps]", {"ps": [{"a": {"b": 1}}]}) == ("no field 'z'", 5)
    assert refusal("[c.x for c in xs]") == ("cannot read field 'x' of number", 3)
    assert refusal("  m.nme") == ("no field 'nme' (did you mean 'name'?)", 4)


def test_depth() -> None:
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(10_000)  # MAX_DEPTH, not the stack, whatever calls a call makes
    try:
        assert evaluated("-" * 199 + "1") == -1
        assert refusal("-" * 200 + "1") == ("the expression is too deeply nested", 200)
        assert refusal("  " + "-" * 200 + "1") == ("the expression is too deeply nested", 202)
        assert evaluated("[" + ", ".join(["-" * 150 + "1"] * 3) + "]") == [1, 1, 1]  # depth, not breadth
    finally:
        sys.setrecursionlimit(limit)


def test_the_operands_of_a_chain_are_evaluated_once() -> None:
    assert evaluated("1 < len(xs) < 4") is True
    assert steps_spent() == 5 + 4  # its nodes, and the call once
    new_budget()
    assert evaluated("1 < len(xs) < 3 < len(xs) + 2") is False
    assert steps_spent() == 9 + 4  # the chain stops at its first false test
    assert evaluated("x < y < z", {"x": 1, "y": 2, "z": 3}) is True
    assert evaluated("x < y > z", {"x": 1, "y": 5, "z": 3}) is True
    assert evaluated("[1 < c < 3 for c in xs]") == [False, True, False]


@pytest.fixture
def test_functions() -> Iterator[None]:
    def fail(kind: str) -> Any:
        if kind == "zero":
            return 1 / 0
        if kind == "overflow":
            raise OverflowError
        if kind == "memory":
            raise MemoryError
        if kind == "located":
            raise ExpressionError("located", 1)
        if kind == "unlocated":
            raise ExpressionError("unlocated")
        if kind == "inf":
            return float("inf")
        if kind == "list":
            return [1, 2, 3]
        if kind == "huge":
            return [0] * MAX_STEPS
        raise KeyError(kind)

    def echo(*, _language: str = "en", _steps: list | None = None) -> Any:
        assert _steps is not None
        return [_language, _steps[0]]

    def given(*values: Any, option: Any = None) -> Any:
        return [list(values), option]
    function("test_fail", "", "")(fail)
    function("test_echo", "", "")(echo)
    function("test_given", "", "")(given)
    yield
    for name in ("test_fail", "test_echo", "test_given"):
        del FUNCTIONS[name]


@pytest.mark.parametrize(("kind", "message", "offset"), [
    ("zero", "division by zero", 2), ("overflow", "a number too large", 2), ("memory", "a number too large", 2),
    ("located", "located", 1), ("unlocated", "unlocated", 2), ("inf", "a number too large", 2),
    ("odd", "test_fail() failed: 'odd'", 2), ("huge", TOO_LONG, 2),
])
def test_what_a_function_raises_is_the_designers(test_functions: None, kind: str, message: str, offset: int) -> None:
    assert refusal(f"  test_fail('{kind}')") == (message, offset)


def test_what_a_function_is_given(test_functions: None) -> None:
    assert evaluated("test_fail('list')") == [1, 2, 3]
    assert steps_spent() == 2 + 1 + 4 + 3  # its nodes, the call, the text it is given and the list it returns
    new_budget()
    assert _parse("test_echo()")._evaluate({}, "fr") == ["fr", MAX_STEPS - 2]  # the frame: what is left
    assert steps_spent() == 1 + 1 + 2
    assert evaluated("test_given()") == [[], None]
    assert evaluated("test_given(1, 'ab', xs, option=xs)") == [[1, "ab", [1, 2, 3]], [1, 2, 3]]
    new_budget()
    assert evaluated("test_given(s)") == [["abc"], None]
    assert steps_spent() == 2 + 1 + 3 + 2
    assert refusal("test_given(big, big)") == (TOO_LONG, 0)
    assert evaluated("test_given(big)") == [[[0] * 999_990], None]


def test_steps_run_out_where_they_are_charged() -> None:
    env = {"big": [0] * (MAX_STEPS - 5)}
    assert evaluated("len(big)", env) == MAX_STEPS - 5
    assert refusal("len(big + [0, 0, 0])", env) == (TOO_LONG, 8)
    assert refusal("  len(big[:] * 2)", env) == (TOO_LONG, 9)
    assert refusal("  len(xs * 100000)") == ("a text or list longer than 100,000 (repeated with *)", 9)
    # each sum charged its length: 99,999 for each list, then 2, 3 and 4 times that for the sums
    assert refusal("[0] * 99999 + [0] * 99999 + [0] * 99999 + [0] * 99999") == (TOO_LONG, 40)
    half = {"big": [0] * 499_999}  # two steps an element: the comprehension's and c's
    new_budget()
    assert evaluated("[c for c in big]", half) == half["big"]
    assert steps_spent() == MAX_STEPS
    assert refusal("[c for c in big]", {"big": [0] * 500_000}) == (TOO_LONG, 0)
    assert refusal("  [c for c in big if c]", half) == (TOO_LONG, 2)
    assert refusal("big[:3] + [c for c in big]", half) == (TOO_LONG, 10)
    assert refusal("(x, x) in {(1, 2): 1}", {"x": [0] * MAX_STEPS}) == ("cannot look for list in mapping", 7)


def test_steps_to_the_last() -> None:
    assert evaluated("a + b", {"a": [0] * (MAX_STEPS - 4), "b": [0]}) == [0] * (MAX_STEPS - 3)
    assert steps_spent() == MAX_STEPS
    assert refusal("a + b", {"a": [0] * (MAX_STEPS - 3), "b": [0]}) == (TOO_LONG, 2)
    new_budget()
    assert evaluated("1 in b", {"b": [0] * (MAX_STEPS - 3)}) is False
    assert steps_spent() == MAX_STEPS
    assert refusal("1 in b", {"b": [0] * (MAX_STEPS - 2)}) == (TOO_LONG, 2)


def test_what_runs_out_inside_is_located() -> None:
    key = tuple(range(MAX_STEPS))
    assert refusal("  m[k]", {"m": {}, "k": key}) == (TOO_LONG, 3)  # hashing the key
    assert refusal("  {k: 1}", {"k": key}) == (TOO_LONG, 2)
    assert refusal("  k in m", {"m": {}, "k": key}) == (TOO_LONG, 4)
    pair = [0, 0]  # compared with a again and again, charged each time
    assert refusal("  a in b", {"a": [0, 1], "b": [pair] * 400_000}) == (TOO_LONG, 4)


def test_in_looks_only_where_it_can() -> None:
    assert refusal("s in bag", {"s": "a", "bag": {"a"}}) == ("cannot look for text in set", 2)
    assert refusal("s in x", {"s": "a", "x": 5}) == ("cannot look for text in number", 2)


def test_a_frame_has_a_slot_for_each_variable_and_operand_of_a_chain() -> None:
    assert _parse("x")._blank == [MAX_STEPS - 1, "en"]
    assert _parse("[c for c in xs]")._blank == [MAX_STEPS - 2, "en", None]
    assert _parse("[c for c, (d, e) in xs]")._blank == [MAX_STEPS - 2, "en", None, None, None]
    assert _parse("1 < 2 < 3")._blank == [MAX_STEPS - 4, "en", None, None, None]


def test_depth_is_of_the_deepest_branch() -> None:
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(10_000)
    try:
        assert evaluated("[1, " + "-" * 198 + "1]") == [1, 1]
        assert refusal("[1, " + "-" * 199 + "1]") == ("the expression is too deeply nested", 203)
        assert evaluated("[[1, " + "-" * 197 + "1]]") == [[1, -1]]
        assert refusal("[[1, " + "-" * 198 + "1]]") == ("the expression is too deeply nested", 203)
    finally:
        sys.setrecursionlimit(limit)
