"""What a component type is (pnp.components.types() gives each): kept apart from the registry,
which imports every type's module, so that no type's module imports the registry back."""

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
    size: str = "poker"  # a set's size when it gives none
    shapes: tuple[str, ...] = ("rect",)  # the shapes its pieces may have, the first when a set gives none
    # the bleed it is printed with when a build asks for none (points; --bleed sets it), or
    # None: printed without (a board, a standee's strip)
    bleed: float | None = None
    ink_saver: str = "backs"  # what --ink-saver lightens of its sets by default: all, backs or none
    printed: bool = True  # false for data, read by the other sets and never printed
