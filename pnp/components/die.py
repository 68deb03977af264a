"""Die stickers: each item is a die, printed as the six stickers of its faces, in a row, edge to
edge with a cut line round every sticker, to stick on blank dice. The face layout draws one
sticker: `side` is its number (1 to 6) and `face` its entry in the item's `faces`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from .kind import ComponentType, Sheets

if TYPE_CHECKING:
    from ..load.fields import Field
    from ..layout.fonts import FontMetrics
    from ..impose import Paper
    from ..problems import Location
    from ..kit.readme import PrintFile
    from ..scene import Definition, Node
    from ..words import Run

SIDES = 6


def fields(at: "Location") -> dict[str, "Field"]:
    """What every die holds: its six faces, in the order of its sides (text by default; a set
    may declare `faces` itself, as a list of six of another type: icons, numbers)."""
    from ..load.fields import Field

    return {"faces": Field("faces", "list", at, of=Field("faces", "text", at), min_items=SIDES, max_items=SIDES,
                           doc="The die's six faces, in the order of its sides.")}


def sides(env: Mapping[str, Any]) -> list[tuple[str, Mapping[str, Any]]]:
    """A die's stickers: the name each adds to the die's, and what its layout reads."""
    return [(f"-{side}", dict(env, side=side, face=face)) for side, face in enumerate(env.get("faces") or (), start=1)]


WORDS = {  # how to put a die together, by language
    "en": {
        "stick": "Cut the stickers of {files} apart along their lines, a die’s six in a row, and stick them on a "
                 "blank die of their size, one to a side.",
    },
    "fr": {
        "stick": "Découpez les autocollants de {files} le long de leurs traits, les six d’un dé sur une rangée, "
                 "et collez-les sur un dé vierge de leur taille, un par face.",
    },
    "de": {
        "stick": "Schneide die Aufkleber aus {files} an ihren Linien auseinander, die sechs eines Würfels in einer "
                 "Reihe, und klebe sie auf einen leeren Würfel ihrer Größe, einen je Seite.",
    },
}


def assembly(files: Sequence["PrintFile"], language: str) -> list[tuple["Run", ...]]:
    from ..words import listed

    return [TYPE.say(language, "stick", files=listed([f.ref for f in files], language))] if files else []


def strip(die: str, faces: Sequence["Definition"]) -> "Definition":
    """A die's stickers side by side, a cut line between each two."""
    from ..scene import Definition, Group, Path, Style, translate

    w, h = faces[0].width, faces[0].height
    nodes: list["Node"] = [Group((face.content,), translate(i * w, 0)) for i, face in enumerate(faces)]
    if len(faces) > 1:
        nodes.append(Path(tuple(c for i in range(1, len(faces)) for c in (("M", i * w, 0.0), ("L", i * w, h))),
                          Style(stroke="#000000", stroke_width=0.35, line_cap="round")))
    return Definition(f"{die}-stickers", w * len(faces), h, Group(tuple(nodes)))


def impose_stickers(sets: Sequence, paper: "Paper", bleed: float, label: str, font: "FontMetrics | None") -> Sheets:
    """Each die's stickers in a strip of their own, the strips in a grid with a cut line on
    every edge; nothing behind them."""
    from ..impose import front_sheets, make_grid

    strips: list["Definition"] = []
    for s in sets:
        dice: dict[int, list] = {}
        for piece in s.pieces:
            dice.setdefault(id(piece.item), []).append(piece)
        for pieces in dice.values():
            made = strip(f"{s.name}-{pieces[0].item.id}", [p.face for p in pieces])
            strips += [made] * pieces[0].copies
    if not strips:
        return Sheets([], [])
    grid = make_grid(paper, max(s.width for s in strips), strips[0].height)
    return Sheets(front_sheets(strips, grid, label, font, True), [])


TYPE = ComponentType(
    name="die",
    doc="Die stickers: each item is a die whose six faces (its `faces`, a list of six) are printed as a row of "
        "square stickers with a cut line round each, to stick on blank dice; the layout draws one sticker, "
        "reading `side` (1 to 6) and `face` (that side's entry). The size is a sticker's side (13 mm fits a "
        "16 mm die).",
    example="dice: {type: die, size: 13mm, files: dice.yaml, items: dice, face: layouts/die.yaml}",
    options={},
    tabletopia="Token",
    deck=False,
    impose=impose_stickers,
    size="13mm",
    shapes=("square",),
    bleed=None,  # a die's stickers touch, so that one cut serves two
    cut_on_marks=("square",),
    touching=True,
    assembly=assembly,
    words=WORDS,
    fields=fields,
    sides=sides,
    names=("side", "face"),
    printed_size=lambda component: (SIDES * component.width, component.height),
    printed_as="strip (its six stickers)",
    ink_saver="none",
    order=55,
)
