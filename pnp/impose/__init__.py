"""Imposition: lay card-sized definitions out on printable sheets, with crop marks.

Nothing is printed within 5 mm of the paper's edge, where many printers cannot print. Cards
sit in a grid centred on the page with room outside it for crop marks between 5 mm and
8.5 mm from the edge; the sheet is turned sideways when that holds more cards. Without bleed
cards touch, so one straight cut serves two; with bleed (the default) they are spread apart
by a gutter of at least 1 mm, each card's background running past its trim line into it, so
a cut half a millimetre off shows the card's own colour, never its neighbour's. Backs are
laid out mirrored, so each lands behind its front when the sheet is turned over on its long
edge. Every sheet, front or back, says what it holds in its bottom margin: the component,
which side, page n of m and the paper.

The trades, one module each: paper (papers, margins, the grid), sheets (pieces in a grid, their
marks, cut lines, labels and mirrored backs), tiled (a board whole or in overlapping parts),
packed (tokens and hex tiles packed on the sheet), shelves (pieces of several sizes in rows of one
size each), duplex (the duplex test page).
"""

from .duplex import duplex_test, shifted
from .packed import (TOKEN_GAP, hex_back_sheets, hex_sheets, pack_hexes, pack_tokens, token_back_sheets,
                     token_sheets)
from .paper import MIN_GUTTER, MIN_MARGIN, PAPERS, Grid, ImpositionError, Paper, make_grid
from .sheets import SheetLabel, back_sheets, front_sheets, interleave, mirrored_cell, sheet_label
from .tiled import TILE_OVERLAP, tile_grid, tile_scale, tiled_pages, whole_page

__all__ = ["MIN_GUTTER", "MIN_MARGIN", "PAPERS", "TILE_OVERLAP", "TOKEN_GAP", "Grid", "ImpositionError", "Paper",
           "SheetLabel", "back_sheets", "duplex_test", "front_sheets", "hex_back_sheets", "hex_sheets", "interleave",
           "make_grid", "mirrored_cell", "pack_hexes", "pack_tokens", "sheet_label", "shifted", "tile_grid",
           "tile_scale", "tiled_pages", "token_back_sheets", "token_sheets", "whole_page"]
