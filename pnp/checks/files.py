"""pnp's checks of the files a game's data names: its pictures (there, whole, images pnp can
read and not too large to draw, alone and in all) and its icons."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator

from ..problems import Severity
from . import Found, rule

if TYPE_CHECKING:
    from ..model.game import ComponentSet, Game, Item


# What pictures may cost to draw: the backends decode each whole (reportlab, pdfium and
# Pillow each hold it at several bytes a pixel, whatever its file's size): an A2 board's at
# 300 dpi is 35 million pixels; a game's pictures in all, each drawn into several outputs
MAX_ART_PIXELS = 40_000_000
MAX_GAME_PIXELS = 1_000_000_000
MAX_ART_BYTES = 64_000_000


def art_problem(root: Path, art: str) -> tuple[str | None, int]:
    """Why an art file cannot be used (None when it can), and its pixels: its size is read
    from its header before anything is decoded, then it is decoded to its last pixel, as the
    backends will (a truncated file is a problem, not a grey band)."""
    import hashlib
    import io

    from ..load.files import Unreadable, read_game_file

    try:
        data = read_game_file(root, art, MAX_ART_BYTES)
    except Unreadable as exc:
        if exc.size is not None:
            return f"art file '{art}' is {exc.size / 1e6:.1f} MB, more than pnp reads ({MAX_ART_BYTES / 1e6:.0f} MB)", 0
        return f"art file '{art}' {exc.reason}", 0
    from PIL import Image, UnidentifiedImageError  # imported here: most games have no art of their own

    digest = hashlib.sha256(data).hexdigest()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as image:
                width, height = image.size
                if width * height > MAX_ART_PIXELS:
                    return (f"art file '{art}' is {width} x {height} pixels, more than pnp draws in a picture "
                            f"({MAX_ART_PIXELS:,})"), 0
                if digest in WHOLE_PICTURES:
                    return None, width * height
                image.verify()
            with Image.open(io.BytesIO(data)) as image:
                image.load()  # (pnp leaves ImageFile.LOAD_TRUNCATED_IMAGES off: a truncated file fails)
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        return f"art file '{art}' is too large to be a safe image (a decompression bomb?)", 0
    except UnidentifiedImageError:
        return f"art file '{art}' is not an image pnp can read", 0
    except (OSError, SyntaxError, ValueError, EOFError) as exc:
        return f"art file '{art}' is a damaged image ({exc})", 0
    WHOLE_PICTURES.add(digest)
    return None, width * height


def _pictures(game: "Game") -> dict[str, tuple[str | None, int]]:
    """`art_problem` of each art file the data names, by its path, looked at once for the
    checks that ask."""
    if "pictures" not in game.memo:
        game.memo["pictures"] = found = {}
        for *_, path in art_files(game):
            if path not in found:
                found[path] = art_problem(game.root, path)
    return game.memo["pictures"]


# The SHA-256 of each picture found whole (decoded to its last pixel) in this process: a
# picture validated again is not decoded again.
WHOLE_PICTURES: set[str] = set()


def field_values(game: "Game", kind: str) -> Iterator[tuple["ComponentSet", "Item", str, Any]]:
    """(set, item, field, value) for every field of type `kind` given in the data."""
    for component in game.sets.values():
        if component.declaration.get("items_of"):
            continue
        names = [name for name, f in component.fields.items() if f.type == kind]
        for item in component.items:
            for name in names:
                value = item.fields.get(name)
                if value is not None:
                    yield component, item, name, value


def art_files(game: "Game") -> Iterator[tuple["ComponentSet", "Item", str, str]]:
    """(set, item, field, path) for every file field given in the data."""
    for component, item, name, value in field_values(game, "file"):
        if isinstance(value, str):
            yield component, item, name, value


def art_file(game: "Game") -> Found:
    found = _pictures(game)
    for component, item, name, path in art_files(game):
        reason = found[path][0]
        if reason:
            yield game.locate(item.origin, name), f"{component.describe(item)}: {reason}"


rule("art-file", Severity.ERROR, "An art file is missing, lies outside the game folder, is not an image, is a "
     "damaged one (truncated), or has more pixels than pnp draws in a picture (40 million).")(art_file)


def art_pixels(game: "Game") -> Found:
    total = 0
    seen: set[str] = set()
    found = _pictures(game)
    for component, item, name, path in art_files(game):
        if path in seen:
            continue
        seen.add(path)
        total += found[path][1]
        if total > MAX_GAME_PIXELS:
            yield game.locate(item.origin, name), (
                f"{component.describe(item)}: art file '{path}' brings the game's pictures to {total:,} pixels, more "
                f"than pnp draws in one build ({MAX_GAME_PIXELS:,}): use smaller pictures")
            return


rule("art-pixels", Severity.ERROR, "The game's pictures have more pixels in all than pnp draws in one build "
     "(1,000 million).")(art_pixels)


def unknown_icon(game: "Game") -> Found:
    import difflib

    from ..icons.folder import cannot_be_drawn

    for component, item, name, value in field_values(game, "icon"):
        if value in game.unusable_icons:
            yield game.locate(item.origin, name), \
                f"{component.describe(item)}: {name}: {cannot_be_drawn(value, game.unusable_icons[value])}"
        elif value not in game.icons:
            close = difflib.get_close_matches(str(value), sorted(game.icons), n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            yield (game.locate(item.origin, name),
                   f"{component.describe(item)}: {name} '{value}' is not one of the game's icons{hint}")


rule("unknown-icon", Severity.ERROR, "An icon field names an icon the game's icons/ folder does not "
     "have, or one pnp cannot draw (its file's problems say why).")(unknown_icon)


# --- YAML files nothing names ----------------------------------------------------------------

MAX_LISTED = 10_000  # the names looked at in the game folder and the folders in it, in all
MAX_FOLDERS_DEEP = 8  # how far into folders within folders a YAML file is looked for


def data_folders(game: "Game") -> list[str]:
    """The folders that hold the game's YAML files (its manifest's, ".", among them), in the
    order the files are read."""
    import posixpath

    return list(dict.fromkeys(posixpath.dirname(file) or "." for file in game.files
                              if file.endswith((".yaml", ".yml"))))


def named_files(game: "Game") -> set[str]:
    """The files game.yaml and the layouts name, read or not (a layout YAML could not read is
    named all the same): each text of theirs as a path, from the game folder and from theirs."""
    import posixpath

    from ..load.paths import inside

    named: set[str] = set()

    def walk(value: Any, folder: str) -> None:
        if isinstance(value, str):
            for path in (value, posixpath.join(folder, value)) if folder else (value,):
                norm = inside(path) if value.endswith((".yaml", ".yml")) and "\0" not in value else None
                if norm is not None:
                    named.add(norm)
        elif isinstance(value, dict):
            for inner in value.values():
                walk(inner, folder)
        elif isinstance(value, list):
            for inner in value:
                walk(inner, folder)

    for doc in game.documents.values():
        if doc.file == game.manifest or doc.schema == "layout":
            walk(doc.data, posixpath.dirname(doc.file))
    return named


def other_folders(game: "Game") -> set[str]:
    """The folders of the game folder no YAML file of the game is looked for in: those pnp
    writes (out/, the editor's schemas/) and those the game names for files of other kinds
    (its icons, fonts, pictures and rulebooks), unless they hold YAML files the game reads."""
    import posixpath

    from ..commands.editors import FOLDER

    named = {game.icons_folder, "fonts"} | {posixpath.dirname(path) for *_, path in art_files(game)}
    named |= {posixpath.dirname(book.file) for book in game.rules.values()}
    return {"out", FOLDER} | (named - {"", "."} - set(data_folders(game)))


def _listed(path: "Any", budget: list[int]) -> list[tuple[str, bool]] | None:
    """The names in a folder, each with whether it is a folder (links are neither: not
    followed), sorted; None when it cannot be read. `budget` counts down the names looked at."""
    import os

    found = []
    try:
        with os.scandir(path) as entries:
            for entry in entries:
                if budget[0] <= 0:
                    break
                budget[0] -= 1
                if entry.is_dir(follow_symlinks=False):
                    found.append((entry.name, True))
                elif entry.is_file(follow_symlinks=False):
                    found.append((entry.name, False))
    except OSError:
        return None
    return sorted(found)


def unnamed_files(game: "Game") -> Iterator[str]:
    """The YAML files under the game folder that the game does not read (no set's files,
    layout, checks, stats or glossary names them), folder by folder, the game folder's first:
    plain files only, not hidden ones (an editor's, a tool's settings), nor any in a hidden
    folder, a folder pnp writes or the game names for other files (`other_folders`), a
    folder of another game (its own game.yaml) or of a program (a Python file: a tool's)."""
    import posixpath

    read = set(game.files) | named_files(game)
    skipped = other_folders(game)
    budget = [MAX_LISTED]
    folders = [(".", 0)]
    while folders:
        folder, depth = folders.pop(0)
        names = _listed(game.root / folder, budget)
        if names is None or folder != "." and any(
                name == "game.yaml" or name.endswith(".py") for name, is_folder in names if not is_folder):
            continue
        below = []
        for name, is_folder in names:
            path = name if folder == "." else posixpath.join(folder, name)
            if name.startswith("."):
                continue
            if is_folder:
                if depth + 1 < MAX_FOLDERS_DEEP and path not in skipped:
                    below.append((path, depth + 1))
            elif name.endswith((".yaml", ".yml")) and path not in read:
                yield path
        folders[:0] = below  # (a folder's own folders before the next of its neighbours)


def _glob_matches(pattern: str, path: str) -> bool:
    """Whether a set's glob matches a path as its files are found (`*` within a name, `**`
    any folders)."""
    import fnmatch
    import posixpath

    def match(parts: list[str], names: list[str]) -> bool:
        if not parts:
            return not names
        if parts[0] == "**":
            return any(match(parts[1:], names[i:]) for i in range(len(names) + 1))
        return bool(names) and fnmatch.fnmatchcase(names[0], parts[0]) and match(parts[1:], names[1:])

    return match([p for p in posixpath.normpath(pattern).split("/") if p not in ("", ".")], path.split("/"))


def _top_keys(game: "Game", file: str) -> list[str]:
    """The keys a YAML file's top mapping writes at the start of a line, in order (read as
    text, not parsed: a file nothing names may not be YAML pnp reads)."""
    import re

    from ..load.files import Unreadable, read_game_file
    from ..load.yamlload import MAX_FILE_BYTES

    try:  # (no more than pnp reads of a YAML file)
        text = read_game_file(game.root, file, MAX_FILE_BYTES).decode("utf-8", "replace")
    except Unreadable:
        return []
    return list(dict.fromkeys(re.findall(r"^([A-Za-z_][\w-]*)[ \t]*:(?=[ \t\r]|$)", text, re.M)))


def _said(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def unnamed_hint(game: "Game", file: str) -> str:
    """What to do of a YAML file nothing names, after a semicolon ("" when there is nothing
    to say): rename it, when a set's glob would take it under the other YAML ending; list it
    in the files of the set whose items: key it holds (or of the set without one whose
    fields are its keys); name it as a face or back when it holds boxes:; or that no set
    reads such a file."""
    import posixpath

    sets = [component for component in game.sets.values() if not component.declaration.get("items_of")]
    stem, ending = posixpath.splitext(file)
    other = stem + (".yaml" if ending == ".yml" else ".yml")
    for component in sets:
        declared = component.declaration.get("files")
        for pattern in [declared] if isinstance(declared, str) else declared if isinstance(declared, list) else []:
            if isinstance(pattern, str) and any(ch in pattern for ch in "*?[") and _glob_matches(pattern, other):
                return (f"; set '{component.name}' reads {pattern}, which no {ending} file matches: name it {other}"
                        f" (or list it in components.{component.name}.files)")
    keys = _top_keys(game, file)
    if not keys:
        return ""
    holds = [c for c in sets if c.items_key is not None and c.items_key in keys]
    if holds:
        key = holds[0].items_key
        return (f"; it holds {key}:, the items of set {_said([repr(c.name) for c in holds])}: list it in "
                f"{_said([f'components.{c.name}.files' for c in holds])}")
    whole = [c for c in sets if c.items_key is None and set(keys) <= set(c.fields) | set(c.group_fields)]
    if whole:
        return (f"; its keys are the fields of set {_said([repr(c.name) for c in whole])}: list it in "
                f"{_said([f'components.{c.name}.files' for c in whole])}")
    if "boxes" in keys:  # (a layout's key)
        return "; it holds boxes:, as a layout does: name it as a set's face: or back:"
    shown = ", ".join(keys[:4]) + (", ..." if len(keys) > 4 else "")
    return f"; no set reads its items from its keys ({shown})"


def unnamed_file(game: "Game") -> Found:
    from ..problems import Location

    if not game.complete:  # (a set left out reads none of its files: they are not unnamed)
        return
    for file in unnamed_files(game):
        yield Location(file), f"{file} is named by nothing the game reads, so the kit leaves it out" \
                              f"{unnamed_hint(game, file)}"


rule("unnamed-file", Severity.WARNING, "A YAML file in the game folder or a folder in it is named by nothing the "
     "game reads (a set's files:, a layout, checks, stats): the kit leaves it out.")(unnamed_file)


# --- the editor's schemas, older than the game's fields ----------------------------------------


def stale_schemas(game: "Game") -> Found:
    from ..commands.editors import FOLDER, changed, stale
    from ..problems import Location

    if not game.complete:  # (a set left out has no schema to compare)
        return
    sets = {f"components/{component.name}.schema.json": component for component in game.sets.values()}
    for item, written in stale(game):
        file = f"{FOLDER}/{item.path}"
        component = sets.get(item.path)
        if component is None:
            yield Location(file), f"{file} is older than pnp's own schema of its files: run pnp schema to write it again"
        else:
            where = game.locate(component.origin, *(("fields",) if "fields" in component.declaration else ()), key=True)
            said = {"fields": f"{file} is older than the set's fields",
                    "references": f"{file} lists the ids and icons its references could name when it was written, "
                                  f"not those the game has now",
                    None: f"{file} is older than the set's fields or than what its references name"}[
                changed(game, item)] if written else f"{FOLDER}/ has no schema of its files"
            yield where, f"components.{component.name}: {said}: run pnp schema so that the editor knows them"


rule("stale-schemas", Severity.WARNING, "The JSON Schemas pnp schema wrote into schemas/ are older than the game's "
     "fields, than the ids and icons its references may name, or than pnp's own schemas: the editor checks the files "
     "against what they were.")(stale_schemas)
