"""pnp.boxes.place: boxes drawn for each element of a list where its data says (x and y in mm
from the box's corner, or a cell of a grid, given or the next free one), scaled to its size
and turned by its rotate; and what text-fit says of an element that does not fit."""

from __future__ import annotations

import pytest

from pnp.boxes import kinds
from pnp.boxes.place import MAX_PLACED, Spot, place_nodes, spots
from pnp.boxes.printing import Rows
from pnp.scene import Group, Rect, Style, Text
from pnp.units import mm

from .conftest import INK, REGULAR

MM = mm(1)
FRAME = "frame: {x: 0, y: 0, width: 20, height: 10, rect: {stroke: ink}}"


def frames(nodes) -> list:
    """Each rect drawn, (x, y, width, height) in mm."""
    return [tuple(round(v / MM, 3) + 0.0 for v in (n.x, n.y, n.width, n.height)) for n in nodes if isinstance(n, Rect)]


def test_the_place_kind() -> None:
    kind = kinds()["place"]
    assert kind.keys == {"place", "boxes", "each", "grid"} and kind.names == {"entry", "number"}
    assert kind.settings["grid"].schema["required"] == ["columns", "rows"]
    assert kind.draw.__module__ == place_nodes.__module__ and MAX_PLACED == 10_000


def test_each_element_at_its_x_and_y(piece) -> None:
    p = piece(f"""
    spots: {{x: 10mm, y: 5mm, width: 60mm, height: 90mm, place: spots, each: {{width: 20, height: 10}},
             boxes: {{{FRAME}, name: {{x: 0, y: 0, width: 20, height: 10, text: "{{number}}. {{entry.id}}"}}}}}}
    """, "spots")
    nodes = p.draw({"spots": [{"id": "a", "x": 0, "y": 0}, {"id": "b", "x": 40, "y": 80}]})
    assert frames(nodes) == [(10.0, 5.0, 20.0, 10.0), (50.0, 85.0, 20.0, 10.0)]
    assert [n.text for n in nodes if isinstance(n, Text)] == ["1. a", "2. b"]
    assert nodes[0].style == Style(stroke=INK)


def test_an_element_scaled_to_its_size_and_turned(piece) -> None:
    p = piece(f"""
    spots: {{x: 0, y: 0, width: 60mm, height: 90mm, place: spots, each: {{width: 20, height: 10}},
             boxes: {{{FRAME}}}}}
    """, "spots")
    (scaled,) = p.draw({"spots": [{"x": 10, "y": 10, "width": 40, "height": 5}]})
    # laid out for 20 x 10 mm, drawn 40 x 5 from its corner
    assert isinstance(scaled, Group) and frames(scaled.children) == [(10.0, 10.0, 20.0, 10.0)]
    a, b, c, d, e, f = scaled.transform
    assert (round(a, 6), round(d, 6), b, c) == (2.0, 0.5, 0.0, 0.0)
    assert (round(e / MM, 3), round(f / MM, 3)) == (-10.0, 5.0)  # (10 mm stays put: x * 2 - 10, y * 0.5 + 5)
    (turned,) = p.draw({"spots": [{"x": 20, "y": 20, "rotate": 90}]})
    a, b, c, d, e, f = turned.transform
    assert (round(a, 6) + 0.0, round(b, 6), round(c, 6), round(d, 6) + 0.0) == (0.0, 1.0, -1.0, 0.0)
    # about its centre (30, 25): x' = -y + 55, y' = x - 5
    assert (round(e / MM, 3), round(f / MM, 3)) == (55.0, -5.0)
    assert frames(turned.children) == [(20.0, 20.0, 20.0, 10.0)]


def test_elements_in_the_cells_of_a_grid(piece) -> None:
    p = piece(f"""
    market: {{x: 0, y: 0, width: 60mm, height: 40mm, place: cards, grid: {{columns: 3, rows: 2}},
              each: {{width: 16, height: 16}}, boxes: {{frame: {{x: 0, y: 0, width: 16, height: 16, rect: {{}}}}}}}}
    """, "cards")
    # cells of 20 x 20 mm, each 16 mm square centred in its cell: the given ones first, the others in the
    # free cells in reading order (none drawn over another)
    nodes = p.draw({"cards": [{"id": "a"}, {"col": 1, "row": 1}, 5, {"col": 3, "row": 2}, {"id": "e"}]})
    assert frames(nodes) == [(22.0, 2.0, 16.0, 16.0), (2.0, 2.0, 16.0, 16.0), (42.0, 2.0, 16.0, 16.0),
                             (42.0, 22.0, 16.0, 16.0), (2.0, 22.0, 16.0, 16.0)]


def test_a_grid_cell_sizes_an_element_without_each(piece) -> None:
    p = piece("""
    row: {x: 0, y: 0, width: 60mm, height: 20mm, place: "range(0, 3)", grid: {columns: 3, rows: 1},
          boxes: {frame: {x: 0, y: 0, width: 20, height: 20, rect: {}}, no: {x: 0, y: 0, width: 20, height: 20,
                  text: "{entry}"}}}
    """)
    nodes = p.draw()
    assert frames(nodes) == [(0.0, 0.0, 20.0, 20.0), (20.0, 0.0, 20.0, 20.0), (40.0, 0.0, 20.0, 20.0)]
    assert [n.text for n in nodes if isinstance(n, Text)] == ["0", "1", "2"]
    (spot, *_) = spots(p.box("row"), {})[1]
    assert spot == Spot(0.0, 0.0, 20 * MM, 20 * MM, 0.0, (20 * MM, 20 * MM))


def test_what_it_prints_for_each_element(piece) -> None:
    p = piece("""
    spots: {x: 0, y: 0, width: 60mm, height: 90mm, place: spots, each: {width: 20, height: 10},
            boxes: {name: {x: 0, y: 0, width: 20, height: 10, text: "{entry.id}"}}}
    other: {x: 0, y: 0, width: 60mm, height: 90mm, place: "spots[:1]", each: {width: 20, height: 10},
            boxes: {name: {x: 0, y: 0, width: 20, height: 10, text: "{entry.id}"}}}
    """, "spots")
    item = {"spots": [{"id": "a", "x": 0, "y": 0}, {"id": "b", "x": 10, "y": 10}]}
    rows = p.printed("spots", item)
    assert [(type(r), r.env["entry"]["id"], r.env["number"], r.row) for r in rows] == [
        (Rows, "a", 1, ("spots", 0)), (Rows, "b", 2, ("spots", 1))]
    assert [r.row for r in p.printed("other", item)] == [None]
    assert p.printed("spots", {"spots": None}) == [] and place_nodes(p.box("spots"), p.context(), {"spots": None}) == []


@pytest.mark.parametrize(("place", "extra", "spots_given", "message"), [
    ("spots", "each: {width: 20, height: 10}", [{"id": "far", "x": 45, "y": 0}],
     "'far' at (45, 0 mm), 20 x 10 mm, runs out of the 60 x 90 mm box"),
    ("spots", "each: {width: 20, height: 10}", [{"x": 0, "y": 0}, {"x": 0, "y": 85, "rotate": 90}],
     "element 2 at (0, 85 mm), 20 x 10 mm turned 90°, runs out of the 60 x 90 mm box"),
    ("spots", "each: {width: 20, height: 10}", [{"id": "a", "x": "left", "y": 0}],
     "'a': its x is 'left', not a number"),
    ("spots", "each: {width: 20, height: 10}", [{"id": "a", "x": 3}], "'a' gives x without y"),
    ("spots", "each: {width: 20, height: 10}", [{"id": "a", "y": 3}], "'a' gives y without x"),
    ("spots", "each: {width: 20, height: 10}", [{"id": "a"}], "'a' has no x and y, and the box has no grid: to "
                                                               "place it in"),
    ("spots", "grid: {columns: 2, rows: 1}", [{"id": "a"}, {"id": "b"}, {"id": "c"}],
     "'c' finds no free cell in the 2 x 1 grid"),
    ("spots", "grid: {columns: 2, rows: 1}", [{"id": "a", "col": 3, "row": 1}],
     "'a': its cell (col 3, row 1) is not in the 2 x 1 grid"),
    ("spots", "grid: {columns: 2, rows: 1}", [{"id": "a", "col": 2, "row": 1}, {"id": "b"}, {"id": "c", "col": 2}],
     "'c': its cell (col 2, row 1) is taken by 'a': two elements in one cell are drawn over each other"),
    ("spots", "", [{"id": "a", "x": 0, "y": 0}],
     "'a' gives no width and height, and the box has neither each: nor grid: to size it"),
    ("spots", "", [{"id": "a", "x": 0, "y": 0, "width": 0, "height": 4}],
     "'a': its width and height must be more than 0"),
    ("spots", "", 5, "spots gives a number, not a list"),
    ("spots", "", [{}] * (MAX_PLACED + 1), f"spots gives {MAX_PLACED + 1} elements, more than {MAX_PLACED}"),
])
def test_what_text_fit_says_of_an_element_that_does_not_fit(piece, place: str, extra: str, spots_given,
                                                            message: str) -> None:
    p = piece(f"""
    spots: {{x: 0, y: 0, width: 60mm, height: 90mm, place: {place}, {extra + ', ' if extra else ''}
             boxes: {{{FRAME}}}}}
    """, "spots")
    item = {"spots": spots_given}
    (found,) = p.printed("spots", item)
    assert found.cell.kind == message
    if isinstance(spots_given, list) and len(spots_given) <= 3:  # said of an element: located at it
        element = found.template.element
        assert (found.template.source, found.template.names) == (place, p.box("spots").get("place").names)
        assert (element.place, element.record, element.path) == ("spots", None, ())  # (an item's field, here no item)
        assert message.startswith(element.name)
    else:  # said of the list
        assert found.template is p.box("spots").get("place")
    prints = kinds()["place"].prints
    assert not prints.fits(p.box("spots"), found.text, REGULAR, found.cell)
    assert prints.refusal(p.box("spots"), "board 'main': spots", found.text, found.cell) == \
        f"board 'main': spots: {message}"
    assert p.draw(item) == []  # (nothing drawn of a place that does not fit)


def test_an_element_just_inside_fits(piece) -> None:
    p = piece(f"spots: {{x: 0, y: 0, width: 60mm, height: 90mm, place: spots, each: {{width: 20, height: 10}}, "
              f"boxes: {{{FRAME}}}}}", "spots")
    assert spots(p.box("spots"), {"spots": [{"x": 40, "y": 80}, {"x": 0, "y": 0, "rotate": 90}]})[2] is not None
    entries, placed, wrong = spots(p.box("spots"), {"spots": [{"x": 40, "y": 80}, {"x": 5, "y": 5, "rotate": 90}]})
    assert wrong is None and [round(s.turn) for s in placed] == [0, 90]


def test_the_docs_board(tmp_path) -> None:
    """The documentation's board drawn from data (docs/pages/reference/layouts.md): its score track
    round the edge, each action space where its data puts it, and the arrow."""
    from pathlib import Path

    from pnp.boxes.context import Context
    from pnp.boxes.track import track_course
    from pnp.compose.piece import compose
    from pnp.layout.reader import load_layout
    from pnp.problems import Location

    from .conftest import FONTS, ICONS, draw_icon

    layouts_page = Path(__file__).resolve().parents[3] / "docs" / "pages" / "reference" / "layouts.md"
    if not layouts_page.exists():  # (a mutation run copies pnp and this file alone)
        pytest.skip("no docs/ beside tests/")
    text = layouts_page.read_text("utf-8")
    block = text[text.index("\n## Boards drawn from data\n"):].split("```yaml\n")[1].split("```")[0]
    (tmp_path / "board.yaml").write_text("extends: builtin:board\n" + block.replace("sets.actions.items", "actions"),
                                         "utf-8")
    layout, problems, _ = load_layout(tmp_path, "board.yaml", Location("game.yaml"), 270 * MM, 270 * MM,
                                      frozenset({"actions", "colours"}), frozenset(ICONS), frozenset(FONTS), "board")
    assert problems == [] and layout is not None
    course = track_course(layout.box("score"), {})
    assert len(course.cells) == 100 and round(course.room / MM, 3) == round(270 / 26, 3)
    actions = [{"id": "forest", "name": "Forest", "x": 8, "y": 40}, {"id": "hall", "name": "Hall", "x": 84, "y": 150}]
    entries, placed, wrong = spots(layout.box("actions"), {"actions": actions})
    assert wrong is None and [(round(s.x / MM, 3), round(s.y / MM, 3)) for s in placed] == [(20.0, 52.0), (96.0, 162.0)]
    ctx = Context(FONTS, ICONS, {}, "en", "en", layout, {}, draw_icon)
    nodes = compose(layout, ctx, {"actions": actions}, "board").content.children
    assert [n.text for n in nodes if isinstance(n, Text)][-2:] == ["Forest", "Hall"]


def test_a_grid_and_a_ring_are_bounded() -> None:
    from pnp.boxes.place import MAX_CELLS
    from pnp.boxes.track import MAX_RING

    grid = kinds()["place"].settings["grid"].schema["properties"]
    assert grid["columns"]["maximum"] == grid["rows"]["maximum"] == MAX_CELLS == 1_000
    ring = kinds()["track"].settings["track"].fields["around"].schema["properties"]
    assert ring["columns"]["maximum"] == ring["rows"]["maximum"] == MAX_RING == 1_000


def test_a_full_grid_is_said_at_once(piece) -> None:
    p = piece('row: {x: 0, y: 0, width: 60mm, height: 20mm, place: "range(0, 3000)", grid: {columns: 1000, rows: 3}, '
              'boxes: {}}')
    entries, placed, wrong = spots(p.box("row"), {})
    assert wrong is None and len(placed) == 3_000  # (every cell looked at once: a grid of 3,000 cells, full ...)
    assert (round(placed[-1].x / MM, 3), round(placed[-1].y / MM, 6)) == (59.94, 13.333333)
    p = piece('row: {x: 0, y: 0, width: 60mm, height: 20mm, place: "range(0, 3001)", grid: {columns: 1000, rows: 3}, '
              'boxes: {}}')
    assert spots(p.box("row"), {})[2] == "element 3001 finds no free cell in the 1000 x 3 grid"


class Record:
    """A record of a set as a View holds it (pnp.model.game): its origin and fields."""

    def __init__(self, file: str, **fields):
        from pnp.model.game import Origin

        self.origin, self.fields = Origin(file, ("actions", 1)), fields


def viewed(record: Record):
    from pnp.model.game import View

    view = View(record.fields)
    view.record = record
    return view


def test_an_element_as_a_message_locates_it(piece) -> None:
    from pnp.boxes.place import Element, element

    p = piece("""
    spots: {x: 0, y: 0, width: 60mm, height: 90mm, place: spots, each: {width: 20, height: 10}, boxes: {}}
    listed: {x: 0, y: 0, width: 60mm, height: 90mm, place: "[{'id': 'a'}]", each: {width: 20, height: 10}, boxes: {}}
    """, "spots")
    river = Record("actions.yaml", id="river")
    assert element(p.box("spots"), {}, viewed(river), 2) == Element("spots", "'river' of actions.yaml", river)
    card = Record("cards.yaml", id="king", spots=[{"x": 0}, {"x": 1}])
    assert element(p.box("spots"), {"item": viewed(card)}, {"x": 1}, 2) == \
        Element("spots", "element 2", card, ("spots", 1))  # (a field of the item: its index)
    assert element(p.box("listed"), {"item": viewed(card)}, {"id": "a"}, 1) == Element("listed", "'a'")


def test_a_template_that_fails_for_an_element_is_said_with_it(piece) -> None:
    from pnp import expr
    from pnp.boxes.place import Placed

    p = piece("""
    spaces:
      {x: 0, y: 0, width: 60mm, height: 90mm, place: spaces, grid: {columns: 2, rows: 2},
       boxes: {mark: {x: 0, y: 0, width: 10, height: 10, icon: "{entry.icon}"},
               slots: {x: 0, y: 12, width: 20, height: 10, place: "range(0, entry.slots)", grid: {columns: 2, rows: 1},
                       boxes: {ring: {x: 0, y: 0, width: 10, height: 10, icon: "{entry.sign}"}}}}}
    """, "spaces")
    river = Record("actions.yaml", id="river", icon="sstar", slots=0)
    with pytest.raises(Placed) as found:
        place_nodes(p.box("spaces"), p.context(), {"spaces": [viewed(river)]})
    assert found.value.message == "'river' of actions.yaml: box 'mark': no icon 'sstar' (did you mean 'star'?)"
    assert found.value.element.record is river and isinstance(found.value, expr.ExpressionError)
    hall = Record("actions.yaml", id="hall", icon="star", slots=1)
    with pytest.raises(Placed) as found:  # (in a slot, a number: said with it, located at the action)
        place_nodes(p.box("spaces"), p.context(), {"spaces": [viewed(hall)]})
    assert found.value.message == "'hall' of actions.yaml: box 'slots': element 1: box 'ring': cannot read field 'sign' of number"
    assert found.value.element.record is hall and found.value.element.name == "'hall' of actions.yaml"


def test_what_a_box_of_an_element_notes_carries_the_element(piece) -> None:
    p = piece("""
    spaces:
      {x: 0, y: 0, width: 60mm, height: 90mm, place: spaces, grid: {columns: 2, rows: 2},
       boxes: {gain: {x: 0, y: 0, width: 6, height: 5, row: {icons: entry.gain}, min_icon: 5}}}
    """, "spaces")
    ctx = p.context()
    ctx.notes = []
    river = Record("actions.yaml", id="river", gain=["star", "star", "star"])
    place_nodes(p.box("spaces"), ctx, {"spaces": [{"id": "a", "gain": []}, viewed(river)]})
    ((box, what, where),) = ctx.notes
    assert (box.name, where.record, where.name) == ("gain", river, "'river' of actions.yaml")
    assert what.startswith("its icons take")
