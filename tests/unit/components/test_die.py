"""pnp.components.die: a die's six faces (its field `faces`), its stickers (one a side, each
reading its side and face), a strip of them with a cut line between two, the strips in a grid
with cut lines on every edge and nothing behind; how to stick them on, and what a die is."""

from __future__ import annotations

from types import SimpleNamespace

from pnp.components.die import SIDES, TYPE, WORDS, assembly, fields, impose_stickers, sides, strip
from pnp.components.kind import Sheets
from pnp.load.fields import Field
from pnp.layout.fonts import bundled_fonts, metrics
from pnp.impose import PAPERS, SheetLabel, front_sheets, make_grid
from pnp.kit.pieces import Piece, PieceSet
from pnp.problems import Location
from pnp.scene import Definition, Group, Path, Rect, Style, translate
from pnp.units import mm
from pnp.words import FileRef

FONT = metrics(bundled_fonts()["SourceSansPro-Regular"])
A4 = PAPERS["a4"]
LABEL = SheetLabel("Game · dice", "en")
SIDE = mm(13)
CUT = Style(stroke="#000000", stroke_width=0.35, line_cap="round")


def sticker(id: str, side: float = SIDE) -> Definition:
    return Definition(id, side, side, Group((Rect(0, 0, side, side, Style(fill="#b03030")),)))


def test_the_die_type() -> None:
    assert SIDES == 6
    assert (TYPE.name, TYPE.tabletopia, TYPE.deck, TYPE.impose, TYPE.size, TYPE.shapes, TYPE.bleed) == (
        "die", "Token", False, impose_stickers, "13mm", ("square",), None)
    assert (TYPE.cut_on_marks, TYPE.touching, TYPE.assembly, TYPE.words, TYPE.fields, TYPE.sides, TYPE.names) == (
        ("square",), True, assembly, WORDS, fields, sides, ("side", "face"))
    assert (TYPE.printed_as, TYPE.ink_saver, TYPE.order, TYPE.options, TYPE.tts) == (
        "strip (its six stickers)", "none", 55, {}, "Custom_Tile")
    assert TYPE.printed_size(SimpleNamespace(width=mm(13), height=mm(14))) == (6 * mm(13), mm(14))
    assert list(WORDS) == ["en", "fr", "de"] and all(list(w) == ["stick"] for w in WORDS.values())


def test_a_die_holds_six_faces() -> None:
    at = Location("game.yaml", 12, 3)
    assert fields(at) == {"faces": Field("faces", "list", at, of=Field("faces", "text", at), min_items=6, max_items=6,
                                         doc="The die's six faces, in the order of its sides.")}


def test_a_dies_stickers_read_their_side_and_face() -> None:
    env = {"id": "red", "faces": ["1", "2", "3"]}
    assert sides(env) == [("-1", {"id": "red", "faces": ["1", "2", "3"], "side": 1, "face": "1"}),
                          ("-2", {"id": "red", "faces": ["1", "2", "3"], "side": 2, "face": "2"}),
                          ("-3", {"id": "red", "faces": ["1", "2", "3"], "side": 3, "face": "3"})]
    assert env == {"id": "red", "faces": ["1", "2", "3"]}  # the die's own names are left as they are
    assert sides({"id": "blank"}) == [] and sides({"id": "blank", "faces": None}) == []


def test_a_strip_of_stickers() -> None:
    faces = [sticker(f"red-{n}") for n in range(1, 4)]
    made = strip("dice-red", faces)
    assert (made.id, made.width, made.height) == ("dice-red-stickers", 3 * SIDE, SIDE)
    assert made.content == Group((
        Group((faces[0].content,), translate(0, 0)), Group((faces[1].content,), translate(SIDE, 0)),
        Group((faces[2].content,), translate(2 * SIDE, 0)),
        Path((("M", SIDE, 0.0), ("L", SIDE, SIDE), ("M", 2 * SIDE, 0.0), ("L", 2 * SIDE, SIDE)), CUT)))


def test_a_strip_of_two_stickers_has_one_line() -> None:
    made = strip("d", [sticker("d-1", 20.0), sticker("d-2", 20.0)])
    assert made.content.children[2] == Path((("M", 20.0, 0.0), ("L", 20.0, 20.0)), CUT)


def test_a_strip_of_one_sticker_has_no_line() -> None:
    made = strip("d", [sticker("d-1", 20.0)])
    assert made == Definition("d-stickers", 20.0, 20.0, Group((Group((sticker("d-1", 20.0).content,),
                                                                      translate(0, 0)),)))


def die(id: str, copies: int = 1, count: int = SIDES, side: float = SIDE) -> list[Piece]:
    item = SimpleNamespace(id=id, group=None, position=1)
    return [Piece(item, f"{id}-{n}", sticker(f"{id}-{n}", side), None, None, copies) for n in range(1, count + 1)]


def dice(name: str, *pieces: list[Piece]) -> PieceSet:
    return PieceSet(SimpleNamespace(name=name, type="die", shape="square", declaration={}),
                    [p for each in pieces for p in each])


def test_each_die_a_strip_with_its_copies() -> None:
    red, blue = die("red", 2), die("blue", 1)
    sheets = impose_stickers([dice("dice", red, blue), dice("more", die("red", 1))], A4, mm(1), LABEL, FONT)
    strips = [strip("dice-red", [p.face for p in red])] * 2 + [strip("dice-blue", [p.face for p in blue]),
                                                                strip("more-red", [p.face for p in die("red")])]
    grid = make_grid(A4, 6 * SIDE, SIDE)  # stickers touch: no bleed
    assert (grid.columns, grid.rows) == (2, 21)
    assert sheets == Sheets(front_sheets(strips, grid, LABEL, FONT, True), [])
    assert [g.children[0].ref for g in sheets.fronts[0].children if isinstance(g, Group)] == [
        "dice-red-stickers", "dice-red-stickers", "dice-blue-stickers", "more-red-stickers"]


def test_the_grid_holds_the_widest_strip() -> None:
    """A die of fewer stickers than six (faces refused by the checks) makes a shorter strip."""
    short, full = die("short", 1, 2), die("full", 1)
    sheets = impose_stickers([dice("dice", short, full)], A4, 0.0, "", None)
    strips = [strip("dice-short", [p.face for p in short]), strip("dice-full", [p.face for p in full])]
    assert sheets == Sheets(front_sheets(strips, make_grid(A4, 6 * SIDE, SIDE), "", None, True), [])
    big = die("big", 1, 6, mm(14))
    sheets = impose_stickers([dice("dice", short, big)], A4, 0.0, "", None)
    strips = [strip("dice-short", [p.face for p in short]), strip("dice-big", [p.face for p in big])]
    assert sheets == Sheets(front_sheets(strips, make_grid(A4, 6 * mm(14), SIDE), "", None, True), [])


def test_a_die_of_one_sticker() -> None:
    one = die("one", 3, 1)
    sheets = impose_stickers([dice("dice", one)], A4, 0.0, "", None)
    made = strip("dice-one", [one[0].face])
    assert sheets == Sheets(front_sheets([made] * 3, make_grid(A4, SIDE, SIDE), "", None, True), [])


def test_no_dice() -> None:
    assert impose_stickers([], A4, 0.0, LABEL, FONT) == Sheets([], [])
    assert impose_stickers([dice("dice")], A4, 0.0, LABEL, FONT) == Sheets([], [])
    assert impose_stickers([dice("dice", die("red", 0))], A4, 0.0, LABEL, FONT) == Sheets([], [])


def test_how_to_stick_them_on() -> None:
    a, b = FileRef("print/dice-a4.pdf"), FileRef("print/more-a4.pdf")
    files = [SimpleNamespace(ref=a), SimpleNamespace(ref=b)]
    assert assembly(files, "en") == [(
        "Cut the stickers of ", a, " and ", b, " apart along their lines, a die’s six in a row, and stick them on a "
        "blank die of their size, one to a side.")]
    assert assembly(files, "fr")[0][:4] == ("Découpez les autocollants de ", a, " et ", b)
    assert assembly(files[:1], "de")[0][:2] == ("Schneide die Aufkleber aus ", a)
    assert assembly([], "en") == []
