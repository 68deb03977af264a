"""What values cost, known before the work: going through a value, writing it, comparing and
ordering lists as Python would, each comparison charged as it is made. Each takes a budget, a
list whose first element is the steps left (an evaluation's frame)."""

from __future__ import annotations

import operator
from collections.abc import Mapping  # isinstance() through typing's alias is several times slower
from typing import Any, Callable, Collection

from .format import format_value
from .limits import MAX_STEPS, MISSING, PLAIN, too_long


def measure(value: Any, budget: list, leaf: Callable[[Any], int], step: int = 1,
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
        if type(v) in PLAIN or not isinstance(v, through):
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
                raise too_long(None)
        known[id(v)] = total
        return total
    spent = size(value)
    if spent > limit:
        budget[0] = -1
        raise too_long(None)
    budget[0] -= spent


def one(value: Any) -> int:
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
        return len(format_value(value)) + room
    return size


_WRITTEN = _text_size()


def _flat_size(value: Any, room: int) -> int:
    """What measure(value, ..., _text_size(room), 2) charges, for a list of numbers, texts,
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


def written_size(value: Any, budget: list, room: int = 0) -> None:
    """Charge budget[0] the characters `value` is written in (at most), before it is written."""
    size = _flat_size(value, room)
    if size < 0:
        measure(value, budget, _text_size(room) if room else _WRITTEN, 2)
    elif size > budget[0]:
        budget[0] = -1
        raise too_long(None)
    else:
        budget[0] -= size


def writable(value: Any, budget: list | None, room: int = 0, more: int = 0) -> None:
    """Refuse to write `value` (with a spec's `room`, and `more` characters) when its text
    would be longer than the steps left: the text is charged once made, as a result."""
    left = [(MAX_STEPS if budget is None else budget[0]) - more]
    if left[0] < 0:
        raise too_long(None)
    if type(value) not in PLAIN:
        written_size(value, left, room)


def _same(a: Any, b: Any, budget: list, known: dict) -> bool:
    """a == b, worked out as Python works it out: lists (or mappings) element by element until
    two differ, an element compared charged one step. A pair of lists met again is charged
    again, as Python would compare it again, but compared once (`known`); a pair met inside
    itself recurses without end, into RecursionError, as Python's comparing would."""
    kind = type(a)
    if kind in PLAIN or type(b) in PLAIN:
        return a == b
    pair = (id(a), id(b))
    found = known.get(pair)
    if found is not None:
        budget[0] -= found[1]
        if budget[0] < 0:
            raise too_long(None)
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
            look = (lambda key: dict.get(b, key, MISSING)) if isinstance(b, dict) else (lambda key: b.get(key, MISSING))
            for key, x in a.items():
                budget[0] -= 1
                y = look(key)
                if y is MISSING or x is not y and not _same(x, y, budget, known):
                    equal = False
                    break
    else:
        return a == b  # (two kinds Python tells apart at once: a list and a tuple)
    budget[0] -= 1
    if budget[0] < 0:
        raise too_long(None)
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
        raise too_long(None)
    return compare(len(a), len(b))


def compared(compare: Callable, a: Any, b: Any, budget: list, known: dict | None = None) -> Any:
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
    """A sort key for values among which are lists: compares them with compared."""

    __slots__ = ("value", "budget", "known")

    def __init__(self, value: Any, budget: list, known: dict) -> None:
        self.value, self.budget, self.known = value, budget, known

    def __lt__(self, other: "_Ordered") -> Any:
        return compared(operator.lt, self.value, other.value, self.budget, self.known)

    def __gt__(self, other: "_Ordered") -> Any:
        return compared(operator.gt, self.value, other.value, self.budget, self.known)


def ordering(values: Collection[Any], budget: list | None) -> Callable | None:
    """The key that orders `values` (sorted, min, max) charging `budget`, or None when every
    one is a number, text, true/false or none (Python compares those at once)."""
    if PLAIN.issuperset(map(type, values)):
        return None
    budget = [MAX_STEPS] if budget is None else budget
    known: dict = {}
    return lambda value: _Ordered(value, budget, known)


def hashable(key: Any, budget: list) -> None:
    """Charge what hashing `key` costs: a tuple's elements, nested tuples each time reached."""
    if type(key) is tuple:
        measure(key, budget, one, 1, (tuple,))


def members(a: Any, b: list | tuple, budget: list) -> bool:
    """a in b, for a that is not a number, text, true/false or none: compared as Python would
    (identical first), each comparison charged as it is made."""
    known: dict = {}
    for element in b:
        if element is a or _same(element, a, budget, known):
            return True
    return False
