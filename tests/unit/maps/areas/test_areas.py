"""pnp.maps.areas: the package's face is the map's data, never its drawing (reading a map
draws nothing)."""

from __future__ import annotations

import subprocess
import sys

import pnp.maps.areas as areas
from pnp.maps.areas import data, geometry, labels, loading, projection


def test_what_the_package_gives() -> None:
    assert (areas.Area, areas.MapLine, areas.MapSettings) == (data.Area, data.MapLine, data.MapSettings)
    assert (areas.area_maps, areas.areas_of, areas.colours_of, areas.points_of) == (
        data.area_maps, data.areas_of, data.colours_of, data.points_of)
    assert (areas.Geography, areas.connected, areas.geography_of) == (
        geometry.Geography, geometry.connected, geometry.geography_of)
    assert (areas.area_labels, areas.label_style, areas.map_box, areas.map_frame, areas.map_layout) == (
        labels.area_labels, labels.label_style, labels.map_box, labels.map_frame, labels.map_layout)
    assert (areas.area_fields, areas.load_settings) == (loading.area_fields, loading.load_settings)
    assert areas.projection_problem is projection.projection_problem


def test_reading_a_map_imports_neither_its_drawing_nor_its_checks() -> None:
    code = ("import sys, pnp.maps.areas; "
            "print(sorted(m for m in sys.modules if m.startswith('pnp.maps.areas.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == str(sorted(f"pnp.maps.areas.{m}" for m in
                                     ("data", "geometry", "labels", "loading", "projection")))
