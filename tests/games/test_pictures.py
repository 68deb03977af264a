"""Pictures: golden images of one card of each kind, and the SVG and PDF backends agreeing.

Regenerate the goldens after an intended change to the card design with
    PNP_UPDATE_GOLDENS=1 python -m pytest tests/games/test_pictures.py
and look at them before committing.
"""

from __future__ import annotations

import io
import os
from functools import cache
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from pnp.render.pdf import render_pdf
from pnp.render.png import rasterize
from pnp.render.svg import render_svgs
from pnp.kit.pieces import Kit
from pnp.build.pipeline import game_fonts
from pnp.scene import Group, Page, Text, Use, single, texts
from pnp.checks.validate import validate

from conftest import ROOT

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
DPI = 150
GOLDEN_CARDS = {"leader": "shah-alam-ii", "place": "red-fort", "army": "rohillas", "commodity": "delhi-mint"}


@cache
def kit() -> Kit:
    game = validate(ROOT / "game.yaml").game
    return Kit(game, game_fonts(game), {})


@cache
def font_files() -> dict:
    return {m.name: m.path for m in kit().fonts.values()}


@cache
def definitions() -> dict:
    cards = kit().get("cards")
    return {**{p.name: p.face for p in cards.pieces}, "back": cards.pieces[0].back}


def page_for(card_id: str) -> Page:
    d = definitions()[card_id]
    return Page(d.width, d.height, (Use(d.id),), (d,))


def pdf_image(card_id: str) -> Image.Image:
    return next(iter(rasterize(render_pdf([page_for(card_id)], font_files()), DPI)))


def difference(a: Image.Image, b: Image.Image) -> tuple[float, float]:
    """Mean absolute difference (0-255) and the share of pixels off by more than 64."""
    assert a.size == b.size
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).convert("L")
    mean = ImageStat.Stat(diff).mean[0]
    histogram = diff.histogram()
    far = sum(histogram[65:]) / (a.width * a.height)
    return mean, far


@pytest.mark.parametrize("kind", sorted(GOLDEN_CARDS))
def test_card_matches_its_golden_image(kind: str) -> None:
    card_id = GOLDEN_CARDS[kind]
    image = pdf_image(card_id)
    assert image.size == (375, 525)
    golden = GOLDEN / f"{kind}-{card_id}.png"
    if os.environ.get("PNP_UPDATE_GOLDENS"):
        image.save(golden)
    with Image.open(golden) as expected:
        mean, far = difference(image, expected)
    assert mean < 1.0 and far < 0.002, f"{kind}: mean difference {mean:.2f}, {far:.2%} of pixels far off"


def test_golden_comparison_can_fail() -> None:
    with Image.open(GOLDEN / "leader-shah-alam-ii.png") as leader, Image.open(GOLDEN / "army-rohillas.png") as army:
        mean, far = difference(leader, army)
    assert mean > 1.0 or far > 0.002


def svg_image(card_id: str) -> Image.Image:
    import resvg_py

    svg = render_svgs([page_for(card_id)], font_files())[0]
    png = resvg_py.svg_to_bytes(
        svg_string=svg,
        dpi=DPI,  # the SVG is sized in mm: resvg needs a dpi to turn them into pixels
        skip_system_fonts=True,
        font_files=[str(p) for p in font_files().values()],
    )
    return Image.open(io.BytesIO(bytes(png))).convert("RGB")


NAME_BOX = (32, 300, 343, 350)  # the card name, in pixels at 150 dpi


@pytest.mark.parametrize("card_id", ["shah-alam-ii", "golconda-diamonds", "back"])
def test_svg_and_pdf_backends_agree(card_id: str) -> None:
    pdf = pdf_image(card_id)
    svg = svg_image(card_id)
    mean, far = difference(pdf, svg)
    assert mean < 2.0 and far < 0.006, f"{card_id}: SVG and PDF differ (mean {mean:.2f}, {far:.2%} far off)"
    mean, far = difference(pdf.crop(NAME_BOX), svg.crop(NAME_BOX))
    assert mean < 5.0, f"{card_id}: the name differs between SVG and PDF (mean {mean:.2f})"


def test_svg_text_is_drawn_with_the_bundled_fonts() -> None:
    """resvg silently drops text whose font it lacks: with no fonts given, the card must differ."""
    import resvg_py

    svg = render_svgs([page_for("red-fort")], font_files(), text="text")[0]
    without = Image.open(io.BytesIO(bytes(resvg_py.svg_to_bytes(
        svg_string=svg, dpi=DPI, skip_system_fonts=True)))).convert("RGB")
    mean, far = difference(svg_image("red-fort").crop(NAME_BOX), without.crop(NAME_BOX))
    assert mean > 6.0


def test_a_pdf_placing_kept_drawings_is_the_pdf_drawn_afresh() -> None:
    """The card-sheet PDFs of the three papers place the same card drawings: the second
    and later place the content streams the first drew, and must come out byte for byte
    as if drawn afresh, even with text in another font beside them (a sheet's heading)."""
    import hashlib

    from pnp.render.forms import FormCache
    from pnp.scene import Text

    fonts = font_files()
    drawn: list[str] = []

    def digest(d) -> str:
        drawn.append(d.id)
        return hashlib.sha256(repr(d).encode()).hexdigest()

    cache = FormCache(digest)
    first = [page_for(GOLDEN_CARDS["leader"]), page_for(GOLDEN_CARDS["army"])]
    render_pdf(first, fonts, cache=cache)
    assert len(cache.streams) == 2
    heading = Text(20, 20, "sheet 1 of 2", sorted(fonts)[0], 9, "#000000")
    again = [first[1], Page(first[0].width, first[0].height, (*first[0].children, heading), first[0].definitions)]
    assert heading.font not in {t.font for t in texts([d.content for p in first for d in p.definitions])}
    kept = render_pdf(again, fonts, cache=cache)
    assert len(cache.streams) == 2  # both drawings were kept, none drawn again
    assert kept == render_pdf(again, fonts)
    assert next(iter(rasterize(kept, DPI, [1]))).tobytes() != next(iter(rasterize(kept, DPI, [0]))).tobytes()


def test_the_quick_encoding_names_compression_and_forms_write_what_reportlab_does(monkeypatch: pytest.MonkeyPatch) -> None:
    import zlib
    from types import SimpleNamespace

    from reportlab.pdfbase import pdfdoc

    import pnp.render.pdf as backend

    original = backend._reportlab_pdfdoc_encode
    for text in [chr(i) for i in range(128)] + ["BT /F1+0 9 Tf (R\\351d Fort) Tj ET", "é", "₹", b"bytes"]:
        try:
            expected = original(text)
        except UnicodeEncodeError:
            with pytest.raises(UnicodeEncodeError):
                backend._pdfdoc_encode(text)
            continue
        assert backend._pdfdoc_encode(text) == expected
    pages = [page_for(GOLDEN_CARDS["place"]), page_for("back")]
    quick = render_pdf(pages, font_files())
    # forms of one size, the later ones spliced around their stream's length
    cards = [page_for(card) for card in GOLDEN_CARDS.values()]
    formatted = []
    original_format = backend._reportlab_form_format

    def counted(form, document):
        formatted.append(1)
        return original_format(form, document)
    monkeypatch.setattr(backend, "_reportlab_form_format", counted)
    spliced = render_pdf(cards, font_files())
    assert len(formatted) == 1
    for name in ["FormXob.cards-red-fort", "F1+0", "a name (with) #signs%", "é"]:
        assert backend._pdf_name(name) == backend._reportlab_pdf_name(name)
    monkeypatch.setattr(pdfdoc, "pdfdocEnc", original)
    monkeypatch.setattr(pdfdoc, "PDFName", backend._reportlab_pdf_name)
    monkeypatch.setattr(pdfdoc.PDFStreamFilterZCompress, "encode", backend._reportlab_compress)
    # (reportlab's zlib.compress is zlib's level 6: pnp deflates with zlib-ng's, to the same format)
    monkeypatch.setattr(pdfdoc, "zlib", SimpleNamespace(compress=backend.deflate, decompress=zlib.decompress))
    assert zlib.decompress(backend.deflate(b"q 1 0 0 1 0 0 cm Q" * 40)) == b"q 1 0 0 1 0 0 cm Q" * 40
    monkeypatch.setattr(pdfdoc.PDFFormXObject, "setStreamList", backend._reportlab_set_stream_list)
    monkeypatch.setattr(pdfdoc.PDFFormXObject, "format", counted)
    assert render_pdf(pages, font_files()) == quick
    assert render_pdf(cards, font_files()) == spliced and len(formatted) - 1 >= len(cards)  # (each formatted)


def test_a_card_given_bleed_afterwards_is_the_card_composed_with_it() -> None:
    """Faces and backs with bleed (print-on-demand, --bleed) are made from those without:
    they must equal what composing with the bleed draws, for every card and the back."""
    from pnp.compose.piece import compose, with_bleed
    from pnp.units import mm

    cards = kit().get("cards")
    component = cards.component
    views = kit().game.views()
    bleed = mm(3.175)
    for piece in cards.pieces:
        layout = component.faces[piece.item.face]
        composed = compose(layout, kit()._context(layout, component), views.env(piece.item), piece.face.id, bleed)
        assert with_bleed(piece.face, bleed) == composed, piece.name
    back = cards.pieces[0].back
    layout = component.backs[cards.pieces[0].item.back]
    assert with_bleed(back, bleed) == compose(layout, kit()._context(layout, component),
                                              views.env(cards.pieces[0].item), back.id, bleed)
    assert with_bleed(cards.pieces[0].face, bleed) != cards.pieces[0].face


# --- SVGs that every tool draws right ----------------------------------------------------------

STAND_IN = Path(__import__("reportlab").__file__).parent / "fonts"  # Bitstream Vera: wider than Source Serif


def resvg(svg: str, dpi: float = DPI, **options) -> Image.Image:
    import resvg_py

    return Image.open(io.BytesIO(bytes(resvg_py.svg_to_bytes(svg_string=svg, dpi=dpi, **options)))).convert("RGB")


@cache
def example_pieces(game_dir: str) -> tuple[dict, list[tuple[str, Page]]]:
    """A game's fonts and what it prints, as pages: the first three faces and every back of
    each set, and each board."""
    from pnp.build.pipeline import read_art

    game = validate(Path(game_dir) / "game.yaml").game
    fonts = game_fonts(game)
    found = []
    for pieces in Kit(game, fonts, read_art(game)):
        found += [(f"{pieces.name}/{p.name}", single(p.face)) for p in pieces.pieces[:3]]
        found += [(f"{pieces.name}/{name}", single(back)) for name, back in pieces.backs()]
        found += [(board.name, single(board.page)) for board in pieces.boards]
    return {m.name: m.path for m in fonts.values()}, found


def retext(page: Page, change) -> Page:
    """The page with each line of text changed: `change(text)` gives its stand-in, or None."""
    from dataclasses import replace

    def walk(node):
        if isinstance(node, Group):
            kept = (walk(c) for c in node.children)
            return replace(node, children=tuple(c for c in kept if c is not None))
        return change(node) if isinstance(node, Text) else node

    return replace(page, definitions=tuple(replace(d, content=walk(d.content)) for d in page.definitions))


def without_text(page: Page) -> Page:
    """The page with every line of text left out."""
    return retext(page, lambda text: None)


def text_ink(with_text: Image.Image, without: Image.Image) -> Image.Image:
    """Where a renderer's text changes the picture: a mask of the pixels it draws."""
    return ImageChops.difference(with_text, without).convert("L").point(lambda v: 255 if v > 48 else 0)


def astray(ink: Image.Image, other: Image.Image, reach: int = 2) -> float:
    """The share of `ink` that lies more than `reach` pixels from any of `other`."""
    from PIL import ImageFilter

    near = other.filter(ImageFilter.MaxFilter(2 * reach + 1))
    outside = ImageChops.subtract(ink, near).histogram()[255]
    return outside / max(1, ink.histogram()[255])


GAME_DIRS = [ROOT, ROOT / "examples" / "anarchipel", ROOT / "examples" / "furia-cartese"]


@pytest.mark.parametrize("game_dir", GAME_DIRS, ids=["the-anarchy", "anarchipel", "furia-cartese"])
def test_svg_text_as_paths_needs_no_font_and_lands_where_the_pdf_prints_it(game_dir: Path) -> None:
    """With --svg-text paths, resvg given no font at all (no system font, none passed) draws
    each piece of the game (faces, backs and boards) exactly as it draws the text SVG given
    the fonts; and the letters land where pdfium draws them in the PDF: the pixels the text
    changes in one lie within 2 px of those it changes in the other (the two rasterizers
    smooth edges differently, so the pictures are compared where the text is)."""
    fonts, pieces = example_pieces(str(game_dir))
    paths = render_svgs([page for _, page in pieces], fonts, text="paths")
    plain = render_svgs([without_text(page) for _, page in pieces], fonts, text="paths")
    with_fonts = render_svgs([page for _, page in pieces], fonts, text="text")
    no_fonts = {"skip_system_fonts": True, "background": "white"}  # white: the paper pdfium draws on
    for (name, page), svg, bare, text_svg in zip(pieces, paths, plain, with_fonts):
        assert "<text" not in svg and "@font-face" not in svg, name
        pdf = next(iter(rasterize(render_pdf([page], fonts), 100)))
        pdf_bare = next(iter(rasterize(render_pdf([without_text(page)], fonts), 100)))
        drawn = resvg(svg, width=pdf.width, **no_fonts)
        assert drawn.size[0] == pdf.size[0] and abs(drawn.size[1] - pdf.size[1]) <= 1, name
        mean, _ = difference(drawn, resvg(text_svg, width=pdf.width, font_files=[str(p) for p in fonts.values()],
                                          **no_fonts))
        assert mean < 0.5, f"{name}: the outlines differ from the fonts' text (mean {mean:.2f})"
        size = tuple(map(min, drawn.size, pdf.size))
        svg_ink = text_ink(drawn.crop((0, 0, *size)), resvg(bare, width=pdf.width, **no_fonts).crop((0, 0, *size)))
        pdf_ink = text_ink(pdf.crop((0, 0, *size)), pdf_bare.crop((0, 0, *size)))
        if pdf_ink.getbbox() is None:  # a piece without text
            assert svg_ink.getbbox() is None, name
            continue
        assert astray(svg_ink, pdf_ink) < 0.01 and astray(pdf_ink, svg_ink) < 0.01, \
            (name, astray(svg_ink, pdf_ink), astray(pdf_ink, svg_ink))


def test_the_text_comparison_sees_text_that_is_missing_or_astray() -> None:
    """The comparison above can fail: a text SVG drawn with no font shows none of the PDF's
    text, and outlines moved 1 mm to the right stray from the PDF's letters."""
    from dataclasses import replace

    from pnp.units import mm

    fonts = font_files()
    page = page_for("red-fort")
    pdf = next(iter(rasterize(render_pdf([page], fonts), 100)))
    pdf_ink = text_ink(pdf, next(iter(rasterize(render_pdf([without_text(page)], fonts), 100))))
    bare = resvg(render_svgs([without_text(page)], fonts, text="paths")[0], width=pdf.width, skip_system_fonts=True,
                 background="white")

    def ink_of(svg: str) -> Image.Image:
        return text_ink(resvg(svg, width=pdf.width, skip_system_fonts=True, background="white"), bare)

    assert astray(pdf_ink, ink_of(render_svgs([page], fonts, text="text")[0])) == 1.0
    moved = retext(page, lambda text: replace(text, x=text.x + mm(1)))
    assert astray(ink_of(render_svgs([moved], fonts, text="paths")[0]), pdf_ink) > 0.05
    assert astray(ink_of(render_svgs([page], fonts, text="paths")[0]), pdf_ink) < 0.01


def test_svg_text_falls_back_to_a_generic_family_held_to_its_width() -> None:
    """Every font-family of the text SVG ends with a generic family; drawn by a tool that reads
    no web fonts, with a wider stand-in font for it, Red Fort's note still spans what it spans
    in the PDF (its textLength), where without it the stand-in runs past the panel."""
    import re

    svg, back = render_svgs([page_for("red-fort"), page_for("back")], font_files(), text="text")
    families = re.findall(r'font-family="([^"]+)"', svg + back)
    assert families and all(f.endswith((", serif", ", sans-serif")) for f in families), families
    assert "'Source Serif Pro', serif" in families
    stand_in = {"skip_system_fonts": True, "font_files": [str(STAND_IN / f"Vera{s}.ttf") for s in ("", "Bd", "It", "BI")],
                "serif_family": "Bitstream Vera Sans", "sans_serif_family": "Bitstream Vera Sans"}
    note = tuple(round(v * DPI / 25.4) for v in (5, 60, 58.5, 74))  # the note's lines, in the panel

    def ink(image: Image.Image) -> tuple[int, int, int, int]:
        return image.crop(note).convert("L").point(lambda v: 255 if v < 110 else 0).getbbox()

    expected = ink(pdf_image("red-fort"))
    fitted = ink(resvg(svg, **stand_in))
    assert all(abs(a - b) <= 2 for a, b in zip(fitted[::2], expected[::2])), (fitted, expected)  # left and right
    loose = ink(resvg(re.sub(r' (textLength|lengthAdjust)="[^"]*"', "", svg), **stand_in))
    assert loose[2] - loose[0] > expected[2] - expected[0] + 20, (loose, expected)
