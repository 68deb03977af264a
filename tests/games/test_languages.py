"""Kits in every language a game declares: `pnp build --lang`, what is translated (`pnp stats
--lang`), and the work two languages share."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
from click.testing import CliRunner

from conftest import MINI_SETS, make_game
from pnp.cli import main


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def pdf_text(path: Path) -> str:
    doc = pdfium.PdfDocument(str(path))
    try:
        return "\n".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
    finally:
        doc.close()


def test_each_language_builds_into_its_own_folder(tmp_path: Path) -> None:
    game = make_game(tmp_path / "mini")
    out = tmp_path / "out"
    result = run("build", "--game", str(game), "-o", str(out), "--lang", "all", "--only", "cards",
                 "--paper", "a4", "--format", "pdf,png")
    assert result.exit_code == 0, result.output
    assert f"into {out} in" in result.output and f"into {out / 'fr'} in" in result.output
    english, french = pdf_text(out / "print" / "cards-a4.pdf"), pdf_text(out / "fr" / "print" / "cards-a4.pdf")
    assert "King" in english and "Roi" not in english
    assert "Roi" in french and "Reine" in french and "Règne sur le nord." in french
    for word in ("King", "Queen", "Rules the north", "Guards", "Fleet"):
        assert word not in french
    # the same layout in both: the same files in the same places
    english_files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*")
                           if p.is_file() and not p.relative_to(out).as_posix().startswith(("fr/", ".")))
    french_files = sorted(p.relative_to(out / "fr").as_posix() for p in (out / "fr").rglob("*")
                          if p.is_file() and not p.relative_to(out / "fr").as_posix().startswith("."))
    assert english_files == french_files
    # what does not change with the language is drawn once: the French build links it
    back, french_back = out / "png" / "cards" / "back.png", out / "fr" / "png" / "cards" / "back.png"
    assert back.read_bytes() == french_back.read_bytes()
    assert back.stat().st_ino == french_back.stat().st_ino
    king, roi = out / "png" / "cards" / "king.png", out / "fr" / "png" / "cards" / "king.png"
    assert king.stat().st_ino != roi.stat().st_ino and king.read_bytes() != roi.read_bytes()

    # building the first language again leaves the others' folders as they are
    result = run("build", "--game", str(game), "-o", str(out), "--only", "cards", "--paper", "a4",
                 "--format", "pdf,png", "--force")
    assert result.exit_code == 0, result.output
    assert (out / "fr" / "print" / "cards-a4.pdf").read_text("latin-1") and french_back.is_file()
    # and nothing changed since: each language says so
    result = run("build", "--game", str(game), "-o", str(out), "--lang", "all", "--only", "cards",
                 "--paper", "a4", "--format", "pdf,png")
    assert result.output == (f"{out} is up to date: nothing changed since its last build\n"
                             f"{out / 'fr'} is up to date: nothing changed since its last build\n")


def test_each_languages_gallery_links_the_others(tmp_path: Path) -> None:
    """Every link between the galleries of `--lang all` opens the other language's gallery."""
    import re

    game = make_game(tmp_path / "mini")
    out = tmp_path / "out"
    result = run("build", "--game", str(game), "-o", str(out), "--lang", "all", "--only", "cards", "--only", "gallery",
                 "--paper", "a4", "--format", "png")
    assert result.exit_code == 0, result.output
    galleries = {"en": out / "index.html", "fr": out / "fr" / "index.html"}

    def links_open_the_others() -> None:
        for language, gallery in galleries.items():
            nav = re.search(r'<nav class="languages">(.*?)</nav>', gallery.read_text("utf-8")).group(1)
            links = dict((lang, href) for href, lang in re.findall(r'<a href="([^"]+)" hreflang="([^"]+)"', nav))
            assert sorted(links) == sorted(set(galleries) - {language})
            for other, href in links.items():
                assert (gallery.parent / href).resolve() == galleries[other].resolve() and galleries[other].is_file()
            assert f'<strong lang="{language}">' in nav

    links_open_the_others()
    # the first language built again alone still links the French gallery it finds beside it
    result = run("build", "--game", str(game), "-o", str(out), "--only", "cards", "--only", "gallery",
                 "--paper", "a4", "--format", "png", "--force")
    assert result.exit_code == 0, result.output
    links_open_the_others()
    # a kit built alone links no gallery that is not there
    result = run("build", "--game", str(game), "-o", str(tmp_path / "alone"), "--only", "gallery", "--paper", "a4",
                 "--format", "png")
    assert result.exit_code == 0, result.output
    assert "<nav" not in (tmp_path / "alone" / "index.html").read_text("utf-8")


def test_one_other_language_alone(tmp_path: Path) -> None:
    game = make_game(tmp_path / "mini")
    out = tmp_path / "out"
    result = run("build", "--game", str(game), "-o", str(out), "--lang", "fr", "--only", "aid", "--paper", "a4",
                 "--format", "pdf")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == ["fr"]
    text = pdf_text(out / "fr" / "print" / "aid-a4.pdf")
    assert "Votre tour" in text and "Your turn" not in text


def test_a_language_the_game_does_not_declare_is_a_usage_error(tmp_path: Path) -> None:
    game = make_game(tmp_path / "mini")
    result = run("build", "--game", str(game), "-o", str(tmp_path / "out"), "--lang", "de")
    assert result.exit_code == 2
    assert "Error: --lang de: the game declares en, fr (or all for every one)" in result.output
    assert not (tmp_path / "out").exists()


def test_stats_shows_what_is_translated(tmp_path: Path) -> None:
    game = make_game(tmp_path / "mini")
    south = game.parent / "cards" / "south.yaml"
    south.write_text(south.read_text("utf-8").replace("name: {en: Queen, fr: Reine}", "name: Queen"), "utf-8")
    result = run("stats", "--game", str(game), "--lang")
    assert result.exit_code == 0, result.output
    assert result.output == (
        "Mini: what is translated (items with every printed string, and strings)\n"
        "                     en          fr\n"
        "cards            7 of 7      6 of 7\n"
        "board            2 of 2      2 of 2\n"
        "money            3 of 3      3 of 3\n"
        "turn-tokens      3 of 3      3 of 3\n"
        "aid              1 of 1      1 of 1\n"
        "strings      103 of 103  102 of 103\n")


def test_a_game_in_one_language_has_nothing_to_translate() -> None:
    result = run("stats", "--game", "examples/furia-cartese", "--lang")
    assert result.output == "Furia Cartese is printed in one language (fr): nothing to translate\n"


def svg_texts(path: Path) -> list[str]:
    import xml.etree.ElementTree as ET

    return ["".join(t.itertext()) for t in ET.parse(path).iter("{http://www.w3.org/2000/svg}text")]


def test_the_anarchy_in_french_and_german_has_no_english_card_text(tmp_path: Path) -> None:
    from pnp.checks.validate import validate

    root = Path(__file__).resolve().parents[2]
    out = tmp_path / "out"
    result = run("build", "--game", str(root), "-o", str(out), "--lang", "all", "--only", "cards",
                 "--only", "tokens", "--paper", "a4", "--format", "pdf,svg,png", "-q")
    assert result.exit_code == 0, result.output
    game = validate(root / "game.yaml").game
    sheets = {lang: pdf_text(out / lang / "print" / "cards-a4.pdf") for lang in ("fr", "de")}
    differ = 0
    for item in game.sets["cards"].items:
        for lang in ("fr", "de"):
            card = svg_texts(out / lang / "svg" / "cards" / f"{item.id}.svg")
            shown = " ".join(card)
            for field in ("name", "note"):
                english, translated = item.fields[field].get("en"), item.fields[field].get(lang)
                assert translated.split(" ")[0] in shown, f"{item.id}: no {lang} {field}"
                if translated == english:
                    continue  # a name the same in every language (Alivardi Khan)
                differ += 1
                if field == "name":
                    assert english not in card, f"{item.id}: its English name on the {lang} card"
                else:  # the first words of the English note, where the translation does not share them
                    opening = " ".join(english.split(" ")[:3])
                    assert opening in translated or opening not in shown, f"{item.id}: English note on the {lang} card"
            assert card[0] in sheets[lang]  # the print sheets show the same card
    assert differ > 2 * 150  # every note, and many names, differ from the English in both languages
    # what does not depend on the language is the same file in every kit, drawn once
    # (the print sheets differ: their labels are in the kit's language; so do the SVGs, each kit's
    # fonts subset to the characters of all its pages)
    for relative in ("png/cards/back.png", "png/tokens/turn-eic.png", "png/tokens/marker-voc.png",
                     "png/tokens/turn-tokens-back.png"):
        first = out / relative
        for lang in ("fr", "de"):
            other = out / lang / relative
            assert other.read_bytes() == first.read_bytes(), relative
            assert other.stat().st_ino == first.stat().st_ino, relative


def test_what_is_translated_comes_back_from_the_checks_beside_a_build(tmp_path: Path) -> None:
    """A build's checks run in a process of their own: the lines of what each language lacks
    come back with their problems (the build's process does not work them out again), the
    same as a validation in one process says, and a validation after the build shows them."""
    from pnp.checks.validate import start_validation, validate

    game = make_game(tmp_path / "mini")
    south = game.parent / "cards" / "south.yaml"
    south.write_text(south.read_text("utf-8").replace("name: {en: Queen, fr: Reine}", "name: Queen"), "utf-8")
    line = "fr: 6 of 7 cards, 1 string missing"
    validation = start_validation(game, later=True)
    assert validation._beside != []  # (the checks are running beside)
    assert validation().languages == (line,)
    assert validate(game).languages == (line,)
    result = run("build", "--game", str(game), "--only", "aid", "--format", "pdf", "--paper", "a4", "-q")
    assert result.exit_code == 0, result.output
    result = run("validate", "--game", str(game))
    assert result.exit_code == 0, result.output
    assert result.output.endswith(f"{MINI_SETS}: 0 errors, 1 warning\n{line}\n")
