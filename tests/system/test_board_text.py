"""Boards drawn as text (pnp.load.boards) in a real game: Anarchipel's twenty boards, drawn as
text since November 2026, read into exactly the records their list form gives (written back in
a copy of the game), and drawn again the same by tests/board_text.py."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from board_text import draw, frame, main, rewrite
from conftest import ROOT

ANARCHIPEL = ROOT / "examples" / "anarchipel"
# codes for Anarchipel's tiles: the sea and the land as signs, the rest by a letter and the players they need
KEY = {"~": "ocean", "#": "terre", "@": "depart", **{f"{letter}{n}": f"{tile}-{n}" for letter, tile in
       [("M", "monstre"), ("C", "cafe"), ("N", "banane"), ("W", "ble"), ("B", "bois"), ("F", "fer"), ("T", "tonneau"),
        ("O", "or")] for n in (1, 2, 3)}}


def listed(game: Path) -> None:
    """The copy of a game whose boards are drawn as text, its boards written back as lists of
    records, one a line (as they were before November 2026), and the declaration without grid."""
    import yaml

    from pnp.checks.validate import validate

    objectifs = game / "cartes" / "objectifs.yaml"
    data = yaml.safe_load(objectifs.read_text("utf-8"))

    boards = {i.fields["id"]: i.fields["plateau"] for i in validate(game / "game.yaml").game.sets["objectifs"].items}
    lines, out, skipping = objectifs.read_text("utf-8").split("\n"), [], False
    card = None
    for line in lines:
        if line.startswith("  - id: "):
            card = line.split(": ", 1)[1]
        if line == "    plateau: |":
            out.append("    plateau:")
            out.extend(f"      - {{q: {c['q']}, r: {c['r']}, tuile: {c['tuile']}}}" for c in boards[card])
            skipping = True
            continue
        if skipping and line.startswith("      "):
            continue
        skipping = False
        out.append(line)
    objectifs.write_text("\n".join(out), "utf-8")
    assert len(data["objectifs"]) == 20
    manifest = game / "game.yaml"
    lines = manifest.read_text("utf-8").split("\n")
    start = lines.index("        grid: flat   # flat hexes in columns: a text line holds every second column, the next "
                        "line the others")
    end = start + 1
    while lines[end].startswith("        "):  # (grid, origin and the key's lines, up to the next field)
        end += 1
    manifest.write_text("\n".join(lines[:start] + lines[end:]), "utf-8")


def test_anarchipels_boards_drawn_as_text_are_the_records_of_their_list_form(tmp_path: Path) -> None:
    from pnp.checks.validate import validate

    game = tmp_path / "anarchipel"
    shutil.copytree(ANARCHIPEL, game, ignore=shutil.ignore_patterns("out", "schemas"))
    listed(game)
    text = (game / "cartes" / "objectifs.yaml").read_text("utf-8")
    assert "plateau: |" not in text and text.count("{q: ") == 20 * 37
    drawn, as_list = validate(ANARCHIPEL / "game.yaml"), validate(game / "game.yaml")
    assert drawn.problems == as_list.problems == ()
    before, after = as_list.game.sets["objectifs"].items, drawn.game.sets["objectifs"].items
    assert [i.fields["id"] for i in after] == [i.fields["id"] for i in before] and len(after) == 20
    for old, new in zip(before, after):  # (the text lists them by height, 2r + q, then q)
        assert new.fields["plateau"] == sorted(old.fields["plateau"], key=lambda c: (2 * c["r"] + c["q"], c["q"]))
    # each record at its code: manche-1-a's first record, the land at (0, -3), is the # of its board's second line
    shipped = (ANARCHIPEL / "cartes" / "objectifs.yaml").read_text("utf-8").splitlines()
    at = shipped.index("    plateau: |")
    assert str(drawn.game.locate(after[0].origin, "plateau", 0, "tuile")) == f"cartes/objectifs.yaml:{at + 3}:16"
    assert after[0].fields["plateau"][0] == {"q": 0, "r": -3, "tuile": "terre"} and shipped[at + 2][15] == "#"
    # the key's codes and what the converter draws agree: the list form drawn again is the shipped text
    redrawn, options = rewrite(text, "plateau", "flat", "tuile", KEY)
    assert options == {"grid": "flat", "key": KEY, "origin": {"q": -3, "r": -2}}
    body = "\n".join(shipped)
    assert redrawn.split("objectifs:", 1)[1] == body.split("objectifs:", 1)[1] + "\n"


def test_a_bad_code_in_anarchipels_boards_is_told_at_its_place(tmp_path: Path) -> None:
    from pnp.checks.validate import validate

    game = tmp_path / "anarchipel"
    shutil.copytree(ANARCHIPEL, game, ignore=shutil.ignore_patterns("out"))
    objectifs = game / "cartes" / "objectifs.yaml"
    lines = objectifs.read_text("utf-8").split("\n")
    at = lines.index("    plateau: |") + 5  # (manche-1-a's fifth line of tiles)
    assert lines[at] == "      #     ~     ~     C1"
    lines[at] = "      #     ~     ~     c1"
    lines[at + 2] = lines[at + 2].replace("C1", "B4")
    objectifs.write_text("\n".join(lines), "utf-8")
    problems = [p.format() for p in validate(game / "game.yaml").problems if p.location.file == "cartes/objectifs.yaml"]
    assert problems == [
        f"cartes/objectifs.yaml:{at + 1}:25: error: carte Objectif 'manche-1-a': plateau: unknown code 'c1' (did you "
        "mean 'C1'?) [board-text]",
        f"cartes/objectifs.yaml:{at + 3}:7: error: carte Objectif 'manche-1-a': plateau: unknown code 'B4' (the key's "
        "codes: ~, #, @, M1, M2, M3, C1, C2, C3, N1, N2, N3, W1, W2, W3, B1, B2, B3, F1, F2, F3, T1, T2, T3, O1, O2, "
        "O3) [board-text]"]


def test_the_converter_draws_pointy_and_square_boards_in_one_frame() -> None:
    first = [{"q": 0, "r": 0, "t": "sea"}, {"q": 1, "r": 0, "t": "land"}, {"q": 0, "r": 1, "t": "sea"}]
    second = [{"q": -1, "r": 2, "t": "land"}]
    assert frame([first, second], "pointy") == (0, 0)  # ((-1, 2) is in the first column, two rows down)
    drawn, options = draw([first, second], "pointy", "t", {"~": "sea"})
    assert options == {"grid": "pointy", "key": {"~": "sea"}, "origin": {"q": 0, "r": 0}}
    assert drawn == [["~    land", "   ~    .", ".    ."], [".    .", "   .    .", "land ."]]
    assert frame([[{"q": 2, "r": 1}, {"q": 0, "r": 3}]], "pointy") == (1, 1)
    assert frame([[{"q": 2, "r": 1}, {"q": -1, "r": 3}]], "flat") == (-1, 2)
    squares = [[{"col": 2, "row": 1, "n": 5}, {"col": 1, "row": 2, "n": 12}]]
    assert draw(squares, "square", "n", {}) == ([[".  5", "12 ."]], {"grid": "square"})
    with pytest.raises(ValueError, match="lies before the grid's first column or row"):
        draw([[{"col": 0, "row": 1, "n": 5}]], "square", "n", {})


def test_the_converter_rewrites_a_file_and_says_what_the_declaration_takes(tmp_path: Path, capsys) -> None:
    data = tmp_path / "maps.yaml"
    data.write_text("# maps\nmaps:\n  - id: one\n    cells:\n      - {q: 0, r: 0, t: sea}\n      - {q: 1, r: 0, t: land}\n"
                    "    name: One\n  - id: two\n    cells:\n      - {q: 0, r: 1, t: land}\n", "utf-8")
    main([str(data), "cells", "--grid", "flat", "--key", "{'~': sea}"])
    out, err = capsys.readouterr()
    assert out == ("# maps\nmaps:\n  - id: one\n    cells: |\n      ~\n           land\n      .\n    name: One\n"
                   "  - id: two\n    cells: |\n      .\n           .\n      land\n")
    assert err == "the declaration of 'cells' takes: {\"grid\": \"flat\", \"key\": {\"~\": \"sea\"}, \"origin\": " \
                  "{\"q\": 0, \"r\": 0}}\n"
    with pytest.raises(ValueError, match="found 1 'cells:' lists written one record a line, for 2 boards"):
        rewrite("maps:\n  - cells:\n      - {q: 0, r: 0, t: sea}\n  - cells: [{q: 0, r: 1, t: sea}]\n", "cells",
                "flat", "t", {})
