"""pnp.kit.readme: the read-me-first as data. What the kit holds, counted from small games written
in the test (each item's copies once, boards in pictures, groups by their key), the game's own
words from its `readme:` (texts in its languages, **strong** words, lists, templates of the
counts) and what is wrong with them, each print file of a paper with its pages and role, the
steps to print, cut and assemble, and the document they make."""

from __future__ import annotations

import textwrap
from pathlib import Path
from types import SimpleNamespace

import pytest

from pnp.layout.fonts import find_font
from pnp.load.game import load_game
from pnp.impose import SheetLabel
from pnp.kit.pieces import Kit
from pnp.build.pipeline import BuildOptions, game_fonts
from pnp.kit.readme import (DEFAULT_ACCENT, NAME, PAPER_NAMES, Document, FileRef, Paragraph, PrintFile, Printing,
                        PrintSettings, Section, Strong, Table, _plural, accent, assembly_steps, contents, document,
                        file_table, label_font, localised, marked_up, paragraphs, players, print_files, print_label,
                        print_sheets, printing, printing_steps, problems, read_me_first_path, readme_data,
                        readme_texts, remembered, rules, sheets_total)
from pnp.scene import Text
from pnp.units import mm
from pnp.words import plain, text, word

LAYOUTS = {"card": "extends: builtin:card\nboxes: {}\n", "token": "extends: builtin:token\nboxes: {}\n",
           "tile": "extends: builtin:tile\nboxes: {}\n", "board": "extends: builtin:board\nboxes: {}\n",
           "sheet": "extends: builtin:card\nboxes: {}\n"}

TINY = """\
title: {en: Tiny, fr: Minuscule}
subtitle: {en: A game of cards, fr: Un jeu de cartes}
languages: [en, fr]
fonts: {heading: SourceSerifPro-Bold, body: SourceSansPro-Regular}
players: {min: 2, max: 4}
readme:
  colour: "#AABBCC"
  contents:
    cards: {en: "{count} cards of {items} kinds in {groups} suits", fr: "{count} cartes"}
  assembly: ["Keep the **cards** together.", {en: "Sort the chips.\\n\\n- by colour", fr: "Triez."}]
  rules:
    - heading: {en: Goal, fr: But}
      text: {en: "Win **now**.", fr: "Gagnez."}
    - text: "Play.\\n- one\\n- two"
components:
  cards:
    type: card
    title: {en: cards, fr: cartes}
    files: cards/*.yaml
    items: cards
    group: {key: suit, fields: {name: text}}
    fields: {name: text, count: int}
    copies: count
    face: layouts/card.yaml
    back: layouts/card.yaml
  chips: {type: token, size: 20mm, files: chips.yaml, items: chips, fields: {name: text}, copies: 3,
          face: layouts/token.yaml}
  board: {type: board, size: a3, face: layouts/board.yaml}
  kinds: {type: data, files: kinds.yaml, items: kinds, fields: {name: text}}
"""
TINY_FILES = {
    "cards/red.yaml": "suit: {id: red, name: Red}\ncards:\n  - {id: a, name: A, count: 2}\n"
                      "  - {id: b, name: B, count: 1}\n",
    "cards/blue.yaml": "suit: {id: blue, name: Blue}\ncards:\n  - {id: c, name: C, count: 1}\n",
    "chips.yaml": "chips:\n  - {id: one, name: One}\n",
    "kinds.yaml": "kinds:\n  - {id: k, name: K}\n",
}

PLAIN = """\
title: Plain
languages: [en]
fonts: {body: SourceSansPro-Regular}
players: {min: 1, max: 1}
components:
  tiles: {type: tile, shape: square, size: 20mm, files: tiles.yaml, items: tiles, fields: {name: text},
          face: layouts/tile.yaml}
  big: {type: tile, shape: square, size: 30mm, print: tiles, files: big.yaml, items: big, fields: {name: text},
        face: layouts/tile.yaml}
  decks:
    type: card
    size: mini
    files: decks.yaml
    items: decks
    group: {key: colour, fields: {name: text}}
    fields: {name: text}
    face: layouts/card.yaml
  none: {type: card, files: none.yaml, items: none, fields: {name: text}, copies: 0, face: layouts/card.yaml}
  maps:
    type: board
    size: {width: 150mm, height: 100mm}
    files: maps.yaml
    items: maps
    fields: {name: text}
    label: "map {name}"
    face: layouts/board.yaml
"""
PLAIN_FILES = {
    "tiles.yaml": "tiles:\n  - {id: t1, name: T}\n  - {id: t2, name: U}\n",
    "big.yaml": "big:\n  - {id: b1, name: B}\n",
    "decks.yaml": "colour: {id: green, name: Green}\ndecks:\n  - {id: d1, name: D}\n",
    "none.yaml": "none:\n  - {id: n1, name: N}\n",
    "maps.yaml": "maps:\n  - {id: m1, name: North}\n  - {id: m2, name: South}\n",
}


def write(folder: Path, manifest: str, files: dict[str, str]) -> Path:
    for name, content in {"game.yaml": manifest, **files,
                          **{f"layouts/{kind}.yaml": layout for kind, layout in LAYOUTS.items()}}.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(textwrap.dedent(content), "utf-8")
    return folder / "game.yaml"


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory):
    """make(manifest, files): the game written in a folder of its own and loaded, with no problem."""
    def make(manifest: str = TINY, files: dict[str, str] = TINY_FILES, clean: bool = True):
        game, found = load_game(write(tmp_path_factory.mktemp("game"), manifest, files))
        assert game is not None and not (clean and found), [p.format() for p in found]
        return game
    return make


@pytest.fixture(scope="module")
def tiny(folder):
    return folder()


@pytest.fixture(scope="module")
def plain_game(folder):
    return folder(PLAIN, PLAIN_FILES)


def kit(game, language: str | None = None) -> Kit:
    return Kit(game, game_fonts(game), {}, language)


SETTINGS = PrintSettings.of(BuildOptions())
DUPLEX = PrintSettings.of(BuildOptions(duplex=True))
NO_BLEED = PrintSettings.of(BuildOptions(bleed=0.0))


def texts(paragraphs_: list[Paragraph] | tuple[Paragraph, ...]) -> list[tuple[str, str]]:
    return [(p.marker, plain(p.runs)) for p in paragraphs_]


# --- the game's own words ---------------------------------------------------------------------------

def test_the_names() -> None:
    assert (NAME, DEFAULT_ACCENT) == ("read-me-first", "#7a2e22")
    assert PAPER_NAMES == {"a4": "A4", "letter": "US Letter", "a3": "A3"}
    assert read_me_first_path("letter") == "print/read-me-first-letter.pdf"
    assert Paragraph(("x",)).marker == ""


def test_readme_data(tiny, plain_game) -> None:
    assert readme_data(tiny)["colour"] == "#AABBCC" and sorted(readme_data(tiny)) == [
        "assembly", "colour", "contents", "rules"]
    assert readme_data(plain_game) == {}
    for documents in ({}, {"game.yaml": SimpleNamespace(data=["readme"])},
                      {"game.yaml": SimpleNamespace(data={"readme": ["x"]})}):
        assert readme_data(SimpleNamespace(documents=documents, manifest="game.yaml")) == {}
    fake = SimpleNamespace(documents={"g.yaml": SimpleNamespace(data={"readme": {"a": 1}})}, manifest="g.yaml")
    assert readme_data(fake) == {"a": 1}


def test_accent(tiny, plain_game) -> None:
    assert accent(tiny) == "#aabbcc"
    assert accent(plain_game) == "#7a2e22"


def test_localised(tiny) -> None:
    assert localised({"en": "Goal", "fr": "But"}, tiny, "fr") == "But"
    assert localised({"en": "Goal"}, tiny, "fr") == "Goal"  # the game's first language, where it has no other
    assert localised("Same", tiny, "fr") == "Same"
    assert localised("a\n\nb", tiny, "en") == "a\n\nb"  # (paragraphs kept)
    assert localised(None, tiny, "en") == "" and localised("", tiny, "en") == ""


@pytest.mark.parametrize(("source", "runs"), [
    ("", ()),
    ("plain", ("plain",)),
    ("**all**", (Strong("all"),)),
    ("a **b** c **d**", ("a ", Strong("b"), " c ", Strong("d"))),
    ("**a****b**", (Strong("a"), Strong("b"))),
    ("a ** b", ("a ** b",)),
    ("****", ("****",)),
    ("x**y**", ("x", Strong("y"))),
])
def test_marked_up(source: str, runs: tuple) -> None:
    assert marked_up(source) == runs


def test_paragraphs() -> None:
    source = """
        First line
        goes on.

        - one
          more
        - two
        Lead:
        - three

          \t
        Last **one**.
        - four
        """
    assert paragraphs(textwrap.dedent(source)) == [
        Paragraph(("First line goes on.",)),
        Paragraph(("one more",), "•"),
        Paragraph(("two Lead:",), "•"),  # (a line after an item goes on with it)
        Paragraph(("three",), "•"),
        Paragraph(("Last ", Strong("one"), ".")),  # (prose before an item comes first)
        Paragraph(("four",), "•"),
    ]
    assert paragraphs("a\n- b\n- c\n\nd") == [Paragraph(("a",)), Paragraph(("b",), "•"), Paragraph(("c",), "•"),
                                               Paragraph(("d",))]
    assert paragraphs("Two\nlines\n- an item\n  on two") == [Paragraph(("Two lines",)),
                                                             Paragraph(("an item on two",), "•")]
    assert paragraphs("-x\n-  y") == [Paragraph(("-x",)), Paragraph(("y",), "•")]
    assert paragraphs("") == [] and paragraphs("\n \n") == []


def test_rules(tiny, plain_game) -> None:
    assert rules(tiny, "en") == [Section("Goal", (Paragraph(("Win ", Strong("now"), ".")),)),
                                 Section("", (Paragraph(("Play.",)), Paragraph(("one",), "•"),
                                              Paragraph(("two",), "•")))]
    assert rules(tiny, "fr")[0] == Section("But", (Paragraph(("Gagnez.",)),))
    assert rules(plain_game, "en") == []


def test_readme_texts(tiny, plain_game) -> None:
    assert readme_texts(tiny) == [
        (("contents", "cards"), {"en": "{count} cards of {items} kinds in {groups} suits", "fr": "{count} cartes"}),
        (("assembly", 0), "Keep the **cards** together."),
        (("assembly", 1), {"en": "Sort the chips.\n\n- by colour", "fr": "Triez."}),
        (("rules", 0, "heading"), {"en": "Goal", "fr": "But"}),
        (("rules", 0, "text"), {"en": "Win **now**.", "fr": "Gagnez."}),
        (("rules", 1, "text"), "Play.\n- one\n- two"),
    ]
    assert readme_texts(plain_game) == [] and problems(plain_game) == []
    assert problems(tiny) == []


def test_what_is_wrong_with_the_readme(folder) -> None:
    manifest = TINY.replace("""\
  contents:
    cards: {en: "{count} cards of {items} kinds in {groups} suits", fr: "{count} cartes"}
  assembly: ["Keep the **cards** together.", {en: "Sort the chips.\\n\\n- by colour", fr: "Triez."}]
  rules:
    - heading: {en: Goal, fr: But}
      text: {en: "Win **now**.", fr: "Gagnez."}
""", """\
  contents:
    cards: {fr: "{count} cartes {nope}", de: "{count}"}
    kinds: "{count} kinds"
    ghosts: "{count} ghosts"
    chips: {en: "{count} chips", fr: "{count + } jetons"}
  assembly: ["Keep **Ĭ↗** Ĭ↗ ☃☃."]
  rules:
    - heading: {en: Goal ↗Ĭ, fr: But}
      text: {en: "Win **now**.", fr: "Gagnez."}
""")
    game = folder(manifest, TINY_FILES, clean=False)
    body, heading = (find_font(name, game.root).stem for name in ("SourceSansPro-Regular", "SourceSerifPro-Bold"))
    assert problems(game) == [
        "readme.contents.cards: 'de' is not one of the game's languages (en, fr)",
        "readme.contents.cards has no 'en' text (the game's first language)",
        f"readme.assembly[0]: font {heading} has no glyph for 'Ĭ' (U+012C)",
        f"readme.assembly[0]: font {body} has no glyph for '↗' (U+2197), '☃' (U+2603)",
        f"readme.rules[0].heading: font {heading} has no glyph for 'Ĭ' (U+012C)",
        "readme.contents.cards: unknown name 'nope' in '{count} cartes {nope}'",
        "readme.contents.kinds: the game has no printed set called so",
        "readme.contents.ghosts: the game has no printed set called so",
        "readme.contents.chips: syntax error: invalid syntax in '{count + } jetons'",
    ]


def test_the_fonts_a_readme_is_checked_in() -> None:
    """Headings and strong words in the heading font, the rest in the body font; a game with
    no body font checks its text in its first font, and with no heading in its body font."""
    def game(**fonts: str):
        root = Path(__file__).parent  # (no fonts of its own: the bundled ones)
        return SimpleNamespace(documents={"g": SimpleNamespace(data={"readme": {
            "assembly": ["**↗** Ĭ"], "rules": [{"heading": "↗", "text": "Ĭ"}]}})}, manifest="g", root=root,
            fonts=fonts, languages=["en"], language="en", sets={})
    assert problems(game(body="SourceSansPro-Regular", heading="SourceSerifPro-Bold")) == []
    assert problems(game(body="SourceSerifPro-Bold", heading="SourceSansPro-Regular")) == [
        "readme.assembly[0]: font SourceSansPro-Regular has no glyph for '↗' (U+2197)",
        "readme.assembly[0]: font SourceSerifPro-Bold has no glyph for 'Ĭ' (U+012C)",
        "readme.rules[0].heading: font SourceSansPro-Regular has no glyph for '↗' (U+2197)",
        "readme.rules[0].text: font SourceSerifPro-Bold has no glyph for 'Ĭ' (U+012C)"]
    assert problems(game(note="SourceSerifPro-Bold", other="SourceSansPro-Regular")) == [
        "readme.assembly[0]: font SourceSerifPro-Bold has no glyph for 'Ĭ' (U+012C)",
        "readme.rules[0].text: font SourceSerifPro-Bold has no glyph for 'Ĭ' (U+012C)"]
    assert problems(game(heading="SourceSansPro-Regular")) == [
        "readme.assembly[0]: font SourceSansPro-Regular has no glyph for '↗' (U+2197)",
        "readme.rules[0].heading: font SourceSansPro-Regular has no glyph for '↗' (U+2197)"]
    assert problems(game()) == []  # (no font to check in)


# --- what the kit holds ---------------------------------------------------------------------------

@pytest.mark.parametrize(("word", "plural"), [
    ("suit", "suits"), ("party", "parties"), ("day", "days"), ("key", "keys"), ("toy", "toys"), ("guy", "guys"),
    ("boy", "boys"), ("class", "class"), ("y", "ys"), ("sky", "skies"), ("Xy", "Xies"),
])
def test_plural(word: str, plural: str) -> None:
    assert _plural(word) == plural


def test_contents(tiny, plain_game) -> None:
    assert contents(kit(tiny)) == ["4 cards of 3 kinds in 2 suits", "3 chips", "1 board"]
    assert contents(kit(tiny, "fr")) == ["4 cartes", "3 chips", "1 plateau"]  # (a set's noun is its name)
    # no copies (none) is left out; one group is named once; each board is one
    assert contents(kit(plain_game)) == ["2 tiles", "1 big", "1 deck in 1 colour", "2 boards"]


def test_contents_in_groups_and_templates(folder) -> None:
    manifest = TINY.replace('cards: {en: "{count} cards of {items} kinds in {groups} suits", fr: "{count} cartes"}',
                            'cards: "{count} {nope}"\n    chips: "{count}/{items}/{groups} chips"')
    manifest = manifest.replace("group: {key: suit,", "group: {key: party,").replace(
        "fields: {name: text}, copies: 3,", "fields: {name: text}, copies: 1, back: layouts/token.yaml,")
    game = folder(manifest, {**TINY_FILES, "cards/red.yaml": TINY_FILES["cards/red.yaml"].replace("suit:", "party:"),
                             "cards/blue.yaml": TINY_FILES["cards/blue.yaml"].replace("suit:", "party:")})
    # a template that fails is the default line (`problems` reports it)
    assert contents(kit(game)) == ["4 cards in 2 parties", "1/1/0 chips", "1 board"]


def test_contents_of_an_item_printed_as_several_pieces(tiny) -> None:
    """Pieces of one item share its copies: it counts once."""
    k = kit(tiny)
    cards = k.get("cards")
    first = cards.pieces[0]
    cards.pieces.insert(1, SimpleNamespace(item=first.item, copies=first.copies))
    assert contents(k)[0] == "4 cards of 3 kinds in 2 suits"
    cards.pieces.insert(1, SimpleNamespace(item=SimpleNamespace(), copies=5))
    assert contents(k)[0] == "9 cards of 3 kinds in 2 suits"


@pytest.mark.parametrize(("low", "high", "language", "shown"), [
    (1, 1, "en", "1 player"), (1, 1, "fr", "1 joueur"), (3, 3, "en", "3 players"), (2, 4, "en", "2–4 players"),
    (1, 2, "fr", "1 à 2 joueurs"),
])
def test_players(low: int, high: int, language: str, shown: str) -> None:
    assert players(SimpleNamespace(players=(low, high)), language) == shown


def test_no_players() -> None:
    assert players(SimpleNamespace(players=None), "en") == ""


# --- the print files ---------------------------------------------------------------------------

def test_print_settings() -> None:
    assert SETTINGS.duplex is False and DUPLEX.duplex is True
    assert SETTINGS.bleeds == (("card", pytest.approx(72 / 25.4)), ("sheet", pytest.approx(72 / 25.4)),
                               ("token", pytest.approx(72 / 25.4)), ("tile", 0.0), ("standee", 0.0), ("die", 0.0),
                               ("board", 0.0))
    assert all(type(b) is float for _, b in PrintSettings.of(SimpleNamespace(bleed_for=lambda k: 2, duplex=1)).bleeds)
    assert PrintSettings.of(SimpleNamespace(bleed_for=lambda k: 2, duplex=1)).duplex is True
    assert NO_BLEED.bleed("card") == 0.0 and SETTINGS.bleed("card") == pytest.approx(72 / 25.4)
    assert SETTINGS.bleed("data") == 0.0 and PrintSettings().bleed("card") == 0.0
    assert PrintSettings() == PrintSettings((), False)


def test_print_file() -> None:
    file = PrintFile("print/x-a4.pdf", 2, "fronts", "x", "card")
    assert file.ref == FileRef("print/x-a4.pdf")
    assert (file.shape, file.sizes, file.parts, file.fronts) == ("rect", (), None, "")


def test_print_label_and_font(tiny) -> None:
    k, fr = kit(tiny), kit(tiny, "fr")
    label = print_label(k, [k.get("cards"), k.get("chips")])
    assert isinstance(label, SheetLabel) and label == "Tiny · cards and chips" and label.language == "en"
    # three sets are listed as a sentence lists them, "and" before the last only
    assert print_label(k, [k.get("cards"), k.get("chips"), k.get("board")]) == "Tiny · cards, chips and board"
    label = print_label(fr, [fr.get("cards")])
    assert label == "Minuscule · cartes" and label.language == "fr"
    body, heading = object(), object()
    assert label_font({"heading": heading, "body": body}) is body
    assert label_font({"heading": heading, "note": body}) is heading


def test_a_print_label_takes_the_title_in_the_games_language_when_the_kits_lacks_it(folder) -> None:
    game = folder(TINY.replace("title: {en: Tiny, fr: Minuscule}", "title: {fr: Minuscule, en: Tiny}"))
    k = kit(game, "de")  # (a language the title does not have: the game's first, English, not the first written)
    assert print_label(k, [k.get("cards")]).startswith("Tiny · ")


def test_print_sheets_are_imposed_once(tiny) -> None:
    k = kit(tiny)
    none, some = (lambda kind: 0.0), (lambda kind: 1.0)
    sheets = print_sheets(k, "cards", [k.get("cards")], "a4", none)
    assert (len(sheets.fronts), len(sheets.backs)) == (1, 1)
    assert print_sheets(k, "cards", [k.get("cards")], "a4", lambda kind: 0.0) is sheets  # (by the bleeds it gives)
    assert print_sheets(k, "cards", [k.get("cards")], "a3", none) is not sheets
    assert print_sheets(k, "cards", [k.get("cards")], "a4", some) is not sheets
    assert print_sheets(k, "other", [k.get("cards")], "a4", none) is not sheets
    assert print_sheets(kit(tiny), "cards", [k.get("cards")], "a4", none) is not sheets
    assert sheets.fronts[0].label == "01" and not sheets.rows


def row(file: PrintFile) -> tuple:
    return file.path, file.pages, file.role, file.what, file.kind, file.shape, tuple(round(s, 3) for s in file.sizes), \
        file.parts, file.fronts


def test_print_files(tiny) -> None:
    assert [row(f) for f in print_files(kit(tiny), "a4", SETTINGS)] == [
        ("print/duplex-test-a4.pdf", 2, "test", "", "test", "rect", (), None, ""),
        ("print/cards-a4.pdf", 1, "fronts", "cards", "card", "rect", (180.0,), None, ""),
        ("print/cards-backs-a4.pdf", 1, "backs", "cards", "card", "rect", (180.0,), None, "print/cards-a4.pdf"),
        ("print/chips-a4.pdf", 1, "fronts", "chips", "token", "round", (56.693,), None, ""),
        ("print/chips-backs-a4.pdf", 1, "backs", "chips", "token", "round", (56.693,), None, "print/chips-a4.pdf"),
        ("print/board-a4.pdf", 4, "one-side", "board", "board", "rect", (), (2, 2), ""),
    ]
    files = print_files(kit(tiny, "fr"), "a3", DUPLEX)
    assert [row(f) for f in files] == [
        ("print/duplex-test-a3.pdf", 2, "test", "", "test", "rect", (), None, ""),
        ("print/cards-a3.pdf", 1, "fronts", "cartes", "card", "rect", (180.0,), None, ""),
        ("print/cards-backs-a3.pdf", 1, "backs", "cartes", "card", "rect", (180.0,), None, "print/cards-a3.pdf"),
        ("print/cards-duplex-a3.pdf", 2, "duplex", "cartes", "card", "rect", (180.0,), None, "print/cards-a3.pdf"),
        ("print/chips-a3.pdf", 1, "fronts", "chips", "token", "round", (56.693,), None, ""),
        ("print/chips-backs-a3.pdf", 1, "backs", "chips", "token", "round", (56.693,), None, "print/chips-a3.pdf"),
        ("print/chips-duplex-a3.pdf", 2, "duplex", "chips", "token", "round", (56.693,), None, "print/chips-a3.pdf"),
        ("print/board-a3.pdf", 1, "one-side", "board", "board", "rect", (), None, ""),
    ]


def test_print_files_without_backs(plain_game) -> None:
    """No backs, no duplex test; a set of no copies has no file; boards of a set each have
    their own, named by their labels; tiles of two sizes share one."""
    assert [row(f) for f in print_files(kit(plain_game), "a4", DUPLEX)] == [
        ("print/tiles-a4.pdf", 1, "one-side", "tiles and big", "tile", "square", (85.039, 56.693), None, ""),
        ("print/decks-a4.pdf", 1, "one-side", "decks", "card", "rect", (126.0,), None, ""),
        ("print/maps-m1-a4.pdf", 1, "one-side", "map North", "board", "rect", (), None, ""),
        ("print/maps-m2-a4.pdf", 1, "one-side", "map South", "board", "rect", (), None, ""),
    ]


def test_a_file_of_tiles_and_tokens(folder) -> None:
    """A print file shared by sets of two types: its pages counted once, what it holds type by
    type, and the steps to cut each (rows, the tiles touching, the tokens' circles)."""
    manifest = PLAIN.replace("print: tiles, files: big.yaml", "print: counters, files: big.yaml").replace(
        "  decks:", "  chips: {type: token, size: 16mm, print: counters, files: chips.yaml, items: chips, "
                   "fields: {name: text}, face: layouts/token.yaml, back: same}\n  decks:")
    k = kit(folder(manifest, {**PLAIN_FILES, "chips.yaml": "chips:\n  - {id: c1, name: C}\n"}))
    files = print_files(k, "a4", SETTINGS)
    assert [row(f) + (f.holds, f.rows) for f in files[1:4]] == [
        ("print/tiles-a4.pdf", 1, "one-side", "tiles", "tile", "square", (56.693,), None, "", (), False),
        ("print/counters-a4.pdf", 1, "fronts", "big and chips", "tile", "square", (85.039, 45.354), None, "",
         (("tile", "square", (mm(30),)), ("token", "round", (mm(16),))), True),
        ("print/counters-backs-a4.pdf", 1, "backs", "big and chips", "tile", "square", (85.039, 45.354), None,
         "print/counters-a4.pdf", (("tile", "square", (mm(30),)), ("token", "round", (mm(16),))), True)]
    assert [(f.kind, f.shape, f.sizes) for f in files[2].each_kind()] == [("tile", "square", (mm(30),)),
                                                                          ("token", "round", (mm(16),))]
    assert files[1].each_kind() == [files[1]]
    steps = texts(assembly_steps(k, "a4", files, SETTINGS))
    assert steps[:5] == [
        ("•", CUT_MARKS),
        ("•", "In counters-a4.pdf the pieces stand in rows of one size: first cut the rows apart along the crop "
              "marks in the side margins, then each row’s pieces along their lines."),
        ("•", "The colours run 1\u00a0mm past each cut line, so a cut a little off still shows the piece’s own "
              "colour."),
        ("•", "In tiles-a4.pdf and counters-a4.pdf the pieces touch: one cut along a shared line frees two "
              "neighbours."),
        ("•", "Cut the round pieces of counters-a4.pdf along their circles (16\u00a0mm across); a circle punch of "
              "the right size is quicker.")]


def test_a_board_in_parts_of_one_row(folder) -> None:
    manifest = TINY.replace("board: {type: board, size: a3,",
                            "board: {type: board, size: {width: 400mm, height: 150mm},")
    files = print_files(kit(folder(manifest, TINY_FILES)), "a4", SETTINGS)
    assert row(files[-1]) == ("print/board-a4.pdf", 2, "one-side", "board", "board", "rect", (), (1, 2), "")


def test_a_board_in_parts_not_labelled_by_row_and_column(tiny, monkeypatch: pytest.MonkeyPatch) -> None:
    from dataclasses import replace

    from pnp.components import types

    def pages(*labels: str) -> None:
        board = replace(types()["board"], whole=lambda *args: [SimpleNamespace(label=label) for label in labels])
        monkeypatch.setattr("pnp.kit.readme.types", lambda: {**types(), "board": board})
    pages("r1c1", "x", "r1c2")
    files = print_files(kit(tiny), "a4", SETTINGS)
    assert row(files[-1]) == ("print/board-a4.pdf", 3, "one-side", "board", "board", "rect", (), (1, 3), "")
    pages("r1c1", "r3c1", "r2c2")
    assert print_files(kit(tiny), "a4", SETTINGS)[-1].parts == (3, 2)
    pages("r1c1x", "r1c2")
    assert print_files(kit(tiny), "a4", SETTINGS)[-1].parts == (1, 2)


def test_the_files_table(tiny) -> None:
    files = [PrintFile("print/t.pdf", 2, "test", "", "test"), PrintFile("print/f.pdf", 3, "fronts", "cards", "card"),
             PrintFile("print/b.pdf", 3, "backs", "cards", "card"),
             PrintFile("print/d.pdf", 6, "duplex", "cards", "card"),
             PrintFile("print/o.pdf", 1, "one-side", "tiles", "tile"),
             PrintFile("print/p.pdf", 6, "one-side", "board", "board", parts=(2, 3))]
    table = file_table(files, "en")
    assert table.header == ("File", "Pages", "What and how") and table.align == ("left", "right", "left")
    assert [(ref, pages, plain(how)) for (ref,), (pages,), how in table.rows] == [
        (FileRef("print/t.pdf"), "2", "printer test: both sides of one sheet, first"),
        (FileRef("print/f.pdf"), "3", "cards, fronts"),
        (FileRef("print/b.pdf"), "3", "their backs, on the back of the same sheets"),
        (FileRef("print/d.pdf"), "6", "cards: fronts and backs in turn, for a printer that prints both sides"),
        (FileRef("print/o.pdf"), "1", "tiles, one side only"),
        (FileRef("print/p.pdf"), "6", "board in 2 × 3 parts, one side only"),
    ]
    assert file_table([], "fr").header == ("Fichier", "Pages", "Contenu et impression")
    assert file_table([], "de").header[1] == "Seiten"


def test_sheets_total() -> None:
    files = [PrintFile("t", 2, "test", "", "test"), PrintFile("f", 3, "fronts", "", "card"),
             PrintFile("b", 3, "backs", "", "card"), PrintFile("d", 6, "duplex", "", "card"),
             PrintFile("o", 4, "one-side", "", "tile"), PrintFile("g", 5, "fronts", "", "card")]
    assert sheets_total(files, "letter", "en") == Paragraph(("In all: 13 sheets of US Letter, 9 of them printed on "
                                                             "both sides.",))
    assert sheets_total(files, "a4", "en", 2) == Paragraph(("In all: 15 sheets of A4, 9 of them printed on both "
                                                            "sides.",))
    assert plain(sheets_total(files[4:5], "b5", "en", 1).runs) == "In all: 5 sheets of b5, printed on one side."
    assert plain(sheets_total([], "a3", "en").runs) == "In all: 0 sheets of A3, printed on one side."


def test_printing_steps(tiny, plain_game) -> None:
    k = kit(tiny)
    assert texts(printing_steps(k, "a4", print_files(k, "a4", DUPLEX))) == [
        ("1.", "Print every file at 100 % (“actual size”), never “fit to page” or “shrink to fit”: the pieces are "
               "drawn to the millimetre, and the backs meet their fronts only at full size."),
        ("2.", "First print duplex-test-a4.pdf on both sides of one sheet, turning it over on the long edge as for "
               "the backs. Hold it against a window: each bold cross of the back should fall on the zeros of two "
               "rulers. If it does not, the numbers it crosses are your printer’s drift: build the kit again with "
               "pnp\u00a0build --back-shift\u00a0X,Y."),
        ("3.", "A file with backs prints on both sides of the same sheets: print its fronts, put the printed stack "
               "back in the tray turned over on the long edge (try one sheet to find which way up), then print its "
               "backs file. Each back then lies behind its front."),
        ("4.", "A printer that prints both sides can take the duplex files instead (cards-duplex-a4.pdf and the "
               "like), set to flip on the long edge."),
        ("5.", "Print on one side only: board-a4.pdf."),
        ("6.", "Thick paper or thin card (160 to 250 g/m²) makes pieces that last: check what your printer takes."),
    ]
    steps = printing_steps(k, "a4", print_files(k, "a4", SETTINGS))
    assert [m for m, _ in texts(steps)] == ["1.", "2.", "3.", "4.", "5."]
    assert steps[1].runs[1] == FileRef("print/duplex-test-a4.pdf") and steps[3].runs[1] == FileRef("print/board-a4.pdf")
    p = kit(plain_game)
    assert texts(printing_steps(p, "a4", print_files(p, "a4", SETTINGS)))[1:] == [
        ("2.", "Print on one side only: tiles-a4.pdf, decks-a4.pdf, maps-m1-a4.pdf and maps-m2-a4.pdf."),
        ("3.", "Thick paper or thin card (160 to 250 g/m²) makes pieces that last: check what your printer takes.")]
    backs = [PrintFile("f", 1, "fronts", "", "card"), PrintFile("b", 1, "backs", "", "card")]
    assert len(printing_steps(p, "a4", backs)) == 3  # (backs with no test: the scale, the backs, the paper)
    assert len(printing_steps(p, "a4", [])) == 2


CUT_MARKS = ("Cut along the crop marks: the short lines in the margins carry on the edges of the pieces. A craft "
             "knife and a steel ruler on a cutting mat cut straighter than scissors.")


def test_assembly_steps(tiny) -> None:
    k = kit(tiny)
    assert texts(assembly_steps(k, "a4", print_files(k, "a4", SETTINGS), SETTINGS)) == [
        ("•", CUT_MARKS),
        ("•", "The colours run 1\u00a0mm past each cut line, so a cut a little off still shows the piece’s own "
              "colour."),
        ("•", "Cut the round pieces of chips-a4.pdf along their circles (20\u00a0mm across); a circle punch of the "
              "right size is quicker."),
        ("•", "board-a4.pdf prints the board in 4 parts (2 × 2) that overlap by 12\u00a0mm: trim one sheet of each "
              "pair along its frame, lay it over its neighbour so that the ticks in the margins line up, and tape "
              "it from behind."),
        ("•", "Keep the cards together."),
        ("•", "Sort the chips."),
        ("•", "by colour"),
    ]
    steps = assembly_steps(k, "a4", print_files(k, "a4", SETTINGS), SETTINGS)
    assert steps[4].runs == ("Keep the ", Strong("cards"), " together.")
    fr = kit(tiny, "fr")
    assert texts(assembly_steps(fr, "a4", print_files(fr, "a4", SETTINGS), SETTINGS))[-2:] == [
        ("•", "Keep the cards together."), ("•", "Triez.")]


def test_assembly_steps_without_bleed(tiny, plain_game) -> None:
    k = kit(tiny)
    assert texts(assembly_steps(k, "a4", print_files(k, "a4", NO_BLEED), NO_BLEED))[:2] == [
        ("•", CUT_MARKS),
        ("•", "In cards-a4.pdf the pieces touch: one cut along a shared line frees two neighbours.")]
    p = kit(plain_game)
    assert texts(assembly_steps(p, "a4", print_files(p, "a4", SETTINGS), SETTINGS)) == [
        ("•", CUT_MARKS),
        ("•", "In tiles-a4.pdf the pieces stand in rows of one size: first cut the rows apart along the crop marks "
              "in the side margins, then each row’s pieces along their lines."),  # (tiles of 20 and 30 mm)
        ("•", "The colours run 1\u00a0mm past each cut line, so a cut a little off still shows the piece’s own "
              "colour."),
        ("•", "In tiles-a4.pdf the pieces touch: one cut along a shared line frees two neighbours."),
        ("•", "maps-m1-a4.pdf and maps-m2-a4.pdf each print a board whole, on one sheet."),
    ]
    assert assembly_steps(p, "a4", [], SETTINGS) == []


def test_the_bleeds_of_several_kinds(plain_game) -> None:
    p = kit(plain_game)
    files = [PrintFile("print/a.pdf", 1, "fronts", "", "card"), PrintFile("print/b.pdf", 1, "one-side", "", "tile"),
             PrintFile("print/c.pdf", 1, "backs", "", "token", "round"), PrintFile("print/d.pdf", 1, "fronts", "",
                                                                                   "sheet")]
    settings = PrintSettings((("card", 72 / 25.4 * 2), ("tile", 72 / 25.4), ("token", 72 / 25.4 * 3),
                              ("sheet", 72 / 25.4)))
    assert texts(assembly_steps(p, "a4", files, settings)) == [
        ("•", CUT_MARKS),
        ("•", "The colours run 1\u00a0mm and 2\u00a0mm past each cut line, so a cut a little off still shows the "
              "piece’s own colour.")]
    assert texts(assembly_steps(p, "a4", files[2:3] + [PrintFile("print/e.pdf", 1, "fronts", "", "tile", "hex")],
                                PrintSettings()))[0] == ("•", "In e.pdf the pieces touch: one cut along a shared "
                                                              "line frees two neighbours.")


# --- the document -------------------------------------------------------------------------------

def test_remembered(tiny) -> None:
    k, other = kit(tiny), kit(tiny)
    made = []

    def make():
        made.append(1)
        return len(made)
    assert remembered(k, ("a",), make) == 1 and remembered(k, ("a",), make) == 1
    assert remembered(k, ("b",), make) == 2 and remembered(other, ("a",), make) == 3
    assert remembered(k, ("a",), lambda: None) == 1


def test_printing(tiny) -> None:
    k = kit(tiny)
    plan = printing(k, "a4", SETTINGS)
    files = print_files(k, "a4", SETTINGS)
    assert plan == Printing("a4", tuple(files), tuple(printing_steps(k, "a4", files)), file_table(files, "en"),
                            tuple(assembly_steps(k, "a4", files, SETTINGS)))
    assert printing(k, "a4", SETTINGS) is plan and printing(k, "a4", DUPLEX) is not plan
    assert printing(k, "letter", SETTINGS) is not plan
    assert plan.total("en") == sheets_total(files, "a4", "en") and plan.total("en", 2) == sheets_total(files, "a4",
                                                                                                      "en", 2)
    assert plain(printing(k, "a3", SETTINGS).total("fr", 1).runs) == plain(sheets_total(
        list(printing(k, "a3", SETTINGS).files), "a3", "fr", 1).runs)


def test_document(tiny) -> None:
    k = kit(tiny)
    doc = document(k, "letter", SETTINGS, 2)
    plan = printing(k, "letter", SETTINGS)
    assert (doc.paper, doc.language, doc.title, doc.subtitle, doc.kicker, doc.players, doc.accent) == (
        "letter", "en", "Tiny", "A game of cards", "Read me first", "2–4 players", "#aabbcc")
    first, second = doc.pages
    assert first == (
        Section("In the kit", (Paragraph(("4 cards of 3 kinds in 2 suits",), "•"), Paragraph(("3 chips",), "•"),
                               Paragraph(("1 board",), "•"))),
        Section("Printing on US Letter", (*plan.steps, plan.table, plan.total("en", 2))),
        Section("Cutting and assembly", plan.assembly))
    assert plain(first[1].blocks[-1].runs) == "In all: 9 sheets of US Letter, 3 of them printed on both sides."
    assert second == tuple(rules(k.game, "en"))
    assert doc.footer(1, 2) == "Tiny · read me first, read-me-first-letter.pdf · page 1 of 2 · US Letter"
    fr = document(kit(tiny, "fr"), "a3", SETTINGS)
    assert (fr.title, fr.subtitle, fr.players, fr.pages[0][1].title) == ("Minuscule", "Un jeu de cartes",
                                                                         "2 à 4 joueurs", "Impression sur A3")
    assert fr.pages[0][0].title == "Contenu du kit"
    assert fr.footer(2, 3).endswith("read-me-first-a3.pdf · page 2 sur 3 · A3")


def test_a_document_without_rules(plain_game) -> None:
    doc = document(kit(plain_game), "a4", SETTINGS)
    assert plain(doc.pages[0][1].blocks[-1].runs) == "In all: 4 sheets of A4, printed on one side."
    assert len(doc.pages) == 1 and doc.subtitle == "" and doc.players == "1 player" and doc.accent == "#7a2e22"
    assert doc.pages[0][1].title == "Printing on A4"
    assert doc.footer(1, 1) == "Plain · read me first, read-me-first-a4.pdf · page 1 of 1 · A4"


def test_a_document_is_made_of_blocks() -> None:
    table = Table(("a",), ((("x",),),), ("left",))
    doc = Document("b5", "fr", "T", "", "K", "", "#000000", ((Section("S", (table,)),),))
    assert doc.pages[0][0].blocks[0].rows[0][0] == ("x",)
    # (a paper pnp has no name for)
    assert doc.footer(3, 4) == "T · à lire en premier, read-me-first-b5.pdf · page 3 sur 4 · b5"


# --- in other languages: each word in the kit's, each text in the game's first where it lacks the kit's ----

THREE = """\
title: {fr: Minuscule, en: Tiny}
subtitle: {fr: Un jeu, en: A game}
languages: [en, fr, de]
fonts: {heading: SourceSerifPro-Bold, body: SourceSansPro-Regular}
players: {min: 3, max: 3}
readme:
  contents:
    more: {fr: "{count / 8} paquet", en: "{count / 8} pack"}
  rules:
    - heading: {fr: But, en: Goal}
      text: {fr: "Gagnez.", en: "Win."}
components:
  cards:
    type: card
    title: {fr: cartes, en: cards}
    files: cards/*.yaml
    items: cards
    group: {key: suit, fields: {name: text}}
    fields: {name: text, count: int}
    copies: count
    face: layouts/card.yaml
  more: {type: card, title: {fr: autres, en: others}, print: cards, files: chips.yaml, items: chips,
         fields: {name: text}, copies: 4, face: layouts/card.yaml}
  board: {type: board, size: {width: 150mm, height: 400mm}, face: layouts/board.yaml}
  plan: {type: board, size: a4, face: layouts/board.yaml}
"""


@pytest.fixture(scope="module")
def three(folder):
    return folder(THREE, TINY_FILES, clean=False)


def test_texts_in_the_games_first_language(three) -> None:
    de, fr = kit(three, "de"), kit(three, "fr")
    lines = contents(de)
    assert lines[1] == "0,5 pack" and lines[2:] == ["1 Spielplan", "1 Spielplan"]
    assert lines[0] == text("de", "in-groups", items="4 cards", count=2, groups="suits")
    assert contents(fr)[1] == "0,5 paquet"  # (in the kit's language: a decimal comma)
    assert contents(fr)[0] == "4 cards en 2 suits"
    label = print_label(de, [de.get("cards"), de.get("more")])
    assert label.endswith(f" · cards {word('de', 'and')} others")
    assert print_label(fr, [fr.get("cards"), fr.get("more")]) == f"Minuscule · cartes {word('fr', 'and')} autres"
    files = print_files(de, "a4", SETTINGS)
    assert [row(f)[:4] + row(f)[7:8] for f in files] == [
        ("print/cards-a4.pdf", 1, "one-side", f"cards {word('de', 'and')} others", None),
        ("print/board-a4.pdf", 2, "one-side", "board", (2, 1)),  # (two rows of one part)
        ("print/plan-a4.pdf", 1, "one-side", "plan", None)]  # (the set after a board's)
    doc = document(de, "a4", SETTINGS)
    assert (doc.title, doc.subtitle, doc.players) == ("Tiny", "A game", text("de", "players-exactly", n=3))
    assert doc.pages[1] == (Section("Goal", (Paragraph(("Win.",)),)),)
    assert localised({"fr": "Non", "en": "Yes"}, three, "de") == "Yes"
    assert players(SimpleNamespace(players=(3, 3)), "fr") == "3 joueurs"


def test_pnp_s_words_in_the_kit_s_language(tiny) -> None:
    from pnp.words import say

    k = kit(tiny, "fr")
    files = print_files(k, "a4", DUPLEX)
    table = file_table(files, "fr")
    assert [plain(how) for *_, how in table.rows] == [
        text("fr", "row-test"), text("fr", "row-fronts", what="cartes"), text("fr", "row-backs"),
        text("fr", "row-duplex", what="cartes"), text("fr", "row-fronts", what="chips"), text("fr", "row-backs"),
        text("fr", "row-duplex", what="chips"), text("fr", "row-parts", what="board", rows=2, columns=2)]
    assert table.header == (word("fr", "file"), word("fr", "pages"), word("fr", "how"))
    assert printing(k, "a4", DUPLEX).table == table
    assert file_table([PrintFile("print/o.pdf", 1, "one-side", "x", "tile")], "fr").rows[0][2] == say(
        "fr", "row-one-side", what="x")
    steps = printing_steps(k, "a4", files)
    assert [p.runs for p in steps] == [
        say("fr", "step-scale"), say("fr", "step-test", file=FileRef("print/duplex-test-a4.pdf")),
        say("fr", "step-backs"), say("fr", "step-duplex", file=FileRef("print/cards-duplex-a4.pdf")),
        say("fr", "step-one-side", files=[FileRef("print/board-a4.pdf")]), say("fr", "step-paper")]
    two = [PrintFile("print/a.pdf", 1, "one-side", "", "tile"), PrintFile("print/b.pdf", 1, "one-side", "", "tile")]
    assert printing_steps(k, "a4", two)[1].runs == say("fr", "step-one-side", files=[
        FileRef("print/a.pdf"), " et ", FileRef("print/b.pdf")])
    assert sheets_total(files, "a4", "fr").runs == say("fr", "total-both", sheets=7, both=3, paper="A4")
    doc = document(k, "a4", SETTINGS)
    assert doc.kicker == word("fr", "kicker") and doc.pages[0][2].title == word("fr", "assembly")
    assert doc.pages[0][1].blocks[-1] == Paragraph(say("fr", "total-both", sheets=7, both=3, paper="A4"))
    assert doc.pages[1][0].title == "But"
    assert document(k, "a4", SETTINGS, 2).pages[0][1].blocks[-1] == Paragraph(
        say("fr", "total-both", sheets=9, both=3, paper="A4"))


def test_one_sheet_or_one_printed_on_both_sides_is_said_in_the_singular() -> None:
    from pnp.words import say, text

    fronts, one_side = PrintFile("print/f.pdf", 1, "fronts", "", "card"), PrintFile("print/o.pdf", 1, "one-side", "",
                                                                                   "tile")
    assert sheets_total([fronts], "a4", "fr").runs == say("fr", "total-sheet-both", sheets=1, both=1, paper="A4")
    assert sheets_total([one_side], "a4", "fr").runs == say("fr", "total-sheet-one", sheets=1, both=0, paper="A4")
    assert sheets_total([fronts, one_side], "a4", "fr").runs == say("fr", "total-both-1", sheets=2, both=1,
                                                                     paper="A4")
    assert sheets_total([one_side], "a4", "fr", own_pages=1).runs == say("fr", "total-one", sheets=2, both=0,
                                                                          paper="A4")
    assert [text(language, key, sheets=2, both=1, paper="A4") for language in ("en", "fr", "de")
            for key in ("total-both-1", "total-sheet-both", "total-sheet-one")] == [
        "In all: 2 sheets of A4, 1 of them printed on both sides.", "In all: 1 sheet of A4, printed on both sides.",
        "In all: 1 sheet of A4, printed on one side.",
        "En tout\u00a0: 2 feuilles A4, dont 1 imprimée des deux côtés.",
        "En tout\u00a0: 1 feuille A4, imprimée des deux côtés.", "En tout\u00a0: 1 feuille A4, imprimée au recto.",
        "Insgesamt: 2 Blätter A4, davon 1 beidseitig bedruckt.", "Insgesamt: 1 Blatt A4, beidseitig bedruckt.",
        "Insgesamt: 1 Blatt A4, einseitig bedruckt."]


def test_assembly_in_the_kit_s_language(tiny) -> None:
    from pnp.words import say

    k = kit(tiny, "fr")
    files = [PrintFile("print/a.pdf", 1, "fronts", "", "card"), PrintFile("print/b.pdf", 1, "fronts", "", "sheet"),
             PrintFile("print/c.pdf", 1, "one-side", "", "board", parts=(1, 2))]
    settings = PrintSettings((("card", 0.5), ("sheet", 72 / 25.4)))  # (half a point: 0.2 mm)
    assert [p.runs for p in assembly_steps(k, "a4", files, settings)][:2] == [
        say("fr", "cut-marks"), say("fr", "cut-bleed", bleed="0,2\u00a0mm et 1\u00a0mm")]
    steps = [p.runs for p in assembly_steps(k, "a4", files, PrintSettings())]
    assert steps[1] == say("fr", "cut-touch", files=[FileRef("print/a.pdf"), " et ", FileRef("print/b.pdf")])
    assert plain(steps[2]).startswith("c.pdf imprime le plateau en ")


def test_print_settings_of_each_kind() -> None:
    settings = PrintSettings.of(SimpleNamespace(bleed_for=lambda kind: {"card": 1, "token": 3}.get(kind, 2),
                                                duplex=0))
    assert settings.bleeds == (("card", 1.0), ("sheet", 2.0), ("token", 3.0), ("tile", 2.0), ("standee", 2.0),
                               ("die", 2.0), ("board", 2.0))


def test_print_sheets_labelled_and_shared(tiny) -> None:
    from pnp.kit.readme import _MEMO

    k = kit(tiny)
    sheets = print_sheets(k, "cards", [k.get("cards")], "a4", lambda kind: 0.0)
    labels = [n.text for n in sheets.fronts[0].children if isinstance(n, Text)]
    assert any(t.startswith("Tiny · cards") for t in labels), labels
    print_files(k, "letter", SETTINGS)  # (the sheets the build prints, imposed for the read-me-first)
    assert ("sheets", "cards", "letter", (("card", SETTINGS.bleed("card")),)) in _MEMO[k]
    assert ("sheets", "chips", "letter", (("token", SETTINGS.bleed("token")),)) in _MEMO[k]


def test_what_is_wrong_with_a_template_of_the_counts(folder) -> None:
    """Each count is 1 when a template is tried: what fails at 1 is reported."""
    manifest = TINY.replace(
        'cards: {en: "{count} cards of {items} kinds in {groups} suits", fr: "{count} cartes"}',
        'cards: {en: "{1 / (count - 1)}", fr: "{1 / (groups - 1)}"}\n    chips: "{1 / (items - 1)}"')
    found = problems(folder(manifest, TINY_FILES, clean=False))
    assert len(found) == 3 and all(p.startswith(f"readme.contents.{name}: ") for p, name in
                                   zip(found, ("cards", "cards", "chips"))), found
    assert found[0].endswith(" in '{1 / (count - 1)}'") and found[1].endswith(" in '{1 / (groups - 1)}'")
    assert found[2].endswith(" in '{1 / (items - 1)}'")
