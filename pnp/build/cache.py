"""What a build makes on the way to its outputs and a later build can use again: font subsets
and the PDF drawing of each card. Kept in out/.cache/, one file per entry, named by a hash of
everything the entry is made from (the caller's key), so an entry is never stale, only unused.

Each entry starts with the SHA-256 of its contents: a damaged entry is not used. When the
cache grows past its limit, the entries written longest ago go first, but never one the
build used. A build takes the cache into its new output folder whole (and puts it back if
it fails); an entry is written whole or not at all. Outputs never depend on what the cache
holds: a build with an empty cache writes the same bytes.
"""

from __future__ import annotations

import hashlib
import os
import stat
from pathlib import Path
from typing import TYPE_CHECKING

from ..load.files import write_atomic

if TYPE_CHECKING:
    import threading

FOLDER = ".cache"
LIMIT = 64_000_000  # bytes


class Cache:
    def __init__(self, folder: Path, limit: int = LIMIT):
        self.folder = folder
        self.limit = limit
        self.used: set[str] = set()  # the entries this build read or wrote (their paths): never trimmed
        self._found: set[str] = set()  # those `has` found
        self._survey: "threading.Thread | None" = None
        self._entries: list[tuple[int, str, int]] | None = None  # what the survey found: (written, path, size)
        self._kinds: dict[str, bool] = {}  # whether each kind's folder is one to use (see `_usable`)

    @property
    def present(self) -> bool:
        """Whether the cache's folder is there (a build made it) to read from."""
        return self.folder.is_dir()

    def _path(self, kind: str, key: str) -> str:
        return f"{self.folder}/{kind}/{key}"  # (a deck's thousands of entries: no Path for each)

    def _usable(self, kind: str, make: bool = False) -> bool:
        """Whether the cache's folder and its folder for `kind` are folders themselves (with
        `make`, made if missing), not links: an output folder from elsewhere may hold a cache
        whose folders lead anywhere, and the cache reads, writes and trims what is in them.
        A kind that is not is left alone, as if the cache had nothing of it (outputs never
        depend on it)."""
        from ..load.files import real_folder

        usable = self._kinds.get(kind)
        if usable is None:
            for folder in (self.folder, self.folder / kind):
                if make and not os.path.lexists(folder):
                    try:  # (the cache's own folder with the output's, should a worker write first)
                        os.makedirs(folder, exist_ok=True)
                    except OSError:
                        return False
                if not os.path.lexists(folder):
                    return False  # (nothing of it yet: asked again)
                if not real_folder(folder):
                    usable = False
                    break
            else:
                usable = True
            self._kinds[kind] = usable
        return usable

    def get(self, kind: str, key: str) -> bytes | None:
        if not self._usable(kind):
            return None
        path = self._path(kind, key)
        try:  # an entry is a file itself, never a link (nor a pipe: not waited on)
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
        except OSError:
            return None
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                return None
            with os.fdopen(os.dup(fd), "rb") as file:
                data = file.read()
        except OSError:
            return None
        finally:
            os.close(fd)
        check, body = data[:32], data[32:]
        if hashlib.sha256(body).digest() != check:
            return None
        self.used.add(path)
        return body

    def has(self, kind: str, key: str) -> bool:
        """Whether an entry is there (not whether it is whole: `get` tells); one found is
        taken to stay (a print file placing a thousand cards asks for each more than once)."""
        path = self._path(kind, key)
        if path in self._found:
            return True
        if not self._usable(kind):
            return False
        try:
            found = stat.S_ISREG(os.lstat(path).st_mode)
        except OSError:
            found = False
        if found:
            self.used.add(path)
            self._found.add(path)
            return True
        return False

    def claim(self, kind: str, key: str) -> None:
        """Count an entry as used by this build, whether or not it is there yet (a worker
        process may write it): it is never trimmed."""
        self.used.add(self._path(kind, key))

    def put(self, kind: str, key: str, data: bytes) -> None:
        if not self._usable(kind, make=True):
            return
        path = self._path(kind, key)
        write_atomic(Path(path), hashlib.sha256(data).digest() + data)
        self.used.add(path)

    def survey(self, listed: "list[tuple[int, str, int]] | None" = None) -> None:
        """Start listing the entries (their age and size) in a thread, for `trim`: a deck's
        thousands of drawings are listed while the build waits for its workers. Or take them
        as `listed` already (pnp.load.files.listing of the folder, by another process)."""
        import threading

        if listed is not None:
            top = os.path.join(self.folder, "")
            self._entries = [(written, top + name, size) for written, name, size in listed]
        elif self._survey is None:
            self._survey = threading.Thread(target=self._list, name="cache survey", daemon=True)
            self._survey.start()

    def _list(self) -> None:
        from ..load.files import listing

        self.survey(listing(self.folder))

    def trim(self) -> None:
        """Remove the entries written longest ago until the cache is within its limit, never
        one this build used (a large deck's drawings may take more than the limit: the next
        build needs them all), nor one written since the survey listed it."""
        if self._survey is not None:
            self._survey.join()
        elif self._entries is None:  # (not surveyed: listed now)
            self._list()
        entries, self._survey, self._entries = self._entries or [], None, None
        total = sum(size for *_, size in entries)
        for written, name, size in sorted(entries):
            if total <= self.limit:
                break
            if name in self.used:
                continue
            try:
                if os.stat(name).st_mtime_ns == written:
                    os.unlink(name)
                    total -= size
            except OSError:
                continue
