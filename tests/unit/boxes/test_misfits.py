"""pnp.boxes.misfits: a fault a box finds as it draws for an item, said as a text that never
fits, its refusal the fault's own message; and how a message names an element of a list."""

from __future__ import annotations

from pnp.boxes.misfits import NEVER, WRITTEN, describe, is_misfit, misfit, number_of, said
from pnp.boxes.printing import Cell, in_cell
from pnp.model.game import Origin, View

from .conftest import REGULAR


def test_a_misfit_never_fits_and_says_its_message() -> None:
    found = misfit(WRITTEN, "3 spaces overlap", "heading")
    assert (found.template, found.text, found.font) == (WRITTEN, "0", "heading")
    assert found.cell == Cell(NEVER, 0.0, "heading", "3 spaces overlap") and is_misfit(found.cell)
    assert not in_cell(None, found.text, REGULAR, found.cell)  # (as text-fit asks)
    assert said(None, "layout 'board.yaml': score", found.cell) == "layout 'board.yaml': score: 3 spaces overlap"
    assert not is_misfit(Cell(10.0, 5.0, "body")) and not is_misfit(None)
    assert said(None, "x", Cell(10.0, 5.0, "body")) is None
    assert (WRITTEN.source, WRITTEN.names) == ("", frozenset())  # (what the check locates at the box)


def test_how_an_element_is_named() -> None:
    assert describe({"id": "river", "name": "River"}, 3) == "'river'"
    assert describe({"name": "River"}, 3) == "'River'"
    assert describe({"id": 7}, 3) == "'7'"
    assert describe({"id": True, "name": ""}, 3) == "element 3"
    assert describe(5, 2) == "element 2"
    item = View(id="river")
    item.record = type("Item", (), {"origin": Origin("actions.yaml", ("actions", 2))})()
    assert describe(item, 3) == "'river' of actions.yaml"
    unnamed = View(x=1)
    unnamed.record = item.record
    assert describe(unnamed, 4) == "element 4 of actions.yaml"


def test_numbers_from_the_data() -> None:
    assert number_of(3) == 3.0 and number_of(2.5) == 2.5 and isinstance(number_of(3), float)
    assert number_of(True) is None and number_of("3") is None and number_of(None) is None
