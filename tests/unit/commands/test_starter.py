"""pnp.commands.starter: pnp new's game, copied from a template into an empty folder, its title made
from the folder's name and written as YAML reads it back, every YAML file pointed at its
schema; nothing written into a folder that holds anything."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml

from pnp.commands.editors import Refused
from pnp.commands.starter import (SCHEMAS, TEMPLATES, NotEmpty, _glyphs, _printable, create, template_files, title_of,
                         yaml_scalar)


def test_the_templates() -> None:
    assert list(TEMPLATES) == ["cards", "tiles", "counters", "board"] and SCHEMAS == "schemas"
    files = template_files("cards")
    assert list(files) == ["game.yaml", "cards.yaml", "checks.yaml", "layouts/back.yaml", "layouts/card.yaml"]
    assert files["game.yaml"].startswith(b"# The game as pnp reads it")
    assert list(template_files("counters")) == ["game.yaml", "checks.yaml", "counters/blue.yaml",
                                                "counters/red.yaml", "layouts/back.yaml", "layouts/front.yaml"]
    assert list(template_files("board")) == ["game.yaml", "actions.yaml", "checks.yaml", "goods.yaml", "icons/coin.svg",
                                             "icons/fish.svg", "icons/flip.svg", "icons/grain.svg", "icons/stone.svg", "icons/wood.svg",
                                             "layouts/board.yaml", "layouts/good.yaml", "layouts/player.yaml",
                                             "layouts/tool-back.yaml", "layouts/tool.yaml", "main.yaml", "players.yaml",
                                             "tools.yaml"]


def test_hidden_files_of_a_template_are_left_out(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / "templates" / "mine" / "deep").mkdir(parents=True)
    for name, text in {"b.yaml": "b", ".hidden": "h", "game.yaml": "g", "a.yaml": "a", "deep/c.yaml": "c"}.items():
        (tmp_path / "templates" / "mine" / name).write_text(text, "utf-8")
    import importlib.resources

    monkeypatch.setattr(importlib.resources, "files", lambda package: tmp_path)
    assert template_files("mine") == {"game.yaml": b"g", "a.yaml": b"a", "b.yaml": b"b", "deep/c.yaml": b"c"}


@pytest.mark.parametrize(("name", "title"), [
    ("harbour-lords", "Harbour Lords"), ("harbour_lords", "Harbour Lords"), ("my game.v2", "My Game V2"),
    ("--x--", "X"), ("éte", "Éte"), ("iPhone", "IPhone"), ("a\tb", "A B"), ("---", "New game"), ("a\u200bb", "A B"),
])
def test_title_of(tmp_path: Path, name: str, title: str) -> None:
    (tmp_path / name).mkdir()
    assert title_of(tmp_path / name) == title


def test_title_of_in_the_fonts_characters(tmp_path: Path) -> None:
    (tmp_path / "łódź-γ").mkdir()
    assert title_of(tmp_path / "łódź-γ", frozenset("łódźγ")) == "Łódź Γ"
    assert title_of(tmp_path / "łódź-γ", frozenset("abcdefghijklmnopqrstuvwxyzó")) == "Ód"
    assert title_of(tmp_path / "łódź-γ", frozenset()) == "New game"
    (tmp_path / "game").symlink_to(tmp_path / "łódź-γ")
    assert title_of(tmp_path / "game") == "Łódź Γ"  # (the folder's own name, links followed)


def test_title_of_a_name_that_is_not_utf8(tmp_path: Path) -> None:
    folder = Path(os.fsdecode(os.fsencode(str(tmp_path)) + b"/caf\xe9-bar"))
    folder.mkdir()
    assert title_of(folder) == "Caf\ufffd Bar"
    assert title_of(folder, frozenset("cafbr")) == "Caf Bar"


@pytest.mark.parametrize(("ch", "taken"), [
    (" ", True), ("~", True), ("\x1f", False), ("\x7f", False), ("\x85", False), ("\xa0", True), ("\ud7ff", True),
    ("\ud800", False), ("\ue000", True), ("\ufffd", True), ("\ufffe", False), ("\U00010000", True),
    ("\u2028", False), ("\u2029", False), ("\ufeff", False), ("\t", False), ("é", True),
])
def test_printable(ch: str, taken: bool) -> None:
    assert _printable(ch) is taken


@pytest.mark.parametrize(("text", "written"), [
    ("Harbour Lords", "Harbour Lords"), ("A", "A"), ("Game 2", "Game 2"), ("X1 Y2", "X1 Y2"),
    ("yes", '"yes"'), ("No", '"No"'), ("null", '"null"'), ("y", '"y"'), ("N", '"N"'), ("Yx", "Yx"),
    ("True", '"True"'), ("12", '"12"'), ("1e3", '"1e3"'), ("a: b", '"a: b"'), ("a #b", '"a #b"'),
    ("Two  spaces", '"Two  spaces"'), (" lead", '" lead"'), ("Ça", '"Ça"'), ("2 Game", '"2 Game"'),
    ('say "hi"', '"say \\"hi\\""'), ("back\\slash", '"back\\\\slash"'), ("a\x85b", '"a\\x85b"'),
    ("a\x01", '"a\\x01"'), ("a\u2028", '"a\\u2028"'), ("a\ufeff", '"a\\ufeff"'), ("\ud800", '"\\ud800"'),
    ("a\U0010fffe", '"a\U0010fffe"'), ("a\ufffe", '"a\\ufffe"'), ("", '""'), ("on", '"on"'), ("Off", '"Off"'),
])
def test_yaml_scalar(text: str, written: str) -> None:
    assert yaml_scalar(text) == written
    if "\ud800" not in text and "\ufffe" not in text:
        assert yaml.safe_load(f"title: {written}\n") == {"title": text}


def test_glyphs() -> None:
    both = _glyphs(b"fonts: {heading: SourceSerifPro-Bold, body: SourceSansPro-Regular}\n")
    assert "a" in both and "Ĭ" not in both and "↗" not in both  # (each font has its own)
    sans = _glyphs(b"fonts: {body: SourceSansPro-Regular}\n")
    assert "Ĭ" in sans and "↗" not in sans and both < sans
    assert _glyphs(b"fonts: {body: NoSuchFont}\n") is None
    assert _glyphs(b"fonts: {}\n") is None
    assert _glyphs(b"fonts: [SourceSansPro-Regular]\n") is None
    assert _glyphs(b"title: x\n") is None and _glyphs(b"") is None


@pytest.mark.parametrize("template", list(TEMPLATES))
def test_create(tmp_path: Path, template: str) -> None:
    folder = tmp_path / "harbour-lords"
    game, written = create(folder, template)
    assert written == list(template_files(template))
    assert game.title.get("en") == "Harbour Lords" and game.root == folder
    manifest = (folder / "game.yaml").read_text("utf-8")
    assert manifest.startswith("# yaml-language-server: $schema=schemas/game.schema.json\n# The game as pnp reads it")
    assert "\ntitle: Harbour Lords\n" in manifest and "New game" not in manifest
    for name in written:
        text = (folder / name).read_text("utf-8")
        if not name.endswith(".yaml"):  # (an icon is written as it is)
            assert (folder / name).read_bytes() == template_files(template)[name], name
            continue
        depth = "../" * name.count("/")
        assert text.startswith(f"# yaml-language-server: $schema={depth}schemas/"), name
        assert text.split("\n", 1)[1].encode("utf-8") == (template_files(template)[name] if name != "game.yaml"
                                                           else text.split("\n", 1)[1].encode("utf-8"))
    assert (folder / "schemas" / "game.schema.json").is_file() and (folder / "schemas" / ".pnp-schemas.json").is_file()


def test_create_a_title_yaml_would_misread(tmp_path: Path) -> None:
    game, _ = create(tmp_path / "yes", "cards")
    assert game.title.get("en") == "Yes" and '\ntitle: "Yes"\n' in (tmp_path / "yes" / "game.yaml").read_text("utf-8")
    game, _ = create(tmp_path / "łódź-↗", "cards")  # (a character the fonts lack parts words)
    assert game.title.get("en") == "Łódź"


def test_create_in_an_empty_folder_only(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    create(tmp_path / "empty", "cards")
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / ".git").mkdir()
    with pytest.raises(NotEmpty) as raised:
        create(tmp_path / "full", "cards")
    assert str(raised.value) == (f"{tmp_path / 'full'} is not an empty folder: pnp new starts a game in a new or "
                                 f"empty one")
    (tmp_path / "file").write_text("x", "utf-8")
    with pytest.raises(NotEmpty):
        create(tmp_path / "file", "cards")
    assert os.listdir(tmp_path / "full") == [".git"]


def test_create_where_the_folder_cannot_be_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def unreadable(self):
        raise PermissionError(13, "Permission denied")
    (tmp_path / "locked").mkdir()
    monkeypatch.setattr(Path, "iterdir", unreadable)
    with pytest.raises(Refused) as raised:
        create(tmp_path / "locked", "cards")
    assert str(raised.value) == f"{tmp_path / 'locked'} cannot be read (Permission denied)"


def test_create_writes_through_no_link(tmp_path: Path) -> None:
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "game").symlink_to(tmp_path / "elsewhere")  # the folder itself may be the user's link
    create(tmp_path / "game", "cards")
    assert (tmp_path / "elsewhere" / "game.yaml").is_file()
