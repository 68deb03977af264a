"""A change-making check: money that makes every amount."""

from __future__ import annotations

from typing import Mapping

from .base import CheckKind, Loading, Runner, extend, items_place

MAX_CHANGE_TOTAL = 1_000_000  # the largest stock worked out


def load(loading: Loading) -> bool:
    value = loading.value
    if not isinstance(value, Mapping) or set(value) != {"value", "count"}:
        loading.say(loading.where("change-making"), "change-making needs {value: EXPRESSION, count: EXPRESSION}")
        return False
    loading.parsed["value"] = loading.expression("change-making", value["value"], ("value",))
    loading.parsed["count"] = loading.expression("change-making", value["count"], ("count",))
    return True


def unreachable_amount(pieces: list[tuple[int, int]]) -> int | None:
    """The smallest amount from 1 up to the whole stock that no set of the pieces (value,
    count) adds up to."""
    total = sum(v * c for v, c in pieces)
    reachable = 1  # bit i set: amount i can be paid exactly
    for value, count in pieces:
        for _ in range(max(count, 0)):
            reachable |= reachable << value
    for amount in range(1, total + 1):
        if not reachable >> amount & 1:
            return amount
    return None


def _change_making(r: Runner) -> None:
    if not r.game.complete:
        return
    pieces = []
    for record, env in r.selected():
        value = r.evaluate(r.check.parsed["value"], env, record)
        count = r.evaluate(r.check.parsed["count"], env, record)
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in (value, count)):
            return  # reported by the types of the fields
        if value > 0 and count > 0:
            pieces.append((value, count))
    total = sum(v * c for v, c in pieces)
    where = items_place(r) or r.check.declared
    if total > MAX_CHANGE_TOTAL:
        r.report(where, f"check '{r.check.info.id}': the stock is worth {total:,}, more than pnp checks "
                        f"({MAX_CHANGE_TOTAL:,})", error=True)
        return
    missing = unreachable_amount(pieces)
    if missing is not None:
        r.say(where, extend(r.env(), amount=missing, total=total))


KIND = CheckKind(
    name="change-making",
    doc="Every amount from 1 up to the whole stock can be paid exactly with the items: `value` and `count` are "
        "expressions; the message can use `amount`.",
    example='{id: money-change, for: money, where: "value != none", change-making: {value: value, count: count}, '
            'message: "no set of notes makes {amount}"}',
    names=frozenset({"amount", "total"}),
    schema={
        "change-making": {
            "type": "object",
            "additionalProperties": False,
            "required": ["value", "count"],
            "properties": {"value": {"type": "string"}, "count": {"type": "string"}},
        },
    },
    load=load,
    run=_change_making,
)
