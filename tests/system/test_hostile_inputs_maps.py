"""A stranger's game folder cannot make pnp read files outside it through the board's map
projection (PROJ opens whatever file, grid or URL a projection string names), nor keep it
walking the disk with a glob. Each test runs pnp in a process of its own, bounded in time:
a projection that reached PROJ would have it open the pipe or FIFO named, and wait."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import MINI_SETS, make_game

ALLOWED = ("+proj +lat_0 +lon_0 +lat_1 +lat_2 +lat_ts +lonc +alpha +gamma +k +k_0 +x_0 +y_0 +h +zone +south +ellps "
           "+R +a +b +rf +f +datum=WGS84 +units +to_meter +pm +over +no_defs +type=crs")
LCC = "+proj=lcc +lat_1=12 +lat_2=32 +lat_0=22 +lon_0=78"
SUMMARY_1 = f"{MINI_SETS}: 1 error, 0 warnings"
# (the money set's files refused: its cards are not counted)
NO_MONEY_1 = f"{MINI_SETS.replace('9 money cards', '0 money cards')}: 1 error, 0 warnings"
CLEAN = f"{MINI_SETS}: 0 errors, 0 warnings\n"
TIMEOUT = 60  # seconds: pnp validates the mini game in two or three; a wait on a pipe never ends


def refused(projection: str, parameter: str) -> str:
    return (f"board/board.yaml:2:13: error: projection {projection!r} cannot be used: {parameter} is refused: "
            f"a projection takes only {ALLOWED} (no file, grid or URL), or is an EPSG code on WGS 84 "
            f"[board-projection]")


def run(game: Path, *args: str, code: str | None = None) -> tuple[int, str, str, float]:
    """pnp (or a Python `code`) run in `game`, its stdin a pipe nothing is ever written to
    (and kept open): its exit code, output, errors and time taken. Fails the test when it
    has not ended within TIMEOUT."""
    read, write = os.pipe()
    command = [sys.executable, "-c", code] if code else [sys.executable, "-m", "pnp", *args]
    started = time.perf_counter()
    try:
        process = subprocess.Popen(command, cwd=game, stdin=read, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   text=True)
        os.close(read)
        try:
            out, err = process.communicate(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()
            pytest.fail(f"pnp {' '.join(args)} did not end within {TIMEOUT} s: it waits on a file it opened")
    finally:
        os.close(write)
    return process.returncode, out, err, time.perf_counter() - started


def with_projection(tmp_path: Path, projection: str) -> Path:
    game = make_game(tmp_path / "game").parent
    board = game / "board" / "board.yaml"
    lines = board.read_text("utf-8").splitlines(keepends=True)
    assert lines[1].startswith("projection: ")
    lines[1] = f"projection: {projection}\n"
    board.write_text("".join(lines), "utf-8")
    return game


def with_money_files(tmp_path: Path, files: str) -> Path:
    game = make_game(tmp_path / "game").parent
    manifest = game / "game.yaml"
    text = manifest.read_text("utf-8")
    assert text.count("    files: cards/money.yaml\n") == 1
    # (quoted: a plain YAML value starting with * is an alias)
    manifest.write_text(text.replace("    files: cards/money.yaml\n", f"    files: '{files}'\n"), "utf-8")
    return game


# --- the projection ---------------------------------------------------------------------------

@pytest.mark.parametrize("command", [("validate",), ("build", "-o", "../out")])
@pytest.mark.parametrize("projection, parameter", [
    (f"{LCC} +nadgrids=/dev/stdin", "+nadgrids"),
    ("+init=/dev/stdin:lcc", "+init"),  # PROJ would read its init file from the pipe
])
def test_a_projection_naming_stdin_returns_at_once_with_the_located_problem(
        tmp_path: Path, command: tuple[str, ...], projection: str, parameter: str) -> None:
    game = with_projection(tmp_path, projection)
    code, out, err, elapsed = run(game, *command)
    assert code == 1
    if command[0] == "validate":
        assert out == f"{refused(projection, parameter)}\n{SUMMARY_1}\n"
    else:  # (the build goes on while the checks run, and stops at their error)
        assert err.splitlines()[-3:] == [refused(projection, parameter), SUMMARY_1,
                                         "build stopped: fix the errors above first"]
        assert not (tmp_path / "out").exists()
    assert elapsed < TIMEOUT


@pytest.mark.parametrize("template, parameter", [
    ("+init=./grid:lcc", "+init"),
    (f"{LCC} +nadgrids=./grid", "+nadgrids"),
    (f"{LCC} +nadgrids=@./grid", "+nadgrids"),
    (f"{LCC} +geoidgrids=./grid", "+geoidgrids"),
    (f"{LCC} +ellps=GRS80 +towgs84=0,0,0 +nadgrids=./grid", "+towgs84"),
    ("+proj=pipeline +step +init=./grid:lcc", "+proj=pipeline"),
    (f"{LCC} lat_ts=1 init=./grid:lcc", "lat_ts"),  # PROJ takes parameters without their +
])
def test_a_projection_naming_a_file_never_opens_it(tmp_path: Path, template: str, parameter: str) -> None:
    """The file is a FIFO with no writer: PROJ opening it would wait for ever."""
    game = with_projection(tmp_path, template)
    os.mkfifo(game / "grid")
    code, out, _, _ = run(game, "validate")
    expected = (f"board/board.yaml:2:13: error: projection {template!r} cannot be used: +proj=pipeline is refused: "
                f"it is not a map projection [board-projection]" if parameter == "+proj=pipeline"
                else refused(template, parameter))
    assert (code, out) == (1, f"{expected}\n{SUMMARY_1}\n")


@pytest.mark.parametrize("projection, reason", [
    (f"{LCC} +datum=NAD27",  # its grids (conus, alaska, ntv2_0.gsb...) would be looked for
     "+datum=NAD27 is refused: +datum takes only WGS84 (other datums may need grid files: give the ellipsoid, "
     "+ellps=NAME)"),
    ("EPSG:27700",  # on OSGB 1936: the shift from WGS 84 looks for OSTN15's grid
     "it is not on WGS 84 (the datum shift may need grid files): give it as a PROJ string, +proj=NAME with its "
     "parameters and +ellps=NAME"),
    ('PROJCRS["x",BASEGEOGCRS["WGS 84",DATUM["World Geodetic System 1984",ELLIPSOID["WGS 84",6378137,298.26]]]]',
     "pnp takes a PROJ string of the parameters of a map projection (+proj=NAME ...) or an EPSG code (EPSG:NNNN) "
     "of a projection on WGS 84, not WKT, PROJJSON, a URL or the name of a file"),
    (f"{LCC} +lat_0=./grid", "+lat_0=./grid is refused: +lat_0 takes a number"),
    (f"{LCC} +ellps=./grid", "+ellps=./grid is refused: +ellps takes a name"),
])
def test_projections_that_may_read_files_are_refused(tmp_path: Path, projection: str, reason: str) -> None:
    game = with_projection(tmp_path, f"'{projection}'" if '"' in projection else projection)
    os.mkfifo(game / "grid")
    code, out, _, _ = run(game, "validate")
    assert (code, out) == (1, f"board/board.yaml:2:13: error: projection {projection!r} cannot be used: {reason} "
                              f"[board-projection]\n{SUMMARY_1}\n")


@pytest.mark.parametrize("projection", [
    f"{LCC} +datum=WGS84 +units=m +no_defs",  # The Anarchy's
    "+proj=laea +lat_0=52 +lon_0=10 +x_0=4321000 +y_0=3210000 +ellps=GRS80 +units=m +no_defs +type=crs",
    "+proj=utm +zone=43 +datum=WGS84",
    "EPSG:32643",  # UTM zone 43N, on WGS 84
])
def test_projections_of_projection_parameters_are_taken(tmp_path: Path, projection: str) -> None:
    code, out, _, _ = run(with_projection(tmp_path, projection), "validate")
    assert (code, out) == (0, CLEAN)


def test_nothing_unchecked_reaches_pyproj_from_the_map_itself(tmp_path: Path) -> None:
    """The build draws the map from a Geography: it refuses an unchecked projection too."""
    game = make_game(tmp_path / "game").parent
    os.mkfifo(game / "grid")
    code = ("from pnp.maps.areas import Geography, MapSettings\n"
            "from pnp.model.game import Origin\n"
            "board = MapSettings('+init=./grid:lcc', None, (), (), {}, Origin('board.yaml'))\n"
            "try:\n"
            "    Geography(board, ())\n"
            "except ValueError as exc:\n"
            "    print(exc)\n")
    status, out, err, _ = run(game, code=code)
    assert (status, out) == (0, f"projection '+init=./grid:lcc' cannot be used: +init is refused: a projection takes "
                                f"only {ALLOWED} (no file, grid or URL), or is an EPSG code on WGS 84\n"), err


def test_proj_never_goes_to_the_network(monkeypatch: pytest.MonkeyPatch) -> None:
    import pyproj.network

    from pnp.maps.areas import projection_problem

    monkeypatch.setenv("PROJ_NETWORK", "ON")
    before = pyproj.network.is_network_enabled()
    pyproj.network.set_network_enabled(True)
    try:
        assert projection_problem(f"{LCC} +datum=WGS84") is None
        assert pyproj.network.is_network_enabled() is False
        assert os.environ["PROJ_NETWORK"] == "OFF"
    finally:
        pyproj.network.set_network_enabled(before)


# --- globs ------------------------------------------------------------------------------------

DEEP = "/".join("abcdefghijklmnopqrst")  # 20 folders, one in the other


def test_repeated_double_stars_match_as_one(tmp_path: Path) -> None:
    """glob.glob walks the folders again for each `**` (minutes here); `**/**/` is `**/`."""
    game = with_money_files(tmp_path, "**/" * 10 + "cards/money.yaml")
    (game / "deep" / DEEP).mkdir(parents=True)
    code, out, _, elapsed = run(game, "validate")
    assert (code, out) == (0, CLEAN)
    assert elapsed < 20


def test_the_record_lists_a_glob_within_the_same_bounds(tmp_path: Path) -> None:
    """The build's record expands the globs it names with the loader's own function."""
    game = make_game(tmp_path / "game").parent
    (game / "deep" / DEEP).mkdir(parents=True)
    pattern = "**/" * 10 + "cards/money.yaml"
    code = ("import json\nfrom pathlib import Path\nfrom pnp.build.fingerprint import current_inputs\n"
            f"doc = {{'sources': {{}}, 'globs': {{{pattern!r}: []}}, 'folders': {{}}}}\n"
            "print(json.dumps(current_inputs(Path('.').resolve(), doc)['globs']))\n")
    status, out, err, elapsed = run(game, code=code)
    assert status == 0, err
    assert json.loads(out) == {pattern: ["cards/money.yaml"]}
    assert elapsed < 20


def test_links_are_not_followed(tmp_path: Path) -> None:
    """Two links to the game's own folder: glob.glob would walk 2⁴⁰ paths."""
    game = with_money_files(tmp_path, "**/cards/money.yaml")
    (game / "x").symlink_to(".", target_is_directory=True)
    (game / "y").symlink_to(".", target_is_directory=True)
    code, out, _, _ = run(game, "validate")
    assert (code, out) == (0, CLEAN)


def test_a_link_out_of_the_game_is_not_looked_into(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "money.yaml").write_text("money: []\n")
    game = with_money_files(tmp_path, "outside/*.yaml")
    (game / "outside").symlink_to(elsewhere, target_is_directory=True)
    code, out, _, _ = run(game, "validate")
    assert (code, out) == (1, "game.yaml:76:12: error: no file matches 'outside/*.yaml' [missing-file]\n"
                              f"{NO_MONEY_1}\n")


def test_a_glob_looking_into_too_many_folders_is_a_located_problem(tmp_path: Path) -> None:
    game = with_money_files(tmp_path, "many/**/*.yaml")
    for i in range(1001):
        (game / "many" / f"f{i:04}").mkdir(parents=True)
    code, out, _, _ = run(game, "validate")
    assert (code, out) == (1, "game.yaml:76:12: error: glob 'many/**/*.yaml' looks into more than 1000 folders: "
                              f"name the folders the files are in [files-glob]\n{NO_MONEY_1}\n")


def test_a_glob_matching_too_many_files_is_a_located_problem(tmp_path: Path) -> None:
    game = with_money_files(tmp_path, "many/*.yaml")
    (game / "many").mkdir()
    for i in range(1001):
        (game / "many" / f"m{i:04}.yaml").write_text("money: []\n")
    code, out, _, _ = run(game, "validate")
    assert (code, out) == (1, "game.yaml:76:12: error: glob 'many/*.yaml' matches more than 1000 files: "
                              f"name the folders the files are in [files-glob]\n{NO_MONEY_1}\n")


def test_a_glob_looking_at_too_many_names_is_a_located_problem(tmp_path: Path) -> None:
    game = with_money_files(tmp_path, "many/*.yml")
    (game / "many").mkdir()
    for i in range(50_001):
        os.close(os.open(game / "many" / f"n{i}", os.O_CREAT | os.O_WRONLY))
    code, out, _, _ = run(game, "validate")
    assert (code, out) == (1, "game.yaml:76:12: error: glob 'many/*.yml' looks at more than 50000 names: "
                              f"name the folders the files are in [files-glob]\n{NO_MONEY_1}\n")


def test_a_long_glob_is_a_located_problem(tmp_path: Path) -> None:
    pattern = "cards/" + "*" * 200 + ".yaml"  # (fnmatch's matching of so many stars is no hang: the bound is)
    game = with_money_files(tmp_path, pattern)
    code, out, _, _ = run(game, "validate")
    assert (code, out) == (1, f"game.yaml:76:12: error: glob '{pattern}' is longer than 200 characters: "
                              f"name the folders the files are in [files-glob]\n{NO_MONEY_1}\n")
