"""Every template of every layout, and of game.yaml (a set's name, label, caption lines), is worked
out by pnp validate, for every piece in every language: a game whose templates all hold builds;
one whose layout's background has a typo, or whose set's label has one, fails at validate,
located, and pnp build on it stops with that line and no traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from conftest import INVALID, make_game

LABEL = ("game.yaml:107:17: error: components.turn-tokens.label.en: unknown name 'shrt' (did you mean 'short'?) in "
         "'{shrt} turn order', for company 'red' and 2 more [template]")
TYPO = ("layouts/card-face.yaml:9:13: error: layout 'layouts/card-face.yaml': background: no field 'papr' (did you "
        "mean 'paper'?) in '{colours.papr}', for card 'king' and 6 more [template]")


def pnp(game: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    env.pop("PNP_DEBUG", None)
    return subprocess.run([sys.executable, "-m", "pnp", *args], cwd=game, env=env, capture_output=True, text=True,
                          timeout=600)


def test_a_game_whose_templates_all_hold_builds(tmp_path: Path) -> None:
    game = make_game(tmp_path / "game").parent
    checked = pnp(game, "validate")
    assert checked.returncode == 0 and " 0 errors, 0 warnings" in checked.stdout
    built = pnp(game, "build", "--only", "cards", "--format", "pdf", "--paper", "a4", "-q")
    assert built.returncode == 0, built.stderr
    assert (game / "out" / "print" / "cards-a4.pdf").is_file()


def stops(game: Path, part: str, said: str) -> None:
    """`pnp build` of the game's `part` stops with the problem `said`, the summary and one
    line more, no traceback, and prints nothing."""
    built = pnp(game, "build", "--only", part, "--format", "pdf", "--paper", "a4", "-q")
    assert built.returncode == 1 and "Traceback" not in built.stderr + built.stdout
    assert built.stderr.splitlines() == [
        said, "Mini: 7 cards in 2 suits, 1 board of 2 areas, 9 money cards, 3 companies, 12 markers, 3 aid: "
              "1 error, 0 warnings", "build stopped: fix the errors above first"]
    assert not (game / "out" / "print").exists()


def test_a_background_with_a_typo_fails_at_validate_and_its_build_says_where(tmp_path: Path) -> None:
    game = make_game(tmp_path / "game", INVALID / "template").parent
    checked = pnp(game, "validate")
    assert checked.returncode == 1 and checked.stdout.splitlines()[0] == TYPO
    stops(game, "cards", TYPO)


def test_a_sets_label_with_a_typo_fails_at_validate_and_its_build_says_where(tmp_path: Path) -> None:
    """The label names the piece in the exports (Tabletopia, Tabletop Simulator) and the gallery:
    what a build works out after drawing the pieces is worked out at validate."""
    game = make_game(tmp_path / "game", INVALID / "template-set").parent
    checked = pnp(game, "validate")
    assert checked.returncode == 1 and checked.stdout.splitlines()[0] == LABEL
    stops(game, "turn-tokens", LABEL)
