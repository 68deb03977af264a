"""A count check: how many items or groups, or an expression's value."""

from __future__ import annotations

from .base import LIMIT, CheckKind, Loading, Runner, extend, limits_of, missed, out_of, set_place


def load(loading: Loading) -> bool:
    if loading.value not in ("items", "groups"):
        loading.parsed["count"] = loading.expression("count", loading.value)
    return True


def _count(r: Runner) -> None:
    if not r.game.complete:
        return
    what = r.check.spec["count"]
    env = r.env()
    if what == "items":
        found = len(r.component.items)
    elif what == "groups":
        found = len(r.component.groups)
    else:
        found = r.evaluate(r.check.parsed["count"], env)
        if found is None:
            return
    limits = limits_of(r, env)
    if out_of(found, limits):
        r.say(set_place(r, limits), extend(env, found=found, expected=missed(found, limits)))


KIND = CheckKind(
    name="count",
    doc="The number of items (`count: items`), groups (`count: groups`) or an expression's value is `equals`, or "
        "at least `min` and at most `max`; the message can use `found` and `expected` (the limit it misses).",
    example='{id: deck-count, for: cards, count: items, equals: 126, message: "the deck has {found} cards"}',
    options=("equals", "min", "max"),
    names=frozenset({"expected", "found"}),
    schema={
        "count": {"type": "string", "minLength": 1},
        "equals": LIMIT,
        "min": LIMIT,
        "max": LIMIT,
    },
    needs_set=lambda value: value in ("items", "groups"),
    load=load,
    run=_count,
)
