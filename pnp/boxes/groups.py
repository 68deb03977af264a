"""The kinds that hold boxes: a list draws its boxes once for each element of a list, a group
once, from its corner."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator, Mapping

from ..scene import Node
from .context import Context
from .kind import box_kind, draw_box
from .printing import Prints, Rows
from .settings import BOXES, Setting, expression, length

if TYPE_CHECKING:
    from ..layout.reader import Box


def _list_rows(box: "Box", env: Mapping[str, Any], language: str, default: str) -> Iterator[Rows]:
    """Its boxes for each element, with the field it lists and the element's index when it
    lists a field of the item."""
    listed = box.get("list")
    field = listed.source.strip() if listed.source.strip().isidentifier() else None
    for number, entry in enumerate(listed.evaluate(env) or (), 1):
        yield Rows(box.get("boxes") or (), dict(env, entry=entry, number=number),
                   (field, number - 1) if field else None)


@box_kind("list", "The boxes under boxes, drawn once for each element of a list (an expression), in rows of "
          "equal height down the box (or row_height apart from its top); inside, `entry` is the element and "
          "`number` its place from 1.",
          'phases: {x: 6, y: 17, width: 51.5, height: 66, list: phases, boxes: {title: {x: 0, y: 0, width: 51.5, '
          'height: 5, text: "{number}. {entry.name}"}}}',
          {"list": expression("An expression giving a list: the boxes are drawn for each element."), "boxes": BOXES,
           "row_height": length(description="For a list: the rows' pitch from the box's top (a length, mm unless it "
                                            "carries a unit), instead of sharing the box's height.")},
          ("entry", "number"), Prints(_list_rows))
def _list(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    return list_nodes(box, ctx, env)


def list_nodes(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    """A list box's nodes for one item (drawn here, not in the registered function, which
    mutation testing leaves alone as it does every decorated one)."""
    entries = box.get("list").evaluate(env) if box.get("list") is not None else []
    if not entries:
        return []
    row = box.get("row_height") or box.height / len(entries)
    nodes: list[Node] = []
    for i, entry in enumerate(entries):
        inner = dict(env, entry=entry, number=i + 1)
        for sub in box.get("boxes") or ():
            nodes += draw_box(_moved(sub, box.x, box.y + i * row), ctx, inner)
    return nodes


def _moved(sub: "Box", dx: float, dy: float) -> "Box":
    """A box of a group or list, placed relative to its parent's corner."""
    from dataclasses import replace

    return replace(sub, x=sub.x + dx, y=sub.y + dy)


def _group_rows(box: "Box", env: Mapping[str, Any], language: str, default: str) -> Iterator[Rows]:
    yield Rows(box.get("boxes") or (), env)


@box_kind("group", "The boxes under boxes, placed from this box's top-left corner and drawn with it: with rotate: "
          "180, the far half of a split card, read from the other end.",
          "fail-half: {x: 0, y: 44.45, width: 63.5, height: 44.45, rotate: 180, group: true, boxes: {word: {x: 4, "
          "y: 4, width: 55.5, height: 9, text: \"{fail}\"}}}",
          {"group": Setting({"const": True, "description": "Draw the boxes under boxes from this box's corner (with "
                                                           "rotate: 180, a split card's far half)."}),
           "boxes": BOXES},
          prints=Prints(_group_rows), outline=lambda box: ())  # (it draws nothing but its boxes)
def _group(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    nodes: list[Node] = []
    for sub in box.get("boxes") or ():
        nodes += draw_box(_moved(sub, box.x, box.y), ctx, env)
    return nodes
