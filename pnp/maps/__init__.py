"""Maps a board can be: each kind gives the fields of its items, reads its settings and
draws itself through box kinds of its own (pnp.compose.boxes).

- areas: a geographic map shared into areas around their seats (pnp.maps.areas).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..problems import Location

if TYPE_CHECKING:
    from ..load.fields import Field

MAPS = ("areas",)


def fields_of(kind: str, at: Location) -> dict[str, "Field"]:
    """The fields every item of this kind of map has."""
    from . import areas

    return areas.area_fields(at) if kind == "areas" else {}


def load_settings(kind: str, loader: Any, file: str, where: Location) -> Any:
    """The map's settings, read from `file` through the game's loader (None when broken)."""
    from . import areas

    return areas.load_settings(loader, file, where) if kind == "areas" else None
