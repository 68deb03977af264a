"""pnp.boxes.hexmap: a map of hexagons as large as fits the box (or `across` a given size),
centred, flat or pointy; the cells a list gives by q and r, or with columns and rows a grid of
hexes each the record that lists it by hex (or the default) with its col, row and name; each
hex filled and stroked, its symbol once or scattered seven times, its label at the bottom or
the top; an outline round each run of hexes that share one; and what the map prints, each label
with the room across its hex."""

from __future__ import annotations

import pytest

from pnp.compose.piece import ComposeError
from pnp.boxes import kinds
from pnp.boxes.hexmap import hex_label, hexmap_layout
from pnp.boxes.printing import Cell
from pnp.scene import Path, Style, Text
from pnp.units import mm

from .conftest import BOLD, GOLD, INK, PAPER, REGULAR, Drawn, rounded

BLD, REG = "SourceSansPro-Bold", "SourceSansPro-Regular"
PLACE = "x: 10pt, y: 20pt, width: 100pt, height: 100pt"  # centred on (60, 70)
TWO = [{"q": 0, "r": 0}, {"q": 1, "r": 0}]


def hexagon(node: Path) -> tuple:
    """A hexagon's centre, size across the flats, orientation and style, from its outline."""
    assert [c[0] for c in node.commands] == ["M", "L", "L", "L", "L", "L", "Z"]
    xs, ys = [c[1] for c in node.commands[:6]], [c[2] for c in node.commands[:6]]
    flat = node.commands[0][2] == node.commands[3][2]  # a corner on either side, level
    across = max(ys) - min(ys) if flat else max(xs) - min(xs)
    return (round(sum(xs) / 6, 3), round(sum(ys) / 6, 3), round(across, 3), "flat" if flat else "pointy",
            node.style)


def paint(fill: str | None = PAPER, stroke: str | None = INK, width: float = 0.5) -> Style:
    return Style(fill=fill, stroke=stroke, stroke_width=width, line_join="round")


def test_the_hexmap_kind() -> None:
    kind = kinds()["hexmap"]
    assert kind.keys == {"hexmap", "orientation", "fill", "stroke", "stroke_width", "symbol", "colour", "light",
                         "label", "font", "size", "columns", "rows", "default", "across", "scatter", "label_at",
                         "text_colour", "outline", "outline_width"}
    assert kind.names == {"cell"} and kind.prints.labels is True
    assert kind.settings["orientation"].schema["enum"] == ["flat", "pointy"]
    assert kind.settings["label_at"].schema["enum"] == ["top", "bottom"]


def test_the_cells_listed_as_large_as_fit_centred(piece) -> None:
    p = piece(f"map: {{{PLACE}, hexmap: cells}}", "cells")
    # two flat hexes, the second half a hex lower: 2.021 hexes wide, 1.5 high; 49.487 pt across
    assert [hexagon(n) for n in p.draw({"cells": TWO})] == [
        (38.572, 57.628, 49.487, "flat", paint()), (81.428, 82.372, 49.487, "flat", paint())]
    assert hexmap_layout(p.box("map"), {"cells": TWO})[0] == "flat"


def test_as_large_as_the_box_is_high(piece) -> None:
    p = piece("map: {x: 10pt, y: 20pt, width: 180pt, height: 60pt, hexmap: cells}", "cells")
    # 1.5 hexes high: 40 pt across, not the 89.075 pt the width holds
    assert [hexagon(n)[:3] for n in p.draw({"cells": TWO})] == [(82.679, 40.0, 40.0), (117.321, 60.0, 40.0)]


def test_pointy_hexes(piece) -> None:
    p = piece(f"map: {{{PLACE}, hexmap: cells, orientation: pointy}}", "cells")
    # side by side: 2 hexes wide, 1.155 high
    assert [hexagon(n) for n in p.draw({"cells": TWO})] == [
        (35.0, 70.0, 50.0, "pointy", paint()), (85.0, 70.0, 50.0, "pointy", paint())]
    orientation, cells, places, size = hexmap_layout(p.box("map"), {"cells": TWO})
    assert (orientation, cells, [(round(x, 3), round(y, 3)) for x, y in places], size) == (
        "pointy", TWO, [(35.0, 70.0), (85.0, 70.0)], 50.0)


def test_only_cells_with_whole_q_and_r(piece) -> None:
    p = piece(f"map: {{{PLACE}, hexmap: cells, across: 20pt}}", "cells")
    cells = [{"q": 0, "r": 0}, "E7", {"q": 1.0, "r": 0}, {"q": True, "r": 0}, {"q": 1, "r": "0"}, {"q": 1},
             {"r": 1}, {"q": 0, "r": -1}]
    assert [hexagon(n)[:3] for n in p.draw({"cells": cells})] == [(60.0, 80.0, 20.0), (60.0, 60.0, 20.0)]
    assert p.draw({"cells": None}) == [] and p.draw({"cells": [{"q": 0.5, "r": 0}]}) == []
    assert hexmap_layout(p.box("map"), {"cells": []}) == ("flat", [], [], 0.0)


def test_across_a_given_size(piece) -> None:
    p = piece(f"""
    fixed: {{{PLACE}, hexmap: cells, across: 20pt}}
    in-mm: {{{PLACE}, hexmap: cells, across: 10}}
    data: {{{PLACE}, hexmap: cells, across: across}}
    """, "cells", "across")
    cell = [{"q": 0, "r": 0}]
    assert [hexagon(n)[:3] for n in p.draw({"cells": cell, "across": 10})] == [
        (60.0, 70.0, 20.0), (60.0, 70.0, round(mm(10), 3)), (60.0, 70.0, round(mm(10), 3))]
    # a size that is no length in mm: as large as fits (100 pt across the flats, 115.47 across the corners)
    for across in (0, -1, True, "5", None):
        assert hexagon(p.draw({"cells": cell, "across": across})[2])[:3] == (60.0, 70.0, 86.602)
    assert hexagon(p.draw({"cells": cell, "across": 2.5})[2])[:3] == (60.0, 70.0, 7.086)
    assert hexagon(p.draw({"cells": cell, "across": 1})[2])[:3] == (60.0, 70.0, 2.834)


def test_a_grid_of_columns_and_rows(piece) -> None:
    p = piece(f'map: {{{PLACE}, hexmap: cells, columns: 3, rows: 2, label: "{{cell.name}}"}}', "cells")
    nodes = p.draw({"cells": []})
    # flat hexes in columns, every second one half a hex lower: 2.887 hexes wide, 2.5 high
    assert [hexagon(n)[:3] for n in nodes[::2]] == [
        (30.0, 44.019, 34.641), (60.0, 61.34, 34.641), (90.0, 44.019, 34.641),
        (30.0, 78.66, 34.641), (60.0, 95.981, 34.641), (90.0, 78.66, 34.641)]
    assert [t.text for t in nodes[1::2]] == ["A1", "B1", "C1", "A2", "B2", "C2"]
    _, cells, _, _ = hexmap_layout(p.box("map"), {"cells": []})
    assert cells[:4] == [{"col": 1, "row": 1, "name": "A1", "q": 0, "r": 0},
                         {"col": 2, "row": 1, "name": "B1", "q": 1, "r": 0},
                         {"col": 3, "row": 1, "name": "C1", "q": 2, "r": -1},
                         {"col": 1, "row": 2, "name": "A2", "q": 0, "r": 1}]


def test_a_pointy_grid(piece) -> None:
    p = piece(f"map: {{{PLACE}, hexmap: cells, orientation: pointy, columns: 2, rows: 2}}", "cells")
    # rows, every second one half a hex right: 2.5 hexes wide, 2.021 high
    assert [hexagon(n)[:3] for n in p.draw({"cells": []})] == [
        (30.0, 52.679, 40.0), (70.0, 52.679, 40.0), (50.0, 87.321, 40.0), (90.0, 87.321, 40.0)]
    _, cells, _, _ = hexmap_layout(p.box("map"), {"cells": []})
    assert [(c["q"], c["r"]) for c in cells] == [(0, 0), (1, 0), (0, 1), (1, 1)]


def test_each_hex_of_a_grid_the_record_listing_it(piece) -> None:
    p = piece(f"""map: {{{PLACE}, hexmap: cells, columns: width, rows: height,
      default: "{{'kind': sea, 'colour': 'none'}}", fill: "{{cell.colour}}", label: "{{cell.kind}}"}}""",
              "cells", "width", "height", "sea")
    cells = [{"hex": {"col": 2, "row": 1, "name": "B1"}, "kind": "wood", "colour": "#00aa00"},
             {"col": 3, "row": 1, "kind": "hill", "colour": "#aa0000"},
             {"hex": {"col": 2, "row": 1}, "kind": "not this one"},
             {"hex": "B1", "col": 1, "row": 1.0, "kind": "nor this one"}, "C1"]
    _, found, _, _ = hexmap_layout(p.box("map"), {"cells": cells, "width": 3, "height": 1, "sea": "sea"})
    assert found == [{"kind": "sea", "colour": "none", "col": 1, "row": 1, "name": "A1", "q": 0, "r": 0},
                     {**cells[0], "col": 2, "row": 1, "name": "B1", "q": 1, "r": 0},
                     {**cells[1], "name": "C1", "q": 2, "r": -1}]
    nodes = p.draw({"cells": cells, "width": 3, "height": 1, "sea": "sea"})
    assert [n.style.fill if isinstance(n, Path) else n.text for n in nodes] == [
        None, "sea", "#00aa00", "wood", "#aa0000", "hill"]  # a sea without a colour: not filled
    p = piece(f"map: {{{PLACE}, hexmap: cells, columns: 2, rows: 1, default: \"'sea'\"}}", "cells")
    assert hexmap_layout(p.box("map"), {"cells": []})[1][0] == {"col": 1, "row": 1, "name": "A1", "q": 0, "r": 0}


@pytest.mark.parametrize("columns, rows", [(0, 2), (2, 0), (0, 10 ** 12), (2.0, 2), (2, True), ("2", 2), (1000, 101),
                                           (11, 9091), (None, 2)])
def test_no_grid_of_a_size_that_is_not_whole_and_reasonable(piece, columns, rows) -> None:
    p = piece(f"map: {{{PLACE}, hexmap: cells, columns: columns, rows: rows}}", "cells", "columns", "rows")
    assert p.draw({"cells": TWO, "columns": columns, "rows": rows}) == []


def test_a_grid_of_one_column(piece) -> None:
    p = piece(f"map: {{{PLACE}, hexmap: cells, columns: 1, rows: 2}}", "cells")
    assert [c["name"] for c in hexmap_layout(p.box("map"), {"cells": []})[1]] == ["A1", "A2"]


def test_a_grid_as_large_as_allowed(piece) -> None:
    p = piece(f"map: {{{PLACE}, hexmap: cells, columns: 1000, rows: 100}}", "cells")
    assert len(hexmap_layout(p.box("map"), {"cells": []})[1]) == 100_000


def test_a_grid_needs_both_columns_and_rows(piece) -> None:
    p = piece(f"""
    columns: {{{PLACE}, hexmap: cells, columns: 3, across: 20pt}}
    rows: {{{PLACE}, hexmap: cells, rows: 3, across: 20pt}}
    """, "cells")
    assert [hexagon(n)[:2] for n in p.draw({"cells": [{"q": 0, "r": 0}]})] == [(60.0, 70.0), (60.0, 70.0)]


def test_its_fill_stroke_and_line(piece) -> None:
    p = piece(f"""
    fixed: {{{PLACE}, hexmap: cells, fill: gold, stroke: "#223344", stroke_width: 2}}
    data: {{{PLACE}, hexmap: cells, fill: "{{cell.colour}}", stroke: "{{line}}", stroke_width: 1mm}}
    """, "cells", "line")
    cells = [{"q": 0, "r": 0, "colour": "#AABBCC"}]
    assert [n.style for n in p.draw({"cells": cells, "line": "#000000"})] == [
        paint(GOLD, "#223344", 2.0), paint("#aabbcc", "#000000", round(mm(1), 3))]
    none = {"cells": [{"q": 0, "r": 0, "colour": "none"}], "line": "none"}
    assert p.draw(none)[1].style == paint(None, None, round(mm(1), 3))


def test_a_label_at_the_bottom_of_its_hex(piece) -> None:
    p = piece(f"""
    map: {{{PLACE}, hexmap: cells, across: 50pt, label: "{{cell.name}}"}}
    sized: {{{PLACE}, hexmap: cells, across: 50pt, label: "{{cell.name}}", font: body, size: 8, colour: gold}}
    """, "cells")
    nodes = p.draw({"cells": [{"q": 0, "r": 0, "name": "Ys"}]})
    # 0.3 of the hex across, its baseline 0.38 of it below the centre; in the symbol's colour
    assert nodes[1] == Text(60.0, 89.0, "Ys", BLD, 15.0, INK, "middle")
    assert nodes[3] == Text(60.0, 89.0, "Ys", REG, 8, GOLD, "middle")
    assert p.draw({"cells": [{"q": 0, "r": 0, "name": ""}]})[1] == nodes[2]  # no label


def test_a_label_at_the_top_of_its_hex(piece) -> None:
    p = piece(f"""
    map: {{{PLACE}, hexmap: cells, across: 50pt, label: "{{cell.name}}", label_at: top,
      colour: "{{cell.ink}}", text_colour: "{{cell.text}}"}}
    """, "cells")
    # its capitals' top 0.47 of the hex above the centre
    assert p.draw({"cells": [{"q": 0, "r": 0, "name": "Ys", "ink": "#00ff00", "text": "#0000ff"}]})[1] == Text(
        60.0, 56.4, "Ys", BLD, 15.0, "#0000ff", "middle")
    assert p.draw({"cells": [{"q": 0, "r": 0, "name": "Ys", "ink": "#00ff00", "text": "none"}]})[1].fill == "#00ff00"
    assert p.draw({"cells": [{"q": 0, "r": 0, "name": "Ys", "ink": "none", "text": "none"}]})[1].fill == INK


def test_where_a_label_goes_and_its_room(piece) -> None:
    p = piece(f"""
    bottom: {{{PLACE}, hexmap: cells, label: "{{cell.name}}"}}
    top: {{{PLACE}, hexmap: cells, label: "{{cell.name}}", label_at: top, size: 9}}
    """, "cells")
    # a flat hex 50 pt across: 57.735 pt between its corners, narrowing to its flats' 28.868
    assert [round(v, 3) for v in hex_label(p.box("bottom"), 50.0, "flat", 0.66)] == [15.0, 19.0, 35.796]
    assert [round(v, 3) for v in hex_label(p.box("top"), 50.0, "flat", 0.66)] == [9, -17.56, 30.6]
    assert [round(v, 3) for v in hex_label(p.box("bottom"), 50.0, "pointy", 0.66)] == [15.0, 19.0, 34.182]
    assert [round(v, 3) for v in hex_label(p.box("top"), 50.0, "pointy", 0.0)] == [9, -23.5, 18.594]


def test_a_symbol_in_the_middle(piece) -> None:
    p = piece(f"""
    map: {{{PLACE}, hexmap: cells, across: 50pt, symbol: "{{cell.icon}}", label: "{{cell.name}}"}}
    coloured: {{{PLACE}, hexmap: cells, across: 50pt, symbol: star, colour: "#223344", light: "{{cell.light}}"}}
    """, "cells")
    cells = [{"q": 0, "r": 0, "icon": "tower", "name": "", "light": "#ffffff"}]
    # 0.62 of the hex across, centred
    assert p.draw({"cells": cells})[1] == Drawn("tower", 44.5, 54.5, 31.0, INK, PAPER)
    assert p.draw({"cells": cells})[3] == Drawn("star", 44.5, 54.5, 31.0, "#223344", "#ffffff")
    assert p.draw({"cells": [{**cells[0], "light": "none"}]})[3].light == PAPER
    # with a label, 0.5 of it, raised by 0.1
    assert p.draw({"cells": [{**cells[0], "name": "Ys"}]})[1:3] == [
        Drawn("tower", 47.5, 52.5, 25.0, INK, PAPER), Text(60.0, 89.0, "Ys", BLD, 15.0, INK, "middle")]
    assert len(p.draw({"cells": [{**cells[0], "icon": ""}]})) == 3  # none
    with pytest.raises(ComposeError, match="^layout.yaml: box 'map': no icon 'nope' "):  # no such icon
        p.draw({"cells": [{**cells[0], "icon": "nope"}]})


def test_a_symbol_scattered(piece) -> None:
    p = piece(f"""map: {{{PLACE}, hexmap: cells, across: 50pt, symbol: star, scatter: true,
      label: "{{cell.name}}"}}""", "cells")
    # 0.2 of the hex across, in the middle and 0.64 of the way to each corner
    assert p.draw({"cells": [{"q": 0, "r": 0, "name": ""}]})[1:] == [
        Drawn("star", 55.0, 65.0, 10.0, INK, PAPER), Drawn("star", 73.475, 65.0, 10.0, INK, PAPER),
        Drawn("star", 64.238, 81.0, 10.0, INK, PAPER), Drawn("star", 45.762, 81.0, 10.0, INK, PAPER),
        Drawn("star", 36.525, 65.0, 10.0, INK, PAPER), Drawn("star", 45.762, 49.0, 10.0, INK, PAPER),
        Drawn("star", 64.238, 49.0, 10.0, INK, PAPER)]
    # with a label, a topmost one left out (of the flat hex's two, as the floats fall)
    drawn = p.draw({"cells": [{"q": 0, "r": 0, "name": "Ys"}]})[1:]
    assert [(d.x, d.y) for d in drawn[:5]] == [(55.0, 65.0), (73.475, 65.0), (64.238, 81.0), (45.762, 81.0),
                                               (36.525, 65.0)]
    assert (drawn[5].x, drawn[5].y) in [(45.762, 49.0), (64.238, 49.0)] and len(drawn) == 7
    assert drawn[-1] == Text(60.0, 89.0, "Ys", BLD, 15.0, INK, "middle")


def test_a_symbol_scattered_on_a_pointy_hex(piece) -> None:
    p = piece(f"""map: {{{PLACE}, hexmap: cells, across: 50pt, orientation: pointy, symbol: star, scatter: true,
      label: Ys}}""", "cells")
    drawn = p.draw({"cells": [{"q": 0, "r": 0}]})[1:-1]
    assert [(d.x, d.y) for d in drawn] == [  # the top one left out
        (55.0, 65.0), (71.0, 55.762), (71.0, 74.238), (55.0, 83.475), (39.0, 74.238), (39.0, 55.762)]


def test_what_it_prints(piece) -> None:
    p = piece(f"""
    map: {{{PLACE}, hexmap: cells, label: {{en: "{{cell.name}}", fr: "n{{cell.name}}"}}, font: body}}
    top: {{{PLACE}, hexmap: cells, across: 50pt, label: "{{cell.name}}", label_at: top, size: 9}}
    bare: {{{PLACE}, hexmap: cells}}
    """, "cells")
    label = p.box("map").get("label")
    cells = {"cells": [{"q": 0, "r": 0, "name": "A"}, {"q": 1, "r": 0, "name": "B"}]}
    # two flat hexes 49.487 pt across: 14.846 pt labels, 35.431 pt across where they stand
    assert rounded([(x.template, x.text, x.font, x.cell) for x in p.printed("map", cells, "fr")]) == [
        (label.get("fr", "en"), "nA", "body", Cell(35.429, 14.846, "body", "hex")),
        (label.get("fr", "en"), "nB", "body", Cell(35.429, 14.846, "body", "hex"))]
    assert rounded([(x.text, x.font, x.cell) for x in p.printed("top", cells)]) == [
        ("A", "heading", Cell(30.6, 9, "heading", "hex")), ("B", "heading", Cell(30.6, 9, "heading", "hex"))]
    assert p.printed("bare", cells) == [] and p.printed("map", {"cells": []}) == []


def test_whether_a_label_fits_and_what_text_fit_says_of_one_that_does_not(piece) -> None:
    p = piece(f'map: {{{PLACE}, hexmap: cells, label: "{{cell.name}}"}}', "cells")
    prints = kinds()["hexmap"].prints
    cell = Cell(20.0, 10.0, "heading", "hex")
    assert prints.fits(p.box("map"), "Ysol", REGULAR, cell) and not prints.fits(p.box("map"), "Ysolde", BOLD, cell)
    assert prints.refusal(p.box("map"), "card 'a': map", "Ysolde", cell) == (
        "card 'a': map 'Ysolde' does not fit across its hex of the map map (7.06 mm there) at 10 pt")


def test_its_labels_read_the_item_in_a_language(piece) -> None:
    p = piece(f"""map: {{{PLACE}, hexmap: cells, across: 50pt,
      label: {{fr: "n{{cell.q / 2}}{{unit}}", en: "{{cell.q / 2}}{{unit}}"}}}}""", "cells", "unit")
    item = {"cells": [{"q": 1, "r": 0}], "unit": "$"}
    assert [x.text for x in p.printed("map", item, "fr")] == ["n0,5$"]
    assert [x.text for x in p.printed("map", item, "ja")] == ["0.5$"]
    assert p.draw(item, "fr")[1].text == "n0,5$"


def sides(nodes: list) -> list[tuple]:
    """The outline's strokes: each side's two ends and its colour and width."""
    return [(n.commands[0][1:], n.commands[1][1:], n.style.stroke, n.style.stroke_width) for n in rounded(nodes)
            if isinstance(n, Path) and len(n.commands) == 2]


def test_an_outline_rings_the_hexes_that_share_it(piece) -> None:
    p = piece(f"""map: {{{PLACE}, hexmap: cells, orientation: pointy, across: 40pt, outline: "{{cell.ring}}",
      outline_width: 4pt}}""", "cells")
    cells = [{"q": 0, "r": 0, "ring": GOLD}, {"q": 1, "r": 0, "ring": GOLD}, {"q": 0, "r": 1, "ring": INK},
             {"q": 1, "r": 1, "ring": "none"}, {"q": -1, "r": 1, "ring": None}]
    nodes = p.draw({"cells": cells})
    assert [hexagon(n)[:2] for n in nodes if len(n.commands) == 7] == [
        (40.0, 52.679), (80.0, 52.679), (60.0, 87.321), (100.0, 87.321), (20.0, 87.321)]
    # the two gold hexes are ringed as one: five sides each, not the one they share (the first's
    # right, the second's left); the ink one all six; the hexes without an outline none. Each side
    # lies 2 pt (half the width) inside its hex: its corners at 0.9 of the way from the centre
    assert sides(nodes) == [
        ((58.0, 63.072), (40.0, 73.464), GOLD, 4.0), ((40.0, 73.464), (22.0, 63.072), GOLD, 4.0),
        ((22.0, 63.072), (22.0, 42.287), GOLD, 4.0), ((22.0, 42.287), (40.0, 31.895), GOLD, 4.0),
        ((40.0, 31.895), (58.0, 42.287), GOLD, 4.0),
        ((98.0, 42.287), (98.0, 63.072), GOLD, 4.0), ((98.0, 63.072), (80.0, 73.464), GOLD, 4.0),
        ((80.0, 73.464), (62.0, 63.072), GOLD, 4.0), ((62.0, 42.287), (80.0, 31.895), GOLD, 4.0),
        ((80.0, 31.895), (98.0, 42.287), GOLD, 4.0),
        ((78.0, 76.928), (78.0, 97.713), INK, 4.0), ((78.0, 97.713), (60.0, 108.105), INK, 4.0),
        ((60.0, 108.105), (42.0, 97.713), INK, 4.0), ((42.0, 97.713), (42.0, 76.928), INK, 4.0),
        ((42.0, 76.928), (60.0, 66.536), INK, 4.0), ((60.0, 66.536), (78.0, 76.928), INK, 4.0)]
    assert {n.style.line_cap for n in nodes if len(n.commands) == 2} == {"round"}
    # the outline is drawn over every hex
    assert all(len(n.commands) == 2 for n in nodes[len(cells):])


def test_an_outline_on_flat_hexes_and_its_default_width(piece) -> None:
    p = piece(f"""map: {{{PLACE}, hexmap: cells, across: 40pt, outline: gold}}""", "cells")
    drawn = sides(p.draw({"cells": [{"q": 0, "r": 0}, {"q": 0, "r": 1}]}))
    assert len(drawn) == 10 and {(c, w) for *_, c, w in drawn} == {(GOLD, 1.0)}
    # the side the two share, the first's bottom and the second's top, is not drawn
    assert all(not (a[1] == b[1] and abs(a[1] - 70.0) < 1) for a, b, *_ in drawn)
    p = piece(f"""map: {{{PLACE}, hexmap: cells, outline: "{{cell.ring}}"}}""", "cells")
    assert sides(p.draw({"cells": [{"q": 0, "r": 0, "ring": "none"}, {"q": 1, "r": 0, "ring": None}]})) == []
