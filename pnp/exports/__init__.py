"""Exports for playing online and printing on demand, made from the composed kit (pnp.kit)
through a build's outputs (pnp.outputs); none of them knows the pipeline that calls it.

- tabletopia: one image per face and per back, and a manifest of the objects to create;
- tts: Tabletop Simulator deck sheets and a saved object;
- pod: The Game Crafter's uploads of poker-size cards, with bleed;
- gallery: out/index.html, everything built, to open from disk.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..kit import Piece, PieceSet


def export_name(pieces: "PieceSet", piece: "Piece") -> str:
    """A piece's file name in the exports: names that sort and say what they are
    (north-01-king) for a set in groups, its own name otherwise."""
    item = piece.item
    if item.group is not None:
        return f"{item.group.id}-{item.position:02d}-{piece.name}"
    return piece.name
