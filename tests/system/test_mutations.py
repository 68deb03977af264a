"""Property: whatever happens to the YAML (and to the files themselves), validation and a build
end in problems or success: never a traceback, a hang, or a file deleted outside out/."""

from __future__ import annotations

import os
import re
import shutil
import signal
import tempfile
import traceback
from pathlib import Path
from unittest import mock

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import pnp.cli  # noqa: F401  (importing the CLI registers every rule)
from pnp.load import schema
from pnp.problems import Severity, format_json, format_text
from pnp.checks.validate import validate

from conftest import MINI

FILES = sorted(str(p.relative_to(MINI)) for p in MINI.rglob("*.yaml"))
ORIGINALS = {name: (MINI / name).read_bytes() for name in FILES}
# characters that matter to YAML, plus some that matter to pnp's checks
ALPHABET = st.sampled_from(list(":-[]{}&*!|>'\"#%@`,?\n\t 0123456789abcxyz<.") + ["é", "₹", "☃", "\x00", "\x07", "<<: *a", "&a ", "~"])

mutation = st.one_of(
    st.tuples(st.just("delete"), st.integers(0, 2000), st.integers(1, 40)),
    st.tuples(st.just("insert"), st.integers(0, 2000), st.lists(ALPHABET, min_size=1, max_size=8).map("".join)),
    st.tuples(st.just("byte"), st.integers(0, 2000), st.integers(0, 255)),
    st.tuples(st.just("duplicate-line"), st.integers(0, 60), st.just(0)),
    st.tuples(st.just("swap-lines"), st.integers(0, 60), st.integers(0, 60)),
)


# values a careless or hostile designer gives, each still YAML: a "value" step puts one in place
# of the a-th `key: value` of a file (a number for a number, text for text)
NUMBERS = ["0", "-1", "0.001", "7", "99", "250", "1000000", str(10**100), ".nan", ".inf", "1e309"]
TEXTS = ["''", "x" * 300, '"a\\tb\\u2028c"', "'☃ ₹ é'", "back", "|\n  two\n  lines", "'{{'", "'{x}'", "~",
         "../../outside.yaml", "/dev/zero", "[]", "{}", "'#ffffff'", "none",
         # names in the other language that lead out of out/, or that a system will not take
         "{en: a, fr: ../../../../../escaped}", "{en: a, fr: /tmp/pnp-escaped}", "{en: a, fr: aux}",
         "{en: a, fr: '  '}", '{en: a, fr: "b\\0c"}', "'../../../../../escaped'"]
HOSTILE = max(len(NUMBERS), len(TEXTS))
_KEY_VALUE = re.compile(r"^(\s*(?:- )?[\w-]+: )(\S.*)$")


def mutate(data: bytes, steps: list[tuple]) -> bytes:
    for kind, a, b in steps:
        if kind == "value":
            lines = data.decode("utf-8", errors="replace").split("\n")
            spots = [i for i, line in enumerate(lines) if _KEY_VALUE.match(line)]
            if spots:
                i = spots[a % len(spots)]
                indent = len(lines[i]) - len(lines[i].lstrip()) + 2
                number = re.fullmatch(r"-?[\d.]+", _KEY_VALUE.match(lines[i]).group(2).split(" #")[0].strip())
                choices = NUMBERS if number else TEXTS
                value = choices[b % len(choices)].replace("\n", "\n" + " " * indent)
                lines[i] = _KEY_VALUE.sub(lambda m: m.group(1) + value, lines[i])
                data = "\n".join(lines).encode("utf-8")
            continue
        if kind == "byte":
            if data:
                i = a % len(data)
                data = data[:i] + bytes([b]) + data[i + 1:]
            continue
        text = data.decode("utf-8", errors="replace")
        if kind == "delete":
            i = a % (len(text) + 1)
            text = text[:i] + text[i + b:]
        elif kind == "insert":
            i = a % (len(text) + 1)
            text = text[:i] + b + text[i:]
        else:
            lines = text.splitlines(keepends=True) or [""]
            i, j = a % len(lines), b % len(lines)
            if kind == "duplicate-line":
                lines.insert(i, lines[i])
            else:
                lines[i], lines[j] = lines[j], lines[i]
            text = "".join(lines)
        data = text.encode("utf-8")
    return data


def _passes_as_jsonschema_does(name: str, data) -> bool:
    """jsonschema-rs's answer, which must not pass what jsonschema (that words the errors) fails."""
    found = _PASSES(name, data)
    assert not found or not list(schema.validator(name).iter_errors(data))
    return found


_PASSES = schema.passes
WORK = Path(tempfile.mkdtemp(prefix="pnp-mutations-")) / "game"
shutil.copytree(MINI, WORK)


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(file=st.sampled_from(FILES), steps=st.lists(mutation, min_size=1, max_size=4))
@example(file="checks.yaml", steps=[("swap-lines", 16, 27)])  # a unique check over groups, within a group
@example(file="game.yaml", steps=[("delete", 1211, 2)])  # a colour field's default, '000000"', not a colour
@example(file="board/areas.yaml", steps=[("insert", 39, "-\n\n")])  # a key with a line break in it
def test_mutated_yaml_never_raises(file: str, steps: list[tuple]) -> None:
    for name, data in ORIGINALS.items():
        (WORK / name).write_bytes(data)
    (WORK / file).write_bytes(mutate(ORIGINALS[file], steps))

    with mock.patch.object(schema, "passes", _passes_as_jsonschema_does):
        report = validate(WORK / "game.yaml")

    text = format_text(list(report.problems), report.summary())
    format_json(list(report.problems), report.summary_data())
    assert text.splitlines()[len(report.problems)].endswith(("warning", "warnings"))
    for p in report.problems:
        assert p.location.line >= 1 and p.location.column >= 1
        assert p.location.file in FILES
        assert p.severity in (Severity.ERROR, Severity.WARNING)
        assert p.message and "\n" not in p.message


# --- building a mutated game -----------------------------------------------------------------

BUILD_WORK = Path(tempfile.mkdtemp(prefix="pnp-build-mutations-"))
GAME = BUILD_WORK / "game"
shutil.copytree(MINI, GAME)
(BUILD_WORK / "beside.txt").write_text("a file beside the game\n")
(GAME / "notes.txt").write_text("the designer's notes\n")
(BUILD_WORK / "outside" / ".cache" / "pdf-forms").mkdir(parents=True)
for _folder in (BUILD_WORK / "outside", BUILD_WORK / "outside" / ".cache", BUILD_WORK / "outside" / ".cache" / "pdf-forms"):
    with open(_folder / "big.bin", "wb") as _file:  # (sparse: past the cache's limit, as a trim would see it)
        _file.truncate(70_000_000)
    (_folder / "note.txt").write_text("the user's\n")
STAR = (GAME / "icons" / "crown.svg").read_bytes()
OUTSIDE = {p: p.read_bytes() for p in sorted(BUILD_WORK.rglob("*")) if p.is_file() and not p.is_symlink()}

# what can happen to a file rather than to its text
REPLACED = st.sampled_from(["pipe", "folder", "link out of the game", "link to /dev/zero", "link to nothing",
                            "icon nested deep", "icon of huge numbers"])
# links a game folder may hold besides its files: a killed build's staging folder, its output's
# cache or image folders, schemas/, each leading out of the game (BUILD_WORK/outside)
PLANTED = st.sampled_from([".out.building-x", "out/.cache", "out/png", "schemas", ".vscode", "icons/more"])


def replace_file(path: Path, how: str) -> None:
    path.unlink()
    if how == "pipe":
        os.mkfifo(path)
    elif how == "folder":
        path.mkdir()
    elif how == "link out of the game":
        path.symlink_to(BUILD_WORK / "beside.txt")
    elif how == "link to /dev/zero":
        path.symlink_to("/dev/zero")
    elif how == "icon nested deep":
        (GAME / "icons" / "crown.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
                                                  + "<g>" * 400 + '<path d="M0 0h5v5z"/>' + "</g>" * 400 + "</svg>")
        path.write_bytes(ORIGINALS[path.relative_to(GAME).as_posix()])
    elif how == "icon of huge numbers":
        (GAME / "icons" / "crown.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
                                                  '<path d="M0 0L1e25 5L5 1e29z"/></svg>')
        path.write_bytes(ORIGINALS[path.relative_to(GAME).as_posix()])
    else:
        path.symlink_to(path.with_name("nowhere.yaml"))


def plant(where: str) -> None:
    """A link at `where` in the game folder, to the folder of the user's beside it."""
    path = GAME / where
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    path.symlink_to(BUILD_WORK / "outside", target_is_directory=True)


def restore() -> None:
    for where in ("out", ".out.building-x", "schemas", ".vscode", "icons/more"):
        path = GAME / where
        if path.is_symlink():
            path.unlink()
        elif path.is_dir():
            shutil.rmtree(path)
    (GAME / "icons" / "crown.svg").write_bytes(STAR)
    for name, data in ORIGINALS.items():
        path = GAME / name
        if path.is_dir() and not path.is_symlink():
            path.rmdir()
        elif os.path.lexists(path) and (path.is_symlink() or not path.is_file()):
            path.unlink()
        path.write_bytes(data)


class Hang(Exception):
    pass


def _hang(signum, frame) -> None:
    raise Hang("the build took more than a minute")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(file=st.sampled_from(FILES),
       steps=st.lists(st.one_of(st.tuples(st.just("value"), st.integers(0, 200), st.integers(0, HOSTILE - 1)),
                                mutation), max_size=2),
       replaced=st.one_of(st.none(), st.none(), st.none(), st.tuples(st.sampled_from(FILES), REPLACED)),
       planted=st.one_of(st.none(), st.none(), PLANTED),
       formats=st.sampled_from(["pdf", "pdf,svg"]), languages=st.sampled_from([(), ("--lang", "all")]))
@example(file="layouts/board.yaml", steps=[("value", 106, 6)], replaced=None, planted=None, formats="pdf",
         languages=())  # a map's sea "{"
@example(file="board/companies.yaml", steps=[("value", 2, 15)], replaced=None, planted=None, formats="pdf",
         languages=("--lang", "all"))  # a company's short name in French leading out of out/
@example(file="game.yaml", steps=[], replaced=None, planted=".out.building-x", formats="pdf",
         languages=())  # a killed build's staging folder, a link out of the game
@example(file="cards/south.yaml", steps=[], replaced=None, planted=".vscode", formats="pdf",
         languages=())  # the editor's settings' folder, a link out of the game: pnp schema writes nothing through it
def test_a_mutated_game_builds_or_says_why(file: str, steps: list[tuple], replaced: tuple | None,
                                           planted: str | None, formats: str, languages: tuple[str, ...]) -> None:
    from click.testing import CliRunner

    from pnp.cli import main

    restore()
    (GAME / file).write_bytes(mutate(ORIGINALS[file], steps))
    if replaced is not None:
        replace_file(GAME / replaced[0], replaced[1])
    runs = [["build", "--game", str(GAME), "--format", formats, "--paper", "a4", "-q", *languages]]
    if planted is not None:
        if planted.startswith("out/"):  # (a link in an output a build took as its own)
            runs.insert(0, ["build", "--game", str(GAME), "--only", "aid", "--format", "pdf", "--paper", "a4", "-q"])
            runs[1].append("--force")
        else:
            plant(planted)
        if planted in ("schemas", ".vscode"):  # (pnp schema writes the editor's settings into .vscode/)
            runs.append(["schema", "--game", str(GAME)])
    previous = signal.signal(signal.SIGALRM, _hang)
    try:
        for args in runs:
            if planted is not None and planted.startswith("out/") and args is runs[1] and (GAME / "out").is_dir():
                plant(planted)
            signal.alarm(60)  # no example takes a tenth of it: past it, it hangs
            try:
                result = CliRunner().invoke(main, args)
            finally:
                signal.alarm(0)
            if result.exception is not None and not isinstance(result.exception, SystemExit):
                raise AssertionError("".join(traceback.format_exception(result.exception)))
            assert result.exit_code in (0, 1, 2), result.output
            assert "Traceback" not in result.output
            assert children() == [], "a process outlived the command"
    finally:
        signal.signal(signal.SIGALRM, previous)
    for path, data in OUTSIDE.items():  # nothing outside out/ deleted, and nothing but the game's data changed
        assert os.path.lexists(path), path
        if path.suffix != ".yaml" and path != GAME / "icons" / "crown.svg":
            assert path.read_bytes() == data, path
    made = {p for p in BUILD_WORK.rglob("*") if not p.is_dir() or p.is_symlink()}
    made -= {p for p in made if p.is_relative_to(GAME / "out") or p.is_relative_to(GAME / "schemas")
             or p.is_relative_to(GAME / ".vscode") and not p.is_symlink()}
    assert made <= set(OUTSIDE) | {GAME / name for name in FILES} | ({GAME / planted} if planted else set()), made
    assert not Path("/tmp/pnp-escaped.png").exists()


def children() -> list[int]:
    """This process's children that are still running (not those ended and not yet reaped),
    given a second to end."""
    import time

    for _ in range(20):
        found = []
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    with open(f"/proc/{entry}/stat") as stat:
                        fields = stat.read().rsplit(")", 1)[1].split()
                except OSError:
                    continue
                if int(fields[1]) == os.getpid() and fields[0] != "Z":
                    found.append(int(entry))
        if not found:
            return []
        time.sleep(0.05)
    return found
