"""A worker process of a build that dies (a segfault, killed, out of memory) stops the build
with one line saying how it died and what it was making, exit code 1, the output unchanged;
never a silent exit or a traceback. PNP_DEBUG=1 shows more: the traceback, and the dying
worker's own stack. Here the workers that draw the cards' PNG images kill themselves."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from conftest import make_game

ROOT = Path(__file__).resolve().parents[2]


def build(game: Path, how: str, debug: bool = False) -> subprocess.CompletedProcess:
    """pnp build, its PNG-drawing job made to end its own worker process `how`."""
    code = textwrap.dedent(f"""
        import os, resource, signal, sys
        import pnp.render.png

        def dying(*arguments):
            resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # (no core file)
            if {how!r} == "exit":
                os._exit(3)
            os.kill(os.getpid(), getattr(signal, {how!r}))

        pnp.render.png.render_files = dying
        sys.argv = ["pnp", *sys.argv[1:]]
        from pnp.cli import run
        run()
    """)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("PNP_DEBUG", None)
    env.pop("PYTHONFAULTHANDLER", None)
    if debug:
        env["PNP_DEBUG"] = "1"
    return subprocess.run([sys.executable, "-c", code, "build", "--only", "cards", "--format", "png", "-q"],
                          cwd=game, env=env, capture_output=True, text=True, timeout=600)


@pytest.mark.parametrize("how, said", [("SIGSEGV", "signal 11, SIGSEGV"), ("SIGKILL", "signal 9, SIGKILL"),
                                       ("exit", "exit code 3")])
def test_a_worker_that_dies_is_said_in_one_line(tmp_path: Path, how: str, said: str) -> None:
    game = make_game(tmp_path / "game").parent
    run = build(game, how)
    assert run.returncode == 1
    assert run.stdout == ""
    assert run.stderr.splitlines() == [
        f"build stopped: a worker process died ({said}) while making cards: PNG images and the contact sheet; "
        "out is unchanged (PNP_DEBUG=1 shows more)"]
    assert not (game / "out").exists()


def test_pnp_debug_shows_where(tmp_path: Path) -> None:
    game = make_game(tmp_path / "game").parent
    run = build(game, "SIGSEGV", debug=True)
    assert run.returncode == 1 and "Traceback (most recent call last)" in run.stderr
    assert ("pnp.build.processes.WorkerDied: a worker process died (signal 11, SIGSEGV) while making cards: PNG "
            "images and the contact sheet") in run.stderr
    # the worker's own stack (faulthandler's)
    assert "Fatal Python error: Segmentation fault" in run.stderr
    assert re.search(r'File "<string>", line \d+ in dying', run.stderr)


def test_the_builds_own_process_crashing_says_where(tmp_path: Path) -> None:
    """A crash of the build's own process (in a library's C code, as a map library's once was)
    prints where each thread was, never a silent exit; its workers still die in one line."""
    game = make_game(tmp_path / "game").parent
    code = textwrap.dedent("""
        import faulthandler, resource, sys
        import pnp.cli

        def crashing(*arguments, **settings):
            resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # (no core file)
            faulthandler._sigsegv()

        pnp.cli.main = crashing
        sys.argv = ["pnp", "build"]
        pnp.cli.run()
    """)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("PNP_DEBUG", None)
    env.pop("PYTHONFAULTHANDLER", None)
    run = subprocess.run([sys.executable, "-c", code], cwd=game, env=env, capture_output=True, text=True, timeout=60)
    assert run.returncode == -11
    assert run.stderr.startswith("Fatal Python error: Segmentation fault")
    assert re.search(r'File "<string>", line \d+ in crashing', run.stderr)
