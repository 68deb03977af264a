"""Run every check on a game: load and schema problems, then pnp's checks and the game's."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from ..problems import Location, Problem, Severity, count, plural, sort_problems
from ..build.processes import Beside, stop_soon

if TYPE_CHECKING:
    from ..model.game import ComponentSet, Game


@dataclass(frozen=True)
class Report:
    """The outcome of validating a game: the model (if it could be built) and its problems in
    file order. A report kept by a build (see `kept`) has no model, only what it said."""

    game: Game | None
    problems: tuple[Problem, ...]
    # the map checks' problems, to keep in a build's cache (see `entry`), or None
    keep: "_Keep | None" = None
    # what each printed set holds, "126 cards in 16 suits, 1 board of 16 areas, ...", and each
    # set's size, or None when the manifest could not be read
    counted: str | None = None
    sets: dict | None = None
    # what is translated, a line per language after the first: "fr: 126 of 126 cards, 0 strings missing"
    languages: tuple[str, ...] = ()
    title: str | None = None  # the game's, in its first language

    @property
    def errors(self) -> int:
        return count(self.problems)[0]

    @property
    def warnings(self) -> int:
        return count(self.problems)[1]

    def failed(self, strict: bool = False) -> bool:
        return self.errors > 0 or (strict and self.warnings > 0)

    def summary(self) -> str:
        tally = f"{plural(self.errors, 'error')}, {plural(self.warnings, 'warning')}"
        if self.counted is None:
            return f"the game manifest could not be read: {tally}"
        game = f"{self.title}: " if self.title is not None else ""
        return "\n".join((f"{game}{self.counted}: {tally}", *self.languages))

    def summary_data(self) -> dict:
        return {"game": self.title, "sets": self.sets or {}, "errors": self.errors, "warnings": self.warnings,
                "languages": list(self.languages)}

    def to_data(self) -> bytes:
        """What the report says, for a build to keep: `kept` reads it back."""
        return json.dumps({"title": self.title, "counted": self.counted, "sets": self.sets,
                           "languages": list(self.languages), "problems": _rows(self.problems)},
                          ensure_ascii=False).encode("utf-8")


@dataclass(frozen=True)
class _Keep:
    """The map checks' problems, for a build to keep: its key is worked out only if asked for."""

    game: "Game"
    problems: tuple[Problem, ...]
    key: str | None

    def entry(self) -> tuple[str, str, bytes]:
        """(kind, key, data) for the cache."""
        return "map-checks", self.key or geometry_key(self.game), _data(self.problems)


def kept(data: bytes) -> Report:
    """A report a build kept (`Report.to_data`)."""
    doc = json.loads(data)
    return Report(None, tuple(_from_rows(doc["problems"])), None, doc["counted"], doc["sets"],
                  tuple(doc.get("languages", ())), doc.get("title"))


# how long the list of sets in the summary may grow before the last ones are only counted
LISTED_WIDTH = 90


def pieces(component: "ComponentSet") -> int:
    """How many pieces a set prints: its items' copies; a board drawn from the whole set is
    one; a set of data prints none."""
    from ..components import types

    kind = types()[component.type]
    if not kind.printed:
        return 0
    return 1 if component.whole_board else sum(i.copies for i in component.items)


def held(component: "ComponentSet", language: str) -> str:
    """What a printed set holds, in the game's words, copies counted: "126 cards in 16
    suits"; a board drawn from the whole set, "1 board of 16 areas"."""
    from ..components import types

    if component.whole_board:  # (in pnp's word for its type, as the kit's read-me counts it)
        kind, items = types()[component.type], len(component.items)
        return f"1 {kind.word(language, kind.name)} of {items} {component.noun[0] if items == 1 else component.noun[1]}"
    count = pieces(component)
    text = f"{count} {component.noun[0] if count == 1 else component.noun[1]}"
    if component.group_key:
        groups = len(component.groups)
        noun = component.group_noun
        text += f" in {plural(groups, component.group_key) if noun is None else f'{groups} {noun[groups != 1]}'}"
    return text


def counted(game: Game) -> str:
    """What each printed set holds, in the manifest's order: "126 cards in 16 suits, 1 board
    of 16 areas, 36 money cards, ...". When the list would be longer than LISTED_WIDTH, the
    sets that do not fit are counted with their pieces: "108 tuiles, 6 bordures, ... and 7
    more sets of 148 pieces"."""
    from ..components import types

    printed = [s for s in game.sets.values() if types()[s.type].printed]
    if not printed:
        return "no components"
    texts = [held(s, game.language) for s in printed]
    shown = len(texts)
    while shown > 1 and len(_listed(texts, printed, shown)) > LISTED_WIDTH:
        shown -= 1
    return _listed(texts, printed, shown)


def _listed(texts: list[str], printed: list, shown: int) -> str:
    """The first `shown` sets' texts, and the others counted."""
    if shown == len(texts):
        return ", ".join(texts)
    rest = printed[shown:]
    return f"{', '.join(texts[:shown])} and {plural(len(rest), 'more set')} of " \
           f"{plural(sum(pieces(s) for s in rest), 'piece')}"


def geometry_key(game: Game) -> str:
    """What the map checks' problems follow from: every file of the game but the item files of
    sets that are not boards, whether all files loaded, the game's own fonts (the map's texts
    are measured with them), and pnp's code and libraries."""
    import hashlib

    from ..build.fingerprint import environment
    from ..layout.fonts import find_font

    digest = hashlib.sha256(f"{environment()}|{game.complete}|{game.language}".encode())
    for name in game.map_files():
        doc = game.documents.get(name)
        digest.update(f"|{name}|".encode())
        # a document's hash was taken as it was read; another file (an icon) is hashed now
        digest.update(doc.digest.encode() if doc is not None and doc.digest else
                      hashlib.sha256((game.root / name).read_bytes()).digest())
    for role, name in sorted(game.fonts.items()):
        path = find_font(name, game.root)
        digest.update(f"|{role}={name}|".encode())
        if path is not None and path.parent == game.root / "fonts":  # (bundled ones are pnp's)
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def validate(manifest: Path, cache: Any = None, beside: bool = False) -> Report:
    """Load the game at `manifest` and run every check, collecting all problems. With a
    build's cache (pnp.build.cache.Cache), the map checks' problems are taken from it when the
    files they follow from are unchanged since they were kept. With `beside`, the map
    checks run in a process of their own while this one runs the others, where that can be
    done safely (see pnp.build.processes.Beside): for a validation alone, as a build goes on to use the map
    those checks work out."""
    return start_validation(manifest, cache, beside)()


class ChecksFailed(Exception):
    """The checks running beside a build found what stops it (see `start_validation`)."""


_armed: list["Validation"] = []  # the validation whose failure stops the build going on beside it

# The map checks' problems this process worked out, by what they follow from (geometry_key):
# the next validation of the same map (pnp watch after an edit of a card, the tests) takes
# them instead of working out the map again. The last few maps only.
_REMEMBERED: dict[str, list[Problem]] = {}
REMEMBERED_MAPS = 4


def remember(key: str, problems: list[Problem]) -> None:
    _REMEMBERED.pop(key, None)
    _REMEMBERED[key] = problems
    while len(_REMEMBERED) > REMEMBERED_MAPS:
        del _REMEMBERED[next(iter(_REMEMBERED))]


def _stop_build(signum: int, frame: object) -> None:
    if _armed:  # (still armed: its report, once taken, drops the stop however late it came)
        stop_soon(ChecksFailed())


class Validation:
    """A game loaded (`game`, with its loading's `problems`), its checks run, or running
    beside: call it for the report (waiting for them, once)."""

    def __init__(self, game: "Game | None", problems: list[Problem], order: list[str],
                 finish: Callable[[], tuple[list[Problem], "_Keep | None", tuple[str, ...]]] | None = None):
        self.game, self.problems, self.order, self._finish = game, problems, order, finish
        self._report: Report | None = None
        self._beside: list[Beside] = []  # the processes the checks run in, until their report

    @property
    def done(self) -> bool:
        """Whether the checks are done (and the report ready)."""
        return self._report is not None

    def failed(self, strict: bool = False) -> bool:
        """Whether loading alone found what stops a build."""
        errors, warnings = count(self.problems)
        return self.game is None or errors > 0 or (strict and warnings > 0)

    def _disarm(self) -> None:
        """Nothing the checks beside find stops anything any more (their report says it): a
        stop they asked for and the build has not reached is dropped too (their process may
        signal after the build's last stop point: a later build in this process, a program's
        that builds through pnp's command in-process or a test's, must not take it)."""
        if self in _armed:
            _armed.remove(self)
            stop_soon(None)

    def close(self) -> None:
        """Done with it, the report taken or not (a command stopped otherwise): checks still
        running beside are stopped."""
        self._disarm()
        if self._report is None:
            for running in self._beside:
                running.cancel()
            self._beside = []

    def __call__(self) -> Report:
        if self._report is None:
            self._disarm()
            found, keep, languages = self._finish() if self._finish is not None else ([], None, ())
            game = self.game
            self._report = Report(game, tuple(sort_problems(_unique(_causes(self.problems + found)), self.order)), keep,
                                  counted(game) if game else None,
                                  {name: {"items": len(s.items), "groups": len(s.groups), "pieces": pieces(s)}
                                   for name, s in game.sets.items()} if game else None,
                                  languages, game.title.get(game.language) if game else None)
        return self._report


def _causes(problems: list[Problem]) -> list[Problem]:
    """The problems, but for a layout's templates that fail while anything else is an error: a
    template that fails on data already said to be wrong (a reference to no item, an icon the
    game does not have, a file that did not load) says nothing more, and a build stops at the
    first error either way; once the data is right, what still fails is said."""
    if any(p.severity is Severity.ERROR and p.rule != "template" for p in problems):
        return [p for p in problems if p.rule != "template"]
    return problems


def _languages(game: "Game") -> tuple[str, ...]:
    """A line per language, while one lacks anything."""
    from .translation import coverage

    found = coverage(game)
    return tuple(c.line(game) for c in found) if any(c.missing for c in found) else ()


def start_validation(manifest: Path, cache: Any = None, beside: bool = False, later: bool = False,
                     strict: bool = False) -> Validation:
    """Load the game at `manifest` and run its checks (see `validate`). With `later`, the
    checks run in a forked process (where that can be done safely) while the caller goes on
    to build: should they find an error (or with `strict`, a warning), ChecksFailed is raised
    at the build's next stop point (pnp.build.processes.stop_point: their process signals it, and
    the handler, left in place, does nothing once the report is taken); the caller takes the
    report at the end (calling what this returns) and keeps the build only if it passes."""
    from . import registry  # noqa: F401  (every check pnp has)
    from . import RULES, in_rule_order, run_rules
    from ..expr import new_budget
    from ..load.game import load_game
    from ..maps.areas.checks import GEOMETRY_CHECKS
    from ..maps.areas.data import area_maps

    new_budget()  # the game's expressions have a total budget, for this validation and a build after it
    game, problems = load_game(manifest)
    if game is None:
        return Validation(None, problems, [manifest.name])
    # the checks that work out the map: the map's own (kept while its files are unchanged), and
    # those that read more (a locator box's pins), run beside them in a build
    on_map = GEOMETRY_CHECKS | {r.info.id for r in RULES if r.reads_map}
    # (a folder that is not there holds nothing: no need to work out the key, unless this
    # process has worked out a map's checks before)
    present = cache is not None and cache.present
    key = geometry_key(game) if present or _REMEMBERED else None
    cached = _readable(cache.get("map-checks", key)) if present else None
    kept = cached if cached is not None else _REMEMBERED.get(key) if key is not None else None

    def kept_of(found: list[Problem]) -> _Keep | None:
        """The map checks' problems, for the build to keep (unless it found them kept)."""
        geometry = tuple(p for p in found if p.rule in GEOMETRY_CHECKS)
        if area_maps(game):
            remember(key or geometry_key(game), list(geometry))
        return None if cached is not None else _Keep(game, geometry, key)

    def checks(with_map: bool = True) -> tuple[list[Problem], _Keep | None, tuple[str, ...]]:
        """The checks' problems, the map checks' for the build to keep, and what each
        language lacks (worked out from the checks' texts, where they run); without `with_map`,
        all but those that work out the map (`on_map`), and none for the build to keep."""
        if kept is not None or not with_map:
            found = (kept or []) + run_rules(game, skip=GEOMETRY_CHECKS if with_map else on_map)
        else:
            elsewhere = Beside.start(lambda: _data(run_rules(game, only=GEOMETRY_CHECKS))) \
                if beside and area_maps(game) else None
            try:
                found = run_rules(game, skip=GEOMETRY_CHECKS)
            except BaseException:  # (Ctrl-C among them)
                if elsewhere is not None:
                    elsewhere.cancel()
                raise
            answer = _readable(elsewhere.result()) if elsewhere is not None else None
            found += answer if answer is not None else run_rules(game, only=GEOMETRY_CHECKS)
            found = in_rule_order(found)
        game.memo.pop("printed", None)  # every text of every piece, for the checks only: not held through a build
        game.memo.pop("worked", None)  # (and what working out every layout found)
        return found, kept_of(found) if with_map else None, _languages(game)

    validation = Validation(game, problems, list(game.files), checks)
    if not later or validation.failed(strict):
        validation()
        return validation
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "SIGUSR1"):
        validation()
        return validation
    parent = os.getpid()
    board = _one_map(game) if kept is None else None

    def work() -> bytes:  # (in the forked process)
        found, _, languages = checks(with_map=board is None)
        errors, warnings = count(problems + found)
        if errors > 0 or (strict and warnings > 0):  # (said at once: the answer is read at the build's end)
            os.kill(parent, signal.SIGUSR1)
        return json.dumps({"problems": _rows(found), "languages": languages,
                           "work": {kind: take(game) for kind, take, _ in _kept_work()}}).encode("utf-8")

    def map_work() -> bytes:  # (in a process forked once the map is worked out)
        from ..boxes.locator_checks import kept_distances

        found = run_rules(game, only=on_map)
        errors, warnings = count(found)
        if errors > 0 or (strict and warnings > 0):
            os.kill(parent, signal.SIGUSR1)
        return json.dumps({"problems": _rows(found), "pins": kept_distances(game)}).encode("utf-8")

    previous = signal.signal(signal.SIGUSR1, _stop_build)
    _armed[:] = [validation]  # (before the fork: on a small game its checks may fail before the map is worked out)
    elsewhere = Beside.start(work)  # (at once: its checks read nothing of the map's geography)
    if elsewhere is None:
        signal.signal(signal.SIGUSR1, previous)
        validation()  # (disarmed)
        return validation
    mapped = None
    if board is not None:  # (see _work_out_map)
        _work_out_map(board)
        mapped = Beside.start(map_work)

    def finish() -> tuple[list[Problem], _Keep | None, tuple[str, ...]]:
        validation._beside = []
        data = elsewhere.result()
        mapped_found = _mapped(mapped.result()) if mapped is not None else None
        try:
            doc = json.loads(data)  # (TypeError when there is no answer)
            found = _from_rows(doc["problems"])
            languages = doc["languages"]
            if not (isinstance(languages, list) and all(isinstance(line, str) for line in languages)):
                raise TypeError("languages")
            for kind, _, give in _kept_work():  # (what it worked out, for the next validation)
                give(doc["work"][kind])
        except (ValueError, TypeError, KeyError, IndexError, AttributeError):
            return checks()
        if board is not None:
            found = in_rule_order(found + (mapped_found if mapped_found is not None else run_rules(game, only=on_map)))
        return found, kept_of(found), tuple(languages)

    validation._finish, validation._beside = finish, [elsewhere] + ([mapped] if mapped is not None else [])
    return validation


def _mapped(data: bytes | None) -> list[Problem] | None:
    """The problems of the checks that work out the map, as their process gives them, and
    the distances of the locators' pins it worked out (kept for the next validation); None
    when there is no answer, or it cannot be read."""
    from ..boxes.locator_checks import DISTANCES

    try:
        doc = json.loads(data)  # (TypeError when there is no answer)
        found = _from_rows(doc["problems"])
        pins = doc["pins"]
        if not (isinstance(pins, dict) and all(isinstance(v, float) for v in pins.values())):
            raise TypeError("pins")
    except (ValueError, TypeError, KeyError, IndexError, AttributeError):
        return None
    DISTANCES.update(pins)
    return found


def _one_map(game: "Game") -> "ComponentSet | None":
    """The game's one area map, whose checks a build runs in a process of their own (see
    `_work_out_map`); None for a game with none or several (one is kept at a time), or
    incomplete."""
    from ..maps.areas.data import area_maps

    boards = area_maps(game)
    return boards[0] if len(boards) == 1 and boards[0].settings is not None and game.complete else None


def _work_out_map(board: "ComponentSet") -> None:
    """A game's one area map worked out (shapely, numpy and pyproj imported, its projection
    made, its land and its areas' cells projected and cut) once the checks' process is
    forked, beside it (none of its checks reads the map), and before the process of the
    checks that do (`on_map`) is: that one inherits it, and the build goes on to use it (its
    board, its locators), rather than each working it out (half a second of CPU for the
    bundled game), and the checks' process has started on the other core meanwhile. What only
    the map's checks read (the borders, the labels) is left to them."""
    from ..maps.areas.geometry import geography_of

    geography = geography_of(board)
    if geography is not None:
        geography.cells, geography.land, geography.context, geography.beyond  # (kept as they are read)


def _unique(problems: list[Problem]) -> list[Problem]:
    return list(dict.fromkeys(problems))


def _rows(problems) -> list[list]:
    return [[p.location.file, p.location.line, p.location.column, p.severity.value, p.message, p.rule]
            for p in problems]


def _from_rows(rows: list[list]) -> list[Problem]:
    return [Problem(Location(file, line, column), Severity(severity), message, rule)
            for file, line, column, severity, message, rule in rows]


def _data(problems) -> bytes:
    return json.dumps(_rows(problems)).encode("utf-8")


def _readable(data: bytes | None) -> list[Problem] | None:
    """Problems a build kept, or None when there are none to read (or they cannot be: an entry
    from another pnp, or edited by hand, is worked out again)."""
    try:
        return _from_rows(json.loads(data)) if data is not None else None
    except (ValueError, TypeError, KeyError, IndexError, AttributeError):
        return None


# --- work a build keeps for the next validation ---------------------------------------------

def _kept_work() -> tuple:
    """What a build keeps of validation's work, by cache entry: what to keep of a game, and
    how a later process takes it back."""
    from .. import icons
    from ..boxes import locator_checks
    from ..model import colours
    from ..load import schema
    from . import files, text

    return (
        ("colours", lambda game: colours.remembered(), colours.remember),
        ("schema-clean", lambda game: sorted(schema.clean), schema.clean.update),
        ("icons", lambda game: icons.remembered(game.root, game.icons.values()), icons.remember),
        ("text-fit", lambda game: dict(sorted(text.FITS.items())), text.FITS.update),
        ("pictures", lambda game: sorted(files.WHOLE_PICTURES), files.WHOLE_PICTURES.update),
        ("locator-pins", locator_checks.kept_distances, locator_checks.DISTANCES.update),
    )


def _document_key(file: str, digest: str) -> str:
    """A document's entry in the cache: its file, the hash of its bytes, and pnp's code."""
    import hashlib

    from ..build.fingerprint import environment

    return hashlib.sha256(f"{environment()}|{file}|{digest}".encode("utf-8")).hexdigest()


def keep_work(game: "Game", cache) -> None:
    """Put what this process computed or was given for `game` into a build's cache (once the
    checks' answer is in: what they worked out among it). See `keep_documents`."""
    from ..build.fingerprint import environment

    for kind, take, _ in _kept_work():
        cache.put(kind, environment(), json.dumps(take(game)).encode("utf-8"))


def keep_documents(game: "Game", cache) -> None:
    """Put each of the game's documents as read into a build's cache, under its content's
    hash, once (after an edit only the edited file's is written): the next validation reads
    them back rather than parsing them (`reuse_work`)."""
    from ..load import yamlload

    for doc in game.documents.values():
        if doc.digest and not cache.has("documents", key := _document_key(doc.file, doc.digest)):
            data = yamlload.kept_data(doc)
            if data is not None:
                cache.put("documents", key, data)


def reuse_work(cache) -> None:
    """Take back what a build kept (see `keep_work`); an entry from another pnp, or damaged,
    is ignored: what it held is worked out again."""
    from ..load import yamlload
    from ..build.fingerprint import environment

    yamlload.read_kept = lambda file, digest: cache.get("documents", _document_key(file, digest))
    try:
        for kind, _, give in _kept_work():
            known = cache.get(kind, environment())
            if known is not None:
                give(json.loads(known))
    except (ValueError, TypeError, KeyError, IndexError, AttributeError):
        pass
