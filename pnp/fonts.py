"""The fonts a game prints with: found in the pip-installed font packages or the game's fonts/ folder."""

from __future__ import annotations

from functools import cache, cached_property
from importlib import resources
from itertools import repeat
from pathlib import Path

from fontTools.ttLib import TTFont

# Packages whose files/ folder holds OFL-licensed TTFs (installed with pnp).
FONT_PACKAGES = ("font_source_sans_pro", "font_source_serif_pro")


@cache
def bundled_fonts() -> dict[str, Path]:
    """Every bundled TTF by name (file name without .ttf)."""
    found: dict[str, Path] = {}
    for package in FONT_PACKAGES:
        folder = Path(str(resources.files(package) / "files"))
        for ttf in sorted(folder.glob("*.ttf")):
            found[ttf.stem] = ttf
    return found


def find_font(name: str, game_root: Path) -> Path | None:
    """A font by name: the game's own fonts/NAME.ttf first, then the bundled ones."""
    own = game_root / "fonts" / f"{name}.ttf"
    if own.is_file():
        return own
    return bundled_fonts().get(name)


@cache
def character_map(path: Path) -> frozenset[int]:
    """The code points a font has glyphs for."""
    with TTFont(path, lazy=True) as font:
        return frozenset(font.getBestCmap())


class FontMetrics:
    """Advance widths and vertical metrics of one TTF, read with fontTools (no backend needed)."""

    def __init__(self, path: Path):
        with TTFont(path, lazy=True) as font:
            self.path = path
            self.name = path.stem
            self.units = font["head"].unitsPerEm
            cmap = font.getBestCmap()
            hmtx = font["hmtx"].metrics
            self.advance = {cp: hmtx[glyph][0] for cp, glyph in cmap.items()}
            self.missing_advance = hmtx[".notdef"][0]
            self._by_char = {chr(cp): advance for cp, advance in self.advance.items()}
            os2 = font["OS/2"]
            self.cap_height = getattr(os2, "sCapHeight", 0) / self.units or 0.7
            self.weight = os2.usWeightClass
            self.italic = bool(os2.fsSelection & 1)
            self.generic = _generic(os2.panose, path.stem)

    @cached_property
    def family(self) -> str:
        """The family name (for SVG): read only when asked, as reading the name table costs
        more than all the rest (fontTools imports its OpenType tables for it)."""
        with TTFont(self.path, lazy=True) as font:
            names = font["name"]
            return str(names.getDebugName(16) or names.getDebugName(1))

    def width(self, text: str, size: float) -> float:
        """Width of `text` at `size` points (no kerning, as reportlab draws it)."""
        # (map over dict.get: no Python call per character; the sum of whole units is exact)
        total = sum(map(self._by_char.get, text, repeat(self.missing_advance, len(text))))
        return total * size / self.units


def _generic(panose, name: str) -> str:
    """The CSS generic family a font belongs to, from its PANOSE classification (the name
    when the font does not classify itself): what a tool without the font draws instead."""
    if panose.bProportion == 9 or "Mono" in name:
        return "monospace"
    if panose.bFamilyType == 3:
        return "cursive"
    if panose.bFamilyType in (4, 5):
        return "fantasy"
    if panose.bFamilyType == 2 and panose.bSerifStyle > 1:
        return "sans-serif" if panose.bSerifStyle >= 11 else "serif"
    return "sans-serif" if "Sans" in name else "serif"


@cache
def metrics(path: Path) -> FontMetrics:
    return FontMetrics(path)
