"""Read a YAML file into plain data, keeping the line and column of every node.

pyyaml composes the node graph (with libyaml when it is available); this module turns it
into dicts, lists and scalars itself, so that it can record positions, refuse duplicate
keys, and stop alias bombs and self-referencing anchors before they expand.
"""

from __future__ import annotations

import hashlib
import json

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

import yaml
from yaml.constructor import ConstructorError, SafeConstructor

from .files import Unreadable, read_game_file
from ..problems import Location, Problem, problem

try:  # libyaml is much faster; positions are the same
    _Loader = yaml.CSafeLoader
    # libyaml stops parsing at a thousand levels of nesting since 0.2.5; composing, which
    # recurses in C, is then safe to start at once (an older libyaml's events are walked first)
    _BOUNDED = yaml._yaml.get_version() >= (0, 2, 5)
except AttributeError:  # pragma: no cover - depends on how pyyaml was built
    _Loader = yaml.SafeLoader
    _BOUNDED = False

_resolve = _Loader.resolve
_TAGS: dict[tuple[str, Any], str] = {}  # a plain scalar's tag by its text (see _Composer)


class _Composer(_Loader):  # type: ignore[misc, valid-type]
    """The loader, each scalar's implicit tag remembered by its text: pyyaml works it out with
    regular expressions each time, and a game's files repeat the same ids, words and numbers
    (a seventh of the time to compose a 1,000-card game's files). A tag depends on the text
    alone: pnp adds no resolvers, and none that looks at the path."""

    def resolve(self, kind: Any, value: Any, implicit: Any) -> str:
        if kind is yaml.ScalarNode and len(value) <= 40:  # (a sentence is seldom met twice)
            key = (value, implicit)
            tag = _TAGS.get(key)
            if tag is None:
                tag = _resolve(self, kind, value, implicit)
                if len(_TAGS) < 20_000:  # (a bound on what it keeps: a map's thousands of coordinates)
                    _TAGS[key] = tag
            return tag
        return _resolve(self, kind, value, implicit)


# A data path inside a document: mapping keys and sequence indices from the root.
DataPath = tuple[Any, ...]

MAX_FILE_BYTES = 5 * 1024 * 1024
MAX_NODES = 100_000  # values one file's aliases may produce again (its own values are bounded by its size)
MAX_DEPTH = 64

_MERGE_TAG = "tag:yaml.org,2002:merge"
_STR_TAG = "tag:yaml.org,2002:str"
# The plain forms of the commonest scalars, read directly as pyyaml's constructors would read
# them (they take the other forms: 1_000, 0x1F, 012 in octal, 1:30, .inf).
_PLAIN = {"tag:yaml.org,2002:int": (re.compile(r"[-+]?(?:0|[1-9][0-9]*)").fullmatch, int),
          "tag:yaml.org,2002:float": (re.compile(r"[-+]?(?:[0-9]+\.[0-9]*|\.[0-9]+)(?:[eE][-+][0-9]+)?").fullmatch,
                                      float)}


@dataclass
class Document:
    """A loaded YAML file: its data and the position of every value and key in it."""

    file: str
    data: Any
    # each as one number, line * COLUMNS + column (a deck's documents hold hundreds of thousands)
    values: Mapping[DataPath, int] = field(default_factory=dict)
    keys: Mapping[DataPath, int] = field(default_factory=dict)
    digest: str = ""  # SHA-256 of the file's bytes: the same bytes give the same data
    lists: dict[str, str] = field(default_factory=dict)  # list keys -> what messages call an item: {"cards": "card"}
    schema: str = ""  # the name of the schema it was checked against (see pnp.load.schema.check)

    def locate(self, path: DataPath = (), key: bool = False) -> Location:
        """Where the value at `path` is (or its key, with key=True).

        A path that does not exist (a missing key) falls back to its nearest parent.
        """
        path = tuple(path)
        if key and path in self.keys:
            return Location(self.file, *divmod(self.keys[path], COLUMNS))
        while path not in self.values and path:
            path = path[:-1]
        return Location(self.file, *divmod(self.values.get(path, COLUMNS + 1), COLUMNS))


class _Positions(Mapping):
    """One of a kept document's position maps (0: values, 1: keys), from the JSON text its
    cache entry holds them in: read when first looked in (only a problem's message asks where
    a value is, and they are four fifths of a deck's documents)."""

    def __init__(self, text: list, which: int):
        self._text = text  # [the JSON text, or both maps once read], shared by the two
        self._which = which

    def _all(self) -> dict[DataPath, int]:
        if isinstance(self._text[0], str):
            import orjson

            try:
                self._text[0] = tuple({tuple(path): position for path, position in pairs}
                                      for pairs in orjson.loads(self._text[0]))
            except (ValueError, TypeError):  # (not as pnp writes them: no positions, messages say the file)
                self._text[0] = ({}, {})
        return self._text[0][self._which]

    def __getitem__(self, path: DataPath) -> int:
        return self._all()[path]

    def __contains__(self, path: object) -> bool:
        return path in self._all()

    def __iter__(self) -> Iterator[DataPath]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


class _Stop(Exception):
    def __init__(self, found: Problem):
        self.problem = found


COLUMNS = 1 << 24  # more than a line of a file pnp reads can hold (MAX_FILE_BYTES)


def _position(mark: Any) -> tuple[int, int]:
    return mark.line + 1, mark.column + 1


def _packed(mark: Any) -> int:
    """A position as Document keeps it."""
    return (mark.line + 1) * COLUMNS + mark.column + 1


def _too_deep(text: str) -> int | None:
    """Where the text's brackets first open a level deeper than MAX_DEPTH (outside quotes
    and comments), as an offset; None if they do not."""
    depth, i, quote = 0, 0, None
    while i < len(text):
        ch = text[i]
        if quote == "'":
            quote = None if ch == "'" and text[i + 1: i + 2] != "'" else quote
            i += 2 if ch == "'" and text[i + 1: i + 2] == "'" else 1
            continue
        if quote == '"':
            quote = None if ch == '"' else quote
            i += 2 if ch == "\\" else 1
            continue
        if ch in "'\"" and (i == 0 or text[i - 1] in " \t\n[{,:"):  # a quote that opens a scalar, not an apostrophe
            quote = ch
        elif ch == "#" and (i == 0 or text[i - 1] in " \t\n"):
            end = text.find("\n", i)
            i = len(text) if end < 0 else end
            continue
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return i
        elif ch in "]}":
            depth -= 1
        i += 1
    return None


# a value that starts with a mapping in braces, on one line: after a key's colon, a list's
# dash, or an opening bracket or comma in braces; the mapping's text is group 1
_BRACED = re.compile(r"(?:^|:[ \t]+|^[ \t]*-[ \t]+|[\[{,][ \t]*)(\{[^{}\n]*\})[ \t]*$")


def _braced_start(text: str, index: int) -> tuple[int, str] | None:
    """Where a mapping in braces starts, and its text, when YAML stopped just after it on its
    line (`text: {name} coins`, `{cost}, or flip`): the value was a text starting with a
    template, read as a mapping then more; None otherwise."""
    start = text.rfind("\n", 0, index) + 1
    found = _BRACED.search(text[start:index])
    if found is None or index >= len(text) or text[index] in "\n#":
        return None
    return start + found.start(1), found.group(1)


# an inline icon's name just before the colon that ends it (`:fish` of `Take 1 :fish:`), and
# where a plain value may start on its line: after the indent and a list's dashes, a key's
# colon, or (in brackets) an opening bracket or a comma
_ICON_BEFORE = re.compile(r"(?<![^\W_]):([a-z][a-z0-9-]*)$")
_BLOCK_START = re.compile(r"^[ \t]*(?:-[ \t]+)*|:[ \t]+")
_FLOW_START = re.compile(r"^[ \t]*(?:-[ \t]+)*|:[ \t]+|[\[{,][ \t]*")


def _icon_colon(text: str, index: int, block: bool) -> tuple[int, str] | None:
    """Where a text starts, and what to say of it, when YAML stopped at the colon that ends an
    inline icon in a text written without quotes (`effect: Take 1 :fish:`): it read the colon
    as a key's; None otherwise. In a block the text runs to the end of its line (its comment
    left out); in brackets, a comma may have ended it, so it is named by its start."""
    if text[index: index + 1] != ":":
        return None
    start = text.rfind("\n", 0, index) + 1
    icon = _ICON_BEFORE.search(text, start, index)
    if icon is None:
        return None
    value = start + max(m.end() for m in (_BLOCK_START if block else _FLOW_START).finditer(text[start: icon.start()])
                        if not _ICON_BEFORE.search(text, start, start + m.start()))  # (not an earlier icon's colon)
    why = f"without them YAML reads the colon that ends the icon :{icon.group(1)}: as the end of a key"
    if block:
        end = text.find("\n", index)
        line = text[value: len(text) if end < 0 else end]
        comment = re.search(r"[ \t]#", line)
        written = json.dumps((line[: comment.start()] if comment else line).strip(), ensure_ascii=False)
        return value, f"write the text in quotes, {written}: {why}"
    return value, f"write the text that starts with {text[value: index + 1]} in quotes: {why}"


def _offset_to_position(text: str, offset: int) -> tuple[int, int]:
    before = text[:offset]
    line = before.count("\n") + 1
    column = offset - (before.rfind("\n") + 1) + 1
    return line, column


class _Converter:
    def __init__(self, file: str):
        self.file = file
        self.values: dict[DataPath, int] = {}
        self.keys: dict[DataPath, int] = {}
        self.problems: list[Problem] = []
        self.nodes = 0
        self.converted: set[int] = set()
        self.active: set[int] = set()
        self.scalars = SafeConstructor()

    def loc(self, node: yaml.Node) -> Location:
        return Location(self.file, *_position(node.start_mark))

    def convert(self, node: yaml.Node, path: DataPath) -> Any:
        if id(node) in self.converted:  # reached again through an alias
            self.nodes += 1
        else:
            self.converted.add(id(node))
        if self.nodes > MAX_NODES:
            raise _Stop(problem(
                "yaml-alias", self.loc(node),
                f"the data expands to more than {MAX_NODES:,} values; "
                "aliases are nested too deeply (an alias bomb?)",
            ))
        if len(path) >= MAX_DEPTH and not isinstance(node, yaml.ScalarNode):  # the MAX_DEPTH + 1st collection in
            raise _Stop(problem(
                "yaml-syntax", self.loc(node), f"data is nested more than {MAX_DEPTH} levels deep",
            ))
        # The first place a node is seen wins, so a value reached through an alias
        # is located where it is written.
        self.values.setdefault(path, _packed(node.start_mark))
        if isinstance(node, yaml.ScalarNode):
            if node.tag == _STR_TAG:
                return node.value
            plain = _PLAIN.get(node.tag)
            try:
                if plain is not None and plain[0](node.value):
                    return plain[1](node.value)
                return self.scalars.construct_object(node, deep=True)
            except ConstructorError as exc:
                reason = exc.problem or str(exc).splitlines()[0]
                if "could not determine a constructor for the tag" in reason:
                    reason = f"unknown tag {node.tag!r}: pnp reads plain YAML values only"
                raise _Stop(problem("yaml-syntax", self.loc(node), reason))
            except ValueError as exc:
                raise _Stop(problem("yaml-syntax", self.loc(node), f"cannot read value: {str(exc).splitlines()[0]}"))
        if id(node) in self.active:
            raise _Stop(problem(
                "yaml-alias", self.loc(node), "an alias refers to the node that contains it",
            ))
        self.active.add(id(node))
        try:
            if isinstance(node, yaml.SequenceNode):
                return [self.convert(item, path + (i,)) for i, item in enumerate(node.value)]
            return self.mapping(node, path)
        finally:
            self.active.discard(id(node))

    def mapping(self, node: yaml.MappingNode, path: DataPath) -> dict:
        result: dict[str, Any] = {}
        first_seen: dict[str, int] = {}
        merged: list[yaml.MappingNode] = []
        for key_node, value_node in node.value:
            if key_node.tag == _MERGE_TAG:
                sources = value_node.value if isinstance(value_node, yaml.SequenceNode) else [value_node]
                for source in sources:
                    if not isinstance(source, yaml.MappingNode):
                        raise _Stop(problem(
                            "yaml-syntax", self.loc(source), "a merge key (<<) needs a mapping or a list of mappings",
                        ))
                    merged.append(source)
                continue
            if not isinstance(key_node, yaml.ScalarNode):
                raise _Stop(problem("yaml-syntax", self.loc(key_node), "a mapping key must be a plain value"))
            key = key_node.value
            line, _ = _position(key_node.start_mark)
            if key in first_seen:
                self.problems.append(problem(
                    "yaml-duplicate-key", self.loc(key_node),
                    f"duplicate key '{key}' (first given on line {first_seen[key]})",
                ))
                continue
            first_seen[key] = line
            inner = path + (key,)
            self.keys[inner] = _packed(key_node.start_mark)
            result[key] = self.convert(value_node, inner)
        for source in merged:
            if id(source) in self.active:
                raise _Stop(problem("yaml-alias", self.loc(source), "a merge key refers to the mapping that contains it"))
            self.active.add(id(source))
            try:
                extra = self.mapping(source, path)
            finally:
                self.active.discard(id(source))
            for key, value in extra.items():
                result.setdefault(key, value)
        return result


def load_yaml(root: Path, file: str, where: Location | None = None,
              name: str = "file") -> tuple[Document | None, list[Problem]]:
    """Load `root/file`. Returns the document (None when unreadable) and its problems; a file
    that cannot be read is reported at `where` (where it is named), as `name`."""
    try:
        raw = read_game_file(root, file, MAX_FILE_BYTES)
    except Unreadable as exc:
        return None, [read_problem(exc, where or Location(file), name)]
    return parse_yaml(raw, file)


def read_problem(exc: Unreadable, where: Location, name: str) -> Problem:
    """Why a data file could not be read, as a problem: `name` is how to call it."""
    if exc.size is not None:
        return problem("yaml-syntax", where, f"{name} is {exc.size / 1e6:.1f} MB; pnp reads data files of at most "
                                             f"{MAX_FILE_BYTES / 1e6:.1f} MB")
    return problem("missing-file", where, f"{name} {exc.reason}")


def parse_yaml(raw: bytes, file: str) -> tuple[Document | None, list[Problem]]:
    """Parse YAML bytes read from `file` (the name problems are located in). A process that
    reads the same bytes again (pnp watch, the tests) takes what it made the first time, as
    it does a document a build kept (see `kept_data` and `read_kept`): a document is never
    changed by its readers, but each gets its own copy of it."""
    digest = hashlib.sha256(raw).hexdigest()
    known = _known.get((file, digest))
    if known is None and read_kept is not None:
        known = _kept_document(file, digest, read_kept(file, digest))
    if known is not None:
        return replace(known, lists={}), []
    doc, problems = _parse_remembered(raw, file)
    return (replace(doc, lists={}) if doc is not None else None), list(problems)


# Where the documents a build kept are read, by file and SHA-256 of its bytes (set by
# pnp.checks.validate.reuse_work): the next validation reads them instead of parsing the YAML again
# (most of its time, after a build); and those read, by the same.
read_kept: Callable[[str, str], bytes | None] | None = None
_known: dict[tuple[str, str], Document] = {}


def _plain(value: Any) -> bool:
    """Whether a value survives JSON as it is (no dates, bytes or sets YAML may give)."""
    if value is None or isinstance(value, (str, bool, int, float)):
        return True
    if isinstance(value, list):
        return all(_plain(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _plain(v) for k, v in value.items())
    return False


def kept_data(doc: Document) -> bytes | None:
    """A document as data a cache can keep (None when JSON would not keep its data as it is)."""
    if not _plain(doc.data):
        return None
    positions = json.dumps([[[list(k), v] for k, v in doc.values.items()], [[list(k), v] for k, v in doc.keys.items()]])
    return json.dumps({"data": doc.data, "positions": positions}).encode("utf-8")


def _kept_document(file: str, digest: str, data: bytes | None) -> Document | None:
    """A document a build kept (`kept_data`), or None when there is none or it cannot be read
    (from another pnp, or edited by hand: the file is parsed again)."""
    if data is None:
        return None
    import orjson

    try:
        try:
            entry = orjson.loads(data)
        except orjson.JSONDecodeError:  # (what orjson does not read: NaN, integers past 64 bits)
            entry = json.loads(data)
        if not isinstance(entry["positions"], str):
            return None
        text = [entry["positions"]]
        doc = Document(file, entry["data"], _Positions(text, 0), _Positions(text, 1), digest)
    except (ValueError, TypeError, KeyError):
        return None
    _known[(file, digest)] = doc
    return doc


@lru_cache(maxsize=512)
def _parse_remembered(raw: bytes, file: str) -> tuple[Document | None, tuple[Problem, ...]]:
    doc, problems = _parse(raw, file)
    return doc, tuple(problems)


def _parse(raw: bytes, file: str) -> tuple[Document | None, list[Problem]]:
    start = Location(file)
    if b"\0" in raw[:8192]:
        return None, [problem("yaml-syntax", start, "file is binary, not YAML text")]
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        good = raw[: exc.start].decode("utf-8", errors="replace")
        line, column = _offset_to_position(good, len(good))
        return None, [problem(
            "yaml-syntax", Location(file, line, column),
            f"file is not UTF-8 text (byte 0x{raw[exc.start]:02x} at offset {exc.start})",
        )]

    try:
        if not _BOUNDED:  # composing would recurse as deep as the brackets go: count them first
            depth = 0
            for event in yaml.parse(text, Loader=_Loader):
                if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                    depth += 1
                    if depth > MAX_DEPTH:
                        return None, [problem(
                            "yaml-syntax", Location(file, *_position(event.start_mark)),
                            f"data is nested more than {MAX_DEPTH} levels deep",
                        )]
                elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
                    depth -= 1
        # (libyaml's own limit is reported as pnp's, below; the converter stops at MAX_DEPTH)
        node = yaml.compose(text, Loader=_Composer)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = Location(file, *_position(mark)) if mark else start
        message = exc.problem or "invalid YAML"
        if message.startswith("exceeded maximum nesting depth"):  # libyaml's own limit, met scanning ahead
            found = _too_deep(text[: mark.index + 1] if mark else text)
            return None, [problem("yaml-syntax", Location(file, *_offset_to_position(text, found)) if found is not None
                                  else where, f"data is nested more than {MAX_DEPTH} levels deep")]
        if exc.context and message.startswith("but "):
            message = f"{exc.context}, {message}"
        elif exc.context:
            context = exc.context
            start_mark = exc.context_mark
            if start_mark is not None and mark is not None and start_mark.line != mark.line:
                context += f" that starts at line {start_mark.line + 1}, column {start_mark.column + 1}"
            message = f"{message} ({context})"
        if (exc.context or "").startswith("while scanning a quoted scalar") and exc.context_mark is not None \
                and exc.problem in ("found unexpected end of stream", "found unexpected document separator"):
            # the file ends (or a document does) inside quotes: the quote that opens them is the mistake
            where = Location(file, *_position(exc.context_mark))
            message = "the quote that opens here is never closed"
        braced = _braced_start(text, mark.index) if mark is not None else None
        if braced is not None:  # a text that starts with a template: YAML read a mapping, then more
            where = Location(file, *_offset_to_position(text, braced[0]))
            message = f"write the text that starts with {braced[1]} in quotes: without them YAML reads {braced[1]} " \
                      f"as a mapping"
        icon = _icon_colon(text, mark.index, message == "mapping values are not allowed in this context") \
            if mark is not None and braced is None else None
        if icon is not None:  # a text that shows an inline icon: YAML read the colon that ends it as a key's
            where = Location(file, *_offset_to_position(text, icon[0]))
            message = icon[1]
        if mark and text[mark.index: mark.index + 1] == "\t":
            message = "a tab cannot indent YAML; use spaces"
        if message.startswith("found undefined alias") and mark is not None:
            name = re.match(r"\*([^\s,\[\]{}]*)", text[mark.index:])
            message = f"alias *{name.group(1) if name else ''} refers to an anchor that is not defined before it"
        return None, [problem("yaml-syntax", where, message)]
    except yaml.reader.ReaderError as exc:
        line, column = _offset_to_position(text, exc.position)
        char = exc.character if isinstance(exc.character, int) else ord(exc.character or "\0")
        reason = f"character U+{char:04X} is not allowed in YAML text ({exc.reason})"
        return None, [problem("yaml-syntax", Location(file, line, column), reason)]
    except yaml.YAMLError as exc:  # pragma: no cover - pyyaml raises marked errors in practice
        return None, [problem("yaml-syntax", start, str(exc).splitlines()[0])]
    except RecursionError:
        return None, [problem("yaml-syntax", start, "data is nested too deeply to read")]

    if node is None:
        return None, [problem("empty-file", start, "file is empty")]

    converter = _Converter(file)
    try:
        data = converter.convert(node, ())
    except _Stop as stop:
        return None, converter.problems + [stop.problem]
    digest = hashlib.sha256(raw).hexdigest()
    return Document(file, data, converter.values, converter.keys, digest), converter.problems
