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
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from . import schema

if TYPE_CHECKING:
    from .model import Game

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


def write(folder: Path, found: list[SchemaFile]) -> list[str]:
    """Write the schemas into `folder` (made if need be), each as indented JSON, and remove
    those an earlier run wrote that are no longer written (a set renamed or removed): only
    a file its record names, as pnp left it. Returns the removed files' paths."""
    try:
        earlier = json.loads((folder / RECORD).read_text("utf-8")).get("files", {})
        earlier = earlier if isinstance(earlier, dict) else {}
    except (OSError, ValueError, AttributeError):
        earlier = {}
    written: dict[str, str] = {}
    for item in found:
        path = folder / item.path
        path.parent.mkdir(parents=True, exist_ok=True)
        data = (json.dumps(item.schema, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
        path.write_bytes(data)
        written[item.path] = hashlib.sha256(data).hexdigest()
    removed = []
    for name, digest in sorted(earlier.items()):
        path = folder / name
        if name in written or not isinstance(digest, str) or ".." in Path(name).parts or Path(name).is_absolute():
            continue
        try:
            if path.is_file() and not path.is_symlink() and hashlib.sha256(path.read_bytes()).hexdigest() == digest:
                path.unlink()  # as pnp wrote it: the designer has not made it theirs
                removed.append(name)
        except OSError:
            continue
    (folder / RECORD).write_text(json.dumps({"files": written}, indent=1, sort_keys=True) + "\n", "utf-8")
    return removed


def modeline(root: Path, file: str, folder: Path, item: SchemaFile) -> str:
    """The first line of a game's file that points the YAML language server at its schema,
    by a path relative to the file."""
    relative = os.path.relpath(folder / item.path, (root / file).parent)
    return f"# yaml-language-server: $schema={posixpath.join(*Path(relative).parts)}\n"
