"""JSON Schemas for the designer's editor: a schema file for every kind of file a game has
(its component sets' from the fields game.yaml declares for them), written into a folder
beside the game, so that an editor using the YAML language server completes keys and
flags mistakes while the designer types, offline; the values a reference may name listed in
them. `modeline` is the first line that points a file at its schema, and `write_settings`
VS Code's mapping of the schemas to the files (yaml.schemas in .vscode/settings.json)."""

from __future__ import annotations

import copy
import hashlib
import json
import os
import posixpath
import re
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..model.game import ComponentSet, Game

# pnp's own schemas written for every game (a game may add checks, statistics or a glossary
# later); those of a map's files only for a game that has them
ALWAYS = ("game", "layout", "checks", "stats", "glossary")
MAPS = ("board", "land", "rivers", "ranges")


@dataclass(frozen=True)
class SchemaFile:
    """A schema to write: its path in the schemas folder, its content, the game's files it is for."""

    path: str
    schema: dict
    files: tuple[str, ...]


def schema_files(manifest: str, game: "Game | None") -> list[SchemaFile]:
    """The schemas of a game's files: pnp's own, then one for each set with files, its
    references enumerated (see `enumerate_references`). Without a game (game.yaml could not be
    read), pnp's own alone."""
    from ..load import schema  # (here: a report kept by a build is taken with `stamp`, reading no YAML)

    documents = game.documents if game is not None else {}
    order = list(game.files) if game is not None else [manifest]
    used: dict[str, list[str]] = {}
    for file in order:
        doc = documents.get(file)
        if doc is not None and doc.schema:
            used.setdefault(doc.schema, []).append(file)
    if game is None:
        used.setdefault("game", [manifest])
    found = [SchemaFile(f"{name}.schema.json", schema.standalone(name), tuple(used.get(name, ())))
             for name in ALWAYS + tuple(name for name in MAPS if name in used)]
    claimed: set[str] = set()
    sets = [component for component in (game.sets.values() if game is not None else ()) if component.schema]
    read = {file for component in sets for file in component.files}
    for component in sets:
        # each file with the set that read it (each set's schema lists its own references); one
        # that did not load (its problems say why) with the first set of its fields
        first = next(other for other in sets if other.schema == component.schema) is component
        own = set(component.files)
        files = tuple(file for file in used.get(component.schema, ()) if file not in claimed and (
            file in own or first and file not in read))
        claimed.update(files)
        title = f"pnp: the files of the component set '{component.name}', with the fields game.yaml declares"
        written = schema.standalone(component.schema, title)
        found.append(SchemaFile(f"components/{component.name}.schema.json",
                                enumerate_references(game, component, written), files))
    return found


def enumerate_references(game: "Game | None", component: "ComponentSet", schema: dict) -> dict:
    """The schema of a set's files with the values that name something listed (enum, each
    described as messages name it, card 'shah-alam'), so that the editor offers them and flags
    any other: a ref field's (`to: board`, `to: cards.rank`), an icon field's (the game's
    icons), and those of a field that a check of the game's says names something (its kind's
    `refers`; a check that is an error, for all the set's records: no where:). A reference
    within the group lists, for each of the set's groups, its group's targets (if the file's
    group is that one, then ...). The schema as it is for a game not wholly read: its values
    are not all known."""
    from ..checks.kinds import kinds
    from ..problems import Severity

    if game is None or not game.complete:
        return schema
    named: list[tuple[tuple, str | None, bool]] = []  # (keys to the value in a file, what it names, within group)
    for header, fields in ((True, component.group_fields), (False, component.fields)):
        if header and component.group_key is None:
            continue
        for name, declared in fields.items():
            if declared.derived is None:
                named.extend((_at(component, header, name) + keys, to, within) for keys, to, within in _named(declared))
    for check in game.checks:
        refers = kinds()[check.kind].refers(check)
        header = check.target == f"{component.name}.groups"
        if refers is None or "where" in check.spec or check.info.severity != Severity.ERROR \
                or check.target not in (component.name, f"{component.name}.groups"):
            continue
        name, to, within = refers
        declared = (component.group_fields if header else component.fields).get(name)
        if declared is not None and declared.derived is None and declared.raw is None:
            named.append((_at(component, header, name) + (("items",) if declared.type in ("list", "set") else ()),
                          to, within))
    found = copy.deepcopy(schema)
    conditions = []
    for keys, to, within in named:
        if not within:
            listed = _targets(game, to, None)
            node = _node(found, keys)
            if listed and node is not None:
                node.update(listed)
            continue
        for group in component.groups if component.group_key is not None else ():
            listed = _targets(game, to, group.id)
            if listed:
                conditions.append({
                    "if": {"required": [component.group_key], "properties": {component.group_key: {
                        "required": ["id"], "properties": {"id": {"const": group.id}}}}},
                    "then": _nest(keys, listed)})
    if conditions:
        found["allOf"] = found.get("allOf", []) + conditions
    return found


def _at(component: "ComponentSet", header: bool, name: str) -> tuple:
    """The keys, in the schema of a set's files, to a field of its group's header or of its items."""
    if header:
        return "properties", component.group_key, "properties", name
    if component.items_key is not None:
        return "properties", component.items_key, "items", "properties", name
    return "properties", name


def _named(declared, keys: tuple = ()):
    """The values of a field that name something: (keys below the field's schema, what they
    name: a set or set.field, None for an icon, whether within the group)."""
    if declared.raw is not None:  # (a built-in field: pnp's own schema says it)
        return
    if declared.type == "ref":
        yield keys, declared.to, declared.within == "group"
    elif declared.type == "icon":
        yield keys, None, False
    elif declared.type in ("list", "set") and declared.of is not None:
        yield from _named(declared.of, keys + ("items",))
    elif declared.type == "record":
        for name, inner in declared.fields.items():
            if inner.derived is None:
                yield from _named(inner, keys + ("properties", name))


def _targets(game: "Game", to: str | None, group: str | None) -> dict:
    """What a reference may name, as an enum with each value's description (an icon's file):
    the values of the field `to` names (ids, for a set) over the set's items, or those of one
    group; nothing when one is not a name or a whole number (a text), or there is none."""
    if to is None:
        return {"enum": sorted(game.icons), "markdownEnumDescriptions": [f"{game.icons_folder}/{name}.svg"
                                                                         for name in sorted(game.icons)]} \
            if game.icons else {}
    set_name, _, field_name = to.partition(".")
    target = game.sets.get(set_name)
    listed: dict = {}
    for item in target.items if target is not None else ():
        if group is not None and (item.group is None or item.group.id != group):
            continue
        value = item.fields.get(field_name) if field_name else item.id
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            return {}
        listed.setdefault(value, target.describe(item))
    return {"enum": list(listed), "markdownEnumDescriptions": list(listed.values())} if listed else {}


def _node(schema: dict, keys: tuple) -> dict | None:
    """The node of a schema at the keys (a list that may be the word any: its list's items)."""
    node: object = schema
    for key in keys:
        if not isinstance(node, dict):
            return None
        if key == "items" and "items" not in node and isinstance(node.get("else"), dict):
            node = node["else"]
        node = node.get(key)
    return node if isinstance(node, dict) else None


def _nest(keys: tuple, leaf: dict) -> dict:
    """The schema that holds `leaf` at the keys, and says nothing else."""
    for key in reversed(keys):
        leaf = {key: leaf}
    return leaf


RECORD = ".pnp-schemas.json"  # what pnp wrote into the folder last, each file with its hash
MAX_READ_BYTES = 16_000_000  # the most pnp reads of its record, or of a schema it wrote (to remove it)


class Refused(Exception):
    """A place pnp schema or pnp new will not write into (or read from): a link on the way (pnp
    writes and reads through no link, so nothing leads it out of the folder it writes into),
    something other than a folder or a file where one goes, or a place the system does not
    let it write. `path` is the place, `reason` what comes after its name, on one line."""

    def __init__(self, path: Path, reason: str):
        super().__init__(f"{path} {reason}")
        self.path, self.reason = path, reason


def anchor(folder: Path, root: Path) -> tuple[Path, str]:
    """Where a folder to write into starts to be pnp's to check, and the folder below it: below
    the game folder `root` (as the paths are written, links not followed) the game folder, so
    that no link the game holds is followed; elsewhere (a folder the user named with -o, which
    may be reached through the user's own links) the folder itself."""
    top, wanted = Path(os.path.abspath(root)), Path(os.path.abspath(folder))
    if wanted == top or top in wanted.parents:
        return top, wanted.relative_to(top).as_posix()
    return wanted, "."


def place(within: Path, relative: str, kind: str = "file") -> Path:
    """`within`/`relative`, checked as a place to write a file (or a folder, `kind`): Refused
    when any part of it below `within` is a link (to anywhere: pnp goes through none), a part on
    the way is not a folder, or what is there already is not a plain file (a pipe, a device)
    or folder; `relative` must be plain ("/"-separated names, no `..`, `.` or root)."""
    from ..load.paths import inside

    norm = inside(relative) if "\0" not in relative else None
    if norm != relative:  # (a .. or a root; or a path that is not written plainly: refused as well)
        raise Refused(within / relative, "lies outside the folder pnp writes into")
    try:
        if not stat.S_ISDIR(os.stat(within).st_mode):  # (the folder itself may be reached through the user's links)
            raise Refused(within, "is not a folder")
    except FileNotFoundError:
        pass  # made when written
    except OSError as exc:
        raise Refused(within, f"cannot be used ({exc.strerror or exc})") from None
    path = within
    parts = [] if norm == "." else norm.split("/")
    for index, part in enumerate(parts):
        path = path / part
        try:
            mode = os.lstat(path).st_mode
        except FileNotFoundError:
            break  # (nor anything below it)
        except OSError as exc:
            raise Refused(path, f"cannot be read ({exc.strerror or exc})") from None
        if stat.S_ISLNK(mode):
            raise Refused(path, "is a link, and pnp writes through no link")
        if (index + 1 < len(parts) or kind == "folder") and not stat.S_ISDIR(mode):
            raise Refused(path, "is not a folder")
        if index + 1 == len(parts) and kind == "file" and not stat.S_ISREG(mode):
            raise Refused(path, "is not a file")
    return within / norm if parts else within


def make_folder(within: Path, relative: str) -> Path:
    """The folder `within`/`relative` (checked by `place`), made if need be, part by part;
    `within` itself too (a folder the user named, or pnp new's)."""
    target = place(within, relative, "folder")
    path = within
    try:
        within.mkdir(parents=True, exist_ok=True)
        for part in () if target == within else target.relative_to(within).parts:
            path = path / part
            try:
                path.mkdir()
            except FileExistsError:
                pass
    except OSError as exc:
        raise Refused(path, f"cannot be made ({exc.strerror or exc})") from None
    return place(within, relative, "folder")  # (again: each part made here, or a folder found, none a link)


def write_file(within: Path, relative: str, data: bytes) -> Path:
    """Write `data` into `within`/`relative` (its folders made): never through a link, and in
    one step (a new file moved over the old one, which replaces the old name, not what it
    may point to)."""
    from ..load.files import write_atomic

    path = place(within, relative)
    parent = posixpath.dirname(relative)
    make_folder(within, parent or ".")
    try:
        write_atomic(path, data)
    except OSError as exc:
        raise Refused(path, f"cannot be written ({exc.strerror or exc})") from None
    return path


def read_file(within: Path, relative: str, limit: int) -> bytes | None:
    """The bytes of a file pnp wrote into `within`/`relative`; None when it is not there, is
    not a plain file, is reached through a link, or holds more than `limit` bytes."""
    from ..load.files import Unreadable, read_game_file

    try:
        place(within, relative)  # (no link on the way: read_game_file then reads a plain file, bounded)
        return read_game_file(within, relative, limit)
    except (Refused, Unreadable):
        return None


def write(folder: Path, found: list[SchemaFile], within: Path | None = None) -> list[str]:
    """Write the schemas into `folder` (made if need be), each as indented JSON, and remove
    those an earlier run wrote that are no longer written (a set renamed or removed): only
    a file its record names, as pnp left it. Returns the removed files' paths. Nothing is
    written or read through a link below `within` (the folder itself by default: see
    `anchor`): Refused, before anything is written, when one is on the way."""
    within, below = (Path(os.path.abspath(folder)), ".") if within is None else anchor(folder, within)

    def at(name: str) -> str:
        return posixpath.join(below, name) if below != "." else name

    for name in [item.path for item in found] + [RECORD]:  # all checked before anything is written
        place(within, at(name))
    try:
        earlier = json.loads(read_file(within, at(RECORD), MAX_READ_BYTES) or b"{}").get("files", {})
        earlier = earlier if isinstance(earlier, dict) else {}
    except (ValueError, AttributeError):
        earlier = {}
    written: dict[str, str] = {}
    for item in found:
        data = serialised(item)
        write_file(within, at(item.path), data)
        written[item.path] = hashlib.sha256(data).hexdigest()
    removed = []
    for name, digest in sorted(earlier.items()):
        if name in written or not isinstance(digest, str) or not isinstance(name, str):
            continue
        try:
            path = place(within, at(name))  # (one outside the folder, or through a link: left alone)
            data = read_file(within, at(name), MAX_READ_BYTES)
            if data is not None and hashlib.sha256(data).hexdigest() == digest:
                path.unlink()  # as pnp wrote it: the designer has not made it theirs
                removed.append(name)
        except (Refused, OSError):
            continue
    write_file(within, at(RECORD), (json.dumps({"files": written}, indent=1, sort_keys=True) + "\n").encode("utf-8"))
    return removed


def serialised(item: SchemaFile) -> bytes:
    """A schema file's bytes, as `write` writes it."""
    return (json.dumps(item.schema, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


FOLDER = "schemas"  # where pnp schema writes, beside game.yaml, unless told otherwise


def recorded(root: Path) -> dict[str, str] | None:
    """What pnp schema last wrote into the game's schemas/ (each file's path in it, with its
    hash): None when it has written nothing there (or its record cannot be read)."""
    data = read_file(root, posixpath.join(FOLDER, RECORD), MAX_READ_BYTES)
    try:
        files = json.loads(data).get("files") if data is not None else None
    except (ValueError, AttributeError):
        return None
    return {k: v for k, v in files.items() if isinstance(k, str) and isinstance(v, str)} \
        if isinstance(files, dict) else None


def stale(game: "Game") -> list[tuple[SchemaFile, bool]]:
    """The schemas pnp schema would write into the game's schemas/ otherwise than it last did,
    each with whether it wrote one there then: a set's whose fields changed, or that is new;
    one of pnp's own that changed since (one it did not write then is not looked for). None
    when it never wrote there."""
    earlier = recorded(game.root)
    if earlier is None:
        return []
    return [(item, item.path in earlier) for item in schema_files(game.manifest, game)
            if (item.path in earlier or item.path.startswith("components/"))
            and earlier.get(item.path) != hashlib.sha256(serialised(item)).hexdigest()]


def stamp(root: Path) -> tuple[int, int] | None:
    """When the record of the game's schemas/ was written, and its size (None without one):
    a validation's report depends on it."""
    try:
        found = os.lstat(root / FOLDER / RECORD)
    except (OSError, ValueError):
        return None
    return found.st_mtime_ns, found.st_size


def modeline(root: Path, file: str, folder: Path, item: SchemaFile) -> str:
    """The first line of a game's file that points the YAML language server at its schema,
    by a path relative to the file."""
    relative = os.path.relpath(folder / item.path, (root / file).parent)
    return f"# yaml-language-server: $schema={posixpath.join(*Path(relative).parts)}\n"


# --- the editor's mapping: VS Code's yaml.schemas ---------------------------------------------

SETTINGS = ".vscode/settings.json"  # VS Code's settings of the folder it opens
BESIDE = ".vscode/settings.pnp.json"  # the mapping, when SETTINGS is not pnp's to merge into
KEY = "yaml.schemas"  # the YAML extension's setting: a schema's path, and the files it is for
MAX_SETTINGS_BYTES = 1_000_000


def mapping(root: Path, folder: Path, found: list[SchemaFile], paths: list[str] | None = None) -> dict:
    """yaml.schemas for the schemas in `folder`: each schema's path (from the game folder,
    where VS Code opens it, or whole when the folder lies outside it) with the files it is for
    (a name's glob characters escaped); `paths`, when given, says which schemas (with files or
    none), else those with files."""
    top, where = Path(os.path.abspath(root)), Path(os.path.abspath(folder))

    def key(path: str) -> str:
        full = where / path
        return f"./{full.relative_to(top).as_posix()}" if top in full.parents else full.as_posix()

    if paths is not None:
        return {key(path): [] for path in paths}
    return {key(item.path): [re.sub(r"([][*?{}()!\\])", r"\\\1", file) for file in item.files]
            for item in found if item.files}


def write_settings(root: Path, folder: Path, found: list[SchemaFile],
                   removed: list[str] = ()) -> tuple[str, str | None]:
    """Write yaml.schemas into the game folder's .vscode/settings.json: into a new file, or
    merged into the one there, its other settings and the user's own schemas kept (those of
    pnp's schemas, written now or `removed`, replaced); when that file is not plain JSON (VS
    Code's may hold comments), or cannot be read safely, into BESIDE, which is pnp's, and the
    file is left as it is. Returns the file written and, when it is BESIDE, why (the words
    after SETTINGS's name). Refused only when BESIDE cannot be written."""
    wanted = mapping(root, folder, found)
    ours = set(mapping(root, folder, found, [item.path for item in found] + list(removed)))
    root = Path(os.path.abspath(root))
    try:
        why, merged = _merged(root, wanted, ours)
    except Refused as exc:
        why, merged = exc.reason, None
    if why is None:
        if merged is not None:
            write_file(root, SETTINGS, merged)
        return SETTINGS, None
    write_file(root, BESIDE, (json.dumps({KEY: wanted}, indent=4, ensure_ascii=False) + "\n").encode("utf-8"))
    return BESIDE, why


def _merged(root: Path, wanted: dict, ours: set[str]) -> tuple[str | None, bytes | None]:
    """(why SETTINGS is not merged into, or None; the bytes to write into it, None when what
    is there says it all already)."""
    from ..load.files import Unreadable, read_game_file

    place(root, SETTINGS)
    try:
        text = read_game_file(root, SETTINGS, MAX_SETTINGS_BYTES).decode("utf-8")
    except Unreadable as exc:
        if exc.reason == "does not exist":
            return None, (json.dumps({KEY: wanted}, indent=4, ensure_ascii=False) + "\n").encode("utf-8")
        return exc.reason, None
    except UnicodeDecodeError:
        return "is not UTF-8 text", None
    twice: list[str] = []

    def pairs(items: list) -> dict:
        keys = [key for key, _ in items]
        twice.extend(key for key in keys if keys.count(key) > 1)
        return dict(items)

    try:
        settings = json.loads(text, object_pairs_hook=pairs)
    except ValueError as exc:
        at = f" at line {exc.lineno}" if isinstance(exc, json.JSONDecodeError) else ""
        said = getattr(exc, "msg", exc)
        return f"is not plain JSON ({said}{at}: a comment, or a comma before a closing bracket?)", None
    if not isinstance(settings, dict):
        return "holds no JSON object", None
    if twice:
        return f"names '{twice[0]}' twice", None
    schemas = settings.get(KEY, {})
    if not isinstance(schemas, dict):
        return f"holds a {KEY} that is not an object", None
    merged = {**settings, KEY: {**{k: v for k, v in schemas.items() if k not in ours}, **wanted}}
    if merged == settings:
        return None, None
    indent = next((line[:len(line) - len(line.lstrip())] for line in text.splitlines() if line[:1] in " \t"), "    ")
    return None, (json.dumps(merged, indent=indent, ensure_ascii=False) + "\n").encode("utf-8")
