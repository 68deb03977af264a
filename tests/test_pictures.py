"""Pictures: golden images of one card of each kind, and the SVG and PDF backends agreeing.

Regenerate the goldens after an intended change to the card design with
    PNP_UPDATE_GOLDENS=1 python -m pytest tests/test_pictures.py
and look at them before committing.
"""

from __future__ import annotations

import io
import os
from functools import cache
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from pnp.backends.pdf import render_pdf
from pnp.backends.png import rasterize
from pnp.backends.svg import render_svgs
from pnp.kit import Kit
from pnp.pipeline import game_fonts
from pnp.scene import Page, Use, texts
from pnp.validate import validate

from conftest import ROOT

GOLDEN = Path(__file__).parent / "golden"
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

    svg = render_svgs([page_for("red-fort")], font_files())[0]
    without = Image.open(io.BytesIO(bytes(resvg_py.svg_to_bytes(
        svg_string=svg, dpi=DPI, skip_system_fonts=True)))).convert("RGB")
    mean, far = difference(svg_image("red-fort").crop(NAME_BOX), without.crop(NAME_BOX))
    assert mean > 6.0


def test_a_pdf_placing_kept_drawings_is_the_pdf_drawn_afresh() -> None:
    """The card-sheet PDFs of the three papers place the same card drawings: the second
    and later place the content streams the first drew, and must come out byte for byte
    as if drawn afresh, even with text in another font beside them (a sheet's heading)."""
    import hashlib

    from pnp.backends.pdf import FormCache
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


def test_the_quick_encoding_names_and_compression_write_what_reportlab_does(monkeypatch: pytest.MonkeyPatch) -> None:
    from reportlab.pdfbase import pdfdoc

    import pnp.backends.pdf as backend

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
    for name in ["FormXob.cards-red-fort", "F1+0", "a name (with) #signs%", "é"]:
        assert backend._pdf_name(name) == backend._reportlab_pdf_name(name)
    monkeypatch.setattr(pdfdoc, "pdfdocEnc", original)
    monkeypatch.setattr(pdfdoc, "PDFName", backend._reportlab_pdf_name)
    monkeypatch.setattr(pdfdoc.PDFStreamFilterZCompress, "encode", backend._reportlab_compress)
    assert render_pdf(pages, font_files()) == quick


def test_a_card_given_bleed_afterwards_is_the_card_composed_with_it() -> None:
    """Faces and backs with bleed (print-on-demand, --bleed) are made from those without:
    they must equal what composing with the bleed draws, for every card and the back."""
    from pnp.compose.boxes import compose, with_bleed
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
