"""pnp.boxes.lines: a line through points (mm from the box's corner; by default across its
middle) with arrow heads, a polygon and a border round the box, each solid or dashed; and
what each says, as text-fit reads it, of points the data gives that do not fit."""

from __future__ import annotations

import pytest

from pnp.boxes import kinds
from pnp.boxes.lines import border_nodes, line_nodes, polygon_nodes
from pnp.boxes.misfits import WRITTEN
from pnp.scene import Path, Style
from pnp.units import mm

from .conftest import GOLD, INK, PAPER

MM = mm(1)


def pts(*pairs) -> list:
    return [(round(x * MM, 3) + 0.0, round(y * MM, 3) + 0.0) for x, y in pairs]


def test_the_line_kinds() -> None:
    known = kinds()
    assert set(known["line"].settings["line"].fields) == {"points", "stroke", "stroke_width", "dash", "gap", "arrow",
                                                          "arrow_size"}
    assert set(known["polygon"].settings["polygon"].fields) == {"points", "fill", "stroke", "stroke_width", "dash",
                                                                "gap"}
    assert known["polygon"].settings["polygon"].schema["required"] == ["points"]
    assert set(known["border"].settings["border"].fields) == {"shape", "fill", "stroke", "stroke_width", "dash", "gap",
                                                              "radius"}
    assert known["border"].prints is None and known["line"].prints.labels is False
    assert [known[name].draw.__module__ for name in ("line", "polygon", "border")] == [line_nodes.__module__] * 3
    assert {polygon_nodes.__name__, border_nodes.__name__} == {"polygon_nodes", "border_nodes"}


def test_a_line_across_the_middle_by_default(piece) -> None:
    p = piece("rule: {x: 10mm, y: 20mm, width: 30mm, height: 10mm, line: {}}")
    assert p.draw() == [Path((("M", *pts((10, 25))[0]), ("L", *pts((40, 25))[0])),
                             Style(stroke=INK, stroke_width=1.0, line_cap="round", line_join="round"))]


def test_a_line_through_its_points_in_its_colours(piece) -> None:
    p = piece("""
    route: {x: 10mm, y: 20mm, width: 30mm, height: 10mm,
            line: {points: [[0, 0], [30, 0], [30, 10]], stroke: gold, stroke_width: 2pt}}
    """)
    (line,) = p.draw()
    assert [c[1:] for c in line.commands] == pts((10, 20), (40, 20), (40, 30))
    assert line.style == Style(stroke=GOLD, stroke_width=2.0, line_cap="round", line_join="round")


def test_arrow_heads_and_the_line_drawn_back_under_them(piece) -> None:
    p = piece("""
    one: {x: 0, y: 0, width: 20mm, height: 10mm, line: {points: [[0, 5], [20, 5]], arrow: end}}
    two: {x: 0, y: 0, width: 20mm, height: 10mm, line: {points: [[0, 5], [20, 5]], arrow: both, arrow_size: 4mm,
          stroke: gold}}
    """)
    line, tip, *two = p.draw()
    # a head 2.5 mm long, its line stopping 2 mm (four fifths of it) short of the point
    assert [c[1:] for c in line.commands] == pts((0, 5), (18, 5))
    assert [c[1:] for c in tip.commands[:3]] == pts((20, 5), (17.5, 6.125), (17.5, 3.875))
    assert tip.style == Style(fill=INK)
    line, start, end = two
    assert [c[1:] for c in line.commands] == pts((3.2, 5), (16.8, 5))
    assert [c[1:] for c in start.commands[:3]] == pts((0, 5), (4, 3.2), (4, 6.8))
    assert [c[1:] for c in end.commands[:3]] == pts((20, 5), (16, 6.8), (16, 3.2))
    assert start.style == end.style == Style(fill=GOLD)


def test_a_dashed_line(piece) -> None:
    p = piece("dots: {x: 0, y: 0, width: 10mm, height: 2mm, line: {points: [[0, 1], [10, 1]], dash: 3, gap: 1}}")
    (line,) = p.draw()
    assert [c[1:] for c in line.commands] == pts((0, 1), (3, 1), (4, 1), (7, 1), (8, 1), (10, 1))
    assert [c[0] for c in line.commands] == ["M", "L"] * 3
    assert line.style == Style(stroke=INK, stroke_width=1.0, line_cap="butt")
    p = piece("dots: {x: 0, y: 0, width: 10mm, height: 2mm, line: {points: [[0, 1], [10, 1]], dash: 4}}")
    assert [c[1:] for c in p.draw()[0].commands] == pts((0, 1), (4, 1), (8, 1), (10, 1))  # (gaps as long as dashes)


def test_a_polygon_filled_and_edged(piece) -> None:
    p = piece("""
    flag: {x: 10mm, y: 10mm, width: 10mm, height: 10mm, polygon: {points: [[0, 0], [10, 5], [0, 10]], fill: gold}}
    bare: {x: 10mm, y: 10mm, width: 10mm, height: 10mm, polygon: {points: [[0, 0], [10, 5], [0, 10]],
           stroke: none, fill: paper}}
    """)
    fill, edge, bare = p.draw()
    assert fill == Path((("M", *pts((10, 10))[0]), ("L", *pts((20, 15))[0]), ("L", *pts((10, 20))[0]), ("Z",)),
                        Style(fill=GOLD))
    assert edge == Path(fill.commands, Style(stroke=INK, stroke_width=1.0, line_cap="round", line_join="round"))
    assert bare == Path(fill.commands, Style(fill=PAPER))


def test_a_dashed_polygon_closes_its_ring(piece) -> None:
    p = piece("zone: {x: 0, y: 0, width: 10mm, height: 10mm, polygon: {points: [[0, 0], [4, 0], [4, 3]], dash: 2, "
              "gap: 1, stroke: ink}}")
    (edge,) = p.draw()  # (no fill) 4 + 3 + 5 = 12 mm round: dashes at 0-2, 3-5, 6-8, 9-11
    assert [c[1:] for c in edge.commands] == pts((0, 0), (2, 0), (3, 0), (4, 0), (4, 1), (4, 2), (4, 3),
                                                (3.2, 2.4), (2.4, 1.8), (0.8, 0.6))
    assert [c[0] for c in edge.commands] == ["M", "L", "M", "L", "L", "M", "L", "L", "M", "L"]


def test_a_border_inside_the_box(piece) -> None:
    p = piece("""
    square: {x: 10mm, y: 10mm, width: 20mm, height: 10mm, border: {stroke: gold, stroke_width: 2pt}}
    ring: {x: 10mm, y: 10mm, width: 20mm, height: 10mm, border: {shape: ellipse, dash: 1.5, gap: 1}}
    """)
    square, ring = p.draw()
    # drawn half its width in from the box's edge, closed
    assert square.commands == (("M", 29.346, 29.346), ("L", 84.039, 29.346), ("L", 84.039, 55.693),
                               ("L", 29.346, 55.693), ("Z",))
    assert square.style == Style(stroke=GOLD, stroke_width=2.0, line_cap="round", line_join="round")
    assert ring.style == Style(stroke=INK, stroke_width=1.0, line_cap="butt")
    # from its top, half its line's width inside the box (the dashes leave gaps)
    assert ring.commands[0] == ("M", 56.693, 28.846)
    assert all(28.846 <= c[1] <= 84.539 and 28.846 <= c[2] <= 56.193 for c in ring.commands)
    assert sum(c[0] == "M" for c in ring.commands) == 19  # about 49 mm round, a dash each 2.5 mm


def test_a_rounded_border_with_a_fill(piece) -> None:
    p = piece("card: {x: 0, y: 0, width: 20mm, height: 10mm, border: {radius: 2, fill: paper, dash: 2}}")
    fill, edge = p.draw()
    assert fill.style == Style(fill=PAPER) and fill.commands[-1] == ("Z",) and len(fill.commands) == 37
    assert edge.style.stroke == INK and edge.commands[0][0] == "M"


def test_points_from_the_data(piece) -> None:
    p = piece("route: {x: 0, y: 0, width: 30mm, height: 30mm, line: {points: route}}", "route")
    (line,) = p.draw({"route": [[0, 0], {"x": 30, "y": 30}]})
    assert [c[1:] for c in line.commands] == pts((0, 0), (30, 30))
    assert p.printed("route", {"route": [[0, 0], [30, 30]]}) == []
    assert p.draw({"route": [[0, 0]]}) == []  # (said by text-fit)


@pytest.mark.parametrize(("boxes", "item", "message"), [
    ("route: {x: 0, y: 0, width: 30mm, height: 30mm, line: {points: route}}", {"route": [[1, 2]]},
     "points: route gives 1 point; a line needs at least 2"),
    ("route: {x: 0, y: 0, width: 30mm, height: 30mm, polygon: {points: route}}", {"route": [[1, 2], [3, 4]]},
     "points: route gives 2 points; a polygon needs at least 3"),
    ("route: {x: 0, y: 0, width: 30mm, height: 30mm, line: {points: route}}", {"route": [[0, 0], [31, 5]]},
     "point 2 (31, 5 mm) lies outside the 30 x 30 mm box"),
    ("route: {x: 0, y: 0, width: 30mm, height: 30mm, line: {points: [[0, 0], [40, 5]]}}", {},
     "point 2 (40, 5 mm) lies outside the 30 x 30 mm box"),
])
def test_what_text_fit_says_of_points_that_do_not_fit(piece, boxes: str, item: dict, message: str) -> None:
    p = piece(boxes, "route")
    (found,) = p.printed("route", item)
    assert found.cell.kind == message
    box = p.box("route")
    prints = kinds()[box.kind].prints
    assert prints.refusal(box, "layout 'x.yaml': route", found.text, found.cell) == f"layout 'x.yaml': route: {message}"
    assert found.template is (WRITTEN if "[[" in boxes else (box.get(box.kind) or {})["points"])
    assert p.draw(item) == []
