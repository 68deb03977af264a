"""The duplex test page: a sheet printed on both sides whose scales read how far a printer
shifts the backs; and a page shifted by that much."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..scene import Group, Node, Page, Path, Style, Text, translate
from ..units import mm
from .paper import Paper
from .sheets import SheetLabel, label_words, behind, paper_label, sheet_label

if TYPE_CHECKING:
    from ..layout.fonts import FontMetrics


# --- the duplex test page -------------------------------------------------------------------

NUMBER_SIZE = 8.0  # points: the scales' numbers
NAME_SIZE = 11.0  # points: the scales' names, X and Y
TEXT_SIZE = 8.0  # points: the instructions
TITLE_SIZE = 10.0


def _scale(cx: float, cy: float, horizontal: bool, sign: int, font: "FontMetrics") -> list[Node]:
    """A ruler centred on (cx, cy) from -6 to +6 mm: ticks every half millimetre, longer at
    whole ones, numbered every two with `sign` times the offset (the correction to give),
    alternately on either side of it (above and below a horizontal ruler, right and left of a
    vertical one, so that numbers 8 pt tall stand 4 mm apart); named X past its right end, or
    Y past its bottom end."""
    ink = Style(stroke="#000000", stroke_width=0.35)
    nodes: list[Node] = []
    reach = mm(6)
    line = ((cx - reach, cy), (cx + reach, cy)) if horizontal else ((cx, cy - reach), (cx, cy + reach))
    nodes.append(Path((("M", *line[0]), ("L", *line[1])), ink))
    for step in range(-12, 13):
        offset = step * mm(0.5)
        length = mm(1.6) if step % 2 == 0 else mm(0.9)
        if horizontal:
            nodes.append(Path((("M", cx + offset, cy - length), ("L", cx + offset, cy + length)), ink))
        else:
            nodes.append(Path((("M", cx - length, cy + offset), ("L", cx + length, cy + offset)), ink))
        if step % 4 == 0:
            value = f"{sign * step // 2:+d}".replace("-", "−") if step else "0"
            one_side = step % 8 == 0
            if horizontal:
                nodes.append(Text(cx + offset, cy + (mm(4.9) if one_side else -mm(2.4)), value, font.name, NUMBER_SIZE,
                                  "#000000", "middle"))
            else:
                nodes.append(Text(cx + (mm(2.4) if one_side else -mm(2.4)), cy + offset + mm(1), value, font.name,
                                  NUMBER_SIZE, "#000000", "start" if one_side else "end"))
    if horizontal:
        nodes.append(Text(cx + reach + mm(2.5), cy + mm(1.4), "X", font.name, NAME_SIZE, "#000000"))
    else:
        nodes.append(Text(cx, cy + reach + mm(5.5), "Y", font.name, NAME_SIZE, "#000000", "middle"))
    return nodes


def _wrapped(text: str, font: "FontMetrics", size: float, width: float) -> list[str]:
    """The text in lines no wider than `width`, broken at spaces."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and font.width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def duplex_test(paper: Paper, title: str, font: "FontMetrics", language: str = "en") -> tuple[Page, Page]:
    """A sheet that measures how far a printer's backs drift from its fronts. The front holds
    five targets, each a pair of millimetre scales, X across and Y down; the back, printed as
    the backs will be (a long-edge flip), a bold cross behind each. Held against the light, each
    of the back's lines crosses a scale at a number: how far to move the backs, right and down
    on the back page (a positive X: the back printed that much too far left; a positive Y: too
    high), the scales' numbers already turned for the flip. The front says so, and how to give
    that to a printer driver's back-side offset, or to pnp's `--back-shift X,Y`."""
    w, h = paper.width, paper.height
    inset = mm(40)
    targets = [(w / 2, h / 2), (inset, inset), (w - inset, inset), (inset, h - inset), (w - inset, h - inset)]
    sx, sy = (-1, 1) if paper.landscape else (1, -1)
    front: list[Node] = []
    apart = mm(12)  # the rulers apart, so that their numbers do not meet
    for x, y in targets:
        front += _scale(x, y - apart, True, sx, font) + _scale(x - apart, y, False, sy, font)
    label = SheetLabel(title, language)
    test, paper_name = label_words(label, "duplex-title"), paper_label(label, paper)
    lines = [f"{title} · {test} · {paper_name}", *(label_words(label, f"duplex-{i}") for i in range(1, 6))]
    y = mm(12)
    room = w - 2 * (inset + apart + mm(8))  # between the corner targets' rulers
    for i, line in enumerate(lines):
        size = TITLE_SIZE if i == 0 else TEXT_SIZE
        for part in _wrapped(line, font, size, room) if i else [line]:
            front.append(Text(w / 2, y, part, font.name, size, "#000000", "middle"))
            y += mm(3.6)
        y += mm(1.2)  # apart, each paragraph
    front += sheet_label(paper, f"{title} · {test} · {label_words(label, 'duplex-front')} · {paper_name}", font)
    back: list[Node] = []
    bold = Style(stroke="#000000", stroke_width=1.2)
    for x, y in targets:
        # long enough to cross the front's rulers, which sit 12 mm above and to the left
        back.append(Path((("M", *behind(paper, x, y - mm(20))), ("L", *behind(paper, x, y + mm(8)))), bold))
        back.append(Path((("M", *behind(paper, x - mm(20), y)), ("L", *behind(paper, x + mm(8), y))), bold))
    back += sheet_label(paper, f"{title} · {test} · {label_words(label, 'duplex-back')} · {paper_name}", font)
    return Page(w, h, tuple(front), (), "front"), Page(w, h, tuple(back), (), "back")


def shifted(page: Page, dx: float, dy: float) -> Page:
    """A page's content moved by (dx, dy): backs moved to land behind their fronts on a printer
    that drifts (the duplex test page measures by how much)."""
    from dataclasses import replace

    if not dx and not dy:
        return page
    return replace(page, children=(Group(page.children, translate(dx, dy)),))
