"""Data: items that are not printed themselves, a table that other sets refer to (kinds of
piece, a price list) and that layouts, checks and statistics read as sets.NAME.items."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from .kind import ComponentType, Sheets

if TYPE_CHECKING:
    from ..layout.fonts import FontMetrics
    from ..impose import Paper


def impose_nothing(sets: Sequence, paper: Paper, bleed: float, label: str, font: "FontMetrics | None") -> Sheets:
    return Sheets([], [])


TYPE = ComponentType(
    name="data",
    doc="Data: items that are not printed, a table other sets refer to (ref fields) and layouts, checks and "
        "statistics read as sets.NAME.items.",
    example="arms: {type: data, files: arms.yaml, items: arms, fields: {name: text, move: int}}",
    options={},
    tabletopia="",
    deck=False,
    impose=impose_nothing,
    printed=False,
    order=70,
)
