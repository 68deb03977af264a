"""Time pnp's commands as whole processes: median wall time over several runs, and peak memory.

    python benchmarks/run.py            # 7 runs of each command after one warm-up, on the bundled game
    python benchmarks/run.py --runs 15

Uses only the standard library (subprocess, time, resource), so anyone can rerun it.
The machines pnp is developed on are shared and noisy: quote medians, not single runs.
"""

from __future__ import annotations

import argparse
import os
import statistics
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PNP = [sys.executable, "-m", "pnp"]

OUT = Path(tempfile.mkdtemp(prefix="pnp-bench-"))
COMMANDS = {
    "pnp --version (start-up only)": PNP + ["--version"],
    "pnp validate": PNP + ["validate"],
    "pnp stats": PNP + ["stats"],
    "pnp build --only cards --format pdf": PNP + ["build", "--only", "cards", "--format", "pdf", "-o", str(OUT / "pdf")],
    "pnp build --only cards --format svg": PNP + ["build", "--only", "cards", "--format", "svg", "-o", str(OUT / "svg")],
    "pnp build --only cards --format png": PNP + ["build", "--only", "cards", "--format", "png", "-o", str(OUT / "png")],
    "pnp build --only cards (all formats)": PNP + ["build", "--only", "cards", "-o", str(OUT / "all")],
    "pnp build --only board": PNP + ["build", "--only", "board", "-o", str(OUT / "board")],
    "pnp build (the whole kit)": PNP + ["build", "-o", str(OUT / "kit")],
}


def run_once(argv: list[str]) -> tuple[float, int]:
    """Wall seconds and peak resident memory (KiB) of one run in a fresh child process
    (the largest of the process and its worker processes)."""
    started = time.perf_counter()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - child
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        os.chdir(ROOT)
        os.execv(argv[0], argv)
    _, status, usage = os.wait4(pid, 0)
    elapsed = time.perf_counter() - started
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(argv)} failed")
    return elapsed, usage.ru_maxrss


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    width = max(len(name) for name in COMMANDS)
    print(f"{'command':<{width}} {'median s':>9} {'min s':>7} {'max s':>7} {'peak MiB':>9}")
    try:
        for name, argv in COMMANDS.items():
            run_once(argv)  # warm-up: file cache, .pyc files
            times, peaks = zip(*(run_once(argv) for _ in range(args.runs)))
            print(f"{name:<{width}} {statistics.median(times):>9.3f} {min(times):>7.3f} {max(times):>7.3f} "
                  f"{max(peaks) / 1024:>9.1f}", flush=True)
    finally:
        shutil.rmtree(OUT, ignore_errors=True)


if __name__ == "__main__":
    main()
