"""A unique check: no two items or groups sharing a value."""

from __future__ import annotations

from typing import Any

from .base import WITHIN, CheckKind, Loading, Runner, extend, field_values, raw


def load(loading: Loading) -> bool:
    loading.fields_named()
    return True


def _unique(r: Runner) -> None:
    name = r.check.spec["unique"]
    within = r.check.spec.get("within")
    first: dict[Any, Any] = {}
    for record, env in r.selected():
        # (a check over groups, within a group: each group is its own, as `references` has it)
        scope = id(record if r.groups else record.group) if within == "group" else None
        for path, value in field_values(record, name):
            if value is None:
                continue
            key = (scope, raw(value) if not isinstance(value, list) else repr(value))
            if key in first:
                earlier, earlier_path = first[key]
                env = extend(env, value=raw(value), first=r.views.group(earlier) if r.groups else
                           r.views.item(earlier), first_at=str(r.locate(earlier, *earlier_path)),
                           first_file=earlier.origin.file)
                r.say(r.at(record, path), env, record)
            else:
                first[key] = (record, path)


KIND = CheckKind(
    name="unique",
    doc="No two items (or groups) share a value of the field; with `within: group`, no two of one group. The "
        "message can use `value`, `first` (the item that has it first) and `first_at` (where).",
    example='{id: duplicate-rank, for: cards, unique: rank, within: group, message: "card \'{id}\' has rank '
            '{value}, already used by \'{first.id}\'"}',
    options=("within",),
    names=frozenset({"first", "first_at", "first_file", "value"}),
    schema={
        "unique": {"type": "string", "minLength": 1},
        "within": WITHIN,
    },
    load=load,
    run=_unique,
)
