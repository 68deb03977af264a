"""pnp.commands.build: pnp build's use case on a small game written in the test, the build
itself a stand-in (pnp.build.pipeline.build_safely, whose kits the system tests make): what it is
given, and what the command says when the game is up to date, when the checks fail, when the
build fails, and when it built; and the progress bars."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import click
import pytest

import pnp.build.pipeline
from pnp.commands.build import StageBars, build

GAME = """\
title: T
languages: [en, fr]
fonts: {body: SourceSansPro-Regular}
components:
  cards: {type: card, files: cards.yaml, items: cards, fields: {name: text}, face: card.yaml}
"""


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "game.yaml").write_text(GAME, "utf-8")
    (folder / "cards.yaml").write_text("cards: [{id: a, name: {en: A, fr: A}}]\n", "utf-8")
    (folder / "card.yaml").write_text("extends: builtin:card\nboxes: {}\n", "utf-8")
    monkeypatch.chdir(tmp_path)
    return folder / "game.yaml"


def run(game: Path, **options) -> None:
    settings = dict(game=str(game), only=(), paper="a4", formats=("pdf",), bleed=None, duplex=False,
                    back_shift=(0.0, 0.0), tabletopia_scale=100, ink_saver=False, greyscale=False, lang=None,
                    tts_base_url=None, svg_text="text", out=None, strict=False, jobs=1, quiet=False, verbose=False,
                    force=False)
    build(**{**settings, **options})


@pytest.fixture
def builds(monkeypatch: pytest.MonkeyPatch) -> list[dict]:
    """Each build asked for, by what it is given; each says it built '1 card' and wrote a.pdf."""
    asked: list[dict] = []

    def build_safely(game, target, options, progress, partial, settings, checked, shared, linking):
        keep, report = checked()
        asked.append({"target": target, "language": options.language, "papers": options.papers,
                      "parts": options.parts, "partial": partial, "progress": progress is not None, "report": report,
                      "linking": linking})
        if progress is not None:
            progress.stage("composing", 0)
        return SimpleNamespace(made={"x": target / "x"}, warnings=["a warning"], written=[target / "a.pdf"],
                               summary="1 card")
    monkeypatch.setattr(pnp.build.pipeline, "build_safely", build_safely)
    return asked


def test_a_build_in_each_language(game: Path, builds: list[dict], capsys: pytest.CaptureFixture[str]) -> None:
    run(game, lang="all", paper="all", verbose=True, only=("cards",))
    out = game.parent / "out"
    assert [(b["target"], b["language"], b["papers"], b["parts"], b["partial"], b["progress"]) for b in builds] == [
        (out, "en", ("a4", "letter", "a3"), ("cards",), True, True),
        (out / "fr", "fr", ("a4", "letter", "a3"), ("cards",), True, True)]
    assert builds[0]["report"][0] == repr(("validate", "game.yaml", pnp.__version__, None))
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    assert lines[0] == f"wrote {out / 'a.pdf'}" and lines[2] == f"wrote {out / 'fr' / 'a.pdf'}"
    assert lines[1].startswith(f"built 1 card into {out} in ") and lines[1].endswith(" s")
    assert captured.err.count("warning: a warning\n") == 2


def test_a_quiet_build(game: Path, builds: list[dict], capsys: pytest.CaptureFixture[str]) -> None:
    run(game, quiet=True)
    assert [(b["language"], b["progress"], b["partial"]) for b in builds] == [("en", False, False)]
    assert capsys.readouterr().out == ""


def test_an_up_to_date_build(game: Path, builds: list[dict], capsys: pytest.CaptureFixture[str],
                             monkeypatch: pytest.MonkeyPatch) -> None:
    import pnp.build.fingerprint

    monkeypatch.setattr(pnp.build.fingerprint, "up_to_date", lambda target, root, settings: True)
    run(game, lang="all")
    out = game.parent / "out"
    assert builds == [] and capsys.readouterr().out == (
        f"{out} is up to date: nothing changed since its last build\n"
        f"{out / 'fr'} is up to date: nothing changed since its last build\n")
    run(game, quiet=True)
    assert capsys.readouterr().out == ""
    run(game, force=True, quiet=True)  # (forced: built all the same)
    assert len(builds) == 1


def test_a_game_with_errors_is_not_built(game: Path, builds: list[dict], capsys: pytest.CaptureFixture[str]) -> None:
    (game.parent / "cards.yaml").write_text("cards: [{id: a, nom: A}]\n", "utf-8")
    with pytest.raises(SystemExit) as raised:
        run(game)
    assert raised.value.code == 1 and builds == []
    err = capsys.readouterr().err
    assert "game/cards.yaml:1:17: error: card 'a': unknown key 'nom' (expected one of: id, name) [schema]" in err
    assert err.endswith("build stopped: fix the errors above first\n")


def test_the_workers_are_forked_before_the_game_is_read(game: Path, builds: list[dict],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """While the game is read, they import what draws; stopped at the end if no build took
    them (its game had errors, say); none for a game up to date."""
    import pnp.build.fingerprint
    import pnp.build.scheduler
    import pnp.checks.validate

    said: list = []
    monkeypatch.setattr(pnp.build.scheduler, "start_early", lambda jobs: said.append(("workers", jobs)))
    monkeypatch.setattr(pnp.build.scheduler, "discard_early", lambda: said.append("stopped"))
    start = pnp.checks.validate.start_validation
    monkeypatch.setattr(pnp.checks.validate, "start_validation", lambda *a, **k: said.append("read") or start(*a, **k))
    run(game, jobs=3)
    assert said == [("workers", 3), "read", "stopped"] and len(builds) == 1
    said.clear()
    (game.parent / "cards.yaml").write_text("cards: [{id: a, nom: A}]\n", "utf-8")
    with pytest.raises(SystemExit):
        run(game)
    assert said == [("workers", 1), "read", "stopped"] and len(builds) == 1
    said.clear()
    monkeypatch.setattr(pnp.build.fingerprint, "up_to_date", lambda target, root, settings: True)
    run(game, lang="all")
    assert said == []


def test_a_build_that_fails(game: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def failing(*args, **kwargs):
        raise pnp.build.pipeline.BuildFailed("no room left")
    monkeypatch.setattr(pnp.build.pipeline, "build_safely", failing)
    with pytest.raises(click.ClickException) as raised:
        run(game)
    assert raised.value.message == "no room left"


def test_a_build_that_meets_an_error_pnp_did_not_expect(game: Path, monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    def failing(*args, **kwargs):
        raise KeyError("sheets")
    monkeypatch.setattr(pnp.build.pipeline, "build_safely", failing)
    monkeypatch.delenv("PNP_DEBUG", raising=False)
    with pytest.raises(SystemExit) as raised:
        run(game)
    out = game.parent / "out"
    err = capsys.readouterr().err  # (the checks' report first: a warning of the title's French)
    assert raised.value.code == 1 and err.endswith(
        "T: 1 card: 0 errors, 1 warning\nfr: 1 of 1 cards, 1 string missing\n"
        f"build stopped: {out} is unchanged: pnp met an error it did not expect (KeyError: 'sheets'); "
        f"PNP_DEBUG=1 shows where\n")
    monkeypatch.setenv("PNP_DEBUG", "1")  # (its traceback, as Python shows it)
    with pytest.raises(KeyError):
        run(game)
    monkeypatch.delenv("PNP_DEBUG")

    def exhausted(*args, **kwargs):
        raise MemoryError()
    monkeypatch.setattr(pnp.build.pipeline, "build_safely", exhausted)
    with pytest.raises(MemoryError):  # (said by pnp's command in a line of its own)
        run(game)


def test_unknown_parts_and_languages(game: Path, builds: list[dict]) -> None:
    with pytest.raises(click.UsageError) as raised:
        run(game, only=("cardz",))
    assert raised.value.message.startswith("--only cardz: the game has no part called so (did you mean 'cards'?)")
    with pytest.raises(click.UsageError) as raised:
        run(game, lang="de")
    assert raised.value.message == "--lang de: the game declares en, fr (or all for every one)"
    with pytest.raises(click.UsageError):
        run(game.parent / "missing.yaml")
    assert builds == []


def test_stage_bars(capsys: pytest.CaptureFixture[str]) -> None:
    bars = StageBars()
    bars.advance()  # (no bar yet: nothing)
    bars.stage("composing", 4)
    first = bars.bar
    assert first.length == 4 and first.label == "composing"  # (not a terminal: no padding)
    bars.advance(2)
    assert first.pos == 2
    bars.stage("writing", 0)
    assert bars.bar is not first and bars.bar.length == 1 and bars.bar.pos == 1  # (nothing to do: done at once)
    bars.close()
    assert bars.bar is None
    bars.close()


def test_the_build_s_timings(game: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from pnp.build.timings import table

    timings = {"wall": 2.0, "cpu": 1.0, "workers": 1, "stages": [{"stage": "SVG", "wall": 2.0, "cpu": 1.0,
                                                                   "waited": 0.5}],
               "jobs": [{"kind": "cards: PNG images", "jobs": 3, "wall": 1.5, "cpu": 1.25}]}

    def build_safely(game, target, options, progress, partial, settings, checked, shared, linking):
        checked()
        target.mkdir(parents=True, exist_ok=True)
        (target / ".pnp-build.json").write_text(json.dumps({"files": {}, "timings": timings}), "utf-8")
        return SimpleNamespace(made={}, warnings=[], written=[], summary="1 card")
    monkeypatch.setattr(pnp.build.pipeline, "build_safely", build_safely)
    run(game, quiet=True, timings=True)
    assert capsys.readouterr().out == table(timings) and table(timings).startswith("main process, by stage")
    run(game, quiet=True, force=True)
    assert capsys.readouterr().out == ""


def test_the_build_s_timings_say_when_it_took_the_checks_answer(game: Path) -> None:
    import json

    from pnp.build.timings import CHECKS, FIRST

    run(game, quiet=True, formats=("pdf", "png"))  # (a real build, its checks beside it where it can)
    timings = json.loads((game.parent / "out" / ".pnp-build.json").read_text("utf-8"))["timings"]
    stages = [s["stage"] for s in timings["stages"]]
    assert stages[0] == FIRST and CHECKS in stages and CHECKS == "the checks' answer, the cache kept"
    found = timings["stages"][stages.index(CHECKS)]
    assert 0 <= found["waited"] <= found["wall"] + 0.001  # (what it waited for the checks' process is in the stage)
