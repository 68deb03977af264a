"""The hexmap kind: a map of hexagons, each with its fill, symbol and label from its cell."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping

from .. import expr
from ..scene import Node, Path, Style, Text
from ..units import mm, to_mm
from .context import Context
from .kind import box_kind
from .printing import Cell, Printing, Prints
from .settings import COLOUR, FONT, ICON, SIZE, TEXT, choice, expression, flag, length

if TYPE_CHECKING:
    from ..layout.reader import Box


def _printed(box: "Box", env: Mapping[str, Any], language: str, default: str) -> Iterator[Printing]:
    """Each hex's label, at its size, across the hex where it is narrowest under the text."""
    if box.get("label") is None:
        return
    orientation, cells, _, size = hexmap_layout(box, env)
    if not cells:
        return
    template = box.get("label").get(language, default)
    text_size, _, room = hex_label(box, size, orientation, 0.0)  # the room does not depend on the font
    cell = Cell(room, text_size, box.get("font") or "heading", "hex")
    for each in cells:
        yield Printing(template, template.render(dict(env, cell=each), language), cell.font, cell)


def _refusal(box: "Box", name: str, text: str, cell: Cell) -> str:
    return (f"{name} {text!r} does not fit across its hex of the {box.name} map ({to_mm(cell.width):.3g} mm there) "
            f"at {cell.size:g} pt")


@box_kind("hexmap", "A map of hexagons: hexmap is an expression giving the cells (records with q and r, axial "
          "coordinates); with columns and rows, the map is that rectangle of hexes (every second row, or column "
          "when flat, shifted by half), each hex's cell the record listing it by hex (a hex field, as printed: "
          "E7) or else default, with col, row and name added. It is drawn as large as fits the box, or across "
          "(a length) across the flats of each hex, centred; orientation is flat or pointy; fill, stroke, symbol "
          "(an icon: scatter: true draws it small seven times, a texture that shows around a piece on the hex), "
          "colour and light (the symbol's), label (at the hex's bottom, or top with label_at: top) and "
          "text_colour (the label's, default colour) are templates that can use `cell`; outline (a colour, "
          "or none) draws a line outline_width wide just inside each side a hex does not share with a hex of "
          "the same outline, so that hexes sharing one (a region, a deployment zone) are ringed as one.",
          'diagram: {x: 4, y: 30, width: 55.5, height: 40, hexmap: board, orientation: flat, fill: "{cell.tile.colour}", '
          'stroke: ink, symbol: "{cell.tile.icon}", label: "{cell.label}"}',
          {"hexmap": expression("An expression giving the cells of a hex map: records with q and r, or with a hex "
                                "(E7) when the map has columns and rows."),
           "orientation": choice("flat", "pointy", description="For a hex map: which way its hexagons point."),
           "fill": COLOUR, "stroke": COLOUR,
           "stroke_width": length("pt", "A line's width (points unless it carries a unit)."),
           "symbol": ICON, "colour": COLOUR, "light": COLOUR, "label": TEXT, "font": FONT, "size": SIZE,
           "columns": expression("For a hex map: how many columns its grid has (an expression).", numbers=True),
           "rows": expression("For a hex map: how many rows its grid has (an expression).", numbers=True),
           "default": expression("For a hex map with columns and rows: an expression giving the record of each hex "
                                 "no cell lists."),
           "across": length(description="For a hex map: each hexagon's size across its flats (a length, mm unless "
                                        "it carries a unit, or an expression giving mm).", or_expression=True),
           "scatter": flag(description="For a hex map: draw each hex's symbol small seven times, a texture that "
                                       "shows around a piece."),
           "label_at": choice("top", "bottom", description="For a hex map: where each hex's label goes."),
           "text_colour": COLOUR, "outline": COLOUR,
           "outline_width": length("pt", "For a hex map: the width of the outline round hexes that share one "
                                         "(points unless it carries a unit).")},
          ("cell",), Prints(_printed, refusal=_refusal, labels=True))
def _hexmap(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    return hexmap_nodes(box, ctx, env)


def hexmap_nodes(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    """A hexmap box's nodes for one item (drawn here, not in the registered function, which
    mutation testing leaves alone as it does every decorated one)."""
    from ..model.hexes import outline

    orientation, cells, places, size = hexmap_layout(box, env)
    if not cells:
        return []
    ink = ctx.ink()
    stroke = ctx.colour(box.get("stroke"), env, ink)
    width = box.get("stroke_width") or 0.5
    font = ctx.font(box, "heading")
    scatter = bool(box.get("scatter"))
    nodes: list[Node] = []
    for cell, (x, y) in zip(cells, places):
        inner = dict(env, cell=cell)
        fill = ctx.colour(box.get("fill"), inner, ctx.paper())
        nodes.append(Path(outline(x, y, size, orientation), Style(fill=fill, stroke=stroke, stroke_width=width,
                                                                   line_join="round")))
        label = ctx.text(box.get("label"), inner) if box.get("label") is not None else ""
        icon = ctx.icon(box.get("symbol"), inner) if box.get("symbol") is not None else None
        colour = ctx.colour(box.get("colour"), inner, ink) or ink
        light = ctx.colour(box.get("light"), inner, ctx.paper()) or ctx.paper()
        if icon is not None:
            nodes += _hex_symbols(icon, x, y, size, orientation, scatter, bool(label), colour, light, ctx.draw_icon)
        if label:
            text_size, baseline, _ = hex_label(box, size, orientation, font.cap_height)
            text_colour = ctx.colour(box.get("text_colour"), inner, colour) or colour
            nodes.append(Text(x, y + baseline, label, font.name, text_size, text_colour, "middle"))
    if box.get("outline") is not None:
        nodes += _outlines(box, ctx, env, cells, places, size, orientation)
    return nodes


def _outlines(box: "Box", ctx: Context, env: Mapping[str, Any], cells: list, places: list[tuple[float, float]],
              size: float, orientation: str) -> list[Node]:
    """The outline round each run of hexes that share an outline colour: each side of a hex
    whose neighbour across it has another outline, or is not on the map, drawn just inside
    the hex, over everything the hexes hold."""
    from ..model.hexes import corners

    width = box.get("outline_width") or 1.0
    colours = [ctx.colour(box.get("outline"), dict(env, cell=cell), None) for cell in cells]
    by_place = {(cell["q"], cell["r"]): colour for cell, colour in zip(cells, colours)}
    across = _across_sides(orientation)
    inset = 1 - width / size
    nodes: list[Node] = []
    for cell, (x, y), colour in zip(cells, places, colours):
        if not colour:
            continue
        points = corners(x, y, size, orientation)
        for (a, b), (dq, dr) in zip(zip(points, points[1:] + points[:1]), across):
            if by_place.get((cell["q"] + dq, cell["r"] + dr)) != colour:
                start, end = [(x + (px - x) * inset, y + (py - y) * inset) for px, py in (a, b)]
                nodes.append(Path((("M", *start), ("L", *end)), Style(stroke=colour, stroke_width=width,
                                                                         line_cap="round")))
    return nodes


def _across_sides(orientation: str) -> list[tuple[int, int]]:
    """The axial step to the neighbour across each side of a hexagon, its sides in the order
    of its corners: the neighbour whose centre lies nearest the side's midpoint."""
    from ..model.hexes import DIRECTIONS, centre, corners

    points = corners(0.0, 0.0, 1.0, orientation)
    steps = []
    for (ax, ay), (bx, by) in zip(points, points[1:] + points[:1]):
        mid = ((ax + bx) / 2, (ay + by) / 2)
        steps.append(min(DIRECTIONS, key=lambda d: (centre(*d, 1.0, orientation)[0] - mid[0]) ** 2
                         + (centre(*d, 1.0, orientation)[1] - mid[1]) ** 2))
    return steps


def hex_label(box: "Box", size: float, orientation: str, cap_height: float) -> tuple[float, float, float]:
    """A hexmap's label in a hex `size` across: its size, its baseline below the hex's centre,
    and the hex's width where it is narrowest under the text (its top edge for a label at the
    top, its baseline for one at the bottom)."""
    from ..model.hexes import width_at

    text_size = box.get("size") or size * 0.3
    if box.get("label_at") == "top":
        return text_size, -size * 0.47 + cap_height * text_size, width_at(size * 0.47, size, orientation)
    return text_size, size * 0.38, width_at(size * 0.38, size, orientation)


def hexmap_layout(box: "Box", env: Mapping[str, Any]) -> tuple[str, list, list[tuple[float, float]], float]:
    """A hexmap's orientation, its cells, where each is centred on the page and the size of
    its hexes across the flats."""
    from ..model.hexes import SQRT3, centre

    orientation = box.get("orientation") or "flat"
    cells = _hex_cells(box, env, orientation)
    if not cells:
        return orientation, [], [], 0.0
    # the map at one point across the flats, then scaled to fit the box
    centres = [centre(c["q"], c["r"], 1.0, orientation) for c in cells]
    half_w, half_h = (1 / SQRT3, 0.5) if orientation == "flat" else (0.5, 1 / SQRT3)
    x0 = min(x for x, _ in centres) - half_w
    x1 = max(x for x, _ in centres) + half_w
    y0 = min(y for _, y in centres) - half_h
    y1 = max(y for _, y in centres) + half_h
    across = box.get("across")
    if isinstance(across, expr.Expression):  # a length in mm worked out from the data
        across = across.evaluate(env)
        across = mm(across) if isinstance(across, (int, float)) and not isinstance(across, bool) and across > 0 \
            else None
    size = across or min(box.width / (x1 - x0), box.height / (y1 - y0))
    left = box.x + (box.width - (x1 - x0) * size) / 2 - x0 * size
    top = box.y + (box.height - (y1 - y0) * size) / 2 - y0 * size
    return orientation, cells, [(left + cx * size, top + cy * size) for cx, cy in centres], size


def _hex_cells(box: "Box", env: Mapping[str, Any], orientation: str) -> list[Mapping[str, Any]]:
    """The cells a hexmap draws, each with q and r: the listed ones, or with columns and rows
    every hex of the grid, each with the record that lists it (or the default) and its col,
    row and name."""
    from ..model.hexes import grid_name, offset_to_axial

    listed = box.get("hexmap").evaluate(env) if box.get("hexmap") is not None else []
    listed = [c for c in listed or [] if isinstance(c, Mapping)]
    if box.get("columns") is None or box.get("rows") is None:
        return [c for c in listed if _whole(c.get("q")) and _whole(c.get("r"))]
    columns, rows = box.get("columns").evaluate(env), box.get("rows").evaluate(env)
    if not (_whole(columns) and _whole(rows)) or columns < 1 or rows < 1 or columns * rows > 100_000:
        return []
    default = box.get("default").evaluate(env) if box.get("default") is not None else {}
    by_place: dict[tuple[int, int], Mapping[str, Any]] = {}
    for cell in listed:
        place = cell.get("hex") if isinstance(cell.get("hex"), Mapping) else cell
        if _whole(place.get("col")) and _whole(place.get("row")):
            by_place.setdefault((place["col"], place["row"]), cell)
    cells = []
    for row in range(1, rows + 1):
        for column in range(1, columns + 1):
            q, r = offset_to_axial(column, row, orientation)
            found = by_place.get((column, row), default if isinstance(default, Mapping) else {})
            cells.append({**found, "col": column, "row": row, "name": grid_name(column, row), "q": q, "r": r})
    return cells


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _hex_symbols(icon: Any, x: float, y: float, size: float, orientation: str, scatter: bool, labelled: bool,
                 colour: str, light: str, draw_icon: Callable[..., Node]) -> list[Node]:
    """A hex's symbol: once in the middle, or small seven times (the middle and toward each
    corner), so that some show around a piece standing on the hex."""
    from ..model.hexes import corners

    if not scatter:
        side = size * (0.5 if labelled else 0.62)
        return [draw_icon(icon, x - side / 2, y - side / 2 - (size * 0.1 if labelled else 0), side, colour, light)]
    side = size * 0.2
    places = [(x, y)] + [(x + (px - x) * 0.64, y + (py - y) * 0.64) for px, py in corners(x, y, size, orientation)]
    if labelled:  # the label's corner stays clear
        top = min(places[1:], key=lambda p: p[1])
        places.remove(top)
    return [draw_icon(icon, px - side / 2, py - side / 2, side, colour, light) for px, py in places]
