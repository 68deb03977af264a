"""The text kind: a template printed in its box, shrunk to fit, or wrapped into a paragraph."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator, Mapping

from ..layout.fonts import FontMetrics
from ..scene import Node, Text
from ..units import to_mm
from .context import MIN_PARAGRAPH_SIZE, MIN_TEXT_SIZE, Context, fitted, line_sizes
from .kind import box_kind
from .printing import Printing, Prints
from .settings import ALIGN, COLOUR, FONT, MIN_SIZE, SIZE, TEXT, choice, flag, number

if TYPE_CHECKING:
    from ..layout.reader import Box


def baseline(box: "Box", font: FontMetrics, size: float, valign: str) -> float:
    """Where a line's baseline goes: capitals centred (middle), at the top, or on the bottom."""
    if valign == "top":
        return box.y + font.cap_height * size
    if valign == "baseline":
        return box.bottom
    return box.y + (box.height + font.cap_height * size) / 2



def text_nodes(box: "Box", text: str, font: FontMetrics, colour: str) -> list[Node]:
    if not text:
        return []
    found = fitted(box, text, font)
    if found is None:  # reported by text-fit: print it at the smallest size allowed
        least = MIN_PARAGRAPH_SIZE if box.get("wrap") else MIN_TEXT_SIZE
        size = max(box.get("min_size") or least, least)
        found = (size, [text]) if not box.get("wrap") else (size, fit_lines_anyway(font, text, box.width, size))
    size, lines = found
    align = box.get("align") or "centre"
    anchor, x = {"left": ("start", box.x), "right": ("end", box.right)}.get(align, ("middle", box.x + box.width / 2))
    valign = box.get("valign") or "middle"
    leading = size * (box.get("leading") or 1.2)
    if len(lines) > 1 and valign == "middle":
        block = leading * (len(lines) - 1) + font.cap_height * size
        first = box.y + (box.height - block) / 2 + font.cap_height * size
    elif valign == "baseline":
        first = box.bottom - leading * (len(lines) - 1)
    else:
        first = baseline(box, font, size, valign)
    return [Text(x, first + i * leading, line, font.name, size, colour, anchor) for i, line in enumerate(lines)]


def fit_lines_anyway(font: FontMetrics, text: str, width: float, size: float) -> list[str]:
    from ..layout.textfit import wrap

    return wrap(font, text, width, size)


def _printed(box: "Box", env: Mapping[str, Any], language: str, default: str) -> Iterator[Printing]:
    template = box.get("text").get(language, default)
    yield Printing(template, template.render(env, language), box.get("font") or "body")


def _fits(box: "Box", text: str, font: FontMetrics, cell: None) -> bool:
    return fitted(box, text, font) is not None


def _refusal(box: "Box", name: str, text: str, cell: None) -> str:
    if box.get("wrap"):
        least = max(box.get("min_size") or box.get("size") or 7.0, MIN_PARAGRAPH_SIZE)
        return (f"{name} {text[:30]!r}... does not fit the {to_mm(box.width):g} x {to_mm(box.height):g} mm "
                f"{box.name} box even at {least:g} pt")
    _, least = line_sizes(box)  # (as fit_line shrinks it)
    return f"{name} {text!r} does not fit the {to_mm(box.width):g} mm {box.name} box even at {least:g} pt"


@box_kind("text", "Text from a template, shrunk to fit its box down to min_size; with wrap, a paragraph.",
          'name: {x: 5.5, y: 52, width: 52.5, height: 7, text: "{name}", font: heading, size: 11.5, min_size: 6}',
          {"text": TEXT, "font": FONT, "size": SIZE, "min_size": MIN_SIZE, "colour": COLOUR, "align": ALIGN,
           "valign": choice("top", "middle", "baseline", description="Where a text sits: capitals centred (middle), "
                            "at the top, or its last baseline on the box's bottom."),
           "wrap": flag(description="Wrap the text into lines (a paragraph)."),
           "leading": number(exclusiveMinimum=0, maximum=5, description="Line height as a multiple of the size.")},
          prints=Prints(_printed, _fits, _refusal))
def _text(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    text = ctx.text(box.get("text"), env)
    return text_nodes(box, text, ctx.font(box, "body"), ctx.colour(box.get("colour"), env, ctx.ink()) or ctx.ink())
