"""The Anarchy at the table: cards told apart in a fanned hand and in a meld, suits that do
not rest on colour alone, stand-in pictures that show no symbol a card lacks.

Every card face is rendered from its PDF drawing and looked at where a player sees it: the
left 12 mm a fan leaves uncovered, and the bottom strip a meld leaves showing.
"""

from __future__ import annotations

from collections import defaultdict
from functools import cache
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from pnp.render.pdf import render_pdf
from pnp.render.png import rasterize
from pnp.kit.pieces import Kit
from pnp.build.pipeline import game_fonts
from pnp.scene import Page, Use
from pnp.checks.validate import validate

from conftest import ROOT, broken_example
from conftest import validate as run_validate

DPI = 100
PX = DPI / 25.4  # pixels per mm


@cache
def faces() -> dict[str, Image.Image]:
    """Every card's face, by id, drawn alone at DPI."""
    game = validate(ROOT / "game.yaml").game
    kit = Kit(game, game_fonts(game), {})
    pieces = kit.get("cards").pieces
    pages = [Page(p.face.width, p.face.height, (Use(p.face.id),), (p.face,)) for p in pieces]
    fonts = {m.name: m.path for m in kit.fonts.values()}
    images = list(rasterize(render_pdf(pages, fonts), DPI))
    return {p.name: image.convert("RGB") for p, image in zip(pieces, images)}


@cache
def cards() -> dict[str, dict]:
    game = validate(ROOT / "game.yaml").game
    found = {}
    for item in game.sets["cards"].items:
        f = item.fields
        found[item.id] = {
            "suit": item.group.id, "leader": f.get("leader"), "kind": f["kind"],
            "symbols": (f["crowns"], f["castles"], f["swords"], f["treasure"]), "art": f.get("art")}
    return found


def crop(image: Image.Image, x: float, y: float, width: float, height: float) -> Image.Image:
    return image.crop((round(x * PX), round(y * PX), round((x + width) * PX), round((y + height) * PX)))


def same(a: Image.Image, b: Image.Image) -> bool:
    return ImageStat.Stat(ImageChops.difference(a, b).convert("L")).mean[0] < 0.5


def classes(images: dict[str, Image.Image]) -> list[list[str]]:
    """The cards grouped by what the crops show: cards in one class look the same there."""
    found: list[tuple[Image.Image, list[str]]] = []
    for name, image in images.items():
        for first, names in found:
            if same(first, image):
                names.append(name)
                break
        else:
            found.append((image, [name]))
    return sorted(sorted(names) for _, names in found)


def problems(game: Path, check: str = "") -> list[str]:
    """What `pnp validate` says about a game, with paths relative to its folder."""
    output = run_validate(game).output.replace(f"{game}/", "")
    return [line for line in output.splitlines() if f"[{check}" in line]


def test_every_card_is_drawn() -> None:
    assert len(faces()) == 126
    assert {image.size for image in faces().values()} == {(round(63.5 * PX), round(88.9 * PX))}


def test_a_fanned_hand_shows_each_card() -> None:
    """Fanned so that each card covers all but the left 12 mm of the one under it, two cards
    look the same only if they are the same to the game: suit, leader number (or kind) and
    symbols."""
    strips = {name: crop(image, 0, 0, 12, 52) for name, image in faces().items()}
    looks = classes(strips)
    identity = {name: (c["suit"], c["leader"] if c["leader"] is not None else c["kind"], c["symbols"])
                for name, c in cards().items()}
    for names in looks:
        assert len({identity[n] for n in names}) == 1, f"these look alike in a fan but differ: {names}"
    alike = defaultdict(list)
    for name, key in identity.items():
        alike[key].append(name)
    assert sorted(sorted(v) for v in alike.values()) == looks


def test_a_meld_shows_each_cards_suit() -> None:
    """The left of the bottom strip (what shows when a card is slid under its leader) is the
    same on every card of a suit and differs between suits."""
    marks = {name: crop(image, 4.5, 76.5, 7.5, 8.5) for name, image in faces().items()}
    by_suit = defaultdict(list)
    for name, c in cards().items():
        by_suit[c["suit"]].append(name)
    assert classes(marks) == sorted(sorted(v) for v in by_suit.values())
    assert len(by_suit) == 16


def test_the_stand_in_picture_differs_from_card_to_card_within_a_suit() -> None:
    """Cards without art show something of their own in the picture box: a leader its number
    under its suit's mark, a place, army or commodity the map of its area with a pin where it
    stood. No two cards of a suit show the same picture, so a suit is not seven to twelve
    copies of one image."""
    pictures = {name: crop(image, 15, 11.5, 44, 37.5) for name, image in faces().items()
                if cards()[name]["art"] is None}
    assert len(pictures) == 126
    suit = {name: cards()[name]["suit"] for name in pictures}
    alike = [names for names in classes(pictures) if len(names) > 1]
    assert [names for names in alike if len({suit[n] for n in names}) < len(names)] == []


def test_suit_colours_stay_apart_for_colour_blind_players(tmp_path: Path) -> None:
    """The check holds the suits apart under colour blindness as three models simulate it:
    an older blue for Bengal beside an older purple for Mysore differ with normal sight but
    merge under deuteranopia (worst as Machado simulates it), the purple merges with Durrani's
    slate under tritanopia, and the blue is under 12 from the slate even with normal sight."""
    game = broken_example(ROOT, tmp_path / "game", "cards/bengal.yaml", 'colour: "#004bf8"', 'colour: "#0d47a1"')
    broken_example(ROOT, tmp_path / "game", "cards/mysore.yaml", 'colour: "#2502c5"', 'colour: "#4a148c"')
    assert problems(game, "colour-distinct]") == [
        "cards/mysore.yaml:5:11: error: suit 'mysore' colour #4a148c is too close to suit 'bengal' colour #0d47a1 "
        "under deuteranopia (machado model) (CIEDE2000 difference 5.3; at least 12 is needed) [colour-distinct]",
        "cards/durrani.yaml:5:11: error: suit 'durrani' colour #273a54 is too close to suit 'bengal' colour #0d47a1 "
        "(CIEDE2000 difference 11.2; at least 12 is needed) [colour-distinct]",
        "cards/durrani.yaml:5:11: error: suit 'durrani' colour #273a54 is too close to suit 'mysore' colour #4a148c "
        "under tritanopia (vienot model) (CIEDE2000 difference 6.6; at least 12 is needed) [colour-distinct]",
    ]


def test_companies_stand_out_on_every_area_and_money_is_not_theirs(tmp_path: Path) -> None:
    game = broken_example(ROOT, tmp_path / "game", "board/companies.yaml", 'colour: "#684a9d"', 'colour: "#2502c5"')
    broken_example(ROOT, tmp_path / "game", "cards/money.yaml", 'colour: "#125940"', 'colour: "#c61000"')
    # a red ₹2 is the EIC's, too light for its numerals and too near the crimson ₹20; the blue of the
    # company also comes near the dark blue ₹5 under tritanopia
    assert problems(game) == [
        "cards/money.yaml:10:34: error: ₹2: its numerals in #c61000 on #fbf3dc have contrast 5.45:1; at least 7:1 "
        "is needed to read them at a glance [money-contrast]",
        "cards/money.yaml:10:34: error: ₹2 colour #c61000 is too close to company 'eic' colour #c61000 "
        "(CIEDE2000 difference 0.0) [money-colour]",
        "cards/money.yaml:11:34: error: ₹5 colour #033d5d is too close to company 'voc' colour #2502c5 under "
        "tritanopia (vienot model) (CIEDE2000 difference 8.8) [money-colour]",
        "cards/money.yaml:13:35: error: ₹20 colour #880119 is too close to ₹2 colour #c61000 (CIEDE2000 "
        "difference 15.4; at least 20 is needed) [money-distinct]",
        "board/companies.yaml:16:13: error: company 'voc' colour #2502c5 is too close to suit 'mysore' colour "
        "#2502c5 (CIEDE2000 difference 0.0): its markers would vanish on Mysore [company-on-suit]",
    ]


def test_each_denomination_has_a_hue_of_its_own(tmp_path: Path) -> None:
    """Any two values at least 20 apart (CIEDE2000): the old ₹20, a brown, was 16.6 from the
    ₹1 and 18.9 from the old ₹10 beside it."""
    from pnp.model.colours import difference

    game = validate(ROOT / "game.yaml").game
    colours = {i.fields["value"]: i.fields["colour"] for i in game.sets["money"].items if i.fields.get("value")}
    assert sorted(colours) == [1, 2, 5, 10, 20]
    assert min(difference(a, b) for a in colours.values() for b in colours.values() if a < b) >= 20
    broken = broken_example(ROOT, tmp_path / "game", "cards/money.yaml", 'colour: "#880119"', 'colour: "#663b2b"')
    broken_example(ROOT, tmp_path / "game", "cards/money.yaml", 'colour: "#55025a"', 'colour: "#7d6b53"')
    assert problems(broken, "money-") == [
        "cards/money.yaml:12:35: error: ₹10: its numerals in #7d6b53 on #fbf3dc have contrast 4.62:1; at least "
        "7:1 is needed to read them at a glance [money-contrast]",
        "cards/money.yaml:13:35: error: ₹20 colour #663b2b is too close to ₹1 colour #362601 (CIEDE2000 "
        "difference 16.6; at least 20 is needed) [money-distinct]",
        "cards/money.yaml:13:35: error: ₹20 colour #663b2b is too close to ₹10 colour #7d6b53 (CIEDE2000 "
        "difference 18.9; at least 20 is needed) [money-distinct]",
    ]


def test_numerals_read_on_the_paper_the_layout_prints(tmp_path: Path) -> None:
    """money-contrast reads the note's paper from the data the layout fills its frame with:
    a paper given there is the one checked."""
    from pnp.model.colours import contrast

    game = validate(ROOT / "game.yaml").game
    for item in game.sets["money"].items:
        if item.fields.get("value"):
            assert contrast(item.fields["colour"], item.fields["paper"]) >= 7
    layout = (ROOT / "layouts" / "money.yaml").read_text("utf-8")
    assert 'fill: "{paper}"' in layout and "mix(colour, paper, 0.55)" in layout
    broken = broken_example(ROOT, tmp_path / "game", "cards/money.yaml", '{value: 2, count: 6, colour: "#125940"}',
                            '{value: 2, count: 6, colour: "#125940", paper: "#c8d0b0"}')
    assert problems(broken, "money-contrast") == [
        "cards/money.yaml:10:34: error: ₹2: its numerals in #125940 on #c8d0b0 have contrast 5.18:1; at least "
        "7:1 is needed to read them at a glance [money-contrast]"]


def test_markers_keep_their_colours_with_the_ink_saver(tmp_path: Path) -> None:
    """Printed as pale tints of themselves (what --ink-saver does to tokens), the control
    markers would merge with each other and with the board's pale spots they lie on: they
    keep their colours, and the check says what the tints would do."""
    game = broken_example(ROOT, tmp_path / "game", "game.yaml", "    ink_saver: none ", "    # ink_saver: none ")
    found = problems(game, "company-distinct")
    assert len(found) == 21
    assert found[:3] == [
        "board/companies.yaml:10:13: error: company 'eic' control markers print as #f2cac7 with --ink-saver, too "
        "close to the board’s pale ground #f6efdc under deuteranopia (machado model) (CIEDE2000 difference 5.9; "
        "at least 12 is needed) [company-distinct]",
        "board/companies.yaml:10:13: error: company 'eic' control markers print as #f2cac7 with --ink-saver, too "
        "close to the board’s pale ground #fbf3dc under deuteranopia (brettel model) (CIEDE2000 difference 7.1; "
        "at least 12 is needed) [company-distinct]",
        "board/companies.yaml:16:13: error: company 'voc' control markers print as #ded7e9 with --ink-saver, too "
        "close to those of 'eic' under protanopia (brettel model) (CIEDE2000 difference 11.9; at least 12 is "
        "needed) [company-distinct]",
    ]


def test_one_name_per_suit(tmp_path: Path) -> None:
    game = broken_example(ROOT, tmp_path / "game", "board/areas.yaml", "    name: {en: Hyderabad, fr: Hyderabad, de: Hyderabad}\n", "    name: {en: Deccan, fr: Deccan, de: Deccan}\n")
    assert problems(game, "suit-name") == ["cards/hyderabad.yaml:3:9: error: suit 'hyderabad' is called Hyderabad, but its area "
                     "'deccan' is called Deccan on the board: give both one name [suit-name]"]


def test_a_suit_needs_a_mark_of_its_own(tmp_path: Path) -> None:
    game = broken_example(ROOT, tmp_path / "game", "cards/bengal.yaml", "mark: waves", "mark: lotus")
    assert problems(game, "suit-mark") == ["cards/bengal.yaml:4:9: error: suit 'bengal' has the mark 'lotus', which suit 'mughals' "
                     "already has [suit-mark]"]


def test_the_bank_can_pay_the_start_a_round_of_income_and_change(tmp_path: Path) -> None:
    """Six players take ₹10 each, a round's incomes are at most every treasure chest of the
    deck, and change for a ₹20 needs ₹19: the money holds that, and a check says when it does not."""
    game = broken_example(ROOT, tmp_path / "game", "cards/money.yaml", "{value: 20, count: 4", "{value: 20, count: 1")
    chests = sum(c["symbols"][3] for c in cards().values())
    assert problems(game, "money-supply") == [
        f"cards/money.yaml:9:3: error: the bank holds ₹112, but needs ₹{60 + chests + 19}: 6 players' starting money "
        f"(₹60), a round's incomes (₹{chests}, every treasure chest of the deck) and change for its largest card "
        f"(₹19) [money-supply]"]


@cache
def backs() -> dict[str, Image.Image]:
    """The shared backs of the cards and the money, drawn alone at DPI."""
    game = validate(ROOT / "game.yaml").game
    kit = Kit(game, game_fonts(game), {})
    found = {name: kit.get(name).pieces[0].back for name in ("cards", "money")}
    pages = [Page(d.width, d.height, (Use(d.id),), (d,)) for d in found.values()]
    fonts = {m.name: m.path for m in kit.fonts.values()}
    return {name: image.convert("RGB") for name, image in zip(found, rasterize(render_pdf(pages, fonts), DPI))}


@pytest.mark.parametrize("name", ["cards", "money"])
def test_backs_survive_a_miscut_and_either_way_up(name: str) -> None:
    back = backs()[name]
    turned = back.rotate(180)
    assert ImageStat.Stat(ImageChops.difference(back, turned).convert("L")).mean[0] < 1.0
    # nothing but the background within 5 mm of the trim: a miscut shows no uneven frame
    inside = Image.new("RGB", back.size, (0x22, 0x30, 0x4D))
    band = round(5 * PX)
    inside.paste(back.crop((band, band, back.width - band, back.height - band)), (band, band))
    assert ImageChops.difference(back, inside).convert("L").getextrema()[1] <= 8
