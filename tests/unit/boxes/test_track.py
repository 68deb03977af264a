"""pnp.boxes.track: numbered squares in rows that run back and forth from the bottom left, as
large as fit the box, each with its label shrunk to fit (down to 5 pt) and, where highlight
holds, filled with the accent colour; and what the track prints, each label in its square
less the margins."""

from __future__ import annotations

import pytest

from pnp.boxes import kinds
from pnp.boxes.misfits import WRITTEN
from pnp.boxes.printing import Cell
from pnp.boxes.track import (MIN_TRACK_SIZE, TRACK_LABEL_MARGIN, Course, ring, ring_size, track_course,
                             track_spaces)
from pnp.scene import Circle, Rect, Style, Text
from pnp.units import mm

from .conftest import BOLD, GOLD, INK, PAPER, REGULAR

REG, BLD = "SourceSansPro-Regular", "SourceSansPro-Bold"
PLACE = "x: 10pt, y: 20pt, width: 120pt, height: 90pt"


def square(x: float, y: float, fill: str = PAPER, stroke: str = INK) -> Rect:
    return Rect(x, y, 30.0, 30.0, Style(fill=fill, stroke=stroke, stroke_width=0.6))


def test_the_track_kind() -> None:
    kind = kinds()["track"]
    assert kind.keys == {"track", "font", "size", "colour", "accent", "paper"}
    assert kind.names == {"space"}
    assert set(kind.settings["track"].fields) == {"spaces", "per_row", "around", "path", "space", "shape", "label",
                                                  "label_every", "highlight"}
    assert set(kind.settings["track"].fields["around"].fields) == {"columns", "rows", "start", "direction", "corners"}
    assert kind.settings["track"].schema["required"] == ["spaces"]
    assert kind.prints.labels is True
    assert (MIN_TRACK_SIZE, TRACK_LABEL_MARGIN) == (5.0, mm(1.5))


def test_rows_run_back_and_forth_from_the_bottom(piece) -> None:
    p = piece(f'score: {{{PLACE}, track: {{spaces: "range(0, 7)", per_row: 3}}}}')
    # three rows of three: squares of min(120 / 3, 90 / 3) = 30 pt, 9 pt Bold labels, capitals centred
    assert p.draw() == [
        square(10.0, 80.0), Text(25.0, 97.97, "0", BLD, 9.0, INK, "middle"),
        square(40.0, 80.0), Text(55.0, 97.97, "1", BLD, 9.0, INK, "middle"),
        square(70.0, 80.0), Text(85.0, 97.97, "2", BLD, 9.0, INK, "middle"),
        square(70.0, 50.0), Text(85.0, 67.97, "3", BLD, 9.0, INK, "middle"),
        square(40.0, 50.0), Text(55.0, 67.97, "4", BLD, 9.0, INK, "middle"),
        square(10.0, 50.0), Text(25.0, 67.97, "5", BLD, 9.0, INK, "middle"),
        square(10.0, 20.0), Text(25.0, 37.97, "6", BLD, 9.0, INK, "middle")]


def test_one_row_of_every_space_by_default(piece) -> None:
    p = piece(f'score: {{{PLACE}, font: body, size: 12, track: {{spaces: "[1, 2, 3, 4]"}}}}')
    # squares of min(120 / 4, 90) = 30 pt on the bottom
    assert p.draw() == [
        square(10.0, 80.0), Text(25.0, 98.96, "1", REG, 12, INK, "middle"),
        square(40.0, 80.0), Text(55.0, 98.96, "2", REG, 12, INK, "middle"),
        square(70.0, 80.0), Text(85.0, 98.96, "3", REG, 12, INK, "middle"),
        square(100.0, 80.0), Text(115.0, 98.96, "4", REG, 12, INK, "middle")]
    assert track_spaces(p.box("score"), {}) == ([1, 2, 3, 4], 4, 30.0)


def test_squares_as_large_as_the_box_is_wide(piece) -> None:
    p = piece(f'score: {{{PLACE}, track: {{spaces: "range(0, 12)", per_row: 6}}}}')
    assert track_spaces(p.box("score"), {}) == (list(range(12)), 6, 20.0)  # not 45 pt high
    assert [(n.x, n.y) for n in p.draw() if isinstance(n, Rect)][4:8] == [
        (90.0, 90.0), (110.0, 90.0), (110.0, 70.0), (90.0, 70.0)]


def test_no_spaces_nothing(piece) -> None:
    p = piece(f'score: {{{PLACE}, track: {{spaces: "[]", label: "{{space}}"}}}}')
    assert p.draw() == []
    assert p.printed("score") == []
    assert track_spaces(p.box("score"), {}) == ([], 0, 0.0)


def test_labels_shrink_to_fit_their_square(piece) -> None:
    p = piece(f'score: {{{PLACE}, size: 14, track: {{spaces: "[1, 22, 333]", label: "{{space}}{{suffix}}"}}}}',
              "suffix")
    # squares of min(120 / 3, 90) = 40 pt, 35.748 pt inside the margins: 0.528 em a digit
    nodes = p.draw({"suffix": ""})
    assert [(t.text, t.size, t.y) for t in nodes if isinstance(t, Text)] == [
        ("1", 14, 94.62), ("22", 14, 94.62), ("333", 14, 94.62)]
    nodes = p.draw({"suffix": "000"})
    assert [(t.text, t.size, t.y) for t in nodes if isinstance(t, Text)] == [
        ("1000", 14, 94.62), ("22000", 13.5, 94.455), ("333000", 11.25, 93.713)]
    nodes = p.draw({"suffix": "0" * 13})  # 7.39 em: printed at the least, said by text-fit
    assert [(t.text, t.size, t.y) for t in nodes if isinstance(t, Text)][0] == ("1" + "0" * 13, 5.0, 91.65)


def test_highlighted_spaces_in_the_accent(piece) -> None:
    p = piece(f'''score: {{{PLACE}, colour: "#223344", accent: gold, paper: "#ffffff",
      track: {{spaces: "range(1, 4)", highlight: "space == 2"}}}}''')
    assert [(n.style if isinstance(n, Rect) else n.fill) for n in p.draw()] == [
        Style(fill="#ffffff", stroke="#223344", stroke_width=0.6), "#223344",
        Style(fill=GOLD, stroke="#223344", stroke_width=0.6), "#ffffff",
        Style(fill="#ffffff", stroke="#223344", stroke_width=0.6), "#223344"]


def test_colours_default_to_the_ink_paper_and_the_accent_to_the_colour(piece) -> None:
    p = piece(f'''
    a: {{{PLACE}, colour: "{{colour}}", accent: "{{accent}}", paper: "{{paper}}",
      track: {{spaces: "range(1, 3)", highlight: "space > 1"}}}}
    b: {{{PLACE}, colour: "{{colour}}", track: {{spaces: "range(1, 3)", highlight: "space > 1"}}}}
    ''', "colour", "accent", "paper")
    none = {"colour": "none", "accent": "none", "paper": "none"}
    assert [(n.style if isinstance(n, Rect) else n.fill) for n in p.draw(none)] == [
        Style(fill=PAPER, stroke=INK, stroke_width=0.6), INK, Style(fill=INK, stroke=INK, stroke_width=0.6), PAPER] * 2
    assert [(n.style if isinstance(n, Rect) else n.fill) for n in p.draw({**none, "colour": "#123456"})][4:] == [
        Style(fill=PAPER, stroke="#123456", stroke_width=0.6), "#123456",
        Style(fill="#123456", stroke="#123456", stroke_width=0.6), PAPER]


def test_its_labels_from_a_template(piece) -> None:
    p = piece(f'score: {{{PLACE}, track: {{spaces: "range(1, 3)", label: {{en: "{{space * 5}}", fr: "n{{space}}"}}}}}}')
    assert [t.text for t in p.draw() if isinstance(t, Text)] == ["5", "10"]
    assert [t.text for t in p.draw(language="fr") if isinstance(t, Text)] == ["n1", "n2"]


def test_what_it_prints(piece) -> None:
    p = piece(f'''
    plain: {{{PLACE}, track: {{spaces: "range(1, 3)", per_row: 1}}}}
    label: {{{PLACE}, font: body, track: {{spaces: "[7]", label: {{en: "{{space}}!", fr: "n{{space}}"}}}}}}
    ''')
    plain = p.printed("plain", {"space": "not this one"})
    # two rows of one: squares of 45 pt, less the margins
    assert [(x.template.source, x.text, x.font, x.cell) for x in plain] == [
        ("{space}", "1", "heading", Cell(45 - mm(1.5), 5.0, "heading", "space")),
        ("{space}", "2", "heading", Cell(45 - mm(1.5), 5.0, "heading", "space"))]
    label = p.box("label").get("track")["label"]
    assert [(x.template, x.text, x.font, x.cell) for x in p.printed("label", language="fr")] == [
        (label.get("fr", "en"), "n7", "body", Cell(90 - mm(1.5), 5.0, "body", "space"))]


def test_whether_a_label_fits_and_what_text_fit_says_of_one_that_does_not(piece) -> None:
    p = piece(f'score: {{{PLACE}, track: {{spaces: "range(1, 3)"}}}}')
    cell = Cell(20.0, 5.0, "heading", "space")
    prints = kinds()["track"].prints
    assert prints.fits(p.box("score"), "88888888", REGULAR, cell)  # 19.88 pt at 5 pt, 21.12 in Bold
    assert not prints.fits(p.box("score"), "88888888", BOLD, cell)
    assert prints.refusal(p.box("score"), "card 'a': score", "88888888", cell) == (
        "card 'a': score '88888888' does not fit a 7.06 mm space of the score track even at 5 pt: give the track "
        "fewer spaces or a bigger box, or its spaces shorter labels (label:)")


def test_its_templates_read_the_item(piece) -> None:
    p = piece(f'''score: {{{PLACE}, track: {{spaces: "range(1, last + 1)", label: "{{space}}{{unit}}",
      highlight: "space == mark"}}}}''', "last", "unit", "mark")
    item = {"last": 2, "unit": "$", "mark": 2}
    assert [(n.style.fill if isinstance(n, Rect) else n.text) for n in p.draw(item)] == [PAPER, "1$", INK, "2$"]
    assert [x.text for x in p.printed("score", item)] == ["1$", "2$"]


def test_what_it_prints_in_a_language(piece) -> None:
    p = piece(f'score: {{{PLACE}, track: {{spaces: "[1]", label: {{fr: "n{{space / 2}}", en: "{{space / 2}}"}}}}}}')
    assert [x.text for x in p.printed("score", language="fr")] == ["n0,5"]
    assert [x.text for x in p.printed("score", language="ja")] == ["0.5"]
    assert [t.text for t in p.draw(language="fr") if isinstance(t, Text)] == ["n0,5"]


# --- around the box, and along a path ---------------------------------------------------------------

MM = mm(1)


def cells(course: Course) -> list[tuple[float, float]]:
    """Each space's cell's corner, in mm."""
    return [(round(x / MM, 3) + 0.0, round(y / MM, 3) + 0.0) for x, y, _, _ in course.cells]


def test_the_ring_of_cells_round_a_grid() -> None:
    assert ring(3, 3) == [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2), (0, 1)]
    assert ring(4, 2) == [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1), (2, 1), (1, 1), (0, 1)]
    assert len(ring(26, 26)) == 100


@pytest.mark.parametrize(("count", "width", "height", "blank", "given", "size"), [
    (100, 270, 270, False, {}, (26, 26)),  # 2 x (26 + 26) - 4 = 100
    (100, 400, 200, False, {}, (35, 17)),  # as near square as the box allows
    (99, 270, 270, False, {}, (26, 26)),  # (a cell left over)
    (100, 270, 270, True, {}, (27, 27)),  # corners blank: 2 x (27 + 27) - 8 = 100
    (100, 270, 270, False, {"columns": 30}, (30, 22)),
    (100, 270, 270, False, {"rows": 10}, (42, 10)),
    (100, 270, 270, False, {"columns": 5, "rows": 5}, (5, 5)),  # (as given: said if they cannot hold it)
    (1, 100, 1, False, {}, (2, 2)),  # (never fewer than 2)
])
def test_a_rings_size(count, width, height, blank, given, size) -> None:
    assert ring_size(count, width, height, blank, given.get("columns"), given.get("rows")) == size


def test_a_score_track_round_the_box(piece) -> None:
    p = piece('score: {x: 0, y: 0, width: 40mm, height: 30mm, track: {spaces: "range(0, 10)", around: {}}}')
    course = track_course(p.box("score"), {})
    # 10 spaces: 4 x 3 cells of 10 mm, clockwise from the top-left corner
    assert cells(course) == [(0, 0), (10, 0), (20, 0), (30, 0), (30, 10), (30, 20), (20, 20), (10, 20), (0, 20),
                             (0, 10)]
    assert course.wrong is None and round(course.room / MM, 3) == 10.0
    assert [n.text for n in p.draw() if isinstance(n, Text)] == [str(i) for i in range(10)]


@pytest.mark.parametrize(("around", "first"), [
    ("{start: top-right}", [(30, 0), (30, 10), (30, 20), (20, 20)]),
    ("{start: bottom-left, direction: anticlockwise}", [(0, 20), (10, 20), (20, 20), (30, 20)]),
    ("{start: bottom-right, direction: anticlockwise}", [(30, 20), (30, 10), (30, 0), (20, 0)]),
    ("{start: top-left, direction: anticlockwise}", [(0, 0), (0, 10), (0, 20), (10, 20)]),
])
def test_from_its_start_corner_either_way(piece, around: str, first: list) -> None:
    p = piece(f'score: {{x: 0, y: 0, width: 40mm, height: 30mm, track: {{spaces: "range(0, 10)", around: {around}}}}}')
    assert cells(track_course(p.box("score"), {}))[:4] == first


def test_blank_corners_and_cells_left_over(piece) -> None:
    p = piece('''
    blank: {x: 0, y: 0, width: 50mm, height: 40mm, track: {spaces: "range(0, 10)", around: {corners: blank}}}
    over: {x: 0, y: 0, width: 40mm, height: 30mm, track: {spaces: "range(0, 8)", around: {columns: 4, rows: 3}}}
    ''')
    # 5 x 4 cells: 14 round, 10 less the corners
    assert cells(track_course(p.box("blank"), {})) == [(10, 0), (20, 0), (30, 0), (40, 10), (40, 20), (30, 30),
                                                       (20, 30), (10, 30), (0, 20), (0, 10)]
    assert len(track_course(p.box("over"), {}).cells) == 8  # (the last two cells left empty)


def test_a_label_every_n_spaces_and_round_spaces(piece) -> None:
    p = piece('score: {x: 0, y: 0, width: 40mm, height: 30mm, track: {spaces: "range(0, 10)", around: {}, '
              'label_every: 4, shape: circle}}')
    nodes = p.draw()
    assert [n.text for n in nodes if isinstance(n, Text)] == ["0", "4", "8"]
    assert [x.text for x in p.printed("score")] == ["0", "4", "8"]
    discs = [n for n in nodes if isinstance(n, Circle)]
    assert len(discs) == 10 and not any(isinstance(n, Rect) for n in nodes)
    assert (round(discs[1].cx / MM, 3), round(discs[1].cy / MM, 3), round(discs[1].r / MM, 3)) == (15.0, 5.0, 5.0)


def test_along_a_path(piece) -> None:
    p = piece('''
    rounds: {x: 10mm, y: 10mm, width: 60mm, height: 30mm, track: {spaces: "range(1, 6)",
             path: [[5, 5], [45, 5], [45, 25]], space: 8}}
    ''')
    course = track_course(p.box("rounds"), {})
    # 60 mm of path, 5 spaces 15 mm apart, each centred on its point
    assert cells(course) == [(11, 11), (26, 11), (41, 11), (51, 16), (51, 31)]
    assert round(course.cells[0][2] / MM, 3) == 8.0 and course.wrong is None
    assert [x.cell.width for x in p.printed("rounds")] == [8 * MM - TRACK_LABEL_MARGIN] * 5


def test_a_path_from_the_data_and_its_default_space(piece) -> None:
    p = piece('rounds: {x: 0, y: 0, width: 60mm, height: 30mm, track: {spaces: "range(0, 3)", path: route}}', "route")
    course = track_course(p.box("rounds"), {"route": [[10, 15], [50, 15]]})
    # 20 mm apart: spaces nine tenths as wide
    assert cells(course) == [(1, 6), (21, 6), (41, 6)] and round(course.room / MM, 3) == 18.0


@pytest.mark.parametrize(("track", "item", "message"), [
    ('{spaces: "range(0, 11)", around: {columns: 4, rows: 3}}', {},
     "11 spaces do not fit around its ring of 4 x 3 cells (10 spaces)"),
    ('{spaces: "range(0, 7)", around: {columns: 4, rows: 3, corners: blank}}', {},
     "7 spaces do not fit around its ring of 4 x 3 cells (6 spaces, its corners blank)"),
    ('{spaces: "range(0, 5)", path: [[5, 5], [35, 5]], space: 8}', {},
     "5 spaces 8 mm wide overlap along its 30 mm path (7.5 mm apart)"),
    ('{spaces: "range(0, 3)", path: [[2, 5], [35, 5]], space: 6}', {},
     "space 0 (-1, 2 mm, 6 mm wide) runs out of its 40 x 30 mm box"),
    ('{spaces: "range(0, 3)", path: route}', {"route": [[2, 5]]},
     "path: route gives 1 point; a path needs at least 2"),
])
def test_what_text_fit_says_of_spaces_that_do_not_fit(piece, track: str, item: dict, message: str) -> None:
    p = piece(f"score: {{x: 0, y: 0, width: 40mm, height: 30mm, track: {track}}}", "route")
    (found,) = p.printed("score", item)
    assert found.cell.kind == message
    box = p.box("score")
    prints = kinds()["track"].prints
    assert not prints.fits(box, found.text, REGULAR, found.cell)
    assert prints.refusal(box, "layout 'x.yaml': score", found.text, found.cell) == f"layout 'x.yaml': score: {message}"
    at_fault = box.get("track")["path" if message.startswith(("path", "space 0", "5 spaces")) else "spaces"]
    assert found.template is (at_fault if hasattr(at_fault, "names") else WRITTEN)
    assert p.draw(item) == []


def test_one_way_for_the_spaces_to_run() -> None:
    from pnp import expr

    class Reader:
        file = "board.yaml"
        failed: list = []

        def fail(self, path, message):
            self.failed.append((path, message))

        def expression(self, source, path, names):
            return expr.parse(source, names)

    setting, reader = kinds()["track"].settings["track"], Reader()
    path = ("boxes", "score", "track")
    assert setting.read(reader, {"spaces": "range(0, 3)", "per_row": 3, "around": {}}, path, frozenset()) is None
    assert setting.read(reader, {"spaces": "range(0, 3)", "around": {}, "path": [[0, 0], [1, 1]]}, path,
                        frozenset()) is None
    assert reader.failed == [
        (path + ("around",), "layout 'board.yaml': score.track: a track runs in rows (per_row), around its box "
                             "(around) or along a path (path), not by per_row and around"),
        (path + ("path",), "layout 'board.yaml': score.track: a track runs in rows (per_row), around its box "
                           "(around) or along a path (path), not by around and path")]
    read = setting.read(reader, {"spaces": "range(0, 3)", "path": [[0, 0], [1, 1]]}, path, frozenset())
    assert read["path"] == ((0.0, 0.0), (1.0, 1.0)) and len(reader.failed) == 2
