"""The contact sheet: the faces of the kit's deck (its largest set of cards) at a glance,
thumbnails in a grid on white, in png/. A deck of up to PER_PAGE faces has one sheet,
contact-sheet.png; a larger deck has pages of PER_PAGE faces, contact-sheet-01.png, -02 ...
(the files' names, and which set is the deck, are pnp.kit.files': the exports read them too)

The workers that rasterize the faces send back each one's thumbnail, compressed; once a
page's last cell is in, a worker draws the page from them (and from the files of the faces
not drawn again): the main process never holds a page, only the compressed thumbnails of a
page or two. When a page an earlier build left was drawn from the earlier versions of its
faces, a worker draws again only the cells of the few faces that changed."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..kit import files as kitfiles

if TYPE_CHECKING:
    from PIL.Image import Image

    from .png import PDF, Band
    from ..build.outputs import Outputs
    from ..build.rasterizing import Rasterizing
    from ..scene import Page
    from ..build.scheduler import Job

COLUMNS = kitfiles.COLUMNS
THUMB_WIDTH = 190  # px at most: 14 columns of 188 px make a sheet 2,752 px wide
PATCH_LIMIT = 32  # faces changed on a page: more, and the page is drawn again whole
GAP = 8  # px between the thumbnails and round them


def contact_size(thumb: tuple[int, int], count: int, columns: int = COLUMNS, gap: int = GAP) -> tuple[int, int]:
    """The size of a sheet of `count` thumbnails of size `thumb` in `columns`."""
    width, height = thumb
    rows = (count + columns - 1) // columns
    return columns * (width + gap) + gap, rows * (height + gap) + gap


def cell_at(cell: int, thumb: tuple[int, int], columns: int = COLUMNS, gap: int = GAP) -> tuple[int, int]:
    """Where a cell of a sheet starts (cells counted from 0, row by row), in pixels."""
    return gap + (cell % columns) * (thumb[0] + gap), gap + (cell // columns) * (thumb[1] + gap)


def paste(sheet: "Image", cell: int, thumb: "Image", columns: int = COLUMNS, gap: int = GAP) -> None:
    """Draw a thumbnail into its cell of a sheet."""
    sheet.paste(thumb, cell_at(cell, thumb.size, columns, gap))


def blank(thumb: tuple[int, int], count: int, columns: int = COLUMNS):
    """An empty sheet for `count` thumbnails."""
    from PIL import Image

    return Image.new("RGB", contact_size(thumb, count, columns), "white")


def rows_of(thumb: tuple[int, int], count: int, columns: int = COLUMNS, gap: int = GAP) -> list[tuple[int, int]]:
    """The bands a sheet's file is written in, as (top, bottom) pixel rows: each row of
    thumbnails with the gap under it, the first with the gap above too. A band starts under a
    white row, so that it is filtered and deflated on its own (pnp.render.png.band), by the
    worker that has its thumbnails first."""
    height = thumb[1]
    rows = (count + columns - 1) // columns
    edges = [0] + [gap + (row + 1) * (height + gap) for row in range(rows)]
    return list(zip(edges, edges[1:]))


def sheet_png(sheet: "Image", thumb: tuple[int, int], count: int, columns: int = COLUMNS) -> bytes:
    """A whole sheet's PNG file, band by band (`rows_of`): the bytes its bands drawn apart make."""
    from .png import band, banded_png

    width, height = sheet.size
    return banded_png(sheet.size, [band(sheet.crop((0, top, width, bottom)),
                                        sheet.crop((0, top - 1, width, top)) if top else None, bottom == height)
                                   for top, bottom in rows_of(thumb, count, columns)])


def draw_contact_band(count: int, columns: int, top: int, bottom: int,
                      cells: list[tuple[int, tuple[bytes, tuple[int, int]]]]) -> "Band":
    """In a worker process: the band of rows top to bottom (`rows_of`) of a sheet of `count`
    cells, from the thumbnails of its cells (compressed, as pnp.render.png.render_files
    returns them), filtered and deflated."""
    from PIL import Image
    from zlib_ng import zlib_ng

    from .png import band

    width, height = contact_size(cells[0][1][1], count, columns)
    strip = Image.new("RGB", (width, bottom - top), "white")
    for cell, (data, size) in cells:
        x, y = cell_at(cell, size, columns)
        strip.paste(Image.frombytes("RGB", size, zlib_ng.decompress(data)), (x, y - top))
    return band(strip, Image.new("RGB", (width, 1), "white") if top else None, bottom == height)


def write_contact_page(path: str, size: tuple[int, int], bands: list["Band"]) -> None:
    """In a worker process: a sheet's file from its bands, top to bottom."""
    from .png import banded_png
    from ..load.files import write_atomic

    write_atomic(Path(path), banded_png(size, bands))


def patch_contact_sheet(pdf: "PDF", dpi: float, thumb_width: int, cells: list[int], count: int, columns: int,
                        path: str) -> bool:
    """In a worker process: draw the PDF's pages as the thumbnails of `cells` into the sheet
    (or page) of `count` cells at `path`. False, and nothing written, if it is not of the
    expected size."""
    from PIL import Image

    from .png import rasterize, thumbnail
    from ..load.files import write_atomic

    thumbs = [(cell, thumbnail(image, thumb_width)) for cell, image in zip(cells, rasterize(pdf, dpi))]
    with Image.open(path) as sheet:
        if sheet.size != contact_size(thumbs[0][1].size, count, columns):
            return False
        sheet.load()  # (drawn on as it is read: an RGB page, as pnp writes them, is not copied)
        if sheet.mode != "RGB":
            sheet = sheet.convert("RGB")
        for cell, thumb in thumbs:
            paste(sheet, cell, thumb, columns)
        data = sheet_png(sheet, thumbs[0][1].size, count, columns)
    write_atomic(Path(path), data)
    return True


def draw_contact_page(path: str, count: int, cells: list[tuple[int, tuple[bytes, tuple[int, int]] | str]],
                      thumb_width: int, columns: int = COLUMNS) -> None:
    """In a worker process: the page of `count` cells at `path`, each cell given as its
    thumbnail (zlib-compressed RGB and its size, as pnp.render.png.render_files returns it)
    or as its face's image file; its size is the first thumbnail's."""
    from PIL import Image
    from zlib_ng import zlib_ng

    from .png import thumbnail
    from ..load.files import write_atomic

    sheet = None
    for cell, source in cells:
        if isinstance(source, str):
            with Image.open(source) as image:
                thumb = thumbnail(image.convert("RGB"), thumb_width)
        else:
            data, size = source
            thumb = Image.frombytes("RGB", size, zlib_ng.decompress(data))
        if sheet is None:
            sheet = blank(thumb.size, count, columns)
        paste(sheet, cell, thumb, columns)
    write_atomic(Path(path), sheet_png(sheet, thumb.size, count, columns))


@dataclass(eq=False)
class _Page:
    relative: str
    cells: range  # the faces it shows
    key: str
    kept: bool = False  # left as an earlier build drew it
    patch: "Job | None" = None  # a worker patching the earlier page
    patched: bool = False
    to_come: int = 0  # thumbnails still to come from the workers
    thumbs: dict[int, tuple[bytes, tuple[int, int]]] = field(default_factory=dict)  # those come, by face
    drawing: "Job | None" = None  # a worker drawing it
    # a page whose every face is drawn again is drawn a band at a time (a row of thumbnails:
    # rows_of), each as soon as its thumbnails are in, and its file made of them at the end
    left: dict[int, int] | None = None  # thumbnails still to come, by row of the page
    bands: dict[int, "Job"] = field(default_factory=dict)  # the jobs drawing its bands, by row
    drawn: dict[int, "Band"] = field(default_factory=dict)  # and what they drew


class ContactSheet:
    """The contact sheet of the first `count` pages that `pngs` rasterizes: its pages kept,
    patched or drawn as their thumbnails come."""

    def __init__(self, outputs: "Outputs", pngs: "Rasterizing", count: int):
        self.outputs = outputs
        self.pngs = pngs
        self.count = count
        o = outputs
        files = kitfiles.page_files(count)
        for earlier in sorted(o.previous):  # pages of an earlier build of another size
            if kitfiles.CONTACT_SHEET.fullmatch(earlier) and earlier not in files:
                o.forget(earlier)
        self.pending = pending = set(pngs.pending)  # the faces drawn again
        self.pages: list[_Page] = []
        for number, relative in enumerate(files):
            cells = range(number * kitfiles.PER_PAGE, min(count, (number + 1) * kitfiles.PER_PAGE))
            keys = pngs.keys[cells.start:cells.stop]
            page = _Page(relative, cells, o.key("contact-sheet", keys, THUMB_WIDTH, COLUMNS))
            self.pages.append(page)
            if o.reusable(relative, page.key, counted=False):
                page.kept = True
                continue
            # what the earlier build drew each face from
            earlier = [o.previous.get(r, ("", 0))[0] for r in pngs.relative[cells.start:cells.stop]]
            changed = [i for i, was, now in zip(cells, earlier, keys) if was != now]
            if (len(changed) <= PATCH_LIMIT and o.earlier_key(relative)
                    == o.key("contact-sheet", earlier, THUMB_WIDTH, COLUMNS)):
                page.patch = o.workers.add(
                    patch_contact_sheet,
                    lambda changed=changed, page=page: (
                        o.document([pngs.pages[i] for i in changed]), pngs.dpi, THUMB_WIDTH,
                        [i - page.cells.start for i in changed], len(page.cells), COLUMNS, o.path(page.relative)),
                    lambda ok, page=page: setattr(page, "patched", ok))
            else:
                page.to_come = sum(1 for i in cells if i in pending)
                if page.to_come == len(cells):
                    page.left = dict(Counter((i - cells.start) // COLUMNS for i in cells))
        pngs.start(THUMB_WIDTH, self.thumbnail, count)

    def thumbnail(self, index: int, data: bytes, size: tuple[int, int]) -> None:
        """A face's thumbnail (compressed), from the workers: kept for its page, which a worker
        draws once its last cell is in."""
        page = self.pages[index // kitfiles.PER_PAGE]
        if page.kept or page.patch is not None:
            return
        page.thumbs[index] = (data, size)
        page.to_come -= 1
        if page.left is not None:
            row = (index - page.cells.start) // COLUMNS
            page.left[row] -= 1
            if page.left[row] == 0:
                self._band(page, row, size)
        elif page.to_come == 0:
            self._draw(page)

    def _band(self, page: _Page, row: int, size: tuple[int, int]) -> None:
        """Have a worker draw a row of the page from its thumbnails come; once every row is
        sent, another writes the page's file from them."""
        workers = self.outputs.workers
        cells = [i for i in page.cells if (i - page.cells.start) // COLUMNS == row]
        count = len(page.cells)

        def arguments() -> tuple:
            top, bottom = rows_of(size, count, COLUMNS)[row]
            return count, COLUMNS, top, bottom, [(i - page.cells.start, page.thumbs.pop(i)) for i in cells]

        page.bands[row] = workers.add(draw_contact_band, arguments, lambda drawn: page.drawn.__setitem__(row, drawn),
                                      first=True)
        if len(page.bands) == len(page.left):
            page.drawing = workers.add(
                write_contact_page, lambda: (self.outputs.path(page.relative), contact_size(size, count, COLUMNS),
                                             [page.drawn[r] for r in sorted(page.drawn)]),
                after=list(page.bands.values()), first=True)

    def _draw(self, page: _Page, everything: bool = False) -> None:
        """Have a worker draw a page from the thumbnails come and the files of the faces an
        earlier build left (or, with `everything`, of every face)."""
        drawn_again = set() if everything else self.pending

        def arguments() -> tuple:
            cells = [(i - page.cells.start, page.thumbs[i] if i in page.thumbs else self.pngs.paths[i])
                     for i in page.cells if i in page.thumbs or i not in drawn_again]
            page.thumbs = {}
            return self.outputs.path(page.relative), len(page.cells), cells, THUMB_WIDTH, COLUMNS

        page.drawing = self.outputs.workers.add(draw_contact_page, arguments, first=True)

    def __call__(self) -> None:
        """Wait for the faces and the patches, and finish every page."""
        o = self.outputs
        self.pngs()
        for page in self.pages:
            if page.kept:
                o.progress.advance()
                continue
            if page.patch is not None:
                o.workers.wait_for([page.patch])
                if not page.patched:  # the earlier page was not of the size expected
                    self._draw(page, everything=True)
            elif page.drawing is None:  # no face of it drawn again: from the faces' files
                self._draw(page, everything=page.left is not None)
            if page.drawing is not None:
                o.workers.wait_for([page.drawing])
            o.made(page.relative, page.key)
