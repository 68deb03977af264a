"""pnp.components.token: tokens packed on the sheet, an item's tokens of every set in a block of
their own, their colours run past the cut by the bleed (never more than half the gap between
two), a face its own back when it has none, each cut on its own set's shape; how to cut them
out, and what a token is."""

from __future__ import annotations

from types import SimpleNamespace

from pnp.components.card import BLEED
from pnp.components.kind import Sheets
from pnp.components.token import TYPE, WORDS, assembly, impose_tokens
from pnp.layout.fonts import bundled_fonts, metrics
from pnp.impose import PAPERS, TOKEN_GAP, SheetLabel, pack_tokens, token_back_sheets, token_sheets
from pnp.kit.pieces import Piece, PieceSet
from pnp.scene import Circle, Definition, Group, Path, Rect, Style, Use
from pnp.units import mm
from pnp.words import FileRef

CUT = Style(stroke="#000000", stroke_width=0.35)

FONT = metrics(bundled_fonts()["SourceSansPro-Regular"])
A4 = PAPERS["a4"]
LABEL = SheetLabel("Game · tokens", "de")


def drawing(id: str, across: float, colour: str = "#ffffff") -> Definition:
    return Definition(id, mm(across), mm(across), Group((Rect(0, 0, mm(across), mm(across), Style(fill=colour)),)))


def piece(item: str, id: str, across: float, copies: int = 1, back: Definition | None = None) -> Piece:
    return Piece(SimpleNamespace(id=item, group=None, position=1), id, drawing(id, across), back,
                 back.id if back is not None else None, copies)


def tokens(name: str, shape: str, *pieces: Piece) -> PieceSet:
    return PieceSet(SimpleNamespace(name=name, type="token", shape=shape, declaration={}), list(pieces))


def uses(page) -> list[tuple[str, float, float]]:
    return [(n.ref, round(n.transform[4], 3), round(n.transform[5], 3)) for n in page.children if isinstance(n, Use)]


def test_the_token_type() -> None:
    assert (TYPE.name, TYPE.tabletopia, TYPE.deck, TYPE.impose, TYPE.size, TYPE.shapes, TYPE.bleed) == (
        "token", "Token", False, impose_tokens, "chip", ("round", "square"), BLEED)
    assert (TYPE.ink_saver, TYPE.assembly, TYPE.words, TYPE.gallery, TYPE.packed, TYPE.order) == (
        "all", assembly, WORDS, "token", ("round", "square"), 30)
    assert (TYPE.cut_on_marks, TYPE.touching, TYPE.print_on_demand, TYPE.tts, TYPE.whole, TYPE.options) == (
        (), False, True, "Custom_Tile", None, {})
    assert list(WORDS) == ["en", "fr", "de"] and all(list(w) == ["cut-round", "cut-square"] for w in WORDS.values())


def test_an_items_tokens_of_every_set_share_a_block() -> None:
    """Each player's large token with its markers beside it, the second player's block on the
    first's row where it has room."""
    back = drawing("back", 40, "#000000")
    players = tokens("players", "round", piece("p1", "p1", 40, 1, back), piece("p2", "p2", 40, 1, back))
    markers = tokens("markers", "round", piece("p1", "m1", 15, 3), piece("p2", "m2", 15, 2))
    sheets = impose_tokens([players, markers], A4, BLEED, LABEL, FONT)
    (p1, p2), (b1, b2) = players.bled(BLEED)
    (m1, m2), _ = markers.bled(BLEED)
    assert p1.bleed == BLEED and b1.bleed == BLEED
    placed = pack_tokens([("p1", p1), ("p2", p2), ("p1", m1), ("p1", m1), ("p1", m1), ("p2", m2), ("p2", m2)], A4)
    backs = {"p1": b1, "p2": b2, "m1": m1, "m2": m2}  # a face without a back is its own
    assert sheets == Sheets(token_sheets(placed, A4, True, LABEL, FONT),
                            token_back_sheets(placed, backs, A4, True, LABEL, FONT))
    assert [uses(p) for p in sheets.fronts] == [[
        ("p1", 18.425, 26.929), ("m1", 140.315, 36.85), ("m1", 140.315, 87.874), ("m1", 191.339, 62.362),
        ("p2", 242.362, 26.929), ("m2", 364.252, 36.85), ("m2", 364.252, 87.874)]]
    assert [uses(p) for p in sheets.backs] == [[
        ("back", 463.469, 26.929), ("m1", 412.445, 36.85), ("m1", 412.445, 87.874), ("m1", 361.422, 62.362),
        ("back", 239.532, 26.929), ("m2", 188.508, 36.85), ("m2", 188.508, 87.874)]]
    cuts = [n for n in sheets.fronts[0].children if isinstance(n, Circle)]
    assert len(cuts) == 7 and not any(isinstance(n, Path) for n in sheets.fronts[0].children)


def test_the_bleed_is_at_most_half_the_gap() -> None:
    chips = tokens("chips", "round", piece("a", "a", 20, 1, drawing("back", 20)))
    sheets = impose_tokens([chips], A4, mm(5), LABEL, FONT)
    assert TOKEN_GAP / 2 == mm(1.5)
    (a,), (back,) = chips.bled(TOKEN_GAP / 2)
    assert sheets.fronts[0].definitions == (a,) and a.bleed == mm(1.5)
    assert sheets.backs[0].definitions == (back,) and back.bleed == mm(1.5)
    assert impose_tokens([chips], A4, TOKEN_GAP / 2, LABEL, FONT) == sheets
    assert impose_tokens([chips], A4, mm(1.4), LABEL, FONT).fronts[0].definitions[0].bleed == mm(1.4)


def test_without_bleed_the_sets_own_pieces() -> None:
    chips = tokens("chips", "square", piece("a", "a", 20, 2))
    sheets = impose_tokens([chips], A4, 0.0, "", None)
    face = chips.pieces[0].face
    placed = pack_tokens([("a", face), ("a", face)], A4)
    assert sheets == Sheets(token_sheets(placed, A4, False), token_back_sheets(placed, {"a": face}, A4, False))


def test_each_token_cut_on_its_own_shape() -> None:
    """Round and square tokens sharing their sheets: a circle round each round one, a square
    round each square one, on the fronts and behind them on the backs."""
    round_ = tokens("chips", "round", piece("a", "a", 20, 2))
    square = tokens("squares", "square", piece("b", "b", 20))
    sheets = impose_tokens([round_, square], A4, 0.0, "", None)
    a, b = round_.pieces[0].face, square.pieces[0].face
    placed = pack_tokens([("a", a), ("a", a), ("b", b)], A4)
    backs = {"a": a, "b": b}
    assert sheets == Sheets(token_sheets(placed, A4, frozenset({"a"})),
                            token_back_sheets(placed, backs, A4, frozenset({"a"})))
    (front,), (back,) = sheets.fronts, sheets.backs
    (p, q, r) = placed[0]
    d = mm(20)
    assert [n for n in front.children if not isinstance(n, Use)] == [
        Circle(p.x + d / 2, p.y + d / 2, d / 2, CUT), Circle(q.x + d / 2, q.y + d / 2, d / 2, CUT),
        Rect(r.x, r.y, d, d, CUT)]
    px, qx, rx = (A4.width - t.x - d for t in (p, q, r))  # mirrored left-right on a portrait sheet
    assert [n for n in back.children if not isinstance(n, Use)] == [
        Circle(px + d / 2, p.y + d / 2, d / 2, CUT), Circle(qx + d / 2, q.y + d / 2, d / 2, CUT),
        Rect(rx, r.y, d, d, CUT)]
    # every set square: squares only; every set round: circles only
    squares = impose_tokens([tokens("s", "square", piece("b", "b", 20, 3))], A4, 0.0, "", None).fronts[0]
    assert {type(n) for n in squares.children} == {Use, Rect}
    circles = impose_tokens([tokens("r", "round", piece("a", "a", 20, 3))], A4, 0.0, "", None).fronts[0]
    assert {type(n) for n in circles.children} == {Use, Circle}


def test_nothing_to_print() -> None:
    assert impose_tokens([], A4, BLEED, LABEL, FONT) == Sheets([], [])
    assert impose_tokens([tokens("chips", "round", piece("a", "a", 20, 0))], A4, BLEED, LABEL, FONT) == Sheets([], [])


def print_file(path: str, shape: str, *sizes: float) -> SimpleNamespace:
    return SimpleNamespace(path=path, shape=shape, sizes=tuple(mm(s) for s in sizes), ref=FileRef(path))


def test_cut_round_tokens_along_their_circles_of_every_size_largest_first() -> None:
    a, b = print_file("print/tokens-a4.pdf", "round", 15, 40), print_file("print/chips-a4.pdf", "round", 20, 15)
    assert assembly([a, b], "en") == [(
        "Cut the round pieces of ", a.ref, " and ", b.ref,
        " along their circles (40\u00a0mm, 20\u00a0mm and 15\u00a0mm across); a circle punch of the right size is "
        "quicker.")]
    assert assembly([b], "fr") == [(
        "Découpez les pièces rondes de ", b.ref, " le long de leurs cercles (20\u00a0mm et 15\u00a0mm de "
        "diamètre)\u00a0; un emporte-pièce rond de la bonne taille va plus vite.",)]
    assert assembly([print_file("print/x-a4.pdf", "round", 12.5)], "de") == [(
        "Schneide die runden Teile aus ", FileRef("print/x-a4.pdf"), " entlang ihrer Kreise aus (12,5\u00a0mm "
        "Durchmesser); ein Kreisstanzer passender Größe geht es schneller.",)]


def test_cut_square_tokens_along_their_outlines_after_the_round() -> None:
    square, round_ = print_file("print/s-a4.pdf", "square", 20), print_file("print/r-a4.pdf", "round", 20)
    other = print_file("print/cards-a4.pdf", "rect", 63.5)
    assert assembly([square, other, round_], "en") == [
        ("Cut the round pieces of ", round_.ref, " along their circles (20\u00a0mm across); a circle punch of the "
         "right size is quicker.",),
        ("Cut the square pieces of ", square.ref, " along their outlines.")]
    assert assembly([square, print_file("print/t-a4.pdf", "square", 30)], "de") == [
        ("Schneide die quadratischen Teile aus ", square.ref, " und ", FileRef("print/t-a4.pdf"),
         " entlang ihrer Umrisse aus.")]
    assert assembly([other], "en") == [] and assembly([], "fr") == []
