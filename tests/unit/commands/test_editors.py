"""pnp.commands.editors: the JSON Schemas of a game's files for the designer's editor, written into a
folder through no link, the ones an earlier run wrote and nobody changed removed, and the
first line that points a file at its schema."""

from __future__ import annotations

import hashlib
import json
import os
import textwrap
from pathlib import Path

import pytest

from pnp.commands.editors import (ALWAYS, MAPS, MAX_READ_BYTES, RECORD, Refused, SchemaFile, anchor, make_folder, modeline,
                         place, read_file, schema_files, write, write_file)
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
    assert ALWAYS == ("game", "layout", "checks", "stats") and MAPS == ("board", "land", "rivers", "ranges")
    assert RECORD == ".pnp-schemas.json" and MAX_READ_BYTES == 16_000_000
    error = Refused(Path("/x/y"), "is a link")
    assert (str(error), error.path, error.reason) == ("/x/y is a link", Path("/x/y"), "is a link")


def test_schema_files(tmp_path: Path) -> None:
    found = schema_files("game.yaml", game_in(tmp_path))
    assert [(f.path, f.files) for f in found] == [
        ("game.schema.json", ("game.yaml",)), ("layout.schema.json", ("layouts/card.yaml",)),
        ("checks.schema.json", ("checks.yaml",)), ("stats.schema.json", ()),
        ("components/cards.schema.json", ("cards.yaml", "more.yaml")),  # (the same fields: one schema)
        ("components/more.schema.json", ()),
        ("components/other.schema.json", ("other.yaml",)),
    ]
    assert found[0].schema["$schema"] == "http://json-schema.org/draft-07/schema#"
    assert found[4].schema["title"] == ("pnp: the files of the component set 'cards', with the fields game.yaml "
                                        "declares")
    assert {**found[4].schema, "title": ""} == {**found[5].schema, "title": ""}


def test_schema_files_without_a_game() -> None:
    found = schema_files("mine.yaml", None)
    assert [(f.path, f.files) for f in found] == [("game.schema.json", ("mine.yaml",)), ("layout.schema.json", ()),
                                                  ("checks.schema.json", ()), ("stats.schema.json", ())]


def test_schema_files_of_a_map(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    game = game_in(tmp_path)
    doc = game.documents["other.yaml"]
    monkeypatch.setattr(doc, "schema", "land", raising=False)
    assert [(f.path, f.files) for f in schema_files("game.yaml", game)][4:6] == [
        ("land.schema.json", ("other.yaml",)), ("components/cards.schema.json", ("cards.yaml", "more.yaml"))]


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
