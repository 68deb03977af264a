"""What the kinds of check share: what a kind is (CheckKind), what loading a check gives its
kind to read (Loading), and what running it gives (Runner: the game, the check, its records
and how to say what it finds)."""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping

from ... import expr
from ...problems import Location, Problem, Severity, problem

if TYPE_CHECKING:
    from ...model.game import ComponentSet, Game
    from ...load.yamlload import Document
    from .. import Check


LIMIT = {"type": ["number", "string"]}  # equals, min, max: a number, or an expression giving one
WITHIN = {"enum": ["group"]}


@dataclass(frozen=True)
class CheckKind:
    """A built-in kind of check a game's checks.yaml can use: its key, what it means and an
    example (the README's table), the keys it takes besides its own and the common ones, the
    names its expressions and message may use besides the record's, the JSON Schema of its
    keys, whether it needs `for:` a set, what it reads of its check when the game loads, and
    what it checks."""

    name: str
    doc: str
    example: str
    options: tuple[str, ...] = ()  # keys besides the kind's own
    names: frozenset[str] = frozenset()  # what its message (and expressions) may use
    schema: Mapping[str, Any] = field(default_factory=dict)  # its own key's and its options' JSON Schemas
    needs_set: Callable[[Any], bool] = lambda value: True  # whether a check of this value needs `for:` a set
    load: Callable[["Loading"], bool] = lambda loading: True  # False: the check is left out (said why)
    run: Callable[[Runner], None] = lambda runner: None
    # what a check of the kind says a field names, for the editor's schemas (pnp schema): the
    # field, a set or set.field, and whether within the record's group (None: it says nothing)
    refers: Callable[[Any], "tuple[str, str, bool] | None"] = lambda check: None


@dataclass
class Loading:
    """One check of checks.yaml as its kind reads it when the game loads: its spec and its
    kind's value, the set it is for, and where to put what it parses and the problems."""

    spec: Mapping[str, Any]
    kind: str
    component: "ComponentSet | None"
    groups: bool
    sets: Mapping[str, "ComponentSet"]
    unloaded: frozenset[str]
    doc: "Document"
    path: tuple
    names: set[str]
    problems: list[Problem]
    parsed: dict[str, Any] = field(default_factory=dict)
    failed: bool = False  # a problem was found: the check is left out once all are said
    reads_sets: bool = False  # it looks beyond its own set

    @property
    def value(self) -> Any:
        return self.spec[self.kind]

    @property
    def id(self) -> str:
        return self.spec["id"]

    def where(self, key: str) -> Location:
        return self.doc.locate(self.path + (key,))

    def say(self, location: Location, message: str) -> None:
        self.problems.append(problem("schema", location, f"check '{self.id}': {message}"))

    def declared(self) -> Mapping[str, Any]:
        """The fields of the records it checks."""
        if self.component is None:
            return {}
        return self.component.group_fields if self.groups else self.component.fields

    def expression(self, key: str, source: Any, sub: tuple = ()) -> "expr.Expression | None":
        if not isinstance(source, str):
            source = str(source)
        try:
            parsed = expr.parse(source, self.names)
        except expr.ExpressionError as exc:
            self.failed = True
            self.say(self.doc.locate(self.path + (key,) + sub), f"{key}: {exc.message} in {source!r}")
            return None
        self.reads_sets = self.reads_sets or "sets" in parsed.names
        return parsed

    def fields_named(self, of_type: str | None = None) -> None:
        """The kind's value names a field of the records, or a list of them: each must be one
        (of the type `of_type`, if given)."""
        value = self.value
        declared = self.declared()
        for j, name in enumerate(value if isinstance(value, list) else [value]):
            where = self.doc.locate(self.path + (self.kind,) + ((j,) if isinstance(value, list) else ()))
            if not isinstance(name, str) or name not in declared:
                close = difflib.get_close_matches(str(name), list(declared), n=1)
                hint = f" (did you mean '{close[0]}'?)" if close else ""
                self.say(where, f"{self.kind}: no field '{name}'{hint}")
                self.failed = True
            elif of_type is not None and declared[name].type != of_type:
                self.say(where, f"{self.kind}: field '{name}' is not a {of_type} field (its type is "
                                f"{declared[name].type})")
                self.failed = True


class Skip(Exception):
    """A check cannot be worked out on data that did not all load: it says nothing."""


def extend(env: Mapping[str, Any], **names: Any) -> dict[str, Any]:
    """`env` with the names a check kind adds (value, index, first...): they never hide a
    field of the item (or group) of the same name."""
    record = env.get("item") if env.get("item") is not None else env.get("group")
    own = record.keys() if record is not None else ()
    added = dict(env)
    for name, value in names.items():
        if name not in own:
            added[name] = value
    return added


class Runner:
    """Runs one game check, turning what it finds into located problems."""

    def __init__(self, game: "Game", check: Check):
        self.game = game
        self.check = check
        self.views = game.views()
        self.problems: list[Problem] = []
        target = check.target or ""
        set_name, _, part = target.partition(".")
        self.component = game.sets.get(set_name)
        self.groups = part == "groups"

    def records(self) -> list:
        if self.component is None:
            return []
        return list(self.component.groups if self.groups else self.component.items)

    def env(self, record: Any = None, **extra: Any) -> dict[str, Any]:
        if record is None:
            env = dict(self.views.env(**extra))
            if self.component is not None:
                env["items"] = self.views.sets()[self.component.name]["items"]
                env["groups"] = self.views.sets()[self.component.name]["groups"]
            return env
        if self.groups:
            return self.views.env(group=record, **extra)
        return self.views.env(item=record, **extra)

    def evaluate(self, expression: expr.Expression, env: Mapping[str, Any], record: Any = None) -> Any:
        try:
            return expression.evaluate(env)
        except expr.ExpressionError as exc:
            if not self.game.complete:
                raise Skip from None  # a file or key did not load: this is likely a consequence
            where = self.game.locate(record.origin) if record is not None else self.check.declared
            self.report(where, f"check '{self.check.info.id}' cannot be worked out: {exc.message} "
                               f"(in {expression.source!r})", error=True)
            return None

    def selected(self) -> Iterator[tuple[Any, dict[str, Any]]]:
        where = self.check.parsed.get("where")
        for record in self.records():
            env = self.env(record)
            try:
                if where is None or self.evaluate(where, env, record):
                    yield record, env
            except Skip:
                continue

    def locate(self, record: Any, *path: Any) -> Location:
        return self.game.locate(record.origin, *path)

    def at(self, record: Any, default: tuple = ()) -> Location:
        at = self.check.spec.get("at")
        return self.locate(record, *((at,) if at else default))

    def report(self, where: Location, message: str, error: bool = False) -> None:
        severity = Severity.ERROR if error else self.check.info.severity
        self.problems.append(Problem(where, severity, message, self.check.info.id))

    def say(self, where: Location, env: Mapping[str, Any], record: Any = None) -> None:
        try:
            # a terminal shows a hyphen-minus better than the printed page's true minus
            text = self.check.message.render(env, self.game.language).replace(expr.MINUS, "-")
        except expr.ExpressionError as exc:
            if not self.game.complete:
                return  # a file or key did not load: this is likely a consequence
            text = f"(the message cannot be written: {exc.message})"
        self.report(where, text)


def field_values(record: Any, name: str) -> list[tuple[tuple, Any]]:
    """(path below the record, value) for a field, or each element of a list field."""
    value = record.fields.get(name)
    if isinstance(value, list):
        return [((name, i), v) for i, v in enumerate(value)]
    return [((name,), value)] if value is not None else []


def raw(value: Any) -> Any:
    from ...model.game import Text

    return str(value) if isinstance(value, Text) else value


def limits_of(r: Runner, env: Mapping[str, Any], record: Any = None) -> dict[str, Any]:
    """The check's equals, min and max, numbers or expressions worked out in `env`."""
    spec = r.check.spec
    limits = {}
    for key in ("equals", "min", "max"):
        if key in r.check.parsed:
            limits[key] = r.evaluate(r.check.parsed[key], env, record)
        elif key in spec:
            limits[key] = spec[key]
    return {k: v for k, v in limits.items() if isinstance(v, (int, float)) and not isinstance(v, bool)}


def missed(value: Any, limits: Mapping[str, Any]) -> Any:
    """The limit a value misses: equals, else the min it is under or the max it is over."""
    if "equals" in limits:
        return limits["equals"]
    return limits["min"] if "min" in limits and value < limits["min"] else limits.get("max")


def out_of(value: Any, limits: Mapping[str, Any]) -> bool:
    if "equals" in limits and value != limits["equals"]:
        return True
    if "min" in limits and value < limits["min"]:
        return True
    return "max" in limits and value > limits["max"]


def items_place(r: Runner) -> Location | None:
    """Where a set's items are listed: the list in its first file."""
    if r.component is None or not r.component.items:
        return None
    first = r.component.items[0]
    return r.game.locate(type(first.origin)(first.origin.file, first.origin.path[:1]))


def set_place(r: Runner, limits: Mapping[str, Any]) -> Location:
    """Where a problem with a set as a whole points: its items (at: items), or the limit the
    check gives."""
    if r.check.spec.get("at") == "items":
        found = items_place(r)
        if found is not None:
            return found
    key = next((k for k in ("equals", "min", "max") if k in limits), None)
    return r.check.document.locate(r.check.declared_path + ((key,) if key else ()))
