"""The locator kind: a small map that says where something is. It draws another set's area map
(a board with map: areas) cut to one of its areas, that area in its group's colour and the
others in the land's, parted by thin lines, with a pin at a longitude and latitude the item gives. The
window it shows (`window`) is pure arithmetic on the map's geography, read alike by the
drawing and by the locator check (pnp.boxes.locator_checks)."""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping

from ..model.colours import mix
from ..scene import Circle, Group, Node, Path, Rect, Style
from ..units import mm
from .context import Context
from .kind import box_kind
from .settings import COLOUR, ICON, Setting, expression

if TYPE_CHECKING:
    from ..layout.reader import Box
    from ..maps.areas.geometry import Geography
    from ..model.game import ComponentSet, Game

PAD = 0.12  # the room left round the area and the pin, a share of the window's side
LEAST_SPAN_KM = 320.0  # a window never shows less than this across its shorter side
SIMPLIFY_PT = 0.25  # the detail of the land left out, on the page (points)
PIN_SHARE = 0.2  # the pin's head across, a share of the box's shorter side


@dataclass(frozen=True)
class Window:
    """The projected rectangle a locator shows (metres), fitted to its box, and the scale."""

    x0: float
    y0: float
    x1: float
    y1: float
    scale: float  # points per metre
    left: float  # the box's corner, points
    top: float

    def point(self, x: float, y: float) -> tuple[float, float]:
        return self.left + (x - self.x0) * self.scale, self.top + (self.y1 - y) * self.scale


def map_set(game: "Game | None", name: Any) -> "ComponentSet | None":
    """The set a locator names, if it is an area map."""
    if game is None or not isinstance(name, str):
        return None
    found = game.sets.get(name)
    return found if found is not None and found.declaration.get("map") == "areas" else None


def area_id(value: Any) -> str | None:
    """An area's id from an id or an area's record (a reference to one, as a view gives it)."""
    if isinstance(value, str):
        return value
    found = value.get("id") if isinstance(value, Mapping) else getattr(value, "id", None)
    return found if isinstance(found, str) else None


def coordinates(value: Any) -> tuple[float, float] | None:
    """(longitude, latitude) from a record with lon and lat in degrees, or None when it is not one."""
    if not isinstance(value, Mapping):
        return None
    lon, lat = value.get("lon"), value.get("lat")
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (lon, lat)):
        return None
    if not (-180 <= lon <= 180 and -90 <= lat <= 90):
        return None
    return float(lon), float(lat)


def window(geography: "Geography", area: str | None, pin: tuple[float, float] | None, left: float, top: float,
           width: float, height: float) -> Window:
    """What a width x height box shows: the area's land and the pin (projected), with PAD of
    room round them, at least LEAST_SPAN_KM across, widened to the box's proportions and
    centred. Without an area, the map's whole land."""
    cell = geography.cells.get(area) if area is not None else None
    if cell is not None and not cell.polygon.is_empty:
        x0, y0, x1, y1 = cell.polygon.bounds
    else:
        x0, y0, x1, y1 = geography.land.bounds
    if pin is not None:
        px, py = geography.project(*pin)
        x0, y0, x1, y1 = min(x0, px), min(y0, py), max(x1, px), max(y1, py)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    w = max(x1 - x0, 1.0) * (1 + 2 * PAD)
    h = max(y1 - y0, 1.0) * (1 + 2 * PAD)
    aspect = width / height
    w, h = max(w, h * aspect), max(h, w / aspect)
    least = LEAST_SPAN_KM * 1000
    if min(w, h) < least:
        grow = least / min(w, h)
        w, h = w * grow, h * grow
    if pin is not None:  # moved, if need be, so that the pin's head shows whole
        scale = width / w
        head = min(width, height) * PIN_SHARE / scale  # metres
        cx += max(0.0, px + head * 0.6 - (cx + w / 2)) - max(0.0, (cx - w / 2) - (px - head * 0.6))
        cy += max(0.0, py + head * 1.65 - (cy + h / 2)) - max(0.0, (cy - h / 2) - (py - head * 0.1))
    return Window(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2, width / w, left, top)


def _rings(geometry) -> list:
    found = []
    for polygon in getattr(geometry, "geoms", [geometry]):
        if polygon.is_empty or polygon.geom_type != "Polygon":
            continue
        found += [polygon.exterior, *polygon.interiors]
    return found


def _apart(geometry, clip) -> bool:
    """Whether a geometry's bounds and the clip's do not meet (their intersection is then empty:
    not worked out)."""
    x0, y0, x1, y1 = geometry.bounds
    cx0, cy0, cx1, cy1 = clip.bounds
    return x1 < cx0 or x0 > cx1 or y1 < cy0 or y0 > cy1


def _outline(geometry, view: Window, clip) -> tuple:
    """A geometry's rings as path commands, cut first to the window (with a margin) and freed of
    the detail a quarter of a point hides, so that a small map carries no more of the land than
    it shows. Cut as a rectangle cuts (a tenth of the time of a shape's intersection), turned
    as an intersection turns them (shells clockwise, holes counter-clockwise: a path filled
    by the non-zero rule shows the holes): what may differ is along the cut's edges, beyond
    the window and never drawn."""
    import shapely

    commands: list[tuple] = []
    if clip is not None and _apart(geometry, clip):
        return ()
    part = shapely.orient_polygons(shapely.clip_by_rect(geometry, *clip.bounds), exterior_cw=True) \
        if clip is not None else geometry
    part = part.simplify(SIMPLIFY_PT / view.scale)
    for ring in _rings(part):
        points = [view.point(x, y) for x, y in ring.coords]
        commands.append(("M", *points[0]))
        commands += [("L", *p) for p in points[1:]]
        commands.append(("Z",))
    return tuple(commands)


def _strokes(line, view: Window, clip) -> tuple:
    """A line's stretches within the window (with a margin) as path commands, freed of the
    detail a quarter of a point hides."""
    import shapely

    if _apart(line, clip):
        return ()
    part = shapely.clip_by_rect(line, *clip.bounds).simplify(SIMPLIFY_PT / view.scale)
    commands: list[tuple] = []
    for stretch in getattr(part, "geoms", [part]):
        if stretch.is_empty or stretch.geom_type != "LineString":
            continue
        points = [view.point(x, y) for x, y in stretch.coords]
        commands += [("M", *points[0]), *(("L", *p) for p in points[1:])]
    return tuple(commands)


def _pin(x: float, y: float, head: float, ink: str, paper: str) -> tuple[list[Node], tuple[float, float]]:
    """A map pin whose point is at (x, y): a round head of `head` across above it, in paper
    with an ink edge, and a dot at the point; its nodes and the head's centre."""
    r = head / 2
    cy = y - head * 1.05
    a = math.asin(r / (y - cy))  # the two tangents from the point meet the head at pi/2 - a from its bottom
    start, end = math.pi / 2 + (math.pi / 2 - a), math.pi / 2 - (math.pi / 2 - a) + 2 * math.pi
    arc = [(x + r * math.cos(start + (end - start) * i / 32), cy + r * math.sin(start + (end - start) * i / 32))
           for i in range(33)]
    outline = (("M", x, y), *(("L", px, py) for px, py in arc), ("Z",))
    return [Path(outline, Style(fill=paper, stroke=ink, stroke_width=1.0, line_join="round")),
            Circle(x, y, mm(0.45), Style(fill=ink))], (x, cy)


def _read(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    """What drawing a locator box reads for one item, read and nothing drawn: the checks work a
    piece out so (the locator check looks at the map and the pins itself)."""
    if box.get("area") is not None:
        area_id(box.get("area").evaluate(env))
    pin = coordinates(box.get("pin").evaluate(env)) if box.get("pin") is not None else None
    for name in ("sea", "land", "coast"):
        ctx.colour(box.get(name), env)
    if pin is not None and ctx.icon(box.get("symbol"), env) is not None:
        ctx.colour(box.get("colour"), env)
    return []


class _Projected(threading.local):
    """The last geography's rivers, projected (every locator of a build shows the same map):
    each thread's own, as its geography is (pnp.maps.areas.geometry.geography_of)."""

    def __init__(self) -> None:
        self.rivers: list = []  # [the geography, its rivers]
        self.cuts: list = []  # [the geography, by window the shapes and lines cut to it] (`_cut`)


_kept = _Projected()


def _rivers(geography: "Geography") -> list:
    """The map's rivers as projected lines, worked out once for all the locators drawing it."""
    _projected = _kept.rivers
    if not _projected or _projected[0] is not geography:
        from shapely.geometry import LineString

        _projected[:] = [geography, [LineString([geography.project(lon, lat) for lon, lat in line])
                                     for river in geography.board.rivers for line in river.lines]]
    return _projected[1]


WINDOWS = 64  # the windows whose cuts are kept (the last shown)


def _cut(geography: "Geography", view: Window) -> dict[int, tuple]:
    """What the map's shapes and lines come to in the window `view` (`_outline`, `_strokes`),
    by shape, worked out once for every locator that shows the same window (cards of one area
    and pin: a deck's locators show fewer windows than there are cards), the same commands;
    the last WINDOWS windows' kept (each thread's own, as the rivers)."""
    _cuts = _kept.cuts
    if not _cuts or _cuts[0] is not geography:
        _cuts[:] = [geography, {}]
    windows = _cuts[1]
    found = windows.pop(view, None)
    if found is None:
        found = {}
        if len(windows) >= WINDOWS:
            del windows[next(iter(windows))]
    windows[view] = found  # (the last shown last)
    return found


def locator_nodes(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    """A locator box's nodes for one item (drawn here, not in the registered function, which
    mutation testing leaves alone as it does every decorated one)."""
    game = ctx.extra.get("game")
    board = map_set(game, box.get("locator"))
    if not ctx.drawing:  # (the checks: the templates read as drawing reads them, no map worked out)
        return _read(box, ctx, env) if board is not None else []
    from shapely.geometry import box as shapely_box

    from ..maps.areas.data import colours_of
    from ..maps.areas.geometry import geography_of

    geography = geography_of(board) if board is not None else None
    if geography is None:
        return []
    area = area_id(box.get("area").evaluate(env)) if box.get("area") is not None else None
    pin = coordinates(box.get("pin").evaluate(env)) if box.get("pin") is not None else None
    view = window(geography, area, pin, box.x, box.y, box.width, box.height)
    margin = (view.x1 - view.x0) * 0.05
    clip = shapely_box(view.x0 - margin, view.y0 - margin, view.x1 + margin, view.y1 + margin)
    ink, paper = ctx.ink(), ctx.paper()
    sea = ctx.colour(box.get("sea"), env, mix(paper, "#5b8fa8", 0.35)) or paper
    land = ctx.colour(box.get("land"), env, mix(paper, ink, 0.12)) or paper
    coast = ctx.colour(box.get("coast"), env, ink) or ink
    groups = colours_of(game, board)
    cut = _cut(geography, view)

    def outline(shape, strokes: bool = False) -> tuple:
        found = cut.get(id(shape))
        if found is None or found[0] is not shape:
            found = cut[id(shape)] = (shape, (_strokes if strokes else _outline)(shape, view, clip))
        return found[1]

    drawn: list[Node] = [Rect(box.x, box.y, box.width, box.height, Style(fill=sea))]
    for other in [shape for _, shape in geography.context] + [geography.beyond]:
        drawn.append(Path(outline(other), Style(fill=land, stroke=coast, stroke_width=0.4,
                                                             line_join="round")))
    own = None
    for each in geography.areas:
        cell = geography.cells[each.id]
        if cell.polygon.is_empty or not cell.polygon.intersects(clip):
            continue
        if each.id == area:
            group = groups.get(each.id)
            own = (cell.polygon, str(group.fields["colour"]).lower() if group is not None else land)
            continue
        # the others in the land's colour: a tint of theirs would read as the sea, or as the area itself
        drawn.append(Path(outline(cell.polygon), Style(fill=land, stroke=paper, stroke_width=0.5,
                                                                    line_join="round")))
    water = Style(stroke=mix(sea, coast, 0.3), stroke_width=0.6, line_cap="round", line_join="round")
    for line in _rivers(geography):
        commands = outline(line, strokes=True)
        if commands:
            drawn.append(Path(commands, water))
    drawn.append(Path(outline(geography.land), Style(stroke=coast, stroke_width=0.6, line_join="round")))
    if own is not None:  # the area itself: in full colour, edged in ink, over the rivers
        drawn.append(Path(outline(own[0]), Style(fill=own[1], stroke=ink, stroke_width=1.2,
                                                              line_join="round")))
    if pin is not None:
        x, y = view.point(*geography.project(*pin))
        head = min(box.width, box.height) * PIN_SHARE
        nodes, (hx, hy) = _pin(x, y, head, ink, paper)
        drawn += nodes
        icon = ctx.icon(box.get("symbol"), env)
        if icon is not None and ctx.draw_icon is not None:
            size = head * 0.7
            colour = ctx.colour(box.get("colour"), env, ink) or ink
            drawn.append(ctx.draw_icon(icon, hx - size / 2, hy - size / 2, size, colour, paper))
    return [Group(tuple(drawn), clip=Rect(box.x, box.y, box.width, box.height, Style()))]


AREA_MAP = Setting({"type": "string", "minLength": 1, "description": "The name of a set with an area map (a board "
                                                                       "with map: areas)."})


@box_kind("locator", "A small map that says where something is: the area map of the set named (a board with "
          "map: areas) cut to area (an expression giving one of its areas, or its id), that area in its group's colour "
          "edged in ink and the others in the land's colour, the rivers and coast, and a pin at pin (an "
          "expression giving a record with lon and lat, or none) holding symbol (an icon) in colour; sea, land "
          "and coast are its colours. The window holds the area and the pin with room round them, at least "
          "320 km across.",
          'where: {x: 14.5, y: 11, width: 45, height: 38.5, locator: board, area: group.area, pin: at, '
          'symbol: star, sea: "#bcd7e3"}',
          {"locator": AREA_MAP,
           "area": expression("An expression giving an area of the map: its id, or its record (a reference to it)."),
           "pin": expression("An expression giving a record with lon and lat (degrees), or none."),
           "symbol": ICON, "colour": COLOUR, "sea": COLOUR, "land": COLOUR, "coast": COLOUR})
def _locator(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    return locator_nodes(box, ctx, env)
