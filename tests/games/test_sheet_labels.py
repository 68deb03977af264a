"""Every print sheet of the three games, imposed at --bleed 0, 1 and 3 mm (and the most the
command takes, 10 mm) on each paper: the label at the foot of the sheet meets no piece's colour,
and every crop mark shows at least 2.5 mm outside all of it, 5 mm clear of the paper's edge.
Measured on the imposition's geometry, in mm, as the build draws it (the PDFs' own test reads a
built sheet: tests/games/test_sheets.py)."""

from __future__ import annotations

import pytest

from pnp.build.pipeline import BuildOptions, game_fonts
from pnp.kit.pieces import Kit
from pnp.kit.readme import label_font, print_sheets
from pnp.load.game import load_game
from pnp.scene import Group, Path, Rect, Text, Use
from pnp.units import mm

from conftest import GAMES

LABEL_GREY = "#5f5f5f"
SHORTEST_MARK = mm(2.5)


def colour_and_lines(page) -> tuple[list[tuple], list[Text], list[tuple]]:
    """A sheet's pieces as the boxes their colour may fill (each placed form grown by its bleed,
    cut to its cell's clip), its label's lines, and its crop marks (the thin black lines)."""
    definitions = {d.id: d for d in page.definitions}
    boxes, labels, marks = [], [], []

    def walk(nodes, dx: float, dy: float, clip) -> None:
        for node in nodes:
            if isinstance(node, Group):
                inner = clip
                if isinstance(node.clip, Rect):
                    r = node.clip
                    box = (r.x + dx, r.y + dy, r.x + r.width + dx, r.y + r.height + dy)
                    inner = box if clip is None else (max(clip[0], box[0]), max(clip[1], box[1]),
                                                      min(clip[2], box[2]), min(clip[3], box[3]))
                walk(node.children, dx + node.transform[4], dy + node.transform[5], inner)
            elif isinstance(node, Use):
                d = definitions[node.ref]
                s, x, y = node.transform[0], node.transform[4] + dx, node.transform[5] + dy
                box = (x - d.bleed * s, y - d.bleed * s, x + (d.width + d.bleed) * s, y + (d.height + d.bleed) * s)
                if clip is not None:
                    box = (max(box[0], clip[0]), max(box[1], clip[1]), min(box[2], clip[2]), min(box[3], clip[3]))
                boxes.append(box)
            elif isinstance(node, Text) and node.fill == LABEL_GREY:
                labels.append(node)
            elif isinstance(node, Path) and node.style.stroke == "#000000" and node.style.stroke_width == 0.3:
                c = node.commands
                marks.extend([((c[i][1] + dx, c[i][2] + dy), (c[i + 1][1] + dx, c[i + 1][2] + dy))
                              for i in range(0, len(c), 2)])
    walk(page.children, 0.0, 0.0, None)
    return boxes, labels, marks


def label_box(text: Text, font) -> tuple[float, float, float, float]:
    """The box a label's letters may take: its advance width, from 1 em above its baseline (an
    accented capital’s top) to 0.25 em below (a descender’s foot)."""
    width = font.width(text.text, text.size)
    left = text.x - width / 2 if text.anchor == "middle" else text.x
    return left, text.y - text.size, left + width, text.y + 0.25 * text.size


def meet(a, b) -> bool:
    return a[0] < b[2] - 1e-6 and b[0] < a[2] - 1e-6 and a[1] < b[3] - 1e-6 and b[1] < a[3] - 1e-6


def clear_length(mark, boxes) -> float:
    """How much of a mark (across or down) lies outside every box."""
    (x0, y0), (x1, y1) = mark
    inside = 0.0
    for b in boxes:
        if x0 == x1 and b[0] < x0 < b[2]:
            lo, hi = sorted((y0, y1))
            inside += max(0.0, min(hi, b[3]) - max(lo, b[1]))
        elif y0 == y1 and b[1] < y0 < b[3]:
            lo, hi = sorted((x0, x1))
            inside += max(0.0, min(hi, b[2]) - max(lo, b[0]))
    return abs(x1 - x0) + abs(y1 - y0) - inside


@pytest.fixture(scope="module")
def kits() -> dict[str, Kit]:
    found = {}
    for name, folder in GAMES.items():
        game, _ = load_game(folder / "game.yaml")
        found[name] = Kit(game, game_fonts(game), {}, None)
    return found


@pytest.mark.parametrize("bleed", [0.0, 1.0, 3.0, 10.0])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_labels_and_crop_marks_clear_of_the_bleed(kits: dict[str, Kit], game: str, bleed: float) -> None:
    kit = kits[game]
    font = label_font(kit.fonts)
    options = BuildOptions(bleed=mm(bleed))
    sheets_seen = labels_seen = marks_seen = 0
    for paper in ("a4", "letter", "a3"):
        for name, sets in kit.print_groups():
            made = print_sheets(kit, name, sets, paper, options.bleed_for)
            for side, pages in (("fronts", made.fronts), ("backs", made.backs)):
                for number, page in enumerate(pages, start=1):
                    where = (paper, name, side, number)
                    boxes, labels, marks = colour_and_lines(page)
                    sheets_seen += 1
                    assert len(labels) == 1, where
                    box = label_box(labels[0], font)
                    assert box[3] <= page.height - mm(5) + 1e-6, where  # 5 mm clear of the edge
                    assert not [b for b in boxes if meet(box, b)], where
                    labels_seen += 1
                    for mark in marks:
                        assert clear_length(mark, boxes) >= SHORTEST_MARK - 1e-3, (where, mark)  # (marks at trim lines to 1e-4 pt)
                        for x, y in mark:
                            assert min(x, y, page.width - x, page.height - y) >= mm(5) - 1e-6, (where, mark)
                    marks_seen += len(marks)
    assert sheets_seen == labels_seen and sheets_seen > 20 and marks_seen > 100  # (the test saw sheets and marks)
