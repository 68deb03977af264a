"""The table kind: a title, a header row and a row of cells for each element of a list."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ..scene import Node, Rect, Style, Text
from ..units import mm
from .context import Context
from .kind import box_kind
from .settings import COLOUR, FONT, SIZE, TEXT, Setting, expression, listed, number, record

if TYPE_CHECKING:
    from ..layout import Box


@box_kind("table", "A table with a title and a header row: rows is an expression giving a list, and each row "
          "prints its cells (templates that can use `row`), each column starting at its share of the width.",
          'prices: {x: 6, y: 6, width: 51.5, height: 33, table: {title: "{labels.prices}", columns: [0, 0.5], '
          'header: [Cards, Price], rows: "range(1, 6)", cells: ["{row}", "{row * (row - 1) // 2}"]}}',
          {"table": record({
              "title": TEXT, "title_font": Setting({"type": "string"}), "columns": listed(number(minimum=0, maximum=1)),
              "header": listed(TEXT), "rows": expression("An expression giving the rows: each is `row` in the cells."),
              "cells": listed(TEXT)}, required=("rows", "cells")),
           "font": FONT, "size": SIZE, "colour": COLOUR, "accent": COLOUR, "paper": COLOUR, "stripe": COLOUR},
          ("row",))
def _table(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
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
