"""Where a game is: its manifest, and paths inside its folder. Kept apart from the loader so
the command line can find a game (and see that its build is up to date) without importing
what reads one."""

from __future__ import annotations

import posixpath
from pathlib import Path


class GameNotFound(Exception):
    """The manifest the user pointed at does not exist (a usage error, not a data problem)."""


def resolve_manifest(game: str | Path | None) -> Path:
    """The game.yaml to use: the given file, game.yaml in a given folder, or in the current one."""
    path = Path(game) if game is not None else Path("game.yaml")
    if path.is_dir():
        path = path / "game.yaml"
    if not path.is_file():
        if game is None:
            raise GameNotFound("no game.yaml in the current folder; run pnp in a game folder or pass --game PATH/game.yaml")
        raise GameNotFound(f"no game manifest at {path}")
    return path


def inside(file: str) -> str | None:
    """Normalise a path relative to the game folder; None when it leaves the folder."""
    norm = posixpath.normpath(file.replace("\\", "/"))
    if norm.startswith("../") or norm == ".." or posixpath.isabs(norm) or ":" in norm.split("/")[0]:
        return None
    return norm
