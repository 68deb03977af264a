"""Boards drawn as text (pnp.load.boards): a list field with a grid, written in the data as rows
of codes, read into the records the list form gives, each located at its code; the
declaration's and the text's mistakes are told where they are."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.load import boards
from pnp.load.boards import Drawing, grid_place, reader
from pnp.load.fields import parse_fields
from pnp.load.yamlload import parse_yaml
from pnp.model.hexes import offset_to_axial

TILES = "{type: record, fields: {q: int, r: int, tile: {type: ref, to: tiles}}}"


def declare(cells: str) -> tuple[dict, list[str]]:
    """The fields a game.yaml's `fields: {cells: ...}` declares (cells written on the lines
    after `cells:`), and its problems as printed."""
    text = "fields:\n  cells:\n" + "".join(f"    {line}\n" for line in cells.strip("\n").split("\n"))
    doc, problems = parse_yaml(text.encode(), "game.yaml")
    assert doc is not None, problems
    fields, problems = parse_fields(doc.data["fields"], doc.locate, ("fields",))
    return fields, [p.format() for p in problems]


def drawing(cells: str) -> Drawing:
    fields, problems = declare(cells)
    assert problems == []
    return fields["cells"].drawing


def read(cells: str, data: str) -> tuple[object, list[str]]:
    """The maps.yaml `data` as read with the cells declared so: its data, and its problems."""
    fields, problems = declare(cells)
    assert problems == []
    raw = data.encode()
    doc, problems = parse_yaml(raw, "maps.yaml")
    assert doc is not None and problems == []
    doc.lists = {"maps": "map"}
    read_boards = reader(fields, "maps", {}, None)
    assert read_boards is not None
    found, problems = read_boards(doc, raw)
    return found, [p.format() for p in problems]


FLAT = f"""type: list
of: {TILES}
grid: flat
key: {{"~": sea, "#": land, B3: wood-3}}"""


# --- the declaration ----------------------------------------------------------------------------

def test_a_grid_declares_which_fields_a_code_fills() -> None:
    d = drawing(FLAT)
    assert d == Drawing("flat", "tile", {"~": "sea", "#": "land", "B3": "wood-3"}, (0, 0), True, False,
                        ("q", "r", "tile"), d.schema, ("~", "#", "B3"))
    both = drawing("type: list\nof: {type: record, fields: {row: int, col: int, q: int, r: int, "
                   "kind: {type: enum, values: [sea, land]}, note: {type: text, optional: true}}}\n"
                   "grid: pointy\ncell: kind\norigin: {q: -3, r: 2}")
    assert (both.order, both.axial, both.offset, both.origin, both.hints) == (
        ("row", "col", "q", "r", "kind"), True, True, (-3, 2), ("sea", "land"))
    square = drawing("type: list\nof: {type: record, fields: {col: int, row: int, n: int}}\ngrid: square")
    assert (square.order, square.axial, square.key, square.cell) == (("col", "row", "n"), False, {}, "n")
    assert drawing(f"type: list\nof: {TILES}").__class__ is type(None)  # (no grid, no drawing)


@pytest.mark.parametrize("cells, message", [
    (f"type: list\nof: {TILES}\nkey: {{a: sea}}",
     "game.yaml:5:5: error: field 'cells': key needs grid (flat, pointy or square): the rows the data draws the "
     "list in [board-text]"),
    (f"type: list\nof: {TILES}\ngrid: hex",
     "game.yaml:5:11: error: field 'cells': grid must be flat, pointy or square, not 'hex' [board-text]"),
    (f"type: list\nof: {TILES}\ngrid: flat\nany: \"[]\"",
     "game.yaml:6:5: error: field 'cells': a list drawn on a grid cannot also take any [board-text]"),
    ("type: list\nof: int\ngrid: flat",
     "game.yaml:4:9: error: field 'cells': a grid's list holds records with coordinates (of: {type: record, "
     "fields: {q: int, r: int, ...}}) [board-text]"),
    ("type: list\ngrid: flat",
     "game.yaml:3:5: error: field 'cells': a grid's list holds records with coordinates (of: {type: record, "
     "fields: {q: int, r: int, ...}}) [board-text]"),
    ("type: list\nof: {type: record, fields: {q: number, r: int, tile: id}}\ngrid: pointy",
     "game.yaml:4:9: error: field 'cells': a grid's records need whole-number coordinates: q and r (axial) or "
     "col and row (from 1) [board-text]"),
    (f"type: list\nof: {TILES}\ngrid: square",
     "game.yaml:4:9: error: field 'cells': a square grid's records need whole-number coordinates col and row "
     "[board-text]"),
    ("type: list\nof: {type: record, fields: {q: int, r: int, tile: id, side: id}}\ngrid: flat",
     "game.yaml:3:5: error: field 'cells': name the records' field a code gives with cell (one of: tile, side) "
     "[board-text]"),
    ("type: list\nof: {type: record, fields: {q: int, r: number, tile: id}}\ngrid: pointy",
     "game.yaml:4:9: error: field 'cells': a grid's records need whole-number coordinates: q and r (axial) or "
     "col and row (from 1) [board-text]"),
    ("type: list\nof: {type: record, fields: {col: int, row: number, n: int}}\ngrid: square",
     "game.yaml:4:9: error: field 'cells': a square grid's records need whole-number coordinates col and row "
     "[board-text]"),
    ("type: list\nof: {type: record, fields: {col: number, row: int, n: int}}\ngrid: square",
     "game.yaml:4:9: error: field 'cells': a square grid's records need whole-number coordinates col and row "
     "[board-text]"),
    ("type: list\nof: {type: record, fields: {q: int, r: int, tile: id, side: {type: id, optional: true}}}\n"
     "grid: flat\ncell: zzz",
     "game.yaml:6:11: error: field 'cells': cell 'zzz' is not a field of the records besides their coordinates "
     "(expected one of: tile, side) [board-text]"),
    ("type: list\nof: {type: record, fields: {q: int, r: int}}\ngrid: flat",
     "game.yaml:3:5: error: field 'cells': the records have no field besides their coordinates for a code to "
     "give [board-text]"),
    (f"type: list\nof: {TILES}\ngrid: flat\ncell: tiles",
     "game.yaml:6:11: error: field 'cells': cell 'tiles' is not a field of the records besides their "
     "coordinates (did you mean 'tile'?) [board-text]"),
    (f"type: list\nof: {TILES}\ngrid: flat\ncell: q",
     "game.yaml:6:11: error: field 'cells': cell 'q' is not a field of the records besides their coordinates "
     "(expected one of: tile) [board-text]"),
    ("type: list\nof: {type: record, fields: {q: int, r: int, tile: id, side: id}}\ngrid: flat\ncell: tile",
     "game.yaml:4:65: error: field 'cells': the records' field 'side' must be optional or have a default: a "
     "grid's codes give only q, r and tile [board-text]"),
    (f"type: list\nof: {TILES}\ngrid: flat\nkey: [sea]",
     "game.yaml:6:10: error: field 'cells': key must be a mapping of codes to values [board-text]"),
    (f"type: list\nof: {TILES}\ngrid: flat\nkey: {{'.': sea}}",
     "game.yaml:6:11: error: field 'cells': '.' cannot be a code of the key: it means no cell [board-text]"),
    (f"type: list\nof: {TILES}\ngrid: flat\nkey: {{'a b': sea}}",
     "game.yaml:6:11: error: field 'cells': key code 'a b' must be a word without spaces: spaces part the codes "
     "of a row [board-text]"),
    (f"type: list\nof: {TILES}\ngrid: flat\nkey: {{'': sea}}",
     "game.yaml:6:11: error: field 'cells': key code '' must be a word without spaces: spaces part the codes of "
     "a row [board-text]"),
    (f"type: list\nof: {TILES}\ngrid: flat\nkey: {{'~': sea, S: Sea}}",
     "game.yaml:6:24: error: field 'cells': key 'S': 'Sea' must be lowercase letters, digits and single hyphens, "
     "like 'shah-alam' [board-text]"),
    ("type: list\nof: {type: record, fields: {col: int, row: int, n: int}}\ngrid: flat\nkey: {a: 1, b: two}",
     "game.yaml:6:20: error: field 'cells': key 'b': expected a whole number, got 'two' [board-text]"),
    ("type: list\nof: {type: record, fields: {col: int, row: int, n: int}}\ngrid: flat\norigin: {q: 1, r: 1}",
     "game.yaml:6:5: error: field 'cells': origin is for records with q and r [board-text]"),
    (f"type: list\nof: {TILES}\ngrid: flat\norigin: {{q: 1}}",
     "game.yaml:6:13: error: field 'cells': origin must be {q, r}: the axial coordinates of the first code of "
     "the first line [board-text]"),
    (f"type: list\nof: {TILES}\ngrid: flat\norigin: {{q: 1, r: true}}",
     "game.yaml:6:13: error: field 'cells': origin must be {q, r}: the axial coordinates of the first code of "
     "the first line [board-text]"),
])
def test_a_declaration_that_cannot_be_drawn_is_told_where(cells: str, message: str) -> None:
    fields, problems = declare(cells)
    assert problems == [message]


def test_a_code_written_twice_in_the_key_is_a_duplicate_key() -> None:
    fields, problems = declare(f"type: list\nof: {TILES}\ngrid: flat\nkey: {{'~': sea, '#': land, '~': land}}")
    assert problems == []
    doc, problems = parse_yaml(f"fields:\n  cells: {{type: list, of: {TILES}, grid: flat, key: {{'~': sea, "
                               f"'#': land, '~': land}}}}\n".encode(), "game.yaml")
    assert [p.format() for p in problems] == [
        "game.yaml:2:138: error: duplicate key '~' (first given on line 2) [yaml-duplicate-key]"]


def test_a_grid_list_also_takes_text_in_its_schema() -> None:
    from pnp.load import schema

    fields, _ = declare(FLAT)
    name = schema.compiled(fields["cells"].schema())
    assert schema.wrong(name, "~ #") is None and schema.wrong(name, [{"q": 0, "r": 0, "tile": "sea"}]) is None
    assert schema.wrong(name, 3) == "expected a list, got 3"


# --- reading the text ------------------------------------------------------------------------

def test_flat_hexes_are_read_a_line_for_each_height_odd_columns_first() -> None:
    data = ("maps:\n"
            "  - id: one\n"
            "    cells: |   # the odd columns, then half a hex lower the even ones\n"
            "      ~     #     .\n"
            "         B3    ~\n"
            "\n"
            "      .     ~     #\n")
    found, problems = read(FLAT, data)
    assert problems == []
    cells = found.data["maps"][0]["cells"]
    assert cells == [{"q": 0, "r": 0, "tile": "sea"}, {"q": 2, "r": -1, "tile": "land"},
                     {"q": 1, "r": 0, "tile": "wood-3"}, {"q": 3, "r": -1, "tile": "sea"},
                     {"q": 2, "r": 0, "tile": "sea"}, {"q": 4, "r": -1, "tile": "land"}]
    # each as the grid of a hexmap box lays it out: columns 1, 3, 5, then 2, 4, a row lower for each pair
    assert [(c["q"], c["r"]) for c in cells] == [offset_to_axial(*place, "flat") for place in
                                                 [(1, 1), (3, 1), (2, 1), (4, 1), (3, 2), (5, 2)]]
    assert [str(found.locate(("maps", 0, "cells", i))) for i in range(6)] == [
        "maps.yaml:4:7", "maps.yaml:4:13", "maps.yaml:5:10", "maps.yaml:5:16", "maps.yaml:7:13", "maps.yaml:7:19"]
    assert str(found.locate(("maps", 0, "cells", 2, "tile"))) == "maps.yaml:5:10"
    assert str(found.locate(("maps", 0, "cells"))) == "maps.yaml:3:12"  # (the text itself, at its |)


def test_the_document_read_is_left_as_it_was() -> None:
    data = "maps:\n  - id: one\n    cells: |\n      ~ #\n  - id: two\n    cells: [{q: 0, r: 0, tile: sea}]\n"
    doc, _ = parse_yaml(data.encode(), "maps.yaml")
    found, problems = read(FLAT, data)
    assert problems == [] and found is not doc
    assert doc.data["maps"][0]["cells"] == "~ #\n" and ("maps", 0, "cells", 0) not in doc.values
    assert found.data["maps"][0]["cells"] == [{"q": 0, "r": 0, "tile": "sea"}, {"q": 2, "r": -1, "tile": "land"}]
    assert found.data["maps"][1] is doc.data["maps"][1]  # (the list form, untouched)
    assert found.digest != doc.digest and len(found.digest) == 64
    # the records depend on the key too: another key, another digest
    other, _ = read(FLAT.replace("B3: wood-3", "W3: wood-3"), data)
    assert other.digest not in (found.digest, doc.digest)


def test_pointy_rows_and_square_boards_a_line_for_each_row() -> None:
    pointy = f"type: list\nof: {TILES}\ngrid: pointy\norigin: {{q: -1, r: -1}}"
    found, problems = read(pointy, "maps:\n  - id: one\n    cells: |\n      sea land\n       land sea\n")
    assert problems == []
    assert found.data["maps"][0]["cells"] == [{"q": -1, "r": -1, "tile": "sea"}, {"q": 0, "r": -1, "tile": "land"},
                                              {"q": -1, "r": 0, "tile": "land"}, {"q": 0, "r": 0, "tile": "sea"}]
    square = "type: list\nof: {type: record, fields: {col: int, row: int, height: {type: int, min: 0}}}\ngrid: square"
    found, problems = read(square, "maps:\n  - id: one\n    cells: |\n      0 1 .\n      2 . 13\n")
    assert problems == []
    assert found.data["maps"][0]["cells"] == [{"col": 1, "row": 1, "height": 0}, {"col": 2, "row": 1, "height": 1},
                                              {"col": 1, "row": 2, "height": 2}, {"col": 3, "row": 2, "height": 13}]
    assert str(found.locate(("maps", 0, "cells", 3, "height"))) == "maps.yaml:5:11"


def test_a_board_on_one_line_plain_or_quoted_or_after_an_anchor() -> None:
    data = ("maps:\n  - {id: one, cells: '~ # ~'}\n  - {id: two, cells: \"B3  .  ~\"}\n"
            "  - id: three\n    cells: &board B3 ~\n  - id: four\n    cells: &drawn |\n      # ~\n")
    found, problems = read(FLAT, data)
    assert problems == []
    assert [[c["tile"] for c in m["cells"]] for m in found.data["maps"]] == [
        ["sea", "land", "sea"], ["wood-3", "sea"], ["wood-3", "sea"], ["land", "sea"]]
    assert [str(found.locate(("maps", i, "cells", 1))) for i in range(4)] == [
        "maps.yaml:2:25", "maps.yaml:3:30", "maps.yaml:5:22", "maps.yaml:8:9"]


def test_without_a_key_a_code_is_the_value_itself() -> None:
    cells = ("type: list\nof: {type: record, fields: {col: int, row: int, kind: {type: enum, values: [sea, land, "
             "'3']}, height: {type: int, default: 0}}}\ngrid: square\ncell: kind")
    found, problems = read(cells, "maps:\n  - id: one\n    cells: |\n      sea 3\n")
    assert problems == []
    assert found.data["maps"][0]["cells"] == [{"col": 1, "row": 1, "kind": "sea"}, {"col": 2, "row": 1, "kind": "3"}]
    numbers = "type: list\nof: {type: record, fields: {col: int, row: int, n: number}}\ngrid: square"
    found, problems = read(numbers, "maps:\n  - id: one\n    cells: 1 +2 -0.5 .5\n")
    assert problems == []
    assert [c["n"] for c in found.data["maps"][0]["cells"]] == [1, 2, -0.5, 0.5]
    assert isinstance(found.data["maps"][0]["cells"][0]["n"], int)
    flags = "type: list\nof: {type: record, fields: {col: int, row: int, on: bool}}\ngrid: square"
    found, problems = read(flags, "maps:\n  - id: one\n    cells: 'true . false'\n")
    assert problems == [] and [c["on"] for c in found.data["maps"][0]["cells"]] == [True, False]


def test_without_a_key_a_bad_code_says_why() -> None:
    numbers = "type: list\nof: {type: record, fields: {col: int, row: int, n: number}}\ngrid: square"
    assert read(numbers, "maps:\n  - id: one\n    cells: 1 007\n")[1] == [
        "maps.yaml:3:14: error: map 'one': cells: unknown code '007': expected a number, got '007' [board-text]"]
    enum = "type: list\nof: {type: record, fields: {col: int, row: int, kind: {type: enum, values: [sea, land]}}}\n" \
           "grid: square"
    assert read(enum, "maps:\n  - id: one\n    cells: sea lnd sky\n")[1] == [
        "maps.yaml:3:16: error: map 'one': cells: unknown code 'lnd' (did you mean 'land'?) [board-text]",
        "maps.yaml:3:20: error: map 'one': cells: unknown code 'sky': 'sky' is not one of: sea, land [board-text]"]


def test_an_unknown_code_is_told_once_for_each_board_where_it_is_first() -> None:
    data = ("maps:\n  - id: one\n    cells: |\n      ~     B4    .\n         ~~    B4\n      ~     zz    B4\n"
            "  - id: two\n    cells: ~ zz\n")
    assert read(FLAT, data)[1] == [
        "maps.yaml:4:13: error: map 'one': cells: unknown code 'B4' (the key's codes: ~, #, B3), here and 2 more "
        "times on this board [board-text]",
        "maps.yaml:5:10: error: map 'one': cells: unknown code '~~' (did you mean '~'?) [board-text]",
        "maps.yaml:6:13: error: map 'one': cells: unknown code 'zz' (the key's codes: ~, #, B3) [board-text]",
        "maps.yaml:8:14: error: map 'two': cells: unknown code 'zz' (the key's codes: ~, #, B3) [board-text]"]
    # with a key, an id that is not one of its codes is an unknown code too
    assert read(FLAT, "maps:\n  - id: one\n    cells: sea ~\n")[1] == [
        "maps.yaml:3:12: error: map 'one': cells: unknown code 'sea' (the key's codes: ~, #, B3) [board-text]"]


def test_rows_of_the_wrong_length_are_told_where_a_code_is_missing_or_too_many() -> None:
    pointy = f"type: list\nof: {TILES}\ngrid: pointy\nkey: {{'~': sea, '#': land}}"
    assert read(pointy, "maps:\n  - id: one\n    cells: |\n      ~ # ~\n       # ~\n      ~ # ~ #\n")[1] == [
        "maps.yaml:5:11: error: map 'one': cells: 2 codes on this row, 3 on the first: every row has as many "
        "(. for no cell) [board-text]",
        "maps.yaml:6:13: error: map 'one': cells: 4 codes on this row, 3 on the first: every row has as many "
        "(. for no cell) [board-text]"]
    data = ("maps:\n  - id: one\n    cells: |\n      ~     #\n         ~     #     ~\n      ~\n         ~\n"
            "      ~     #\n         ~     #\n")
    assert read(FLAT, data)[1] == [
        "maps.yaml:5:22: error: map 'one': cells: 3 codes on this line, 2 on the first: the even columns, half a hex "
        "lower, are as many as the odd or one fewer (. for no cell) [board-text]",
        "maps.yaml:6:8: error: map 'one': cells: 1 code on this line, 2 on the first: the lines of odd columns have "
        "as many (. for no cell) [board-text]",
        "maps.yaml:7:11: error: map 'one': cells: 1 code on this line, 3 on the second: the lines of even columns "
        "have as many (. for no cell) [board-text]",
        "maps.yaml:9:17: error: map 'one': cells: 2 codes on this line, 3 on the second: the lines of even columns "
        "have as many (. for no cell) [board-text]"]
    # one fewer on the even columns' lines is a grid of an odd number of columns
    assert read(FLAT, "maps:\n  - id: one\n    cells: |\n      ~  #  ~\n       ~  #\n      #  #  #\n")[1] == []


def test_a_board_whose_lines_are_not_the_files_is_refused() -> None:
    for cells in (">\n      ~ #\n      # ~", "sea land\n      land sea", "'~ #\n\n      # ~'", '"~ \\t #"'):
        found, problems = read(FLAT, f"maps:\n  - id: one\n    cells: {cells}\n")
        assert problems == ["maps.yaml:3:12: error: map 'one': cells: write the board as a literal block (|), a "
                            "line for each row [board-text]"], cells


def test_a_files_boards_hold_a_bounded_number_of_codes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(boards, "MAX_CODES", 5)
    data = "maps:\n  - id: one\n    cells: '~ # ~'\n  - id: two\n    cells: |\n      ~ . ~\n      ~ # B9\n"
    found, problems = read(FLAT, data)
    assert problems == ["maps.yaml:6:11: error: map 'two': cells: the boards of a file hold at most 5 codes [board-text]"]
    assert found.data["maps"][0]["cells"] == "~ # ~"  # (the document as read: it is not used)


def test_a_line_of_more_codes_than_a_file_may_hold_is_stopped_at_the_first_too_many() -> None:
    found, problems = read(FLAT, "maps:\n  - id: one\n    cells: '" + "~ " * 150_000 + "'\n")
    assert problems == ["maps.yaml:3:200013: error: map 'one': cells: the boards of a file hold at most 100,000 codes "
                        "[board-text]"]


def test_a_board_in_a_record_in_a_list_and_in_a_group_header_and_a_file_of_its_own() -> None:
    game = ("fields:\n  levels:\n    type: list\n    of:\n      type: record\n      fields:\n        name: text\n"
            "        cells: {type: list, of: {type: record, fields: {col: int, row: int, n: int}}, grid: square}\n")
    doc, _ = parse_yaml(game.encode(), "game.yaml")
    fields, problems = parse_fields(doc.data["fields"], doc.locate, ("fields",))
    assert problems == [] and boards.drawn(fields) and not boards.drawn({})
    assert reader({}, "maps", {}, None) is None
    data = "maps:\n  - id: one\n    levels:\n      - {name: A, cells: 1 2}\n      - {name: B, cells: '3'}\n"
    raw = data.encode()
    doc, _ = parse_yaml(raw, "maps.yaml")
    found, problems = reader(fields, "maps", {}, None)(doc, raw)
    assert problems == []
    assert [level["cells"] for level in found.data["maps"][0]["levels"]] == [
        [{"col": 1, "row": 1, "n": 1}, {"col": 2, "row": 1, "n": 2}], [{"col": 1, "row": 1, "n": 3}]]
    header = "board: {id: north, cells: '5 6'}\n"
    doc, _ = parse_yaml(header.encode(), "north.yaml")
    found, problems = reader({}, None, {"cells": fields["levels"].of.fields["cells"]}, "board")(doc, header.encode())
    assert problems == [] and found.data["board"]["cells"] == [{"col": 1, "row": 1, "n": 5}, {"col": 2, "row": 1, "n": 6}]
    whole = "id: south\nlevels: [{name: C, cells: '7'}]\n"
    doc, _ = parse_yaml(whole.encode(), "south.yaml")
    found, problems = reader(fields, None, {}, None)(doc, whole.encode())
    assert problems == [] and found.data["levels"][0]["cells"] == [{"col": 1, "row": 1, "n": 7}]


def test_grid_places() -> None:
    assert [grid_place("flat", line, i) for line, i in [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (3, 2)]] == [
        (1, 1), (3, 1), (2, 1), (4, 1), (1, 2), (6, 2)]
    assert [grid_place(grid, 2, 3) for grid in ("pointy", "square")] == [(4, 3), (4, 3)]


# --- a game -------------------------------------------------------------------------------------

GAME = """title: Tiny
languages: [en]
fonts: {heading: SourceSerifPro-Bold, body: SourceSansPro-Regular}
components:
  tiles:
    type: data
    files: tiles.yaml
    items: tiles
    fields: {name: text}
  maps:
    type: data
    files: maps.yaml
    items: maps
    fields:
      cells:
        type: list
        of: {type: record, fields: {q: int, r: int, tile: {type: ref, to: tiles}}}
        grid: pointy
        key: {"~": sea, "#": land, "X": lava}
"""


def tiny(tmp_path: Path, maps: str) -> Path:
    (tmp_path / "game.yaml").write_text(GAME)
    (tmp_path / "tiles.yaml").write_text("tiles:\n  - {id: sea, name: Sea}\n  - {id: land, name: Land}\n")
    (tmp_path / "maps.yaml").write_text(maps)
    return tmp_path / "game.yaml"


def test_a_game_reads_its_boards_and_locates_what_is_wrong_with_a_cell(tmp_path: Path) -> None:
    from pnp.checks.validate import validate

    report = validate(tiny(tmp_path, "maps:\n  - id: one\n    cells: |\n      ~ # ~\n       # ~ .\n"))
    assert [p.format() for p in report.problems] == []
    assert report.game.sets["maps"].items[0].fields["cells"][-1] == {"q": 1, "r": 1, "tile": "sea"}
    report = validate(tiny(tmp_path, "maps:\n  - id: one\n    cells: |\n      ~ # ~\n       # X .\n"))
    assert [p.format() for p in report.problems] == [
        "maps.yaml:5:10: error: map 'one': cells[4].tile 'lava' names no tile (there are: land, sea) "
        "[unknown-reference]"]
    report = validate(tiny(tmp_path, "maps:\n  - id: one\n    cells: |\n      ~ # ~\n       # x .\n"))
    assert [p.format() for p in report.problems] == [
        "maps.yaml:5:10: error: map 'one': cells: unknown code 'x' (did you mean 'X'?) [board-text]"]
    assert report.game.sets["maps"].items == [] and not report.game.complete  # (the file is left out)


def test_on_a_flat_grid_a_hexs_neighbours_are_the_codes_around_it() -> None:
    """Two lines up and down is the hex above and below in its column; the lines just above
    and below hold the four others, at the same place in the line and the one before (an odd
    column's line) or after (an even column's)."""
    cells = "type: list\nof: {type: record, fields: {q: int, r: int, n: int}}\ngrid: flat"
    text = "".join("      " + " ".join(str(10 * line + i) for i in range(4)) + "\n" for line in range(7))
    found, problems = read(cells, f"maps:\n  - id: one\n    cells: |\n{text}")
    assert problems == []
    at = {c["n"]: (c["q"], c["r"]) for c in found.data["maps"][0]["cells"]}
    from pnp.model.hexes import distance

    for line, i in [(2, 1), (3, 1), (4, 2), (3, 2)]:
        around = {at[n] for n in at if distance(at[n], at[10 * line + i]) == 1}
        shift = -1 if line % 2 == 0 else 1
        assert around == {at[10 * (line + dl) + j] for dl, j in [(-2, i), (2, i), (-1, i), (1, i), (-1, i + shift),
                                                                 (1, i + shift)]}, (line, i)


def test_the_docs_example_is_a_hexagon_round_the_origin() -> None:
    fields_page = Path(__file__).resolve().parents[3] / "docs" / "pages" / "reference" / "fields.md"
    if not fields_page.exists():  # (a mutation run copies pnp and this file alone)
        pytest.skip("no docs/ beside tests/")
    text = fields_page.read_text("utf-8")
    section = text[text.index("\n## Boards drawn as text\n"):]
    blocks = section.split("```yaml\n")[1:3]
    declaration = blocks[0].split("```")[0].split("plateau:\n")[1]
    cells = "\n".join(line[2:] for line in declaration.strip("\n").split("\n"))
    picture = blocks[1].split("```")[0].replace("# cartes/objectifs.yaml\n", "")
    fields, problems = declare(cells.replace("tuile", "tile").replace("tuiles", "tiles"))
    assert problems == []
    data = "maps:\n  - id: one\n" + "".join(f"    {line}\n" for line in picture.replace("plateau", "cells")
                                             .strip("\n").split("\n"))
    found, problems = read(cells.replace("tuile", "tile"), data)
    assert problems == []
    board = found.data["maps"][0]["cells"]
    from pnp.model.hexes import distance

    assert sorted((c["q"], c["r"]) for c in board) == sorted(
        (q, r) for q in range(-2, 3) for r in range(-2, 3) if distance((q, r), (0, 0)) <= 2)
    assert [c["tile"] for c in board if (c["q"], c["r"]) == (0, 0)] == ["depart"]


# --- the edges of the text ----------------------------------------------------------------------

WORDS = ("type: list\nof: {type: record, fields: {col: int, row: int, n: text}}\ngrid: square\n"
         "key: {X: x, \">\": y, '\"\\\\': z, '&': w}")


def test_with_a_key_an_enums_values_are_no_hints() -> None:
    assert drawing("type: list\nof: {type: record, fields: {col: int, row: int, kind: {type: enum, values: [sea, "
                   "land]}}}\ngrid: square\nkey: {S: sea}").hints == ("S",)


def test_fields_without_a_grid_have_no_reader() -> None:
    fields, problems = declare(f"type: list\nof: {TILES}")
    assert problems == [] and not boards.drawn(fields)
    assert reader(fields, "maps", fields, "board") is None


def test_what_is_not_a_board_where_one_may_be_is_left_alone() -> None:
    game = ("fields:\n  name: {type: text, optional: true}\n"
            "  plan: {type: record, optional: true, fields: {cells: {type: list, of: {type: record, fields: "
            "{col: int, row: int, n: int}}, grid: square}}}\n"
            "  levels: {type: list, optional: true, of: {type: record, fields: {cells: {type: list, of: {type: "
            "record, fields: {col: int, row: int, n: int}}, grid: square}}}}\n")
    doc, _ = parse_yaml(game.encode(), "game.yaml")
    fields, problems = parse_fields(doc.data["fields"], doc.locate, ("fields",))
    assert problems == []
    read_boards = reader(fields, "maps", fields, "board")
    for data in ("- 1\n- 2\n", "maps:\n", "maps: {a: 1}\n",
                 "maps:\n  - {id: one, name: [1], plan: cells 1, levels: 3}\nboard: {plan: [cells], levels: x}\n"):
        doc, _ = parse_yaml(data.encode(), "maps.yaml")
        found, problems = read_boards(doc, data.encode())
        assert (found, problems) == (doc, []), data


def test_a_files_boards_may_hold_exactly_as_many_codes_as_it_may(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(boards, "MAX_CODES", 5)
    found, problems = read(FLAT, "maps:\n  - id: one\n    cells: '~ #'\n  - id: two\n    cells: '# . ~'\n")
    assert problems == []
    assert [[c["tile"] for c in m["cells"]] for m in found.data["maps"]] == [["sea", "land"], ["land", "sea"]]


def test_the_same_key_written_in_another_order_gives_the_same_digest() -> None:
    data = "maps:\n  - id: one\n    cells: '~ #'\n"
    found, _ = read(FLAT, data)
    other, _ = read(FLAT.replace('{"~": sea, "#": land, B3: wood-3}', '{B3: wood-3, "#": land, "~": sea}'), data)
    assert other.data == found.data and other.digest == found.digest


def test_a_board_on_the_files_last_line_without_a_line_break() -> None:
    for data, at in (("maps:\n  - {id: one, cells: '~ #'}", "maps.yaml:2:25"),
                     ("maps:\n  - id: one\n    cells: ~ B3", "maps.yaml:3:14"),
                     ("maps:\n  - id: one\n    cells: |\n      ~ #\n      # ~", "maps.yaml:5:9")):
        found, problems = read(FLAT, data)
        last = len(found.data["maps"][0]["cells"]) - 1
        assert problems == [] and str(found.locate(("maps", 0, "cells", last))) == at, data
    assert [c["tile"] for c in found.data["maps"][0]["cells"]] == ["sea", "land", "land", "sea"]


def test_only_spaces_and_tabs_part_codes_and_blank_lines() -> None:
    for cells in ("|\n      X X\n      X X\n", "X X\n", "'X X'\n"):
        found, problems = read(WORDS, f"maps:\n  - id: one\n    cells: {cells}")
        assert problems == [] and [c["n"] for c in found.data["maps"][0]["cells"]] == ["x"] * cells.count("X"), cells
    # an anchor is told apart only before the text: a code may look like one
    found, problems = read(WORDS, "maps:\n  - id: one\n    cells: X & X\n")
    assert problems == [] and [c["n"] for c in found.data["maps"][0]["cells"]] == ["x", "w", "x"]
    # any other blank is a code's
    assert read(FLAT, "maps:\n  - {id: one, cells: \u3000}\n  - {id: two, cells: '\u3000'}\n  - id: three\n"
                      "    cells: |\n      \u3000\n")[1] == [
        "maps.yaml:2:22: error: map 'one': cells: unknown code '\\u3000' (the key's codes: ~, #, B3) [board-text]",
        "maps.yaml:3:23: error: map 'two': cells: unknown code '\\u3000' (the key's codes: ~, #, B3) [board-text]",
        "maps.yaml:6:7: error: map 'three': cells: unknown code '\\u3000' (the key's codes: ~, #, B3) [board-text]"]


def test_a_folded_or_escaped_text_that_begins_as_its_value_is_still_refused() -> None:
    for cells in (">-\n      >", '"\\"\\\\"'):
        found, problems = read(WORDS, f"maps:\n  - id: one\n    cells: {cells}\n")
        assert problems == ["maps.yaml:3:12: error: map 'one': cells: write the board as a literal block (|), a "
                            "line for each row [board-text]"], cells


def test_too_many_codes_on_a_flat_grids_later_lines_are_told_at_the_first_too_many() -> None:
    data = "maps:\n  - id: one\n    cells: |\n      ~ # ~\n       # ~\n      ~ # ~ #\n       # ~ #\n"
    assert read(FLAT, data)[1] == [
        "maps.yaml:6:13: error: map 'one': cells: 4 codes on this line, 3 on the first: the lines of odd columns "
        "have as many (. for no cell) [board-text]",
        "maps.yaml:7:12: error: map 'one': cells: 3 codes on this line, 2 on the second: the lines of even columns "
        "have as many (. for no cell) [board-text]"]


def test_a_code_unknown_twice_is_told_once_more() -> None:
    assert read(FLAT, "maps:\n  - id: one\n    cells: zz ~ zz\n")[1] == [
        "maps.yaml:3:12: error: map 'one': cells: unknown code 'zz' (the key's codes: ~, #, B3), here and 1 more "
        "time on this board [board-text]"]


def test_pointy_rows_shift_every_second_row_from_the_origin() -> None:
    pointy = "type: list\nof: {type: record, fields: {q: int, r: int, n: int}}\ngrid: pointy\norigin: {q: 2, r: -1}"
    found, problems = read(pointy, "maps:\n  - id: one\n    cells: |\n      1 2 3\n       4 5 6\n      7 8 9\n")
    assert problems == []
    assert [(c["q"], c["r"]) for c in found.data["maps"][0]["cells"]] == [
        (2, -1), (3, -1), (4, -1), (2, 0), (3, 0), (4, 0), (1, 1), (2, 1), (3, 1)]
