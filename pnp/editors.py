"""JSON Schemas for the designer's editor: a schema file for every kind of file a game has
(its component sets' from the fields game.yaml declares for them), written into a folder
beside the game, so that an editor using the YAML language server completes keys and
flags mistakes while the designer types, offline. `modeline` is the first line that points
a file at its schema."""

from __future__ import annotations

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


def write(folder: Path, found: list[SchemaFile]) -> None:
    """Write the schemas into `folder` (made if need be), each as indented JSON."""
    for item in found:
        path = folder / item.path
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(item.schema, indent=2, ensure_ascii=False) + "\n", "utf-8")


def modeline(root: Path, file: str, folder: Path, item: SchemaFile) -> str:
    """The first line of a game's file that points the YAML language server at its schema,
    by a path relative to the file."""
    relative = os.path.relpath(folder / item.path, (root / file).parent)
    return f"# yaml-language-server: $schema={posixpath.join(*Path(relative).parts)}\n"
