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
    from ..impose import hex_back_sheets, hex_sheets, pack_hexes

    hexes = [s for s in sets if s.component.shape == "hex"]
    others = [s for s in sets if s.component.shape != "hex"]
    sheets = impose_grid(others, paper, bleed, label, font, cuts=True) if others else Sheets([], [])
    fronts, backs = list(sheets.fronts), list(sheets.backs)
    by_size: dict[tuple, tuple[list, list]] = {}
    for s in hexes:  # each size of tile on sheets of its own
        faces, bled_backs = s.bled(bleed)
        pair = by_size.setdefault((s.component.width, s.component.height), ([], []))
        for piece, face, back in zip(s.pieces, faces, bled_backs):
            pair[0].extend([face] * piece.copies)
            pair[1].extend([back if back is not None else face] * piece.copies)
    for faces, tile_backs in by_size.values():
        pages = pack_hexes(faces, paper, bleed)
        chunks, start = [], 0
        for placed in pages:
            chunks.append(tile_backs[start:start + len(placed)])
            start += len(placed)
        fronts += hex_sheets(pages, paper, label, font)
        backs += hex_back_sheets(pages, chunks, paper, label, font)
    if (others and hexes) or len(by_size) > 1:  # one numbering for the print file's pages (each is a file)
        fronts = [replace(p, label=f"{n:02d}") for n, p in enumerate(fronts, start=1)]
        backs = [replace(p, label=f"{n:02d}") for n, p in enumerate(backs, start=1)]
    return Sheets(fronts, backs)


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
    order=40,
)
