"""pnp.build.fingerprint: what a build depends on (the files the game names, the globs and folders it
reads, the settings, pnp's code and the drawing libraries' versions), the record a build
leaves with it, and whether an output is up to date: every input that changes the kit
changes the fingerprint, and nothing else does."""

from __future__ import annotations

import glob
import hashlib
import json
import os
import posixpath
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from pnp.build import fingerprint as fp
from pnp.build.fingerprint import (MAX_GLOB_CHARS, MAX_GLOB_FILES, MAX_GLOB_FOLDERS, MAX_GLOB_NAMES, MAX_INPUT_BYTES, RECORD,
                             RENDERERS, GlobTooWide, current_inputs, environment, fingerprint, game_inputs,
                             glob_files, previous_outputs, read_record, record, up_to_date, versions, watched)


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def files(root: Path, named: dict[str, bytes | str]) -> Path:
    for name, data in named.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return root


def test_the_constants() -> None:
    assert RECORD == ".pnp-build.json"
    assert RENDERERS == ("reportlab", "rl_accel", "svgwrite", "pypdfium2", "pillow", "fonttools", "shapely", "pyproj",
                         "coloraide", "svgelements", "font-source-sans-pro", "font-source-serif-pro")
    assert (MAX_INPUT_BYTES, MAX_GLOB_CHARS, MAX_GLOB_FOLDERS, MAX_GLOB_NAMES, MAX_GLOB_FILES) == \
        (64_000_000, 200, 1000, 50_000, 1000)


# --- a file's hash ---------------------------------------------------------------------------

def test_a_file_is_hashed_when_pnp_reads_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = files(tmp_path / "game", {"a.yaml": "a: 1\n", "big.png": b"x" * 11})
    (tmp_path / "outside.yaml").write_text("secret", "utf-8")
    (root / "link.yaml").symlink_to(tmp_path / "outside.yaml")
    os.mkfifo(root / "pipe.yaml")
    (root / "folder").mkdir()
    assert fp._hash(root, "a.yaml") == sha(b"a: 1\n")
    for name in ("link.yaml", "pipe.yaml", "folder", "missing.yaml", "../outside.yaml"):
        assert fp._hash(root, name) is None, name
    assert fp._hash(root, "big.png") == sha(b"x" * 11)
    monkeypatch.setattr(fp, "MAX_INPUT_BYTES", 10)  # the largest file a game may use
    assert fp._hash(root, "big.png") is None
    monkeypatch.setattr(fp, "MAX_INPUT_BYTES", 11)
    assert fp._hash(root, "big.png") == sha(b"x" * 11)


# --- the environment: pnp's code and the libraries' versions ----------------------------------

def test_the_environment_sees_pnp_s_code_and_the_libraries(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = files(tmp_path / "pnp", {"__init__.py": "", "fingerprint.py": "# code\n", "impose/paper.py": "A4\n"})
    monkeypatch.setattr(fp, "__file__", str(package / "fingerprint.py"))
    said = {"reportlab": "4.0"}
    monkeypatch.setattr(fp, "versions", lambda names: [said.get(n, "1.0") for n in names])
    seen = set()

    def now() -> str:
        value = environment.__wrapped__()
        seen.add(value)
        return value

    first = now()
    assert len(first) == 64 and now() == first
    files(package, {"__pycache__/paper.cpython-311.pyc": "compiled", ".hidden": "x", ".git/HEAD": "x",
                    "impose/__pycache__/x.pyc": "y"})
    assert now() == first  # what Python compiles, hidden files and folders: not pnp's code
    (package / "impose" / "paper.py").write_text("A3\n", "utf-8")
    changed = now()
    (package / "impose" / "paper.py").rename(package / "impose" / "papers.py")  # the same code by another name
    renamed = now()
    files(package, {"impose/tiled.py": ""})
    added = now()
    said["reportlab"] = "4.1"
    newer = now()
    said["font-source-serif-pro"] = "2"
    font = now()
    assert len(seen) == 6 == len({first, changed, renamed, added, newer, font})
    assert environment() == environment() and len(environment()) == 64  # (the real one, once)


# --- the versions of the libraries that draw ---------------------------------------------------

def test_versions_from_the_metadata_folders(tmp_path: Path) -> None:
    first = files(tmp_path / "first", {"Pillow-10.2.0.dist-info/METADATA": "", "svgwrite-1.4.3.dist-info/x": "",
                                       "font_source_sans_pro-3.6.dist-info/x": "", "readme.txt": "",
                                       "reportlab-4.0.dist-info-old/x": "", "rl-accel-extra-0.9.dist-info/x": ""})
    second = files(tmp_path / "second", {"pillow-9.0.dist-info/x": "", "ReportLab-4.1.dist-info/x": "",
                                         "rl_accel-0.9.1.dist-info/x": "", "zzz-1.dist-info/x": ""})
    names = ("pillow", "reportlab", "svgwrite", "font-source-sans-pro", "rl_accel")
    assert versions(names, [str(tmp_path / "missing"), str(first), str(second)]) == \
        ["10.2.0", "4.1", "1.4.3", "3.6", "0.9.1"]  # the first folder's; any spelling of the name
    assert versions(("pillow",), [str(second), str(first)]) == ["9.0"]


def test_versions_not_in_the_folders_are_asked_of_the_metadata(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from importlib import metadata

    monkeypatch.chdir(files(tmp_path / "here", {"pytest-0.1.dist-info/x": ""}))
    assert versions(("pytest",), [""]) == ["0.1"]  # "" is the folder Python is in
    assert versions(("pytest", "no-such-distribution-of-pnp"), [str(tmp_path)]) == \
        [metadata.version("pytest"), "none"]
    monkeypatch.setattr(sys, "path", [str(tmp_path / "here")])
    assert versions(("pytest",)) == ["0.1"]  # the import path, by default


def test_the_normal_name() -> None:
    assert fp._normal("Font-Source_Sans.Pro") == "font_source_sans_pro"
    assert fp._normal("a--__..b") == "a_b"


# --- the folders and globs a game reads --------------------------------------------------------

def test_a_folder_s_listing(tmp_path: Path) -> None:
    root = files(tmp_path / "game", {"icons/b.svg": "", "icons/a.svg": "", "icons/.hidden.svg": "",
                                     "icons/sub/c.svg": "", "deep/er/x.svg": ""})
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "x.svg").write_text("", "utf-8")
    (root / "linked").symlink_to(tmp_path / "elsewhere")
    (root / "deep" / "link").symlink_to(tmp_path / "elsewhere")
    assert fp._listing(root, "icons") == ["a.svg", "b.svg", "sub"]
    assert fp._listing(root, "./icons/") == ["a.svg", "b.svg", "sub"]
    assert fp._listing(root, "deep/er") == ["x.svg"]
    assert fp._listing(root, "missing") == []
    for outside in ("linked", "deep/link", "../elsewhere", "/tmp", "icons\0"):
        assert fp._listing(root, outside) == [], outside
    (root / "plain").write_text("", "utf-8")
    assert fp._listing(root, "plain") == []


def test_a_folder_s_parents() -> None:
    assert fp._parents("a/b/c") == ["a", "a/b", "a/b/c"]
    assert fp._parents("./a//b/") == ["a", "a/b"]
    assert fp._parents("icons") == ["icons"]
    assert fp._parents("") == [] and fp._parents(".") == []


TREE = {"game.yaml": "", "cards/a.yaml": "", "cards/b.yaml": "", "cards/b.yml": "", "cards/.hidden.yaml": "",
        "cards/more/c.yaml": "", "cards/more/deeper/d.yaml": "", "cards/.secret/e.yaml": "", "art/x.png": "",
        "art/y.PNG": "", "art/z.png/inside.png": "", ".top.yaml": "", "tokens/t1.yaml": "", "tokens/t2.yaml": ""}
PATTERNS = ["cards/*.yaml", "cards/*", "cards/**/*.yaml", "**/*.yaml", "**", "cards/**", "*.yaml", "cards/?.y*ml",
            "cards/[ab].yaml", "cards/[!a].yaml", "cards/.*", ".*", "**/.*.yaml", "*/*.png", "art/*.png",
            "**/deeper/*.yaml", "cards/more/**/d.yaml", "cards/**/**/d.yaml", "*/more/*.yaml", "cards/a.yaml",
            "cards/missing.yaml", "tokens/t?.yaml", "./cards//*.yaml", "cards/.secret/*.yaml",
            "**/**", "nothing/**", "art/z.png", "art/z.png/*"]


@pytest.mark.parametrize("pattern", PATTERNS)
def test_a_glob_matches_what_python_s_glob_does(tmp_path: Path, pattern: str) -> None:
    root = files(tmp_path / "game", TREE)
    found = glob.glob(pattern, root_dir=root, recursive=True)  # (some more than once, some as ./x)
    expected = sorted({posixpath.normpath(p) for p in found if (root / p).is_file()})
    assert glob_files(root, pattern) == expected


def test_globs_in_a_game(tmp_path: Path) -> None:
    root = files(tmp_path / "game", TREE)
    assert glob_files(root, "cards/*.yaml") == ["cards/a.yaml", "cards/b.yaml"]
    assert glob_files(root, "cards/**/*.yaml") == ["cards/a.yaml", "cards/b.yaml", "cards/more/c.yaml",
                                                   "cards/more/deeper/d.yaml"]
    assert glob_files(root, "cards/.*") == ["cards/.hidden.yaml"]
    assert glob_files(root, "cards/.secret/*.yaml") == ["cards/.secret/e.yaml"]
    assert glob_files(root, "**/*.png") == ["art/x.png", "art/z.png/inside.png"]  # a folder is no match
    assert glob_files(root, "cards/**/**/d.yaml") == ["cards/more/deeper/d.yaml"]
    assert glob_files(root, "cards/a.yaml") == ["cards/a.yaml"]
    assert glob_files(root, "none/../cards/?.yaml") == ["cards/a.yaml", "cards/b.yaml"]  # by its normal form
    for outside in ("/etc/*", "../*", "../game/cards/*.yaml", "cards/../../*"):
        assert glob_files(root, outside) == [], outside
    assert glob_files(root, ".") == [] and glob_files(root, "") == []


def test_a_long_glob(tmp_path: Path) -> None:
    root = files(tmp_path / "game", {"a/b/c/d/e/f/g/x.yaml": "", "a/b/c/d/e/f/g/h/y.yaml": ""})
    assert glob_files(root, "a/b/c/d/e/f/g/**") == ["a/b/c/d/e/f/g/h/y.yaml", "a/b/c/d/e/f/g/x.yaml"]
    assert glob_files(root, "a/b/c/d/e/f/g/**/*.yaml") == ["a/b/c/d/e/f/g/h/y.yaml", "a/b/c/d/e/f/g/x.yaml"]


def test_a_glob_lists_only_the_folders_it_must(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = files(tmp_path / "game", {"a/1.yaml": "", "a/sub/2.yaml": "", "aX/3.yaml": "", "XY/4.yaml": ""})
    monkeypatch.setattr(fp, "MAX_GLOB_FOLDERS", 1)
    assert glob_files(root, "a/*") == ["a/1.yaml"]  # a listed, not a/sub, which nothing more would match
    monkeypatch.setattr(fp, "MAX_GLOB_FOLDERS", 0)
    assert glob_files(root, "aX/3.yaml") == ["aX/3.yaml"]  # no folder listed for names alone
    assert glob_files(root, "XY/4.yaml") == ["XY/4.yaml"]


def test_a_glob_does_not_follow_links_to_folders(tmp_path: Path) -> None:
    root = files(tmp_path / "game", {"cards/a.yaml": "", "cards/inner/b.yaml": ""})
    files(tmp_path, {"elsewhere/x.yaml": "", "elsewhere/in/y.yaml": ""})
    (root / "linked").symlink_to(tmp_path / "elsewhere")
    (root / "cards" / "inner-link").symlink_to(tmp_path / "elsewhere")
    (root / "cards" / "file-link.yaml").symlink_to(tmp_path / "elsewhere" / "x.yaml")
    assert glob_files(root, "linked/*.yaml") == []
    assert glob_files(root, "linked/x.yaml") == []
    assert glob_files(root, "**/*.yaml") == ["cards/a.yaml", "cards/file-link.yaml", "cards/inner/b.yaml"]
    assert glob_files(root, "cards/*/*.yaml") == ["cards/inner/b.yaml"]


def test_a_glob_within_bounds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = files(tmp_path / "game", {"a/1.yaml": "", "a/2.yaml": "", "a/3.yaml": "", "b/4.yaml": "", "b/5.txt": ""})

    def wide(pattern: str) -> str:
        with pytest.raises(GlobTooWide) as raised:
            glob_files(root, pattern)
        assert raised.value.reason == str(raised.value)
        return raised.value.reason

    assert wide("a/" + "x" * 199) == "is longer than 200 characters"
    assert glob_files(root, "a/" + "x" * 198) == []
    # three folders listed (the game's, a, b), seven names looked at, four files matched
    monkeypatch.setattr(fp, "MAX_GLOB_FOLDERS", 3)
    monkeypatch.setattr(fp, "MAX_GLOB_NAMES", 7)
    monkeypatch.setattr(fp, "MAX_GLOB_FILES", 4)
    assert glob_files(root, "*/*.yaml") == ["a/1.yaml", "a/2.yaml", "a/3.yaml", "b/4.yaml"]
    monkeypatch.setattr(fp, "MAX_GLOB_FILES", 3)
    assert wide("*/*.yaml") == "matches more than 3 files"
    monkeypatch.setattr(fp, "MAX_GLOB_FILES", 4)
    monkeypatch.setattr(fp, "MAX_GLOB_NAMES", 6)
    assert wide("*/*.yaml") == "looks at more than 6 names"
    monkeypatch.setattr(fp, "MAX_GLOB_NAMES", 7)
    monkeypatch.setattr(fp, "MAX_GLOB_FOLDERS", 2)
    assert wide("*/*.yaml") == "looks into more than 2 folders"
    monkeypatch.setattr(fp, "MAX_GLOB_FOLDERS", 1)
    assert glob_files(root, "a/*.yaml") == ["a/1.yaml", "a/2.yaml", "a/3.yaml"]  # one folder listed: a's
    monkeypatch.setattr(fp, "MAX_GLOB_FOLDERS", 0)
    assert glob_files(root, "a/2.yaml") == ["a/2.yaml"]  # names alone: no folder listed
    assert wide("a/*.yaml") == "looks into more than 0 folders"
    assert fp._glob(root, "a/*.yaml") is None
    monkeypatch.setattr(fp, "MAX_GLOB_FOLDERS", 1)
    assert fp._glob(root, "a/*.yaml") == ["a/1.yaml", "a/2.yaml", "a/3.yaml"]


def test_a_glob_in_a_folder_that_cannot_be_listed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = files(tmp_path / "game", {"a/1.yaml": "", "b/2.yaml": ""})
    scandir = os.scandir

    def refused(path):
        if Path(path).name == "a":
            raise PermissionError(13, "Permission denied")
        return scandir(path)

    monkeypatch.setattr(os, "scandir", refused)
    assert glob_files(root, "*/*.yaml") == ["b/2.yaml"]


# --- a game's inputs -----------------------------------------------------------------------------

def a_game(root: Path, monkeypatch: pytest.MonkeyPatch, art: tuple[str, ...] = (), **changes) -> SimpleNamespace:
    monkeypatch.setattr("pnp.checks.files.art_files", lambda game: ((None, None, "art", path) for path in game.art))
    game = SimpleNamespace(art=art, root=root, files=("game.yaml", "cards.yaml"),
                           fonts={"body": "Body", "title": "Missing"},
                           documents={}, sets={"cards": SimpleNamespace(declaration={"files": "cards.yaml"})},
                           icons_folder="icons")
    for name, value in changes.items():
        setattr(game, name, value)
    return game


GAME = {"game.yaml": "title: T\n", "cards.yaml": "- a\n", "art/a.png": "png", "fonts/Body.ttf": "ttf",
        "icons/x.svg": "<svg/>", "icons/.y.svg": "", "decks/one.yaml": "1", "decks/two.yaml": "2"}


def stat_of(path: Path) -> list:
    found = path.stat()
    return [found.st_size, found.st_mtime_ns]


def test_a_game_s_inputs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = files(tmp_path / "game", GAME)
    game = a_game(root, monkeypatch, art=("art/a.png", "art/gone.png", "cards.yaml"),
                  sets={"cards": SimpleNamespace(declaration={"files": "cards.yaml"}),
                        "decks": SimpleNamespace(declaration={"files": ["decks/*.yaml", "extra.yaml", "x/[ab].y"]}),
                        "board": SimpleNamespace(declaration={"files": "b?.yaml"}),
                        "plain": SimpleNamespace(declaration={"files": ["X.yaml", "aXb"]}),
                        "none": SimpleNamespace(declaration={})})
    inputs = game_inputs(game)
    assert list(inputs["sources"]) == ["game.yaml", "cards.yaml", "art/a.png", "art/gone.png", "fonts/Body.ttf"]
    assert inputs == {
        "sources": {"game.yaml": [*stat_of(root / "game.yaml"), sha(b"title: T\n")],
                    "cards.yaml": [*stat_of(root / "cards.yaml"), sha(b"- a\n")],
                    "art/a.png": [*stat_of(root / "art/a.png"), sha(b"png")],
                    "art/gone.png": [None, None, None],
                    "fonts/Body.ttf": [*stat_of(root / "fonts/Body.ttf"), sha(b"ttf")]},
        # (and the YAML files beside the game's: one named by nothing is a warning, unnamed-file)
        "globs": {"decks/*.yaml": ["decks/one.yaml", "decks/two.yaml"], "x/[ab].y": [], "b?.yaml": [],
                  "*.yaml": ["cards.yaml", "game.yaml"], "*.yml": []},
        "folders": {"fonts": ["Body.ttf"], "icons": ["x.svg"]}}
    game.icons_folder = "art"
    assert game_inputs(game)["folders"] == {"fonts": ["Body.ttf"], "art": ["a.png"]}


def test_the_folders_of_the_game_s_yaml_files_are_read_for_a_file_added(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """A YAML file added beside the game's files, though named by nothing, changes what the game
    reads: validation warns of it (unnamed-file), so a report kept from before is not taken."""
    root = files(tmp_path / "game", {**GAME, "sub[1]/a.yaml": "", "sub[1]/b.yml": "", "sub[1]/.c.yaml": ""})
    game = a_game(root, monkeypatch, files=("game.yaml", "sub[1]/a.yaml", "icons/x.svg"), sets={})
    before = game_inputs(game)
    assert before["globs"] == {"*.yaml": ["cards.yaml", "game.yaml"], "*.yml": [],
                               "sub[[]1]/*.yaml": ["sub[1]/a.yaml"], "sub[[]1]/*.yml": ["sub[1]/b.yml"]}
    files(root, {"sub[1]/new.yaml": ""})
    assert fingerprint(game_inputs(game), "a4") != fingerprint(before, "a4")


def test_an_unchanged_file_keeps_its_earlier_hash(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file whose size and time are those the earlier record gives is not read again."""
    root = files(tmp_path / "game", GAME)
    game = a_game(root, monkeypatch)
    size, mtime = stat_of(root / "cards.yaml")
    earlier = {"sources": {"cards.yaml": [size, mtime, "kept"], "game.yaml": [size, mtime, "other"]}}
    assert game_inputs(game, earlier)["sources"]["cards.yaml"] == [size, mtime, "kept"]
    assert game_inputs(game, earlier)["sources"]["game.yaml"][2] == sha(b"title: T\n")  # another size
    for was in ([size + 1, mtime, "kept"], [size, mtime + 1, "kept"], [size, mtime, None], [size, mtime, 5],
                [size, mtime], [size, mtime, "kept", "x"], (size, mtime, "kept"), "kept"):
        again = game_inputs(game, {"sources": {"cards.yaml": was}})
        assert again["sources"]["cards.yaml"] == [size, mtime, sha(b"- a\n")], was
    for record_ in (None, [], {"sources": []}, {"sources": None}, {}):
        assert game_inputs(game, record_)["sources"]["cards.yaml"] == [size, mtime, sha(b"- a\n")], record_


def test_a_file_changed_since_it_was_read_is_not_taken_as_built(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    root = files(tmp_path / "game", GAME)
    read = {"cards.yaml": SimpleNamespace(digest=sha(b"- a\n")), "game.yaml": SimpleNamespace(digest=sha(b"old")),
            "fonts/Body.ttf": SimpleNamespace(digest=None)}
    sources = game_inputs(a_game(root, monkeypatch, documents=read))["sources"]
    assert [sources[name][2] for name in ("cards.yaml", "game.yaml", "fonts/Body.ttf")] == \
        [sha(b"- a\n"), None, sha(b"ttf")]
    assert sources["game.yaml"][:2] == stat_of(root / "game.yaml")


# --- the fingerprint and the record --------------------------------------------------------------

INPUTS = {"sources": {"game.yaml": [10, 1, "aaa"], "cards.yaml": [20, 2, "bbb"]},
          "globs": {"decks/*.yaml": ["decks/one.yaml"], "b?.yaml": []}, "folders": {"fonts": [], "icons": ["x.svg"]}}


def changed(path: tuple, value: object) -> dict:
    doc = json.loads(json.dumps(INPUTS))
    *parents, last = path
    where = doc
    for key in parents:
        where = where[key]
    where[last] = value
    return doc


def test_the_fingerprint_sees_every_input(monkeypatch: pytest.MonkeyPatch) -> None:
    environment_now = ["env-1"]
    monkeypatch.setattr(fp, "environment", lambda: environment_now[0])
    first = fingerprint(INPUTS, "a4 en")
    expected = hashlib.sha256(b"a4 en")
    expected.update(b"env-1")
    expected.update(b'{"cards.yaml": "bbb", "game.yaml": "aaa"}')
    expected.update(b'{"b?.yaml": [], "decks/*.yaml": ["decks/one.yaml"]}')
    expected.update(b'{"fonts": [], "icons": ["x.svg"]}')
    assert first == expected.hexdigest()
    others = [fingerprint(INPUTS, "a4 fr"), fingerprint(INPUTS, "a4 en "),
              fingerprint(changed(("sources", "game.yaml", 2), "ccc"), "a4 en"),
              fingerprint(changed(("sources", "game.yaml", 2), None), "a4 en"),
              fingerprint(changed(("sources", "new.yaml"), [1, 1, "d"]), "a4 en"),
              fingerprint(changed(("globs", "decks/*.yaml"), ["decks/one.yaml", "decks/two.yaml"]), "a4 en"),
              fingerprint(changed(("globs", "decks/*.yaml"), None), "a4 en"),
              fingerprint(changed(("globs", "c*.yaml"), []), "a4 en"),
              fingerprint(changed(("folders", "icons"), ["x.svg", "y.svg"]), "a4 en"),
              fingerprint(changed(("folders", "art"), []), "a4 en")]
    environment_now[0] = "env-2"
    others.append(fingerprint(INPUTS, "a4 en"))
    assert len({first, *others}) == len(others) + 1
    environment_now[0] = "env-1"
    # a file's size and time alone are no change; nor the order the inputs were found in
    assert fingerprint(changed(("sources", "game.yaml"), [11, 5, "aaa"]), "a4 en") == first
    reordered = {"sources": dict(reversed(INPUTS["sources"].items())),
                 "globs": dict(reversed(INPUTS["globs"].items())), "folders": dict(reversed(INPUTS["folders"].items()))}
    assert fingerprint(reordered, "a4 en") == first


def test_the_record(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fp, "environment", lambda: "env")
    data = record(INPUTS, "a4 en", {"pdf/b.pdf": 5, "a.png": 3}, {"pdf/b.pdf": "kb", "a.png": "ka"})
    assert data == (json.dumps({"inputs": fingerprint(INPUTS, "a4 en"), "sources": INPUTS["sources"],
                                "globs": INPUTS["globs"], "folders": INPUTS["folders"], "settings": "a4 en",
                                "files": {"pdf/b.pdf": 5, "a.png": 3}, "outputs": {"pdf/b.pdf": "kb", "a.png": "ka"}},
                               indent=1, sort_keys=True) + "\n").encode("utf-8")
    assert data.startswith(b'{\n "files": {\n  "a.png": 3,\n  "pdf/b.pdf": 5\n },\n "folders": {\n')
    assert data.endswith(b'\n "settings": "a4 en",\n "sources": {\n  "cards.yaml": [\n   20,\n   2,\n   "bbb"\n  ],\n'
                         b'  "game.yaml": [\n   10,\n   1,\n   "aaa"\n  ]\n }\n}\n')
    assert json.loads(record(INPUTS, "s", {}))["outputs"] == {}
    assert json.loads(record(INPUTS, "é", {"é.png": 1}, {"é.png": "k"}))["settings"] == "é"


def test_reading_a_record(tmp_path: Path) -> None:
    assert read_record(tmp_path) is None
    (tmp_path / RECORD).write_bytes(b'{"files": {"a.png": 3}}')
    doc = read_record(tmp_path)
    assert doc == {"files": {"a.png": 3}}
    assert read_record(tmp_path) is doc  # the same bytes: the record read last
    (tmp_path / RECORD).write_bytes(b'{"files": {"a.png": 4}}')
    assert read_record(tmp_path) == {"files": {"a.png": 4}}
    for not_one in (b"[1, 2]", b"{", b"", b"null", b'"text"'):
        (tmp_path / RECORD).write_bytes(not_one)
        assert read_record(tmp_path) is None, not_one
    (tmp_path / RECORD).write_bytes(b'{"files": {"a.png": 4}}')
    assert read_record(tmp_path) == {"files": {"a.png": 4}}
    other = tmp_path / "other"
    other.mkdir()
    (other / RECORD).write_bytes(b'{"files": {"a.png": 4}}')
    assert read_record(other) == {"files": {"a.png": 4}}
    (tmp_path / RECORD).unlink()
    (tmp_path / RECORD).mkdir()
    assert read_record(tmp_path) is None


@pytest.mark.parametrize("key", ["sources", "folders", "files"])
@pytest.mark.parametrize("name", ["../secret", "/etc/passwd", "a/../../secret", "a\0b"])
def test_a_record_naming_a_path_outside_is_no_record(tmp_path: Path, key: str, name: str,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A record comes with the folder it is in, which may be a stranger's: one naming a file
    outside is not read at all, so nothing looks at what it names (not even its size)."""
    (tmp_path / RECORD).write_text(json.dumps({"settings": "s", key: {"a.png": 1, name: 1}}), "utf-8")
    assert read_record(tmp_path) is None
    looked: list = []
    monkeypatch.setattr(Path, "stat", lambda self, **kw: looked.append(self))
    assert up_to_date(tmp_path, tmp_path, "s") is False and looked == []
    (tmp_path / RECORD).write_text(json.dumps({key: {"a.png": 1, "b/c.png": 2}}), "utf-8")
    assert read_record(tmp_path) == {key: {"a.png": 1, "b/c.png": 2}}
    (tmp_path / RECORD).write_text(json.dumps({key: ["a.png"]}), "utf-8")
    assert read_record(tmp_path) is None


def test_previous_outputs(tmp_path: Path) -> None:
    def previous(doc: object) -> dict:
        (tmp_path / RECORD).write_text(json.dumps(doc), "utf-8")
        return previous_outputs(tmp_path)

    assert previous({"files": {"a.png": 3, "b.pdf": 7, "c.svg": 1}, "outputs": {"a.png": "ka", "b.pdf": "kb",
                                                                                 "gone.png": "kg"}}) == \
        {"a.png": ("ka", 3), "b.pdf": ("kb", 7)}
    assert previous({"files": {"a.png": 3}}) == {}
    for broken in ({"outputs": {"a.png": "ka"}}, {"files": [], "outputs": {"a.png": "ka"}},
                   {"files": {"a.png": 3}, "outputs": []}, [1]):
        assert previous(broken) == {}, broken
    (tmp_path / RECORD).unlink()
    assert previous_outputs(tmp_path) == {}


# --- whether an output is up to date -------------------------------------------------------------

def built(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, settings: str = "a4") -> tuple[Path, Path, dict]:
    """A game and the output of a build of it, with its record."""
    root = files(tmp_path / "game", GAME)
    inputs = game_inputs(a_game(root, monkeypatch, sets={
        "decks": SimpleNamespace(declaration={"files": ["decks/*.yaml"]})}))
    out = files(tmp_path / "out", {"a.png": b"123", "pdf/b.pdf": b"12345"})
    (out / RECORD).write_bytes(record(inputs, settings, {"a.png": 3, "pdf/b.pdf": 5}, {"a.png": "ka"}))
    return root, out, inputs


def test_the_record_keeps_where_the_build_s_time_went(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root, out, inputs = built(tmp_path, monkeypatch)
    assert "timings" not in read_record(out)  # (none given)
    timings = {"wall": 1.5, "cpu": 1.0, "workers": 2, "stages": [], "jobs": []}
    (out / RECORD).write_bytes(record(inputs, "a4", {"a.png": 3}, {}, timings))
    doc = read_record(out)
    assert doc["timings"] == timings and doc["files"] == {"a.png": 3}
    assert up_to_date(out, root, "a4")  # (the times are no input)


def test_the_current_inputs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root, out, inputs = built(tmp_path, monkeypatch)
    doc = read_record(out)
    assert current_inputs(root, doc) == inputs
    doc["sources"]["game.yaml"][2] = "taken as it is"  # the same size and time: not read again
    assert current_inputs(root, doc)["sources"]["game.yaml"] == [*stat_of(root / "game.yaml"), "taken as it is"]
    doc["sources"]["game.yaml"][1] += 1
    assert current_inputs(root, doc)["sources"]["game.yaml"] == [*stat_of(root / "game.yaml"), sha(b"title: T\n")]
    doc["sources"]["game.yaml"][0] += 1
    doc["sources"]["game.yaml"][1] -= 1
    assert current_inputs(root, doc)["sources"]["game.yaml"] == [*stat_of(root / "game.yaml"), sha(b"title: T\n")]
    (root / "cards.yaml").unlink()
    files(root, {"decks/three.yaml": "3", "icons/z.svg": ""})
    now = current_inputs(root, doc)
    assert now["sources"]["cards.yaml"] == [None, None, None]
    assert list(now["sources"]) == ["cards.yaml", "fonts/Body.ttf", "game.yaml"]  # (in the record's order)
    assert now["sources"]["fonts/Body.ttf"] == inputs["sources"]["fonts/Body.ttf"]
    assert now["globs"] == {"decks/*.yaml": ["decks/one.yaml", "decks/three.yaml", "decks/two.yaml"],
                            "*.yaml": ["game.yaml"], "*.yml": []}
    assert now["folders"] == {"fonts": ["Body.ttf"], "icons": ["x.svg", "z.svg"]}
    for broken in ({}, {"sources": {}, "globs": {}}, {"sources": {"a": [1, 2]}, "globs": {}, "folders": {}},
                   {"sources": [], "globs": {}, "folders": {}}, {"sources": {"a": 5}, "globs": {}, "folders": {}},
                   {"sources": {}, "globs": 3, "folders": {}}, {"sources": {}, "globs": {}, "folders": None}):
        assert current_inputs(root, broken) is None, broken


def test_up_to_date(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root, out, _ = built(tmp_path, monkeypatch)
    assert up_to_date(out, root, "a4") is True
    assert up_to_date(out, root, "letter") is False
    (root / "game.yaml").write_text("title: U\n", "utf-8")  # the same size, another content
    assert up_to_date(out, root, "a4") is False
    (root / "game.yaml").write_text("title: T\n", "utf-8")
    assert up_to_date(out, root, "a4") is True
    files(root, {"decks/three.yaml": "3"})  # a file the glob matches now
    assert up_to_date(out, root, "a4") is False
    (root / "decks" / "three.yaml").unlink()
    files(root, {"icons/z.svg": ""})  # a folder's names
    assert up_to_date(out, root, "a4") is False
    (root / "icons" / "z.svg").unlink()
    files(root, {"README.md": "not read", "cards/new.yaml": ""})  # files the game does not name
    assert up_to_date(out, root, "a4") is True
    (out / "pdf" / "b.pdf").write_bytes(b"1234")  # an output of another size
    assert up_to_date(out, root, "a4") is False
    (out / "pdf" / "b.pdf").write_bytes(b"12345")
    assert up_to_date(out, root, "a4") is True
    (out / "a.png").unlink()  # an output gone
    assert up_to_date(out, root, "a4") is False
    (out / "a.png").mkdir()  # a folder in its stead
    assert up_to_date(out, root, "a4") is False
    assert up_to_date(tmp_path / "none", root, "a4") is False


def test_up_to_date_with_a_damaged_record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root, out, _ = built(tmp_path, monkeypatch)
    doc = json.loads((out / RECORD).read_text("utf-8"))

    def with_(**changes) -> bool:
        (out / RECORD).write_text(json.dumps({**doc, **changes}), "utf-8")
        return up_to_date(out, root, "a4")

    assert with_() is True
    assert with_(inputs="0" * 64) is False
    assert with_(sources=[]) is False
    assert with_(files=[]) is False
    assert with_(files={"a.png": "3"}) is False
    assert with_(files={"a.png": 3}) is True
    assert with_(files={"a.png\0": 3}) is False
    rest = {key: value for key, value in doc.items() if key != "files"}
    (out / RECORD).write_text(json.dumps(rest), "utf-8")
    assert up_to_date(out, root, "a4") is False


def test_what_watch_looks_at(tmp_path: Path) -> None:
    doc = {"sources": {"game.yaml": [1, 1, "a"], "cards/a.yaml": [1, 1, "b"]}, "folders": {"icons": [], "fonts": []},
           "globs": {"decks/*.yaml": [], "b?.yaml": []}}
    assert watched(tmp_path, doc) == ({(tmp_path / "game.yaml").resolve(), (tmp_path / "cards/a.yaml").resolve()},
                                      {(tmp_path / "icons").resolve(), (tmp_path / "fonts").resolve()},
                                      ["decks/*.yaml", "b?.yaml"])
    assert watched(tmp_path, {}) == (set(), set(), [])
    assert watched(tmp_path, None) == (set(), set(), [])
