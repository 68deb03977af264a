"""Tabletopia, Tabletop Simulator and print-on-demand exports, and the gallery."""

from __future__ import annotations

import csv
import json
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

from conftest import ROOT


def sizes(folder: Path) -> Counter:
    return Counter(Image.open(p).size for p in sorted(folder.iterdir()))


def test_tabletopia_images_have_one_size_per_type(kit: Path) -> None:
    t = kit / "tabletopia"
    assert sizes(t / "cards") == {(635, 889): 127}  # 10 px per mm
    assert sizes(t / "money") == {(635, 445): 7}
    assert sizes(t / "aid") == {(635, 889): 2}
    assert sizes(t / "tokens") == {(390, 390): 7, (150, 150): 6}
    (board,) = (t / "board").iterdir()
    with Image.open(board) as image:
        assert max(image.size) == 4000
    for folder in ("cards", "money", "aid", "board"):
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
    assert Counter(r["type"] for r in rows) == {"Card": 126 + 6 + 1, "Token": 12, "Game Board": 1}
    assert len({r["front"] for r in rows}) == len(rows)
    cards = [r for r in rows if r["front"].startswith("tabletopia/cards/")]
    assert len(cards) == 126 and {r["back"] for r in cards} == {"tabletopia/cards/back.jpg"}
    assert {r["scale"] for r in cards} == {"100"}
    money = {r["name"]: int(r["quantity"]) for r in rows if r["front"].startswith("tabletopia/money/")}
    assert money == {"₹1": 10, "₹2": 6, "₹5": 6, "₹10": 4, "₹20": 4, "No bid": 6}
    board = next(r for r in rows if r["type"] == "Game Board")
    assert board["scale"] == "105"  # a 2,829 px image of a 297 mm board
    # every image in the folder is used, and every file named exists
    used = {r["front"] for r in rows} | {r["back"] for r in rows if r["back"]}
    on_disk = {str(p.relative_to(kit)) for p in t.rglob("*") if p.suffix in (".jpg", ".png")}
    assert used == on_disk
    assert doc["files"] == len(on_disk)
    assert doc["total_bytes"] == sum((kit / f).stat().st_size for f in on_disk)
    assert doc["total_bytes"] < doc["budget_bytes"] == 20_000_000 and doc["over_budget"] is False


def test_tabletopia_scale_doubles_the_pixels(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["build", "--game", str(ROOT), "--only", "tabletopia", "--tabletopia-scale",
                                       "200", "-o", str(tmp_path)], catch_exceptions=False)
    assert result.exit_code == 0
    assert sizes(tmp_path / "tabletopia" / "cards") == {(1270, 1778): 127}
    rows = json.loads((tmp_path / "tabletopia" / "manifest.json").read_text("utf-8"))["objects"]
    assert {r["scale"] for r in rows if r["type"] == "Card"} == {50}
    # a 40 MB setup is over Tabletopia's budget: the build says so
    assert "over Tabletopia's budget" in result.output


def test_tts_saved_object_and_sheets(kit: Path) -> None:
    doc = json.loads((kit / "tts" / "saved-object.json").read_text("utf-8"))
    deck = doc["ObjectStates"][0]
    assert deck["Name"] == "DeckCustom" and len(deck["DeckIDs"]) == 126
    for key, custom in deck["CustomDeck"].items():
        assert custom["NumWidth"] <= 10 and custom["NumHeight"] <= 7 and custom["BackIsHidden"] is True
        assert (kit / custom["FaceURL"]).is_file() and (kit / custom["BackURL"]).is_file()
    assert deck["DeckIDs"][:2] == [100, 101] and deck["DeckIDs"][69] == 200
    assert all(c["CardID"] == i for c, i in zip(deck["ContainedObjects"], deck["DeckIDs"]))
    kinds = Counter(o["Name"] for o in doc["ObjectStates"])
    assert kinds == {"DeckCustom": 2, "Custom_Tile": 6 + 6 * 16, "Custom_Board": 1}
    for tile in (o for o in doc["ObjectStates"] if o["Name"] == "Custom_Tile"):
        assert (kit / tile["CustomImage"]["ImageURL"]).is_file()


def _cell(kit: Path, custom: dict, index: int) -> Image.Image:
    with Image.open(kit / custom["FaceURL"]) as sheet:
        w, h = sheet.width // custom["NumWidth"], sheet.height // custom["NumHeight"]
        x, y = index % custom["NumWidth"], index // custom["NumWidth"]
        return sheet.crop((x * w, y * h, (x + 1) * w, (y + 1) * h)).convert("RGB")


def test_each_tts_cell_shows_the_card_its_card_id_says(kit: Path) -> None:
    doc = json.loads((kit / "tts" / "saved-object.json").read_text("utf-8"))
    deck = doc["ObjectStates"][0]
    from pnp.validate import validate

    cards = validate(ROOT / "game.yaml").game.sets["cards"].items
    for position in (0, 1, 68, 69, 125):
        card_id = deck["ContainedObjects"][position]["CardID"]
        custom = deck["CustomDeck"][str(card_id // 100)]
        cell = _cell(kit, custom, card_id % 100)
        with Image.open(kit / "png" / "cards" / f"{cards[position].id}.png") as png:
            expected = png.convert("RGB").resize(cell.size, Image.Resampling.LANCZOS)
        other_png = kit / "png" / "cards" / f"{cards[(position + 7) % 126].id}.png"
        with Image.open(other_png) as png:
            other = png.convert("RGB").resize(cell.size, Image.Resampling.LANCZOS)
        same = ImageStat.Stat(ImageChops.difference(cell, expected).convert("L")).mean[0]
        different = ImageStat.Stat(ImageChops.difference(cell, other).convert("L")).mean[0]
        assert same < 6 < different, (position, same, different)
    # the last cell of each sheet is the hidden card: the back
    for custom in deck["CustomDeck"].values():
        last = _cell(kit, custom, custom["NumWidth"] * custom["NumHeight"] - 1)
        with Image.open(kit / custom["BackURL"]) as back:
            assert ImageStat.Stat(ImageChops.difference(last, back.convert("RGB")).convert("L")).mean[0] < 3


def test_print_on_demand_cards(kit: Path) -> None:
    assert sizes(kit / "pod" / "cards") == {(825, 1125): 127}
    assert sizes(kit / "pod" / "aid") == {(825, 1125): 2}
    with Image.open(kit / "pod" / "cards" / "mughals-01-muhammad-shah.png") as image:
        assert round(image.info["dpi"][0]) == 300
        # the bleed carries the suit's colour to the very edge
        assert image.getpixel((1, 1)) == (0x33, 0x72, 0x2B)


def test_gallery_escapes_and_lists_everything(kit: Path) -> None:
    page = (kit / "index.html").read_text("utf-8")
    assert page.count('<figure class="piece cards">') == 126
    assert page.count('<figure class="piece money">') == 6
    assert page.count('<figure class="piece turn-tokens token">') == 6
    assert page.count('<figure class="piece markers token">') == 6
    assert "<h2>Control markers</h2>" in page and "<h3>Back</h3>" in page
    srcs = re.findall(r'src="([^"]+)"', page)
    assert all((kit / s).is_file() for s in srcs)
    assert "Jagat Seth&#x27;s Bank" in page  # markup characters are escaped


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
        f"{game}/layouts/card-back.yaml:28:14: warning: layout 'layouts/card-back.yaml': box 'title' (9, 77.9, "
        "45.5 x 10 mm) crosses the safe line of The Game Crafter's poker cards (3.175 mm inside the trim) by 2.18 mm "
        "at the bottom [safe-zone]",
        "126 cards in 16 suits: 0 errors, 1 warning"]
