"""pnp.exports.products: The Game Crafter's products, each at its pixel size (300 dpi, 1/8 in
of bleed all round), and the product a piece is, as it is or turned a quarter turn."""

from __future__ import annotations

from pnp.exports.products import BLEED, DPI, PRODUCTS, SAFE, TOLERANCE, product_of
from pnp.units import mm

POKER, MONEY = (mm(63.5), mm(88.9)), (mm(63.5), mm(44.45))


def test_the_bleed_resolution_and_products() -> None:
    assert (BLEED, SAFE, DPI, TOLERANCE) == (mm(3.175), mm(3.175), 300, mm(0.05))
    assert {p.name: p.pixels for p in PRODUCTS} == {
        "poker card": (825, 1125), "bridge card": (750, 1125), "mini card": (600, 825), "tarot card": (900, 1500),
        "square card": (825, 825), "jumbo card": (1125, 1725), "medium square tile": (825, 825),
        "large square tile": (1125, 1125), "small hex tile": (675, 600), "medium hex tile": (825, 750),
        "large hex tile": (1200, 1050), "small circle chit": (225, 225), "medium circle chit": (300, 300),
        "large circle chit": (375, 375), "small square chit": (225, 225), "medium square chit": (300, 300),
        "large square chit": (375, 375)}
    assert [p.identity for p in PRODUCTS[:4]] == ["PokerDeck", "BridgeDeck", "MiniDeck", "TarotDeck"]


def test_the_product_a_piece_is() -> None:
    """By its component type, shape and size, as it is or turned: The Anarchy's money is a mini
    card turned sideways; Anarchipel's 40 mm hex tiles and 24 mm coins are no product."""
    named = lambda found: (found[0].name, found[1]) if found else None  # noqa: E731
    assert named(product_of("card", "rect", *POKER)) == ("poker card", False)
    assert named(product_of("sheet", "rect", *POKER)) == ("poker card", False)
    assert named(product_of("card", "rect", *MONEY)) == ("mini card", True)
    assert named(product_of("card", "rect", mm(69.85), mm(120.65))) == ("tarot card", False)
    assert named(product_of("card", "rect", mm(63.5), mm(63.5))) == ("square card", False)
    assert named(product_of("card", "rect", mm(63.5) + mm(0.049), mm(88.9) - mm(0.049))) == ("poker card", False)
    assert product_of("card", "rect", mm(63.5) + mm(0.051), mm(88.9)) is None
    assert product_of("card", "rect", mm(63.5), mm(89)) is None
    assert product_of("token", "rect", *POKER) is None and product_of("board", "rect", *POKER) is None
    assert product_of("tile", "hex", mm(46.19), mm(40)) is None and product_of("token", "round", mm(24), mm(24)) is None
    assert named(product_of("tile", "hex", 3.75 * 72, 3.25 * 72)) == ("large hex tile", False)  # flat-topped
    assert named(product_of("tile", "hex", 3.25 * 72, 3.75 * 72)) == ("large hex tile", True)  # pointy
    assert named(product_of("token", "round", 72, 72)) == ("large circle chit", False)
    assert named(product_of("token", "square", 54, 54)) == ("medium square chit", False)
    assert named(product_of("tile", "square", 180, 180)) == ("medium square tile", False)
    assert named(product_of("tile", "rect", 36, 36)) == ("small square chit", False)  # (a rect of equal sides)
    assert product_of("token", "round", 54, 72) is None and product_of("card", "round", *POKER) is None
