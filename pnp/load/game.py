"""Load a game: read game.yaml and every file it names, check each against its schema (pnp's
own, or one compiled from the game's field declarations), and build the model. The game's
checks run afterwards (pnp.checks)."""

from __future__ import annotations

import re
import posixpath
from pathlib import Path
from typing import Any, Callable

from .. import expr
from . import boards, schema
from ..components import types
from .fields import NO_DEFAULT, Field, object_schema, parse_fields, references
from ..model.game import ComponentSet, Game, Group, Item, Origin, Text
from .paths import GameNotFound, inside, resolve_manifest  # noqa: F401  (where games are found)
from ..problems import Location, Problem, plural, problem
from ..model.sizes import read_size
from .files import Unreadable, read_game_file
from ..build.fingerprint import GlobTooWide, glob_files
from .yamlload import MAX_FILE_BYTES, Document, load_yaml, parse_yaml, read_problem

ID_FIELD = {"type": "id"}

def singular(word: str) -> str:
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def convert(value: Any, f: Field | None) -> Any:
    """A value as read from YAML, as the model holds it: texts become Text."""
    if f is None or value is None:
        return value
    if f.type == "text":
        return Text.from_data(value)
    if f.type in ("list", "set") and isinstance(value, list):
        return [convert(v, f.of) for v in value]
    if f.type == "record" and isinstance(value, dict):
        return {k: convert(v, f.fields.get(k)) for k, v in value.items()}
    return value


def values_of(raw: dict, fields: dict[str, Field]) -> dict[str, Any]:
    """An item's declared fields from its data, defaults applied (derived ones come later)."""
    values: dict[str, Any] = {}
    for name, f in fields.items():
        if f.derived is not None:
            continue
        if name in raw:
            values[name] = convert(raw[name], f)
        elif f.default is not NO_DEFAULT:
            values[name] = convert(f.default, f)
        else:
            values[name] = None
    return values


class Loader:
    """Reads the files of one game, collecting problems and every file it read."""

    def __init__(self, root: Path, manifest: Document):
        self.root = root
        self.manifest = manifest
        self.documents: dict[str, Document] = {manifest.file: manifest}
        self.files: list[str] = [manifest.file]
        self.problems: list[Problem] = []
        self.complete = True

    def locate(self, path: tuple, key: bool = False) -> Location:
        return self.manifest.locate(path, key=key)

    def read(self, file: str, where: Location, schema_name: str | None, lists: dict[str, str] | None = None,
             relative_to: str = "", boards: Callable[[Document, bytes], tuple[Document, list[Problem]]] | None = None
             ) -> Document | None:
        """Load and schema-check a file named in the game (relative to the game folder, or to
        `relative_to`'s folder). None, with the problems recorded, when it cannot be used.
        `boards` reads the boards it draws as text before the check (pnp.load.boards)."""
        norm = inside(posixpath.join(posixpath.dirname(relative_to), file) if relative_to else file)
        if norm is None:
            self.problems.append(problem("missing-file", where, f"'{file}' lies outside the game folder"))
        elif norm in self.files:
            self.problems.append(problem("duplicate-file", where, f"'{file}' is listed more than once"))
        else:
            try:
                raw = read_game_file(self.root, norm, MAX_FILE_BYTES)
            except Unreadable as exc:
                self.problems.append(read_problem(exc, where, f"'{norm if relative_to else file}'"))
                self.complete = False
                return None
            self.files.append(norm)
            loaded, found = parse_yaml(raw, norm)
            self.problems.extend(found)
            if loaded is not None:
                loaded.lists = dict(lists or {})
                self.documents[norm] = loaded
                if boards is not None:
                    loaded, found = boards(loaded, raw)
                    self.problems.extend(found)
                    if found:
                        self.complete = False
                        return None
                    self.documents[norm] = loaded
                found = schema.check(loaded, schema_name) if schema_name else []
                self.problems.extend(found)
                if not found:
                    return loaded
        self.complete = False
        return None

    def expand(self, files: Any, at: tuple) -> list[tuple[str, Location]]:
        """The files a set names: one, a list, or globs, each with where it is named."""
        listed = [files] if isinstance(files, str) else list(files)
        found: list[tuple[str, Location]] = []
        for i, pattern in enumerate(listed):
            where = self.locate(at if isinstance(files, str) else at + (i,))
            if any(ch in pattern for ch in "*?[") and inside(pattern) is not None:
                try:
                    matches = glob_files(self.root, pattern)
                except GlobTooWide as exc:
                    self.problems.append(problem("files-glob", where, f"glob '{pattern}' {exc.reason}: name the "
                                                 f"folders the files are in"))
                    self.complete = False
                    continue
                if not matches:
                    self.problems.append(problem("missing-file", where, f"no file matches '{pattern}'"))
                    self.complete = False
                found += [(m, where) for m in matches]
            else:
                found.append((pattern, where))
        return found


def _set_fields(loader: Loader, name: str, decl: dict, base: dict[str, Field] | None = None
                ) -> tuple[dict[str, Field], dict[str, Field]]:
    """The fields of a set's items and of its group headers, each with an implicit id."""
    at = ("components", name)
    fields, found = parse_fields(decl.get("fields", {}), loader.locate, at + ("fields",))
    loader.problems += found
    merged: dict[str, Field] = {}
    if "id" not in fields:  # each file that is one item is named by default after the file
        merged["id"] = Field("id", "id", loader.locate(at), optional="items" not in decl)
    merged.update(base or {})
    merged.update(fields)
    group_fields: dict[str, Field] = {}
    if "group" in decl:
        declared, found = parse_fields(decl["group"].get("fields", {}), loader.locate, at + ("group", "fields"))
        loader.problems += found
        group_fields = {"id": Field("id", "id", loader.locate(at + ("group",))), **declared}
    return merged, group_fields


def _file_schema(items_key: str | None, group_key: str | None, fields: dict[str, Field],
                 group_fields: dict[str, Field]) -> dict:
    item = object_schema(fields)
    if items_key is None:
        return item
    properties = {items_key: {"type": "array", "minItems": 1, "items": item}}
    required = [items_key]
    if group_key is not None:
        properties[group_key] = object_schema(group_fields)
        required.insert(0, group_key)
    return {"type": "object", "additionalProperties": False, "required": required, "properties": properties}


def _load_set(loader: Loader, name: str, decl: dict, sets: dict[str, ComponentSet]) -> ComponentSet | None:
    from .. import maps

    at = ("components", name)
    kind = decl["type"]
    ctype = types()[kind]
    foreign = {key: [t.name for t in types().values() if key in t.options]  # (who takes each other key)
               for key in decl if key not in ctype.options}
    for key, owners in foreign.items():
        if owners:  # (another type's option)
            loader.problems.append(problem("schema", loader.locate(at + (key,)),
                                           f"components.{name}.{key}: a {kind} takes no {key} (a {' or '.join(owners)} "
                                           f"does)"))
    if any(foreign.values()):
        return None
    shape = decl.get("shape")
    if shape is not None and shape not in ctype.shapes:
        loader.problems.append(problem("schema", loader.locate(at + ("shape",)),
                                       f"components.{name}.shape: a {kind} is {' or '.join(ctype.shapes)}, not {shape}"))
        return None
    try:
        width, height, shape = read_size(decl.get("size", ctype.size), shape or ctype.shapes[0], decl.get("hex"))
    except ValueError as exc:
        loader.problems.append(problem("schema", loader.locate(at + ("size",)), f"components.{name}.size: {exc}"))
        return None
    noun = tuple(decl["noun"]) if "noun" in decl else (singular(name.replace("-", " ")), name.replace("-", " "))
    title = Text.from_data(decl.get("title", name.replace("-", " ")))
    component = ComponentSet(name, kind, decl, Origin(loader.manifest.file, at), width, height, shape, noun, title,
                             hex=decl.get("hex"))

    if "items_of" in decl:
        source = sets.get(decl["items_of"])
        if source is None:
            loader.problems.append(problem("schema", loader.locate(at + ("items_of",)),
                                           f"components.{name}.items_of: '{decl['items_of']}' is not a set declared "
                                           f"before this one"))
            return None
        component.fields, component.group_fields = source.fields, source.group_fields
        component.items_key, component.group_key = source.items_key, source.group_key
        groups = {id(g): Group(name, g.id, g.fields, g.origin) for g in source.groups}
        component.groups = list(groups.values())
        for item in source.items:
            copy = Item(name, item.fields, item.origin, groups.get(id(item.group)), item.position)
            if copy.group is not None:
                copy.group.items.append(copy)
            component.items.append(copy)
        return component

    base = maps.fields_of(decl["map"], loader.locate(at + ("map",))) \
        if "map" in ctype.options and "map" in decl else {}
    if ctype.fields is not None:  # (what the type's items hold: a die's faces)
        base = {**ctype.fields(loader.locate(at)), **base}
    component.fields, component.group_fields = _set_fields(loader, name, decl, base)
    component.items_key = decl.get("items")
    component.group_key = decl["group"]["key"] if "group" in decl else None
    if "group" in decl and "noun" in decl["group"]:
        component.group_noun = tuple(decl["group"]["noun"])
    if "settings" in ctype.options and "settings" in decl:
        component.settings = maps.load_settings(decl["map"], loader, decl["settings"], loader.locate(at + ("settings",)))
    if "files" not in decl:
        if ctype.whole is None:  # (a board may be drawn from its layout alone)
            loader.problems.append(problem("schema", loader.locate(at), f"components.{name}: missing required key "
                                                                          f"'files'"))
            return None
        return component
    component.schema = schema.compiled(_file_schema(component.items_key, component.group_key, component.fields,
                                                    component.group_fields))
    lists = {component.items_key: noun[0]} if component.items_key else {}
    drawn = boards.reader(component.fields, component.items_key, component.group_fields, component.group_key)
    files = []
    for file, where in loader.expand(decl["files"], at + ("files",)):
        doc = loader.read(file, where, component.schema, lists, boards=drawn)
        if doc is None:
            continue
        files.append(doc.file)
        group = None
        if component.group_key is not None:
            header = doc.data[component.group_key]
            group = Group(name, header["id"], values_of(header, component.group_fields),
                          Origin(doc.file, (component.group_key,)))
            component.groups.append(group)
        raws = doc.data[component.items_key] if component.items_key else [doc.data]
        for i, raw in enumerate(raws):
            origin = Origin(doc.file, (component.items_key, i) if component.items_key else ())
            item = Item(name, values_of(raw, component.fields), origin, group,
                        position=(len(group.items) if group else len(component.items)) + 1)
            if item.fields.get("id") is None and component.items_key is None and "id" in component.fields \
                    and component.fields["id"].derived is None:
                item.fields["id"] = re.sub(r"[^a-z0-9]+", "-", Path(doc.file).stem.lower()).strip("-") or "item"
            if group is not None:
                group.items.append(item)
            component.items.append(item)
    component.files = tuple(files)
    return component


def _dangling(game: Game, component: ComponentSet, item: Item) -> bool:
    """Whether one of the item's references names nothing."""
    for name, f in component.fields.items():
        for _, ref, value in references(f, item.fields.get(name)):
            target = game.sets.get(ref.ref_set or "")
            if value is not None and target is not None and \
                    value not in {i.fields.get(ref.ref_field or "id") for i in target.items}:
                return True
    return False


def _derive(game: Game, problems: list[Problem]) -> None:
    """Compute every derived field, a field at a time across all items (each sees the fields
    declared before it), then each item's copies."""
    from ..model.game import Views

    def work_out(component: ComponentSet, expression: expr.Expression, items: list[Item], what: str,
                 at: tuple = ()) -> list:
        """The expression for each item, all read before any is written; None where it fails
        (reported, unless a file or key did not load or a reference names nothing, which is
        reported as such and likely why)."""
        views = Views(game, game.language)
        results = []
        for item in items:
            try:
                results.append(expression.evaluate(views.env(item)))
            except expr.ExpressionError as exc:
                results.append(None)
                if game.complete and not _dangling(game, component, item):
                    problems.append(problem("schema", game.locate(item.origin, *at),
                                            f"{component.describe(item)}: {what}: {exc.message}"))
        return results

    for component in game.sets.values():  # a list's word any, before the derived fields read it
        for f in (f for f in component.fields.values() if f.any is not None):
            items = [i for i in component.items if i.fields.get(f.name) == "any"]
            for item, found in zip(items, work_out(component, f.any, items, f"{f.name}: any", (f.name,))):
                if found is not None and not isinstance(found, list):
                    problems.append(problem("schema", game.locate(item.origin, f.name),
                                            f"{component.describe(item)}: {f.name}: any must give a list, "
                                            f"not {found!r}"))
                item.fields[f.name] = [convert(v, f.of) for v in found] if isinstance(found, list) else []
    for component in game.sets.values():
        for f in (f for f in component.fields.values() if f.derived is not None):
            values = work_out(component, f.derived, component.items, f"derived field '{f.name}'")
            for item, value in zip(component.items, values):
                item.fields[f.name] = value
    views = Views(game, game.language)
    for component in game.sets.values():
        copies = component.declaration.get("copies", 1)
        if isinstance(copies, int):
            for item in component.items:
                item.copies = copies
            continue
        try:
            count = expr.parse(copies)
        except expr.ExpressionError as exc:
            problems.append(problem("schema", game.locate(component.origin, "copies"),
                                    f"components.{component.name}.copies: {exc.message} in {copies!r}"))
            continue
        for item in component.items:
            try:
                value = count.evaluate(views.env(item))
            except expr.ExpressionError as exc:
                if game.complete:  # else a file or key did not load, and this is likely why
                    problems.append(problem("schema", game.locate(component.origin, "copies"),
                                            f"{component.describe(item)}: copies: {exc.message}"))
                continue
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 100_000:
                problems.append(problem("schema", game.locate(component.origin, "copies"),
                                        f"{component.describe(item)}: copies must be a whole number from 0 to "
                                        f"100,000, not {value!r}"))
                continue
            item.copies = value
    game._views.clear()


def read_rulebooks(loader: Loader, named: dict, languages: tuple[str, ...]) -> dict:
    """Each language's rulebook game.yaml names (pnp.load.rulebook), read and parsed; a language
    the game does not have, or a file that cannot be read, is a problem and no rulebook."""
    from .rulebook import MAX_RULEBOOK_BYTES, read_rulebook

    found = {}
    for language, file in named.items():
        where = loader.locate(("rules", language))
        if language not in languages:
            loader.problems.append(problem("schema", loader.locate(("rules",)),
                                           f"rules: '{language}' is not one of the game's languages "
                                           f"({', '.join(languages)})"))
            continue
        norm = inside(file)
        if norm is None:
            loader.problems.append(problem("missing-file", where, f"'{file}' lies outside the game folder"))
            continue
        if norm in loader.files:
            loader.problems.append(problem("duplicate-file", where, f"'{file}' is listed more than once"))
            continue
        try:
            raw = read_game_file(loader.root, norm, MAX_RULEBOOK_BYTES)
        except Unreadable as exc:
            loader.problems.append(read_problem(exc, where, f"'{file}'"))
            continue
        loader.files.append(norm)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = raw[:exc.start].count(b"\n") + 1
            loader.problems.append(problem("rules-text", Location(norm, line, 1),
                                           f"the rulebook is not UTF-8 text (byte {exc.start + 1})"))
            continue
        rulebook, problems = read_rulebook(text, norm, language)
        loader.problems.extend(problems)
        found[language] = rulebook
    return found


def load_game(manifest: Path) -> tuple[Game | None, list[Problem]]:
    """Read and schema-check every file of a game. Returns the model (None when the manifest
    itself is unusable) and every problem found, unsorted."""
    from ..checks import registry  # noqa: F401  (every check)
    from ..checks import load_checks
    from ..icons.folder import load_icons, unusable
    from ..layout.reader import load_layouts
    from ..model.stats import load_stats

    root = manifest.parent
    doc, problems = load_yaml(root, manifest.name)
    if doc is None:
        return None, problems
    broken: set[tuple] = set()
    problems += schema.check(doc, "game", broken)
    if () in broken or ("components",) in broken or any(p[:1] == ("components",) and len(p) == 1 for p in broken):
        return None, problems  # without the list of components there is nothing more to read
    # Any other broken part of the manifest is left out, so the rest can still be checked.
    data = {key: value for key, value in doc.data.items()
            if key == "components" or not any(p[:1] == (key,) for p in broken)}
    loader = Loader(root, doc)
    loader.problems = problems
    if any(p[:1] != ("components",) for p in broken):
        loader.complete = False  # a broken key is left out: what depends on it cannot be judged

    icons_folder = data.get("icons", "icons")
    icons, found_icons = load_icons(root, inside(icons_folder) or "icons")
    problems += found_icons
    loader.files += [icon.file for icon in icons.values()]

    sets: dict[str, ComponentSet] = {}
    for name, decl in data["components"].items():
        if any(p[:2] == ("components", name) for p in broken):
            loader.complete = False
            continue
        component = _load_set(loader, name, decl, sets)
        if component is None:
            loader.complete = False
        else:
            sets[name] = component

    unloaded = frozenset(data["components"]) - set(sets)  # reported: not what comes of them
    checks, found = ([], [])
    if "checks" in data:
        checks_doc = loader.read(data["checks"], loader.locate(("checks",)), "checks")
        if checks_doc is not None:
            checks, found = load_checks(checks_doc, sets, unloaded)
    problems += found
    stats = None
    if "stats" in data:
        stats_doc = loader.read(data["stats"], loader.locate(("stats",)), "stats")
        if stats_doc is not None:
            stats, found = load_stats(stats_doc, sets, unloaded)
            problems += found

    glossary = None
    if "glossary" in data and loader.read(data["glossary"], loader.locate(("glossary",)), "glossary") is not None:
        glossary = data["glossary"]

    rules = read_rulebooks(loader, data.get("rules", {}), tuple(data.get("languages", ())))

    players = (data["players"]["min"], data["players"]["max"]) if "players" in data else None
    if players is not None and players[0] > players[1]:
        problems.append(problem("schema", loader.locate(("players", "min")),
                                f"players: min {players[0]} is more than max {players[1]}"))
    game = Game(
        root=root,
        manifest=manifest.name,
        title=Text.from_data(data.get("title", "(untitled)")),
        subtitle=Text.from_data(data["subtitle"]) if "subtitle" in data else None,
        languages=tuple(data.get("languages", ())),
        fonts=dict(data.get("fonts", {})),
        players=players,
        values=dict(data.get("values", {})),
        sets=sets,
        layouts={},
        icons=icons,
        checks=checks,
        stats=stats,
        files=(),
        complete=loader.complete,
        documents=loader.documents,
        icons_folder=inside(icons_folder) or "icons",
        unusable_icons={name: where for name, where in unusable(found_icons).items() if name not in icons},
        glossary=glossary,
        rules=rules,
    )
    _derive(game, problems)
    found, layout_docs = load_layouts(game, loader.locate)
    problems += found
    for layout_doc in layout_docs:
        loader.documents.setdefault(layout_doc.file, layout_doc)
        if layout_doc.file not in loader.files:
            loader.files.append(layout_doc.file)
    game.files = tuple(loader.files)
    game.complete = loader.complete and not any(p.rule == "layout" for p in found)
    return game, problems
