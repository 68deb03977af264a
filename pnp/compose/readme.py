"""The read-me-first composed: pnp.kit.readme's document set in the game's fonts on the pages of
one paper, as scene pages for any backend.

Each page of the document is a page of A4 or US Letter in two columns (on A3, two such pages
side by side on one landscape sheet); its text flows from column to column, and the columns
of its last page share it out evenly. Each page's text is set at the largest size, from 10 pt
down to 7 pt, at which it fits its columns (below that, it runs on to one more page).
Paragraphs break at spaces (a no-break space holds, and so does one before French
punctuation), and a file name too long for its column breaks after a hyphen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Mapping, Sequence

from ..impose import PAPERS, Paper, sheet_label
from ..kit.readme import NBSP, Document, FileRef, Paragraph, Run, Section, Strong, Table, document, remembered, word
from ..scene import Node, Page, Rect, Style, Text
from ..layout.textfit import fit_size
from ..units import mm

if TYPE_CHECKING:
    from ..layout.fonts import FontMetrics
    from ..kit.pieces import Kit
    from ..kit.readme import PrintSettings

MARGIN = mm(15)  # left and right
TOP = mm(12)
BOTTOM = mm(14)  # the footer sits in it, 5 mm clear of the edge
GUTTER = mm(7)
SIZES = [10.0 - 0.25 * i for i in range(13)]  # body sizes tried, largest first: 10 pt to 7 pt
LEADING = 1.3
INK = "#1d1a16"
GREY = "#5c564d"
HAIRLINE = "#bdb5a8"


def tint(colour: str, amount: float) -> str:
    """`colour` moved `amount` of the way to white."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{round(c + (255 - c) * amount):02x}" for c in (r, g, b))


@dataclass(frozen=True)
class Fonts:
    body: "FontMetrics"
    heading: "FontMetrics"
    note: "FontMetrics"

    @classmethod
    def of(cls, fonts: Mapping[str, "FontMetrics"]) -> "Fonts":
        body = fonts.get("body") or next(iter(fonts.values()))
        return cls(body, fonts.get("heading") or body, fonts.get("note") or body)


# --- lines of styled words ------------------------------------------------------------------

@dataclass(frozen=True)
class Ink:
    """How a run is set: its font and colour."""

    font: "FontMetrics"
    colour: str


Fragment = tuple[str, Ink]
Word = tuple[Fragment, ...]


def _ink(run: Run, fonts: Fonts, accent: str) -> Ink:
    if isinstance(run, Strong):
        return Ink(fonts.heading, INK)
    if isinstance(run, FileRef):
        return Ink(fonts.body, accent)
    return Ink(fonts.body, INK)


GLUED_BEFORE = tuple(":;!?»")  # never starts a line, even after a space (as in Unicode's line breaking)
GLUED_AFTER = "«"  # never ends one


def words(runs: Sequence[Run], fonts: Fonts, accent: str, ink: Ink | None = None) -> list[Word]:
    """The runs as words (broken at spaces; a no-break space holds, and so does a space
    before French punctuation or after an opening guillemet), each a few fragments of one
    ink each."""
    found: list[list[Fragment]] = [[]]
    for run in runs:
        style = ink or _ink(run, fonts, accent)
        source = run if isinstance(run, str) else run.name if isinstance(run, FileRef) else run.text
        for i, part in enumerate(source.split(" ")):
            if i:
                last = found[-1] if found[-1] else (found[-2] if len(found) > 1 else [])
                if last and (part.startswith(GLUED_BEFORE) or last[-1][0].endswith(GLUED_AFTER)):
                    if not found[-1]:
                        found.pop()
                    found[-1].append((" ", style))  # a space that does not break
                else:
                    found.append([])
            if part:
                found[-1].append((part.replace(NBSP, " "), style))
    return [tuple(w) for w in found if w]


def _width(word: Word, size: float) -> float:
    return sum(ink.font.width(text, size) for text, ink in word)


def _split(word: Word, room: float, size: float) -> tuple[Word, Word] | None:
    """A word too wide for its line, broken after the last hyphen of its first fragment that
    leaves the first part within `room`."""
    text, ink = word[0]
    for at in range(len(text) - 1, 0, -1):
        if text[at - 1] == "-" and ink.font.width(text[:at], size) <= room + 1e-6:
            return ((text[:at], ink),), ((text[at:], ink), *word[1:])
    return None


def break_lines(items: list[Word], width: float, size: float, space: float) -> list[list[Word]]:
    """Greedy line breaking: as many words as fit each line."""
    lines: list[list[Word]] = []
    line: list[Word] = []
    used = 0.0
    queue = list(items)
    while queue:
        word = queue.pop(0)
        w = _width(word, size)
        extra = w + (space if line else 0.0)
        if used + extra <= width + 1e-6:
            line.append(word)
            used += extra
            continue
        if line:  # to the next line
            lines.append(line)
            line, used = [], 0.0
            queue.insert(0, word)
            continue
        parts = _split(word, width, size)  # alone and too wide: broken after a hyphen, if it has one
        if parts is not None:
            lines.append([parts[0]])
            queue.insert(0, parts[1])
            continue
        line, used = [word], w  # too wide, and nowhere to break it
    if line:
        lines.append(line)
    return lines


def line_nodes(line: list[Word], x: float, baseline: float, size: float) -> list[Node]:
    """A line's words as text nodes, one per stretch of one ink."""
    segments: list[list] = []
    for i, one in enumerate(line):
        for j, (text, ink) in enumerate(one):
            gap = " " if i and j == 0 else ""
            if segments and segments[-1][1] == ink:
                segments[-1][0] += gap + text
            else:
                if gap and segments:
                    segments[-1][0] += gap
                segments.append([text, ink])
    nodes: list[Node] = []
    for text, ink in segments:
        if text.strip():
            nodes.append(Text(x, baseline, text.rstrip(" "), ink.font.name, size, ink.colour))
        x += ink.font.width(text, size)
    return nodes


# --- blocks as slabs: pieces of a column, each placed whole --------------------------------------

Draw = Callable[[float, float], list[Node]]  # (x, top) -> nodes


@dataclass
class Slab:
    height: float
    draw: Draw
    before: float = 0.0  # space above it, left out at the top of a column
    keep: bool = False  # stays in the column of the slab after it


@dataclass(frozen=True)
class Setting:
    size: float
    width: float
    fonts: Fonts
    accent: str

    @property
    def leading(self) -> float:
        return self.size * LEADING


def paragraph_slabs(p: Paragraph, st: Setting, before: float) -> list[Slab]:
    size, fonts = st.size, st.fonts
    indent = 0.0
    if p.marker:
        numbered = p.marker[:1].isdigit()
        mark_font = fonts.heading if numbered else fonts.body
        indent = (fonts.heading.width("00.", size) if numbered else fonts.body.width("•", size)) + size * 0.55
    lines = break_lines(words(p.runs, fonts, st.accent), st.width - indent, size, fonts.body.width(" ", size))
    slabs = []
    for i, line in enumerate(lines):
        def draw(x: float, top: float, line=line, first=(i == 0)) -> list[Node]:
            baseline = top + size
            nodes = []
            if first and p.marker:
                nodes.append(Text(x, baseline, p.marker, mark_font.name, size, st.accent))
            return nodes + line_nodes(line, x + indent, baseline, size)
        # keep a paragraph's first two lines together, and its last two
        keep = (i == 0 and len(lines) > 1) or (i == len(lines) - 2 and i > 0)
        slabs.append(Slab(st.leading, draw, before if i == 0 else 0.0, keep))
    return slabs


def heading_slab(title: str, st: Setting, before: float) -> Slab:
    size = st.size * 1.3
    font = st.fonts.heading
    shown = fit_size(font, title, st.width, size, st.size) or st.size
    height = shown * 1.05 + st.size * 0.55

    def draw(x: float, top: float) -> list[Node]:
        baseline = top + shown
        return [Text(x, baseline, title, font.name, shown, st.accent),
                Rect(x, baseline + shown * 0.3, st.width, 0.5, Style(fill=tint(st.accent, 0.55)))]
    return Slab(height, draw, before, keep=True)


def table_slabs(table: Table, st: Setting) -> list[Slab]:
    size = st.size * 0.9
    leading = size * 1.25
    pad = size * 0.35
    fonts = st.fonts
    space = fonts.body.width(" ", size)
    gap = size * 0.8
    widths = [0.0] * len(table.header)
    for i, head in enumerate(table.header):
        widths[i] = fonts.heading.width(head, size)
    for row in table.rows:
        for i, cell in enumerate(row[:-1]):
            widths[i] = max(widths[i], sum(_width(w, size) + space for w in words(cell, fonts, st.accent)) - space)
    fixed = st.width - gap * (len(widths) - 1)
    widths[0] = min(widths[0], fixed * 0.5)
    widths[-1] = fixed - sum(widths[:-1])
    xs = [0.0]
    for w in widths[:-1]:
        xs.append(xs[-1] + w + gap)

    def cells(row: Sequence, ink: Ink | None) -> tuple[list[list[list[Word]]], float]:
        laid = [break_lines(words(cell, fonts, st.accent, ink), widths[i], size, space) for i, cell in enumerate(row)]
        return laid, max(len(lines) for lines in laid) * leading + 2 * pad

    def row_nodes(laid: list[list[list[Word]]], x: float, top: float) -> list[Node]:
        nodes: list[Node] = []
        for i, lines in enumerate(laid):
            for j, line in enumerate(lines):
                baseline = top + pad + size * 0.95 + j * leading
                if table.align[i] == "right":
                    width = sum(_width(w, size) for w in line) + space * (len(line) - 1)
                    nodes += line_nodes(line, x + xs[i] + widths[i] - width, baseline, size)
                else:
                    nodes += line_nodes(line, x + xs[i], baseline, size)
        return nodes

    head_laid, head_height = cells([(h,) for h in table.header], Ink(fonts.heading, INK))

    def draw_head(x: float, top: float) -> list[Node]:
        return [Rect(x, top, st.width, 0.8, Style(fill=INK)), *row_nodes(head_laid, x, top + 0.8),
                Rect(x, top + 0.8 + head_height, st.width, 0.4, Style(fill=INK))]
    slabs = [Slab(head_height + 1.2, draw_head, st.size * 0.5, keep=True)]
    for n, row in enumerate(table.rows):
        laid, height = cells(row, None)
        last = n == len(table.rows) - 1

        def draw_row(x: float, top: float, laid=laid, height=height, first=(n == 0), last=last) -> list[Node]:
            nodes = [] if first else [Rect(x, top, st.width, 0.3, Style(fill=HAIRLINE))]
            nodes += row_nodes(laid, x, top)
            if last:
                nodes.append(Rect(x, top + height, st.width, 0.8, Style(fill=INK)))
            return nodes
        slabs.append(Slab(height + (0.8 if last else 0.0), draw_row, keep=not last))  # whole, where it fits
    return slabs


def section_slabs(sections: Sequence[Section], st: Setting) -> list[Slab]:
    slabs: list[Slab] = []
    gap = st.size * 0.45
    for section in sections:
        if section.title:
            slabs.append(heading_slab(section.title, st, st.size * 1.2))
        for block in section.blocks:
            if isinstance(block, Table):
                slabs += table_slabs(block, st)
            else:
                slabs += paragraph_slabs(block, st, gap)
    return slabs


# --- pages --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Frame:
    x: float
    y: float
    width: float
    height: float


def flow(slabs: list[Slab], frames: Sequence[Frame]) -> tuple[list[tuple[Slab, float, float, int]], int]:
    """Place the slabs down the frames in turn: (slab, x, top, frame) each, and how many
    slabs did not fit."""
    placed: list[tuple[Slab, float, float, int]] = []
    i = 0
    for f, frame in enumerate(frames):
        y = frame.y
        bottom = frame.y + frame.height
        while i < len(slabs):
            slab = slabs[i]
            before = slab.before if y > frame.y else 0.0
            # the slabs that must stay with this one
            chain, j = before + slab.height, i
            while slabs[j].keep and j + 1 < len(slabs):
                j += 1
                chain += slabs[j].before + slabs[j].height
            if y + chain > bottom + 1e-6 and y > frame.y and chain <= frame.height:
                break  # to the next frame, all together
            if y + before + slab.height > bottom + 1e-6 and y > frame.y:
                break
            placed.append((slab, frame.x, y + before, f))
            y += before + slab.height
            i += 1
    return placed, len(slabs) - i


def balanced(slabs: list[Slab], frames: list[Frame], columns: int,
             placed: list[tuple[Slab, float, float, int]]) -> list[tuple[Slab, float, float, int]]:
    """The slabs placed again with the last page's columns as short as they can be, so that
    its text is shared out between them rather than filling the first and leaving the rest."""
    from dataclasses import replace

    lo, hi = 0.0, frames[-1].height
    for _ in range(16):
        middle = (lo + hi) / 2
        trial, left = flow(slabs, frames[:-columns] + [replace(f, height=middle) for f in frames[-columns:]])
        if left:
            lo = middle
        else:
            hi, placed = middle, trial
    return placed


@dataclass(frozen=True)
class Sheet:
    """A page of the document: where it lies on a printed page, and its own size."""

    x: float
    width: float
    height: float
    columns: int


def _columns(sheet: Sheet, top: float) -> list[Frame]:
    width = (sheet.width - 2 * MARGIN - GUTTER * (sheet.columns - 1)) / sheet.columns
    return [Frame(sheet.x + MARGIN + c * (width + GUTTER), top, width, sheet.height - BOTTOM - top)
            for c in range(sheet.columns)]


def masthead(doc: Document, sheet: Sheet, fonts: Fonts) -> tuple[list[Node], float]:
    """The first page's head: what this is, the game's title and subtitle, its players."""
    x0, x1 = sheet.x + MARGIN, sheet.x + sheet.width - MARGIN
    width = x1 - x0
    y = TOP + 8.5
    nodes: list[Node] = [Text(x0, y, doc.kicker.upper(), fonts.body.name, 8.5, doc.accent)]
    if doc.players:
        nodes.append(Text(x1, y, doc.players, fonts.body.name, 8.5, GREY, "end"))
    size = fit_size(fonts.heading, doc.title, width, 28.0, 14.0) or 14.0
    y += 6 + size
    nodes.append(Text(x0, y, doc.title, fonts.heading.name, size, INK))
    if doc.subtitle:
        sub = fit_size(fonts.note, doc.subtitle, width, 12.0, 7.0) or 7.0
        y += sub * 1.5
        nodes.append(Text(x0, y, doc.subtitle, fonts.note.name, sub, GREY))
    y += 8
    nodes.append(Rect(x0, y, width, 1.6, Style(fill=doc.accent)))
    return nodes, y + 1.6 + 14


def running_head(doc: Document, sheet: Sheet, fonts: Fonts, title: str) -> tuple[list[Node], float]:
    """A later page's head: the game, and what the page holds."""
    x0, x1 = sheet.x + MARGIN, sheet.x + sheet.width - MARGIN
    width = x1 - x0
    y = TOP + 8.5
    nodes: list[Node] = [Text(x0, y, f"{doc.title} · {doc.kicker}".upper(), fonts.body.name, 8.5, doc.accent)]
    if title:
        size = fit_size(fonts.heading, title, width, 20.0, 10.0) or 10.0
        y += 6 + size
        nodes.append(Text(x0, y, title, fonts.heading.name, size, INK))
    y += 8
    nodes.append(Rect(x0, y, width, 1.2, Style(fill=doc.accent)))
    return nodes, y + 1.2 + 14


def sheets_of(paper: Paper, parts: int) -> list[list[Sheet]]:
    """Where the document's pages go on the printed pages: one to a page of A4 or Letter;
    on A3, two A4 pages side by side (a document of one page takes the whole sheet)."""
    if not paper.landscape:
        return [[Sheet(0.0, paper.width, paper.height, 2)] for _ in range(parts)]
    if parts == 1:
        return [[Sheet(0.0, paper.width, paper.height, 4)]]
    half = paper.width / 2
    pages = []
    for i in range(0, parts, 2):
        pages.append([Sheet(half * k, half, paper.height, 2) for k in range(min(2, parts - i))])
    return pages


def compose_document(doc: Document, fonts: Mapping[str, "FontMetrics"]) -> list[Page]:
    """The document's pages on its paper."""
    paper = PAPERS[doc.paper]
    faces = Fonts.of(fonts)
    groups = list(doc.pages)

    def layout(extra: dict[int, int]) -> tuple[list[tuple[int, list[Node]]] | None, list[int]]:
        """Each document page's nodes, each page's text at the largest size that fits it, with
        `extra` more pages for the parts that need them; or None, and the parts that overflow
        even at the smallest size."""
        count = sum(1 + extra.get(g, 0) for g in range(len(groups)))
        spots = [sheet for page in sheets_of(paper, count) for sheet in page]
        pages: list[tuple[int, list[Node]]] = []
        spot = 0
        overflowing = []
        for g, sections in enumerate(groups):
            heads, frames = [], []
            for k in range(1 + extra.get(g, 0)):
                sheet = spots[spot]
                if g == 0 and k == 0:
                    head, top = masthead(doc, sheet, faces)
                else:
                    title = word(doc.language, "rules") if g > 0 and k == 0 else ""  # the pages after the first
                    head, top = running_head(doc, sheet, faces, title)
                heads.append((spot, head))
                frames += _columns(sheet, top)
                spot += 1
            for size in SIZES:
                slabs = section_slabs(sections, Setting(size, frames[0].width, faces, doc.accent))
                placed, left = flow(slabs, frames)
                if not left:
                    break
            if left:
                overflowing.append(g)
                continue
            columns = len(frames) // len(heads)
            placed = balanced(slabs, frames, columns, placed)
            per_spot: dict[int, list[Node]] = {s: list(h) for s, h in heads}
            for slab, x, top, f in placed:
                per_spot[heads[f // columns][0]] += slab.draw(x, top)
            pages += sorted(per_spot.items())
        return (None, overflowing) if overflowing else (pages, [])

    extra: dict[int, int] = {}
    found, over = layout(extra)
    while found is None:  # even the smallest size overflows: more pages for those parts
        for g in over:
            extra[g] = extra.get(g, 0) + 1
        found, over = layout(extra)
    spots_per_page = [len(page) for page in sheets_of(paper, len(found))]
    result: list[Page] = []
    n = 0
    for number, per in enumerate(spots_per_page, start=1):
        nodes: list[Node] = []
        for _ in range(per):
            nodes += found[n][1]
            n += 1
        nodes += sheet_label(paper, doc.footer(number, len(spots_per_page)), faces.body)
        result.append(Page(paper.width, paper.height, tuple(nodes), (), f"{number:02d}"))
    return result


def read_me_first(kit: "Kit", paper: str, settings: "PrintSettings") -> list[Page]:
    """The read-me-first of `paper`: the document, composed until the number of pages it
    tells to print is the number it has."""
    def make() -> list[Page]:
        pages = _first_guess(kit, paper, settings)
        doc = read_me_first_source(kit, paper, settings)
        for _ in range(3):
            composed = compose_document(doc, kit.fonts)
            if len(composed) == pages:
                break
            pages = len(composed)
            doc = document(kit, paper, settings, pages)
        return composed
    return remembered(kit, ("read-me-first", paper, settings), make)


def _first_guess(kit: "Kit", paper: str, settings: "PrintSettings") -> int:
    """How many pages the read-me-first is first composed to have."""
    return 1 if PAPERS[paper].landscape else 1 + bool(document(kit, paper, settings).pages[1:])


def read_me_first_source(kit: "Kit", paper: str, settings: "PrintSettings") -> Document:
    """What the read-me-first of `paper` is composed from, with the kit's fonts: its document
    as first composed (the pages it then has, and so the documents composed after it, follow
    from it)."""
    return remembered(kit, ("read-me-first-source", paper, settings),
                      lambda: document(kit, paper, settings, _first_guess(kit, paper, settings)))


def read_me_first_length(kit: "Kit", paper: str, settings: "PrintSettings", known: int | None = None) -> int:
    """How many pages the read-me-first of `paper` has: `known` (by a build that kept its
    file, from when it was composed), or composed to count them."""
    return remembered(kit, ("read-me-first-length", paper, settings),
                      lambda: known if known is not None else len(read_me_first(kit, paper, settings)))
