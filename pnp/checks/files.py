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

MAX_LISTED = 10_000  # the names looked at in one folder of the game (a folder of thousands of pictures)


def data_folders(game: "Game") -> list[str]:
    """The folders that hold the game's YAML files (its manifest's, ".", among them), in the
    order the files are read: those a YAML file nothing names is looked for in."""
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


def unnamed_files(game: "Game") -> Iterator[str]:
    """The YAML files in the folders of the game's YAML files that the game does not read
    (no set's files, layout, checks, stats or glossary names them), in sorted order by
    folder: plain files only, not hidden ones (an editor's, a tool's settings)."""
    import os
    import posixpath

    from ..load.files import real_folder

    read = set(game.files) | named_files(game)
    for folder in data_folders(game):
        if not real_folder(game.root / folder):
            continue
        try:
            with os.scandir(game.root / folder) as entries:
                names = sorted(entry.name for _, entry in zip(range(MAX_LISTED), entries)
                               if entry.name.endswith((".yaml", ".yml")) and not entry.name.startswith(".")
                               and entry.is_file(follow_symlinks=False))
        except OSError:
            continue
        for name in names:
            file = name if folder == "." else posixpath.join(folder, name)
            if file not in read:
                yield file


def unnamed_file(game: "Game") -> Found:
    import posixpath

    from ..problems import Location

    if not game.complete:  # (a set left out reads none of its files: they are not unnamed)
        return
    for file in unnamed_files(game):
        folder = posixpath.dirname(file)
        beside = next(((component, other) for component in game.sets.values() for other in _files_of(game, component)
                       if posixpath.dirname(other) == folder), None)
        hint = f"; set '{beside[0].name}' reads {beside[1]} beside it: list it in components.{beside[0].name}.files" \
            if beside is not None else ""
        yield Location(file), f"{file} is named by nothing the game reads, so the kit leaves it out{hint}"


def _files_of(game: "Game", component: "ComponentSet") -> list[str]:
    """The files of a set's items, as the game read them (a group's, a glob's matches)."""
    return list(dict.fromkeys(item.origin.file for item in component.items)) \
        if not component.declaration.get("items_of") else []


rule("unnamed-file", Severity.WARNING, "A YAML file beside the game's files is named by nothing the game reads "
     "(a set's files:, a layout, checks, stats): the kit leaves it out.")(unnamed_file)


# --- the editor's schemas, older than the game's fields ----------------------------------------


def stale_schemas(game: "Game") -> Found:
    from ..commands.editors import FOLDER, stale
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
            said = f"{file} is older than the set's fields" if written else f"{FOLDER}/ has no schema of its files"
            yield where, f"components.{component.name}: {said}: run pnp schema so that the editor knows them"


rule("stale-schemas", Severity.WARNING, "The JSON Schemas pnp schema wrote into schemas/ are older than the game's "
     "fields (or than pnp's own schemas): the editor checks the files against what they were.")(stale_schemas)
