"""What the unit tests of pnp.maps share: a tiny game written to a temporary folder, a board
of a few areas on a map of its own (its land a box 600 km by 400 km on an equirectangular
projection scaled so that a degree is 100 km), loaded as pnp loads any game."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Callable

import pytest

from pnp.load.game import load_game
from pnp.model.game import Game

EQC = "+proj=eqc +R=6371000 +to_meter=1.1119492664455874"  # a degree: 100,000 of its metres

GAME = """\
title: {en: Test, fr: Test}
languages: [en, fr]
fonts: {heading: SourceSerifPro-Bold, body: SourceSansPro-Regular}
players: {min: 2, max: 4}
components:
  board:
    type: board
    size: a3
    map: areas
    files: areas.yaml
    items: areas
    settings: board.yaml
    face: layout.yaml
"""
MARKERS = """\
    markers: markers
  markers:
    type: token
    size: {size}
    files: markers.yaml
    items: markers
    face: marker.yaml
"""
AREAS = """\
areas:
  - id: w
    name: {en: West, fr: Ouest}
    seat: {city: {en: Westby, fr: Ouestville}, lat: 2, lon: 1}
  - id: e
    name: {en: East, fr: Est}
    seat: {city: {en: Eastby, fr: Estville}, lat: 2, lon: 5}
"""
BOARD = f"""\
land: land.yaml
projection: {EQC}
labels:
  subtitle: {{en: A map, fr: Une carte}}
  north: {{en: N, fr: N}}
  kilometres: {{en: kilometres, fr: kilomètres}}
  seat: {{en: seat, fr: siège}}
  border: {{en: border, fr: frontière}}
  coast: {{en: coast, fr: côte}}
  link: {{en: by sea, fr: par mer}}
"""
LAND = """\
playing:
  - [[0, 0], [6, 0], [6, 4], [0, 4]]
"""
LAYOUT = """\
boxes:
  map: {x: 10, y: 10, width: 240, height: 160, map: {}}
"""


@pytest.fixture
def board_game(tmp_path: Path) -> Callable[..., tuple[Game, list[str]]]:
    """board_game(areas=..., board=..., land=..., layout=..., markers="15mm", **files): the game of
    one board (its areas.yaml, board.yaml, land.yaml and layout.yaml as given, else the two
    areas West and East halving the land), with control markers of that size (None: none),
    and any other file (rivers="..." is rivers.yaml, which the board then names, as it names
    ranges.yaml); returns the game and the problems of
    loading it, as pnp prints them."""
    def make(areas: str = AREAS, board: str = BOARD, land: str = LAND, layout: str = LAYOUT,
             markers: str | None = "15mm", **files: str) -> tuple[Game, list[str]]:
        manifest = GAME + (MARKERS.format(size=markers) if markers else "")
        board += "".join(f"{key}: {key}.yaml\n" for key in ("rivers", "ranges") if key in files)
        written = {"game": manifest, "areas": areas, "board": board, "land": land, "layout": layout, **files}
        if markers:
            written |= {"markers": "markers:\n  - id: red\n", "marker": "boxes: {}\n"}
        for name, text in written.items():
            (tmp_path / f"{name}.yaml").write_text(textwrap.dedent(text), "utf-8")
        game, problems = load_game(tmp_path / "game.yaml")
        assert game is not None, problems
        return game, [p.format() for p in problems]
    return make
