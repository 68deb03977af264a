"""What the unit tests of the box kinds share: a small piece's layout written to a temporary
folder and read as pnp reads any (pnp.layout.reader.load_layout), drawn for an item as pnp draws a
piece (pnp.compose.piece.compose) in two fonts (body in Source Sans Pro, heading in its
bold), an icon drawn as a record of where and in what colours (Drawn), and what a box
prints, as the checks read it."""

from __future__ import annotations

import dataclasses
import textwrap
from pathlib import Path
from typing import Any, Callable, NamedTuple

import pytest

from pnp.boxes import kinds
from pnp.boxes.context import Art, Context
from pnp.compose.piece import compose
from pnp.layout.fonts import bundled_fonts, metrics
from pnp.icons.folder import Icon
from pnp.layout.reader import Box, Layout, load_layout
from pnp.problems import Location

REGULAR = metrics(bundled_fonts()["SourceSansPro-Regular"])
BOLD = metrics(bundled_fonts()["SourceSansPro-Bold"])
FONTS = {"body": REGULAR, "heading": BOLD}
ICONS = {name: Icon(name, f"icons/{name}.svg", (0.0, 0.0, 24.0, 24.0), ()) for name in ("star", "shield", "tower")}
INK, PAPER, GOLD = "#1a1a1a", "#fdf6e3", "#c9a227"
SIZE = (200.0, 300.0)  # the piece, in points


class Drawn(NamedTuple):
    """An icon drawn: which, its square's corner and side, its ink and light."""

    icon: str
    x: float
    y: float
    size: float
    ink: str
    light: str


def draw_icon(icon: Icon, x: float, y: float, size: float, ink: str, light: str) -> Drawn:
    return Drawn(icon.name, x, y, size, ink, light)


class Piece:
    """A layout of one piece, read as pnp reads it; draws it for an item (`draw`) and says
    what a box of it prints (`printed`)."""

    def __init__(self, layout: Layout, art: dict[str, Art]):
        self.layout = layout
        self.art = art
        self.fonts = FONTS  # (by role)

    def box(self, name: str) -> Box:
        return self.layout.box(name)

    def context(self, language: str = "en") -> Context:
        return Context(self.fonts, ICONS, self.art, language, "en", self.layout, {}, draw_icon)

    def draw(self, item: dict[str, Any] | None = None, language: str = "en") -> list:
        """The piece's nodes for an item with these fields (its background first, if any),
        every float rounded to 0.001 pt."""
        return rounded(list(compose(self.layout, self.context(language), item or {}, "piece").content.children))

    def printed(self, name: str, item: dict[str, Any] | None = None, language: str = "en") -> list:
        """What box `name` prints for an item, as the checks read it."""
        box = self.box(name)
        env = dict(item or {}, colours=self.layout.colours)
        return list(kinds()[box.kind].prints.texts(box, env, language, "en"))


@pytest.fixture
def piece(tmp_path: Path) -> Callable[..., Piece]:
    """piece(boxes, *names, art=...): the layout of a 200 x 300 pt piece with these boxes (YAML
    under `boxes:`) whose templates may use `names`, in the colours ink, paper and gold; `art`
    gives picture files' sizes by path."""
    def piece(boxes: str, *names: str, art: dict[str, tuple[int, int]] | None = None) -> Piece:
        text = (f'colours: {{ink: "{INK}", paper: "{PAPER}", gold: "{GOLD}"}}\nboxes:\n'
                + textwrap.indent(textwrap.dedent(boxes).strip("\n") + "\n", "  "))
        (tmp_path / "layout.yaml").write_text(text, "utf-8")
        layout, problems, _ = load_layout(tmp_path, "layout.yaml", Location("game.yaml"), *SIZE,
                                          frozenset(names) | {"colours"}, frozenset(ICONS), frozenset(FONTS), "card")
        assert layout is not None, [p.format() for p in problems]
        return Piece(layout, {path: Art(path, *size) for path, size in (art or {}).items()})
    return piece


def rounded(value: Any) -> Any:
    """Nodes (and what they hold) with every float rounded to 0.001 pt, to compare."""
    if isinstance(value, float):
        return round(value, 3) + 0.0  # (no -0.0)
    if isinstance(value, (list, tuple)) and not hasattr(value, "_fields"):
        return type(value)(rounded(v) for v in value)
    if hasattr(value, "_fields"):  # Drawn
        return type(value)(*(rounded(v) for v in value))
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.replace(value, **{f.name: rounded(getattr(value, f.name))
                                             for f in dataclasses.fields(value) if f.init})
    return value
