"""pnp.components.data: items that are not printed, a table other sets read; a data set is
imposed on no sheet at all."""

from __future__ import annotations

from pnp.components.data import TYPE, impose_nothing
from pnp.components.kind import Sheets
from pnp.impose import PAPERS


def test_the_data_type() -> None:
    assert (TYPE.name, TYPE.tabletopia, TYPE.deck, TYPE.impose, TYPE.printed, TYPE.order) == (
        "data", "", False, impose_nothing, False, 70)
    assert TYPE.options == {} and TYPE.whole is None and TYPE.assembly is None
    assert TYPE.example == "arms: {type: data, files: arms.yaml, items: arms, fields: {name: text, move: int}}"
    assert TYPE.doc.startswith("Data: items that are not printed, a table other sets refer to (ref fields)")


def test_nothing_is_imposed() -> None:
    sheets = impose_nothing([object(), object()], PAPERS["a4"], 2.0, "label", None)
    assert sheets == Sheets([], []) and sheets.fronts == [] and sheets.backs == []
