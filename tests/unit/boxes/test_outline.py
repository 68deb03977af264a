"""pnp.boxes.outline: what each box kind draws, as outlines the print-on-demand checks measure
(points on the component, how far ink reaches past them, whether a fill), taken from the box's
settings alone; and every box of a layout placed as pnp.boxes draws it (a group's boxes from
its corner and turned with it, an image's else in its stead, a mirrored box twice)."""

from __future__ import annotations

import math

import pytest

from pnp.boxes import kinds
from pnp.boxes.outline import CIRCLE_SIDES, Shape, box_rectangle, disc, outline, paint, paints, placed, rectangle
from pnp.layout.values import Colour
from pnp.scene import Circle, Group, Path, Rect
from pnp.units import mm

from .conftest import SIZE


def extent(shapes) -> tuple[float, float, float, float]:
    """The rectangle what shapes draw lies in: their points, ink included."""
    xs = [x + s * shape.ink for shape in shapes for x, _ in shape.points for s in (-1, 1)]
    ys = [y + s * shape.ink for shape in shapes for _, y in shape.points for s in (-1, 1)]
    return round(min(xs), 3), round(min(ys), 3), round(max(xs), 3), round(max(ys), 3)


def drawn(nodes, matrix=(1.0, 0.0, 0.0, 1.0, 0.0, 0.0)) -> tuple[float, float, float, float]:
    """The rectangle scene nodes are drawn in, half their stroke's width past their lines (a
    path's control points taken as points: they hold its curves)."""
    xs, ys = [], []

    def add(x, y, ink):
        a, b, c, d, e, f = matrix
        px, py = a * x + c * y + e, b * x + d * y + f
        xs.extend((px - ink, px + ink))
        ys.extend((py - ink, py + ink))

    for node in nodes:
        if isinstance(node, Group):
            inner = drawn(node.children, _times(node.transform, matrix)) if node.children else None
            if inner is not None:
                xs.extend((inner[0], inner[2]))
                ys.extend((inner[1], inner[3]))
            continue
        ink = (node.style.stroke_width / 2) if node.style.stroke else 0.0
        if isinstance(node, Rect):
            for x, y in ((node.x, node.y), (node.x + node.width, node.y + node.height)):
                add(x, y, ink)
        elif isinstance(node, Circle):
            for x, y in ((node.cx - node.r, node.cy - node.r), (node.cx + node.r, node.cy + node.r)):
                add(x, y, ink)
        elif isinstance(node, Path):
            for command in node.commands:
                values = command[1:]
                for x, y in zip(values[::2], values[1::2]):
                    add(x, y, ink)
    return round(min(xs), 3), round(min(ys), 3), round(max(xs), 3), round(max(ys), 3)


def _times(first, then):
    from pnp.scene import multiply

    return multiply(first, then)


def test_every_kind_that_draws_outside_its_rectangle_or_less_than_it_says_so() -> None:
    assert [name for name, kind in kinds().items() if kind.outline is not None] == [
        "rect", "circle", "line", "polygon", "border", "icon", "medallion", "image", "badge", "ornament", "group"]


def test_a_kind_that_says_nothing_draws_anywhere_in_its_box(piece) -> None:
    box = piece('t: {x: 10pt, y: 20pt, width: 30pt, height: 40pt, text: "a"}').box("t")
    assert outline(box) == box_rectangle(box) == (Shape(((10, 20), (40, 20), (40, 60), (10, 60))),)


def test_shapes_made_from_settings() -> None:
    assert rectangle(1, 2, 3, 4, 0.5, True) == Shape(((1, 2), (4, 2), (4, 6), (1, 6)), 0.5, True)
    round_cornered = rectangle(0, 0, 10, 10, radius=2)
    assert len(round_cornered.points) == 36 and extent([round_cornered]) == (0, 0, 10, 10)
    circle = disc(50, 50, 10, 1.0, True)
    assert (len(circle.points), circle.ink, circle.fill) == (CIRCLE_SIDES, 1.0, True)
    # a polygon round the circle: its corners a little out, the middle of its sides on it
    assert {round(math.dist(p, (50, 50)), 6) for p in circle.points} == {round(10 / math.cos(math.pi / 72), 6)}
    middle = ((circle.points[0][0] + circle.points[1][0]) / 2, (circle.points[0][1] + circle.points[1][1]) / 2)
    assert math.dist(middle, (50, 50)) == pytest.approx(10)
    assert paints(Colour("#ffffff")) and paints(Colour(template=object())) and not paints(Colour(None))
    assert not paints(None)
    assert paint({"fill": Colour("#ffffff")}) == (True, None)
    assert paint({"stroke": Colour("#000000"), "stroke_width": 2.0}) == (False, 1.0)
    assert paint({"stroke": Colour("#000000")}, 3.0) == (False, 1.5)
    assert paint({"fill": Colour(None), "stroke": Colour(None)}) == (False, None)
    assert paint(None) == (False, None)


def test_a_rect_is_a_fill_without_a_stroke_a_line_with_one_nothing_without_either(piece) -> None:
    p = piece("""
        fill: {x: 10pt, y: 20pt, width: 30pt, height: 40pt, rect: {fill: gold}}
        edged: {x: 10pt, y: 20pt, width: 30pt, height: 40pt, rect: {fill: gold, stroke: ink, stroke_width: 2pt}}
        line: {x: 10pt, y: 20pt, width: 30pt, height: 40pt, rect: {stroke: ink}}
        none: {x: 10pt, y: 20pt, width: 30pt, height: 40pt, rect: {fill: none}}
        rounded: {x: 10pt, y: 20pt, width: 30pt, height: 40pt, rect: {fill: "{colour}", radius: 5pt}}
    """, "colour")
    corners = ((10, 20), (40, 20), (40, 60), (10, 60))
    assert outline(p.box("fill")) == (Shape(corners, 0.0, True),)
    assert outline(p.box("edged")) == (Shape(corners, 1.0, False),)
    assert outline(p.box("line")) == (Shape(corners, 0.0, False),)
    assert outline(p.box("none")) == ()
    (rounded,) = outline(p.box("rounded"))
    assert rounded.fill and len(rounded.points) == 36 and extent([rounded]) == (10, 20, 40, 60)


def test_a_circle_as_wide_as_the_shorter_side(piece) -> None:
    p = piece("""
        disc: {x: 10pt, y: 20pt, width: 30pt, height: 40pt, circle: {fill: gold}}
        ring: {x: 10pt, y: 20pt, width: 30pt, height: 40pt, circle: {stroke: ink, stroke_width: 1pt}}
        none: {x: 10pt, y: 20pt, width: 30pt, height: 40pt, circle: {}}
    """)
    assert outline(p.box("disc")) == (disc(25, 40, 15, 0.0, True),)
    assert outline(p.box("ring")) == (disc(25, 40, 15, 0.5, False),)
    assert outline(p.box("none")) == ()


@pytest.mark.parametrize("kind", ["rosette", "corner-frame", "guilloche", "divider", "double-rule"])
def test_an_ornaments_outline_reaches_as_far_as_its_drawing(piece, kind: str) -> None:
    p = piece(f"o: {{x: 60pt, y: 70pt, width: 80pt, height: 50pt, ornament: {kind}, colour: gold}}")
    assert extent(outline(p.box("o"))) == pytest.approx(drawn(p.draw()), abs=0.05)


def test_a_corner_frames_diamonds_reach_past_its_corners_a_guilloche_past_its_box(piece) -> None:
    p = piece("""
        frame: {x: 60pt, y: 70pt, width: 80pt, height: 50pt, ornament: corner-frame}
        loops: {x: 60pt, y: 70pt, width: 80pt, height: 50pt, ornament: guilloche}
    """)
    d = mm(2.2)
    frame = outline(p.box("frame"))
    assert [len(s.points) for s in frame] == [4, 4, 4, 4, 4] and frame[0].ink == 0.5
    assert extent(frame) == pytest.approx((60 - d, 70 - d, 140 + d, 120 + d), abs=1e-3)
    loops = outline(p.box("loops"))
    assert [len(s.points) for s in loops] == [240, 240, 240] and {s.ink for s in loops} == {0.225}
    assert extent(loops)[0] < 60 - 3 and not any(s.fill for s in frame + loops)


def test_an_icon_in_the_square_it_is_drawn_in_a_badge_in_its_disc(piece) -> None:
    p = piece("""
        icon: {x: 10pt, y: 20pt, width: 30pt, height: 40pt, icon: star}
        badge: {x: 10pt, y: 20pt, width: 30pt, height: 40pt, badge: "7"}
    """)
    assert outline(p.box("icon")) == (Shape(((10, 25), (40, 25), (40, 55), (10, 55))),)
    assert outline(p.box("badge")) == (disc(25, 40, 15, 0.5),)


def test_a_picture_covering_its_box_is_a_fill_one_fitted_in_it_is_not_its_frame_a_line(piece) -> None:
    p = piece("""
        cover: {x: 10pt, y: 20pt, width: 30pt, height: 40pt, image: "a.png"}
        contain: {x: 10pt, y: 20pt, width: 30pt, height: 40pt, image: "a.png", fit: contain}
        framed: {x: 10pt, y: 20pt, width: 30pt, height: 40pt, image: "a.png", frame: {stroke: ink, stroke_width: 1}}
        stand-in: {x: 10pt, y: 20pt, width: 30pt, height: 40pt, medallion: star}
    """)
    corners = ((10, 20), (40, 20), (40, 60), (10, 60))
    assert outline(p.box("cover")) == (Shape(corners, 0.0, True),)
    assert outline(p.box("contain")) == (Shape(corners, 0.0, False),)
    assert outline(p.box("framed")) == (Shape(corners, 0.0, True), Shape(corners, 0.5, False))
    assert outline(p.box("stand-in")) == (Shape(corners, 0.0, True),)


def test_a_line_through_its_points_with_its_heads_or_its_box_when_the_data_gives_them(piece) -> None:
    p = piece("""
        line: {x: 10, y: 20, width: 30, height: 10, line: {points: [[0, 5], [30, 5]], stroke_width: 2pt, arrow: end}}
        plain: {x: 10, y: 20, width: 30, height: 10, line: {}}
        given: {x: 10, y: 20, width: 30, height: 10, line: {points: path}}
        unseen: {x: 10, y: 20, width: 30, height: 10, line: {stroke: none}}
        outside: {x: 10, y: 20, width: 30, height: 10, line: {points: [[0, 5], [40, 5]]}}
    """, "path")
    line, head = outline(p.box("line"))
    assert line == Shape(((mm(10), mm(25)), (mm(40), mm(25))), 1.0)
    assert len(head.points) == 3 and head.points[0] == (mm(40), mm(25)) and not head.fill
    assert outline(p.box("plain")) == (Shape(((mm(10), mm(25)), (mm(40), mm(25))), 0.5),)
    assert outline(p.box("given")) == box_rectangle(p.box("given")) == outline(p.box("outside"))
    assert outline(p.box("unseen")) == ()


def test_a_polygon_and_a_border_a_fill_without_an_edge(piece) -> None:
    p = piece("""
        zone: {x: 10, y: 20, width: 30, height: 10, polygon: {points: [[0, 10], [15, 0], [30, 10]], fill: gold,
               stroke: none}}
        edged: {x: 10, y: 20, width: 30, height: 10, polygon: {points: [[0, 10], [15, 0], [30, 10]], fill: gold}}
        given: {x: 10, y: 20, width: 30, height: 10, polygon: {points: path, stroke: ink, stroke_width: 2pt}}
        mat: {x: 10, y: 20, width: 30, height: 10, border: {fill: gold, stroke: none}}
        blank: {x: 10, y: 20, width: 30, height: 10, border: {stroke: none}}
    """, "path")
    points = ((mm(10), mm(30)), (mm(25), mm(20)), (mm(40), mm(30)))
    assert outline(p.box("zone")) == (Shape(points, 0.0, True),)
    assert outline(p.box("edged")) == (Shape(points, 0.5, False),)
    assert outline(p.box("given")) == (rectangle(mm(10), mm(20), mm(30), mm(10), 1.0),)
    slot = piece("slot: {x: 10, y: 20, width: 30, height: 10, border: {stroke_width: 2pt, radius: 2}}")
    (line,) = outline(slot.box("slot"))
    assert (line.ink, line.fill) == (1.0, False) and extent([line]) == extent(box_rectangle(slot.box("slot")))
    assert extent([line]) == drawn(slot.draw())  # (as it is drawn: just inside the box)
    (mat,) = outline(p.box("mat"))
    assert mat.fill and extent([mat]) == pytest.approx((mm(10) + 0.5, mm(20) + 0.5, mm(40) - 0.5, mm(30) - 0.5),
                                                       abs=1e-3)
    assert outline(p.box("blank")) == ()


def named(found) -> list[tuple[str, str, tuple]]:
    return [(name, top.name, extent(shapes) if shapes else ()) for name, box, top, shapes in found]


def test_every_box_placed_as_it_is_drawn(piece) -> None:
    p = piece("""
        alone: {x: 0pt, y: 0pt, width: 10pt, height: 2pt, rotate: 90, text: "t"}
        g:
          {x: 10pt, y: 20pt, width: 30pt, height: 10pt, rotate: 90, group: true,
           boxes: {a: {x: 0pt, y: 0pt, width: 10pt, height: 2pt, text: "a"},
                   pic: {x: 5pt, y: 6pt, width: 7pt, height: 8pt, image: "x.png", else: {text: "e"}}}}
        outer:
          {x: 0pt, y: 0pt, width: 40pt, height: 40pt, rotate: 180, group: true,
           boxes: {inner: {x: 10pt, y: 20pt, width: 30pt, height: 10pt, group: true,
                           boxes: {b: {x: 0pt, y: 0pt, width: 10pt, height: 2pt, rotate: 90, text: "b"}}}}}
        twice: {x: 10pt, y: 10pt, width: 20pt, height: 10pt, mirror: true, text: "m"}
    """)
    assert named(placed(p.layout.boxes, *SIZE)) == [
        ("alone", "alone", (4, -4, 6, 6)),
        ("g", "g", ()),
        ("g.a", "g", (28, 10, 30, 20)),  # turned about the group's centre (25, 25)
        ("g.pic", "g", (16, 15, 24, 22)),
        ("g.pic.else", "g", (16, 15, 24, 22)),  # in the picture's stead, turned with it
        ("outer", "outer", ()),
        ("outer.inner", "outer", ()),
        ("outer.inner.b", "outer", (24, 14, 26, 24)),  # its own turn first (14-16, 16-26), then its groups'
        ("twice", "twice", (10, 10, 190, 290)),  # there and turned round the piece's centre (100, 150)
    ]
    (_, _, _, shapes), = [found for found in placed(p.layout.boxes, *SIZE) if found[0] == "twice"]
    assert [extent([s]) for s in shapes] == [(10, 10, 30, 20), (170, 280, 190, 290)]
