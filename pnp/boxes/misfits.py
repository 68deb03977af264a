"""What a box draws that does not fit, said as the checks say a text that does not fit: a
track whose spaces overrun its box or each other, a placed box outside the box that places
it, a line of too few points. A kind whose drawing depends on the data (a list of spaces, of
points, of places) finds such a fault only for an item, as it draws; it yields the fault
among what it prints (pnp.boxes.printing), a Printing that never fits, whose refusal is the
fault's own message, so that `pnp validate` says it for the item, located, with the texts
that do not fit (the `text-fit` check), and a build never meets it unsaid."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from .printing import Cell, Printing

if TYPE_CHECKING:
    from ..layout.reader import Box

NEVER = -1.0  # the width of a misfit's cell: no text fits it


class Written(NamedTuple):
    """What a misfit comes from when the layout writes it (a line's points): as a template,
    it reads no name, so the check locates the fault at the box."""

    source: str = ""
    names: frozenset = frozenset()


WRITTEN = Written()


def misfit(template: Any, message: str, font: str, mark: str = "0") -> Printing:
    """A fault `message` found by drawing the box from `template` (the expression whose value
    does not fit: where the check locates it) as a Printing that never fits. `mark` is the
    text said to be printed (digits: a glyph every font has)."""
    return Printing(template, mark, font, Cell(NEVER, 0.0, font, message))


def is_misfit(cell: Cell | None) -> bool:
    return cell is not None and cell.width == NEVER


def said(box: "Box", name: str, cell: Cell | None) -> str | None:
    """A misfit's message, after what the check names the box by (`name`); None for a text."""
    return f"{name}: {cell.kind}" if is_misfit(cell) else None


def describe(entry: Any, number: int) -> str:
    """An element of a list as a message names it: its id or name, else its place from 1;
    an item of a set with the file it is read from ('river' of actions.yaml)."""
    if isinstance(entry, dict):
        origin = getattr(getattr(entry, "record", None), "origin", None)
        source = f" of {origin.file}" if isinstance(getattr(origin, "file", None), str) else ""
        for key in ("id", "name"):
            value = entry.get(key)
            if isinstance(value, (str, int)) and not isinstance(value, bool) and str(value):
                return f"'{value}'{source}"
        return f"element {number}{source}"
    return f"element {number}"


def number_of(value: Any) -> float | None:
    """A number given by the data (an int or a float, never a bool), else None."""
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None
