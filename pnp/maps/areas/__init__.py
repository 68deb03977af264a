"""Area maps: a board that is a geographic map shared into areas, each around its seat.

- data: the map's settings and areas as pnp holds them, and each area's colours' group.
- loading: the fields of its items, and its settings read from the game's files.
- projection: what pnp gives PROJ, and what it refuses.
- geometry: the land projected and shared into areas, their borders and neighbours (pure:
  no files, no backend).
- labels: the map on the page, and where it prints each area's texts.
- draw: the box kinds that draw it (map, compass, scale, legend).
- checks: its checks.

This package's face is the map's data, never its drawing: draw and checks are imported by
pnp.checks.registry, so that reading a map (pnp stats) draws nothing.
"""

from .data import Area, MapLine, MapSettings, area_maps, areas_of, colours_of, points_of  # noqa: F401
from .geometry import Geography, connected, geography_of  # noqa: F401
from .labels import area_labels, label_style, map_box, map_frame, map_layout  # noqa: F401
from .loading import area_fields, load_settings  # noqa: F401
from .projection import projection_problem  # noqa: F401
