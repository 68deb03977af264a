"""The functions expressions can call: the registry every module adds its own to (with the
`function` decorator: pnp.model.hexes its hexagons', pnp.model.colours its colours'), and the general
ones, each charging what it makes or reads beyond the elements it is given and returns."""

from __future__ import annotations

import inspect
import math
import re
from collections.abc import Mapping  # isinstance() through typing's alias is several times slower
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Collection

from .costs import measure, one, ordering, writable
from .format import MINUS, format_value
from .limits import MAX_STEPS, MISSING, PLAIN, SEQUENCES, ExpressionError, kind_of, too_long


@dataclass(frozen=True)
class Function:
    """A function expressions can call, with its documentation for the README."""

    name: str
    call: Callable
    doc: str
    example: str


FUNCTIONS: dict[str, Function] = {}
CONSTANTS: dict[str, Any] = {"none": None, "true": True, "false": False}


def function(name: str, doc: str, example: str) -> Callable:
    """Register the decorated Python function as the language's function `name`.

    Its parameters without defaults are positional; those with defaults may also be given
    by keyword. A keyword-only `_language` parameter receives the language texts are in, and
    `_steps` the evaluation's budget (a list: the steps left first), for a function whose work
    is more than the elements it is given and returns: it charges that work before doing it.
    """
    def register(call: Callable) -> Callable:
        FUNCTIONS[name] = Function(name, call, doc, example)
        return call
    return register


@dataclass(frozen=True)
class Signature:
    least: int
    most: float
    positional: tuple[str, ...]
    keywords: frozenset[str]
    language: bool
    steps: bool


@lru_cache(maxsize=None)
def signature_of(fn: Function) -> Signature:
    params = inspect.signature(fn.call).parameters.values()
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return Signature(
        least=sum(p.default is p.empty for p in positional),
        most=math.inf if any(p.kind is p.VAR_POSITIONAL for p in params) else len(positional),
        positional=tuple(p.name for p in positional),
        keywords=frozenset(p.name for p in params if p.default is not p.empty and p.kind is not p.POSITIONAL_ONLY
                           and not p.name.startswith("_")),
        language=any(p.name == "_language" for p in params),
        steps=any(p.name == "_steps" for p in params))


def list_arg(name: str, value: Any, what: str = "a list") -> list | tuple:
    if not isinstance(value, SEQUENCES):
        raise ExpressionError(f"{name}() needs {what}, not {kind_of(value)}")
    return value


def is_number(value: Any) -> bool:
    return isinstance(value, (int, float))


def _order_error(name: str, values: Collection[Any]) -> ExpressionError:
    kinds = list(dict.fromkeys(kind_of(v) for v in values))
    if len(kinds) > 1:
        return ExpressionError(f"{name}() cannot compare {kinds[0]} and {kinds[1]}")
    return ExpressionError(f"{name}() cannot order {kinds[0] if kinds else 'these'} values")


def _extreme(name: str, pick: Callable, values: tuple, default: Any, steps: list | None) -> Any:
    if len(values) == 1:
        values = list_arg(name, values[0], "a list, or two or more values")
    elif default is not MISSING:
        raise ExpressionError(f"{name}() takes default= only with a list")
    if not values:
        if default is MISSING:
            raise ExpressionError(f"{name}() of an empty list (give a default, like {name}(xs, default=0))")
        return default
    key = ordering(values, steps)
    try:
        return pick(values) if key is None else pick(values, key=key)
    except TypeError:
        raise _order_error(name, values) from None


@function("len", "The number of elements of a list or characters of a text.", "len(needs) >= 2")
def _len(x: Any) -> int:
    if not isinstance(x, (str, list, tuple, Mapping)):
        raise ExpressionError(f"len() needs a list or a text, not {kind_of(x)}")
    return len(x)


@function("sum", "The total of a list of numbers (0 for an empty list).", "sum([c.value for c in items])")
def _sum(xs: Any) -> int | float:
    xs = list_arg("sum", xs, "a list of numbers")
    if not all(is_number(x) for x in xs):
        raise ExpressionError("sum() needs a list of numbers")
    return sum(xs)


@function("min", "The smallest element of a list, or the smallest of two or more values; "
          "default= is the result for an empty list.", "min([c.value for c in items], default=0)")
def _min(value: Any, *values: Any, default: Any = MISSING, _steps: list | None = None) -> Any:
    return _extreme("min", min, (value, *values), default, _steps)


@function("max", "The largest element of a list, or the largest of two or more values; "
          "default= is the result for an empty list.", "max([c.gold for c in items], default=0)")
def _max(value: Any, *values: Any, default: Any = MISSING, _steps: list | None = None) -> Any:
    return _extreme("max", max, (value, *values), default, _steps)


@function("any", "True when at least one element of a list is true.", "any(c.rank == none for c in items)")
def _any(xs: Any) -> bool:
    return any(list_arg("any", xs))


@function("all", "True when every element of a list is true (and for an empty list).",
          "all(c.value > 0 for c in items)")
def _all(xs: Any) -> bool:
    return all(list_arg("all", xs))


@function("count", "How many elements of a list are true.", "count(c.kind == 'army' for c in items)")
def _count(xs: Any) -> int:
    return sum(1 for x in list_arg("count", xs) if x)


@function("range", "The whole numbers from start (default 0) up to but not including stop, by step "
          "(default 1), as a list.", "range(1, 7)")
def _range(start: Any, stop: Any = None, step: Any = 1, *, _steps: list | None = None) -> list[int]:
    if stop is None:
        start, stop = 0, start
    if not all(isinstance(n, int) for n in (start, stop, step)):
        raise ExpressionError("range() needs whole numbers")
    if step == 0:
        raise ExpressionError("range() needs a step other than 0")
    numbers = range(start, stop, step)
    if len(numbers) > MAX_STEPS:
        raise ExpressionError(f"range() of more than {MAX_STEPS:,} numbers")
    if _steps is not None and len(numbers) > _steps[0]:  # (charged once made, as its result)
        raise too_long(None)
    return list(numbers)


@function("abs", "A number without its sign.", "abs(x - y) <= 1")
def _abs(x: Any) -> int | float:
    if not is_number(x):
        raise ExpressionError(f"abs() needs a number, not {kind_of(x)}")
    return abs(x)


@function("round", "A number rounded to digits= decimal places (default 0: a whole number); "
          "halves go to the even neighbour.", "round(value / 3, digits=1)")
def _round(x: Any, digits: Any = 0) -> int | float:
    if not is_number(x):
        raise ExpressionError(f"round() needs a number, not {kind_of(x)}")
    if not isinstance(digits, int):
        raise ExpressionError("round() needs a whole number of digits")
    return round(x) if digits == 0 else round(x, digits)


@function("sorted", "The elements of a list in increasing order, or decreasing with reverse=true.",
          "sorted([c.value for c in items], reverse=true)")
def _sorted(xs: Any, reverse: Any = False, *, _steps: list | None = None) -> list:
    xs = list_arg("sorted", xs)
    try:
        return sorted(xs, key=ordering(xs, _steps), reverse=bool(reverse))
    except TypeError:
        raise _order_error("sorted", xs) from None


def _freeze(value: Any) -> Any:
    """A hashable stand-in for `value` that is equal exactly when the values are."""
    if isinstance(value, SEQUENCES):
        return (type(value) is tuple, tuple(_freeze(v) for v in value))
    if isinstance(value, Mapping):
        return frozenset((_freeze(k), _freeze(v)) for k, v in value.items())
    return value


@function("unique", "The distinct elements of a list, in the order they first appear.",
          "len(unique([c.area for c in items]))")
def _unique(xs: Any, *, _steps: list | None = None) -> list:
    xs = list_arg("unique", xs)
    if not PLAIN.issuperset(map(type, xs)):  # each element of each list in it, as often as it is there
        measure(xs, [MAX_STEPS] if _steps is None else _steps, one)
    seen: set = set()
    found = []
    for x in xs:
        key = x if type(x) in PLAIN else _freeze(x)
        if key not in seen:
            seen.add(key)
            found.append(x)
    return found


@function("first", "The first element of a list, or default= (none unless given) for an empty list.",
          "first([c.name for c in items if c.rank], default='nobody')")
def _first(xs: Any, default: Any = None) -> Any:
    xs = list_arg("first", xs)
    return xs[0] if xs else default


@function("join", "The elements of a list written as text, separated by separator= (default \", \").",
          "join([c.name for c in items], separator=' / ')")
def _join(xs: Any, separator: Any = ", ", *, _language: str = "en", _steps: list | None = None) -> str:
    if not isinstance(separator, str):
        raise ExpressionError("join() needs a text as separator")
    xs = list_arg("join", xs)
    writable(xs, _steps, more=max(len(separator) - 2, 0) * len(xs))
    return separator.join(format_value(x, _language) for x in xs)


@function("str", "A value written as text, as a template writes it.", "str(value) + ' stars'")
def _str(x: Any, *, _language: str = "en", _steps: list | None = None) -> str:
    if type(x) not in PLAIN:
        writable(x, _steps)
    return format_value(x, _language)


@function("int", "A number, or a text such as '12', as a whole number (dropping any fraction).",
          "int(value / 2)")
def _int(x: Any) -> int:
    if isinstance(x, str):
        text = x.strip().replace(MINUS, "-")
        try:
            if len(text) > 1000:
                raise ValueError
            x = float(text) if re.search(r"[.eE]", text) else int(text)
        except ValueError:
            raise ExpressionError(f"int() cannot read {x[:40]!r} as a number") from None
    if not is_number(x):
        raise ExpressionError(f"int() needs a number or a text, not {kind_of(x)}")
    return int(x)


@function("plural", "A count and a word, the word in the plural unless the count is 1: "
          "with an s added, or plural_word= when given.", "plural(stars, 'star')")
def _plural(n: Any, word: Any, plural_word: Any = None, *, _language: str = "en") -> str:
    if not is_number(n) or not isinstance(word, str) or not isinstance(plural_word, (str, type(None))):
        raise ExpressionError("plural() needs a number and a word")
    if n != 1:
        word = word + "s" if plural_word is None else plural_word
    return f"{format_value(n, _language)} {word}"
