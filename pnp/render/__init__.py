"""Render: scenes (pnp.scene) to files: PDF (reportlab), SVG (svgwrite), PNG (PDF rasterized), and the
contact sheet of the rendered faces."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

DRAWN_AS_IS = frozenset({"1", "L", "LA", "P", "RGB", "RGBA"})  # what reportlab and browsers take as they are
ORIENTATION = 0x0112  # the EXIF tag that says which way up a photo was taken


def upright(path: str):
    """The picture at `path` as the backends draw it, when the file itself cannot be: turned
    as its EXIF orientation says, and in 8 bits a channel (16-bit grey scaled down rather
    than clipped to white, CMYK and other modes made RGB). None when the file is drawn as it
    is (most pictures)."""
    stat = Path(path).stat()
    return _upright(path, stat.st_size, stat.st_mtime_ns)


@lru_cache(maxsize=32)
def _upright(path: str, size: int, mtime: int):
    from PIL import Image, ImageOps

    with Image.open(path) as image:
        turned = image.getexif().get(ORIENTATION, 1) not in (1, None)
        if image.mode in DRAWN_AS_IS and not turned:
            return None
        image.load()
        if image.mode.startswith("I"):  # 16 or 32 bits of grey: scale to 8, as 65535 is white
            image = image.convert("I").point(lambda v: v / 257).convert("L")
        elif image.mode == "F":  # floating point: 0 to 1 is black to white
            low, high = image.getextrema()
            image = image.point(lambda v: v * 255 if high <= 1 else v).convert("L")
        elif image.mode not in DRAWN_AS_IS:
            image = image.convert("RGBA" if image.mode.endswith(("A", "a")) else "RGB")  # (LAB has none)
        return ImageOps.exif_transpose(image)


def picture_size(path: str) -> tuple[int, int]:
    """A picture's width and height in pixels, as drawn (upright)."""
    from PIL import Image

    drawn = upright(path)
    if drawn is not None:
        return drawn.size
    with Image.open(path) as image:
        return image.size


def grey_picture(path: str):
    """A picture in greys of the same luminance, upright, its transparency kept (a greyscale
    kit's art)."""
    from PIL import Image

    drawn = upright(path)
    image = drawn if drawn is not None else Image.open(path)
    has_alpha = image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info
    return image.convert("LA" if has_alpha else "L")
