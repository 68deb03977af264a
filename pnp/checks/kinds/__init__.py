"""The kinds of check a game's checks.yaml can use, each a module of its own that declares its
KIND (pnp.checks.kinds.base.CheckKind): what it means, the keys it takes and their schema,
the names its message may use, what it reads of its check when the game loads, and what it
checks. checks.yaml's schema and the README's table are read from here."""

from __future__ import annotations

from functools import cache

from .base import CheckKind


@cache
def kinds() -> dict[str, CheckKind]:
    """Every kind, by its key, in the order the README lists them."""
    from . import (change_making, colour_distinct, contrast, count, greyscale_distinct, range, references, require,
                   sum, unique)

    return {m.KIND.name: m.KIND for m in (unique, references, count, range, require, sum, colour_distinct,
                                          greyscale_distinct, contrast, change_making)}


def schema() -> dict:
    """The JSON Schema of every kind's keys, in that order (a key two kinds take, as min, has
    one schema)."""
    found: dict = {}
    for kind in kinds().values():
        for key, value in kind.schema.items():
            assert found.setdefault(key, value) == value, key
    return found
