"""pnp.expr.costs: what going through, writing, comparing and ordering values costs, charged to a
budget (a list whose first element is the steps left) before the work, as Python would do it."""

from __future__ import annotations

import operator
from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import Any

import pytest

from pnp.expr.costs import (_flat_size, _Ordered, _order, _same, _text_size, compared, hashable, measure, members,
                            one, ordering, writable, written_size)
from pnp.expr.limits import MAX_STEPS, ExpressionError

TOO_LONG = "the expression takes too long (more than 1,000,000 steps)"


class Thing:
    def __str__(self) -> str:
        return "a thing"


def charged(work: Any, *args: Any, steps: int = 1000, **options: Any) -> int:
    """The steps `work(*args, budget)` charges a budget of `steps`."""
    budget = [steps]
    work(*args, budget, **options)
    return steps - budget[0]


def refused(work: Any, *args: Any, steps: int, **options: Any) -> list:
    """The budget `work(*args, budget)` leaves when it refuses, with too_long at no offset."""
    budget = [steps]
    with pytest.raises(ExpressionError) as caught:
        work(*args, budget, **options)
    assert (caught.value.message, caught.value.offset) == (TOO_LONG, None)
    return budget


# --- measure --------------------------------------------------------------------------------

def test_one() -> None:
    assert one(None) == 1 and one([1, 2]) == 1


def measured(value: Any, **options: Any) -> int:
    budget = [1000]
    measure(value, budget, options.pop("leaf", one), **options)
    return 1000 - budget[0]


@pytest.mark.parametrize(("value", "steps"), [
    (5, 1), ("abc", 1), (None, 1), ([], 0), ([1, 2, 3], 6), ((1, "a"), 4), ([[1], [2, 3]], 2 + 2 + 4),
    ({"a": 1}, 4), ({"a": [1, 2]}, 2 + 1 + 4), (MappingProxyType({"a": 1, "b": 2}), 8), ({}, 0), (Thing(), 1),
])
def test_measure(value: Any, steps: int) -> None:
    assert measured(value) == steps


def test_measure_with_a_step_a_leaf_and_the_containers_it_goes_through() -> None:
    assert measured([1, 2], step=2) == 6
    assert measured({"a": 1}, step=3) == 8  # its key and its value
    assert measured(["ab", "c"], leaf=len) == 5
    assert measured(([1, 2],), through=(tuple,)) == 2  # the list a leaf
    assert measured({"a": 1}, through=(list,)) == 1
    assert measured(({"a": 1},), through=(tuple,)) == 2


def test_measure_counts_a_container_each_time_it_is_reached_and_goes_through_it_once() -> None:
    reached = []

    def leaf(value: Any) -> int:
        reached.append(value)
        return 1
    inner = [1, 2]
    assert measured([inner, inner, [inner]], leaf=leaf) == 3 + 4 + 4 + (1 + 4)
    assert reached == [1, 2]


def test_measure_refuses_as_soon_as_the_count_passes_what_is_left() -> None:
    reached = []

    def leaf(value: Any) -> int:
        reached.append(value)
        return 1
    assert refused(measure, [1] * 10, steps=10, leaf=leaf) == [-1]
    assert len(reached) == 1  # 10 for the list and 1 for its first element
    assert charged(measure, [1] * 10, steps=20, leaf=one) == 20  # exactly what is left
    assert refused(measure, [1] * 10, steps=19, leaf=one) == [-1]
    assert refused(measure, 5, steps=0, leaf=one) == [-1]  # a leaf alone
    assert charged(measure, 5, steps=1, leaf=one) == 1
    assert refused(measure, [[1] * 3], steps=6, leaf=one) == [-1]  # inside a list inside
    assert charged(measure, [[1] * 3], steps=7, leaf=one) == 7


# --- what writing costs ---------------------------------------------------------------------

@pytest.mark.parametrize(("value", "room", "size"), [
    ("abc", 0, 3), ("abc", 4, 7), ("", 0, 0), (0, 0, 2), (255, 0, 6), (-255, 0, 6), (256, 0, 6), (2 ** 20, 1, 13),
    (1.5, 0, 24), (1e300, 0, 24), (1.5, 3, 27), (9e15, 3, 27), (-9e15, 3, 27), (1e16, 3, 443), (-1e17, 3, 443),
    (None, 0, 5), (None, 2, 7), (True, 0, 5), (False, 1, 6), (Thing(), 0, 7), (Thing(), 2, 9),
])
def test_text_size(value: Any, room: int, size: int) -> None:
    assert _text_size(room)(value) == size


def test_text_size_has_no_room_unless_told() -> None:
    assert _text_size()("abc") == 3 and _text_size()(None) == 5


@pytest.mark.parametrize(("value", "room", "size"), [
    ([], 0, 0), ((), 3, 0), (["ab", 255, 1.5, None, True], 0, 10 + 2 + 6 + 24 + 5 + 5),
    (["ab", 255, 1.5, None, True], 3, 25 + 2 + 6 + 24 + 5 + 5), ((1e16,), 3, 445), ((-1e16,), 0, 26),
    ([9e15], 3, 29), ([False], 1, 8), ([0, -1], 0, 8),
    ("ab", 0, -1), ({"a": 1}, 0, -1), (5, 0, -1), ([[1]], 0, -1), ([1, Thing()], 0, -1), ([1, (2,)], 0, -1),
])
def test_flat_size(value: Any, room: int, size: int) -> None:
    assert _flat_size(value, room) == size


@pytest.mark.parametrize("room", [0, 3])
@pytest.mark.parametrize("value", [["ab", 255, 1.5, None, True], (1e16, -3), [], [0]])
def test_flat_size_is_what_measure_charges(value: Any, room: int) -> None:
    budget = [10_000]
    measure(value, budget, _text_size(room), 2)
    assert _flat_size(value, room) == 10_000 - budget[0]


@pytest.mark.parametrize(("value", "room", "size"), [
    (["ab", 255, 1.5, None, True], 0, 52), (["ab", 255, 1.5, None, True], 3, 67),
    ([[1]], 0, 6), ([[1]], 3, 9), ({"a": "bc"}, 0, 7), ({"a": "bc"}, 2, 11), ("abc", 0, 3), ([Thing()], 1, 10),
])
def test_written_size(value: Any, room: int, size: int) -> None:
    assert charged(written_size, value, steps=size, room=room) == size
    assert refused(written_size, value, steps=size - 1, room=room) == [-1]


def test_written_size_has_no_room_unless_told() -> None:
    assert charged(written_size, [[1]]) == 6
    assert charged(written_size, ["ab"]) == 4


def test_writable_refuses_a_text_longer_than_the_steps_left_charging_none() -> None:
    budget = [5]
    writable(["abc"], budget)
    assert budget == [5]  # (charged once made, as a result)
    refused(writable, ["abc"], steps=4)
    writable(["abc"], [8], room=3)
    refused(writable, ["abc"], steps=7, room=3)
    writable(["abc"], [8], more=3)
    refused(writable, ["abc"], steps=7, more=3)
    writable([["abc"]], [7])
    refused(writable, [["abc"]], steps=6)
    writable("a" * 10, [5])  # a text is as long as it is
    writable(10 ** 100, [5])
    writable("a", [5], more=5)
    refused(writable, "a", steps=5, more=6)


def test_writable_without_a_budget_has_max_steps() -> None:
    writable(["a" * (MAX_STEPS - 2)], None)
    writable(["a" * 10], None, more=MAX_STEPS - 12)
    for value, more in ((["a" * (MAX_STEPS - 1)], 0), (["a" * 10], MAX_STEPS - 11), ("a", MAX_STEPS + 1)):
        with pytest.raises(ExpressionError) as caught:
            writable(value, None, more=more)
        assert (caught.value.message, caught.value.offset) == (TOO_LONG, None)


# --- comparing ----------------------------------------------------------------------------

def same(a: Any, b: Any, steps: int = 100, known: dict | None = None) -> tuple[bool, int]:
    """a == b as _same works it out, and the steps it charges."""
    budget = [steps]
    return _same(a, b, budget, {} if known is None else known), steps - budget[0]


@pytest.mark.parametrize(("a", "b", "equal", "steps"), [
    (1, 1.0, True, 0), ("a", "b", False, 0), (1, [1], False, 0), ([1], 1, False, 0), ([1], None, False, 0),
    ([1, 2], [1, 2], True, 3), ((1, 2), (1, 2), True, 3), ([1], [1, 2], False, 1), ([1, 2], [3, 2], False, 2),
    ([1, 2], [1, 3], False, 3), ([[1], [2]], [[1], [2]], True, 7), ([[1], [2]], [[1], [3]], False, 7),
    ([1], (1,), False, 0), ((1,), [1], False, 0), ([], [], True, 1), ([1.0], [1], True, 2),
    ({"a": 1}, {"a": 1}, True, 2), ({"a": 1}, {"b": 1}, False, 2), ({"a": None}, {"b": None}, False, 2),
    ({"a": 1}, {"a": 1, "b": 2}, False, 1), ({"a": [1]}, {"a": [1]}, True, 4), ({"a": [1]}, {"a": [2]}, False, 4),
    ({"a": None}, MappingProxyType({"b": None}), False, 2), ({"a": 1}, MappingProxyType({"a": 1}), True, 2),
    (MappingProxyType({"a": [1]}), {"a": [1]}, True, 4), ({"a": 1}, [1], False, 0), ([("a", 1)], [{"a": 1}], False, 2),
])
def test_same(a: Any, b: Any, equal: bool, steps: int) -> None:
    assert same(a, b) == (equal, steps)


def test_same_skips_identical_elements() -> None:
    inner = [1, 2, 3]
    assert same([inner], [inner]) == (True, 2)
    assert same({"a": inner}, {"a": inner}) == (True, 2)


def test_same_charges_a_pair_met_again_compared_once() -> None:
    a, b = [1, 2], [1, 2]
    known: dict = {}
    assert same([a, a], [b, b], known=known) == (True, 2 + 3 + 3 + 1)
    assert known[(id(a), id(b))] == (True, 3)
    c = [1, 3]
    assert same([a, a], [c, c]) == (False, 1 + 3 + 1)
    assert same((a, [a]), (b, [b])) == (True, 2 + 3 + (1 + 3 + 1) + 1)


def test_same_refuses_past_the_budget() -> None:
    a, b = [1, 2], [1, 2]
    assert refused(_same, [a, a], [b, b], steps=8, known={})[0] < 0
    assert same([a, a], [b, b], steps=9) == (True, 9)
    assert refused(_same, [1, 2], [1, 2], steps=2, known={}) == [-1]
    assert same([1, 2], [1, 2], steps=3) == (True, 3)
    assert refused(_same, {"a": 1}, {"a": 1}, steps=1, known={}) == [-1]


def ordered(compare: Any, a: Any, b: Any, steps: int = 100) -> tuple[bool, int]:
    budget = [steps]
    return _order(a, b, compare, budget, {}), steps - budget[0]


@pytest.mark.parametrize(("compare", "a", "b", "result", "steps"), [
    (operator.lt, [1, 2], [1, 3], True, 2), (operator.gt, [1, 2], [1, 3], False, 2),
    (operator.lt, [1, 2], [1, 2, 0], True, 3), (operator.ge, [1, 2], [1, 2, 0], False, 3),
    (operator.le, [1, 2], [1, 2], True, 3), (operator.lt, [1, 2], [1, 2], False, 3), (operator.gt, [], [], False, 1),
    (operator.lt, [[1, 2]], [[1, 3]], True, 1 + 3 + 2), (operator.gt, [[1, 2], 5], [[1, 2], 4], True, 1 + 3 + 1),
    (operator.lt, [(1, 2)], [(0, 5)], False, 1 + 2 + 1), (operator.gt, ["b"], ["a", "z"], True, 1),
    (operator.lt, [1.5], [1.5], False, 2),
])
def test_order(compare: Any, a: Any, b: Any, result: bool, steps: int) -> None:
    assert ordered(compare, a, b) == (result, steps)


def test_order_refuses() -> None:
    with pytest.raises(TypeError):
        ordered(operator.lt, [(1,)], [[1]])
    with pytest.raises(TypeError):
        ordered(operator.lt, [1], ["a"])
    assert refused(_order, [1], [1], operator.lt, steps=1, known={}) == [-1]
    assert ordered(operator.lt, [1], [1], steps=2) == (False, 2)


@pytest.mark.parametrize(("compare", "a", "b", "result", "steps"), [
    (operator.eq, [1], [1], True, 2), (operator.ne, [1], [1], False, 2), (operator.eq, [1], [2], False, 2),
    (operator.ne, [1], [2], True, 2), (operator.eq, {"a": 1}, {"a": 1}, True, 2), (operator.ne, [1], (1,), True, 0),
    (operator.lt, [1], [2], True, 1), (operator.ge, (1, 2), (1, 1), True, 2), (operator.lt, (1,), (1, 0), True, 2),
    (operator.eq, Thing(), 1, False, 0),
])
def test_compared(compare: Any, a: Any, b: Any, result: bool, steps: int) -> None:
    budget = [100]
    assert compared(compare, a, b, budget) is result
    assert budget == [100 - steps]


def test_compared_refuses_what_python_cannot_order() -> None:
    for a, b in (([1], (1,)), ({"a": 1}, {"a": 1}), ([1], 1)):
        with pytest.raises(TypeError):
            compared(operator.lt, a, b, [100])


def test_compared_shares_what_it_knows() -> None:
    a, b = [1], [1]
    known: dict = {}
    budget = [100]
    assert compared(operator.eq, a, b, budget, known) is True
    assert known == {(id(a), id(b)): (True, 2)}
    assert compared(operator.le, [a], [b], budget, known) is True
    assert budget == [100 - 2 - (1 + 2 + 1)]


def test_ordering_keys() -> None:
    assert ordering([1, "a", 2.5, None, True], [10]) is None
    assert ordering([], None) is None
    budget = [100]
    key = ordering([[1]], budget)
    assert key is not None
    assert (key([1, 2]) < key([1, 3])) is True
    assert (key([1, 2]) > key([1, 3])) is False
    assert (key([2]) > key([1, 3])) is True
    assert budget == [100 - 2 - 2 - 1]
    assert sorted([[2], [1, 5], [1]], key=ordering([[2]], budget)) == [[1], [1, 5], [2]]
    first = key([1])
    assert isinstance(first, _Ordered) and first.value == [1] and first.budget is budget
    assert key([2]).known is first.known


def test_ordering_without_a_budget_has_max_steps() -> None:
    key = ordering([[1]], None)
    assert key is not None
    zeros = [0] * (MAX_STEPS - 1)
    assert (key(zeros) < key(zeros + [1])) is True
    key = ordering([[1]], None)
    with pytest.raises(ExpressionError) as caught:
        assert key(zeros + [0]) < key(zeros + [0, 1])
    assert caught.value.message == TOO_LONG


@pytest.mark.parametrize(("key", "steps"), [
    ((1, 2), 4), (((1,), [1, 2]), 2 + 2 + 1), ((), 0), (((1, 2), (1, 2)), 2 + 4 + 4), ([1, 2], 0), ("ab", 0), (5, 0),
    ({"a": 1}, 0),
])
def test_hashable(key: Any, steps: int) -> None:
    assert charged(hashable, key) == steps


def test_hashable_refuses() -> None:
    assert refused(hashable, (1, 2), steps=3) == [-1]
    assert charged(hashable, (1, 2), steps=4) == 4


def test_members() -> None:
    assert members_charged([1], [[0], [1]]) == (True, 4)
    assert members_charged([1], [[0], [2]]) == (False, 4)
    inner = [1]
    assert members_charged(inner, [[0], inner, [1, 2]]) == (True, 2)  # identical: not compared
    assert members_charged([1], []) == (False, 0)
    c = [1, 3]
    assert members_charged([1, 2], [c, c]) == (False, 6)  # a pair met again charged again
    assert members_charged({"a": 1}, [{"a": 2}, {"a": 1}]) == (True, 4)
    assert members_charged([1], ((1,), [1])) == (True, 2)
    assert refused(members, [1], [[0], [1]], steps=3)[0] < 0


def members_charged(a: Any, b: list | tuple) -> tuple[bool, int]:
    budget = [100]
    return members(a, b, budget), 100 - budget[0]


class Counted(Mapping):
    """A mapping that counts how often a value is looked up in it."""

    def __init__(self, values: dict) -> None:
        self.values, self.looked = values, 0

    def __getitem__(self, key: Any) -> Any:
        self.looked += 1
        return self.values[key]

    def __iter__(self) -> Iterator:
        return iter(self.values)

    def __len__(self) -> int:
        return len(self.values)


class Loud(dict):
    """A dict whose own get is not to be called."""

    def get(self, key: Any, default: Any = None) -> Any:
        raise AssertionError("a dict's own get")


def test_a_pair_met_again_is_compared_once() -> None:
    a, b = {"k": 1}, Counted({"k": 1})
    assert same([a, a, [a]], [b, b, [b]]) == (True, 3 + 2 + 2 + (1 + 2 + 1) + 1)
    assert b.looked == 1


def test_a_dict_is_read_as_a_dict() -> None:
    assert same({"a": [1]}, Loud({"a": [1]})) == (True, 4)
    assert same({"a": 1}, Loud({"b": 1})) == (False, 2)


def test_order_within_order_shares_what_it_knows() -> None:
    assert ordered(operator.lt, [[[1], 2]], [[[1], 3]]) == (True, 1 + (1 + 2 + 1 + 1) + (1 + 2 + 1))
    b = Counted({"k": 1})
    assert ordered(operator.lt, [[{"k": 1}, 2]], [[b, 3]]) == (True, 1 + (1 + 2 + 1 + 1) + (1 + 2 + 1))
    assert b.looked == 1


def test_compared_compares_anything_else_as_python_does() -> None:
    budget = [100]
    assert compared(operator.lt, frozenset({1}), frozenset({1, 2}), budget) is True
    assert compared(operator.ge, frozenset({1}), frozenset({1, 2}), budget) is False
    assert budget == [100]


def test_ordering_keys_share_what_they_know() -> None:
    m, b = {"k": 1}, Counted({"k": 1})
    budget = [100]
    key = ordering([[m]], budget)
    assert key is not None
    low, high = key([m, 1]), key([b, 2])
    assert (low < high) is True and (low > high) is False and (low < high) is True
    assert b.looked == 1
    assert budget == [100 - 3 * (1 + 2 + 1)]
