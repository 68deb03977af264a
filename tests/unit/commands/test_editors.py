"""pnp.commands.editors: the JSON Schemas of a game's files for the designer's editor, written into a
folder through no link, the ones an earlier run wrote and nobody changed removed, and the
first line that points a file at its schema."""

from __future__ import annotations

import hashlib
import json
import os
import textwrap
from pathlib import Path

import jsonschema
import pytest
import yaml

from pnp.commands.editors import (ALWAYS, BESIDE, KEY, MAPS, MAX_READ_BYTES, MAX_SETTINGS_BYTES, RECORD, SETTINGS,
                                  Refused, SchemaFile, anchor, enumerate_references, make_folder, mapping, modeline,
                                  place, read_file, schema_files, write, write_file, write_settings)
from pnp.load.game import load_game


def game_in(folder: Path):
    files = {
        "game.yaml": """\
            title: T
            languages: [en]
            fonts: {body: SourceSansPro-Regular}
            checks: checks.yaml
            components:
              cards: {type: card, files: cards.yaml, items: cards, fields: {name: text}, face: layouts/card.yaml}
              more: {type: card, files: more.yaml, items: cards, fields: {name: text}, face: layouts/card.yaml}
              other: {type: card, files: other.yaml, items: other, fields: {n: int}, face: layouts/card.yaml}
              board: {type: board, size: a4, face: layouts/card.yaml}
            """,
        "cards.yaml": "cards: [{id: a, name: A}]\n", "more.yaml": "cards: [{id: b, name: B}]\n",
        "other.yaml": "other: [{id: c, n: 1}]\n", "checks.yaml": "[]\n",
        "layouts/card.yaml": "extends: builtin:card\nboxes: {}\n"}
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(textwrap.dedent(text), "utf-8")
    game, problems = load_game(folder / "game.yaml")
    assert game is not None and not problems, [p.format() for p in problems]
    return game


def test_the_constants() -> None:
    assert ALWAYS == ("game", "layout", "checks", "stats", "glossary") and MAPS == ("board", "land", "rivers", "ranges")
    assert RECORD == ".pnp-schemas.json" and MAX_READ_BYTES == 16_000_000
    assert (SETTINGS, BESIDE, KEY, MAX_SETTINGS_BYTES) == (".vscode/settings.json", ".vscode/settings.pnp.json",
                                                           "yaml.schemas", 1_000_000)
    error = Refused(Path("/x/y"), "is a link")
    assert (str(error), error.path, error.reason) == ("/x/y is a link", Path("/x/y"), "is a link")


def test_schema_files(tmp_path: Path) -> None:
    found = schema_files("game.yaml", game_in(tmp_path))
    assert [(f.path, f.files) for f in found] == [
        ("game.schema.json", ("game.yaml",)), ("layout.schema.json", ("layouts/card.yaml",)),
        ("checks.schema.json", ("checks.yaml",)), ("stats.schema.json", ()), ("glossary.schema.json", ()),
        ("components/cards.schema.json", ("cards.yaml",)),
        ("components/more.schema.json", ("more.yaml",)),  # (the same fields, but a schema of its own: see below)
        ("components/other.schema.json", ("other.yaml",)),
    ]
    assert found[0].schema["$schema"] == "http://json-schema.org/draft-07/schema#"
    assert found[5].schema["title"] == ("pnp: the files of the component set 'cards', with the fields game.yaml "
                                        "declares")
    assert {**found[5].schema, "title": ""} == {**found[6].schema, "title": ""}


def test_schema_files_without_a_game() -> None:
    found = schema_files("mine.yaml", None)
    assert [(f.path, f.files) for f in found] == [("game.schema.json", ("mine.yaml",)), ("layout.schema.json", ()),
                                                  ("checks.schema.json", ()), ("stats.schema.json", ()),
                                                  ("glossary.schema.json", ())]


def test_schema_files_of_a_map(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    game = game_in(tmp_path)
    doc = game.documents["other.yaml"]
    monkeypatch.setattr(doc, "schema", "land", raising=False)
    assert [(f.path, f.files) for f in schema_files("game.yaml", game)][5:7] == [
        ("land.schema.json", ("other.yaml",)), ("components/cards.schema.json", ("cards.yaml",))]


def test_anchor(tmp_path: Path) -> None:
    assert anchor(tmp_path / "game" / "schemas", tmp_path / "game") == (tmp_path / "game", "schemas")
    assert anchor(tmp_path / "game" / "a" / "b", tmp_path / "game") == (tmp_path / "game", "a/b")
    assert anchor(tmp_path / "game", tmp_path / "game") == (tmp_path / "game", ".")
    assert anchor(tmp_path / "elsewhere", tmp_path / "game") == (tmp_path / "elsewhere", ".")
    assert anchor(tmp_path / "game-x", tmp_path / "game") == (tmp_path / "game-x", ".")
    os.chdir(tmp_path)
    assert anchor(Path("game/./s"), Path("game")) == (tmp_path / "game", "s")


def test_place(tmp_path: Path) -> None:
    (tmp_path / "a" / "b").mkdir(parents=True)
    (tmp_path / "a" / "f.json").write_text("{}", "utf-8")
    assert place(tmp_path, "a/b/x.json") == tmp_path / "a" / "b" / "x.json"
    assert place(tmp_path, "a/f.json") == tmp_path / "a" / "f.json"
    assert place(tmp_path, "new/deeper/x.json") == tmp_path / "new" / "deeper" / "x.json"
    assert place(tmp_path, "a/b", "folder") == tmp_path / "a" / "b"
    assert place(tmp_path, ".", "folder") == tmp_path
    assert place(tmp_path / "missing", "x.json") == tmp_path / "missing" / "x.json"


@pytest.mark.parametrize(("relative", "kind", "where", "reason"), [
    ("../x.json", "file", "../x.json", "lies outside the folder pnp writes into"),
    ("/x.json", "file", "/x.json", "lies outside the folder pnp writes into"),
    ("a/./x.json", "file", "a/./x.json", "lies outside the folder pnp writes into"),
    ("a//x.json", "file", "a//x.json", "lies outside the folder pnp writes into"),
    ("a\0x", "file", "a\0x", "lies outside the folder pnp writes into"),
    ("a/f.json/x", "file", "a/f.json", "is not a folder"),
    ("a/f.json", "folder", "a/f.json", "is not a folder"),
    ("a/b", "file", "a/b", "is not a file"),
    ("a/pipe", "file", "a/pipe", "is not a file"),
    ("a/link/x.json", "file", "a/link", "is a link, and pnp writes through no link"),
    ("a/link", "folder", "a/link", "is a link, and pnp writes through no link"),
    ("a/dangling", "file", "a/dangling", "is a link, and pnp writes through no link"),
    ("a/loop/x", "file", "a/loop", "is a link, and pnp writes through no link"),
])
def test_place_refused(tmp_path: Path, relative: str, kind: str, where: str, reason: str) -> None:
    (tmp_path / "a" / "b").mkdir(parents=True)
    (tmp_path / "a" / "f.json").write_text("{}", "utf-8")
    os.mkfifo(tmp_path / "a" / "pipe")
    (tmp_path / "a" / "link").symlink_to(tmp_path / "a" / "b")
    (tmp_path / "a" / "dangling").symlink_to(tmp_path / "nowhere")
    (tmp_path / "a" / "loop").symlink_to("loop")
    with pytest.raises(Refused) as raised:
        place(tmp_path, relative, kind)
    assert (raised.value.path, raised.value.reason) == (tmp_path / where, reason)


def test_place_within_what_is_not_a_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "file").write_text("x", "utf-8")
    with pytest.raises(Refused) as raised:
        place(tmp_path / "file", "x.json")
    assert str(raised.value) == f"{tmp_path / 'file'} is not a folder"
    (tmp_path / "via").symlink_to(tmp_path / "real")
    (tmp_path / "real").mkdir()
    assert place(tmp_path / "via", "x.json") == tmp_path / "via" / "x.json"  # (the user's own link, to the folder)
    with pytest.raises(Refused) as raised:
        place(tmp_path / "file" / "below", "x.json")
    assert str(raised.value) == f"{tmp_path / 'file' / 'below'} cannot be used (Not a directory)"
    lstat = os.lstat

    def failing(path, *args, **kwargs):
        if str(path).endswith("real/x.json"):
            raise PermissionError(13, "Permission denied")
        return lstat(path, *args, **kwargs)
    monkeypatch.setattr(os, "lstat", failing)
    with pytest.raises(Refused) as raised:
        place(tmp_path / "real", "x.json")
    assert str(raised.value) == f"{tmp_path / 'real' / 'x.json'} cannot be read (Permission denied)"


def test_make_folder(tmp_path: Path) -> None:
    assert make_folder(tmp_path / "new", "a/b") == tmp_path / "new" / "a" / "b"
    assert (tmp_path / "new" / "a" / "b").is_dir()
    assert make_folder(tmp_path / "new", "a/b") == tmp_path / "new" / "a" / "b"  # (there already)
    assert make_folder(tmp_path / "other", ".") == tmp_path / "other" and (tmp_path / "other").is_dir()
    (tmp_path / "new" / "a" / "f").write_text("x", "utf-8")
    with pytest.raises(Refused) as raised:
        make_folder(tmp_path / "new", "a/f/g")
    assert str(raised.value) == f"{tmp_path / 'new' / 'a' / 'f'} is not a folder"


def test_make_folder_that_cannot_be_made(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    mkdir = Path.mkdir

    def failing(self, *args, **kwargs):
        if self.name == "b":
            raise OSError(28, "No space left on device")
        return mkdir(self, *args, **kwargs)
    monkeypatch.setattr(Path, "mkdir", failing)
    with pytest.raises(Refused) as raised:
        make_folder(tmp_path, "a/b/c")
    assert str(raised.value) == f"{tmp_path / 'a' / 'b'} cannot be made (No space left on device)"
    assert (tmp_path / "a").is_dir()


def test_write_and_read_a_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert write_file(tmp_path, "a/b/x.json", b"{}") == tmp_path / "a" / "b" / "x.json"
    assert read_file(tmp_path, "a/b/x.json", 10) == b"{}"
    assert write_file(tmp_path, "top.json", b"1") == tmp_path / "top.json"
    assert read_file(tmp_path, "top.json", 0) is None  # (more than its limit)
    assert read_file(tmp_path, "missing.json", 10) is None
    (tmp_path / "link.json").symlink_to(tmp_path / "top.json")
    assert read_file(tmp_path, "link.json", 10) is None
    with pytest.raises(Refused) as raised:
        write_file(tmp_path, "link.json", b"2")
    assert raised.value.reason == "is a link, and pnp writes through no link"
    assert (tmp_path / "top.json").read_bytes() == b"1"
    import pnp.load.files

    def no_room(path, data) -> None:
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(pnp.load.files, "write_atomic", no_room)
    with pytest.raises(Refused) as raised:
        write_file(tmp_path, "y.json", b"{}")
    assert str(raised.value) == f"{tmp_path / 'y.json'} cannot be written (No space left on device)"


def schemas(*names: str) -> list[SchemaFile]:
    return [SchemaFile(name, {"title": name}, ()) for name in names]


def test_write(tmp_path: Path) -> None:
    folder = tmp_path / "schemas"
    assert write(folder, schemas("a.schema.json", "components/b.schema.json")) == []
    assert (folder / "a.schema.json").read_text("utf-8") == '{\n  "title": "a.schema.json"\n}\n'
    record = json.loads((folder / RECORD).read_text("utf-8"))
    digest = hashlib.sha256(b'{\n  "title": "a.schema.json"\n}\n').hexdigest()
    assert record == {"files": {"a.schema.json": digest, "components/b.schema.json": hashlib.sha256(
        b'{\n  "title": "components/b.schema.json"\n}\n').hexdigest()}}
    assert (folder / RECORD).read_text("utf-8").startswith('{\n "files": {\n  "a.schema.json"')
    # one no longer written is removed: as pnp wrote it, not once the designer changed it
    (folder / "a.schema.json").write_text('{"mine": true}\n', "utf-8")
    assert write(folder, schemas("c.schema.json", "é.schema.json")) == ["components/b.schema.json"]
    assert sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()) == [
        ".pnp-schemas.json", "a.schema.json", "c.schema.json", "é.schema.json"]
    assert (folder / "é.schema.json").read_text("utf-8") == '{\n  "title": "é.schema.json"\n}\n'
    assert write(folder, []) == ["c.schema.json", "é.schema.json"]
    assert write(folder, []) == [] and (folder / "a.schema.json").exists()


@pytest.mark.parametrize("record", [
    "not json", "[]", '{"files": []}', '{"files": {"x.json": 3}}', '{"files": {"../x.json": "d"}}', "",
    '{"other": 1}',
])
def test_a_record_that_names_nothing_to_remove(tmp_path: Path, record: str) -> None:
    folder = tmp_path / "schemas"
    folder.mkdir()
    (folder / RECORD).write_text(record, "utf-8")
    (tmp_path / "x.json").write_text("x", "utf-8")
    (folder / "x.json").write_text("x", "utf-8")
    assert write(folder, schemas("a.schema.json")) == []
    assert (tmp_path / "x.json").exists() and (folder / "x.json").exists()


def test_what_a_record_names_through_a_link_is_left(tmp_path: Path) -> None:
    folder, elsewhere = tmp_path / "schemas", tmp_path / "elsewhere"
    write(folder, schemas("sub/a.schema.json"))
    elsewhere.mkdir()
    os.replace(folder / "sub" / "a.schema.json", elsewhere / "a.schema.json")
    (folder / "sub").rmdir()
    (folder / "sub").symlink_to(elsewhere)
    assert write(folder, []) == [] and (elsewhere / "a.schema.json").exists()


def test_write_refuses_a_link_before_writing(tmp_path: Path) -> None:
    game = tmp_path / "game"
    (game / "schemas").mkdir(parents=True)
    (tmp_path / "elsewhere").mkdir()
    (game / "schemas" / "components").symlink_to(tmp_path / "elsewhere")
    with pytest.raises(Refused) as raised:
        write(game / "schemas", schemas("a.schema.json", "components/b.schema.json"), within=game)
    assert raised.value.path == game / "schemas" / "components"
    assert list((game / "schemas").iterdir()) == [game / "schemas" / "components"]  # nothing written
    (game / "schemas" / "components").unlink()
    (game / "schemas").rmdir()
    (game / "schemas").symlink_to(tmp_path / "elsewhere")  # the folder itself, below the game's: refused
    with pytest.raises(Refused):
        write(game / "schemas", schemas("a.schema.json"), within=game)
    assert write(game / "schemas", schemas("a.schema.json")) == []  # (named by the user: theirs to follow)
    assert (tmp_path / "elsewhere" / "a.schema.json").exists()


def test_write_below_the_game_folder(tmp_path: Path) -> None:
    game = tmp_path / "game"
    game.mkdir()
    assert write(game / "deep" / "schemas", schemas("a.schema.json"), within=game) == []
    assert (game / "deep" / "schemas" / "a.schema.json").exists() and (game / "deep" / "schemas" / RECORD).exists()
    assert write(tmp_path / "out", schemas("b.schema.json"), within=game) == []
    assert (tmp_path / "out" / "b.schema.json").exists()


def test_modeline(tmp_path: Path) -> None:
    item = SchemaFile("components/cards.schema.json", {}, ())
    assert modeline(tmp_path, "cards/red.yaml", tmp_path / "schemas", item) == \
        "# yaml-language-server: $schema=../schemas/components/cards.schema.json\n"
    assert modeline(tmp_path, "game.yaml", tmp_path / "schemas", SchemaFile("game.schema.json", {}, ())) == \
        "# yaml-language-server: $schema=schemas/game.schema.json\n"
    assert modeline(tmp_path / "g", "game.yaml", tmp_path / "out", item) == \
        "# yaml-language-server: $schema=../out/components/cards.schema.json\n"


# --- schemas older than the game: what validation warns of (stale-schemas) ---------------------


@pytest.mark.parametrize("record", ["", "not json", "[1]", '{"files": 3}', '{"files": {"a": 1, "2": "x"}}'])
def test_what_pnp_schema_recorded(tmp_path: Path, record: str) -> None:
    from pnp.commands.editors import recorded, stamp

    assert recorded(tmp_path) is None and stamp(tmp_path) is None
    (tmp_path / "schemas").mkdir()
    (tmp_path / "schemas" / RECORD).write_text(record)
    assert recorded(tmp_path) == ({"2": "x"} if record.startswith('{"files": {') else None)
    found = (tmp_path / "schemas" / RECORD).stat()
    assert stamp(tmp_path) == (found.st_mtime_ns, len(record))


def test_stale_schemas(tmp_path: Path) -> None:
    from pnp.commands.editors import serialised, stale

    game = game_in(tmp_path)
    assert stale(game) == []  # never written
    found = schema_files("game.yaml", game)
    write(tmp_path / "schemas", found, within=tmp_path)
    assert stale(game) == []
    assert json.loads(serialised(found[0])) == found[0].schema
    record = json.loads((tmp_path / "schemas" / RECORD).read_text())
    record["files"]["components/cards.schema.json"] = "older"
    record["files"]["game.schema.json"] = "older"
    del record["files"]["components/other.schema.json"], record["files"]["layout.schema.json"]
    (tmp_path / "schemas" / RECORD).write_text(json.dumps(record))
    # a set's schema changed or never written; one of pnp's own changed (one not written then is not looked for)
    assert [(item.path, written) for item, written in stale(game)] == [
        ("game.schema.json", True), ("components/cards.schema.json", True), ("components/other.schema.json", False)]


# --- what a reference may name, listed for the editor -----------------------------------------

ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0L10 10"/></svg>'
NAMING = {
    "game.yaml": """\
        title: T
        languages: [en]
        fonts: {body: SourceSansPro-Regular}
        checks: checks.yaml
        components:
          cards:
            type: card
            files: [north.yaml, south.yaml]
            items: cards
            group: {key: suit, fields: {area: {type: ref, to: areas}, mark: icon}}
            fields:
              rank: {type: int, optional: true}
              follows: {type: list, of: int, default: [], any: "[c.rank for c in items if c.rank != none]"}
              boss: {type: ref, to: cards.rank, within: group, optional: true}
              home: {type: ref, to: areas, optional: true}
              visits: {type: list, of: {type: ref, to: areas}, default: []}
              seat: {type: record, fields: {at: {type: ref, to: areas}, n: int}, optional: true}
              named: {type: ref, to: areas.name, optional: true}
              tag: {derived: "rank"}
            face: layouts/card.yaml
          areas: {type: card, files: areas.yaml, items: areas, fields: {name: text}, face: layouts/card.yaml}
        """,
    "north.yaml": """\
        suit: {id: north, area: hills, mark: star}
        cards:
          - {id: king, rank: 1, follows: [2], home: hills, visits: [lakes], seat: {at: hills, n: 1}}
          - {id: ship, rank: 2, boss: 1, follows: any}
        """,
    "south.yaml": "suit: {id: south, area: lakes, mark: moon}\ncards: [{id: queen, rank: 3}, {id: fort}]\n",
    "areas.yaml": "areas: [{id: hills, name: Hills}, {id: lakes, name: Lakes}]\n",
    "checks.yaml": """\
        - {id: a, doc: d, for: cards, references: follows, to: cards.rank, within: group, message: "{value}"}
        - {id: b, doc: d, severity: warning, for: cards, references: rank, to: areas.id, message: "{value}"}
        - {id: c, doc: d, for: cards, where: "rank != none", references: rank, to: cards.rank, message: "{value}"}
        - {id: d, doc: d, for: cards.groups, references: area, message: "{value}"}
        """,
    "layouts/card.yaml": "extends: builtin:card\nboxes: {}\n",
    "icons/star.svg": ICON, "icons/moon.svg": ICON,
}


def naming_game(folder: Path):
    for name, text in NAMING.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(textwrap.dedent(text), "utf-8")
    game, problems = load_game(folder / "game.yaml")
    assert game is not None and not problems, [p.format() for p in problems]
    return game


def test_references_list_what_they_may_name(tmp_path: Path) -> None:
    """A ref field's targets (ids, or a field's values; within the group, for each group), an
    icon field's icons, and a field a check of error severity for all the set's records says
    names something: each value described as messages name its item."""
    game = naming_game(tmp_path)
    cards = next(item for item in schema_files("game.yaml", game) if item.path == "components/cards.schema.json")
    schema = cards.schema
    areas = {"enum": ["hills", "lakes"], "markdownEnumDescriptions": ["area 'hills'", "area 'lakes'"]}
    suit, item = schema["properties"]["suit"]["properties"], schema["properties"]["cards"]["items"]["properties"]
    assert {key: suit["area"][key] for key in areas} == areas  # (the ref field and the check d agree)
    assert {key: suit["mark"][key] for key in areas} == {"enum": ["moon", "star"],
                                                         "markdownEnumDescriptions": ["icons/moon.svg", "icons/star.svg"]}
    assert {key: item["home"][key] for key in areas} == areas
    assert {key: item["visits"]["items"][key] for key in areas} == areas
    assert {key: item["seat"]["properties"]["at"][key] for key in areas} == areas
    assert "enum" not in item["seat"]["properties"]["n"]
    assert "enum" not in item["named"]  # (a text names nothing the editor can list)
    assert "enum" not in item["rank"]  # (the check b is a warning, and c is for some cards only)
    assert "enum" not in item["follows"]["else"]["items"] and "enum" not in item["boss"]  # (within the group: below)

    def within(suit: str, field: str, listed: dict) -> dict:
        return {"if": {"required": ["suit"], "properties": {"suit": {"required": ["id"], "properties": {
            "id": {"const": suit}}}}}, "then": {"properties": {"cards": {"items": {"properties": {field: listed}}}}}}

    north = {"enum": [1, 2], "markdownEnumDescriptions": ["card 'king'", "card 'ship'"]}
    south = {"enum": [3], "markdownEnumDescriptions": ["card 'queen'"]}
    assert schema["allOf"] == [within("north", "boss", north), within("south", "boss", south),
                               within("north", "follows", {"items": north}), within("south", "follows", {"items": south})]
    validator = jsonschema.Draft7Validator(schema)
    for file in ("north.yaml", "south.yaml"):
        assert list(validator.iter_errors(yaml.safe_load((tmp_path / file).read_text("utf-8")))) == []
    wrong = yaml.safe_load((tmp_path / "south.yaml").read_text("utf-8"))
    wrong["cards"][1].update(follows=[1], home="woods")
    wrong["suit"]["mark"] = "sun"
    assert sorted((list(e.absolute_path), e.message) for e in validator.iter_errors(wrong)) == [
        (["cards", 1, "follows", 0], "1 is not one of [3]"),
        (["cards", 1, "home"], "'woods' is not one of ['hills', 'lakes']"),
        (["suit", "mark"], "'sun' is not one of ['moon', 'star']")]


def test_references_are_listed_only_for_a_game_wholly_read(tmp_path: Path) -> None:
    game = naming_game(tmp_path)
    cards = game.sets["cards"]
    schema = {"properties": {"suit": {"properties": {"area": {}}}}}
    assert enumerate_references(game, cards, schema)["properties"]["suit"]["properties"]["area"]["enum"] == \
        ["hills", "lakes"]
    assert schema == {"properties": {"suit": {"properties": {"area": {}}}}}  # (a copy: the schema is left as it is)
    game.complete = False
    assert enumerate_references(game, cards, schema) is schema and enumerate_references(None, cards, schema) is schema
    game.complete = True
    game.sets["areas"].items.clear()  # nothing to name: nothing listed (else every value would be refused)
    listed = enumerate_references(game, cards, {"properties": {"suit": {"properties": {"area": {}, "mark": {}}}}})
    assert listed["properties"]["suit"]["properties"]["area"] == {}
    assert listed["properties"]["suit"]["properties"]["mark"]["enum"] == ["moon", "star"]
    game.icons.clear()
    listed = enumerate_references(game, cards, {"properties": {"suit": {"properties": {"area": {}, "mark": {}}}}})
    assert listed["properties"]["suit"]["properties"] == {"area": {}, "mark": {}}


# --- VS Code's mapping: yaml.schemas in .vscode/settings.json ---------------------------------

FOUND = [SchemaFile("game.schema.json", {}, ("game.yaml",)), SchemaFile("stats.schema.json", {}, ()),
         SchemaFile("components/cards.schema.json", {}, ("cards/a.yaml", "cards/[b]*?{c}(d)!.yaml"))]


def test_mapping(tmp_path: Path) -> None:
    assert mapping(tmp_path, tmp_path / "schemas", FOUND) == {
        "./schemas/game.schema.json": ["game.yaml"],
        "./schemas/components/cards.schema.json": ["cards/a.yaml", r"cards/\[b\]\*\?\{c\}\(d\)\!.yaml"]}
    assert mapping(tmp_path / "g", tmp_path / "out", FOUND[:1]) == {f"{tmp_path}/out/game.schema.json": ["game.yaml"]}
    assert mapping(tmp_path, tmp_path / "s", FOUND, ["stats.schema.json", "x.schema.json"]) == {
        "./s/stats.schema.json": [], "./s/x.schema.json": []}


def settings_of(folder: Path, name: str = SETTINGS) -> dict:
    return json.loads((folder / name).read_text("utf-8"))


def test_write_settings_into_a_new_file(tmp_path: Path) -> None:
    assert write_settings(tmp_path, tmp_path / "schemas", FOUND) == (SETTINGS, None)
    assert (tmp_path / SETTINGS).read_text("utf-8") == textwrap.dedent('''\
        {
            "yaml.schemas": {
                "./schemas/game.schema.json": [
                    "game.yaml"
                ],
                "./schemas/components/cards.schema.json": [
                    "cards/a.yaml",
                    "cards/\\\\[b\\\\]\\\\*\\\\?\\\\{c\\\\}\\\\(d\\\\)\\\\!.yaml"
                ]
            }
        }
        ''')


def test_write_settings_merges_into_the_users_file(tmp_path: Path) -> None:
    """The user's settings and schemas are kept, in their order and indentation; pnp's own
    entries (those written now, and those of schemas no longer written) are replaced."""
    (tmp_path / ".vscode").mkdir()
    (tmp_path / SETTINGS).write_text(json.dumps({
        "editor.tabSize": 2,
        "yaml.schemas": {"https://example.org/mine.json": ["mine.yaml"], "./schemas/old.schema.json": ["old.yaml"],
                         "./schemas/game.schema.json": ["other.yaml"], "./schemas/stats.schema.json": ["s.yaml"]},
        "files.trimTrailingWhitespace": True}, indent="\t"), "utf-8")
    assert write_settings(tmp_path, tmp_path / "schemas", FOUND, ["old.schema.json"]) == (SETTINGS, None)
    text = (tmp_path / SETTINGS).read_text("utf-8")
    assert text.startswith('{\n\t"editor.tabSize": 2,\n\t"yaml.schemas": {\n\t\t"https://example.org/mine.json": [')
    assert settings_of(tmp_path) == {"editor.tabSize": 2, "yaml.schemas": {
        "https://example.org/mine.json": ["mine.yaml"], "./schemas/game.schema.json": ["game.yaml"],
        "./schemas/components/cards.schema.json": ["cards/a.yaml", r"cards/\[b\]\*\?\{c\}\(d\)\!.yaml"]},
        "files.trimTrailingWhitespace": True}
    # what says it all already is left as it was written, byte for byte
    compact = json.dumps(settings_of(tmp_path), separators=(",", ":"))
    (tmp_path / SETTINGS).write_text(compact, "utf-8")
    assert write_settings(tmp_path, tmp_path / "schemas", FOUND) == (SETTINGS, None)
    assert (tmp_path / SETTINGS).read_text("utf-8") == compact and not (tmp_path / BESIDE).exists()


@pytest.mark.parametrize(("content", "why"), [
    ('{\n  // mine\n  "a": 1\n}', "is not plain JSON (Expecting property name enclosed in double quotes at line 2: "
                                  "a comment, or a comma before a closing bracket?)"),
    ('{"a": 1,}', "is not plain JSON (Expecting property name enclosed in double quotes at line 1: a comment, or a "
                  "comma before a closing bracket?)"),
    ("", "is not plain JSON (Expecting value at line 1: a comment, or a comma before a closing bracket?)"),
    ("[1]", "holds no JSON object"),
    ('{"a": 1, "a": 2}', "names 'a' twice"),
    ('{"yaml.schemas": ["x"]}', "holds a yaml.schemas that is not an object"),
    (b'{"a": "\xff"}', "is not UTF-8 text"),
    (b" " * (MAX_SETTINGS_BYTES + 1), "is more than 1.0 MB"),
    ("folder", "is not a file"),
    ("link", "is a link, and pnp writes through no link"),
])
def test_write_settings_beside_a_file_it_cannot_merge_into(tmp_path: Path, content, why: str) -> None:
    (tmp_path / ".vscode").mkdir()
    settings = tmp_path / SETTINGS
    if content == "folder":
        settings.mkdir()
    elif content == "link":
        (tmp_path / "mine.json").write_text("{}", "utf-8")
        settings.symlink_to(tmp_path / "mine.json")
    else:
        settings.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    before = settings.read_bytes() if settings.is_file() else None
    assert write_settings(tmp_path, tmp_path / "schemas", FOUND) == (BESIDE, why)
    assert (settings.read_bytes() if settings.is_file() else None) == before
    assert settings_of(tmp_path, BESIDE) == {KEY: mapping(tmp_path, tmp_path / "schemas", FOUND)}
    if content == "link":
        assert (tmp_path / "mine.json").read_text("utf-8") == "{}"


def test_write_settings_through_no_link(tmp_path: Path) -> None:
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / ".vscode").symlink_to(tmp_path / "elsewhere")
    with pytest.raises(Refused) as raised:
        write_settings(tmp_path, tmp_path / "schemas", FOUND)
    assert str(raised.value) == f"{tmp_path / '.vscode'} is a link, and pnp writes through no link"
    assert list((tmp_path / "elsewhere").iterdir()) == []
