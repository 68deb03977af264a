"""pnp.components.sheet: one-off printed pieces (a player aid, a mat), imposed as cards are (as
many to a page as fit, bled, cut on crop marks) but never a deck."""

from __future__ import annotations

from pnp.components.card import BLEED, impose_grid
from pnp.components.sheet import TYPE
from pnp.units import mm


def test_the_sheet_type() -> None:
    assert (TYPE.name, TYPE.tabletopia, TYPE.deck, TYPE.impose, TYPE.bleed, TYPE.order) == (
        "sheet", "Game Board", False, impose_grid, BLEED, 20)
    assert BLEED == mm(1)
    assert (TYPE.cut_on_marks, TYPE.touching, TYPE.print_on_demand, TYPE.printed, TYPE.whole) == (
        ("rect",), True, True, True, None)
    assert TYPE.options == {} and TYPE.assembly is None
    assert TYPE.example == ("aid: {type: sheet, size: poker, files: aid.yaml, copies: game.players.max, "
                            "face: layouts/aid.yaml}")
    assert TYPE.doc == ("Sheets: a player aid or a player mat, printed like cards (as many to a page as fit), "
                        "never a deck.")
