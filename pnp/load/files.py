"""Reading a game's files and writing output files, safely."""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
from functools import cache
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator


class Unreadable(Exception):
    """A file of the game that pnp will not read: `reason` says why, to follow its name
    ("'cards/x.yaml' is a folder, not a file")."""

    def __init__(self, reason: str, size: int | None = None):
        super().__init__(reason)
        self.reason = reason
        self.size = size  # bytes, when the file is too large


def read_game_file(root: Path, relative: str, limit: int) -> bytes:
    """The bytes of `root/relative`, a file of the game. Refused (Unreadable) when it lies
    outside the game folder (by `..` or through a link), is not a regular file (a folder, or
    a pipe or device, whose reading may never end) or holds more than `limit` bytes: no more
    than that is ever read, whatever the file system says of its size."""
    from .paths import path_problem

    problem = path_problem(relative)
    if problem is not None:
        raise Unreadable(problem)
    path = root / relative
    try:
        real = path.resolve(strict=True)
        inside = real.is_relative_to(root.resolve())
    except FileNotFoundError:
        raise Unreadable("is a link to nothing" if os.path.islink(path) else "does not exist") from None
    except OSError as exc:
        import errno

        if exc.errno == errno.ELOOP:
            raise Unreadable("cannot be followed to a file (a loop of links)") from None
        raise Unreadable(f"cannot be read ({exc.strerror or exc})") from None
    except RuntimeError:
        raise Unreadable("cannot be followed to a file (a loop of links)") from None
    if not inside:
        raise Unreadable("lies outside the game folder")
    try:
        # non-blocking: opening a pipe with no writer would wait for one
        fd = os.open(real, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except IsADirectoryError:
        raise Unreadable("is a folder, not a file") from None
    except OSError as exc:
        raise Unreadable(f"cannot be read ({exc.strerror or exc})") from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise Unreadable("is a folder, not a file")
        if not stat.S_ISREG(mode):
            raise Unreadable("is a pipe or a device, not a file")
        chunks, total = [], 0
        while total <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:
            size = max(os.fstat(fd).st_size, total)
            raise Unreadable(f"is more than {limit / 1e6:.1f} MB", size)
        return b"".join(chunks)
    except OSError as exc:
        raise Unreadable(f"cannot be read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)


def write_atomic(path: Path, data: bytes | Iterable[bytes]) -> None:
    """Write a file so that readers see the old one or the whole new one, never half; `data`
    may come in pieces (a large JSON document as it is encoded, never held whole)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            if isinstance(data, (bytes, bytearray, memoryview)):
                handle.write(data)
            else:
                handle.writelines(data)
        os.chmod(tmp, 0o666 & ~umask())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def json_file(doc: Any, default: Callable[[Any], Any] | None = None) -> Iterator[bytes]:
    """A document as a JSON file, indented by 2 and ending in a newline (what json.dumps
    gives), encoded by orjson: a large deck's data.json and Tabletop Simulator object in a
    hundredth of the time. One it cannot encode (an integer past 64 bits) is encoded by the
    standard library, in pieces as it goes. `default` gives what JSON can hold for any other
    value (dataclasses among them)."""
    import json

    import orjson

    option = orjson.OPT_INDENT_2 | orjson.OPT_APPEND_NEWLINE | (orjson.OPT_PASSTHROUGH_DATACLASS if default else 0)
    try:
        data = orjson.dumps(doc, default=default, option=option)
    except (orjson.JSONEncodeError, TypeError):
        data = None
    if data is not None:
        yield data
        return
    batch: list[str] = []
    size = 0
    for chunk in json.JSONEncoder(indent=2, ensure_ascii=False, default=default).iterencode(doc):
        batch.append(chunk)
        size += len(chunk)
        if size >= 1 << 16:
            yield "".join(batch).encode("utf-8")
            batch, size = [], 0
    batch.append("\n")
    yield "".join(batch).encode("utf-8")


@cache
def umask() -> int:
    """The user's umask (read once, by setting it and back: there is no other way)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _exchange(first: Path, second: Path) -> bool:
    """Swap two paths in one step (Linux renameat2 RENAME_EXCHANGE); False where unsupported."""
    import ctypes
    import ctypes.util

    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    at_fdcwd, rename_exchange = -100, 2
    result = renameat2(at_fdcwd, os.fsencode(first), at_fdcwd, os.fsencode(second), rename_exchange)
    return result == 0


def staging_folder(out: Path, moved: str | None = None) -> Path:
    """A fresh folder beside `out` to build into, named so a later build can clean it up
    (the folder `moved` a killed build had taken from `out` is put back first)."""
    out.parent.mkdir(parents=True, exist_ok=True)
    for stale in out.parent.glob(f".{out.name}.building-*"):
        pid = stale.name.rsplit("-", 1)[-1]
        # left by a build that was killed: a folder of this user's, never a link (a game folder
        # may hold one so named, leading anywhere) or what another user made
        if (not pid.isdigit() or not Path(f"/proc/{pid}").exists()) and real_folder(stale, mine=True):
            if moved is not None:
                put_back(stale, out, moved)
            shutil.rmtree(stale, ignore_errors=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}.building-", suffix=f"-{os.getpid()}", dir=out.parent))
    staging.chmod(0o777 & ~umask())  # made private (0700), it becomes out/: as any folder the user makes
    return staging


def keep_previous(out: Path, staging: Path, moved: str | None = None) -> None:
    """Start a partial build from the previous output: hard links cost nothing, and every
    file the build writes replaces its link (write_atomic), never the old file's contents.
    The folder `moved` (the cache: thousands of files, which only the build reads) is moved
    over whole rather than linked file by file; `put_back` returns it should the build fail."""
    if out.is_dir():
        if moved is not None and real_folder(out / moved):
            os.replace(out / moved, staging / moved)
        _link_tree(out, staging, moved)


def _link_tree(out: Path, staging: Path, moved: str | None) -> None:
    """Every file in `out` linked at the same place in `staging`, but the folder `moved` and
    symbolic links: pnp writes none, and a build never writes through one (an output folder
    from elsewhere may hold one leading anywhere); a link the user put there is theirs, and
    check_output_folder stops the build before it comes here."""
    top = os.fspath(out)

    def ignore(folder: str, names: list[str]) -> list[str]:
        return [name for name in names if (folder == top and name == moved) or os.path.islink(os.path.join(folder, name))]
    shutil.copytree(out, staging, symlinks=True, copy_function=os.link, dirs_exist_ok=True, ignore=ignore)


def remove_empty_folders(folder: Path, leave_out: set[str]) -> None:
    """Remove each folder in `folder` that holds no file (a set's folder in an output a renamed
    set left, linked from the previous output with the files the build then removed), from the
    deepest up: a build's output holds no folder a build from nothing would not make. Those at
    its top named in `leave_out`, or hidden (another language's build under way), are left with
    all they hold; links are not followed."""
    def empty(path: str, top: bool) -> bool:
        found = True
        with os.scandir(path) as entries:
            for entry in list(entries):
                if top and (entry.name in leave_out or entry.name.startswith(".")):
                    found = False
                elif entry.is_dir(follow_symlinks=False) and empty(entry.path, False):
                    try:
                        os.rmdir(entry.path)
                    except OSError:
                        found = False
                else:
                    found = False
        return found

    if real_folder(folder):
        empty(os.fspath(folder), True)


def real_folder(path: Path | str, mine: bool = False) -> bool:
    """Whether `path` is a folder itself, not a link to one (and, with `mine`, one of this
    user's): the only kind pnp moves, empties or writes into when it finds it in an output."""
    try:
        found = os.lstat(path)
    except (OSError, ValueError):
        return False
    return stat.S_ISDIR(found.st_mode) and (not mine or not hasattr(os, "getuid") or found.st_uid == os.getuid())


def listing(folder: Path) -> list[tuple[int, str, int]]:
    """Every file in `folder` and the folders in it (links not followed, `folder` itself not
    when it is one): when each was last written (ns), its path in `folder` and its size."""
    if not real_folder(folder):
        return []
    entries, folders = [], [""]
    top = os.path.join(folder, "")
    while folders:
        inside = folders.pop()
        try:
            found = list(os.scandir(top + inside))
        except OSError:
            continue
        for entry in found:
            try:
                if entry.is_dir(follow_symlinks=False):
                    folders.append(f"{inside}{entry.name}/")
                elif entry.is_file(follow_symlinks=False):
                    stat = entry.stat(follow_symlinks=False)
                    entries.append((stat.st_mtime_ns, inside + entry.name, stat.st_size))
            except OSError:
                continue
    return entries


class Linking:
    """keep_previous's links, made by a forked process while this one reads the game (a large
    game's output is thousands of files): `start` it, then `finish` it where keep_previous
    would be called, or `discard` it (its folder holds links only: removing it removes no
    file of the output). The process lists the folder `moved` too (`listed`, once finished:
    the build's cache, for its trim, listed while a core is free)."""

    def __init__(self, out: Path, staging: Path, moved: str, beside: Any):
        self.out, self.staging, self.moved, self.beside = out, staging, moved, beside
        self.pid = beside.pid
        self.done = False  # finished: the staging folder is the build's
        self.listed: list[tuple[int, str, int]] | None = None  # the folder moved, as `listing` gives it

    @classmethod
    def start(cls, out: Path, moved: str) -> "Linking | None":
        """None where there is nothing to link (no folder yet), or where a process cannot be
        forked safely (see pnp.build.processes.Beside): the build then links the previous output itself."""
        from ..build.processes import Beside

        if not out.is_dir():
            return None
        try:
            staging = staging_folder(out, moved)
        except OSError:
            return None

        def work() -> bytes:  # (in the forked process)
            import orjson

            _link_tree(out, staging, moved)
            return orjson.dumps(listing(out / moved))
        beside = Beside.start(work)
        if beside is None:
            shutil.rmtree(staging, ignore_errors=True)
            return None
        return cls(out, staging, moved, beside)

    def finish(self) -> bool:
        """Wait for the links and move the folder `moved` over, as keep_previous does; False
        (the folder to be made again) if its process could not link every file."""
        import orjson

        answer = self.beside.result()
        self.done = True
        try:
            listed = orjson.loads(answer) if answer else None
        except orjson.JSONDecodeError:
            listed = None
        if not isinstance(listed, list):  # (its process failed, or was reaped: whether it linked all cannot be told)
            return False
        if real_folder(self.out / self.moved):
            os.replace(self.out / self.moved, self.staging / self.moved)
        self.listed = [tuple(entry) for entry in listed]  # (JSON gives lists)
        return True

    def discard(self) -> None:
        """Stop its process and remove its folder, unless the build finished it."""
        if self.done:
            return
        self.done = True
        self.beside.cancel()
        shutil.rmtree(self.staging, ignore_errors=True)


def put_back(staging: Path, out: Path, moved: str) -> None:
    """Return the folder keep_previous moved from `out` (a build that failed, or was killed,
    leaves it as it was)."""
    if real_folder(staging / moved) and out.is_dir() and not os.path.lexists(out / moved):
        try:
            os.replace(staging / moved, out / moved)
        except OSError:
            pass


def swap_in(staging: Path, out: Path) -> None:
    """Make the finished `staging` folder the new `out`, in one step where the system allows;
    the previous `out` is removed only after the new one is in place."""
    if out.exists() and not out.is_dir():
        raise NotADirectoryError(f"{out} exists and is not a folder")
    if out.exists() and _exchange(staging, out):
        shutil.rmtree(staging, ignore_errors=True)  # staging now holds the old output
        return
    if out.exists():
        old = out.with_name(f".{out.name}.old-{os.getpid()}")
        os.replace(out, old)
        os.replace(staging, out)
        shutil.rmtree(old, ignore_errors=True)
    else:
        os.replace(staging, out)
