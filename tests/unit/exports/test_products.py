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
    card turned sideways; a hex tile 44, 55 or 82.5 mm across the flats is a hex tile, flat-topped
    or turned; Anarchipel's 40 mm hex tiles (41 or 39 mm no more) and 24 mm coins are no product."""
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
    for across, name in ((44, "small hex tile"), (55, "medium hex tile"), (82.5, "large hex tile")):
        corners = mm(across) * 2 / 3 ** 0.5  # (a regular hexagon: how pnp draws a hex tile `across` mm)
        assert named(product_of("tile", "hex", corners, mm(across))) == (name, False)  # flat-topped
        assert named(product_of("tile", "hex", mm(across), corners)) == (name, True)  # pointy
        assert product_of("tile", "hex", corners + mm(0.06), mm(across)) is None
    assert product_of("tile", "hex", mm(47.16), mm(41)) is None and product_of("tile", "hex", mm(45.03), mm(39)) is None
    assert named(product_of("token", "round", 72, 72)) == ("large circle chit", False)
    assert named(product_of("token", "square", 54, 54)) == ("medium square chit", False)
    assert named(product_of("tile", "square", 180, 180)) == ("medium square tile", False)
    assert named(product_of("tile", "rect", 36, 36)) == ("small square chit", False)  # (a rect of equal sides)
    assert product_of("token", "round", 54, 72) is None and product_of("card", "round", *POKER) is None


def test_a_hex_tile_is_the_regular_hexagon_its_template_holds() -> None:
    """Each hex tile's template, less the bleed, is as wide as a regular hexagon corner to
    corner and its flats rounded up to the quarter inch tall (the rectangle no hexagon fills,
    which no hex tile could match): what is cut is the hexagon, the rest room for the bleed."""
    for product in PRODUCTS:
        width, height = product.cut
        if product.shape != "hex":
            assert (width, height) == (product.width, product.height) and product.room == (0.0, 0.0)
            continue
        assert width == product.width and abs(height - product.width * 3 ** 0.5 / 2) < 1e-9
        assert product.height_in == -(-height / 72 // 0.25) * 0.25  # (the flats, rounded up to the quarter inch)
        assert product.room == (0.0, product.height - height) and 0 < product.room[1] < mm(2.5)
    assert {p.name: round(p.cut[1] / mm(1), 2) for p in PRODUCTS if p.shape == "hex"} == {
        "small hex tile": 43.99, "medium hex tile": 54.99, "large hex tile": 82.49}
