"""The values a layout's settings hold once parsed: a colour (fixed, or a template), a text
(a template per language) or a choice made by an expression (a switch). The layout reads
them (pnp.layout.reader) and the box kinds draw with them (pnp.boxes)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from .. import expr


@dataclass(frozen=True)
class Colour:
    """A colour setting: a fixed colour (or none), or a template giving one per item."""

    fixed: str | None = None
    template: expr.Template | None = None


@dataclass(frozen=True)
class Switch:
    """A setting chosen by an expression's value: {switch: kind, cases: {hero: star, ...}}."""

    on: expr.Expression
    cases: Mapping[Any, Any]
    default: Any = None


@dataclass(frozen=True)
class Localised:
    """A text template per language (or one for every language, under "")."""

    templates: tuple[tuple[str, expr.Template], ...]

    def get(self, language: str, default: str) -> expr.Template:
        table = dict(self.templates)
        return table.get(language) or table.get(default) or table.get("") or self.templates[0][1]

    @property
    def names(self) -> frozenset[str]:
        return frozenset().union(*(t.names for _, t in self.templates))
