"""Problems: what validation finds, where it is, and how the CLI prints it.

Every problem pnp reports, from a YAML syntax error to a game rule, is a `Problem`
with a file (relative to the game folder), a 1-based line and column, a severity,
a message and the id of the check that found it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from enum import Enum
from typing import Iterable


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, order=True)
class Location:
    """A place in a game file: path relative to the game folder, 1-based line and column."""

    file: str
    line: int = 1
    column: int = 1

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


MAX_MESSAGE = 400  # characters: a few lines of a terminal, whatever the data holds
_LONG_QUOTE = re.compile(r"'[^'\n]{80,}'|\"[^\"\n]{80,}\"")


def shorten(message: str, limit: int = MAX_MESSAGE) -> str:
    """A message of at most `limit` characters: long quoted texts cut short first, then the
    middle of what is still too long (its start and end say the most)."""
    if len(message) <= limit:
        return message
    message = _LONG_QUOTE.sub(lambda m: f"{m.group(0)[:61]}…{m.group(0)[-1]}", message)
    if len(message) > limit:
        tail = limit // 3
        message = f"{message[:limit - tail - 3]} … {message[-tail:]}"
    return message


_SHOWN = {n: f"\\x{n:02x}" for n in [*range(32), 127]}  # control characters, as a message shows them


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the game data, located in its file (its message shortened to a
    few lines)."""

    location: Location
    severity: Severity
    message: str
    rule: str

    def __post_init__(self) -> None:
        if not self.message.isprintable():  # (a NUL or a line break a game's value holds: shown, on one line)
            object.__setattr__(self, "message", self.message.translate(_SHOWN))
        if len(self.message) > MAX_MESSAGE:
            object.__setattr__(self, "message", shorten(self.message))

    def format(self, prefix: str = "") -> str:
        loc = self.location
        return (
            f"{prefix}{loc.file}:{loc.line}:{loc.column}: "
            f"{self.severity.value}: {self.message} [{self.rule}]"
        )


@dataclass(frozen=True)
class CheckInfo:
    """A check pnp runs: its id, its severity and a one-line description."""

    id: str
    severity: Severity
    doc: str


# Every check pnp can report, loader and schema checks included; rules.py adds the
# game rules through `register_check`.
CHECKS: dict[str, CheckInfo] = {}


def register_check(id: str, severity: Severity, doc: str) -> CheckInfo:
    if id in CHECKS:
        raise ValueError(f"check {id!r} registered twice")
    info = CheckInfo(id, severity, doc)
    CHECKS[id] = info
    return info


def problem(check: str, location: Location, message: str) -> Problem:
    """Make a problem for a registered check, with that check's severity."""
    return Problem(location, CHECKS[check].severity, message, check)


register_check("yaml-syntax", Severity.ERROR, "The file is not valid YAML (or not UTF-8 text).")
register_check("yaml-duplicate-key", Severity.ERROR, "A mapping repeats a key; YAML would silently keep only the last.")
register_check("yaml-alias", Severity.ERROR, "An alias refers to itself or expands to too much data (an alias bomb).")
register_check("empty-file", Severity.ERROR, "A data file is empty or holds only comments.")
register_check("missing-file", Severity.ERROR, "A file named in game.yaml does not exist or cannot be read: a folder, "
               "a pipe or a device, or a file outside the game folder (by `..` or a link).")
register_check("files-glob", Severity.ERROR, "A set's files are a glob past pnp's bounds: longer than 200 characters, "
               "looking into more than 1000 folders (or at more than 50,000 names), or matching more than 1000 files "
               "(pnp.build.fingerprint.glob_files).")
register_check("duplicate-file", Severity.ERROR, "game.yaml names the same file twice.")
register_check("schema", Severity.ERROR, "A value has the wrong type, is missing, or a key is unknown (JSON Schema).")
register_check("field-default", Severity.ERROR, "A field's default is not a value the field takes (a colour that is "
               "not #RRGGBB, a number out of the field's range, a value its list does not hold): items without the "
               "field would take it.")
register_check("rules-text", Severity.ERROR, "A rulebook's text is not of the Markdown subset pnp reads: a heading, "
               "list, table, box, picture, check, reference or value written wrong (pnp.load.rulebook).")


def sort_problems(problems: Iterable[Problem], file_order: list[str]) -> list[Problem]:
    """Order problems by file (in the order the game lists its files), then line and column."""
    rank = {name: i for i, name in enumerate(file_order)}
    return sorted(
        problems,
        key=lambda p: (
            rank.get(p.location.file, len(rank)),
            p.location.file,
            p.location.line,
            p.location.column,
        ),
    )


def count(problems: Iterable[Problem]) -> tuple[int, int]:
    errors = warnings = 0
    for p in problems:
        if p.severity is Severity.ERROR:
            errors += 1
        else:
            warnings += 1
    return errors, warnings


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def format_text(problems: list[Problem], summary: str, prefix: str = "") -> str:
    lines = [p.format(prefix) for p in problems]
    lines.append(summary)
    return "\n".join(lines) + "\n"


def format_json(problems: list[Problem], summary: dict) -> str:
    doc = {
        "problems": [
            {
                "file": p.location.file,
                "line": p.location.line,
                "column": p.location.column,
                "severity": p.severity.value,
                "rule": p.rule,
                "message": p.message,
            }
            for p in problems
        ],
        "summary": summary,
    }
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def _github_escape(text: str, property: bool = False) -> str:
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    if property:
        text = text.replace(":", "%3A").replace(",", "%2C")
    return text


def format_github(problems: list[Problem], prefix: str = "") -> str:
    """GitHub Actions workflow commands, one annotation per problem."""
    out = []
    for p in problems:
        loc = p.location
        out.append(
            f"::{p.severity.value} file={_github_escape(prefix + loc.file, True)},"
            f"line={loc.line},col={loc.column},title={_github_escape(p.rule, True)}::"
            f"{_github_escape(p.message)}"
        )
    return "\n".join(out) + ("\n" if out else "")
