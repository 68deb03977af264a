"""The fonts a game prints with: found in the pip-installed font packages or the game's fonts/ folder."""

from __future__ import annotations

from functools import cache
from importlib import resources
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
