"""pnp.maps.areas.labels: an area map on the page (projected metres to points, fitted into its
box), where it prints each area's seat, city and name and its marker's spot (inside the area,
clear of each other), and the room its scale's and legend's texts have; on small hand-made
maps on a projection where a degree is 100 km."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from shapely.geometry import box as shapely_box

from pnp.layout.fonts import bundled_fonts, metrics
from pnp.layout.reader import Box
from pnp.maps.areas import labels
from pnp.maps.areas.data import Area, MapSettings
from pnp.maps.areas.geometry import Cell, Geography
from pnp.maps.areas.labels import (LEAST_LABEL_SIZE, MARK_GAP_MM, MARKER_MARGIN_MM, SPOT_CLEAR_MM, LabelStyle, Labels,
                                   MapFrame, _inside,
                                   _clear, _place, _places, _region, _ring_steps, area_labels, label_style,
                                   legend_room, map_box, map_frame, map_layout, reach_out, scale_bar)
from pnp.model.game import Origin, Text
from pnp.units import mm

EQC = "+proj=eqc +R=6371000 +to_meter=1.1119492664455874"  # a degree: 100,000 "metres"
LAND = (((0.0, 0.0), (6.0, 0.0), (6.0, 4.0), (0.0, 4.0)),)
SANS = metrics(bundled_fonts()["SourceSansPro-Regular"])
SERIF = metrics(bundled_fonts()["SourceSerifPro-Bold"])
FONTS = {"body": SANS, "heading": SERIF}


def area(area_id: str, lon: float, lat: float, **more) -> Area:
    return Area(area_id, Text.from_data(area_id), Text.from_data(area_id), lat, lon, Origin("areas.yaml"), **more)


def geo(*areas: Area, fit: str = "bounds", bounds=None) -> Geography:
    return Geography(MapSettings(EQC, bounds, LAND, (), {}, Origin("board.yaml"), fit=fit), areas)


def map_at(x: float, y: float, width: float, height: float, **settings) -> Box:
    return Box("map", "map", x, y, width, height, settings)


def style(size: float = 13, least: float = 6, city_size: float = 7.5, spot: float = 0.0) -> LabelStyle:
    return LabelStyle(SERIF, SANS, size, least, city_size, spot)


WEST, EAST = area("w", 1, 2), area("e", 5, 2)  # halves of the land, parted at x = 3


# --- the frame ----------------------------------------------------------------------------------

def test_the_frame_takes_metres_to_points_x_right_y_down() -> None:
    frame = MapFrame(0.5, 100.0, 300.0, 10.0, 20.0)
    assert frame.point(100, 300) == (10.0, 20.0)
    assert frame.point(140, 200) == (30.0, 70.0)
    assert frame.point(80, 320) == (0.0, 10.0)


def test_the_map_fills_its_box_the_one_way_and_is_centred_the_other() -> None:
    g = geo(WEST, EAST)
    wide = map_frame(g, map_at(10, 20, 300, 100))  # the map's 600 km by 400 km: 150 x 100 points
    assert wide.scale == pytest.approx(100 / 400_000) and (wide.x0, wide.y1) == pytest.approx((0, 400_000))
    assert (wide.left, wide.top) == pytest.approx((10 + 75, 20))
    tall = map_frame(g, map_at(10, 20, 300, 300))  # 300 x 200 points, at the top of its box...
    assert tall.scale == pytest.approx(300 / 600_000) and (tall.left, tall.top) == pytest.approx((10, 20))
    assert tall.point(*g.project(6, 0)) == pytest.approx((310, 220))
    fitted = map_frame(geo(WEST, EAST, fit="land"), map_at(10, 20, 300, 300))  # ... in its middle, fitted to the land
    assert (fitted.left, fitted.top) == pytest.approx((10, 20 + 50))
    assert fitted.point(*g.project(0, 4)) == pytest.approx((10, 70))
    fitted_wide = map_frame(geo(WEST, EAST, fit="land"), map_at(10, 20, 300, 100))
    assert (fitted_wide.left, fitted_wide.top) == pytest.approx((85, 20))


def test_page_boxes_on_the_map() -> None:
    frame = MapFrame(0.5, 100.0, 300.0, 10.0, 20.0)
    assert _region(frame, (10, 20, 30, 70)).equals(shapely_box(100, 200, 140, 300))
    assert not _clear((0, 0, 10, 10), [(5, 5, 15, 15)]) and not _clear((5, 5, 15, 15), [(0, 0, 10, 10)])
    assert _clear((0, 0, 10, 10), [(10, 0, 20, 10), (0, 10, 10, 20)])  # (touching)
    assert _clear((10, 0, 20, 10), [(0, 0, 10, 10)]) and _clear((0, 10, 10, 20), [(0, 0, 10, 10)])
    assert not _clear((0, 0, 10, 10), [(20, 20, 30, 30), (2, 2, 3, 3)]) and _clear((0, 0, 10, 10), [])


def test_how_much_of_a_page_box_lies_in_an_area_and_how_far_it_reaches_out() -> None:
    frame = MapFrame(0.5, 0.0, 100.0, 0.0, 0.0)  # (x, y) metres at (x / 2, 50 - y / 2) points
    cell = Cell("a", shapely_box(0, 0, 40, 100), (20, 50), 20)
    assert _inside(cell, frame, (0, 0, 20, 50)) == 1.0
    assert _inside(cell, frame, (10, 0, 30, 50)) == pytest.approx(0.5)
    assert _inside(cell, frame, (25, 0, 30, 50)) == 0.0
    assert _inside(cell, frame, (5, 5, 5, 30)) == 0.0  # a box of no area
    assert reach_out(cell, frame, (10, 0, 30, 50)) == pytest.approx(10)  # 20 m past the area's edge: 10 points
    assert reach_out(cell, frame, (0, 0, 20, 50)) == 0.0
    two = Cell("a", shapely_box(0, 0, 40, 100).union(shapely_box(60, 0, 100, 100)), (20, 50), 20)
    assert reach_out(two, frame, (10, 0, 40, 50)) == 0.0  # (what lies outside is between its pieces)
    assert reach_out(cell, frame, (10, 0, 40, 50)) == pytest.approx(20)


# --- finding room ---------------------------------------------------------------------------------

def test_the_grid_steps_in_square_rings_nearest_first() -> None:
    assert _ring_steps(0) == ((0, 0),)
    assert _ring_steps(1) == ((0, -1), (-1, 0), (1, 0), (0, 1), (-1, -1), (1, -1), (-1, 1), (1, 1))
    ring = _ring_steps(2)
    assert len(ring) == 16 and ring[:4] == ((0, -2), (-2, 0), (2, 0), (0, 2)) and ring[-1] == (2, 2)
    assert ring[4:8] == ((-1, -2), (1, -2), (-2, -1), (2, -1))
    assert len(_ring_steps(5)) == 40 and set(_ring_steps(5)) == {(x, y) for x in range(-5, 6) for y in range(-5, 6)
                                                                if max(abs(x), abs(y)) == 5}


FRAME = MapFrame(mm(1) / 1000, 0.0, 100_000.0, 0.0, 0.0)  # a millimetre a km, the map's top at y 100 km


def square_cell(x0: float, y0: float, x1: float, y1: float) -> Cell:
    """A cell of the page rectangle (x0, y0)-(x1, y1), in millimetres."""
    return Cell("a", shapely_box(x0 * 1000, 100_000 - y1 * 1000, x1 * 1000, 100_000 - y0 * 1000), (0, 0), 0)


def test_the_nearest_room_inside_the_area_clear_of_other_boxes() -> None:
    cell = square_cell(0, 0, 40, 40)
    assert _place(cell, FRAME, mm(10), mm(10), (mm(20), mm(20)), []) == (mm(20), mm(20))
    # near the edge: stepped in by 1.5 mm at a time, straight in first
    assert _place(cell, FRAME, mm(10), mm(10), (mm(20), mm(2)), []) == pytest.approx((mm(20), mm(5)))
    assert _place(cell, FRAME, mm(10), mm(10), (mm(2), mm(2)), []) == pytest.approx((mm(5), mm(5)))
    # clear of a box in the way
    found = _place(cell, FRAME, mm(10), mm(10), (mm(20), mm(20)), [(mm(14), mm(14), mm(26), mm(26))])
    assert found == pytest.approx((mm(20), mm(20) - 8 * mm(1.5)))
    # a box as wide as the area fits only in its very middle; wider, nowhere
    assert _place(square_cell(0, 0, 12, 40), FRAME, mm(11.99), mm(5), (mm(6), mm(20)), []) == pytest.approx(
        (mm(6), mm(20)))
    assert _place(square_cell(0, 0, 12, 40), FRAME, mm(12.01), mm(5), (mm(6), mm(20)), []) is None


def test_every_place_nearest_first_within_its_rings() -> None:
    cell = square_cell(0, 0, 40, 40)
    places = list(_places(cell, FRAME, mm(10), mm(10), (mm(20), mm(20)), [], rings=2))
    assert places == [(mm(20) + dx * mm(1.5), mm(20) + dy * mm(1.5)) for ring in (0, 1) for dx, dy in _ring_steps(ring)]
    far = list(_places(cell, FRAME, mm(10), mm(10), (mm(60), mm(20)), [], rings=30))
    assert far[0] == pytest.approx((mm(60) - 17 * mm(1.5), mm(20)))  # ring 17 reaches into the area
    assert list(_places(cell, FRAME, mm(10), mm(10), (mm(60), mm(20)), [], rings=17)) == []
    assert next(_places(cell, FRAME, mm(10), mm(10), (mm(60), mm(20)), [])) == far[0]  # (30 rings unless told)


def test_a_round_place_fits_where_a_square_one_does_not() -> None:
    """A circle 10 mm across fits a rounded corner of the area closer than its square box;
    along straight edges, alike."""
    cell = Cell("a", shapely_box(0, 0, 40_000, 40_000).union(shapely_box(0, 40_000, 5_000, 100_000)), (0, 0), 0)
    near = (mm(5.5), mm(55.5))  # in the narrow strip, where the square's top meets it
    assert _place(cell, FRAME, mm(10), mm(10), near, []) == pytest.approx((mm(5.5), mm(66)))
    assert _place(cell, FRAME, mm(10), mm(10), near, [], round_=True) == pytest.approx((mm(5.5), mm(66)))
    slanted = Cell("a", shapely_box(0, 0, 40_000, 40_000).buffer(10_000, join_style="round"), (0, 0), 0)
    corner = (mm(-7), mm(107))  # its bottom-left corner, rounded 10 mm
    assert _place(slanted, FRAME, mm(10), mm(10), corner, [], round_=True) == pytest.approx((mm(-4), mm(102.5)))
    assert _place(slanted, FRAME, mm(10), mm(10), corner, []) == pytest.approx((mm(-2.5), mm(101)))


# --- the style ----------------------------------------------------------------------------------

def test_the_style_read_from_the_map_box_and_its_markers() -> None:
    plain = label_style(map_at(0, 0, 10, 10), FONTS, None)
    assert plain == LabelStyle(SERIF, SANS, 13, 6, 7.5, 0.0)
    assert plain.key == ("SourceSerifPro-Bold", "SourceSansPro-Regular", 13, 6, 7.5, 0.0, 0.0)
    fonts = dict(FONTS, note=metrics(bundled_fonts()["SourceSerifPro-It"]))
    spec = {"names": {"font": "note", "size": 16, "min_size": 6.5}, "seats": {"font": "heading", "size": 8}}
    markers = SimpleNamespace(width=mm(15), height=mm(12))
    chosen = label_style(map_at(0, 0, 10, 10, map=spec), fonts, markers)
    assert chosen == LabelStyle(fonts["note"], SERIF, 16, 6.5, 8, pytest.approx(mm(15 + 2 * 1.5)))
    tall = label_style(map_at(0, 0, 10, 10, map={"names": {}, "seats": None}), FONTS,
                       SimpleNamespace(width=mm(10), height=mm(20)))
    assert tall.spot == pytest.approx(mm(23)) and (tall.size, tall.least, tall.city_size) == (13, 6, 7.5)
    assert (MARKER_MARGIN_MM, LEAST_LABEL_SIZE) == (1.5, 5.5)
    # with marks: each as high as the names' capitals and half again, in the key
    marked = label_style(map_at(0, 0, 10, 10, map={"names": {"size": 12}, "marks": "mark"}), FONTS, None)
    assert marked.mark == pytest.approx(1.5 * SERIF.cap_height * 12) and marked.key[-1] == marked.mark


# --- where the texts go ---------------------------------------------------------------------------

TALL = map_at(0, 0, mm(240), mm(240))  # 0.4 mm a km


def test_an_areas_texts_at_its_seat_and_in_its_middle() -> None:
    g = geo(WEST, EAST)
    frame = map_frame(g, TALL)
    placed = area_labels(g, frame, WEST, "West", "Westby", style())
    sx, sy = frame.point(100_000, 200_000)
    width = SANS.width("Westby", 7.5)
    cap = SANS.cap_height * 7.5
    assert placed.seat == pytest.approx((sx, sy)) and (placed.city, placed.name) == ("Westby", "West")
    # the city right of its seat, inside the area
    assert placed.city_box == pytest.approx((sx - mm(2), sy - mm(2.5), sx + mm(2.3) + width, sy + mm(2.5)))
    assert (placed.city_x, placed.city_baseline, placed.city_anchor) == pytest.approx((sx + mm(2.3), sy + cap / 2,
                                                                                      "start"))
    assert placed.city_inside == 1.0
    # the name at its size in the middle of the area (the middle is clear of the city)
    centre = frame.point(*g.cells["w"].centre)
    assert placed.name_size == 13 and placed.fits and placed.spot is None
    assert placed.name_at == pytest.approx(centre)
    assert placed.name_height == pytest.approx(SERIF.cap_height * 13)
    assert placed.name_width == pytest.approx(SERIF.width("West", 13))
    assert area_labels(g, frame, WEST, "West", "Westby", style()) is placed  # worked out once
    assert list(g.labels) == [(frame, "w", "West", "Westby", style().key)]


def test_a_city_goes_left_above_or_below_its_seat_where_right_is_outside() -> None:
    g = geo(area("w", 2.9, 2), area("e", 3.1, 2))
    frame = map_frame(g, TALL)
    placed = area_labels(g, frame, g.areas[0], "West", "Westby", style())
    sx, sy = frame.point(*g.seat(g.areas[0]))
    width = SANS.width("Westby", 7.5)
    assert placed.city_anchor == "end" and placed.city_x == pytest.approx(sx - mm(2.3))
    assert placed.city_box == pytest.approx((sx - mm(2.3) - width, sy - mm(2.5), sx + mm(2), sy + mm(2.5)))
    # at the top edge: below
    g = geo(area("n", 3, 3.944), area("s", 3, 1))  # its seat 2.24 mm below the top
    frame = map_frame(g, TALL)
    placed = area_labels(g, frame, g.areas[0], "North", "Northby", style())
    sx, sy = frame.point(*g.seat(g.areas[0]))
    width, cap = SANS.width("Northby", 7.5), SANS.cap_height * 7.5
    # (right and left reach over the top edge; above is outside; below lies inside)
    assert placed.city_anchor == "middle"
    assert placed.city_box == pytest.approx((sx - width / 2, sy - mm(2), sx + width / 2, sy + mm(3) + cap))
    assert (placed.city_x, placed.city_baseline) == pytest.approx((sx, sy + mm(2.4) + cap))
    # at the bottom edge: above
    g = geo(area("n", 3, 3), area("s", 3, 0.056))  # its seat 2.24 mm above the bottom
    frame = map_frame(g, TALL)
    placed = area_labels(g, frame, g.areas[1], "South", "Southby", style())
    sx, sy = frame.point(*g.seat(g.areas[1]))
    width = SANS.width("Southby", 7.5)
    assert placed.city_anchor == "middle" and placed.city_inside == 1.0
    assert placed.city_box == pytest.approx((sx - width / 2, sy - mm(2.9) - cap, sx + width / 2, sy + mm(2)))
    assert (placed.city_x, placed.city_baseline) == pytest.approx((sx, sy - mm(2.4)))
    assert not placed.city_offshore


def test_the_places_beside_a_seat_within_3_mm_of_it() -> None:
    width, cap = SANS.width("Westby", 7.5), SANS.cap_height * 7.5
    places = labels.city_places(mm(100), mm(100), width, cap)
    assert [p[4] for p in places] == ["start", "end", "middle", "middle", "start", "end", "start", "end"]
    assert [(p[2] - mm(100), p[3] - mm(100)) for p in places] == [pytest.approx(at) for at in (
        (mm(2.3), cap / 2), (-mm(2.3), cap / 2), (0, -mm(2.4)), (0, mm(2.4) + cap),
        (mm(0.6), -mm(2.4)), (-mm(0.6), -mm(2.4)), (mm(0.6), mm(2.4) + cap), (-mm(0.6), mm(2.4) + cap))]
    for box, letters, x, baseline, anchor in places:
        left = {"start": x, "middle": x - width / 2, "end": x - width}[anchor]
        assert letters == pytest.approx((left, baseline - cap, left + width, baseline))
        # the letters' box within 3 mm of the seat, and the box the name takes holding the seat and its letters
        nearest = (min(max(mm(100), letters[0]), letters[2]), min(max(mm(100), letters[1]), letters[3]))
        assert ((nearest[0] - mm(100)) ** 2 + (nearest[1] - mm(100)) ** 2) ** 0.5 <= mm(3)
        assert box[0] <= min(letters[0], mm(98)) and box[2] >= max(letters[2], mm(102))
        assert box[1] <= min(letters[1], mm(98)) and box[3] >= max(letters[3], mm(102))


def test_a_city_with_no_place_inside_at_its_seat_goes_on_the_sea_beside_it() -> None:
    """A seat in a corner: no place beside it lies inside its area; its name goes to the
    first place off the land, left of it, on the sea: never away from its seat."""
    g = geo(area("w", 0.01, 0.01), area("e", 5, 2))
    frame = map_frame(g, TALL)
    placed = area_labels(g, frame, g.areas[0], "West", "Westby", style())
    sx, sy = frame.point(*g.seat(g.areas[0]))
    width, cap = SANS.width("Westby", 7.5), SANS.cap_height * 7.5
    assert placed.city_offshore and placed.city_inside < 0.99
    assert (placed.city_anchor, placed.city_x, placed.city_baseline) == pytest.approx(("end", sx - mm(2.3),
                                                                                      sy + cap / 2))
    assert placed.city_box == pytest.approx((sx - mm(2.3) - width, sy - mm(2.5), sx + mm(2), sy + mm(2.5)))


def test_a_city_too_long_for_any_place_stays_where_most_of_it_is_inside() -> None:
    g = geo(area("w", 0.15, 2, shape=((0.0, 0.0), (0.3, 0.0), (0.3, 4.0), (0.0, 4.0))), area("e", 3, 2))
    frame = map_frame(g, TALL)
    city = "Aytown-on-the-long-river"
    placed = area_labels(g, frame, g.areas[0], "W", city, style())
    sx, sy = frame.point(*g.seat(g.areas[0]))
    width = SANS.width(city, 7.5)
    # the four places: right and left are as much inside as each other, above and below more
    assert placed.city_anchor == "middle"
    assert placed.city_box[0] == pytest.approx(sx - width / 2) and placed.city_box[2] == pytest.approx(sx + width / 2)
    assert placed.city_inside == pytest.approx(mm(12) / width, rel=1e-6)


def test_a_marker_spot_clear_of_the_city_and_the_name_clear_of_both() -> None:
    g = geo(WEST, EAST)
    frame = map_frame(g, TALL)
    spot = mm(18)
    placed = area_labels(g, frame, WEST, "West", "Westby", style(spot=spot))
    centre = frame.point(*g.cells["w"].centre)
    assert placed.spot == pytest.approx(centre)  # the middle is clear of the city at the seat... (it is the seat)
    # ... so the name moves off the spot, by 1.5 mm steps
    assert placed.fits and placed.name_size == 13
    x, y = placed.name_at
    name_box = (x - placed.name_width / 2 - mm(1), y - placed.name_height / 2 - mm(1),
                x + placed.name_width / 2 + mm(1), y + placed.name_height / 2 + mm(1))
    spot_box = (placed.spot[0] - spot / 2, placed.spot[1] - spot / 2, placed.spot[0] + spot / 2,
                placed.spot[1] + spot / 2)
    assert _clear(name_box, [spot_box, placed.city_box])
    assert (x - centre[0]) / mm(1.5) == pytest.approx(round((x - centre[0]) / mm(1.5)))


def test_a_name_too_long_at_its_size_takes_the_least() -> None:
    g = geo(area("w", 0.25, 2, shape=((0.0, 0.0), (0.5, 0.0), (0.5, 4.0), (0.0, 4.0))), area("e", 3, 2))
    frame = map_frame(g, TALL)  # w is 20 mm wide
    name = "Westmarch"
    assert SERIF.width(name, 13) + mm(2) > mm(20) > SERIF.width(name, 8) + mm(2)
    placed = area_labels(g, frame, g.areas[0], name, "W", style(least=8))
    assert placed.fits and placed.name_size == 8
    assert placed.name_height == pytest.approx(SERIF.cap_height * 8)
    assert placed.name_width == pytest.approx(SERIF.width(name, 8))


def test_a_name_with_no_room_goes_over_the_spot_in_the_middle() -> None:
    g = geo(area("w", 0.15, 2, shape=((0.0, 0.0), (0.3, 0.0), (0.3, 4.0), (0.0, 4.0))), area("e", 3, 2))
    frame = map_frame(g, TALL)
    centre = frame.point(*g.cells["w"].centre)
    placed = area_labels(g, frame, g.areas[0], "Westmarch", "W", style(spot=mm(8)))
    assert not placed.fits and placed.name_size == 6 and placed.spot == pytest.approx(centre)
    assert placed.name_at == pytest.approx(centre) and placed.name_height == pytest.approx(SERIF.cap_height * 6)
    assert placed.name_width == pytest.approx(SERIF.width("Westmarch", 6))
    bare = area_labels(g, frame, g.areas[0], "Westmarch", "W", style())
    assert not bare.fits and bare.spot is None and bare.name_at == pytest.approx(centre)


def test_an_area_with_no_land_has_its_city_and_nothing_else() -> None:
    g = geo(area("off", 9, 9, shape=((8.0, 8.0), (9.0, 8.0), (9.0, 9.0))), EAST)
    frame = map_frame(g, TALL)
    placed = area_labels(g, frame, g.areas[0], "Off", "Offby", style(spot=mm(18)))
    sx, sy = frame.point(900_000, 900_000)
    width, cap = SANS.width("Offby", 7.5), SANS.cap_height * 7.5
    assert isinstance(placed, Labels) and placed.seat == pytest.approx((sx, sy)) and placed.city == "Offby"
    assert placed.city_box == pytest.approx((sx - mm(2), sy - mm(2.5), sx + mm(2.3) + width, sy + mm(2.5)))
    assert (placed.city_x, placed.city_baseline) == pytest.approx((sx + mm(2.3), sy + cap / 2))
    assert (placed.city_anchor, placed.city_inside, placed.name) == ("start", 0.0, "Off")
    assert (placed.name_size, placed.name_at, placed.name_height, placed.name_width, placed.spot, placed.fits) == (
        None, (0.0, 0.0), 0.0, 0.0, None, True)


# --- the scale and the legend ---------------------------------------------------------------------

def test_a_scale_bar_of_round_kilometres() -> None:
    frame = MapFrame(mm(1) / 1000, 0, 0, 0, 0)  # a millimetre a km
    bar = Box("scale", "scale", 10, 0, mm(100), 10, {})
    # 200 km a step would be 1000 mm for five: 100 km, 100 mm a step, one step leaves no room
    assert scale_bar(bar, frame, 0) == pytest.approx((100, 1, mm(100), mm(100) - mm(100) - mm(4)))
    small = MapFrame(mm(0.1) / 1000, 0, 0, 0, 0)  # 10 mm a 100 km
    km, steps, step, room = scale_bar(bar, small, mm(10))
    assert (km, steps) == (100, 5) and step == pytest.approx(mm(10))
    assert room == pytest.approx(mm(100) - mm(50) - mm(4))
    tiny = MapFrame(mm(0.01) / 1000, 0, 0, 0, 0)  # 1 mm a 100 km: 1600 km a step is 16 mm
    km, steps, step, room = scale_bar(bar, tiny, mm(10))
    assert (km, steps, step) == (1600, 5, pytest.approx(mm(16)))
    assert room == pytest.approx(mm(100) - mm(80) - mm(4))


def test_a_scale_bar_leaves_its_unit_room_with_fewer_steps() -> None:
    small = MapFrame(mm(0.1) / 1000, 0, 0, 0, 0)
    bar = Box("scale", "scale", 10, 0, mm(100), 10, {})
    assert scale_bar(bar, small, mm(46))[1] == 5  # 50 + 4 + 46 = 100: just room
    assert scale_bar(bar, small, mm(46.01))[1] == 4
    assert scale_bar(bar, small, mm(86))[1] == 1 and scale_bar(bar, small, mm(200))[1] == 1
    km, steps, step, room = scale_bar(bar, small, mm(60))
    assert steps == 3 and room == pytest.approx(mm(100) - mm(30) - mm(4))
    exact = MapFrame(1 / 1000, 0, 0, 0, 0)  # a point a km: 400 km a step in a box of 2000 points
    assert scale_bar(Box("scale", "scale", 0, 0, 2000, 10, {}), exact, 0)[:3] == (400, 4, pytest.approx(400))
    assert scale_bar(Box("scale", "scale", 0, 0, 2000 + mm(4), 10, {}), exact, 0)[:3] == (400, 5, pytest.approx(400))
    assert scale_bar(Box("scale", "scale", 0, 0, 1999.99, 10, {}), exact, 0)[:3] == (200, 5, pytest.approx(200))
    assert scale_bar(Box("scale", "scale", 0, 0, 250, 10, {}), exact, 0)[:2] == (100, 2)


def test_the_room_a_legends_row_leaves_its_text() -> None:
    assert legend_room(Box("legend", "legend", 10, 0, mm(50), 10, {})) == pytest.approx(mm(36))


# --- the box a board draws its map in -------------------------------------------------------------

def test_the_layout_and_box_that_draw_a_boards_map() -> None:
    title = Box("title", "text", 0, 0, 10, 10, {})
    drawn = Box("map", "map", 1, 2, 3, 4, {})
    plain = SimpleNamespace(boxes=(title,))
    face = SimpleNamespace(boxes=(title, drawn, Box("map2", "map", 0, 0, 1, 1, {})))
    board = SimpleNamespace(faces={"a.yaml": plain, "b.yaml": face})
    assert map_layout(board) == (face, drawn) and map_box(board) is drawn
    bare = SimpleNamespace(faces={"a.yaml": plain})
    assert map_layout(bare) is None and map_box(bare) is None
    assert labels.map_layout(SimpleNamespace(faces={})) is None


def test_a_map_whose_land_starts_away_from_the_origin() -> None:
    land = (((1.0, 1.0), (7.0, 1.0), (7.0, 3.0), (1.0, 3.0)),)  # 600 km by 200 km, from (100 km, 100 km)
    g = Geography(MapSettings(EQC, None, land, (), {}, Origin("board.yaml"), fit="land"), (WEST,))
    frame = map_frame(g, map_at(10, 20, 300, 300))
    assert frame.scale == pytest.approx(300 / 600_000) and (frame.x0, frame.y1) == pytest.approx((100_000, 300_000))
    assert (frame.left, frame.top) == pytest.approx((10, 20 + (300 - 100) / 2))
    tall = map_frame(g, map_at(10, 20, 600, 100))
    assert tall.scale == pytest.approx(100 / 200_000) and (tall.left, tall.top) == pytest.approx((10 + 150, 20))


def test_boxes_overlap_by_their_own_sides() -> None:
    assert _clear((0, 0, 10, 30), [(20, 0, 30, 10)]) and _clear((20, 0, 30, 10), [(0, 0, 10, 30)])
    assert _clear((0, 0, 30, 10), [(0, 20, 10, 30)]) and _clear((0, 20, 10, 30), [(0, 0, 30, 10)])


def test_a_city_left_of_its_seat_on_the_seats_line() -> None:
    g = geo(area("w", 2.9, 2), area("e", 3.1, 2))
    frame = map_frame(g, TALL)
    placed = area_labels(g, frame, g.areas[0], "West", "Westby", style())
    sy = frame.point(*g.seat(g.areas[0]))[1]
    assert placed.city_baseline == pytest.approx(sy + SANS.cap_height * 7.5 / 2)


def test_a_city_at_the_lands_edge_goes_above_its_seat_on_the_sea() -> None:
    g = geo(area("w", 1, 3.995), area("e", 5, 2))  # its seat 0.2 mm below the map's top: no place inside
    frame = map_frame(g, TALL)
    placed = area_labels(g, frame, g.areas[0], "West", "Westby", style())
    sx, sy = frame.point(*g.seat(g.areas[0]))
    width, cap = SANS.width("Westby", 7.5), SANS.cap_height * 7.5
    assert placed.city_anchor == "middle" and placed.city_offshore
    assert (placed.city_x, placed.city_baseline) == pytest.approx((sx, sy - mm(2.4)))
    assert placed.city_box == pytest.approx((sx - width / 2, sy - mm(2.9) - cap, sx + width / 2, sy + mm(2)))


def test_the_name_keeps_off_its_seats_line_and_the_spot_clear_of_the_seat() -> None:
    """The name never on the line of its seat's name (the letters' band, 1 mm either side, across
    the whole map), and the marker's spot 1.5 mm clear of the seat's name and dot."""
    assert (SPOT_CLEAR_MM, MARK_GAP_MM) == (1.5, 1.0)
    for seat in ((1, 2), (2.2, 2), (1, 3.3), (2.5, 0.6)):
        g = geo(area("w", *seat), EAST)
        frame = map_frame(g, TALL)
        placed = area_labels(g, frame, g.areas[0], "West", "Westby", style(spot=mm(18)))
        assert placed.fits
        cap = SANS.cap_height * 7.5
        letters = (placed.city_baseline - cap - mm(1), placed.city_baseline + mm(1))
        name = (placed.name_at[1] - placed.name_height / 2 - mm(1), placed.name_at[1] + placed.name_height / 2 + mm(1))
        assert name[1] <= letters[0] + 1e-6 or letters[1] <= name[0] + 1e-6, seat
        x0, y0, x1, y1 = placed.city_box
        sx, sy = placed.spot
        reach = mm(18) / 2 + mm(1.5)
        assert sx + reach <= x0 + 1e-6 or x1 <= sx - reach + 1e-6 or sy + reach <= y0 + 1e-6 or \
            y1 <= sy - reach + 1e-6, seat


def test_a_mark_before_the_name() -> None:
    """With marks, the name's box holds the mark, a 1 mm gap and the name: the mark's centre at
    its left, the name's centre right of the box's by half the mark and the gap."""
    g = geo(WEST, EAST)
    frame = map_frame(g, TALL)
    plain = area_labels(g, frame, WEST, "West", "Westby", style())
    marked_style = LabelStyle(SERIF, SANS, 13, 6, 7.5, 0.0, mm(4))
    marked = area_labels(g, frame, WEST, "West", "Westby", marked_style)
    assert plain.mark_at is None and marked.mark_at is not None
    width = SERIF.width("West", 13) + mm(4) + mm(1) + 2 * mm(1)
    centre = marked.name_at[0] - (mm(4) + mm(1)) / 2  # the box's
    assert marked.mark_at == pytest.approx((centre - width / 2 + mm(1) + mm(2), marked.name_at[1]))
    assert marked.name_width == pytest.approx(SERIF.width("West", 13))


def test_an_areas_texts_keep_out_of_its_fade() -> None:
    """The strip along the bounds' cut where an area fades is no place for its name or its
    marker's spot: label_cell leaves it out (the fade in mm of the page, 0.4 mm a km here)."""
    settings = MapSettings(EQC, {"west": 1.0, "south": -1.0, "east": 7.0, "north": 5.0}, LAND, (), {},
                           Origin("board.yaml"), fade=8)
    g = Geography(settings, (area("w", 2, 2), area("e", 5, 2)))
    frame = map_frame(g, TALL)
    whole, kept = g.cells["w"], labels.label_cell(g, frame, g.areas[0])
    strip = 8 / 0.4 * 1000  # metres: 20 km
    assert whole.polygon.area - kept.polygon.area == pytest.approx(strip * 4 * 100_000, rel=1e-3)
    assert kept.polygon.bounds[0] == pytest.approx(100_000 + strip, abs=1)
    assert labels.label_cell(g, frame, g.areas[1]) is g.cells["e"]  # far from the cut
    placed = area_labels(g, frame, g.areas[0], "West", "Westby", style(spot=mm(18)))
    assert placed.spot[0] - mm(9) >= frame.point(100_000 + strip, 0)[0] - 1e-6
    no_fade = Geography(MapSettings(EQC, settings.bounds, LAND, (), {}, Origin("board.yaml")), g.areas)
    assert labels.label_cell(no_fade, frame, g.areas[0]) is no_fade.cells["w"]


def test_texts_placed_on_a_map_drawn_away_from_the_pages_corner() -> None:
    g = geo(area("w", 0.01, 0.01), EAST)
    at_corner = area_labels(g, map_frame(g, TALL), g.areas[0], "West", "Westby", style(spot=mm(18)))
    frame = map_frame(g, map_at(mm(30), mm(50), mm(240), mm(240)))
    moved = area_labels(g, frame, g.areas[0], "West", "Westby", style(spot=mm(18)))
    shift = (mm(30), mm(50))
    assert moved.city_box == pytest.approx(tuple(v + shift[i % 2] for i, v in enumerate(at_corner.city_box)))
    assert moved.spot == pytest.approx((at_corner.spot[0] + mm(30), at_corner.spot[1] + mm(50)))
    assert moved.name_at == pytest.approx((at_corner.name_at[0] + mm(30), at_corner.name_at[1] + mm(50)))
