"""The geography of an area map, pure (no files, no drawing): the land (rings of longitude
and latitude) projected to a flat map (pyproj); by default an area is the land nearer its
seat (or anchor) than any other's, a Voronoi partition clipped to the coast (shapely),
parted by the rivers and ranges that are borders. Neighbours are the areas that share a
border, changed by each area's `neighbours: {add, remove}`."""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Mapping, Sequence

from .data import areas_of
from .projection import projection_problem

if TYPE_CHECKING:
    from ...model.game import ComponentSet
    from .data import Area, MapLine, MapSettings
    from .labels import Labels


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
    def cuts(self) -> list[tuple[str, object]]:
        """Where the bounds cut the land in play, the land going on beyond them: each stretch
        of the bounds' outline across the land (a shapely LineString, projected, on the land's
        own edge) with the side it lies along (west, south, east or north, the nearest at its
        middle); none without bounds."""
        if self.window is None:
            return []
        import shapely
        from shapely.geometry import LineString

        b = self.board.bounds
        corners = {"west": ((b["west"], b["south"]), (b["west"], b["north"])),
                   "south": ((b["west"], b["south"]), (b["east"], b["south"])),
                   "east": ((b["east"], b["south"]), (b["east"], b["north"])),
                   "north": ((b["west"], b["north"]), (b["east"], b["north"]))}
        sides = {side: LineString([self.project(lon0 + (lon1 - lon0) * i / 100, lat0 + (lat1 - lat0) * i / 100)
                                   for i in range(101)]) for side, ((lon0, lat0), (lon1, lat1)) in corners.items()}
        across = shapely.line_merge(shapely.intersection(self._playing, self.window.boundary))
        found = []
        for part in getattr(across, "geoms", [across]):
            if part.geom_type != "LineString" or part.length == 0:
                continue
            # a stretch round a corner of the bounds is two cuts, one on each side
            run: list = []
            for a, b in zip(part.coords, part.coords[1:]):
                middle = shapely.Point((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
                side = min(sides, key=lambda s: sides[s].distance(middle))
                if run and run[0] != side:
                    found.append((run[0], LineString(run[1:])))
                    run = []
                run = run or [side, a]
                run.append(b)
            found.append((run[0], LineString(run[1:])))
        order = list(corners)
        return sorted(found, key=lambda cut: (order.index(cut[0]), cut[1].coords[0]))

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


class _Kept(threading.local):
    """What a thread keeps of the last board's geography, its own: shapely runs GEOS without
    Python's lock, and a prepared shape (labels prepare the areas' own) asked by two threads
    at once crashes GEOS. No GEOS object is shared by two threads; one a process inherits on
    a fork is its own copy."""

    def __init__(self) -> None:
        self.last: list = []  # [the board, its Geography or None]


_kept = _Kept()


def geography_of(component: "ComponentSet") -> Geography | None:
    """A board's Geography, built once and shared by the checks and the build (in one thread:
    another builds its own); None when the board cannot be computed (its problems are
    reported by the map's checks)."""
    _last = _kept.last
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
