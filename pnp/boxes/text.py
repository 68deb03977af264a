"""The text kind: a template printed in its box, shrunk to fit, or wrapped into a paragraph,
with the game's icons inline where it names them (`:star:`)."""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping

from ..layout.fonts import FontMetrics
from ..layout.textfit import ICON_DROP, ICON_EM, InlineIcon, InlineMetrics, inline_icons, inline_parts
from ..scene import Node, Text
from ..units import to_mm
from .context import MIN_PARAGRAPH_SIZE, MIN_TEXT_SIZE, Context, fitted, line_sizes
from .kind import box_kind
from .printing import Cell, Printing, Prints
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



def text_nodes(box: "Box", text: str, font: FontMetrics, colour: str, icons: Mapping[str, Any] | None = None,
               draw_icon: Callable[..., Node] | None = None, light: str = "#ffffff") -> list[Node]:
    """The lines of `text` in the box, fitted as text-fit fits them, each icon it names
    (`:star:`, from `icons`) drawn by `draw_icon` in the text's colour and `light`."""
    if not text:
        return []
    measure = InlineMetrics(font)
    found = fitted(box, text, measure)  # (an icon inline takes its room as lines are broken and shrunk)
    if found is None:  # reported by text-fit: print it at the smallest size allowed
        least = MIN_PARAGRAPH_SIZE if box.get("wrap") else MIN_TEXT_SIZE
        size = max(box.get("min_size") or least, least)
        found = (size, [text]) if not box.get("wrap") else (size, fit_lines_anyway(measure, text, box.width, size))
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
    nodes: list[Node] = []
    for i, line in enumerate(lines):
        nodes += line_nodes(x, first + i * leading, line, anchor, font, size, colour, icons, draw_icon, light)
    return nodes


def line_nodes(x: float, y: float, line: str, anchor: str, font: FontMetrics, size: float, colour: str,
               icons: Mapping[str, Any] | None, draw_icon: Callable[..., Node] | None, light: str) -> list[Node]:
    """One line on its baseline `y`, anchored at `x`: a text node, or where it names icons, its
    words from the left as text nodes and each icon an ICON_EM square between them, its
    bottom ICON_DROP ems below the baseline (an icon the game lacks leaves its room empty)."""
    parts = inline_parts(line)
    if not any(isinstance(part, InlineIcon) for part in parts):
        return [Text(x, y, parts[0] if parts else "", font.name, size, colour, anchor)]  # (escapes undone)
    width = InlineMetrics(font).width(line, size)
    left = {"start": x, "end": x - width}.get(anchor, x - width / 2)
    side = ICON_EM * size
    nodes: list[Node] = []
    for part in parts:
        if isinstance(part, InlineIcon):
            icon = icons.get(part.name) if icons is not None else None
            if icon is not None and draw_icon is not None:
                nodes.append(draw_icon(icon, left, y + ICON_DROP * size - side, side, colour, light))
            left += side
        else:
            nodes.append(Text(left, y, part, font.name, size, colour))  # (from its start)
            left += font.width(part, size)
    return nodes


# two colours nearer than this (the WCAG contrast ratio of their luminances, 1 to 21) cannot be
# told apart in an icon's two parts: its white would be painted as its black, a solid blob
APART = 1.5


def _luminance(colour: str) -> float | None:
    """The relative luminance of #rrggbb (0 black, 1 white), None for anything else."""
    if not (isinstance(colour, str) and len(colour) == 7 and colour.startswith("#")):
        return None
    try:
        channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    except ValueError:
        return None
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def apart(one: str, other: str) -> bool:
    """Whether an icon's two parts in these colours can be told apart (or either is not #rrggbb)."""
    a, b = _luminance(one), _luminance(other)
    if a is None or b is None:
        return True
    return (max(a, b) + 0.05) / (min(a, b) + 0.05) >= APART


def icon_light(colour: str, paper: str, ink: str) -> str:
    """What an icon drawn in `colour` paints its white parts in when the box gives no light:
    the paper, unless the colour is too near it to tell the two apart (light text on a dark
    band), then the ink, or else black or white, whichever is further from the colour."""
    if apart(colour, paper):
        return paper
    if apart(colour, ink):
        return ink
    return "#000000" if (_luminance(colour) or 0.0) > 0.18 else "#ffffff"


def fit_lines_anyway(font: "FontMetrics | InlineMetrics", text: str, width: float, size: float) -> list[str]:
    from ..layout.textfit import wrap

    return wrap(font, text, width, size)


@dataclass(frozen=True)
class NoIcon(Cell):
    """What a text box prints naming icons the game does not have (`said`: which, as a message
    says it): it cannot be printed as written, whatever its size."""

    said: str = ""


def _unknown_icons(text: str, env: Mapping[str, Any], box: "Box") -> NoIcon | None:
    """The icons `text` names inline that the game lacks, as a cell that never fits; None when
    it has them all (or the game is not known: a piece drawn alone)."""
    names = inline_icons(text)
    views = getattr(env.get("sets"), "views", None)  # (the game, as every template's `sets` holds it)
    icons = getattr(getattr(views, "game", None), "icons", None)
    missing = list(dict.fromkeys(name for name in names if icons is not None and name not in icons))
    if not missing:
        return None
    hints = {name: difflib.get_close_matches(name, sorted(icons)) for name in missing}
    said = ", ".join(f"no icon '{name}'" + (f" (did you mean '{hints[name][0]}'?)" if hints[name] else "")
                     for name in missing)
    if not any(hints.values()):
        shown = sorted(icons)[:12]
        more = f" and {len(icons) - len(shown)} more" if len(icons) > len(shown) else ""
        said += f" (the game's icons: {', '.join(shown)}{more})" if icons else " (the game has no icons/)"
    return NoIcon(box.width, 0.0, box.get("font") or "body", "icon", said)


def _printed(box: "Box", env: Mapping[str, Any], language: str, default: str) -> Iterator[Printing]:
    template = box.get("text").get(language, default)
    text = template.render(env, language)
    yield Printing(template, text, box.get("font") or "body", _unknown_icons(text, env, box))


def _fits(box: "Box", text: str, font: FontMetrics, cell: NoIcon | None) -> bool:
    return cell is None and fitted(box, text, InlineMetrics(font)) is not None


def _refusal(box: "Box", name: str, text: str, cell: NoIcon | None) -> str:
    if cell is not None:
        return f"{name} {text!r} names {cell.said}: an icon in a text is written :name: (\\:name: prints as written)"
    if box.get("wrap"):
        least = max(box.get("min_size") or box.get("size") or 7.0, MIN_PARAGRAPH_SIZE)
        return (f"{name} {text[:30]!r}... does not fit the {to_mm(box.width):g} x {to_mm(box.height):g} mm "
                f"{box.name} box even at {least:g} pt")
    _, least = line_sizes(box)  # (as fit_line shrinks it)
    return f"{name} {text!r} does not fit the {to_mm(box.width):g} mm {box.name} box even at {least:g} pt"


@box_kind("text", "Text from a template, shrunk to fit its box down to min_size; with wrap, a paragraph; "
          "`:name:` in it shows one of the game's icons, 1.05 em square, in the text's colour (its white parts in "
          "light: by default the paper, or the ink where the text's colour is too near the paper's to tell the "
          "icon's two colours apart, as light text on a dark band is).",
          'name: {x: 5.5, y: 52, width: 52.5, height: 7, text: "{name}", font: heading, size: 11.5, min_size: 6}',
          {"text": TEXT, "font": FONT, "size": SIZE, "min_size": MIN_SIZE, "colour": COLOUR, "align": ALIGN,
           "valign": choice("top", "middle", "baseline", description="Where a text sits: capitals centred (middle), "
                            "at the top, or its last baseline on the box's bottom."),
           "wrap": flag(description="Wrap the text into lines (a paragraph)."),
           "leading": number(exclusiveMinimum=0, maximum=5, description="Line height as a multiple of the size."),
           "light": COLOUR},  # (the white parts of the icons it shows inline: paper by default)
          prints=Prints(_printed, _fits, _refusal))
def _text(box: "Box", ctx: Context, env: Mapping[str, Any]) -> list[Node]:
    text = ctx.text(box.get("text"), env)
    colour = ctx.colour(box.get("colour"), env, ctx.ink()) or ctx.ink()
    light = ctx.colour(box.get("light"), env, ctx.paper()) or ctx.paper()
    if box.get("light") is None:  # (the paper, unless the text's colour is as light: then the ink)
        light = icon_light(colour, light, ctx.ink())
    return text_nodes(box, text, ctx.font(box, "body"), colour, ctx.icons, ctx.draw_icon, light)
