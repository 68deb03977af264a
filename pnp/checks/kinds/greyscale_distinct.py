"""A greyscale-distinct check: colours that stay apart printed in greys."""

from __future__ import annotations

import re
from typing import Any

from ...problems import Location
from .base import LIMIT, CheckKind, Loading, Runner, Skip, extend, limits_of

_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


def _sources(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


def load(loading: Loading) -> bool:
    value = loading.value
    declared = loading.declared()
    parsed = []
    for j, source in enumerate(_sources(value)):
        sub = (j,) if isinstance(value, list) else ()
        name = source.strip()  # (a string: the schema says so)
        if name in declared and declared[name].type != "colour":  # a field named alone must be a colour
            loading.say(loading.doc.locate(loading.path + (loading.kind,) + sub),
                        f"{loading.kind}: field '{name}' is not a colour field (its type is {declared[name].type})")
            loading.failed = True
            continue
        parsed.append(loading.expression(loading.kind, source, sub))
    loading.parsed[loading.kind] = parsed
    return True


def _where(r: Runner, record: Any, source: str) -> Location:
    """At the check's `at:`, else at the colour's field if the record's file writes it, else at
    the record (its id)."""
    if not r.check.spec.get("at"):
        doc = r.game.documents.get(record.origin.file)
        name = source.strip()
        if doc is not None and (record.origin.path + (name,)) in doc.values:
            return r.locate(record, name)
    return r.at(record, ("id",) if "id" in record.fields or r.groups else ())


def _colours(r: Runner, record: Any, env: dict[str, Any]) -> list[tuple[int, str, str, float]]:
    """(index in the list, expression, colour, relative luminance) of each colour the record
    gives (none left out)."""
    from ...model.colours import luminance

    found = []
    for i, expression in enumerate(r.check.parsed["greyscale-distinct"]):
        try:
            value = r.evaluate(expression, env, record)
        except Skip:
            continue
        if value is None:
            continue
        if not isinstance(value, str) or not _COLOUR.fullmatch(value):
            r.report(_where(r, record, expression.source),
                     f"check '{r.check.info.id}' cannot be worked out: {value!r} is not a colour written like "
                     f"'#1a2b3c' (in {expression.source!r})", error=True)
            continue
        found.append((i, expression.source, value.lower(), luminance(value.lower())))
    return found


def _greyscale_distinct(r: Runner) -> None:
    chosen = [(record, env, _colours(r, record, env)) for record, env in r.selected()]
    for k, (record, env, colours) in enumerate(chosen):
        least = limits_of(r, env, record).get("min", 0.1)  # (a number, or an expression giving one)
        for other, _, others in chosen[:k]:
            view = r.views.group(other) if r.groups else r.views.item(other)
            for i, source, value, light in colours:
                for j, _, first_value, first_light in others:
                    apart = abs(light - first_light)
                    if apart < least:
                        r.say(_where(r, record, source),
                              extend(env, value=value, value_luminance=light, index=i, first=view,
                                     first_value=first_value, first_luminance=first_light, first_index=j,
                                     difference=apart, min=least), record)


KIND = CheckKind(
    name="greyscale-distinct",
    doc="No two items' (or groups') colours print as greys closer than `min`: their relative luminances (0 to 1) "
        "differ by at least `min` (default 0.1). Each item gives a colour or a list of them (expressions: a field, or "
        "mix(...)), and each is held apart from every colour of every other item, not from its own. The message can "
        "use `first` (the other item), `value` and `first_value` (the two colours), `value_luminance` and "
        "`first_luminance`, `difference`, and `index` and `first_index` (the colours' places in the list).",
    example="{id: suits-in-grey, for: cards.groups, greyscale-distinct: [colour, back], min: 0.1, message: \"'{id}' "
            "{value} ({value_luminance:.2f}) prints as '{first.id}' {first_value} ({first_luminance:.2f})\"}",
    options=("min",),
    names=frozenset({"difference", "first", "first_index", "first_luminance", "first_value", "index", "min", "value",
                     "value_luminance"}),
    schema={
        "greyscale-distinct": {"type": ["string", "array"], "minItems": 1,
                               "items": {"type": "string", "minLength": 1}, "minLength": 1},
        "min": LIMIT,
    },
    load=load,
    run=_greyscale_distinct,
)
