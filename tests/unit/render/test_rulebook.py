"""pnp.render.rulebook: a rulebook typeset into a PDF, read back with pypdf and pypdfium2 on
small rulebooks of the mini game: page sizes (A4 or Letter in two columns, A5 or half-Letter
pages two to a side of a booklet's sheets, padded to a multiple of four), the contents' page
numbers, the pieces drawn as vector forms, icons drawn inline, fonts embedded, French no-break
spaces, and the same bytes on every run."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pypdf
import pypdfium2
import pytest

from conftest import make_game
from pnp.build.pipeline import game_fonts
from pnp.impose.paper import PAPERS
from pnp.kit.pieces import Kit
from pnp.kit.rulebook import pictured_pieces, resolve
from pnp.load.game import load_game
from pnp.load.rulebook import read_rulebook
from pnp.render.rulebook import BOOKLET_PAGES, Look, font_variants, rulebook_look, typeset
from pnp.units import mm

A4 = (PAPERS["a4"].width, PAPERS["a4"].height)
LETTER = (PAPERS["letter"].width, PAPERS["letter"].height)
A5 = BOOKLET_PAGES["a4"]
HALF_LETTER = BOOKLET_PAGES["letter"]

BOOK = """\
# Mini {#mini}

Intro :crown: text.

## Set-up {#setup}

![The king](cards:king cards:keep+cards:prince)

\\newpage

\\newpage

## Turn {#turn}

Play **now**.
"""


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory):
    folder = make_game(tmp_path_factory.mktemp("rulebook") / "mini").parent
    found, problems = load_game(folder / "game.yaml")
    assert found is not None and problems == []
    return found


@pytest.fixture(scope="module")
def kits(game):
    return {language: Kit(game, game_fonts(game), {}, language) for language in ("en", "fr")}


def typeset_text(kits, text: str, page_size=A4, booklet=None, language: str = "en", icons=None) -> bytes:
    """`text` read, worked out on the mini game and typeset in `language` (its PDF; the pages
    typeset says it has are the PDF's pages, or for a booklet the A5 pages it imposes)."""
    kit = kits.get(language, kits["en"])  # (a language the mini game has not: its words are set in it all the same)
    book, problems = read_rulebook(text, f"rules/{language}.md", language)
    assert problems == []
    worked, findings = resolve(kit.game, book)
    assert findings == []
    look = rulebook_look(kit, pictured_pieces(kit, worked))
    if icons is not None:
        look.icons = icons
    pdf, pages = typeset(worked, look, page_size, booklet)
    sides = len(pypdf.PdfReader(io.BytesIO(pdf)).pages)
    assert sides == pages if booklet is None else sides == -(-pages // 4) * 2
    return pdf


def sizes(pdf: bytes) -> list[tuple[float, float]]:
    return [(round(float(p.mediabox.width), 2), round(float(p.mediabox.height), 2))
            for p in pypdf.PdfReader(io.BytesIO(pdf)).pages]


def page_texts(pdf: bytes) -> list[str]:
    document = pypdfium2.PdfDocument(pdf)
    try:
        return [document[k].get_textpage().get_text_range().replace("\r\n", "\n") for k in range(len(document))]
    finally:
        document.close()


def objects(pdf: bytes) -> list:
    """Every object of the PDF, each once."""
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    found = []
    for number in range(1, int(reader.trailer["/Size"])):
        try:
            found.append(reader.get_object(number))
        except Exception:  # (a free entry)
            continue
    return found


def xobjects(pdf: bytes) -> dict[str, str]:
    """Every XObject by name, with its subtype, nested ones too."""
    found: dict[str, str] = {}
    for obj in objects(pdf):
        resources = obj.get("/Resources") if hasattr(obj, "get") else None
        if resources is not None:
            for name, xobject in resources.get_object().get("/XObject", {}).items():
                found[name] = xobject.get_object()["/Subtype"]
    return found


@pytest.fixture(scope="module")
def a4(kits) -> bytes:
    return typeset_text(kits, BOOK)


def test_an_a4_rulebook_on_a4_pages(a4: bytes) -> None:
    assert sizes(a4) == [(595.28, 841.89)] * 3


def test_the_contents_give_each_sections_page(a4: bytes) -> None:
    """The title heads the book and is not listed; "Turn", forced onto page 3 by two page
    breaks, is listed with 3."""
    first, second, third = page_texts(a4)
    assert first.startswith("Mini\nContents\nSet-up\n1\nTurn\n3\nIntro text.\nSet-up\n")
    assert first.endswith("\nThe king\n1")  # the caption, then the page number
    assert second == "Mini\n2"  # the game's title on a left-hand page, and its number
    assert third == "Turn\nPlay now.\nTurn\n3"  # the section's name on a right-hand one


def test_the_pieces_are_vector_forms_one_per_piece(a4: bytes) -> None:
    found = xobjects(a4)
    assert "/Image" not in found.values()
    assert sorted(name for name in found if name.startswith("/FormXob.F")) == [
        "/FormXob.Fcards_keep", "/FormXob.Fcards_king", "/FormXob.Fcards_prince"]
    assert sorted(name for name in found if name.startswith("/FormXob.Rule")) == [
        "/FormXob.RuleContents1", "/FormXob.RuleContents2", "/FormXob.RulePage1", "/FormXob.RulePage2",
        "/FormXob.RulePage3"]
    assert set(found.values()) == {"/Form"}


def test_icons_are_drawn_inline_at_the_size_of_the_text(kits) -> None:
    drawn = []
    icons = rulebook_look(kits["en"], {}).icons

    def crown(x, y, size, colour):
        drawn.append((x, y, round(size, 2), colour))
        return icons["crown"](x, y, size, colour)

    pdf = typeset_text(kits, "# Mini\n\nA :crown: here.\n\n### Small :crown:\n", icons={"crown": crown})
    assert drawn == [(0, 0, 10.5, "#1f1a17"), (0, 0, 11.55, "#1f1a17")]  # 10 pt body, 11 pt heading, × 1.05
    assert "/Image" not in xobjects(pdf).values()
    assert page_texts(pdf)[0] == "Mini\nA here.\nSmall \n1"
    plain = typeset_text(kits, "# Mini\n\nA :crown: here.\n\n### Small :crown:\n", icons={})
    assert len(plain) < len(pdf)  # an icon the look has not is left out


def test_every_font_is_embedded(a4: bytes) -> None:
    fonts = [obj for obj in objects(a4) if hasattr(obj, "get") and obj.get("/Type") == "/Font"]
    assert fonts and all("/FontFile2" in font["/FontDescriptor"].get_object() for font in fonts)


def test_the_games_fonts_are_embedded_as_subsets(a4: bytes) -> None:
    fonts = {obj["/BaseFont"].split("+")[-1]: obj for obj in objects(a4)
             if hasattr(obj, "get") and obj.get("/Type") == "/Font" and "/FontDescriptor" in obj}
    assert sorted(fonts) == ["SourceSansPro-Bold", "SourceSansPro-Regular", "SourceSerifPro-Bold", "SourceSerifPro-It"]
    assert all("/FontFile2" in font["/FontDescriptor"].get_object() for font in fonts.values())


def test_the_same_bytes_on_every_run(kits, a4: bytes) -> None:
    assert typeset_text(kits, BOOK) == a4


def test_a_booklet_of_a5_pages_two_to_an_a4_side(kits) -> None:
    """Three pages padded to four: two sides of one landscape A4 sheet, the A5 pages side by
    side and centred (4 and 1 on the front, 2 and 3 on the back)."""
    pdf = typeset_text(kits, BOOK, A5, (A4[1], A4[0]))
    assert sizes(pdf) == [(841.89, 595.28)] * 2
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    placed = [re.findall(rb"1 0 0 1 ([\d.]+) ([\d.]+) cm\n/FormXob\.RulePage(\d)", page.get_contents().get_data())
              for page in reader.pages]
    x0 = (A4[1] - 2 * mm(148)) / 2
    assert [[(round(float(x), 2), int(n)) for x, _, n in side] for side in placed] == [
        [(round(x0 + mm(148), 2), 1)], [(round(x0, 2), 2), (round(x0 + mm(148), 2), 3)]]
    front, back = page_texts(pdf)
    assert front.startswith("Mini\nContents\nSet-up\n1\nTurn\n3\n")
    assert back == "Mini\n2\nTurn\nPlay now.\nTurn\n3"
    assert "/Duplex /DuplexFlipShortEdge" in pdf.decode("latin-1")


@pytest.mark.parametrize(("breaks", "sides"), [(0, 2), (3, 2), (4, 4), (7, 4), (8, 6)])
def test_a_booklets_sides_are_its_padded_pages_halved(kits, breaks: int, sides: int) -> None:
    pdf = typeset_text(kits, "# Mini\n\ntext\n" + "\n\\newpage\n\nmore\n" * breaks, A5, (A4[1], A4[0]))
    assert len(page_texts(pdf)) == sides


def test_letter_and_a_half_letter_booklet(kits) -> None:
    assert sizes(typeset_text(kits, "# Mini\n\ntext\n", LETTER)) == [(612.0, 792.0)]
    assert sizes(typeset_text(kits, "# Mini\n\ntext\n", HALF_LETTER, (792.0, 612.0))) == [(792.0, 612.0)] * 2


def test_french_spacing_keeps_its_words_together(kits) -> None:
    """A no-break space (a word space wide: platypus breaks at U+202F) before : ; ! ? and inside
    « »: in a narrow column, no line starts with the sign nor ends with the opening guillemet."""
    text = "# Mini\n\n" + " ".join(f"Note{'e' * (i % 7)} : «oui» ! Quoi{'i' * (i % 5)} ? Voilà ;"
                                    for i in range(40)) + "\n"
    pdf = typeset_text(kits, text, A5, language="fr")
    lines = [line.strip() for line in page_texts(pdf)[0].splitlines()[1:-1]]
    assert len(lines) > 8  # (the text runs over many lines)
    assert not [line for line in lines if line[:1] in ":;!?»" or line.endswith("«")]
    assert "Note : « oui » ! Quoi ? Voilà ;" in " ".join(lines)  # (one space each, as pnp.kit.rulebook puts them)


def test_french_text_is_typeset(kits) -> None:
    pdf = typeset_text(kits, "# Mini\n\nNote : «oui» ! Quoi ?\n", language="fr")
    assert page_texts(pdf)[0] == "Mini\nNote : « oui » ! Quoi ?\n1"


def test_a_rulebook_without_a_title_heading_is_headed_by_the_games(kits) -> None:
    assert page_texts(typeset_text(kits, "Just text.\n"))[0] == "Mini\nJust text.\n1"


def test_font_variants_of_the_body_family() -> None:
    known = {"SourceSansPro-Bold": Path("b.ttf"), "SourceSansPro-It": Path("i.ttf"),
             "SourceSansPro-BoldItalic": Path("bi.ttf"), "Mine-Italic": Path("mi.ttf")}
    found = font_variants({"body": Path("x/SourceSansPro-Regular.ttf"), "heading": Path("h.ttf")}, known.get)
    assert found == {"body": Path("x/SourceSansPro-Regular.ttf"), "heading": Path("h.ttf"),
                     "body-bold": Path("b.ttf"), "body-italic": Path("i.ttf"), "body-bold-italic": Path("bi.ttf")}
    assert font_variants({"body": Path("Other.ttf")}, known.get) == {"body": Path("Other.ttf")}
    assert font_variants({"body": Path("Mine-Book.ttf")}, known.get) == {"body": Path("Mine-Book.ttf"),
                                                                        "body-italic": Path("mi.ttf")}


def test_the_look_of_the_kit(kits) -> None:
    look = rulebook_look(kits["fr"], {})
    assert isinstance(look, Look)
    assert (look.title, look.subtitle, dict(look.words)) == (
        "Mini", None, {"contents": "Sommaire", "example": "Exemple", "note": "Note"})
    assert sorted(look.icons)[:3] == ["castle", "chest", "crossed-swords"]


def test_a_french_examples_title_has_its_no_break_space(kits) -> None:
    pdf = typeset_text(kits, "# Mini\n\n::: example Le tour\nTexte.\n:::\n", language="fr")
    assert "Exemple : Le tour" in page_texts(pdf)[0]
    pdf = typeset_text(kits, "# Mini\n\n::: example The turn\nText.\n:::\n")
    assert "Example: The turn" in page_texts(pdf)[0]


def test_german_breaks_at_compounds_and_prefixes_and_soft_hyphens(kits) -> None:
    """pyphen's German dictionary, read whole, breaks "Farbe" as "Fa-rbe": German words break
    at its first level's points (compounds, prefixes) and where the text says (`\\-`); English
    ones where pyphen says. (pdfium joins a word broken at a line's end, marking the break
    with U+FFFE.)"""
    from pnp.render.rulebook_flow import hyphenator

    def text(words: str, language: str) -> str:
        return page_texts(typeset_text(kits, f"# Mini\n\n{words}\n", A5, language=language))[0]

    german = hyphenator("de")
    assert german("Farbe") == [] and german("Staatsstreich") == [("Staats", "streich")]
    assert german("gegeneinander") == [("gegenein", "ander")]  # (not "gege-n": two breaks a letter apart)
    assert german("Kombination") == [("Kombina", "tion")]
    marked = text(" ".join(f"{'a' * (i % 9 + 1)} Ab\\-lage\\-stapel" for i in range(60)), "de")
    assert "Ab\ufffelagestapel" in marked or "Ablage\ufffestapel" in marked
    unmarked = text(" ".join(f"{'a' * (i % 9 + 1)} Farbe Zugreihenfolge Marionettenregierung" for i in range(30)), "de")
    breaks = set(re.findall(r"(\w+)\ufffe(\w+)", unmarked))
    assert breaks and breaks <= {("Zugreihen", "folge"), ("Marionetten", "regierung"), ("Marionettenre", "gierung")}
    english = text(" ".join(f"{'a' * (i % 9 + 1)} government treasure attacker" for i in range(40)), "en")
    assert "\ufffe" in english  # (pyphen's English breaks)

def test_a_space_after_a_soft_hyphened_run_is_carried_into_the_next() -> None:
    """platypus drops a run's last space when the run holds a soft hyphen: it goes to the next."""
    from pnp.kit.rulebook import IconRun, LineBreak, Run
    from pnp.render.rulebook_flow import _markup

    assert _markup((Run("die Kom\u00adbi\u00adna\u00adtion "), Run("mehr", bold=True), Run(" x")), 10) == \
        "die Kom\u00adbi\u00adna\u00adtion<b> mehr</b> x"
    assert _markup((Run("Staats\u00adstreich "),), 10) == "Staats\u00adstreich "
    assert _markup((Run("Staats\u00adstreich "), IconRun("crown")), 10).startswith(
        "Staats\u00adstreich<span> </span><img ")
    assert _markup((Run("Staats\u00adstreich "), LineBreak(), Run("x")), 10) == "Staats\u00adstreich<br/>x"
    assert _markup((Run("plain "), Run("bold", bold=True)), 10) == "plain <b>bold</b>"


def test_an_icon_after_a_soft_hyphened_word_keeps_the_space_before_it(kits) -> None:
    """A word the writer marked with soft hyphens (`\\-`) and an inline icon after it are set
    a space apart, as the unmarked word and the icon are: the text after the icon starts where
    it does without the soft hyphen, whether the word is plain, bold or ends a line's text.
    (platypus joined them: the German rules once dropped a soft hyphen to keep the space.)"""
    def after_icon(text: str) -> float:
        document = pypdfium2.PdfDocument(typeset_text(kits, f"# Mini\n\n{text}\n", language="de"))
        try:
            page = document[0].get_textpage()
            found = page.get_text_range().index("EINS")
            return page.get_charbox(found)[0]
        finally:
            document.close()

    for before in ("und Schatz{}truhen :chest: EINS", "und **Schatz{}truhen** :chest: EINS",
                   "und Schatz{}truhen :chest::crown: EINS"):
        assert after_icon(before.format("\\-")) == pytest.approx(after_icon(before.format("")), abs=0.01), before


def test_a_paragraph_that_announces_a_table_stays_with_it(kits) -> None:
    """A paragraph ending in a colon and the table it announces are not parted, wherever the
    page ends: pushed down the page by more and more text, they move together."""
    table = "| Bill | Killed |\n|---|---|\n" + "\n".join(f"| {i} | dead |" for i in range(12))
    for lines in range(28, 44, 2):
        filler = "\n\n".join(["Line of filler text to fill the column."] * lines)
        pages = page_texts(typeset_text(kits, f"# Mini\n\n{filler}\n\nThe table says:\n\n{table}\n", A5))
        said = [k for k, page in enumerate(pages) if "The table says:" in page]
        shown = [k for k, page in enumerate(pages) if "Bill" in page]
        assert said == shown, lines


def test_a_boxs_title_stays_with_the_table_it_opens_on(kits) -> None:
    """An example box that opens on a short table (never split) does not leave its title at the
    foot of a page with the table on the next: pushed down by more and more text, the title
    moves with the table. (A box asked only six lines of room before: a title and a
    fifteen-row table parted.)"""
    table = "| Rank | Hexes |\n|---|---|\n" + "\n".join(f"| {i} | G{i}, H{i} |" for i in range(14))
    parted = 0
    for lines in range(20, 44, 2):
        filler = "\n\n".join(["Line of filler text to fill the column."] * lines)
        pages = page_texts(typeset_text(kits, f"# Mini\n\n{filler}\n\n::: example The range\n{table}\n:::\n", A5))
        titled = [k for k, page in enumerate(pages) if "The range" in page]
        shown = [k for k, page in enumerate(pages) if "Rank" in page]
        assert titled == shown, lines
        parted += titled != [0]
    assert parted  # (some of the pushes do carry the box over to the next page)


def test_a_short_table_taller_than_part_of_a_column_is_split_rather_than_moved(kits) -> None:
    """A table of few rows but tall ones (more than TALL of a column) starts where the text
    before it ends, its header repeated over the rest on the next page, rather than moving
    whole and leaving half a page empty; a short, low table still moves whole."""
    cell = " ".join(["a long explanation of an effect"] * 4)
    tall = "| Card | Effect |\n|---|---|\n" + "\n".join(f"| Card {i} | {cell} |" for i in range(12))
    low = "| Card | Effect |\n|---|---|\n" + "\n".join(f"| Card {i} | short |" for i in range(12))
    filler = "\n\n".join(["Line of filler text to fill the column."] * 12)
    pages = page_texts(typeset_text(kits, f"# Mini\n\n{filler}\n\nAfter the filler.\n\n{tall}\n", A5))
    assert "After the filler." in pages[0] and "Card 0" in pages[0]  # (it begins under the text)
    assert pages[1].startswith("Card Effect\nCard 7 ")  # (the rest under its header, repeated)
    filler = "\n\n".join(["Line of filler text to fill the column."] * 30)
    pages = page_texts(typeset_text(kits, f"# Mini\n\n{filler}\n\nAfter the filler.\n\n{low}\n", A5))
    parts = [k for k, page in enumerate(pages) if "Card 0" in page or "Card 11" in page]
    assert len(set(parts)) == 1  # (the low table whole on one page)
