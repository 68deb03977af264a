"""pnp.exports.pod and pnp.exports.products: every piece that is one of The Game Crafter's
products at that product's pixel size (300 dpi, 1/8 in of bleed all round), turned where the
product stands the other way, each face and each distinct back a page of its own rasterized
into pod/<print name>/ once the build's own work is done, and the order (CSV and JSON) naming
each piece's product, files and copies."""

from __future__ import annotations

import json
from types import SimpleNamespace

from pnp.exports.pod import FIELDS, ROOT, OrderLine, _with_bleed, build, summary, write_order
from pnp.exports.products import BLEED, DPI
from pnp.kit.pieces import Piece, PieceSet
from pnp.scene import Definition, Group, Page, Rect, Style, Use, chain, rotate, translate
from pnp.units import mm

POKER, MINI, MONEY = (mm(63.5), mm(88.9)), (mm(44.45), mm(63.5)), (mm(63.5), mm(44.45))


def test_the_folder() -> None:
    assert ROOT == "pod"


class Files:
    """What a build lets an export do, recording it: the pages it rasterizes, what it leaves
    for once the build's own work is done, and the files it writes."""

    def __init__(self) -> None:
        self.rasterized: list[tuple] = []
        self.then_done: list = []
        self.written: dict[str, bytes] = {}
        self.stages: list[tuple[str, int]] = []

    def rasterize_later(self, pages, dpi, relative, tag, label):
        self.rasterized.append((list(pages), dpi, list(relative), tag, label))
        return f"wait for {label}"

    def then(self, finish) -> None:
        self.then_done.append(finish)

    def write(self, relative, data, key=None) -> None:
        self.written[relative] = data

    def stage(self, label, total) -> None:
        self.stages.append((label, total))


def drawing(id: str, size: tuple[float, float]) -> Definition:
    return Definition(id, *size, Group((Rect(0, 0, *size, Style(fill="#336699")),)))


def piece(id: str, size: tuple[float, float] = POKER, back: Definition | None = None, back_name: str | None = None,
          group: str | None = None, position: int = 1, copies: int = 3, label: str = "") -> Piece:
    item = SimpleNamespace(id=id, group=SimpleNamespace(id=group) if group else None, position=position)
    return Piece(item, id, drawing(id, size), back, back_name, copies, label or id.title())


def pieces(name: str, type: str, *made: Piece, size: tuple[float, float] = POKER, shape: str = "rect",
           **declaration) -> PieceSet:
    component = SimpleNamespace(name=name, type=type, shape=shape, width=size[0], height=size[1],
                                declaration=declaration, print_name=declaration.get("print", name),
                                title={"en": f"{name} pieces"})
    return PieceSet(component, list(made))


class Kit(list):
    """A composed kit as the export reads it: its sets, and the language it is in."""

    language = "en"
    game = SimpleNamespace(language="en")


def bled(d: Definition) -> Page:
    """A face with its 1/8 in of bleed on a page of its own."""
    return Page(d.width + 2 * mm(3.175), d.height + 2 * mm(3.175), (Use(d.id, translate(mm(3.175), mm(3.175))),), (d,))


def test_a_page_with_its_bleed_as_it_is_or_turned() -> None:
    face = Definition("a", 100.0, 50.0, Group(()), 9.0)
    assert _with_bleed(face) == Page(118.0, 68.0, (Use("a", translate(9.0, 9.0)),), (face,))
    turned = _with_bleed(face, True)
    assert turned == Page(68.0, 118.0, (Use("a", chain(translate(9.0, 9.0), rotate(90), translate(68.0, 0))),), (face,))
    # the face's top left corner (with its bleed) goes to the page's top right, its bottom right to the bottom left
    a, b, c, d, e, f = turned.children[0].transform
    assert (round(a * -9 + c * -9 + e, 6), round(b * -9 + d * -9 + f, 6)) == (68.0, 0.0)
    assert (round(a * 109 + c * 59 + e, 6), round(b * 109 + d * 59 + f, 6)) == (0.0, 118.0)


def test_each_face_and_each_distinct_back_and_the_order() -> None:
    back, other = drawing("back", POKER), drawing("other", POKER)
    deck = pieces("cards", "card", piece("a", back=back, back_name="back", copies=24),
                  piece("b", back=back, back_name="back", label="Bee"),
                  piece("c", back=other, back_name="other"), piece("d", back=other, back_name=None), piece("e"))
    files = Files()
    lines = build(Kit([deck]), files)
    (a, b, c, d, e), (ba, _, bc, _, _) = deck.bled(BLEED)
    assert a.bleed == BLEED and ba.bleed == BLEED
    assert files.rasterized == [([bled(a), bled(ba), bled(b), bled(c), bled(bc), bled(d), bled(e)], 300,
                                 ["pod/cards/a.png", "pod/cards/back.png", "pod/cards/b.png", "pod/cards/c.png",
                                  "pod/cards/other.png", "pod/cards/d.png", "pod/cards/e.png"],
                                 "pod", "print on demand")]
    assert files.then_done == ["wait for print on demand"]
    assert files.stages == [("print on demand: the order", 2)] and sorted(files.written) == ["pod/order.csv",
                                                                                          "pod/order.json"]
    page = files.rasterized[0][0][0]
    assert (round(page.width * DPI / 72), round(page.height * DPI / 72)) == (825, 1125)
    poker = ("poker card", "PokerDeck", "cards")
    assert lines == [OrderLine(*poker, "A", "pod/cards/a.png", "pod/cards/back.png", 24, 825, 1125, False),
                     OrderLine(*poker, "Bee", "pod/cards/b.png", "pod/cards/back.png", 3, 825, 1125, False),
                     OrderLine(*poker, "C", "pod/cards/c.png", "pod/cards/other.png", 3, 825, 1125, False),
                     OrderLine(*poker, "D", "pod/cards/d.png", "", 3, 825, 1125, False),
                     OrderLine(*poker, "E", "pod/cards/e.png", "", 3, 825, 1125, False)]
    assert files.written["pod/order.csv"].decode("utf-8").splitlines()[:3] == [
        "product,identity,set,name,front,back,copies,width_px,height_px,turned",
        "poker card,PokerDeck,cards,A,pod/cards/a.png,pod/cards/back.png,24,825,1125,False",
        "poker card,PokerDeck,cards,Bee,pod/cards/b.png,pod/cards/back.png,3,825,1125,False"]


def test_sets_sharing_a_print_file_each_with_its_own_back() -> None:
    """Two sets printed into one folder, each with a back of its own named "back": each back
    is its own file, named after its set as png/ names it, where both were pod/shared/back.png
    (the second drawn over the first, and the first set's pieces ordered with the second's back)."""
    one, two = drawing("one-back", POKER), drawing("two-back", POKER)
    first = pieces("ones", "card", piece("a", back=one, back_name="back"), print="shared")
    second = pieces("twos", "card", piece("b", back=two, back_name="back"), print="shared")
    files = Files()
    lines = build(Kit([first, second]), files)
    assert files.rasterized[0][2] == ["pod/shared/a.png", "pod/shared/ones-back.png", "pod/shared/b.png",
                                      "pod/shared/twos-back.png"]
    assert [(line.front, line.back) for line in lines] == [("pod/shared/a.png", "pod/shared/ones-back.png"),
                                                           ("pod/shared/b.png", "pod/shared/twos-back.png")]
    alone = Files()
    build(Kit([pieces("ones", "card", piece("a", back=one, back_name="back"), print="shared")]), alone)
    assert alone.rasterized[0][2] == ["pod/shared/a.png", "pod/shared/back.png"]


def test_money_turned_as_the_mini_card_stands() -> None:
    """Landscape money, 63.5 x 44.45 mm, exported 600 x 825 px (a mini card), its face and its
    back turned alike so the back stays behind its face."""
    back = drawing("money-back", MONEY)
    money = pieces("money", "card", piece("one", MONEY, back, "money-back", copies=10, label="₹1"), size=MONEY)
    files = Files()
    (line,) = build(Kit([money]), files)
    assert line == OrderLine("mini card", "MiniDeck", "money", "₹1", "pod/money/one.png", "pod/money/money-back.png",
                             10, 600, 825, True)
    pages = files.rasterized[0][0]
    assert [(round(p.width * DPI / 72), round(p.height * DPI / 72)) for p in pages] == [(600, 825), (600, 825)]
    assert all(p.children[0].transform[:4] == rotate(90)[:4] for p in pages)


def test_hex_tiles_as_the_game_crafters_hex_tiles_at_their_templates_size() -> None:
    """Regular hex tiles 44, 55 and 82.5 mm across the flats are its small, medium and large hex
    tiles (2, 2.5 and 3.75 in corner to corner), each face and back exported at its template's
    size, 675 x 600, 825 x 750 and 1200 x 1050 px, taller than the hexagon and its bleed: the
    face in its middle. A pointy tile is turned to stand flat, as the product does."""
    def hexes(name: str, across: float, pointy: bool = False) -> PieceSet:
        size = (mm(across) * 2 / 3 ** 0.5, mm(across))[::-1 if pointy else 1]
        return pieces(name, "tile", piece("h", size, drawing(f"{name}-back", size), f"{name}-back", copies=2),
                      size=size, shape="hex")

    files = Files()
    lines = build(Kit([hexes("small", 44), hexes("medium", 55), hexes("large", 82.5), hexes("pointy", 44, True)]),
                  files)
    assert [(line.product, line.identity, line.width_px, line.height_px, line.turned) for line in lines] == [
        ("small hex tile", "SmallHexTile", 675, 600, False), ("medium hex tile", "MediumHexTile", 825, 750, False),
        ("large hex tile", "LargeHexTile", 1200, 1050, False), ("small hex tile", "SmallHexTile", 675, 600, True)]
    pages = files.rasterized[0][0]
    assert [(round(p.width * DPI / 72), round(p.height * DPI / 72)) for p in pages] == [
        (675, 600), (675, 600), (825, 750), (825, 750), (1200, 1050), (1200, 1050), (675, 600), (675, 600)]
    small, pointy = pages[0], pages[6]
    face = small.definitions[0]
    x, y = small.children[0].transform[4:]  # (the face with its bleed in the middle of the page)
    assert round(x - face.bleed, 6) == round(small.width - (x + face.width + face.bleed), 6) == 0  # (as wide)
    assert round(y - face.bleed, 6) == round(small.height - (y + face.height + face.bleed), 6) > 0
    a, b, c, d, e, f = pointy.children[0].transform
    face = pointy.definitions[0]
    corners = [(a * px + c * py + e, b * px + d * py + f) for px in (-face.bleed, face.width + face.bleed)
               for py in (-face.bleed, face.height + face.bleed)]
    xs, ys = sorted({round(x, 6) for x, _ in corners}), sorted({round(y, 6) for _, y in corners})
    assert round(xs[0] + xs[1], 6) == round(pointy.width, 6) and round(ys[0] + ys[1], 6) == round(pointy.height, 6)


def test_sets_of_a_products_size_and_type() -> None:
    cards = pieces("cards", "card", piece("a", group="north", position=2), print="deck")
    aid = pieces("aid", "sheet", piece("x", MINI, drawing("aid-back", MINI), "aid-back", label="x"),
                 size=MINI)
    large = pieces("large", "card", piece("big", (mm(63.5), mm(89))), size=(mm(63.5), mm(89)))
    chips = pieces("chips", "token", piece("t", (72, 72), label="t"), piece("u", (72, 72), label="u"),
                   size=(72, 72), shape="round")
    hexes = pieces("hexes", "tile", piece("h", (mm(46.19), mm(40))), size=(mm(46.19), mm(40)), shape="hex")
    board = pieces("board", "board", piece("map"))
    files = Files()
    lines = build(Kit([large, cards, chips, aid, hexes, board]), files)
    assert files.rasterized[0][2] == ["pod/deck/north-02-a.png", "pod/chips/t.png", "pod/chips/u.png", "pod/aid/x.png",
                                      "pod/aid/aid-back.png"]
    assert [(line.product, line.name) for line in lines] == [
        ("poker card", "A"), ("large circle chit", "Chips pieces t"), ("large circle chit", "Chips pieces u"),
        ("mini card", "Aid pieces")]  # (an id for a label: the set's title and the id)
    assert len(files.then_done) == 1


def test_nothing_to_upload() -> None:
    files = Files()
    assert build(Kit([pieces("chips", "token", piece("t"), shape="round"), pieces("cards", "card")]), files) == []
    build(Kit(), files)
    assert (files.rasterized, files.then_done, files.written) == ([], [], {})


def test_the_order_file_and_what_the_gallery_says_of_it() -> None:
    """A line a piece; in the JSON each product's images (each back once) and copies, which the
    gallery reads back."""
    lines = [OrderLine("poker card", "PokerDeck", "cards", "A, b", "pod/cards/a.png", "pod/cards/back.png", 24, 825,
                       1125, False),
             OrderLine("poker card", "PokerDeck", "cards", "B", "pod/cards/b.png", "pod/cards/back.png", 1, 825, 1125,
                       False),
             OrderLine("mini card", "MiniDeck", "money", "₹1", "pod/money/one.png", "", 10, 600, 825, True)]
    files = Files()
    write_order(files, lines)
    assert files.written["pod/order.csv"] == (
        "product,identity,set,name,front,back,copies,width_px,height_px,turned\n"
        "poker card,PokerDeck,cards,\"A, b\",pod/cards/a.png,pod/cards/back.png,24,825,1125,False\n"
        "poker card,PokerDeck,cards,B,pod/cards/b.png,pod/cards/back.png,1,825,1125,False\n"
        "mini card,MiniDeck,money,₹1,pod/money/one.png,,10,600,825,True\n").encode("utf-8")
    order = json.loads(files.written["pod/order.json"])
    assert files.written["pod/order.json"].endswith(b"}\n") and "₹1".encode("utf-8") in files.written["pod/order.json"]
    assert order["printer"] == "The Game Crafter" and (order["dpi"], order["bleed_in"]) == (300, 0.125)
    assert order["products"] == [
        {"product": "poker card", "identity": "PokerDeck", "width_px": 825, "height_px": 1125, "turned": False,
         "images": 3, "copies": 25},
        {"product": "mini card", "identity": "MiniDeck", "width_px": 600, "height_px": 825, "turned": True,
         "images": 1, "copies": 10}]
    assert order["lines"][2] == {"product": "mini card", "identity": "MiniDeck", "set": "money", "name": "₹1",
                                 "front": "pod/money/one.png", "back": "", "copies": 10, "width_px": 600,
                                 "height_px": 825, "turned": True}
    assert FIELDS == list(order["lines"][0])
    assert summary(order) == [
        "3 images of 825 × 1125 px for The Game Crafter's poker cards (25 to order)",
        "1 image of 600 × 825 px for The Game Crafter's mini cards, turned sideways (10 to order)"]
    assert summary({}) == []
