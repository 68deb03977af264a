"""The three games in an editor: the YAML language server (installed from npm, as VS Code's
YAML extension runs it) reads each shipped file with the schema its first line names and finds
nothing wrong; in a copy of cards/mughals.yaml it flags a misspelt key, an id pnp would refuse
(in pnp's words), an area, an icon and a leader the suit does not have, each at its line; it
offers the suit's leaders where a card lists those it follows, shows a field's doc, and finds
the same through VS Code's mapping (pnp schema's .vscode/settings.json) in a file with no
first line. The server is installed into a temporary folder: the tests skip, saying why, when
npm cannot install it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.load.game import load_game

from conftest import ROOT
from yaml_server import GAMES, Server, install, yaml_files

pytestmark = pytest.mark.slow  # (npm installs the server; a Node process reads a hundred files)


@pytest.fixture(scope="module")
def command(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return install(tmp_path_factory.mktemp("yaml-language-server"))


def test_the_shipped_games_are_clean_in_the_editor(command: Path) -> None:
    server = Server(command, ROOT, {})
    try:
        found = {f"{name}/{file}": server.open(root / file)
                 for name, root in GAMES.items() for file in yaml_files(root)}
    finally:
        server.close()
    assert {file: said for file, said in found.items() if said} == {}
    assert len(found) > 80 and "anarchy/glossary.yaml" in found and "anarchy/cards/mughals.yaml" in found


# the seeded typos: what is written instead, what the editor then says
TYPOS = {
    "key": ("    crowns: 2\n", "    crwons: 2\n"),
    "id": ("  - id: muhammad-shah\n", "  - id: Muhammad-Shah\n"),
    "area": ("  area: delhi\n", "  area: dehli\n"),
    "mark": ("  mark: lotus\n", "  mark: lotsu\n"),
    "follows": ("    follows: [5]\n", "    follows: [9]\n"),
}


def copy_game(folder: Path) -> Path:
    """The Anarchy's files in `folder` (no other folder of the repository's)."""
    others = ("pnp", "tests", "benchmarks", "examples", "out")
    shutil.copytree(ROOT, folder, ignore=lambda at, names: [
        n for n in names if n.startswith(".") or Path(at) == ROOT and n in others])
    return folder


def with_typos(folder: Path, first_line: bool = True) -> dict[str, int]:
    """cards/mughals.yaml with the typos (and without its first line, unless `first_line`);
    each typo's line."""
    path = folder / "cards" / "mughals.yaml"
    text = path.read_text("utf-8")
    if not first_line:
        text = text.partition("\n")[2]
    lines = {}
    for name, (right, wrong) in TYPOS.items():
        assert right in text, right
        text = text.replace(right, wrong, 1)
        lines[name] = text[:text.index(wrong)].count("\n") + 1
    path.write_text(text, "utf-8")
    return lines


def said(lines: dict[str, int]) -> list[tuple[int, str]]:
    """What the editor says of the typos (in the server's own words, but for pnp's hint)."""
    game, _ = load_game(ROOT / "game.yaml")
    suit = next(group for group in game.sets["cards"].groups if group.id == "mughals")
    leaders = [card.fields["leader"] for card in suit.items if card.fields["leader"] is not None]
    areas = ", ".join(f'"{area.id}"' for area in game.sets["board"].items)
    return sorted([
        (lines["key"], "Property crwons is not allowed."),
        (lines["id"], "Must be lowercase letters, digits and single hyphens, like 'shah-alam'."),
        (lines["area"], f"Value is not accepted. Valid values: {areas}."),
        (lines["mark"], f"Value is not accepted. Valid values: {', '.join(map(json.dumps, sorted(game.icons)))}."),
        (lines["follows"], f"Value is not accepted. Valid values: {', '.join(map(str, leaders))}."),
    ])


def test_typos_in_a_suit_file_are_flagged_at_their_lines(command: Path, tmp_path: Path) -> None:
    lines = with_typos(copy_game(tmp_path / "game"))
    server = Server(command, tmp_path / "game", {})
    try:
        assert server.open(tmp_path / "game" / "cards" / "mughals.yaml") == said(lines)
    finally:
        server.close()


def test_the_editor_offers_the_suits_leaders_and_shows_a_fields_doc(command: Path) -> None:
    path = ROOT / "cards" / "mughals.yaml"
    lines = path.read_text("utf-8").splitlines()
    follows = next(n for n, line in enumerate(lines, 1) if line.startswith("    follows: ["))
    leader = next(n for n, line in enumerate(lines, 1) if line.startswith("    leader: "))
    game, _ = load_game(ROOT / "game.yaml")
    suit = next(group for group in game.sets["cards"].groups if group.id == "mughals")
    server = Server(command, ROOT, {})
    try:
        assert server.open(path, keep=True) == []
        offered = server.at("textDocument/completion", path, follows, lines[follows - 1].index("[") + 1)
        hover = server.at("textDocument/hover", path, leader, 5)
    finally:
        server.close()
    items = offered["items"] if isinstance(offered, dict) else offered
    assert [(item["label"], item["documentation"]["value"]) for item in items] == [
        (str(card.fields["leader"]), f"card '{card.id}'") for card in suit.items if card.fields["leader"] is not None]
    assert game.sets["cards"].fields["leader"].doc in hover["contents"]["value"]


def test_vs_codes_mapping_reaches_a_file_with_no_first_line(command: Path, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(copy_game(tmp_path / "game"))
    assert CliRunner().invoke(main, ["schema"], catch_exceptions=False).output.splitlines()[-1] == \
        ".vscode/settings.json: yaml.schemas, the schema of each file for VS Code"
    lines = with_typos(tmp_path / "game", first_line=False)
    settings = json.loads((tmp_path / "game" / ".vscode" / "settings.json").read_text("utf-8"))
    server = Server(command, tmp_path / "game", {"schemas": settings["yaml.schemas"]})
    try:
        assert server.open(tmp_path / "game" / "cards" / "mughals.yaml") == said(lines)
        assert server.open(tmp_path / "game" / "glossary.yaml") == []
    finally:
        server.close()
