"""The track kind: numbered spaces (a score or income track) in rows that run back and forth,
around the edge of the box (a board's score track), or along a path of points."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterator, Mapping

from ..scene import Circle, Node, Rect, Style, Text
from ..layout.textfit import fit_size
from ..expr import parse_template
from ..units import mm, to_mm
from .context import Context
from .geometry import Points, along, length_of
from .kind import box_kind
from .misfits import WRITTEN, misfit, said
from .printing import Cell, Printing, Prints
from .settings import COLOUR, FONT, SIZE, TEXT, Record, choice, expression, length, record, whole

if TYPE_CHECKING:
    from ..layout.reader import Box


MAX_RING = 1_000  # a ring has at most this many cells to a side (a game folder is untrusted)


def _printed(box: "Box", env: Mapping[str, Any], language: str, default: str) -> Iterator[Printing]:
    """Each label the track prints, in its space less the margins, at the smallest size the
    track steps down to; or, first and alone, what does not fit (its spaces, for the item)."""
    course = track_course(box, env)
    spec = box.get("track") or {}
    font = box.get("font") or "heading"
    if course.wrong is not None:
        at_fault = spec.get("path") if course.wrong_in == "path" else spec.get("spaces")
        yield misfit(at_fault if hasattr(at_fault, "names") else WRITTEN, course.wrong, font)
        return
    label = spec.get("label")
    template = label.get(language, default) if label is not None else parse_template("{space}")
    cell = Cell(course.room - TRACK_LABEL_MARGIN, MIN_TRACK_SIZE, font, "space")
    every = spec.get("label_every") or 1
    for i, space in enumerate(course.spaces):
        if i % every == 0:
            yield Printing(template, template.render(dict(env, space=space), language), cell.font, cell)


def _refusal(box: "Box", name: str, text: str, cell: Cell) -> str:
    return said(box, name, cell) or (
        f"{name} {text!r} does not fit a {to_mm(cell.width):.3g} mm space of the {box.name} track even at "
        f"{cell.size:g} pt: give the track fewer spaces or a bigger box, or its spaces shorter labels (label:)")


@dataclass(frozen=True)
class _Track(Record):
    """A track's settings: one way for its spaces to run (in rows, around, along a path),
    said where it is written when there are two."""

    def read(self, reader: Any, value: Any, path: tuple, names: frozenset[str]) -> Any:
        ways = [key for key in ("per_row", "around", "path") if key in value]
        if len(ways) > 1:
            reader.fail(path + (ways[1],), f"layout '{reader.file}': {'.'.join(map(str, path[1:]))}: a track runs "
                                           f"in rows (per_row), around its box (around) or along a path (path), "
                                           f"not by {' and '.join(ways)}")
            return None
        return super().read(reader, value, path, names)


def _track_setting() -> _Track:
    made = record({
        "spaces": expression("An expression giving the spaces: each is `space` in the label and highlight."),
        "per_row": whole(minimum=1, description="Spaces in a row (default: as many as fit squares)."),
        "around": record({
            "columns": whole(minimum=2, maximum=MAX_RING,
                             description="Cells along the top and bottom sides, the corners among them."),
            "rows": whole(minimum=2, maximum=MAX_RING,
                          description="Cells along the left and right sides, the corners among them."),
            "start": choice("top-left", "top-right", "bottom-right", "bottom-left",
                            description="The corner the first space is in (default top-left)."),
            "direction": choice("clockwise", "anticlockwise", description="Which way the spaces run (default "
                                                                          "clockwise)."),
            "corners": choice("spaces", "blank", description="Whether the corner cells are spaces (default) or "
                                                             "left blank.")},
            description="The spaces run around the edge of the box, in a ring of cells."),
        "path": Points(noun="path"),
        "space": length(description="For a track along a path: each space's size (a length, mm unless it carries "
                                    "a unit; default nine tenths of the distance between spaces)."),
        "shape": choice("square", "circle", description="The spaces' shape (default square)."),
        "label": TEXT,
        "label_every": whole(minimum=1, description="Label every this many spaces, from the first (default 1)."),
        "highlight": expression("An expression: the spaces where it holds are filled with the accent colour.")},
        required=("spaces",),
        description="A track of numbered spaces (a score or income track): in rows that run back and forth, around "
                    "the box or along a path.")
    return _Track(made.schema, made.fields)


@box_kind("track", "A track of numbered spaces, such as a score or income track: spaces is an expression giving "
          "a list, laid out per_row to a row (rows run back and forth, the first at the bottom); or around the "
          "box's edge (around: a ring of columns x rows cells, worked out from the spaces and the box when not "
          "given, from its start corner clockwise or anticlockwise, its corners spaces or blank); or along a path "
          "(a list of [x, y] in mm from the box's corner, or an expression giving one: the first and last spaces' "
          "centres), spaces space wide evenly along it. Each space, square or circle (shape), shows its label (a "
          "template that can use `space`; with label_every N, every Nth space from the first); where highlight "
          "holds the space takes the accent colour. Spaces that do not fit the ring, overlap along the path or "
          "run out of the box are a text-fit problem.",
          'score: {x: 5, y: 5, width: 270, height: 270, track: {spaces: "range(0, 100)", around: {start: top-left, '
          'direction: clockwise}, label_every: 5, highlight: "space % 10 == 0"}, font: heading, size: 8, '
          'accent: "#7a1f1f"}',
          {"track": _track_setting(), "font": FONT, "size": SIZE, "colour": COLOUR, "accent": COLOUR, "paper": COLOUR},
          ("space",), Prints(_printed, refusal=_refusal, labels=True))
def _track(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    return track_nodes(box, ctx, env)


def track_nodes(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    """A track box's nodes for one item (drawn here, not in the registered function, which
    mutation testing leaves alone as it does every decorated one)."""
    spec = box.get("track") or {}
    course = track_course(box, env)
    if not course.spaces or course.wrong is not None:
        return []
    font = ctx.font(box, "heading")
    size = box.get("size") or 9.0
    ink = ctx.colour(box.get("colour"), env, ctx.ink()) or ctx.ink()
    accent = ctx.colour(box.get("accent"), env, ink) or ink
    paper = ctx.colour(box.get("paper"), env, ctx.paper()) or ctx.paper()
    every = spec.get("label_every") or 1
    circle = spec.get("shape") == "circle"
    nodes: list[Node] = []
    for i, (space, (x, y, w, h)) in enumerate(zip(course.spaces, course.cells)):
        inner = dict(env, space=space)
        marked = spec.get("highlight") is not None and bool(spec["highlight"].evaluate(inner))
        style = Style(fill=accent if marked else paper, stroke=ink, stroke_width=0.6)
        nodes.append(Circle(x + w / 2, y + h / 2, min(w, h) / 2, style) if circle else Rect(x, y, w, h, style))
        if i % every:
            continue
        label = ctx.text(spec.get("label"), inner) if spec.get("label") is not None else str(space)
        fitted = fit_size(font, label, course.room - TRACK_LABEL_MARGIN, size, MIN_TRACK_SIZE) or MIN_TRACK_SIZE
        nodes.append(Text(x + w / 2, y + h / 2 + font.cap_height * fitted / 2, label, font.name, fitted,
                          paper if marked else ink, "middle"))
    return nodes


TRACK_LABEL_MARGIN = mm(1.5)  # a track's label keeps this clear of its square's sides, together
MIN_TRACK_SIZE = 5.0


def track_spaces(box: "Box", env: Mapping[str, Any]) -> tuple[list, int, float]:
    """A track's spaces, how many to a row, and the side of each square (of a track in rows)."""
    spec = box.get("track") or {}
    spaces = list(spec["spaces"].evaluate(env)) if spec.get("spaces") is not None else []
    if not spaces:
        return [], 0, 0.0
    per_row = spec.get("per_row") or len(spaces)
    rows = -(-len(spaces) // per_row)
    return spaces, per_row, min(box.width / per_row, box.height / rows)


@dataclass(frozen=True)
class Course:
    """Where a track's spaces lie for an item: each space's cell (x, y, width, height, in
    points on the piece), the room a label has across one, and what does not fit (None:
    all fits; `wrong_in` the setting at fault)."""

    spaces: list
    cells: list[tuple[float, float, float, float]]
    room: float
    wrong: str | None = None
    wrong_in: str = "spaces"


def track_course(box: "Box", env: Mapping[str, Any]) -> Course:
    """A track's spaces and their cells, as its spec lays them out."""
    spec = box.get("track") or {}
    if spec.get("around") is not None:
        return _around(box, env, spec["around"])
    if spec.get("path") is not None:
        return _along(box, env, spec)
    spaces, per_row, side = track_spaces(box, env)
    cells = []
    for i in range(len(spaces)):
        row, column = divmod(i, per_row)
        if row % 2:
            column = per_row - 1 - column
        cells.append((box.x + column * side, box.bottom - (row + 1) * side, side, side))
    return Course(spaces, cells, side)


CORNERS = ("top-left", "top-right", "bottom-right", "bottom-left")


def ring(columns: int, rows: int) -> list[tuple[int, int]]:
    """The cells round the edge of a columns x rows grid, (column, row) from 0, clockwise from
    the top-left corner."""
    top = [(c, 0) for c in range(columns)]
    right = [(columns - 1, r) for r in range(1, rows)]
    bottom = [(c, rows - 1) for c in range(columns - 2, -1, -1)]
    left = [(0, r) for r in range(rows - 2, 0, -1)]
    return top + right + bottom + left


def ring_size(count: int, width: float, height: float, blank: bool, columns: int | None = None,
              rows: int | None = None) -> tuple[int, int]:
    """The columns and rows of a ring holding `count` spaces round a box this wide and high,
    its cells as near square as the count allows (those given kept)."""
    if columns and rows:
        return columns, rows
    both = max(4, -(-(count + (8 if blank else 4)) // 2))  # columns + rows
    if columns:
        return columns, max(2, both - columns)
    if rows:
        return max(2, both - rows), rows
    across = min(max(2, round(both * width / (width + height))), both - 2)
    return across, max(2, both - across)


def _around(box: "Box", env: Mapping[str, Any], around: Mapping[str, Any]) -> Course:
    spec = box.get("track") or {}
    spaces = list(spec["spaces"].evaluate(env)) if spec.get("spaces") is not None else []
    if not spaces:
        return Course([], [], 0.0)
    blank = around.get("corners") == "blank"
    columns, rows = ring_size(len(spaces), box.width, box.height, blank, around.get("columns"), around.get("rows"))
    cells = ring(columns, rows)
    corners = [0, columns - 1, columns + rows - 2, 2 * columns + rows - 3]
    start = corners[CORNERS.index(around.get("start") or "top-left")]
    step = -1 if around.get("direction") == "anticlockwise" else 1
    order = [(start + step * k) % len(cells) for k in range(len(cells))]
    if blank:
        order = [i for i in order if i not in corners]
    w, h = box.width / columns, box.height / rows
    if len(spaces) > len(order):
        return Course(spaces, [], 0.0, f"{len(spaces)} spaces do not fit around its ring of {columns} x {rows} "
                                       f"cells ({len(order)} spaces{', its corners blank' if blank else ''})")
    placed = [(box.x + cells[i][0] * w, box.y + cells[i][1] * h, w, h) for i in order[:len(spaces)]]
    return Course(spaces, placed, min(w, h))


def _along(box: "Box", env: Mapping[str, Any], spec: Mapping[str, Any]) -> Course:
    spaces = list(spec["spaces"].evaluate(env)) if spec.get("spaces") is not None else []
    points, wrong = Points(noun="path").given(spec["path"], env)
    if wrong is not None:
        return Course(spaces, [], 0.0, f"path: {wrong}", "path")
    if not spaces:
        return Course([], [], 0.0)
    placed = [(box.x + mm(x), box.y + mm(y)) for x, y in points]
    total = length_of(placed)
    step = total / (len(spaces) - 1) if len(spaces) > 1 else 0.0
    side = spec.get("space") or (step * 0.9 if step else min(box.width, box.height))
    if len(spaces) > 1 and side > step + 1e-6:
        return Course(spaces, [], 0.0, f"{len(spaces)} spaces {to_mm(side):.3g} mm wide overlap along its "
                                       f"{to_mm(total):.3g} mm path ({to_mm(step):.3g} mm apart)", "path")
    cells = []
    for i, space in enumerate(spaces):
        cx, cy = along(placed, i * step)
        x, y = cx - side / 2, cy - side / 2
        if x < box.x - 0.01 or y < box.y - 0.01 or x + side > box.right + 0.01 or y + side > box.bottom + 0.01:
            return Course(spaces, [], 0.0, f"space {space} ({to_mm(x - box.x):.3g}, {to_mm(y - box.y):.3g} mm, "
                                           f"{to_mm(side):.3g} mm wide) runs out of its {to_mm(box.width):g} x "
                                           f"{to_mm(box.height):g} mm box", "path")
        cells.append((x, y, side, side))
    return Course(spaces, cells, side)
