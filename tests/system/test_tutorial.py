"""The documentation's "Your first game" (docs/pages/tutorial.md), run as written: every command
of its console blocks and every edit of its diff blocks, in order, from a home folder of its
own, each command's output held to what the page shows (times, sizes, the port and the home
folder aside). `pnp watch` runs in the background from where the tutorial starts it to the end,
as in a second terminal, and each edit waits for the rebuild it sets off."""

from __future__ import annotations

import os
import queue
import re
import signal
import subprocess
import sys
import threading
from pathlib import Path

from conftest import ROOT

TUTORIAL = (ROOT / "docs" / "pages" / "tutorial.md").read_text("utf-8")
BLOCK = re.compile(r"^```(console|diff)\n(.*?)^```$", re.M | re.S)


def section() -> str:
    return TUTORIAL


def steps() -> list[tuple]:
    """("run", command, expected lines) and ("edit", file, [(old lines, new lines)]), in order."""
    found: list[tuple] = []
    for kind, body in BLOCK.findall(section()):
        lines = body.splitlines()
        if kind == "console":
            for line in lines:
                if line.startswith("$ "):
                    found.append(("run", line[2:], []))
                else:
                    found[-1][2].append(line)
            continue
        assert lines[0].startswith("--- ") and lines[1] == "+++ " + lines[0][4:], lines[:2]
        hunks = []
        for line in lines[2:]:
            if line.startswith("@@"):
                hunks.append(([], []))
                continue
            old, new = hunks[-1]
            if line[:1] in " -":
                old.append(line[1:])
            if line[:1] in " +":
                new.append(line[1:])
        found.append(("edit", lines[0][4:], hunks))
    return found


def normal(lines: list[str], home: Path) -> list[str]:
    """Lines with what changes from run to run written the same way."""
    text = "\n".join(lines).replace(str(home), "/home/you")
    text = re.sub(r"\b\d+(\.\d+)? s\b", "N s", text)
    text = re.sub(r"\(\d+(\.\d+)? (B|KB|MB|GB)\)", "(SIZE)", text)
    return re.sub(r"127\.0\.0\.1:\d+", "127.0.0.1:PORT", text).splitlines()


def edit(path: Path, hunks: list[tuple[list[str], list[str]]]) -> None:
    """Each hunk's old lines, found once in the file as whole lines, become its new lines."""
    text = path.read_text("utf-8")
    for old, new in hunks:
        before, after = "\n".join(old) + "\n", "\n".join(new) + "\n"
        at = [m.start() for m in re.finditer(re.escape(before), text) if m.start() == 0 or text[m.start() - 1] == "\n"]
        assert len(at) == 1, f"{path.name}: the lines to change are found {len(at)} times: {before!r}"
        text = text[:at[0]] + after + text[at[0] + len(before):]
    path.write_text(text, "utf-8")


class Background:
    """A command running on, its lines as they come."""

    def __init__(self, command: str, cwd: Path, env: dict) -> None:
        self.process = subprocess.Popen(["bash", "-c", f"exec {command}"], cwd=cwd, env=env, text=True,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=lambda: [self.lines.put(line.rstrip("\n")) for line in self.process.stdout],
                         daemon=True).start()

    def next_line(self, timeout: float = 90) -> str:
        try:
            return self.lines.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"{self.process.args[-1]} printed nothing for {timeout} s") from None

    def rebuilt(self) -> None:
        """Wait for the rebuild an edit sets off to end."""
        while not self.next_line().startswith("changed: "):
            pass
        while not self.next_line().startswith(("built ", "not built: ", "error: ")):
            pass


def test_the_tutorial_runs_as_written(tmp_path: Path) -> None:
    home = tmp_path / "you"
    home.mkdir()
    shims = tmp_path / "bin"
    shims.mkdir()
    (shims / "pnp").write_text(f'#!/bin/sh\nexec "{sys.executable}" -m pnp "$@"\n')
    (shims / "pnp").chmod(0o755)
    env = {**os.environ, "PATH": f"{shims}{os.pathsep}{os.environ['PATH']}", "PYTHONPATH": str(ROOT)}
    cwd, watch, ran = home, None, []
    try:
        for step in steps():
            if step[0] == "edit":
                edit(cwd / step[1], step[2])
                if watch is not None:
                    watch.rebuilt()
                continue
            _, command, expected = step
            ran.append(command)
            if command.startswith("cd "):
                cwd = cwd / command[3:]
                assert expected == [] and cwd.is_dir()
            elif command.startswith("pnp watch"):
                watch = Background(command, cwd, env)
                assert normal([watch.next_line() for _ in expected], home) == normal(expected, home)
            else:
                result = subprocess.run(["bash", "-c", command], cwd=cwd, env=env, capture_output=True, text=True,
                                        timeout=300)
                assert "Traceback" not in result.stderr, result.stderr
                assert normal(result.stdout.splitlines(), home) == normal(expected, home), command
                assert result.returncode == (1 if any(": error: " in line for line in expected) else 0), command
    finally:
        if watch is not None:
            watch.process.send_signal(signal.SIGINT)  # Ctrl-C
            assert watch.process.wait(timeout=30) == 0
    # the tutorial is what it says: ten steps, from pnp new to Tabletopia's manifest
    assert len(re.findall(r"^\*\*\d+\. ", section(), re.M)) == 10
    assert ran[0] == "pnp new harbour" and ran[-1] == "head -n 3 out/tabletopia/manifest.csv"
    assert sum(1 for step in steps() if step[0] == "edit") == 6 and "pnp watch --serve" in ran


def test_an_edit_that_does_not_apply_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text("a\nb\nab\n")
    edit(path, [(["b"], ["c"])])
    assert path.read_text() == "a\nc\nab\n"
    for old in (["x"], ["a", "b", "a"]):
        try:
            edit(path, [(old, ["y"])])
        except AssertionError as exc:
            assert "found 0 times" in str(exc)
        else:
            raise AssertionError("applied an edit whose lines are not there")
