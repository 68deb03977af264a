"""pnp.maps.areas.checks: each check of an area map on a tiny game of its own (a board of two
to four areas on a box of land 600 km by 400 km, its map 240 mm by 160 mm: 0.4 mm a km), with
every problem's exact message and place."""

from __future__ import annotations

from typing import Callable

import pytest

from pnp.checks import RULES
from pnp.maps.areas import checks
from pnp.maps.areas.checks import (area_geometry, area_isolated, board_projection, border_line, map_cut, map_label,
                                   map_points, neighbour_symmetric, neighbours_connected, room_for_markers,
                                   unknown_area)
from pnp.model.game import Game
from pnp.problems import CHECKS, Severity

Make = Callable[..., tuple[Game, list[str]]]
EVERY = (board_projection, unknown_area, neighbour_symmetric, area_isolated, neighbours_connected, map_points,
         area_geometry, border_line, room_for_markers, map_cut, map_label)
LABELS = "labels: {subtitle: a, north: N, kilometres: km, seat: a, border: a, coast: a, link: a}\n"
QUOTE = "'"
ISLANDS = "playing:\n  - [[0, 0], [2, 0], [2, 4], [0, 4]]\n  - [[4, 0], [6, 0], [6, 4], [4, 4]]\n"


def found(check, game: Game) -> list[str]:
    return [f"{where}: {message}" for where, message in check(game)]


def every(game: Game) -> list[str]:
    return [f"{check.__name__}: {line}" for check in EVERY for line in found(check, game)]


def areas(*lines: str) -> str:
    return "areas:\n" + "".join(f"  - {line}\n" for line in lines)


def place(text: str, line: int, needle: str, file: str = "areas.yaml", nth: int = 0) -> str:
    """Where the `nth` `needle` (0: the first) stands on a line of a file's text."""
    row, column = text.splitlines()[line - 1], -1
    for _ in range(nth + 1):
        column = row.index(needle, column + 1)
    return f"{file}:{line}:{column + 1}"


def test_the_checks_registered_with_their_severity_and_doc() -> None:
    ids = ["board-projection", "unknown-area", "neighbour-symmetric", "area-isolated", "neighbours-connected",
           "map-points", "area-geometry", "border-line", "room-for-markers", "map-cut", "map-label"]
    registered = {r.info.id: r for r in RULES}
    assert [registered[i].check for i in ids] == list(EVERY)
    assert all(CHECKS[i].severity is Severity.ERROR for i in ids)
    assert CHECKS["area-isolated"].doc == "An area has no neighbour, so nothing can reach it or leave it."
    assert checks.GEOMETRY_CHECKS == {"board-projection", "area-isolated", "neighbours-connected", "area-geometry",
                                      "room-for-markers", "border-line", "map-label", "map-cut"}
    assert (checks.MAX_CUT_MM, checks.LEAST_FADE_MM) == (20, 5)


def test_a_board_of_two_halves_has_no_problem(board_game: Make) -> None:
    game, problems = board_game()
    assert problems == [] and every(game) == []


# --- the projection -------------------------------------------------------------------------------

def test_a_projection_pnp_refuses(board_game: Make) -> None:
    game, problems = board_game(board="land: land.yaml\nprojection: +proj=merc +k=a\n" + LABELS)
    assert problems == []
    assert every(game) == ["board_projection: board.yaml:2:13: projection '+proj=merc +k=a' cannot be used: +k=a is "
                           "refused: +k takes a number"]  # (and the map, not worked out, says nothing else)


def test_a_projection_pyproj_cannot_use(board_game: Make) -> None:
    game, _ = board_game(board="land: land.yaml\nprojection: EPSG:4326\n" + LABELS)
    assert every(game) == ["board_projection: board.yaml:2:13: projection 'EPSG:4326' cannot be used: it is not a map "
                           "projection (it gives degrees, not metres)"]


def test_a_board_whose_settings_cannot_be_read_is_not_checked(board_game: Make) -> None:
    game, problems = board_game(land="playing:\n  - '1,1 2,2'\n")
    assert problems == ["land.yaml:2:5: error: playing[0]: needs at least 3 points, has 2 [map-points]"]
    assert game.sets["board"].settings is None and every(game) == []


def test_an_incomplete_game_has_its_map_worked_out_by_no_check(board_game: Make) -> None:
    game, _ = board_game(areas=areas("{id: w, name: W, seat: {city: Wy, lat: 2, lon: 1}}",
                                     "{id: e, name: E, seat: {city: Ey, lat: 2, lon: 5}}"),
                         land=ISLANDS)
    assert len(every(game)) == 2
    game.complete = False
    assert every(game) == []


# --- neighbours -----------------------------------------------------------------------------------

NEIGHBOURS = areas(
    "{id: w, name: W, seat: {city: Wy, lat: 2, lon: 1}, neighbours: {add: [x, w, e], remove: [e, y, w]}}",
    "{id: e, name: E, seat: {city: Ey, lat: 2, lon: 5}, neighbours: {add: [w]}}")


def test_a_neighbour_that_is_no_area_or_the_area_itself(board_game: Make) -> None:
    game, _ = board_game(areas=NEIGHBOURS)
    assert found(unknown_area, game) == [
        f"{place(NEIGHBOURS, 2, 'x, w, e')}: area 'w' names neighbour 'x', which is not an area",
        f"{place(NEIGHBOURS, 2, 'w, e]')}: area 'w' names itself as a neighbour",
        f"{place(NEIGHBOURS, 2, 'y, w]')}: area 'w' names neighbour 'y', which is not an area",
        f"{place(NEIGHBOURS, 2, 'w]}}')}: area 'w' names itself as a neighbour"]


def test_a_neighbour_added_or_removed_one_way(board_game: Make) -> None:
    game, _ = board_game(areas=NEIGHBOURS)
    # w adds e and e adds w: said of neither; w removes e alone; x, y and w itself are for unknown-area
    assert found(neighbour_symmetric, game) == [
        f"{place(NEIGHBOURS, 2, 'e, y, w')}: area 'w' removes neighbour 'e', but 'e' does not remove 'w'"]
    one_way = areas("{id: w, name: W, seat: {city: Wy, lat: 2, lon: 1}, neighbours: {add: [e]}}",
                    "{id: e, name: E, seat: {city: Ey, lat: 2, lon: 5}, neighbours: {remove: [w]}}")
    game, _ = board_game(areas=one_way)
    assert found(neighbour_symmetric, game) == [
        f"{place(one_way, 2, 'e]')}: area 'w' adds neighbour 'e', but 'e' does not add 'w'",
        f"{place(one_way, 3, 'w]')}: area 'e' removes neighbour 'w', but 'w' does not remove 'e'"]


def test_an_area_with_no_neighbour(board_game: Make) -> None:
    game, _ = board_game(land=ISLANDS)
    assert every(game) == ["area_isolated: areas.yaml:2:9: area 'w' has no neighbour",
                           "area_isolated: areas.yaml:5:9: area 'e' has no neighbour"]
    # a neighbour by sea joins them
    game, _ = board_game(land=ISLANDS, areas=areas(
        "{id: w, name: W, seat: {city: Wy, lat: 2, lon: 1}, neighbours: {add: [e]}}",
        "{id: e, name: E, seat: {city: Ey, lat: 2, lon: 5}, neighbours: {add: [w]}}"))
    assert every(game) == []
    # and removing the one neighbour leaves an area alone
    game, _ = board_game(areas=areas("{id: w, name: W, seat: {city: Wy, lat: 2, lon: 1}, neighbours: {remove: [e]}}",
                                     "{id: e, name: E, seat: {city: Ey, lat: 2, lon: 5}, neighbours: {remove: [w]}}"))
    assert found(area_isolated, game) == ["areas.yaml:2:10: area 'w' has no neighbour",
                                          "areas.yaml:3:10: area 'e' has no neighbour"]


FOUR = ("{id: a, name: A, seat: {city: Ay, lat: 1, lon: 5}}", "{id: b, name: B, seat: {city: By, lat: 1, lon: 1}}",
        "{id: c, name: C, seat: {city: Cy, lat: 3, lon: 1}}", "{id: d, name: D, seat: {city: Dy, lat: 3, lon: 5}}")


def test_areas_cut_off_from_the_others(board_game: Make) -> None:
    """Two islands of two areas each: the group holding the first area is the main one; the
    other is located at its first area."""
    game, _ = board_game(areas=areas(*FOUR), land=ISLANDS)
    assert every(game) == ["neighbours_connected: areas.yaml:3:10: areas 'b', 'c' are cut off from 'a' and 1 area "
                           "joined to it: no chain of neighbours links them"]
    game, _ = board_game(areas=areas(FOUR[2], FOUR[3], FOUR[1], FOUR[0]), land=ISLANDS)
    assert found(neighbours_connected, game) == [
        "areas.yaml:3:10: areas 'd', 'a' are cut off from 'c' and 1 area joined to it: no chain of neighbours links "
        "them"]


def test_the_largest_group_is_the_main_one_and_an_area_alone_is_isolated(board_game: Make) -> None:
    land = ("playing:\n  - [[0, 0], [2, 0], [2, 4], [0, 4]]\n  - [[4, 0], [6, 0], [6, 4], [4, 4]]\n"
            "  - [[2.5, 0], [3.5, 0], [3.5, 1], [2.5, 1]]\n")
    game, _ = board_game(land=land, areas=areas(
        "{id: a, name: A, seat: {city: Ay, lat: 1, lon: 1}}", "{id: b, name: B, seat: {city: By, lat: 3, lon: 1}}",
        "{id: c, name: C, seat: {city: Cy, lat: 0.5, lon: 3}, shape: [[2.5, 0], [3.5, 0], [3.5, 1], [2.5, 1]]}",
        "{id: d, name: D, seat: {city: Dy, lat: 1, lon: 5}}",
        "{id: e, name: E, seat: {city: Ey, lat: 3, lon: 5}}", "{id: f, name: F, seat: {city: Fy, lat: 2, lon: 5.5}}"))
    assert found(area_isolated, game) == ["areas.yaml:4:10: area 'c' has no neighbour"]
    assert found(neighbours_connected, game) == [
        "areas.yaml:2:10: areas 'a', 'b' are cut off from 'd' and 2 areas joined to it: no chain of neighbours links "
        "them"]


# --- points, seats and land -------------------------------------------------------------------

def test_a_shape_whose_points_are_wrong_located_at_each(board_game: Make) -> None:
    text = areas("{id: w, name: W, seat: {city: Wy, lat: 2, lon: 1}}",
                 "{id: e, name: E, seat: {city: Ey, lat: 2, lon: 5}, shape: '3,0 6,x 6;4 3,4'}",
                 "{id: n, name: N, seat: {city: Ny, lat: 3, lon: 3}, shape: '3,3 4,4'}",
                 "{id: s, name: S, seat: {city: Sy, lat: 1, lon: 3}, shape: [[2, 0], [4, 0], [3, 1]]}")
    game, problems = board_game(areas=text)
    assert problems == []
    assert found(map_points, game) == [
        f"{place(text, 3, '6,x')}: board 'e': shape: point 2 '6,x' is not longitude,latitude",
        f"{place(text, 3, '6;4')}: board 'e': shape: point 3 '6;4' is not longitude,latitude",
        f"{place(text, 4, QUOTE + '3,3')}: board 'n': shape: needs at least 3 points, has 2"]


def test_two_areas_measured_from_one_point(board_game: Make) -> None:
    text = areas("{id: a, name: A, seat: {city: Ay, lat: 1, lon: 1}}",
                 "{id: b, name: B, seat: {city: By, lat: 1, lon: 1.5}, anchor: {lat: 1, lon: 1}}",
                 "{id: c, name: C, seat: {city: Cy, lat: 1, lon: 1}, anchor: {lat: 3.5, lon: 5.25}}",
                 "{id: d, name: D, seat: {city: Dy, lat: 3.5, lon: 5.25}}")
    game, _ = board_game(areas=text)
    assert found(area_geometry, game)[:2] == [
        f"{place(text, 3, '{lat')}: area 'b' is measured from the same point as area 'a' (lat 1, lon 1), so one of "
        "them would have no land: give it a seat or an anchor of its own",
        f"{place(text, 5, '{city')}: area 'd' is measured from the same point as area 'c' (lat 3.5, lon 5.25), so one of them "
        "would have no land: give it a seat or an anchor of its own"]


def test_an_area_with_no_land_and_a_seat_outside_its_area(board_game: Make) -> None:
    text = areas("{id: w, name: W, seat: {city: {en: Wy, fr: Wville}, lat: 2, lon: 1}, anchor: {lat: 2, lon: 4}}",
                 "{id: e, name: E, seat: {city: Ey, lat: 2, lon: 5}, anchor: {lat: 2, lon: 2}}",
                 "{id: s, name: S, seat: {city: Sy, lat: 9, lon: 9}, shape: '8,8 9,8 9,9'}",
                 "{id: x, name: X, seat: {city: Xy, lat: -2, lon: 3}, anchor: {lat: -12, lon: 3}}")
    game, _ = board_game(areas=text)
    assert found(area_geometry, game) == [
        f"{place(text, 2, '{city')}: area 'w': its seat Wy lies outside the area",
        f"{place(text, 3, '{city')}: area 'e': its seat Ey lies outside the area",
        "areas.yaml:4:10: area 's' has no land: its shape lies off the map's land",
        "areas.yaml:5:10: area 'x' has no land: its anchor's share of the land lies off the map's land"]


def test_a_seat_on_its_areas_edge_is_inside(board_game: Make) -> None:
    game, _ = board_game(areas=areas("{id: w, name: W, seat: {city: Wy, lat: 2, lon: 3}, anchor: {lat: 2, lon: 1}}",
                                     "{id: e, name: E, seat: {city: Ey, lat: 0, lon: 6}}"))
    assert found(area_geometry, game) == []


# --- border lines ---------------------------------------------------------------------------------

def test_a_border_stretch_far_from_its_river(board_game: Make) -> None:
    rivers = ("rivers:\n  - name: Blue\n    border: [{from: [2.5, 4.0], to: [3.0, 2.0]}, "
              "{from: [2.0, 1.0], to: [3.6, 0.0]}, {from: [3.55, 0.1], to: [3.58, -0.1]}]\n"
              "    lines:\n      - [[2.5, 4.5], [3.5, -0.5]]\n"
              "  - name: Green\n    border: true\n    lines:\n      - [[0.5, 4.5], [0.5, -0.5]]\n")
    game, problems = board_game(rivers=rivers)
    assert problems == []
    # (lon 2.5 is 1 km off the river at lat 4, 1.96 km from it; the stretch from (3.55, 0.1) lies
    # within 20 km: 19.6 km, and (3.58, -0.1) 19.6 km)
    assert found(border_line, game) == [
        "rivers.yaml:3:57: river 'Blue': its border's from point (lat 1, lon 2) lies 118 km from the river: give a "
        "point within 20 km of it"]


def test_a_border_stretch_far_from_its_range(board_game: Make) -> None:
    ranges = ("ranges:\n  - name: Hills\n    border: [{from: [2.5, 4.0], to: [4.0, 2.0]}]\n"
              "    lines:\n      - [[2.5, 4.5], [3.5, -0.5]]\n")
    game, problems = board_game(ranges=ranges)
    assert problems == []
    assert found(border_line, game) == [
        f"{place(ranges, 3, '[4.0', 'ranges.yaml')}: range 'Hills': its border's to point (lat 2, lon 4) lies 98 km from the range: give a point "
        "within 20 km of it"]


# --- room for markers -----------------------------------------------------------------------------

NARROW = areas("{id: a, name: A, seat: {city: Ay, lat: 2, lon: 0.15}, shape: [[0, 0], [0.3, 0], [0.3, 4], [0, 4]]}",
               "{id: b, name: B, seat: {city: By, lat: 2, lon: 3}}",
               "{id: s, name: S, seat: {city: Sy, lat: 9, lon: 9}, shape: '8,8 9,8 9,9'}")


def test_an_area_too_small_for_a_marker(board_game: Make) -> None:
    """a is 30 km wide: 12 mm on the map; a 15 mm marker needs 1.5 mm more on each side."""
    game, _ = board_game(areas=NARROW)
    assert found(room_for_markers, game) == [
        "areas.yaml:2:10: area 'a' holds a circle of 12.0 mm at most; a 15 mm marker needs 18 mm"]
    game, _ = board_game(areas=NARROW, markers="9.1mm")
    assert found(room_for_markers, game) == [
        "areas.yaml:2:10: area 'a' holds a circle of 12.0 mm at most; a 9.1 mm marker needs 12.1 mm"]
    game, _ = board_game(areas=NARROW, markers="8.9mm")  # needs 11.9 mm: it holds 12.0
    assert found(room_for_markers, game) == []


def test_no_room_is_needed_without_markers_or_a_map_drawn(board_game: Make) -> None:
    game, _ = board_game(areas=NARROW, markers=None)
    assert found(room_for_markers, game) == []
    game, _ = board_game(areas=NARROW, layout="boxes:\n  title: {x: 10, y: 10, width: 40, height: 10, text: T}\n")
    assert found(room_for_markers, game) == [] and found(map_label, game) == []


# --- the texts it prints --------------------------------------------------------------------------

def test_a_name_too_long_for_its_area(board_game: Make) -> None:
    long = "B" * 200
    game, _ = board_game(markers=None, areas=areas(
        "{id: a, name: Aaaaaaaaaaaaaaaaaaaaaaa, seat: {city: Ay, lat: 2, lon: 0.15}, "
        "shape: [[0, 0], [0.3, 0], [0.3, 4], [0, 4]]}",
        "{id: b, name: {en: " + long + ", fr: " + long + "}, seat: {city: By, lat: 2, lon: 3}}",
        "{id: s, name: S, seat: {city: Sy, lat: 9, lon: 9}, shape: '8,8 9,8 9,9'}"))
    assert found(map_label, game) == [
        "areas.yaml:2:19: area 'a': its name 'Aaaaaaaaaaaaaaaaaaaaaaa' does not fit inside the area even at 6 pt "
        "(26.2 mm wide), clear of its seat and its marker's spot: give it a shorter name or a smaller min_size",
        f"areas.yaml:3:24: area 'b': its name '{long}' does not fit inside the area even at 6 pt (275.6 mm wide), "
        "clear of its seat and its marker's spot: give it a shorter name or a smaller min_size"]


def test_a_name_is_not_said_not_to_fit_where_the_marker_cannot(board_game: Make) -> None:
    game, _ = board_game(areas=NARROW.replace("name: A,", "name: Aaaaaaaaaaaaaaaaaaaaaaa,"))
    assert found(map_label, game) == []


def test_a_name_said_in_each_language_it_does_not_fit(board_game: Make) -> None:
    game, _ = board_game(markers=None, areas=areas(
        "{id: a, name: {en: Aaaaaaaaaaaaaaaaaaaaaaa, fr: Aaaaaaaaaaaaaaaaaaaaaab}, seat: {city: Ay, lat: 2, lon: 0.15}, "
        "shape: [[0, 0], [0.3, 0], [0.3, 4], [0, 4]]}",
        "{id: b, name: B, seat: {city: By, lat: 2, lon: 3}}"))
    assert [line.split(" does not")[0] for line in found(map_label, game)] == [
        "areas.yaml:2:24: area 'a': its name 'Aaaaaaaaaaaaaaaaaaaaaaa'",
        "areas.yaml:2:53: area 'a': its name 'Aaaaaaaaaaaaaaaaaaaaaab'"]


def test_a_seats_name_reaching_out_of_its_area(board_game: Make) -> None:
    """a's city, 24 letters in a strip 12 mm wide, and b's, 250, reach out of them; c's, at its
    area's very corner, finds room inside it."""
    game, _ = board_game(markers=None, areas=areas(
        "{id: a, name: A, seat: {city: {en: Aytown-on-the-long-river, fr: Ay}, lat: 2, lon: 0.15}, "
        "shape: [[0, 0], [0.3, 0], [0.3, 4], [0, 4]]}",
        "{id: b, name: B, seat: {city: " + "y" * 250 + ", lat: 2, lon: 3}}",
        "{id: c, name: C, seat: {city: Cy-far-away-at-its-corner, lat: 0.01, lon: 5.99}, anchor: {lat: 2, lon: 5}}"))
    assert found(map_label, game) == [
        "areas.yaml:2:40: area 'a': its seat's name 'Aytown-on-the-long-river' reaches 8.0 mm out of the area at "
        "7.5 pt: give it a shorter name or a smaller seats size",
        f"areas.yaml:3:35: area 'b': its seat's name '{'y' * 250}' reaches 114.5 mm out of the area at 7.5 pt: give it "
        "a shorter name or a smaller seats size"]


def test_a_seats_name_on_the_sea_beside_its_seat_is_not_said_to_reach_out(board_game: Make) -> None:
    """a's seat at the corner of the land: no place beside it lies inside, its name goes on the sea."""
    game, _ = board_game(markers=None, areas=areas(
        "{id: a, name: A, seat: {city: Ay-at-the-corner, lat: 0.01, lon: 0.01}, anchor: {lat: 2, lon: 1}}",
        "{id: b, name: B, seat: {city: By, lat: 2, lon: 5}}"))
    assert found(map_label, game) == []


SPIT = "playing:\n  - [[0, 1.9], [1, 1.9], [1, 0], [6, 0], [6, 4], [1, 4], [1, 2.1], [0, 2.1]]\n"


@pytest.mark.parametrize("fade, said", [
    ("", ""), ("fade: 4.5\n", ", and a fade of 4.5 mm reads as a cut"), ("fade: 5\n", None)])
def test_bounds_cutting_the_land_along_a_straight_line(board_game: Make, fade: str, said: str | None) -> None:
    """The bounds at 0.5°E cut a spit of land 20 km wide (6.4 mm on the page: no problem), at 5°E
    the land across (400 km: 128.0 mm, the map fitting the bounds, 0.32 mm a km), at 4.5°N and
    -0.5°S nothing; a fade of 5 mm or more is a fade."""
    board = bounded("{west: 0.5, south: -0.5, east: 5, north: 4.5}") + fade
    game, problems = board_game(land=SPIT, board=board, markers=None, areas=areas(
        "{id: a, name: A, seat: {city: Ay, lat: 2, lon: 2}}", "{id: b, name: B, seat: {city: By, lat: 2, lon: 4}}"))
    assert problems == []
    expected = [] if said is None else [
        f"board.yaml:3:40: the map's east bound cuts the land in play along a straight line 128.0 mm long on the page, "
        f"the land going on beyond it{said}: give the board a fade of 5 mm or more (fade:), so that the areas fade "
        f"into the land around, or move the bound to where the land ends"]
    assert found(map_cut, game) == expected


def test_no_cut_without_bounds_or_a_map_drawn(board_game: Make) -> None:
    game, _ = board_game(markers=None)
    assert found(map_cut, game) == []
    board = bounded("{west: 0.5, south: -0.5, east: 5, north: 4.5}")
    game, _ = board_game(board=board, markers=None, layout="boxes: {}\n")
    assert found(map_cut, game) == []


def bounded(bounds: str) -> str:
    """The board's settings with these bounds."""
    return ("land: land.yaml\nprojection: +proj=eqc +R=6371000 +to_meter=1.1119492664455874\nbounds: " + bounds + "\n"
            + LABELS)


KEYS = """\
boxes:
  map: {x: 10, y: 10, width: 240, height: 160, map: {}}
  compass: {x: 10, y: 180, width: 10, height: 10, compass: "Northwards", size: 11}
  compass2: {x: 30, y: 180, width: 30, height: 10, compass: "{map.labels.north}", font: body}
  scale: {x: 30, y: 190, width: 40, height: 10, scale: "kilometres of the map", size: 8}
  scale2: {x: 80, y: 190, width: 90, height: 10, scale: "{map.labels.kilometres}"}
  legend: {x: 80, y: 180, width: 30, height: 30, legend: [{mark: seat, text: "the seat of a government"}, {mark: coast, text: "{map.labels.coast}"}]}
  hidden: {x: 120, y: 180, width: 10, height: 10, compass: "Northwards", if: "false"}
"""


def test_a_compass_scale_or_legend_text_running_out_of_its_box(board_game: Make) -> None:
    game, problems = board_game(layout=KEYS)
    assert problems == []
    assert found(map_label, game) == [
        "layout.yaml:3:12: layout 'layout.yaml': the compass box's 'Northwards' is 21.6 mm wide at 11 pt, 11.6 mm "
        "wider than the box",
        "layout.yaml:5:10: layout 'layout.yaml': the scale box's 'kilometres of the map' does not fit the 0.0 mm right "
        "of its bar even at 5.5 pt (17.8 mm)",
        "layout.yaml:7:11: layout 'layout.yaml': the legend box's 'the seat of a government' does not fit the 16.0 mm "
        "its row leaves even at 5.5 pt (20.2 mm)"]


BOARD_FR = """\
land: land.yaml
projection: +proj=eqc +R=6371000 +to_meter=1.1119492664455874
labels:
  subtitle: a
  north: {en: N, fr: Nord-Nord-Ouest}
  kilometres: {en: km, fr: kilomètres à vol d’oiseau}
  seat: {en: seat, fr: siège du gouvernement de la région}
  border: a
  coast: a
  link: a
"""
KEYS_FR = """\
boxes:
  map: {x: 10, y: 10, width: 240, height: 160, map: {}}
  compass: {x: 10, y: 180, width: 22.89, height: 30, compass: "{map.labels.north}", font: body, size: 9}
  compass2: {x: 40, y: 180, width: 5, height: 5, compass: "Nord", if: "map.labels.north == 'N'"}
  scale: {x: 30, y: 200, width: 60, height: 10, scale: "{map.labels.kilometres}", font: heading, size: 9}
  legend: {x: 100, y: 200, width: 44, height: 20, font: heading, size: 10, legend: [{mark: seat, text: "{map.labels.seat}"}]}
  legend2: {x: 150, y: 200, width: 17, height: 10, legend: [{mark: seat, text: "{map.labels.seat[99]}"}]}
"""


def test_key_texts_in_each_language_at_their_boxes_fonts_and_sizes(board_game: Make) -> None:
    """The French labels run out of their boxes (the compass by half a point); the English
    ones fit, but for a compass shown only when the north is N. A text that cannot be worked
    out is said nothing of (the build's checks say it)."""
    game, problems = board_game(board=BOARD_FR, layout=KEYS_FR)
    assert problems == []
    assert found(map_label, game) == [
        "layout.yaml:4:13: layout 'layout.yaml': the compass2 box's 'Nord' is 9.1 mm wide at 11 pt, 4.1 mm wider than "
        "the box",
        "layout.yaml:3:12: layout 'layout.yaml': the compass box's 'Nord-Nord-Ouest' is 23.1 mm wide at 9 pt, 0.2 mm "
        "wider than the box",
        "layout.yaml:5:10: layout 'layout.yaml': the scale box's 'kilomètres à vol d’oiseau' does not fit the 16.0 mm "
        "right of its bar even at 5.5 pt (22.2 mm)",
        "layout.yaml:6:11: layout 'layout.yaml': the legend box's 'siège du gouvernement de la région' does not fit the "
        "30.0 mm its row leaves even at 5.5 pt (31.8 mm)"]


def test_a_key_text_the_layout_gives_in_each_language(board_game: Make) -> None:
    layout = ("boxes:\n  map: {x: 10, y: 10, width: 240, height: 160, map: {}}\n"
              "  legend: {x: 100, y: 200, width: 44, height: 20, font: heading, size: 10, legend: [{mark: seat, text: "
              "{en: seat, fr: siège du gouvernement de la région}}]}\n")
    game, problems = board_game(layout=layout)
    assert problems == []
    assert found(map_label, game) == [
        "layout.yaml:3:11: layout 'layout.yaml': the legend box's 'siège du gouvernement de la région' does not fit the "
        "30.0 mm its row leaves even at 5.5 pt (31.8 mm)"]


MARKED = """\
    colours: {from: cards, by: area}
  cards:
    type: card
    size: poker
    files: cards.yaml
    items: cards
    group: {key: suit, fields: {colour: colour, area: {type: ref, to: board}, emblem: icon, motto: text}}
    face: card.yaml
"""
SUIT = 'suit: {id: west, colour: "#aa0000", area: w, emblem: star, motto: Onward}\ncards:\n  - {id: a}\n'
STAR = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0L10 10L0 10Z"/></svg>'


@pytest.mark.parametrize("marks, said", [
    ("emblem", None),
    ("motto", "'motto' is a text field of the suits of set 'cards', not an icon: no area's mark would be drawn"),
    ("emblm", "'emblm' is no field of the suits of set 'cards' (did you mean 'emblem'?)"),
    ("colours", "'colours' is no field of the suits of set 'cards' (their icon fields: emblem)"),
])
def test_marks_that_name_no_icon_field_of_the_areas_groups(board_game: Make, tmp_path, monkeypatch, marks: str,
                                                           said: str | None) -> None:
    from pnp.maps.areas.checks import map_marks
    from .. import conftest

    monkeypatch.setattr(conftest, "GAME", conftest.GAME + MARKED)
    (tmp_path / "icons").mkdir(exist_ok=True)
    (tmp_path / "icons" / "star.svg").write_text(STAR, "utf-8")
    layout = f"boxes:\n  map: {{x: 10, y: 10, width: 240, height: 160, map: {{marks: {marks}}}}}\n"
    game, problems = board_game(layout=layout, markers=None, cards=SUIT, card="boxes: {}\n")
    assert problems == []
    assert found(map_marks, game) == ([f"layout.yaml:2:61: layout 'layout.yaml': box 'map': marks: {said}"]
                                      if said else [])


def test_marks_where_the_areas_take_their_colours_from_no_groups(board_game: Make) -> None:
    from pnp.maps.areas.checks import map_marks

    game, _ = board_game(layout="boxes:\n  map: {x: 10, y: 10, width: 240, height: 160, map: {marks: emblem}}\n")
    assert found(map_marks, game) == [
        "layout.yaml:2:61: layout 'layout.yaml': box 'map': marks: 'emblem' names a field of the groups the areas "
        "take their colours from, and set 'board' takes them from none (colours: {from: SET, by: FIELD}, a set with "
        "groups): no area has a mark"]
