"""A parsed expression: read once, with Python's own parser and the compiler, evaluated many
times, each evaluation with its own MAX_STEPS and charged to the total budget."""

from __future__ import annotations

import ast
import keyword
import re
import warnings
from collections.abc import Mapping  # isinstance() through typing's alias is several times slower
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Collection

from .compiler import Compiler, Fn
from .limits import MAX_SOURCE, MAX_STEPS, ExpressionError, kind_of, too_long, too_long_in_all, total


def _failed(error: BaseException) -> BaseException:
    """What an evaluation that failed raises: an ExpressionError for running out of stack or
    memory too."""
    if isinstance(error, RecursionError):
        return ExpressionError("the expression or its data is too deeply nested")
    if isinstance(error, MemoryError):
        return ExpressionError("the expression needs too much memory")
    return error


@dataclass(frozen=True)
class Expression:
    """A parsed expression: `names` are the free names it reads from the environment."""

    source: str
    names: frozenset[str]
    _fn: Fn = field(repr=False, compare=False)
    _blank: list = field(repr=False, compare=False)  # a fresh frame, copied per evaluation

    def evaluate(self, env: Mapping[str, Any]) -> Any:
        """The expression's value with its names looked up in `env`. Raises ExpressionError."""
        return self._run(env, self._blank.copy())

    def _evaluate(self, env: Mapping[str, Any], language: str) -> Any:
        frame = self._blank.copy()
        frame[1] = language
        return self._run(env, frame)

    def _run(self, env: Mapping[str, Any], frame: list) -> Any:
        if total[0] < MAX_STEPS:  # the total budget's last steps
            return self._last(env, frame)
        try:
            return self._fn(env, frame)
        except BaseException as error:
            raise _failed(error) from None
        finally:
            total[0] -= MAX_STEPS - frame[0]  # (each step counts towards the total)

    def _last(self, env: Mapping[str, Any], frame: list) -> Any:
        """An evaluation in the total budget's last MAX_STEPS: it has those only, and running
        out of them is running out of the total."""
        left = total[0]
        if left <= 0:
            raise too_long_in_all(0)
        frame[0] -= MAX_STEPS - left
        try:
            return self._fn(env, frame)
        except ExpressionError as error:
            if error.message == too_long(None).message:
                raise too_long_in_all(error.offset) from None
            raise
        except BaseException as error:
            raise _failed(error) from None
        finally:
            total[0] -= left - frame[0]

    def __reduce__(self) -> tuple:
        return parse, (self.source,)


def parse(source: str, names: Collection[str] | None = None) -> Expression:
    """The expression written in `source`; see _parse. Expressions are immutable, so each is
    parsed once per process (a game loaded again, as pnp watch and the tests do, parses none)."""
    return _parse_cached(source, None if names is None else frozenset(names))


@lru_cache(maxsize=8192)
def _parse_cached(source: str, names: frozenset[str] | None) -> Expression:
    return _parse(source, names)


def _parse(source: str, names: Collection[str] | None = None) -> Expression:
    """Parse an expression once, to be evaluated many times.

    When `names` is given, every free name must be one of them (or a constant or function).
    Raises ExpressionError, with the offset in `source`, on a syntax error or anything the
    language does not allow.
    """
    if not isinstance(source, str):
        raise ExpressionError(f"an expression must be text, not {kind_of(source)}")
    if len(source) > MAX_SOURCE:  # (refused unread: parsing it would be the cost)
        raise ExpressionError(f"an expression longer than {MAX_SOURCE:,} characters", 0)
    body = source.strip()
    base = len(source) - len(source.lstrip())
    if not body:
        raise ExpressionError("empty expression", 0)
    newline = re.search(r"[\r\n]", body)
    if newline:
        raise ExpressionError("syntax error: an expression must be on one line", base + newline.start())
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            # the newline makes Python point at the end of the text, not at 0, for a missing end
            tree = ast.parse(body + "\n", mode="eval")
    except SyntaxError as error:
        offset = None if not error.offset or error.lineno != 1 else base + min(error.offset - 1, len(body))
        word = re.match(r"[A-Za-z_]\w*", source[offset:]) if offset is not None and error.msg == "invalid syntax" \
            else None
        if word is not None and keyword.iskeyword(word.group()):  # (`{yield}`: a name Python keeps)
            raise ExpressionError(f"syntax error: '{word.group()}' is a word expressions keep for themselves, not a "
                                  f"name (no field or value can be called so)", offset) from None
        raise ExpressionError(f"syntax error: {error.msg}", offset) from None
    except (ValueError, RecursionError, MemoryError):
        raise ExpressionError("syntax error: the expression is too deeply nested or not text", None) from None
    compiler = Compiler(body, base, None if names is None else frozenset(names))
    try:
        fn = compiler.compile(tree.body)
    except RecursionError:
        raise ExpressionError("the expression is too deeply nested", None) from None
    if compiler.cost > MAX_STEPS:
        raise too_long(None)
    blank = [MAX_STEPS - compiler.cost, "en"] + [None] * (compiler.slots - 2)
    return Expression(source, frozenset(compiler.free), fn, blank)
