"""Time pnp's commands as whole processes: median wall time over several runs, and peak memory.

    python benchmarks/run.py            # 7 runs of each command after one warm-up, on the bundled game
    python benchmarks/run.py --runs 3 --only build

Uses only the standard library (subprocess, time, os.wait4), so anyone can rerun it. Each
command runs on a copy of the bundled game in a temporary folder; the edit scenarios change
a file of that copy before every run. The machines pnp is developed on are shared and
noisy: quote medians, not single runs.
"""

from __future__ import annotations

import argparse
import itertools
import os
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
PNP = [sys.executable, "-m", "pnp"]
DATA = ("game.yaml", "checks.yaml", "stats.yaml", "glossary.yaml", "cards", "board", "layouts", "icons", "rules")


def run_once(argv: list[str], cwd: Path) -> tuple[float, int]:
    """Wall seconds and peak resident memory (KiB) of one run in a fresh child process
    (the largest of the process and the worker processes it waited for)."""
    started = time.perf_counter()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - child
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        os.chdir(cwd)
        # timed as installed: pip compiles pnp to bytecode, so a run does not compile it again
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
        os.execv(argv[0], argv)
    _, status, usage = os.wait4(pid, 0)
    elapsed = time.perf_counter() - started
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(argv)} failed")
    return elapsed, usage.ru_maxrss


EDITS = itertools.count(1)


def edit_card(game: Path) -> None:
    """Give one card a follower list it has not had before in this run (a list seen before
    would find its drawings and checks in out/.cache/; a designer's edit would not)."""
    n = next(EDITS)
    # (always leader 5: the rulebook's example counts the Mughal cards that follow Imad-ul-Mulk)
    others = [leader for leader in range(1, 9) if leader != 5]
    follows = ", ".join(str(leader) for leader in sorted([5] + [o for i, o in enumerate(others) if n >> i & 1]))
    path = game / "cards" / "mughals.yaml"
    text = re.sub(r"(  - id: mughal-sowars\n(?:    .*\n)*?    follows: )\[[^\]]*\]", rf"\g<1>[{follows}]",
                  path.read_text("utf-8"), count=1)
    path.write_text(text, "utf-8")


def edit_board(game: Path) -> None:
    """Move one seat a little, to a place it has not been before in this run."""
    lat = 28.60 + next(EDITS) % 16 * 0.005
    path = game / "board" / "areas.yaml"
    text = re.sub(r"seat: \{city: Delhi, lat: [0-9.]+,", f"seat: {{city: Delhi, lat: {lat:.3f},",
                  path.read_text("utf-8"), count=1)
    path.write_text(text, "utf-8")


def clean(game: Path) -> None:
    shutil.rmtree(game / "out", ignore_errors=True)


def nothing(game: Path) -> None:
    pass


# name: (command, what to do before each run, group)
SCENARIOS: dict[str, tuple[list[str], Callable[[Path], None], str]] = {
    "pnp --version (start-up only)": (PNP + ["--version"], nothing, "check"),
    "pnp validate": (PNP + ["validate"], nothing, "check"),
    "pnp stats": (PNP + ["stats"], nothing, "check"),
    "pnp build --only cards --format pdf": (PNP + ["build", "--only", "cards", "--format", "pdf"], clean, "cards"),
    "pnp build --only cards --format svg": (PNP + ["build", "--only", "cards", "--format", "svg"], clean, "cards"),
    "pnp build --only cards --format png": (PNP + ["build", "--only", "cards", "--format", "png"], clean, "cards"),
    "pnp build --only cards (all formats)": (PNP + ["build", "--only", "cards"], clean, "cards"),
    "pnp build --only board": (PNP + ["build", "--only", "board"], clean, "build"),
    "pnp build, cold (the whole kit)": (PNP + ["build"], clean, "build"),
    "pnp build --lang all, cold (three kits)": (PNP + ["build", "--lang", "all"], clean, "build"),
    "pnp build, nothing changed": (PNP + ["build"], nothing, "build"),
    "pnp build, one card edited": (PNP + ["build"], edit_card, "build"),
    "pnp build, the board edited": (PNP + ["build"], edit_board, "build"),
    "pnp validate, after a build": (PNP + ["validate"], nothing, "build"),
}


def watch_rebuilds(game: Path, runs: int) -> list[float]:
    """Seconds from saving an edited card to `pnp watch` reporting the rebuild done, in a
    watch process that has already built once (the designer's loop)."""
    import queue
    import subprocess
    import threading

    run_once(PNP + ["build"], game)
    process = subprocess.Popen(PNP + ["watch"], cwd=game, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                               text=True)
    lines: queue.Queue[tuple[float, str]] = queue.Queue()
    threading.Thread(target=lambda: [lines.put((time.perf_counter(), line)) for line in process.stdout],
                     daemon=True).start()

    def built(timeout: float = 60) -> float:
        while True:
            at, line = lines.get(timeout=timeout)
            if line.startswith("built "):
                return at
            if line.startswith(("not built", "error")):
                raise SystemExit(f"pnp watch: {line.strip()}")

    try:
        built()
        times = []
        for _ in range(runs + 1):  # the first is a warm-up
            time.sleep(0.5)
            saved = time.perf_counter()
            edit_card(game)
            times.append(built() - saved)
        return times[1:]
    finally:
        process.terminate()
        process.wait(timeout=10)


def copy_game(target: Path) -> Path:
    target.mkdir()
    for name in DATA:
        source = ROOT / name
        (shutil.copytree if source.is_dir() else shutil.copy)(source, target / name)
    return target


def rulebook_cost(work: Path, pairs: int) -> None:
    """A cold build of the whole kit with its rulebooks against the same build of a copy whose
    game.yaml names none, side by side: runs alternate without, with, without, with ...; the
    ratio is the median of the pairs' ratios."""
    with_rules = copy_game(work / "with")
    without = copy_game(work / "without")
    manifest = without / "game.yaml"
    text = manifest.read_text("utf-8")
    manifest.write_text(re.sub(r"\nrules: .*\n", "\n", text), "utf-8")
    assert not re.search(r"^rules:", manifest.read_text("utf-8"), re.M)
    times: dict[str, list[float]] = {"without": [], "with": []}
    for _ in range(pairs + 1):  # the first pair is a warm-up
        for name, game in (("without", without), ("with", with_rules)):
            clean(game)
            times[name].append(run_once(PNP + ["build"], game)[0])
    ratios = [w / o for w, o in zip(times["with"][1:], times["without"][1:])]
    for name in ("without", "with"):
        print(f"pnp build, cold, {name} its rulebooks: median {statistics.median(times[name][1:]):.2f} s")
    print(f"ratio (median of {pairs} pairs): {statistics.median(ratios):.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--only", choices=["check", "cards", "build"], help="run one group of scenarios")
    parser.add_argument("--rulebook", action="store_true",
                        help="what the rulebooks add to a cold build: with and without them, side by side")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="pnp-bench-"))
    if args.rulebook:
        try:
            rulebook_cost(work, args.runs)
        finally:
            shutil.rmtree(work, ignore_errors=True)
        return
    game = copy_game(work / "game")
    width = max(len(name) for name in SCENARIOS)
    print(f"{'command':<{width}} {'median s':>9} {'min s':>7} {'max s':>7} {'peak MiB':>9}")
    try:
        for name, (argv, before, group) in SCENARIOS.items():
            if args.only and group != args.only:
                continue
            if before is nothing and group == "build":
                run_once(PNP + ["build"], game)  # something to find unchanged (and its cache)
            results = []
            for _ in range(args.runs + 1):  # the first is a warm-up
                before(game)
                results.append(run_once(argv, game))
            times, peaks = zip(*results[1:])
            print(f"{name:<{width}} {statistics.median(times):>9.3f} {min(times):>7.3f} {max(times):>7.3f} "
                  f"{max(peaks) / 1024:>9.1f}", flush=True)
        if args.only in (None, "build"):
            times = watch_rebuilds(game, args.runs)
            name = "pnp watch, save of one edited card"
            print(f"{name:<{width}} {statistics.median(times):>9.3f} {min(times):>7.3f} {max(times):>7.3f} "
                  f"{'':>9}", flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
