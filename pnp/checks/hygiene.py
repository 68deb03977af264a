"""Game rules: checks that need the whole model, each with an id, a severity and a doc line.

A rule is a function taking the Game and yielding (location, message) pairs; `run_rules`
turns them into Problems. The loader's and schema's checks are registered in problems.py.
"""

from __future__ import annotations

import itertools
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator


from .fonts import bundled_fonts, character_map, find_font
from .model import Card, Game, Origin, Suit, Text
from .schema import describe_path
from .problems import CheckInfo, Location, Problem, Severity, plural, register_check

Found = Iterator[tuple[Location, str]]

MAX_SYMBOLS = 5
MIN_CONTRAST = 4.5
MIN_COLOUR_DIFFERENCE = 10.0
MAX_ART_PIXELS = 64_000_000


@dataclass(frozen=True)
class Rule:
    info: CheckInfo
    check: Callable[[Game], Found]


RULES: list[Rule] = []


def rule(id: str, severity: Severity, doc: str) -> Callable[[Callable[[Game], Found]], Callable[[Game], Found]]:
    def register(func: Callable[[Game], Found]) -> Callable[[Game], Found]:
        RULES.append(Rule(register_check(id, severity, doc), func))
        return func
    return register


def run_rules(game: Game, skip: frozenset[str] = frozenset()) -> list[Problem]:
    """Every rule's problems, leaving out the rules named in `skip`."""
    problems = []
    for r in RULES:
        if r.info.id in skip:
            continue
        for location, message in r.check(game):
            problems.append(Problem(location, r.info.severity, message, r.info.id))
    return problems


# The checks of the board's geometry: the costliest (they import shapely and pyproj and
# compute the map), and they read nothing from the suit files, so their problems can be
# kept for as long as the other files stay as they are (see board_checks_key).
BOARD_CHECKS = frozenset({"board-projection", "area-isolated", "neighbours-connected", "area-geometry",
                          "room-for-markers"})


def board_checks_key(game: Game) -> str:
    """What the board checks' problems follow from: every file of the game but the suits'
    (the board, areas, land, companies, layouts, manifest), whether all files loaded, and
    pnp's code and libraries."""
    import hashlib

    from .fingerprint import environment

    suits = {suit.origin.file for suit in game.suits}
    digest = hashlib.sha256(f"{environment()}|{game.complete}|{game.language}".encode())
    for name in game.files:
        if name not in suits:
            digest.update(f"|{name}|".encode())
            digest.update(hashlib.sha256((game.root / name).read_bytes()).digest())
    return digest.hexdigest()


def _suit_name(suit: Suit, game: Game) -> str:
    return suit.name.get(game.language)


def _numbers(numbers: Iterable[int]) -> str:
    return ", ".join(str(n) for n in sorted(numbers))


# --- identity -----------------------------------------------------------------------

@rule("duplicate-card-id", Severity.ERROR, "Two cards share an id (ids are unique across all suit files).")
def duplicate_card_id(game: Game) -> Found:
    first: dict[str, Card] = {}
    for card in game.cards:
        if card.id in first:
            earlier = game.locate(first[card.id].origin, "id")
            yield game.locate(card.origin, "id"), f"card id '{card.id}' is already used at {earlier}"
        else:
            first[card.id] = card


@rule("duplicate-suit", Severity.ERROR, "Two suit files define the same suit id.")
def duplicate_suit(game: Game) -> Found:
    first: dict[str, Suit] = {}
    for suit in game.suits:
        if suit.id in first:
            yield game.locate(suit.origin, "id"), f"suit '{suit.id}' is already defined in {first[suit.id].origin.file}"
        else:
            first[suit.id] = suit


@rule("duplicate-area", Severity.ERROR, "Two board areas share an id.")
def duplicate_area(game: Game) -> Found:
    seen: set[str] = set()
    for area in game.areas:
        if area.id in seen:
            yield game.locate(area.origin, "id"), f"area id '{area.id}' is already used"
        seen.add(area.id)


@rule("duplicate-leader-number", Severity.ERROR, "Two cards of one suit share a leader number.")
def duplicate_leader_number(game: Game) -> Found:
    for suit in game.suits:
        first: dict[int, Card] = {}
        for card in suit.cards:
            if card.leader is None:
                continue
            if card.leader in first:
                yield (game.locate(card.origin, "leader"),
                       f"card '{card.id}' has leader number {card.leader}, already used by '{first[card.leader].id}'")
            else:
                first[card.leader] = card


# --- leaders and followers ----------------------------------------------------------------

@rule("unknown-leader", Severity.ERROR, "A card follows a leader number that no card of its suit has.")
def unknown_leader(game: Game) -> Found:
    for suit in game.suits:
        leaders = suit.leaders()
        real = f"its leaders are {_numbers(leaders)}" if leaders else "it has no leaders"
        for card in suit.cards:
            for i, number in enumerate(card.follows):
                if number not in leaders:
                    yield (game.locate(card.origin, "follows", i),
                           f"card '{card.id}' follows {number}, but {_suit_name(suit, game)} has no leader {number} ({real})")


@rule("leader-without-crown", Severity.ERROR, "A card with a leader number has no crown, so it can never head a meld.")
def leader_without_crown(game: Game) -> Found:
    for card in game.cards:
        if card.leader is not None and card.crowns == 0:
            yield game.locate(card.origin, "leader"), f"card '{card.id}' has leader number {card.leader} but no crown"


@rule("crown-without-leader", Severity.WARNING, "A card has a crown but no leader number, so it can never lead.")
def crown_without_leader(game: Game) -> Found:
    for card in game.cards:
        if card.leader is None and card.crowns > 0:
            yield (game.locate(card.origin, "crowns"),
                   f"card '{card.id}' has {plural(card.crowns, 'crown')} but no leader number, so it can never lead a meld")


@rule("follows-self", Severity.WARNING, "A card lists its own leader number among the leaders it follows.")
def follows_self(game: Game) -> Found:
    for card in game.cards:
        if card.leader is not None and card.leader in card.follows:
            yield (game.locate(card.origin, "follows", card.follows.index(card.leader)),
                   f"card '{card.id}' follows its own leader number {card.leader}")


@rule("unmeldable", Severity.ERROR, "A card has no leader number and follows no leader that exists: it can never be melded.")
def unmeldable(game: Game) -> Found:
    for suit in game.suits:
        leaders = suit.leaders().values()
        for card in suit.cards:
            if card.leader is None and not any(card.follows_card(leader) for leader in leaders):
                yield (game.locate(card.origin, "id"),
                       f"card '{card.id}' can never be in a meld: it has no leader number "
                       f"and follows no leader of {_suit_name(suit, game)}")


@rule("leader-without-followers", Severity.WARNING, "A leader that no card follows (a single weak follower is fine).")
def leader_without_followers(game: Game) -> Found:
    for suit in game.suits:
        for number, leader in sorted(suit.leaders().items()):
            if not suit.followers_of(leader):
                yield (game.locate(leader.origin, "leader"),
                       f"leader '{leader.id}' ({number}) has no followers: no card of {_suit_name(suit, game)} follows {number}")


# --- symbols and kinds -------------------------------------------------------------------

@rule("symbol-range", Severity.ERROR, "A symbol count is outside 0 to 5.")
def symbol_range(game: Game) -> Found:
    for card in game.cards:
        for symbol, value in card.symbols().items():
            if not 0 <= value <= MAX_SYMBOLS:
                yield (game.locate(card.origin, symbol),
                       f"card '{card.id}' has {value} {symbol}; a card has 0 to {MAX_SYMBOLS} of each symbol")


def _symbol_list(card: Card, names: Iterable[str]) -> str:
    singular = {"crowns": "crown", "castles": "castle", "swords": "sword", "treasure": "treasure chest"}
    return ", ".join(plural(getattr(card, n), singular[n]) for n in names if getattr(card, n))


@rule("kind-symbols", Severity.ERROR,
      "A card's symbols do not fit its kind (army: a sword, no crown; commodity: treasure only; leader: crown and number).")
def kind_symbols(game: Game) -> Found:
    for card in game.cards:
        at = game.locate(card.origin, "kind")
        if card.kind == "army":
            if card.swords < 1:
                yield at, f"army card '{card.id}' has no sword"
            if card.crowns:
                yield at, f"army card '{card.id}' has a crown; armies follow, they do not rule"
        elif card.kind == "commodity":
            if card.treasure < 1:
                yield at, f"commodity card '{card.id}' has no treasure chest"
            others = _symbol_list(card, ("crowns", "castles", "swords"))
            if others:
                yield at, f"commodity card '{card.id}' may show only treasure, but has {others}"
        elif card.kind == "leader":
            if card.leader is None and card.crowns < 1:
                yield at, f"leader card '{card.id}' has neither a leader number nor a crown"
            elif card.leader is None:
                yield at, f"leader card '{card.id}' has no leader number"
            # a leader number without a crown is reported by leader-without-crown


# --- the game as a whole --------------------------------------------------------------------

@rule("deck-count", Severity.ERROR, "The number of cards or suits differs from the counts in game.yaml.")
def deck_count(game: Game) -> Found:
    if not game.complete:
        return  # a file failed to load; its cards are missing for a reason already reported
    manifest = Origin(game.manifest)
    for what, found in (("cards", len(game.cards)), ("suits", len(game.suits))):
        expected = game.counts.get(what)
        if expected is not None and found != expected:
            owner = "deck" if what == "cards" else "game"
            yield (game.locate(manifest, "counts", what),
                   f"the {owner} has {plural(found, what[:-1])}, but {game.manifest} counts {expected}")


@rule("suit-area", Severity.ERROR, "Every suit belongs to a board area, and every area has exactly one suit.")
def suit_area(game: Game) -> Found:
    areas = {area.id: area for area in game.areas}
    owner: dict[str, Suit] = {}
    for suit in game.suits:
        if suit.area not in areas:
            if game.complete:
                known = ", ".join(sorted(areas)) or "none"
                yield (game.locate(suit.origin, "area"),
                       f"suit '{suit.id}' belongs to area '{suit.area}', which is not a board area (areas: {known})")
        elif suit.area in owner:
            yield (game.locate(suit.origin, "area"),
                   f"suit '{suit.id}' belongs to area '{suit.area}', which already belongs to suit '{owner[suit.area].id}'")
        else:
            owner[suit.area] = suit
    if game.complete:
        for area in game.areas:
            if area.id not in owner:
                yield game.locate(area.origin, "id"), f"area '{area.id}' has no suit"


@rule("colour-contrast", Severity.ERROR, "A suit's text colour on its background has a WCAG contrast below 4.5:1.")
def colour_contrast(game: Game) -> Found:
    from .colours import contrast

    for suit in game.suits:
        ratio = contrast(suit.text_colour, suit.colour)
        if ratio < MIN_CONTRAST:
            field = "text_colour" if game.documents[suit.origin.file].data["suit"].get("text_colour") else "colour"
            yield (game.locate(suit.origin, field),
                   f"suit '{suit.id}': text {suit.text_colour} on {suit.colour} has contrast {ratio:.2f}:1; "
                   f"at least {MIN_CONTRAST}:1 is needed to read it")


def _too_alike(things: Iterable) -> Iterator[tuple[Any, Any, float]]:
    """Each pair of things (suits, companies) whose colours are too alike, with their
    CIEDE2000 difference."""
    from .colours import difference

    for first, second in itertools.combinations(things, 2):
        apart = difference(first.colour, second.colour)
        if apart < MIN_COLOUR_DIFFERENCE:
            yield first, second, apart


@rule("colour-distinct", Severity.ERROR, "Two suits' colours are too alike (CIEDE2000 difference below 10).")
def colour_distinct(game: Game) -> Found:
    for first, second, difference in _too_alike(game.suits):
        yield (game.locate(second.origin, "colour"),
               f"suit '{second.id}' colour {second.colour} is too close to suit '{first.id}' colour "
               f"{first.colour} (CIEDE2000 difference {difference:.1f}; at least {MIN_COLOUR_DIFFERENCE:g} is needed)")


# --- printed text ---------------------------------------------------------------------------

def _where(game: Game, origin: Origin, field: tuple) -> str:
    """Name a text field for a message: `card 'king': note`."""
    return describe_path(game.documents[origin.file], origin.path + tuple(field))


def _text_fields(text: Text, path: tuple) -> Iterator[tuple[str, str, tuple]]:
    """(language, string, data path) for each string of a text."""
    if text.localised:
        for lang, value in text.values:
            yield lang, value, path + (lang,)
    else:
        yield "", text.values[0][1], path


@rule("missing-font", Severity.ERROR, "A font named in game.yaml is neither bundled nor in the game's fonts/ folder.")
def missing_font(game: Game) -> Found:
    for role, name in game.fonts.items():
        if find_font(name, game.root) is None:
            some = ", ".join(list(bundled_fonts())[:4])
            yield (game.locate(Origin(game.manifest), "fonts", role),
                   f"font '{name}' is not bundled and not in fonts/ (bundled fonts include {some})")


@rule("missing-glyph", Severity.ERROR, "Printed text uses a character its font has no glyph for (it would print as nothing).")
def missing_glyph(game: Game) -> Found:
    fonts = {role: find_font(name, game.root) for role, name in game.fonts.items()}
    for role, text, origin, path in game.texts():
        font = fonts.get(role)
        if font is None:
            continue  # reported by missing-font
        cmap = character_map(font)
        for _, value, field in _text_fields(text, path):
            missing = sorted({ch for ch in value if ord(ch) not in cmap and not ch.isspace()})
            if missing:
                chars = ", ".join(f"'{ch}' (U+{ord(ch):04X})" for ch in missing)
                yield (game.locate(origin, *field),
                       f"{_where(game, origin, field)} {value!r}: font {font.stem} has no glyph for {chars}")


@rule("text-language", Severity.ERROR, "Localised text uses a language the game does not declare, or lacks the first one.")
def text_language(game: Game) -> Found:
    if not game.languages:
        return  # the manifest's language list is broken, as already reported
    for _, text, origin, path in game.texts():
        if not text.localised:
            continue
        for lang in text.languages:
            if lang not in game.languages:
                yield (game.locate(origin, *path, lang, key=True),
                       f"{_where(game, origin, path)}: '{lang}' is not one of the game's languages "
                       f"({', '.join(game.languages)})")
        if game.language not in text.languages:
            yield (game.locate(origin, *path),
                   f"{_where(game, origin, path)} has no '{game.language}' text (the game's first language)")


# --- art ----------------------------------------------------------------------------------

def art_problem(root: Path, art: str) -> str | None:
    """Why an art file cannot be used, or None when it can."""
    try:
        base = root.resolve()
        target = (root / art).resolve()
    except (OSError, RuntimeError):
        return f"art file '{art}' cannot be resolved"
    if Path(art).is_absolute() or not target.is_relative_to(base):
        return f"art file '{art}' lies outside the game folder"
    if not target.is_file():
        return f"art file '{art}' does not exist"
    from PIL import Image, UnidentifiedImageError  # imported here: most games have no art of their own

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(target) as image:
                width, height = image.size
                if width * height > MAX_ART_PIXELS:
                    return f"art file '{art}' is {width} x {height} pixels, more than pnp accepts ({MAX_ART_PIXELS:,})"
                image.verify()
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        return f"art file '{art}' is too large to be a safe image (a decompression bomb?)"
    except UnidentifiedImageError:
        return f"art file '{art}' is not an image pnp can read"
    except (OSError, SyntaxError, ValueError) as exc:
        return f"art file '{art}' is a damaged image ({exc})"
    return None


@rule("art-file", Severity.ERROR, "An art file is missing, lies outside the game folder, or is not an image.")
def art_file(game: Game) -> Found:
    for card in game.cards:
        if card.art is not None:
            reason = art_problem(game.root, card.art)
            if reason:
                yield game.locate(card.origin, "art"), f"card '{card.id}': {reason}"


# --- fitting the layout -------------------------------------------------------------------

@rule("text-fit", Severity.ERROR, "A card's name, note or area name does not fit its layout box even at the smallest size.")
def text_fit(game: Game) -> Found:
    from .compose.cards import MIN_TEXT_SIZE, fitted_line, fitted_note
    from .fonts import metrics
    from .units import to_mm

    layout = game.layouts.get("card-face")
    if layout is None:
        return  # reported by the layout checks
    fonts = {role: find_font(name, game.root) for role, name in game.fonts.items()}
    if None in fonts.values() or not fonts:
        return  # reported by missing-font
    font = {role: metrics(path) for role, path in fonts.items()}
    name_box, note_box, area_box = layout.box("name"), layout.box("note"), layout.box("area")
    areas = {area.id: area for area in game.areas}
    languages = game.languages or ("en",)

    def printed(text: Text) -> list[str]:
        """The distinct strings a text prints as, one per language."""
        return list(dict.fromkeys(text.get(lang, game.language) for lang in languages))

    for suit in game.suits:
        area = areas.get(suit.area)
        for name in printed(area.name) if area is not None else []:
            if fitted_line(area_box, name, font[area_box.font or "heading"]) is None:
                yield (game.locate(area.origin, "name"),
                       f"area '{area.id}': name {name!r} does not fit the "
                       f"{to_mm(area_box.width):g} mm area box even at {max(area_box.min_size or 0, MIN_TEXT_SIZE):g} pt")
        for card in suit.cards:
            for name in printed(card.name):
                if fitted_line(name_box, name, font[name_box.font or "heading"]) is None:
                    yield (game.locate(card.origin, "name"),
                           f"card '{card.id}': name {name!r} does not fit the {to_mm(name_box.width):g} mm name box "
                           f"even at {max(name_box.min_size or 0, MIN_TEXT_SIZE):g} pt")
            for note in printed(card.note) if card.note is not None else []:
                if fitted_note(note_box, note, font[note_box.font or "note"]) is None:
                    yield (game.locate(card.origin, "note"),
                           f"card '{card.id}': note {note[:30]!r}... does not fit the {to_mm(note_box.width):g} x "
                           f"{to_mm(note_box.height):g} mm note box even at {note_box.min_size:g} pt")


# --- the board ------------------------------------------------------------------------------

MARKER_MARGIN_MM = 1.5  # room to spare on each side of a control marker


def _board_geography(game: Game):
    from .geography import geography_of

    if game.board is None or not game.complete:
        return None
    return geography_of(game)


@rule("board-projection", Severity.ERROR, "The board's projection is not a map projection pyproj understands.")
def board_projection(game: Game) -> Found:
    from .geography import projection_problem

    if game.board is None:
        return
    reason = projection_problem(game.board.projection)
    if reason:
        yield game.locate(game.board.origin, "projection"), f"projection {game.board.projection!r} cannot be used: {reason}"


@rule("unknown-area", Severity.ERROR, "An area's neighbour changes name an area that does not exist.")
def unknown_area(game: Game) -> Found:
    known = {area.id for area in game.areas}
    for area in game.areas:
        for key, names in (("add", area.neighbours_add), ("remove", area.neighbours_remove)):
            for i, other in enumerate(names):
                if other not in known:
                    yield (game.locate(area.origin, "neighbours", key, i),
                           f"area '{area.id}' names neighbour '{other}', which is not an area")
                elif other == area.id:
                    yield (game.locate(area.origin, "neighbours", key, i),
                           f"area '{area.id}' names itself as a neighbour")


@rule("neighbour-symmetric", Severity.ERROR, "An area adds or removes a neighbour that does not do the same in return.")
def neighbour_symmetric(game: Game) -> Found:
    areas = {area.id: area for area in game.areas}
    for area in game.areas:
        for key, names, back in (("add", area.neighbours_add, "neighbours_add"),
                                 ("remove", area.neighbours_remove, "neighbours_remove")):
            for i, other in enumerate(names):
                if other in areas and other != area.id and area.id not in getattr(areas[other], back):
                    yield (game.locate(area.origin, "neighbours", key, i),
                           f"area '{area.id}' {key}s neighbour '{other}', but '{other}' does not {key} '{area.id}'")


@rule("area-isolated", Severity.ERROR, "An area has no neighbour, so no war can reach it or leave it.")
def area_isolated(game: Game) -> Found:
    geography = _board_geography(game)
    if geography is None:
        return
    for area_id, others in geography.neighbours().items():
        if not others:
            area = next(a for a in game.areas if a.id == area_id)
            yield game.locate(area.origin, "id"), f"area '{area_id}' has no neighbour"


@rule("neighbours-connected", Severity.ERROR, "Some areas cannot be reached from the others, by any chain of neighbours.")
def neighbours_connected(game: Game) -> Found:
    from .geography import connected

    geography = _board_geography(game)
    if geography is None:
        return
    order = [area.id for area in game.areas]
    # the main group is the largest, or of equals the one holding the earliest area
    groups = sorted(connected(geography.neighbours()), key=lambda g: (-len(g), min(map(order.index, g))))
    main = min(groups[0], key=order.index)
    for group in groups[1:]:
        if len(group) == 1:
            continue  # reported by area-isolated
        members = sorted(group, key=order.index)
        area = next(a for a in game.areas if a.id == members[0])
        names = ", ".join(f"'{m}'" for m in members)
        yield (game.locate(area.origin, "id"),
               f"areas {names} are cut off from '{main}' and {plural(len(groups[0]) - 1, 'area')} joined to it: "
               f"no chain of neighbours links them")


@rule("area-geometry", Severity.ERROR, "An area has no land, or its seat of government lies outside it.")
def area_geometry(game: Game) -> Found:
    from shapely.geometry import Point

    geography = _board_geography(game)
    if geography is None:
        return
    for area in game.areas:
        cell = geography.cells[area.id]
        if cell.polygon.is_empty:
            where = "its shape" if area.shape else "its anchor's share of the land"
            yield game.locate(area.origin, "id"), f"area '{area.id}' has no land: {where} lies off the map's land"
        elif not cell.polygon.buffer(1).covers(Point(geography.seat(area))):
            yield (game.locate(area.origin, "seat"),
                   f"area '{area.id}': its seat {area.seat.city.get(game.language)} lies outside the area")


@rule("room-for-markers", Severity.ERROR, "An area is too small on the board to hold a control marker with room to spare.")
def room_for_markers(game: Game) -> Found:
    from .compose.board import map_frame
    from .units import to_mm

    geography = _board_geography(game)
    layout = game.layouts.get("board")
    if geography is None or layout is None or game.companies is None:
        return  # the markers' size comes with the companies
    frame = map_frame(geography, layout.box("map"))
    marker = to_mm(game.companies.marker_diameter)
    needed = marker + 2 * MARKER_MARGIN_MM
    for area in game.areas:
        cell = geography.cells[area.id]
        if cell.polygon.is_empty:
            continue
        room = to_mm(2 * cell.room * frame.scale)
        if room < needed:
            yield (game.locate(area.origin, "id"),
                   f"area '{area.id}' holds a circle of {room:.1f} mm at most; a {marker:g} mm marker needs {needed:g} mm")


# --- money and companies ------------------------------------------------------------------

@rule("money-count", Severity.ERROR, "A denomination or the blank card has a count below one.")
def money_count(game: Game) -> Found:
    money = game.money
    if money is None:
        return
    for i, d in enumerate(money.denominations):
        if d.count < 1:
            yield (game.locate(money.origin, "denominations", i, "count"),
                   f"{money.currency}{d.value} has a count of {d.count}; each denomination needs at least one card")
    if money.blank_count < 1:
        yield game.locate(money.origin, "blank", "count"), f"the blank card has a count of {money.blank_count}"


@rule("money-unique", Severity.ERROR, "Two denominations have the same value.")
def money_unique(game: Game) -> Found:
    money = game.money
    if money is None:
        return
    seen: set[int] = set()
    for i, d in enumerate(money.denominations):
        if d.value in seen:
            yield (game.locate(money.origin, "denominations", i, "value"),
                   f"{money.currency}{d.value} is listed twice")
        seen.add(d.value)


def unreachable_amount(denominations) -> int | None:
    """The smallest amount from 1 up to the whole stock that no set of the cards adds up to."""
    total = sum(d.value * d.count for d in denominations)
    reachable = 1  # bit i set: amount i can be paid exactly
    for d in denominations:
        for _ in range(max(d.count, 0)):
            reachable |= reachable << d.value
    for amount in range(1, total + 1):
        if not reachable >> amount & 1:
            return amount
    return None


@rule("money-change", Severity.ERROR, "Some amount up to the bank's whole stock cannot be paid exactly with the cards.")
def money_change(game: Game) -> Found:
    money = game.money
    if money is None:
        return
    missing = unreachable_amount(money.denominations)
    if missing is not None:
        yield (game.locate(money.origin, "denominations"),
               f"no set of money cards makes {money.currency}{missing}, so the bank cannot always make change")


@rule("money-blanks", Severity.ERROR, "There are fewer blank no-bid cards than players.")
def money_blanks(game: Game) -> Found:
    money = game.money
    if money is None or game.players is None:
        return
    if money.blank_count < game.players[1]:
        yield (game.locate(money.origin, "blank", "count"),
               f"{plural(money.blank_count, 'blank card')} for up to {game.players[1]} players: each player needs one")


@rule("company-distinct", Severity.ERROR,
      "Companies must be told apart: unique ids and emblems, colours apart (CIEDE2000 at least 10), enough for every player.")
def company_distinct(game: Game) -> Found:
    companies = game.companies
    if companies is None:
        return
    seen_ids: set[str] = set()
    seen_emblems: dict[str, str] = {}
    for c in companies.companies:
        if c.id in seen_ids:
            yield game.locate(c.origin, "id"), f"company id '{c.id}' is already used"
        seen_ids.add(c.id)
        if c.emblem in seen_emblems:
            yield (game.locate(c.origin, "emblem"),
                   f"company '{c.id}' has the same emblem as '{seen_emblems[c.emblem]}' ({c.emblem})")
        seen_emblems.setdefault(c.emblem, c.id)
    for first, second, difference in _too_alike(companies.companies):
        yield (game.locate(second.origin, "colour"),
               f"company '{second.id}' colour {second.colour} is too close to '{first.id}' colour {first.colour} "
               f"(CIEDE2000 difference {difference:.1f})")
    if game.players is not None and len(companies.companies) < game.players[1]:
        yield (game.locate(companies.origin, "companies"),
               f"{len(companies.companies)} {'company' if len(companies.companies) == 1 else 'companies'} "
               f"for up to {game.players[1]} players: each player needs one")
