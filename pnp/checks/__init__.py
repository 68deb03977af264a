"""Checks: pnp's own checks of any game, and the game's own rules from its checks.yaml.

pnp's checks (YAML, schemas, fonts, glyphs, languages, art, text fit, layouts, maps) are
functions registered with `rule`; each takes the Game and yields (location, message) pairs.
A game's checks are data: each names a built-in check kind (unique, references, count,
range, require, sum, colour-distinct, greyscale-distinct, contrast, change-making:
pnp.checks.kinds, a module each) with expressions (pnp.expr), an id, a severity, a one-line
doc and a message template.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping

from .. import expr
from ..problems import CHECKS, CheckInfo, Location, Problem, Severity, problem, register_check
from .kinds import kinds
from .kinds.base import Loading, Runner, Skip

if TYPE_CHECKING:
    from ..model.game import ComponentSet, Game
    from ..load.yamlload import Document

Found = Iterator[tuple[Location, str]]


@dataclass(frozen=True)
class Rule:
    info: CheckInfo
    check: Callable[["Game"], Found]
    reads_map: bool = False  # it works out an area map (shapely, pyproj): a build runs it where the map is worked out


RULES: list[Rule] = []


def rule(id: str, severity: Severity, doc: str, reads_map: bool = False
         ) -> Callable[[Callable[["Game"], Found]], Callable[["Game"], Found]]:
    """Register one of pnp's own checks: `rule(id, severity, doc)(check)`, called after the
    check's function rather than as its decorator, so that the mutation run (which leaves
    decorated functions alone) mutates the check too. `reads_map`: the check works out an
    area map's geography (see `Rule`)."""
    def register(func: Callable[["Game"], Found]) -> Callable[["Game"], Found]:
        RULES.append(Rule(register_check(id, severity, doc), func, reads_map))
        return func
    return register


# --- the game's own checks --------------------------------------------------------------

COMMON = ("id", "doc", "severity", "for", "where", "at", "message")


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


def load_checks(doc: "Document", sets: Mapping[str, "ComponentSet"],
                unloaded: frozenset[str] = frozenset()) -> tuple[list[Check], list[Problem]]:
    """Read a game's checks.yaml (already schema-checked): every check, with its
    expressions and message parsed and its names checked against the fields. A check of a
    set that is declared but could not be loaded (`unloaded`, its problem already said) is
    left out without a word."""
    known = kinds()
    checks: list[Check] = []
    problems: list[Problem] = []
    infos: dict[str, CheckInfo] = {}
    for i, spec in enumerate(doc.data):
        path = (i,)

        def where(key: str) -> Location:
            return doc.locate(path + (key,))

        named = [k for k in known if k in spec]
        if len(named) != 1:
            listed = ", ".join(known)
            problems.append(problem("schema", doc.locate(path), f"check '{spec.get('id')}' needs exactly one kind: "
                                                                 f"{listed}" if not named else
                                    f"check '{spec.get('id')}' has two kinds: {', '.join(named)}"))
            continue
        kind = named[0]
        allowed = set(COMMON) | {kind} | set(known[kind].options)
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
                listed = ", ".join(sorted(sets)) or "none"
                problems.append(problem("schema", where("for"),
                                        f"check '{spec['id']}': for: '{target}' is not a set (sets: {listed}), "
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
        loading = Loading(spec, kind, component, groups, sets, unloaded, doc, path,
                          _names(component, groups) | known[kind].names, problems)
        if "where" in spec:
            loading.parsed["where"] = loading.expression("where", spec["where"])
        if not known[kind].load(loading):
            continue
        for key in ("equals", "min", "max"):
            if isinstance(spec.get(key), str):
                loading.parsed[key] = loading.expression(key, spec[key])
        if component is None and known[kind].needs_set(spec[kind]):
            problems.append(problem("schema", doc.locate(path), f"check '{spec['id']}': a {kind} check needs "
                                                                f"`for:` a set"))
            continue
        try:
            message = expr.parse_template(spec["message"], loading.names)
        except expr.ExpressionError as exc:
            problems.append(problem("schema", where("message"),
                                    f"check '{spec['id']}': message: {exc.message} at character "
                                    f"{(exc.offset or 0) + 1}"))
            continue
        if loading.failed:
            continue
        checks.append(Check(info, kind, target, spec, loading.parsed, message, doc.locate(path), doc,
                            loading.reads_sets or "sets" in message.names, declared_path=path))
    return checks, problems


def run_game_checks(game: "Game") -> list[Problem]:
    problems: list[Problem] = []
    for check in game.checks:
        if check.reads_sets and not game.complete:
            continue  # it reads other sets, and a file of the game did not load
        runner = Runner(game, check)
        try:
            kinds()[check.kind].run(runner)
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
