"""The Anarchy's rules for melds, as the tests check them against the deck: pnp knows no
game, so the game's own logic lives here, read from the generic model."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

SYMBOLS = ("crowns", "castles", "swords", "treasure")


@dataclass(frozen=True)
class Card:
    """One card of the deck: its suit, kind, leader number, followers and symbols."""

    id: str
    name: Any
    suit: str
    kind: str
    leader: int | None
    follows: tuple[int, ...]
    crowns: int
    castles: int
    swords: int
    treasure: int
    note: Any

    def can_lead(self) -> bool:
        """A card heads a meld when it has a leader number and at least one crown."""
        return self.leader is not None and self.crowns >= 1

    def follows_card(self, leader: "Card") -> bool:
        """Whether this card may be melded under `leader` (same suit, leader's number listed)."""
        return leader is not self and leader.suit == self.suit and leader.leader is not None \
            and leader.leader in self.follows


@dataclass(frozen=True)
class Suit:
    id: str
    area: str
    cards: tuple[Card, ...]

    def leaders(self) -> dict[int, Card]:
        """Cards with a leader number, by number (the first card wins a duplicate)."""
        found: dict[int, Card] = {}
        for card in self.cards:
            if card.leader is not None:
                found.setdefault(card.leader, card)
        return found

    def followers_of(self, leader: Card) -> tuple[Card, ...]:
        return tuple(card for card in self.cards if card.follows_card(leader))


@dataclass(frozen=True)
class Meld:
    """A leader and the cards melded under it."""

    leader: Card
    followers: tuple[Card, ...] = ()

    @property
    def cards(self) -> tuple[Card, ...]:
        return (self.leader, *self.followers)

    def is_legal(self) -> bool:
        return self.leader.can_lead() and all(card.follows_card(self.leader) for card in self.followers)

    def total(self, symbol: str) -> int:
        return sum(getattr(card, symbol) for card in self.cards)


def suits(game) -> list[Suit]:
    found = []
    for group in game.sets["cards"].groups:
        cards = tuple(Card(item.id, item["name"], group.id, item["kind"], item["leader"], tuple(item["follows"]),
                           *(item[s] for s in SYMBOLS), item["note"]) for item in group.items)
        found.append(Suit(group.id, group.fields["area"], cards))
    return found


def richest_meld(suit: Suit) -> int:
    best = 0
    for leader in suit.leaders().values():
        if leader.can_lead():
            best = max(best, Meld(leader, suit.followers_of(leader)).total("treasure"))
    return best


def areas_to_win(richest: list[int], target: int = 20) -> int | None:
    """How many areas a player needs, holding the richest governments, to reach `target`."""
    total = 0
    for n, value in enumerate(sorted(richest, reverse=True), start=1):
        total += value
        if total >= target:
            return n
    return None
