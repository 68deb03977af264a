"""Fitting text into boxes: shrink a line to fit, wrap a paragraph into lines."""

from __future__ import annotations

import math
import re
from typing import NamedTuple

from .fonts import FontMetrics

NO_BREAK_SPACE = "\u00a0"

# An icon in running text, written as in a rulebook: `:star:`, its colon not after a letter or
# a digit; `\:star:` prints as written, without the backslash.
INLINE_ICON = re.compile(r"(\\)?(?<![^\W_]):([a-z][a-z0-9-]*):")
ICON_EM = 1.05  # an inline icon's square and the room it takes in its line, in ems (as a rulebook's)
ICON_DROP = 0.17  # how far its square's bottom goes below the baseline, in ems


class InlineIcon(NamedTuple):
    """An icon a text names where it stands (`:name:`)."""

    name: str


def inline_parts(text: str) -> list["str | InlineIcon"]:
    """A text cut into its words and the icons it names, in order (no empty text between)."""
    if ":" not in text:
        return [text] if text else []
    pieces = INLINE_ICON.split(text)  # the text before, then (backslash, name, the text after) for each
    parts: list[str | InlineIcon] = []
    plain = pieces[0]
    for i in range(1, len(pieces), 3):
        if pieces[i]:  # written with a backslash: the text as written, without it
            plain += f":{pieces[i + 1]}:{pieces[i + 2]}"
            continue
        if plain:
            parts.append(plain)
        parts.append(InlineIcon(pieces[i + 1]))
        plain = pieces[i + 2]
    if plain:
        parts.append(plain)
    return parts


def inline_icons(text: str) -> list[str]:
    """The names of the icons a text shows inline, in order."""
    return [part.name for part in inline_parts(text) if isinstance(part, InlineIcon)]


class InlineMetrics:
    """A font's metrics for a text that may show icons inline: each icon ICON_EM ems wide, so a
    line is broken and shrunk with the room its icons take."""

    def __init__(self, font: FontMetrics):
        self.font = font
        self.name = font.name
        self.cap_height = font.cap_height

    def width(self, text: str, size: float) -> float:
        if ":" not in text:
            return self.font.width(text, size)
        return sum(ICON_EM * size if isinstance(part, InlineIcon) else self.font.width(part, size)
                   for part in inline_parts(text))


STEP = 0.25  # points: sizes are tried from the largest down, a step at a time


def _skip(size: float, largest: float) -> float:
    """`size` less as many whole steps as surely leave it above `largest` (no size above it can
    fit): the same size the step-by-step search reaches, without measuring at each step."""
    current = size
    for _ in range(max(0, math.floor((size - largest) / STEP) - 1)):
        current -= STEP
    return current


def _sizes(current: float, min_size: float):
    """The sizes tried, from `current` down a step at a time, and `min_size` itself last
    (where the steps pass it by: from 6.1 pt down to 6, 6.1 and then 6)."""
    tried = None
    while current >= min_size - 1e-9:
        yield current
        tried, current = current, current - STEP
    if tried is not None and tried > min_size + 1e-9:
        yield min_size


def fit_size(font: FontMetrics, text: str, width: float, size: float, min_size: float) -> float | None:
    """The largest size from `size` down to `min_size` (in 0.25 pt steps, and `min_size`
    itself) at which `text` fits `width`; None when it does not fit even at `min_size`."""
    full = font.width(text, 1.0)  # a line's width grows with its size
    for current in _sizes(_skip(size, (width + 1e-6) / full) if full > 0 else size, min_size):
        if font.width(text, current) <= width + 1e-6:
            return current
    return None


def wrap(font: FontMetrics, text: str, width: float, size: float) -> list[str]:
    """Greedy line breaking at ordinary spaces (a no-break space never breaks).

    A single word wider than `width` stays on a line of its own, too wide: callers check
    widths with `fits`."""
    words = text.split(" ")
    lines: list[str] = []
    line = ""
    for word in words:
        candidate = f"{line} {word}" if line else word
        if not line or font.width(candidate.replace(NO_BREAK_SPACE, " "), size) <= width + 1e-6:
            line = candidate
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return [l.replace(NO_BREAK_SPACE, " ") for l in lines]


def fit_paragraph(font: FontMetrics, text: str, width: float, height: float, size: float, min_size: float,
                  leading: float = 1.2) -> tuple[float, list[str]] | None:
    """The largest size (down to `min_size`) at which `text` wraps into `width` x `height`,
    with its lines; None when it cannot fit."""
    # n lines hold the text's words, each line at most `width`, and take n * size * leading of
    # the height: no size above the one where the words' own width fills the box can fit
    words = font.width(text.replace(" ", "").replace(NO_BREAK_SPACE, ""), 1.0)
    largest = (height + 1e-6) / leading
    if words > 0:
        largest = min(largest, math.sqrt((height + 1e-6) * (width + 1e-6) / (words * leading)))
    for current in _sizes(_skip(size, largest), min_size):
        lines = wrap(font, text, width, current)
        tall = len(lines) * current * leading
        if tall <= height + 1e-6 and all(font.width(l, current) <= width + 1e-6 for l in lines):
            return current, lines
    return None
