"""Values the checks and the print sheets depend on, pinned exactly: the colour-contrast
check's default, the width a badge's text must fit (the check's and the drawing's), a layout
box running off a card's bottom edge, and a card too large for a paper upright that is
printed on it turned sideways."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main

from conftest import MINI_SETS, validate
from pdfgeom import MM, read_pdf


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text("utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), "utf-8")


def test_the_contrast_check_asks_for_4_5_to_1_by_default(mini: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A contrast check without `min` asks for WCAG's 4.5:1: grey #777777 on white (4.48:1) is
    too faint, white on #767676 (4.54:1) is not."""
    edit(mini / "checks.yaml", "  contrast: [text_colour, colour]\n  min: 4.5\n", "  contrast: [text_colour, colour]\n")
    edit(mini / "checks.yaml", "at least 4.5:1 is needed to read it", "at least {min}:1 is needed to read it")
    edit(mini / "cards" / "north.yaml", '  colour: "#1b5e20"\n  text_colour: "#ffffff"\n',
         '  colour: "#ffffff"\n  text_colour: "#777777"\n')
    edit(mini / "cards" / "south.yaml", '  colour: "#f9a825"\n', '  colour: "#767676"\n  text_colour: "#ffffff"\n')
    monkeypatch.chdir(mini)
    result = validate(mini)
    assert result.output == (
        "cards/north.yaml:5:16: error: suit 'north': text #777777 on #ffffff has contrast 4.48:1; at least 4.5:1 is "
        "needed to read it [colour-contrast]\n"
        f"{MINI_SETS}: 1 error, 0 warnings\n")


# The leader badge of the mini game's cards is 12 mm across (34.02 pt), its font Source Serif
# Pro Bold, whose digits are all 0.542 em wide: at the smallest size (6 pt) seven digits take
# 22.76 pt, eight 26.02 pt. The text must fit three quarters of the disc's diameter (9 mm,
# 25.51 pt), as pnp.boxes.badge draws it (across 1.5 times its radius).
BADGE_MM = 12.0


def test_a_badges_text_must_fit_three_quarters_of_its_diameter(mini: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pnp.layout.fonts import find_font
    from pnp.layout.fonts import metrics

    font = metrics(find_font("SourceSerifPro-Bold", mini))
    assert font.width("1234567", 6.0) == pytest.approx(22.764) and font.width("12345678", 6.0) == pytest.approx(26.016)
    assert font.width("1234567", 6.0) < 0.75 * BADGE_MM * MM < font.width("12345678", 6.0)
    monkeypatch.chdir(mini)
    edit(mini / "layouts" / "card-face.yaml", 'badge: "{leader}"', 'badge: "{leader}234567"')
    assert validate(mini).output == f"{MINI_SETS}: 0 errors, 0 warnings\n"
    # drawn at the largest size (in quarter points) at which seven digits fit 9 mm: 6.5 pt, 24.66 pt wide
    assert badge_sizes(mini) == {"1234567": 6.5, "2234567": 6.5}
    edit(mini / "layouts" / "card-face.yaml", 'badge: "{leader}234567"', 'badge: "{leader}2345678"')
    assert validate(mini).output == (
        "cards/north.yaml:9:5: error: card 'king': leader '12345678' does not fit the 12 mm leader badge even at 6 pt "
        "[text-fit]\n"
        "cards/north.yaml:16:5: error: card 'prince': leader '22345678' does not fit the 12 mm leader badge even at 6 "
        "pt [text-fit]\n"
        "cards/south.yaml:8:5: error: card 'queen': leader '12345678' does not fit the 12 mm leader badge even at 6 pt "
        "[text-fit]\n"
        f"{MINI_SETS}: 3 errors, 0 warnings\n")


def badge_sizes(game_dir: Path) -> dict[str, float]:
    """The size each leader's face draws its badge's digits at, by the text (the row's badges left out)."""
    from pnp.kit.pieces import Kit
    from pnp.build.pipeline import game_fonts
    from pnp.scene import texts
    from pnp.checks.validate import validate as check

    game = check(game_dir / "game.yaml").game
    return {t.text: t.size for piece in Kit(game, game_fonts(game), {}).get("cards").pieces
            for t in texts([piece.face.content]) if t.text.isdigit() and len(t.text) > 2}


def test_a_box_running_off_the_cards_bottom_edge_is_reported(mini: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A fill may run to the card's edge (its bleed carries it on); 0.1 mm past it is an error."""
    monkeypatch.chdir(mini)
    back = mini / "layouts" / "card-back.yaml"
    edit(back, "boxes:\n", "boxes:\n  band: {x: 0, y: 80, width: 63.5, height: 8.9, rect: {fill: gold}}\n")
    said = validate(mini).output  # (a warning that the fill stops at the trim, where print on demand wants bleed)
    assert said.endswith(f"{MINI_SETS}: 0 errors, 1 warning\n") and said.count("[bleed]") == 1
    edit(back, "height: 8.9, rect", "height: 9, rect")
    assert validate(mini).output == (
        "layouts/card-back.yaml:14:9: error: box 'band' (0, 80, 63.5 x 9 mm) runs outside the 63.5 x 88.9 mm card "
        "[layout]\n"
        f"{MINI_SETS}: 1 error, 0 warnings\n")


def test_a_card_too_wide_for_a4_upright_is_printed_on_it_sideways(mini: Path, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A 250 x 180 mm card does not fit A4 upright (200 x 287 mm inside its 5 mm margins) but
    fits it turned sideways (287 x 200 mm): no check says it is too large, and the build
    prints one to a sheet of A4 landscape, centred."""
    edit(mini / "game.yaml", "    size: poker\n", "    size: {width: 250mm, height: 180mm}\n")
    monkeypatch.chdir(mini)
    assert validate(mini).output == f"{MINI_SETS}: 0 errors, 0 warnings\n"
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", "--game", str(mini), "--only", "cards", "--format", "pdf",
                                       "--paper", "a4", "-o", str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    pages = read_pdf(out / "print" / "cards-a4.pdf")
    assert len(pages) == 7
    for page in pages:
        assert (page.width, page.height) == pytest.approx((841.89, 595.28), abs=0.01)  # A4 turned sideways
        (card,) = page.placements
        x0, y0, x1, y1 = card.inset(1 * MM)  # the default bleed: 1 mm
        assert ((x1 - x0) / MM, (y1 - y0) / MM) == pytest.approx((250, 180), abs=0.01)
        # centred: (297 - 250) / 2 mm either side, (210 - 180) / 2 mm above and below
        assert (x0 / MM, y0 / MM) == pytest.approx((23.5, 15.0), abs=0.01)
