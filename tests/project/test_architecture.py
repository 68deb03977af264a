"""pnp is an engine that knows print-and-play and no single game: none of a game's words in
its code, schemas or comments, and a straight pipeline with no two modules importing each
other."""

from __future__ import annotations

import ast
import functools
import os
import re
import subprocess
import sys
from pathlib import Path

from conftest import ROOT

PACKAGE = ROOT / "pnp"
# The Anarchy's vocabulary (and its money's sign), Anarchipel's (its tile kinds, roles and
# cards) and Furia Cartese's (its troops, arms, battles and markers), as whole words
GAME_WORDS = re.compile(r"\b(crowns?|castles?|swords?|treasure|leaders?|follows|melds?|company|companies|anarchy|"
                        r"india|mughals?|rupees?|"
                        r"anarchipel|corsaires?|corsairs?|privateers?|pirates?|gouvernails?|succès|échecs?|"
                        r"monstres?|caf[ée]|bananes?|blé|bois|fer|tonneaux?|fantômes?|ghosts?|terre|océan|"
                        r"furia|cartese|gendarmes?|piquiers?|pikes?|arquebus\w*|tercios?|stradioti|janissaires?|"
                        r"cavalr\w+|cavalerie|infantr\w+|infanterie|artiller\w+|troops?|troupes?|cohésion|désordre|"
                        r"disorder|ravenne|pavie|cérignole|marais|forêt|fourrés|rochers)\b|₹",
                        re.IGNORECASE)


def sources() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*") if p.is_file() and "__pycache__" not in p.parts)


def test_pnp_holds_no_word_of_any_one_game() -> None:
    found = []
    for path in sources():
        for number, line in enumerate(path.read_text("utf-8").splitlines(), start=1):
            for match in GAME_WORDS.finditer(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {match.group(0)!r} in {line.strip()[:90]!r}")
    assert found == []


def test_the_vocabulary_test_can_fail(tmp_path: Path) -> None:
    assert GAME_WORDS.search("draws a crown on each leader") and GAME_WORDS.search("costs ₹5")
    assert GAME_WORDS.search("The Anarchy") and not GAME_WORDS.search("a leaderboard, crowning, swordfish")
    assert GAME_WORDS.search("une tuile Océan") and GAME_WORDS.search("4 Corsaire, 2 Pirate")
    assert not GAME_WORDS.search("a fern, a boisterous ferry")
    assert GAME_WORDS.search("Furia Cartese") and GAME_WORDS.search("des Piquiers en désordre")
    assert GAME_WORDS.search("infantry and cavalry") and not GAME_WORDS.search("a troopship")


@functools.cache
def imports(path: Path) -> frozenset[str]:
    """The pnp modules a module imports anywhere (functions included), but for type hints."""
    tree = ast.parse(path.read_text("utf-8"))
    hinted = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            hinted |= {id(n) for n in ast.walk(node)}
    module = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]  # (what `from .` names)
    found = set()
    for node in ast.walk(tree):
        if id(node) in hinted:
            continue
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name.startswith("pnp")}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package
                for _ in range(node.level - 1):
                    base = base.rsplit(".", 1)[0]
                name = f"{base}.{node.module}" if node.module else base
            else:
                name = node.module or ""
            if not name.startswith("pnp"):
                continue
            for alias in node.names:
                candidate = f"{name}.{alias.name}"
                found.add(candidate if (ROOT / Path(*candidate.split("."))).with_suffix(".py").is_file()
                          or (ROOT / Path(*candidate.split("."))).is_dir() else name)
    return frozenset(n.removesuffix(".__init__") for n in found)


def module_graph() -> dict[str, set[str]]:
    """Each pnp module's imports (a new mapping each time: a test may change it)."""
    return {name: set(found) for name, found in _module_graph().items()}


@functools.cache
def _module_graph() -> dict[str, frozenset[str]]:
    graph = {}
    for path in PACKAGE.rglob("*.py"):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        graph[name] = imports(path) - {name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    found, state, stack = [], {}, []

    def visit(node: str) -> None:
        state[node] = "open"
        stack.append(node)
        for other in sorted(graph.get(node, ())):
            if state.get(other) == "open":
                found.append(stack[stack.index(other):] + [other])
            elif other not in state:
                visit(other)
        stack.pop()
        state[node] = "done"

    for node in sorted(graph):
        if node not in state:
            visit(node)
    return found


def test_no_two_modules_import_each_other() -> None:
    graph = module_graph()
    assert "pnp.build.pipeline" in graph["pnp.commands.build"] and "pnp.kit.pieces" in graph["pnp.build.pipeline"]  # the graph is read
    assert cycles(graph) == []


def test_the_cycle_test_can_fail() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [["a", "b", "c", "a"]]


def test_the_import_graph_reads_a_packages_own_file() -> None:
    """A package's __init__.py resolves `from . import x` against the package itself (it was
    read against pnp.x.__init__, so the loop of pnp.components and its types went unseen)."""
    graph = module_graph()
    assert {"pnp.checks.kinds.base", "pnp.checks.kinds.unique"} <= graph["pnp.checks.kinds"]
    assert "pnp.checks.kinds" not in graph["pnp.checks.kinds.unique"]
    assert ["pnp.checks.kinds", "pnp.checks.kinds.unique", "pnp.checks.kinds"] in cycles(
        {**graph, "pnp.checks.kinds.unique": {"pnp.checks.kinds"}})


# --- the rules of the pipeline: load, check, model, layout and compose, impose, render, build, export.
# Each lists exactly the imports that break it today (the redesign of a kind owning its facts
# takes them away one by one): one more fails, and one gone must be struck from its list.

# (an icon is read into scene nodes as the game loads: the scene is what drawing is made of, and
# pnp.icons.draw draws them)
DRAWING = ("pnp.compose", "pnp.render", "pnp.icons.draw", "pnp.impose", "pnp.build.outputs")
LOADING = ("pnp.load", "pnp.model", "pnp.checks.registry")
BUILD_INTERNALS = ("pnp.build", "pnp.cli", "pnp.render.contact", "pnp.commands")


def reached(graph: dict[str, set[str]], start: str) -> set[str]:
    """Every module `start` imports, and those they import."""
    seen, stack = set(), [start]
    while stack:
        for other in graph.get(stack.pop(), ()):
            if other not in seen:
                seen.add(other)
                stack.append(other)
    return seen


def breaking(graph: dict[str, set[str]], modules, forbidden) -> set[tuple[str, str]]:
    return {(name, other) for name in graph if name.startswith(modules) for other in graph[name]
            if other.startswith(forbidden)}


def test_checks_never_import_compose() -> None:
    assert breaking(module_graph(), ("pnp.checks",), ("pnp.compose",)) == set()


def test_loading_never_imports_drawing() -> None:
    graph = module_graph()
    assert breaking(graph, LOADING, DRAWING) == set()
    # what loading a game imports as it runs: nothing that draws, composes or imposes (a box
    # kind's module and a component type's draw and impose in their functions only, and
    # loading reads every kind's and type's facts)
    code = ("import sys; from pathlib import Path; from pnp.load.game import load_game; load_game(Path(sys.argv[1])); "
            f"print(sorted(m for m in sys.modules if m.startswith({DRAWING!r})))")
    ran = subprocess.run([sys.executable, "-c", code, str(ROOT / "game.yaml")], capture_output=True, text=True,
                         check=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert ran.stdout == "[]\n"


def test_exports_never_import_the_builds_internals() -> None:
    assert breaking(module_graph(), ("pnp.exports",), BUILD_INTERNALS) == set()


def test_compose_never_imports_a_backend() -> None:
    assert breaking(module_graph(), ("pnp.compose",), ("pnp.render",)) == set()


def test_the_scene_knows_no_game() -> None:
    assert reached(module_graph(), "pnp.scene") == {"pnp.build.processes"}  # (its stop points only)


def test_stats_need_no_drawing() -> None:
    assert {m for m in reached(module_graph(), "pnp.model.stats") if m.startswith(DRAWING)} == set()


def test_the_rules_can_fail() -> None:
    graph = {"pnp.checks.x": {"pnp.compose.y"}, "pnp.compose.y": {"pnp.scene"}, "pnp.scene": set()}
    assert breaking(graph, ("pnp.checks",), ("pnp.compose",)) == {("pnp.checks.x", "pnp.compose.y")}
    assert reached(graph, "pnp.checks.x") == {"pnp.compose.y", "pnp.scene"}


def test_exports_read_the_kit_and_never_the_pipeline() -> None:
    graph = module_graph()
    for name, found in graph.items():
        if name.startswith("pnp.exports"):
            assert "pnp.build.pipeline" not in found and "pnp.cli" not in found, name


def test_exports_use_only_what_a_built_kit_offers() -> None:
    """Every export reads and writes through pnp.exports.KitFiles: no attribute of the build's
    outputs (its workers, progress, record, keys) beyond what that interface declares."""
    from pnp.exports import KitFiles

    offered = {name for name in vars(KitFiles) if not name.startswith("_")} | set(KitFiles.__annotations__)
    used = set()
    for path in (PACKAGE / "exports").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "outputs":
                used.add(node.attr)
    assert "rasterize_later" in used and "write" in used  # (the exports are read)
    assert used - offered == set()


def test_every_module_is_imported_by_a_unit_test() -> None:
    """Each module of pnp has tests of its own in tests/unit/, which import it (by its name:
    the test of pnp/impose/sheets.py is tests/unit/impose/test_sheets.py)."""
    imported = set().union(*(imports(path) for path in (ROOT / "tests" / "unit").rglob("*.py")))
    with_code = {name for name in module_graph() if len(ast.parse(source_of(name)).body) > 1}  # (not a docstring alone)
    # (pnp.__main__ is run, as python -m pnp, by tests/unit/test_main.py)
    assert sorted(with_code - imported - {"pnp.__main__"}) == []


def source_of(module: str) -> str:
    path = ROOT / Path(*module.split("."))
    return (path / "__init__.py" if path.is_dir() else path.with_suffix(".py")).read_text("utf-8")
