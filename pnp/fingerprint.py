"""What a build depends on, as one hash: the game's files, pnp's own code and the versions of
the libraries that draw. When nothing changed since the last build, there is nothing to do."""

from __future__ import annotations

import hashlib
import json
import os
from functools import cache
from importlib import metadata
from pathlib import Path

RECORD = ".pnp-build.json"
RENDERERS = ("reportlab", "rl_accel", "svgwrite", "pypdfium2", "pillow", "fonttools", "shapely", "pyproj",
             "coloraide", "font-source-sans-pro", "font-source-serif-pro")


def _files(root: Path, skip: Path) -> list[Path]:
    """Every file under `root`, leaving out hidden folders (.git), caches and `skip` (out/)."""
    found = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__"
                         and Path(folder, d).resolve() != skip)
        found += [Path(folder, f) for f in sorted(files) if not f.startswith(".")]
    return found


def _hash_files(digest, base: Path, skip: Path) -> None:
    for path in _files(base, skip):
        digest.update(str(path.relative_to(base)).encode("utf-8"))
        digest.update(hashlib.sha256(path.read_bytes()).digest())


def inputs_fingerprint(root: Path, out: Path, options: str) -> str:
    """A hash of everything the build's output depends on: the game's files, the options
    and the environment (pnp's code, the libraries' versions)."""
    digest = hashlib.sha256(options.encode("utf-8"))
    _hash_files(digest, root.resolve(), out.resolve())
    digest.update(environment().encode())
    return digest.hexdigest()


@cache
def environment() -> str:
    """A hash of what draws the output besides the game: pnp's code and the libraries' versions."""
    digest = hashlib.sha256()
    package = Path(__file__).resolve().parent
    _hash_files(digest, package, package / "__pycache__")
    for name in RENDERERS:
        try:
            digest.update(f"{name}={metadata.version(name)}".encode())
        except metadata.PackageNotFoundError:
            digest.update(f"{name}=none".encode())
    return digest.hexdigest()


def record(out: Path, fingerprint: str, files: list[Path], outputs: dict[str, str] | None = None) -> bytes:
    """The record a build leaves in its output: its inputs' hash, every file with its size,
    and the content key of each output that a later build may reuse."""
    doc = {"inputs": fingerprint,
           "files": {str(p.relative_to(out)): p.stat().st_size for p in sorted(files)},
           "outputs": dict(sorted((outputs or {}).items()))}
    return (json.dumps(doc, indent=1, sort_keys=True) + "\n").encode("utf-8")


def previous_outputs(out: Path) -> dict[str, tuple[str, int]]:
    """From an earlier build's record: each reusable output's key and size."""
    try:
        doc = json.loads((out / RECORD).read_text("utf-8"))
        return {name: (key, doc["files"][name]) for name, key in doc.get("outputs", {}).items()
                if name in doc["files"]}
    except (OSError, ValueError, KeyError, AttributeError, TypeError):
        return {}


def up_to_date(out: Path, fingerprint: str) -> bool:
    """Whether `out` holds a complete build of exactly these inputs."""
    try:
        doc = json.loads((out / RECORD).read_text("utf-8"))
        if doc.get("inputs") != fingerprint:
            return False
        return all((out / name).is_file() and (out / name).stat().st_size == size
                   for name, size in doc["files"].items())
    except (OSError, ValueError, KeyError, AttributeError):
        return False
