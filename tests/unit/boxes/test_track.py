"""pnp.boxes.track: numbered squares in rows that run back and forth from the bottom left, as
large as fit the box, each with its label shrunk to fit (down to 5 pt) and, where highlight
holds, filled with the accent colour; and what the track prints, each label in its square
less the margins."""

from __future__ import annotations

from pnp.boxes import kinds
from pnp.boxes.printing import Cell
from pnp.boxes.track import MIN_TRACK_SIZE, TRACK_LABEL_MARGIN, track_spaces
from pnp.scene import Rect, Style, Text
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
    assert set(kind.settings["track"].fields) == {"spaces", "per_row", "label", "highlight"}
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
        "card 'a': score '88888888' does not fit a 7.06 mm space of the score track even at 5 pt")


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
