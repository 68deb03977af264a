"""The board: areas that share the land exactly, adjacency, the A3 page, and tiles that
reassemble into it."""

from __future__ import annotations

import itertools
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image, ImageChops, ImageStat

from pnp.render.png import rasterize
from pnp.cli import main
from pnp.maps.areas import areas_of, connected, geography_of, map_box, map_frame
from pnp.impose import PAPERS, tile_grid, tile_scale
from pnp.units import mm, to_mm
from pnp.checks.validate import validate

from conftest import ROOT, walk
from pdfgeom import read_pdf


@cache
def game():
    return validate(ROOT / "game.yaml").game


@cache
def geography():
    return geography_of(game().sets["board"])


def test_areas_share_the_land_without_overlap_or_gaps() -> None:
    geo = geography()
    cells = geo.cells
    land = geo.land.area
    assert sum(c.polygon.area for c in cells.values()) == pytest.approx(land, rel=0.001)
    for a, b in itertools.combinations(cells.values(), 2):
        assert a.polygon.intersection(b.polygon).area < land * 1e-6, (a.area, b.area)
    union = cells["delhi"].polygon
    for cell in cells.values():
        union = union.union(cell.polygon)
    assert union.symmetric_difference(geo.land).area < land * 0.001


def test_every_seat_lies_in_its_own_area() -> None:
    from shapely.geometry import Point

    geo = geography()
    for area in areas_of(game().sets["board"]):
        assert geo.cells[area.id].polygon.covers(Point(geo.seat(area))), area.id


def test_adjacency_is_symmetric_connected_and_sensible() -> None:
    neighbours = geography().neighbours()
    assert len(neighbours) == 16
    for area, others in neighbours.items():
        assert others, area
        for other in others:
            assert area in neighbours[other]
    assert len(connected(neighbours)) == 1
    assert "punjab" in neighbours["delhi"] and "mysore" in neighbours["travancore"]
    assert "bengal" not in neighbours["travancore"]
    # by sea, from the data: the Bay of Bengal route
    assert "carnatic" in neighbours["bengal"]
    assert frozenset(("bengal", "carnatic")) not in geography().borders


def test_the_neighbours_play_knows() -> None:
    """Every area's neighbours, whole: a change of the map that changes who may attack whom
    shows here (the rivers as borders made Awadh and Gwalior neighbours across Bundelkhand, and
    ended the corner Nagpur and the Jats shared; the Penganga, which leaves to Hyderabad the
    land south of it, made Hyderabad and Indore neighbours where it enters Nagpur's land)."""
    assert geography().neighbours() == {
        "afghanistan": ("gujarat", "punjab", "rajputana"),
        "awadh": ("bengal", "berar", "bharatpur", "delhi", "gwalior"),
        "bengal": ("awadh", "berar", "carnatic"),
        "berar": ("awadh", "bengal", "deccan", "gwalior", "indore"),
        "bharatpur": ("awadh", "delhi", "gwalior", "rajputana"),
        "carnatic": ("bengal", "deccan", "mysore", "travancore"),
        "deccan": ("berar", "carnatic", "indore", "mysore", "pune"),
        "delhi": ("awadh", "bharatpur", "punjab", "rajputana"),
        "gujarat": ("afghanistan", "gwalior", "indore", "pune", "rajputana"),
        "gwalior": ("awadh", "berar", "bharatpur", "gujarat", "indore", "rajputana"),
        "indore": ("berar", "deccan", "gujarat", "gwalior", "pune"),
        "mysore": ("carnatic", "deccan", "pune", "travancore"),
        "pune": ("deccan", "gujarat", "indore", "mysore"),
        "punjab": ("afghanistan", "delhi", "rajputana"),
        "rajputana": ("afghanistan", "bharatpur", "delhi", "gujarat", "gwalior", "punjab"),
        "travancore": ("carnatic", "mysore"),
    }


@pytest.mark.parametrize("first, second, river, most", [
    ("afghanistan", "punjab", "Indus", 0.80),  # the 1739 cession; north of Kohistan, straight on
    ("afghanistan", "rajputana", "Indus", 0.99),
    ("delhi", "punjab", "Sutlej", 0.90),
    ("gwalior", "berar", "Narmada", 0.90),
    ("deccan", "carnatic", "Krishna", 0.80),
])
def test_borders_follow_the_rivers_that_parted_the_powers(first: str, second: str, river: str, most: float) -> None:
    """Two areas' shared border runs along the river, within 100 m of its drawn line, over
    most of its length (the rest: where the river ends, the straight line on)."""
    import shapely
    from shapely.geometry import LineString

    geo = geography()
    a, b = geo.cells[first].polygon, geo.cells[second].polygon
    shared = a.boundary.intersection(b.buffer(1))
    line = next(r for r in geo.board.rivers if r.name == river)
    drawn = shapely.union_all([LineString([geo.project(*p) for p in points]) for points in line.lines])
    assert shared.length > 300_000
    assert shared.intersection(drawn.buffer(100)).length / shared.length >= most


def test_nagpur_meets_hyderabad_along_the_godavari_and_its_feeders() -> None:
    """The Bhonsles' line against the Nizam: the Penganga, the Wardha below it, the Pranhita
    and the Godavari below it, then the Sabari, each carrying its share of the border (within
    100 m of its drawn line); off the rivers only the short cut from the Penganga's start to
    Indore's land and the line from the Sabari's last stretch to the coast, east of 82°E
    (through the hills of the Nizam's Northern Circars, which no river of the board parts).
    Places on either bank fall to the side history gives them."""
    import shapely
    from shapely.geometry import LineString, Point

    geo = geography()
    shared = geo.cells["berar"].polygon.boundary.intersection(geo.cells["deccan"].polygon.buffer(1))
    along = {}
    for river in ("Penganga", "Wardha", "Pranhita", "Godavari", "Sabari"):
        line = next(r for r in geo.board.rivers if r.name == river)
        drawn = shapely.union_all([LineString([geo.project(*p) for p in points]) for points in line.lines])
        along[river] = drawn.buffer(100)
    km = {river: round(shared.intersection(zone).length / 1000) for river, zone in along.items()}
    assert km == {"Penganga": 433, "Wardha": 101, "Pranhita": 107, "Godavari": 240, "Sabari": 167}
    off = shared.difference(shapely.union_all(list(along.values())))
    assert round(off.length / 1000) == 248
    corners = shapely.box(82.0, 17.0, 85.0, 19.0).segmentize(0.1).exterior.coords
    east = shapely.Polygon([geo.project(lon, lat) for lon, lat in corners])
    # west of 82°E: the Penganga's start carried to Indore's land (15 km) and where the rivers meet
    assert round(off.difference(east).length / 1000) == 17
    place = {name: next(a for a, cell in geo.cells.items() if cell.polygon.contains(Point(geo.project(lon, lat))))
             for name, (lon, lat) in {"Chanda": (79.30, 19.95), "Sironcha": (79.97, 18.85), "Konta": (81.39, 17.80),
                                      "Jagdalpur": (82.02, 19.08), "Adilabad": (78.53, 19.67), "Sirpur": (79.47, 19.38),
                                      "Paloncha": (80.70, 17.60), "Malkangiri": (81.88, 18.35)}.items()}
    assert place == {"Chanda": "berar", "Sironcha": "berar", "Konta": "berar", "Jagdalpur": "berar",
                     "Adilabad": "deccan", "Sirpur": "deccan", "Paloncha": "deccan", "Malkangiri": "deccan"}


def test_each_suit_has_exactly_one_area_and_each_area_one_suit() -> None:
    suits = {suit.fields["area"]: suit.id for suit in game().sets["cards"].groups}
    assert sorted(suits) == sorted(area.id for area in areas_of(game().sets["board"]))
    assert len(set(suits.values())) == 16


def test_every_area_has_room_for_a_marker_at_board_scale() -> None:
    frame = map_frame(geography(), map_box(game().sets["board"]))
    smallest = min(to_mm(2 * c.room * frame.scale) for c in geography().cells.values())
    assert smallest >= to_mm(game().sets["markers"].width) + 3


def test_stats_print_the_neighbours() -> None:
    result = CliRunner().invoke(main, ["stats", "--game", str(ROOT)], catch_exceptions=False)
    lines = result.output.splitlines()
    start = lines.index("Neighbours (who may attack whom):")
    mughals = next(line for line in lines[start:] if line.strip().startswith("Mughals "))
    assert mughals.split(None, 1)[1].strip() == "Awadh, Jats, Punjab, Rajputana"  # one name per suit and area


# --- the printed board ----------------------------------------------------------------

@pytest.fixture(scope="module")
def board(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("board")
    result = CliRunner().invoke(main, ["build", "--game", str(ROOT), "--only", "board", "-o", str(out)],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return out


def test_board_files_and_page_sizes(board: Path) -> None:
    a3 = read_pdf(board / "print" / "board-a3.pdf")
    assert [(p.width, p.height) for p in a3] == [pytest.approx((841.89, 1190.55), abs=0.01)]
    for paper, size in (("a4", (595.28, 841.89)), ("letter", (612.0, 792.0))):
        pages = read_pdf(board / "print" / f"board-{paper}.pdf")
        assert len(pages) == 4
        for page in pages:
            assert (page.width, page.height) == pytest.approx(size, abs=0.01)
    with Image.open(board / "png" / "board.png") as png:
        # 287 x 407 mm at 150 dpi: 1695 x 2403.5 pixels
        assert png.width == 1695 and abs(png.height - 2403) <= 1
    from pypdf import PdfReader

    # printed as it is: the label says no scale, and nothing contradicts the read-me's "print at 100 %"
    label = PdfReader(board / "print" / "board-a3.pdf").pages[0].extract_text()
    assert "The Anarchy · board · A3" in label and "%" not in label
    svg = (board / "svg" / "board.svg").read_text("utf-8")
    assert 'width="287mm"' in svg and 'height="407mm"' in svg
    assert ">Travancore</text>" in svg and ">Padmanabhapuram</text>" in svg


BOARD_MM = (287, 407)  # A3 less the 5 mm no printer reaches and the label's 8 mm below


def a3_placement(board: Path) -> tuple[float, float, float]:
    """Where the A3 sheet prints the board whole: its scale and its top-left corner (points)."""
    page = read_pdf(board / "print" / "board-a3.pdf")[0]
    (placed,) = page.placements
    x0, y0, x1, y1 = placed.bbox
    return (x1 - x0) / mm(BOARD_MM[0]), x0, page.height - y1


def test_the_whole_board_prints_at_100_percent_in_the_room_a3_leaves(board: Path) -> None:
    """Made for A3 less its margins, the board prints at its own size, 5 mm from the sheet's
    left, right and top edges, the label's 8 mm below it."""
    grow, left, top = a3_placement(board)
    assert grow == pytest.approx(1.0, abs=1e-6)
    assert left == pytest.approx(mm(5), abs=0.01) and top == pytest.approx(mm(5), abs=0.01)
    assert mm(420) - (top + mm(BOARD_MM[1])) == pytest.approx(mm(8), abs=0.01)  # the label's room below


def grown_tiles(paper: str):
    grow = tile_scale(mm(BOARD_MM[0]), mm(BOARD_MM[1]), PAPERS[paper])
    return grow, tile_grid(mm(BOARD_MM[0]) * grow, mm(BOARD_MM[1]) * grow, PAPERS[paper], overlap=mm(12) * grow)


@pytest.mark.parametrize("paper, grow", [("a4", 1.271), ("letter", 1.238)])
def test_tiles_grow_to_fill_their_sheets_overlap_and_keep_10mm_from_the_edge(paper: str, grow: float) -> None:
    """Four sheets hold the board at 127 % on A4 (124 % on Letter), each part 10 mm from the
    paper's edges on its tightest side, leaving room outside the map for the marks."""
    found, tiles = grown_tiles(paper)
    assert found == pytest.approx(grow, abs=0.001) and len(tiles) == 4
    sides = []
    for t in tiles:
        sides += [(PAPERS[paper].width - t.width) / 2, (PAPERS[paper].height - t.height) / 2]
        assert min(sides[-2:]) >= mm(10) - 0.01
    assert min(sides) == pytest.approx(mm(10), abs=0.01)  # it fills the sheet one way
    assert tiles[1].x == pytest.approx(tiles[0].x + tiles[0].width - mm(12) * found)  # 12 mm of the board shared
    assert tiles[-1].x + tiles[-1].width == pytest.approx(mm(BOARD_MM[0]) * found)
    assert tiles[-1].y + tiles[-1].height == pytest.approx(mm(BOARD_MM[1]) * found)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_alignment_marks_stand_outside_the_map_where_parts_overlap(board: Path, paper: str) -> None:
    """Each sheet has ticks in its margins (between 5.5 and 9 mm from the paper's edge, never
    on the map) at the middle of each overlap, the same place of the board on both sheets."""
    grow, tiles = grown_tiles(paper)
    size = PAPERS[paper]
    middle_x = (tiles[1].x + tiles[0].x + tiles[0].width) / 2
    middle_y = (tiles[2].y + tiles[0].y + tiles[0].height) / 2
    pages = read_pdf(board / "print" / f"board-{paper}.pdf")
    for page, t in zip(pages, tiles):
        left, top = (size.width - t.width) / 2, (size.height - t.height) / 2
        lines = [(s.start[0], size.height - s.start[1], s.end[0], size.height - s.end[1]) for s in page.segments]
        assert len(lines) == 4  # two ticks for each overlap the sheet shares
        ticks = [(round(x0 - left + t.x, 1), round(y0 - top + t.y, 1), round(x1 - left + t.x, 1),
                  round(y1 - top + t.y, 1)) for x0, y0, x1, y1 in lines]
        vertical = sorted({a for a, b, c, d in ticks if a == c})
        horizontal = sorted({b for a, b, c, d in ticks if b == d})
        assert vertical == [round(middle_x, 1)] and horizontal == [round(middle_y, 1)]
        for x0, y0, x1, y1 in lines:
            near = min(x0, x1, y0, y1, size.width - max(x0, x1), size.height - max(y0, y1))
            assert mm(5.5) - 0.1 <= near and (max(y0, y1) <= top or min(y0, y1) >= top + t.height
                                             or max(x0, x1) <= left or min(x0, x1) >= left + t.width)


def _difference(a: Image.Image, b: Image.Image) -> float:
    """Mean difference (0-255) at a quarter of the resolution, so that sub-pixel placement
    and the tiles' crosshairs do not count, but any misplaced part of the map does."""
    assert a.size == b.size
    return ImageStat.Stat(ImageChops.difference(a.reduce(4), b.reduce(4)).convert("L")).mean[0]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tiles_reassemble_into_the_board(board: Path, paper: str) -> None:
    dpi = 100
    scale = dpi / 72
    grow, tiles = grown_tiles(paper)
    # the whole board drawn as large as the parts show it, from the A3 sheet that holds it
    a3_grow, a3_left, a3_top = a3_placement(board)
    whole = next(iter(rasterize((board / "print" / "board-a3.pdf").read_bytes(), dpi * grow / a3_grow)))
    sheets = list(rasterize((board / "print" / f"board-{paper}.pdf").read_bytes(), dpi))
    size = PAPERS[paper]
    inset = 3  # pixels: keep clear of each window's outline

    def crop(image: Image.Image, x0: float, y0: float, x1: float, y1: float) -> Image.Image:
        left, top = round(x0 * scale) + inset, round(y0 * scale) + inset
        width, height = int((x1 - x0) * scale) - 2 * inset, int((y1 - y0) * scale) - 2 * inset
        return image.crop((left, top, left + width, top + height))

    def from_sheet(index: int, x0: float, y0: float, x1: float, y1: float) -> Image.Image:
        """A box of the board (points) as printed on tile `index`'s sheet."""
        t = tiles[index]
        dx, dy = (size.width - t.width) / 2 - t.x, (size.height - t.height) / 2 - t.y
        return crop(sheets[index], x0 + dx, y0 + dy, x1 + dx, y1 + dy)

    def from_board(x0: float, y0: float, x1: float, y1: float) -> Image.Image:
        dx, dy = a3_left * grow / a3_grow, a3_top * grow / a3_grow
        return crop(whole, x0 + dx, y0 + dy, x1 + dx, y1 + dy)

    for i, t in enumerate(tiles):
        box = (t.x, t.y, t.x + t.width, t.y + t.height)
        # the A3 page and the tiles round to whole pixels a little differently: allow for it
        assert _difference(from_sheet(i, *box), from_board(*box)) < 3.0, (t.row, t.column)
    # neighbours print the same strip of the board where they overlap
    first, second = tiles[0], tiles[1]
    strip = (second.x, first.y, first.x + first.width, first.y + first.height)
    assert _difference(from_sheet(0, *strip), from_sheet(1, *strip)) < 3.0  # grown: sub-pixel phases differ
    below = tiles[2]
    strip = (first.x, below.y, first.x + first.width, first.y + first.height)
    # (names crossing this strip, Ujjain's and Gwalior's on A4, differ most by those phases)
    assert _difference(from_sheet(0, *strip), from_sheet(2, *strip)) < 5.0
    # and the comparison can fail: another part of the board does not match
    elsewhere = (first.x, first.y, first.x + (strip[2] - strip[0]), first.y + (strip[3] - strip[1]))
    assert _difference(from_sheet(0, *strip), from_board(*elsewhere)) > 6.0


# --- the board at the table --------------------------------------------------------------------

A3_MM2 = 297 * 420


@cache
def board_page():
    """The board's page as composed: every node, the area map's included."""
    from pnp.kit.pieces import Kit
    from pnp.build.pipeline import game_fonts

    kit = Kit(game(), game_fonts(game()), {})
    return kit, kit.get("board").boards[0].make()


def on_map(x: float, y: float):
    """A page point (points) as projected metres."""
    frame = map_frame(geography(), map_box(game().sets["board"]))
    return frame.x0 + (x - frame.left) / frame.scale, frame.y1 - (y - frame.top) / frame.scale


def page_box(x0: float, y0: float, x1: float, y1: float):
    from shapely.geometry import box

    (a, b), (c, d) = on_map(x0, y1), on_map(x1, y0)
    return box(a, b, c, d)


def text_box(kit, t):
    font = next(f for f in kit.fonts.values() if f.name == t.font)
    width, cap = font.width(t.text, t.size), font.cap_height * t.size
    left = {"start": t.x, "middle": t.x - width / 2, "end": t.x - width}[t.anchor]
    return left, t.y - cap, left + width, t.y


def test_the_areas_drawn_cover_42_percent_of_the_a3_sheet() -> None:
    """The design's areas, printed at 100 %: 42.4 % of the sheet (tests/games/test_board_print.py
    measures it on the printed sheet, its fade counted at half)."""
    frame = map_frame(geography(), map_box(game().sets["board"]))
    covered = sum(c.polygon.area for c in geography().cells.values()) * to_mm(frame.scale) ** 2
    assert covered / A3_MM2 == pytest.approx(0.424, abs=0.001)


def test_names_stay_inside_their_areas_in_one_size_class_with_a_halo() -> None:
    kit, page = board_page()
    cells = geography().cells
    areas = {a.name.get("en"): a for a in areas_of(game().sets["board"])}
    cities = {a.city.get("en"): a for a in areas.values()}
    found = {t.text: t for t in walk(page.content) if hasattr(t, "text") and (t.text in areas or t.text in cities)}
    assert set(found) == set(areas) | set(cities)
    assert {found[name].size for name in areas} == {11.5}
    for text, t in found.items():
        area = areas.get(text) or cities[text]
        shape = page_box(*text_box(kit, t))
        if text == "Padmanabhapuram":  # at the cape: below its seat, on the sea
            assert not geography().land.intersects(shape) and t.halo == "#bcd7e3"
            continue
        assert cells[area.id].polygon.intersection(shape).area / shape.area > 0.97, text
        assert t.halo is not None and t.halo_width > 0, text


def test_every_area_has_a_cream_spot_for_its_marker_clear_of_every_name() -> None:
    from pnp.scene import Circle
    from shapely.geometry import Point

    kit, page = board_page()
    markers = game().sets["markers"]
    radius = (to_mm(markers.width) + 3) / 2  # a 15 mm marker with 1.5 mm of cream round it
    spots = [n for n in walk(page.content) if isinstance(n, Circle) and abs(to_mm(n.r) - radius) < 0.01]
    assert len(spots) == 16 and {s.style.fill for s in spots} == {"#f6efdc"}
    labels = [page_box(*text_box(kit, t)) for t in walk(page.content) if hasattr(t, "text") and t.halo]
    cells = geography().cells
    for area in areas_of(game().sets["board"]):
        cell = cells[area.id].polygon
        mine = [s for s in spots if cell.contains(Point(on_map(s.cx, s.cy)))]
        assert len(mine) == 1, area.id
        spot = Point(on_map(mine[0].cx, mine[0].cy)).buffer(mine[0].r / map_frame(
            geography(), map_box(game().sets["board"])).scale)
        assert cell.contains(spot), area.id
        assert not any(spot.intersects(label) for label in labels), area.id


def test_what_play_needs_lies_off_the_areas() -> None:
    """The piles hold a card on its side and 2 mm round it, the turn-order spots a 39 mm token, the income track
    a 15 mm marker on every space from ₹0 to ₹29 (₹20 marked); none of them, nor the title,
    key, compass or scale, covers an area."""
    layout = next(iter(game().sets["board"].faces.values()))
    boxes = {b.name: b for b in layout.boxes}
    cards = game().sets["cards"]
    for pile in ("stock", "discard"):
        assert (boxes[pile].width, boxes[pile].height) == pytest.approx((cards.height + mm(4), cards.width + mm(4)),
                                                                        abs=0.01)
    for spot in ("to-play", "played"):
        assert to_mm(boxes[spot].width) >= to_mm(game().sets["turn-tokens"].width) + 2
    track = boxes["income"]
    assert to_mm(track.width) / 5 >= 15 + 1 and to_mm(track.height) / 6 >= 15 + 1
    land = geography().land
    for box in layout.boxes:
        if box.kind != "map":
            assert land.intersection(page_box(box.x, box.y, box.right, box.bottom)).area == 0, box.name
    kit, page = board_page()
    texts = [t for t in walk(page.content) if hasattr(t, "text")]
    spaces = [t for t in texts if t.text.startswith("₹") and t.text[1:].isdigit()]
    assert [t.text for t in spaces] == [f"₹{n}" for n in range(30)]
    assert [t.fill for t in spaces if t.text == "₹20"] == ["#fbf3dc"]  # paper on the accent
