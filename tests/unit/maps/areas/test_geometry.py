"""pnp.maps.areas.geometry: small hand-made maps on an equirectangular projection scaled so
that a degree is 100 km (a point's metres are its degrees times 100,000): the land projected
and cut to the bounds, each area's share (the land nearer its anchor than any other's, or its
own shape), the point farthest inside it, the borders and neighbours; the rivers and ranges
that part areas (the land they cut off given to the areas that see it), and the one
geography a board shares."""

from __future__ import annotations

import math

import pytest
import shapely
from shapely.geometry import GeometryCollection, LineString, MultiPolygon, Point, Polygon, box

from pnp.maps.areas import geometry
from pnp.maps.areas.data import Area, MapLine, MapSettings
from pnp.maps.areas.geometry import (BORDER_MIN_METRES, BORDER_NEAR_METRES, BORDER_REACH_METRES, BORDER_SCRAP_M2,
                                     BORDER_TOUCH_METRES, GRID_METRES, Cell, Geography, _closed, _split, _touching,
                                     connected, geography_of)
from pnp.model.game import Origin, Text

EQC = "+proj=eqc +R=6371000 +to_meter=1.1119492664455874"  # a degree: 100,000 "metres"
KM = 1000
DEG = 100_000
LAND = (((0.0, 0.0), (6.0, 0.0), (6.0, 4.0), (0.0, 4.0)),)  # 600 km by 400 km


def area(area_id: str, lon: float, lat: float, **more) -> Area:
    return Area(area_id, Text.from_data(area_id.title()), Text.from_data(f"{area_id}town"), lat, lon,
                Origin("areas.yaml", ("areas", 0)), **more)


def geo(*areas: Area, lines: tuple[MapLine, ...] = (), bounds=None, fit: str = "bounds", land=LAND,
        context=()) -> Geography:
    rivers = tuple(line for line in lines if line.kind == "river")
    ranges = tuple(line for line in lines if line.kind == "range")
    board = MapSettings(EQC, bounds, land, context, {}, Origin("board.yaml"), fit=fit, rivers=rivers, ranges=ranges)
    return Geography(board, areas)


def metres(*points: tuple[float, float]) -> Polygon:
    """A polygon of (lon, lat) points, in the map's metres."""
    return Polygon([(x * DEG, y * DEG) for x, y in points])


def flat(points) -> list[float]:
    return [v for point in points for v in point]


def same(found, expected, within: float = 1e-3) -> bool:
    """Two shapes alike to within `within` metres everywhere."""
    return found.geom_type == expected.geom_type and found.hausdorff_distance(expected) < within


def river(*points: tuple[float, float], border=True, kind: str = "river", drawn: bool = True,
          name: str = "Blue") -> MapLine:
    return MapLine(name, kind, (tuple(points),), border, drawn, Origin("rivers.yaml", ("rivers", 0)))


THREE = (area("a", 1, 1), area("b", 5, 1), area("c", 3, 3))  # a and b in the south, c in the north
FOUR_LAND = (((0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0)),)
FOUR = (area("sw", 1, 1), area("se", 3, 1), area("nw", 1, 3), area("ne", 3, 3))  # four squares of 200 km


# --- the constants ------------------------------------------------------------------------------

def test_the_lengths_it_measures_by() -> None:
    assert (BORDER_MIN_METRES, BORDER_REACH_METRES, GRID_METRES) == (10_000, 10_000, 1.0)
    assert (BORDER_NEAR_METRES, BORDER_SCRAP_M2, BORDER_TOUCH_METRES) == (20_000, 10e6, 1_000)


# --- the projection and the land ------------------------------------------------------------------

def test_points_are_projected_in_metres() -> None:
    g = geo(*THREE)
    assert g.project(1, 2) == pytest.approx((100_000, 200_000), abs=1e-6)
    assert g.project(-3.5, 0.25) == pytest.approx((-350_000, 25_000), abs=1e-6)
    assert all(type(v) is float for v in g.project(1, 2))
    assert g.seat(THREE[0]) == pytest.approx((100_000, 100_000), abs=1e-6)
    assert g.anchor(THREE[0]) == g.seat(THREE[0])
    anchored = area("x", 1, 1, anchor=(2.0, 3.5))
    assert g.seat(anchored) == pytest.approx((100_000, 100_000), abs=1e-6)
    assert g.anchor(anchored) == pytest.approx((200_000, 350_000), abs=1e-6)
    assert same(g.polygon(((0, 0), (1, 0), (1, 1))), metres((0, 0), (1, 0), (1, 1)))
    assert g.areas == THREE and isinstance(g.areas, tuple) and g.board.projection == EQC and g.labels == {}


def test_a_projection_pnp_refuses_or_pyproj_cannot_use_is_never_made() -> None:
    board = MapSettings("+proj=merc +nadgrids=x", None, LAND, (), {}, Origin("board.yaml"))
    with pytest.raises(ValueError) as raised:
        Geography(board, THREE)
    assert str(raised.value).startswith("projection '+proj=merc +nadgrids=x' cannot be used: +nadgrids is refused: ")


def test_without_bounds_the_land_is_all_the_land_in_play() -> None:
    g = geo(*THREE, context=(("Beyond", ((6.0, 0.0), (8.0, 0.0), (8.0, 4.0))),))
    assert g.window is None
    assert same(g.land, metres((0, 0), (6, 0), (6, 4), (0, 4)))
    assert g.beyond.is_empty and isinstance(g.beyond, GeometryCollection)
    assert g.bounds == pytest.approx((0, 0, 600_000, 400_000), abs=1e-6)
    ((name, shape),) = g.context
    assert name == "Beyond" and same(shape, metres((6, 0), (8, 0), (8, 4)))


def test_the_land_in_play_is_one_shape_of_every_ring_mended() -> None:
    bow = ((0.0, 0.0), (2.0, 2.0), (2.0, 0.0), (0.0, 2.0))  # a ring crossing itself: two triangles
    g = geo(*THREE, land=(((3.0, 0.0), (6.0, 0.0), (6.0, 4.0), (3.0, 4.0)), bow,
                          ((4.0, 1.0), (7.0, 1.0), (7.0, 2.0), (4.0, 2.0))))
    # (mended, a ring crossing itself keeps one of its triangles)
    assert g.land.area == pytest.approx((12 + 1 + 1) * DEG ** 2, rel=1e-9)
    assert g.land.geom_type == "MultiPolygon" and len(g.land.geoms) == 2
    assert g.land.bounds == pytest.approx((100_000, 0, 700_000, 400_000), abs=1e-6)  # (its right-hand one)


def test_the_bounds_cut_the_land_and_what_lies_beyond_is_neighbouring_land() -> None:
    g = geo(*THREE, bounds={"west": 1.0, "south": -1.0, "east": 4.0, "north": 2.0})
    assert len(g.window.exterior.coords) == 401  # 400 points along the box (its corners among them), closed
    assert same(g.window, metres((1, -1), (4, -1), (4, 2), (1, 2)))
    assert same(g.land.normalize(), metres((1, 0), (4, 0), (4, 2), (1, 2)).normalize(), within=1)
    assert g.beyond.area == pytest.approx(18 * DEG ** 2, rel=1e-9)
    assert g.beyond.bounds == pytest.approx((0, 0, 6 * DEG, 4 * DEG), abs=1e-3)
    assert g.bounds == pytest.approx((1 * DEG, -1 * DEG, 4 * DEG, 2 * DEG), abs=1e-3)


def test_the_cuts_are_where_the_bounds_cross_the_land_each_on_its_side() -> None:
    """Bounds at 1°E, 4°E and 2°N cut the land (0 to 6°E, 0 to 4°N) along three lines; round
    their corners, each line is on its own side (west, east, north in that order); the south
    bound, off the land, cuts nothing; no bounds, no cuts."""
    g = geo(*THREE, bounds={"west": 1.0, "south": -1.0, "east": 4.0, "north": 2.0})
    assert [side for side, _ in g.cuts] == ["west", "east", "north"]
    west, east, north = (line for _, line in g.cuts)
    assert west.length == pytest.approx(2 * DEG, rel=1e-6) and east.length == pytest.approx(2 * DEG, rel=1e-6)
    assert north.length == pytest.approx(3 * DEG, rel=1e-6)
    assert all(x == pytest.approx(1 * DEG, abs=1e-3) for x, _ in west.coords)
    assert all(y == pytest.approx(2 * DEG, abs=1e-3) for _, y in north.coords)
    # the cuts lie on the land's edge: none of it is coast
    edge = g.land.boundary
    assert all(edge.buffer(1e-3).covers(line) for _, line in g.cuts)
    assert geo(*THREE).cuts == []
    # bounds round the whole land cut nothing
    assert geo(*THREE, bounds={"west": -1.0, "south": -1.0, "east": 7.0, "north": 5.0}).cuts == []


def test_the_bounds_follow_the_projection() -> None:
    """On a conic map the bounds' parallels are curves: the window follows them, every 1/400
    of the way round."""
    board = MapSettings("+proj=lcc +lat_1=12 +lat_2=32 +lat_0=22 +lon_0=78 +datum=WGS84", {
        "west": 70.0, "south": 10.0, "east": 86.0, "north": 30.0}, (((60.0, 0.0), (95.0, 0.0), (95.0, 40.0),
                                                                      (60.0, 40.0)),), (), {}, Origin("b.yaml"))
    g = Geography(board, THREE)
    coords = list(g.window.exterior.coords)
    assert len(coords) == 401
    box_edge = box(70.0, 10.0, 86.0, 30.0).exterior
    for i in (0, 57, 100, 250, 399):
        p = box_edge.interpolate(i / 400, normalized=True)
        assert coords[i] == pytest.approx(g.project(p.x, p.y), abs=1e-6)
    south = [g.project(78.0, 10.0)[1], g.project(70.0, 10.0)[1]]
    assert south[1] > south[0]  # the southern parallel bends down in the middle


def test_the_map_fitted_to_the_land_within_the_bounds() -> None:
    bounds = {"west": -1.0, "south": -1.0, "east": 5.0, "north": 5.0}
    assert geo(*THREE, bounds=bounds).bounds == pytest.approx((-DEG, -DEG, 5 * DEG, 5 * DEG), abs=1e-3)
    assert geo(*THREE, bounds=bounds, fit="land").bounds == pytest.approx((0, 0, 5 * DEG, 4 * DEG), abs=1e-3)
    assert geo(*THREE, fit="land").bounds == pytest.approx((0, 0, 6 * DEG, 4 * DEG), abs=1e-3)


# --- the areas' shares ------------------------------------------------------------------------

def test_each_area_is_the_land_nearer_its_seat_than_any_other() -> None:
    g = geo(*THREE)
    cells = g.cells
    assert list(cells) == ["a", "b", "c"] and all(isinstance(c, Cell) for c in cells.values())
    assert same(cells["a"].polygon.normalize(), metres((0, 0), (3, 0), (3, 1), (0, 4)).normalize(), within=1e-3)
    assert same(cells["b"].polygon.normalize(), metres((3, 0), (6, 0), (6, 4), (3, 1)).normalize(), within=1e-3)
    assert same(cells["c"].polygon.normalize(), metres((0, 4), (3, 1), (6, 4)).normalize(), within=1e-3)
    assert [cells[k].area for k in "abc"] == ["a", "b", "c"]
    # the point farthest inside each (to a kilometre), and the circle it holds
    inradius = 3 * (math.sqrt(2) - 1) * DEG  # of c's right-angled triangle
    assert cells["c"].centre == pytest.approx((3 * DEG, 4 * DEG - inradius), abs=1_000)
    assert cells["c"].room == pytest.approx(inradius, abs=1_000)
    assert cells["b"].centre == pytest.approx((482_843, 117_157), abs=1_000)
    assert cells["b"].room == pytest.approx(117_157, abs=1_000)


def test_four_squares_meeting_at_a_point() -> None:
    g = geo(*FOUR, land=FOUR_LAND)
    for a, (x, y) in zip(FOUR, ((0, 0), (2, 0), (0, 2), (2, 2))):
        cell = g.cells[a.id]
        assert same(cell.polygon.normalize(), metres((x, y), (x + 2, y), (x + 2, y + 2), (x, y + 2)).normalize())
        assert cell.centre == pytest.approx(((x + 1) * DEG, (y + 1) * DEG), abs=1e-3)
        assert cell.room == pytest.approx(DEG, abs=1e-3)
    # the squares beside each other share 200 km of border; those across the corner none
    assert set(g.borders) == {frozenset(p) for p in (("sw", "se"), ("sw", "nw"), ("se", "ne"), ("nw", "ne"))}
    assert all(length == pytest.approx(2 * DEG, abs=5) for length in g.borders.values())
    assert g.neighbours() == {"sw": ("nw", "se"), "se": ("ne", "sw"), "nw": ("ne", "sw"), "ne": ("nw", "se")}


def test_the_borders_measured_and_a_border_shorter_than_ten_km_is_a_corner() -> None:
    g = geo(*THREE)
    assert g.borders == {frozenset(("a", "b")): pytest.approx(DEG, abs=5),
                         frozenset(("a", "c")): pytest.approx(3 * math.sqrt(2) * DEG, abs=5),
                         frozenset(("b", "c")): pytest.approx(3 * math.sqrt(2) * DEG, abs=5)}
    # a and b meet along 9.99 km (under the least border), then along 10.01 km
    for south, apart in ((0.9001, False), (0.8999, True)):
        g = geo(*THREE, land=(((0.0, south), (6.0, south), (6.0, 4.0), (0.0, 4.0)),))
        assert (frozenset(("a", "b")) in g.borders) is apart
        assert g.neighbours()["a"] == (("b", "c") if apart else ("c",))


def test_an_area_is_measured_from_its_anchor() -> None:
    g = geo(area("a", 1, 1, anchor=(1.0, 3.0)), area("b", 5, 1), area("c", 3, 3))
    # a's share: nearer (1, 3) than (5, 1) or (3, 3)
    assert same(g.cells["a"].polygon.normalize(), metres((0, 0), (2, 0), (2, 4), (0, 4)).normalize(), within=1e-3)
    assert g.cells["a"].centre == pytest.approx((DEG, 2 * DEG), abs=1_000)


def test_an_area_of_its_own_shape_and_the_others_share_the_rest() -> None:
    shaped = area("a", 1, 1, shape=((-1.0, -1.0), (2.0, -1.0), (2.0, 2.0), (-1.0, 2.0)))
    g = geo(shaped, area("b", 5, 1), area("c", 3, 3))
    assert same(g.cells["a"].polygon.normalize(), metres((0, 0), (2, 0), (2, 2), (0, 2)).normalize())  # on the land
    assert g.cells["a"].centre == pytest.approx((DEG, DEG), abs=1_000) and g.cells["a"].room == pytest.approx(DEG,
                                                                                                             abs=1_000)
    rest = g.cells["b"].polygon.union(g.cells["c"].polygon)
    assert rest.area == pytest.approx(20 * DEG ** 2, rel=1e-9) and rest.intersection(g.cells["a"].polygon).area < 1
    # b and c share the rest as nearer one or the other: the line y = x - 2
    assert same(g.cells["b"].polygon.normalize(), metres((2, 0), (6, 0), (6, 4)).normalize(), within=1e-3)
    assert g.cells["b"].polygon.area == pytest.approx(8 * DEG ** 2, rel=1e-9)


def test_every_area_of_its_own_shape() -> None:
    left = area("l", 1, 1, shape=((0.0, 0.0), (3.0, 0.0), (3.0, 4.0), (0.0, 4.0)))
    right = area("r", 5, 1, shape=((3.0, 0.0), (6.0, 0.0), (6.0, 4.0), (3.0, 4.0)))
    g = geo(left, right)
    assert same(g.cells["l"].polygon.normalize(), metres((0, 0), (3, 0), (3, 4), (0, 4)).normalize())
    assert g.neighbours() == {"l": ("r",), "r": ("l",)}


def test_an_area_with_no_land() -> None:
    """Its shape lies off the land: an empty share, its centre its anchor, no room."""
    off = area("off", 9, 9, shape=((8.0, 8.0), (9.0, 8.0), (9.0, 9.0)))
    g = geo(off, area("b", 5, 1), area("c", 3, 3))
    assert g.cells["off"] == Cell("off", g.cells["off"].polygon, pytest.approx((9 * DEG, 9 * DEG)), 0.0)
    assert g.cells["off"].polygon.is_empty and g.cells["off"].room == 0.0
    assert g.borders == {frozenset(("b", "c")): pytest.approx(4 * math.sqrt(2) * DEG, abs=5)}
    assert g.neighbours()["off"] == ()


def test_an_area_in_two_pieces_is_centred_in_the_larger() -> None:
    shaped = area("a", 1, 1, shape=((0.0, 0.0), (2.0, 0.0), (2.0, 4.0), (0.0, 4.0)))
    g = geo(shaped, area("b", 4, 2), land=(((0.0, 0.0), (6.0, 0.0), (6.0, 4.0), (0.0, 4.0)),
                                                ((-3.0, 0.0), (-1.0, 0.0), (-1.0, 1.0), (-3.0, 1.0))))
    # b takes the main land east of a's and the island west of it
    assert g.cells["b"].polygon.geom_type == "MultiPolygon"
    assert g.cells["b"].centre == pytest.approx((4 * DEG, 2 * DEG), abs=1_000)
    assert g.cells["b"].room == pytest.approx(2 * DEG, abs=1_000)


def test_the_largest_circle_is_found_to_a_kilometre() -> None:
    g = geo(area("a", 0.5, 0.5), land=(((0.0, 0.0), (1.0, 0.0), (1.0, 0.1), (0.0, 0.1)),))
    assert g.cells["a"].room == pytest.approx(5 * KM, abs=1_000)
    assert g.cells["a"].centre[1] == pytest.approx(5 * KM, abs=1_000)


# --- neighbours -----------------------------------------------------------------------------------

def test_neighbours_are_changed_by_each_areas_own_additions_and_removals() -> None:
    g = geo(area("sw", 1, 1, neighbours_add=("ne", "sw", "nowhere")), area("se", 3, 1, neighbours_remove=("sw",)),
            area("nw", 1, 3, neighbours_remove=("ne", "nowhere")), area("ne", 3, 3, neighbours_add=("sw",)),
            land=FOUR_LAND)
    assert g.neighbours() == {"sw": ("ne", "nw", "se"), "se": ("ne",), "nw": ("sw",), "ne": ("nw", "se", "sw")}
    assert g.neighbours() is g.neighbours()


def test_groups_of_areas_that_reach_each_other_largest_first() -> None:
    assert connected({}) == []
    assert connected({"a": ("b",), "b": ("a",)}) == [{"a", "b"}]
    assert connected({"x": (), "c": ("d",), "d": ("c", "e"), "e": ("d",), "a": ("b",), "b": ("a",)}) == [
        {"c", "d", "e"}, {"a", "b"}, {"x"}]
    # equal groups in their members' order; an area named but not listed is reached all the same
    assert connected({"z": ("y",), "y": ("z",), "c": ("b",), "b": ("c",)}) == [{"b", "c"}, {"y", "z"}]
    assert connected({"a": ("q",)}) == [{"a", "q"}]
    assert connected({"a": ("a", "b"), "b": ("b",)}) == [{"a", "b"}]


def test_a_chain_is_followed_to_its_end_one_way() -> None:
    assert connected({"a": ("b",), "b": ("c",), "c": ("d",), "d": ()}) == [{"a", "b", "c", "d"}]
    # (neighbours one way only, which neighbour-symmetric reports, give groups that overlap)
    assert connected({"d": (), "c": ("d",), "b": ("c",), "a": ("b",)}) == [
        {"a", "b", "c", "d"}, {"b", "c", "d"}, {"c", "d"}, {"d"}]


# --- rivers and ranges that part areas ----------------------------------------------------------

W, E = area("w", 1, 2), area("e", 5, 2)  # the land parted at x = 3


def test_lines_that_are_no_border_part_nothing() -> None:
    g = geo(W, E, lines=(river((2.5, 4.5), (3.5, -0.5), border=False),))
    assert g.border_lines == [] and g.river_borders == []
    assert same(g.cells["w"].polygon.normalize(), metres((0, 0), (3, 0), (3, 4), (0, 4)).normalize())
    assert geo(W, E).border_lines == []


def test_a_border_river_parts_the_areas_along_its_line() -> None:
    line = river((2.5, 4.5), (3.5, -0.5))
    g = geo(W, E, lines=(line,))
    ((found, part, free),) = g.border_lines
    assert found is line and free == ()  # both ends out at sea: carried nowhere, and not free
    assert flat(part.coords) == pytest.approx(flat([(250_000, 450_000), (350_000, -50_000)]), abs=1e-6)
    # on the metre grid, exactly
    assert g.cells["w"].polygon.normalize().equals_exact(metres((0, 0), (3.4, 0), (2.6, 4), (0, 4)).normalize(), 0)
    assert g.cells["e"].polygon.normalize().equals_exact(metres((3.4, 0), (6, 0), (6, 4), (2.6, 4)).normalize(), 0)
    assert g.neighbours() == {"w": ("e",), "e": ("w",)}
    # the drawn river along which they meet
    along = shapely.union_all(g.river_borders)
    assert along.length == pytest.approx(math.hypot(0.8, 4) * DEG, abs=30)
    assert along.hausdorff_distance(LineString([(260_000, 400_000), (340_000, 0)])) < 10
    assert all(line.geom_type == "LineString" for line in g.river_borders)


def test_a_river_not_drawn_or_a_range_is_no_river_border() -> None:
    for line in (river((2.5, 4.5), (3.5, -0.5), drawn=False), river((2.5, 4.5), (3.5, -0.5), kind="range")):
        g = geo(W, E, lines=(line,))
        assert g.river_borders == []
        assert g.cells["w"].polygon.normalize().equals_exact(metres((0, 0), (3.4, 0), (2.6, 4), (0, 4)).normalize(),
                                                             0)


def test_a_line_ending_inland_hides_the_land_behind_it() -> None:
    """A river up from the south coast into w's share, ending at (2.5, 2): the land behind
    it seen from w's seat, cut along the river and on from its end straight away from the
    seat (along y = 2), goes to e, whose share it meets."""
    g = geo(W, E, lines=(river((2.5, -0.5), (2.5, 2.0)),))
    ((_, part, free),) = g.border_lines
    assert free == (pytest.approx((250_000, 200_000), abs=1e-6),)
    assert part.coords[-1] == pytest.approx((250_000, 200_000), abs=1e-6) and len(part.coords) == 2
    assert g.cells["w"].polygon.normalize().equals_exact(
        metres((0, 0), (2.5, 0), (2.5, 2), (3, 2), (3, 4), (0, 4)).normalize(), 0)
    assert g.cells["e"].polygon.normalize().equals_exact(
        metres((2.5, 0), (6, 0), (6, 4), (3, 4), (3, 2), (2.5, 2)).normalize(), 0)


def test_a_stretch_parts_only_between_its_points() -> None:
    """border: [{from, to}]: the river from the point nearest (2.6, 4) to the point nearest
    (3, 2); beyond, it parts nothing. Its end inland lies on the shares' edge: no land hides
    behind it."""
    line = river((2.5, 4.5), (3.5, -0.5), border=(((2.6, 4.0), (3.0, 2.0)),))
    g = geo(W, E, lines=(line,))
    ((_, part, free),) = g.border_lines
    assert flat(part.coords) == pytest.approx(flat([(260_000, 400_000), (300_000, 200_000)]), abs=1e-3)
    assert free == (pytest.approx((300_000, 200_000), abs=1e-3),)
    assert g.cells["w"].polygon.normalize().equals_exact(
        metres((0, 0), (3, 0), (3, 2), (2.6, 4), (0, 4)).normalize(), 0)
    # given backwards, or on the nearest of two lines, the same
    backwards = river((2.5, 4.5), (3.5, -0.5), border=(((3.0, 2.0), (2.6, 4.0)),))
    assert geo(W, E, lines=(backwards,)).border_lines[0][1].equals(part)
    two = MapLine("Blue", "river", (((0.5, 4.5), (0.5, -0.5)), ((2.5, 4.5), (3.5, -0.5))),
                  (((2.6, 4.0), (3.0, 2.0)),))
    assert geo(W, E, lines=(two,)).border_lines[0][1].equals(part)
    # a stretch of no length parts nothing
    assert geo(W, E, lines=(river((2.5, 4.5), (3.5, -0.5), border=(((3.0, 2.0), (3.0, 2.0)),)),)).border_lines == []


def test_a_stretch_from_each_of_two_points_near_different_lines() -> None:
    """A stretch is taken along the line nearest its from point (then its to point): between
    the points of that line nearest each, in the line's own direction."""
    two = MapLine("Blue", "river", (((0.5, 4.5), (0.5, -0.5)), ((2.5, 4.5), (3.5, -0.5))),
                  (((0.5, 1.0), (3.0, 2.0)),))
    ((_, part, _),) = geo(W, E, lines=(two,)).border_lines
    assert flat(part.coords) == pytest.approx(flat([(50_000, 200_000), (50_000, 100_000)]), abs=1e-3)


def test_a_line_stopping_short_of_another_is_carried_on_to_it() -> None:
    """A branch ending 3 km short of the main river is carried on to 100 m past it, so the
    two together cut the land; 15 km short, it is not, and hides the land behind its end."""
    main = river((-0.5, 3.0), (6.5, 3.0), name="Main")
    g = geo(W, E, lines=(main, river((2.5, -0.5), (2.5, 2.97), name="Branch")))
    (_, _, main_free), (_, branch, branch_free) = g.border_lines
    assert main_free == () and branch_free == ()
    assert flat(branch.coords) == pytest.approx(flat([(250_000, -50_000), (250_000, 297_000), (250_000, 300_100)]),
                                                abs=1e-3)
    assert g.cells["w"].polygon.normalize().equals_exact(
        metres((0, 0), (2.5, 0), (2.5, 3), (3, 3), (3, 4), (0, 4)).normalize(), 0)
    far = geo(W, E, lines=(main, river((2.5, -0.5), (2.5, 2.85), name="Branch")))
    (_, branch, branch_free) = far.border_lines[1]
    assert branch_free == (pytest.approx((250_000, 285_000), abs=1e-3),) and len(branch.coords) == 2
    assert far.cells["w"].polygon.area == pytest.approx(105_198_532_500, abs=1)


def test_a_line_ending_near_the_coast_is_carried_to_it() -> None:
    g = geo(W, E, lines=(river((2.5, 1.0), (2.5, 3.95)),))
    ((_, part, free),) = g.border_lines
    assert flat(part.coords) == pytest.approx(flat([(250_000, 100_000), (250_000, 395_000), (250_000, 400_100)]),
                                             abs=1e-3)
    assert free == (pytest.approx((250_000, 100_000), abs=1e-3),)
    assert g.cells["w"].polygon.area == pytest.approx(104_166_675_000, abs=1)
    assert g.cells["w"].polygon.normalize().equals_exact(Polygon(
        [(0, 0), (0, 400_000), (250_000, 400_000), (250_000, 395_000), (250_000, 100_000), (300_000, 66_667),
         (300_000, 0)]).normalize(), 0)


def test_where_a_line_end_is_carried() -> None:
    g = geo(W, E)
    coast = [g.land.boundary]
    top = g.project(0, 4)[1]
    assert g._reach((250_000.0, top - 5_000), coast) == pytest.approx((250_000, top + 100), abs=1e-6)
    assert g._reach((250_000.0, top - 10_000), coast) == pytest.approx((250_000, top + 100), abs=1e-6)  # (within)
    assert g._reach((250_000.0, top - 10_001), coast) is None
    assert g._reach((250_000.0, top + 5_000), coast) is None  # at sea
    assert g._reach((250_000.0, 200_000.0), coast) is None
    # to the nearest of the coast and the other lines, 100 m past it (on a diagonal too)
    others = coast + [LineString([(253_000, 0), (253_000, 400_000)]), LineString([(245_000, 0), (245_000, 400_000)])]
    assert g._reach((250_000.0, 200_000.0), others) == pytest.approx((253_100, 200_000), abs=1e-6)
    slant = [LineString([(250_000, 206_000), (256_000, 200_000)])]
    x, y = g._reach((250_000.0, 200_000.0), slant)
    assert (x, y) == pytest.approx((253_000 + 100 / math.sqrt(2), 203_000 + 100 / math.sqrt(2)), abs=1e-6)
    on = [LineString([(250_000, 0), (250_000, 400_000)])]
    assert g._reach((250_000.0, 200_000.0), on) == (250_000.0, 200_000.0)  # an end on a line stays


def test_land_cut_off_goes_to_the_areas_that_see_it_shared_by_nearest() -> None:
    """A river up x = 2 through a's share into c's: east of it, a's land meets b's and c's
    shares and both see it: it is shared by nearness to their seats (b below y = x - 2, c
    above). The river's end in c's share hides from c the triangle behind it, which a sees
    and takes."""
    g = geo(*THREE, lines=(river((2.0, -0.5), (2.0, 2.5)),))
    assert g.cells["a"].polygon.normalize().equals_exact(Polygon(
        [(0, 400_000), (166_666, 233_334), (200_000, 250_000), (200_000, 0), (0, 0)]).normalize(), 0)
    assert g.cells["b"].polygon.normalize().equals_exact(metres((6, 4), (6, 0), (2, 0)).normalize(), 0)
    assert g.cells["c"].polygon.area == pytest.approx(99_166_650_000, abs=1)
    assert g.neighbours() == {"a": ("c",), "b": ("c",), "c": ("a", "b")}


def test_a_loop_closing_a_scrap_of_land_leaves_it_to_the_area_round_it() -> None:
    loop = river((2.98, 2.0), (3.02, 2.0), (3.02, 2.02), (2.98, 2.02), (2.98, 2.0))
    g = geo(W, E, lines=(loop,))
    assert g.cells["w"].polygon.normalize().equals_exact(metres((0, 0), (3, 0), (3, 4), (0, 4)).normalize(), 0)
    assert g.cells["e"].polygon.normalize().equals_exact(metres((3, 0), (6, 0), (6, 4), (3, 4)).normalize(), 0)
    inner = river((1.5, 1.5), (1.52, 1.5), (1.52, 1.52), (1.5, 1.52), (1.5, 1.5))
    g = geo(W, E, lines=(inner,))
    assert g.cells["w"].polygon.normalize().equals_exact(metres((0, 0), (3, 0), (3, 4), (0, 4)).normalize(), 0)


# --- the helpers of the parting ---------------------------------------------------------------

def test_a_polygon_split_by_the_lines_across_it_largest_first() -> None:
    square = box(0, 0, 10_000, 10_000)
    pieces = _split(square, LineString([(3_000, -1_000), (3_000, 11_000)]))
    assert [p.area for p in pieces] == [70_000_000, 30_000_000]
    assert same(pieces[1].normalize(), box(0, 0, 3_000, 10_000).normalize())
    # a line ending inside cuts nothing; a line outside is not there
    assert _split(square, LineString([(3_000, -1_000), (3_000, 5_000)]))[0].area == pytest.approx(100_000_000)
    assert len(_split(square, LineString([(3_000, -1_000), (3_000, 5_000)]))) == 1
    assert _split(square, LineString([(20_000, 0), (20_000, 10_000)])) == [square]
    cross = shapely.union_all([LineString([(3_000, -1), (3_000, 10_001)]), LineString([(-1, 6_000), (10_001, 6_000)])])
    assert sorted(p.area for p in _split(square, cross)) == [12_000_000, 18_000_000, 28_000_000, 42_000_000]
    assert [p.area for p in _split(square, cross)] == [42_000_000, 28_000_000, 18_000_000, 12_000_000]


def test_pieces_closed_without_slivers_on_the_metre_grid() -> None:
    apart = MultiPolygon([box(0, 0, 1_000, 1_000), box(1_000.4, 0, 2_000, 1_000)])
    closed = _closed(apart)
    assert closed.geom_type == "Polygon" and closed.normalize().equals_exact(box(0, 0, 2_000, 1_000).normalize(), 0)
    far = MultiPolygon([box(0, 0, 1_000, 1_000), box(1_003, 0, 2_000, 1_000)])
    assert _closed(far).geom_type == "MultiPolygon" and _closed(far).area == pytest.approx(1_997_000)
    assert _closed(box(0.3, 0.3, 10.6, 10.6)).normalize().equals_exact(box(0, 0, 11, 11).normalize(), 0)


def test_pieces_touch_along_a_kilometre_not_at_a_corner() -> None:
    a = box(0, 0, 10_000, 10_000)
    assert _touching(a, box(10_000, 0, 20_000, 1_000))
    assert not _touching(a, box(10_000, 0, 20_000, 990))
    assert not _touching(a, box(10_000, 10_000, 20_000, 20_000))
    assert not _touching(a, box(10_003, 0, 20_000, 10_000))
    assert _touching(a, box(10_001, 0, 20_000, 10_000))  # within a metre either way


# --- the geography a board shares -----------------------------------------------------------------

class Item:
    def __init__(self, area_id: str, lon: float, lat: float):
        self.id, self.origin = area_id, Origin("areas.yaml", ("areas", 0))
        self.fields = {"name": Text.from_data(area_id), "seat": {"city": Text.from_data(area_id), "lat": lat,
                                                                   "lon": lon}}


class Board:
    def __init__(self, *items: Item, settings: MapSettings | None = None):
        self.items, self.settings = list(items), settings


SETTINGS = MapSettings(EQC, None, LAND, (), {}, Origin("board.yaml"))


def test_a_board_builds_its_geography_once() -> None:
    board = Board(Item("w", 1, 2), Item("e", 5, 2), settings=SETTINGS)
    found = geography_of(board)
    assert isinstance(found, Geography) and [a.id for a in found.areas] == ["w", "e"] and found.board is SETTINGS
    assert geography_of(board) is found
    other = Board(Item("w", 1, 2), Item("e", 5, 2), settings=SETTINGS)
    assert geography_of(other) is not found and geography_of(board) is not found  # the last board's alone
    assert geometry._kept.last[0] is board


def test_each_thread_has_its_own_geography() -> None:
    """No GEOS object is shared by two threads (shapely runs GEOS without Python's lock, and
    a prepared shape asked by two at once crashes it): another thread builds its own."""
    import threading

    board = Board(Item("w", 1, 2), Item("e", 5, 2), settings=SETTINGS)
    found = geography_of(board)
    elsewhere: list = []
    thread = threading.Thread(target=lambda: elsewhere.extend([geography_of(board), geography_of(board)]))
    thread.start()
    thread.join()
    assert elsewhere[0] is elsewhere[1] and isinstance(elsewhere[0], Geography) and elsewhere[0] is not found
    assert elsewhere[0].cells["w"].polygon is not found.cells["w"].polygon
    assert geography_of(board) is found  # (this thread's is kept)


@pytest.mark.parametrize("component", [
    Board(Item("w", 1, 2), Item("e", 5, 2)),  # no settings
    Board(settings=SETTINGS),  # no areas
    Board(Item("w", 1, 2), Item("w", 5, 2), settings=SETTINGS),  # one id twice
    Board(Item("w", 1, 2), settings=MapSettings("+proj=merc +k=a", None, LAND, (), {}, Origin("board.yaml"))),
    # pnp takes it, PROJ does not (a sphere that is not the Earth's)
    Board(Item("w", 1, 2), settings=MapSettings("+proj=eqc +R=5729578", None, LAND, (), {}, Origin("board.yaml"))),
])
def test_a_board_whose_geography_cannot_be_worked_out(component: Board) -> None:
    assert geography_of(component) is None
    assert geometry._kept.last == [component, None]
    assert geography_of(component) is None


@pytest.mark.parametrize("land, areas, line, first", [
    # a strip 2,000 km long and 100 km wide, centred on the map's origin, along and across: the
    # land hidden behind the line runs 600 km from its end, farther than the strip is wide
    ((((-10.0, -0.5), (10.0, -0.5), (10.0, 0.5), (-10.0, 0.5)),), (area("w", -9, 0), area("e", 9, 0)),
     river((-6.0, -1.0), (-6.0, 0.1)),
     [(-1_000_000, -50_000), (-1_000_000, 50_000), (0, 50_000), (0, 30_000), (-600_000, 10_000), (-600_000, -50_000)]),
    ((((-0.5, -10.0), (0.5, -10.0), (0.5, 10.0), (-0.5, 10.0)),), (area("s", 0, -9), area("n", 0, 9)),
     river((-1.0, -6.0), (0.1, -6.0)),
     [(50_000, -1_000_000), (-50_000, -1_000_000), (-50_000, -600_000), (10_000, -600_000), (30_000, 0), (50_000, 0)]),
])
def test_the_land_behind_a_line_hidden_as_far_as_the_land_reaches(land, areas, line, first) -> None:
    g = geo(*areas, lines=(line,), land=land)
    assert g.cells[areas[0].id].polygon.normalize().equals_exact(Polygon(first).normalize(), 0)
    assert g.cells[areas[0].id].polygon.area == 58_000_000_000


def test_an_area_with_no_share_leaves_the_others_parted() -> None:
    g = geo(area("x", 20, 20), W, E, lines=(river((2.5, -0.5), (2.5, 2.0)),))
    assert g.cells["x"].polygon.is_empty and g.cells["x"].polygon.geom_type == "Polygon"  # (its share as it was)
    assert g.cells["w"].polygon.normalize().equals_exact(
        metres((0, 0), (2.5, 0), (2.5, 2), (3, 2), (3, 4), (0, 4)).normalize(), 0)


def test_a_share_in_two_pieces_is_parted_in_the_one_round_its_anchor() -> None:
    """w's share holds an island west of the land: the river cuts the piece round w's seat;
    the island stays w's."""
    land = LAND + (((-3.0, 1.0), (-2.0, 1.0), (-2.0, 2.0), (-3.0, 2.0)),)
    g = geo(W, E, lines=(river((2.5, -0.5), (2.5, 2.0)),), land=land)
    assert g.cells["w"].polygon.normalize().equals_exact(MultiPolygon([
        metres((0, 0), (2.5, 0), (2.5, 2), (3, 2), (3, 4), (0, 4)), metres((-3, 1), (-2, 1), (-2, 2), (-3, 2))
    ]).normalize(), 0)
    assert g.cells["e"].polygon.area == 130_000_000_000


def test_a_line_ending_at_an_anchor_hides_nothing() -> None:
    g = geo(W, E, lines=(river((1.0, -0.5), (1.0, 2.0)),))  # up to w's seat
    assert g.cells["w"].polygon.equals(metres((0, 0), (3, 0), (3, 4), (0, 4)))
    assert g.cells["w"].polygon.area == 120_000_000_000
    # ending 10 cm east of it, the line hides from it all the land east of it and south of the seat
    near = geo(W, E, lines=(river((1.000001, -0.5), (1.000001, 2.0)),))
    assert near.cells["w"].polygon.normalize().equals_exact(
        metres((0, 0), (1, 0), (1, 2), (3, 2), (3, 4), (0, 4)).normalize(), 0)


def test_groups_found_whatever_order_the_areas_come_in() -> None:
    # an area reached twice before it is taken (a: e, d, c; c: d) does not end the search
    assert connected({"a": ("e", "d", "c"), "c": ("d",)}) == [{"a", "c", "d", "e"}]
    # an area seen in a group before the last is not started from again
    assert connected({"a": ("b",), "c": (), "b": ("a",)}) == [{"a", "b"}, {"c"}]


def test_a_scrap_cut_off_goes_back_to_the_area_round_it() -> None:
    """A river up x = 2.995 ends 15 km in: the sliver behind it (0.5 km by 15 km, under 10 km²)
    goes to e, which it meets, and then, a scrap, back to w, along which it runs the longer;
    1.5 km wide (21 km²) it stays e's."""
    scrap = geo(W, E, lines=(river((2.995, -0.5), (2.995, 0.15)),))
    assert scrap.cells["w"].polygon.normalize().equals_exact(metres((0, 0), (3, 0), (3, 4), (0, 4)).normalize(), 0)
    assert scrap.cells["e"].polygon.area == 120_000_000_000
    wider = geo(W, E, lines=(river((2.985, -0.5), (2.985, 0.15)),))
    assert wider.cells["w"].polygon.normalize().equals_exact(Polygon(
        [(0, 0), (0, 400_000), (300_000, 400_000), (300_000, 13_602), (298_500, 15_000), (298_500, 0)]).normalize(), 0)


def test_a_share_in_two_pieces_keeps_the_one_away_from_its_anchor() -> None:
    """Two shores: w's share is its own shore and the end of e's that lies nearer w's seat; the
    river cutting a corner off w's shore leaves that end w's, though it meets e's share."""
    land = (((0.0, 0.0), (2.0, 0.0), (2.0, 4.0), (0.0, 4.0)), ((2.5, 0.0), (6.0, 0.0), (6.0, 1.0), (2.5, 1.0)))
    g = geo(W, E, lines=(river((-0.5, 3.5), (0.5, 4.5)),), land=land)
    assert g.cells["w"].polygon.normalize().equals_exact(MultiPolygon([
        metres((0, 0), (2, 0), (2, 4), (0, 4)), metres((2.5, 0), (3, 0), (3, 1), (2.5, 1))]).normalize(), 0)
    assert g.cells["e"].polygon.area == 30_000_000_000


def test_the_piece_round_the_anchor_is_kept_though_smaller() -> None:
    g = geo(W, E, lines=(river((1.2, -0.5), (1.2, 4.5)),))
    assert g.cells["w"].polygon.normalize().equals_exact(metres((0, 0), (1.2, 0), (1.2, 4), (0, 4)).normalize(), 0)
