"""A rulebook as data: the blocks and inline parts a rulebook's text is read into
(pnp.load.rulebook reads it), each located at its line and column in its file, for
pnp.kit.rulebook to work out in a language and pnp.checks.rulebook to check."""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import expr


@dataclass(frozen=True)
class Text:
    text: str


@dataclass(frozen=True)
class Styled:
    """Bold or italic text."""

    style: str  # "bold" or "italic"
    parts: tuple


@dataclass(frozen=True)
class Ref:
    """`{set:id}` or `{set:id.field}`: an item's name, or one of its fields."""

    set: str
    id: str
    field: str | None
    line: int
    column: int


@dataclass(frozen=True)
class Value:
    """`{=expression}`: a value worked out from the game."""

    expression: expr.Expression
    line: int
    column: int


@dataclass(frozen=True)
class Icon:
    name: str
    line: int
    column: int


@dataclass(frozen=True)
class Break:
    """A line ended with a backslash."""


@dataclass(frozen=True)
class Heading:
    level: int
    parts: tuple
    anchor: str | None
    line: int


@dataclass(frozen=True)
class Paragraph:
    parts: tuple
    line: int


@dataclass(frozen=True)
class ListBlock:
    ordered: bool
    items: tuple  # each item's parts
    line: int
    start: int = 1


@dataclass(frozen=True)
class Table:
    header: tuple  # each cell's parts
    rows: tuple  # each row's cells
    aligns: tuple  # "left", "centre" or "right" per column
    line: int


@dataclass(frozen=True)
class Piece:
    """A piece in a picture: an item of a set, its face or its back."""

    set: str
    id: str
    back: bool
    line: int
    column: int


@dataclass(frozen=True)
class Picture:
    """Pieces in a row; each place of the row a stack drawn one on another (`a+b`)."""

    caption: tuple
    stacks: tuple  # tuple of tuples of Piece
    line: int


@dataclass(frozen=True)
class Check:
    expression: expr.Expression | None
    source: str
    line: int
    column: int
    shown: tuple  # the pieces pictured before it in its box (or since its heading)


@dataclass(frozen=True)
class PageBreak:
    line: int


@dataclass(frozen=True)
class Box:
    kind: str  # "example" or "note"
    title: tuple
    blocks: tuple
    line: int


@dataclass
class Rulebook:
    """One language's rulebook: its file and its blocks."""

    file: str
    language: str
    blocks: list = field(default_factory=list)
