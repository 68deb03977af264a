"""Component types: what kind of thing a set's items are, and so how they are printed and
exported. Each type is a module with its TYPE: a card, a sheet, a token, a tile, a standee,
a board, or data that is not printed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Sequence

if TYPE_CHECKING:
    from ..fonts import FontMetrics
    from ..impose import Paper
    from ..kit import PieceSet
    from ..scene import Page


@dataclass(frozen=True)
class Sheets:
    """How a group of sets is printed on one paper: pages of fronts and of their backs."""

    fronts: list["Page"]
    backs: list["Page"]


@dataclass(frozen=True)
class ComponentType:
    """A kind of component: how its pieces are laid out on paper, and what it is elsewhere."""

    name: str
    doc: str
    example: str
    options: tuple[str, ...]  # the set options only this type takes
    tabletopia: str  # the object type to create in Tabletopia
    deck: bool  # shuffled together: a deck in Tabletop Simulator
    impose: Callable[[Sequence["PieceSet"], "Paper", float, str, "FontMetrics | None"], Sheets]


def types() -> dict[str, ComponentType]:
    from . import board, card, data, sheet, standee, tile, token

    return {t.TYPE.name: t.TYPE for t in (card, sheet, token, tile, standee, board, data)}
