"""pnp.components.shared: a print file shared by sets of several types or sizes, its pieces in
rows of one size each (each cut as its type cuts it), hex tiles in their honeycomb after them,
every front sheet with its back sheet when anything has a back; and the sets that cannot share."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from pnp.components.kind import Sheets
from pnp.components.shared import cut_of, hex_pages, impose_shared, impose_shelves, shelf_items
from pnp.impose import PAPERS, TOKEN_GAP, ImpositionError, SheetLabel, hex_back_sheets, hex_sheets, pack_hexes
from pnp.impose.shelves import Cut, Tokens, pack_shelves, shelf_back_sheets, shelf_sheets
from pnp.kit.pieces import Piece, PieceSet
from pnp.layout.fonts import bundled_fonts, metrics
from pnp.model.sizes import hex_size
from pnp.scene import Definition, Group, Rect, Style, Use
from pnp.units import mm, to_mm

FONT = metrics(bundled_fonts()["SourceSansPro-Regular"])
A4, A3 = PAPERS["a4"], PAPERS["a3"]
LABEL = SheetLabel("Furia · pions", "fr")
BLEEDS = {"card": mm(1), "sheet": mm(1), "token": mm(1), "tile": 0.0}


def drawing(id: str, width: float, height: float) -> Definition:
    return Definition(id, width, height, Group((Rect(0, 0, width, height, Style(fill="#808080")),)))


def pieces(name: str, kind: str, shape: str, size_mm: float, *made: tuple[str, int, Definition | None],
           **extra) -> PieceSet:
    """A set: each piece its id, copies and back."""
    size = (mm(size_mm), mm(size_mm)) if shape != "hex" else hex_size(mm(size_mm), "flat")
    return PieceSet(SimpleNamespace(name=name, type=kind, shape=shape, width=size[0], height=size[1], declaration={},
                                    **extra),
                    [Piece(SimpleNamespace(id=id, group=None, position=1), id, drawing(id, *size), back,
                           back.id if back is not None else None, copies) for id, copies, back in made])


def uses(page) -> list[tuple[str, float, float]]:
    return [(n.ref, round(to_mm(n.transform[4]), 4), round(to_mm(n.transform[5]), 4))
            for n in page.children if isinstance(n, Use)]


def furia() -> list[PieceSet]:
    """Furia Cartese's counters: units (17 mm square tiles, a back each), markers (10 mm square
    tiles) and cohesion tokens (16 mm, round, their face their back)."""
    units = pieces("unites", "tile", "square", 17, ("u1", 1, drawing("u1-back", mm(17), mm(17))),
                   ("u2", 1, drawing("u2-back", mm(17), mm(17))))
    markers = pieces("marqueurs", "tile", "square", 10, ("perte", 3, drawing("perte-back", mm(10), mm(10))))
    cohesion = pieces("cohesion", "token", "round", 16, ("france", 2, None))
    cohesion.pieces[0].back = cohesion.pieces[0].face  # (back: same)
    return [units, markers, cohesion]


def test_each_type_cut_its_own_way() -> None:
    tile, card = SimpleNamespace(type="tile", shape="square"), SimpleNamespace(type="card", shape="rect")
    token, square_token = SimpleNamespace(type="token", shape="round"), SimpleNamespace(type="token", shape="square")
    assert cut_of(tile, 0.0) == (Cut(False, 0.0), 0.0)  # touching: one cut frees two
    assert cut_of(card, mm(1)) == (Cut(False, mm(2)), mm(1))  # a gutter of twice the bleed ...
    assert cut_of(card, mm(0.3)) == (Cut(False, mm(1)), mm(0.3))  # ... at least 1 mm
    assert cut_of(token, mm(1)) == (Cut(True, TOKEN_GAP), mm(1))
    assert cut_of(token, mm(3)) == (Cut(True, TOKEN_GAP), mm(1.5))  # never into the next token's
    assert cut_of(square_token, 0.0) == (Cut(False, TOKEN_GAP), 0.0)


def test_every_copy_in_order_bled_by_its_type() -> None:
    units, markers, cohesion = furia()
    items = shelf_items([units, markers, cohesion], BLEEDS.get)
    *rows, tokens = items
    assert [(face.id, back.id if back else None, cut) for face, back, cut in rows] == [
        ("u1", "u1-back", Cut(False, 0.0)), ("u2", "u2-back", Cut(False, 0.0)),
        ("perte", "perte-back", Cut(False, 0.0)), ("perte", "perte-back", Cut(False, 0.0)),
        ("perte", "perte-back", Cut(False, 0.0))]
    # the tokens together, as their type lays them out: each its item, face, back and round cut
    (france,), (back,) = cohesion.bled(mm(1))
    assert tokens == Tokens((("france", france, back, True),) * 2, TOKEN_GAP)
    assert items[0][0] is units.pieces[0].face and france.bleed == mm(1)  # tiles: none; tokens: 1 mm


def test_the_tokens_of_every_set_together_where_the_first_comes() -> None:
    """Tokens of two sets, round and square, around a set of tiles: all where the first comes,
    each item's of both sets under its key, each cut on its own set's shape."""
    chips = pieces("chips", "token", "round", 16, ("a", 1, None), ("b", 2, None))
    units = pieces("unites", "tile", "square", 17, ("u", 1, None))
    squares = pieces("squares", "token", "square", 12, ("a", 1, None))
    first, tiles = shelf_items([chips, units, squares], BLEEDS.get)
    assert tiles == (units.pieces[0].face, None, Cut(False, 0.0))
    assert [(key, face.id, round_) for key, face, _, round_ in first.tokens] == [
        ("a", "a", True), ("b", "b", True), ("b", "b", True), ("a", "a", False)]
    assert first.gap == TOKEN_GAP
    assert shelf_items([units], BLEEDS.get) == [(units.pieces[0].face, None, Cut(False, 0.0))]


@pytest.mark.parametrize(("kind", "message"), [
    ("standee", "set 'pawns' (standee) is printed as a strip (its face, back and flaps) and shares its print file "
                "only with sets of its own type"),
    ("board", "set 'pawns' (board) is printed whole and shares its print file only with sets of its own type"),
])
def test_what_cannot_share_a_file_with_another_type(kind: str, message: str) -> None:
    with pytest.raises(ImpositionError) as raised:
        shelf_items([pieces("pawns", kind, "rect", 20, ("p", 1, None))], BLEEDS.get)
    assert str(raised.value) == message


def test_tiles_and_tokens_on_one_sheet_in_rows() -> None:
    """The units' row, the markers' row touching it, the tokens' row a token's gap below, from
    5 mm and half the gap from the side (tokens need no crop marks beside them); the backs
    mirrored behind every piece (the tokens' faces, their own backs)."""
    sets = furia()
    # (9 mm from the top: the bleed of 1 mm and the label's 8 mm line, where a landscape back has it)
    sheets = impose_shared(sets, A4, BLEEDS.get, LABEL, FONT)
    assert sheets.rows and len(sheets.fronts) == len(sheets.backs) == 1
    assert uses(sheets.fronts[0]) == [("u1", 8.5, 9.0), ("u2", 25.5, 9.0), ("perte", 8.5, 26.0),
                                      ("perte", 18.5, 26.0), ("perte", 28.5, 26.0),
                                      ("france", 6.5, 39.0), ("france", 25.5, 39.0)]  # (their bleed runs past)
    w = to_mm(A4.width)  # 210.0016 mm: each back at the width less its front's right edge
    assert uses(sheets.backs[0]) == [(ref, round(w - right, 4), y) for ref, right, y in [
        ("u1-back", 25.5, 9.0), ("u2-back", 42.5, 9.0), ("perte-back", 18.5, 26.0), ("perte-back", 28.5, 26.0),
        ("perte-back", 38.5, 26.0), ("france", 22.5, 39.0), ("france", 41.5, 39.0)]]
    used, pages = pack_shelves(shelf_items(sets, BLEEDS.get), A4)
    assert sheets == Sheets(shelf_sheets(pages, used, LABEL, FONT), shelf_back_sheets(pages, used, LABEL, FONT), True)


def test_a_set_without_backs_is_blank_behind() -> None:
    units = pieces("unites", "tile", "square", 17, ("u1", 1, drawing("u1-back", mm(17), mm(17))))
    chips = pieces("chips", "token", "round", 16, ("c", 1, None))
    sheets = impose_shared([units, chips], A3, BLEEDS.get, LABEL, FONT)
    assert uses(sheets.backs[0]) == [("u1-back", 8.5, round(to_mm(A3.height) - 26.0, 4))]  # landscape: flipped top to bottom
    bare = impose_shared([pieces("a", "tile", "square", 17, ("a", 1, None)),
                          pieces("b", "token", "round", 16, ("b", 1, None))], A4, BLEEDS.get, LABEL, FONT)
    assert bare.backs == [] and len(bare.fronts) == 1  # nothing has a back: no backs to print
    assert impose_shelves([], A4, LABEL, FONT) == Sheets([], [])


def test_hex_tiles_after_the_rows_one_numbering_every_front_its_back() -> None:
    """Hex tiles always print a back (their face when they have none), so the rows' sheets get
    theirs too, blank where nothing has one: each back sheet stays behind its front."""
    hexes = pieces("hexes", "tile", "hex", 50, ("h", 21, None))
    chips = pieces("chips", "token", "round", 16, ("c", 2, None))
    sheets = impose_shared([hexes, chips], A4, BLEEDS.get, LABEL, FONT)
    assert [p.label for p in sheets.fronts] == [p.label for p in sheets.backs] == ["01", "02", "03"]
    assert [len(uses(p)) for p in sheets.fronts] == [2, 20, 1] and [len(uses(p)) for p in sheets.backs] == [0, 20, 1]
    placed = pack_hexes([hexes.pieces[0].face] * 21, A4)
    fronts, backs = hex_pages([hexes], A4, 0.0, LABEL, FONT)
    assert fronts == hex_sheets(placed, A4, LABEL, FONT)
    assert backs == hex_back_sheets(placed, [[hexes.pieces[0].face] * 20, [hexes.pieces[0].face]], A4, LABEL, FONT)
    assert [p.children for p in sheets.fronts[1:]] == [p.children for p in fronts]
    alone = impose_shared([hexes, pieces("none", "token", "round", 16, ("n", 0, None))], A4, BLEEDS.get, LABEL, FONT)
    assert [p.label for p in alone.fronts] == ["01", "02"] and not alone.rows  # (the hexes' own numbering)
