"""pnp.load.files: a game's file read only when it is a regular file inside the game folder, never
past its limit (each refusal in the words that follow the file's name), output files written
whole or not at all, JSON encoded in pieces when it must be, and a build's folders: its staging
folder beside the output, the previous output linked into it (the cache moved over whole, and
put back should the build fail), and the finished folder swapped in."""

from __future__ import annotations

import dataclasses
import errno
import json
import os
import stat
from pathlib import Path

import pytest

import pnp.load.files as files
from pnp.load.files import (Linking, Unreadable, _exchange, _link_tree, json_file, keep_previous, listing, put_back,
                       read_game_file, real_folder, staging_folder, swap_in, umask, write_atomic)


def refusal(root: Path, relative: str, limit: int = 100) -> tuple[str, int | None]:
    with pytest.raises(Unreadable) as raised:
        read_game_file(root, relative, limit)
    assert str(raised.value) == raised.value.reason
    return raised.value.reason, raised.value.size


@pytest.fixture
def game(tmp_path: Path) -> Path:
    root = tmp_path / "game"
    (root / "cards").mkdir(parents=True)
    (root / "cards" / "x.yaml").write_bytes(b"name: x\n")
    (tmp_path / "secret.yaml").write_bytes(b"secret\n")
    return root


# --- reading a game's file -------------------------------------------------------------------------

def test_unreadable() -> None:
    error = Unreadable("is a folder, not a file")
    assert (str(error), error.reason, error.size) == ("is a folder, not a file", "is a folder, not a file", None)
    assert Unreadable("is more than 1.0 MB", 1_000_001).size == 1_000_001


def test_a_file_of_the_game_is_read(game: Path) -> None:
    assert read_game_file(game, "cards/x.yaml", 100) == b"name: x\n"
    assert read_game_file(game, "cards/../cards/x.yaml", 8) == b"name: x\n"  # exactly its limit
    assert refusal(game, "cards\\x.yaml") == ("does not exist", None)  # (here a backslash is part of a name)
    (game / "empty.yaml").write_bytes(b"")
    assert read_game_file(game, "empty.yaml", 0) == b""
    (game / "link.yaml").symlink_to("cards/x.yaml")  # a link within the folder is followed
    assert read_game_file(game, "link.yaml", 100) == b"name: x\n"


def test_a_large_file_is_read_in_pieces(game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = bytes(range(256)) * 10_000  # 2.56 MB: three reads of at most 1 MiB
    (game / "big.bin").write_bytes(data)
    asked = []
    read = os.read

    def reading(fd: int, n: int) -> bytes:
        asked.append(n)
        return read(fd, n)
    monkeypatch.setattr(os, "read", reading)
    assert read_game_file(game, "big.bin", len(data)) == data
    assert asked == [1 << 20, 1 << 20, len(data) + 1 - (2 << 20), 1]
    assert refusal(game, "big.bin", len(data) - 1) == ("is more than 2.6 MB", len(data))
    assert refusal(game, "big.bin", 1_500_000) == ("is more than 1.5 MB", len(data))
    assert refusal(game, "big.bin", 1_050_000) == ("is more than 1.1 MB", len(data))  # (a megabyte is 10⁶ bytes)


def test_no_more_than_the_limit_is_read(game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (game / "one.txt").write_bytes(b"x")
    assert refusal(game, "one.txt", 0) == ("is more than 0.0 MB", 1)
    (game / "ten.txt").write_bytes(b"0123456789")
    asked = []
    read = os.read

    def reading(fd: int, n: int) -> bytes:
        asked.append(n)
        return read(fd, n)
    monkeypatch.setattr(os, "read", reading)
    assert refusal(game, "ten.txt", 4) == ("is more than 0.0 MB", 10)
    assert asked == [5]  # the limit and one byte more: enough to tell
    asked.clear()
    assert read_game_file(game, "ten.txt", 10) == b"0123456789"
    assert asked == [11, 1]  # (the second read finds the end)


def test_a_file_whose_size_the_system_does_not_tell() -> None:
    """A file of /proc says it holds nothing: what was read is its size."""
    assert refusal(Path("/proc/self"), "status", 10) == ("is more than 0.0 MB", 11)
    assert read_game_file(Path("/proc/self"), "status", 100_000).startswith(b"Name:")


@pytest.mark.parametrize(("relative", "reason"), [
    ("../secret.yaml", "lies outside the game folder"),
    ("/etc/passwd", "lies outside the game folder"),
    ("cards/\0.yaml", "holds a NUL byte"),
    ("cards/\n.yaml", "holds a control character (U+000A)"),
    ("a" * 256, "has a name longer than 255 bytes, more than file systems take"),
])
def test_a_path_that_is_not_one_pnp_reads(game: Path, relative: str, reason: str) -> None:
    assert refusal(game, relative) == (reason, None)


def test_what_is_not_there(game: Path) -> None:
    assert refusal(game, "missing.yaml") == ("does not exist", None)
    assert refusal(game, "cards/missing/x.yaml") == ("does not exist", None)
    (game / "dangling.yaml").symlink_to("nowhere.yaml")
    assert refusal(game, "dangling.yaml") == ("is a link to nothing", None)
    (game / "loop-a").symlink_to("loop-b")
    (game / "loop-b").symlink_to("loop-a")
    assert refusal(game, "loop-a") == ("cannot be followed to a file (a loop of links)", None)
    assert refusal(game, "cards/x.yaml/y") == ("cannot be read (Not a directory)", None)


def test_a_loop_the_system_reports_as_an_error(game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """(Python 3.13 reports a loop of links as ELOOP, as any other error of the system.)"""
    raised = [OSError(errno.ELOOP, "Too many levels of symbolic links"), OSError(errno.EACCES, "Permission denied"),
              OSError("no strerror")]

    def resolve(self: Path, strict: bool = False) -> Path:
        raise raised.pop(0)
    monkeypatch.setattr(Path, "resolve", resolve)
    assert refusal(game, "cards/x.yaml") == ("cannot be followed to a file (a loop of links)", None)
    assert refusal(game, "cards/x.yaml") == ("cannot be read (Permission denied)", None)
    assert refusal(game, "cards/x.yaml") == ("cannot be read (no strerror)", None)


def test_a_link_out_of_the_game_folder(game: Path, tmp_path: Path) -> None:
    (game / "out.yaml").symlink_to(tmp_path / "secret.yaml")
    assert refusal(game, "out.yaml") == ("lies outside the game folder", None)
    (game / "up").symlink_to(tmp_path)
    assert refusal(game, "up/secret.yaml") == ("lies outside the game folder", None)
    # the game folder itself may be reached through a link
    (tmp_path / "via").symlink_to(game)
    assert read_game_file(tmp_path / "via", "cards/x.yaml", 100) == b"name: x\n"


def test_a_folder_a_pipe_or_a_device(game: Path) -> None:
    assert refusal(game, "cards") == ("is a folder, not a file", None)
    assert refusal(game, ".") == ("is a folder, not a file", None)
    os.mkfifo(game / "pipe")  # opened without waiting for a writer, and refused
    assert refusal(game, "pipe") == ("is a pipe or a device, not a file", None)
    (game / "null").symlink_to("/dev/null")
    assert refusal(game, "null") == ("lies outside the game folder", None)
    assert refusal(Path("/dev"), "null") == ("is a pipe or a device, not a file", None)


def test_how_a_file_is_opened(game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    opened, closed = [], []
    open_, close = os.open, os.close

    def opening(path, flags: int, *args) -> int:
        fd = open_(path, flags, *args)
        opened.append((str(path), flags, fd))
        return fd

    def closing(fd: int) -> None:
        closed.append(fd)
        close(fd)
    monkeypatch.setattr(os, "open", opening)
    monkeypatch.setattr(os, "close", closing)
    read_game_file(game, "cards/x.yaml", 100)
    refusal(game, "cards")
    path = str((game / "cards" / "x.yaml").resolve())
    flags = os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC
    assert [(p, f) for p, f, _ in opened] == [(path, flags), (str(game.resolve() / "cards"), flags)]
    assert closed == [fd for _, _, fd in opened]  # each closed, read or refused


@pytest.mark.parametrize(("error", "reason"), [
    (IsADirectoryError(errno.EISDIR, "Is a directory"), "is a folder, not a file"),
    (PermissionError(errno.EACCES, "Permission denied"), "cannot be read (Permission denied)"),
    (OSError("odd"), "cannot be read (odd)"),
])
def test_a_file_that_cannot_be_opened(game: Path, monkeypatch: pytest.MonkeyPatch, error: OSError,
                                      reason: str) -> None:
    def opening(*args) -> int:
        raise error
    monkeypatch.setattr(os, "open", opening)
    assert refusal(game, "cards/x.yaml") == (reason, None)


@pytest.mark.parametrize(("error", "reason"), [
    (OSError(errno.EIO, "Input/output error"), "cannot be read (Input/output error)"),
    (OSError("odd"), "cannot be read (odd)"),
])
def test_a_file_that_cannot_be_read(game: Path, monkeypatch: pytest.MonkeyPatch, error: OSError,
                                    reason: str) -> None:
    closed = []
    close = os.close

    def reading(fd: int, n: int) -> bytes:
        raise error

    def closing(fd: int) -> None:
        closed.append(fd)
        close(fd)
    monkeypatch.setattr(os, "read", reading)
    monkeypatch.setattr(os, "close", closing)
    assert refusal(game, "cards/x.yaml") == (reason, None)
    assert len(closed) == 1


# --- writing ------------------------------------------------------------------------------------

@pytest.fixture(params=[0o027, 0])
def mask(request: pytest.FixtureRequest) -> int:
    """A umask of 027, then of 0, while the test runs (pnp reads it once)."""
    umask.cache_clear()
    old = os.umask(request.param)
    yield request.param
    os.umask(old)
    umask.cache_clear()


@pytest.fixture
def stuck(monkeypatch: pytest.MonkeyPatch):
    """stuck(name): no folder so named can be removed (as some file systems refuse, or
    another process holds it)."""
    names: set[str] = set()
    rmdir = os.rmdir

    def removing(path, *args, **kwargs) -> None:
        if os.path.basename(os.fspath(path)) in names:
            raise OSError(errno.EBUSY, "Device or resource busy")
        rmdir(path, *args, **kwargs)
    monkeypatch.setattr(os, "rmdir", removing)
    return names.add


def test_umask_is_read_and_left_as_it_was(mask: int) -> None:
    assert umask() == mask
    assert os.umask(mask) == mask  # (unchanged by reading it)


def test_write_atomic(tmp_path: Path, mask: int) -> None:
    path = tmp_path / "a" / "b" / "x.json"
    write_atomic(path, b"first")
    assert path.read_bytes() == b"first"
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~mask  # as the user's umask makes any file
    write_atomic(path, bytearray(b"second"))
    assert path.read_bytes() == b"second"
    write_atomic(path, memoryview(b"third"))
    assert path.read_bytes() == b"third"
    seen = []

    def pieces():
        yield b"{"
        seen.extend(sorted(p.name for p in path.parent.iterdir()))
        yield b"}"
    write_atomic(path, pieces())
    assert path.read_bytes() == b"{}"
    assert len(seen) == 2 and seen[1] == "x.json"
    assert seen[0].startswith(".x.json.") and seen[0].endswith(".tmp")  # (the half-written file, hidden)
    assert sorted(p.name for p in path.parent.iterdir()) == ["x.json"]


def test_a_write_that_fails_leaves_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_bytes(b"old")

    def pieces():
        yield b"new"
        raise KeyboardInterrupt
    with pytest.raises(KeyboardInterrupt):
        write_atomic(path, pieces())
    assert path.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]


def test_a_write_whose_file_went_meanwhile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The error is the write's, not that its half-written file is gone."""
    def replacing(source, target) -> None:
        os.unlink(source)
        raise OSError(errno.EIO, "Input/output error")
    monkeypatch.setattr(os, "replace", replacing)
    with pytest.raises(OSError) as raised:
        write_atomic(tmp_path / "x.json", b"new")
    assert raised.value.errno == errno.EIO and list(tmp_path.iterdir()) == []


def test_json_file() -> None:
    assert list(json_file({"a": [1, "é"], "b": None})) == [
        b'{\n  "a": [\n    1,\n    "\xc3\xa9"\n  ],\n  "b": null\n}\n']
    assert list(json_file([])) == [b"[]\n"]


@dataclasses.dataclass
class Spot:
    x: int


def test_json_file_of_what_json_cannot_hold() -> None:
    def default(value):
        return {"spot": value.x} if isinstance(value, Spot) else str(value)
    assert b"".join(json_file([Spot(1)], default)) == b'[\n  {\n    "spot": 1\n  }\n]\n'  # (not as a dataclass)
    assert b"".join(json_file([Spot(1)])) == b'[\n  {\n    "x": 1\n  }\n]\n'
    with pytest.raises(TypeError):
        b"".join(json_file([{1, 2}]))
    # encoded by orjson (which writes what is not a number as null, where the standard library writes NaN)
    assert b"".join(json_file([Spot(2), float("nan")], default)) == b'[\n  {\n    "spot": 2\n  },\n  null\n]\n'
    assert b"".join(json_file([2 ** 64, float("nan")])) == b"[\n  18446744073709551616,\n  NaN\n]\n"


def test_json_file_pieces_of_64_kib() -> None:
    """A piece ends as soon as it holds 65,536 characters."""
    # [, the number, its comma and the first string make 65,536 characters; the second string and its comma
    # 65,535, and the line's end one more
    doc = [2 ** 70, "a" * 65504, "b" * 65529]
    pieces = list(json_file(doc))
    assert [len(p) for p in pieces] == [65536, 65536, 2]
    assert pieces[1].endswith(b'b"\n') and pieces[2] == b"]\n"
    assert b"".join(pieces).decode("utf-8") == json.dumps(doc, indent=2) + "\n"


def test_json_file_past_64_bits_in_pieces() -> None:
    doc = {"big": 2 ** 70, "spots": [Spot(n) for n in range(5000)], "words": ["é" * 50] * 2000}
    pieces = list(json_file(doc, lambda value: {"spot": value.x}))
    expected = json.dumps(doc, indent=2, ensure_ascii=False, default=lambda value: {"spot": value.x}) + "\n"
    assert b"".join(pieces).decode("utf-8") == expected
    assert len(pieces) > 3 and all(len(p.decode("utf-8")) >= 1 << 16 for p in pieces[:-1])
    assert all(len(p.decode("utf-8")) < (1 << 16) + 200 for p in pieces)
    assert pieces[-1].endswith(b"}\n")
    assert list(json_file(2 ** 64)) == [b"18446744073709551616\n"]


# --- a build's folders ---------------------------------------------------------------------------------

def tree(folder: Path) -> dict[str, str]:
    """The files and links in a folder: what each holds, or where it leads."""
    found = {}
    for path in sorted(folder.rglob("*")):
        name = path.relative_to(folder).as_posix()
        if path.is_symlink():
            found[name] = "-> " + os.readlink(path)
        elif path.is_file():
            found[name] = path.read_text("utf-8")
    return found


def test_exchange(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "a").write_text("a", "utf-8")
    (tmp_path / "b").mkdir()
    assert _exchange(tmp_path / "a", tmp_path / "b") is True
    assert (tmp_path / "a").is_dir() and (tmp_path / "b").read_text("utf-8") == "a"
    assert _exchange(tmp_path / "a", tmp_path / "missing") is False
    monkeypatch.chdir(tmp_path)  # (paths relative to the current folder)
    assert _exchange(Path("a"), Path("b")) is True
    assert (tmp_path / "b").is_dir() and (tmp_path / "a").read_text("utf-8") == "a"

    def no_libc(*args, **kwargs):
        raise OSError("no libc")
    monkeypatch.setattr("ctypes.CDLL", no_libc)
    assert _exchange(tmp_path / "a", tmp_path / "b") is False
    assert (tmp_path / "a").is_file()


def test_real_folder(tmp_path: Path) -> None:
    (tmp_path / "folder").mkdir()
    (tmp_path / "file").write_text("x", "utf-8")
    (tmp_path / "link").symlink_to("folder")
    assert real_folder(tmp_path / "folder") and real_folder(str(tmp_path / "folder"), mine=True)
    assert not real_folder(tmp_path / "file") and not real_folder(tmp_path / "link")
    assert not real_folder(tmp_path / "missing") and not real_folder("a\0b")
    theirs = tmp_path / "theirs"
    theirs.mkdir()
    os.chown(theirs, os.getuid() + 1, -1)
    assert real_folder(theirs) and not real_folder(theirs, mine=True)


def test_listing(tmp_path: Path) -> None:
    out = tmp_path / "out"
    (out / "a" / "b").mkdir(parents=True)
    (out / "x.txt").write_bytes(b"12345")
    (out / "a" / "y.txt").write_bytes(b"")
    (out / "a" / "b" / "z.txt").write_bytes(b"zz")
    (out / "link.txt").symlink_to("x.txt")
    (out / "a" / "folder-link").symlink_to("b")
    os.utime(out / "x.txt", ns=(1, 1_000_000_007))
    found = sorted(listing(out), key=lambda e: e[1])
    assert [(path, size) for _, path, size in found] == [("a/b/z.txt", 2), ("a/y.txt", 0), ("x.txt", 5)]
    assert found[2][0] == 1_000_000_007
    assert found[0][0] == (out / "a" / "b" / "z.txt").stat().st_mtime_ns
    assert listing(tmp_path / "missing") == [] and listing(out / "x.txt") == []
    (tmp_path / "via").symlink_to(out)
    assert listing(tmp_path / "via") == []  # (a link to a folder is not listed)
    assert sorted(listing(out / "a"), key=lambda e: e[1])[0][1:] == ("b/z.txt", 2)


def test_listing_leaves_out_what_cannot_be_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "y.txt").write_bytes(b"y")
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "z.txt").write_bytes(b"z")
    (tmp_path / "x.txt").write_bytes(b"x")
    scandir = os.scandir

    def scanning(path):
        if path.endswith("/a/"):
            raise PermissionError(errno.EACCES, "Permission denied")
        entries = sorted(scandir(path), key=lambda entry: entry.name != "x.txt")  # (the one that fails first)
        for entry in entries:
            if entry.name == "x.txt":
                monkeypatch.setattr(type(entry), "stat", failing, raising=False)
        return entries

    def failing(self, follow_symlinks=True):
        if self.name == "x.txt":
            raise OSError("gone")
        return os.stat(self.path, follow_symlinks=follow_symlinks)
    monkeypatch.setattr(os, "scandir", scanning)
    assert [(path, size) for _, path, size in listing(tmp_path)] == [("b/z.txt", 1)]


def test_a_staging_folder_beside_the_output(tmp_path: Path, mask: int) -> None:
    out = tmp_path / "deep" / "deeper" / "out"
    staging = staging_folder(out)
    assert staging.parent == out.parent and staging.is_dir()
    assert staging.name.startswith(".out.building-") and staging.name.endswith(f"-{os.getpid()}")
    assert stat.S_IMODE(staging.stat().st_mode) == 0o777 & ~mask  # as any folder the user makes
    again = staging_folder(out)  # (its own, alive: left alone)
    assert again != staging and staging.is_dir()


def test_what_a_killed_build_left_is_cleaned_up(tmp_path: Path) -> None:
    out = tmp_path / "out"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "keep.txt").write_text("mine", "utf-8")
    dead = tmp_path / ".out.building-abc-999999999"
    no_pid = tmp_path / ".out.building-xyz"
    alive = tmp_path / f".out.building-abc-{os.getpid()}"
    theirs = tmp_path / ".out.building-def-999999998"
    other = tmp_path / ".other.building-abc-999999999"
    for folder in (dead, no_pid, alive, theirs, other):
        folder.mkdir()
        (folder / "x").write_text("x", "utf-8")
    os.chown(theirs, os.getuid() + 1, -1)
    (tmp_path / ".out.building-link-999999997").symlink_to(elsewhere)
    staging = staging_folder(out)
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == sorted([".out.building-link-999999997", alive.name, theirs.name, other.name, "elsewhere",
                           staging.name])
    assert tree(elsewhere) == {"keep.txt": "mine"}


def test_what_cannot_be_cleaned_up_is_left(tmp_path: Path, stuck) -> None:
    dead = tmp_path / ".out.building-abc-999999999"
    (dead / "busy").mkdir(parents=True)
    stuck("busy")
    staging = staging_folder(tmp_path / "out")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([dead.name, staging.name])


def test_the_folder_a_killed_build_moved_is_put_back(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "old.pdf").write_text("old", "utf-8")
    dead = tmp_path / ".out.building-abc-999999999"
    (dead / ".cache").mkdir(parents=True)
    (dead / ".cache" / "entry").write_text("kept", "utf-8")
    (dead / "new.pdf").write_text("half", "utf-8")
    staging_folder(out, ".cache")
    assert not dead.exists()
    assert tree(out) == {".cache/entry": "kept", "old.pdf": "old"}
    # without `moved`, nothing is put back
    (dead / ".cache").mkdir(parents=True)
    (dead / ".cache" / "entry").write_text("again", "utf-8")
    (out / ".cache" / "entry").unlink()
    (out / ".cache").rmdir()
    staging_folder(out)
    assert not dead.exists() and tree(out) == {"old.pdf": "old"}


def output(tmp_path: Path) -> Path:
    out = tmp_path / "out"
    (out / ".cache" / "deep").mkdir(parents=True)
    (out / ".cache" / "deep" / "entry").write_text("cached", "utf-8")
    (out / "print" / ".cache").mkdir(parents=True)
    (out / "print" / ".cache" / "inner").write_text("inner", "utf-8")
    (out / "print" / "cards.pdf").write_text("pdf", "utf-8")
    (out / "index.html").write_text("html", "utf-8")
    (out / "link.html").symlink_to("index.html")
    (out / "print" / "up").symlink_to("..")
    return out


def test_keep_previous(tmp_path: Path) -> None:
    out = output(tmp_path)
    staging = tmp_path / "staging"
    staging.mkdir()
    keep_previous(out, staging, ".cache")
    assert tree(staging) == {".cache/deep/entry": "cached", "index.html": "html", "print/.cache/inner": "inner",
                             "print/cards.pdf": "pdf"}  # no link, the cache moved whole
    assert not (out / ".cache").exists() and (out / "print" / ".cache").exists()
    assert (staging / "index.html").stat().st_ino == (out / "index.html").stat().st_ino  # linked, not copied
    assert (staging / "print" / "cards.pdf").stat().st_ino == (out / "print" / "cards.pdf").stat().st_ino
    assert stat.S_ISDIR((staging / ".cache").lstat().st_mode)


def test_keep_previous_without_a_folder_to_move(tmp_path: Path) -> None:
    out = output(tmp_path)
    staging = tmp_path / "staging"
    staging.mkdir()
    keep_previous(out, staging)
    assert tree(staging) == {".cache/deep/entry": "cached", "index.html": "html", "print/.cache/inner": "inner",
                             "print/cards.pdf": "pdf"}
    assert (staging / ".cache" / "deep" / "entry").stat().st_ino == (out / ".cache" / "deep" / "entry").stat().st_ino
    assert (out / ".cache").is_dir()
    keep_previous(tmp_path / "missing", tmp_path / "nothing", ".cache")
    assert not (tmp_path / "nothing").exists()


def test_keep_previous_moves_no_file_named_as_the_folder(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / ".cache").write_text("a file", "utf-8")
    (out / "x").write_text("x", "utf-8")
    staging = tmp_path / "staging"
    staging.mkdir()
    keep_previous(out, staging, ".cache")
    assert tree(staging) == {"x": "x"} and (out / ".cache").is_file()


def test_keep_previous_moves_no_link(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "x").write_text("x", "utf-8")
    (out / ".cache").symlink_to(tmp_path / "elsewhere")
    staging = tmp_path / "staging"
    staging.mkdir()
    keep_previous(out, staging, ".cache")
    assert tree(staging) == {} and (out / ".cache").is_symlink()


def test_link_tree_into_a_folder_with_files(tmp_path: Path) -> None:
    out = output(tmp_path)
    staging = tmp_path / "staging"
    (staging / "print").mkdir(parents=True)
    (staging / "print" / "other.pdf").write_text("other", "utf-8")
    _link_tree(out, staging, ".cache")
    assert tree(staging) == {"index.html": "html", "print/.cache/inner": "inner", "print/cards.pdf": "pdf",
                             "print/other.pdf": "other"}


class FakeBeside:
    """A Beside that does its work at once, in this process."""

    started: list = []

    def __init__(self, answer: bytes | None):
        self.pid, self.answer, self.cancelled = 4321, answer, False

    @classmethod
    def start(cls, work) -> "FakeBeside":
        beside = cls(work())
        cls.started.append(beside)
        return beside

    def result(self) -> bytes | None:
        return self.answer

    def cancel(self) -> None:
        self.cancelled = True


@pytest.fixture
def beside(monkeypatch: pytest.MonkeyPatch) -> type[FakeBeside]:
    import pnp.build.processes

    FakeBeside.started = []
    monkeypatch.setattr(pnp.build.processes, "Beside", FakeBeside)
    return FakeBeside


def test_linking(tmp_path: Path, beside: type[FakeBeside]) -> None:
    out = output(tmp_path)
    os.utime(out / ".cache" / "deep" / "entry", ns=(5, 7))
    linking = Linking.start(out, ".cache")
    assert (linking.out, linking.moved, linking.pid, linking.beside) == (out, ".cache", 4321, beside.started[0])
    assert linking.staging.parent == tmp_path and linking.staging.name.startswith(".out.building-")
    assert linking.done is False and linking.listed is None
    assert tree(linking.staging) == {"index.html": "html", "print/.cache/inner": "inner", "print/cards.pdf": "pdf"}
    assert linking.finish() is True
    assert linking.done is True
    assert linking.listed == [(7, "deep/entry", 6)]  # the cache, as `listing` gives it
    assert tree(linking.staging)[".cache/deep/entry"] == "cached" and not (out / ".cache").exists()
    linking.discard()  # (finished: the build's)
    assert linking.staging.is_dir() and not beside.started[0].cancelled


def test_linking_puts_back_what_a_killed_build_moved(tmp_path: Path, beside: type[FakeBeside]) -> None:
    out = tmp_path / "out"
    out.mkdir()
    dead = tmp_path / ".out.building-abc-999999999"
    (dead / ".cache").mkdir(parents=True)
    (dead / ".cache" / "entry").write_text("kept", "utf-8")
    linking = Linking.start(out, ".cache")
    assert not dead.exists() and linking.finish() is True
    assert tree(linking.staging) == {".cache/entry": "kept"} and [e[1:] for e in linking.listed] == [("entry", 4)]


def test_linking_without_a_cache(tmp_path: Path, beside: type[FakeBeside]) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "x").write_text("x", "utf-8")
    linking = Linking.start(out, ".cache")
    assert linking.finish() is True
    assert linking.listed == [] and tree(linking.staging) == {"x": "x"}


@pytest.mark.parametrize("answer", [None, b"", b"not json", b'{"a": 1}', b"3"])
def test_linking_that_failed(tmp_path: Path, beside: type[FakeBeside], answer: bytes | None) -> None:
    out = output(tmp_path)
    linking = Linking.start(out, ".cache")
    linking.beside.answer = answer
    assert linking.finish() is False
    assert linking.done is True and linking.listed is None
    assert (out / ".cache").is_dir() and not (linking.staging / ".cache").exists()  # (made again)


def test_linking_discarded_where_its_folder_cannot_be_removed(tmp_path: Path, beside: type[FakeBeside],
                                                               stuck) -> None:
    out = output(tmp_path)
    linking = Linking.start(out, ".cache")
    stuck("print")
    linking.discard()
    assert linking.done is True and (linking.staging / "print").is_dir()


def test_linking_discarded(tmp_path: Path, beside: type[FakeBeside]) -> None:
    out = output(tmp_path)
    linking = Linking.start(out, ".cache")
    linking.discard()
    assert linking.done is True and beside.started[0].cancelled
    assert not linking.staging.exists() and tree(out)["index.html"] == "html"
    linking.beside.cancelled = False
    linking.discard()
    assert not linking.beside.cancelled


def test_nothing_to_link(tmp_path: Path, beside: type[FakeBeside], monkeypatch: pytest.MonkeyPatch) -> None:
    assert Linking.start(tmp_path / "missing", ".cache") is None
    (tmp_path / "file").write_text("x", "utf-8")
    assert Linking.start(tmp_path / "file", ".cache") is None
    assert beside.started == []
    out = output(tmp_path)
    monkeypatch.setattr(beside, "start", classmethod(lambda cls, work: None))
    assert Linking.start(out, ".cache") is None
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file", "out"]  # (its staging folder removed)
    rmdir = os.rmdir

    def busy(path, *args, **kwargs) -> None:
        if ".out.building-" in os.fspath(path):
            raise OSError(errno.EBUSY, "Device or resource busy")
        rmdir(path, *args, **kwargs)
    with monkeypatch.context() as patch:
        patch.setattr(os, "rmdir", busy)
        assert Linking.start(out, ".cache") is None
    assert len(list(tmp_path.glob(".out.building-*"))) == 1

    def no_room(out: Path, moved: str | None = None) -> Path:
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(files, "staging_folder", no_room)
    assert Linking.start(out, ".cache") is None


def test_linking_in_a_process_of_its_own(tmp_path: Path) -> None:
    out = output(tmp_path)
    linking = Linking.start(out, ".cache")
    if linking is None:  # (where a process cannot be forked safely)
        pytest.skip("no fork here")
    assert linking.finish() is True
    assert [entry[1:] for entry in linking.listed] == [("deep/entry", 6)]
    assert tree(linking.staging) == {".cache/deep/entry": "cached", "index.html": "html",
                                     "print/.cache/inner": "inner", "print/cards.pdf": "pdf"}


def test_put_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out, staging = tmp_path / "out", tmp_path / "staging"
    (staging / ".cache").mkdir(parents=True)
    (staging / ".cache" / "entry").write_text("kept", "utf-8")
    put_back(staging, out, ".cache")  # no output to put it back into
    assert (staging / ".cache").is_dir()
    out.write_text("a file", "utf-8")
    put_back(staging, out, ".cache")
    assert (staging / ".cache").is_dir()
    out.unlink()
    out.mkdir()
    (out / ".cache").symlink_to("elsewhere")  # something there already: left as it is
    put_back(staging, out, ".cache")
    assert (staging / ".cache").is_dir() and (out / ".cache").is_symlink()
    (out / ".cache").unlink()

    def failing(*args) -> None:
        raise OSError(errno.EXDEV, "Invalid cross-device link")
    with monkeypatch.context() as patch:
        patch.setattr(os, "replace", failing)
        put_back(staging, out, ".cache")
    assert (staging / ".cache").is_dir()
    put_back(staging, out, ".cache")
    assert tree(out) == {".cache/entry": "kept"} and not (staging / ".cache").exists()
    (out / ".cache" / "entry").rename(staging / "entry")
    os.replace(out / ".cache", staging / ".cache")
    (staging / "entry").rename(staging / ".cache" / "entry")
    (out / ".cache").mkdir()  # (an empty folder there: not replaced)
    put_back(staging, out, ".cache")
    assert tree(staging) == {".cache/entry": "kept"} and (out / ".cache").is_dir()
    (out / ".cache").rmdir()
    put_back(staging, out, ".cache")
    (staging / ".cache").symlink_to(out / ".cache")  # a link is not put back
    (out / ".cache" / "entry").unlink()
    (out / ".cache").rmdir()
    put_back(staging, out, ".cache")
    assert not (out / ".cache").exists()


def test_swap_in(tmp_path: Path) -> None:
    out, staging = tmp_path / "out", tmp_path / "staging"
    staging.mkdir()
    (staging / "new").write_text("new", "utf-8")
    swap_in(staging, out)  # no output yet
    assert tree(out) == {"new": "new"} and not staging.exists()
    staging.mkdir()
    (staging / "newer").write_text("newer", "utf-8")
    swap_in(staging, out)
    assert tree(out) == {"newer": "newer"} and sorted(p.name for p in tmp_path.iterdir()) == ["out"]


@pytest.mark.parametrize("exchange", [True, False])
def test_swap_in_where_the_old_output_cannot_be_removed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stuck,
                                                        exchange: bool) -> None:
    if not exchange:
        monkeypatch.setattr(files, "_exchange", lambda first, second: False)
    out, staging = tmp_path / "out", tmp_path / "staging"
    (out / "old").mkdir(parents=True)
    staging.mkdir()
    (staging / "new").write_text("new", "utf-8")
    stuck("old")
    swap_in(staging, out)
    assert tree(out) == {"new": "new"}
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["out", "staging" if exchange else
                                                                 f".out.old-{os.getpid()}"])


def test_swap_in_where_paths_cannot_be_exchanged(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(files, "_exchange", lambda first, second: False)
    out, staging = tmp_path / "out", tmp_path / "staging"
    out.mkdir()
    (out / "old").write_text("old", "utf-8")
    staging.mkdir()
    (staging / "new").write_text("new", "utf-8")
    moves = []
    replace = os.replace

    def replacing(source, target) -> None:
        moves.append((Path(source).name, Path(target).name))
        replace(source, target)
    monkeypatch.setattr(os, "replace", replacing)
    swap_in(staging, out)
    assert moves == [("out", f".out.old-{os.getpid()}"), ("staging", "out")]
    assert tree(out) == {"new": "new"} and sorted(p.name for p in tmp_path.iterdir()) == ["out"]


def test_swap_in_over_a_file(tmp_path: Path) -> None:
    out, staging = tmp_path / "out", tmp_path / "staging"
    out.write_text("a file", "utf-8")
    staging.mkdir()
    with pytest.raises(NotADirectoryError) as raised:
        swap_in(staging, out)
    assert str(raised.value) == f"{out} exists and is not a folder"
    assert out.read_text("utf-8") == "a file" and staging.is_dir()


def test_remove_empty_folders(tmp_path: Path) -> None:
    import os

    from pnp.load.files import remove_empty_folders

    for folder in ("png/money/old", "png/cards", "svg/empty/emptier", ".cache/kept", "fr/png/empty",
                   ".fr.building-1", "outside/empty"):
        (tmp_path / "out" / folder).mkdir(parents=True, exist_ok=True)
    (tmp_path / "out" / "png" / "cards" / "a.png").write_bytes(b"a")
    (tmp_path / "out" / "link").symlink_to(tmp_path / "out" / "outside", target_is_directory=True)
    (tmp_path / "out" / "outside" / "linked").symlink_to(tmp_path / "nowhere")
    remove_empty_folders(tmp_path / "out", {".cache", "fr"})
    found = sorted(p.relative_to(tmp_path / "out").as_posix() for p in (tmp_path / "out").rglob("*"))
    # (what the top leaves out, hidden folders at the top, links and the folders holding them stay)
    assert found == [".cache", ".cache/kept", ".fr.building-1", "fr", "fr/png", "fr/png/empty", "link", "outside",
                     "outside/linked", "png", "png/cards", "png/cards/a.png"]
    remove_empty_folders(tmp_path / "nothing", set())  # (no folder: nothing to do)
    (tmp_path / "file").write_text("x")
    remove_empty_folders(tmp_path / "file", set())
    assert os.path.isfile(tmp_path / "file")
