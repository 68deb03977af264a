"""pnp.boxes.shapes: a rectangle filling its box and a circle as wide as its shorter side,
centred, each painted with a fill, a stroke and its width (nothing by default), a rectangle's
corners rounded by its radius."""

from __future__ import annotations

from pnp.boxes import kinds
from pnp.boxes.shapes import painted
from pnp.scene import Circle, Rect, Style
from pnp.units import mm

from .conftest import GOLD, INK, PAPER, rounded

PLACE = "x: 10pt, y: 20pt, width: 120pt, height: 80pt"


def test_the_shape_kinds() -> None:
    known = kinds()
    assert (known["rect"].keys, known["circle"].keys) == ({"rect"}, {"circle"})
    assert known["rect"].prints is None and known["circle"].prints is None
    assert set(known["rect"].settings["rect"].fields) == {"fill", "stroke", "stroke_width", "radius"}


def test_a_rectangle_filling_its_box(piece) -> None:
    p = piece(f"""
    panel: {{{PLACE}, rect: {{fill: paper, stroke: ink, stroke_width: 0.6, radius: 2}}}}
    bare: {{{PLACE}, rect: {{}}}}
    """)
    assert p.draw() == rounded([Rect(10.0, 20.0, 120.0, 80.0, Style(fill=PAPER, stroke=INK, stroke_width=0.6),
                                     radius=mm(2)),
                                Rect(10.0, 20.0, 120.0, 80.0, Style())])


def test_a_circle_centred_as_wide_as_the_shorter_side(piece) -> None:
    p = piece(f"""
    disc: {{{PLACE}, circle: {{fill: "{{colour}}", stroke: gold, stroke_width: 1mm}}}}
    tall: {{x: 10pt, y: 20pt, width: 30pt, height: 80pt, circle: {{}}}}
    """, "colour")
    assert p.draw({"colour": "#AABBCC"}) == rounded([
        Circle(70.0, 60.0, 40.0, Style(fill="#aabbcc", stroke=GOLD, stroke_width=mm(1))),
        Circle(25.0, 60.0, 15.0, Style())])
    assert p.draw({"colour": "none"})[0].style.fill is None


def test_how_a_paint_setting_paints(piece) -> None:
    p = piece(f'panel: {{{PLACE}, rect: {{fill: "{{fill}}", stroke: "{{stroke}}", stroke_width: 2pt}}}}',
              "fill", "stroke")
    paint, ctx = p.box("panel").get("rect"), p.context()
    assert painted(ctx, paint, {"fill": "#FF0000", "stroke": "#00ff00"}) == Style("#ff0000", "#00ff00", 2.0)
    assert painted(ctx, {}, {}) == Style(None, None, 0.0)
