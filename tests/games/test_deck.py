"""The bundled deck: it validates clean, and it makes every worked example of the rules true."""

from __future__ import annotations

import itertools
from functools import cache

import pytest

from pnp.checks.validate import validate

from anarchy import Card, Meld, Suit, areas_to_win, richest_meld, suits
from conftest import ROOT


class Deck:
    """The bundled game's deck, as The Anarchy's rules see it."""

    def __init__(self) -> None:
        report = validate(ROOT / "game.yaml")
        assert report.game is not None
        self.model = report.game
        self.suits = suits(report.game)
        self.cards = [c for s in self.suits for c in s.cards]
        self.areas = report.game.sets["board"].items

    def suit(self, suit_id: str) -> Suit | None:
        return next((s for s in self.suits if s.id == suit_id), None)


@cache
def game() -> Deck:
    return Deck()


def suit(suit_id: str) -> Suit:
    found = game().suit(suit_id)
    assert found is not None, suit_id
    return found


def card(card_id: str) -> Card:
    return next(c for c in game().cards if c.id == card_id)


def test_real_deck_validates_clean() -> None:
    report = validate(ROOT / "game.yaml")
    assert [p.format() for p in report.problems] == []
    assert report.summary() == ("The Anarchy: 126 cards in 16 suits, 1 board of 16 areas, 36 money cards and 3 more "
                                "sets of 114 pieces: 0 errors, 0 warnings")


def test_deck_has_126_cards_in_16_suits_each_with_its_own_area() -> None:
    g = game()
    assert len(g.cards) == 126
    assert len(g.suits) == 16
    assert sorted(s.area for s in g.suits) == sorted(a.id for a in g.areas)
    assert len(suit("mughals").cards) > max(len(s.cards) for s in g.suits if s.id != "mughals")
    for s in g.suits:
        assert 7 <= len(s.cards) <= 12, s.id


# --- worked examples in the rules ----------------------------------------------------


def test_draw_example_rohillas_follow_zabita_khan() -> None:
    zabita, rohillas = card("zabita-khan"), card("rohillas")
    assert zabita.kind == "leader" and zabita.can_lead()
    assert rohillas.kind == "army" and rohillas.swords >= 1
    assert Meld(zabita, (rohillas,)).is_legal()


def test_coup_example_shah_alam_heads_a_three_crown_meld() -> None:
    shah_alam = card("shah-alam-ii")
    followers = suit("mughals").followers_of(shah_alam)
    three = [
        combo
        for n in range(1, len(followers) + 1)
        for combo in itertools.combinations(followers, n)
        if Meld(shah_alam, combo).total("crowns") == 3
    ]
    assert three, "no legal Mughals meld of three crowns under Shah Alam"
    assert all(Meld(shah_alam, combo).is_legal() for combo in three)


def test_coup_example_zabita_and_rohillas_do_not_follow_shah_alam() -> None:
    shah_alam = card("shah-alam-ii")
    assert not card("zabita-khan").follows_card(shah_alam)
    assert not card("rohillas").follows_card(shah_alam)
    assert not Meld(shah_alam, (card("rohillas"),)).is_legal()


def test_imad_ul_mulk_follows_nobody_and_has_few_followers() -> None:
    imad = card("imad-ul-mulk")
    assert imad.kind == "leader" and imad.can_lead()
    assert imad.follows == ()
    assert not imad.follows_card(card("shah-alam-ii"))
    assert 1 <= len(suit("mughals").followers_of(imad)) <= 2


def test_lohagad_fort_forms_a_pune_meld_on_its_own() -> None:
    lohagad = card("lohagad-fort")
    assert lohagad.suit == "pune" and lohagad.kind == "place"
    assert lohagad.leader is not None and lohagad.crowns >= 1
    assert Meld(lohagad).is_legal()


def test_mysore_has_a_two_card_meld_with_three_swords() -> None:
    mysore = suit("mysore")
    pairs = [
        (leader.id, follower.id)
        for leader in mysore.leaders().values()
        for follower in mysore.followers_of(leader)
        if Meld(leader, (follower,)).is_legal() and Meld(leader, (follower,)).total("swords") == 3
    ]
    assert ("haidar-ali", "rocket-corps") in pairs


def test_war_example_pune_can_defend_with_one_sword_in_two_cards() -> None:
    pune = suit("pune")
    weak = [
        Meld(leader, (follower,))
        for leader in pune.leaders().values()
        for follower in pune.followers_of(leader)
        if Meld(leader, (follower,)).total("swords") + Meld(leader, (follower,)).total("castles") == 1
    ]
    assert weak, "the rules' war example needs a two-card Pune meld defending with one sword"
    assert all(m.is_legal() for m in weak)


def test_carnatic_has_two_leaders_who_cannot_be_melded_together() -> None:
    leaders = [c for c in suit("carnatic").cards if c.can_lead()]
    apart = [
        (a.id, b.id) for a, b in itertools.combinations(leaders, 2)
        if not a.follows_card(b) and not b.follows_card(a)
    ]
    assert ("chanda-sahib", "muhammad-ali-wallajah") in apart


def test_a_place_card_like_the_rules_example_exists() -> None:
    like = [
        c for c in game().cards
        if c.kind == "place" and c.leader is not None and c.follows
        and (c.crowns, c.castles, c.treasure) == (1, 1, 1) and c.swords == 0
    ]
    assert "red-fort" in [c.id for c in like]


def written_follows() -> dict[str, object]:
    """Each card's follows as its file writes it: a list of numbers, or the word any."""
    import yaml

    found = {}
    for path in sorted((ROOT / "cards").glob("*.yaml")):
        for raw in (yaml.safe_load(path.read_text("utf-8")) or {}).get("cards") or ():
            found[raw["id"]] = raw.get("follows", [])
    return found


def test_armies_have_swords_and_typically_follow_any_leader() -> None:
    """The rules: military units typically follow any leader. The deck says so in its data
    (`follows: any`), and that means every leader of the suit; a few partisans follow only
    their own chiefs, like the Rohillas, who follow Najib and Zabita Khan but not Shah Alam."""
    armies = [c for c in game().cards if c.kind == "army"]
    assert len(armies) >= 16
    for army in armies:
        assert army.swords >= 1 and army.crowns == 0 and army.leader is None, army.id
    written = written_follows()
    anyone = [a for a in armies if written[a.id] == "any"]
    assert len(anyone) * 2 > len(armies)
    for army in anyone:
        assert army.follows == tuple(sorted(suit(army.suit).leaders())), army.id
    assert written["rohillas"] == [6, 7] and card("rohillas").follows == (6, 7)


def test_stats_show_the_armies_that_follow_any_leader() -> None:
    from click.testing import CliRunner

    from pnp.cli import main

    result = CliRunner().invoke(main, ["stats", "--game", str(ROOT / "game.yaml")])
    assert result.exit_code == 0, result.output
    armies = [c for c in game().cards if c.kind == "army"]
    goods = [c for c in game().cards if c.kind == "commodity"]
    written = written_follows()
    assert (f"Armies that follow any leader of their suit: {sum(written[a.id] == 'any' for a in armies)} of "
            f"{len(armies)}; commodities: {sum(written[g.id] == 'any' for g in goods)} of {len(goods)}.") \
        in " ".join(result.output.split())
    header = next(line for line in result.output.splitlines() if line.startswith("suit "))
    assert "any leader" in header


def test_income_example_the_dutch_collect_three_from_three_melds() -> None:
    """The Dutch end their first turn with a two-card Mughals meld (Zabita Khan and the
    Rohillas, one crown, the government Shah Alam's meld of three crowns overthrows) and two
    one-card melds, a treasure chest in each: an income of ₹3."""
    mughals = Meld(card("zabita-khan"), (card("rohillas"),))
    assert mughals.is_legal() and mughals.total("crowns") == 1 and mughals.total("treasure") == 1
    singles = [next(Meld(c) for c in s.cards if Meld(c).is_legal() and c.treasure == 1)
               for s in game().suits if s.id != "mughals" and any(Meld(c).is_legal() and c.treasure == 1
                                                                  for c in s.cards)]
    melds = [mughals, *singles[:2]]  # in three areas
    assert len({m.leader.suit for m in melds}) == 3
    assert sum(m.total("treasure") for m in melds) == 3


def test_income_example_the_english_collect_three_from_five_melds() -> None:
    """The English put five melds on the table, among them a two-card Pune meld with one
    sword (the one the war example attacks), holding three treasure chests in all."""
    pune = suit("pune")
    weak = [
        Meld(leader, (follower,)) for leader in pune.leaders().values() for follower in pune.followers_of(leader)
        if Meld(leader, (follower,)).total("swords") + Meld(leader, (follower,)).total("castles") == 1
    ]
    others = [s for s in game().suits if s.id not in ("pune", "mughals")]
    chests = {s.id: sorted({c.treasure for c in s.cards if Meld(c).is_legal()}) for s in others}
    found = [
        (meld.leader.id, combo)
        for meld in weak
        for combo in itertools.combinations(sorted(chests), 4)
        if any(meld.total("treasure") + sum(t) == 3 for t in itertools.product(*(chests[c] for c in combo)))
    ]
    assert found, "no five melds of the English example hold exactly three treasure chests"


def test_war_example_attack_of_three_swords_and_four_rupees_against_one_sword_and_five() -> None:
    """Mysore attacks with three swords and bids ₹4; Pune defends with one sword and bids ₹5:
    the butcher's bill is 1 and the attack wins (the aid's table, tested with the aid, kills two
    cards on each side: both two-card melds)."""
    attack = Meld(card("haidar-ali"), (card("rocket-corps"),))
    assert attack.is_legal() and attack.total("swords") == 3
    assert attack.total("swords") > 1 + 0  # more swords than the defence's swords and castles
    assert (attack.total("swords") + 4) - (1 + 0 + 5) == 1  # the aid's table: 2 killed each side


def test_commodities_have_only_treasure_and_follow_most_leaders() -> None:
    goods = [c for c in game().cards if c.kind == "commodity"]
    assert len(goods) >= 10
    for good in goods:
        assert good.treasure >= 1 and (good.crowns, good.castles, good.swords) == (0, 0, 0), good.id
    follows_all = [g for g in goods if set(g.follows) == set(suit(g.suit).leaders())]
    assert len(follows_all) * 4 >= len(goods) * 3


# --- balance -----------------------------------------------------------------------------


@pytest.mark.parametrize("suit_id", [s.id for s in game().suits])
def test_each_suit_mixes_leaders_and_followers(suit_id: str) -> None:
    s = suit(suit_id)
    leaders = [c for c in s.cards if c.can_lead()]
    followers_only = [c for c in s.cards if c.leader is None]
    assert len(leaders) >= 3
    assert len(followers_only) >= 3
    assert any(c.kind == "army" for c in s.cards)


def test_twenty_rupees_of_income_is_reachable_but_hard() -> None:
    richest = [richest_meld(s) for s in game().suits]
    assert sum(c.treasure for c in game().cards) >= 40
    need = areas_to_win(richest)
    # reachable: the richest governments together pay well over ₹20 ...
    assert sum(richest) >= 30
    # ... but hard: no handful of areas does it
    assert need is not None and need >= 6


def test_some_leaders_are_weak_like_imad_ul_mulk() -> None:
    weak = [
        leader.id for s in game().suits for leader in s.leaders().values()
        if len(s.followers_of(leader)) <= 2
    ]
    assert len(weak) >= 8


def test_every_card_has_a_one_line_note_and_a_stable_id() -> None:
    ids = [c.id for c in game().cards]
    assert len(set(ids)) == 126
    for c in game().cards:
        assert c.note is not None, c.id
        for text in c.note.strings():
            assert "\n" not in text and 20 <= len(text) <= 90, (c.id, text)
