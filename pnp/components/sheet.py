"""Sheets: one-off printed pieces (a player aid, a reference card, a player mat), laid out
like cards but never shuffled into a deck."""

from __future__ import annotations

from .kind import ComponentType
from .card import BLEED, impose_grid

TYPE = ComponentType(
    name="sheet",
    doc="Sheets: a player aid or a player mat, printed like cards (as many to a page as fit), never a deck.",
    example="aid: {type: sheet, size: poker, files: aid.yaml, copies: game.players.max, face: layouts/aid.yaml}",
    options={},
    tabletopia="Game Board",  # (a player mat or aid lies in front of a player, never in a hand)
    deck=False,
    impose=impose_grid,
    bleed=BLEED,
    cut_on_marks=("rect",),
    touching=True,
    print_on_demand=True,
    order=20,
)
