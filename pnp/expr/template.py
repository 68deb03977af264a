"""Templates: text with `{expression}` parts, each optionally ending in a format spec, written
in a language; a list or mapping charged to the total budget before it is written."""

from __future__ import annotations

from collections.abc import Mapping  # isinstance() through typing's alias is several times slower
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Collection

from .costs import written_size
from .expression import Expression, parse
from .format import Spec, format_value, formatted, parse_spec
from .limits import MAX_STEPS, PLAIN, ExpressionError, kind_of, too_large, too_long, too_long_in_all, total


def _writing(value: Any, spec: Spec | None, offset: int) -> None:
    """Charge the total budget for writing a list or mapping, before it is written: as an
    evaluation, at most MAX_STEPS characters (with a spec, each value counted with its width
    and precision)."""
    left = total[0]
    if left <= 0:
        raise too_long_in_all(offset)
    budget = [left if left < MAX_STEPS else MAX_STEPS]
    start = budget[0]
    try:
        written_size(value, budget, spec.room if spec is not None else 0)
    except ExpressionError:
        raise (too_long_in_all if left < MAX_STEPS else too_long)(offset) from None
    finally:
        total[0] -= start - budget[0]


@dataclass(frozen=True)
class _Part:
    expression: Expression
    start: int  # where the expression starts in the template
    spec: Spec | None
    spec_start: int


@dataclass(frozen=True)
class Template:
    """Text with `{expression}` parts, each optionally ending in a format spec: `{value:02d}`."""

    source: str
    names: frozenset[str]
    constant: bool
    _pieces: tuple[str | _Part, ...] = field(repr=False, compare=False)

    def render(self, env: Mapping[str, Any], language: str = "en") -> str:
        """The text, each part replaced by its value written in `language`."""
        out = []
        for piece in self._pieces:
            if type(piece) is str:
                out.append(piece)
                continue
            value = _shifted(piece, env, language)
            try:
                if type(value) not in PLAIN:  # a list or mapping: its text is counted before it is written
                    _writing(value, piece.spec, piece.start)
                out.append(format_value(value, language) if piece.spec is None
                           else formatted(value, piece.spec, language))
            except ExpressionError:
                raise
            except (ValueError, TypeError, OverflowError):
                if piece.spec is None:  # only a number too long for Python to write can fail here
                    raise too_large(piece.start) from None
                raise ExpressionError(f"cannot format {kind_of(value)} with ':{piece.spec.text}'",
                                      piece.spec_start) from None
            except RecursionError:
                raise ExpressionError("the value is too deeply nested to write", piece.start) from None
        return "".join(out)

    def value(self, env: Mapping[str, Any]) -> Any:
        """For a template that is one `{expression}` and nothing else, the expression's raw
        value; otherwise the rendered text."""
        pieces = self._pieces
        if len(pieces) == 1 and type(pieces[0]) is _Part and pieces[0].spec is None:
            return _shifted(pieces[0], env, "en")
        return self.render(env)

    def __reduce__(self) -> tuple:
        return parse_template, (self.source,)


def _shifted(part: _Part, env: Mapping[str, Any], language: str) -> Any:
    """A part's value; an error's offset moves from the part into the template."""
    try:
        return part.expression._evaluate(env, language)
    except ExpressionError as error:
        raise ExpressionError(error.message, None if error.offset is None else part.start + error.offset) from None


def _part_end(source: str, start: int) -> tuple[int, int | None]:
    """Where the part whose `{` is at `start` ends (its `}`), and where its format spec's
    colon is: the first at bracket depth 0 and outside quotes."""
    depth, quote, colon, i = 0, None, None, start + 1
    while i < len(source):
        char = source[i]
        if colon is not None:
            if char == "{":
                raise ExpressionError("a format spec cannot contain '{'", i)
            if char == "}":
                return i, colon
        elif quote is not None:
            if char == "\\":
                i += 1
            elif char == quote:
                quote = None
        elif char in "'\"":
            quote = char
        elif char in "([{":
            depth += 1
        elif char in ")]}":
            if depth == 0 and char == "}":
                return i, None
            depth = max(depth - 1, 0)
        elif char == ":" and depth == 0:
            colon = i
        i += 1
    raise ExpressionError("unclosed '{' (write '{{' for a literal '{')", start)


def literal_text(source: str) -> str:
    """A template's own words: its text outside `{expression}` parts, each part a space (`{{`
    and `}}` are braces). A part left open runs to the end (parsing the template says so)."""
    out, i = [], 0
    while i < len(source):
        char = source[i]
        if char in "{}" and source[i + 1:i + 2] == char:
            out.append(char)
            i += 2
        elif char == "{":
            try:
                i = _part_end(source, i)[0] + 1
            except ExpressionError:
                i = len(source)
            out.append(" ")
        else:
            out.append(char)
            i += 1
    return "".join(out)


def parse_template(source: str, names: Collection[str] | None = None) -> Template:
    """The template written in `source`; see _parse_template (parsed once per process)."""
    return _template_cached(source, None if names is None else frozenset(names))


@lru_cache(maxsize=8192)
def _template_cached(source: str, names: frozenset[str] | None) -> Template:
    return _parse_template(source, names)


def _parse_template(source: str, names: Collection[str] | None = None) -> Template:
    """Parse a template: text with `{expression}` parts, `{{` and `}}` for literal braces.

    Raises ExpressionError whose offset is in the template's source.
    """
    if not isinstance(source, str):
        raise ExpressionError(f"a template must be text, not {kind_of(source)}")
    names = None if names is None else frozenset(names)
    pieces: list[str | _Part] = []
    text: list[str] = []
    i = 0
    while i < len(source):
        char = source[i]
        if char in "{}" and source[i + 1:i + 2] == char:
            text.append(char)
            i += 2
        elif char == "}":
            raise ExpressionError("unmatched '}' (write '}}' for a literal '}')", i)
        elif char == "{":
            end, colon = _part_end(source, i)
            try:
                expression = parse(source[i + 1:colon if colon is not None else end], names)
            except ExpressionError as error:
                raise ExpressionError(error.message, None if error.offset is None else i + 1 + error.offset) from None
            spec = None if colon is None else parse_spec(source[colon + 1:end], colon + 1)
            if text:
                pieces.append("".join(text))
                text = []
            pieces.append(_Part(expression, i + 1, spec, -1 if colon is None else colon + 1))
            i = end + 1
        else:
            text.append(char)
            i += 1
    if text:
        pieces.append("".join(text))
    parts = [piece for piece in pieces if type(piece) is _Part]
    return Template(source, frozenset().union(*(p.expression.names for p in parts)), not parts, tuple(pieces))
