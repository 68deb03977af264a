"""Sets that share a print file but not a layout: pieces of several sizes, or of several types
(`print: counters` on square tiles and round tokens), printed in rows on the same sheets
(pnp.impose.shelves), each row one size, each piece cut as its type cuts it: tiles and cards
touching without bleed or a gutter apart with it, tokens a token's gap apart. Hex tiles keep
their honeycomb, on sheets of their own at the end of the file. Not a type: the registry
reads no TYPE here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Sequence

from . import types
from .kind import Sheets

if TYPE_CHECKING:
    from ..impose import Paper
    from ..impose.shelves import Cut, Item, Tokens
    from ..kit.pieces import PieceSet
    from ..layout.fonts import FontMetrics


def cut_of(component, bleed: float) -> tuple["Cut", float]:
    """How a set's pieces are cut on a shared sheet, and the bleed they get there: a type whose
    pieces touch (cards, sheets, tiles) touches without bleed and keeps a gutter of twice the
    bleed (at least 1 mm) with it, as in its grid; tokens stand a token's gap apart, their
    bleed at most half of it."""
    from ..impose import MIN_GUTTER, TOKEN_GAP
    from ..impose.shelves import Cut

    round_ = component.shape == "round"
    if types()[component.type].touching:
        return Cut(round_, max(2 * bleed, MIN_GUTTER) if bleed else 0.0), bleed
    return Cut(round_, TOKEN_GAP), min(bleed, TOKEN_GAP / 2)


def shelf_items(sets: Sequence["PieceSet"], bleed: Callable[[str], float]) -> list["Item | Tokens"]:
    """Every piece of the sets with its copies, in order, as the rows take them: its face and
    back run past the trim by its type's bleed (`bleed`, by type), and its cut. The tokens of
    every set whose pieces do not touch (tokens) come together where the first such set comes,
    laid out as their own type lays them: each item's tokens, of every set, in a block of
    their own (pnp.impose.shelves.Tokens), each cut on its own set's shape."""
    from ..impose import ImpositionError
    from ..impose.shelves import Tokens

    items: list = []
    tokens: list = []
    gap = 0.0
    for s in sets:
        kind = types()[s.type]
        if kind.whole is not None or kind.printed_size is not None:
            what = "is printed whole" if kind.whole is not None else f"is printed as a {kind.printed_as}"
            raise ImpositionError(f"set '{s.name}' ({s.type}) {what} and shares its print file only with sets of its "
                             f"own type")
        cut, own = cut_of(s.component, bleed(s.type))
        faces, backs = s.bled(own)
        if not kind.touching:
            if not tokens:
                items.append(None)  # where the tokens go
            gap = max(gap, cut.gap)
            for piece, face, back in zip(s.pieces, faces, backs):
                tokens += [(piece.item.id, face, back, cut.round)] * piece.copies
            continue
        for piece, face, back in zip(s.pieces, faces, backs):
            items += [(face, back, cut)] * piece.copies
    if None in items:
        at = items.index(None)
        items[at:at + 1] = [Tokens(tuple(tokens), gap)] if tokens else []
    return items


def impose_shelves(items: Sequence["Item | Tokens"], paper: "Paper", label: str, font: "FontMetrics | None",
                   backs: bool | None = None) -> Sheets:
    """The pieces in rows; their backs when any has one (or as `backs` says), blank behind a
    piece without."""
    from ..impose.shelves import pack_shelves, shelf_back_sheets, shelf_sheets

    if not items:
        return Sheets([], [])
    used, pages = pack_shelves(items, paper)
    if backs is None:
        from ..impose.shelves import Tokens

        backs = any(back is not None for item in items
                    for back in ([t[2] for t in item.tokens] if isinstance(item, Tokens) else [item[1]]))
    return Sheets(shelf_sheets(pages, used, label, font), shelf_back_sheets(pages, used, label, font) if backs else [],
                  True)


def hex_pages(sets: Sequence["PieceSet"], paper: "Paper", bleed: float, label: str,
              font: "FontMetrics | None") -> tuple[list, list]:
    """The hex tiles of the sets in honeycombs, each size on sheets of its own: the fronts and
    their backs (a tile without a back its own)."""
    from ..impose import hex_back_sheets, hex_sheets, pack_hexes

    fronts, backs = [], []
    by_size: dict[tuple, tuple[list, list]] = {}
    for s in sets:  # each size of tile on sheets of its own
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
    return fronts, backs


def impose_shared(sets: Sequence["PieceSet"], paper: "Paper", bleed: Callable[[str], float], label: str,
                  font: "FontMetrics | None") -> Sheets:
    """A print file shared by sets of several types: the pieces in rows, then the hex tiles in
    their honeycomb; when anything has a back, every front sheet has its back sheet."""
    from dataclasses import replace

    hexes = [s for s in sets if s.component.shape == "hex"]
    items = shelf_items([s for s in sets if s not in hexes], bleed)
    hex_fronts, hex_backs = hex_pages(hexes, paper, bleed("tile"), label, font)
    sheets = impose_shelves(items, paper, label, font, True if hex_backs else None)
    fronts, backs = sheets.fronts + hex_fronts, sheets.backs + hex_backs
    if sheets.fronts and hex_fronts:  # one numbering for the file's pages (each is a file)
        fronts = [replace(p, label=f"{n:02d}") for n, p in enumerate(fronts, start=1)]
        backs = [replace(p, label=f"{n:02d}") for n, p in enumerate(backs, start=1)]
    return Sheets(fronts, backs, sheets.rows)
