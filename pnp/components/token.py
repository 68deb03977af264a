"""Tokens: round (or square) pieces packed on the sheet with room to cut each out, backs
mirrored behind them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from .kind import ComponentType, Sheets
from .card import BLEED

if TYPE_CHECKING:
    from ..layout.fonts import FontMetrics
    from ..impose import Paper
    from ..kit.readme import PrintFile
    from ..words import Run


def impose_tokens(sets: Sequence, paper: Paper, bleed: float, label: str, font: "FontMetrics | None") -> Sheets:
    """Each item's tokens (of every set printed on these sheets: a player's large token and
    the small ones drawn from the same item) in a block of their own, their colours running
    past the cut lines, each token cut on its own set's shape (round ones along a circle,
    square ones along a square, whatever else shares the sheets)."""
    from ..impose import TOKEN_GAP, pack_tokens, token_back_sheets, token_sheets

    bleed = min(bleed, TOKEN_GAP / 2)  # never into the next token's
    tokens, backs, round_ = [], {}, set()
    for s in sets:
        faces, bled_backs = s.bled(bleed)
        for piece, face, back in zip(s.pieces, faces, bled_backs):
            tokens += [(piece.item.id, face)] * piece.copies
            backs[face.id] = back if back is not None else face
            if s.component.shape == "round":
                round_.add(face.id)
    placed = pack_tokens(tokens, paper)
    return Sheets(token_sheets(placed, paper, frozenset(round_), label, font),
                  token_back_sheets(placed, backs, paper, frozenset(round_), label, font))


WORDS = {  # how to cut its pieces, by language
    "en": {
        "cut-round": "Cut the round pieces of {files} along their circles ({sizes} across); a circle punch of "
                     "the right size is quicker.",
        "cut-square": "Cut the square pieces of {files} along their outlines.",
    },
    "fr": {
        "cut-round": "Découpez les pièces rondes de {files} le long de leurs cercles ({sizes} de diamètre)\u00a0; "
                     "un emporte-pièce rond de la bonne taille va plus vite.",
        "cut-square": "Découpez les pièces carrées de {files} le long de leur contour.",
    },
    "de": {
        "cut-round": "Schneide die runden Teile aus {files} entlang ihrer Kreise aus ({sizes} Durchmesser); ein "
                     "Kreisstanzer passender Größe geht es schneller.",
        "cut-square": "Schneide die quadratischen Teile aus {files} entlang ihrer Umrisse aus.",
    },
}


def assembly(files: Sequence["PrintFile"], language: str) -> list[tuple["Run", ...]]:
    """Cut the round tokens out along their circles (of these sizes), the square ones along
    their outlines."""
    from ..words import length, listed, plain

    steps = []
    for shape in ("round", "square"):
        tokens = [f for f in files if f.shape == shape]
        if tokens:
            sizes = sorted({s for f in tokens for s in f.sizes}, reverse=True)
            steps.append(TYPE.say(language, f"cut-{shape}", files=listed([f.ref for f in tokens], language),
                                  sizes=plain(listed([length(s, language) for s in sizes], language))))
    return steps


TYPE = ComponentType(
    name="token",
    doc="Tokens: round or square pieces packed on the sheet, each with its cut line; custom tiles in "
        "Tabletop Simulator.",
    example="markers: {type: token, size: 15mm, files: players.yaml, items: players, copies: 12, "
            "face: layouts/marker.yaml, back: same}",
    options={},
    tabletopia="Token",
    deck=False,
    impose=impose_tokens,
    size="chip",
    shapes=("round", "square"),
    bleed=BLEED,
    ink_saver="all",
    assembly=assembly,
    words=WORDS,
    gallery="token",
    packed=("round", "square"),
    print_on_demand=True,  # (when of a product's size: pnp.exports.products)
    order=30,
)
