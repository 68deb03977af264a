"""pnp.kit.pieces: a back layout is drawn once for the set, once a group or once an item, as
what it reads says, through the values of the layout too (a back that reads a value that reads
an item's field is the item's own)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from pnp.kit.pieces import back_of
from pnp.load.game import load_game

GAME = """\
title: Tiny
languages: [en]
fonts: {body: SourceSansPro-Regular}
components:
  cards:
    type: card
    files: cards/*.yaml
    items: cards
    group: {key: suit, fields: {name: text, ink: colour}}
    fields: {name: text, dark: {type: bool, default: false}}
    back: layouts/back.yaml
"""
CARDS = {
    "cards/a.yaml": "suit: {id: red, name: Red, ink: '#aa0000'}\ncards:\n  - {id: a1, name: A, dark: true}\n"
                    "  - {id: a2, name: B}\n",
    "cards/b.yaml": "suit: {id: blue, name: Blue, ink: '#0000aa'}\ncards:\n  - {id: b1, name: C}\n",
}
BACK = "extends: builtin:card\n{values}background: '{{fill}}'\n"


@pytest.mark.parametrize("values, names", [
    ("  fill: \"'#000000'\"\n", ["back", "back", "back"]),  # the same for every card
    ("  fill: group.ink\n", ["back-red", "back-red", "back-blue"]),  # one a suit
    ("  shade: group.ink\n  fill: shade\n", ["back-red", "back-red", "back-blue"]),  # through another value
    ("  fill: \"'#000000' if dark else tone\"\n  tone: group.ink\n", ["a1-back", "a2-back", "b1-back"]),  # a card's
])
def test_a_back_is_drawn_for_what_its_values_read(tmp_path: Path, values: str, names: list[str]) -> None:
    for name, text in {**CARDS, "game.yaml": GAME, "layouts/back.yaml": BACK.format(values="values:\n" + values)
                       }.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(textwrap.dedent(text), "utf-8")
    game, problems = load_game(tmp_path / "game.yaml")
    assert problems == []
    cards = game.sets["cards"]
    assert [back_of(cards, item, item.id)[1] for item in cards.items] == names
