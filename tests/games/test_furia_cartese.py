"""Furia Cartese (examples/furia-cartese), a third game made from YAML alone: it validates
clean, each of its own checks fires on data that breaks it, and its kit reads back at the
sizes it states: battlefields of 24 mm hexes, whole on A3 and in parts that reassemble on
A4 and Letter, and two-sided 17 mm counters with shared cut lines whose backs land behind
their fronts."""

from __future__ import annotations

import json
import math
import re
import shutil
from pathlib import Path

import pytest

from conftest import DATA, ROOT, broken_example, checks_fired, pages, validate
from pdfgeom import MM, form_polygons, placements_with_clips, read_pdf

GAME = ROOT / "examples" / "furia-cartese"
HEX = 24 * MM  # across the flats
COUNTER = 17 * MM


def test_it_validates_clean() -> None:
    result = validate(GAME, "--strict")
    assert result.exit_code == 0, result.output
    assert result.output == ("Furia Cartese: 3 champs de bataille, 71 unités in 6 armées, 48 marqueurs and 2 more "
                             "sets of 12 pieces: 0 errors, 0 warnings\n")


# The Spanish deployment zone at Cerignola as the battlefield's file gives it.
CERIGNOLA_SPAIN = """[D1, E1, F1, G1, H1, I1, J1, K1, L1, M1,
            D2, E2, F2, G2, H2, I2, J2, K2, L2, M2,
            D3, E3, F3, G3, H3, I3, J3, K3, L3, M3,
            D4, E4, F4, G4, H4, I4, J4, K4, L4, M4]"""

# Each case: the check it breaks, the file, the text replaced and by what, what pnp says.
CASES = [
    ("one-general", "armees/ravenne-france.yaml", "{id: fr-02, troupe: gendarmes,", "{id: fr-02, troupe: gendarmes, general: true,",
     ["armees/ravenne-france.yaml:5:7: error: the army 'france' has 2 generals; it needs exactly one [one-general]"]),
    ("army-size", "armees/ravenne-espagne.yaml", "  - {id: es-12, troupe: arquebusiers, nom: Escopeteros}",
     "  - {id: es-12, troupe: arquebusiers, nom: Escopeteros}\n  - {id: es-13, troupe: janissaires, nom: Janissaires}",
     ["armees/ravenne-espagne.yaml:6:7: error: the army 'espagne' has 13 units, more than the 12 the game allows [army-size]"]),
    ("hex-on-grid", "champs/ravenne.yaml", "hexes: [N2, O2, N3, M10, N10]", "hexes: [N2, O2, N3, M10, N13]",
     ["champs/ravenne.yaml:13:3: error: battlefield 'ravenne': hex N13 is off its grid of 16 columns and 12 rows "
      "[hex-on-grid]"]),
    ("hex-once", "champs/pavie.yaml", "hexes: [G5, H5, J6, H8, I8]", "hexes: [G5, H5, J6, H8, E4]",
     ["champs/pavie.yaml:12:3: error: battlefield 'pavie': hex E4 is given more than one terrain [hex-once]"]),
    ("counter-fits-hex", "game.yaml", "  hex: 24 ", "  hex: 22 ",
     ["checks.yaml:37:8: error: the unit counters are 17 mm a side, too large for hexes 22 mm across: a counter "
      "turned toward a corner needs hexes 23,2 mm across [counter-fits-hex]"]),
    # the Spanish disorder back as it was, a dark red that printed in the French front's grey
    ("camps-apart-in-grey", "camps.yaml", 'fond_desordre: "#e9503a", encre_desordre: "#1f0503"',
     'fond_desordre: "#8c1d13", encre_desordre: "#f4d27a"',
     ["camps.yaml:10:106: error: camp 'espagne': #8c1d13 (luminance 0,07) prints in nearly the same grey as #1f3a8a "
      "(0,05) of camp 'france', less than 0,1 apart [camps-apart-in-grey]"]),
    # pnp's own checks hold the rest: troop types, traits and terrains that exist, hexes as printed
    ("unknown-troop", "armees/ravenne-france.yaml", "troupe: stradioti,", "troupe: stradiots,",
     ["armees/ravenne-france.yaml:13:25: error: unité 'fr-04': troupe 'stradiots' names no type de troupe (there are: "
      "arbaletriers-a-cheval, arquebusiers, arquebusiers-masses, artillerie, enfants-perdus, gendarmes, janissaires, "
      "levees, piquiers, sipahis, stradioti, suisses, tercios) [unknown-reference]"]),
    ("unknown-trait", "troupes.yaml", "traits: [impetueux]", "traits: [impetueuse]",
     ["troupes.yaml:8:96: error: type de troupe 'gendarmes': traits 'impetueuse' names no capacité (there are: "
      "elite, fortifications, impetueux, levee, tir-de-volee, tirailleurs, tireurs) [unknown-reference]"]),
    ("unknown-terrain", "champs/cerignole.yaml", "terrain: fourres,", "terrain: fourre,",
     ["champs/cerignole.yaml:14:15: error: champ de bataille 'cerignole': terrain[2].terrain 'fourre' names no "
      "terrain (there are: champs, foret, fourres, marais, plaine, rochers) [unknown-reference]"]),
    ("bad-hex", "champs/cerignole.yaml", "[D10, E10, E11]", "[D10, E10, 11E]",
     ["champs/cerignole.yaml:15:41: error: terrain[3].hexes[2]: '11E' must be a hex as printed on a map: its "
      "column's letters and its row's number, like E7 [schema]"]),
    # the setup: each battlefield its two armies, one per camp, and a deployment zone for each camp
    ("army-battlefield", "armees/pavie-empire.yaml", "  champ: pavie\n", "",
     ["champs/pavie.yaml:5:6: error: battlefield 'pavie' has 0 armies of camp 'espagne'; it needs exactly one "
      "[battlefield-armies]",
      "armees/pavie-empire.yaml:7:7: error: the army 'pavie-empire' names no battlefield (champ) [army-battlefield]"]),
    ("battlefield-armies", "armees/pavie-empire.yaml", "  champ: pavie\n", "  champ: cerignole\n",
     ["champs/cerignole.yaml:5:6: error: battlefield 'cerignole' has 2 armies of camp 'espagne'; it needs exactly "
      "one [battlefield-armies]",
      "champs/pavie.yaml:5:6: error: battlefield 'pavie' has 0 armies of camp 'espagne'; it needs exactly one "
      "[battlefield-armies]"]),
    ("battlefield-defender", "champs/pavie.yaml", "defenseur: france\n", "",
     ["champs/pavie.yaml:5:6: error: battlefield 'pavie' names no camp to deploy first (defenseur) "
      "[battlefield-defender]"]),
    ("deployment-zone", "champs/pavie.yaml", "  - camp: espagne\n", "  - camp: france\n",
     ["champs/pavie.yaml:5:6: error: battlefield 'pavie' has 2 deployment zones for camp 'france'; it needs exactly "
      "one [deployment-zone]",
      "champs/pavie.yaml:5:6: error: battlefield 'pavie' has 0 deployment zones for camp 'espagne'; it needs exactly "
      "one [deployment-zone]"]),
    ("zone-on-grid", "champs/pavie.yaml", "N3, O3, P3]", "N3, O3, P3, Q3]",
     ["champs/pavie.yaml:18:3: error: battlefield 'pavie': deployment hex Q3 is off its grid of 16 columns and 12 "
      "rows [zone-on-grid]"]),
    ("zone-side", "champs/ravenne.yaml", "    bord: nord\n", "    bord: sud\n",
     ["champs/ravenne.yaml:19:5: error: battlefield 'ravenne': the zone of camp 'espagne' reaches into the half of "
      "the field away from its side (sud) [zone-side]"]),
    # a battlefield renamed to begin like another: its counters would print the same initial
    ("battle-initials", "champs/pavie.yaml", "nom: Pavie", "nom: Rome",
     ["champs/pavie.yaml:5:6: error: battlefield 'pavie' begins with R like another, and the counters print that "
      "initial to tell their battle [battle-initials]",
      "champs/ravenne.yaml:6:6: error: battlefield 'ravenne' begins with R like another, and the counters print "
      "that initial to tell their battle [battle-initials]"]),
    ("zones-apart", "champs/cerignole.yaml", "K4, L4, M4]", "K4, L4, M4, H5]",
     ["champs/cerignole.yaml:19:3: error: battlefield 'cerignole': the deployment zones are 3 rows apart, fewer "
      "than the 4 the game wants [zones-apart]"]),
    # the Spanish zone at Cerignola cut to one row of ten hexes, for eleven units
    ("zone-holds-army", "champs/cerignole.yaml", CERIGNOLA_SPAIN, "[D1, E1, F1, G1, H1, I1, J1, K1, L1, M1]",
     ["armees/cerignole-espagne.yaml:10:10: error: the army 'cerignole-espagne' has 11 units, but its deployment "
      "zone on 'cerignole' has only 10 hexes [zone-holds-army]"]),
    # ... or to the six rocks of the hill and six hexes of plain, for seven units in close order
    ("zone-easy-for-close-order", "champs/cerignole.yaml", CERIGNOLA_SPAIN,
     "[G2, H2, I2, J2, H3, I3, D1, E1, F1, G1, H1, I1]",
     ["armees/cerignole-espagne.yaml:10:10: error: the army 'cerignole-espagne' has 7 units in close order, but its "
      "deployment zone on 'cerignole' has only 6 hexes of easy terrain [zone-easy-for-close-order]"]),
    ("protections-in-kit", "champs/ravenne.yaml", "    pieux: 2\n", "    pieux: 7\n",
     ["champs/ravenne.yaml:19:5: error: battlefield 'ravenne': camp 'espagne' sets up 7 stakes and 0 pavises, more "
      "than the kit's 6 and 6 markers [protections-in-kit]"]),
]


@pytest.mark.parametrize("case, file, old, new, expected", CASES, ids=[c[0] for c in CASES])
def test_each_check_fires(case: str, file: str, old: str, new: str, expected: list[str], tmp_path: Path,
                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(broken_example(GAME, tmp_path / "furia-cartese", file, old, new))
    result = validate(Path("."))
    # (a datum broken here may break a rulebook example too: that is the rulebook checks' own case)
    assert [line for line in result.output.splitlines()[:-1] if "[rules-example]" not in line] == expected
    assert result.exit_code == 1


# The kit before each battlefield had its armies and deployment zones (issue #41): Ravenna's two
# armies, no battlefield named by an army, no zone, no camp to deploy first. The files are kept
# as they were in tests/data/furia-cartese-1512/.
BEFORE = DATA / "furia-cartese-1512"
BEFORE_PROBLEMS = [
    f"champs/{name}.yaml:3:6: error: {line}" for name in ("cerignole", "pavie", "ravenne") for line in (
        f"battlefield '{name}' has 0 armies of camp 'france'; it needs exactly one [battlefield-armies]",
        f"battlefield '{name}' has 0 armies of camp 'espagne'; it needs exactly one [battlefield-armies]",
        f"battlefield '{name}' names no camp to deploy first (defenseur) [battlefield-defender]",
        f"battlefield '{name}' has 0 deployment zones for camp 'france'; it needs exactly one [deployment-zone]",
        f"battlefield '{name}' has 0 deployment zones for camp 'espagne'; it needs exactly one [deployment-zone]")
] + [f"armees/{army}.yaml:4:7: error: the army '{army}' names no battlefield (champ) [army-battlefield]"
     for army in ("espagne", "france")]


def test_the_setup_checks_fail_on_the_kit_as_it_was(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = tmp_path / "furia-cartese"
    shutil.copytree(GAME, game, ignore=shutil.ignore_patterns("out"))
    for folder in ("champs", "armees"):
        shutil.rmtree(game / folder)
        shutil.copytree(BEFORE / folder, game / folder)
    monkeypatch.chdir(game)
    result = validate(Path("."))
    # (the rulebook names the armies and units of Cerignola and Pavia, which the old kit lacks)
    assert [line for line in result.output.splitlines()[:-1] if "[rules-" not in line] == BEFORE_PROBLEMS
    assert result.output.splitlines()[-1].startswith("Furia Cartese: 3 champs de bataille, 24 unités in 2 armées")
    assert result.exit_code == 1


def test_every_check_of_the_game_has_a_case() -> None:
    from pnp.checks.validate import validate as run

    game = run(GAME / "game.yaml").game
    fired = checks_fired(CASES)
    assert {check.info.id for check in game.checks} <= fired


def test_movement_and_hit_points_come_from_the_arm() -> None:
    from pnp.checks.validate import validate as run

    game = run(GAME / "game.yaml").game
    units = {u.id: u.fields for u in game.sets["unites"].items}
    assert (units["fr-01"]["mouvement"], units["fr-01"]["pv"]) == (3, 2)  # gendarmes: cavalry
    assert (units["fr-06"]["mouvement"], units["fr-06"]["pv"]) == (0, 1)  # artillery
    assert (units["fr-08"]["mouvement"], units["fr-08"]["pv"]) == (2, 4)  # pikes: close-order infantry
    assert (units["fr-11"]["mouvement"], units["fr-11"]["pv"]) == (2, 3)  # arquebusiers: loose infantry


# --- the kit --------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def kit(furia_kit: Path) -> Path:
    return furia_kit


def test_page_counts(kit: Path) -> None:
    # each battlefield: one A3 sheet, or four A4 or Letter sheets turned sideways
    for name in ("cerignole", "ravenne", "pavie"):
        assert pages(kit / "print" / f"champs-{name}-a3.pdf") == 1
        for paper in ("a4", "letter"):
            path = kit / "print" / f"champs-{name}-{paper}.pdf"
            assert pages(path) == 4
            geometry = read_pdf(path)[0]
            assert geometry.width > geometry.height  # landscape
    # the 71 counters of 17 mm, the 48 markers and the 10 cohesion tokens share one sheet (print:
    # pions), their backs another; the aid is A5, one to an A4
    for name, count in {"pions": 1, "aide": 2}.items():
        assert pages(kit / "print" / f"{name}-a4.pdf") == count, name
        assert pages(kit / "print" / f"{name}-backs-a4.pdf") == count, name
    # the data sets print nothing
    assert not any(p.name.startswith(("armes", "troupes", "traits", "terrains", "camps"))
                   for p in (kit / "print").iterdir())


def grid_hexes(path: Path) -> list[list[tuple[float, float]]]:
    hexes = [p for p in form_polygons(path) if len(p) == 6]
    return [p for p in hexes if abs(max(x for x, _ in p) - min(x for x, _ in p) - HEX) <= 0.5 * MM]


@pytest.mark.parametrize("name", ["cerignole", "ravenne", "pavie"])
def test_battlefield_hexes_are_24mm_across_on_a_16_by_12_grid(kit: Path, name: str) -> None:
    # the A3 sheet holds the battlefield at its own size, inside the 5 mm margins and above its label
    (sheet,) = read_pdf(kit / "print" / f"champs-{name}-a3.pdf")
    (placed,) = sheet.placements
    x0, y0, x1, y1 = placed.bbox
    assert (x1 - x0, y1 - y0) == pytest.approx((410 * MM, 284 * MM), abs=0.01)
    assert (x0, sheet.height - y1, y0) == pytest.approx((5 * MM, 5 * MM, 8 * MM), abs=0.01)
    hexes = grid_hexes(kit / "print" / f"champs-{name}-a3.pdf")
    assert len(hexes) == 16 * 12
    for points in hexes:
        xs, ys = [x for x, _ in points], [y for _, y in points]
        assert abs(max(xs) - min(xs) - HEX) <= 0.05 * MM  # pointy: across the flats is the width
        assert abs(max(ys) - min(ys) - HEX * 2 / math.sqrt(3)) <= 0.05 * MM  # corner to corner
        for a, b in zip(points, points[1:] + points[:1]):  # six equal sides
            assert abs(math.dist(a, b) - HEX / math.sqrt(3)) <= 0.05 * MM
    centres = sorted((round(sum(y for _, y in p) / 6, 1), sum(x for x, _ in p) / 6) for p in hexes)
    row = [x for y, x in centres if y == centres[0][0]]
    assert len(row) == 16
    assert all(abs(b - a - HEX) <= 0.05 * MM for a, b in zip(row, row[1:]))  # neighbours share an edge


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_battlefield_parts_reassemble(kit: Path, paper: str) -> None:
    board_w, board_h = 410 * MM, 284 * MM  # A3 less the margins
    regions = []
    for clip, offset, scale in placements_with_clips(kit / "print" / f"champs-ravenne-{paper}.pdf"):
        assert scale >= 1  # grown to fill the sheets
        x, y, w, h = clip
        left, top = (x - offset[0]) / scale, (y - offset[1]) / scale  # the part of the board the sheet shows
        regions.append((left, top, left + w / scale, top + h / scale))
    assert len(regions) == 4
    # together they cover the board, and neighbours overlap by at least 12 mm to tape them
    assert min(r[0] for r in regions) <= 0.01 and min(r[1] for r in regions) <= 0.01
    assert max(r[2] for r in regions) >= board_w - 0.01 and max(r[3] for r in regions) >= board_h - 0.01
    lefts = sorted({round(r[0], 2) for r in regions})
    rights = sorted({round(r[2], 2) for r in regions})
    assert rights[0] - lefts[1] >= 12 * MM - 0.01
    tops = sorted({round(r[1], 2) for r in regions})
    bottoms = sorted({round(r[3], 2) for r in regions})
    assert bottoms[0] - tops[1] >= 12 * MM - 0.01
    # the parts grow to fill the paper: the battlefield at 128 % on A4 and 123 % on Letter
    scales = {round(scale, 3) for *_, scale in placements_with_clips(kit / "print" / f"champs-ravenne-{paper}.pdf")}
    assert scales == {{"a4": 1.284, "letter": 1.229}[paper]}


def test_counters_are_17mm_with_shared_cut_lines(kit: Path) -> None:
    page = read_pdf(kit / "print" / "pions-a4.pdf")[0]
    counters = [p for p in page.placements if "Funites" in p.name]
    assert len(counters) == 71
    for c in counters:
        x0, y0, x1, y1 = c.bbox
        assert abs(x1 - x0 - COUNTER) <= 0.05 * MM and abs(y1 - y0 - COUNTER) <= 0.05 * MM
    cuts = [s for s in page.segments if s.colour == (0, 0, 0) and s.width < 0.5]
    edges = []
    for c in counters:
        x0, y0, x1, y1 = c.bbox
        edges += [((x0, y0), (x1, y0)), ((x1, y0), (x1, y1)), ((x0, y1), (x1, y1)), ((x0, y0), (x0, y1))]

    def on(edge, s) -> bool:  # the edge lies on the cut line (a row's touching edges are one line)
        (a, b), tolerance = edge, 0.05 * MM
        ends = sorted([s.start, s.end])
        if abs(a[1] - b[1]) <= tolerance:  # across
            return abs(s.start[1] - a[1]) <= tolerance and abs(s.end[1] - a[1]) <= tolerance and \
                ends[0][0] - tolerance <= min(a[0], b[0]) and max(a[0], b[0]) <= ends[1][0] + tolerance
        ends = sorted([s.start, s.end], key=lambda p: p[1])
        return abs(s.start[0] - a[0]) <= tolerance and abs(s.end[0] - a[0]) <= tolerance and \
            ends[0][1] - tolerance <= min(a[1], b[1]) and max(a[1], b[1]) <= ends[1][1] + tolerance
    for edge in edges:
        assert sum(on(edge, s) for s in cuts) == 1, edge  # every edge cut, a shared one once
    assert len(cuts) < len(edges)  # neighbours touch: one cut serves two counters


def test_counter_backs_land_behind_their_fronts(kit: Path) -> None:
    front = read_pdf(kit / "print" / "pions-a4.pdf")[0]
    back = read_pdf(kit / "print" / "pions-backs-a4.pdf")[0]

    def unit(name: str) -> str:  # the form of es-01 and of es-01-back
        return name.rsplit("unites_", 1)[1].removesuffix("_back")

    fronts = {unit(p.name): p.bbox for p in front.placements if "Funites" in p.name}
    backs = {unit(p.name): p.bbox for p in back.placements if "Funites" in p.name}
    assert fronts.keys() == backs.keys() and len(fronts) == 71
    for name, (x0, y0, x1, y1) in fronts.items():
        # a portrait sheet turned over its long edge: x becomes width - x
        expected = (front.width - x1, y0, front.width - x0, y1)
        assert all(abs(u - v) <= 0.05 * MM for u, v in zip(expected, backs[name])), name
    # and every piece of the sheet, markers and cohesion tokens too: something behind each
    mirrored = sorted(tuple(round(v / MM, 1) for v in (front.width - x1, y0, front.width - x0, y1))
                      for x0, y0, x1, y1 in (p.bbox for p in front.placements))
    assert len(mirrored) == 71 + 48 + 10
    assert sorted(tuple(round(v / MM, 1) for v in p.bbox) for p in back.placements) == mirrored


def test_disorder_backs_only_for_close_order(kit: Path) -> None:
    from PIL import Image, ImageChops

    def same(a: str, b: str) -> bool:
        with Image.open(kit / "png" / "pions" / f"{a}.png") as x, Image.open(kit / "png" / "pions" / f"{b}.png") as y:
            return ImageChops.difference(x.convert("RGB"), y.convert("RGB")).getbbox() is None

    assert not same("fr-08", "unites-fr-08-back")  # pikes in close order: a disorder side
    assert same("fr-11", "unites-fr-11-back")  # loose-order arquebusiers never fall into disorder
    assert same("fr-06", "unites-fr-06-back")  # nor does the artillery


def test_exports(kit: Path) -> None:
    manifest = json.loads((kit / "tabletopia" / "manifest.json").read_text("utf-8"))
    boards = [o for o in manifest["objects"] if o["type"] == "Game Board"]  # (the battlefields, and the aid: a sheet)
    assert sorted(o["name"] for o in boards) == ["Aide de jeu", "Cérignole (1503)", "Pavie (1525)", "Ravenne (1512)"]
    shared = [o for o in manifest["objects"] if o["front"].startswith("tabletopia/pions/")]  # (print: pions)
    counters = [o for o in shared if o["width_mm"] == 17]
    assert {o["type"] for o in counters} == {"Tile"} and len(counters) == 71
    assert all(o["back"].startswith("tabletopia/pions/unites-") and o["back"].endswith("-back.jpg") for o in counters)
    # each counter named as a player tells it apart: its name, its side, and its battle's initial and
    # number as the counter prints them (four armies have Lansquenets, Pavie's Empire two of them)
    names = [o["name"] for o in counters]
    assert len(set(names)) == len(names) == 71
    assert {"Lansquenets (Espagne, P9)", "Lansquenets (Espagne, P10)", "Lansquenets (France, R9)",
            "Gonzalo Fernández de Córdoba (Espagne, C1)"} <= set(names)
    tokens = [o for o in shared if o["type"] == "Token"]  # each set its own type's object, cut round as a PNG
    assert sorted((o["front"], o["quantity"]) for o in tokens) == [("tabletopia/pions/espagne.png", 5),
                                                                   ("tabletopia/pions/france.png", 5)]
    saved = json.loads((kit / "tts" / "saved-object.json").read_text("utf-8"))
    objects = saved["ObjectStates"]
    boards = [o for o in objects if "/tts/champs/" in o.get("CustomImage", {}).get("ImageURL", "")]
    assert len(boards) == 3 and all(o["Name"] == "Custom_Tile" and o["Locked"] for o in boards)
    units = [o for o in objects if o["Name"] == "Custom_Tile"
             and re.search(r"/pions/[a-z-]+-\d\d-[a-z]{2}-\d\d-[0-9a-f]{8}\.jpg$", o["CustomImage"]["ImageURL"])]
    assert len(units) == 71 and {o["CustomImage"]["CustomTile"]["Type"] for o in units} == {0}
    gallery = (kit / "index.html").read_text("utf-8")
    for name in ("cerignole", "ravenne", "pavie"):
        assert f'src="png/champs-{name}.png"' in gallery
