"""Tabletop Simulator: deck sheets of at most 10 x 7 cells (the last cell the hidden card)
for every set that is a deck, and a saved object holding the decks, the tokens and the
boards (whose images are Tabletopia's)."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from ..components import types
from ..scene import Definition, single

if TYPE_CHECKING:
    from concurrent.futures import Future

    from ..kit import Kit
    from ..outputs import Outputs
    from .tabletopia import TabletopiaObject

COLUMNS, ROWS = 10, 7
TILE_TYPES = {"rect": 0, "square": 0, "hex": 1, "round": 2}  # Tabletop Simulator's custom tile shapes
SHEET_PX = 4096


def _transform(x: float = 0.0, z: float = 0.0) -> dict:
    return {"posX": x, "posY": 1.0, "posZ": z, "rotX": 0.0, "rotY": 180.0, "rotZ": 0.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def _draw_sheets(pdf: bytes, dpi: float, cells: list[int], sheets: list[tuple[str, int, int, list[int]]],
                 back_file: str | None) -> None:
    """In a worker process: rasterize the PDF's pages (the cards numbered `cells`, then the
    hidden card) and write each sheet (file, columns, rows, its cards) and the back as JPEG."""
    from PIL import Image

    from ..backends.png import jpeg_bytes, rasterize
    from ..files import write_atomic

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


def _sheets(outputs: "Outputs", name: str, faces: Sequence[Definition], back: Definition
            ) -> tuple[list[tuple[str, int, int]], list[tuple[str, str]], "Future | None"]:
    """Deck sheets of at most 10 x 7 cells, the last cell of each the hidden card (the back).
    Returns (file, columns, rows) per sheet, the (file, key) of each file being drawn, and
    the worker's task drawing them: only sheets whose cards changed are drawn again."""
    per_sheet = COLUMNS * ROWS - 1
    dpi = (SHEET_PX // COLUMNS) / (back.width / 72)
    sheets, work, drawing = [], [], []
    for number, start in enumerate(range(0, len(faces), per_sheet), start=1):
        cards = list(range(start, min(start + per_sheet, len(faces))))
        # Tabletop Simulator wants at least two rows and at most 10 x 7 cells
        rows = max(2, math.ceil((len(cards) + 1) / COLUMNS))
        columns = math.ceil((len(cards) + 1) / rows)
        relative = f"tts/{name}-{number}.jpg"
        sheets.append((relative, columns, rows))
        key = outputs.key("tts", [faces[i] for i in cards], back, dpi)
        if not outputs.reusable(relative, key, counted=False):
            work.append((str(outputs.out / relative), columns, rows, cards))
            drawing.append((relative, key))
    back_file, back_key = f"tts/{name}-back.jpg", outputs.key("tts-back", back, dpi)
    back_kept = outputs.reusable(back_file, back_key, counted=False)
    if not back_kept:
        drawing.append((back_file, back_key))
    if not drawing:
        return sheets, drawing, None
    # only the cards of the sheets that changed, and the hidden card
    cells = sorted({i for *_, cards in work for i in cards})
    pdf = outputs.pdf([single(d) for d in [*(faces[i] for i in cells), back]])
    task = outputs.workers.submit(_draw_sheets, pdf, dpi, cells, work, None if back_kept else str(outputs.out / back_file))
    return sheets, drawing, task


def _deck(nickname: str, name: str, sheets: list[tuple[str, int, int]], cards: Sequence[tuple[str, int]],
          first_deck: int, x: float) -> dict:
    """A DeckCustom whose cards are (nickname, index into the unique faces)."""
    per_sheet = COLUMNS * ROWS - 1
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


def start(kit: "Kit", outputs: "Outputs", options, tabletopia: list["TabletopiaObject"]) -> None:
    """The deck sheets go to a worker process at once; the saved object, which places the
    Tabletopia tokens and boards (`tabletopia`, filled in by then), is written at the end."""
    title = kit.game.title.get(kit.language)
    objects, tasks, decks = [], [], []
    first_deck = 1
    for pieces in kit:
        if not types()[pieces.type].deck or not pieces.pieces:
            continue
        faces = [p.face for p in pieces.pieces]
        back = next((p.back for p in pieces.pieces if p.back is not None), faces[0])
        sheets, drawing, task = _sheets(outputs, pieces.name, faces, back)
        tasks.append((drawing, task))
        decks.append(sheets)
        cards = [(p.label, i) for i, p in enumerate(pieces.pieces) for _ in range(p.copies)]
        set_title = pieces.component.title.get(kit.language, kit.game.language)
        objects.append(_deck(f"{title}: {set_title}", pieces.name, sheets, cards, first_deck, 8.0 * len(decks) - 8.0))
        first_deck += len(sheets)

    def finish() -> None:
        outputs.progress.stage("Tabletop Simulator: deck sheets", sum(len(d) + 1 for d in decks) + 1)
        outputs.progress.advance(sum(len(d) + 1 for d in decks) - sum(len(drawing) for drawing, _ in tasks))
        for drawing, task in tasks:
            if task is not None:
                task.result()
                for relative, key in drawing:
                    outputs.made(relative, key)
        for row in tabletopia:
            if row.component == "standee":
                for _ in range(row.quantity):
                    objects.append({"Name": "Figurine_Custom", "Nickname": row.name, "Transform": _transform(-16.0),
                                    "CustomImage": {"ImageURL": row.front, "ImageSecondaryURL": row.back or row.front,
                                                    "ImageScalar": 1.0, "WidthScale": 0.0}})
            elif row.type in ("Token", "Tile"):
                for _ in range(row.quantity):
                    objects.append({"Name": "Custom_Tile", "Nickname": row.name, "Transform": _transform(-8.0),
                                    "CustomImage": {"ImageURL": row.front, "ImageSecondaryURL": row.back,
                                                    "ImageScalar": 1.0, "WidthScale": 0.0,
                                                    "CustomTile": {"Type": TILE_TYPES.get(row.shape, 0),
                                                                   "Thickness": 0.2, "Stackable": True,
                                                                   "Stretch": True}}})
            elif row.type == "Game Board":
                objects.append({"Name": "Custom_Board", "Nickname": row.name, "Transform": _transform(0.0, 20.0),
                                "CustomImage": {"ImageURL": row.front, "ImageSecondaryURL": "", "ImageScalar": 1.0,
                                                "WidthScale": 0.0}})
        doc = {"SaveName": title, "Note": "Image paths are relative to the out/ folder: "
               "upload the images and replace each path with its URL.", "ObjectStates": objects}
        outputs.write("tts/saved-object.json", (json.dumps(doc, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))

    outputs.workers.then(finish)
