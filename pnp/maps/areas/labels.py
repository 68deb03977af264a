"""An area map on the page: the frame that takes projected metres to page points, where the
map prints each area's seat, city and name and its marker's spot, and the room its scale's
and legend's texts have. Read alike by the map's drawing and its map-label check."""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterator, Mapping, Sequence

from ...units import mm

if TYPE_CHECKING:
    from ...layout.fonts import FontMetrics
    from ...layout.reader import Box, Layout
    from ...model.game import ComponentSet
    from .data import Area
    from .geometry import Geography

MARKER_MARGIN_MM = 1.5  # room to spare on each side of a marker
LEAST_LABEL_SIZE = 5.5  # a legend's or scale's text shrinks to fit its box, down to this size
SPOT_CLEAR_MM = 1.5  # a marker's spot keeps this clear of its seat's name
MARK_GAP_MM = 1.0  # between an area's mark and its name


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


def _clear(box: tuple[float, float, float, float], avoid: Sequence[tuple[float, float, float, float]]) -> bool:
    """Whether a page box (x0, y0, x1, y1) overlaps none of the boxes in `avoid` (touching is
    not overlapping)."""
    x0, y0, x1, y1 = box
    for other in avoid:
        if x0 < other[2] and other[0] < x1 and y0 < other[3] and other[1] < y1:
            return False
    return True


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


def reach_out(cell, frame: MapFrame, box: tuple[float, float, float, float]) -> float:
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


@functools.lru_cache(maxsize=64)
def _circle(radius: float):
    """A round marker's outline about (0, 0) as a ring of points (64-sided, as shapely buffers
    a point by `radius` with quad_segs=16): each candidate spot's is this one moved there,
    rather than a point buffered anew (a tenth of the time)."""
    import shapely

    ring = shapely.get_coordinates(shapely.buffer(shapely.points(0.0, 0.0), radius, quad_segs=16).exterior)
    ring.flags.writeable = False
    return ring


def _places(cell, frame: MapFrame, width: float, height: float, near: tuple[float, float],
            avoid: Sequence[tuple[float, float, float, float]], round_: bool = False,
            rings: int = 30) -> Iterator[tuple[float, float]]:
    """Every such centre within `rings` steps of 1.5 mm, nearest first (a ring's candidates
    tested at once against the area, prepared once for the many questions)."""
    import numpy
    import shapely

    shapely.prepare(cell.polygon)
    step = mm(1.5)
    w, h = width / 2 / frame.scale, height / 2 / frame.scale
    circle = _circle(w) if round_ else None
    for ring in range(rings):
        spots = [(x, y) for x, y in ((near[0] + dx * step, near[1] + dy * step) for dx, dy in _ring_steps(ring))
                 if _clear((x - width / 2, y - height / 2, x + width / 2, y + height / 2), avoid)]
        if not spots:
            continue
        mx = [frame.x0 + (x - frame.left) / frame.scale for x, _ in spots]
        my = [frame.y1 - (y - frame.top) / frame.scale for _, y in spots]
        shapes = shapely.polygons(circle[None, :, :] + numpy.column_stack([mx, my])[:, None, :]) if round_ else \
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
    mark: float = 0.0  # an area's mark beside its name, across (0: no marks)

    @property
    def key(self) -> tuple:
        return self.area_font.name, self.seat_font.name, self.size, self.least, self.city_size, self.spot, self.mark


def label_style(box: "Box", fonts: Mapping[str, "FontMetrics"], markers: "ComponentSet | None") -> LabelStyle:
    spec = box.get("map") or {}
    names, seats = spec.get("names") or {}, spec.get("seats") or {}
    spot = max(markers.width, markers.height) + mm(2 * MARKER_MARGIN_MM) if markers is not None else 0.0
    font = fonts[names.get("font") or "heading"]
    size = names.get("size") or 13
    # an area's mark stands as high as its name's capitals and half again
    mark = 1.5 * font.cap_height * size if spec.get("marks") else 0.0
    return LabelStyle(font, fonts[seats.get("font") or "body"], size, names.get("min_size") or 6,
                      seats.get("size") or 7.5, spot, mark)


@dataclass(frozen=True)
class Labels:
    """Where a map prints an area's texts (page points): its seat, its city's name (its box,
    x, baseline and anchor, how much of the box lies inside the area, and whether the name
    lies off the land, on the sea or the land around, where it is printed when no place
    beside the seat lies inside the area), the spot for its marker and its name (size, centre
    and cap height) with its mark's centre before it (None without marks). `fits` is False
    when the name found no room inside the area clear of the city, the city's line and the
    spot, even at the least size: it is printed over the spot, in the middle. An area with no
    land has no spot and no name (size None)."""

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
    city_offshore: bool = False
    mark_at: tuple[float, float] | None = None


def area_labels(geography: Geography, frame: MapFrame, area: "Area", name: str, city: str,
                style: LabelStyle) -> Labels:
    """Where the map prints an area's city and name and its marker's spot, worked out once
    for the same texts (the map's drawing and the map-label check ask alike)."""
    key = (frame, area.id, name, city, style.key)
    if key not in geography.labels:
        geography.labels[key] = _area_labels(geography, frame, area, name, city, style)
    return geography.labels[key]


def label_cell(geography: Geography, frame: MapFrame, area: "Area"):
    """An area's land where its texts and marker's spot may go: the whole of it, less the
    strip along the bounds' cuts where it fades (MapSettings.fade)."""
    cell = geography.cells[area.id]
    fade = geography.board.fade
    if not fade or cell.polygon.is_empty or not geography.cuts:
        return cell
    import dataclasses

    import shapely

    strip = shapely.union_all([line for _, line in geography.cuts]).buffer(mm(fade) / frame.scale)
    if not strip.intersects(cell.polygon):
        return cell
    return dataclasses.replace(cell, polygon=cell.polygon.difference(strip))


def city_places(sx: float, sy: float, width: float, cap: float) -> list[tuple]:
    """Where a seat's name may go beside its seat, in that order: right of it, left, above,
    below, then above and below on either side. Each: the box it takes with the seat, the
    box of its letters, its x, baseline and anchor. Its letters lie within 3 mm of the seat."""
    up, down = sy - mm(2.4), sy + mm(2.4) + cap  # baselines above and below
    corner = mm(0.6)  # the letters' start or end beside the seat, above or below it
    found = [
        ((sx - mm(2), sy - mm(2.5), sx + mm(2.3) + width, sy + mm(2.5)), sx + mm(2.3), sy + cap / 2, "start"),
        ((sx - mm(2.3) - width, sy - mm(2.5), sx + mm(2), sy + mm(2.5)), sx - mm(2.3), sy + cap / 2, "end"),
        ((sx - width / 2, up - cap - mm(0.5), sx + width / 2, sy + mm(2)), sx, up, "middle"),
        ((sx - width / 2, sy - mm(2), sx + width / 2, down + mm(0.6)), sx, down, "middle"),
        ((sx - mm(2), up - cap - mm(0.5), sx + corner + width, sy + mm(2)), sx + corner, up, "start"),
        ((sx - corner - width, up - cap - mm(0.5), sx + mm(2), sy + mm(2)), sx - corner, up, "end"),
        ((sx - mm(2), sy - mm(2), sx + corner + width, down + mm(0.6)), sx + corner, down, "start"),
        ((sx - corner - width, sy - mm(2), sx + mm(2), down + mm(0.6)), sx - corner, down, "end"),
    ]
    places = []
    for box, x, baseline, anchor in found:
        left = {"start": x, "middle": x - width / 2, "end": x - width}[anchor]
        places.append((box, (left, baseline - cap, left + width, baseline), x, baseline, anchor))
    return places


def _area_labels(geography: Geography, frame: MapFrame, area: "Area", name: str, city: str,
                 style: LabelStyle) -> Labels:
    whole, cell = geography.cells[area.id], label_cell(geography, frame, area)
    seat_font, area_font, spot = style.seat_font, style.area_font, style.spot
    sx, sy = frame.point(*geography.seat(area))
    city_width = seat_font.width(city, style.city_size)
    cap = seat_font.cap_height * style.city_size
    places = city_places(sx, sy, city_width, cap)
    if cell.polygon.is_empty:
        city_box, _, x, baseline, anchor = places[0]
        return Labels((sx, sy), city, city_box, x, baseline, anchor, 0.0, name)
    # the city's name beside its seat: the first place inside the area, else the first off
    # the land (on the sea, or the land around the map), else the one most inside; of the
    # places as good as the first, the first that leaves the spot and the name room
    inside = [min(_inside(whole, frame, place[0]), 0.99) for place in places]
    offshore = [not geography.land.intersects(_region(frame, place[1])) for place in places]
    rank = sorted(range(len(places)), key=lambda i: (inside[i] < 0.99, not offshore[i],
                                                     0 if offshore[i] else -inside[i], i))
    good = [i for i in rank if inside[i] >= 0.99 or offshore[i]] or rank[:1]
    for best in good:
        chosen = _name_and_spot(cell, frame, name, style, places[best])
        if chosen is not None:
            break
    else:
        best = good[0]
        chosen = None
    city_box, letters, x, baseline, anchor = places[best]
    fits = chosen is not None
    if chosen is None:  # no room for both: the spot in the middle, the name over it
        centre, least = frame.point(*cell.centre), style.least
        chosen = (centre if spot else None, least, centre, area_font.cap_height * least,
                  area_font.width(name, least) + style.mark + (mm(MARK_GAP_MM) if style.mark else 0.0) + mm(2))
    at, name_size, found, height, width = chosen
    text_at, mark_at = found, None
    if style.mark:  # the mark first, then the name
        mark_at = (found[0] - width / 2 + mm(1) + style.mark / 2, found[1])
        text_at = (found[0] + (style.mark + mm(MARK_GAP_MM)) / 2, found[1])
    return Labels((sx, sy), city, city_box, x, baseline, anchor, _inside(whole, frame, city_box), name, name_size,
                  text_at, height, area_font.width(name, name_size), at, fits, offshore[best], mark_at)


def _name_and_spot(cell, frame: MapFrame, name: str, style: LabelStyle, place: tuple) -> tuple | None:
    """The marker's spot in the widest open space clear of the seat and its name (`place`),
    then the name (with its mark) nearest the middle clear of both and off the city's line
    (the spot moves further out while the name finds no room); a name too long for its area
    at the size every name takes drops to the smallest. None when it finds no room: (the
    spot, the name's size, its box's centre, its cap height, its box's width) else."""
    city_box, letters = place[0], place[1]
    spot, font = style.spot, style.area_font
    pad, clear, gap = mm(1), mm(SPOT_CLEAR_MM), mm(MARK_GAP_MM) if style.mark else 0.0
    around = (city_box[0] - clear, city_box[1] - clear, city_box[2] + clear, city_box[3] + clear)
    line = (-1e9, letters[1] - pad, 1e9, letters[3] + pad)  # the city's line, across the map
    sizes = [(s, font.width(name, s) + style.mark + gap + 2 * pad, max(font.cap_height * s, style.mark) + 2 * pad)
             for s in dict.fromkeys((style.size, style.least))]
    centre = frame.point(*cell.centre)
    spots = _places(cell, frame, spot, spot, centre, [around], round_=True) if spot else iter([None])
    spots = list(itertools.islice(spots, 80))
    for name_size, width, height in sizes:
        for at in spots:
            taken = [city_box, line] + ([(at[0] - spot / 2, at[1] - spot / 2, at[0] + spot / 2, at[1] + spot / 2)]
                                        if at else [])
            found = next(_places(cell, frame, width, height, centre, taken, rings=16), None)
            if found is not None:
                return at, name_size, found, font.cap_height * name_size, width
    return None


def scale_bar(box: "Box", frame: MapFrame, unit: float) -> tuple[int, int, float, float]:
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


def legend_room(box: "Box") -> float:
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
