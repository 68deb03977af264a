"""A colour-distinct check: colours told apart, by everyone."""

from __future__ import annotations

import itertools
from typing import Any

from .base import LIMIT, CheckKind, Loading, Runner, extend, limits_of


def load(loading: Loading) -> bool:
    loading.fields_named("colour")
    spec = loading.spec
    if "against" in spec:
        set_name, _, rest = str(spec["against"]).partition(".")
        other_groups = rest.startswith("groups.")
        field_name = rest[len("groups."):] if other_groups else rest
        other = loading.sets.get(set_name)
        fields_there = (other.group_fields if other_groups else other.fields) if other is not None else {}
        if set_name in loading.unloaded:
            return False
        if other is None or field_name not in fields_there or fields_there[field_name].type != "colour":
            loading.say(loading.where("against"), f"against: '{spec['against']}' is not a colour field of a set "
                                                  f"(SET.FIELD, or SET.groups.FIELD)")
            return False
        loading.parsed["against"] = (set_name, other_groups, field_name)
        loading.reads_sets = True
    return True


def _printed_light(component: Any) -> bool:
    """Whether `pnp build --ink-saver` lightens the faces of a set (its `ink_saver: all`)."""
    from ...components import types

    return component.declaration.get("ink_saver", types()[component.type].ink_saver) == "all"


def _colour_distinct(r: Runner) -> None:
    from ...model.colours import difference_seen, printed_light

    name = r.check.spec["colour-distinct"]
    visions = tuple(r.check.spec.get("vision") or ())
    models = tuple(r.check.spec.get("model") or ("vienot",))
    ink_saver = bool(r.check.spec.get("ink-saver"))

    def as_printed(colour: str, component: Any) -> str:
        colour = colour.lower()
        return printed_light(colour) if ink_saver and _printed_light(component) else colour

    chosen = [(record, env) for record, env in r.selected() if record.fields.get(name)]
    against = r.check.parsed.get("against")
    if against is not None:  # each colour against another set's colours
        set_name, groups, field = against
        component = r.game.sets[set_name]
        others = [o for o in (component.groups if groups else component.items) if o.fields.get(field)]
        pairs = [(record, env, other) for record, env in chosen for other in others]
    else:  # each colour against those before it
        groups, field, component = r.groups, name, r.component
        pairs = [(second, env, first) for (first, _), (second, env) in itertools.combinations(chosen, 2)]
    grounds = [ground.lower() for ground in r.check.spec.get("grounds") or ()]
    pairs += [(record, env, ground) for record, env in chosen for ground in grounds]
    for record, env, other in pairs:
        colour = as_printed(record.fields[name], r.component)
        on_ground = isinstance(other, str)
        first = other if on_ground else as_printed(other.fields[field], component)
        apart, vision, model = difference_seen(first, colour, visions, models)
        least = limits_of(r, env, record).get("min", 10)  # (a number, or an expression giving one)
        if apart < least:
            view = None if on_ground else r.views.group(other) if groups else r.views.item(other)
            r.say(r.locate(record, name), extend(env, value=colour, first=view, ground=other if on_ground else None,
                                               difference=apart, min=least, vision=vision, model=model), record)


KIND = CheckKind(
    name="colour-distinct",
    doc="No two items' colours (the field) are closer than `min` (CIEDE2000, default 10), with normal vision and "
        "under each `vision` listed (deuteranopia, protanopia, tritanopia), simulated by each `model` listed: "
        "`vienot` (Viénot, Brettel & Mollon 1999; Brettel 1997 for tritanopia; the default), `brettel` (Brettel, "
        "Viénot & Mollon 1997) or `machado` (Machado, Oliveira & Fernandes 2009, severity 1); with "
        "`against: SET.FIELD` (or SET.groups.FIELD), each colour is held apart from that set's colours instead; "
        "`grounds:` lists colours each is also held apart from (what the pieces are laid on); with `ink-saver: "
        "true`, colours are compared as `pnp build --ink-saver` prints them (on a set whose faces it lightens, a "
        "dark colour as its pale tint). The message can use `first` (the other item, none for a ground), `ground` "
        "(the ground's colour, none for an item), `value` (as compared), `difference`, `vision` (`normal` when "
        "plain sight is the worst) and `model` (none then).",
    example="{id: colour-distinct, for: cards.groups, colour-distinct: colour, vision: [deuteranopia, protanopia, "
            'tritanopia], model: [vienot, machado], min: 10, message: "\'{id}\' looks like \'{first.id}\' '
            '({vision}, {model})"}',
    options=("min", "vision", "model", "against", "grounds", "ink-saver"),
    names=frozenset({"difference", "first", "ground", "min", "model", "value", "vision"}),
    schema={
        "colour-distinct": {"type": "string", "minLength": 1},
        "min": LIMIT,
        "vision": {
            "type": "array",
            "uniqueItems": True,
            "items": {"enum": ["deuteranopia", "protanopia", "tritanopia"]},
            "description": ("For colour-distinct: also hold colours apart as these colour-blind viewers see them "
                            "(simulated)."),
        },
        "model": {
            "type": "array",
            "minItems": 1,
            "uniqueItems": True,
            "items": {"enum": ["vienot", "brettel", "machado"]},
            "description": ("For colour-distinct: the simulations of colour blindness the `vision` listed are "
                            "seen through, each in turn (vienot unless given)."),
        },
        "against": {
            "type": "string",
            "pattern": "^[a-z][a-z0-9-]*\\.([a-z][a-z0-9_-]*|groups\\.[a-z][a-z0-9_-]*)$",
            "description": ("For colour-distinct: hold each colour apart from this other set's colour field "
                            "(SET.FIELD or SET.groups.FIELD)."),
        },
        "grounds": {
            "type": "array",
            "items": {"type": "string", "pattern": "^#[0-9a-fA-F]{6}$"},
            "description": "For colour-distinct: also hold each colour apart from these (what its pieces lie on).",
        },
        "ink-saver": {
            "type": "boolean",
            "description": "For colour-distinct: compare the colours as `pnp build --ink-saver` prints them.",
        },
    },
    load=load,
    run=_colour_distinct,
)
