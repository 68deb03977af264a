"""pnp.checks.validate: validating a game as a whole: its loading's problems and every check's,
in file order, each once; the report (its counts, summary, what a build keeps of it) and what
each language lacks; the map checks' problems taken from a build's cache; checks run beside a
build, stopping it when they find an error; and the work a build keeps for the next validation."""

from __future__ import annotations

import json
import signal
from pathlib import Path

import pytest

from pnp.build.cache import Cache
from pnp.build.processes import stop_point, stop_soon
from pnp.checks import validate as validation
from pnp.checks.validate import (ChecksFailed, Report, Validation, _causes, _Keep, _from_rows, _readable, _rows,
                                 _unique, counted, geometry_key, held, keep_documents, keep_work, kept, pieces,
                                 reuse_work, start_validation, validate)
from pnp.problems import Location, Problem, Severity

from . import conftest

COMPONENTS = """
cards:
  type: card
  size: poker
  files: [north.yaml, south.yaml]
  items: cards
  group: {key: suit}
  fields: {name: text, count: {type: int, default: 1}}
  copies: count
  face: face.yaml
tokens:
  type: token
  size: 20mm
  files: tokens.yaml
  items: tokens
rules:
  type: data
  files: rules.yaml
  items: rules
"""
FACE = """\
extends: builtin:card
boxes:
  name: {x: 5, y: 5, width: 20, height: 5, text: "{name}"}
"""
NORTH = """\
suit: {id: north}
cards:
  - {id: king, name: {en: King, fr: Roi}, count: 2}
  - {id: queen, name: {en: Queen of all the lands and the seas, fr: Reine}}
"""
SOUTH = """\
suit: {id: south}
cards:
  - {id: jack, name: Jack}
  - {id: king, name: {en: King, fr: Roi}}
"""
FILES = dict(north=NORTH, south=SOUTH, face=FACE, tokens="tokens:\n  - {id: gold}\n", rules="rules:\n  - {id: one}\n")
PROBLEMS = [
    "game.yaml:1:8: warning: title ('Test') has no 'fr' text [missing-translation]",
    "north.yaml:4:28: error: card 'queen': name.en 'Queen of all the lands and the seas' does not fit the 20 mm "
    "name box even at 10 pt [text-fit]",
    "south.yaml:3:22: warning: card 'jack': name ('Jack') has no 'fr' text [missing-translation]",
    "south.yaml:4:10: error: card id 'king' is already used at north.yaml:3:10 [duplicate-id]"]


@pytest.fixture
def manifest(load, tmp_path: Path) -> Path:
    game, problems = load(COMPONENTS, **FILES)
    assert problems == []
    return tmp_path / "game.yaml"


@pytest.fixture(autouse=True)
def nothing_pending():
    """No stop asked for is left to a later test."""
    yield
    stop_soon(None)
    validation._armed.clear()


def test_a_games_problems_in_file_order_with_its_count_and_what_french_lacks(manifest: Path) -> None:
    report = validate(manifest)
    assert [p.format() for p in report.problems] == PROBLEMS
    assert (report.errors, report.warnings, report.failed(), report.failed(strict=True)) == (2, 2, True, True)
    assert (report.title, report.counted) == ("Test", "5 cards in 2 suits, 1 token")
    assert report.sets == {"cards": {"items": 4, "groups": 2, "pieces": 5},
                           "tokens": {"items": 1, "groups": 0, "pieces": 1},
                           "rules": {"items": 1, "groups": 0, "pieces": 0}}
    assert report.languages == ("fr: 3 of 4 cards, 2 strings missing",)
    assert report.summary() == ("Test: 5 cards in 2 suits, 1 token: 2 errors, 2 warnings\n"
                                "fr: 3 of 4 cards, 2 strings missing")
    assert report.summary_data() == {"game": "Test", "sets": report.sets, "errors": 2, "warnings": 2,
                                     "languages": ["fr: 3 of 4 cards, 2 strings missing"]}
    assert report.game is not None and "printed" not in report.game.memo  # (not held through a build)
    assert report.keep is not None and report.keep.key is None


def test_a_report_fails_on_errors_or_strictly_on_warnings() -> None:
    warning = Problem(Location("a.yaml", 1, 1), Severity.WARNING, "w", "x")
    error = Problem(Location("a.yaml", 2, 1), Severity.ERROR, "e", "x")
    assert [(r.failed(), r.failed(strict=True)) for r in (Report(None, ()), Report(None, (warning,)),
                                                          Report(None, (error,)))] == [
        (False, False), (False, True), (True, True)]
    assert Report(None, (warning, warning, error)).summary() == "the game manifest could not be read: 1 error, " \
                                                                 "2 warnings"
    assert Report(None, (), counted="1 card").summary() == "1 card: 0 errors, 0 warnings"
    assert Report(None, (), counted="1 card", title="T").summary() == "T: 1 card: 0 errors, 0 warnings"
    assert Report(None, ()).summary_data() == {"game": None, "sets": {}, "errors": 0, "warnings": 0, "languages": []}


def test_a_report_kept_by_a_build_is_read_back_as_it_was(manifest: Path) -> None:
    report = validate(manifest)
    data = report.to_data()
    assert json.loads(data)["problems"][2] == [
        "south.yaml", 3, 22, "warning", "card 'jack': name ('Jack') has no 'fr' text", "missing-translation"]
    back = kept(data)
    assert (back.game, back.problems, back.keep, back.counted, back.sets, back.languages, back.title) == (
        None, report.problems, None, report.counted, report.sets, report.languages, "Test")
    assert kept(b'{"problems": [], "counted": null, "sets": null}').languages == ()
    assert kept(b'{"problems": [], "counted": null, "sets": null}').title is None
    assert "é" in kept(Report(None, (), counted="é").to_data()).counted  # (written as UTF-8, not escaped)
    assert Report(None, (), counted="é").to_data() == (
        b'{"title": null, "counted": "\xc3\xa9", "sets": null, "languages": [], "problems": []}')


def test_a_manifest_that_cannot_be_read_is_its_only_problem(tmp_path: Path) -> None:
    (tmp_path / "game.yaml").write_text("title: [", "utf-8")
    report = validate(tmp_path / "game.yaml")
    assert (report.game, report.counted, report.sets, report.languages, report.keep) == (None, None, None, (), None)
    assert [p.location.file for p in report.problems] == ["game.yaml"]
    assert report.summary().startswith("the game manifest could not be read: 1 error")


def test_the_game_and_what_each_printed_set_holds_copies_counted(load) -> None:
    game, _ = load(COMPONENTS, **FILES)
    assert counted(game) == "5 cards in 2 suits, 1 token"  # (not the rules: data, printed as nothing)
    assert [pieces(s) for s in game.sets.values()] == [5, 1, 0]
    game.sets["tokens"].items[0].copies = 3
    game.sets["cards"].items[1:] = []
    game.sets["cards"].items[0].copies = 1
    game.sets["cards"].groups[1:] = []
    assert counted(game) == "1 card in 1 suit, 3 tokens"
    game.sets["cards"].group_noun = ("armée", "armées")  # (the group's own noun, when declared)
    assert held(game.sets["cards"], "fr") == "1 card in 1 armée"
    game.sets["cards"].groups *= 2
    assert held(game.sets["cards"], "fr") == "1 card in 2 armées"
    game.sets["cards"].group_key = None
    assert held(game.sets["cards"], "en") == "1 card"
    game.sets["cards"].items[:] = []
    assert counted(game) == "0 cards, 3 tokens"
    # a board drawn from the whole set is one piece, of its items (a board with files of its own
    # is a board per item: counted as the others)
    board = game.sets["tokens"]
    board.type, board.declaration = "board", {"type": "board"}
    assert (counted(game), pieces(board)) == ("0 cards, 1 board of 1 token", 1)
    assert held(board, "fr") == "1 plateau of 1 token"  # (pnp's word for a board, in the game's language)
    board.declaration = {"type": "board", "files": ["tokens.yaml"]}
    assert (counted(game), pieces(board)) == ("0 cards, 3 tokens", 3)
    del game.sets["cards"], game.sets["tokens"]
    assert counted(game) == "no components"


def test_a_long_list_of_sets_counts_the_last_ones_with_their_pieces(load, monkeypatch: pytest.MonkeyPatch) -> None:
    game, _ = load(COMPONENTS, **FILES)
    listed = "5 cards in 2 suits, 1 token"
    monkeypatch.setattr(validation, "LISTED_WIDTH", len(listed))
    assert counted(game) == listed
    monkeypatch.setattr(validation, "LISTED_WIDTH", len(listed) - 1)
    assert counted(game) == "5 cards in 2 suits and 1 more set of 1 piece"
    game.sets["tokens"].items[0].copies = 2
    game.sets["more"] = game.sets["tokens"]  # (two printed sets after the cards)
    assert counted(game) == "5 cards in 2 suits and 2 more sets of 4 pieces"
    monkeypatch.setattr(validation, "LISTED_WIDTH", 5)
    assert counted(game) == "5 cards in 2 suits and 2 more sets of 4 pieces"  # (the first set always)
    monkeypatch.setattr(validation, "LISTED_WIDTH", 100)
    assert counted(game) == "5 cards in 2 suits, 2 tokens, 2 tokens"


def test_problems_are_said_once() -> None:
    a = Problem(Location("a.yaml", 1, 1), Severity.ERROR, "e", "x")
    b = Problem(Location("a.yaml", 1, 1), Severity.ERROR, "f", "x")
    assert _unique([a, b, a, b]) == [a, b]
    assert _from_rows(_rows([a, b])) == [a, b]
    assert _rows([a]) == [["a.yaml", 1, 1, "error", "e", "x"]]


def test_a_template_that_fails_is_said_once_the_data_holds_no_other_error() -> None:
    template = Problem(Location("face.yaml", 3, 1), Severity.ERROR, "t", "template")
    warning = Problem(Location("a.yaml", 1, 1), Severity.WARNING, "w", "straight-quote")
    error = Problem(Location("a.yaml", 2, 1), Severity.ERROR, "e", "unknown-reference")
    assert _causes([template, warning]) == [template, warning]
    assert _causes([template, warning, error]) == [warning, error]
    assert _causes([template, template]) == [template, template]


def test_problems_kept_that_cannot_be_read_are_none() -> None:
    a = Problem(Location("a.yaml", 1, 2), Severity.WARNING, "e", "x")
    assert _readable(validation._data([a])) == [a]
    assert [_readable(data) for data in (None, b"{", b"[1]", b'[["a", 1, 1, "bad", "e", "x"]]', b'{"a": 1}',
                                         b"[[1, 2]]", b"null")] == [None] * 7
    assert _readable(b"[]") == []


# --- the map checks, kept by a build -----------------------------------------------------------

def test_the_map_checks_problems_are_kept_under_what_they_follow_from(manifest: Path, tmp_path: Path,
                                                                       monkeypatch) -> None:
    from pnp.maps.areas import checks as map_checks

    cache = Cache(tmp_path / "cache")
    report = validate(manifest, cache)  # (no cache folder yet: nothing read, no key worked out)
    assert report.keep.key is None
    kind, key, data = report.keep.entry()
    assert (kind, key, data) == ("map-checks", geometry_key(report.game), b"[]")
    (tmp_path / "cache").mkdir()
    report = validate(manifest, cache)
    assert report.keep.key == key
    cache.put(kind, key, validation._data([Problem(Location("north.yaml", 1, 1), Severity.ERROR, "kept", "map")]))
    monkeypatch.setattr(map_checks, "GEOMETRY_CHECKS", frozenset({"text-fit"}))
    report = validate(manifest, cache)  # the map checks' problems are taken from the cache: text-fit is not run
    assert report.keep is None
    assert [p.format() for p in report.problems] == [PROBLEMS[0], "north.yaml:1:1: error: kept [map]", *PROBLEMS[2:]]
    cache.put(kind, key, b"not json")
    assert [p.format() for p in validate(manifest, cache).problems] == PROBLEMS


def test_what_the_map_checks_follow_from(load, tmp_path: Path) -> None:
    game, _ = load(COMPONENTS, **FILES)
    key = geometry_key(game)
    assert len(key) == 64
    (tmp_path / "north.yaml").write_text(NORTH.replace("Roi", "Le roi"), "utf-8")  # (an item file: not read again)
    assert geometry_key(game) == key
    game.complete = False
    assert geometry_key(game) != key
    game.complete = True
    game.languages = ("fr", "en")
    assert geometry_key(game) != key
    game.languages = ("en", "fr")
    game.fonts = dict(game.fonts, heading="SourceSerifPro-Bold")
    assert geometry_key(game) != key


# --- checks beside a build ---------------------------------------------------------------------

class Inline:
    """Work run in this process, for the tests, when `run` (or its result is asked for): as a
    forked process's, its answer is bytes, and it may signal this process."""

    started: list = []

    def __init__(self, work):
        self.work, self.answer, self.cancelled = work, None, False

    @classmethod
    def start(cls, work):
        beside = cls(work)
        cls.started.append(beside)
        return beside

    def run(self) -> None:
        self.answer = self.work()

    def result(self) -> bytes | None:
        if self.answer is None:
            self.run()
        return self.answer

    def cancel(self) -> None:
        self.cancelled = True


@pytest.fixture
def inline(monkeypatch):
    Inline.started = []
    monkeypatch.setattr(validation, "Beside", Inline)
    return Inline


def test_checks_beside_a_build_stop_it_when_they_find_an_error(manifest: Path, inline) -> None:
    previous = signal.getsignal(signal.SIGUSR1)
    try:
        running = start_validation(manifest, later=True)
        assert not running.done and running.game is not None and running.problems == []
        assert validation._armed == [running]
        stop_point()  # (nothing found yet)
        Inline.started[-1].run()
        with pytest.raises(ChecksFailed):  # the checks' process signalled: the build stops at its next stop point
            stop_point()
        report = running()
        assert running.done and validation._armed == []
        assert [p.format() for p in report.problems] == PROBLEMS
        assert report.languages == ("fr: 3 of 4 cards, 2 strings missing",)
        assert report.keep is not None
        assert running() is report
    finally:
        signal.signal(signal.SIGUSR1, previous)


def test_a_stop_asked_for_once_the_report_is_taken_is_dropped(manifest: Path, inline) -> None:
    previous = signal.getsignal(signal.SIGUSR1)
    try:
        running = start_validation(manifest, later=True)
        running()
        validation._stop_build(signal.SIGUSR1, None)  # (a signal come late)
        stop_point()
        validation._armed[:] = [running]
        validation._stop_build(signal.SIGUSR1, None)
        with pytest.raises(ChecksFailed):
            stop_point()
    finally:
        signal.signal(signal.SIGUSR1, previous)


def test_checks_beside_that_find_only_warnings_stop_a_build_only_when_strict(manifest: Path, inline,
                                                                            monkeypatch) -> None:
    (manifest.parent / "north.yaml").write_text(NORTH.replace("Queen of all the lands and the seas", "Queen"))
    (manifest.parent / "south.yaml").write_text(SOUTH.replace("id: king", "id: ace"))
    kills = []
    monkeypatch.setattr(validation.os, "kill", lambda pid, sig: kills.append((pid, sig)))
    start_validation(manifest, later=True)()
    assert kills == []
    report = start_validation(manifest, later=True, strict=True)()
    assert kills == [(validation.os.getpid(), signal.SIGUSR1)]
    assert [p.rule for p in report.problems] == ["missing-translation", "missing-translation"]


def test_an_answer_that_cannot_be_read_is_worked_out_again(manifest: Path, inline, monkeypatch) -> None:
    monkeypatch.setattr(validation.os, "kill", lambda pid, sig: None)
    for answer in (None, b"{", b'{"problems": []}', b'{"problems": [], "languages": "fr"}',
                   b'{"problems": [], "languages": [1]}', b'{"problems": [], "languages": [], "work": {}}'):
        monkeypatch.setattr(Inline, "result", lambda self: answer)
        assert [p.format() for p in start_validation(manifest, later=True)().problems] == PROBLEMS, answer


def test_checks_run_here_when_loading_failed_or_no_process_can_be_started(manifest: Path, inline,
                                                                          monkeypatch) -> None:
    (manifest.parent / "face.yaml").write_text("boxes: 3\n")
    assert start_validation(manifest, later=True).done  # loading found an error: no build follows
    (manifest.parent / "face.yaml").write_text(FACE)
    monkeypatch.setattr(Inline, "start", classmethod(lambda cls, work: None))
    previous = signal.getsignal(signal.SIGUSR1)
    running = start_validation(manifest, later=True)
    assert running.done and signal.getsignal(signal.SIGUSR1) == previous
    assert [p.format() for p in running().problems] == PROBLEMS


def test_closing_a_validation_stops_its_checks_beside(manifest: Path, inline, monkeypatch) -> None:
    monkeypatch.setattr(validation.os, "kill", lambda pid, sig: None)
    previous = signal.getsignal(signal.SIGUSR1)
    try:
        running = start_validation(manifest, later=True)
        beside = Inline.started[-1]
        running.close()
        assert beside.cancelled and running._beside == [] and validation._armed == []
        running.close()
    finally:
        signal.signal(signal.SIGUSR1, previous)


def test_a_validation_that_loaded_nothing(tmp_path: Path) -> None:
    loaded = Validation(None, [], ["game.yaml"])
    assert loaded.failed() and not loaded.done
    assert loaded().problems == () and loaded.done
    warned = Validation(object(), [Problem(Location("a.yaml"), Severity.WARNING, "w", "x")], [])
    assert (warned.failed(), warned.failed(strict=True)) == (False, True)


# --- work kept for the next validation ---------------------------------------------------------

def test_the_work_a_build_keeps_is_given_back_to_the_next(manifest: Path, tmp_path: Path, monkeypatch) -> None:
    from pnp.checks import text
    from pnp.load import yamlload

    monkeypatch.setattr(text, "FITS", {})
    monkeypatch.setattr(yamlload, "read_kept", yamlload.read_kept)
    report = validate(manifest)
    cache = Cache(tmp_path / "cache")
    (tmp_path / "cache").mkdir()
    keep_work(report.game, cache)
    assert [kind for kind, _, _ in validation._kept_work()] == ["colours", "schema-clean", "icons", "text-fit",
                                                                "pictures", "locator-pins"]
    doc = report.game.documents["north.yaml"]
    assert not cache.has("documents", validation._document_key(doc.file, doc.digest))  # (kept as the workers draw)
    keep_documents(report.game, cache)
    fits = dict(text.FITS)
    assert fits
    text.FITS.clear()
    reuse_work(cache)
    assert text.FITS == fits
    doc = report.game.documents["north.yaml"]
    assert yamlload.read_kept(doc.file, doc.digest) is not None
    assert validation._document_key("a", "b") != validation._document_key("a", "c")


def test_work_kept_that_cannot_be_read_is_worked_out_again(tmp_path: Path, monkeypatch) -> None:
    from pnp.build.fingerprint import environment
    from pnp.checks import text
    from pnp.load import yamlload

    monkeypatch.setattr(text, "FITS", {})
    monkeypatch.setattr(yamlload, "read_kept", yamlload.read_kept)
    cache = Cache(tmp_path / "cache")
    (tmp_path / "cache").mkdir()
    cache.put("text-fit", environment(), b"[1]")
    reuse_work(cache)
    assert text.FITS == {}


# --- the maps a process worked out ---------------------------------------------------------------

def test_a_map_worked_out_is_remembered_until_a_file_it_follows_from_changes(tmp_path: Path, monkeypatch) -> None:
    """The map checks' problems, worked out once, are taken again for the same map (what pnp
    watch revalidates after an edit of a card); an edit of the map's files works them out
    again; a process keeps the last REMEMBERED_MAPS maps."""
    import shutil

    from pnp import checks

    shutil.copytree(Path(__file__).parents[2] / "data" / "valid" / "mini", tmp_path / "game")
    manifest = tmp_path / "game" / "game.yaml"
    worked_out = []
    run_rules = checks.run_rules

    def spied(game, skip=frozenset(), only=None):
        worked_out.extend([only is not None] if only is not None else [])
        return run_rules(game, skip, only)

    monkeypatch.setattr(checks, "run_rules", spied)
    first = validate(manifest)
    assert worked_out == [True] and len(validation._REMEMBERED) == 1
    north = tmp_path / "game" / "cards" / "north.yaml"
    north.write_text(north.read_text("utf-8").replace("Rules the north.", "Rules all the north."), "utf-8")
    assert "Rules all the north." in north.read_text("utf-8")
    assert validate(manifest).problems == first.problems and worked_out == [True]  # (a card: the map is the same)
    areas = tmp_path / "game" / "board" / "areas.yaml"
    areas.write_text(areas.read_text("utf-8") + "\n", "utf-8")
    assert validate(manifest).problems == first.problems and worked_out == [True, True]
    assert len(validation._REMEMBERED) == 2
    monkeypatch.setattr(validation, "REMEMBERED_MAPS", 1)
    areas.write_text(areas.read_text("utf-8") + "\n", "utf-8")
    validate(manifest)
    assert worked_out == [True, True, True] and len(validation._REMEMBERED) == 1
    validation.remember("a", [])
    validation.remember("b", [])
    assert list(validation._REMEMBERED) == ["b"]


def test_the_map_is_worked_out_between_the_checks_process_and_the_map_checks_one(inline, monkeypatch) -> None:
    """The Anarchy's one area map: the checks' process is forked first, once the game is read,
    with nothing of the map worked out (it runs every check but those that read the map: the
    map's own and the locator boxes'); then the map's land, cells and the shapes around it are
    worked out, and the process of the checks that read it is forked (which inherits them, as
    the build goes on to use them); its borders, which only the map's checks read, by that
    process. The report is a validation's in one process, and the distances of the locators'
    pins, worked out by the map's process, are given back (the build keeps them)."""
    from pnp.boxes import locator_checks

    monkeypatch.setattr(locator_checks, "DISTANCES", {})
    from pnp import checks as registry_of
    from pnp.maps.areas import geometry
    from pnp.maps.areas.checks import GEOMETRY_CHECKS

    monkeypatch.setattr(validation.os, "kill", lambda pid, sig: None)
    seen: list = []
    start = Inline.start.__func__
    ran: list = []

    original = registry_of.run_rules

    def running(game, skip=frozenset(), only=None):
        ran.append(("only", sorted(only)) if only is not None else ("skip", sorted(skip)))
        return original(game, skip=skip, only=only)

    monkeypatch.setattr(registry_of, "run_rules", running)

    def noting(cls, work):
        last = geometry._kept.last
        seen.append((last[0].name, sorted(k for k in ("cells", "land", "context", "beyond", "borders")
                                          if k in vars(last[1]))) if last else None)
        return start(cls, work)

    monkeypatch.setattr(Inline, "start", classmethod(noting))
    geometry._kept.last[:] = []
    running_checks = start_validation(Path(__file__).resolve().parents[3] / "game.yaml", later=True)
    assert seen == [None, ("board", ["beyond", "cells", "context", "land"])]
    on_map = sorted(GEOMETRY_CHECKS | {"locator"})
    Inline.started[0].run()
    assert ran == [("skip", on_map)] and locator_checks.DISTANCES == {}
    Inline.started[1].run()
    pins = dict(locator_checks.DISTANCES)
    assert len(pins) == 62 and all(0 <= away < 100 for away in pins.values())  # (the places 65 locators pin, on land)
    locator_checks.DISTANCES.clear()  # (as the build's process holds none: it takes those in the answer)
    report = running_checks()
    assert locator_checks.DISTANCES == pins
    assert "borders" in vars(geometry._kept.last[1])
    assert ran == [("skip", on_map), ("only", on_map)]
    assert report.problems == start_validation(Path(__file__).resolve().parents[3] / "game.yaml")().problems


def test_an_answer_of_the_map_s_process_that_cannot_be_read_is_worked_out_again(inline, monkeypatch) -> None:
    from pnp.boxes import locator_checks

    monkeypatch.setattr(locator_checks, "DISTANCES", {})

    monkeypatch.setattr(validation.os, "kill", lambda pid, sig: None)
    game = Path(__file__).resolve().parents[3] / "game.yaml"
    expected = start_validation(game)().problems

    def answered(answer: bytes | None) -> Validation:
        validation._REMEMBERED.clear()  # (else the map checks' problems are taken from what this process worked out)
        Inline.started = []
        running = start_validation(game, later=True)
        assert len(Inline.started) == 2
        monkeypatch.setattr(Inline.started[1], "result", lambda: answer)
        locator_checks.DISTANCES.clear()
        return running

    for answer in (None, b"[", b"[]", b'{"problems": []}', b'{"problems": [], "pins": []}',
                   b'{"problems": [], "pins": {"x": "far"}}', b'{"problems": [[1]], "pins": {}}'):
        assert answered(answer)().problems == expected, answer
        assert len(locator_checks.DISTANCES) == 62  # (worked out again here: the locators' pins among them)
    running = answered(b'{"problems": [], "pins": {"a|1,2": 12.5}}')  # (read: its pins are given back)
    assert [p for p in running().problems if p.rule in {"locator", "map-label"}] == [] \
        and locator_checks.DISTANCES == {"a|1,2": 12.5}


def test_no_map_is_worked_out_before_the_fork_for_a_game_without_one(manifest: Path, inline) -> None:
    from pnp.maps.areas import geometry

    geometry._kept.last[:] = []
    start_validation(manifest, later=True)()
    assert geometry._kept.last == []
