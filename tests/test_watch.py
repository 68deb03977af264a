"""pnp watch: rebuilds on save, reports problems as they appear, survives half-written files."""

from __future__ import annotations

import queue
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

from conftest import MINI


def test_watch_rebuilds_and_survives_a_half_written_file(tmp_path: Path) -> None:
    game = tmp_path / "game"
    shutil.copytree(MINI, game)
    process = subprocess.Popen([sys.executable, "-m", "pnp", "watch", "--only", "cards", "--format", "pdf"],
                               cwd=game, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in process.stdout], daemon=True).start()

    def wait_for(start: str, timeout: float = 30) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = lines.get(timeout=0.5)
            except queue.Empty:
                continue
            if line.startswith(start):
                return line
        raise AssertionError(f"no line starting {start!r} within {timeout} s")

    try:
        assert wait_for("built 6 PDF")
        # a file the game does not read changes nothing: no rebuild
        (game / "notes.txt").write_text("ideas for a second edition\n")
        time.sleep(1.5)
        assert not any(line.startswith("changed:") for line in list(lines.queue))
        south = game / "cards" / "south.yaml"
        good = south.read_text()
        time.sleep(0.5)
        south.write_text("suit:\n  id: south\n  name: {en: So")  # saved half-way
        problem = wait_for("cards/south.yaml:")
        assert problem.rstrip().endswith("[yaml-syntax]")
        assert wait_for("not built:")
        assert (game / "out" / "print" / "cards-a4.pdf").is_file()  # the previous build is still there
        south.write_text(good)
        assert wait_for("built 6 PDF")
        # each rebuild leaves its record, so the next keeps what did not change, and pnp build
        # with the same options finds nothing to do
        assert (game / "out" / ".pnp-build.json").is_file()
        build = subprocess.run([sys.executable, "-m", "pnp", "build", "--only", "cards", "--format", "pdf"], cwd=game,
                               capture_output=True, text=True, check=True)
        assert build.stdout.endswith("is up to date: nothing changed since its last build\n")
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_a_build_without_a_record_removes_the_old_one(tmp_path: Path) -> None:
    """pnp watch builds without a record: the previous build's record must not survive it,
    or undoing the edit would make pnp build think stale output is up to date."""
    from pnp.pipeline import BuildOptions, build_safely
    from pnp.validate import validate

    out = tmp_path / "out"
    game = validate(MINI / "game.yaml").game
    build_safely(game, out, BuildOptions(parts=("aid",)), partial=True, settings="abc")
    assert (out / ".pnp-build.json").is_file()
    build_safely(game, out, BuildOptions(parts=("aid",)), partial=True)
    assert not (out / ".pnp-build.json").exists()
