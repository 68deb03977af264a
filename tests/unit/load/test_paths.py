"""pnp.load.paths: the game's manifest found from what the user gives, each path a game names
checked before anything reads it (control characters, length, a way out of the folder), and
each name pnp writes checked to be a plain file name every system takes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pnp.load.paths import (MAX_NAME_BYTES, MAX_PATH_BYTES, GameNotFound, UnsafeName, inside, name_problem, output_path,
                       path_problem, resolve_manifest)


def test_the_limits() -> None:
    assert (MAX_PATH_BYTES, MAX_NAME_BYTES) == (1024, 150)
    assert issubclass(UnsafeName, ValueError) and issubclass(GameNotFound, Exception)


# --- the manifest ---------------------------------------------------------------------------

def test_the_manifest_given_as_a_file_or_a_folder(tmp_path: Path) -> None:
    manifest = tmp_path / "game.yaml"
    manifest.write_text("title: x\n", "utf-8")
    other = tmp_path / "other.yaml"
    other.write_text("title: y\n", "utf-8")
    assert resolve_manifest(manifest) == manifest
    assert resolve_manifest(str(other)) == other
    assert resolve_manifest(tmp_path) == manifest
    assert resolve_manifest(str(tmp_path)) == manifest


def test_the_manifest_of_the_current_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(GameNotFound) as raised:
        resolve_manifest(None)
    assert str(raised.value) == ("no game.yaml in the current folder; run pnp in a game folder or pass "
                                 "--game PATH/game.yaml")
    (tmp_path / "game.yaml").write_text("title: x\n", "utf-8")
    assert resolve_manifest(None) == Path("game.yaml")


def test_no_manifest_where_the_user_points(tmp_path: Path) -> None:
    with pytest.raises(GameNotFound) as raised:
        resolve_manifest(tmp_path)  # a folder without game.yaml
    assert str(raised.value) == f"no game manifest at {tmp_path / 'game.yaml'}"
    with pytest.raises(GameNotFound) as raised:
        resolve_manifest(tmp_path / "missing.yaml")
    assert str(raised.value) == f"no game manifest at {tmp_path / 'missing.yaml'}"
    (tmp_path / "folder.yaml").mkdir()
    (tmp_path / "folder.yaml" / "game.yaml").mkdir()  # a folder named like a file is not one
    with pytest.raises(GameNotFound) as raised:
        resolve_manifest(tmp_path / "folder.yaml")
    assert str(raised.value) == f"no game manifest at {tmp_path / 'folder.yaml' / 'game.yaml'}"


# --- paths a game names ---------------------------------------------------------------------

@pytest.mark.parametrize(("file", "norm"), [
    ("cards.yaml", "cards.yaml"), ("cards/x.yaml", "cards/x.yaml"), ("cards\\x.yaml", "cards/x.yaml"),
    ("./a/../b.svg", "b.svg"), ("a//b", "a/b"), ("a/./b/", "a/b"), (".", "."), ("a/..", "."),
    ("a:b", None), ("c:/x", None), ("x/c:y", "x/c:y"), ("..", None), ("../x", None), ("a/../../x", None),
    ("/etc/passwd", None), ("\\etc", None), ("..x", "..x"), ("x..", "x.."), ("...", "..."),
])
def test_inside_the_game_folder(file: str, norm: str | None) -> None:
    assert inside(file) == norm


@pytest.mark.parametrize(("file", "problem"), [
    ("cards.yaml", None),
    ("a\0b", "holds a NUL byte"),
    ("a\nb", "holds a control character (U+000A)"),
    ("a\x1fb", "holds a control character (U+001F)"),
    ("a\x7fb", "holds a control character (U+007F)"),
    ("\x01\0", "holds a control character (U+0001)"),  # the first one found is named
    ("a b\x80", None),  # (U+0080 is no control character of these)
    (" ~", None),
    ("../x", "lies outside the game folder"),
    ("/x", "lies outside the game folder"),
    ("C:x", "lies outside the game folder"),
    ("../" + "x" * 2000, "is longer than 1024 bytes"),  # the length first
    ("a" * 255, None),
    ("a" * 256, "has a name longer than 255 bytes, more than file systems take"),
    ("d/" + "a" * 256 + "/e", "has a name longer than 255 bytes, more than file systems take"),
    ("d\\" + "a" * 256, "has a name longer than 255 bytes, more than file systems take"),
    ("a" * 254 + "\\" + "a" * 254, None),  # a backslash parts names too
    ("é" * 127 + "a", None),  # 255 bytes
    ("é" * 128, "has a name longer than 255 bytes, more than file systems take"),  # 256 bytes in 128 characters
    ("\ud800" * 85, None),  # a lone surrogate (a name that is not UTF-8) counts its 3 bytes
    ("\ud800" * 86, "has a name longer than 255 bytes, more than file systems take"),
    ("/".join(["a" * 200] * 5) + "/" + "a" * 19, None),  # 1024 bytes
    ("/".join(["a" * 200] * 5) + "/" + "a" * 20, "is longer than 1024 bytes"),
    ("/".join(["é" * 100] * 5) + "/" + "a" * 17 + "é", None),  # 1024 bytes in 523 characters
    ("/".join(["é" * 100] * 5) + "/" + "a" * 18 + "é", "is longer than 1024 bytes"),
    ("/".join(["\ud800" * 60] * 5) + "/é" * 62, "is longer than 1024 bytes"),
])
def test_path_problem(file: str, problem: str | None) -> None:
    assert path_problem(file) == problem


# --- names pnp writes ---------------------------------------------------------------------------

@pytest.mark.parametrize(("name", "problem"), [
    ("cards", None), ("cards-a4", None), ("x.y", None), ("a b", None), ("é", None), ("com0", None), ("lpt", None),
    ("", "it is empty"),
    (" ", "it is only spaces"),
    ("\t \n", "it is only spaces"),
    ("a/b", "it holds a slash"),
    ("a\\b", "it holds a backslash"),
    ("a<b", "it holds '<'"),
    ("a>b", "it holds '>'"),
    ("a:b", "it holds ':'"),
    ('a"b', "it holds '\"'"),
    ("a|b", "it holds '|'"),
    ("a?b", "it holds '?'"),
    ("a*b", "it holds '*'"),
    ("a\0b", "it holds U+0000"),
    ("a\x1fb", "it holds U+001F"),
    ("a\x7fb", "it holds U+007F"),
    ("a\tb", "it holds U+0009"),
    ("?/\\\x01*??", "it holds U+0001, '*', a slash, '?', a backslash"),  # each once, in order
    (" a", "it starts with a space"),
    (".a", "it starts with a dot"),
    ("a ", "it ends with a space"),
    ("a.", "it ends with a dot"),
    ("ab ", "it ends with a space"),
    ("ab.", "it ends with a dot"),
    ("Xa", None), ("aX", None),
    ("con", "Windows keeps the name 'con' for a device"),
    ("PRN", "Windows keeps the name 'PRN' for a device"),
    ("aux.png", "Windows keeps the name 'aux' for a device"),
    ("Nul.tar.gz", "Windows keeps the name 'Nul' for a device"),
    ("nul .png", "Windows keeps the name 'nul ' for a device"),
    ("com1", "Windows keeps the name 'com1' for a device"),
    ("LPT9", "Windows keeps the name 'LPT9' for a device"),
    ("conX", None), ("con\u00a0", None), ("con\u2003.png", None),  # (only spaces before the dot are dropped)
    ("com¹", "Windows keeps the name 'com¹' for a device"),
    ("lpt³.svg", "Windows keeps the name 'lpt³' for a device"),
    ("a" * 150, None),
    ("a" * 151, "it is longer than 150 bytes"),
    ("é" * 75, None),
    ("é" * 75 + "a", "it is longer than 150 bytes"),
])
def test_name_problem(name: str, problem: str | None) -> None:
    assert name_problem(name) == problem


def test_output_path() -> None:
    assert output_path("out", "cards-a4.pdf") == "out/cards-a4.pdf"
    assert output_path(Path("/tmp/out"), "png/cards/x.png") == "/tmp/out/png/cards/x.png"
    for relative, problem in [("png/../x.png", "it starts with a dot"), ("png//x.png", "it is empty"),
                              ("/x.png", "it is empty"), ("png/con.png", "Windows keeps the name 'con' for a device"),
                              ("a\\b.png", "it holds a backslash"), ("x.png/", "it is empty")]:
        with pytest.raises(UnsafeName) as raised:
            output_path("out", relative)
        assert str(raised.value) == f"pnp writes no file {relative!r} into its output: {problem}"


def test_a_relative_manifest_stays_relative(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "g").mkdir()
    (tmp_path / "g" / "game.yaml").write_text("title: x\n", "utf-8")
    monkeypatch.chdir(tmp_path)
    assert resolve_manifest("g") == Path("g") / "game.yaml"
    assert not resolve_manifest("g").is_absolute() and os.path.exists(resolve_manifest("g"))
