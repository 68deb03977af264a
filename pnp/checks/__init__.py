"""Checks: pnp's own checks of any game, and the game's own rules from its checks.yaml.

pnp's checks (YAML, schemas, fonts, glyphs, languages, art, text fit, layouts, maps) are
functions registered with `rule`; each takes the Game and yields (location, message) pairs.
A game's checks are data: each names a built-in check kind (unique, references, count,
range, require, sum, colour-distinct, contrast, change-making) with expressions (pnp.expr),
an id, a severity, a one-line doc and a message template.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping

from .. import expr
from ..problems import CHECKS, CheckInfo, Location, Problem, Severity, plural, problem, register_check

if TYPE_CHECKING:
    from ..model import ComponentSet, Game, Group, Item
    from ..yamlload import Document

Found = Iterator[tuple[Location, str]]


@dataclass(frozen=True)
class Rule:
    info: CheckInfo
    check: Callable[["Game"], Found]


RULES: list[Rule] = []


def rule(id: str, severity: Severity, doc: str) -> Callable[[Callable[["Game"], Found]], Callable[["Game"], Found]]:
    """Register one of pnp's own checks."""
    def register(func: Callable[["Game"], Found]) -> Callable[["Game"], Found]:
        RULES.append(Rule(register_check(id, severity, doc), func))
        return func
    return register


# --- the game's own checks --------------------------------------------------------------

@dataclass(frozen=True)
class CheckKind:
    """A built-in kind of check a game's checks.yaml can use."""

    name: str
    doc: str
    example: str
    options: tuple[str, ...] = ()  # keys besides the kind's own


CHECK_KINDS: dict[str, CheckKind] = {k.name: k for k in (
    CheckKind("unique", "No two items (or groups) share a value of the field; with `within: group`, no two of one "
              "group. The message can use `value`, `first` (the item that has it first) and `first_at` (where).",
              "{id: duplicate-rank, for: cards, unique: rank, within: group, "
              "message: \"card '{id}' has rank {value}, already used by '{first.id}'\"}", ("within",)),
    CheckKind("references", "Every value of the field (or of each element of a list field) names an existing item "
              "(`to: board`) or a value of another field (`to: cards.rank`), `within: group` if given; the "
              "message can use `value`, `index` and `targets` (the values it may take).",
              "{id: unknown-rank, for: cards, references: needs, to: cards.rank, within: group, "
              "message: \"card '{id}' needs {value}, a rank no card of {group.name} has\"}", ("to", "within")),
    CheckKind("count", "The number of items (`count: items`), groups (`count: groups`) or an expression's value is "
              "`equals`, or at least `min` and at most `max`; the message can use `found` and `expected` (the limit "
              "it misses).",
              "{id: deck-count, for: cards, count: items, equals: 126, message: \"the deck has {found} cards\"}",
              ("equals", "min", "max")),
    CheckKind("range", "Each of the fields (one, or a list) is from `min` to `max`; the message can use `field` "
              "and `value`.",
              "{id: symbol-range, for: cards, range: [stars, shields], min: 0, max: 5, "
              "message: \"card '{id}' has {value} {field}\"}", ("min", "max")),
    CheckKind("require", "An expression holds for every item (or group) where `where` holds; with `each:` a list "
              "field (or an expression giving a list), for every element, as `value` at `index`.",
              "{id: rank-without-star, for: cards, where: \"rank != none\", require: \"stars >= 1\", "
              "at: rank, message: \"card '{id}' has a rank but no star\"}", ("each",)),
    CheckKind("sum", "The sum of an expression over the items is `equals`, or at least `min` and at most `max`; the "
              "message can use `total` and `expected` (the limit it misses).",
              "{id: coin-supply, for: coins, sum: \"value * count\", min: 150, message: \"the coins make {total}\"}",
              ("equals", "min", "max")),
    CheckKind("colour-distinct", "No two items' colours (the field) are closer than `min` (CIEDE2000, default 10), "
              "with normal vision and under each `vision` listed (deuteranopia, protanopia, tritanopia, simulated); "
              "with `against: SET.FIELD` (or SET.groups.FIELD), each colour is held apart from that set's colours "
              "instead. The message can use `first` (the other item), `value`, `difference` and `vision`.",
              "{id: colour-distinct, for: cards.groups, colour-distinct: colour, vision: [deuteranopia, protanopia, "
              "tritanopia], min: 10, message: \"'{id}' looks like '{first.id}' ({vision})\"}",
              ("min", "vision", "against")),
    CheckKind("contrast", "Text in the first colour field on the second has a WCAG contrast of at least `min` "
              "(default 4.5); the message can use `text`, `background` and `ratio`.",
              "{id: colour-contrast, for: cards.groups, contrast: [text_colour, colour], min: 4.5, "
              "message: \"text {text} on {background}: {ratio:.2f}:1\"}", ("min",)),
    CheckKind("change-making", "Every amount from 1 up to the whole stock can be paid exactly with the items: "
              "`value` and `count` are expressions; the message can use `amount`.",
              "{id: money-change, for: money, where: \"value != none\", change-making: {value: value, count: count}, "
              "message: \"no set of notes makes {amount}\"}", ()),
)}
COMMON = ("id", "doc", "severity", "for", "where", "at", "message")
MAX_CHANGE_TOTAL = 1_000_000


@dataclass
class Check:
    """One check of a game's checks.yaml."""

    info: CheckInfo
    kind: str
    target: str | None  # the set, "set.groups", or None for the game as a whole
    spec: Mapping[str, Any]
    parsed: dict[str, Any]  # expressions and templates, parsed at load
    message: expr.Template
    declared: Location  # the check's place in checks.yaml
    document: "Document"
    reads_sets: bool = False  # it looks beyond its own set: it waits until every file loads

    def at(self, key: str) -> Location:
        return self.document.locate(self.declared_path + (key,))

    declared_path: tuple = field(default=())


def _names(component: "ComponentSet | None", groups: bool) -> set[str]:
    names = {"game", "sets", "items", "item", "group", "groups", "position", "copies", "id"}
    if component is not None:
        names |= set(component.group_fields if groups else component.fields)
    return names


EXTRA_NAMES = {
    "unique": {"value", "first", "first_at", "first_file"},
    "references": {"value", "index", "targets"},
    "count": {"found", "expected"},
    "range": {"value", "field", "min", "max"},
    "require": {"value", "index"},
    "sum": {"total", "expected"},
    "colour-distinct": {"value", "first", "difference", "min", "vision"},
    "contrast": {"text", "background", "ratio", "min"},
    "change-making": {"amount", "total"},
}


def load_checks(doc: "Document", sets: Mapping[str, "ComponentSet"],
                unloaded: frozenset[str] = frozenset()) -> tuple[list[Check], list[Problem]]:
    """Read a game's checks.yaml (already schema-checked): every check, with its
    expressions and message parsed and its names checked against the fields. A check of a
    set that is declared but could not be loaded (`unloaded`, its problem already said) is
    left out without a word."""
    checks: list[Check] = []
    problems: list[Problem] = []
    infos: dict[str, CheckInfo] = {}
    for i, spec in enumerate(doc.data):
        path = (i,)

        def where(key: str) -> Location:
            return doc.locate(path + (key,))

        kinds = [k for k in CHECK_KINDS if k in spec]
        if len(kinds) != 1:
            listed = ", ".join(CHECK_KINDS)
            problems.append(problem("schema", doc.locate(path), f"check '{spec.get('id')}' needs exactly one kind: "
                                                                 f"{listed}" if not kinds else
                                    f"check '{spec.get('id')}' has two kinds: {', '.join(kinds)}"))
            continue
        kind = kinds[0]
        allowed = set(COMMON) | {kind} | set(CHECK_KINDS[kind].options)
        bad = [key for key in spec if key not in allowed]
        if bad:
            import difflib

            close = difflib.get_close_matches(bad[0], sorted(allowed), n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else f" (a {kind} check takes: {', '.join(sorted(allowed))})"
            problems.append(problem("schema", doc.locate(path + (bad[0],), key=True),
                                    f"check '{spec['id']}': unknown key '{bad[0]}'{hint}"))
            continue
        target = spec.get("for")
        component, groups = None, False
        if target is not None:
            set_name, _, part = target.partition(".")
            component = sets.get(set_name)
            if component is None and set_name in unloaded:
                pass  # left out below, once its id is known
            elif component is None or part not in ("", "groups"):
                known = ", ".join(sorted(sets)) or "none"
                problems.append(problem("schema", where("for"),
                                        f"check '{spec['id']}': for: '{target}' is not a set (sets: {known}), "
                                        f"nor a set's groups (cards.groups)" if component is None else
                                        f"check '{spec['id']}': for: '{target}': after the set's name, only "
                                        f".groups may follow"))
                continue
            groups = part == "groups"
        severity = Severity(spec.get("severity", "error"))
        info = infos.get(spec["id"])
        if info is None:
            if spec["id"] in CHECKS:
                problems.append(problem("schema", where("id"), f"check id '{spec['id']}' is one of pnp's own "
                                                                f"checks; choose another"))
                continue
            if "doc" not in spec:
                problems.append(problem("schema", doc.locate(path), f"check '{spec['id']}' needs a doc: one line "
                                                                    f"saying what it means"))
                continue
            info = infos[spec["id"]] = CheckInfo(spec["id"], severity, spec["doc"])
        elif info.severity != severity:
            problems.append(problem("schema", where("severity") if "severity" in spec else doc.locate(path),
                                    f"check '{spec['id']}' is declared again with another severity"))
            continue
        if target is not None and component is None:
            continue  # a check of a set that could not be loaded
        names = _names(component, groups) | EXTRA_NAMES[kind]
        parsed: dict[str, Any] = {}
        failed = False
        reads_sets = False

        def expression(key: str, source: Any, sub: tuple = ()) -> expr.Expression | None:
            nonlocal failed, reads_sets
            if not isinstance(source, str):
                source = str(source)
            try:
                parsed_expr = expr.parse(source, names)
            except expr.ExpressionError as exc:
                failed = True
                problems.append(problem("schema", doc.locate(path + (key,) + sub),
                                        f"check '{spec['id']}': {key}: {exc.message} in {source!r}"))
                return None
            reads_sets = reads_sets or "sets" in parsed_expr.names
            return parsed_expr

        if "where" in spec:
            parsed["where"] = expression("where", spec["where"])
        value = spec[kind]
        if kind in ("require", "sum"):
            parsed[kind] = expression(kind, value)
        elif kind == "count":
            if value not in ("items", "groups"):
                parsed[kind] = expression(kind, value)
        elif kind == "change-making":
            if not isinstance(value, Mapping) or set(value) != {"value", "count"}:
                problems.append(problem("schema", where(kind), f"check '{spec['id']}': change-making needs "
                                                               f"{{value: EXPRESSION, count: EXPRESSION}}"))
                continue
            parsed["value"] = expression(kind, value["value"], ("value",))
            parsed["count"] = expression(kind, value["count"], ("count",))
        elif kind in ("unique", "references", "range", "colour-distinct", "contrast") or kind == "require":
            fields_named = value if isinstance(value, list) else [value]
            declared = (component.group_fields if groups else component.fields) if component else {}
            for j, name in enumerate(fields_named):
                if not isinstance(name, str) or name not in declared:
                    import difflib

                    close = difflib.get_close_matches(str(name), list(declared), n=1)
                    hint = f" (did you mean '{close[0]}'?)" if close else ""
                    problems.append(problem("schema", doc.locate(path + (kind,) + ((j,) if isinstance(value, list)
                                                                                    else ())),
                                            f"check '{spec['id']}': {kind}: no field '{name}'{hint}"))
                    failed = True
        if kind == "references":
            to = spec.get("to")
            if to is None:
                declared = (component.group_fields if groups else component.fields) if component else {}
                f = declared.get(value)
                to = f.to if f is not None and f.type == "ref" else (f.of.to if f and f.of and f.of.type == "ref"
                                                                     else None)
                if to is None and not failed:
                    problems.append(problem("schema", where(kind), f"check '{spec['id']}': say what {value} refers "
                                                                   f"to with `to:` (a set, or set.field)"))
                    continue
            if to is not None and to.split(".")[0] in unloaded:
                continue
            if to is not None and to.split(".")[0] not in sets:
                problems.append(problem("schema", where("to") if "to" in spec else where(kind),
                                        f"check '{spec['id']}': '{to}' is not a set"))
                continue
            parsed["to"] = to
            reads_sets = True
        if kind == "colour-distinct" and "against" in spec:
            set_name, _, rest = str(spec["against"]).partition(".")
            other_groups = rest.startswith("groups.")
            field_name = rest[len("groups."):] if other_groups else rest
            other = sets.get(set_name)
            fields_there = (other.group_fields if other_groups else other.fields) if other is not None else {}
            if set_name in unloaded:
                continue
            if other is None or field_name not in fields_there or fields_there[field_name].type != "colour":
                problems.append(problem("schema", where("against"),
                                        f"check '{spec['id']}': against: '{spec['against']}' is not a colour field "
                                        f"of a set (SET.FIELD, or SET.groups.FIELD)"))
                continue
            parsed["against"] = (set_name, other_groups, field_name)
            reads_sets = True
        if kind == "require" and "each" in spec:
            declared = (component.group_fields if groups else component.fields) if component else {}
            # a list field of the record (each element located in the data), or an expression
            parsed["each"] = spec["each"] if spec["each"] in declared else expression("each", spec["each"])
        for key in ("equals", "min", "max"):
            if isinstance(spec.get(key), str):
                parsed[key] = expression(key, spec[key])
        if component is None and kind in ("unique", "references", "range", "colour-distinct", "contrast",
                                           "change-making", "sum") or (component is None and kind == "count"
                                                                       and value in ("items", "groups")):
            problems.append(problem("schema", doc.locate(path), f"check '{spec['id']}': a {kind} check needs "
                                                                f"`for:` a set"))
            continue
        try:
            message = expr.parse_template(spec["message"], names)
        except expr.ExpressionError as exc:
            problems.append(problem("schema", where("message"),
                                    f"check '{spec['id']}': message: {exc.message} at character "
                                    f"{(exc.offset or 0) + 1}"))
            continue
        reads_sets = reads_sets or "sets" in message.names
        if failed:
            continue
        checks.append(Check(info, kind, target, spec, parsed, message, doc.locate(path), doc, reads_sets,
                            declared_path=path))
    return checks, problems


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


class _Runner:
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


def _field_values(record: Any, name: str) -> list[tuple[tuple, Any]]:
    """(path below the record, value) for a field, or each element of a list field."""
    value = record.fields.get(name)
    if isinstance(value, list):
        return [((name, i), v) for i, v in enumerate(value)]
    return [((name,), value)] if value is not None else []


def _raw(value: Any) -> Any:
    from ..model import Text

    return str(value) if isinstance(value, Text) else value


def _unique(r: _Runner) -> None:
    name = r.check.spec["unique"]
    within = r.check.spec.get("within")
    first: dict[Any, Any] = {}
    for record, env in r.selected():
        # (a check over groups, within a group: each group is its own, as `references` has it)
        scope = id(record if r.groups else record.group) if within == "group" else None
        for path, value in _field_values(record, name):
            if value is None:
                continue
            key = (scope, _raw(value) if not isinstance(value, list) else repr(value))
            if key in first:
                earlier, earlier_path = first[key]
                env = extend(env, value=_raw(value), first=r.views.group(earlier) if r.groups else
                           r.views.item(earlier), first_at=str(r.locate(earlier, *earlier_path)),
                           first_file=earlier.origin.file)
                r.say(r.at(record, path), env, record)
            else:
                first[key] = (record, path)


def _targets(r: _Runner) -> Callable[[Any], tuple[list, set]]:
    """What a record may name: the values of the check's `to` field over the target set (or,
    within a group, over its items in the record's group), worked out once per group."""
    to = r.check.parsed["to"]
    set_name, _, field_name = to.partition(".")
    target = r.game.sets[set_name]
    within = r.check.spec.get("within") == "group"
    pools: dict[Any, list] = {}
    for item in target.items:
        if not within:
            pools.setdefault(None, []).append(item)
        elif item.group is not None:
            pools.setdefault(item.group.id, []).append(item)
    found: dict[Any, tuple[list, set]] = {}

    def of(record: Any) -> tuple[list, set]:
        if within:
            group = record if r.groups else record.group
            key = group.id if group is not None else object()  # no group: nothing to name
        else:
            key = None
        if key not in found:
            values = [v for v in (i.fields.get(field_name or "id") for i in pools.get(key, ())) if v is not None]
            found[key] = values, set(values)
        return found[key]

    return of


def _references(r: _Runner) -> None:
    if not r.game.complete:
        return  # a file did not load: its items are missing for a reason already reported
    name = r.check.spec["references"]
    targets_of = _targets(r)
    for record, env in r.selected():
        targets, known = targets_of(record)
        for path, value in _field_values(record, name):
            if value is not None and value not in known:
                shown = sorted(set(targets), key=lambda v: (str(type(v)), v))
                r.say(r.locate(record, *path), extend(env, value=value, index=path[-1] if len(path) > 1 else 0,
                                                    targets=shown), record)


def _limits(r: _Runner, env: Mapping[str, Any], record: Any = None) -> dict[str, Any]:
    """The check's equals, min and max, numbers or expressions worked out in `env`."""
    spec = r.check.spec
    limits = {}
    for key in ("equals", "min", "max"):
        if key in r.check.parsed:
            limits[key] = r.evaluate(r.check.parsed[key], env, record)
        elif key in spec:
            limits[key] = spec[key]
    return {k: v for k, v in limits.items() if isinstance(v, (int, float)) and not isinstance(v, bool)}


def _missed(value: Any, limits: Mapping[str, Any]) -> Any:
    """The limit a value misses: equals, else the min it is under or the max it is over."""
    if "equals" in limits:
        return limits["equals"]
    return limits["min"] if "min" in limits and value < limits["min"] else limits.get("max")


def _out_of(value: Any, limits: Mapping[str, Any]) -> bool:
    if "equals" in limits and value != limits["equals"]:
        return True
    if "min" in limits and value < limits["min"]:
        return True
    return "max" in limits and value > limits["max"]


def _count(r: _Runner) -> None:
    if not r.game.complete:
        return
    what = r.check.spec["count"]
    env = r.env()
    if what == "items":
        found = len(r.component.items)
    elif what == "groups":
        found = len(r.component.groups)
    else:
        found = r.evaluate(r.check.parsed["count"], env)
        if found is None:
            return
    limits = _limits(r, env)
    if _out_of(found, limits):
        r.say(_set_place(r, limits), extend(env, found=found, expected=_missed(found, limits)))


def _items_place(r: _Runner) -> Location | None:
    """Where a set's items are listed: the list in its first file."""
    if r.component is None or not r.component.items:
        return None
    first = r.component.items[0]
    return r.game.locate(type(first.origin)(first.origin.file, first.origin.path[:1]))


def _set_place(r: _Runner, limits: Mapping[str, Any]) -> Location:
    """Where a problem with a set as a whole points: its items (at: items), or the limit the
    check gives."""
    if r.check.spec.get("at") == "items":
        found = _items_place(r)
        if found is not None:
            return found
    key = next((k for k in ("equals", "min", "max") if k in limits), None)
    return r.check.document.locate(r.check.declared_path + ((key,) if key else ()))


def _range(r: _Runner) -> None:
    names = r.check.spec["range"]
    names = names if isinstance(names, list) else [names]
    for record, env in r.selected():
        limits = _limits(r, env, record)
        low, high = limits.get("min"), limits.get("max")
        for name in names:
            for path, value in _field_values(record, name):
                if isinstance(value, (int, float)) and not isinstance(value, bool) and (
                        (low is not None and value < low) or (high is not None and value > high)):
                    r.say(r.locate(record, *path), extend(env, value=value, field=name, min=low, max=high), record)


def _require(r: _Runner) -> None:
    test = r.check.parsed["require"]
    each = r.check.parsed.get("each")
    for record, env in r.selected():
        if each is None:
            try:
                failed = not r.evaluate(test, env, record)
            except Skip:
                continue
            if failed:
                r.say(r.at(record, ("id",) if "id" in record.fields or r.groups else ()), env, record)
            continue
        if isinstance(each, str):
            values = r.views.group(record)[each] if r.groups else r.views.item(record)[each]
        else:
            try:
                values = r.evaluate(each, env, record)
            except Skip:
                continue
        for i, value in enumerate(values or []):
            inner = extend(env, value=value, index=i)
            try:
                failed = not r.evaluate(test, inner, record)
            except Skip:
                continue
            if failed:
                r.say(r.locate(record, each, i) if isinstance(each, str) else
                      r.at(record, ("id",) if "id" in record.fields or r.groups else ()), inner, record)


def _sum(r: _Runner) -> None:
    if not r.game.complete:
        return
    total = 0
    for record, env in r.selected():
        value = r.evaluate(r.check.parsed["sum"], env, record)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            total += value
    env = r.env()
    limits = _limits(r, env)
    if _out_of(total, limits):
        r.say(_set_place(r, limits), extend(env, total=total, expected=_missed(total, limits)))


def _colour_distinct(r: _Runner) -> None:
    from ..colours import difference_seen

    name = r.check.spec["colour-distinct"]
    least = r.check.spec.get("min", 10)
    visions = tuple(r.check.spec.get("vision") or ())
    chosen = [(record, env) for record, env in r.selected() if record.fields.get(name)]
    against = r.check.parsed.get("against")
    if against is not None:  # each colour against another set's colours
        set_name, groups, field = against
        component = r.game.sets[set_name]
        others = [o for o in (component.groups if groups else component.items) if o.fields.get(field)]
        pairs = [(record, env, other) for record, env in chosen for other in others]
    else:  # each colour against those before it
        groups, field = r.groups, name
        pairs = [(second, env, first) for (first, _), (second, env) in itertools.combinations(chosen, 2)]
    for record, env, other in pairs:
        colour = record.fields[name].lower()
        apart, vision = difference_seen(other.fields[field].lower(), colour, visions)
        if apart < least:
            view = r.views.group(other) if groups else r.views.item(other)
            r.say(r.locate(record, name), extend(env, value=colour, first=view, difference=apart, min=least,
                                               vision=vision), record)


def _contrast(r: _Runner) -> None:
    from ..colours import contrast

    text_field, background_field = r.check.spec["contrast"]
    least = r.check.spec.get("min", 4.5)
    for record, env in r.selected():
        text, background = record.fields.get(text_field), record.fields.get(background_field)
        if not text or not background:
            continue
        ratio = contrast(text.lower(), background.lower())
        if ratio < least:
            doc = r.game.documents.get(record.origin.file)
            written = doc is not None and (record.origin.path + (text_field,)) in doc.values
            where = r.locate(record, text_field if written else background_field)
            r.say(where, extend(env, text=text.lower(), background=background.lower(), ratio=ratio, min=least), record)


def unreachable_amount(pieces: list[tuple[int, int]]) -> int | None:
    """The smallest amount from 1 up to the whole stock that no set of the pieces (value,
    count) adds up to."""
    total = sum(v * c for v, c in pieces)
    reachable = 1  # bit i set: amount i can be paid exactly
    for value, count in pieces:
        for _ in range(max(count, 0)):
            reachable |= reachable << value
    for amount in range(1, total + 1):
        if not reachable >> amount & 1:
            return amount
    return None


def _change_making(r: _Runner) -> None:
    if not r.game.complete:
        return
    pieces = []
    for record, env in r.selected():
        value = r.evaluate(r.check.parsed["value"], env, record)
        count = r.evaluate(r.check.parsed["count"], env, record)
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in (value, count)):
            return  # reported by the types of the fields
        if value > 0 and count > 0:
            pieces.append((value, count))
    total = sum(v * c for v, c in pieces)
    where = _items_place(r) or r.check.declared
    if total > MAX_CHANGE_TOTAL:
        r.report(where, f"check '{r.check.info.id}': the stock is worth {total:,}, more than pnp checks "
                        f"({MAX_CHANGE_TOTAL:,})", error=True)
        return
    missing = unreachable_amount(pieces)
    if missing is not None:
        r.say(where, extend(r.env(), amount=missing, total=total))


RUNNERS: dict[str, Callable[[_Runner], None]] = {
    "unique": _unique, "references": _references, "count": _count, "range": _range, "require": _require,
    "sum": _sum, "colour-distinct": _colour_distinct, "contrast": _contrast, "change-making": _change_making,
}


def run_game_checks(game: "Game") -> list[Problem]:
    problems: list[Problem] = []
    for check in game.checks:
        if check.reads_sets and not game.complete:
            continue  # it reads other sets, and a file of the game did not load
        runner = _Runner(game, check)
        try:
            RUNNERS[check.kind](runner)
        except Skip:
            pass
        problems += runner.problems
    return problems


def run_rules(game: "Game", skip: frozenset[str] = frozenset(), only: frozenset[str] | None = None
              ) -> list[Problem]:
    """Every check's problems (pnp's own and the game's), leaving out pnp's checks named in
    `skip`; with `only`, just pnp's checks named there."""
    problems = []
    for r in RULES:
        if r.info.id in skip or (only is not None and r.info.id not in only):
            continue
        for location, message in r.check(game):
            problems.append(Problem(location, r.info.severity, message, r.info.id))
    return problems + (run_game_checks(game) if only is None else [])


def in_rule_order(problems: list[Problem]) -> list[Problem]:
    """Problems as `run_rules` gives them, pnp's checks in their order then the game's (whose
    ids are never pnp's), from the problems of parts of them run apart."""
    rank = {r.info.id: i for i, r in enumerate(RULES)}
    return sorted(problems, key=lambda p: rank.get(p.rule, len(rank)))


def all_checks(game: "Game | None" = None) -> list[CheckInfo]:
    """pnp's own checks, then the game's, each once."""
    infos = list(CHECKS.values())
    seen = set(CHECKS)
    for check in game.checks if game is not None else []:
        if check.info.id not in seen:
            seen.add(check.info.id)
            infos.append(check.info)
    return infos
