"""Render scene pages to PDF with reportlab: TrueType fonts embedded (subset), invariant output.

The scene's y axis points down; each page flips the PDF's y axis once, and text and images
flip back locally. Definitions become Form XObjects, drawn once and placed many times.

Every character a document draws gets its code in its font's subset before anything is
drawn, in a fixed order, so a definition's content stream depends only on the definition and
the document's characters: a build keeps the streams it has drawn (pnp.render.forms.FormCache) and places
them in the next PDF with the same characters without drawing them again.
"""

from __future__ import annotations

import hashlib
import io
import re
import zlib
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Mapping

from reportlab import rl_config
from reportlab.lib.colors import HexColor
from reportlab.lib.rl_accel import fp_str
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from .. import __version__
from . import grey_picture, upright
from .forms import FormCache, FormMissing, Stream, StoredForms, charsets, form_name
from ..scene import (
    Circle,
    Definition,
    Group,
    Image,
    Node,
    Page,
    Rect,
    Style,
    Text,
    Use,
    characters_by_font,
    ellipse_path,
)
from ..scene import Path as PathNode

# streams as bytes, not spelled out in ASCII85 (reportlab's default, for channels that carry
# only text): a fifth smaller, and no encoding step
rl_config.useA85 = 0

_NOT_IN_PDFDOC = re.compile("[\x18-\x1f]")  # ASCII control codes PDFDocEncoding gives other meanings


def _pdfdoc_encode(x):
    """reportlab's pdfdocEnc, quicker: reportlab encodes every string it writes with its
    PDFDocEncoding codec, a character-by-character map that was 40% of the time to write a
    card sheet. For ASCII (all of pnp's content streams) that codec is the identity, bar
    eight control codes: such text takes the quick way, to the same bytes (tested)."""
    if isinstance(x, str) and x.isascii() and not _NOT_IN_PDFDOC.search(x):
        return x.encode("ascii")
    return _reportlab_pdfdoc_encode(x)


_reportlab_pdfdoc_encode = getattr(pdfdoc.pdfdocEnc, "original", pdfdoc.pdfdocEnc)
_pdfdoc_encode.original = _reportlab_pdfdoc_encode  # type: ignore[attr-defined]
pdfdoc.pdfdocEnc = _pdfdoc_encode

# reportlab escapes every name it writes (every form and font of every page's resources)
# character by character; the same few hundred names come back thousands of times
_reportlab_pdf_name = getattr(pdfdoc.PDFName, "original", pdfdoc.PDFName)
_known_pdf_name = lru_cache(maxsize=8192)(_reportlab_pdf_name)


def _pdf_name(data, *args):
    return _known_pdf_name(data, *args) if isinstance(data, str) else _reportlab_pdf_name(data, *args)


_pdf_name.original = _reportlab_pdf_name  # type: ignore[attr-defined]
pdfdoc.PDFName = _pdf_name

# reportlab compresses every stream of every PDF; a build's PDFs hold the same card drawings
# again and again (three papers, the PDFs the workers rasterize), so each compressed stream
# is remembered by a hash of its contents. Streams are deflated by zlib-ng at zlib's level 6 (as
# reportlab's zlib.compress): the same format, files a little smaller, in under half the time
_reportlab_compress = getattr(pdfdoc.PDFStreamFilterZCompress.encode, "original",
                              pdfdoc.PDFStreamFilterZCompress.encode)
_compressed: dict[bytes, bytes] = {}


class _Deflated(bytes):
    """A form's stream, compressed already (see _set_stream_list): as it was drawn, or as the
    cache kept it (Stream)."""


def _compress(self, text):
    if isinstance(text, _Deflated):
        return bytes(text)
    data = text.encode("utf8") if isinstance(text, str) else text
    key = hashlib.blake2b(data, digest_size=32).digest()
    found = _compressed.get(key)
    if found is None:
        if len(_compressed) >= 4096:
            _compressed.clear()
        found = _compressed[key] = deflate(data)
    return found


def deflate(data: bytes) -> bytes:
    """A PDF stream's bytes deflated (zlib's format, zlib-ng's level 6; imported where a PDF is
    written: a build's own process, which writes few, may never hold it)."""
    from zlib_ng import zlib_ng

    return zlib_ng.compress(data, 6)


_compress.original = _reportlab_compress  # type: ignore[attr-defined]
pdfdoc.PDFStreamFilterZCompress.encode = _compress

# reportlab keeps every form's stream as it was drawn until it writes the document; a
# deck's card sheets hold every card of the deck: each form's stream is compressed as soon
# as it is drawn (what writing the document does to it first), a fifth of its size
_reportlab_set_stream_list = getattr(pdfdoc.PDFFormXObject.setStreamList, "original",
                                     pdfdoc.PDFFormXObject.setStreamList)


def _set_stream_list(self, data):
    if data and isinstance(data[-1], _Deflated):  # a stream kept whole (Stream), after the preamble it holds
        self.stream = data[-1] if self.compression else zlib.decompress(data[-1])
        return
    _reportlab_set_stream_list(self, data)
    if self.compression and self.stream:
        self.stream = _Deflated(pdfdoc.PDFZCompress.encode(self.stream))


_set_stream_list.original = _reportlab_set_stream_list  # type: ignore[attr-defined]
pdfdoc.PDFFormXObject.setStreamList = _set_stream_list

# reportlab formats each form's dictionary value by value: a deck's thousand cards, placed from
# the cache, have the same dictionary but for the stream's length. Formatted once per
# document and kind of form (its box and the forms it places), the rest of them are spliced
# around their length: the same bytes (tested), a third of the time to write a card sheet.
_reportlab_form_format = getattr(pdfdoc.PDFFormXObject.format, "original", pdfdoc.PDFFormXObject.format)


def _form_format(self, document):
    stream = self.stream
    if (not isinstance(stream, _Deflated) or not self.compression or self.Contents or self.Resources or self.BBox
            or self.Matrix or self.Annots or self.hasImages != 1 or type(document.encrypt) is not pdfdoc.NoEncryption):
        return _reportlab_form_format(self, document)
    xobjects = tuple(self.XObjects.dict) if self.XObjects else None
    key = (self.lowerx, self.lowery, self.upperx, self.uppery, xobjects)
    known = document.__dict__.setdefault("_pnp_forms", {})
    found = known.get(key)
    if found is None:
        data = _reportlab_form_format(self, document)
        head, length, rest = data.partition(b"/Length %d " % len(stream))
        if length and data.endswith(b"\nstream\n" + stream + b"endstream\n") and b"/Length " not in rest:
            known[key] = (head + b"/Length ", b" " + rest[:len(rest) - len(stream) - len(b"endstream\n")])
        return data
    head, tail = found
    return b"%s%d%s%sendstream\n" % (head, len(stream), tail, stream)


_form_format.original = _reportlab_form_format  # type: ignore[attr-defined]
pdfdoc.PDFFormXObject.format = _form_format

_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}
_registered: dict[str, Path] = {}


def register_fonts(fonts: Mapping[str, Path]) -> None:
    for name, path in fonts.items():
        if _registered.get(name) != path:
            pdfmetrics.registerFont(TTFont(name, str(path)))
            _registered[name] = path


@lru_cache(maxsize=None)
def _colour(hex_colour: str) -> HexColor:
    return HexColor(hex_colour)


def document(pages: list[Page], fonts: Mapping[str, Path], title: str, stored: Mapping[str, str], folder: str,
             duplex: bool, chars: Mapping[str, frozenset[str]], drawn: Mapping[str, str] | None = None) -> bytes | None:
    """In a worker process: the PDF of `pages`, each card drawing placed from the build's cache
    (`folder`) or drawn and kept there (see StoredForms); None when one sent empty is not there."""
    try:
        return render_pdf(pages, fonts, title, StoredForms(stored, folder, drawn), duplex, chars)
    except FormMissing:
        return None


class _Painter:
    def __init__(self, canvas: Canvas, cache: FormCache | None = None, charset: Mapping[str, str] = {}):
        self.c = canvas
        self.forms: set[str] = set()
        self.cache = cache
        self.charset = charset
        self.images = 0

    def style(self, style: Style) -> tuple[int, int]:
        c = self.c
        fill = style.fill is not None
        stroke = style.stroke is not None and style.stroke_width > 0
        if fill:
            c.setFillColor(_colour(style.fill))
        if stroke:
            c.setStrokeColor(_colour(style.stroke))
            c.setLineWidth(style.stroke_width)
            c.setLineCap(_CAPS[style.line_cap])
            c.setLineJoin(_JOINS[style.line_join])
        return int(fill), int(stroke)

    @staticmethod
    def trace(path, commands) -> None:
        """The path's commands onto a new reportlab path: the operators its moveTo, lineTo,
        curveTo and close write (the same text), with every coordinate formatted by one call
        of reportlab's fp_str rather than one a point (a locator's coast has hundreds)."""
        if path._code or not commands or commands[0][0] != "M":
            for cmd in commands:  # (reportlab's own methods: its checks, its errors)
                op = cmd[0]
                if op == "M":
                    path.moveTo(cmd[1], cmd[2])
                elif op == "L":
                    path.lineTo(cmd[1], cmd[2])
                elif op == "C":
                    path.curveTo(*cmd[1:])
                else:
                    path.close()
            return
        numbers = fp_str(*[v for cmd in commands for v in cmd[1:]]).split(" ")
        code = path._code
        code.append("n")  # (what a path's first moveTo writes first)
        at = 0
        for cmd in commands:
            op = cmd[0]
            if op == "L" or op == "M":
                code.append(f"{numbers[at]} {numbers[at + 1]} {'l' if op == 'L' else 'm'}")
                at += 2
            elif op == "C":
                code.append(" ".join(numbers[at:at + 6]) + " c")
                at += 6
            else:
                code.append("h")
        path._code_append = code.append

    def node(self, node: Node) -> None:
        c = self.c
        if isinstance(node, Group):
            c.saveState()
            c.transform(*node.transform)
            if node.clip is not None:
                clip = c.beginPath()
                if isinstance(node.clip, Rect):
                    clip.rect(node.clip.x, node.clip.y, node.clip.width, node.clip.height)
                else:
                    self.trace(clip, node.clip.commands)
                c.clipPath(clip, stroke=0, fill=0)
            for child in node.children:
                self.node(child)
            c.restoreState()
        elif isinstance(node, Rect):
            fill, stroke = self.style(node.style)
            if node.radius > 0:
                c.roundRect(node.x, node.y, node.width, node.height, node.radius, stroke=stroke, fill=fill)
            else:
                c.rect(node.x, node.y, node.width, node.height, stroke=stroke, fill=fill)
        elif isinstance(node, (PathNode, Circle)):
            fill, stroke = self.style(node.style)
            path = c.beginPath()
            self.trace(path, node.commands if isinstance(node, PathNode) else
                       ellipse_path(node.cx, node.cy, node.r, node.r))
            c.drawPath(path, stroke=stroke, fill=fill, fillMode=0 if node.style.even_odd else 1)
        elif isinstance(node, Text):
            c.saveState()
            c.setFillColor(_colour(node.fill))
            c.setFont(node.font, node.size)
            c.translate(node.x, node.y)
            c.scale(1, -1)
            draw = {"middle": c.drawCentredString, "end": c.drawRightString}.get(node.anchor, c.drawString)
            if node.halo and node.halo_width > 0:  # stroked letters under the filled ones
                c.setStrokeColor(_colour(node.halo))
                c.setLineWidth(node.halo_width * 2)
                c.setLineJoin(1)
                draw(0, 0, node.text, mode=1)
            draw(0, 0, node.text)
            c.restoreState()
        elif isinstance(node, Image):
            self.images += 1
            c.saveState()
            c.translate(node.x, node.y + node.height)
            c.scale(1, -1)
            drawn = grey_picture(node.path) if node.grey else upright(node.path)
            c.drawImage(ImageReader(drawn) if drawn is not None else node.path, 0, 0, node.width, node.height,
                        mask="auto")
            c.restoreState()
        elif isinstance(node, Use):
            c.saveState()
            c.transform(*node.transform)
            c.doForm(form_name(node.ref))
            c.restoreState()
        else:  # pragma: no cover - the scene has no other node types
            raise TypeError(f"cannot draw {type(node).__name__}")

    def define(self, definition: Definition) -> None:
        name = form_name(definition.id)
        if name in self.forms:
            return
        c, b = self.c, definition.bleed
        key = self.cache.key_of(definition, self.charset) if self.cache is not None else None
        c.beginForm(name, -b, -b, definition.width + b, definition.height + b)
        cached = self.cache.find(key) if key is not None else None
        if cached is not None and cached.preamble != c._preamble:
            self.cache.mismatch(key)
            cached = None
        if cached is not None:
            c._code.append(_Deflated(cached.deflated))
            c._formsinuse.extend(cached.forms)
        else:
            images = self.images
            self.node(definition.content)
            # a stream is reusable if it names nothing but fonts and forms (no image, no
            # transparency or colour space kept beside the stream)
            if (key is not None and self.images == images and not c._colorsUsed and not c._shadingUsed
                    and not c._annotationrefs and not c._extgstate.getState()):
                self.cache.keep(key, _stream_of(c._preamble, c._code, c._formsinuse))
        c.endForm()
        self.forms.add(name)


def _stream_of(preamble: str, code: list[str], forms: list[str]) -> Stream:
    """The stream a form drawn with `code` has (as reportlab writes it: see _set_stream_list)."""
    return Stream(pdfdoc.PDFZCompress.encode(pdfdoc.pdfdocEnc("\n".join([preamble, *code]))), tuple(forms), preamble)


def _assign_codes(canvas: Canvas, chars: Mapping[str, frozenset[str]], fonts: Iterable[str]) -> dict[str, str]:
    """Give each character its code in its font's subsets, in sorted order, and each font a
    fixed name (by its place among all of `fonts`), so that what a definition draws comes out
    the same in every document where its fonts have the same characters. Returns each used
    font's characters."""
    doc = canvas._doc
    charset = charsets(chars, fonts)
    for number, name in enumerate(sorted(fonts), start=1):
        if name not in charset:
            continue
        font = pdfmetrics.getFont(name)
        font.splitString(charset[name], doc)
        state = font.state[doc]
        state.internalName = f"{state.namePrefix}{number}"  # what reportlab would name the first
        doc.fontMapping[name] = "/" + state.internalName
        doc.delayedFonts.append(font)
    return charset


def render_pdf(pages: Iterable[Page], fonts: Mapping[str, Path], title: str = "",
               cache: FormCache | None = None, duplex: bool = False,
               chars: Mapping[str, frozenset[str]] | None = None) -> bytes:
    """The PDF of `pages` as bytes; identical inputs give identical bytes, with or without
    a cache of the definitions drawn before. Its viewer preferences ask for printing at
    actual size (PrintScaling None: no "fit to page"), and with `duplex` (fronts and backs
    interleaved) for both sides, flipped on the long edge. `chars` gives the fonts' subsets
    (by default the pages' own characters): PDFs of a few pages each, cut from a longer run
    and given the run's characters, draw each definition as the run's PDF would, and find
    it in the cache."""
    if not fonts:
        raise ValueError("a PDF needs at least one font to embed")
    register_fonts(fonts)
    pages = list(pages)
    buffer = io.BytesIO()
    # start with one of our fonts, so the PDF names no font it does not embed
    # (PDF 1.4 whatever is drawn: reportlab says 1.4 once a colour is set, which a document
    # placing only drawings from the cache never does)
    canvas = Canvas(buffer, invariant=1, pageCompression=1, initialFontName=sorted(fonts)[0], pdfVersion=(1, 4))
    canvas.setCreator(f"pnp {__version__}")
    canvas.setProducer(f"pnp {__version__} (reportlab)")
    if title:
        canvas.setTitle(title)
    canvas.setViewerPreference("PrintScaling", "None")
    if duplex:
        canvas.setViewerPreference("Duplex", "DuplexFlipLongEdge")
    painter = _Painter(canvas, cache, _assign_codes(canvas, characters_by_font(pages) if chars is None else chars,
                                                    fonts))
    empty = True
    for page in pages:
        empty = False
        canvas.setPageSize((page.width, page.height))
        canvas.saveState()
        canvas.transform(1, 0, 0, -1, 0, page.height)  # y down, like the scene
        for definition in page.definitions:
            painter.define(definition)
        for node in page.children:
            painter.node(node)
        canvas.restoreState()
        canvas.showPage()
    if empty:
        raise ValueError("no pages to render")
    canvas.save()
    return buffer.getvalue()
