"""pnp.impose.paper: the papers, the margins nothing is printed in, and the grid of like pieces
on a sheet (columns, rows, gutters, each cell's trim box and the bleed it may paint)."""

from __future__ import annotations

import pytest

from pnp.impose.paper import (LABEL_BASELINE, LABEL_ROOM, LABEL_SIZE, MARK_LENGTH, MARK_OFFSET, MARK_ROOM, MIN_GUTTER,
                              MIN_MARGIN, PAPERS, Grid, ImpositionError, Paper, make_grid)
from pnp.units import mm, to_mm

SIZES = {"poker": (63.5, 88.9), "mini": (44.45, 63.5), "tarot": (69.85, 120.65), "square": (63.5, 63.5),
         "chip": (39.0, 39.0)}


def test_papers_in_points() -> None:
    assert PAPERS == {"a4": Paper("a4", "A4", 595.28, 841.89), "letter": Paper("letter", "US Letter", 612.0, 792.0),
                      "a3": Paper("a3", "A3 landscape", 1190.55, 841.89)}
    assert [p.landscape for p in PAPERS.values()] == [False, False, True]
    assert Paper("s", "S", 100.0, 100.0).landscape is False  # a square sheet is upright


def test_margins_and_marks() -> None:
    assert [to_mm(x) for x in (MIN_MARGIN, MARK_OFFSET, MARK_LENGTH, MARK_ROOM, MIN_GUTTER, LABEL_BASELINE,
                               LABEL_ROOM)] == pytest.approx([5, 1, 5, 3.5, 1, 5.6, 8])
    assert LABEL_SIZE == 6.0


# paper, size, bleed (mm): the paper turned, columns, rows, gutters across and down, left, top (points)
GRIDS = [
    ("a4", "poker", 0, False, 3, 3, 0.0000, 0.0000, 27.6400, 42.9450),
    ("a4", "poker", 1, False, 3, 3, 3.5455, 5.6693, 24.0945, 37.2757),
    ("a4", "poker", 3, False, 3, 3, 3.5455, 13.5119, 24.0945, 29.4331),
    ("a4", "mini", 0, True, 6, 3, 0.0000, 0.0000, 42.9450, 27.6400),
    ("a4", "mini", 1, True, 6, 3, 5.6693, 3.3086, 28.7718, 24.3314),
    ("a4", "mini", 3, True, 6, 3, 7.2284, 3.3086, 24.8740, 24.3314),
    ("a4", "tarot", 0, False, 2, 2, 0.0000, 0.0000, 99.6400, 78.9450),
    ("a4", "tarot", 1, False, 2, 2, 5.6693, 5.6693, 96.8054, 76.1104),
    ("a4", "tarot", 3, False, 2, 2, 17.0079, 17.0079, 91.1361, 70.4411),
    ("a4", "square", 0, False, 3, 4, 0.0000, 0.0000, 27.6400, 60.9450),
    ("a4", "square", 1, False, 3, 4, 3.5455, 5.6693, 24.0945, 52.4411),
    ("a4", "square", 3, False, 3, 4, 3.5455, 17.0079, 24.0945, 35.4332),
    ("a4", "chip", 0, False, 4, 7, 0.0000, 0.0000, 76.5376, 34.0159),
    ("a4", "chip", 1, False, 4, 7, 5.6693, 3.2396, 68.0337, 24.2970),
    ("a4", "chip", 3, False, 4, 7, 17.0079, 3.2396, 51.0258, 24.2970),
    ("letter", "poker", 0, True, 4, 2, 0.0000, 0.0000, 36.0000, 54.0000),
    ("letter", "poker", 1, True, 4, 2, 5.6693, 5.6693, 27.4961, 51.1654),
    ("letter", "poker", 3, True, 4, 2, 7.3701, 17.0079, 24.9449, 45.4961),
    ("letter", "mini", 0, False, 4, 4, 0.0000, 0.0000, 54.0000, 36.0000),
    ("letter", "mini", 1, False, 4, 4, 5.6693, 5.6693, 45.4961, 27.4961),
    ("letter", "mini", 3, False, 4, 4, 16.3701, 6.6614, 29.4449, 26.0079),
    ("letter", "tarot", 0, False, 2, 2, 0.0000, 0.0000, 108.0000, 54.0000),
    ("letter", "tarot", 1, False, 2, 2, 5.6693, 5.6693, 105.1654, 51.1654),
    ("letter", "tarot", 3, False, 2, 2, 17.0079, 17.0079, 99.4961, 45.4961),
    ("letter", "square", 0, False, 3, 4, 0.0000, 0.0000, 36.0000, 36.0000),
    ("letter", "square", 1, False, 3, 4, 5.6693, 5.6693, 30.3307, 27.4961),
    ("letter", "square", 3, False, 3, 4, 9.8268, 6.6614, 26.1732, 26.0079),
    ("letter", "chip", 0, False, 5, 6, 0.0000, 0.0000, 29.6220, 64.3465),
    ("letter", "chip", 1, False, 4, 6, 5.6693, 5.6693, 76.3937, 50.1732),
    ("letter", "chip", 3, False, 4, 6, 17.0079, 13.8898, 59.3858, 29.6220),
    ("a3", "poker", 0, False, 6, 3, 0.0000, 0.0000, 55.2750, 42.9450),
    ("a3", "poker", 1, False, 6, 3, 5.6693, 5.6693, 41.1018, 37.2757),
    ("a3", "poker", 3, False, 6, 3, 11.3384, 13.5119, 26.9290, 29.4331),
    ("a3", "mini", 0, False, 9, 4, 0.0000, 0.0000, 28.2750, 60.9450),  # 36 either way: the paper as it is
    ("a3", "mini", 1, True, 6, 6, 5.6693, 5.6693, 28.7718, 41.1018),
    ("a3", "mini", 3, True, 6, 6, 7.2284, 10.8659, 24.8740, 28.1101),
    ("a3", "tarot", 0, True, 4, 3, 0.0000, 0.0000, 24.9450, 82.2750),
    ("a3", "tarot", 1, False, 5, 2, 5.6693, 5.6693, 88.9364, 76.1104),
    ("a3", "tarot", 3, False, 5, 2, 17.0079, 17.0079, 66.2593, 70.4411),
    ("a3", "square", 0, False, 6, 4, 0.0000, 0.0000, 55.2750, 60.9450),
    ("a3", "square", 1, False, 6, 4, 5.6693, 5.6693, 41.1018, 52.4411),
    ("a3", "square", 3, False, 6, 4, 11.3384, 17.0079, 26.9290, 35.4332),
    ("a3", "chip", 0, False, 10, 7, 0.0000, 0.0000, 42.5191, 34.0159),
    ("a3", "chip", 1, False, 10, 7, 4.0944, 3.2396, 24.0945, 24.2970),
    ("a3", "chip", 3, False, 10, 7, 4.0944, 3.2396, 24.0945, 24.2970),
]


@pytest.mark.parametrize(("paper", "size", "bleed", "turned", "columns", "rows", "gap_x", "gap_y", "left", "top"),
                         GRIDS, ids=[f"{g[0]}-{g[1]}-{g[2]}mm" for g in GRIDS])
def test_grid(paper, size, bleed, turned, columns, rows, gap_x, gap_y, left, top) -> None:
    width, height = SIZES[size]
    grid = make_grid(PAPERS[paper], mm(width), mm(height), mm(bleed))
    p = PAPERS[paper]
    assert grid.paper == (Paper(p.name, p.label, p.height, p.width) if turned else p)
    assert (grid.columns, grid.rows, grid.per_page) == (columns, rows, columns * rows)
    assert (grid.card_width, grid.card_height, grid.bleed) == (mm(width), mm(height), mm(bleed))
    assert (grid.gap_x, grid.gap_y, grid.left, grid.top) == pytest.approx((gap_x, gap_y, left, top), abs=5e-5)
    # centred: as much room right as left, below as above
    right = grid.paper.width - grid.left - columns * grid.card_width - (columns - 1) * grid.gap_x
    bottom = grid.paper.height - grid.top - rows * grid.card_height - (rows - 1) * grid.gap_y
    assert (right, bottom) == pytest.approx((grid.left, grid.top), abs=1e-9)
    # room for crop marks, 8.5 mm from the edges; with bleed, gutters of at least 1 mm, at most twice the bleed
    assert min(grid.left, grid.top) >= mm(8.5) - 1e-9
    for gap, count in ((grid.gap_x, columns), (grid.gap_y, rows)):
        if bleed and count > 1:
            assert mm(1) - 1e-9 <= gap <= 2 * mm(bleed) + 1e-9
        else:
            assert gap == 0.0


def test_cells_and_their_bleed_on_a3_with_3mm() -> None:
    """Poker cards on A3 with 3 mm bleed: six across leave 39 mm, too little for 3 mm gutters of
    6 mm and margins of 5 + 2.5 + 3 mm; the bleed each card gets is e where 5 gutters of 2e and
    two margins of 7.5 mm + e take the 39 mm: 2 mm, everywhere. Down, three leave 30.3 mm for two
    gutters of 2e and two margins of 8 mm + e (the label's line): e = 14.3 / 6 mm."""
    grid = make_grid(PAPERS["a3"], mm(63.5), mm(88.9), mm(3))
    e = 14.3 / 6
    assert to_mm(grid.gap_x) == pytest.approx(4.0, abs=1e-4)
    assert to_mm(grid.gap_y) == pytest.approx(2 * e, abs=1e-4)
    assert [to_mm(v) for v in grid.outer] == pytest.approx([2.0, e], abs=1e-4)
    assert [to_mm(v) for v in (grid.left, grid.top)] == pytest.approx([9.5, 8 + e], abs=1e-4)
    assert grid.cell(1, 0) == pytest.approx((grid.left + mm(63.5 + 4), grid.top), abs=1e-3)
    assert grid.cell(2, 1) == pytest.approx((grid.left + 2 * mm(67.5), grid.top + mm(88.9 + 2 * e)), abs=1e-3)

    def bleed(column: int, row: int) -> list[float]:
        """How far the cell's clip runs past its trim box: left, top, right, bottom (mm)."""
        clip = grid.clip(column, row)
        x, y = grid.cell(column, row)
        return [to_mm(x - clip.x), to_mm(y - clip.y), to_mm(clip.x + clip.width - x - grid.card_width),
                to_mm(clip.y + clip.height - y - grid.card_height)]

    for column, row in ((0, 0), (1, 0), (5, 0), (0, 2), (5, 2), (2, 1)):
        assert bleed(column, row) == pytest.approx([2.0, e, 2.0, e], abs=1e-4)


def test_cells_and_their_bleed_down_and_across() -> None:
    """Mini cards on A3 (turned upright) with 3 mm bleed: six across leave 30.3 mm, so
    12e + 15 mm = 30.3 mm, e = 1.275 mm; six down leave 39 mm, so 12e + 16 mm = 39 mm,
    e = 23 / 12 mm; the cards at the edges bleed as far into the margins as between them."""
    grid = make_grid(PAPERS["a3"], mm(44.45), mm(63.5), mm(3))
    across, down = 1.275, 23 / 12

    def bleed(column: int, row: int) -> list[float]:
        clip = grid.clip(column, row)
        x, y = grid.cell(column, row)
        return [to_mm(x - clip.x), to_mm(y - clip.y), to_mm(clip.x + clip.width - x - grid.card_width),
                to_mm(clip.y + clip.height - y - grid.card_height)]

    assert [to_mm(v) for v in (grid.gap_x, grid.gap_y)] == pytest.approx([2 * across, 2 * down], abs=1e-4)
    for column, row in ((0, 0), (1, 1), (5, 5), (0, 5), (5, 0)):
        assert bleed(column, row) == pytest.approx([across, down, across, down], abs=1e-4)
    assert grid.clip(2, 3).style.fill is None and grid.clip(2, 3).style.stroke is None


def test_the_bleed_stops_short_of_the_marks_and_the_label() -> None:
    """At any bleed a grid's colour stops 7.5 mm from the sides (crop marks of 2.5 mm, 5 mm
    clear of the edge) and 8 mm from the top and bottom (the label's line), and holds as many
    cards at any bleed as with the least (1 mm gutters)."""
    for paper in PAPERS.values():
        for width, height in SIZES.values():
            for bleed in (0.5, 1, 2, 3, 6, 10):
                grid = make_grid(paper, mm(width), mm(height), mm(bleed))
                assert grid.per_page == make_grid(paper, mm(width), mm(height), mm(0.5)).per_page
                across, down = grid.outer
                assert grid.left - across >= mm(7.5) - 1e-6 and grid.left - max(mm(1), across) >= mm(7.5) - 1e-6
                assert grid.top - down >= mm(8) - 1e-6 and grid.top - max(mm(1), down) >= mm(7.5) - 1e-6
                assert mm(0.5) - 1e-6 <= min(across, down) and max(across, down) <= mm(bleed) + 1e-9


def test_without_bleed_a_cell_paints_its_trim_box() -> None:
    grid = make_grid(PAPERS["a4"], mm(63.5), mm(88.9))
    assert grid.bleed == 0.0
    clip = grid.clip(1, 2)
    assert (clip.x, clip.y, clip.width, clip.height) == pytest.approx((207.64, 546.945, 180.0, 252.0), abs=1e-6)
    assert grid.cell(2, 1) == pytest.approx((387.64, 294.945), abs=1e-6)  # cards touch: one cut serves two


def test_a_clip_stays_on_the_paper() -> None:
    paper = Paper("p", "P", 100.0, 80.0)
    # the bleed runs into the margin as far as the margin goes, never off the paper
    grid = Grid(paper, 1, 1, 99.0, 78.0, 0.0, 0.0, 2.0, 1.0, 5.0)
    clip = grid.clip(0, 0)
    assert (clip.x, clip.y, clip.x + clip.width, clip.y + clip.height) == (0.0, 0.0, 100.0, 80.0)
    grid = Grid(paper, 2, 2, 40.0, 30.0, 6.0, 8.0, 7.0, 2.0, 3.0)
    assert grid.cell(1, 1) == (53.0, 40.0)
    clip = grid.clip(1, 0)
    assert (clip.x, clip.y, clip.width, clip.height) == (50.0, 0.0, 40.0 + 3.0 + 3.0, 30.0 + 2.0 + 3.0)
    clip = grid.clip(0, 1)
    assert (clip.x, clip.y, clip.width, clip.height) == (4.0, 37.0, 40.0 + 3.0 + 3.0, 30.0 + 3.0 + 2.0)


def test_an_exact_fit() -> None:
    """A paper exactly as wide as three cards and the margins holds three."""
    room = mm(8.5)
    paper = Paper("x", "X", 2 * room + 3 * 100.0, 2 * room + 2 * 150.0)
    grid = make_grid(paper, 100.0, 150.0)
    assert (grid.paper, grid.columns, grid.rows) == (paper, 3, 2)
    assert (grid.left, grid.top) == pytest.approx((room, room), abs=1e-9)
    assert make_grid(Paper("x", "X", paper.width - 0.5, paper.height), 100.0, 150.0).columns == 2
    # with bleed: room for three needs two gutters of at least 1 mm
    paper = Paper("x", "X", 2 * room + 3 * 100.0 + 2 * mm(1), 2 * room + 160.0)
    grid = make_grid(paper, 100.0, 150.0, mm(2))
    assert (grid.paper, grid.columns, grid.rows) == (paper, 3, 1)
    assert grid.gap_x == pytest.approx(mm(1), abs=1e-9)
    assert grid.gap_y == 0.0
    assert make_grid(Paper("x", "X", paper.width - 1e-4, paper.height), 100.0, 150.0, mm(2)).columns == 2


def test_gutters_of_twice_the_bleed_and_at_least_1mm() -> None:
    paper = Paper("x", "X", 1000.0, 1000.0)
    assert make_grid(paper, 200.0, 200.0, mm(0.25)).gap_x == pytest.approx(mm(1), abs=1e-9)
    grid = make_grid(paper, 200.0, 200.0, mm(2))
    assert (grid.columns, grid.rows, grid.gap_x, grid.gap_y) == (4, 4, pytest.approx(mm(4)), pytest.approx(mm(4)))
    assert grid.left == pytest.approx((1000 - 800 - 3 * mm(4)) / 2, abs=1e-9)
    # no room for that: the gutters (8 of 2e) and margins (7.5 mm + e across, 8 mm + e down, for
    # the label's line) share what there is
    grid = make_grid(paper, 100.0, 100.0, mm(2))
    assert (grid.columns, grid.rows) == (9, 9)
    assert grid.gap_x == pytest.approx(2 * (1000 - 900 - 2 * mm(7.5)) / 18, abs=1e-9)
    assert grid.gap_y == pytest.approx(2 * (1000 - 900 - 2 * mm(8)) / 18, abs=1e-9)
    assert grid.outer == pytest.approx((grid.gap_x / 2, grid.gap_y / 2), abs=1e-9)


def test_one_card_a_row_has_no_gutter() -> None:
    paper = Paper("x", "X", 300.0, 1000.0)
    grid = make_grid(paper, 250.0, 100.0, mm(3))
    assert (grid.paper, grid.columns, grid.rows, grid.gap_x) == (paper, 1, 9, 0.0)
    assert grid.left == pytest.approx(25.0, abs=1e-9)


def test_two_cards_without_room_for_a_gutter_are_one() -> None:
    paper = Paper("x", "X", 2 * mm(8.5) + 2 * 100.0 + mm(0.5), 2 * mm(8.5) + 100.0)
    assert (make_grid(paper, 100.0, 100.0).columns, make_grid(paper, 100.0, 100.0).gap_x) == (2, 0.0)
    grid = make_grid(paper, 100.0, 100.0, mm(1))
    assert (grid.paper, grid.columns, grid.rows, grid.gap_x) == (paper, 1, 1, 0.0)
    assert grid.left == pytest.approx((paper.width - 100.0) / 2, abs=1e-9)


def test_turned_when_that_holds_more() -> None:
    paper = Paper("x", "X", 500.0, 300.0)
    grid = make_grid(paper, 200.0, 120.0)  # upright: 2 x 2; turned: 1 x 3
    assert (grid.paper, grid.columns, grid.rows) == (paper, 2, 2)
    grid = make_grid(paper, 120.0, 200.0)  # upright: 3 x 1; turned: 2 x 2
    assert (grid.paper, grid.columns, grid.rows) == (Paper("x", "X", 300.0, 500.0), 2, 2)


def test_a_piece_too_large_for_marks_sits_in_5mm_margins() -> None:
    width, height = PAPERS["a4"].width - 2 * mm(5), PAPERS["a4"].height - 2 * mm(5)
    grid = make_grid(PAPERS["a4"], width, height)
    assert (grid.paper, grid.columns, grid.rows) == (PAPERS["a4"], 1, 1)
    assert (grid.left, grid.top) == pytest.approx((mm(5), mm(5)), abs=1e-9)
    grid = make_grid(PAPERS["a4"], height, width)  # turned to fit
    assert (grid.paper.width, grid.paper.height, grid.left) == (841.89, 595.28, pytest.approx(mm(5), abs=1e-9))


@pytest.mark.parametrize(("paper", "width", "height"), [("a4", 900.0, 100.0), ("a3", 10.0, 1200.0),
                                                        ("letter", 900.0, 900.0)])
def test_cards_that_do_not_fit(paper: str, width: float, height: float) -> None:
    with pytest.raises(ImpositionError) as raised:
        make_grid(PAPERS[paper], width, height)
    assert str(raised.value) == f"cards of this size do not fit {PAPERS[paper].label} with 5 mm margins"
    assert isinstance(raised.value, ValueError)
