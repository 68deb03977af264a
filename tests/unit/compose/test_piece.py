"""pnp.compose.piece: a face given a bleed, and whether it shows the same within the face's
bounds (so that the face's picture may be rasterized from the drawing its print file places)."""

from __future__ import annotations

import pytest

from pnp.compose.piece import runs_out_alike, same_within, with_bleed
from pnp.scene import Definition, Group, Path, Rect, Style, Text, deferred, scale

GROUND = Style(fill="#3b702b")


def face(*children, transform=None, clip=None) -> Definition:
    group = Group(tuple(children), clip=clip) if transform is None else Group(tuple(children), transform, clip)
    return Definition("a", 60.0, 90.0, group)


WORDS = Text(5, 20, "Mir", "body", 9.0, "#ffffff")


def test_a_face_on_a_plain_ground_run_out_shows_the_same_within_its_bounds() -> None:
    plain = face(Rect(0, 0, 60, 90, GROUND), WORDS)
    bled = with_bleed(plain, 3.0)
    assert bled.content.children[0] == Rect(-3.0, -3.0, 66.0, 96.0, GROUND) and bled.content.children[1] is WORDS
    assert same_within(bled, plain)
    assert same_within(with_bleed(face(Rect(-1, -2, 70, 95, GROUND), WORDS), 3.0),
                       face(Rect(-1, -2, 70, 95, GROUND), WORDS)) is False  # (not made from that very face)
    wider = face(Rect(-1, -2, 70, 95, GROUND), WORDS)
    assert same_within(with_bleed(wider, 3.0), wider)
    lazy = deferred("a", 60.0, 90.0, 0.0, ("face", 1), lambda: plain.content)
    assert same_within(with_bleed(lazy, 3.0), lazy)


@pytest.mark.parametrize("plain", [
    face(Rect(0, 0, 60, 90, GROUND, radius=4.0), WORDS),  # rounded corners: filled once run out
    face(Rect(0, 0, 60, 90, Style(fill="#3b702b", stroke="#000000", stroke_width=1.0)), WORDS),  # its edge moves out
    face(Rect(0, 0, 59, 90, GROUND), WORDS),  # not covering the face: not run out
    face(Rect(1, 0, 60, 90, GROUND), WORDS),
    face(WORDS, Rect(0, 0, 60, 90, GROUND)),  # not the ground
    face(Rect(0, 0, 60, 90, GROUND), WORDS, transform=scale(0.5)),
    face(Group((Rect(0, 0, 60, 90, GROUND), WORDS)),
         clip=Path((("M", 30, 0), ("L", 60, 90), ("L", 0, 90), ("Z",)), Style())),  # cut to its shape
    face(),
])
def test_what_does_not_show_the_same_once_run_out(plain: Definition) -> None:
    assert not same_within(with_bleed(plain, 3.0), plain) and not runs_out_alike(plain)


def test_only_a_face_given_a_bleed_is_the_same() -> None:
    plain = face(Rect(0, 0, 60, 90, GROUND), WORDS)
    assert not same_within(plain, plain)
    assert not same_within(Definition("a", 60.0, 90.0, plain.content, 3.0, ("with_bleed", plain)), plain)
    assert not same_within(Definition("b", 60.0, 90.0, plain.content, 3.0, ("with_bleed", plain, 3.0)), plain)


def test_whether_it_runs_out_alike_as_the_caller_knows_it() -> None:
    plain = face(Rect(0, 0, 60, 90, GROUND), WORDS)
    assert runs_out_alike(plain) and same_within(with_bleed(plain, 3.0), plain, alike=True)
    assert not same_within(with_bleed(plain, 3.0), plain, alike=False)  # (taken as told)
    assert not same_within(plain, plain, alike=True)  # (but only of that very face given a bleed)
