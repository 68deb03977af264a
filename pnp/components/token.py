"""Tokens: round (or square) pieces packed on the sheet with room to cut each out, backs
mirrored behind them."""

from __future__ import annotations

from typing import Sequence

from ..impose import Paper, pack_tokens, token_back_sheets, token_sheets
from . import ComponentType, Sheets


def impose_tokens(sets: Sequence, paper: Paper, bleed: float, label: str, font: str | None) -> Sheets:
    tokens, backs = [], {}
    for s in sets:
        for piece in s.pieces:
            tokens += [piece.face] * piece.copies
            backs[piece.face.id] = piece.back if piece.back is not None else piece.face
    placed = pack_tokens(tokens, paper)
    round_ = all(s.component.shape == "round" for s in sets)
    return Sheets(token_sheets(placed, paper, round_), token_back_sheets(placed, backs, paper, round_))


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
    labelled=False,
)
