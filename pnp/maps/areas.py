"""The board's geography: land and seats projected to a flat map, the land shared among the
areas, which areas border which, and how much room each has.

Works in projected metres (pyproj); shapely does the geometry. Pure: no files, no drawing.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Mapping, Sequence

from .model import Area, Board

Ring = Sequence[Sequence[float]]
BORDER_MIN_METRES = 10_000  # areas meeting along less than this only touch at a corner


@dataclass(frozen=True)
class Cell:
    """One area's land, and the point farthest inside it (its label and marker spot)."""

    area: str
    polygon: object  # shapely Polygon or MultiPolygon, in projected metres
    centre: tuple[float, float]
    room: float  # radius of the largest circle inside the area, metres


class Geography:
    """The projected map of a game's board and areas."""

    def __init__(self, board: Board, areas: Sequence[Area]):
        from pyproj import Transformer

        self.board = board
        self.areas = tuple(areas)
        self._to_map = Transformer.from_crs("EPSG:4326", board.projection, always_xy=True)

    def project(self, lon: float, lat: float) -> tuple[float, float]:
        x, y = self._to_map.transform(lon, lat)
        return float(x), float(y)

    def polygon(self, ring: Ring):
        from shapely.geometry import Polygon

        return Polygon([self.project(lon, lat) for lon, lat in ring])

    @cached_property
    def land(self):
        """The playing region, one shapely geometry."""
        from shapely.ops import unary_union

        return unary_union([self.polygon(ring).buffer(0) for ring in self.board.playing])

    @cached_property
    def context(self) -> list[tuple[str, object]]:
        return [(name, self.polygon(ring).buffer(0)) for name, ring in self.board.context]

    @cached_property
    def bounds(self) -> tuple[float, float, float, float]:
        """The map's extent in metres: the board's bounds if given, else the land's."""
        b = self.board.bounds
        if b is None:
            return tuple(self.land.bounds)
        from shapely.geometry import box

        # a longitude/latitude box is curved on a conic map: take the extent of its outline
        edge = box(b["west"], b["south"], b["east"], b["north"]).exterior
        points = [edge.interpolate(i / 400, normalized=True) for i in range(400)]
        projected = [self.project(p.x, p.y) for p in points]
        xs, ys = [p[0] for p in projected], [p[1] for p in projected]
        return (min(xs), min(ys), max(xs), max(ys))

    def seat(self, area: Area) -> tuple[float, float]:
        return self.project(area.seat.lon, area.seat.lat)

    def anchor(self, area: Area) -> tuple[float, float]:
        point = area.anchor or (area.seat.lon, area.seat.lat)
        return self.project(*point)

    @cached_property
    def cells(self) -> dict[str, Cell]:
        """Each area's share of the land: its explicit shape, or the land nearer its anchor
        than any other (a Voronoi partition clipped to the land)."""
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
            for area, anchor in zip(computed, anchors):
                region = next(r for r in regions.geoms if r.covers(Point(anchor)))
                shares[area.id] = region.intersection(free_land)
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


def geography_of(game) -> Geography | None:
    """The game's Geography, built once and shared by the rules and the build; None when the
    game has no usable board (its problems are reported by the board rules)."""
    if _last and _last[0] is game:
        return _last[1]
    geography = None
    ids = [area.id for area in game.areas]
    if game.board is not None and len(set(ids)) == len(ids) and projection_problem(game.board.projection) is None:
        try:
            geography = Geography(game.board, game.areas)
        except Exception:  # pyproj's CRSError and kin: a projection it cannot use
            geography = None
    _last[:] = [game, geography]
    return geography


def projection_problem(projection: str) -> str | None:
    """Why pyproj cannot use a projection string, or None."""
    from pyproj import CRS
    from pyproj.exceptions import CRSError

    try:
        crs = CRS.from_user_input(projection)
    except CRSError as exc:
        return str(exc).split("\n")[0]
    if not crs.is_projected:
        return "it is not a map projection (it gives degrees, not metres)"
    return None
