"""pnp's small, safe expression language, and the text templates built on it.

Designers write checks (`rank != none and stars >= 1`), statistics
(`max([c.gold for c in items], default=0)`) and layout texts (`"{game.currency}{value}"`)
in the game's YAML. `parse` reads an expression once, with Python's own parser, and
refuses everything outside a small whitelist; what remains is turned into a tree of
closures, each taking `(env, frame)`, evaluated many times on items. No user text ever
reaches eval, exec or compile-to-code.

`frame` is a small list made afresh for each evaluation: `frame[0]` is the number of steps
left, `frame[1]` the language texts are written in, and the rest hold the variables that
comprehensions bind (and the operands of chained comparisons). Every node costs a step: the
nodes outside comprehensions are counted when the expression is parsed and charged once per
evaluation, those inside once per element. A function call also costs the elements it is
given and those it returns, and `+` the length of the text or list it makes, so that no
evaluation does much more work than its budget of MAX_STEPS.

Every cost is charged before the work is done, so that a refusal comes before the memory or
the time is spent: a text or list is measured before it is made, a value before it is written
(`_measure`: nested lists counted each time they are reached, a list holding one list a
thousand times costing it a thousand times, though it is looked at once), two lists compared
element by element as Python would, each comparison charged as it is made (`_same`, `_order`),
and a source before it is parsed (MAX_SOURCE). The evaluations also share a total budget
(`new_budget`, which each validation starts): many cheap evaluations are bounded as a whole.
"""

from __future__ import annotations

import ast
import difflib
import inspect
import math
import operator
import re
import warnings
from dataclasses import dataclass, field
from decimal import Decimal
from functools import lru_cache
from collections.abc import Mapping  # isinstance() through typing's alias is several times slower
from typing import Any, Callable, Collection

MAX_STEPS = 1_000_000
MAX_BITS = 4096
MAX_LENGTH = 100_000
MAX_EXPONENT = 1000
MAX_DEPTH = 200
MAX_FORMAT_WIDTH = 1000
MAX_SOURCE = 10_000  # characters of one expression (a template's each part)
MAX_TOTAL_STEPS = 200_000_000  # the steps of all evaluations between two new_budget(): a validation and its build
MINUS = "\u2212"

_BIG = 1 << MAX_BITS
_MISSING: Any = object()
_SEQUENCES = (list, tuple)
_SIZED = (list, tuple, str, dict)
_PLAIN = frozenset((str, int, float, bool, type(None)))  # values whose comparing and writing cost nothing to speak of
_GROWN = frozenset((str, list, tuple))  # what + and * make longer

Fn = Callable[[Mapping[str, Any], list], Any]


class ExpressionError(ValueError):
    """A problem with an expression: `message` says what, `offset` is the 0-based character
    offset in the source where it is (None when unknown)."""

    message: str
    offset: int | None

    def __init__(self, message: str, offset: int | None = None) -> None:
        super().__init__(message, offset)  # both in args, so that it pickles whole
        self.message = message
        self.offset = offset

    def __str__(self) -> str:
        return self.message


def _kind(value: Any) -> str:
    """The name designers know a value's type by."""
    if value is None:
        return "none"
    if value is True or value is False:
        return "true/false"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, _SEQUENCES):
        return "list"
    if isinstance(value, Mapping):
        return "mapping"
    return type(value).__name__


def _suggest(word: Any, candidates: Collection[Any]) -> str:
    if not isinstance(word, str):
        return ""
    close = difflib.get_close_matches(word, [c for c in candidates if isinstance(c, str)], n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""


def _too_long(offset: int | None) -> ExpressionError:
    return ExpressionError(f"the expression takes too long (more than {MAX_STEPS:,} steps)", offset)


def _too_large(offset: int | None = None) -> ExpressionError:
    return ExpressionError("a number too large", offset)


# --- writing values as text ---------------------------------------------------------------

_DECIMAL_COMMA = frozenset("fr de es it nl pt da sv nb fi pl cs ru tr".split())
_THOUSANDS = {"fr": "\u202f", "de": ".", "es": ".", "it": ".", "nl": ".", "pt": ".", "da": ".", "sv": "\u202f",
              "nb": "\u202f", "fi": "\u202f", "pl": "\u202f", "cs": "\u202f", "ru": "\u202f", "tr": "."}
_FILL = "\ue000"  # stands for a format spec's fill while the number's own signs are replaced


@lru_cache(maxsize=64)
def _table(language: str) -> dict[int, str]:
    """How a number written by Python changes for `language`: signs, decimals, thousands."""
    code = language.lower().replace("_", "-").split("-")[0]
    table = {ord("-"): MINUS}
    if code in _DECIMAL_COMMA:
        table[ord(".")] = ","
        table[ord(",")] = _THOUSANDS.get(code, ",")
    return table


def _float_text(value: float) -> str:
    if value.is_integer() and abs(value) < 1e16:
        return str(int(value))
    text = format(value, ".10g")
    if "e" in text and 1e-7 <= abs(value) < 1e16:
        text = format(Decimal(text), "f")  # ordinary magnitudes without an exponent
    return text


def _text(value: Any, language: str = "en") -> str:
    """`value` as a template writes it."""
    kind = type(value)
    if kind is str:
        return value
    if value is None:
        return ""
    if kind is bool:
        return "true" if value else "false"
    if kind is int:
        return str(value) if value >= 0 else MINUS + str(-value)
    if kind is float:
        return _float_text(value).translate(_table(language))
    if isinstance(value, _SEQUENCES):
        return ", ".join(_text(element, language) for element in value)
    if isinstance(value, Mapping):
        return ", ".join(f"{_text(k, language)}: {_text(v, language)}" for k, v in value.items())
    if isinstance(value, (int, float)):
        return _text(int(value) if isinstance(value, int) else float(value), language)
    return str(value)


def format_value(value: Any, language: str = "en") -> str:
    """`value` written as a template writes it: none as nothing, true/false, numbers with a
    true minus sign and `language`'s decimal comma, a list's elements joined with ", "."""
    return _text(value, language)


_SPEC = re.compile(r"(?:(?P<fill>[^{}])?[<>=^])?[-+ ]?z?#?0?(?P<width>\d+)?[,_]?(?:\.(?P<precision>\d+))?"
                   r"(?P<type>[bcdeEfFgGnosxX%])?", re.DOTALL)


@dataclass(frozen=True)
class _Spec:
    text: str  # as written
    safe: str  # with its fill replaced by _FILL
    fill: str | None
    type: str | None
    room: int = 0  # its width and precision: what it may add to each value it writes


def _format(value: Any, spec: _Spec, language: str) -> str:
    """`value` formatted by a template part's format spec; numbers in `language`."""
    if type(value) is float and spec.type in ("d", "x", "X", "o", "b", "c") and value.is_integer():
        value = int(value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        text = format(value, spec.safe).translate(_table(language))
        return text if spec.fill is None else text.replace(_FILL, spec.fill)
    if isinstance(value, _SEQUENCES):
        return ", ".join(_format(element, spec, language) for element in value)
    if value is None:
        try:
            return format("", spec.text)
        except ValueError:
            return ""
    return format(_text(value, language), spec.text)


# --- functions ----------------------------------------------------------------------------

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
class _Signature:
    least: int
    most: float
    positional: tuple[str, ...]
    keywords: frozenset[str]
    language: bool
    steps: bool


@lru_cache(maxsize=None)
def _signature(fn: Function) -> _Signature:
    params = inspect.signature(fn.call).parameters.values()
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return _Signature(
        least=sum(p.default is p.empty for p in positional),
        most=math.inf if any(p.kind is p.VAR_POSITIONAL for p in params) else len(positional),
        positional=tuple(p.name for p in positional),
        keywords=frozenset(p.name for p in params if p.default is not p.empty and p.kind is not p.POSITIONAL_ONLY
                           and not p.name.startswith("_")),
        language=any(p.name == "_language" for p in params),
        steps=any(p.name == "_steps" for p in params))


def _list_arg(name: str, value: Any, what: str = "a list") -> list | tuple:
    if not isinstance(value, _SEQUENCES):
        raise ExpressionError(f"{name}() needs {what}, not {_kind(value)}")
    return value


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float))


def _order_error(name: str, values: Collection[Any]) -> ExpressionError:
    kinds = list(dict.fromkeys(_kind(v) for v in values))
    if len(kinds) > 1:
        return ExpressionError(f"{name}() cannot compare {kinds[0]} and {kinds[1]}")
    return ExpressionError(f"{name}() cannot order {kinds[0] if kinds else 'these'} values")


def _extreme(name: str, pick: Callable, values: tuple, default: Any, steps: list | None) -> Any:
    if len(values) == 1:
        values = _list_arg(name, values[0], "a list, or two or more values")
    elif default is not _MISSING:
        raise ExpressionError(f"{name}() takes default= only with a list")
    if not values:
        if default is _MISSING:
            raise ExpressionError(f"{name}() of an empty list (give a default, like {name}(xs, default=0))")
        return default
    key = _ordering(values, steps)
    try:
        return pick(values) if key is None else pick(values, key=key)
    except TypeError:
        raise _order_error(name, values) from None


@function("len", "The number of elements of a list or characters of a text.", "len(needs) >= 2")
def _len(x: Any) -> int:
    if not isinstance(x, (str, list, tuple, Mapping)):
        raise ExpressionError(f"len() needs a list or a text, not {_kind(x)}")
    return len(x)


@function("sum", "The total of a list of numbers (0 for an empty list).", "sum([c.value for c in items])")
def _sum(xs: Any) -> int | float:
    xs = _list_arg("sum", xs, "a list of numbers")
    if not all(_is_number(x) for x in xs):
        raise ExpressionError("sum() needs a list of numbers")
    return sum(xs)


@function("min", "The smallest element of a list, or the smallest of two or more values; "
          "default= is the result for an empty list.", "min([c.value for c in items], default=0)")
def _min(value: Any, *values: Any, default: Any = _MISSING, _steps: list | None = None) -> Any:
    return _extreme("min", min, (value, *values), default, _steps)


@function("max", "The largest element of a list, or the largest of two or more values; "
          "default= is the result for an empty list.", "max([c.gold for c in items], default=0)")
def _max(value: Any, *values: Any, default: Any = _MISSING, _steps: list | None = None) -> Any:
    return _extreme("max", max, (value, *values), default, _steps)


@function("any", "True when at least one element of a list is true.", "any(c.rank == none for c in items)")
def _any(xs: Any) -> bool:
    return any(_list_arg("any", xs))


@function("all", "True when every element of a list is true (and for an empty list).",
          "all(c.value > 0 for c in items)")
def _all(xs: Any) -> bool:
    return all(_list_arg("all", xs))


@function("count", "How many elements of a list are true.", "count(c.kind == 'army' for c in items)")
def _count(xs: Any) -> int:
    return sum(1 for x in _list_arg("count", xs) if x)


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
        raise _too_long(None)
    return list(numbers)


@function("abs", "A number without its sign.", "abs(x - y) <= 1")
def _abs(x: Any) -> int | float:
    if not _is_number(x):
        raise ExpressionError(f"abs() needs a number, not {_kind(x)}")
    return abs(x)


@function("round", "A number rounded to digits= decimal places (default 0: a whole number); "
          "halves go to the even neighbour.", "round(value / 3, digits=1)")
def _round(x: Any, digits: Any = 0) -> int | float:
    if not _is_number(x):
        raise ExpressionError(f"round() needs a number, not {_kind(x)}")
    if not isinstance(digits, int):
        raise ExpressionError("round() needs a whole number of digits")
    return round(x) if digits == 0 else round(x, digits)


@function("sorted", "The elements of a list in increasing order, or decreasing with reverse=true.",
          "sorted([c.value for c in items], reverse=true)")
def _sorted(xs: Any, reverse: Any = False, *, _steps: list | None = None) -> list:
    xs = _list_arg("sorted", xs)
    try:
        return sorted(xs, key=_ordering(xs, _steps), reverse=bool(reverse))
    except TypeError:
        raise _order_error("sorted", xs) from None


def _freeze(value: Any) -> Any:
    """A hashable stand-in for `value` that is equal exactly when the values are."""
    if isinstance(value, _SEQUENCES):
        return (type(value) is tuple, tuple(_freeze(v) for v in value))
    if isinstance(value, Mapping):
        return frozenset((_freeze(k), _freeze(v)) for k, v in value.items())
    return value


@function("unique", "The distinct elements of a list, in the order they first appear.",
          "len(unique([c.area for c in items]))")
def _unique(xs: Any, *, _steps: list | None = None) -> list:
    xs = _list_arg("unique", xs)
    if not _PLAIN.issuperset(map(type, xs)):  # each element of each list in it, as often as it is there
        _measure(xs, [MAX_STEPS] if _steps is None else _steps, _one)
    seen: set = set()
    found = []
    for x in xs:
        key = x if type(x) in _PLAIN else _freeze(x)
        if key not in seen:
            seen.add(key)
            found.append(x)
    return found


@function("first", "The first element of a list, or default= (none unless given) for an empty list.",
          "first([c.name for c in items if c.rank], default='nobody')")
def _first(xs: Any, default: Any = None) -> Any:
    xs = _list_arg("first", xs)
    return xs[0] if xs else default


@function("join", "The elements of a list written as text, separated by separator= (default \", \").",
          "join([c.name for c in items], separator=' / ')")
def _join(xs: Any, separator: Any = ", ", *, _language: str = "en", _steps: list | None = None) -> str:
    if not isinstance(separator, str):
        raise ExpressionError("join() needs a text as separator")
    xs = _list_arg("join", xs)
    _writable(xs, _steps, more=max(len(separator) - 2, 0) * len(xs))
    return separator.join(_text(x, _language) for x in xs)


@function("str", "A value written as text, as a template writes it.", "str(value) + ' stars'")
def _str(x: Any, *, _language: str = "en", _steps: list | None = None) -> str:
    if type(x) not in _PLAIN:
        _writable(x, _steps)
    return _text(x, _language)


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
    if not _is_number(x):
        raise ExpressionError(f"int() needs a number or a text, not {_kind(x)}")
    return int(x)


@function("hex_connected", "True when the hexagons of a list (records with q and r, axial coordinates) form one "
          "piece, each reachable from any other through neighbours.",
          "hex_connected([c for c in board if c.tile.kind == 'ocean'])")
def _hex_connected(cells: Any) -> bool:
    from .hexes import connected

    return connected([_axial(cell, "hex_connected() needs cells with whole numbers q and r")
                      for cell in _list_arg("hex_connected", cells, "a list of cells with q and r")])


def _axial(cell: Any, problem: str) -> tuple[int, int]:
    """A cell's axial coordinates (q, r), or `problem` as an ExpressionError."""
    q = cell.get("q") if isinstance(cell, Mapping) else None
    r = cell.get("r") if isinstance(cell, Mapping) else None
    if not (isinstance(q, int) and isinstance(r, int)) or isinstance(q, bool) or isinstance(r, bool):
        raise ExpressionError(problem)
    return q, r


@function("hex_adjacent", "True when two hexagons (records with q and r, axial coordinates) are neighbours.",
          "any(hex_adjacent(cell, c) for c in board if c.tile.kind == 'ocean')")
def _hex_adjacent(first: Any, second: Any) -> bool:
    from .hexes import distance

    problem = "hex_adjacent() needs two cells with whole numbers q and r"
    return distance(_axial(first, problem), _axial(second, problem)) == 1


@function("plural", "A count and a word, the word in the plural unless the count is 1: "
          "with an s added, or plural_word= when given.", "plural(stars, 'star')")
def _plural(n: Any, word: Any, plural_word: Any = None, *, _language: str = "en") -> str:
    if not _is_number(n) or not isinstance(word, str) or not isinstance(plural_word, (str, type(None))):
        raise ExpressionError("plural() needs a number and a word")
    if n != 1:
        word = word + "s" if plural_word is None else plural_word
    return f"{_text(n, _language)} {word}"


_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


def _colour(name: str, value: Any) -> str:
    if not isinstance(value, str) or not _COLOUR.fullmatch(value):
        raise ExpressionError(f"{name}() needs colours written like '#1a2b3c'")
    return value


@function("mix", "A colour moved amount (0 to 1) of the way towards another colour.",
          "mix(colour, '#ffffff', 0.8)")
def _mix(a: Any, b: Any, amount: Any) -> str:
    from .colours import mix

    if not _is_number(amount) or not 0 <= amount <= 1:
        raise ExpressionError("mix() needs an amount from 0 to 1")
    return mix(_colour("mix", a), _colour("mix", b), float(amount))


@function("luminance", "How light a colour looks, from 0 (black) to 1 (white): its relative luminance.",
          "luminance(colour) > 0.5")
def _luminance(colour: Any) -> float:
    from .colours import luminance

    return luminance(_colour("luminance", colour))


# --- operators ----------------------------------------------------------------------------

def _repeated(a: Any, b: Any) -> int:
    """The length of the text or list a * b (0 when it is not one): at most MAX_LENGTH."""
    if type(a) not in _GROWN:
        a, b = b, a
    if type(a) in _GROWN and isinstance(b, int):
        size = len(a) * b
        if size > MAX_LENGTH:
            raise ExpressionError(f"a text or list longer than {MAX_LENGTH:,} (repeated with *)")
        return size if size > 0 else 0
    return 0


def _added(a: Any, b: Any) -> int:
    """The length of the text or list a + b (0 when it is not one)."""
    return len(a) + len(b) if type(a) is type(b) and type(a) in _GROWN else 0


def _mod(a: Any, b: Any) -> Any:
    if isinstance(a, str):  # Python would format text with %
        raise TypeError
    return a % b


def _pow(a: Any, b: Any) -> Any:
    if isinstance(b, (int, float)) and b > MAX_EXPONENT:
        raise ExpressionError(f"an exponent above {MAX_EXPONENT}")
    if type(a) is int and type(b) is int and b > 0 and (abs(a).bit_length() - 1) * b > MAX_BITS:
        raise _too_large()
    value = a ** b
    if type(value) is complex:
        raise ExpressionError("a power with no real result")
    return value


_BINARY: dict[type, tuple[Callable[[Any, Any], Any], str]] = {
    ast.Add: (lambda a, b: a + b, "cannot add {a} and {b}"),
    ast.Sub: (lambda a, b: a - b, "cannot subtract {b} from {a}"),
    ast.Mult: (operator.mul, "cannot multiply {a} by {b}"),  # (texts and lists: _repeated first)
    ast.Div: (lambda a, b: a / b, "cannot divide {a} by {b}"),
    ast.FloorDiv: (lambda a, b: a // b, "cannot divide {a} by {b}"),
    ast.Mod: (_mod, "cannot take the remainder of {a} divided by {b}"),
    ast.Pow: (_pow, "cannot raise {a} to the power {b}"),
}
_COMPARE: dict[type, Callable[[Any, Any], Any]] = {
    ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
    ast.Gt: operator.gt, ast.GtE: operator.ge,
    # `x is none` is what designers mean by `x == none`; identity means nothing to them
    ast.Is: operator.eq, ast.IsNot: operator.ne,
}
_SYMBOLS = {ast.BitAnd: "&", ast.BitOr: "|", ast.BitXor: "^", ast.LShift: "<<", ast.RShift: ">>",
            ast.MatMult: "@", ast.Invert: "~"}
_REFUSED = {
    ast.Lambda: "lambda is not allowed",
    ast.NamedExpr: "':=' is not allowed",
    ast.JoinedStr: "f-strings are not allowed (a template's {…} parts do that)",
    ast.SetComp: "set comprehensions are not allowed (use a list comprehension)",
    ast.DictComp: "dict comprehensions are not allowed (use a list comprehension)",
    ast.Set: "sets are not allowed (use a list)",
    ast.Starred: "'*' is not allowed here",
    ast.Await: "'await' is not allowed",
    ast.Yield: "'yield' is not allowed",
    ast.YieldFrom: "'yield' is not allowed",
}


def _checked(value: Any, offset: int | None) -> Any:
    """`value`, unless it is a number out of bounds."""
    kind = type(value)
    if kind is int:
        if not -_BIG < value < _BIG:
            raise _too_large(offset)
    elif kind is float and not math.isfinite(value):
        raise _too_large(offset)
    return value


def _spend(frame: list, steps: int, offset: int | None) -> None:
    frame[0] -= steps
    if frame[0] < 0:
        raise _too_long(offset)


def _at(error: ExpressionError, offset: int | None) -> ExpressionError:
    """`error`, located at `offset` unless it already is."""
    return error if error.offset is not None else ExpressionError(error.message, offset)


# --- what values cost, known before the work -----------------------------------------------
# Each takes a budget, a list whose first element is the steps left (an evaluation's frame).

def _measure(value: Any, budget: list, leaf: Callable[[Any], int], step: int = 1,
             through: tuple = (list, tuple, Mapping)) -> None:
    """Charge budget[0] for going through `value`, without doing it: `leaf(v)` for each value
    that is not a container of the kinds `through`, and `step` for each element of one (twice
    for a mapping: its key and its value). A container is counted each time it is reached (a
    list holding one list a thousand times costs it a thousand times, as writing or hashing it
    would), yet gone through once. Raises the step budget's error, the budget spent, as soon as
    the count passes what is left; a value that holds itself recurses without end, into
    RecursionError, as writing it would."""
    limit = budget[0]
    known: dict[int, int] = {}

    def size(v: Any) -> int:
        if type(v) in _PLAIN or not isinstance(v, through):
            return leaf(v)
        found = known.get(id(v))
        if found is not None:
            return found
        mapping = isinstance(v, Mapping)
        total = step * len(v) * (2 if mapping else 1)
        for element in (v if not mapping else [part for pair in v.items() for part in pair]):
            total += size(element)
            if total > limit:
                budget[0] = -1
                raise _too_long(None)
        known[id(v)] = total
        return total
    spent = size(value)
    if spent > limit:
        budget[0] = -1
        raise _too_long(None)
    budget[0] -= spent


def _one(value: Any) -> int:
    return 1


def _text_size(room: int = 0) -> Callable[[Any], int]:
    """How many characters a value that is not a list or mapping is written in, at most; with
    a format spec, `room` more (its width and precision)."""
    def size(value: Any) -> int:
        kind = type(value)
        if kind is str:
            return len(value) + room
        if kind is int:
            return value.bit_length() // 2 + 2 + room  # digits (0.3 a bit), sign and separators
        if kind is float:
            return 24 + room if not room or abs(value) < 1e16 else 440 + room  # up to 309 digits, separators
        if value is None or kind is bool:
            return 5 + room
        return len(_text(value)) + room
    return size


_WRITTEN = _text_size()


def _flat_size(value: Any, room: int) -> int:
    """What _measure(value, ..., _text_size(room), 2) charges, for a list of numbers, texts,
    true/false and none (the commonest written, measured at once); -1 for any other value."""
    if type(value) is not list and type(value) is not tuple:
        return -1
    total = (2 + room) * len(value)
    for element in value:
        kind = type(element)
        if kind is str:
            total += len(element)
        elif kind is int:
            total += element.bit_length() // 2 + 2
        elif kind is float:
            total += 24 if not room or abs(element) < 1e16 else 440
        elif element is None or kind is bool:
            total += 5
        else:
            return -1
    return total


def _written_size(value: Any, budget: list, room: int = 0) -> None:
    """Charge budget[0] the characters `value` is written in (at most), before it is written."""
    size = _flat_size(value, room)
    if size < 0:
        _measure(value, budget, _text_size(room) if room else _WRITTEN, 2)
    elif size > budget[0]:
        budget[0] = -1
        raise _too_long(None)
    else:
        budget[0] -= size


def _writable(value: Any, budget: list | None, room: int = 0, more: int = 0) -> None:
    """Refuse to write `value` (with a spec's `room`, and `more` characters) when its text
    would be longer than the steps left: the text is charged once made, as a result."""
    left = [(MAX_STEPS if budget is None else budget[0]) - more]
    if left[0] < 0:
        raise _too_long(None)
    if type(value) not in _PLAIN:
        _written_size(value, left, room)


def _same(a: Any, b: Any, budget: list, known: dict) -> bool:
    """a == b, worked out as Python works it out: lists (or mappings) element by element until
    two differ, an element compared charged one step. A pair of lists met again is charged
    again, as Python would compare it again, but compared once (`known`); a pair met inside
    itself recurses without end, into RecursionError, as Python's comparing would."""
    kind = type(a)
    if kind in _PLAIN or type(b) in _PLAIN:
        return a == b
    pair = (id(a), id(b))
    found = known.get(pair)
    if found is not None:
        budget[0] -= found[1]
        if budget[0] < 0:
            raise _too_long(None)
        return found[0]
    start = budget[0]
    if (kind is list or kind is tuple) and type(b) is kind:
        equal = len(a) == len(b)
        if equal:
            for x, y in zip(a, b):
                budget[0] -= 1
                if x is not y and not _same(x, y, budget, known):
                    equal = False
                    break
    elif isinstance(a, Mapping) and isinstance(b, Mapping):
        equal = len(a) == len(b)
        if equal:
            look = (lambda key: dict.get(b, key, _MISSING)) if isinstance(b, dict) else (lambda key: b.get(key, _MISSING))
            for key, x in a.items():
                budget[0] -= 1
                y = look(key)
                if y is _MISSING or x is not y and not _same(x, y, budget, known):
                    equal = False
                    break
    else:
        return a == b  # (two kinds Python tells apart at once: a list and a tuple)
    budget[0] -= 1
    if budget[0] < 0:
        raise _too_long(None)
    known[pair] = (equal, start - budget[0])
    return equal


def _order(a: list | tuple, b: list | tuple, compare: Callable, budget: list, known: dict) -> bool:
    """compare(a, b) (<, <=, >, >=) of two lists or two tuples, as Python works it out: by
    their first elements that differ (found with _same), or else by their lengths."""
    for x, y in zip(a, b):
        budget[0] -= 1
        if x is y or _same(x, y, budget, known):
            continue
        kind = type(x)
        if (kind is list or kind is tuple) and type(y) is kind:
            return _order(x, y, compare, budget, known)
        return compare(x, y)
    budget[0] -= 1
    if budget[0] < 0:
        raise _too_long(None)
    return compare(len(a), len(b))


def _compared(compare: Callable, a: Any, b: Any, budget: list, known: dict | None = None) -> Any:
    """compare(a, b), where a is not a number, text, true/false or none: lists compared as
    Python would, each comparison charged as it is made."""
    known = {} if known is None else known
    if compare is operator.eq or compare is operator.ne:
        return _same(a, b, budget, known) == (compare is operator.eq)
    kind = type(a)
    if (kind is list or kind is tuple) and type(b) is kind:
        return _order(a, b, compare, budget, known)
    return compare(a, b)


class _Ordered:
    """A sort key for values among which are lists: compares them with _compared."""

    __slots__ = ("value", "budget", "known")

    def __init__(self, value: Any, budget: list, known: dict) -> None:
        self.value, self.budget, self.known = value, budget, known

    def __lt__(self, other: "_Ordered") -> Any:
        return _compared(operator.lt, self.value, other.value, self.budget, self.known)

    def __gt__(self, other: "_Ordered") -> Any:
        return _compared(operator.gt, self.value, other.value, self.budget, self.known)


def _ordering(values: Collection[Any], budget: list | None) -> Callable | None:
    """The key that orders `values` (sorted, min, max) charging `budget`, or None when every
    one is a number, text, true/false or none (Python compares those at once)."""
    if _PLAIN.issuperset(map(type, values)):
        return None
    budget = [MAX_STEPS] if budget is None else budget
    known: dict = {}
    return lambda value: _Ordered(value, budget, known)


def _hashable(key: Any, budget: list) -> None:
    """Charge what hashing `key` costs: a tuple's elements, nested tuples each time reached."""
    if type(key) is tuple:
        _measure(key, budget, _one, 1, (tuple,))


def _members(a: Any, b: list | tuple, budget: list) -> bool:
    """a in b, for a that is not a number, text, true/false or none: compared as Python would
    (identical first), each comparison charged as it is made."""
    known: dict = {}
    for element in b:
        if element is a or _same(element, a, budget, known):
            return True
    return False


# --- compiling ----------------------------------------------------------------------------

class _Compiler:
    """Turns a checked syntax tree into closures `(env, frame) -> value`."""

    def __init__(self, text: str, base: int, names: frozenset[str] | None) -> None:
        self.text, self.base, self.names = text, base, names
        self.encoded = None if text.isascii() else text.encode()
        self.scope: dict[str, int] = {}  # comprehension variables: their frame slots
        self.slots = 2
        self.cost = 0
        self.free: set[str] = set()
        self.depth = 0
        self.constants: dict[Fn, Any] = {}  # the closures that return a constant, with it
        self.variables: dict[Fn, int] = {}  # the closures that read a comprehension variable, with its slot

    def at(self, column: int) -> int:
        """The character offset in the source of an AST byte column."""
        if self.encoded is None:
            return self.base + column
        return self.base + len(self.encoded[:column].decode("utf-8", "ignore"))

    def after(self, node: ast.AST) -> int:
        """The offset of the operator after `node`: skips spaces and closing brackets."""
        text, i = self.text, self.at(node.end_col_offset) - self.base
        while i < len(text) and text[i] in " \t)":
            i += 1
        return self.base + i

    def compile(self, node: ast.AST) -> Fn:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise ExpressionError("the expression is too deeply nested", self.at(node.col_offset))
        self.cost += 1
        method = getattr(self, "_" + type(node).__name__, None)
        if method is None:
            raise self.refuse(node)
        fn = method(node)
        self.depth -= 1
        return fn

    def refuse(self, node: ast.AST) -> ExpressionError:
        message = _REFUSED.get(type(node))
        if message is None:
            message = f"{type(node).__name__.lower()} is not allowed"
        return ExpressionError(message, self.at(getattr(node, "col_offset", 0)))

    def _Constant(self, node: ast.Constant) -> Fn:
        value = node.value
        if type(value) not in (int, float, str, bool, type(None)):
            raise ExpressionError(f"{type(value).__name__} values are not allowed", self.at(node.col_offset))
        return self.constant(_checked(value, self.at(node.col_offset)))

    def constant(self, value: Any) -> Fn:
        fn: Fn = lambda env, frame: value  # noqa: E731
        self.constants[fn] = value
        return fn

    def _Name(self, node: ast.Name) -> Fn:
        name = node.id
        if name in CONSTANTS:
            return self.constant(CONSTANTS[name])
        slot = self.scope.get(name)
        if slot is not None:
            fn: Fn = lambda env, frame: frame[slot]  # noqa: E731
            self.variables[fn] = slot
            return fn
        offset = self.at(node.col_offset)
        if self.names is not None and name not in self.names and name not in FUNCTIONS:
            raise ExpressionError(f"unknown name '{name}'{_suggest(name, sorted(self.names))}", offset)
        self.free.add(name)

        def lookup(env: Mapping[str, Any], frame: list) -> Any:
            try:
                return env[name]
            except KeyError:
                raise ExpressionError(f"unknown name '{name}'{_suggest(name, list(env))}", offset) from None
        return lookup

    def _Attribute(self, node: ast.Attribute) -> Fn:
        name = node.attr
        offset = self.at(node.end_col_offset) - len(name)
        if name.startswith("_"):
            raise ExpressionError(f"field names starting with '_' are not allowed: '{name}'", offset)
        value = self.compile(node.value)
        slot = self.variables.get(value)

        def read(env: Mapping[str, Any], frame: list) -> Any:
            # `c.name` on a comprehension's variable is the commonest read: no call for `c`
            mapping = frame[slot] if slot is not None else value(env, frame)
            if isinstance(mapping, (dict, Mapping)):
                try:
                    return mapping[name]
                except KeyError:
                    raise ExpressionError(f"no field '{name}'{_suggest(name, list(mapping))}", offset) from None
            raise ExpressionError(f"cannot read field '{name}' of {_kind(mapping)}", offset)
        return read

    def _Subscript(self, node: ast.Subscript) -> Fn:
        value = self.compile(node.value)
        index = self._slice(node.slice) if isinstance(node.slice, ast.Slice) else self.compile(node.slice)
        offset = self.after(node.value)

        def item(env: Mapping[str, Any], frame: list) -> Any:
            container, key = value(env, frame), index(env, frame)
            try:
                if isinstance(container, (str, list, tuple, Mapping)):
                    if type(key) is slice and type(container) in _GROWN:
                        _spend(frame, len(range(*key.indices(len(container)))), offset)
                    elif type(key) is tuple:
                        _hashable(key, frame)
                    return container[key]
            except ExpressionError as error:
                raise _at(error, offset) from None
            except KeyError:
                shown = repr(key) if type(key) in _PLAIN or len(key) <= 20 and all(type(k) in _PLAIN for k in key) \
                    else f"(a tuple of {len(key)} values)"  # (not a tuple of tuples written out)
                raise ExpressionError(f"no key {shown}{_suggest(key, list(container))}", offset) from None
            except IndexError:
                unit = "characters" if isinstance(container, str) else "elements"
                raise ExpressionError(f"index {_text(key)} is out of range (the {_kind(container)} has "
                                      f"{len(container)} {unit})", offset) from None
            except (TypeError, ValueError):
                if type(key) is not slice:
                    message = f"cannot index {_kind(container)} with {_kind(key)}"
                elif isinstance(container, Mapping):
                    message = "cannot slice a mapping"
                else:
                    message = "a slice step cannot be 0" if key.step == 0 else "slice bounds must be whole numbers"
                raise ExpressionError(message, offset) from None
            raise ExpressionError(f"cannot index {_kind(container)}", offset)
        return item

    def _slice(self, node: ast.Slice) -> Fn:
        self.cost += 1
        parts = [self.compile(part) if part is not None else None for part in (node.lower, node.upper, node.step)]
        lower, upper, step = (part or (lambda env, frame: None) for part in parts)
        return lambda env, frame: slice(lower(env, frame), upper(env, frame), step(env, frame))

    def _BinOp(self, node: ast.BinOp) -> Fn:
        if type(node.op) not in _BINARY:
            raise ExpressionError(f"the operator '{_SYMBOLS.get(type(node.op), '?')}' is not allowed",
                                  self.after(node.left))
        operate, message = _BINARY[type(node.op)]
        left, right = self.compile(node.left), self.compile(node.right)
        offset = self.after(node.left)
        # (only + and * make texts and lists: their length is charged before they are made)
        length = {ast.Add: _added, ast.Mult: _repeated}.get(type(node.op))
        either = isinstance(node.op, ast.Mult)  # (a list is repeated by 3 * xs as by xs * 3, added to by xs + ys only)

        def binary(env: Mapping[str, Any], frame: list) -> Any:
            a, b = left(env, frame), right(env, frame)
            try:
                if length is not None and (type(a) in _GROWN or either and type(b) in _GROWN):
                    frame[0] -= length(a, b)
                    if frame[0] < 0:
                        raise _too_long(offset)
                    return operate(a, b)  # (a text or list, of the length charged: no number to check)
                result = operate(a, b)
            except ExpressionError as error:
                raise ExpressionError(error.message, offset) from None
            except ZeroDivisionError:
                raise ExpressionError("division by zero", offset) from None
            except (OverflowError, MemoryError):
                raise _too_large(offset) from None
            except (TypeError, ValueError):
                raise ExpressionError(message.format(a=_kind(a), b=_kind(b)), offset) from None
            return _checked(result, offset)
        return binary

    def _UnaryOp(self, node: ast.UnaryOp) -> Fn:
        operand = self.compile(node.operand)
        offset = self.at(node.col_offset)
        if isinstance(node.op, ast.Not):
            return lambda env, frame: not operand(env, frame)
        if isinstance(node.op, ast.Invert):
            raise ExpressionError("the operator '~' is not allowed", offset)
        negate = isinstance(node.op, ast.USub)

        def unary(env: Mapping[str, Any], frame: list) -> Any:
            value = operand(env, frame)
            if not isinstance(value, (int, float)):
                raise ExpressionError(f"cannot {'negate' if negate else 'use + on'} {_kind(value)}", offset)
            return -value if negate else +value
        return unary

    def _BoolOp(self, node: ast.BoolOp) -> Fn:
        values = [self.compile(value) for value in node.values]
        if isinstance(node.op, ast.And):
            if len(values) == 2:
                first, second = values
                return lambda env, frame: (second(env, frame) if (v := first(env, frame)) else v)

            def all_of(env: Mapping[str, Any], frame: list) -> Any:
                for value in values:
                    result = value(env, frame)
                    if not result:
                        return result
                return result
            return all_of
        if len(values) == 2:
            first, second = values
            return lambda env, frame: (v if (v := first(env, frame)) else second(env, frame))

        def any_of(env: Mapping[str, Any], frame: list) -> Any:
            for value in values:
                result = value(env, frame)
                if result:
                    return result
            return result
        return any_of

    def _Compare(self, node: ast.Compare) -> Fn:
        operands = [self.compile(node.left)] + [self.compile(c) for c in node.comparators]
        offsets = [self.after(n) for n in [node.left] + node.comparators[:-1]]
        if len(node.ops) == 1:
            return self._comparison(node.ops[0], operands[0], operands[1], offsets[0])
        # a chain: each operand is evaluated once, into a slot, and the chain stops at the first false test
        slots = range(self.slots, self.slots + len(operands))
        self.slots += len(operands)
        reads = [lambda env, frame, slot=slot: frame[slot] for slot in slots]
        tests = [self._comparison(op, reads[i], reads[i + 1], offsets[i]) for i, op in enumerate(node.ops)]
        steps = list(zip(operands[1:], slots[1:], tests))
        first, first_slot = operands[0], slots[0]

        def chain(env: Mapping[str, Any], frame: list) -> Any:
            frame[first_slot] = first(env, frame)
            for operand, slot, test in steps:
                frame[slot] = operand(env, frame)
                if not test(env, frame):
                    return False
            return True
        return chain

    def _comparison(self, op: ast.cmpop, left: Fn, right: Fn, offset: int) -> Fn:
        if isinstance(op, (ast.In, ast.NotIn)):
            negate = isinstance(op, ast.NotIn)

            def contains(env: Mapping[str, Any], frame: list) -> bool:
                a, b = left(env, frame), right(env, frame)
                if isinstance(b, _SIZED):
                    frame[0] -= len(b)
                    if frame[0] < 0:
                        raise _too_long(offset)
                    if (type(b) is list or type(b) is tuple) and type(a) in _PLAIN:  # (each comparison at once)
                        return a not in b if negate else a in b
                try:
                    if type(b) is list or type(b) is tuple:
                        return _members(a, b, frame) != negate
                    if isinstance(b, Mapping) or isinstance(b, str) and isinstance(a, str):
                        _hashable(a, frame)
                        return (a in b) != negate
                except TypeError:
                    pass
                except ExpressionError as error:
                    raise _at(error, offset) from None
                raise ExpressionError(f"cannot look for {_kind(a)} in {_kind(b)}", offset)
            return contains
        compare = _COMPARE[type(op)]
        if right in self.constants:
            constant = self.constants[right]

            def compare_constant(env: Mapping[str, Any], frame: list) -> Any:
                a = left(env, frame)
                try:
                    return compare(a, constant)
                except TypeError:
                    raise ExpressionError(f"cannot compare {_kind(a)} and {_kind(constant)}", offset) from None
            return compare_constant

        def comparison(env: Mapping[str, Any], frame: list) -> Any:
            a, b = left(env, frame), right(env, frame)
            try:
                if type(a) in _PLAIN:
                    return compare(a, b)
                return _compared(compare, a, b, frame)  # lists element by element, each charged
            except TypeError:
                raise ExpressionError(f"cannot compare {_kind(a)} and {_kind(b)}", offset) from None
            except ExpressionError as error:
                raise _at(error, offset) from None
        return comparison

    def _IfExp(self, node: ast.IfExp) -> Fn:
        test, body, orelse = self.compile(node.test), self.compile(node.body), self.compile(node.orelse)
        return lambda env, frame: body(env, frame) if test(env, frame) else orelse(env, frame)

    def _List(self, node: ast.List) -> Fn:
        elements = [self.compile(e) for e in node.elts]
        return lambda env, frame: [e(env, frame) for e in elements]

    def _Tuple(self, node: ast.Tuple) -> Fn:
        elements = [self.compile(e) for e in node.elts]
        return lambda env, frame: tuple([e(env, frame) for e in elements])

    def _Dict(self, node: ast.Dict) -> Fn:
        if any(key is None for key in node.keys):
            raise ExpressionError("'**' is not allowed", self.at(node.col_offset))
        pairs = [(self.compile(k), self.compile(v)) for k, v in zip(node.keys, node.values)]
        offset = self.at(node.col_offset)

        def mapping(env: Mapping[str, Any], frame: list) -> dict:
            result = {}
            for key, value in pairs:
                k = key(env, frame)
                try:
                    _hashable(k, frame)
                    result[k] = value(env, frame)
                except TypeError:
                    raise ExpressionError(f"cannot use a {_kind(k)} as a key", offset) from None
                except ExpressionError as error:
                    raise _at(error, offset) from None
            return result
        return mapping

    def _ListComp(self, node: ast.ListComp | ast.GeneratorExp) -> Fn:
        # Generators are run at once into lists: nothing lazy can outlive its evaluation.
        generators = node.generators
        offset = self.at(node.col_offset)
        if any(g.is_async for g in generators):
            raise ExpressionError("'async for' is not allowed", offset)
        iterables = [self.compile(generators[0].iter)]
        outer_cost, outer_scope = self.cost, dict(self.scope)
        levels = []
        for i, generator in enumerate(generators):
            self.cost = 1
            slot, bind = self._target(generator.target)
            tests = [self.compile(test) for test in generator.ifs]
            if i + 1 < len(generators):
                iterables.append(self.compile(generators[i + 1].iter))
            else:
                element = self.compile(node.elt)
            levels.append((slot, bind, tests, self.cost))
        self.cost, self.scope = outer_cost, outer_scope

        inner = None
        for (slot, bind, tests, cost), iterate in reversed(list(zip(levels, iterables))):
            inner = self._level(iterate, slot, bind, tests, cost, inner, element if inner is None else None, offset)
        run = inner

        def comprehension(env: Mapping[str, Any], frame: list) -> list:
            found: list = []
            run(env, frame, found)
            return found
        return comprehension

    _GeneratorExp = _ListComp

    @staticmethod
    def _level(iterate: Fn, slot: int, bind: Callable | None, tests: list[Fn], cost: int,
               inner: Callable | None, element: Fn | None, offset: int) -> Callable:
        """One `for` of a comprehension: runs `inner` (the next `for`) or appends `element`."""
        test = tests[0] if len(tests) == 1 else None
        if len(tests) > 1:
            test = lambda env, frame: all(t(env, frame) for t in tests)  # noqa: E731

        def level(env: Mapping[str, Any], frame: list, found: list) -> None:
            items = iterate(env, frame)
            if not isinstance(items, (list, tuple, str)):
                if not isinstance(items, Mapping):
                    raise ExpressionError(f"cannot loop over {_kind(items)}", offset)
                items = list(items)
            # every element's steps are charged at once: the same total, and one check
            frame[0] -= cost * len(items)
            if frame[0] < 0:
                raise _too_long(offset)
            append = found.append
            for item in items:
                if bind is None:
                    frame[slot] = item
                else:
                    bind(frame, item)
                if test is not None and not test(env, frame):
                    continue
                if element is not None:
                    append(element(env, frame))
                else:
                    inner(env, frame, found)
        return level

    def _target(self, node: ast.expr) -> tuple[int, Callable | None]:
        """Bind a comprehension's target: its slot, or a function unpacking into slots."""
        offset = self.at(node.col_offset)
        if isinstance(node, ast.Name):
            if node.id in CONSTANTS:
                raise ExpressionError(f"cannot assign to {node.id}", offset)
            slot = self.slots
            self.slots += 1
            self.scope[node.id] = slot
            return slot, None
        if not isinstance(node, (ast.Tuple, ast.List)):
            raise ExpressionError("a comprehension can only bind names, like 'for c in items'", offset)
        parts = [self._target(element) for element in node.elts]

        def unpack(frame: list, value: Any) -> None:
            if not isinstance(value, _SEQUENCES) or len(value) != len(parts):
                size = f"{len(value)} values" if isinstance(value, _SEQUENCES) else _kind(value)
                raise ExpressionError(f"cannot unpack {size} into {len(parts)} names", offset)
            for (slot, bind), v in zip(parts, value):
                if bind is None:
                    frame[slot] = v
                else:
                    bind(frame, v)
        return -1, unpack

    def _Call(self, node: ast.Call) -> Fn:
        offset = self.at(node.col_offset)
        if isinstance(node.func, ast.Attribute):
            raise ExpressionError("call functions by name, like len(x); text and lists have no methods here",
                                  self.at(node.func.end_col_offset) - len(node.func.attr))
        if not isinstance(node.func, ast.Name):
            raise ExpressionError("only functions can be called, by name, like len(x)", offset)
        name = node.func.id
        if name not in FUNCTIONS:
            raise ExpressionError(f"unknown function '{name}'{_suggest(name, sorted(FUNCTIONS))}", offset)
        fn = FUNCTIONS[name]
        signature = _signature(fn)
        for keyword in node.keywords:
            where = self.at(keyword.col_offset)
            if keyword.arg is None:
                raise ExpressionError("'**' is not allowed", where)
            if keyword.arg not in signature.keywords:
                raise ExpressionError(f"{name}() has no option '{keyword.arg}'"
                                      f"{_suggest(keyword.arg, sorted(signature.keywords))}", where)
            if keyword.arg in signature.positional[:len(node.args)]:
                raise ExpressionError(f"{name}() is given '{keyword.arg}' twice", where)
        given = len(node.args)
        if not signature.least <= given <= signature.most:
            if signature.most == math.inf:
                expected = f"at least {signature.least}"
            elif signature.least == signature.most:
                expected = str(signature.least)
            else:
                expected = f"{signature.least} to {signature.most}"
            raise ExpressionError(f"{name}() takes {expected} argument{'s' * (not expected.endswith('1'))} "
                                  f"(given {given})", offset)
        args = [self.compile(arg) for arg in node.args]
        keywords = [(k.arg, self.compile(k.value)) for k in node.keywords]
        call, language, steps = fn.call, signature.language, signature.steps
        many, first = len(args) > 1, args[0] if args else None

        def apply(env: Mapping[str, Any], frame: list) -> Any:
            values = [arg(env, frame) for arg in args] if many else [first(env, frame)] if args else []
            options = {k: value(env, frame) for k, value in keywords} if keywords else {}
            if language:
                options["_language"] = frame[1]
            if steps:
                options["_steps"] = frame
            cost = 1
            for value in values:
                if isinstance(value, _SIZED):
                    cost += len(value)
            _spend(frame, cost, offset)
            try:
                result = call(*values, **options)
            except ExpressionError as error:
                raise ExpressionError(error.message, offset if error.offset is None else error.offset) from None
            except ZeroDivisionError:
                raise ExpressionError("division by zero", offset) from None
            except (OverflowError, MemoryError):
                raise _too_large(offset) from None
            except Exception as error:  # a function's own failure must still read as the designer's
                raise ExpressionError(f"{name}() failed: {error}", offset) from None
            if isinstance(result, _SIZED):
                _spend(frame, len(result), offset)
                return result
            return _checked(result, offset)
        return apply


# --- the total budget ---------------------------------------------------------------------

_total = [MAX_TOTAL_STEPS, MAX_TOTAL_STEPS]  # the steps every evaluation has left, and the total they are of


def new_budget(steps: int | None = None) -> None:
    """Give the evaluations from now on `steps` in all (MAX_TOTAL_STEPS unless given; each
    validation starts one, see pnp.validate), however cheap each is: once they are spent, each
    evaluation is refused, as an ExpressionError where it is written. Each evaluation still has
    its own MAX_STEPS."""
    steps = MAX_TOTAL_STEPS if steps is None else steps
    _total[:] = [steps, steps]


def steps_spent() -> int:
    """The steps the evaluations have spent since the last new_budget()."""
    return _total[1] - _total[0]


def _failed(error: BaseException) -> BaseException:
    """What an evaluation that failed raises: an ExpressionError for running out of stack or
    memory too."""
    if isinstance(error, RecursionError):
        return ExpressionError("the expression or its data is too deeply nested")
    if isinstance(error, MemoryError):
        return ExpressionError("the expression needs too much memory")
    return error


def _too_long_in_all(offset: int | None) -> ExpressionError:
    return ExpressionError(f"the game's expressions take too long altogether (more than {_total[1]:,} steps)", offset)


def _writing(value: Any, spec: _Spec | None, offset: int) -> None:
    """Charge the total budget for writing a list or mapping, before it is written: as an
    evaluation, at most MAX_STEPS characters (with a spec, each value counted with its width
    and precision)."""
    left = _total[0]
    if left <= 0:
        raise _too_long_in_all(offset)
    budget = [left if left < MAX_STEPS else MAX_STEPS]
    start = budget[0]
    try:
        _written_size(value, budget, spec.room if spec is not None else 0)
    except ExpressionError:
        raise (_too_long_in_all if left < MAX_STEPS else _too_long)(offset) from None
    finally:
        _total[0] -= start - budget[0]


# --- expressions --------------------------------------------------------------------------

@dataclass(frozen=True)
class Expression:
    """A parsed expression: `names` are the free names it reads from the environment."""

    source: str
    names: frozenset[str]
    _fn: Fn = field(repr=False, compare=False)
    _blank: list = field(repr=False, compare=False)  # a fresh frame, copied per evaluation

    def evaluate(self, env: Mapping[str, Any]) -> Any:
        """The expression's value with its names looked up in `env`. Raises ExpressionError."""
        return self._run(env, self._blank.copy())

    def _evaluate(self, env: Mapping[str, Any], language: str) -> Any:
        frame = self._blank.copy()
        frame[1] = language
        return self._run(env, frame)

    def _run(self, env: Mapping[str, Any], frame: list) -> Any:
        if _total[0] < MAX_STEPS:  # the total budget's last steps
            return self._last(env, frame)
        try:
            return self._fn(env, frame)
        except BaseException as error:
            raise _failed(error) from None
        finally:
            _total[0] -= MAX_STEPS - frame[0]  # (each step counts towards the total)

    def _last(self, env: Mapping[str, Any], frame: list) -> Any:
        """An evaluation in the total budget's last MAX_STEPS: it has those only, and running
        out of them is running out of the total."""
        left = _total[0]
        if left <= 0:
            raise _too_long_in_all(0)
        frame[0] -= MAX_STEPS - left
        try:
            return self._fn(env, frame)
        except ExpressionError as error:
            if error.message == _too_long(None).message:
                raise _too_long_in_all(error.offset) from None
            raise
        except BaseException as error:
            raise _failed(error) from None
        finally:
            _total[0] -= left - frame[0]

    def __reduce__(self) -> tuple:
        return parse, (self.source,)


def parse(source: str, names: Collection[str] | None = None) -> Expression:
    """The expression written in `source`; see _parse. Expressions are immutable, so each is
    parsed once per process (a game loaded again, as pnp watch and the tests do, parses none)."""
    return _parse_cached(source, None if names is None else frozenset(names))


@lru_cache(maxsize=8192)
def _parse_cached(source: str, names: frozenset[str] | None) -> Expression:
    return _parse(source, names)


def _parse(source: str, names: Collection[str] | None = None) -> Expression:
    """Parse an expression once, to be evaluated many times.

    When `names` is given, every free name must be one of them (or a constant or function).
    Raises ExpressionError, with the offset in `source`, on a syntax error or anything the
    language does not allow.
    """
    if not isinstance(source, str):
        raise ExpressionError(f"an expression must be text, not {_kind(source)}")
    if len(source) > MAX_SOURCE:  # (refused unread: parsing it would be the cost)
        raise ExpressionError(f"an expression longer than {MAX_SOURCE:,} characters", 0)
    body = source.strip()
    base = len(source) - len(source.lstrip())
    if not body:
        raise ExpressionError("empty expression", 0)
    newline = re.search(r"[\r\n]", body)
    if newline:
        raise ExpressionError("syntax error: an expression must be on one line", base + newline.start())
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            # the newline makes Python point at the end of the text, not at 0, for a missing end
            tree = ast.parse(body + "\n", mode="eval")
    except SyntaxError as error:
        offset = None if not error.offset or error.lineno != 1 else base + min(error.offset - 1, len(body))
        raise ExpressionError(f"syntax error: {error.msg}", offset) from None
    except (ValueError, RecursionError, MemoryError):
        raise ExpressionError("syntax error: the expression is too deeply nested or not text", None) from None
    compiler = _Compiler(body, base, None if names is None else frozenset(names))
    try:
        fn = compiler.compile(tree.body)
    except RecursionError:
        raise ExpressionError("the expression is too deeply nested", None) from None
    if compiler.cost > MAX_STEPS:
        raise _too_long(None)
    blank = [MAX_STEPS - compiler.cost, "en"] + [None] * (compiler.slots - 2)
    return Expression(source, frozenset(compiler.free), fn, blank)


# --- templates ----------------------------------------------------------------------------

@dataclass(frozen=True)
class _Part:
    expression: Expression
    start: int  # where the expression starts in the template
    spec: _Spec | None
    spec_start: int


@dataclass(frozen=True)
class Template:
    """Text with `{expression}` parts, each optionally ending in a format spec: `{value:02d}`."""

    source: str
    names: frozenset[str]
    constant: bool
    _pieces: tuple[str | _Part, ...] = field(repr=False, compare=False)

    def render(self, env: Mapping[str, Any], language: str = "en") -> str:
        """The text, each part replaced by its value written in `language`."""
        out = []
        for piece in self._pieces:
            if type(piece) is str:
                out.append(piece)
                continue
            value = _shifted(piece, env, language)
            try:
                if type(value) not in _PLAIN:  # a list or mapping: its text is counted before it is written
                    _writing(value, piece.spec, piece.start)
                out.append(_text(value, language) if piece.spec is None else _format(value, piece.spec, language))
            except ExpressionError:
                raise
            except (ValueError, TypeError, OverflowError):
                if piece.spec is None:  # only a number too long for Python to write can fail here
                    raise _too_large(piece.start) from None
                raise ExpressionError(f"cannot format {_kind(value)} with ':{piece.spec.text}'",
                                      piece.spec_start) from None
            except RecursionError:
                raise ExpressionError("the value is too deeply nested to write", piece.start) from None
        return "".join(out)

    def value(self, env: Mapping[str, Any]) -> Any:
        """For a template that is one `{expression}` and nothing else, the expression's raw
        value; otherwise the rendered text."""
        pieces = self._pieces
        if len(pieces) == 1 and type(pieces[0]) is _Part and pieces[0].spec is None:
            return _shifted(pieces[0], env, "en")
        return self.render(env)

    def __reduce__(self) -> tuple:
        return parse_template, (self.source,)


def _shifted(part: _Part, env: Mapping[str, Any], language: str) -> Any:
    """A part's value; an error's offset moves from the part into the template."""
    try:
        return part.expression._evaluate(env, language)
    except ExpressionError as error:
        raise ExpressionError(error.message, None if error.offset is None else part.start + error.offset) from None


def _part_end(source: str, start: int) -> tuple[int, int | None]:
    """Where the part whose `{` is at `start` ends (its `}`), and where its format spec's
    colon is: the first at bracket depth 0 and outside quotes."""
    depth, quote, colon, i = 0, None, None, start + 1
    while i < len(source):
        char = source[i]
        if colon is not None:
            if char == "{":
                raise ExpressionError("a format spec cannot contain '{'", i)
            if char == "}":
                return i, colon
        elif quote is not None:
            if char == "\\":
                i += 1
            elif char == quote:
                quote = None
        elif char in "'\"":
            quote = char
        elif char in "([{":
            depth += 1
        elif char in ")]}":
            if depth == 0 and char == "}":
                return i, None
            depth = max(depth - 1, 0)
        elif char == ":" and depth == 0:
            colon = i
        i += 1
    raise ExpressionError("unclosed '{' (write '{{' for a literal '{')", start)


def _spec(text: str, offset: int) -> _Spec:
    match = _SPEC.fullmatch(text)
    if match is None:
        raise ExpressionError(f"invalid format spec ':{text}'", offset)
    if max(int(match["width"] or 0), int(match["precision"] or 0)) > MAX_FORMAT_WIDTH:
        raise ExpressionError(f"a format spec's width and precision must be at most {MAX_FORMAT_WIDTH}", offset)
    fill = match["fill"]
    return _Spec(text, text if fill is None else _FILL + text[1:], fill, match["type"],
                 int(match["width"] or 0) + int(match["precision"] or 0))


def parse_template(source: str, names: Collection[str] | None = None) -> Template:
    """The template written in `source`; see _parse_template (parsed once per process)."""
    return _template_cached(source, None if names is None else frozenset(names))


@lru_cache(maxsize=8192)
def _template_cached(source: str, names: frozenset[str] | None) -> Template:
    return _parse_template(source, names)


def _parse_template(source: str, names: Collection[str] | None = None) -> Template:
    """Parse a template: text with `{expression}` parts, `{{` and `}}` for literal braces.

    Raises ExpressionError whose offset is in the template's source.
    """
    if not isinstance(source, str):
        raise ExpressionError(f"a template must be text, not {_kind(source)}")
    names = None if names is None else frozenset(names)
    pieces: list[str | _Part] = []
    text: list[str] = []
    i = 0
    while i < len(source):
        char = source[i]
        if char in "{}" and source[i + 1:i + 2] == char:
            text.append(char)
            i += 2
        elif char == "}":
            raise ExpressionError("unmatched '}' (write '}}' for a literal '}')", i)
        elif char == "{":
            end, colon = _part_end(source, i)
            try:
                expression = parse(source[i + 1:colon if colon is not None else end], names)
            except ExpressionError as error:
                raise ExpressionError(error.message, None if error.offset is None else i + 1 + error.offset) from None
            spec = None if colon is None else _spec(source[colon + 1:end], colon + 1)
            if text:
                pieces.append("".join(text))
                text = []
            pieces.append(_Part(expression, i + 1, spec, -1 if colon is None else colon + 1))
            i = end + 1
        else:
            text.append(char)
            i += 1
    if text:
        pieces.append("".join(text))
    parts = [piece for piece in pieces if type(piece) is _Part]
    return Template(source, frozenset().union(*(p.expression.names for p in parts)), not parts, tuple(pieces))
