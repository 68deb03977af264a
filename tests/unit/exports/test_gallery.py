"""pnp.exports.gallery: out/index.html, a section a set (its pieces by group, with their
swatch and count, their backs by their group's name, the deck's contact sheet), the boards,
how to print the kit on each paper (the read-me-first's steps, every file the build made a
link), the Tabletopia objects, the Tabletop Simulator sheets, the print-on-demand files and
every other download; a figure whose picture the build did not make left out."""

from __future__ import annotations

import html
from pathlib import Path
from types import SimpleNamespace

import pytest

from pnp.kit import readme
from pnp.compose import readme as compose_readme
from pnp.exports import gallery
from pnp.exports.gallery import (LANGUAGE_NAMES, back_caption, figure, file_list, galleries, gallery_path,
                                  language_links, made_files, printing_section, runs_html)
from pnp.exports.tabletopia import TabletopiaObject
from pnp.kit.pieces import Board, Piece, PieceSet
from pnp.model.game import Text as Words
from pnp.kit.readme import Paragraph, PrintFile, PrintSettings, Printing, Table
from pnp.scene import Definition, Group
from pnp.words import FileRef, Strong, word

SIZE = (180.0, 252.0)


class Files:
    """A built kit's folder as the gallery sees it (pnp.exports.KitFiles): the files this
    build made or kept, what it writes, and its stages."""

    def __init__(self, out: Path, made: list[str] = ()) -> None:
        self.out = out
        self.made = list(made)
        self.written: dict[str, list[bytes]] = {}
        self.stages: list[tuple[str, int]] = []

    def files(self) -> list[str]:
        return list(self.made)

    def stage(self, label: str, total: int) -> None:
        self.stages.append((label, total))

    def write(self, relative: str, data, key=None) -> None:
        self.written[relative] = list(data)


def on_disk(out: Path, *relative: str) -> list[str]:
    """Files a build left in `out`; returns their names."""
    for r in relative:
        (out / r).parent.mkdir(parents=True, exist_ok=True)
        (out / r).write_bytes(b"x")
    return list(relative)


class Group_:
    """An item's group (pnp.model.game.Group): its id and fields; the gallery keeps pieces by it."""

    def __init__(self, id: str, **fields) -> None:
        self.id = id
        self.fields = fields


def group(id: str, **fields) -> Group_:
    return Group_(id, **fields)


def piece(name: str, group: Group_ | None = None, copies: int = 1, caption: tuple[str, ...] = (),
          back: Definition | None = None, back_name: str | None = None) -> Piece:
    item = SimpleNamespace(id=name, group=group, position=1)
    face = Definition(name, *SIZE, Group(()))
    return Piece(item, name, face, back, back_name, copies, name.title(), caption or (name.title(),))


def pieces(name: str, type: str, *made: Piece, title: object = None, noun: tuple[str, str] = ("card", "cards"),
           boards: list[Board] = ()) -> PieceSet:
    items = list({id(p.item): p.item for p in made}.values())
    groups = list({id(p.item.group): p.item.group for p in made if p.item.group is not None}.values())
    component = SimpleNamespace(name=name, type=type, shape="rect", title=Words.from_data(title or name), noun=noun,
                                group_key="suit" if groups else None, groups=groups, items=items, declaration={})
    return PieceSet(component, list(made), list(boards))


def board(name: str, label: str) -> Board:
    return Board(name, label, lambda: Definition(name, 100, 100, Group(())), ("board", name), 100, 100)


class Kit:
    """A composed kit (pnp.kit.pieces.Kit) as the gallery reads it: its game, language and sets by
    print file."""

    def __init__(self, *groups: tuple[str, list[PieceSet]], language: str = "en",
                 languages: tuple[str, ...] = ("en",)) -> None:
        self.groups = list(groups)
        self.language = language
        self.game = SimpleNamespace(title=Words.from_data({"en": "The <Game>", "fr": "Le Jeu"}), language="en",
                                    languages=languages, documents={}, manifest="game.yaml")

    def print_groups(self) -> list[tuple[str, list[PieceSet]]]:
        return self.groups

    def __iter__(self):
        return iter([s for _, sets in self.groups for s in sets])


def options(*formats: str, papers: tuple[str, ...] = ("a4",), parts: tuple[str, ...] = (),
            languages: tuple[str, ...] = ()) -> SimpleNamespace:
    return SimpleNamespace(formats=formats or ("pdf", "svg", "png"), papers=papers, parts=parts, duplex=False,
                           bleed_for=lambda kind: 0.0, languages=languages)


def page(kit: Kit, files: Files, opts: SimpleNamespace, rows: list[TabletopiaObject] = ()) -> str:
    """The gallery the build writes: its text."""
    gallery.build(kit, files, opts, list(rows))
    assert files.stages == [("gallery", 1)]
    return b"".join(files.written["index.html"]).decode("utf-8")


def sections(text: str) -> list[str]:
    """The page's sections, one a line between the summary and the script."""
    body = text.split("</p>\n", 1)[1].split("\n<script>", 1)[0]
    return body.split("\n") if body else []


# --- the parts -------------------------------------------------------------------------------

def test_a_figure() -> None:
    assert figure("png/cards/a&b.png", "A <b>") == (
        '<figure class=""><img src="png/cards/a&amp;b.png" alt="A &lt;b&gt;" loading="eager">'
        "<figcaption>A &lt;b&gt;</figcaption></figure>")
    assert figure("x.png", ("King × 2", "of <hearts>", "rare"), "piece cards") == (
        '<figure class="piece cards"><img src="x.png" alt="King × 2" loading="eager">'
        "<figcaption>King × 2<br>of &lt;hearts&gt;<br>rare</figcaption></figure>")


def test_runs_as_html() -> None:
    """A file the build made is a link (and counted as linked); one it did not, its name."""
    linked: set[str] = set()
    runs = ("Print ", FileRef("print/cards-a4.pdf"), " & ", FileRef("print/tokens-a4.pdf"), ", ",
            Strong("both <sides>"), ".")
    assert runs_html(runs, {"print/cards-a4.pdf"}, linked) == (
        'Print <a href="print/cards-a4.pdf">cards-a4.pdf</a> &amp; <code>tokens-a4.pdf</code>, '
        "<strong>both &lt;sides&gt;</strong>.")
    assert linked == {"print/cards-a4.pdf"}
    assert runs_html((FileRef("print/a&b.pdf"),), {"print/a&b.pdf"}, linked) == (
        '<a href="print/a&amp;b.pdf">a&amp;b.pdf</a>')


def test_a_list_of_files() -> None:
    linked = {"x"}
    assert file_list(["tts/a b.jpg", "tts/<c>.json"], linked) == (
        '<ul class="files"><li><a href="tts/a b.jpg">tts/a b.jpg</a></li>'
        '<li><a href="tts/&lt;c&gt;.json">tts/&lt;c&gt;.json</a></li></ul>')
    assert linked == {"x", "tts/a b.jpg", "tts/<c>.json"}
    assert file_list([], linked) == '<ul class="files"></ul>'


def test_a_back_by_its_groups_name() -> None:
    north = group("north", name=Words.from_data({"en": "The North", "fr": "Le Nord"}))
    south = group("south", name="Southerners")
    west = group("west")
    cards = pieces("cards", "card", piece("a", north, back_name="back-north"), piece("b", south, back_name="back-south"),
                   piece("c", west, back_name="back-west"), piece("d", back_name="back"),
                   piece("e", north, back_name="e-back"))
    assert back_caption(cards, "back-north", "fr", "en") == "back · Le Nord"
    assert back_caption(cards, "back-north", "de", "en") == "back · The North"  # (the game's language)
    assert back_caption(cards, "back-south", "en", "en") == "back · Southerners"
    assert back_caption(cards, "back-west", "en", "en") == "back · west"
    assert back_caption(cards, "back", "en", "en") == "back"
    assert back_caption(cards, "e-back", "en", "en") == "e back"  # an item's own back, not its group's
    assert back_caption(cards, "back-east", "en", "en") == "back east"  # no piece of that group has it


def test_the_files_of_the_build(tmp_path: Path) -> None:
    """Those it made or kept; a partial build (--only) also those the earlier build left in
    the exports' folders, data.json and the contact sheet's pages."""
    on_disk(tmp_path, "print/cards-a4.pdf", "print/.hidden", "tabletopia/cards/a.jpg", "tts/saved-object.json",
            "pod/cards/a.png", "svg/cards/a.svg", "data.json", "png/contact-sheet-01.png", "png/contact-sheet-02.png",
            "png/cards/a.png", "png/contact-sheet.jpg", "other.txt")
    files = Files(tmp_path, ["png/cards/b.png", "index.html"])
    assert made_files(files, options()) == {"png/cards/b.png", "index.html"}
    assert made_files(files, options(parts=("tts",))) == {
        "png/cards/b.png", "index.html", "print/cards-a4.pdf", "tabletopia/cards/a.jpg", "tts/saved-object.json",
        "pod/cards/a.png", "data.json", "png/contact-sheet-01.png", "png/contact-sheet-02.png"}
    assert made_files(Files(tmp_path / "none"), options(parts=("tts",))) == set()
    (tmp_path / "png" / "contact-sheet.png").mkdir()  # (a folder: no file)
    (tmp_path / "two" / "data.json").mkdir(parents=True)
    on_disk(tmp_path / "two", "tts")  # (a file: no folder)
    assert made_files(Files(tmp_path / "two"), options(parts=("tts",))) == set()


# --- how to print ----------------------------------------------------------------------------

def plan(paper: str, *files: PrintFile, assembly: tuple[Paragraph, ...] = ()) -> Printing:
    """What the read-me-first says of one paper: its steps, table and assembly."""
    steps = (Paragraph(("Print ", files[0].ref, " at ", Strong("100 %"), "."), "1."), Paragraph(("Then <cut>.",), "2."))
    table = Table(("file", "pages", "how"), tuple(((f.ref,), (str(f.pages),), (f.what,)) for f in files),
                  ("left", "right", "left"))
    return Printing(paper, files, steps, table, assembly or (Paragraph(("Fold ", files[-1].ref, "."), "•"),))


@pytest.fixture
def plans(monkeypatch: pytest.MonkeyPatch) -> dict:
    """Each paper's plan (pnp.kit.readme.printing) and read-me-first length, as the gallery asks
    for them: the calls are recorded."""
    found: dict = {"asked": [], "kits": []}

    def printing(kit, paper, settings):
        found["asked"].append(("printing", paper, settings))
        found["kits"].append(kit)
        return found[paper]

    def length(kit, paper, settings):
        found["asked"].append(("length", paper, settings))
        found["kits"].append(kit)
        return found[f"{paper} pages"]

    monkeypatch.setattr(readme, "printing", printing)
    monkeypatch.setattr(compose_readme, "read_me_first_length", length)
    return found


CARDS_A4 = PrintFile("print/cards-a4.pdf", 3, "fronts", "Cards", "card")
BACKS_A4 = PrintFile("print/cards-backs-a4.pdf", 3, "backs", "Cards", "card")
CARDS_LETTER = PrintFile("print/cards-letter.pdf", 4, "one-side", "Cards", "card")


def test_how_to_print_on_each_paper(plans: dict) -> None:
    """A paper's read-me-first and its length, the steps to print it, its files with their
    pages (a file the build made a link) and the sheets in all, and the assembly; the first
    paper open."""
    plans.update({"a4": plan("a4", CARDS_A4, BACKS_A4), "a4 pages": 2,
                  "letter": plan("letter", CARDS_LETTER), "letter pages": 1})
    kit = Kit(language="en")
    linked: set[str] = set()
    made = {"print/read-me-first-a4.pdf", "print/cards-a4.pdf", "print/cards-letter.pdf"}
    opts = options(papers=("a4", "letter"))
    found = printing_section(kit, opts, made, linked)
    settings = PrintSettings.of(opts)
    assert plans["asked"] == [("printing", "a4", settings), ("length", "a4", settings), ("printing", "letter", settings)]
    assert plans["kits"] == [kit, kit, kit]
    assert found == (
        '<section id="print"><h2>Print and play</h2>'
        '<details open><summary>A4</summary>'
        '<p><a href="print/read-me-first-a4.pdf">read-me-first-a4.pdf</a> · Read me first · 2 pages</p>'
        "<h3>Printing on A4</h3>"
        '<ol class="steps"><li>Print <a href="print/cards-a4.pdf">cards-a4.pdf</a> at <strong>100 %</strong>.</li>'
        "<li>Then &lt;cut&gt;.</li></ol>"
        '<div class="scroll"><table><tr><th>file</th><th>pages</th><th>how</th></tr>'
        '<tr><td class=""><a href="print/cards-a4.pdf">cards-a4.pdf</a></td><td class="pages">3</td>'
        '<td class="">Cards</td></tr>'
        '<tr><td class=""><code>cards-backs-a4.pdf</code></td><td class="pages">3</td><td class="">Cards</td></tr>'
        "</table></div>"
        "<p>In all: 5 sheets of A4, 3 of them printed on both sides.</p>"  # (2 its own)
        "<h3>Cutting and assembly</h3>"
        '<ul class="steps"><li>Fold <code>cards-backs-a4.pdf</code>.</li></ul>'
        "</details>"
        '<details><summary>US Letter</summary>'
        "<h3>Printing on US Letter</h3>"
        '<ol class="steps"><li>Print <a href="print/cards-letter.pdf">cards-letter.pdf</a> at <strong>100 %</strong>.'
        "</li><li>Then &lt;cut&gt;.</li></ol>"
        '<div class="scroll"><table><tr><th>file</th><th>pages</th><th>how</th></tr>'
        '<tr><td class=""><a href="print/cards-letter.pdf">cards-letter.pdf</a></td><td class="pages">4</td>'
        '<td class="">Cards</td></tr></table></div>'
        "<p>In all: 4 sheets of US Letter, printed on one side.</p>"
        "<h3>Cutting and assembly</h3>"
        '<ul class="steps"><li>Fold <a href="print/cards-letter.pdf">cards-letter.pdf</a>.</li></ul>'
        "</details></section>")
    assert linked == {"print/read-me-first-a4.pdf", "print/cards-a4.pdf", "print/cards-letter.pdf"}


def test_a_read_me_first_of_one_page_says_page(plans: dict) -> None:
    for language, said in (("en", "1 page"), ("fr", "1 page"), ("de", "1 Seite")):
        plans.update({"a4": plan("a4", CARDS_A4), "a4 pages": 1})
        found = printing_section(Kit(language=language), options(papers=("a4",)),
                                 {"print/read-me-first-a4.pdf", "print/cards-a4.pdf"}, set())
        assert f"</a> · {word(language, 'kicker')} · {said}</p>" in found, language


def test_a_paper_the_build_made_nothing_for_is_left_out(plans: dict) -> None:
    plans.update({"a4": plan("a4", CARDS_A4), "a4 pages": 2, "letter": plan("letter", CARDS_LETTER)})
    kit = Kit(language="fr")
    plans["a3"] = plan("a3", PrintFile("print/cards-a3.pdf", 1, "fronts", "Cards", "card"))
    linked: set[str] = set()
    found = printing_section(kit, options(papers=("a3", "letter", "a4")), {"print/cards-a4.pdf"}, linked)
    assert [a[:2] for a in plans["asked"]] == [("printing", "a3"), ("printing", "letter"), ("printing", "a4")]
    # the first paper shown is open, whichever paper it is; without its read-me-first, no length
    assert found.startswith('<section id="print"><h2>Print and play</h2><details open><summary>A4</summary>'
                            "<h3>Impression sur A4</h3>")
    assert found.count("<details") == 1
    assert "À lire en premier" not in found
    assert linked == {"print/cards-a4.pdf"}
    assert printing_section(kit, options(papers=("letter",)), {"print/cards-a4.pdf"}, set()) == ""


# --- the page --------------------------------------------------------------------------------

def test_a_kit_without_pictures(tmp_path: Path) -> None:
    """The title and what the kit holds; no pictures: said so, and no figure shown."""
    cards = pieces("cards", "card", piece("a", copies=2), piece("b"), title={"en": "cards", "fr": "cartes"})
    text = page(Kit(("cards", [cards])), Files(tmp_path), options("svg"))
    head = text.split("<style>", 1)[0]
    assert head == ('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
                    '<meta name="viewport" content="width=device-width, initial-scale=1">\n<link rel="icon" href="data:,">\n'
                    "<title>The &lt;Game&gt;</title>\n")
    assert "<h1>The &lt;Game&gt;</h1>\n<p>3 cards.</p>\n" in text
    assert sections(text) == [
        "<p>No pictures: build with PNG among the formats to see them here.</p>",
        "<section><h2>Cards</h2><div class=\"grid\"></div></section>"]
    assert text.endswith("</script>\n</body>\n</html>\n")
    assert 'document.body.setAttribute("data-pieces", document.querySelectorAll("figure.piece").length);' in text
    assert 'window.addEventListener("load", function () {\n' in text and "{{" not in text


def test_a_set_its_groups_and_backs(tmp_path: Path) -> None:
    """The deck's figures by group (a swatch of its colour, its name and how many), each
    caption with its copies, the backs by their group's name; the contact sheet linked."""
    north = group("north", name=Words.from_data({"en": "North", "fr": "Nord"}), colour="#112233")
    south = group("south")
    back = Definition("back", *SIZE, Group(()))
    cards = pieces("cards", "card", piece("king", north, 2, ("King", "of the <north>"), back, "back-north"),
                   piece("queen", north, 1, ("Queen",), back, "back-north"),
                   piece("jack", south, 3, ("Jack",), back, "back-south"),
                   piece("joker", None, 1, ("Joker",)), title={"en": "cards", "fr": "cartes"})
    out = tmp_path
    made = on_disk(out, "png/cards/king.png", "png/cards/queen.png", "png/cards/jack.png", "png/cards/joker.png",
                   "png/cards/back-north.png", "png/cards/back-south.png", "png/contact-sheet.png")
    text = page(Kit(("cards", [cards]), language="fr"), Files(out, made), options("png"))
    assert '<html lang="fr">' in text and "<title>Le Jeu</title>" in text
    assert "<h1>Le Jeu</h1>\n<p>7 cards en 2 suits.</p>" in text  # (pnp.kit.readme.contents, in French)
    fig = 'class="piece cards"'
    assert sections(text) == [
        "<section><h2>Cartes</h2>"
        '<p class="contact">Every face at a glance: <a href="png/contact-sheet.png">contact-sheet.png</a></p>'
        '<h3><span class="swatch" style="background:#112233"></span> Nord (2)</h3><div class="grid">'
        f'<figure {fig}><img src="png/cards/king.png" alt="King × 2" loading="eager">'
        "<figcaption>King × 2<br>of the &lt;north&gt;</figcaption></figure>"
        f'<figure {fig}><img src="png/cards/queen.png" alt="Queen" loading="eager">'
        "<figcaption>Queen</figcaption></figure></div>"
        '<h3>south (1)</h3><div class="grid">'
        f'<figure {fig}><img src="png/cards/jack.png" alt="Jack × 3" loading="eager">'
        "<figcaption>Jack × 3</figcaption></figure></div>"
        '<div class="grid">'
        f'<figure {fig}><img src="png/cards/joker.png" alt="Joker" loading="eager">'
        "<figcaption>Joker</figcaption></figure></div>"
        '<h3>Back</h3><div class="grid">'
        '<figure class="back"><img src="png/cards/back-north.png" alt="back · Nord" loading="eager">'
        "<figcaption>back · Nord</figcaption></figure>"
        '<figure class="back"><img src="png/cards/back-south.png" alt="back · south" loading="eager">'
        "<figcaption>back · south</figcaption></figure></div></section>"]


def test_the_pages_of_a_large_decks_contact_sheet(tmp_path: Path) -> None:
    """Only the pages the build made, and only for the kit's largest set of cards."""
    big = pieces("big", "card", *(piece(f"c{i}") for i in range(400)))
    small = pieces("small", "card", piece("s"))
    made = ["png/contact-sheet-01.png", "png/contact-sheet-03.png", "png/contact-sheet.png"]
    text = page(Kit(("small", [small]), ("big", [big])), Files(tmp_path, made), options("png"))
    small_section, big_section = sections(text)
    assert "contact" not in small_section
    assert big_section.startswith(
        '<section><h2>Big</h2><p class="contact">Every face at a glance: '
        '<a href="png/contact-sheet-01.png">contact-sheet-01.png</a> · '
        '<a href="png/contact-sheet-03.png">contact-sheet-03.png</a></p><div class="grid"></div></section>')


def test_tokens_and_sets_sharing_a_print_file(tmp_path: Path) -> None:
    """A token's figure is shown as cut (its type's class); a back of one of several sets in a
    print file is named by its set; a figure without its picture is left out."""
    disc = Definition("disc", 50, 50, Group(()))
    big = pieces("big", "token", piece("a", back=disc, back_name="back"), title="big tokens")
    small = pieces("small", "token", piece("b", back=disc, back_name="back"), piece("c"), title="small tokens")
    made = on_disk(tmp_path, "png/tokens/a.png", "png/tokens/b.png", "png/tokens/small-back.png")
    text = page(Kit(("tokens", [big, small])), Files(tmp_path, made), options("png"))
    assert "<p>1 card, 2 cards.</p>" in text  # (the sets' nouns: a line each)
    assert sections(text) == [
        '<section><h2>Big tokens</h2><div class="grid">'
        '<figure class="piece big token"><img src="png/tokens/a.png" alt="A" loading="eager">'
        "<figcaption>A</figcaption></figure></div>"
        '<h3>Back</h3><div class="grid"></div></section>',
        '<section><h2>Small tokens</h2><div class="grid">'
        '<figure class="piece small token"><img src="png/tokens/b.png" alt="B" loading="eager">'
        "<figcaption>B</figcaption></figure></div>"
        '<h3>Back</h3><div class="grid">'
        '<figure class="back token"><img src="png/tokens/small-back.png" alt="back" loading="eager">'
        "<figcaption>back</figcaption></figure></div></section>"]


def test_boards(tmp_path: Path) -> None:
    """A board set's pictures, wide; a board set without any, nothing."""
    maps = pieces("maps", "board", title="maps", boards=[board("maps-east", "East & West"), board("maps-north", "N")])
    empty = pieces("none", "board", title="none")
    made = on_disk(tmp_path, "png/maps-east.png", "png/maps-north.png")
    text = page(Kit(("maps", [maps]), ("none", [empty])), Files(tmp_path, made), options("png"))
    assert "<p>2 boards.</p>" in text
    assert sections(text) == [
        '<section><h2>Maps</h2><div class="grid">'
        '<figure class="wide"><img src="png/maps-east.png" alt="East &amp; West" loading="eager">'
        "<figcaption>East &amp; West</figcaption></figure>"
        '<figure class="wide"><img src="png/maps-north.png" alt="N" loading="eager">'
        "<figcaption>N</figcaption></figure></div></section>"]


def test_a_figure_without_its_picture_is_left_out(tmp_path: Path) -> None:
    cards = pieces("cards", "card", piece("a&b"), piece("c"), piece("d"))
    on_disk(tmp_path, "png/cards/a&b.png", "png/cards/d.png")
    (tmp_path / "png" / "cards" / "c.png").mkdir()  # (a folder of that name: no picture)
    text = page(Kit(("cards", [cards])), Files(tmp_path), options("png"))
    assert sections(text) == [
        '<section><h2>Cards</h2><div class="grid">'
        '<figure class="piece cards"><img src="png/cards/a&amp;b.png" alt="A&amp;B" loading="eager">'
        "<figcaption>A&amp;B</figcaption></figure>"
        '<figure class="piece cards"><img src="png/cards/d.png" alt="D" loading="eager">'
        "<figcaption>D</figcaption></figure></div></section>"]


def test_pictures_of_an_earlier_build_are_shown(tmp_path: Path) -> None:
    """A build without PNG shows the pictures an earlier one left, and says nothing of their
    absence while a set's folder is there."""
    cards = pieces("cards", "card", piece("a"), piece("b"))
    on_disk(tmp_path, "png/cards/a.png")
    text = page(Kit(("cards", [cards])), Files(tmp_path), options("svg"))
    (only,) = sections(text)
    assert 'src="png/cards/a.png"' in only and "cards/b.png" not in only


def row(name: str, front: str, back: str = "", **more) -> TabletopiaObject:
    return TabletopiaObject(more.get("type", "Token"), name, 20.5, 30, 125, front, back, more.get("quantity", 1),
                            more.get("shape", "rect"))


def test_the_exports(tmp_path: Path) -> None:
    """Tabletopia's objects (their images linked when made) and every file of tabletopia/, the
    Tabletop Simulator sheets (not their backs) and every file of tts/, the print-on-demand
    files, and the rest made for download."""
    made = ["tabletopia/manifest.json", "tabletopia/tokens/a.png", "tabletopia/tokens/back.png",
            "tts/saved-object.json", "tts/deck-1-0a1b2c3d.jpg", "tts/deck-1-back-0a1b2c3d.jpg",
            "tts/deck-back-4e5f6a7b.jpg", "tts/tokens/a.png",
            "pod/cards/a.png", "pod/cards/b.png", "data.json", "print/cards-a4.pdf", "svg/cards/a.svg",
            "png/cards/a.png", "tts-notes.txt", "podcast.txt"]
    rows = [row("A <1>", "tabletopia/tokens/a.png", "tabletopia/tokens/back.png", quantity=3, shape="round"),
            row("B", "tabletopia/tokens/b.png")]
    text = page(Kit(), Files(tmp_path, made), options("png"), rows)
    table, tts, pod, rest = sections(text)
    assert table == (
        '<section><h2>Tabletopia</h2><p>Objects to create, from '
        '<a href="tabletopia/manifest.json">tabletopia/manifest.json</a>:</p>'
        '<div class="scroll"><table><tr><th>type</th><th>name</th><th>mm</th><th>scale</th><th>front</th>'
        "<th>back</th><th>quantity</th><th>shape</th></tr>"
        '<tr><td>Token</td><td>A &lt;1&gt;</td><td>20.5 × 30</td><td>125%</td>'
        '<td><a href="tabletopia/tokens/a.png">tabletopia/tokens/a.png</a></td>'
        '<td><a href="tabletopia/tokens/back.png">tabletopia/tokens/back.png</a></td><td>3</td><td>round</td></tr>'
        "<tr><td>Token</td><td>B</td><td>20.5 × 30</td><td>125%</td><td>tabletopia/tokens/b.png</td><td></td>"
        "<td>1</td><td>rect</td></tr></table></div>"
        "<details><summary>Every file of tabletopia/ (3)</summary>"
        '<ul class="files"><li><a href="tabletopia/manifest.json">tabletopia/manifest.json</a></li>'
        '<li><a href="tabletopia/tokens/a.png">tabletopia/tokens/a.png</a></li>'
        '<li><a href="tabletopia/tokens/back.png">tabletopia/tokens/back.png</a></li></ul></details></section>')
    assert tts == (
        '<section><h2>Tabletop Simulator</h2><p><a href="tts/saved-object.json">tts/saved-object.json</a> uses these '
        'sheets.</p><div class="grid"></div>'
        '<ul class="files"><li><a href="tts/deck-1-0a1b2c3d.jpg">tts/deck-1-0a1b2c3d.jpg</a></li>'
        '<li><a href="tts/deck-1-back-0a1b2c3d.jpg">tts/deck-1-back-0a1b2c3d.jpg</a></li>'
        '<li><a href="tts/deck-back-4e5f6a7b.jpg">tts/deck-back-4e5f6a7b.jpg</a></li>'
        '<li><a href="tts/saved-object.json">tts/saved-object.json</a></li>'
        '<li><a href="tts/tokens/a.png">tts/tokens/a.png</a></li></ul></section>')
    assert pod == (
        "<section><h2>Print on demand</h2><p>2 files in pod/.</p><details><summary>Every file of pod/ (2)</summary>"
        '<ul class="files"><li><a href="pod/cards/a.png">pod/cards/a.png</a></li>'
        '<li><a href="pod/cards/b.png">pod/cards/b.png</a></li></ul></details></section>')
    assert rest == ('<section><h2>More downloads</h2><ul class="files">'
                    '<li><a href="data.json">data.json</a></li>'
                    '<li><a href="print/cards-a4.pdf">print/cards-a4.pdf</a></li></ul></section>')


def test_the_tabletop_simulator_sheets_shown(tmp_path: Path) -> None:
    """The deck sheets (not the sheets of backs, nor a piece's image) are shown; without the
    saved object, the sheets alone."""
    made = on_disk(tmp_path, "tts/deck-1.jpg", "tts/deck-1-back.jpg", "tts/deck-back.jpg", "tts/tokens/a.jpg",
                   "tts/deck-2.jpg")
    (tts,) = sections(page(Kit(), Files(tmp_path, made), options("png")))
    assert tts == (
        '<section><h2>Tabletop Simulator</h2><p>The sheets:</p><div class="grid">'
        '<figure class=""><img src="tts/deck-1.jpg" alt="deck-1.jpg" loading="eager">'
        "<figcaption>deck-1.jpg</figcaption></figure>"
        '<figure class=""><img src="tts/deck-2.jpg" alt="deck-2.jpg" loading="eager">'
        "<figcaption>deck-2.jpg</figcaption></figure></div>"
        '<ul class="files"><li><a href="tts/deck-1-back.jpg">tts/deck-1-back.jpg</a></li>'
        '<li><a href="tts/deck-1.jpg">tts/deck-1.jpg</a></li>'
        '<li><a href="tts/deck-2.jpg">tts/deck-2.jpg</a></li>'
        '<li><a href="tts/deck-back.jpg">tts/deck-back.jpg</a></li>'
        '<li><a href="tts/tokens/a.jpg">tts/tokens/a.jpg</a></li></ul></section>')


def test_tabletopia_objects_without_their_files(tmp_path: Path) -> None:
    """Rows whose files this build did not make: their names, and the manifest's CSV named."""
    (table,) = sections(page(Kit(), Files(tmp_path), options("png"), [row("A", "tabletopia/a.png")]))
    assert table.startswith('<section><h2>Tabletopia</h2><p>Objects to create, from tabletopia/manifest.csv:</p>'
                            '<div class="scroll"><table>')
    assert table.endswith("<td>tabletopia/a.png</td><td></td><td>1</td><td>rect</td></tr></table></div></section>")
    (table,) = sections(page(Kit(), Files(tmp_path, ["tabletopia/manifest.csv", "tabletopia/manifest.json"]),
                             options("png")))
    assert table == (
        '<section><h2>Tabletopia</h2><p>Objects to create, from <a href="tabletopia/manifest.csv">'
        'tabletopia/manifest.csv</a> and <a href="tabletopia/manifest.json">tabletopia/manifest.json</a>:</p>'
        "<details><summary>Every file of tabletopia/ (2)</summary>"
        '<ul class="files"><li><a href="tabletopia/manifest.csv">tabletopia/manifest.csv</a></li>'
        '<li><a href="tabletopia/manifest.json">tabletopia/manifest.json</a></li></ul></details></section>')


def test_the_print_section_comes_first(tmp_path: Path, plans: dict) -> None:
    """With PDF among the formats (or print files an earlier build left), how to print the
    kit, before the sets; its files then no more downloads."""
    plans.update({"a4": plan("a4", CARDS_A4), "a4 pages": 1})
    cards = pieces("cards", "card", piece("a"))
    made = ["print/cards-a4.pdf", "print/read-me-first-a4.pdf", "print/duplex-test-a4.pdf"]
    found = sections(page(Kit(("cards", [cards])), Files(tmp_path, made), options("pdf", "png")))
    assert [s[:40] for s in found] == ['<section id="print"><h2>Print and play</',
                                       '<section><h2>Cards</h2><div class="grid"',
                                       "<section><h2>More downloads</h2><ul clas"]
    assert found[2] == ('<section><h2>More downloads</h2><ul class="files">'
                        '<li><a href="print/duplex-test-a4.pdf">print/duplex-test-a4.pdf</a></li></ul></section>')
    found = sections(page(Kit(("cards", [cards])), Files(tmp_path, made), options("png")))
    assert found[0].startswith('<section id="print">')
    plans["asked"].clear()
    found = sections(page(Kit(("cards", [cards])), Files(tmp_path, ["svg/a.svg"]), options("png")))
    assert plans["asked"] == [] and found == ['<section><h2>Cards</h2><div class="grid"></div></section>']
    plans["a4"] = plan("a4", PrintFile("print/other-a4.pdf", 1, "fronts", "", "card"))
    found = sections(page(Kit(("cards", [cards])), Files(tmp_path, ["svg/a.svg"]), options("pdf")))
    assert found == ["<p>No pictures: build with PNG among the formats to see them here.</p>",
                     '<section><h2>Cards</h2><div class="grid"></div></section>']


def test_written_a_section_at_a_time(tmp_path: Path) -> None:
    cards = pieces("cards", "card", piece("a"))
    files = Files(tmp_path, ["pod/a.png"])
    text = page(Kit(("cards", [cards])), files, options("png"))
    chunks = files.written["index.html"]
    assert len(chunks) == 4  # the head, each section, the tail
    assert chunks[1].startswith(b"<section><h2>Cards") and chunks[2].startswith(b"\n<section><h2>Print on demand")
    assert chunks[3].startswith(b"\n<script>")
    assert html.unescape(text).count("The <Game>") == 2


def test_in_a_language_the_game_does_not_speak(tmp_path: Path) -> None:
    """A set's title, a group's name and a back's caption in the game's own language."""
    north = group("north", name=Words.from_data({"de": "Norden", "en": "North"}))
    back = Definition("back", *SIZE, Group(()))
    cards = pieces("cards", "card", piece("a", north, back=back, back_name="back-north"),
                   title={"de": "karten", "en": "cards"})
    made = on_disk(tmp_path, "png/cards/a.png", "png/cards/back-north.png")
    (found,) = sections(page(Kit(("cards", [cards]), language="it"), Files(tmp_path, made), options("png")))
    assert found.startswith("<section><h2>Cards</h2><h3>North (1)</h3>")
    assert found.endswith('alt="back · North" loading="eager"><figcaption>back · North</figcaption></figure></div>'
                          "</section>")


def test_a_caption_of_several_lines_without_its_picture(tmp_path: Path) -> None:
    cards = pieces("cards", "card", piece("a", caption=("One\ntwo",)), piece("b", caption=("B",)))
    made = on_disk(tmp_path, "png/cards/b.png")
    (found,) = sections(page(Kit(("cards", [cards])), Files(tmp_path, made), options("png")))
    assert found == ('<section><h2>Cards</h2><div class="grid">'
                     '<figure class="piece cards"><img src="png/cards/b.png" alt="B" loading="eager">'
                     "<figcaption>B</figcaption></figure></div></section>")


def test_a_paper_pnp_has_no_name_for_in_german(plans: dict) -> None:
    cards = PrintFile("print/cards-b5.pdf", 1, "fronts", "Cards", "card")
    plans.update({"b5": plan("b5", cards, assembly=(Paragraph(("Un.",), "•"), Paragraph(("Deux.",), "•"))),
                  "b5 pages": 2})
    found = printing_section(Kit(language="de"), options(papers=("b5",)), {"print/read-me-first-b5.pdf"}, set())
    assert found == (
        '<section id="print"><h2>Print and play</h2><details open><summary>b5</summary>'
        '<p><a href="print/read-me-first-b5.pdf">read-me-first-b5.pdf</a> · Zuerst lesen · 2 Seiten</p>'
        '<h3>Drucken auf b5</h3><ol class="steps"><li>Print <code>cards-b5.pdf</code> at <strong>100 %</strong>.'
        "</li><li>Then &lt;cut&gt;.</li></ol>"
        '<div class="scroll"><table><tr><th>file</th><th>pages</th><th>how</th></tr>'
        '<tr><td class=""><code>cards-b5.pdf</code></td><td class="pages">1</td><td class="">Cards</td></tr></table></div>'
        "<p>Insgesamt: 3 Blätter b5, davon 1 beidseitig bedruckt.</p>"
        '<h3>Ausschneiden und Zusammenbauen</h3><ul class="steps"><li>Un.</li><li>Deux.</li></ul></details></section>')


def test_a_board_sharing_its_print_file(tmp_path: Path) -> None:
    """Each set of a print file has its section, a board's too."""
    maps = pieces("maps", "board", title="maps", boards=[board("maps", "Map")])
    cards = pieces("cards", "card", piece("a"))
    found = sections(page(Kit(("maps", [maps, cards])), Files(tmp_path), options("png")))
    assert found == [
        '<section><h2>Maps</h2><div class="grid"></div></section>',
        '<section><h2>Cards</h2><div class="grid"></div></section>']


def test_files_an_earlier_build_left_in_a_folder_of_print(tmp_path: Path) -> None:
    on_disk(tmp_path, "print/old/cards-a4.pdf", "png/x/a.png")
    (rest,) = sections(page(Kit(), Files(tmp_path), options("png", parts=("cards",))))
    assert rest == ('<section><h2>More downloads</h2><ul class="files">'
                    '<li><a href="print/old/cards-a4.pdf">print/old/cards-a4.pdf</a></li></ul></section>')


# --- a kit in several languages ----------------------------------------------------------------

def test_where_each_languages_gallery_is() -> None:
    """As pnp build --lang all writes the kits: the first language's at the top."""
    from pnp.commands.common import language_target

    languages = ("en", "fr", "de")
    for language in languages:
        folder = language_target(Path("out"), language, list(languages)).relative_to("out").as_posix()
        assert gallery_path(language, languages) == ("" if folder == "." else folder + "/") + "index.html"
    assert gallery_path("it", languages) == "it/index.html"  # (a language built though the game lacks it)
    assert gallery_path("en", ()) == "en/index.html"


def test_each_languages_gallery_links_the_others() -> None:
    languages = ("en", "fr", "de")
    assert language_links("en", languages) == (
        '<nav class="languages"><strong lang="en">English</strong> · '
        '<a href="fr/index.html" hreflang="fr" lang="fr">Français</a> · '
        '<a href="de/index.html" hreflang="de" lang="de">Deutsch</a></nav>\n')
    assert language_links("fr", languages) == (
        '<nav class="languages"><a href="../index.html" hreflang="en" lang="en">English</a> · '
        '<strong lang="fr">Français</strong> · '
        '<a href="../de/index.html" hreflang="de" lang="de">Deutsch</a></nav>\n')
    # only those linked, each where its gallery is among all the game's
    assert language_links("de", languages, ("fr", "de")) == (
        '<nav class="languages"><a href="../fr/index.html" hreflang="fr" lang="fr">Français</a> · '
        '<strong lang="de">Deutsch</strong></nav>\n')
    assert language_links("de", ("de", "x<y")) == (
        '<nav class="languages"><strong lang="de">Deutsch</strong> · '
        '<a href="x&lt;y/index.html" hreflang="x&lt;y" lang="x&lt;y">x&lt;y</a></nav>\n')  # (a code pnp has no name for)
    assert "x<y" not in LANGUAGE_NAMES
    # nothing when there is no other to link
    assert language_links("en", ("en",)) == language_links("en", ()) == language_links("en", languages, ("en",)) == ""
    assert language_links("it", languages, ()) == ""


def test_the_galleries_linked_are_those_built_together_or_before(tmp_path: Path) -> None:
    game = SimpleNamespace(languages=("en", "fr", "de"))
    out = tmp_path / "out"
    (out / "de").mkdir(parents=True)
    assert galleries(game, "en", out, options()) == ("en",)
    assert galleries(game, "fr", out / "fr", options()) == ("fr",)
    assert galleries(game, "en", out, options(languages=("en", "fr", "de"))) == ("en", "fr", "de")
    (out / "de" / "index.html").write_text("", "utf-8")
    assert galleries(game, "en", out, options()) == ("en", "de")
    assert galleries(game, "fr", out / "fr", options()) == ("fr", "de")
    (out / "index.html").write_text("", "utf-8")
    assert galleries(game, "fr", out / "fr", options(languages=("fr",))) == ("en", "fr", "de")


def test_the_gallery_of_a_game_in_several_languages_links_the_others(tmp_path: Path) -> None:
    cards = pieces("cards", "card", piece("a"))
    both = options("png", languages=("en", "fr"))
    text = page(Kit(("cards", [cards]), language="fr", languages=("en", "fr")), Files(tmp_path), both)
    assert ('<h1>Le Jeu</h1>\n<nav class="languages"><a href="../index.html" hreflang="en" lang="en">English</a> · '
            '<strong lang="fr">Français</strong></nav>\n<p>') in text
    alone = page(Kit(("cards", [cards]), language="fr", languages=("en", "fr")), Files(tmp_path), options("png"))
    assert "<h1>Le Jeu</h1>\n<p>" in alone  # (the English gallery neither built with it nor before)


def test_print_on_demand_as_the_order_written_says(tmp_path: Path) -> None:
    """The print-on-demand section reads the order the build wrote (its products, their images'
    sizes, how many to order) and links it; the deck sheets' backs, named with their content's
    hash, are not shown among the sheets."""
    import json

    made = on_disk(tmp_path, "pod/objectifs/a.png", "pod/objectifs/back.png", "pod/money/one.png", "pod/order.csv",
                   "tts/deck-1-0a1b2c3d.jpg", "tts/deck-1-back-0a1b2c3d.jpg", "tts/deck-back-4e5f6a7b.jpg")
    (tmp_path / "pod" / "order.json").write_text(json.dumps({"products": [
        {"product": "tarot card", "width_px": 900, "height_px": 1500, "turned": False, "images": 2, "copies": 20},
        {"product": "mini card", "width_px": 600, "height_px": 825, "turned": True, "images": 1, "copies": 10}]}))
    tts, pod = sections(page(Kit(), Files(tmp_path, made + ["pod/order.json"]), options("png")))
    assert pod.startswith(
        "<section><h2>Print on demand</h2><p>2 images of 900 × 1500 px for The Game Crafter's tarot cards (20 to "
        "order); 1 image of 600 × 825 px for The Game Crafter's mini cards, turned sideways (10 to order), in pod/. "
        'The order, a line a piece with its product, files and copies: <a href="pod/order.csv">pod/order.csv</a> and '
        '<a href="pod/order.json">pod/order.json</a>.</p>')
    assert 'src="tts/deck-1-0a1b2c3d.jpg"' in tts and "back-" not in tts.split("</div>", 1)[0]
    (tmp_path / "pod" / "order.json").write_text("not json")
    (_, pod) = sections(page(Kit(), Files(tmp_path, made + ["pod/order.json"]), options("png")))
    assert pod.startswith("<section><h2>Print on demand</h2><p>5 files in pod/. The order")
