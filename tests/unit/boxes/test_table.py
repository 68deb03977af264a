"""pnp.boxes.table: a title in the accent colour, a header row on the accent in paper, and a
row of cells for each element of a list (striped every second row when asked), the rows
sharing the box's height below the title, each column starting at its share of the width;
and what the table prints, each text with the room it has up to the next text of its row."""

from __future__ import annotations

import pytest

from pnp.boxes import kinds
from pnp.boxes.printing import Cell, Printing
from pnp.compose.piece import ComposeError
from pnp.scene import Rect, Style, Text

from .conftest import GOLD, INK, PAPER, REGULAR

REG, BLD = "SourceSansPro-Regular", "SourceSansPro-Bold"
PLACE = "x: 10pt, y: 20pt, width: 120pt, height: 100pt"
PRICES = f"""prices: {{{PLACE}, size: 8, table: {{columns: [0, 0.5], header: [Cards, Price], rows: "range(1, 4)",
    cells: ["{{row}}", "{{row * 2}}"]}}}}"""


def test_the_table_kind() -> None:
    kind = kinds()["table"]
    assert kind.keys == {"table", "font", "size", "colour", "accent", "paper", "stripe"}
    assert kind.names == {"row"}
    table = kind.settings["table"]
    assert set(table.fields) == {"title", "title_font", "columns", "header", "rows", "cells"}
    assert table.schema["required"] == ["rows", "cells"]
    assert kind.prints.labels is False


def test_a_header_and_a_row_for_each_element(piece) -> None:
    p = piece(PRICES)
    # four rows of 25 pt: each text's capitals (0.66 of 8 pt) centred in its row
    assert p.draw() == [
        Rect(10.0, 20.0, 120.0, 25.0, Style(fill=INK)),
        Text(10.0, 35.14, "Cards", BLD, 8, PAPER), Text(70.0, 35.14, "Price", BLD, 8, PAPER),
        Text(10.0, 60.14, "1", REG, 8, INK), Text(70.0, 60.14, "2", REG, 8, INK),
        Text(10.0, 85.14, "2", REG, 8, INK), Text(70.0, 85.14, "4", REG, 8, INK),
        Text(10.0, 110.14, "3", REG, 8, INK), Text(70.0, 110.14, "6", REG, 8, INK)]


def test_a_title_above_at_a_point_and_a_half_larger(piece) -> None:
    p = piece(f"""prices: {{{PLACE}, table: {{title: "{{title}}", rows: "[5]", cells: ["{{row}}"]}}}}""", "title")
    # 7.5 pt by default, the title at 9 pt; the rows share what is left 1.5 mm below it
    assert p.draw({"title": "Prices"}) == [
        Text(10.0, 25.94, "Prices", BLD, 9.0, INK),  # its capitals below the top
        Rect(10.0, 33.252, 120.0, 43.374, Style(fill=INK)),  # 20 + 9 + 4.252, two rows in the 86.748 pt left
        Text(10.0, 100.788, "5", REG, 7.5, INK)]
    assert p.draw({"title": ""})[0] == Rect(10.0, 20.0, 120.0, 50.0, Style(fill=INK))  # an empty title: none


def test_no_rows_leaves_the_header_the_whole_box(piece) -> None:
    p = piece(f"""prices: {{{PLACE}, size: 8, table: {{header: [Cards], rows: "[]", cells: ["{{row}}"]}}}}""")
    assert p.draw() == [Rect(10.0, 20.0, 120.0, 100.0, Style(fill=INK)), Text(10.0, 72.64, "Cards", BLD, 8, PAPER)]


def test_without_a_header_its_row_is_left_empty(piece) -> None:
    p = piece(f"""prices: {{{PLACE}, size: 8, table: {{rows: "[1]", cells: ["{{row}}", "{{row + 1}}"]}}}}""")
    # without columns, every cell starts at the left
    assert p.draw() == [Rect(10.0, 20.0, 120.0, 50.0, Style(fill=INK)),
                        Text(10.0, 97.64, "1", REG, 8, INK), Text(10.0, 97.64, "2", REG, 8, INK)]


def test_cells_past_the_last_column_start_there(piece) -> None:
    p = piece(f"""prices: {{{PLACE}, size: 8, table: {{columns: [0, 0.25], header: [A, B, C],
      rows: "[]", cells: ["{{row}}"]}}}}""")
    assert [(t.x, t.text) for t in p.draw()[1:]] == [(10.0, "A"), (40.0, "B"), (40.0, "C")]


def test_its_colours_and_stripes(piece) -> None:
    p = piece(f"""prices: {{{PLACE}, size: 8, colour: "#223344", accent: gold, paper: "#ffffff", stripe: "#eeeeee",
      table: {{title: Prices, header: [Cards], rows: "range(1, 5)", cells: ["{{row}}"]}}}}""")
    nodes = p.draw()
    assert [n for n in nodes if isinstance(n, Rect)] == [  # the header's, then every second row's
        Rect(10.0, 33.752, 120.0, 17.25, Style(fill=GOLD)),
        Rect(10.0, 68.251, 120.0, 17.25, Style(fill="#eeeeee")),
        Rect(10.0, 102.75, 120.0, 17.25, Style(fill="#eeeeee"))]
    assert [(t.text, t.fill) for t in nodes if isinstance(t, Text)] == [
        ("Prices", GOLD), ("Cards", "#ffffff"), ("1", "#223344"), ("2", "#223344"), ("3", "#223344"),
        ("4", "#223344")]


def test_colours_default_to_the_ink_and_the_accent_to_the_colour(piece) -> None:
    p = piece(f"""
    a: {{{PLACE}, colour: "{{colour}}", accent: "{{accent}}", paper: "{{paper}}", stripe: "{{stripe}}",
      table: {{title: T, header: [H], rows: "[1, 2]", cells: ["{{row}}"]}}}}
    b: {{{PLACE}, colour: "{{colour}}", table: {{title: T, header: [H], rows: "[1, 2]", cells: ["{{row}}"]}}}}
    """, "colour", "accent", "paper", "stripe")
    none = {"colour": "none", "accent": "none", "paper": "none", "stripe": "none"}
    a = p.draw(none)[:6]
    assert [(n.text, n.fill) if isinstance(n, Text) else n.style.fill for n in a] == [
        ("T", INK), INK, ("H", PAPER), ("1", INK), ("2", INK), ("T", INK)]  # no stripe
    nodes = p.draw({**none, "colour": "#123456"})
    assert [(n.text, n.fill) if isinstance(n, Text) else n.style.fill for n in nodes[5:]] == [
        ("T", "#123456"), "#123456", ("H", PAPER), ("1", "#123456"), ("2", "#123456")]


def test_the_fonts_it_prints_in(piece) -> None:
    p = piece(f"""prices: {{{PLACE}, font: heading, table: {{title: T, title_font: body, header: [H], rows: "[1]",
      cells: ["{{row}}"]}}}}""")
    assert [(t.text, t.font) for t in p.draw() if isinstance(t, Text)] == [("T", REG), ("H", REG), ("1", BLD)]
    # the title's capitals 0.66 of 9 pt high below the top, the rows' centred
    assert [t.y for t in p.draw() if isinstance(t, Text)] == [25.94, 57.414, 100.788]


def test_a_cell_that_fails_is_an_error_at_the_box(piece) -> None:
    p = piece(f"""prices: {{{PLACE}, table: {{rows: "[0]", cells: ["{{12 // row}}"]}}}}""")
    with pytest.raises(ComposeError, match=r"^layout.yaml: box 'prices': .*, drawing piece$"):
        p.draw()


def test_what_it_prints(piece) -> None:
    p = piece(f"""prices: {{{PLACE}, size: 8, table: {{title: "{{title}}", columns: [0, 0.25, 0.6],
      header: [Cards, "", Price, Each], rows: "[1, 0]", cells: ["{{row}}", "{{12 // row}}", "{{row * 2}}", ""]}}}}""",
              "title")
    spec = p.box("prices").get("table")
    title, (cards, _, price, each), (number, share, double, _) = spec["title"], spec["header"], spec["cells"]
    en = lambda text: text.get("en", "en")  # noqa: E731
    assert p.printed("prices", {"title": "Prices"}) == [
        Printing(en(title), "Prices", "heading", Cell(120.0, 9.5, "heading")),
        Printing(en(cards), "Cards", "heading", Cell(72.0, 8, "heading")),  # to Price: the next text
        Printing(en(price), "Price", "heading", Cell(48.0, 8, "heading")),  # Each starts where it does
        Printing(en(each), "Each", "heading", Cell(48.0, 8, "heading")),
        Printing(en(number), "1", "body", Cell(30.0, 8, "body")),
        Printing(en(share), "12", "body", Cell(42.0, 8, "body")),
        Printing(en(double), "2", "body", Cell(48.0, 8, "body")),
        Printing(en(number), "0", "body", Cell(72.0, 8, "body")),  # 12 // 0 fails: said by the checks
        Printing(en(double), "0", "body", Cell(48.0, 8, "body"))]


def test_what_it_prints_by_default(piece) -> None:
    p = piece(f"""prices: {{{PLACE}, font: heading, table: {{title: {{en: T, fr: Tf}}, title_font: body,
      header: [{{en: H, fr: Hf}}], rows: "[1]", cells: ["{{row}}", "{{row}}"]}}}}""")
    assert [(x.text, x.font, x.cell) for x in p.printed("prices", language="fr")] == [
        ("Tf", "body", Cell(120.0, 9.0, "body")), ("Hf", "body", Cell(120.0, 7.5, "body")),
        ("1", "heading", Cell(120.0, 7.5, "heading")), ("1", "heading", Cell(120.0, 7.5, "heading"))]
    bare = piece(f"""prices: {{{PLACE}, table: {{rows: "[1]", cells: ["{{row}}"]}}}}""")
    assert [(x.text, x.font, x.cell) for x in bare.printed("prices")] == [("1", "body", Cell(120.0, 7.5, "body"))]


def test_what_text_fit_says_of_a_text_that_does_not(piece) -> None:
    p = piece(PRICES)
    refusal = kinds()["table"].prints.refusal
    assert refusal(p.box("prices"), "card 'a': cells.0", "Forty-two", Cell(30.0, 8, "body")) == (
        "card 'a': cells.0 'Forty-two' does not fit its 10.6 mm column of the prices table at 8 pt")
    fits = kinds()["table"].prints.fits  # in its cell at the cell's size
    assert fits(p.box("prices"), "Forty-two", REGULAR, Cell(32.776, 8, "body"))  # 4.097 em at 8 pt
    assert not fits(p.box("prices"), "Forty-two", REGULAR, Cell(32.77, 8, "body"))


def test_its_templates_read_the_item(piece) -> None:
    p = piece(f"""prices: {{{PLACE}, size: 8, table: {{header: ["{{unit}}"], rows: "range(1, count + 1)",
      cells: ["{{row}} {{unit}}"]}}}}""", "unit", "count")
    item = {"unit": "gold", "count": 2}
    assert [t.text for t in p.draw(item) if isinstance(t, Text)] == ["gold", "1 gold", "2 gold"]
    assert [x.text for x in p.printed("prices", item)] == ["gold", "1 gold", "2 gold"]


def test_what_it_prints_in_a_language(piece) -> None:
    p = piece(f"""prices: {{{PLACE}, table: {{title: {{fr: "Prix {{half}}", en: "Prices {{half}}"}},
      header: [{{fr: "Cartes {{half}}", en: "Cards {{half}}"}}], rows: "[1]",
      cells: [{{fr: "{{row / 2}} fr", en: "{{row / 2}}"}}]}}}}""", "half")
    assert [x.text for x in p.printed("prices", {"half": 0.5}, "fr")] == ["Prix 0,5", "Cartes 0,5", "0,5 fr"]
    assert [x.text for x in p.printed("prices", {"half": 0.5}, "ja")] == ["Prices 0.5", "Cards 0.5", "0.5"]


def test_the_room_of_a_text_to_the_next_text_right_of_it(piece) -> None:
    p = piece(f"""
    three: {{{PLACE}, table: {{columns: [0, 0.25, 0.6], rows: "[1]", cells: [a, b, c]}}}}
    back: {{{PLACE}, table: {{columns: [0.5, 0], rows: "[1]", cells: [a, b]}}}}
    """)
    assert [x.cell.width for x in p.printed("three")] == [30.0, 42.0, 48.0]
    assert [x.cell.width for x in p.printed("back")] == [60.0, 120.0]  # a column left of its own: to the end


def test_the_module_registers_the_table_kind() -> None:
    from pnp.boxes import table

    assert [name for name, kind in kinds().items() if kind.draw.__module__ == table.__name__] == ["table"]
