"""A references check: values that name an item, or a value of another field."""

from __future__ import annotations

from typing import Any, Callable

from .base import WITHIN, CheckKind, Loading, Runner, extend, field_values


def load(loading: Loading) -> bool:
    loading.fields_named()
    value, spec = loading.value, loading.spec
    to = spec.get("to")
    if to is None:
        f = loading.declared().get(value)
        to = f.to if f is not None and f.type == "ref" else (f.of.to if f and f.of and f.of.type == "ref" else None)
        if to is None and not loading.failed:
            loading.say(loading.where("references"), f"say what {value} refers to with `to:` (a set, or set.field)")
            return False
    if to is not None and to.split(".")[0] in loading.unloaded:
        return False
    where = loading.where("to") if "to" in spec else loading.where("references")
    if to is not None and to.split(".")[0] not in loading.sets:
        loading.say(where, f"'{to}' is not a set")
        return False
    set_name, _, field_name = (to or "").partition(".")
    named = loading.sets[set_name].fields.get(field_name) if field_name else None
    if field_name and named is None:
        loading.say(where, f"'{to}': {set_name} has no field '{field_name}'")
        return False
    if named is not None and named.type in ("list", "set", "record"):  # (a value names one thing)
        loading.say(where, f"'{to}': {field_name} is a {named.type} field, not one value to name")
        return False
    loading.parsed["to"] = to
    loading.reads_sets = True
    return True


def _targets(r: Runner) -> Callable[[Any], tuple[list, set]]:
    """What a record may name: the values of the check's `to` field over the target set (or,
    within a group, over its items in the record's group), worked out once per group."""
    to = r.check.parsed["to"]
    set_name, _, field_name = to.partition(".")
    target = r.game.sets[set_name]
    within = r.check.spec.get("within") == "group"
    pools: dict[Any, list] = {}
    for item in target.items:
        if not within:
            pools.setdefault(None, []).append(item)
        elif item.group is not None:
            pools.setdefault(item.group.id, []).append(item)
    found: dict[Any, tuple[list, set]] = {}

    def of(record: Any) -> tuple[list, set]:
        if within:
            group = record if r.groups else record.group
            key = group.id if group is not None else object()  # no group: nothing to name
        else:
            key = None
        if key not in found:
            values = [v for v in (i.fields.get(field_name or "id") for i in pools.get(key, ())) if v is not None]
            found[key] = values, set(values)
        return found[key]

    return of


def _references(r: Runner) -> None:
    if not r.game.complete:
        return  # a file did not load: its items are missing for a reason already reported
    name = r.check.spec["references"]
    targets_of = _targets(r)
    for record, env in r.selected():
        targets, known = targets_of(record)
        for path, value in field_values(record, name):
            if value is not None and value not in known:
                shown = sorted(set(targets), key=lambda v: (str(type(v)), v))
                r.say(r.locate(record, *path), extend(env, value=value, index=path[-1] if len(path) > 1 else 0,
                                                    targets=shown), record)


def _refers(check) -> tuple[str, str, bool]:
    return check.spec["references"], check.parsed["to"], check.spec.get("within") == "group"


KIND = CheckKind(
    name="references",
    doc="Every value of the field (or of each element of a list field) names an existing item (`to: board`) or a "
        "value of another field (`to: cards.rank`), `within: group` if given; the message can use `value`, `index` "
        "and `targets` (the values it may take).",
    example='{id: unknown-rank, for: cards, references: needs, to: cards.rank, within: group, message: "card '
            '\'{id}\' needs {value}, a rank no card of {group.name} has"}',
    options=("to", "within"),
    names=frozenset({"index", "targets", "value"}),
    schema={
        "references": {"type": "string", "minLength": 1},
        "to": {"type": "string", "minLength": 1},
        "within": WITHIN,
    },
    load=load,
    run=_references,
    refers=_refers,
)
