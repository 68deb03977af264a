"""Make board/land.yaml from Natural Earth: run once at development time, not by pnp.

Natural Earth's 1:110m country outlines are public domain; this reads the copy inside the
geopandas 0.14.4 wheel (geopandas/datasets/naturalearth_lowres), which needs nothing but
pyshp and shapely:

    pip download --no-deps geopandas==0.14.4 && unzip geopandas-0.14.4-*.whl 'geopandas/datasets/*'
    pip install pyshp shapely
    python board/extract_land.py geopandas/datasets/naturalearth_lowres/naturalearth_lowres > board/land.yaml

The playing region is the land of today's India, Pakistan, Bangladesh and Afghanistan
(the Mughal successor states and the Durrani lands); the neighbours are kept, clipped to
the map, to draw the coast and the land around it.
"""

from __future__ import annotations

import sys

import shapefile  # pyshp
from shapely.geometry import MultiPolygon, Polygon, box, shape
from shapely.ops import unary_union

PLAYING = ("IND", "PAK", "BGD", "AFG")
CONTEXT = ("NPL", "BTN", "LKA", "IRN", "CHN", "MMR", "TJK", "TKM", "UZB")
MAP = box(58.0, 4.0, 97.0, 40.0)  # west, south, east, north (degrees)
TOLERANCE = 0.04  # degrees, about 4 km: below what the board can show


def polygons(geometry) -> list[Polygon]:
    geometry = geometry.intersection(MAP).simplify(TOLERANCE, preserve_topology=True)
    parts = geometry.geoms if isinstance(geometry, MultiPolygon) else [geometry]
    return [p for p in parts if isinstance(p, Polygon) and p.area > 0.05]


def ring(polygon: Polygon) -> str:
    points = list(polygon.exterior.coords)[:-1]
    return "[" + ", ".join(f"[{x:.2f}, {y:.2f}]" for x, y in points) + "]"


def main(path: str) -> None:
    reader = shapefile.Reader(path)
    countries = {rec["iso_a3"]: (rec["name"], shape(shp.__geo_interface__))
                 for rec, shp in zip(reader.records(), reader.shapes())}
    playing = unary_union([countries[code][1] for code in PLAYING])
    print("# The land of the board, from Natural Earth 1:110m country outlines (public domain),")
    print("# read from the geopandas 0.14.4 wheel by board/extract_land.py. [longitude, latitude], degrees.")
    print("source: Natural Earth 1:110m Admin 0 - Countries (naturalearth_lowres)")
    print("playing:  # the land the 16 areas share")
    for polygon in polygons(playing):
        print(f"  - {ring(polygon)}")
    print("context:  # neighbouring land, drawn around the playing region")
    for code in CONTEXT:
        name, geometry = countries[code]
        for polygon in polygons(geometry.difference(playing)):
            print(f"  - name: {name}")
            print(f"    ring: {ring(polygon)}")


if __name__ == "__main__":
    main(sys.argv[1])
