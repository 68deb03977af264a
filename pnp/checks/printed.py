"""What a game's layouts print, as the checks read it: every string, in every language, with
the box, font and cell it is printed in and where it comes from (worked out once a game, as
each box's kind says what it prints: pnp.boxes); every layout worked out for every piece in
every language as a build draws it (what fails, what a kind drew otherwise than asked); and the
walks of a layout's boxes the checks share."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterator

from ..boxes import kinds
from ..boxes.printing import Cell, Printing, Rows
from ..model.game import Text
from ..problems import Location
from ..load.schema import describe_path

if TYPE_CHECKING:
    from ..layout.reader import Box, Layout
    from ..model.game import ComponentSet, Game, Item, Origin

FIELD_TEMPLATE = re.compile(r"^\{\s*([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\s*\}$")


@dataclass(frozen=True)
class Printed:
    """A string a layout prints: in which box and font, and where it comes from."""

    text: str
    box: "Box"
    layout: "Layout"
    font: str  # role
    where: Location
    # what a message calls its source, worked out when one needs it: "card 'king': name.fr"
    # (its owner and field), the item's and the box's name, or the layout's and the box's
    who: Callable[[], tuple[str, str]]
    cell: "Cell | None" = None  # in a table, a track or a hex map: where it must fit (pnp.boxes.printing)

    @property
    def name(self) -> str:
        owner, field = self.who()
        return f"{owner}: {field}" if field else owner


@functools.lru_cache(maxsize=1024)
def field_path(source: str) -> tuple[str, ...] | None:
    """The fields a template prints, when it prints one field and nothing else: "{name}" is
    (name,), "{group.area.name}" (group, area, name)."""
    match = FIELD_TEMPLATE.match(source)
    return tuple(match.group(1).split(".")) if match else None


def _source(game: "Game", template: Any, item: "Item | None", language: str,
            row: tuple = ()) -> tuple["Origin | None", tuple, Any]:
    """The record and field a template prints, when it prints one field and nothing else:
    "{name}", "{group.name}", "{group.area.name}", or in a row of a list box over a field of
    records ("{entry.name}", `row` being the field and the row's index)."""
    path = field_path(template.source)
    if len(row) == 1 and path and path[0] == "entry" and len(path) == 2:  # a place box's element, a set's record
        record = row[0]
        value = record.fields.get(path[1])
        if value is None:
            return None, (), None
        where = (path[1],)
        if isinstance(value, Text) and value.localised:
            where += (language if language in dict(value.values) else next(iter(dict(value.values))),)
        return record.origin, where, record
    if row and path and path[0] == "entry" and len(path) == 2 and item is not None:
        entries = item.fields.get(row[0])
        entry = entries[row[1]] if isinstance(entries, list) and row[1] < len(entries) else None
        value = entry.get(path[1]) if isinstance(entry, dict) else None
        if value is None:
            return None, (), None
        where = (row[0], row[1], path[1])
        if isinstance(value, Text) and value.localised:
            where += (language if language in dict(value.values) else next(iter(dict(value.values))),)
        return item.origin, where, item
    if path and path[0] == "game" and len(path) == 2:  # the game's title, subtitle or a value
        from ..model.game import Origin

        key = path[1] if path[1] in ("title", "subtitle") else None
        value = getattr(game, key) if key else game.values.get(path[1])
        where = (key,) if key else ("values", path[1])
        if isinstance(value, Text) and value.localised:
            lang = language if language in dict(value.values) else next(iter(dict(value.values)))
            where += (lang,)
        return Origin(game.manifest), where, None
    if not path or item is None:
        return None, (), None
    record: Any = item
    component = game.sets[item.set]
    fields = component.fields
    for step in path[:-1]:
        if step == "group" and getattr(record, "group", None) is not None:
            record = record.group
            fields = game.sets[record.set].group_fields
            continue
        f = fields.get(step)
        value = record.fields.get(step) if hasattr(record, "fields") else None
        if f is None or f.type != "ref" or f.ref_field is not None or value is None:
            return None, (), None
        target = game.sets.get(f.ref_set or "")
        found = next((i for i in target.items if i.fields.get("id") == value), None) if target else None
        if found is None:
            return None, (), None
        record, fields = found, target.fields
    name = path[-1]
    if name not in getattr(record, "fields", {}):
        return None, (), None
    value = record.fields[name]
    if isinstance(value, Text) and value.localised:
        lang = language if language in dict(value.values) else next(iter(dict(value.values)))
        return record.origin, (name, lang), record
    return record.origin, (name,), record


def _describe(game: "Game", origin: "Origin", path: tuple) -> tuple[str, str]:
    """(owner, field) for a message: ("card 'king'", "name.fr")."""
    doc = game.documents.get(origin.file)
    if doc is None:
        return origin.file, ".".join(map(str, path))
    full = describe_path(doc, origin.path + path)
    owner, _, field = full.rpartition(": ")
    return (owner, field) if owner else (full, "")


def layouts(component: "ComponentSet") -> list["Layout"]:
    return list(component.faces.values()) + list(component.backs.values())


def _printing(boxes) -> bool:
    """Whether a box prints text (its kind says what: pnp.boxes), or the box drawn in its stead."""
    known = kinds()
    return any(known[box.kind].prints is not None or (box.get("else") is not None and _printing([box.get("else")]))
               for box in boxes)


def printed(game: "Game") -> list[Printed]:
    """Every string every layout prints, in every language, once per box and source."""
    if "printed" not in game.memo:
        game.memo["printed"] = list(_printed(game))
    return game.memo["printed"]


def _rendered(boxes, env: dict, language: str, default: str,
              row: tuple = ()) -> Iterator[tuple["Box", Printing, tuple]]:
    """Each text the boxes print in `env`, as their kinds say (pnp.boxes): a list's boxes once
    per row (with its `entry` and `number`, and the row as (field, index) when the list is a
    field) and a group's with it, the box drawn in another's stead with it."""
    known = kinds()
    for box in boxes:
        prints = known[box.kind].prints
        if prints is not None:
            try:
                if box.condition is None or box.condition.evaluate(env):
                    for found in prints.texts(box, env, language, default):
                        if isinstance(found, Rows):
                            inner = found.row if found.row is not None else _record_row(found.env, row)
                            yield from _rendered(found.boxes, found.env, language, default, inner)
                        elif found.text:
                            yield box, found, row
            except Exception:  # an expression that fails is the template check's
                pass
        if box.get("else") is not None:
            yield from _rendered([box.get("else")], env, language, default, row)


def _record_row(env: dict, row: tuple) -> tuple:
    """The row of a list's or a place box's element that is a set's record (an item or a
    group: a View of pnp.model.game), as (record,); else the holder's own row."""
    entry = env.get("entry")
    record = getattr(entry, "record", None)
    return (record,) if getattr(record, "origin", None) is not None else row


def _printed(game: "Game") -> Iterator[Printed]:
    seen: set = set()
    languages = game.languages or ("en",)
    for component in game.sets.values():
        for layout in layouts(component):
            if not _printing(layout.boxes):
                continue
            items = [None] if component.whole_board else [i for i in component.items if uses(component, i, layout)]
            item_names = frozenset(component.fields) | {"item", "items", "group", "id", "position", "copies"}
            for language in languages:
                views = game.views(language)
                for item in items:
                    env = dict(views.env(item) if item is not None else views.env())
                    if component.settings is not None:  # (a board's map)
                        env["map"] = component.settings.view(language, game.language)
                    env = layout.env(env, language, strict=False)
                    for box, found, row in _rendered(layout.boxes, env, language, game.language):
                        template, text, cell = found.template, found.text, found.cell
                        own = item is not None and bool(layout.reads(template.names) & item_names)
                        quick = (text, id(box), layout.file, id(item) if own else None, cell)
                        if quick in seen:  # the same text in another language, or for another item
                            continue
                        seen.add(quick)
                        origin, path, record = _source(game, template, item, language, row)
                        element = getattr(template, "element", None)  # (what does not fit in a place box)
                        if element is not None and element.record is not None:
                            where = element_place(game, element)
                            who = functools.partial(_layout_box, layout.file, box.name)
                        elif element is not None and len(row) == 1:  # (in the element of a place box around it)
                            where = game.locate(row[0].origin)
                            who = functools.partial(_layout_box, layout.file,
                                                    f"{box.name} (for {_describe(game, row[0].origin, ())[0]})")
                        elif origin is not None:
                            where = game.locate(origin, *path)
                            who = functools.partial(_describe, game, origin, path)
                        elif len(row) == 1 and "entry" in template.names and \
                                not _written(template, text, game.icons):  # (what an element's record gives)
                            where = game.locate(row[0].origin)
                            who = functools.partial(_record_box, game, row[0], box.name)
                        elif own:
                            where = game.locate(item.origin)
                            who = functools.partial(_item_box, component, item, box.name)
                        else:  # the same for every item: where the box says it
                            where = box_place(game, layout, box)
                            who = functools.partial(_layout_box, layout.file, box.name)
                        font = found.font
                        key_seen = (text, box.name, layout.file, font, where, cell)
                        if key_seen in seen:
                            continue
                        seen.add(key_seen)
                        yield Printed(text, box, layout, font, where, who, cell)


def _item_box(component: "ComponentSet", item: "Item", box: str) -> tuple[str, str]:
    return component.describe(item), box


def _written(template: Any, text: str, icons: Any) -> bool:
    """Whether the icons a text shows inline that the game lacks are all written in its
    template (the layout's typo, not the data's)."""
    from ..layout.textfit import inline_icons

    missing = {name for name in inline_icons(text) if name not in icons}
    return bool(missing) and missing <= set(inline_icons(getattr(template, "source", "")))


def _record_box(game: "Game", record: Any, box: str) -> tuple[str, str]:
    return _describe(game, record.origin, ())[0], box


def _layout_box(file: str, box: str) -> tuple[str, str]:
    return f"layout '{file}'", box


def box_place(game: "Game", layout: "Layout", box: "Box") -> Location:
    """Where a layout declares a box (the file of the layout, or of one it extends)."""
    return layout.locate(box, game.documents)


def uses(component: "ComponentSet", item: "Item", layout: "Layout") -> bool:
    """Whether `item` is drawn with `layout` (as its face or its back)."""
    return layout.file in (item.face, item.back)


def nested(boxes, rows: bool = False) -> Iterator["Box"]:
    """Every box, the boxes of each group and the box drawn in an image's stead (and, with
    `rows`, those a kind draws once for each element: a list's rows, a place box's elements).
    The checks that read a layout's boxes as written read them here (`drawn`: as drawn for a
    piece)."""
    known = kinds()
    for box in boxes:
        yield box
        kind = known[box.kind]
        if "boxes" in kind.settings and (rows or "entry" not in kind.names):
            yield from nested(box.get("boxes") or (), rows)
        if box.get("else") is not None:
            yield from nested([box.get("else")], rows)


def drawn(boxes, env: dict, language: str, default: str,
          element: Any = None) -> Iterator[tuple["Box", dict, Any]]:
    """Each box drawn for a piece in `env`, with the names its templates read there and the
    element of a place box it is drawn for (pnp.boxes.place.Element: the innermost whose data
    is a record's, else the outermost; None outside any): a box whose `if` holds, the boxes it
    holds as its kind draws them (a group's once, a list's for each row, a place box's for
    each element), the box drawn in its stead. What fails to be worked out is left out (the
    template check says so). The checks that read a piece's boxes read them here."""
    from ..boxes.place import element as element_of

    known = kinds()
    for box in boxes:
        kind = known[box.kind]
        try:
            if box.condition is not None and not box.condition.evaluate(env):
                continue
            inside = _rows(box, env, language, default)
        except Exception:  # (an expression that fails: the template check's)
            continue
        yield box, env, element
        for rows in inside:
            inner = element
            if box.kind == "place":
                here = element_of(box, env, rows.env.get("entry"), rows.env.get("number") or 0)
                inner = here if element is None or here.record is not None else element
            yield from drawn(rows.boxes, dict(rows.env), language, default, inner)
        if box.get("else") is not None:
            yield from drawn([box.get("else")], env, language, default, element)


def held(box: "Box", env: dict, language: str, default: str) -> Iterator[tuple["Box", dict]]:
    """The boxes a box holds, each with the names its templates read, as its kind draws them:
    a group's once, a list's for each row, a place box's for each element (none for a box that
    holds none). An expression that fails raises its error."""
    for rows in _rows(box, env, language, default):
        for sub in rows.boxes:
            yield sub, dict(rows.env)


def _rows(box: "Box", env: dict, language: str, default: str) -> list[Rows]:
    kind = kinds()[box.kind]
    if "boxes" not in kind.settings or kind.prints is None:
        return []
    return [found for found in kind.prints.texts(box, env, language, default) if isinstance(found, Rows)]


def element_place(game: "Game", element: Any) -> Location | None:
    """Where the data of a place box's element is (pnp.boxes.place.Element): None when it is
    no record's (a list the layout writes)."""
    if element is None or element.record is None:
        return None
    return game.locate(element.record.origin, *element.path)


# --- every layout worked out for every piece ----------------------------------------------------

@dataclass
class Worked:
    """What working out every layout for every piece found: the templates that fail, each
    once where it is written (a box, a layout's background or value) with the first piece it
    fails for and how many more; and what a kind drew otherwise than asked (Context.note),
    each once by box and piece, as (where, owner, box, layout, what, element): element, for a
    box of a place box's element, the element (pnp.boxes.place.Element), else None."""

    failures: dict = field(default_factory=dict)  # (where, message) -> [first piece, its language, the others]
    notes: list = field(default_factory=list)


def worked_out(game: "Game") -> Worked:
    """Every box of every layout worked out for every piece that uses it, in every language,
    by its kind as a build draws it (pnp.boxes: the drawing itself, with no icon drawn and
    no picture read), its layout's values and background first: what a build would meet is
    met here. Once a game (game.memo), for the checks that read it."""
    if "worked" not in game.memo:
        game.memo["worked"] = _worked_out(game)
    return game.memo["worked"]


def _no_icon(*args: Any) -> None:
    return None


def _envs(game: "Game", component: "ComponentSet", layout: "Layout", language: str) -> Iterator[tuple[Any, dict]]:
    """Each piece drawn with `layout`, (its item or None, what its templates read) as a build
    composes it: a board drawn from the whole set once, with its map; each item's pieces
    (a two-sided token's sides: pnp.components)."""
    from ..components import types

    views = game.views(language)
    if component.whole_board:
        env = dict(views.env())
        if component.settings is not None:
            env["map"] = component.settings.view(language, game.language)
        yield None, env
        return
    kind = types()[component.type]
    for item in component.items:
        if uses(component, item, layout):
            for _, env in kind.pieces_of(views.env(item)):
                yield item, dict(env)


def _worked_out(game: "Game") -> Worked:
    from .. import expr
    from ..boxes.context import Art, Context
    from ..components import types
    from ..layout.fonts import find_font, metrics
    from ..layout.worked import ValueFailed
    from .files import art_files

    found = Worked()
    fonts = {role: find_font(name, game.root) for role, name in game.font_roles.items()}
    if not fonts or None in fonts.values():
        return found  # (missing-font says so; nothing prints without its fonts)
    fonts = {role: metrics(path) for role, path in fonts.items()}
    art = {path: Art(path, 1, 1) for *_, path in art_files(game)}  # (a picture's size is not needed here)
    noted: set = set()
    works: dict[int, bool] = {}  # whether a box holds anything worked out, by box (each layout's, held meanwhile)

    def fail(where: Location, message: str, owner: str, language: str) -> None:
        known = found.failures.setdefault((where, message), [owner, language, set()])
        if owner != known[0]:
            known[2].add(owner)

    for component in game.sets.values():
        if not types()[component.type].printed:
            continue
        for layout in layouts(component):
            for language in game.languages or (game.language,):
                notes: list = []
                for item, env in _envs(game, component, layout, language):
                    ctx = Context(fonts, game.icons, art, language, game.language, layout,  # (a piece's own, as built)
                                  {"game": game, "set": component}, _no_icon, notes, drawing=False)
                    owner = component.describe(item) if item is not None else f"board '{component.name}'"
                    try:
                        env = layout.env(env, language)
                    except ValueFailed as exc:
                        doc = game.documents.get(exc.value.file)
                        where = doc.locate(exc.value.at) if doc is not None else Location(exc.value.file)
                        fail(where, f"layout '{layout.file}': values.{exc.value.name}: {exc.message}", owner, language)
                        continue
                    if layout.background is not None and layout.background.template is not None:
                        try:
                            ctx.colour(layout.background, env)
                        except expr.ExpressionError as exc:
                            fail(_background(game, layout), f"layout '{layout.file}': background: {exc.message} in "
                                 f"{layout.background.template.source!r}", owner, language)
                    failed = _drawn(layout, ctx, env, works)
                    if failed is None:  # (a box read what one the same for every piece keeps: all drawn)
                        notes.clear()
                        ctx = Context(fonts, game.icons, art, language, game.language, layout,
                                      {"game": game, "set": component}, _no_icon, notes, drawing=False)
                        failed = _drawn(layout, ctx, env, None)
                    for box, message, element in failed:
                        fail(element_place(game, element) or box_place(game, layout, box),
                             f"layout '{layout.file}': box '{box.name}': {message}", owner, language)
                    for box, what, *inside in notes:
                        element = inside[0] if inside else None
                        if (id(box), owner, element, what) not in noted:
                            noted.add((id(box), owner, element, what))
                            where = element_place(game, element) or (
                                game.locate(item.origin) if item is not None else box_place(game, layout, box))
                            found.notes.append((where, owner, box, layout, what, element))
                    notes.clear()
    return found


def _drawn(layout: "Layout", ctx: Any, env: dict, works: dict | None) -> list | None:
    """Each box of a piece drawn as a build draws it: those that fail, with what they say.
    With `works` (whether each box holds anything worked out for a piece, kept by box), a
    box the same for every piece is left alone; should a box then fail otherwise than on a
    template (it may read what such a box keeps for it: a map's frame), None, to draw them all."""
    from .. import expr
    from ..boxes import draw_box

    failed = []
    left = False
    for box in layout.boxes:
        if works is not None:
            if id(box) not in works:
                works[id(box)] = _works_out(box)
            if not works[id(box)]:
                left = True
                continue
        try:
            draw_box(box, ctx, env)
        except expr.ExpressionError as exc:
            failed.append((box, exc.message, getattr(exc, "element", None)))  # (a place box's element)
        except MemoryError:
            raise
        except Exception as exc:  # (pnp's own fault: said here rather than as a build's traceback)
            if left:
                return None
            failed.append((box, f"pnp cannot draw it ({type(exc).__name__}: {exc})", None))
    return failed


def _background(game: "Game", layout: "Layout") -> Location:
    """Where a layout's background is written (in its file, or in one it extends)."""
    for file in layout.sources:
        doc = game.documents.get(file)
        if doc is not None and "background" in (doc.data or {}):
            return doc.locate(("background",))
    return Location(layout.file)


def _works_out(box: "Box") -> bool:
    """Whether a box holds anything worked out for each piece: an `if`, a template, an
    expression, a switch (its own, or a box's inside it)."""
    return box.condition is not None or _holds_work(box.settings)


def _holds_work(value: Any) -> bool:
    from .. import expr
    from ..layout.reader import Box
    from ..layout.values import Colour, Localised, Switch

    if isinstance(value, (expr.Template, expr.Expression, Localised, Switch)):
        return True
    if isinstance(value, Colour):
        return value.template is not None
    if isinstance(value, Box):
        return value.condition is not None or _holds_work(value.settings)
    if isinstance(value, dict):
        return any(_holds_work(v) for v in value.values())
    if isinstance(value, (list, tuple)):
        return any(_holds_work(v) for v in value)
    return False
