"""The kit explains itself: print/read-me-first-<paper>.pdf says what the kit holds (counted
from the data), which file to print on which paper and how (with each file's pages), how to
cut and assemble it, and the game's rules in brief; the gallery links every file the build
made and shows the same printing steps."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main

from conftest import ROOT, broken_example, make_game, pages

PAPERS = {"a4": (595.28, 841.89, 2), "letter": (612.0, 792.0, 2), "a3": (1190.55, 841.89, 1)}
MM = 72 / 25.4


def pdf_text(path: Path) -> str:
    from pypdf import PdfReader

    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


def squeezed(text: str) -> str:
    """Text with no whitespace at all: a PDF's lines and text runs break where they like."""
    return re.sub(r"\s+", "", text.replace("\u00a0", " "))


def game(path: Path = ROOT / "game.yaml"):
    from pnp.checks.validate import validate

    report = validate(path)
    assert report.errors == 0
    return report.game


def build(*args: str) -> None:
    result = CliRunner().invoke(main, ["build", *args], catch_exceptions=False)
    assert result.exit_code == 0, result.output


def test_a_read_me_first_for_each_paper(kit: Path) -> None:
    """One per paper: two pages of A4 or Letter (the kit, then the rules), one A3 sheet
    holding both side by side; every font embedded."""
    from pypdf import PdfReader

    for paper, (width, height, count) in PAPERS.items():
        reader = PdfReader(kit / "print" / f"read-me-first-{paper}.pdf")
        assert len(reader.pages) == count, paper
        for page in reader.pages:
            box = page.mediabox
            assert (float(box.width), float(box.height)) == pytest.approx((width, height), abs=0.01), paper
            fonts = page["/Resources"]["/Font"]
            for font in fonts.values():
                font = font.get_object()
                descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"].get_object() \
                    if "/DescendantFonts" in font else font["/FontDescriptor"].get_object()
                assert "/FontFile2" in descriptor, (paper, font["/BaseFont"])
            # in the game's own fonts, and no other
            names = {str(f.get_object()["/BaseFont"]).split("+")[-1] for f in fonts.values()}
            assert names <= {"SourceSerifPro-Bold", "SourceSansPro-Regular", "SourceSerifPro-It"}, names
            assert {"SourceSerifPro-Bold", "SourceSansPro-Regular"} <= names


def test_the_contents_are_counted_from_the_data(kit: Path) -> None:
    g = game()
    cards, money, tokens = g.sets["cards"], g.sets["money"], g.sets["turn-tokens"]
    expected = [f"{len(cards.items)} cards in {len(cards.groups)} suits",
                f"1 board, the map of the {len(g.sets['board'].items)} areas",
                f"{sum(i.copies for i in money.items)} money cards",
                f"{len(tokens.items)} turn-order tokens",
                f"{sum(i.copies for i in g.sets['markers'].items)} control markers, "
                f"{len(g.sets['board'].items) + 1} for each company",
                f"{sum(i.copies for i in g.sets['aid'].items)} player aids"]
    assert expected == ["126 cards in 16 suits", "1 board, the map of the 16 areas", "36 money cards",
                        "6 turn-order tokens", "102 control markers, 17 for each company", "6 player aids"]
    for paper in PAPERS:
        text = squeezed(pdf_text(kit / "print" / f"read-me-first-{paper}.pdf"))
        for line in expected:
            assert squeezed(line) in text, (paper, line)
    # the gallery's summary is the same list
    page = (kit / "index.html").read_text("utf-8")
    assert f"<p>{html.escape(', '.join(expected))}.</p>" in page


def test_every_print_file_is_named_with_its_pages(kit: Path) -> None:
    """Each paper's read-me-first names every print file of that paper, itself included,
    each with the number of pages it really has, and the sheets it all takes."""
    written = sorted(p.name for p in (kit / "print").glob("*.pdf"))
    assert len(written) == 31
    for paper in PAPERS:
        text = re.sub(r"\s+", " ", pdf_text(kit / "print" / f"read-me-first-{paper}.pdf"))
        mine = [name for name in written if name.endswith(f"-{paper}.pdf")]
        assert len(mine) == (9 if paper == "a3" else 11)  # (the rulebook and its booklet: A4 and Letter)
        for name in mine:
            assert name in text, (paper, name)
            if name.startswith("read-me-first"):
                continue
            found = re.search(re.escape(name) + r" (\d+) ", text)
            assert found, (paper, name)
            assert int(found.group(1)) == pages(kit / "print" / name), (paper, name)
        # the sheets to print: fronts with backs print on both sides; the board and this on one
        both = sum(pages(kit / "print" / f"{n}-{paper}.pdf") for n in ("cards", "money", "tokens")) + 1
        one = pages(kit / "print" / f"board-{paper}.pdf") + pages(kit / "print" / f"read-me-first-{paper}.pdf")
        paper_name = {"a4": "A4", "letter": "US Letter", "a3": "A3"}[paper]
        assert f"In all: {both + one} sheets of {paper_name}, {both} of them printed on both sides." in text


def test_it_says_how_to_print_cut_and_assemble(kit: Path) -> None:
    text = squeezed(pdf_text(kit / "print" / "read-me-first-a4.pdf"))
    for words in ["at 100 % (“actual size”), never “fit to page”", "First print duplex-test-a4.pdf on both sides",
                  "turned over on the long edge", "then print its backs file",
                  "Print on one side only: board-a4.pdf.", "Cut along the crop marks",
                  "Cut the round pieces of tokens-a4.pdf along their circles (39 mm and 15 mm across)",
                  "board-a4.pdf prints the board in 4 parts (2 × 2) that overlap by 12 mm",
                  "tape it from behind", "The rules in brief", "The butcher’s bill",
                  # the game's own note on assembly, from its readme: section
                  "Keep each company’s pieces together"]:
        assert squeezed(words) in text, words
    a3 = squeezed(pdf_text(kit / "print" / "read-me-first-a3.pdf"))
    assert squeezed("board-a3.pdf prints the board whole, on one sheet.") in a3


def test_the_text_fits_its_page() -> None:
    """Every line stays inside the page's 15 mm side margins and above its footer, in every
    language the game has, on every paper."""
    from pnp.compose.readme import MARGIN, read_me_first
    from pnp.kit.pieces import Kit
    from pnp.build.pipeline import BuildOptions, game_fonts, read_art
    from pnp.kit.readme import PrintSettings
    from pnp.scene import Rect, Text

    g = game()
    fonts = game_fonts(g)
    by_name = {m.name: m for m in fonts.values()}
    settings = PrintSettings.of(BuildOptions())
    for language in g.languages:
        kit = Kit(g, fonts, read_art(g), language)
        for paper, (width, height, count) in PAPERS.items():
            composed = read_me_first(kit, paper, settings)
            assert len(composed) == count, (language, paper)
            halves = 2 if width > height else 1
            for page in composed:
                texts = [n for n in page.children if isinstance(n, Text)]
                assert len(texts) > 40
                for node in texts:
                    if node.size <= 6.0:  # the footer, centred in the bottom margin
                        assert height - 9 * MM < node.y < height - 5 * MM
                        continue
                    w = by_name[node.font].width(node.text, node.size)
                    left = node.x - (w if node.anchor == "end" else 0.0)
                    half = width / halves * int(left // (width / halves)) if halves > 1 else 0.0
                    assert left >= half + MARGIN - 0.01 and left + w <= half + width / halves - MARGIN + 0.01, \
                        (language, paper, node.text)
                    assert 10 * MM < node.y < height - 14 * MM, (language, paper, node.text)
                assert all(r.x >= 0 and r.x + r.width <= width for r in page.children if isinstance(r, Rect))


def test_french_and_german(tmp_path: Path) -> None:
    """The Anarchy's read-me-first in its other languages: pnp's steps and the game's words."""
    from pnp.render.pdf import render_pdf
    from pnp.compose.readme import read_me_first
    from pnp.kit.pieces import Kit
    from pnp.build.pipeline import BuildOptions, game_fonts, read_art
    from pnp.kit.readme import PrintSettings

    g = game()
    fonts = game_fonts(g)
    expected = {"fr": ["À LIRE EN PREMIER", "126 cartes en 16 séries", "102 marqueurs de contrôle, 17 par compagnie",
                       "Imprimez chaque fichier à 100 % (« taille réelle »)", "Les règles en bref",
                       "La facture du boucher", "2 à 6 joueurs"],
                "de": ["ZUERST LESEN", "126 Karten in 16 Farben", "102 Kontrollmarker, 17 je Kompanie", "Drucke jede Datei mit 100 %",
                       "Die Regeln in Kürze", "Die Metzgerrechnung", "2 bis 6 Spieler"]}
    for language, words in expected.items():
        kit = Kit(g, fonts, read_art(g), language)
        pdf = tmp_path / f"{language}.pdf"
        pdf.write_bytes(render_pdf(read_me_first(kit, "a4", PrintSettings.of(BuildOptions())),
                                   {m.name: m.path for m in fonts.values()}))
        text = squeezed(pdf_text(pdf))
        for w in words:
            assert squeezed(w) in text, (language, w)


def test_only_read_me_first_builds_just_it_the_same_bytes(kit: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    build("--game", str(ROOT), "--only", "read-me-first", "-o", str(out))
    made = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file() and ".cache" not in p.parts)
    assert made == [".pnp-build.json", "print/read-me-first-a3.pdf", "print/read-me-first-a4.pdf",
                    "print/read-me-first-letter.pdf"]
    for paper in PAPERS:  # what it counts needs no other file built
        assert (out / "print" / f"read-me-first-{paper}.pdf").read_bytes() == \
            (kit / "print" / f"read-me-first-{paper}.pdf").read_bytes()
    # built again with nothing changed, it is kept as it was, not written again
    before = {p: p.stat().st_ino for p in (out / "print").iterdir()}
    build("--game", str(ROOT), "--only", "read-me-first", "--force", "-o", str(out))
    assert {p: p.stat().st_ino for p in (out / "print").iterdir()} == before
    # a paper of its own
    build("--game", str(ROOT), "--only", "read-me-first", "--paper", "letter", "--force", "-o", str(tmp_path / "l"))
    assert sorted(p.name for p in (tmp_path / "l" / "print").iterdir()) == ["read-me-first-letter.pdf"]


def test_an_unchanged_read_me_first_is_not_composed_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Keyed by the document it is composed from: built again with nothing changed, it is
    neither composed nor written, and the gallery still says how many pages it has (kept in
    the cache); without that cache entry it is composed again, to the same bytes."""
    import pnp.compose.readme as composing

    out = tmp_path / "out"
    build("--game", str(ROOT), "--only", "read-me-first", "--only", "gallery", "--paper", "a4", "-o", str(out))
    pdf = out / "print" / "read-me-first-a4.pdf"
    first, inode = pdf.read_bytes(), pdf.stat().st_ino
    shown = '<a href="print/read-me-first-a4.pdf">read-me-first-a4.pdf</a> · Read me first · 2 pages'
    assert shown in (out / "index.html").read_text("utf-8") and pages(pdf) == 2
    composed = []
    original = composing.compose_document
    monkeypatch.setattr(composing, "compose_document", lambda *a: composed.append(1) or original(*a))
    build("--game", str(ROOT), "--only", "read-me-first", "--only", "gallery", "--paper", "a4", "--force",
          "-o", str(out))
    assert composed == [] and pdf.stat().st_ino == inode
    assert shown in (out / "index.html").read_text("utf-8")
    for entry in (out / ".cache" / "read-me-first").iterdir():
        entry.unlink()
    build("--game", str(ROOT), "--only", "read-me-first", "--only", "gallery", "--paper", "a4", "--force",
          "-o", str(out))
    assert composed and pdf.read_bytes() == first and shown in (out / "index.html").read_text("utf-8")


def test_the_gallery_links_every_download_and_shows_the_same_steps(kit: Path) -> None:
    from pnp.kit.pieces import Kit
    from pnp.build.pipeline import BuildOptions, game_fonts, read_art
    from pnp.kit.readme import PrintSettings, plain, printing

    page = (kit / "index.html").read_text("utf-8")
    links = set(re.findall(r'href="([^"]+)"', page)) - {"data:,"}  # (the empty icon: no request for one)
    downloads = {p.relative_to(kit).as_posix() for folder in ("print", "tabletopia", "tts", "pod")
                 for p in (kit / folder).rglob("*") if p.is_file()}
    assert len([d for d in downloads if d.startswith("print/")]) == 31
    assert len([d for d in downloads if d.startswith("pod/")]) == 138
    assert downloads | {"data.json"} <= {html.unescape(link) for link in links}
    assert all((kit / html.unescape(link)).is_file() for link in links)
    # the printing steps of each paper: the read-me-first's, word for word
    g = game()
    kit_ = Kit(g, game_fonts(g), read_art(g))
    shown = squeezed(html.unescape(re.sub(r"<[^>]+>", "", page)))
    for paper in PAPERS:
        plan = printing(kit_, paper, PrintSettings.of(BuildOptions()))
        in_pdf = squeezed(pdf_text(kit / "print" / f"read-me-first-{paper}.pdf"))
        steps = [squeezed(plain(p.runs)) for p in plan.steps + plan.assembly]
        assert len(steps) >= 9
        for step in steps:
            assert step in in_pdf and step in shown, (paper, step)
        assert f'<a href="print/read-me-first-{paper}.pdf">' in page


def test_the_gallery_calls_groups_by_their_names(tmp_path: Path) -> None:
    """A back drawn once per group (here one showing the suit's name) is captioned with the
    group's name, never its id; so is each group's heading."""
    game_yaml = make_game(tmp_path / "mini")
    back = game_yaml.parent / "layouts" / "card-back.yaml"
    back.write_text(back.read_text("utf-8").replace('text: "{game.title}"', 'text: "{group.name}"'), "utf-8")
    (game_yaml.parent / "cards" / "north.yaml").write_text(
        (game_yaml.parent / "cards" / "north.yaml").read_text("utf-8").replace("name: {en: North,", "name: {en: The Far North,", 1),
        "utf-8")
    out = tmp_path / "out"
    build("--game", str(game_yaml), "--only", "cards", "--only", "gallery", "-o", str(out))
    page = (out / "index.html").read_text("utf-8")
    assert "back · The Far North" in page and "back · South" in page
    assert "back north" not in page and "back-north" not in re.sub(r'src="[^"]*"', "", page)
    assert re.search(r"<h3>.*The Far North \(\d+\)</h3>", page)


def test_the_examples_have_their_own(tmp_path: Path) -> None:
    """Any game gets one: Anarchipel's and Furia Cartese's, in French, their pieces counted,
    their print files listed with the pages they have, and their rules in brief."""
    cases = {
        "anarchipel": ["À LIRE EN PREMIER", "108 tuiles hexagonales", "70 pièces d’or", "28 jetons gouvernail",
                       "Les règles en bref", "Fin de manche", "16 trombones"],
        "furia-cartese": ["À LIRE EN PREMIER", "3 champs de bataille", "71 pions d’unités en 6 armées",
                          "10 jetons de cohésion", "Les règles en bref", "Désordre et moral",
                          "impriment chacun un plateau en 4 parties (2 × 2)"],
    }
    for name, words in cases.items():
        out = tmp_path / name
        build("--game", str(ROOT / "examples" / name), "--paper", "a4", "--format", "pdf", "--only", "read-me-first",
              *[arg for part in _print_parts(ROOT / "examples" / name) for arg in ("--only", part)],
              "-o", str(out))
        path = out / "print" / "read-me-first-a4.pdf"
        assert pages(path) == 2
        text = re.sub(r"\s+", " ", pdf_text(path))
        for w in words:
            assert squeezed(w) in squeezed(text), (name, w)
        for pdf in sorted((out / "print").glob("*.pdf")):
            assert pdf.name in text, (name, pdf.name)
            if not pdf.name.startswith("read-me-first"):
                found = re.search(re.escape(pdf.name) + r" (\d+) ", text)
                assert found and int(found.group(1)) == pages(pdf), (name, pdf.name)


def _print_parts(folder: Path) -> list[str]:
    from pnp.build.pipeline import parts_of

    g = game(folder / "game.yaml")
    return [p for p in parts_of(g) if p not in ("tabletopia", "tts", "pod", "gallery", "read-me-first")]


def test_what_the_schema_cannot_see_is_a_warning(tmp_path: Path) -> None:
    from pnp.kit.readme import problems

    copy = broken_example(ROOT, tmp_path / "game", "game.yaml", "money: {en: \"{count} money cards\",",
                          "cash: {en: \"{count} money cards\",")
    broken_example(ROOT, copy, "game.yaml", "aid: {en: \"{count} player aids\", fr: \"{count} aides de jeu\", ",
                   "aid: {en: \"{count} player aids ☃\", it: \"{count} aiuti\", ")
    broken_example(ROOT, copy, "game.yaml", "- heading: {en: The end, fr: La fin de la partie, de: Spielende}",
                   "- heading: {fr: La fin de la partie, de: Spielende}")
    found = problems(game(copy / "game.yaml"))
    assert "readme.contents.cash: the game has no printed set called so" in found
    assert "readme.contents.aid: 'it' is not one of the game's languages (en, fr, de)" in found
    assert any(p.startswith("readme.contents.aid: font SourceSansPro-Regular has no glyph for '☃'") for p in found)
    assert "readme.rules[5].heading has no 'en' text (the game's first language)" in found
    for folder in (ROOT, ROOT / "examples" / "anarchipel", ROOT / "examples" / "furia-cartese"):
        assert problems(game(folder / "game.yaml")) == [], folder
    # a key the schema does not know is an error where it is
    broken_example(ROOT, copy, "game.yaml", "  colour: \"#8a2f1f\"", "  color: \"#8a2f1f\"")
    result = CliRunner().invoke(main, ["validate", "--game", str(copy)], catch_exceptions=False)
    assert result.exit_code == 1 and "readme" in result.output and "'color'" in result.output
