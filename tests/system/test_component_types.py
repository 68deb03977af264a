"""A component type is one module: a die's stickers are pnp's own proof, and a toy type from
one file outside pnp is registered, validated, built, told in the read-me and exported."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from conftest import ROOT, build_kit, pages, validate

GAME = """\
title: {en: Dice, fr: Dés}
languages: [en, fr]
fonts:
  heading: SourceSerifPro-Bold
  body: SourceSansPro-Regular
players: {min: 1, max: 4}
components:
  dice:
    type: die
    files: dice.yaml
    items: dice
    copies: 2
    fields:
      colour: colour
    face: layouts/die.yaml
"""

DICE = """\
dice:
  - id: red
    colour: "#b03030"
    faces: ["1", "2", "3", "4", "5", "6"]
  - id: blue
    colour: "#3050b0"
    faces: [A, B, C, D, E, F]
"""

LAYOUT = """\
extends: builtin:die
boxes:
  background: {x: 0, y: 0, width: 13, height: 13, rect: {fill: "{colour}"}}
  face: {x: 1, y: 2, width: 11, height: 9, text: "{face}", size: 20, colour: "#ffffff", align: centre, valign: middle}
  side: {x: 0.5, y: 10, width: 3, height: 2.5, text: "{side}", size: 6, colour: "#ffffff"}
"""


def dice_game(folder: Path, dice: str = DICE, game: str = GAME) -> Path:
    (folder / "layouts").mkdir(parents=True)
    (folder / "game.yaml").write_text(game, "utf-8")
    (folder / "dice.yaml").write_text(dice, "utf-8")
    (folder / "layouts" / "die.yaml").write_text(LAYOUT, "utf-8")
    return folder


def test_a_die_needs_six_faces_located_at_the_die(tmp_path: Path) -> None:
    game = dice_game(tmp_path / "game", DICE.replace('"5", "6"]', '"5"]'))
    result = validate(game)
    assert result.exit_code == 1
    assert f"{game / 'dice.yaml'}:4:12: error: dice 'red': faces: needs at least 6 item(s) [schema]" \
        in result.output.splitlines(), result.output


def test_a_die_is_six_stickers_in_a_strip_with_a_cut_line_round_each(tmp_path: Path) -> None:
    import pypdfium2

    from pnp.impose import PAPERS, make_grid
    from pnp.units import mm

    out = build_kit(dice_game(tmp_path / "game"), tmp_path / "out")
    names = sorted(p.name for p in (out / "png" / "dice").iterdir())
    assert names == sorted(f"{die}-{side}.png" for die in ("red", "blue") for side in range(1, 7))
    assert pages(out / "print" / "dice-a4.pdf") == 1 and not (out / "print" / "dice-backs-a4.pdf").exists()
    page = pypdfium2.PdfDocument(out / "print" / "dice-a4.pdf")[0]
    assert page.get_size() == pytest.approx((PAPERS["a4"].width, PAPERS["a4"].height), abs=0.01)
    # four strips of six 13 mm stickers (two dice, two copies), two to a row on A4, red first
    grid = make_grid(PAPERS["a4"], 6 * mm(13), mm(13))
    assert (grid.columns, grid.per_page) == (2, 2 * grid.rows)
    scale = 4
    picture = page.render(scale=scale).to_pil().convert("RGB")
    for (column, row), colour in (((0, 0), (0xb0, 0x30, 0x30)), ((1, 0), (0xb0, 0x30, 0x30)),
                                  ((0, 1), (0x30, 0x50, 0xb0)), ((1, 1), (0x30, 0x50, 0xb0))):
        x, y = grid.cell(column, row)
        for side in range(6):  # a sticker's top corner is its die's colour
            at = (round((x + side * mm(13) + mm(1.5)) * scale), round((y + mm(1.5)) * scale))
            assert picture.getpixel(at) == colour, (column, row, side)
        # a cut line between two stickers of a strip: dark, 13 mm apart
        line, middle = round((x + mm(13)) * scale), round((y + mm(6.5)) * scale)
        assert min(max(picture.getpixel((line + dx, middle))) for dx in (-1, 0, 1)) < 0x40
    steps = (out / "index.html").read_text("utf-8")
    assert "4 dice" in steps
    assert ("Cut the stickers of <a href=\"print/dice-a4.pdf\">dice-a4.pdf</a> apart along their lines, a die’s six "
            "in a row, and stick them on a blank die of their size, one to a side.") in steps


TOY = '''
"""A toy type from outside pnp: labels printed like cards, peeled off."""

from pnp.components.card import impose_grid
from pnp.components.kind import ComponentType

WORDS = {"en": {"peel": "Peel the labels of {files} off their sheet."}}


def assembly(files, language):
    from pnp.words import listed

    return [TYPE.say(language, "peel", files=listed([f.ref for f in files], language))] if files else []


TYPE = ComponentType(name="label", doc="Labels.", example="labels: {type: label}", options=(),
                     tabletopia="Token", deck=False, impose=impose_grid, size="mini", assembly=assembly, words=WORDS)
'''


def test_a_type_is_one_module_and_nothing_else(tmp_path: Path) -> None:
    """A type's module in the package's path, and a game can use it: validated, printed,
    told in the read-me, exported; without the module the same game is refused."""
    (tmp_path / "types").mkdir()
    (tmp_path / "types" / "label.py").write_text(TOY, "utf-8")
    game = dice_game(tmp_path / "game", game=GAME.replace("type: die", "type: label").replace("    copies: 2\n", ""),
                     dice=DICE.replace("    faces", "    # faces"))
    (game / "layouts" / "die.yaml").write_text(LAYOUT.replace("builtin:die", "builtin:card").replace(
        "{face}", "{id}").replace("size: 20", "size: 8").replace("{side}", "{position}"), "utf-8")
    code = textwrap.dedent(f"""
        import sys
        import pnp.components
        pnp.components.__path__.append({str(tmp_path / 'types')!r})
        from pnp.cli import main
        main(sys.argv[1:])
    """)
    run = subprocess.run([sys.executable, "-c", code, "build", "--game", str(game), "-o", str(tmp_path / "out"),
                          "-q"], capture_output=True, text=True, env={"PYTHONPATH": str(ROOT), "PATH": ""})
    assert run.returncode == 0, run.stderr
    out = tmp_path / "out"
    assert pages(out / "print" / "dice-a4.pdf") == 1
    assert sorted(p.name for p in (out / "png" / "dice").iterdir()) == ["blue.png", "red.png"]
    assert 'Peel the labels of <a href="print/dice-a4.pdf">dice-a4.pdf</a> off their sheet.' in (
        out / "index.html").read_text("utf-8")
    manifest = json.loads((out / "tabletopia" / "manifest.json").read_text("utf-8"))
    assert [(o["type"], o["name"], o["width_mm"]) for o in manifest["objects"]] == [("Token", "Dice red", 44.45),
                                                                                      ("Token", "Dice blue", 44.45)]
    saved = json.loads((out / "tts" / "saved-object.json").read_text("utf-8"))
    assert [o["Name"] for o in saved["ObjectStates"]] == ["Custom_Tile"] * 2
    refused = validate(game)
    assert refused.exit_code == 1
    assert refused.output.splitlines()[0] == (f"{game / 'game.yaml'}:9:11: error: components.dice.type: 'label' is not "
                                              "one of: card, sheet, token, tile, standee, die, board, data [schema]")


def test_an_option_of_another_type_is_refused_where_it_is_written(tmp_path: Path) -> None:
    game = dice_game(tmp_path / "game", game=GAME.replace("    type: die\n", "    type: die\n    base: 12mm\n"
                                                                              "    hex: flat\n"))
    result = validate(game)
    assert result.exit_code == 1
    assert result.output.splitlines()[:2] == [
        f"{game / 'game.yaml'}:10:11: error: components.dice.base: a die takes no base (a standee does) [schema]",
        f"{game / 'game.yaml'}:11:10: error: components.dice.hex: a die takes no hex (a tile does) [schema]"]
