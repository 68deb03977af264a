"""The yardstick: what a bare script costs to do the heart of a kit, to set pnp's cold build
against. With reportlab alone (no pnp), it reads The Anarchy's 126 cards from their YAML,
draws each face once (its suit's colour, a frame, its number, name, kind, symbols' counts and
its note set in a paragraph, in the bundled Source fonts) as a form, places the forms nine to
an A4 page into one PDF, then rasterizes every page with pypdfium2 at 300 dpi and saves each
card cut from it as a PNG (Pillow, compress_level 3: pnp's own setting), in one process.

    python benchmarks/yardstick.py [--game .] [--out DIR]

It is a lower bound, not a kit: no SVG, no other paper, no backs, no export, no checks, and
a card's look far plainer than pnp's. benchmarks/peers.py times it beside `pnp build`.
"""

from __future__ import annotations

import argparse
import io
import sys
from importlib import resources
from pathlib import Path

import yaml

MM = 72 / 25.4
CARD = (63.5 * MM, 88.9 * MM)  # poker size, as The Anarchy's cards
DPI = 300
FONTS = {"heading": ("font_source_serif_pro", "SourceSerifPro-Bold"),
         "body": ("font_source_sans_pro", "SourceSansPro-Regular"),
         "note": ("font_source_serif_pro", "SourceSerifPro-It")}


def cards(game: Path) -> list[dict]:
    """Every card of the deck with its suit, in the order the manifest lists their files."""
    manifest = yaml.safe_load((game / "game.yaml").read_text("utf-8"))
    found = []
    for name in manifest["components"]["cards"]["files"]:
        doc = yaml.safe_load((game / name).read_text("utf-8"))
        for card in doc["cards"]:
            found.append({**card, "suit": doc["suit"]})
    return found


def text(value: object) -> str:
    return str(value.get("en", "")) if isinstance(value, dict) else str(value or "")


def draw(deck: list[dict], out: Path) -> tuple[bytes, list[tuple[int, float, float]]]:
    """The deck's PDF (each card a form, nine to an A4 page) and where each card is: its page
    and its top left corner, in points from the page's."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen import canvas
    from reportlab.platypus import Paragraph

    for role, (package, name) in FONTS.items():
        pdfmetrics.registerFont(TTFont(name, str(resources.files(package) / "files" / f"{name}.ttf")))
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=A4)
    width, height = CARD
    styles: dict[str, ParagraphStyle] = {}
    for index, card in enumerate(deck):
        suit = card["suit"]
        ink = suit.get("text_colour", "#000000")
        note_style = styles.setdefault(ink, ParagraphStyle(f"note {ink}", fontName=FONTS["note"][1], fontSize=7.5,
                                                           leading=9, textColor=ink))
        form = f"card{index}"
        pdf.beginForm(form, 0, 0, width, height)
        pdf.setFillColor(suit["colour"])
        pdf.roundRect(0, 0, width, height, 3 * MM, stroke=0, fill=1)
        pdf.setStrokeColor(ink)
        pdf.setLineWidth(0.8)
        pdf.roundRect(3 * MM, 3 * MM, width - 6 * MM, height - 6 * MM, 2 * MM, stroke=1, fill=0)
        pdf.setFillColor(ink)
        if card.get("leader"):
            pdf.circle(9 * MM, height - 9 * MM, 4.5 * MM, stroke=1, fill=0)
            pdf.setFont(FONTS["heading"][1], 14)
            pdf.drawCentredString(9 * MM, height - 11 * MM, str(card["leader"]))
        pdf.setFont(FONTS["heading"][1], 11)
        pdf.drawCentredString(width / 2, height - 22 * MM, text(card.get("name")))
        pdf.setFont(FONTS["body"][1], 8)
        pdf.drawCentredString(width / 2, height - 27 * MM, f"{text(suit.get('name'))} · {card.get('kind', '')}")
        counts = [f"{key} {card[key]}" for key in ("crowns", "castles", "swords", "treasure") if card.get(key)]
        pdf.drawCentredString(width / 2, height - 33 * MM, "   ".join(counts))
        note = Paragraph(text(card.get("note")), note_style)
        _, used = note.wrap(width - 12 * MM, 40 * MM)
        note.drawOn(pdf, 6 * MM, 8 * MM + 40 * MM - used)
        pdf.endForm()
    page_width, page_height = A4
    left, top = (page_width - 3 * width) / 2, (page_height - 3 * height) / 2
    places = []
    for index in range(len(deck)):
        cell = index % 9
        if index and cell == 0:
            pdf.showPage()
        x, y = left + cell % 3 * width, page_height - top - (cell // 3 + 1) * height
        pdf.saveState()
        pdf.translate(x, y)
        pdf.doForm(f"card{index}")
        pdf.restoreState()
        places.append((index // 9, x, page_height - y - height))
    pdf.showPage()
    pdf.save()
    data = buffer.getvalue()
    (out / "cards-a4.pdf").write_bytes(data)
    return data, places


def rasterize(data: bytes, places: list[tuple[int, float, float]], out: Path) -> None:
    """Every page at 300 dpi, each card cut from it and saved as a PNG."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(data)
    scale = DPI / 72
    size = (round(CARD[0] * scale), round(CARD[1] * scale))
    try:
        for number in range(len(document)):
            page = document[number]
            image = page.render(scale=scale).to_pil().convert("RGB")
            for index, (on, x, y) in enumerate(places):
                if on == number:
                    left, top = round(x * scale), round(y * scale)
                    card = image.crop((left, top, left + size[0], top + size[1]))
                    card.save(out / f"card-{index + 1:03}.png", format="PNG", compress_level=3, dpi=(DPI, DPI))
            page.close()
    finally:
        document.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--out", type=Path, default=Path("yardstick-out"))
    parser.add_argument("--cards", type=int, default=0, help="only the first N cards (0: all)")
    args = parser.parse_args(argv)
    deck = cards(args.game)
    if args.cards:
        deck = deck[:args.cards]
    args.out.mkdir(parents=True, exist_ok=True)
    data, places = draw(deck, args.out)
    rasterize(data, places, args.out)
    print(f"{len(deck)} cards: {args.out / 'cards-a4.pdf'} and {len(deck)} PNG images")
    return 0


if __name__ == "__main__":
    sys.exit(main())
