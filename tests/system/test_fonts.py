"""A game's font roles: text a layout prints without naming a role is in heading (badges,
tracks, hex maps, table titles, map names) or body; a game that declares only one of them has
it stand in for the other, in validation and in the build alike."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from pypdf import PdfReader

from pnp.cli import main

from conftest import MINI_SETS, build_kit


def test_a_game_without_a_heading_font_validates_and_builds_in_its_body_font(mini: Path, tmp_path: Path,
                                                                             monkeypatch) -> None:
    manifest = mini / "game.yaml"
    manifest.write_text(manifest.read_text("utf-8").replace("  heading: SourceSerifPro-Bold\n", ""), "utf-8")
    monkeypatch.chdir(mini)
    result = CliRunner().invoke(main, ["validate", "--strict"], catch_exceptions=False)
    assert (result.exit_code, result.output) == (0, f"{MINI_SETS}: 0 errors, 0 warnings\n")
    out = build_kit(mini, tmp_path / "out")
    fonts = set()

    def walk(resources) -> None:
        if resources is not None:
            resources = resources.get_object()
            fonts.update(font.get_object()["/BaseFont"].split("+")[-1] for font in (resources.get("/Font") or {}).values())
            for drawn in (resources.get("/XObject") or {}).values():
                walk(drawn.get_object().get("/Resources"))

    for page in PdfReader(out / "print" / "cards-a4.pdf").pages:
        walk(page.get("/Resources"))
    assert fonts == {"SourceSansPro-Regular", "SourceSerifPro-It"}  # (the badges' and titles' heading is body's)
