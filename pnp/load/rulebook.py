"""A rulebook's text: the Markdown subset a game writes its rules in, read into located blocks.

A rulebook is one UTF-8 file per language (game.yaml `rules: {en: rules/en.md}`). Its blocks
are headings (`#`, `##`, `###`, each with an optional anchor `{#id}`), paragraphs, bullet and
numbered lists, pipe tables, boxes (`::: example Title` ... `:::`, and `::: note`), page
breaks (`\\newpage`), pictures of the game's pieces (`![caption](cards:a cards:b+tokens:c)`)
and checks (`@check EXPRESSION`, never printed). Inside a block: `**bold**`, `*italic*`,
references to items (`{cards:king}`, `{cards:king.rank}`), values worked out from the
data (`{=game.target}`) and icons (`:star:`); a backslash makes the next
character plain.

Reading it is loading: nothing here knows the game. Whatever is not of the subset is a
problem at its line and column; what the references name is checked against the game by
pnp.checks.rulebook, and what they say is worked out for a language by pnp.kit.rulebook.
"""

from __future__ import annotations

import re

from .. import expr
from ..model.rulebook import (Box, Break, Check, Heading, Icon, ListBlock, PageBreak, Paragraph, Picture, Piece, Ref,
                              Rulebook, Styled, Table, Text, Value)
from ..problems import Location, Problem, problem

MAX_RULEBOOK_BYTES = 1024 * 1024  # far beyond any rulebook's text (a long one is some 30 kB)
MAX_BLOCKS = 5_000  # blocks of one rulebook, and inline parts of one block: bounded before they are typeset
MAX_INLINES = 2_000
MAX_PICTURED = 60  # pieces in one picture

ESCAPABLE = set("\\*{}:[]!@|#_`")
BOX_KINDS = ("example", "note")

# --- reading ---------------------------------------------------------------------------------

_HEADING = re.compile(r"(#{1,6})[ \t]+(.*?)[ \t]*$")
_ANCHOR = re.compile(r"[ \t]*\{#([a-z0-9][a-z0-9-]*)\}$")
_BULLET = re.compile(r"([-*])[ \t]+")
_NUMBER = re.compile(r"(\d{1,4})\.[ \t]+")
_BOX = re.compile(r":::[ \t]*([A-Za-z]*)[ \t]*(.*?)[ \t]*$")
_PICTURE = re.compile(r"!\[(.*)\]\((.*)\)[ \t]*$")
_PIECE = re.compile(r"([A-Za-z0-9_][A-Za-z0-9_-]*):([^\s:+]+)(:back)?$")
_TABLE_RULE = re.compile(r"\|?[ \t]*:?-+:?[ \t]*(\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$")
_ICON = re.compile(r":([a-z][a-z0-9-]*):")
_REF = re.compile(r"([A-Za-z0-9_][A-Za-z0-9_-]*):([^\s{}]+)$")


class _Reader:
    def __init__(self, file: str, language: str, text: str):
        self.file = file
        self.language = language
        self.lines = text.split("\n")
        self.problems: list[Problem] = []
        self.shown: list[Piece] = []

    def say(self, line: int, column: int, message: str) -> None:
        self.problems.append(problem("rules-text", Location(self.file, line, column), message))

    # -- blocks --

    def read(self) -> list:
        blocks: list = []
        box: tuple | None = None  # (kind, title, line, blocks)
        inner = 0  # boxes refused inside the open one, whose ':::' is yet to come
        i = 0
        count = 0
        while i < len(self.lines):
            raw = self.lines[i].rstrip("\r")
            line = raw.strip()
            number = i + 1
            indent = len(raw) - len(raw.lstrip())
            target = box[3] if box is not None else blocks
            if not line:
                i += 1
                continue
            count += 1
            if count > MAX_BLOCKS:
                self.say(number, 1, f"more than {MAX_BLOCKS:,} blocks: a rulebook this long is not read further")
                break
            if line.startswith(":::"):
                match = _BOX.match(line)
                kind, title = (match.group(1), match.group(2)) if match else ("?", "")
                if box is not None:
                    if kind or title:
                        self.say(number, indent + 1, f"a box cannot open inside the box opened at line {box[2]}: "
                                                     f"close it with ':::' first")
                        inner += 1  # (its own ':::' closes nothing: the outer box stays open)
                    elif inner:
                        inner -= 1
                    else:
                        blocks.append(Box(box[0], box[1], tuple(box[3]), box[2]))
                        self.shown = []
                        box = None
                elif kind in BOX_KINDS:
                    title_parts = self.inline(title, number, indent + 1 + match.start(2) if title else 1)
                    box = (kind, title_parts, number, [])
                    self.shown = []
                elif not kind:
                    self.say(number, indent + 1, "':::' closes a box, but no box is open")
                else:
                    self.say(number, indent + 4, f"no kind of box '{kind}': a box is {_either(BOX_KINDS)}"
                                                 f"{_hint(kind, BOX_KINDS)}")
                i += 1
                continue
            if line.startswith("#"):
                target.append(self.heading(raw, number, indent))
                i += 1
                continue
            if line == "\\newpage":
                target.append(PageBreak(number))
                i += 1
                continue
            if line.startswith("!["):
                picture = self.picture(raw, number, indent)
                if picture is not None:
                    target.append(picture)
                i += 1
                continue
            if line.startswith("@"):
                target.append(self.check(raw, number, indent))
                i += 1
                continue
            if line.startswith("|"):
                end = i
                while end < len(self.lines) and self.lines[end].strip().startswith("|"):
                    end += 1
                table = self.table(i, end)
                if table is not None:
                    target.append(table)
                i = end
                continue
            if _BULLET.match(line) or _NUMBER.match(line):
                i = self.list_block(i, target)
                continue
            i = self.paragraph(i, target)
        if box is not None:
            self.say(box[2], 1, f"the {box[0]} box opened here is never closed: end it with a line ':::'")
            blocks.append(Box(box[0], box[1], tuple(box[3]), box[2]))
        return blocks

    def starts_block(self, line: str) -> bool:
        return (not line or line.startswith((":::", "#", "![", "@", "|")) or line == "\\newpage"
                or bool(_BULLET.match(line) or _NUMBER.match(line)))

    def heading(self, raw: str, number: int, indent: int) -> Heading:
        match = _HEADING.match(raw.strip())
        if match is None:
            self.say(number, indent + 1, "a heading is '#', '##' or '###', then a space and its text")
            return Heading(1, (), None, number)
        level = len(match.group(1))
        text = match.group(2)
        if level > 3:
            self.say(number, indent + 1, f"a heading has at most three '#' (this one has {level})")
            level = 3
        anchor = None
        found = _ANCHOR.search(text)
        if found:
            anchor = found.group(1)
            text = text[:found.start()]
        elif "{#" in text:
            self.say(number, indent + 1 + raw.strip().index("{#"),
                     "an anchor is '{#' then lower-case letters, digits and hyphens, then '}', at the heading's end")
            text = text[:text.index("{#")]  # (said once: not read again as a reference)
        if not text.strip():
            self.say(number, indent + 1, "a heading with no text")
        column = indent + 1 + match.start(2)
        self.shown = []
        return Heading(level, self.inline(text, number, column), anchor, number)

    def picture(self, raw: str, number: int, indent: int) -> Picture | None:
        line = raw.strip()
        match = _PICTURE.match(line)
        if match is None:
            self.say(number, indent + 1, "a picture is '![caption](set:id set:id ...)' alone on its line")
            return None
        caption = self.inline(match.group(1), number, indent + 3)
        column = indent + 1 + match.start(2)
        stacks = []
        text = match.group(2)
        for token in re.finditer(r"\S+", text):
            stack = []
            offset = 0
            for piece_text in token.group(0).split("+"):
                where = column + token.start() + offset
                offset += len(piece_text) + 1
                found = _PIECE.match(piece_text)
                if found is None:
                    self.say(number, where, f"'{piece_text}' is not a piece: a piece is set:id (or set:id:back), "
                                            f"and 'a+b' stands b on a")
                    continue
                stack.append(Piece(found.group(1), found.group(2), bool(found.group(3)), number, where))
            if stack:
                stacks.append(tuple(stack))
        pieces = [p for s in stacks for p in s]
        if not pieces:
            self.say(number, column, "a picture shows at least one piece: ![caption](set:id)")
            return None
        if len(pieces) > MAX_PICTURED:
            self.say(number, column, f"a picture shows at most {MAX_PICTURED} pieces, not {len(pieces)}")
            return None
        self.shown += pieces
        return Picture(caption, tuple(stacks), number)

    def check(self, raw: str, number: int, indent: int) -> Check:
        line = raw.strip()
        if not (line.startswith("@check") and (len(line) == 6 or line[6].isspace())):
            word = line.split()[0]
            self.say(number, indent + 1, f"'{word}' is not a directive: a line starting '@' is '@check EXPRESSION' "
                                         f"(write '\\@' for an '@' that starts a paragraph)")
            return Check(None, line, number, indent + 1, tuple(self.shown))
        source = line[len("@check"):].strip()
        column = indent + 1 + len(line) - len(line[len("@check"):].lstrip()) if source else indent + 7
        if not source:
            self.say(number, column, "'@check' needs an expression that holds for the example")
            return Check(None, source, number, column, tuple(self.shown))
        try:
            parsed = expr.parse(source)
        except expr.ExpressionError as exc:
            self.say(number, column + (exc.offset or 0), f"@check: {exc.message} in {source!r}")
            parsed = None
        return Check(parsed, source, number, column, tuple(self.shown))

    def table(self, start: int, end: int) -> Table | None:
        rows = []
        for i in range(start, end):
            raw = self.lines[i].rstrip("\r")
            rows.append((i + 1, raw))
        if len(rows) < 2 or not _TABLE_RULE.match(rows[1][1].strip()):
            self.say(rows[0][0], 1, "a table's second row is its rule, such as '|---|---|'")
            return None
        aligns = []
        for cell in _cells(rows[1][1])[0]:
            cell = cell.strip()
            aligns.append("centre" if cell.startswith(":") and cell.endswith(":") else
                          "right" if cell.endswith(":") else "left")
        header_cells, header_columns = _cells(rows[0][1])
        if len(header_cells) != len(aligns):
            self.say(rows[0][0], 1, f"the table's header has {len(header_cells)} cells and its rule "
                                    f"{len(aligns)}")
        header = tuple(self.inline(c.strip(), rows[0][0], col + len(c) - len(c.lstrip()))
                       for c, col in zip(header_cells, header_columns))
        body = []
        for number, raw in rows[2:]:
            cells, columns = _cells(raw)
            if len(cells) != len(header):
                self.say(number, 1, f"this row has {len(cells)} cells, the table {len(header)}")
            cells = (cells + [""] * len(header))[:len(header)]
            columns = (columns + [1] * len(header))[:len(header)]
            body.append(tuple(self.inline(c.strip(), number, col + len(c) - len(c.lstrip()))
                              for c, col in zip(cells, columns)))
        return Table(header, tuple(body), tuple(aligns), rows[0][0])

    def list_block(self, i: int, target: list) -> int:
        first = self.lines[i].strip()
        ordered = bool(_NUMBER.match(first))
        start = int(_NUMBER.match(first).group(1)) if ordered else 1
        items = []
        line_number = i + 1
        while i < len(self.lines):
            raw = self.lines[i].rstrip("\r")
            line = raw.strip()
            marker = (_NUMBER if ordered else _BULLET).match(line)
            if marker is None:
                break
            indent = len(raw) - len(raw.lstrip())
            segments = [(line[marker.end():], i + 1, indent + 1 + marker.end())]
            i += 1
            while i < len(self.lines):
                raw = self.lines[i].rstrip("\r")
                more = raw.strip()
                if not more or len(raw) - len(raw.lstrip()) < 2 or self.starts_block(more):
                    break
                segments.append((more, i + 1, len(raw) - len(raw.lstrip()) + 1))
                i += 1
            items.append(self.inline_lines(segments))
        target.append(ListBlock(ordered, tuple(items), line_number, start))
        return i

    def paragraph(self, i: int, target: list) -> int:
        segments = []
        while i < len(self.lines):
            raw = self.lines[i].rstrip("\r")
            line = raw.strip()
            if segments and self.starts_block(line):
                break
            if not line:
                break
            segments.append((line, i + 1, len(raw) - len(raw.lstrip()) + 1))
            i += 1
        target.append(Paragraph(self.inline_lines(segments), segments[0][1]))
        return i

    # -- inline --

    def inline_lines(self, segments: list[tuple[str, int, int]]) -> tuple:
        """The parts of lines read as one text: a line ending in a backslash breaks there."""
        parts: list = []
        for k, (text, number, column) in enumerate(segments):
            hard = text.endswith("\\") and not text.endswith("\\\\")
            if hard:
                text = text[:-1].rstrip()
            parts.append((text, number, column, hard, k == len(segments) - 1))
        return self.inline_many(parts)

    def inline(self, text: str, number: int, column: int) -> tuple:
        return self.inline_many([(text, number, column, False, True)])

    def inline_many(self, lines: list) -> tuple:
        # tokens: (kind, value, line, column); kinds: text, star, strong, ref, value, icon, break
        tokens: list = []
        for text, number, column, hard, last in lines:
            self.tokens(text, number, column, tokens)
            if hard:
                tokens.append(("break", None, number, column + len(text)))
            elif not last:
                tokens.append(("text", " ", number, column + len(text)))
        if len(tokens) > MAX_INLINES:
            self.say(lines[0][1], lines[0][2], f"more than {MAX_INLINES:,} parts in one block: split it")
            tokens = tokens[:MAX_INLINES]
        return self.nest(tokens)

    def tokens(self, text: str, number: int, column: int, out: list) -> None:
        buffer: list[str] = []
        j = 0

        def flush() -> None:
            if buffer:
                out.append(("text", "".join(buffer), number, column))
                buffer.clear()

        while j < len(text):
            ch = text[j]
            if ch == "\\" and j + 1 < len(text) and text[j + 1] == "-":  # a soft hyphen: where a word may break
                buffer.append("\u00ad")
                j += 2
                continue
            if ch == "\\" and j + 1 < len(text) and text[j + 1] in ESCAPABLE:
                buffer.append(text[j + 1])
                j += 2
                continue
            if ch == "*":
                flush()
                if text.startswith("***", j):  # bold italic: both open, or both close
                    out.append(("triple", "***", number, column + j))
                    j += 3
                elif text.startswith("**", j):
                    out.append(("strong", "**", number, column + j))
                    j += 2
                else:
                    out.append(("star", "*", number, column + j))
                    j += 1
                continue
            if ch == "{":
                end = _closing(text, j)
                if end is None:
                    self.say(number, column + j, "'{' is never closed on its line (write '\\{' for a brace)")
                    buffer.append(ch)
                    j += 1
                    continue
                flush()
                self.braces(text[j + 1:end], number, column + j, out)
                j = end + 1
                continue
            if ch == "}":
                self.say(number, column + j, "'}' closes no '{' (write '\\}' for a brace)")
                buffer.append(ch)
                j += 1
                continue
            if ch == ":" and (j == 0 or not text[j - 1].isalnum()):
                match = _ICON.match(text, j)
                if match is not None:
                    flush()
                    out.append(("icon", match.group(1), number, column + j))
                    j = match.end()
                    continue
            buffer.append(ch)
            j += 1
        flush()

    def braces(self, inner: str, number: int, column: int, out: list) -> None:
        if inner.startswith("="):
            source = inner[1:]
            try:
                parsed = expr.parse(source)
            except expr.ExpressionError as exc:
                self.say(number, column + 2 + (exc.offset or 0), f"{{={source}}}: {exc.message}")
                return
            out.append(("value", parsed, number, column))
            return
        match = _REF.match(inner)
        if match is None:
            self.say(number, column, f"'{{{inner}}}' is neither a reference '{{set:id}}' nor a value '{{=expression}}'"
                                     " (write '\\{' for a brace)")
            return
        rest = match.group(2)
        item, _, name = rest.partition(".")
        out.append(("ref", Ref(match.group(1), item, name or None, number, column), number, column))

    def _mark(self, stack: list, kind: str, value: str, number: int, column: int) -> None:
        """A bold or italic marker: it closes its style's text when that is the innermost, else
        opens it (a problem when text of its style is open further out)."""
        style = "italic" if kind == "star" else "bold"
        if stack[-1][0] == style:
            _, parts, _, _ = stack.pop()
            stack[-1][1].append(Styled(style, tuple(parts)))
        elif any(s[0] == style for s in stack):
            self.say(number, column, f"'{value}' closes {style} text while other text inside it is still open")
        else:
            stack.append((style, [], number, column))

    def nest(self, tokens: list) -> tuple:
        """Bold and italic from their markers; a marker never closed is a problem."""
        stack: list[tuple[str, list, int, int]] = [("", [], 0, 0)]
        for k, (kind, value, number, column) in enumerate(tokens):
            if kind == "triple":  # closes the two innermost when they are bold and italic, else opens both
                closing = len(stack) > 2 and {stack[-1][0], stack[-2][0]} == {"bold", "italic"}
                # opening, the one the next marker closes is the inner: '***a** b*' is italic around bold
                after = next((t[0] for t in tokens[k + 1:] if t[0] in ("star", "strong", "triple")), None)
                first = stack[-1][0] if closing else "italic" if after == "strong" else "bold"
                for style in (first, "italic" if first == "bold" else "bold"):
                    self._mark(stack, "strong" if style == "bold" else "star", value, number, column)
                continue
            if kind in ("star", "strong"):
                self._mark(stack, kind, value, number, column)
                continue
            parts = stack[-1][1]
            if kind == "text":
                if parts and isinstance(parts[-1], Text):
                    parts[-1] = Text(parts[-1].text + value)
                else:
                    parts.append(Text(value))
            elif kind == "ref":
                parts.append(value)
            elif kind == "value":
                parts.append(Value(value, number, column))
            elif kind == "icon":
                parts.append(Icon(value, number, column))
            else:
                parts.append(Break())
        while len(stack) > 1:
            style, parts, number, column = stack.pop()
            marker = "*" if style == "italic" else "**"
            self.say(number, column, f"'{marker}' opens {style} text that is never closed (write '\\*' for a star)")
            stack[-1][1].extend([Text(marker)] + parts)
        return tuple(stack[0][1])


def _cells(row: str) -> tuple[list[str], list[int]]:
    """A table row's cells and the column each starts at (1-based), `\\|` kept in its cell."""
    text = row.rstrip()
    start = len(text) - len(text.lstrip())
    cells, columns = [], []
    j = start + 1 if text[start:start + 1] == "|" else start
    current, current_col = [], j + 1
    while j < len(text):
        ch = text[j]
        if ch == "\\" and j + 1 < len(text):
            current.append(text[j:j + 2])
            j += 2
            continue
        if ch == "|":
            cells.append("".join(current))
            columns.append(current_col)
            current, current_col = [], j + 2
        else:
            current.append(ch)
        j += 1
    if "".join(current).strip():
        cells.append("".join(current))
        columns.append(current_col)
    return cells, columns


def _closing(text: str, start: int) -> int | None:
    """Where the brace opened at `start` closes, skipping quoted text and nested braces."""
    depth = 0
    quote = None
    j = start
    while j < len(text):
        ch = text[j]
        if quote:
            if ch == "\\":
                j += 2
                continue
            if ch == quote:
                quote = None
        elif ch in "'\"" and text[start + 1:start + 2] == "=":
            quote = ch
        elif ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                return j
        j += 1
    return None


def _either(names) -> str:
    names = [f"'{n}'" for n in names]
    return " or ".join(names) if len(names) < 3 else ", ".join(names[:-1]) + " or " + names[-1]


def _hint(name: str, names) -> str:
    import difflib

    close = difflib.get_close_matches(name, list(names), n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""


def read_rulebook(text: str, file: str, language: str) -> tuple[Rulebook, list[Problem]]:
    """The rulebook written in `text` (from `file`, relative to the game folder), with every
    problem of its form located."""
    reader = _Reader(file, language, text.lstrip("\ufeff"))
    blocks = reader.read()
    return Rulebook(file, language, blocks), reader.problems
