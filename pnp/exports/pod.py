"""Print on demand: every piece that is one of The Game Crafter's products (pnp.exports.products:
its cards, tiles and chits) at that product's pixel size, 300 dpi with 1/8 in of bleed all
round, turned a quarter turn where the product stands the other way (a 63.5 x 44.45 mm banknote
is a mini card turned sideways), and an order (pod/order.csv and pod/order.json) naming for each
piece its product, its front and back files and how many copies to order."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING

from ..components import types
from ..scene import Definition, Page, Use, chain, rotate, translate
from . import csv_of, export_name, object_name
from .products import BLEED, DPI, product_of

if TYPE_CHECKING:
    from ..kit.pieces import Kit
    from . import KitFiles

ROOT = "pod"
FIELDS = ["product", "identity", "set", "name", "front", "back", "copies", "width_px", "height_px", "turned"]


@dataclass(frozen=True)
class OrderLine:
    """A line of the order: one piece, the product it is, its files and its copies."""

    product: str
    identity: str  # The Game Crafter's name for the product
    set: str
    name: str
    front: str
    back: str  # "" for a piece printed on one side
    copies: int
    width_px: int
    height_px: int
    turned: bool  # turned a quarter turn (clockwise) to stand as the product does


def _with_bleed(d: Definition, turned: bool = False, room: tuple[float, float] = (0.0, 0.0)) -> Page:
    """A face with its bleed on a page of its own; turned, its top to the right. `room` widens
    and heightens the page (as the product stands), the face in its middle: a hex tile's
    template is taller than its hexagon."""
    bleed = d.bleed
    wider, taller = room
    if not turned:
        return Page(d.width + 2 * bleed + wider, d.height + 2 * bleed + taller,
                    (Use(d.id, translate(bleed + wider / 2, bleed + taller / 2)),), (d,))
    across = d.height + 2 * bleed
    return Page(across + wider, d.width + 2 * bleed + taller,
                (Use(d.id, chain(translate(bleed, bleed), rotate(90), translate(across + wider / 2, taller / 2))),), (d,))


def build(kit: "Kit", outputs: "KitFiles") -> list[OrderLine]:
    """The pieces' images (by the workers, once the build's own work is done) and the order."""
    pages, paths, lines = [], [], []
    sharing = Counter(pieces.component.print_name for pieces in kit)  # sets printed into each folder
    for pieces in kit:
        component = pieces.component
        kind = types()[pieces.type]
        if not kind.print_on_demand or kind.whole is not None or not pieces.pieces:
            continue
        found = product_of(pieces.type, component.shape, component.width, component.height)
        if found is None:
            continue
        product, turned = found
        faces, backs = pieces.bled(BLEED)
        folder = f"{ROOT}/{component.print_name}"
        prefix = f"{component.name}-" if sharing[component.print_name] > 1 else ""  # (as png/ names them)
        done: dict[str, str] = {}
        for piece, face, back in zip(pieces.pieces, faces, backs):
            front = f"{folder}/{export_name(pieces, piece)}.png"
            pages.append(_with_bleed(face, turned, product.room))
            paths.append(front)
            back_file = ""
            if back is not None and piece.back_name:
                if piece.back_name not in done:
                    done[piece.back_name] = f"{folder}/{prefix}{piece.back_name}.png"
                    pages.append(_with_bleed(back, turned, product.room))
                    paths.append(done[piece.back_name])
                back_file = done[piece.back_name]
            lines.append(OrderLine(product.name, product.identity, component.name,
                                   object_name(pieces, piece, kit.language, kit.game.language), front, back_file,
                                   piece.copies, *product.pixels, turned))
    if pages:
        outputs.then(outputs.rasterize_later(pages, DPI, paths, "pod", "print on demand"))
    if lines:
        outputs.stage("print on demand: the order", 2)  # (its two files, a stage of their own)
        write_order(outputs, lines)
    return lines


def write_order(outputs: "KitFiles", lines: list[OrderLine]) -> None:
    """pod/order.csv and pod/order.json: a line a piece, and in the JSON each product's totals."""
    outputs.write(f"{ROOT}/order.csv", csv_of(FIELDS, lines))
    products: dict[str, dict] = {}
    backs: set[str] = set()
    for line in lines:
        total = products.setdefault(f"{line.product} {line.turned}", {"product": line.product, "identity": line.identity,
                                                   "width_px": line.width_px, "height_px": line.height_px,
                                                   "turned": line.turned, "images": 0, "copies": 0})
        total["images"] += 1 + (bool(line.back) and line.back not in backs)
        backs.add(line.back)
        total["copies"] += line.copies
    doc = {"printer": "The Game Crafter", "dpi": DPI, "bleed_in": 0.125,
           "products": list(products.values()), "lines": [asdict(line) for line in lines]}
    outputs.write(f"{ROOT}/order.json", (json.dumps(doc, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))


def summary(order: dict) -> list[str]:
    """What an order holds, a line a product, as the gallery says it: read from the order
    written (its images' sizes as they are)."""
    said = []
    for product in order.get("products", []):
        turned = ", turned sideways" if product.get("turned") else ""
        images = f"{product['images']} image{'s' if product['images'] != 1 else ''}"
        said.append(f"{images} of {product['width_px']} × {product['height_px']} px for The Game "
                    f"Crafter's {product['product']}s{turned} ({product['copies']} to order)")
    return said
