"""A large deck builds in memory that does not grow with it: the workers, and never the main
process, do every job, given a window at a time, each job its own few pages; a Tabletop
Simulator sheet is drawn from its own cards; each page of the contact sheet (split into
pages above 196 faces) is drawn by a worker once its faces' thumbnails are in; the form
cache keeps only its last streams in memory. (The memory and time themselves are measured
by benchmarks/scale.py, not here.)"""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from PIL import Image

from pnp.cli import main

from conftest import digests


def test_the_contact_sheet_is_one_file_up_to_196_faces_then_pages_of_196() -> None:
    from pnp.render.contact import contact_size
    from pnp.kit.files import PER_PAGE, page_files

    assert PER_PAGE == 196
    assert page_files(1) == page_files(196) == ["png/contact-sheet.png"]
    assert page_files(197) == ["png/contact-sheet-01.png", "png/contact-sheet-02.png"]
    assert page_files(1000) == [f"png/contact-sheet-0{n}.png" for n in range(1, 7)]
    assert page_files(99 * 196)[-1] == "png/contact-sheet-99.png"
    assert page_files(99 * 196 + 1)[:2] == ["png/contact-sheet-001.png", "png/contact-sheet-002.png"]
    # a full page of poker cards' thumbnails (188 x 263 px), 14 x 14 of them 8 px apart
    assert contact_size((188, 263), 196) == (14 * 196 + 8, 14 * 271 + 8) == (2752, 3802)
    assert contact_size((188, 263), 1000 - 5 * 196) == (2752, 2 * 271 + 8)


def _build(game: Path, out: Path, *args: str) -> None:
    result = CliRunner().invoke(main, ["build", "--game", str(game), "-o", str(out), *args], catch_exceptions=False)
    assert result.exit_code == 0, result.output


def test_a_deck_larger_than_a_page_has_contact_sheet_pages(mini: Path, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """The mini game's 7 cards on pages of 3 faces: each page's cells are the faces'
    thumbnails in order, each page drawn a row at a time by the workers, ahead of the jobs
    queued, from the thumbnails they sent back (or whole from the faces' files when none was
    drawn again);
    an edited card's page alone is drawn again (patched), as a clean build draws it; pages of
    an earlier build of another size are removed, even by a partial build; the gallery links
    every page."""
    import pnp.render.contact as contact
    import pnp.kit.files as kitfiles
    from pnp.render.png import thumbnail
    from pnp.build.scheduler import Scheduler

    monkeypatch.setattr(kitfiles, "PER_PAGE", 3)
    pages_drawn: list[tuple[str, bool, list[str]]] = []  # each page's file, whether first, its cells' sources
    bands_drawn: list[tuple[bool, list[str]]] = []  # each row drawn apart: whether first, its cells' sources
    add = Scheduler.add

    def watched(self, function, arguments, done=lambda result: None, after=(), first=False, kind=None):
        def made() -> tuple:
            args = arguments()
            if function is contact.draw_contact_page:
                pages_drawn.append((Path(args[0]).name, first,
                                    ["file" if isinstance(source, str) else "thumbnail" for _, source in args[2]]))
            if function is contact.draw_contact_band:
                bands_drawn.append((first, ["thumbnail" for _, source in args[4] if isinstance(source, tuple)]))
            if function is contact.write_contact_page:
                pages_drawn.append((Path(args[0]).name, first, ["band"] * len(args[2])))
            return args
        return add(self, function, made, done, after, first, kind)

    monkeypatch.setattr(Scheduler, "add", watched)
    out = tmp_path / "out"
    only = ["--only", "cards", "--format", "png"]
    _build(mini, out, *only)
    assert sorted(pages_drawn) == [("contact-sheet-01.png", True, ["band"]),  # (each page one row: one band)
                                   ("contact-sheet-02.png", True, ["band"]),
                                   ("contact-sheet-03.png", True, ["band"])]
    assert sorted(bands_drawn) == [(True, ["thumbnail"]), (True, ["thumbnail"] * 3), (True, ["thumbnail"] * 3)]
    faces = [p for p in sorted((out / "png" / "cards").glob("*.png")) if p.stem != "back"]
    assert len(faces) == 7
    pages = sorted(p.name for p in (out / "png").glob("contact-sheet*.png"))
    assert pages == ["contact-sheet-01.png", "contact-sheet-02.png", "contact-sheet-03.png"]
    for page in pages:
        with Image.open(out / "png" / page) as image:
            assert image.size == (2752, 279)  # one row of 14 cells of 188 x 263 px
    # the seventh face (the south's last card) alone on the third page, the sixth last on the second
    with Image.open(out / "png" / "contact-sheet-03.png") as image, Image.open(out / "png" / "cards" / "fleet.png") as face:
        cell = image.convert("RGB").crop((8, 8, 8 + 188, 8 + 263))
        assert cell.tobytes() == thumbnail(face.convert("RGB"), 190).tobytes()
        assert image.getpixel((8 + 196 + 94, 130)) == (255, 255, 255)  # nothing in the next cell
    with Image.open(out / "png" / "contact-sheet-02.png") as image, Image.open(out / "png" / "cards" / "spices.png") as face:
        cell = image.convert("RGB").crop((8 + 2 * 196, 8, 8 + 2 * 196 + 188, 8 + 263))
        assert cell.tobytes() == thumbnail(face.convert("RGB"), 190).tobytes()

    # one card of the second page edited: that page alone changes, as a clean build draws it
    before = digests(out)
    south = mini / "cards" / "south.yaml"
    south.write_text(south.read_text("utf-8").replace("{en: Spices, fr: Épices}", "{en: Pepper, fr: Poivre}"),
                     "utf-8")
    _build(mini, out, *only)
    after = digests(out)
    changed = {name for name in after if before.get(name) != after[name] and name.startswith("png/contact")}
    assert changed == {"png/contact-sheet-02.png"}
    _build(mini, tmp_path / "clean", *only)
    clean = digests(tmp_path / "clean")
    assert {n: after[n] for n in after if n.startswith("png/")} == {n: clean[n] for n in clean if n.startswith("png/")}

    # the whole kit: the gallery links each page
    _build(mini, out)
    gallery = (out / "index.html").read_text("utf-8")
    assert ('Every face at a glance: <a href="png/contact-sheet-01.png">contact-sheet-01.png</a> · '
            '<a href="png/contact-sheet-02.png">contact-sheet-02.png</a> · '
            '<a href="png/contact-sheet-03.png">contact-sheet-03.png</a></p>') in gallery

    # a page of 196 again, in a partial build: one contact sheet, the pages gone from the folder
    # and from the build's record
    monkeypatch.setattr(kitfiles, "PER_PAGE", 196)
    pages_drawn.clear()
    _build(mini, out, *only)
    assert pages_drawn == [("contact-sheet.png", True, ["file"] * 7)]  # no face drawn again
    assert sorted(p.name for p in (out / "png").glob("contact-sheet*.png")) == ["contact-sheet.png"]
    record = json.loads((out / ".pnp-build.json").read_text("utf-8"))
    assert [f for f in record["files"] if "contact-sheet" in f] == ["png/contact-sheet.png"]
    with Image.open(out / "png" / "contact-sheet.png") as image:
        assert image.size == (2752, 279)
    _build(mini, out, "--only", "gallery")
    assert ('Every face at a glance: <a href="png/contact-sheet.png">contact-sheet.png</a></p>'
            in (out / "index.html").read_text("utf-8"))
    # and back to pages: the single sheet goes
    monkeypatch.setattr(kitfiles, "PER_PAGE", 3)
    _build(mini, out, *only)
    assert sorted(p.name for p in (out / "png").glob("contact-sheet*.png")) == pages


def test_each_job_gets_a_pdf_of_its_own_pages(mini: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With jobs of 2 pages and deck sheets of 3 cards, each rasterizing job is sent its 2
    pages (or the last one) to draw, never the set's, and no PDF: the worker makes it; each
    Tabletop Simulator sheet's PDF holds the hidden card and the sheet's own cards, once each."""
    import pnp.exports.tts as tts
    from pnp.build.jobs import render_files
    from pnp.exports.tts import draw_sheet
    from pnp.build.rasterizing import Rasterizing
    from pnp.build.scheduler import Scheduler

    monkeypatch.setattr(Rasterizing, "CHUNK", 2)
    monkeypatch.setattr(tts, "PER_SHEET", 3)
    seen: list[tuple[str, int, int]] = []
    names: list = []
    add = Scheduler.add

    def watched(self, function, arguments, done=lambda result: None, after=(), first=False, kind=None):
        def made() -> tuple:
            args = arguments()
            if function not in (render_files, draw_sheet):
                return args
            made = args[0] if function is draw_sheet else [args[0]]  # (a sheet's: a PDF for each run of characters)
            assert made and all(callable(m) for m in made)  # (pnp.render.pdf.document's, for the worker to call)
            pages = sum(len(m.args[0]) for m in made)
            if function is render_files and "/png/" in args[2][0]:  # (not the Tabletopia images)
                seen.append(("raster", pages, len(args[2])))
            elif function is draw_sheet:
                seen.append(("tts", pages, len(args[5])))  # a list of cells for each page
                names.append((Path(args[2]).name, pages))
            return args
        return add(self, function, made, done, after, first, kind)

    monkeypatch.setattr(Scheduler, "add", watched)
    _build(mini, tmp_path / "out", "--only", "cards", "--only", "tts", "--format", "png")
    rasters = [(pages, drawn) for kind, pages, drawn in seen if kind == "raster"]
    assert rasters and all(pages == drawn <= 2 for pages, drawn in rasters)
    assert sum(drawn for _, drawn in rasters) == 7 + 1  # the faces and the back, once each
    assert all(pages == drawn for kind, pages, drawn in seen if kind == "tts")
    # the deck's sheets of 3, 3 and 1 cards, each with the hidden card, and its back alone
    assert [(re.sub(r"-[0-9a-f]{8}\.jpg$", ".jpg", n[0]), *n[1:]) for n in names if n[0].startswith("cards-")] == [
        ("cards-1.jpg", 4), ("cards-2.jpg", 4), ("cards-3.jpg", 2), ("cards-back.jpg", 1)]


def _pid() -> int:
    return os.getpid()


def test_jobs_go_to_the_workers_a_window_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    from pnp.build.scheduler import Scheduler

    monkeypatch.setattr(Scheduler, "AHEAD", 2)
    made, results = [], []
    with Scheduler(jobs=1) as scheduler:
        jobs = []
        for n in range(12):
            jobs.append(scheduler.add(_pid, lambda n=n: made.append(n) or (), results.append))
            # a job's arguments are made as it is sent, and two at most are out at a time
            assert len(scheduler.sent) <= 2 and len(made) <= n + 1 and len(made) == len(scheduler.sent) + len(results)
        taken: list = []
        scheduler.wait_for(jobs, taken.append)
        assert sorted(made) == list(range(12)) and len(results) == 12 and len(taken) == 12
        assert all(job.finished and job.future is None for job in jobs)
        assert not scheduler.queue and not scheduler.sent


def test_every_job_is_done_by_a_worker_those_after_others_once_they_are_done_first_ones_first(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The main process does no job, not even while it waits; a job `after` others is sent
    once they are done, whatever is queued behind them; a job added `first` goes before the
    jobs queued."""
    from pnp.build.scheduler import Scheduler

    monkeypatch.setattr(Scheduler, "AHEAD", 0)  # nothing sent while they are added
    order: list[str] = []
    pids: list[int] = []
    with Scheduler(jobs=1) as scheduler:
        scheduler.start()
        drawings = [scheduler.add(_pid, lambda n=n: order.append(f"drawing {n}") or (), pids.append)
                    for n in range(3)]
        # (first, before the drawings, but sent after them)
        scheduler.add(_pid, lambda: order.append("print file") or (), pids.append, after=drawings, first=True)
        for n in range(2):
            scheduler.add(_pid, lambda n=n: order.append(f"image {n}") or (), pids.append)
        scheduler.add(_pid, lambda: order.append("contact page") or (), pids.append, first=True)
        scheduler.AHEAD = 1  # then one at a time, as the build's writing of files polls
        while len(pids) < 7:
            scheduler.poll()
            time.sleep(0.01)
    assert os.getpid() not in pids
    assert order == ["contact page", "drawing 0", "drawing 1", "drawing 2", "print file", "image 0", "image 1"]


def test_the_form_cache_keeps_its_last_streams_and_finds_the_others_on_disk() -> None:
    import hashlib

    from pnp.render.forms import FormCache
    from pnp.render.pdf import render_pdf
    from pnp.scene import Page, Text

    from games.test_pictures import GOLDEN_CARDS, font_files, page_for

    disk: dict[str, bytes] = {}
    cache = FormCache(lambda d: hashlib.sha256(repr(d).encode()).hexdigest(), disk.get, disk.__setitem__, limit=1)
    fonts = font_files()
    pages = []
    for card in ("leader", "army"):  # each with a line of its own, as a sheet has
        page = page_for(GOLDEN_CARDS[card])
        pages.append(Page(page.width, page.height, (*page.children, Text(9, 9, card, sorted(fonts)[0], 6, "#000000")),
                          page.definitions))
    first = render_pdf(pages, fonts, cache=cache)
    assert len(cache.streams) == 1 and len(disk) == 2
    assert render_pdf(pages, fonts, cache=cache) == first == render_pdf(pages, fonts)
    assert len(disk) == 2  # both found again, in memory or on disk; neither drawn again


@pytest.mark.parametrize("lost", [False, True])
def test_a_print_file_is_written_by_a_worker_as_this_process_would_write_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lost: bool) -> None:
    """A print file goes to a worker once the card drawings not in the cache are drawn into it,
    by a job of their own; it is sent every drawing in the cache empty, to be placed from there,
    and a picture's drawing, which the cache cannot hold, whole. The file is the one this
    process writes with no cache at all; when a stored drawing has gone by the time the worker
    reads it (`lost`), nothing is written there and this process writes it."""
    from pnp.render import forms
    from pnp.render.pdf import render_pdf
    from pnp.build.outputs import Outputs
    from pnp.scene import Definition, Group, Image as Picture, Page, Use
    from pnp.build.scheduler import Scheduler

    from games.test_pictures import GOLDEN_CARDS, font_files, kit, page_for

    picture = tmp_path / "picture.png"
    Image.new("RGB", (8, 8), "#3060a0").save(picture)
    framed = Definition("framed", 60, 60, Group((Picture(5, 5, 50, 50, str(picture)),)))
    pages = [page_for(GOLDEN_CARDS[card]) for card in ("leader", "army")]
    pages.append(Page(60, 60, (Use("framed"),), (framed,)))
    sent: list[tuple[str, tuple]] = []  # each job's function and arguments, as it is sent
    add = Scheduler.add

    def watched(self, function, arguments, done=lambda result: None, after=(), first=False, kind=None):
        return add(self, function, lambda: sent.append((function.__name__, arguments())) or sent[-1][1], done, after,
                   first, kind)

    monkeypatch.setattr(Scheduler, "add", watched)
    if lost:  # every drawing sent empty has gone (the worker is forked after this)
        find = forms.StoredForms.find

        def gone(self, key):
            if key in self.must:
                raise forms.FormMissing(key)
            return find(self, key)
        monkeypatch.setattr(forms.StoredForms, "find", gone)
    out = tmp_path / "out"
    with Scheduler(jobs=2) as workers:
        outputs = Outputs(out, kit().fonts, workers, None, title="Mini")
        key = outputs.key("pdf", pages)
        jobs = [outputs.write_later(f"print/cards-{paper}.pdf", key, pages) for paper in ("a4", "letter")]
        for paper, job in zip(("a4", "letter"), jobs):
            outputs.drawn(f"print/cards-{paper}.pdf", key, job)
    expected = render_pdf(pages, font_files(), "Mini")
    assert (out / "print" / "cards-a4.pdf").read_bytes() == expected
    assert (out / "print" / "cards-letter.pdf").read_bytes() == expected
    assert outputs.keys == {"print/cards-a4.pdf": key, "print/cards-letter.pdf": key}
    # the drawings first, once for both files (which are sent once they are done)
    assert [name for name, _ in sent] == ["_draw", "write_pdf_file", "write_pdf_file"]
    (drawing,), (path, document), _ = (arguments for _, arguments in sent)
    assert [len(page.definitions) for page in drawing.args[0]] == [1, 1, 1]
    assert path == str(out / "print" / "cards-a4.pdf")
    skeleton, _, _, stored, _, _, _, whole = document.args
    # the two cards went empty, to be placed from the cache; the picture whole
    assert sorted(stored) == sorted(forms.form_name(p.definitions[0].id) for p in pages[:2])
    assert list(whole) == [forms.form_name("framed")]
    assert [d.content.children == () for p in skeleton for d in p.definitions] == [True, True, False]
    assert all((out / ".cache" / "pdf-forms" / key).is_file() for key in stored.values())
    # kept next time: no worker asked
    sent.clear()
    with Scheduler(jobs=1) as workers:
        again = Outputs(out, kit().fonts, workers, None, title="Mini")
        again.previous = {"print/cards-a4.pdf": (key, len(expected))}
        assert again.write_later("print/cards-a4.pdf", key, pages) is None
    assert sent == []


def test_a_build_keeps_each_document_once_and_an_edit_writes_only_the_edited_files(mini: Path,
                                                                                   tmp_path: Path) -> None:
    """Validation's documents are kept in the cache one entry per file, by its content: after
    a card file is edited, the build writes that file's entry alone (the others are left as
    they were), and validation reads the others from there."""
    out = tmp_path / "out"
    only = ["--only", "aid", "--format", "pdf"]
    _build(mini, out, *only)
    folder = out / ".cache" / "documents"
    before = {p.name: p.stat().st_ino for p in folder.iterdir()}
    assert len(before) == len(list(mini.rglob("*.yaml"))) == 22  # every file of the game, once
    south = mini / "cards" / "south.yaml"
    south.write_text(south.read_text("utf-8").replace("{en: Spices, fr: Épices}", "{en: Pepper, fr: Poivre}"),
                     "utf-8")
    _build(mini, out, *only)
    after = {p.name: p.stat().st_ino for p in folder.iterdir()}
    new = set(after) - set(before)
    assert len(new) == 1 and json.loads((folder / new.pop()).read_bytes()[32:])["data"]["cards"][-1]
    assert {name: after[name] for name in before} == before  # none written again


def test_a_kept_stream_is_placed_as_it_was_compressed_and_one_of_another_preamble_is_drawn_again(
        tmp_path: Path) -> None:
    """The cache keeps each drawing's stream as the PDF holds it (compressed, after the
    canvas's preamble): placed in another document as it is. One kept after another
    preamble is drawn again, or, sent empty to a worker, reported missing."""
    import hashlib
    import zlib

    from pnp.render import forms, pdf
    from pnp.render.forms import FormCache, Stream
    from pnp.render.pdf import deflate, render_pdf

    from games.test_pictures import GOLDEN_CARDS, font_files, page_for

    disk: dict[str, bytes] = {}
    fonts = font_files()
    pages = [page_for(GOLDEN_CARDS["leader"])]
    cache = FormCache(lambda d: hashlib.sha256(repr(d).encode()).hexdigest(), disk.get, disk.__setitem__)
    fresh = render_pdf(pages, fonts, cache=cache)
    (entry,) = disk.values()
    stream = Stream.unpack(entry)
    assert stream is not None and stream.pack() == entry and stream.forms == ()
    text = zlib.decompress(stream.deflated).decode("ascii")
    assert text.startswith(stream.preamble + "\n") and deflate(text.encode()) == stream.deflated
    assert Stream.unpack(b"not json\n...") is None and Stream.unpack(b'{"forms": [1], "preamble": ""}\n') is None
    # placed from the cache alone (a new process's cache: nothing in memory)
    again = FormCache(cache.digest, disk.get, disk.__setitem__)
    assert render_pdf(pages, fonts, cache=again) == fresh
    # kept after another preamble: drawn again, the same
    key = next(iter(disk))
    disk[key] = Stream(stream.deflated, stream.forms, "1 0 0 -1 0 792 cm").pack()
    again = FormCache(cache.digest, disk.get, disk.__setitem__)
    assert render_pdf(pages, fonts, cache=again) == fresh and Stream.unpack(disk[key]).preamble == stream.preamble
    disk[key] = Stream(stream.deflated, stream.forms, "1 0 0 -1 0 792 cm").pack()
    folder = tmp_path / "cache"
    (folder / "pdf-forms").mkdir(parents=True)
    from pnp.build.cache import Cache

    Cache(folder).put("pdf-forms", "entry", disk[key])
    name = forms.form_name(pages[0].definitions[0].id)
    stored = forms.StoredForms({name: "entry"}, str(folder))
    assert pdf.document(forms.skeleton(pages, {name: "entry"}), fonts, "", {name: "entry"}, str(folder), False,
                        pdf.characters_by_font(pages)) is None
    assert stored.must == {"entry"}


def test_json_files_are_what_json_dumps_writes_and_the_standard_library_takes_what_orjson_cannot() -> None:
    from pnp.load.files import json_file

    doc = {"title": {"en": "The Anarchy", "fr": "L’Anarchie"}, "sets": {"cards": {"items": [
        {"id": "red-fort", "follows": [1, 2, 4], "scale": 0.1, "x": -12.5, "none": None, "ok": True}]},
        "empty": {"items": [], "groups": {}}}, "quote": "a \"b\" \\ c\n\t\u0001", "big": 2 ** 62}
    expected = (json.dumps(doc, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    assert b"".join(json_file(doc)) == expected and len(list(json_file(doc))) == 1  # (by orjson, at once)
    doc["big"] = 2 ** 70  # past 64 bits: the standard library, in pieces
    assert b"".join(json_file(doc)) == (json.dumps(doc, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    # what JSON cannot hold (a dataclass: a text in its languages) is given by `default`, either way
    from pnp.model.game import Text

    def languages(value: object) -> dict:
        if isinstance(value, Text):
            return {"en": value.get("en", "en"), "fr": value.get("fr", "en")}
        raise TypeError(type(value).__name__)

    title = Text.from_data({"en": "The Anarchy", "fr": "L’Anarchie"})
    for big in (2 ** 62, 2 ** 70):
        with_text = dict(doc, big=big, title=title, names=[title, {"deep": title}])
        plain = dict(doc, big=big, names=[doc["title"], {"deep": doc["title"]}])
        assert b"".join(json_file(with_text, languages)) == \
            (json.dumps(plain, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    with pytest.raises(TypeError):
        b"".join(json_file({"odd": {1, 2}}, languages))


def test_the_texts_the_checks_read_are_not_held_through_the_build(mini: Path) -> None:
    """Every text of every piece in every language, which the glyph and fit checks read, is
    let go once they have run: a build holds the game, not that list beside it."""
    from pnp.checks import printed
    from pnp.checks.validate import validate

    report = validate(mini / "game.yaml")
    assert report.game is not None and "printed" not in report.game.memo
    assert len(printed.printed(report.game)) > 0  # (worked out again if asked for)


def test_a_drawing_alone_on_its_page_is_keyed_by_its_placement_and_its_hash(tmp_path: Path) -> None:
    """A page that shows one drawing alone (a card's own image: thousands in a deck) is keyed
    from its size, label, placement and the drawing's hash rather than pickled whole: the same
    page made again has the same key, and any of them changed changes it."""
    from pnp.build.outputs import Outputs
    from pnp.scene import Definition, Group, Page, Rect, Style, Use, translate
    from pnp.build.scheduler import Scheduler

    from games.test_pictures import kit

    def card(fill: str = "#aa2222", name: str = "card") -> Definition:
        return Definition(name, 50, 70, Group((Rect(0, 0, 50, 70, Style(fill=fill)),)))

    def page(d: Definition, width: float = 50, height: float = 70, label: str = "",
             at: tuple[float, float] = (0, 0)) -> Page:
        return Page(width, height, (Use(d.id, translate(*at)),), (d,), label)

    with Scheduler(jobs=1) as workers:
        outputs = Outputs(tmp_path, kit().fonts, workers, None)
        first = outputs.key("png", page(card()))
        assert outputs.key("png", page(card())) == first
        changed = [page(card(fill="#22aa22")), page(card(name="other")), page(card(), width=51),
                   page(card(), height=71), page(card(), label="front"), page(card(), at=(1, 0))]
        keys = {outputs.key("png", p) for p in changed}
        assert len(keys) == len(changed) and first not in keys
        # two placements go the general way (the page pickled), and differ from them all
        two = Page(50, 70, (Use("card"), Use("card", translate(1, 0))), (card(),))
        assert outputs.key("png", two) not in keys | {first}


def test_a_sheet_is_keyed_by_its_cells_written_out_and_its_other_nodes_hashes(tmp_path: Path) -> None:
    """A print sheet (cells that each place a drawing clipped to the cell, crop marks, a label)
    is keyed from its nodes written out as text, not pickled: the same sheet made again from
    new objects has the same key; a cell's drawing, place or clip, the label, a line, a node
    more or a drawing's content changed each give another."""
    from pnp.build.outputs import Outputs
    from pnp.scene import Definition, Group, Page, Path as PathNode, Rect, Style, Text, Use, translate
    from pnp.build.scheduler import Scheduler

    from games.test_pictures import kit

    def card(name: str, fill: str = "#aa2222") -> Definition:
        return Definition(name, 50, 70, Group((Rect(0, 0, 50, 70, Style(fill=fill)),)))

    def sheet(names=("a", "b"), fill="#aa2222", at=60.0, clip=50.0, label="cards · fronts · 1 of 1",
              line=((0, 0), (5, 0)), more=()) -> Page:
        cells = tuple(Group((Use(n, translate(i * at, 0)),), clip=Rect(i * at, 0, clip, 70, Style()))
                      for i, n in enumerate(names))
        marks = (PathNode((("M", *line[0]), ("L", *line[1])), Style(stroke="#000000", stroke_width=0.25)),)
        words = (Text(100, 200, label, "body", 7, "#5f5f5f", "middle"),)
        return Page(210, 297, cells + marks + words + tuple(more), tuple(card(n, fill) for n in names), "01")

    with Scheduler(jobs=1) as workers:
        outputs = Outputs(tmp_path, kit().fonts, workers, None)
        first = outputs.key("pdf", [sheet()])
        assert outputs.key("pdf", [sheet()]) == first
        changed = [sheet(names=("a", "c")), sheet(fill="#22aa22"), sheet(at=61.0), sheet(clip=49.0),
                   sheet(label="cards · fronts · 1 of 2"), sheet(line=((0, 0), (6, 0))),
                   sheet(more=(Rect(0, 0, 1, 1, Style(fill="#000000")),)), sheet(names=("b", "a"))]
        keys = {outputs.key("pdf", [p]) for p in changed}
        assert len(keys) == len(changed) and first not in keys


def test_tabletop_simulator_sheets_place_the_drawings_of_the_print_files(mini: Path, tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Tabletop Simulator's sheets are started once the print files are known: each card that
    looks the same run out is drawn as its print file draws it (its drawing with the bleed,
    placed from the cache once the job that draws it there is done), not drawn again."""
    from pnp.exports.tts import draw_sheet
    from pnp.build.scheduler import Scheduler

    sheets: list[tuple[list, list]] = []
    add = Scheduler.add

    def watched(self, function, arguments, done=lambda result: None, after=(), first=False, kind=None):
        if function is draw_sheet:
            def made() -> tuple:
                args = arguments()
                sheets.append(([d.made_from[:1] for m in args[0] for page in m.args[0] for d in page.definitions],
                               list(after)))
                return args
            return add(self, function, made, done, after, first, kind)
        return add(self, function, arguments, done, after, first, kind)

    monkeypatch.setattr(Scheduler, "add", watched)
    _build(mini, tmp_path / "out", "--only", "cards", "--only", "tts")
    bled = [after for drawn, after in sheets if drawn == [("with_bleed",)] * len(drawn)]
    assert bled and all(bled)  # (a set whose cards run out alike: placed once the PNG images' jobs drew them)
    assert all(drawn == [()] * len(drawn) and not after for drawn, after in sheets
               if drawn != [("with_bleed",)] * len(drawn))  # (another's, rounded: drawn as they are)
