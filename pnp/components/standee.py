"""Standees: a figure that stands up on the table. Each is printed as one strip, from the
top: a base flap, the back turned upside down, the face, and a second base flap. Folded on
the middle line the back comes to stand upright behind the face; the two flaps fold out
and slot into a stand (or are glued to each other to make a foot)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from ..units import mm, parse_length
from .kind import ComponentType, Sheets

if TYPE_CHECKING:
    from ..layout.fonts import FontMetrics
    from ..impose import Paper
    from ..kit.readme import PrintFile
    from ..scene import Definition, Node
    from ..words import Run

DASH, GAP = mm(1.6), mm(1.2)


def base_depth(component) -> float:
    """How deep each base flap is: the set's `base`, or a third of the figure's width,
    at least 12 mm."""
    base = component.declaration.get("base")
    return parse_length(base) if base is not None else max(mm(12), component.width / 3)


def strip_size(component) -> tuple[float, float]:
    """A standee's size as printed, in points: its width, and its figure twice with two flaps."""
    return component.width, 2 * component.height + 2 * base_depth(component)


def fold_line(x0: float, x1: float, y: float, colour: str) -> list[Node]:
    """A dashed line across the strip: fold here."""
    from ..scene import Path, Style

    commands: list[tuple] = []
    x = x0 + GAP / 2
    while x < x1:
        commands += [("M", x, y), ("L", min(x + DASH, x1), y)]
        x += DASH + GAP
    return [Path(tuple(commands), Style(stroke=colour, stroke_width=0.5))]


def _background(definition: Definition) -> str:
    from ..scene import Rect

    first = definition.content.children[0] if definition.content.children else None
    if isinstance(first, Rect) and first.style.fill:
        return first.style.fill
    return "#ffffff"


def strip(face: Definition, back: Definition, base: float) -> Definition:
    """One standee as printed: flap, back (turned), face, flap; fold lines between."""
    from ..scene import Definition, Group, Rect, Style, chain, rotate, translate

    w, h = face.width, face.height
    turned = chain(rotate(180), translate(w, base + h))
    fill = _background(face)
    nodes: list[Node] = [
        Rect(0, 0, w, base, Style(fill=_background(back), stroke="#000000", stroke_width=0.3)),
        Group((back.content,), turned),
        Group((face.content,), translate(0, base + h)),
        Rect(0, base + 2 * h, w, base, Style(fill=fill, stroke="#000000", stroke_width=0.3)),
    ]
    for y in (base, base + h, base + 2 * h):
        nodes += fold_line(0, w, y, "#5a5a5a")
    return Definition(f"{face.id}-standee", w, 2 * h + 2 * base, Group(tuple(nodes)))


def impose_standees(sets: Sequence, paper: Paper, bleed: float, label: str, font: "FontMetrics | None") -> Sheets:
    from ..impose import front_sheets, make_grid

    strips: list[Definition] = []
    for s in sets:
        base = base_depth(s.component)
        for piece in s.pieces:
            made = strip(piece.face, piece.back if piece.back is not None else piece.face, base)
            strips += [made] * piece.copies
    if not strips:
        return Sheets([], [])
    grid = make_grid(paper, strips[0].width, strips[0].height)
    return Sheets(front_sheets(strips, grid, label, font), [])


WORDS = {  # how to fold its strips, by language
    "en": {
        "fold": "Cut out the strips of {files} whole and fold each on its dashed middle line, so that the back "
                "stands behind the face; fold the base flaps outwards (or glue them together into a foot).",
    },
    "fr": {
        "fold": "Découpez les bandes de {files} d’un seul tenant et pliez chacune sur son pointillé du milieu, le "
                "dos dressé derrière la face\u00a0; rabattez les pattes du socle vers l’extérieur (ou collez-les "
                "ensemble en un pied).",
    },
    "de": {
        "fold": "Schneide die Streifen aus {files} im Ganzen aus und falte jeden an der gestrichelten Mittellinie, "
                "sodass die Rückseite hinter der Vorderseite steht; klappe die Fußlaschen nach außen (oder klebe "
                "sie zu einem Fuß zusammen).",
    },
}


def assembly(files: Sequence["PrintFile"], language: str) -> list[tuple["Run", ...]]:
    """Cut each strip out whole, and fold it."""
    from ..words import listed

    return [TYPE.say(language, "fold", files=listed([f.ref for f in files], language))] if files else []


TYPE = ComponentType(
    name="standee",
    doc="Standees: figures printed as one strip (base flap, back upside down, face, base flap) to fold on the "
        "dashed lines so the figure stands; base sets the flaps' depth (default a third of the width).",
    example="pawns: {type: standee, size: {width: 25mm, height: 45mm}, base: 12mm, files: players.yaml, "
            "items: players, face: layouts/pawn.yaml, back: same}",
    options={"base": {"type": ["string", "number"], "description": "For standees: how deep each base flap is (a "
                                                                   "length, default a third of the width)."}},
    tabletopia="Token",
    deck=False,
    impose=impose_standees,
    tts="Figurine_Custom",
    printed_size=strip_size,
    printed_as="strip (its face, back and flaps)",
    assembly=assembly,
    words=WORDS,
    order=50,
)
