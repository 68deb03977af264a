"""pnp.impose.duplex: the duplex test page (millimetre scales on the front, bold crosses behind
them on the back) and a page shifted by what it measures."""

from __future__ import annotations

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
    two, alternately above and below."""
    nodes = _scale(100.0, 200.0, True, 1, FONT)
    paths = [n for n in nodes if isinstance(n, Path)]
    texts = [n for n in nodes if isinstance(n, Text)]
    assert len(nodes) == 1 + 25 + 7 and len(paths) == 26
    assert {p.style for p in paths} == {INK}
    assert line(paths[0]) == (round(100 - mm(6), 4), 200.0, round(100 + mm(6), 4), 200.0)
    assert line(paths[1]) == (round(100 - mm(6), 4), round(200 - mm(1.6), 4), round(100 - mm(6), 4),
                              round(200 + mm(1.6), 4))
    assert line(paths[2]) == (round(100 - mm(5.5), 4), round(200 - mm(0.9), 4), round(100 - mm(5.5), 4),
                              round(200 + mm(0.9), 4))
    assert line(paths[13]) == (100.0, round(200 - mm(1.6), 4), 100.0, round(200 + mm(1.6), 4))
    assert line(paths[25]) == (round(100 + mm(6), 4), round(200 - mm(1.6), 4), round(100 + mm(6), 4),
                               round(200 + mm(1.6), 4))
    assert [(t.text, round(t.x, 4), round(t.y, 4)) for t in texts] == [
        ("−6", round(100 - mm(6), 4), round(200 - mm(2.4), 4)), ("−4", round(100 - mm(4), 4), round(200 + mm(4.2), 4)),
        ("−2", round(100 - mm(2), 4), round(200 - mm(2.4), 4)), ("0", 100.0, round(200 + mm(4.2), 4)),
        ("+2", round(100 + mm(2), 4), round(200 - mm(2.4), 4)), ("+4", round(100 + mm(4), 4), round(200 + mm(4.2), 4)),
        ("+6", round(100 + mm(6), 4), round(200 - mm(2.4), 4))]
    assert {(t.font, t.size, t.fill, t.anchor) for t in texts} == {("SourceSansPro-Regular", 5.5, "#000000", "middle")}
    assert nodes[2] == texts[0]  # each number after its tick
    lengths = [round((p.commands[1][2] - p.commands[0][2]) / 2 / mm(1), 4) for p in paths[1:]]
    assert lengths == [1.6 if step % 2 == 0 else 0.9 for step in range(-12, 13)]


def test_a_vertical_scale_numbered_the_other_way() -> None:
    nodes = _scale(100.0, 200.0, False, -1, FONT)
    paths = [n for n in nodes if isinstance(n, Path)]
    texts = [n for n in nodes if isinstance(n, Text)]
    assert line(paths[0]) == (100.0, round(200 - mm(6), 4), 100.0, round(200 + mm(6), 4))
    assert line(paths[1]) == (round(100 - mm(1.6), 4), round(200 - mm(6), 4), round(100 + mm(1.6), 4),
                              round(200 - mm(6), 4))
    assert line(paths[2]) == (round(100 - mm(0.9), 4), round(200 - mm(5.5), 4), round(100 + mm(0.9), 4),
                              round(200 - mm(5.5), 4))
    assert [(t.text, round(t.x, 4), round(t.y, 4)) for t in texts] == [
        (text, round(100 + mm(2.4), 4), round(200 + mm(offset) + mm(0.7), 4))
        for text, offset in (("+6", -6), ("+4", -4), ("+2", -2), ("0", 0), ("−2", 2), ("−4", 4), ("−6", 6))]
    assert {(t.font, t.size, t.fill, t.anchor) for t in texts} == {("SourceSansPro-Regular", 5.5, "#000000", "start")}
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
    (9.0, "Game · duplex test · A4"),
    (7.0, "Print this page on both sides of one sheet, at 100 %, turning it over on the long edge as"),
    (7.0, "for the backs."),
    (7.0, "Hold the sheet against a window. Where each bold line of the back crosses a scale, read"),
    (7.0, "the number:"),
    (7.0, "the bold line across the row of numbers gives X, the one across the column gives Y"),
    (7.0, "(mm)."),
    (7.0, "If they are not 0, build again with --back-shift X,Y (added to any shift already given) and"),
    (7.0, "print the backs from the new files."),
]


def test_the_front() -> None:
    front, back = duplex_test(A4, "Game", FONT)
    assert (front.width, front.height, front.label, front.definitions) == (595.28, 841.89, "front", ())
    assert (back.width, back.height, back.label, back.definitions) == (595.28, 841.89, "back", ())
    texts = [n for n in front.children if isinstance(n, Text) and n.size != 5.5]
    assert [(t.size, t.text) for t in texts[:-1]] == INSTRUCTIONS
    assert [round(t.y / mm(1), 4) for t in texts[:-1]] == [12.0, 16.2, 19.6, 23.0, 26.4, 29.8, 33.2, 36.6, 40.0]
    assert {(t.x, t.font, t.fill, t.anchor) for t in texts[:-1]} == {(297.64, "SourceSansPro-Regular", "#000000",
                                                                      "middle")}
    assert texts[-1] == Text(297.64, 841.89 - mm(5.6), "Game · duplex test · front · A4", "SourceSansPro-Regular",
                             6.0, "#5f5f5f", "middle")
    # five targets, each a scale 12 mm above and one 12 mm left of its centre
    scales = front.children[:-len(texts)]
    assert len(scales) == 5 * 2 * 33
    inset = mm(40)
    targets = [(297.64, 420.945), (inset, inset), (595.28 - inset, inset), (inset, 841.89 - inset),
               (595.28 - inset, 841.89 - inset)]
    expected = []
    for x, y in targets:
        expected += _scale(x, y - mm(12), True, 1, FONT) + _scale(x - mm(12), y, False, -1, FONT)
    assert list(scales) == expected


def test_instructions_wrapped_between_the_corner_scales() -> None:
    front, _ = duplex_test(PAPERS["letter"], "Game", FONT)
    room = 612.0 - 2 * (mm(40) + mm(12) + mm(8))
    texts = [n for n in front.children if isinstance(n, Text) and n.size == 7.0]
    assert all(FONT.width(t.text, 7.0) <= room for t in texts)
    assert texts[0].text == "Print this page on both sides of one sheet, at 100 %, turning it over on the long edge as for the"
    # the title is never wrapped
    front, _ = duplex_test(A4, "A title " * 20, FONT)
    assert [n.text for n in front.children if isinstance(n, Text) and n.size == 9.0] == [
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
    scales = [n for n in front.children if not (isinstance(n, Text) and n.size != 5.5)]
    inset = mm(40)
    assert scales[:66] == _scale(1190.55 / 2, 841.89 / 2 - mm(12), True, -1, FONT) + _scale(
        1190.55 / 2 - mm(12), 841.89 / 2, False, 1, FONT)
    texts = [n.text for n in front.children if isinstance(n, Text) and n.size != 5.5]
    assert texts[0] == "Jeu · test recto verso · A3 paysage"
    assert texts[-1] == "Jeu · test recto verso · recto · A3 paysage"
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
