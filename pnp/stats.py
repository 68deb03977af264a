"""Deck statistics for designers: per-suit counts, followers per leader and income reach."""

from __future__ import annotations

from dataclasses import dataclass

from .model import KINDS, SYMBOLS, Game, Meld, Suit

FEW_FOLLOWERS = 2  # a leader with fewer followers than this is flagged
WINNING_INCOME = 20


@dataclass(frozen=True)
class LeaderStats:
    number: int
    card: str
    name: str
    followers: int


@dataclass(frozen=True)
class SuitStats:
    id: str
    name: str
    cards: int
    kinds: dict[str, int]
    symbols: dict[str, int]
    leaders: tuple[LeaderStats, ...]
    richest_meld: int  # the most treasure one legal meld of this suit can hold


def richest_meld(suit: Suit) -> int:
    best = 0
    for leader in suit.leaders().values():
        if leader.can_lead():
            best = max(best, Meld(leader, suit.followers_of(leader)).total("treasure"))
    return best


def suit_stats(game: Game, suit: Suit) -> SuitStats:
    language = game.language
    return SuitStats(
        id=suit.id,
        name=suit.name.get(language),
        cards=len(suit.cards),
        kinds={kind: sum(card.kind == kind for card in suit.cards) for kind in KINDS},
        symbols={symbol: sum(getattr(card, symbol) for card in suit.cards) for symbol in SYMBOLS},
        leaders=tuple(
            LeaderStats(number, card.id, card.name.get(language), len(suit.followers_of(card)))
            for number, card in sorted(suit.leaders().items())
        ),
        richest_meld=richest_meld(suit),
    )


def areas_to_win(richest: list[int], target: int = WINNING_INCOME) -> int | None:
    """How many areas a player needs, holding the richest governments, to reach `target`."""
    total = 0
    for n, value in enumerate(sorted(richest, reverse=True), start=1):
        total += value
        if total >= target:
            return n
    return None


def board_stats(game: Game) -> list[dict]:
    """Each area with its suit and its neighbours (who may attack whom)."""
    from .geography import geography_of

    geography = geography_of(game) if game.complete else None
    if geography is None:
        return []
    names = {area.id: area.name.get(game.language) for area in game.areas}
    suits = {suit.area: suit.name.get(game.language) for suit in game.suits}
    return [
        {"area": area, "name": names[area], "suit": suits.get(area), "neighbours": list(others)}
        for area, others in geography.neighbours().items()
    ]


def deck_stats(game: Game) -> dict:
    suits = [suit_stats(game, suit) for suit in game.suits]
    richest = [s.richest_meld for s in suits]
    return {
        "board": board_stats(game),
        "title": game.title.get(game.language),
        "suits": [
            {
                "id": s.id,
                "name": s.name,
                "cards": s.cards,
                "kinds": s.kinds,
                **s.symbols,
                "leaders": [
                    {"number": l.number, "card": l.card, "name": l.name, "followers": l.followers,
                     "few": l.followers < FEW_FOLLOWERS}
                    for l in s.leaders
                ],
                "richest_meld_treasure": s.richest_meld,
            }
            for s in suits
        ],
        "totals": {
            "cards": sum(s.cards for s in suits),
            "suits": len(suits),
            "kinds": {kind: sum(s.kinds[kind] for s in suits) for kind in KINDS},
            **{symbol: sum(s.symbols[symbol] for s in suits) for symbol in SYMBOLS},
            "leaders": sum(len(s.leaders) for s in suits),
            "richest_meld_treasure": sum(richest),
            "areas_to_win": areas_to_win(richest),
        },
    }


def format_stats(data: dict) -> str:
    """A fixed-width table a designer can read at a glance."""
    header = ("suit", "cards", "L/P/A/C", "leaders", "crowns", "castles", "swords", "treasure", "best ₹", "followers per leader")
    rows = []
    for s in data["suits"]:
        kinds = "/".join(str(s["kinds"][k]) for k in KINDS)
        followers = " ".join(f"{l['number']}:{l['followers']}{'!' if l['few'] else ''}" for l in s["leaders"])
        rows.append((s["name"], s["cards"], kinds, len(s["leaders"]), s["crowns"], s["castles"], s["swords"],
                     s["treasure"], s["richest_meld_treasure"], followers or "-"))
    t = data["totals"]
    totals = ("total", t["cards"], "/".join(str(t["kinds"][k]) for k in KINDS), t["leaders"], t["crowns"],
              t["castles"], t["swords"], t["treasure"], t["richest_meld_treasure"], "")
    table = [header, *rows, totals]
    widths = [max(len(str(row[i])) for row in table) for i in range(len(header))]

    def line(row: tuple) -> str:
        cells = [str(row[0]).ljust(widths[0])]
        cells += [str(v).rjust(widths[i]) for i, v in enumerate(row[1:-1], start=1)]
        cells.append(str(row[-1]))
        return "  ".join(cells).rstrip()

    out = [f"{data['title']}: {t['cards']} cards in {t['suits']} suits", "", line(header)]
    out.append("  ".join("-" * w for w in widths[:-1]) + "  " + "-" * len(header[-1]))
    out += [line(r) for r in rows]
    out.append(line(totals))
    out.append("")
    out.append("L/P/A/C: leaders, places, armies, commodities.  best ₹: the most treasure one legal meld of the suit holds.")
    out.append(f"followers per leader: number:followers; ! marks fewer than {FEW_FOLLOWERS}.")
    if data["board"]:
        names = {a["area"]: a["name"] for a in data["board"]}
        width = max(len(f"{a['name']} ({a['suit']})") for a in data["board"])
        out.append("")
        out.append("Neighbours (who may attack whom):")
        for a in data["board"]:
            label = f"{a['name']} ({a['suit']})"
            out.append(f"  {label.ljust(width)}  {', '.join(names[n] for n in a['neighbours']) or '-'}")
        out.append("")
    need = t["areas_to_win"]
    if need is None:
        out.append(f"₹{WINNING_INCOME} of income is out of reach: every suit's richest meld together holds ₹{t['richest_meld_treasure']}.")
    else:
        out.append(f"₹{WINNING_INCOME} of income needs the richest governments of at least {need} areas "
                   f"(all {t['suits']} together hold ₹{t['richest_meld_treasure']}).")
    return "\n".join(out) + "\n"
