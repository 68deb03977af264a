"""Writing output files safely."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path


def write_atomic(path: Path, data: bytes) -> None:
    """Write a file so that readers see the old one or the whole new one, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


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


def staging_folder(out: Path) -> Path:
    """A fresh folder beside `out` to build into, named so a later build can clean it up."""
    out.parent.mkdir(parents=True, exist_ok=True)
    for stale in out.parent.glob(f".{out.name}.building-*"):
        pid = stale.name.rsplit("-", 1)[-1]
        if not pid.isdigit() or not Path(f"/proc/{pid}").exists():
            shutil.rmtree(stale, ignore_errors=True)  # left by a build that was killed
    return Path(tempfile.mkdtemp(prefix=f".{out.name}.building-", suffix=f"-{os.getpid()}", dir=out.parent))


def keep_previous(out: Path, staging: Path) -> None:
    """Start a partial build from the previous output: hard links cost nothing, and every
    file the build writes replaces its link (write_atomic), never the old file's contents."""
    if out.is_dir():
        shutil.copytree(out, staging, copy_function=os.link, dirs_exist_ok=True)


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
