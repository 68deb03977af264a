"""pnp.exports.tabletopia: an image of each face and of each distinct back at 10 px per mm
times the scale (PNG for round pieces and hex tiles, JPEG else), a board's picture drawn by a
worker (at most 4000 px a side, its scale read from the picture drawn), the manifest's rows
(CSV and JSON) and what the images weigh against the free plan's storage."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from pnp.exports import tabletopia
from pnp.exports.tabletopia import (BASIC_PLAN_STORAGE, FIELDS, MAX_PX, ROOT, SHAPES, TabletopiaObject, build,
                                    scale_to_enter, shared_names, upload_steps, write_manifest)
from pnp.kit.pieces import Board, Piece, PieceSet
from pnp.scene import Definition, Group, Rect, Style, single
from pnp.units import mm

POKER = (mm(63.5), mm(88.9))


class Files:
    """The kit's folder as an export sees it (KitFiles), recording what it is asked to do."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.calls: list[tuple] = []
        self.written: dict[str, bytes] = {}
        self.finish = None
        self.warnings: list[str] = []

    def path(self, relative: str) -> str:
        return str(self.out / relative)

    def files(self) -> list[str]:  # (what the build made before the exports: here, no rulebook)
        return []

    def key(self, *parts: object) -> str:
        return "key of " + repr(parts)

    def rasterize_later(self, pages, dpi, relative, tag, label, alpha=False):
        self.calls.append(("rasterize", list(pages), dpi, list(relative), tag, label, alpha))
        return lambda: self.calls.append(("waited", label))

    def draw_later(self, relative, key, page, dpi, largest=0):
        self.calls.append(("draw", relative, key, page(), dpi, largest))
        return f"job {relative}"

    def drawn(self, relative, key, job) -> None:
        self.calls.append(("drawn", relative, key, job))

    def then(self, finish) -> None:
        assert self.finish is None
        self.finish = finish

    def stage(self, label, total) -> None:
        self.calls.append(("stage", label, total))

    def write(self, relative, data, key=None) -> None:
        self.written[relative] = data
        Path(self.path(relative)).parent.mkdir(parents=True, exist_ok=True)
        Path(self.path(relative)).write_bytes(data)

    def warn(self, message) -> None:
        self.warnings.append(message)

    def image(self, relative: str, size: int) -> None:
        """An image the workers drew: `size` bytes."""
        Path(self.path(relative)).parent.mkdir(parents=True, exist_ok=True)
        Path(self.path(relative)).write_bytes(b"x" * size)


def drawing(id: str, size: tuple[float, float] = POKER) -> Definition:
    return Definition(id, *size, Group((Rect(0, 0, *size, Style(fill="#336699")),)))


def piece(id: str, back: Definition | None = None, back_name: str | None = None, copies: int = 1,
          size: tuple[float, float] = POKER, label: str = "", group: str | None = None) -> Piece:
    item = SimpleNamespace(id=id, group=SimpleNamespace(id=group) if group else None, position=3)
    return Piece(item, id, drawing(id, size), back, back_name, copies, label or id.title())


def pieces(name: str, type: str, shape: str, *made: Piece, size: tuple[float, float] = POKER,
           boards: list[Board] = ()) -> PieceSet:
    component = SimpleNamespace(name=name, type=type, shape=shape, width=size[0], height=size[1], declaration={},
                                title={"en": name + " pieces"})
    return PieceSet(component, list(made), list(boards))


def kit(*groups: tuple[str, list[PieceSet]]) -> SimpleNamespace:
    return SimpleNamespace(print_groups=lambda: list(groups), language="en", game=SimpleNamespace(language="en"))


def options(scale: int = 100) -> SimpleNamespace:
    return SimpleNamespace(tabletopia_scale=scale)


def test_constants() -> None:
    assert (BASIC_PLAN_STORAGE, MAX_PX, ROOT) == (200_000_000, 4000, "tabletopia")
    row = TabletopiaObject("Card", "a", 63.5, 88.9, 100, "f", "b", 2)
    assert (row.shape, row.component, row.set) == ("rect", "", "")


def test_the_scale_to_enter() -> None:
    """Tabletopia shows 10 px per mm at 100 %."""
    assert scale_to_enter(mm(63.5), 635) == 100
    assert scale_to_enter(mm(63.5), 1270) == 50
    assert scale_to_enter(mm(10), 33) == 303
    assert scale_to_enter(mm(10), 80) == 125
    assert scale_to_enter(mm(10), 400) == 25
    # to the nearest, a half up (not to even): Furia Cartese's 410 mm fields at 4000 px
    assert scale_to_enter(mm(410), 4000) == 103
    assert scale_to_enter(mm(10), 40) == 250 and scale_to_enter(mm(1.5), 4) == 375
    assert scale_to_enter(mm(0.5), 4) == 125 and scale_to_enter(mm(0.3), 4) == 75
    assert scale_to_enter(mm(10.049), 100) == 100 and scale_to_enter(mm(10.051), 100) == 101


def test_cards_their_backs_and_the_rows(tmp_path: Path) -> None:
    back = drawing("back")
    deck = pieces("cards", "card", "rect", piece("a", back, "back", 2, group="north"), piece("b", back, "back"),
                  piece("same", back_name=None), piece("none", back_name=None))
    same = deck.pieces[2]
    same.back = same.face  # back: same
    files = Files(tmp_path)
    rows = build(kit(("cards", [deck])), files, options())
    assert rows == [
        TabletopiaObject("Card", "A", 63.5, 88.9, 100, "tabletopia/cards/north-03-a.jpg", "tabletopia/cards/back.jpg",
                         2, "rect", "card", "cards"),
        TabletopiaObject("Card", "B", 63.5, 88.9, 100, "tabletopia/cards/b.jpg", "tabletopia/cards/back.jpg", 1,
                         "rect", "card", "cards"),
        TabletopiaObject("Card", "Same", 63.5, 88.9, 100, "tabletopia/cards/same.jpg", "tabletopia/cards/same.jpg", 1,
                         "rect", "card", "cards"),
        TabletopiaObject("Card", "None", 63.5, 88.9, 100, "tabletopia/cards/none.jpg", "", 1, "rect", "card",
                         "cards")]
    assert files.calls == [("rasterize", [single(back)] + [single(p.face) for p in deck.pieces], 254.0,
                            ["tabletopia/cards/back.jpg", "tabletopia/cards/north-03-a.jpg", "tabletopia/cards/b.jpg",
                             "tabletopia/cards/same.jpg", "tabletopia/cards/none.jpg"],
                            "tabletopia", "Tabletopia: cards", False)]


def test_a_back_not_drawn_leaves_none(tmp_path: Path) -> None:
    deck = pieces("cards", "card", "rect", piece("a", None, "lost"))
    assert build(kit(("cards", [deck])), Files(tmp_path), options())[0].back == ""


def test_images_at_the_scale_asked_for(tmp_path: Path) -> None:
    """10 px per mm times the scale, a piece's width rounded up to whole pixels (a millionth
    of a pixel over a whole number is that number)."""
    deck = pieces("cards", "card", "rect", piece("a"))
    files = Files(tmp_path)
    assert build(kit(("cards", [deck])), files, options(50))[0].scale == 200  # 5 px per mm
    assert files.calls[0][2] == 127.0
    files = Files(tmp_path)
    assert build(kit(("cards", [deck])), files, options(400))[0].scale == 25
    assert files.calls[0][2] == 1016.0

    def scale(width_mm: float, percent: int = 100) -> int:
        size = (mm(width_mm), mm(width_mm))
        chips = pieces("chips", "token", "round", piece("t", size=size), size=size)
        return build(kit(("chips", [chips])), Files(tmp_path), options(percent))[0].scale

    assert mm(1) * 254.0 / 72 > 10.0 and scale(1) == 100  # 10 px, not 11 (91 %)
    assert mm(3) * 254.0 / 72 == 30.0 and scale(3) == 100  # 30 px, not 31 (97 %)
    assert scale(1.05) == 95  # 11 px for 10.5
    assert scale(2, 25) == 400  # 5 px


def test_round_pieces_and_hex_tiles_as_png(tmp_path: Path) -> None:
    back = drawing("back", (mm(20), mm(20)))
    big = pieces("big", "token", "round", piece("p1", back, "back", size=(mm(30), mm(30))), size=(mm(30), mm(30)))
    small = pieces("small", "token", "round", piece("m1", back, "back", 5, size=(mm(20), mm(20))),
                   size=(mm(20), mm(20)))
    files = Files(tmp_path)
    rows = build(kit(("tokens", [big, small])), files, options())
    assert [(r.type, r.name, r.width_mm, r.scale, r.front, r.back, r.quantity, r.shape, r.set) for r in rows] == [
        ("Token", "P1", 30.0, 100, "tabletopia/tokens/p1.png", "tabletopia/tokens/big-back.png", 1, "round", "big"),
        ("Token", "M1", 20.0, 100, "tabletopia/tokens/m1.png", "tabletopia/tokens/small-back.png", 5, "round",
         "small")]
    assert files.calls[0][3:] == (["tabletopia/tokens/big-back.png", "tabletopia/tokens/p1.png",
                                   "tabletopia/tokens/small-back.png", "tabletopia/tokens/m1.png"],
                                  "tabletopia", "Tabletopia: tokens", True)
    hexes = pieces("hexes", "tile", "hex", piece("h", size=(mm(40), mm(46))), size=(mm(40), mm(46)))
    files = Files(tmp_path)
    assert build(kit(("hexes", [hexes])), files, options())[0].front == "tabletopia/hexes/h.png"
    assert files.calls[0][-1] is True


def test_png_for_each_set_cut_to_its_outline_jpeg_for_the_others(tmp_path: Path) -> None:
    """Set by set, though they share a print file (and each its own type's object: a print
    file may hold tiles and tokens)."""
    round_ = pieces("round", "token", "round", piece("r", size=(mm(20), mm(20))), size=(mm(20), mm(20)))
    square = pieces("square", "tile", "square", piece("s", size=(mm(20), mm(20))), size=(mm(20), mm(20)))
    files = Files(tmp_path)
    rows = build(kit(("tokens", [round_, square])), files, options())
    assert [(r.type, r.front) for r in rows] == [("Token", "tabletopia/tokens/r.png"), ("Tile", "tabletopia/tokens/s.jpg")]
    assert [(c[5], c[-1]) for c in files.calls] == [("Tabletopia: tokens", True), ("Tabletopia: tokens", False)]


def test_each_print_group_rasterized_apart(tmp_path: Path) -> None:
    deck = pieces("cards", "card", "rect", piece("a"))
    aid = pieces("aid", "sheet", "rect", piece("x"))
    files = Files(tmp_path)
    rows = build(kit(("cards", [deck]), ("aid", [aid])), files, options())
    assert [(r.type, r.front) for r in rows] == [("Card", "tabletopia/cards/a.jpg"),
                                                 ("Game Board", "tabletopia/aid/x.jpg")]  # (a player board is a board)
    assert [c[5] for c in files.calls] == ["Tabletopia: cards", "Tabletopia: aid"]


def board(name: str, width: float, height: float) -> Board:
    page = drawing(f"{name}-page", (width, height))
    return Board(name, name.title(), lambda: page, ("board", name), width, height)


def test_boards_drawn_by_a_worker_their_scale_from_the_picture(tmp_path: Path) -> None:
    small, large = board("small", mm(200), mm(300)), board("large", mm(400), mm(500))
    maps = pieces("maps", "board", "rect", size=(mm(420), mm(297)), boards=[small, large])
    deck = pieces("cards", "card", "rect", piece("a"))
    files = Files(tmp_path)
    rows = build(kit(("maps", [maps]), ("cards", [deck])), files, options())
    assert rows[:2] == [
        TabletopiaObject("Game Board", "Small", 420.0, 297.0, 0, "tabletopia/maps/small.jpg", "", 1, "rect", "board",
                         "maps"),
        TabletopiaObject("Game Board", "Large", 420.0, 297.0, 0, "tabletopia/maps/large.jpg", "", 1, "rect", "board",
                         "maps")]
    assert rows[2].front == "tabletopia/cards/a.jpg"
    large_dpi = 254.0 * 4000 / (mm(500) * 254.0 / 72)  # 5000 px at 254 dpi: 4000
    small_key = "key of " + repr(("board", "small", "tabletopia", 254.0))
    large_key = "key of " + repr(("board", "large", "tabletopia", large_dpi))
    assert files.calls == [
        ("rasterize", [single(deck.pieces[0].face)], 254.0, ["tabletopia/cards/a.jpg"], "tabletopia",
         "Tabletopia: cards", False),
        ("draw", "tabletopia/maps/small.jpg", small_key, small.page, 254.0, 4000),
        ("draw", "tabletopia/maps/large.jpg", large_key, large.page, large_dpi, 4000)]
    assert files.finish is not None and not files.written

    from PIL import Image

    (tmp_path / "tabletopia" / "maps").mkdir(parents=True)
    Image.new("RGB", (2000, 3000)).save(tmp_path / "tabletopia" / "maps" / "small.jpg")
    Image.new("RGB", (3200, 4000)).save(tmp_path / "tabletopia" / "maps" / "large.jpg")
    files.image("tabletopia/cards/a.jpg", 1000)
    files.calls.clear()
    files.finish()
    assert files.calls == [("stage", "Tabletopia: small", 1),
                           ("drawn", "tabletopia/maps/small.jpg", small_key, "job tabletopia/maps/small.jpg"),
                           ("stage", "Tabletopia: large", 1),
                           ("drawn", "tabletopia/maps/large.jpg", large_key, "job tabletopia/maps/large.jpg"),
                           ("waited", "Tabletopia: cards"),
                           ("stage", "Tabletopia: the manifest", 2)]
    assert [r.scale for r in rows] == [210, 131, 100]  # the set's 420 mm over 2000 px, over 3200 px
    manifest = json.loads(files.written["tabletopia/manifest.json"])
    assert [o["scale"] for o in manifest["objects"]] == [210, 131, 100]


def test_a_board_at_most_4000_px_a_side(tmp_path: Path) -> None:
    wide = board("wide", mm(800), mm(300))  # 8000 px at 100 %
    exact = board("exact", mm(400), mm(300))  # 4000 px: drawn in full
    maps = pieces("maps", "board", "rect", size=(mm(800), mm(300)), boards=[wide, exact])
    files = Files(tmp_path)
    build(kit(("maps", [maps])), files, options())
    assert [c[4] for c in files.calls] == [254.0 * 4000 / (mm(800) * 254.0 / 72), 254.0]
    assert files.calls[0][4] == pytest.approx(127.0)


def test_sizes_in_mm_to_a_hundredth(tmp_path: Path) -> None:
    size = (mm(31.4159), mm(27.1828))
    chips = pieces("chips", "token", "square", piece("t", size=size), size=size)
    maps = pieces("maps", "board", "rect", size=size, boards=[board("a", *size)])
    rows = build(kit(("chips", [chips]), ("maps", [maps])), Files(tmp_path), options())
    assert [(r.width_mm, r.height_mm) for r in rows] == [(31.42, 27.18), (31.42, 27.18)]


def test_the_boards_of_every_set_of_a_file(tmp_path: Path) -> None:
    first = pieces("first", "board", "rect", size=(mm(100), mm(100)), boards=[board("a", mm(100), mm(100))])
    second = pieces("second", "board", "rect", size=(mm(200), mm(200)), boards=[board("b", mm(100), mm(100))])
    rows = build(kit(("maps", [first, second])), Files(tmp_path), options())
    assert [(r.front, r.width_mm, r.set) for r in rows] == [("tabletopia/maps/a.jpg", 100.0, "first"),
                                                            ("tabletopia/maps/b.jpg", 100.0, "first")]


def row(front: str, back: str = "", **facts) -> TabletopiaObject:
    values = dict(type="Card", name="A, b", width_mm=63.5, height_mm=88.9, scale=100, front=front, back=back,
                  quantity=2, shape="rect", component="card", set="cards")
    values.update(facts)
    return TabletopiaObject(**values)


def test_the_manifest(tmp_path: Path) -> None:
    files = Files(tmp_path)
    files.image("tabletopia/cards/a.jpg", 300)
    files.image("tabletopia/cards/back.jpg", 20)
    files.image("tabletopia/cards/b.jpg", 100)
    write_manifest(files, [row("tabletopia/cards/a.jpg", "tabletopia/cards/back.jpg"),
                           row("tabletopia/cards/b.jpg", "tabletopia/cards/back.jpg", name="Bé", quantity=1),
                           row("tabletopia/cards/a.jpg", "", scale=50)])
    assert files.written["tabletopia/manifest.csv"] == (
        "type,name,width_mm,height_mm,scale,front,back,quantity,shape\n"
        "Card,\"A, b\",63.5,88.9,100,tabletopia/cards/a.jpg,tabletopia/cards/back.jpg,2,rect\n"
        "Card,Bé,63.5,88.9,100,tabletopia/cards/b.jpg,tabletopia/cards/back.jpg,1,rect\n"
        "Card,\"A, b\",63.5,88.9,50,tabletopia/cards/a.jpg,,2,rect\n").encode("utf-8")
    manifest = files.written["tabletopia/manifest.json"]
    assert manifest.endswith(b"}\n") and "Bé".encode("utf-8") in manifest
    assert json.loads(manifest) == {
        "objects": [
            {"type": "Card", "name": "A, b", "width_mm": 63.5, "height_mm": 88.9, "scale": 100,
             "front": "tabletopia/cards/a.jpg", "back": "tabletopia/cards/back.jpg", "quantity": 2, "shape": "rect"},
            {"type": "Card", "name": "Bé", "width_mm": 63.5, "height_mm": 88.9, "scale": 100,
             "front": "tabletopia/cards/b.jpg", "back": "tabletopia/cards/back.jpg", "quantity": 1, "shape": "rect"},
            {"type": "Card", "name": "A, b", "width_mm": 63.5, "height_mm": 88.9, "scale": 50,
             "front": "tabletopia/cards/a.jpg", "back": "", "quantity": 2, "shape": "rect"}],
        "steps": upload_steps([]),
        "files": 3,
        "total_bytes": 420,
        "basic_plan_storage_bytes": 200_000_000,
        "over_basic_plan_storage": False}
    assert manifest.startswith(b'{\n  "objects": [\n    {\n      "type": "Card",')
    assert files.warnings == []


def test_images_over_the_free_plans_storage(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    files = Files(tmp_path)
    files.image("a.jpg", 1_500_000)
    files.image("b.jpg", 1_000_000)
    monkeypatch.setattr(tabletopia, "BASIC_PLAN_STORAGE", 2_500_000)
    write_manifest(files, [row("a.jpg", "b.jpg")])
    assert json.loads(files.written["tabletopia/manifest.json"])["over_basic_plan_storage"] is False
    assert files.warnings == []
    monkeypatch.setattr(tabletopia, "BASIC_PLAN_STORAGE", 2_499_999)
    write_manifest(files, [row("a.jpg", "b.jpg")])
    doc = json.loads(files.written["tabletopia/manifest.json"])
    assert (doc["total_bytes"], doc["basic_plan_storage_bytes"], doc["over_basic_plan_storage"]) == (
        2_500_000, 2_499_999, True)
    assert files.warnings == ["the Tabletopia images total 2.5 MB, more than the 2 MB of game objects Tabletopia's "
                              "free Workshop plan stores; try a smaller --tabletopia-scale"]
    files.warnings.clear()
    files.image("b.jpg", 750_001)  # in millions of bytes, to a tenth: 2.250001 is 2.3
    monkeypatch.setattr(tabletopia, "BASIC_PLAN_STORAGE", 2_000_000)
    write_manifest(files, [row("a.jpg", "b.jpg")])
    files.image("b.jpg", 1_100_000)
    monkeypatch.setattr(tabletopia, "BASIC_PLAN_STORAGE", 2_500_001)  # to a whole: 2.500001 is 3
    write_manifest(files, [row("a.jpg", "b.jpg")])
    assert [w.split(" of game")[0] for w in files.warnings] == [
        "the Tabletopia images total 2.3 MB, more than the 2 MB",
        "the Tabletopia images total 2.6 MB, more than the 3 MB"]


def test_an_empty_manifest(tmp_path: Path) -> None:
    files = Files(tmp_path)
    write_manifest(files, [])
    assert files.written["tabletopia/manifest.csv"] == b"type,name,width_mm,height_mm,scale,front,back,quantity,shape\n"
    assert json.loads(files.written["tabletopia/manifest.json"])["files"] == 0


def test_the_rulebook_goes_up_beside_the_objects(tmp_path: Path) -> None:
    """The build's rulebook (A4, else Letter) copied into tabletopia/ as rules.pdf and named in
    the manifest; none for a build without one."""
    from pnp.exports import copy_rulebook

    files = Files(tmp_path)
    files.files = lambda: ["print/rules-letter.pdf"]
    files.key_of = lambda relative: f"key of {relative}"
    files.make = lambda relative, key, produce: files.written.__setitem__(relative, produce())
    (tmp_path / "print").mkdir()
    (tmp_path / "print" / "rules-letter.pdf").write_bytes(b"%PDF letter")
    assert copy_rulebook(files, "tabletopia") == "rules.pdf"
    assert files.written["tabletopia/rules.pdf"] == b"%PDF letter"
    write_manifest(files, [], "rules.pdf")
    assert json.loads(files.written["tabletopia/manifest.json"])["rules"] == "rules.pdf"
    files.files = lambda: ["print/cards-a4.pdf"]
    assert copy_rulebook(files, "tabletopia") is None
    write_manifest(files, [])
    assert "rules" not in json.loads(files.written["tabletopia/manifest.json"])


def test_the_fields_and_shapes() -> None:
    assert FIELDS == ["type", "name", "width_mm", "height_mm", "scale", "front", "back", "quantity", "shape"]
    assert SHAPES == {"rect": "Rectangular", "square": "Rectangular", "round": "Round", "hex": "Hexagonal"}


def test_the_upload_steps_say_which_shape_to_choose() -> None:
    """A hex tile's object is Hexagonal in Tabletopia, a round one's Round: the steps say so,
    naming the sets."""
    common = ["In Tabletopia's Workshop, create the game.",
              "For each row of manifest.csv, create an object of its type with its name, from its front and back "
              "images (the cards of a set together, sharing their back).",
              "Set each object's scale to the row's scale and its quantity to the row's quantity."]
    last = "Lay the objects out in a setup, and upload rules.pdf as the game's rules if the folder has it."
    assert upload_steps([row("a.jpg")]) == common + [last]
    rows = [row("t.png", shape="hex", set="tiles"), row("u.png", shape="hex", set="tiles"),
            row("c.png", shape="round", set="coins"), row("p.png", shape="round", set="pawns"),
            row("s.jpg", shape="square", set="squares")]
    assert upload_steps(rows) == common + [
        "For the hex pieces (tiles): choose Hexagonal as the object's shape, so that it is cut to its outline on "
        "the table.",
        "For the round pieces (coins, pawns): choose Round as the object's shape, so that it is cut to its outline "
        "on the table.", last]


def test_names_shared_by_two_objects() -> None:
    assert shared_names([row("a.jpg", name="A"), row("b.jpg", name="B")]) == []
    assert shared_names([row("a.jpg", name="A"), row("b.jpg", name="A"), row("c.jpg", name="A")]) == [
        "Tabletopia: 3 objects are named 'A' (components.cards): give the set a `label:` that tells them apart"]
    assert shared_names([row("a.jpg", name="Aid", set="aid"), row("b.jpg", name="B"),
                         row("c.jpg", name="Aid", set="mats"), row("d.jpg", name="Aid", set="boards"),
                         row("e.jpg", name="B")]) == [
        "Tabletopia: 3 objects are named 'Aid' (components.aid, components.boards and components.mats): give each "
        "set a `label:` that tells them apart",
        "Tabletopia: 2 objects are named 'B' (components.cards): give the set a `label:` that tells them apart"]


def test_pieces_named_by_their_set_where_their_label_is_their_id(tmp_path: Path) -> None:
    """Coins whose items are 1 and 3 (no name, no `label:`) are the set's title and the id; a
    set of one such item is its title; a label or a name is kept. Two objects of one name are
    a warning once the manifest is written."""
    coins = pieces("coins", "token", "round", piece("1", label="1"), piece("gold-3", label="gold-3"),
                   size=(mm(24), mm(24)))
    one = pieces("split", "card", "rect", piece("split", label="split"))
    named = pieces("cards", "card", "rect", piece("a", label="Scout"), piece("b", label="b"), piece("c", label="Scout"))
    named.component.declaration = {"label": "{id}"}
    files = Files(tmp_path)
    rows = build(kit(("coins", [coins]), ("split", [one]), ("cards", [named])), files, options())
    assert [r.name for r in rows] == ["Coins pieces 1", "Coins pieces gold 3", "Split pieces", "Scout", "b", "Scout"]
    for relative in {r.front for r in rows}:
        files.image(relative, 1)
    files.finish()
    assert files.warnings == ["Tabletopia: 2 objects are named 'Scout' (components.cards): give the set a `label:` "
                              "that tells them apart"]
