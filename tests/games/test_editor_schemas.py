"""The three games in the editor: each YAML file names its schema on its first line, the
game's schemas/ folder is what pnp schema writes (so that the line leads to it on a clean
checkout, and stale-schemas says nothing), every file passes the schema it names, and a typo
in a suit file is flagged at its line. (The YAML language server itself reads them in
tests/system/test_yaml_language_server.py.)"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import jsonschema
import pytest

from pnp.commands.editors import FOLDER, modeline, schema_files, stale, write
from pnp.load.game import load_game
from pnp.load.schema import described
from pnp.load.yamlload import load_yaml
from pnp.problems import problem

from conftest import ROOT
from yaml_server import GAMES, yaml_files

MODELINE = re.compile(r"# yaml-language-server: \$schema=(\S+)\n")


@pytest.fixture(scope="module", params=list(GAMES))
def game(request):
    loaded, problems = load_game(GAMES[request.param] / "game.yaml")
    assert loaded is not None and loaded.complete, [p.format() for p in problems]
    return loaded


def test_every_yaml_file_names_its_schema_on_its_first_line(game) -> None:
    lines = {file: modeline(game.root, file, game.root / FOLDER, item)
             for item in schema_files(game.manifest, game) for file in item.files}
    assert sorted(lines) == yaml_files(game.root)  # (a schema for every YAML file the game has)
    wrong = {file: line for file, line in lines.items()
             if (game.root / file).read_text("utf-8").partition("\n")[0] + "\n" != line}
    assert wrong == {}, "each file's first line should be the one given"


def test_the_schemas_folder_is_what_pnp_schema_writes(game, tmp_path: Path) -> None:
    """The schemas are shipped (the first lines lead to them on a clean checkout); a change of
    pnp's schemas, of a game's fields or of what its references name makes them older: `pnp
    schema` in the game's folder writes them again."""
    write(tmp_path, schema_files(game.manifest, game))
    shipped = game.root / FOLDER

    def files(folder: Path) -> dict[str, bytes]:
        return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}

    differ = sorted(set(files(shipped).items()) ^ set(files(tmp_path).items()))
    assert differ == [], f"run pnp schema in {game.root.relative_to(ROOT).as_posix() or '.'}: " \
                         f"{sorted({name for name, _ in differ})}"
    assert stale(game) == []  # (so validation's stale-schemas says nothing)


def test_every_file_passes_the_schema_its_first_line_names(game) -> None:
    checked = 0
    for file in yaml_files(game.root):
        text = (game.root / file).read_text("utf-8")
        named = MODELINE.match(text)
        assert named is not None, file
        path = Path(os.path.normpath((game.root / file).parent / named.group(1)))
        assert path.is_relative_to(game.root / FOLDER) and path.is_file(), file
        doc, problems = load_yaml(game.root, file)
        assert doc is not None and not problems, file
        validator = jsonschema.Draft7Validator(json.loads(path.read_text("utf-8")))
        assert [error.message for error in validator.iter_errors(doc.data)] == [], file
        checked += 1
    assert checked == len(yaml_files(game.root)) > 20


def test_a_typo_in_a_suit_file_is_flagged_at_its_line(tmp_path: Path) -> None:
    """A copy of cards/mughals.yaml, a key misspelt, an area and an icon that are not the
    game's and a leader its suit does not have: each is said at its line, as pnp words it."""
    game, _ = load_game(ROOT / "game.yaml")
    suit = next(group for group in game.sets["cards"].groups if group.id == "mughals")
    crowned = next(card.id for card in suit.items if card.fields["crowns"] == 2)
    follower = next(card.id for card in suit.items if card.fields["follows"] == [5])
    shutil.copytree(ROOT / FOLDER, tmp_path / FOLDER)
    (tmp_path / "cards").mkdir()
    text = (ROOT / "cards" / "mughals.yaml").read_text("utf-8")
    typos = {"crowns": ("    crowns: 2\n", "    crwons: 2\n"), "area": ("  area: delhi\n", "  area: dehli\n"),
             "mark": ("  mark: lotus\n", "  mark: lotsu\n"), "follows": ("    follows: [5]\n", "    follows: [9]\n")}
    line = {}
    for name, (right, wrong) in typos.items():
        assert right in text, right
        text = text.replace(right, wrong, 1)
        line[name] = text[:text.index(wrong)].count("\n") + 1
    (tmp_path / "cards" / "mughals.yaml").write_text(text, "utf-8")
    named = MODELINE.match(text)
    assert named is not None and named.group(1) == "../schemas/components/cards.schema.json"
    validator = jsonschema.Draft7Validator(json.loads((tmp_path / "cards" / named.group(1)).read_text("utf-8")))
    doc, _ = load_yaml(tmp_path, "cards/mughals.yaml")
    doc.lists = {"cards": "card"}
    found = [problem("schema", doc.locate(at, key=key), message).format()
             for message, at, key in described(doc, list(validator.iter_errors(doc.data)))]
    leaders = ", ".join(str(card.fields["leader"]) for card in suit.items if card.fields["leader"] is not None)
    assert sorted(found) == sorted([
        f"cards/mughals.yaml:{line['crowns']}:5: error: card '{crowned}': unknown key 'crwons' (did you mean "
        f"'crowns'?) [schema]",
        f"cards/mughals.yaml:{line['area']}:9: error: suit.area: 'dehli' is not one of: "
        f"{', '.join(area.id for area in game.sets['board'].items)} [schema]",
        f"cards/mughals.yaml:{line['mark']}:9: error: suit.mark: 'lotsu' is not one of: {', '.join(sorted(game.icons))} "
        f"[schema]",
        f"cards/mughals.yaml:{line['follows']}:15: error: card '{follower}': follows[0]: 9 is not one of: {leaders} "
        f"[schema]",
    ])
    assert leaders.count(",") > 1 and len(game.sets["board"].items) > 1  # (lists of the data, more than one value)
