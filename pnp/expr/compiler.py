"""The compiler: a checked syntax tree turned into closures `(env, frame) -> value`, each node
refused unless the language allows it, each charging its steps as it runs."""

from __future__ import annotations

import ast
import difflib
import math
from collections.abc import Mapping  # isinstance() through typing's alias is several times slower
from typing import Any, Callable, Collection

from .costs import compared, hashable, members
from .format import format_value
from .functions import CONSTANTS, FUNCTIONS, signature_of
from .limits import (GROWN, MAX_DEPTH, PLAIN, SEQUENCES, ExpressionError, checked, kind_of, spend, too_large,
                     too_long)
from .operators import BINARY, COMPARE, REFUSED, SYMBOLS, added, repeated

_SIZED = (list, tuple, str, dict)

Fn = Callable[[Mapping[str, Any], list], Any]


def _suggest(word: Any, candidates: Collection[Any]) -> str:
    if not isinstance(word, str):
        return ""
    close = difflib.get_close_matches(word, [c for c in candidates if isinstance(c, str)], n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""


def _suggest_name(word: str, names: Collection[Any]) -> str:
    """The name closest to an unknown one: one of the names, or a constant when it is closer
    than any and close indeed (`nnone` is none, not note; `value` is not false)."""
    def score(found: list[str]) -> float:
        return difflib.SequenceMatcher(None, word, found[0]).ratio() if found else 0.0

    name = difflib.get_close_matches(word, [n for n in names if isinstance(n, str)], n=1)
    constant = difflib.get_close_matches(word, list(CONSTANTS), n=1, cutoff=0.75)
    best = constant if score(constant) > score(name) else name
    return f" (did you mean '{best[0]}'?)" if best else ""


def _at(error: ExpressionError, offset: int | None) -> ExpressionError:
    """`error`, located at `offset` unless it already is."""
    return error if error.offset is not None else ExpressionError(error.message, offset)


class Compiler:
    """Turns a checked syntax tree into closures `(env, frame) -> value`."""

    def __init__(self, text: str, base: int, names: frozenset[str] | None) -> None:
        self.text, self.base, self.names = text, base, names
        self.encoded = None if text.isascii() else text.encode()
        self.scope: dict[str, int] = {}  # comprehension variables: their frame slots
        self.slots = 2
        self.cost = 0
        self.free: set[str] = set()
        self.depth = 0
        self.constants: dict[Fn, Any] = {}  # the closures that return a constant, with it
        self.variables: dict[Fn, int] = {}  # the closures that read a comprehension variable, with its slot

    def at(self, column: int) -> int:
        """The character offset in the source of an AST byte column."""
        if self.encoded is None:
            return self.base + column
        return self.base + len(self.encoded[:column].decode("utf-8", "ignore"))

    def after(self, node: ast.AST) -> int:
        """The offset of the operator after `node`: skips spaces and closing brackets."""
        text, i = self.text, self.at(node.end_col_offset) - self.base
        while i < len(text) and text[i] in " \t)":
            i += 1
        return self.base + i

    def compile(self, node: ast.AST) -> Fn:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise ExpressionError("the expression is too deeply nested", self.at(node.col_offset))
        self.cost += 1
        method = getattr(self, "_" + type(node).__name__, None)
        if method is None:
            raise self.refuse(node)
        fn = method(node)
        self.depth -= 1
        return fn

    def refuse(self, node: ast.AST) -> ExpressionError:
        message = REFUSED.get(type(node))
        if message is None:
            message = f"{type(node).__name__.lower()} is not allowed"
        return ExpressionError(message, self.at(getattr(node, "col_offset", 0)))

    def _Constant(self, node: ast.Constant) -> Fn:
        value = node.value
        if type(value) not in (int, float, str, bool, type(None)):
            raise ExpressionError(f"{type(value).__name__} values are not allowed", self.at(node.col_offset))
        return self.constant(checked(value, self.at(node.col_offset)))

    def constant(self, value: Any) -> Fn:
        fn: Fn = lambda env, frame: value  # noqa: E731
        self.constants[fn] = value
        return fn

    def _Name(self, node: ast.Name) -> Fn:
        name = node.id
        if name in CONSTANTS:
            return self.constant(CONSTANTS[name])
        slot = self.scope.get(name)
        if slot is not None:
            fn: Fn = lambda env, frame: frame[slot]  # noqa: E731
            self.variables[fn] = slot
            return fn
        offset = self.at(node.col_offset)
        if self.names is not None and name not in self.names and name not in FUNCTIONS:
            raise ExpressionError(f"unknown name '{name}'{_suggest_name(name, sorted({*self.names, *self.scope}))}",
                                  offset)
        self.free.add(name)

        def lookup(env: Mapping[str, Any], frame: list) -> Any:
            try:
                return env[name]
            except KeyError:
                raise ExpressionError(f"unknown name '{name}'{_suggest_name(name, list(env))}", offset) from None
        return lookup

    def _Attribute(self, node: ast.Attribute) -> Fn:
        name = node.attr
        offset = self.at(node.end_col_offset) - len(name)
        if name.startswith("_"):
            raise ExpressionError(f"field names starting with '_' are not allowed: '{name}'", offset)
        value = self.compile(node.value)
        slot = self.variables.get(value)

        def read(env: Mapping[str, Any], frame: list) -> Any:
            # `c.name` on a comprehension's variable is the commonest read: no call for `c`
            mapping = frame[slot] if slot is not None else value(env, frame)
            if isinstance(mapping, (dict, Mapping)):
                try:
                    return mapping[name]
                except KeyError:
                    raise ExpressionError(f"no field '{name}'{_suggest(name, list(mapping))}", offset) from None
            raise ExpressionError(f"cannot read field '{name}' of {kind_of(mapping)}", offset)
        return read

    def _Subscript(self, node: ast.Subscript) -> Fn:
        value = self.compile(node.value)
        index = self._slice(node.slice) if isinstance(node.slice, ast.Slice) else self.compile(node.slice)
        offset = self.after(node.value)

        def item(env: Mapping[str, Any], frame: list) -> Any:
            container, key = value(env, frame), index(env, frame)
            try:
                if isinstance(container, (str, list, tuple, Mapping)):
                    if type(key) is slice and type(container) in GROWN:
                        spend(frame, len(range(*key.indices(len(container)))), offset)
                    elif type(key) is tuple:
                        hashable(key, frame)
                    return container[key]
            except ExpressionError as error:
                raise _at(error, offset) from None
            except KeyError:
                shown = repr(key) if type(key) in PLAIN or len(key) <= 20 and all(type(k) in PLAIN for k in key) \
                    else f"(a tuple of {len(key)} values)"  # (not a tuple of tuples written out)
                raise ExpressionError(f"no key {shown}{_suggest(key, list(container))}", offset) from None
            except IndexError:
                unit = "characters" if isinstance(container, str) else "elements"
                raise ExpressionError(f"index {format_value(key)} is out of range (the {kind_of(container)} has "
                                      f"{len(container)} {unit})", offset) from None
            except (TypeError, ValueError):
                if type(key) is not slice:
                    message = f"cannot index {kind_of(container)} with {kind_of(key)}"
                elif isinstance(container, Mapping):
                    message = "cannot slice a mapping"
                else:
                    message = "a slice step cannot be 0" if key.step == 0 else "slice bounds must be whole numbers"
                raise ExpressionError(message, offset) from None
            raise ExpressionError(f"cannot index {kind_of(container)}", offset)
        return item

    def _slice(self, node: ast.Slice) -> Fn:
        self.cost += 1
        parts = [self.compile(part) if part is not None else None for part in (node.lower, node.upper, node.step)]
        lower, upper, step = (part or (lambda env, frame: None) for part in parts)
        return lambda env, frame: slice(lower(env, frame), upper(env, frame), step(env, frame))

    def _BinOp(self, node: ast.BinOp) -> Fn:
        if type(node.op) not in BINARY:
            raise ExpressionError(f"the operator '{SYMBOLS.get(type(node.op), '?')}' is not allowed",
                                  self.after(node.left))
        operate, message = BINARY[type(node.op)]
        left, right = self.compile(node.left), self.compile(node.right)
        offset = self.after(node.left)
        # (only + and * make texts and lists: their length is charged before they are made)
        length = {ast.Add: added, ast.Mult: repeated}.get(type(node.op))
        either = isinstance(node.op, ast.Mult)  # (a list is repeated by 3 * xs as by xs * 3, added to by xs + ys only)

        def binary(env: Mapping[str, Any], frame: list) -> Any:
            a, b = left(env, frame), right(env, frame)
            try:
                if length is not None and (type(a) in GROWN or either and type(b) in GROWN):
                    frame[0] -= length(a, b)
                    if frame[0] < 0:
                        raise too_long(offset)
                    return operate(a, b)  # (a text or list, of the length charged: no number to check)
                result = operate(a, b)
            except ExpressionError as error:
                raise ExpressionError(error.message, offset) from None
            except ZeroDivisionError:
                raise ExpressionError("division by zero", offset) from None
            except (OverflowError, MemoryError):
                raise too_large(offset) from None
            except (TypeError, ValueError):
                raise ExpressionError(message.format(a=kind_of(a), b=kind_of(b)), offset) from None
            return checked(result, offset)
        return binary

    def _UnaryOp(self, node: ast.UnaryOp) -> Fn:
        operand = self.compile(node.operand)
        offset = self.at(node.col_offset)
        if isinstance(node.op, ast.Not):
            return lambda env, frame: not operand(env, frame)
        if isinstance(node.op, ast.Invert):
            raise ExpressionError("the operator '~' is not allowed", offset)
        negate = isinstance(node.op, ast.USub)

        def unary(env: Mapping[str, Any], frame: list) -> Any:
            value = operand(env, frame)
            if not isinstance(value, (int, float)):
                raise ExpressionError(f"cannot {'negate' if negate else 'use + on'} {kind_of(value)}", offset)
            return -value if negate else +value
        return unary

    def _BoolOp(self, node: ast.BoolOp) -> Fn:
        values = [self.compile(value) for value in node.values]
        if isinstance(node.op, ast.And):
            if len(values) == 2:
                first, second = values
                return lambda env, frame: (second(env, frame) if (v := first(env, frame)) else v)

            def all_of(env: Mapping[str, Any], frame: list) -> Any:
                for value in values:
                    result = value(env, frame)
                    if not result:
                        return result
                return result
            return all_of
        if len(values) == 2:
            first, second = values
            return lambda env, frame: (v if (v := first(env, frame)) else second(env, frame))

        def any_of(env: Mapping[str, Any], frame: list) -> Any:
            for value in values:
                result = value(env, frame)
                if result:
                    return result
            return result
        return any_of

    def _Compare(self, node: ast.Compare) -> Fn:
        operands = [self.compile(node.left)] + [self.compile(c) for c in node.comparators]
        offsets = [self.after(n) for n in [node.left] + node.comparators[:-1]]
        if len(node.ops) == 1:
            return self._comparison(node.ops[0], operands[0], operands[1], offsets[0])
        # a chain: each operand is evaluated once, into a slot, and the chain stops at the first false test
        slots = range(self.slots, self.slots + len(operands))
        self.slots += len(operands)
        reads = [lambda env, frame, slot=slot: frame[slot] for slot in slots]
        tests = [self._comparison(op, reads[i], reads[i + 1], offsets[i]) for i, op in enumerate(node.ops)]
        steps = list(zip(operands[1:], slots[1:], tests))
        first, first_slot = operands[0], slots[0]

        def chain(env: Mapping[str, Any], frame: list) -> Any:
            frame[first_slot] = first(env, frame)
            for operand, slot, test in steps:
                frame[slot] = operand(env, frame)
                if not test(env, frame):
                    return False
            return True
        return chain

    def _comparison(self, op: ast.cmpop, left: Fn, right: Fn, offset: int) -> Fn:
        if isinstance(op, (ast.In, ast.NotIn)):
            negate = isinstance(op, ast.NotIn)

            def contains(env: Mapping[str, Any], frame: list) -> bool:
                a, b = left(env, frame), right(env, frame)
                if isinstance(b, _SIZED):
                    frame[0] -= len(b)
                    if frame[0] < 0:
                        raise too_long(offset)
                    if (type(b) is list or type(b) is tuple) and type(a) in PLAIN:  # (each comparison at once)
                        return a not in b if negate else a in b
                try:
                    if type(b) is list or type(b) is tuple:
                        return members(a, b, frame) != negate
                    if isinstance(b, Mapping) or isinstance(b, str) and isinstance(a, str):
                        hashable(a, frame)
                        return (a in b) != negate
                except TypeError:
                    pass
                except ExpressionError as error:
                    raise _at(error, offset) from None
                raise ExpressionError(f"cannot look for {kind_of(a)} in {kind_of(b)}", offset)
            return contains
        compare = COMPARE[type(op)]
        if right in self.constants:
            constant = self.constants[right]

            def compare_constant(env: Mapping[str, Any], frame: list) -> Any:
                a = left(env, frame)
                try:
                    return compare(a, constant)
                except TypeError:
                    raise ExpressionError(f"cannot compare {kind_of(a)} and {kind_of(constant)}", offset) from None
            return compare_constant

        def comparison(env: Mapping[str, Any], frame: list) -> Any:
            a, b = left(env, frame), right(env, frame)
            try:
                if type(a) in PLAIN:
                    return compare(a, b)
                return compared(compare, a, b, frame)  # lists element by element, each charged
            except TypeError:
                raise ExpressionError(f"cannot compare {kind_of(a)} and {kind_of(b)}", offset) from None
            except ExpressionError as error:
                raise _at(error, offset) from None
        return comparison

    def _IfExp(self, node: ast.IfExp) -> Fn:
        test, body, orelse = self.compile(node.test), self.compile(node.body), self.compile(node.orelse)
        return lambda env, frame: body(env, frame) if test(env, frame) else orelse(env, frame)

    def _List(self, node: ast.List) -> Fn:
        elements = [self.compile(e) for e in node.elts]
        return lambda env, frame: [e(env, frame) for e in elements]

    def _Tuple(self, node: ast.Tuple) -> Fn:
        elements = [self.compile(e) for e in node.elts]
        return lambda env, frame: tuple([e(env, frame) for e in elements])

    def _Dict(self, node: ast.Dict) -> Fn:
        if any(key is None for key in node.keys):
            raise ExpressionError("'**' is not allowed", self.at(node.col_offset))
        pairs = [(self.compile(k), self.compile(v)) for k, v in zip(node.keys, node.values)]
        offset = self.at(node.col_offset)

        def mapping(env: Mapping[str, Any], frame: list) -> dict:
            result = {}
            for key, value in pairs:
                k = key(env, frame)
                try:
                    hashable(k, frame)
                    result[k] = value(env, frame)
                except TypeError:
                    raise ExpressionError(f"cannot use a {kind_of(k)} as a key", offset) from None
                except ExpressionError as error:
                    raise _at(error, offset) from None
            return result
        return mapping

    def _ListComp(self, node: ast.ListComp | ast.GeneratorExp) -> Fn:
        # Generators are run at once into lists: nothing lazy can outlive its evaluation.
        generators = node.generators
        offset = self.at(node.col_offset)
        if any(g.is_async for g in generators):
            raise ExpressionError("'async for' is not allowed", offset)
        iterables = [self.compile(generators[0].iter)]
        outer_cost, outer_scope = self.cost, dict(self.scope)
        levels = []
        for i, generator in enumerate(generators):
            self.cost = 1
            slot, bind = self._target(generator.target)
            tests = [self.compile(test) for test in generator.ifs]
            if i + 1 < len(generators):
                iterables.append(self.compile(generators[i + 1].iter))
            else:
                element = self.compile(node.elt)
            levels.append((slot, bind, tests, self.cost))
        self.cost, self.scope = outer_cost, outer_scope

        inner = None
        for (slot, bind, tests, cost), iterate in reversed(list(zip(levels, iterables))):
            inner = self._level(iterate, slot, bind, tests, cost, inner, element if inner is None else None, offset)
        run = inner

        def comprehension(env: Mapping[str, Any], frame: list) -> list:
            found: list = []
            run(env, frame, found)
            return found
        return comprehension

    _GeneratorExp = _ListComp

    @staticmethod
    def _level(iterate: Fn, slot: int, bind: Callable | None, tests: list[Fn], cost: int,
               inner: Callable | None, element: Fn | None, offset: int) -> Callable:
        """One `for` of a comprehension: runs `inner` (the next `for`) or appends `element`."""
        test = tests[0] if len(tests) == 1 else None
        if len(tests) > 1:
            test = lambda env, frame: all(t(env, frame) for t in tests)  # noqa: E731

        def level(env: Mapping[str, Any], frame: list, found: list) -> None:
            items = iterate(env, frame)
            if not isinstance(items, (list, tuple, str)):
                if not isinstance(items, Mapping):
                    raise ExpressionError(f"cannot loop over {kind_of(items)}", offset)
                items = list(items)
            # every element's steps are charged at once: the same total, and one check
            frame[0] -= cost * len(items)
            if frame[0] < 0:
                raise too_long(offset)
            append = found.append
            for item in items:
                if bind is None:
                    frame[slot] = item
                else:
                    bind(frame, item)
                if test is not None and not test(env, frame):
                    continue
                if element is not None:
                    append(element(env, frame))
                else:
                    inner(env, frame, found)
        return level

    def _target(self, node: ast.expr) -> tuple[int, Callable | None]:
        """Bind a comprehension's target: its slot, or a function unpacking into slots."""
        offset = self.at(node.col_offset)
        if isinstance(node, ast.Name):
            if node.id in CONSTANTS:
                raise ExpressionError(f"cannot assign to {node.id}", offset)
            slot = self.slots
            self.slots += 1
            self.scope[node.id] = slot
            return slot, None
        if not isinstance(node, (ast.Tuple, ast.List)):
            raise ExpressionError("a comprehension can only bind names, like 'for c in items'", offset)
        parts = [self._target(element) for element in node.elts]

        def unpack(frame: list, value: Any) -> None:
            if not isinstance(value, SEQUENCES) or len(value) != len(parts):
                size = f"{len(value)} values" if isinstance(value, SEQUENCES) else kind_of(value)
                raise ExpressionError(f"cannot unpack {size} into {len(parts)} names", offset)
            for (slot, bind), v in zip(parts, value):
                if bind is None:
                    frame[slot] = v
                else:
                    bind(frame, v)
        return -1, unpack

    def _Call(self, node: ast.Call) -> Fn:
        offset = self.at(node.col_offset)
        if isinstance(node.func, ast.Attribute):
            raise ExpressionError("call functions by name, like len(x); text and lists have no methods here",
                                  self.at(node.func.end_col_offset) - len(node.func.attr))
        if not isinstance(node.func, ast.Name):
            raise ExpressionError("only functions can be called, by name, like len(x)", offset)
        name = node.func.id
        if name not in FUNCTIONS:
            raise ExpressionError(f"unknown function '{name}'{_suggest(name, sorted(FUNCTIONS))}", offset)
        fn = FUNCTIONS[name]
        signature = signature_of(fn)
        for keyword in node.keywords:
            where = self.at(keyword.col_offset)
            if keyword.arg is None:
                raise ExpressionError("'**' is not allowed", where)
            if keyword.arg not in signature.keywords:
                raise ExpressionError(f"{name}() has no option '{keyword.arg}'"
                                      f"{_suggest(keyword.arg, sorted(signature.keywords))}", where)
            if keyword.arg in signature.positional[:len(node.args)]:
                raise ExpressionError(f"{name}() is given '{keyword.arg}' twice", where)
        given = len(node.args)
        if not signature.least <= given <= signature.most:
            if signature.most == math.inf:
                expected = f"at least {signature.least}"
            elif signature.least == signature.most:
                expected = str(signature.least)
            else:
                expected = f"{signature.least} to {signature.most}"
            raise ExpressionError(f"{name}() takes {expected} argument{'s' * (not expected.endswith('1'))} "
                                  f"(given {given})", offset)
        args = [self.compile(arg) for arg in node.args]
        keywords = [(k.arg, self.compile(k.value)) for k in node.keywords]
        call, language, steps = fn.call, signature.language, signature.steps
        many, first = len(args) > 1, args[0] if args else None

        def apply(env: Mapping[str, Any], frame: list) -> Any:
            values = [arg(env, frame) for arg in args] if many else [first(env, frame)] if args else []
            options = {k: value(env, frame) for k, value in keywords} if keywords else {}
            if language:
                options["_language"] = frame[1]
            if steps:
                options["_steps"] = frame
            cost = 1
            for value in values:
                if isinstance(value, _SIZED):
                    cost += len(value)
            spend(frame, cost, offset)
            try:
                result = call(*values, **options)
            except ExpressionError as error:
                raise ExpressionError(error.message, offset if error.offset is None else error.offset) from None
            except ZeroDivisionError:
                raise ExpressionError("division by zero", offset) from None
            except (OverflowError, MemoryError):
                raise too_large(offset) from None
            except Exception as error:  # a function's own failure must still read as the designer's
                raise ExpressionError(f"{name}() failed: {error}", offset) from None
            if isinstance(result, _SIZED):
                spend(frame, len(result), offset)
                return result
            return checked(result, offset)
        return apply
