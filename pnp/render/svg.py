"""Render scene pages to SVG with svgwrite: sizes in mm, text drawn in one of three ways
(TEXT_MODES).

By default ("paths+text"), as a PDF does: each line is drawn as its letters' outlines, every
glyph defined once in the file (a path in font units) and placed by a <use> at its advance,
so every renderer (librsvg, CairoSVG, resvg, Inkscape, browsers) draws the letters the PDF
prints with no font at all; above them the line is also a <text> of no opacity, in the font's
family and held to its width by textLength, so its words are found and selected where they
are drawn and read by a screen reader, but never seen, whatever font stands in for it.

As "text", each line is a <text> and each file carries its fonts as subsetted WOFF in an
@font-face rule, so a browser shows the same letters as the PDF without any font installed.
The font-family names are the fonts' real family names, so tools given the TTFs (resvg) find
them too, then a generic family (serif, sans-serif) for the tools that read no web fonts
(rsvg, Inkscape, CairoSVG); each line's textLength holds it to its width in the real font, so
a stand-in font neither overflows a box nor runs off the card where the tool honours it
(librsvg and CairoSVG do not). As "paths", each line is one path of its glyphs' outlines
(named by its aria-label) and nothing else: shapes the same in every tool and editable in any,
with no reference and no hidden text for a cutting machine or vector editor to trip on.
"""

from __future__ import annotations

import base64
import xml.etree.ElementTree as ET
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterable, Mapping, Sequence

import svgwrite
from fontTools.pens.basePen import BasePen

from ..layout.fonts import metrics, subset_font
from . import grey_picture, upright
from ..scene import (
    Circle,
    Group,
    Image,
    Matrix,
    Node,
    Page,
    Path as PathNode,
    Rect,
    Style,
    Text,
    Use,
    characters_by_font,
    texts,
)
from ..units import to_mm


_SHARED = "pnp-shared-definitions"  # a placeholder in <defs>, replaced by the cached definitions
_FONTS = "pnp-fonts"  # a placeholder in <defs>, replaced by the fonts' style sheet, made once
_GLYPHS = "pnp-glyphs"  # a placeholder in <defs>, replaced by the outlines of the glyphs the page shows
TEXT_MODES = ("paths+text", "text", "paths")  # the first is the default


def _num(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _matrix(m: Matrix) -> str:
    """A transform: its scale and turn to six significant digits (a small icon's scale of
    0.0787 is not 0.079), its move to a thousandth of a point."""
    return "matrix(" + " ".join([f"{v:.6g}" for v in m[:4]] + [_num(v) for v in m[4:]]) + ")"


@lru_cache(maxsize=32)
def _woff(path: Path, chars: frozenset[str]) -> str:
    """A WOFF subset of the font with just `chars`, base64-encoded."""
    return base64.b64encode(subset_font(path, "".join(sorted(chars)), "woff")).decode("ascii")


class _Outline(BasePen):
    """A glyph's outline as path commands (M, L, Q, C, Z) in font units."""

    def __init__(self, glyphs) -> None:
        super().__init__(glyphs)
        self.commands: list[tuple] = []

    def _moveTo(self, p) -> None:
        self.commands.append(("M", *p))

    def _lineTo(self, p) -> None:
        self.commands.append(("L", *p))

    def _qCurveToOne(self, p1, p2) -> None:
        self.commands.append(("Q", *p1, *p2))

    def _curveToOne(self, p1, p2, p3) -> None:
        self.commands.append(("C", *p1, *p2, *p3))

    def _closePath(self) -> None:
        self.commands.append(("Z",))


@lru_cache(maxsize=16)
def _font(path: Path):
    """A font's glyphs, character map and advances (kept open: its glyphs are read as needed)."""
    from fontTools.ttLib import TTFont

    font = TTFont(path, lazy=True)
    return font.getGlyphSet(), font.getBestCmap(), font["hmtx"].metrics


@lru_cache(maxsize=4096)
def _glyph(path: Path, char: str) -> tuple[tuple[tuple, ...], int]:
    """A character's outline in font units and its advance; a character the font lacks draws
    nothing and advances as its .notdef does (as pnp.layout.fonts measures it)."""
    glyphs, cmap, advances = _font(path)
    name = cmap.get(ord(char))
    if name is None:
        return (), advances[".notdef"][0]
    pen = _Outline(glyphs)
    glyphs[name].draw(pen)
    return tuple(pen.commands), advances[name][0]


def outline_data(path: Path, text: str) -> tuple[str, int]:
    """A line of text as one path's data, in font units from its start on the baseline (y up),
    and its advance: the glyphs one after another, without kerning, as reportlab sets them."""
    parts = []
    x = 0
    for char in text:
        commands, advance = _glyph(path, char)
        for op, *values in commands:
            parts.append(op + " ".join(_num(v + x if i % 2 == 0 else v) for i, v in enumerate(values)))
        x += advance
    return "".join(parts), x


@lru_cache(maxsize=4096)
def glyph_data(path: Path, char: str) -> str:
    """A character's outline as one path's data, in font units from its origin (y up), short:
    each point relative to the last, a command's letter left out where it repeats, no space
    before a minus sign (the H that outline_data writes M90 0L90 656L173 656L173 381... is
    m90 0l0 656 83 0 0-275...), about a tenth shorter."""
    parts = []
    x = y = start_x = start_y = 0.0
    last = ""
    for op, *values in _glyph(path, char)[0]:
        if op == "Z":
            parts.append("z")
            x, y, last = start_x, start_y, "z"
            continue
        numbers = []
        for i, value in enumerate(values):
            value = round(value, 3)
            numbers.append(_num(value - (x if i % 2 == 0 else y)))
        letter = op.lower()
        text = numbers[0] + "".join(n if n.startswith("-") else " " + n for n in numbers[1:])
        if letter != last or letter == "m":
            parts.append(letter + text)
        else:
            parts.append(text if text.startswith("-") else " " + text)
        x, y, last = round(values[-2], 3), round(values[-1], 3), letter
        if op == "M":
            start_x, start_y = x, y
    return "".join(parts)


class _Placed:
    """A line's glyphs placed by <use> in font units, in a group that sets its transform and
    paint (what the glyphs' paths in <defs>, unpainted, inherit): serialized straight to
    ElementTree, as svgwrite would, without making an svgwrite element for each letter."""

    def __init__(self, attributes: dict[str, str], uses: Sequence[tuple[str, str]]):
        self.attributes = attributes
        self.uses = uses  # (glyph id, x) in the line's order

    def get_xml(self) -> ET.Element:
        group = ET.Element("g", dict(sorted(self.attributes.items())))  # (as svgwrite orders them)
        for glyph, x in self.uses:
            use = ET.SubElement(group, "use", {"xlink:href": "#" + glyph})
            if x != "0":
                use.set("x", x)
        return group


class SvgRenderer:
    """Renders pages to SVG text, each line of text drawn as `text` says (TEXT_MODES): its
    glyphs' outlines under an invisible text ("paths+text"), text in the given fonts embedded
    subset to `chars` ("text"), or its outlines alone ("paths")."""

    KEPT = 256  # definitions kept as text for the next pages: those of the last few sheets

    def __init__(self, fonts: Mapping[str, Path], chars: Mapping[str, frozenset[str]],
                 keep: Callable[[str, str, Callable[[], str]], str] | None = None, text: str = TEXT_MODES[0]):
        if text not in TEXT_MODES:
            raise ValueError(f"SVG text is one of {', '.join(TEXT_MODES)}, not {text!r}")
        self.fonts = fonts
        self.chars = chars
        self.mode = text
        # each font's glyphs are named by its place among the fonts' names (G0.41 is the first
        # font's "A"), the same for every page a renderer draws
        self.font_numbers = {name: i for i, name in enumerate(sorted(fonts))}
        self.glyphs: set[tuple[str, str]] = set()  # (font, character) of the glyphs placed so far
        self.glyph_paths: dict[tuple[str, str], str] = {}
        # keep(kind, key, make): the caller may keep what is costly to make (the fonts' style
        # sheet) from one build to the next; by default it is made every time
        self.keep = keep or (lambda kind, key, make: make())
        # the last KEPT used, the last used last, each with the glyphs it places
        self.definitions: dict[tuple[str, float], tuple[str, frozenset]] = {}
        self.styles: dict[frozenset[str], str] = {}
        self.families: dict[str, str] = {}
        self.clips: list = []
        self.clip_prefix = "clip"

    def family(self, font: str) -> str:
        """A font's family name (reading it from the font is slow enough to keep)."""
        if font not in self.families:
            path = self.fonts[font]
            self.families[font] = self.keep("font-family", path.name, lambda: metrics(path).family)
        return self.families[font]

    def font_css(self, used: Iterable[str]) -> str:
        """The @font-face rules of the fonts `used`, each subset to its characters."""
        used = sorted(set(used))
        key = repr([(name, self.fonts[name].name, "".join(sorted(self.chars[name]))) for name in used])
        return self.keep("svg-fonts", key, lambda: self._font_css(used))

    def _font_css(self, used: Iterable[str]) -> str:
        rules = []
        for name in sorted(set(used)):
            m = metrics(self.fonts[name])
            data = _woff(self.fonts[name], self.chars[name])
            rules.append(
                f"@font-face{{font-family:'{m.family}';font-weight:{m.weight};"
                f"font-style:{'italic' if m.italic else 'normal'};"
                f"src:url(data:font/woff;base64,{data}) format('woff');}}"
            )
        # reportlab sets text without kerning or ligatures: so does every SVG renderer
        rules.append("text{font-kerning:none;font-variant-ligatures:none;font-feature-settings:'kern' 0,'liga' 0}")
        return "\n".join(rules)

    def render(self, page: Page) -> str:
        drawing = svgwrite.Drawing(
            size=(f"{round(to_mm(page.width), 2):g}mm", f"{round(to_mm(page.height), 2):g}mm"),
            viewBox=f"0 0 {_num(page.width)} {_num(page.height)}",
            profile="full",
            debug=False,
        )
        self.drawing = drawing
        roots = list(page.children) + [d.content for d in page.definitions]
        used_fonts = {t.font for t in texts(roots)} if self.mode == "text" else set()
        if used_fonts:
            drawing.defs.add(drawing.g(id=_FONTS))
        shared = []
        glyphs: set[tuple[str, str]] = set()
        for definition in page.definitions:
            # a definition (a card) is built and serialized once, then reused by every page; a
            # card with bleed (on a sheet) is not the card alone (its own SVG)
            key = (definition.id, definition.bleed)
            kept = self.definitions.pop(key, None)
            if kept is None:
                self.clips = []
                self.clip_prefix = f"{definition.id}-clip"
                self.glyphs = set()
                group = drawing.g(id=definition.id)
                self.add(group, definition.content)
                kept = ("".join(e.tostring() for e in [*self.clips, group]), frozenset(self.glyphs))
                if len(self.definitions) >= self.KEPT:
                    del self.definitions[next(iter(self.definitions))]
            self.definitions[key] = kept
            shared.append(kept[0])
            glyphs |= kept[1]
        self.clips = []
        self.clip_prefix = "clip"
        self.glyphs = set()
        for node in page.children:
            self.add(drawing, node)
        glyphs |= self.glyphs
        for clip in self.clips:
            drawing.defs.add(clip)
        if glyphs:
            drawing.defs.add(drawing.g(id=_GLYPHS))
        drawing.defs.add(drawing.g(id=_SHARED))
        text = drawing.tostring().replace(f'<g id="{_SHARED}" />', "".join(shared), 1)
        if glyphs:  # each glyph's outline once, in the order of the fonts and characters
            text = text.replace(f'<g id="{_GLYPHS}" />', "".join(
                self._glyph_path(*glyph) for glyph in sorted(glyphs, key=self._glyph_order)), 1)
        if used_fonts:  # as svgwrite writes a style element, without serializing 100 kB of fonts each time
            used = frozenset(used_fonts)
            if used not in self.styles:
                self.styles[used] = f'<style type="text/css"><![CDATA[{self.font_css(used)}]]></style>'
            text = text.replace(f'<g id="{_FONTS}" />', self.styles[used], 1)
        return text

    def _paint(self, element, style: Style) -> None:
        element["fill"] = style.fill or "none"
        if style.stroke and style.stroke_width > 0:
            element["stroke"] = style.stroke
            element["stroke-width"] = _num(style.stroke_width)
            if style.line_cap != "butt":
                element["stroke-linecap"] = style.line_cap
            if style.line_join != "miter":
                element["stroke-linejoin"] = style.line_join
        if style.even_odd:
            element["fill-rule"] = "evenodd"

    def add(self, parent, node: Node) -> None:
        d = self.drawing
        if isinstance(node, Group):
            group = d.g()
            if node.transform != (1.0, 0.0, 0.0, 1.0, 0.0, 0.0):
                group["transform"] = _matrix(node.transform)
            if node.clip is not None:
                clip_id = f"{self.clip_prefix}{len(self.clips) + 1}"
                clip = d.clipPath(id=clip_id)
                if isinstance(node.clip, Rect):
                    clip.add(d.rect((_num(node.clip.x), _num(node.clip.y)),
                                    (_num(node.clip.width), _num(node.clip.height))))
                else:
                    clip.add(d.path(d=_path_data(node.clip.commands)))
                self.clips.append(clip)
                inner = d.g(clip_path=f"url(#{clip_id})")
                group.add(inner)
                target = inner
            else:
                target = group
            for child in node.children:
                self.add(target, child)
            parent.add(group)
        elif isinstance(node, Rect):
            rect = d.rect((_num(node.x), _num(node.y)), (_num(node.width), _num(node.height)))
            if node.radius > 0:
                rect["rx"] = rect["ry"] = _num(node.radius)
            self._paint(rect, node.style)
            parent.add(rect)
        elif isinstance(node, Circle):
            circle = d.circle((_num(node.cx), _num(node.cy)), _num(node.r))
            self._paint(circle, node.style)
            parent.add(circle)
        elif isinstance(node, PathNode):
            path = d.path(d=_path_data(node.commands))
            self._paint(path, node.style)
            parent.add(path)
        elif isinstance(node, Text) and self.mode == "paths":
            parent.add(self._outlined(node))
        elif isinstance(node, Text) and self.mode == "paths+text":
            if node.text.strip():  # (blanks show nothing and say nothing)
                self._placed(parent, node)
                parent.add(self._text(node, visible=False))
        elif isinstance(node, Text):
            parent.add(self._text(node, visible=True))
        elif isinstance(node, Image):
            drawn = grey_picture(node.path) if node.grey else upright(node.path)
            if drawn is not None:
                from .png import png_bytes

                data = png_bytes(drawn)
            else:
                data = Path(node.path).read_bytes()
            kind = "png" if data[:8] == b"\x89PNG\r\n\x1a\n" else "jpeg"
            href = f"data:image/{kind};base64," + base64.b64encode(data).decode("ascii")
            image = d.image(href, insert=(_num(node.x), _num(node.y)), size=(_num(node.width), _num(node.height)))
            image["preserveAspectRatio"] = "none"
            parent.add(image)
        elif isinstance(node, Use):
            use = d.use(f"#{node.ref}")
            if node.transform != (1.0, 0.0, 0.0, 1.0, 0.0, 0.0):
                use["transform"] = _matrix(node.transform)
            parent.add(use)
        else:  # pragma: no cover
            raise TypeError(f"cannot draw {type(node).__name__}")


    def _text(self, node: Text, visible: bool):
        """A line as text: in its font (embedded), filled and haloed; or, not `visible`, of no
        opacity at all, there only to be found, selected and read out where its outlines are."""
        m = metrics(self.fonts[node.font])
        text = self.drawing.text(node.text, insert=(_num(node.x), _num(node.y)))
        text["font-family"] = f"'{self.family(node.font)}', {m.generic}"
        width = m.width(node.text, node.size)
        if width > 0:  # a stand-in font keeps the real font's width
            text["textLength"] = _num(width)
            text["lengthAdjust"] = "spacingAndGlyphs"
        text["font-size"] = _num(node.size)
        if m.weight != 400:
            text["font-weight"] = str(m.weight)
        if m.italic:
            text["font-style"] = "italic"
        if visible:
            text["fill"] = node.fill
        else:
            text["fill-opacity"] = "0"
        if node.anchor != "start":
            text["text-anchor"] = node.anchor
        text["xml:space"] = "preserve"
        if visible and node.halo and node.halo_width > 0:  # stroked letters under the filled ones
            text["stroke"] = node.halo
            text["stroke-width"] = _num(node.halo_width * 2)
            text["stroke-linejoin"] = "round"
            text["paint-order"] = "stroke"
        return text

    def _placed(self, parent, node: Text) -> None:
        """A line as its glyphs, each a <use> of its outline at its advance (in font units), in
        a group placed and scaled (y turned up) by its transform; a halo is the same glyphs
        stroked beneath them. A character drawn as nothing (a space) only advances."""
        path = self.fonts[node.font]
        number = self.font_numbers[node.font]
        uses = []
        x = 0
        for char in node.text:
            commands, advance = _glyph(path, char)
            if commands:
                self.glyphs.add((node.font, char))
                uses.append((f"G{number}.{ord(char):x}", _num(x)))
            x += advance
        if not uses:
            return
        k = node.size / metrics(path).units
        left = node.x - x * k * {"middle": 0.5, "end": 1.0}.get(node.anchor, 0.0)
        transform = f"matrix({k:.6g} 0 0 {-k:.6g} {_num(left)} {_num(node.y)})"  # (a size / 1000: 6 digits)
        if node.halo and node.halo_width > 0:
            parent.add(_Placed({"transform": transform, "fill": node.halo, "stroke": node.halo,
                                "stroke-width": _num(node.halo_width * 2 / k), "stroke-linejoin": "round"}, uses))
        parent.add(_Placed({"transform": transform, "fill": node.fill}, uses))

    def _glyph_order(self, glyph: tuple[str, str]) -> tuple[int, int]:
        return self.font_numbers[glyph[0]], ord(glyph[1])

    def _glyph_path(self, font: str, char: str) -> str:
        """A glyph's outline as a path in <defs>, unpainted (its <use> paints it)."""
        key = (font, char)
        if key not in self.glyph_paths:
            self.glyph_paths[key] = (f'<path d="{glyph_data(self.fonts[font], char)}" '
                                     f'id="G{self.font_numbers[font]}.{ord(char):x}" />')
        return self.glyph_paths[key]

    def _outlined(self, node: Text):
        """A line of text as its glyphs' outlines: one path in font units, placed and scaled
        (y turned up) by its transform; a halo is the same path stroked beneath it."""
        d = self.drawing
        path = self.fonts[node.font]
        data, advance = outline_data(path, node.text)
        k = node.size / metrics(path).units
        x = node.x - advance * k * {"middle": 0.5, "end": 1.0}.get(node.anchor, 0.0)
        group = d.g(transform=f"matrix({k:.6g} 0 0 {-k:.6g} {_num(x)} {_num(node.y)})")  # (a size / 1000: 6 digits)
        group["aria-label"] = node.text
        if node.halo and node.halo_width > 0:
            group.add(d.path(d=data, fill=node.halo, stroke=node.halo, stroke_width=_num(node.halo_width * 2 / k),
                             stroke_linejoin="round"))
        group.add(d.path(d=data, fill=node.fill))
        return group


def _path_data(commands) -> str:
    return "".join(cmd[0] + " ".join(_num(v) for v in cmd[1:]) for cmd in commands)


def render_svgs(pages: Sequence[Page], fonts: Mapping[str, Path], text: str = TEXT_MODES[0]) -> list[str]:
    """Each page as SVG text, its text drawn as `text` says (TEXT_MODES); as "text", the fonts
    are subset once to the characters of all pages."""
    renderer = SvgRenderer(fonts, characters_by_font(pages), text=text)
    return [renderer.render(page) for page in pages]
