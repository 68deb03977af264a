"""Money cards, company tokens and the player aid: sizes and counts read back from the PDFs,
the aid's tables against the rules' printed ones."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from pdfgeom import MM, read_pdf

from conftest import MINI_SETS, ROOT

# The rules' own printed tables.
RULES_PRICES = {1: "Free", 2: "₹1", 3: "₹3", 4: "₹6", 5: "₹10", 6: "₹15", 7: "₹21", 8: "₹28", 9: "₹36", 10: "₹45"}
RULES_KILLED = {3: 0, 2: 1, 1: 2, 0: 3, -1: 2, -2: 1, -3: 0}


def aid_piece(language: str = "en") -> tuple:
    """The game, its fonts by role and the player aid's piece, in `language`."""
    from pnp.kit.pieces import Kit
    from pnp.build.pipeline import game_fonts
    from pnp.checks.validate import validate

    game = validate(ROOT / "game.yaml").game
    fonts = game_fonts(game)
    return game, fonts, Kit(game, fonts, {}, language).get("aid").pieces[0]


def aid_nodes(language: str = "en", side: str = "back") -> list:
    """Every text one side of the player aid prints, in drawing order (the tables row by row:
    they are computed by expressions in its layout)."""
    from pnp.scene import texts

    return list(texts([getattr(aid_piece(language)[2], side).content]))


def aid_back_texts(language: str = "en") -> list[str]:
    return [t.text for t in aid_nodes(language)]


def test_extra_card_prices_match_the_rules_table() -> None:
    found = aid_back_texts()
    start = found.index("Cards drawn") + 1
    assert found[start:start + 4] == ["Cards", "Price", "Cards", "Price"]
    rows = [found[start + 4 + 4 * i:start + 8 + 4 * i] for i in range(5)]
    printed = {int(n): price for row in rows for n, price in (row[:2], row[2:])}
    assert {n: p.capitalize() for n, p in printed.items()} == RULES_PRICES


def test_killed_cards_match_the_rules_table() -> None:
    found = aid_back_texts()
    start = found.index("Bill")
    assert found[start:start + 3] == ["Bill", "Cards killed, each side", ""]
    rows = [found[start + 3 + 3 * i:start + 6 + 3 * i] for i in range(7)]
    assert rows == [["> 2", "0", "attacker wins"], ["+2", "1", "attacker wins"], ["+1", "2", "attacker wins"],
                    ["0", "3", "defender wins"], ["−1", "2", "defender wins"], ["−2", "1", "defender wins"],
                    ["< −2", "0", "defender wins"]]
    for bill, killed in RULES_KILLED.items():
        label = {3: "> 2", -3: "< −2"}.get(bill, f"{bill:+d}".replace("-", "−") if bill else "0")
        assert [label, str(killed)] == next(row[:2] for row in rows if row[0] == label)


def test_war_example_kills_two_cards_on_each_side() -> None:
    """The rules' war example: three swords and ₹4 against one sword and ₹5 is a bill of +1,
    which the aid's table turns into two cards killed on each side."""
    found = aid_back_texts()
    row = found.index("+1")
    assert found[row:row + 3] == ["+1", "2", "attacker wins"]


def test_aid_states_the_war_condition_and_whose_bid_counts() -> None:
    found = " ".join(aid_back_texts())
    assert "The attacker needs more swords than the defender has swords and castles." in found
    assert "Butcher’s bill = attacker’s swords and bid − defender’s swords, castles and bid" in found


@pytest.mark.parametrize("language, words", [
    ("fr", ["Facture du boucher", "Cartes détruites par camp", "Fusionner", "zones", "coup d’État"]),
    ("de", ["Metzgerrechnung", "Getötete Karten je Seite", "Staatsstreich", "Gebiet"]),
])
def test_aid_uses_the_rules_own_terms(language: str, words: list[str]) -> None:
    found = " ".join(t.text for side in ("face", "back") for t in aid_nodes(language, side))
    for word in words:
        assert word in found, word


@pytest.mark.parametrize("language, rule", [
    ("en", "The bank pays only what it holds; what it cannot pay is lost."),
    ("fr", "La banque ne paie que ce qu’elle détient ; ce qu’elle ne peut payer est perdu."),
    ("de", "Die Bank zahlt nur, was sie hat; was sie nicht zahlen kann, verfällt."),
])
def test_aid_and_rules_say_alike_what_an_empty_bank_does(language: str, rule: str) -> None:
    """No finite bank outlasts a game (its players may keep their income round after round): the
    kit's rule for an empty bank is printed on the aid's back, under the prices paid to the bank,
    in the words the rulebook sets in bold and the read-me-first's rules repeat."""
    import yaml

    found = [t.text for t in aid_nodes(language)]
    # the lines drawn after the prices table's last cell and before the war's heading
    lines = found[found.index("₹45") + 1:found.index({"en": "War", "fr": "Guerre", "de": "Krieg"}[language])]
    assert " ".join(lines) == rule and len(lines) in (2, 3)
    rules = (ROOT / "rules" / f"{language}.md").read_text("utf-8")
    assert f"**{rule}**" in rules
    game = yaml.safe_load((ROOT / "game.yaml").read_text("utf-8"))
    turn = next(r for r in game["readme"]["rules"] if r["heading"]["en"] == "Your turn")
    assert turn["text"][language].splitlines()[-1].endswith(rule)


@pytest.mark.parametrize("language", ["en", "fr", "de"])
def test_aid_prints_every_body_text_at_one_size(language: str) -> None:
    sizes = {(t.font, t.size) for side in ("face", "back") for t in aid_nodes(language, side)
             if t.font == "SourceSansPro-Regular"}
    assert sizes == {("SourceSansPro-Regular", 9)}


@pytest.mark.parametrize("language", ["en", "fr", "de"])
def test_the_aid_tables_headers_stand_apart(language: str) -> None:
    """Each header of the aid's two tables ends at least 2 mm before the next one starts (the
    German bill's "Rechnung" once all but touched "Getötete Karten je Seite"), and the last at
    least 1.5 mm inside its band, in every language."""
    from pnp.scene import Group, Rect

    def walk(node):
        yield node
        for child in node.children if isinstance(node, Group) else ():
            yield from walk(child)

    game, fonts, piece = aid_piece(language)
    widths = {f.name: f for f in fonts.values()}
    nodes = aid_nodes(language)
    bands = [n for n in walk(piece.back.content)  # (the header rows' bands, not the card's ground)
             if isinstance(n, Rect) and n.style.fill == "#22304d" and n.height < 10 * MM]
    firsts = {"en": ["Cards", "Bill"], "fr": ["Cartes", "Facture"], "de": ["Karten", "Rechnung"]}[language]
    for first in firsts:
        head = next(t for t in nodes if t.text == first)
        row = [t for t in nodes if t.y == head.y and t.font == head.font and t.text]  # (not the empty third)
        band = next(b for b in bands if b.y <= head.y <= b.y + b.height and b.x <= head.x <= b.x + b.width)
        ends = [t.x + widths[t.font].width(t.text, t.size) for t in row]
        assert len(row) >= 2
        for end, following in zip(ends, row[1:]):
            assert following.x - end >= 2 * MM, (first, following.text)
        assert band.x + band.width - ends[-1] >= 1.5 * MM, row[-1].text


BLEED = 1.0  # mm: the kit is built with the default bleed, which each drawing's box takes in


def trim_sizes(pages) -> Counter:
    return Counter((round((p.bbox[2] - p.bbox[0]) / MM - 2 * BLEED, 2), round((p.bbox[3] - p.bbox[1]) / MM - 2 * BLEED, 2))
                   for page in pages for p in page.placements)


@pytest.mark.parametrize("paper, pages", [("a3", 1), ("a4", 2), ("letter", 3)])
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
def test_the_token_sheets_print_a_marker_for_each_area_and_one_for_the_income_track(kit: Path, paper: str) -> None:
    """The income track takes a control marker of each player's: the sheets print one more than
    the board has areas, 17 of each company, so a player who governs every area still has one
    for the track."""
    from pnp.checks.validate import validate

    areas = len(validate(ROOT / "game.yaml").game.sets["board"].items)
    assert areas == 16
    counts = Counter(p.name for page in read_pdf(kit / "print" / f"tokens-{paper}.pdf") for p in page.placements
                     if "aid" not in p.name)  # (the player aids share the file)
    assert {name.rsplit("_", 1)[1] for name in counts} == {"eic", "voc", "estado", "cdi", "dac", "soic"}
    for name, count in counts.items():
        assert count == (areas + 1 if "markers_marker" in name else 1), name


@pytest.mark.parametrize("paper, sheets", [("a3", 1), ("a4", 3), ("letter", 3)])
def test_token_sheets(kit: Path, paper: str, sheets: int) -> None:
    """The companies' tokens and the player aids share one print file: each company's tokens in
    a block of their own (two to a row on A3; on A4 the six seventeenth markers share a row
    after the blocks, so the tokens take one sheet), the aids in rows of their own (on A3 two
    rows of three under the tokens; on A4 and Letter three to a sheet, one to a row, on two
    sheets after the tokens' one)."""
    fronts = read_pdf(kit / "print" / f"tokens-{paper}.pdf")
    backs = read_pdf(kit / "print" / f"tokens-backs-{paper}.pdf")
    assert len(fronts) == len(backs) == sheets
    counts = Counter(p.name for page in fronts for p in page.placements)
    for company in ("eic", "voc", "estado", "cdi", "dac", "soic"):
        assert counts[f"/FormXob.Fturn_tokens_turn_{company}"] == 1
        assert counts[f"/FormXob.Fmarkers_marker_{company}"] == 17  # one for each area and the income track
    assert counts["/FormXob.Faid_aid"] == 6
    assert sum(counts.values()) == 6 * 18 + 6
    diameters = Counter()
    for page in fronts:
        cut = [s.bbox for s in page.shapes if s.colour == (0.0, 0.0, 0.0)]
        blocks = {}
        for p in page.placements:
            if "aid" in p.name:
                continue
            box = p.inset(BLEED * MM)  # the colour runs 1 mm past the cut line
            w, h = (box[2] - box[0]) / MM, (box[3] - box[1]) / MM
            assert w == pytest.approx(h)
            diameters[round(w, 2)] += 1
            # a cut circle on the token's edge, centred on it
            assert any(c == pytest.approx(box, abs=0.02) for c in cut), p.name
            assert min(box[0], box[1], page.width - box[2], page.height - box[3]) >= 5 * MM
            if "turn" in p.name or not paper == "a4":  # (A4's seventeenth markers share a row at the end)
                company = p.name.rsplit("_", 1)[1]
                x0, y0, x1, y1 = blocks.get(company, box)
                blocks[company] = (min(x0, box[0]), min(y0, box[1]), max(x1, box[2]), max(y1, box[3]))
        # one company per block: the blocks do not overlap
        spans = list(blocks.values())
        assert all(a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
                   for i, a in enumerate(spans) for b in spans[i + 1:])
    assert diameters == {39.0: 6, 15.0: 102}
    # backs: the turn tokens share one back; each lands behind its front after a long-edge flip
    landscape = fronts[0].width > fronts[0].height
    for front, back in zip(fronts, backs):
        assert len(back.placements) == len(front.placements)
        for f, b in zip(front.placements, back.placements):
            if "turn" in f.name:
                assert b.name == "/FormXob.Fturn_tokens_back"
            elif "aid" in f.name:
                assert b.name == "/FormXob.Faid_back"
            else:
                assert b.name == f.name
            x0, y0, x1, y1 = f.bbox
            expected = (x0, front.height - y1, x1, front.height - y0) if landscape else \
                (front.width - x1, y0, front.width - x0, y1)
            assert b.bbox == pytest.approx(expected, abs=0.01)


def sheet_use(page) -> tuple[float, float]:
    """What share of a sheet's printable area (all but the 5 mm at each edge no printer
    reaches) its pieces take: the area inside their cut lines (a token's circle, a card's
    rectangle), and inside their trim boxes (a token's square: the paper it is cut from)."""
    import math

    cut = trim = 0.0
    for p in page.placements:
        x0, y0, x1, y1 = p.inset(BLEED * MM)
        w, h = (x1 - x0) / MM, (y1 - y0) / MM
        trim += w * h
        cut += math.pi * w * h / 4 if "aid" not in p.name else w * h  # (the tokens are round)
    printable = (page.width / MM - 10) * (page.height / MM - 10)
    return cut / printable, trim / printable


AIDS = 6 * 120.65 * 69.85  # six tarot cards laid landscape, mm²
TOKENS = 6 * 39 ** 2 + 102 * 15 ** 2  # their trim boxes: six chips and 102 markers


def test_the_a3_token_sheet_is_at_least_60_percent_used(kit: Path) -> None:
    """Measured on the built front: the tokens and the six landscape tarot aids under them take
    one sheet of A3, 64.4 % of its printable area inside the pieces' cut lines and 70.2 % inside
    their trim boxes (with poker-size aids in a row of their own the sheet's bottom stayed
    empty: 50.2 % and 56.0 %); the 17th marker of each company still on it."""
    fronts = read_pdf(kit / "print" / "tokens-a3.pdf")
    [page] = fronts
    cut, trim = sheet_use(page)
    assert trim * (page.width / MM - 10) * (page.height / MM - 10) == pytest.approx(TOKENS + AIDS, rel=1e-4)
    assert cut >= 0.60 and trim >= 0.60
    assert (round(cut, 3), round(trim, 3)) == (0.644, 0.702)
    counts = Counter(p.name for p in page.placements)
    assert counts["/FormXob.Faid_aid"] == 6
    assert all(counts[f"/FormXob.Fmarkers_marker_{c}"] == 17 for c in ("eic", "voc", "estado", "cdi", "dac", "soic"))


@pytest.mark.parametrize("paper, across, down", [("a4", 200, 287), ("letter", 205.9, 269.4)])
def test_the_tokens_and_aids_on_a4_and_letter(kit: Path, paper: str, across: float, down: float) -> None:
    """On A4 and Letter (portrait, printable `across` x `down` mm) the tokens fill one sheet and
    the aids take two more, three to a sheet: a sheet is too narrow for two 120.65 mm aids side
    by side, and too short for four 69.85 mm rows with their gutters and the label's room. The
    area alone would allow two sheets in all, but six aids are 88 % (A4) or 91 % (Letter) of a
    sheet's printable area, which rows of one size, however turned, do not reach."""
    import math

    fronts = read_pdf(kit / "print" / f"tokens-{paper}.pdf")
    printable = (fronts[0].width / MM - 10) * (fronts[0].height / MM - 10)
    assert printable == pytest.approx(across * down, rel=1e-3)
    assert math.ceil((TOKENS + AIDS) / printable) == 2 and AIDS / printable > 0.88
    aids = [[p for p in page.placements if "aid" in p.name] for page in fronts]
    assert [len(a) for a in aids] == [0, 3, 3]
    assert [len(page.placements) for page in fronts] == [108, 3, 3]
    for sheet in aids[1:]:  # one to a row, the rows down the sheet
        assert len({round(p.bbox[0], 2) for p in sheet}) == 1 and len({round(p.bbox[1], 2) for p in sheet}) == 3


@pytest.mark.parametrize("paper", ["a3", "a4", "letter"])
def test_player_aid_sheets(kit: Path, paper: str) -> None:
    fronts = [p for page in read_pdf(kit / "print" / f"tokens-{paper}.pdf") for p in page.placements]
    backs = [p for page in read_pdf(kit / "print" / f"tokens-backs-{paper}.pdf") for p in page.placements]
    assert Counter(p.name for p in fronts if "aid" in p.name) == {"/FormXob.Faid_aid": 6}
    assert Counter(p.name for p in backs if "aid" in p.name) == {"/FormXob.Faid_back": 6}
    for p in fronts:
        if "aid" in p.name:
            box = p.inset(BLEED * MM)
            # a tarot card (2.75 x 4.75 in) laid landscape
            assert ((box[2] - box[0]) / MM, (box[3] - box[1]) / MM) == pytest.approx((120.65, 69.85), abs=0.05)


def test_player_aid_shows_the_computed_tables(kit: Path) -> None:
    back = (kit / "svg" / "tokens" / "aid-back.svg").read_text("utf-8")  # (the aid shares the tokens' print file)
    for n, price in RULES_PRICES.items():
        assert f">{n}</text>" in back
        assert f">{price.lower()}</text>" in back
    assert ">−2</text>" in back and ">defender wins</text>" in back
    front = (kit / "svg" / "tokens" / "aid.svg").read_text("utf-8")
    assert ">Your turn</text>" in front and ">Income</text>" in front


@pytest.mark.parametrize("notes, cards, expected", [
    # a single ₹1 with three ₹2: every amount from ₹1 to ₹7 (and the three "no bid" cards)
    ("  - {value: 1, count: 1, colour: \"#8d6e63\"}\n  - {value: 2, count: 3, colour: \"#1565c0\"}\n", 7, []),
    # two ₹1 and a single ₹5: ₹3 and ₹4 cannot be paid
    ("  - {value: 1, count: 2, colour: \"#8d6e63\"}\n  - {value: 5, count: 1, colour: \"#1565c0\"}\n", 6,
     ["cards/money.yaml:2:3: error: no set of money cards makes ₹3, so the bank cannot always make change "
      "[money-change]"]),
])
def test_change_making_counts_a_single_note(mini: Path, monkeypatch: pytest.MonkeyPatch, notes: str, cards: int,
                                             expected: list[str]) -> None:
    """The bank's stock pays every amount up to its whole worth or the check says the least it
    cannot: a denomination of which there is one note counts, once."""
    from conftest import validate

    money = mini / "cards" / "money.yaml"
    text = money.read_text("utf-8")
    old = "  - {value: 1, count: 4, colour: \"#8d6e63\"}\n  - {value: 5, count: 2, colour: \"#1565c0\"}\n"
    assert old in text
    money.write_text(text.replace(old, notes), "utf-8")
    monkeypatch.chdir(mini)
    assert validate(mini).output.splitlines() == [
        *expected, f"{MINI_SETS.replace('9 money cards', f'{cards} money cards')}: "
                   f"{len(expected)} error{'s' if len(expected) != 1 else ''}, 0 warnings"]
