"""The track kind: numbered spaces in rows that run back and forth (a score or income track)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator, Mapping

from ..scene import Node, Rect, Style, Text
from ..layout.textfit import fit_size
from ..expr import parse_template
from ..units import mm, to_mm
from .context import Context
from .kind import box_kind
from .printing import Cell, Printing, Prints
from .settings import COLOUR, FONT, SIZE, TEXT, expression, record, whole

if TYPE_CHECKING:
    from ..layout.reader import Box


def _printed(box: "Box", env: Mapping[str, Any], language: str, default: str) -> Iterator[Printing]:
    """Each space's label, in its square less the margins, at the smallest size the track
    steps down to."""
    spaces, _, side = track_spaces(box, env)
    label = (box.get("track") or {}).get("label")
    template = label.get(language, default) if label is not None else parse_template("{space}")
    cell = Cell(side - TRACK_LABEL_MARGIN, MIN_TRACK_SIZE, box.get("font") or "heading", "space")
    for space in spaces:
        yield Printing(template, template.render(dict(env, space=space), language), cell.font, cell)


def _refusal(box: "Box", name: str, text: str, cell: Cell) -> str:
    return (f"{name} {text!r} does not fit a {to_mm(cell.width):.3g} mm space of the {box.name} track even at "
            f"{cell.size:g} pt")


@box_kind("track", "A track of numbered spaces, such as a score or income track: spaces is an expression giving "
          "a list, laid out per_row to a row (rows run back and forth, the first at the bottom), each square "
          "showing its label (a template that can use `space`); where highlight holds the space takes the accent "
          "colour.",
          'income: {x: 10, y: 330, width: 90, height: 75, track: {spaces: "range(0, 30)", per_row: 6, '
          'label: "{space}", highlight: "space == 20"}, font: heading, size: 9, accent: "#7a1f1f"}',
          {"track": record({
              "spaces": expression("An expression giving the spaces: each is `space` in the label and highlight."),
              "per_row": whole(minimum=1, description="Spaces in a row (default: as many as fit squares)."),
              "label": TEXT,
              "highlight": expression("An expression: the spaces where it holds are filled with the accent colour.")},
              required=("spaces",),
              description="A track of numbered spaces (a score or income track) in rows that run back and forth."),
           "font": FONT, "size": SIZE, "colour": COLOUR, "accent": COLOUR, "paper": COLOUR},
          ("space",), Prints(_printed, refusal=_refusal, labels=True))
def _track(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    return track_nodes(box, ctx, env)


def track_nodes(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    """A track box's nodes for one item (drawn here, not in the registered function, which
    mutation testing leaves alone as it does every decorated one)."""
    spec = box.get("track") or {}
    spaces, per_row, side = track_spaces(box, env)
    if not spaces:
        return []
    font = ctx.font(box, "heading")
    size = box.get("size") or 9.0
    ink = ctx.colour(box.get("colour"), env, ctx.ink()) or ctx.ink()
    accent = ctx.colour(box.get("accent"), env, ink) or ink
    paper = ctx.colour(box.get("paper"), env, ctx.paper()) or ctx.paper()
    nodes: list[Node] = []
    for i, space in enumerate(spaces):
        row, column = divmod(i, per_row)
        if row % 2:
            column = per_row - 1 - column
        x, y = box.x + column * side, box.bottom - (row + 1) * side
        inner = dict(env, space=space)
        marked = spec.get("highlight") is not None and bool(spec["highlight"].evaluate(inner))
        nodes.append(Rect(x, y, side, side, Style(fill=accent if marked else paper, stroke=ink, stroke_width=0.6)))
        label = ctx.text(spec.get("label"), inner) if spec.get("label") is not None else str(space)
        fitted = fit_size(font, label, side - TRACK_LABEL_MARGIN, size, MIN_TRACK_SIZE) or MIN_TRACK_SIZE
        nodes.append(Text(x + side / 2, y + side / 2 + font.cap_height * fitted / 2, label, font.name, fitted,
                          paper if marked else ink, "middle"))
    return nodes


TRACK_LABEL_MARGIN = mm(1.5)  # a track's label keeps this clear of its square's sides, together
MIN_TRACK_SIZE = 5.0


def track_spaces(box: "Box", env: Mapping[str, Any]) -> tuple[list, int, float]:
    """A track's spaces, how many to a row, and the side of each square."""
    spec = box.get("track") or {}
    spaces = list(spec["spaces"].evaluate(env)) if spec.get("spaces") is not None else []
    if not spaces:
        return [], 0, 0.0
    per_row = spec.get("per_row") or len(spaces)
    rows = -(-len(spaces) // per_row)
    return spaces, per_row, min(box.width / per_row, box.height / rows)
