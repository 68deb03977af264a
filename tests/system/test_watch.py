"""pnp watch: rebuilds on save, reports problems as they appear, survives half-written files."""

from __future__ import annotations

import os
import queue
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

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
    from pnp.build.pipeline import BuildOptions, build_safely
    from pnp.checks.validate import validate

    out = tmp_path / "out"
    game = validate(MINI / "game.yaml").game
    build_safely(game, out, BuildOptions(parts=("aid",)), partial=True, settings="abc")
    assert (out / ".pnp-build.json").is_file()
    build_safely(game, out, BuildOptions(parts=("aid",)), partial=True)
    assert not (out / ".pnp-build.json").exists()


def _inotify_watches(pid: int) -> int:
    """How many folders (or files) a process watches with inotify, as Linux lists them."""
    count = 0
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            if os.readlink(fd) == "anon_inode:inotify":
                count += sum(line.startswith("inotify ") for line in
                             Path(f"/proc/{pid}/fdinfo/{fd.name}").read_text().splitlines())
        except OSError:
            continue
    return count


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="counts the watches as Linux lists them")
def test_watch_follows_no_link_out_of_the_game(tmp_path: Path) -> None:
    """Links in the game to / and to a large tree outside it: pnp watch watches the game's own
    folders (not its output, not a hidden one), each on its own; a folder made while it runs
    is watched from then on, and what was saved in it before counts."""
    from click.testing import CliRunner

    from pnp.cli import main

    outside = tmp_path / "outside"
    for n in range(300):
        (outside / f"f{n}" / "inner").mkdir(parents=True)
    game = tmp_path / "game"
    assert CliRunner().invoke(main, ["new", str(game), "--template", "counters"]).exit_code == 0
    (game / "everything").symlink_to("/")
    (game / "large").symlink_to(outside)
    (game / "art" / "drafts").mkdir(parents=True)
    (game / ".git" / "objects").mkdir(parents=True)
    own = ["", "art", "art/drafts", "counters", "layouts", "schemas", "schemas/components"]
    process = subprocess.Popen([sys.executable, "-m", "pnp", "watch", "--only", "counters", "--format", "pdf"],
                               cwd=game, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    seen: list[str] = []
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [(seen.append(line), lines.put(line)) for line in process.stdout],
                     daemon=True).start()

    def wait_for(start: str, timeout: float = 30) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = lines.get(timeout=0.5)
            except queue.Empty:
                continue
            if line.startswith(start):
                return line
        raise AssertionError(f"no line starting {start!r} within {timeout} s: {''.join(seen)}")

    try:
        assert wait_for("built 6 PDF")
        time.sleep(0.5)
        assert _inotify_watches(process.pid) == len(own)
        red = game / "counters" / "red.yaml"
        red.write_text(red.read_text().replace("name: Guards", "name: Wardens"))
        assert wait_for("changed: ") == "changed: counters/red.yaml\n"
        assert wait_for("built ")
        (game / "icons").mkdir()  # (a folder the game reads, made while pnp watch runs, a file saved in it at once)
        (game / "icons" / "star.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
                                                 '<path d="M5 0 L10 10 L0 10 Z"/></svg>\n')
        assert wait_for("changed: ") == "changed: icons/star.svg\n"
        assert wait_for("built ")
        assert _inotify_watches(process.pid) == len(own) + 1
        time.sleep(0.5)
        (game / "icons" / "star.svg").write_text((game / "icons" / "star.svg").read_text().replace("L0 10", "L1 10"))
        assert wait_for("changed: ") == "changed: icons/star.svg\n"
        assert wait_for("built ")
        assert process.poll() is None
    finally:
        process.terminate()
        process.wait(timeout=10)
    assert not any("Traceback" in line for line in seen), "".join(seen)
