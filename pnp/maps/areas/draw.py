"""An area map drawn, through box kinds of its own: the map itself (sea, land around, each
area in its group's colours with its name and seat, rivers, ranges, links by sea), and the
compass, scale and legend that go with it. The one part of the map kind that draws."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Iterable, Mapping

from ...boxes.context import Context
from ...boxes.kind import box_kind
from ...boxes.settings import COLOUR, FONT, FONT_SETTINGS, SIZE, TEXT, Setting, choice, listed, record
from ...model.colours import mix
from ...scene import Circle, Group, Node, Path, Rect, Style, Text as TextNode
from ...layout.textfit import fit_size
from ...units import mm
from .data import areas_of, colours_of
from .geometry import geography_of
from .labels import LEAST_LABEL_SIZE, MARKER_MARGIN_MM, area_labels, label_style, legend_room, map_frame, scale_bar

if TYPE_CHECKING:
    from ...layout.reader import Box
    from .geometry import Geography
    from .labels import MapFrame

# the field of the group an area takes its colours from that names the icon drawn beside its name
FIELD = Setting({"type": "string", "pattern": "^[a-z][a-z0-9_]*$"})


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


def _lines(geometry, frame: MapFrame) -> tuple:
    """The lines of a shapely (multi)line geometry, or of the rings of a polygon's outline."""
    commands: list[tuple] = []
    for part in getattr(geometry, "geoms", [geometry]):
        if part.geom_type in ("LineString", "LinearRing") and not part.is_empty:
            commands += _line([frame.point(x, y) for x, y in part.coords])
        elif part.geom_type in ("MultiLineString", "GeometryCollection"):
            commands += _lines(part, frame)
    return tuple(commands)


def _uncut(geometry, cut):
    """A shape's outline, less where the bounds cut the land (drawn as no line: the land goes on)."""
    from shapely.geometry import LineString

    if geometry.is_empty:
        return LineString()
    return geometry.boundary if cut is None else geometry.boundary.difference(cut)


def _fade(geography: Geography, frame: MapFrame, polygon, colour: str, land: str) -> list[Node]:
    """An area fading into the land around where the bounds cut it: bands 0.5 mm wide along
    the cut, each nearer the cut closer to the land's colour (eased at both ends), each laid
    a little over the one inside it, so that no seam shows between them."""
    import shapely

    width = geography.board.fade
    if not width or not geography.cuts or polygon.is_empty:
        return []
    cut = shapely.union_all([line for _, line in geography.cuts])
    if not cut.buffer(mm(width) / frame.scale).intersects(polygon):
        return []
    steps = max(1, round(width / 0.5))
    reach = [mm(width) * i / steps / frame.scale for i in range(steps + 1)]
    # a little past the area's edge, so that its colour shows through no seam at the cut (its
    # borders and coast are stroked over the rest)
    polygon = polygon.buffer(mm(0.2) / frame.scale, join_style="mitre")
    nodes: list[Node] = []
    for i in reversed(range(steps)):  # from the inside out
        strip = cut.buffer(reach[i + 1], quad_segs=4)
        if i:
            strip = strip.difference(cut.buffer(reach[i] - mm(0.15) / frame.scale, quad_segs=4))
        band = polygon.intersection(strip)
        if not band.is_empty:
            t = (i + 0.5) / steps
            nodes.append(Path(_path(band, frame), Style(fill=mix(colour, land, 1 - t * t * (3 - 2 * t)))))
    return nodes


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


def _map_colours(box: "Box", ctx: Context, env: Mapping[str, Any]) -> dict[str, str]:
    spec = box.get("map") or {}
    colours = {key: ctx.colour(spec.get(key), env, ctx.layout.colours.get(key)) for key in
               ("sea", "land", "coast", "border")}
    colours["ink"], colours["paper"] = ctx.ink(), ctx.paper()
    return colours


@box_kind("map", "An area map filling the box (a board with map: areas): the sea, the land around, each area "
          "in its group's colours with its name and its seat, the links by sea; its colours are sea, land, "
          "coast and border, names and seats take a font and size, and marks names the field of each area's "
          "group whose icon stands before its name.",
          "map: {x: 14, y: 46, width: 269, height: 360, map: {sea: \"#bcd7e3\", land: \"#e8dfc8\", coast: \"#2f4a57\", "
          "border: paper, names: {font: heading, size: 16, min_size: 6.5}, seats: {font: body, size: 7.5}}}",
          {"map": record({"sea": COLOUR, "land": COLOUR, "coast": COLOUR, "border": COLOUR, "names": FONT_SETTINGS,
                          "seats": FONT_SETTINGS, "marks": FIELD})})
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
    import shapely

    # where the bounds cut the land in play, no line: the land goes on
    cut = shapely.union_all([line for _, line in geography.cuts]).buffer(100) if geography.cuts else None
    for land in [land for _, land in geography.context] + [geography.beyond]:
        if land.is_empty:
            continue
        # (stroked in its own colour, so that no seam shows where it meets an area at a cut)
        drawn.append(Path(_path(land, frame), Style(fill=c["land"], stroke=c["land"], stroke_width=0.6)))
        drawn.append(Path(_lines(_uncut(land, cut), frame), Style(stroke=c["coast"], stroke_width=0.6,
                                                                  line_join="round")))
    cells = geography.cells
    fills = {area.id: groups[area.id].fields["colour"].lower() if area.id in groups else c["land"] for area in areas}
    for area in areas:
        cell = cells[area.id]
        if not cell.polygon.is_empty:
            drawn.append(Path(_path(cell.polygon, frame), Style(fill=fills[area.id])))
            drawn += _fade(geography, frame, cell.polygon, fills[area.id], c["land"])
    for area in areas:
        if not cells[area.id].polygon.is_empty:
            drawn.append(Path(_lines(_uncut(cells[area.id].polygon, cut), frame), Style(
                stroke=c["border"], stroke_width=1.3, line_join="round")))
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
    drawn.append(Path(_lines(_uncut(geography.land, cut), frame), Style(stroke=c["coast"], stroke_width=1.4,
                                                                       line_join="round")))

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
    marks = (box.get("map") or {}).get("marks")  # the field of each area's group naming its mark
    for area in areas:
        group = groups.get(area.id)
        colour = fills[area.id]
        text_colour = (group.fields.get("text_colour") or c["ink"]).lower() if group is not None else c["ink"]
        placed = area_labels(geography, frame, area, area.name.get(language, default),
                             area.city.get(language, default), style)
        drawn += _seat_marker(*placed.seat, c["ink"], c["paper"])
        city_ink, city_halo = (c["ink"], c["sea"]) if placed.city_offshore else (text_colour, colour)
        drawn.append(TextNode(placed.city_x, placed.city_baseline, placed.city, style.seat_font.name, style.city_size,
                              city_ink, placed.city_anchor, city_halo, 0.9))
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
        icon = ctx.icons.get(group.fields.get(marks)) if group is not None and marks else None
        if placed.mark_at is not None and icon is not None and ctx.draw_icon is not None:
            mx, my, size = *placed.mark_at, style.mark
            drawn.append(Circle(mx, my, size / 2 + mm(0.4), Style(fill=colour)))
            drawn.append(ctx.draw_icon(icon, mx - size / 2, my - size / 2, size, text_colour, colour))

    return [Group(tuple(drawn), clip=Rect(box.x, box.y, box.width, box.height, Style())),
            Rect(box.x, box.y, box.width, box.height, Style(stroke=c["ink"], stroke_width=0.8))]


@box_kind("compass", "A compass rose in the box, its north marked with a text.",
          'compass: {x: 30, y: 318, width: 36, height: 36, compass: "N", font: heading, size: 11}',
          {"compass": TEXT, "font": FONT, "size": SIZE, "colour": COLOUR, "paper": COLOUR})
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
          {"scale": TEXT, "font": FONT, "size": SIZE, "colour": COLOUR, "paper": COLOUR})
def _scale(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    if "map" not in ctx.extra:
        return []
    frame = ctx.extra["map"][0]
    font = ctx.font(box, "body")
    ink = ctx.colour(box.get("colour"), env, ctx.ink()) or ctx.ink()
    paper = ctx.colour(box.get("paper"), env, ctx.paper()) or ctx.paper()
    unit = ctx.text(box.get("scale"), env)
    size = box.get("size") or 8.0
    km, steps, step, room = scale_bar(box, frame, font.width(unit, size))
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
          {"legend": listed(record({"mark": choice("seat", "border", "coast", "river", "range", "link"), "text": TEXT},
                                   required=("mark", "text"))),
           "font": FONT, "size": SIZE})
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
        text_size = fit_size(font, label, legend_room(box), size, LEAST_LABEL_SIZE) or LEAST_LABEL_SIZE
        nodes.append(TextNode(x + mm(9), cy + font.cap_height * text_size / 2, label, font.name, text_size, ink))
    return nodes
