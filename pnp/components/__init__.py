"""Component types: what kind of thing a set's items are, and so how they are printed and
exported. Each type is a module with its TYPE: a card, a sheet, a token, a tile, a standee,
a board, or data that is not printed. What a type is (its sizes, shapes, bleed, ink) is read
by the loading and the checks, which draw nothing: a type's module imports what imposes and
draws only in the functions that do it."""

from __future__ import annotations

from .kind import ComponentType, Sheets  # noqa: F401  (what a type is, for the types and their users)


def types() -> dict[str, ComponentType]:
    from . import board, card, data, sheet, standee, tile, token

    return {t.TYPE.name: t.TYPE for t in (card, sheet, token, tile, standee, board, data)}
