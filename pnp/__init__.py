"""pnp: print-and-play assets for board games, made from data.

Its folders, in the order a build goes through them:

- load: a game's folder read safely, its YAML with positions, schemas, rulebooks' text, the model made
- model: the game as data, its rulebooks' blocks, colours, hexagons, sizes, statistics; expr: its expressions
- checks: pnp's checks and the game's checks.yaml, each kind a module (checks/kinds)
- components: each component type a module; layout: layout files, fonts, text fitting;
  boxes: each box kind a module; icons and maps: icons, and area maps
- kit: the kit as data; compose: pieces and the read-me drawn as scenes (pnp.scene)
- impose: pieces placed on printed sheets, booklets' pages; render: scenes to PDF, SVG and PNG, rulebooks typeset
- build: the pipeline, its outputs, cache and workers; exports: Tabletopia, Tabletop
  Simulator, print on demand, the gallery; commands: what the command line (pnp.cli) runs

Shared by every stage: problems (what is wrong, where), units (lengths), words (pnp's own
words in each language) and scene (what to draw, with no backend).
"""

__version__ = "0.1.0"

# the formats a build writes its pictures in (pnp build --format): here, for the command line
# to check the option without importing what builds
FORMATS = ("pdf", "svg", "png")
