"""pnp.impose.tiled: a large page (a board) on paper, whole where it fits, else in parts that
overlap, with ticks to line them up."""

from __future__ import annotations

import pytest

from pnp.layout.fonts import bundled_fonts, metrics
from pnp.impose.paper import PAPERS, Paper
from pnp.impose.sheets import SheetLabel
from pnp.impose.tiled import TILE_MARGIN, TILE_OVERLAP, Tile, tile_grid, tile_scale, tiled_pages, whole_page
from pnp.scene import Definition, Group, Path, Rect, Style, Text, Use
from pnp.units import mm

FONT = metrics(bundled_fonts()["SourceSansPro-Regular"])
A4 = PAPERS["a4"]
A4_TURNED = Paper("a4", "A4", 841.89, 595.28)
GREY = "#5f5f5f"
BASELINE = 841.89 - mm(5.6)


def board(width_mm: float, height_mm: float, id: str = "board") -> Definition:
    return Definition(id, mm(width_mm), mm(height_mm), Group(()))


def test_margin_and_overlap() -> None:
    assert (TILE_MARGIN, TILE_OVERLAP) == (pytest.approx(mm(10)), pytest.approx(mm(12)))


def test_parts_of_a_board() -> None:
    """500 x 400 mm at its own size on A4: 3 across, 2 down, each part as short as the 12 mm
    overlap allows and inside 10 mm margins."""
    tiles = tile_grid(mm(500), mm(400), A4)
    width, height = (mm(500) + 2 * mm(12)) / 3, (mm(400) + mm(12)) / 2
    assert (width, height) == pytest.approx((495.1181, 583.9370), abs=5e-5)
    assert tiles == [Tile(r, c, c * (width - mm(12)), r * (height - mm(12)), width, height)
                     for r in range(2) for c in range(3)]
    assert [v for t in tiles for v in (t.x, t.y)] == pytest.approx(
        [0.0, 0.0, 461.1024, 0.0, 922.2047, 0.0, 0.0, 549.9213, 461.1024, 549.9213, 922.2047, 549.9213], abs=5e-5)
    assert tiles[0].x == 0.0 and tiles[0].y == 0.0


def test_a_page_that_fits_is_one_part() -> None:
    room_w, room_h = 595.28 - 2 * mm(10), 841.89 - 2 * mm(10)
    assert tile_grid(room_w, room_h, A4) == [Tile(0, 0, 0.0, 0.0, room_w, room_h)]
    assert tile_grid(100.0, 50.0, A4) == [Tile(0, 0, 0.0, 0.0, 100.0, 50.0)]
    assert len(tile_grid(room_w + 1e-3, room_h, A4)) == 2
    assert len(tile_grid(room_w, room_h + 1e-3, A4)) == 2


def test_parts_with_another_margin_and_overlap() -> None:
    paper = Paper("p", "P", 120.0, 100.0)
    tiles = tile_grid(230.0, 70.0, paper, margin=10.0, overlap=20.0)  # room 100 x 80
    assert tiles == [Tile(0, 0, 0.0, 0.0, 90.0, 70.0), Tile(0, 1, 70.0, 0.0, 90.0, 70.0),
                     Tile(0, 2, 140.0, 0.0, 90.0, 70.0)]
    assert tile_grid(180.0, 70.0, paper, margin=10.0, overlap=20.0)[1] == Tile(0, 1, 80.0, 0.0, 100.0, 70.0)
    assert len(tile_grid(180.0 + 1e-3, 70.0, paper, margin=10.0, overlap=20.0)) == 3
    assert tile_scale(230.0, 70.0, paper, margin=10.0, overlap=20.0) == pytest.approx(300 / 270)
    assert tile_scale(230.0, 75.0, paper, margin=10.0, overlap=20.0) == pytest.approx(80 / 75)  # by its height
    assert tile_scale(180.0, 70.0, paper, margin=10.0, overlap=20.0) == 1.0
    tiles = tile_grid(70.0, 230.0, Paper("p", "P", 100.0, 120.0), margin=10.0, overlap=20.0)
    assert tiles[2] == Tile(2, 0, 0.0, 140.0, 70.0, 90.0)
    # a part may pass its room by a millionth of a point, not more
    assert len(tile_grid(100.0 + 1e-6, 50.0, paper, margin=10.0)) == 1
    assert len(tile_grid(100.0 + 2e-6, 50.0, paper, margin=10.0)) == 2


def test_the_scale_of_the_parts() -> None:
    """The parts' sheets filled, the board grown by as much as both directions allow."""
    room_w, room_h = 595.28 - 2 * mm(10), 841.89 - 2 * mm(10)
    expected = min(3 * room_w / (mm(500) + 2 * mm(12)), 2 * room_h / (mm(400) + mm(12)))
    assert tile_scale(mm(500), mm(400), A4) == pytest.approx(expected, abs=1e-12)
    assert expected == pytest.approx(1.0878, abs=5e-5)
    assert tile_scale(mm(400), mm(250), A4) == pytest.approx(1.1080, abs=5e-5)  # 3 parts, across
    assert tile_scale(mm(250), mm(400), A4) == pytest.approx(1.3447, abs=5e-5)  # 2 x 2
    assert tile_scale(mm(100), mm(100), A4) == pytest.approx(1.9000, abs=5e-5)  # one sheet, filled
    # never smaller, not even by the millionth of a point a part may pass its room
    assert tile_scale(room_w + 5e-7, room_h, A4) == 1.0
    assert tile_scale(room_w, room_h + 5e-7, A4) == 1.0


def ticks(page) -> list[tuple]:
    return [tuple(round(v, 4) for v in (*n.commands[0][1:], *n.commands[1][1:])) for n in page.children
            if isinstance(n, Path)]


def test_tiled_pages() -> None:
    pages = tiled_pages(board(500, 400), A4, "Game · board", FONT)
    assert [(p.width, p.height, p.label) for p in pages] == [
        (595.28, 841.89, f"r{r}c{c}") for r in (1, 2) for c in (1, 2, 3)]
    grow = tile_scale(mm(500), mm(400), A4)
    width, height = (mm(500) * grow + 2 * mm(12) * grow) / 3, (mm(400) * grow + mm(12) * grow) / 2
    left, top = (595.28 - width) / 2, (841.89 - height) / 2  # each part centred on its sheet
    assert (left, top) == pytest.approx((mm(10), 103.3431), abs=5e-5)
    first = pages[0]
    assert first.definitions == (board(500, 400),)
    [group] = first.children[:1]
    assert group.clip == Rect(left, top, width, height, Style())
    [use] = group.children
    assert use.ref == "board"
    assert use.transform == pytest.approx((grow, 0.0, 0.0, grow, left, top), abs=1e-9)
    assert pages[4].children[0].children[0].transform == pytest.approx(
        (grow, 0.0, 0.0, grow, left - (width - mm(12) * grow), top - (height - mm(12) * grow)), abs=1e-9)
    # ticks 1 mm off the part, out to 5.5 mm from the paper's edge, at the middle of each overlap
    assert ticks(first) == [(548.4325, 100.5084, 548.4325, 90.5872), (548.4325, 741.3816, 548.4325, 751.3028),
                            (25.5118, 720.0458, 15.5906, 720.0458), (569.7682, 720.0458, 579.6894, 720.0458)]
    assert ticks(pages[1]) == [(46.8475, 100.5084, 46.8475, 90.5872), (46.8475, 741.3816, 46.8475, 751.3028),
                               (548.4325, 100.5084, 548.4325, 90.5872), (548.4325, 741.3816, 548.4325, 751.3028),
                               (25.5118, 720.0458, 15.5906, 720.0458), (569.7682, 720.0458, 579.6894, 720.0458)]
    assert ticks(pages[5]) == [(46.8475, 100.5084, 46.8475, 90.5872), (46.8475, 741.3816, 46.8475, 751.3028),
                               (25.5118, 121.8442, 15.5906, 121.8442), (569.7682, 121.8442, 579.6894, 121.8442)]
    # the same place of the grown board on both sheets of an overlap (their parts start at 0 and 501.6 pt of it)
    assert 548.4325 - left == pytest.approx(46.8475 - left + (width - mm(12) * grow), abs=1e-3)
    assert {n.style for n in first.children if isinstance(n, Path)} == {Style(stroke="#000000", stroke_width=0.5)}
    assert {(n.commands[0][0], n.commands[1][0], len(n.commands)) for n in first.children if isinstance(n, Path)} == {
        ("M", "L", 2)}
    assert first.children[-2] == Rect(left, top, width, height, Style(stroke="#9a9a9a", stroke_width=0.3))
    assert first.children[-1] == Text(297.64, BASELINE, "Game · board · row 1 of 2, column 1 of 3 · A4 · 109 % · lay the "
                                      "parts over each other with the ticks in line and tape", "SourceSansPro-Regular",
                                      6.0, GREY, "middle")
    assert pages[5].children[-1].text.startswith("Game · board · row 2 of 2, column 3 of 3 · A4 · 109 % · ")
    assert len(first.children) == 7


def test_ticks_of_parts_in_one_column() -> None:
    pages = tiled_pages(board(250, 400), A4, "", FONT)  # three parts down a turned sheet
    assert [ticks(p) for p in pages] == [
        [(25.5118, 500.7443, 15.5906, 500.7443), (816.3782, 500.7443, 826.2994, 500.7443)],
        [(25.5118, 94.5357, 15.5906, 94.5357), (816.3782, 94.5357, 826.2994, 94.5357),
         (25.5118, 500.7443, 15.5906, 500.7443), (816.3782, 500.7443, 826.2994, 500.7443)],
        [(25.5118, 94.5357, 15.5906, 94.5357), (816.3782, 94.5357, 826.2994, 94.5357)]]
    pages = tiled_pages(board(400, 250), A4, "", FONT)  # three parts across an upright sheet
    assert [len(ticks(p)) for p in pages] == [2, 4, 2]
    assert {t[0] for t in ticks(pages[1])} == {t[0] for t in ticks(pages[0])} | {t[0] for t in ticks(pages[2])}


def test_tiled_pages_in_another_language() -> None:
    pages = tiled_pages(board(500, 300), PAPERS["a3"], SheetLabel("Jeu", "fr"), FONT)  # upright A3: 2 sheets
    assert [(p.width, p.height) for p in pages] == [(841.89, 1190.55)] * 2
    # (an upright sheet is named without its way round: it said "A3 paysage", landscape)
    assert pages[0].children[-1].text == ("Jeu · rangée 1 sur 1, colonne 1 sur 2 · A3 · 108 % · superposez les "
                                          "parties, repères alignés, et scotchez")


def test_tiled_pages_without_a_label() -> None:
    pages = tiled_pages(board(500, 400), A4, "", FONT)
    assert [type(n) for n in pages[0].children] == [Group, Path, Path, Path, Path, Rect]


def test_tiled_pages_turned_when_that_takes_fewer_sheets() -> None:
    pages = tiled_pages(board(250, 400), A4, "G", FONT)  # 3 sheets turned, 4 upright
    assert [(p.width, p.height, p.label) for p in pages] == [(841.89, 595.28, f"r{r}c1") for r in (1, 2, 3)]
    assert pages[0].children[0].children[0].transform[0] == pytest.approx(tile_scale(mm(250), mm(400), A4_TURNED))
    assert pages[0].children[-1].text.startswith("G · row 1 of 3, column 1 of 1 · A4 · 111 % · ")
    assert pages[0].children[-1].x == pytest.approx(841.89 / 2)


def test_tiled_pages_turned_when_as_many_sheets_grow_it_more() -> None:
    pages = tiled_pages(board(250, 275), A4, "G", FONT)  # 2 sheets either way: 101 % upright, 111 % turned
    assert [(p.width, p.height, p.label) for p in pages] == [(841.89, 595.28, "r1c1"), (841.89, 595.28, "r2c1")]
    pages = tiled_pages(board(500, 400), A4_TURNED, "G", FONT)  # 6 either way: 108 % turned, 109 % upright
    assert [(p.width, p.height) for p in pages] == [(595.28, 841.89)] * 6
    pages = tiled_pages(board(400, 400), A4, "G", FONT)  # a square board grows as much either way: as it is
    assert [(p.width, p.height) for p in pages] == [(595.28, 841.89)] * 6
    pages = tiled_pages(board(250, 400), A4, "G", FONT)
    assert pages[0].children[-1].text.split(" · ")[2] == "A4"  # the paper named as pnp names it


def test_a_board_that_fits_whole() -> None:
    page = whole_page(Definition("small", 100.0, 200.0, Group(())), A4, "G", FONT)
    assert (page.width, page.height, page.label) == (595.28, 841.89, "")
    assert page.children == (Use("small", (1.0, 0.0, 0.0, 1.0, 247.64, pytest.approx(316.6930, abs=5e-5))),
                             Text(297.64, BASELINE, "G · A4", "SourceSansPro-Regular", 6.0, GREY, "middle"))
    assert page.children[0].transform[5] == pytest.approx(mm(5) + (841.89 - mm(5) - mm(8) - 200.0) / 2)
    assert page.definitions == (Definition("small", 100.0, 200.0, Group(())),)
    assert whole_page(Definition("small", 100.0, 200.0, Group(())), A4, "", FONT).children[1:] == ()


def test_a_board_scaled_down_to_fit_a_turned_sheet() -> None:
    page = whole_page(board(500, 400), A4, "Game · board", FONT)
    assert (page.width, page.height) == (841.89, 595.28)
    grow = min((841.89 - 2 * mm(5)) / mm(500), (595.28 - mm(5) - mm(8)) / mm(400))
    assert grow == pytest.approx(0.4925, abs=5e-5)
    [use, label] = page.children
    assert use.transform == pytest.approx((grow, 0.0, 0.0, grow, (841.89 - mm(500) * grow) / 2, mm(5)), abs=1e-9)
    assert label == Text(420.945, 595.28 - mm(5.6), "Game · board · A4 · 49 %", "SourceSansPro-Regular", 6.0, GREY,
                         "middle")
    tall = whole_page(board(300, 500), A4, "G", FONT)  # upright on upright paper, scaled by its height
    assert (tall.width, tall.height) == (595.28, 841.89)
    grow = (841.89 - mm(13)) / mm(500)
    assert tall.children[0].transform == pytest.approx(
        (grow, 0.0, 0.0, grow, (595.28 - mm(300) * grow) / 2, mm(5)), abs=1e-9)
    assert tall.children[1].text == f"G · A4 · {round(grow * 100)} %"


def test_a_board_made_for_the_room_a_sheet_leaves_prints_at_its_size() -> None:
    """A3 less 5 mm on three sides and the label's 8 mm below: 287 x 407 mm, printed as it is
    (its scale exactly 1, though the millimetres in points round a little), its label saying no
    scale; a tenth of a millimetre more, and it shrinks."""
    page = whole_page(board(287, 407), PAPERS["a3"], "G", FONT)
    [use, label] = page.children
    assert use.transform == (1.0, 0.0, 0.0, 1.0, pytest.approx(mm(5), abs=1e-3), pytest.approx(mm(5), abs=1e-3))
    assert label.text == "G · A3"
    wider = whole_page(board(287.1, 407), PAPERS["a3"], "G", FONT)
    assert wider.children[0].transform[0] == pytest.approx(287 / 287.1) and wider.children[1].text == "G · A3 · 100 %"


def test_a_wide_board_scaled_by_its_width() -> None:
    page = whole_page(board(600, 300), A4, "G", FONT)
    grow = (841.89 - 2 * mm(5)) / mm(600)
    assert page.children[0].transform == pytest.approx(
        (grow, 0.0, 0.0, grow, mm(5), mm(5) + (595.28 - mm(13) - mm(300) * grow) / 2), abs=1e-9)
    assert page.children[1].text == "G · A4 · 48 %"


def test_whole_page_names_the_paper_without_its_way_round() -> None:
    assert whole_page(board(100, 50), PAPERS["a3"], "G", FONT).children[1].text == "G · A3"
    page = whole_page(board(50, 100), PAPERS["a3"], "G", FONT)  # turned upright
    assert (page.width, page.height, page.children[1].text) == (841.89, 1190.55, "G · A3")
    assert whole_page(board(100, 50), PAPERS["letter"], "G", FONT).children[1].text == "G · US Letter"
    page = whole_page(board(100, 100), Paper("b5", "B5", 500.0, 700.0), "G", FONT)
    assert (page.width, page.height, page.children[1].text) == (500.0, 700.0, "G · B5")
    page = whole_page(board(100, 100), Paper("b5", "B5", 700.0, 500.0), "G", FONT)  # square: upright
    assert (page.width, page.height) == (500.0, 700.0)
