"""A require check: an expression that holds for every item or group."""

from __future__ import annotations

from .base import CheckKind, Loading, Runner, Skip, extend


def load(loading: Loading) -> bool:
    loading.parsed["require"] = loading.expression("require", loading.value)
    if "each" in loading.spec:  # a list field of the record (each element located in the data), or an expression
        each = loading.spec["each"]
        loading.parsed["each"] = each if each in loading.declared() else loading.expression("each", each)
    return True


def _require(r: Runner) -> None:
    test = r.check.parsed["require"]
    each = r.check.parsed.get("each")
    if r.component is None and r.check.target is None:  # no for: the game as a whole, once
        env = r.env()
        try:
            failed = not r.evaluate(test, env)
        except Skip:
            return
        if failed:
            r.say(r.check.declared, env)
        return
    for record, env in r.selected():
        if each is None:
            try:
                failed = not r.evaluate(test, env, record)
            except Skip:
                continue
            if failed:
                r.say(r.at(record, ("id",) if "id" in record.fields or r.groups else ()), env, record)
            continue
        if isinstance(each, str):
            values = r.views.group(record)[each] if r.groups else r.views.item(record)[each]
        else:
            try:
                values = r.evaluate(each, env, record)
            except Skip:
                continue
        for i, value in enumerate(values or []):
            inner = extend(env, value=value, index=i)
            try:
                failed = not r.evaluate(test, inner, record)
            except Skip:
                continue
            if failed:
                r.say(r.locate(record, each, i) if isinstance(each, str) else
                      r.at(record, ("id",) if "id" in record.fields or r.groups else ()), inner, record)


KIND = CheckKind(
    name="require",
    doc="An expression holds for every item (or group) where `where` holds; with `each:` a list field (or an "
        "expression giving a list), for every element, as `value` at `index`.",
    example='{id: rank-without-star, for: cards, where: "rank != none", require: "stars >= 1", at: rank, message: '
            '"card \'{id}\' has a rank but no star"}',
    options=("each",),
    names=frozenset({"index", "value"}),
    schema={
        "require": {"type": "string", "minLength": 1},
        "each": {"type": "string", "minLength": 1},
    },
    needs_set=lambda value: False,
    load=load,
    run=_require,
)
