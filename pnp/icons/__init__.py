"""A game's icons: small SVG files in the game's `icons/` folder, read into scene nodes.

An icon is one SVG file, named by its stem (`icons/star.svg` is the icon `star`). pnp draws
the plain vector subset of SVG that drawing programs write and that prints crisply at any
size: `path` (all commands, arcs included), `rect` (with rx/ry), `circle`, `ellipse`, `line`,
`polyline`, `polygon` and `g`; fill, stroke, stroke-width, stroke-linecap, stroke-linejoin,
fill-rule, stroke-dasharray and stroke-dashoffset, as attributes or in `style="..."`, inherited
from groups as in SVG; transforms; and markers (a `<marker>` of the defs, named by
marker-start, marker-mid and marker-end: arrow heads). Anything else (text, images, `use`,
gradients, filters, clipping, masks, opacity) is reported as a problem at its line and column,
and the icon is not loaded. What Inkscape adds (its own and Sodipodi's elements and
attributes, metadata, title, desc, opacity 1 and the like) is ignored. A DOCTYPE or entity
declaration is refused.

The scene has no dash style and no markers: a dashed stroke is read as a path of its dashes
(pnp.icons.dashes), and a marker as a group of its shapes at each vertex it is drawn on
(pnp.icons.markers), so an icon's nodes are plain shapes whatever draws them.

Colours. An icon takes the colours of where it is drawn: `pnp.icons.draw.draw_icon(icon, x, y,
size, ink, light)` paints

- black (#000000) and currentColor in `ink`,
- white (#ffffff) in `light`,
- a grey #gggggg in `mix(light, ink, a)` with a = 1 - g / 255 rounded to two decimals: a
  shade between the two. Any two-decimal amount a has its grey, level round(255 * (1 - a)):
  #8c8c8c (140) is light moved exactly 0.45 of the way towards ink,
- every other colour as drawn.

So draw an icon in black with white details, and it reads in dark ink on paper, or in white
on a player's colour. `Icon.nodes` keep the colours as parsed (currentColor as #000000).

The icon's view box is fitted into the size x size square, centred, its aspect kept. Parts
that poke outside the view box are drawn, not clipped.

Path data is read with svgelements (relative, implicit and smooth commands; arcs become
cubics of at most 90 degrees here). Transforms are composed with pnp.scene's own functions,
so an icon file that says what a drawing in Python said gives the very same numbers.

The icons are a package of seven modules, one trade each: pnp.icons.folder (a game's icons
folder, each file read and kept), pnp.icons.svg (the strict reader), pnp.icons.properties
(the presentation properties and their values), pnp.icons.paths (path data and geometry),
pnp.icons.dashes (a stroke cut into dashes), pnp.icons.markers (markers placed on a path's
vertices) and pnp.icons.draw (an icon fitted into a box, recoloured).
"""

from __future__ import annotations

from .folder import MAX_ICON_BYTES, Icon, load_icon, load_icons, remember, remembered
from .paths import MAX_NUMBER, MAX_SEGMENTS
from .svg import MAX_DEPTH, MIN_VIEW_BOX

__all__ = ["Icon", "load_icons", "load_icon", "remembered", "remember", "MAX_ICON_BYTES", "MAX_NUMBER", "MIN_VIEW_BOX",
           "MAX_DEPTH", "MAX_SEGMENTS"]  # (what draws one is pnp.icons.draw's: a game loads its icons without it)
