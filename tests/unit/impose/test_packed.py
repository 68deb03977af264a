"""pnp.impose.packed: round and square tokens packed on the sheet with room to cut each out,
hex tiles in a honeycomb whose neighbours share their cut lines, and their backs."""

from __future__ import annotations

import math

import pytest

from pnp.layout.fonts import bundled_fonts, metrics
from pnp.impose.paper import PAPERS, ImpositionError, Paper
from pnp.impose.packed import (TOKEN_GAP, Placed, hex_back_sheets, hex_cut_lines, hex_sheets, pack_hexes, pack_tokens,
                               token_back_sheets, token_sheets)
from pnp.impose.sheets import SheetLabel
from pnp.scene import Circle, Definition, Group, Path, Rect, Style, Text, Use
from pnp.model.sizes import hex_size
from pnp.units import mm, to_mm

FONT = metrics(bundled_fonts()["SourceSansPro-Regular"])
A4, A3 = PAPERS["a4"], PAPERS["a3"]
CUT = Style(stroke="#000000", stroke_width=0.35)


def token(id: str, across_mm: float) -> Definition:
    return Definition(id, mm(across_mm), mm(across_mm), Group(()))


def hexagon(id: str, across_mm: float = 50, orientation: str = "flat") -> Definition:
    return Definition(id, *hex_size(mm(across_mm), orientation), Group(()))


def where(pages) -> list[list[tuple]]:
    """Each page's pieces: id, and top-left corner in mm."""
    return [[(p.definition.id, round(to_mm(p.x), 4), round(to_mm(p.y), 4)) for p in page] for page in pages]


def test_the_gap() -> None:
    assert to_mm(TOKEN_GAP) == pytest.approx(3.0)


def test_a_players_tokens_share_a_band() -> None:
    """A player's large token, and beside it its small ones in columns of as many as the band
    holds, centred in it; the tokens of one-token keys after that block, on its row where it
    has room, centred down the row."""
    tokens = [("p1", token("s1", 15)), ("p1", token("big", 40)), ("p1", token("s2", 15)), ("p1", token("s3", 15)),
              ("x", token("c1", 25)), ("y", token("c2", 25))]
    assert where(pack_tokens(tokens, A4)) == [[
        ("big", 6.5, 9.5), ("s1", 49.5, 13.0), ("s2", 49.5, 31.0), ("s3", 67.5, 22.0),
        ("c1", 85.5, 17.0), ("c2", 113.5, 17.0)]]


def test_tokens_over_several_sheets() -> None:
    chips = [(f"k{i}", token(f"t{i}", 39)) for i in range(40)]
    pages = pack_tokens(chips, A4)
    assert [len(p) for p in pages] == [24, 16]  # 4 across, 6 down
    assert where(pages)[0][:5] == [("t0", 6.5, 9.5), ("t1", 48.5, 9.5), ("t2", 90.5, 9.5), ("t3", 132.5, 9.5),
                                   ("t4", 6.5, 51.5)]
    assert where(pages)[0][-1] == ("t23", 132.5, 219.5)
    assert where(pages)[1][0] == ("t24", 6.5, 9.5)
    assert pack_tokens([], A4) == []


def test_a_band_full_to_the_millionth() -> None:
    # exactly 3 across: 5 mm + 1.5 mm of half a gap each side, 3 tokens and 2 gaps
    paper = Paper("p", "P", mm(13 + 3 * 40 + 2 * 3), mm(19 + 2 * 40 + 3))  # and exactly two bands down
    pages = pack_tokens([(f"k{i}", token(f"t{i}", 40)) for i in range(7)], paper)
    assert where(pages) == [[("t0", 6.5, 9.5), ("t1", 49.5, 9.5), ("t2", 92.5, 9.5), ("t3", 6.5, 52.5),
                             ("t4", 49.5, 52.5), ("t5", 92.5, 52.5)], [("t6", 6.5, 9.5)]]
    narrower = Paper("p", "P", paper.width - 0.01, paper.height - 0.01)
    assert [len(p) for p in pack_tokens([(f"k{i}", token(f"t{i}", 40)) for i in range(7)], narrower)] == [2, 2, 2, 1]


def test_a_players_band_goes_on_over_the_next() -> None:
    tokens = [("p", token("big", 60))] + [("p", token(f"s{i}", 20)) for i in range(20)]
    [page] = pack_tokens(tokens, A4)
    # two of 20 mm in a 60 mm band, centred in it; 5 columns beside the large token, then bands of their own
    assert [p for p in where([page])[0] if p[0] in ("s0", "s1", "s11", "s12", "s19")] == [
        ("s0", 69.5, 18.0), ("s1", 69.5, 41.0), ("s11", 29.5, 72.5), ("s12", 52.5, 72.5), ("s19", 29.5, 95.5)]
    assert [p for p in where([page])[0] if p[0] in ("s9", "s10", "s17", "s18")] == [
        ("s9", 161.5, 41.0), ("s10", 6.5, 72.5), ("s17", 167.5, 72.5), ("s18", 6.5, 95.5)]
    assert where([page])[0][0] == ("big", 6.5, 9.5)


def test_small_tokens_stacked_to_the_millionth() -> None:
    # two of 18.5 mm and the gap between them exactly fill a 40 mm band
    tokens = [("p", token("big", 40)), ("p", token("s1", 18.5)), ("p", token("s2", 18.5))]
    assert where(pack_tokens(tokens, A4)) == [[("big", 6.5, 9.5), ("s1", 49.5, 9.5), ("s2", 49.5, 31.0)]]
    # a fifth of a point larger: one a column, centred in the band
    d = 18.5 + to_mm(0.2)
    tokens = [("p", token("big", 40)), ("p", token("s1", d)), ("p", token("s2", d))]
    assert where(pack_tokens(tokens, A4)) == [[("big", 6.5, 9.5), ("s1", 49.5, 20.2147), ("s2", 71.0706, 20.2147)]]


def test_a_key_alone_in_a_group() -> None:
    tokens = [("a", token("a1", 20)), ("a", token("a2", 20)), ("b", token("b1", 30))]
    # b's token alone after a's block, on its row; a's centred down the row's 30 mm
    assert where(pack_tokens(tokens, A4)) == [[("a1", 6.5, 14.5), ("a2", 29.5, 14.5), ("b1", 52.5, 9.5)]]
    # no room left on the row: on the next
    narrow = Paper("p", "P", mm(13 + 43 + 3 + 30) - 0.01, mm(200))
    assert where(pack_tokens(tokens, narrow)) == [[("a1", 6.5, 9.5), ("a2", 29.5, 9.5), ("b1", 6.5, 32.5)]]


def companies(markers: int = 17) -> list[tuple[str, Definition]]:
    """Six companies' tokens as The Anarchy prints them: a 39 mm chip and 15 mm markers each."""
    return [(c, token(f"{c}-{i}", 39 if i == 0 else 15)) for c in "abcdef" for i in range(markers + 1)]


def test_two_players_blocks_share_a_row() -> None:
    """On A3 (407 mm between the margins) a company's block, its chip and 17 markers in nine
    columns of two (201 mm), stands beside another's, 3 mm apart: three rows of two."""
    [page] = pack_tokens(companies(), A3)
    found = where([page])[0]
    assert [p for p in found if p[0].endswith("-0")] == [
        ("a-0", 6.5, 9.5), ("b-0", 210.5, 9.5), ("c-0", 6.5, 51.5), ("d-0", 210.5, 51.5), ("e-0", 6.5, 93.5),
        ("f-0", 210.5, 93.5)]
    assert [p for p in found if p[0] in ("a-1", "a-2", "a-17", "b-17", "f-17")] == [
        ("a-1", 48.5, 12.5), ("a-2", 48.5, 30.5), ("a-17", 192.5, 21.5), ("b-17", 396.5, 21.5), ("f-17", 396.5, 105.5)]
    # one marker more each and the blocks are a column wider: one to a row
    assert [p for p in where(pack_tokens(companies(19), A3))[0] if p[0] == "b-0"] == [("b-0", 6.5, 51.5)]


def test_what_does_not_fit_a_players_block_comes_after_every_block() -> None:
    """On A4 (197 mm between the margins) a company's block holds its chip and 16 markers:
    the six seventeenth markers share a row after the six blocks, so the whole fits one
    sheet."""
    [page] = pack_tokens(companies(), A4)
    found = where([page])[0]
    assert [p for p in found if p[0].endswith("-0")] == [
        ("a-0", 6.5, 9.5), ("b-0", 6.5, 51.5), ("c-0", 6.5, 93.5), ("d-0", 6.5, 135.5), ("e-0", 6.5, 177.5),
        ("f-0", 6.5, 219.5)]
    assert found[-6:] == [("a-17", 6.5, 261.5), ("b-17", 24.5, 261.5), ("c-17", 42.5, 261.5), ("d-17", 60.5, 261.5),
                          ("e-17", 78.5, 261.5), ("f-17", 96.5, 261.5)]
    assert len(found) == 6 * 18


def test_a_band_too_tall_for_the_rest_of_the_sheet() -> None:
    tokens = [(f"k{i}", token(f"t{i}", 130)) for i in range(3)]
    assert where(pack_tokens(tokens, A4)) == [[("t0", 6.5, 9.5), ("t1", 6.5, 142.5)], [("t2", 6.5, 9.5)]]


@pytest.mark.parametrize(("paper", "across", "message"), [
    (A4, 200, "a token 200 mm across does not fit A4"),
    (Paper("p", "Tall", mm(100), mm(500)), 88, "a token 88 mm across does not fit Tall"),
    (Paper("p", "Wide", mm(500), mm(100)), 82, "a token 82 mm across does not fit Wide"),
])
def test_a_token_too_large(paper: Paper, across: float, message: str) -> None:
    with pytest.raises(ImpositionError) as raised:
        pack_tokens([("a", token("t", across))], paper)
    assert str(raised.value) == message


def test_the_largest_token_that_fits() -> None:
    assert where(pack_tokens([("a", token("t", 86.99))], Paper("p", "P", mm(100), mm(106)))) == [[("t", 6.5, 9.5)]]
    paper = Paper("p", "P", mm(100), mm(100))
    assert where(pack_tokens([("a", token("t", 80.99)), ("b", token("u", 80.99))], paper)) == [[("t", 6.5, 9.5)],
                                                                                                [("u", 6.5, 9.5)]]


def test_a_tokens_own_gap() -> None:
    tokens = [("a", token("t1", 20)), ("b", token("t2", 20))]
    assert where(pack_tokens(tokens, A4, gap=mm(5))) == [[("t1", 7.5, 10.5), ("t2", 32.5, 10.5)]]


def test_token_sheets() -> None:
    pages = pack_tokens([(f"k{i}", token(f"t{i % 2}", 39)) for i in range(30)], A4)
    sheets = token_sheets(pages, A4, label=SheetLabel("Game · chips"), font=FONT)
    assert [(s.width, s.height, s.label) for s in sheets] == [(595.28, 841.89, "01"), (595.28, 841.89, "02")]
    first = sheets[0]
    x, y, d = pages[0][1].x, pages[0][1].y, mm(39)
    assert first.children[2:4] == (Use("t1", (1.0, 0.0, 0.0, 1.0, x, y)), Circle(x + d / 2, y + d / 2, d / 2, CUT))
    assert len(first.children) == 2 * 24 + 1
    assert first.children[-1] == Text(297.64, 841.89 - mm(5.6), "Game · chips · fronts · page 1 of 2 · A4",
                                      "SourceSansPro-Regular", 6.0, "#5f5f5f", "middle")
    assert [d.id for d in first.definitions] == ["t0", "t1"]
    square = token_sheets(pages, A4, round_=False)
    assert square[0].children[1] == Rect(pages[0][0].x, pages[0][0].y, d, d, CUT)
    assert len(square[1].children) == 2 * 6
    assert len(token_sheets(pages, A4, font=FONT)[1].children) == 2 * 6  # no label: none printed
    backs = {"t0": token("b0", 39), "t1": token("b1", 39)}
    assert len(token_back_sheets(pages, backs, A4, font=FONT)[1].children) == 2 * 6


def test_token_backs_mirrored() -> None:
    pages = pack_tokens([("a", token("t", 30)), ("b", token("u", 20))], A4)
    backs = {"t": token("t-back", 30), "u": token("u-back", 20)}
    [sheet] = token_back_sheets(pages, backs, A4, label=SheetLabel("Jeu", "fr"), font=FONT)
    t, u = pages[0]
    tx, ux = 595.28 - t.x - mm(30), 595.28 - u.x - mm(20)
    assert sheet.children[:4] == (Use("t-back", (1.0, 0.0, 0.0, 1.0, tx, t.y)),
                                  Circle(tx + mm(15), t.y + mm(15), mm(15), CUT),
                                  Use("u-back", (1.0, 0.0, 0.0, 1.0, ux, u.y)),
                                  Circle(ux + mm(10), u.y + mm(10), mm(10), CUT))
    assert sheet.children[4].text == "Jeu · verso · page 1 sur 1 · A4 · au dos de la page 1"
    assert [d.id for d in sheet.definitions] == ["t-back", "u-back"]
    assert (sheet.width, sheet.height, sheet.label) == (595.28, 841.89, "01")
    [landscape] = token_back_sheets(pages, backs, A3, round_=False)
    assert landscape.children[1] == Rect(t.x, 841.89 - t.y - mm(30), mm(30), mm(30), CUT)
    assert len(landscape.children) == 4


FLAT_A4 = [("h0", 11.1814, 11.0), ("h1", 97.7839, 11.0), ("h2", 54.4826, 36.0), ("h3", 141.0852, 36.0),
           ("h4", 11.1814, 61.0)]


def test_hex_tiles_flat() -> None:
    """Flat-topped tiles 50 mm across on A4: 4 columns of 5, every other one half a tile down,
    neighbours touching, the honeycomb centred; in reading order."""
    tiles = [hexagon(f"h{i}") for i in range(30)]
    pages = pack_hexes(tiles, A4)
    assert [len(p) for p in pages] == [20, 10]
    assert where(pages)[0][:5] == FLAT_A4
    assert where(pages)[0][-1] == ("h19", 141.0852, 236.0)
    assert where(pages)[1][-1] == ("h29", 97.7839, 111.0)
    long_side = mm(100) / math.sqrt(3)
    step = long_side * 0.75
    assert pages[0][1].x - pages[0][0].x == pytest.approx(2 * step)
    assert pages[0][4].y - pages[0][0].y == pytest.approx(mm(50))
    used_x = long_side + 3 * step
    assert pages[0][0].x == pytest.approx((595.28 - used_x) / 2)
    assert pages[0][0].y == pytest.approx((841.89 - 5.5 * mm(50)) / 2)
    assert pack_hexes([], A4) == []


def test_hex_tiles_with_bleed_spread_apart() -> None:
    tiles = [hexagon(f"h{i}") for i in range(30)]
    pages = pack_hexes(tiles, A4, mm(1))
    assert [len(p) for p in pages] == [16, 14]
    assert where(pages)[0][:5] == [("h0", 8.5833, 32.5), ("h1", 98.6499, 32.5), ("h2", 53.6166, 58.5),
                                   ("h3", 143.6832, 58.5), ("h4", 8.5833, 84.5)]
    assert pages[0][4].y - pages[0][0].y == pytest.approx(mm(52))  # the tile and twice the bleed


def test_hex_tiles_pointy() -> None:
    tiles = [hexagon(f"h{i}", orientation="pointy") for i in range(30)]
    pages = pack_hexes(tiles, A4)
    assert [len(p) for p in pages] == [18, 12]
    # (placed as flat tiles on the paper turned over its diagonal: in columns, each column down)
    assert where(pages)[0][:5] == [("h0", 17.5008, 11.3794), ("h1", 17.5008, 97.9819), ("h2", 17.5008, 184.5844),
                                   ("h3", 42.5008, 54.6806), ("h4", 42.5008, 141.2832)]
    [[one]] = pack_hexes(tiles[:1], A3)
    assert (round(to_mm(one.x), 4), round(to_mm(one.y), 4)) == (22.4998, 11.3794)
    [[one]] = pack_hexes(tiles[:1], A4, mm(2))
    assert (round(to_mm(one.x), 4), round(to_mm(one.y), 4)) == (12.5008, 26.1018)


def test_one_column_of_hex_tiles() -> None:
    # a paper one tile wide: a single column, not offset
    paper = Paper("p", "P", mm(10) + mm(100) / math.sqrt(3) + 1.0, mm(16) + mm(150))
    pages = pack_hexes([hexagon(f"h{i}") for i in range(4)], paper)
    assert where(pages) == [[("h0", 5.1764, 8.0), ("h1", 5.1764, 58.0), ("h2", 5.1764, 108.0)], [("h3", 5.1764, 8.0)]]
    # two columns need room for the second's half-tile offset
    wide = Paper("p", "P", mm(10) + mm(100) / math.sqrt(3) * 1.75 + 1.0, mm(16) + mm(150))
    assert where(pack_hexes([hexagon(f"h{i}") for i in range(6)], wide)) == [
        [("h0", 5.1764, 20.5), ("h1", 48.4777, 45.5), ("h2", 5.1764, 70.5), ("h3", 48.4777, 95.5)],
        [("h4", 5.1764, 20.5), ("h5", 48.4777, 45.5)]]


def test_pointy_tiles_across_the_width() -> None:
    long_side = mm(100) / math.sqrt(3)
    # room down the sheet for one tile, across it for two: 5 mm from the sides
    paper = Paper("p", "P", mm(10) + 2 * mm(50) + 1.0, mm(16) + long_side + 1.0)
    pages = pack_hexes([hexagon(f"h{i}", orientation="pointy") for i in range(3)], paper)
    assert where(pages) == [[("h0", 5.1764, 8.1764), ("h1", 55.1764, 8.1764)], [("h2", 5.1764, 8.1764)]]
    paper = Paper("p", "P", mm(155), paper.height)  # three would fit but for the 5 mm each side
    pages = pack_hexes([hexagon(f"h{i}", orientation="pointy") for i in range(3)], paper)
    assert where(pages) == [[("h0", 27.5, 8.1764), ("h1", 77.5, 8.1764)], [("h2", 27.5, 8.1764)]]


def test_a_second_column_to_the_millionth() -> None:
    long_side = mm(100) / math.sqrt(3)
    narrow = Paper("p", "P", mm(10) + 1.75 * long_side - 0.5, mm(16) + mm(100))
    assert where(pack_hexes([hexagon(f"h{i}") for i in range(3)], narrow)) == [
        [("h0", 26.5624, 8.0), ("h1", 26.5624, 58.0)], [("h2", 26.5624, 8.0)]]
    wide = Paper("p", "P", mm(10) + 1.75 * long_side + 0.5, mm(16) + mm(100))
    assert where(pack_hexes([hexagon(f"h{i}") for i in range(3)], wide)) == [
        [("h0", 5.0882, 20.5), ("h1", 48.3895, 45.5)], [("h2", 5.0882, 20.5)]]


@pytest.mark.parametrize(("paper", "tile", "message"), [
    (A4, hexagon("h", 230), "a hex tile 230 mm across does not fit A4"),
    (A4, hexagon("h", 230, "pointy"), "a hex tile 230 mm across does not fit A4"),
    (Paper("p", "Small", mm(60), mm(60)), hexagon("h", 50), "a hex tile 50 mm across does not fit Small"),
])
def test_hex_tiles_too_large(paper: Paper, tile: Definition, message: str) -> None:
    with pytest.raises(ImpositionError) as raised:
        pack_hexes([tile], paper)
    assert str(raised.value) == message


def test_the_largest_hex_tile_that_fits() -> None:
    long_side = mm(100) / math.sqrt(3)
    paper = Paper("p", "P", long_side + mm(10), mm(50) + mm(16))
    [[one]] = pack_hexes([hexagon("h")], paper)
    assert (one.x, one.y) == (pytest.approx(mm(5)), pytest.approx(mm(8)))
    with pytest.raises(ImpositionError):
        pack_hexes([hexagon("h")], Paper("p", "P", paper.width - 0.01, paper.height))
    with pytest.raises(ImpositionError):
        pack_hexes([hexagon("h")], Paper("p", "P", paper.width, paper.height - 0.01))


def test_hex_cut_lines_each_edge_once() -> None:
    [[a, b, c, *_]] = pack_hexes([hexagon(f"h{i}") for i in range(4)], A4)
    assert len(hex_cut_lines([a])) == 6
    assert len(hex_cut_lines([a, c])) == 11  # neighbours: one edge shared
    assert len(hex_cut_lines([a, b])) == 12  # two columns apart
    cx, cy = a.x + a.definition.width / 2, a.y + a.definition.height / 2
    r = mm(100) / math.sqrt(3) / 2
    first = hex_cut_lines([a])[0]
    assert first[0] == pytest.approx((cx + r, cy)) and first[1] == pytest.approx((cx + r / 2, cy + mm(25)))
    last = hex_cut_lines([a])[5]
    assert last[0] == pytest.approx((cx + r / 2, cy - mm(25))) and last[1] == pytest.approx((cx + r, cy))
    pages = pack_hexes([hexagon(f"h{i}") for i in range(20)], A4)
    assert len(hex_cut_lines(pages[0])) == 77
    [[p]] = pack_hexes([hexagon("p", orientation="pointy")], A4)
    assert [tuple(round(v, 4) for v in (*a, *b)) for a, b in hex_cut_lines([p])] == [
        (191.3408, 73.171, 191.3408, 155.0002), (191.3408, 155.0002, 120.4746, 195.9148),
        (120.4746, 195.9148, 49.6085, 155.0002), (49.6085, 155.0002, 49.6085, 73.171),
        (49.6085, 73.171, 120.4746, 32.2564), (120.4746, 32.2564, 191.3408, 73.171)]


def test_hex_sheets() -> None:
    tiles = [hexagon(f"h{i % 3}") for i in range(25)]
    pages = pack_hexes(tiles, A4)
    sheets = hex_sheets(pages, A4, SheetLabel("Game · tiles"), FONT)
    assert [(s.width, s.height, s.label) for s in sheets] == [(595.28, 841.89, "01"), (595.28, 841.89, "02")]
    first = sheets[0]
    assert first.children[:2] == (Use("h0", (1.0, 0.0, 0.0, 1.0, pages[0][0].x, pages[0][0].y)),
                                  Use("h1", (1.0, 0.0, 0.0, 1.0, pages[0][1].x, pages[0][1].y)))
    segments = hex_cut_lines(pages[0])
    assert first.children[20] == Path(tuple(c for a, b in segments for c in (("M", *a), ("L", *b))),
                                      Style(stroke="#000000", stroke_width=0.35, line_cap="round"))
    assert first.children[21].text == "Game · tiles · fronts · page 1 of 2 · A4 · cut on the lines"
    assert len(first.children) == 22
    assert [d.id for d in first.definitions] == ["h0", "h1", "h2"]
    assert hex_sheets(pages, A4, SheetLabel("Jeu", "fr"), FONT)[1].children[-1].text == (
        "Jeu · recto · page 2 sur 2 · A4 · coupez sur les traits")
    assert len(hex_sheets(pages, A4)[0].children) == 21
    assert len(hex_sheets(pages, A4, font=FONT)[0].children) == 21  # no label: none printed
    backs = [[hexagon("b")] * len(p) for p in pages]
    assert len(hex_back_sheets(pages, backs, A4, font=FONT)[0].children) == 21


def test_hex_backs_mirrored() -> None:
    tiles = [hexagon(f"h{i}") for i in range(22)]
    pages = pack_hexes(tiles, A4)
    backs = [[hexagon(f"b{i}") for i in range(20)], [hexagon("b20"), hexagon("b21")]]
    sheets = hex_back_sheets(pages, backs, A4, SheetLabel("Game"), FONT)
    assert len(sheets) == 2
    first = sheets[0]
    p = pages[0][1]
    assert first.children[1] == Use("b1", (1.0, 0.0, 0.0, 1.0, 595.28 - p.x - p.definition.width, p.y))
    mirrored = [Placed(b, 595.28 - q.x - q.definition.width, q.y) for q, b in zip(pages[0], backs[0])]
    assert first.children[20] == Path(tuple(c for a, b in hex_cut_lines(mirrored) for c in (("M", *a), ("L", *b))),
                                      Style(stroke="#000000", stroke_width=0.35, line_cap="round"))
    assert first.children[21].text == "Game · backs · page 1 of 2 · A4 · on the back of page 1"
    assert (sheets[1].label, len(sheets[1].children), [d.id for d in sheets[1].definitions]) == (
        "02", 4, ["b20", "b21"])
    [landscape] = hex_back_sheets([pages[1]], [backs[1]], A3)
    q = pages[1][0]
    assert landscape.children[0] == Use("b20", (1.0, 0.0, 0.0, 1.0, q.x, 841.89 - q.y - q.definition.height))


def test_a_key_of_one_size_stays_together() -> None:
    """Coins of two values, more than a row of each, and a single token: each value's rest
    follows its own block (as large as its first), the single token after them all, beside
    the last block where it has room."""
    tokens = ([("one", token(f"a{i}", 24)) for i in range(9)] + [("three", token(f"b{i}", 24)) for i in range(8)]
              + [("x", token("p", 13))])
    [page] = pack_tokens(tokens, A4)
    assert where([page])[0][6:10] == [("a6", 168.5, 9.5), ("a7", 6.5, 36.5), ("a8", 33.5, 36.5), ("b0", 6.5, 63.5)]
    assert where([page])[0][-3:] == [("b6", 168.5, 63.5), ("b7", 6.5, 90.5), ("p", 33.5, 96.0)]


def test_a_short_row_fills_an_earlier_sheet() -> None:
    """Two keys of two 130 mm tokens, a row each, two rows to a sheet just as wide; the single
    10 mm token after them goes under the first sheet's rows, the first with room for it."""
    paper = Paper("p", "P", mm(13 + 130) + 0.01, mm(19 + 2 * 130 + 3 + 15))
    tokens = [(k, token(f"{k}{i}", 130)) for k in "ab" for i in range(2)] + [("x", token("x", 10))]
    assert where(pack_tokens(tokens, paper)) == [[("a0", 6.5, 9.5), ("a1", 6.5, 142.5), ("x", 6.5, 275.5)],
                                                 [("b0", 6.5, 9.5), ("b1", 6.5, 142.5)]]
