"""Property: whatever happens to the YAML, validation ends in problems or success, never a traceback."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pnp.cli  # noqa: F401  (importing the CLI registers every rule)
from pnp.problems import Severity, format_json, format_text
from pnp.validate import validate

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


def mutate(data: bytes, steps: list[tuple]) -> bytes:
    for kind, a, b in steps:
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


WORK = Path(tempfile.mkdtemp(prefix="pnp-mutations-")) / "game"
shutil.copytree(MINI, WORK)


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(file=st.sampled_from(FILES), steps=st.lists(mutation, min_size=1, max_size=4))
def test_mutated_yaml_never_raises(file: str, steps: list[tuple]) -> None:
    for name, data in ORIGINALS.items():
        (WORK / name).write_bytes(data)
    (WORK / file).write_bytes(mutate(ORIGINALS[file], steps))

    report = validate(WORK / "game.yaml")

    text = format_text(list(report.problems), report.summary())
    format_json(list(report.problems), report.summary_data())
    assert text.splitlines()[len(report.problems)].endswith(("warning", "warnings"))
    for p in report.problems:
        assert p.location.line >= 1 and p.location.column >= 1
        assert p.location.file in FILES
        assert p.severity in (Severity.ERROR, Severity.WARNING)
        assert p.message and "\n" not in p.message
