"""Typeset a rulebook (pnp.kit.rulebook's worked-out blocks) into a PDF, with reportlab's
platypus: text set ragged right and hyphenated in the book's language (pyphen), no widow or orphan line,
a heading never last on its page, a contents list, running heads and page numbers; the game's
pieces drawn as the kit draws them (each a vector drawing of its scene, pnp.render.pdf's
painter), its icons inline at the size of the text.

A page size of A4 or Letter sets the rules in two columns; A5 or half-Letter in one, for a
booklet: `booklet=` the sheet it is imposed on (two pages to a side, in saddle-stitch order,
padded to a multiple of four, pnp.impose.booklet). Every page is first a Form XObject; the
contents' page numbers are forms too, filled in once the pages are known, so the book is set
in one pass. Output is deterministic (reportlab's invariant mode). The story set on the pages,
its styles, markup and flowables, is pnp.render.rulebook_flow's."""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping
from xml.sax.saxutils import escape

from reportlab.lib.colors import HexColor
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Frame, KeepTogether, PageTemplate, Paragraph
from reportlab.platypus import paraparser

from .. import __version__
from ..impose.booklet import saddle_stitch
from ..kit.rulebook import Resolved
from .pdf import _Painter, register_fonts
from .rulebook_flow import ICON_SOURCE, INK, MM, RULE, _Heading, _markup, _Story, _styles

@dataclass
class Look:
    """What a rulebook is typeset with, besides its text: the game's title, fonts by role (and
    the body's bold and italic when the game has them), its icons, the pieces its pictures
    show (scene definitions, by (set, id, back)), and pnp's own words in its language."""

    title: str
    subtitle: str | None
    fonts: Mapping[str, Path]  # heading, body, note, and body-bold, body-italic, body-bold-italic
    icons: Mapping[str, object]  # name -> a function (x, y, size, colour) giving a scene node
    pictures: Mapping[tuple, object]  # (set, id, back) -> Definition
    words: Mapping[str, str]  # contents, example, note, page


# --- icons inline: <img src="pnp-icon:NAME"> drawn as the icon's vector drawing ----------------



class _IconImage:
    """What reportlab's paragraph reads for an inline icon instead of opening a picture."""

    def __init__(self, name: str):
        self.fileName = name
        self.name = name[len(ICON_SOURCE):]

    def getSize(self) -> tuple[int, int]:
        return (1, 1)


_image_reader = paraparser.ImageReader


def _reader(source):
    if isinstance(source, str) and source.startswith(ICON_SOURCE):
        return _IconImage(source)
    return _image_reader(source)


paraparser.ImageReader = _reader  # (every other picture is read as reportlab reads it)


class _BookCanvas(Canvas):
    """A canvas whose pages are forms: `save` places them on the PDF's pages, one to a page or,
    for a booklet, two to a side in saddle-stitch order; the contents' page numbers are drawn
    into their forms once every page is known."""

    def __init__(self, *args, look: Look, page_size: tuple[float, float], booklet: tuple[float, float] | None,
                 numbers: dict, **kwargs):
        super().__init__(*args, **kwargs)
        self.look = look
        self.page_size = page_size
        self.booklet = booklet
        self.numbers = numbers  # a contents entry's number form -> the heading's key
        self.heading_pages: dict = {}
        self.painter = _Painter(self)
        self.count = 0
        self._begin()

    def _begin(self) -> None:
        self.count += 1
        self.beginForm(f"RulePage{self.count}", 0, 0, *self.page_size)

    def showPage(self) -> None:
        self.endForm()
        self._pageNumber += 1  # (what a frame's background reads to know a page from the next)
        self._begin()

    def drawImage(self, image, x, y, width=None, height=None, mask=None, **kwargs):
        if isinstance(image, _IconImage):
            draw = self.look.icons.get(image.name)
            if draw is not None:
                self.saveState()
                self.translate(x, y + height)
                self.scale(1, -1)
                self.painter.node(draw(0, 0, height, INK))
                self.restoreState()
            return None
        return super().drawImage(image, x, y, width, height, mask=mask, **kwargs)

    def save(self) -> None:
        self.endForm()
        pages = self.count - 1  # (the form begun after the last page is never drawn on)
        for name, key in self.numbers.items():
            self.beginForm(name, 0, 0, 40, 20)
            self.setFont(self.look_font, self.look_size)
            self.setFillColor(HexColor(INK))
            self.drawRightString(40, 0, str(self.heading_pages.get(key, "")))
            self.endForm()
        width, height = self.page_size
        self._pageNumber = 1
        if self.booklet is None:
            for n in range(1, pages + 1):
                Canvas.setPageSize(self, self.page_size)
                self.doForm(f"RulePage{n}")
                Canvas.showPage(self)
        else:
            sheet_w, sheet_h = self.booklet
            x0 = (sheet_w - 2 * width) / 2
            y0 = (sheet_h - height) / 2
            for side in saddle_stitch(pages):
                Canvas.setPageSize(self, self.booklet)
                for slot, n in enumerate(side):
                    if n is None:
                        continue
                    self.saveState()
                    self.translate(x0 + slot * width, y0)
                    self.doForm(f"RulePage{n}")
                    self.restoreState()
                Canvas.showPage(self)
        super().save()


class _Document(BaseDocTemplate):
    def __init__(self, buffer, book: Resolved, look: Look, page_size, columns: int, **kwargs):
        super().__init__(buffer, pagesize=page_size, **kwargs)
        self.book = book
        self.look = look
        self.sections: dict[int, str] = {}  # page -> the section heading in force at its end
        self.current = ""
        width, height = page_size
        margin_x = (18 if columns == 2 else 14) * MM
        margin_top = 20 * MM if columns == 2 else 17 * MM
        margin_bottom = 18 * MM if columns == 2 else 16 * MM
        gap = 7 * MM
        column_w = (width - 2 * margin_x - gap * (columns - 1)) / columns
        frames = [Frame(margin_x + k * (column_w + gap), margin_bottom, column_w, height - margin_top - margin_bottom,
                        id=f"column{k}", leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
                  for k in range(columns)]
        self.column_width = column_w
        self.column_height = height - margin_top - margin_bottom
        self.addPageTemplates([PageTemplate(id="page", frames=frames, onPageEnd=self._furniture, pagesize=page_size)])

    def afterFlowable(self, flowable) -> None:
        if isinstance(flowable, _Heading):
            self.canv.heading_pages.setdefault(flowable.key, self.page)
            if flowable.level <= 2:
                self.current = flowable.plain
        self.sections[self.page] = self.current

    def _furniture(self, canvas, doc) -> None:
        """The running head (the game's title on left-hand pages, the section on right-hand
        ones) and the page number at the outer corner; none on the first page."""
        page = doc.page
        width, height = doc.pagesize
        canvas.saveState()
        size = 7.5 if doc.columns == 1 else 8.5
        canvas.setFont(doc.fonts["body"], size)
        canvas.setFillColor(HexColor(INK))
        margin = doc.frames_x
        if page > 1:
            left = page % 2 == 0
            head = doc.look.title if left else self.sections.get(page, self.current) or doc.look.title
            y = height - doc.head_y
            if left:
                canvas.drawString(margin, y, head)
            else:
                canvas.drawRightString(width - margin, y, head)
            canvas.setStrokeColor(HexColor(RULE))
            canvas.setLineWidth(0.4)
            canvas.line(margin, y - 3, width - margin, y - 3)
        number = str(page)
        y = doc.foot_y
        if page % 2 == 0:
            canvas.drawString(margin, y, number)
        else:
            canvas.drawRightString(width - margin, y, number)
        canvas.restoreState()


# --- styles ---------------------------------------------------------------------------------------


def _family(fonts: Mapping[str, Path]) -> dict[str, str]:
    """Register the fonts with reportlab; the body's bold and italic as its family, so that
    <b> and <i> find them (or the body itself where the game has none)."""
    register_fonts({name: path for name, path in _named(fonts).items()})
    names = {role: _font_name(path) for role, path in fonts.items()}
    body = names["body"]
    bold = names.get("body-bold", body)
    italic = names.get("body-italic", body)
    pdfmetrics.registerFontFamily(body, normal=body, bold=bold, italic=italic,
                                  boldItalic=names.get("body-bold-italic", bold))
    return names


def _font_name(path: Path) -> str:
    return Path(path).stem


def _named(fonts: Mapping[str, Path]) -> dict[str, Path]:
    return {_font_name(path): Path(path) for path in fonts.values()}


def typeset(book: Resolved, look: Look, page_size: tuple[float, float],
            booklet: tuple[float, float] | None = None) -> tuple[bytes, int]:
    """The rulebook's PDF on pages of `page_size`, and how many pages it has; with `booklet`,
    those pages imposed two to a side of `booklet` sheets for a saddle-stitched booklet."""
    names = _family(look.fonts)
    columns = 1 if page_size[0] < 160 * MM * 1.2 else 2
    styles = _styles(names, book.language, columns)
    buffer = io.BytesIO()
    doc = _Document(buffer, book, look, page_size, columns, title=look.title, author="", subject="",
                    creator=f"pnp {__version__}", producer=f"pnp {__version__} (reportlab)", invariant=1,
                    pageCompression=1)
    doc.columns = columns
    doc.fonts = names
    doc.frames_x = (18 if columns == 2 else 14) * MM
    doc.head_y = (11 if columns == 2 else 9.5) * MM
    doc.foot_y = (10 if columns == 2 else 8.5) * MM
    story = _Story(look, styles, doc.column_width, max_picture=(70 if columns == 2 else 62) * MM,
                   language=book.language, column_height=doc.column_height)
    blocks = list(book.blocks)
    flow: list = []
    title_block = blocks.pop(0) if blocks and blocks[0].kind == "heading" and blocks[0].level == 1 else None
    flow.append(Paragraph(_markup(title_block.runs, styles["title"].fontSize) if title_block else escape(look.title),
                          styles["title"]))
    if look.subtitle:
        flow.append(Paragraph(escape(look.subtitle), styles["subtitle"]))
    body = story.blocks(blocks)
    flat = [g for f in body for g in (f._content if isinstance(f, KeepTogether) else [f])]
    headings = [(f.key, f.block) for f in flat if isinstance(f, _Heading) and f.level <= 2]
    flow += story.contents(headings)
    flow += body
    numbers = story.numbers

    def canvasmaker(filename, **kwargs):
        kwargs["initialFontName"] = names["body"]  # (so that the PDF names no font it does not embed)
        canvas = _BookCanvas(filename, look=look, page_size=page_size, booklet=booklet, numbers=numbers, **kwargs)
        canvas.look_font = names["body"]
        canvas.look_size = styles["contents"].fontSize
        canvas.setViewerPreference("PrintScaling", "None")
        if booklet is not None:
            canvas.setViewerPreference("Duplex", "DuplexFlipShortEdge")
        return canvas

    made: list = []

    def keep(filename, **kwargs):
        made.append(canvasmaker(filename, **kwargs))
        return made[-1]

    doc.build(flow, canvasmaker=keep)
    return buffer.getvalue(), made[-1].count - 1


BOOKLET_PAGES = {"a4": (148 * MM, 210 * MM), "letter": (5.5 * 72, 8.5 * 72)}  # A5, half-Letter: two to a sheet


def rulebook_look(kit, pictures: Mapping[tuple, object]) -> Look:
    """How the kit's rulebook looks: the game's title and fonts (with the body's bold and
    italic), its icons in the text's ink, the pieces it pictures, pnp's words in its language."""
    from ..icons.draw import draw_icon
    from ..layout.fonts import find_font
    from ..words import word

    game, language = kit.game, kit.language
    roles = {role: m.path for role, m in kit.fonts.items()}

    def icon(found):
        return lambda x, y, size, colour: draw_icon(found, x, y, size, colour, "#ffffff")

    return Look(game.title.get(language, game.language),
                game.subtitle.get(language, game.language) if game.subtitle else None,
                font_variants(roles, lambda name: find_font(name, game.root)),
                {name: icon(found) for name, found in game.icons.items()}, pictures,
                {key: word(language, f"rules-{key}") for key in ("contents", "example", "note")})


def font_variants(fonts: Mapping[str, Path], find) -> dict[str, Path]:
    """The rulebook's fonts: the game's by role, and its body font's bold, italic and bold
    italic when a font of the same family has them (SourceSansPro-Regular: -Bold, -It,
    -BoldIt), found with `find(name)`."""
    found = dict(fonts)
    body = Path(fonts["body"]).stem
    family = re.sub(r"-(Regular|Roman|Book|Normal)$", "", body)
    for role, suffixes in (("body-bold", ("Bold",)), ("body-italic", ("It", "Italic")),
                           ("body-bold-italic", ("BoldIt", "BoldItalic"))):
        for suffix in suffixes:
            path = find(f"{family}-{suffix}")
            if path is not None:
                found[role] = path
                break
    return found
