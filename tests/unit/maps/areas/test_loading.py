"""pnp.maps.areas.loading: the fields of an area map's items, and its settings read from the
game's files (the board's file, its land, its rivers and ranges), points given as lists or
as text, each bad point located where it stands in its file; on tiny games of their own."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Callable

from pnp.maps.areas.data import MapLine, MapSettings
from pnp.maps.areas.loading import POINTS_SHOWN, area_fields, bad_points, point_places
from pnp.model.game import Game, Origin, Text
from pnp.problems import Location

Make = Callable[..., tuple[Game, list[str]]]
LAND = "playing:\n  - [[0, 0], [6, 0], [6, 4], [0, 4]]\n"


def test_every_areas_fields() -> None:
    at = Location("game.yaml", 3, 5)
    fields = area_fields(at)
    assert list(fields) == ["name", "seat", "anchor", "shape", "neighbours"]
    assert fields["name"].type == "text" and not fields["name"].optional
    seat = fields["seat"]
    assert (seat.type, seat.doc, list(seat.fields)) == ("record", "The area's seat of government.", ["city", "lat", "lon"])
    assert seat.fields["city"].type == "text"
    assert (seat.fields["lat"].minimum, seat.fields["lat"].maximum) == (-90, 90)
    assert (seat.fields["lon"].minimum, seat.fields["lon"].maximum) == (-180, 180)
    anchor = fields["anchor"]
    assert anchor.optional and anchor.type == "record" and list(anchor.fields) == ["lat", "lon"]
    assert (anchor.fields["lat"].minimum, anchor.fields["lat"].maximum) == (-90, 90)
    assert (anchor.fields["lon"].minimum, anchor.fields["lon"].maximum) == (-180, 180)
    assert anchor.doc == "Where the area's share of the land is measured from (default: its seat)."
    shape = fields["shape"]
    assert shape.optional and shape.type == "list" and shape.raw == {"$ref": "land.schema.json#/$defs/ring"}
    neighbours = fields["neighbours"]
    assert neighbours.optional and list(neighbours.fields) == ["add", "remove"]
    for key in ("add", "remove"):
        listed = neighbours.fields[key]
        assert listed.optional and listed.unique and listed.type == "list" and listed.of.type == "id"
    assert all(f.at == at for f in fields.values()) and seat.fields["lat"].at == at


def test_the_settings_read_from_the_boards_files(board_game: Make) -> None:
    board = ("land: land.yaml\nprojection: EPSG:3857\nbounds: {west: 0, south: 0, east: 6, north: 4}\nfit: land\n"
             "labels: {subtitle: a, north: N, kilometres: km, seat: a, border: a, coast: a, link: {en: sea, fr: mer}}\n")
    land = ("playing:\n  - '0,0 6,0 6,4 0,4'\n  - [[7, 0], [8, 0], [8, 1]]\ncontext:\n  - name: Beyond\n"
            "    ring: >-\n      6,0 8,0\n      8,4 6,4\n")
    game, problems = board_game(board=board, land=land)
    assert problems == []
    assert game.sets["board"].settings == MapSettings(
        "EPSG:3857", {"west": 0, "south": 0, "east": 6, "north": 4},
        (((0.0, 0.0), (6.0, 0.0), (6.0, 4.0), (0.0, 4.0)), ((7.0, 0.0), (8.0, 0.0), (8.0, 1.0))),
        (("Beyond", ((6.0, 0.0), (8.0, 0.0), (8.0, 4.0), (6.0, 4.0))),),
        {key: Text.from_data(value) for key, value in (
            ("subtitle", "a"), ("north", "N"), ("kilometres", "km"), ("seat", "a"), ("border", "a"), ("coast", "a"),
            ("link", {"en": "sea", "fr": "mer"}))},
        Origin("board.yaml"), ("board.yaml", "land.yaml"), "land")


def test_the_rivers_and_ranges(board_game: Make) -> None:
    rivers = ("rivers:\n  - name: Blue\n    border: [{from: [1, 1], to: [2, 2]}]\n    lines:\n      - '1,1 2,2'\n"
              "      - [[3, 3], [4, 4], [5, 5]]\n  - name: Red\n    border: true\n    lines:\n      - '0,0 1,0'\n")
    ranges = "ranges:\n  - name: Hills\n    lines:\n      - '1,1 2,2'\n  - {name: Low, draw: none, lines: ['0,0 1,1']}\n"
    game, problems = board_game(rivers=rivers, ranges=ranges)
    assert problems == []
    settings = game.sets["board"].settings
    assert settings.files == ("board.yaml", "land.yaml", "rivers.yaml", "ranges.yaml")
    assert settings.rivers == (
        MapLine("Blue", "river", (((1.0, 1.0), (2.0, 2.0)), ((3.0, 3.0), (4.0, 4.0), (5.0, 5.0))),
                (((1.0, 1.0), (2.0, 2.0)),), True, Origin("rivers.yaml", ("rivers", 0))),
        MapLine("Red", "river", (((0.0, 0.0), (1.0, 0.0)),), True, True, Origin("rivers.yaml", ("rivers", 1))))
    assert settings.ranges == (
        MapLine("Hills", "range", (((1.0, 1.0), (2.0, 2.0)),), False, True, Origin("ranges.yaml", ("ranges", 0))),
        MapLine("Low", "range", (((0.0, 0.0), (1.0, 1.0)),), False, False, Origin("ranges.yaml", ("ranges", 1))))
    assert (settings.bounds, settings.fit, settings.context) == (None, "bounds", ())


def test_bad_points_of_the_land_located_at_each(board_game: Make) -> None:
    land = "playing:\n  - '0,0 6,0 6,4 0,4'\ncontext:\n  - name: Beyond\n    ring: >-\n      6,0 8,0\n      8,x 6,4\n"
    game, problems = board_game(land=land)
    assert problems == ["land.yaml:7:7: error: context[0].ring: point 3 '8,x' is not longitude,latitude [map-points]"]
    assert game.sets["board"].settings is None and not game.complete
    game, problems = board_game(land="playing:\n  - |\n    0,0 6,0\n    6,y 0,4\n")
    assert problems == ["land.yaml:4:5: error: playing[0]: point 3 '6,y' is not longitude,latitude [map-points]"]
    game, problems = board_game(land='playing:\n  - "0,0 6,0 6,q 0,4"\n')
    assert problems == ["land.yaml:2:14: error: playing[0]: point 3 '6,q' is not longitude,latitude [map-points]"]
    game, problems = board_game(land="playing:\n  - '0,0 6,0'\n")
    assert problems == ["land.yaml:2:5: error: playing[0]: needs at least 3 points, has 2 [map-points]"]


def test_ten_bad_points_told_one_by_one_and_the_rest_counted(board_game: Make) -> None:
    assert POINTS_SHOWN == 10
    game, problems = board_game(land="playing:\n  - " + " ".join(f"{i},x" for i in range(1, 14)) + "\n")
    assert problems == [f"land.yaml:2:{column}: error: playing[0]: point {i} '{i},x' is not longitude,latitude "
                        f"[map-points]" for i, column in zip(range(1, 11), (5, 9, 13, 17, 21, 25, 29, 33, 37, 41))] + [
        "land.yaml:2:46: error: playing[0]: 3 more points like these, from point 11 on [map-points]"]
    game, problems = board_game(land="playing:\n  - " + " ".join(f"{i},x" for i in range(1, 12)) + "\n")
    assert problems[-1] == "land.yaml:2:46: error: playing[0]: 1 more points like these, from point 11 on [map-points]"
    assert len(problems) == 11


def test_bad_points_of_a_river_or_range(board_game: Make) -> None:
    rivers = "rivers:\n  - name: Blue\n    lines:\n      - '1,1 2,z'\n      - '1,1'\n  - {name: Red, lines: ['1,1 0,0']}\n"
    game, problems = board_game(rivers=rivers, ranges="ranges:\n  - name: Hills\n    lines:\n      - '1,1 x'\n")
    assert problems == [
        "rivers.yaml:4:14: error: rivers[0].lines[0]: point 2 '2,z' is not longitude,latitude [map-points]",
        "rivers.yaml:5:9: error: rivers[0].lines[1]: needs at least 2 points, has 1 [map-points]",
        "ranges.yaml:4:14: error: ranges[0].lines[0]: point 2 'x' is not longitude,latitude [map-points]"]
    assert game.sets["board"].settings is None


def test_files_that_cannot_be_read_leave_no_settings(board_game: Make) -> None:
    labels = "labels: {subtitle: a, north: N, kilometres: km, seat: a, border: a, coast: a, link: a}\n"
    game, problems = board_game(board="land: nothing.yaml\nprojection: EPSG:3857\n" + labels)
    assert problems == ["board.yaml:1:7: error: 'nothing.yaml' does not exist [missing-file]"]
    assert game.sets["board"].settings is None
    game, problems = board_game(board="land: land.yaml\nrivers: none.yaml\nprojection: EPSG:3857\n" + labels)
    assert problems == ["board.yaml:2:9: error: 'none.yaml' does not exist [missing-file]"]
    assert game.sets["board"].settings is None
    game, problems = board_game(board="projection: EPSG:3857\n" + labels)
    assert problems == ["board.yaml:1:1: error: missing required key 'land' [schema]"]
    assert game.sets["board"].settings is None


# --- each point's place in its file ---------------------------------------------------------------

def test_where_each_point_of_a_text_lies(tmp_path: Path) -> None:
    (tmp_path / "land.yaml").write_text("playing:\n  - '0,0 6,0\n    6,x 0,4'\n  - >\n    1,1  2,2\n    3,y\n", "utf-8")
    places = point_places(tmp_path, "land.yaml", Location("land.yaml", 2, 5), "0,0 6,0 6,x 0,4", [1, 3, 4])
    assert places == {1: Location("land.yaml", 2, 6), 3: Location("land.yaml", 3, 5), 4: Location("land.yaml", 3, 9)}
    block = point_places(tmp_path, "land.yaml", Location("land.yaml", 4, 5), "1,1 2,2 3,y", [2, 3])
    assert block == {2: Location("land.yaml", 5, 10), 3: Location("land.yaml", 6, 5)}
    # a word that is not the point (the text read otherwise than YAML read it) is left out
    assert point_places(tmp_path, "land.yaml", Location("land.yaml", 4, 5), "1,1 9,9 3,y", [2, 3]) == {
        3: Location("land.yaml", 6, 5)}
    assert point_places(tmp_path, "land.yaml", Location("land.yaml", 4, 5), "1,1 2,2", [3]) == {}
    assert point_places(tmp_path, "land.yaml", Location("land.yaml", 4, 5), "1,1 2,2 3,y", []) == {}
    assert point_places(tmp_path, "nothing.yaml", Location("land.yaml", 4, 5), "1,1", [1]) == {}


def test_bad_points_without_a_text_are_located_at_the_value(tmp_path: Path) -> None:
    located = Location("areas.yaml", 7, 9)
    doc = SimpleNamespace(file="areas.yaml", data={"areas": [{"shape": [[1, 2]]}]}, locate=lambda path: located)
    wrong = [(0, "needs at least 3 points, has 1")]
    assert bad_points(tmp_path, doc, ("areas", 0, "shape"), [[1, 2]], wrong) == [
        (located, "areas[0].shape: needs at least 3 points, has 1")]
    assert bad_points(tmp_path, doc, ("areas", 0, "shape"), [[1, 2]], []) == []
