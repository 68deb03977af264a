"""pnp.compose.readme: the read-me-first set on its pages. Words broken at spaces (a no-break
space and French punctuation held), lines filled greedily (a long file name broken after a
hyphen), slabs flowed down columns and kept together, the last page's columns balanced, the
document's pages on each paper, and a small game's read-me-first composed until it counts
its own pages."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from pnp.compose.readme import (BOTTOM, GUTTER, MARGIN, SIZES, TOP, Fonts, Frame, Ink, Setting, Sheet, Slab,
                                _columns, _split, balanced, break_lines, compose_document, flow, line_nodes,
                                read_me_first, read_me_first_length, read_me_first_source, sheets_of, tint, words)
from pnp.layout.fonts import bundled_fonts, metrics
from pnp.load.game import load_game
from pnp.impose import PAPERS
from pnp.kit.pieces import Kit
from pnp.build.pipeline import BuildOptions, game_fonts
from pnp.kit.readme import NBSP, Document, FileRef, Paragraph, PrintSettings, Section, Strong, Table
from pnp.scene import Rect, Text
from pnp.units import mm

BODY = metrics(bundled_fonts()["SourceSansPro-Regular"])
HEAD = metrics(bundled_fonts()["SourceSerifPro-Bold"])
FONTS = Fonts(BODY, HEAD, BODY)


def test_the_measures() -> None:
    assert (MARGIN, TOP, BOTTOM, GUTTER) == (mm(15), mm(12), mm(14), mm(7))
    assert SIZES[0] == 10.0 and SIZES[-1] == 7.0 and len(SIZES) == 13


def test_tint() -> None:
    assert tint("#000000", 0.5) == "#808080" and tint("#7a2e22", 0.0) == "#7a2e22" and tint("#102030", 1) == "#ffffff"


def test_fonts_of() -> None:
    assert Fonts.of({"body": BODY, "heading": HEAD}) == Fonts(BODY, HEAD, BODY)
    assert Fonts.of({"heading": HEAD}) == Fonts(HEAD, HEAD, HEAD)
    assert Fonts.of({"note": HEAD, "body": BODY}) == Fonts(BODY, BODY, HEAD)


def text_of(found) -> list[str]:
    return ["".join(t for t, _ in w) for w in found]


def test_words() -> None:
    plain, strong, file = Ink(BODY, "#1d1a16"), Ink(HEAD, "#1d1a16"), Ink(BODY, "#abcdef")
    found = words(("Print ", FileRef("print/a-b.pdf"), " on ", Strong("both sides"), f" at 100{NBSP}%."), FONTS,
                  "#abcdef")
    assert found == [(("Print", plain),), (("a-b.pdf", file),), (("on", plain),), (("both", strong),),
                     (("sides", strong),), (("at", plain),), (("100 %.", plain),)]
    # a space before French punctuation or after « holds
    assert text_of(words(("Voici : « oui » !",), FONTS, "#000000")) == ["Voici :", "« oui » !"]
    assert text_of(words(("a  b ", "c"), FONTS, "#000000")) == ["a", "b", "c"]
    assert words(("x",), FONTS, "#000000", strong) == [(("x", strong),)]


def test_glued_punctuation() -> None:
    assert text_of(words(("Voici : oui",), FONTS, "#000000")) == ["Voici :", "oui"]
    assert text_of(words(("« oui »",), FONTS, "#000000")) == ["« oui »"]
    assert text_of(words(("a ;", " ? b"), FONTS, "#000000")) == ["a ; ?", "b"]


def test_split_and_break_lines() -> None:
    ink = Ink(BODY, "#000000")
    word = (("print/very-long-name.pdf", ink),)
    first = BODY.width("print/very-long-", 10)
    assert _split(word, first, 10) == ((("print/very-long-", ink),), (("name.pdf", ink),))
    assert _split(word, first - 0.01, 10) == ((("print/very-", ink),), (("long-name.pdf", ink),))
    assert _split((("nohyphen", ink),), 1.0, 10) is None
    space = BODY.width(" ", 10)
    a = b = c = (("aaa", ink),)
    w = BODY.width("aaa", 10)
    assert break_lines([a, b, c], 2 * w + space, 10, space) == [[a, b], [c]]
    assert break_lines([a, b, c], 3 * w + 2 * space, 10, space) == [[a, b, c]]
    assert break_lines([a, b, c], w, 10, space) == [[a], [b], [c]]
    assert break_lines([word, a], first, 10, space) == [[(("print/very-long-", ink),)], [(("name.pdf", ink),), a]]
    assert break_lines([(("nohyphen", ink),), a], 1.0, 10, space) == [[(("nohyphen", ink),)], [a]]
    assert break_lines([], 100, 10, space) == []


def test_line_nodes() -> None:
    plain, strong = Ink(BODY, "#000000"), Ink(HEAD, "#111111")
    nodes = line_nodes([(("a", plain),), (("b", plain), ("c", strong)), (("d", strong),)], 10, 20, 9)
    assert [(n.text, n.font, n.fill, round(n.x, 3), n.y, n.size) for n in nodes] == [
        ("a b", BODY.name, "#000000", 10, 20, 9),
        ("c d", HEAD.name, "#111111", round(10 + BODY.width("a b", 9), 3), 20, 9)]
    nodes = line_nodes([(("a", plain),), (("b", strong),)], 0, 0, 10)
    assert [n.text for n in nodes] == ["a", "b"] and nodes[1].x == pytest.approx(BODY.width("a ", 10))


def slabs(*heights: float, keep: tuple[int, ...] = (), before: float = 0.0) -> list[Slab]:
    return [Slab(h, lambda x, top, i=i: [Text(x, top, str(i), "f", 1, "#000000")], before, i in keep)
            for i, h in enumerate(heights)]


def test_flow() -> None:
    frames = [Frame(0, 0, 100, 100), Frame(200, 10, 100, 100)]
    placed, left = flow(slabs(40, 40, 40), frames)
    assert [(x, top, f) for _, x, top, f in placed] == [(0, 0, 0), (0, 40, 0), (200, 10, 1)] and left == 0
    placed, left = flow(slabs(40, 40, 40, keep=(1,)), frames)  # the second goes with the third
    assert [(x, top, f) for _, x, top, f in placed] == [(0, 0, 0), (200, 10, 1), (200, 50, 1)]
    placed, left = flow(slabs(10, 20, before=5), frames)  # no space above the first of a column
    assert [top for _, _, top, _ in placed] == [0, 15]
    placed, left = flow(slabs(150, 60, 60, 60), frames)  # too tall for any column: placed all the same
    assert [(top, f) for _, _, top, f in placed] == [(0, 0), (10, 1)] and left == 2


def test_balanced() -> None:
    frames = [Frame(0, 0, 100, 300), Frame(200, 0, 100, 300)]
    items = slabs(50, 50, 50, 50)
    placed, _ = flow(items, frames)
    assert [f for *_, f in placed] == [0, 0, 0, 0]
    placed = balanced(items, frames, 2, placed)
    assert [(top, f) for _, _, top, f in placed] == [(0, 0), (50, 0), (0, 1), (50, 1)]


def test_sheets_of() -> None:
    a4, a3 = PAPERS["a4"], PAPERS["a3"]
    assert sheets_of(a4, 2) == [[Sheet(0.0, a4.width, a4.height, 2)]] * 2
    assert sheets_of(a3, 1) == [[Sheet(0.0, a3.width, a3.height, 4)]]
    half = a3.width / 2
    assert sheets_of(a3, 3) == [[Sheet(0.0, half, a3.height, 2), Sheet(half, half, a3.height, 2)],
                                [Sheet(0.0, half, a3.height, 2)]]
    columns = _columns(Sheet(0.0, 600, 800, 2), 100)
    width = (600 - 2 * MARGIN - GUTTER) / 2
    assert columns == [Frame(MARGIN, 100, width, 800 - BOTTOM - 100), Frame(MARGIN + width + GUTTER, 100, width,
                                                                           800 - BOTTOM - 100)]


def document(pages, paper: str = "a4", subtitle: str = "A subtitle", players: str = "2–4 players") -> Document:
    return Document(paper, "en", "A Game", subtitle, "Read me first", players, "#7a2e22", pages)


def texts(page) -> list[str]:
    return [n.text for n in page.children if isinstance(n, Text)]


def test_compose_a_document() -> None:
    table = Table(("File", "Pages", "How"), (((FileRef("print/cards-a4.pdf"),), ("3",), ("cards, fronts",)),),
                  ("left", "right", "left"))
    first = (Section("In the kit", (Paragraph(("12 cards",), "•"),)),
             Section("Printing", (Paragraph(("Print it.",), "1."), table)))
    pages = compose_document(document((first, (Section("Goal", (Paragraph(("Win.",)),)),))), {"body": BODY,
                                                                                            "heading": HEAD})
    assert [p.label for p in pages] == ["01", "02"]
    assert (pages[0].width, pages[0].height) == (PAPERS["a4"].width, PAPERS["a4"].height)
    one, two = texts(pages[0]), texts(pages[1])
    assert one[:4] == ["READ ME FIRST", "2–4 players", "A Game", "A subtitle"]
    assert "In the kit" in one and "12 cards" in one and "cards-a4.pdf" in one and "3" in one
    assert any("page 1 of 2" in t for t in one) and any("page 2 of 2" in t for t in two)
    assert two[:2] == ["A GAME · READ ME FIRST", "The rules in brief"] and "Win." in two
    rules = [n for n in pages[0].children if isinstance(n, Rect) and n.style.fill == "#7a2e22"]
    assert rules and rules[0].height == 1.6  # (the masthead's rule, in the accent)


def test_compose_a_document_on_a3() -> None:
    first = (Section("In the kit", (Paragraph(("12 cards",), "•"),)),)
    pages = compose_document(document((first, (Section("", (Paragraph(("Win.",)),)),)), "a3", "", ""),
                             {"body": BODY})
    assert len(pages) == 1 and (pages[0].width, pages[0].height) == (PAPERS["a3"].width, PAPERS["a3"].height)
    shown = texts(pages[0])
    assert shown[:2] == ["READ ME FIRST", "A Game"] and "Win." in shown and "A GAME · READ ME FIRST" in shown


def test_a_document_too_long_for_its_page_runs_on() -> None:
    long = tuple(Paragraph((f"Line {i} " + "word " * 30,), "•") for i in range(120))
    pages = compose_document(document(((Section("In the kit", long),),)), {"body": BODY, "heading": HEAD})
    assert len(pages) > 1 and [p.label for p in pages] == [f"{n:02d}" for n in range(1, len(pages) + 1)]
    assert all(any(f"page {n} of {len(pages)}" in t for t in texts(p)) for n, p in enumerate(pages, 1))
    sizes = {n.size for p in pages for n in p.children if isinstance(n, Text) and n.text.startswith("Line")}
    assert sizes == {8.0}  # (more than a page at 7 pt: on two, at the largest size that fits)


GAME = """\
title: Tiny
languages: [en]
fonts: {heading: SourceSerifPro-Bold, body: SourceSansPro-Regular}
readme:
  rules: [{heading: Goal, text: Win.}]
components:
  cards: {type: card, files: cards.yaml, items: cards, fields: {name: text}, face: card.yaml, back: card.yaml}
"""


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Kit:
    folder = tmp_path_factory.mktemp("game")
    for name, text in {"game.yaml": GAME, "cards.yaml": "cards: [{id: a, name: A}]\n",
                       "card.yaml": "extends: builtin:card\nboxes: {}\n"}.items():
        (folder / name).write_text(textwrap.dedent(text), "utf-8")
    game, problems = load_game(folder / "game.yaml")
    assert game is not None and not problems
    return Kit(game, game_fonts(game), {})


def test_read_me_first(kit: Kit) -> None:
    settings = PrintSettings.of(BuildOptions())
    pages = read_me_first(kit, "a4", settings)
    assert len(pages) == 2 and read_me_first(kit, "a4", settings) is pages
    shown = " ".join(texts(pages[0]))
    assert "In all: 4 sheets of A4, 2 of them printed on both sides." in shown  # (its own two pages counted)
    assert read_me_first_source(kit, "a4", settings).pages[1][0].title == "Goal"
    assert read_me_first_length(kit, "a4", settings) == 2
    assert len(read_me_first(kit, "a3", settings)) == 1
    assert read_me_first_length(kit, "letter", settings, known=7) == 7  # (known from the build that kept it)
    assert "In all: 3 sheets of A3, 2 of them printed on both sides." in " ".join(texts(read_me_first(kit, "a3",
                                                                                                       settings)[0]))


def test_a_setting() -> None:
    assert Setting(10, 100, FONTS, "#000000").leading == 13.0
    assert Path(__file__).name == "test_readme.py"
