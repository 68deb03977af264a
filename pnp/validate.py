"""Run every check on a game: load and schema problems, then the game rules."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import rules
from .game import load_game
from .model import Game
from .problems import Location, Problem, Severity, count, plural, sort_problems


@dataclass(frozen=True)
class Report:
    """The outcome of validating a game: the model (if it could be built) and its problems in file order."""

    game: Game | None
    problems: tuple[Problem, ...]
    # the board checks' problems, to keep in a build's cache: (kind, key, data), or None
    keep: tuple[str, str, bytes] | None = None

    @property
    def errors(self) -> int:
        return count(self.problems)[0]

    @property
    def warnings(self) -> int:
        return count(self.problems)[1]

    def failed(self, strict: bool = False) -> bool:
        return self.errors > 0 or (strict and self.warnings > 0)

    def summary(self) -> str:
        tally = f"{plural(self.errors, 'error')}, {plural(self.warnings, 'warning')}"
        if self.game is None:
            return f"the game manifest could not be read: {tally}"
        return f"{plural(len(self.game.cards), 'card')} in {plural(len(self.game.suits), 'suit')}: {tally}"

    def summary_data(self) -> dict:
        return {
            "cards": len(self.game.cards) if self.game else 0,
            "suits": len(self.game.suits) if self.game else 0,
            "errors": self.errors,
            "warnings": self.warnings,
        }


def validate(manifest: Path, cache: Any = None) -> Report:
    """Load the game at `manifest` and run every check, collecting all problems. With a
    build's cache (pnp.cache.Cache), the board checks' problems are taken from it when the
    files they follow from are unchanged since they were kept."""
    game, problems = load_game(manifest)
    order = [manifest.name]
    keep = None
    if game is not None:
        order = list(game.files)
        key = rules.board_checks_key(game)
        kept = cache.get("board-checks", key) if cache is not None else None
        if kept is not None:
            problems += _problems(kept)
            problems += rules.run_rules(game, skip=rules.BOARD_CHECKS)
        else:
            found = rules.run_rules(game)
            problems += found
            keep = ("board-checks", key, _data([p for p in found if p.rule in rules.BOARD_CHECKS]))
    return Report(game, tuple(sort_problems(problems, order)), keep)


def _data(problems: list[Problem]) -> bytes:
    return json.dumps([[p.location.file, p.location.line, p.location.column, p.severity.value, p.message, p.rule]
                       for p in problems]).encode("utf-8")


def _problems(data: bytes) -> list[Problem]:
    return [Problem(Location(file, line, column), Severity(severity), message, rule)
            for file, line, column, severity, message, rule in json.loads(data)]
