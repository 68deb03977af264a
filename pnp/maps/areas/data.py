"""The areas map kind's data as pnp holds it: its settings (the land, its projection, its
rivers and ranges), its areas, and the group each area takes its colours from. What reads
a game's map (its statistics, its checks, its drawing) starts here; nothing here draws."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping

from ...model.game import Origin, Text, View

if TYPE_CHECKING:
    from ...model.game import ComponentSet, Game, Item


@dataclass(frozen=True)
class MapLine:
    """A named line of the map, a river or a mountain range: its lines of (lon, lat), whether
    it parts areas (border: all of it, or stretches between two points near it) and whether
    it is drawn."""

    name: str
    kind: str  # river or range
    lines: tuple[tuple[tuple[float, float], ...], ...]
    border: bool | tuple[tuple[tuple[float, float], tuple[float, float]], ...] = False
    drawn: bool = True
    origin: Origin = Origin("")  # its record in its file


@dataclass(frozen=True)
class MapSettings:
    """The map: the land (rings of lon, lat), its projection, the part shown, its labels."""

    projection: str
    bounds: Mapping[str, float] | None
    playing: tuple[tuple[tuple[float, float], ...], ...]
    context: tuple[tuple[str, tuple[tuple[float, float], ...]], ...]
    labels: Mapping[str, Text]
    origin: Origin
    files: tuple[str, ...] = ()  # the settings file and the land file
    fit: str = "bounds"  # what fills the map box: the bounds, or the land in play within them
    rivers: tuple[MapLine, ...] = ()
    ranges: tuple[MapLine, ...] = ()
    fade: float = 0.0  # mm: where the bounds cut the land in play, the areas fade into the land around over this

    @property
    def lines(self) -> tuple[MapLine, ...]:
        """The rivers, then the ranges."""
        return self.rivers + self.ranges

    def view(self, language: str, default: str) -> View:
        return View(labels=View({k: t.get(language, default) for k, t in self.labels.items()}),
                    projection=self.projection)


def as_points(points) -> tuple[tuple[float, float], ...]:
    return tuple((float(lon), float(lat)) for lon, lat in points)


def points_of(value: Any, least: int) -> tuple[tuple[tuple[float, float], ...], list[tuple[int, str]]]:
    """A ring's or a line's points, as [[lon, lat], ...] (checked by its schema) or as text:
    "lon,lat" points separated by spaces or line breaks, as KML writes coordinates (a third
    number, KML's altitude, is left out), one YAML value for the whole ring rather than three
    for each point. With what is wrong with the text: each bad point's number and what is
    wrong with it (0 for the whole text); no points then."""
    if not isinstance(value, str):
        return as_points(value), []
    found, wrong = [], []
    for number, point in enumerate(value.split(), 1):
        parts = point.split(",")
        try:
            if len(parts) not in (2, 3):
                raise ValueError
            x, y, *_ = (float(part) for part in parts)
        except ValueError:
            hint = " (a space after its comma?)" if point.endswith(",") else ""
            wrong.append((number, f"point {number} {point!r} is not longitude,latitude{hint}"))
            continue
        if not (math.isfinite(x) and math.isfinite(y)):
            odd = parts[0] if not math.isfinite(x) else parts[1]
            wrong.append((number, f"point {number} {point!r} is not longitude,latitude: {odd} is not a number"))
        elif not (-180 <= x <= 180 and -90 <= y <= 90):
            wrong.append((number, f"point {number} {point!r} lies outside longitudes -180 to 180 and latitudes "
                                  f"-90 to 90"))
        else:
            found.append((x, y))
    if not wrong and len(found) < least:
        wrong.append((0, f"needs at least {least} points, has {len(found)}"))
    return (() if wrong else tuple(found)), wrong


@dataclass(frozen=True)
class Area:
    """An area of the map, as the geometry needs it."""

    id: str
    name: Text
    city: Text
    lat: float
    lon: float
    origin: Origin
    anchor: tuple[float, float] | None = None  # (lon, lat)
    shape: tuple[tuple[float, float], ...] | None = None
    neighbours_add: tuple[str, ...] = ()
    neighbours_remove: tuple[str, ...] = ()


def areas_of(component: "ComponentSet") -> list[Area]:
    found = []
    for item in component.items:
        f = item.fields
        seat = f["seat"]
        changes = f.get("neighbours") or {}
        found.append(Area(
            id=item.id, name=f["name"], city=seat["city"], lat=float(seat["lat"]), lon=float(seat["lon"]),
            origin=item.origin,
            anchor=(float(f["anchor"]["lon"]), float(f["anchor"]["lat"])) if f.get("anchor") else None,
            shape=points_of(f["shape"], 3)[0] or None if f.get("shape") else None,  # (a bad one: map-points)
            neighbours_add=tuple(changes.get("add") or ()), neighbours_remove=tuple(changes.get("remove") or ())))
    return found


def area_maps(game: "Game") -> list["ComponentSet"]:
    return [s for s in game.sets.values() if s.declaration.get("map") == "areas"]  # (only a board takes a map)


def colours_of(game: "Game", component: "ComponentSet") -> dict[str, "Item"]:
    """The group each area takes its colours from (colours: {from: SET, by: FIELD}), by area."""
    link = component.declaration.get("colours")
    if not link or link["from"] not in game.sets:
        return {}
    found = {}
    for group in game.sets[link["from"]].groups:
        area = group.fields.get(link["by"])
        if isinstance(area, str):
            found.setdefault(area, group)
    return found
