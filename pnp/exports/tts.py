"""Tabletop Simulator: a saved object that loads as it is, and every image it uses, in tts/.

Each set of cards is a deck: sheets of at most 10 x 7 cells (the last cell the hidden card),
with a sheet of backs in the same cells when its cards' backs differ; in the saved object a
Deck lying face down whose cards each carry their own CustomDeck entry and CardID (deck id x
100 + cell). Tokens, tiles and sheets (player aids) are custom tiles of their shape, boards
locked custom tiles, standees custom figurines, with their images beside the sheets (the
Tabletopia export draws them; they are copied here). Every image is named by a URL: the
one given (--tts-base-url, where the folder is uploaded) followed by its path in tts/, or
else the file's own file:/// URL on the machine that built it. Every image's name ends in a
short hash of what it is drawn from (`cards-1-3f9a02c4.jpg`), so that an image whose content
changed has a new address: Tabletop Simulator keeps the images it has loaded by their address,
and a re-upload under the same names would leave the players with the old ones.

Tabletop Simulator's hex tile is flat-topped (its mesh wider than tall, 2 : sqrt(3)). A pointy
hex tile's image is turned a quarter turn (anticlockwise) to be flat-topped like the mesh, and
its object turned a quarter turn back (clockwise, seen from above) on the table, so that its
outline and its picture match and it lies as printed.

Tabletop Simulator keeps no size in mm, only each object's scale, and its table unit is
about an inch. A card at scale 1.0 is a poker card, 3.5 units (88.9 mm) tall, its width
following its cell's shape; a custom tile or figurine at scale 1.0 is 1.318 units (33.5 mm)
along its image's height, its width following the image: the relative sizes that saves of
printed games put their cards and their boards and tokens at. So each object's scale is its
height in mm over those, and the objects are laid out on the table in rows, a set to a row,
boards first, copies of a piece stacked in one place.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Sequence
from urllib.parse import quote

from ..components import types
from ..load.files import json_file
from ..scene import Definition, single
from ..units import to_mm
from ..words import word
from . import copy_rulebook, object_name, rulebook

if TYPE_CHECKING:
    from ..render.png import PDF
    from ..kit.pieces import Kit, PieceSet
    from . import KitFiles
    from .tabletopia import TabletopiaObject

COLUMNS, ROWS = 10, 7
PER_SHEET = COLUMNS * ROWS - 1  # the last cell shows the hidden card
SHEET_PX = 4096
UNIT_MM = 25.4  # a table unit: about an inch
CARD_AT_1 = 3.5  # units: a card's height at scale 1.0 (a poker card's 88.9 mm)
TILE_AT_1 = 1.318  # units: a custom tile's or figurine's height at scale 1.0
THICKNESS = 0.1  # units: a tile's thickness (its scale leaves it as it is)
TILE_TYPES = {"rect": 0, "square": 0, "hex": 1, "round": 2}  # custom tile shapes: box, hex, circle
GAP = 0.75  # units between objects on the table
RULEBOOK_SCALE = 1.5  # a Custom_PDF object at this scale reads like a page on the table
RULEBOOK_WIDTH, RULEBOOK_DEPTH = 3.5, 5.0  # units: its footprint there
ROW_WIDTH = 40.0  # units: the table's rows wrap at this width (or the boards' row, if wider)
FACE_DOWN = {"rotX": 0.0, "rotY": 180.0, "rotZ": 180.0}
FACE_UP = {"rotX": 0.0, "rotY": 180.0, "rotZ": 0.0}
TURNED = 90.0  # degrees about the vertical (clockwise seen from above): a pointy hex tile's object
HASH_LENGTH = 8  # hex digits of the content hash that ends each image's name


def _round(value: float) -> float:
    return round(value, 4)


def transform(x: float, z: float, scale: float, face_down: bool = False, y: float = 1.0, turn: float = 0.0) -> dict:
    """A Transform: on the table at (x, z) units, turned to face the players (and `turn`
    degrees more about the vertical), scaled alike across (x) and along (z), its thickness as it is."""
    rotation = dict(FACE_DOWN if face_down else FACE_UP)
    rotation["rotY"] = (rotation["rotY"] + turn) % 360
    return {"posX": _round(x), "posY": _round(y), "posZ": _round(z), **rotation,
            "scaleX": _round(scale), "scaleY": 1.0, "scaleZ": _round(scale)}


def content_name(stem: str, key: str, extension: str) -> str:
    """An image's name in tts/: its stem, a short hash of the key of what it is drawn from (so a
    new content is a new address) and its extension."""
    return f"{stem}-{hashlib.sha256(key.encode('utf-8')).hexdigest()[:HASH_LENGTH]}{extension}"


def pointy(row: "TabletopiaObject") -> bool:
    """Whether a row is a pointy hex tile (taller than wide): turned to lie on the flat-topped mesh."""
    return row.shape == "hex" and row.height_mm > row.width_mm


def turn_image(data: bytes) -> bytes:
    """A PNG turned a quarter turn anticlockwise (a pointy hex made flat-topped), its on/off
    transparency kept."""
    import io

    from PIL import Image

    from ..render.png import png_bytes

    with Image.open(io.BytesIO(data)) as image:
        turned = image.transpose(Image.Transpose.ROTATE_90)
    return png_bytes(turned)


class Guids:
    """Six hex digits for each object, made from the game and the object's place in the save,
    never the same twice (Tabletop Simulator keeps an object by its GUID)."""

    def __init__(self, seed: str):
        self.seed = seed
        self.used: set[str] = set()

    def __call__(self) -> str:
        n = len(self.used)
        while True:
            guid = hashlib.sha256(f"{self.seed}:{n}".encode("utf-8")).hexdigest()[:6]
            if guid not in self.used:
                self.used.add(guid)
                return guid
            n += 1


def common(guids: Guids, name: str, nickname: str, where: dict, **more) -> dict:
    """The fields every object of a save has, in the order saves write them."""
    return {"GUID": guids(), "Name": name, "Transform": where, "Nickname": nickname, "Description": "",
            "GMNotes": "", "ColorDiffuse": {"r": 1.0, "g": 1.0, "b": 1.0}, "Locked": False, "Grid": True,
            "Snap": True, "IgnoreFoW": False, "Autoraise": True, "Sticky": True, "Tooltip": True,
            "GridProjection": False, "HideWhenFaceDown": False, "Hands": False, **more}


# --- deck sheets ------------------------------------------------------------------------------

@dataclass
class Sheet:
    """One deck sheet of a set: its file and grid; `backs` is its sheet of backs, cell for
    cell, when the set's backs differ."""

    file: str
    columns: int
    rows: int
    backs: str | None = None


def draw_sheet(pdfs: Sequence["PDF"], dpi: float, path: str, columns: int, rows: int, cells: list[list[int]]) -> None:
    """In a worker process: one deck sheet of `columns` x `rows` cells, from the PDFs of the
    hidden card and then each card the sheet shows (once, however many cells show it; their
    pages in turn, as many PDFs as the cards are drawn with different characters): each page
    is rasterized and pasted into its cells (`cells[page]`) in turn, the hidden card into the
    last cell too, and the sheet written as JPEG. Only the sheet and one card's picture are
    held at a time; a sheet of one cell is the hidden card alone."""
    from itertools import chain

    from PIL import Image

    from ..render.png import jpeg_bytes, rasterize
    from ..load.files import write_atomic

    sheet = None
    for page, image in enumerate(chain.from_iterable(rasterize(pdf, dpi) for pdf in pdfs)):
        w, h = image.size
        if sheet is None:  # the hidden card: every cell its size
            sheet = Image.new("RGB", (columns * w, rows * h), "white")
            cell = (w, h)
        for place in cells[page] + ([columns * rows - 1] if page == 0 else []):
            sheet.paste(image, ((place % columns) * cell[0], (place // columns) * cell[1]))
    write_atomic(Path(path), jpeg_bytes(sheet, dpi))


def deck_sheets(outputs: "KitFiles", pieces: "PieceSet") -> tuple[list[Sheet], str, Callable[[], None]]:
    """A set's deck sheets, its back's file and what waits for them: each sheet is a job for
    the workers, drawn from PDFs of its own cards (each card as its print file draws it where
    that looks the same, pnp.build.printed); only those whose cards changed are drawn again."""
    from ..scene import characters_by_font

    name = pieces.name
    faces = [p.face for p in pieces.pieces]
    backs = [p.back or p.face for p in pieces.pieces]
    hidden = next((p.back for p in pieces.pieces if p.back is not None), faces[0])
    unique = len({id(b) for b in backs}) > 1
    dpi = (SHEET_PX // COLUMNS) / (hidden.width / 72)
    sheets: list[Sheet] = []
    drawing: dict[object, tuple[str, str]] = {}  # each job and the file it draws, with its key
    # each sheet's PDF has the characters of the whole deck, as the PDF of the deck's PNG
    # images has: a card drawn for one is found in the form cache by the other
    chars = characters_by_font([single(d) for d in {id(d): d for d in [*faces, *backs, hidden]}.values()],
                               outputs.chars)

    def draw(relative: str, key: str, columns: int, rows: int, shown: list[Definition]) -> None:
        pages: list[Definition] = [hidden]
        cells: list[list[int]] = [[]]
        for place, d in enumerate(shown):
            page = next((i for i, seen in enumerate(pages) if seen is d), None)
            if page is None:
                page = len(pages)
                pages.append(d)
                cells.append([])
            cells[page].append(place)
        # (each card as its print file draws it, where that looks the same: placed from the build's cache)
        make, after = outputs.documents([single(d) for d in pages], chars)
        job = outputs.later(draw_sheet, lambda: (make(), dpi, outputs.path(relative), columns, rows, cells), after)
        drawing[job] = (relative, key)

    for number, start in enumerate(range(0, len(faces), PER_SHEET), start=1):
        cards = list(range(start, min(start + PER_SHEET, len(faces))))
        # Tabletop Simulator wants at least two rows and at most 10 x 7 cells
        rows = max(2, math.ceil((len(cards) + 1) / COLUMNS))
        columns = math.ceil((len(cards) + 1) / rows)
        keys = [outputs.key("tts", [drawn[i] for i in cards], hidden, dpi) for drawn in (faces, backs)]
        sheet = Sheet(content_name(f"{name}-{number}", keys[0], ".jpg"), columns, rows,
                      content_name(f"{name}-{number}-back", keys[1], ".jpg") if unique else None)
        sheets.append(sheet)
        for file, drawn, key in ((sheet.file, faces, keys[0]), (sheet.backs, backs, keys[1])):
            if file is None:
                continue
            relative = f"tts/{file}"
            if not outputs.reusable(relative, key, counted=False):
                draw(relative, key, columns, rows, [drawn[i] for i in cards])
    back_key = outputs.key("tts-back", hidden, dpi)
    back_file = content_name(f"{name}-back", back_key, ".jpg")  # the back all cards share (or else the sheets of backs)
    if not unique and not outputs.reusable(f"tts/{back_file}", back_key, counted=False):
        draw(f"tts/{back_file}", back_key, 1, 1, [])

    def wait() -> None:
        outputs.advance(files(sheets) - len(drawing))
        outputs.wait_for(list(drawing), lambda job: outputs.made(*drawing[job]))

    return sheets, back_file, wait


def files(sheets: list[Sheet]) -> int:
    """How many files a deck's sheets take: each sheet, its sheet of backs or the one back."""
    return 2 * len(sheets) if sheets[0].backs else len(sheets) + 1


# --- the saved object ------------------------------------------------------------------------

@dataclass
class Spot:
    """An object to place on the table: its footprint in units and what makes it, given
    its centre (x, z)."""

    width: float
    depth: float
    make: Callable[[float, float], list[dict]]
    row: str  # objects of one row (a set) start a new row together


def arrange(spots: list[Spot]) -> list[tuple[Spot, float, float]]:
    """Lay the spots out in rows from the far side of the table towards the players, a set
    to a row (wrapping when a row grows too wide), each row centred: each spot with its centre."""
    widest = max([ROW_WIDTH] + [s.width for s in spots])
    rows: list[list[Spot]] = []
    for spot in spots:
        current = rows[-1] if rows else None
        if current is None or current[0].row != spot.row or \
                sum(s.width + GAP for s in current) + spot.width > widest:
            rows.append([spot])
        else:
            current.append(spot)
    z = 0.0
    placed = []
    for row in rows:
        depth = max(s.depth for s in row)
        x = -(sum(s.width for s in row) + GAP * (len(row) - 1)) / 2
        for spot in row:
            placed.append((spot, x + spot.width / 2, z - depth / 2))
            x += spot.width + GAP
        z -= depth + GAP
    middle = z / 2  # the whole arrangement centred on the table
    return [(spot, x, z - middle) for spot, x, z in placed]


@dataclass
class SavedObject:
    """The saved object being made: its objects, their GUIDs and the deck ids used."""

    guids: Guids
    url: Callable[[str], str]
    objects: list[dict] = field(default_factory=list)
    next_deck: int = 1


def deck_spot(save: SavedObject, pieces: "PieceSet", nickname: str, sheets: list[Sheet], back_file: str,
              language: str, default: str) -> Spot:
    """A set of cards as a deck lying face down (a single card if the set has one), each card
    named as the exports name a piece in the kit's `language` (pnp.exports.object_name: its
    label, or its set's title where the label is only its id)."""
    component = pieces.component
    height = to_mm(component.height) / UNIT_MM
    scale = height / CARD_AT_1
    width = to_mm(component.width) / UNIT_MM
    sideways = component.width > component.height
    custom = {}
    first = save.next_deck
    for i, sheet in enumerate(sheets):
        custom[str(first + i)] = {"FaceURL": save.url(sheet.file), "BackURL": save.url(sheet.backs or back_file),
                                  "NumWidth": sheet.columns, "NumHeight": sheet.rows, "BackIsHidden": True,
                                  "UniqueBack": sheet.backs is not None, "Type": 0}
    save.next_deck += len(sheets)
    cards = [(object_name(pieces, p, language, default), first + i // PER_SHEET, i % PER_SHEET)
             for i, p in enumerate(pieces.pieces) for _ in range(p.copies)]

    def make(x: float, z: float) -> list[dict]:
        where = transform(x, z, scale, face_down=True)
        contained = [common(save.guids, "Card", label, dict(where), CardID=deck * 100 + cell, SidewaysCard=sideways,
                            HideWhenFaceDown=True, Hands=True, CustomDeck={str(deck): custom[str(deck)]})
                     for label, deck, cell in cards]
        if len(contained) == 1:
            return contained
        return [common(save.guids, "Deck", nickname, where, SidewaysCard=sideways, HideWhenFaceDown=True,
                       DeckIDs=[c["CardID"] for c in contained], CustomDeck=custom, ContainedObjects=contained)]

    return Spot(width, height, make, "decks")


def on_its_own(row: "TabletopiaObject") -> bool:
    """Whether a Tabletopia row is a piece of its own on the table (not a card of a deck, which
    is placed apart)."""
    kind = types()[row.component]
    return kind.printed and not kind.deck


def image_spots(save: SavedObject, rows: Sequence["TabletopiaObject"], copy: Callable[[str, bool], str]) -> list[Spot]:
    """Tokens, tiles, sheets, standees and boards, from the Tabletopia export's rows: one spot
    per piece, its copies stacked there; a pointy hex tile's images turned to the flat-topped
    mesh (its scale by the turned image's height, its width across the flats) and its object
    turned back."""
    spots = []
    for row in (r for r in rows if on_its_own(r)):
        kind = types()[row.component]
        board = kind.whole is not None  # (locked in its place, and placed first)
        width, height = row.width_mm / UNIT_MM, row.height_mm / UNIT_MM
        turned = pointy(row)
        scale = (width if turned else height) / TILE_AT_1
        front, back = save.url(copy(row.front, turned)), save.url(copy(row.back, turned)) if row.back else ""
        turn = TURNED if turned else 0.0

        def make(x: float, z: float, row=row, scale=scale, front=front, back=back, kind=kind,
                 board=board, turn=turn) -> list[dict]:
            if kind.tts == "Figurine_Custom":
                image = {"ImageURL": front, "ImageSecondaryURL": back or front, "ImageScalar": 1.0, "WidthScale": 0.0}
                return [common(save.guids, "Figurine_Custom", row.name, transform(x, z, scale, y=1.0 + i),
                               CustomImage=image) for i in range(row.quantity)]
            tile = {"Type": TILE_TYPES.get(row.shape, 0), "Thickness": THICKNESS, "Stackable": not board,
                    "Stretch": False}  # the tile takes its image's shape
            image = {"ImageURL": front, "ImageSecondaryURL": back, "ImageScalar": 1.0, "WidthScale": 0.0,
                     "CustomTile": tile}
            return [common(save.guids, "Custom_Tile", row.name,
                           transform(x, z, scale, y=1.0 + i * (THICKNESS + 0.02), turn=turn), Locked=board,
                           CustomImage=image)
                    for i in range(row.quantity)]

        spots.append(Spot(width, height, make, "board" if board else row.set))
    return spots


def rulebook_spot(save: SavedObject, nickname: str, url: str) -> Spot:
    """The rulebook as a Custom_PDF object (its fields as real saves write them), beside the board."""
    def make(x: float, z: float) -> list[dict]:
        return [common(save.guids, "Custom_PDF", nickname, transform(x, z, RULEBOOK_SCALE),
                       CustomPDF={"PDFUrl": url, "PDFPassword": "", "PDFPage": 0, "PDFPageOffset": 0})]
    return Spot(RULEBOOK_WIDTH, RULEBOOK_DEPTH, make, "rules")


def start(kit: "Kit", outputs: "KitFiles", options) -> Callable[[list["TabletopiaObject"]], None]:
    """The deck sheets go to a worker process at once; returns what writes the saved object,
    given the Tabletopia export's rows (whose tokens, tiles and boards it places), to do once
    their images are written."""
    title = kit.game.title.get(kit.language)
    decks = []
    for pieces in kit:
        if types()[pieces.type].deck and pieces.pieces:
            decks.append((pieces, *deck_sheets(outputs, pieces)))
    base = options.tts_base_url or (outputs.out / "tts").resolve().as_uri() + "/"
    base = base if base.endswith("/") else base + "/"

    def finish(rows: list["TabletopiaObject"]) -> None:
        images = {f for row in rows if on_its_own(row) for f in (row.front, row.back) if f}
        outputs.stage("Tabletop Simulator", sum(files(sheets) for _, sheets, _, _ in decks) + len(images) + 1
                      + (rulebook(outputs) is not None))
        for *_, wait in decks:
            wait()
        save = SavedObject(Guids(title), lambda file: base + quote(file))
        copied: dict[str, str] = {}

        def copy(relative: str, turned: bool = False) -> str:
            """A Tabletopia image copied into tts/ (the same folders, its name ending in its
            content's hash), turned to a flat-topped hex if `turned`: its path there."""
            if (relative, turned) not in copied:
                stem, dot, extension = relative.split("/", 1)[1].rpartition(".")
                key = outputs.key("tts-copy", outputs.key_of(relative), *(("turned",) if turned else ()))
                inside = content_name(stem, key, dot + extension)
                read = (lambda: turn_image(Path(outputs.path(relative)).read_bytes())) if turned else \
                    (lambda: Path(outputs.path(relative)).read_bytes())
                outputs.make(f"tts/{inside}", key, read)
                copied[relative, turned] = inside
            return copied[relative, turned]

        images = image_spots(save, rows, copy)
        spots = [s for s in images if s.row == "board"]
        rules = copy_rulebook(outputs, "tts")
        if rules is not None:
            spots.append(rulebook_spot(save, f"{title}: {word(kit.language, 'rules-title')}", save.url(rules)))
        spots += [deck_spot(save, pieces, f"{title}: {pieces.component.title.get(kit.language, kit.game.language)}",
                            sheets, back, kit.language, kit.game.language) for pieces, sheets, back, _ in decks]
        spots += [s for s in images if s.row != "board"]
        for spot, x, z in arrange(spots):
            save.objects += spot.make(x, z)
        doc = {"SaveName": title, "Date": "", "VersionNumber": "", "GameMode": title, "GameType": "",
               "GameComplexity": "", "Tags": [], "Gravity": 0.5, "PlayArea": 0.5, "Table": "", "Sky": "",
               "Note": f"{title}, made by pnp: {len(save.objects)} objects, their images in {base}",
               "TabStates": {}, "LuaScript": "", "LuaScriptState": "", "XmlUI": "", "ObjectStates": save.objects}
        outputs.write("tts/saved-object.json", json_file(doc))

    return finish
