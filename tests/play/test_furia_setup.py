"""Furia Cartese set up as the rulebook says, from the game as pnp loads it: for each
battlefield, its two armies, the camp that awaits the attack deploying first, each unit on a
hex of its camp's zone, one unit to a hex, units in close order on easy terrain, the stakes
and pavises on infantry of their camp. The setup is made hex by hex, not taken on trust from
the game's checks, and it could not be made with the kit as it was before each battlefield had
its armies and zones (tests/data/furia-cartese-1512)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import DATA, ROOT

GAME = ROOT / "examples" / "furia-cartese"


def load(game: Path):
    from pnp.checks.validate import validate

    return validate(game / "game.yaml").game


def deploy(game, battlefield: str) -> tuple[dict[str, tuple[int, int]], list[str]]:
    """Each unit's hex (column, row) after both camps have deployed on `battlefield`, and what
    stopped the setup. A camp puts its units in close order first, each on the first free hex of
    easy terrain of its zone (in the order the zone lists them), then the others on the first
    free hex left."""
    from pnp.model.hexes import parse_grid_name

    field = {item.id: item for item in game.sets["champs"].items}[battlefield].fields
    hard = {t.id for t in game.sets["terrains"].items if t.fields["difficile"]}
    terrain = {name: t["terrain"] for t in field["terrain"] for name in t["hexes"]}
    armies = [g for g in game.sets["unites"].groups if g.fields.get("champ") == battlefield]
    problems: list[str] = []
    camps = [c.id for c in game.sets["camps"].items]
    for camp in camps:
        found = [g.id for g in armies if g.fields["camp"] == camp]
        if len(found) != 1:
            problems.append(f"{battlefield}: {len(found)} armies of {camp}")
    if field.get("defenseur") is None:
        problems.append(f"{battlefield}: no camp deploys first")
    if problems:
        return {}, problems
    order = [field["defenseur"]] + [c for c in camps if c != field["defenseur"]]
    placed: dict[str, tuple[int, int]] = {}
    taken: set[tuple[int, int]] = set()
    for camp in order:
        army = next(g for g in armies if g.fields["camp"] == camp)
        zone = [z for z in field["deploiement"] if z["camp"] == camp]
        if len(zone) != 1:
            problems.append(f"{battlefield}: {len(zone)} zones for {camp}")
            continue
        hexes = [(name, parse_grid_name(name)) for name in zone[0]["hexes"]]
        units = sorted(army.items, key=lambda u: not u.fields["serre"])  # close order first (a stable sort)
        for unit in units:
            free = [place for name, place in hexes if place not in taken
                    and (not unit.fields["serre"] or terrain.get(name, field["fond"]) not in hard)]
            if not free:
                problems.append(f"{battlefield}: no hex left for {unit.id}")
                continue
            placed[unit.id] = free[0]
            taken.add(free[0])
    return placed, problems


def check_setup(game, battlefield: str) -> list[str]:
    """What is wrong with the setup of `battlefield` once deployed (nothing, when it can be made)."""
    from pnp.model.hexes import distance, offset_to_axial

    placed, problems = deploy(game, battlefield)
    if problems:
        return problems
    field = {item.id: item for item in game.sets["champs"].items}[battlefield].fields
    units = [u for g in game.sets["unites"].groups if g.fields.get("champ") == battlefield for u in g.items]
    assert len(set(placed.values())) == len(placed) == len(units)  # one unit to a hex, every unit placed
    assert all(1 <= col <= field["colonnes"] and 1 <= row <= field["lignes"] for col, row in placed.values())
    generals = [u for u in units if u.fields["general"]]
    assert sorted(u.group.fields["camp"] for u in generals) == ["espagne", "france"]
    assert all(u.id in placed for u in generals)
    # no unit starts next to an enemy: the armies meet by moving
    axial = {u.id: offset_to_axial(*placed[u.id], "pointy") for u in units}
    for a in units:
        for b in units:
            if a.group.fields["camp"] < b.group.fields["camp"]:
                assert distance(axial[a.id], axial[b.id]) > 1, (a.id, b.id)
    # each camp's stakes and pavises go on infantry of its own, one marker a unit, and the kit has them
    markers = {m.id: m.fields["nombre"] for m in game.sets["marqueurs"].items}
    for zone in field["deploiement"]:
        infantry = [u for u in units if u.group.fields["camp"] == zone["camp"]
                    and game_troop(game, u.fields["troupe"])["arme"] == "infanterie"]
        assert zone["pieux"] + zone["pavois"] <= len(infantry)
        assert zone["pieux"] <= markers["pieux"] and zone["pavois"] <= markers["pavois"]
    return []


def game_troop(game, troop: str) -> dict:
    return {t.id: t.fields for t in game.sets["troupes"].items}[troop]


BATTLEFIELDS = ["cerignole", "ravenne", "pavie"]


@pytest.fixture(scope="module")
def game():
    return load(GAME)


@pytest.mark.parametrize("battlefield", BATTLEFIELDS)
def test_each_battlefield_can_be_set_up(game, battlefield: str) -> None:
    assert check_setup(game, battlefield) == []


def test_the_deployment_as_made(game) -> None:
    # Cerignola: the Spanish (first, on the hill's side) put their seven units in close order on
    # the plain and vines of their zone's first row and the next, the rocks left to the loose order
    placed, _ = deploy(game, "cerignole")
    assert placed["ce-01"] == (4, 1)  # Gonzalo, the general, in D1
    rocks = {(7, 2), (8, 2), (9, 2), (10, 2), (8, 3), (9, 3)}
    close = [u.id for g in game.sets["unites"].groups if g.id == "cerignole-espagne" for u in g.items
             if u.fields["serre"]]
    assert len(close) == 7 and not {placed[u] for u in close} & rocks
    assert all(row >= 9 for unit, (_, row) in placed.items() if unit.startswith("cf-"))


def test_the_kit_as_it_was_could_not_be_set_up(tmp_path: Path) -> None:
    before = tmp_path / "furia-cartese"
    shutil.copytree(GAME, before, ignore=shutil.ignore_patterns("out"))
    for folder in ("champs", "armees"):
        shutil.rmtree(before / folder)
        shutil.copytree(DATA / "furia-cartese-1512" / folder, before / folder)
    old = load(before)
    assert [check_setup(old, name) for name in BATTLEFIELDS] == [
        [f"{name}: 0 armies of france", f"{name}: 0 armies of espagne", f"{name}: no camp deploys first"]
        for name in BATTLEFIELDS]
