"""pnp.model.stats: a table per set, a row per group. Without a stats.yaml each printed set with
items gets its count and the sum of its number fields; a stats.yaml gives columns of its own,
a title, notes and a summary, for one table or several (`tables:`), each of any set, its rows
by group or by the values an expression gives its items (`by:`); each is read, worked out and
printed as fixed-width text from small games written in the test."""

from __future__ import annotations

import textwrap
from pathlib import Path
from types import SimpleNamespace

import pytest

from pnp.load.game import load_game
from pnp.model.stats import ITEM_NAMES, NAMES, TABLE_KEYS, _default_spec, load_stats, _text, format_stats, format_table, game_stats, neighbours, table

HEAD = """\
title: Tiny
languages: [en]
fonts: {body: SourceSansPro-Regular}
values: {target: 5}
components:
  cards:
    type: card
    files: cards/*.yaml
    items: cards
    group: {key: suit, fields: {name: text}}
    fields:
      name: text
      power: int
      weight: {type: number, default: 1.5}
      double: {type: int, derived: "power * 2"}
      extra: {type: int, optional: true}
    face: layouts/card.yaml
  chips: {type: token, files: chips.yaml, items: chips, fields: {value: int}, face: layouts/card.yaml}
  kinds: {type: data, files: kinds.yaml, items: kinds, fields: {n: int}}
  board: {type: board, size: a4, face: layouts/card.yaml}
"""
FILES = {
    "cards/a.yaml": "suit: {id: red, name: Red}\ncards:\n  - {id: a1, name: A, power: 3, extra: 2}\n"
                    "  - {id: a2, name: B, power: 1}\n",
    "cards/b.yaml": "suit: {id: blue, name: Blue}\ncards:\n  - {id: b1, name: C, power: 4, weight: 2}\n",
    "chips.yaml": "chips:\n  - {id: c1, value: 1}\n",
    "kinds.yaml": "kinds:\n  - {id: k1, n: 1}\n",
    "layouts/card.yaml": "extends: builtin:card\nboxes: {}\n",
}
STATS = """\
for: cards
title: "{game.title}: {len(items)} in {len(groups)} ({totals.column2})"
group: "{name}!"
columns:
  - {id: count, title: "cards", value: len(items)}
  - {title: "power", value: "sum(c.power for c in items)"}
  - {id: names, title: names, value: "[c.name for c in items]", total: all, align: left}
notes: ["{len(items)} cards in all."]
neighbours: "Next to:"
summary:
  - "{totals.count} cards, {totals.column2} power"
  - {if: "totals.column2 > game.target", text: "over {game.target}"}
  - {if: "totals.column2 < game.target", text: "under {game.target}"}
  - {if: "len(groups) == 2", text: "{groups[0].name} {groups[0].count}"}
"""


def make(tmp_path: Path, stats: str | None = None, manifest: str = HEAD, files: dict[str, str] = FILES):
    """The game written in tmp_path and loaded: it, and its problems as printed."""
    for name, text in {"game.yaml": manifest + ("stats: stats.yaml\n" if stats is not None else ""),
                       **files, **({"stats.yaml": stats} if stats is not None else {})}.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(textwrap.dedent(text), "utf-8")
    game, problems = load_game(tmp_path / "game.yaml")
    assert game is not None
    return game, [p.format() for p in problems]


def test_the_names_a_column_reads() -> None:
    assert NAMES == {"items", "group", "groups", "game", "sets", "totals", "id", "position", "copies", "item"}
    assert ITEM_NAMES == {"item", "group", "items", "game", "sets", "id", "position", "copies"}  # (and its fields)
    assert TABLE_KEYS == ("for", "title", "group", "by", "heading", "columns", "notes", "summary")


def test_the_default_tables(tmp_path: Path) -> None:
    """Each printed set with items (not a board, nor data): its count and each number field's
    sum that is not worked out from others."""
    game, problems = make(tmp_path)
    assert problems == [] and game.stats is None
    spec = _default_spec(game.sets["cards"])
    assert [(c.id, c.total, c.align) for c in spec.columns] == [("items", "sum", "right"), ("power", "sum", "right"),
                                                              ("weight", "sum", "right"), ("extra", "sum", "right")]
    assert (spec.set, spec.title, spec.group, spec.notes, spec.summary, spec.by, spec.heading) == (
        "cards", None, None, (), (), None, None)
    data = game_stats(game)
    assert (data["title"], data["neighbours"], data["neighbours_title"]) == ("Tiny", [], "Neighbours:")
    cards, chips = data["tables"]
    assert cards == {
        "set": "cards", "title": "Tiny: 3 cards in 2 suits", "group": "suit",
        "columns": [{"id": "items", "title": "cards", "align": "right"}, {"id": "power", "title": "power",
                                                                          "align": "right"},
                    {"id": "weight", "title": "weight", "align": "right"},
                    {"id": "extra", "title": "extra", "align": "right"}],
        "groups": [{"id": "red", "name": "Red", "values": {"items": 2, "power": 4, "weight": 3.0, "extra": 2}},
                   {"id": "blue", "name": "Blue", "values": {"items": 1, "power": 4, "weight": 2, "extra": 0}}],
        "totals": {"items": 3, "power": 8, "weight": 5.0, "extra": 2}, "notes": [], "summary": []}
    assert chips["title"] == "Tiny: 1 chip" and chips["group"] == "group" and chips["groups"] == []
    assert chips["totals"] == {"items": 1, "value": 1}  # (no groups: worked out over every item)
    assert format_stats(data) == textwrap.dedent("""\
        Tiny: 3 cards in 2 suits

        suit   cards  power  weight  extra
        -----  -----  -----  ------  -----
        Red        2      4       3      2
        Blue       1      4       2      0
        total      3      8       5      2

        Tiny: 1 chip

        group  chips  value
        -----  -----  -----
        total      1      1
        """)


def test_a_stats_file(tmp_path: Path) -> None:
    game, problems = make(tmp_path, STATS)
    assert problems == []
    spec, = game.stats.tables
    assert [(c.id, c.total, c.align) for c in spec.columns] == [("count", "sum", "right"), ("column2", "sum", "right"),
                                                              ("names", "all", "left")]
    assert spec.set == "cards" and game.stats.neighbours == "Next to:" and len(spec.notes) == 1 and len(spec.summary) == 4
    assert [condition is None for _, condition in spec.summary] == [True, False, False, False]
    data = game_stats(game)
    assert data["neighbours_title"] == "Next to:" and len(data["tables"]) == 1
    assert data["tables"][0] == {
        "set": "cards", "title": "Tiny: 3 in 2 (8)", "group": "suit",
        "columns": [{"id": "count", "title": "cards", "align": "right"},
                    {"id": "column2", "title": "power", "align": "right"},
                    {"id": "names", "title": "names", "align": "left"}],
        "groups": [{"id": "red", "name": "Red!", "values": {"count": 2, "column2": 4, "names": ["A", "B"]}},
                   {"id": "blue", "name": "Blue!", "values": {"count": 1, "column2": 4, "names": ["C"]}}],
        "totals": {"count": 3, "column2": 8, "names": ["A", "B", "C"]},
        "notes": ["3 cards in all."], "summary": ["3 cards, 8 power", "over 5", "Red! 2"]}
    assert format_stats(data) == textwrap.dedent("""\
        Tiny: 3 in 2 (8)

        suit   cards  power  names
        -----  -----  -----  -----
        Red!       2      4  A B
        Blue!      1      4  C
        total      3      8  A B C

        3 cards in all.
        3 cards, 8 power
        over 5
        Red! 2
        """)


def test_totals_that_are_not_numbers(tmp_path: Path) -> None:
    stats = STATS.replace('title: "{game.title}: {len(items)} in {len(groups)} ({totals.column2})"\n', "").replace(
        'group: "{name}!"\n', "").replace("total: all, align: left", "align: right").replace(
        '{title: "power", value: "sum(c.power for c in items)"}', '{id: p, title: "power", value: "1", total: none}')
    game, problems = make(tmp_path, stats.split("neighbours:")[0])
    assert problems == []
    t = table(game, game.stats.tables[0])
    assert t["title"] == "Tiny: 3 cards in 2 suits"
    assert t["totals"] == {"count": 3, "p": "", "names": ""}  # (a list in a row: no sum)
    assert [g["name"] for g in t["groups"]] == ["Red", "Blue"]
    assert format_table(t) == ["Tiny: 3 cards in 2 suits", "", "suit   cards  power  names",
                               "-----  -----  -----  -----", "Red        2      1    A B", "Blue       1      1      C",
                               "total      3", "", "3 cards in all."]
    assert game_stats(game)["neighbours_title"] == "Neighbours:"


def test_what_is_wrong_with_a_stats_file(tmp_path: Path) -> None:
    stats = """\
        for: cards
        title: "{nope}"
        group: "{"
        columns:
          - {title: "{items", value: len(items)}
          - {title: ok, value: "power +"}
          - {title: fine, value: "sum(c.power for c in items)"}
        notes: ["{totals}", "{ghost}"]
        summary:
          - "{column3} {ghost}"
          - {if: "len(", text: "x"}
          - {text: "{column1}"}
        """
    game, problems = make(tmp_path, stats)
    assert game.stats is None
    assert problems == [
        "stats.yaml:5:13: error: columns.0.title: unclosed '{' (write '{{' for a literal '{') in '{items' [schema]",
        "stats.yaml:6:24: error: columns.1.value: syntax error: invalid syntax in 'power +' [schema]",
        "stats.yaml:10:5: error: summary.0.text: unknown name 'ghost' in '{column3} {ghost}' [schema]",
        "stats.yaml:11:10: error: summary.1.if: syntax error: '(' was never closed in 'len(' [schema]",
        "stats.yaml:12:12: error: summary.2.text: unknown name 'column1' (did you mean 'column3'?) in '{column1}' "
        "[schema]",
        "stats.yaml:8:21: error: notes.1: unknown name 'ghost' in '{ghost}' [schema]",
        "stats.yaml:2:8: error: title: unknown name 'nope' (did you mean 'copies'?) in '{nope}' [schema]",
        "stats.yaml:3:8: error: group: unclosed '{' (write '{{' for a literal '{') in '{' [schema]",
    ]


def test_stats_of_a_set_that_is_not_there(tmp_path: Path) -> None:
    game, problems = make(tmp_path, "for: ghosts\ncolumns: [{title: x, value: '1'}]\n")
    assert problems == ["stats.yaml:1:6: error: for: 'ghosts' is not a set (sets: board, cards, chips, kinds) [schema]"]
    assert game.stats is None


def test_stats_of_a_set_that_did_not_load(tmp_path: Path) -> None:
    """Nothing, and no problem: the set's own are reported."""
    game, _ = make(tmp_path)
    doc = SimpleNamespace(data={"for": "cards", "columns": [{"title": "x", "value": "nope"}]})
    assert load_stats(doc, game.sets, frozenset({"cards"})) == (None, [])
    assert load_stats(doc, {}, frozenset({"cards"})) == (None, [])


def test_no_table_for_a_set_of_items_of_another(tmp_path: Path) -> None:
    manifest = HEAD + "  marks: {type: token, items_of: chips, copies: 2, face: layouts/card.yaml}\n"
    game, problems = make(tmp_path, manifest=manifest)
    assert problems == [] and [t["set"] for t in game_stats(game)["tables"]] == ["cards", "chips"]


@pytest.mark.parametrize(("value", "shown"), [
    ("x", "x"), ([], "-"), (["a", 1, 2.5], "a 1 2.5"), ([[1, 2], []], "1 2 -"), (3, "3"), (2.0, "2"), (None, ""),
    (True, "true"),
])
def test_text(value, shown: str) -> None:
    assert _text(value) == shown


def test_format_table_of_a_set_without_groups() -> None:
    data = {"title": "T", "group": "kind", "columns": [{"id": "a", "title": "alpha", "align": "left"},
                                                      {"id": "b", "title": "b", "align": "right"}],
            "groups": [], "totals": {"a": "x", "b": 12345}, "notes": []}
    assert format_table(data) == ["T", "", "kind   alpha      b", "-----  -----  -----", "total  x      12345"]
    data["columns"][1]["align"] = "left"
    assert format_table(data) == ["T", "", "kind   alpha  b", "-----  -----  -", "total  x      12345"]


def test_format_stats_with_neighbours() -> None:
    data = {"tables": [], "neighbours_title": "Next:", "neighbours": [
        {"area": "a", "name": "Alba", "group": "North", "neighbours": ["b", "c"]},
        {"area": "b", "name": "Bea", "group": "Bea", "neighbours": ["a"]},
        {"area": "c", "name": "Cy", "group": None, "neighbours": []}]}
    assert format_stats(data) == "\nNext:\n  Alba (North)  Bea, Cy\n  Bea           Alba\n  Cy            -\n\n"
    assert format_stats({"tables": [], "neighbours": []}) == "\n"


def test_neighbours_of_a_game_without_an_area_map(tmp_path: Path) -> None:
    game, _ = make(tmp_path)
    assert neighbours(game) == []


TABLES = """\
tables:
  - for: cards
    columns:
      - {id: count, title: cards, value: len(items)}
  - for: cards
    by: power
    columns:
      - {id: count, title: cards, value: len(items)}
      - {id: names, title: names, value: "[c.name for c in items]", align: left, total: none}
    summary: ["{len(groups)} powers, the most {groups[-1].name}: {groups[-1].names}"]
  - for: kinds
    by: "'odd' if n % 2 else 'even'"
    group: "{value}!"
    heading: parity
    title: "{len(items)} kinds"
    columns: [{id: n, title: n, value: "sum(k.n for k in items)"}]
    notes: ["{len(items)} in all"]
  - for: cards
    by: "[name, 'all']"
    heading: name
    columns: [{title: cards, value: len(items), total: all}]
  - for: cards
    by: extra
    group: "{name} ({value})"
    columns: [{title: cards, value: len(items)}]
neighbours: "Next to:"
"""
KINDS = "kinds:\n  - {id: k1, n: 1}\n  - {id: k2, n: 2}\n  - {id: k3, n: 4}\n"


def test_several_tables_by_group_or_by_value(tmp_path: Path) -> None:
    """Rows by a field's value in order of number, by any expression's (a data set's too) as
    they first come, each element of a list a row of its own; none a row of its own."""
    game, problems = make(tmp_path, TABLES, files={**FILES, "kinds.yaml": KINDS})
    assert problems == []
    assert [t.set for t in game.stats.tables] == ["cards", "cards", "kinds", "cards", "cards"]
    assert [t.by.source if t.by else None for t in game.stats.tables] == [
        None, "power", "'odd' if n % 2 else 'even'", "[name, 'all']", "extra"]
    data = game_stats(game)
    assert data["neighbours_title"] == "Next to:"
    assert data["tables"][2] == {
        "set": "kinds", "title": "3 kinds", "group": "parity", "columns": [{"id": "n", "title": "n", "align": "right"}],
        "groups": [{"id": "odd", "name": "odd!", "values": {"n": 1}}, {"id": "even", "name": "even!", "values": {"n": 6}}],
        "totals": {"n": 7}, "notes": ["3 in all"], "summary": []}
    assert format_stats(data) == textwrap.dedent("""\
        Tiny: 3 cards in 2 suits

        suit   cards
        -----  -----
        Red        2
        Blue       1
        total      3

        Tiny: 3 cards by power

        power  cards  names
        -----  -----  -----
        1          1  B
        3          1  A
        4          1  C
        total      3

        3 kinds

        parity  n
        ------  -
        odd!    1
        even!   6
        total   7

        3 in all

        Tiny: 3 cards by [name, 'all']

        name   cards
        -----  -----
        A          1
        all        3
        B          1
        C          1
        total      3

        Tiny: 3 cards by extra

        extra    cards
        -------  -----
        2 (2)        1
        none ()      2
        total        3
        3 powers, the most 4: C
        """)


def test_rows_by_a_record(tmp_path: Path) -> None:
    """A value that is a record (a group, an item another refers to) is a row by its id, named
    by its name; a row's columns read it as `value` (none in a total: all)."""
    game, problems = make(tmp_path, """\
        for: cards
        by: group
        heading: by suit
        columns:
          - {id: suit, title: suit, value: value.id, align: left}
          - {id: none, title: none, value: "value == none", total: all}
        """)
    assert problems == []
    rows = game_stats(game)["tables"][0]
    assert [(r["id"], r["name"], r["values"]) for r in rows["groups"]] == [
        ("Red", "Red", {"suit": "red", "none": False}), ("Blue", "Blue", {"suit": "blue", "none": False})]
    assert rows["totals"] == {"suit": "", "none": True} and rows["group"] == "by suit"
    assert rows["title"] == "Tiny: 3 cards by group"  # (the heading heads its column alone)
    # a record without a name by its id; a row's columns see the game as any column does
    game, problems = make(tmp_path, """\
        for: chips
        by: item
        columns: [{id: under, title: under, value: "sum(c.value for c in items) < game.target"}]
        """)
    assert problems == []
    chips = game_stats(game)["tables"][0]
    assert [(r["id"], r["name"], r["values"]) for r in chips["groups"]] == [("c1", "c1", {"under": True})]


def test_what_is_wrong_with_a_file_of_tables(tmp_path: Path) -> None:
    def problems_of(stats: str) -> list[str]:
        game, problems = make(tmp_path, stats)
        assert game.stats is None
        return problems

    assert problems_of("tables:\n  - {for: cards, columns: [{title: x, value: '1'}]}\nfor: cards\n") == [
        "stats.yaml:3:1: error: for: a table's key beside tables: (give each table its keys under tables:, or one "
        "table at the top without tables:) [schema]"]
    assert problems_of("title: x\n") == [
        "stats.yaml:1:1: error: missing required key 'for' (or give tables: a list of tables, each with for: and "
        "columns:) [schema]"]
    assert problems_of("for: cards\n") == [
        "stats.yaml:1:1: error: missing required key 'columns' (or give tables: a list of tables, each with for: and "
        "columns:) [schema]"]
    assert problems_of("""\
        tables:
          - {for: ghosts, columns: [{title: x, value: "1"}]}
          - {for: cards, by: nope, columns: [{title: x, value: "value + name"}]}
          - {for: cards, columns: [{title: x, value: "value"}], group: "{value}"}
        """) == [
        "stats.yaml:2:11: error: tables.0.for: 'ghosts' is not a set (sets: board, cards, chips, kinds) [schema]",
        "stats.yaml:3:22: error: tables.1.by: unknown name 'nope' (did you mean 'copies'?) in 'nope' [schema]",
        "stats.yaml:3:56: error: tables.1.columns.0.value: unknown name 'name' (did you mean 'game'?) in "
        "'value + name' [schema]",
        "stats.yaml:4:46: error: tables.2.columns.0.value: unknown name 'value' in 'value' [schema]",
        "stats.yaml:4:64: error: tables.2.group: unknown name 'value' in '{value}' [schema]"]
    assert problems_of("tables:\n  - {for: cards}\n  - {for: cards, columns: [{title: x, value: '1'}], bye: x}\n") == [
        "stats.yaml:2:5: error: tables[0]: missing required key 'columns' [schema]",
        "stats.yaml:3:53: error: tables[1]: unknown key 'bye' (did you mean 'by'?) [schema]"]


def test_tables_of_sets_that_did_not_load_are_left_out(tmp_path: Path) -> None:
    game, _ = make(tmp_path)
    tables = [{"for": "cards", "columns": [{"title": "x", "value": "1"}]},
              {"for": "chips", "columns": [{"title": "y", "value": "2"}]}]
    found, problems = load_stats(SimpleNamespace(data={"tables": tables}), game.sets, frozenset({"cards"}))
    assert problems == [] and [t.set for t in found.tables] == ["chips"] and found.neighbours is None
    assert load_stats(SimpleNamespace(data={"tables": tables}), game.sets, frozenset({"cards", "chips"})) == (None, [])
