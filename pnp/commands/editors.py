"""JSON Schemas for the designer's editor: a schema file for every kind of file a game has
(its component sets' from the fields game.yaml declares for them), written into a folder
beside the game, so that an editor using the YAML language server completes keys and
flags mistakes while the designer types, offline. `modeline` is the first line that points
a file at its schema."""

from __future__ import annotations

import hashlib
import json
import os
import posixpath
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..model.game import Game

# pnp's own schemas written for every game (a game may add checks or statistics later);
# those of a map's files only for a game that has them
ALWAYS = ("game", "layout", "checks", "stats")
MAPS = ("board", "land", "rivers", "ranges")


@dataclass(frozen=True)
class SchemaFile:
    """A schema to write: its path in the schemas folder, its content, the game's files it is for."""

    path: str
    schema: dict
    files: tuple[str, ...]


def schema_files(manifest: str, game: "Game | None") -> list[SchemaFile]:
    """The schemas of a game's files: pnp's own, then one for each set with files. Without a
    game (game.yaml could not be read), pnp's own alone."""
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
    for component in (game.sets.values() if game is not None else ()):
        if component.schema is None:
            continue
        # sets declaring the same fields share a schema: each file goes with the first of them
        files = () if component.schema in claimed else tuple(used.get(component.schema, ()))
        claimed.add(component.schema)
        title = f"pnp: the files of the component set '{component.name}', with the fields game.yaml declares"
        found.append(SchemaFile(f"components/{component.name}.schema.json",
                                schema.standalone(component.schema, title), files))
    return found


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
