"""Money cards, company tokens and the player aid: sizes and counts read back from the PDFs,
the aid's tables against the rules' printed ones."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from pnp.play import battle_table, extra_cards_price, killed_cards, price_table

from pdfgeom import MM, read_pdf

# The rules' own printed tables.
RULES_PRICES = {1: "Free", 2: "₹1", 3: "₹3", 4: "₹6", 5: "₹10", 6: "₹15", 7: "₹21", 8: "₹28", 9: "₹36", 10: "₹45"}
RULES_KILLED = {3: 0, 2: 1, 1: 2, 0: 3, -1: 2, -2: 1, -3: 0}


def test_extra_card_prices_match_the_rules_table() -> None:
    for cards, printed in RULES_PRICES.items():
        price = extra_cards_price(cards)
        assert ("Free" if price == 0 else f"₹{price}") == printed
    assert price_table(10) == [(n, extra_cards_price(n)) for n in range(1, 11)]
    with pytest.raises(ValueError):
        extra_cards_price(0)


def test_killed_cards_match_the_rules_table() -> None:
    for bill, killed in RULES_KILLED.items():
        assert killed_cards(bill) == killed
    assert killed_cards(12) == killed_cards(-12) == 0
    assert battle_table() == [("> 2", 0, "attacker"), ("+2", 1, "attacker"), ("+1", 2, "attacker"),
                              ("0", 3, "defender"), ("−1", 2, "defender"), ("−2", 1, "defender"),
                              ("< −2", 0, "defender")]


def trim_sizes(pages) -> Counter:
    return Counter((round((p.bbox[2] - p.bbox[0]) / MM, 2), round((p.bbox[3] - p.bbox[1]) / MM, 2))
                   for page in pages for p in page.placements)


@pytest.mark.parametrize("paper, pages", [("a3", 1), ("a4", 2), ("letter", 2)])
def test_money_sheets(kit: Path, paper: str, pages: int) -> None:
    fronts = read_pdf(kit / "print" / f"money-{paper}.pdf")
    backs = read_pdf(kit / "print" / f"money-backs-{paper}.pdf")
    assert len(fronts) == len(backs) == pages
    for (w, h), n in trim_sizes(fronts).items():
        assert w == pytest.approx(63.5, abs=0.05) and h == pytest.approx(44.45, abs=0.05)
    counts = Counter(p.name for page in fronts for p in page.placements)
    assert counts == {"/FormXob.Fmoney_1": 10, "/FormXob.Fmoney_2": 6, "/FormXob.Fmoney_5": 6,
                      "/FormXob.Fmoney_10": 4, "/FormXob.Fmoney_20": 4, "/FormXob.Fmoney_blank": 6}
    # one shared back, so a bid laid face down gives nothing away
    assert Counter(p.name for page in backs for p in page.placements) == {"/FormXob.Fmoney_back": 36}
    for page in fronts + backs:
        for p in page.placements:
            assert min(p.bbox[0], p.bbox[1], page.width - p.bbox[2], page.height - p.bbox[3]) >= 5 * MM - 1e-6


def test_money_prints_the_rupee_sign_as_text(kit: Path) -> None:
    svg = (kit / "svg" / "money" / "5.svg").read_text("utf-8")
    assert ">₹5</text>" in svg


@pytest.mark.parametrize("paper", ["a3", "a4", "letter"])
def test_token_sheets(kit: Path, paper: str) -> None:
    fronts = read_pdf(kit / "print" / f"tokens-{paper}.pdf")
    backs = read_pdf(kit / "print" / f"tokens-backs-{paper}.pdf")
    assert len(fronts) == len(backs)
    counts = Counter(p.name for page in fronts for p in page.placements)
    for company in ("eic", "voc", "estado", "cdi", "dac", "soic"):
        assert counts[f"/FormXob.Ftoken_turn_{company}"] == 1
        assert counts[f"/FormXob.Ftoken_marker_{company}"] == 12
    assert sum(counts.values()) == 6 * 13
    diameters = Counter()
    for page in fronts:
        cut = [s.bbox for s in page.shapes if s.colour == (0.0, 0.0, 0.0)]
        for p in page.placements:
            w, h = (p.bbox[2] - p.bbox[0]) / MM, (p.bbox[3] - p.bbox[1]) / MM
            assert w == pytest.approx(h)
            diameters[round(w, 2)] += 1
            # a cut circle on the token's edge, centred on it
            assert any(box == pytest.approx(p.bbox, abs=0.02) for box in cut), p.name
            assert min(p.bbox[0], p.bbox[1], page.width - p.bbox[2], page.height - p.bbox[3]) >= 5 * MM
    assert diameters == {39.0: 6, 15.0: 72}
    # backs: the turn tokens share one back; each lands behind its front after a long-edge flip
    landscape = fronts[0].width > fronts[0].height
    for front, back in zip(fronts, backs):
        assert len(back.placements) == len(front.placements)
        for f, b in zip(front.placements, back.placements):
            if "turn" in f.name:
                assert b.name == "/FormXob.Ftoken_turn_back"
            else:
                assert b.name == f.name
            x0, y0, x1, y1 = f.bbox
            expected = (x0, front.height - y1, x1, front.height - y0) if landscape else \
                (front.width - x1, y0, front.width - x0, y1)
            assert b.bbox == pytest.approx(expected, abs=0.01)


@pytest.mark.parametrize("paper", ["a3", "a4", "letter"])
def test_player_aid_sheets(kit: Path, paper: str) -> None:
    fronts = read_pdf(kit / "print" / f"aid-{paper}.pdf")
    backs = read_pdf(kit / "print" / f"aid-backs-{paper}.pdf")
    assert Counter(p.name for page in fronts for p in page.placements) == {"/FormXob.Faid_front": 6}
    assert Counter(p.name for page in backs for p in page.placements) == {"/FormXob.Faid_back": 6}
    for (w, h) in trim_sizes(fronts):
        assert (w, h) == pytest.approx((63.5, 88.9), abs=0.05)


def test_player_aid_shows_the_computed_tables(kit: Path) -> None:
    back = (kit / "svg" / "aid" / "back.svg").read_text("utf-8")
    for n, price in price_table(10):
        assert f">{n}</text>" in back
        assert (">free</text>" if price == 0 else f">₹{price}</text>") in back
    assert ">−2</text>" in back and ">defender wins</text>" in back
    front = (kit / "svg" / "aid" / "front.svg").read_text("utf-8")
    assert ">Your turn</text>" in front and ">Income</text>" in front
