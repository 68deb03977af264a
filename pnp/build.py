"""Build the kit's outputs from a validated game.

So far the kit holds the deck as data (`deck.json`): every suit and card with its area,
as the later components and outside tools (spreadsheets, Tabletopia scripts) read it.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from . import __version__
from .model import Card, Game, Text


def _text(text: Text | None, game: Game) -> dict[str, str] | None:
    if text is None:
        return None
    return {lang: text.get(lang, game.language) for lang in game.languages}


def _card(card: Card, game: Game) -> dict:
    return {
        "id": card.id,
        "name": _text(card.name, game),
        "suit": card.suit,
        "kind": card.kind,
        "leader": card.leader,
        "follows": list(card.follows),
        "crowns": card.crowns,
        "castles": card.castles,
        "swords": card.swords,
        "treasure": card.treasure,
        "art": card.art,
        "note": _text(card.note, game),
    }


def deck_data(game: Game) -> dict:
    areas = {area.id: area for area in game.areas}
    return {
        "generator": f"pnp {__version__}",
        "title": _text(game.title, game),
        "languages": list(game.languages),
        "suits": [
            {
                "id": suit.id,
                "name": _text(suit.name, game),
                "colour": suit.colour,
                "text_colour": suit.text_colour,
                "area": {
                    "id": suit.area,
                    "name": _text(areas[suit.area].name, game) if suit.area in areas else None,
                },
                "cards": [_card(card, game) for card in suit.cards],
            }
            for suit in game.suits
        ],
    }


def write_atomic(path: Path, data: bytes) -> None:
    """Write a file so that readers see the old one or the whole new one, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def build(game: Game, out: Path) -> list[Path]:
    """Write every output pnp can make so far under `out`; returns the files written."""
    deck = out / "deck.json"
    write_atomic(deck, (json.dumps(deck_data(game), indent=2, ensure_ascii=False) + "\n").encode("utf-8"))
    return [deck]
