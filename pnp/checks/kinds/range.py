"""A range check: fields within a range."""

from __future__ import annotations

from .base import LIMIT, CheckKind, Loading, Runner, extend, field_values, limits_of


def load(loading: Loading) -> bool:
    loading.fields_named()
    return True


def _range(r: Runner) -> None:
    names = r.check.spec["range"]
    names = names if isinstance(names, list) else [names]
    for record, env in r.selected():
        limits = limits_of(r, env, record)
        low, high = limits.get("min"), limits.get("max")
        for name in names:
            for path, value in field_values(record, name):
                if isinstance(value, (int, float)) and not isinstance(value, bool) and (
                        (low is not None and value < low) or (high is not None and value > high)):
                    r.say(r.locate(record, *path), extend(env, value=value, field=name, min=low, max=high), record)


KIND = CheckKind(
    name="range",
    doc="Each of the fields (one, or a list) is from `min` to `max`; the message can use `field` and `value`.",
    example='{id: symbol-range, for: cards, range: [stars, shields], min: 0, max: 5, message: "card \'{id}\' has '
            '{value} {field}"}',
    options=("min", "max"),
    names=frozenset({"field", "max", "min", "value"}),
    schema={
        "range": {"type": ["string", "array"], "items": {"type": "string"}},
        "min": LIMIT,
        "max": LIMIT,
    },
    load=load,
    run=_range,
)
