"""pnp.checks.pod: pieces printed on demand, product by product: `safe-zone` (what a layout
draws, as its box kinds outline it, crossing the safe line 1/8 in inside the trim) and `bleed`
(a fill that reaches the trim and stops there, instead of running 1/8 in past it), each said
where the box is declared, for a rectangle, a hexagon or a circle, a piece as the product
stands or turned."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from pnp.boxes.outline import Shape
from pnp.checks import CHECKS, run_rules
from pnp.checks.pod import (PIXEL, SIDES, TRIM_SIDES, _covered, _sides, _without, bleed, faults, past, safe_zone,
                            stops_on, trim)
from pnp.exports.products import BLEED, SAFE, Product
from pnp.layout.reader import load_layout
from pnp.problems import Location, Severity
from pnp.units import mm


def problems_of(game, *rules: str) -> list[str]:
    return [p.format() for p in run_rules(game, only=frozenset(rules))]


def test_the_checks_ids_severities_and_docs() -> None:
    assert PIXEL == 0.24 and SAFE == BLEED == mm(3.175)
    assert [(c, CHECKS[c].severity) for c in ("safe-zone", "bleed")] == [("safe-zone", Severity.WARNING),
                                                                        ("bleed", Severity.WARNING)]
    assert CHECKS["safe-zone"].doc == (
        "Something a layout draws on a piece printed on demand (a text's box, an icon, a line, an ornament's "
        "outline) crosses the product's safe line, 1/8 in inside the trim, where a cut may fall; so does the edge "
        "of a fill that stops short of the trim inside it.")
    assert CHECKS["bleed"].doc == (
        "A fill (a band, a panel, a picture covering its box) reaches the trim of a piece printed on demand and "
        "stops there instead of running 1/8 in past it into the bleed, so that a cut just outside the trim shows a "
        "line of what lies under it.")


# --- the trim, and what reaches it -------------------------------------------------------------

def test_a_trim_is_a_rectangle_a_hexagon_or_a_circle_its_sides_named_by_the_way_they_face() -> None:
    card = trim("rect", 180, 252)
    assert [(e.a, e.b, e.n, e.offset, e.side) for e in card] == [
        ((0, 0), (180, 0), (0, -1), 0, "top"), ((180, 0), (180, 252), (1, 0), 180, "right"),
        ((180, 252), (0, 252), (0, 1), 252, "bottom"), ((0, 252), (0, 0), (-1, 0), 0, "left")]
    flat = trim("hex", 2 * 100 / math.sqrt(3), 100)
    assert [e.side for e in flat] == ["bottom right", "bottom", "bottom left", "top left", "top", "top right"]
    assert [round(e.offset - (e.n[0] * 100 / math.sqrt(3) + e.n[1] * 50), 6) for e in flat] == [50.0] * 6
    pointy = trim("hex", 100, 2 * 100 / math.sqrt(3))
    assert [e.side for e in pointy] == ["right", "bottom right", "bottom left", "left", "top left", "top right"]
    disc = trim("round", 54, 54)
    assert len(disc) == TRIM_SIDES == 64
    assert {round(e.offset - 27 * (e.n[0] + e.n[1]), 6) for e in disc} == {round(27 * math.cos(math.pi / 64), 6)}
    assert [disc[i].side for i in (0, 8, 16, 24, 32, 40, 48, 56)] == [
        "top", "top right", "right", "bottom right", "bottom", "bottom left", "left", "top left"]
    assert {side: sum(e.side == side for e in disc) for side in SIDES} == dict.fromkeys(SIDES, 8)


def test_how_far_a_shape_reaches_past_a_side_ink_included() -> None:
    top, right = trim("rect", 100, 100)[:2]
    line = Shape(((10, 5), (90, -2)), ink=1.0)
    assert (past(line, top), past(line, right)) == (3.0, -9.0)


def test_the_stretches_of_a_segment_inside_a_polygon() -> None:
    square = ((0, 0), (10, 0), (10, 10), (0, 10))
    assert _covered(square, (-10, 5), (10, 5)) == [(0.5, 1.0)]
    assert _covered(square, (2, 5), (8, 5)) == [(0.0, 1.0)]
    assert _covered(square, (-10, 20), (10, 20)) == []
    u = ((0, 0), (3, 0), (3, 7), (7, 7), (7, 0), (10, 0), (10, 10), (0, 10))  # open at the top: two arms
    assert [tuple(round(t, 6) for t in s) for s in _covered(u, (0, 2), (10, 2))] == [(0.0, 0.3), (0.7, 1.0)]
    assert _without([(0.0, 0.5), (0.6, 1.0)], [(0.2, 0.7)]) == pytest.approx(0.2 + 0.3)


def test_a_fill_stops_on_a_side_it_covers_further_than_it_runs_past_it() -> None:
    top = trim("rect", 100, 100)[0]
    band = Shape(((0, 0), (100, 0), (100, 20), (0, 20)), fill=True)
    bled = Shape(((-BLEED, -BLEED), (100 + BLEED, -BLEED), (100 + BLEED, 20), (-BLEED, 20)), fill=True)
    half = Shape(((-BLEED, -BLEED), (50, -BLEED), (50, 20), (-BLEED, 20)), fill=True)  # runs past half the side
    short = Shape(((0, -BLEED + 2 * PIXEL), (100, -BLEED + 2 * PIXEL), (100, 20), (0, 20)), fill=True)
    assert [stops_on(s, top) for s in (band, bled, half, short)] == [True, False, False, True]
    nearly = Shape(((0, -BLEED), (100 - 0.9 * PIXEL, -BLEED), (100 - 0.9 * PIXEL, 20), (100, 20), (100, 0), (0, 0)),
                   fill=True)
    assert not stops_on(nearly, top)  # (a pixel of the side uncovered is within the tolerance)


def test_the_sides_a_message_names() -> None:
    edges = trim("rect", 10, 10)
    top, right, bottom, left = edges
    assert _sides(edges, [right, top, top]) == "at the top and right"
    assert _sides(edges, [bottom, left, top]) == "at the left, top and bottom"
    assert _sides(edges, [left, right, bottom, top]) == "all round"
    assert SIDES[0] == "left" and len(SIDES) == 8


# --- the checks on a game ----------------------------------------------------------------------

GAME = """
cards:
  type: card
  size: poker
  files: cards.yaml
  items: cards
  face: face.yaml
  back: back.yaml
money:
  type: card
  size: {width: 63.5mm, height: 44.45mm}
  files: money.yaml
  items: money
  face: note.yaml
chits:
  type: token
  size: 0.75in
  files: chits.yaml
  items: chits
  face: chit.yaml
odd:
  type: card
  size: {width: 50mm, height: 50mm}
  files: odd.yaml
  items: odd
  face: chit.yaml
"""
FACE = """\
extends: builtin:card
boxes:
  inside: {x: 3.175, y: 3.175, width: 57.15, height: 82.55, text: "{game.title}"}
  within: {x: 8.77pt, y: 20, width: 20, height: 5, text: "a"}
  near: {x: 8.75pt, y: 20, width: 20, height: 5, text: "a"}
  corner: {x: 1, y: 2, width: 20, height: 5, text: "c"}
  frame: {x: 2, y: 2, width: 59.5, height: 84.9, ornament: corner-frame}
  band: {x: 0, y: 0, width: 63.5, height: 10, rect: {fill: "#ff0000"}}
  panel: {x: 1.5, y: 40, width: 60.5, height: 5, rect: {fill: "#ff0000"}}
  edged: {x: 0, y: 50, width: 63.5, height: 5, rect: {fill: "#ff0000", stroke: "#000000", stroke_width: 0.6}}
  bled:
    x: 0
    y: 60
    width: 63.5
    height: 10
    group: true
    boxes:
      strip: {x: -3.175, y: 0, width: 69.85, height: 10, rect: {fill: "#00ff00"}}
      out: {x: 60, y: 2, width: 5, height: 5, text: "o"}
  turned: {x: 20, y: 82, width: 10, height: 2, rotate: 90, text: "t"}
  picture:
    x: 0
    y: 80
    width: 63.5
    height: 8.9
    image: "{game.title}"
    else: {text: "e"}
"""
BACK = """\
extends: face.yaml
boxes:
  extra: {x: 0.5, y: 30, width: 5, height: 5, text: "x"}
"""
NOTE = """\
extends: builtin:card
boxes:
  frame: {x: 3, y: 3, width: 57.5, height: 38.45, rect: {stroke: "#000000", stroke_width: 0.6}}
"""
CHIP = """\
extends: builtin:token
boxes:
  word: {x: 1, y: 7, width: 17.05, height: 5, text: "c"}
"""
FILES = dict(cards="cards:\n  - {id: king}\n", money="money:\n  - {id: one}\n", chits="chits:\n  - {id: gold}\n",
             odd="odd:\n  - {id: one}\n", face=FACE, back=BACK, note=NOTE, chit=CHIP)
POKER = "The Game Crafter's poker cards"
SAFE_LINE = "3.175 mm inside the trim, where a cut may fall"


def game_of(load):
    game, problems = load(GAME, **FILES)
    assert problems == []
    return game


def test_what_crosses_the_safe_line_is_said_where_declared_how_far_and_where(load) -> None:
    assert problems_of(game_of(load), "safe-zone") == [
        f"face.yaml:5:9: warning: layout 'face.yaml': box 'near' draws 3.09 mm from the trim at the left: 0.09 mm "
        f"(1 px) into the safe zone of {POKER}, {SAFE_LINE} [safe-zone]",
        f"face.yaml:6:11: warning: layout 'face.yaml': box 'corner' draws 1 mm from the trim at the left: 2.17 mm "
        f"(26 px) into the safe zone of {POKER}, {SAFE_LINE} [safe-zone]",
        # its corner diamonds reach 2.2 mm past its corners, off the card
        f"face.yaml:7:10: warning: layout 'face.yaml': box 'frame' draws 0.2 mm past the trim all round: 3.38 mm "
        f"(40 px) into the safe zone of {POKER}, {SAFE_LINE} [safe-zone]",
        # a fill that stops short of the trim, inside the safe zone
        f"face.yaml:9:10: warning: layout 'face.yaml': box 'panel' draws 1.5 mm from the trim at the left and right: "
        f"1.68 mm (20 px) into the safe zone of {POKER}, {SAFE_LINE} [safe-zone]",
        # a fill with an edge: the edge's line, half its width past the trim
        f"face.yaml:10:10: warning: layout 'face.yaml': box 'edged' draws 0.11 mm past the trim at the left and "
        f"right: 3.28 mm (39 px) into the safe zone of {POKER}, {SAFE_LINE} [safe-zone]",
        f"face.yaml:19:12: warning: layout 'face.yaml': box 'bled.out' draws 1.5 mm past the trim at the right: "
        f"4.67 mm (55 px) into the safe zone of {POKER}, {SAFE_LINE} [safe-zone]",
        f"face.yaml:20:11: warning: layout 'face.yaml': box 'turned' draws 0.9 mm from the trim at the bottom: "
        f"2.28 mm (27 px) into the safe zone of {POKER}, {SAFE_LINE} [safe-zone]",
        f"face.yaml:27:11: warning: layout 'face.yaml': box 'picture.else' draws up to the trim at the left, right "
        f"and bottom: 3.175 mm (38 px) into the safe zone of {POKER}, {SAFE_LINE} [safe-zone]",
        f"back.yaml:3:10: warning: layout 'back.yaml': box 'extra' draws 0.5 mm from the trim at the left: 2.67 mm "
        f"(32 px) into the safe zone of {POKER}, {SAFE_LINE} [safe-zone]",
        f"note.yaml:3:10: warning: layout 'note.yaml': box 'frame' draws 2.89 mm from the trim all round: 0.28 mm "
        f"(3 px) into the safe zone of The Game Crafter's mini cards (turned sideways), {SAFE_LINE} [safe-zone]",
        # its corners, 0.63 mm inside the circle
        f"chit.yaml:3:9: warning: layout 'chit.yaml': box 'word' draws 0.63 mm from the trim at the left and right: "
        f"2.54 mm (30 px) into the safe zone of The Game Crafter's medium circle chits, {SAFE_LINE} [safe-zone]"]


def test_a_fill_that_stops_at_the_trim_is_said_with_the_sides_it_stops_at(load) -> None:
    tail = ("instead of running 3.175 mm past it into the bleed of The Game Crafter's poker cards, where a cut may "
            "fall: a group: true box can draw it 3.2 mm past the trim there, as boxes: ")
    assert problems_of(game_of(load), "bleed") == [
        f"face.yaml:8:9: warning: layout 'face.yaml': box 'band' is a fill that stops at the trim at the left, top "
        f"and right {tail}{{fill: {{x: -3.2, y: -3.2, width: 69.9, height: 13.2, rect: ...}}}} [bleed]",
        f"face.yaml:22:5: warning: layout 'face.yaml': box 'picture' is a fill that stops at the trim at the left, "
        f"right and bottom {tail}{{fill: {{x: -3.2, y: 0, width: 69.9, height: 12.1, image: ...}}}} [bleed]"]
    # (a picture covering its box; the strip in group bled runs into the bleed)


def test_a_fill_in_a_group_turned_or_on_a_round_piece_is_told_how_far_to_run() -> None:
    from pnp.checks.pod import _run_out, trim
    from pnp.layout.reader import Box
    from pnp.units import mm

    band = Box("band", "rect", 0.0, 0.0, mm(63.5), mm(10), {})
    top = [edge for edge in trim("rect", mm(63.5), mm(88.9)) if edge.side == "top"]
    assert _run_out(band, "rect", top) == ("a group: true box can draw it 3.2 mm past the trim there, as boxes: "
                                           "{fill: {x: 0, y: -3.2, width: 63.5, height: 13.2, rect: ...}}")
    generic = "run it 3.2 mm past the trim there (a box in a group may run past the piece's edge)"
    nested = Box("half.band", "rect", 0.0, 0.0, mm(63.5), mm(10), {})
    assert [_run_out(nested, "rect", top, False), _run_out(band, "round", top)] == [generic, generic]
    turned = Box("band", "rect", 0.0, 0.0, mm(63.5), mm(10), {}, rotate=90.0)
    assert _run_out(turned, "rect", top) == generic


def test_within_a_pixel_of_the_safe_line_is_on_it(load) -> None:
    game = game_of(load)
    within, near = game.sets["cards"].faces["face.yaml"].boxes[1:3]
    assert (SAFE - within.x, SAFE - near.x) == (pytest.approx(0.23), pytest.approx(0.25))
    assert [m.split(" draws")[0] for _, m in safe_zone(game)][:2] == ["layout 'face.yaml': box 'near'",
                                                                     "layout 'face.yaml': box 'corner'"]


def test_only_pieces_of_a_products_size_are_looked_at_whichever_set_comes_first(load) -> None:
    game = game_of(load)
    found = problems_of(game, "safe-zone", "bleed")
    game.memo.clear()
    game.sets = {name: game.sets[name] for name in ("odd", "chits", "money", "cards")}
    assert sorted(problems_of(game, "safe-zone", "bleed")) == sorted(found) and len(found) == 13
    game.memo.clear()
    game.sets["cards"].type = "token"  # a poker-sized token is no product
    game.sets["money"].type = "tile"  # nor a mini card's size of tile
    assert [m.split(":")[0] for _, m in safe_zone(game)] == ["layout 'chit.yaml'"]
    assert list(bleed(game)) == []


def test_a_layout_that_is_not_a_document_of_the_game_is_said_at_its_file(load) -> None:
    game = game_of(load)
    del game.documents["back.yaml"]
    assert [str(where) for where, _ in safe_zone(game)][8] == "back.yaml:1:1"  # (box 'extra')


# --- a hexagon's trim ----------------------------------------------------------------------------

def test_a_fill_across_a_hex_tiles_bounding_box_stops_on_its_flats_and_corners(tmp_path: Path) -> None:
    width, height = mm(46.188), mm(40)  # flat, 40 mm across the flats
    (tmp_path / "hex.yaml").write_text(
        "extends: builtin:tile\nboxes:\n"
        "  ground: {x: 0, y: 0, width: 46.188, height: 40, rect: {fill: \"#00ff00\"}}\n"
        "  sea: {x: 10, y: 17, width: 26.188, height: 6, rect: {fill: \"#0000ff\"}}\n"
        "  name: {x: 3, y: 17, width: 40.188, height: 6, text: \"n\"}\n"
        "  mark: {x: 20.094, y: 1, width: 6, height: 3, icon: star}\n", "utf-8")
    layout, problems, _ = load_layout(tmp_path, "hex.yaml", Location("game.yaml"), width, height, frozenset(),
                                      frozenset({"star"}), frozenset({"body"}), "tile")
    assert layout is not None, problems
    product = Product("hex tile", "HexTile", ("tile",), "hex", 46.188 / 25.4, 40 / 25.4)
    found = [(f.rule, f.box, f.said.split(":")[0]) for f, _ in faults(layout, "hex", product, False)]
    assert found == [
        ("bleed", "ground", "is a fill that stops at the trim all round instead of running 3.175 mm past it into "
                            "the bleed of The Game Crafter's hex tiles, where a cut may fall"),
        ("safe-zone", "name", "draws 1.1 mm from the trim at the top left, top right, bottom right and bottom left"),
        ("safe-zone", "mark", "draws 1 mm from the trim at the top")]


def test_a_shape_of_many_points_is_measured_by_the_rectangle_round_it() -> None:
    from pnp.checks.pod import MEASURED, _bounded

    few = Shape(tuple((i, i % 3) for i in range(MEASURED)), 0.5, True)
    many = Shape(tuple((i, i % 3) for i in range(MEASURED + 1)), 0.5, True)
    assert _bounded(few) is few and MEASURED == 1_000
    assert _bounded(many) == Shape(((0, 0), (MEASURED, 0), (MEASURED, 2), (0, 2)), 0.5, True)
