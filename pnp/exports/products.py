"""The print-on-demand products pieces are exported for: The Game Crafter's cards, tiles and
punch-out chits, each at its own pixel size (300 dpi, 1/8 in of bleed all round), and which
product a piece is, as it is or turned a quarter turn (a 63.5 x 44.45 mm banknote is a
mini card turned sideways). Data alone: the export (pnp.exports.pod) and the print-on-demand
check (pnp.checks.pod) read it.

The cards' sizes are The Game Crafter's published card sizes; the tiles' and chits' are the
pixel sizes of its upload templates, their trim the template less the bleed. A hex tile is a
regular hexagon as wide, corner to corner, as its template less the bleed (2, 2.5 and 3.75 in),
so 43.99, 54.99 and 82.48 mm across the flats; its template's height is those flats rounded up
to the quarter inch (1.75, 2.25 and 3.25 in, each template alike), room the bleed fills. A hex
piece is matched by its hexagon, not by that rectangle, which no regular hexagon fills."""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..units import mm

DPI = 300
BLEED = mm(3.175)  # 1/8 in all round
SAFE = mm(3.175)  # what matters stays 1/8 in inside the trim
TOLERANCE = mm(0.05)  # a piece within this of a product's trim is that product
INCH = 72.0  # points


@dataclass(frozen=True)
class Product:
    """A product: its name, The Game Crafter's identity for it, the component types and shape
    it takes, and its trim as the product stands (in inches, width x height)."""

    name: str
    identity: str
    types: tuple[str, ...]
    shape: str  # rect (a card, sheet or rectangular tile), square, round or hex (flat-topped)
    width_in: float  # (the template's size less the bleed)
    height_in: float

    @property
    def width(self) -> float:  # points
        return self.width_in * INCH

    @property
    def height(self) -> float:
        return self.height_in * INCH

    @property
    def cut(self) -> tuple[float, float]:
        """The size of what is cut, in points: the trim, or a hex tile's regular hexagon (as wide,
        its flats that width times the square root of 3 over 2, within its trim's height)."""
        if self.shape == "hex":
            return (self.width, self.width * math.sqrt(3) / 2)
        return (self.width, self.height)

    @property
    def room(self) -> tuple[float, float]:
        """How much wider and taller the trim is than what is cut, in points (a hex tile's)."""
        cut_w, cut_h = self.cut
        return (self.width - cut_w, self.height - cut_h)

    @property
    def pixels(self) -> tuple[int, int]:
        """The upload's size in pixels, with its bleed."""
        return (round((self.width_in + 0.25) * DPI), round((self.height_in + 0.25) * DPI))


CARDS = ("card", "sheet")
PRODUCTS: tuple[Product, ...] = (
    Product("poker card", "PokerDeck", CARDS, "rect", 2.5, 3.5),
    Product("bridge card", "BridgeDeck", CARDS, "rect", 2.25, 3.5),
    Product("mini card", "MiniDeck", CARDS, "rect", 1.75, 2.5),
    Product("tarot card", "TarotDeck", CARDS, "rect", 2.75, 4.75),
    Product("square card", "SquareDeck", CARDS, "rect", 2.5, 2.5),
    Product("jumbo card", "JumboDeck", CARDS, "rect", 3.5, 5.5),
    Product("medium square tile", "MediumSquareTile", ("tile",), "square", 2.5, 2.5),
    Product("large square tile", "LargeSquareTile", ("tile",), "square", 3.5, 3.5),
    Product("small hex tile", "SmallHexTile", ("tile",), "hex", 2.0, 1.75),
    Product("medium hex tile", "MediumHexTile", ("tile",), "hex", 2.5, 2.25),
    Product("large hex tile", "LargeHexTile", ("tile",), "hex", 3.75, 3.25),
    Product("small circle chit", "SmallCircleChit", ("token",), "round", 0.5, 0.5),
    Product("medium circle chit", "MediumCircleChit", ("token",), "round", 0.75, 0.75),
    Product("large circle chit", "LargeCircleChit", ("token",), "round", 1.0, 1.0),
    Product("small square chit", "SmallSquareChit", ("token", "tile"), "square", 0.5, 0.5),
    Product("medium square chit", "MediumSquareChit", ("token", "tile"), "square", 0.75, 0.75),
    Product("large square chit", "LargeSquareChit", ("token", "tile"), "square", 1.0, 1.0),
)


def _shape(shape: str, width: float, height: float) -> str:
    """A piece's shape as products are told apart: a rectangle of equal sides is square for
    tiles and chits (a square card is a card all the same)."""
    return "square" if shape == "rect" and abs(width - height) < TOLERANCE else shape


def product_of(type: str, shape: str, width: float, height: float) -> tuple[Product, bool] | None:
    """The product a piece of component type `type`, `shape` and `width` x `height` points is,
    and whether it is turned a quarter turn to be it; None when no product is its size."""
    shape = _shape(shape, width, height)
    for product in PRODUCTS:
        if type not in product.types:
            continue
        if product.shape == "rect" and shape not in ("rect", "square"):
            continue
        if product.shape != "rect" and product.shape != shape:
            continue
        cut_w, cut_h = product.cut
        for turned, (w, h) in ((False, (width, height)), (True, (height, width))):
            if abs(w - cut_w) < TOLERANCE and abs(h - cut_h) < TOLERANCE:
                return product, turned
    return None
