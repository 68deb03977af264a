"""pnp.model.sizes: the built-in sizes, the sizes The Game Crafter prints, hex tiles' boxes and
reading a set's `size` and `shape`."""

from __future__ import annotations

import math

import pytest

from pnp.model.sizes import SIZES, Size, hex_size, read_size

MM = 72 / 25.4


def test_built_in_sizes() -> None:
    assert {name: (s.width, s.height, s.shape) for name, s in SIZES.items()} == {
        "poker": (63.5, 88.9, "rect"), "bridge": (57.15, 88.9, "rect"), "mini": (44.45, 63.5, "rect"),
        "tarot": (69.85, 120.65, "rect"), "half": (63.5, 44.45, "rect"), "square": (63.5, 63.5, "rect"),
        "chip": (39.0, 39.0, "round"), "a4": (210.0, 297.0, "rect"), "a3": (297.0, 420.0, "rect"),
        "letter": (215.9, 279.4, "rect")}
    assert all(s.name == name for name, s in SIZES.items())
    assert SIZES["poker"].doc == "A poker card, 2.5 x 3.5 in."
    assert Size("x", 1.0, 2.0, "rect", "d") == Size("x", 1.0, 2.0, "rect", "d")


def test_hex_size() -> None:
    assert hex_size(60.0, "flat") == pytest.approx((120 / math.sqrt(3), 60.0), abs=1e-12)
    assert hex_size(60.0, "pointy") == pytest.approx((60.0, 120 / math.sqrt(3)), abs=1e-12)
    assert hex_size(60.0, "anything else") == pytest.approx((60.0, 69.28203230275508), abs=1e-12)


def test_a_built_in_name() -> None:
    assert read_size("poker", None) == pytest.approx((180.0, 252.0, "rect"))
    assert read_size(" chip ", None) == pytest.approx((39 * MM, 39 * MM, "round"))
    assert read_size("chip", "rect") == pytest.approx((39 * MM, 39 * MM, "rect"))
    assert read_size("half", None) == pytest.approx((180.0, 126.0, "rect"))
    # a hex tile of a named size: across its flats the shorter side, flat-topped unless told
    assert read_size("poker", "hex") == pytest.approx((360 / math.sqrt(3), 180.0, "hex"))
    assert read_size("poker", "hex", "pointy") == pytest.approx((180.0, 360 / math.sqrt(3), "hex"))
    assert read_size("half", "hex", "flat") == pytest.approx((252 / math.sqrt(3), 126.0, "hex"))


def test_a_single_length() -> None:
    assert read_size("40mm", None) == pytest.approx((40 * MM, 40 * MM, "round"))
    assert read_size(25, "rect") == pytest.approx((25 * MM, 25 * MM, "rect"))
    assert read_size("1in", "round") == pytest.approx((72.0, 72.0, "round"))
    assert read_size(30, "hex") == pytest.approx((60 * MM / math.sqrt(3), 30 * MM, "hex"))
    assert read_size("30mm", "hex", "pointy") == pytest.approx((30 * MM, 60 * MM / math.sqrt(3), "hex"))
    assert read_size(2000, None) == pytest.approx((2000 * MM, 2000 * MM, "round"))  # 2 m: the largest
    assert read_size("0.5pt", None) == (0.5, 0.5, "round")  # the least: anything more than 0


def test_a_mapping() -> None:
    assert read_size({"width": 10, "height": "1in"}, None) == pytest.approx((10 * MM, 72.0, "rect"))
    assert read_size({"height": "2in", "width": "50mm"}, "round") == pytest.approx((50 * MM, 144.0, "round"))
    assert read_size({"width": "0.5pt", "height": "0.75pt"}, None) == (0.5, 0.75, "rect")


@pytest.mark.parametrize(("value", "shape", "message"), [
    ("pokr", None, "unknown size 'pokr' (did you mean 'poker'?)"),
    ("Tarot", None, "unknown size 'Tarot' (did you mean 'tarot'?)"),
    ("xyz", None, "unknown size 'xyz' (built-in sizes: poker, bridge, mini, tarot, half, square, chip, a4, a3, letter)"),
    ("", None, "unknown size '' (built-in sizes: poker, bridge, mini, tarot, half, square, chip, a4, a3, letter)"),
    ("3x", None, "'3x' is not a length; write it like 3mm, 0.125in or 9pt"),
    ({"width": 1}, None, "a size mapping needs exactly width and height"),
    ({"height": 1}, None, "a size mapping needs exactly width and height"),
    ({"width": 1, "height": 2, "depth": 3}, None, "a size mapping needs exactly width and height"),
    ({}, None, "a size mapping needs exactly width and height"),
    ({"width": 1, "height": 2}, "hex", "a hex tile's size is one length, across its flats"),
    (0, None, "a size must be more than 0"),
    (-5, None, "a size must be more than 0"),
    ("0mm", "hex", "a size must be more than 0"),
    ({"width": 10, "height": 0}, None, "a size must be more than 0"),
    ({"width": 0, "height": 10}, None, "a size must be more than 0"),
    ({"width": "-1mm", "height": 10}, None, "a size must be more than 0"),
    (2000.01, None, "a size of more than 2 m is not a component pnp can print"),
    ({"width": 10, "height": "2001mm"}, None, "a size of more than 2 m is not a component pnp can print"),
    ({"width": "2001mm", "height": 10}, None, "a size of more than 2 m is not a component pnp can print"),
    (1733, "hex", "a size of more than 2 m is not a component pnp can print"),  # 2001 mm corner to corner
])
def test_what_is_not_a_size(value, shape, message: str) -> None:
    with pytest.raises(ValueError) as raised:
        read_size(value, shape)
    assert str(raised.value) == message


def test_a_size_that_is_not_finite() -> None:
    with pytest.raises(ValueError) as raised:
        read_size(math.inf, None)
    assert str(raised.value) == "inf is not a length pnp can use"
    # each side a finite length, their sum not: refused as no size, before its 2 m
    with pytest.raises(ValueError) as raised:
        read_size("9" * 308 + "pt", None)
    assert str(raised.value) == "a size must be more than 0"
