"""The fonts a game prints with: found in the pip-installed font packages or the game's fonts/ folder."""

from __future__ import annotations

import io
import os
import re
from functools import cache, cached_property, lru_cache
from importlib import resources
from itertools import repeat
from pathlib import Path

from fontTools.ttLib import TTFont

# Packages whose files/ folder holds OFL-licensed TTFs (installed with pnp).
FONT_PACKAGES = ("font_source_sans_pro", "font_source_serif_pro")
MAX_FONT_BYTES = 32_000_000
# what reportlab needs of a font to embed it (TrueType outlines) and pnp to measure it
NEEDED_TABLES = ("head", "hhea", "maxp", "hmtx", "cmap", "glyf", "loca", "name", "OS/2", "post")


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
    """A font by name: the game's own fonts/NAME.ttf first, then the bundled ones; None when
    there is none, or the game's own cannot be used (`font_problem` says why)."""
    if font_problem(name, game_root) is not None:
        return None
    own = game_root / "fonts" / f"{name}.ttf"
    return own if os.path.lexists(own) else bundled_fonts().get(name)


def font_problem(name: str, game_root: Path) -> str | None:
    """Why a font name gives no font pnp can print with, or None when it does."""
    if not re.fullmatch(r"[^/\\\0]+", name) or name.startswith("."):
        return f"font '{name}' is not a font's name: a bundled font, or a file fonts/NAME.ttf named without fonts/ and .ttf"
    own = game_root / "fonts" / f"{name}.ttf"
    try:
        found = os.stat(own)
    except FileNotFoundError:
        if os.path.lexists(own):
            return f"fonts/{name}.ttf is a link to nothing"
        if name in bundled_fonts():
            return None
        some = ", ".join(list(bundled_fonts())[:4])
        return f"font '{name}' is not bundled and not in fonts/ (bundled fonts include {some})"
    except OSError as exc:
        return f"fonts/{name}.ttf cannot be read ({exc.strerror or exc})"
    return _own_font_problem(game_root, f"fonts/{name}.ttf", found.st_size, found.st_mtime_ns)


@lru_cache(maxsize=64)
def _own_font_problem(game_root: Path, relative: str, size: int, mtime: int) -> str | None:
    """Why a game's own font file cannot be used: it lies outside the game folder, is not a
    file, is too large, is not a TrueType font reportlab and fontTools can both read, or
    cannot be subset to every character it has (as the SVG backend subsets it)."""
    from ..load.files import Unreadable, read_game_file

    try:
        data = read_game_file(game_root, relative, MAX_FONT_BYTES)
    except Unreadable as exc:
        return f"{relative} {exc.reason}"
    try:
        with TTFont(io.BytesIO(data), lazy=True) as font:
            missing = [table for table in NEEDED_TABLES if table not in font]
            if missing:
                return f"{relative} is not a TrueType font pnp can print with (it has no {', '.join(missing)} table)"
            font.getBestCmap()
            font["hmtx"].metrics[".notdef"]
            font["OS/2"].usWeightClass
            font["head"].unitsPerEm
        from reportlab.pdfbase.ttfonts import TTFontFile

        TTFontFile(io.BytesIO(data), validate=1)  # as the PDF backend will read it
    except Exception:  # fontTools and reportlab raise many kinds of error on a damaged font
        return f"{relative} is not a TrueType font pnp can read"
    try:  # every glyph a text can print, subset as the SVG backend embeds the font (a glyph made of itself fails)
        with TTFont(io.BytesIO(data), lazy=True) as font:
            subset_font(io.BytesIO(data), "".join(map(chr, font.getBestCmap())))
    except Exception as exc:  # (RecursionError among them: a glyph made of glyphs nested past any stack)
        return f"{relative} is a TrueType font pnp cannot subset to embed it ({str(exc) or type(exc).__name__})"
    return None


def subset_font(source, text: str, flavor: str | None = None) -> bytes:
    """The font (a path or a file) with the glyphs of `text` alone, as a file of `flavor`
    (woff, or None for TrueType), as an SVG embeds it: without kerning and ligatures, as
    reportlab draws text."""
    from fontTools import subset  # imported here: a rebuild usually finds its subsets in the cache

    options = subset.Options()
    options.flavor = flavor
    options.name_IDs = ["*"]
    options.notdef_outline = True
    # reportlab draws without kerning or ligatures; dropping the layout tables makes the
    # browser do the same (and subsetting five times faster)
    options.drop_tables += ["GSUB", "GPOS", "GDEF", "kern"]
    options.layout_features = []
    font = TTFont(source, recalcTimestamp=False, lazy=True)
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=text)
    subsetter.subset(font)
    out = io.BytesIO()
    font.flavor = flavor
    font.save(out, reorderTables=True)
    return out.getvalue()


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
