"""pnp.components.kind: what a component type is, its defaults, the pieces an item is printed
as, and its own phrases (English when it does not speak a language or lacks a phrase)."""

from __future__ import annotations

import pytest

from pnp.components.kind import ComponentType, Sheets
from pnp.words import FileRef, Strong

WORDS = {
    "en": {"peel": "Peel the labels of {files} off.", "count": "{n} labels"},
    "fr": {"peel": "Décollez les étiquettes de {files}.", "count": ""},
}


def impose(sets, paper, bleed, label, font) -> Sheets:
    return Sheets([], [])


def label_type(**facts) -> ComponentType:
    return ComponentType(name="label", doc="Labels.", example="labels: {type: label}", options={}, tabletopia="Token",
                         deck=False, impose=impose, **facts)


def test_a_types_defaults() -> None:
    t = label_type()
    assert (t.size, t.shapes, t.bleed, t.ink_saver, t.printed, t.order) == ("poker", ("rect",), None, "backs", True,
                                                                            100)
    assert (t.whole, t.cut_on_marks, t.touching, t.assembly, t.words, t.print_on_demand) == (None, (), False, None, {},
                                                                                           False)
    assert (t.tts, t.fields, t.sides, t.names, t.packed, t.printed_size, t.printed_as, t.gallery) == (
        "Custom_Tile", None, None, (), (), None, "", "")
    assert Sheets([], []) == Sheets(fronts=[], backs=[])


def test_an_item_is_one_piece_of_its_own_names() -> None:
    env = {"id": "red", "faces": ["1", "2"]}
    assert label_type().pieces_of(env) == [("", env)]
    assert label_type().pieces_of(env)[0][1] is env


def test_an_item_of_a_type_with_sides_is_its_pieces() -> None:
    def sides(env):
        return [(f"-{n}", dict(env, side=n)) for n in (1, 2)]

    env = {"id": "red"}
    assert label_type(sides=sides).pieces_of(env) == [("-1", {"id": "red", "side": 1}),
                                                      ("-2", {"id": "red", "side": 2})]
    assert label_type(sides=lambda env: []).pieces_of(env) == []


def test_its_phrases() -> None:
    t = label_type(words=WORDS)
    assert t.word("en", "peel") == "Peel the labels of {files} off."
    assert t.word("fr", "peel") == "Décollez les étiquettes de {files}."
    assert t.word("de", "peel") == "Peel the labels of {files} off."  # a language it does not speak
    assert t.word("fr", "count") == "{n} labels"  # a phrase the language leaves empty
    assert label_type(words={"en": WORDS["en"], "fr": {}}).word("fr", "peel") == "Peel the labels of {files} off."
    assert label_type(words={"en": WORDS["en"], "fr": {"count": "x"}}).word("fr", "peel") == \
        "Peel the labels of {files} off."
    with pytest.raises(KeyError):
        t.word("fr", "fold")


def test_its_phrases_as_runs() -> None:
    t = label_type(words=WORDS)
    labels = FileRef("print/labels-a4.pdf")
    assert t.say("en", "peel", files=[labels, " and ", Strong("b")]) == (
        "Peel the labels of ", labels, " and ", Strong("b"), " off.")
    assert t.say("fr", "peel", files=labels) == ("Décollez les étiquettes de ", labels, ".")
    assert t.say("it", "count", n=3) == ("3 labels",)
