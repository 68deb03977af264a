"""pnp.components.standee: a standee printed as one strip (a base flap, the back upside down,
the face, a second flap) with dashed fold lines between, its flaps as deep as the set's `base`
or a third of its width (12 mm at least); the strips in a grid with nothing behind; how to
fold them, and what a standee is."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from pnp.components.kind import Sheets
from pnp.components.standee import (DASH, GAP, TYPE, WORDS, _background, assembly, base_depth, fold_line,
                                    impose_standees, strip, strip_size)
from pnp.layout.fonts import bundled_fonts, metrics
from pnp.impose import PAPERS, SheetLabel, front_sheets, make_grid
from pnp.kit.pieces import Piece, PieceSet
from pnp.scene import Circle, Definition, Group, Path, Rect, Style, rotate, translate
from pnp.units import mm
from pnp.words import FileRef

FONT = metrics(bundled_fonts()["SourceSansPro-Regular"])
A4 = PAPERS["a4"]
LABEL = SheetLabel("Game · pawns", "fr")
SIZE = (mm(25), mm(45))


def component(width: float = mm(25), height: float = mm(45), **declaration) -> SimpleNamespace:
    return SimpleNamespace(name="pawns", type="standee", shape="rect", width=width, height=height,
                           declaration=declaration)


def drawing(id: str, colour: str | None = "#ff0000", size: tuple[float, float] = SIZE) -> Definition:
    return Definition(id, *size, Group((Rect(0, 0, *size, Style(fill=colour)), Circle(5, 5, 2, Style(fill="#000000")))))


def rounded(path: Path) -> list[tuple]:
    return [(c[0], round(c[1], 4), round(c[2], 4)) for c in path.commands]


def test_the_standee_type() -> None:
    assert (DASH, GAP) == (mm(1.6), mm(1.2))
    assert (TYPE.name, TYPE.tabletopia, TYPE.deck, TYPE.impose, TYPE.tts, TYPE.printed_size, TYPE.order) == (
        "standee", "Token", False, impose_standees, "Figurine_Custom", strip_size, 50)
    assert (TYPE.printed_as, TYPE.assembly, TYPE.words, TYPE.bleed, TYPE.size, TYPE.shapes, TYPE.touching) == (
        "strip (its face, back and flaps)", assembly, WORDS, None, "poker", ("rect",), False)
    assert list(TYPE.options) == ["base"] and TYPE.options["base"]["type"] == ["string", "number"]
    assert list(WORDS) == ["en", "fr", "de"] and all(list(w) == ["fold"] for w in WORDS.values())


def test_the_base_flaps_depth() -> None:
    assert base_depth(component(base="20mm")) == pytest.approx(mm(20), abs=1e-12)
    assert base_depth(component(base=15)) == pytest.approx(mm(15), abs=1e-12)  # millimetres
    assert base_depth(component(base="1in")) == 72.0
    assert base_depth(component(base=0)) == 0.0  # given, though none
    assert base_depth(component(width=mm(45))) == pytest.approx(mm(15), abs=1e-12)  # a third of the width
    assert base_depth(component(width=mm(25))) == mm(12)  # at least 12 mm
    assert base_depth(component(width=mm(36))) == pytest.approx(mm(12), abs=1e-12)
    assert base_depth(component(width=mm(90), base=None)) == pytest.approx(mm(30), abs=1e-12)


def test_a_strips_size() -> None:
    assert strip_size(component()) == (mm(25), 2 * mm(45) + 2 * mm(12))
    assert strip_size(component(mm(60), mm(80), base="10mm")) == (mm(60), pytest.approx(mm(180), abs=1e-12))


def test_a_dashed_fold_line() -> None:
    """Dashes 1.6 mm long, 1.2 mm apart, the first half a gap in; the last cut at the end."""
    line = fold_line(0.0, mm(5), 7.0, "#5a5a5a")
    assert len(line) == 1 and line[0].style == Style(stroke="#5a5a5a", stroke_width=0.5)
    to_mm = [(c[0], round(c[1] / mm(1), 4), c[2]) for c in line[0].commands]
    assert to_mm == [("M", 0.6, 7.0), ("L", 2.2, 7.0), ("M", 3.4, 7.0), ("L", 5.0, 7.0)]
    to_mm = [(c[0], round(c[1] / mm(1), 4), c[2]) for c in fold_line(mm(10), mm(16.3), 3.0, "#000000")[0].commands]
    assert to_mm == [("M", 10.6, 3.0), ("L", 12.2, 3.0), ("M", 13.4, 3.0), ("L", 15.0, 3.0), ("M", 16.2, 3.0),
                     ("L", 16.3, 3.0)]
    assert fold_line(0.0, mm(0.6), 1.0, "#000000") == [Path((), Style(stroke="#000000", stroke_width=0.5))]
    assert len(fold_line(0.0, mm(0.61), 1.0, "#000000")[0].commands) == 2


def test_a_flaps_colour_is_its_sides_background() -> None:
    assert _background(drawing("a", "#123456")) == "#123456"
    assert _background(drawing("a", None)) == "#ffffff"  # a background of no colour
    assert _background(drawing("a", "")) == "#ffffff"
    assert _background(Definition("a", 10, 10, Group(()))) == "#ffffff"
    assert _background(Definition("a", 10, 10, Group((Circle(1, 1, 1, Style(fill="#123456")),)))) == "#ffffff"


def test_a_standee_as_printed() -> None:
    face, back = drawing("hero", "#ff0000"), drawing("hero-back", "#0000ff")
    w, h, base = SIZE[0], SIZE[1], mm(12)
    made = strip(face, back, base)
    assert (made.id, made.width, made.height, made.bleed) == ("hero-standee", w, 2 * h + 2 * base, 0.0)
    flap, turned, front, foot, *folds = made.content.children
    assert flap == Rect(0, 0, w, base, Style(fill="#0000ff", stroke="#000000", stroke_width=0.3))
    assert turned.children == (back.content,)
    x = rotate(180)
    assert [round(v, 6) for v in turned.transform] == [-1.0, 0.0, 0.0, -1.0, round(w, 6), round(base + h, 6)]
    assert turned.transform[:4] == x[:4]
    assert front == Group((face.content,), translate(0, base + h))
    assert foot == Rect(0, base + 2 * h, w, base, Style(fill="#ff0000", stroke="#000000", stroke_width=0.3))
    assert folds == fold_line(0, w, base, "#5a5a5a") + fold_line(0, w, base + h, "#5a5a5a") + \
        fold_line(0, w, base + 2 * h, "#5a5a5a")
    assert [round(f.commands[0][2], 4) for f in folds] == [34.0157, 161.5748, 289.1339]
    assert made.content.transform == (1.0, 0.0, 0.0, 1.0, 0.0, 0.0) and made.content.clip is None


def test_the_back_upside_down_between_the_flap_and_the_face() -> None:
    """The back turned half round: its top-left corner at the face's top-right (w, base + h),
    its bottom-right corner at the flap's bottom-left (0, base)."""
    made = strip(drawing("a", size=(100.0, 200.0)), drawing("b", size=(100.0, 200.0)), 30.0)
    a, b, c, d, e, f = made.content.children[1].transform
    assert (round(a * 100 + c * 200 + e, 9), round(b * 100 + d * 200 + f, 9)) == (0.0, 30.0)
    assert (e, f) == (100.0, 230.0)


def pawns(*pieces: Piece, **declaration) -> PieceSet:
    return PieceSet(component(**declaration), list(pieces))


def piece(id: str, copies: int = 1, back: Definition | None = None, size: tuple[float, float] = SIZE) -> Piece:
    return Piece(SimpleNamespace(id=id, group=None, position=1), id, drawing(id, size=size), back,
                 back.id if back is not None else None, copies)


def test_standees_in_a_grid_nothing_behind() -> None:
    back = drawing("back", "#00ff00")
    first = pawns(piece("a", 2, back), piece("b", 1), piece("none", 0, back))
    second = pawns(piece("c", 1, back), base="20mm")
    sheets = impose_standees([first, second], A4, mm(1), LABEL, FONT)
    a, b = first.pieces[0], first.pieces[1]
    strips = [strip(a.face, back, mm(12))] * 2 + [strip(b.face, b.face, mm(12)), strip(second.pieces[0].face, back,
                                                                                      mm(20))]
    grid = make_grid(A4, mm(25), 2 * mm(45) + 2 * mm(12))  # without bleed
    assert (grid.columns, grid.rows) == (7, 2)
    assert sheets == Sheets(front_sheets(strips, grid, LABEL, FONT), [])
    assert [n.children[0].ref for n in sheets.fronts[0].children if isinstance(n, Group)] == [
        "a-standee", "a-standee", "b-standee", "c-standee"]


def test_the_grid_is_the_first_strips() -> None:
    hero, giant = pawns(piece("hero")), pawns(piece("giant", 1, None, (mm(60), mm(100))))
    sheets = impose_standees([hero, giant], A4, 0.0, "", None)
    strips = [strip(hero.pieces[0].face, hero.pieces[0].face, mm(12)), strip(giant.pieces[0].face,
                                                                            giant.pieces[0].face, mm(12))]
    assert sheets == Sheets(front_sheets(strips, make_grid(A4, mm(25), 2 * mm(45) + 2 * mm(12))), [])
    alone = impose_standees([hero], A4, 0.0, "", None)
    assert alone == Sheets(front_sheets(strips[:1], make_grid(A4, mm(25), 2 * mm(45) + 2 * mm(12))), [])


def test_no_standees() -> None:
    assert impose_standees([], A4, 0.0, LABEL, FONT) == Sheets([], [])
    assert impose_standees([pawns(piece("a", 0))], A4, 0.0, LABEL, FONT) == Sheets([], [])


def test_how_to_fold_them() -> None:
    a, b = FileRef("print/pawns-a4.pdf"), FileRef("print/heroes-a4.pdf")
    files = [SimpleNamespace(ref=a), SimpleNamespace(ref=b)]
    assert assembly(files, "en") == [(
        "Cut out the strips of ", a, " and ", b, " whole and fold each on its dashed middle line, so that the back "
        "stands behind the face; fold the base flaps outwards (or glue them together into a foot).")]
    assert assembly(files[:1], "de")[0][:2] == ("Schneide die Streifen aus ", a)
    assert assembly(files, "fr")[0][:4] == ("Découpez les bandes de ", a, " et ", b)
    assert assembly([], "en") == []
