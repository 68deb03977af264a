"""pnp.expr.template: text with `{expression}` parts, each optionally ending in a format spec,
parsed with the offsets of its errors in the template, and written in a language; a list or
mapping charged to the total budget before it is written."""

from __future__ import annotations

import pickle
from collections.abc import Iterator
from typing import Any

import pytest

from pnp.expr.expression import parse
from pnp.expr.format import MINUS, parse_spec
from pnp.expr.limits import MAX_STEPS, ExpressionError, new_budget, steps_spent
from pnp.expr.template import Template, _parse_template, _Part, _part_end, literal_text, parse_template

TOO_LONG = "the expression takes too long (more than 1,000,000 steps)"


@pytest.fixture(autouse=True)
def fresh_budget() -> Iterator[None]:
    new_budget()
    yield
    new_budget()


def caught(work: Any, *args: Any) -> tuple[str, int | None]:
    with pytest.raises(ExpressionError) as error:
        work(*args)
    return error.value.message, error.value.offset


# --- where a part ends --------------------------------------------------------------------

@pytest.mark.parametrize(("source", "start", "end"), [
    ("{a}", 0, (2, None)), ("{a:>3}", 0, (5, 2)), ("ab{a:>3}cd", 2, (7, 4)), ("{x[1:2]}", 0, (7, None)),
    ("{f(a, b=1):d}", 0, (12, 10)), ("{'a:b'}", 0, (6, None)), ('{"a}b"}', 0, (6, None)), ("{'a\\'b:'}", 0, (8, None)),
    ("{'a\"}'}", 0, (6, None)), ("{ {'a': 1}['a'] }", 0, (16, None)), ("{[a:b]}", 0, (6, None)),
    ("{a):>3}", 0, (6, 3)), ("{a)]}", 0, (4, None)), ("{a:'}'}", 0, (4, 2)), ("{a:x:y}", 0, (6, 2)),
    ("{a::}", 0, (4, 2)), ("{(a):1}", 0, (6, 4)), ("{}", 0, (1, None)), ("{'\\'':x}", 0, (7, 5)),
    ("{X}", 0, (2, None)), ("{[X:1]}", 0, (6, None)), ("{[[a]:b]}", 0, (8, None)), ("{[[a], b:c]}", 0, (11, None)),
])
def test_part_end(source: str, start: int, end: tuple[int, int | None]) -> None:
    assert _part_end(source, start) == end


@pytest.mark.parametrize(("source", "start", "message", "offset"), [
    ("{a", 0, "unclosed '{' (write '{{' for a literal '{')", 0),
    ("ab{c", 2, "unclosed '{' (write '{{' for a literal '{')", 2),
    ("{'}", 0, "unclosed '{' (write '{{' for a literal '{')", 0),
    ("{[a}", 0, "unclosed '{' (write '{{' for a literal '{')", 0),
    ("{a:{b}}", 0, "a format spec cannot contain '{'", 3),
    ("x{a:>{b}}", 1, "a format spec cannot contain '{'", 5),
])
def test_part_end_refuses(source: str, start: int, message: str, offset: int) -> None:
    assert caught(_part_end, source, start) == (message, offset)


# --- parsing ------------------------------------------------------------------------------

def test_parse_template_text_alone() -> None:
    assert _parse_template("") == Template("", frozenset(), True, ())
    assert _parse_template("")._pieces == ()
    assert _parse_template("abc")._pieces == ("abc",)
    assert _parse_template("aXXb")._pieces == ("aXXb",)
    assert _parse_template("{{x}}")._pieces == ("{x}",)
    assert _parse_template("a{{b}}c}}") == Template("a{{b}}c}}", frozenset(), True, ("a{b}c}",))


def test_parse_template_parts() -> None:
    template = _parse_template("a{b}c{d:>3}{e}{{f")
    assert (template.source, template.names, template.constant) == ("a{b}c{d:>3}{e}{{f", frozenset("bde"), False)
    assert template._pieces == ("a", _Part(parse("b"), 2, None, -1), "c", _Part(parse("d"), 6, parse_spec(">3", 8), 8),
                                _Part(parse("e"), 12, None, -1), "{f")
    assert _parse_template("{x + y}")._pieces == (_Part(parse("x + y"), 1, None, -1),)
    assert _parse_template("{x:}")._pieces == (_Part(parse("x"), 1, parse_spec("", 3), 3),)
    assert _parse_template("{1}").names == frozenset() and _parse_template("{1}").constant is False


def test_parse_template_with_names() -> None:
    assert _parse_template("{a}{b}", ["a", "b"]).names == frozenset("ab")
    assert _parse_template("{a}{len(b)}", ("a", "b")).names == frozenset("ab")
    assert caught(_parse_template, "ab{c}", ["a", "b"]) == ("unknown name 'c'", 3)
    assert caught(_parse_template, "ab{ac}", ["a", "abc"]) == ("unknown name 'ac' (did you mean 'abc'?)", 3)


@pytest.mark.parametrize(("source", "message", "offset"), [
    ("a}b", "unmatched '}' (write '}}' for a literal '}')", 1),
    ("}", "unmatched '}' (write '}}' for a literal '}')", 0),
    ("ab{1 +}", "syntax error: invalid syntax", 6),
    ("ab{ 1 )}", "syntax error: unmatched ')'", 6),
    ("ab{ 1 +}", "syntax error: invalid syntax", 7),
    ("ab{a\x00}", "syntax error: source code string cannot contain null bytes", None),
    ("ab{}", "empty expression", 3),
    ("ab{a:q}", "invalid format spec ':q'", 5),
    ("ab{a:{", "a format spec cannot contain '{'", 5),
    ("ab{a", "unclosed '{' (write '{{' for a literal '{')", 2),
])
def test_parse_template_refuses(source: str, message: str, offset: int | None) -> None:
    assert caught(_parse_template, source) == (message, offset)


def test_a_template_is_text() -> None:
    assert caught(_parse_template, 5) == ("a template must be text, not number", None)
    assert caught(parse_template, None) == ("a template must be text, not none", None)


def test_parse_template_is_parsed_once() -> None:
    template = parse_template("{a} and {b}", ["a", "b"])
    assert parse_template("{a} and {b}", ("b", "a")) is template
    assert parse_template("{a} and {b}") == template
    assert parse_template("{a} and {b}").names == frozenset("ab")
    assert caught(parse_template, "{a} and {b}", ["a"]) == ("unknown name 'b'", 9)


def test_pickled_a_template_is_parsed_again() -> None:
    template = _parse_template("{x:>4}!")
    copy = pickle.loads(pickle.dumps(template))
    assert copy == template and copy.render({"x": 1}) == "   1!"
    assert template.__reduce__() == (parse_template, ("{x:>4}!",))


# --- rendering ----------------------------------------------------------------------------

ENV = {"x": -1.5, "n": 3, "word": "ab", "xs": [1, 2], "nothing": None, "m": {"a": 1}}


@pytest.mark.parametrize(("source", "language", "text"), [
    ("", "en", ""), ("plain", "fr", "plain"), ("{x}", "en", f"{MINUS}1.5"), ("{x}", "fr", f"{MINUS}1,5"),
    ("a {x:.2f} b", "de", f"a {MINUS}1,50 b"), ("{n:03d}{word}", "en", "003ab"), ("{xs}", "en", "1, 2"),
    ("{xs:>2}", "en", " 1,  2"), ("{nothing}|{nothing:>2}|", "en", "|  |"), ("{m}", "en", "a: 1"),
    ("{{{n}}}", "en", "{3}"), ("{str(x)}", "fr", f"{MINUS}1,5"), ("{[x]}", "fr", f"{MINUS}1,5"),
])
def test_render(source: str, language: str, text: str) -> None:
    assert _parse_template(source).render(ENV, language) == text


def test_render_in_english_unless_told() -> None:
    assert _parse_template("{x} {[x]}").render(ENV) == f"{MINUS}1.5 {MINUS}1.5"


def test_a_list_or_mapping_is_charged_before_it_is_written() -> None:
    _parse_template("{word}").render(ENV)
    assert steps_spent() == 1  # the expression's one step: a text is not charged again
    new_budget()
    _parse_template("{xs}").render(ENV)
    assert steps_spent() == 1 + 9  # two numbers of two bits at most, each with its separator
    new_budget()
    _parse_template("{xs:>3}").render(ENV)
    assert steps_spent() == 1 + 15  # and the width of each
    new_budget()
    _parse_template("{m}").render(ENV)
    assert steps_spent() == 1 + 4 + 1 + 2


def test_the_total_budgets_last_steps() -> None:
    new_budget(1)  # the expression spends the last step
    assert caught(_parse_template("ab{xs}").render, ENV) == (
        "the game's expressions take too long altogether (more than 1 steps)", 3)
    assert steps_spent() == 1
    new_budget(2)  # one step for the expression, one left for an empty list
    assert _parse_template("{xs}").render({"xs": []}) == ""
    assert steps_spent() == 1
    new_budget(10)  # and the list its 9
    assert _parse_template("{xs}").render(ENV) == "1, 2"
    assert steps_spent() == 10
    new_budget(9)
    assert caught(_parse_template("{xs}").render, ENV) == (
        "the game's expressions take too long altogether (more than 9 steps)", 1)
    assert steps_spent() == 10  # the budget left is spent
    new_budget(MAX_STEPS + 1)  # MAX_STEPS left for writing: an evaluation's own bound
    assert caught(_parse_template("{xs}").render, {"xs": ["a" * MAX_STEPS]}) == (TOO_LONG, 1)
    assert steps_spent() == MAX_STEPS + 2  # a refusal spends the budget and one step more
    new_budget(MAX_STEPS + 2)
    assert caught(_parse_template("{xs}").render, {"xs": ["a" * MAX_STEPS]}) == (TOO_LONG, 1)
    assert steps_spent() == MAX_STEPS + 2
    new_budget()
    assert caught(_parse_template("{xs}").render, {"xs": ["a" * (MAX_STEPS - 1)]}) == (TOO_LONG, 1)
    new_budget()
    assert _parse_template("{xs}").render({"xs": ["a" * (MAX_STEPS - 2)]}) == "a" * (MAX_STEPS - 2)
    assert steps_spent() == 1 + MAX_STEPS


@pytest.mark.parametrize(("source", "env", "message", "offset"), [
    ("ab{word:d}", ENV, "cannot format text with ':d'", 8),
    ("ab{x:c}", ENV, "cannot format number with ':c'", 5),
    ("ab{xs:d}", {"xs": [1.5]}, "cannot format list with ':d'", 6),
    ("ab{n}", {"n": 10 ** 5000}, "a number too large", 3),
    ("ab{missing}", ENV, "unknown name 'missing'", 3),
    ("ab{n + 1}{n / 0}", ENV, "division by zero", 12),
])
def test_render_refuses(source: str, env: dict, message: str, offset: int) -> None:
    assert caught(_parse_template(source).render, env) == (message, offset)


def test_render_refuses_a_value_that_holds_itself() -> None:
    xs: list = []
    xs.append(xs)
    ys: list = []
    ys.append(ys)
    assert caught(_parse_template("ab{xs}").render, {"xs": xs}) == ("the value is too deeply nested to write", 3)
    assert caught(_parse_template("ab{xs == ys}").render, {"xs": xs, "ys": ys}) == (
        "the expression or its data is too deeply nested", None)


def test_value() -> None:
    xs = [1, 2]
    assert _parse_template("{xs}").value({"xs": xs}) is xs
    assert _parse_template("{n + 1}").value(ENV) == 4
    assert _parse_template("{nothing}").value(ENV) is None
    assert _parse_template("{x:>5}").value(ENV) == f"{MINUS}1.5".rjust(5)
    assert _parse_template("a{n}").value(ENV) == "a3"
    assert _parse_template("{n}{n}").value(ENV) == "33"
    assert _parse_template("{xs}").value({"xs": [-1.5]}) == [-1.5]
    assert _parse_template("plain").value(ENV) == "plain" and _parse_template("").value(ENV) == ""
    assert _parse_template("{str(x)}").value(ENV) == f"{MINUS}1.5"
    assert caught(_parse_template("ab{n / 0}").value, ENV) == ("division by zero", 5)


def test_a_templates_own_words_are_its_text_outside_its_parts() -> None:
    """Each part is a space; doubled braces are braces; a part's brackets, quotes and format
    spec are its own; a part left open runs to the end; a lone } is text."""
    assert literal_text("{name}'s {'it' + \"'\"} {{x}} {a {b} 'c}' d} e'") == " 's   {x}   e'"
    assert literal_text("a {'}' + x} b") == "a   b"
    assert literal_text("a {'\\'' + x} b") == "a   b"
    assert literal_text("a {open 'x") == "a  "
    assert literal_text("}} and }") == "} and }"
    assert literal_text("a {f(')', [1]):>3} b {{") == "a   b {"
    assert literal_text("a {x:{y}} b") == "a  "  # (a spec cannot hold a brace: the part is never closed)
    assert literal_text("") == "" and literal_text("plain") == "plain"
    assert literal_text("XX {X} Y") == "XX   Y"  # (only braces are doubled)
