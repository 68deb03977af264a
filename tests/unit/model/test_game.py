"""The game as data (pnp.model.game): what the model works out from what game.yaml declares."""

from __future__ import annotations

from pathlib import Path

from pnp.model.game import Game, Text


def game(**fonts: str) -> Game:
    return Game(root=Path("."), manifest="game.yaml", title=Text((("en", "T"),)), subtitle=None, languages=("en",),
                fonts=fonts, players=None, values={}, sets={}, layouts={}, icons={}, checks=[], stats=None, files=(),
                complete=True, documents={})


def test_heading_and_body_stand_in_for_each_other() -> None:
    assert game(heading="A", body="B", note="C").font_roles == {"heading": "A", "body": "B", "note": "C"}
    assert game(body="B", note="C").font_roles == {"body": "B", "note": "C", "heading": "B"}
    assert game(heading="A").font_roles == {"heading": "A", "body": "A"}
    assert game(note="C", label="D").font_roles == {"note": "C", "label": "D", "heading": "C", "body": "C"}
    assert game().font_roles == {}
    assert game(body="B").fonts == {"body": "B"}  # (what game.yaml declares, as it is)
