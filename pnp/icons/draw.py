"""Drawing an icon: fitted into a square, in the colours of where it is drawn (the colour
rule, see pnp.icons)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..model.colours import mix
from ..scene import Circle, Group, Node, Path, Rect, Style, chain, scale, translate

if TYPE_CHECKING:
    from .folder import Icon

# --- drawing ------------------------------------------------------------------------------------

# recoloured nodes by (id of the icon, ink, light); the icon is kept with them so that its id
# is not reused while it is remembered
_recoloured: dict[tuple[int, str, str], tuple[Icon, tuple[Node, ...]]] = {}


def draw_icon(icon: Icon, x: float, y: float, size: float, ink: str, light: str) -> Group:
    """The icon fitted into the size x size square at (x, y), centred, its aspect kept, in the
    colours of the colour rule (see the module's docstring)."""
    key = (id(icon), ink, light)
    known = _recoloured.get(key)
    if known is None or known[0] is not icon:
        if len(_recoloured) >= 4096:
            _recoloured.clear()
        known = _recoloured[key] = (icon, _recolour(icon.nodes, ink, light, {}))
    vx, vy, vw, vh = icon.view_box
    s = size / max(vw, vh)
    fit = scale(s) if vx == 0 and vy == 0 else chain(translate(-vx, -vy), scale(s))
    if vw > vh:
        y += (size - vh * s) / 2
    elif vh > vw:
        x += (size - vw * s) / 2
    return Group(known[1], chain(fit, translate(x, y)))


def _painted(colour: str | None, ink: str, light: str) -> str | None:
    """What a colour of an icon paints in, drawn in `ink` on `light` (the colour rule)."""
    if colour is None:
        return None
    if colour == "#000000":
        return ink
    if colour == "#ffffff":
        return light
    if colour[1:3] == colour[3:5] == colour[5:7]:
        # rounded, so that a grey picked for an amount gives exactly that amount (and the mix
        # a drawing in Python asked for)
        return mix(light, ink, round(1 - int(colour[1:3], 16) / 255, 2))
    return colour


def _recolour(nodes: tuple[Node, ...], ink: str, light: str, styles: dict[Style, Style]) -> tuple[Node, ...]:
    out: list[Node] = []
    for node in nodes:
        if isinstance(node, Group):
            out.append(Group(_recolour(node.children, ink, light, styles), node.transform, node.clip))
        elif isinstance(node, (Rect, Circle, Path)):
            style = styles.get(node.style)
            if style is None:
                style = styles[node.style] = replace(node.style, fill=_painted(node.style.fill, ink, light),
                                                     stroke=_painted(node.style.stroke, ink, light))
            out.append(replace(node, style=style))
        else:
            out.append(node)
    return tuple(out)
