"""pnp.boxes.locator_checks: the locator check, on the tiny game of test_locator (a board whose
land is 600 by 400 km, a degree 100 km, and sites each in an area with a pin): a set that is
no area map, an area the map lacks, a pin that is no longitude and latitude, and one too far
off the land, each said where it is written."""

from __future__ import annotations

import pytest

from pnp.boxes.locator_checks import NEAR_KM, locator
from pnp.problems import CHECKS, Severity

from .test_locator import FILES, Make, game  # noqa: F401  (the fixture)

SITE = FILES["site"]


def problems(g) -> list[str]:
    return [f"{where.file}:{where.line}:{where.column}: {message}" for where, message in locator(g)]


def sites(*records: str) -> str:
    return "sites:\n" + "".join(f"  - {r}\n" for r in records)


def test_the_rule() -> None:
    assert CHECKS["locator"].severity == Severity.ERROR and NEAR_KM == 100.0


def test_a_locator_on_its_map_says_nothing(game: Make) -> None:
    assert problems(game()) == []
    # a pin on the land beyond the map (its context), or within 100 km of the land, is on the map
    near = sites("{id: a, area: e, at: {lat: 5.5, lon: 6.8}}", "{id: b, area: e, at: {lat: 4.99, lon: 3}}",
                 "{id: c, area: w, at: {lat: -0.99, lon: 0.5}}")
    assert problems(game(sites=near)) == []


def test_a_set_with_no_area_map(game: Make) -> None:
    g = game(site=SITE.replace("locator: board", "locator: sites"))
    assert problems(g) == ["site.yaml:3:57: layout 'site.yaml': locator box 'where': 'sites' is not a set with an area "
                           "map (the game's: board)"]
    g = game(site=SITE.replace("locator: board", "locator: nothing"))
    assert problems(g)[0].endswith("'nothing' is not a set with an area map (the game's: board)")


def test_an_area_the_map_lacks(game: Make) -> None:
    g = game(site=SITE.replace("area: area", "area: \"'north'\""))
    assert problems(g) == [
        "sites.yaml:2:5: site 'mill': layout 'site.yaml': locator box 'where': area 'north' is not an area of set "
        "'board' (its areas: w, e)",
        "sites.yaml:3:5: site 'nowhere': layout 'site.yaml': locator box 'where': area 'north' is not an area of set "
        "'board' (its areas: w, e)"]
    # a value that is no area nor id is said as it is
    g = game(site=SITE.replace("area: area", "area: '3'"))
    assert problems(g)[0].endswith("area 3 is not an area of set 'board' (its areas: w, e)")


def test_a_pin_that_is_no_longitude_and_latitude(game: Make) -> None:
    g = game(site=SITE.replace("pin: at", 'pin: "[4, 1]"'))
    message = ("site 'mill': layout 'site.yaml': locator box 'where': pin [4, 1] is not a record with lon "
               "(-180 to 180) and lat (-90 to 90), in degrees")
    assert problems(g) == [f"sites.yaml:2:5: {message}", f"sites.yaml:3:5: {message.replace('mill', 'nowhere')}"]
    out = sites("{id: a, area: e, at: {lat: 95, lon: 4}}")
    assert problems(game(sites=out)) == [
        "sites.yaml:2:26: site 'a': layout 'site.yaml': locator box 'where': pin {'lat': 95, 'lon': 4} is not a "
        "record with lon (-180 to 180) and lat (-90 to 90), in degrees"]


def test_a_pin_far_off_the_land(game: Make) -> None:
    # (the nearest land: the top corner of the land beyond, at 7 E 6 N: 3,946 km from 1 E 45 N)
    swapped = sites("{id: a, area: e, at: {lat: 45, lon: 1}}", "{id: b, area: e, at: {lat: 5.02, lon: 3}}")
    assert problems(game(sites=swapped)) == [
        "sites.yaml:2:26: site 'a': layout 'site.yaml': locator box 'where': pin (lat 45, lon 1) lies 3,946 km from "
        "the land of set 'board', more than 100 km: are its latitude and longitude the right way round?",
        "sites.yaml:3:26: site 'b': layout 'site.yaml': locator box 'where': pin (lat 5.02, lon 3) lies 102 km from "
        "the land of set 'board', more than 100 km: are its latitude and longitude the right way round?"]


def test_only_the_items_the_box_draws(game: Make) -> None:
    far = sites("{id: a, area: e, at: {lat: 45, lon: 1}}", "{id: b, area: e, at: {lat: 1, lon: 1}}")
    drawn_for_b = SITE.replace("where: {", "where: {if: \"id == 'b'\", ")
    assert problems(game(sites=far, site=drawn_for_b)) == []
    # an expression that fails is the layout's to report
    failing = SITE.replace("pin: at", "pin: at.height")
    assert problems(game(site=failing)) == []


def test_the_land_is_worked_out_once_a_map(game: Make) -> None:
    from pnp.boxes.locator_checks import _all_land
    from pnp.maps.areas.geometry import geography_of

    first = geography_of(game().sets["board"])
    land = _all_land(first)
    triangle = 0.5 * 100_000 ** 2  # the land beyond
    assert _all_land(first) is land and land.area == pytest.approx(first.land.area + triangle)
    second = geography_of(game(land=FILES["land"].replace("[6, 4], [0, 4]", "[6, 2], [0, 2]")).sets["board"])
    assert _all_land(second).area == pytest.approx(second.land.area + triangle) and _all_land(second) is not land
    # another thread works out its own (no GEOS object is shared by two threads)
    import threading

    elsewhere: list = []
    thread = threading.Thread(target=lambda: elsewhere.extend([_all_land(second), _all_land(second)]))
    thread.start()
    thread.join()
    assert elsewhere[0] is elsewhere[1] and elsewhere[0] is not _all_land(second)
    assert elsewhere[0].area == _all_land(second).area


def test_a_pins_distance_is_measured_once_a_map_and_kept(game: Make, monkeypatch: pytest.MonkeyPatch) -> None:
    """A pin's distance from the land is kept by the map it was measured on and the pin (a build
    keeps them for the next validation): a card edit that moves no pin works out no map; moving
    a pin, or changing the map, measures again."""
    import pnp.maps.areas.geometry as geometry
    from pnp.boxes import locator_checks

    monkeypatch.setattr(locator_checks, "DISTANCES", {})
    far = sites("{id: a, area: e, at: {lat: 45, lon: 1}}", "{id: b, area: e, at: {lat: 1, lon: 1}}")
    said = problems(game(sites=far))
    assert len(said) == 1 and "3,946 km" in said[0]
    g = game(sites=far)
    kept = locator_checks.kept_distances(g)
    assert [k.split("|")[1] for k in kept] == ["1.0,1.0", "1.0,45.0"] and kept[next(iter(kept))] == 0
    asked = []
    real = geometry.geography_of
    monkeypatch.setattr(geometry, "geography_of", lambda board: asked.append(board) or real(board))
    locator_checks.DISTANCES.clear()
    locator_checks.DISTANCES.update(kept)  # (as a build gives them back)
    assert problems(game(sites=far.replace("id: b", "id: c"))) == said and asked == []
    moved = far.replace("lat: 1, lon: 1", "lat: 2, lon: 1")
    assert problems(game(sites=moved)) == said and len(asked) == 1
    other = game(sites=far, land=FILES["land"].replace("[6, 4], [0, 4]", "[6, 2], [0, 2]"))
    assert len(locator_checks.kept_distances(other)) == 0
    problems(other)
    assert len(asked) == 3 and len(locator_checks.kept_distances(other)) == 2  # (a pin each)


def test_a_locator_in_a_place_boxs_element_is_checked_for_each_element(game: Make) -> None:
    """A locator drawn for each element of a place box reads the element: an area the map lacks
    in one of them is said of it (an element the layout writes: at the item)."""
    placed = ('colours: {ink: "#111111", paper: "#eeeeee"}\nboxes:\n'
              '  spots:\n'
              '    {x: 0, y: 0, width: 60, height: 60, place: "[area, \'north\']", grid: {columns: 1, rows: 2},\n'
              '     boxes: {where: {x: 0, y: 0, width: 60, height: 30, locator: board, area: entry, symbol: star,\n'
              '                     sea: "#0000ff", land: "#00ff00", coast: "#000000", colour: "#ff0000"}}}\n')
    assert problems(game(site=placed)) == [
        "sites.yaml:2:5: site 'mill': layout 'site.yaml': locator box 'where': area 'north' is not an area of set "
        "'board' (its areas: w, e) (for element 2 of box 'spots')",
        "sites.yaml:3:5: site 'nowhere': layout 'site.yaml': locator box 'where': area 'north' is not an area of set "
        "'board' (its areas: w, e) (for element 2 of box 'spots')"]
    # and a set that is no area map, where the box is written
    assert problems(game(site=placed.replace("locator: board", "locator: sites"))) == [
        "site.yaml:5:66: layout 'site.yaml': locator box 'where': 'sites' is not a set with an area map (the game's: "
        "board)"]
