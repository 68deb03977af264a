"""Tabletopia: one image per face and one per back, sized at 10 px per mm times a scale,
JPEG for rectangles and PNG with on/off alpha for round pieces and hex tiles, and a manifest (CSV and
JSON) of the objects to create in Tabletopia's editor: each object's type (its component type's),
a name that says what it is, its shape (a hex tile's object is made Hexagonal, a round one's
Round), the scale to enter and its files, with the steps to upload them."""

from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..components import types
from . import copy_rulebook, csv_of, export_name, object_name, rulebook
from ..scene import single
from ..units import to_mm

if TYPE_CHECKING:
    from ..kit.pieces import Kit
    from . import KitFiles

# bytes: the game objects' storage of Tabletopia's Basic (free) Workshop plan, as its FAQ for
# game designers states it (help.tabletopia.com/knowledge-base/faq-for-game-creators/)
BASIC_PLAN_STORAGE = 200_000_000
MAX_PX = 4000
ROOT = "tabletopia"


@dataclass(frozen=True)
class TabletopiaObject:
    """A row of the manifest: one object to create in Tabletopia's editor."""

    type: str  # Card, Token, Tile, Game Board
    name: str
    width_mm: float
    height_mm: float
    scale: int  # the percentage to enter in Tabletopia
    front: str
    back: str
    quantity: int
    shape: str = "rect"  # rect, round, square or hex: the outline of the piece
    component: str = ""  # the component type (card, token, tile, standee, board)
    set: str = ""  # the set it belongs to


# what Tabletopia's editor calls the shape to choose for an object of each of pnp's shapes
SHAPES = {"rect": "Rectangular", "square": "Rectangular", "round": "Round", "hex": "Hexagonal"}
FIELDS = ["type", "name", "width_mm", "height_mm", "scale", "front", "back", "quantity", "shape"]


def scale_to_enter(size_points: float, pixels: int) -> int:
    """Tabletopia shows 10 px per mm at 100 %: the percentage that gives the real size, to the
    nearest (a half up: 102.5 % is 103, not 102)."""
    return math.floor(100 * to_mm(size_points) * 10 / pixels + 0.5 + 1e-9)


def upload_steps(rows: list[TabletopiaObject]) -> list[str]:
    """The steps to make the manifest's objects in Tabletopia's Workshop, a shape's own step for
    each shape other than a rectangle (a hex tile's outline is Tabletopia's to cut)."""
    steps = ["In Tabletopia's Workshop, create the game.",
             "For each row of manifest.csv, create an object of its type with its name, from its front and "
             "back images (the cards of a set together, sharing their back).",
             "Set each object's scale to the row's scale and its quantity to the row's quantity."]
    for shape in ("hex", "round"):
        named = sorted({row.set or row.name for row in rows if row.shape == shape})
        if named:
            steps.append(f"For the {'hex' if shape == 'hex' else 'round'} pieces ({', '.join(named)}): choose "
                         f"{SHAPES[shape]} as the object's shape, so that it is cut to its outline on the table.")
    steps.append("Lay the objects out in a setup, and upload rules.pdf as the game's rules if the folder has it.")
    return steps


def shared_names(rows: list[TabletopiaObject]) -> list[str]:
    """A warning for each name two or more of the objects share (players cannot tell them apart
    in Tabletopia's lists), naming their sets."""
    by_name: dict[str, list[TabletopiaObject]] = {}
    for row in rows:
        by_name.setdefault(row.name, []).append(row)
    warnings = []
    for name, same in by_name.items():
        if len(same) > 1:
            sets = sorted({row.set for row in same})
            where = f"components.{sets[0]}" if len(sets) == 1 else \
                ", ".join(f"components.{s}" for s in sets[:-1]) + f" and components.{sets[-1]}"
            warnings.append(f"Tabletopia: {len(same)} objects are named '{name}' ({where}): give "
                            f"{'the set' if len(sets) == 1 else 'each set'} a `label:` that tells them apart")
    return warnings


def build(kit: "Kit", outputs: "KitFiles", options) -> list[TabletopiaObject]:
    """The images and the manifest's rows, by the workers: the rows are complete (a board's
    scale is worked out from its picture's width) once the build's workers are done."""
    dpi = 10 * options.tabletopia_scale / 100 * 25.4
    rows: list[TabletopiaObject] = []
    boards: list[tuple] = []  # (its row, the board, its picture's key and dpi, its set's width)
    waiting = []
    for name, sets in kit.print_groups():
        ctype = types()[sets[0].type]
        if ctype.whole is not None:
            for board in (b for s in sets for b in s.boards):
                component = sets[0].component
                longest = max(board.width, board.height) * dpi / 72  # (without composing it)
                board_dpi = dpi * min(1.0, MAX_PX / longest)
                relative = f"{ROOT}/{name}/{board.name}.jpg"
                row = TabletopiaObject(ctype.tabletopia, board.label, round(to_mm(component.width), 2),
                                       round(to_mm(component.height), 2), 0, relative, "", 1, component.shape,
                                       component.type, component.name)
                boards.append((len(rows), board, outputs.key(*board.key, "tabletopia", board_dpi), board_dpi,
                               component.width))
                rows.append(row)  # its scale once its picture is drawn
            continue
        named: dict[bool, list] = {}  # the images by whether they are cut to their outline (PNG)
        for s in sets:  # (a print file may hold several types: each set is its own type's object)
            component = s.component
            kind = types()[s.type]
            alpha = component.shape in ("round", "hex")  # cut to their outline: PNG
            ext = "png" if alpha else "jpg"
            px = math.ceil(component.width * dpi / 72 - 1e-6)
            backs = {}
            for back_name, back in s.backs():
                file = f"{ROOT}/{name}/{s.name + '-' if len(sets) > 1 else ''}{back_name}.{ext}"
                backs[back_name] = file
                named.setdefault(alpha, []).append((file, single(back)))
            for piece in s.pieces:
                front = f"{ROOT}/{name}/{export_name(s, piece)}.{ext}"
                named.setdefault(alpha, []).append((front, single(piece.face)))
                back = backs.get(piece.back_name) if piece.back_name else (front if piece.back is piece.face else "")
                rows.append(TabletopiaObject(kind.tabletopia, object_name(s, piece, kit.language, kit.game.language),
                                             round(to_mm(component.width), 2),
                                             round(to_mm(component.height), 2),
                                             scale_to_enter(component.width, px), front, back or "", piece.copies,
                                             component.shape, component.type, component.name))
        for alpha, images in (named or {False: []}).items():  # (a stage even for none)
            waiting.append(outputs.rasterize_later([page for _, page in images], dpi, [file for file, _ in images],
                                                   "tabletopia", f"Tabletopia: {name}", alpha=alpha))

    # a board's picture is drawn by a worker (some 50 MB while it is drawn), in full unless
    # over 4000 px a side, which Tabletopia does not take: rounding can add a pixel
    jobs = {place: outputs.draw_later(rows[place].front, key, lambda board=board: board.page, board_dpi,
                                         MAX_PX)
            for place, board, key, board_dpi, _ in boards}

    def finish() -> None:
        from PIL import Image

        for place, board, key, _, width_pt in boards:
            outputs.stage(f"Tabletopia: {board.name}", 1)
            relative = rows[place].front
            outputs.drawn(relative, key, jobs[place])
            with Image.open(outputs.path(relative)) as image:
                width = image.width
            rows[place] = replace(rows[place], scale=scale_to_enter(width_pt, width))
        for done in waiting:
            done()
        outputs.stage("Tabletopia: the manifest", 2 + (rulebook(outputs) is not None))
        write_manifest(outputs, rows, copy_rulebook(outputs, ROOT))  # it counts the images' bytes: after they are written
        for warning in shared_names(rows):
            outputs.warn(warning)

    outputs.then(finish)
    return rows


def write_manifest(outputs: "KitFiles", rows: list[TabletopiaObject], rules: str | None = None) -> None:
    outputs.write(f"{ROOT}/manifest.csv", csv_of(FIELDS, rows))
    files = sorted({row.front for row in rows} | {row.back for row in rows if row.back})
    total = sum(os.stat(outputs.path(f)).st_size for f in files)
    doc = {
        "objects": [{f: getattr(row, f) for f in FIELDS} for row in rows],
        "steps": upload_steps(rows),
        "files": len(files),
        "total_bytes": total,
        "basic_plan_storage_bytes": BASIC_PLAN_STORAGE,
        "over_basic_plan_storage": total > BASIC_PLAN_STORAGE,
    }
    if rules is not None:  # (uploaded as the game's rules, beside its objects)
        doc["rules"] = rules
    outputs.write(f"{ROOT}/manifest.json", (json.dumps(doc, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))
    if total > BASIC_PLAN_STORAGE:
        outputs.warn(f"the Tabletopia images total {total / 1e6:.1f} MB, more than the "
                                f"{BASIC_PLAN_STORAGE / 1e6:.0f} MB of game objects Tabletopia's free Workshop plan "
                                f"stores; try a smaller --tabletopia-scale")
