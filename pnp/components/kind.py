"""What a component type is (pnp.components.types() gives each): kept apart from the registry,
which imports every type's module, so that no type's module imports the registry back."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

if TYPE_CHECKING:
    from ..load.fields import Field
    from ..problems import Location
    from ..layout.fonts import FontMetrics
    from ..impose import Paper
    from ..kit.pieces import PieceSet
    from ..kit.readme import PrintFile
    from ..scene import Definition, Page
    from ..words import Run


@dataclass(frozen=True)
class Sheets:
    """How a group of sets is printed on one paper: pages of fronts and of their backs."""

    fronts: list["Page"]
    backs: list["Page"]
    rows: bool = False  # in rows of one size each (pnp.impose.shelves), not its type's own layout


@dataclass(frozen=True)
class ComponentType:
    """A kind of component: how its pieces are laid out on paper, and what it is elsewhere."""

    name: str
    doc: str
    example: str
    options: Mapping[str, Mapping[str, Any]]  # the set options only this type takes: each one's JSON Schema
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
    order: int = 100  # where it comes among the types: in the schema's list, the read-me's steps
    # a picture printed whole on a paper it fits, or in parts that overlap (a board): its pages
    # on a paper; None for pieces imposed on sheets
    whole: Callable[["Definition", "Paper", str, "FontMetrics | None"], list["Page"]] | None = None
    cut_on_marks: tuple[str, ...] = ()  # the shapes whose pieces are cut along the sheets' crop marks
    touching: bool = False  # printed without bleed, its pieces touch: one cut frees two neighbours
    # its own steps of cutting and assembly, for its print files on one paper, in a language
    assembly: Callable[[Sequence["PrintFile"], str], list[tuple["Run", ...]]] | None = None
    words: Mapping[str, Mapping[str, str]] = field(default_factory=dict)  # its phrases, by language
    print_on_demand: bool = False  # uploaded to print on demand, when of a product's size (pnp.exports.products)
    tts: str = "Custom_Tile"  # the Tabletop Simulator object each of its pieces is, unless a deck
    # the fields every item of its sets has, besides those the set declares (a die's faces)
    fields: Callable[["Location"], dict[str, "Field"]] | None = None
    # an item printed as several pieces (a die's six stickers): each one's name suffix and names
    sides: Callable[[Mapping[str, Any]], list[tuple[str, Mapping[str, Any]]]] | None = None
    names: tuple[str, ...] = ()  # the names its layouts may read besides an item's (a sticker's side)
    packed: tuple[str, ...] = ()  # the shapes packed on the paper as it is, not in a grid (tokens, hex tiles)
    # what one piece takes on the sheet, if not its own size (a standee's strip), and what that is called
    printed_size: Callable[[Any], tuple[float, float]] | None = None
    printed_as: str = ""
    gallery: str = ""  # the class its pieces have in the gallery (token: shown as cut, round or square)

    def pieces_of(self, env: Mapping[str, Any]) -> list[tuple[str, Mapping[str, Any]]]:
        """The pieces an item is printed as: the name each adds to the item's, and the names
        its layout reads (one piece, the item's own, but for a type with sides)."""
        return self.sides(env) if self.sides is not None else [("", env)]

    def word(self, language: str, key: str) -> str:
        """One of its phrases in `language` (English when it does not speak it)."""
        return (self.words.get(language) or self.words["en"]).get(key) or self.words["en"][key]

    def say(self, language: str, key: str, **values: Any) -> tuple["Run", ...]:
        from ..words import phrase

        return phrase(self.word(language, key), **values)
