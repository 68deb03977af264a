"""The pnp command line: exit codes, output formats, --game, stats, rules and build."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp import __version__
from pnp.cli import main
from pnp.problems import CHECKS

from conftest import INVALID, MINI_SETS, ROOT, make_game


def invoke(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_version() -> None:
    assert invoke("--version").output == f"pnp, version {__version__}\n"


def test_python_dash_m_runs_the_cli() -> None:
    result = subprocess.run([sys.executable, "-m", "pnp", "--version"], capture_output=True, text=True, check=True)
    assert result.stdout == f"pnp, version {__version__}\n"


def test_the_command_ends_with_mains_exit_code_and_all_its_output(tmp_path: Path) -> None:
    """The console script (run) ends the process as soon as main is done: with main's exit
    code, and all it wrote to the pipes."""
    game = make_game(tmp_path / "game", INVALID / "art-file").parent
    expected = (INVALID / "art-file" / "expected.txt").read_text("utf-8")

    def pnp(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "pnp", *args], cwd=game, capture_output=True, text=True)

    failed = pnp("validate")
    assert (failed.returncode, failed.stdout, failed.stderr) == (1, expected, "")
    report = pnp("validate", "--format", "json")
    assert report.returncode == 1
    assert [p["rule"] for p in json.loads(report.stdout)["problems"]] == ["art-file"] * 4
    usage = pnp("validate", "--no-such-option")
    assert (usage.returncode, usage.stdout) == (2, "")
    assert usage.stderr.endswith("Error: No such option '--no-such-option'.\n")
    # started with its output closed (Python then has no sys.stdout): the same code, no traceback
    closed = subprocess.run(["sh", "-c", f"exec '{sys.executable}' -m pnp validate >&-"], cwd=game,
                            capture_output=True, text=True)
    assert (closed.returncode, closed.stderr) == (1, "")


def test_run_ends_the_process_with_mains_code(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    import pnp.cli

    ended: list[int] = []

    class Ended(Exception):
        pass

    def _exit(code: int) -> None:
        ended.append(code)
        raise Ended

    monkeypatch.setattr(pnp.cli.os, "_exit", _exit)
    monkeypatch.setattr(sys, "argv", ["pnp", "--version"])
    with pytest.raises(Ended):
        pnp.cli.run()
    assert ended == [0] and capsys.readouterr().out == f"pnp, version {__version__}\n"
    monkeypatch.setattr(sys, "argv", ["pnp", "--no-such-option"])
    with pytest.raises(Ended):
        pnp.cli.run()
    assert ended == [0, 2]


def test_validate_real_game_from_its_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = invoke("validate")
    assert (result.exit_code, result.output) == (
        0, "The Anarchy: 126 cards in 16 suits, 1 board of 16 areas, 36 money cards and 3 more sets of 114 pieces: "
           "0 errors, 0 warnings\n")


def test_validate_without_a_game_is_a_usage_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = invoke("validate")
    assert result.exit_code == 2
    assert "no game.yaml in the current folder" in result.output
    result = invoke("validate", "--game", "nowhere/game.yaml")
    assert result.exit_code == 2
    assert "no game manifest at nowhere/game.yaml" in result.output


def test_unknown_format_is_a_usage_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    assert invoke("validate", "--format", "xml").exit_code == 2


def test_paths_are_shown_from_the_current_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    make_game(tmp_path / "game", INVALID / "unmeldable")
    monkeypatch.chdir(tmp_path)
    expected = (
        "game/cards/south.yaml:20:9: error: card 'fleet' can never be in a meld: it has no leader number "
        "and follows no leader of South [unmeldable]\n"
        f"{MINI_SETS}: 1 error, 0 warnings\n"
    )
    for game in ("game/game.yaml", "game"):
        result = invoke("validate", "--game", game)
        assert (result.exit_code, result.output) == (1, expected)


def test_json_format(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    make_game(tmp_path / "game", INVALID / "follows-self")
    monkeypatch.chdir(tmp_path / "game")
    result = invoke("validate", "--format", "json")
    assert result.exit_code == 0
    assert json.loads(result.output) == {
        "problems": [{
            "file": "cards/north.yaml", "line": 20, "column": 18, "severity": "warning",
            "rule": "follows-self", "message": "card 'prince' follows its own leader number 2",
        }],
        "summary": {"game": "Mini",
                    "sets": {"cards": {"items": 7, "groups": 2, "pieces": 7},
                             "board": {"items": 2, "groups": 0, "pieces": 1},
                             "money": {"items": 3, "groups": 0, "pieces": 9},
                             "turn-tokens": {"items": 3, "groups": 0, "pieces": 3},
                             "markers": {"items": 3, "groups": 0, "pieces": 12},
                             "aid": {"items": 1, "groups": 0, "pieces": 3}},
                    "errors": 0, "warnings": 1, "languages": []},
    }
    assert invoke("validate", "--format", "json", "--strict").exit_code == 1


def test_github_format(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    make_game(tmp_path / "game", INVALID / "unknown-leader")
    monkeypatch.chdir(tmp_path)
    result = invoke("validate", "--game", "game", "--format", "github")
    assert result.exit_code == 1
    assert result.output.splitlines()[0] == (
        "::error file=game/cards/north.yaml,line=33,col=21,title=unknown-leader::"
        "card 'guards' follows 7, but North has no leader 7 (its leaders are 1, 2)"
    )
    assert result.output.splitlines()[-1] == f"{MINI_SETS}: 3 errors, 0 warnings"


def test_stats_text_for_the_mini_game(mini: Path) -> None:
    result = invoke("stats", "--game", str(mini))
    assert result.exit_code == 0
    assert result.output.splitlines()[:6] == [
        "Mini: 7 cards in 2 suits",
        "",
        "suit   cards  L/P/A/C  leaders  crowns  castles  swords  treasure  best ₹  followers per leader",
        "-----  -----  -------  -------  ------  -------  ------  --------  ------  --------------------",
        "North      4  2/1/1/0        2       3        1       2         1       1  1:3 2:2",
        "South      3  1/0/1/1        1       1        0       1         2       2  1:2",
    ]


def test_stats_flags_weak_leaders_in_the_real_deck(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    text = invoke("stats").output
    mughals = next(line for line in text.splitlines() if line.startswith("Mughals"))
    assert mughals.split()[1] == "12"
    assert mughals.endswith("1:5 2:4 3:5 4:5 5:2 6:3 7:1! 8:2")
    assert "₹20 of income needs the richest governments of at least 6 areas" in text
    data = json.loads(invoke("stats", "--format", "json").output)
    table = data["tables"][0]
    assert table["set"] == "cards" and table["totals"]["cards"] == 126 and len(table["groups"]) == 16
    mughals = table["groups"][0]
    assert (mughals["id"], mughals["name"]) == ("mughals", "Mughals")
    # Imad-ul-Mulk, leader 5, has two followers; Zabita Khan, leader 7, one
    assert mughals["values"]["followers"] == ["1:5", "2:4", "3:5", "4:5", "5:2", "6:3", "7:1!", "8:2"]
    assert table["totals"]["kinds"] == "61/26/23/16" and table["totals"]["best"] == 44


def test_stats_tables_by_value_in_the_real_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Anarchy's stats.yaml has three tables: the deck by suit, by kind, the bank by value."""
    monkeypatch.chdir(ROOT)
    lines = invoke("stats").output.splitlines()
    start = lines.index("The Anarchy: 126 cards by kind")
    assert lines[start:start + 21] == [
        "The Anarchy: 126 cards by kind",
        "",
        "kind       cards  suits  crowns  castles  swords  treasure",
        "---------  -----  -----  ------  -------  ------  --------",
        "leader        61     16      77        0      25        13",
        "place         26     16       4       39       0        12",
        "army          23     16       0        0      38         0",
        "commodity     16     14       0        0       0        22",
        "total        126     16      81       39      63        47",
        "",
        "The Anarchy: the bank's 36 money cards",
        "",
        "value  cards  ₹ in all",
        "-----  -----  --------",
        "₹1        10        10",
        "₹2         6        12",
        "₹5         6        30",
        "₹10        4        40",
        "₹20        4        80",
        "blank      6         0",
        "total     36       172",
    ]
    data = json.loads(invoke("stats", "--format", "json").output)
    assert [(t["set"], t["group"], len(t["groups"])) for t in data["tables"]] == [
        ("cards", "suit", 16), ("cards", "kind", 4), ("money", "value", 6)]


def test_stats_on_an_unreadable_manifest_fails(tmp_path: Path) -> None:
    make_game(tmp_path / "game", INVALID / "game-manifest-broken")
    result = invoke("stats", "--game", str(tmp_path / "game"))
    assert result.exit_code == 1


def test_rules_lists_every_check(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pnp.checks.validate import validate

    monkeypatch.chdir(tmp_path)  # no game here: pnp's own checks
    listed = [line.split()[0] for line in invoke("rules").output.splitlines()]
    assert listed == list(CHECKS)
    # in a game, its own checks follow, each once, in the order checks.yaml gives them
    listed = [line.split()[0] for line in invoke("rules", "--game", str(ROOT)).output.splitlines()]
    game = validate(ROOT / "game.yaml").game
    assert listed == list(CHECKS) + list(dict.fromkeys(check.info.id for check in game.checks))
    lines = [line.split(None, 2) for line in invoke("rules", "--game", str(ROOT)).output.splitlines()]
    assert ["unknown-leader", "error", "A card follows a leader number that no card of its suit has."] in lines
    assert ["follows-self", "warning", "A card lists its own leader number among the leaders it follows."] in lines


def test_build_writes_the_game_as_json(kit: Path) -> None:
    data = json.loads((kit / "data.json").read_bytes())
    suits = data["sets"]["cards"]["groups"]
    assert [s["id"] for s in suits][:3] == ["mughals", "awadh", "bengal"]
    assert sum(len(s["items"]) for s in suits) == 126
    red_fort = next(c for s in suits for c in s["items"] if c["id"] == "red-fort")
    assert red_fort["name"] == {"en": "Red Fort", "fr": "Fort Rouge", "de": "Rotes Fort"}
    assert (red_fort["leader"], red_fort["follows"], red_fort["crowns"], red_fort["castles"], red_fort["treasure"]) == (
        8, [1, 2, 3, 4], 1, 1, 1)
    assert suits[0]["area"] == "delhi"
    assert [a["id"] for a in data["sets"]["board"]["items"]][:2] == ["delhi", "awadh"]
    assert [m["id"] for m in data["sets"]["money"]["items"]] == ["1", "2", "5", "10", "20", "blank"]
    assert "markers" not in data["sets"]  # the companies again: written once, under turn-tokens


def test_build_stops_on_errors_and_writes_nothing(tmp_path: Path) -> None:
    make_game(tmp_path / "game", INVALID / "unknown-leader")
    result = invoke("build", "--game", str(tmp_path / "game"), "-o", str(tmp_path / "out"))
    assert result.exit_code == 1
    assert "build stopped" in result.output
    assert not (tmp_path / "out").exists()


def test_readme_commands_are_the_ones_ci_runs() -> None:
    readme = (ROOT / "README.md").read_text("utf-8").splitlines()
    commands = [line.split("#")[0].strip() for line in readme[3:5]]
    assert commands == ["pip install . && pnp build", "pip install '.[test]' && python -m pytest"]
    ci = (ROOT / ".ci" / "run").read_text("utf-8").splitlines()
    assert all(command in ci for command in commands)


def test_after_a_build_validation_checks_only_what_changed(tmp_path: Path) -> None:
    """A build keeps in out/.cache/ which files passed their schema, the map checks'
    problems, the colour arithmetic, the documents and icons as read and the texts fitted:
    validating again imports neither a schema validator, shapely, pyproj, coloraide nor the SVG
    reader; after a card edit, only jsonschema-rs, for that file (jsonschema, which words the
    errors, only for a file that has some)."""
    import shutil

    game = tmp_path / "game"
    game.mkdir()
    for name in ("game.yaml", "checks.yaml", "stats.yaml", "glossary.yaml", "cards", "board", "layouts", "icons", "rules"):
        source = ROOT / name
        (shutil.copytree if source.is_dir() else shutil.copy)(source, game / name)
    subprocess.run([sys.executable, "-m", "pnp", "build", "--only", "aid", "-q"], cwd=game, check=True)
    # (the map's checks in this process, not in one of their own, to see what they import)
    script = ("import sys; from pnp.cli import main; import pnp.build.processes\n"
              "pnp.build.processes.Beside.start = lambda work: None\n"
              "try: main(['validate'])\nexcept SystemExit as exit: code = exit.code\n"
              "print(code, *[m for m in ('jsonschema_rs', 'jsonschema', 'shapely', 'pyproj', 'coloraide', 'svgelements')"
              " if m in sys.modules])")

    def validate() -> str:
        return subprocess.run([sys.executable, "-c", script], cwd=game, capture_output=True, text=True,
                              check=True).stdout.splitlines()[-1]

    assert validate() == "0"
    mughals = game / "cards" / "mughals.yaml"
    text = mughals.read_text()
    # with nothing changed since the build, its report is read back: not even the game is loaded
    script_loaded = script.replace("for m in (", "for m in ('pnp.load.game', 'yaml', ")
    assert subprocess.run([sys.executable, "-c", script_loaded], cwd=game, capture_output=True, text=True,
                          check=True).stdout.splitlines()[-1] == "0"
    jats = game / "cards" / "jats.yaml"  # (a suit the rulebook's examples do not show)
    jats.write_text(jats.read_text().replace("castles: 3", "castles: 2", 1))
    assert validate() == "0 jsonschema_rs"
    areas = game / "board" / "areas.yaml"
    areas.write_text(areas.read_text() + "\n# an edit\n")
    assert validate() == "0 jsonschema_rs shapely pyproj"
    shutil.rmtree(game / "out")
    assert validate() == "0 jsonschema_rs shapely pyproj svgelements"  # (coloraide: never, pnp.model.colours)
    mughals.write_text(text.replace("follows: [1, 2, 3, 4, 5, 8]", "follows: [1, 2, 3, 4, 5, 'x']"))
    assert validate() == "1 jsonschema_rs jsonschema shapely pyproj svgelements"


def test_validation_after_a_build_says_what_validation_without_it_says(tmp_path: Path) -> None:
    """The report a build keeps is the report: the same warnings, in every format, and it is
    not used once an input changes, nor for another manifest building into the same out/."""
    import shutil

    game = tmp_path / "game"
    shutil.copytree(ROOT / "tests" / "data" / "valid" / "mini", game)
    cards = game / "cards" / "north.yaml"
    cards.write_text(cards.read_text("utf-8").replace("follows: [1]", "follows: [1, 2]", 1), "utf-8")

    def run(*args: str) -> tuple[int, str]:
        result = CliRunner().invoke(main, [*args, "--game", str(game / "game.yaml")])
        return result.exit_code, result.output

    fresh = {fmt: run("validate", "--format", fmt) for fmt in ("text", "json", "github")}
    assert fresh["text"][0] == 0 and "warning" in fresh["text"][1]
    assert run("build", "-q")[0] == 0
    assert (game / "out" / ".cache" / "report").is_dir()
    for fmt, said in fresh.items():
        assert run("validate", "--format", fmt) == said
    assert run("validate", "--strict")[0] == 1
    cards.write_text(cards.read_text("utf-8").replace("follows: [1, 2]", "follows: [1]", 1), "utf-8")
    code, text = run("validate")
    assert code == 0 and "warning" not in text.replace("0 warnings", "")
    assert run("build", "-q")[0] == 0
    variant = game / "variant.yaml"
    variant.write_text((game / "game.yaml").read_text("utf-8") + "unknown_key: 1\n", "utf-8")
    for command in ("validate", "build"):
        result = CliRunner().invoke(main, [command, "--game", str(variant)])
        assert result.exit_code == 1 and "variant.yaml:" in result.output and "unknown_key" in result.output
