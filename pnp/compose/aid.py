"""The player aid card: the phases of a turn on the front; on the back the price of extra
cards and the butcher's bill, both computed from the rules (pnp.play)."""

from __future__ import annotations

from typing import Mapping

from ..fonts import FontMetrics
from ..layout import Layout
from ..model import Aid
from ..play import battle_table, price_table
from ..scene import Definition, Group, Node, Rect, Style, Text
from ..textfit import fit_paragraph, fit_size
from ..units import mm

AID_FRONT_ID = "aid-front"
AID_BACK_ID = "aid-back"


def _base(layout: Layout) -> list[Node]:
    c = layout.colours
    frame = layout.box("frame")
    return [
        Rect(-mm(4), -mm(4), layout.width + mm(8), layout.height + mm(8), Style(fill=c["accent"])),
        Rect(frame.x, frame.y, frame.width, frame.height, Style(fill=c["paper"], stroke=c["ink"], stroke_width=0.6),
             radius=mm(1.5)),
    ]


def aid_front(aid: Aid, layout: Layout, fonts: Mapping[str, FontMetrics], language: str) -> Definition:
    c = layout.colours
    nodes = _base(layout)
    title_box = layout.box("title")
    heading = fonts[title_box.font or "heading"]
    title = aid.title.get(language)
    size = fit_size(heading, title, title_box.width, title_box.size or 14, title_box.min_size or 8) or 8
    nodes.append(Text(title_box.x + title_box.width / 2, title_box.y + (title_box.height + heading.cap_height * size) / 2,
                      title, heading.name, size, c["accent"], "middle"))
    box = layout.box("phases")
    body = fonts[box.font or "body"]
    name_font = fonts["heading"]
    row = box.height / len(aid.phases)
    number_r = mm(2.6)
    for i, (name, text) in enumerate(aid.phases):
        top = box.y + i * row
        cx, cy = box.x + number_r, top + number_r + mm(0.5)
        nodes.append(Rect(cx - number_r, cy - number_r, 2 * number_r, 2 * number_r, Style(fill=c["accent"]),
                          radius=number_r))
        size = box.size or 7.5
        nodes.append(Text(cx, cy + name_font.cap_height * size / 2, str(i + 1), name_font.name, size, c["paper"],
                          "middle"))
        left = box.x + 2 * number_r + mm(2)
        width = box.right - left
        label = name.get(language)
        name_size = fit_size(name_font, label, width, size + 0.5, 5.5) or 5.5
        nodes.append(Text(left, cy + name_font.cap_height * name_size / 2, label, name_font.name, name_size, c["ink"]))
        fitted = fit_paragraph(body, text.get(language), width, row - mm(5.2), size, box.min_size or 5.5)
        if fitted is not None:
            text_size, lines = fitted
            for j, line in enumerate(lines):
                nodes.append(Text(left, top + mm(6.4) + body.cap_height * text_size + j * text_size * 1.15, line,
                                  body.name, text_size, c["ink"]))
    return Definition(AID_FRONT_ID, layout.width, layout.height, Group(tuple(nodes)))


def _table(box, rows: list[tuple[str, ...]], heading: str, font: FontMetrics, bold: FontMetrics, size: float,
           ink: str, accent: str, paper: str, columns: tuple[float, ...]) -> list[Node]:
    nodes: list[Node] = []
    title_size = size + 1.5
    nodes.append(Text(box.x, box.y + bold.cap_height * title_size, heading, bold.name, title_size, accent))
    top = box.y + title_size + mm(1.5)
    row_height = (box.bottom - top) / len(rows)
    for i, row in enumerate(rows):
        y = top + i * row_height
        if i == 0:
            nodes.append(Rect(box.x, y, box.width, row_height, Style(fill=accent)))
        elif i % 2 == 0:
            nodes.append(Rect(box.x, y, box.width, row_height, Style(fill="#efe4c4")))
        for j, cell in enumerate(row):
            f = bold if i == 0 else font
            x = box.x + columns[j] * box.width
            nodes.append(Text(x, y + (row_height + f.cap_height * size) / 2, cell, f.name, size,
                              paper if i == 0 else ink))
    return nodes


def aid_back(aid: Aid, layout: Layout, fonts: Mapping[str, FontMetrics], language: str, currency: str) -> Definition:
    c = layout.colours
    nodes = _base(layout)
    label = {key: text.get(language) for key, text in aid.labels.items()}
    body, bold = fonts["body"], fonts["heading"]
    prices = layout.box("prices")
    price_rows = [(label["cards"], label["price"])] + [
        (str(n), label["free"] if price == 0 else f"{currency}{price}") for n, price in price_table(10)]
    # two columns of five rows read more easily than one long one
    half = [(label["cards"], label["price"], label["cards"], label["price"])]
    for left, right in zip(price_rows[1:6], price_rows[6:11]):
        half.append((*left, *right))
    size = prices.size or 7.5
    nodes += _table(prices, half, label["prices"], body, bold, size, c["ink"], c["accent"], c["paper"],
                    (0.04, 0.27, 0.54, 0.77))
    battle = layout.box("battle")
    rows = [(label["bill"], label["killed"], "")]
    for bill, killed, winner in battle_table():
        rows.append((bill, str(killed), label["attacker"] if winner == "attacker" else label["defender"]))
    nodes += _table(battle, rows, label["battle"], body, bold, size, c["ink"], c["accent"], c["paper"], (0.04, 0.3, 0.5))
    formula = layout.box("formula")
    fitted = fit_paragraph(body, label["bill_formula"], formula.width, formula.height, formula.size or 6,
                           formula.min_size or 5)
    if fitted is not None:
        fsize, lines = fitted
        for j, line in enumerate(lines):
            nodes.append(Text(formula.x, formula.y + body.cap_height * fsize + j * fsize * 1.2, line, body.name, fsize,
                              c["ink"]))
    return Definition(AID_BACK_ID, layout.width, layout.height, Group(tuple(nodes)))
