"""The game's arithmetic, computed from the rules rather than typed in: what extra cards
cost, and how many cards a battle kills."""

from __future__ import annotations


def extra_cards_price(cards: int) -> int:
    """Drawing `cards` cards in one turn: the first is free, each further one costs one
    rupee more than the last, so the total is 1 + 2 + ... + (cards - 1)."""
    if cards < 1:
        raise ValueError("at least one card is drawn")
    return cards * (cards - 1) // 2


def killed_cards(bill: int) -> int:
    """Cards killed on each side for a butcher's bill (attack minus defence, bids included).

    A bill of 0 is a bloodbath (3 each); the more one-sided the battle, the fewer die, and
    beyond 2 either way nobody does. Positive bills are won by the attacker."""
    return max(0, 3 - abs(bill))


def winner(bill: int) -> str:
    """Who wins a battle with this bill: the attacker needs more than the defence."""
    return "attacker" if bill > 0 else "defender"


def price_table(up_to: int = 10) -> list[tuple[int, int]]:
    return [(n, extra_cards_price(n)) for n in range(1, up_to + 1)]


def battle_table() -> list[tuple[str, int, str]]:
    """(bill label, killed cards, winner), from the attacker's big win to the defender's."""
    rows = [("> 2", killed_cards(3), winner(3))]
    rows += [(f"{b:+d}".replace("-", "−") if b else "0", killed_cards(b), winner(b)) for b in (2, 1, 0, -1, -2)]
    rows.append(("< −2", killed_cards(-3), winner(-3)))
    return rows
