"""pnp.components.board: a board printed whole on a paper it fits (either way round, to half a
point) or in parts that overlap, every board of every set, nothing behind; how each board file
is printed and put together, told once for the boards printed alike; and what a board is."""

from __future__ import annotations

from types import SimpleNamespace

from pnp.components.board import TYPE, WORDS, assembly, board_pages, fits, impose_board
from pnp.components.kind import Sheets
from pnp.layout.fonts import bundled_fonts, metrics
from pnp.impose import PAPERS, TILE_OVERLAP, Paper, SheetLabel, tiled_pages, whole_page
from pnp.kit.pieces import Board, PieceSet
from pnp.scene import Definition, Group, Rect, Style
from pnp.units import mm
from pnp.words import FileRef

FONT = metrics(bundled_fonts()["SourceSansPro-Regular"])
A4, A3 = PAPERS["a4"], PAPERS["a3"]
LABEL = SheetLabel("Game · board", "en")


def picture(id: str, width: float, height: float) -> Definition:
    return Definition(id, width, height, Group((Rect(0, 0, width, height, Style(fill="#336699")),)))


def test_the_board_type() -> None:
    assert (TYPE.name, TYPE.tabletopia, TYPE.deck, TYPE.impose, TYPE.size, TYPE.ink_saver, TYPE.whole) == (
        "board", "Game Board", False, impose_board, "a3", "none", board_pages)
    assert (TYPE.assembly, TYPE.words, TYPE.order, TYPE.bleed, TYPE.touching, TYPE.cut_on_marks) == (
        assembly, WORDS, 60, None, False, ())
    assert list(TYPE.options) == ["map", "settings", "colours", "markers"]
    assert list(WORDS) == ["en", "fr", "de"] and all(list(w) == list(WORDS["en"]) for w in WORDS.values())


def test_a_board_fits_a_paper_either_way_round_to_half_a_point() -> None:
    paper = Paper("p", "P", 100.0, 200.0)
    assert fits(100.0, 200.0, paper) and fits(200.0, 100.0, paper)
    assert fits(100.5, 200.5, paper) and fits(200.5, 100.5, paper)
    assert not fits(100.6, 200.0, paper) and not fits(100.0, 200.6, paper)
    assert not fits(200.6, 100.0, paper) and not fits(200.0, 100.6, paper)
    assert fits(50.0, 150.0, paper) and fits(150.0, 50.0, paper)
    assert not fits(150.0, 150.0, paper) and not fits(201.0, 10.0, paper)


def test_a_board_whole_on_a_paper_it_fits_else_in_parts() -> None:
    small, large = picture("small", mm(200), mm(280)), picture("large", mm(400), mm(280))
    assert board_pages(small, A4, LABEL, FONT) == [whole_page(small, A4, LABEL, FONT)]
    assert board_pages(large, A3, LABEL, FONT) == [whole_page(large, A3, LABEL, FONT)]
    parts = board_pages(large, A4, LABEL, FONT)
    assert parts == tiled_pages(large, A4, LABEL, FONT) and len(parts) == 4
    edge = picture("edge", A4.width + 0.5, A4.height + 0.5)
    assert board_pages(edge, A4, "", None) == [whole_page(edge, A4, "", None)]


def boards(name: str, *pictures: Definition) -> PieceSet:
    made = [Board(p.id, p.id.title(), lambda p=p: p, ("board", p.id), p.width, p.height) for p in pictures]
    return PieceSet(SimpleNamespace(name=name, type="board", shape="rect", declaration={}), [], made)


def test_every_board_of_every_set_nothing_behind() -> None:
    a, b, c = picture("a", mm(200), mm(280)), picture("b", mm(400), mm(280)), picture("c", mm(150), mm(150))
    sheets = impose_board([boards("maps", a, b), boards("more", c)], A4, mm(1), LABEL, FONT)
    assert sheets == Sheets([whole_page(a, A4, LABEL, FONT)] + tiled_pages(b, A4, LABEL, FONT) +
                            [whole_page(c, A4, LABEL, FONT)], [])
    assert impose_board([], A4, 0.0, LABEL, FONT) == Sheets([], [])
    assert impose_board([boards("none")], A4, 0.0, LABEL, FONT) == Sheets([], [])


def board_file(path: str, pages: int, parts: tuple[int, int] | None = None) -> SimpleNamespace:
    return SimpleNamespace(path=path, pages=pages, parts=parts, ref=FileRef(path))


def test_a_board_printed_whole() -> None:
    one = board_file("print/board-a3.pdf", 1)
    assert assembly([one], "en") == [(one.ref, " prints the board whole, on one sheet.")]
    assert assembly([one], "fr") == [(one.ref, " imprime le plateau entier, sur une seule feuille.")]


def test_a_board_in_parts() -> None:
    one = board_file("print/board-a4.pdf", 6, (2, 3))
    assert TILE_OVERLAP == mm(12)
    assert assembly([one], "en") == [(
        one.ref, " prints the board in 6 parts (2 × 3) that overlap by 12\u00a0mm: trim one sheet of each pair along "
        "its frame, lay it over its neighbour so that the ticks in the margins line up, and tape it from behind.",)]
    assert assembly([one], "de")[0][:2] == (
        one.ref, " druckt den Spielplan in 6 Teilen (2 × 3), die sich um 12\u00a0mm überlappen: Schneide von jedem "
        "Paar ein Blatt an seinem Rahmen zu, lege es so auf seinen Nachbarn, dass die Striche im Rand fluchten, und "
        "klebe es von hinten fest.")


def test_boards_printed_alike_told_once() -> None:
    a, b = board_file("print/a-a4.pdf", 4, (2, 2)), board_file("print/b-a4.pdf", 4, (2, 2))
    c, d = board_file("print/c-a4.pdf", 1), board_file("print/d-a4.pdf", 1)
    e = board_file("print/e-a4.pdf", 4, (4, 1))
    steps = assembly([a, c, b, e, d], "fr")
    assert steps == [
        (a.ref, " et ", b.ref, " impriment chacun un plateau en 4 parties (2 × 2) qui se chevauchent de "
         "12\u00a0mm\u00a0: rognez une feuille de chaque paire le long de son cadre, posez-la sur sa voisine en "
         "alignant les traits des marges, et scotchez au dos."),
        (c.ref, " et ", d.ref, " impriment chacun un plateau entier, sur une seule feuille."),
        (e.ref, " imprime le plateau en 4 parties (4 × 1) qui se chevauchent de 12\u00a0mm\u00a0: rognez une "
                "feuille de chaque paire le long de son cadre, posez-la sur sa voisine en alignant les traits des "
                "marges, et scotchez au dos.")]
    assert assembly([c, d, board_file("print/f-a4.pdf", 1)], "en") == [
        (c.ref, ", ", d.ref, " and ", FileRef("print/f-a4.pdf"), " each print a board whole, on one sheet.")]
    assert assembly([], "en") == []


def test_the_overlap_as_the_language_writes_it(monkeypatch) -> None:
    import pnp.impose

    monkeypatch.setattr(pnp.impose, "TILE_OVERLAP", mm(12.5))
    one = board_file("print/board-a4.pdf", 2, (1, 2))
    assert "12,5\u00a0mm" in assembly([one], "de")[0][1] and "12.5\u00a0mm" in assembly([one], "en")[0][1]


def test_a_board_of_an_item_is_named_by_its_set_alone_when_it_is_the_only_one() -> None:
    from pnp.components.board import board_name

    def boards(count: int, **declaration) -> SimpleNamespace:
        return SimpleNamespace(name="board", items=[object()] * count, declaration=declaration)

    assert board_name(boards(1), "main") == "board"  # (print/board-a3.pdf, as a board of the whole set)
    assert board_name(boards(2), "north") == "board-north"
    assert board_name(boards(1, name="{id}"), "main") == "board-main"  # (the set names its files itself)
