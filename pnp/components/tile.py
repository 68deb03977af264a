"""Tiles: square or hexagonal pieces that build a board, laid out in a grid like cards."""

from __future__ import annotations

from . import ComponentType
from .card import impose_grid

TYPE = ComponentType(
    name="tile",
    doc="Tiles: pieces that make up a board, square or hexagonal (hex: flat or pointy, size across the flats).",
    example="tiles: {type: tile, shape: hex, hex: flat, size: 40mm, files: tiles.yaml, items: tiles, "
            "face: layouts/tile.yaml}",
    options=("hex",),
    tabletopia="Tile",
    deck=False,
    impose=impose_grid,
)
