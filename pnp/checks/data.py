"""pnp's checks of a game's data: ids that are unique, and references that name something."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..load.fields import references
from ..problems import Severity
from . import Found, rule

if TYPE_CHECKING:
    from ..model.game import Game


def _declared(game: "Game", kind: str, target: str, field: str) -> bool:
    return any(c.kind == kind and c.target == target and c.spec.get(kind) == field for c in game.checks)


def duplicate_id(game: "Game") -> Found:
    for component in game.sets.values():
        if component.declaration.get("items_of"):
            continue
        for target, records in ((component.name, component.items), (f"{component.name}.groups", component.groups)):
            if _declared(game, "unique", target, "id"):
                continue  # the game's own check says it
            first: dict[str, Any] = {}
            for record in records:
                if record.id in first:
                    earlier = game.locate(first[record.id].origin, "id")
                    noun = component.noun[0] if records is component.items else component.group_key or "group"
                    yield game.locate(record.origin, "id"), f"{noun} id '{record.id}' is already used at {earlier}"
                else:
                    first[record.id] = record


rule("duplicate-id", Severity.ERROR, "Two items of a set, or two groups, share an id (ids name their "
     "files).")(duplicate_id)


def unknown_reference(game: "Game") -> Found:
    if not game.complete:
        return
    for component in game.sets.values():
        if component.declaration.get("items_of"):
            continue
        for target, fields, records in ((component.name, component.fields, component.items),
                                        (f"{component.name}.groups", component.group_fields, component.groups)):
            for name, f in fields.items():
                if _declared(game, "references", target, name):
                    continue
                for record in records:
                    group = record if records is component.groups else record.group
                    owner = (f"{component.group_key or 'group'} '{record.id}'" if records is component.groups
                             else component.describe(record))
                    for path, ref, v in references(f, record.fields.get(name), (name,)):
                        pool = game.sets.get(ref.ref_set or "")
                        if pool is None or v is None:
                            continue
                        values = {i.fields.get(ref.ref_field or "id") for i in pool.items
                                  if ref.within != "group" or (i.group is not None and group is not None
                                                               and i.group.id == group.id)}
                        if v in values:
                            continue
                        what = pool.noun[0] if ref.ref_field is None else f"{ref.ref_field} of {pool.noun[1]}"
                        known = ", ".join(sorted(str(v) for v in values if v is not None)) or "none"
                        shown = name if all(isinstance(p, int) for p in path[1:]) else \
                            name + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path[1:])
                        yield game.locate(record.origin, *path), f"{owner}: {shown} '{v}' names no {what} (there are: {known})"


rule("unknown-reference", Severity.ERROR, "A reference field names an item (or a value) that does not "
     "exist.")(unknown_reference)
