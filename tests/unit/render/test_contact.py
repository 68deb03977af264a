"""pnp.render.contact: the deck's faces as thumbnails in a grid on white, 14 to a row, 8 px apart
and round; one sheet (png/contact-sheet.png) up to 196 faces, else pages of 196
(contact-sheet-01.png ...); each page kept when its faces are unchanged, patched where a few
changed, or drawn by a worker once its last thumbnail is in, from the thumbnails and the files
of the faces not drawn again; the pages of an earlier build of another size removed."""

from __future__ import annotations

import io
import zlib
from pathlib import Path

import pytest
from PIL import Image

from pnp.render import contact
from pnp.render.contact import (COLUMNS, GAP, PATCH_LIMIT, THUMB_WIDTH, ContactSheet, blank, contact_size,
                                draw_contact_page, paste, patch_contact_sheet, rows_of, sheet_png)

COLOURS = {"red": (255, 0, 0), "green": (0, 128, 0), "blue": (0, 0, 255), "grey": (128, 128, 128),
           "white": (255, 255, 255), "black": (0, 0, 0)}


def pdf(*pages: tuple[str, tuple[int, int]]) -> bytes:
    """A PDF of solid colour pages, each its size in px at 72 dpi."""
    images = [Image.new("RGB", size, colour) for colour, size in pages]
    out = io.BytesIO()
    images[0].save(out, "PDF", save_all=True, append_images=images[1:], resolution=72)
    return out.getvalue()


def colour(image: Image.Image, x: int, y: int) -> str:
    """The named colour nearest a pixel's."""
    pixel = image.convert("RGB").getpixel((x, y))
    return min(COLOURS, key=lambda n: sum((a - b) ** 2 for a, b in zip(COLOURS[n], pixel)))


def cells(image: Image.Image, thumb: tuple[int, int], count: int, columns: int = COLUMNS) -> list[str]:
    """The colour at the middle of each cell."""
    w, h = thumb
    return [colour(image, GAP + (i % columns) * (w + GAP) + w // 2, GAP + (i // columns) * (h + GAP) + h // 2)
            for i in range(count)]


def thumb(name: str, size: tuple[int, int] = (10, 14)) -> tuple[bytes, tuple[int, int]]:
    """A thumbnail as the workers send it: zlib-compressed RGB, and its size."""
    return zlib.compress(Image.new("RGB", size, name).tobytes()), size


def test_constants() -> None:
    assert (COLUMNS, THUMB_WIDTH, PATCH_LIMIT, GAP) == (14, 190, 32, 8)


def test_the_size_of_a_sheet() -> None:
    """Columns of thumbnails and rows enough for them, GAP between them and round them."""
    assert contact_size((188, 263), 14) == (14 * 196 + 8, 271 + 8)  # 2,752 px wide
    assert contact_size((188, 263), 15) == (2752, 2 * 271 + 8)
    assert contact_size((188, 263), 196) == (2752, 14 * 271 + 8)
    assert contact_size((10, 20), 7, columns=3) == (3 * 18 + 8, 3 * 28 + 8)
    assert contact_size((10, 20), 6, columns=3, gap=2) == (3 * 12 + 2, 2 * 22 + 2)
    assert contact_size((10, 20), 1) == (14 * 18 + 8, 28 + 8)


def test_a_thumbnail_pasted_into_its_cell() -> None:
    sheet = blank((10, 20), 6, 3)
    assert (sheet.mode, sheet.size) == ("RGB", (3 * 18 + 8, 2 * 28 + 8))
    assert colour(sheet, 0, 0) == "white" and colour(sheet, 61, 63) == "white"
    paste(sheet, 4, Image.new("RGB", (10, 20), "red"), 3)  # the second row's second cell
    box = (8 + 18, 8 + 28, 8 + 18 + 10, 8 + 28 + 20)
    assert [colour(sheet, x, y) for x, y in ((box[0], box[1]), (box[2] - 1, box[3] - 1))] == ["red", "red"]
    assert [colour(sheet, x, y) for x, y in ((box[0] - 1, box[1]), (box[0], box[1] - 1), (box[2], box[3] - 1),
                                            (box[2] - 1, box[3]))] == ["white"] * 4
    paste(sheet, 1, Image.new("RGB", (10, 20), "blue"), columns=3, gap=0)  # (no gap: the second cell's place is 10)
    assert colour(sheet, 10, 0) == "blue" and colour(sheet, 9, 0) == "white"
    assert blank((10, 20), 15).size == (14 * 18 + 8, 2 * 28 + 8)  # 14 columns unless told


def test_a_page_drawn_from_thumbnails_and_files(tmp_path: Path) -> None:
    """Its size the first thumbnail's; a cell given as a file is that face's picture reduced
    to at most the thumbnail's width; a cell not given left white."""
    face = tmp_path / "face.png"
    Image.new("RGBA", (40, 56), "green").save(face)  # (reduced by 4: 10 x 14)
    path = tmp_path / "png" / "contact-sheet.png"
    draw_contact_page(str(path), 5, [(0, thumb("red")), (2, str(face)), (3, thumb("blue"))], 10, 2)
    with Image.open(path) as sheet:
        assert (sheet.format, sheet.mode, sheet.size) == ("PNG", "RGB", (2 * 18 + 8, 3 * 22 + 8))
        assert cells(sheet, (10, 14), 5, 2) == ["red", "white", "green", "blue", "white"]
    draw_contact_page(str(path), 2, [(1, str(face)), (0, thumb("red", (20, 28)))], 20)  # (reduced by 2: 20 x 28)
    with Image.open(path) as sheet:
        assert sheet.size == contact_size((20, 28), 2)
        assert cells(sheet, (20, 28), 2) == ["red", "green"]


def test_a_page_patched_by_a_worker(tmp_path: Path) -> None:
    """The changed faces drawn from their PDF into their cells of the page as it was; a page of
    another size left as it is."""
    path = tmp_path / "contact-sheet.png"
    page = blank((10, 14), 5, 3)
    page.paste(Image.new("RGB", page.size, "grey"))
    page.save(path)
    assert patch_contact_sheet(pdf(("red", (20, 28)), ("blue", (20, 28))), 72, 10, [4, 0], 5, 3, str(path))
    with Image.open(path) as sheet:
        assert (sheet.mode, sheet.size) == ("RGB", (3 * 18 + 8, 2 * 22 + 8))
        assert cells(sheet, (10, 14), 5, 3) == ["blue", "grey", "grey", "grey", "red"]
    before = path.read_bytes()
    assert patch_contact_sheet(pdf(("red", (20, 28))), 72, 10, [1], 7, 3, str(path)) is False  # (3 rows: not this)
    assert patch_contact_sheet(pdf(("red", (20, 28))), 72, 10, [1], 5, 4, str(path)) is False
    assert path.read_bytes() == before


@pytest.mark.parametrize("mode", ["P", "RGBA"])
def test_a_page_of_another_mode_is_patched_in_rgb(tmp_path: Path, mode: str) -> None:
    path = tmp_path / "contact-sheet.png"
    Image.new(mode, contact_size((10, 14), 2, 2), 0).save(path)  # (black: palette entry 0, or no colour at all)
    assert patch_contact_sheet(pdf(("red", (10, 14))), 72, 10, [1], 2, 2, str(path)) is True
    with Image.open(path) as sheet:
        assert sheet.mode == "RGB"
        assert cells(sheet, (10, 14), 2, 2) == ["black", "red"]


# --- the contact sheet of a build ------------------------------------------------------------------

class Workers:
    """The build's workers (pnp.build.scheduler.Scheduler), each job run in this process when it is
    waited for, its result given to `done`."""

    def __init__(self) -> None:
        self.added: list[dict] = []
        self.log: list[tuple] = []

    def add(self, function, arguments, done=lambda result: None, after=(), first=False) -> str:
        job = f"job {len(self.added) + 1}"
        self.added.append({"job": job, "function": function, "make": arguments, "done": done, "first": first,
                           "after": list(after), "run": False})
        added = self.added[-1]
        added["arguments"] = lambda: self.sent(added)
        self.log.append(("add", job, function.__name__, first))
        return job

    @staticmethod
    def sent(job: dict) -> tuple:
        """A job's arguments, worked out once (when it is sent)."""
        if "sent" not in job:
            job["sent"] = job["make"]()
        return job["sent"]

    def job(self, name: str) -> dict:
        return next(a for a in self.added if a["job"] == name)

    def wait_for(self, jobs) -> None:
        self.log.append(("wait for", list(jobs)))
        for name in jobs:
            job = self.job(name)
            self.wait_for(job["after"]) if job["after"] else None
            if not job["run"]:
                job["run"] = True
                job["done"](job["function"](*job["arguments"]()))


class Outputs:
    """A build's outputs (pnp.build.outputs.Outputs) as the contact sheet uses them: `previous` is
    what an earlier build left (each file's key and size), `there` the files still there."""

    def __init__(self, out: Path, previous: dict | None = None, there: set[str] = ()) -> None:
        self.out = out
        self.previous = previous or {}
        self.there = set(there) if there else set(self.previous)
        self.workers = Workers()
        self.log: list[tuple] = []
        self.progress = self

    def path(self, relative: str) -> str:
        return str(self.out / relative)

    def key(self, *parts) -> str:
        return "key " + repr(parts)

    def earlier_key(self, relative: str) -> str | None:
        return self.previous[relative][0] if relative in self.previous and relative in self.there else None

    def reusable(self, relative: str, key: str, counted: bool = True) -> bool:
        self.log.append(("reusable", relative, counted))
        return self.earlier_key(relative) == key

    def forget(self, relative: str) -> None:
        self.log.append(("forget", relative))

    def document(self, pages) -> bytes:
        return pdf(*pages)

    def advance(self, files: int = 1) -> None:
        self.log.append(("advance", files))

    def made(self, relative: str, key: str) -> None:
        self.log.append(("made", relative, key))


class Pngs:
    """The faces' PNG images being rasterized (pnp.build.rasterizing.Rasterizing): the pages (here a
    colour and a size each), their files and keys, and which of them are drawn again."""

    def __init__(self, out: Path, faces: list[str], pending: list[int], keys: list[str] | None = None) -> None:
        self.pages = [(c, (20, 28)) for c in faces]
        self.dpi = 72
        self.relative = [f"png/cards/{i}.png" for i in range(len(faces))]
        self.paths = [str(out / r) for r in self.relative]
        self.keys = keys or [f"k{i}" for i in range(len(faces))]
        self.pending = pending
        self.log: list[tuple] = []
        for i, c in enumerate(faces):
            if i not in pending:  # a face an earlier build drew
                Path(self.paths[i]).parent.mkdir(parents=True, exist_ok=True)
                Image.new("RGB", (20, 28), c).save(self.paths[i])

    def start(self, thumb_width: int, thumbs, upto: int) -> None:
        self.log.append(("start", thumb_width, upto))
        self.thumbs = thumbs

    def __call__(self) -> None:
        self.log.append(("waited",))


@pytest.fixture(autouse=True)
def small(monkeypatch: pytest.MonkeyPatch) -> None:
    """Thumbnails 10 px wide (a face of 20 px reduced by 2), on pages of 4 faces in 3 columns."""
    monkeypatch.setattr(contact, "THUMB_WIDTH", 10)
    monkeypatch.setattr(contact, "COLUMNS", 3)
    monkeypatch.setattr(contact.kitfiles, "PER_PAGE", 4)


def page_key(o: Outputs, keys: list[str]) -> str:
    return o.key("contact-sheet", keys, 10, 3)


def test_a_sheet_drawn_a_row_at_a_time_as_the_thumbnails_come(tmp_path: Path) -> None:
    """A page whose every face is drawn again: each row of it (a band: rows_of) is drawn by a
    worker as soon as its last thumbnail is in, the thumbnails let go once sent; once every
    row is sent, another worker writes the file from the bands, top to bottom."""
    o = Outputs(tmp_path)
    pngs = Pngs(tmp_path, ["red", "green", "blue", "grey"], [0, 1, 2, 3])
    sheet = ContactSheet(o, pngs, 4)
    assert [p.relative for p in sheet.pages] == ["png/contact-sheet.png"]
    assert (sheet.pages[0].cells, sheet.pages[0].key, sheet.pages[0].to_come, sheet.pages[0].left) == (
        range(0, 4), page_key(o, ["k0", "k1", "k2", "k3"]), 4, {0: 3, 1: 1})
    assert o.log == [("reusable", "png/contact-sheet.png", False)]
    assert pngs.log == [("start", 10, 4)]
    pngs.thumbs(2, *thumb("blue"))
    pngs.thumbs(0, *thumb("red"))
    assert o.workers.added == []
    pngs.thumbs(3, *thumb("grey"))  # (the second row's only face: that row first)
    assert o.workers.log == [("add", "job 1", "draw_contact_band", True)]
    assert o.workers.job("job 1")["arguments"]() == (4, 3, 30, 52, [(3, thumb("grey"))])
    pngs.thumbs(1, *thumb("green"))
    assert o.workers.log[1:] == [("add", "job 2", "draw_contact_band", True),
                                 ("add", "job 3", "write_contact_page", True)]
    assert o.workers.job("job 2")["arguments"]() == (4, 3, 0, 30, [(0, thumb("red")), (1, thumb("green")),
                                                                    (2, thumb("blue"))])
    assert sheet.pages[0].thumbs == {}  # (let go once sent)
    assert o.workers.job("job 3")["after"] == ["job 1", "job 2"]
    o.log.clear()
    sheet()
    assert pngs.log[-1] == ("waited",)
    assert o.workers.log[-2:] == [("wait for", ["job 3"]), ("wait for", ["job 1", "job 2"])]
    assert o.log == [("made", "png/contact-sheet.png", page_key(o, ["k0", "k1", "k2", "k3"]))]
    with Image.open(tmp_path / "png/contact-sheet.png") as drawn:
        assert drawn.size == contact_size((10, 14), 4, 3) == (62, 52)
        assert cells(drawn, (10, 14), 4, 3) == ["red", "green", "blue", "grey"]
        drawn.load()
        whole = blank((10, 14), 4, 3)
        for cell, name in enumerate(["red", "green", "blue", "grey"]):
            paste(whole, cell, Image.new("RGB", (10, 14), name), 3)
        assert drawn.tobytes() == whole.tobytes()
    # the same bytes as a page drawn whole (from the faces' files, or patched): a rebuild's are a clean build's
    assert (tmp_path / "png/contact-sheet.png").read_bytes() == sheet_png(whole, (10, 14), 4, 3)


def test_the_bands_of_a_sheet_and_its_file_written_band_by_band(tmp_path: Path) -> None:
    """A row of thumbnails with the gap under it, the first with the gap above too; each band
    deflated apart, the file one zlib stream whatever the order the bands were drawn in."""
    assert rows_of((10, 14), 4, 3) == [(0, 30), (30, 52)]
    assert rows_of((10, 14), 7, 3) == [(0, 30), (30, 52), (52, 74)]
    assert rows_of((10, 14), 7, 3)[-1][1] == contact_size((10, 14), 7, 3)[1]
    sheet = blank((10, 14), 7, 3)
    for cell in range(7):
        paste(sheet, cell, Image.effect_noise((10, 14), 80).convert("RGB"), 3)
    data = sheet_png(sheet, (10, 14), 7, 3)
    with Image.open(io.BytesIO(data)) as read:
        read.load()
        assert (read.mode, read.size, read.tobytes()) == ("RGB", sheet.size, sheet.tobytes())
    raw = zlib.decompress(data[data.index(b"IDAT") + 4:data.index(b"IEND") - 8])  # (its checksum checked)
    assert len(raw) == sheet.height * (sheet.width * 3 + 1)
    from pnp.render.png import band

    assert band(sheet.crop((0, 30, 62, 52)), None, False) != band(sheet.crop((0, 30, 62, 52)),
                                                                  sheet.crop((0, 29, 62, 30)), False)


def test_pages_of_a_large_deck(tmp_path: Path) -> None:
    """A page of PER_PAGE faces (here 4) each, drawn from the thumbnails of its own faces and
    the files of those an earlier build drew."""
    faces = ["red", "green", "blue", "grey", "black", "red"]
    o = Outputs(tmp_path)
    pngs = Pngs(tmp_path, faces, [0, 2, 4, 5])
    sheet = ContactSheet(o, pngs, 6)
    assert [(p.relative, p.cells, p.to_come) for p in sheet.pages] == [
        ("png/contact-sheet-01.png", range(0, 4), 2), ("png/contact-sheet-02.png", range(4, 6), 2)]
    assert sheet.pages[1].key == page_key(o, ["k4", "k5"])
    assert pngs.log == [("start", 10, 6)]
    pngs.thumbs(4, *thumb("black"))
    pngs.thumbs(0, *thumb("red"))
    pngs.thumbs(5, *thumb("red"))  # (the second page's faces all drawn again: a band of its one row)
    assert [(a["function"].__name__, a["after"]) for a in o.workers.added] == [
        ("draw_contact_band", []), ("write_contact_page", ["job 1"])]
    assert o.workers.added[0]["arguments"]() == (2, 3, 0, 30, [(0, thumb("black")), (1, thumb("red"))])
    pngs.thumbs(2, *thumb("blue"))
    assert o.workers.added[2]["arguments"]() == (
        str(tmp_path / "png/contact-sheet-01.png"), 4,
        [(0, thumb("red")), (1, pngs.paths[1]), (2, thumb("blue")), (3, pngs.paths[3])], 10, 3)
    o.log.clear()
    sheet()
    assert o.workers.log[-3:] == [("wait for", ["job 3"]), ("wait for", ["job 2"]), ("wait for", ["job 1"])]
    assert [entry[:2] for entry in o.log] == [("made", "png/contact-sheet-01.png"), ("made", "png/contact-sheet-02.png")]
    with Image.open(tmp_path / "png/contact-sheet-01.png") as drawn:
        assert cells(drawn, (10, 14), 4, 3) == ["red", "green", "blue", "grey"]


def test_a_page_nobody_draws_again_is_drawn_from_the_files(tmp_path: Path) -> None:
    o = Outputs(tmp_path)
    pngs = Pngs(tmp_path, ["red", "green"], [])
    sheet = ContactSheet(o, pngs, 2)
    assert sheet.pages[0].to_come == 0 and o.workers.added == []
    sheet()
    assert o.workers.log == [("add", "job 1", "draw_contact_page", True), ("wait for", ["job 1"])]
    assert o.workers.added[0]["arguments"]()[2] == [(0, pngs.paths[0]), (1, pngs.paths[1])]
    with Image.open(tmp_path / "png/contact-sheet.png") as drawn:
        assert cells(drawn, (10, 14), 2, 3) == ["red", "green"]


def test_pages_an_earlier_build_left_are_kept(tmp_path: Path) -> None:
    """A page drawn from the same faces is kept (counted once the faces are waited for); a
    thumbnail for it is not kept."""
    first = Outputs(tmp_path)
    kept_key = page_key(first, ["k0", "k1", "k2", "k3"])
    o = Outputs(tmp_path, {"png/contact-sheet-01.png": (kept_key, 100)})
    pngs = Pngs(tmp_path, ["red", "green", "blue", "grey", "black"], [0, 4])
    sheet = ContactSheet(o, pngs, 5)
    assert [(p.kept, p.to_come) for p in sheet.pages] == [(True, 0), (False, 1)]
    pngs.thumbs(0, *thumb("red"))
    assert sheet.pages[0].thumbs == {} and o.workers.added == []
    pngs.thumbs(4, *thumb("black"))
    o.log.clear()
    sheet()
    assert o.log == [("advance", 1), ("made", "png/contact-sheet-02.png", page_key(o, ["k4"]))]  # (the kept one
    # counted already as it was kept, by `reusable`)
    assert o.workers.log == [("add", "job 1", "draw_contact_band", True), ("add", "job 2", "write_contact_page", True),
                             ("wait for", ["job 2"]), ("wait for", ["job 1"])]  # (its one face drawn again: in bands)


def test_the_pages_of_another_size_are_removed(tmp_path: Path) -> None:
    previous = {f: ("old", 1) for f in ("png/contact-sheet.png", "png/contact-sheet-02.png", "png/contact-sheet-01.png",
                                        "png/contact-sheet-1.jpg", "png/cards/0.png", "png/contact-sheet-01.png.tmp")}
    o = Outputs(tmp_path, previous)
    ContactSheet(o, Pngs(tmp_path, ["red"], [0]), 1)
    assert [entry for entry in o.log if entry[0] == "forget"] == [
        ("forget", "png/contact-sheet-01.png"), ("forget", "png/contact-sheet-02.png")]
    o = Outputs(tmp_path, previous)
    ContactSheet(o, Pngs(tmp_path, ["red"] * 5, [0]), 5)
    assert [entry for entry in o.log if entry[0] == "forget"] == [("forget", "png/contact-sheet.png")]


def earlier(o: Outputs, faces: int, changed: set[int], relative: str = "png/contact-sheet.png") -> dict:
    """What an earlier build left: a page drawn from its faces' keys, `changed` of which are
    drawn from other content now."""
    keys = [f"old{i}" if i in changed else f"k{i}" for i in range(faces)]
    found = {f"png/cards/{i}.png": (key, 10) for i, key in enumerate(keys)}
    found[relative] = (page_key(o, keys), 1000)
    return found


def test_a_page_with_a_few_faces_changed_is_patched(tmp_path: Path) -> None:
    """A worker draws the changed faces into the earlier page (their thumbnails are not
    kept); a page patched is made."""
    o = Outputs(tmp_path)
    o.previous = earlier(o, 4, {1, 3})
    o.there = set(o.previous)
    old = blank((10, 14), 4, 3)
    old.paste(Image.new("RGB", old.size, "grey"))
    (tmp_path / "png").mkdir()
    old.save(tmp_path / "png/contact-sheet.png")
    pngs = Pngs(tmp_path, ["red", "green", "blue", "black"], [1, 3])
    sheet = ContactSheet(o, pngs, 4)
    assert o.workers.log == [("add", "job 1", "patch_contact_sheet", False)]
    assert o.workers.added[0]["arguments"]() == (pdf(("green", (20, 28)), ("black", (20, 28))), 72, 10, [1, 3], 4, 3,
                                                 str(tmp_path / "png/contact-sheet.png"))
    assert sheet.pages[0].to_come == 0
    pngs.thumbs(1, *thumb("green"))
    pngs.thumbs(3, *thumb("black"))
    assert sheet.pages[0].thumbs == {} and len(o.workers.added) == 1
    o.log.clear()
    sheet()
    assert o.workers.log[1:] == [("wait for", ["job 1"])]
    assert sheet.pages[0].patched is True
    assert o.log == [("made", "png/contact-sheet.png", page_key(o, ["k0", "k1", "k2", "k3"]))]
    with Image.open(tmp_path / "png/contact-sheet.png") as drawn:
        assert cells(drawn, (10, 14), 4, 3) == ["grey", "green", "grey", "black"]


def test_a_patch_that_does_not_fit_draws_the_whole_page(tmp_path: Path) -> None:
    """An earlier page not of the size expected: drawn again whole, from every face's file."""
    o = Outputs(tmp_path)
    o.previous = earlier(o, 2, {0})
    o.there = set(o.previous)
    (tmp_path / "png").mkdir()
    Image.new("RGB", (5, 5), "grey").save(tmp_path / "png/contact-sheet.png")
    pngs = Pngs(tmp_path, ["red", "green"], [0])
    for i, c in enumerate(["red", "green"]):  # (the worker drew the face again)
        Image.new("RGB", (20, 28), c).save(pngs.paths[i])
    sheet = ContactSheet(o, pngs, 2)
    sheet()
    assert sheet.pages[0].patched is False
    assert [entry[2] for entry in o.workers.log if entry[0] == "add"] == ["patch_contact_sheet", "draw_contact_page"]
    assert o.workers.added[1]["arguments"]()[2] == [(0, pngs.paths[0]), (1, pngs.paths[1])]
    assert o.workers.log[-1] == ("wait for", ["job 2"])
    with Image.open(tmp_path / "png/contact-sheet.png") as drawn:
        assert cells(drawn, (10, 14), 2, 3) == ["red", "green"]


def test_no_patch_when_too_many_faces_changed_or_the_page_is_another(tmp_path: Path) -> None:
    monkey = pytest.MonkeyPatch()
    monkey.setattr(contact.kitfiles, "PER_PAGE", 40)
    try:
        for changed, patched in ((set(range(32)), True), (set(range(33)), False)):
            o = Outputs(tmp_path)
            o.previous = earlier(o, 34, changed)
            o.there = set(o.previous)
            sheet = ContactSheet(o, Pngs(tmp_path, ["red"] * 34, sorted(changed)), 34)
            assert (sheet.pages[0].patch is not None) is patched, len(changed)
            assert sheet.pages[0].to_come == (0 if patched else 33)
    finally:
        monkey.undo()
    o = Outputs(tmp_path)
    o.previous = earlier(o, 2, {0})
    o.previous["png/contact-sheet.png"] = ("drawn from something else", 1000)
    o.there = set(o.previous)
    sheet = ContactSheet(o, Pngs(tmp_path, ["red", "green"], [0]), 2)
    assert sheet.pages[0].patch is None and sheet.pages[0].to_come == 1
    o = Outputs(tmp_path)
    o.previous = earlier(o, 2, {0})
    o.there = set(o.previous) - {"png/contact-sheet.png"}  # (gone since)
    sheet = ContactSheet(o, Pngs(tmp_path, ["red", "green"], [0]), 2)
    assert sheet.pages[0].patch is None


def test_the_faces_the_earlier_page_was_drawn_from(tmp_path: Path) -> None:
    """The earlier build's key of each face (none: an empty one) makes the earlier page's key."""
    o = Outputs(tmp_path)
    o.previous = {"png/cards/1.png": ("k1", 10),
                  "png/contact-sheet.png": (page_key(o, ["", "k1"]), 1000)}
    o.there = set(o.previous)
    sheet = ContactSheet(o, Pngs(tmp_path, ["red", "green"], [0]), 2)
    assert sheet.pages[0].patch is not None
    assert o.workers.added[0]["arguments"]()[3] == [0]


def test_a_later_page_patched_in_its_own_cells(tmp_path: Path) -> None:
    o = Outputs(tmp_path)
    o.previous = earlier(o, 6, {5}, "png/contact-sheet-02.png")
    o.previous["png/contact-sheet-02.png"] = (page_key(o, ["k4", "old5"]), 1000)
    o.there = set(o.previous)
    sheet = ContactSheet(o, Pngs(tmp_path, ["red"] * 6, [5]), 6)
    assert [p.patch is not None for p in sheet.pages] == [False, True]
    assert o.workers.job(sheet.pages[1].patch)["arguments"]()[3:] == (
        [1], 2, 3, str(tmp_path / "png/contact-sheet-02.png"))  # face 5: the page's second cell of 2
