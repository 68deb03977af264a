"""The line kinds: a line through points (with arrow heads), a polygon, and a border round
the box (a dashed "place here" mark), each solid or dashed. Points are in mm from the box's
top-left corner, written in the layout or given by the data, and lie in the box: one outside
it, or too few points from the data, is said by `pnp validate` for the item (pnp.boxes.misfits)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator, Mapping, Sequence

from ..scene import Node, Path, Style
from ..units import mm, to_mm
from .context import Context
from .geometry import DEFAULT_DASH, Point, Points, dashed, ellipse, head, polyline, rounded_rect, shortened
from .kind import box_kind
from .misfits import WRITTEN, misfit, said
from .outline import Shape, box_rectangle, paints, rectangle
from .printing import Printing, Prints
from .settings import COLOUR, choice, length, record

if TYPE_CHECKING:
    from ..layout.reader import Box

STROKE = length("pt", "A line's width (points unless it carries a unit).")
DASH = length(description="Dashes this long (a length, mm unless it carries a unit): the line is dashed.")
GAP = length(description="The gap between dashes (a length, mm unless it carries a unit; default: as long as a dash).")
ARROW = choice("none", "start", "end", "both", description="Which ends of the line carry an arrow head.")
ARROW_SIZE = length(description="An arrow head's length (a length, mm unless it carries a unit; default 2.5 mm, "
                                "or five times the line's width if more).")


def _style(ctx: Context, spec: Mapping[str, Any], env: Mapping[str, Any], fill: bool = False) -> Style:
    stroke = ctx.colour(spec.get("stroke"), env, ctx.ink())
    return Style(fill=ctx.colour(spec.get("fill"), env) if fill else None, stroke=stroke,
                 stroke_width=spec.get("stroke_width") or 1.0, line_cap="butt" if spec.get("dash") else "round",
                 line_join="round")


def _stroked(points: Sequence[Point], spec: Mapping[str, Any], style: Style, closed: bool = False) -> list[Node]:
    """A polyline solid or dashed, with its stroke alone (a closed one's fill drawn before)."""
    if not spec.get("dash"):
        return [Path(polyline(points, closed), Style(stroke=style.stroke, stroke_width=style.stroke_width,
                                                     line_cap=style.line_cap, line_join=style.line_join))]
    ring = list(points) + ([points[0]] if closed and points[-1] != points[0] else [])
    dash = spec.get("dash") or DEFAULT_DASH
    return [Path(dashed(ring, dash, spec.get("gap") or dash),
                 Style(stroke=style.stroke, stroke_width=style.stroke_width, line_cap=style.line_cap))]


def _placed(box: "Box", points: Sequence[Point]) -> list[Point]:
    return [(box.x + mm(x), box.y + mm(y)) for x, y in points]


def _points(box: "Box", setting: Points, env: Mapping[str, Any]) -> tuple[Sequence[Point], str | None]:
    """A line's points for an item in mm from the box's corner (a line box's default: across
    its middle), and what is wrong with them."""
    value = (box.get(box.kind) or {}).get("points")
    if value is None:
        return ((0.0, to_mm(box.height) / 2), (to_mm(box.width), to_mm(box.height) / 2)), None
    points, wrong = setting.given(value, env)
    if wrong is not None:
        return (), f"points: {wrong}"
    for i, (x, y) in enumerate(points):
        if not (-0.01 <= x <= to_mm(box.width) + 0.01 and -0.01 <= y <= to_mm(box.height) + 0.01):
            return (), (f"point {i + 1} ({x:g}, {y:g} mm) lies outside the {to_mm(box.width):g} x "
                        f"{to_mm(box.height):g} mm box")
    return points, None


def _misfits(setting: Points) -> Prints:
    """What a line kind says of a box whose points do not fit (it prints no text)."""
    def texts(box: "Box", env: Mapping[str, Any], language: str, default: str) -> Iterator[Printing]:
        _, wrong = _points(box, setting, env)
        if wrong is not None:
            value = (box.get(box.kind) or {}).get("points")
            yield misfit(value if hasattr(value, "source") else WRITTEN, wrong, "body")
    return Prints(texts, refusal=lambda box, name, text, cell: said(box, name, cell) or "")


LINE_POINTS = Points()
POLYGON_POINTS = Points(least=3, noun="polygon")


def _written(box: "Box", setting: Points) -> list[Point] | None:
    """A line kind's points as the layout writes them (or a line's default), placed on the
    component; None when the data gives them, or they do not lie in the box (text-fit says
    so: pnp.boxes.misfits)."""
    value = (box.get(box.kind) or {}).get("points")
    if value is not None and not isinstance(value, tuple):
        return None
    points, wrong = _points(box, setting, {})
    return _placed(box, points) if wrong is None else None


def _ink(spec: Mapping[str, Any]) -> float | None:
    """How far a line kind's stroke reaches past its line (its stroke is ink unless it says
    none): None when it has none."""
    stroke = spec.get("stroke")
    return (spec.get("stroke_width") or 1.0) / 2 if stroke is None or paints(stroke) else None


def _line_outline(box: "Box") -> tuple[Shape, ...]:
    """The line, half its width each side, and its heads."""
    spec = box.get("line") or {}
    ink, points = _ink(spec), _written(box, LINE_POINTS)
    if ink is None:
        return ()
    if points is None:
        return box_rectangle(box)
    size = spec.get("arrow_size") or max(mm(2.5), 5 * ink * 2)
    arrow = spec.get("arrow") or "none"
    heads = ((head(points[0], points[1], size),) if arrow in ("start", "both") else ()) + \
        ((head(points[-1], points[-2], size),) if arrow in ("end", "both") else ())
    return (Shape(tuple(points), ink),) + tuple(Shape(tuple(c[1:] for c in commands[:-1])) for commands in heads)


def _closed_outline(box: "Box", points: Sequence[Point] | None, spec: Mapping[str, Any]) -> tuple[Shape, ...]:
    """A closed shape's outline: a fill when it has no edge, else its edge half its width out."""
    fill, ink = paints(spec.get("fill")), _ink(spec)
    if not fill and ink is None:
        return ()
    if points is None:
        return (rectangle(box.x, box.y, box.width, box.height, ink or 0.0, ink is None),)
    return (Shape(tuple(points), ink or 0.0, ink is None),)


@box_kind("line", "A line through points (a list of [x, y] in mm from the box's corner, or an expression giving "
          "them; default: across the box's middle), in stroke (default ink) stroke_width wide; with dash, dashed "
          "(dashes dash long, gap apart); arrow puts a head at its start, end or both, arrow_size long. A point "
          "outside the box, or fewer than two from the data, is a text-fit problem.",
          'move: {x: 40, y: 60, width: 30, height: 10, line: {points: [[0, 5], [30, 5]], arrow: end, stroke: ink, '
          'stroke_width: 1.5pt, dash: 2mm}}',
          {"line": record({"points": LINE_POINTS, "stroke": COLOUR, "stroke_width": STROKE, "dash": DASH, "gap": GAP,
                           "arrow": ARROW, "arrow_size": ARROW_SIZE},
                          description="A line through points, solid or dashed, with arrow heads.")},
          prints=_misfits(LINE_POINTS), outline=_line_outline)
def _line(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    return line_nodes(box, ctx, env)


def line_nodes(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    """A line box's nodes for one item (drawn here, not in the registered function, which
    mutation testing leaves alone as it does every decorated one)."""
    spec = box.get("line") or {}
    points, wrong = _points(box, LINE_POINTS, env)
    if wrong is not None:
        return []
    points = _placed(box, points)
    style = _style(ctx, spec, env)
    if style.stroke is None:
        return []
    arrow = spec.get("arrow") or "none"
    size = spec.get("arrow_size") or max(mm(2.5), 5 * style.stroke_width)
    starts, ends = arrow in ("start", "both"), arrow in ("end", "both")
    nodes = _stroked(shortened(points, size * 0.8 if starts else 0.0, size * 0.8 if ends else 0.0), spec, style)
    fill = Style(fill=style.stroke)
    if starts:
        nodes.append(Path(head(points[0], points[1], size), fill))
    if ends:
        nodes.append(Path(head(points[-1], points[-2], size), fill))
    return nodes


@box_kind("polygon", "A closed polygon through points (at least three: a list of [x, y] in mm from the box's "
          "corner, or an expression giving them), filled with fill and edged in stroke (default ink, none for no "
          "edge) stroke_width wide; with dash, its edge is dashed.",
          'zone: {x: 10, y: 10, width: 40, height: 30, polygon: {points: [[0, 30], [20, 0], [40, 30]], fill: paper, '
          'stroke: ink, stroke_width: 0.8pt}}',
          {"polygon": record({"points": POLYGON_POINTS, "fill": COLOUR, "stroke": COLOUR, "stroke_width": STROKE,
                              "dash": DASH, "gap": GAP}, required=("points",),
                             description="A closed polygon through points, filled, its edge solid or dashed.")},
          prints=_misfits(POLYGON_POINTS),
          outline=lambda box: _closed_outline(box, _written(box, POLYGON_POINTS), box.get("polygon") or {}))
def _polygon(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    return polygon_nodes(box, ctx, env)


def polygon_nodes(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    """A polygon box's nodes for one item."""
    spec = box.get("polygon") or {}
    points, wrong = _points(box, POLYGON_POINTS, env)
    if wrong is not None:
        return []
    return _closed(_placed(box, points), spec, ctx, env)


def _closed(points: Sequence[Point], spec: Mapping[str, Any], ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    """A closed shape: its fill, then its edge (solid or dashed) when it has a stroke."""
    style = _style(ctx, spec, env, fill=True)
    nodes: list[Node] = []
    if style.fill is not None:
        nodes.append(Path(polyline(points, closed=True), Style(fill=style.fill)))
    if style.stroke is not None and style.stroke_width > 0:
        nodes += _stroked(points, spec, style, closed=True)
    return nodes


@box_kind("border", "A border just inside the box: a rectangle (its corners rounded by radius) or, with shape: "
          "ellipse, an ellipse; in stroke (default ink) stroke_width wide, solid or dashed with dash (dashes dash "
          "long, gap apart), over an optional fill: a dashed \"place here\" mark.",
          'slot: {x: 12, y: 20, width: 18, height: 18, border: {shape: ellipse, stroke: ink, stroke_width: 0.8pt, '
          'dash: 1.5mm, gap: 1mm}}',
          {"border": record({"shape": choice("rect", "ellipse", description="A border's shape: rect or ellipse."),
                              "fill": COLOUR, "stroke": COLOUR, "stroke_width": STROKE, "dash": DASH, "gap": GAP,
                              "radius": length()},
                            description="A border round the box, solid or dashed.")},
          outline=lambda box: _closed_outline(box, _border_points(box, box.get("border") or {}), box.get("border") or {}))
def _border(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    return border_nodes(box, ctx, env)


def border_nodes(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    """A border box's nodes for one item: its line drawn inside the box, half its width in."""
    spec = box.get("border") or {}
    return _closed(_border_points(box, spec), spec, ctx, env)


def _border_points(box: "Box", spec: Mapping[str, Any]) -> list[Point]:
    """A border's line, half its width inside the box."""
    inset = (spec.get("stroke_width") or 1.0) / 2
    w, h = max(box.width - 2 * inset, 0.0), max(box.height - 2 * inset, 0.0)
    if spec.get("shape") == "ellipse":
        points = ellipse(box.x + box.width / 2, box.y + box.height / 2, w / 2, h / 2)
    else:
        points = rounded_rect(box.x + inset, box.y + inset, w, h, max((spec.get("radius") or 0.0) - inset, 0.0))
    return points[:-1]
