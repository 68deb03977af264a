"""The badge kind: a number or short text in a ringed disc."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator, Mapping

from ..scene import Circle, Node, Style, Text
from ..layout.textfit import fit_size
from ..units import to_mm
from .context import MIN_TEXT_SIZE, Context
from .kind import box_kind
from .outline import disc
from .printing import Printing, Prints
from .settings import COLOUR, FONT, SIZE, TEXT

if TYPE_CHECKING:
    from ..layout.fonts import FontMetrics
    from ..layout.reader import Box


def _printed(box: "Box", env: Mapping[str, Any], language: str, default: str) -> Iterator[Printing]:
    template = box.get("badge").get(language, default)
    yield Printing(template, template.render(env, language), box.get("font") or "heading")


def _fits(box: "Box", text: str, font: "FontMetrics", cell: None) -> bool:
    """As the badge is drawn: across three quarters of its disc, shrunk down to MIN_TEXT_SIZE
    (a smaller size is printed at MIN_TEXT_SIZE)."""
    size = max(box.get("size") or 14.0, MIN_TEXT_SIZE)
    return fit_size(font, text, min(box.width, box.height) * 0.75, size, MIN_TEXT_SIZE) is not None


def _refusal(box: "Box", name: str, text: str, cell: None) -> str:
    return (f"{name} {text!r} does not fit the {to_mm(min(box.width, box.height)):g} mm {box.name} badge even at "
            f"{MIN_TEXT_SIZE:g} pt")


@box_kind("badge", "A number or short text in a ringed disc as large as the box: paper inside, an ink edge and "
          "a ring in colour.",
          'rank: {x: 3.5, y: 3.5, width: 12, height: 12, badge: "{rank}", if: "rank != none", '
          'colour: "{group.colour}", font: heading, size: 15}',
          {"badge": TEXT, "colour": COLOUR, "paper": COLOUR, "ink": COLOUR, "font": FONT, "size": SIZE},
          prints=Prints(_printed, _fits, _refusal),
          outline=lambda box: (disc(box.x + box.width / 2, box.y + box.height / 2, min(box.width, box.height) / 2,
                                    ink=0.5),))  # (its edge a 1 pt line)
def _badge(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    return badge_nodes(box, ctx, env)


def badge_nodes(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    """A badge box's nodes for one item (drawn here, not in the registered function, which
    mutation testing leaves alone as it does every decorated one)."""
    label = ctx.text(box.get("badge"), env)
    if not label:
        return []
    paper = ctx.colour(box.get("paper"), env, ctx.paper()) or ctx.paper()
    ink = ctx.colour(box.get("ink"), env, ctx.ink()) or ctx.ink()
    colour = ctx.colour(box.get("colour"), env, ink) or ink
    font = ctx.font(box, "heading")
    cx, cy = box.x + box.width / 2, box.y + box.height / 2
    r = min(box.width, box.height) / 2
    size = fit_size(font, label, r * 1.5, box.get("size") or 14.0, 6.0) or 6.0
    return [
        Circle(cx, cy, r, Style(fill=paper, stroke=ink, stroke_width=1.0)),
        Circle(cx, cy, r - 1.6, Style(stroke=colour if colour != paper else ink, stroke_width=1.2)),
        Text(cx, cy + font.cap_height * size / 2, label, font.name, size, ink, "middle"),
    ]
