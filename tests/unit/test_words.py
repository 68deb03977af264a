"""pnp.words: pnp's own phrases in English, French and German (English for any other language,
and for a phrase a language lacks), and the runs of text they make: plain words, the kit's
files and strong words, lists, lengths."""

from __future__ import annotations

import re

import pytest

from pnp.units import mm
from pnp.words import NBSP, WORDS, FileRef, Strong, length, listed, phrase, plain, say, text, word

CARDS = FileRef("print/cards-a4.pdf")


def test_every_language_has_every_phrase_with_the_same_placeholders() -> None:
    assert list(WORDS) == ["en", "fr", "de"]
    assert NBSP == "\u00a0"
    for language in ("fr", "de"):
        assert list(WORDS[language]) == list(WORDS["en"])
        for key, english in WORDS["en"].items():
            assert sorted(re.findall(r"\{\w+\}", WORDS[language][key])) == sorted(re.findall(r"\{\w+\}", english))


def test_a_word_in_each_language() -> None:
    assert word("en", "sheet-fronts") == "fronts"
    assert word("fr", "sheet-fronts") == "recto"
    assert word("de", "sheet-fronts") == "Vorderseiten"
    assert word("de", "and") == "und"


def test_english_for_a_language_pnp_does_not_speak() -> None:
    assert word("it", "kicker") == "Read me first"
    assert word("", "and") == "and"


def test_english_for_a_phrase_a_language_lacks_or_leaves_empty(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(WORDS, "fr", {k: v for k, v in WORDS["fr"].items() if k != "kicker"})
    monkeypatch.setitem(WORDS, "de", dict(WORDS["de"], kicker=""))
    assert word("fr", "kicker") == "Read me first"
    assert word("de", "kicker") == "Read me first"
    assert word("fr", "and") == "et"


def test_a_phrase_nobody_has() -> None:
    with pytest.raises(KeyError):
        word("fr", "no-such-phrase")


def test_a_file_is_named_by_its_last_part() -> None:
    assert CARDS.name == "cards-a4.pdf"
    assert FileRef("a/b/c.pdf").name == "c.pdf"
    assert FileRef("index.html").name == "index.html"
    assert FileRef("print/").name == ""


def test_runs_as_plain_text() -> None:
    assert plain(["Print ", CARDS, " at ", Strong("100 %"), "."]) == "Print cards-a4.pdf at 100 %."
    assert plain([]) == ""
    assert plain([Strong("a"), Strong("b")]) == "ab"


def test_a_phrase_as_runs() -> None:
    assert phrase("Print {file} first.", file=CARDS) == ("Print ", CARDS, " first.")
    assert phrase("{file}", file=CARDS) == (CARDS,)
    assert phrase("{what}, fronts", what=Strong("Cards")) == (Strong("Cards"), ", fronts")
    assert phrase("no placeholder") == ("no placeholder",)
    assert phrase("") == ()


def test_text_values_join_the_words_round_them() -> None:
    assert phrase("page {n} of {total}", n=2, total=14) == ("page 2 of 14",)
    assert phrase("{a}{b}", a="x", b="y") == ("xy",)
    assert phrase("{a}", a="") == ()
    assert phrase("at {x}%", x=0) == ("at 0%",)
    assert phrase("{x}", x=1.5) == ("1.5",)


def test_a_list_of_runs_is_spliced_in() -> None:
    files = [CARDS, " and ", FileRef("print/tokens-a4.pdf")]
    assert phrase("In {files} the pieces touch.", files=files) == (
        "In ", CARDS, " and ", FileRef("print/tokens-a4.pdf"), " the pieces touch.")
    assert phrase("In {files}.", files=("a", "b", Strong("c"))) == ("In ab", Strong("c"), ".")
    assert phrase("{files}", files=[]) == ()
    assert phrase("[{files}]", files=["", CARDS, ""]) == ("[", CARDS, "]")


def test_only_lowercase_names_are_placeholders() -> None:
    assert phrase("{Name} {n1} {} {n}", n=3) == ("{Name} {n1} {} 3",)
    with pytest.raises(KeyError):
        phrase("{n}")


def test_say_and_text() -> None:
    assert say("en", "step-one-side", files=[CARDS]) == ("Print on one side only: ", CARDS, ".")
    assert say("fr", "step-one-side", files=[CARDS]) == ("Imprimez au recto seulement\u00a0: ", CARDS, ".")
    assert say("it", "sheet-page", n=1, total=3) == ("page 1 of 3",)
    assert text("de", "sheet-page", n=1, total=3) == "Seite 1 von 3"
    assert text("fr", "step-one-side", files=[CARDS]) == "Imprimez au recto seulement\u00a0: cards-a4.pdf."
    assert text("en", "row-fronts", what=Strong("Cards")) == "Cards, fronts"


def test_lists() -> None:
    a, b, c = FileRef("a.pdf"), FileRef("b.pdf"), Strong("c")
    assert listed([], "en") == []
    assert listed([a], "en") == [a]
    assert listed([a, b], "en") == [a, " and ", b]
    assert listed([a, b, c], "en") == [a, ", ", b, " and ", c]
    assert listed([a, b, c, "d"], "fr") == [a, ", ", b, ", ", c, " et ", "d"]
    assert listed(["x", "y"], "de") == ["x", " und ", "y"]
    assert listed(["x", "y"], "it") == ["x", " and ", "y"]


def test_lengths_as_each_language_writes_them() -> None:
    assert length(mm(3), "en") == "3\u00a0mm"
    assert length(mm(1.5), "en") == "1.5\u00a0mm"
    assert length(mm(1.5), "fr") == "1,5\u00a0mm"
    assert length(mm(1.5), "de") == "1,5\u00a0mm"
    assert length(mm(1.5), "it") == "1.5\u00a0mm"
    assert length(mm(12.34), "en") == "12.3\u00a0mm"  # to a tenth
    assert length(mm(12.36), "fr") == "12,4\u00a0mm"
    assert length(mm(0.04), "en") == "0\u00a0mm"
    assert length(mm(120), "de") == "120\u00a0mm"
    assert length(9.0, "en") == "3.2\u00a0mm"  # 9 pt
