"""Tiles: pieces that build a board. Square and rectangular tiles are laid out in a grid
like cards; hex tiles in a honeycomb whose neighbours share their cut lines."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Sequence

from .kind import ComponentType, Sheets
from .card import impose_grid

if TYPE_CHECKING:
    from ..layout.fonts import FontMetrics
    from ..impose import Paper


def impose_tiles(sets: Sequence, paper: Paper, bleed: float, label: str, font: "FontMetrics | None") -> Sheets:
    """Square and rectangular tiles in a grid (in rows of one size each when their sizes
    differ, pnp.components.shared), then hex tiles in a honeycomb per size."""
    from .shared import hex_pages

    hexes = [s for s in sets if s.component.shape == "hex"]
    others = [s for s in sets if s.component.shape != "hex"]
    sheets = impose_grid(others, paper, bleed, label, font, cuts=True) if others else Sheets([], [])
    hex_fronts, hex_backs = hex_pages(hexes, paper, bleed, label, font)
    fronts, backs = list(sheets.fronts) + hex_fronts, list(sheets.backs) + hex_backs
    sizes = {(s.component.width, s.component.height) for s in hexes}
    if (others and hexes) or len(sizes) > 1:  # one numbering for the print file's pages (each is a file)
        fronts = [replace(p, label=f"{n:02d}") for n, p in enumerate(fronts, start=1)]
        backs = [replace(p, label=f"{n:02d}") for n, p in enumerate(backs, start=1)]
    return Sheets(fronts, backs, sheets.rows)


TYPE = ComponentType(
    name="tile",
    doc="Tiles and counters: pieces that make up a board or stand on it, square, rectangular or hexagonal (shape: "
        "hex, with hex: flat or pointy, size across the flats), packed edge to edge (hex tiles in a honeycomb) so "
        "that neighbours share their cut lines, each drawn once, and backs land behind their fronts.",
    example="tiles: {type: tile, shape: hex, hex: flat, size: 40mm, files: tiles.yaml, items: tiles, "
            "face: layouts/tile.yaml, back: layouts/tile-back.yaml}",
    options={"hex": {"enum": ["flat", "pointy"], "description": "For hex tiles: which way the hexagon points."}},
    tabletopia="Tile",
    deck=False,
    impose=impose_tiles,
    size="square",
    shapes=("hex", "square", "rect"),
    bleed=0.0,  # tiles touch, so that one cut serves two
    cut_on_marks=("square", "rect"),  # (hex tiles share their cut lines in a honeycomb)
    touching=True,
    packed=("hex",),
    print_on_demand=True,  # (when of a product's size: pnp.exports.products)
    order=40,
)
