"""pnp.impose.booklet: a saddle-stitched booklet's page order, its pages padded to a multiple of
four with blanks at the end, two to a side of each sheet, the sheets nested on the fold."""

from __future__ import annotations

import pytest

from pnp.impose.booklet import padded, saddle_stitch


@pytest.mark.parametrize(("pages", "total"), [(0, 4), (1, 4), (3, 4), (4, 4), (5, 8), (7, 8), (8, 8), (9, 12),
                                               (12, 12), (13, 16), (33, 36)])
def test_padded_to_a_multiple_of_four(pages: int, total: int) -> None:
    assert padded(pages) == total


def test_eight_pages_on_two_sheets() -> None:
    """The outer sheet carries the covers (8 and 1) on its front and 2 and 7 behind them; the
    inner one 6 and 3, then the centre spread 4 and 5."""
    assert saddle_stitch(8) == [(8, 1), (2, 7), (6, 3), (4, 5)]


def test_four_pages_on_one_sheet() -> None:
    assert saddle_stitch(4) == [(4, 1), (2, 3)]


def test_the_padding_is_blank_at_the_end() -> None:
    """Five pages make an eight-page booklet: 6, 7 and 8 are blanks (None), the last page
    written (5) on the centre spread."""
    assert saddle_stitch(5) == [(None, 1), (2, None), (None, 3), (4, 5)]
    assert saddle_stitch(6) == [(None, 1), (2, None), (6, 3), (4, 5)]
    assert saddle_stitch(7) == [(None, 1), (2, 7), (6, 3), (4, 5)]
    assert saddle_stitch(1) == [(None, 1), (None, None)]
    assert saddle_stitch(0) == [(None, None), (None, None)]


def test_twelve_pages() -> None:
    assert saddle_stitch(10) == [(None, 1), (2, None), (10, 3), (4, 9), (8, 5), (6, 7)]


@pytest.mark.parametrize("pages", range(1, 41))
def test_every_page_once_and_each_sheet_folds_into_order(pages: int) -> None:
    """Each page is printed once, two to a side, on padded/2 sides; the halves of a front add up
    to the padded count + 1 (they face each other across the fold), and the sheets, laid in
    printing order and folded, read 1, 2, 3 ... from the outside in."""
    sides = saddle_stitch(pages)
    total = padded(pages)
    assert len(sides) == total // 2
    placed = [n for side in sides for n in side if n is not None]
    assert sorted(placed) == list(range(1, pages + 1))
    assert sum(n is None for side in sides for n in side) == total - pages
    full = [tuple(n if n is not None else 0 for n in side) for side in sides]
    for i in range(0, len(full), 2):
        front, back = full[i], full[i + 1]
        sheet = i // 2
        right = 2 * sheet + 1
        assert front[1] in (right, 0) and back[0] in (right + 1, 0)
        assert back[1] in (total - right, 0) and front[0] in (total - right + 1, 0)
