"""Exports for playing online and printing on demand, built from the same scenes as the kit:

- out/tabletopia/: one image per face and one back per object type, sized at 10 px per mm
  times a scale, JPEG for rectangles and PNG with hard alpha for round tokens, and a
  manifest (CSV and JSON) of the objects to create;
- out/tts/: Tabletop Simulator deck sheets and a saved object that uses them;
- out/pod/: The Game Crafter's poker-card uploads, 825 x 1125 px with 1/8 in bleed;
- out/index.html: a gallery of everything built, to open from disk.
"""

from __future__ import annotations

import csv
import html
import io
import json
import math
import re
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from PIL import Image

from .backends.png import jpeg_bytes, rasterize
from .files import write_atomic
from .problems import plural
from .scene import Definition, Page, Use, single, translate
from .units import mm, to_mm

if TYPE_CHECKING:
    from .build import Builder

TABLETOPIA_BUDGET = 20_000_000  # bytes: a whole setup should stay under about 20 MB
TABLETOPIA_MAX_PX = 4000
TTS_COLUMNS, TTS_ROWS = 10, 7
TTS_SHEET_PX = 4096
POD_BLEED = mm(3.175)  # 1/8 in
POD_DPI = 300


@dataclass(frozen=True)
class TabletopiaObject:
    """A row of the manifest: one object to create in Tabletopia's editor."""

    type: str  # Card, Token, Game Board
    name: str
    width_mm: float
    height_mm: float
    scale: int  # the percentage to enter in Tabletopia
    front: str
    back: str
    quantity: int


def _scale_to_enter(size_points: float, pixels: int) -> int:
    """Tabletopia shows 10 px per mm at 100 %: the percentage that gives the real size."""
    return round(100 * to_mm(size_points) * 10 / pixels)


def card_file_names(game) -> list[str]:
    """cards/<suit>-<position in suit>-<card id>: names that sort and say what they are."""
    return [f"{suit.id}-{i:02d}-{card.id}" for suit in game.suits for i, card in enumerate(suit.cards, start=1)]


def build_tabletopia(b: "Builder") -> list[TabletopiaObject]:
    game, language, options = b.game, b.game.language, b.options
    dpi = 10 * options.tabletopia_scale / 100 * 25.4
    root = "tabletopia"
    rows: list[TabletopiaObject] = []

    def images(folder: str, named: Sequence[tuple[str, Definition]], ext: str) -> dict[str, str]:
        files = {name: f"{root}/{folder}/{name}.{ext}" for name, _ in named}
        # round tokens (PNG) have on/off transparency; rectangles are JPEG
        b.rasterize_now([(files[name], single(d)) for name, d in named], dpi, "tabletopia", alpha=ext == "png")
        return files

    # the cards: rasterized in worker processes, like the kit's PNGs
    faces, back = b.card_definitions(0.0)
    names = card_file_names(game)
    paths = [b.out / root / "cards" / f"{n}.jpg" for n in names] + [b.out / root / "cards" / "back.jpg"]
    cards_done = b.rasterize_later([single(d) for d in [*faces, back]], dpi, paths, "tabletopia-card",
                                   "Tabletopia: cards and the manifest", extra=2)
    card_px = math.ceil(back.width * dpi / 72 - 1e-6)
    for card, name in zip(game.cards, names):
        rows.append(TabletopiaObject("Card", card.name.get(language), 63.5, 88.9, _scale_to_enter(back.width, card_px),
                                     f"{root}/cards/{name}.jpg", f"{root}/cards/back.jpg", 1))

    if game.money is not None:
        layout = game.layouts["money"]
        unique, blank, back_def = b.money_definitions
        faces = [(f"money-{d.value:02d}", f) for d, f in zip(game.money.denominations, unique)]
        faces.append(("money-blank", blank))
        b.progress.stage("Tabletopia: money", len(faces) + 1)
        files = images("money", faces + [("back", back_def)], "jpg")
        px = math.ceil(layout.width * dpi / 72 - 1e-6)
        counts = [d.count for d in game.money.denominations] + [game.money.blank_count]
        labels = [f"{game.money.currency}{d.value}" for d in game.money.denominations] + \
            [game.money.blank_label.get(language)]
        for (name, _), count, label in zip(faces, counts, labels):
            rows.append(TabletopiaObject("Card", label, round(to_mm(layout.width), 2), round(to_mm(layout.height), 2),
                                         _scale_to_enter(layout.width, px), files[name], files["back"], count))

    if game.companies is not None:
        companies = game.companies
        turns, markers, common = b.token_definitions
        named = [(f"{c.id}-turn", t) for c, t in zip(companies.companies, turns)]
        named += [(f"{c.id}-marker", m) for c, m in zip(companies.companies, markers)]
        b.progress.stage("Tabletopia: tokens", len(named) + 1)
        files = images("tokens", named + [("turn-back", common)], "png")
        for c in companies.companies:
            turn_px = math.ceil(companies.turn_diameter * dpi / 72 - 1e-6)
            marker_px = math.ceil(companies.marker_diameter * dpi / 72 - 1e-6)
            d_turn, d_marker = to_mm(companies.turn_diameter), to_mm(companies.marker_diameter)
            rows.append(TabletopiaObject("Token", f"{c.short.get(language)} turn order", d_turn, d_turn,
                                         _scale_to_enter(companies.turn_diameter, turn_px), files[f"{c.id}-turn"],
                                         files["turn-back"], 1))
            rows.append(TabletopiaObject("Token", f"{c.short.get(language)} control marker", d_marker, d_marker,
                                         _scale_to_enter(companies.marker_diameter, marker_px),
                                         files[f"{c.id}-marker"], files[f"{c.id}-marker"], companies.marker_count))

    if game.aid is not None:
        b.progress.stage("Tabletopia: player aid", 2)
        layout = game.layouts["aid"]
        front, back_def = b.aid_definitions
        files = images("aid", [("front", front), ("back", back_def)], "jpg")
        px = math.ceil(layout.width * dpi / 72 - 1e-6)
        rows.append(TabletopiaObject("Card", game.aid.title.get(language), 63.5, 88.9,
                                     _scale_to_enter(layout.width, px), files["front"], files["back"],
                                     game.players[1] if game.players else 1))

    if game.board is not None:
        b.progress.stage("Tabletopia: board", 1)
        layout = game.layouts["board"]
        longest = max(layout.width, layout.height) * dpi / 72
        board_dpi = dpi * min(1.0, TABLETOPIA_MAX_PX / longest)

        def board_image() -> bytes:
            image = next(iter(rasterize(b.pdf([single(b.board_definition())]), board_dpi)))
            # rounding can add a pixel: Tabletopia takes no image over 4000 px a side
            image = image.crop((0, 0, min(image.width, TABLETOPIA_MAX_PX), min(image.height, TABLETOPIA_MAX_PX)))
            return jpeg_bytes(image, board_dpi)

        relative = f"{root}/board/board.jpg"
        b.make(relative, b.key(b.board_key(), "tabletopia", board_dpi), board_image)
        with Image.open(b.out / relative) as image:
            width = image.width
        rows.append(TabletopiaObject("Game Board", game.title.get(language), round(to_mm(layout.width), 1),
                                     round(to_mm(layout.height), 1), _scale_to_enter(layout.width, width),
                                     relative, "", 1))

    def finish() -> None:
        cards_done()
        _write_manifest(b, rows)  # it counts the images' bytes: after the cards are written

    b.later.append(finish)
    return rows


def _write_manifest(b: "Builder", rows: list[TabletopiaObject]) -> None:
    fields = ["type", "name", "width_mm", "height_mm", "scale", "front", "back", "quantity"]
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(fields)
    for row in rows:
        writer.writerow([getattr(row, f) for f in fields])
    b.write("tabletopia/manifest.csv", text.getvalue().encode("utf-8"))
    files = sorted({row.front for row in rows} | {row.back for row in rows if row.back})
    total = sum((b.out / f).stat().st_size for f in files)
    doc = {
        "objects": [{f: getattr(row, f) for f in fields} for row in rows],
        "files": len(files),
        "total_bytes": total,
        "budget_bytes": TABLETOPIA_BUDGET,
        "over_budget": total > TABLETOPIA_BUDGET,
    }
    b.write("tabletopia/manifest.json", (json.dumps(doc, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))
    if total > TABLETOPIA_BUDGET:
        b.warnings.append(f"the Tabletopia images total {total / 1e6:.1f} MB, over Tabletopia's budget of about "
                          f"{TABLETOPIA_BUDGET / 1e6:.0f} MB for a setup; try --tabletopia-scale 75")


# --- Tabletop Simulator ---------------------------------------------------------------------

def _transform(x: float = 0.0, z: float = 0.0) -> dict:
    return {"posX": x, "posY": 1.0, "posZ": z, "rotX": 0.0, "rotY": 180.0, "rotZ": 0.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def _draw_tts_sheets(pdf: bytes, dpi: float, cells: list[int], sheets: list[tuple[str, int, int, list[int]]],
                     back_file: str | None) -> None:
    """In a worker process: rasterize the PDF's pages (the cards numbered `cells`, then the
    hidden card) and write each sheet (file, columns, rows, its cards) and the back as JPEG."""
    drawn = list(rasterize(pdf, dpi))
    images, hidden = dict(zip(cells, drawn)), drawn[-1]
    w, h = hidden.size
    for path, columns, rows, cards in sheets:
        sheet = Image.new("RGB", (columns * w, rows * h), "white")
        for place, i in enumerate(cards):
            sheet.paste(images[i], ((place % columns) * w, (place // columns) * h))
        sheet.paste(hidden, ((columns - 1) * w, (rows - 1) * h))
        write_atomic(Path(path), jpeg_bytes(sheet, dpi))
    if back_file is not None:
        write_atomic(Path(back_file), jpeg_bytes(hidden, dpi))


def _tts_sheets(b: "Builder", name: str, faces: Sequence[Definition], back: Definition
                ) -> tuple[list[tuple[str, int, int]], list[tuple[str, str]], Future | None]:
    """Deck sheets of at most 10 x 7 cells, the last cell of each the hidden card (the back).
    Returns (file, columns, rows) per sheet, the (file, key) of each file being drawn, and
    the worker's task drawing them: only sheets whose cards changed are drawn again."""
    per_sheet = TTS_COLUMNS * TTS_ROWS - 1
    dpi = (TTS_SHEET_PX // TTS_COLUMNS) / (back.width / 72)
    sheets, work, drawing = [], [], []
    for number, start in enumerate(range(0, len(faces), per_sheet), start=1):
        cards = list(range(start, min(start + per_sheet, len(faces))))
        # Tabletop Simulator wants at least two rows and at most 10 x 7 cells
        rows = max(2, math.ceil((len(cards) + 1) / TTS_COLUMNS))
        columns = math.ceil((len(cards) + 1) / rows)
        relative = f"tts/{name}-{number}.jpg"
        sheets.append((relative, columns, rows))
        key = b.key("tts", [faces[i] for i in cards], back, dpi)
        if not b.reusable(relative, key, counted=False):
            work.append((str(b.out / relative), columns, rows, cards))
            drawing.append((relative, key))
    back_file, back_key = f"tts/{name}-back.jpg", b.key("tts-back", back, dpi)
    back_kept = b.reusable(back_file, back_key, counted=False)
    if not back_kept:
        drawing.append((back_file, back_key))
    if not drawing:
        return sheets, drawing, None
    # only the cards of the sheets that changed, and the hidden card
    cells = sorted({i for *_, cards in work for i in cards})
    pdf = b.pdf([single(d) for d in [*(faces[i] for i in cells), back]])
    task = b.submit(_draw_tts_sheets, pdf, dpi, cells, work, None if back_kept else str(b.out / back_file))
    return sheets, drawing, task


def _tts_deck(nickname: str, name: str, sheets: list[tuple[str, int, int]], cards: Sequence[tuple[str, int]],
              first_deck: int, x: float) -> dict:
    """A DeckCustom whose cards are (nickname, index into the unique faces)."""
    per_sheet = TTS_COLUMNS * TTS_ROWS - 1
    custom = {}
    for i, (file, columns, rows) in enumerate(sheets):
        custom[str(first_deck + i)] = {"FaceURL": file, "BackURL": f"tts/{name}-back.jpg", "NumWidth": columns,
                                       "NumHeight": rows, "BackIsHidden": True, "UniqueBack": False, "Type": 0}
    contained, ids = [], []
    for card_name, face in cards:
        deck = first_deck + face // per_sheet
        card_id = deck * 100 + face % per_sheet
        ids.append(card_id)
        contained.append({"Name": "Card", "Nickname": card_name, "CardID": card_id, "Transform": _transform(x)})
    return {"Name": "DeckCustom", "Nickname": nickname, "Transform": _transform(x), "DeckIDs": ids,
            "CustomDeck": custom, "ContainedObjects": contained}


def build_tts(b: "Builder", tabletopia: list[TabletopiaObject]) -> None:
    """The deck sheets go to a worker process at once; the saved object, which places the
    Tabletopia tokens and board (`tabletopia`, filled in by then), is written at the end."""
    game, language = b.game, b.game.language
    faces, back = b.card_definitions(0.0)
    sheets, drawing, task = _tts_sheets(b, "cards", faces, back)
    tasks = [(drawing, task)]
    objects = [_tts_deck(f"{game.title.get(language)}: cards", "cards", sheets,
                         [(card.name.get(language), i) for i, card in enumerate(game.cards)], 1, 0.0)]
    if game.money is not None:
        faces, blank, back_def = b.money_definitions
        unique = [*faces, blank]
        money_sheets, drawing, task = _tts_sheets(b, "money", unique, back_def)
        tasks.append((drawing, task))
        cards = [(f"{game.money.currency}{d.value}", i) for i, d in enumerate(game.money.denominations)
                 for _ in range(d.count)]
        cards += [(game.money.blank_label.get(language), len(unique) - 1)] * game.money.blank_count
        objects.append(_tts_deck(f"{game.title.get(language)}: money", "money", money_sheets, cards, 10, 8.0))
    decks = [sheets] + ([money_sheets] if game.money is not None else [])

    def finish() -> None:
        b.progress.stage("Tabletop Simulator: deck sheets", sum(len(d) + 1 for d in decks) + 1)
        b.progress.advance(sum(len(d) + 1 for d in decks) - sum(len(drawing) for drawing, _ in tasks))
        for drawing, task in tasks:
            if task is not None:
                task.result()
                for relative, key in drawing:
                    b.made(relative, key)
        for row in tabletopia:
            if row.type == "Token":
                for _ in range(row.quantity):
                    objects.append({"Name": "Custom_Tile", "Nickname": row.name, "Transform": _transform(-8.0),
                                    "CustomImage": {"ImageURL": row.front, "ImageSecondaryURL": row.back,
                                                    "ImageScalar": 1.0, "WidthScale": 0.0,
                                                    "CustomTile": {"Type": 2, "Thickness": 0.2, "Stackable": True,
                                                                   "Stretch": True}}})
            elif row.type == "Game Board":
                objects.append({"Name": "Custom_Board", "Nickname": row.name, "Transform": _transform(0.0, 20.0),
                                "CustomImage": {"ImageURL": row.front, "ImageSecondaryURL": "", "ImageScalar": 1.0,
                                                "WidthScale": 0.0}})
        doc = {"SaveName": game.title.get(language), "Note": "Image paths are relative to the out/ folder: "
               "upload the images and replace each path with its URL.", "ObjectStates": objects}
        b.write("tts/saved-object.json", (json.dumps(doc, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))
    b.later.append(finish)


# --- print on demand ------------------------------------------------------------------------

def _with_bleed(d: Definition) -> Page:
    bleed = d.bleed
    return Page(d.width + 2 * bleed, d.height + 2 * bleed, (Use(d.id, translate(bleed, bleed)),), (d,))


def build_pod(b: "Builder") -> None:
    """The Game Crafter's poker cards: 825 x 1125 px at 300 dpi, 1/8 in of bleed all round."""
    game = b.game
    faces, back = b.card_definitions(POD_BLEED)
    names = card_file_names(game)
    pages = [_with_bleed(d) for d in [*faces, back]]
    paths = [b.out / "pod" / "cards" / f"{n}.png" for n in names] + [b.out / "pod" / "cards" / "back.png"]
    if game.aid is not None:
        for name, d in zip(("front", "back"), b.aid_definitions):
            pages.append(_with_bleed(Definition(d.id, d.width, d.height, d.content, POD_BLEED)))
            paths.append(b.out / "pod" / "aid" / f"{name}.png")
    b.later.append(b.rasterize_later(pages, POD_DPI, paths, "pod", "print on demand: poker cards"))


# --- the gallery --------------------------------------------------------------------------

_PAGE = """<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<title>{title}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2rem; background: #f6efdc; color: #1d1a16; }}
h1 {{ font-family: Georgia, serif; }}
section {{ margin-bottom: 3rem; }}
.grid {{ display: flex; flex-wrap: wrap; gap: 1rem; }}
figure {{ margin: 0; width: 190px; font-size: 0.8rem; }}
figure img {{ width: 100%; border-radius: 6px; box-shadow: 0 1px 4px rgba(0,0,0,.3); }}
figure.wide {{ width: 600px; }}
figure.token {{ width: 120px; }}
.suit {{ display: inline-block; width: 1em; height: 1em; vertical-align: middle; border: 1px solid #0006; }}
table {{ border-collapse: collapse; font-size: 0.85rem; }}
td, th {{ border: 1px solid #0003; padding: 0.2rem 0.5rem; text-align: left; }}
</style>
</head>
<body>
<h1>{title}</h1>
<p>{summary}</p>
{sections}
<script>
// after every image has loaded or failed, record what happened (read by pnp's browser test)
window.addEventListener("load", function () {{
  var images = Array.prototype.slice.call(document.images);
  var broken = images.filter(function (i) {{ return !i.complete || i.naturalWidth === 0; }});
  document.body.setAttribute("data-images", images.length);
  document.body.setAttribute("data-broken", broken.length);
  document.body.setAttribute("data-cards", document.querySelectorAll("figure.card").length);
  broken.forEach(function (i) {{ i.setAttribute("data-broken", "1"); }});
}});
</script>
</body>
</html>
"""


def _drop_missing(section: str, out: Path) -> str:
    """Leave out the figures whose picture this build did not make (a build without PNGs)."""
    return re.sub(r'<figure class="[^"]*"><img src="([^"]+)".*?</figure>',
                  lambda m: m.group(0) if (out / html.unescape(m.group(1))).is_file() else "", section, flags=re.S)


def _figure(src: str, caption: str, kind: str = "") -> str:
    return (f'<figure class="{kind}"><img src="{html.escape(src)}" alt="{html.escape(caption)}" loading="eager">'
            f"<figcaption>{html.escape(caption)}</figcaption></figure>")


def build_gallery(b: "Builder", tabletopia: list[TabletopiaObject]) -> None:
    game, language = b.game, b.game.language
    b.progress.stage("gallery", 1)
    e = html.escape
    sections = []
    cards = ["<section><h2>Cards</h2>"]
    for suit in game.suits:
        cards.append(f'<h3><span class="suit" style="background:{e(suit.colour)}"></span> '
                     f"{e(suit.name.get(language))} ({len(suit.cards)})</h3><div class=\"grid\">")
        for card in suit.cards:
            singular = {"crowns": "crown", "castles": "castle", "swords": "sword", "treasure": "treasure chest"}
            symbols = ", ".join(plural(getattr(card, s), singular[s]) for s in singular if getattr(card, s))
            details = [card.name.get(language), card.kind]
            if card.leader is not None:
                details.append(f"leader {card.leader}")
            if card.follows:
                details.append("follows " + " ".join(map(str, card.follows)))
            if symbols:
                details.append(symbols)
            cards.append(f'<figure class="card"><img src="png/cards/{e(card.id)}.png" alt="{e(card.name.get(language))}"'
                         f' loading="eager"><figcaption>{"<br>".join(e(d) for d in details)}</figcaption></figure>')
        cards.append("</div>")
    cards.append('<h3>Back</h3><div class="grid">' + _figure("png/cards/back.png", "card back") + "</div></section>")
    sections.append("".join(cards))
    if game.board is not None:
        sections.append('<section><h2>Board</h2><div class="grid">'
                        + _figure("png/board.png", game.title.get(language), "wide") + "</div></section>")
    if game.money is not None:
        money = [_figure(f"png/money/{d.value}.png", f"{game.money.currency}{d.value} × {d.count}")
                 for d in game.money.denominations]
        money.append(_figure("png/money/blank.png", f"{game.money.blank_label.get(language)} × {game.money.blank_count}"))
        money.append(_figure("png/money/back.png", "back"))
        sections.append('<section><h2>Money</h2><div class="grid">' + "".join(money) + "</div></section>")
    if game.companies is not None:
        tokens = []
        for c in game.companies.companies:
            tokens.append(_figure(f"png/tokens/turn-{c.id}.png", f"{c.name.get(language)} ({c.founded})", "token"))
            tokens.append(_figure(f"png/tokens/marker-{c.id}.png", f"marker × {game.companies.marker_count}", "token"))
        tokens.append(_figure("png/tokens/turn-back.png", "turn tokens' back", "token"))
        sections.append('<section><h2>Tokens</h2><div class="grid">' + "".join(tokens) + "</div></section>")
    if game.aid is not None:
        sections.append('<section><h2>Player aid</h2><div class="grid">' + _figure("png/aid/front.png", "front")
                        + _figure("png/aid/back.png", "back") + "</div></section>")
    if tabletopia:
        rows = "".join(
            f"<tr><td>{e(r.type)}</td><td>{e(r.name)}</td><td>{r.width_mm:g} × {r.height_mm:g}</td><td>{r.scale}%</td>"
            f"<td>{e(r.front)}</td><td>{e(r.back)}</td><td>{r.quantity}</td></tr>" for r in tabletopia)
        sections.append("<section><h2>Tabletopia</h2><p>Objects to create, from tabletopia/manifest.csv:</p>"
                        "<table><tr><th>type</th><th>name</th><th>mm</th><th>scale</th><th>front</th><th>back</th>"
                        f"<th>quantity</th></tr>{rows}</table></section>")
    tts = sorted(p.name for p in (b.out / "tts").glob("*.jpg")) if (b.out / "tts").is_dir() else []
    if tts:
        sections.append('<section><h2>Tabletop Simulator</h2><p>tts/saved-object.json uses these sheets.</p>'
                        '<div class="grid">' + "".join(_figure(f"tts/{n}", n) for n in tts if "back" not in n)
                        + "</div></section>")
    pod = sorted((b.out / "pod").rglob("*.png")) if (b.out / "pod").is_dir() else []
    if pod:
        sections.append(f"<section><h2>Print on demand</h2><p>{len(pod)} images of 825 × 1125 px for The Game "
                        "Crafter's poker cards, in pod/.</p></section>")
    sections = [_drop_missing(section, b.out) for section in sections]
    if "png" not in b.options.formats and not (b.out / "png" / "cards").is_dir():
        sections.insert(0, "<p>No pictures: build with PNG among the formats to see them here.</p>")
    page = _PAGE.format(lang=e(language), title=e(game.title.get(language)),
                        summary=e(f"{len(game.cards)} cards in {len(game.suits)} suits."), sections="\n".join(sections))
    b.write("index.html", page.encode("utf-8"))
