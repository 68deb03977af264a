"""Boards drawn as text: a list field of records with coordinates (a hex map's cells, a square
board's squares), written in the data as rows of codes a designer can see while editing.

A list field declares `grid` (flat, pointy or square), and optionally `key` (codes for the
values: with one, a code is the key's; without, it is the value itself), `origin` (the axial
coordinates of the first code) and `cell` (the records' field a code gives). The data may then
write the list as a literal block, one text line for each row of the board as printed (for
flat hexes, a line for each height: the odd columns, then half a hex lower the even ones),
codes parted by spaces, `.` for no cell. The reader turns the text
into the records the list form gives (q and r, col and row, and the code's value), in the
order they are written, each located at its code; then they are checked as any data is.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import re
from collections import ChainMap
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping

from ..model.hexes import offset_to_axial
from ..problems import Location, Problem, Severity, plural, problem, register_check
from .yamlload import COLUMNS, Document

if TYPE_CHECKING:
    from .fields import Field

register_check("board-text", Severity.ERROR, "A board drawn as text cannot be read: a code its key does not have, "
               "a row of the wrong length, a text that is not a literal block, more than 100,000 codes in a file, or "
               "a list field whose grid, key, origin or cell cannot draw it (pnp.load.boards).")

GRIDS = ("flat", "pointy", "square")
OPTIONS = ("grid", "key", "origin", "cell")
NO_CELL = "."
MAX_CODES = 100_000  # the codes one file's boards may hold, as many as the values its aliases may make
# YAML's line breaks (pyyaml's reader: a literal block keeps \u2028 and \u2029, and makes the others \n)
LINE_BREAK = re.compile(r"\r\n|[\r\n\x85\u2028\u2029]")
CODE = re.compile(r"[^ \t]+")
# what may stand before a block's | on its line: an anchor, a tag
PROPERTIES = re.compile(r"(?:[&!][^ \t]*[ \t]+)*")


@dataclass(frozen=True)
class Drawing:
    """How a list field's data may draw it: its grid, the records' fields a code fills."""

    grid: str
    cell: str  # the records' field a code's value goes in
    key: Mapping[str, Any]  # code -> value, as declared
    origin: tuple[int, int]  # the axial coordinates of the first code of the first line
    axial: bool  # the records have q and r
    offset: bool  # the records have col and row (from 1, as printed: A1 is the first code)
    order: tuple[str, ...]  # the records' fields a code fills, in their declared order
    schema: str  # the name of the compiled schema of the cell's values
    hints: tuple[str, ...]  # what "did you mean" offers for an unknown code: the key's codes, or an enum's values


def parse_drawing(name: str, declaration: Mapping, of: "Field | None", locate: Callable[..., Location],
                  path: tuple) -> tuple[Drawing | None, list[Problem]]:
    """A list field's grid, key, origin and cell, as game.yaml declares them; problems are
    told at the option they are about."""
    from . import schema

    def wrong(at: tuple, message: str, key: bool = False) -> tuple[None, list[Problem]]:
        return None, [problem("board-text", locate(path + at, key=key), f"field '{name}': {message}")]

    grid = declaration.get("grid")
    if grid is None:
        given = next(option for option in OPTIONS if option in declaration)
        return wrong((given,), f"{given} needs grid (flat, pointy or square): the rows the data draws the list in",
                     key=True)
    if grid not in GRIDS:
        return wrong(("grid",), f"grid must be flat, pointy or square, not {grid!r}")
    if "any" in declaration:
        return wrong(("any",), "a list drawn on a grid cannot also take any", key=True)
    if of is None or of.type != "record":
        return wrong(("of",) if "of" in declaration else (), "a grid's list holds records with coordinates "
                     "(of: {type: record, fields: {q: int, r: int, ...}})")
    fields = of.fields

    def whole(*names: str) -> bool:
        return all(n in fields and fields[n].type == "int" and fields[n].derived is None for n in names)

    axial, offset = grid != "square" and whole("q", "r"), whole("col", "row")
    if not axial and not offset:
        return wrong(("of",), "a square grid's records need whole-number coordinates col and row" if grid == "square"
                     else "a grid's records need whole-number coordinates: q and r (axial) or col and row (from 1)")
    filled = [n for n in fields if (axial and n in ("q", "r")) or (offset and n in ("col", "row"))]
    free = [n for n, f in fields.items() if n not in filled and f.derived is None]
    cell = declaration.get("cell")
    if not free:
        return wrong((), "the records have no field besides their coordinates for a code to give")
    if cell is None:
        if len(free) != 1:
            return wrong((), f"name the records' field a code gives with cell (one of: {', '.join(free)})")
        cell = free[0]
    elif cell not in free:
        close = difflib.get_close_matches(str(cell), free, n=1)
        return wrong(("cell",), f"cell {cell!r} is not a field of the records besides their coordinates"
                                f" ({f'did you mean {close[0]!r}?' if close else 'expected one of: ' + ', '.join(free)})")
    for other in free:
        if other != cell and fields[other].required:
            return None, [problem("board-text", fields[other].at,
                                  f"field '{name}': the records' field '{other}' must be optional or have a default: "
                                  f"a grid's codes give only {', '.join(filled)} and {cell}")]
    compiled = schema.compiled(fields[cell].schema())
    key = declaration.get("key", {})
    if not isinstance(key, Mapping):
        return wrong(("key",), "key must be a mapping of codes to values")
    for code, value in key.items():
        if code == NO_CELL:
            return wrong(("key", code), "'.' cannot be a code of the key: it means no cell", key=True)
        if not code or re.search(r"[ \t\r\n\x85\u2028\u2029]", code):
            return wrong(("key", code), f"key code {code!r} must be a word without spaces: spaces part the codes "
                                        f"of a row", key=True)
        found = schema.wrong(compiled, value)
        if found is not None:
            return wrong(("key", code), f"key '{code}': {found}")
    origin = declaration.get("origin", {"q": 0, "r": 0})
    if "origin" in declaration and not axial:
        return wrong(("origin",), "origin is for records with q and r", key=True)
    if not (isinstance(origin, Mapping) and set(origin) == {"q", "r"}
            and all(isinstance(v, int) and not isinstance(v, bool) for v in origin.values())):
        return wrong(("origin",), "origin must be {q, r}: the axial coordinates of the first code of the first line")
    enum = fields[cell].values if fields[cell].type == "enum" and not key else ()
    hints = tuple(dict.fromkeys([*key, *(str(v) for v in enum)]))
    order = tuple(n for n in fields if n in filled or n == cell)
    return Drawing(grid, cell, dict(key), (origin["q"], origin["r"]), axial, offset, order, compiled, hints), []


def drawn(fields: Mapping[str, "Field"]) -> bool:
    """Whether any of the fields, however deep in lists and records, may be drawn as text."""
    return any(_drawn(f) for f in fields.values())


def _drawn(f: "Field") -> bool:
    return f.drawing is not None or (f.of is not None and _drawn(f.of)) or any(_drawn(g) for g in f.fields.values())


def reader(fields: Mapping[str, "Field"], items_key: str | None, group_fields: Mapping[str, "Field"],
           group_key: str | None) -> Callable[[Document, bytes], tuple[Document, list[Problem]]] | None:
    """What reads the boards drawn as text in a set's files (None when its fields have none):
    given a file's document and bytes, the document with each text turned into its records."""
    if not drawn(fields) and not drawn(group_fields):
        return None

    def places(data: Any) -> Iterator[tuple[tuple, Mapping[str, "Field"], Any]]:
        if items_key is None:
            yield (), fields, data
        elif isinstance(data, Mapping) and isinstance(data.get(items_key), list):
            for i, item in enumerate(data[items_key]):
                yield (items_key, i), fields, item
        if group_key is not None and isinstance(data, Mapping):
            yield (group_key,), group_fields, data.get(group_key)

    def read(doc: Document, raw: bytes) -> tuple[Document, list[Problem]]:
        return _Reader(doc, raw).read(places(doc.data))

    return read


def _texts(f: "Field", value: Any, path: tuple) -> Iterator[tuple[tuple, "Field"]]:
    """Each board drawn as text in a field's value, with its path and its field."""
    if f.drawing is not None and isinstance(value, str):
        yield path, f
    elif f.of is not None and isinstance(value, list):
        for i, v in enumerate(value):
            yield from _texts(f.of, v, path + (i,))
    elif f.type == "record" and isinstance(value, Mapping):
        for name, inner in f.fields.items():
            if name in value:
                yield from _texts(inner, value[name], path + (name,))


class _Reader:
    """Reads the boards of one file."""

    def __init__(self, doc: Document, raw: bytes):
        self.doc = doc
        self.raw = raw
        self._lines: list[str] | None = None
        self.codes = 0
        self.positions: dict[tuple, int] = {}
        self.problems: list[Problem] = []
        self.known: dict[tuple[str, str], tuple[bool, Any]] = {}  # (schema, code) -> (a value, the value)

    @property
    def lines(self) -> list[str]:
        """The file's lines, as YAML counts them."""
        if self._lines is None:
            self._lines = LINE_BREAK.split(self.raw.decode("utf-8-sig", errors="replace"))
        return self._lines

    def read(self, places: Iterator[tuple[tuple, Mapping[str, "Field"], Any]]) -> tuple[Document, list[Problem]]:
        boards = [(path, f) for base, fields, record in places if isinstance(record, Mapping)
                  for name, f in fields.items() if name in record
                  for path, f in _texts(f, record[name], base + (name,))]
        if not boards:
            return self.doc, []
        data, copies = self.doc.data, {}
        used = []
        for path, f in boards:
            value = _at(self.doc.data, path)
            records = self.board(value, path, f)
            if self.codes > MAX_CODES:
                break
            if records is not None:
                data = _put(data, path, records, copies)
                used.append([list(path), f.drawing.grid, f.drawing.key, f.drawing.origin, f.drawing.order])
        if self.problems:
            return self.doc, self.problems
        # the records depend on the declarations as well as the file's bytes
        digest = hashlib.sha256(f"{self.doc.digest}|{json.dumps(used, sort_keys=True, default=str)}".encode())
        return replace(self.doc, data=data, values=ChainMap(self.positions, self.doc.values),
                       digest=digest.hexdigest()), []

    def where(self, path: tuple) -> str:
        from .schema import describe_path

        return describe_path(self.doc, path)

    def rows(self, value: str, path: tuple) -> list[tuple[str, int, int]] | None:
        """The text's lines that hold codes, each with its line in the file and the column of
        its first character; None (and a problem) when its lines are not the file's."""
        at = self.doc.locate(path)
        texts = LINE_BREAK.split(value)
        line = self.lines[at.line - 1] if 0 < at.line <= len(self.lines) else ""
        written = line[at.column - 1:]
        head = PROPERTIES.sub("", written, count=1)  # (an anchor or a tag before the value)
        start = at.column + len(written) - len(head)
        found = []
        if head.startswith("|"):
            for i, text in enumerate(texts):
                number = at.line + 1 + i
                kept = self.lines[number - 1] if number <= len(self.lines) else ""
                if text.strip(" \t"):
                    found.append((text, number, len(kept) - len(text) + 1) if kept.endswith(text)
                                 else (text, at.line, at.column))
            return found
        if len(texts) == 1 and head[:1] in ("'", '"') and head[1:].startswith(value):
            return [(value, at.line, start + 1)] if value.strip(" \t") else []
        if len(texts) == 1 and head[:1] not in ("'", '"', ">") and head.startswith(value):
            return [(value, at.line, start)] if value.strip(" \t") else []
        self.problems.append(problem("board-text", at, f"{self.where(path)}: write the board as a literal block (|), "
                                                   f"a line for each row"))
        return None

    def board(self, value: str, path: tuple, f: "Field") -> list | None:
        """A board's records, or None (and its problems) when its text is wrong."""
        d = f.drawing
        rows = self.rows(value, path)
        if rows is None:
            return None
        where = self.where(path)
        lines = []
        for text, number, column in rows:
            codes = []
            for found in CODE.finditer(text):  # (counted as they are found: a line may be the whole file)
                self.codes += 1
                if self.codes > MAX_CODES:
                    self.problems.append(problem("board-text", Location(self.doc.file, number, column + found.start()),
                                                 f"{where}: the boards of a file hold at most {MAX_CODES:,} codes"))
                    return None
                codes.append((found.start(), found.group()))
            lines.append((number, column, codes, text))
        counts = [len(codes) for _, _, codes, _ in lines]
        wrong = len(self.problems)
        for i, (number, column, codes, text) in enumerate(lines):
            message = _length(d.grid, i, counts)
            if message is not None:
                want = counts[0] if d.grid != "flat" or i % 2 == 0 or i == 1 else counts[1]
                place = column + (codes[want][0] if len(codes) > want else len(text.rstrip(" \t")))
                self.problems.append(problem("board-text", Location(self.doc.file, number, place),
                                             f"{where}: {message}"))
        records: list = []
        unknown: dict[str, list] = {}
        for i, (number, column, codes, _) in enumerate(lines):
            for j, (offset, code) in enumerate(codes):
                if code == NO_CELL:
                    continue
                known, cell = self.value(d, code)
                if not known:
                    unknown.setdefault(code, [Location(self.doc.file, number, column + offset), 0])[1] += 1
                    continue
                records.append(self.record(d, i, j, cell, path + (len(records),), (number, column + offset)))
        for code, (at, times) in unknown.items():
            more = f", here and {plural(times - 1, 'more time')} on this board" if times > 1 else ""
            self.problems.append(problem("board-text", at, f"{where}: unknown code {code!r}{self.hint(d, code)}{more}"))
        return None if len(self.problems) > wrong else records

    def value(self, d: Drawing, code: str) -> tuple[bool, Any]:
        """Whether a code stands for a value, and the value: with a key, the key's; without,
        the code itself as the cell's type reads it (a whole number for an int)."""
        if d.key:
            return (True, d.key[code]) if code in d.key else (False, None)
        found = self.known.get((d.schema, code))
        if found is None:
            from .schema import wrong

            found = next(((True, v) for v in dict.fromkeys([_plain(code), code]) if wrong(d.schema, v) is None),
                         (False, None))
            if len(self.known) < 10_000:
                self.known[(d.schema, code)] = found
        return found

    def hint(self, d: Drawing, code: str) -> str:
        """What an unknown code's message adds: the code meant, or the codes there are, or
        why the code is not a value."""
        from .schema import wrong

        close = [h for h in d.hints if h.casefold() == code.casefold()] or \
            difflib.get_close_matches(code, d.hints, n=1)
        if close:
            return f" (did you mean '{close[0]}'?)"
        return f" (the key's codes: {', '.join(d.key)})" if d.key else f": {wrong(d.schema, code)}"

    def record(self, d: Drawing, line: int, index: int, value: Any, path: tuple, at: tuple[int, int]) -> dict:
        """The record of the code `index` of a board's line `line` (from 0), located at `at`."""
        col, row = grid_place(d.grid, line, index)
        q, r = offset_to_axial(col, row, "pointy" if d.grid == "pointy" else "flat")
        given = {"q": q + d.origin[0], "r": r + d.origin[1], "col": col, "row": row, d.cell: value}
        packed = at[0] * COLUMNS + at[1]
        self.positions[path] = packed
        for name in d.order:
            self.positions[path + (name,)] = packed
        return {name: given[name] for name in d.order}


def grid_place(grid: str, line: int, index: int) -> tuple[int, int]:
    """The column and row (from 1) of the code `index` of a board's line `line` (both from 0):
    for flat hexes a grid row takes two lines, its odd columns then its even ones."""
    if grid == "flat":
        return 2 * index + 1 + line % 2, line // 2 + 1
    return index + 1, line + 1


def _length(grid: str, line: int, counts: list[int]) -> str | None:
    """What is wrong with the number of codes of a board's line `line` (from 0), given the
    counts of its lines; None when nothing is."""
    n, first = counts[line], counts[0]
    codes = plural(n, "code")
    if grid != "flat":
        return None if n == first else f"{codes} on this row, {first} on the first: every row has as many " \
                                       f"(. for no cell)"
    if line % 2 == 0:
        return None if n == first else f"{codes} on this line, {first} on the first: the lines of odd columns " \
                                       f"have as many (. for no cell)"
    if line == 1:
        return None if n in (first, first - 1) else f"{codes} on this line, {first} on the first: the even " \
                                                    f"columns, half a hex lower, are as many as the odd or one " \
                                                    f"fewer (. for no cell)"
    return None if n == counts[1] else f"{codes} on this line, {counts[1]} on the second: the lines of even " \
                                       f"columns have as many (. for no cell)"


def _plain(code: str) -> Any:
    """A code as YAML would read it written plain: a whole number, a decimal, true or false, or text."""
    if re.fullmatch(r"[-+]?(?:0|[1-9][0-9]{0,15})", code):
        return int(code)
    if re.fullmatch(r"[-+]?(?:[0-9]+\.[0-9]*|\.[0-9]+)", code):
        return float(code)
    return {"true": True, "false": False}.get(code, code)


def _at(data: Any, path: tuple) -> Any:
    for key in path:
        data = data[key]
    return data


def _put(data: Any, path: tuple, value: Any, copies: dict) -> Any:
    """`data` with `value` at `path`, each list and mapping on the way copied once (`copies`:
    the id of each original, and of each copy, to the copy): the document read stays as it was."""
    def copy(node: Any) -> Any:
        if id(node) not in copies:
            made = list(node) if isinstance(node, list) else dict(node)
            copies[id(node)] = copies[id(made)] = made
        return copies[id(node)]

    root = node = copy(data)
    for key in path[:-1]:
        node[key] = copy(node[key])
        node = node[key]
    node[path[-1]] = value
    return root
