"""The locator kind's check (pnp.boxes.locator): what a locator box draws is checked as strictly
as the data. Its set must be an area map; for each item it draws, its area must be one of the
map's and its pin a longitude and latitude on or near the map's land (a pin far out at sea or
in another continent is most often a latitude and longitude swapped)."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any, Iterator

from ..checks import Found, rule
from ..checks.printed import drawn, element_place, layouts, nested, uses
from ..problems import Severity
from .locator import area_id, coordinates, map_set

if TYPE_CHECKING:
    from ..layout.reader import Box, Layout
    from ..model.game import ComponentSet, Game, Item

NEAR_KM = 100.0  # a pin may lie this far off the map's land (a port, an island the land leaves out)


def _boxes(game: "Game") -> Iterator[tuple["ComponentSet", "Layout", "Box"]]:
    """Each locator box of each layout, as written (in a group, a list's rows, a place box's elements)."""
    for component in game.sets.values():
        for layout in layouts(component):
            for box in nested(layout.boxes, rows=True):
                if box.kind == "locator":
                    yield component, layout, box


def _names(game: "Game") -> str:
    found = [s.name for s in game.sets.values() if s.declaration.get("map") == "areas"]
    return f"the game's: {', '.join(found)}" if found else "the game has none"


def _where(game: "Game", item: "Item", box: "Box", setting: str):
    """An item's problem is located at the field the box's setting reads, when it reads one
    field alone (pin: at), else at the item."""
    source = getattr(box.get(setting), "source", "").strip()
    if source in item.fields:
        return game.locate(item.origin, source)
    return game.locate(item.origin)


class _Lands(threading.local):
    """The last map's land, its own and around it, as one shape: each thread's own, as its
    geography is (pnp.maps.areas.geometry.geography_of)."""

    def __init__(self) -> None:
        self.last: list = []  # [(geography, shape)]


_kept = _Lands()


def _all_land(geography: Any) -> Any:
    """The map's land in play, beyond its bounds and around it, as one shape (worked out once a map)."""
    _lands = _kept.last
    if not _lands or _lands[0][0] is not geography:
        from shapely.ops import unary_union

        _lands[:] = [(geography, unary_union([geography.land, geography.beyond,
                                             *(shape for _, shape in geography.context)]))]
    return _lands[0][1]


# How far each pin lies from the land, in km, by the map it was measured on and the pin: kept
# by a build for the next validation (pnp.checks.validate), so that after a card edit only a
# new pin has the map worked out
DISTANCES: dict[str, float] = {}


def _map_key(game: "Game") -> str:
    """What a pin's distance from the land depends on: the map's documents (Game.map_files),
    once a validation; pnp's own code is in the key a build keeps the distances under."""
    if "locator-map-key" not in game.memo:
        import hashlib

        digest = hashlib.sha256(f"{game.complete}".encode())
        for name in game.map_files():
            doc = game.documents.get(name)
            digest.update(f"|{name}|{doc.digest if doc is not None else ''}".encode())
        game.memo["locator-map-key"] = digest.hexdigest()
    return game.memo["locator-map-key"]


def _distance(game: "Game", board: "ComponentSet", pin: tuple[float, float]) -> float | None:
    """How far `pin` lies from the map's land, in km (None when the map cannot be worked out)."""
    key = f"{_map_key(game)}|{pin[0]!r},{pin[1]!r}"
    if key not in DISTANCES:
        from shapely.geometry import Point

        from ..maps.areas.geometry import geography_of

        geography = geography_of(board)
        if geography is None:
            return None
        DISTANCES[key] = _all_land(geography).distance(Point(geography.project(*pin))) / 1000
    return DISTANCES[key]


def kept_distances(game: "Game") -> dict[str, float]:
    """The distances worked out for this game's map, for a build to keep (those of other maps
    are left behind)."""
    prefix = f"{_map_key(game)}|"
    return dict(sorted((k, v) for k, v in DISTANCES.items() if k.startswith(prefix)))


def _item_problems(game: "Game", component: "ComponentSet", layout: "Layout", box: "Box", board: "ComponentSet",
                   item: "Item", env: dict) -> Iterator[tuple[Any, str]]:
    from ..maps.areas.data import areas_of
    owner = f"{component.describe(item)}: layout '{layout.file}': locator box '{box.name}'"
    if box.get("area") is not None:
        value = box.get("area").evaluate(env)
        found = area_id(value)
        ids = [area.id for area in areas_of(board)]
        if found not in ids:
            said = found if found is not None else value
            yield (_where(game, item, box, "area"),
                   f"{owner}: area {said!r} is not an area of set '{board.name}' (its areas: {', '.join(ids)})")
    if box.get("pin") is None:
        return
    value = box.get("pin").evaluate(env)
    if value is None:
        return
    pin = coordinates(value)
    if pin is None:
        yield (_where(game, item, box, "pin"),
               f"{owner}: pin {value!r} is not a record with lon (-180 to 180) and lat (-90 to 90), in degrees")
        return
    away = _distance(game, board, pin)
    if away is not None and away > NEAR_KM:
        yield (_where(game, item, box, "pin"),
               f"{owner}: pin (lat {pin[1]:g}, lon {pin[0]:g}) lies {away:,.0f} km from the land of set "
               f"'{board.name}', more than {NEAR_KM:g} km: are its latitude and longitude the right way round?")


def locator(game: "Game") -> Found:
    views = None
    maps: dict = {}  # each locator box's map, by box (None: its set has no map, said at the box)
    for component, layout, box in _boxes(game):
        board = maps[id(box)] = map_set(game, box.get("locator"))
        if board is None:
            doc = game.documents.get(layout.origins.get(box.name, layout.file))
            yield (doc.locate(box.at + ("locator",)) if doc is not None else layout.locate(box, game.documents),
                   f"layout '{layout.file}': locator box '{box.name}': '{box.get('locator')}' is not a set with an "
                   f"area map ({_names(game)})")
    if not game.complete:
        return
    seen: set = set()
    for component in game.sets.values():
        for layout in layouts(component):
            if not any(maps.get(id(box)) is not None for box in nested(layout.boxes, rows=True)):
                continue
            views = views or game.views(game.language)
            for item in component.items:
                if not uses(component, item, layout):
                    continue
                env = layout.env(dict(views.env(item)), game.language, strict=False)
                for box, inner, element in drawn(layout.boxes, env, game.language, game.language):
                    board = maps.get(id(box))
                    if box.kind != "locator" or board is None or board.settings is None:
                        continue  # (the map's own checks say what is wrong with it)
                    try:
                        for where, said in _item_problems(game, component, layout, box, board, item, inner):
                            if element is not None:  # (in a place box's element: at its data if a record's)
                                where = element_place(game, element) or where
                                said = f"{said} (for {element.name} of box '{element.place}')"
                            if (where, said) not in seen:
                                seen.add((where, said))
                                yield where, said
                    except Exception:  # an expression that fails: the layout's checks say so
                        continue


rule("locator", Severity.ERROR, "A locator box names a set that has no area map, or an item it draws gives an area "
     "the map does not have, or a pin that is no longitude and latitude or lies far (over 100 km) off the map's "
     "land.", reads_map=True)(locator)
