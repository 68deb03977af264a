"""pnp.exports.tts: a set of cards as deck sheets of at most 10 x 7 cells and at least two rows
(the last cell the hidden card), drawn by the workers and kept when unchanged; the saved object
Tabletop Simulator loads: a Deck lying face down whose cards carry their own CustomDeck entry
and CardID, tokens and tiles as custom tiles of their own shape (a box, a hex, a circle),
boards locked, standees as figurines, each object's scale its height over what Tabletop
Simulator draws at 1.0, laid out in rows, its GUIDs the same on every build, and every image
named by the base URL given or its file:/// URL."""

from __future__ import annotations

import io
import json
import re
import math
from pathlib import Path
from types import SimpleNamespace

import pytest
from PIL import Image

from pnp.exports import tts
from pnp.exports.tabletopia import TabletopiaObject
from pnp.exports.tts import (CARD_AT_1, COLUMNS, FACE_DOWN, FACE_UP, GAP, PER_SHEET, ROW_WIDTH, ROWS, SHEET_PX,
                             THICKNESS, TILE_AT_1, TILE_TYPES, UNIT_MM, Guids, SavedObject, Sheet, Spot, arrange,
                             common, content_name, deck_sheets, HASH_LENGTH, pointy, TURNED, turn_image, deck_spot, draw_sheet, files, image_spots, on_its_own, transform)
from pnp.kit.pieces import Piece, PieceSet
from pnp.model.game import Text as Words
from pnp.scene import Definition, Group, Rect, Style, Text, single
from pnp.units import mm

POKER = (mm(63.5), mm(88.9))
POKER_DPI = 409 / (mm(63.5) / 72)  # a poker card is 2.5 in wide: 409 px a cell (4096 px over 10 columns)


def described(part: object) -> str:
    """What a key is made of, readably: a drawing by its id, a list by its parts."""
    if isinstance(part, Definition):
        return part.id
    if isinstance(part, (list, tuple)):
        return "[" + ", ".join(described(p) for p in part) + "]"
    return repr(part)


class Files:
    """A built kit's folder as the export sees it (pnp.exports.KitFiles), recording what it is
    asked: `kept` are the files an earlier build left, with the keys they were drawn from."""

    def __init__(self, out: Path, kept: dict[str, str] | None = None) -> None:
        self.out = out
        self.chars: dict = {}
        self.kept = kept or {}
        self.calls: list[tuple] = []
        self.jobs: list[tuple] = []  # each job, the function it runs and what gives its arguments
        self.written: dict[str, bytes] = {}

    def path(self, relative: str) -> str:
        return str(self.out / relative)

    def files(self) -> list[str]:  # (what the build made before the exports: here, no rulebook)
        return []

    def key(self, *parts: object) -> str:
        return "key " + described(parts)

    def key_of(self, relative: str) -> str:
        return f"key of {relative}"

    def reusable(self, relative: str, key: str, counted: bool = True) -> bool:
        self.calls.append(("reusable", relative, counted))
        return self.kept.get(relative) == key

    def later(self, function, arguments, after=()) -> str:
        job = f"job {len(self.jobs) + 1}"
        self.jobs.append((job, function, arguments))
        return job

    def documents(self, pages, chars) -> tuple:  # (no print file here: one PDF of the pages)
        return (lambda: [self.document(pages, chars)]), []

    def document(self, pages, chars=None) -> str:
        self.calls.append(("document", list(pages), chars))
        return "pdf of " + ", ".join(p.definitions[0].id for p in pages)

    def advance(self, files: int = 1) -> None:
        self.calls.append(("advance", files))

    def wait_for(self, jobs, taken) -> None:
        self.calls.append(("wait for", list(jobs)))
        for job in jobs:
            taken(job)

    def made(self, relative: str, key: str) -> None:
        self.calls.append(("made", relative, key))

    def make(self, relative: str, key: str, produce) -> None:
        self.calls.append(("make", relative, key))
        self.written[relative] = produce()

    def write(self, relative: str, data, key=None) -> None:
        self.written[relative] = data if isinstance(data, bytes) else b"".join(data)

    def stage(self, label: str, total: int) -> None:
        self.calls.append(("stage", label, total))


def drawing(id: str, size: tuple[float, float] = POKER, words: str = "") -> Definition:
    content = (Rect(0, 0, *size, Style(fill="#336699")),) + ((Text(5, 20, words, "body", 9, "#000000"),)
                                                             if words else ())
    return Definition(id, *size, Group(content))


def piece(id: str, back: Definition | None = None, copies: int = 1, label: str = "",
          face: Definition | None = None) -> Piece:
    item = SimpleNamespace(id=id, group=None, position=1)
    return Piece(item, id, face or drawing(id), back, back.id if back else None, copies, label or id.title())


def cards(name: str, *made: Piece, size: tuple[float, float] = POKER, title: object = "Cards",
          type: str = "card") -> PieceSet:
    component = SimpleNamespace(name=name, type=type, shape="rect", width=size[0], height=size[1], declaration={},
                                title=Words.from_data(title))
    return PieceSet(component, list(made))


def many(n: int, back: Definition | None = None) -> PieceSet:
    return cards("deck", *(piece(f"c{i}", back) for i in range(n)))


def unhashed(value):
    """What the export made, its images' names without their content hash (`deck-1-0a1b2c3d.jpg`
    is `deck-1.jpg`): each name's hash is content_name's, tested on its own."""
    if isinstance(value, str):
        return re.sub(r"-[0-9a-f]{8}(\.(?:jpg|png))", r"\1", value)
    if isinstance(value, Sheet):
        return Sheet(unhashed(value.file), value.columns, value.rows, unhashed(value.backs))
    if isinstance(value, (list, tuple)):
        return type(value)(unhashed(v) for v in value)
    if isinstance(value, dict):
        return {k: unhashed(v) for k, v in value.items()}
    return value


def grids(sheets: list[Sheet]) -> list[tuple[int, int]]:
    return [(s.columns, s.rows) for s in sheets]


def test_constants() -> None:
    """What Tabletop Simulator takes: 10 x 7 cells a sheet (the last the hidden card), 4096 px
    wide; a table unit of an inch; a card 3.5 units tall and a tile 1.318 units at scale 1.0."""
    assert (COLUMNS, ROWS, PER_SHEET, SHEET_PX) == (10, 7, 69, 4096)
    assert (UNIT_MM, CARD_AT_1, TILE_AT_1, THICKNESS, GAP, ROW_WIDTH) == (25.4, 3.5, 1.318, 0.1, 0.75, 40.0)
    # custom tiles: 0 a box, 1 a hex, 2 a circle (square and round pieces are no hexes)
    assert TILE_TYPES == {"rect": 0, "square": 0, "hex": 1, "round": 2}
    assert FACE_DOWN == {"rotX": 0.0, "rotY": 180.0, "rotZ": 180.0}
    assert FACE_UP == {"rotX": 0.0, "rotY": 180.0, "rotZ": 0.0}
    assert (TURNED, HASH_LENGTH) == (90.0, 8)


def test_a_transform() -> None:
    """On the table at (x, z), rounded to 4 places, facing the players (or face down), scaled
    alike across and along, its thickness as it is."""
    assert transform(1.23456, -2.00004, 0.714286) == {
        "posX": 1.2346, "posY": 1.0, "posZ": -2.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 0.0,
        "scaleX": 0.7143, "scaleY": 1.0, "scaleZ": 0.7143}
    assert transform(0, 0, 2, face_down=True, y=3.123456) == {
        "posX": 0, "posY": 3.1235, "posZ": 0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
        "scaleX": 2, "scaleY": 1.0, "scaleZ": 2}
    assert list(transform(0, 0, 1)) == ["posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ"]


def test_guids_are_the_same_on_every_build_and_never_twice() -> None:
    guids = Guids("Game")
    assert [guids() for _ in range(4)] == ["7d1435", "9971fa", "6e0913", "3c0ed1"]  # sha256 of "Game:0" ...
    assert guids.used == {"7d1435", "9971fa", "6e0913", "3c0ed1"}
    assert Guids("Other")() != "7d1435"
    taken = Guids("Game")
    taken.used = {"9971fa"}  # "Game:1" is taken: the next number's
    assert taken() == "6e0913"
    assert taken() == "3c0ed1"  # (three used: "Game:3")
    assert taken.used == {"9971fa", "6e0913", "3c0ed1"}


def test_the_fields_every_object_has() -> None:
    where = transform(0, 0, 1)
    found = common(Guids("Game"), "Card", "King", where, CardID=100, Hands=True)
    assert found == {
        "GUID": "7d1435", "Name": "Card", "Transform": where, "Nickname": "King", "Description": "", "GMNotes": "",
        "ColorDiffuse": {"r": 1.0, "g": 1.0, "b": 1.0}, "Locked": False, "Grid": True, "Snap": True,
        "IgnoreFoW": False, "Autoraise": True, "Sticky": True, "Tooltip": True, "GridProjection": False,
        "HideWhenFaceDown": False, "Hands": True, "CardID": 100}
    assert list(found)[:4] == ["GUID", "Name", "Transform", "Nickname"]
    assert list(found)[-1] == "CardID"


# --- deck sheets ------------------------------------------------------------------------------

@pytest.mark.parametrize("count, expected", [
    (1, [(1, 2)]),  # the card and the hidden card: one above the other, never a single row
    (2, [(2, 2)]),
    (9, [(5, 2)]),
    (19, [(10, 2)]),
    (20, [(7, 3)]),
    (69, [(10, 7)]),
    (70, [(10, 7), (1, 2)]),
    (139, [(10, 7), (10, 7), (1, 2)]),
    (140, [(10, 7), (10, 7), (2, 2)]),
])
def test_deck_sheets_have_at_least_two_rows(tmp_path: Path, count: int, expected: list) -> None:
    """Tabletop Simulator takes no sheet of a single row: a sheet is at least two rows of
    cells, at most 10 x 7, with a cell for each card and one for the hidden card."""
    sheets, back, _ = deck_sheets(Files(tmp_path), many(count))
    assert grids(sheets) == expected
    assert [unhashed(s.file) for s in sheets] == [f"deck-{n}.jpg" for n in range(1, len(expected) + 1)]
    assert unhashed(back) == "deck-back.jpg"


def test_every_deck_fits_its_sheets(tmp_path: Path) -> None:
    for count in range(1, 150):
        sheets, _, _ = deck_sheets(Files(tmp_path), many(count))
        assert len(sheets) == math.ceil(count / 69)
        for number, sheet in enumerate(sheets):
            shown = min(69, count - 69 * number)
            assert 2 <= sheet.rows <= 7 and 1 <= sheet.columns <= 10, (count, sheet)
            assert shown + 1 <= sheet.columns * sheet.rows < shown + 1 + sheet.rows, (count, sheet)


def test_a_deck_sharing_its_back(tmp_path: Path) -> None:
    """Cards that share a back: a sheet of faces a job each (the hidden card, the back, first),
    and the back alone as a sheet of one cell, each drawn at 409 px a card's width."""
    back = drawing("back", words="Bk")
    deck = cards("deck", piece("a", back), piece("b", back, 3))
    files = Files(tmp_path)
    sheets, back_file, wait = deck_sheets(files, deck)
    assert unhashed(sheets) == [Sheet("deck-1.jpg", 2, 2, None)]
    assert unhashed(back_file) == "deck-back.jpg"
    a, b = (p.face for p in deck.pieces)
    assert unhashed(files.calls) == [("reusable", "tts/deck-1.jpg", False), ("reusable", "tts/deck-back.jpg", False)]
    assert [(job, function) for job, function, _ in files.jobs] == [("job 1", draw_sheet), ("job 2", draw_sheet)]
    files.calls.clear()
    assert unhashed(files.jobs[0][2]()) == (["pdf of back, a, b"], pytest.approx(POKER_DPI), str(tmp_path / "tts/deck-1.jpg"),
                                  2, 2, [[], [0], [1]])
    assert unhashed(files.jobs[1][2]()) == (["pdf of back"], pytest.approx(POKER_DPI), str(tmp_path / "tts/deck-back.jpg"),
                                  1, 1, [[]])
    # each PDF has the characters of the whole deck
    assert files.calls == [("document", [single(back), single(a), single(b)], {"body": frozenset("Bk")}),
                           ("document", [single(back)], {"body": frozenset("Bk")})]
    assert set(files.chars) == {id(back), id(a), id(b)}  # (read once, for every sheet)
    files.calls.clear()
    wait()
    assert unhashed(files.calls) == [("advance", 0), ("wait for", ["job 1", "job 2"]),
                           ("made", "tts/deck-1.jpg", files.key("tts", [a, b], back, POKER_DPI)),
                           ("made", "tts/deck-back.jpg", files.key("tts-back", back, POKER_DPI))]


def test_a_deck_whose_backs_differ(tmp_path: Path) -> None:
    """Backs of their own: a sheet of backs behind each sheet of faces, cell for cell (a card
    without a back shows its face there), and no back alone."""
    north, south = drawing("north", words="N"), drawing("south", words="S")
    deck = cards("deck", piece("a", north, face=drawing("a", words="a")), piece("b", south), piece("c"))
    files = Files(tmp_path)
    sheets, back_file, wait = deck_sheets(files, deck)
    assert unhashed(sheets) == [Sheet("deck-1.jpg", 2, 2, "deck-1-back.jpg")]
    assert unhashed(back_file) == "deck-back.jpg"
    assert unhashed(files.calls) == [("reusable", "tts/deck-1.jpg", False), ("reusable", "tts/deck-1-back.jpg", False)]
    assert files.jobs[0][2]()[0] == ["pdf of north, a, b, c"]  # the hidden card: the first back
    assert unhashed(files.jobs[1][2]()[:3:2]) == (["pdf of north, south, c"], str(tmp_path / "tts/deck-1-back.jpg"))
    assert files.jobs[1][2]()[3:] == (2, 2, [[0], [1], [2]])  # the hidden card is the first back too
    assert files.calls[-1][2] == {"body": frozenset("NSa")}
    files.calls.clear()
    wait()
    assert files.calls[:2] == [("advance", 0), ("wait for", ["job 1", "job 2"])]
    assert [unhashed(c[1]) for c in files.calls[2:]] == ["tts/deck-1.jpg", "tts/deck-1-back.jpg"]
    assert files.calls[3][2] == files.key("tts", [north, south, deck.pieces[2].face], north, POKER_DPI)


def test_the_hidden_card_is_the_first_back_or_else_the_first_face(tmp_path: Path) -> None:
    back = drawing("back")
    files = Files(tmp_path)
    deck_sheets(files, cards("deck", piece("a"), piece("b", back)))
    assert files.jobs[0][2]()[0] == ["pdf of back, a, b"]
    files = Files(tmp_path)
    deck_sheets(files, cards("deck", piece("a"), piece("b")))
    assert files.jobs[0][2]()[0] == ["pdf of a, b"]  # (the first face: drawn once, in its cell and the last)
    assert files.jobs[0][2]()[-1] == [[0], [1]]
    assert files.jobs[1][2]()[0::3] == (["pdf of a, b"], 2)  # the backs differ (each card's face): a sheet of them


def test_a_card_shown_in_several_cells_is_drawn_once(tmp_path: Path) -> None:
    same, back = drawing("same"), drawing("back")
    deck = cards("deck", piece("a", back, face=same), piece("b", back), piece("c", back, face=same))
    files = Files(tmp_path)
    deck_sheets(files, deck)
    assert files.jobs[0][2]()[0] == ["pdf of back, same, b"]
    assert files.jobs[0][2]()[-1] == [[], [0, 2], [1]]


def test_sheets_an_earlier_build_left_are_kept(tmp_path: Path) -> None:
    """A sheet (or back) drawn from the same cards is kept and counted when the deck is
    waited for; the others are drawn again."""
    back = drawing("back")
    deck = many(70, back)
    files = Files(tmp_path)
    second, hidden = files.key("tts", [deck.pieces[69].face], back, POKER_DPI), files.key("tts-back", back, POKER_DPI)
    files.kept = {"tts/" + content_name("deck-2", second, ".jpg"): second,
                  "tts/" + content_name("deck-back", hidden, ".jpg"): hidden, "tts/deck-1.jpg": "other cards"}
    sheets, _, wait = deck_sheets(files, deck)
    assert grids(sheets) == [(10, 7), (1, 2)]
    assert [(job, unhashed(arguments()[2:])) for job, _, arguments in files.jobs] == [
        ("job 1", (str(tmp_path / "tts/deck-1.jpg"), 10, 7, [[]] + [[i] for i in range(69)]))]
    files.calls.clear()
    wait()
    assert unhashed(files.calls) == [("advance", 2), ("wait for", ["job 1"]), ("made", "tts/deck-1.jpg", files.key(
        "tts", [p.face for p in deck.pieces[:69]], back, POKER_DPI))]


def test_the_sheets_resolution_follows_the_cards_width(tmp_path: Path) -> None:
    small = cards("small", SimpleNamespace(face=drawing("s", (mm(25.4), mm(50.8))), back=None, label="S", copies=1),
                  size=(mm(25.4), mm(50.8)))
    files = Files(tmp_path)
    deck_sheets(files, small)
    assert files.jobs[0][2]()[1] == pytest.approx(409.0)  # 409 px an inch-wide card


def test_the_files_a_deck_takes() -> None:
    assert files([Sheet("a", 2, 2), Sheet("b", 2, 2)]) == 3  # each sheet and the one back
    assert files([Sheet("a", 2, 2, "ab"), Sheet("b", 2, 2, "bb")]) == 4  # each sheet and its sheet of backs


def pdf(*pages: tuple[str, tuple[int, int]]) -> bytes:
    """A PDF of solid colour pages, each its size in px at 72 dpi."""
    images = [Image.new("RGB", size, colour) for colour, size in pages]
    out = io.BytesIO()
    images[0].save(out, "PDF", save_all=True, append_images=images[1:], resolution=72)
    return out.getvalue()


def colour(image: Image.Image, x: int, y: int) -> str:
    """The colour of a pixel, the nearest of a few (a JPEG's colours are near, not exact)."""
    named = {"red": (255, 0, 0), "green": (0, 128, 0), "blue": (0, 0, 255), "grey": (128, 128, 128),
             "white": (255, 255, 255)}
    pixel = image.getpixel((x, y))
    return min(named, key=lambda n: sum((a - b) ** 2 for a, b in zip(named[n], pixel)))


def test_a_sheet_drawn_by_a_worker(tmp_path: Path) -> None:
    """Each page into its cells, row by row, the hidden card (the first page) into the last
    cell too, a cell shown by no card left white; written as a JPEG at the dpi drawn."""
    cell = (20, 40)
    path = tmp_path / "sheet.jpg"
    draw_sheet([pdf(("grey", cell), ("red", cell), ("green", cell), ("blue", cell))], 72, str(path), 3, 2,
               [[], [0], [1], [2, 3]])
    with Image.open(path) as sheet:
        assert (sheet.format, sheet.mode, sheet.size, sheet.info["dpi"]) == ("JPEG", "RGB", (60, 80), (72, 72))
        assert [colour(sheet, 10 + 20 * c, 20 + 40 * r) for r in range(2) for c in range(3)] == [
            "red", "green", "blue", "blue", "white", "grey"]
    draw_sheet([pdf(("grey", cell), ("red", cell))], 144, str(path), 2, 2, [[], [0]])  # at 144 dpi: 40 x 80 px a cell
    with Image.open(path) as sheet:
        assert (sheet.size, sheet.info["dpi"]) == ((80, 160), (144, 144))
        assert [colour(sheet, 20 + 40 * c, 40 + 80 * r) for r in range(2) for c in range(2)] == [
            "red", "white", "white", "grey"]


def test_a_sheet_of_one_cell_is_the_hidden_card(tmp_path: Path) -> None:
    path = tmp_path / "back.jpg"
    draw_sheet([pdf(("blue", (30, 50)))], 72, str(path), 1, 1, [[]])
    with Image.open(path) as sheet:
        assert sheet.size == (30, 50)
        assert colour(sheet, 15, 25) == "blue" and colour(sheet, 1, 1) == "blue" and colour(sheet, 28, 48) == "blue"


# --- the saved object ------------------------------------------------------------------------

def spot(width: float, depth: float, row: str, name: str) -> Spot:
    return Spot(width, depth, lambda x, z: [(name, x, z)], row)


def placed(spots: list[Spot]) -> list[tuple]:
    return [(s.make(0, 0)[0][0], x, z) for s, x, z in arrange(spots)]


def test_spots_in_rows_centred_on_the_table() -> None:
    """A set to a row from the far side towards the players, each row centred across, the
    rows GAP apart and as deep as their deepest spot, the whole centred along."""
    assert placed([spot(2, 1, "a", "p"), spot(4, 3, "a", "q"), spot(1, 1, "b", "r")]) == [
        ("p", -2.375, 1.25), ("q", 1.375, 1.25), ("r", 0.0, -1.5)]
    assert placed([spot(2, 2, "a", "p")]) == [("p", 0.0, 0.375)]  # (the last row's gap counted: GAP / 2 off)


def test_a_row_wraps_past_the_tables_width() -> None:
    # 20 + 0.75 + 19.25 is 40: one row, the arrangement GAP / 2 off centre (its last gap
    # counted); another 0.01 wraps
    assert placed([spot(20, 1, "a", "p"), spot(19.25, 1, "a", "q")]) == [("p", -10.0, 0.375), ("q", 10.375, 0.375)]
    assert placed([spot(20, 1, "a", "p"), spot(19.26, 1, "a", "q")]) == [("p", 0.0, 1.25), ("q", 0.0, -0.5)]
    # a board wider than the table widens every row
    assert placed([spot(50, 2, "board", "b"), spot(30, 1, "a", "p"), spot(19.25, 1, "a", "q")]) == [
        ("b", 0.0, 1.25), ("p", -10.0, -1.0), ("q", 15.375, -1.0)]
    assert placed([spot(50, 2, "board", "b"), spot(30, 1, "a", "p"), spot(19.26, 1, "a", "q")]) == [
        ("b", 0.0, 2.125), ("p", 0.0, -0.125), ("q", 0.0, -1.875)]


def saved(guids: str = "Game") -> SavedObject:
    return SavedObject(Guids(guids), lambda file: "https://example.org/tts/" + file)


def test_a_deck_lying_face_down() -> None:
    """Each card its own CustomDeck entry and CardID (deck id x 100 + cell), a card for each
    copy, in the deck and its DeckIDs in order; a poker card at scale 1.0."""
    back = drawing("back")
    deck = cards("deck", piece("a", back, 2, "Ace"), piece("b", back, 1, "Bee"))
    save = saved()
    save.next_deck = 3
    found = deck_spot(save, deck, "Game: Cards", [Sheet("deck-1.jpg", 2, 2)], "deck-back.jpg", "en", "en")
    assert (found.width, found.depth, found.row) == (2.5, pytest.approx(3.5), "decks")
    assert save.next_deck == 4
    (made,) = found.make(1.5, -2.0)
    where = {"posX": 1.5, "posY": 1.0, "posZ": -2.0, **FACE_DOWN, "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}
    entry = {"FaceURL": "https://example.org/tts/deck-1.jpg", "BackURL": "https://example.org/tts/deck-back.jpg",
             "NumWidth": 2, "NumHeight": 2, "BackIsHidden": True, "UniqueBack": False, "Type": 0}
    assert {k: made[k] for k in ("GUID", "Name", "Nickname", "Transform", "SidewaysCard", "HideWhenFaceDown",
                                 "Hands", "DeckIDs", "CustomDeck")} == {
        "GUID": "3c0ed1", "Name": "Deck", "Nickname": "Game: Cards", "Transform": where, "SidewaysCard": False,
        "HideWhenFaceDown": True, "Hands": False, "DeckIDs": [300, 300, 301], "CustomDeck": {"3": entry}}
    assert list(made)[-3:] == ["DeckIDs", "CustomDeck", "ContainedObjects"]
    assert [(c["GUID"], c["Name"], c["Nickname"], c["CardID"], c["Transform"], c["SidewaysCard"],
             c["HideWhenFaceDown"], c["Hands"], c["CustomDeck"]) for c in made["ContainedObjects"]] == [
        ("7d1435", "Card", "Ace", 300, where, False, True, True, {"3": entry}),
        ("9971fa", "Card", "Ace", 300, where, False, True, True, {"3": entry}),
        ("6e0913", "Card", "Bee", 301, where, False, True, True, {"3": entry})]
    assert made["ContainedObjects"][0]["Transform"] is not made["Transform"]  # (each its own)


def test_a_deck_of_several_sheets_their_own_backs() -> None:
    deck = many(70)
    for p in deck.pieces:
        p.label = p.name
    save = saved()
    sheets = [Sheet("deck-1.jpg", 10, 7, "deck-1-back.jpg"), Sheet("deck-2.jpg", 1, 2, "deck-2-back.jpg")]
    (made,) = deck_spot(save, deck, "Deck", sheets, "deck-back.jpg", "en", "en").make(0, 0)
    assert save.next_deck == 3
    assert made["CustomDeck"] == {
        "1": {"FaceURL": "https://example.org/tts/deck-1.jpg", "BackURL": "https://example.org/tts/deck-1-back.jpg",
              "NumWidth": 10, "NumHeight": 7, "BackIsHidden": True, "UniqueBack": True, "Type": 0},
        "2": {"FaceURL": "https://example.org/tts/deck-2.jpg", "BackURL": "https://example.org/tts/deck-2-back.jpg",
              "NumWidth": 1, "NumHeight": 2, "BackIsHidden": True, "UniqueBack": True, "Type": 0}}
    assert made["DeckIDs"] == [*range(100, 169), 200]
    assert [c["CustomDeck"] for c in made["ContainedObjects"][68:]] == [
        {"1": made["CustomDeck"]["1"]}, {"2": made["CustomDeck"]["2"]}]
    # labelled by their ids alone: named by their set's title and their ids
    assert [c["Nickname"] for c in made["ContainedObjects"][68:]] == ["Cards c68", "Cards c69"]


def test_a_single_card_and_sideways_cards() -> None:
    """A set of one card is that card alone; a card wider than tall lies sideways, its scale
    its height over a poker card's."""
    size = (mm(88.9), mm(63.5))
    one = cards("one", piece("a", label="Ace"), size=size)
    found = deck_spot(saved(), one, "Game: One", [Sheet("one-1.jpg", 1, 2)], "one-back.jpg", "en", "en")
    assert (found.width, found.depth) == (pytest.approx(3.5), 2.5)
    (made,) = found.make(0, 0)
    assert (made["Name"], made["Nickname"], made["CardID"], made["SidewaysCard"]) == ("Card", "Ace", 100, True)
    assert made["Transform"]["scaleX"] == made["Transform"]["scaleZ"] == 0.7143  # 63.5 mm of a card's 88.9
    assert "ContainedObjects" not in made
    square = cards("square", piece("s"), size=(mm(70), mm(70)))
    (made,) = deck_spot(saved(), square, "", [Sheet("square-1.jpg", 1, 2)], "square-back.jpg", "en", "en").make(0, 0)
    assert made["SidewaysCard"] is False  # (a square card stands upright)


def test_a_card_labelled_by_its_id_alone_is_named_by_its_set_in_the_kits_language() -> None:
    """As every export names a piece (pnp.exports.object_name): a split card whose label is its
    id (succes-echec) is its set's title, a set of several such cards the title and each id."""
    title = {"fr": "cartes Succès/Échec", "en": "success/failure cards"}
    split = cards("succes-echec", piece("succes-echec", copies=24, label="succes-echec"), title=title)
    for language, named in (("fr", "Cartes Succès/Échec"), ("en", "Success/failure cards")):
        (made,) = deck_spot(saved(), split, "Deck", [Sheet("s-1.jpg", 1, 2)], "s-back.jpg", language, "fr").make(0, 0)
        assert {c["Nickname"] for c in made["ContainedObjects"]} == {named} and len(made["ContainedObjects"]) == 24
    coins = cards("coins", piece("gold-coin", label="gold-coin"), piece("ace", label="Ace of coins"), title=title)
    (made,) = deck_spot(saved(), coins, "Deck", [Sheet("c-1.jpg", 1, 2)], "c-back.jpg", "en", "fr").make(0, 0)
    assert [c["Nickname"] for c in made["ContainedObjects"]] == ["Success/failure cards gold coin", "Ace of coins"]


def row(name: str, component: str, shape: str = "rect", size: tuple[float, float] = (20, 20), quantity: int = 1,
        back: str = "", set: str = "set") -> TabletopiaObject:
    return TabletopiaObject("Token", name, *size, 100, f"tabletopia/{set}/{name}.png", back, quantity, shape,
                            component, set)


def test_what_stands_on_its_own() -> None:
    """Every printed piece but a deck's cards (placed as a deck) and data (never printed)."""
    assert [on_its_own(row("x", c)) for c in ("card", "token", "tile", "sheet", "standee", "die", "board")] == [
        False, True, True, True, True, True, True]
    assert on_its_own(row("x", "data")) is False


def test_tiles_of_their_own_shape() -> None:
    """A custom tile is a box, a hex or a circle, as its piece is cut: square and round
    pieces are no hexes."""
    rows = [row("r", "token", "round"), row("s", "token", "square"), row("h", "tile", "hex"),
            row("b", "sheet", "rect"), row("o", "token", "oval")]
    save = saved()
    spots = image_spots(save, rows, lambda relative, turned: relative.split("/", 1)[1])
    types = [s.make(0, 0)[0]["CustomImage"]["CustomTile"]["Type"] for s in spots]
    assert types == [2, 0, 1, 0, 0]


def test_tokens_and_tiles_as_custom_tiles() -> None:
    """Its copies stacked in one place, its scale its height over a tile's at 1.0, its back
    its secondary image (none: an empty URL)."""
    copied = []

    def copy(relative: str, turned: bool) -> str:
        copied.append(relative)
        return relative.split("/", 1)[1]

    rows = [row("t", "token", "round", (20, 30), 3, "tabletopia/set/back.png"), row("u", "tile", set="other")]
    save = saved()
    spots = image_spots(save, rows, copy)
    assert copied == ["tabletopia/set/t.png", "tabletopia/set/back.png", "tabletopia/other/u.png"]
    assert [(s.width, s.depth, s.row) for s in spots] == [(20 / 25.4, 30 / 25.4, "set"), (20 / 25.4, 20 / 25.4, "other")]
    made = spots[0].make(2.0, -1.0)
    scale = 0.8961  # 30 mm: 1.1811 units, over 1.318
    assert [o["Transform"] for o in made] == [
        {"posX": 2.0, "posY": y, "posZ": -1.0, **FACE_UP, "scaleX": scale, "scaleY": 1.0, "scaleZ": scale}
        for y in (1.0, 1.12, 1.24)]
    assert made[0] == common(Guids("Game"), "Custom_Tile", "t", made[0]["Transform"], Locked=False, CustomImage={
        "ImageURL": "https://example.org/tts/set/t.png", "ImageSecondaryURL": "https://example.org/tts/set/back.png",
        "ImageScalar": 1.0, "WidthScale": 0.0,
        "CustomTile": {"Type": 2, "Thickness": 0.1, "Stackable": True, "Stretch": False}})
    assert [o["GUID"] for o in made] == ["7d1435", "9971fa", "6e0913"]
    (alone,) = spots[1].make(0, 0)
    assert alone["CustomImage"]["ImageSecondaryURL"] == ""
    assert alone["Transform"]["scaleX"] == 0.5974  # 20 mm: 0.7874 units, over 1.318


def test_boards_locked_and_in_a_row_of_their_own() -> None:
    (board,) = image_spots(saved(), [row("map", "board", size=(420, 297), set="maps")], lambda r, turned: r)
    assert board.row == "board"
    (made,) = board.make(0, 0)
    assert made["Locked"] is True
    assert made["CustomImage"]["CustomTile"]["Stackable"] is False
    assert made["Transform"]["scaleX"] == 8.8717  # 297 mm: 11.693 units, over 1.318


def test_standees_as_figurines() -> None:
    """Stood up one above the other, the back the front when there is none."""
    rows = [row("hero", "standee", size=(25, 50), quantity=2, back="tabletopia/set/hero-back.png"),
            row("foe", "standee", size=(25, 50))]
    spots = image_spots(saved(), rows, lambda r, turned: r.split("/", 1)[1])
    image = {"ImageURL": "https://example.org/tts/set/hero.png",
             "ImageSecondaryURL": "https://example.org/tts/set/hero-back.png", "ImageScalar": 1.0, "WidthScale": 0.0}
    guids = Guids("Game")
    assert spots[0].make(1.0, 1.0) == [  # 50 mm tall: 1.9685 units, over 1.318
        common(guids, "Figurine_Custom", "hero", transform(1.0, 1.0, 1.4936, y=y), CustomImage=image)
        for y in (1.0, 2.0)]
    assert spots[1].make(0, 0)[0]["CustomImage"]["ImageSecondaryURL"] == "https://example.org/tts/set/foe.png"
    assert spots[0].row == "set"


# --- the whole export ------------------------------------------------------------------------

class Kit:
    """A composed kit (pnp.kit.pieces.Kit) as the export reads it: its game, language and sets."""

    def __init__(self, *sets: PieceSet, language: str = "en") -> None:
        self.sets = list(sets)
        self.language = language
        self.game = SimpleNamespace(title=Words.from_data({"en": "The Game", "fr": "Le Jeu"}), language="en")

    def __iter__(self):
        return iter(self.sets)


def images(out: Path, *relative: str) -> None:
    for r in relative:
        (out / r).parent.mkdir(parents=True, exist_ok=True)
        (out / r).write_bytes(f"image {r}".encode())


def test_the_saved_object(tmp_path: Path) -> None:
    """The deck sheets asked for at once; once the Tabletopia images are written, the board
    first, then each deck, then the pieces by set, their images copied into tts/, every URL the
    folder's file:/// URL."""
    back = drawing("back")
    deck = cards("deck", piece("a", back, 2), piece("b", back), title={"de": "Karten", "en": "Cards"})
    empty = cards("none")
    tokens = cards("chips", piece("t"), type="token")
    files = Files(tmp_path)
    kit = Kit(deck, empty, tokens, language="fr")
    finish = tts.start(kit, files, SimpleNamespace(tts_base_url=None))
    assert [unhashed(arguments()[2]) for _, _, arguments in files.jobs] == [
        str(tmp_path / "tts/deck-1.jpg"), str(tmp_path / "tts/deck-back.jpg")]
    images(tmp_path, "tabletopia/maps/map.jpg", "tabletopia/chips/t.png", "tabletopia/chips/my back.png",
           "tabletopia/chips/u.png")
    rows = [row("A", "card", set="deck"),
            row("t", "token", "round", quantity=2, back="tabletopia/chips/my back.png", set="chips"),
            row("u", "token", "round", back="tabletopia/chips/my back.png", set="chips"),
            TabletopiaObject("Game Board", "Map", 420, 297, 50, "tabletopia/maps/map.jpg", "", 1, "rect", "board",
                             "maps")]
    files.calls.clear()
    finish(rows)
    base = (tmp_path / "tts").resolve().as_uri() + "/"
    assert unhashed(files.calls[:4]) == [("stage", "Tabletop Simulator", 2 + 4 + 1), ("advance", 0),
                               ("wait for", ["job 1", "job 2"]), ("made", "tts/deck-1.jpg", files.calls[3][2])]
    # each image copied once, in the rows' order
    assert unhashed(files.calls[5:]) == [("make", "tts/chips/t.png", "key ['tts-copy', 'key of tabletopia/chips/t.png']"),
                               ("make", "tts/chips/my back.png",
                                "key ['tts-copy', 'key of tabletopia/chips/my back.png']"),
                               ("make", "tts/chips/u.png", "key ['tts-copy', 'key of tabletopia/chips/u.png']"),
                               ("make", "tts/maps/map.jpg", "key ['tts-copy', 'key of tabletopia/maps/map.jpg']")]
    assert {unhashed(k): v for k, v in files.written.items()}["tts/chips/my back.png"] == b"image tabletopia/chips/my back.png"
    doc = json.loads(files.written["tts/saved-object.json"])
    assert files.written["tts/saved-object.json"].endswith(b"}\n")
    objects = doc.pop("ObjectStates")
    assert doc == {"SaveName": "Le Jeu", "Date": "", "VersionNumber": "", "GameMode": "Le Jeu", "GameType": "",
                   "GameComplexity": "", "Tags": [], "Gravity": 0.5, "PlayArea": 0.5, "Table": "", "Sky": "",
                   "Note": f"Le Jeu, made by pnp: 5 objects, their images in {base}", "TabStates": {},
                   "LuaScript": "", "LuaScriptState": "", "XmlUI": "", }
    # the GUIDs those of "Le Jeu:0", ":1" ... in the order the objects are made (a deck after its cards)
    assert [(o["Name"], o["Nickname"], o["GUID"]) for o in objects] == [
        ("Custom_Tile", "Map", "1ebbb9"), ("Deck", "Le Jeu: Cards", "d57d85"), ("Custom_Tile", "t", "f72939"),
        ("Custom_Tile", "t", "dba29f"), ("Custom_Tile", "u", "ad8bfe")]
    assert [c["GUID"] for c in objects[1]["ContainedObjects"]] == ["47e798", "27a315", "bf3ab3"]
    assert unhashed(objects[0]["CustomImage"]["ImageURL"]) == base + "maps/map.jpg"
    assert unhashed(objects[1]["CustomDeck"]) == {"1": {
        "FaceURL": base + "deck-1.jpg", "BackURL": base + "deck-back.jpg", "NumWidth": 2, "NumHeight": 2,
        "BackIsHidden": True, "UniqueBack": False, "Type": 0}}
    assert unhashed(objects[2]["CustomImage"]["ImageSecondaryURL"]) == base + "chips/my%20back.png"
    # the board's row (11.693 units deep), the deck's (3.5), the chips' (0.7874, t stacked), from
    # the far side, 0.75 apart; each row centred
    assert [(o["Transform"]["posX"], o["Transform"]["posZ"]) for o in objects] == [
        (0.0, 3.2687), (0.0, -5.0778), (-0.7687, -7.9715), (-0.7687, -7.9715), (0.7687, -7.9715)]


def test_the_images_named_by_the_url_given(tmp_path: Path) -> None:
    """--tts-base-url names every image where the folder is uploaded (a / added if it has
    none); a deck's title is its set's in the kit's language."""
    back = drawing("back")
    deck = cards("deck", piece("a", back), piece("b", back), title={"en": "Cards", "fr": "Cartes"})
    for url in ("https://example.org/kit/tts", "https://example.org/kit/tts/"):
        files = Files(tmp_path)
        finish = tts.start(Kit(deck, language="fr"), files, SimpleNamespace(tts_base_url=url))
        files.calls.clear()
        finish([])
        assert files.calls[0] == ("stage", "Tabletop Simulator", 2 + 0 + 1)
        doc = json.loads(files.written["tts/saved-object.json"])
        (made,) = doc["ObjectStates"]
        assert unhashed((made["Nickname"], made["CustomDeck"]["1"]["FaceURL"], made["CustomDeck"]["1"]["BackURL"])) == (
            "Le Jeu: Cartes", "https://example.org/kit/tts/deck-1.jpg", "https://example.org/kit/tts/deck-back.jpg")
        assert doc["Note"] == "Le Jeu, made by pnp: 1 objects, their images in https://example.org/kit/tts/"
        assert (made["Transform"]["posX"], made["Transform"]["posZ"]) == (0.0, 0.375)


def test_no_decks(tmp_path: Path) -> None:
    files = Files(tmp_path)
    finish = tts.start(Kit(cards("deck"), language="en"), files, SimpleNamespace(tts_base_url="u/"))
    assert files.jobs == []
    images(tmp_path, "tabletopia/set/t.png")
    finish([row("t", "token")])
    assert unhashed(files.calls[-2:]) == [("stage", "Tabletop Simulator", 2),
                                ("make", "tts/set/t.png", "key ['tts-copy', 'key of tabletopia/set/t.png']")]
    assert [o["Nickname"] for o in json.loads(files.written["tts/saved-object.json"])["ObjectStates"]] == ["t"]


def test_the_rulebook_as_a_custom_pdf_beside_the_pieces(tmp_path: Path) -> None:
    """A build that wrote print/rules-a4.pdf: a copy in tts/ and a Custom_PDF object naming it,
    its fields as real saves write them, in a row of its own."""
    files = Files(tmp_path)
    files.files = lambda: ["print/cards-a4.pdf", "print/rules-letter.pdf", "print/rules-a4.pdf"]
    (tmp_path / "print").mkdir()
    (tmp_path / "print" / "rules-a4.pdf").write_bytes(b"%PDF the rules")
    finish = tts.start(Kit(cards("deck"), language="fr"), files, SimpleNamespace(tts_base_url="https://x.org/tts"))
    images(tmp_path, "tabletopia/set/t.png")
    finish([row("t", "token")])
    assert files.written["tts/rules.pdf"] == b"%PDF the rules"
    assert ("make", "tts/rules.pdf", "key ['export-copy', 'key of print/rules-a4.pdf']") in files.calls
    objects = json.loads(files.written["tts/saved-object.json"])["ObjectStates"]
    (book,) = [o for o in objects if o["Name"] == "Custom_PDF"]
    assert book["Nickname"] == "Le Jeu: Règles"
    assert book["CustomPDF"] == {"PDFUrl": "https://x.org/tts/rules.pdf", "PDFPassword": "", "PDFPage": 0,
                                 "PDFPageOffset": 0}
    assert book["Transform"]["scaleX"] == tts.RULEBOOK_SCALE
    token = next(o for o in objects if o["Nickname"] == "t")
    assert book["Transform"]["posZ"] != token["Transform"]["posZ"]  # (its own row)


def test_no_rulebook_no_custom_pdf(tmp_path: Path) -> None:
    files = Files(tmp_path)
    files.files = lambda: ["print/cards-a4.pdf"]
    finish = tts.start(Kit(cards("deck"), language="en"), files, SimpleNamespace(tts_base_url="u/"))
    images(tmp_path, "tabletopia/set/t.png")
    finish([row("t", "token")])
    assert "tts/rules.pdf" not in files.written
    assert "Custom_PDF" not in files.written["tts/saved-object.json"].decode()


def test_names_that_change_with_their_content() -> None:
    """An image's name ends in 8 hex digits of its content key's hash: the same content the
    same name, another content another name (a re-upload reaches the players)."""
    import hashlib

    assert content_name("deck-1", "key a", ".jpg") == f"deck-1-{hashlib.sha256(b'key a').hexdigest()[:8]}.jpg"
    assert content_name("deck-1", "key a", ".jpg") == content_name("deck-1", "key a", ".jpg")
    assert content_name("deck-1", "key b", ".jpg") != content_name("deck-1", "key a", ".jpg")
    assert content_name("set/my back", "k", ".png").startswith("set/my back-")


def test_a_deck_renamed_when_a_card_changes(tmp_path: Path) -> None:
    back = drawing("back")
    before, _, _ = deck_sheets(Files(tmp_path), cards("deck", piece("a", back), piece("b", back)))
    same, _, _ = deck_sheets(Files(tmp_path), cards("deck", piece("a", back), piece("b", back)))
    after, back_file, _ = deck_sheets(Files(tmp_path), cards("deck", piece("a", back),  # (its key: b-new)
                                                             piece("b", back, face=drawing("b-new"))))
    assert before == same and before[0].file != after[0].file
    key = Files(tmp_path).key("tts-back", back, POKER_DPI)
    assert back_file == content_name("deck-back", key, ".jpg")


def test_a_copied_image_renamed_when_it_changes(tmp_path: Path) -> None:
    files = Files(tmp_path)
    finish = tts.start(Kit(cards("deck"), language="en"), files, SimpleNamespace(tts_base_url="u/"))
    images(tmp_path, "tabletopia/set/t.png")
    finish([row("t", "token")])
    first = [c[1] for c in files.calls if c[0] == "make"]
    files = Files(tmp_path)
    files.key_of = lambda relative: f"another key of {relative}"  # (the Tabletopia image drawn again, changed)
    tts.start(Kit(cards("deck"), language="en"), files, SimpleNamespace(tts_base_url="u/"))([row("t", "token")])
    second = [c[1] for c in files.calls if c[0] == "make"]
    assert unhashed(first) == unhashed(second) == ["tts/set/t.png"] and first != second


def pointy_hex_png(width: int, height: int) -> bytes:
    """A pointy hex tile's picture as the Tabletopia export draws it: the hexagon opaque (red at
    its top point), the corners outside it transparent."""
    import io

    from PIL import Image, ImageDraw

    image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    w, h = width - 1, height - 1
    ImageDraw.Draw(image).polygon([(w / 2, 0), (w, h / 4), (w, 3 * h / 4), (w / 2, h), (0, 3 * h / 4), (0, h / 4)],
                                  fill=(0, 90, 200, 255))
    ImageDraw.Draw(image).rectangle([w / 2 - 3, 2, w / 2 + 3, 12], fill=(255, 0, 0, 255))
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def test_a_pointy_hex_turned_to_the_flat_topped_mesh(tmp_path: Path) -> None:
    """Tabletop Simulator's hex tile is flat-topped (2 : sqrt(3)): a pointy hex tile's image is
    turned a quarter turn, so that its outline is the mesh's (wider than tall, its top and
    bottom flat, its sides pointed), and its object a quarter turn back, its scale by the
    turned image's height (the hex across its flats)."""
    import io

    from PIL import Image

    assert pointy(row("h", "tile", "hex", (40, 46.19))) and not pointy(row("h", "tile", "hex", (46.19, 40)))
    assert not pointy(row("r", "token", "round", (20, 30)))
    with Image.open(io.BytesIO(turn_image(pointy_hex_png(400, 462)))) as turned:
        assert turned.size == (462, 400) and turned.mode == "RGBA"
        assert abs(turned.width / turned.height - 2 / math.sqrt(3)) < 0.01  # the mesh's shape
        alpha = turned.getchannel("A")
        assert alpha.getpixel((int(0.3 * 462), 3)) == 255 and alpha.getpixel((int(0.7 * 462), 396)) == 255  # flat
        assert alpha.getpixel((3, 200)) == 255 and alpha.getpixel((458, 200)) == 255  # pointed sides
        assert alpha.getpixel((3, 20)) == 0 and alpha.getpixel((458, 380)) == 0  # corners outside the hex
        assert turned.getpixel((6, 200))[:3] == (255, 0, 0)  # its top point now on the left
    files = Files(tmp_path)
    (tmp_path / "tabletopia" / "tiles").mkdir(parents=True)
    for name in ("h", "back"):
        (tmp_path / "tabletopia" / "tiles" / f"{name}.png").write_bytes(pointy_hex_png(400, 462))
    rows = [row("h", "tile", "hex", (40, 46.19), back="tabletopia/tiles/back.png", set="tiles"),
            row("f", "tile", "hex", (46.19, 40), set="tiles")]
    (tmp_path / "tabletopia" / "tiles" / "f.png").write_bytes(b"flat")
    tts.start(Kit(cards("deck"), language="en"), files, SimpleNamespace(tts_base_url="u/"))(rows)
    made = {unhashed(c[1]): c[1] for c in files.calls if c[0] == "make"}
    assert sorted(made) == ["tts/tiles/back.png", "tts/tiles/f.png", "tts/tiles/h.png"]
    with Image.open(io.BytesIO(files.written[made["tts/tiles/h.png"]])) as image:
        assert image.size == (462, 400)
    assert files.written[made["tts/tiles/f.png"]] == b"flat"  # (a flat-topped hex as it is)
    pointed, flat = json.loads(files.written["tts/saved-object.json"])["ObjectStates"]
    assert (pointed["Transform"]["rotY"], flat["Transform"]["rotY"]) == (270.0, 180.0)
    assert pointed["Transform"]["scaleX"] == round(40 / 25.4 / TILE_AT_1, 4)  # across the flats
    assert flat["Transform"]["scaleX"] == round(40 / 25.4 / TILE_AT_1, 4)
    assert pointed["CustomImage"]["CustomTile"]["Type"] == 1
    assert unhashed(pointed["CustomImage"]["ImageSecondaryURL"]) == "u/tiles/back.png"
