"""Pieces of several sizes and shapes on one sheet, in rows: each row holds pieces of one size
and one cut, side by side in the order they come, and a new row starts when the size or the
cut changes or the row is full; rows stack from the top of the sheet, a new sheet when the
next row does not fit. Tokens come in rows of their own, laid out as their type lays them
(pnp.impose.packed.token_rows: each item's tokens in a block, blocks side by side), each cut
on its own circle or square, with no crop marks beside them. So every cut between two rows is one straight line across the sheet
(a guillotine frees the rows first, then each row's pieces), a row of tiles touching its
neighbours shares its cut lines with them, and a row of cards or tokens keeps its gutter to
the next, as wide as the wider of the two rows asks.

Every edge of a rectangular piece has a cut line (rows in the middle of the sheet have no
margin for crop marks), each shared edge drawn once; a round piece's is its circle. The
margins hold the pieces' bleed with the crop marks outside it, and keep the sheet's label
clear of it (pnp.impose.paper.marked_margin: the label's line at the bottom, and at the top,
where a landscape sheet's back has it). Crop marks stand in the margins in line with each row's top and bottom edges (left and right) and
with the edges of the first row's and the last row's pieces (top and bottom). The backs
mirror every piece's place for a long-edge flip, with the same lines seen from behind; a
piece without a back leaves its place blank there."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from ..scene import Circle, Definition, Node, Page, Style, Use, translate
from ..units import mm
from .paper import LABEL_ROOM, MARK_LENGTH, MARK_OFFSET, MIN_MARGIN, ImpositionError, Paper, Segment, marked_margin
from .sheets import _crop_marks, behind, cut_paths, label_text, sheet_label, unique_definitions

if TYPE_CHECKING:
    from ..layout.fonts import FontMetrics


@dataclass(frozen=True)
class Cut:
    """How a set's pieces are cut out: along a circle or their rectangle, and how far apart
    they stand (0: touching, one cut frees two)."""

    round: bool = False
    gap: float = 0.0


@dataclass(frozen=True)
class Shelf:
    """A row of pieces of one size and cut: its top, the pieces' size, and each piece's left
    edge with its face and back (None: blank behind it). Or a row of tokens (`parts`, its
    pieces none): each token's left edge, its top below the row's, its face and back, and
    whether it is cut round."""

    y: float
    width: float
    height: float
    cut: Cut
    pieces: tuple[tuple[float, Definition, Definition | None], ...]
    parts: tuple[tuple[float, float, Definition, Definition | None, bool], ...] = ()

    @property
    def right(self) -> float:
        return self.pieces[-1][0] + self.width


@dataclass(frozen=True)
class Tokens:
    """Tokens laid out as pnp.impose.packed lays them (each key's tokens in a block of its own,
    blocks side by side), in rows of their own among the others: each token's key, face, back
    and whether it is cut round, and the gap between two."""

    tokens: tuple[tuple[str, Definition, Definition | None, bool], ...]
    gap: float


Item = tuple[Definition, "Definition | None", Cut]  # a piece to place: its face, back and cut


def placed(shelf: Shelf) -> list[tuple[float, float, Definition, Definition | None, bool]]:
    """Every piece of a row where it is: its top-left corner, face and back, and whether it
    is cut round."""
    if shelf.parts:
        return [(x, shelf.y + dy, face, back, round_) for x, dy, face, back, round_ in shelf.parts]
    return [(x, shelf.y, face, back, shelf.cut.round) for x, face, back in shelf.pieces]


def _turned(paper: Paper) -> Paper:
    return Paper(paper.name, paper.label, paper.height, paper.width)


def _pack(pieces: Sequence["Item | Tokens"], paper: Paper, margin: tuple[float, float]) -> list[list[Shelf]] | None:
    """The rows on each sheet of `paper` inside the margins (across, down); None when a piece
    does not fit. A new row goes below the last row of the first sheet with room for it (a
    short row after a tall one that started a sheet fills what an earlier sheet has left), a
    new sheet when none has. Tokens' rows need no crop marks beside them: they run from 5 mm
    and half their gap from the sides."""
    from .packed import token_rows

    left, top, right, bottom = margin[0], margin[1], paper.width - margin[0], paper.height - margin[1]
    pages: list[list[Shelf]] = [[]]
    row: list[tuple[float, Definition, Definition | None]] = []
    shape: tuple | None = None  # the open row's piece size and cut
    y = x = top
    on = 0  # the sheet the open row is on

    def close() -> None:
        if row:
            pages[on].append(Shelf(y, shape[0], shape[1], shape[2], tuple(row)))

    def below(height: float, gap: float) -> tuple[int, float]:
        """Which sheet a new row `height` tall goes on, and where: below the last row of the
        first sheet with room for it, its gutter or this one's apart, whichever is wider; a
        new sheet when none has."""
        for number, shelves in enumerate(pages):
            last = shelves[-1] if shelves else None
            at = top if last is None else last.y + last.height + max(last.cut.gap, gap)
            if at + height <= bottom + 1e-6:
                return number, at
        pages.append([])
        return len(pages) - 1, top

    for item in pieces:
        if isinstance(item, Tokens):
            close()
            row, shape = [], None
            side = MIN_MARGIN + item.gap / 2
            if any(t.width > paper.width - 2 * side + 1e-6 or t.height > bottom - top + 1e-6
                   for _, t, _, _ in item.tokens):
                return None
            cut = Cut(True, item.gap)
            for height, parts in token_rows([(key, t.width) for key, t, _, _ in item.tokens],
                                            paper.width - 2 * side, item.gap):
                number, at = below(height, item.gap)
                tokens = tuple((side + px, dy, item.tokens[i][1], item.tokens[i][2], item.tokens[i][3])
                               for px, dy, i in parts)
                pages[number].append(Shelf(at, max(p[0] + p[2].width for p in tokens) - side, height, cut, (), tokens))
            continue
        face, back, cut = item
        w, h = face.width, face.height
        if w > right - left + 1e-6 or h > bottom - top + 1e-6:
            return None
        if shape == (w, h, cut) and x + w <= right + 1e-6:
            row.append((x, face, back))
            x += w + cut.gap
            continue
        close()
        on, y = below(h, cut.gap)
        row, shape, x = [(left, face, back)], (w, h, cut), left + w + cut.gap
    close()
    return [page for page in pages if page]


def bleed_of(pieces: Sequence["Item | Tokens"]) -> float:
    """How far the pieces' colour runs past their trim: the most any face or back bleeds."""
    return max((d.bleed for item in pieces for d in (item[:2] if not isinstance(item, Tokens) else
                                                     [x for t in item.tokens for x in t[1:3]]) if d is not None),
               default=0.0)


def pack_shelves(pieces: Sequence["Item | Tokens"], paper: Paper) -> tuple[Paper, list[list[Shelf]]]:
    """The pieces (face, back, cut) in rows on sheets of `paper`, with room for crop marks
    round them (or, for a piece too large for that, inside 5 mm margins): on the paper as it
    is, or turned sideways when that takes fewer sheets. Returns the paper as used and each
    sheet's rows."""
    bleed = bleed_of(pieces)
    for margin in ((marked_margin(bleed), marked_margin(bleed, LABEL_ROOM)), (MIN_MARGIN, MIN_MARGIN)):
        found = [(p, pages) for p in (paper, _turned(paper)) if (pages := _pack(pieces, p, margin)) is not None]
        if found:
            return min(found, key=lambda f: len(f[1]))  # (the paper as it is on a tie)
    raise ImpositionError(f"pieces of these sizes do not fit {paper.label} with 5 mm margins")


# --- lines ----------------------------------------------------------------------------------

def _merged(segments: Sequence[Segment]) -> list[Segment]:
    """Horizontal and vertical lines, each stretch drawn once: lines on one line that touch or
    overlap become one (two rows of tiles touching share the line between them)."""
    found: dict[tuple, list[list[float]]] = {}
    for (x0, y0), (x1, y1) in segments:
        key = ("h", round(y0, 4)) if abs(y0 - y1) < 1e-9 else ("v", round(x0, 4))
        a, b = (x0, x1) if key[0] == "h" else (y0, y1)
        found.setdefault(key, []).append(sorted((a, b)))
    lines: list[Segment] = []
    for (way, at), spans in sorted(found.items()):
        spans.sort()
        joined = [spans[0]]
        for a, b in spans[1:]:
            if a <= joined[-1][1] + 1e-6:
                joined[-1][1] = max(joined[-1][1], b)
            else:
                joined.append([a, b])
        lines += [((a, at), (b, at)) if way == "h" else ((at, a), (at, b)) for a, b in joined]
    return lines


def shelf_cut_lines(shelves: Sequence[Shelf]) -> list[Segment]:
    """Every edge of the rectangular (and square) pieces of the rows, each stretch once."""
    edges: list[Segment] = []
    for s in shelves:
        for x, y, face, _, round_ in placed(s):
            if round_:
                continue
            w, h = (face.width, face.height) if s.parts else (s.width, s.height)
            a, b, c, d = (x, y), (x + w, y), (x + w, y + h), (x, y + h)
            edges += [(a, b), (b, c), (d, c), (a, d)]
    return _merged(edges)


def shelf_marks(shelves: Sequence[Shelf], paper: Paper) -> list[Segment]:
    """Crop marks in the margins: left and right in line with each rectangular row's top and
    bottom, above the first row's pieces and below the last row's when rectangular; starting
    outside the pieces' bleed (at least MARK_OFFSET from the trim), 5 mm long where the margin
    holds that, else stopping 5 mm from the paper's edge. Rows of tokens (each cut on its own
    line, blocks of several sizes) have none."""
    lines: list[Segment] = []
    offset = max([MARK_OFFSET] + [d.bleed for s in shelves if not s.cut.round for _, face, back in s.pieces
                                  for d in (face, back) if d is not None])
    rows = [s for s in shelves if s.pieces]

    def mark(a: tuple[float, float], towards: tuple[float, float], room: float) -> None:
        length = min(MARK_LENGTH, room - offset - MIN_MARGIN)
        if length >= mm(1):  # too short to see: left out
            lines.append((a, (a[0] + towards[0] * length, a[1] + towards[1] * length)))

    if not rows:
        return lines
    left = min(s.pieces[0][0] for s in rows)
    right = max(s.right for s in rows)
    for i, s in enumerate(shelves):
        if s.cut.round or not s.pieces:
            continue
        xs = sorted({round(v, 4) for x, _, _ in s.pieces for v in (x, x + s.width)})
        if i == 0:
            for x in xs:
                mark((x, s.y - offset), (0, -1), s.y)
        if i == len(shelves) - 1:
            bottom = s.y + s.height
            for x in xs:
                mark((x, bottom + offset), (0, 1), paper.height - bottom)
        for y in (s.y, s.y + s.height):
            mark((left - offset, y), (-1, 0), left)
            mark((right + offset, y), (1, 0), paper.width - right)
    return _merged(lines)


def _circle(x: float, y: float, d: float) -> Node:
    return Circle(x + d / 2, y + d / 2, d / 2, Style(stroke="#000000", stroke_width=0.35))


def _mirrored(paper: Paper, segments: Sequence[Segment]) -> list[Segment]:
    return [(behind(paper, *a), behind(paper, *b)) for a, b in segments]


# --- the sheets -----------------------------------------------------------------------------

def shelf_sheets(pages: Sequence[Sequence[Shelf]], paper: Paper, label: str = "",
                 font: "FontMetrics | None" = None) -> list[Page]:
    """Fronts: the rows' pieces, their cut lines and crop marks, and the sheet's label."""
    out = []
    for number, shelves in enumerate(pages, start=1):
        nodes: list[Node] = []
        faces = []
        for s in shelves:
            for x, y, face, _, _ in placed(s):
                nodes.append(Use(face.id, translate(x, y)))
                faces.append(face)
        nodes += [_circle(x, y, face.width) for s in shelves for x, y, face, _, round_ in placed(s) if round_]
        marks = shelf_marks(shelves, paper)
        nodes += cut_paths(shelf_cut_lines(shelves)) + _crop_marks(marks)
        nodes += sheet_label(paper, label_text(label, "fronts", number, len(pages), paper), font, marks)
        out.append(Page(paper.width, paper.height, tuple(nodes), unique_definitions(faces), f"{number:02d}"))
    return out


def shelf_back_sheets(pages: Sequence[Sequence[Shelf]], paper: Paper, label: str = "",
                      font: "FontMetrics | None" = None) -> list[Page]:
    """Backs, one per front sheet: each back where its front lands after a long-edge flip
    (mirrored left-right on a portrait sheet, top-bottom on a landscape one), blank behind a
    piece without one, with the fronts' cut lines and crop marks seen from behind."""
    out = []
    for number, shelves in enumerate(pages, start=1):
        nodes: list[Node] = []
        used = []
        for s in shelves:
            for x, y, face, back, _ in placed(s):
                if back is not None:
                    nodes.append(Use(back.id, translate(*behind(paper, x, y, face.width, face.height))))
                    used.append(back)
        nodes += [_circle(*behind(paper, x, y, face.width, face.height), face.width)
                  for s in shelves for x, y, face, _, round_ in placed(s) if round_]
        marks = _mirrored(paper, shelf_marks(shelves, paper))
        nodes += cut_paths(_mirrored(paper, shelf_cut_lines(shelves))) + _crop_marks(marks)
        nodes += sheet_label(paper, label_text(label, "backs", number, len(pages), paper), font, marks)
        out.append(Page(paper.width, paper.height, tuple(nodes), unique_definitions(used), f"{number:02d}"))
    return out
