"""pnp.commands.common: what the commands share, on a small game written in the test: the game
found, its paths shown from the current folder, its languages read quickly and chosen with
--lang, its parts named by --only, where its output goes (through no link a game holds), and
the report of its checks, kept from the last build while nothing it read changed."""

from __future__ import annotations

import os
from pathlib import Path

import click
import pytest

from pnp import __version__
from pnp.commands.common import (cache_of, declared_languages, kept_report, language_target, languages_of,
                                 manifest_of, only_parts, own_target, prefix_of, report_of, settings_of, target_of,
                                 validate, validated)

GAME = """\
title: T
languages: [en, fr]
fonts: {body: SourceSansPro-Regular}
components:
  cards: {type: card, files: cards.yaml, items: cards, fields: {name: text}, print: deck, face: card.yaml}
  kinds: {type: data, files: kinds.yaml, items: kinds, fields: {name: text}}
"""


@pytest.fixture
def game(tmp_path: Path) -> Path:
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "game.yaml").write_text(GAME, "utf-8")
    (folder / "cards.yaml").write_text("cards: [{id: a, name: A}]\n", "utf-8")
    (folder / "kinds.yaml").write_text("kinds: [{id: k, name: K}]\n", "utf-8")
    (folder / "card.yaml").write_text("extends: builtin:card\nboxes: {}\n", "utf-8")
    return folder / "game.yaml"


def test_manifest_of(game: Path, tmp_path: Path) -> None:
    assert manifest_of(str(game.parent)) == game
    with pytest.raises(click.UsageError) as raised:
        manifest_of(str(tmp_path / "nothing"))
    assert raised.value.message == f"no game manifest at {tmp_path / 'nothing'}"


def test_prefix_of(game: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(game.parent)
    assert prefix_of(Path("game.yaml")) == ""
    monkeypatch.chdir(tmp_path)
    assert prefix_of(Path("game/game.yaml")) == "game/"
    (game.parent / "sub").mkdir()
    monkeypatch.chdir(game.parent / "sub")
    assert prefix_of(Path("../game.yaml")) == f"{game.parent.resolve()}/"


def test_validate_and_its_report(game: Path, capsys: pytest.CaptureFixture[str], monkeypatch) -> None:
    report = validate(game)
    assert report.errors == 0 and report.game.title.get("en") == "T"
    monkeypatch.chdir(game.parent.parent)
    (game.parent / "kinds.yaml").write_text("kinds: [{id: k, name: K, x: 1}]\n", "utf-8")
    report = report_of(game, "text")
    assert report.errors == 1
    out = capsys.readouterr().out
    assert "\ngame/kinds.yaml:1:26: error: kind 'k': unknown key 'x' (expected one of: id, name) [schema]\n" in out
    assert out.endswith("\nT: 1 card: 1 error, 2 warnings\nfr: 0 of 1 cards, 2 strings missing\n")
    report_of(game, "github")
    out = capsys.readouterr().out
    assert "\n::error file=game/kinds.yaml,line=1,col=26,title=schema::" in out
    assert out.endswith("\nT: 1 card: 1 error, 2 warnings\nfr: 0 of 1 cards, 2 strings missing\n")
    report_of(game, "json")
    assert '"rule": "schema"' in capsys.readouterr().out


def test_validated_and_the_settings(game: Path) -> None:
    assert validated(game) == repr(("validate", "game.yaml", __version__, None))
    # (a report says whether the schemas pnp schema wrote are older than the fields: it follows them)
    (game.parent / "schemas").mkdir()
    (game.parent / "schemas" / ".pnp-schemas.json").write_text('{"files": {}}\n')
    found = (game.parent / "schemas" / ".pnp-schemas.json").stat()
    assert validated(game) == repr(("validate", "game.yaml", __version__, (found.st_mtime_ns, 14)))
    assert settings_of(game, ("b", "a"), "a4", ("pdf",), None, False, (0.0, 0.0), 100, True) == repr(
        ("game.yaml", ["a", "b"], "a4", ("pdf",), None, False, (0.0, 0.0), 100, True, None, False, False, "paths+text",
         None, (), __version__))
    assert settings_of(game, (), "all", ("svg",), 1.0, True, (1.0, 2.0), 50, False, "fr", True, True, "paths",
                       "https://x/", ("en", "fr")) == repr(("game.yaml", [], "all", ("svg",), 1.0, True, (1.0, 2.0),
                                                            50, False, "fr", True, True, "paths", "https://x/",
                                                            ("en", "fr"), __version__))


def test_no_kept_report_without_a_build(game: Path) -> None:
    assert kept_report(game) is None
    cache = cache_of(game.parent / "out")
    assert not cache.present


def test_declared_languages(game: Path) -> None:
    assert declared_languages(game) == ["en", "fr"]
    for text, languages in [("title: T\n", ["en"]), ("languages: []\n", None), ("languages: [en, 2]\n", None),
                            ("languages: en\n", None), ("- a\n", None), ("title: [\n", None),
                            ("languages: [de]\n", ["de"])]:
        game.write_text(text, "utf-8")
        assert declared_languages(game) == languages, text


def test_languages_of() -> None:
    assert languages_of(None, ["en", "fr"]) == ["en"]
    assert languages_of("all", ["en", "fr"]) == ["en", "fr"]
    assert languages_of("fr", ["en", "fr"]) == ["fr"]
    with pytest.raises(click.UsageError) as raised:
        languages_of("de", ["en", "fr"])
    assert raised.value.message == "--lang de: the game declares en, fr (or all for every one)"


def test_language_target(tmp_path: Path) -> None:
    assert language_target(tmp_path, "en", ["en", "fr"]) == tmp_path
    assert language_target(tmp_path, "fr", ["en", "fr"]) == tmp_path / "fr"


def test_only_parts(game: Path) -> None:
    loaded = validate(game).game
    assert only_parts(loaded, ()) == ()
    assert only_parts(loaded, ("cards", "deck", "tts")) == ("cards", "deck", "tts")
    with pytest.raises(click.UsageError) as raised:
        only_parts(loaded, ("card",))
    assert raised.value.message.startswith("--only card: the game has no part called so (did you mean 'cards'?); "
                                           "its parts: cards, deck, duplex-test, read-me-first, ")
    with pytest.raises(click.UsageError) as raised:
        only_parts(loaded, ("kinds",))
    assert "--only kinds: the game has no part called so; its parts:" in raised.value.message


def test_target_of(game: Path, tmp_path: Path) -> None:
    assert target_of(game, None) == game.parent / "out"
    assert target_of(game, tmp_path / "x") == tmp_path / "x"


def test_own_target(game: Path, tmp_path: Path) -> None:
    out = game.parent / "out"
    own_target(game, out, out, False)  # (not there yet)
    out.mkdir()
    own_target(game, out, out, False)
    own_target(game, out / "fr", out, False)
    (tmp_path / "elsewhere").mkdir()
    out.rmdir()
    out.symlink_to(tmp_path / "elsewhere")  # a game's out/ that leads out of it
    with pytest.raises(click.ClickException) as raised:
        own_target(game, out, out, False)
    assert raised.value.message == (f"cannot build into {out}: it is a link to {tmp_path / 'elsewhere'}, outside the "
                                    f"game folder; pnp builds there only when told to (-o {out})")
    own_target(game, out, out, True)  # told to
    (tmp_path / "elsewhere" / "fr").symlink_to(tmp_path)
    with pytest.raises(click.ClickException) as raised:
        own_target(game, out / "fr", out, True)
    assert raised.value.message == (f"cannot build into {out / 'fr'}: it is a link to {tmp_path}; a language's kit "
                                    f"is built in a folder of its own in the output (remove the link)")
    out.unlink()
    out.symlink_to("out")
    with pytest.raises(click.ClickException) as raised:
        own_target(game, out, out, False)
    assert raised.value.message.startswith(f"cannot build into {out}: ")
    inside = game.parent / "builds"
    inside.mkdir()
    out.unlink()
    out.symlink_to(inside)  # (a link within the game folder)
    own_target(game, out, out, False)
    assert os.path.islink(out)
