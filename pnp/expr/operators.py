"""What the language's operators do, and what it refuses: each operator with its refusal,
the lengths + and * make (known before they are made), and the syntax that is not allowed."""

from __future__ import annotations

import ast
import operator
from typing import Any, Callable

from .limits import GROWN, MAX_BITS, MAX_EXPONENT, MAX_LENGTH, ExpressionError, too_large


def repeated(a: Any, b: Any) -> int:
    """The length of the text or list a * b (0 when it is not one): at most MAX_LENGTH."""
    if type(a) not in GROWN:
        a, b = b, a
    if type(a) in GROWN and isinstance(b, int):
        size = len(a) * b
        if size > MAX_LENGTH:
            raise ExpressionError(f"a text or list longer than {MAX_LENGTH:,} (repeated with *)")
        return size if size > 0 else 0
    return 0


def added(a: Any, b: Any) -> int:
    """The length of the text or list a + b (0 when it is not one)."""
    return len(a) + len(b) if type(a) is type(b) and type(a) in GROWN else 0


def _mod(a: Any, b: Any) -> Any:
    if isinstance(a, str):  # Python would format text with %
        raise TypeError
    return a % b


def _pow(a: Any, b: Any) -> Any:
    if isinstance(b, (int, float)) and b > MAX_EXPONENT:
        raise ExpressionError(f"an exponent above {MAX_EXPONENT}")
    if type(a) is int and type(b) is int and b > 0 and (abs(a).bit_length() - 1) * b > MAX_BITS:
        raise too_large()
    value = a ** b
    if type(value) is complex:
        raise ExpressionError("a power with no real result")
    return value


BINARY: dict[type, tuple[Callable[[Any, Any], Any], str]] = {
    ast.Add: (lambda a, b: a + b, "cannot add {a} and {b}"),
    ast.Sub: (lambda a, b: a - b, "cannot subtract {b} from {a}"),
    ast.Mult: (operator.mul, "cannot multiply {a} by {b}"),  # (texts and lists: repeated first)
    ast.Div: (lambda a, b: a / b, "cannot divide {a} by {b}"),
    ast.FloorDiv: (lambda a, b: a // b, "cannot divide {a} by {b}"),
    ast.Mod: (_mod, "cannot take the remainder of {a} divided by {b}"),
    ast.Pow: (_pow, "cannot raise {a} to the power {b}"),
}
COMPARE: dict[type, Callable[[Any, Any], Any]] = {
    ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
    ast.Gt: operator.gt, ast.GtE: operator.ge,
    # `x is none` is what designers mean by `x == none`; identity means nothing to them
    ast.Is: operator.eq, ast.IsNot: operator.ne,
}
SYMBOLS = {ast.BitAnd: "&", ast.BitOr: "|", ast.BitXor: "^", ast.LShift: "<<", ast.RShift: ">>",
            ast.MatMult: "@", ast.Invert: "~"}
REFUSED = {
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
