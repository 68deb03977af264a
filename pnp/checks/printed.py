"""What a game's layouts print, as the checks read it: every string, in every language, with
the box, font and cell it is printed in and where it comes from (worked out once a game, as
each box's kind says what it prints: pnp.boxes); and the walks of a layout's boxes the
checks share."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
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
                            yield from _rendered(found.boxes, found.env, language, default,
                                                 row if found.row is None else found.row)
                        elif found.text:
                            yield box, found, row
            except Exception:  # an expression that fails is reported by the build's checks
                pass
        if box.get("else") is not None:
            yield from _rendered([box.get("else")], env, language, default, row)


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
                        if origin is not None:
                            where = game.locate(origin, *path)
                            who = functools.partial(_describe, game, origin, path)
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
    `rows`, those of a list's rows)."""
    for box in boxes:
        yield box
        if box.kind == "group" or (rows and box.kind == "list"):
            yield from nested(box.get("boxes") or (), rows)
        if box.get("else") is not None:
            yield from nested([box.get("else")], rows)

