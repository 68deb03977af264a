"""Component types: what kind of thing a set's items are, and so how they are printed and
exported. Each type is a module with its TYPE: a card, a sheet, a token, a tile, a standee,
a board, or data that is not printed. What a type is (its sizes, shapes, bleed, ink) is read
by the loading and the checks, which draw nothing: a type's module imports what imposes and
draws only in the functions that do it."""

from __future__ import annotations

import functools

from .kind import ComponentType, Sheets  # noqa: F401  (what a type is, for the types and their users)


def types() -> dict[str, ComponentType]:
    """Every type, by name, in the order they are told (their `order`): the TYPE of each module
    of this package, wherever the package's path leads (a type is one module, nothing else)."""
    return _types(tuple(__path__))


@functools.cache
def _types(path: tuple[str, ...]) -> dict[str, ComponentType]:
    import importlib
    import pkgutil

    found = [getattr(importlib.import_module(f"{__name__}.{m.name}"), "TYPE", None)
             for m in pkgutil.iter_modules(path) if not m.ispkg]
    return {t.name: t for t in sorted((t for t in found if isinstance(t, ComponentType)), key=lambda t: (t.order, t.name))}
