"""pnp.expr.format: values written as a template writes them (none as nothing, true/false, a true
minus sign, a decimal comma in the languages that write one) and a part's format spec, read and
applied."""

from __future__ import annotations

import pytest

from pnp.expr.format import MINUS, Spec, _float_text, format_value, formatted, parse_spec
from pnp.expr.limits import ExpressionError

FILL = "\ue000"


def test_the_minus_sign() -> None:
    assert MINUS == "\u2212"


@pytest.mark.parametrize(("value", "text"), [
    (3.0, "3"), (-3.0, "-3"), (0.0, "0"), (9999999999999998.0, "9999999999999998"),  # whole: no point
    (1e16, "1e+16"), (1.5e16, "1.5e+16"), (-1e16, "-1e+16"),  # too large to write every digit
    (0.1, "0.1"), (1 / 3, "0.3333333333"), (-2.5, "-2.5"),  # ten significant digits
    (12345678901.5, "12345678900"), (-12345678901.5, "-12345678900"),  # no exponent in ordinary magnitudes
    (1.5e-7, "0.00000015"), (1e-7, "0.0000001"), (9.9e-8, "9.9e-08"), (-1.5e-7, "-0.00000015"),
    (float("inf"), "inf"), (float("nan"), "nan"),
])
def test_float_text(value: float, text: str) -> None:
    assert _float_text(value) == text


class Count(int):
    pass


class Share(float):
    pass


class Thing:
    def __str__(self) -> str:
        return "a thing"


@pytest.mark.parametrize(("value", "language", "text"), [
    ("plain -1.5", "fr", "plain -1.5"), ("", "en", ""), (None, "en", ""), (True, "en", "true"), (False, "fr", "false"),
    (5, "en", "5"), (0, "en", "0"), (-5, "en", MINUS + "5"), (-5, "fr", MINUS + "5"),
    (1.5, "en", "1.5"), (-1.5, "en", MINUS + "1.5"), (-1.5, "fr", MINUS + "1,5"), (1.5, "de_CH", "1,5"),
    (1.5, "pt-BR", "1,5"), (1.5, "EN", "1.5"), (12345678901.5, "fr", "12345678900"),
    ([1, -2, 1.5, None, True, "x"], "fr", f"1, {MINUS}2, 1,5, , true, x"), ((1, [2, 3]), "en", "1, 2, 3"), ([], "en", ""),
    ({"a": 1, "b": -2.5}, "de", f"a: 1, b: {MINUS}2,5"), ({1.5: [1, 2]}, "fr", "1,5: 1, 2"), ({}, "en", ""),
    (Count(-4), "en", MINUS + "4"), (Count(10 ** 17), "en", "100000000000000000"), (Share(-4.5), "fr", MINUS + "4,5"), (Share(4.0), "en", "4"),
    (Thing(), "en", "a thing"), ({1}, "en", "{1}"),
])
def test_format_value(value: object, language: str, text: str) -> None:
    written = format_value(value, language)
    assert written == text and type(written) is str


def test_format_value_in_english_unless_told() -> None:
    assert format_value(-1.5) == MINUS + "1.5"
    assert format_value([0.5, {"k": 2.5}]) == "0.5, k: 2.5"


@pytest.mark.parametrize(("text", "spec"), [
    ("", Spec("", "", None, None, 0)),
    ("d", Spec("d", "d", None, "d", 0)),
    ("08.3f", Spec("08.3f", "08.3f", None, "f", 11)),
    ("*>6", Spec("*>6", FILL + ">6", "*", None, 6)),
    (">6", Spec(">6", ">6", None, None, 6)),
    ("-^+10,.2%", Spec("-^+10,.2%", FILL + "^+10,.2%", "-", "%", 12)),
    (".5", Spec(".5", ".5", None, None, 5)),
    ("1000", Spec("1000", "1000", None, None, 1000)),
    (".1000", Spec(".1000", ".1000", None, None, 1000)),
    ("1000.1000e", Spec("1000.1000e", "1000.1000e", None, "e", 2000)),
    ("\n<3", Spec("\n<3", FILL + "<3", "\n", None, 3)),
])
def test_parse_spec(text: str, spec: Spec) -> None:
    assert parse_spec(text, 7) == spec


@pytest.mark.parametrize(("text", "message"), [
    ("q", "invalid format spec ':q'"), ("{>3", "invalid format spec ':{>3'"), ("5d5", "invalid format spec ':5d5'"),
    ("1001", "a format spec's width and precision must be at most 1000"),
    (".1001", "a format spec's width and precision must be at most 1000"),
    ("1001.1", "a format spec's width and precision must be at most 1000"),
    ("1.1001f", "a format spec's width and precision must be at most 1000"),
])
def test_parse_spec_refuses(text: str, message: str) -> None:
    with pytest.raises(ExpressionError) as caught:
        parse_spec(text, 7)
    assert (caught.value.message, caught.value.offset) == (message, 7)


def spec(text: str) -> Spec:
    return parse_spec(text, 0)


@pytest.mark.parametrize(("value", "text", "language", "written"), [
    (3.0, "d", "en", "3"), (10.0, "x", "en", "a"), (10.0, "X", "en", "A"), (10.0, "o", "en", "12"),
    (10.0, "b", "en", "1010"), (65.0, "c", "en", "A"), (-3.0, "03d", "en", MINUS + "03"),  # whole floats as whole numbers
    (3.0, ".1f", "en", "3.0"), (3.0, "e", "en", "3.000000e+00"), (3.0, "", "en", "3.0"), (3.0, "n", "en", "3"),
    (-5, "*>6", "en", f"****{MINUS}5"), (-5, "->6", "en", f"----{MINUS}5"), (-5, ">6", "en", f"    {MINUS}5"),
    (-5, "-<4", "en", f"{MINUS}5--"), (5, "+", "en", "+5"), (-5, "", "en", MINUS + "5"),
    (1234.5, ",.1f", "en", "1,234.5"), (1234.5, ",.1f", "fr", "1\u202f234,5"), (1234.5, ",.1f", "de", "1.234,5"),
    (-1234.5, ",.1f", "it", f"{MINUS}1.234,5"), (0.25, ".0%", "es", "25%"),
    ([1, 2.5], ".1f", "en", "1.0, 2.5"), ((1.5, [2.0]), ".1f", "fr", "1,5, 2,0"), ([], "d", "en", ""),
    (None, ">3", "en", "   "), (None, "d", "en", ""), (None, "", "en", ""),
    ("ab", "^6", "en", "  ab  "), ("ab", "", "en", "ab"), (True, ">6", "en", "  true"), (False, "", "en", "false"),
    ({"a": -1.5}, ">9", "fr", f"  a: {MINUS}1,5"),
])
def test_formatted(value: object, text: str, language: str, written: str) -> None:
    assert formatted(value, spec(text), language) == written


@pytest.mark.parametrize(("value", "text"), [(3.5, "d"), (3.5, "x"), ("ab", "d"), (True, "d"), (-5, "s")])
def test_formatted_refuses_what_python_cannot_format(value: object, text: str) -> None:
    with pytest.raises(ValueError):
        formatted(value, spec(text), "en")
