"""pnp.commands.watch: the folders pnp watch watches (each on its own, through no link, not the
output nor tools' and hidden folders the game does not read), the saves that matter, and one
rebuild cycle driven by a stand-in watcher (the build itself a stand-in too)."""

from __future__ import annotations

import os
from pathlib import Path
from types import SimpleNamespace

import click
import pytest
import watchfiles

import pnp.build.pipeline
from pnp.commands.watch import UNWATCHED, own_folders, real_folder, serve_gallery, watch

GAME = """\
title: T
languages: [en]
fonts: {body: SourceSansPro-Regular}
components:
  cards: {type: card, files: cards/*.yaml, items: cards, fields: {name: text}, face: card.yaml}
"""


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "game"
    (folder / "cards").mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME, "utf-8")
    (folder / "cards" / "a.yaml").write_text("cards: [{id: a, name: A}]\n", "utf-8")
    (folder / "card.yaml").write_text("extends: builtin:card\nboxes: {}\n", "utf-8")
    monkeypatch.chdir(tmp_path)
    return folder / "game.yaml"


def test_own_folders(tmp_path: Path) -> None:
    for name in ("a/b", ".git/objects", "node_modules/x", "__pycache__", "out/print", ".art/icons", "c"):
        (tmp_path / name).mkdir(parents=True)
    (tmp_path / "link").symlink_to(tmp_path / "a")
    (tmp_path / "file").write_text("x", "utf-8")
    assert UNWATCHED == frozenset({"__pycache__", "node_modules"})
    found = own_folders(tmp_path, tmp_path / "out", set())
    assert found == frozenset(str(tmp_path / name) for name in ("", "a", "a/b", "c")) | {str(tmp_path)}
    # a hidden or tool's folder the game reads from is watched, and those on the way to it
    found = own_folders(tmp_path, tmp_path / "out", {tmp_path / ".art" / "icons", tmp_path / "node_modules"})
    assert found == frozenset(str(tmp_path / name) for name in ("a", "a/b", "c", ".art", ".art/icons",
                                                                 "node_modules", "node_modules/x")) | {str(tmp_path)}


def test_own_folders_of_what_cannot_be_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "a" / "b").mkdir(parents=True)
    scandir = os.scandir

    def scanning(path):
        if str(path).endswith("/a"):
            raise PermissionError(13, "Permission denied")
        return scandir(path)
    monkeypatch.setattr(os, "scandir", scanning)
    assert own_folders(tmp_path, tmp_path / "out", set()) == {str(tmp_path), str(tmp_path / "a")}


def test_real_folder(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "f").write_text("x", "utf-8")
    (tmp_path / "l").symlink_to(tmp_path / "a")
    with os.scandir(tmp_path) as entries:
        assert {e.name: real_folder(e) for e in entries} == {"a": True, "f": False, "l": False}
    broken = SimpleNamespace(is_dir=lambda follow_symlinks: (_ for _ in ()).throw(OSError("gone")))
    assert real_folder(broken) is False


def test_serve_gallery(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    server, status = serve_gallery(tmp_path)
    try:
        port = server.server_address[1]
        assert capsys.readouterr().out == (f"serving the gallery at http://127.0.0.1:{port}/ (it reloads after each "
                                           f"rebuild)\n")
        assert status.data()["generation"] == 0
    finally:
        server.shutdown()
        server.server_close()


class Watcher:
    """A stand-in for watchfiles.watch: the saves it reports, in turn, then Ctrl-C."""

    def __init__(self, saves: list[set], folders: tuple[str, ...], watch_filter) -> None:
        self.saves, self.folders, self.filter, self.closed = saves, folders, watch_filter, False

    def __iter__(self):
        return self

    def __next__(self) -> set:
        if not self.saves:
            raise KeyboardInterrupt
        return self.saves.pop(0)

    def close(self) -> None:
        self.closed = True


@pytest.fixture
def watcher(monkeypatch: pytest.MonkeyPatch):
    """saves(*batches): what the watchers report in turn; returns the watchers made."""
    made: list[Watcher] = []
    batches: list[set] = []

    def watching(*folders: str, watch_filter, **options) -> Watcher:
        assert options == {"debounce": 300, "rust_timeout": 200, "yield_on_timeout": True, "recursive": False,
                           "ignore_permission_denied": True}
        made.append(Watcher(batches, folders, watch_filter))
        return made[-1]
    monkeypatch.setattr(watchfiles, "watch", watching)

    def saves(*found: set) -> list[Watcher]:
        batches.extend(found)
        return made
    return saves


@pytest.fixture
def builds(monkeypatch: pytest.MonkeyPatch) -> list:
    asked: list = []

    def build_safely(game, target, options, partial, settings, keep, report):
        asked.append((target, options.parts, options.formats, partial))
        return SimpleNamespace(summary="1 card")
    monkeypatch.setattr(pnp.build.pipeline, "build_safely", build_safely)
    return asked


def test_one_rebuild_on_a_save(game: Path, watcher, builds: list, capsys: pytest.CaptureFixture[str],
                               monkeypatch: pytest.MonkeyPatch) -> None:
    import pnp.build.fingerprint

    # what the build's record says it read: a file, a folder's list of names, a glob
    record = {"sources": {"cards/a.yaml": 1}, "folders": {"art": 1}, "globs": {"icons/*.svg": 1}}
    monkeypatch.setattr(pnp.build.fingerprint, "read_record", lambda target: record)
    root = game.parent.resolve()
    card = str(root / "cards" / "a.yaml")
    made = watcher(set(), set(), {(watchfiles.Change.modified, card)}, set())
    watch(str(game), None, (), ("pdf",), False)
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"watching {root} (Ctrl-C to stop)"
    assert out[1].startswith("built 1 card in ") and out[2] == "changed: cards/a.yaml"
    assert out[3].startswith("built 1 card in ") and len(out) == 4
    assert builds == [(root / "out", (), ("pdf",), False)] * 2
    assert len(made) == 1 and made[0].closed
    assert set(made[0].folders) == {str(root), str(root / "cards")}
    relevant = made[0].filter
    assert relevant(watchfiles.Change.modified, card) and relevant(watchfiles.Change.modified, str(game))
    assert not relevant(watchfiles.Change.modified, str(root / "notes.txt"))
    assert relevant(watchfiles.Change.added, str(root / "art" / "new.png"))
    assert relevant(watchfiles.Change.added, str(root / "icons" / "sun.svg"))
    assert not relevant(watchfiles.Change.added, str(root / "icons" / "sun.png"))
    assert not relevant(watchfiles.Change.added, str(root.parent / "elsewhere.yaml"))
    (root / "new").mkdir()
    assert relevant(watchfiles.Change.added, str(root / "new"))  # (a folder made: to be watched)
    assert not relevant(watchfiles.Change.modified, str(root / "new"))
    assert not relevant(watchfiles.Change.modified, str(root / "out" / "index.html"))
    assert not relevant(watchfiles.Change.modified, str(root / "cards" / ".a.yaml.swp"))


def test_a_rebuild_that_fails(game: Path, watcher, builds: list, capsys: pytest.CaptureFixture[str]) -> None:
    (game.parent / "cards" / "a.yaml").write_text("cards: [{id: a}]\n", "utf-8")
    watcher(set())
    watch(str(game), None, ("cards",), ("pdf",), False)
    out = capsys.readouterr().out
    assert "game/cards/a.yaml:1:9: error: card 'a': missing required key 'name' [schema]\n" in out
    assert out.endswith(f"not built: T: 0 cards: 1 error, 0 warnings; {game.parent.resolve() / 'out'} is unchanged\n")
    assert builds == []


def test_a_build_that_raises(game: Path, watcher, monkeypatch: pytest.MonkeyPatch,
                             capsys: pytest.CaptureFixture[str]) -> None:
    def failing(*args, **kwargs):
        raise ValueError("a bug")
    monkeypatch.setattr(pnp.build.pipeline, "build_safely", failing)
    watcher(set())
    watch(str(game), None, (), ("pdf",), False)
    assert capsys.readouterr().out.endswith(f"error: the build failed (ValueError: a bug); "
                                            f"{game.parent.resolve() / 'out'} is unchanged\n")
    watcher(set())
    with pytest.raises(click.UsageError):
        watch(str(game.parent / "missing.yaml"), None, (), ("pdf",), False)


def test_a_watcher_that_fails(game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    class Failing:
        def __next__(self):
            raise OSError("inotify watch limit reached")

        def close(self) -> None:
            pass
    monkeypatch.setattr(watchfiles, "watch", lambda *folders, **options: Failing())
    with pytest.raises(click.ClickException) as raised:
        watch(str(game), None, (), ("pdf",), False)
    assert raised.value.message == f"cannot watch {game.parent.resolve()}: inotify watch limit reached"
