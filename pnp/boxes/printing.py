"""What a box prints, as the checks read it (missing-glyph, text-fit): a kind declares, beside
how it draws, the texts it prints for an item, each with its font and the room it has,
whether one fits there and what a message says of one that does not."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping

if TYPE_CHECKING:
    from ..layout.fonts import FontMetrics
    from ..layout.reader import Box


@dataclass(frozen=True)
class Cell:
    """Where a table, track or hex map prints a text, in `width` points at `size` (or down to
    it: a track's labels shrink) in the font of `font` (a role): a table's `column` (its
    title, header or a row's), a track's `space` or a hex map's `hex`."""

    width: float
    size: float
    font: str
    kind: str = "column"


@dataclass(frozen=True)
class Printing:
    """A text a box prints for an item: its template and the text, the font it is printed in
    (a role), and the cell it must fit in (None: the box, as its kind fits it)."""

    template: Any
    text: str
    font: str
    cell: Cell | None = None


@dataclass(frozen=True)
class Rows:
    """Boxes a box holds, printed in `env`: a list's for one of its elements, `row` being the
    field it lists and the element's index (when it lists a field of the item), a group's once
    (`row` None: the holder's own)."""

    boxes: tuple
    env: Mapping[str, Any]
    row: tuple | None = None


def in_cell(box: "Box", text: str, font: "FontMetrics", cell: Cell | None) -> bool:
    """Whether a text fits its cell at the cell's size."""
    return font.width(text, cell.size) <= cell.width + 1e-6


@dataclass(frozen=True)
class Prints:
    """The texts a kind of box prints: `texts(box, env, language, default language)` gives each
    it prints for an item (Printing), or the rows of boxes it holds (Rows); `fits(box, text,
    font metrics, cell)` says whether one fits, and `refusal(box, name, text, cell)` what a
    message says of one that does not (`name` saying where it comes from). With `labels`, a
    box's many texts that do not fit are said once, with how many more."""

    texts: Callable[["Box", Mapping[str, Any], str, str], Iterable[Printing | Rows]]
    fits: Callable[["Box", str, "FontMetrics", Cell | None], bool] = in_cell
    refusal: Callable[["Box", str, str, Cell | None], str] | None = None
    labels: bool = False
