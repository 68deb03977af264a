"""A layout's values (`values: {name: expression}`): worked out once per piece, before its
boxes, and read by name in the layout's templates and expressions like a field of the item.

Each is parsed once, when the layout is read, its names checked against what the layout's
templates read and the other values; a value may use any other (whatever their order in the
file) but not itself, directly or through others: the values are put in the order they can
be worked out, each after those it uses, and a loop is refused where it is written. A value
takes a name of its own: one the templates read already (a field of the items, `group`,
`colours`...), a name a box gives the templates inside it (a list's `entry`), a function's
or a constant's is refused, so a name never means two things.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping

from .. import expr
from ..problems import Problem, problem

if TYPE_CHECKING:
    from ..load.yamlload import Document

# the names that mean something else in every template (pnp.load.fields.RESERVED, which no field takes)
RESERVED = frozenset({"item", "items", "group", "groups", "game", "sets", "colours", "map", "position", "copies"})


@dataclass(frozen=True)
class LayoutValue:
    """A value a layout works out once per piece: its name, its expression, and where it is
    written (the layout file that declares it, and its data path there)."""

    name: str
    expression: expr.Expression
    file: str
    at: tuple


class ValueFailed(expr.ExpressionError):
    """A layout's value that cannot be worked out for a piece (its expression fails)."""

    def __init__(self, value: LayoutValue, error: expr.ExpressionError) -> None:
        super().__init__(error.message, error.offset)
        self.value = value


def work_out(values: Iterable[LayoutValue], env: Mapping[str, Any], language: str,
             strict: bool = True) -> dict[str, Any]:
    """`env` with each value worked out for it, in order (each sees those before it). A value
    that fails raises ValueFailed; with strict=False it is left out instead, and what uses it
    fails in its turn (as the checks skip a template that fails: the build reports it)."""
    env = dict(env)
    for value in values:
        try:
            env[value.name] = value.expression._evaluate(env, language)
        except expr.ExpressionError as error:
            if strict:
                raise ValueFailed(value, error) from None
    return env


def reads(values: Iterable[LayoutValue], names: Iterable[str]) -> frozenset[str]:
    """`names`, and every name the values among them read, and those the values they read
    read, and so on: what a template that reads `names` depends on."""
    by_name = {value.name: value for value in values}
    found = set(names)
    todo = [name for name in found if name in by_name]
    while todo:
        for name in by_name[todo.pop()].expression.names:
            if name not in found:
                found.add(name)
                if name in by_name:
                    todo.append(name)
    return frozenset(found)


def _taken(name: str, names: frozenset[str], bound: Mapping[str, str]) -> str | None:
    """Why a value may not take `name`, or None if it may."""
    if name in names or name in RESERVED:
        return f"'{name}' already names something the layout's templates read"
    if name in bound:
        return f"'{name}' is the name a {bound[name]} box gives the templates inside it"
    if name in expr.FUNCTIONS:
        return f"'{name}' is a function's name"
    if name in expr.CONSTANTS:
        return f"'{name}' is a constant's name"
    return None


def read_values(written: Mapping[str, Any], declared: Callable[[str], "Document"], file: str,
                names: frozenset[str], bound: Mapping[str, str],
                problems: list[Problem]) -> tuple[tuple[LayoutValue, ...], frozenset[str]]:
    """The values a layout writes (merged over those of the layouts it extends, in order),
    parsed and put in the order they are worked out; and the names of all of them, for the
    boxes' templates (those that fail too, so that a box using one is not also refused).
    `declared(name)` is the document that writes a value, `names` what the templates read,
    `bound` the names a box kind gives the templates inside it (name -> kind). Each problem
    is reported where it is written."""
    value_names = frozenset(written)
    known = names | value_names  # (made once: a layout may have many values)
    parsed: dict[str, LayoutValue] = {}
    for name, source in written.items():
        if isinstance(source, bool):  # (YAML's true and false, the expression's)
            source = "true" if source else "false"
        doc = declared(name)
        where = f"layout '{file}': values.{name}: "
        taken = _taken(name, names, bound)
        if taken is not None:
            problems.append(problem("layout", doc.locate(("values", name), key=True),
                                    f"{where}{taken}: give the value a name of its own"))
            continue
        try:
            expression = expr.parse(str(source), known)
        except expr.ExpressionError as exc:
            problems.append(problem("layout", doc.locate(("values", name)), f"{where}{exc.message} in {source!r}"))
            continue
        parsed[name] = LayoutValue(name, expression, doc.file, ("values", name))
    return _ordered(parsed, declared, file, problems), value_names


def _ordered(parsed: dict[str, LayoutValue], declared: Callable[[str], "Document"], file: str,
             problems: list[Problem]) -> tuple[LayoutValue, ...]:
    """The values in an order they can be worked out in, each after those it uses, else as
    written; each loop among them reported once, at its first value as written (the values
    that use a loop are left out, unsaid). Linear in the values and their uses but for a log."""
    written = {name: index for index, name in enumerate(parsed)}
    uses = {name: sorted({n for n in value.expression.names if n in parsed}, key=written.__getitem__)
            for name, value in parsed.items()}
    users: dict[str, list[str]] = {name: [] for name in parsed}
    for name, used in uses.items():
        for other in used:
            users[other].append(name)
    left = {name: len(used) for name, used in uses.items()}
    ready = [written[name] for name, count in left.items() if count == 0]
    heapq.heapify(ready)
    names = list(parsed)
    done: list[LayoutValue] = []
    while ready:
        name = names[heapq.heappop(ready)]
        done.append(parsed[name])
        for user in users[name]:
            left[user] -= 1
            if left[user] == 0:
                heapq.heappush(ready, written[user])
    stuck = {name for name, count in left.items() if count}
    for start in names:  # (each value still waiting uses one still waiting: a walk from it comes back)
        if start not in stuck:
            continue
        path, met = [start], {start: 0}
        while True:
            step = next(n for n in uses[path[-1]] if n in stuck)
            if step in met:
                loop = path[met[step]:]
                break
            met[step] = len(path)
            path.append(step)
        first = min(loop, key=written.__getitem__)
        at = loop.index(first)
        loop = loop[at:] + loop[:at]
        said = f"'{first}' uses itself" if len(loop) == 1 else f"'{first}' uses " + ", which uses ".join(
            f"'{n}'" for n in loop[1:] + [first]) + ", in a loop"
        problems.append(problem("layout", declared(first).locate(("values", first)),
                                f"layout '{file}': values.{first}: {said}"))
        gone = list(loop)  # the loop and every value that uses it, said once
        stuck -= set(gone)
        while gone:
            for user in users[gone.pop()]:
                if user in stuck:
                    stuck.discard(user)
                    gone.append(user)
    return tuple(done)
