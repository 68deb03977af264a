"""Boards drawn as text (pnp.load.boards) in a real game: Anarchipel's twenty boards, redrawn
by tests/board_text.py in a copy of the game, read back into exactly the records their list
form gives, and the game validates as before."""

from __future__ import annotations

import json
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


def declared(manifest: Path, options: dict) -> None:
    """The game's `plateau` declaration with the options the text form takes."""
    text = manifest.read_text("utf-8")
    of = "        of: {type: record, fields: {q: int, r: int, tuile: {type: ref, to: tuiles}}}\n"
    assert text.count(of) == 1
    manifest.write_text(text.replace(of, of + "".join(f"        {name}: {json.dumps(value, ensure_ascii=False)}\n"
                                                      for name, value in options.items())), "utf-8")


def test_anarchipels_boards_drawn_as_text_are_the_records_of_their_list_form(tmp_path: Path) -> None:
    from pnp.checks.validate import validate

    game = tmp_path / "anarchipel"
    shutil.copytree(ANARCHIPEL, game, ignore=shutil.ignore_patterns("out"))
    objectifs = game / "cartes" / "objectifs.yaml"
    text, options = rewrite(objectifs.read_text("utf-8"), "plateau", "flat", "tuile", KEY)
    assert options == {"grid": "flat", "key": KEY, "origin": {"q": -3, "r": -2}}
    objectifs.write_text(text, "utf-8")
    declared(game / "game.yaml", options)
    assert len(text.splitlines()) < len((ANARCHIPEL / "cartes" / "objectifs.yaml").read_text("utf-8").splitlines()) / 2
    assert "{q:" not in text and "    plateau: |\n      .     .     .     .\n         .     #     .\n" in text

    listed, drawn = validate(ANARCHIPEL / "game.yaml"), validate(game / "game.yaml")
    assert drawn.problems == listed.problems == ()
    before, after = listed.game.sets["objectifs"].items, drawn.game.sets["objectifs"].items
    assert [i.fields["id"] for i in after] == [i.fields["id"] for i in before] and len(after) == 20
    for old, new in zip(before, after):
        # the same records; the list form lists them by r then q, the text by height (2r + q), then q
        assert sorted(new.fields["plateau"], key=lambda c: (c["r"], c["q"])) == old.fields["plateau"]
        assert new.fields["plateau"] == sorted(old.fields["plateau"], key=lambda c: (2 * c["r"] + c["q"], c["q"]))
    # each record at its code: manche-1-a's first record, the land at (0, -3), is the # of its second line
    assert str(drawn.game.locate(after[0].origin, "plateau", 0, "tuile")) == "cartes/objectifs.yaml:15:16"
    assert after[0].fields["plateau"][0] == {"q": 0, "r": -3, "tuile": "terre"}
    lines = text.splitlines()
    assert lines[14][15] == "#" and lines[12].endswith("plateau: |")


def test_a_bad_code_in_anarchipels_boards_is_told_at_its_place(tmp_path: Path) -> None:
    from pnp.checks.validate import validate

    game = tmp_path / "anarchipel"
    shutil.copytree(ANARCHIPEL, game, ignore=shutil.ignore_patterns("out"))
    objectifs = game / "cartes" / "objectifs.yaml"
    text, options = rewrite(objectifs.read_text("utf-8"), "plateau", "flat", "tuile", KEY)
    lines = text.split("\n")
    assert lines[17] == "      N1    C1    ~     B3"
    lines[17] = "      N1    c1    ~     B4"
    objectifs.write_text("\n".join(lines), "utf-8")
    declared(game / "game.yaml", options)
    problems = [p.format() for p in validate(game / "game.yaml").problems if p.location.file == "cartes/objectifs.yaml"]
    assert problems == [
        "cartes/objectifs.yaml:18:13: error: carte Objectif 'manche-1-a': plateau: unknown code 'c1' (did you mean "
        "'C1'?) [board-text]",
        "cartes/objectifs.yaml:18:25: error: carte Objectif 'manche-1-a': plateau: unknown code 'B4' (the key's "
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
