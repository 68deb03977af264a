"""The YAML loader: positions, merge keys and safe failure on hostile input."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.load.yamlload import MAX_NODES, load_yaml, parse_yaml


def load(tmp_path: Path, text: str | bytes):
    file = tmp_path / "f.yaml"
    file.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return load_yaml(tmp_path, "f.yaml")


def messages(problems) -> list[str]:
    return [p.format() for p in problems]


def test_positions_of_values_and_keys(tmp_path: Path) -> None:
    doc, problems = load(tmp_path, "a: 1\nlist:\n  - x\n  - {k: v}\n")
    assert problems == []
    assert doc.data == {"a": 1, "list": ["x", {"k": "v"}]}
    assert str(doc.locate(("a",))) == "f.yaml:1:4"
    assert str(doc.locate(("list", 1, "k"))) == "f.yaml:4:9"
    assert str(doc.locate(("list", 1, "k"), key=True)) == "f.yaml:4:6"
    # a missing key falls back to its parent
    assert str(doc.locate(("list", 1, "missing"))) == "f.yaml:4:5"


def test_a_kept_document_locates_as_the_parsed_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A build keeps each document it read (data and positions) for the next to read rather
    than parse: the positions are read only when a message asks where something is."""
    import pnp.load.yamlload as yamlload

    raw = b"a: 1\nlist:\n  - x\n  - {k: v}\n"
    parsed, _ = parse_yaml(raw, "f.yaml")
    kept = yamlload.kept_data(parsed)
    monkeypatch.setattr(yamlload, "_known", {})
    monkeypatch.setattr(yamlload, "read_kept", lambda file, digest: kept)
    doc, problems = parse_yaml(raw, "f.yaml")
    assert problems == [] and doc.data == parsed.data and doc.values is not parsed.values
    assert isinstance(doc.values._text[0], str)  # not read yet
    for path, key in [(("a",), False), (("list", 1, "k"), False), (("list", 1, "k"), True), (("list", 1, "x"), False)]:
        assert doc.locate(path, key) == parsed.locate(path, key)
    assert dict(doc.values) == dict(parsed.values) and dict(doc.keys) == dict(parsed.keys)
    assert ("list", 1) in doc.values and ("list",) in doc.keys and ("list", 1) not in doc.keys
    # an entry whose positions cannot be read still reads its data; messages then say the file
    monkeypatch.setattr(yamlload, "_known", {})
    monkeypatch.setattr(yamlload, "read_kept", lambda file, digest: kept.replace(b'"positions": "[', b'"positions": "{['))
    doc, _ = parse_yaml(raw, "f.yaml")
    assert doc.data == parsed.data and str(doc.locate(("a",))) == "f.yaml:1:1"


def test_merge_keys_and_aliases_are_supported(tmp_path: Path) -> None:
    doc, problems = load(tmp_path, "base: &b {x: 1, y: 2}\nk:\n  <<: *b\n  y: 3\nc: *b\n")
    assert problems == []
    assert doc.data == {"base": {"x": 1, "y": 2}, "k": {"y": 3, "x": 1}, "c": {"x": 1, "y": 2}}


def test_alias_bomb_is_stopped_fast(tmp_path: Path) -> None:
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for prev, name in zip("abcdefghi", "bcdefghij"):
        lines.append(f"{name}: &{name} [{','.join(['*' + prev] * 9)}]")
    started = time.perf_counter()
    doc, problems = load(tmp_path, "\n".join(lines) + "\n")
    assert time.perf_counter() - started < 5
    assert doc is None
    assert messages(problems) == [
        f"f.yaml:1:50: error: the data expands to more than {MAX_NODES:,} values; "
        "aliases are nested too deeply (an alias bomb?) [yaml-alias]"
    ]


def test_self_referencing_merge(tmp_path: Path) -> None:
    doc, problems = load(tmp_path, "a: &m\n  <<: *m\n")
    assert doc is None
    assert messages(problems) == ["f.yaml:1:4: error: a merge key refers to the mapping that contains it [yaml-alias]"]


def test_thousands_of_nested_brackets_do_not_crash(tmp_path: Path) -> None:
    doc, problems = load(tmp_path, "[" * 100_000)
    assert doc is None
    assert messages(problems) == ["f.yaml:1:65: error: data is nested more than 64 levels deep [yaml-syntax]"]


@pytest.mark.parametrize("bounded", [True, False])
def test_the_65th_level_is_the_one_reported(tmp_path: Path, bounded: bool, monkeypatch) -> None:
    """Brackets closed or not, and indented mappings: the collection that opens the 65th level,
    whether libyaml bounds the nesting itself (composing at once) or not (events walked first)."""
    import pnp.load.yamlload

    import yaml

    walked = []
    parse = yaml.parse
    monkeypatch.setattr(yaml, "parse", lambda *args, **kwargs: walked.append(1) or parse(*args, **kwargs))
    monkeypatch.setattr(pnp.load.yamlload, "_BOUNDED", bounded)
    pnp.load.yamlload._parse_remembered.cache_clear()  # (a text read before is not parsed again)
    assert load(tmp_path, "[" * 64 + "]" * 64)[1] == []
    assert messages(load(tmp_path, "[" * 65 + "]" * 65)[1]) == [
        "f.yaml:1:65: error: data is nested more than 64 levels deep [yaml-syntax]"]
    block = "".join("  " * i + f"k{i}:\n" for i in range(70)) + "  " * 70 + "v\n"
    assert messages(load(tmp_path, block)[1]) == [
        "f.yaml:65:129: error: data is nested more than 64 levels deep [yaml-syntax]"]
    assert messages(load(tmp_path, "[" * 100_000)[1]) == [
        "f.yaml:1:65: error: data is nested more than 64 levels deep [yaml-syntax]"]
    assert len(walked) == (0 if bounded else 4)


def test_more_than_one_document(tmp_path: Path) -> None:
    _, problems = load(tmp_path, "a: 1\n---\nb: 2\n")
    assert messages(problems) == [
        "f.yaml:2:1: error: expected a single document in the stream, but found another document [yaml-syntax]"
    ]


def test_undefined_alias(tmp_path: Path) -> None:
    _, problems = load(tmp_path, "a: 1\nb: *nope\n")
    assert messages(problems) == ["f.yaml:2:4: error: alias *nope refers to an anchor that is not defined before it [yaml-syntax]"]


def test_control_character(tmp_path: Path) -> None:
    _, problems = load(tmp_path, "a: b\nc: \x07\n")
    assert messages(problems) == [
        "f.yaml:2:4: error: character U+0007 is not allowed in YAML text (control characters are not allowed) [yaml-syntax]"
    ]


def test_oversized_file_is_refused_without_parsing(tmp_path: Path) -> None:
    doc, problems = load(tmp_path, b"# " + b"x" * (6 * 1024 * 1024) + b"\n")
    assert doc is None
    assert messages(problems) == [
        "f.yaml:1:1: error: file is 6.3 MB; pnp reads data files of at most 5.2 MB [yaml-syntax]"
    ]


def test_utf8_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    doc, problems = load(tmp_path, "\ufeffa: é\n".encode("utf-8"))
    assert (doc.data, problems) == ({"a": "é"}, [])


def test_unknown_tags_are_a_one_line_problem(tmp_path: Path) -> None:
    doc, problems = load(tmp_path, "a: 1\nb: !Put here\n")
    assert doc is None
    assert messages(problems) == ["f.yaml:2:4: error: unknown tag '!Put': pnp reads plain YAML values only [yaml-syntax]"]


def test_a_50_mb_yaml_file_is_refused_quickly(tmp_path: Path) -> None:
    path = tmp_path / "huge.yaml"
    with open(path, "wb") as handle:
        handle.truncate(50 * 1000 * 1000)  # 50 MB of NUL bytes, written sparsely
    started = time.perf_counter()
    doc, problems = load_yaml(tmp_path, "huge.yaml")
    assert time.perf_counter() - started < 1
    assert doc is None
    assert messages(problems) == [
        "huge.yaml:1:1: error: file is 50.0 MB; pnp reads data files of at most 5.2 MB [yaml-syntax]"
    ]


SCALARS = ["0", "-0", "+0", "7", "-12", "+12", "012", "0o17", "0x1F", "0b101", "1_000", "1:30", "190:20:30",
           "0.0", "-0.0", "+0.5", "1.", "-1.", ".5", "-.5", "+.5", "1.5e+3", "1.5E-3", "1e3", "1.0e3", "6.02e+23",
           "1_0.5", "1:30.5", ".inf", "-.Inf", ".NaN", "3.14159265358979323846", "99999999999999999999",
           "00", "007.5", "1.5.5", "true", "No", "~", "null", "2026-11-26", "0.1e+400", "-5e-400", "123abc"]


@given(st.one_of(st.sampled_from(SCALARS),
                 st.from_regex(r"\A[-+]?[0-9_]{0,6}\.?[0-9_]{0,6}([eE][-+]?[0-9]{1,3})?\Z"),
                 st.from_regex(r"\A[-+]?[0-9:]{1,8}\Z")).filter(lambda text: text.strip("+-")))
@settings(max_examples=400, deadline=None)
def test_plain_numbers_read_as_pyyaml_reads_them(text: str) -> None:
    """The converter reads the plain forms of integers and decimals itself: every scalar
    gives the value, type and sign pyyaml's own constructors give, in a list and as a value;
    quoted, the same text is a string (each plain scalar's tag is remembered by its text)."""
    import math

    import yaml

    source = f"a: [{text}]\nb: {text}\nc: '{text}'\nd: {text}\n"
    try:
        expected = yaml.safe_load(source)
    except (yaml.YAMLError, ValueError):
        return  # not a value pyyaml reads (the converter reports those as problems)
    doc, problems = parse_yaml(source.encode(), "x.yaml")
    assert problems == [] and doc is not None
    assert doc.data["c"] == text
    for got, want in ((doc.data["a"][0], expected["a"][0]), (doc.data["b"], expected["b"]),
                      (doc.data["d"], expected["d"])):
        assert type(got) is type(want), text
        if isinstance(want, float):
            assert (math.isnan(got) and math.isnan(want)) or (got == want and math.copysign(1, got) ==
                                                               math.copysign(1, want)), text
        else:
            assert got == want, text


def test_an_integer_too_long_for_python_is_a_problem_not_a_crash() -> None:
    """Python refuses to read integers of more than 4,300 digits (its default limit): such a
    value is reported where it is, as any value that cannot be read."""
    digits = "1" * 5000
    doc, problems = parse_yaml(f"a: 1\nb: {digits}\n".encode(), "x.yaml")
    try:
        int(digits)
    except ValueError as exc:  # the limit (Python 3.11 and later)
        assert doc is None
        assert [(p.location.line, p.location.column, p.rule, p.message) for p in problems] == [
            (2, 4, "yaml-syntax", f"cannot read value: {str(exc).splitlines()[0]}")]
    else:  # no limit: it is read
        assert problems == [] and doc.data["b"] == int(digits)


@pytest.mark.parametrize("text, where, start", [
    ("text: {name} coins\n", "1:7", "{name}"),
    ("a: 1\ncards:\n  - {cost}, or flip one\n", "3:5", "{cost}"),
    ("box: {x: 1, text: {name}  of the north}\n", "1:19", "{name}"),
    ("- {a: 1} b\n", "1:3", "{a: 1}"),
])
def test_a_text_starting_with_a_template_unquoted_is_said_to_need_quotes(tmp_path: Path, text: str, where: str,
                                                                          start: str) -> None:
    _, problems = load(tmp_path, text)
    assert messages(problems) == [f"f.yaml:{where}: error: write the text that starts with {start} in quotes: "
                                  f"without them YAML reads {start} as a mapping [yaml-syntax]"]


@pytest.mark.parametrize("text, message", [
    # in a block, the text to the end of its line (its comment left out), quoted as YAML reads it
    ("a:\n  - id: dock\n    effect: Take 1 :fish:\n", '3:13: error: write the text in quotes, "Take 1 :fish:"'),
    ("effect: :fish: each, then 2 :salt: # more\n", '1:9: error: write the text in quotes, ":fish: each, then 2 '
                                                    ':salt:"'),
    ('effect: Say "so" :fish: now\n', '1:9: error: write the text in quotes, "Say \\"so\\" :fish:'
                                      ' now"'),
    # a text that holds two icons: from its start, not from the colon that ends the first
    ("- Pay 1 :fish: then take 2 :fish:\n", '1:3: error: write the text in quotes, "Pay 1 :fish: then take 2 '
                                            ':fish:"'),
    ("a:\n  effect: Pay :fish: for :salt:\n", '2:11: error: write the text in quotes, "Pay :fish: for :salt:"'),
    # in braces or brackets, where a comma may have ended it: its start
    ("- {id: p, bonus: Score 1 :star:, or 2 if last}\n", "1:18: error: write the text that starts with Score 1 "
                                                        ":star: in quotes"),
    ("- {bonus: Score 1 :star: or, if last, 2}\n", "1:11: error: write the text that starts with Score 1 :star: in "
                                                  "quotes"),
    ("gains: [a, Take :fish:]\n", "1:12: error: write the text that starts with Take :fish: in quotes"),
])
def test_a_text_with_an_inline_icon_unquoted_is_said_to_need_quotes(tmp_path: Path, text: str, message: str) -> None:
    _, problems = load(tmp_path, text)
    assert len(problems) == 1 and problems[0].rule == "yaml-syntax"
    assert problems[0].format().startswith(f"f.yaml:{message}")
    assert problems[0].message.endswith(": as the end of a key")


def test_an_inline_icon_unquoted_names_its_icon_and_a_colon_after_a_digit_is_none(tmp_path: Path) -> None:
    _, problems = load(tmp_path, "effect: Take 1 :fish:\n")
    assert messages(problems) == ['f.yaml:1:9: error: write the text in quotes, "Take 1 :fish:": without them YAML '
                                  'reads the colon that ends the icon :fish: as the end of a key [yaml-syntax]']
    _, problems = load(tmp_path, "a: at 10:30: now\n")
    assert messages(problems) == ["f.yaml:1:12: error: mapping values are not allowed in this context [yaml-syntax]"]


@pytest.mark.parametrize("text, message", [
    # (a mapping in braces on the line before; one inside a text; a bracket closed by a brace)
    ("a: {b: 1}\n  c: 2\n", "f.yaml:2:3: error: did not find expected key (while parsing a block mapping that "
                           "starts at line 1, column 1) [yaml-syntax]"),
    ("a: x {b} c\nd: [e}\n", "f.yaml:2:6: error: did not find expected ',' or ']' (while parsing a flow sequence) "
                            "[yaml-syntax]"),
])
def test_other_syntax_errors_near_braces_keep_their_messages(tmp_path: Path, text: str, message: str) -> None:
    _, problems = load(tmp_path, text)
    assert messages(problems) == [message]
