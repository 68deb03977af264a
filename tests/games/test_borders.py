"""Rivers and ranges that part areas: the shares cut along them, the land behind them given
to the areas beyond, and, without them, the Voronoi shares as they always were."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
import shapely
from shapely.geometry import LineString, MultiPoint, Point

from pnp.maps.areas import Area, Geography, MapLine, MapSettings, areas_of, geography_of
from pnp.maps.areas.draw import _ridge
from pnp.model.game import Origin, Text
from pnp.units import mm
from pnp.checks.validate import validate

from conftest import MINI, ROOT, make_game, walk

LCC = "+proj=lcc +lat_1=12 +lat_2=32 +lat_0=22 +lon_0=78 +datum=WGS84 +units=m +no_defs"
LAND = (((70.0, 12.0), (88.0, 12.0), (88.0, 36.0), (70.0, 36.0)),)


def area(area_id: str, lon: float, lat: float) -> Area:
    return Area(area_id, Text.from_data(area_id), Text.from_data(area_id), lat, lon, Origin("areas.yaml"))


def geography(*lines: MapLine, areas: tuple[Area, ...] = ()) -> Geography:
    rivers = tuple(line for line in lines if line.kind == "river")
    ranges = tuple(line for line in lines if line.kind == "range")
    board = MapSettings(LCC, None, LAND, (), {}, Origin("board.yaml"), rivers=rivers, ranges=ranges)
    return Geography(board, areas or (area("west", 74, 24), area("east", 84, 24)))


def owner(geo: Geography, lon: float, lat: float) -> str:
    point = Point(geo.project(lon, lat))
    (found,) = [a for a, cell in geo.cells.items() if cell.polygon.contains(point)]
    return found


def shared(geo: Geography, first: str, second: str):
    return geo.cells[first].polygon.boundary.intersection(geo.cells[second].polygon.buffer(1))


def projected(geo: Geography, points) -> LineString:
    return LineString([geo.project(lon, lat) for lon, lat in points])


SLANT = ((76.0, 37.0), (80.0, 24.0), (82.0, 11.0))  # from the north coast to the south, bent


def test_without_border_lines_the_shares_are_the_voronoi_shares() -> None:
    """A river that is not a border changes nothing: each share is exactly the land nearer
    its anchor than any other, as before border lines were."""
    geo = geography(MapLine("River", "river", (SLANT,)))
    assert geo.border_lines == []
    assert_voronoi(geo)


def assert_voronoi(geo: Geography) -> None:
    """Each share is, to the last digit, the land nearer its anchor than any other."""
    anchors = [geo.anchor(a) for a in geo.areas]
    x0, y0, x1, y1 = geo.land.bounds
    pad = max(x1 - x0, y1 - y0)
    envelope = shapely.box(x0 - pad, y0 - pad, x1 + pad, y1 + pad)
    regions = shapely.voronoi_polygons(MultiPoint(anchors), extend_to=envelope)
    for a, anchor in zip(geo.areas, anchors):
        region = next(r for r in regions.geoms if r.covers(Point(anchor)))
        assert geo.cells[a.id].polygon.equals_exact(region.intersection(geo.land), 0), a.id


def test_the_anarchy_without_its_border_lines_is_its_voronoi_partition() -> None:
    game = validate(ROOT / "game.yaml").game
    geo = geography_of(game.sets["board"])
    plain = dataclasses.replace(geo.board, rivers=tuple(dataclasses.replace(r, border=False) for r in geo.board.rivers))
    bare = Geography(plain, geo.areas)
    assert_voronoi(bare)
    # and with them, shares differ
    assert sum(not bare.cells[a].polygon.equals(geo.cells[a].polygon) for a in bare.cells) >= 10


def test_a_border_river_parts_the_areas_along_its_line() -> None:
    geo = geography(MapLine("River", "river", (SLANT,), border=True))
    border = shared(geo, "west", "east")
    river = projected(geo, SLANT).intersection(geo.land)
    # the whole border lies on the river, and the whole river in the land is the border
    assert border.length == pytest.approx(river.length, rel=1e-4)
    assert border.intersection(river.buffer(1)).length / border.length > 0.999
    # land on the river's far side from each anchor goes to the other area: west of the
    # straight line between the anchors' halves, east of the river
    assert owner(geo, 78.6, 30) == "east" and owner(geo, 80.2, 16) == "west"
    land = geo.land.area
    assert sum(c.polygon.area for c in geo.cells.values()) == pytest.approx(land, rel=1e-6)
    assert geo.cells["west"].polygon.intersection(geo.cells["east"].polygon).area < 1


def test_a_stretch_parts_only_between_its_points() -> None:
    """border: [{from, to}]: only the river between the points nearest to from and to parts
    the land; the river's ends beyond are drawn and part nothing."""
    line = MapLine("River", "river", (SLANT,), border=((( 76.0, 37.0), (80.5, 20.5)),))
    geo = geography(line)
    ((_, part, free),) = geo.border_lines
    end = Point(geo.project(80.5, 20.5))
    assert Point(part.coords[-1]).distance(end) < projected(geo, SLANT).distance(end) + 1
    assert free == (part.coords[-1],)  # it ends inland


def test_a_line_ending_inland_hides_the_land_behind_it_from_its_anchor() -> None:
    """The west area sees past the end of a river that runs up from the south coast into its
    share: the land behind the river, as seen from its anchor, goes to the east area, cut
    along the river and on from its end straight away from the anchor."""
    river = ((77.0, 11.0), (77.0, 22.0))
    geo = geography(MapLine("River", "river", (river,), border=True))
    assert owner(geo, 78.0, 16.0) == "east"  # behind the river
    assert owner(geo, 76.0, 16.0) == "west"  # this side of it
    assert owner(geo, 78.0, 23.0) == "west"  # in sight past its end
    (ax, ay), (ex, ey) = geo.project(74.0, 24.0), geo.project(77.0, 22.0)
    away = ((ex - ax) / Point(ax, ay).distance(Point(ex, ey)), (ey - ay) / Point(ax, ay).distance(Point(ex, ey)))
    ray = LineString([(ex, ey), (ex + away[0] * 100_000, ey + away[1] * 100_000)])  # 100 km of it
    border = shared(geo, "west", "east")
    assert border.intersection(projected(geo, river).buffer(1)).length > 1_000_000
    assert border.intersection(ray.buffer(10)).length == pytest.approx(ray.length, rel=1e-3)


def test_rivers_meeting_part_the_land_between_them() -> None:
    """A tributary that stops short of the river it joins (as traced lines do) is carried on
    to it, so the two together cut the share."""
    main = tuple((lon / 4, 30.0) for lon in range(69 * 4, 89 * 4 + 1))  # along the parallel
    branch = ((80.0, 11.0), (80.0, 29.97))  # 3 km short of the main river
    areas = (area("north", 79, 33), area("west", 74, 20), area("east", 84, 20))
    geo = geography(MapLine("Main", "river", (main,), border=True),
                    MapLine("Branch", "river", (branch,), border=True), areas=areas)
    (_, _, free), (_, branch_line, branch_free) = geo.border_lines
    assert free == () and branch_free == ()
    assert Point(branch_line.coords[-1]).distance(projected(geo, main)) == pytest.approx(100, abs=1)
    assert shared(geo, "west", "east").intersection(projected(geo, branch).buffer(1)).length > 1_500_000
    # west of the branch, east of the straight line halfway between the west and east anchors
    assert owner(geo, 79.5, 20.0) == "west" and owner(geo, 80.5, 20.0) == "east"
    # south of the main river, nearer the north anchor than the others
    assert owner(geo, 79.5, 29.0) == "west" and owner(geo, 78.0, 31.0) == "north"


def test_a_range_parts_like_a_river_and_may_go_undrawn() -> None:
    crest = ((76.0, 37.0), (80.0, 24.0), (82.0, 11.0))
    hidden = geography(MapLine("Hills", "range", (crest,), border=True, drawn=False))
    river = geography(MapLine("River", "river", (crest,), border=True))
    assert hidden.cells["west"].polygon.equals(river.cells["west"].polygon)
    assert hidden.river_borders == [] and river.river_borders


def test_the_same_borders_every_time() -> None:
    lines = (MapLine("River", "river", (SLANT,), border=True),
             MapLine("Stub", "river", (((77.0, 11.0), (77.0, 22.0)),), border=True))
    first, second = geography(*lines), geography(*lines)
    for area_id in first.cells:
        assert first.cells[area_id].polygon.equals_exact(second.cells[area_id].polygon, 0)


def test_a_ridge_is_its_crest_and_ticks_turn_and_turn_about() -> None:
    commands = _ridge([(0.0, 0.0), (mm(10), 0.0)])
    assert commands[:2] == (("M", 0.0, 0.0), ("L", mm(10), 0.0))
    ticks = [commands[i:i + 2] for i in range(2, len(commands), 2)]
    assert len(ticks) == 6  # every 1.6 mm from 0.8 mm
    assert [round(start[1] / mm(1), 3) for start, _ in ticks] == [0.8, 2.4, 4.0, 5.6, 7.2, 8.8]
    assert [round(end[2] / mm(1), 3) for _, end in ticks] == [0.9, -0.9, 0.9, -0.9, 0.9, -0.9]


# --- a board drawn with a river and a range that part it -------------------------------------------

@pytest.fixture(scope="module")
def parted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("parted")
    overlay = folder / "overlay"
    (overlay / "board").mkdir(parents=True)
    mini_board = (MINI / "board" / "board.yaml").read_text("utf-8")
    (overlay / "board" / "board.yaml").write_text(
        mini_board.replace("land: land.yaml\n", "land: land.yaml\nrivers: rivers.yaml\nranges: ranges.yaml\n"), "utf-8")
    (overlay / "board" / "rivers.yaml").write_text(
        "rivers:\n  - name: Border River\n    border: true\n"
        "    lines: [[[70.0, 26.0], [76.0, 25.0], [82.0, 24.5], [88.0, 23.5]]]\n", "utf-8")
    (overlay / "board" / "ranges.yaml").write_text(
        "ranges:\n  - name: Long Hills\n    lines: [[[72.0, 16.0], [76.0, 18.0], [80.0, 17.0]]]\n"
        "  - name: Unseen Line\n    draw: none\n    border: true\n    lines: [[[86.0, 30.0], [86.0, 36.0]]]\n", "utf-8")
    return make_game(folder / "game", overlay)


def test_a_parted_board_validates_and_draws_its_river_on_the_border_and_its_ridge(parted: Path) -> None:
    from pnp.kit.pieces import Kit
    from pnp.build.pipeline import game_fonts
    from pnp.scene import Path as PathNode

    report = validate(parted)
    assert [p.message for p in report.problems] == []
    game = report.game
    geo = geography_of(game.sets["board"])
    assert [line.name for line, _, _ in geo.border_lines] == ["Border River", "Unseen Line"]
    kit = Kit(game, game_fonts(game), {})
    page = kit.get("board").boards[0].make()

    paths = [n for n in walk(page.content) if isinstance(n, PathNode)]
    bands = [p for p in paths if p.style.stroke_width == 2.6]
    assert bands and {p.style.stroke for p in bands} == {"#fbf3dc"}  # the border's colour
    ridges = [p for p in paths if p.style.stroke_width == 0.8 and len(p.commands) > 20]
    assert len(ridges) == 1  # the Long Hills; the Unseen Line is not drawn
    # the highlands above the river, the lowlands below
    assert owner(geo, 78.0, 26.0) == "highlands" and owner(geo, 78.0, 23.0) == "lowlands"


def test_rings_and_lines_written_as_text_are_the_points_their_lists_give(tmp_path: Path) -> None:
    from pnp.maps.areas import points_of

    assert points_of("70,12 88.5,12,0\n  88,-36.25\t70,36", 3) == (  # (KML's altitude left out)
        ((70.0, 12.0), (88.5, 12.0), (88.0, -36.25), (70.0, 36.0)), [])
    assert points_of([[70, 12], [88, 12]], 2) == (((70.0, 12.0), (88.0, 12.0)), [])
    assert points_of("70,12 inf,12 88, 36 1,2,3,4", 3) == ((), [
        (2, "point 2 'inf,12' is not longitude,latitude: inf is not a number"),
        (3, "point 3 '88,' is not longitude,latitude (a space after its comma?)"),
        (4, "point 4 '36' is not longitude,latitude"), (5, "point 5 '1,2,3,4' is not longitude,latitude")])
    assert points_of("", 2) == ((), [(0, "needs at least 2 points, has 0")])
    listed = make_game(tmp_path / "listed")
    written = make_game(tmp_path / "written")
    for game in (listed, written):
        board = game.parent / "board" / "board.yaml"
        board.write_text(board.read_text("utf-8").replace("land: land.yaml\n", "land: land.yaml\nrivers: rivers.yaml\n"),
                         "utf-8")
    (listed.parent / "board" / "rivers.yaml").write_text(
        "rivers:\n  - name: Border River\n    border: true\n"
        "    lines: [[[70.0, 26.0], [76.0, 25.0], [82.0, 24.5], [88.0, 23.5]]]\n", "utf-8")
    (written.parent / "board" / "rivers.yaml").write_text(
        "rivers:\n  - name: Border River\n    border: true\n    lines:\n      - >-\n        70.0,26.0 76.0,25.0\n"
        "        82.0,24.5 88.0,23.5\n", "utf-8")
    (written.parent / "board" / "land.yaml").write_text(
        "playing:\n  - 70,12 88,12 88,36 70,36\ncontext:\n  - name: Beyond\n    ring: '88,12 94,12 94,36 88,36'\n",
        "utf-8")
    for game, shape in ((listed, "[[76, 14], [86, 14], [86, 24], [76, 24]]"), (written, "76,14 86,14 86,24 76,24")):
        areas = game.parent / "board" / "areas.yaml"
        areas.write_text(areas.read_text("utf-8") + f"    shape: {shape}\n", "utf-8")
    first, second = validate(listed), validate(written)
    assert [p.message for p in first.problems + second.problems] == []
    a, b = first.game.sets["board"].settings, second.game.sets["board"].settings
    assert (b.playing, b.context, b.rivers[0].lines) == (a.playing, a.context, a.rivers[0].lines)
    shapes = [[area.shape for area in areas_of(r.game.sets["board"])] for r in (first, second)]
    assert shapes[0] == shapes[1] == [None, ((76.0, 14.0), (86.0, 14.0), (86.0, 24.0), (76.0, 24.0))]
    assert b.playing == LAND and b.rivers[0].lines == (((70.0, 26.0), (76.0, 25.0), (82.0, 24.5), (88.0, 23.5)),)
