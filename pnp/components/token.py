"""Tokens: round (or square) pieces packed on the sheet with room to cut each out, backs
mirrored behind them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from .kind import ComponentType, Sheets
from .card import BLEED

if TYPE_CHECKING:
    from ..fonts import FontMetrics
    from ..impose import Paper


def impose_tokens(sets: Sequence, paper: Paper, bleed: float, label: str, font: "FontMetrics | None") -> Sheets:
    """Each item's tokens (of every set printed on these sheets: a player's large token and
    the small ones drawn from the same item) in a band of their own, their colours running
    past the cut lines."""
    from ..impose import TOKEN_GAP, pack_tokens, token_back_sheets, token_sheets

    bleed = min(bleed, TOKEN_GAP / 2)  # never into the next token's
    tokens, backs = [], {}
    for s in sets:
        faces, bled_backs = s.bled(bleed)
        for piece, face, back in zip(s.pieces, faces, bled_backs):
            tokens += [(piece.item.id, face)] * piece.copies
            backs[face.id] = back if back is not None else face
    placed = pack_tokens(tokens, paper)
    round_ = all(s.component.shape == "round" for s in sets)
    return Sheets(token_sheets(placed, paper, round_, label, font),
                  token_back_sheets(placed, backs, paper, round_, label, font))


TYPE = ComponentType(
    name="token",
    doc="Tokens: round or square pieces packed on the sheet, each with its cut line; custom tiles in "
        "Tabletop Simulator.",
    example="markers: {type: token, size: 15mm, files: players.yaml, items: players, copies: 12, "
            "face: layouts/marker.yaml, back: same}",
    options=(),
    tabletopia="Token",
    deck=False,
    impose=impose_tokens,
    size="chip",
    shapes=("round", "square"),
    bleed=BLEED,
    ink_saver="all",
)
