"""The pictures of a build's pieces rasterized from the drawings its print files place, where
those look the same: each piece is then drawn once, for its pictures and its print files (which
find the drawing in the build's cache), rather than once for each."""

from __future__ import annotations

from typing import Mapping, Sequence

from ..compose.piece import runs_out_alike, same_within
from ..scene import Definition, Page, characters_by_font, single


class Printed:
    """The drawings a build's print files place (on the first paper's sheets), by the piece
    each draws, with those sheets; `chars` is the build's memo of each drawing's characters
    (Outputs.chars)."""

    def __init__(self, chars: dict) -> None:
        self.chars = chars
        self.drawings: dict[int, tuple[Definition, Sequence[Page]]] = {}  # by id of the piece drawn
        self._used: dict[int, tuple[Sequence[Page], Mapping[str, frozenset[str]]]] = {}
        self._alike: dict[int, tuple[Definition, bool]] = {}  # runs_out_alike, by id of the piece

    def note(self, drawing: Definition) -> None:
        """A drawing whose content is at hand (just drawn, for its hash): whether it runs out
        alike is read now, not by drawing it again (a deck's card drawn long ago, no longer
        kept drawn: pnp.scene.Deferred)."""
        self._alike[id(drawing)] = (drawing, runs_out_alike(drawing))

    def add(self, *files: Sequence[Page]) -> None:
        """A print file's sheets (its fronts, its backs): the drawings they place."""
        for sheets in files:
            for page in sheets:
                for d in page.definitions:
                    made = d.made_from
                    if len(made) == 3 and made[0] == "with_bleed" and isinstance(made[1], Definition):
                        self.drawings.setdefault(id(made[1]), (d, sheets))

    def of(self, page: Page) -> tuple[Page, Mapping[str, frozenset[str]]] | None:
        """A piece's picture (`page`: its face or back alone) as its print file draws it, with
        that file's characters (as the print file works them out), when that looks the same
        within the piece's bounds (its background run out by the bleed: `same_within`)."""
        if len(page.definitions) != 1:
            return None
        own = page.definitions[0]
        bled, sheets = self.drawings.get(id(own), (None, ()))
        known = self._alike.get(id(own))
        if bled is None or not same_within(bled, own, known[1] if known is not None and known[0] is own else None):
            return None
        found = self._used.get(id(sheets))
        if found is None or found[0] is not sheets:
            found = self._used[id(sheets)] = (sheets, characters_by_font(sheets, self.chars))
        return single(bled), found[1]
