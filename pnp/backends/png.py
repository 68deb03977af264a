"""PNG: the PDF drawing rasterized with pypdfium2 and saved with Pillow, so screen matches print."""

from __future__ import annotations

import io
from typing import Iterator

import pypdfium2 as pdfium
from PIL import Image


def rasterize(pdf: bytes, dpi: float) -> Iterator[Image.Image]:
    """Each page of a PDF as an RGB image at `dpi`."""
    document = pdfium.PdfDocument(pdf)
    try:
        for index in range(len(document)):
            page = document[index]
            bitmap = page.render(scale=dpi / 72, may_draw_forms=False)
            yield bitmap.to_pil().convert("RGB")
            page.close()
    finally:
        document.close()


def png_bytes(image: Image.Image, dpi: float | None = None) -> bytes:
    """PNG file bytes; Pillow writes no timestamps, so they are deterministic."""
    out = io.BytesIO()
    info = {"dpi": (dpi, dpi)} if dpi else {}
    image.save(out, format="PNG", compress_level=6, **info)
    return out.getvalue()
