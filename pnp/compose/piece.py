"""A piece's picture: an item drawn into its layout (box by box, by each box's kind: pnp.boxes),
cut to its shape (a round token, a hex tile) and given its bleed."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, Mapping

from .. import expr
from ..boxes import draw_box
from ..layout.worked import ValueFailed
from ..scene import IDENTITY, Group, Node, Path, Rect, Style, ellipse_path

if TYPE_CHECKING:
    from ..boxes.context import Context
    from ..layout.reader import Layout


def compose(layout: "Layout", ctx: Context, env: Mapping[str, Any], id: str, bleed: float = 0.0):
    """An item drawn into its layout: a scene definition of the component's size. A
    background, when the layout has one, is the first node and runs `bleed` past the trim."""
    from ..scene import Definition

    try:  # (the layout's colours and values, worked out once for the piece)
        env = layout.env(env, ctx.language)
    except ValueFailed as exc:
        raise ComposeError(exc.value.file, exc.value.at, exc.value.name, exc.message, id, "value") from None
    nodes: list[Node] = []
    if layout.background is not None:
        try:
            fill = ctx.colour(layout.background, env)
        except expr.ExpressionError as exc:
            raise ComposeError(layout.file, ("background",), layout.file, f"background: {exc.message}", id,
                               "layout") from None
        if fill is not None:
            nodes.append(Rect(-bleed, -bleed, layout.width + 2 * bleed, layout.height + 2 * bleed, Style(fill=fill))
                         if bleed else Rect(0, 0, layout.width, layout.height, Style(fill=fill)))
    for box in layout.boxes:
        try:
            nodes += draw_box(box, ctx, env)
        except expr.ExpressionError as exc:  # a template that fails only for some item or language
            raise ComposeError(layout.origins.get(box.name, layout.file), box.at, box.name, exc.message, id) from None
        except MemoryError:
            raise
        except Exception as exc:  # (pnp's own fault, said as where it happened rather than as a traceback)
            if os.environ.get("PNP_DEBUG"):
                raise
            raise ComposeError(layout.origins.get(box.name, layout.file), box.at, box.name,
                               f"pnp cannot draw it ({type(exc).__name__}: {exc})", id) from None
    return Definition(id, layout.width, layout.height, Group(tuple(nodes)), bleed)


class ComposeError(Exception):
    """A layout's box (or value) could not be drawn (worked out) for a piece: a template that
    fails for its data. `kind` is what `box` names: a box, or a value of the layout."""

    def __init__(self, file: str, at: tuple, box: str, message: str, piece: str, kind: str = "box"):
        super().__init__(f"{file}: {kind} '{box}': {message}, drawing {piece}")
        self.file, self.at, self.box, self.message, self.piece, self.kind = file, at, box, message, piece, kind


def shape_cut(definition, shape: str):
    """A round token's or a hex tile's definition cut to its circle or hexagon: what lies
    outside is not drawn, so its picture alone has the piece's shape (other shapes are
    returned as they are)."""
    from ..model.hexes import orientation_of, outline
    from ..scene import Definition

    w, h = definition.width, definition.height
    if shape == "hex":
        clip = Path(outline(w / 2, h / 2, min(w, h), orientation_of(w, h)), Style())
    elif shape == "round":
        clip = Path(ellipse_path(w / 2, h / 2, w / 2, h / 2), Style())
    else:
        return definition
    return Definition(definition.id, w, h, Group((definition.content,), clip=clip), definition.bleed)


def _grown(clip: Path, width: float, height: float, grow: float) -> Path:
    """A circle or regular hexagon centred on the piece, grown by `grow` all round (scaled
    about its centre: every edge moves out by the same distance)."""
    cx, cy = width / 2, height / 2
    k = (min(width, height) + 2 * grow) / min(width, height)
    commands = []
    for command in clip.commands:
        op, *values = command
        points = [cx + (v - cx) * k if i % 2 == 0 else cy + (v - cy) * k for i, v in enumerate(values)]
        commands.append((op, *points))
    return Path(tuple(commands), clip.style)


def with_bleed(definition, bleed: float):
    """A definition composed without bleed, given one: only its background (the first node,
    a rectangle covering it) depends on the bleed, so the rest is taken as it is. A round
    token's or hex tile's cut (shape_cut) grows by the bleed too."""
    from ..scene import Deferred, deferred

    w, h = definition.width, definition.height
    if isinstance(definition, Deferred):  # drawn when the bled one is read
        return deferred(definition.id, w, h, bleed, ("with_bleed", definition, bleed),
                        lambda: _bled(definition, bleed).content)
    return _bled(definition, bleed)


def same_within(bled, face, alike: bool | None = None) -> bool:
    """Whether `bled` is `face` given a bleed (with_bleed) that shows the same within the
    face's bounds: its background runs out alike (`runs_out_alike`, or `alike` when the caller
    knows it, without reading the face's content again)."""
    made = bled.made_from
    if not (len(made) == 3 and made[0] == "with_bleed" and made[1] is face and bled.id == face.id):
        return False
    return runs_out_alike(face) if alike is None else alike


def runs_out_alike(face) -> bool:
    """Whether a face given a bleed shows the same within its bounds: its background a plain
    rectangle (no rounded corner, no edge) covering it, run out past it, the rest as it was,
    nothing cut to a shape."""
    content = face.content
    if content.clip is not None or content.transform != IDENTITY or not content.children:
        return False
    ground = content.children[0]
    return (type(ground) is Rect and ground.radius == 0
            and (ground.style.stroke is None or ground.style.stroke_width <= 0) and ground.x <= 0
            and ground.y <= 0 and ground.x + ground.width >= face.width
            and ground.y + ground.height >= face.height)


def _bled(definition, bleed: float):
    """with_bleed, drawing the definition now."""
    from ..scene import Definition

    w, h = definition.width, definition.height
    content = definition.content
    if isinstance(content.clip, Path) and len(content.children) == 1:  # cut to its shape
        inner = Definition(definition.id, w, h, content.children[0])
        bled = _bled(inner, bleed)
        return Definition(definition.id, w, h, Group((bled.content,), clip=_grown(content.clip, w, h, bleed)), bleed,
                          ("with_bleed", definition, bleed))
    children = definition.content.children
    if children and isinstance(children[0], Rect) and children[0].x <= 0 and children[0].y <= 0 \
            and children[0].width >= w and children[0].height >= h:
        background, *rest = children
        background = Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, background.style)
        content = Group((background, *rest), definition.content.transform, definition.content.clip)
    else:
        content = definition.content
    return Definition(definition.id, w, h, content, bleed, ("with_bleed", definition, bleed))
