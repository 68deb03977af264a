"""pnp.impose.duplex: the duplex test page (millimetre scales on the front, bold crosses behind
them on the back) and a page shifted by what it measures."""

from __future__ import annotations

import pytest

from pnp.layout.fonts import bundled_fonts, metrics
from pnp.impose.duplex import _scale, _wrapped, duplex_test, shifted
from pnp.impose.paper import PAPERS
from pnp.scene import Definition, Group, Page, Path, Rect, Style, Text, Use
from pnp.units import mm

FONT = metrics(bundled_fonts()["SourceSansPro-Regular"])
INK = Style(stroke="#000000", stroke_width=0.35)
BOLD = Style(stroke="#000000", stroke_width=1.2)
A4, A3 = PAPERS["a4"], PAPERS["a3"]


def line(path: Path) -> tuple:
    (m, *a), (l, *b) = path.commands
    assert (m, l, len(path.commands)) == ("M", "L", 2)
    return tuple(round(v, 4) for v in (*a, *b))


def test_a_horizontal_scale() -> None:
    """From -6 to +6 mm: a tick every half millimetre, longer at whole ones, numbered every
    two in 8 pt, alternately above and below; named X past its right end."""
    nodes = _scale(100.0, 200.0, True, 1, FONT)
    paths = [n for n in nodes if isinstance(n, Path)]
    texts = [n for n in nodes if isinstance(n, Text)]
    assert len(nodes) == 1 + 25 + 7 + 1 and len(paths) == 26
    assert {p.style for p in paths} == {INK}
    assert line(paths[0]) == (round(100 - mm(6), 4), 200.0, round(100 + mm(6), 4), 200.0)
    assert line(paths[1]) == (round(100 - mm(6), 4), round(200 - mm(1.6), 4), round(100 - mm(6), 4),
                              round(200 + mm(1.6), 4))
    assert line(paths[2]) == (round(100 - mm(5.5), 4), round(200 - mm(0.9), 4), round(100 - mm(5.5), 4),
                              round(200 + mm(0.9), 4))
    assert line(paths[13]) == (100.0, round(200 - mm(1.6), 4), 100.0, round(200 + mm(1.6), 4))
    assert line(paths[25]) == (round(100 + mm(6), 4), round(200 - mm(1.6), 4), round(100 + mm(6), 4),
                               round(200 + mm(1.6), 4))
    above, below = round(200 - mm(2.4), 4), round(200 + mm(4.9), 4)
    assert [(t.text, round(t.x, 4), round(t.y, 4)) for t in texts[:-1]] == [
        ("−6", round(100 - mm(6), 4), above), ("−4", round(100 - mm(4), 4), below),
        ("−2", round(100 - mm(2), 4), above), ("0", 100.0, below),
        ("+2", round(100 + mm(2), 4), above), ("+4", round(100 + mm(4), 4), below),
        ("+6", round(100 + mm(6), 4), above)]
    assert {(t.font, t.size, t.fill, t.anchor) for t in texts[:-1]} == {("SourceSansPro-Regular", 8.0, "#000000",
                                                                        "middle")}
    x = texts[-1]
    assert (x.text, x.font, x.size, x.fill, x.anchor) == ("X", "SourceSansPro-Regular", 11.0, "#000000", "start")
    assert (x.x, x.y) == pytest.approx((100 + mm(8.5), 200 + mm(1.4)), abs=1e-9)
    assert nodes[2] == texts[0]  # each number after its tick
    lengths = [round((p.commands[1][2] - p.commands[0][2]) / 2 / mm(1), 4) for p in paths[1:]]
    assert lengths == [1.6 if step % 2 == 0 else 0.9 for step in range(-12, 13)]
    # numbers on one side 4 mm apart, wider than any of them: they never meet
    assert max(FONT.width(t.text, 8.0) for t in texts[:-1]) < mm(4)


def test_a_vertical_scale_numbered_the_other_way() -> None:
    """Numbered right and left of it in turn, so that 8 pt numbers stand 4 mm apart; named Y
    below its bottom end."""
    nodes = _scale(100.0, 200.0, False, -1, FONT)
    paths = [n for n in nodes if isinstance(n, Path)]
    texts = [n for n in nodes if isinstance(n, Text)]
    assert line(paths[0]) == (100.0, round(200 - mm(6), 4), 100.0, round(200 + mm(6), 4))
    assert line(paths[1]) == (round(100 - mm(1.6), 4), round(200 - mm(6), 4), round(100 + mm(1.6), 4),
                              round(200 - mm(6), 4))
    assert line(paths[2]) == (round(100 - mm(0.9), 4), round(200 - mm(5.5), 4), round(100 + mm(0.9), 4),
                              round(200 - mm(5.5), 4))
    right, left = round(100 + mm(2.4), 4), round(100 - mm(2.4), 4)
    assert [(t.text, round(t.x, 4), round(t.y, 4), t.anchor) for t in texts[:-1]] == [
        (text, right if offset % 4 == 0 else left, round(200 + mm(offset) + mm(1), 4),
         "start" if offset % 4 == 0 else "end")
        for text, offset in (("+6", -6), ("+4", -4), ("+2", -2), ("0", 0), ("−2", 2), ("−4", 4), ("−6", 6))]
    assert {(t.font, t.size, t.fill) for t in texts[:-1]} == {("SourceSansPro-Regular", 8.0, "#000000")}
    assert texts[-1] == Text(100.0, 200 + mm(11.5), "Y", "SourceSansPro-Regular", 11.0, "#000000", "middle")
    assert {p.style for p in paths} == {INK}
    lengths = [round((p.commands[1][1] - p.commands[0][1]) / 2 / mm(1), 4) for p in paths[1:]]
    assert lengths == [1.6 if step % 2 == 0 else 0.9 for step in range(-12, 13)]


def test_wrapped() -> None:
    width = FONT.width("one two", 7.0)
    assert _wrapped("one two three", FONT, 7.0, width) == ["one two", "three"]
    assert _wrapped("one two three", FONT, 7.0, width - 0.01) == ["one", "two", "three"]
    assert _wrapped("one", FONT, 7.0, 1.0) == ["one"]
    assert _wrapped("a b", FONT, 7.0, 1000.0) == ["a b"]
    assert _wrapped("a  b", FONT, 7.0, 1000.0) == ["a  b"]  # broken at each space, as written


INSTRUCTIONS = [
    (10.0, "Game · duplex test · A4"),
    (8.0, "Print this page on both sides of one sheet, at 100 %, turning it over on the"),
    (8.0, "long edge as for the backs."),
    (8.0, "Hold the sheet against a window. Where each bold line of the back crosses a"),
    (8.0, "scale, read the number in mm: X on the scales across, Y on the scales down."),
    (8.0, "A positive X means the back printed X mm too far left, a positive Y that it"),
    (8.0, "printed Y mm too high, on the back page as it lies; a negative number, the"),
    (8.0, "other way. Both 0: nothing to do."),
    (8.0, "To correct it, find the printer driver’s back-side offset (most drivers call it"),
    (8.0, "“back side offset”, “duplex offset” or “image shift”), move the back X mm"),
    (8.0, "right and Y mm down, and print this page again. If the lines moved away"),
    (8.0, "from 0, the driver counts the other way: give −X and −Y."),
    (8.0, "Building the kit with pnp yourself? Build again with --back-shift X,Y instead"),
    (8.0, "(added to any shift already given) and print the backs from the new files."),
]
# each line 3.6 mm below the one before, paragraphs 1.2 mm further apart
LINE_YS = [12.0, 16.8, 20.4, 25.2, 28.8, 33.6, 37.2, 40.8, 45.6, 49.2, 52.8, 56.4, 61.2, 64.8]


def instructions(page: Page) -> list[Text]:
    """The title and instructions: the text centred on the page above the middle target."""
    return [n for n in page.children if isinstance(n, Text) and n.anchor == "middle" and n.fill == "#000000"
            and n.text not in ("X", "Y") and n.y < mm(100) and abs(n.x - page.width / 2) < 0.01]


def test_the_front() -> None:
    front, back = duplex_test(A4, "Game", FONT)
    assert (front.width, front.height, front.label, front.definitions) == (595.28, 841.89, "front", ())
    assert (back.width, back.height, back.label, back.definitions) == (595.28, 841.89, "back", ())
    texts = instructions(front)
    assert [(t.size, t.text) for t in texts] == INSTRUCTIONS
    assert [round(t.y / mm(1), 4) for t in texts] == LINE_YS
    assert {(t.x, t.font, t.fill, t.anchor) for t in texts} == {(297.64, "SourceSansPro-Regular", "#000000", "middle")}
    assert front.children[-1] == Text(297.64, 841.89 - mm(5.6), "Game · duplex test · front · A4",
                                      "SourceSansPro-Regular", 6.0, "#5f5f5f", "middle")
    # five targets, each a scale 12 mm above and one 12 mm left of its centre
    scales = front.children[:-len(texts) - 1]
    assert len(scales) == 5 * 2 * 34
    inset = mm(40)
    targets = [(297.64, 420.945), (inset, inset), (595.28 - inset, inset), (inset, 841.89 - inset),
               (595.28 - inset, 841.89 - inset)]
    expected = []
    for x, y in targets:
        expected += _scale(x, y - mm(12), True, 1, FONT) + _scale(x - mm(12), y, False, -1, FONT)
    assert list(scales) == expected
    # every number on the page at least 8 pt
    assert min(n.size for n in front.children if isinstance(n, Text) and n.fill == "#000000") == 8.0


def test_instructions_wrapped_between_the_corner_scales() -> None:
    front, _ = duplex_test(PAPERS["letter"], "Game", FONT)
    room = 612.0 - 2 * (mm(40) + mm(12) + mm(8))
    texts = instructions(front)[1:]
    assert all(FONT.width(t.text, 8.0) <= room for t in texts)
    assert texts[0].text == "Print this page on both sides of one sheet, at 100 %, turning it over on the long"
    # the title is never wrapped
    front, _ = duplex_test(A4, "A title " * 20, FONT)
    assert [n.text for n in front.children if isinstance(n, Text) and n.size == 10.0] == [
        "A title " * 20 + " · duplex test · A4"]


def test_the_back() -> None:
    _, back = duplex_test(A4, "Game", FONT)
    lines = [line(n) for n in back.children if isinstance(n, Path)]
    assert {n.style for n in back.children if isinstance(n, Path)} == {BOLD}
    inset = mm(40)
    expected = []
    for x, y in [(297.64, 420.945), (inset, inset), (595.28 - inset, inset), (inset, 841.89 - inset),
                 (595.28 - inset, 841.89 - inset)]:
        # behind the target after a long-edge flip (left-right on a portrait sheet), 20 mm up and left, 8 mm down and right
        bx = 595.28 - x
        expected += [(round(bx, 4), round(y - mm(20), 4), round(bx, 4), round(y + mm(8), 4)),
                     (round(595.28 - (x - mm(20)), 4), round(y, 4), round(595.28 - (x + mm(8)), 4), round(y, 4))]
    assert lines == expected
    assert back.children[-1] == Text(297.64, 841.89 - mm(5.6), "Game · duplex test · back · A4",
                                     "SourceSansPro-Regular", 6.0, "#5f5f5f", "middle")
    assert len(back.children) == 11


def test_on_a_landscape_sheet() -> None:
    """On A3 landscape the back flips top to bottom: the vertical scales' numbers turn."""
    front, back = duplex_test(A3, "Jeu", FONT, "fr")
    scales = front.children
    inset = mm(40)
    assert list(scales[:68]) == _scale(1190.55 / 2, 841.89 / 2 - mm(12), True, -1, FONT) + _scale(
        1190.55 / 2 - mm(12), 841.89 / 2, False, 1, FONT)
    texts = [n.text for n in instructions(front)]
    assert texts[0] == "Jeu · test recto verso · A3 paysage"
    assert front.children[-1].text == "Jeu · test recto verso · recto · A3 paysage"
    assert texts[1].startswith("Imprimez cette page des deux côtés")
    assert back.children[-1].text == "Jeu · test recto verso · verso · A3 paysage"
    first = [line(n) for n in back.children[:2]]
    assert first == [(round(1190.55 / 2, 4), round(841.89 / 2 + mm(20), 4), round(1190.55 / 2, 4),
                      round(841.89 / 2 - mm(8), 4)),
                     (round(1190.55 / 2 - mm(20), 4), round(841.89 / 2, 4), round(1190.55 / 2 + mm(8), 4),
                      round(841.89 / 2, 4))]
    assert line(back.children[2]) == (round(inset, 4), round(841.89 - inset + mm(20), 4), round(inset, 4),
                                      round(841.89 - inset - mm(8), 4))


def test_shifted() -> None:
    page = Page(100.0, 200.0, (Rect(1, 2, 3, 4, Style()), Use("x")), (Definition("x", 1, 1, Group(())),), "01")
    moved = shifted(page, mm(1), -mm(0.5))
    assert moved == Page(100.0, 200.0, (Group(page.children, (1.0, 0.0, 0.0, 1.0, mm(1), -mm(0.5))),),
                         page.definitions, "01")
    assert shifted(page, 0.0, 0.0) is page
    assert shifted(page, 0.0, 1.0).children[0].transform == (1.0, 0.0, 0.0, 1.0, 0.0, 1.0)
    assert shifted(page, 1.0, 0.0).children[0].transform == (1.0, 0.0, 0.0, 1.0, 1.0, 0.0)
