"""pnp.boxes.locator: a small map cut to one area of another set's area map, that area in its
group's colour edged in ink and the others in the land's, the rivers and the coast, and a pin at
the item's longitude and latitude holding an icon; the window it shows, and the records it
reads. On a tiny game of its own: a board whose land is a box 600 km by 400 km (a degree is 100
km), West and East halving it at 3 degrees east, and a set of sites each in an area."""

from __future__ import annotations

import math
import textwrap
from pathlib import Path
from typing import Callable

import pytest
from shapely.geometry import LineString, Point, Polygon

from pnp.boxes import kinds
from pnp.boxes.context import Context
from pnp.boxes.locator import (LEAST_SPAN_KM, PIN_SHARE, SIMPLIFY_PT, Window, _apart, _outline, _pin, _rivers,
                               _strokes, area_id,
                               coordinates,
                               locator_nodes, map_set, window)
from pnp.load.game import load_game
from pnp.maps.areas.geometry import geography_of
from pnp.model.colours import mix
from pnp.model.game import Game
from pnp.scene import Circle, Group, Path as PathNode, Rect, Style
from pnp.units import mm

from .conftest import ICONS, Drawn, draw_icon

EQC = "+proj=eqc +R=6371000 +to_meter=1.1119492664455874"  # a degree: 100,000 of its metres
GAME = """\
title: Test
languages: [en]
fonts: {heading: SourceSerifPro-Bold, body: SourceSansPro-Regular}
players: {min: 2, max: 4}
components:
  board:
    type: board
    size: a3
    map: areas
    files: areas.yaml
    items: areas
    settings: board.yaml
    face: layout.yaml
  sites:
    type: token
    size: 60mm
    files: sites.yaml
    items: sites
    fields:
      area: {type: ref, to: board}
      at: {type: record, optional: true, fields: {lat: number, lon: number}}
    face: site.yaml
"""
FILES = {
    "areas": "areas:\n  - {id: w, name: West, seat: {city: Westby, lat: 2, lon: 1}}\n"
             "  - {id: e, name: East, seat: {city: Eastby, lat: 2, lon: 5}}\n",
    "board": f"land: land.yaml\nprojection: {EQC}\nrivers: rivers.yaml\nlabels: {{subtitle: a, north: N, "
             "kilometres: km, seat: a, border: a, coast: a, link: a}\n",
    "land": "playing:\n  - [[0, 0], [6, 0], [6, 4], [0, 4]]\n"
            "context:\n  - {name: Beyond, ring: [[6, 5], [7, 5], [7, 6]]}\n",
    "rivers": "rivers:\n  - {name: Blue, lines: [[[4, 4], [4, 1]]]}\n",
    "layout": "boxes: {}\n",
    "sites": "sites:\n  - {id: mill, area: e, at: {lat: 1, lon: 4.5}}\n  - {id: nowhere, area: w}\n",
    "site": 'colours: {ink: "#111111", paper: "#eeeeee"}\nboxes:\n'
            '  where: {x: 10, y: 10, width: 40, height: 30, locator: board, area: area, pin: at, symbol: star, '
            'sea: "#0000ff", land: "#00ff00", coast: "#000000", colour: "#ff0000"}\n',
}
STAR = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><path d="M50 5 L61 39 L95 39 Z"/></svg>\n'
Make = Callable[..., Game]
BOX = (mm(10), mm(10), mm(40), mm(30))  # the where box, points


@pytest.fixture
def game(tmp_path: Path) -> Make:
    def make(**files: str) -> Game:
        for name, text in {**FILES, **files}.items():
            (tmp_path / f"{name}.yaml").write_text(textwrap.dedent(text), "utf-8")
        (tmp_path / "game.yaml").write_text(GAME, "utf-8")
        (tmp_path / "icons").mkdir(exist_ok=True)
        (tmp_path / "icons" / "star.svg").write_text(STAR, "utf-8")
        found, problems = load_game(tmp_path / "game.yaml")
        assert found is not None and not [p for p in problems if p.severity.name == "ERROR"], \
            [p.format() for p in problems]
        return found
    return make


def drawn(game: Game, item: str = "mill", drawing: bool = True) -> list:
    sites = game.sets["sites"]
    layout = sites.faces["site.yaml"]
    the_item = next(i for i in sites.items if i.id == item)
    env = layout.env(dict(game.views("en").env(the_item)), "en")
    ctx = Context({}, ICONS, {}, "en", "en", layout, {"game": game, "set": sites}, draw_icon, drawing=drawing)
    return locator_nodes(layout.box("where"), ctx, env)


def test_the_locator_kind() -> None:
    kind = kinds()["locator"]
    assert kind.keys == {"locator", "area", "pin", "symbol", "colour", "sea", "land", "coast"}
    assert list(kinds())[-5:] == ["locator", "map", "compass", "scale", "legend"]  # (after hexmap, before the map's)


def test_the_records_it_reads() -> None:
    assert coordinates({"lat": 12.5, "lon": -3}) == (-3.0, 12.5)
    assert coordinates({"lat": 90, "lon": 180}) == (180.0, 90.0) and coordinates({"lat": -90, "lon": -180})
    for wrong in ({"lat": 91, "lon": 0}, {"lat": 0, "lon": 180.5}, {"lat": 0, "lon": -181}, {"lat": -90.1, "lon": 0},
                  {"lat": True, "lon": 0}, {"lat": "1", "lon": 0}, {"lon": 1}, [1, 2], "1, 2", None):
        assert coordinates(wrong) is None, wrong
    assert area_id("e") == "e" and area_id({"id": "e", "name": "East"}) == "e"
    assert area_id({"name": "East"}) is None and area_id({"id": 3}) is None and area_id(None) is None


def test_the_window_holds_the_area_with_room_fitted_to_the_box(game: Make) -> None:
    geography = geography_of(game().sets["board"])
    # East: 300 by 400 km, 12 % of room each side: 372 by 496 km, widened to the box's 4:3 (661.3 km) about
    # its centre (450, 200 km)
    view = window(geography, "e", None, 10.0, 20.0, 160.0, 120.0)
    assert (view.x0, view.y0, view.x1, view.y1) == pytest.approx(
        (450_000 - 330_667, 200_000 - 248_000, 450_000 + 330_667, 200_000 + 248_000), abs=1)
    assert view.scale == pytest.approx(160.0 / 661_333.3) and (view.left, view.top) == (10.0, 20.0)
    assert view.point(450_000, 200_000) == pytest.approx((90.0, 80.0))  # the centre, at the box's centre
    # a box taller than wide: the height widened instead
    tall = window(geography, "e", None, 0.0, 0.0, 100.0, 200.0)
    assert (tall.x1 - tall.x0, tall.y1 - tall.y0) == pytest.approx((372_000, 744_000))
    # no area (or one the map lacks): the whole land, 600 by 400 km with its room
    assert window(geography, None, None, 0, 0, 100, 100).x1 == pytest.approx(300_000 + 744_000 / 2)
    assert window(geography, "x", None, 0, 0, 100, 100).x1 == pytest.approx(300_000 + 744_000 / 2)


def test_the_window_holds_the_pin_and_its_head(game: Make) -> None:
    geography = geography_of(game().sets["board"])
    # a pin beyond the area widens the window to hold it: West (0-3 degrees) and a pin at 5 E
    view = window(geography, "w", (5.0, 2.0), 0.0, 0.0, 100.0, 100.0)
    assert view.x1 - view.x0 == pytest.approx(500_000 * 1.24) and view.x0 < 0 < 500_000 < view.x1
    # a pin at the area's northern edge: the window moved up so that its head (PIN_SHARE of the box
    # across, its top 1.55 heads above the point) shows whole, 0.1 head to spare
    top = window(geography, "e", (4.5, 4.0), 0.0, 0.0, 100.0, 100.0)
    head = 100.0 * PIN_SHARE
    x, y = top.point(*geography.project(4.5, 4.0))
    assert y - 1.65 * head == pytest.approx(0.0, abs=1e-6) and 0 < x < 100
    untouched = window(geography, "e", (4.5, 2.0), 0.0, 0.0, 100.0, 100.0)
    assert untouched.y1 - untouched.y0 == pytest.approx(top.y1 - top.y0) and untouched.y1 < top.y1


def test_a_small_area_is_shown_at_least_320_km_across(game: Make) -> None:
    small = "areas:\n  - {id: w, name: West, seat: {city: Westby, lat: 2, lon: 1}}\n" \
            "  - {id: e, name: East, seat: {city: Eastby, lat: 2, lon: 5}, shape: '5,1 5.5,1 5.5,1.5 5,1.5'}\n"
    geography = geography_of(game(areas=small).sets["board"])
    view = window(geography, "e", None, 0.0, 0.0, 100.0, 50.0)
    assert (view.x1 - view.x0, view.y1 - view.y0) == pytest.approx((LEAST_SPAN_KM * 2000, LEAST_SPAN_KM * 1000))
    assert ((view.x0 + view.x1) / 2, (view.y0 + view.y1) / 2) == pytest.approx((525_000, 125_000))


def test_the_map_drawn(game: Make) -> None:
    g = game()
    geography = geography_of(g.sets["board"])
    view = window(geography, "e", (4.5, 1.0), *BOX)
    nodes = drawn(g)
    assert len(nodes) == 1 and isinstance(nodes[0], Group) and nodes[0].clip == Rect(*BOX, Style())
    parts = list(nodes[0].children)
    assert parts[0] == Rect(*BOX, Style(fill="#0000ff"))
    # the land around, then West in the land's colour, the river, the coast, East
    # in full edged in ink, the pin and its icon
    styles = [n.style for n in parts[1:7]]
    assert styles == [Style(fill="#00ff00", stroke="#000000", stroke_width=0.4, line_join="round")] * 2 + [
        Style(fill="#00ff00", stroke="#eeeeee", stroke_width=0.5, line_join="round"),
        Style(stroke=mix("#0000ff", "#000000", 0.3), stroke_width=0.6, line_cap="round", line_join="round"),
        Style(stroke="#000000", stroke_width=0.6, line_join="round"),
        Style(fill="#00ff00", stroke="#111111", stroke_width=1.2, line_join="round")]
    assert [c[0] for c in parts[4].commands] == ["M", "L"]
    assert [v for c in parts[4].commands for v in c[1:]] == pytest.approx(
        [*view.point(400_000, 400_000), *view.point(400_000, 100_000)])
    east = parts[6].commands
    corners = {(round(c[1], 3), round(c[2], 3)) for c in east if c[0] != "Z"}
    assert corners == {tuple(round(v, 3) for v in view.point(x, y))
                       for x, y in ((300_000, 0), (600_000, 0), (600_000, 400_000), (300_000, 400_000))}
    pin, dot, icon = parts[7:]
    x, y = view.point(450_000, 100_000)
    head = mm(30) * PIN_SHARE
    assert pin.commands[0] == pytest.approx(("M", x, y))
    assert pin.style == Style(fill="#eeeeee", stroke="#111111", stroke_width=1.0, line_join="round")
    assert (dot.cx, dot.cy, dot.r, dot.style) == pytest.approx((x, y, mm(0.45), Style(fill="#111111")))
    assert icon == pytest.approx(Drawn("star", x - head * 0.35, y - head * 1.05 - head * 0.35, head * 0.7, "#ff0000",
                                       "#eeeeee"))


def test_each_area_in_its_groups_colour(game: Make, monkeypatch: pytest.MonkeyPatch) -> None:
    import pnp.maps.areas.data as areas

    groups = {a: type("G", (), {"fields": {"colour": c}})() for a, c in (("w", "#AA0000"), ("e", "#0000CC"))}
    monkeypatch.setattr(areas, "colours_of", lambda g, s: groups)
    parts = list(drawn(game())[0].children)
    fills = [n.style.fill for n in parts if isinstance(n, PathNode) and n.style.fill is not None]
    assert fills == ["#00ff00"] * 3 + ["#0000cc", "#eeeeee"]  # the land around, West as land, East, the pin


def test_an_item_without_a_pin_and_what_draws_nothing(game: Make) -> None:
    g = game()
    parts = list(drawn(g, "nowhere")[0].children)
    assert not [n for n in parts if isinstance(n, Circle)] and not [n for n in parts if isinstance(n, Drawn)]
    west = [n for n in parts if isinstance(n, PathNode) and n.style.stroke_width == 1.2]
    assert len(west) == 1  # West in full, the window its own
    assert map_set(g, "board") is g.sets["board"]
    assert map_set(g, "sites") is None and map_set(g, "nothing") is None and map_set(None, "board") is None
    assert map_set(g, 3) is None
    faraway = game(site=FILES["site"].replace("locator: board", "locator: sites"))
    assert drawn(faraway) == []


def test_a_pin_and_a_shape_cut_to_the_window() -> None:
    nodes, head = _pin(50.0, 80.0, 20.0, "#111111", "#eeeeee")
    assert head == (50.0, 59.0)
    outline = nodes[0].commands
    assert outline[0] == ("M", 50.0, 80.0) and outline[-1] == ("Z",) and len(outline) == 35
    # the head's edge runs from one tangent to the other over the top, every point 10 from its centre
    arc = [c[1:] for c in outline[1:-1]]
    assert all(math.dist(p, head) == pytest.approx(10.0) for p in arc)
    assert min(p[1] for p in arc) == pytest.approx(49.0)
    for end in (arc[0], arc[-1]):  # each tangent meets the radius there at a right angle
        radius, tangent = (end[0] - 50, end[1] - 59), (end[0] - 50, end[1] - 80)
        assert radius[0] * tangent[0] + radius[1] * tangent[1] == pytest.approx(0.0, abs=1e-9)
    view = Window(0, 0, 10, 10, 1.0, 0.0, 0.0)
    square = Polygon([(0, 0), (20, 0), (20, 20), (0, 20)])
    cut = _outline(square, view, Polygon([(5, 5), (15, 5), (15, 15), (5, 15)]))
    assert {c[1:] for c in cut if c[0] != "Z"} == {(5.0, 5.0), (15.0, 5.0), (15.0, -5.0), (5.0, -5.0)}
    assert _outline(Point(1, 1), view, None) == ()


def test_lines_and_shapes_cut_to_the_window_and_freed_of_what_a_quarter_point_hides() -> None:
    view = Window(0, 0, 100, 100, 2.0, 0.0, 0.0)  # 2 points a metre
    clip = Polygon([(0, 0), (100, 0), (100, 100), (0, 100)])
    # a line leaving the window and coming back: two stretches; a bend of 0.1 m (0.2 pt) straightened
    line = LineString([(-50, 10), (50, 10), (50, 200), (60, 200), (60, 50), (70, 50.1), (80, 50)])
    assert _strokes(line, view, clip) == (("M", 0.0, 180.0), ("L", 100.0, 180.0), ("L", 100.0, 0.0),
                                          ("M", 120.0, 0.0), ("L", 120.0, 100.0), ("L", 160.0, 100.0))
    assert SIMPLIFY_PT == 0.25 and _strokes(LineString([(200, 200), (300, 300)]), view, clip) == ()
    jagged = Polygon([(10, 10), (50, 10.1), (90, 10), (90, 90), (10, 90)])
    assert len(_outline(jagged, view, clip)) == 4 + 2  # the 0.2 pt notch gone: a square, closed


def test_the_checks_working_a_piece_out_read_its_templates_and_draw_no_map(game: Make, monkeypatch) -> None:
    """Working out every piece (pnp.checks.printed, drawing False) reads what drawing reads, so
    a template that fails is said, and works out no map: a card edit is validated without it."""
    import pnp.maps.areas.geometry as geometry
    from pnp import expr

    monkeypatch.setattr(geometry, "geography_of", lambda board: pytest.fail("the map was worked out"))
    g = game()
    assert drawn(g, drawing=False) == [] and drawn(g, "nowhere", drawing=False) == []
    box = dict(area="area", pin="at", symbol="star", sea='"#0000ff"', colour='"#ff0000"')
    for name, wrong in (("area", "area.nme"), ("pin", "at.nme"), ("colour", '"{at.nme}"'), ("sea", '"{at.nme}"'),
                        ("symbol", "'{at.nme}'")):
        settings = ", ".join(f"{k}: {wrong if k == name else v}" for k, v in box.items())
        site = f"boxes:\n  where: {{x: 10, y: 10, width: 40, height: 30, locator: board, {settings}}}\n"
        with pytest.raises(expr.ExpressionError, match="nme"):
            drawn(game(site=site), drawing=False)
    site = "boxes:\n  where: {x: 10, y: 10, width: 40, height: 30, locator: board, area: area, pin: at, " \
           "symbol: '{at.nme}'}\n"
    assert drawn(game(site=site), "nowhere", drawing=False) == []  # (no pin: its symbol is not read, as drawn)
    assert drawn(game(site=FILES["site"].replace("locator: board", "locator: sites")), drawing=False) == []


def test_what_lies_apart_from_the_window_is_not_cut() -> None:
    clip = Polygon([(0, 0), (100, 0), (100, 100), (0, 100)])
    assert _apart(Polygon([(101, 0), (120, 0), (120, 10)]), clip) and _apart(LineString([(0, -5), (50, -1)]), clip)
    assert not _apart(LineString([(100, 50), (150, 50)]), clip)  # (touching is meeting: cut as before)
    assert not _apart(Polygon([(-10, -10), (110, -10), (110, 110)]), clip)

    class Far:  # a shape with bounds alone: cutting it would fail
        bounds = (200.0, 200.0, 300.0, 300.0)
    view = Window(0, 0, 100, 100, 2.0, 0.0, 0.0)
    assert _outline(Far(), view, clip) == () and _strokes(Far(), view, clip) == ()


def test_the_rivers_are_projected_once_for_every_locator_of_a_map(game: Make) -> None:
    g = game()
    geography = geography_of(g.sets["board"])
    lines = _rivers(geography)
    assert [list(line.coords) for line in lines] == [[geography.project(4, 4), geography.project(4, 1)]]
    assert _rivers(geography) is lines
    other = geography_of(game(rivers="rivers:\n  - {name: Red, lines: [[[1, 1], [2, 2]]]}\n").sets["board"])
    assert other is not geography and list(_rivers(other)[0].coords) == [other.project(1, 1), other.project(2, 2)]
    # another thread projects its own (no GEOS object is shared by two threads)
    import threading

    elsewhere: list = []
    thread = threading.Thread(target=lambda: elsewhere.extend([_rivers(other), _rivers(other)]))
    thread.start()
    thread.join()
    assert elsewhere[0] is elsewhere[1] and elsewhere[0] is not _rivers(other)
    assert [list(line.coords) for line in elsewhere[0]] == [list(line.coords) for line in _rivers(other)]


def test_locators_showing_the_same_window_cut_the_map_once(game: Make, monkeypatch: pytest.MonkeyPatch) -> None:
    import pnp.boxes.locator as locator

    g = game(sites="sites:\n  - {id: mill, area: e, at: {lat: 1, lon: 4.5}}\n"
                   "  - {id: mill2, area: e, at: {lat: 1, lon: 4.5}}\n  - {id: ford, area: w, at: {lat: 3, lon: 0.5}}\n")
    cuts: list = []
    for name in ("_outline", "_strokes"):
        real = getattr(locator, name)
        monkeypatch.setattr(locator, name, lambda shape, view, clip, real=real: cuts.append(view) or real(
            shape, view, clip))
    monkeypatch.setattr(locator, "WINDOWS", 1)
    first = drawn(g, "mill")
    once = len(cuts)
    assert once == 6  # the land around, its beyond, West, the river, the coast, East
    assert drawn(g, "mill2") == first and len(cuts) == once  # the same window: the same map, not cut again
    shape_of = [n.commands for n in first[0].children if isinstance(n, PathNode)]
    assert [n.commands for n in drawn(g, "mill2")[0].children if isinstance(n, PathNode)] == shape_of
    drawn(g, "ford")  # another area and pin, another window: cut for it
    assert len(cuts) == 2 * once and cuts[once] != cuts[0]
    drawn(g, "mill")  # (only the last window kept: cut again)
    assert len(cuts) == 3 * once
