"""A game grows without Python: a fifth symbol is a field, an icon file, a box's icon row and
a check, all in the game's own files; it validates, builds and is drawn."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner
from PIL import Image, ImageChops

from pnp.cli import main

from conftest import MINI, MINI_SETS

GEM = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
  <!-- a cut gem: black takes the ink, white the paper -->
  <polygon points="20,30 50,8 80,30 50,92"/>
  <polygon points="35,30 50,18 65,30 50,70" fill="white"/>
</svg>
"""

CHECK = """
- id: gem-range
  doc: A card shows at most three gems.
  for: cards
  range: gems
  min: 0
  max: 3
  message: "card '{id}' has {value} gems; at most 3 fit the strip"
"""


def grow(game: Path) -> None:
    """The edits a designer makes to add a symbol: game.yaml, icons/, a layout, checks.yaml."""
    manifest = game / "game.yaml"
    manifest.write_text(manifest.read_text().replace(
        "      treasure: {type: int, default: 0}\n",
        "      treasure: {type: int, default: 0}\n      gems: {type: int, default: 0}\n"))
    (game / "icons" / "gem.svg").write_text(GEM)
    face = game / "layouts" / "card-face.yaml"
    face.write_text(face.read_text().replace(
        "        - {icon: chest, count: treasure}\n",
        "        - {icon: chest, count: treasure}\n        - {icon: gem, count: gems}\n"))
    checks = game / "checks.yaml"
    checks.write_text(checks.read_text() + CHECK)


def set_gems(game: Path, count: int) -> None:
    north = game / "cards" / "north.yaml"
    text = north.read_text()
    text = text.replace("    swords: 2\n", f"    swords: 2\n    gems: {count}\n", 1) if "gems:" not in text else \
        text.replace(text[text.index("    gems:"):].split("\n", 1)[0], f"    gems: {count}")
    north.write_text(text)


def test_a_fifth_symbol_needs_no_python(tmp_path: Path) -> None:
    game = tmp_path / "game"
    shutil.copytree(MINI, game)
    runner = CliRunner()
    out = tmp_path / "before"
    assert runner.invoke(main, ["build", "--game", str(game), "--only", "cards", "--format", "png", "-o", str(out)],
                         catch_exceptions=False).exit_code == 0
    grow(game)
    set_gems(game, 2)  # the guards card gets two gems
    result = runner.invoke(main, ["validate", "--game", str(game)], catch_exceptions=False)
    assert (result.exit_code, result.output) == (0, f"{MINI_SETS}: 0 errors, 0 warnings\n")
    after = tmp_path / "after"
    result = runner.invoke(main, ["build", "--game", str(game), "--only", "cards", "--format", "png", "-o", str(after)],
                           catch_exceptions=False)
    assert result.exit_code == 0, result.output
    # the guards' bottom strip now shows the gems; a card without gems is drawn as before
    with Image.open(out / "png" / "cards" / "guards.png") as a, Image.open(after / "png" / "cards" / "guards.png") as b:
        changed = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox()
    assert changed is not None
    assert changed[1] >= 900  # in the strip at the bottom (76 mm down: 898 px at 300 dpi)
    with Image.open(out / "png" / "cards" / "king.png") as a, Image.open(after / "png" / "cards" / "king.png") as b:
        assert ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox() is None
    # and the new check holds the new field to its rule
    set_gems(game, 5)
    result = runner.invoke(main, ["validate", "--game", str(game)], catch_exceptions=False)
    lines = result.output.splitlines()
    assert result.exit_code == 1
    assert lines[0].endswith("error: card 'guards' has 5 gems; at most 3 fit the strip [gem-range]")
    assert lines[0].startswith(f"{game}/cards/north.yaml:35:11:")  # the gems: line of the guards
    rules = runner.invoke(main, ["rules", "--game", str(game)]).output
    assert any(line.split(None, 2) == ["gem-range", "error", "A card shows at most three gems."]
               for line in rules.splitlines())


ANY = '      follows: {type: list, of: int, unique: true, default: [], any: "[c.leader for c in items if c.leader != none and c.id != id]", doc: Leader numbers of the suit this card follows.}\n'


def test_a_list_may_say_any_for_what_an_expression_gives(mini: Path) -> None:
    """A list field with `any` lets the data write the word any: here every leader of the
    card's suit but itself, worked out when the game loads, so the checks and the cards see
    the numbers; any other word is refused where it is written."""
    from pnp.checks.validate import validate

    manifest = mini / "game.yaml"
    text = manifest.read_text()
    plain = "      follows: {type: list, of: int, unique: true, default: [], doc: Leader numbers of the suit this card follows.}\n"
    assert plain in text
    manifest.write_text(text.replace(plain, ANY))
    north = mini / "cards" / "north.yaml"
    north.write_text(north.read_text().replace("    kind: army\n    follows: [1, 2]\n", "    kind: army\n    follows: any\n"))
    report = validate(manifest)
    assert not report.problems
    found = {i.id: i.fields["follows"] for i in report.game.sets["cards"].items if i.group.id == "north"}
    assert found["guards"] == [1, 2] and found["prince"] == [1]

    north.write_text(north.read_text().replace("    follows: any\n", "    follows: every\n"))
    result = CliRunner().invoke(main, ["validate", "--game", str(manifest)])
    assert result.output.replace(f"{mini}/", "").splitlines()[0] == \
        "cards/north.yaml:33:14: error: card 'guards': follows: 'every' must be a list or the word any [schema]"
