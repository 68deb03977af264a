"""Printing with less ink: `--ink-saver` prints The Anarchy's dark backs, banknotes and turn-order
tokens light and still readable (the control markers keep their colours), and `--greyscale`
prints the kit in greys of the same luminance."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import ImageStat

from pnp.render.pdf import render_pdf
from pnp.render.png import rasterize
from pnp.model.colours import contrast
from pnp.kit.pieces import Ink, Kit
from pnp.compose.paint import DARK, _ground, grey, luminance, shade, tint
from pnp.build.pipeline import game_fonts
from pnp.scene import Group, Text, single
from pnp.checks.validate import validate

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def kits():
    game = validate(ROOT / "game.yaml").game
    fonts = game_fonts(game)
    files = {m.name: m.path for m in fonts.values()}
    return {ink: Kit(game, fonts, {}, None, ink) for ink in (Ink(), Ink(saver=True), Ink(greyscale=True))}, files


def ink_used(definition, files) -> float:
    """How much ink a drawing takes: the mean darkness of its pixels, 0 (white) to 1 (black)."""
    image = next(iter(rasterize(render_pdf([single(definition)], files), 40))).convert("L")
    return 1 - ImageStat.Stat(image).mean[0] / 255


def texts(node, found=None) -> list[Text]:
    found = [] if found is None else found
    if isinstance(node, Group):
        for child in node.children:
            texts(child, found)
    elif isinstance(node, Text):
        found.append(node)
    return found


def test_the_colour_rules() -> None:
    assert tint("#1d1a16") == "#cdcdcc" and tint("#fff8e7") == "#fff8e7"  # dark to pale; light as it is
    assert shade("#ffffff") == "#595959" and shade("#1d1a16") == "#1d1a16"  # light ink to dark; dark as it is
    for colour in ("#cc1d00", "#004cf4", "#c9a55a", "#2e7d32"):
        assert abs(luminance(grey(colour)) - luminance(colour)) < 0.003
        assert grey(colour)[1:3] == grey(colour)[3:5] == grey(colour)[5:7]


def pieces(kit, name):
    s = kit.get(name)
    return [p.face for p in s.pieces], [b for _, b in s.backs()]


@pytest.mark.parametrize("name, sides", [("cards", "backs"), ("money", "both"), ("turn-tokens", "faces")])
def test_dark_pieces_print_light_and_readable(kits, name: str, sides: str) -> None:
    by_ink, files = kits
    normal, saver = pieces(by_ink[Ink()], name), pieces(by_ink[Ink(saver=True)], name)
    chosen = {"backs": [1], "faces": [0], "both": [0, 1]}[sides]
    for side in chosen:
        for before, after in list(zip(normal[side], saver[side]))[:6]:
            if luminance(_ground(before)) >= DARK:  # a light piece (the blank banknote) is printed as it is
                assert after == before
                continue
            was, now = ink_used(before, files), ink_used(after, files)
            assert now < 0.7 * was, f"{name} {after.id}: ink {was:.2f} -> {now:.2f}"
            ground = _ground(after)
            assert luminance(ground) > 0.55  # printed light
            for old, text in zip(texts(before.content), texts(after.content)):
                if text.fill == old.fill:
                    continue  # dark text on a light panel of the piece, as it was
                assert contrast(text.fill, ground) >= 4.5, f"{after.id}: {text.text!r} {text.fill} on {ground}"


def test_faces_of_cards_stay_as_they_are(kits) -> None:
    by_ink, files = kits
    normal, saver = pieces(by_ink[Ink()], "cards"), pieces(by_ink[Ink(saver=True)], "cards")
    assert normal[0] == saver[0]  # the deck's faces: only its back is printed light


def test_control_markers_keep_their_colours(kits) -> None:
    """The markers (ink_saver: none) print in their companies' colours with the ink saver too:
    as pale tints they would merge with each other and with the board's pale spots."""
    by_ink, files = kits
    normal, saver = pieces(by_ink[Ink()], "markers"), pieces(by_ink[Ink(saver=True)], "markers")
    assert normal == saver and luminance(_ground(saver[0][0])) < DARK


def test_greyscale_has_no_colour(kits) -> None:
    by_ink, files = kits
    grey_kit = by_ink[Ink(greyscale=True)]
    for name in ("cards", "money", "turn-tokens", "aid"):
        faces, backs = pieces(grey_kit, name)
        for definition in faces[:3] + backs[:1]:
            image = next(iter(rasterize(render_pdf([single(definition)], files), 40))).convert("RGB")
            r, g, b = image.split()
            assert max(abs(x - y) for x, y in zip(r.tobytes(), g.tobytes())) <= 1
            assert max(abs(x - y) for x, y in zip(g.tobytes(), b.tobytes())) <= 1
