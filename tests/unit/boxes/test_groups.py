"""pnp.boxes.groups: a list draws its boxes once for each element of a list, in rows of equal
height down the box (or row_height apart), `entry` the element and `number` its place from 1;
a group draws its boxes once, from its corner (turned with it); and what each prints, as
rows of boxes for the checks to read."""

from __future__ import annotations

from pnp.boxes import kinds
from pnp.boxes.printing import Rows
from pnp.scene import Group, Rect, Style, Text, chain, rotate, translate

from .conftest import GOLD, INK, rounded

REG = "SourceSansPro-Regular"
LIST = """list: {x: 10pt, y: 20pt, width: 100pt, height: 90pt, list: entries, boxes: {
      title: {x: 5pt, y: 2pt, width: 50pt, height: 10pt, text: "{number}. {entry}"},
      mark: {x: 0pt, y: 0pt, width: 4pt, height: 4pt, if: "number > 1", rect: {fill: gold}}}}"""


def test_the_holding_kinds() -> None:
    known = kinds()
    assert known["list"].keys == {"list", "boxes", "row_height"} and known["list"].names == {"entry", "number"}
    assert known["group"].keys == {"group", "boxes"} and known["group"].names == frozenset()
    assert known["group"].settings["group"].schema["const"] is True


def test_a_lists_boxes_for_each_element_in_rows_sharing_its_height(piece) -> None:
    p = piece(LIST.replace("{entry}", "{entry}{mark}"), "entries", "mark")
    # rows of 30 pt: each title's text centred on its box, 5 pt in and 2 pt down from its row
    assert p.draw({"entries": ["Draw", "Play", "Pass"], "mark": ""}) == [
        Text(40.0, 30.3, "1. Draw", REG, 10.0, INK, "middle"),
        Text(40.0, 60.3, "2. Play", REG, 10.0, INK, "middle"),
        Rect(10.0, 50.0, 4.0, 4.0, Style(fill=GOLD)),
        Text(40.0, 90.3, "3. Pass", REG, 10.0, INK, "middle"),
        Rect(10.0, 80.0, 4.0, 4.0, Style(fill=GOLD))]
    assert p.draw({"entries": ["Draw"], "mark": "!"})[0].text == "1. Draw!"  # the item's fields too
    assert p.draw({"entries": []}) == [] and p.draw({"entries": None}) == []


def test_a_lists_rows_a_given_pitch_apart(piece) -> None:
    p = piece(LIST.replace("list: entries,", "list: entries, row_height: 12pt,"), "entries")
    assert [(n.x, n.y) for n in p.draw({"entries": ["Draw", "Play"]})] == [(40.0, 30.3), (40.0, 42.3), (10.0, 32.0)]


def test_what_a_list_prints(piece) -> None:
    p = piece(f"""
    {LIST}
    spaced: {{x: 10pt, y: 20pt, width: 100pt, height: 90pt, list: " entries ", boxes: {{}}}}
    made: {{x: 10pt, y: 20pt, width: 100pt, height: 90pt, list: "range(1, 3)", boxes: {{}}}}
    """, "entries")
    boxes = p.box("list").get("boxes")
    item = {"entries": ["Draw", "Play"], "colours": p.layout.colours}
    assert p.printed("list", {"entries": ["Draw", "Play"]}) == [
        Rows(boxes, {**item, "entry": "Draw", "number": 1}, ("entries", 0)),
        Rows(boxes, {**item, "entry": "Play", "number": 2}, ("entries", 1))]
    assert [r.row for r in p.printed("spaced", {"entries": ["Draw"]})] == [("entries", 0)]
    assert p.printed("made") == [Rows((), {"colours": p.layout.colours, "entry": 1, "number": 1}),
                                 Rows((), {"colours": p.layout.colours, "entry": 2, "number": 2})]
    assert p.printed("list", {"entries": None}) == []


def test_a_groups_boxes_from_its_corner(piece) -> None:
    p = piece("""
    half: {x: 10pt, y: 20pt, width: 100pt, height: 50pt, group: true, boxes: {
      word: {x: 5pt, y: 5pt, width: 90pt, height: 10pt, text: "{word}"},
      mark: {x: 0pt, y: 0pt, width: 4pt, height: 4pt, rect: {fill: gold}}}}
    turned: {x: 10pt, y: 100pt, width: 100pt, height: 50pt, rotate: 180, group: true, boxes: {
      word: {x: 5pt, y: 5pt, width: 90pt, height: 10pt, text: "{word}"}}}
    """, "word")
    word = Text(60.0, 33.3, "Fail", REG, 10.0, INK, "middle")
    assert p.draw({"word": "Fail"}) == [
        word, Rect(10.0, 20.0, 4.0, 4.0, Style(fill=GOLD)),
        # turned about the box's centre, (60, 125)
        rounded(Group((Text(60.0, 113.3, "Fail", REG, 10.0, INK, "middle"),),
                      chain(translate(-60, -125), rotate(180), translate(60, 125))))]


def test_what_a_group_prints(piece) -> None:
    p = piece("""half: {x: 10pt, y: 20pt, width: 100pt, height: 50pt, group: true, boxes: {
      word: {x: 5pt, y: 5pt, width: 90pt, height: 10pt, text: "{word}"}}}""", "word")
    assert p.printed("half", {"word": "Fail"}) == [
        Rows(p.box("half").get("boxes"), {"word": "Fail", "colours": p.layout.colours})]
    empty = piece("half: {x: 10pt, y: 20pt, width: 100pt, height: 50pt, group: true}")
    assert empty.draw() == [] and empty.printed("half") == [Rows((), {"colours": empty.layout.colours})]


def test_the_module_registers_the_list_and_group_kinds() -> None:
    from pnp.boxes import groups

    assert sorted(name for name, kind in kinds().items() if kind.draw.__module__ == groups.__name__) == ["group", "list"]
