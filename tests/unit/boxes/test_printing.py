"""pnp.boxes.printing: what a box prints, as the checks read it: a text, its font and the cell
it must fit (a table's column, a track's space, a hex map's hex, or the box itself), the rows
of boxes a list or group holds, and whether a text fits its cell at the cell's size."""

from __future__ import annotations

from pnp.boxes import kinds
from pnp.boxes.printing import Cell, Printing, Prints, Rows, in_cell

from .conftest import BOLD, REGULAR


def test_what_is_printed_and_where() -> None:
    assert Cell(20.0, 8.0, "body") == Cell(20.0, 8.0, "body", "column")
    assert Printing("template", "text", "body") == Printing("template", "text", "body", None)
    assert Rows((), {}) == Rows((), {}, None)


def test_a_text_fits_its_cell_at_the_cells_size() -> None:
    # "Forty-two" is 4.097 em wide in Regular, 4.254 in Bold
    assert REGULAR.width("Forty-two", 8) == 32.776
    assert in_cell(None, "Forty-two", REGULAR, Cell(32.776, 8, "body"))
    assert in_cell(None, "Forty-two", REGULAR, Cell(32.776 - 1e-6, 8, "body"))  # (a float's error)
    assert not in_cell(None, "Forty-two", REGULAR, Cell(32.776 - 2e-6, 8, "body"))
    assert not in_cell(None, "Forty-two", BOLD, Cell(32.776, 8, "body"))
    assert in_cell(None, "Forty-two", REGULAR, Cell(16.388, 4, "body"))


def test_what_a_kind_says_by_default() -> None:
    def texts(box, env, language, default):
        return []

    assert Prints(texts) == Prints(texts, in_cell, None, False)


def test_which_kinds_print_what() -> None:
    known = kinds()
    printing = {name for name, kind in known.items() if kind.prints is not None}
    assert printing == {"text", "badge", "table", "track", "list", "group", "hexmap", "line", "polygon", "place"}
    assert {name for name in printing if known[name].prints.fits is in_cell} == {"table", "track", "hexmap",
                                                                                 "list", "group", "line", "polygon",
                                                                                 "place"}
    assert {name for name in printing if known[name].prints.labels} == {"track", "hexmap"}
