"""What the unit tests of pnp.checks share: a small game written to a temporary folder and
loaded as pnp loads any game (pnp.load.game.load_game), and its problems as pnp prints them."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Callable

import pytest

from pnp.checks import run_game_checks
from pnp.load.game import load_game
from pnp.model.game import Game

HEAD = """\
title: Test
languages: [en, fr]
fonts: {body: SourceSansPro-Regular}
players: {min: 2, max: 4}
values: {limit: 3, currency: "$"}
"""


@pytest.fixture
def load(tmp_path: Path) -> Callable[..., tuple[Game, list[str]]]:
    """load(components, checks, **files): the game whose game.yaml declares `components` (the
    mapping under `components:`) and names checks.yaml (`checks`, unless None), with each other
    file given (north="..." is north.yaml); returns it and the problems of loading it."""
    def load(components: str, checks: str | None = None, **files: str) -> tuple[Game, list[str]]:
        manifest = HEAD + "components:\n" + textwrap.indent(textwrap.dedent(components).strip("\n") + "\n", "  ")
        if checks is not None:
            manifest += "checks: checks.yaml\n"
            (tmp_path / "checks.yaml").write_text(textwrap.dedent(checks), "utf-8")
        (tmp_path / "game.yaml").write_text(manifest, "utf-8")
        for name, text in files.items():
            (tmp_path / f"{name}.yaml").write_text(textwrap.dedent(text), "utf-8")
        game, problems = load_game(tmp_path / "game.yaml")
        assert game is not None, problems
        return game, [p.format() for p in problems]
    return load


@pytest.fixture
def check(load: Callable[..., tuple[Game, list[str]]]) -> Callable[..., list[str]]:
    """check(components, checks, **files): the problems of loading the game, then those its
    checks find, as pnp prints them."""
    def check(components: str, checks: str, **files: str) -> list[str]:
        game, problems = load(components, checks, **files)
        return problems + [p.format() for p in run_game_checks(game)]
    return check
