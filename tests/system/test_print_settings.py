"""Print files that print right at home, for each of the three games: every PDF asks to be
printed at actual size (no "fit to page"), those holding both sides to be flipped on the long
edge, and nothing, mark or artwork, is printed within 5 mm of the paper's edge."""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageChops
from pypdf import PdfReader

from pnp.render.png import rasterize

from pdfgeom import MM, read_pdf

DPI = 72
EDGE = 5 * MM


def print_files(kit: Path) -> list[Path]:
    files = sorted((kit / "print").glob("*.pdf"))
    assert len(files) >= 30
    return files


def both_sides(path: Path) -> bool:
    """The duplex test page and the interleaved duplex files are printed on both sides at once."""
    return path.name.startswith("duplex-test-") or "-duplex-" in path.name


def test_every_pdf_asks_for_actual_size_and_duplex_files_for_the_long_edge(game_kit: tuple[Path, Path]) -> None:
    _, kit = game_kit
    for path in print_files(kit):
        preferences = PdfReader(path).trailer["/Root"]["/ViewerPreferences"]
        assert preferences["/PrintScaling"] == "/None", path.name
        expected = ("/DuplexFlipShortEdge" if path.name.startswith("rules-booklet-") else  # (folded in half)
                    "/DuplexFlipLongEdge" if both_sides(path) else None)
        assert preferences.get("/Duplex") == expected, path.name


def ink_box(image: Image.Image) -> tuple[int, int, int, int] | None:
    """The pixels that are not the paper's white (any channel darker than 250)."""
    r, g, b = image.convert("RGB").split()
    darkest = ImageChops.darker(ImageChops.darker(r, g), b)
    return darkest.point(lambda v: 255 if v < 250 else 0).getbbox()


def test_nothing_is_printed_within_5mm_of_the_papers_edge(game_kit: tuple[Path, Path]) -> None:
    _, kit = game_kit
    clear = int(EDGE * DPI / 72)  # the first pixel that may hold ink: 4.94 mm in at 72 dpi
    for path in print_files(kit):
        pages = read_pdf(path)
        for number, page in enumerate(pages, 1):
            # marks, cut lines and ticks, to the hundredth of a point
            for shape in page.shapes:
                x0, y0, x1, y1 = shape.bbox
                assert min(x0, y0, page.width - x1, page.height - y1) >= EDGE - 0.01, (path.name, number, shape)
        # everything, fills, text and pictures included: the ink of each page
        for number, (page, image) in enumerate(zip(pages, rasterize(path.read_bytes(), DPI)), 1):
            box = ink_box(image)
            assert box is not None, (path.name, number)
            left, top, right, bottom = box
            assert min(left, top, image.width - right, image.height - bottom) >= clear, (path.name, number, box)


def test_the_ink_test_sees_ink_at_the_edge() -> None:
    """The test above can fail: a page inked 4 mm from its edge is caught."""
    image = Image.new("RGB", (595, 842), "white")
    image.paste((251, 243, 220), (int(4 * MM), 100, 200, 200))
    left, *_ = ink_box(image)
    assert left < int(EDGE * DPI / 72)
