"""How a rulebook's worked-out blocks become platypus's story: the styles (the game's fonts,
ragged right, no widow or orphan line, headings kept with the next block), the text's markup
(icons inline, French no-break spaces, hyphenation by language), and the flowables: headings
the contents and running heads find, the contents' page numbers (forms filled in once the pages
are known), pictures of the game's pieces in rows, boxes, lists and tables. pnp.render.rulebook
sets the story on its pages."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Sequence
from xml.sax.saxutils import escape

from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import (CondPageBreak, Flowable, Indenter, KeepTogether, PageBreak, Paragraph, Spacer, Table,
                                TableStyle)
from reportlab.platypus.flowables import FrameBG

from ..kit.rulebook import Block, IconRun, LineBreak, Run
from ..units import mm
from .pdf import form_name

if TYPE_CHECKING:
    from .rulebook import Look

ICON_SOURCE = "pnp-icon:"  # an inline icon's <img src>: pnp.render.rulebook draws it

MM = mm(1)
SHORT_TABLE = 16  # rows (with the header): a table this short moves whole to the next column ...
TALL = 0.4  # ... unless it is taller than this part of a column: it would leave as much empty behind it
NBSP, NNBSP = "\u00a0", "\u202f"
# pyphen's dictionaries by language. Its German one has two levels, compounds and prefixes first,
# then syllables after a NEXTLEVEL line, and pyphen reads them as one, breaking "Farbe" as
# "Fa-rbe" and "Staatsstreich" as "Staatss-treich": German takes the first level alone, whose
# breaks are right ("Staats-streich", "Ver-teidiger", "Kombina-tion"), if fewer.
HYPHENATION = {"en": "en_GB", "fr": "fr", "de": "de_DE"}
FIRST_LEVEL_ONLY = {"de_DE"}
_hyphenators: dict[str, object] = {}


class _FirstLevel:
    """A hyphenation dictionary's file up to its NEXTLEVEL line, as pyphen reads a file."""

    def __init__(self, path):
        self.path = path

    def open(self, mode: str):
        return self.path.open(mode)

    def read_text(self, encoding: str) -> str:
        return self.path.read_text(encoding).split("\nNEXTLEVEL", 1)[0]


def hyphenator(language: str):
    """Where platypus may break a word (pairs of its head and tail, the last break first), from
    pyphen's dictionary for the language; never next to another break (two breaks a letter
    apart are patterns at odds: "gege-n-einander"), nor within two letters of either end.
    platypus itself breaks at a writer's soft hyphens (`\\-`) and hyphens, in every language."""
    dictionary = HYPHENATION.get(language.split("-")[0])
    if dictionary is None:
        return None
    if dictionary not in _hyphenators:
        import pyphen

        if dictionary in FIRST_LEVEL_ONLY:
            patterns = pyphen.HyphDict(_FirstLevel(pyphen.LANGUAGES[dictionary]))
        else:
            patterns = pyphen.Pyphen(lang=dictionary).hd

        def pairs(word: str) -> list[tuple[str, str]]:
            found = set(patterns.positions(word))
            kept = sorted((p for p in found if p - 1 not in found and p + 1 not in found
                           and 2 <= p <= len(word) - 2), reverse=True)
            return [(word[:p], word[p:]) for p in kept]
        _hyphenators[dictionary] = pairs
    return _hyphenators[dictionary]

INK = "#1f1a17"
ACCENT = "#7a2e1b"
RULE = "#b9a98a"
EXAMPLE_FILL = "#f4efe4"
NOTE_FILL = "#e9eef2"
NOTE_RULE = "#8fa3b3"




class _Heading(Paragraph):
    """A heading: the contents list and the running heads find it by its key."""

    def __init__(self, text: str, style: ParagraphStyle, key: int, block: Block):
        super().__init__(text, style)
        self.key = key
        self.level = block.level
        self.plain = _plain(block.runs)
        self.block = block


class _Number(Flowable):
    """A contents entry's page number: a form drawn once the pages are known."""

    def __init__(self, name: str, size: float):
        super().__init__()
        self.name = name
        self.size = size

    def wrap(self, width, height):
        self.width = width
        return (width, self.size * 1.2)

    def draw(self):
        self.canv.saveState()
        self.canv.translate(self.width - 40, self.size * 0.25)
        self.canv.doForm(self.name)
        self.canv.restoreState()


class _Pieces(Flowable):
    """The game's pieces as the kit draws them, in rows scaled to fit the column (never
    enlarged), each stack's pieces centred on its first: in one row, or in as few more as keep
    them at MIN_SCALE of their size at least, the picture at most `max_height` a row and twice
    that in all."""

    GAP = 3 * MM
    MIN_SCALE = 0.3  # (a card's name and symbols still read)

    def __init__(self, stacks: list[list[object]], max_height: float):
        super().__init__()
        self.stacks = stacks
        self.max_height = max_height
        self.scale = 1.0
        self.rows: list[list[list[object]]] = [stacks]
        self._laid = False

    def _size(self, row: list) -> tuple[float, float]:
        return (sum(stack[0].width for stack in row) + self.GAP * (len(row) - 1),
                max(stack[0].height for stack in row))

    def _layout(self, width: float) -> tuple[float, list]:
        best = (0.0, [self.stacks])
        for count in range(1, len(self.stacks) + 1):
            per = -(-len(self.stacks) // count)
            rows = [self.stacks[i:i + per] for i in range(0, len(self.stacks), per)]
            sizes = [self._size(row) for row in rows]
            tall = sum(h for _, h in sizes) + self.GAP * (len(rows) - 1)
            scale = min([1.0, self.max_height * min(2, len(rows)) / tall]
                        + [width / w for w, _ in sizes] + [self.max_height / h for _, h in sizes])
            if scale >= self.MIN_SCALE:
                return scale, rows
            if scale > best[0] + 1e-9:
                best = (scale, rows)
        return best

    def wrap(self, width, height):
        if not self._laid:  # (its rows chosen once: measured again a little narrower, it only shrinks)
            self.scale, self.rows = self._layout(width)
            self._laid = True
        else:
            sizes = [self._size(row) for row in self.rows]
            tall = sum(h for _, h in sizes) + self.GAP * (len(self.rows) - 1)
            self.scale = min([1.0, self.max_height * min(2, len(self.rows)) / tall]
                             + [width / w for w, _ in sizes] + [self.max_height / h for _, h in sizes])
        self.avail = width
        tall = sum(self._size(row)[1] for row in self.rows) + self.GAP * (len(self.rows) - 1)
        return (width, tall * self.scale)

    def draw(self):
        canvas = self.canv
        s = self.scale
        top = sum(self._size(row)[1] for row in self.rows) + self.GAP * (len(self.rows) - 1)
        for row in self.rows:
            row_w, row_h = self._size(row)
            x = (self.avail - row_w * s) / 2
            for stack in row:
                base = stack[0]
                for definition in stack:
                    dx = (base.width - definition.width) / 2 * s
                    dy = (row_h - base.height) / 2 * s + (base.height - definition.height) / 2 * s
                    canvas.saveState()
                    canvas.translate(x + dx, top * s - dy)
                    canvas.scale(s, -s)
                    canvas.painter.define(definition)
                    canvas.doForm(form_name(definition.id))
                    canvas.restoreState()
                x += base.width * s + self.GAP * s
            top -= row_h + self.GAP


def _styles(names: dict[str, str], language: str, columns: int) -> dict[str, ParagraphStyle]:
    body_size = 10 if columns == 2 else 9.5
    lead = body_size * 1.3
    hyphen = hyphenator(language) or ""
    base = ParagraphStyle("body", fontName=names["body"], fontSize=body_size, leading=lead, textColor=HexColor(INK),
                          alignment=TA_LEFT, spaceAfter=lead * 0.45, allowWidows=0, allowOrphans=0,
                          bulletFontName=names["body"],
                          hyphenationLang=hyphen, embeddedHyphenation=1, uriWasteReduce=0.3)
    heading = names["heading"]
    return {
        "body": base,
        "title": ParagraphStyle("title", base, fontName=heading, fontSize=body_size * 2.6, leading=body_size * 3,
                                alignment=TA_LEFT, textColor=HexColor(ACCENT), spaceAfter=body_size * 0.6,
                                hyphenationLang=""),
        "subtitle": ParagraphStyle("subtitle", base, fontName=names.get("note", names["body"]), fontSize=body_size * 1.3,
                                   leading=body_size * 1.7, alignment=TA_LEFT, spaceAfter=body_size * 1.2,
                                   hyphenationLang=""),
        "h1": ParagraphStyle("h1", base, fontName=heading, fontSize=body_size * 1.75, leading=body_size * 2.1,
                             alignment=TA_LEFT, textColor=HexColor(ACCENT), spaceBefore=body_size * 1.2,
                             spaceAfter=body_size * 0.5, keepWithNext=1, hyphenationLang=""),
        "h2": ParagraphStyle("h2", base, fontName=heading, fontSize=body_size * 1.35, leading=body_size * 1.65,
                             alignment=TA_LEFT, textColor=HexColor(ACCENT), spaceBefore=body_size * 1.0,
                             spaceAfter=body_size * 0.35, keepWithNext=1, hyphenationLang=""),
        "h3": ParagraphStyle("h3", base, fontName=heading, fontSize=body_size * 1.1, leading=body_size * 1.4,
                             alignment=TA_LEFT, spaceBefore=body_size * 0.7, spaceAfter=body_size * 0.2,
                             keepWithNext=1, hyphenationLang=""),
        "item": ParagraphStyle("item", base, leftIndent=body_size * 1.4, bulletIndent=body_size * 0.2,
                               spaceAfter=lead * 0.2),
        "cell": ParagraphStyle("cell", base, fontSize=body_size * 0.92, leading=body_size * 1.18, alignment=TA_LEFT,
                               spaceAfter=0, hyphenationLang=""),  # (a column is as wide as its longest word)
        "head-cell": ParagraphStyle("head-cell", base, fontName=heading, fontSize=body_size * 0.92,
                                    leading=body_size * 1.18, alignment=TA_LEFT, spaceAfter=0, hyphenationLang=""),
        "box-title": ParagraphStyle("box-title", base, fontName=heading, fontSize=body_size * 1.05,
                                    leading=body_size * 1.35, alignment=TA_LEFT, textColor=HexColor(ACCENT),
                                    leftIndent=body_size * 0.8, rightIndent=body_size * 0.8, spaceBefore=body_size * 0.5,
                                    keepWithNext=1, hyphenationLang=""),
        "caption": ParagraphStyle("caption", base, fontName=names.get("note", names["body"]),
                                  fontSize=body_size * 0.85, leading=body_size * 1.1, alignment=TA_CENTER,
                                  spaceBefore=body_size * 0.25, hyphenationLang=""),
        "contents": ParagraphStyle("contents", base, alignment=TA_LEFT, spaceAfter=0, hyphenationLang=""),
    }


def _markup(runs: Sequence, size: float) -> str:
    """A text's runs as reportlab's paragraph markup."""
    out = []
    # platypus drops the space after a piece of text when the piece's last word holds a soft
    # hyphen (it reads the word as not followed by a space), so no piece of markup ends so: the
    # space is carried to the start of the next text, or set alone before an icon (a piece of its
    # own, which platypus reads as a space between words, as it would have been)
    carried = ""
    for run in runs:
        if isinstance(run, Run):
            # platypus breaks lines at a narrow no-break space (U+202F) as at any space, and keeps
            # words together only across U+00A0: French spacing is set with that, a word space wide
            plain = carried + run.text.replace(NNBSP, NBSP)
            carried = ""
            if "\u00ad" in plain and plain != plain.rstrip(" "):
                carried = plain[len(plain.rstrip(" ")):]
                plain = plain.rstrip(" ")
            text = escape(plain)
            if run.italic:
                text = f"<i>{text}</i>"
            if run.bold:
                text = f"<b>{text}</b>"
            out.append(text)
        elif isinstance(run, IconRun):
            if carried:
                out.append(f"<span>{escape(carried)}</span>")
            carried = ""
            out.append(f'<img src="{ICON_SOURCE}{run.name}" width="{size * 1.05:.2f}" height="{size * 1.05:.2f}" '
                       f'valign="{-size * 0.17:.2f}"/>')
        elif isinstance(run, LineBreak):
            carried = ""
            out.append("<br/>")
    return "".join(out) + escape(carried)


def _plain(runs: Sequence) -> str:
    return "".join(r.text for r in runs if isinstance(r, Run)).replace("\u00ad", "")  # (a soft hyphen unbroken)


@dataclass
class _Story:
    look: Look
    styles: dict
    column_width: float
    max_picture: float
    language: str = "en"
    column_height: float = float("inf")  # (how tall a column is: a short table taller than TALL of it may split)
    numbers: dict = field(default_factory=dict)
    keys: int = 0

    def blocks(self, blocks: Sequence[Block], boxed: bool = False) -> list:
        story: list = []
        for k, block in enumerate(blocks):
            found = self.block(block, boxed)
            following = blocks[k + 1] if k + 1 < len(blocks) else None
            if (block.kind == "paragraph" and following is not None
                    and following.kind in ("paragraph", "table", "list", "picture")
                    and _plain(block.runs).rstrip().endswith(":")):
                # (a paragraph that announces the block after it stays with it)
                found[-1].style = ParagraphStyle("k", found[-1].style, keepWithNext=1)
                found[-1].keepWithNext = 1
            if found and isinstance(found[0], KeepTogether) and story and _kept_with_next(story[-1]):
                # platypus keeps a flowable with the next only outside a KeepTogether: what must stay
                # with a picture or a table (a heading, the paragraph announcing it) goes into its own
                leading = []
                while story and _kept_with_next(story[-1]):
                    leading.insert(0, story.pop())
                found = [KeepTogether(leading + list(found[0]._content))] + found[1:]
            if found and isinstance(found[0], CondPageBreak) and story and isinstance(story[-1], _Heading):
                # a box's room is asked for before the heading over it, which would otherwise stay
                # behind at the foot of a column
                heading = story.pop()
                found = [CondPageBreak(found[0].height + heading.style.leading * 3), heading] + found[1:]
            story += found
        return story

    def block(self, block: Block, boxed: bool) -> list:
        s = self.styles
        indent = dict(leftIndent=s["body"].fontSize * 0.8, rightIndent=s["body"].fontSize * 0.8) if boxed else {}
        if block.kind == "heading":
            self.keys += 1
            style = s[f"h{block.level}"]
            return [_Heading(_markup(block.runs, style.fontSize), style, self.keys, block)]
        if block.kind == "paragraph":
            style = ParagraphStyle("b", s["body"], **indent) if boxed else s["body"]
            return [Paragraph(_markup(block.runs, style.fontSize), style)]
        if block.kind == "list":
            style = s["item"]
            if boxed:
                style = ParagraphStyle("i", style, leftIndent=style.leftIndent + indent["leftIndent"],
                                       bulletIndent=style.bulletIndent + indent["leftIndent"],
                                       rightIndent=indent["rightIndent"])
            if block.ordered:  # the text clear of the widest number, every line of an item in line
                from reportlab.pdfbase.pdfmetrics import stringWidth

                widest = max(stringWidth(f"{block.start + k}.", style.fontName, style.fontSize)
                             for k in range(len(block.items)))
                style = ParagraphStyle("o", style, leftIndent=max(style.leftIndent,
                                                                  style.bulletIndent + widest + style.fontSize * 0.45))
            last = ParagraphStyle("l", style, spaceAfter=s["body"].spaceAfter)  # (the gap to the next block)
            found = []
            for k, item in enumerate(block.items):
                bullet = f"{block.start + k}." if block.ordered else "•"
                found.append(Paragraph(_markup(item, style.fontSize), last if k == len(block.items) - 1 else style,
                                       bulletText=bullet))
            return found
        if block.kind == "table":
            return [self.table(block, boxed)]
        if block.kind == "picture":
            width = self.column_width - (2 * indent["leftIndent"] if boxed else 0)
            stacks = [[self.look.pictures[piece] for piece in stack] for stack in block.pieces]
            found: list = [_Pieces(stacks, self.max_picture)]
            if block.runs:
                found.append(Paragraph(_markup(block.runs, s["caption"].fontSize), s["caption"]))
            found.append(Spacer(1, s["body"].fontSize * 0.5))
            if boxed:  # (inside the box's edges, as its text is)
                return [Indenter(indent["leftIndent"], indent["rightIndent"]), KeepTogether(found),
                        Indenter(-indent["leftIndent"], -indent["rightIndent"])]
            return [KeepTogether(found)] if width > 0 else []
        if block.kind == "pagebreak":
            return [PageBreak()]
        if block.kind == "box":
            example = block.anchor == "example"
            fill, rule = (EXAMPLE_FILL, RULE) if example else (NOTE_FILL, NOTE_RULE)
            label = self.look.words["example" if example else "note"]
            title = _markup(block.runs, s["box-title"].fontSize)
            colon = "\u00a0: " if self.language.split("-")[0] == "fr" else ": "  # (French spacing, as the text's)
            heading = f"{escape(label)}{colon if title else ''}{title}" if example else (title or escape(label))
            inner = self.blocks(block.items, boxed=True)
            room = s["body"].leading * 6
            opening = [b for b in block.items if b.kind != "pagebreak"][:2]
            picture = next((b for b in opening if b.kind == "picture"), None)
            if picture is not None:  # the title is not left without the picture it opens on
                room = max(room, s["box-title"].leading * 2 + self.picture_height(picture)
                           + s["body"].leading * (4 if opening[0] is not picture else 1))
            # nor without what it opens on when that cannot be split (a short table, a picture)
            room = max(room, s["box-title"].leading * 2 + self.opening_height(inner))
            return [CondPageBreak(room), Spacer(1, s["body"].fontSize * 0.4),
                    FrameBG(color=HexColor(fill), strokeColor=HexColor(rule), strokeWidth=0.6),
                    Paragraph(heading, s["box-title"]), *inner,
                    FrameBG(start=False), Spacer(1, s["body"].fontSize * 0.7)]
        return []

    def opening_height(self, flowables: list) -> float:
        """How much of a box's first flowable must share the column with its title: all of one
        that is never split (a short table, pictures kept together), two lines of a paragraph."""
        width = self.column_width - 2 * self.styles["body"].fontSize * 0.8
        for flowable in flowables:
            if isinstance(flowable, (Indenter, Spacer, CondPageBreak)):
                continue
            if isinstance(flowable, KeepTogether):
                return sum(f.wrap(width, 1e6)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in flowable._content)
            return self.styles["body"].leading * 2 if isinstance(flowable, Paragraph) else 0.0
        return 0.0

    def picture_height(self, block: Block) -> float:
        """How tall a picture is set in the column (as _Pieces works it out)."""
        stacks = [[self.look.pictures[piece] for piece in stack] for stack in block.pieces]
        pieces = _Pieces(stacks, self.max_picture)
        return pieces.wrap(self.column_width - 2 * self.styles["body"].fontSize * 0.8, 0)[1]

    def table(self, block: Block, boxed: bool):
        s = self.styles
        rows = []
        for k, row in enumerate(block.items):
            style = s["head-cell"] if k == 0 else s["cell"]
            cells = []
            for j, cell in enumerate(row):
                align = block.aligns[j] if j < len(block.aligns) else "left"
                cell_style = ParagraphStyle("c", style, alignment={"left": TA_LEFT, "centre": TA_CENTER,
                                                                   "right": TA_RIGHT}[align])
                cell_style.wordsBreak = s["body"].hyphenationLang  # (how its words break, if they must)
                cells.append(Paragraph(_markup(cell, style.fontSize), cell_style))
            rows.append(cells)
        width = self.column_width - (s["body"].fontSize * 1.6 if boxed else 0)
        columns = len(rows[0]) if rows else 1
        widths = _column_widths(rows, width, columns)
        table = Table(rows, colWidths=widths, repeatRows=1, hAlign="CENTER")
        table.setStyle(TableStyle([
            ("FONT", (0, 0), (-1, -1), s["body"].fontName),
            ("LINEBELOW", (0, 0), (-1, 0), 0.8, HexColor(ACCENT)),
            ("LINEBELOW", (0, 1), (-1, -1), 0.3, HexColor(RULE)),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("TOPPADDING", (0, 0), (-1, -1), 2.5),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
            ("LEFTPADDING", (0, 0), (-1, -1), 3),
            ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ]))
        table.spaceAfter = s["body"].fontSize * 0.8
        table.spaceBefore = s["body"].fontSize * 0.3
        if len(rows) <= SHORT_TABLE and table.wrap(width, 1e6)[1] <= TALL * self.column_height:
            return KeepTogether([table])  # (a short table is not split, leaving a row or two behind)
        return table

    def contents(self, headings: list[tuple[int, Block]]) -> list:
        """The contents list: each # and ## heading with its page number (a form)."""
        s = self.styles
        rows = []
        size = s["contents"].fontSize
        for key, block in headings:
            name = f"RuleContents{key}"
            self.numbers[name] = key
            style = s["contents"] if block.level == 1 else ParagraphStyle("c2", s["contents"], leftIndent=size)
            text = _markup(block.runs, size)
            rows.append([Paragraph(f"<b>{text}</b>" if block.level == 1 else text, style), _Number(name, size)])
        if not rows:
            return []
        table = Table(rows, colWidths=[self.column_width - 14 * MM, 14 * MM], hAlign="LEFT")
        table.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), s["contents"].fontName),
                                   ("VALIGN", (0, 0), (-1, -1), "BOTTOM"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                                   ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("TOPPADDING", (0, 0), (-1, -1), 0.5),
                                   ("BOTTOMPADDING", (0, 0), (-1, -1), 0.5)]))
        return [Paragraph(f"<b>{escape(self.look.words['contents'])}</b>", s["h3"]), table,
                Spacer(1, size * 1.2)]


def _kept_with_next(flowable) -> bool:
    return isinstance(flowable, Paragraph) and bool(flowable.getKeepWithNext())


def _column_widths(rows: list, width: float, columns: int) -> list[float]:
    """Columns as wide as their longest word needs at least, the rest shared by their text's length."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    longest = [0.0] * columns
    lengths = [1.0] * columns
    for row in rows:
        for j, cell in enumerate(row[:columns]):
            text = re.sub(r"<[^>]+>", "", cell.text if hasattr(cell, "text") else "")
            style = cell.style
            # (its longest word, an inline icon and what it touches counted: platypus measures it)
            # (platypus keeps an inline icon on the line of the word it stands before)
            longest[j] = max(longest[j], cell.minWidth() + 8 + cell.text.count("<img") * style.fontSize * 1.4)
            lengths[j] = max(lengths[j], stringWidth(text, style.fontName, style.fontSize)
                             + cell.text.count("<img") * style.fontSize * 1.3)
    if sum(longest) > width:  # (too many columns for their words: each narrowed alike, its words broken)
        for row in rows:
            for cell in row:
                cell.style.hyphenationLang = cell.style.wordsBreak
        return [w * width / sum(longest) for w in longest]
    spare = width - sum(longest)
    total = sum(lengths)
    return [longest[j] + spare * lengths[j] / total for j in range(columns)]
