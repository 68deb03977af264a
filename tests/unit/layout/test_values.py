"""pnp.layout.values: what a layout's settings hold once read: a colour (fixed, none, or a template),
a choice an expression makes (a switch), and a text with a template per language, taken in
the language asked for, else the game's first, else the one for every language."""

from __future__ import annotations

import dataclasses

import pytest

from pnp import expr
from pnp.layout.values import Colour, Localised, Switch

NAMES = frozenset({"name", "rank", "kind"})


def template(source: str) -> expr.Template:
    return expr.parse_template(source, NAMES)


def test_a_colour_is_fixed_none_or_a_template() -> None:
    assert (Colour().fixed, Colour().template) == (None, None)  # none: nothing painted
    assert (Colour("#c0a000").fixed, Colour("#c0a000").template) == ("#c0a000", None)
    made = Colour(template=template("{kind}"))
    assert (made.fixed, made.template.source) == (None, "{kind}")
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.fixed = "#000000"


def test_a_switch_chooses_by_an_expressions_value() -> None:
    on = expr.parse("kind", NAMES)
    switch = Switch(on, {"hero": "star"})
    assert (switch.on, switch.cases, switch.default) == (on, {"hero": "star"}, None)
    assert Switch(on, {}, "sun").default == "sun"


def test_a_text_in_the_language_asked_for_else_the_games_first_else_the_one_for_all() -> None:
    en, fr, every = template("{name}"), template("le {name}"), template("{name}!")
    text = Localised((("en", en), ("fr", fr), ("", every)))
    assert [text.get("fr", "en"), text.get("de", "en"), text.get("de", "fr"), text.get("de", "it")] == [
        fr, en, fr, every]
    first = Localised((("fr", fr), ("en", en)))
    assert first.get("de", "it") is fr  # none of them: the first given
    assert Localised((("", every),)).get("fr", "en") is every
    assert Localised((("en", en), ("", every))).get("de", "it") is every


def test_a_texts_names_are_its_templates() -> None:
    text = Localised((("en", template("{name}")), ("fr", template("{rank} {kind}"))))
    assert text.names == {"name", "rank", "kind"}
    assert Localised((("", template("plain")),)).names == frozenset()
