"""pnp.maps.areas.draw: the scene nodes an area map draws (the sea, the graticule, each area in
its colours, the rivers and ranges, the coast, the links by sea, each area's seat, city, marker
spot and name) and those of its compass, scale bar and legend; on a tiny game of its own."""

from __future__ import annotations

import math
from typing import Callable

import pytest
from shapely.geometry import Polygon, box

from pnp.boxes.context import Context
from pnp.model.colours import mix
from pnp.layout.fonts import bundled_fonts, metrics
from pnp.maps.areas import draw
from pnp.maps.areas.draw import (_compass, _dashes, _fade, _legend, _line, _lines, _map, _on_land, _path, _ridge,
                                 _rings, _scale, _sea_route, _seat_marker, _uncut, range_colour, river_colour)
from pnp.maps.areas.geometry import geography_of
from pnp.maps.areas.labels import MapFrame, area_labels, label_style, map_frame
from pnp.model.game import Game
from pnp.scene import Circle, Group, Path, Rect, Style, Text
from pnp.units import mm

Make = Callable[..., tuple[Game, list[str]]]
FONTS = {"heading": metrics(bundled_fonts()["SourceSerifPro-Bold"]),
         "body": metrics(bundled_fonts()["SourceSansPro-Regular"])}
def flat(commands) -> list[float]:
    return [v for command in commands for v in command[1:]]


IDENTITY = MapFrame(1.0, 0.0, 0.0, 0.0, 0.0)  # metres as points, y up the page turned down


# --- shapes as paths ------------------------------------------------------------------------------

def test_a_shapes_rings_as_closed_paths() -> None:
    holed = Polygon([(0, 0), (4, 0), (4, 4), (0, 4)], [[(1, 1), (2, 1), (2, 2)]])
    assert [list(r.coords) for r in _rings(holed)] == [list(holed.exterior.coords), list(holed.interiors[0].coords)]
    assert _path(box(0, 0, 1, 2), IDENTITY) == (("M", 1.0, -0.0), ("L", 1.0, -2.0), ("L", 0.0, -2.0),
                                                ("L", 0.0, -0.0), ("L", 1.0, -0.0), ("Z",))
    two = box(0, 0, 1, 1).union(box(5, 0, 6, 1))
    assert [c[0] for c in _path(two, IDENTITY)] == ["M", "L", "L", "L", "L", "Z"] * 2
    assert _path(Polygon(), IDENTITY) == () and _path(two.boundary, IDENTITY) == ()


def test_lines_dashes_and_ridges() -> None:
    assert _line([(0, 0), (1, 2), (3, 4)]) == (("M", 0, 0), ("L", 1, 2), ("L", 3, 4))
    dashed = _dashes([(0, 0), (10, 0)], 2)
    assert [c[0] for c in dashed] == ["M", "L"] * 3
    assert flat(dashed) == pytest.approx([0, 0, 2, 0, 4, 0, 6, 0, 8, 0, 10, 0])
    # a dash carried round a corner
    bent = _dashes([(0, 0), (3, 0), (3, 3)], 2)
    assert bent == (("M", 0.0, 0.0), ("L", 2.0, 0.0), ("M", 3.0, 1.0), ("L", 3.0, 3.0))
    assert _dashes([(0, 0), (0, 0), (4, 0)], 2) == (("M", 0.0, 0.0), ("L", 2.0, 0.0))
    ridge = _ridge([(0, 0), (10, 0)], step=4, tick=1)
    assert ridge == (("M", 0, 0), ("L", 10, 0), ("M", 2.0, 0.0), ("L", 2.0, 1.0), ("M", 6.0, 0.0), ("L", 6.0, -1.0),
                     ("M", 10.0, 0.0), ("L", 10.0, 1.0))
    assert len(_ridge([(0, 0), (0, mm(16))])) == 2 + 2 * 10  # a tick every 1.6 mm, from 0.8 mm in


def test_a_link_by_sea_bows_out_where_it_crosses_less_land() -> None:
    land_below = lambda p: p[1] > 0  # noqa: E731  (the page's y runs down)
    route = _sea_route((0, 0), (100, 0), land_below)
    assert len(route) == 61 and route[0] == (0, 0) and route[-1] == pytest.approx((100, 0))
    assert route[30] == pytest.approx((50, -22.5))  # bowed up, half the control point's 45 off the line
    land_above = lambda p: p[1] < 0  # noqa: E731
    assert _sea_route((0, 0), (100, 0), land_above)[30] == pytest.approx((50, 22.5))
    assert _sea_route((0, 0), (100, 0), lambda p: False)[30] == pytest.approx((50, 22.5))  # a tie: the first tried


def test_the_colours_of_rivers_and_ranges() -> None:
    colours = {"sea": "#0000ff", "coast": "#000000", "ink": "#ff0000", "land": "#ffffff"}
    assert river_colour(colours) == mix("#0000ff", "#000000", 0.45)
    assert range_colour(colours) == mix("#ff0000", "#ffffff", 0.45)


def test_a_seat_marker() -> None:
    assert _seat_marker(10, 20, "#111111", "#eeeeee") == [
        Circle(10, 20, mm(1.5), Style(fill="#eeeeee", stroke="#111111", stroke_width=0.7)),
        Circle(10, 20, mm(0.6), Style(fill="#111111"))]


# --- the map --------------------------------------------------------------------------------------

LAYOUT = """\
colours: {sea: "#0000ff", land: "#00ff00", coast: "#000000", border: "#ffffff", ink: "#111111", paper: "#eeeeee"}
boxes:
  map: {x: 10, y: 10, width: 240, height: 160, map: {sea: sea, land: land, coast: coast, border: border}}
  compass: {x: 10, y: 180, width: 30, height: 30, compass: "{map.labels.north}", font: heading, size: 10}
  scale: {x: 50, y: 180, width: 100, height: 10, scale: "{map.labels.kilometres}"}
  legend:
    x: 160
    y: 180
    width: 60
    height: 48
    legend:
      - {mark: seat, text: "{map.labels.seat}"}
      - {mark: border, text: border}
      - {mark: coast, text: coast}
      - {mark: river, text: river}
      - {mark: range, text: range}
      - {mark: link, text: link}
"""
THREE = """\
areas:
  - {id: w, name: West, seat: {city: Westby, lat: 2, lon: 1}}
  - {id: e, name: East, seat: {city: Eastby, lat: 2, lon: 5}, neighbours: {add: [i]}}
  - {id: i, name: Isle, seat: {city: Isleby, lat: 2, lon: 8.5}, neighbours: {add: [e]}}
"""
LAND = "playing:\n  - [[0, 0], [6, 0], [6, 4], [0, 4]]\n  - [[8, 1], [9, 1], [9, 3], [8, 3]]\n" \
       "context:\n  - {name: Beyond, ring: [[6, 5], [7, 5], [7, 6]]}\n"


def context(game: Game, language: str = "en") -> Context:
    layout = game.sets["board"].faces["layout.yaml"]
    return Context(FONTS, {}, {}, language, "en", layout, {"game": game, "set": game.sets["board"]})


def env(game: Game, language: str = "en") -> dict:
    layout = game.sets["board"].faces["layout.yaml"]
    return dict(game.views(language).env(), map=game.sets["board"].settings.view(language, "en"),
                colours=layout.colours)


def boxes(game: Game) -> dict:
    return {b.name: b for b in game.sets["board"].faces["layout.yaml"].boxes}


def test_the_map_drawn(board_game: Make) -> None:
    game, problems = board_game(areas=THREE, land=LAND, layout=LAYOUT,
                                rivers="rivers:\n  - {name: Blue, border: true, lines: [[[3, 4.5], [3, -0.5]]]}\n",
                                ranges="ranges:\n  - {name: Hills, lines: [[[1, 1], [2, 3]]]}\n"
                                       "  - {name: Low, draw: none, lines: [[[1, 3], [2, 1]]]}\n")
    assert problems == []
    ctx = context(game)
    the_map = boxes(game)["map"]
    geography = geography_of(game.sets["board"])
    frame = map_frame(geography, the_map)
    nodes = _map(the_map, ctx, env(game))
    assert ctx.extra["map"] == (frame, geography, {"sea": "#0000ff", "land": "#00ff00", "coast": "#000000",
                                                   "border": "#ffffff", "ink": "#111111", "paper": "#eeeeee"})
    group, outline = nodes
    assert outline == Rect(the_map.x, the_map.y, the_map.width, the_map.height, Style(stroke="#111111",
                                                                                    stroke_width=0.8))
    assert isinstance(group, Group) and group.clip == Rect(the_map.x, the_map.y, the_map.width, the_map.height,
                                                            Style())
    drawn = list(group.children)
    assert drawn[0] == Rect(the_map.x, the_map.y, the_map.width, the_map.height, Style(fill="#0000ff"))
    # the graticule: every 5 degrees from 5 beyond the default bounds (60 to 100 E, 5 to 40 N), in the sea's
    # colour a quarter of the way to the coast's
    grid = [n for n in drawn if isinstance(n, Path) and n.style == Style(stroke=mix("#0000ff", "#000000", 0.25),
                                                                         stroke_width=0.4)]
    assert len(grid) == 11 + 10
    assert grid[0].commands[0] == ("M", *frame.point(*geography.project(55, 0)))
    assert len(grid[0].commands) == (45 - 0) * 2 + 1
    # the land around (nothing beyond bounds: none are given), stroked in its colour, then its coast; then each
    # area in the land's colour (no group gives it one), then their borders
    around = [n for n in drawn if isinstance(n, Path) and n.style == Style(fill="#00ff00", stroke="#00ff00",
                                                                           stroke_width=0.6)]
    assert [n.commands for n in around] == [_path(geography.context[0][1], frame)]
    shores = [n for n in drawn if isinstance(n, Path) and n.style == Style(stroke="#000000", stroke_width=0.6,
                                                                           line_join="round")]
    assert [n.commands for n in shores] == [_lines(geography.context[0][1].boundary, frame)]
    areas = [n for n in drawn if isinstance(n, Path) and n.style == Style(fill="#00ff00")]
    assert [n.commands for n in areas] == [_path(geography.cells[a].polygon, frame) for a in ("w", "e", "i")]
    borders = [n for n in drawn if isinstance(n, Path) and n.style == Style(stroke="#ffffff", stroke_width=1.3,
                                                                            line_join="round")]
    assert [n.commands for n in borders] == [_lines(geography.cells[a].polygon.boundary, frame)
                                             for a in ("w", "e", "i")]
    assert drawn.index(areas[-1]) < drawn.index(borders[0])
    # the river: a band of border where it parts two areas, the river on it; the range drawn, the other not
    bands = [n for n in drawn if isinstance(n, Path) and n.style.stroke_width == 2.6]
    assert bands and all(n.style == Style(stroke="#ffffff", stroke_width=2.6, line_cap="round", line_join="round")
                         for n in bands)
    rivers = [n for n in drawn if isinstance(n, Path) and n.style.stroke == river_colour(ctx.extra["map"][2])]
    assert [n.commands for n in rivers] == [_line([frame.point(*geography.project(3, 4.5)),
                                                   frame.point(*geography.project(3, -0.5))])]
    ridges = [n for n in drawn if isinstance(n, Path) and n.style.stroke == range_colour(ctx.extra["map"][2])]
    assert [n.commands for n in ridges] == [_ridge([frame.point(*geography.project(1, 1)),
                                                    frame.point(*geography.project(2, 3))])]
    coast = [n for n in drawn if isinstance(n, Path) and n.style == Style(stroke="#000000", stroke_width=1.4,
                                                                          line_join="round")]
    assert [n.commands for n in coast] == [_lines(geography.land.boundary, frame)]
    # the link by sea between e and i, dashed; none between w and e, which share a border
    links = [n for n in drawn if isinstance(n, Path) and n.style == Style(stroke="#111111", stroke_width=1.1,
                                                                          line_cap="round")]
    a, b = frame.point(*geography.project(5, 2)), frame.point(*geography.project(8.5, 2))
    assert [n.commands for n in links] == [
        _dashes(_sea_route(a, b, lambda p: draw._on_land(geography, frame, p)), mm(2))]
    # each area's seat, city and name, in the ink, haloed in its colour
    style = label_style(the_map, FONTS, game.sets["markers"])
    texts = [n for n in drawn if isinstance(n, Text)]
    for area, name, city in zip(geography.areas, ("West", "East", "Isle"), ("Westby", "Eastby", "Isleby")):
        placed = area_labels(geography, frame, area, name, city, style)
        assert Text(placed.city_x, placed.city_baseline, city, "SourceSansPro-Regular", 7.5, "#111111",
                    placed.city_anchor, "#00ff00", 0.9) in texts
        assert Text(placed.name_at[0], placed.name_at[1] + placed.name_height / 2, name, "SourceSerifPro-Bold",
                    placed.name_size, "#111111", "middle", "#00ff00", 1.2) in texts
        assert Circle(*placed.spot, style.spot / 2, Style(fill="#eeeeee", stroke="#111111", stroke_width=0.6)) in drawn
        assert Circle(*placed.spot, style.spot / 2 - mm(1.5), Style(stroke=mix("#111111", "#eeeeee", 0.6),
                                                                    stroke_width=0.4)) in drawn
        assert _seat_marker(*placed.seat, "#111111", "#eeeeee")[0] in drawn
    assert len(texts) == 6 and style.spot == pytest.approx(mm(18))


def test_each_area_in_its_groups_colours(board_game: Make, monkeypatch) -> None:
    game, _ = board_game(layout=LAYOUT)
    colours = {"w": {"colour": "#AA0000", "text_colour": "#00BB00"}, "e": {"colour": "#0000cc"}}
    groups = {a: type("G", (), {"fields": f})() for a, f in colours.items()}
    monkeypatch.setattr(draw, "colours_of", lambda g, s: groups)
    drawn = list(_map(boxes(game)["map"], context(game), env(game))[0].children)
    fills = [n.style.fill for n in drawn if isinstance(n, Path) and n.style.fill and not n.style.stroke]
    assert fills == ["#aa0000", "#0000cc"]
    texts = [(n.text, n.fill, n.halo) for n in drawn if isinstance(n, Text)]
    assert texts == [("Westby", "#00bb00", "#aa0000"), ("West", "#00bb00", "#aa0000"),
                     ("Eastby", "#111111", "#0000cc"), ("East", "#111111", "#0000cc")]


FADED = """\
land: land.yaml
projection: +proj=eqc +R=6371000 +to_meter=1.1119492664455874
bounds: {west: 1, south: -1, east: 7, north: 5}
fade: 4
labels: {subtitle: a, north: N, kilometres: km, seat: a, border: a, coast: a, link: a}
"""


def test_where_the_bounds_cut_the_land_the_area_fades_into_it_and_no_line_is_drawn(board_game: Make,
                                                                                   monkeypatch) -> None:
    """Bounds at 1°E cut the land (0 to 6°E): beyond them the land around, its cut stroked in its
    own colour only; West fades into it over 4 mm (8 bands of 0.5 mm, from its colour towards the
    land's, the nearest the cut palest); no coast, border or shore line runs along the cut."""
    import shapely

    game, problems = board_game(layout=LAYOUT, board=FADED)
    assert problems == []
    groups = {"w": type("G", (), {"fields": {"colour": "#aa0000"}})()}
    monkeypatch.setattr(draw, "colours_of", lambda g, s: groups)
    the_map = boxes(game)["map"]
    geography = geography_of(game.sets["board"])
    frame = map_frame(geography, the_map)
    drawn = list(_map(the_map, context(game), env(game))[0].children)
    ((side, cut),) = geography.cuts
    assert side == "west"
    west = geography.cells["w"].polygon
    bands = _fade(geography, frame, west, "#aa0000", "#00ff00")
    assert len(bands) == 8 and all(band in drawn for band in bands)
    assert drawn.index(bands[0]) > drawn.index(next(n for n in drawn if isinstance(n, Path)
                                                    and n.style == Style(fill="#aa0000")))
    fills = [band.style.fill for band in bands]  # from the inside out: the palest last, nearest the cut
    assert fills[0] == mix("#aa0000", "#00ff00", 1 - (7.5 / 8) ** 2 * (3 - 2 * 7.5 / 8))
    assert fills[-1] == mix("#aa0000", "#00ff00", 1 - (0.5 / 8) ** 2 * (3 - 2 * 0.5 / 8))
    reach = max(x for band in bands for c in band.commands[:-1] if c[0] in "ML" for x in [c[1]])
    assert reach == pytest.approx(frame.point(*cut.coords[0])[0] + mm(4), abs=0.5)
    assert _fade(geography, frame, geography.cells["e"].polygon, "#0000cc", "#00ff00") == []  # far from the cut
    # no line along the cut
    x = frame.point(*cut.coords[0])[0]
    lines = [n for n in drawn if isinstance(n, Path) and n.style.stroke in ("#000000", "#ffffff")]
    along = [c for n in lines for c in n.commands if c[0] in "ML" and abs(c[1] - x) < 0.01 and
             frame.point(0, 0.5 * 100_000)[1] > c[2] > frame.point(0, 3.5 * 100_000)[1]]
    assert lines and along == []
    assert _uncut(shapely.box(0, 0, 1, 1), None).equals(shapely.box(0, 0, 1, 1).boundary)
    assert _uncut(shapely.Polygon(), None).is_empty


def test_a_marks_icon_before_each_name_on_a_disc_of_its_areas_colour(board_game: Make, monkeypatch) -> None:
    from pnp.icons.draw import draw_icon
    from pnp.icons import Icon

    layout = LAYOUT.replace("border: border}}", "border: border, marks: mark}}")
    game, _ = board_game(layout=layout)
    groups = {"w": type("G", (), {"fields": {"colour": "#aa0000", "text_colour": "#00bb00", "mark": "fish"}})(),
              "e": type("G", (), {"fields": {"colour": "#0000cc", "mark": "unknown"}})()}
    monkeypatch.setattr(draw, "colours_of", lambda g, s: groups)
    fish = Icon("fish", "icons/fish.svg", (0, 0, 10, 10), (Rect(0, 0, 10, 10, Style(fill="#000000")),))
    ctx = context(game)
    ctx.icons, ctx.draw_icon = {"fish": fish}, draw_icon
    the_map = boxes(game)["map"]
    drawn = list(_map(the_map, ctx, env(game))[0].children)
    geography = geography_of(game.sets["board"])
    style = label_style(the_map, FONTS, game.sets["markers"])
    placed = area_labels(geography, map_frame(geography, the_map), geography.areas[0], "West", "Westby", style)
    mx, my = placed.mark_at
    size = style.mark
    disc = Circle(mx, my, size / 2 + mm(0.4), Style(fill="#aa0000"))
    assert disc in drawn and drawn[drawn.index(disc) + 1] == draw_icon(fish, mx - size / 2, my - size / 2, size,
                                                                        "#00bb00", "#aa0000")
    assert mx < placed.name_at[0] - placed.name_width / 2
    # East's mark names no icon: no disc
    assert [n for n in drawn if isinstance(n, Circle) and n.style == Style(fill="#0000cc")] == []


def test_a_seats_name_on_the_sea_in_ink_on_a_halo_of_the_sea(board_game: Make) -> None:
    areas = ("areas:\n  - {id: w, name: West, seat: {city: Westby, lat: 0.01, lon: 0.01}, anchor: {lat: 2, lon: 1}}\n"
             "  - {id: e, name: East, seat: {city: Eastby, lat: 2, lon: 5}}\n")
    game, _ = board_game(layout=LAYOUT, areas=areas)
    drawn = list(_map(boxes(game)["map"], context(game), env(game))[0].children)
    texts = {n.text: n for n in drawn if isinstance(n, Text)}
    assert (texts["Westby"].fill, texts["Westby"].halo) == ("#111111", "#0000ff")
    assert (texts["Eastby"].fill, texts["Eastby"].halo) == ("#111111", "#00ff00")


def test_a_map_with_no_geography_draws_nothing(board_game: Make) -> None:
    game, _ = board_game(layout=LAYOUT, board="land: land.yaml\nprojection: +proj=merc +k=a\nlabels: {subtitle: a, "
                                              "north: N, kilometres: km, seat: a, border: a, coast: a, link: a}\n")
    ctx = context(game)
    assert _map(boxes(game)["map"], ctx, env(game)) == [] and "map" not in ctx.extra
    ctx.extra.pop("set")
    assert _map(boxes(game)["map"], ctx, env(game)) == []
    # and the scale and legend, with no map drawn before them, nothing
    assert _scale(boxes(game)["scale"], ctx, env(game)) == [] and _legend(boxes(game)["legend"], ctx, env(game)) == []


def test_an_area_with_no_land_has_its_seat_and_city_alone(board_game: Make) -> None:
    game, _ = board_game(layout=LAYOUT, markers=None, areas="areas:\n  - {id: w, name: W, seat: {city: Wy, lat: 2, "
                         "lon: 1}}\n  - {id: s, name: S, seat: {city: Sy, lat: 9, lon: 9}, shape: '8,8 9,8 9,9'}\n")
    drawn = list(_map(boxes(game)["map"], context(game), env(game))[0].children)
    assert [n.text for n in drawn if isinstance(n, Text)] == ["Wy", "W", "Sy"]
    assert len([n for n in drawn if isinstance(n, Path) and n.style.stroke_width == 1.3]) == 1
    assert not [n for n in drawn if isinstance(n, Circle) and n.style.stroke_width == 0.6]  # no markers: no spots


# --- the compass, the scale and the legend --------------------------------------------------------

def test_the_compass(board_game: Make) -> None:
    game, _ = board_game(layout=LAYOUT)
    box_ = boxes(game)["compass"]
    nodes = _compass(box_, context(game, "fr"), env(game, "fr"))
    cx, cy = box_.x + box_.width / 2, box_.y + box_.height / 2 + mm(2)
    r = box_.width / 2 - mm(3)
    assert nodes[0] == Circle(cx, cy, r * 0.62, Style(fill="#eeeeee", stroke="#111111", stroke_width=0.6))
    assert nodes[-1] == Text(cx, cy - r - mm(1.2), "N", "SourceSerifPro-Bold", 10, "#111111", "middle")
    points = nodes[1:-1]
    assert len(points) == 16
    assert points[0] == Path((("M", cx, cy - r), ("L", pytest.approx(cx + r * 0.16), pytest.approx(cy)), ("L", cx, cy),
                              ("Z",)), Style(fill="#111111"))
    assert points[1].style == Style(fill="#eeeeee", stroke="#111111", stroke_width=0.4)
    east = points[4].commands[0]  # the third point, east, full length
    assert east == ("M", pytest.approx(cx + r), pytest.approx(cy))
    north_east = points[2].commands[0]
    assert north_east == ("M", pytest.approx(cx + r * 0.55 * math.cos(math.radians(-45))),
                          pytest.approx(cy + r * 0.55 * math.sin(math.radians(-45))))


def test_the_scale_bar(board_game: Make) -> None:
    game, _ = board_game(layout=LAYOUT)
    ctx = context(game, "fr")
    _map(boxes(game)["map"], ctx, env(game, "fr"))
    bar = boxes(game)["scale"]
    nodes = _scale(bar, ctx, env(game, "fr"))
    # 160 mm for 400 km: 100 km is 40 mm; five steps would leave the unit no room: two
    step = mm(40)
    rects = [n for n in nodes if isinstance(n, Rect)]
    assert [(r.x, r.y, r.width, r.height) for r in rects] == [
        (bar.x, bar.y + mm(2), pytest.approx(step), mm(2)), (pytest.approx(bar.x + step), bar.y + mm(2),
                                                               pytest.approx(step), mm(2))]
    assert [r.style for r in rects] == [Style(fill="#111111", stroke="#111111", stroke_width=0.5),
                                        Style(fill="#eeeeee", stroke="#111111", stroke_width=0.5)]
    texts = [n for n in nodes if isinstance(n, Text)]
    assert [(n.text, n.size, n.anchor) for n in texts] == [("0", 8.0, "middle"), ("100", 8.0, "middle"),
                                                           ("200", 8.0, "middle"), ("kilomètres", 8.0, "start")]
    assert [n.x for n in texts] == pytest.approx([bar.x, bar.x + step, bar.x + 2 * step, bar.x + 2 * step + mm(4)])
    assert [n.y for n in texts] == pytest.approx([bar.y + mm(4) + 9] * 3 + [bar.y + mm(4)])


def test_the_legend(board_game: Make) -> None:
    game, _ = board_game(layout=LAYOUT)
    ctx = context(game)
    _map(boxes(game)["map"], ctx, env(game))
    key = boxes(game)["legend"]
    nodes = _legend(key, ctx, env(game))
    assert nodes[0] == Rect(key.x, key.y, key.width, key.height, Style(fill="#eeeeee", stroke="#111111",
                                                                       stroke_width=0.6), radius=mm(1.5))
    texts = [n for n in nodes if isinstance(n, Text)]
    assert [n.text for n in texts] == ["seat", "border", "coast", "river", "range", "link"]
    row = (key.height - mm(4)) / 6
    cap = FONTS["body"].cap_height * 8
    assert [(n.x, n.y) for n in texts] == [(pytest.approx(key.x + mm(13)), pytest.approx(key.y + mm(2) + row * (i + 0.5)
                                                                                         + cap / 2)) for i in range(6)]
    x, cy = key.x + mm(4), key.y + mm(2) + row * 0.5
    assert nodes[1:3] == _seat_marker(x + mm(3), cy, "#111111", "#eeeeee")
    cy = key.y + mm(2) + row * 1.5
    assert nodes[4] == Rect(x, cy - mm(2), mm(6), mm(4), Style(fill=mix("#111111", "#eeeeee", 0.55)))
    assert nodes[5] == Path((("M", x + mm(3), cy - mm(2)), ("L", x + mm(3), cy + mm(2))), Style(stroke="#ffffff",
                                                                                               stroke_width=1.4))
    cy = key.y + mm(2) + row * 2.5
    assert nodes[7:10] == [Rect(x, cy - mm(2), mm(6), mm(4), Style(fill="#0000ff")),
                           Rect(x, cy - mm(2), mm(3), mm(4), Style(fill=mix("#111111", "#eeeeee", 0.55))),
                           Path((("M", x + mm(3), cy - mm(2)), ("L", x + mm(3), cy + mm(2))),
                                Style(stroke="#000000", stroke_width=1.2))]
    cy = key.y + mm(2) + row * 3.5
    assert nodes[11].style == Style(stroke=river_colour(ctx.extra["map"][2]), stroke_width=0.9, line_cap="round")
    assert nodes[11].commands[0] == ("M", x, cy + mm(0.6))
    cy = key.y + mm(2) + row * 4.5
    assert nodes[13] == Path(_ridge([(x, cy), (x + mm(6.5), cy)]), Style(stroke=range_colour(ctx.extra["map"][2]),
                                                                         stroke_width=0.8, line_cap="round"))
    cy = key.y + mm(2) + row * 5.5
    assert nodes[15] == Path(_dashes([(x, cy), (x + mm(6.5), cy)], mm(1.2)), Style(stroke="#111111", stroke_width=1.1,
                                                                                   line_cap="round"))


def test_where_the_page_shows_land(board_game: Make) -> None:
    game, _ = board_game(layout=LAYOUT)
    geography = geography_of(game.sets["board"])
    frame = map_frame(geography, boxes(game)["map"])
    assert _on_land(geography, frame, frame.point(100_000, 100_000))
    assert not _on_land(geography, frame, frame.point(700_000, 100_000))
