"""Where a game is: its manifest, and paths inside its folder. Kept apart from the loader so
the command line can find a game (and see that its build is up to date) without importing
what reads one."""

from __future__ import annotations

import posixpath
from pathlib import Path


class GameNotFound(Exception):
    """The manifest the user pointed at does not exist (a usage error, not a data problem)."""


def resolve_manifest(game: str | Path | None) -> Path:
    """The game.yaml to use: the given file, game.yaml in a given folder, or in the current one."""
    path = Path(game) if game is not None else Path("game.yaml")
    if path.is_dir():
        path = path / "game.yaml"
    if not path.is_file():
        if game is None:
            raise GameNotFound("no game.yaml in the current folder; run pnp in a game folder or pass --game PATH/game.yaml")
        raise GameNotFound(f"no game manifest at {path}")
    return path


MAX_PATH_BYTES = 1024  # a path a game names: far past any real one, well within every system's


def path_problem(file: str) -> str | None:
    """Why a path a game names (relative to its folder) is not one pnp reads, to follow its
    name ("'x' holds a NUL byte"), or None: no NUL or other control character (a file system
    takes none, and Python raises on NUL), not over MAX_PATH_BYTES bytes nor a name over 255,
    and inside the game folder."""
    control = next((ch for ch in file if ord(ch) < 32 or ch == "\x7f"), None)
    if control is not None:
        return "holds a NUL byte" if control == "\0" else f"holds a control character (U+{ord(control):04X})"
    if len(file.encode("utf-8", "surrogatepass")) > MAX_PATH_BYTES:
        return f"is longer than {MAX_PATH_BYTES} bytes"
    if any(len(part.encode("utf-8", "surrogatepass")) > 255 for part in file.replace("\\", "/").split("/")):
        return "has a name longer than 255 bytes, more than file systems take"
    if inside(file) is None:
        return "lies outside the game folder"
    return None


def inside(file: str) -> str | None:
    """Normalise a path relative to the game folder; None when it leaves the folder."""
    norm = posixpath.normpath(file.replace("\\", "/"))
    if norm.startswith("../") or norm == ".." or posixpath.isabs(norm) or ":" in norm.split("/")[0]:
        return None
    return norm


# --- the names pnp writes -------------------------------------------------------------------

MAX_NAME_BYTES = 150  # a piece's file name: the exports add to it, and file systems take 255 bytes
# names Windows gives to devices, whatever comes after a dot ("aux.png" opens the device)
_RESERVED = {"con", "prn", "aux", "nul", *(f"{port}{n}" for port in ("com", "lpt") for n in "123456789¹²³")}
_FORBIDDEN = set('<>:"|?*\\/') | {chr(n) for n in range(32)} | {"\x7f"}


def name_problem(name: str) -> str | None:
    """Why `name` is not a plain file name every system takes (a piece's or a folder's name
    in an output, without its suffix), or None: no separator, NUL or other control
    character, none of the characters Windows refuses, no name Windows keeps for a device,
    no leading or trailing space or dot, and at most MAX_NAME_BYTES bytes."""
    if not name.strip():
        return "it is empty" if not name else "it is only spaces"
    bad = sorted({ch for ch in name if ch in _FORBIDDEN})
    if bad:
        shown = ", ".join("a slash" if ch == "/" else "a backslash" if ch == "\\" else
                          f"U+{ord(ch):04X}" if ord(ch) < 32 or ch == "\x7f" else repr(ch) for ch in bad)
        return f"it holds {shown}"
    if name[0] in " .":
        return f"it starts with {'a space' if name[0] == ' ' else 'a dot'}"
    if name[-1] in " .":
        return f"it ends with {'a space' if name[-1] == ' ' else 'a dot'}"
    if name.split(".", 1)[0].rstrip(" ").lower() in _RESERVED:
        return f"Windows keeps the name {name.split('.', 1)[0]!r} for a device"
    if len(name.encode("utf-8")) > MAX_NAME_BYTES:
        return f"it is longer than {MAX_NAME_BYTES} bytes"
    return None


class UnsafeName(ValueError):
    """An output's path that is not made of plain names (see `name_problem`): pnp writes
    nothing there. The checks report such a name where it comes from; this is the last line."""


def output_path(out: Path | str, relative: str) -> str:
    """The one way to an output file's path: `out` joined with `relative` ("/"-separated
    plain names), refused (UnsafeName) when any part of it is not a plain name, so that
    nothing a game names can lead out of its output folder."""
    for part in relative.split("/"):
        problem = name_problem(part)
        if problem is not None:
            raise UnsafeName(f"pnp writes no file {relative!r} into its output: {problem}")
    return f"{out}/{relative}"
