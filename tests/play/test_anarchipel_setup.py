"""Anarchipel's rounds set up from the kit's data and played on paper: for every Objectif card
at 4, 5 and 6 players, a plan exists that gathers what the card asks for and that the round's
own coins pay for.

The round is set up as the rules say: one player is thrown overboard at the end of each round,
so round m is played by players - m + 1 players aboard, each of whom receives the card's coins
on the start tile (they may give each other coins: the coins are counted together).

The plan looked for is as simple as can be: one crew of c players (the fewest that works,
from 1 up to the players aboard) sails together from the start to the tiles it works, one
after another, by the shortest routes (found by trying every order, tile and monster):

- it sails over ocean and the start only, and over a monster once it has beaten it;
- it works a resource tile marked c or fewer (exactly the tile's number of the crew take part)
  and beats a monster of level c or fewer, when it moves onto its tile; a beaten monster is
  crossed like ocean from then on;
- it leaves a resource tile by the tile it came in from (the rulebook's kit rule: an action
  tile is a dead end), and a beaten monster by any side;
- each step costs each player of the crew a coin: the plan costs c coins a step.

It assumes that every action succeeds, takes no gold, and leaves out the coin a player pays
to stay put and the coins kept from the round before: a table that splits into parties, or
that fails, spends otherwise. What it shows is that the round can be won with the coins the
card gives, at every table, on the tiles its players can work.
"""

from __future__ import annotations

import heapq
import shutil
from collections import deque
from pathlib import Path

import pytest

from conftest import DATA, ROOT

GAME = ROOT / "examples" / "anarchipel"
OLD = DATA / "anarchipel-2026-11"  # the boards and tiles of November 2026, before the playability checks
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
TABLES = (4, 5, 6)


def neighbours(cell: tuple[int, int]) -> list[tuple[int, int]]:
    return [(cell[0] + dq, cell[1] + dr) for dq, dr in DIRECTIONS]


def steps(start: tuple[int, int], target: tuple[int, int], through: frozenset) -> int | None:
    """The fewest moves from start to target, every cell between them in `through`."""
    seen, queue = {start}, deque([(start, 0)])
    while queue:
        cell, moves = queue.popleft()
        for n in neighbours(cell):
            if n == target:
                return moves + 1
            if n in through and n not in seen:
                seen.add(n)
                queue.append((n, moves + 1))
    return None


def crew_steps(board: dict, needs: dict, crew: int, most: int = 1000) -> int | None:
    """The fewest steps in which a crew of `crew` players gathers `needs` on `board` (cells to
    tiles' fields), beating the monsters it needs on the way; None if it cannot in `most`."""
    start = next(cell for cell, tile in board.items() if tile["genre"] == "depart")
    sea = frozenset(cell for cell, tile in board.items() if tile["genre"] in ("ocean", "depart"))
    works = [cell for cell, tile in board.items() if tile["genre"] == "ressource"
             and needs.get(tile["ressource"], 0) > 0 and tile["joueurs"] <= crew]
    monsters = [cell for cell, tile in board.items() if tile["genre"] == "monstre" and tile["niveau"] <= crew]
    open_sea = sea | frozenset(monsters)  # every monster it can beat, beaten: if even then a need is out of
    for kind, count in needs.items():     # reach, no order of moves helps (and none is tried)
        if sum(1 for cell in works if board[cell]["ressource"] == kind
               and steps(start, cell, open_sea) is not None) < count:
            return None

    def legs(here: tuple[int, int], came, there: tuple[int, int], beaten: frozenset) -> list[tuple[int, tuple]]:
        """The ways from `here` (entered from `came` if it is a resource or monster tile still
        to beat) onto `there`: (moves, the tile it enters `there` from), the fewest moves for each."""
        through = sea | beaten
        if here in through:
            origin, first = here, 0
        elif came is not None:  # a pawn leaves an action tile by the tile it came in from
            origin, first = came, 1
        else:
            return []
        found, queue = {origin: first}, deque([origin])
        while queue:
            cell = queue.popleft()
            for n in neighbours(cell):
                if n in through and n not in found:
                    found[n] = found[cell] + 1
                    queue.append(n)
        return [(found[n] + 1, n) for n in neighbours(there) if n in found]

    # A*: the steps still to go are at least one for each resource still needed, and at least the
    # way to the nearest tile of each kind still needed with every monster it can beat beaten
    cells = [start] + works + monsters
    near = {(here, there): steps(here, there, open_sea) for here in cells for there in works}

    def least(here: tuple[int, int], worked: frozenset, got: dict) -> int:
        wanted = {kind: count - got.get(kind, 0) for kind, count in needs.items() if got.get(kind, 0) < count}
        ways = [min((near[here, cell] for cell in works if cell not in worked and board[cell]["ressource"] == kind
                     and near[here, cell] is not None), default=0) for kind in wanted]
        return max([sum(wanted.values())] + ways)

    queue = [(0, 0, start, None, frozenset(), frozenset())]
    best = {(start, None, frozenset(), frozenset()): 0}  # the fewest steps found to each state (reopened if fewer)

    def push(bound: int, cost: int, here: tuple[int, int], came, beaten: frozenset, worked: frozenset) -> None:
        if bound <= most and cost < best.get((here, came, beaten, worked), most + 1):
            best[here, came, beaten, worked] = cost
            heapq.heappush(queue, (bound, cost, here, came, beaten, worked))

    while queue:
        _, cost, here, came, beaten, worked = heapq.heappop(queue)
        if cost > best[here, came, beaten, worked]:
            continue
        got = {}
        for cell in worked:
            got[board[cell]["ressource"]] = got.get(board[cell]["ressource"], 0) + 1
        if all(got.get(kind, 0) >= count for kind, count in needs.items()):
            return cost
        for cell in works:
            kind = board[cell]["ressource"]
            if cell not in worked and got.get(kind, 0) < needs[kind]:
                now = worked | {cell}
                for moves, entry in legs(here, came, cell, beaten):
                    push(cost + moves + least(cell, now, dict(got, **{kind: got.get(kind, 0) + 1})), cost + moves,
                         cell, entry, beaten, now)
        for cell in monsters:
            if cell not in beaten:
                for moves, _ in legs(here, came, cell, beaten):  # (beaten, it is crossed like ocean)
                    push(cost + moves + least(cell, worked, got), cost + moves, cell, None, beaten | {cell}, worked)
    return None


def plan(card, tiles: dict, players: int) -> tuple[int, int, int] | None:
    """The smallest crew's plan for a card at a table: (crew, steps, coins it costs), or None
    when no crew gathers the card's needs with the coins the round gives."""
    aboard = players - card.fields["manche"] + 1
    board = {(cell["q"], cell["r"]): tiles[cell["tuile"]] for cell in card.fields["plateau"]}
    needs = {kind: count for kind, count in card.fields["besoins"].items() if count}
    coins = card.fields["pieces"] * aboard
    largest = max(tile["joueurs"] or 0 for tile in board.values())  # (a larger crew only pays more)
    for crew in range(1, min(aboard, largest) + 1):
        moves = crew_steps(board, needs, crew, coins // crew)
        if moves is not None:
            return crew, moves, crew * moves
    return None


def load(folder: Path):
    from pnp.load.game import load_game

    game, problems = load_game(folder / "game.yaml")
    assert game is not None and not problems, problems
    tiles = {tile.id: tile.fields for tile in game.sets["tuiles"].items}
    return game, tiles


def without_plans(folder: Path, tables: tuple[int, ...] = TABLES) -> list[str]:
    game, tiles = load(folder)
    assert (game.players[0], game.players[1]) == (TABLES[0], TABLES[-1])
    return [f"{card.id} at {players}" for card in game.sets["objectifs"].items for players in tables
            if plan(card, tiles, players) is None]


def test_every_card_has_a_plan_at_every_table() -> None:
    assert without_plans(GAME) == []


def test_a_plan_on_a_board_made_by_hand() -> None:
    """The plan counts what it should: on a row of sea, a level-2 monster and a wheat tile
    marked 1 behind it, one player cannot pass the monster; two pass it in 3 steps (2 coins a
    step), and leaving the wheat for the coffee beside it goes back by the beaten monster it
    came in from. On a row of start, sea, wheat, sea and coffee, the coffee cannot be reached:
    the wheat is left by the tile it was entered from, never crossed."""
    def tile(genre: str, **fields) -> dict:
        return {"genre": genre, "ressource": None, "joueurs": None, "niveau": None, **fields}

    board = {(0, 0): tile("depart"), (1, 0): tile("ocean"), (2, 0): tile("monstre", niveau=2, joueurs=2),
             (3, 0): tile("ressource", ressource="ble", joueurs=1),
             (3, -1): tile("ressource", ressource="cafe", joueurs=2), (2, -1): tile("terre"),
             (1, -1): tile("terre"), (4, -1): tile("ocean")}
    assert crew_steps(board, {"ble": 1}, 1) is None
    assert crew_steps(board, {"ble": 1}, 2) == 3
    # wheat, then back onto the beaten monster and into the coffee: 3 + 2
    assert crew_steps(board, {"ble": 1, "cafe": 1}, 2) == 5
    assert crew_steps(board, {"ble": 2}, 2) is None
    assert crew_steps(board, {"ble": 1, "cafe": 1}, 2, 4) is None  # (5 steps are more than 4)
    row = {(0, 0): tile("depart"), (1, 0): tile("ocean"), (2, 0): tile("ressource", ressource="ble", joueurs=1),
           (3, 0): tile("ocean"), (4, 0): tile("ressource", ressource="cafe", joueurs=1)}
    assert crew_steps(row, {"ble": 1}, 1) == 2
    assert crew_steps(row, {"ble": 1, "cafe": 1}, 1) is None


def test_the_boards_of_november_2026_had_rounds_no_plan_wins(tmp_path: Path) -> None:
    """The boards before the playability checks, at four players (the smallest table, where
    the fewest play round 3 and the fewest coins are given): round 3 could not be won on five
    of its six cards (a resource only on tiles marked 3) and cost more than its coins on the
    sixth, and none of the twenty could be paid for (1-G could, leaving its wheat by any side)."""
    folder = tmp_path / "anarchipel"
    shutil.copytree(GAME, folder, ignore=shutil.ignore_patterns("out"))
    shutil.copyfile(OLD / "objectifs.yaml", folder / "cartes" / "objectifs.yaml")
    shutil.copyfile(OLD / "tuiles.yaml", folder / "tuiles.yaml")
    assert without_plans(folder, (4,)) == [f"{card.id} at 4" for card in load(folder)[0].sets["objectifs"].items]
