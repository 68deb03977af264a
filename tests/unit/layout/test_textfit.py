"""pnp.layout.textfit: the largest size at which a line fits its width, and at which a paragraph wraps
into its box, in quarter-point steps; greedy line breaking that never breaks a no-break space."""

from __future__ import annotations

import pytest

from pnp.layout.fonts import bundled_fonts, metrics
from pnp.layout.textfit import (ICON_DROP, ICON_EM, NO_BREAK_SPACE, STEP, InlineIcon, InlineMetrics, _skip,
                                fit_paragraph, fit_size, inline_icons, inline_parts, wrap)

FONT = metrics(bundled_fonts()["SourceSansPro-Regular"])


class Mono:
    """A font whose every character is half an em wide: widths easy to work out."""

    name = "Mono"
    cap_height = 0.7

    def __init__(self) -> None:
        self.measured = 0

    def width(self, text: str, size: float) -> float:
        self.measured += 1
        return len(text) * 0.5 * size


MONO = Mono()


def test_constants() -> None:
    assert (STEP, NO_BREAK_SPACE) == (0.25, "\u00a0")
    assert (ICON_EM, ICON_DROP) == (1.05, 0.17)  # (as a rulebook's icons)


def test_skip_leaves_one_step_above_the_largest() -> None:
    assert _skip(12.0, 10.0) == 10.25
    assert _skip(12.0, 10.1) == 10.5
    assert _skip(12.0, 11.75) == 12.0  # one step above: none skipped
    assert _skip(12.0, 11.5) == 11.75
    assert _skip(12.0, 11.4) == 11.75
    assert _skip(12.0, 12.0) == 12.0
    assert _skip(12.0, 20.0) == 12.0
    assert _skip(12.1, 10.0) == pytest.approx(10.35)


def test_fit_size() -> None:
    assert fit_size(MONO, "abcd", 20.0, 12.0, 6.0) == 10.0  # 2 pt a point of size
    assert fit_size(MONO, "abcd", 20.0, 12.1, 6.0) == pytest.approx(9.85)  # in steps from the size given
    assert fit_size(MONO, "abcd", 20.0, 12.0, 10.0) == 10.0  # the least size allowed
    assert fit_size(MONO, "abcd", 20.0, 12.0, 10.01) is None
    assert fit_size(MONO, "abcd", 20.0, 9.0, 6.0) == 9.0  # fits as it is
    assert fit_size(MONO, "abcd", 20.0 - 5e-7, 12.0, 6.0) == 10.0  # a millionth of a point is no matter
    assert fit_size(MONO, "abcd", 20.0 - 1e-6, 12.0, 6.0) == 10.0
    assert fit_size(MONO, "abcd", 20.0, 12.0, 10.0 + 1e-9) == 10.0  # nor a billionth of the least size
    assert fit_size(MONO, "abcd", 20.0 - 2e-6, 12.0, 6.0) == 9.75
    assert fit_size(MONO, "", 20.0, 12.0, 6.0) == 12.0
    assert fit_size(MONO, "abcd", 0.0, 12.0, 0.0) == 0.0
    assert fit_size(FONT, "The Anarchy", 100.0, 14.0, 6.0) == 14.0
    assert fit_size(FONT, "The Anarchy", 50.0, 14.0, 6.0) == 9.5
    assert FONT.width("The Anarchy", 9.5) <= 50.0 < FONT.width("The Anarchy", 9.75)


def test_the_least_size_is_tried_when_the_steps_pass_it_by() -> None:
    """From 6.1 pt the steps go to 5.85, past a least size of 6: 6 itself is tried last."""
    assert fit_size(MONO, "abcd", 12.0, 6.1, 6.0) == 6.0  # (12 pt wide at 6 pt)
    assert fit_size(MONO, "abcd", 12.0 - 1e-3, 6.1, 6.0) is None
    assert fit_size(MONO, "abcd", 12.2, 6.1, 6.0) == pytest.approx(6.1)
    assert fit_size(MONO, "abcd", 20.2, 12.0, 10.1) == 10.1  # (from 12: 10.25, then 10.1)
    assert fit_size(MONO, "abcd", 20.1, 12.0, 10.1) is None
    assert fit_paragraph(MONO, "ab cd", 15.0, 7.2, 6.1, 6.0) == (6.0, ["ab cd"])  # (one line of 5 characters)
    assert fit_paragraph(MONO, "ab cd", 15.0, 7.1, 6.1, 6.0) is None


def test_the_least_size_is_tried_once() -> None:
    font = Mono()
    assert fit_size(font, "abcd", 19.99, 10.5, 10.0) is None  # (skipped to) 10.25, then 10, each measured once
    assert font.measured == 1 + 2
    font = Mono()
    assert fit_size(font, "abcd", 19.99, 10.6, 10.0) is None  # 10.35, 10.1, then 10 itself
    assert font.measured == 1 + 3
    assert fit_size(MONO, "abcd", 20.0, 5.0, 6.0) is None  # (a size under the least: none tried)
    assert fit_paragraph(MONO, "abcd", 20.0, 100.0, 5.0, 6.0) is None


def test_fit_size_measures_little() -> None:
    """It skips the sizes that surely do not fit: the line measured at 1 pt, then at 10.5,
    10.25 and 10 pt, not at the forty sizes from 20 pt down."""
    font = Mono()
    assert fit_size(font, "abcd", 20.0, 20.0, 1.0) == 10.0
    assert font.measured == 1 + 3
    font = Mono()
    assert fit_size(font, "a", 2.0, 20.0, 1.0) == 4.0  # a line narrower than 1 pt at 1 pt: skipped alike
    assert font.measured == 1 + 3


def test_wrap() -> None:
    assert wrap(MONO, "aa bb cc dd", 8.0, 2.0) == ["aa bb cc", "dd"]
    assert wrap(MONO, "aa bb cc dd", 8.0 - 5e-7, 2.0) == ["aa bb cc", "dd"]
    assert wrap(MONO, "aa bb cc dd", 8.0 - 1e-6, 2.0) == ["aa bb cc", "dd"]
    assert wrap(MONO, "aa bb cc dd", 7.99, 2.0) == ["aa bb", "cc dd"]
    assert wrap(MONO, "aa\u00a0bb cc", 8.0, 2.0) == ["aa bb cc"]  # no-break spaces measured as spaces
    assert wrap(MONO, "aa\u00a0bb\u00a0cc dd", 5.0, 2.0) == ["aa bb cc", "dd"]  # never broken
    assert wrap(MONO, "aaaaaaaaaa b", 8.0, 2.0) == ["aaaaaaaaaa", "b"]  # too wide: alone on its line
    assert wrap(MONO, "a aaaaaaaaaa b", 8.0, 2.0) == ["a", "aaaaaaaaaa", "b"]
    assert wrap(MONO, "", 8.0, 2.0) == []
    assert wrap(MONO, "a  b", 100.0, 2.0) == ["a  b"]
    assert wrap(FONT, "Each player draws three cards", 60.0, 10.0) == ["Each player", "draws three", "cards"]


def test_fit_paragraph() -> None:
    assert fit_paragraph(MONO, "aa bb", 100.0, 20.0, 12.0, 4.0) == (12.0, ["aa bb"])
    assert fit_paragraph(MONO, "ab", 1000.0, 12.0, 14.0, 4.0) == (10.0, ["ab"])  # one line 1.2 times its size
    assert fit_paragraph(MONO, "aa bb cc dd", 40.0, 20.0, 12.0, 4.0) == (8.25, ["aa bb cc", "dd"])
    assert fit_paragraph(MONO, "aa bb cc dd", 40.0, 20.0, 12.0, 8.25) == (8.25, ["aa bb cc", "dd"])
    assert fit_paragraph(MONO, "aa bb cc dd", 40.0, 20.0, 12.0, 8.26) == (8.26, ["aa bb cc", "dd"])  # (the least, tried)
    assert fit_paragraph(MONO, "aa bb cc dd", 40.0, 20.0, 12.0, 8.34) is None  # (2 lines of 8.34 pt: 20.016 tall)
    assert fit_paragraph(MONO, "aa bb cc dd", 40.0, 20.0, 12.0, 4.0, leading=1.0) == (10.0, ["aa bb cc", "dd"])
    assert fit_paragraph(MONO, "aa bb cc dd ee ff gg hh", 40.0, 40.0, 12.0, 2.0) == (
        10.0, ["aa bb cc", "dd ee ff", "gg hh"])
    assert fit_paragraph(MONO, "aa\u00a0bb cc\u00a0dd", 40.0, 40.0, 12.0, 2.0) == (12.0, ["aa bb", "cc dd"])
    assert fit_paragraph(MONO, "", 40.0, 40.0, 12.0, 2.0) == (12.0, [])
    assert fit_paragraph(MONO, "aaaaaaaaaaaaaaaa bb", 10.0, 100.0, 12.0, 4.0) is None  # a word too wide
    assert fit_paragraph(MONO, "aaaa", 10.0, 100.0, 12.0, 4.0) == (5.0, ["aaaa"])
    assert fit_paragraph(MONO, "ab", 1000.0, 12.0 - 5e-7, 14.0, 4.0) == (10.0, ["ab"])
    assert fit_paragraph(MONO, "ab", 1000.0, 12.0 - 1e-6, 14.0, 4.0) == (10.0, ["ab"])
    assert fit_paragraph(MONO, "aaaa", 10.0 - 1e-6, 100.0, 12.0, 4.0) == (5.0, ["aaaa"])
    assert fit_paragraph(MONO, "aaaa", 10.0, 100.0, 12.0, 5.0 + 1e-9) == (5.0, ["aaaa"])


def test_fit_paragraph_at_the_bound() -> None:
    """Sizes where the words' own width all but fills the box: the search skips to one step
    above the bound and no further."""
    # 8 characters at size s take 4 s across; 2 lines of 4 in a 12 wide, 12 tall box: s = 5 fits exactly
    assert fit_paragraph(MONO, "aaa bbb", 12.0, 12.0, 20.0, 1.0, leading=1.2) == (5.0, ["aaa", "bbb"])
    assert fit_paragraph(MONO, "aaa bbb", 12.0, 12.0, 20.0, 1.0, leading=1.0) == (6.0, ["aaa", "bbb"])
    assert fit_paragraph(MONO, "aaaaaa bbbbbb", 12.0, 4.8, 20.0, 1.0, leading=1.2) == (2.0, ["aaaaaa", "bbbbbb"])
    assert fit_paragraph(MONO, "ab", 1.0, 1000.0, 20.0, 0.25) == (1.0, ["ab"])
    # no-break spaces take room on the line but are not words' own width
    assert fit_paragraph(MONO, "a\u00a0b", 15.0, 10.0, 20.0, 1.0, leading=1.0) == (10.0, ["a b"])
    # lines closer than their size
    assert fit_paragraph(MONO, "ab", 1000.0, 8.0, 14.0, 4.0, leading=0.8) == (10.0, ["ab"])
    assert fit_paragraph(MONO, "a b", 5.0, 16.0, 20.0, 1.0, leading=0.8) == (10.0, ["a", "b"])


def test_fit_paragraph_measures_little() -> None:
    font = Mono()
    assert fit_paragraph(font, "aa bb", 20.0, 12.0, 40.0, 1.0) == (8.0, ["aa bb"])
    assert font.measured == 13  # the words at 1 pt, each size from 10.5 pt (a step above the bound) to 8, its lines
    font = Mono()
    assert fit_paragraph(font, "a b", 5.0, 16.0, 20.0, 1.0, leading=0.8) == (10.0, ["a", "b"])
    assert font.measured == 6  # words narrower than 1 pt at 1 pt: the bound holds alike
    font = Mono()
    assert fit_paragraph(font, "a b", 1000.0, 12.0, 14.0, 1.0) == (10.0, ["a b"])
    assert font.measured == 5  # the height the bound: measured at 10.5, 10.25 and 10 pt


def test_fit_paragraph_in_a_real_font() -> None:
    text = "Each player draws three cards and plays one face up in front of them."
    assert fit_paragraph(FONT, text, 120.0, 40.0, 12.0, 5.0) == (
        11.0, ["Each player draws three", "cards and plays one face", "up in front of them."])
    assert fit_paragraph(FONT, text, 120.0, 30.0, 12.0, 5.0) == (
        8.25, ["Each player draws three cards and", "plays one face up in front of them."])
    assert fit_paragraph(FONT, text, 60.0, 200.0, 12.0, 5.0) == (
        12.0, ["Each player", "draws three", "cards and", "plays one", "face up in", "front of", "them."])


# --- icons inline -----------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "parts"), [
    ("pay 1 :wood: each", ["pay 1 ", InlineIcon("wood"), " each"]),
    (":a::b-2:", [InlineIcon("a"), InlineIcon("b-2")]),
    ("(:wood:).", ["(", InlineIcon("wood"), ")."]),
    ("Cost: 3, 10:30:, a:wood:, é:wood:", ["Cost: 3, 10:30:, a:wood:, é:wood:"]),
    ("_:wood:", ["_", InlineIcon("wood")]),
    (":Wood: :2x: :wo od: :wood", [":Wood: :2x: :wo od: :wood"]),
    ("\\:wood: and :ore:", [":wood: and ", InlineIcon("ore")]),
    ("pay \\:wood: :ore: \\:a:", ["pay :wood: ", InlineIcon("ore"), " :a:"]),
    ("a \\ b", ["a \\ b"]),
    ("", []), (":x:", [InlineIcon("x")]),
])
def test_inline_parts(text: str, parts: list) -> None:
    """An icon written as in a rulebook, `:name:`, its colon not after a letter or digit (an
    underscore may come before it); a backslash before it prints it as written."""
    assert inline_parts(text) == parts


def test_inline_icons() -> None:
    assert inline_icons("pay :wood: or :ore:, \\:gold: and :wood:") == ["wood", "ore", "wood"]
    assert inline_icons("none") == []


def test_inline_metrics_give_each_icon_its_room() -> None:
    inline = InlineMetrics(MONO)
    assert (inline.name, inline.cap_height) == ("Mono", 0.7)
    assert inline.width("ab :x: c", 10) == 3 * 5 + 10.5 + 2 * 5
    assert inline.width("\\:x:", 10) == 3 * 5  # (as written, without its backslash)
    MONO.measured = 0
    assert inline.width("no icon here", 10) == 60 and MONO.measured == 1  # (measured once, whole)
    assert fit_size(inline, ":x: :y:", 26.0, 10, 5) == 10  # 2.6 em
    assert fit_size(inline, ":x: :y:", 20.0, 10, 5) == 7.5
    assert wrap(inline, "a :x: b :y: c", 31, 10) == ["a :x: b", ":y: c"]  # (30.5 pt: as letters, 35)
