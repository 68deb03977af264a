"""pnp.impose.sheets: pieces in a grid on their sheets, the crop marks and cut lines, the label
in the bottom margin, and the backs mirrored behind their fronts."""

from __future__ import annotations

import pytest

from pnp.layout.fonts import bundled_fonts, metrics
from pnp.impose.paper import PAPERS, Grid, Paper, make_grid
from pnp.impose.sheets import (SheetLabel, back_sheets, behind, crop_mark_lines, cut_paths, each_once, front_sheets,
                               grid_cut_lines, interleave, label_text, label_words, mirrored_cell, paper_label,
                               sheet_label, unique_definitions, _crop_marks)
from pnp.scene import Definition, Group, Page, Path, Style, Text
from pnp.units import mm

FONT = metrics(bundled_fonts()["SourceSansPro-Regular"])
GREY = "#5f5f5f"


def card(id: str, width: float = mm(63.5), height: float = mm(88.9)) -> Definition:
    return Definition(id, width, height, Group(()))


def rounded(lines, digits: int = 4):
    return [tuple(tuple(round(v, digits) for v in point) for point in line) for line in lines]


POKER_A4 = make_grid(PAPERS["a4"], mm(63.5), mm(88.9))  # 3 x 3, cards touching, 27.64 pt left, 42.945 top
XS = (27.64, 207.64, 387.64, 567.64)
YS = (42.945, 294.945, 546.945, 798.945)


def test_crop_marks_of_a_full_grid() -> None:
    """In line with every trim edge, from 1 mm outside the grid outwards: 5 mm long where the
    margin holds that, else stopping 5 mm from the paper's edge (3.75 mm at the sides here)."""
    lines = rounded(crop_mark_lines(POKER_A4))
    expected = []
    for x in XS:
        expected += [((x, 40.1104), (x, 25.9371)), ((x, 801.7796), (x, 815.9529))]
    for y in YS:
        expected += [((24.8054, y), (14.1732, y)), ((570.4746, y), (581.1068, y))]
    assert lines == expected


def test_crop_marks_of_the_used_cells_alone() -> None:
    lines = rounded(crop_mark_lines(POKER_A4, [(1, 0), (0, 0)]))
    assert lines == [((27.64, 40.1104), (27.64, 25.9371)), ((27.64, 297.7796), (27.64, 311.9529)),
                     ((207.64, 40.1104), (207.64, 25.9371)), ((207.64, 297.7796), (207.64, 311.9529)),
                     ((387.64, 40.1104), (387.64, 25.9371)), ((387.64, 297.7796), (387.64, 311.9529)),
                     ((24.8054, 42.945), (14.1732, 42.945)), ((390.4746, 42.945), (404.6479, 42.945)),
                     ((24.8054, 294.945), (14.1732, 294.945)), ((390.4746, 294.945), (404.6479, 294.945))]
    lines = rounded(crop_mark_lines(POKER_A4, [(2, 2)]))
    assert lines == [((387.64, 544.1104), (387.64, 529.9371)), ((387.64, 801.7796), (387.64, 815.9529)),
                     ((567.64, 544.1104), (567.64, 529.9371)), ((567.64, 801.7796), (567.64, 815.9529)),
                     ((384.8054, 546.945), (370.6321, 546.945)), ((570.4746, 546.945), (581.1068, 546.945)),
                     ((384.8054, 798.945), (370.6321, 798.945)), ((570.4746, 798.945), (581.1068, 798.945))]


def test_a_mark_too_short_to_see_is_left_out() -> None:
    paper = Paper("p", "P", 200.0, 200.0)
    # 1.2 mm of room for a mark on the left and top, 0.8 mm on the right and bottom
    left, right = mm(7.2), mm(6.8)
    grid = Grid(paper, 1, 1, 200.0 - left - right, 200.0 - left - right, 0.0, 0.0, left, left, 0.0)
    lines = crop_mark_lines(grid)
    assert [(round(a[0], 4), round(a[1], 4), round(b[0], 4), round(b[1], 4)) for a, b in lines] == [
        (20.4094, 17.5748, 20.4094, 14.1732), (180.7244, 17.5748, 180.7244, 14.1732),
        (17.5748, 20.4094, 14.1732, 20.4094), (17.5748, 180.7244, 14.1732, 180.7244)]
    grid = Grid(paper, 1, 1, 200.0 - 2 * mm(6), 200.0 - 2 * mm(6), 0.0, 0.0, mm(6), mm(6), 0.0)
    assert crop_mark_lines(grid) == []


def test_crop_marks_are_drawn_black_over_a_white_halo() -> None:
    lines = [((1.0, 2.0), (3.0, 4.0)), ((5.0, 6.0), (7.0, 8.0))]
    commands = (("M", 1.0, 2.0), ("L", 3.0, 4.0), ("M", 5.0, 6.0), ("L", 7.0, 8.0))
    assert _crop_marks(lines) == [Path(commands, Style(stroke="#ffffff", stroke_width=1.2)),
                                  Path(commands, Style(stroke="#000000", stroke_width=0.3))]
    assert _crop_marks([]) == []


def test_each_edge_once() -> None:
    a, b, c = (0.0, 0.0), (10.0, 0.0), (10.0, 10.0)
    assert each_once([(a, b), (b, c), (b, a), (c, b), ((0.001, 0.0), (10.0, 0.004))]) == [(a, b), (b, c)]
    assert each_once([(a, b), ((0.0, 0.006), b)]) == [(a, b), ((0.0, 0.006), b)]  # a hundredth apart: two lines
    edge = ((1.0, 2.0), (11.0, 12.0))

    def moved(k: int, by: float):
        values = [1.0, 2.0, 11.0, 12.0]
        values[k] += by
        return (tuple(values[:2]), tuple(values[2:]))

    for k in range(4):  # each coordinate to the hundredth
        assert each_once([edge, moved(k, 0.004)]) == [edge]
        assert each_once([edge, moved(k, 0.3)]) == [edge, moved(k, 0.3)]


def test_crop_marks_at_trim_edges_to_a_ten_thousandth() -> None:
    grid = Grid(Paper("p", "P", 300.0, 300.0), 1, 1, 100.0, 100.0, 0.0, 0.0, 30.123456, 40.654321, 0.0)
    lines = crop_mark_lines(grid)
    assert {a[0] for a, b in lines if a[0] == b[0]} == {30.1235, 130.1235}
    assert {a[1] for a, b in lines if a[1] == b[1]} == {40.6543, 140.6543}


def test_cut_lines_of_neighbours() -> None:
    grid = Grid(Paper("p", "P", 300.0, 300.0), 2, 2, 100.0, 50.0, 0.0, 0.0, 10.0, 20.0, 0.0)
    assert grid_cut_lines(grid, [(0, 0), (1, 0)]) == [
        ((10.0, 20.0), (110.0, 20.0)), ((110.0, 20.0), (110.0, 70.0)), ((10.0, 70.0), (110.0, 70.0)),
        ((10.0, 20.0), (10.0, 70.0)), ((110.0, 20.0), (210.0, 20.0)), ((210.0, 20.0), (210.0, 70.0)),
        ((110.0, 70.0), (210.0, 70.0))]
    assert len(grid_cut_lines(grid, [(0, 0), (1, 0), (0, 1), (1, 1)])) == 12
    assert grid_cut_lines(grid, [(1, 1)]) == [
        ((110.0, 70.0), (210.0, 70.0)), ((210.0, 70.0), (210.0, 120.0)), ((110.0, 120.0), (210.0, 120.0)),
        ((110.0, 70.0), (110.0, 120.0))]
    assert cut_paths([((1.0, 2.0), (3.0, 4.0))]) == [
        Path((("M", 1.0, 2.0), ("L", 3.0, 4.0)), Style(stroke="#000000", stroke_width=0.35, line_cap="round"))]
    assert cut_paths([]) == []


def test_a_label_centred_in_the_bottom_margin() -> None:
    text = "The Anarchy · cards · fronts · page 2 of 14 · A4"
    assert sheet_label(PAPERS["a4"], text, FONT, crop_mark_lines(POKER_A4)) == [
        Text(297.64, 841.89 - mm(5.6), text, "SourceSansPro-Regular", 6.0, GREY, "middle")]
    assert sheet_label(PAPERS["a4"], text, None) == []
    assert front_sheets([card("a")], POKER_A4, font=FONT)[0].children[1:] == tuple(
        _crop_marks(crop_mark_lines(POKER_A4, [(0, 0)])))  # no label: none printed
    assert back_sheets([card("a")], POKER_A4, font=FONT)[0].children[1:] == tuple(
        _crop_marks(crop_mark_lines(POKER_A4, [(2, 0)])))
    assert sheet_label(PAPERS["a4"], "", FONT) == []


A3_BLEED = make_grid(PAPERS["a3"], mm(63.5), mm(88.9), mm(3))  # marks reach into the label's line


def test_a_label_between_the_crop_marks() -> None:
    """On A3 with 3 mm bleed the marks below the grid reach the label's line: it moves into the
    widest stretch between them (under a column: of the six as wide, the third, nearest the
    middle with the fourth, and first), shrunk to fit when too long."""
    third = A3_BLEED.cell(2, 0)[0] + A3_BLEED.card_width / 2
    marks = crop_mark_lines(A3_BLEED)
    text = "The Anarchy · cards · fronts · page 1 of 7 · A3 landscape"
    [label] = sheet_label(A3_BLEED.paper, text, FONT, marks)
    assert (label.x, label.y, label.size) == pytest.approx((third, 841.89 - mm(5.6), 6.0), abs=5e-5)
    assert (label.text, label.font, label.fill, label.anchor) == (text, "SourceSansPro-Regular", GREY, "middle")
    longer = "The Anarchy · a very long label that says a lot about the sets · fronts · page 1 of 7 · A3 landscape"
    [label] = sheet_label(A3_BLEED.paper, longer, FONT, marks)
    stretch = 180.0 - 2 * mm(1.5)  # a card's width less 1.5 mm clear of each mark
    assert label.x == pytest.approx(third, abs=5e-5)
    assert label.size == pytest.approx(6.0 * stretch / FONT.width(longer, 6.0), abs=1e-9)
    [label] = sheet_label(A3_BLEED.paper, "x" * 300, FONT, marks)
    assert label.size == 3.5  # never smaller


def test_a_label_beside_marks_that_do_not_reach_it() -> None:
    paper = Paper("p", "P", 400.0, 300.0)
    baseline = 300.0 - mm(5.6)
    text = "a label"
    # a mark ending 3 mm above the baseline is not in the way; one a little lower is
    high = [((200.0, 250.0), (200.0, baseline - mm(3)))]
    low = [((200.0, 250.0), (200.0, baseline - mm(3) + 0.01))]
    assert sheet_label(paper, text, FONT, high)[0].x == 200.0
    assert sheet_label(paper, text, FONT, [(b, a) for a, b in high])[0].x == 200.0
    [label] = sheet_label(paper, text, FONT, low)  # left of it: 5 mm from the edge to 1.5 mm from the mark
    assert (label.x, label.size) == pytest.approx(((mm(5) + 200.0 - mm(1.5)) / 2, 6.0))
    [label] = sheet_label(paper, text, FONT, [((195.0, 250.0), (195.0, 290.0))])  # right of it: wider
    assert label.x == pytest.approx((195.0 + mm(1.5) + 400.0 - mm(5)) / 2)
    # a mark across (not down) is never in the way
    assert sheet_label(paper, text, FONT, [((190.0, 290.0), (210.0, 290.0))])[0].x == 200.0
    # marks closer than 3 mm leave no stretch between them
    [label] = sheet_label(paper, text, FONT, [((200.0 - mm(1.4), 280.0), (200.0 - mm(1.4), 290.0)),
                                              ((200.0 + mm(1.4), 280.0), (200.0 + mm(1.4), 290.0))])
    assert label.x == pytest.approx((mm(5) + 200.0 - mm(2.9)) / 2)
    # marks 4 mm apart all across: stretches 1 mm wide, the first 1.2 mm; the label in it, as small as it goes
    paper = Paper("p", "P", mm(31), 300.0)
    marks = [((mm(7.7 + 4 * k), 280.0), (mm(7.7 + 4 * k), 290.0)) for k in range(6)]
    [label] = sheet_label(paper, text, FONT, marks)
    assert (label.x, label.size) == (pytest.approx(mm(5.6)), 3.5)


def test_a_label_that_just_fits_stays_centred() -> None:
    text = "x" * 20
    width = FONT.width(text, 6.0)
    paper = Paper("p", "P", 400.0, 300.0)
    # the stretch right of a mark at the centre less half the text width, 1.5 mm clear of it
    at = 200.0 - width / 2 - mm(1.5)
    assert sheet_label(paper, text, FONT, [((at, 280.0), (at, 290.0))])[0].x == 200.0
    at = 200.0 + width / 2 + mm(1.5)
    assert sheet_label(paper, text, FONT, [((at, 280.0), (at, 290.0))])[0].x == 200.0
    # a little closer, and it moves into the wider stretch beside the mark
    at = 200.0 - width / 2 - mm(1.5) + 0.01
    [label] = sheet_label(paper, text, FONT, [((at, 280.0), (at, 290.0))])
    assert label.x == pytest.approx((at + mm(1.5) + 400.0 - mm(5)) / 2)
    at = 200.0 + width / 2 + mm(1.5) - 0.01
    [label] = sheet_label(paper, text, FONT, [((at, 280.0), (at, 290.0))])
    assert label.x == pytest.approx((mm(5) + at - mm(1.5)) / 2)
    # the paper's own 5 mm: a label wider than the page less 10 mm is shrunk
    narrow = Paper("p", "P", width + mm(10) - 0.01, 300.0)
    [label] = sheet_label(narrow, text, FONT)
    assert label.size == pytest.approx(6.0 * (narrow.width - mm(10)) / width)
    assert label.x == pytest.approx(narrow.width / 2)
    assert sheet_label(Paper("p", "P", width + mm(10), 300.0), text, FONT)[0].size == 6.0


def test_label_text() -> None:
    a4, a3 = PAPERS["a4"], PAPERS["a3"]
    assert label_text("Game · cards", "fronts", 2, 14, a4) == "Game · cards · fronts · page 2 of 14 · A4"
    assert label_text("Game", "backs", 3, 4, PAPERS["letter"]) == "Game · backs · page 3 of 4 · US Letter · on the back of page 3"
    assert label_text("", "fronts", 1, 1, a4) == ""
    assert label_text("Game", "fronts", 1, 2, a4, " · more") == "Game · fronts · page 1 of 2 · A4 · more"
    french = SheetLabel("Jeu", "fr")
    assert (str(french), french.language, SheetLabel("Game").language) == ("Jeu", "fr", "en")
    assert label_text(french, "backs", 1, 2, a3) == "Jeu · verso · page 1 sur 2 · A3 paysage · au dos de la page 1"
    assert label_words(french, "sheet-page", n=3, total=5) == "page 3 sur 5"
    assert label_words("plain", "sheet-page", n=3, total=5) == "page 3 of 5"


def test_paper_label() -> None:
    assert paper_label(SheetLabel("x", "fr"), PAPERS["a3"]) == "A3 paysage"
    assert paper_label("x", PAPERS["letter"]) == "US Letter"
    # A3 turned upright, or a paper pnp has no words for: its own label
    assert paper_label(SheetLabel("x", "fr"), Paper("a3", "A3", 841.89, 1190.55)) == "A3"
    assert paper_label(SheetLabel("x", "fr"), Paper("a3", "A3 landscape", 841.89, 1190.55)) == "A3 paysage"
    assert paper_label("x", Paper("b5", "B5", 1.0, 1.0)) == "B5"


def test_behind_after_a_long_edge_flip() -> None:
    assert behind(PAPERS["a4"], 10.0, 20.0, 30.0, 40.0) == pytest.approx((595.28 - 40.0, 20.0))
    assert behind(PAPERS["a4"], 10.0, 20.0) == pytest.approx((585.28, 20.0))
    assert behind(PAPERS["a3"], 10.0, 20.0, 30.0, 40.0) == pytest.approx((10.0, 841.89 - 60.0))
    assert behind(PAPERS["a3"], 10.0, 20.0) == pytest.approx((10.0, 821.89))


def test_mirrored_cells() -> None:
    assert [mirrored_cell(POKER_A4, i) for i in range(9)] == [
        (2, 0), (1, 0), (0, 0), (2, 1), (1, 1), (0, 1), (2, 2), (1, 2), (0, 2)]
    wide = make_grid(PAPERS["a3"], mm(63.5), mm(88.9))  # 6 x 3 on a landscape sheet: rows reverse
    assert [mirrored_cell(wide, i) for i in (0, 1, 5, 6, 17)] == [(0, 2), (1, 2), (5, 2), (0, 1), (5, 0)]


def placed(node) -> tuple:
    """A card on a sheet: its definition, where, and its clip (x, y, width, height)."""
    assert isinstance(node, Group) and len(node.children) == 1
    use = node.children[0]
    clip = node.clip
    return (use.ref, round(use.transform[4], 4), round(use.transform[5], 4),
            tuple(round(v, 4) for v in (clip.x, clip.y, clip.width, clip.height)))


def test_front_sheets() -> None:
    cards = [card(f"c{i}") for i in range(10)] + [card("c0")]
    pages = front_sheets(cards, POKER_A4, SheetLabel("Game · cards"), FONT)
    assert [(p.width, p.height, p.label) for p in pages] == [(595.28, 841.89, "01"), (595.28, 841.89, "02")]
    first, second = pages
    assert [placed(n) for n in first.children[:9]] == [
        (f"c{i}", XS[i % 3], YS[i // 3], (XS[i % 3], YS[i // 3], 180.0, 252.0)) for i in range(9)]
    assert [d.id for d in first.definitions] == [f"c{i}" for i in range(9)]
    marks = crop_mark_lines(POKER_A4, [(c, r) for r in range(3) for c in range(3)])
    assert first.children[9:11] == tuple(_crop_marks(marks))
    assert first.children[11:] == tuple(sheet_label(PAPERS["a4"], "Game · cards · fronts · page 1 of 2 · A4", FONT, marks))
    assert [placed(n) for n in second.children[:2]] == [("c9", 27.64, 42.945, (27.64, 42.945, 180.0, 252.0)),
                                                         ("c0", 207.64, 42.945, (207.64, 42.945, 180.0, 252.0))]
    assert [d.id for d in second.definitions] == ["c9", "c0"]
    assert second.children[2:4] == tuple(_crop_marks(crop_mark_lines(POKER_A4, [(0, 0), (1, 0)])))
    assert second.children[4].text == "Game · cards · fronts · page 2 of 2 · A4"
    assert len(second.children) == 5


@pytest.mark.parametrize("sheets", [front_sheets, back_sheets])
def test_pages_counted(sheets) -> None:
    def pages(sheets_made) -> list[str]:
        return [" · ".join(p.children[-1].text.split(" · ")[2:4]) for p in sheets_made]

    nine = sheets([card("a")] * 9, POKER_A4, label="G", font=FONT)
    assert pages(nine) == ["page 1 of 1 · A4"]
    ten = sheets([card("a")] * 10, POKER_A4, label="G", font=FONT)
    assert pages(ten) == ["page 1 of 2 · A4", "page 2 of 2 · A4"]
    assert [(p.width, p.height) for p in ten] == [(595.28, 841.89)] * 2
    # the label between the marks that reach its line
    [page] = sheets([card("a")] * 18, A3_BLEED, label="G", font=FONT)
    assert page.children[-1].x == pytest.approx(A3_BLEED.cell(2, 0)[0] + A3_BLEED.card_width / 2, abs=5e-5)


def test_front_sheets_with_cut_lines_and_without_a_label() -> None:
    [page] = front_sheets([card("a"), card("b")], POKER_A4, cuts=True)
    cuts = cut_paths(grid_cut_lines(POKER_A4, [(0, 0), (1, 0)]))
    assert page.children[2:] == tuple(cuts + _crop_marks(crop_mark_lines(POKER_A4, [(0, 0), (1, 0)])))
    assert len(cuts) == 1 and len(cuts[0].commands) == 14  # 7 edges: the shared one once
    assert front_sheets([], POKER_A4) == []


def test_back_sheets_mirrored() -> None:
    backs = [card(f"b{i}") for i in range(4)]
    [page] = back_sheets(backs, POKER_A4, label=SheetLabel("Game"), font=FONT)
    assert [placed(n)[:3] for n in page.children[:4]] == [("b0", XS[2], YS[0]), ("b1", XS[1], YS[0]),
                                                          ("b2", XS[0], YS[0]), ("b3", XS[2], YS[1])]
    assert [placed(n)[3] for n in page.children[:1]] == [(387.64, 42.945, 180.0, 252.0)]
    marks = crop_mark_lines(POKER_A4, [(2, 0), (1, 0), (0, 0), (2, 1)])
    assert page.children[4:6] == tuple(_crop_marks(marks))
    assert page.children[6].text == "Game · backs · page 1 of 1 · A4 · on the back of page 1"
    assert (page.label, [d.id for d in page.definitions]) == ("01", ["b0", "b1", "b2", "b3"])


def test_back_sheets_leave_a_piece_without_a_back_blank() -> None:
    backs = [card("b"), None, card("b")] * 4  # 12 pieces: a page of 9 and one of 3
    pages = back_sheets(backs, POKER_A4, cuts=True)
    assert len(pages) == 2
    first = pages[0]
    uses = [placed(n)[:3] for n in first.children if isinstance(n, Group)]
    assert uses == [("b", XS[2], YS[0]), ("b", XS[0], YS[0]), ("b", XS[2], YS[1]), ("b", XS[0], YS[1]),
                    ("b", XS[2], YS[2]), ("b", XS[0], YS[2])]
    assert [d.id for d in first.definitions] == ["b"]
    cells = [mirrored_cell(POKER_A4, i) for i in range(9)]
    assert first.children[6:] == tuple(cut_paths(grid_cut_lines(POKER_A4, cells))
                                       + _crop_marks(crop_mark_lines(POKER_A4, cells)))
    second = pages[1]
    assert [placed(n)[:3] for n in second.children[:2]] == [("b", XS[2], YS[0]), ("b", XS[0], YS[0])]
    assert second.label == "02"


def test_landscape_backs_turn_top_to_bottom() -> None:
    wide = make_grid(PAPERS["a3"], mm(63.5), mm(88.9))
    [page] = back_sheets([card("b0"), card("b1")], wide)
    assert [placed(n)[:3] for n in page.children[:2]] == [("b0", 55.275, 546.945), ("b1", 235.275, 546.945)]


def test_interleave_and_unique_definitions() -> None:
    f = [Page(1, 1, (), (), "f1"), Page(1, 1, (), (), "f2")]
    b = [Page(1, 1, (), (), "b1"), Page(1, 1, (), (), "b2"), Page(1, 1, (), (), "b3")]
    assert [p.label for p in interleave(f, b)] == ["f1", "b1", "f2", "b2"]
    one, other = card("x"), card("y")
    assert unique_definitions([one, other, one]) == (one, other)
