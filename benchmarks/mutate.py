"""Mutation testing of the modules users depend on: mutmut's mutants of each module against
that module's own unit tests (tests/unit/<path>/test_<module>.py) alone, with the score per
module and every mutant they leave alive (file:line, the change).

    python benchmarks/mutate.py                          # every module below, over an hour
    python benchmarks/mutate.py pnp/units.py pnp/model/sizes.py

Needs mutmut (in the test extras). Each module is mutated in a copy of pnp and its tests in a
temporary folder, so the work tree is never changed; mutmut runs niced, with one worker, and
each module within --timeout seconds. mutmut mutates the body of every function and method
(not a decorated one, nor a module's constants), in an order of its own: the same code gives
the same mutants on every run. The score is the mutants killed of those that are not
equivalent; benchmarks/mutation-survivors.md lists each survivor with the reason it is left,
and a survivor it does not list is printed as new.
"""

from __future__ import annotations

import argparse
import ast
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SURVIVORS = ROOT / "benchmarks" / "mutation-survivors.md"
MODULES = ("pnp/impose/paper.py", "pnp/impose/sheets.py", "pnp/impose/tiled.py", "pnp/impose/packed.py",
           "pnp/impose/duplex.py", "pnp/layout/textfit.py", "pnp/units.py", "pnp/model/sizes.py", "pnp/words.py",
           "pnp/components/kind.py", "pnp/components/card.py", "pnp/components/token.py", "pnp/components/tile.py",
           "pnp/components/standee.py", "pnp/components/die.py", "pnp/components/board.py", "pnp/exports/pod.py",
           "pnp/exports/tabletopia.py", "pnp/checks/kinds/base.py", "pnp/checks/kinds/unique.py",
           "pnp/checks/kinds/range.py", "pnp/checks/kinds/count.py", "pnp/checks/kinds/sum.py",
           "pnp/checks/kinds/require.py", "pnp/checks/kinds/references.py", "pnp/checks/kinds/contrast.py",
           "pnp/checks/kinds/colour_distinct.py", "pnp/checks/kinds/greyscale_distinct.py",
           "pnp/checks/kinds/change_making.py", "pnp/checks/__init__.py",
           "pnp/expr/format.py", "pnp/expr/functions.py", "pnp/expr/costs.py", "pnp/expr/limits.py",
           "pnp/expr/template.py", "pnp/expr/expression.py", "pnp/expr/operators.py", "pnp/expr/compiler.py",
           "pnp/compose/paint.py", "pnp/checks/data.py", "pnp/checks/files.py",
           "pnp/build/outputs.py", "pnp/build/cache.py", "pnp/build/fingerprint.py",
           "pnp/exports/tts.py", "pnp/exports/gallery.py", "pnp/render/contact.py",
           "pnp/layout/reader.py", "pnp/layout/values.py", "pnp/boxes/settings.py", "pnp/boxes/kind.py",
           "pnp/boxes/context.py", "pnp/load/files.py", "pnp/load/paths.py", "pnp/kit/readme.py",
           "pnp/checks/text.py", "pnp/checks/translation.py", "pnp/checks/printed.py",
           "pnp/boxes/text.py", "pnp/boxes/table.py", "pnp/boxes/track.py", "pnp/boxes/row.py",
           "pnp/boxes/hexmap.py", "pnp/boxes/badge.py", "pnp/boxes/groups.py", "pnp/boxes/ornament.py",
           "pnp/boxes/pictures.py", "pnp/boxes/shapes.py", "pnp/boxes/printing.py",
           "pnp/maps/areas/projection.py", "pnp/maps/areas/geometry.py", "pnp/maps/areas/labels.py",
           "pnp/maps/areas/checks.py", "pnp/checks/printing.py", "pnp/impose/booklet.py", "pnp/load/rulebook.py",
           "pnp/kit/rulebook.py", "pnp/impose/shelves.py", "pnp/layout/worked.py", "pnp/load/boards.py",
           "pnp/checks/quotes.py")
TARGET = 0.9  # of the mutants that are not equivalent, killed
DETECTED = {"killed", "timeout", "segfault"}  # the tests fail, hang or crash: the mutant is killed
MUTMUT = [sys.executable, "-c", "import sys; from mutmut.__main__ import cli; sys.exit(cli())"]


def tests_of(module: str) -> Path:
    """A module's own unit tests: pnp/impose/paper.py's are tests/unit/impose/test_paper.py, and
    a package's __init__.py is tested as the package: pnp/checks/__init__.py's are
    tests/unit/checks/test_checks.py."""
    path = Path(module).relative_to("pnp")
    if path.name == "__init__.py":
        return Path("tests/unit") / path.parent / f"test_{path.parent.name}.py"
    return Path("tests/unit") / path.parent / f"test_{path.name}"


def project(module: str, folder: Path) -> None:
    """A copy of pnp and of the module's unit tests in `folder` (with the __init__.py and
    conftest.py of their folders), with mutmut told to mutate the module alone and run those
    tests alone."""
    shutil.copytree(ROOT / "pnp", folder / "pnp", ignore=shutil.ignore_patterns("__pycache__"))
    tests = tests_of(module)
    for parent in reversed(tests.parents[:-2]):  # tests/unit and below: their __init__.py and conftest.py
        (folder / parent).mkdir(parents=True, exist_ok=True)
        for shared in ("__init__.py", "conftest.py"):
            if (ROOT / parent / shared).exists():
                shutil.copyfile(ROOT / parent / shared, folder / parent / shared)
    shutil.copyfile(ROOT / tests, folder / tests)
    (folder / "pyproject.toml").write_text(
        "[tool.mutmut]\n"
        'source_paths = ["pnp"]\n'
        f'only_mutate = ["{module}"]\n'
        f'pytest_add_cli_args_test_selection = ["{tests.as_posix()}"]\n'
        'pytest_add_cli_args = ["-p", "no:cacheprovider", "-q"]\n'
        "\n[tool.pytest.ini_options]\n"
        'testpaths = ["tests"]\n', "utf-8")


def mutmut(folder: Path, *args: str, timeout: float | None = None) -> str:
    """mutmut's output of a command run in `folder`; the command and its workers are ended
    after `timeout` seconds."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}  # pnp is the copy's
    with subprocess.Popen([*MUTMUT, *args], cwd=folder, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, start_new_session=True) as process:
        try:
            out, err = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            raise SystemExit(f"mutmut {' '.join(args)} took more than {timeout:.0f} s in {folder}") from None
    if process.returncode != 0:
        raise SystemExit(f"mutmut {' '.join(args)} failed in {folder}:\n{out[-3000:]}{err[-3000:]}")
    return out


def function_lines(source: str) -> dict[str, int]:
    """The line of each function's `def`, by mutmut's name for it: x_name, or xǁClassǁname."""
    lines = {}
    for node in ast.parse(source).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            lines[f"x_{node.name}"] = node.lineno
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    lines[f"xǁ{node.name}ǁ{item.name}"] = item.lineno
    return lines


def change(diff: str, first_line: int) -> tuple[int, str]:
    """Where a mutant is (the file's line) and what it changes ("before → after"), from the
    unified diff mutmut shows of its function."""
    removed, added, line = [], [], None
    at = 0
    for text in diff.splitlines():
        hunk = re.match(r"@@ -(\d+)", text)
        if hunk:
            at = int(hunk.group(1))
        elif text.startswith(("---", "+++")) or not at:
            continue
        elif text.startswith("-"):
            line = line or first_line + at - 1
            removed.append(text[1:].strip())
            at += 1
        elif text.startswith("+"):
            added.append(text[1:].strip())
        else:
            at += 1
    return line or first_line, f"`{' '.join(removed)}` → `{' '.join(added)}`"


def listed() -> dict[tuple[str, str], str]:
    """The survivors benchmarks/mutation-survivors.md explains, from its rows
    `| file:line | change | kind | why |` (the file in pnp/): (file, change) → kind ("equivalent", or "not
    pinned" for one the tests could tell apart but leave alone)."""
    found = {}
    for row in SURVIVORS.read_text("utf-8").splitlines() if SURVIVORS.exists() else ():
        cells = [c.strip() for c in row.strip().strip("|").split(" | ")]
        if len(cells) >= 4 and re.fullmatch(r"[\w./]+:\d+", cells[0]):
            found[(cells[0].split(":")[0], " | ".join(cells[1:-2]))] = cells[-2]
    return found


def mutate(module: str, timeout: float) -> dict:
    """One module's mutants run against its own tests: counts, survivors, seconds taken."""
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="pnp-mutate-") as tmp:
        folder = Path(tmp)
        project(module, folder)
        mutmut(folder, "run", "--max-children", "1", timeout=timeout)
        results = re.findall(r"^\s*(\S+): (.+)$", mutmut(folder, "results", "--all", "true"), re.M)
        lines = function_lines((ROOT / module).read_text("utf-8"))
        survivors = []
        for name, status in results:
            if status.strip() in DETECTED:
                continue
            function = name.rsplit(".", 1)[-1].split("__mutmut_")[0]
            where, what = change(mutmut(folder, "show", name), lines.get(function, 1))
            survivors.append((where, what, status.strip(), name))
    return {"module": module, "total": len(results), "killed": len(results) - len(survivors),
            "survivors": sorted(survivors), "seconds": time.monotonic() - started}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="*", default=list(MODULES), help="modules to mutate (all of them by default)")
    parser.add_argument("--timeout", type=float, default=900, help="seconds one module's mutants may take")
    args = parser.parse_args()
    os.nice(10)  # the machine is shared
    known = listed()
    worst, new = 1.0, 0
    for module in args.modules:
        result = mutate(module, args.timeout)
        name = Path(module).relative_to("pnp").as_posix()
        equivalent = [s for s in result["survivors"] if known.get((name, s[1])) == "equivalent"]
        counted = result["total"] - len(equivalent)
        score = result["killed"] / counted if counted else 1.0
        worst = min(worst, score)
        print(f"{module}: {result['killed']} of {counted} mutants killed ({score:.1%}) by {tests_of(module)}, "
              f"{len(equivalent)} equivalent left out, in {result['seconds']:.0f} s", flush=True)
        for where, what, status, mutant in result["survivors"]:
            kind = known.get((name, what), "new")
            new += kind == "new"
            print(f"  | {name}:{where} | {what} | {kind} | {status}: {mutant}", flush=True)
    print(f"lowest score {worst:.1%} (the target is {TARGET:.0%}); {new} survivors not in {SURVIVORS.name}")
    return 0 if worst >= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
