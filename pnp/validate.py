"""Run every check on a game: load and schema problems, then the game rules."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from . import rules
from .game import load_game
from .model import Game
from .problems import Problem, count, plural, sort_problems


@dataclass(frozen=True)
class Report:
    """The outcome of validating a game: the model (if it could be built) and its problems in file order."""

    game: Game | None
    problems: tuple[Problem, ...]

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


def validate(manifest: Path) -> Report:
    """Load the game at `manifest` and run every check, collecting all problems."""
    game, problems = load_game(manifest)
    order = [manifest.name]
    if game is not None:
        problems += rules.run_rules(game)
        order = list(game.files)
    return Report(game, tuple(sort_problems(problems, order)))
