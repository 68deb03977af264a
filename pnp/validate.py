"""Run every check on a game: load and schema problems, then pnp's checks and the game's."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import registry  # noqa: F401  (every box kind and check pnp has)
from .checks import run_rules
from .game import load_game
from .maps.areas import GEOMETRY_CHECKS
from .model import Game
from .problems import Location, Problem, Severity, count, plural, sort_problems


@dataclass(frozen=True)
class Report:
    """The outcome of validating a game: the model (if it could be built) and its problems in file order."""

    game: Game | None
    problems: tuple[Problem, ...]
    # the map checks' problems, to keep in a build's cache: (kind, key, data), or None
    keep: tuple[str, str, bytes] | None = None

    @property
    def errors(self) -> int:
        return count(self.problems)[0]

    @property
    def warnings(self) -> int:
        return count(self.problems)[1]

    def failed(self, strict: bool = False) -> bool:
        return self.errors > 0 or (strict and self.warnings > 0)

    def counted(self) -> str:
        """What the game's first set holds: "126 cards in 16 suits"."""
        game = self.game
        component = next(iter(game.sets.values()), None) if game is not None else None
        if component is None:
            return "no components"
        items = len(component.items)
        text = f"{items} {component.noun[0] if items == 1 else component.noun[1]}"
        if component.group_key:
            groups = len(component.groups)
            text += f" in {plural(groups, component.group_key)}"
        return text

    def summary(self) -> str:
        tally = f"{plural(self.errors, 'error')}, {plural(self.warnings, 'warning')}"
        if self.game is None:
            return f"the game manifest could not be read: {tally}"
        return f"{self.counted()}: {tally}"

    def summary_data(self) -> dict:
        game = self.game
        sets = {name: {"items": len(s.items), "groups": len(s.groups)} for name, s in game.sets.items()} if game else {}
        return {"sets": sets, "errors": self.errors, "warnings": self.warnings}


def geometry_key(game: Game) -> str:
    """What the map checks' problems follow from: every file of the game but the item files of
    sets that are not boards, whether all files loaded, and pnp's code and libraries."""
    import hashlib

    from .fingerprint import environment

    items = {file for s in game.sets.values() if s.type != "board" for file in s.files}
    digest = hashlib.sha256(f"{environment()}|{game.complete}|{game.language}".encode())
    for name in game.files:
        if name not in items:
            doc = game.documents.get(name)
            digest.update(f"|{name}|".encode())
            # a document's hash was taken as it was read; another file (an icon) is hashed now
            digest.update(doc.digest.encode() if doc is not None and doc.digest else
                          hashlib.sha256((game.root / name).read_bytes()).digest())
    return digest.hexdigest()


def validate(manifest: Path, cache: Any = None) -> Report:
    """Load the game at `manifest` and run every check, collecting all problems. With a
    build's cache (pnp.cache.Cache), the map checks' problems are taken from it when the
    files they follow from are unchanged since they were kept."""
    game, problems = load_game(manifest)
    order = [manifest.name]
    keep = None
    if game is not None:
        order = list(game.files)
        key = geometry_key(game)
        kept = cache.get("map-checks", key) if cache is not None else None
        if kept is not None:
            problems += _problems(kept)
            problems += run_rules(game, skip=GEOMETRY_CHECKS)
        else:
            found = run_rules(game)
            problems += found
            keep = ("map-checks", key, _data([p for p in found if p.rule in GEOMETRY_CHECKS]))
    return Report(game, tuple(sort_problems(_unique(problems), order)), keep)


def _unique(problems: list[Problem]) -> list[Problem]:
    return list(dict.fromkeys(problems))


def _data(problems: list[Problem]) -> bytes:
    return json.dumps([[p.location.file, p.location.line, p.location.column, p.severity.value, p.message, p.rule]
                       for p in problems]).encode("utf-8")


def _problems(data: bytes) -> list[Problem]:
    return [Problem(Location(file, line, column), Severity(severity), message, rule)
            for file, line, column, severity, message, rule in json.loads(data)]
