"""pnp.components.tile: square and rectangular tiles in a grid with a cut line on every edge,
hex tiles in a honeycomb on sheets of their own size (a face its own back when it has none,
each page's backs behind its fronts), one numbering of the pages when a file holds both;
and what a tile is."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

from pnp.components.card import impose_grid
from pnp.components.kind import Sheets
from pnp.components.tile import TYPE, impose_tiles
from pnp.layout.fonts import bundled_fonts, metrics
from pnp.impose import PAPERS, SheetLabel, hex_back_sheets, hex_sheets, pack_hexes
from pnp.kit.pieces import Piece, PieceSet
from pnp.scene import Definition, Group, Rect, Style, Use
from pnp.model.sizes import hex_size
from pnp.units import mm

FONT = metrics(bundled_fonts()["SourceSansPro-Regular"])
A4 = PAPERS["a4"]
LABEL = SheetLabel("Game · tiles", "en")


def drawing(id: str, width: float, height: float) -> Definition:
    return Definition(id, width, height, Group((Rect(0, 0, width, height, Style(fill="#808080")),)))


def tiles(name: str, shape: str, size: tuple[float, float], *pieces: tuple[str, int, Definition | None]) -> PieceSet:
    """A set of tiles: each piece its id, copies and back."""
    made = [Piece(SimpleNamespace(id=id, group=None, position=1), id, drawing(id, *size), back,
                  back.id if back is not None else None, copies) for id, copies, back in pieces]
    return PieceSet(SimpleNamespace(name=name, type="tile", shape=shape, width=size[0], height=size[1],
                                    declaration={}), made)


def uses(page) -> list[str]:
    """What a sheet shows, in order: the ids its tiles use."""
    found = []
    for node in page.children:
        if isinstance(node, Group) and node.children and isinstance(node.children[0], Use):
            node = node.children[0]
        if isinstance(node, Use):
            found.append(node.ref)
    return found


HEX = hex_size(mm(50), "flat")  # 20 to an A4 sheet, 16 with 1 mm of bleed
SMALL = hex_size(mm(30), "pointy")
SQUARE = (mm(40), mm(40))


def test_the_tile_type() -> None:
    assert (TYPE.name, TYPE.tabletopia, TYPE.deck, TYPE.impose, TYPE.size, TYPE.shapes, TYPE.bleed) == (
        "tile", "Tile", False, impose_tiles, "square", ("hex", "square", "rect"), 0.0)
    assert (TYPE.cut_on_marks, TYPE.touching, TYPE.packed, TYPE.order, TYPE.print_on_demand, TYPE.assembly) == (
        ("square", "rect"), True, ("hex",), 40, True, None)
    assert TYPE.options == {"hex": {"enum": ["flat", "pointy"],
                                    "description": "For hex tiles: which way the hexagon points."}}


def test_square_tiles_in_a_grid_with_cut_lines() -> None:
    back = drawing("back", *SQUARE)
    square = tiles("squares", "square", SQUARE, ("a", 2, back), ("b", 1, None))
    rect = tiles("rects", "rect", SQUARE, ("c", 1, back))
    assert impose_tiles([square, rect], A4, mm(1), LABEL, FONT) == impose_grid([square, rect], A4, mm(1), LABEL, FONT,
                                                                               cuts=True)
    assert impose_tiles([square], A4, 0.0, LABEL, FONT) != impose_grid([square], A4, 0.0, LABEL, FONT)


def test_hex_tiles_in_a_honeycomb_with_their_backs_behind() -> None:
    back = drawing("back", *HEX)
    hexes = tiles("hexes", "hex", HEX, ("a", 10, back), ("b", 8, None))
    sheets = impose_tiles([hexes], A4, mm(1), LABEL, FONT)
    (a, b), (ba, _) = hexes.bled(mm(1))
    assert a.bleed == mm(1) and ba.bleed == mm(1)
    pages = pack_hexes([a] * 10 + [b] * 8, A4, mm(1))
    assert [len(p) for p in pages] == [16, 2]
    assert sheets == Sheets(hex_sheets(pages, A4, LABEL, FONT),
                            hex_back_sheets(pages, [[ba] * 10 + [b] * 6, [b] * 2], A4, LABEL, FONT))
    assert [uses(p) for p in sheets.backs] == [["back"] * 10 + ["b"] * 6, ["b"] * 2]
    assert [p.label for p in sheets.fronts + sheets.backs] == ["01", "02", "01", "02"]


def test_each_pages_backs_behind_its_fronts() -> None:
    hexes = tiles("hexes", "hex", HEX, *((id, 15, drawing(f"back-{id}", *HEX)) for id in "abc"))
    sheets = impose_tiles([hexes], A4, 0.0, LABEL, FONT)
    assert [uses(p) for p in sheets.fronts] == [["a"] * 15 + ["b"] * 5, ["b"] * 10 + ["c"] * 10, ["c"] * 5]
    assert [uses(p) for p in sheets.backs] == [["back-a"] * 15 + ["back-b"] * 5, ["back-b"] * 10 + ["back-c"] * 10,
                                               ["back-c"] * 5]


def test_without_bleed_the_sets_own_tiles() -> None:
    hexes = tiles("hexes", "hex", HEX, ("a", 1, None))
    face = hexes.pieces[0].face
    pages = pack_hexes([face], A4)
    assert impose_tiles([hexes], A4, 0.0, "", None) == Sheets(hex_sheets(pages, A4), hex_back_sheets(pages, [[face]],
                                                                                                      A4))


def test_each_size_of_hex_tile_on_sheets_of_its_own() -> None:
    large = tiles("large", "hex", HEX, ("a", 2, None))
    small = tiles("small", "hex", SMALL, ("s", 3, drawing("back-s", *SMALL)))
    more = tiles("more", "hex", HEX, ("c", 1, None))
    sheets = impose_tiles([large, small, more], A4, 0.0, LABEL, FONT)
    a, c, s, back = large.pieces[0].face, more.pieces[0].face, small.pieces[0].face, small.pieces[0].back
    assert [uses(p) for p in sheets.fronts] == [["a", "a", "c"], ["s", "s", "s"]]
    assert [uses(p) for p in sheets.backs] == [["a", "a", "c"], ["back-s"] * 3]
    first, second = pack_hexes([a, a, c], A4), pack_hexes([s, s, s], A4)
    fronts = hex_sheets(first, A4, LABEL, FONT) + hex_sheets(second, A4, LABEL, FONT)
    backs = hex_back_sheets(first, [[a, a, c]], A4, LABEL, FONT) + hex_back_sheets(second, [[back] * 3], A4, LABEL, FONT)
    # one numbering for the file's pages: each size's first sheet was "01", and the second's SVG
    # sheet (svg/sheets/NAME-PAPER-LABEL.svg) was written over the first's
    assert [p.label for p in fronts] == ["01", "01"]
    assert [p.label for p in sheets.fronts] == [p.label for p in sheets.backs] == ["01", "02"]
    assert [replace(p, label="") for p in sheets.fronts] == [replace(p, label="") for p in fronts]
    assert [replace(p, label="") for p in sheets.backs] == [replace(p, label="") for p in backs]


def test_one_numbering_of_a_files_grid_and_honeycomb_pages() -> None:
    square = tiles("squares", "square", SQUARE, ("q", 30, drawing("back-q", *SQUARE)))
    hexes = tiles("hexes", "hex", HEX, ("h", 21, None))
    sheets = impose_tiles([hexes, square], A4, 0.0, LABEL, FONT)
    grid = impose_grid([square], A4, 0.0, LABEL, FONT, cuts=True)
    pages = pack_hexes([hexes.pieces[0].face] * 21, A4)
    fronts = grid.fronts + hex_sheets(pages, A4, LABEL, FONT)
    backs = grid.backs + hex_back_sheets(pages, [[hexes.pieces[0].face] * 20, [hexes.pieces[0].face]], A4, LABEL,
                                         FONT)
    assert [p.label for p in fronts] == ["01", "02", "01", "02"]
    assert [p.label for p in sheets.fronts] == ["01", "02", "03", "04"]
    assert [p.label for p in sheets.backs] == ["01", "02", "03", "04"]
    assert [(p.width, p.height, p.children, p.definitions) for p in sheets.fronts] == \
        [(p.width, p.height, p.children, p.definitions) for p in fronts]
    assert [(p.width, p.height, p.children, p.definitions) for p in sheets.backs] == \
        [(p.width, p.height, p.children, p.definitions) for p in backs]


def test_nothing_to_print() -> None:
    assert impose_tiles([], A4, 0.0, LABEL, FONT) == Sheets([], [])
    assert impose_tiles([tiles("hexes", "hex", HEX, ("a", 0, None))], A4, 0.0, LABEL, FONT) == Sheets([], [])
    assert impose_tiles([tiles("squares", "square", SQUARE)], A4, 0.0, LABEL, FONT) == Sheets([], [])
