"""pnp new: each template writes a small game that validates clean and builds a whole kit;
pnp schema: the JSON Schemas an editor reads, which find what pnp validate finds."""

from __future__ import annotations

import glob
import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import jsonschema
import pytest
import yaml
from click.testing import CliRunner

from pnp.cli import main
from pnp.commands.starter import TEMPLATES

from conftest import INVALID, ROOT, build_kit, make_game, validate

CASES = sorted(p.name for p in INVALID.iterdir() if p.is_dir())

SUMMARIES = {"cards": "6 cards", "tiles": "28 tiles", "counters": "10 counters in 2 sides",
             "board": "1 board, 4 players, 34 goods, 12 tools"}
FILES = {
    "cards": ["game.yaml", "cards.yaml", "checks.yaml", "layouts/back.yaml", "layouts/card.yaml"],
    "tiles": ["game.yaml", "checks.yaml", "layouts/back.yaml", "layouts/tile.yaml", "tiles.yaml"],
    "counters": ["game.yaml", "checks.yaml", "counters/blue.yaml", "counters/red.yaml", "layouts/back.yaml",
                 "layouts/front.yaml"],
    "board": ["game.yaml", "actions.yaml", "checks.yaml", "goods.yaml", "icons/coin.svg", "icons/fish.svg",
              "icons/flip.svg", "icons/grain.svg", "icons/stone.svg", "icons/wood.svg", "layouts/board.yaml", "layouts/good.yaml",
              "layouts/player.yaml", "layouts/tool-back.yaml", "layouts/tool.yaml", "main.yaml", "players.yaml",
              "tools.yaml"],
}
# the set each data file of a template is read for (one set a template, but for the board's)
SETS = {"board": {"main.yaml": "board", "actions.yaml": "actions", "goods.yaml": "goods", "players.yaml": "players",
                  "tools.yaml": "tools"}}
# a print file of each template with backs, and its backs' (the board's goods and tools share theirs: print: tokens)
PRINTED = {"board": "tokens"}
SCHEMAS = ["checks.schema.json", "game.schema.json", "glossary.schema.json", "layout.schema.json", "stats.schema.json"]


def new(*args: str):
    return CliRunner().invoke(main, ["new", *args], catch_exceptions=False)


@pytest.mark.parametrize("template", list(TEMPLATES))
def test_each_template_validates_and_builds(template: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = new(f"my-{template}", "--template", template)
    assert result.exit_code == 0
    assert result.output == "\n".join([
        f"wrote a game of {SUMMARIES[template]} into my-{template}/ from the {template} template:",
        *[f"  {file}" for file in FILES[template]],
        "  schemas/ (JSON Schemas for the editor: pnp schema writes them again after a change of fields)",
        "  .vscode/settings.json (yaml.schemas, the schema of each file for VS Code)",
        f"next: cd my-{template}, then pnp validate and pnp build",
    ]) + "\n"
    game = tmp_path / f"my-{template}"
    written = sorted(p.relative_to(game).as_posix() for p in game.rglob("*") if p.is_file())
    sets = sorted(set(SETS.get(template, {}).values())) or [template]
    assert written == sorted(FILES[template] + [f"schemas/{s}" for s in SCHEMAS]
                             + [f"schemas/components/{s}.schema.json" for s in sets] + ["schemas/.pnp-schemas.json",
                                                                                          ".vscode/settings.json"])
    assert sorted(json.loads((game / ".vscode" / "settings.json").read_text("utf-8"))["yaml.schemas"]) == sorted(
        f"./schemas/{s}" for s in SCHEMAS + [f"components/{s}.schema.json" for s in sets]
        if s not in ("stats.schema.json", "glossary.schema.json"))  # (those of files the game has)
    checked = validate(game, "--strict")
    assert (checked.exit_code, checked.output) == (0, f"My {template.title()}: {SUMMARIES[template]}: 0 errors, "
                                                      "0 warnings\n")
    kit = build_kit(game, tmp_path / "out")
    assert (kit / "index.html").is_file() and (kit / "tabletopia" / "manifest.csv").is_file()
    printed = PRINTED.get(template, template)
    assert (kit / "print" / f"{printed}-a4.pdf").is_file() and (kit / "print" / f"{printed}-backs-a4.pdf").is_file()
    # the game names its own check, which `pnp rules` lists after pnp's
    own = CliRunner().invoke(main, ["rules", "--game", str(game)]).output.splitlines()[-1]
    assert own.split()[0] == yaml.safe_load((game / "checks.yaml").read_text())[0]["id"]


@pytest.mark.parametrize("template", list(TEMPLATES))
def test_each_file_points_at_its_schema_and_passes_it(template: str, tmp_path: Path) -> None:
    game = tmp_path / "game"
    assert new(str(game), "--template", template).exit_code == 0
    for file in [f for f in FILES[template] if f.endswith(".yaml")]:  # (not the icons)
        first = (game / file).read_text("utf-8").splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema="), file
        target = (game / file).parent / first.split("=", 1)[1]
        expected = ("game" if file == "game.yaml" else "checks" if file == "checks.yaml"
                    else "layout" if file.startswith("layouts/")
                    else f"components/{SETS.get(template, {}).get(file, template)}")
        assert target.resolve() == (game / "schemas" / f"{expected}.schema.json").resolve(), file
        schema = json.loads(target.read_text("utf-8"))
        assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
        assert "$id" not in schema and "://" not in json.dumps(schema).replace(schema["$schema"], "")  # offline
        assert list(jsonschema.Draft7Validator(schema).iter_errors(yaml.safe_load((game / file).read_text()))) \
            == [], file


def test_the_title_comes_from_the_folder(tmp_path: Path) -> None:
    assert new(str(tmp_path / "harbour-lords")).exit_code == 0
    assert "\ntitle: Harbour Lords\n" in (tmp_path / "harbour-lords" / "game.yaml").read_text("utf-8")
    assert new(str(tmp_path / "l'été_2: #1")).exit_code == 0
    text = (tmp_path / "l'été_2: #1" / "game.yaml").read_text("utf-8")
    assert '\ntitle: "L\u2019été 2: #1"\n' in text and yaml.safe_load(text)["title"] == "L\u2019été 2: #1"


def test_a_folder_with_anything_in_it_is_refused(tmp_path: Path) -> None:
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / ".notes").write_text("mine\n")
    result = CliRunner().invoke(main, ["new", str(tmp_path / "taken")])
    assert result.exit_code == 2
    assert result.output.endswith(f"Error: {tmp_path / 'taken'} is not an empty folder: pnp new starts a game in a "
                                  "new or empty one\n")
    assert [p.name for p in (tmp_path / "taken").iterdir()] == [".notes"]
    (tmp_path / "file").write_text("")
    assert CliRunner().invoke(main, ["new", str(tmp_path / "file")]).exit_code == 2
    (tmp_path / "empty").mkdir()
    assert new(str(tmp_path / "empty"), "--template", "tiles").exit_code == 0
    assert CliRunner().invoke(main, ["new", str(tmp_path / "x"), "--template", "boards"]).exit_code == 2


def test_the_package_ships_its_templates() -> None:
    """Every file pnp reads from its own folder (schemas, built-in layouts, templates) is
    package data, so that `pip install .` installs it."""
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]["package-data"]["pnp"]
    shipped = {Path(p).relative_to(ROOT / "pnp").as_posix()
               for pattern in patterns for p in glob.glob(str(ROOT / "pnp" / pattern), recursive=True)
               if Path(p).is_file()}
    data = {p.relative_to(ROOT / "pnp").as_posix() for p in (ROOT / "pnp").rglob("*")
            if p.is_file() and p.suffix not in (".py", ".pyc")}
    assert data == shipped and "templates/counters/counters/red.yaml" in shipped


def test_pnp_schema_names_each_schema_and_the_files_it_is_for(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    make_game(tmp_path / "game")
    monkeypatch.chdir(tmp_path / "game")
    result = CliRunner().invoke(main, ["schema"], catch_exceptions=False)
    assert result.exit_code == 0
    assert result.output.splitlines() == [
        "schemas/game.schema.json                    game.yaml",
        "schemas/layout.schema.json                  layouts/card-face.yaml, layouts/card-back.yaml, "
        "layouts/board.yaml, layouts/money.yaml, layouts/money-back.yaml, layouts/turn-token.yaml, "
        "layouts/turn-back.yaml, layouts/marker.yaml, layouts/aid-front.yaml, layouts/aid.yaml, layouts/aid-back.yaml",
        "schemas/checks.schema.json                  checks.yaml",
        "schemas/stats.schema.json                   stats.yaml",
        "schemas/glossary.schema.json",
        "schemas/board.schema.json                   board/board.yaml",
        "schemas/land.schema.json                    board/land.yaml",
        "schemas/components/cards.schema.json        cards/north.yaml, cards/south.yaml",
        "schemas/components/board.schema.json        board/areas.yaml",
        "schemas/components/money.schema.json        cards/money.yaml",
        "schemas/components/turn-tokens.schema.json  board/companies.yaml",
        "schemas/components/aid.schema.json          cards/aid.yaml",
        ".vscode/settings.json: yaml.schemas, the schema of each file for VS Code",
    ]
    cards = json.loads((tmp_path / "game" / "schemas" / "components" / "cards.schema.json").read_text("utf-8"))
    item = cards["properties"]["cards"]["items"]
    assert sorted(item["properties"]) == ["art", "castles", "crowns", "follows", "id", "kind", "leader", "name",
                                          "note", "swords", "treasure"]  # the game's own fields
    assert item["required"] == ["id", "name", "kind"]
    assert item["properties"]["leader"]["description"] == "The leader number printed in the top-left corner."
    # from another folder, the paths open from there; -o writes elsewhere
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["schema", "--game", "game", "-o", "editor"], catch_exceptions=False)
    assert result.output.splitlines()[0] == "editor/game.schema.json                    game/game.yaml"
    assert (tmp_path / "editor" / "components" / "aid.schema.json").is_file()
    # schemas outside the game folder: its editor's settings are left alone; inside it, they name them
    assert result.output.splitlines()[-1].startswith("editor/components/aid.schema.json ")
    settings = tmp_path / "game" / ".vscode" / "settings.json"
    assert json.loads(settings.read_text("utf-8"))["yaml.schemas"]["./schemas/game.schema.json"] == ["game.yaml"]
    result = CliRunner().invoke(main, ["schema", "--game", "game", "-o", "game/deep/er"], catch_exceptions=False)
    assert result.output.splitlines()[-1] == "game/.vscode/settings.json: yaml.schemas, the schema of each file for VS Code"
    assert json.loads(settings.read_text("utf-8"))["yaml.schemas"]["./deep/er/game.schema.json"] == ["game.yaml"]
    assert json.loads(settings.read_text("utf-8"))["yaml.schemas"]["./schemas/game.schema.json"] == ["game.yaml"]


# the keywords of JSON Schema draft 7 (and pnp's own x-hint, which validators pass over)
DRAFT_7 = {"$schema", "$ref", "$defs", "title", "description", "type", "enum", "const", "properties",
           "additionalProperties", "required", "propertyNames", "minProperties", "items", "additionalItems",
           "minItems", "maxItems", "uniqueItems", "minimum", "maximum", "exclusiveMinimum", "minLength", "maxLength", "pattern",
           "if", "then", "else", "oneOf", "anyOf", "allOf", "not", "default", "x-hint",
           # and what the YAML language server shows: pnp's hints and descriptions, and each listed value's
           "markdownDescription", "patternErrorMessage", "errorMessage", "markdownEnumDescriptions"}


@pytest.mark.parametrize("game", ["game.yaml", "examples/anarchipel", "examples/furia-cartese"])
def test_the_schemas_are_draft_7_for_the_yaml_language_server(game: str, tmp_path: Path) -> None:
    """The YAML language server reads draft 7 in full and later drafts in part: the schemas
    keep to draft 7's keywords (2020-12's prefixItems written as draft 7's items list)."""
    result = CliRunner().invoke(main, ["schema", "--game", str(ROOT / game), "-o", str(tmp_path)])
    assert result.exit_code == 0
    used = set()

    def walk(node, parent: str = "") -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if parent not in ("properties", "$defs"):
                    used.add(key)
                walk(value, key)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for path in sorted(tmp_path.rglob("*.schema.json")):
        schema = json.loads(path.read_text("utf-8"))
        jsonschema.Draft7Validator.check_schema(schema)
        walk(schema)
    assert used <= DRAFT_7, used - DRAFT_7
    land = json.loads((tmp_path / "land.schema.json").read_text("utf-8")) if game == "game.yaml" else None
    if land is not None:
        assert land["$defs"]["point"]["items"][1] == {"type": "number", "minimum": -90, "maximum": 90}


def test_pnp_schema_without_a_readable_manifest_writes_pnps_own(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    make_game(tmp_path / "game", INVALID / "game-manifest-broken")
    monkeypatch.chdir(tmp_path / "game")
    result = CliRunner().invoke(main, ["schema"])
    assert result.exit_code == 1
    assert result.stdout.splitlines() == ["schemas/game.schema.json      game.yaml", "schemas/layout.schema.json",
                                          "schemas/checks.schema.json", "schemas/stats.schema.json",
                                          "schemas/glossary.schema.json",
                                          ".vscode/settings.json: yaml.schemas, the schema of each file for VS Code"]
    assert result.stderr == ("error: game.yaml cannot be read (pnp validate says why), so its component sets' "
                             "schemas are not written\n")


@pytest.mark.parametrize("case", CASES)
def test_the_written_schemas_find_the_schema_problems_validate_finds(case: str, tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Each game file checked with jsonschema alone, against the schema pnp schema names for
    it, gives exactly the [schema] problems of the case's expected output; the values the
    schemas list for a reference find no problem but where validate finds one (its checks of
    references say what a value names, and icons)."""
    from pnp.load.game import load_game
    from pnp.problems import problem
    from pnp.load.schema import described
    from pnp.load.yamlload import load_yaml

    game = tmp_path / "game"
    make_game(game, INVALID / case)
    monkeypatch.chdir(game)
    listing = CliRunner().invoke(main, ["schema", "-o", str(tmp_path / "schemas")]).stdout
    loaded, _ = load_game(game / "game.yaml")
    nouns = {f"components/{s.name}.schema.json": {s.items_key: s.noun[0]} if s.items_key else {}
             for s in (loaded.sets.values() if loaded else ())}
    found, listed = [], []
    for line in listing.splitlines():
        path, _, files = line.partition("  ")
        if not path.endswith(".schema.json"):  # (the line of the editor's settings)
            continue
        schema = json.loads(Path(path).read_text("utf-8"))
        validator, unlisted = jsonschema.Draft7Validator(schema), jsonschema.Draft7Validator(without_lists(schema))
        for file in filter(None, files.strip().split(", ")):
            doc, _ = load_yaml(game, file)
            if doc is None:
                continue
            doc.lists = nouns.get(Path(path).relative_to(tmp_path / "schemas").as_posix(), {})
            for message, at, key in described(doc, list(unlisted.iter_errors(doc.data))):
                found.append(problem("schema", doc.locate(at, key=key), message).format())
            for message, at, key in described(doc, list(validator.iter_errors(doc.data))):
                listed.append(problem("schema", doc.locate(at, key=key), message).format().split(" error: ")[0])
    said = (INVALID / case / "expected.txt").read_text("utf-8").splitlines()
    # (a name expressions keep for themselves, refused where a field or value is declared, is
    # pnp's own rule on a schema's names: the written schemas leave it to validate)
    expected = [line for line in said if line.endswith(" [schema]") and "expressions keep the word" not in line]
    assert sorted(found) == sorted(expected)
    assert set(listed) <= {line.split(" error: ")[0] for line in said}, set(listed) - {line.split(" error: ")[0] for line in said}


def without_lists(schema):
    """A schema written by pnp schema without the values it lists for references (an enum with
    the description of each value, and the conditions that list a group's)."""
    if isinstance(schema, list):
        return [without_lists(v) for v in schema if not (isinstance(v, dict) and "markdownEnumDescriptions" in
                                                         json.dumps(v.get("then", {})))]
    if not isinstance(schema, dict):
        return schema
    listed = "markdownEnumDescriptions" in schema
    return {k: without_lists(v) for k, v in schema.items()
            if not (listed and k in ("enum", "markdownEnumDescriptions"))}


def test_the_fixtures_hold_schema_problems_to_compare() -> None:
    """The test above compares something: the cases' schema problems in every kind of file."""
    files = {line.split(":")[0] for case in CASES
             for line in (INVALID / case / "expected.txt").read_text("utf-8").splitlines() if line.endswith(" [schema]")}
    assert {"game.yaml", "cards/north.yaml", "cards/south.yaml", "board/areas.yaml", "board/land.yaml",
            "layouts/card-back.yaml"} <= files


def test_pnp_schema_removes_only_the_schemas_it_wrote_that_no_file_needs_now(tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """A set renamed leaves its old schema behind unless pnp removes it; a schema the designer
    wrote, or edited, stays."""
    make_game(tmp_path / "game")
    monkeypatch.chdir(tmp_path / "game")
    assert CliRunner().invoke(main, ["schema"], catch_exceptions=False).exit_code == 0
    folder = tmp_path / "game" / "schemas" / "components"
    (folder / "mine.schema.json").write_text("{}\n", "utf-8")  # the designer's own
    aid = (folder / "aid.schema.json").read_text("utf-8")
    game = tmp_path / "game" / "game.yaml"
    game.write_text(game.read_text("utf-8").replace("\n  aid:\n", "\n  player-aid:\n", 1), "utf-8")
    (folder / "money.schema.json").write_text((folder / "money.schema.json").read_text("utf-8") + " ", "utf-8")
    result = CliRunner().invoke(main, ["schema"], catch_exceptions=False)
    assert result.output.splitlines()[-2] == (
        "removed schemas/components/aid.schema.json: written by pnp schema before, for no file of the game now")
    schemas = json.loads((tmp_path / "game" / ".vscode" / "settings.json").read_text("utf-8"))["yaml.schemas"]
    assert "./schemas/components/aid.schema.json" not in schemas  # (nor in the editor's settings)
    assert schemas["./schemas/components/player-aid.schema.json"] == ["cards/aid.yaml"]
    assert not (folder / "aid.schema.json").exists()
    assert (folder / "player-aid.schema.json").read_text("utf-8").replace("player-aid", "aid") == aid
    assert (folder / "mine.schema.json").read_text("utf-8") == "{}\n"
    # edited by hand since pnp wrote it: written again, as every schema of a set the game has
    assert (folder / "money.schema.json").read_text("utf-8").endswith("}\n")


# folder names whose title YAML would read as something else, or not at all, unquoted; and the
# title each gives
TITLES = {
    "yes": "Yes", "no": "No", "on": "On", "off": "Off", "true": "True", "false": "False", "null": "Null",
    "y": "Y", "n": "N", "~": "~", "123": "123", "1e3": "1e3", "0x1f": "0x1f", "0o17": "0o17", "3.5": "3 5",
    "12:30": "12:30", "2024-01-01": "2024 01 01", "a: b": "A: B", "#1": "#1", "a #b": "A #b", "it's": "It\u2019s",
    'say "hi"': "Say \u201chi\u201d", "back\\slash": "Back\\slash", "[x]": "[x]", "{x}": "{x}", "*a": "*a", "&a": "&a",
    "!x": "!x", "%x": "%x", "@x": "@x", "`x": "`x", "|x": "|x", ">x": ">x", "? x": "? X", "=": "=",
    "<<": "<<", "l'été_2: #1": "L\u2019été 2: #1", "\U0001f3b2 dice": "Dice", "日本語": "New game",
    "a\x01b": "A B", "\x7f": "New game",
}


@pytest.mark.parametrize("template", list(TEMPLATES))
def test_any_folder_name_makes_a_title_that_validates(template: str, tmp_path: Path) -> None:
    """The title, made from the folder's name, is written so that YAML reads it back as it is:
    plain when it can be, quoted when YAML would read a boolean, nothing, a number or a date,
    or fail on a colon, a # or a quote."""
    names = {**TITLES, os.fsdecode(b"\xff\xfeharbour"): "Harbour"}  # (a name that is not UTF-8)
    for name, title in names.items():
        game = tmp_path / template / name
        assert new(str(game), "--template", template).exit_code == 0, name
        text = (game / "game.yaml").read_text("utf-8")
        assert yaml.safe_load(text)["title"] == title, name
        checked = validate(game, "--strict")
        assert (checked.exit_code, checked.output) == (0, f"{title}: {SUMMARIES[template]}: 0 errors, 0 warnings\n"), \
            name
    text = (tmp_path / template / "yes" / "game.yaml").read_text("utf-8")
    assert '\ntitle: "Yes"\n' in text and '\ntitle: "Back\\\\slash"\n' in (tmp_path / template / "back\\slash"
                                                                          / "game.yaml").read_text("utf-8")


def test_pnp_new_ends_in_one_line_where_it_cannot_write(tmp_path: Path) -> None:
    """A folder that cannot be made, or written, is refused in one line, with the code of a
    usage error, and nothing else is printed."""
    (tmp_path / "file").write_text("")
    cases = {
        "/proc/pnp-new-test": "/proc/pnp-new-test cannot be made (No such file or directory)",
        str(tmp_path / "file" / "game"): "file/game cannot be used (Not a directory)",  # (named from here)
    }
    for folder, message in cases.items():
        result = subprocess.run([sys.executable, "-m", "pnp", "new", folder], cwd=tmp_path, capture_output=True,
                                text=True, timeout=60)
        assert (result.returncode, result.stdout, result.stderr) == (2, "", f"Error: {message}\n"), folder
