"""A sum check: the sum of an expression over the items."""

from __future__ import annotations

from .base import LIMIT, CheckKind, Loading, Runner, extend, limits_of, missed, out_of, set_place


def load(loading: Loading) -> bool:
    loading.parsed["sum"] = loading.expression("sum", loading.value)
    return True


def _sum(r: Runner) -> None:
    if not r.game.complete:
        return
    total = 0
    for record, env in r.selected():
        value = r.evaluate(r.check.parsed["sum"], env, record)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            total += value
    env = r.env()
    limits = limits_of(r, env)
    if out_of(total, limits):
        r.say(set_place(r, limits), extend(env, total=total, expected=missed(total, limits)))


KIND = CheckKind(
    name="sum",
    doc="The sum of an expression over the items is `equals`, or at least `min` and at most `max`; the message can "
        "use `total` and `expected` (the limit it misses).",
    example='{id: coin-supply, for: coins, sum: "value * count", min: 150, message: "the coins make {total}"}',
    options=("equals", "min", "max"),
    names=frozenset({"expected", "total"}),
    schema={
        "sum": {"type": "string", "minLength": 1},
        "equals": LIMIT,
        "min": LIMIT,
        "max": LIMIT,
    },
    load=load,
    run=_sum,
)
