"""What a box kind is, and drawing one box by its kind: kept apart from pnp.boxes, which
imports every kind's module, so that no kind's module imports the registry back."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Mapping

from ..scene import Group, Node, chain, rotate, translate

if TYPE_CHECKING:
    from ..layout.reader import Box
    from .context import Context
    from .outline import Shape
    from .printing import Prints
    from .settings import Setting


@dataclass(frozen=True)
class BoxKind:
    """A kind of box: its own settings with their types (the first names the kind), the names
    it adds for templates inside it, how it draws (a layout is read knowing every kind, and
    never imports what draws them), what it prints, as the checks read it (None: no text), and
    the outline of what it draws, as the print-on-demand checks measure it (pnp.boxes.outline;
    None: the box's rectangle)."""

    name: str
    doc: str
    example: str
    settings: Mapping[str, "Setting"]
    draw: Callable[["Box", Any, Mapping[str, Any]], list[Any]]  # (box, Context, env) -> scene nodes
    names: frozenset[str] = frozenset()
    prints: "Prints | None" = None
    outline: "Callable[[Box], tuple[Shape, ...]] | None" = None

    @property
    def keys(self) -> frozenset[str]:
        return frozenset(self.settings)


# every kind registered so far, as its module declares it (pnp.boxes.kinds() gives them all, in order)
REGISTERED: dict[str, BoxKind] = {}


def box_kind(name: str, doc: str, example: str, settings: Mapping[str, "Setting"], names: tuple[str, ...] = (),
             prints: "Prints | None" = None, outline: "Callable[[Box], tuple[Shape, ...]] | None" = None):
    """Registers the function that draws a kind of box, with what the kind is."""
    def register(draw: Callable) -> Callable:
        REGISTERED[name] = BoxKind(name, doc, example, dict(settings), draw, frozenset(names), prints, outline)
        return draw
    return register


def draw_box(box: "Box", ctx: "Context", env: Mapping[str, Any]) -> list[Node]:
    """A box's nodes for one item: nothing when its `if` does not hold."""
    if box.condition is not None and not box.condition.evaluate(env):
        return []
    nodes = REGISTERED[box.kind].draw(box, ctx, env)
    if box.rotate:
        cx, cy = box.x + box.width / 2, box.y + box.height / 2
        nodes = [Group(tuple(nodes), chain(translate(-cx, -cy), rotate(box.rotate), translate(cx, cy)))]
    if box.mirror:
        w, h = ctx.layout.width, ctx.layout.height
        nodes = nodes + [Group(tuple(nodes), chain(translate(-w / 2, -h / 2), rotate(180), translate(w / 2, h / 2)))]
    return nodes
