"""Every case in tests/data/invalid/ prints exactly the problems in its expected.txt."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.problems import CHECKS

from conftest import INVALID, MINI, MINI_SETS, make_game

CASES = sorted(p.name for p in INVALID.iterdir() if p.is_dir())


def run_validate(game: Path, *args: str):
    return CliRunner().invoke(main, ["validate", *args], catch_exceptions=False)


SHARED: dict = {}  # the map checks the cases worked out, as pnp watch keeps them: a case that changes no
# file of the map takes them from the last case that had the same map


@pytest.mark.parametrize("case", CASES)
def test_case_prints_expected_problems(case: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pnp.checks import validate

    monkeypatch.setattr(validate, "_REMEMBERED", SHARED)
    make_game(tmp_path / "game", INVALID / case)
    monkeypatch.chdir(tmp_path / "game")
    expected = (INVALID / case / "expected.txt").read_text("utf-8")
    started = time.perf_counter()
    result = run_validate(tmp_path / "game")
    elapsed = time.perf_counter() - started
    assert result.output == expected
    has_errors = " error: " in expected
    assert result.exit_code == (1 if has_errors else 0)
    if not has_errors:  # warnings alone fail only with --strict (errors fail either way: below)
        assert run_validate(tmp_path / "game", "--strict").exit_code == 1
    # generous bound: a hang (alias bomb, deep nesting) would take far longer
    assert elapsed < 20


def test_errors_fail_with_strict_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    make_game(tmp_path / "game", INVALID / "wrong-types")
    monkeypatch.chdir(tmp_path / "game")
    assert " error: " in (INVALID / "wrong-types" / "expected.txt").read_text("utf-8")
    assert run_validate(tmp_path / "game", "--strict").exit_code == 1


def test_every_check_has_a_case() -> None:
    """Every check pnp has, and every check of the mini game's checks.yaml (The Anarchy's)."""
    from pnp.checks.validate import validate

    covered = set()
    for case in CASES:
        covered |= set(re.findall(r"\[([a-z0-9-]+)\]$", (INVALID / case / "expected.txt").read_text("utf-8"), re.M))
    game = validate(MINI / "game.yaml").game
    assert covered == set(CHECKS) | {check.info.id for check in game.checks}


def test_problems_are_in_file_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # game.yaml first, then suit files in manifest order, then the areas file
    make_game(tmp_path / "game", INVALID / "wrong-types")
    (tmp_path / "game" / "board" / "areas.yaml").write_text("areas: []\n")
    (tmp_path / "game" / "cards" / "south.yaml").write_text("suit: 3\ncards: []\n")
    monkeypatch.chdir(tmp_path / "game")
    files = [line.split(":")[0] for line in run_validate(tmp_path / "game").output.splitlines()[:-1]]
    assert files == ["game.yaml", "cards/north.yaml", "cards/north.yaml", "cards/north.yaml",
                     "cards/south.yaml", "cards/south.yaml", "board/areas.yaml"]


def test_symlinked_art_pointing_outside_is_refused(mini: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    secret = tmp_path / "secret.png"
    secret.write_bytes(b"not really")
    (mini / "art").mkdir()
    (mini / "art" / "link.png").symlink_to(secret)
    north = mini / "cards" / "north.yaml"
    north.write_text(north.read_text().replace("    note: {en: Rules the north., fr: Règne sur le nord.}",
                                                    "    note: {en: Rules the north., fr: Règne sur le nord.}\n    art: art/link.png"))
    monkeypatch.chdir(mini)
    result = run_validate(mini)
    assert result.output.splitlines()[0] == (
        "cards/north.yaml:15:10: error: card 'king': art file 'art/link.png' lies outside the game folder [art-file]"
    )


def test_real_image_art_is_accepted_and_a_bomb_is_not(mini: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from PIL import Image

    (mini / "art").mkdir()
    Image.new("RGB", (40, 56), "#884422").save(mini / "art" / "king.png")
    # a PNG whose header claims 30000 x 30000 pixels (900 megapixels), a decompression bomb
    Image.new("1", (30000, 30000)).save(mini / "art" / "bomb.png")
    north = mini / "cards" / "north.yaml"
    text = north.read_text()
    text = text.replace("    note: {en: Rules the north., fr: Règne sur le nord.}",
                                                    "    note: {en: Rules the north., fr: Règne sur le nord.}\n    art: art/king.png")
    text = text.replace("    swords: 2", "    swords: 2\n    art: art/bomb.png")
    north.write_text(text)
    monkeypatch.chdir(mini)
    result = run_validate(mini)
    assert result.output == (
        "cards/north.yaml:36:10: error: card 'guards': art file 'art/bomb.png' is too large to be a safe image "
        "(a decompression bomb?) [art-file]\n"
        f"{MINI_SETS}: 1 error, 0 warnings\n"
    )


class DictCache:
    """A cache in memory, as validation reads a build's (pnp.build.cache.Cache)."""

    def __init__(self) -> None:
        self.entries: dict[tuple[str, str], bytes] = {}
        self.present = True

    def get(self, kind: str, key: str) -> bytes | None:
        return self.entries.get((kind, key))


@pytest.mark.parametrize("case", CASES)
def test_board_checks_kept_by_a_build_give_the_same_report(case: str, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Validation takes the board checks' problems from the last build's cache while the
    files they follow from are unchanged; every case reports exactly the same either way."""
    from pnp.checks import validate as validation
    from pnp.checks.validate import validate

    make_game(tmp_path / "game", INVALID / case)
    manifest = tmp_path / "game" / "game.yaml"
    monkeypatch.setattr(validation, "_REMEMBERED", SHARED)
    fresh = validate(manifest)
    if fresh.game is None:
        return  # nothing to check, nothing kept
    cache = DictCache()
    kind, key, data = fresh.keep.entry()
    cache.entries[(kind, key)] = data
    kept = validate(manifest, cache)
    assert kept.problems == fresh.problems and kept.keep is None  # taken from the cache


@pytest.fixture
def nothing_remembered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The map checks worked out at each validation (how they run beside is what is tested)."""
    from pnp.checks import validate

    monkeypatch.setattr(validate, "REMEMBERED_MAPS", 0)


@pytest.mark.slow  # (a process forked for each case)
@pytest.mark.parametrize("case", CASES)
def test_board_checks_beside_give_the_same_report(case: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`pnp validate` runs the board checks in a forked process while it runs the others:
    every case reports exactly the same problems, in the same order, as in one process,
    taken from the forked process's answer (this one never runs them); a game with a map of
    areas forks once, one without none."""
    import os

    from pnp import checks
    from pnp.checks import validate as validation
    from pnp.checks.validate import validate

    make_game(tmp_path / "game", INVALID / case)
    manifest = tmp_path / "game" / "game.yaml"
    monkeypatch.setattr(validation, "_REMEMBERED", SHARED)
    alone = validate(manifest)
    monkeypatch.setattr(validation, "_REMEMBERED", {})  # (beside, the map is worked out again)
    monkeypatch.setattr(validation, "REMEMBERED_MAPS", 0)
    forks = []
    fork = os.fork

    def spied() -> int:
        pid = fork()
        if pid:
            forks.append(pid)
        return pid

    here = os.getpid()
    run_rules = checks.run_rules
    board_checks_here = []

    def spied_rules(game, skip=frozenset(), only=None):
        if only is not None and os.getpid() == here:
            board_checks_here.append(only)
        return run_rules(game, skip, only)

    monkeypatch.setattr(os, "fork", spied)
    monkeypatch.setattr(checks, "run_rules", spied_rules)
    beside = validate(manifest, beside=True)
    assert beside.problems == alone.problems
    has_map = alone.game is not None and any(s.declaration.get("map") == "areas" for s in alone.game.sets.values())
    forked = has_map and (os.cpu_count() or 1) > 1
    assert len(forks) == (1 if forked else 0)
    assert len(board_checks_here) == (0 if forked else 1 if alone.game is not None else 0)


def test_board_checks_beside_when_a_fork_fails_or_children_are_not_waited_for(
        nothing_remembered: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A fork that fails (no processes left) leaves the board checks to the validation, with
    no descriptor left open; with SIGCHLD ignored (inherited from a parent that does not
    wait), the forked process is reaped by the system and its answer is taken all the same."""
    import os
    import signal

    from pnp.checks.validate import validate

    if (os.cpu_count() or 1) < 2:
        pytest.skip("one core: nothing is forked")
    make_game(tmp_path / "game", INVALID / "area-isolated")
    manifest = tmp_path / "game" / "game.yaml"
    alone = validate(manifest)
    descriptors = len(os.listdir("/proc/self/fd")) if os.path.isdir("/proc/self/fd") else None

    def no_fork() -> int:
        raise BlockingIOError(11, "Resource temporarily unavailable")

    with monkeypatch.context() as patched:
        patched.setattr(os, "fork", no_fork)
        assert validate(manifest, beside=True).problems == alone.problems
    if descriptors is not None:
        assert len(os.listdir("/proc/self/fd")) == descriptors
    previous = signal.signal(signal.SIGCHLD, signal.SIG_IGN)
    try:
        assert validate(manifest, beside=True).problems == alone.problems
    finally:
        signal.signal(signal.SIGCHLD, previous)


def test_board_checks_beside_that_fail_are_run_here(nothing_remembered: None, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """A forked process that fails (here, its answer cannot be written) leaves the board
    checks to the validation itself, which reports them all the same; with threads running
    (pnp watch), nothing is forked."""
    import os
    import threading

    from pnp.checks import validate as module

    make_game(tmp_path / "game", INVALID / "area-isolated")
    manifest = tmp_path / "game" / "game.yaml"
    alone = module.validate(manifest)
    assert {p.rule for p in alone.problems} == {"area-isolated"}

    def broken(problems):
        raise RuntimeError("no answer")

    monkeypatch.setattr(module, "_data", broken)
    forks = []
    fork = os.fork
    monkeypatch.setattr(os, "fork", lambda: forks.append(1) or fork())
    assert module.validate(manifest, beside=True).problems == alone.problems
    assert len(forks) == ((os.cpu_count() or 1) > 1)
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait)
    thread.start()
    try:
        assert module.validate(manifest, beside=True).problems == alone.problems
    finally:
        stop.set()
        thread.join()
    assert len(forks) == ((os.cpu_count() or 1) > 1)  # no second fork


def test_board_checks_beside_are_stopped_with_the_validation(nothing_remembered: None, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C during the other checks stops the board checks' process too: it is killed and
    waited for, not left behind, and the interruption goes on up."""
    import os

    from pnp import checks
    from pnp.checks.validate import validate

    if (os.cpu_count() or 1) < 2:
        pytest.skip("one core: nothing is forked")
    make_game(tmp_path / "game", INVALID / "area-isolated")
    run_rules = checks.run_rules

    def interrupted(game, skip=frozenset(), only=None):
        if only is None:  # the checks this process runs, after the fork
            raise KeyboardInterrupt
        return run_rules(game, skip, only)

    monkeypatch.setattr(checks, "run_rules", interrupted)
    forks = []
    fork = os.fork
    monkeypatch.setattr(os, "fork", lambda: forks.append(fork()) or forks[-1])
    with pytest.raises(KeyboardInterrupt):
        validate(tmp_path / "game" / "game.yaml", beside=True)
    assert len(forks) == 1
    with pytest.raises(ChildProcessError):  # already waited for
        os.waitpid(forks[0], os.WNOHANG)


def test_board_checks_beside_end_with_a_validation_killed_outright() -> None:
    """A validation killed outright (kill -9: no time to stop anything) takes the process
    running its board checks with it, rather than leaving it to run on alone."""
    import os
    import signal
    import subprocess
    import sys
    import time

    if (os.cpu_count() or 1) < 2 or not sys.platform.startswith("linux"):
        pytest.skip("nothing is forked on one core; the parent's end is asked of Linux")
    script = ("import time\nfrom pnp.build.processes import Beside\n"
              "beside = Beside.start(lambda: time.sleep(60) or b'')\n"
              "print(beside.pid, flush=True)\ntime.sleep(60)\n")
    validation = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    child = int(validation.stdout.readline())
    os.kill(validation.pid, signal.SIGKILL)
    validation.wait()
    validation.stdout.close()
    deadline = time.monotonic() + 10

    def running() -> bool:  # (a process that ended and is not yet reaped is a zombie: ended)
        try:
            with open(f"/proc/{child}/stat") as stat:
                return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
        except FileNotFoundError:
            return False

    while running() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not running(), "the board checks' process outlived the validation"


def test_checks_beside_end_as_soon_as_their_answer_is_written() -> None:
    """The checks' process writes its answer (however long) and ends at once: it never waits
    for its reader, holding its memory, until the build it runs beside is done."""
    import os
    import sys

    from pnp.build.processes import Beside

    if (os.cpu_count() or 1) < 2 or not sys.platform.startswith("linux"):
        pytest.skip("nothing is forked on one core; a process's state is read from /proc")
    beside = Beside.start(lambda: b"x" * 1_000_000)  # (a pipe holds 64 KiB)
    assert beside is not None
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        with open(f"/proc/{beside.pid}/stat") as stat:
            if stat.read().rsplit(")", 1)[1].split()[0] == "Z":  # (ended, not yet reaped)
                break
        time.sleep(0.05)
    else:
        beside.cancel()
        raise AssertionError("the checks' process is still waiting to hand over its answer")
    assert beside.result() == b"x" * 1_000_000


def test_board_checks_are_kept_across_card_edits_only(tmp_path: Path) -> None:
    from pnp.problems import Location, Problem, Severity
    from pnp.checks.validate import _data, validate

    make_game(tmp_path / "game", INVALID / "area-isolated")
    manifest = tmp_path / "game" / "game.yaml"
    fresh = validate(manifest)
    assert {p.rule for p in fresh.problems} == {"area-isolated"}
    # a kept entry is what validation reports (here, one made up to tell it apart)
    cache = DictCache()
    made_up = Problem(Location("board/areas.yaml", 1, 1), Severity.WARNING, "kept", "room-for-markers")
    cache.entries[fresh.keep.entry()[:2]] = _data([made_up])
    assert validate(manifest, cache).problems == (made_up,)
    # editing a card keeps it; editing the areas (or any file but the suits') does not
    north = tmp_path / "game" / "cards" / "north.yaml"
    north.write_text(north.read_text() + "\n# an edit\n")
    assert validate(manifest, cache).problems == (made_up,)
    areas = tmp_path / "game" / "board" / "areas.yaml"
    areas.write_text(areas.read_text() + "\n# an edit\n")
    assert validate(manifest, cache).problems == fresh.problems
