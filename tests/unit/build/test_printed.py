"""pnp.build.printed: the pictures of a build's pieces rasterized from the drawings its print
files place (their faces with the background run out, in the print file's characters) where
those show the same, and otherwise from themselves."""

from __future__ import annotations

from pnp.build.printed import Printed
from pnp.compose.piece import with_bleed
from pnp.scene import Definition, Group, Page, Rect, Style, Text, Use, single

GROUND = Style(fill="#3b702b")


def piece(id: str, text: str, radius: float = 0.0) -> Definition:
    return Definition(id, 60.0, 90.0, Group((Rect(0, 0, 60, 90, GROUND, radius=radius),
                                            Text(5, 20, text, "body", 9.0, "#ffffff"))))


def sheet(*drawings: Definition, label: str) -> Page:
    return Page(595.0, 842.0, tuple(Use(d.id) for d in drawings) + (Text(10, 830, label, "body", 7.0, "#000000"),),
                tuple(drawings))


def test_each_picture_as_its_print_file_draws_it_where_that_shows_the_same() -> None:
    faces = [piece("a", "Ab"), piece("b", "Cd"), piece("round", "Ef", radius=5.0)]
    back = piece("back", "Gh")
    bled = [with_bleed(f, 2.8) for f in faces]
    fronts = [sheet(*bled[:2], label="sheet 1"), sheet(bled[2], label="sheet 2")]
    backs = [sheet(with_bleed(back, 2.8), label="backs")]
    printed = Printed({})
    printed.add(fronts, backs)
    printed.add([sheet(with_bleed(faces[0], 5.0), label="again")])  # (the first print file's kept)
    (first, chars), (second, same) = printed.of(single(faces[0])), printed.of(single(faces[1]))
    assert first == single(bled[0]) and second == single(bled[1])
    assert chars == {"body": frozenset("AbCdEfsheet 12")} and same is chars  # (the print file's, worked out once)
    assert printed.of(single(faces[2])) is None  # rounded corners: filled once run out
    on_its_back, back_chars = printed.of(single(back))
    assert on_its_back == single(backs[0].definitions[0]) and back_chars == {"body": frozenset("Ghbacks")}
    assert printed.of(single(piece("a", "Ab"))) is None  # another piece of the same id: on no sheet
    assert printed.of(Page(60.0, 90.0, (Use("a"), Use("b")), (faces[0], faces[1]))) is None  # not a drawing alone
    unbled = Printed({})
    unbled.add([sheet(*faces, label="x")])
    assert unbled.of(single(faces[0])) is None  # printed without bleed: drawn as it is


def test_a_card_noted_when_drawn_is_not_drawn_again_to_be_told(monkeypatch) -> None:
    import pnp.scene as scene
    from pnp.scene import deferred

    drawn: list[str] = []
    plain = piece("a", "Ab")
    lazy = deferred("a", 60.0, 90.0, 0.0, (), lambda: drawn.append("a") or plain.content)
    bled = with_bleed(lazy, 2.8)
    printed = Printed({id(bled): (bled, {"body": "Ab"})})  # (its characters known, as the build's kept)
    printed.add([sheet(bled, label="one")])
    lazy.content  # (drawn for its hash, say)
    printed.note(lazy)
    monkeypatch.setattr(scene, "DRAWN_KEPT", 0)
    lazy.__dict__.pop("content")  # no longer kept drawn
    assert printed.of(single(lazy))[0].definitions == (bled,) and drawn == ["a"]  # told without drawing it again
    other = deferred("b", 60.0, 90.0, 0.0, (), lambda: drawn.append("b") or piece("b", "Cd", radius=3.0).content)
    printed.add([sheet(with_bleed(other, 2.8), label="two")])
    assert printed.of(single(other)) is None and drawn[1:] == ["b"]  # not noted: drawn to be told
