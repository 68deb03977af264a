"""What an expression may spend, and how it says it cannot: the limits, ExpressionError and
its commonest messages, the kinds of values the language has, and the total budget all
evaluations share between two new_budget()."""

from __future__ import annotations

import math
from collections.abc import Mapping  # isinstance() through typing's alias is several times slower
from typing import Any

MAX_STEPS = 1_000_000
MAX_BITS = 4096
MAX_LENGTH = 100_000
MAX_EXPONENT = 1000
MAX_DEPTH = 200
MAX_FORMAT_WIDTH = 1000
MAX_SOURCE = 10_000  # characters of one expression (a template's each part)
MAX_TOTAL_STEPS = 200_000_000  # the steps of all evaluations between two new_budget(): a validation and its build

_BIG = 1 << MAX_BITS
MISSING: Any = object()
SEQUENCES = (list, tuple)
PLAIN = frozenset((str, int, float, bool, type(None)))  # values whose comparing and writing cost nothing to speak of
GROWN = frozenset((str, list, tuple))  # what + and * make longer


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


def kind_of(value: Any) -> str:
    """The name designers know a value's type by."""
    if value is None:
        return "none"
    if value is True or value is False:
        return "true/false"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, SEQUENCES):
        return "list"
    if isinstance(value, Mapping):
        return "mapping"
    return type(value).__name__


def not_a_list(source: str, value: Any) -> str:
    """What to say of an expression that gives a value where a list is wanted: its kind as
    designers know it, and the list it holds as `items`, when it does (`sets.actions` is a set,
    `sets.actions.items` its items)."""
    kind = kind_of(value)
    said = kind if kind in ("none", "true/false") else f"a {kind}"
    hint = f" (did you mean {source.strip()}.items?)" \
        if isinstance(value, Mapping) and isinstance(value.get("items"), SEQUENCES) else ""
    return f"{source} gives {said}, not a list{hint}"


def too_long(offset: int | None) -> ExpressionError:
    return ExpressionError(f"the expression takes too long (more than {MAX_STEPS:,} steps)", offset)


def too_large(offset: int | None = None) -> ExpressionError:
    return ExpressionError("a number too large", offset)


def checked(value: Any, offset: int | None) -> Any:
    """`value`, unless it is a number out of bounds."""
    kind = type(value)
    if kind is int:
        if not -_BIG < value < _BIG:
            raise too_large(offset)
    elif kind is float and not math.isfinite(value):
        raise too_large(offset)
    return value


def spend(frame: list, steps: int, offset: int | None) -> None:
    frame[0] -= steps
    if frame[0] < 0:
        raise too_long(offset)


# --- the total budget ---------------------------------------------------------------------

total = [MAX_TOTAL_STEPS, MAX_TOTAL_STEPS]  # the steps every evaluation has left, and the total they are of


def new_budget(steps: int | None = None) -> None:
    """Give the evaluations from now on `steps` in all (MAX_TOTAL_STEPS unless given; each
    validation starts one, see pnp.checks.validate), however cheap each is: once they are spent, each
    evaluation is refused, as an ExpressionError where it is written. Each evaluation still has
    its own MAX_STEPS."""
    steps = MAX_TOTAL_STEPS if steps is None else steps
    total[:] = [steps, steps]


def steps_spent() -> int:
    """The steps the evaluations have spent since the last new_budget()."""
    return total[1] - total[0]


def too_long_in_all(offset: int | None) -> ExpressionError:
    return ExpressionError(f"the game's expressions take too long altogether (more than {total[1]:,} steps)", offset)
