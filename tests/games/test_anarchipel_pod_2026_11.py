"""Anarchipel's card layouts of late November 2026, before their print-on-demand faults were
fixed (tests/data/anarchipel-2026-11c/: the Succès/Échec card, the Action card and its back, the
objective): the print-on-demand checks find each fault the issue found, with these messages.
The Succès/Échec halves' bands and their middle strip stop at the trim instead of running into
the bleed, and the corner frames' diamonds reach 1.3 mm from the edge, 22 px into the safe zone
of a card's 300 dpi image."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from conftest import DATA, ROOT, validate

GAME = ROOT / "examples" / "anarchipel"
OLD = DATA / "anarchipel-2026-11c"


@pytest.fixture(scope="module")
def problems(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    folder = tmp_path_factory.mktemp("anarchipel-2026-11c") / "anarchipel"
    shutil.copytree(GAME, folder, ignore=shutil.ignore_patterns("out"))
    for layout in sorted((OLD / "layouts").iterdir()):
        shutil.copyfile(layout, folder / "layouts" / layout.name)
    here = os.getcwd()
    os.chdir(folder)
    try:
        result = validate(Path("."), "--strict")
    finally:
        os.chdir(here)
    assert result.exit_code == 1
    return result.output.splitlines()


BLEED = ("instead of running 3.175 mm past it into the bleed of The Game Crafter's poker cards, where a cut may fall: "
         "run it 3.2 mm past the trim there (a box in a group may run past the piece's edge) [bleed]")
SAFE = "into the safe zone of The Game Crafter's {}, 3.175 mm inside the trim, where a cut may fall [safe-zone]"


def test_the_succes_echec_bands_and_strip_stop_at_the_trim(problems: list[str]) -> None:
    assert [line for line in problems if line.endswith("[bleed]")] == [
        f"layouts/succes-echec.yaml:20:13: warning: layout 'layouts/succes-echec.yaml': box 'succes-half.band' is a "
        f"fill that stops at the trim at the left, top and right {BLEED}",
        f"layouts/succes-echec.yaml:31:13: warning: layout 'layouts/succes-echec.yaml': box 'echec-half.band' is a "
        f"fill that stops at the trim at the left, right and bottom {BLEED}",  # (its half turned round)
        f"layouts/succes-echec.yaml:34:11: warning: layout 'layouts/succes-echec.yaml': box 'middle' is a fill that "
        f"stops at the trim at the left and right {BLEED.split(': ')[0]}: a group: true box can draw it 3.2 mm past "
        f"the trim there, as boxes: {{fill: {{x: -3.2, y: 0, width: 69.9, height: 4, rect: ...}}}} [bleed]"]


def test_the_corner_diamonds_reach_22_pixels_into_the_safe_zone(problems: list[str]) -> None:
    assert [line for line in problems if line.endswith("[safe-zone]")] == [
        "layouts/action.yaml:12:10: warning: layout 'layouts/action.yaml': box 'frame' draws 1.3 mm from the trim all "
        f"round: 1.88 mm (22 px) {SAFE.format('poker cards')}",
        "layouts/dos-action.yaml:7:10: warning: layout 'layouts/dos-action.yaml': box 'frame' draws 1.3 mm from the "
        f"trim all round: 1.88 mm (22 px) {SAFE.format('poker cards')}",
        "layouts/objectif.yaml:13:10: warning: layout 'layouts/objectif.yaml': box 'frame' draws 1.3 mm from the "
        f"trim all round: 1.88 mm (22 px) {SAFE.format('tarot cards')}"]


def test_nothing_else_is_found(problems: list[str]) -> None:
    assert problems[-1].endswith(": 0 errors, 6 warnings") and len(problems) == 7
