"""What a game's icons, pictures and fonts cost to draw is bounded at validation: each of these
hostile files validated clean, then crashed the build or took minutes and gigabytes; now each
is a located problem of `pnp validate`, and a build never meets it."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from conftest import MINI_OTHERS, MINI_SETS


def validate(game: Path):
    """`pnp validate` as run in the game's folder."""
    from click.testing import CliRunner

    from pnp.cli import main

    with contextlib.chdir(game):
        return CliRunner().invoke(main, ["validate"], catch_exceptions=False)


def icon_problems(game: Path) -> list[str]:
    return [line for line in validate(game).output.splitlines() if line.endswith("[icon]")]

SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="{box}">\n{body}\n</svg>\n'


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text("utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), "utf-8")


def icon(game: Path, name: str, body: str, box: str = "0 0 100 100") -> None:
    (game / "icons" / f"{name}.svg").write_text(SVG.format(box=box, body=body), "utf-8")


def build(game: Path, *args: str):
    from click.testing import CliRunner

    from pnp.cli import main

    return CliRunner().invoke(main, ["build", "--game", str(game), "-o", str(game / "out"), "-q", *args],
                              catch_exceptions=False)


# --- icons --------------------------------------------------------------------------------------

def test_icon_numbers_beyond_what_the_backends_write_are_located(mini: Path) -> None:
    # reportlab writes no number from 1e20: this crown crashed the PDF build (the old bound was 1e300)
    icon(mini, "crown", '<path d="M0 0 L1e20 0 L0 100 Z"/>')
    icon(mini, "castle", '<g transform="skewX(89.9999999) skewX(89.9999999)"><rect width="9" height="9"/></g>')
    icon(mini, "sword", '<path d="M0 0 L1 1"/>', box="0 0 1e-20 1e-20")  # fitted, scaled by 1e21
    assert icon_problems(mini) == [
        "icons/castle.svg:2:4: error: transform: numbers in an icon must be between -1,000,000 and 1,000,000 "
        "(as one matrix) [icon]",
        "icons/crown.svg:2:7: error: d: numbers in an icon must be between -1,000,000 and 1,000,000 [icon]",
        "icons/sword.svg:1:41: error: viewBox: the width and height must be at least 0.001 [icon]"]


def test_icons_at_the_bounds_draw_in_every_backend(mini: Path) -> None:
    """Numbers of a million, a view box a thousandth wide, groups 32 deep and 10,000 segments:
    validated clean, and drawn to PDF, SVG and PNG."""
    from pnp.icons import MAX_DEPTH, MAX_SEGMENTS

    steps = " L1000000 1000000 L-1000000 1000000" * ((MAX_SEGMENTS - 12) // 2)  # (M, Z and a round rect's 10)
    nested = "<g>" * (MAX_DEPTH - 1) + '<g transform="matrix(1000000 0 0 1000000 -1000000 1000000)">'
    icon(mini, "crown", f'<path d="M-1000000 -1000000{steps} Z" stroke="#000" stroke-width="1000000"/>'
                        f'{nested}<rect x="-1" y="-1" width="1" height="1" rx="0.5"/>{"</g>" * MAX_DEPTH}',
         box="-1000000 -1000000 1000000 1000000")
    icon(mini, "castle", '<circle cx="1000000" cy="-1000000" r="1000000"/><path d="M0 0 L0.001 0.001"/>',
         box="0 0 0.001 0.001")
    from pnp.icons import load_icon

    crown, problems = load_icon(mini, "icons/crown.svg")
    assert problems == [] and crown.segments == MAX_SEGMENTS
    assert validate(mini).output == f"{MINI_SETS}: 0 errors, 0 warnings\n"
    result = build(mini, "--only", "cards", "--format", "pdf,svg,png")
    assert result.exit_code == 0, result.output
    assert (mini / "out" / "png" / "cards" / "king.png").stat().st_size > 0
    assert "M-1000000 -1000000L1000000 1000000" in (mini / "out" / "svg" / "cards" / "king.svg").read_text()


def test_icon_groups_nested_past_the_stack_are_located(mini: Path) -> None:
    # 300 groups deep: every backend draws the scene by recursion, and the build ran out of stack
    icon(mini, "crown", "<g>" * 300 + '<rect width="9" height="9"/>' + "</g>" * 300)
    assert icon_problems(mini) == [
        "icons/crown.svg:2:97: error: groups nest more than 32 deep (pnp draws an icon's <g> 32 deep at most) [icon]"]


def test_icon_segments_are_bounded_per_icon_and_per_piece(mini: Path) -> None:
    # an icon of 40,000 triangles (the review's took 107 s and 1.26 GB to build)
    triangles = "".join(f"M{i % 90} {i // 450}l3 0-3 3z" for i in range(40_000))
    icon(mini, "crown", f'<path d="{triangles}"/>')
    assert icon_problems(mini) == [
        "icons/crown.svg:2:1: error: the icon has more than 10,000 path segments, more than pnp draws in an icon "
        "(simplify its paths) [icon]"]
    # within the bound, but the king places it 23 times: 22 crowns in a row and one in its medallion
    icon(mini, "crown", '<path d="M0 0' + " L9 9 L0 9" * 4_499 + ' Z"/>')
    edit(mini / "cards" / "north.yaml", "crowns: 2", "crowns: 22")

    def placed() -> list[str]:  # (the game's own check says a card has at most 5 crowns: not what this is about)
        return [line for line in validate(mini).output.splitlines() if line.endswith("[piece-icons]")]

    assert placed() == [
        "cards/north.yaml:9:5: error: card 'king': layout 'layouts/card-face.yaml' places icons of 207,000 path "
        "segments in all, more than pnp draws on one piece (200,000): place fewer or simpler icons [piece-icons]"]
    edit(mini / "cards" / "north.yaml", "crowns: 22", "crowns: 21")  # 198,000: drawn
    assert placed() == []


# --- pictures -----------------------------------------------------------------------------------

def art(game: Path, card: str, picture: str) -> None:
    """Give a card of the north suit (King, Prince, Keep or Guards) the picture art/PICTURE."""
    north = game / "cards" / "north.yaml"
    line = next(x for x in north.read_text("utf-8").splitlines() if x.startswith(f"    name: {{en: {card},"))
    edit(north, f"{line}\n", f"{line}\n    art: art/{picture}\n")


def test_pixels_are_bounded_per_picture_and_per_game_before_decoding(mini: Path) -> None:
    from PIL import Image

    (mini / "art").mkdir()
    # 7,999 x 7,999 black and white pixels in 8 KB (the review's build took 1.36 GB)
    Image.new("1", (7999, 7999)).save(mini / "art" / "large.png")
    assert (mini / "art" / "large.png").stat().st_size < 10_000
    art(mini, "King", "large.png")
    assert validate(mini).output == (
        "cards/north.yaml:11:10: error: card 'king': art file 'art/large.png' is 7999 x 7999 pixels, more than pnp "
        "draws in a picture (40,000,000) [art-file]\n"
        f"{MINI_SETS}: 1 error, 0 warnings\n")
    # 26 pictures of 39 million pixels each: each may be drawn, not all of them
    edit(mini / "cards" / "north.yaml", "    art: art/large.png\n", "")
    Image.new("1", (6245, 6245)).save(mini / "art" / "large.png")
    for n in range(26):
        (mini / "art" / f"p{n}.png").write_bytes((mini / "art" / "large.png").read_bytes() + bytes(n))
    with (mini / "cards" / "south.yaml").open("a", encoding="utf-8") as south:
        for n in range(26):
            south.write(f"\n  - id: c{n}\n    name: {{en: C{n}, fr: C{n}}}\n    kind: commodity\n"
                        f"    follows: [1]\n    treasure: 1\n    art: art/p{n}.png\n")
    # (the game's own check counts the cards: not what this is about)
    assert [line for line in validate(mini).output.splitlines() if "[deck-count]" not in line] == [
        "cards/south.yaml:206:10: error: card 'c25': art file 'art/p25.png' brings the game's pictures to "
        "1,014,000,650 pixels, more than pnp draws in one build (1,000,000,000): use smaller pictures [art-pixels]",
        f"Mini: 33 cards in 2 suits, {MINI_OTHERS}: 2 errors, 0 warnings"]


def test_pictures_are_decoded_whole_at_validation_once_per_content(mini: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from PIL import Image, ImageFile

    from pnp.checks import files

    (mini / "art").mkdir()
    noise = Image.effect_noise((300, 400), 60).convert("RGB")
    whole = io.BytesIO()
    noise.save(whole, "JPEG", quality=90)
    (mini / "art" / "whole.jpg").write_bytes(whole.getvalue())
    # the same picture cut after two thirds of its bytes: it printed two thirds grey
    (mini / "art" / "cut.jpg").write_bytes(whole.getvalue()[:len(whole.getvalue()) * 2 // 3])
    art(mini, "King", "whole.jpg")
    art(mini, "Prince", "cut.jpg")
    assert not ImageFile.LOAD_TRUNCATED_IMAGES
    expected = (
        "cards/north.yaml:19:10: error: card 'prince': art file 'art/cut.jpg' is a damaged image (image file is "
        "truncated (73 bytes not processed)) [art-file]\n"
        f"{MINI_SETS}: 1 error, 0 warnings\n")
    assert validate(mini).output == expected
    # validated again, the whole picture (known by its bytes' hash) is not decoded again; the cut one is
    decoded = []
    load = ImageFile.ImageFile.load
    monkeypatch.setattr(ImageFile.ImageFile, "load", lambda self: decoded.append(self.format) or load(self))
    assert validate(mini).output == expected
    assert decoded == ["JPEG"] and len(files.WHOLE_PICTURES) >= 1
    noise.save(mini / "art" / "whole.jpg", "JPEG", quality=80)  # another picture: decoded
    assert validate(mini).output == expected
    assert decoded == ["JPEG"] * 3


# --- fonts --------------------------------------------------------------------------------------

def test_a_font_that_cannot_be_subset_is_located_where_the_game_names_it(mini: Path) -> None:
    """A glyph made of itself: fontTools and reportlab read the font, the PDF embeds it, and
    the SVG build's subset of it crashed; validation subsets it as the SVG backend does."""
    from fontTools.ttLib import TTFont
    from fontTools.ttLib.tables._g_l_y_f import Glyph, GlyphComponent

    from pnp.layout.fonts import bundled_fonts

    font = TTFont(bundled_fonts()["SourceSansPro-Regular"], recalcBBoxes=False)
    name = font.getBestCmap()[ord("a")]
    glyph, component = Glyph(), GlyphComponent()
    glyph.numberOfContours, glyph.xMin, glyph.yMin, glyph.xMax, glyph.yMax = -1, 0, 0, 500, 500
    component.glyphName, component.x, component.y, component.flags = name, 0, 0, 0x3  # at (0, 0): itself
    glyph.components = [component]
    font["glyf"][name] = glyph
    (mini / "fonts").mkdir()
    font.save(mini / "fonts" / "Looped.ttf")
    edit(mini / "game.yaml", "body: SourceSansPro-Regular", "body: Looped")
    assert validate(mini).output == (
        "game.yaml:8:9: error: fonts/Looped.ttf is a TrueType font pnp cannot subset to embed it (glyph 'a' "
        "contains a recursive component reference) [missing-font]\n"
        f"{MINI_SETS}: 1 error, 0 warnings\n")
    result = build(mini, "--only", "cards", "--format", "svg")
    assert result.exit_code == 1 and "build stopped: fix the errors above first" in result.output
