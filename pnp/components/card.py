"""Cards: rectangles printed in a grid with crop marks, backs mirrored for a long-edge flip;
shuffled into decks on the table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from ..units import mm
from .kind import ComponentType, Sheets

if TYPE_CHECKING:
    from ..layout.fonts import FontMetrics
    from ..impose import Paper

BLEED = mm(1)  # a card's, a sheet's or a token's bleed unless a build asks for another: a miscut shows its colour


def impose_grid(sets: Sequence, paper: Paper, bleed: float, label: str, font: "FontMetrics | None",
                cuts: bool = False) -> Sheets:
    """Every piece, with its copies, in a grid of as many as fit the paper; the backs
    mirrored behind them; with `cuts` (tiles, counters), a cut line on every edge as well.
    Pieces of several sizes (sets of different sizes sharing a print file) go in rows of one
    size each instead, every edge a cut line (pnp.components.shared)."""
    from ..impose import back_sheets, front_sheets, make_grid

    faces, backs = [], []
    for s in sets:
        bled_faces, bled_backs = s.bled(bleed)
        for piece, face, back in zip(s.pieces, bled_faces, bled_backs):
            faces += [face] * piece.copies
            backs += [back] * piece.copies
    first = faces[0] if faces else None
    if first is None:
        return Sheets([], [])
    if any((f.width, f.height) != (first.width, first.height) for f in faces):
        from .shared import impose_shelves, shelf_items

        return impose_shelves(shelf_items(sets, lambda kind: bleed), paper, label, font)
    grid = make_grid(paper, first.width, first.height, bleed)
    return Sheets(front_sheets(faces, grid, label, font, cuts),
                  back_sheets(backs, grid, cuts, label, font) if any(b is not None for b in backs) else [])


TYPE = ComponentType(
    name="card",
    doc="Cards: printed in a grid with crop marks, backs mirrored behind them; a deck in Tabletop Simulator.",
    example="cards: {type: card, size: poker, files: cards/*.yaml, items: cards, face: layouts/card.yaml, "
            "back: layouts/back.yaml}",
    options={},
    tabletopia="Card",
    deck=True,
    impose=impose_grid,
    bleed=BLEED,
    cut_on_marks=("rect",),
    touching=True,
    print_on_demand=True,
    order=10,
)
