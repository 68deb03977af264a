"""The shapes game (tests/data/valid/shapes): round and square tokens sharing a print file
(the token type's own layout), round tokens sharing one with player aids (rows); read back
from the built PDFs, every piece is cut on its own shape, fronts and backs: a circle on a
round piece's edge and no straight cut along it, a square or rectangle on every other's and
no circle."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import DATA

GAME = DATA / "valid" / "shapes"
MM = 72 / 25.4
BLEED = 1.0 * MM  # the default bleed of tokens and sheets, which each placed drawing's box takes in
ROUND = ("food", "people")  # the round sets; tools are square tokens, the aid a sheet


def cut_paths(path: Path) -> list[dict]:
    """Each page's placed drawings (name, box) and its cut lines, the thin black lines 0.35 pt
    wide: circles and rectangles (each its box), and straight lines (each its ends); in PDF
    points, from the bottom left."""
    from pypdf import PdfReader

    def apply(m, x, y):
        return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]

    def multiply(m, n):
        return (m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3], m[2] * n[0] + m[3] * n[2],
                m[2] * n[1] + m[3] * n[3], m[4] * n[0] + m[5] * n[2] + n[4], m[4] * n[1] + m[5] * n[3] + n[5])

    def box(points):
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return min(xs), min(ys), max(xs), max(ys)

    pages = []
    for page in PdfReader(path).pages:
        xobjects = page["/Resources"].get("/XObject", {})
        ctm, colour, width, stack = (1, 0, 0, 1, 0, 0), (0.0,), 1.0, []
        found = {"placed": [], "circles": [], "rects": [], "lines": []}
        shapes: list = []  # the path being built: ("circle" | "rect" | "line", points)
        current = None
        for operands, op in page.get_contents().operations:
            values = [float(v) for v in operands] if op in (b"cm", b"re", b"m", b"l", b"c", b"RG", b"w") else []
            if op == b"q":
                stack.append((ctm, colour, width))
            elif op == b"Q":
                ctm, colour, width = stack.pop()
            elif op == b"cm":
                ctm = multiply(tuple(values), ctm)
            elif op == b"RG":
                colour = tuple(values)
            elif op == b"w":
                width = values[0]
            elif op == b"re":
                x, y, w, h = values
                shapes.append(("rect", [apply(ctm, x, y), apply(ctm, x + w, y + h)]))
            elif op == b"m":
                current = apply(ctm, *values)
                shapes.append(("line", [current]))
            elif op == b"l":
                current = apply(ctm, *values)
                shapes[-1][1].append(current)
            elif op == b"c":
                shapes[-1] = ("circle", shapes[-1][1] + [apply(ctm, values[i], values[i + 1]) for i in (0, 2, 4)])
            elif op in (b"S", b"s", b"B", b"b", b"B*", b"b*", b"n", b"f", b"f*", b"W", b"W*"):
                if op not in (b"n", b"f", b"f*", b"W", b"W*") and colour == (0.0, 0.0, 0.0) and \
                        abs(width - 0.35) < 1e-6:
                    for kind, points in shapes:
                        if kind == "line":
                            found["lines"] += list(zip(points, points[1:]))
                        else:
                            found[f"{kind}s"].append(box(points))
                if op not in (b"W", b"W*"):
                    shapes = []
            elif op == b"Do":
                form = xobjects[operands[0]].get_object()
                x0, y0, x1, y1 = (float(v) for v in form["/BBox"])
                found["placed"].append((str(operands[0]), box([apply(ctm, x, y) for x, y in
                                                               ((x0, y0), (x1, y0), (x0, y1), (x1, y1))])))
        pages.append(found)
    return pages


def near(a, b, by: float = 0.05) -> bool:
    return all(abs(u - v) <= by for u, v in zip(a, b))


def edges_cut(trim, lines) -> list[bool]:
    """Whether each of a trim box's four edges lies along a straight cut line, end to end."""
    x0, y0, x1, y1 = trim
    found = []
    for horizontal, at, a, b in ((True, y0, x0, x1), (True, y1, x0, x1), (False, x0, y0, y1), (False, x1, y0, y1)):
        found.append(any(
            (abs(p[1] - at) < 0.05 and abs(q[1] - at) < 0.05 and min(p[0], q[0]) <= a + 0.05 and max(p[0], q[0]) >= b - 0.05)
            if horizontal else
            (abs(p[0] - at) < 0.05 and abs(q[0] - at) < 0.05 and min(p[1], q[1]) <= a + 0.05 and max(p[1], q[1]) >= b - 0.05)
            for p, q in lines))
    return found


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from click.testing import CliRunner

    from pnp.cli import main

    out = tmp_path_factory.mktemp("shapes") / "out"
    result = CliRunner().invoke(main, ["build", "--game", str(GAME), "-o", str(out), "--only", "counters", "--only",
                                       "mixed", "--format", "pdf", "-q"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return out / "print"


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
@pytest.mark.parametrize("name, pieces", [("counters", {"food": 10, "tools": 6}), ("mixed", {"people": 8, "aid": 4})])
def test_each_piece_is_cut_on_its_own_shape(built: Path, paper: str, name: str, pieces: dict[str, int]) -> None:
    sides = [cut_paths(built / f"{name}-{paper}.pdf"), cut_paths(built / f"{name}-backs-{paper}.pdf")]
    assert len(sides[0]) == len(sides[1]) == 1  # one sheet each, fronts and backs
    for [page] in sides:
        counted = {set_: 0 for set_ in pieces}
        for form, placed in page["placed"]:
            set_ = form.removeprefix("/FormXob.F").split("_")[0]
            counted[set_] += 1
            trim = (placed[0] + BLEED, placed[1] + BLEED, placed[2] - BLEED, placed[3] - BLEED)
            circles = [c for c in page["circles"] if near(c, trim)]
            squares = [r for r in page["rects"] if near(r, trim)]
            if set_ in ROUND:
                assert len(circles) == 1 and not squares and not any(edges_cut(trim, page["lines"])), form
            else:
                assert not circles, form
                assert len(squares) == 1 or all(edges_cut(trim, page["lines"])), form
        assert counted == pieces
        # a circle for each round piece and nothing more
        assert len(page["circles"]) == sum(n for s, n in pieces.items() if s in ROUND)
