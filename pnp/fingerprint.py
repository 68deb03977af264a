"""What a build depends on: the files the game names (its manifest, data, layouts, checks,
icons, art and own fonts), the options, pnp's own code and the versions of the libraries
that draw. The build's record keeps each input's size, time and hash, so that "nothing
changed" is known without reading the game again: an input whose size and time are the
same is taken as the same, any other is hashed, and the globs and folders the game reads
are listed again to find added or removed files. Files the game does not name (a README,
tests) change nothing."""

from __future__ import annotations

import glob
import hashlib
import json
import os
import re
import sys
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .model import Game

RECORD = ".pnp-build.json"
RENDERERS = ("reportlab", "rl_accel", "svgwrite", "pypdfium2", "pillow", "fonttools", "shapely", "pyproj",
             "coloraide", "svgelements", "font-source-sans-pro", "font-source-serif-pro")


MAX_INPUT_BYTES = 64_000_000  # the largest file a game may use (its art)


def _hash(root: Path, name: str) -> str | None:
    """The hash of a file of the game; None when it is not one pnp reads (a pipe, a link out of
    the game, a file too large): validation will say why."""
    from .files import Unreadable, read_game_file

    try:
        return hashlib.sha256(read_game_file(root, name, MAX_INPUT_BYTES)).hexdigest()
    except Unreadable:
        return None


@cache
def environment() -> str:
    """A hash of what draws the output besides the game: pnp's code and the libraries' versions."""
    digest = hashlib.sha256()
    package = Path(__file__).resolve().parent
    for folder, dirs, files in os.walk(package):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__")
        for name in sorted(files):
            if not name.startswith("."):
                path = Path(folder, name)
                digest.update(str(path.relative_to(package)).encode("utf-8"))
                digest.update(hashlib.sha256(path.read_bytes()).digest())
    for name, version in zip(RENDERERS, versions(RENDERERS)):
        digest.update(f"{name}={version}".encode())
    return digest.hexdigest()


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


def versions(names: tuple[str, ...], path: list[str] | None = None) -> list[str]:
    """The version of each distribution named, as importlib.metadata.version gives it ("none"
    for one not installed): read from the name of its metadata folder, name-version.dist-info,
    in the first folder of the import path that holds one (importlib.metadata takes a
    fortieth of a second to import, on every build); those not found so are asked of
    importlib.metadata."""
    wanted = {_normal(name): i for i, name in enumerate(names)}
    found: list[str | None] = [None] * len(names)
    for folder in sys.path if path is None else path:
        try:
            entries = os.listdir(folder or ".")
        except OSError:
            continue
        for entry in sorted(entries):
            stem = entry[: -len(".dist-info")]
            if entry.endswith(".dist-info") and stem.count("-") == 1:
                name, version = stem.split("-")
                i = wanted.get(_normal(name))
                if i is not None and found[i] is None:
                    found[i] = version
        if None not in found:
            break
    if None in found:
        from importlib import metadata

        for i, name in enumerate(names):
            if found[i] is None:
                try:
                    found[i] = metadata.version(name)
                except metadata.PackageNotFoundError:
                    found[i] = "none"
    return found  # type: ignore[return-value]


def _listing(root: Path, folder: str) -> list[str]:
    try:
        return sorted(p.name for p in (root / folder).iterdir() if not p.name.startswith("."))
    except OSError:
        return []


def _glob(root: Path, pattern: str) -> list[str]:
    return sorted(Path(p).relative_to(root).as_posix() for p in glob.glob(str(root / pattern), recursive=True))


def game_inputs(game: "Game", earlier: dict | None = None) -> dict:
    """Everything the game reads: its files with their size, time and hash, the globs it
    expands with their matches, and the folders it looks into with their names. A file whose
    size and time are those an `earlier` record gives keeps its hash there, unread."""
    from .checks.hygiene import art_files

    root = game.root
    names = list(game.files) + [path for *_, path in art_files(game)]
    fonts = [f"fonts/{name}.ttf" for name in game.fonts.values() if (root / "fonts" / f"{name}.ttf").is_file()]
    known = earlier.get("sources") if isinstance(earlier, dict) and isinstance(earlier.get("sources"), dict) else {}
    sources = {}
    for name in dict.fromkeys(names + fonts):
        path = root / name
        try:
            stat = path.stat()
            was = known.get(name)
            if isinstance(was, list) and len(was) == 3 and was[:2] == [stat.st_size, stat.st_mtime_ns] \
                    and isinstance(was[2], str):
                digest = was[2]
            else:
                digest = _hash(root, name)
            doc = game.documents.get(name)
            if doc is not None and doc.digest and doc.digest != digest:
                digest = None  # it changed since it was read: the next build must not take it as built
            sources[name] = [stat.st_size, stat.st_mtime_ns, digest]
        except OSError:
            sources[name] = [None, None, None]
    patterns = {}
    for component in game.sets.values():
        files = component.declaration.get("files")
        for pattern in [files] if isinstance(files, str) else (files or []):
            if any(ch in pattern for ch in "*?["):
                patterns[pattern] = _glob(root, pattern)
    folders = {folder: _listing(root, folder) for folder in ("fonts", game.icons_folder)}
    return {"sources": sources, "globs": patterns, "folders": folders}


def fingerprint(inputs: dict, settings: str) -> str:
    """One hash of a game's inputs, the build's settings and the environment."""
    digest = hashlib.sha256(settings.encode("utf-8"))
    digest.update(environment().encode())
    digest.update(json.dumps({name: entry[2] for name, entry in sorted(inputs["sources"].items())}).encode())
    digest.update(json.dumps(inputs["globs"], sort_keys=True).encode())
    digest.update(json.dumps(inputs["folders"], sort_keys=True).encode())
    return digest.hexdigest()


def record(inputs: dict, settings: str, files: dict[str, int], outputs: dict[str, str] | None = None) -> bytes:
    """The record a build leaves in its output: what it read (and each input's hash), its
    settings, every file it wrote (by its path in the output) with its size, and the key of
    each output a later build may reuse."""
    doc = {"inputs": fingerprint(inputs, settings),
           "sources": inputs["sources"], "globs": inputs["globs"], "folders": inputs["folders"],
           "settings": settings,
           "files": files,
           "outputs": dict(sorted((outputs or {}).items()))}
    return (json.dumps(doc, indent=1, sort_keys=True) + "\n").encode("utf-8")


def read_record(out: Path) -> dict | None:
    """The record of the build in `out` (None if there is none, or it is not one). A build
    reads it four times (and again as its staging folder's link to the same file): the last
    one read is kept with its bytes, and is not to be changed."""
    import orjson

    global _last_record
    try:
        data = (out / RECORD).read_bytes()
        if _last_record is not None and _last_record[0] == data:
            return _last_record[1]
        doc = orjson.loads(data)
    except (OSError, ValueError):
        return None
    if not isinstance(doc, dict):
        return None
    _last_record = (data, doc)
    return doc


_last_record: "tuple[bytes, dict] | None" = None


def previous_outputs(out: Path) -> dict[str, tuple[str, int]]:
    """From an earlier build's record: each reusable output's key and size."""
    doc = read_record(out)
    try:
        return {name: (key, doc["files"][name]) for name, key in doc.get("outputs", {}).items()
                if name in doc["files"]}
    except (KeyError, AttributeError, TypeError):
        return {}


def current_inputs(root: Path, doc: dict) -> dict | None:
    """The inputs a record names, as they are now (each file hashed only when its size or
    time changed); None when the record cannot be read."""
    try:
        sources = {}
        for name, (size, mtime, digest) in doc["sources"].items():
            path = root / name
            try:
                stat = path.stat()
            except OSError:
                sources[name] = [None, None, None]
                continue
            if stat.st_size == size and stat.st_mtime_ns == mtime:
                sources[name] = [size, mtime, digest]
            else:
                sources[name] = [stat.st_size, stat.st_mtime_ns, _hash(root, name)]
        globs = {pattern: _glob(root, pattern) for pattern in doc["globs"]}
        folders = {folder: _listing(root, folder) for folder in doc["folders"]}
        return {"sources": sources, "globs": globs, "folders": folders}
    except (KeyError, TypeError, ValueError, AttributeError):
        return None


def up_to_date(out: Path, root: Path, settings: str) -> bool:
    """Whether `out` holds a complete build of the game in `root` as it is now, with these settings."""
    doc = read_record(out)
    if doc is None or doc.get("settings") != settings:
        return False
    inputs = current_inputs(root, doc)
    if inputs is None or fingerprint(inputs, settings) != doc.get("inputs"):
        return False
    try:
        return all((out / name).is_file() and (out / name).stat().st_size == size
                   for name, size in doc["files"].items())
    except (OSError, KeyError, AttributeError, TypeError):
        return False


def watched(root: Path, doc: dict | None) -> tuple[set[Path], set[Path], list[str]]:
    """What `pnp watch` looks at, from a build's record: the files, the folders whose list
    of names matters, and the globs."""
    if doc is None:
        return set(), set(), []
    files = {(root / name).resolve() for name in doc.get("sources", {})}
    folders = {(root / name).resolve() for name in doc.get("folders", {})}
    return files, folders, list(doc.get("globs", {}))
