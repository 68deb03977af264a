"""Statistics for designers: tables of a set's items, a row per group, and what the game declares.

Without a stats.yaml, each set with items gets its count and the sum of each of its number
fields, per group. A game's stats.yaml gives tables of its own (one at its top, or a list of
them under `tables:`), each of any set, its rows the set's groups or the values an expression
gives its items (`by: kind`), its columns expressions over a row's items, with notes and a
summary (templates that can use each row's values and the totals). A board with an area map
adds each area's neighbours.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .. import expr
from ..components import types
from .game import View
from ..problems import Problem, problem

if TYPE_CHECKING:
    from .game import ComponentSet, Game
    from ..load.yamlload import Document


@dataclass(frozen=True)
class Column:
    id: str
    title: expr.Template
    value: expr.Expression
    total: str  # sum, all or none
    align: str


@dataclass(frozen=True)
class TableSpec:
    """One table of a game's stats.yaml, parsed: of a set, a row per group, or per value of `by`."""

    set: str
    title: expr.Template | None
    group: expr.Template | None
    columns: tuple[Column, ...]
    notes: tuple[expr.Template, ...]
    summary: tuple[tuple[expr.Template, expr.Expression | None], ...]
    by: expr.Expression | None = None  # over each item: a row for each value it gives (each element of a list)
    heading: str | None = None  # the first column's heading


@dataclass(frozen=True)
class StatsSpec:
    """A game's stats.yaml, parsed: its tables and the heading of an area map's neighbours."""

    tables: tuple[TableSpec, ...]
    neighbours: str | None


NAMES = {"items", "group", "groups", "game", "sets", "totals", "id", "position", "copies", "item"}
ITEM_NAMES = frozenset({"item", "group", "items", "game", "sets", "id", "position", "copies"})  # (`by` reads)
TABLE_KEYS = ("for", "title", "group", "by", "heading", "columns", "notes", "summary")


def load_stats(doc: "Document", sets: dict[str, "ComponentSet"],
               unloaded: frozenset[str] = frozenset()) -> tuple[StatsSpec | None, list[Problem]]:
    """Read a game's stats.yaml (already schema-checked): its one table or its `tables`; a
    table of a set that is declared but could not be loaded (`unloaded`) is left out, with no
    problem (the set's own are reported)."""
    data = doc.data
    if "tables" in data:
        top = [key for key in TABLE_KEYS if key in data]
        if top:
            return None, [problem("schema", doc.locate((top[0],), key=True),
                                  f"{top[0]}: a table's key beside tables: (give each table its keys under tables:, "
                                  f"or one table at the top without tables:)")]
        found = [_load_table(doc, table, ("tables", i), sets, unloaded) for i, table in enumerate(data["tables"])]
    else:
        missing = [key for key in ("for", "columns") if key not in data]
        if missing:
            return None, [problem("schema", doc.locate(()), f"missing required key '{missing[0]}' (or give "
                                                            f"tables: a list of tables, each with for: and columns:)")]
        found = [_load_table(doc, data, (), sets, unloaded)]
    problems = [p for _, table_problems in found for p in table_problems]
    tables = tuple(table for table, _ in found if table is not None)
    if problems or not tables:
        return None, problems
    return StatsSpec(tables, data.get("neighbours")), []


def _load_table(doc: "Document", data: dict, at: tuple, sets: dict[str, "ComponentSet"],
                unloaded: frozenset[str]) -> tuple[TableSpec | None, list[Problem]]:
    problems: list[Problem] = []
    component = sets.get(data["for"])
    if data["for"] in unloaded:
        return None, []
    if component is None:
        return None, [problem("schema", doc.locate(at + ("for",)), f"{_said(at + ('for',))}: '{data['for']}' is not "
                                                                   f"a set (sets: {', '.join(sorted(sets))})")]
    row_names = NAMES | ({"value"} if "by" in data else set(component.group_fields))

    def parse(source: str, path: tuple, template: bool, names: set[str] | frozenset[str]) -> Any:
        try:
            return (expr.parse_template if template else expr.parse)(source, names)
        except expr.ExpressionError as exc:
            problems.append(problem("schema", doc.locate(at + path), f"{_said(at + path)}: {exc.message} "
                                                                     f"in {source!r}"))
            return None

    by = parse(data["by"], ("by",), False, ITEM_NAMES | set(component.fields)) if "by" in data else None
    columns = []
    for i, spec in enumerate(data["columns"]):
        title = parse(spec["title"], ("columns", i, "title"), True, NAMES)
        value = parse(spec["value"], ("columns", i, "value"), False, row_names)
        if title is not None and value is not None:
            columns.append(Column(spec.get("id", f"column{i + 1}"), title, value, spec.get("total", "sum"),
                                  spec.get("align", "right")))
    ids = {c.id for c in columns}
    summary_names = NAMES | ids | {"totals"}
    summary = []
    for i, entry in enumerate(data.get("summary", [])):
        entry = {"text": entry} if isinstance(entry, str) else entry
        text = parse(entry["text"], ("summary", i, "text"), True, summary_names)
        condition = parse(entry["if"], ("summary", i, "if"), False, summary_names) if "if" in entry else None
        if text is not None:
            summary.append((text, condition))
    notes = [parse(n, ("notes", i), True, NAMES) for i, n in enumerate(data.get("notes", []))]
    spec = TableSpec(
        set=data["for"],
        title=parse(data["title"], ("title",), True, NAMES) if "title" in data else None,
        group=parse(data["group"], ("group",), True, row_names | {"name"}) if "group" in data else None,
        columns=tuple(columns),
        notes=tuple(n for n in notes if n is not None),
        summary=tuple(summary),
        by=by,
        heading=data.get("heading"),
    )
    return (spec if not problems else None), problems


def _said(path: tuple) -> str:
    return ".".join(map(str, path))


def _default_spec(component: "ComponentSet") -> TableSpec:
    columns = [Column("items", expr.parse_template(component.noun[1]), expr.parse("len(items)"), "sum", "right")]
    for name, f in component.fields.items():
        if f.type in ("int", "number") and f.derived is None:
            columns.append(Column(name, expr.parse_template(name.replace("_", " ")),
                                  expr.parse(f"sum(i.{name} for i in items if i.{name} != none)"), "sum", "right"))
    return TableSpec(component.name, None, None, tuple(columns), (), ())


def _by_rows(game: "Game", spec: TableSpec, component: "ComponentSet") -> list[tuple[str, Any, dict]]:
    """A `by` table's rows: (id, value, env) for each value its expression gives the items (each
    element of a list it gives), numbers in order, any other values as they first come."""
    views = game.views()
    found: dict[Any, tuple[Any, list]] = {}
    for item in component.items:
        value = spec.by.evaluate(views.env(item))
        for one in value if isinstance(value, list) else [value]:
            found.setdefault(_row_key(one), (one, []))[1].append(views.item(item))
    values = list(found.values())
    if all(isinstance(v, (int, float)) and not isinstance(v, bool) for v, _ in values):
        values.sort(key=lambda entry: entry[0])
    return [(_row_name(v), v, dict(views.env(), items=items, value=v)) for v, items in values]


def _row_key(value: Any) -> Any:
    """What tells a `by` table's rows apart: a value, or a record (an item or group) by its id."""
    if isinstance(value, dict):
        return ("record", value.get("id"))
    return value if isinstance(value, (str, int, float, bool, type(None))) else _text(value)


def _row_name(value: Any) -> str:
    """A `by` row's name: its value written, a record's name (else its id), none as none."""
    if value is None:
        return "none"
    if isinstance(value, dict):
        name = value.get("name")
        return name if isinstance(name, str) else str(value.get("id"))
    return _text(value)


def table(game: "Game", spec: TableSpec) -> dict:
    """One set's statistics as data: rows per group (or per value of `by`), totals, notes and summary."""
    component = game.sets[spec.set]
    views = game.views()
    base = views.env()
    all_items = views.sets()[component.name]["items"]
    groups = component.groups or []
    if spec.by is not None:
        found = _by_rows(game, spec, component)
    else:
        found = [(group.id, None, views.env(group=group)) for group in groups]
    rows = []
    for row_id, value, env in found:
        if spec.group is not None:
            label = spec.group.render(dict(env, name=row_id) if spec.by is not None else env, game.language)
        else:
            label = row_id if spec.by is not None else str(env.get("name") or row_id)
        values = {c.id: c.value.evaluate(env) for c in spec.columns}
        rows.append({"id": row_id, "name": label, "values": values})
    env_all = dict(base, items=all_items, groups=views.sets()[component.name]["groups"])
    totals: dict[str, Any] = {}
    for c in spec.columns:
        if c.total == "all" or not found:
            totals[c.id] = c.value.evaluate(dict(env_all, value=None) if spec.by is not None else env_all)
        elif c.total == "sum":
            numbers = [r["values"][c.id] for r in rows]
            totals[c.id] = sum(numbers) if all(isinstance(n, (int, float)) for n in numbers) else ""
        else:
            totals[c.id] = ""
    group_noun = spec.by.source.strip() if spec.by is not None else component.group_key or "group"
    title_env = dict(env_all, totals=View(totals))
    if spec.title is not None:
        title = spec.title.render(title_env, game.language)
    else:
        count = f"{len(component.items)} {component.noun[1] if len(component.items) != 1 else component.noun[0]}"
        title = f"{game.title.get(game.language)}: {count}" + (
            f" by {group_noun}" if spec.by is not None else
            f" in {len(groups)} {group_noun}{'s' if len(groups) != 1 else ''}" if groups else "")
    summary_env = dict(env_all, groups=[View(r["values"], id=r["id"], name=r["name"]) for r in rows],
                       totals=View(totals))
    summary = []
    for text, condition in spec.summary:
        if condition is None or condition.evaluate(summary_env):
            summary.append(text.render(summary_env, game.language))
    return {
        "set": component.name,
        "title": title,
        "group": spec.heading or group_noun,
        "columns": [{"id": c.id, "title": c.title.render(env_all, game.language), "align": c.align}
                    for c in spec.columns],
        "groups": rows,
        "totals": totals,
        "notes": [n.render(env_all, game.language) for n in spec.notes],
        "summary": summary,
    }


def neighbours(game: "Game") -> list[dict]:
    """Each area of an area map with its group and its neighbours."""
    from ..maps.areas.data import area_maps, colours_of
    from ..maps.areas.geometry import geography_of

    found = []
    for component in area_maps(game):
        geography = geography_of(component) if game.complete else None
        if geography is None:
            continue
        names = {area.id: area.name.get(game.language) for area in geography.areas}
        groups = colours_of(game, component)
        for area, others in geography.neighbours().items():
            group = groups.get(area)
            group_name = group.fields.get("name") if group is not None else None
            found.append({"area": area, "name": names[area],
                          "group": group_name.get(game.language) if group_name is not None else None,
                          "neighbours": list(others)})
    return found


def game_stats(game: "Game") -> dict:
    """Every table `pnp stats` shows, as data (for --format json too)."""
    kinds = types()  # (a board's or data's items are no pieces to count)
    specs = list(game.stats.tables) if game.stats is not None else [
        _default_spec(s) for s in game.sets.values() if s.items and kinds[s.type].printed
        and kinds[s.type].whole is None and not s.declaration.get("items_of")]
    return {
        "title": game.title.get(game.language),
        "tables": [table(game, spec) for spec in specs],
        "neighbours": neighbours(game),
        "neighbours_title": game.stats.neighbours if game.stats and game.stats.neighbours else "Neighbours:",
    }


def _text(value: Any) -> str:
    if isinstance(value, list):
        return " ".join(_text(v) for v in value) or "-"
    return value if isinstance(value, str) else expr.format_value(value)


def format_table(data: dict) -> list[str]:
    header = (data["group"], *(c["title"] for c in data["columns"]))
    aligns = ["left", *(c["align"] for c in data["columns"])]
    rows = [(r["name"], *(_text(r["values"][c["id"]]) for c in data["columns"])) for r in data["groups"]]
    totals = ("total", *(_text(data["totals"][c["id"]]) for c in data["columns"]))
    body = [header, *rows, totals] if rows else [header, totals]
    widths = [max(len(str(row[i])) for row in body) for i in range(len(header))]
    last_plain = aligns[-1] == "left"

    def line(row: tuple) -> str:
        cells = []
        for i, value in enumerate(row):
            text = str(value)
            if i == len(row) - 1 and last_plain:
                cells.append(text)
            elif aligns[i] == "left":
                cells.append(text.ljust(widths[i]))
            else:
                cells.append(text.rjust(widths[i]))
        return "  ".join(cells).rstrip()

    dashes = ["-" * w for w in widths]
    if last_plain:
        dashes[-1] = "-" * len(header[-1])
    out = [data["title"], "", line(header), "  ".join(dashes)]
    out += [line(r) for r in rows]
    out.append(line(totals))
    if data["notes"]:
        out.append("")
        out += data["notes"]
    return out


def format_stats(data: dict) -> str:
    """Fixed-width tables a designer can read at a glance."""
    out: list[str] = []
    for i, t in enumerate(data["tables"]):
        if i:
            out.append("")
        out += format_table(t)
    if data["neighbours"]:
        names = {a["area"]: a["name"] for a in data["neighbours"]}
        labels = [f"{a['name']} ({a['group']})" if a["group"] and a["group"] != a["name"] else a["name"]
                  for a in data["neighbours"]]
        width = max(len(label) for label in labels)
        out.append("")
        out.append(data["neighbours_title"])
        for a, label in zip(data["neighbours"], labels):
            out.append(f"  {label.ljust(width)}  {', '.join(names[n] for n in a['neighbours']) or '-'}")
        out.append("")
    for t in data["tables"]:
        out += t["summary"]
    return "\n".join(out) + "\n"
