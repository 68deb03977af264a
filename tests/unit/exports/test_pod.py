"""pnp.exports.pod: The Game Crafter's uploads, each face and each distinct back of a set of
cards or sheets of a size it prints as a page of its own with 1/8 in of bleed all round,
rasterized at 300 dpi into pod/<print name>/ once the build's own work is done."""

from __future__ import annotations

from types import SimpleNamespace

from pnp.exports.pod import BLEED, DPI, _with_bleed, build
from pnp.kit.pieces import Piece, PieceSet
from pnp.scene import Definition, Group, Page, Rect, Style, Use, translate
from pnp.units import mm

POKER, MINI = (mm(63.5), mm(88.9)), (mm(44.45), mm(63.5))


class Files:
    """What a build lets an export do, recording it: the pages it rasterizes, and what it
    leaves for once the build's own work is done."""

    def __init__(self) -> None:
        self.rasterized: list[tuple] = []
        self.then_done: list = []

    def rasterize_later(self, pages, dpi, relative, tag, label):
        self.rasterized.append((list(pages), dpi, list(relative), tag, label))
        return f"wait for {label}"

    def then(self, finish) -> None:
        self.then_done.append(finish)


def drawing(id: str, size: tuple[float, float]) -> Definition:
    return Definition(id, *size, Group((Rect(0, 0, *size, Style(fill="#336699")),)))


def piece(id: str, size: tuple[float, float] = POKER, back: Definition | None = None, back_name: str | None = None,
          group: str | None = None, position: int = 1) -> Piece:
    item = SimpleNamespace(id=id, group=SimpleNamespace(id=group) if group else None, position=position)
    return Piece(item, id, drawing(id, size), back, back_name, 3)


def pieces(name: str, type: str, *made: Piece, size: tuple[float, float] = POKER, **declaration) -> PieceSet:
    component = SimpleNamespace(name=name, type=type, width=size[0], height=size[1], declaration=declaration,
                                print_name=declaration.get("print", name))
    return PieceSet(component, list(made))


def bled(d: Definition) -> Page:
    """A face with its 1/8 in of bleed on a page of its own."""
    return Page(d.width + 2 * mm(3.175), d.height + 2 * mm(3.175), (Use(d.id, translate(mm(3.175), mm(3.175))),), (d,))


def test_the_bleed_and_resolution() -> None:
    assert (BLEED, DPI) == (mm(3.175), 300)
    face = Definition("a", 100.0, 200.0, Group(()), 9.0)
    assert _with_bleed(face) == Page(118.0, 218.0, (Use("a", translate(9.0, 9.0)),), (face,))


def test_each_face_and_each_distinct_back() -> None:
    back, other = drawing("back", POKER), drawing("other", POKER)
    deck = pieces("cards", "card", piece("a", back=back, back_name="back"), piece("b", back=back, back_name="back"),
                  piece("c", back=other, back_name="other"), piece("d", back=other, back_name=None),
                  piece("e"))
    files = Files()
    build([deck], files)
    (a, b, c, d, e), (ba, _, bc, _, _) = deck.bled(BLEED)
    assert a.bleed == BLEED and ba.bleed == BLEED
    assert files.rasterized == [([bled(a), bled(b), bled(c), bled(d), bled(e), bled(ba), bled(bc)], 300,
                                 ["pod/cards/a.png", "pod/cards/b.png", "pod/cards/c.png", "pod/cards/d.png",
                                  "pod/cards/e.png", "pod/cards/back.png", "pod/cards/other.png"],
                                 "pod", "print on demand: cards")]
    assert files.then_done == ["wait for print on demand: cards"]
    page = files.rasterized[0][0][0]
    assert (round(page.width, 4), round(page.height, 4)) == (198.0, 270.0)  # 825 x 1125 px at 300 dpi


def test_sets_of_a_size_it_prints_of_the_types_it_prints() -> None:
    cards = pieces("cards", "card", piece("a", group="north", position=2), print="deck")
    aid = pieces("aid", "sheet", piece("x", MINI, drawing("aid-back", MINI), "aid-back"), size=MINI)
    large = pieces("large", "card", piece("big", (mm(63.5), mm(89))), size=(mm(63.5), mm(89)))
    tokens = pieces("chips", "token", piece("t", POKER))
    files = Files()
    build([large, cards, tokens, aid], files)
    (a,), _ = cards.bled(BLEED)
    (x,), (back,) = aid.bled(BLEED)
    assert files.rasterized == [([bled(a), bled(x), bled(back)], 300,
                                 ["pod/deck/north-02-a.png", "pod/aid/x.png", "pod/aid/aid-back.png"], "pod",
                                 "print on demand: cards")]
    assert len(files.then_done) == 1


def test_a_size_to_a_hundredth_of_a_point() -> None:
    near = (mm(63.5) + 0.009, mm(88.9) - 0.009)
    files = Files()
    build([pieces("cards", "card", piece("a", near), size=near)], files)
    assert files.rasterized[0][2] == ["pod/cards/a.png"]


def test_nothing_to_upload() -> None:
    files = Files()
    build([pieces("chips", "token", piece("t")), pieces("cards", "card")], files)
    build([], files)
    assert (files.rasterized, files.then_done) == ([], [])
