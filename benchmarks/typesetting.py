"""Typeset one rulebook with each candidate engine and measure it (see typesetting.md).

    python benchmarks/typesetting.py RULES.md [RULES.md ...] [--out DIR] [--runs 5]

Each RULES.md is a rulebook in the Markdown its authors write (headings, paragraphs, bold and
italic, numbered lists, tab-separated tables); its language is read from the name
(`rules.fr.md` is French). The same blocks are typeset by reportlab's platypus, Typst (its
Python binding) and WeasyPrint on A5 pages in Source Serif Pro and Source Sans Pro: justified
and hyphenated body, headings kept with what follows, a contents list with page numbers, a
running head and page numbers, a table, boxed examples and one card drawn by pnp's own scene
code (on the same canvas for platypus, as pnp's SVG for the others). An engine whose package
is not installed is skipped. Nothing here is part of the test suite; the rulebooks are read
from the paths given and never stored.

Per engine and rulebook it prints: import time (fresh process), time per rulebook (median of
`--runs` warm runs), pages, whether two runs give the same bytes, embedded (subset) fonts,
hyphenated line ends, justified lines whose word spaces are stretched past 1.5x and 2x the
font's space, the widest stretch, and the message each engine gives for one mistake. Pages
are rendered at 80 dpi into `--out` to be looked at.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import importlib.util
import io
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

LANGS = {"en": ("en", "en_GB"), "fr": ("fr", "fr"), "de": ("de", "de_DE")}  # code, reportlab/pyphen
A5 = (419.53, 595.28)  # points
MARGIN = 42.5  # 15 mm
BODY_SIZE, LEADING = 10.0, 12.5
TITLES = {"en": "Contents", "fr": "Sommaire", "de": "Inhalt"}


# ---------------------------------------------------------------------------- the rulebook


@dataclass
class Block:
    kind: str  # title, h2, p, example, ol, table, math, picture
    text: str = ""  # inline Markdown (title, h2, p, example, math)
    items: list = field(default_factory=list)  # ol: inline texts; table: rows of cells


def inline_spans(text: str) -> list[tuple[str, str]]:
    """Inline Markdown as (text, style) spans; style is '', 'b', 'i' or 'bi'."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)  # links keep their text
    text = re.sub(r"<(https?://[^>]+)>", r"\1", text)
    text = re.sub(r"</?b>", "**", text)
    spans, bold, italic = [], False, False
    for part in re.split(r"(\*\*|\*)", text):
        if part == "**":
            bold = not bold
        elif part == "*":
            italic = not italic
        elif part:
            spans.append((part, ("b" if bold else "") + ("i" if italic else "")))
    return spans


def read_rulebook(path: Path) -> list[Block]:
    """The blocks of a rulebook. A paragraph right after a gap of blank lines (where the
    source had a picture) becomes a boxed example; the first gap gets the card picture."""
    lines = path.read_text(encoding="utf-8").splitlines()
    blocks: list[Block] = []
    blank, pictured, i = 0, False, 0
    while i < len(lines):
        line = lines[i].rstrip()
        if not line.strip():
            blank += 1
            i += 1
            continue
        gap, blank = blank >= 2, 0
        if gap and blocks and not pictured:
            blocks.append(Block("picture"))
            pictured = True
        if "\t" in lines[i]:
            rows = []
            while i < len(lines) and "\t" in lines[i]:
                cells = [c.strip() for c in lines[i].split("\t")]
                if not all(re.fullmatch(r"-*", c) for c in cells):  # a rule under the header
                    rows.append(cells)
                i += 1
            if blocks and blocks[-1].kind == "table":  # a table split by a blank line
                blocks[-1].items += rows
            else:
                blocks.append(Block("table", items=rows))
            continue
        if line.startswith("#"):
            level = len(line) - len(line.lstrip("#"))
            blocks.append(Block("title" if level == 1 else "h2", line.lstrip("#").strip()))
        elif re.match(r"\d+\. ", line):
            items = []
            while i < len(lines) and re.match(r"\d+\. ", lines[i]):
                items.append(re.sub(r"^\d+\. ", "", lines[i]).strip())
                i += 1
            blocks.append(Block("ol", items=items))
            continue
        elif line.startswith("$$"):
            math = re.sub(r"\\text\{([^}]*)\}", r"\1", line.strip("$ "))
            blocks.append(Block("math", math.replace("\\", "")))
        else:
            para = [line.strip()]
            while i + 1 < len(lines) and lines[i + 1].strip() and not re.match(r"(#|\d+\. |\$\$)", lines[i + 1]) \
                    and "\t" not in lines[i + 1]:
                i += 1
                para.append(lines[i].strip())
            blocks.append(Block("example" if gap else "p", " ".join(para)))
        i += 1
    return blocks


# ---------------------------------------------------------------------------- fonts, card


def font_files(folder: Path) -> dict[str, Path]:
    """The TrueType faces used, copied into `folder` (so that no engine finds the OTFs)."""
    import font_source_sans_pro
    import font_source_serif_pro

    serif = Path(font_source_serif_pro.__file__).parent / "files"
    sans = Path(font_source_sans_pro.__file__).parent / "files"
    faces = {"Serif": serif / "SourceSerifPro-Regular.ttf", "Serif-Italic": serif / "SourceSerifPro-It.ttf",
             "Serif-Bold": serif / "SourceSerifPro-Bold.ttf", "Serif-BoldItalic": serif / "SourceSerifPro-BoldIt.ttf",
             "Sans": sans / "SourceSansPro-Regular.ttf", "Sans-Bold": sans / "SourceSansPro-Bold.ttf",
             "Sans-Semibold": sans / "SourceSansPro-Semibold.ttf"}
    folder.mkdir(parents=True, exist_ok=True)
    for name, path in faces.items():
        shutil.copy(path, folder / path.name)
        faces[name] = folder / path.name
    return faces


CARD_W, CARD_H = 63.0 * 72 / 25.4 * 0.6, 88.0 * 72 / 25.4 * 0.6  # a poker card at 60%


def card_scene():
    """A small card as a pnp scene group: rounded frame, title band, an icon from pnp's own
    icons folder, a caption. None when pnp's scene code cannot be imported."""
    try:
        from pnp.icons.draw import draw_icon
        from pnp.icons.folder import load_icon
        from pnp.scene import Group, Rect, Style, Text
    except ImportError:
        return None
    icon, problems = load_icon(ROOT, "icons/crown.svg")
    if icon is None:
        return None
    w, h = CARD_W, CARD_H
    return Group((
        Rect(0, 0, w, h, Style(fill="#f4ead2", stroke="#3b2a1a", stroke_width=1.2), radius=8),
        Rect(6, 6, w - 12, 22, Style(fill="#7a1f1f")),
        Text(w / 2, 21, "Shah Alam II", "Sans-Bold", 10, "#ffffff", "middle"),
        draw_icon(icon, w / 2 - 30, 45, 60, "#3b2a1a", "#f4ead2"),
        Text(w / 2, h - 14, "Leader 1", "Serif-Italic", 8, "#3b2a1a", "middle"),
    ))


def card_svg(faces: dict[str, Path]) -> str | None:
    group = card_scene()
    if group is None:
        return None
    from pnp.render.svg import render_svgs
    from pnp.scene import Page

    return render_svgs([Page(CARD_W, CARD_H, (group,))], {k: v for k, v in faces.items()}, text="paths")[0]


# ---------------------------------------------------------------------------- reportlab


def build_reportlab(blocks, lang, faces, work: Path, invariant=True) -> bytes:
    from reportlab.lib import colors
    from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.platypus import (BaseDocTemplate, Flowable, Frame, KeepTogether, ListFlowable, ListItem,
                                    PageTemplate, Paragraph, Spacer, Table, TableStyle)
    from reportlab.platypus.tableofcontents import TableOfContents

    for name, path in faces.items():
        pdfmetrics.registerFont(TTFont(name, str(path)))
    pdfmetrics.registerFontFamily("Serif", normal="Serif", bold="Serif-Bold", italic="Serif-Italic",
                                  boldItalic="Serif-BoldItalic")
    hy = LANGS[lang][1]
    body = ParagraphStyle("body", fontName="Serif", fontSize=BODY_SIZE, leading=LEADING, alignment=TA_JUSTIFY,
                          spaceAfter=4, hyphenationLang=hy, embeddedHyphenation=1, uriWasteReduce=0.3,
                          allowWidows=0, allowOrphans=0)
    h2 = ParagraphStyle("h2", fontName="Sans-Semibold", fontSize=13, leading=16, spaceBefore=8, spaceAfter=3,
                        keepWithNext=1)
    title = ParagraphStyle("title", fontName="Sans-Bold", fontSize=22, leading=26, spaceAfter=10)
    math = ParagraphStyle("math", parent=body, alignment=TA_CENTER, fontName="Serif-Italic")
    cell = ParagraphStyle("cell", parent=body, alignment=0, spaceAfter=0, hyphenationLang="")

    def markup(text):
        out = []
        for part, style in inline_spans(text):
            part = html.escape(part, quote=False)
            out.append(f"<b><i>{part}</i></b>" if style == "bi" else f"<{style}>{part}</{style}>" if style else part)
        return "".join(out)

    class Card(Flowable):
        """pnp's card, drawn by pnp's own PDF painter on the document's canvas."""

        def __init__(self):
            super().__init__()
            self.width, self.height, self.hAlign = CARD_W, CARD_H, "CENTER"

        def draw(self):
            from pnp.render.pdf import _Painter

            self.canv.saveState()
            self.canv.transform(1, 0, 0, -1, 0, self.height)  # the scene's y axis points down
            _Painter(self.canv).node(self.group)
            self.canv.restoreState()

    class Doc(BaseDocTemplate):
        def beforeDocument(self):
            self.headings = 0

        def afterFlowable(self, flowable):
            if isinstance(flowable, Paragraph) and flowable.style.name == "h2" and flowable.getPlainText() != TITLES[lang]:
                text = flowable.getPlainText()
                self.headings += 1
                key = f"h{self.headings}"
                self.canv.bookmarkPage(key)
                self.notify("TOCEntry", (0, text, self.page, key))

    running = next((b.text for b in blocks if b.kind == "title"), "")

    def decorate(canvas, doc):
        canvas.saveState()
        canvas.setFont("Sans", 8)
        if doc.page > 1:
            canvas.drawString(MARGIN, A5[1] - 28, running)
        canvas.drawCentredString(A5[0] / 2, 24, str(doc.page))
        canvas.restoreState()

    story = []
    group = card_scene()
    for b in blocks:
        if b.kind == "title":
            story.append(Paragraph(markup(b.text), title))
            toc = TableOfContents(levelStyles=[ParagraphStyle("toc", fontName="Serif", fontSize=BODY_SIZE,
                                                              leading=LEADING)], dotsMinLevel=0)
            story += [Paragraph(TITLES[lang], h2), toc]
        elif b.kind == "h2":
            story.append(Paragraph(markup(b.text), h2))
        elif b.kind == "p":
            story.append(Paragraph(markup(b.text), body))
        elif b.kind == "math":
            story.append(Paragraph(markup(b.text), math))
        elif b.kind == "ol":
            story.append(ListFlowable([ListItem(Paragraph(markup(t), body)) for t in b.items],
                                      bulletType="1", bulletFontName="Serif", bulletFontSize=BODY_SIZE))
        elif b.kind == "table":
            rows = [[Paragraph(markup(c), cell) for c in row] for row in b.items]
            t = Table(rows, colWidths=[120, 80], hAlign="LEFT", repeatRows=1)
            t.setStyle(TableStyle([("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
                                   ("LINEBELOW", (0, -1), (-1, -1), 0.4, colors.black),
                                   ("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 1)]))
            story.append(t)
            story.append(Spacer(0, 6))
        elif b.kind == "example":
            box = Table([[Paragraph(markup(b.text), body)]], colWidths=[A5[0] - 2 * MARGIN])
            box.setStyle(TableStyle([("BOX", (0, 0), (-1, -1), 0.6, colors.HexColor("#7a1f1f")),
                                     ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor("#f7f1e3")),
                                     ("LEFTPADDING", (0, 0), (-1, -1), 6), ("RIGHTPADDING", (0, 0), (-1, -1), 6)]))
            story += [KeepTogether(box), Spacer(0, 6)]
        elif b.kind == "picture" and group is not None:
            card = Card()
            card.group = group
            story += [card, Spacer(0, 6)]
    out = io.BytesIO()
    doc = Doc(out, pagesize=A5, invariant=int(invariant), title=running, initialFontName="Serif", author="pnp benchmark",
              leftMargin=MARGIN, rightMargin=MARGIN, topMargin=MARGIN, bottomMargin=MARGIN)
    frame = Frame(MARGIN, MARGIN, A5[0] - 2 * MARGIN, A5[1] - 2 * MARGIN, id="body", leftPadding=0,
                  rightPadding=0, topPadding=0, bottomPadding=0)
    doc.addPageTemplates([PageTemplate("page", [frame], onPage=decorate)])
    doc.multiBuild(story)
    return out.getvalue()


def error_reportlab() -> str:
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph

    try:
        Paragraph("A <b>bold claim with <i>no end</b> of it", ParagraphStyle("x"))
    except Exception as e:  # noqa: BLE001
        return f"{type(e).__name__}: " + " ".join(str(e).split())[:200]
    return "no error"


# ---------------------------------------------------------------------------- typst


def typst_escape(text: str) -> str:
    return re.sub(r"([\\#\[\]*_`$<>@=~\"/-])", r"\\\1", text)


def typst_markup(text: str) -> str:
    out = []
    for part, style in inline_spans(text):
        part = typst_escape(part)
        if "b" in style:
            part = f"#strong[{part}]"
        if "i" in style:
            part = f"#emph[{part}]"
        out.append(part)
    return "".join(out)


def typst_source(blocks, lang, picture: str | None) -> str:
    running = next((b.text for b in blocks if b.kind == "title"), "")
    src = [
        f'#set document(title: "{typst_escape(running)}", author: "pnp benchmark", date: none)',
        '#set page(width: 148mm, height: 210mm, margin: 15mm,',
        f'  header: context {{ if here().page() > 1 {{ text(font: "Source Sans Pro", size: 8pt)[{typst_escape(running)}] }} }},',
        '  footer: context { align(center, text(font: "Source Sans Pro", size: 8pt, counter(page).display())) })',
        f'#set text(font: "Source Serif Pro", size: {BODY_SIZE}pt, lang: "{lang}", hyphenate: true)',
        f'#set par(justify: true, leading: {LEADING - BODY_SIZE * 0.7:.2f}pt, spacing: {LEADING - BODY_SIZE * 0.7 + 4:.2f}pt)',
        '#show heading: set text(font: "Source Sans Pro", weight: "semibold", size: 13pt)',
        '#show heading: set block(above: 10pt, below: 5pt)',
        '#show outline.entry: set text(font: "Source Serif Pro", weight: "regular", size: 10pt)',
    ]
    for b in blocks:
        if b.kind == "title":
            src.append(f'#text(font: "Source Sans Pro", weight: "bold", size: 22pt)[{typst_markup(b.text)}]\n')
            src.append(f'#outline(title: [{TITLES[lang]}], depth: 2)\n')
        elif b.kind == "h2":
            src.append(f"== {typst_markup(b.text)}\n")
        elif b.kind == "p":
            src.append(typst_markup(b.text) + "\n")
        elif b.kind == "math":
            src.append(f"#align(center, emph[{typst_markup(b.text)}])\n")
        elif b.kind == "ol":
            src.append("\n".join(f"+ {typst_markup(t)}" for t in b.items) + "\n")
        elif b.kind == "table":
            cells = ", ".join(f"[{typst_markup(c)}]" for row in b.items for c in (row + [""])[:2])
            src.append("#table(columns: (120pt, 80pt), stroke: none, inset: (x: 0pt, y: 2pt),\n"
                       "  table.hline(y: 1, stroke: 0.8pt), " + cells + ", table.hline(stroke: 0.4pt))\n")
        elif b.kind == "example":
            src.append(f'#block(breakable: false, width: 100%, inset: 6pt, stroke: 0.6pt + rgb("#7a1f1f"), '
                       f'fill: rgb("#f7f1e3"))[{typst_markup(b.text)}]\n')
        elif b.kind == "picture" and picture:
            src.append(f'#align(center, image("{picture}", width: {CARD_W:.2f}pt))\n')
    return "\n".join(src)


def build_typst(blocks, lang, faces, work: Path, picture=None) -> bytes:
    import typst

    svg = card_svg(faces)
    pic = None
    if svg is not None:
        (work / "card.svg").write_text(svg, encoding="utf-8")
        pic = "card.svg"
    (work / "rules.typ").write_text(typst_source(blocks, lang, pic), encoding="utf-8")
    return typst.compile(str(work / "rules.typ"), root=str(work), font_paths=[str(faces["Serif"].parent)],
                         ignore_system_fonts=True, timestamp=0)


def error_typst(faces, work: Path) -> str:
    import typst

    (work / "bad.typ").write_text("= Rules\n\nSome text.\n\n#set text(lang: 12)\nMore text.\n", encoding="utf-8")
    try:
        typst.compile(str(work / "bad.typ"), root=str(work), font_paths=[str(faces["Serif"].parent)],
                      ignore_system_fonts=True)
    except Exception as e:  # noqa: BLE001
        text = getattr(e, "diagnostic", "") or str(e)
        return f"{type(e).__name__}: " + " | ".join(x.strip() for x in text.splitlines()[:5] if x.strip())[:240]
    return "no error"


# ---------------------------------------------------------------------------- weasyprint


def html_markup(text: str) -> str:
    out = []
    for part, style in inline_spans(text):
        part = html.escape(part, quote=False)
        if "b" in style:
            part = f"<b>{part}</b>"
        if "i" in style:
            part = f"<i>{part}</i>"
        out.append(part)
    return "".join(out)


def html_source(blocks, lang, faces, picture: str | None) -> str:
    running = next((b.text for b in blocks if b.kind == "title"), "")
    fonts = "\n".join(
        f'@font-face {{ font-family: "{fam}"; src: url("{faces[key].as_uri()}"); font-weight: {w}; font-style: {s}; }}'
        for key, fam, w, s in [("Serif", "S Serif", 400, "normal"), ("Serif-Italic", "S Serif", 400, "italic"),
                               ("Serif-Bold", "S Serif", 700, "normal"), ("Serif-BoldItalic", "S Serif", 700, "italic"),
                               ("Sans", "S Sans", 400, "normal"), ("Sans-Semibold", "S Sans", 600, "normal"),
                               ("Sans-Bold", "S Sans", 700, "normal")])
    css = fonts + f"""
@page {{ size: A5; margin: 15mm;
  @bottom-center {{ content: counter(page); font: 8pt "S Sans"; }} }}
@page {{ @top-left {{ content: "{running}"; font: 8pt "S Sans"; }} }}
@page :first {{ @top-left {{ content: none; }} }}
body {{ font: {BODY_SIZE}pt/{LEADING}pt "S Serif"; text-align: justify; hyphens: auto; orphans: 2; widows: 2; }}
p {{ margin: 0 0 4pt 0; }}
h1 {{ font: 700 22pt/26pt "S Sans"; margin: 0 0 10pt 0; }}
h2 {{ font: 600 13pt/16pt "S Sans"; margin: 8pt 0 3pt 0; break-after: avoid; }}
ol {{ margin: 0 0 4pt 0; padding-left: 18pt; }}
table {{ border-collapse: collapse; margin: 0 0 6pt 0; text-align: left; }}
td, th {{ padding: 1pt 0; text-align: left; }} td:first-child, th:first-child {{ width: 120pt; }}
thead th {{ border-bottom: 0.8pt solid black; font-weight: normal; }} tbody tr:last-child td {{ border-bottom: 0.4pt solid black; }}
.example {{ border: 0.6pt solid #7a1f1f; background: #f7f1e3; padding: 4pt 6pt; margin: 0 0 6pt 0; break-inside: avoid; }}
.math {{ text-align: center; font-style: italic; }}
.card {{ display: block; margin: 0 auto 6pt auto; width: {CARD_W:.2f}pt; }}
nav ol {{ list-style: none; padding: 0; }} nav a {{ color: black; text-decoration: none; }}
nav a::after {{ content: leader('.') target-counter(attr(href), page); }}
"""
    body, toc, n = [], [], 0
    for b in blocks:
        if b.kind == "title":
            body.append(f"<h1>{html_markup(b.text)}</h1><nav><h2>{TITLES[lang]}</h2><ol>@TOC@</ol></nav>")
        elif b.kind == "h2":
            n += 1
            body.append(f'<h2 id="h{n}">{html_markup(b.text)}</h2>')
            toc.append(f'<li><a href="#h{n}">{html_markup(b.text)}</a></li>')
        elif b.kind == "p":
            body.append(f"<p>{html_markup(b.text)}</p>")
        elif b.kind == "math":
            body.append(f'<p class="math">{html_markup(b.text)}</p>')
        elif b.kind == "ol":
            body.append("<ol>" + "".join(f"<li>{html_markup(t)}</li>" for t in b.items) + "</ol>")
        elif b.kind == "table":
            head, *rows = b.items
            body.append("<table><thead><tr>" + "".join(f"<th>{html_markup(c)}</th>" for c in head) + "</tr></thead><tbody>"
                        + "".join("<tr>" + "".join(f"<td>{html_markup(c)}</td>" for c in r) + "</tr>" for r in rows)
                        + "</tbody></table>")
        elif b.kind == "example":
            body.append(f'<div class="example"><p>{html_markup(b.text)}</p></div>')
        elif b.kind == "picture" and picture:
            body.append(f'<img class="card" src="{picture}" alt="">')
    doc = "".join(body).replace("@TOC@", "".join(toc))
    return (f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8"><title>{html.escape(running)}</title>'
            f'<meta name="author" content="pnp benchmark"><style>{css}</style></head><body>{doc}</body></html>')


def build_weasyprint(blocks, lang, faces, work: Path) -> bytes:
    import weasyprint

    svg = card_svg(faces)
    pic = None
    if svg is not None:
        (work / "card.svg").write_text(svg, encoding="utf-8")
        pic = (work / "card.svg").as_uri()
    return weasyprint.HTML(string=html_source(blocks, lang, faces, pic), base_url=str(work)).write_pdf()


def error_weasyprint() -> str:
    import logging

    import weasyprint

    records = []
    handler = logging.Handler()
    handler.emit = lambda r: records.append(r.getMessage())
    logger = logging.getLogger("weasyprint")
    logger.addHandler(handler)
    try:
        weasyprint.HTML(string="<style>\np { colour: red }\n</style><p>One <b>bold</i> word").write_pdf()
    finally:
        logger.removeHandler(handler)
    return " | ".join(records)[:200] or "no message"


# ---------------------------------------------------------------------------- measuring


ENGINES = {"reportlab": ("reportlab", "from reportlab.platypus import Paragraph; from reportlab.pdfbase.ttfonts import TTFont; import pyphen"),
           "typst": ("typst", "import typst"),
           "weasyprint": ("weasyprint", "import weasyprint")}


def import_time(stmt: str) -> float:
    times = []
    for _ in range(3):
        out = subprocess.run([sys.executable, "-c", f"import time; t = time.perf_counter(); {stmt}; "
                              "print(time.perf_counter() - t)"], capture_output=True, text=True, check=True)
        times.append(float(out.stdout))
    return statistics.median(times)


def fonts_of(pdf: bytes) -> list[str]:
    """Each font the PDF uses: its base name, and whether it is embedded and subset."""
    from pypdf import PdfReader

    found = {}
    for page in PdfReader(io.BytesIO(pdf)).pages:
        resources = page.get("/Resources") or {}
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            descendants = font.get("/DescendantFonts")
            desc = (descendants[0].get_object() if descendants else font).get("/FontDescriptor")
            desc = desc.get_object() if desc is not None else {}
            embedded = any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            name = str(font.get("/BaseFont"))
            found[name] = ("subset" if re.match(r"/[A-Z]{6}\+", name) else "full") if embedded else "not embedded"
    return [f"{n.lstrip('/')}: {v}" for n, v in sorted(found.items())]


def space_width(face: Path) -> float:
    from fontTools.ttLib import TTFont

    f = TTFont(str(face))
    return f["hmtx"][f.getBestCmap()[32]][0] / f["head"].unitsPerEm


def lines_of(pdf: bytes):
    """Each text line of each page as a list of (char, left, right), from pdfium's loose
    (advance-wide) character boxes. Lines are cut where the baseline moves, not where pdfium's
    text says, since pdfium joins a hyphenated line to the next one (marking the hyphen
    U+FFFE)."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    doc = pdfium.PdfDocument(pdf)
    for p in range(len(doc)):
        tp = doc[p].get_textpage()
        line, base = [], None
        box = raw.FS_RECTF()
        for i in range(tp.count_chars()):
            ch = tp.get_text_range(i, 1)
            if ch in ("\r", "\n") or raw.FPDFText_IsGenerated(tp.raw, i) == 1:
                continue
            raw.FPDFText_GetLooseCharBox(tp.raw, i, box)
            middle = (box.top + box.bottom) / 2
            if base is not None and abs(middle - base) > 3 and line:
                yield p, line
                line = []
            base = middle
            line.append((ch, box.left, box.right))
        if line:
            yield p, line


HYPHENS = "-\x02\xad\u2010\ufffe"


def quality(pdf: bytes, source_text: str, space: float, headings: set[str] = frozenset()) -> dict:
    """Hyphenated line ends, and the stretch of word spaces in full-measure lines (justified
    body text: not short last lines, list items, boxes, tables or the contents)."""
    words = set(re.findall(r"\w+(?:-\w+)+", source_text))
    stretch, texts, lines = [], [], list(lines_of(pdf))
    # the text block's edges: where most lines start, and where most lines end (justified)
    edges = [(round(g[0][1]), round(g[-1][2])) for _, chars in lines
             if (g := [c for c in chars if not c[0].isspace()])]
    left_edge = statistics.mode(e[0] for e in edges)
    right_edge = statistics.mode(e[1] for e in edges)
    for page, chars in lines:
        glyphs = [c for c in chars if not c[0].isspace()]
        text = "".join(c[0] for c in chars).rstrip()
        texts.append(text)
        if not glyphs or abs(glyphs[0][1] - left_edge) > 1.5 or abs(glyphs[-1][2] - right_edge) > 1.5 \
                or re.search(r"\.\s*\.\s*\.", text):
            continue
        gaps = [(b[1] - a[2]) / (space * BODY_SIZE) for a, b in zip(glyphs, glyphs[1:])
                if b[1] - a[2] > 0.1 * BODY_SIZE]
        if gaps:
            stretch.append(statistics.mean(gaps))
    # a line end "frag-" whose word, joined with the next line's first word, is not a
    # hyphenated word of the source, is a hyphenation break
    # a heading as the last line of a page (before its number): not kept with what follows
    stranded = 0
    for p in {page for page, _ in lines}:
        body = ["".join(c[0] for c in chars).strip() for page, chars in lines if page == p]
        body = [t for t in body if t and not t.isdigit()]
        if body and " ".join(body[-1].split()) in headings:
            stranded += 1
    breaks = ends = 0
    for a, b in zip(texts, texts[1:]):
        if a and a[-1] in HYPHENS:
            ends += 1
            first = re.match(r"\w+", b)
            last = re.search(r"(\w+)[" + HYPHENS + "]$", a)
            if first and last and f"{last.group(1)}-{first.group(0)}" not in words:
                breaks += 1
    return {"stranded_headings": stranded, "hyphenated_line_ends": breaks, "line_ends_with_a_hyphen": ends, "full_lines": len(stretch),
            "stretch_over_1_5": sum(s > 1.5 for s in stretch), "stretch_over_2": sum(s > 2 for s in stretch),
            "widest_stretch": round(max(stretch), 2) if stretch else None,
            "median_stretch": round(statistics.median(stretch), 2) if stretch else None}


def render(pdf: bytes, folder: Path, stem: str) -> int:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    for i in range(len(doc)):
        doc[i].render(scale=80 / 72).to_pil().save(folder / f"{stem}-{i + 1:02d}.png")
    return len(doc)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("rules", nargs="+", type=Path)
    ap.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "pnp-typesetting")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--engines", default=",".join(ENGINES))
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="pnp-typesetting-"))
    faces = font_files(work / "fonts")
    space = space_width(faces["Serif"])
    results = {}
    for engine in args.engines.split(","):
        module, stmt = ENGINES[engine]
        if importlib.util.find_spec(module) is None or (engine == "reportlab" and importlib.util.find_spec("pyphen") is None):
            print(f"{engine}: not installed, skipped")
            continue
        from importlib.metadata import version

        res = results[engine] = {"version": version(module), "import_s": round(import_time(stmt), 3), "books": {}}
        build = {"reportlab": build_reportlab, "typst": build_typst, "weasyprint": build_weasyprint}[engine]
        for rules in args.rules:
            lang = rules.name.split(".")[-2] if rules.name.count(".") >= 2 else "en"
            blocks = read_rulebook(rules)
            folder = work / f"{engine}-{lang}"
            folder.mkdir(exist_ok=True)
            t = time.perf_counter()
            first = build(blocks, lang, faces, folder)  # the first in this process
            first_s = time.perf_counter() - t
            times = []
            for _ in range(args.runs):
                t = time.perf_counter()
                pdf = build(blocks, lang, faces, folder)
                times.append(time.perf_counter() - t)
            book = {"lang": lang, "first_s": round(first_s, 3), "median_s": round(statistics.median(times), 3),
                    "min_s": round(min(times), 3), "identical_bytes": first == pdf,
                    "sha256": hashlib.sha256(pdf).hexdigest()[:16], "bytes": len(pdf),
                    "pages": render(pdf, args.out, f"{engine}-{lang}"), "fonts": fonts_of(pdf)}
            headings = {"".join(t for t, _ in inline_spans(b.text)) for b in blocks if b.kind == "h2"}
            book.update(quality(pdf, rules.read_text(encoding="utf-8"), space, headings))
            (args.out / f"{engine}-{lang}.pdf").write_bytes(pdf)
            res["books"][rules.name] = book
        if engine == "reportlab":
            blocks = read_rulebook(args.rules[0])
            a = build_reportlab(blocks, "en", faces, work, invariant=False)
            time.sleep(1.1)
            b = build_reportlab(blocks, "en", faces, work, invariant=False)
            res["identical_without_invariant"] = a == b
            res["error"] = error_reportlab()
        elif engine == "typst":
            res["error"] = error_typst(faces, work)
        else:
            res["error"] = error_weasyprint()
        print(json.dumps({engine: res}, indent=1, ensure_ascii=False), flush=True)
    (args.out / "results.json").write_text(json.dumps(results, indent=1, ensure_ascii=False), encoding="utf-8")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
