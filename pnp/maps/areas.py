"""Area maps: a board that is a geographic map shared into areas, each around its seat.

The land (rings of longitude and latitude) is projected to a flat map (pyproj); by default an
area is the land nearer its seat (or anchor) than any other's, a Voronoi partition clipped
to the coast (shapely). Neighbours are the areas that share a border, changed by each
area's `neighbours: {add, remove}`. This module gives the map kind its item fields and
settings, computes the geography, draws the map through box kinds (map, compass, scale,
legend) and checks it. Geometry is pure: no files, no backend.
"""

from __future__ import annotations

import functools
import itertools
import math
import re
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Mapping, Sequence

from ..checks import Found, rule
from ..compose.boxes import Context
from ..layout import box_kind
from ..colours import mix
from ..fields import Field
from ..model import Origin, Text, View
from ..problems import Location, Severity, plural
from ..scene import Circle, Group, Node, Path, Rect, Style, Text as TextNode
from ..textfit import fit_size
from ..units import mm, to_mm

if TYPE_CHECKING:
    from ..fonts import FontMetrics
    from ..layout import Box, Layout
    from ..model import ComponentSet, Game, Item

MARKER_MARGIN_MM = 1.5  # room to spare on each side of a marker
LEAST_LABEL_SIZE = 5.5  # a legend's or scale's text shrinks to fit its box, down to this size


# --- the map kind's data ----------------------------------------------------------------------

def _point(at: Location) -> Field:
    return Field("point", "record", at, fields={
        "lat": Field("lat", "number", at, minimum=-90, maximum=90),
        "lon": Field("lon", "number", at, minimum=-180, maximum=180)})


def area_fields(at: Location) -> dict[str, Field]:
    """Every area's fields: its name, its seat, and what shapes its land."""
    seat = Field("seat", "record", at, doc="The area's seat of government.", fields={
        "city": Field("city", "text", at),
        "lat": Field("lat", "number", at, minimum=-90, maximum=90),
        "lon": Field("lon", "number", at, minimum=-180, maximum=180)})
    anchor = _point(at)
    return {
        "name": Field("name", "text", at),
        "seat": seat,
        "anchor": Field("anchor", "record", at, optional=True, fields=anchor.fields,
                        doc="Where the area's share of the land is measured from (default: its seat)."),
        "shape": Field("shape", "list", at, optional=True, raw={"$ref": "land.schema.json#/$defs/ring"},
                       doc="An explicit outline instead of the computed share: its points, written as a ring "
                           "of the land is."),
        "neighbours": Field("neighbours", "record", at, optional=True, doc=(
            "Changes to the neighbours found from shared borders: areas to add (a sea crossing) or remove."),
            fields={"add": Field("add", "list", at, optional=True, unique=True, of=Field("add", "id", at)),
                    "remove": Field("remove", "list", at, optional=True, unique=True,
                                    of=Field("remove", "id", at))}),
    }


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

    @property
    def lines(self) -> tuple[MapLine, ...]:
        """The rivers, then the ranges."""
        return self.rivers + self.ranges

    def view(self, language: str, default: str) -> View:
        return View(labels=View({k: t.get(language, default) for k, t in self.labels.items()}),
                    projection=self.projection)


def _ring(points) -> tuple[tuple[float, float], ...]:
    return tuple((float(lon), float(lat)) for lon, lat in points)


POINTS_SHOWN = 10  # a value's bad points reported one by one; more are counted


def points_of(value: Any, least: int) -> tuple[tuple[tuple[float, float], ...], list[tuple[int, str]]]:
    """A ring's or a line's points, as [[lon, lat], ...] (checked by its schema) or as text:
    "lon,lat" points separated by spaces or line breaks, as KML writes coordinates (a third
    number, KML's altitude, is left out), one YAML value for the whole ring rather than three
    for each point. With what is wrong with the text: each bad point's number and what is
    wrong with it (0 for the whole text); no points then."""
    if not isinstance(value, str):
        return _ring(value), []
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


def point_places(root: Any, file: str, start: Location, value: str, numbers: list[int]) -> dict[int, Location]:
    """Where each numbered point of a text of points lies in its file, the text starting at
    `start` (a plain or quoted scalar, or a block scalar after its > or | line): found by
    counting the words from there, and kept only where the word is the point itself (else
    the point is located at the text's start)."""
    import pathlib
    import re

    try:
        text = (pathlib.Path(root) / file).read_text("utf-8-sig")
    except (OSError, ValueError):
        return {}
    lines = text.splitlines(keepends=True)
    offset = sum(len(line) for line in lines[: start.line - 1]) + (start.column or 1) - 1
    if text[offset: offset + 1] in (">", "|"):
        offset = text.find("\n", offset) + 1 or len(text)
    elif text[offset: offset + 1] in ("'", '"'):
        offset += 1
    points = value.split()
    last = max(numbers, default=0)
    places: dict[int, Location] = {}
    for number, word in enumerate(re.finditer(r"\S+", text[offset:]), 1):
        if number > last or number > len(points):
            break
        if number in numbers and word.group().rstrip("'\"") == points[number - 1]:
            at = offset + word.start()
            places[number] = Location(file, text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1)
    return places


def bad_points(root: Any, doc: Any, path: tuple, value: Any,
               wrong: list[tuple[int, str]]) -> list[tuple[Location, str]]:
    """The problems points_of found (`wrong`) in the points at `path` in `doc`, each located at
    its point: the first POINTS_SHOWN of them, and how many more."""
    from ..schema import describe_path

    if not wrong:
        return []
    what = describe_path(doc, path)
    start = doc.locate(path)
    shown = wrong[:POINTS_SHOWN + 1]  # (where the first of those not shown is: where the count is)
    places = point_places(root, doc.file, start, value, [n for n, _ in shown if n]) if isinstance(value, str) else {}
    found = [(places.get(number, start), f"{what}: {message}") for number, message in shown[:POINTS_SHOWN]]
    if len(wrong) > POINTS_SHOWN:
        number = wrong[POINTS_SHOWN][0]
        found.append((places.get(number, start), f"{what}: {len(wrong) - POINTS_SHOWN} more points like these, from "
                                                 f"point {number} on"))
    return found


def _points(loader: Any, doc: Any, path: tuple, least: int) -> tuple[tuple[float, float], ...] | None:
    """The points at `path` in `doc` (see points_of), or None with their problems recorded."""
    from ..problems import problem

    value = doc.data
    for key in path:
        value = value[key]
    points, wrong = points_of(value, least)
    if not wrong:
        return points
    loader.problems += [problem("map-points", where, message)
                        for where, message in bad_points(loader.root, doc, path, value, wrong)]
    loader.complete = False
    return None


def _map_lines(loader: Any, document: Any, kind: str, key: str) -> tuple[MapLine, ...] | None:
    """The named lines of a rivers or ranges file (None when one cannot be read: each line
    that cannot is reported)."""
    found = []
    for i, item in enumerate(document.data[key]):
        border = item.get("border", False)
        if not isinstance(border, bool):
            border = tuple((_ring([s["from"]])[0], _ring([s["to"]])[0]) for s in border)
        lines = [_points(loader, document, (key, i, "lines", j), 2) for j in range(len(item["lines"]))]
        drawn = item.get("draw", "ridge") != "none"
        found.append(None if None in lines else  # type: ignore[arg-type]
                     MapLine(item["name"], kind, tuple(lines), border, drawn, Origin(document.file, (key, i))))
    return None if None in found else tuple(found)  # type: ignore[arg-type]


def load_settings(loader: Any, file: str, where: Location) -> MapSettings | None:
    doc = loader.read(file, where, "board")
    if doc is None:
        return None
    land = loader.read(doc.data["land"], doc.locate(("land",)), "land", relative_to=doc.file)
    if land is None:
        return None
    data = doc.data
    lines: dict[str, Any] = {}
    for key in ("rivers", "ranges"):
        if key in data:
            lines[key] = loader.read(data[key], doc.locate((key,)), key, relative_to=doc.file)
            if lines[key] is None:
                return None
    playing = [_points(loader, land, ("playing", i), 3) for i in range(len(land.data["playing"]))]
    context = [(item["name"], _points(loader, land, ("context", i, "ring"), 3))
               for i, item in enumerate(land.data.get("context", []))]
    drawn = {key: _map_lines(loader, lines[key], key[:-1], key) for key in lines}
    if None in playing or any(ring is None for _, ring in context) or None in drawn.values():
        return None
    return MapSettings(
        projection=data["projection"],
        bounds=dict(data["bounds"]) if "bounds" in data else None,
        fit=data.get("fit", "bounds"),
        playing=tuple(playing),  # type: ignore[arg-type]
        context=tuple(context),  # type: ignore[arg-type]
        labels={key: Text.from_data(value) for key, value in data.get("labels", {}).items()},
        origin=Origin(doc.file),
        files=(doc.file, land.file) + tuple(d.file for d in lines.values()),
        rivers=drawn.get("rivers") or (),
        ranges=drawn.get("ranges") or (),
    )


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
    return [s for s in game.sets.values() if s.type == "board" and s.declaration.get("map") == "areas"]


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


Ring = Sequence[Sequence[float]]
BORDER_MIN_METRES = 10_000  # areas meeting along less than this only touch at a corner
BORDER_REACH_METRES = 10_000  # a border line stopping this short of the coast or another is carried on to it
GRID_METRES = 1.0  # the precision the border lines cut the land to
BORDER_NEAR_METRES = 20_000  # a border stretch's from and to lie this near its line
BORDER_SCRAP_M2 = 10e6  # land the border lines cut smaller than this (10 km²) goes to the area round it
BORDER_TOUCH_METRES = 1_000  # land cut off by a border line goes to an area it meets along this much


@dataclass(frozen=True)
class Cell:
    """One area's land, and the point farthest inside it (its label and marker spot)."""

    area: str
    polygon: object  # shapely Polygon or MultiPolygon, in projected metres
    centre: tuple[float, float]
    room: float  # radius of the largest circle inside the area, metres


class Geography:
    """The projected map of a game's board and areas."""

    def __init__(self, board: "MapSettings", areas: Sequence["Area"]):
        reason = projection_problem(board.projection)  # nothing unchecked reaches pyproj
        if reason is not None:
            raise ValueError(f"projection {board.projection!r} cannot be used: {reason}")
        from pyproj import Transformer

        self.board = board
        self.areas = tuple(areas)
        self._to_map = Transformer.from_crs("EPSG:4326", board.projection, always_xy=True)
        self.labels: dict[tuple, "Labels"] = {}  # where the map prints each area's texts, by map and texts

    def project(self, lon: float, lat: float) -> tuple[float, float]:
        x, y = self._to_map.transform(lon, lat)
        return float(x), float(y)

    def polygon(self, ring: Ring):
        from shapely.geometry import Polygon

        return Polygon([self.project(lon, lat) for lon, lat in ring])

    @cached_property
    def window(self):
        """The bounds as a projected outline (a longitude/latitude box is curved on a conic
        map), or None for the whole world."""
        b = self.board.bounds
        if b is None:
            return None
        from shapely.geometry import Polygon, box

        edge = box(b["west"], b["south"], b["east"], b["north"]).exterior
        return Polygon([self.project(p.x, p.y) for p in (edge.interpolate(i / 400, normalized=True)
                                                          for i in range(400))])

    @cached_property
    def land(self):
        """The playing region within the bounds, one shapely geometry."""
        return self._playing if self.window is None else self._playing.intersection(self.window)

    @cached_property
    def _playing(self):
        from shapely.ops import unary_union

        return unary_union([self.polygon(ring).buffer(0) for ring in self.board.playing])

    @cached_property
    def beyond(self):
        """The playing region's land outside the bounds: drawn as neighbouring land, never as sea."""
        from shapely.geometry import GeometryCollection

        return self._playing.difference(self.window) if self.window is not None else GeometryCollection()

    @cached_property
    def context(self) -> list[tuple[str, object]]:
        return [(name, self.polygon(ring).buffer(0)) for name, ring in self.board.context]

    @cached_property
    def bounds(self) -> tuple[float, float, float, float]:
        """The map's extent in metres: the board's bounds if given (and not fitted to the land),
        else the land's."""
        if self.window is None or self.board.fit == "land":
            return tuple(self.land.bounds)
        return tuple(self.window.bounds)

    def seat(self, area: "Area") -> tuple[float, float]:
        return self.project(area.lon, area.lat)

    def anchor(self, area: "Area") -> tuple[float, float]:
        point = area.anchor or (area.lon, area.lat)
        return self.project(*point)

    @cached_property
    def cells(self) -> dict[str, Cell]:
        """Each area's share of the land: its explicit shape, or the land nearer its anchor
        than any other (a Voronoi partition clipped to the land), changed by the rivers and
        ranges that part areas (see _parted)."""
        import shapely
        from shapely.geometry import MultiPoint, Point

        explicit = {a.id: self.polygon(a.shape).buffer(0).intersection(self.land) for a in self.areas if a.shape}
        free_land = self.land
        for shape in explicit.values():
            free_land = free_land.difference(shape)
        computed = [a for a in self.areas if not a.shape]
        shares: dict[str, object] = dict(explicit)
        if computed:
            anchors = [self.anchor(a) for a in computed]
            x0, y0, x1, y1 = self.land.bounds
            pad = max(x1 - x0, y1 - y0)
            envelope = shapely.box(x0 - pad, y0 - pad, x1 + pad, y1 + pad)
            regions = shapely.voronoi_polygons(MultiPoint(anchors), extend_to=envelope)
            voronoi = {}
            for area, anchor in zip(computed, anchors):
                region = next(r for r in regions.geoms if r.covers(Point(anchor)))
                voronoi[area.id] = region.intersection(free_land)
            shares.update(self._parted(voronoi, dict(zip((a.id for a in computed), anchors))))
        cells = {}
        for area in self.areas:
            share = shares[area.id]
            if share.is_empty:
                cells[area.id] = Cell(area.id, share, self.anchor(area), 0.0)
                continue
            largest = max(getattr(share, "geoms", [share]), key=lambda g: g.area)
            # the centre of the largest circle inside the area (its pole of inaccessibility)
            radius = shapely.maximum_inscribed_circle(largest, tolerance=1_000)
            centre = radius.coords[0]
            cells[area.id] = Cell(area.id, share, (centre[0], centre[1]), radius.length)
        return cells

    @cached_property
    def border_lines(self) -> list[tuple["MapLine", object, tuple[tuple[float, float], ...]]]:
        """The rivers' and ranges' stretches that part areas, projected (shapely LineStrings),
        each end that stops short of the coast or of another such line (within
        BORDER_REACH_METRES) carried on to it, so that the line parts the land it crosses;
        with the ends left free, inland."""
        from shapely.geometry import LineString, Point
        from shapely.ops import substring

        found = []
        for line in self.board.lines:
            if not line.border:
                continue
            projected = [LineString([self.project(lon, lat) for lon, lat in points]) for points in line.lines]
            if line.border is True:
                found += [(line, part) for part in projected]
                continue
            for start, end in line.border:
                a, b = Point(self.project(*start)), Point(self.project(*end))
                along = min(projected, key=lambda part: (part.distance(a), part.distance(b)))
                first, last = sorted((along.project(a), along.project(b)))
                if last > first:
                    found.append((line, substring(along, first, last)))
        if not found:
            return []
        reached = []
        for i, (line, part) in enumerate(found):
            others = [self.land.boundary] + [p for j, (_, p) in enumerate(found) if j != i]
            points = list(part.coords)
            first, last = self._reach(points[0], others), self._reach(points[-1], others)
            free = tuple(end for end, on in ((points[0], first), (points[-1], last)) if on is None
                         and self.land.contains(Point(end)))
            ends = [first if first not in (None, points[0]) else None, last if last not in (None, points[-1]) else None]
            reached.append((line, LineString(([ends[0]] if ends[0] else []) + points + ([ends[1]] if ends[1] else [])),
                            free))
        return reached

    def _reach(self, end: tuple[float, float], others: list) -> tuple[float, float] | None:
        """Where a border line's end inside the land is carried to: a point 100 m past the
        nearest point of the coast or of another border line, when that lies within
        BORDER_REACH_METRES (the end itself when it lies on one); None when none does."""
        from shapely.geometry import Point
        from shapely.ops import nearest_points

        at = Point(end)
        if not self.land.contains(at):
            return None
        target = min((nearest_points(other, at)[0] for other in others), key=at.distance)
        gap = at.distance(target)
        if gap > BORDER_REACH_METRES:
            return None
        if gap == 0:
            return end
        return target.x + (target.x - at.x) / gap * 100, target.y + (target.y - at.y) / gap * 100

    @cached_property
    def river_borders(self) -> list:
        """The stretches of drawn rivers along which two areas meet (LineStrings, projected)."""
        import shapely

        rivers = [part for line, part, _ in self.border_lines if line.kind == "river" and line.drawn]
        if not rivers:
            return []
        edges = shapely.union_all([cell.polygon.boundary for cell in self.cells.values() if not cell.polygon.is_empty])
        along = shapely.line_merge(shapely.intersection(edges, shapely.union_all(rivers).buffer(5 * GRID_METRES)))
        return [line for line in getattr(along, "geoms", [along]) if line.geom_type == "LineString"]

    def _parted(self, voronoi: dict[str, object], anchors: dict[str, tuple[float, float]]) -> dict[str, object]:
        """The Voronoi shares changed by the border lines (the land nearest an anchor it can
        see, roughly): each share is cut along the lines it holds, and along the rays from a
        line's free end straight away from its anchor (the land hidden behind the line); the
        pieces cut off from the anchor's piece go, round by round, to the areas whose land they
        meet across the shares' straight edges, those that see them first (no line between
        their anchor and the piece), shared by nearest anchor when several do. A piece that
        meets none stays where it was; a scrap a river's loop closes goes to the area round it.
        Deterministic: pieces in the order of the areas and of their cutting, metre precision."""
        import shapely
        from shapely.geometry import LineString, Point

        lines = [part for _, part, _ in self.border_lines]
        if not lines:
            return voronoi
        # on a grid of a metre, so that lines meeting and shares sharing an edge are noded alike
        voronoi = {area_id: shapely.set_precision(share, GRID_METRES) for area_id, share in voronoi.items()}
        cutting = shapely.union_all(lines, grid_size=GRID_METRES)
        shapely.prepare(cutting)
        free = [end for _, _, ends in self.border_lines for end in ends]
        x0, y0, x1, y1 = self.land.bounds
        far = 2 * math.hypot(x1 - x0, y1 - y0)
        owner: dict[int, str | None] = {}
        pieces: list = []
        home: dict[int, str] = {}
        for area_id, share in voronoi.items():
            anchor = Point(anchors[area_id])
            parts = [g for g in getattr(share, "geoms", [share]) if not g.is_empty]
            if not parts:
                continue
            main = min(parts, key=lambda g: (g.distance(anchor), -g.area))
            # a line ending inside the share hides from its anchor the land behind it: the
            # share is cut along the line and on, from its end, straight away from the anchor
            rays = []
            for x, y in free:
                gap = math.hypot(x - anchor.x, y - anchor.y)
                if gap > 0 and main.contains(Point(x, y)):
                    rays.append(LineString([(x, y), (x + (x - anchor.x) / gap * far, y + (y - anchor.y) / gap * far)]))
            own = shapely.union_all([cutting] + rays, grid_size=GRID_METRES) if rays else cutting
            for part in parts:
                split = _split(part, own) if part is main else [part]
                kept = min(split, key=lambda g: (g.distance(anchor), -g.area)) if part is main else None
                for piece in split:
                    index = len(pieces)
                    pieces.append(piece)
                    home[index] = area_id
                    owner[index] = area_id if piece is kept or part is not main else None
        while True:
            loose = [i for i in range(len(pieces)) if owner[i] is None]
            if not loose:
                break
            tree = shapely.STRtree(pieces)
            given: dict[int, list[tuple[object, str]]] = {}
            for i in loose:
                # (the pieces of one share meet only along the lines that cut it)
                near = sorted({owner[j] for j in tree.query(pieces[i]) if owner[j] is not None
                               and home[j] != home[i] and _touching(pieces[i], pieces[j])})
                if not near:
                    continue
                # of those, the ones that see the piece (no line between their anchor and it), if any
                inner = pieces[i].representative_point()
                seeing = [a for a in near if not cutting.intersects(LineString([anchors[a], (inner.x, inner.y)]))]
                near = seeing or near
                if len(near) == 1:
                    given[i] = [(pieces[i], near[0])]
                    continue
                # shared between them as the land nearest each one's anchor
                sites = shapely.MultiPoint([anchors[a] for a in near])
                regions = shapely.voronoi_polygons(sites, extend_to=pieces[i].envelope.buffer(1))
                shared = []
                for region in regions.geoms:
                    area_id = next(a for a in near if region.covers(Point(anchors[a])))
                    share = shapely.intersection(region, pieces[i], grid_size=GRID_METRES)
                    shared += [(g, area_id) for g in getattr(share, "geoms", [share])
                               if g.geom_type == "Polygon" and not g.is_empty]
                if shared:
                    given[i] = shared
            if not given:
                break
            for i in sorted(given, reverse=True):
                (first, area_id), *rest = given[i]
                pieces[i], owner[i] = first, area_id
                for piece, other in rest:
                    pieces.append(piece)
                    home[len(pieces) - 1] = home[i]
                    owner[len(pieces) - 1] = other
        owners = [owner[i] or home[i] for i in range(len(pieces))]
        # a scrap of land a river's loop closes goes to the area round it
        tree = shapely.STRtree(pieces)
        for i, piece in enumerate(pieces):
            if piece.area < BORDER_SCRAP_M2:
                around = {}
                for j in tree.query(piece):
                    if j != i and pieces[j].area >= BORDER_SCRAP_M2:
                        length = piece.buffer(1).intersection(pieces[j].buffer(1)).length
                        around[owners[j]] = around.get(owners[j], 0.0) + length
                if around:
                    owners[i] = max(sorted(around), key=lambda a: around[a])
        result: dict[str, list] = {area_id: [] for area_id in voronoi}
        for piece, area_id in zip(pieces, owners):
            result[area_id].append(piece)
        return {area_id: voronoi[area_id] if not found else found[0] if len(found) == 1 else
                _closed(shapely.union_all(found, grid_size=GRID_METRES)) for area_id, found in result.items()}

    @cached_property
    def borders(self) -> dict[frozenset[str], float]:
        """Length in metres of the border each pair of areas shares."""
        found = {}
        ids = [a.id for a in self.areas]
        for i, first in enumerate(ids):
            for second in ids[i + 1:]:
                a, b = self.cells[first].polygon, self.cells[second].polygon
                if a.is_empty or b.is_empty or not a.buffer(1).intersects(b):
                    continue
                length = a.buffer(1).intersection(b.buffer(1)).length / 2
                if length >= BORDER_MIN_METRES:
                    found[frozenset((first, second))] = length
        return found

    def neighbours(self) -> dict[str, tuple[str, ...]]:
        """Which areas may attack which: shared borders, plus and minus each area's changes."""
        return self._neighbours

    @cached_property
    def _neighbours(self) -> dict[str, tuple[str, ...]]:
        result: dict[str, set[str]] = {a.id: set() for a in self.areas}
        for pair in self.borders:
            first, second = sorted(pair)
            result[first].add(second)
            result[second].add(first)
        known = set(result)
        for area in self.areas:
            for other in area.neighbours_add:
                if other in known and other != area.id:
                    result[area.id].add(other)
            for other in area.neighbours_remove:
                result[area.id].discard(other)
        return {area: tuple(sorted(others)) for area, others in result.items()}


def _split(polygon, lines) -> list:
    """A polygon's pieces between the lines that cross it (a line ending inside it cuts
    nothing), largest first."""
    import shapely

    inside = shapely.intersection(lines, polygon.buffer(1), grid_size=GRID_METRES)
    if inside.is_empty:
        return [polygon]
    faces = shapely.polygonize([shapely.union_all([polygon.boundary, inside], grid_size=GRID_METRES)])
    shapely.prepare(polygon)
    pieces = [f for f in faces.geoms if polygon.contains(f.representative_point())]
    return sorted(pieces, key=lambda g: -g.area) or [polygon]


def _closed(geometry):
    """A share made of pieces without the slivers a metre wide that may stay between them."""
    import shapely

    closed = shapely.buffer(shapely.buffer(geometry, GRID_METRES, join_style="mitre"), -GRID_METRES,
                            join_style="mitre")
    return shapely.set_precision(closed, GRID_METRES)


def _touching(first, second) -> bool:
    """Whether two pieces of land meet along an edge (not only at a corner)."""
    return first.buffer(1).intersection(second.buffer(1)).length / 2 >= BORDER_TOUCH_METRES


def connected(neighbours: Mapping[str, Sequence[str]]) -> list[set[str]]:
    """The groups of areas that can reach each other, largest first."""
    groups, seen = [], set()
    for start in neighbours:
        if start in seen:
            continue
        group, todo = set(), [start]
        while todo:
            area = todo.pop()
            if area in group:
                continue
            group.add(area)
            todo.extend(n for n in neighbours.get(area, ()) if n not in group)
        seen |= group
        groups.append(group)
    return sorted(groups, key=lambda g: (-len(g), sorted(g)))


_last: list = []


def geography_of(component: "ComponentSet") -> Geography | None:
    """A board's Geography, built once and shared by the checks and the build; None when the
    board cannot be computed (its problems are reported by the map's checks)."""
    if _last and _last[0] is component:
        return _last[1]
    geography = None
    areas = areas_of(component)
    ids = [area.id for area in areas]
    settings = component.settings
    if settings is not None and areas and len(set(ids)) == len(ids) and projection_problem(settings.projection) is None:
        try:
            geography = Geography(settings, areas)
        except Exception:  # pyproj's CRSError and kin: a projection it cannot use
            geography = None
    _last[:] = [component, geography]
    return geography


# A projection is what PROJ is given, and PROJ opens whatever file, grid or URL a string names
# (+nadgrids=/dev/stdin waits on the terminal; +init=, +geoidgrids=, a pipeline's steps, a WKT
# or PROJJSON method citing a grid file likewise), and a datum other than WGS 84 has it look for
# grid files of its own. So a game's projection is only a PROJ string of the parameters that
# describe a map projection, or an EPSG code of a projection on WGS 84, checked here before
# pyproj sees it; and PROJ never goes to the network.
# each parameter a projection may take, in the order a refusal lists them, with what it takes:
# a number, a name of PROJ's own tables (pm: or a number), nothing (a flag), or its one value
PROJECTION_PARAMETERS = {
    "proj": "name", "lat_0": "number", "lon_0": "number", "lat_1": "number", "lat_2": "number", "lat_ts": "number",
    "lonc": "number", "alpha": "number", "gamma": "number", "k": "number", "k_0": "number", "x_0": "number",
    "y_0": "number", "h": "number", "zone": "number", "south": "flag", "ellps": "name", "R": "number",
    "a": "number", "b": "number", "rf": "number", "f": "number", "datum": "=WGS84", "units": "name",
    "to_meter": "number", "pm": "name", "over": "flag", "no_defs": "flag", "type": "=crs",
}
PROJECTION_ALLOWED = " ".join(f"+{key}{kind}" if kind.startswith("=") else f"+{key}"
                              for key, kind in PROJECTION_PARAMETERS.items())
NOT_PROJECTIONS = frozenset({"pipeline", "push", "pop", "hgridshift", "vgridshift", "xyzgridshift", "gridshift",
                             "deformation", "defmodel", "tinshift", "vertoffset"})  # operations, some on grids
_NUMBER = re.compile(r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?")
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
_CODE = re.compile(r"EPSG:\d{1,6}", re.IGNORECASE)
_PARAMETER = re.compile(r"\+([A-Za-z_][A-Za-z0-9_]*)(?:=(.*))?", re.DOTALL)


def projection_refused(projection: str) -> str | None:
    """Why pnp will not give a projection string to pyproj (it could name a file, a grid or
    a URL, which PROJ would open), or None: the string alone decides, pyproj is not asked."""
    if not isinstance(projection, str):
        return "it is not a text"
    if _CODE.fullmatch(projection.strip()):
        return None
    tokens = projection.split()
    if not tokens or not tokens[0].startswith("+"):
        return ("pnp takes a PROJ string of the parameters of a map projection (+proj=NAME ...) or an EPSG code "
                "(EPSG:NNNN) of a projection on WGS 84, not WKT, PROJJSON, a URL or the name of a file")
    for token in tokens:
        match = _PARAMETER.fullmatch(token)
        key, value = (match.group(1), match.group(2)) if match else (token, None)
        kind = PROJECTION_PARAMETERS.get(key) if match else None
        if kind is None:
            return (f"{token.split('=')[0][:40]} is refused: a projection takes only {PROJECTION_ALLOWED} "
                    f"(no file, grid or URL), or is an EPSG code on WGS 84")
        if kind == "flag":
            wanted = None if value is None else "no value"
        elif kind.startswith("="):
            wanted = None if value == kind[1:] else f"only {kind[1:]}"
            if key == "datum" and wanted:
                wanted += " (other datums may need grid files: give the ellipsoid, +ellps=NAME)"
        elif kind == "name":
            ok = value is not None and (_NAME.fullmatch(value) or key == "pm" and _NUMBER.fullmatch(value))
            wanted = None if ok else "a name"
            if ok and key == "proj" and value in NOT_PROJECTIONS:
                return f"+proj={value} is refused: it is not a map projection"
        else:
            wanted = None if value is not None and _NUMBER.fullmatch(value) else "a number"
        if wanted is not None:
            return f"{token} is refused: +{key} takes {wanted}"
    return None


def _pyproj_offline() -> None:
    """PROJ, in this process and those it starts, never fetches grids from the network (said
    again before each use: nothing else may have turned it on)."""
    import os

    import pyproj.network

    os.environ["PROJ_NETWORK"] = "OFF"
    pyproj.network.set_network_enabled(False)


def projection_problem(projection: str) -> str | None:
    """Why a projection cannot be used (pnp refuses it, or pyproj cannot use it), or None."""
    refused = projection_refused(projection)
    if refused is not None:
        return refused
    _pyproj_offline()
    from pyproj import CRS
    from pyproj.exceptions import CRSError

    try:
        crs = CRS.from_user_input(projection.strip())
    except CRSError as exc:
        return str(exc).split("\n")[0]
    if not crs.is_projected:
        return "it is not a map projection (it gives degrees, not metres)"
    if _CODE.fullmatch(projection.strip()) and (crs.geodetic_crs is None or crs.geodetic_crs.to_epsg() != 4326):
        return ("it is not on WGS 84 (the datum shift may need grid files): give it as a PROJ string, "
                "+proj=NAME with its parameters and +ellps=NAME")
    return None


# --- drawing the map ---------------------------------------------------------------------------

@dataclass(frozen=True)
class MapFrame:
    """Projected metres -> page points: x right, y down, fitted into a box."""

    scale: float  # points per metre
    x0: float
    y1: float
    left: float
    top: float

    def point(self, x: float, y: float) -> tuple[float, float]:
        return self.left + (x - self.x0) * self.scale, self.top + (self.y1 - y) * self.scale


def map_frame(geography: Geography, box: "Box") -> MapFrame:
    x0, y0, x1, y1 = geography.bounds
    scale = min(box.width / (x1 - x0), box.height / (y1 - y0))
    left = box.x + (box.width - (x1 - x0) * scale) / 2
    top = box.y + ((box.height - (y1 - y0) * scale) / 2 if geography.board.fit == "land" else 0)
    return MapFrame(scale, x0, y1, left, top)


def _rings(geometry) -> Iterable:
    for polygon in getattr(geometry, "geoms", [geometry]):
        if polygon.is_empty or polygon.geom_type != "Polygon":
            continue
        yield polygon.exterior
        yield from polygon.interiors


def _path(geometry, frame: MapFrame) -> tuple:
    commands: list[tuple] = []
    for ring in _rings(geometry):
        points = [frame.point(x, y) for x, y in ring.coords]
        commands.append(("M", *points[0]))
        commands += [("L", *p) for p in points[1:]]
        commands.append(("Z",))
    return tuple(commands)


def _line(points: list[tuple[float, float]]) -> tuple:
    return (("M", *points[0]), *(("L", *p) for p in points[1:]))


def _graticule(geography: Geography, frame: MapFrame, colour: str) -> list[Node]:
    bounds = geography.board.bounds or {"west": 60, "south": 5, "east": 100, "north": 40}
    nodes: list[Node] = []
    style = Style(stroke=colour, stroke_width=0.4)
    west, east = math.floor(bounds["west"] / 5) * 5 - 5, math.ceil(bounds["east"] / 5) * 5 + 5
    south, north = math.floor(bounds["south"] / 5) * 5 - 5, math.ceil(bounds["north"] / 5) * 5 + 5
    for lon in range(west, east + 1, 5):
        points = [frame.point(*geography.project(lon, lat / 2)) for lat in range(south * 2, north * 2 + 1)]
        nodes.append(Path(_line(points), style))
    for lat in range(south, north + 1, 5):
        points = [frame.point(*geography.project(lon / 2, lat)) for lon in range(west * 2, east * 2 + 1)]
        nodes.append(Path(_line(points), style))
    return nodes


def _seat_marker(x: float, y: float, ink: str, paper: str) -> list[Node]:
    return [
        Circle(x, y, mm(1.5), Style(fill=paper, stroke=ink, stroke_width=0.7)),
        Circle(x, y, mm(0.6), Style(fill=ink)),
    ]


def _dashes(points: list[tuple[float, float]], dash: float) -> tuple:
    """A dashed polyline as separate segments (the scene has no dash style)."""
    commands: list[tuple] = []
    on, left = True, dash
    for a, b in zip(points, points[1:]):
        length = math.dist(a, b)
        t = 0.0
        while length > 0 and t < 1.0:
            step = min(left / length, 1.0 - t)
            end = (a[0] + (b[0] - a[0]) * (t + step), a[1] + (b[1] - a[1]) * (t + step))
            if on:
                commands += [("M", a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t), ("L", *end)]
            left -= step * length
            t += step
            if left <= 1e-9:
                on, left = not on, dash
    return tuple(commands)


def _ridge(points: list[tuple[float, float]], step: float = mm(1.6), tick: float = mm(0.9)) -> tuple:
    """A mountain range's crest: the line, and a short tick across it every `step`, to one
    side and the other in turn."""
    commands = list(_line(points))
    side, left = 1, step / 2
    for a, b in zip(points, points[1:]):
        length = math.dist(a, b)
        at = left
        while at <= length:
            x, y = a[0] + (b[0] - a[0]) * at / length, a[1] + (b[1] - a[1]) * at / length
            nx, ny = -(b[1] - a[1]) / length * tick * side, (b[0] - a[0]) / length * tick * side
            commands += [("M", x, y), ("L", x + nx, y + ny)]
            side, at = -side, at + step
        left = at - length
    return tuple(commands)


def _sea_route(a: tuple[float, float], b: tuple[float, float], over_land) -> list[tuple[float, float]]:
    """A curve from a to b bowed out to the side where it crosses less land (page points)."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    nx, ny = -(b[1] - a[1]), b[0] - a[0]  # perpendicular, as long as a-b
    best, best_land = [], float("inf")
    for bow in (0.45, -0.45):
        control = (mx + nx * bow, my + ny * bow)
        curve = [((1 - t) ** 2 * a[0] + 2 * (1 - t) * t * control[0] + t ** 2 * b[0],
                  (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * control[1] + t ** 2 * b[1])
                 for t in (i / 60 for i in range(61))]
        land = sum(over_land(p) for p in curve[10:-10])
        if land < best_land:
            best, best_land = curve, land
    return best


def _on_land(geography: Geography, frame: MapFrame, point: tuple[float, float]) -> bool:
    from shapely.geometry import Point

    x = frame.x0 + (point[0] - frame.left) / frame.scale
    y = frame.y1 - (point[1] - frame.top) / frame.scale
    return geography.land.contains(Point(x, y))


def _overlaps(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _region(frame: MapFrame, box: tuple[float, float, float, float]):
    """A page box (x0, y0, x1, y1) on the map, in projected metres."""
    from shapely.geometry import box as shapely_box

    x0 = frame.x0 + (box[0] - frame.left) / frame.scale
    x1 = frame.x0 + (box[2] - frame.left) / frame.scale
    y0 = frame.y1 - (box[3] - frame.top) / frame.scale
    y1 = frame.y1 - (box[1] - frame.top) / frame.scale
    return shapely_box(x0, y0, x1, y1)


def _inside(cell, frame: MapFrame, box: tuple[float, float, float, float]) -> float:
    """How much of a page box (x0, y0, x1, y1) lies inside an area, from 0 to 1."""
    region = _region(frame, box)
    return cell.polygon.intersection(region).area / region.area if region.area else 0.0


def _reach_out(cell, frame: MapFrame, box: tuple[float, float, float, float]) -> float:
    """How far a page box reaches out of an area at most (points)."""
    from shapely.geometry import Point

    outside = _region(frame, box).difference(cell.polygon)
    corners = [c for part in getattr(outside, "geoms", [outside]) if part.geom_type == "Polygon"
               for c in part.exterior.coords]
    return max((cell.polygon.distance(Point(c)) for c in corners), default=0.0) * frame.scale


def _place(cell, frame: MapFrame, width: float, height: float, near: tuple[float, float],
           avoid: Sequence[tuple[float, float, float, float]], round_: bool = False) -> tuple[float, float] | None:
    """The centre of a width x height box (a circle when round_) nearest `near` that lies
    inside the area and clear of every box in `avoid`; None when there is none."""
    return next(_places(cell, frame, width, height, near, avoid, round_), None)


@functools.cache
def _ring_steps(ring: int) -> tuple[tuple[int, int], ...]:
    """The grid steps `ring` away from the centre (a square ring), nearest first."""
    if ring == 0:
        return ((0, 0),)
    steps = {(dx, dy) for dx in range(-ring, ring + 1) for dy in (-ring, ring)} | \
        {(dx, dy) for dy in range(-ring, ring + 1) for dx in (-ring, ring)}
    return tuple(sorted(steps, key=lambda d: (d[0] * d[0] + d[1] * d[1], d[1], d[0])))


def _places(cell, frame: MapFrame, width: float, height: float, near: tuple[float, float],
            avoid: Sequence[tuple[float, float, float, float]], round_: bool = False,
            rings: int = 30) -> Iterator[tuple[float, float]]:
    """Every such centre within `rings` steps of 1.5 mm, nearest first (a ring's candidates
    tested at once against the area, prepared once for the many questions)."""
    import shapely

    shapely.prepare(cell.polygon)
    step = mm(1.5)
    w, h = width / 2 / frame.scale, height / 2 / frame.scale
    for ring in range(rings):
        spots = [(near[0] + dx * step, near[1] + dy * step) for dx, dy in _ring_steps(ring)]
        spots = [(x, y) for x, y in spots if not any(
            _overlaps((x - width / 2, y - height / 2, x + width / 2, y + height / 2), other) for other in avoid)]
        if not spots:
            continue
        mx = [frame.x0 + (x - frame.left) / frame.scale for x, _ in spots]
        my = [frame.y1 - (y - frame.top) / frame.scale for _, y in spots]
        shapes = shapely.buffer(shapely.points(mx, my), w, quad_segs=16) if round_ else \
            shapely.box([x - w for x in mx], [y - h for y in my], [x + w for x in mx], [y + h for y in my])
        for spot, inside in zip(spots, shapely.contains(cell.polygon, shapes)):
            if inside:
                yield spot


@dataclass(frozen=True)
class LabelStyle:
    """What a map prints its areas' texts with (from its box's map: names and seats) and the
    room each marker's spot takes (points)."""

    area_font: "FontMetrics"
    seat_font: "FontMetrics"
    size: float  # the names' size ...
    least: float  # ... and the smallest a name too long for its area takes
    city_size: float
    spot: float  # a marker's spot across, 0 without markers

    @property
    def key(self) -> tuple:
        return self.area_font.name, self.seat_font.name, self.size, self.least, self.city_size, self.spot


def label_style(box: "Box", fonts: Mapping[str, "FontMetrics"], markers: "ComponentSet | None") -> LabelStyle:
    spec = box.get("map") or {}
    names, seats = spec.get("names") or {}, spec.get("seats") or {}
    spot = max(markers.width, markers.height) + mm(2 * MARKER_MARGIN_MM) if markers is not None else 0.0
    return LabelStyle(fonts[names.get("font") or "heading"], fonts[seats.get("font") or "body"],
                      names.get("size") or 13, names.get("min_size") or 6, seats.get("size") or 7.5, spot)


@dataclass(frozen=True)
class Labels:
    """Where a map prints an area's texts (page points): its seat, its city's name (its box,
    x, baseline and anchor, and how much of the box lies inside the area), the spot for its
    marker and its name (size, centre and cap height). `fits` is False when the name found no
    room inside the area clear of the city and the spot, even at the least size: it is printed
    over the spot, in the middle. An area with no land has no spot and no name (size None)."""

    seat: tuple[float, float]
    city: str
    city_box: tuple[float, float, float, float]
    city_x: float
    city_baseline: float
    city_anchor: str
    city_inside: float
    name: str
    name_size: float | None = None
    name_at: tuple[float, float] = (0.0, 0.0)
    name_height: float = 0.0
    name_width: float = 0.0
    spot: tuple[float, float] | None = None
    fits: bool = True


def area_labels(geography: Geography, frame: MapFrame, area: "Area", name: str, city: str,
                style: LabelStyle) -> Labels:
    """Where the map prints an area's city and name and its marker's spot, worked out once
    for the same texts (the map's drawing and the map-label check ask alike)."""
    key = (frame, area.id, name, city, style.key)
    if key not in geography.labels:
        geography.labels[key] = _area_labels(geography, frame, area, name, city, style)
    return geography.labels[key]


def _area_labels(geography: Geography, frame: MapFrame, area: "Area", name: str, city: str,
                 style: LabelStyle) -> Labels:
    cell = geography.cells[area.id]
    seat_font, area_font, spot = style.seat_font, style.area_font, style.spot
    sx, sy = frame.point(*geography.seat(area))
    city_width = seat_font.width(city, style.city_size)
    # the city's name goes right of its marker, else left, above or below, whichever first
    # lies inside the area (else the one most inside)
    cap = seat_font.cap_height * style.city_size
    places = [  # (box, x, baseline, anchor)
        ((sx - mm(2), sy - mm(2.5), sx + mm(2.3) + city_width, sy + mm(2.5)), sx + mm(2.3), sy + cap / 2, "start"),
        ((sx - mm(2.3) - city_width, sy - mm(2.5), sx + mm(2), sy + mm(2.5)), sx - mm(2.3), sy + cap / 2, "end"),
        ((sx - city_width / 2, sy - mm(2) - cap - mm(1), sx + city_width / 2, sy + mm(2)), sx, sy - mm(2.4),
         "middle"),
        ((sx - city_width / 2, sy - mm(2), sx + city_width / 2, sy + mm(3) + cap), sx, sy + mm(2.4) + cap,
         "middle"),
    ]
    if cell.polygon.is_empty:
        city_box, x, baseline, anchor = places[0]
        return Labels((sx, sy), city, city_box, x, baseline, anchor, 0.0, name)
    places.sort(key=lambda p: -min(_inside(cell, frame, p[0]), 0.99))
    if _inside(cell, frame, places[0][0]) < 0.99:  # the nearest place inside, above the seat
        x0, y0, x1, y1 = sx - city_width / 2, sy - mm(2.9) - cap, sx + city_width / 2, sy - mm(1.9)
        found = _place(cell, frame, x1 - x0, y1 - y0, ((x0 + x1) / 2, (y0 + y1) / 2), [])
        if found is not None:
            dx, dy = found[0] - (x0 + x1) / 2, found[1] - (y0 + y1) / 2
            places.insert(0, ((x0 + dx, y0 + dy, x1 + dx, y1 + dy), sx + dx, sy - mm(2.4) + dy, "middle"))
    city_box, x, baseline, anchor = places[0]
    centre = frame.point(*cell.centre)
    # the marker's spot in the widest open space clear of the seat, then the name nearest
    # the middle clear of both (the spot moves further out while the name finds no room);
    # a name too long for its area at the one size every name takes drops to the smallest
    pad = mm(1)
    sizes = [(s, area_font.width(name, s) + 2 * pad, area_font.cap_height * s + 2 * pad)
             for s in (style.size, style.least)]
    spots = _places(cell, frame, spot, spot, centre, [city_box], round_=True) if spot else iter([None])
    spots = list(itertools.islice(spots, 24))
    chosen = None
    for name_size, width, height in sizes:
        for at in spots:
            taken = [city_box] + ([(at[0] - spot / 2, at[1] - spot / 2, at[0] + spot / 2, at[1] + spot / 2)]
                                  if at else [])
            found = next(_places(cell, frame, width, height, centre, taken, rings=16), None)
            if found is not None:
                chosen = (at, name_size, found, height - 2 * pad)
                break
        if chosen is not None:
            break
    fits = chosen is not None
    if chosen is None:  # no room for both: the spot in the middle, the name over it
        chosen = (centre if spot else None, style.least, centre, area_font.cap_height * style.least)
    at, name_size, found, height = chosen
    return Labels((sx, sy), city, city_box, x, baseline, anchor, _inside(cell, frame, city_box), name, name_size,
                  found, height, area_font.width(name, name_size), at, fits)


def _map_colours(box: "Box", ctx: Context, env: Mapping[str, Any]) -> dict[str, str]:
    spec = box.get("map") or {}
    colours = {key: ctx.colour(spec.get(key), env, ctx.layout.colours.get(key)) for key in
               ("sea", "land", "coast", "border")}
    colours["ink"], colours["paper"] = ctx.ink(), ctx.paper()
    return colours


@box_kind("map", "An area map filling the box (a board with map: areas): the sea, the land around, each area "
          "in its group's colours with its name and its seat, the links by sea; its colours are sea, land, "
          "coast and border, and names and seats take a font and size.",
          "map: {x: 14, y: 46, width: 269, height: 360, map: {sea: \"#bcd7e3\", land: \"#e8dfc8\", coast: \"#2f4a57\", "
          "border: paper, names: {font: heading, size: 16, min_size: 6.5}, seats: {font: body, size: 7.5}}}")
def _map(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    game, component = ctx.extra.get("game"), ctx.extra.get("set")
    geography = geography_of(component) if component is not None else None
    if geography is None:
        return []
    c = _map_colours(box, ctx, env)
    frame = map_frame(geography, box)
    ctx.extra["map"] = (frame, geography, c)
    groups = colours_of(game, component)
    areas = areas_of(component)
    language, default = ctx.language, ctx.default

    drawn: list[Node] = [Rect(box.x, box.y, box.width, box.height, Style(fill=c["sea"]))]
    drawn += _graticule(geography, frame, mix(c["sea"], c["coast"], 0.25))
    for land in [land for _, land in geography.context] + [geography.beyond]:
        drawn.append(Path(_path(land, frame), Style(fill=c["land"], stroke=c["coast"], stroke_width=0.6,
                                                    line_join="round")))
    cells = geography.cells
    fills = {area.id: groups[area.id].fields["colour"].lower() if area.id in groups else c["land"] for area in areas}
    for area in areas:
        cell = cells[area.id]
        if cell.polygon.is_empty:
            continue
        colour = fills[area.id]
        drawn.append(Path(_path(cell.polygon, frame), Style(fill=colour, stroke=c["border"], stroke_width=1.3,
                                                            line_join="round")))
    # where a river parts two areas, the border runs along it as a wider band, the river on it
    for band in geography.river_borders:
        drawn.append(Path(_line([frame.point(x, y) for x, y in band.coords]),
                          Style(stroke=c["border"], stroke_width=2.6, line_cap="round", line_join="round")))
    water = river_colour(c)
    for river in geography.board.rivers:
        for line in river.lines:
            drawn.append(Path(_line([frame.point(*geography.project(lon, lat)) for lon, lat in line]),
                              Style(stroke=water, stroke_width=0.9, line_cap="round", line_join="round")))
    relief = range_colour(c)
    for ridge in geography.board.ranges:
        for line in ridge.lines if ridge.drawn else ():
            drawn.append(Path(_ridge([frame.point(*geography.project(lon, lat)) for lon, lat in line]),
                              Style(stroke=relief, stroke_width=0.8, line_cap="round", line_join="round")))
    drawn.append(Path(_path(geography.land, frame), Style(stroke=c["coast"], stroke_width=1.4, line_join="round")))

    # links between areas that neighbour without a shared border (by sea, or by the data)
    by_id = {area.id: area for area in areas}
    shared = geography.borders
    done = set()
    for first, others in geography.neighbours().items():
        for second in others:
            pair = frozenset((first, second))
            if pair in shared or pair in done:
                continue
            done.add(pair)
            a = frame.point(*geography.seat(by_id[first]))
            b = frame.point(*geography.seat(by_id[second]))
            route = _sea_route(a, b, lambda p: _on_land(geography, frame, p))
            drawn.append(Path(_dashes(route, mm(2)), Style(stroke=c["ink"], stroke_width=1.1, line_cap="round")))

    markers = game.sets.get(component.declaration.get("markers", "")) if game is not None else None
    style = label_style(box, ctx.fonts, markers)
    for area in areas:
        group = groups.get(area.id)
        colour = fills[area.id]
        text_colour = (group.fields.get("text_colour") or c["ink"]).lower() if group is not None else c["ink"]
        placed = area_labels(geography, frame, area, area.name.get(language, default),
                             area.city.get(language, default), style)
        drawn += _seat_marker(*placed.seat, c["ink"], c["paper"])
        drawn.append(TextNode(placed.city_x, placed.city_baseline, placed.city, style.seat_font.name, style.city_size,
                              text_colour, placed.city_anchor, colour, 0.9))
        if placed.name_size is None:  # an area with no land
            continue
        if placed.spot is not None:
            at, spot = placed.spot, style.spot
            drawn.append(Circle(at[0], at[1], spot / 2, Style(fill=c["paper"], stroke=c["ink"], stroke_width=0.6)))
            drawn.append(Circle(at[0], at[1], spot / 2 - mm(MARKER_MARGIN_MM), Style(
                stroke=mix(c["ink"], c["paper"], 0.6), stroke_width=0.4)))
        cx, cy = placed.name_at
        drawn.append(TextNode(cx, cy + placed.name_height / 2, placed.name, style.area_font.name, placed.name_size,
                              text_colour, "middle", colour, 1.2))

    return [Group(tuple(drawn), clip=Rect(box.x, box.y, box.width, box.height, Style())),
            Rect(box.x, box.y, box.width, box.height, Style(stroke=c["ink"], stroke_width=0.8))]


@box_kind("compass", "A compass rose in the box, its north marked with a text.",
          'compass: {x: 30, y: 318, width: 36, height: 36, compass: "N", font: heading, size: 11}',
          ("font", "size", "colour", "paper"))
def _compass(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    font = ctx.font(box, "heading")
    ink = ctx.colour(box.get("colour"), env, ctx.ink()) or ctx.ink()
    paper = ctx.colour(box.get("paper"), env, ctx.paper()) or ctx.paper()
    label = ctx.text(box.get("compass"), env)
    cx, cy = box.x + box.width / 2, box.y + box.height / 2 + mm(2)
    r = min(box.width, box.height) / 2 - mm(3)
    nodes: list[Node] = [Circle(cx, cy, r * 0.62, Style(fill=paper, stroke=ink, stroke_width=0.6))]
    for i in range(8):
        angle = math.radians(i * 45 - 90)
        length = r if i % 2 == 0 else r * 0.55
        half = math.radians(i * 45 - 90 + 90)
        width = r * 0.16
        tip = (cx + length * math.cos(angle), cy + length * math.sin(angle))
        left = (cx + width * math.cos(half), cy + width * math.sin(half))
        right = (cx - width * math.cos(half), cy - width * math.sin(half))
        nodes.append(Path((("M", *tip), ("L", *left), ("L", cx, cy), ("Z",)), Style(fill=ink)))
        nodes.append(Path((("M", *tip), ("L", *right), ("L", cx, cy), ("Z",)), Style(fill=paper, stroke=ink,
                                                                                  stroke_width=0.4)))
    size = box.get("size") or 11.0
    nodes.append(TextNode(cx, cy - r - mm(1.2), label, font.name, size, ink, "middle"))
    return nodes


@box_kind("scale", "A scale bar of the map drawn before it, in kilometres, labelled with a text (the unit) after it: "
          "up to five steps, fewer to leave the unit room, the unit shrunk to fit down to 5.5 pt.",
          'scale: {x: 24, y: 388, width: 90, height: 10, scale: "kilometres", font: body, size: 8}',
          ("font", "size", "colour", "paper"))
def _scale(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    if "map" not in ctx.extra:
        return []
    frame = ctx.extra["map"][0]
    font = ctx.font(box, "body")
    ink = ctx.colour(box.get("colour"), env, ctx.ink()) or ctx.ink()
    paper = ctx.colour(box.get("paper"), env, ctx.paper()) or ctx.paper()
    unit = ctx.text(box.get("scale"), env)
    size = box.get("size") or 8.0
    km, steps, step, room = _scale_bar(box, frame, font.width(unit, size))
    y = box.y + mm(2)
    height = mm(2)
    nodes: list[Node] = []
    for i in range(steps):
        nodes.append(Rect(box.x + i * step, y, step, height,
                          Style(fill=ink if i % 2 == 0 else paper, stroke=ink, stroke_width=0.5)))
    for i in range(steps + 1):
        nodes.append(TextNode(box.x + i * step, y + height + size + 1, str(i * km), font.name, size, ink, "middle"))
    unit_size = fit_size(font, unit, room, size, LEAST_LABEL_SIZE) or LEAST_LABEL_SIZE  # (else map-label says)
    nodes.append(TextNode(box.x + steps * step + mm(4), y + height, unit, font.name, unit_size, ink))
    return nodes


def _scale_bar(box: "Box", frame: MapFrame, unit: float) -> tuple[int, int, float, float]:
    """A scale bar's kilometres a step, its steps (at most five, fewer to leave its unit, `unit`
    points wide, room in the box), a step's length and the room its unit has (points)."""
    km = 100
    while (km * 2) * 1000 * frame.scale * 5 <= box.width:
        km *= 2
    step = km * 1000 * frame.scale  # points per `km`
    steps = max(1, min(int(box.width // step), 5))
    while steps > 1 and steps * step + mm(4) + unit > box.width + 1e-6:
        steps -= 1
    return km, steps, step, box.right - (box.x + steps * step + mm(4))


LEGEND_MARKS = ("seat", "border", "coast", "river", "range", "link")


def river_colour(colours: Mapping[str, str]) -> str:
    """Rivers: between the sea and the coast line."""
    return mix(colours["sea"], colours["coast"], 0.45)


def range_colour(colours: Mapping[str, str]) -> str:
    """Mountain ranges: between the ink and the land around the map."""
    return mix(colours["ink"], colours["land"], 0.45)


@box_kind("legend", "A key to the map drawn before it: a row for each entry, its mark (seat, border, coast, "
          "river, range or link) and its text, shrunk to fit down to 5.5 pt.",
          'legend: {x: 206, y: 356, width: 70, height: 42, legend: [{mark: seat, text: "seat of government"}], '
          'font: body, size: 8}',
          ("font", "size"))
def _legend(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    if "map" not in ctx.extra:
        return []
    colours = ctx.extra["map"][2]
    font = ctx.font(box, "body")
    ink, paper = colours["ink"], colours["paper"]
    size = box.get("size") or 8.0
    nodes: list[Node] = [Rect(box.x, box.y, box.width, box.height, Style(fill=paper, stroke=ink, stroke_width=0.6),
                              radius=mm(1.5))]
    x = box.x + mm(4)
    rows = box.get("legend") or []
    row_height = (box.height - mm(4)) / max(len(rows), 1)
    for i, entry in enumerate(rows):
        kind, label = entry.get("mark"), ctx.text(entry.get("text"), env)
        cy = box.y + mm(2) + row_height * (i + 0.5)
        if kind == "seat":
            nodes += _seat_marker(x + mm(3), cy, ink, paper)
        elif kind == "border":
            nodes.append(Rect(x, cy - mm(2), mm(6), mm(4), Style(fill=mix(ink, paper, 0.55))))
            nodes.append(Path((("M", x + mm(3), cy - mm(2)), ("L", x + mm(3), cy + mm(2))),
                              Style(stroke=colours["border"], stroke_width=1.4)))
        elif kind == "coast":
            nodes.append(Rect(x, cy - mm(2), mm(6), mm(4), Style(fill=colours["sea"])))
            nodes.append(Rect(x, cy - mm(2), mm(3), mm(4), Style(fill=mix(ink, paper, 0.55))))
            nodes.append(Path((("M", x + mm(3), cy - mm(2)), ("L", x + mm(3), cy + mm(2))),
                              Style(stroke=colours["coast"], stroke_width=1.2)))
        elif kind == "river":
            nodes.append(Path((("M", x, cy + mm(0.6)), ("C", x + mm(2), cy - mm(1.8), x + mm(3.5), cy + mm(1.8),
                                                         x + mm(6.5), cy - mm(0.6))),
                              Style(stroke=river_colour(colours), stroke_width=0.9, line_cap="round")))
        elif kind == "range":
            nodes.append(Path(_ridge([(x, cy), (x + mm(6.5), cy)]),
                              Style(stroke=range_colour(colours), stroke_width=0.8, line_cap="round")))
        else:
            nodes.append(Path(_dashes([(x, cy), (x + mm(6.5), cy)], mm(1.2)),
                              Style(stroke=ink, stroke_width=1.1, line_cap="round")))
        text_size = fit_size(font, label, _legend_room(box), size, LEAST_LABEL_SIZE) or LEAST_LABEL_SIZE
        nodes.append(TextNode(x + mm(9), cy + font.cap_height * text_size / 2, label, font.name, text_size, ink))
    return nodes


def _legend_room(box: "Box") -> float:
    """The width a legend's row leaves its text: from 13 mm in (its mark before) to 1 mm short
    of the box's right edge."""
    return box.right - box.x - mm(14)


def map_box(component: "ComponentSet") -> "Box | None":
    """The box a board's layout draws its map in."""
    found = map_layout(component)
    return found[1] if found is not None else None


def map_layout(component: "ComponentSet") -> "tuple[Layout, Box] | None":
    """The layout that draws a board's map, and the box it draws it in."""
    for layout in component.faces.values():
        for box in layout.boxes:
            if box.kind == "map":
                return layout, box
    return None


# --- checking the map -------------------------------------------------------------------------

# The checks of the map's geometry: the costliest (they import shapely and pyproj and compute
# the map), and they read nothing from the other sets' files, so their problems can be kept
# for as long as the map's own files stay as they are (see pnp.validate).
GEOMETRY_CHECKS = frozenset({"board-projection", "area-isolated", "neighbours-connected", "area-geometry",
                             "room-for-markers", "border-line", "map-label"})


def _usable(game: "Game") -> Iterator[tuple["ComponentSet", Geography]]:
    """Each area map whose geography can be worked out (its settings read, the game complete)."""
    for component in area_maps(game):
        geography = geography_of(component) if component.settings is not None and game.complete else None
        if geography is not None:
            yield component, geography


@rule("board-projection", Severity.ERROR, "The board's projection is not a map projection pyproj understands, or "
      "is one pnp refuses: only a PROJ string of a projection's parameters (no file, grid or URL) or an EPSG code "
      "on WGS 84 is taken.")
def board_projection(game: "Game") -> Found:
    for component in area_maps(game):
        settings = component.settings
        if settings is None:
            continue
        reason = projection_problem(settings.projection)
        if reason:
            yield (game.locate(settings.origin, "projection"),
                   f"projection {settings.projection!r} cannot be used: {reason}")


@rule("unknown-area", Severity.ERROR, "An area's neighbour changes name an area that does not exist.")
def unknown_area(game: "Game") -> Found:
    for component in area_maps(game):
        areas = areas_of(component)
        known = {area.id for area in areas}
        for area in areas:
            for key, names in (("add", area.neighbours_add), ("remove", area.neighbours_remove)):
                for i, other in enumerate(names):
                    if other not in known:
                        yield (game.locate(area.origin, "neighbours", key, i),
                               f"area '{area.id}' names neighbour '{other}', which is not an area")
                    elif other == area.id:
                        yield (game.locate(area.origin, "neighbours", key, i),
                               f"area '{area.id}' names itself as a neighbour")


@rule("neighbour-symmetric", Severity.ERROR, "An area adds or removes a neighbour that does not do the same in return.")
def neighbour_symmetric(game: "Game") -> Found:
    for component in area_maps(game):
        areas = {area.id: area for area in areas_of(component)}
        for area in areas.values():
            for key, names, back in (("add", area.neighbours_add, "neighbours_add"),
                                     ("remove", area.neighbours_remove, "neighbours_remove")):
                for i, other in enumerate(names):
                    if other in areas and other != area.id and area.id not in getattr(areas[other], back):
                        yield (game.locate(area.origin, "neighbours", key, i),
                               f"area '{area.id}' {key}s neighbour '{other}', but '{other}' does not {key} "
                               f"'{area.id}'")


@rule("area-isolated", Severity.ERROR, "An area has no neighbour, so nothing can reach it or leave it.")
def area_isolated(game: "Game") -> Found:
    for _, geography in _usable(game):
        by_id = {area.id: area for area in geography.areas}
        for area_id, others in geography.neighbours().items():
            if not others:
                yield game.locate(by_id[area_id].origin, "id"), f"area '{area_id}' has no neighbour"


@rule("neighbours-connected", Severity.ERROR, "Some areas cannot be reached from the others, by any chain of neighbours.")
def neighbours_connected(game: "Game") -> Found:
    for _, geography in _usable(game):
        order = [area.id for area in geography.areas]
        by_id = {area.id: area for area in geography.areas}
        # the main group is the largest, or of equals the one holding the earliest area
        groups = sorted(connected(geography.neighbours()), key=lambda g: (-len(g), min(map(order.index, g))))
        main = min(groups[0], key=order.index)
        for group in groups[1:]:
            if len(group) == 1:
                continue  # reported by area-isolated
            members = sorted(group, key=order.index)
            names = ", ".join(f"'{m}'" for m in members)
            yield (game.locate(by_id[members[0]].origin, "id"),
                   f"areas {names} are cut off from '{main}' and {plural(len(groups[0]) - 1, 'area')} joined to it: "
                   f"no chain of neighbours links them")


@rule("map-points", Severity.ERROR, "A ring of a map's land, a river's or range's line, or an area's shape, written "
      "as text, has a point that is not longitude,latitude (or lies outside -180 to 180 and -90 to 90), or too few "
      "points (3 for a ring or a shape, 2 for a line).")
def map_points(game: "Game") -> Found:
    """(the land's and the lines' are found as the game is read: the map cannot be made without
    them; the areas' shapes here)"""
    for component in area_maps(game):
        for item in component.items:
            shape = item.fields.get("shape")
            doc = game.documents.get(item.origin.file)
            if isinstance(shape, str) and doc is not None:
                yield from bad_points(game.root, doc, item.origin.path + ("shape",), shape, points_of(shape, 3)[1])


@rule("area-geometry", Severity.ERROR, "An area has no land, its land is measured from the same point as another "
      "area's, or its seat lies outside it.")
def area_geometry(game: "Game") -> Found:
    from shapely.geometry import Point

    for component in area_maps(game):  # two areas around one point: one of them would have no land
        first: dict[tuple[float, float], Area] = {}
        for area in areas_of(component):
            point = area.anchor or (area.lon, area.lat)
            if point in first:
                yield (game.locate(area.origin, "anchor" if area.anchor else "seat"),
                       f"area '{area.id}' is measured from the same point as area '{first[point].id}' (lat "
                       f"{point[1]:g}, lon {point[0]:g}), so one of them would have no land: give it a seat or an "
                       f"anchor of its own")
            else:
                first[point] = area
    for _, geography in _usable(game):
        for area in geography.areas:
            cell = geography.cells[area.id]
            if cell.polygon.is_empty:
                where = "its shape" if area.shape else "its anchor's share of the land"
                yield game.locate(area.origin, "id"), f"area '{area.id}' has no land: {where} lies off the map's land"
            elif not cell.polygon.buffer(1).covers(Point(geography.seat(area))):
                yield (game.locate(area.origin, "seat"),
                       f"area '{area.id}': its seat {area.city.get(game.language)} lies outside the area")


@rule("border-line", Severity.ERROR, "A stretch of a river or range that parts areas starts or ends at a point far "
      "from its line.")
def border_line(game: "Game") -> Found:
    from shapely.geometry import LineString, Point

    for _, geography in _usable(game):
        for line in geography.board.lines:
            if line.border is True or not line.border:
                continue
            parts = [LineString([geography.project(lon, lat) for lon, lat in points]) for points in line.lines]
            for i, stretch in enumerate(line.border):
                for key, (lon, lat) in zip(("from", "to"), stretch):
                    gap = min(part.distance(Point(geography.project(lon, lat))) for part in parts)
                    if gap > BORDER_NEAR_METRES:
                        yield (game.locate(line.origin, "border", i, key),
                               f"{line.kind} '{line.name}': its border's {key} point (lat {lat:g}, lon {lon:g}) lies "
                               f"{gap / 1000:.0f} km from the {line.kind}: give a point within "
                               f"{BORDER_NEAR_METRES // 1000} km of it")


@rule("room-for-markers", Severity.ERROR, "An area is too small on the board to hold a marker with room to spare.")
def room_for_markers(game: "Game") -> Found:
    for component, geography in _usable(game):
        box = map_box(component)
        markers = game.sets.get(component.declaration.get("markers", ""))
        if box is None or markers is None:
            continue
        frame = map_frame(geography, box)
        marker = round(to_mm(max(markers.width, markers.height)), 6)
        needed = marker + 2 * MARKER_MARGIN_MM
        for area in geography.areas:
            cell = geography.cells[area.id]
            if cell.polygon.is_empty:
                continue
            room = to_mm(2 * cell.room * frame.scale)
            if room < needed:
                yield (game.locate(area.origin, "id"),
                       f"area '{area.id}' holds a circle of {room:.1f} mm at most; a {marker:g} mm marker needs "
                       f"{needed:g} mm")


@rule("map-label", Severity.ERROR, "A text of an area map does not fit: an area's name finds no room inside the area "
      "even at its smallest size, a seat's name reaches out of its area, or a legend's, scale's or compass's text "
      "runs out of its box.")
def map_label(game: "Game") -> Found:
    from shapely.geometry import Point

    from ..fonts import find_font, metrics

    paths = {role: find_font(name, game.root) for role, name in game.fonts.items()}
    if None in paths.values() or not paths:
        return  # reported by missing-font
    fonts = {role: metrics(path) for role, path in paths.items()}
    languages = game.languages or ("en",)
    for component, geography in _usable(game):
        found = map_layout(component)
        if found is None:
            continue
        layout, box = found
        frame = map_frame(geography, box)
        style = label_style(box, fonts, game.sets.get(component.declaration.get("markers", "")))
        said: set = set()
        # (an area that cannot hold its marker, or whose seat lies outside it, is reported as such)
        crowded = {a.id for a in geography.areas if 2 * geography.cells[a.id].room * frame.scale < style.spot}
        astray = {a.id for a in geography.areas
                  if not geography.cells[a.id].polygon.buffer(1).covers(Point(geography.seat(a)))}
        for language in languages:
            for area in geography.areas:
                name, city = area.name.get(language, game.language), area.city.get(language, game.language)
                placed = area_labels(geography, frame, area, name, city, style)
                if placed.name_size is None:
                    continue
                if not placed.fits and area.id not in crowded and (area.id, "name", name) not in said:
                    said.add((area.id, "name", name))
                    yield (game.locate(area.origin, "name", *_in(area.name, language)),
                           f"area '{area.id}': its name {name!r} does not fit inside the area even at "
                           f"{style.least:g} pt ({to_mm(placed.name_width):.1f} mm wide), clear of its seat and its "
                           f"marker's spot: give it a shorter name or a smaller min_size")
                if placed.city_inside < 0.99 and area.id not in astray and (area.id, "city", city) not in said:
                    said.add((area.id, "city", city))
                    out = _reach_out(geography.cells[area.id], frame, placed.city_box)
                    yield (game.locate(area.origin, "seat", "city", *_in(area.city, language)),
                           f"area '{area.id}': its seat's name {city!r} reaches {to_mm(out):.1f} mm out of the area "
                           f"at {style.city_size:g} pt: give it a shorter name or a smaller seats size")
            env = dict(game.views(language).env(), map=component.settings.view(language, game.language),
                       colours=layout.colours)
            for other in layout.boxes:
                for text, problem in _key_overflows(other, frame, fonts, env, language, game.language):
                    if (other.name, text) not in said:
                        said.add((other.name, text))
                        yield layout.locate(other, game.documents), f"layout '{layout.file}': {problem}"


def _in(text: Text, language: str) -> tuple[str, ...]:
    """The path below a text's field to its string in `language` (none for one string for all)."""
    return (language,) if language in text.languages else ()


def _key_overflows(box: "Box", frame: MapFrame, fonts: Mapping[str, "FontMetrics"], env: Mapping[str, Any],
                   language: str, default: str) -> Iterator[tuple[str, str]]:
    """The texts of a map's legend, scale or compass box that run out of it, as each box kind
    draws them: (the text, what is wrong)."""
    def text(value) -> str:
        try:
            return value.get(language, default).render(env, language) if value is not None else ""
        except Exception:  # an expression that fails is reported by the build's checks
            return ""

    try:
        if box.condition is not None and not box.condition.evaluate(env):
            return
    except Exception:
        return
    if box.kind == "legend":
        font, size, room = fonts[box.get("font") or "body"], box.get("size") or 8.0, _legend_room(box)
        for entry in box.get("legend") or []:
            label = text(entry.get("text"))
            if label and fit_size(font, label, room, size, LEAST_LABEL_SIZE) is None:
                yield label, (f"the {box.name} box's {label!r} does not fit the {to_mm(room):.1f} mm its row leaves "
                              f"even at {LEAST_LABEL_SIZE:g} pt ({to_mm(font.width(label, LEAST_LABEL_SIZE)):.1f} mm)")
    elif box.kind == "scale":
        font, size, unit = fonts[box.get("font") or "body"], box.get("size") or 8.0, text(box.get("scale"))
        *_, room = _scale_bar(box, frame, font.width(unit, size))
        if unit and fit_size(font, unit, room, size, LEAST_LABEL_SIZE) is None:
            yield unit, (f"the {box.name} box's {unit!r} does not fit the {to_mm(max(room, 0.0)):.1f} mm right of its "
                         f"bar even at {LEAST_LABEL_SIZE:g} pt ({to_mm(font.width(unit, LEAST_LABEL_SIZE)):.1f} mm)")
    elif box.kind == "compass":
        font, size, label = fonts[box.get("font") or "heading"], box.get("size") or 11.0, text(box.get("compass"))
        width = font.width(label, size)
        if width > box.width + 1e-6:
            yield label, (f"the {box.name} box's {label!r} is {to_mm(width):.1f} mm wide at {size:g} pt, "
                          f"{to_mm(width - box.width):.1f} mm wider than the box")

