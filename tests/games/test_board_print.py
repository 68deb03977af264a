"""The Anarchy's board as it prints: measured on board-a3.pdf (printed at 100 %), not on the
design. What the areas cover of the sheet, the piles' boxes, each seat's name beside its dot
and off its area's name's line, one size for the areas' names, and no straight cut of the
land showing where the land goes on."""

from __future__ import annotations

import ctypes
import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.checks.validate import validate

from conftest import ROOT

MM = 72 / 25.4
SHEET_MM2 = 297 * 420  # the A3 sheet
CARD_MM = (63.5, 88.9)  # poker


@pytest.fixture(scope="module")
def board(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("board")
    result = CliRunner().invoke(main, ["build", "--game", str(ROOT), "--only", "board", "--format", "pdf", "-o",
                                       str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return out / "print" / "board-a3.pdf"


@cache
def game():
    return validate(ROOT / "game.yaml").game


def area_fills(drawn: list[Drawn]) -> list[Drawn]:
    """The areas' fills: in their suits' colours, larger than the marks' discs."""
    colours = [rgb(c) for c in suit_colours().values()]
    found: dict[int, Drawn] = {}
    for d in drawn:  # (the first in its colour: the fade's first step may round to it)
        if d.filled and not d.stroked and max(d.bbox()[2] - d.bbox()[0], d.bbox()[3] - d.bbox()[1]) > 10:
            colour = next((i for i, c in enumerate(colours) if close(d.fill, c)), None)
            if colour is not None:
                found.setdefault(colour, d)
    return sorted(found.values(), key=lambda d: d.order)


def suit_colours() -> dict[str, str]:
    """Each area's colour (its suit's), by area."""
    return {g.fields["area"]: g.fields["colour"].lower() for g in game().sets["cards"].groups}


def rgb(colour: str) -> tuple[float, ...]:
    return tuple(int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))


# --- reading the sheet --------------------------------------------------------------------

@dataclass
class Drawn:
    """A path the sheet paints: filled or stroked, its colour (0-1), its subpaths' points
    (curves by their control points) in mm from the sheet's top-left corner, its order."""

    filled: bool
    stroked: bool
    fill: tuple[float, ...] | None
    stroke: tuple[float, ...] | None
    rings: list[list[tuple[float, float]]]
    order: int

    def bbox(self) -> tuple[float, float, float, float]:
        xs = [x for ring in self.rings for x, _ in ring]
        ys = [y for ring in self.rings for _, y in ring]
        return min(xs), min(ys), max(xs), max(ys)

    def shape(self):
        """The region it fills, its subpaths taken even-odd (its holes, an area's islands)."""
        from shapely.geometry import Polygon

        region = Polygon()
        for ring in self.rings:
            if len(ring) >= 3:
                region = region.symmetric_difference(Polygon(ring).buffer(0))
        return region


def _multiply(m, n):
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + b * c2, a * b2 + b * d2, c * a2 + d * c2, c * b2 + d * d2, e * a2 + f * c2 + e2,
            e * b2 + f * d2 + f2)


@cache
def sheet_paths(path: Path) -> tuple[float, list[Drawn]]:
    """The A3 sheet's painted paths, the board's form's included, and the scale it places
    the form at."""
    from pypdf import PdfReader
    from pypdf.generic import ContentStream

    reader = PdfReader(path)
    page = reader.pages[0]
    height = float(page.mediabox.height)
    drawn: list[Drawn] = []
    placed: list[float] = []

    def run(operations, ctm, resources):
        stack, fill, stroke, rings, ring = [], None, None, [], []

        def point(x, y):
            a, b, c, d, e, f = ctm
            px, py = a * x + c * y + e, b * x + d * y + f
            return px / MM, (height - py) / MM

        for operands, op in operations:
            values = [float(v) for v in operands] if op in (b"cm", b"m", b"l", b"c", b"v", b"y", b"re", b"rg",
                                                            b"RG") else []
            if op == b"q":
                stack.append((ctm, fill, stroke))
            elif op == b"Q":
                ctm, fill, stroke = stack.pop()
            elif op == b"cm":
                ctm = _multiply(tuple(values), ctm)
            elif op == b"rg":
                fill = tuple(values)
            elif op == b"RG":
                stroke = tuple(values)
            elif op == b"m":
                ring = [point(*values)]
                rings.append(ring)
            elif op in (b"l", b"c", b"v", b"y"):
                ring += [point(values[i], values[i + 1]) for i in range(0, len(values), 2)]
            elif op == b"re":
                x, y, w, h = values
                rings.append([point(x, y), point(x + w, y), point(x + w, y + h), point(x, y + h)])
            elif op in (b"f", b"f*", b"F", b"B", b"B*", b"b", b"b*", b"S", b"s", b"n"):
                filled = op not in (b"S", b"s", b"n")
                stroked = op in (b"B", b"B*", b"b", b"b*", b"S", b"s")
                if rings and (filled or stroked):
                    drawn.append(Drawn(filled, stroked, fill if filled else None, stroke if stroked else None,
                                       rings, len(drawn)))
                rings, ring = [], []
            elif op == b"Do":
                form = resources["/XObject"][operands[0]].get_object()
                placed.append(ctm[0])
                run(ContentStream(form, reader).operations, ctm, form.get("/Resources", {}))

    run(page.get_contents().operations, (1, 0, 0, 1, 0, 0), page["/Resources"])
    return placed[0], drawn


def close(a: tuple[float, ...] | None, b: tuple[float, ...], by: float = 0.004) -> bool:
    return a is not None and all(abs(x - y) <= by for x, y in zip(a, b))


@dataclass
class Words:
    text: str
    box: tuple[float, float, float, float]  # mm from the sheet's top-left
    size: float


@cache
def sheet_words(path: Path) -> list[Words]:
    """Each text the sheet prints (one text object each, as pdfium reads them), its glyphs'
    box and its size."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    pdf = pdfium.PdfDocument(path)
    page = pdf[0]
    height = page.get_height()
    texts = page.get_textpage()
    found: dict[int, list] = {}
    for i in range(texts.count_chars()):
        handle = raw.FPDFText_GetTextObject(texts.raw, i)
        key = ctypes.cast(handle, ctypes.c_void_p).value
        if not key:
            continue  # a space or line break pdfium adds between texts
        left, bottom, right, top = texts.get_charbox(i)
        entry = found.setdefault(key, ["", [], raw.FPDFText_GetFontSize(texts.raw, i)])
        entry[0] += texts.get_text_range(i, 1)
        if right > left:
            entry[1].append((left / MM, (height - top) / MM, right / MM, (height - bottom) / MM))
    words = []
    for text, boxes, size in found.values():
        if boxes:
            words.append(Words(text, (min(b[0] for b in boxes), min(b[1] for b in boxes),
                                      max(b[2] for b in boxes), max(b[3] for b in boxes)), size))
    pdf.close()
    return words


def gap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> float:
    """How far apart two boxes are (0 when they meet)."""
    dx = max(a[0] - b[2], b[0] - a[2], 0.0)
    dy = max(a[1] - b[3], b[1] - a[3], 0.0)
    return math.hypot(dx, dy)


def areas() -> list:
    from pnp.maps.areas import areas_of

    return areas_of(game().sets["board"])


def word(board: Path, text: str, size: float) -> Words:
    (found,) = [w for w in sheet_words(board) if w.text == text and abs(w.size - size) < 0.01]
    return found


NAME, CITY = 11.5, 7.5  # the areas' names' size, and the seats' 


# --- the tests ------------------------------------------------------------------------------

def test_the_areas_cover_at_least_40_percent_of_the_printed_sheet(board: Path) -> None:
    """The areas' fills on the sheet, what the fade along the bounds' cuts lays over them counted
    at half (it runs from the area's colour to the land's): at least 40 % of the A3 sheet."""
    import shapely

    scale, drawn = sheet_paths(board)
    assert scale == pytest.approx(1.0, abs=1e-6)
    fills = area_fills(drawn)
    assert len(fills) == 16
    land = shapely.union_all([d.shape() for d in fills])
    # what is laid over the areas among their fills, before their borders are stroked: the fades
    first = fills[0].order
    borders = next(d.order for d in drawn if d.order > first and d.stroked and not d.filled)
    assert fills[-1].order < borders
    over = [d for d in drawn if first < d.order < borders and d.filled and d not in fills]
    faded = shapely.union_all([d.shape() for d in over]).intersection(land) if over else shapely.Polygon()
    covered = land.area - faded.area / 2
    assert 2000 < faded.area < 3000  # the fade: 12 mm along Durrani's 151 mm and Bengal's 59 mm of cuts
    assert covered / SHEET_MM2 >= 0.40, covered / SHEET_MM2


def test_the_piles_hold_a_card_on_its_side_and_4_mm(board: Path) -> None:
    """The stock's and the discards' boxes print 92.9 x 67.5 mm: a poker card on its side and
    2 mm round it; off every area."""
    import shapely
    from shapely.geometry import box

    _, drawn = sheet_paths(board)
    piles = [d for d in drawn if d.filled and d.stroked and close(d.fill, rgb("#fbf3dc"))]
    sizes = sorted((round(d.bbox()[2] - d.bbox()[0], 1), round(d.bbox()[3] - d.bbox()[1], 1)) for d in piles)
    card = (CARD_MM[1] + 4, CARD_MM[0] + 4)
    big = [d for d in piles if d.bbox()[2] - d.bbox()[0] >= card[0] - 0.05 and d.bbox()[3] - d.bbox()[1] >= card[1]
           - 0.05]
    assert len(big) == 2, sizes
    land = shapely.union_all([d.shape() for d in area_fills(drawn)])
    for pile in big:
        assert not land.intersects(box(*pile.bbox()))
    labels = {w.text: w.box for w in sheet_words(board)}
    assert [sum(gap(labels[t], p.bbox()) == 0 for p in big) for t in ("Stock", "Discards")] == [1, 1]


def seat_dots(board: Path) -> list[tuple[float, float]]:
    """The centres of the seats' dots: ink discs 1.2 mm across."""
    _, drawn = sheet_paths(board)
    ink = rgb("#1d1a16")
    dots = []
    for d in drawn:
        x0, y0, x1, y1 = d.bbox()
        if d.filled and not d.stroked and close(d.fill, ink) and abs(x1 - x0 - 1.2) < 0.05 and abs(y1 - y0 - 1.2) < 0.05:
            dots.append(((x0 + x1) / 2, (y0 + y1) / 2))
    return dots


def spots(board: Path) -> list[tuple[float, float, float]]:
    """The markers' cream spots: centre and radius (mm)."""
    _, drawn = sheet_paths(board)
    found = []
    for d in drawn:
        x0, y0, x1, y1 = d.bbox()
        if d.filled and d.stroked and close(d.fill, rgb("#f6efdc")) and abs(x1 - x0 - 18) < 0.1:
            found.append(((x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2))
    return found


def test_each_seats_name_within_3_mm_of_its_dot_off_its_areas_name_line_and_clear_of_its_spot(board: Path) -> None:
    """Every seat's name lies within 3 mm of its dot (Padmanabhapuram's, at the cape, on the
    sea below it); no seat's name shares a line with its area's name (as Ujjain Gwalior and
    Bharatpur Jats did); none comes within 1 mm of a marker's spot (Pune touched its own)."""
    dots = seat_dots(board)
    assert len(dots) == 16 + 1  # and the legend's
    discs = spots(board)
    assert len(discs) == 16
    for area in areas():
        city, name = word(board, area.city.get("en"), CITY), word(board, area.name.get("en"), NAME)
        nearest = min(dots, key=lambda d: gap(city.box, (*d, *d)))
        assert gap(city.box, (*nearest, *nearest)) <= 3.0, area.id
        # off the name's line: the one's letters wholly above or below the other's
        assert city.box[3] <= name.box[1] or name.box[3] <= city.box[1], area.id
        for cx, cy, r in discs:
            assert gap(city.box, (cx, cy, cx, cy)) - r >= 1.0, (area.id, city.text)
    # the cape's seat: its name below the dot, on the sea
    padmanabhapuram = word(board, "Padmanabhapuram", CITY).box
    dot = min(dots, key=lambda d: gap(padmanabhapuram, (*d, *d)))
    assert padmanabhapuram[1] > dot[1]


def test_the_areas_names_in_one_size_each_after_its_suits_mark(board: Path) -> None:
    """Every area's name at 11.5 pt (Indore was 10 pt among 13 pt names); before each, its
    suit's mark, drawn in the name's colour on a disc of the area's."""
    names = {area.name.get("en") for area in areas()}
    sizes = {w.text: round(w.size, 2) for w in sheet_words(board) if w.text in names and w.size > CITY}
    assert sizes == dict.fromkeys(names, NAME)
    _, drawn = sheet_paths(board)
    colours = suit_colours()
    for area in areas():
        name = word(board, area.name.get("en"), NAME).box
        height = name[3] - name[1]
        discs = [d for d in drawn if d.filled and close(d.fill, rgb(colours[area.id]))
                 and 4 < d.bbox()[2] - d.bbox()[0] < 6 and d.bbox()[2] <= name[0]
                 and name[0] - d.bbox()[2] < 2 and abs((d.bbox()[1] + d.bbox()[3]) / 2 - (name[1] + name[3]) / 2)
                 < height]
        assert len(discs) == 1, area.id
        # the mark's own paths drawn on the disc
        x0, y0, x1, y1 = discs[0].bbox()
        mark = [d for d in drawn if d.order > discs[0].order and d.order < discs[0].order + 40
                and x0 - 0.1 <= d.bbox()[0] and d.bbox()[2] <= x1 + 0.1 and y0 - 0.1 <= d.bbox()[1]
                and d.bbox()[3] <= y1 + 0.1]
        assert mark, area.id


def _runs(ring: list[tuple[float, float]], longer: float) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The straight stretches of an outline longer than `longer` mm: its segments joined while
    they turn by less than a degree."""
    found, start = [], None
    for a, b in zip(ring, ring[1:]):
        if a == b:
            continue
        if start is None:
            start, direction, end = a, math.atan2(b[1] - a[1], b[0] - a[0]), b
            continue
        turn = math.atan2(b[1] - a[1], b[0] - a[0]) - direction
        if abs((turn + math.pi) % (2 * math.pi) - math.pi) < math.radians(1) and a == end:
            end = b
            continue
        if math.dist(start, end) > longer:
            found.append((start, end))
        start, direction, end = a, math.atan2(b[1] - a[1], b[0] - a[0]), b
    if start is not None and math.dist(start, end) > longer:
        found.append((start, end))
    return found


def test_no_straight_cut_longer_than_20_mm_shows_where_the_land_goes_on(board: Path) -> None:
    """Along every straight stretch of an area's outline longer than 20 mm on the sheet, the
    colours 1 and 2 mm either side: where one side is the land around the map (the land going
    on), the other is no colour far from it; the areas fade into it (Durrani, cut along 65°E,
    and Bengal, along 90°E, ended in a straight line, Bengal's stroked like a coast). The
    others are borders between two areas. And the test can fail: without the fade, the cuts
    are such edges."""
    import pypdfium2 as pdfium
    from coloraide import Color

    scale = 4 / MM  # 4 pixels a mm
    pdf = pdfium.PdfDocument(board)
    image = pdf[0].render(scale=scale).to_pil().convert("RGB")
    pdf.close()
    land = Color("#e8dfc8")

    def colour(x: float, y: float) -> Color:
        return Color("srgb", [v / 255 for v in image.getpixel((round(x * 4), round(y * 4)))])

    _, drawn = sheet_paths(board)
    from pnp.maps.areas import geography_of, map_box, map_frame
    from shapely.geometry import LineString, Point

    geo = geography_of(game().sets["board"])
    frame = map_frame(geo, map_box(game().sets["board"]))
    # the bounds' cuts on the sheet (the board 5 mm from its top-left corner)
    along = [LineString([(x / MM + 5, y / MM + 5) for x, y in (frame.point(*p) for p in line.coords)])
             for _, line in geo.cuts if line.length * frame.scale / MM > 20]
    assert len(along) == 2  # Durrani's west, Bengal's east
    fills = area_fills(drawn)
    cuts, seen, on_cuts = [], 0, []
    for fill in fills:
        for ring in fill.rings:
            for a, b in _runs(ring, 20.0):
                length = math.dist(a, b)
                nx, ny = -(b[1] - a[1]) / length, (b[0] - a[0]) / length
                for step in range(1, int(length // 5)):
                    t = step * 5 / length
                    x, y = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
                    if not all(7.5 < x + k * nx < 289.5 and 7.5 < y + k * ny < 409.5 for k in (-2, 2)):
                        continue  # (the map's frame, 6 mm from the sheet's edges)
                    seen += 1
                    # each side's colour 1 mm and 2 mm off the edge (a river crossing one spot is no side)
                    near = [[colour(x + k * nx, y + k * ny).delta_e(land, method="2000") for k in ks]
                            for ks in ((1, 2), (-1, -2))]
                    if any(max(a) < 3 and min(b) > 15 for a, b in (near, near[::-1])):
                        cuts.append((round(x), round(y)))
                    if any(cut.distance(Point(x, y)) < 0.5 for cut in along):
                        on_cuts.append((fill.fill, near))
    assert seen > 100 and cuts == [], cuts
    # along the cuts both sides, 1 mm off, are the land's colour, where the area's own would be far from it
    assert len(on_cuts) > 20
    for fill, near in on_cuts:
        assert near[0][0] < 3 and near[1][0] < 3
        assert Color("srgb", list(fill)).delta_e(land, method="2000") > 15
