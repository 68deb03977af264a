from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
MINI = DATA / "valid" / "mini"
INVALID = DATA / "invalid"
# what pnp validate's summary says the mini game holds, before its count of problems
MINI_OTHERS = "1 board of 2 areas, 9 money cards, 3 companies, 12 markers, 3 aid"  # (its sets after the cards)
MINI_SETS = f"Mini: 7 cards in 2 suits, {MINI_OTHERS}"


def make_game(target: Path, case: Path | None = None) -> Path:
    """Copy the mini game to `target`, overlay a case's files on it, return its game.yaml."""
    shutil.copytree(MINI, target)
    if case is not None:
        for file in sorted(case.rglob("*")):
            if file.is_file() and file.name != "expected.txt":
                dest = target / file.relative_to(case)
                dest.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(file, dest)
    return target / "game.yaml"


# --- the quick loop: `pytest -m "not slow"` leaves out every test that builds a kit ------------

# fixtures that build a kit (the three games', a partial one, a board) for the tests that read it
KIT_FIXTURES = {"kit", "anarchipel_kit", "furia_kit", "game_kit", "previous", "board", "parted", "kits", "built",
                "crowded"}
# a test that builds itself (pnp's command or the build's functions), starts a Python process or
# a browser, or draws a game's every piece
BUILDS = re.compile(r"""["']build["']|\bbuild_(?:kit|mini|safely)\(|\bbuild\(|["']watch["']|"new",|Browser\(|"""
                    r"""sys\.executable|\bpnp\(|example_pieces\(""")
MUTATIONS = "test_mutations.py"  # (hypothesis runs hundreds of examples)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark `slow` every test that builds a kit, by the fixtures it takes or what its code
    runs, and the mutation tests: what is left runs in well under a minute."""
    import inspect

    sources: dict = {}

    def source(function) -> str:
        """A function's code, and the code of the functions of its module it calls, and so on
        (a test that builds through a helper of its own builds)."""
        if function not in sources:
            sources[function] = ""
            try:
                text = inspect.getsource(function)
            except (OSError, TypeError):
                text = ""
            module = vars(inspect.getmodule(function) or object())
            called = [module[name] for name in sorted(set(re.findall(r"\b(\w+)\(", text)))
                      if inspect.isfunction(module.get(name)) and module[name] is not function
                      and module[name].__module__ == function.__module__]
            sources[function] = "\n".join([text] + [source(other) for other in called])
        return sources[function]

    for item in items:
        function = getattr(item, "function", None)
        if function is None:
            continue
        if KIT_FIXTURES & set(getattr(item, "fixturenames", ())) or BUILDS.search(source(function)) \
                or item.path.name == MUTATIONS:
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True)
def maps_worked_out_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test works out its maps' checks itself: a process remembers the last few it worked
    out (pnp.checks.validate), and a test that wants them shared says so."""
    from pnp.checks import validate

    monkeypatch.setattr(validate, "_REMEMBERED", {})


@pytest.fixture(autouse=True)
def memory_limit_restored():
    """A test that runs pnp's command in this process (pnp.cli.run) gives the test process
    the command's memory limit; it is taken back after each test, so that what later tests
    start (headless Chromium, which reserves gigabytes of address space) starts without it."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not on Windows
        yield
        return
    before = resource.getrlimit(resource.RLIMIT_DATA)
    yield
    if resource.getrlimit(resource.RLIMIT_DATA) != before:
        resource.setrlimit(resource.RLIMIT_DATA, before)


@pytest.fixture
def mini(tmp_path: Path) -> Path:
    """A writable copy of the mini game; returns its folder."""
    make_game(tmp_path / "game")
    return tmp_path / "game"


def build_kit(game: Path, out: Path) -> Path:
    """A game's whole kit built into `out`; returns `out`."""
    from click.testing import CliRunner

    from pnp.cli import main

    result = CliRunner().invoke(main, ["build", "--game", str(game), "-o", str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return out


def digests(folder: Path) -> dict[str, str]:
    """Every output file's hash (not the cache's: what it holds depends on the builds before).
    The saved object for Tabletop Simulator names its images by their file:/// URLs, which say
    where the build is: they are read as "OUT", and the build's record without its size and its timings."""
    import hashlib
    import json

    def content(p: Path) -> bytes:
        data = p.read_bytes().replace(folder.resolve().as_uri().encode(), b"OUT")
        if p.name == ".pnp-build.json" and p.parent == folder:
            record = json.loads(data)
            record.get("files", {}).pop("tts/saved-object.json", None)
            record.pop("timings", None)  # (where the build's time went: a measurement, never the same twice)
            data = json.dumps(record, sort_keys=True).encode()
        return data

    return {str(p.relative_to(folder)): hashlib.sha256(content(p)).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file() and ".cache" not in p.relative_to(folder).parts}


def validate(game: Path, *args: str):
    """`pnp validate --game GAME` as the CLI runs it."""
    from click.testing import CliRunner

    from pnp.cli import main

    return CliRunner().invoke(main, ["validate", "--game", str(game), *args], catch_exceptions=False)


def broken_example(game: Path, target: Path, file: str, old: str, new: str) -> Path:
    """A copy of a game (an example, or The Anarchy without the project around it) in `target`
    with `old` replaced by `new` (the first time) in `file`; returns the copy. A second call
    on the same target breaks the copy further."""
    if not target.exists():
        shutil.copytree(game, target, ignore=shutil.ignore_patterns(
            "out", ".out.*", ".git", "tests", "examples", "benchmarks", "build", "*.egg-info", ".ci"))
    text = (target / file).read_text("utf-8")
    assert old in text, old
    (target / file).write_text(text.replace(old, new, 1), "utf-8")
    return target


def walk(node):
    """Every drawn node of a scene node: itself, or each leaf of a group and its groups."""
    from pnp.scene import Group

    if isinstance(node, Group):
        for child in node.children:
            yield from walk(child)
    else:
        yield node


def checks_fired(cases: list) -> set[str]:
    """The check ids the expected lines of (…, expected) cases end with."""
    return {line.rsplit("[", 1)[1].rstrip("]") for *_, expected in cases for line in expected}


def pages(path: Path) -> int:
    from pypdf import PdfReader

    return len(PdfReader(path).pages)


@pytest.fixture(scope="session")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bundled game's whole kit, built once for the session; returns the output folder."""
    return build_kit(ROOT, tmp_path_factory.mktemp("kit") / "out")


@pytest.fixture(scope="session")
def anarchipel_kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_kit(ROOT / "examples" / "anarchipel", tmp_path_factory.mktemp("anarchipel") / "out")


@pytest.fixture(scope="session")
def furia_kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_kit(ROOT / "examples" / "furia-cartese", tmp_path_factory.mktemp("furia-cartese") / "out")


GAMES = {"the-anarchy": ROOT, "anarchipel": ROOT / "examples" / "anarchipel",
         "furia-cartese": ROOT / "examples" / "furia-cartese"}
KITS = {"the-anarchy": "kit", "anarchipel": "anarchipel_kit", "furia-cartese": "furia_kit"}


@pytest.fixture(scope="session", params=sorted(GAMES))
def game_kit(request: pytest.FixtureRequest) -> tuple[Path, Path]:
    """Each of the three games (The Anarchy and the examples): its folder and its whole kit."""
    return GAMES[request.param], request.getfixturevalue(KITS[request.param])
