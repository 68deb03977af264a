"""pnp.maps.areas.data: the map's settings and areas as pnp holds them, the points of a ring
or line (as lists, or as KML's text of lon,lat points, each bad point told), each board's
areas read from its items, and the group each area takes its colours from."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from pnp.maps.areas.data import Area, MapLine, MapSettings, area_maps, areas_of, as_points, colours_of, points_of
from pnp.model.game import Origin, Text, View


def settings(**more) -> MapSettings:
    return MapSettings("+proj=eqc", None, (), (), {}, Origin("board.yaml"), **more)


def test_the_lines_of_a_map_rivers_first() -> None:
    river = MapLine("Blue", "river", (((0.0, 0.0), (1.0, 1.0)),))
    hills = MapLine("Hills", "range", (((0.0, 1.0), (1.0, 0.0)),), border=True, drawn=False)
    assert settings(rivers=(river,), ranges=(hills,)).lines == (river, hills)
    assert settings().lines == () and settings().fit == "bounds" and settings().files == ()
    assert (river.border, river.drawn, river.origin) == (False, True, Origin(""))


def test_the_view_a_layout_reads_of_the_map() -> None:
    board = MapSettings("+proj=eqc", None, (), (), {"north": Text.from_data({"en": "N", "fr": "Nord"}), "sea": Text.from_data("sea")},
                        Origin("board.yaml"))
    view = board.view("fr", "en")
    assert view == {"labels": {"north": "Nord", "sea": "sea"}, "projection": "+proj=eqc"}
    assert isinstance(view, View) and isinstance(view["labels"], View)
    assert board.view("de", "en")["labels"]["north"] == "N"


def test_points_as_lists() -> None:
    assert as_points([[1, 2], ["3.5", 4]]) == ((1.0, 2.0), (3.5, 4.0))
    assert points_of([[1, 2], [3, 4]], 3) == (((1.0, 2.0), (3.0, 4.0)), [])  # (a list's count is its schema's)
    assert points_of((), 3) == ((), [])


@pytest.mark.parametrize("text, points", [
    ("1,2 3,4 5,6", ((1, 2), (3, 4), (5, 6))),
    ("1,2,30 -4.5,5e1,0\n6,7", ((1, 2), (-4.5, 50), (6, 7))),  # (KML's altitude left out; any spaces)
    ("  -180,-90\t180,90  0,0  ", ((-180, -90), (180, 90), (0, 0))),
])
def test_points_as_text(text: str, points) -> None:
    found, wrong = points_of(text, 3)
    assert (found, wrong) == (points, []) and all(type(v) is float for p in found for v in p)


@pytest.mark.parametrize("text, wrong", [
    ("1,2, 3,4 5,6", [(1, "point 1 '1,2,' is not longitude,latitude (a space after its comma?)")]),
    ("a,b 1,2 3,4", [(1, "point 1 'a,b' is not longitude,latitude")]),
    ("1 2,3 4,5", [(1, "point 1 '1' is not longitude,latitude")]),
    ("1,2,3,4 5,6 7,8", [(1, "point 1 '1,2,3,4' is not longitude,latitude")]),
    ("0,0 nan,1 1,inf", [(2, "point 2 'nan,1' is not longitude,latitude: nan is not a number"),
                         (3, "point 3 '1,inf' is not longitude,latitude: inf is not a number")]),
    ("0,0 -inf,-inf 1,1", [(2, "point 2 '-inf,-inf' is not longitude,latitude: -inf is not a number")]),
    ("200,1 1,95 -180.5,0 0,-90.1 1,1", [
        (1, "point 1 '200,1' lies outside longitudes -180 to 180 and latitudes -90 to 90"),
        (2, "point 2 '1,95' lies outside longitudes -180 to 180 and latitudes -90 to 90"),
        (3, "point 3 '-180.5,0' lies outside longitudes -180 to 180 and latitudes -90 to 90"),
        (4, "point 4 '0,-90.1' lies outside longitudes -180 to 180 and latitudes -90 to 90")]),
    ("1,2 3,4", [(0, "needs at least 3 points, has 2")]),
    ("", [(0, "needs at least 3 points, has 0")]),
    ("x 1,2", [(1, "point 1 'x' is not longitude,latitude")]),  # (too few is told only of good points)
])
def test_what_is_wrong_with_points_as_text(text: str, wrong) -> None:
    assert points_of(text, 3) == ((), wrong)


def test_a_comma_and_a_space_is_two_wrong_points() -> None:
    assert points_of("1,2, 3,4 5,6", 3)[1] == [(1, "point 1 '1,2,' is not longitude,latitude (a space after its "
                                                 "comma?)")]
    assert points_of("1, 2 3,4 5,6", 3)[1] == [(1, "point 1 '1,' is not longitude,latitude (a space after its comma?)"),
                                               (2, "point 2 '2' is not longitude,latitude")]


def test_the_least_points_a_line_needs() -> None:
    assert points_of("1,2 3,4", 2) == (((1.0, 2.0), (3.0, 4.0)), [])
    assert points_of("1,2", 2) == ((), [(0, "needs at least 2 points, has 1")])


# --- a board's areas ------------------------------------------------------------------------------

def item(area_id: str, **fields) -> SimpleNamespace:
    base = {"name": Text.from_data(area_id.title()), "seat": {"city": Text.from_data(f"{area_id}town"), "lat": 12, "lon": "77.5"}}
    return SimpleNamespace(id=area_id, fields={**base, **fields}, origin=Origin("areas.yaml", ("areas", 0)))


def test_each_item_an_area() -> None:
    board = SimpleNamespace(items=[
        item("w"),
        item("e", anchor={"lat": 1, "lon": 2}, shape="0,0 1,0 1,1", neighbours={"add": ["w"], "remove": None}),
        item("n", shape=[[0, 0], [1, 0], [1, 1]], neighbours={"remove": ["w", "e"]}),
        item("s", shape="0,0 1,0", anchor=None, neighbours=None),  # (a shape too short: map-points says)
    ])
    w, e, n, s = areas_of(board)
    assert w == Area("w", Text.from_data("W"), Text.from_data("wtown"), 12.0, 77.5, Origin("areas.yaml", ("areas", 0)))
    assert type(w.lat) is float and type(w.lon) is float
    assert (w.anchor, w.shape, w.neighbours_add, w.neighbours_remove) == (None, None, (), ())
    assert e.anchor == (2.0, 1.0) and e.shape == ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0))
    assert (e.neighbours_add, e.neighbours_remove) == (("w",), ())
    assert n.shape == ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0)) and n.neighbours_remove == ("w", "e")
    assert (s.shape, s.anchor) == (None, None)
    assert areas_of(SimpleNamespace(items=[])) == []


def test_the_boards_that_are_area_maps() -> None:
    board = SimpleNamespace(declaration={"map": "areas"})
    other = SimpleNamespace(declaration={"map": "hexes"})
    cards = SimpleNamespace(declaration={})
    game = SimpleNamespace(sets={"a": cards, "b": board, "c": other, "d": board})
    assert area_maps(game) == [board, board]


def test_the_group_each_area_takes_its_colours_from() -> None:
    north = SimpleNamespace(fields={"area": "n", "colour": "#ff0000"})
    south = SimpleNamespace(fields={"area": "s"})
    again = SimpleNamespace(fields={"area": "n"})
    odd = SimpleNamespace(fields={"area": None})
    cards = SimpleNamespace(groups=[north, odd, south, again])
    board = SimpleNamespace(declaration={"colours": {"from": "cards", "by": "area"}})
    game = SimpleNamespace(sets={"cards": cards, "board": board})
    assert colours_of(game, board) == {"n": north, "s": south}  # the first group of an area
    assert colours_of(game, SimpleNamespace(declaration={})) == {}
    assert colours_of(game, SimpleNamespace(declaration={"colours": {"from": "nowhere", "by": "area"}})) == {}
    assert colours_of(game, SimpleNamespace(declaration={"colours": {"from": "cards", "by": "nothing"}})) == {}
    assert colours_of(game, SimpleNamespace(declaration={"colours": {"from": "cards", "by": "colour"}})) == {
        "#ff0000": north}  # (whatever text the field holds)
