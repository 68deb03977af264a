"""What a built kit's files are that both the build which writes them and the exports which
link them name: the contact sheet's pages and the deck they show. Kept here so that the
exports read the kit's files without importing the stage that draws them."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:
    from .pieces import Kit, PieceSet

COLUMNS = 14
# A page of 14 x 14 cells is 2,752 x 3,802 px (with poker cards): about the proportions of
# A4, 10.5 megapixels (31 MB as the picture in memory, a few MB as a PNG), which any image
# viewer opens at once and which prints on one sheet. A build or a patch holds a page or
# two of that size, however large the deck; a deck of up to 196 cards stays on one sheet.
PAGE_ROWS = 14
PER_PAGE = COLUMNS * PAGE_ROWS
CONTACT_SHEET = re.compile(r"png/contact-sheet(-\d+)?\.png")


def deck(kit: "Kit") -> "PieceSet | None":
    """The set whose faces the contact sheet shows: the kit's largest set of cards."""
    from ..components import types

    return max((s for s in kit if types()[s.type].deck), key=lambda s: len(s.pieces), default=None)


def page_files(count: int) -> list[str]:
    """The contact sheet's files for `count` faces, relative to the output folder."""
    if count <= PER_PAGE:
        return ["png/contact-sheet.png"]
    pages = -(-count // PER_PAGE)
    digits = max(2, len(str(pages)))
    return [f"png/contact-sheet-{n:0{digits}d}.png" for n in range(1, pages + 1)]


def pages_in(files: Sequence[str] | set[str]) -> list[str]:
    """The contact sheet's files among `files`, in order."""
    return sorted(f for f in files if CONTACT_SHEET.fullmatch(f))
