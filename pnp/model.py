"""The game as frozen data: suits, cards, areas and the manifest that ties them together.

Built from validated YAML by `pnp.game.load_game`; nothing here reads files. Every record
keeps its origin (file and data path) so rules can point at the exact line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator, Mapping

from .problems import Location

if TYPE_CHECKING:
    from .layout import Layout
from .yamlload import DataPath, Document

KINDS = ("leader", "place", "army", "commodity")
SYMBOLS = ("crowns", "castles", "swords", "treasure")
ANY_LANGUAGE = ""


@dataclass(frozen=True)
class Text:
    """Printed text: one string for all languages, or one per language code."""

    values: tuple[tuple[str, str], ...]

    @classmethod
    def from_data(cls, data: str | Mapping[str, str]) -> "Text":
        if isinstance(data, str):
            return cls(((ANY_LANGUAGE, data),))
        return cls(tuple(data.items()))

    @property
    def localised(self) -> bool:
        return self.values[0][0] != ANY_LANGUAGE

    @property
    def languages(self) -> tuple[str, ...]:
        return tuple(lang for lang, _ in self.values) if self.localised else ()

    def get(self, language: str, default: str | None = None) -> str:
        """The text in `language`, else in `default`, else the first one given."""
        table = dict(self.values)
        for lang in (language, default, ANY_LANGUAGE):
            if lang is not None and lang in table:
                return table[lang]
        return self.values[0][1]

    def strings(self) -> tuple[str, ...]:
        return tuple(text for _, text in self.values)

    def __str__(self) -> str:
        return self.values[0][1]


@dataclass(frozen=True)
class Origin:
    """Where a record was read from: the file and the data path inside it."""

    file: str
    path: DataPath = ()


@dataclass(frozen=True)
class Card:
    """One card: its suit, kind, leader number, the leaders it follows and its symbols."""

    id: str
    name: Text
    suit: str
    kind: str
    leader: int | None
    follows: tuple[int, ...]
    crowns: int
    castles: int
    swords: int
    treasure: int
    art: str | None
    note: Text | None
    origin: Origin

    def symbols(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in SYMBOLS}

    def can_lead(self) -> bool:
        """A card heads a meld when it has a leader number and at least one crown."""
        return self.leader is not None and self.crowns >= 1

    def follows_card(self, leader: "Card") -> bool:
        """Whether this card may be melded under `leader` (same suit, leader's number listed)."""
        return (
            leader is not self
            and leader.suit == self.suit
            and leader.leader is not None
            and leader.leader in self.follows
        )


@dataclass(frozen=True)
class Suit:
    """A suit of cards and the board area it stands for."""

    id: str
    name: Text
    colour: str
    text_colour: str
    area: str
    cards: tuple[Card, ...]
    origin: Origin

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
class Seat:
    city: Text
    lat: float
    lon: float


@dataclass(frozen=True)
class Area:
    """A board area: its seat of government and, optionally, what shapes its land."""

    id: str
    name: Text
    seat: Seat
    origin: Origin
    anchor: tuple[float, float] | None = None  # (lon, lat) the share of the land is measured from
    shape: tuple[tuple[float, float], ...] | None = None  # an explicit outline, (lon, lat) points
    neighbours_add: tuple[str, ...] = ()
    neighbours_remove: tuple[str, ...] = ()


@dataclass(frozen=True)
class Board:
    """The map: the land (rings of lon, lat), its projection, and the markers it must hold."""

    projection: str
    bounds: Mapping[str, float] | None
    playing: tuple[tuple[tuple[float, float], ...], ...]
    context: tuple[tuple[str, tuple[tuple[float, float], ...]], ...]
    labels: Mapping[str, Text]
    origin: Origin


@dataclass(frozen=True)
class Denomination:
    value: int
    count: int
    colour: str


@dataclass(frozen=True)
class Money:
    """The play money: denominations with their counts, and the blank no-bid cards."""

    currency: str
    denominations: tuple[Denomination, ...]
    blank_count: int
    blank_label: Text
    origin: Origin

    def total(self) -> int:
        return sum(d.value * d.count for d in self.denominations)


@dataclass(frozen=True)
class Company:
    """An East India Company a player takes on: its colour and emblem tell it apart."""

    id: str
    name: Text
    short: Text
    founded: int
    colour: str
    emblem: str
    origin: Origin


@dataclass(frozen=True)
class Companies:
    """The companies and their tokens: one turn-order token each and a pile of markers."""

    turn_diameter: float  # points
    marker_diameter: float  # points
    marker_count: int
    companies: tuple[Company, ...]
    origin: Origin


@dataclass(frozen=True)
class Aid:
    """The words of the player aid card; its tables are computed (pnp.play)."""

    title: Text
    phases: tuple[tuple[Text, Text], ...]
    labels: Mapping[str, Text]
    origin: Origin


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


@dataclass(frozen=True)
class Game:
    """A whole game: manifest, suits in print order, and board areas."""

    root: Path
    manifest: str
    title: Text
    subtitle: Text | None
    languages: tuple[str, ...]
    fonts: Mapping[str, str]
    counts: Mapping[str, int]
    suits: tuple[Suit, ...]
    areas: tuple[Area, ...]
    board: Board | None
    money: Money | None
    companies: Companies | None
    aid: Aid | None
    players: tuple[int, int] | None
    layouts: Mapping[str, "Layout"]
    files: tuple[str, ...]
    complete: bool
    documents: Mapping[str, Document] = field(repr=False, compare=False)

    @property
    def language(self) -> str:
        """The default language: the first the game declares."""
        return self.languages[0] if self.languages else "en"

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(card for suit in self.suits for card in suit.cards)

    def suit(self, suit_id: str) -> Suit | None:
        return next((s for s in self.suits if s.id == suit_id), None)

    def locate(self, origin: Origin, *path: Any, key: bool = False) -> Location:
        """The file position of `origin` or of a field below it."""
        doc = self.documents.get(origin.file)
        if doc is None:
            return Location(origin.file)
        return doc.locate(origin.path + tuple(path), key=key)

    def texts(self) -> Iterator[tuple[str, Text, Origin, tuple]]:
        """Every printed text with its font role and where it is: (role, text, origin, field path)."""
        top = Origin(self.manifest)
        yield "heading", self.title, top, ("title",)
        if self.subtitle is not None:
            yield "body", self.subtitle, top, ("subtitle",)
        for suit in self.suits:
            yield "heading", suit.name, suit.origin, ("name",)
            for card in suit.cards:
                yield "heading", card.name, card.origin, ("name",)
                if card.note is not None:
                    yield "note", card.note, card.origin, ("note",)
        for area in self.areas:
            yield "heading", area.name, area.origin, ("name",)
            yield "body", area.seat.city, area.origin, ("seat", "city")
        if self.board is not None:
            for key, text in self.board.labels.items():
                yield "body", text, self.board.origin, ("labels", key)
        if self.money is not None:
            yield "heading", Text.from_data(self.money.currency + "0123456789"), self.money.origin, ("currency",)
            yield "heading", self.money.blank_label, self.money.origin, ("blank", "label")
        if self.companies is not None:
            for i, company in enumerate(self.companies.companies):
                yield "body", company.name, company.origin, ("name",)
                yield "heading", company.short, company.origin, ("short",)
        if self.aid is not None:
            yield "heading", self.aid.title, self.aid.origin, ("title",)
            for i, (name, text) in enumerate(self.aid.phases):
                yield "heading", name, self.aid.origin, ("phases", i, "name")
                yield "body", text, self.aid.origin, ("phases", i, "text")
            for key, text in self.aid.labels.items():
                yield "body", text, self.aid.origin, ("labels", key)
