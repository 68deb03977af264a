"""The areas map kind's checks, registered with pnp.checks.rule: its projection, its areas'
neighbours, its points, its geometry (land, seats, border lines, room for markers) and the
texts it prints."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator, Mapping

from ...checks import Found, rule
from ...problems import Severity, plural
from ...layout.textfit import fit_size
from ...units import to_mm
from .data import Area, area_maps, areas_of, points_of
from .geometry import BORDER_NEAR_METRES, connected, geography_of
from .labels import (LEAST_LABEL_SIZE, MARKER_MARGIN_MM, area_labels, label_style, legend_room, map_box, map_frame,
                     map_layout, reach_out, scale_bar)
from .loading import bad_points
from .projection import projection_problem

if TYPE_CHECKING:
    from ...layout.fonts import FontMetrics
    from ...layout.reader import Box
    from ...model.game import ComponentSet, Game, Text
    from .geometry import Geography
    from .labels import MapFrame


# The checks of the map's geometry: the costliest (they import shapely and pyproj and compute
# the map), and they read nothing from the other sets' files, so their problems can be kept
# for as long as the map's own files stay as they are (see pnp.checks.validate).
GEOMETRY_CHECKS = frozenset({"board-projection", "area-isolated", "neighbours-connected", "area-geometry",
                             "room-for-markers", "border-line", "map-label", "map-cut"})
MAX_CUT_MM = 20.0  # a straight cut of the land in play longer than this on the page reads as a frontier
LEAST_FADE_MM = 5.0  # an area fading into the land around over less reads as a cut


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


@rule("map-cut", Severity.ERROR, f"The map's bounds cut the land in play along a straight line longer than "
      f"{MAX_CUT_MM:g} mm on the page, the land going on beyond it, and the areas do not fade into the land around "
      f"there (the board's fade: at least {LEAST_FADE_MM:g} mm).")
def map_cut(game: "Game") -> Found:
    for component, geography in _usable(game):
        box = map_box(component)
        fade = geography.board.fade
        if box is None or fade >= LEAST_FADE_MM:
            continue
        frame = map_frame(geography, box)
        for side, line in geography.cuts:
            length = to_mm(line.length * frame.scale)
            if length > MAX_CUT_MM:
                given = f", and a fade of {fade:g} mm reads as a cut" if fade else ""
                yield (game.locate(geography.board.origin, "bounds", side),
                       f"the map's {side} bound cuts the land in play along a straight line {length:.1f} mm long on "
                       f"the page, the land going on beyond it{given}: give the board a fade of {LEAST_FADE_MM:g} mm "
                       f"or more (fade:), so that the areas fade into the land around, or move the bound to where "
                       f"the land ends")


@rule("map-label", Severity.ERROR, "A text of an area map does not fit: an area's name finds no room inside the area "
      "even at its smallest size, a seat's name reaches out of its area onto other land (beside its seat, it lies "
      "inside the area or off the land), or a legend's, scale's or compass's text "
      "runs out of its box.")
def map_label(game: "Game") -> Found:
    from shapely.geometry import Point

    from ...layout.fonts import find_font, metrics

    paths = {role: find_font(name, game.root) for role, name in game.font_roles.items()}
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
                if placed.city_inside < 0.99 and not placed.city_offshore and area.id not in astray \
                        and (area.id, "city", city) not in said:
                    said.add((area.id, "city", city))
                    out = reach_out(geography.cells[area.id], frame, placed.city_box)
                    yield (game.locate(area.origin, "seat", "city", *_in(area.city, language)),
                           f"area '{area.id}': its seat's name {city!r} reaches {to_mm(out):.1f} mm out of the area "
                           f"at {style.city_size:g} pt: give it a shorter name or a smaller seats size")
            env = layout.env(dict(game.views(language).env(), map=component.settings.view(language, game.language)),
                             language, strict=False)
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
        font, size, room = fonts[box.get("font") or "body"], box.get("size") or 8.0, legend_room(box)
        for entry in box.get("legend") or []:
            label = text(entry.get("text"))
            if label and fit_size(font, label, room, size, LEAST_LABEL_SIZE) is None:
                yield label, (f"the {box.name} box's {label!r} does not fit the {to_mm(room):.1f} mm its row leaves "
                              f"even at {LEAST_LABEL_SIZE:g} pt ({to_mm(font.width(label, LEAST_LABEL_SIZE)):.1f} mm)")
    elif box.kind == "scale":
        font, size, unit = fonts[box.get("font") or "body"], box.get("size") or 8.0, text(box.get("scale"))
        *_, room = scale_bar(box, frame, font.width(unit, size))
        if unit and fit_size(font, unit, room, size, LEAST_LABEL_SIZE) is None:
            yield unit, (f"the {box.name} box's {unit!r} does not fit the {to_mm(max(room, 0.0)):.1f} mm right of its "
                         f"bar even at {LEAST_LABEL_SIZE:g} pt ({to_mm(font.width(unit, LEAST_LABEL_SIZE)):.1f} mm)")
    elif box.kind == "compass":
        font, size, label = fonts[box.get("font") or "heading"], box.get("size") or 11.0, text(box.get("compass"))
        width = font.width(label, size)
        if width > box.width + 1e-6:
            yield label, (f"the {box.name} box's {label!r} is {to_mm(width):.1f} mm wide at {size:g} pt, "
                          f"{to_mm(width - box.width):.1f} mm wider than the box")


@rule("map-marks", Severity.ERROR, "An area map's marks: names no icon field of the groups its areas take their "
      "colours from (colours: {from: SET, by: FIELD}), so no area's mark would be drawn.")
def map_marks(game: "Game") -> Found:
    import difflib

    from ...checks.printed import nested

    for component in area_maps(game):
        link = component.declaration.get("colours")
        source = game.sets.get(link.get("from")) if isinstance(link, Mapping) else None
        for layout in component.faces.values():
            for box in nested(layout.boxes):
                marks = (box.get("map") or {}).get("marks") if box.kind == "map" else None
                if not marks:
                    continue
                doc = game.documents.get(layout.origins.get(box.name, layout.file))
                where = doc.locate(box.at + ("map", "marks")) if doc is not None else layout.locate(box, game.documents)
                said = f"layout '{layout.file}': box '{box.name}': marks: '{marks}'"
                if source is None or not source.group_fields:
                    yield where, (f"{said} names a field of the groups the areas take their colours from, and set "
                                  f"'{component.name}' takes them from none (colours: {{from: SET, by: FIELD}}, a set "
                                  f"with groups): no area has a mark")
                    continue
                noun = source.group_noun[1] if source.group_noun else f"{source.group_key or 'group'}s"
                groups = f"the {noun} of set '{source.name}'"
                found = source.group_fields.get(marks)
                if found is None:
                    icons = sorted(name for name, f in source.group_fields.items() if f.type == "icon")
                    close = difflib.get_close_matches(marks, icons, n=1)
                    hint = f" (did you mean '{close[0]}'?)" if close else \
                        f" (their icon fields: {', '.join(icons)})" if icons else " (they have no icon field)"
                    yield where, f"{said} is no field of {groups}{hint}"
                elif found.type != "icon":
                    yield where, (f"{said} is a {found.type} field of {groups}, not an icon: no area's mark would be "
                                  f"drawn")
