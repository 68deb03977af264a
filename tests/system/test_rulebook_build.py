"""The rulebooks as the kit prints them: each game's, in each of its languages, on A4 and Letter
and as a booklet, read back from the PDFs (sizes, pages, imposition, fonts, pictures, contents);
an edited card that breaks an example is a located error; a card the rulebook does not show is
changed without the rulebook being typeset again."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner

from pnp.cli import main

from conftest import ROOT, broken_example

pytestmark = pytest.mark.slow

A4 = (595.28, 841.89)
LETTER = (612.0, 792.0)
GAMES = {"the-anarchy": (ROOT, ["en", "fr", "de"]),
         "anarchipel": (ROOT / "examples" / "anarchipel", ["fr", "en"]),
         "furia-cartese": (ROOT / "examples" / "furia-cartese", ["fr"])}
TITLES = {"the-anarchy": "The Anarchy", "anarchipel": "Anarchipel", "furia-cartese": "Furia Cartese"}


def build(game: Path, out: Path, *args: str):
    result = CliRunner().invoke(main, ["build", "--game", str(game / "game.yaml"), "--out", str(out), "--only",
                                       "rules", "--format", "pdf", *args], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result


@pytest.fixture(scope="module")
def books(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    found = {}
    for name, (game, _) in GAMES.items():
        out = tmp_path_factory.mktemp(name)
        build(game, out, "--lang", "all")
        found[name] = out
    return found


def folder(out: Path, game: str, language: str) -> Path:
    first = GAMES[game][1][0]
    return out / "print" if language == first else out / language / "print"


def size(page) -> tuple[float, float]:
    return tuple(round(v, 2) for v in page.get_size())


def text_of(page) -> str:
    return page.get_textpage().get_text_range()


@pytest.mark.parametrize("game, language", [(g, lang) for g, (_, langs) in GAMES.items() for lang in langs])
def test_each_game_has_its_rulebooks_in_each_language(books: dict, game: str, language: str) -> None:
    where = folder(books[game], game, language)
    for paper, sheet in (("a4", A4), ("letter", LETTER)):
        book = pdfium.PdfDocument(where / f"rules-{paper}.pdf")
        assert len(book) >= 4
        assert {size(page) for page in book} == {sheet}
        assert TITLES[game] in text_of(book[0])
        booklet = pdfium.PdfDocument(where / f"rules-booklet-{paper}.pdf")
        # two pages to a side of a landscape sheet: a multiple of four pages, on half as many sides
        assert len(booklet) % 2 == 0
        assert {size(page) for page in booklet} == {(sheet[1], sheet[0])}


def test_the_booklet_is_in_saddle_stitch_order(books: dict) -> None:
    booklet = pdfium.PdfDocument(folder(books["the-anarchy"], "the-anarchy", "en") / "rules-booklet-a4.pdf")
    sides = len(booklet)
    pages = 2 * sides
    width, height = booklet[0].get_size()

    def number(side: int, half: int) -> int | None:
        """The page number printed at the foot of one half of a side (None: a blank page)."""
        textpage = booklet[side].get_textpage()
        foot = textpage.get_text_bounded(left=half * width / 2, bottom=0, right=(half + 1) * width / 2,
                                         top=15 * 72 / 25.4).strip()
        body = textpage.get_text_bounded(left=half * width / 2, bottom=0, right=(half + 1) * width / 2,
                                         top=height).strip()
        if not body:
            return None
        return int(re.findall(r"\d+", foot)[-1])

    assert "The Anarchy" in booklet[0].get_textpage().get_text_bounded(left=width / 2, right=width)
    for i in range(pages // 4):
        front, back = 2 * i, 2 * i + 1
        expected = [(pages - 2 * i, 2 * i + 1), (2 * i + 2, pages - 2 * i - 1)]
        for side, (left, right) in zip((front, back), expected):
            for half, page in ((0, left), (1, right)):
                found = number(side, half)
                assert found in (page, None)
                if page <= 2:  # (the first pages are never padding)
                    assert found == page


def test_fonts_are_embedded_and_cards_drawn_as_vectors(books: dict) -> None:
    data = (folder(books["the-anarchy"], "the-anarchy", "en") / "rules-a4.pdf").read_bytes()
    # (platypus's document names Helvetica, its canvas's first font, and draws nothing in it)
    fonts = [name for name in re.findall(rb"/BaseFont /([^\s/>]+)", data) if name != b"Helvetica"]
    assert fonts and all(re.match(rb"[A-Z]{6}\+", name) for name in fonts)  # each a subset, embedded
    assert len(re.findall(rb"/FontFile2", data)) == len(set(fonts))
    assert b"/Subtype /Image" not in data  # every card and icon is drawn, not pasted as a picture
    assert data.count(b"/Subtype /Form") > 20  # each card its own drawing, as the print sheets place it


def test_the_contents_give_the_pages_the_headings_are_on(books: dict) -> None:
    book = pdfium.PdfDocument(folder(books["the-anarchy"], "the-anarchy", "en") / "rules-a4.pdf")
    lines = text_of(book[0]).split("Contents\r\n", 1)[1].split("\r\n")
    entries = []
    while len(lines) > 1 and lines[1].isdigit():  # each heading, then its page number
        entries.append((lines[0], lines[1]))
        lines = lines[2:]
    assert len(entries) >= 10 and entries[0] == ("The game in brief", "1")
    for heading, page in entries:
        assert heading.strip() in text_of(book[int(page) - 1]).replace("\r\n", " ")


def test_a_card_edit_that_breaks_an_example_is_a_located_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = broken_example(ROOT, tmp_path / "game", "cards/mughals.yaml",
                          "  - id: zabita-khan\n", "  - id: zabita-khan\n    treasure: 0\n")
    text = (game / "cards" / "mughals.yaml").read_text("utf-8")
    (game / "cards" / "mughals.yaml").write_text(re.sub(r"(id: zabita-khan\n    treasure: 0\n(?:.*\n)*?)    treasure: \d+\n",
                                                        r"\1", text, count=1), "utf-8")
    monkeypatch.chdir(game)
    result = CliRunner().invoke(main, ["validate"], catch_exceptions=False)
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if "[rules-example]" in line]
    assert lines and all(re.match(r"rules/(en|fr|de)\.md:\d+:\d+: error: the example no longer holds: ", line)
                         for line in lines)
    assert any("treasure" in line for line in lines)


def test_a_card_the_rulebook_does_not_show_leaves_it_untypeset(tmp_path: Path) -> None:
    game = broken_example(ROOT, tmp_path / "game", "game.yaml", "languages: [en, fr, de]", "languages: [en, fr, de]")
    out = tmp_path / "out"
    build(game, out)
    before = {p.name: p.stat().st_mtime_ns for p in (out / "print").glob("rules-*.pdf")}
    assert len(before) == 4
    rulebook = (game / "rules" / "en.md").read_text("utf-8")
    assert "badan-singh" not in rulebook  # a card no example shows or names
    broken_example(ROOT, tmp_path / "game", "cards/jats.yaml", "  - id: badan-singh\n", "  - id: badan-singh\n    castles: 3\n")
    result = build(game, out)
    after = {p.name: p.stat().st_mtime_ns for p in (out / "print").glob("rules-*.pdf")}
    assert after == before, result.output


def test_a_table_row_taller_than_a_column_stops_the_build_naming_the_rulebook(tmp_path: Path,
                                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from conftest import make_game

    manifest = make_game(tmp_path / "game")
    text = manifest.read_text("utf-8")
    manifest.write_text(text.replace("stats: stats.yaml", "stats: stats.yaml\nrules: {en: rules/en.md}", 1), "utf-8")
    (tmp_path / "game" / "rules").mkdir()
    cell = " ".join(["word"] * 6000)
    (tmp_path / "game" / "rules" / "en.md").write_text(f"# Mini\n\n| a | b |\n|---|---|\n| {cell} | x |\n", "utf-8")
    monkeypatch.chdir(tmp_path / "game")
    result = CliRunner().invoke(main, ["build", "--only", "rules", "--format", "pdf", "--paper", "a4",
                                       "-o", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert result.output.endswith("Error: rules/en.md: the rulebook cannot be set on A4 pages: a table row is "
                                  "taller than a whole column; split its cell's text\n")
    assert not (tmp_path / "out").exists()
