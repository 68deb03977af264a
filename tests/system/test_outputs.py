"""What pnp build writes for the cards: every file, its size in mm or pixels, and the same
bytes on every build."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner
from PIL import Image

from pnp.cli import main

from conftest import ROOT, digests

CARD_IDS = None


def card_ids() -> list[str]:
    from pnp.checks.validate import validate

    game = validate(ROOT / "game.yaml").game
    return [card.id for card in game.sets["cards"].items]


def test_every_output_is_there(kit: Path) -> None:
    ids = card_ids()
    assert len(ids) == 126
    print_files = sorted(p.name for p in (kit / "print").iterdir())
    assert print_files == sorted([f"{part}-{kind}{paper}.pdf" for paper in ("a4", "letter", "a3")
                                  for kind in ("", "backs-") for part in ("cards", "money", "tokens")]
                                 + ["board-a3.pdf", "board-a4.pdf", "board-letter.pdf"]
                                 + ["duplex-test-a3.pdf", "duplex-test-a4.pdf", "duplex-test-letter.pdf"]
                                 + ["read-me-first-a3.pdf", "read-me-first-a4.pdf", "read-me-first-letter.pdf"]
                                 + ["rules-a4.pdf", "rules-booklet-a4.pdf", "rules-booklet-letter.pdf",
                                    "rules-letter.pdf"])
    assert sorted(p.stem for p in (kit / "svg" / "money").glob("*.svg")) == ["1", "10", "2", "20", "5", "back", "blank"]
    assert sorted(p.stem for p in (kit / "png" / "tokens").glob("*.png")) == sorted(
        [f"{kind}-{c}" for kind in ("turn", "marker") for c in ("eic", "voc", "estado", "cdi", "dac", "soic")]
        + ["turn-tokens-back", "aid", "aid-back"])  # (the player aid shares the tokens' print file)
    assert (kit / "svg" / "board.svg").is_file() and (kit / "png" / "board.png").is_file()
    assert sorted(p.stem for p in (kit / "svg" / "cards").glob("*.svg")) == sorted(ids + ["back"])
    assert sorted(p.stem for p in (kit / "png" / "cards").glob("*.png")) == sorted(ids + ["back"])
    sheets = sorted(p.name for p in (kit / "svg" / "sheets").glob("*.svg"))
    # fronts and backs of every print sheet: cards, money, and the tokens with the aid on A4, Letter
    # and A3 (the tokens and the aids one sheet on A3, three on A4 and Letter)
    assert len(sheets) == 2 * ((14 + 16 + 7) + (2 + 3 + 1) + (3 + 3 + 1))
    assert "cards-a4-01.svg" in sheets and "cards-a3-07.svg" in sheets and "cards-backs-letter-16.svg" in sheets
    assert "money-backs-a4-02.svg" in sheets and "tokens-a3-01.svg" in sheets and "tokens-letter-03.svg" in sheets
    assert (kit / "png" / "contact-sheet.png").is_file()
    assert not list(kit.rglob("*.tmp"))


def test_svg_sizes_are_in_mm(kit: Path) -> None:
    card = (kit / "svg" / "cards" / "shah-alam-ii.svg").read_text("utf-8")
    assert re.search(r'<svg [^>]*height="88.9mm"', card) and re.search(r'<svg [^>]*width="63.5mm"', card)
    assert 'viewBox="0 0 180 252"' in card
    a3 = (kit / "svg" / "sheets" / "cards-a3-01.svg").read_text("utf-8")
    assert re.search(r'<svg [^>]*height="297mm"', a3) and re.search(r'<svg [^>]*width="420mm"', a3)


def test_svg_draws_text_as_outlines_under_invisible_text(kit: Path) -> None:
    card = (kit / "svg" / "cards" / "red-fort.svg").read_text("utf-8")
    # the words are there to find and select, invisible, in the font's family held to its width
    assert re.search(r'<text fill-opacity="0" font-family="\'Source Serif Pro\', serif" font-size="[\d.]+" '
                     r'font-weight="700" lengthAdjust="spacingAndGlyphs" text-anchor="middle" textLength="[\d.]+" '
                     r'x="[\d.]+" xml:space="preserve" y="[\d.]+">Red Fort</text>', card)
    assert "Shah Jahan" in card
    # what is seen: each letter's outline, defined once, placed where the PDF prints it
    assert "@font-face" not in card and "<style" not in card
    glyphs = re.findall(r'<path d="m[^"]+" id="(G\d+\.[0-9a-f]+)" />', card)
    assert len(glyphs) == len(set(glyphs)) > 26
    assert set(re.findall(r'<use xlink:href="#(G[^"]+)"', card)) == set(glyphs)
    assert "<image" not in card  # no pictures of text


def test_pdfs_embed_every_font_they_use(kit: Path) -> None:
    from pypdf import PdfReader

    def resources(page):
        yield page["/Resources"]
        for xobject in page["/Resources"].get("/XObject", {}).values():
            xobject = xobject.get_object()
            if "/Resources" in xobject:
                yield xobject["/Resources"]

    for pdf in (kit / "print").glob("cards-*.pdf"):
        reader = PdfReader(pdf)
        fonts = set()
        for page in reader.pages[:2]:
            for font in (f for res in resources(page) for f in res.get("/Font", {}).values()):
                font = font.get_object()
                descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"] if "/DescendantFonts" in font \
                    else font.get("/FontDescriptor")
                assert descriptor is not None, (pdf.name, font["/BaseFont"])
                descriptor = descriptor.get_object()
                assert "/FontFile2" in descriptor, (pdf.name, font["/BaseFont"])
                fonts.add(str(font["/BaseFont"]).split("+")[-1])
        # faces use the heading and note fonts; the back the heading and body fonts
        expected = {"SourceSerifPro-Bold", "SourceSansPro-Regular"} if "backs" in pdf.name else \
            {"SourceSerifPro-Bold", "SourceSerifPro-It"}
        assert expected <= fonts, pdf.name


def test_pngs_are_750_by_1050_at_300_dpi(kit: Path) -> None:
    for path in sorted((kit / "png" / "cards").glob("*.png")):
        with Image.open(path) as image:
            assert image.size == (750, 1050), path.name
            assert image.mode == "RGB"
            assert round(image.info["dpi"][0]) == 300
    with Image.open(kit / "png" / "contact-sheet.png") as sheet:
        # 126 faces in 14 columns and 9 rows of 188 x 263 px thumbnails (a quarter of 750 x 1050), 8 px apart
        assert sheet.size == (14 * 196 + 8, 9 * 271 + 8)
        assert sheet.getpixel((8 + 94, 8 + 130)) != (255, 255, 255) and sheet.getpixel((4, 4)) == (255, 255, 255)


def test_two_builds_are_byte_identical(kit: Path, tmp_path: Path) -> None:
    again = tmp_path / "again"
    result = CliRunner().invoke(main, ["build", "--game", str(ROOT), "-o", str(again)], catch_exceptions=False)
    assert result.exit_code == 0

    first, second = digests(kit), digests(again)
    cards = 6 + 2 * 37 + 127 + 127 + 1  # PDFs, SVG sheets, SVG and PNG faces and back, the contact sheet
    board = 3 + 1 + 1
    money, tokens = 6 + 2 * 6 + 7 + 7, 6 + 2 * 7 + 15 + 15  # (the tokens' faces and backs, and the aid's)
    exports = (150 + 2 + 1) + (5 + 16 + 1 + 1) + 138 + 1  # tabletopia, tts (sheets, tokens' and boards' images,
    # each with its copy of the rulebook), pod (the order's two files among them), gallery
    duplex_test, read_me_first, rules = 3, 3, 4  # (the rulebook and its booklet on A4 and Letter)
    assert len(first) == (cards + board + money + tokens + exports + duplex_test + read_me_first + rules
                          + 1 + 1)  # data.json, .pnp-build.json
    assert first == second


def test_build_summary_and_options(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["build", "--game", str(ROOT), "--only", "cards", "--paper", "a3",
                                       "--format", "svg", "-o", str(tmp_path / "o")], catch_exceptions=False)
    assert result.exit_code == 0
    assert re.fullmatch(r"built 141 SVG, 1 other \([\d.]+ MB\) into \S+ in [\d.]+ s\n", result.stdout)
    assert not (tmp_path / "o" / "print").exists()
    bad = CliRunner().invoke(main, ["build", "--game", str(ROOT), "--format", "pdf,gif"])
    assert bad.exit_code == 2 and "gif: choose from pdf, svg, png" in bad.output
    bad = CliRunner().invoke(main, ["build", "--game", str(ROOT), "--bleed", "3 furlongs"])
    assert bad.exit_code == 2 and "is not a length" in bad.output
    # the same build with --svg-text paths: no text, no fonts, every line an outlined path
    result = CliRunner().invoke(main, ["build", "--game", str(ROOT), "--only", "cards", "--paper", "a3",
                                       "--format", "svg", "--svg-text", "paths", "-o", str(tmp_path / "o")],
                                catch_exceptions=False)
    assert result.exit_code == 0 and "up to date" not in result.output
    card = (tmp_path / "o" / "svg" / "cards" / "red-fort.svg").read_text("utf-8")
    assert "<text" not in card and "@font-face" not in card and 'aria-label="Red Fort"' in card
    sheet = (tmp_path / "o" / "svg" / "sheets" / "cards-a3-01.svg").read_text("utf-8")
    assert "<text" not in sheet and "<path d=" in sheet


def test_card_art_fills_the_picture_area(mini: Path, tmp_path: Path) -> None:
    # a picture twice as wide as the box: it is scaled to cover the box and centred
    art = Image.new("RGB", (400, 140), "#c03020")
    art.paste(Image.new("RGB", (100, 140), "#2030c0"), (0, 0))  # a blue band at the far left, cropped away
    (mini / "art").mkdir()
    art.save(mini / "art" / "king.png")
    north = mini / "cards" / "north.yaml"
    north.write_text(north.read_text().replace("    note: {en: Rules the north., fr: Règne sur le nord.}",
                                                    "    note: {en: Rules the north., fr: Règne sur le nord.}\n    art: art/king.png"))
    result = CliRunner().invoke(main, ["build", "--game", str(mini), "--format", "png", "-o", str(tmp_path / "o")],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    with Image.open(tmp_path / "o" / "png" / "cards" / "king.png") as king:
        # the centre of the picture box (31.75 mm, 30.25 mm) and near its left edge (6 mm) are red
        assert king.getpixel((375, 357)) == (0xC0, 0x30, 0x20)
        assert king.getpixel((71, 357)) == (0xC0, 0x30, 0x20)
    with Image.open(tmp_path / "o" / "png" / "cards" / "prince.png") as prince:
        assert prince.getpixel((375, 357)) != (0xC0, 0x30, 0x20)  # no art: the emblem


def test_markup_characters_come_out_right_in_svg_and_html(mini: Path, tmp_path: Path) -> None:
    import xml.etree.ElementTree as ET

    name = 'Tom & "Jerry" <Ltd>'
    north = mini / "cards" / "north.yaml"
    north.write_text(north.read_text().replace("name: {en: Guards, fr: Gardes}", f"name: '{name}'"))
    result = CliRunner().invoke(main, ["build", "--game", str(mini), "--only", "cards", "--only", "gallery",
                                       "--format", "svg,png", "-o", str(tmp_path / "o")], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    tree = ET.parse(tmp_path / "o" / "svg" / "cards" / "guards.svg")  # well-formed XML
    texts = ["".join(t.itertext()) for t in tree.iter("{http://www.w3.org/2000/svg}text")]
    assert name in texts
    page = (tmp_path / "o" / "index.html").read_text("utf-8")
    assert "Tom &amp; &quot;Jerry&quot; &lt;Ltd&gt;" in page and name not in page


def test_an_earlier_output_is_kept_only_at_the_size_its_build_recorded(tmp_path: Path) -> None:
    """A build keeps a file an earlier build left when it is drawn from the same content and
    still has the size that build recorded: one changed since (a byte more or less) is drawn
    again, as is one gone."""
    from pnp.build.outputs import Outputs

    (tmp_path / "png").mkdir()
    (tmp_path / "png" / "a.png").write_bytes(b"12345")
    record = {"png/a.png": ("key-a", 5), "png/gone.png": ("key-g", 3)}

    def outputs() -> Outputs:
        made = Outputs(tmp_path, {}, None, None)
        made.previous = dict(record)
        return made

    kept = outputs()
    assert kept.earlier_key("png/a.png") == "key-a"
    assert kept.reusable("png/a.png", "key-a") is True
    assert (kept.result.kept, kept.result.files, kept.keys) == ({"png/a.png": 5}, ["png/a.png"], {"png/a.png": "key-a"})
    assert kept.earlier_key("png/gone.png") is None and kept.earlier_key("png/b.png") is None
    assert outputs().reusable("png/a.png", "key-b") is False  # drawn from other content
    for changed in (b"123456", b"1234"):
        (tmp_path / "png" / "a.png").write_bytes(changed)
        again = outputs()
        assert again.earlier_key("png/a.png") is None
        assert again.reusable("png/a.png", "key-a") is False
        assert (again.result.kept, again.result.files, again.keys) == ({}, [], {})


def test_a_build_after_a_set_is_renamed_leaves_what_a_build_from_nothing_does(mini: Path, tmp_path: Path) -> None:
    """The renamed set's folders (png/money/, svg/money/, tabletopia/money/), emptied of the
    files the new build no longer makes, go with them: the output is the tree a clean build
    makes, file for file and folder for folder (the cache aside, which keeps what it kept)."""
    def build(out: Path) -> None:
        result = CliRunner().invoke(main, ["build", "--game", str(mini), "--paper", "a4", "-o", str(out)],
                                    catch_exceptions=False)
        assert result.exit_code == 0, result.output

    def tree(out: Path) -> list[str]:
        return sorted(p.relative_to(out).as_posix() + ("/" if p.is_dir() else "") for p in out.rglob("*")
                      if p.relative_to(out).parts[0] != ".cache")

    build(tmp_path / "out")
    assert {"png/money/", "svg/money/", "tabletopia/money/"} <= set(tree(tmp_path / "out"))
    manifest, checks = mini / "game.yaml", mini / "checks.yaml"
    manifest.write_text(manifest.read_text().replace("\n  money:\n", "\n  coins:\n"))
    checks.write_text(checks.read_text().replace("  for: money\n", "  for: coins\n"))
    build(tmp_path / "out")
    build(tmp_path / "clean")
    assert "png/coins/" in tree(tmp_path / "clean") and "png/money/" not in tree(tmp_path / "clean")
    assert tree(tmp_path / "out") == tree(tmp_path / "clean")
