"""pnp.impose.shelves: pieces of several sizes and cuts in rows of one size each on real
papers, positions in mm; their cut lines (each stretch once), crop marks in the margins, and
the backs mirrored exactly behind every piece for a long-edge flip."""

from __future__ import annotations

import pytest

from pnp.impose import MIN_GUTTER, TOKEN_GAP
from pnp.impose.paper import PAPERS, ImpositionError, Paper
from pnp.impose.sheets import SheetLabel, behind
from pnp.impose.shelves import (Cut, Shelf, Tokens, _merged, _mirrored, _pack, bleed_of, pack_shelves, placed,
                                shelf_back_sheets,
                                shelf_cut_lines, shelf_marks,
                                shelf_sheets)
from pnp.layout.fonts import bundled_fonts, metrics
from pnp.scene import Circle, Definition, Group, Path, Rect, Style, Text, Use
from pnp.units import mm, to_mm

FONT = metrics(bundled_fonts()["SourceSansPro-Regular"])
A4, LETTER, A3 = PAPERS["a4"], PAPERS["letter"], PAPERS["a3"]
TOUCH, GUTTER, TOKEN = Cut(False, 0.0), Cut(False, mm(2)), Cut(True, TOKEN_GAP)
CUT = Style(stroke="#000000", stroke_width=0.35)


def square(id: str, side_mm: float, height_mm: float | None = None) -> Definition:
    return Definition(id, mm(side_mm), mm(side_mm if height_mm is None else height_mm), Group(()))


def back(id: str) -> Definition:
    return Definition(f"{id}-back", 0.0, 0.0, Group(()))


def where(pages) -> list[list[tuple]]:
    """Each sheet's pieces, row by row: id, top-left corner in mm."""
    return [[(face.id, round(to_mm(x), 4), round(to_mm(s.y), 4)) for s in shelves for x, face, _ in s.pieces]
            for shelves in pages]


def mm_lines(lines) -> list[tuple]:
    return [tuple(tuple(round(to_mm(v), 4) for v in point) for point in line) for line in lines]


def furia(units: int = 3, markers: int = 2, tokens: int = 2) -> list:
    """Square counters touching (17 mm, then 10 mm) and round tokens a token's gap apart."""
    return ([(square(f"u{i}", 17), back(f"u{i}"), TOUCH) for i in range(units)]
            + [(square(f"m{i}", 10), back(f"m{i}"), TOUCH) for i in range(markers)]
            + [(square(f"c{i}", 16), None, TOKEN) for i in range(tokens)])


def test_a_row_per_size_in_order_on_a4() -> None:
    """Inside 8.5 mm margins (5 mm no printer prints into, 3.5 mm for the crop marks): each size
    a row of its own from the left margin; touching rows share their edge, the tokens' row
    stands a token's gap (3 mm) below the last."""
    paper, pages = pack_shelves(furia(), A4)
    assert paper == A4
    assert where(pages) == [[("u0", 8.5, 8.5), ("u1", 25.5, 8.5), ("u2", 42.5, 8.5),
                             ("m0", 8.5, 25.5), ("m1", 18.5, 25.5),
                             ("c0", 8.5, 38.5), ("c1", 27.5, 38.5)]]
    rows = pages[0]
    assert [(to_mm(s.width), round(to_mm(s.height), 4), s.cut) for s in rows] == [
        (pytest.approx(17), 17, TOUCH), (pytest.approx(10), 10, TOUCH), (pytest.approx(16), 16, TOKEN)]
    assert [p[2] for p in rows[0].pieces] == [back("u0"), back("u1"), back("u2")] and rows[2].pieces[0][2] is None


def test_a_new_row_when_the_row_is_full_or_the_size_comes_back() -> None:
    # 193 mm between the margins: 11 counters of 17 mm, 19 of 10 mm, 10 tokens of 16 mm and their gaps
    pieces = furia(12, 20, 11) + [(square("late", 17), None, TOUCH)]
    _, pages = pack_shelves(pieces, A4)
    [rows] = pages
    assert [(len(s.pieces), round(to_mm(s.y), 4)) for s in rows] == [
        (11, 8.5), (1, 25.5), (19, 42.5), (1, 52.5), (10, 65.5), (1, 84.5), (1, 103.5)]
    assert where(pages)[0][-3:] == [("c9", 179.5, 65.5), ("c10", 8.5, 84.5), ("late", 8.5, 103.5)]


def test_the_wider_gap_of_two_rows_between_them() -> None:
    pieces = [(square("a", 20), None, GUTTER), (square("b", 30), None, TOUCH), (square("c", 30), None, TOKEN),
              (square("d", 20), None, GUTTER), (square("e", 20), None, GUTTER)]
    _, pages = pack_shelves(pieces, LETTER)
    assert where(pages) == [[("a", 8.5, 8.5), ("b", 8.5, 30.5), ("c", 8.5, 63.5), ("d", 8.5, 96.5),
                             ("e", 30.5, 96.5)]]


def test_rows_over_several_sheets_of_letter() -> None:
    """US Letter, 215.9 x 279.4 mm: 11 counters of 17 mm a row, 15 rows a sheet (262.4 mm)."""
    _, pages = pack_shelves(furia(11 * 15 + 1, 0, 0), LETTER)
    assert [sum(len(s.pieces) for s in p) for p in pages] == [165, 1]
    assert where(pages)[0][-1] == ("u164", 178.5, 246.5) and where(pages)[1] == [("u165", 8.5, 8.5)]
    paper, pages = pack_shelves(furia(11 * 15, 0, 1), LETTER)  # a row that does not fit goes on
    assert where(pages)[1] == [("c0", 8.5, 8.5)] and paper == LETTER


def test_a3_as_it_is() -> None:
    paper, pages = pack_shelves(furia(24, 24, 10), A3)  # landscape, 420 x 297 mm
    assert paper == A3 and [len(s.pieces) for s in pages[0]] == [23, 1, 24, 10]
    assert where(pages)[0][22:25] == [("u22", 382.5, 8.5), ("u23", 8.5, 25.5), ("m0", 8.5, 42.5)]


def test_turned_sideways_when_that_takes_fewer_sheets() -> None:
    paper, pages = pack_shelves([(square("long", 250, 20), None, TOUCH)], A4)
    assert (paper.width, paper.height, paper.label) == (841.89, 595.28, "A4") and where(pages) == [[("long", 8.5, 8.5)]]
    paper, _ = pack_shelves([(square("a", 100), None, TOUCH)], A4)
    assert paper == A4  # (as it is on a tie)


def test_inside_5_mm_margins_when_nothing_fits_with_room_for_marks() -> None:
    paper, pages = pack_shelves([(square("big", 200), None, TOUCH)], A4)
    assert paper == A4 and where(pages) == [[("big", 5.0, 5.0)]]
    with pytest.raises(ImpositionError) as raised:
        pack_shelves([(square("a", 10), None, TOUCH), (square("huge", 205), None, TOUCH)], A4)
    assert str(raised.value) == "pieces of these sizes do not fit A4 with 5 mm margins"
    assert pack_shelves([], A4) == (A4, [])


def test_a_row_full_to_the_millionth() -> None:
    paper = Paper("p", "P", mm(17 + 3 * 20), mm(17 + 20))  # three of 20 mm exactly, one row
    _, pages = pack_shelves([(square(f"s{i}", 20), None, TOUCH) for i in range(4)], paper)
    assert [len(p[0].pieces) for p in pages] == [3, 1]
    _, pages = pack_shelves([(square(f"s{i}", 20), None, TOUCH) for i in range(4)],
                            Paper("p", "P", paper.width - 0.01, paper.height))
    assert [len(p[0].pieces) for p in pages] == [2, 2]


def test_cut_lines_each_stretch_once() -> None:
    """Every edge of the square pieces; the line two touching rows share is one line, as is
    an edge two touching pieces share; the round pieces have circles instead."""
    _, pages = pack_shelves(furia(), A4)
    assert mm_lines(shelf_cut_lines(pages[0])) == [
        ((8.5, 8.5), (59.5, 8.5)), ((8.5, 25.5), (59.5, 25.5)), ((8.5, 35.5), (28.5, 35.5)),
        ((8.5, 8.5), (8.5, 35.5)), ((18.5, 25.5), (18.5, 35.5)), ((25.5, 8.5), (25.5, 25.5)),
        ((28.5, 25.5), (28.5, 35.5)), ((42.5, 8.5), (42.5, 25.5)), ((59.5, 8.5), (59.5, 25.5))]
    apart = [Shelf(mm(10), mm(5), mm(5), GUTTER, ((mm(10), square("a", 5), None), (mm(17), square("b", 5), None)))]
    assert mm_lines(shelf_cut_lines(apart)) == [
        ((10.0, 10.0), (15.0, 10.0)), ((17.0, 10.0), (22.0, 10.0)), ((10.0, 15.0), (15.0, 15.0)),
        ((17.0, 15.0), (22.0, 15.0)), ((10.0, 10.0), (10.0, 15.0)), ((15.0, 10.0), (15.0, 15.0)),
        ((17.0, 10.0), (17.0, 15.0)), ((22.0, 10.0), (22.0, 15.0))]
    assert _merged([]) == []


def test_crop_marks_in_the_margins() -> None:
    """Left and right of every square row's top and bottom; above the first row's pieces; below
    the last row's when it is square (here the tokens' row is last: none below). 2.5 mm long
    where the margin is 8.5 mm (they stop 5 mm from the edge), 5 mm on the right; each from
    its outer end."""
    _, pages = pack_shelves(furia(), A4)
    assert mm_lines(shelf_marks(pages[0], A4)) == [
        ((5.0, 8.5), (7.5, 8.5)), ((60.5, 8.5), (65.5, 8.5)), ((5.0, 25.5), (7.5, 25.5)),
        ((60.5, 25.5), (65.5, 25.5)), ((5.0, 35.5), (7.5, 35.5)), ((60.5, 35.5), (65.5, 35.5)),
        ((8.5, 5.0), (8.5, 7.5)), ((25.5, 5.0), (25.5, 7.5)), ((42.5, 5.0), (42.5, 7.5)), ((59.5, 5.0), (59.5, 7.5))]
    _, pages = pack_shelves(furia(1, 1, 0), A4)  # the last row square: marks below its pieces too
    assert [m for m in mm_lines(shelf_marks(pages[0], A4)) if m[0][0] == m[1][0] and m[0][1] > 26] == [
        ((8.5, 36.5), (8.5, 41.5)), ((18.5, 36.5), (18.5, 41.5))]
    _, pages = pack_shelves([(square("t", 16), None, TOKEN)], A4)
    assert shelf_marks(pages[0], A4) == [] and shelf_marks([], A4) == []


def test_the_fronts() -> None:
    _, pages = pack_shelves(furia(), A4)
    [sheet] = shelf_sheets(pages, A4, SheetLabel("Furia · pions", "fr"), FONT)
    uses = [n for n in sheet.children if isinstance(n, Use)]
    assert [(u.ref, round(to_mm(u.transform[4]), 4), round(to_mm(u.transform[5]), 4)) for u in uses] == where(pages)[0]
    c0 = pages[0][2].pieces[0][0]
    assert Circle(c0 + mm(8), mm(38.5 + 8), mm(8), CUT) in sheet.children
    paths = [n for n in sheet.children if isinstance(n, Path)]
    assert len(paths) == 3 and paths[0].style.stroke_width == 0.35  # the cut lines, the marks' halo, the marks
    assert [p.style.stroke for p in paths[1:]] == ["#ffffff", "#000000"]
    assert sheet.children[-1] == Text(297.64, 841.89 - mm(5.6), "Furia · pions · recto · page 1 sur 1 · A4",
                                      "SourceSansPro-Regular", 6.0, "#5f5f5f", "middle")
    assert [d.id for d in sheet.definitions] == ["u0", "u1", "u2", "m0", "m1", "c0", "c1"]
    assert (sheet.width, sheet.height, sheet.label) == (595.28, 841.89, "01")
    assert len(shelf_sheets(pages, A4)[0].children) == len(sheet.children) - 1  # no label: none printed


@pytest.mark.parametrize("paper", [A4, LETTER])
def test_backs_mirrored_left_right_on_portrait_paper(paper: Paper) -> None:
    """Each back exactly behind its front after a long-edge flip: x becomes the paper's width
    less x and the piece's width, for every size; a piece without a back leaves a blank."""
    _, pages = pack_shelves(furia(), paper)
    [sheet] = shelf_back_sheets(pages, paper, SheetLabel("Furia · pions", "fr"), FONT)
    uses = [(n.ref, round(to_mm(n.transform[4]), 4), round(to_mm(n.transform[5]), 4))
            for n in sheet.children if isinstance(n, Use)]
    w = round(to_mm(paper.width), 4)
    assert uses == [("u0-back", round(w - 25.5, 4), 8.5), ("u1-back", round(w - 42.5, 4), 8.5),
                    ("u2-back", round(w - 59.5, 4), 8.5), ("m0-back", round(w - 18.5, 4), 25.5),
                    ("m1-back", round(w - 28.5, 4), 25.5)]
    circles = [(round(to_mm(c.cx), 4), round(to_mm(c.cy), 4)) for c in sheet.children if isinstance(c, Circle)]
    assert circles == [(round(w - 16.5, 4), 46.5), (round(w - 35.5, 4), 46.5)]  # the tokens' places, blank
    paths = [n for n in sheet.children if isinstance(n, Path)]
    front = [n for n in shelf_sheets(pages, paper)[0].children if isinstance(n, Path)]
    flip = [(c[0], *(behind(paper, c[1], c[2]) if len(c) == 3 else ())) for c in front[0].commands]
    assert [tuple(round(v, 6) if isinstance(v, float) else v for v in c) for c in paths[0].commands] == \
        [tuple(round(v, 6) if isinstance(v, float) else v for v in c) for c in flip]
    assert sheet.children[-1].text == "Furia · pions · verso · page 1 sur 1 · " + (
        "A4" if paper is A4 else "US Letter") + " · au dos de la page 1"
    assert [d.id for d in sheet.definitions] == ["u0-back", "u1-back", "u2-back", "m0-back", "m1-back"]


def test_backs_mirrored_top_bottom_on_landscape_paper() -> None:
    _, pages = pack_shelves(furia(), A3)
    [sheet] = shelf_back_sheets(pages, A3)
    uses = [(n.ref, round(to_mm(n.transform[4]), 4), round(to_mm(n.transform[5]), 4))
            for n in sheet.children if isinstance(n, Use)]
    h = round(to_mm(A3.height), 4)
    assert uses == [("u0-back", 8.5, round(h - 25.5, 4)), ("u1-back", 25.5, round(h - 25.5, 4)),
                    ("u2-back", 42.5, round(h - 25.5, 4)), ("m0-back", 8.5, round(h - 35.5, 4)),
                    ("m1-back", 18.5, round(h - 35.5, 4))]
    assert [(round(to_mm(c.cx), 4), round(to_mm(c.cy), 4)) for c in sheet.children if isinstance(c, Circle)] == [
        (16.5, round(h - 46.5, 4)), (35.5, round(h - 46.5, 4))]


def test_one_back_sheet_per_front_sheet() -> None:
    _, pages = pack_shelves(furia(11 * 16 + 1, 0, 0), A4)
    fronts, backs = shelf_sheets(pages, A4), shelf_back_sheets(pages, A4)
    assert [p.label for p in fronts] == [p.label for p in backs] == ["01", "02"]
    assert MIN_GUTTER == mm(1)


def bled(id: str, side_mm: float, bleed_mm: float) -> Definition:
    return Definition(id, mm(side_mm), mm(side_mm), Group(()), mm(bleed_mm))


def test_the_margins_hold_the_bleed_and_keep_the_label_clear_of_it() -> None:
    """Pieces bleeding 3 mm: the marks start 3 mm outside the trim, so 10.5 mm margins across
    (5 + 2.5 + 3); down, 11 mm, the label's 8 mm kept clear of the bleed."""
    assert bleed_of([]) == 0.0
    pieces = [(bled("a", 20, 3), bled("a-back", 20, 1), TOUCH), (bled("b", 20, 2), None, TOUCH)]
    assert bleed_of(pieces) == mm(3)
    paper, pages = pack_shelves(pieces, A4)
    assert paper == A4 and where(pages) == [[("a", 10.5, 11.0), ("b", 30.5, 11.0)]]
    assert mm_lines(shelf_marks(pages[0], A4)) == [
        ((5.0, 11.0), (7.5, 11.0)), ((53.5, 11.0), (58.5, 11.0)), ((5.0, 31.0), (7.5, 31.0)),
        ((53.5, 31.0), (58.5, 31.0)), ((10.5, 5.0), (10.5, 8.0)), ((10.5, 34.0), (10.5, 39.0)),
        ((30.5, 5.0), (30.5, 8.0)), ((30.5, 34.0), (30.5, 39.0)), ((50.5, 5.0), (50.5, 8.0)),
        ((50.5, 34.0), (50.5, 39.0))]


def test_the_margins_across_and_down_apart() -> None:
    paper = Paper("p", "P", mm(3 + 20 + 20 + 3), mm(7 + 20 + 7))
    pieces = [(square("a", 20), None, TOUCH), (square("b", 20), None, TOUCH)]
    assert where(_pack(pieces, paper, (mm(3), mm(7)))) == [[("a", 3.0, 7.0), ("b", 23.0, 7.0)]]
    assert where(_pack([(square("w", 40, 20), None, TOUCH)], paper, (mm(3), mm(7)))) == [[("w", 3.0, 7.0)]]
    assert _pack([(Definition("w", mm(40) + 0.01, mm(20), Group(())), None, TOUCH)], paper, (mm(3), mm(7))) is None
    assert _pack([(Definition("h", mm(40), mm(20) + 0.01, Group(())), None, TOUCH)], paper, (mm(3), mm(7))) is None


def test_a_millionth_of_a_point_over_still_fits() -> None:
    """Sizes in points on a paper 2 pt less a millionth wide and high, no margins: 1 pt
    squares two a row and two rows a sheet, a 2 pt square fits; half a point over does not."""
    tight = Paper("p", "P", 2.0 - 1e-6, 2.0 - 1e-6)
    dot = [(Definition(f"d{i}", 1.0, 1.0, Group(())), None, TOUCH) for i in range(4)]
    pages = _pack(dot, tight, (0.0, 0.0))
    assert [[(face.id, x, s.y) for s in shelves for x, face, _ in s.pieces] for shelves in pages] == [
        [("d0", 0.0, 0.0), ("d1", 1.0, 0.0), ("d2", 0.0, 1.0), ("d3", 1.0, 1.0)]]
    assert len(_pack([(Definition("big", 2.0, 2.0, Group(())), None, TOUCH)], tight, (0.0, 0.0))) == 1
    short = Paper("p", "P", 1.5, 1.5)
    assert [len(p) for p in _pack(dot[:2], Paper("p", "P", 3.0, 1.5), (0.0, 0.0))] == [1]
    assert [[len(s.pieces) for s in p] for p in _pack(dot[:3], short, (0.0, 0.0))] == [[1], [1], [1]]
    assert _pack([(Definition("w", 2.0, 1.0, Group(())), None, TOUCH)], short, (0.0, 0.0)) is None
    assert _pack([(Definition("h", 1.0, 2.0, Group(())), None, TOUCH)], short, (0.0, 0.0)) is None


def test_a_row_of_long_pieces_and_the_paper_turned() -> None:
    paper, pages = pack_shelves([(square("long", 250, 20), None, TOUCH)], A4)
    assert paper == Paper("a4", "A4", 841.89, 595.28)
    assert (pages[0][0].width, pages[0][0].height) == (mm(250), mm(20))


def test_lines_on_one_line_merged() -> None:
    assert _merged([((0.0, 10.00002), (5.0, 10.00002)), ((5.0, 10.0), (8.0, 10.0))]) == [((0.0, 10.0), (8.0, 10.0))]
    assert _merged([((10.00002, 0.0), (10.00002, 5.0)), ((10.0, 5.0), (10.0, 8.0))]) == [((10.0, 0.0), (10.0, 8.0))]
    assert _merged([((10.0, 10.0), (10.0, 10.5))]) == [((10.0, 10.0), (10.0, 10.5))]  # short, still upright
    assert _merged([((5.0, 0.0), (5.0, 1e-9))]) == [((5.0, 0.0), (5.0, 1e-9))]
    assert _merged([((0.0, 0.0), (1.0, 0.0)), ((1.0 + 1e-6, 0.0), (2.0, 0.0))]) == [((0.0, 0.0), (2.0, 0.0))]
    assert _merged([((0.0, 0.0), (1.0, 0.0)), ((1.5, 0.0), (2.0, 0.0))]) == [((0.0, 0.0), (1.0, 0.0)),
                                                                             ((1.5, 0.0), (2.0, 0.0))]


def test_a_square_row_after_a_round_one_has_its_lines_and_marks() -> None:
    rows = [Shelf(mm(10), mm(16), mm(16), TOKEN, ((mm(10), square("t", 16), None),)),
            Shelf(mm(30), mm(10), mm(10), TOUCH, ((mm(10), square("s", 10), None),))]
    assert mm_lines(shelf_cut_lines(rows)) == [((10.0, 30.0), (20.0, 30.0)), ((10.0, 40.0), (20.0, 40.0)),
                                               ((10.0, 30.0), (10.0, 40.0)), ((20.0, 30.0), (20.0, 40.0))]
    assert mm_lines(shelf_marks(rows, A4)) == [
        ((5.0, 30.0), (9.0, 30.0)), ((27.0, 30.0), (32.0, 30.0)), ((5.0, 40.0), (9.0, 40.0)),
        ((27.0, 40.0), (32.0, 40.0)), ((10.0, 41.0), (10.0, 46.0)), ((20.0, 41.0), (20.0, 46.0))]


def test_the_marks_start_outside_the_square_pieces_bleed() -> None:
    """Round pieces are cut along their circle: their bleed does not move the marks."""
    rows = [Shelf(mm(20), mm(10), mm(10), TOUCH, ((mm(20), bled("s", 10, 2), bled("s-back", 10, 3)),)),
            Shelf(mm(40), mm(16), mm(16), TOKEN, ((mm(20), bled("t", 16, 4), None),))]
    assert mm_lines(shelf_marks(rows, A4))[:2] == [((12.0, 20.0), (17.0, 20.0)), ((39.0, 20.0), (44.0, 20.0))]
    rows = [Shelf(mm(20), mm(10), mm(10), TOUCH, ((mm(20), bled("s", 10, 0.5), None),)), rows[1]]
    assert mm_lines(shelf_marks(rows, A4))[:2] == [((14.0, 20.0), (19.0, 20.0)), ((37.0, 20.0), (42.0, 20.0))]


def test_a_mark_1_mm_long_is_drawn() -> None:
    """Room above a row for the offset (its bleed), the 5 mm clear of the edge and 1 mm."""
    bleed = mm(9) - mm(5) - mm(1)
    row = Shelf(mm(9), mm(10), mm(10), TOUCH, ((mm(30), Definition("s", mm(10), mm(10), Group(()), bleed), None),))
    assert [m for m in mm_lines(shelf_marks([row], A4)) if m[0][0] == m[1][0] and m[1][1] < 9] == [
        ((30.0, 5.0), (30.0, 6.0)), ((40.0, 5.0), (40.0, 6.0))]


def test_marks_shortened_near_the_edges_and_the_label_between_them() -> None:
    """A row 8.5 mm from the right edge and one 8.5 mm from the bottom: their marks there 2.5
    mm long; the label keeps off the marks below, in the widest stretch between them."""
    low = A4.height - mm(8.5 + 20)
    rows = [Shelf(mm(8.5), mm(20), mm(20), TOUCH, ((A4.width - mm(28.5), square("a", 20), back("a")),)),
            Shelf(low, mm(20), mm(20), TOUCH, ((mm(100), square("b", 20), back("b")),))]
    marks = mm_lines(shelf_marks(rows, A4))
    # (A4 is 595.28 x 841.89 pt: 210.0016 x 297.0001 mm)
    assert [m for m in marks if m[0][0] > 202] == [
        ((202.5016, 8.5), (205.0016, 8.5)), ((202.5016, 28.5), (205.0016, 28.5)),
        ((202.5016, 268.5001), (205.0016, 268.5001)), ((202.5016, 288.5001), (205.0016, 288.5001))]
    assert [m for m in marks if m[0][1] > 280 and m[0][0] == m[1][0]] == [((100.0, 289.5001), (100.0, 292.0001)),
                                                                         ((120.0, 289.5001), (120.0, 292.0001))]
    assert marks[0] == ((94.0, 8.5), (99.0, 8.5))  # 5 mm where the margin is wide
    label = SheetLabel("Furia · pions", "fr")
    front = shelf_sheets([rows], A4, label, FONT)[0].children[-1]
    assert (round(to_mm(front.x), 4), front.text) == (51.75, "Furia · pions · recto · page 1 sur 1 · A4")
    behind_ = shelf_back_sheets([rows], A4, label, FONT)[0].children[-1]
    assert round(to_mm(behind_.x), 3) == 158.252 and behind_.text.startswith("Furia · pions · verso")


def test_no_label_asked_none_printed() -> None:
    _, pages = pack_shelves(furia(), A4)
    assert not any(isinstance(n, Text) for n in shelf_sheets(pages, A4, font=FONT)[0].children)
    assert not any(isinstance(n, Text) for n in shelf_back_sheets(pages, A4, font=FONT)[0].children)


def test_the_backs_have_the_marks_seen_from_behind() -> None:
    _, pages = pack_shelves(furia(), A4)
    [sheet] = shelf_back_sheets(pages, A4)
    assert (sheet.width, sheet.height, sheet.label) == (595.28, 841.89, "01")
    paths = [n for n in sheet.children if isinstance(n, Path)]
    assert [(p.style.stroke, p.style.stroke_width) for p in paths] == [
        ("#000000", 0.35), ("#ffffff", 1.2), ("#000000", 0.3)]
    marks = sorted(mm_lines(_mirrored(A4, shelf_marks(pages[0], A4))))
    assert marks[:2] == [((149.5016, 8.5), (144.5016, 8.5)), ((149.5016, 25.5), (144.5016, 25.5))]  # (from 60.5 mm)
    flip = [(c[0], *(behind(A4, c[1], c[2]) if len(c) == 3 else ()))
            for c in [n for n in shelf_sheets(pages, A4)[0].children if isinstance(n, Path)][2].commands]
    assert [tuple(round(v, 6) if isinstance(v, float) else v for v in c) for c in paths[2].commands] == \
        [tuple(round(v, 6) if isinstance(v, float) else v for v in c) for c in flip]


def bled(id: str, across_mm: float, bleed_mm: float = 1.0) -> Definition:
    return Definition(id, mm(across_mm), mm(across_mm), Group(()), mm(bleed_mm))


def companies(count: int = 2, markers: int = 3, round_: bool = True) -> Tokens:
    """Each company's chip (39 mm) and its markers (15 mm), their faces their backs."""
    return Tokens(tuple((c, t, t, round_) for c in "abcdef"[:count]
                        for t in [bled(f"{c}-chip", 39)] + [bled(f"{c}-m", 15)] * markers), TOKEN_GAP)


def spots(pages) -> list[list[tuple]]:
    """Each sheet's pieces, tokens' too: id, top-left corner in mm, cut round."""
    return [[(face.id, round(to_mm(x), 4), round(to_mm(y), 4), r) for s in shelves for x, y, face, _, r in placed(s)]
            for shelves in pages]


def test_tokens_in_rows_of_blocks_among_the_others() -> None:
    """Tokens as their own type lays them out (each company's chip and markers in a block, two
    blocks to a row where they fit), from 5 mm and half their gap from the sides: they need no
    crop marks beside them. The cards' row below, a gutter or the tokens' gap apart, whichever
    is wider, from the margin its crop marks need."""
    cards = [(square(f"aid{i}", 63.5, 88.9), back(f"aid{i}"), Cut(False, mm(2))) for i in range(2)]
    paper, pages = pack_shelves([companies(), *cards], A4)
    assert paper == A4
    [found] = spots(pages)
    # (9 mm from the top: the tokens' 1 mm bleed and the label's 8 mm line)
    assert found[:4] == [("a-chip", 6.5, 9.0, True), ("a-m", 48.5, 12.0, True), ("a-m", 48.5, 30.0, True),
                         ("a-m", 66.5, 21.0, True)]
    assert found[4] == ("b-chip", 84.5, 9.0, True)  # beside a's block (75 mm wide), 3 mm apart
    assert found[-2:] == [("aid0", 8.5, 51.0, False), ("aid1", 74.0, 51.0, False)]
    tokens, aids = pages[0]
    assert (tokens.cut, tokens.pieces, round(to_mm(tokens.width), 4), round(to_mm(tokens.height), 4)) == (
        Cut(True, TOKEN_GAP), (), 153.0, 39.0)
    # crop marks for the cards' row alone: none beside the tokens, none above them
    marks = mm_lines(shelf_marks(pages[0], A4))
    assert {m[0][1] for m in marks if m[0][1] == m[1][1]} == {51.0, 139.9}
    assert not [m for m in marks if m[0][0] == m[1][0] and m[0][1] < 51]
    # the cards' cut lines alone straight; a circle round each token, on the fronts and the backs
    [front] = shelf_sheets(pages, A4)
    circles = [n for n in front.children if isinstance(n, Circle)]
    def at(c: Circle) -> tuple:
        return round(to_mm(c.cx), 4), round(to_mm(c.cy), 4), round(to_mm(c.r), 4), c.style

    assert len(circles) == 8 and at(circles[0]) == (26.0, 28.5, 19.5, CUT)
    assert all(min(a[0], b[0]) >= 8.499 for a, b in mm_lines(shelf_cut_lines(pages[0])))
    [behind_] = shelf_back_sheets(pages, A4)
    assert at([n for n in behind_.children if isinstance(n, Circle)][0]) == (
        round(to_mm(A4.width) - 26.0, 4), 28.5, 19.5, CUT)
    uses = [(u.ref, round(to_mm(u.transform[4]), 4)) for u in behind_.children if isinstance(u, Use)]
    assert uses[0] == ("a-chip", round(to_mm(A4.width) - 6.5 - 39, 4))


def test_square_tokens_cut_on_their_own_squares() -> None:
    _, pages = pack_shelves([companies(1, 1, round_=False)], A4)
    [found] = spots(pages)
    assert found == [("a-chip", 6.5, 9.0, False), ("a-m", 48.5, 21.0, False)]
    assert mm_lines(shelf_cut_lines(pages[0])) == [
        ((6.5, 9.0), (45.5, 9.0)), ((48.5, 21.0), (63.5, 21.0)), ((48.5, 36.0), (63.5, 36.0)),
        ((6.5, 48.0), (45.5, 48.0)), ((6.5, 9.0), (6.5, 48.0)), ((45.5, 9.0), (45.5, 48.0)),
        ((48.5, 21.0), (48.5, 36.0)), ((63.5, 21.0), (63.5, 36.0))]
    [front] = shelf_sheets(pages, A4)
    assert not [n for n in front.children if isinstance(n, (Circle, Rect))] and shelf_marks(pages[0], A4) == []


def test_rows_of_tokens_go_on_to_the_next_sheet() -> None:
    """Six companies' blocks, one to a row on A4, then cards two to a row: the row that does
    not fit starts the next sheet; a token larger than the room: nothing fits."""
    cards = [(square("aid", 63.5, 88.9), back("aid"), Cut(False, mm(2)))] * 3
    _, pages = pack_shelves([companies(6, 17), *cards], A4)
    assert len(pages) == 2 and [len(s.pieces) for s in pages[1]] == [2, 1]
    assert [len(placed(s)) for s in pages[0]] == [17, 17, 17, 17, 17, 17, 6]  # the 17th markers after the blocks
    assert _pack([Tokens((("k", bled("t", 199), None, True),), TOKEN_GAP)], A4, (mm(9), mm(9))) is None
    assert _pack([Tokens((("k", bled("t", 197), None, True),), TOKEN_GAP)], A4, (mm(9), mm(9))) is not None
    assert bleed_of([Tokens((("k", bled("t", 20, 1.5), None, True),), TOKEN_GAP)]) == mm(1.5)


def test_a_short_row_fills_an_earlier_sheet() -> None:
    """A 150 mm row after a 150 mm one does not fit under it and starts a sheet; the 40 mm row
    after it goes back under the first (the first sheet with room), not under the second."""
    pieces = [(square("tall0", 150), None, TOUCH), (square("tall1", 150), None, TOUCH),
              (square("short", 40), None, GUTTER)]
    paper = Paper("p", "P", mm(170), mm(250))
    pages = _pack(pieces, paper, (mm(9), mm(9)))
    assert where(pages) == [[("tall0", 9.0, 9.0), ("short", 9.0, 161.0)], [("tall1", 9.0, 9.0)]]
    # no room under the first either: a third sheet
    pages = _pack(pieces[:2] + [(square("short", 90), None, GUTTER)], paper, (mm(9), mm(9)))
    assert where(pages) == [[("tall0", 9.0, 9.0)], [("tall1", 9.0, 9.0)], [("short", 9.0, 9.0)]]
