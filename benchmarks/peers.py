"""pnp against the field: the same 126-card deck (The Anarchy's) built by pnp and by its peers,
and The Anarchy's whole kit against a bare renderer (benchmarks/yardstick.py), as whole
processes run in turn (pnp, a peer, pnp, a peer, ...), each cold (no output left from the run
before); medians of the wall time, of the CPU time (the process and every process it waited
for) and the largest peak memory, and their ratios.

    python benchmarks/peers.py --install           # decksmith 0.9.9 into its own virtual environment
    python benchmarks/peers.py --runs 5            # every comparison, 5 rounds
    python benchmarks/peers.py --runs 5 --only deck

The comparisons:
  deck   `pnp build --only cards --paper a4 --format pdf,png` (126 PNG faces at 300 dpi and the A4
         print sheets, with their backs) against decksmith 0.9.9 (`decksmith build`: its 126 PNG
         faces, 750 x 1050 px, drawn with Pillow; then `decksmith export`: their A4 PDF). decksmith's
         deck is written here from the same cards (their suit's colour, number, name, kind, counts
         and note, in the same fonts): a plainer card than pnp's.
  kit    a cold `pnp build` of The Anarchy's whole kit against the yardstick, a bare reportlab +
         pypdfium2 script drawing the same 126 faces into an A4 PDF and saving each as a 300-dpi PNG.

The peers live in their own virtual environments (--peers, default ~/.cache/pnp-peers), made
only when asked (--install), so that nothing of theirs reaches pnp's. A peer not installed is
left out, and said so. The machines pnp is developed on are shared and noisy: quote medians
of interleaved runs, with the date, the machine and its load.
"""

from __future__ import annotations

import argparse
import csv
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from importlib import resources
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from run import copy_game  # noqa: E402  (a copy of The Anarchy's files)
from yardstick import FONTS, cards, text  # noqa: E402

PEERS = {"decksmith": "decksmith==0.9.9"}
CARD_PX = (750, 1050)  # poker size at 300 dpi


def install(peers: Path, names: list[str]) -> None:
    """Each peer into a virtual environment of its own, from PyPI, with pip (run in a
    temporary folder, as every peer's process is: see `measure`)."""
    with tempfile.TemporaryDirectory(prefix="pnp-peers-") as cwd:
        for name in names:
            folder = peers / name
            if not (folder / "bin" / "python").exists():
                subprocess.run([sys.executable, "-m", "venv", str(folder)], check=True, cwd=cwd)
            subprocess.run([str(folder / "bin" / "python"), "-m", "pip", "install", "--quiet", PEERS[name]],
                           check=True, cwd=cwd)


def rgb(colour: str) -> list[int]:
    colour = colour.lstrip("#")
    return [int(colour[i:i + 2], 16) for i in (0, 2, 4)]


def decksmith_deck(game: Path, folder: Path, count: int = 0) -> None:
    """deck.yaml and deck.csv for decksmith: The Anarchy's cards, each on its suit's colour with
    its number, name, kind, counts and note, in the bundled Source fonts."""
    import yaml

    deck = cards(game)[:count or None]
    font = {role: str(resources.files(package) / "files" / f"{name}.ttf") for role, (package, name) in FONTS.items()}
    ink = ["%ink_r%", "%ink_g%", "%ink_b%"]
    spec = {"width": CARD_PX[0], "height": CARD_PX[1], "background_color": [255, 255, 255],
            "elements": [
                {"id": "ground", "type": "rectangle", "size": list(CARD_PX), "position": [0, 0],
                 "color": ["%r%", "%g%", "%b%"], "corner_radius": 35},
                {"id": "frame", "type": "rectangle", "size": [CARD_PX[0] - 70, CARD_PX[1] - 70], "position": [35, 35],
                 "outline_color": ink, "outline_width": 3, "corner_radius": 24},
                {"id": "number", "type": "text", "text": "%number%", "position": [70, 60], "color": ink,
                 "font_path": font["heading"], "font_size": 58},
                {"id": "name", "type": "text", "text": "%name%", "position": [0, 230],
                 "relative_to": ["ground", "top-center"], "anchor": "top-center", "align": "center", "color": ink,
                 "font_path": font["heading"], "font_size": 46},
                {"id": "kind", "type": "text", "text": "%kind%", "position": [0, 20],
                 "relative_to": ["name", "bottom-center"], "anchor": "top-center", "align": "center", "color": ink,
                 "font_path": font["body"], "font_size": 33},
                {"id": "counts", "type": "text", "text": "%counts%", "position": [0, 30],
                 "relative_to": ["kind", "bottom-center"], "anchor": "top-center", "align": "center", "color": ink,
                 "font_path": font["body"], "font_size": 33},
                {"id": "note", "type": "text", "text": "%note%", "position": [0, 60],
                 "relative_to": ["counts", "bottom-center"], "anchor": "top-center", "width": CARD_PX[0] - 140,
                 "color": ink, "font_path": font["note"], "font_size": 31, "line_spacing": 6}]}
    (folder / "deck.yaml").write_text(yaml.safe_dump(spec, sort_keys=False), "utf-8")
    with open(folder / "deck.csv", "w", newline="", encoding="utf-8") as stream:
        writer = csv.writer(stream, delimiter=";")
        writer.writerow(["number", "name", "kind", "counts", "note", "r", "g", "b", "ink_r", "ink_g", "ink_b"])
        for card in deck:
            suit = card["suit"]
            counts = "   ".join(f"{key} {card[key]}" for key in ("crowns", "castles", "swords", "treasure")
                                if card.get(key))
            writer.writerow([card.get("leader") or " ", text(card.get("name")),
                             f"{text(suit.get('name'))} · {card.get('kind', '')}", counts or " ",
                             text(card.get("note")) or " ", *rgb(suit["colour"]),
                             *rgb(suit.get("text_colour", "#000000"))])


def measure(commands: list[list[str]], cwd: Path, pnp: bool = False) -> tuple[float, float, int]:
    """Wall and CPU seconds of the commands run one after the other (each a process, its CPU
    with that of every process it waited for), and the largest peak memory (KiB). With `pnp`,
    they import the pnp of this checkout. A peer never runs inside this repository: what it
    leaves where it runs (decksmith writes decksmith.log there) would land in it."""
    if not pnp and Path(cwd).resolve().is_relative_to(ROOT):
        raise SystemExit(f"a peer runs in a temporary folder, never in the repository ({cwd}): it may leave files "
                         f"where it runs")
    wall, cpu, peak = 0.0, 0.0, 0
    env = {**os.environ}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # (timed as installed: compiled once)
    if pnp:
        env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [env.get("PYTHONPATH")])])
    for argv in commands:
        started = time.perf_counter()
        with tempfile.TemporaryFile() as errors:  # (not a pipe: a full one would stop the process)
            process = subprocess.Popen(argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=errors)
            _, status, usage = os.wait4(process.pid, 0)
            process.returncode = os.waitstatus_to_exitcode(status)
            wall += time.perf_counter() - started
            if process.returncode != 0:
                errors.seek(0)
                raise SystemExit(f"{' '.join(argv)} failed:\n{errors.read().decode('utf-8', 'replace')}")
        cpu += usage.ru_utime + usage.ru_stime
        peak = max(peak, usage.ru_maxrss)
    return wall, cpu, peak


class Contender:
    """One side of a comparison: how to make its output cold, and the commands that make it."""

    def __init__(self, name: str, folder: Path, out: list[Path], commands: list[list[str]], pnp: bool = False):
        self.name, self.folder, self.out, self.commands = name, folder, out, commands
        self.pnp = pnp  # run with this checkout's pnp (not one installed elsewhere)
        self.runs: list[tuple[float, float, int]] = []

    def run(self) -> None:
        for path in self.out:
            shutil.rmtree(path, ignore_errors=True)
            if path.suffix:
                path.unlink(missing_ok=True)
        self.runs.append(measure(self.commands, self.folder, self.pnp))

    def medians(self) -> tuple[float, float, int]:
        return (statistics.median(r[0] for r in self.runs), statistics.median(r[1] for r in self.runs),
                max(r[2] for r in self.runs))


def contenders(work: Path, peers: Path, only: list[str], count: int) -> list[tuple[Contender, Contender]]:
    """The pairs to compare, each a pnp side and its peer's, set up in `work`."""
    python = sys.executable
    game = copy_game(work / "game")
    pairs = []
    if "deck" in only:
        decksmith = peers / "decksmith" / "bin" / "decksmith"
        if decksmith.exists():
            folder = work / "decksmith"
            folder.mkdir()
            decksmith_deck(game, folder, count)
            pairs.append((Contender("pnp: the deck, A4 PDF and PNG", game, [game / "out"],
                                    [[python, "-m", "pnp", "build", "--only", "cards", "--paper", "a4", "--format",
                                      "pdf,png", "-q"]], pnp=True),
                          Contender("decksmith 0.9.9: its PNG, then its A4 PDF", folder,
                                    [folder / "output", folder / "deck.pdf"],
                                    [[str(decksmith), "build", "--output", "output"],
                                     [str(decksmith), "export", "output", "--output", "deck.pdf", "--page-size",
                                      "A4"]])))
        else:
            print(f"decksmith is not installed in {peers / 'decksmith'}: left out (--install installs it)")
    if "kit" in only:
        yardstick = [python, str(HERE / "yardstick.py"), "--game", str(game), "--out", str(work / "yardstick")]
        if count:
            yardstick += ["--cards", str(count)]
        pairs.append((Contender("pnp: the whole kit, cold", game, [game / "out"],
                                [[python, "-m", "pnp", "build", "-q"]], pnp=True),
                      Contender("the yardstick (reportlab + pypdfium2)", work, [work / "yardstick"], [yardstick])))
    return pairs


def report(pairs: list[tuple[Contender, Contender]]) -> str:
    lines = []
    for ours, theirs in pairs:
        mine, other = ours.medians(), theirs.medians()
        for c, (wall, cpu, peak) in ((ours, mine), (theirs, other)):
            lines.append(f"{c.name:<48} {wall:7.2f} s wall {cpu:7.2f} s CPU {peak / 1024:6.0f} MiB"
                         f"  ({len(c.runs)} runs)")
        lines.append(f"{'  ratio (pnp / the other)':<48} {mine[0] / other[0]:7.2f}x wall {mine[1] / other[1]:6.2f}x CPU"
                     f"  (the other / pnp: {other[0] / mine[0]:.2f}x wall)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--install", action="store_true", help="install the peers (decksmith 0.9.9), then stop")
    parser.add_argument("--peers", type=Path, default=Path.home() / ".cache" / "pnp-peers",
                        help="where the peers' virtual environments are")
    parser.add_argument("--runs", type=int, default=5, help="rounds of interleaved runs (default 5)")
    parser.add_argument("--only", action="append", choices=["deck", "kit"], help="one comparison (repeatable)")
    parser.add_argument("--cards", type=int, default=0, help="the first N cards for the peers (0: all; a smoke test)")
    args = parser.parse_args(argv)
    if args.install:
        install(args.peers, list(PEERS))
        return 0
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    with tempfile.TemporaryDirectory(prefix="pnp-peers-") as folder:
        pairs = contenders(Path(folder), args.peers, args.only or ["deck", "kit"], args.cards)
        for round_ in range(args.runs):
            for ours, theirs in pairs:  # (interleaved: pnp, the other, pnp, the other)
                ours.run()
                theirs.run()
        print(f"{time.strftime('%Y-%m-%d %H:%M')}, {os.cpu_count()} cores, load {load:.1f} at the start, "
              f"{args.runs} rounds")
        print(report(pairs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
