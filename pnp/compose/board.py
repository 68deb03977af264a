"""The board: a political map of the areas, as a scene definition of the page (points).

Geometry comes from pnp.geography in projected metres; this module maps it onto the
layout's `map` box and draws the sea, the land around, the areas in their suits' colours,
their borders, names and seats, a compass rose, a scale bar and a key.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Mapping

from ..colours import mix
from ..fonts import FontMetrics
from ..geography import Geography
from ..layout import Box, Layout
from ..model import Game, Suit
from ..scene import Circle, Definition, Group, Node, Path, Rect, Style, Text
from ..textfit import fit_size
from ..units import mm

BOARD_ID = "board"


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


def map_frame(geography: Geography, box: Box) -> MapFrame:
    x0, y0, x1, y1 = geography.bounds
    scale = min(box.width / (x1 - x0), box.height / (y1 - y0))
    left = box.x + (box.width - (x1 - x0) * scale) / 2
    return MapFrame(scale, x0, y1, left, box.y)


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


def _compass(box: Box, font: FontMetrics, ink: str, paper: str, label: str) -> list[Node]:
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
    size = box.size or 11.0
    nodes.append(Text(cx, cy - r - mm(1.2), label, font.name, size, ink, "middle"))
    return nodes


def _scale_bar(box: Box, frame: MapFrame, font: FontMetrics, ink: str, paper: str, unit: str) -> list[Node]:
    km = 100
    while (km * 2) * 1000 * frame.scale * 5 <= box.width:
        km *= 2
    step = km * 1000 * frame.scale  # points per `km`
    steps = int(box.width // step)
    steps = max(1, min(steps, 5))
    y = box.y + mm(2)
    height = mm(2)
    size = box.size or 8.0
    nodes: list[Node] = []
    for i in range(steps):
        nodes.append(Rect(box.x + i * step, y, step, height,
                          Style(fill=ink if i % 2 == 0 else paper, stroke=ink, stroke_width=0.5)))
    for i in range(steps + 1):
        nodes.append(Text(box.x + i * step, y + height + size + 1, str(i * km), font.name, size, ink, "middle"))
    nodes.append(Text(box.x + steps * step + mm(4), y + height, unit, font.name, size, ink))
    return nodes


def _legend(box: Box, font: FontMetrics, colours: Mapping[str, str], labels: Mapping[str, str]) -> list[Node]:
    ink, paper = colours["ink"], colours["paper"]
    size = box.size or 8.0
    nodes: list[Node] = [Rect(box.x, box.y, box.width, box.height, Style(fill=paper, stroke=ink, stroke_width=0.6),
                              radius=mm(1.5))]
    x = box.x + mm(4)
    rows = [("seat", labels["seat"]), ("border", labels["border"]), ("coast", labels["coast"]),
            ("link", labels["link"])]
    row_height = (box.height - mm(4)) / len(rows)
    for i, (kind, label) in enumerate(rows):
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
        else:
            nodes.append(Path(_dashes([(x, cy), (x + mm(6.5), cy)], mm(1.2)),
                              Style(stroke=ink, stroke_width=1.1, line_cap="round")))
        text_size = fit_size(font, label, box.right - x - mm(10), size, 5.5) or 5.5
        nodes.append(Text(x + mm(9), cy + font.cap_height * text_size / 2, label, font.name, text_size, ink))
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


def _inside(cell, frame: MapFrame, box: tuple[float, float, float, float]) -> float:
    """How much of a page box (x0, y0, x1, y1) lies inside an area, from 0 to 1."""
    from shapely.geometry import box as shapely_box

    x0 = frame.x0 + (box[0] - frame.left) / frame.scale
    x1 = frame.x0 + (box[2] - frame.left) / frame.scale
    y0 = frame.y1 - (box[3] - frame.top) / frame.scale
    y1 = frame.y1 - (box[1] - frame.top) / frame.scale
    region = shapely_box(x0, y0, x1, y1)
    return cell.polygon.intersection(region).area / region.area if region.area else 0.0


def _label_spot(cell, frame: MapFrame, width: float, height: float,
                avoid: tuple[float, float, float, float]) -> tuple[float, float]:
    """Where an area's name goes: the middle of its largest open space, or, when the seat's
    marker and name are in the way, the nearby spot clear of them that lies most inside."""
    cx, cy = frame.point(*cell.centre)
    pad = mm(1)
    best, best_inside = (cx, cy), -1.0
    for dy in (0, -1, 1, -2, 2, -3, 3):
        for dx in (0, -0.6, 0.6):
            x, y = cx + dx * width, cy + dy * (height + mm(2.5))
            label = (x - width / 2 - pad, y - height / 2 - pad, x + width / 2 + pad, y + height / 2 + pad)
            if _overlaps(label, avoid):
                continue
            inside = _inside(cell, frame, label)
            if inside > 0.999:
                return x, y
            if inside > best_inside:
                best, best_inside = (x, y), inside
    return best


def board_page(game: Game, geography: Geography, layout: Layout, fonts: Mapping[str, FontMetrics],
               language: str, labels: Mapping[str, str]) -> Definition:
    """The whole board as one definition the size of the layout's page."""
    c = layout.colours
    box = layout.box
    map_box = box("map")
    frame = map_frame(geography, map_box)
    suits: dict[str, Suit] = {suit.area: suit for suit in game.suits}

    nodes: list[Node] = [Rect(0, 0, layout.width, layout.height, Style(fill=c["paper"]))]
    outer = box("frame")
    nodes.append(Rect(outer.x, outer.y, outer.width, outer.height, Style(stroke=c["frame"], stroke_width=2.2)))
    nodes.append(Rect(outer.x + mm(1.8), outer.y + mm(1.8), outer.width - mm(3.6), outer.height - mm(3.6),
                      Style(stroke=c["frame"], stroke_width=0.6)))

    title_box = box("title")
    title_font = fonts[title_box.font or "heading"]
    title = game.title.get(language)
    size = fit_size(title_font, title, title_box.width, title_box.size or 30, title_box.min_size or 12) or 12
    nodes.append(Text(title_box.x + title_box.width / 2, title_box.bottom, title, title_font.name, size, c["ink"],
                      "middle"))
    sub_box = box("subtitle")
    sub_font = fonts[sub_box.font or "body"]
    subtitle = labels["subtitle"]
    size = fit_size(sub_font, subtitle, sub_box.width, sub_box.size or 12, sub_box.min_size or 7) or 7
    nodes.append(Text(sub_box.x + sub_box.width / 2, sub_box.bottom - mm(1), subtitle, sub_font.name, size,
                      mix(c["ink"], c["paper"], 0.25), "middle"))

    # the map, clipped to its box
    drawn: list[Node] = [Rect(map_box.x, map_box.y, map_box.width, map_box.height, Style(fill=c["sea"]))]
    drawn += _graticule(geography, frame, mix(c["sea"], c["coast"], 0.25))
    for _, land in geography.context:
        drawn.append(Path(_path(land, frame), Style(fill=c["land"], stroke=c["coast"], stroke_width=0.6,
                                                    line_join="round")))
    cells = geography.cells
    for area in game.areas:
        suit = suits.get(area.id)
        cell = cells[area.id]
        if cell.polygon.is_empty:
            continue
        colour = suit.colour if suit else c["land"]
        drawn.append(Path(_path(cell.polygon, frame), Style(fill=colour, stroke=c["border"], stroke_width=1.3,
                                                            line_join="round")))
    drawn.append(Path(_path(geography.land, frame), Style(stroke=c["coast"], stroke_width=1.4, line_join="round")))

    # links between areas that neighbour without a shared border (by sea, or by the data)
    neighbours = geography.neighbours()
    shared = geography.borders
    done = set()
    for first, others in neighbours.items():
        for second in others:
            pair = frozenset((first, second))
            if pair in shared or pair in done:
                continue
            done.add(pair)
            a = frame.point(*geography.seat(next(x for x in game.areas if x.id == first)))
            b = frame.point(*geography.seat(next(x for x in game.areas if x.id == second)))
            route = _sea_route(a, b, lambda p: _on_land(geography, frame, p))
            drawn.append(Path(_dashes(route, mm(2)), Style(stroke=c["ink"], stroke_width=1.1, line_cap="round")))

    area_box, seat_box = box("area"), box("seat")
    area_font, seat_font = fonts[area_box.font or "heading"], fonts[seat_box.font or "body"]
    for area in game.areas:
        cell = cells[area.id]
        suit = suits.get(area.id)
        text_colour = suit.text_colour if suit else c["ink"]
        sx, sy = frame.point(*geography.seat(area))
        drawn += _seat_marker(sx, sy, c["ink"], c["paper"])
        city = area.seat.city.get(language)
        city_size = seat_box.size or 7.5
        city_width = seat_font.width(city, city_size)
        # the city's name goes right of its marker, or left where that keeps it inside the area
        right = (sx - mm(2), sy - mm(2.5), sx + mm(2.3) + city_width, sy + mm(2.5))
        left = (sx - mm(2.3) - city_width, sy - mm(2.5), sx + mm(2), sy + mm(2.5))
        on_left = not cell.polygon.is_empty and _inside(cell, frame, right) < 0.98 and \
            _inside(cell, frame, left) > _inside(cell, frame, right)
        city_box = left if on_left else right
        drawn.append(Text(sx - mm(2.3) if on_left else sx + mm(2.3), sy + seat_font.cap_height * city_size / 2,
                          city, seat_font.name, city_size, text_colour, "end" if on_left else "start"))
        if cell.polygon.is_empty:
            continue
        name = area.name.get(language)
        width = 1.9 * cell.room * frame.scale
        size = fit_size(area_font, name, width, area_box.size or 13, area_box.min_size or 6) or (area_box.min_size or 6)
        cx, cy = _label_spot(cell, frame, area_font.width(name, size), area_font.cap_height * size, city_box)
        drawn.append(Text(cx, cy + area_font.cap_height * size / 2, name, area_font.name, size, text_colour, "middle"))

    nodes.append(Group(tuple(drawn), clip=Rect(map_box.x, map_box.y, map_box.width, map_box.height, Style())))
    nodes.append(Rect(map_box.x, map_box.y, map_box.width, map_box.height, Style(stroke=c["ink"], stroke_width=0.8)))
    compass_box = box("compass")
    nodes += _compass(compass_box, fonts[compass_box.font or "heading"], c["ink"], c["paper"], labels["north"])
    scale_box = box("scale")
    nodes += _scale_bar(scale_box, frame, fonts[scale_box.font or "body"], c["ink"], c["paper"], labels["kilometres"])
    legend_box = box("legend")
    nodes += _legend(legend_box, fonts[legend_box.font or "body"], c, labels)
    return Definition(BOARD_ID, layout.width, layout.height, Group(tuple(nodes)))
