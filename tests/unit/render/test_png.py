"""pnp.render.png: a PDF's pages rasterized at a given resolution to whole pixels, on white or
on a transparent ground with on/off alpha, and saved as PNG or JPEG (with their resolution, the
same bytes each time); thumbnails, the files a worker writes, and its pool of workers."""

from __future__ import annotations

import io
import zlib
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image as Picture

from pnp.render.pdf import render_pdf
from pnp.render.png import (_scale, encode, jpeg_bytes, png_bytes, rasterize, rasterize_rgba, render_file,
                              render_files, thumbnail)
from pnp.layout.fonts import bundled_fonts
from pnp.scene import Page, Path as ScenePath, Rect, Style

FONTS = {"body": bundled_fonts()["SourceSansPro-Regular"]}
WHITE, RED, BLUE = (255, 255, 255), (255, 0, 0), (0, 0, 255)


def two_pages() -> bytes:
    """A 100 x 50 page, red on its left half, and a 30 x 60 page, blue on its top third."""
    return render_pdf([Page(100, 50, (Rect(0, 0, 50, 50, Style(fill="#ff0000")),)),
                       Page(30, 60, (Rect(0, 0, 30, 20, Style(fill="#0000ff")),))], FONTS)


# --- rasterizing --------------------------------------------------------------------------------


def test_every_page_at_the_resolution_asked() -> None:
    first, second = rasterize(two_pages(), 72)
    assert (first.mode, first.size, second.size) == ("RGB", (100, 50), (30, 60))
    assert first.getpixel((10, 10)) == RED and first.getpixel((60, 10)) == WHITE
    assert second.getpixel((15, 5)) == BLUE and second.getpixel((15, 30)) == WHITE
    (big,) = rasterize(two_pages(), 144, [0])
    assert big.size == (200, 100)
    assert big.getpixel((98, 50)) == RED and big.getpixel((101, 50)) == WHITE


def test_padded_pages_are_the_same_pixels_in_four_bytes_each() -> None:
    pdf = render_pdf([Page(100, 50, (Rect(0, 0, 50, 50, Style(fill="#ff0000")),
                                     ScenePath((("M", 10, 45), ("L", 90, 5), ("L", 95, 40), ("Z",)),
                                               Style(fill="#3b702b", stroke="#000000", stroke_width=0.7))))], FONTS)
    (plain,), (padded,) = rasterize(pdf, 150), rasterize(pdf, 150, padded=True)
    assert (plain.mode, padded.mode, padded.size) == ("RGB", "RGBX", plain.size)
    assert padded.convert("RGB").tobytes() == plain.tobytes()  # (edges drawn alike: anti-aliased the same)
    assert png_bytes(padded, 150) == png_bytes(plain, 150)  # written as RGB, the same bytes
    assert thumbnail(padded, 40).convert("RGB").tobytes() == thumbnail(plain, 40).tobytes()


def test_pages_drawn_again_in_the_same_memory() -> None:
    """With `again`, each page is drawn where the one before was: the same pixels, the memory
    kept from one page to the next (and grown for a larger page); so a picture is read before
    the next is asked for."""
    from pnp.render import png

    png._memory.clear()
    pages = rasterize(two_pages(), 72, padded=True, again=True)
    first = next(pages)
    size, pixels = first.size, first.tobytes()
    held = png._memory[0]
    assert (first.mode, len(held)) == ("RGBX", size[0] * size[1] * 4)
    second = next(pages)  # (a smaller page: in the same memory)
    assert png._memory[0] is held and (size, second.size) == ((100, 50), (30, 60))
    assert first.tobytes() != pixels  # (the first picture's memory holds the second)
    assert [p.tobytes() for p in rasterize(two_pages(), 72, padded=True)] == [pixels, second.tobytes()]
    (big,) = rasterize(two_pages(), 144, [0], padded=True, again=True)
    assert png._memory[0] is not held and len(png._memory[0]) == size[0] * size[1] * 16
    assert big.tobytes() == next(rasterize(two_pages(), 144, [0], padded=True)).tobytes()


def test_the_pages_listed_in_their_order_and_a_pdf_made_when_asked() -> None:
    pdf = two_pages()
    assert [i.size for i in rasterize(pdf, 36, [1, 0, 1])] == [(15, 30), (50, 25), (15, 30)]
    made = []
    assert [i.size for i in rasterize(lambda: made.append(1) or pdf, 72, [1])] == [(30, 60)]
    assert made == [1]
    assert list(rasterize(pdf, 72, [])) == []


def test_a_page_is_a_whole_number_of_pixels_wide() -> None:
    class FakePage:
        def __init__(self, width: float):
            self.width = width

        def get_width(self) -> float:
            return self.width

    # 825.0003 px wide as written would come out 826: 825, just under, so pdfium rounds up to it
    width = 825.0003 * 72 / 300
    assert width * _scale(FakePage(width), 300) == pytest.approx(825 - 1e-6)
    assert width * _scale(FakePage(width), 300) < 825
    assert 10 * _scale(FakePage(10), 72) == pytest.approx(10 - 1e-6)
    assert 0.1 * _scale(FakePage(0.1), 72) == pytest.approx(1 - 1e-6)  # one pixel at least
    (tiny,) = rasterize(render_pdf([Page(0.2, 0.2, ())], FONTS), 72)
    assert tiny.size == (1, 1)


def test_a_page_on_a_transparent_ground_with_hard_alpha() -> None:
    # a triangle's slanted edge covers pixels in part: opaque when covered half or more
    triangle = ScenePath((("M", 0, 0), ("L", 40, 0), ("L", 0, 20), ("Z",)), Style(fill="#ff0000"))
    pdf = render_pdf([Page(40, 20, (triangle,)),
                      Page(30, 60, (Rect(0, 0, 30, 20, Style(fill="#0000ff")),))], FONTS)
    document = pdfium.PdfDocument(pdf)
    soft = document[0].render(scale=1, fill_color=(255, 255, 255, 0), rev_byteorder=True).to_pil()
    soft_alpha = list(soft.convert("RGBA").getchannel("A").tobytes())
    document.close()
    assert any(0 < a < 128 for a in soft_alpha) and any(128 <= a < 255 for a in soft_alpha)
    first, second = rasterize_rgba(pdf, 72)
    assert first.mode == "RGBA" and first.size == (40, 20)
    assert list(first.getchannel("A").tobytes()) == [255 if a >= 128 else 0 for a in soft_alpha]
    assert first.getpixel((5, 5)) == (255, 0, 0, 255)
    assert first.getpixel((35, 15))[3] == 0
    assert second.size == (30, 60) and second.getpixel((15, 5)) == (0, 0, 255, 255)
    assert second.getpixel((15, 30))[3] == 0
    assert [i.size for i in rasterize_rgba(pdf, 144, [1])] == [(60, 120)]


# --- files ---------------------------------------------------------------------------------------


def test_thumbnails_are_reduced_by_a_whole_factor() -> None:
    image = Picture.new("RGB", (100, 40), RED)
    assert thumbnail(image, 30).size == (25, 10)  # 100 / 30: by 4
    assert thumbnail(image, 50).size == (50, 20)
    assert thumbnail(image, 49).size == (34, 14)
    assert thumbnail(image, 200).size == (100, 40)
    assert thumbnail(Picture.new("RGB", (4, 1)), 4).size == (4, 1)


def test_png_bytes_are_the_same_each_time_with_the_resolution_asked() -> None:
    image = Picture.new("RGB", (4, 3), BLUE)
    data = png_bytes(image, 300)
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and data == png_bytes(image, 300)
    read = Picture.open(io.BytesIO(data))
    assert read.size == (4, 3) and read.getpixel((0, 0)) == BLUE
    assert read.info["dpi"] == pytest.approx((300, 300), abs=0.01)
    assert "dpi" not in Picture.open(io.BytesIO(png_bytes(image))).info
    assert b"tIME" not in data


def test_png_bytes_of_a_raster_hold_its_pixels_each_row_filtered_by_the_one_above(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import random
    import struct
    import zlib

    from zlib_ng import zlib_ng

    from pnp.render import png
    from pnp.render.png import PNG_LEVEL

    rng = random.Random(7)
    monkeypatch.setattr(png, "STRIP", 2)  # (rows in strips of two: the strips' seams tested)
    for mode, size in (("RGB", (5, 4)), ("RGBA", (3, 7)), ("RGB", (1, 1)), ("RGBX", (4, 5))):
        channels = len(mode)
        image = Picture.frombytes(mode, size, bytes(rng.randrange(256) for _ in range(size[0] * size[1] * channels)))
        data = png_bytes(image, 150)
        read = Picture.open(io.BytesIO(data))
        read.load()  # (its chunks' checksums checked)
        if mode == "RGBX":  # (written as RGB: the padding left out)
            image, mode, channels = image.convert("RGB"), "RGB", 3
        assert (read.mode, read.size, read.tobytes()) == (mode, size, image.tobytes())
        assert read.info["dpi"] == pytest.approx((150, 150), abs=0.02)  # (whole pixels a metre)
        kinds, at = [], 8
        while at < len(data):
            length, kind = struct.unpack(">I4s", data[at:at + 8])
            kinds.append(kind)
            if kind == b"IDAT":
                idat = data[at + 8:at + 8 + length]
            at += 12 + length
        assert kinds == [b"IHDR", b"pHYs", b"IDAT", b"IEND"]
        raw = zlib.decompress(idat)
        stride = size[0] * channels + 1
        assert [raw[row * stride] for row in range(size[1])] == [2] * size[1]  # Up (the first row's above: zeros)
        assert raw[1:stride] == image.tobytes()[:stride - 1]
        assert idat == zlib_ng.compress(raw, PNG_LEVEL) and PNG_LEVEL == 2  # (zlib-ng's, strips or whole)
    assert b"pHYs" not in png_bytes(image)
    grey = Picture.new("L", (4, 3), 128)  # (not a raster's: Pillow's to write)
    read = Picture.open(io.BytesIO(png_bytes(grey, 72)))
    assert (read.mode, read.getpixel((1, 1)), round(read.info["dpi"][0])) == ("L", 128, 72)


def test_jpeg_bytes_are_rgb_with_the_resolution_rounded() -> None:
    image = Picture.new("RGBA", (8, 8), (255, 0, 0, 0))
    data = jpeg_bytes(image, 299.6)
    assert data.startswith(b"\xff\xd8") and data == jpeg_bytes(image, 299.6)
    read = Picture.open(io.BytesIO(data))
    assert read.mode == "RGB" and read.info["dpi"] == (300, 300)
    assert "dpi" not in Picture.open(io.BytesIO(jpeg_bytes(image))).info
    r, g, b = read.getpixel((4, 4))
    assert r > 240 and g < 15 and b < 15
    assert len(jpeg_bytes(Picture.new("RGB", (64, 64), RED), quality=20)) < len(jpeg_bytes(
        Picture.effect_noise((64, 64), 50).convert("RGB"), quality=95))


def test_the_format_is_the_one_the_name_asks_for() -> None:
    image = Picture.new("RGB", (2, 2), RED)
    assert encode(image, "a.jpg", 72) == jpeg_bytes(image, 72)
    assert encode(image, Path("b.jpeg")) == jpeg_bytes(image)
    assert encode(image, "c.png", 72) == png_bytes(image, 72)
    assert encode(image, "d.jpg.png") == png_bytes(image)


def test_a_worker_writes_each_page_and_returns_its_thumbnail(tmp_path: Path) -> None:
    paths = [str(tmp_path / "first.png"), str(tmp_path / "second.jpg")]
    thumbs = render_files(two_pages(), 72, paths, 25)
    first = Picture.open(paths[0])
    assert (first.format, first.size, first.getpixel((10, 10))) == ("PNG", (100, 50), RED)
    assert first.info["dpi"] == pytest.approx((72, 72), abs=0.01)
    assert Picture.open(paths[1]).format == "JPEG"
    assert [(index, size) for index, _, size in thumbs] == [(0, (25, 13)), (1, (15, 30))]
    pixels = zlib.decompress(thumbs[0][1])
    assert len(pixels) == 25 * 13 * 3 and pixels[:3] == bytes(RED)
    assert render_files(two_pages(), 72, [str(tmp_path / "only.png")], 0) == []
    assert Picture.open(tmp_path / "only.png").size == (100, 50)  # the pages with no path are left out


def test_a_worker_writes_pages_with_alpha(tmp_path: Path) -> None:
    path = tmp_path / "page.png"
    thumbs = render_files(two_pages(), 72, [str(path)], 50, alpha=True)
    image = Picture.open(path)
    assert image.mode == "RGBA" and image.getpixel((10, 10)) == (255, 0, 0, 255) and image.getpixel((60, 10))[3] == 0
    assert [(i, size) for i, _, size in thumbs] == [(0, (50, 25))]
    assert len(zlib.decompress(thumbs[0][1])) == 50 * 25 * 3  # a thumbnail is RGB


def test_a_worker_writes_the_first_page_cut_to_a_size(tmp_path: Path) -> None:
    path = tmp_path / "cut.png"
    assert render_file(two_pages(), 72, str(path)) == 100
    assert Picture.open(path).size == (100, 50)
    assert render_file(two_pages(), 72, str(path), largest=40) == 40
    assert Picture.open(path).size == (40, 40) and Picture.open(path).getpixel((39, 39)) == RED
    assert render_file(two_pages(), 72, str(path), largest=60) == 60
    assert Picture.open(path).size == (60, 50)
    assert render_file(two_pages(), 144, str(tmp_path / "cut.jpg"), largest=500) == 200
    assert Picture.open(tmp_path / "cut.jpg").format == "JPEG"
    # cut as it is read (each row's start, the rows at the top): the pixels of the whole picture's corner
    render_file(two_pages(), 144, str(path))
    whole = Picture.open(path).convert("RGB")
    for largest in (150, 90, 60):
        render_file(two_pages(), 144, str(path), largest=largest)
        cut = Picture.open(path)
        assert (cut.mode, cut.size) == ("RGB", (min(200, largest), min(100, largest)))
        assert cut.tobytes() == whole.crop((0, 0, min(200, largest), min(100, largest))).tobytes()
