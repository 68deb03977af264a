"""pnp.render.pdf: small scenes rendered to PDF and read back: each page's size, the exact
content stream each kind of node is drawn with, the colours at chosen points once rasterized,
the document's metadata and viewer preferences, definitions as forms drawn once, and the
streams kept (FormCache, StoredForms) and placed again in another document."""

from __future__ import annotations

import io
import zlib
from pathlib import Path

import pypdf
import pypdfium2 as pdfium
import pytest
from PIL import Image as Picture

from pnp import __version__
from pnp.render.forms import FormCache, Stream, StoredForms, charsets, form_name, skeleton, write_pdf_file
from pnp.render.pdf import _pdfdoc_encode, _stream_of, document, render_pdf
from pnp.build.cache import Cache
from pnp.layout.fonts import bundled_fonts
from pnp.scene import (Circle, Definition, Group, Image, Page, Path, Rect, Style, Text, Use, scale, single,
                       translate)

FONTS = {"body": bundled_fonts()["SourceSansPro-Regular"]}
BOTH = {**FONTS, "bold": bundled_fonts()["SourceSansPro-Bold"]}
RED, GREEN, BLUE = "#ff0000", "#00ff00", "#0000ff"


def reader(pdf: bytes) -> pypdf.PdfReader:
    return pypdf.PdfReader(io.BytesIO(pdf))


def stream(pdf: bytes, page: int = 0) -> str:
    """A page's content stream, as text."""
    return reader(pdf).pages[page].get_contents().get_data().decode("latin-1")


def pixels(pdf: bytes, page: int = 0, dpi: float = 72) -> Picture.Image:
    """The page as RGB pixels, one a point at 72 dpi, from its top left (as the scene)."""
    document = pdfium.PdfDocument(pdf)
    try:
        return document[page].render(scale=dpi / 72, rev_byteorder=True).to_pil().convert("RGB")
    finally:
        document.close()


def card(colour: str = GREEN, id: str = "card-1", bleed: float = 0.0) -> Definition:
    return Definition(id, 50, 60, Group((Rect(0, 0, 50, 60, Style(fill=colour)),)), bleed)


# --- the document --------------------------------------------------------------------------------


def test_each_page_has_its_own_size() -> None:
    pdf = render_pdf([Page(200, 100, ()), Page(595.28, 841.89, ()), Page(100, 200, (), label="third")], FONTS)
    assert pdf.startswith(b"%PDF-1.4\n")
    assert [tuple(p.mediabox) for p in reader(pdf).pages] == [(0, 0, 200, 100), (0, 0, 595.28, 841.89),
                                                               (0, 0, 100, 200)]


def test_the_same_pages_give_the_same_bytes() -> None:
    pages = [Page(200, 100, (Rect(10, 20, 30, 40, Style(fill=RED)), Text(5, 50, "Hi", "body", 12, BLUE)))]
    assert render_pdf(pages, FONTS, "T") == render_pdf(pages, FONTS, "T")
    assert render_pdf(pages, FONTS, "T") != render_pdf(pages, FONTS, "U")


def test_metadata_and_viewer_preferences() -> None:
    pdf = render_pdf([Page(10, 10, ())], FONTS, title="The Anarchy")
    found = reader(pdf)
    assert found.metadata["/Title"] == "The Anarchy"
    assert found.metadata["/Creator"] == f"pnp {__version__}"
    assert found.metadata["/Producer"] == f"pnp {__version__} (reportlab)"
    assert found.metadata["/CreationDate"] == "D:20000101000000+00'00'"  # invariant: no date of its own
    assert dict(found.trailer["/Root"]["/ViewerPreferences"]) == {"/PrintScaling": "/None"}
    duplex = reader(render_pdf([Page(10, 10, ())], FONTS, duplex=True))
    assert dict(duplex.trailer["/Root"]["/ViewerPreferences"]) == {"/PrintScaling": "/None",
                                                                   "/Duplex": "/DuplexFlipLongEdge"}
    assert "/Title" not in duplex.metadata or duplex.metadata["/Title"] in ("", "untitled")


def test_a_pdf_needs_a_font_and_a_page() -> None:
    with pytest.raises(ValueError, match="^a PDF needs at least one font to embed$"):
        render_pdf([Page(10, 10, ())], {})
    with pytest.raises(ValueError, match="^no pages to render$"):
        render_pdf([], FONTS)
    with pytest.raises(ValueError, match="^no pages to render$"):
        render_pdf(iter(()), FONTS)


# --- what each node draws ------------------------------------------------------------------------


def test_the_page_turns_y_down_once() -> None:
    pdf = render_pdf([Page(200, 100, (Rect(10, 20, 30, 40, Style(fill=RED)),))], FONTS)
    assert stream(pdf) == "1 0 0 1 0 0 cm \nq\n1 0 0 -1 0 100 cm\n1 0 0 rg\nn 10 20 30 40 re f*\nQ\n \n"
    image = pixels(pdf)
    assert image.size == (200, 100)
    assert image.getpixel((25, 40)) == (255, 0, 0)  # 20 to 60 from the top
    assert image.getpixel((25, 15)) == (255, 255, 255)
    assert image.getpixel((25, 65)) == (255, 255, 255)
    assert image.getpixel((5, 40)) == (255, 255, 255) and image.getpixel((45, 40)) == (255, 255, 255)


def test_a_stroked_rounded_rect() -> None:
    style = Style(stroke=BLUE, stroke_width=2, line_cap="round", line_join="bevel")
    pdf = render_pdf([Page(10, 10, (Rect(1, 2, 3, 4, style, radius=1),))], FONTS)
    assert stream(pdf).split("\n")[3:-3] == [
        "0 0 1 RG", "2 w", "1 J", "2 j", "n", "2 2 m", "3 2 l", "3.5528 2 4 2.4472 4 3 c", "4 5 l",
        "4 5.5528 3.5528 6 3 6 c", "2 6 l", "1.4472 6 1 5.5528 1 5 c", "1 3 l", "1 2.4472 1.4472 2 2 2 c", "h", "S"]


@pytest.mark.parametrize("cap, join, codes", [("butt", "miter", "0 J|0 j"), ("square", "round", "2 J|1 j")])
def test_caps_and_joins(cap: str, join: str, codes: str) -> None:
    pdf = render_pdf([Page(10, 10, (Rect(1, 2, 3, 4, Style(stroke=RED, stroke_width=0.5, line_cap=cap,
                                                                line_join=join)),))], FONTS)
    assert stream(pdf).split("\n")[3:-3] == ["1 0 0 RG", ".5 w", *codes.split("|"), "n 1 2 3 4 re S"]


def test_filled_and_stroked_and_neither() -> None:
    pdf = render_pdf([Page(10, 10, (Rect(1, 2, 3, 4, Style(fill=RED, stroke=BLUE, stroke_width=1)),
                                    Rect(1, 2, 3, 4, Style(fill=RED, stroke=BLUE, stroke_width=0)),
                                    Rect(1, 2, 3, 4, Style())))], FONTS)
    assert stream(pdf).split("\n")[3:-3] == ["1 0 0 rg", "0 0 1 RG", "1 w", "0 J", "0 j", "n 1 2 3 4 re B*",
                                             "1 0 0 rg", "n 1 2 3 4 re f*", "n 1 2 3 4 re n"]


def test_a_circle_and_paths_with_either_fill_rule() -> None:
    pdf = render_pdf([Page(20, 20, (
        Circle(10, 10, 5, Style(fill="#112233")),
        Path((("M", 0, 0), ("L", 5, 5), ("C", 1, 2, 3, 4, 5, 6), ("Z",)), Style(fill="#ffffff", even_odd=True)),
        Path((("M", 0, 0), ("L", 5, 5)), Style(stroke="#000000", stroke_width=3)),
    ))], FONTS)
    assert stream(pdf).split("\n")[3:-3] == [
        ".066667 .133333 .2 rg",
        "n 15 10 m 15 12.76142 12.76142 15 10 15 c 7.238576 15 5 12.76142 5 10 c 5 7.238576 7.238576 5 10 5 c "
        "12.76142 5 15 7.238576 15 10 c h",
        "f",
        "1 1 1 rg", "n 0 0 m 5 5 l 1 2 3 4 5 6 c h", "f*",
        "0 0 0 RG", "3 w", "0 J", "0 j", "n 0 0 m 5 5 l", "S",
    ]


def test_a_circle_is_round_where_it_is() -> None:
    image = pixels(render_pdf([Page(40, 40, (Circle(20, 10, 8, Style(fill=BLUE)),))], FONTS))
    assert image.getpixel((20, 10)) == (0, 0, 255)
    assert image.getpixel((20, 4)) == (0, 0, 255) and image.getpixel((26, 10)) == (0, 0, 255)
    assert image.getpixel((13, 3)) == (255, 255, 255)  # the box's corner is not the circle's
    assert image.getpixel((20, 30)) == (255, 255, 255)


def test_groups_move_and_clip() -> None:
    pdf = render_pdf([Page(40, 40, (
        Group((Rect(0, 0, 10, 10, Style(fill=RED)),), translate(5, 6), clip=Rect(1, 1, 2, 2, Style())),
        Group((), clip=Path((("M", 0, 0), ("L", 1, 1), ("Z",)), Style())),
    ))], FONTS)
    assert stream(pdf).split("\n")[3:-3] == [
        "q", "1 0 0 1 5 6 cm", "n 1 1 2 2 re W* n", "1 0 0 rg", "n 0 0 10 10 re f*", "Q",
        "q", "1 0 0 1 0 0 cm", "n 0 0 m 1 1 l h W* n", "Q"]
    image = pixels(render_pdf([Page(40, 40, (
        Group((Rect(0, 0, 20, 20, Style(fill=RED)),), scale(2), clip=Rect(2, 2, 4, 4, Style())),
        Group((Rect(0, 0, 40, 40, Style(fill=BLUE)),), translate(20, 20),
              clip=Path((("M", 0, 0), ("L", 10, 0), ("L", 0, 10), ("Z",)), Style())),
    ))], FONTS))
    # the clip is in the group's own units, before its transform: 4 to 12 on the page
    assert [image.getpixel((x, 8)) for x in (3, 5, 11, 13)] == [(255, 255, 255), (255, 0, 0), (255, 0, 0),
                                                                (255, 255, 255)]
    assert image.getpixel((22, 22)) == (0, 0, 255) and image.getpixel((28, 28)) == (255, 255, 255)


def test_text_with_a_halo_is_stroked_then_filled() -> None:
    pdf = render_pdf([Page(40, 40, (Text(10, 20, "Hi", "body", 12, RED, anchor="middle", halo="#ffffff",
                                         halo_width=1),))], FONTS)
    assert stream(pdf).split("\n")[3:-3] == [
        "q", "1 0 0 rg", "1 0 0 -1 10 20 cm", "1 1 1 RG", "2 w", "1 j",
        "BT 1 0 0 1 -5.388 0 Tm 1 Tr /F1+0 12 Tf 14.4 TL (Hi) Tj T* 0 Tr ET",
        "BT 1 0 0 1 -5.388 0 Tm /F1+0 12 Tf 14.4 TL (Hi) Tj T* ET", "Q"]


@pytest.mark.parametrize("anchor, x", [("start", "0"), ("middle", "-5.388"), ("end", "-10.776")])
def test_text_is_anchored_at_its_start_middle_or_end(anchor: str, x: str) -> None:
    pdf = render_pdf([Page(40, 40, (Text(10, 20, "Hi", "body", 12, RED, anchor=anchor, halo=BLUE),))], FONTS)
    assert stream(pdf).split("\n")[3:-3] == ["q", "1 0 0 rg", "1 0 0 -1 10 20 cm",
                                             f"BT 1 0 0 1 {x} 0 Tm /F1+0 12 Tf 14.4 TL (Hi) Tj T* ET", "Q"]
    assert reader(pdf).pages[0].extract_text().strip() == "Hi"


def test_text_stands_upright_on_its_baseline() -> None:
    image = pixels(render_pdf([Page(60, 60, (Text(5, 50, "L", "body", 60, "#000000"),))], FONTS))
    # an L: its stem from the baseline up, its foot along the baseline to the right
    assert image.getpixel((12, 20)) == (0, 0, 0) and image.getpixel((12, 47)) == (0, 0, 0)
    assert image.getpixel((30, 47)) == (0, 0, 0) and image.getpixel((30, 20)) == (255, 255, 255)
    assert image.getpixel((12, 55)) == (255, 255, 255)


def test_fonts_are_named_by_their_place_among_all_the_fonts() -> None:
    pdf = render_pdf([Page(40, 40, (Text(1, 20, "b", "bold", 10, RED),))], BOTH)
    # "body" comes before "bold": bold is F2 whether or not the document draws in body
    assert "/F2+0 10 Tf" in stream(pdf)
    assert list(reader(pdf).pages[0]["/Resources"]["/Font"]) == ["/F2+0"]
    pdf = render_pdf([Page(40, 40, (Text(1, 20, "b", "body", 10, RED),))], BOTH)
    assert "/F1+0 10 Tf" in stream(pdf)
    fonts = [reader(pdf).get_object(f)["/BaseFont"] for f in reader(pdf).pages[0]["/Resources"]["/Font"].values()]
    assert [str(f).split("+")[1] for f in fonts] == ["SourceSansPro-Regular"]


def test_charsets_in_the_order_of_their_codes() -> None:
    assert charsets({"b": frozenset("cba"), "a": frozenset("x"), "z": frozenset("q")}, ["b", "a", "c"]) == {
        "a": "x", "b": "abc"}
    assert list(charsets({"b": frozenset("1"), "a": frozenset("2")}, ["b", "a"])) == ["a", "b"]


def test_a_picture_upright_in_its_box(tmp_path: Path) -> None:
    picture = Picture.new("RGB", (2, 2), (255, 0, 0))
    picture.putpixel((0, 1), (0, 0, 255))  # bottom left
    picture.save(tmp_path / "a.png")
    image = pixels(render_pdf([Page(40, 40, (Image(10, 10, 20, 20, str(tmp_path / "a.png")),))], FONTS))
    assert image.getpixel((15, 15)) == (255, 0, 0) and image.getpixel((25, 25)) == (255, 0, 0)
    assert image.getpixel((15, 25)) == (0, 0, 255)
    assert image.getpixel((5, 5)) == (255, 255, 255) and image.getpixel((35, 35)) == (255, 255, 255)
    grey = pixels(render_pdf([Page(40, 40, (Image(10, 10, 20, 20, str(tmp_path / "a.png"), grey=True),))], FONTS))
    assert grey.getpixel((15, 15)) == (76, 76, 76) and grey.getpixel((15, 25)) == (29, 29, 29)


def test_a_picture_turned_by_its_exif(tmp_path: Path) -> None:
    picture = Picture.new("RGB", (4, 2), (255, 0, 0))
    for y in range(2):
        picture.putpixel((0, y), (0, 0, 255))  # its left column, turned to the top by orientation 6
    exif = Picture.Exif()
    exif[0x0112] = 6
    picture.save(tmp_path / "a.png", exif=exif)
    image = pixels(render_pdf([Page(20, 40, (Image(0, 0, 20, 40, str(tmp_path / "a.png")),))], FONTS))
    assert image.getpixel((10, 3)) == (0, 0, 255) and image.getpixel((10, 30)) == (255, 0, 0)


# --- definitions ---------------------------------------------------------------------------------


def test_a_definition_is_a_form_drawn_once_and_placed_where_it_is_used() -> None:
    page = Page(200, 100, (Use("card-1", translate(100, 0)), Use("card-1", translate(150, 20))), (card(bleed=2),))
    pdf = render_pdf([page, page], FONTS)
    assert stream(pdf).split("\n")[3:-3] == ["q", "1 0 0 1 100 0 cm", "/FormXob.Fcard_1 Do", "Q",
                                             "q", "1 0 0 1 150 20 cm", "/FormXob.Fcard_1 Do", "Q"]
    for number in (0, 1):
        forms = reader(pdf).pages[number]["/Resources"]["/XObject"]
        assert list(forms) == ["/FormXob.Fcard_1"]
        form = forms["/FormXob.Fcard_1"].get_object()
        assert list(form["/BBox"]) == [-2, -2, 52, 62]  # its bleed on every side
        assert form.get_data() == b"1 0 0 1 0 0 cm \nq\n1 0 0 1 0 0 cm\n0 1 0 rg\nn 0 0 50 60 re f*\nQ"
    assert reader(pdf).pages[0]["/Resources"]["/XObject"].raw_get("/FormXob.Fcard_1").idnum == \
        reader(pdf).pages[1]["/Resources"]["/XObject"].raw_get("/FormXob.Fcard_1").idnum  # drawn once
    image = pixels(pdf)
    assert image.getpixel((120, 30)) == (0, 255, 0) and image.getpixel((175, 90)) == (255, 255, 255)
    assert image.getpixel((175, 70)) == (0, 255, 0) and image.getpixel((175, 10)) == (255, 255, 255)


def test_a_definition_alone_on_its_page() -> None:
    pdf = render_pdf([single(card())], FONTS)
    assert tuple(reader(pdf).pages[0].mediabox) == (0, 0, 50, 60)
    assert pixels(pdf).getpixel((25, 30)) == (0, 255, 0)


def test_form_names_are_plain() -> None:
    assert form_name("card-1") == "Fcard_1"
    assert form_name("a_b") == "Fa_b"
    assert form_name("a.b c/d") == "Fa_b_c_d"
    assert form_name("é-x") == "Fé_x"


# --- streams kept and placed again ---------------------------------------------------------------


def test_a_stream_packed_and_unpacked() -> None:
    made = _stream_of("pre", ["a", "b"], ["F1"])
    assert zlib.decompress(made.deflated) == b"pre\na\nb"
    assert made.pack() == b'{"forms": ["F1"], "preamble": "pre"}\n' + made.deflated
    assert Stream.unpack(made.pack()) == made
    assert Stream.unpack(b'{"forms": [], "preamble": ""}\n') == Stream(b"", (), "")
    for damaged in (b"junk", b"[1]\n", b'{"forms": [1], "preamble": "p"}\n', b'{"forms": "F", "preamble": "p"}\n',
                    b'{"forms": [], "preamble": 1}\n', b'{"forms": []}\n', b"\xff\n", b""):
        assert Stream.unpack(damaged) is None, damaged


def test_a_cache_keeps_each_stream_and_places_it_again() -> None:
    cache = FormCache(lambda d: d.id + "-digest")
    page = Page(100, 100, (Use("card-1"),), (card(),))
    first = render_pdf([page], FONTS, cache=cache)
    ((key, kept),) = cache.streams.items()
    assert key == ("card-1-digest", ())
    assert zlib.decompress(kept.deflated) == b"1 0 0 1 0 0 cm \nq\n1 0 0 1 0 0 cm\n0 1 0 rg\nn 0 0 50 60 re f*\nQ"
    assert kept.forms == () and kept.preamble == "1 0 0 1 0 0 cm "
    assert render_pdf([page], FONTS, cache=cache) == first == render_pdf([page], FONTS)
    # what is placed is the stream kept, not drawn again: a blue one kept in its place is drawn blue
    cache.streams[key] = Stream(zlib.compress(zlib.decompress(kept.deflated).replace(b"0 1 0 rg", b"0 0 1 rg")),
                                (), kept.preamble)
    assert pixels(render_pdf([page], FONTS, cache=cache)).getpixel((25, 30)) == (0, 0, 255)


def test_a_stream_drawn_after_another_preamble_is_drawn_again() -> None:
    cache = FormCache(lambda d: "digest")
    page = Page(100, 100, (Use("card-1"),), (card(),))
    render_pdf([page], FONTS, cache=cache)
    (key,) = cache.streams
    cache.streams[key] = Stream(_stream_of("other", ["0 0 1 rg"], []).deflated, (), "other")
    assert pixels(render_pdf([page], FONTS, cache=cache)).getpixel((25, 30)) == (0, 255, 0)
    assert cache.streams[key].preamble != "other"  # drawn, and kept in its place


def test_a_key_holds_the_fonts_characters() -> None:
    cache = FormCache(lambda d: "digest")
    face = Definition("f", 50, 60, Group((Text(1, 20, "ab", "body", 10, RED),)))
    assert cache.key_of(face, {"body": "abc"}) == ("digest", (("body", "abc"),))
    assert cache.key_of(face, {}) == ("digest", (("body", None),))
    pages = [Page(100, 100, (Use("f"),), (face,))]
    render_pdf(pages, FONTS, cache=cache, chars={"body": frozenset("abcd")})
    assert list(cache.streams) == [("digest", (("body", "abcd"),))]


def test_a_form_with_a_picture_is_not_kept(tmp_path: Path) -> None:
    Picture.new("RGB", (1, 1), (255, 0, 0)).save(tmp_path / "a.png")
    cache = FormCache(lambda d: "digest")
    face = Definition("f", 50, 60, Group((Image(0, 0, 5, 5, str(tmp_path / "a.png")),)))
    render_pdf([Page(100, 100, (Use("f"),), (face,))], FONTS, cache=cache)
    assert cache.streams == {}


def test_a_cache_that_saves_keeps_the_last_few_in_memory() -> None:
    saved: dict[str, bytes] = {}
    cache = FormCache(lambda d: d.id, load=saved.get, save=saved.__setitem__, limit=1)
    pages = [Page(100, 100, (Use("a"), Use("b")), (card(id="a"), card(RED, id="b")))]
    first = render_pdf(pages, FONTS, cache=cache)
    assert sorted(saved) == sorted(FormCache.text_of((name, ())) for name in "ab")
    assert list(cache.streams) == [("b", ())]
    assert FormCache.text_of(("a", ())) == __import__("hashlib").sha256(b"('a', ())").hexdigest()
    # one no longer in memory is loaded from where it was saved
    assert render_pdf(pages, FONTS, cache=cache) == first
    assert list(cache.streams) == [("b", ())]
    unsaved = FormCache(lambda d: d.id, limit=1)
    render_pdf(pages, FONTS, cache=unsaved)
    assert list(unsaved.streams) == [("a", ()), ("b", ())]  # (nowhere else to find them)


def test_a_damaged_saved_stream_is_drawn_again() -> None:
    cache = FormCache(lambda d: d.id, load=lambda key: b"damaged", save=lambda key, data: None)
    assert pixels(render_pdf([Page(100, 100, (Use("a"),), (card(id="a"),))], FONTS,
                             cache=cache)).getpixel((25, 30)) == (0, 255, 0)


# --- in a worker process -------------------------------------------------------------------------


def test_skeleton_leaves_the_stored_definitions_empty() -> None:
    a, b = card(id="a", bleed=1), card(id="b")
    (page,) = skeleton([Page(100, 100, (Use("a"), Use("b")), (a, b), "sheet")], {"Fa": "key-a"})
    assert page == Page(100, 100, (Use("a"), Use("b")), (Definition("a", 50, 60, Group(()), 1), b), "sheet")


def test_a_worker_places_stored_forms_and_keeps_those_it_draws(tmp_path: Path) -> None:
    pages = [Page(100, 100, (Use("a"),), (card(id="a"),))]
    chars: dict = {}
    # drawn here (sent whole) and kept for the documents that follow
    pdf = document(pages, FONTS, "T", {}, str(tmp_path), False, chars, drawn={"Fa": "key-a"})
    assert pdf == render_pdf(pages, FONTS, "T")
    assert Stream.unpack(Cache(tmp_path).get("pdf-forms", "key-a")) is not None
    # sent empty: placed from the cache
    assert document(skeleton(pages, {"Fa": "key-a"}), FONTS, "T", {"Fa": "key-a"}, str(tmp_path), False,
                    chars) == pdf
    # sent empty and not in the cache: no document
    assert document(skeleton(pages, {"Fa": "key-b"}), FONTS, "T", {"Fa": "key-b"}, str(tmp_path), False,
                    chars) is None


def test_stored_forms_refuse_what_must_be_there(tmp_path: Path) -> None:
    stored = StoredForms({"Fa": "must"}, str(tmp_path), drawn={"Fb": "may", "Fa": "ignored"})
    assert stored.entries == {"Fa": "must", "Fb": "may"}
    assert stored.key_of(card(id="a"), {}) == "must" and stored.key_of(card(id="c"), {}) is None
    assert stored.find("may") is None
    stored.keep("must", _stream_of("p", [], []))
    assert Cache(tmp_path).get("pdf-forms", "must") is None  # (sent empty: never drawn here)
    stored.keep("may", _stream_of("p", [], []))
    assert stored.find("may") == _stream_of("p", [], [])
    stored.mismatch("may")
    from pnp.render.forms import FormMissing

    with pytest.raises(FormMissing):
        stored.find("must")
    with pytest.raises(FormMissing):
        stored.mismatch("must")


def test_write_pdf_file(tmp_path: Path) -> None:
    assert write_pdf_file(str(tmp_path / "a.pdf"), lambda: b"%PDF-1.4 x") is True
    assert (tmp_path / "a.pdf").read_bytes() == b"%PDF-1.4 x"
    assert write_pdf_file(str(tmp_path / "b.pdf"), lambda: None) is False
    assert not (tmp_path / "b.pdf").exists()


# --- reportlab made quicker, to the same bytes ---------------------------------------------------


def test_ascii_is_encoded_the_quick_way_to_the_same_bytes() -> None:
    for text in ("abc", "(Hi) Tj", "", "a\x17b", "a\x7fb", "é", "\u2019"):
        assert _pdfdoc_encode(text) == _pdfdoc_encode.original(text), repr(text)
    for text in ("a\x18b", "a\x1fb"):  # PDFDocEncoding gives these codes to other characters
        with pytest.raises(UnicodeEncodeError):
            _pdfdoc_encode.original(text)
        with pytest.raises(UnicodeEncodeError):
            _pdfdoc_encode(text)
    assert _pdfdoc_encode(b"bytes") == _pdfdoc_encode.original(b"bytes")


def test_a_path_is_traced_as_reportlabs_own_methods_write_it() -> None:
    """The quick tracing writes the operators reportlab's moveTo, lineTo, curveTo and close
    would, number for number (fp_str's rounding), a path's first moveTo after an "n"; a path
    that does not start with a move goes through reportlab's methods, and fails as they do."""
    import random

    from reportlab.pdfgen.pathobject import PDFPathObject

    from pnp.render.pdf import _Painter

    rng = random.Random(5)
    number = lambda: rng.choice([0, 1, -1, 2.5, 1e-7, 123456.789, rng.uniform(-500, 500)])  # noqa: E731
    for _ in range(50):
        commands = [("M", number(), number())]
        for _ in range(rng.randrange(12)):
            op = rng.choice("MLLCZ")
            commands.append((op,) if op == "Z" else (op, *(number() for _ in range(6 if op == "C" else 2))))
        quick, slow = PDFPathObject(), PDFPathObject()
        _Painter.trace(quick, commands)
        for cmd in commands:
            {"M": slow.moveTo, "L": slow.lineTo, "C": slow.curveTo, "Z": slow.close}[cmd[0]](*cmd[1:])
        assert quick.getCode() == slow.getCode() and quick.getCode().startswith("n ")
        quick.lineTo(1, 2)  # (goes on as reportlab's would)
        slow.lineTo(1, 2)
        assert quick.getCode() == slow.getCode()
    with pytest.raises(AssertionError, match="must start with a moveto"):
        _Painter.trace(PDFPathObject(), [("L", 1, 2)])
