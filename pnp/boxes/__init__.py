"""Box kinds: what a layout's box can draw, each bound to the data by templates.

A kind is declared where it is drawn, one module to a family of kinds (text, shapes,
lines, pictures, badge, row, ornament, table, track, groups, place, hexmap, locator; an
area map's four in pnp.maps.areas.draw), with the settings it takes and their types
(pnp.boxes.settings: how a layout reads each, and its schema), a one-line doc and an example
(the README's reference is checked against them), and a function that draws a box for one item into scene nodes.
Drawing is pure: files are read before (art sizes come in the Context), and no backend is
imported; what draws an icon comes in the Context too, so that no kind's module imports
anything that draws, and loading a layout (or its schema) reads the kinds and draws nothing.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from .kind import REGISTERED, BoxKind, box_kind, draw_box  # noqa: F401


@cache
def kinds() -> dict[str, BoxKind]:
    """Every kind of box, by name: module by module in this order, a module's in the order it
    declares them (the order a layout's refusal lists them in)."""
    from ..maps.areas import draw as area_map
    from . import badge, groups, hexmap, lines, locator, ornament, pictures, place, row, shapes, table, text, track

    order = [m.__name__ for m in (text, shapes, lines, pictures, badge, row, ornament, table, track, groups, place,
                                  hexmap, locator, area_map)]
    return dict(sorted(REGISTERED.items(), key=lambda pair: order.index(pair[1].draw.__module__)))


def schema() -> tuple[dict[str, Any], dict[str, Any]]:
    """The layout schema's box properties the kinds declare, and the definitions they name
    (pnp.load.schema fills the layout schema with them)."""
    from .settings import schema as made

    return made(kinds().values())
