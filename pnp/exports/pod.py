"""Print on demand: The Game Crafter's card uploads, at 300 dpi with 1/8 in of bleed all round
(a poker card 825 x 1125 px, tarot 900 x 1500, mini 600 x 825, bridge 750 x 1125, square
825 x 825), for every set of cards or sheets of one of those sizes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..components import types
from ..scene import Definition, Page, Use, translate
from ..model.sizes import print_on_demand_size
from ..units import mm
from . import export_name

if TYPE_CHECKING:
    from ..kit.pieces import Kit
    from . import KitFiles

BLEED = mm(3.175)  # 1/8 in
DPI = 300


def _with_bleed(d: Definition) -> Page:
    bleed = d.bleed
    return Page(d.width + 2 * bleed, d.height + 2 * bleed, (Use(d.id, translate(bleed, bleed)),), (d,))


def build(kit: "Kit", outputs: "KitFiles") -> None:
    pages, paths = [], []
    for pieces in kit:
        component = pieces.component
        if not types()[pieces.type].print_on_demand or print_on_demand_size(component.width, component.height) is None:
            continue
        faces, backs = pieces.bled(BLEED)
        folder = f"pod/{component.print_name}"
        for piece, face in zip(pieces.pieces, faces):
            pages.append(_with_bleed(face))
            paths.append(f"{folder}/{export_name(pieces, piece)}.png")
        done = set()
        for piece, back in zip(pieces.pieces, backs):
            if back is not None and piece.back_name and piece.back_name not in done:
                done.add(piece.back_name)
                pages.append(_with_bleed(back))
                paths.append(f"{folder}/{piece.back_name}.png")
    if pages:
        outputs.then(outputs.rasterize_later(pages, DPI, paths, "pod", "print on demand: cards"))
