"""Tabletopia, Tabletop Simulator and print-on-demand exports, and the gallery."""

from __future__ import annotations

import csv
import itertools
import json
import math
import os
import re
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image, ImageChops, ImageStat

from pnp.cli import main
from pnp.units import to_mm

from conftest import MINI_SETS, ROOT


def sizes(folder: Path) -> Counter:
    return Counter(Image.open(p).size for p in sorted(folder.iterdir()))


def test_tabletopia_images_have_one_size_per_type(kit: Path) -> None:
    t = kit / "tabletopia"
    assert sizes(t / "cards") == {(635, 889): 127}  # 10 px per mm
    assert sizes(t / "money") == {(635, 445): 7}
    assert sizes(t / "tokens") == {(390, 390): 7, (150, 150): 6, (1206, 699): 2}  # (and the landscape aid)
    (board,) = (t / "board").iterdir()
    with Image.open(board) as image:
        assert max(image.size) == 4000
    for folder in ("cards", "money", "board"):
        assert {p.suffix for p in (t / folder).iterdir()} == {".jpg"}


def test_tabletopia_tokens_have_hard_transparency(kit: Path) -> None:
    for path in sorted((kit / "tabletopia" / "tokens").glob("*.png")):
        with Image.open(path) as image:
            assert image.mode == "RGBA"
            alpha = Counter(image.getchannel("A").tobytes())
            assert set(alpha) == {0, 255}, path.name  # on or off, never partial
            corner, centre = image.getpixel((0, 0)), image.getpixel((image.width // 2, image.height // 2))
            assert corner[3] == 0 and centre[3] == 255


def test_tabletopia_file_names_sort_and_say_what_they_are(kit: Path) -> None:
    names = sorted(p.name for p in (kit / "tabletopia" / "cards").iterdir())
    assert names[0] == "awadh-01-safdar-jang.jpg"
    assert "mughals-01-muhammad-shah.jpg" in names and "travancore-07-malabar-pepper.jpg" in names
    assert "back.jpg" in names


def test_manifest_lists_every_object_once(kit: Path) -> None:
    t = kit / "tabletopia"
    with open(t / "manifest.csv", newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    doc = json.loads((t / "manifest.json").read_text("utf-8"))
    assert [dict((k, str(v)) for k, v in o.items()) for o in doc["objects"]] == rows
    assert Counter(r["type"] for r in rows) == {"Card": 126 + 6, "Token": 12, "Game Board": 1 + 1}  # (the aid a board)
    assert len({r["front"] for r in rows}) == len(rows)
    cards = [r for r in rows if r["front"].startswith("tabletopia/cards/")]
    assert len(cards) == 126 and {r["back"] for r in cards} == {"tabletopia/cards/back.jpg"}
    assert {r["scale"] for r in cards} == {"100"}
    money = {r["name"]: int(r["quantity"]) for r in rows if r["front"].startswith("tabletopia/money/")}
    assert money == {"₹1": 10, "₹2": 6, "₹5": 6, "₹10": 4, "₹20": 4, "No bid": 6}
    board = next(r for r in rows if r["type"] == "Game Board")
    assert board["scale"] == "102"  # a 2,821 px image of a 287 mm board (4000 px high: its 407 mm)
    # every image in the folder is used, and every file named exists
    used = {r["front"] for r in rows} | {r["back"] for r in rows if r["back"]}
    on_disk = {str(p.relative_to(kit)) for p in t.rglob("*") if p.suffix in (".jpg", ".png")}
    assert used == on_disk
    assert doc["files"] == len(on_disk)
    assert doc["total_bytes"] == sum((kit / f).stat().st_size for f in on_disk)
    assert doc["total_bytes"] < doc["basic_plan_storage_bytes"] == 200_000_000
    assert doc["over_basic_plan_storage"] is False


def test_tabletopia_scale_doubles_the_pixels(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["build", "--game", str(ROOT), "--only", "tabletopia", "--tabletopia-scale",
                                       "200", "-o", str(tmp_path)], catch_exceptions=False)
    assert result.exit_code == 0
    assert sizes(tmp_path / "tabletopia" / "cards") == {(1270, 1778): 127}
    rows = json.loads((tmp_path / "tabletopia" / "manifest.json").read_text("utf-8"))["objects"]
    assert {r["scale"] for r in rows if r["type"] == "Card"} == {50}
    assert "warning" not in result.output  # within the 200 MB the free plan stores


def test_the_build_warns_when_tabletopia_would_not_store_the_images(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    import pnp.exports.tabletopia as tabletopia

    monkeypatch.setattr(tabletopia, "BASIC_PLAN_STORAGE", 5_000_000)
    result = CliRunner().invoke(main, ["build", "--game", str(ROOT), "--only", "tabletopia", "-o", str(tmp_path)],
                                catch_exceptions=False)
    assert re.search(r"warning: the Tabletopia images total [\d.]+ MB, more than the 5 MB of game objects "
                     r"Tabletopia's free Workshop plan stores; try a smaller --tabletopia-scale\n", result.output)
    assert json.loads((tmp_path / "tabletopia" / "manifest.json").read_text("utf-8"))["over_basic_plan_storage"]


def test_tabletopia_rows_have_their_own_sets_sizes(game_kit: tuple[Path, Path]) -> None:
    """Every row of each game's manifest gives the size of its own set's pieces (a player aid
    its own, never a card's), and its images are that size at 10 px per mm."""
    from pnp.checks.validate import validate

    game_dir, kit = game_kit
    game = validate(game_dir / "game.yaml").game
    rows = json.loads((kit / "tabletopia" / "manifest.json").read_text("utf-8"))["objects"]
    for row in rows:
        folder = row["front"].split("/")[1]
        sizes_there = {(round(to_mm(c.width), 2), round(to_mm(c.height), 2)) for c in game.sets.values()
                       if c.print_name == folder}
        assert (row["width_mm"], row["height_mm"]) in sizes_there, row
        w, h = image_size(kit / row["front"])
        if row["type"] == "Game Board":  # at most 4000 px on its long side
            assert max(w, h) <= 4000 and row["scale"] == math.floor(100 * row["width_mm"] * 10 / w + 0.5)  # (half up)
        else:
            assert abs(w - row["width_mm"] * 10) <= 1 and abs(h - row["height_mm"] * 10) <= 1 and row["scale"] == 100
        if row["back"]:
            assert image_size(kit / row["back"]) == (w, h)


# --- Tabletop Simulator ------------------------------------------------------------------------

# What scale 1.0 means, by kind of object: Tabletop Simulator keeps no size, only a scale, and
# its table unit is about an inch. A card at 1.0 is a poker card, 88.9 mm tall (its width
# following its cell); a custom tile or figurine at 1.0 is 1.318 units, 33.48 mm, along its
# image's height (its width following the image): cards and tiles at the sizes saves of
# printed games give them relative to each other.
CARD_MM_AT_1 = 88.9
TILE_MM_AT_1 = 1.318 * 25.4

TRANSFORM = dict.fromkeys(("posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ"), float)
COMMON = {"GUID": str, "Name": str, "Transform": TRANSFORM, "Nickname": str, "Description": str, "GMNotes": str,
          "ColorDiffuse": {"r": float, "g": float, "b": float}, "Locked": bool, "Grid": bool, "Snap": bool,
          "IgnoreFoW": bool, "Autoraise": bool, "Sticky": bool, "Tooltip": bool, "GridProjection": bool,
          "HideWhenFaceDown": bool, "Hands": bool}
CUSTOM_DECK = {"FaceURL": str, "BackURL": str, "NumWidth": int, "NumHeight": int, "BackIsHidden": bool,
               "UniqueBack": bool, "Type": int}
IMAGE = {"ImageURL": str, "ImageSecondaryURL": str, "ImageScalar": float, "WidthScale": float}
OBJECTS = {
    "Card": {**COMMON, "CardID": int, "SidewaysCard": bool, "CustomDeck": {"<deck id>": CUSTOM_DECK}},
    "Deck": {**COMMON, "SidewaysCard": bool, "DeckIDs": [int], "CustomDeck": {"<deck id>": CUSTOM_DECK},
             "ContainedObjects": ["Card"]},
    "Custom_Tile": {**COMMON, "CustomImage": {**IMAGE, "CustomTile": {"Type": int, "Thickness": float,
                                                                       "Stackable": bool, "Stretch": bool}}},
    "Figurine_Custom": {**COMMON, "CustomImage": IMAGE},
    "Custom_PDF": {**COMMON, "CustomPDF": {"PDFUrl": str, "PDFPassword": str, "PDFPage": int, "PDFPageOffset": int}},
}
SAVE = {"SaveName": str, "Date": str, "VersionNumber": str, "GameMode": str, "GameType": str, "GameComplexity": str,
        "Tags": [str], "Gravity": float, "PlayArea": float, "Table": str, "Sky": str, "Note": str, "TabStates": {},
        "LuaScript": str, "LuaScriptState": str, "XmlUI": str, "ObjectStates": ["<object>"]}


def conforms(value, shape, where: str) -> None:
    """`value` has exactly the keys of `shape`, each of its type (a nested shape, a list of
    one shape, a mapping of deck ids, or an object by its Name)."""
    if shape == "<object>" or shape == "Card":
        assert isinstance(value, dict) and value.get("Name") in OBJECTS, where
        assert shape == "<object>" or value["Name"] == "Card", where
        conforms(value, OBJECTS[value["Name"]], f"{where} {value['Name']} {value.get('Nickname')!r}")
    elif isinstance(shape, dict) and "<deck id>" in shape:
        assert isinstance(value, dict) and value and all(k.isdigit() for k in value), where
        for key, entry in value.items():
            conforms(entry, shape["<deck id>"], f"{where}.{key}")
    elif isinstance(shape, dict):
        assert isinstance(value, dict) and set(value) == set(shape), (where, sorted(set(value) ^ set(shape)))
        for key, inner in shape.items():
            conforms(value[key], inner, f"{where}.{key}")
    elif isinstance(shape, list):
        assert isinstance(value, list), where
        for i, item in enumerate(value):
            conforms(item, shape[0], f"{where}[{i}]")
    else:
        assert type(value) is shape, (where, value, shape)


def saved_object(kit: Path) -> dict:
    return json.loads((kit / "tts" / "saved-object.json").read_text("utf-8"))


def local(kit: Path, url: str) -> Path:
    """The file of tts/ an image URL of a default build names: its own file:/// URL."""
    from urllib.parse import unquote

    base = (kit / "tts").resolve().as_uri() + "/"
    assert url.startswith(base), url
    return kit / "tts" / unquote(url[len(base):])


def image_size(path: Path) -> tuple[int, int]:
    with Image.open(path) as image:
        return image.size


def unhashed(name: str) -> str:
    """A Tabletop Simulator image's name without the hash of its content that ends it."""
    return re.sub(r"-[0-9a-f]{8}(\.(?:jpg|png))$", r"\1", name)


def test_tts_saved_object_loads_as_it_is(game_kit: tuple[Path, Path]) -> None:
    """Each game's saved object has the structure of Tabletop Simulator's saves (field names,
    types and nesting, as its knowledge base's Save File Format and custom objects give them),
    names only images in tts/ by their file:/// URLs, and gives each object its size."""
    from pnp.checks.validate import validate

    game_dir, kit = game_kit
    doc = saved_object(kit)
    conforms(doc, SAVE, "save")
    objects = doc["ObjectStates"]
    every = objects + [c for o in objects for c in o.get("ContainedObjects", [])]
    guids = [o["GUID"] for o in every]
    assert len(set(guids)) == len(guids) and all(re.fullmatch(r"[0-9a-f]{6}", g) for g in guids)
    game = validate(game_dir / "game.yaml").game
    manifest = {row["front"].split("/", 1)[1]: row
                for row in json.loads((kit / "tabletopia" / "manifest.json").read_text("utf-8"))["objects"]}
    decks = [o for o in objects if o["Name"] in ("Deck", "Card")]
    assert len(decks) == sum(1 for c in game.sets.values() if c.type == "card")
    deck_ids = set()
    for deck in decks:
        assert (deck["Transform"]["rotY"], deck["Transform"]["rotZ"]) == (180.0, 180.0)  # face down, as saves have it
        cards = deck.get("ContainedObjects", [deck])
        assert (deck["DeckIDs"] if deck["Name"] == "Deck" else [deck["CardID"]]) == [c["CardID"] for c in cards]
        assert not deck_ids & set(deck["CustomDeck"])  # each deck id belongs to one deck
        deck_ids |= set(deck["CustomDeck"])
        for card in cards:
            (key, custom), = card["CustomDeck"].items()
            assert key == str(card["CardID"] // 100) and deck["CustomDeck"][key] == custom
            assert card["CardID"] % 100 < custom["NumWidth"] * custom["NumHeight"] - 1  # never the hidden cell
            assert card["Transform"] == deck["Transform"] and card["SidewaysCard"] == deck["SidewaysCard"]
        (first, *_) = deck["CustomDeck"].values()
        component = game.sets[re.sub(r"-\d+-[0-9a-f]{8}\.jpg$", "", local(kit, first["FaceURL"]).name)]  # (its hash)
        width, height = to_mm(component.width), to_mm(component.height)
        assert deck["SidewaysCard"] == (width > height)
        for custom in deck["CustomDeck"].values():
            assert custom["NumWidth"] <= 10 and custom["NumHeight"] <= 7 and custom["BackIsHidden"] is True
            sheet = image_size(local(kit, custom["FaceURL"]))
            assert image_size(local(kit, custom["BackURL"])) == (
                sheet if custom["UniqueBack"] else (sheet[0] // custom["NumWidth"], sheet[1] // custom["NumHeight"]))
            # the size: the card's height from its scale, its width from its cell's shape
            cell = (sheet[0] / custom["NumWidth"], sheet[1] / custom["NumHeight"])
            assert deck["Transform"]["scaleX"] * CARD_MM_AT_1 == pytest.approx(height, abs=0.01)
            assert deck["Transform"]["scaleX"] * CARD_MM_AT_1 * cell[0] / cell[1] == pytest.approx(width, rel=0.01)
    images = [o for o in objects if o["Name"] in ("Custom_Tile", "Figurine_Custom")]
    # each print file's sets share one outline (a tile's shape is that of its set's pieces)
    shapes = {c.print_name: {s.shape for s in game.sets.values() if s.print_name == c.print_name}
              for c in game.sets.values()}
    tile_types = set()
    for o in images:
        front = local(kit, o["CustomImage"]["ImageURL"])
        row = manifest[unhashed(str(front.relative_to(kit / "tts")))]
        if o["CustomImage"]["ImageSecondaryURL"]:
            back = local(kit, o["CustomImage"]["ImageSecondaryURL"])
            assert unhashed(str(back.relative_to(kit / "tts"))) == row["back"].split("/", 1)[1]
        scale = o["Transform"]["scaleX"]
        assert o["Transform"]["scaleZ"] == scale and o["Transform"]["scaleY"] == 1.0
        # the size: its height from its scale, its width from its image's shape
        assert scale * TILE_MM_AT_1 == pytest.approx(row["height_mm"], abs=0.01), row["name"]
        w, h = image_size(front)
        assert scale * TILE_MM_AT_1 * w / h == pytest.approx(row["width_mm"], rel=0.02), row["name"]
        if o["Name"] == "Custom_Tile":
            tile = o["CustomImage"]["CustomTile"]
            # Tabletop Simulator's custom tiles: 0 a box, 1 a hex, 2 a circle; a print file's sets
            # may have several outlines (Furia's counters and round cohesion tokens): one of them,
            # a round piece's image the PNG cut round, the others JPEG
            outlines = {{"rect": 0, "square": 0, "hex": 1, "round": 2}[s]: s
                        for s in shapes[front.relative_to(kit / "tts").parts[0]]}
            assert tile["Type"] in outlines, (row["name"], outlines)
            shape = outlines[tile["Type"]]
            assert len(outlines) == 1 or (front.suffix == ".png") == (shape == "round"), row["name"]
            tile_types.add((shape, tile["Type"]))
            assert tile["Stretch"] is False and o["Transform"]["rotZ"] == 0.0  # its image's shape; face up
    # every outline the game's tiles, tokens, sheets and boards have is among them
    assert {shape for shape, _ in tile_types} == {c.shape for c in game.sets.values()
                                                  if c.type in ("tile", "token", "sheet", "board")}
    # every piece is there, as many as the kit has, and every file in tts/ is used
    assert sum(len(o.get("ContainedObjects", [o])) for o in decks) == sum(
        i.copies for c in game.sets.values() if c.type == "card" for i in c.items)
    counted = Counter(unhashed(str(local(kit, o["CustomImage"]["ImageURL"]).relative_to(kit / "tts"))) for o in images)
    assert counted == {front: row["quantity"] for front, row in manifest.items() if row["type"] != "Card"
                       or front.split("/")[0] in {c.print_name for c in game.sets.values() if c.type == "sheet"}}
    used = {local(kit, u) for o in every for u in [o.get("CustomImage", {}).get(k) for k in ("ImageURL",
                                                                                              "ImageSecondaryURL")]
            + [d[k] for d in o.get("CustomDeck", {}).values() for k in ("FaceURL", "BackURL")] if u}
    assert used == {p for p in (kit / "tts").rglob("*") if p.suffix in (".jpg", ".png")}


def test_tts_objects_lie_apart_on_the_table(game_kit: tuple[Path, Path]) -> None:
    """No two places overlap: the boards, the decks side by side, then a row for each set,
    copies of a piece stacked in one place (one above the other)."""
    _, kit = game_kit
    objects = saved_object(kit)["ObjectStates"]
    places: dict[tuple[float, float], list[dict]] = {}
    for o in objects:
        places.setdefault((o["Transform"]["posX"], o["Transform"]["posZ"]), []).append(o)
    boxes = []
    for (x, z), stack in places.items():
        assert len({o["Nickname"] for o in stack}) == 1  # a stack holds copies of one piece
        heights = [o["Transform"]["posY"] for o in stack]
        assert heights == sorted(set(heights))  # one above the other
        o = stack[0]
        scale = o["Transform"]["scaleX"]
        if o["Name"] == "Custom_PDF":  # the rulebook: the footprint pnp gives it
            from pnp.exports.tts import RULEBOOK_DEPTH, RULEBOOK_WIDTH

            width, depth = RULEBOOK_WIDTH, RULEBOOK_DEPTH
        elif o["Name"] in ("Deck", "Card"):
            (custom, *_) = o["CustomDeck"].values()
            sheet = image_size(local(kit, custom["FaceURL"]))
            depth = scale * CARD_MM_AT_1 / 25.4
            width = depth * (sheet[0] / custom["NumWidth"]) / (sheet[1] / custom["NumHeight"])
        else:
            w, h = image_size(local(kit, o["CustomImage"]["ImageURL"]))
            depth = scale * TILE_MM_AT_1 / 25.4
            width = depth * w / h
        boxes.append((x - width / 2, z - depth / 2, x + width / 2, z + depth / 2))
    for a, b in itertools.combinations(boxes, 2):
        assert a[2] <= b[0] + 0.01 or b[2] <= a[0] + 0.01 or a[3] <= b[1] + 0.01 or b[3] <= a[1] + 0.01, (a, b)


def test_tts_each_cell_shows_the_card_its_card_id_says(kit: Path) -> None:
    doc = saved_object(kit)
    deck = next(o for o in doc["ObjectStates"] if o["Nickname"] == "The Anarchy: cards")
    from pnp.checks.validate import validate

    cards = validate(ROOT / "game.yaml").game.sets["cards"].items
    for position in (0, 1, 68, 69, 125):
        card = deck["ContainedObjects"][position]
        custom = card["CustomDeck"][str(card["CardID"] // 100)]
        cell = _cell(kit, custom, card["CardID"] % 100)
        with Image.open(kit / "png" / "cards" / f"{cards[position].id}.png") as png:
            expected = png.convert("RGB").resize(cell.size, Image.Resampling.LANCZOS)
        other_png = kit / "png" / "cards" / f"{cards[(position + 7) % 126].id}.png"
        with Image.open(other_png) as png:
            other = png.convert("RGB").resize(cell.size, Image.Resampling.LANCZOS)
        same = ImageStat.Stat(ImageChops.difference(cell, expected).convert("L")).mean[0]
        different = ImageStat.Stat(ImageChops.difference(cell, other).convert("L")).mean[0]
        assert same < 6 < different, (position, same, different)
        assert card["Nickname"] == cards[position].fields["name"].get("en")
    # the last cell of each sheet is the hidden card: the back
    for custom in deck["CustomDeck"].values():
        last = _cell(kit, custom, custom["NumWidth"] * custom["NumHeight"] - 1)
        with Image.open(local(kit, custom["BackURL"])) as back:
            assert ImageStat.Stat(ImageChops.difference(last, back.convert("RGB")).convert("L")).mean[0] < 3
    money = next(o for o in doc["ObjectStates"] if o["Nickname"] == "The Anarchy: money")
    assert money["SidewaysCard"] is True and money["Transform"]["scaleX"] == 0.5  # 63.5 x 44.45 mm, landscape


def test_tts_deck_sheets_have_at_least_two_rows(kit: Path, anarchipel_kit: Path) -> None:
    """Tabletop Simulator takes a deck sheet of two rows or more (and at most 10 x 7 cells):
    a deck that would fit one row (its cards and the hidden card) is laid out on two, the
    cells as even as they go; each cell 409 px wide (4096 px over 10 columns)."""
    def grids(kit: Path, nickname: str) -> list[tuple[int, int, tuple[int, int]]]:
        deck = next(o for o in saved_object(kit)["ObjectStates"] if o["Nickname"] == nickname)
        return [(c["NumWidth"], c["NumHeight"], image_size(local(kit, c["FaceURL"])))
                for c in deck["CustomDeck"].values()]

    # 6 money cards and the hidden card: 4 x 2 cells of 409 x 287 px (63.5 x 44.45 mm)
    assert grids(kit, "The Anarchy: money") == [(4, 2, (4 * 409, 2 * 287))]
    # 126 cards: 69 and the hidden card on 10 x 7, then 57 and the hidden card on 10 x 6
    assert grids(kit, "The Anarchy: cards") == [(10, 7, (4090, 7 * 573)), (10, 6, (4090, 6 * 573))]
    # one card and the hidden card: a column of two; two cards and the hidden card: 2 x 2
    assert grids(anarchipel_kit, "Anarchipel: cartes Succès/Échec") == [(1, 2, (409, 2 * 573))]
    assert grids(anarchipel_kit, "Anarchipel: cartes Rôle") == [(2, 2, (2 * 409, 2 * 573))]
    assert grids(anarchipel_kit, "Anarchipel: cartes Action") == [(7, 2, (7 * 409, 2 * 573))]


def _cell(kit: Path, custom: dict, index: int) -> Image.Image:
    with Image.open(local(kit, custom["FaceURL"])) as sheet:
        w, h = sheet.width // custom["NumWidth"], sheet.height // custom["NumHeight"]
        x, y = index % custom["NumWidth"], index // custom["NumWidth"]
        return sheet.crop((x * w, y * h, (x + 1) * w, (y + 1) * h)).convert("RGB")


def test_tts_base_url_names_the_images_where_the_folder_is_uploaded(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["build", "--game", str(ROOT), "--only", "tts", "--tts-base-url",
                                       "https://example.org/anarchy", "-o", str(tmp_path)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    doc = saved_object(tmp_path)
    urls = re.findall(r'"(?:ImageURL|ImageSecondaryURL|FaceURL|BackURL)": "([^"]*)"',
                      (tmp_path / "tts" / "saved-object.json").read_text("utf-8"))
    assert urls and all(u.startswith("https://example.org/anarchy/") for u in urls if u)
    assert {u.removeprefix("https://example.org/anarchy/") for u in urls if u} == {
        str(p.relative_to(tmp_path / "tts")) for p in (tmp_path / "tts").rglob("*") if p.suffix in (".jpg", ".png")}
    assert "file:" not in json.dumps(doc)


def test_print_on_demand_cards(kit: Path) -> None:
    assert sizes(kit / "pod" / "cards") == {(825, 1125): 127}
    assert sizes(kit / "pod" / "tokens") == {(900, 1500): 2}  # (the aid, printed with the tokens)
    with Image.open(kit / "pod" / "cards" / "mughals-01-muhammad-shah.png") as image:
        assert round(image.info["dpi"][0]) == 300
        # the bleed carries the suit's colour to the very edge
        assert image.getpixel((1, 1)) == (0x3B, 0x70, 0x2B)


def test_print_on_demand_orders_the_aid_as_a_tarot_card(kit: Path) -> None:
    """The player aid, a tarot card laid landscape, is ordered as The Game Crafter's tarot
    deck, turned a quarter turn to stand as the product does, six of it, under its own name."""
    with open(kit / "pod" / "order.csv", newline="", encoding="utf-8") as handle:
        [aid] = [r for r in csv.DictReader(handle) if r["set"] == "aid"]
    assert aid == {"product": "tarot card", "identity": "TarotDeck", "set": "aid", "name": "Your turn",
                   "front": "pod/tokens/aid.png", "back": "pod/tokens/aid-back.png", "copies": "6", "width_px": "900",
                   "height_px": "1500", "turned": "True"}


def test_gallery_escapes_and_lists_everything(kit: Path) -> None:
    page = (kit / "index.html").read_text("utf-8")
    assert page.count('<figure class="piece cards">') == 126
    assert page.count('<figure class="piece money">') == 6
    assert page.count('<figure class="piece turn-tokens token">') == 6
    assert page.count('<figure class="piece markers token">') == 6
    assert "<h2>Control markers</h2>" in page and "<h3>Back</h3>" in page
    srcs = re.findall(r'src="([^"]+)"', page)
    assert all((kit / s).is_file() for s in srcs)
    assert "Jagat Seth’s Bank" in page  # (its name as printed; escaping markup is the unit tests')


def test_gallery_opens_in_a_browser(kit: Path, tmp_path: Path) -> None:
    if shutil.which("chromium") is None:
        if os.environ.get("PNP_REQUIRE_BROWSER"):
            pytest.fail("Chromium is required here (PNP_REQUIRE_BROWSER is set) but not installed")
        pytest.skip("Chromium is not installed (Debian package chromium; .ci/run installs it)")
    result = subprocess.run(
        ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         f"--user-data-dir={tmp_path / 'profile'}", "--virtual-time-budget=30000", "--dump-dom",
         (kit / "index.html").as_uri()],
        capture_output=True, text=True, timeout=120,
    )
    body = re.search(r"<body[^>]*>", result.stdout)
    assert body, result.stderr[-2000:]
    attributes = dict(re.findall(r'data-(\w+)="(\d+)"', body.group(0)))
    assert attributes["pieces"] == str(126 + 6 + 6 + 6 + 1)
    assert attributes["broken"] == "0"
    assert int(attributes["images"]) > 126


def test_a_gallery_without_pictures_says_so(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["build", "--game", str(ROOT), "--only", "cards", "--only", "gallery",
                                       "--format", "pdf", "-o", str(tmp_path)], catch_exceptions=False)
    assert result.exit_code == 0
    page = (tmp_path / "index.html").read_text("utf-8")
    assert "No pictures: build with PNG" in page
    assert "<img" not in page


def test_the_safe_zone_check_follows_a_box_turned_with_its_group(tmp_path: Path) -> None:
    """The card back's title read from the other end lies in a group turned round: moved to
    1 mm from the group's top, it lands 1 mm from the card's bottom edge."""
    from conftest import broken_example, validate

    game = broken_example(ROOT, tmp_path / "game", "layouts/card-back.yaml",
                          "      title: {x: 9, y: 11,", "      title: {x: 9, y: 1,")
    result = validate(game)
    assert result.output.splitlines() == [
        f"{game}/layouts/card-back.yaml:29:14: warning: layout 'layouts/card-back.yaml': box 'title-turned.title' "
        "draws 1 mm from the trim at the bottom: 2.18 mm (26 px) into the safe zone of The Game Crafter's poker cards, "
        "3.175 mm inside the trim, where a cut may fall [safe-zone]",
        "The Anarchy: 126 cards in 16 suits, 1 board of 16 areas, 36 money cards and 3 more sets of 114 pieces: "
        "0 errors, 1 warning"]


@pytest.mark.parametrize("y, expected", [
    (75.725, []),  # on the safe line: 3.175 mm inside the trim
    (75.805, []),  # 0.08 mm past it at the bottom: within a pixel of a 300 dpi image (0.085 mm)
    (75.815, ["layouts/card-back.yaml:17:10: warning: layout 'layouts/card-back.yaml': box 'title' draws 3.08 mm from "
              "the trim at the bottom: 0.09 mm (1 px) into the safe zone of The Game Crafter's poker cards, 3.175 mm "
              "inside the trim, where a cut may fall [safe-zone]"]),
])
def test_the_safe_zone_check_allows_a_pixel(mini: Path, monkeypatch: pytest.MonkeyPatch, y: float,
                                            expected: list[str]) -> None:
    """A box on the safe line is inside it, and so is one less than a pixel of the product's
    image past it; a pixel past it crosses it, and only the side it crosses is named."""
    from conftest import validate

    back = mini / "layouts" / "card-back.yaml"
    text = back.read_text("utf-8")
    old = "title: {x: 6, y: 58, width: 51.5, height: 10,"
    assert old in text
    back.write_text(text.replace(old, f"title: {{x: 6, y: {y}, width: 51.5, height: 10,"), "utf-8")
    monkeypatch.chdir(mini)
    assert validate(mini).output.splitlines() == [
        *expected, f"{MINI_SETS}: 0 errors, {len(expected)} warning{'s' if len(expected) != 1 else ''}"]
