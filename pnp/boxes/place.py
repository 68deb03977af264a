"""The place kind: boxes drawn once for each element of a list (records, or a set's items),
each where its data puts it: at its x and y (in mm from the box's corner), or in a cell of a
grid (its col and row, or the next free cell), as large as its width and height say and
turned by its rotate. A board's action spaces, a map's city spots or a market row are data,
not boxes written one by one. What does not fit (an element outside the box, without a
place, in no cell) is said by `pnp validate` for the item (pnp.boxes.misfits)."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Iterator, Mapping

from .. import expr
from ..scene import Group, Node, chain, rotate, scale, translate
from ..units import mm, to_mm
from .context import Context
from .kind import box_kind, draw_box
from .misfits import describe, misfit, number_of, said
from .printing import Printing, Prints, Rows
from .settings import BOXES, expression, length, record, whole

if TYPE_CHECKING:
    from ..layout.reader import Box

MAX_PLACED = 10_000  # a place box draws its boxes for at most these elements (a game folder is untrusted)
MAX_CELLS = 1_000  # nor has more columns, or rows, in its grid


@dataclass(frozen=True)
class Spot:
    """Where an element is drawn: its rectangle on the piece (points), its turn about its
    centre (degrees), and the size its boxes are laid out for (they are scaled to its own)."""

    x: float
    y: float
    width: float
    height: float
    turn: float
    design: tuple[float, float]


def _cell(box: "Box") -> tuple[float, float] | None:
    grid = box.get("grid")
    if not grid:
        return None
    return box.width / (grid.get("columns") or 1), box.height / (grid.get("rows") or 1)


def _bounds(spot: Spot) -> tuple[float, float, float, float]:
    """The rectangle an element covers once turned (x0, y0, x1, y1)."""
    cx, cy = spot.x + spot.width / 2, spot.y + spot.height / 2
    a = math.radians(spot.turn)
    half_w = (abs(spot.width * math.cos(a)) + abs(spot.height * math.sin(a))) / 2
    half_h = (abs(spot.width * math.sin(a)) + abs(spot.height * math.cos(a))) / 2
    return cx - half_w, cy - half_h, cx + half_w, cy + half_h


class Wrong(str):
    """What does not fit in a place box, as said, and the element it is said of (`entry`, its
    `number` from 1), if it is one's: the check locates it at the element's data."""

    entry: Any = None
    number: int | None = None


def _wrong(said: str, entry: Any = None, number: int | None = None) -> Wrong:
    found = Wrong(said)
    found.entry, found.number = entry, number
    return found


@dataclass(frozen=True)
class Element:
    """An element a place box draws, as a message names and locates it: `name` (its id or
    name, or its place), and the record whose data it is (an item or group of a set, or the
    item whose field the box places) with the path to it below the record's origin; record
    None when the data is the layout's own (a list written in the expression)."""

    place: str  # the place box's name
    name: str
    record: Any = None
    path: tuple = ()


def element(box: "Box", env: Mapping[str, Any], entry: Any, number: int) -> Element:
    """The element `entry` (number from 1) of a place box drawn in `env`, located."""
    name = describe(entry, number)
    record = getattr(entry, "record", None)  # (an item or a group of a set: pnp.model.game.View)
    if getattr(record, "origin", None) is not None:
        return Element(box.name, name, record)
    source = box.get("place").source.strip() if box.get("place") is not None else ""
    item = getattr(env.get("item"), "record", None)
    if source.isidentifier() and getattr(item, "origin", None) is not None and source in item.fields:
        return Element(box.name, name, item, (source, number - 1))
    return Element(box.name, name)


@dataclass(frozen=True)
class AtElement:
    """What does not fit in a place box as a template the check reads (source and names: the
    place expression's), said of an element: the check locates it at the element's data."""

    source: str
    names: frozenset
    element: Element


class Placed(expr.ExpressionError):
    """A template that fails drawing an element of a place box (`element`: the innermost one
    whose data is a record's, else the outermost), said with the element and its box."""

    def __init__(self, message: str, element: Element | None = None) -> None:
        super().__init__(message)
        self.element = element


def _cells(box: "Box", entries: list, numbers: list[dict]) -> tuple[dict, Wrong | None]:
    """The cells elements are given (col and row), each element's by its index, or what is
    wrong: a cell outside the grid, or two elements given one cell (drawn over each other)."""
    columns, rows = box.get("grid").get("columns") or 1, box.get("grid").get("rows") or 1
    given: dict[int, tuple[int, int]] = {}
    holder: dict[tuple[int, int], int] = {}
    for i, (entry, found) in enumerate(zip(entries, numbers)):
        if found["x"] is not None or (found["col"] is None and found["row"] is None):
            continue
        name = describe(entry, i + 1)
        col, row = int(found["col"] or 1), int(found["row"] or 1)
        if not (1 <= col <= columns and 1 <= row <= rows):
            return given, _wrong(f"{name}: its cell (col {col}, row {row}) is not in the {columns} x {rows} grid",
                                 entry, i + 1)
        if (col, row) in holder:
            first = holder[(col, row)]
            return given, _wrong(f"{name}: its cell (col {col}, row {row}) is taken by "
                                 f"{describe(entries[first], first + 1)}: two elements in one cell are drawn over "
                                 f"each other", entry, i + 1)
        holder[(col, row)] = i
        given[i] = (col, row)
    return given, None


def spots(box: "Box", env: Mapping[str, Any]) -> tuple[list, list[Spot], Wrong | None]:
    """The elements a place box draws its boxes for, where each goes, and what does not fit
    (None: all fits). The elements given a cell take it first; the others fill the free cells
    in reading order."""
    source = box.get("place")
    entries = source.evaluate(env) if source is not None else []
    if entries is None:
        return [], [], None
    if not isinstance(entries, (list, tuple)):
        from ..expr import not_a_list

        return [], [], _wrong(not_a_list(source.source, entries))
    if len(entries) > MAX_PLACED:
        return [], [], _wrong(f"{source.source} gives {len(entries)} elements, more than {MAX_PLACED}")
    each = box.get("each") or {}
    cell = _cell(box)
    design = (each.get("width"), each.get("height"))
    numbers = []
    for number, entry in enumerate(entries, 1):
        data = entry if isinstance(entry, Mapping) else {}
        numbers.append({key: number_of(data.get(key)) for key in ("x", "y", "width", "height", "rotate", "col", "row")})
        for key, value in numbers[-1].items():
            if data.get(key) is not None and value is None:
                return [], [], _wrong(f"{describe(data, number)}: its {key} is {data.get(key)!r}, not a number",
                                      entry, number)
    given, wrong = _cells(box, entries, numbers) if cell is not None else ({}, None)
    if wrong is not None:
        return [], [], wrong
    placed: list[Spot] = []
    taken = set(given.values())
    cursor = 0  # the first cell, in reading order, that may be free
    for number, (entry, found) in enumerate(zip(entries, numbers), 1):
        name = describe(entry if isinstance(entry, Mapping) else {}, number)

        def fault(what: str) -> Wrong:
            return _wrong(f"{name}{what}", entry, number)

        default = (design[0] or (cell[0] if cell else None), design[1] or (cell[1] if cell else None))
        w = mm(found["width"]) if found["width"] is not None else default[0]
        h = mm(found["height"]) if found["height"] is not None else default[1]
        if (found["width"] is not None and found["width"] <= 0) or (found["height"] is not None
                                                                   and found["height"] <= 0):
            return [], [], fault(": its width and height must be more than 0")
        if not w or not h:
            return [], [], fault(" gives no width and height, and the box has neither each: nor grid: to size it")
        if (found["x"] is None) != (found["y"] is None):
            return [], [], fault(f" gives {'x' if found['x'] is not None else 'y'} without "
                                f"{'y' if found['x'] is not None else 'x'}")
        if found["x"] is not None:
            x, y = box.x + mm(found["x"]), box.y + mm(found["y"])
        elif cell is None:
            return [], [], fault(" has no x and y, and the box has no grid: to place it in")
        else:
            columns, rows = box.get("grid").get("columns") or 1, box.get("grid").get("rows") or 1
            if number - 1 in given:
                col, row = given[number - 1]
            else:
                while cursor < columns * rows and (cursor % columns + 1, cursor // columns + 1) in taken:
                    cursor += 1  # (the cells in reading order, each looked at once)
                if cursor == columns * rows:
                    return [], [], fault(f" finds no free cell in the {columns} x {rows} grid")
                col, row = cursor % columns + 1, cursor // columns + 1
                taken.add((col, row))
            x = box.x + (col - 1) * cell[0] + (cell[0] - w) / 2
            y = box.y + (row - 1) * cell[1] + (cell[1] - h) / 2
        spot = Spot(x, y, w, h, found["rotate"] or 0.0, (default[0] or w, default[1] or h))
        x0, y0, x1, y1 = _bounds(spot)
        if x0 < box.x - 0.01 or y0 < box.y - 0.01 or x1 > box.right + 0.01 or y1 > box.bottom + 0.01:
            return [], [], fault(f" at ({to_mm(x - box.x):.4g}, {to_mm(y - box.y):.4g} mm), "
                                f"{to_mm(w):.4g} x {to_mm(h):.4g} mm"
                                + (f" turned {spot.turn:g}°" if spot.turn else "")
                                + f", runs out of the {to_mm(box.width):.4g} x {to_mm(box.height):.4g} mm box")
        placed.append(spot)
    return list(entries), placed, None


def _place_rows(box: "Box", env: Mapping[str, Any], language: str, default: str) -> Iterator[Printing | Rows]:
    """What does not fit, first and alone (said of the element it is in, if one's); else its
    boxes for each element, with where the element's data is: the field it places and the
    element's index when it places a field of the item, the record when it is an item or a
    group of a set."""
    entries, _, wrong = spots(box, env)
    if wrong is not None:
        template = box.get("place")
        if wrong.number is not None:
            template = AtElement(template.source, template.names, element(box, env, wrong.entry, wrong.number))
        yield misfit(template, str(wrong), "body")
        return
    source = box.get("place").source.strip()
    field = source if source.isidentifier() else None
    for number, entry in enumerate(entries, 1):
        record = getattr(entry, "record", None)
        row = (field, number - 1) if field else (record,) if getattr(record, "origin", None) is not None else None
        yield Rows(box.get("boxes") or (), dict(env, entry=entry, number=number), row)


@box_kind("place", "The boxes under boxes, drawn once for each element of a list (an expression: records, or a "
          "set's items) where the element says: at its x and y (mm from this box's corner to its top-left "
          "corner), or in a cell of this box's grid (columns x rows: its col and row from 1, or else the next free "
          "cell), each width x height mm (its own, or each's, or a grid cell's), turned by its rotate (degrees, "
          "about its centre). The boxes are laid out for each's size (or a cell's) and scaled to an element's "
          "own; inside, `entry` is the element and `number` its place from 1. An element outside the box, without "
          "a place, in no cell or in the cell another is given is a text-fit problem, said at the element's data "
          "when it is a set's or the item's.",
          'actions: {x: 10, y: 40, width: 260, height: 150, place: sets.actions.items, each: {width: 50, height: 30}, '
          'boxes: {frame: {x: 0, y: 0, width: 50, height: 30, rect: {stroke: ink}}, name: {x: 2, y: 2, width: 46, '
          'height: 8, text: "{entry.name}"}}}',
          {"place": expression("An expression giving a list: the boxes are drawn for each element, where it says."),
           "boxes": BOXES,
           "each": record({"width": length(), "height": length()},
                          description="For a place box: the size its boxes are laid out for, and an element's when "
                                      "it gives none (lengths, mm unless they carry a unit)."),
           "grid": record({"columns": whole(minimum=1, maximum=MAX_CELLS), "rows": whole(minimum=1, maximum=MAX_CELLS)},
                          required=("columns", "rows"),
                          description="For a place box: cells it is cut into, columns x rows, an element placed in "
                                      "its col and row (from 1) or the next free one.")},
          ("entry", "number"), Prints(_place_rows, refusal=lambda box, name, text, cell: said(box, name, cell) or ""))
def _place(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    return place_nodes(box, ctx, env)


def place_nodes(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    """A place box's nodes for one item (drawn here, not in the registered function, which
    mutation testing leaves alone as it does every decorated one). A template that fails for
    an element is said with it (Placed), and what a box of it notes (Context.note) carries it."""
    entries, placed, wrong = spots(box, env)
    if wrong is not None:
        return []
    nodes: list[Node] = []
    for number, (entry, spot) in enumerate(zip(entries, placed), 1):
        inner = dict(env, entry=entry, number=number)
        drawn: list[Node] = []
        noted = len(ctx.notes) if ctx.notes is not None else 0
        for sub in box.get("boxes") or ():
            try:
                drawn += draw_box(replace(sub, x=sub.x + spot.x, y=sub.y + spot.y), ctx, inner)
            except expr.ExpressionError as exc:
                raise _placed(exc, element(box, env, entry, number), sub.name) from exc
        if ctx.notes is not None and len(ctx.notes) > noted:
            here = element(box, env, entry, number)
            for i in range(noted, len(ctx.notes)):
                note = ctx.notes[i]
                if len(note) < 3 or note[2].record is None:  # (an inner place's element that is no record's)
                    ctx.notes[i] = (note[0], note[1], here)
        sx, sy = spot.width / spot.design[0], spot.height / spot.design[1]
        if abs(sx - 1) > 1e-9 or abs(sy - 1) > 1e-9:
            drawn = [Group(tuple(drawn), chain(translate(-spot.x, -spot.y), scale(sx, sy),
                                               translate(spot.x, spot.y)))]
        if spot.turn:
            cx, cy = spot.x + spot.width / 2, spot.y + spot.height / 2
            drawn = [Group(tuple(drawn), chain(translate(-cx, -cy), rotate(spot.turn), translate(cx, cy)))]
        nodes += drawn
    return nodes


def _placed(exc: expr.ExpressionError, here: Element, sub: str) -> Placed:
    """A template's failure in box `sub` of element `here`, said with them; located at the
    innermost element whose data is a record's (a slot of an action space: the action's)."""
    inner = getattr(exc, "element", None)
    keep = inner if inner is not None and inner.record is not None else here
    return Placed(f"{here.name}: box '{sub}': {exc.message}", keep)
