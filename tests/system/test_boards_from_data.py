"""A board drawn from data, read back from its printed PDF: the board template (pnp new
--template board) built whole, its main board's score track of 100 spaces round its edge,
its action spaces' dashed worker slots where actions.yaml puts them, its round track along
its path and its arrow's head; each measured in the board's own drawing (the form the
print file places), in mm from the board's top-left corner."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader
from pypdf.generic import ContentStream

from pnp.boxes.track import ring
from pnp.commands.starter import create

from conftest import build_kit

MM = 72 / 25.4


@dataclass
class Drawn:
    """A path painted in the form: its points (mm, y down, as the board is drawn), how many
    pieces it is in (a dashed line's dashes), its fill and stroke (RGB, or None)."""

    points: list[tuple[float, float]]
    pieces: int
    fill: tuple | None
    stroke: tuple | None

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        xs, ys = [p[0] for p in self.points], [p[1] for p in self.points]
        return min(xs), min(ys), max(xs), max(ys)

    @property
    def centre(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.bounds
        return round((x0 + x1) / 2, 2), round((y0 + y1) / 2, 2)


def _apply(m, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def _multiply(m, n):
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + b * c2, a * b2 + b * d2, c * a2 + d * c2, c * b2 + d * d2, e * a2 + f * c2 + e2,
            e * b2 + f * d2 + f2)


def drawn(pdf: Path, form: str) -> list[Drawn]:
    """Every path a form of the first page paints, in the order painted."""
    reader = PdfReader(pdf)
    found = reader.pages[0]["/Resources"]["/XObject"][form].get_object()
    ctm, stack, fill, stroke = (1, 0, 0, 1, 0, 0), [], None, None
    points: list = []
    pieces = 0
    out = []
    for operands, op in ContentStream(found, reader).operations:
        values = [float(v) for v in operands] if op in (b"cm", b"re", b"m", b"l", b"c", b"rg", b"RG") else []
        if op == b"q":
            stack.append((ctm, fill, stroke))
        elif op == b"Q":
            ctm, fill, stroke = stack.pop()
        elif op == b"cm":
            ctm = _multiply(tuple(values), ctm)
        elif op == b"rg":
            fill = tuple(round(v, 3) for v in values)
        elif op == b"RG":
            stroke = tuple(round(v, 3) for v in values)
        elif op == b"re":
            x, y, w, h = values
            points += [_apply(ctm, x, y), _apply(ctm, x + w, y + h)]
            pieces += 1
        elif op == b"m":
            points.append(_apply(ctm, *values))
            pieces += 1
        elif op in (b"l", b"c"):
            points += [_apply(ctm, values[i], values[i + 1]) for i in range(0, len(values), 2)]
        elif op in (b"S", b"f", b"f*", b"B", b"B*", b"b", b"b*"):
            if points:
                out.append(Drawn([(x / MM, y / MM) for x, y in points], pieces,
                                 fill if op not in (b"S",) else None, stroke if op in (b"S", b"B", b"B*", b"b", b"b*")
                                 else None))
            points, pieces = [], 0
        elif op == b"n":
            points, pieces = [], 0
    return out


def rgb(colour: str) -> tuple:
    return tuple(round(int(colour[i:i + 2], 16) / 255, 3) for i in (1, 3, 5))


@functools.cache
def _built(folder: Path) -> tuple[Path, Path]:
    create(folder / "valley", "board")
    return folder / "valley", build_kit(folder / "valley", folder / "out")


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The board template's game, and its kit built."""
    return _built(tmp_path_factory.mktemp("boards"))


def board(kit) -> list[Drawn]:
    return drawn(kit[1] / "print" / "board-a3.pdf", "/FormXob.Fboard")  # (a board set of one record: the set's name)


def test_the_score_track_runs_round_the_edge(kit) -> None:
    squares = [d for d in board(kit) if d.pieces == 1 and round(d.bounds[2] - d.bounds[0], 3) == round(270 / 26, 3)]
    assert len(squares) == 100
    side = 270 / 26
    expected = [(round((c + 0.5) * side, 2), round((r + 0.5) * side, 2)) for c, r in ring(26, 26)]
    assert [s.centre for s in squares] == expected  # 0 in the top-left corner, on clockwise
    accent = rgb("#8c2f1b")
    assert [i for i, s in enumerate(squares) if s.fill == accent] == list(range(0, 100, 10))
    assert {s.stroke for s in squares} == {rgb("#2b2118")}


def test_the_worker_slots_stand_where_the_actions_data_puts_them(kit) -> None:
    game, _ = kit
    actions = yaml.safe_load((game / "actions.yaml").read_text("utf-8").split("\n", 1)[1])["actions"]
    # each action space from the place box's corner (12, 12); its slots box at (4, 22) in it, cut into three
    # cells of 20 x 22 mm, each slot 17 mm across centred in its cell
    expected = sorted((round(12 + a["x"] + 4 + 20 * k + 10, 2), round(12 + a["y"] + 22 + 11, 2))
                      for a in actions for k in range(a["slots"]))
    dashed = [d for d in board(kit) if d.pieces > 10 and d.fill is None]
    found = sorted(d.centre for d in dashed)
    assert len(found) == len(expected) == 12
    # (its dashes stop short of the ring's very edge: its middle found within 0.05 mm)
    assert all(abs(fx - ex) < 0.05 and abs(fy - ey) < 0.05 for (fx, fy), (ex, ey) in zip(found, expected))
    for d in dashed:
        x0, y0, x1, y1 = d.bounds
        assert 16.5 < x1 - x0 < 17 and 16.5 < y1 - y0 < 17  # (half the 0.8 pt line in from 17 mm)


def test_the_round_track_follows_its_path_and_the_arrow_points_at_it(kit) -> None:
    paths = board(kit)
    discs = [d for d in paths if d.fill == rgb("#f3ead3") and d.pieces == 1 and 13.9 < d.bounds[2] - d.bounds[0] < 14.1]
    # six 14 mm discs evenly along [[8, 16], [64, 9], [120, 16], [176, 9]] from the box's corner (40, 222)
    assert len(discs) == 6
    assert discs[0].centre == (48.0, 238.0) and discs[-1].centre == (216.0, 231.0)
    steps = [((b.centre[0] - a.centre[0]) ** 2 + (b.centre[1] - a.centre[1]) ** 2) ** 0.5
             for a, b in zip(discs, discs[1:])]
    assert max(steps) - min(steps) < 3.5 and all(s > 14 for s in steps)  # (apart along the path; closer at its bends)
    # (the flags by the title are the other two triangles in the accent)
    (head,) = [d for d in paths if d.fill == rgb("#8c2f1b") and len(d.points) == 3 and d.bounds[1] > 200]
    tip = max(head.points)
    assert (round(tip[0], 3), round(tip[1], 3)) == (40.0, 236.0)  # the arrow box's right end, half way down
