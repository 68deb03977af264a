"""pnp.boxes.kind: what a box kind is (its settings, the names it adds, how it draws and what
it prints), kinds registered as their modules declare them, and one box drawn by its kind:
nothing when its `if` does not hold, turned about its centre, mirrored about the component's."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import pnp.boxes.kind as kind_module
from pnp import expr
from pnp.boxes import kinds
from pnp.boxes.kind import REGISTERED, BoxKind, box_kind, draw_box
from pnp.boxes.settings import COLOUR, TEXT
from pnp.layout.reader import Box
from pnp.scene import IDENTITY, Group, Rect, Style, chain, rotate, translate


def test_a_kinds_keys_are_its_settings() -> None:
    def draw(box, ctx, env):
        return []
    made = BoxKind("label", "A label.", "label: {label: x}", {"label": TEXT, "colour": COLOUR}, draw)
    assert made.keys == frozenset({"label", "colour"})
    assert (made.names, made.prints) == (frozenset(), None)


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> dict:
    """The kinds registered, pnp's own and those a test registers (forgotten after it)."""
    kinds()  # (every module of pnp's kinds imported first)
    mine = dict(REGISTERED)
    monkeypatch.setattr(kind_module, "REGISTERED", mine)
    return mine


def test_a_kind_is_registered_with_the_function_that_draws_it(registered: dict) -> None:
    settings = {"label": TEXT}

    def draw(box, ctx, env):
        return [box.name]
    prints = object()
    assert box_kind("label", "A label.", "label: {label: x}", settings, ("entry", "number"), prints)(draw) is draw
    made = registered["label"]
    assert made == BoxKind("label", "A label.", "label: {label: x}", settings, draw, frozenset({"entry", "number"}),
                           prints)
    assert type(made.settings) is dict and made.settings is not settings
    box_kind("plain", "Plain.", "plain: {plain: true}", {})(draw)
    assert (registered["plain"].names, registered["plain"].prints) == (frozenset(), None)
    assert list(registered)[-2:] == ["label", "plain"]


def test_pnps_kinds_in_the_order_a_refusal_lists_them() -> None:
    assert list(kinds()) == ["text", "rect", "circle", "line", "polygon", "border", "icon", "medallion", "image",
                             "badge", "row", "ornament", "table", "track", "list", "group", "place", "hexmap",
                             "locator", "map", "compass", "scale", "legend"]
    assert all(REGISTERED[name] is made and made.name == name for name, made in kinds().items())


# --- drawing a box --------------------------------------------------------------------------------------


DOT = Rect(0, 0, 1, 1, Style(fill="#000000"))
CTX = SimpleNamespace(layout=SimpleNamespace(width=100.0, height=200.0))


def box(**placing) -> Box:
    return Box("b", "dot", 10.0, 20.0, 30.0, 40.0, {}, **placing)


@pytest.fixture
def dot(registered: dict) -> list:
    """A kind, "dot", whose box draws DOT (and a second DOT with `twice`): the calls it is drawn with."""
    calls = []

    def draw(b, ctx, env):
        calls.append((b, ctx, env))
        return [DOT, DOT] if env.get("twice") else [DOT]
    box_kind("dot", "A dot.", "dot: {dot: true}", {})(draw)
    return calls


def test_a_box_is_drawn_by_its_kind(dot: list) -> None:
    env = {"rank": 1}
    assert draw_box(box(), CTX, env) == [DOT]
    assert dot == [(box(), CTX, env)]
    assert draw_box(box(), CTX, {"twice": True}) == [DOT, DOT]


def test_a_box_is_drawn_where_its_if_holds(dot: list) -> None:
    drawn = box(condition=expr.parse("rank > 1", frozenset({"rank"})))
    assert draw_box(drawn, CTX, {"rank": 2}) == [DOT]
    assert draw_box(drawn, CTX, {"rank": 1}) == []
    assert len(dot) == 1


def test_a_box_turned_about_its_centre(dot: list) -> None:
    turned = chain(translate(-25.0, -40.0), rotate(90), translate(25.0, 40.0))
    assert draw_box(box(rotate=90), CTX, {"twice": True}) == [Group((DOT, DOT), turned)]
    assert draw_box(box(rotate=0), CTX, {}) == [DOT]
    x, y = 25.0, 40.0  # the centre stays where it is
    a, b, c, d, e, f = turned
    assert (a * x + c * y + e, b * x + d * y + f) == pytest.approx((25.0, 40.0))


def test_a_box_mirrored_about_the_components_centre(dot: list) -> None:
    half_turn = chain(translate(-50.0, -100.0), rotate(180), translate(50.0, 100.0))
    assert draw_box(box(mirror=True), CTX, {}) == [DOT, Group((DOT,), half_turn)]
    a, b, c, d, e, f = half_turn
    assert (a * 10 + c * 20 + e, b * 10 + d * 20 + f) == pytest.approx((90.0, 180.0))
    turned = Group((DOT,), chain(translate(-25.0, -40.0), rotate(270), translate(25.0, 40.0)))
    assert draw_box(box(rotate=270, mirror=True), CTX, {}) == [turned, Group((turned,), half_turn)]
    assert turned.transform != IDENTITY
