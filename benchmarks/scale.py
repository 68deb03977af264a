"""How pnp's commands grow with the deck: validate (before any build, and after a build and a
one-card edit), a cold build, a build with nothing changed and one with one card edited, on
The Anarchy grown to each size (benchmarks/grow.py), with the peak memory of the largest
process and the growth factor from each size to the next.

    python benchmarks/scale.py                      # 126, 1,000 and 5,000 cards, 3 runs each
    python benchmarks/scale.py --sizes 126,1000 --runs 1

Standard library only (and pnp itself, to grow the game). Growing a 5,000-card game takes
about half a minute; each cold build of it several minutes on two cores.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from grow import grow  # noqa: E402
from run import PNP, ROOT, clean, edit_card, nothing, run_once  # noqa: E402

# name: (command, what to do before each run)
STEPS = {
    "pnp validate, no build yet": (["validate"], nothing),
    "pnp build, cold": (["build"], clean),
    "pnp build, nothing changed": (["build"], nothing),
    "pnp build, one card edited": (["build"], edit_card),
    "pnp validate, one card edited": (["validate"], edit_card),  # after a build: its cache is read
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="126,1000,5000", help="deck sizes, comma-separated")
    parser.add_argument("--runs", type=int, default=3, help="runs of each command at each size (median)")
    args = parser.parse_args()
    sizes = [int(n) for n in args.sizes.split(",")]
    work = Path(tempfile.mkdtemp(prefix="pnp-scale-"))
    results: dict[str, list[tuple[float, float]]] = {name: [] for name in STEPS}
    try:
        for size in sizes:
            game = work / f"game-{size}"
            print(f"{size} cards: {grow(ROOT, game, size)}", file=sys.stderr, flush=True)
            for name, (argv, before) in STEPS.items():
                if before is nothing and argv == ["build"]:
                    run_once(PNP + ["build"], game)  # something to find unchanged
                runs = []
                for _ in range(args.runs):
                    before(game)
                    runs.append(run_once(PNP + argv, game))
                times, peaks = zip(*runs)
                results[name].append((statistics.median(times), max(peaks) / 1024))
                print(f"  {name}: {statistics.median(times):.2f} s, {max(peaks) / 1024:.0f} MiB",
                      file=sys.stderr, flush=True)
            shutil.rmtree(game, ignore_errors=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    width = max(len(n) for n in STEPS)
    header = "".join(f"{f'{n:,} cards':>22}" for n in sizes)
    print(f"{'command':<{width}}{header}   growth per step")
    for name, row in results.items():
        cells = "".join(f"{f'{t:.2f} s, {m:.0f} MiB':>22}" for t, m in row)
        growth = ", ".join(f"x{b[0] / a[0]:.1f}" for a, b in zip(row, row[1:]))
        print(f"{name:<{width}}{cells}   {growth}")


if __name__ == "__main__":
    main()
