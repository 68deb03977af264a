"""The default SVGs drawn by the renderers people open them with, against the PDF as pdfium draws
it: a card, a tile, a counter, the aid (both sides) and the board of each game, as far as it has
them, drawn by resvg (given no font at all), CairoSVG and, where it is installed, librsvg's
rsvg-convert (as GIMP and GNOME draw SVG), each within MOST of 255 on average of the PDF.

Each SVG is drawn at exactly the scale of the PDF's picture (its size in mm, rounded to a
hundredth, would have each renderer round it to whole pixels its own way, everything then off by
up to half a pixel), and both pictures are softened by a one-pixel blur before they are compared:
pdfium draws letters with a font rasterizer of its own (hinted, its glyphs placed to the pixel)
where the others fill outlines, and on the aids' small print that alone is 3 to 4.5 of 255
unsoftened, though every letter is where the PDF prints it. Text that is not where the PDF has
it (today's --svg-text text, its letters in a stand-in font in CairoSVG and librsvg) stays far
off, as the last test shows.

Each SVG also says every line of its text, as invisible text: found and selected where the
letters are drawn.
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageFilter, ImageStat

from pnp.build.pipeline import game_fonts, read_art
from pnp.checks.validate import validate
from pnp.kit.pieces import Kit
from pnp.render.pdf import render_pdf
from pnp.render.png import rasterize
from pnp.render.svg import render_svgs
from pnp.layout.fonts import metrics
from pnp.scene import Group, Page, Text, Use, multiply, single, texts

from browser import Browser
from conftest import ROOT

pytestmark = pytest.mark.slow  # (fifteen pieces, boards among them, drawn three or four times each)

DPI = 200
SOFTENED = 1.0  # pixels: the blur both pictures are given before they are compared
MOST = 3.0  # the mean difference allowed, of 255

# each game's pieces: a set's piece or back ("set/name"), or a board (its name)
PIECES = {
    "the-anarchy": (ROOT, ["cards/red-fort", "money/10", "turn-tokens/turn-eic", "aid/aid", "aid/back", "board"]),
    "anarchipel": (ROOT / "examples" / "anarchipel",
                   ["actions/don", "tuiles/monstre-1", "pions/rouge", "aide/aide", "aide/back"]),
    "furia-cartese": (ROOT / "examples" / "furia-cartese",
                      ["unites/ce-01", "unites/ce-01-back", "cohesion/france", "aide/aide", "aide/back",
                       "champs-cerignole"]),
}


@cache
def pieces(game: str) -> tuple[dict[str, Path], dict[str, Page]]:
    """A game's font files and its pieces named in PIECES, each as a page of its own."""
    folder, names = PIECES[game]
    loaded = validate(folder / "game.yaml").game
    fonts = game_fonts(loaded)
    found = {}
    for pieces in Kit(loaded, fonts, read_art(loaded)):
        found.update({f"{pieces.name}/{p.name}": single(p.face) for p in pieces.pieces})
        found.update({f"{pieces.name}/{name}": single(back) for name, back in pieces.backs()})
        found.update({board.name: single(board.page) for board in pieces.boards})
    return {m.name: m.path for m in fonts.values()}, {name: found[name] for name in names}


def pdf_picture(page: Page, fonts: dict[str, Path]) -> Image.Image:
    return next(iter(rasterize(render_pdf([page], fonts), DPI)))


def at_scale(svg: str, page: Page, width: int) -> str:
    """The SVG sized in pixels at the scale of a picture `width` pixels wide (as pdfium draws
    the PDF: pnp.render.png), in place of its size in mm."""
    scale = width / page.width
    svg, n = re.subn(r'^(<svg [^>]*?)height="[\d.]+mm" ', rf'\g<1>height="{page.height * scale:.4f}" ', svg)
    svg, m = re.subn(r'^(<svg [^>]*?)width="[\d.]+mm" ', rf'\g<1>width="{page.width * scale:.4f}" ', svg)
    assert n == m == 1
    return svg


def resvg(svg: str) -> Image.Image:
    import resvg_py

    return Image.open(io.BytesIO(bytes(resvg_py.svg_to_bytes(svg_string=svg, background="white",
                                                             skip_system_fonts=True))))


def cairosvg(svg: str) -> Image.Image:
    import cairosvg

    return Image.open(io.BytesIO(cairosvg.svg2png(bytestring=svg.encode("utf-8"), background_color="white")))


def librsvg(svg: str) -> Image.Image:
    drawn = subprocess.run(["rsvg-convert", "--background-color", "white"], input=svg.encode("utf-8"),
                           capture_output=True, check=True, timeout=300).stdout
    return Image.open(io.BytesIO(drawn))


RENDERERS = {"resvg": resvg, "CairoSVG": cairosvg}
if shutil.which("rsvg-convert"):  # (.ci/run installs it)
    RENDERERS["librsvg"] = librsvg


def difference(pdf: Image.Image, drawn: Image.Image) -> float:
    """The mean difference of two pictures (0 to 255, over their pixels and channels), both
    softened; a renderer may round the height to the other whole pixel: the rows both have."""
    assert drawn.width == pdf.width and abs(drawn.height - pdf.height) <= 1, (drawn.size, pdf.size)
    size = (0, 0, pdf.width, min(pdf.height, drawn.height))
    pictures = [p.convert("RGB").crop(size).filter(ImageFilter.GaussianBlur(SOFTENED)) for p in (pdf, drawn)]
    return sum(ImageStat.Stat(ImageChops.difference(*pictures)).mean) / 3


@pytest.mark.parametrize("game", sorted(PIECES))
def test_every_renderer_draws_the_default_svg_as_pdfium_draws_the_pdf(game: str) -> None:
    fonts, pages = pieces(game)
    assert list(pages) == PIECES[game][1]
    far = {}
    for name, page in pages.items():
        pdf = pdf_picture(page, fonts)
        svg = at_scale(render_svgs([page], fonts)[0], page, pdf.width)
        for renderer, draw in RENDERERS.items():
            mean = difference(pdf, draw(svg))
            if mean >= MOST:
                far[(name, renderer)] = round(mean, 2)
    assert far == {}


@pytest.mark.parametrize("game", sorted(PIECES))
def test_every_line_of_text_is_in_the_svg_to_find(game: str) -> None:
    fonts, pages = pieces(game)
    for name, page in pages.items():
        svg = ET.fromstring(render_svgs([page], fonts)[0])
        said = ["".join(t.itertext()) for t in svg.iter("{http://www.w3.org/2000/svg}text")]
        lines = [t.text for t in texts([*page.children, *(d.content for d in page.definitions)]) if t.text.strip()]
        assert said == lines, name
        assert lines or name == "board", name  # (The Anarchy's board alone prints no text)
        assert {t.get("fill-opacity") for t in svg.iter("{http://www.w3.org/2000/svg}text")} <= {"0"}, name


def line_ends(page: Page, fonts: dict[str, Path]) -> list[tuple[float, float, float] | None]:
    """Each line of text that shows (as the SVG says them, in order): where it starts and ends
    and its baseline, in points on the page (None for a line turned or mirrored)."""
    found = []
    definitions = {d.id: d.content for d in page.definitions}

    def walk(node, placed) -> None:
        if isinstance(node, Group):
            for child in node.children:
                walk(child, multiply(node.transform, placed))
        elif isinstance(node, Use):
            walk(definitions[node.ref], multiply(node.transform, placed))
        elif isinstance(node, Text) and node.text.strip():
            a, b, c, d, e, f = placed
            width = metrics(fonts[node.font]).width(node.text, node.size)
            left = node.x - width * {"middle": 0.5, "end": 1.0}.get(node.anchor, 0.0)
            found.append((a * left + e, a * (left + width) + e, d * node.y + f) if b == c == 0 < min(a, d) else None)

    for node in page.children:
        walk(node, (1.0, 0.0, 0.0, 1.0, 0.0, 0.0))
    return found


# each line of text in the page: whether the browser's find (case-sensitive, forwards from just
# before it) finds it and selects exactly its words, and where the selection is
FIND = """JSON.stringify([...document.querySelectorAll("text")].map(t => {
    const selection = getSelection();
    const start = document.createRange();
    start.setStartBefore(t);
    selection.removeAllRanges();
    selection.addRange(start);
    const found = window.find(t.textContent, true, false) && selection.toString() == t.textContent;
    const box = selection.getRangeAt(0).getBoundingClientRect();
    return [t.textContent, found, box.left, box.right, box.top, box.bottom];
}))"""


def test_chromium_draws_the_svg_as_the_pdf_and_finds_each_line_where_it_is_drawn(tmp_path: Path) -> None:
    """A browser (headless Chromium) draws each piece within MOST of the PDF too, and its find
    selects each line of text over its letters: from where the line starts (within a fifth of
    the selection's height), its baseline within that height, to where it ends within a quarter
    of its length (Chromium measures a selection in its stand-in font, 13 % shorter to 22 %
    longer than the line it is held to by textLength and drawn at)."""
    import base64
    import json

    browser = Browser(tmp_path / "profile")
    try:
        far, astray = {}, []
        for game in sorted(PIECES):
            fonts, pages = pieces(game)
            for name, page in pages.items():
                pdf = pdf_picture(page, fonts)
                scale = pdf.width / page.width
                svg = tmp_path / "piece.svg"
                svg.write_text(at_scale(render_svgs([page], fonts)[0], page, pdf.width), "utf-8")
                browser.call("Emulation.setDeviceMetricsOverride", browser.session, width=pdf.width,
                             height=pdf.height, deviceScaleFactor=1, mobile=False)
                browser.open(f"{svg.as_uri()}?{game}-{name}")
                lines = json.loads(browser.wait_for(f"document.readyState == 'complete' && "
                                                    f"location.search == '?{game}-{name}' && {FIND}"))
                shot = browser.call("Page.captureScreenshot", browser.session, format="png")
                mean = difference(pdf, Image.open(io.BytesIO(base64.b64decode(shot["data"]))))
                if mean >= MOST:
                    far[name] = round(mean, 2)
                expected = line_ends(page, fonts)
                assert len(lines) == len(expected), name
                for (text, found, left, right, top, bottom), ends in zip(lines, expected):
                    if not found or ends is not None and (
                            abs(left - ends[0] * scale) > (bottom - top) / 5 or not top < ends[2] * scale < bottom
                            or abs(right - ends[1] * scale) > (ends[1] - ends[0]) * scale / 4):
                        astray.append((game, name, text, found, [round(v) for v in (left, right, top, bottom)],
                                       ends and [round(v * scale) for v in ends]))
        assert far == {} and astray == []
    finally:
        browser.close()


def test_the_comparison_sees_text_that_is_not_where_the_pdf_has_it() -> None:
    """Today's text SVG, its fonts embedded: CairoSVG reads no web fonts nor textLength, and its
    stand-in letters run on past where the PDF's end; librsvg likewise. resvg, given no font, draws
    no letters at all."""
    fonts, pages = pieces("the-anarchy")
    page = pages["aid/aid"]
    pdf = pdf_picture(page, fonts)
    text = at_scale(render_svgs([page], fonts, text="text")[0], page, pdf.width)
    for renderer, draw in RENDERERS.items():
        assert difference(pdf, draw(text)) > 2 * MOST, renderer
