"""pnp.components.card: cards in a grid of as many as fit the paper, every copy, their colours
run past the trim by the bleed, the backs mirrored behind them (none when no piece has a
back), and a cut line on every edge when asked; and what a card is."""

from __future__ import annotations

from types import SimpleNamespace

from pnp.components.card import BLEED, TYPE, impose_grid
from pnp.components.kind import Sheets
from pnp.layout.fonts import bundled_fonts, metrics
from pnp.impose import PAPERS, SheetLabel, back_sheets, front_sheets, make_grid
from pnp.kit.pieces import Piece, PieceSet
from pnp.scene import Definition, Group, Rect, Style, Use
from pnp.units import mm

FONT = metrics(bundled_fonts()["SourceSansPro-Regular"])
A4 = PAPERS["a4"]
LABEL = SheetLabel("Game · cards", "fr")
POKER = (mm(63.5), mm(88.9))


def drawing(id: str, size: tuple[float, float] = POKER, colour: str = "#ffffff") -> Definition:
    """A piece drawn as a background of its colour: the bleed runs it past the trim."""
    return Definition(id, *size, Group((Rect(0, 0, *size, Style(fill=colour)),)))


def piece(id: str, copies: int = 1, back: Definition | None = None, size: tuple[float, float] = POKER) -> Piece:
    return Piece(SimpleNamespace(id=id, group=None, position=1), id, drawing(id, size), back,
                 back.id if back is not None else None, copies)


def cards(name: str, *pieces: Piece) -> PieceSet:
    return PieceSet(SimpleNamespace(name=name, type="card", shape="rect", declaration={}), list(pieces))


def placed(page) -> list[tuple[str, float, float]]:
    """What a sheet shows where: each piece's id and top-left corner (in points, to 0.001)."""
    return [(g.children[0].ref, round(g.children[0].transform[4], 3), round(g.children[0].transform[5], 3))
            for g in page.children if isinstance(g, Group) and g.children and isinstance(g.children[0], Use)]


def test_the_card_type() -> None:
    assert BLEED == mm(1)
    assert (TYPE.name, TYPE.tabletopia, TYPE.deck, TYPE.impose, TYPE.bleed, TYPE.order) == (
        "card", "Card", True, impose_grid, mm(1), 10)
    assert (TYPE.size, TYPE.shapes, TYPE.cut_on_marks, TYPE.touching, TYPE.print_on_demand, TYPE.tts) == (
        "poker", ("rect",), ("rect",), True, True, "Custom_Tile")
    assert (TYPE.options, TYPE.ink_saver, TYPE.printed, TYPE.whole, TYPE.assembly, TYPE.packed) == (
        {}, "backs", True, None, None, ())


def test_every_copy_bled_in_a_grid_with_the_backs_behind() -> None:
    back = drawing("back", colour="#000000")
    first = cards("cards", piece("a", 2, back), piece("b", 1, back), piece("none", 0, back))
    second = cards("more", piece("c", 8, drawing("back-c")))
    sheets = impose_grid([first, second], A4, BLEED, LABEL, FONT)
    (a, b, _), (ba, bb, _) = first.bled(BLEED)
    (c,), (bc,) = second.bled(BLEED)
    assert a.bleed == BLEED and ba.bleed == BLEED and a is not first.pieces[0].face
    grid = make_grid(A4, *POKER, BLEED)
    assert (grid.columns, grid.rows) == (3, 3)
    faces, backs = [a, a, b] + [c] * 8, [ba, ba, bb] + [bc] * 8
    assert sheets == Sheets(front_sheets(faces, grid, LABEL, FONT), back_sheets(backs, grid, False, LABEL, FONT))
    assert [placed(p) for p in sheets.fronts] == [
        [("a", 24.094, 37.276), ("a", 207.64, 37.276), ("b", 391.186, 37.276),
         ("c", 24.094, 294.945), ("c", 207.64, 294.945), ("c", 391.186, 294.945),
         ("c", 24.094, 552.614), ("c", 207.64, 552.614), ("c", 391.186, 552.614)],
        [("c", 24.094, 37.276), ("c", 207.64, 37.276)]]  # each at its trim less the bleed
    assert [placed(p) for p in sheets.backs] == [
        [("back", 391.186, 37.276), ("back", 207.64, 37.276), ("back", 24.094, 37.276),
         ("back-c", 391.186, 294.945), ("back-c", 207.64, 294.945), ("back-c", 24.094, 294.945),
         ("back-c", 391.186, 552.614), ("back-c", 207.64, 552.614), ("back-c", 24.094, 552.614)],
        [("back-c", 391.186, 37.276), ("back-c", 207.64, 37.276)]]
    assert [p.label for p in sheets.fronts + sheets.backs] == ["01", "02", "01", "02"]


def test_without_bleed_the_pieces_are_the_sets_own() -> None:
    back = drawing("back")
    deck = cards("cards", piece("a", 1, back), piece("b", 1, back))
    sheets = impose_grid([deck], A4, 0.0, "", None)
    a, b = (p.face for p in deck.pieces)
    grid = make_grid(A4, *POKER)
    assert sheets == Sheets(front_sheets([a, b], grid), back_sheets([back, back], grid))
    assert placed(sheets.fronts[0]) == [("a", 27.64, 42.945), ("b", 207.64, 42.945)]


def test_a_piece_without_a_back_leaves_its_place_blank() -> None:
    deck = cards("cards", piece("a", 1, None), piece("b", 1, drawing("back")), piece("c", 1, None))
    sheets = impose_grid([deck], A4, 0.0, LABEL, FONT)
    grid = make_grid(A4, *POKER)
    assert sheets.backs == back_sheets([None, deck.pieces[1].back, None], grid, False, LABEL, FONT)
    assert placed(sheets.backs[0]) == [("back", 207.64, 42.945)]


def test_no_backs_at_all() -> None:
    deck = cards("cards", piece("a", 2), piece("b", 1))
    sheets = impose_grid([deck], A4, BLEED, LABEL, FONT)
    assert sheets.backs == [] and len(sheets.fronts) == 1


def test_cut_lines_on_every_edge() -> None:
    tiles = cards("tiles", piece("a", 2, drawing("back", (mm(40), mm(40))), (mm(40), mm(40))))
    sheets = impose_grid([tiles], A4, 0.0, LABEL, FONT, cuts=True)
    grid = make_grid(A4, mm(40), mm(40))
    assert sheets == Sheets(front_sheets([tiles.pieces[0].face] * 2, grid, LABEL, FONT, True),
                            back_sheets([tiles.pieces[0].back] * 2, grid, True, LABEL, FONT))
    assert sheets != impose_grid([tiles], A4, 0.0, LABEL, FONT)


def test_the_grid_is_the_first_printed_pieces() -> None:
    small, large = (mm(40), mm(40)), (mm(100), mm(100))
    deck = cards("cards", piece("none", 0, None, large), piece("a", 1, None, small), piece("b", 1, None, small))
    sheets = impose_grid([deck], A4, 0.0, "", None)
    assert sheets.fronts == front_sheets([deck.pieces[1].face, deck.pieces[2].face], make_grid(A4, *small))
    assert placed(sheets.fronts[0]) == [("a", 70.868, 24.095), ("b", 184.254, 24.095)] and not sheets.rows


def test_pieces_of_several_sizes_in_rows_of_one_size() -> None:
    """Sets of two sizes sharing a print file: a grid cannot hold them, rows can (once a grid
    of the first size, the larger cards clipped to it)."""
    from pnp.components.shared import impose_shelves, shelf_items

    small, large = (mm(40), mm(40)), (mm(100), mm(100))
    back = drawing("back", small)
    deck = cards("cards", piece("a", 2, back, small), piece("b", 1, None, large))
    sheets = impose_grid([deck], A4, BLEED, LABEL, FONT)
    assert sheets.rows and sheets == impose_shelves(shelf_items([deck], lambda kind: BLEED), A4, LABEL, FONT)
    uses = [(n.ref, round(n.transform[4] / mm(1), 3), round(n.transform[5] / mm(1), 3))
            for n in sheets.fronts[0].children if isinstance(n, Use)]
    # (9 mm from the top: the 1 mm bleed outside the label's 8 mm line, where a landscape back has it)
    assert uses == [("a", 8.5, 9.0), ("a", 50.5, 9.0), ("b", 8.5, 51.0)]  # a 2 mm gutter: twice the bleed
    assert [n.ref for n in sheets.backs[0].children if isinstance(n, Use)] == ["back", "back"]  # b: blank


def test_nothing_to_print() -> None:
    assert impose_grid([], A4, BLEED, LABEL, FONT) == Sheets([], [])
    assert impose_grid([cards("cards")], A4, BLEED, LABEL, FONT) == Sheets([], [])
    assert impose_grid([cards("cards", piece("a", 0, drawing("back")))], A4, BLEED, LABEL, FONT) == Sheets([], [])
