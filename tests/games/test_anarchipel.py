"""Anarchipel (examples/anarchipel), a second game made from YAML alone: it validates clean,
each of its own checks fires on data that breaks it, and its kit reads back at the sizes
it states: hex tiles in a honeycomb with shared cut lines, split cards and their plain back, coins and pawns."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest

from conftest import ROOT, broken_example, checks_fired, pages, validate
from pdfgeom import MM, read_pdf

GAME = ROOT / "examples" / "anarchipel"


def test_it_validates_clean() -> None:
    result = validate(GAME, "--strict")
    assert result.exit_code == 0, result.output
    assert result.output.endswith(": 0 errors, 0 warnings\n")


ORIGIN = (-3, -2)  # (game.yaml's origin of the boards drawn as text)


def recoded(text: str, cells: list[tuple[str, int, int, str]], codes: list[str]) -> str:
    """objectifs.yaml with the code of each tile (card, q, r, its code now) of a board drawn as
    text replaced: a flat grid, a text line for every second column, the next for the others."""
    from pnp.model.hexes import axial_to_offset

    lines = text.split("\n")
    for (card, q, r, was), code in zip(cells, codes):
        column, row = axial_to_offset(q - ORIGIN[0], r - ORIGIN[1], "flat")
        first = lines.index("    plateau: |", lines.index(f"  - id: {card}")) + 1
        at = first + 2 * (row - 1) + (column - 1) % 2
        found = list(re.finditer(r"\S+", lines[at]))[(column - 1) // 2]
        assert found.group() == was, (card, q, r, found.group())
        lines[at] = lines[at][:found.start()] + code + lines[at][found.end():]
    return "\n".join(lines)


def _listed_twice() -> tuple[str, str]:
    """1-A's board as drawn, and the same board as a list of records, one more ocean tile laid
    at (2, 0), where the board has a banana tile."""
    import yaml

    from pnp.model.hexes import offset_to_axial

    key = yaml.safe_load((GAME / "game.yaml").read_text("utf-8"))["components"]["objectifs"]["fields"]["plateau"]["key"]
    lines = (GAME / "cartes" / "objectifs.yaml").read_text("utf-8").split("\n")
    first = lines.index("    plateau: |", lines.index("  - id: manche-1-a"))
    last = first + 1
    while lines[last].startswith("      "):
        last += 1
    records = []
    for k, line in enumerate(lines[first + 1:last]):
        for n, code in enumerate(line.split()):
            if code != ".":
                q, r = offset_to_axial(2 * n + 1 + k % 2, k // 2 + 1, "flat")
                records.append(f"      - {{q: {q + ORIGIN[0]}, r: {r + ORIGIN[1]}, tuile: {key[code]}}}")
    assert "      - {q: 2, r: 0, tuile: banane-1}" in records
    return "\n".join(lines[first:last]), "\n".join(["    plateau:", *records, "      - {q: 2, r: 0, tuile: ocean}"])


LISTED_TWICE = _listed_twice()


# Each case: the check it breaks, the file, the text replaced and by what, what pnp says.
CASES = [
    ("tile-count", "tuiles.yaml", "nombre: 36,", "nombre: 35,",
     ['checks.yaml:9:11: error: the tiles add up to 107, not 108 [tile-count]']),
    ("tile-kinds", "tuiles.yaml", "ressource: fer, joueurs: 1,", "ressource: fer,",
     ["tuiles.yaml:24:10: error: resource tile 'fer-1' needs both a resource and a number of players [tile-kinds]"]),
    ("tile-kinds-level", "tuiles.yaml", "genre: depart, nombre: 2,", "genre: depart, niveau: 1, nombre: 2,",
     ["tuiles.yaml:8:71: error: tile 'depart' is a depart tile and cannot have a level [tile-kinds]"]),
    ("card-count", "game.yaml", "copies: 24", "copies: 23",
     ['checks.yaml:36:11: error: there are 23 Succès/Échec cards, not 24 [card-count]']),
    ("coin-count", "jetons.yaml", "valeur: 3, nombre: 40", "valeur: 5, nombre: 40",
     ["jetons.yaml:4:27: error: coin 'piece-3' is worth 5; the coins are worth 1 and 3 [coin-count]"]),
    ("objective-met", "cartes/objectifs.yaml", "besoins: {cafe: 2, banane: 2, ble: 2, bois: 1,",
     "besoins: {cafe: 2, banane: 2, ble: 2, bois: 4,",
     ["cartes/objectifs.yaml:16:14: error: objective 'manche-1-a' asks for 4 bois but its board has 2 [objective-met]"]),
    ("objective-tiles", "cartes/objectifs.yaml", [("manche-1-a", 3, -1, "#"), ("manche-1-a", -3, 0, "#")],
     ["F3", "F3"],
     ["cartes/objectifs.yaml:17:14: error: objective 'manche-1-a' lays 2 'fer-3' tiles but the game has 1 [objective-tiles]"]),
    ("objective-start", "cartes/objectifs.yaml", [("manche-1-a", 1, -3, "@")], ["~"],
     ["cartes/objectifs.yaml:17:14: error: objective 'manche-1-a' has 0 start tiles, not 1 [objective-start]"]),
    # (a board drawn as text has one code a place: 1-A's written as a list instead, a tile twice at (2, 0))
    ("objective-cells", "cartes/objectifs.yaml", LISTED_TWICE[0], LISTED_TWICE[1],
     ["cartes/objectifs.yaml:18:7: error: objective 'manche-1-a' lays two tiles at (2, 0) [objective-cells]"]),
    # the monster that joins the north and the south of 1-B's sea turned to land
    ("objective-sea", "cartes/objectifs.yaml", [("manche-1-b", -1, 3, "M2")], ["#"],
     ["cartes/objectifs.yaml:79:14: error: objective 'manche-1-b': its sea and monsters are cut in two by land or "
      "other tiles, so ships cannot sail everywhere [objective-sea]"]),
    ("objective-sea-reach", "cartes/objectifs.yaml", [("manche-2-g", 1, 2, "M1")], ["#"],
     ["cartes/objectifs.yaml:299:14: error: objective 'manche-2-g': the bois-2 tile at (0, 3) touches neither sea nor "
      "monster, so no ship can reach it [objective-sea]"]),
    # (its cost, counting only the wood tile two players can work, falls: the card then pays more than the band)
    ("objective-players", "cartes/objectifs.yaml", [("manche-3-b", 3, -2, "B1")], ["B3"],
     ["cartes/objectifs.yaml:317:13: error: objective 'manche-3-b' pays 34 coins at 4 players (17 to each of 2 "
      "players aboard), 155 % of the 22 it costs in honest play (3/2 of its 8 coins of moves, and a coin a player "
      "aboard for each of the 5 resources it asks for); a card pays 85 % to 140 % of what it costs [objective-cost]",
      "cartes/objectifs.yaml:318:14: error: objective 'manche-3-b' asks for 2 bois, but round 3 at 4 players has 2 "
      "players aboard, and only 1 of its 2 bois tiles takes 2 players or fewer [objective-players]"]),
    # 2-E's gate, its level-1 monster, turned to ocean
    ("objective-monsters", "cartes/objectifs.yaml", [("manche-2-e", -1, 1, "M1")], ["~"],
     ["cartes/objectifs.yaml:259:14: error: objective 'manche-2-e': everything it asks for can be reached by sea from "
      "the start, so no monster ever has to be fought [objective-monsters]"]),
    # 3-A's gate raised to level 2, which two players cannot count on beating: the banana behind
    # it is out of reach
    ("objective-monsters-level", "cartes/objectifs.yaml", [("manche-3-a", 0, 0, "M1")], ["M2"],
     ["cartes/objectifs.yaml:59:14: error: objective 'manche-3-a' asks for 1 banane, but round 3 at 4 players has 2 "
      "players aboard, and only 0 banane tiles they can work are reached without fighting a monster of level 2 or "
      "more (one that wins climbs a level) [objective-monsters]"]),
    # a monster in 2-A's north-west, in place of its gold: on the way to nothing it asks for
    ("objective-monsters-idle", "cartes/objectifs.yaml", [("manche-2-a", -1, -2, "O2")], ["M1"],
     ["cartes/objectifs.yaml:38:14: error: objective 'manche-2-a': the monstre-1 tile at (-1, -2) lies on no shortest "
      "route from the start to a resource the card asks for, so nobody ever has a reason to fight it "
      "[objective-monsters]"]),
    # one coin more a player than 3-B pays: 36 for two, more than 1.4 times its 25
    ("objective-cost", "cartes/objectifs.yaml", "    pieces: 17\n    besoins: {cafe: 1, banane: 0, ble: 2,",
     "    pieces: 18\n    besoins: {cafe: 1, banane: 0, ble: 2,",
     ["cartes/objectifs.yaml:317:13: error: objective 'manche-3-b' pays 36 coins at 4 players (18 to each of 2 "
      "players aboard), 144 % of the 25 it costs in honest play (3/2 of its 10 coins of moves, and a coin a player "
      "aboard for each of the 5 resources it asks for); a card pays 85 % to 140 % of what it costs [objective-cost]"]),
    ("role-table", "aide.yaml", "{joueurs: 5, corsaires: 3, pirates: 2}", "{joueurs: 5, corsaires: 2, pirates: 3}",
     ['aide.yaml:13:5: error: the role table deals 2 corsairs and 3 pirates to 5 players (the game has 4 corsair and 2 pirate cards) [role-table]']),
    ("role-table-missing", "aide.yaml", "{joueurs: 6,", "{joueurs: 7,",
     ['aide.yaml:12:3: error: the role table has no row for 6 players [role-table]',
      'aide.yaml:14:5: error: the role table deals 4 corsairs and 2 pirates to 7 players (the game has 4 corsair and 2 pirate cards) [role-table]']),
    # (1-A, a livret card, is not held to objective-cost's band)
    ("coin-supply", "cartes/objectifs.yaml", "    pieces: 12", "    pieces: 30",
     ["checks.yaml:237:8: error: the coins are worth 150, but the annex's rounds pay 252 to 6 players [coin-supply]",
      "checks.yaml:246:8: error: the coins are worth 150, but card 'manche-1-a' pays 180 in one round to the players "
      "aboard at 6 [coin-supply]"]),
    # six discs in a ring take three times their width: 14 mm discs need 42 mm, a tile has 40
    ("pawn-fit", "game.yaml", "    size: 13mm\n    print: jetons", "    size: 14mm\n    print: jetons",
     ["checks.yaml:262:8: error: 6 pawns 14 mm across need a circle 42,0 mm across, but a tile is 40 mm across its "
      "flats [pawn-fit]"]),
]


@pytest.mark.parametrize("case, file, old, new, expected", CASES, ids=[c[0] for c in CASES])
def test_each_check_fires(case: str, file: str, old, new, expected: list[str], tmp_path: Path,
                          monkeypatch: pytest.MonkeyPatch) -> None:
    if isinstance(old, list):  # tiles of a board drawn as text: (card, q, r, the code there) and the new codes
        text = (GAME / file).read_text("utf-8")
        old, new = text, recoded(text, old, new)
    monkeypatch.chdir(broken_example(GAME, tmp_path / "anarchipel", file, old, new))
    result = validate(Path("."))
    # (a datum broken here may break a rulebook example too: that is the rulebook checks' own case)
    assert [line for line in result.output.splitlines()[:-1] if "[rules-example]" not in line] == expected
    assert result.exit_code == 1


def test_the_pawns_as_they_were_did_not_fit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The pawns the kit had, standees 18 mm wide folded over 10 mm flats, fail pawn-fit (held
    to be discs as wide as they are, which understates a standee's 18 x 20 mm foot)."""
    game = broken_example(GAME, tmp_path / "anarchipel", "game.yaml", "    type: token\n    size: 13mm\n    print: jetons",
                          "    type: standee\n    size: {width: 18mm, height: 32mm}\n    base: 10mm")
    monkeypatch.chdir(game)
    # (the rulebooks' claim that six pawns fit on a tile breaks too: the rulebook checks' own case)
    assert [line for line in validate(Path(".")).output.splitlines()[:-1] if "[rules-example]" not in line] == [
        "checks.yaml:262:8: error: 6 pawns 18 mm across need a circle 54,0 mm across, but a tile is 40 mm across its "
        "flats [pawn-fit]"]


@pytest.mark.parametrize("players, size, fits", [
    ("{min: 4, max: 7}", "13.3mm", True), ("{min: 4, max: 7}", "13.4mm", False),  # seven: a ring of six round one
    ("{min: 2, max: 3}", "18.5mm", True), ("{min: 2, max: 3}", "18.6mm", False),  # three: a triangle
])
def test_pawn_fit_counts_the_largest_table(players: str, size: str, fits: bool, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """As many pawns as the largest table (the tiles ask for three at most) fit in the 40 mm
    circle within a tile's flats, packed as tightly as discs can be."""
    game = broken_example(GAME, tmp_path / "anarchipel", "game.yaml", "players: {min: 4, max: 6}", f"players: {players}")
    broken_example(GAME, game, "game.yaml", "    size: 13mm\n    print: jetons", f"    size: {size}\n    print: jetons")
    monkeypatch.chdir(game)
    assert ("[pawn-fit]" in validate(Path(".")).output) is not fits


def test_every_check_of_the_game_has_a_case() -> None:
    from pnp.checks.validate import validate as run

    game = run(GAME / "game.yaml").game
    fired = checks_fired(CASES)
    assert fired == {check.info.id for check in game.checks}


# --- the kit --------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def kit(anarchipel_kit: Path) -> Path:
    return anarchipel_kit


def test_page_counts(kit: Path) -> None:
    # 108 tiles, 30 to an A4 honeycomb; 24 split cards 9 to a page; 20 tarot-size objectives 4 to
    # a page; 12 actions; 6 roles; 6 aids of 100 x 140 mm, 2 to a page (two across need 217 mm
    # with room for crop marks); 70 coins, 28 helm tokens and the 6 pawns on two pages; 6 borders
    expected = {"tuiles": 4, "succes-echec": 3, "objectifs": 5, "actions": 2, "roles": 1, "aide": 3, "jetons": 2,
                "bordures": 1}
    for name, count in expected.items():
        assert pages(kit / "print" / f"{name}-a4.pdf") == count, name
    for name in ("tuiles", "succes-echec", "objectifs", "actions", "roles", "aide", "jetons"):
        assert pages(kit / "print" / f"{name}-backs-a4.pdf") == expected[name], name
    # the pawns are printed with the coins; borders lie face up: no backs to print
    assert not (kit / "print" / "pions-a4.pdf").exists()
    assert not (kit / "print" / "bordures-backs-a4.pdf").exists()


def hexagon(cx: float, cy: float, across: float) -> list[tuple[float, float]]:
    radius = across / math.sqrt(3)
    return [(cx + radius * math.cos(math.radians(60 * i)), cy + radius * math.sin(math.radians(60 * i)))
            for i in range(6)]


def close(a: tuple[float, float], b: tuple[float, float], tolerance: float = 0.05 * MM) -> bool:
    return math.dist(a, b) <= tolerance


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
def test_hex_tiles_are_40mm_across_with_shared_cut_lines(kit: Path, paper: str) -> None:
    total = 0
    for page in read_pdf(kit / "print" / f"tuiles-{paper}.pdf"):
        tiles = [p for p in page.placements if "Ftuiles" in p.name]
        total += len(tiles)
        edges = []
        for tile in tiles:
            x0, y0, x1, y1 = tile.bbox
            assert abs((x1 - x0) - 40 * 2 / math.sqrt(3) * MM) <= 0.05 * MM  # corner to corner
            assert abs((y1 - y0) - 40 * MM) <= 0.05 * MM  # across the flats
            corners = hexagon((x0 + x1) / 2, (y0 + y1) / 2, 40 * MM)
            edges += [(a, b) for a, b in zip(corners, corners[1:] + corners[:1])]
        cuts = [s for s in page.segments if s.colour == (0, 0, 0)]
        # every edge of every tile is cut, and an edge two tiles share is one line
        for a, b in edges:
            assert any((close(a, s.start) and close(b, s.end)) or (close(a, s.end) and close(b, s.start))
                       for s in cuts), (a, b)
        shared = len(edges) - len(cuts)
        assert shared > len(tiles)  # a honeycomb: most edges are shared
        for s in cuts:
            assert abs(math.dist(s.start, s.end) - 40 / math.sqrt(3) * MM) <= 0.05 * MM
        # neighbours touch: no paper between them
        centres = sorted(((t.bbox[0] + t.bbox[2]) / 2, (t.bbox[1] + t.bbox[3]) / 2) for t in tiles)
        nearest = min(math.dist(a, b) for i, a in enumerate(centres) for b in centres[i + 1:])
        assert abs(nearest - 40 * MM) <= 0.05 * MM
    assert total == 108


def test_tile_backs_line_up_behind_their_fronts(kit: Path) -> None:
    fronts = read_pdf(kit / "print" / "tuiles-a4.pdf")
    backs = read_pdf(kit / "print" / "tuiles-backs-a4.pdf")
    for front, back in zip(fronts, backs):
        placed = sorted(p.bbox for p in front.placements if "Ftuiles" in p.name)
        # a portrait sheet turned over its long edge: x becomes width - x
        mirrored = sorted((front.width - x1, y0, front.width - x0, y1) for x0, y0, x1, y1 in placed)
        behind = sorted(p.bbox for p in back.placements if "Ftuiles" in p.name)
        assert len(mirrored) == len(behind)
        for a, b in zip(mirrored, behind):
            assert all(abs(u - v) <= 0.05 * MM for u, v in zip(a, b))


def test_split_cards_read_from_either_end(kit: Path) -> None:
    from PIL import Image

    with Image.open(kit / "png" / "succes-echec" / "succes-echec.png") as image:
        rgb = image.convert("RGB")
    px = rgb.width / 63.5  # pixels per mm

    def mean(y0: float, y1: float) -> tuple[float, ...]:
        band = rgb.crop((0, round(y0 * px), rgb.width, round(y1 * px))).resize((1, 1), Image.BOX)
        return band.getpixel((0, 0))

    top, bottom = mean(0, 20), mean(69, 88.9)
    assert top[1] > top[0] + 40  # green: Succès
    assert bottom[0] > bottom[1] + 60  # red: Échec
    # each half reads from its own end: icon near the end, word towards the middle, a clear
    # gap between them (the far half is the near one turned 180 degrees)
    def light(y0: float, y1: float) -> int:
        band = rgb.crop((round(8 * px), round(y0 * px), round(55 * px), round(y1 * px))).convert("L")
        return sum(band.point(lambda v: 1 if v > 200 else 0).histogram()[1:])

    assert light(7, 25) > 500 and light(29.5, 38.5) > 500 and light(26.5, 28.5) == 0  # Succès
    assert light(63.9, 81.9) > 500 and light(50.4, 59.4) > 500 and light(60.4, 62.4) == 0  # Échec, turned


def test_the_split_cards_back_is_one_colour(kit: Path) -> None:
    """A back printed a millimetre or two off its front would show any mark on it nearer the
    same end of every card, which tells the ends apart: the Succès/Échec back is one colour
    from edge to edge, and the Action cards' back is another."""
    from PIL import Image

    with Image.open(kit / "png" / "succes-echec" / "back.png") as image:
        back = image.convert("RGB")
    assert back.getcolors() == [(back.width * back.height, (0x17, 0x3A, 0x57))]
    with Image.open(kit / "png" / "actions" / "back.png") as image:
        assert (0x17, 0x3A, 0x57) not in {c for _, c in image.convert("RGB").getcolors(1 << 20)}


def test_exports_know_hex_tiles_coins_and_pawns(kit: Path) -> None:
    from PIL import Image

    manifest = json.loads((kit / "tabletopia" / "manifest.json").read_text("utf-8"))
    tiles = [o for o in manifest["objects"] if o["front"].startswith("tabletopia/tuiles/")]
    assert {o["type"] for o in tiles} == {"Tile"} and sum(o["quantity"] for o in tiles) == 108
    assert all(o["front"].endswith(".png") for o in tiles)
    with Image.open(kit / tiles[0]["front"]) as image:
        alpha = image.getchannel("A")
        assert alpha.getpixel((0, 0)) == 0  # outside the hexagon
        assert alpha.getpixel((image.width // 2, image.height // 2)) == 255
        assert alpha.getpixel((1, image.height // 2)) == 255  # the corner on the left edge
    saved = json.loads((kit / "tts" / "saved-object.json").read_text("utf-8"))
    objects = saved["ObjectStates"]
    hexes = [o for o in objects if o["Name"] == "Custom_Tile" and "/tts/tuiles/" in o["CustomImage"]["ImageURL"]]
    assert len(hexes) == 108 and {o["CustomImage"]["CustomTile"]["Type"] for o in hexes} == {1}
    coins = [o for o in objects if o["Name"] == "Custom_Tile" and "/jetons/piece-" in o["CustomImage"]["ImageURL"]]
    assert len(coins) == 70 and {o["CustomImage"]["CustomTile"]["Type"] for o in coins} == {2}
    pawns = [o for o in objects if o["Name"] == "Custom_Tile" and any(
        re.search(f"/jetons/{colour}-[0-9a-f]{{8}}\\.png$", o["CustomImage"]["ImageURL"])  # (its content hash)
        for colour in ("rouge", "bleu", "jaune", "vert", "blanc", "noir"))]
    assert len(pawns) == 6 and {o["CustomImage"]["CustomTile"]["Type"] for o in pawns} == {2}  # round
    assert not [o for o in objects if o["Name"] == "Figurine_Custom"]
    decks = {o["Nickname"]: o for o in objects if o["Name"] == "Deck"}
    assert len(decks) == 4  # Succès/Échec, Action, Rôle, Objectif
    # each objective has a back of its own: a sheet of backs in the cells of the faces
    (objectives,) = decks["Anarchipel: cartes Objectif"]["CustomDeck"].values()
    assert objectives["UniqueBack"] is True
    assert re.search(r"/tts/objectifs-1-back-[0-9a-f]{8}\.jpg$", objectives["BackURL"])  # (its content's hash)
