"""Print sheets read back from the PDFs: page sizes, exact card trim boxes, margins, gutters,
crop marks 5 mm clear of the paper's edge, labels, and backs that land behind their fronts."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.impose import PAPERS, make_grid, mirrored_cell
from pnp.units import mm

from conftest import ROOT
from pdfgeom import MM, read_pdf

CARD_W, CARD_H = 63.5, 88.9
# A4 and A3 as they are; US Letter turned sideways, where 8 cards fit with room for crop marks
# 5 mm clear of the edge (3 rows upright leave no such room)
PAGES = {"a4": 14, "letter": 16, "a3": 7}
SIZES = {"a4": (595.28, 841.89), "letter": (792.0, 612.0), "a3": (1190.55, 841.89)}
BLEED = {"default": 1.0, "plain": 0.0, "bleed": 3.0}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The cards as PDF, built three times: as by default (1 mm bleed), without bleed, and
    with 3 mm bleed and duplex."""
    found = {}
    runner = CliRunner()
    for variant, extra in (("default", []), ("plain", ["--bleed", "0mm"]), ("bleed", ["--bleed", "3mm", "--duplex"])):
        out = tmp_path_factory.mktemp(variant)
        result = runner.invoke(main, ["build", "--game", str(ROOT), "--only", "cards", "--format", "pdf",
                                      "-o", str(out), *extra], catch_exceptions=False)
        assert result.exit_code == 0, result.output
        found[variant] = out / "print"
    return found


def trim_boxes(page, bleed_mm: float = 0.0):
    return [p.inset(bleed_mm * MM) for p in page.placements]


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
@pytest.mark.parametrize("variant", ["default", "plain", "bleed"])
def test_pages_and_trim_boxes(built: dict[str, Path], paper: str, variant: str) -> None:
    bleed = BLEED[variant]
    pages = read_pdf(built[variant] / f"cards-{paper}.pdf")
    assert len(pages) == PAGES[paper]
    cards = 0
    for page in pages:
        assert (page.width, page.height) == pytest.approx(SIZES[paper], abs=0.01)
        for x0, y0, x1, y1 in trim_boxes(page, bleed):
            assert (x1 - x0) / MM == pytest.approx(CARD_W, abs=0.05)
            assert (y1 - y0) / MM == pytest.approx(CARD_H, abs=0.05)
            # room for crop marks between 5 and 8.5 mm from every edge of the paper
            assert min(x0, y0, page.width - x1, page.height - y1) / MM >= 8.5 - 1e-6
            cards += 1
    assert cards == 126


@pytest.mark.parametrize("paper", ["a4", "a3"])
def test_cards_touch_without_bleed_and_part_with_it(built: dict[str, Path], paper: str) -> None:
    def top_row(boxes):
        top = max(b[3] for b in boxes)
        return sorted(b for b in boxes if abs(b[3] - top) < 0.01)

    plain = top_row(trim_boxes(read_pdf(built["plain"] / f"cards-{paper}.pdf")[0]))
    assert plain[1][0] - plain[0][2] == pytest.approx(0, abs=0.01)  # shared cut line
    with_bleed = read_pdf(built["bleed"] / f"cards-{paper}.pdf")[0]
    first, second = top_row(trim_boxes(with_bleed, 3.0))[:2]
    gap = (second[0] - first[2]) / MM
    assert 0 < gap <= 6 + 1e-6
    # the art runs 3 mm past the trim: the card's form reaches that far
    outer = min(p.bbox for p in with_bleed.placements)
    assert (min(b[0] for b in trim_boxes(with_bleed, 3.0)) - outer[0]) / MM == pytest.approx(3, abs=0.01)


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
def test_a_half_millimetre_miscut_shows_no_neighbour(built: dict[str, Path], paper: str) -> None:
    """By default cards bleed 1 mm into gutters of at least 1 mm: half a millimetre past the
    middle of every edge of every card, the page shows that card's own background colour."""
    import pypdfium2

    path = built["default"] / f"cards-{paper}.pdf"
    page = read_pdf(path)[0]
    boxes = trim_boxes(page, 1.0)
    for a in boxes:
        for b in boxes:
            if abs(a[1] - b[1]) < 0.01 and b[0] > a[2] - 0.01:
                assert (b[0] - a[2]) / MM >= 1 - 1e-6  # a gutter between neighbours in a row
            if abs(a[0] - b[0]) < 0.01 and b[1] > a[3] - 0.01:
                assert (b[1] - a[3]) / MM >= 1 - 1e-6  # and in a column
    scale = 4.0  # 288 dpi
    image = pypdfium2.PdfDocument(str(path))[0].render(scale=scale).to_pil().convert("RGB")

    def at(x: float, y: float) -> tuple[int, int, int]:  # PDF points, from the bottom
        return image.getpixel((int(x * scale), int((page.height - y) * scale)))

    inside, outside = 0.3 * MM, 0.5 * MM
    for x0, y0, x1, y1 in boxes:
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        for (ix, iy), (ox, oy) in (((x0 + inside, my), (x0 - outside, my)), ((x1 - inside, my), (x1 + outside, my)),
                                   ((mx, y0 + inside), (mx, y0 - outside)), ((mx, y1 - inside), (mx, y1 + outside))):
            assert max(abs(p - q) for p, q in zip(at(ix, iy), at(ox, oy))) <= 3


def clipped_cells(path: Path) -> list[tuple[tuple[float, float, float, float], tuple[float, float, float, float]]]:
    """The first page's cards: each placed form's box on the page and the clip it is drawn
    in (x0, y0, x1, y1 in PDF points), as pnp writes a sheet's cells (q cm n re W* n q cm Do Q Q)."""
    from pypdf import PdfReader

    from pdfgeom import apply, multiply

    page = PdfReader(path).pages[0]
    xobjects = page["/Resources"].get("/XObject", {})
    ctm, clip, stack, rect, found = (1, 0, 0, 1, 0, 0), None, [], None, []
    for operands, op in page.get_contents().operations:
        if op == b"q":
            stack.append((ctm, clip))
        elif op == b"Q":
            ctm, clip = stack.pop()
        elif op == b"cm":
            ctm = multiply(tuple(float(v) for v in operands), ctm)
        elif op == b"re":
            x, y, w, h = (float(v) for v in operands)
            (ax, ay), (bx, by) = apply(ctm, x, y), apply(ctm, x + w, y + h)
            rect = (min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))
        elif op in (b"W", b"W*"):
            clip = rect
        elif op == b"Do":
            x0, y0, x1, y1 = (float(v) for v in xobjects[operands[0]].get_object()["/BBox"])
            (ax, ay), (bx, by) = apply(ctm, x0, y0), apply(ctm, x1, y1)
            assert clip is not None
            found.append(((min(ax, bx), min(ay, by), max(ax, bx), max(ay, by)), clip))
    return found


# With 3 mm of bleed, cards are spread apart by twice the bleed (6 mm) where the paper has the
# room for it and for the margins outside the bleed (crop marks of 2.5 mm and 5 mm clear of the
# edge across, the label's line 8 mm from the edge down); else each card gets the bleed e there
# is room for, the gutters 2e: (gutter across, gutter down) in mm. A4 holds 3 x 3 cards: across,
# the gutters take what margins of 8.5 mm leave, (210 - 17 - 190.5) / 2 mm, and the margins hold
# 1 mm of bleed outside them, more than the gutters give; down, 2 x 2e + 2 x (8 mm + e) =
# 297 - 266.7 mm. US Letter, sideways, 4 x 2: 3 x 2e + 2 x (7.5 mm + e) = 279.4 - 254 mm across;
# 6 mm down. A3 landscape 6 x 3: 5 x 2e + 2 x (7.5 mm + e) = 420 - 381 mm across; down as A4.
GUTTERS_3MM = {"a4": (1.25, 14.3 / 3), "letter": (2.6, 6.0), "a3": (4.0, 14.3 / 3)}
OUTER_3MM = {"a4": (1.0, 14.3 / 6), "letter": (1.3, 3.0), "a3": (2.0, 14.3 / 6)}  # the bleed into the margins


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
def test_gutters_and_the_bleed_between_cards_with_3mm_bleed(built: dict[str, Path], paper: str) -> None:
    """Between two cards each draws its bleed into half the gutter (never into its
    neighbour's half), at most 3 mm; at the grid's outer edges as far, so that the crop marks
    and the label stay clear of it."""
    cells = clipped_cells(built["bleed"] / f"cards-{paper}.pdf")
    gutter_x, gutter_y = GUTTERS_3MM[paper]
    columns, rows = {"a4": (3, 3), "letter": (4, 2), "a3": (6, 3)}[paper]
    assert len(cells) == columns * rows
    trims = [(x0 + 3 * MM, y0 + 3 * MM, x1 - 3 * MM, y1 - 3 * MM) for (x0, y0, x1, y1), _ in cells]
    for x0, y0, x1, y1 in trims:
        assert ((x1 - x0) / MM, (y1 - y0) / MM) == pytest.approx((CARD_W, CARD_H), abs=0.01)
    xs = sorted({round(t[0], 2) for t in trims})
    ys = sorted({round(t[1], 2) for t in trims})
    assert (len(xs), len(ys)) == (columns, rows)
    assert [(b - a) / MM - CARD_W for a, b in zip(xs, xs[1:])] == pytest.approx([gutter_x] * (columns - 1), abs=0.005)
    assert [(b - a) / MM - CARD_H for a, b in zip(ys, ys[1:])] == pytest.approx([gutter_y] * (rows - 1), abs=0.005)
    for (x0, y0, x1, y1), (c0, d0, c1, d1) in zip(trims, (clip for _, clip in cells)):
        # how far the card's drawing shows past each trim edge: half the gutter between cards, the
        # outer bleed at the grid's edges
        left, right, bottom, top = (x0 - c0) / MM, (c1 - x1) / MM, (y0 - d0) / MM, (d1 - y1) / MM
        outer_x, outer_y = OUTER_3MM[paper]
        assert left == pytest.approx(outer_x if round(x0, 2) == xs[0] else min(3.0, gutter_x / 2), abs=0.005)
        assert right == pytest.approx(outer_x if round(x0, 2) == xs[-1] else min(3.0, gutter_x / 2), abs=0.005)
        assert bottom == pytest.approx(outer_y if round(y0, 2) == ys[0] else min(3.0, gutter_y / 2), abs=0.005)
        assert top == pytest.approx(outer_y if round(y0, 2) == ys[-1] else min(3.0, gutter_y / 2), abs=0.005)


@pytest.mark.parametrize("variant", ["default", "plain", "bleed"])
@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
def test_crop_marks_lie_on_the_trim_lines_outside_the_cards(built: dict[str, Path], paper: str, variant: str) -> None:
    bleed = BLEED[variant]
    page = read_pdf(built[variant] / f"cards-{paper}.pdf")[0]
    boxes = trim_boxes(page, bleed)

    def distinct(values):
        found: list[float] = []
        for v in sorted(values):
            if not found or v - found[-1] > 0.01:
                found.append(v)
        return found

    xs = distinct(v for b in boxes for v in (b[0], b[2]))
    ys = distinct(v for b in boxes for v in (b[1], b[3]))
    marks = [s for s in page.segments if s.colour == (0.0, 0.0, 0.0)]
    vertical = [s for s in marks if abs(s.start[0] - s.end[0]) < 1e-6]
    horizontal = [s for s in marks if abs(s.start[1] - s.end[1]) < 1e-6]
    assert distinct(s.start[0] for s in vertical) == pytest.approx(xs, abs=0.01)
    assert distinct(s.start[1] for s in horizontal) == pytest.approx(ys, abs=0.01)
    assert len(vertical) == 2 * len(xs) and len(horizontal) == 2 * len(ys)
    left, bottom, right, top = xs[0], ys[0], xs[-1], ys[-1]
    for s in vertical:  # above or below every card, never over one
        lo, hi = sorted((s.start[1], s.end[1]))
        assert hi <= bottom - mm(1) + 0.01 or lo >= top + mm(1) - 0.01
        assert hi - lo >= mm(1)
    for s in marks:  # on paper a printer that keeps 5 mm from the edge still prints
        for x, y in (s.start, s.end):
            assert min(x, y, page.width - x, page.height - y) >= mm(5) - 0.01
    for s in horizontal:
        lo, hi = sorted((s.start[0], s.end[0]))
        assert hi <= left - mm(1) + 0.01 or lo >= right + mm(1) - 0.01


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
def test_each_back_lands_behind_its_front_after_a_long_edge_flip(built: dict[str, Path], paper: str) -> None:
    fronts = read_pdf(built["plain"] / f"cards-{paper}.pdf")
    backs = read_pdf(built["plain"] / f"cards-backs-{paper}.pdf")
    assert len(backs) == len(fronts)
    width, height = SIZES[paper]
    landscape = width > height
    for front, back in zip(fronts, backs):
        assert len(back.placements) == len(front.placements)
        assert {p.name for p in back.placements} == {"/FormXob.Fcards_back"}
        flipped = []
        for x0, y0, x1, y1 in trim_boxes(front):
            # turning the sheet over about its long edge
            if landscape:
                flipped.append((x0, height - y1, x1, height - y0))
            else:
                flipped.append((width - x1, y0, width - x0, y1))
        for behind, expected in zip(trim_boxes(back), flipped):
            assert behind == pytest.approx(expected, abs=0.01)


def test_duplex_interleaves_fronts_and_backs(built: dict[str, Path]) -> None:
    pages = read_pdf(built["bleed"] / "cards-duplex-a4.pdf")
    assert len(pages) == 28
    for i, page in enumerate(pages):
        names = {p.name for p in page.placements}
        assert (names == {"/FormXob.Fcards_back"}) == (i % 2 == 1)
    # it asks the printer for both sides, flipped on the long edge, at actual size
    from pypdf import PdfReader

    preferences = PdfReader(built["bleed"] / "cards-duplex-a4.pdf").trailer["/Root"]["/ViewerPreferences"]
    assert dict(preferences) == {"/PrintScaling": "/None", "/Duplex": "/DuplexFlipLongEdge"}


def test_mirrored_cell_maps() -> None:
    a4 = make_grid(PAPERS["a4"], mm(63.5), mm(88.9))
    assert [mirrored_cell(a4, i) for i in range(3)] == [(2, 0), (1, 0), (0, 0)]
    a3 = make_grid(PAPERS["a3"], mm(63.5), mm(88.9))
    assert [mirrored_cell(a3, i) for i in (0, 5, 6, 17)] == [(0, 2), (5, 2), (0, 1), (5, 0)]


PAPER_LABELS = {"a4": "A4", "letter": "US Letter", "a3": "A3 landscape"}


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
def test_every_sheet_says_what_it_holds(kit: Path, paper: str) -> None:
    """Fronts and backs of the cards, money, and the tokens with the aid each carry their label: the game,
    the component, the side, page n of m and the paper, in the bottom margin 5 mm clear of
    the edge."""
    import pypdfium2

    titles = {"cards": "cards", "money": "money", "tokens": "turn-order tokens, control markers and player aids"}
    for name, title in titles.items():
        for side, file in (("fronts", f"{name}-{paper}.pdf"), ("backs", f"{name}-backs-{paper}.pdf")):
            document = pypdfium2.PdfDocument(str(kit / "print" / file))
            total = len(document)
            for number, page in enumerate(document, start=1):
                text = page.get_textpage()
                found = text.get_text_range()
                label = (f"The Anarchy · {title} · {side} · page {number} of {total} · {PAPER_LABELS[paper]}"
                         + (f" · on the back of page {number}" if side == "backs" else ""))
                assert label in found, (file, number, found[-200:])
                start = found.index(label)
                boxes = [text.get_charbox(i) for i in range(start, start + len(label)) if found[i] != " "]
                assert min(b[1] for b in boxes) >= 5 * MM - 0.5  # above the bottom 5 mm (PDF y runs up)
                assert max(b[3] for b in boxes) <= 9 * MM


def test_the_duplex_test_page_and_the_back_shift_it_measures(built: dict[str, Path], tmp_path: Path) -> None:
    """print/duplex-test-<paper>.pdf: a front of rulers and a back of bold crosses that land on
    the rulers' zeros after a long-edge flip; --back-shift X,Y moves every back page's content
    X mm right and Y mm down."""
    whole = tmp_path / "whole"
    result = CliRunner().invoke(main, ["build", "--game", str(ROOT), "--only", "duplex-test", "-o", str(whole)],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (whole / "print").iterdir()) == [
        "duplex-test-a3.pdf", "duplex-test-a4.pdf", "duplex-test-letter.pdf"]
    for paper in ("a4", "letter", "a3"):
        front, back = read_pdf(whole / "print" / f"duplex-test-{paper}.pdf")
        width, height = front.width, front.height
        bold = [s for s in back.segments if s.width == pytest.approx(1.2)]
        assert len(bold) == 10  # a cross behind each of five targets
        thin_h = [s for s in front.segments if s.width == pytest.approx(0.35) and s.start[1] == s.end[1]]
        for s in bold:
            if s.start[0] == s.end[0]:  # a vertical line of the back, seen from the front
                x = s.start[0] if width > height else width - s.start[0]
                # crosses a horizontal ruler (12 mm long) at its middle: its zero
                assert any(abs((r.start[0] + r.end[0]) / 2 - x) < 0.01 and abs(r.end[0] - r.start[0] - 12 * MM) < 0.01
                           for r in thin_h), (paper, x)
    shifted_out = tmp_path / "shifted"
    result = CliRunner().invoke(main, ["build", "--game", str(ROOT), "--only", "cards", "--format", "pdf", "--paper",
                                       "a4", "--back-shift", "1,-0.5", "-o", str(shifted_out)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    plain = read_pdf(built["default"] / "cards-backs-a4.pdf")[0].placements
    moved = read_pdf(shifted_out / "print" / "cards-backs-a4.pdf")[0].placements
    for a, b in zip(plain, moved):  # PDF y runs up: half a millimetre down is -0.5 mm
        assert (b.bbox[0] - a.bbox[0], b.bbox[1] - a.bbox[1]) == pytest.approx((1 * MM, 0.5 * MM), abs=0.01)
    fronts = read_pdf(shifted_out / "print" / "cards-a4.pdf")[0].placements
    assert [p.bbox for p in fronts] == [p.bbox for p in read_pdf(built["default"] / "cards-a4.pdf")[0].placements]
    refused = CliRunner().invoke(main, ["build", "--game", str(ROOT), "--back-shift", "12,0"])
    assert refused.exit_code == 2 and "more than 10 mm is not a drift" in refused.output


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
@pytest.mark.parametrize("variant", ["plain", "default", "bleed"])
def test_the_label_meets_no_cards_colour(built: dict[str, Path], paper: str, variant: str) -> None:
    """At --bleed 0, 1 and 3 mm, read from the PDF: every letter of each sheet's label lies
    outside every card's clip (the most its colour may fill), below the cards, 5 mm clear of
    the paper's edge."""
    import pypdfium2

    for file in (f"cards-{paper}.pdf", f"cards-backs-{paper}.pdf"):
        path = built[variant] / file
        clips = [clip for _, clip in clipped_cells(path)]
        assert clips
        page = pypdfium2.PdfDocument(str(path))[0]
        text = page.get_textpage()
        found = text.get_text_range()
        start = found.index("The Anarchy · cards")
        boxes = [text.get_charbox(i) for i in range(start, len(found)) if not found[i].isspace()]
        assert len(boxes) > 30
        for left, bottom, right, top in boxes:
            assert bottom >= 5 * MM - 0.5
            for x0, y0, x1, y1 in clips:
                assert right <= x0 or left >= x1 or top <= y0 or bottom >= y1, (file, (left, bottom, right, top))
        # the cards' colour ends at least 8 mm from the foot of the sheet (PDF y runs up)
        assert min(y0 for _, y0, _, _ in clips) >= 8 * MM - 0.01


def test_the_duplex_test_page_reads_at_8_points(tmp_path: Path) -> None:
    """The duplex test page's numbers and instructions, read from the PDF, are 8 pt or more,
    the scales named X and Y, and the page says how to set a printer driver's back-side offset
    as well as --back-shift."""
    import pypdfium2
    import pypdfium2.raw as raw

    result = CliRunner().invoke(main, ["build", "--game", str(ROOT), "--only", "duplex-test", "--paper", "a4",
                                       "--format", "pdf", "-o", str(tmp_path)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    page = pypdfium2.PdfDocument(str(tmp_path / "print" / "duplex-test-a4.pdf"))[0]
    textpage = page.get_textpage()
    everything = textpage.get_text_range()
    sizes = [(everything[i], raw.FPDFText_GetFontSize(textpage.raw, i)) for i in range(len(everything))
             if not everything[i].isspace()]
    label = "The Anarchy · duplex test · front · A4"
    # every letter 8 pt or more but the sheet's label's, at the foot
    small = [c for c, size in sizes if size < 8.0 - 0.01]
    assert "".join(small) == label.replace(" ", "")
    assert min(size for _, size in sizes if size >= 8.0 - 0.01) == pytest.approx(8.0, abs=0.01)
    # each of the five targets' scales named X and Y, in 11 pt
    assert [c for c, size in sizes if abs(size - 11.0) < 0.01] == ["X", "Y"] * 5
    flat = " ".join(everything.split())
    for needed in ("“back side offset”", "“duplex offset”", "“image shift”", "--back-shift X,Y", "give −X and −Y",
                   "A positive X means the back printed X mm too far left", "Y mm too high"):
        assert needed in flat, needed
