"""The rulebook's checks: every item, field, set and icon its text names exists (with "did you
mean"), every value it works out from the data can be worked out, and every example's `@check`
still holds for the data (pnp.kit.rulebook works the rulebooks out; pnp.load.rulebook reads
their text). A rulebook's sections are printed strings too: missing-translation, glossary-term
and missing-glyph read them (pnp.checks.translation, pnp.checks.text)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from ..problems import Severity
from . import Found, rule

if TYPE_CHECKING:
    from ..model.game import Game


def _findings(game: "Game", kind: str) -> Found:
    from ..kit.rulebook import resolved

    if not game.complete:
        return  # a file or key did not load: what the rulebook then misses is likely a consequence
    for _, (_, findings) in sorted(resolved(game).items()):
        for finding in findings:
            if finding.rule == kind:
                yield finding.where, finding.message


def rules_reference(game: "Game") -> Found:
    yield from _findings(game, "rules-reference")


def rules_example(game: "Game") -> Found:
    yield from _findings(game, "rules-example")


rule("rules-reference", Severity.ERROR, "A rulebook names a set, item, field or icon the game does not have, or "
     "pictures a piece that is not printed.")(rules_reference)
rule("rules-example", Severity.ERROR, "A rulebook's example no longer holds for the data (an `@check` is false), "
     "or a value it works out from the data (`{=...}`) cannot be worked out.")(rules_example)


def rulebook_texts(game: "Game") -> Iterator[tuple[str, bool, "object"]]:
    """Every text the rulebooks print, with whether it is in the heading font, and where its
    block is (for missing-glyph)."""
    from ..kit.rulebook import plain_text, resolved, texts
    from ..problems import Location

    for language, (book, _) in sorted(resolved(game).items()):
        for block in book.blocks:
            for runs, heading in texts(block):
                text = plain_text(runs)
                if text:
                    yield text, heading, Location(book.file, block.line)
