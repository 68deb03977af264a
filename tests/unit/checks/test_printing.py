"""pnp.checks.printing: pnp's checks of what printing a game's pieces asks: `template` (every
layout's templates worked out for every piece, in every language), `piece-icons` (the path
segments of the icons one side of a piece places), `piece-too-large` (a piece larger than a
paper inside its margins) and `output-name` (the names a piece's, a back's and a set's files
are written under). The safe zone of pieces printed on demand: test_pod."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from pnp.checks import CHECKS, run_rules
from pnp.checks import printing
from pnp.checks.printing import (MAX_PIECE_SEGMENTS, _placed_segments, output_name, piece_icons, piece_too_large,
                                 shown)
from pnp.problems import Severity
from pnp.units import mm


def problems_of(game, *rules: str) -> list[str]:
    return [p.format() for p in run_rules(game, only=frozenset(rules))]


def test_the_checks_ids_severities_and_limits() -> None:
    assert MAX_PIECE_SEGMENTS == 200_000
    assert [(c, CHECKS[c].severity) for c in ("piece-icons", "piece-too-large", "output-name")] == [
        ("piece-icons", Severity.ERROR), ("piece-too-large", Severity.ERROR), ("output-name", Severity.ERROR)]


# --- piece-too-large ---------------------------------------------------------------------------

LARGE = """
cards:
  type: card
  size: poker
  files: cards.yaml
  items: cards
wide:
  type: card
  size: {width: 300mm, height: 220mm}
  files: wide.yaml
  items: wide
edge:
  type: card
  size: {width: 200mm, height: 287mm}
  files: edge.yaml
  items: wide
over:
  type: card
  size: {width: 200.01mm, height: 100mm}
  files: over.yaml
  items: wide
standees:
  type: standee
  size: {width: 150mm, height: 200mm}
  files: standees.yaml
  items: standees
discs:
  type: token
  size: 270mm
  files: discs.yaml
  items: wide
board:
  type: board
  size: {width: 600mm, height: 600mm}
"""
LARGE_FILES = dict(cards="cards:\n  - {id: king}\n", wide="wide:\n  - {id: one}\n", edge="wide:\n  - {id: one}\n",
                   over="wide:\n  - {id: one}\n", discs="wide:\n  - {id: one}\n",
                   standees="standees:\n  - {id: hero}\n")


def test_a_piece_larger_than_a_paper_inside_its_margins_is_said_with_the_papers_it_does_not_fit(load) -> None:
    game, problems = load(LARGE, **LARGE_FILES)
    assert problems == []
    # a card in a grid may be turned on the paper (the 200.01 mm card fits A4 sideways), a token is packed
    # as it is; a 200 x 287 mm card fits A4 to the hundredth, a standee is printed as a strip, a board in parts
    assert problems_of(game, "piece-too-large") == [
        "game.yaml:14:11: error: components.wide: a 300 x 220 mm wide does not fit A4 (200 x 287 mm inside its "
        "margins), US Letter (206 x 269 mm inside its margins); a board is printed in parts [piece-too-large]",
        "game.yaml:19:11: error: components.edge: a 200 x 287 mm edge does not fit US Letter (206 x 269 mm inside "
        "its margins); a board is printed in parts [piece-too-large]",
        "game.yaml:29:11: error: components.standees: a 150 x 500 mm standee strip (its face, back and flaps) does "
        "not fit A4 (200 x 287 mm inside its margins), US Letter (206 x 269 mm inside its margins), A3 landscape "
        "(410 x 287 mm inside its margins); a board is printed in parts [piece-too-large]",
        "game.yaml:34:11: error: components.discs: a 270 x 270 mm disc does not fit A4 (200 x 287 mm inside its "
        "margins), US Letter (206 x 269 mm inside its margins); a board is printed in parts [piece-too-large]"]


def test_a_piece_without_a_size_of_its_own_is_said_at_its_set(load) -> None:
    game, _ = load(LARGE, **LARGE_FILES)
    wide = game.sets["wide"]
    wide.declaration = {k: v for k, v in wide.declaration.items() if k != "size"}
    assert [str(where) for where, _ in piece_too_large(game)][0] == "game.yaml:13:5"


def test_a_packed_piece_fits_a_paper_inside_its_margins_to_a_millionth_of_a_point(load) -> None:
    from pnp.impose import PAPERS

    game, _ = load(LARGE, **LARGE_FILES)
    a3 = PAPERS["a3"]
    discs = game.sets["discs"]

    def papers() -> list[str]:
        return [m.split(" does not fit ")[1].split(";")[0] for _, m in piece_too_large(game) if "discs" in m]
    discs.width, discs.height = a3.width - mm(10) + 9e-7, a3.height - mm(10) + 9e-7
    assert papers() == ["A4 (200 x 287 mm inside its margins), US Letter (206 x 269 mm inside its margins)"]
    discs.width += 2e-7
    assert papers() == ["A4 (200 x 287 mm inside its margins), US Letter (206 x 269 mm inside its margins), A3 "
                        "landscape (410 x 287 mm inside its margins)"]
    discs.width, discs.height = a3.width - mm(10), a3.height - mm(10) + 2e-6
    assert len(papers()[0].split("), ")) == 3


def test_a_piece_as_large_as_a_paper_inside_its_margins_and_a_millionth_of_a_point_fits_it(load) -> None:
    from pnp.impose import MIN_MARGIN, PAPERS

    game, _ = load(LARGE, **LARGE_FILES)
    a3, discs = PAPERS["a3"], game.sets["discs"]

    def papers() -> str:
        return [m.split(" does not fit ")[1].split(";")[0] for _, m in piece_too_large(game) if "discs" in m][0]
    discs.width, discs.height = a3.width - 2 * MIN_MARGIN + 1e-6, mm(100)
    assert papers() == "A4 (200 x 287 mm inside its margins), US Letter (206 x 269 mm inside its margins)"
    discs.width, discs.height = mm(100), a3.height - 2 * MIN_MARGIN + 1e-6  # as high as A4 and A3 landscape
    assert papers() == "US Letter (206 x 269 mm inside its margins)"


def test_every_printed_set_is_looked_at_after_a_board(load) -> None:
    game, _ = load(LARGE, **LARGE_FILES)
    found = problems_of(game, "piece-too-large")
    game.sets = {"board": game.sets["board"], **game.sets}
    assert problems_of(game, "piece-too-large") == found and len(found) == 4


# --- print-shared ------------------------------------------------------------------------------

SHARED = """
counters: {type: tile, shape: square, size: 17mm, files: counters.yaml, items: pieces, print: pions}
chips: {type: token, size: 16mm, files: chips.yaml, items: pieces, print: pions}
cards: {type: card, files: cards.yaml, items: pieces, print: more}
aid: {type: sheet, files: aid.yaml, items: pieces, print: more}
pawns: {type: standee, size: {width: 20mm, height: 30mm}, files: pawns.yaml, items: pieces, print: pions}
heroes: {type: standee, size: {width: 25mm, height: 30mm}, files: heroes.yaml, items: pieces, print: figures}
villains: {type: standee, size: {width: 20mm, height: 30mm}, files: villains.yaml, items: pieces, print: figures}
dice: {type: die, size: 13mm, files: dice.yaml, items: pieces, print: more}
more: {type: board, size: {width: 200mm, height: 200mm}, files: more.yaml, items: pieces}
"""


def test_only_pieces_printed_as_they_are_share_a_file_with_another_type(load) -> None:
    """Tiles and tokens, cards and sheets share; standees share with standees; a standee, a
    die's strip or a board does not share with another type, said where its print: is (or
    at the set, for the board whose name the others took)."""
    game, problems = load(SHARED, **{name: "pieces:\n  - {id: a}\n" for name in (
        "counters", "chips", "cards", "aid", "pawns", "heroes", "villains", "more")},
                          dice="pieces:\n  - {id: a, faces: ['1', '2', '3', '4', '5', '6']}\n")
    assert problems == []
    assert problems_of(game, "print-shared") == [
        "game.yaml:11:102: error: components.pawns: its print file 'pions' is shared with set 'counters', a tile; a "
        "standee is printed as a strip (its face, back and flaps) and shares its print file only with sets of its "
        "own type [print-shared]",
        "game.yaml:14:73: error: components.dice: its print file 'more' is shared with set 'cards', a card; a die is "
        "printed as a strip (its six stickers) and shares its print file only with sets of its own type "
        "[print-shared]",
        "game.yaml:15:9: error: components.more: its print file 'more' is shared with set 'cards', a card; a board "
        "is printed whole and shares its print file only with sets of its own type [print-shared]"]
    assert CHECKS["print-shared"].severity == Severity.ERROR and printing.print_shared is not None


# --- output-name -------------------------------------------------------------------------------

NAMES = """
cards:
  type: card
  size: poker
  files: cards.yaml
  items: cards
  fields: {title: text}
  face: plain.yaml
  back: plain.yaml
aux:
  type: token
  size: 20mm
  print: con
  files: chips.yaml
  items: chips
  name: "{title}"
  fields: {title: text}
  face: chip.yaml
  back: chip.yaml
extra:
  type: token
  size: 20mm
  print: con
  files: extra.yaml
  items: extra
  name: "{id}"
  face: chip.yaml
nul:
  type: board
  size: {width: 200mm, height: 200mm}
  face: plain.yaml
"""
NAMES_FILES = dict(
    cards="cards:\n  - {id: king, title: King}\n  - {id: back, title: Back}\n  - {id: queen, title: Queen}\n",
    chips="chips:\n  - {id: gold, title: {en: Gold., fr: Or}}\n  - {id: lead, title: {en: lead, fr: Lead}}\n"
          "  - {id: tin, title: {en: x, fr: \"Plomb/\"}}\n",
    extra="extra:\n  - {id: lead}\n  - {id: gold}\n",
    plain="extends: builtin:card\n", chip="extends: builtin:token\n")


def test_names_pnp_would_not_write_and_names_written_twice(load) -> None:
    game, problems = load(NAMES, **NAMES_FILES)
    assert problems == []
    folder = "which is not a file name pnp writes: Windows keeps the name"
    assert problems_of(game, "output-name") == [
        f"game.yaml:16:5: error: set 'aux' would be written into the folder png/aux/, {folder} 'aux' for a device "
        "[output-name]",
        f"game.yaml:18:12: error: set 'aux' would be written into the folder png/con/, {folder} 'con' for a device "
        "[output-name]",
        f"game.yaml:34:5: error: set 'nul' would be written into the folder png/nul/, {folder} 'nul' for a device "
        "[output-name]",
        f"game.yaml:34:5: error: board 'nul' would be written as png/nul.png, {folder} 'nul' for a device "
        "[output-name]",
        "cards.yaml:3:10: error: card 'back' would be written as png/cards/back.png, where a back of the cards is: "
        "give it another id [output-name]",
        "chips.yaml:2:10: error: aux 'gold' would be written as png/con/Gold..png, which is not a file name pnp "
        "writes: it ends with a dot [output-name]",
        "extra.yaml:2:10: error: extra 'lead' would be written as png/con/lead.png, where aux 'lead' is: change the "
        "name: of set 'extra' or of set 'aux' [output-name]",
        "chips.yaml:4:10: error: aux 'tin' would be written in fr as png/con/Plomb/.png, which is not a file name "
        "pnp writes: it holds a slash [output-name]"]
    game.complete = False
    assert list(output_name(game)) == []


CLASHES = """
facts:
  type: data
  files: facts.yaml
  items: facts
map:
  type: board
  size: {width: 200mm, height: 200mm}
  face: plain.yaml
deck:
  type: card
  size: poker
  print: map
  files: deck.yaml
  items: deck
  fields: {title: text}
  name: "{title}"
  face: plain.yaml
  back: own.yaml
deck-king:
  type: card
  size: poker
  print: map
  files: king.yaml
  items: king
  face: plain.yaml
  back: plain.yaml
aux:
  type: token
  size: 20mm
  files: aux.yaml
  items: aux
  face: chip.yaml
"""
DECK = """\
deck:
  - {id: map, title: map}
  - {id: x1, title: a/b}
  - {id: x2, title: a/b}
  - {id: d, title: dup}
  - {id: d, title: dup}
  - {id: e, title: same}
  - {id: f, title: same}
  - {id: p, title: deck-q-back}
  - {id: q, title: q}
  - {id: king, title: king}
  - {id: h, title: {en: h, fr: hh}}
  - {id: i, title: {en: i, fr: hh}}
"""


def test_names_written_twice_a_piece_renamed_before_a_back_and_a_back_before_another(load) -> None:
    # the deck and the deck king share the board's folder, png/map/: their backs are named after their sets;
    # the deck's backs show the item's id (one back each, named after the item's name), the deck king's one
    # item has the set's back
    game, problems = load(CLASHES, facts="facts:\n  - {id: one}\n", deck=DECK, king="king:\n  - {id: z}\n",
                          aux="aux:\n  - {id: one}\n", plain="extends: builtin:card\n", chip="extends: builtin:token\n",
                          own="extends: builtin:card\nboxes:\n  t: {x: 5, y: 5, width: 10, height: 10, text: \"{id}\"}\n")
    assert problems == []
    slash = "which is not a file name pnp writes: it holds a slash [output-name]"
    # the data set first is passed over; the board map and the piece map are not in one folder; each of two
    # pieces with one bad name is said (their one back once); two items of a set with one id are left to
    # duplicate-id; the piece p, before the back named like it, is the one to rename; two backs: the second
    assert problems_of(game, "output-name") == [
        "game.yaml:34:5: error: set 'aux' would be written into the folder png/aux/, which is not a file name pnp "
        "writes: Windows keeps the name 'aux' for a device [output-name]",
        f"deck.yaml:3:10: error: deck 'x1' would be written as png/map/a/b.png, {slash}",
        f"deck.yaml:3:10: error: the back of deck 'x1' would be written as png/map/deck-a/b-back.png, {slash}",
        f"deck.yaml:4:10: error: deck 'x2' would be written as png/map/a/b.png, {slash}",
        "deck.yaml:8:10: error: deck 'f' would be written as png/map/same.png, where deck 'e' is: give it another "
        "id or name [output-name]",
        "deck.yaml:9:10: error: deck 'p' would be written as png/map/deck-q-back.png, where a back of the deck is: "
        "give it another id or name [output-name]",
        "king.yaml:2:10: error: the back of deck king 'z' would be written as png/map/deck-king-back.png, where a "
        "back of the deck is: give the item another id [output-name]",
        "deck.yaml:13:10: error: deck 'i' would be written in fr as png/map/hh.png, where deck 'h' is: give it "
        "another id or name [output-name]"]


def test_shown_cuts_a_long_path_in_its_middle() -> None:
    assert shown("a" * 80) == "a" * 80
    long = "".join(chr(ord("a") + i % 26) for i in range(81))
    assert shown(long) == long[:50] + "…" + long[-25:]
    assert len(shown(long)) == 76


# --- piece-icons -------------------------------------------------------------------------------

ICONS = """
cards:
  type: card
  size: poker
  files: cards.yaml
  items: cards
  fields: {crowns: {type: int, default: 0}, emblem: {type: icon, optional: true}, marks: {type: list, of: int, default: []}}
  face: face.yaml
  back: back.yaml
plain:
  type: card
  size: poker
  files: plain.yaml
  items: plain
  face: back.yaml
"""
ICON_FACE = """\
extends: builtin:card
boxes:
  crown: {x: 5, y: 5, width: 10, height: 10, icon: crown}
  mirrored: {x: 20, y: 5, width: 10, height: 10, icon: crown, mirror: true}
  hidden: {x: 5, y: 20, width: 10, height: 10, icon: crown, if: "crowns > 5"}
  medal: {x: 5, y: 35, width: 10, height: 10, medallion: "{emblem}"}
  row:
    x: 5
    y: 50
    width: 50
    height: 10
    row:
      icons:
        - {icon: crown, count: crowns}
  group:
    x: 5
    y: 65
    width: 20
    height: 10
    group: true
    boxes:
      a: {x: 0, y: 0, width: 5, height: 5, icon: crown}
  picture:
    x: 30
    y: 65
    width: 10
    height: 10
    image: "{game.title}"
    else: {icon: crown}
  marks:
    x: 45
    y: 5
    width: 10
    height: 40
    list: marks
    boxes:
      mark: {x: 0, y: 0, width: 5, height: 5, icon: crown, if: "entry > number"}
"""
ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0L10 10L0 10Z"/></svg>'


def icons_game(load, tmp_path: Path):
    (tmp_path / "icons").mkdir()
    (tmp_path / "icons" / "crown.svg").write_text(ICON, "utf-8")
    game, problems = load(ICONS, cards="cards:\n  - {id: king, crowns: 2, emblem: crown, marks: [5, 1, 7]}\n"
                                       "  - {id: back}\n  - {id: queen, crowns: 7}\n",
                          plain="plain:\n  - {id: one}\n", face=ICON_FACE,
                          back="extends: builtin:card\nboxes:\n  t: {x: 5, y: 5, width: 10, height: 10, text: x}\n")
    assert problems == []
    assert game.icons["crown"].segments == 4
    return game


def test_the_segments_each_side_places_as_pnp_draws_them(load, tmp_path: Path, monkeypatch) -> None:
    game = icons_game(load, tmp_path)
    monkeypatch.setattr(printing, "MAX_PIECE_SEGMENTS", 19)
    # the king: 4 (crown) + 8 (mirrored: drawn twice) + 4 (medallion) + 2 x 4 (row) + 4 (group) + 4 (else)
    # + 2 x 4 (marks above their number); the back: 4 + 8 + 4 + 4; the queen: + 4 (shown) + 7 x 4 (row)
    assert problems_of(game, "piece-icons") == [
        "cards.yaml:2:5: error: card 'king': layout 'face.yaml' places icons of 40 path segments in all, more than "
        "pnp draws on one piece (19): place fewer or simpler icons [piece-icons]",
        "cards.yaml:3:5: error: card 'back': layout 'face.yaml' places icons of 20 path segments in all, more than "
        "pnp draws on one piece (19): place fewer or simpler icons [piece-icons]",
        "cards.yaml:4:5: error: card 'queen': layout 'face.yaml' places icons of 52 path segments in all, more than "
        "pnp draws on one piece (19): place fewer or simpler icons [piece-icons]"]
    monkeypatch.setattr(printing, "MAX_PIECE_SEGMENTS", 20)  # as many as pnp draws
    assert [m.split(":")[0] for _, m in piece_icons(game)] == ["card 'king'", "card 'queen'"]


def test_thousands_are_written_with_commas(load, tmp_path: Path, monkeypatch) -> None:
    game = icons_game(load, tmp_path)
    monkeypatch.setattr(printing, "_placed_segments", lambda box, ctx, env: 100_000 if box.name == "crown" else 1)
    assert list(piece_icons(game)) == []  # 100,007 of 200,000
    monkeypatch.setattr(printing, "MAX_PIECE_SEGMENTS", 100_006)
    assert [m for _, m in piece_icons(game)][0] == (
        "card 'king': layout 'face.yaml' places icons of 100,007 path segments in all, more than pnp draws on one "
        "piece (100,006): place fewer or simpler icons")


def test_a_game_without_icons_places_none(load, tmp_path: Path, monkeypatch) -> None:
    game = icons_game(load, tmp_path)
    monkeypatch.setattr(printing, "MAX_PIECE_SEGMENTS", 0)
    assert len(list(piece_icons(game))) == 3
    game.icons = {}
    assert list(piece_icons(game)) == []


def test_a_box_whose_template_fails_places_nothing(load, tmp_path: Path) -> None:
    from pnp.boxes.context import Context

    game = icons_game(load, tmp_path)
    layout = game.sets["cards"].faces["face.yaml"]
    ctx = Context({}, game.icons, {}, "en", "en", layout)
    env = dict(game.views("en").env(game.sets["cards"].items[0]), colours=layout.colours)
    boxes = {box.name: box for box in layout.boxes}
    assert [_placed_segments(boxes[name], ctx, env) for name in boxes] == [4, 8, 0, 4, 8, 4, 4, 8]
    assert _placed_segments(boxes["hidden"], ctx, {}) == 0  # crowns is not known: its condition fails


MAPS = """
maps:
  type: card
  size: poker
  files: maps.yaml
  items: maps
  face: words.yaml
  back: hexes.yaml
rolls:
  type: card
  size: poker
  files: rolls.yaml
  items: rolls
  fields: {level: {type: int, default: 0}}
  face: rows.yaml
  back: more.yaml
board:
  type: board
  size: {width: 200mm, height: 200mm}
  face: board.yaml
"""
HEXES = """\
extends: builtin:card
boxes:
  plain: {x: 5, y: 5, width: 50, height: 20, hexmap: "[]", columns: 2, rows: 1, symbol: "{id}"}
  scattered: {x: 5, y: 30, width: 50, height: 20, hexmap: "[]", columns: 1, rows: 1, symbol: crown, scatter: true}
  named: {x: 5, y: 55, width: 50, height: 20, hexmap: "[]", columns: "len(id)", rows: 1,
          symbol: "{cell.name if cell.name == 'B1' else ''}"}
  bare: {x: 5, y: 75, width: 50, height: 10, hexmap: "[]", columns: 2, rows: 1}
"""
ROWS = """\
extends: builtin:card
boxes:
  steps:
    x: 5
    y: 5
    width: 10
    height: 40
    list: "[1, 3, 3]"
    boxes:
      step: {x: 0, y: 0, width: 5, height: 5, icon: crown, if: "entry > number"}
"""
MORE = """\
extends: builtin:card
colours: {ink: "#112233"}
boxes:
  levels:
    x: 5
    y: 5
    width: 10
    height: 40
    list: "[1]"
    boxes:
      level: {x: 0, y: 0, width: 5, height: 5, icon: crown, if: "level > 1"}
  group:
    x: 20
    y: 5
    width: 10
    height: 10
    group: true
    boxes:
      a: {x: 0, y: 0, width: 5, height: 5, icon: crown, if: "level > 1"}
  picture:
    x: 30
    y: 5
    width: 10
    height: 10
    image: "{game.title}"
    else: {icon: crown, if: "level > 1"}
  inked: {x: 40, y: 5, width: 10, height: 10, icon: crown, if: "colours.ink == '#112233'"}
  pinned: {x: 40, y: 20, width: 20, height: 20, locator: board, symbol: crown, if: "level > 1"}
  unpinned: {x: 40, y: 45, width: 20, height: 20, locator: board}
"""


def maps_game(load, tmp_path: Path):
    (tmp_path / "icons").mkdir()
    for name in ("crown", "one", "B1"):
        (tmp_path / "icons" / f"{name}.svg").write_text(ICON, "utf-8")
    game, problems = load(MAPS, maps="maps:\n  - {id: one}\n", rolls="rolls:\n  - {id: two, level: 2}\n", hexes=HEXES,
                          rows=ROWS, more=MORE, words="extends: builtin:card\nboxes:\n  t: {x: 5, y: 5, width: 10, height: 10, text: x}\n",
                          board="extends: builtin:card\nboxes:\n  mark: {x: 5, y: 5, width: 10, height: 10, icon: \"{map.mark}\"}\n")
    assert problems == []
    return game


def segments(game, component: str, layout: str) -> list[int]:
    from pnp.boxes.context import Context

    found = game.sets[component]
    layout = {**found.faces, **found.backs}[layout]
    ctx = Context({}, game.icons, {}, "en", "en", layout)
    env = dict(game.views("en").env(found.items[0]), colours=layout.colours)
    return [_placed_segments(box, ctx, env) for box in layout.boxes]


def test_a_hexmap_places_its_symbol_once_in_each_cell_or_seven_times_scattered(load, tmp_path: Path) -> None:
    game = maps_game(load, tmp_path)
    # two cells of the item's icon (one), 4 each; one cell scattered, 7 x 4; as many columns as the id has
    # letters, and of A1, B1 and C1 only B1 names an icon; no symbol, none
    assert segments(game, "maps", "hexes.yaml") == [8, 28, 4, 0]


def test_each_list_row_group_box_and_box_drawn_instead_is_placed_for_the_item(load, tmp_path: Path) -> None:
    game = maps_game(load, tmp_path)
    # rows numbered from 1: of 1, 3, 3 only the second is above its number; each row, the group's box, the box
    # drawn in the picture's stead see the item (level 2), a box the layout's colours, a locator its pin's symbol
    assert segments(game, "rolls", "rows.yaml") == [4]
    assert segments(game, "rolls", "more.yaml") == [4, 4, 4, 4, 4, 0]


def test_every_layout_placing_icons_is_counted_a_board_with_its_map(load, tmp_path: Path, monkeypatch) -> None:
    game = maps_game(load, tmp_path)
    # a board drawn once from its map: the map's view in the game's language
    game.sets["board"].settings = SimpleNamespace(view=lambda *languages: {"mark": "crown"} if languages == ("en", "en")
                                                  else {})
    monkeypatch.setattr(printing, "MAX_PIECE_SEGMENTS", 3)
    more = "more than pnp draws on one piece (3): place fewer or simpler icons [piece-icons]"
    # the maps' face places no icon (and is passed over), their back does; the rolls' face places icons only in
    # a list's rows
    assert problems_of(game, "piece-icons") == [
        f"maps.yaml:2:5: error: map 'one': layout 'hexes.yaml' places icons of 40 path segments in all, {more}",
        f"rolls.yaml:2:5: error: roll 'two': layout 'rows.yaml' places icons of 4 path segments in all, {more}",
        f"rolls.yaml:2:5: error: roll 'two': layout 'more.yaml' places icons of 20 path segments in all, {more}",
        f"game.yaml:23:5: error: components.board: layout 'board.yaml' places icons of 4 path segments in all, {more}"]


def test_an_icon_is_named_in_the_games_first_language(load, tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "icons").mkdir()
    (tmp_path / "icons" / "n1,5.svg").write_text(ICON, "utf-8")
    game, problems = load("sizes: {type: card, size: poker, files: sizes.yaml, items: sizes, fields: {size: number}, "
                          "face: sized.yaml}", sizes="sizes:\n  - {id: one, size: 1.5}\n",
                          sized="extends: builtin:card\nboxes:\n  n: {x: 5, y: 5, width: 10, height: 10, icon: \"n{size}\"}\n")
    assert problems == []
    monkeypatch.setattr(printing, "MAX_PIECE_SEGMENTS", 3)
    assert problems_of(game, "piece-icons") == []  # in English, n1.5: no icon
    game.languages = ("fr", "en")  # in French, with a decimal comma: n1,5
    assert problems_of(game, "piece-icons") == [
        "sizes.yaml:2:5: error: size 'one': layout 'sized.yaml' places icons of 4 path segments in all, more than "
        "pnp draws on one piece (3): place fewer or simpler icons [piece-icons]"]


# --- template ----------------------------------------------------------------------------------

WORKED = """
cards:
  type: card
  size: poker
  files: [cards.yaml]
  items: cards
  fields: {name: text, plain: {type: int, default: 0}, mark: {type: text, default: star}}
  face: face.yaml
  back: back.yaml
board:
  type: board
  size: {width: 100mm, height: 100mm}
  face: board.yaml
"""
CARDS = """\
cards:
  - {id: a, name: {en: Ann, fr: Anne}, plain: 1, mark: moon}
  - {id: b, name: {en: Bo, fr: Bo}, mark: moon}
  - {id: c, name: {en: Cy, fr: Cyde}, plain: 2, mark: stars}
"""
WORKED_FACE = """\
extends: builtin:card
values: {tenth: "10 / plain"}
background: "{colours.papr}"
boxes:
  fine: {x: 5, y: 5, width: 50, height: 5, text: "{name}"}
  kept: {x: 5, y: 10, width: 50, height: 5, text: "{tenth}", if: "plain > 0"}
  french: {x: 5, y: 15, width: 50, height: 5, text: {en: "{name}", fr: "{[1, 2, 3][len(name)]}"}}
  mark: {x: 5, y: 20, width: 5, height: 5, icon: "{mark}"}
  rows:
    x: 5
    y: 30
    width: 50
    height: 20
    list: "[1, 0]"
    boxes: {n: {x: 0, y: 0, width: 50, height: 5, text: "{10 // entry}"}}
"""
WORKED_BOARD = """\
extends: builtin:card
boxes:
  title: {x: 5, y: 5, width: 50, height: 5, text: "{game.title.nothing}"}
"""


def worked_game(load, tmp_path: Path):
    (tmp_path / "icons").mkdir()
    (tmp_path / "icons" / "star.svg").write_text(ICON, "utf-8")
    game, problems = load(WORKED, cards=CARDS, face=WORKED_FACE, back="extends: builtin:card\nboxes: {}\n",
                          board=WORKED_BOARD)
    assert problems == []
    return game


def test_every_layout_is_worked_out_for_every_piece_in_every_language(load, tmp_path: Path) -> None:
    game = worked_game(load, tmp_path)
    # each once where it is written, with the first piece it fails for (and in which language, if not the
    # first) and how many more, in the order met: set by set, layout by layout, language by language
    assert problems_of(game, "template") == [
        # the background, for each piece drawn
        "face.yaml:3:13: error: layout 'face.yaml': background: no field 'papr' (did you mean 'paper'?) in "
        "'{colours.papr}', for card 'a' and 1 more [template]",
        # an icon the game does not have, for each piece naming one
        "face.yaml:8:9: error: layout 'face.yaml': box 'mark': no icon 'moon' (the game's icons: star), for card 'a' "
        "[template]",
        # a box's own boxes, each row: located at the box that holds them
        "face.yaml:10:5: error: layout 'face.yaml': box 'rows': division by zero, for card 'a' and 1 more [template]",
        # a value, for the pieces it fails for (nothing else of the layout is worked out for them)
        "face.yaml:2:17: error: layout 'face.yaml': values.tenth: division by zero, for card 'b' [template]",
        "face.yaml:8:9: error: layout 'face.yaml': box 'mark': no icon 'stars' (did you mean 'star'?), for card 'c' "
        "[template]",
        # a language's own template, in its language
        "face.yaml:7:11: error: layout 'face.yaml': box 'french': index 4 is out of range (the list has 3 elements), "
        "for card 'a' in fr and 1 more [template]",
        # a board drawn from the whole set, once
        "board.yaml:3:10: error: layout 'board.yaml': box 'title': cannot read field 'nothing' of text, for board "
        "'board' [template]"]
