"""A contrast check: text that reads on its background."""

from __future__ import annotations

from .base import LIMIT, CheckKind, Loading, Runner, extend, limits_of


def load(loading: Loading) -> bool:
    loading.fields_named("colour")
    return True


def _contrast(r: Runner) -> None:
    from ...model.colours import contrast

    text_field, background_field = r.check.spec["contrast"]
    for record, env in r.selected():
        text, background = record.fields.get(text_field), record.fields.get(background_field)
        if not text or not background:
            continue
        least = limits_of(r, env, record).get("min", 4.5)  # (a number, or an expression giving one)
        ratio = contrast(text.lower(), background.lower())
        if ratio < least:
            doc = r.game.documents.get(record.origin.file)
            written = doc is not None and (record.origin.path + (text_field,)) in doc.values
            where = r.locate(record, text_field if written else background_field)
            r.say(where, extend(env, text=text.lower(), background=background.lower(), ratio=ratio, min=least), record)


KIND = CheckKind(
    name="contrast",
    doc="Text in the first colour field on the second has a WCAG contrast of at least `min` (default 4.5); the "
        "message can use `text`, `background` and `ratio`.",
    example='{id: colour-contrast, for: cards.groups, contrast: [text_colour, colour], min: 4.5, message: "text '
            '{text} on {background}: {ratio:.2f}:1"}',
    options=("min",),
    names=frozenset({"background", "min", "ratio", "text"}),
    schema={
        "contrast": {"type": "array", "minItems": 2, "maxItems": 2, "items": {"type": "string"}},
        "min": LIMIT,
    },
    load=load,
    run=_contrast,
)
