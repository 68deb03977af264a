"""Fitting text into boxes: shrink a line to fit, wrap a paragraph into lines."""

from __future__ import annotations

from .fonts import FontMetrics

NO_BREAK_SPACE = "\u00a0"


def fit_size(font: FontMetrics, text: str, width: float, size: float, min_size: float) -> float | None:
    """The largest size from `size` down to `min_size` (in 0.25 pt steps) at which `text`
    fits `width`; None when it does not fit even at `min_size`."""
    step = 0.25
    current = size
    while current >= min_size - 1e-9:
        if font.width(text, current) <= width + 1e-6:
            return current
        current -= step
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
    step = 0.25
    current = size
    while current >= min_size - 1e-9:
        lines = wrap(font, text, width, current)
        tall = len(lines) * current * leading
        if tall <= height + 1e-6 and all(font.width(l, current) <= width + 1e-6 for l in lines):
            return current, lines
        current -= step
    return None
