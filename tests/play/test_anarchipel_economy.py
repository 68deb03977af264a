"""Anarchipel's rounds played many times over with honest players, from the kit's data: for every
Objectif card at four players (the smallest table, where the fewest are aboard and the fewest
coins are given), the crew completes the card with the card's coins in most games, dice and
all, though nobody sabotages anything.

The rules played are the rulebook's, with nothing left out that costs coins:

- every player aboard pays a coin a tile moved, or a coin to stay put, every turn; the coins are
  the card's (pieces times the players aboard), given to each other as needed (counted
  together); a turn the table cannot pay ends the round with the gold spent;
- a pawn sails over ocean, the start and beaten monsters, and enters a resource or monster tile
  to act there; it leaves such a tile by the tile it came in from (a beaten monster is crossed
  like ocean);
- an action draws one card from its pile: a resource's base pile holds one Échec per player it
  takes, a monster's one per level, and each player acting adds two cards, Succès since all are
  honest (a resource succeeds 2 times in 3; a monster, 2n times in 2n + its level for n players);
- a failure sends the players on the tile back to the start, free; a monster that wins climbs a
  level (up to 3); one whose level is more than the players aboard can no longer be attacked,
  and a round no pawn can win any more is lost at once.

The plan is a simple one: each action with the fewest players it takes (a resource tile's
number, a monster's level), the players not sent staying put and paying their coin. Each turn the
table sends crews one after another, while players are left and an action still saves coins,
each to the action that leaves the least to pay as far as it can tell: what the move costs now,
plus, for every resource still missing, its cheapest tiles' steps from the start times their
players (a monster not yet beaten costing a turn of the table's coins more to pass). Gold tiles
and the coins kept from the round before are left out: they are the table's bets and margin.

The seventeen cards of this kit's own are paid so that a table of four wins each in three games
in four or more (README, the boards and rewards). The three livret cards keep the annex's coins:
1-A is won about as often with its own; 2-A and 3-A pay too little for their rounds alone and
are won with the coins the players kept from the rounds before (the rules let them keep them).
"""

from __future__ import annotations

import heapq
import random
import shutil
from collections import deque
from pathlib import Path

import pytest

from conftest import DATA, ROOT

GAME = ROOT / "examples" / "anarchipel"
OLD = DATA / "anarchipel-2026-11b"  # the boards as they were before this test, objectifs.yaml only
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
RUNS = 200
SHARE = 0.75  # the share of honest games a card must be won in
PLAYERS = 4


def neighbours(cell: tuple[int, int]) -> list[tuple[int, int]]:
    return [(cell[0] + dq, cell[1] + dr) for dq, dr in DIRECTIONS]


class Round:
    """One round of a card: the board (cells to tiles' fields), what it asks for, the players
    aboard; `play` plays it once."""

    def __init__(self, board: dict, needs: dict, aboard: int) -> None:
        self.board, self.aboard = board, aboard
        self.needs = {kind: count for kind, count in needs.items() if count}
        self.start = next(cell for cell, tile in board.items() if tile["genre"] == "depart")
        self.sea = frozenset(cell for cell, tile in board.items() if tile["genre"] in ("ocean", "depart"))
        self.monsters = [cell for cell, tile in board.items() if tile["genre"] == "monstre"]
        self.works = [cell for cell, tile in board.items() if tile["genre"] == "ressource"
                      and self.needs.get(tile["ressource"], 0) and tile["joueurs"] <= aboard]
        self._costs: dict = {}

    def reach(self, pawn: tuple, through: frozenset) -> dict:
        """The fewest moves from a pawn (its cell, the cell it entered an action tile from) to
        every cell it can end its move on, passing only `through`."""
        cell, entered = pawn
        found = {cell: 0}
        queue = deque()
        if cell in through:
            queue.append(cell)
        elif entered is not None:  # an action tile: out by the tile it came in from
            found[entered] = 1
            queue.append(entered)
        while queue:
            here = queue.popleft()
            for n in neighbours(here):
                if n in self.board and n not in found and self.board[n]["genre"] != "terre":
                    found[n] = found[here] + 1
                    if n in through:
                        queue.append(n)
        return found

    def entry(self, pawn: tuple, target: tuple, through: frozenset, moves: int) -> tuple | None:
        """The tile a pawn enters `target` from, on a shortest way there."""
        if moves == 0:
            return pawn[1]
        ways = self.reach(pawn, through)
        return next((n for n in neighbours(target) if ways.get(n) == moves - 1 and n in through), None)

    def costs(self, beaten: frozenset, levels: dict) -> dict:
        """Each cell's cost from the start: a step a tile, a monster not yet beaten a turn of the
        table's coins more to pass (one too strong for the players aboard, not at all)."""
        key = (beaten, tuple(sorted(levels.items())))
        if key not in self._costs:
            cost = {self.start: 0}
            heap = [(0, self.start)]
            while heap:
                spent, here = heapq.heappop(heap)
                if spent > cost[here] or (here not in self.sea and here not in levels):
                    continue
                for n in neighbours(here):
                    if n not in self.board or self.board[n]["genre"] == "terre":
                        continue
                    step = 1
                    if n in levels and n not in beaten:
                        if levels[n] > self.aboard:
                            continue
                        step += self.aboard
                    if spent + step < cost.get(n, 1 << 30):
                        cost[n] = spent + step
                        heapq.heappush(heap, (spent + step, n))
            self._costs[key] = cost
        return self._costs[key]

    def left(self, beaten: frozenset, levels: dict, worked: frozenset, got: dict) -> float:
        """What is still to pay, as far as the table can tell: for each resource missing, its
        cheapest tiles' cost from the start (costs) times their players."""
        cost = self.costs(beaten, levels)
        total = 0.0
        for kind, count in self.needs.items():
            missing = count - got.get(kind, 0)
            if missing > 0:
                ways = sorted(cost[c] * self.board[c]["joueurs"] for c in self.works
                              if self.board[c]["ressource"] == kind and c not in worked and c in cost)
                if len(ways) < missing:
                    return float("inf")
                total += sum(ways[:missing])
        return total

    def plan(self, pawns: list, levels: dict, beaten: frozenset, worked: frozenset, got: dict) -> list:
        """This turn's actions, [(tile, the pawns that go)]: one after another, the one that
        leaves the least to pay, from the pawns not yet sent, while one still saves coins."""
        through = self.sea | beaten
        ways = [self.reach(p, through) for p in pawns]
        free = set(range(len(pawns)))
        chosen, taken, done, hoped = [], set(), set(worked), dict(got)
        slain = set(beaten)
        now = self.left(frozenset(slain), levels, frozenset(done), hoped)
        while free:
            best = None
            for cell in self.works + self.monsters:
                tile = self.board[cell]
                if cell in done or cell in slain or cell in taken:
                    continue
                if tile["genre"] == "ressource":
                    kind = tile["ressource"]
                    if hoped.get(kind, 0) >= self.needs[kind]:
                        continue
                    crew = tile["joueurs"]
                    after = self.left(frozenset(slain), levels, frozenset(done | {cell}),
                                      dict(hoped, **{kind: hoped.get(kind, 0) + 1}))
                else:
                    crew = levels[cell]
                    if crew > self.aboard:
                        continue
                    after = self.left(frozenset(slain | {cell}), levels, frozenset(done), hoped)
                able = sorted((ways[k][cell], k) for k in free if cell in ways[k])
                if len(able) < crew:
                    continue
                moves = sum(max(m, 1) - 1 for m, _ in able[:crew])  # (more than the coin each pays anyway)
                if best is None or (moves + after, cell) < best[:2]:
                    best = (moves + after, cell, [k for _, k in able[:crew]])
            if best is None or (chosen and best[0] >= now):
                break
            value, cell, crew = best
            chosen.append((cell, crew))
            taken.add(cell)
            free -= set(crew)
            tile = self.board[cell]
            if tile["genre"] == "ressource":
                done.add(cell)
                hoped[tile["ressource"]] = hoped.get(tile["ressource"], 0) + 1
            else:
                slain.add(cell)
            now = self.left(frozenset(slain), levels, frozenset(done), hoped)
        return [(cell, crew, ways) for cell, crew in chosen]

    def play(self, coins: int, rng: random.Random, most: int = 200) -> tuple[str, int, int]:
        """One game: ('won', 'dry' or 'blocked', the coins spent, the turns played)."""
        pawns = [(self.start, None)] * self.aboard
        levels = {cell: self.board[cell]["niveau"] for cell in self.monsters}
        beaten, worked, got = frozenset(), frozenset(), {}
        spent = 0
        for turn in range(1, most + 1):
            actions = self.plan(pawns, levels, beaten, worked, got)
            if not actions or self.left(beaten, levels, worked, got) == float("inf"):
                return "blocked", spent, turn
            moving = {k: ways[k][cell] for cell, crew, ways in actions for k in crew}
            pay = sum(max(moving.get(k, 0), 1) for k in range(len(pawns)))
            if spent + pay > coins:
                return "dry", spent, turn
            spent += pay
            through = self.sea | beaten
            for cell, crew, ways in actions:
                for k in crew:
                    pawns[k] = (cell, self.entry(pawns[k], cell, through, ways[k][cell]))
            for cell, crew, _ in actions:
                tile = self.board[cell]
                if tile["genre"] == "ressource":
                    won = rng.random() < 2 / 3
                else:
                    won = rng.random() < 2 * len(crew) / (2 * len(crew) + levels[cell])
                if won and tile["genre"] == "ressource":
                    worked = worked | {cell}
                    got[tile["ressource"]] = got.get(tile["ressource"], 0) + 1
                elif won:
                    beaten = beaten | {cell}
                else:
                    pawns = [(self.start, None) if p[0] == cell else p for p in pawns]
                    if tile["genre"] == "monstre":
                        levels[cell] = min(levels[cell] + 1, 3)
            if all(got.get(kind, 0) >= count for kind, count in self.needs.items()):
                return "won", spent, turn
        return "blocked", spent, most


def rounds(folder: Path, players: int = PLAYERS) -> list[tuple[str, int, Round, int]]:
    """Each card's round at a table: (its id, its round, the round, the coins it gives)."""
    from pnp.load.game import load_game

    game, problems = load_game(folder / "game.yaml")
    assert game is not None and not problems, problems
    tiles = {tile.id: tile.fields for tile in game.sets["tuiles"].items}
    found = []
    for card in game.sets["objectifs"].items:
        aboard = players - card.fields["manche"] + 1
        board = {(cell["q"], cell["r"]): tiles[cell["tuile"]] for cell in card.fields["plateau"]}
        found.append((card.id, card.fields["manche"], Round(board, card.fields["besoins"], aboard),
                      card.fields["pieces"] * aboard))
    return found


def livret(folder: Path) -> dict[str, int]:
    """The livret cards (the annex's rounds, their coins the annex's), each with its round."""
    from pnp.load.game import load_game

    game, _ = load_game(folder / "game.yaml")
    return {card.id: card.fields["manche"] for card in game.sets["objectifs"].items if card.fields["livret"]}


def games(one: Round, coins: int, runs: int = RUNS, seed: int = 41) -> list[tuple[str, int, int]]:
    rng = random.Random(seed)
    return [one.play(coins, rng) for _ in range(runs)]


def won_share(folder: Path) -> dict[str, float]:
    return {card: sum(1 for end, _, _ in games(one, coins) if end == "won") / RUNS
            for card, _, one, coins in rounds(folder)}


def tile(genre: str, **fields) -> dict:
    return {"genre": genre, "ressource": None, "joueurs": None, "niveau": None, **fields}


def best_board() -> dict:
    """3-A's needs as cheap as a board can make them: the start in the middle, both wheat and
    both wood tiles marked 1 around it, the banana behind a level-1 monster beside it, land
    everywhere else."""
    board = {(q, r): tile("terre") for q in range(-3, 4) for r in range(-3, 4) if abs(q + r) <= 3}
    board.update({(0, 0): tile("depart"), (0, 1): tile("ocean"), (1, 1): tile("ocean"),
                  (1, 0): tile("ressource", ressource="ble", joueurs=1),
                  (1, -1): tile("ressource", ressource="ble", joueurs=1),
                  (0, -1): tile("ressource", ressource="bois", joueurs=1),
                  (-1, 0): tile("ressource", ressource="bois", joueurs=1),
                  (-1, 1): tile("monstre", niveau=1, joueurs=1),
                  (-2, 2): tile("ressource", ressource="banane", joueurs=1)})
    return board


def test_a_round_on_a_board_made_by_hand() -> None:
    """What the games count: on the cheapest board 3-A's needs can have, three players aboard
    always win in the end (a level-1 gate that wins twice is level 3, still theirs to beat);
    two lose about one game in nine to it (it wins once against one player, 1 time in 3, then
    against both, 1 time in 3: level 3 is more than two can attack), and the round is lost at
    once. With the coins the rules' annex gives round 3 (7 to each of two players, 14), two
    players win it in fewer than one game in four even there: every player pays a coin a
    turn, and five resources and a monster, each won 2 times in 3, take five or six turns."""
    needs = {"banane": 1, "ble": 2, "bois": 2}
    three = games(Round(best_board(), needs, 3), 10 ** 6)
    assert {end for end, _, _ in three} == {"won"}
    two = games(Round(best_board(), needs, 2), 10 ** 6)
    assert 0.05 <= sum(1 for end, _, _ in two if end == "blocked") / RUNS <= 0.2
    assert all(spent >= 2 * 3 for end, spent, _ in two if end == "won")  # (three turns at the least)
    share = sum(1 for end, spent, _ in two if end == "won" and spent <= 14) / RUNS
    assert 0 < share < 0.25
    # a crew leaves the wheat it worked by the start it came from: both of a turn's moves paid
    one = Round({(0, 0): tile("depart"), (1, 0): tile("ressource", ressource="ble", joueurs=1),
                 (-1, 0): tile("ressource", ressource="ble", joueurs=1)}, {"ble": 2}, 1)
    assert one.reach(((1, 0), (0, 0)), one.sea) == {(1, 0): 0, (0, 0): 1, (-1, 0): 2}


@pytest.mark.slow  # (4,000 games)
def test_every_card_is_won_in_most_honest_games() -> None:
    """Without sabotage, a table of four completes every card but the livret's with the card's
    coins in at least three games in four."""
    annex = livret(GAME)
    assert len(annex) == 3
    assert {card: share for card, share in won_share(GAME).items() if share < SHARE and card not in annex} == {}


# The livret cards keep the annex's coins: the share of honest games each is won in with them
# (at least), and the coins each player aboard must have kept from the rounds before for the
# card to be won in three games in four (at most, and not one fewer).
LIVRET = {1: (0.7, 1), 2: (0.0, 5), 3: (0.0, 8)}


def test_the_livret_cards_rely_on_coins_carried_over() -> None:
    """1-A is won in about three honest games in four with its own 12 coins a player (74.5 %);
    2-A and 3-A almost never with theirs (5 and 7), and in three games in four when each player
    aboard brings 5 and 8 coins kept from the rounds before."""
    annex = livret(GAME)
    for card, manche, one, coins in rounds(GAME):
        if card not in annex:
            continue
        floor, kept = LIVRET[manche]
        shares = [sum(1 for end, _, _ in games(one, coins + extra * one.aboard) if end == "won") / RUNS
                  for extra in (0, kept - 1, kept)]
        assert shares[0] >= floor, (card, shares)
        assert shares[1] < SHARE <= shares[2], (card, shares)
        if manche > 1:
            assert shares[0] < 0.25, (card, shares)


@pytest.mark.slow  # (4,000 games)
def test_the_boards_as_they_were_lost_most_honest_games(tmp_path: Path) -> None:
    """The boards of late November 2026 (tests/data/anarchipel-2026-11b/), whose cost in moves
    was 45 % to 75 % of the coins: a table of four with nobody sabotaging wins none of the
    twenty cards in three games in four, and no card of rounds 2 and 3 in one game in two."""
    folder = tmp_path / "anarchipel"
    shutil.copytree(GAME, folder, ignore=shutil.ignore_patterns("out"))
    shutil.copyfile(OLD / "objectifs.yaml", folder / "cartes" / "objectifs.yaml")
    shares = won_share(folder)
    assert len(shares) == 20 and max(shares.values()) < SHARE
    assert max(share for card, share in shares.items() if not card.startswith("manche-1")) < 0.5
