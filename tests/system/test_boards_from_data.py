"""A board drawn from data, read back from its printed PDF: the board template (pnp new
--template board) built whole, its main board's score track of 100 spaces round its edge,
its action spaces' dashed worker slots where actions.yaml puts them, its round track along
its path and its arrow's head; each measured in the board's own drawing (the form the
print file places), in mm from the board's top-left corner. And the icons inline in the
actions' effects, beside their words (the words as pdfium reads them back); a row of icons
each in its own colour; the round goods and square tools that share the print file tokens,
each cut on its own shape, fronts and backs; and the pages each print file takes."""

from __future__ import annotations

import ctypes
import functools
import re
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
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
    """A path painted: its points (mm, y down, as the piece or the sheet is drawn), how many
    pieces it is in (a dashed line's dashes), its fill and stroke (RGB, or None), its line's
    width (pt) and how many of its parts are curves and rectangles (a circle is four curves)."""

    points: list[tuple[float, float]]
    pieces: int
    fill: tuple | None
    stroke: tuple | None
    width: float = 0.0
    curves: int = 0
    rects: int = 0

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


def painted(pdf: Path, form: str | None = None, page: int = 0) -> tuple[list[Drawn], list[tuple[str, tuple]]]:
    """Every path a page paints (or a form of it), in the order painted, and the forms it
    places, each with the matrix it is placed by (from the form's points to the page's)."""
    reader = PdfReader(pdf)
    stream = reader.pages[page] if form is None else reader.pages[page]["/Resources"]["/XObject"][form].get_object()
    contents = stream.get_contents() if form is None else stream
    ctm, stack, fill, stroke, width = (1, 0, 0, 1, 0, 0), [], None, None, 1.0
    points: list = []
    pieces = curves = rects = 0
    out, placed = [], []
    for operands, op in ContentStream(contents, reader).operations:
        values = [float(v) for v in operands] if op in (b"cm", b"re", b"m", b"l", b"c", b"rg", b"RG", b"w") else []
        if op == b"q":
            stack.append((ctm, fill, stroke, width))
        elif op == b"Q":
            ctm, fill, stroke, width = stack.pop()
        elif op == b"cm":
            ctm = _multiply(tuple(values), ctm)
        elif op == b"rg":
            fill = tuple(round(v, 3) for v in values)
        elif op == b"RG":
            stroke = tuple(round(v, 3) for v in values)
        elif op == b"w":
            width = values[0]
        elif op == b"Do":
            placed.append((str(operands[0]), ctm))
        elif op == b"re":
            x, y, w, h = values
            points += [_apply(ctm, x, y), _apply(ctm, x + w, y + h)]
            pieces += 1
            rects += 1
        elif op == b"m":
            points.append(_apply(ctm, *values))
            pieces += 1
        elif op in (b"l", b"c"):
            points += [_apply(ctm, values[i], values[i + 1]) for i in range(0, len(values), 2)]
            curves += op == b"c"
        elif op in (b"S", b"f", b"f*", b"B", b"B*", b"b", b"b*"):
            stroked = op in (b"S", b"B", b"B*", b"b", b"b*")
            if points:
                out.append(Drawn([(x / MM, y / MM) for x, y in points], pieces, fill if op != b"S" else None,
                                 stroke if stroked else None, width if stroked else 0.0, curves, rects))
            points, pieces, curves, rects = [], 0, 0, 0
        elif op == b"n":
            points, pieces, curves, rects = [], 0, 0, 0
    return out, placed


def drawn(pdf: Path, form: str) -> list[Drawn]:
    """Every path a form of the first page paints, in the order painted."""
    return painted(pdf, form)[0]


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


def _shapes(svg: Path) -> int:
    """How many shapes an icon's file draws: each is one path where pnp draws the icon."""
    return len(re.findall(r"<(?:circle|ellipse|rect|polygon|polyline|line|path)\b", svg.read_text("utf-8")))


def _glyphs(pdf: Path, form: str) -> list[tuple[str, float, float, float, float]]:
    """Each letter the first page shows (not its spaces) as pdfium reads it back: the letter,
    its origin on its baseline, where its ink starts and ends across, all in mm in the form's
    own drawing, as the paths are read; and its size in pt."""
    (matrix,) = [m for name, m in painted(pdf)[1] if name == form]
    a, b, c, d, e, f = matrix
    det = a * d - b * c

    def to_form(x: float, y: float) -> tuple[float, float]:  # (the page's points to the form's mm)
        x, y = x - e, y - f
        return (d * x - c * y) / det / MM, (a * y - b * x) / det / MM

    document = pdfium.PdfDocument(pdf)
    text = document[0].get_textpage()
    found = []
    for i in range(text.count_chars()):
        letter = text.get_text_range(i, 1)
        if letter.strip():
            x, y = ctypes.c_double(), ctypes.c_double()
            pdfium_c.FPDFText_GetCharOrigin(text.raw, i, x, y)
            left, _, right, _ = text.get_charbox(i)
            ox, oy = to_form(x.value, y.value)
            found.append((letter, ox, oy, to_form(left, y.value)[0], to_form(right, y.value)[0],
                          pdfium_c.FPDFText_GetFontSize(text.raw, i)))
    document.close()
    return found


def test_the_icons_inline_stand_in_their_lines_beside_the_words(kit) -> None:
    game, out = kit
    actions = yaml.safe_load((game / "actions.yaml").read_text("utf-8").split("\n", 1)[1])["actions"]
    shapes = {_shapes(svg): svg.stem for svg in (game / "icons").glob("*.svg")}
    assert len(shapes) == 5  # (each icon told apart by how many shapes it draws)
    glyphs = _glyphs(out / "print" / "board-a3.pdf", "/FormXob.Fboard")
    paths = board(kit)
    ink, light = rgb("#2b2118"), rgb("#f3ead3")
    named = 0
    for action in actions:
        # the effect box: (3, 10) in the action space, 62 x 10 mm; the space at the place box's corner (12, 12)
        x0, y0 = 12 + action["x"] + 3, 12 + action["y"] + 10
        inside = [g for g in glyphs if x0 <= g[3] and g[4] <= x0 + 62 and y0 <= g[2] <= y0 + 10]
        drawn_here = sorted((p for p in paths if (p.fill in (ink, light) or p.stroke == ink)
                             and x0 <= p.bounds[0] and p.bounds[2] <= x0 + 62
                             and y0 <= p.bounds[1] and p.bounds[3] <= y0 + 10), key=lambda p: p.bounds[0])
        icons: list[list[Drawn]] = []  # the paths of each icon: those that touch, left to right
        for p in drawn_here:
            if icons and p.bounds[0] <= max(q.bounds[2] for q in icons[-1]) + 0.05:
                icons[-1].append(p)
            else:
                icons.append([p])
        # read left to right, the letters and the icons (each known by its shapes) give the effect as written
        read = sorted([(g[1], g[0]) for g in inside]
                      + [(icon[0].bounds[0], f":{shapes[len(icon)]}:") for icon in icons])
        assert "".join(part for _, part in read) == action["effect"].replace(" ", ""), action["id"]
        (size,) = {g[5] for g in inside}  # (the effect's size, one for the line)
        (base,) = {round(g[2], 2) for g in inside}  # (one line: one baseline)
        em = size / MM
        for icon in icons:
            left, top = min(p.bounds[0] for p in icon), min(p.bounds[1] for p in icon)
            right, bottom = max(p.bounds[2] for p in icon), max(p.bounds[3] for p in icon)
            # in a square of 1.05 em whose bottom is 0.17 em under the baseline, so it stands on the line
            assert right - left <= 1.05 * em + 0.01 and bottom - top <= 1.05 * em + 0.01
            assert base + 0.17 * em - 1.05 * em - 0.01 <= top and bottom <= base + 0.17 * em + 0.01
            assert bottom - top > 0.4 * em and top < base - 0.5 * em  # (the fish, the flattest, is 0.46 em high)
            # beside the words: its square (each icon drawn in its middle) a space at most past the end of the
            # word before it, and as far before the next
            middle = (left + right) / 2
            before = [g for g in inside if g[4] <= left]
            after = [g for g in inside if g[3] >= right]
            assert before and 0 < middle - 0.525 * em - max(g[4] for g in before) < 0.4 * em, action["id"]
            if after:
                assert 0 < min(g[3] for g in after) - (middle + 0.525 * em) < 0.4 * em, action["id"]
            named += 1
        # the line, words and icons, centred in its box
        start = min([g[3] for g in inside] + [p.bounds[0] for p in drawn_here])
        end = max([g[4] for g in inside] + [p.bounds[2] for p in drawn_here])
        assert abs((start + end) / 2 - (x0 + 31)) < 0.5, action["id"]
    assert named == sum(a["effect"].count(":") // 2 for a in actions) == 10


def test_a_row_draws_each_icon_in_its_own_colour(kit) -> None:
    # the player board's food: a fish in its blue, then an ear of grain in its gold, in the row box (19, 19.5),
    # 14 x 7 mm, each icon's white parts in the paper
    paths = [d for d in drawn(kit[1] / "print" / "players-a4.pdf", "/FormXob.Fplayers_red")
             if 19 <= d.bounds[0] and d.bounds[2] <= 33 and 19.5 <= d.bounds[1] and d.bounds[3] <= 26.5]
    fish, grain, paper = rgb("#2d6f9a"), rgb("#c9a227"), rgb("#f7f1e1")
    assert [d.fill or d.stroke for d in paths] == [fish, fish, paper] + [grain] * 8  # (as their files draw them)
    assert max(d.bounds[2] for d in paths[:3]) < min(d.bounds[0] for d in paths[3:])  # (the fish first)


def _pages(pdf: Path) -> int:
    return len(PdfReader(pdf).pages)


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
def test_round_and_square_tokens_sharing_a_print_file_are_each_cut_on_their_own_shape(kit, paper: str) -> None:
    game = yaml.safe_load((kit[0] / "game.yaml").read_text("utf-8").split("\n", 1)[1])["components"]
    assert game["goods"]["print"] == game["tools"]["print"] == "tokens" and game["tools"]["shape"] == "square"
    for name in (f"tokens-{paper}", f"tokens-backs-{paper}"):
        pdf = kit[1] / "print" / f"{name}.pdf"
        assert _pages(pdf) == 1, name  # (the 34 goods and 12 tools share one sheet, fronts and backs)
        paths, placed = painted(pdf)
        cuts = [d for d in paths if d.stroke == (0, 0, 0) and d.width == 0.35 and d.fill is None]
        circles = {tuple(round(v, 2) for v in d.bounds) for d in cuts if d.curves == 4 and d.rects == 0}
        squares = {tuple(round(v, 2) for v in d.bounds) for d in cuts if d.rects == 1 and d.curves == 0}
        assert len(circles) + len(squares) == len(cuts) == len(placed) == 46, name  # (a cut line for each piece)
        pieces: dict[str, set] = {"goods": set(), "tools": set()}
        for form, matrix in placed:  # (the page's own points, y up: each piece's corners where its form is placed)
            size = 15 if form.startswith("/FormXob.Fgoods_") else 18
            (x0, y0), (x1, y1) = (_apply(matrix, 0, 0), _apply(matrix, size * MM, size * MM))
            pieces["goods" if size == 15 else "tools"].add(tuple(round(v / MM, 2) for v in (min(x0, x1), min(y0, y1),
                                                                                         max(x0, x1), max(y0, y1))))
        # each good (15 mm, round) cut on its circle, each tool (18 mm, square) on its square, fronts and backs
        assert len(pieces["goods"]) == 34 and len(pieces["tools"]) == 12
        assert circles == pieces["goods"] and squares == pieces["tools"], name


@pytest.mark.parametrize(("name", "counts"), [
    ("players-a4", [3, 1]), ("players-letter", [2, 2]), ("players-a3", [4]), ("tokens-a4", [46]),
    ("tokens-letter", [46]), ("tokens-a3", [46]), ("board-a3", [1])])
def test_no_page_holds_less_than_it_could(kit, name: str, counts: list[int]) -> None:
    pdf = kit[1] / "print" / f"{name}.pdf"
    found = [len(painted(pdf, page=n)[1]) for n in range(_pages(pdf))]
    assert found == counts
    # every page but the last as full as the fullest, so no fewer pages would hold them
    assert all(n == max(found) for n in found[:-1]) and len(found) == -(-sum(found) // max(found))
