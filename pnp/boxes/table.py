"""The table kind: a title, a header row and a row of cells for each element of a list."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator, Mapping

from ..scene import Node, Rect, Style, Text
from ..units import mm, to_mm
from .context import Context
from .kind import box_kind
from .printing import Cell, Printing, Prints
from .settings import COLOUR, FONT, SIZE, TEXT, Setting, expression, listed, number, record

if TYPE_CHECKING:
    from ..layout.reader import Box


def _printed(box: "Box", env: Mapping[str, Any], language: str, default: str) -> Iterator[Printing]:
    """Its title, its header and each row's cells, as _table draws them, each with the room it
    has: from its column's start to where the row's next text starts (a text may run over
    empty cells)."""
    spec = box.get("table") or {}
    size = box.get("size") or 7.5
    columns = spec.get("columns") or [0.0]
    bold, body = spec.get("title_font") or "heading", box.get("font") or "body"

    def row_of(sources: list, inner: dict, font: str) -> Iterator[Printing]:
        texts = []
        for source in sources:
            template = source.get(language, default)
            try:
                texts.append((template, template.render(inner, language)))
            except Exception:  # an expression that fails is reported by the build's checks
                texts.append((template, ""))
        starts = [columns[min(j, len(columns) - 1)] for j in range(len(texts))]
        for j, (template, text) in enumerate(texts):
            if text:
                end = next((starts[k] for k in range(j + 1, len(texts)) if texts[k][1] and starts[k] > starts[j]), 1.0)
                yield Printing(template, text, font, Cell((end - starts[j]) * box.width, size, font))

    if spec.get("title") is not None:
        template = spec["title"].get(language, default)
        yield Printing(template, template.render(env, language), bold, Cell(box.width, size + 1.5, bold))
    yield from row_of(spec.get("header") or [], env, bold)
    for row in spec["rows"].evaluate(env) if spec.get("rows") is not None else []:
        yield from row_of(spec.get("cells") or [], dict(env, row=row), body)


def _refusal(box: "Box", name: str, text: str, cell: Cell) -> str:
    return (f"{name} {text!r} does not fit its {to_mm(cell.width):.3g} mm column of the {box.name} table at "
            f"{cell.size:g} pt")


@box_kind("table", "A table with a title and a header row: rows is an expression giving a list, and each row "
          "prints its cells (templates that can use `row`), each column starting at its share of the width.",
          'prices: {x: 6, y: 6, width: 51.5, height: 33, table: {title: "{labels.prices}", columns: [0, 0.5], '
          'header: [Cards, Price], rows: "range(1, 6)", cells: ["{row}", "{row * (row - 1) // 2}"]}}',
          {"table": record({
              "title": TEXT, "title_font": Setting({"type": "string"}), "columns": listed(number(minimum=0, maximum=1)),
              "header": listed(TEXT), "rows": expression("An expression giving the rows: each is `row` in the cells."),
              "cells": listed(TEXT)}, required=("rows", "cells")),
           "font": FONT, "size": SIZE, "colour": COLOUR, "accent": COLOUR, "paper": COLOUR, "stripe": COLOUR},
          ("row",), Prints(_printed, refusal=_refusal))
def _table(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    return table_nodes(box, ctx, env)


def table_nodes(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    """A table box's nodes for one item (drawn here, not in the registered function, which
    mutation testing leaves alone as it does every decorated one)."""
    spec = box.get("table") or {}
    font, bold = ctx.font(box, "body"), ctx.fonts[spec.get("title_font") or "heading"]
    size = box.get("size") or 7.5
    ink = ctx.colour(box.get("colour"), env, ctx.ink()) or ctx.ink()
    accent = ctx.colour(box.get("accent"), env, ink) or ink
    paper = ctx.colour(box.get("paper"), env, ctx.paper()) or ctx.paper()
    stripe = ctx.colour(box.get("stripe"), env, None)
    rows = [[ctx.text(cell, env) for cell in spec.get("header") or []]]
    for row in spec["rows"].evaluate(env) if spec.get("rows") is not None else []:
        inner = dict(env, row=row)
        rows.append([ctx.text(cell, inner) for cell in spec.get("cells") or []])
    columns = spec.get("columns") or [0.0]
    nodes: list[Node] = []
    title = ctx.text(spec.get("title"), env)
    title_size = size + 1.5
    top = box.y
    if title:
        nodes.append(Text(box.x, box.y + bold.cap_height * title_size, title, bold.name, title_size, accent))
        top = box.y + title_size + mm(1.5)
    row_height = (box.bottom - top) / max(len(rows), 1)
    for i, cells in enumerate(rows):
        y = top + i * row_height
        if i == 0:
            nodes.append(Rect(box.x, y, box.width, row_height, Style(fill=accent)))
        elif i % 2 == 0 and stripe:
            nodes.append(Rect(box.x, y, box.width, row_height, Style(fill=stripe)))
        for j, cell in enumerate(cells):
            f = bold if i == 0 else font
            x = box.x + columns[min(j, len(columns) - 1)] * box.width
            nodes.append(Text(x, y + (row_height + f.cap_height * size) / 2, cell, f.name, size,
                              paper if i == 0 else ink))
    return nodes
