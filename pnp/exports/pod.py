"""Print on demand: The Game Crafter's poker-card uploads, 825 x 1125 px at 300 dpi with
1/8 in of bleed all round, for every set of poker-size cards or sheets."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..scene import Definition, Page, Use, translate
from ..sizes import SIZES
from ..units import mm
from . import export_name

if TYPE_CHECKING:
    from ..kit import Kit
    from ..outputs import Outputs

BLEED = mm(3.175)  # 1/8 in
DPI = 300


def _with_bleed(d: Definition) -> Page:
    bleed = d.bleed
    return Page(d.width + 2 * bleed, d.height + 2 * bleed, (Use(d.id, translate(bleed, bleed)),), (d,))


def poker(width: float, height: float) -> bool:
    return abs(width - mm(SIZES["poker"].width)) < 0.01 and abs(height - mm(SIZES["poker"].height)) < 0.01


def build(kit: "Kit", outputs: "Outputs") -> None:
    pages, paths = [], []
    for pieces in kit:
        component = pieces.component
        if pieces.type not in ("card", "sheet") or not poker(component.width, component.height):
            continue
        faces, backs = pieces.bled(BLEED)
        folder = outputs.out / "pod" / component.print_name
        for piece, face in zip(pieces.pieces, faces):
            pages.append(_with_bleed(face))
            paths.append(folder / f"{export_name(pieces, piece)}.png")
        done = set()
        for piece, back in zip(pieces.pieces, backs):
            if back is not None and piece.back_name and piece.back_name not in done:
                done.add(piece.back_name)
                pages.append(_with_bleed(back))
                paths.append(folder / f"{piece.back_name}.png")
    if pages:
        outputs.workers.then(outputs.rasterize_later(pages, DPI, paths, "pod", "print on demand: poker cards"))
