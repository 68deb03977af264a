"""PNG: the PDF drawing rasterized with pypdfium2 and saved with Pillow, so screen matches print."""

from __future__ import annotations

import io
import struct
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator, Sequence, Union

import pypdfium2 as pdfium
from PIL import Image

from ..load.files import write_atomic


def _scale(page, dpi: float) -> float:
    """Points to pixels, so that the page is a whole number of pixels wide: pdfium rounds
    sizes up, and a page 825.0003 px wide (its size as the PDF writes it) would come out 826."""
    width = page.get_width()
    pixels = max(1, round(width * dpi / 72))
    return (pixels - 1e-6) / width


# A PDF, or what makes it in the process that draws it (pnp.build.outputs.Outputs.document): the
# main process, which holds the kit, sends the workers the pages rather than their drawing.
PDF = Union[bytes, Callable[[], bytes]]


def _opened(pdf: PDF) -> pdfium.PdfDocument:
    return pdfium.PdfDocument(pdf() if callable(pdf) else pdf)


def _render(page, dpi: float, **options) -> pdfium.PdfBitmap:
    """A page rendered at `dpi` as pnp renders every page (no form fields; RGB byte order)."""
    return page.render(scale=_scale(page, dpi), may_draw_forms=False, rev_byteorder=True, **options)


def _again(width: int, height: int, format: int, rev_byteorder: bool = False) -> pdfium.PdfBitmap:
    """A bitmap in the memory this process's last one was drawn in (`rasterize`'s `again`):
    a card's three megabytes are not mapped, cleared and let go again for every card."""
    import ctypes

    size = width * height * 4  # (four bytes a pixel at most: what pnp asks pdfium for)
    if not _memory or len(_memory[0]) < size:
        _memory[:] = [(ctypes.c_ubyte * size)()]
    return pdfium.PdfBitmap.new_native(width, height, format, rev_byteorder, buffer=_memory[0])


_memory: list = []  # what `_again` draws in, in this process


def rasterize(pdf: PDF, dpi: float, pages: Sequence[int] | None = None, padded: bool = False,
              again: bool = False) -> Iterator[Image.Image]:
    """Pages of a PDF (all, or those listed) as RGB images at `dpi`; with `padded`, as RGBX
    images (the same pixels, each padded to four bytes), which pdfium draws into the image's
    own memory: no copy of each picture is made, a tenth of a card's rasterizing and
    encoding (PNG files are written from them as from RGB: `png_bytes`). With `again`, each
    is drawn in the memory of the one before (`_again`), for a caller done with each image
    before it asks for the next.

    pdfium is not thread-safe: use it from one thread per process."""
    document = _opened(pdf)
    try:
        for index in range(len(document)) if pages is None else pages:
            page = document[index]
            maker = _again if again else pdfium.PdfBitmap.new_native  # (pypdfium2's own)
            image = _render(page, dpi, prefer_bgrx=padded, bitmap_maker=maker).to_pil()
            yield image if image.mode == ("RGBX" if padded else "RGB") else image.convert("RGB")
            page.close()
    finally:
        document.close()


def thumbnail(image: Image.Image, width: int) -> Image.Image:
    """The image reduced by a whole factor to at most `width` pixels wide (box-averaged)."""
    return image.reduce(max(1, -(-image.width // width)))


PNG_LEVEL = 2  # zlib-ng's: a card in 2.9 ms, 3% smaller than zlib's level 3 in 7.4 (its 3 and 6: 1-4% smaller, slower)
STRIP = 64  # rows filtered at a time (a picture's worth of rows never held twice)
_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_COLOUR_TYPES = {"RGB": (2, "RGB"), "RGBX": (2, "RGB"), "RGBA": (6, "RGBA")}  # PNG's colour type, the bytes written


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_bytes(image: Image.Image, dpi: float | None = None) -> bytes:
    """PNG file bytes, deterministic (no timestamps). An RGB or RGBA image, as rasterizing
    makes, is written here: every row filtered by the row above it (PNG's Up filter, worked
    out by Pillow for a strip of rows at a time) and deflated by zlib-ng at PNG_LEVEL: a card in
    4.7 ms, where Pillow's own writer, which tries five filters on every row and deflates with
    zlib, takes 18.5 ms at level 3 for a file 1.5% larger. An RGBX image is written as RGB.
    Other images are Pillow's to write."""
    found = _COLOUR_TYPES.get(image.mode)
    if found is None:
        out = io.BytesIO()
        image.save(out, format="PNG", compress_level=PNG_LEVEL, **({"dpi": (dpi, dpi)} if dpi else {}))
        return out.getvalue()
    from zlib_ng import zlib_ng  # (where pictures are written: the workers)

    colour, raw = found
    deflate = zlib_ng.compressobj(PNG_LEVEL)
    data = [deflate.compress(rows) for rows in _filtered(image, raw)]
    data.append(deflate.flush())
    return _png(image.size, colour, b"".join(data), dpi)


def _png(size: tuple[int, int], colour: int, deflated: bytes, dpi: float | None = None) -> bytes:
    """A PNG file of one IDAT chunk (8 bits a channel, of PNG's colour type `colour`)."""
    parts = [_SIGNATURE, _chunk(b"IHDR", struct.pack(">IIBBBBB", size[0], size[1], 8, colour, 0, 0, 0))]
    if dpi:  # (pixels per metre, as Pillow rounds them)
        per_metre = int(dpi / 0.0254 + 0.5)
        parts.append(_chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)))
    parts += [_chunk(b"IDAT", deflated), _chunk(b"IEND", b"")]
    return b"".join(parts)


def _filtered(image: Image.Image, raw: str, above: Image.Image | None = None) -> Iterator[bytes]:
    """The image's rows as PNG's Up filter makes them (each less the row above it, after a
    filter byte of 2), a strip of rows at a time, in the bytes of `raw`; the first row less a
    row of zeros, or less `above` (a row of the image's width)."""
    from PIL import ImageChops

    width, height = image.size
    stride = width * len(raw)
    for top in range(0, height, STRIP):
        bottom = min(top + STRIP, height)
        # each row less the row above (the first less a row of zeros: Pillow crops past the edge as such)
        previous = image.crop((0, top - 1, width, bottom - 1))
        if top == 0 and above is not None:
            previous.paste(above, (0, 0))
        rows = ImageChops.subtract_modulo(image.crop((0, top, width, bottom)), previous).tobytes("raw", raw)
        yield b"".join([b"\x02" + rows[at:at + stride] for at in range(0, len(rows), stride)])


@dataclass(frozen=True)
class Band:
    """A band of an RGB picture's rows, filtered and deflated on its own (`band`): a picture
    made band by band, each by whichever worker has its content first, is one PNG file
    (`banded_png`), the same bytes however its bands were shared out."""

    deflated: bytes  # raw deflate, ending on a byte (the last band's final)
    adler: int  # the Adler-32 of its filtered rows
    length: int  # how many bytes they are


def band(image: Image.Image, above: Image.Image | None, last: bool) -> Band:
    """An RGB band of a picture, its rows filtered as in one PNG file of the picture: its first
    row less the picture's row above it (`above`, one row high), or less zeros for the top band."""
    from zlib_ng import zlib_ng

    deflate = zlib_ng.compressobj(PNG_LEVEL, zlib_ng.DEFLATED, -15)
    data, adler, length = [], 1, 0
    for rows in _filtered(image, "RGB", above):
        data.append(deflate.compress(rows))
        adler, length = zlib_ng.adler32(rows, adler), length + len(rows)
    data.append(deflate.flush(zlib_ng.Z_FINISH if last else zlib_ng.Z_SYNC_FLUSH))
    return Band(b"".join(data), adler, length)


def banded_png(size: tuple[int, int], bands: Sequence[Band]) -> bytes:
    """The PNG file (RGB) of a picture's bands, top to bottom: one zlib stream of their
    deflated rows, its checksum worked out from theirs."""
    adler = 1
    for each in bands:
        adler = _adler32_combine(adler, each.adler, each.length)
    stream = b"\x78\x5e" + b"".join(each.deflated for each in bands) + struct.pack(">I", adler)
    return _png(size, 2, stream)


def _adler32_combine(first: int, second: int, length: int) -> int:
    """The Adler-32 of two runs of bytes one after the other, from each one's and the second's
    length (zlib's adler32_combine)."""
    base = 65521
    rem = length % base
    sum1 = first & 0xFFFF
    sum2 = rem * sum1 % base
    sum1 += (second & 0xFFFF) + base - 1
    sum2 += ((first >> 16) & 0xFFFF) + ((second >> 16) & 0xFFFF) + base - rem
    if sum1 >= base:
        sum1 -= base
    if sum1 >= base:
        sum1 -= base
    if sum2 >= base << 1:
        sum2 -= base << 1
    if sum2 >= base:
        sum2 -= base
    return sum1 | (sum2 << 16)


def jpeg_bytes(image: Image.Image, dpi: float | None = None, quality: int = 90) -> bytes:
    """JPEG file bytes (no EXIF, no timestamps: deterministic)."""
    out = io.BytesIO()
    info = {"dpi": (round(dpi), round(dpi))} if dpi else {}
    # (an RGB image as it is, and an RGBX one, the same bytes: a deck sheet's copy would be 50 MB)
    picture = image if image.mode in ("RGB", "RGBX") else image.convert("RGB")
    picture.save(out, format="JPEG", quality=quality, subsampling=0, **info)
    return out.getvalue()


def encode(image: Image.Image, path: str | Path, dpi: float | None = None) -> bytes:
    """The image in the format its file name asks for (.png or .jpg)."""
    return jpeg_bytes(image, dpi) if str(path).endswith((".jpg", ".jpeg")) else png_bytes(image, dpi)


def render_files(pdf: PDF, dpi: float, paths: list[str], thumb_width: int,
                 alpha: bool = False) -> list[tuple[int, bytes, tuple[int, int]]]:
    """In a worker process: write the PDF's pages as the image files `paths` (PNG or JPEG by
    name), and return a thumbnail `thumb_width` wide of each (none when 0), as RGB bytes
    compressed (a third of the room, for the main process to keep until its contact-sheet
    page is drawn) with its size and its page's place in the PDF; with `alpha`, on a
    transparent background with on/off alpha."""
    from zlib_ng import zlib_ng

    thumbs = []
    images = rasterize_rgba(pdf, dpi) if alpha else rasterize(pdf, dpi, padded=True, again=True)  # (each written first)
    for index, (path, image) in enumerate(zip(paths, images)):
        write_atomic(Path(path), encode(image, path, dpi))
        if thumb_width:  # (RGBX reduced first: the same pixels, a sixteenth of them to convert)
            thumb = thumbnail(image if image.mode == "RGBX" else image.convert("RGB"), thumb_width).convert("RGB")
            thumbs.append((index, zlib_ng.compress(thumb.tobytes(), 1), thumb.size))
    return thumbs


def render_file(pdf: PDF, dpi: float, path: str, largest: int = 0) -> int:
    """In a worker process: the PDF's first page as the image file `path` (PNG
    or JPEG by name), cut to at most `largest` px a side if given; returns its width. (A
    board's picture: rasterized into pdfium's own memory, RGBX, one copy of it held.)"""
    document = _opened(pdf)
    try:
        page = document[0]
        bitmap = _render(page, dpi, prefer_bgrx=True)
        width, height = bitmap.width, bitmap.height
        if largest:
            width, height = min(width, largest), min(height, largest)
        if bitmap.mode == "RGBX":  # (cut to size as it is read: its rows' starts, no copy of the picture)
            image = Image.frombuffer("RGBX", (width, height), bitmap.buffer, "raw", "RGBX", bitmap.stride, 1)
        else:  # pragma: no cover - pdfium draws a page without transparency as asked
            image = bitmap.to_pil().convert("RGB").crop((0, 0, width, height))
        write_atomic(Path(path), encode(image, path, dpi))
        page.close()
    finally:
        document.close()
    return width


def rasterize_rgba(pdf: PDF, dpi: float, pages: Sequence[int] | None = None) -> Iterator[Image.Image]:
    """Each page on a transparent background, with hard on/off alpha (Tabletopia shows no
    partial transparency): a pixel is opaque when it is at least half covered."""
    document = _opened(pdf)
    try:
        for index in range(len(document)) if pages is None else pages:
            page = document[index]
            image = _render(page, dpi, fill_color=(255, 255, 255, 0)).to_pil().convert("RGBA")
            alpha = image.getchannel("A").point(lambda a: 255 if a >= 128 else 0)
            image.putalpha(alpha)
            yield image
            page.close()
    finally:
        document.close()
