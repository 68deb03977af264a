"""What a build depends on: the files the game names (its manifest, data, layouts, checks,
icons, art and own fonts), the options, pnp's own code and the versions of the libraries
that draw. The build's record keeps each input's size, time and hash, so that "nothing
changed" is known without reading the game again: an input whose size and time are the
same is taken as the same, any other is hashed, and the globs and folders the game reads
are listed again to find added or removed files. Files the game does not name (a README,
tests) change nothing."""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..model.game import Game

RECORD = ".pnp-build.json"
RENDERERS = ("reportlab", "rl_accel", "svgwrite", "pypdfium2", "pillow", "fonttools", "shapely", "pyproj",
             "coloraide", "svgelements", "font-source-sans-pro", "font-source-serif-pro")


MAX_INPUT_BYTES = 64_000_000  # the largest file a game may use (its art)


def _hash(root: Path, name: str) -> str | None:
    """The hash of a file of the game; None when it is not one pnp reads (a pipe, a link out of
    the game, a file too large): validation will say why."""
    from ..load.files import Unreadable, read_game_file

    try:
        return hashlib.sha256(read_game_file(root, name, MAX_INPUT_BYTES)).hexdigest()
    except Unreadable:
        return None


@cache
def environment() -> str:
    """A hash of what draws the output besides the game: pnp's code and the libraries' versions."""
    digest = hashlib.sha256()
    package = Path(__file__).resolve().parent.parent  # pnp/, from pnp/build/
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
    """The names in a folder of the game (none for a folder a record names outside it, or
    reached through a link)."""
    from ..load.files import real_folder
    from ..load.paths import path_problem

    if path_problem(folder) is not None or not all(real_folder(root / part) for part in _parents(folder)):
        return []
    try:
        return sorted(p.name for p in (root / folder).iterdir() if not p.name.startswith("."))
    except OSError:
        return []


def _parents(folder: str) -> list[str]:
    """A relative folder and the folders it is in ("a/b": "a", "a/b")."""
    parts = [part for part in folder.split("/") if part not in ("", ".")]
    return ["/".join(parts[:i]) for i in range(1, len(parts) + 1)]


# A set's files may be globs (pnp.load.game reads them; the build's record lists their matches, so
# both expand them here, alike). A glob is looked for in the game's folder, each folder listed
# once, never through a link to a folder, and within bounds: a stranger's game cannot have pnp
# walk the disk (`**/**/**/**/*.yaml` walks each folder again for each `**` in glob.glob).
MAX_GLOB_CHARS = 200
MAX_GLOB_FOLDERS = 1000  # folders one glob lists
MAX_GLOB_NAMES = 50_000  # names it looks at in them
MAX_GLOB_FILES = 1000  # files it matches


class GlobTooWide(Exception):
    """A glob that goes past a bound: `reason` says which ("matches more than 1000 files")."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def glob_files(root: Path, pattern: str) -> list[str]:
    """The files of the game a glob matches, by their paths relative to `root`, sorted, as
    glob.glob(recursive=True) finds them (`*`, `?` and `[...]` within a name, none matching a
    hidden name unless the pattern's name starts with a dot, and `**` any folders within,
    none hidden) but for links to folders, which it does not follow. GlobTooWide when it is
    longer than MAX_GLOB_CHARS, or lists more than MAX_GLOB_FOLDERS folders, looks at more than
    MAX_GLOB_NAMES names or matches more than MAX_GLOB_FILES files."""
    import fnmatch
    import posixpath

    if len(pattern) > MAX_GLOB_CHARS:
        raise GlobTooWide(f"is longer than {MAX_GLOB_CHARS} characters")
    if posixpath.isabs(pattern) or ".." in posixpath.normpath(pattern).split("/"):
        return []  # outside the game (pnp.load.game reads it as a file's name, and refuses it)
    parts: list[str] = []
    for part in posixpath.normpath(pattern).split("/"):
        if part in ("", "."):
            continue
        if not (part == "**" and parts and parts[-1] == "**"):  # a/**/**/b matches what a/**/b does
            parts.append(part)
    end = len(parts)
    magic = [any(ch in part for ch in "*?[") for part in parts]

    def closure(states: set[int]) -> frozenset[int]:
        """The states, and those after each `**` there (one that matches no folder)."""
        found = set(states)
        for i in sorted(states):
            while i < end and parts[i] == "**":
                i += 1
                found.add(i)
        return frozenset(found)

    def step(states: frozenset[int], name: str) -> frozenset[int]:
        after = set()
        for i in states:
            if i == end:
                continue
            part = parts[i]
            if part == "**":
                if not name.startswith("."):
                    after.add(i)
            elif not magic[i]:
                if name == part:
                    after.add(i + 1)
            elif (part.startswith(".") or not name.startswith(".")) and fnmatch.fnmatchcase(name, part):
                after.add(i + 1)
        return closure(after)

    found: list[str] = []
    counts = {"folders": 0, "names": 0}
    todo: list[tuple[str, frozenset[int]]] = [("", closure({0}))]
    while todo:
        folder, states = todo.pop()
        here = root / folder if folder else root
        wanted = {parts[i] for i in states if i < end}
        if all(i < end and not magic[i] and parts[i] != "**" for i in states):
            names = sorted(wanted)  # only named entries: no listing
        else:
            counts["folders"] += 1
            if counts["folders"] > MAX_GLOB_FOLDERS:
                raise GlobTooWide(f"looks into more than {MAX_GLOB_FOLDERS} folders")
            try:
                with os.scandir(here) as entries:
                    names = []
                    for entry in entries:
                        counts["names"] += 1
                        if counts["names"] > MAX_GLOB_NAMES:
                            raise GlobTooWide(f"looks at more than {MAX_GLOB_NAMES} names")
                        names.append(entry.name)
            except OSError:
                continue
        for name in names:
            after = step(states, name)
            if not after:
                continue
            path = here / name
            relative = f"{folder}/{name}" if folder else name
            if end in after and path.is_file():
                found.append(relative)
                if len(found) > MAX_GLOB_FILES:
                    raise GlobTooWide(f"matches more than {MAX_GLOB_FILES} files")
            if any(i < end for i in after) and path.is_dir() and not path.is_symlink():
                todo.append((relative, after))
    return sorted(found)


def _glob(root: Path, pattern: str) -> list[str] | None:
    """A glob's matches, as the build's record lists them; None past a bound (the game cannot
    be built: validation says why)."""
    try:
        return glob_files(root, pattern)
    except GlobTooWide:
        return None


def game_inputs(game: "Game", earlier: dict | None = None) -> dict:
    """Everything the game reads: its files with their size, time and hash, the globs it
    expands with their matches, and the folders it looks into with their names. A file whose
    size and time are those an `earlier` record gives keeps its hash there, unread."""
    from ..checks.files import art_files

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
    import glob

    from ..checks.files import data_folders

    for folder in data_folders(game):  # a YAML file added beside the game's (the check unnamed-file says it)
        for pattern in ("*.yaml", "*.yml"):
            pattern = pattern if folder == "." else f"{glob.escape(folder)}/{pattern}"
            patterns.setdefault(pattern, _glob(root, pattern))
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


def record(inputs: dict, settings: str, files: dict[str, int], outputs: dict[str, str] | None = None,
           timings: dict | None = None) -> bytes:
    """The record a build leaves in its output: what it read (and each input's hash), its
    settings, every file it wrote (by its path in the output) with its size, the key of
    each output a later build may reuse, and where its time went (pnp.build.timings)."""
    doc = {"inputs": fingerprint(inputs, settings),
           "sources": inputs["sources"], "globs": inputs["globs"], "folders": inputs["folders"],
           "settings": settings,
           "files": files,
           "outputs": dict(sorted((outputs or {}).items()))}
    if timings is not None:
        doc["timings"] = timings
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
    if not isinstance(doc, dict) or not _names_inside(doc):
        return None
    _last_record = (data, doc)
    return doc


def _names_inside(doc: dict) -> bool:
    """Whether every file and folder a record names lies inside its folder (the game's, or
    the output's for the files): a record is data in a folder that may come from a stranger,
    and pnp looks at nothing outside the game folder and out/, not even a file's size."""
    from ..load.paths import path_problem

    for key in ("sources", "folders", "files"):
        names = doc.get(key, {})
        if not isinstance(names, dict) or any(path_problem(name) is not None for name in names):  # (JSON: str keys)
            return False
    return True


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
