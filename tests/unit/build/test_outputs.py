"""pnp.build.outputs: a build's outputs. Each is keyed by what it is drawn from (the scene's values,
the fonts and art, pnp's code and the libraries' versions); an output an earlier build left
is kept only when its key is the same and it still has the size that build recorded; every
file is written whole or not at all; and what shows a whole set or is a picture is handed to
the worker processes (here a stand-in that does each job in this process when waited for)."""

from __future__ import annotations

import hashlib
import io
import os
import pickle
import struct
from pathlib import Path
from types import SimpleNamespace

import pytest
from PIL import Image as Picture

from pnp.build import outputs as outputs_module
from pnp.compose.piece import with_bleed
from pnp.render.forms import FormCache, form_name, write_pdf_file
from pnp.build import jobs
from pnp.build.outputs import _CELL, _LENGTH, BuildResult, Outputs, Progress, content_hash, pickled
from pnp.build.rasterizing import Rasterizing
from pnp.load.paths import UnsafeName
from pnp.scene import (Circle, Definition, Group, Page, Rect, Style, Text, Use, deferred, scale, single,
                       translate)

RED, BLUE = Style(fill="#cc0000"), Style(fill="#0000cc")


def sha(data: bytes | str) -> str:
    return hashlib.sha256(data.encode("utf-8") if isinstance(data, str) else data).hexdigest()


class Said(Progress):
    """A build's progress, as it is told."""

    def __init__(self) -> None:
        self.said: list[tuple] = []

    def stage(self, label: str, total: int) -> None:
        self.said.append(("stage", label, total))

    def advance(self, files: int = 1) -> None:
        self.said.append(("advance", files))


class Job:
    def __init__(self, function, arguments, done, after, kind=None) -> None:
        self.function, self.arguments, self.done, self.after, self.kind = function, arguments, done, after, kind
        self.finished, self.result = False, None


class Workers:
    """The build's scheduler as outputs use it: each job is done in this process, when it is
    waited for (the jobs it comes after first)."""

    def __init__(self) -> None:
        self.jobs: list[SimpleNamespace] = []
        self.polls = 0
        self.later: list = []
        self.waits: list[list] = []

    def add(self, function, arguments, done=None, after=(), kind=None):
        job = Job(function, arguments, done, list(after), kind=kind)
        self.jobs.append(job)
        return job

    def poll(self) -> None:
        self.polls += 1

    def run(self, job) -> None:
        if not job.finished:
            for first in job.after:
                self.run(first)
            job.result = job.function(*job.arguments())
            job.finished = True
            if job.done is not None:
                job.done(job.result)

    def wait_for(self, jobs, taken=lambda job: None) -> None:
        self.waits.append(list(jobs))
        for job in jobs:
            self.run(job)
            taken(job)

    def then(self, finish) -> None:
        self.later.append(finish)


@pytest.fixture
def font() -> SimpleNamespace:
    from pnp.layout.fonts import bundled_fonts

    path = bundled_fonts()["SourceSansPro-Regular"]
    return SimpleNamespace(name="SourceSansPro-Regular", path=path)


@pytest.fixture(autouse=True)
def environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """pnp's code and the libraries' versions, as the keys take them: one word here."""
    monkeypatch.setattr("pnp.build.fingerprint.environment", lambda: "env")


def make(tmp_path: Path, fonts: dict | None = None, **options) -> Outputs:
    out = tmp_path / "out"
    out.mkdir(exist_ok=True)
    return Outputs(out, fonts or {}, Workers(), Said(), **options)


def card(id: str, style: Style = RED, width: float = 20.0, height: float = 30.0, bleed: float = 0.0) -> Definition:
    return Definition(id, width, height, Group((Rect(0, 0, width, height, style),)), bleed)


def sheet(*cards: Definition, label: str = "") -> Page:
    """Cards side by side on a sheet, each in its cell (a drawing placed, clipped to the cell)."""
    cells = tuple(Group((Use(d.id, translate(1.0, 2.0)),), translate(30.0 * i, 0.0), Rect(0, 0, 22, 32, Style()))
                  for i, d in enumerate(cards))
    return Page(100.0, 50.0, cells + (Rect(0, 0, 1, 1, BLUE),), tuple(cards), label)


# --- what is hashed -------------------------------------------------------------------------

def test_progress_and_result() -> None:
    assert Progress().stage("PDF", 3) is None and Progress().advance() is None and Progress().advance(4) is None
    assert BuildResult() == BuildResult([], {})
    first, second = BuildResult(), BuildResult()
    first.files.append("a")
    first.kept["a"] = 1
    assert second == BuildResult([], {})  # (each its own lists)
    assert (_LENGTH.format, _CELL.format) == ("<I", "<I12d")


def test_a_scene_object_pickled_without_its_memo() -> None:
    """Only values count: an object placed twice is written out twice, as two equal ones are."""
    rect = Rect(0, 0, 5, 5, RED)
    shared, equal = Group((rect, rect)), Group((rect, Rect(0, 0, 5, 5, RED)))
    assert pickled(shared) == pickled(equal)
    assert pickle.loads(pickled(shared)) == shared
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, protocol=5)
    pickler.fast = True
    pickler.dump(equal)
    assert pickled(equal) == buffer.getvalue()
    assert pickled(equal)[:2] == b"\x80\x05"  # protocol 5
    assert pickled(shared) != pickle.dumps(shared, protocol=5)  # (which memoizes)


def test_a_content_hash() -> None:
    a = card("a")
    assert content_hash(a) == sha(pickled(a))
    assert content_hash(card("a")) == content_hash(a)
    assert content_hash(card("a", BLUE)) != content_hash(a)
    late = deferred("a", 20.0, 30.0, 0.0, (), lambda: a.content)
    assert content_hash(late) == content_hash(a)  # hashed as the same definition drawn at once


# --- a build's outputs ------------------------------------------------------------------------------

def test_a_new_build_s_outputs(tmp_path: Path, font: SimpleNamespace) -> None:
    workers, said = Workers(), Said()
    o = Outputs(tmp_path, {"body": font}, workers, said, formats=["pdf"], title="The Game", svg_text="paths")
    assert (o.out, o.fonts, o.font_files, o.workers, o.progress) == (tmp_path, {"body": font},
                                                                     {font.name: font.path}, workers, said)
    assert (o.formats, o.title, o.svg_text) == (("pdf",), "The Game", "paths")
    assert (o.result, o.warnings, o.previous, o.keys, o.shared, o.svg_queue, o.chars) == \
        (BuildResult(), [], {}, {}, {}, [], {})
    assert o.cache.folder == tmp_path / ".cache" and isinstance(o.forms, FormCache)
    plain = Outputs(tmp_path, {}, workers, None)
    assert type(plain.progress) is Progress
    assert (plain.formats, plain.title, plain.svg_text) == (("pdf", "svg", "png"), "", "text")


def test_the_card_drawings_go_to_the_cache(tmp_path: Path) -> None:
    o = make(tmp_path)
    a = card("a")
    assert o.forms.digest(a) == o.digest(a)
    o.forms.save("k", b"stream")
    assert o.cache.get("pdf-forms", o.key("pdf-form", "k")) == b"stream"
    assert o.forms.load("k") == b"stream"
    assert o.forms.load("j") is None


def test_what_exports_use(tmp_path: Path) -> None:
    o = make(tmp_path)
    o.result.files.append("a.png")
    listed = o.files()
    listed.append("b.png")
    assert o.files() == ["a.png"]
    o.keys["a.png"] = "ka"
    assert (o.key_of("a.png"), o.key_of("b.png")) == ("ka", "b.png")
    job = o.later(len, lambda: ("abc",))
    assert (job.function, job.arguments(), job.after) == (len, ("abc",), [])
    taken = []
    o.wait_for((job,), taken.append)
    assert (o.workers.waits, taken, job.result) == ([[job]], [job], 3)
    o.then(print)
    assert o.workers.later == [print]
    o.stage("Images", 4)
    o.advance()
    o.advance(3)
    assert o.progress.said == [("stage", "Images", 4), ("advance", 1), ("advance", 3)]
    o.warn("a warning")
    assert o.warnings == ["a warning"]
    assert o.path("png/a.png") == f"{tmp_path}/out/png/a.png"
    for unsafe in ("../a.png", "png/../../a.png", "/etc/passwd", "a\0.png"):
        with pytest.raises(UnsafeName):
            o.path(unsafe)


# --- keys ---------------------------------------------------------------------------------------------

def test_a_key(tmp_path: Path, font: SimpleNamespace) -> None:
    salt = tmp_path / "salt.yaml"
    salt.write_bytes(b"salt one")
    other = tmp_path / "other.yaml"
    other.write_bytes(b"salt two")
    o = make(tmp_path, {"body": font, "title": font}, salt_files=[salt, other])
    expected = hashlib.sha256(b"env")
    expected.update(font.path.read_bytes())  # once, though two roles draw with it
    expected.update(b"salt one")
    expected.update(b"salt two")
    assert o.key("png", 300) == sha(expected.hexdigest() + "('png',300)")
    assert o._salt == expected.hexdigest()
    salt.write_bytes(b"changed")
    assert o.key("png", 300) == sha(expected.hexdigest() + "('png',300)")  # worked out once a build
    assert make(tmp_path, {"body": font}, salt_files=[salt, other]).key("png", 300) != o.key("png", 300)
    assert make(tmp_path, {"body": font}, salt_files=[other, salt]).key("png", 300) != \
        make(tmp_path, {"body": font}, salt_files=[salt, other]).key("png", 300)
    assert o.key("png", 300) != o.key("png", 301) != o.key("svg", 300)
    bare = make(tmp_path)
    assert bare.key() == sha(sha("env") + "()")
    assert bare.key("x") == sha(sha("env") + "('x')")


def test_the_fonts_in_a_key(tmp_path: Path) -> None:
    files = {}
    for name, data in (("a", b"font a"), ("b", b"font b")):
        files[name] = tmp_path / f"{name}.ttf"
        files[name].write_bytes(data)
    fonts = {"x": SimpleNamespace(name="B", path=files["b"]), "y": SimpleNamespace(name="A", path=files["a"])}
    expected = hashlib.sha256(b"env")
    expected.update(b"font a")  # by their paths, in order
    expected.update(b"font b")
    assert make(tmp_path, fonts).key() == sha(expected.hexdigest() + "()")
    files["a"].write_bytes(b"font A")  # a font's file changed: every key does
    assert make(tmp_path, fonts).key() != sha(expected.hexdigest() + "()")


def test_the_digest_of_values(tmp_path: Path) -> None:
    o = make(tmp_path)
    assert o.digest(3) == "3" and o.digest("a") == "'a'" and o.digest(None) == "None"
    assert o.digest(("a", [1, 2.5], ())) == "('a',(1,2.5),())"
    assert o.digest([]) == "()"
    assert o.digest({"a": 1}) == "{'a': 1}"
    a = card("a")
    assert o.digest(("svg", a, 3)) == f"('svg',{content_hash(a)},3)"


def test_the_digest_of_a_definition(tmp_path: Path) -> None:
    o = make(tmp_path)
    a = card("a")
    assert o.digest(a) == content_hash(a)
    assert o._digests[id(a)] == (a, content_hash(a))
    o._digests[id(a)] = (a, "remembered")
    assert o.digest(a) == "remembered"  # worked out once
    other = card("a", BLUE)
    o._digests[id(other)] = (a, "another's")  # (an object gone, whose id another has now)
    assert o.digest(other) == content_hash(other)

    drawn = []
    late = deferred("b", 20.0, 30.0, 0.0, (), lambda: drawn.append(1) or card("b").content)
    assert o.digest(late) == content_hash(card("b")) and drawn == [1]
    assert late.digest == content_hash(card("b"))  # kept on it, should it be drawn again
    known = deferred("c", 20.0, 30.0, 0.0, (), lambda: drawn.append(2) or card("c").content, digest="known")
    assert o.digest(known) == "known" and drawn == [1]  # (an earlier build's: not drawn)
    assert not hasattr(card("d"), "digest")


def test_the_digest_of_a_definition_made_from_others(tmp_path: Path) -> None:
    o = make(tmp_path)
    face = card("a")
    bled = Definition("a-bled", 26.0, 36.0, Group((Use("a", translate(3, 3)),)), 3.0, ("with_bleed", face, 3.0))
    assert o.digest(bled) == sha(f"'a-bled',26.0,36.0,3.0,('with_bleed',{content_hash(face)},3.0)")
    again = Definition("a-bled", 26.0, 36.0, Group(()), 3.0, ("with_bleed", card("a"), 3.0))
    assert o.digest(again) == o.digest(bled)  # by what it is made from, not its content
    for changed in (Definition("b-bled", 26.0, 36.0, Group(()), 3.0, ("with_bleed", face, 3.0)),
                    Definition("a-bled", 27.0, 36.0, Group(()), 3.0, ("with_bleed", face, 3.0)),
                    Definition("a-bled", 26.0, 37.0, Group(()), 3.0, ("with_bleed", face, 3.0)),
                    Definition("a-bled", 26.0, 36.0, Group(()), 2.0, ("with_bleed", face, 3.0)),
                    Definition("a-bled", 26.0, 36.0, Group(()), 3.0, ("with_bleed", card("a", BLUE), 3.0))):
        assert o.digest(changed) != o.digest(bled)
    late = deferred("a-bled", 26.0, 36.0, 3.0, ("with_bleed", face, 3.0), lambda: 1 / 0)
    assert o.digest(late) == o.digest(bled) and late.digest is None  # (not drawn)


def test_the_digest_of_a_drawing_alone_on_its_page(tmp_path: Path) -> None:
    o = make(tmp_path)
    a = card("a")
    page = Page(20.0, 30.0, (Use("a", scale(2.0)),), (a,), "face")
    assert o.digest(page) == sha(f"use:20.0,30.0,'face','a',{scale(2.0)!r},{content_hash(a)}")
    assert o.digest(single(a)) == sha(f"use:20.0,30.0,'','a',(1.0, 0.0, 0.0, 1.0, 0.0, 0.0),{content_hash(a)}")
    assert o._digests[id(page)] == (page, o.digest(page))
    o._digests[id(page)] = (page, "remembered")
    assert o.digest(page) == "remembered"
    moved = Page(20.0, 30.0, (Use("a", scale(2.0)),), (a,), "face")
    o._digests[id(moved)] = (page, "another's")
    assert o.digest(moved) == sha(f"use:20.0,30.0,'face','a',{scale(2.0)!r},{content_hash(a)}")


def test_the_digest_of_a_sheet(tmp_path: Path) -> None:
    o = make(tmp_path)
    a, b = card("a"), card("b", BLUE)
    page = sheet(a, b, label="cards 1")
    head = b"100.0,50.0,'cards 1'"
    clip = hashlib.sha256(pickled(Rect(0, 0, 22, 32, Style()))).digest()
    cells = [b"c" + struct.pack("<I12d", 1, 1, 0, 0, 1, 1, 2, 1, 0, 0, 1, 30.0 * i, 0) + ref + clip
             for i, ref in enumerate((b"a", b"b"))]
    rest = b"n" + hashlib.sha256(pickled(Rect(0, 0, 1, 1, BLUE))).digest()
    data = struct.pack("<I", len(head)) + head + b"".join(cells) + rest + b"d" + content_hash(a).encode() + \
        b"d" + content_hash(b).encode()
    assert o.digest(page) == sha(data)
    assert o.digest(sheet(a, b, label="cards 2")) != o.digest(page)
    assert o.digest(sheet(b, a, label="cards 1")) != o.digest(page)
    assert o.digest(sheet(a, card("b"), label="cards 1")) != o.digest(page)
    o._digests[id(page)] = (page, "remembered")
    assert o.digest(page) == "remembered"
    # one drawing, but not alone: written out node by node
    two = Page(20.0, 30.0, (Use("a"), Use("a", translate(1, 1))), (a,))
    alone_head = b"20.0,30.0,''"
    assert o.digest(two) == sha(struct.pack("<I", len(alone_head)) + alone_head
                                + b"n" + hashlib.sha256(pickled(Use("a"))).digest()
                                + b"n" + hashlib.sha256(pickled(Use("a", translate(1, 1)))).digest()
                                + b"d" + content_hash(a).encode())
    nothing = Page(20.0, 30.0, (Use("a"),), ())
    assert o.digest(nothing) == sha(struct.pack("<I", len(alone_head)) + alone_head
                                    + b"n" + hashlib.sha256(pickled(Use("a"))).digest())
    both = Page(20.0, 30.0, (Use("a"),), (a, b))
    assert o.digest(both) == sha(struct.pack("<I", len(alone_head)) + alone_head
                                 + b"n" + hashlib.sha256(pickled(Use("a"))).digest()
                                 + b"d" + content_hash(a).encode() + b"d" + content_hash(b).encode())


def test_a_sheet_s_cells(tmp_path: Path) -> None:
    """A cell is a drawing placed, clipped to a rectangle; any other node is hashed whole."""
    o = make(tmp_path)
    clip = Rect(0, 0, 22, 32, Style())
    cell = Group((Use("a-b", translate(1.0, 2.0)),), translate(5.0, 6.0), clip)
    assert o._node(cell) == b"c" + struct.pack("<I12d", 3, 1, 0, 0, 1, 1, 2, 1, 0, 0, 1, 5, 6) + b"a-b" + \
        hashlib.sha256(pickled(clip)).digest()
    assert o._node(Group((Use("é"),), clip=clip))[:5] == b"c" + struct.pack("<I", 2)  # its name's bytes
    from pnp.scene import Path as Shape

    for other in (Group((Use("a"), Use("b")), clip=clip), Group((Rect(0, 0, 1, 1, RED),), clip=clip),
                  Group((Use("a"),)), Group((Use("a"),), clip=Shape((("M", 0, 0), ("Z",)), Style())),
                  Group((Group((Use("a"),)),), clip=clip), Use("a"), Circle(1, 1, 1, RED), Group(())):
        assert o._node(other) == b"n" + hashlib.sha256(pickled(other)).digest(), other


def test_a_node_s_hash_is_worked_out_once(tmp_path: Path) -> None:
    o = make(tmp_path)
    node = Rect(0, 0, 1, 1, RED)
    assert o._hash(node) == hashlib.sha256(pickled(node)).digest()
    assert o._hashes[id(node)] == (node, hashlib.sha256(pickled(node)).digest())
    o._hashes[id(node)] = (node, b"remembered")
    assert o._hash(node) == b"remembered"
    other = Rect(0, 0, 2, 2, RED)
    o._hashes[id(other)] = (node, b"another's")
    assert o._hash(other) == hashlib.sha256(pickled(other)).digest()


# --- keeping what an earlier build left -----------------------------------------------------------------

def earlier(tmp_path: Path, files: dict[str, bytes], record: dict[str, tuple[str, int]]) -> Outputs:
    """This build's outputs in a folder where an earlier build left `files`, with its record."""
    o = make(tmp_path)
    for name, data in files.items():
        path = tmp_path / "out" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    o.previous = dict(record)
    return o


def test_an_output_with_the_same_key_is_kept(tmp_path: Path) -> None:
    o = earlier(tmp_path, {"png/a.png": b"12345"}, {"png/a.png": ("ka", 5)})
    assert o.earlier_key("png/a.png") == "ka"
    assert o.reusable("png/a.png", "ka") is True
    assert (o.result.kept, o.result.files, o.keys) == ({"png/a.png": 5}, ["png/a.png"], {"png/a.png": "ka"})
    assert o.progress.said == [("advance", 1)]
    assert (tmp_path / "out" / "png" / "a.png").read_bytes() == b"12345"


def test_an_output_drawn_from_other_content_is_not_kept(tmp_path: Path) -> None:
    o = earlier(tmp_path, {"png/a.png": b"12345"}, {"png/a.png": ("ka", 5)})
    assert o.reusable("png/a.png", "kb") is False
    assert (o.result.kept, o.result.files, o.keys, o.progress.said) == ({}, [], {}, [])


@pytest.mark.parametrize("now", [b"123456", b"1234", b"", b"1" * 500])
def test_an_output_whose_size_changed_is_never_kept(tmp_path: Path, now: bytes) -> None:
    """The same key, but the file is not the size its build recorded (written over since,
    cut short): drawn again."""
    o = earlier(tmp_path, {"png/a.png": now}, {"png/a.png": ("ka", 5)})
    assert o.earlier_key("png/a.png") is None
    assert o.reusable("png/a.png", "ka") is False
    assert (o.result.kept, o.result.files, o.keys, o.progress.said) == ({}, [], {}, [])


def test_an_output_gone_or_not_recorded_is_not_kept(tmp_path: Path) -> None:
    o = earlier(tmp_path, {"png/b.png": b"123"}, {"png/a.png": ("ka", 5)})
    assert o.earlier_key("png/a.png") is None  # gone
    assert o.earlier_key("png/b.png") is None  # not in the record
    assert o.reusable("png/a.png", "ka") is False and o.reusable("png/b.png", "png/b.png") is False
    assert (o.result.kept, o.result.files, o.keys) == ({}, [], {})


def test_an_output_not_counted_as_kept(tmp_path: Path) -> None:
    o = earlier(tmp_path, {"a.svg": b"<svg/>"}, {"a.svg": ("ka", 6)})
    assert o.reusable("a.svg", "ka", counted=False) is True
    assert (o.result.files, o.keys, o.progress.said) == (["a.svg"], {"a.svg": "ka"}, [])


def test_an_output_another_language_drew_is_linked(tmp_path: Path) -> None:
    other = tmp_path / "en" / "png" / "a.png"
    other.parent.mkdir(parents=True)
    other.write_bytes(b"drawn for English")
    o = earlier(tmp_path, {"png/a.png": b"an old one"}, {})
    o.shared["ka"] = other
    assert o.reusable("png/a.png", "ka") is True
    here = tmp_path / "out" / "png" / "a.png"
    assert here.read_bytes() == b"drawn for English" and os.path.samefile(here, other)
    assert (o.result.kept, o.result.files, o.keys, o.progress.said) == \
        ({}, ["png/a.png"], {"png/a.png": "ka"}, [("advance", 1)])
    assert o.reusable("png/new/er/b.png", "ka", counted=False) is True  # its folders made
    assert os.path.samefile(tmp_path / "out" / "png" / "new" / "er" / "b.png", other)
    assert o.reusable("png/c.png", "kc") is False  # nothing drawn from that content
    o.shared["kd"] = tmp_path / "gone.png"
    assert o.reusable("png/d.png", "kd") is False  # (its source went: drawn here)
    assert not (tmp_path / "out" / "png" / "d.png").exists()
    assert o.result.files == ["png/a.png", "png/new/er/b.png"]


def test_an_output_kept_before_a_link(tmp_path: Path) -> None:
    o = earlier(tmp_path, {"a.png": b"12345"}, {"a.png": ("ka", 5)})
    o.shared["ka"] = tmp_path / "elsewhere.png"  # (not there: the earlier output is kept first)
    assert o.reusable("a.png", "ka") is True and o.result.kept == {"a.png": 5}


# --- writing ----------------------------------------------------------------------------------------

def test_a_file_written(tmp_path: Path) -> None:
    o = earlier(tmp_path, {"a.txt": b"old"}, {"a.txt": ("old key", 3)})
    o.result.kept["a.txt"] = 3
    o.write("a.txt", b"new", "ka")
    assert (tmp_path / "out" / "a.txt").read_bytes() == b"new"
    assert (o.result.files, o.result.kept, o.keys, o.progress.said, o.workers.polls) == \
        (["a.txt"], {}, {"a.txt": "ka"}, [("advance", 1)], 1)
    o.write("deep/b.json", iter([b"{", b"}"]))  # in pieces, its folder made
    assert (tmp_path / "out" / "deep" / "b.json").read_bytes() == b"{}"
    assert "deep/b.json" not in o.keys
    o.write("a.txt", b"newer")  # no key: no later build reuses it
    assert o.keys == {}
    assert o.result.files == ["a.txt", "deep/b.json", "a.txt"]


def test_a_file_is_written_whole_or_not_at_all(tmp_path: Path) -> None:
    o = earlier(tmp_path, {"a.json": b"the old one"}, {})

    def pieces():
        yield b"the new"
        raise OSError("the disk is full")

    with pytest.raises(OSError, match="the disk is full"):
        o.write("a.json", pieces(), "ka")
    assert (tmp_path / "out" / "a.json").read_bytes() == b"the old one"
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["a.json"]  # nothing left beside it
    assert (o.result.files, o.keys) == ([], {})
    with pytest.raises(UnsafeName):
        o.write("../escape.txt", b"x")
    assert not (tmp_path / "escape.txt").exists()


def test_make_writes_unless_kept(tmp_path: Path) -> None:
    o = earlier(tmp_path, {"a.txt": b"12345"}, {"a.txt": ("ka", 5)})
    made = []

    def produce(data: bytes):
        return lambda: made.append(data) or data

    o.make("a.txt", "ka", produce(b"never"))
    assert made == [] and (tmp_path / "out" / "a.txt").read_bytes() == b"12345"
    o.make("b.txt", "kb", produce(b"bbb"))
    o.make("a.txt", "kc", produce(b"other"))
    assert made == [b"bbb", b"other"]
    assert (tmp_path / "out" / "a.txt").read_bytes() == b"other"
    assert (o.result.files, o.result.kept, o.keys) == (["a.txt", "b.txt", "a.txt"], {}, {"a.txt": "kc", "b.txt": "kb"})
    assert o.progress.said == [("advance", 1)] * 3 and o.workers.polls == 5


def test_a_file_a_worker_made(tmp_path: Path) -> None:
    o = make(tmp_path)
    o.result.kept["a.png"] = 5
    o.made("a.png", "ka")
    assert (o.result.files, o.result.kept, o.keys, o.progress.said) == \
        (["a.png"], {}, {"a.png": "ka"}, [("advance", 1)])


def test_forget_an_output_no_longer_made(tmp_path: Path) -> None:
    o = earlier(tmp_path, {"a.png": b"1", "b.png": b"2"}, {"a.png": ("ka", 1)})
    o.keys.update({"a.png": "ka", "b.png": "kb"})
    o.forget("a.png")
    o.forget("b.png")  # (not the earlier build's: left)
    o.forget("c.png")
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["b.png"]
    assert o.keys == {"b.png": "kb"}
    o.forget("a.png")  # (gone already)


def test_text_kept_in_memory_and_in_the_cache(tmp_path: Path) -> None:
    o = make(tmp_path)
    made = []
    assert o.keep("fonts-css", "k", lambda: made.append(1) or "style é") == "style é"
    key = o.key("fonts-css", "k")
    assert o._kept == {key: "style é"}
    assert o.cache.get("fonts-css", key) == "style é".encode("utf-8")
    assert o.keep("fonts-css", "k", lambda: made.append(2) or "other") == "style é"  # from memory
    later = make(tmp_path)  # the next build: from the cache
    assert later.keep("fonts-css", "k", lambda: made.append(3) or "other") == "style é"
    assert later._kept == {key: "style é"}
    assert made == [1]
    assert later.keep("fonts-css", "j", lambda: "j's") == "j's"
    assert later.keep("other", "k", lambda: "another kind's") == "another kind's"


def test_text_kept_in_memory_without_a_cache(tmp_path: Path) -> None:
    o = make(tmp_path)
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "out" / ".cache").symlink_to(tmp_path / "elsewhere")  # (a cache not used)
    made = []
    assert o.keep("fonts-css", "k", lambda: made.append(1) or "style") == "style"
    assert o.keep("fonts-css", "k", lambda: made.append(2) or "other") == "style"
    assert made == [1] and list((tmp_path / "elsewhere").iterdir()) == []


# --- drawing in the workers --------------------------------------------------------------------------------

def test_a_picture_drawn_by_a_worker(tmp_path: Path, font: SimpleNamespace) -> None:
    o = earlier(tmp_path, {"png/kept.png": b"12345"}, {"png/kept.png": ("ka", 5)})
    o.font_files = {font.name: font.path}
    composed = []

    def page() -> Definition:
        composed.append(1)
        return card("a")

    assert o.draw_later("png/kept.png", "ka", page, 72) is None
    assert composed == [] and o.progress.said == []  # counted when waited for
    o.drawn("png/kept.png", "ka", None)
    assert o.progress.said == [("advance", 1)]
    job = o.draw_later("png/a.png", "kb", page, 72, largest=10)
    assert job.function is jobs.render_file and composed == [] and job.kind == "png/: a picture alone"
    pdf, dpi, path, largest = job.arguments()
    assert (composed, dpi, path, largest) == ([1], 72, f"{tmp_path}/out/png/a.png", 10)
    assert pdf.func is jobs.document and pdf.args[0] == [single(card("a"))]
    assert o.draw_later("png/whole.png", "kw", page, 72).arguments()[3] == 0  # not cut, by default
    o.drawn("png/a.png", "kb", job)
    assert job.result == 10 and (tmp_path / "out" / "png" / "a.png").read_bytes()[:4] == b"\x89PNG"
    assert (o.result.files, o.keys) == (["png/kept.png", "png/a.png"], {"png/kept.png": "ka", "png/a.png": "kb"})
    assert o.progress.said == [("advance", 1), ("advance", 1)] and o.workers.waits[-1] == [job]


def test_what_a_worker_is_sent_to_make_a_pdf(tmp_path: Path, font: SimpleNamespace) -> None:
    o = make(tmp_path, {"body": font}, title="The Game")
    a, b = card("a"), card("b", BLUE)
    pages = [sheet(a, b)]
    made = o.document(pages)
    assert made.func is jobs.document
    skeleton, fonts, title, kept, folder, duplex, chars, entries = made.args
    assert (skeleton, fonts, title, kept, folder, duplex, chars) == \
        (pages, {font.name: font.path}, "The Game", {}, f"{tmp_path}/out/.cache", False, {})
    assert entries == o.form_entries(pages, {}) and list(entries) == ["Fa", "Fb"]
    stored = o.document(pages, {"x": frozenset("ab")}, True, ["Fb"], {"Fa": "ka", "Fb": "kb"})
    skeleton, fonts, title, kept, folder, duplex, chars, entries = stored.args
    assert (kept, duplex, chars, entries) == ({"Fb": "kb"}, True, {"x": frozenset("ab")}, {"Fa": "ka"})
    assert skeleton[0].definitions == (a, Definition("b", 20.0, 30.0, Group(()), 0.0))  # sent empty
    assert made() == o.pdf(pages)  # the same bytes as this process draws


def test_each_card_drawing_s_entry_in_the_cache(tmp_path: Path, font: SimpleNamespace) -> None:
    o = make(tmp_path, {"body": font})
    a, b = card("a"), card("b-2", BLUE)
    text = Definition("t", 20.0, 30.0, Group((Text(1, 10, "Hi", font.name, 8.0, "#000000"),)))
    entries = o.form_entries([sheet(a, b), sheet(b, a, text)], {font.name: frozenset("Hio")})
    assert list(entries) == ["Fa", "Fb_2", "Ft"]
    assert entries["Fa"] == o.key("pdf-form", FormCache.text_of((o.digest(a), ())))
    assert entries["Ft"] == o.key("pdf-form", FormCache.text_of((o.digest(text), ((font.name, "Hio"),))))
    assert o.cache.used == {f"{tmp_path}/out/.cache/pdf-forms/{key}" for key in entries.values()}
    assert entries["Ft"] != o.form_entries([single(text)], {font.name: frozenset("Hi")})["Ft"]  # another subset
    assert o.form_entries([single(card("a"))], {})["Fa"] == entries["Fa"]  # the same drawing, the same entry
    assert o._entries[(o.digest(a), ())] == entries["Fa"]
    o._entries[(o.digest(a), ())] = "remembered"
    assert o.form_entries([single(a)], {}) == {"Fa": "remembered"}
    assert o.form_entries([], {}) == {}


def test_a_print_file_written_by_a_worker(tmp_path: Path, font: SimpleNamespace) -> None:
    o = make(tmp_path, {"body": font}, title="T")
    cards = [card(f"c{i}", RED if i % 2 else BLUE) for i in range(10)]
    pages = [sheet(*cards[:5]), sheet(*cards[5:])]
    job = o.write_later("pdf/cards.pdf", "kp", pages, duplex=True)
    draws = o.workers.jobs[:-1]
    assert [d.function for d in draws] == [outputs_module._draw] * 2 and o.workers.jobs[-1] is job
    assert [d.kind for d in draws] == ["card drawings for the print sheets"] * 2 and job.kind == "print sheets (PDF)"
    assert [d.arguments()[0].args[0] == [single(c) for c in run] for d, run in
            zip(draws, (cards[:8], cards[8:]))] == [True, True]  # the drawings not in the cache, 8 to a job
    assert job.function is write_pdf_file and job.after == draws
    o.drawn("pdf/cards.pdf", "kp", job)
    assert job.result is True
    assert (tmp_path / "out" / "pdf" / "cards.pdf").read_bytes() == o.pdf(pages, duplex=True)
    assert (o.result.files, o.keys) == (["pdf/cards.pdf"], {"pdf/cards.pdf": "kp"})
    path, made = job.arguments()
    assert path == f"{tmp_path}/out/pdf/cards.pdf"
    assert sorted(made.args[3]) == sorted(form_name(c.id) for c in cards)  # each drawing in the cache now: sent empty

    # another print file of the same cards: none drawn again
    jobs = len(o.workers.jobs)
    other = o.write_later("pdf/again.pdf", "ka", [sheet(*cards[2:7])])
    assert o.workers.jobs[jobs:] == [other] and other.after == [draws[0]]  # (done: let go when sent)
    # one whose drawing another job is drawing: it waits for that job
    o.workers.jobs.clear()
    new = [card("n1"), card("n2")]
    first = o.write_later("pdf/n1.pdf", "kn1", [sheet(*new)])
    second = o.write_later("pdf/n2.pdf", "kn2", [sheet(new[1], cards[0])])
    assert [j.function for j in o.workers.jobs] == [outputs_module._draw, write_pdf_file, write_pdf_file]
    assert first.after == [o.workers.jobs[0]] and second.after == [o.workers.jobs[0], draws[0]]


def test_a_print_file_kept_or_drawn_here(tmp_path: Path, font: SimpleNamespace) -> None:
    o = earlier(tmp_path, {"pdf/a.pdf": b"12345"}, {"pdf/a.pdf": ("ka", 5)})
    o.font_files = {font.name: font.path}
    assert o.write_later("pdf/a.pdf", "ka", [sheet(card("a"))]) is None
    assert o.workers.jobs == [] and o.result.files == ["pdf/a.pdf"] and o.progress.said == []
    pages = [sheet(card("b"))]
    job = o.write_later("pdf/b.pdf", "kb", pages)
    job.done(False)  # a drawing went from the cache meanwhile: written here
    assert (tmp_path / "out" / "pdf" / "b.pdf").read_bytes() == o.pdf(pages)
    (tmp_path / "out" / "pdf" / "b.pdf").unlink()
    job.done(True)
    assert not (tmp_path / "out" / "pdf" / "b.pdf").exists()


def texts(font: SimpleNamespace, count: int) -> list[Definition]:
    """Cards each with a digit of its own."""
    return [Definition(f"t{i}", 20.0, 30.0, Group((Text(1, 10, f"{i}", font.name, 8.0, "#000000"),)))
            for i in range(count)]


def test_a_print_file_s_drawings_with_the_characters_of_all_its_pages(tmp_path: Path,
                                                                     font: SimpleNamespace) -> None:
    o = make(tmp_path, {"body": font})
    cards = texts(font, 10)
    pages = [sheet(*cards[:5]), sheet(*cards[5:])]
    job = o.write_later("pdf/t.pdf", "kt", pages)
    everything = {font.name: frozenset("0123456789")}
    assert [j.arguments()[0].args[6] for j in o.workers.jobs[:-1]] == [everything, everything]
    assert job.arguments()[1].args[6] == everything
    assert sorted(o.chars) == sorted(id(c) for c in cards)  # each read once, and kept
    assert o.document(pages).args[6] == everything
    (tmp_path / "2").mkdir()
    fresh = make(tmp_path / "2", {"body": font})
    assert fresh.document([pages[1]]).args[6] == {font.name: frozenset("56789")}
    assert sorted(fresh.chars) == sorted(id(c) for c in cards[5:])


def test_the_next_build_finds_the_drawings_in_the_cache(tmp_path: Path, font: SimpleNamespace) -> None:
    o = make(tmp_path, {"body": font})
    cards = [card("a"), card("b", BLUE)]
    o.drawn("pdf/a.pdf", "ka", o.write_later("pdf/a.pdf", "ka", [sheet(*cards)]))
    later = make(tmp_path, {"body": font})
    job = later.write_later("pdf/b.pdf", "kb", [sheet(card("b", BLUE), card("a"))])
    assert later.workers.jobs == [job] and job.after == []  # none drawn again


def test_a_print_file_without_a_cache(tmp_path: Path, font: SimpleNamespace) -> None:
    o = make(tmp_path, {"body": font})
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "out" / ".cache").symlink_to(tmp_path / "elsewhere")  # (a cache not used)
    pages = [sheet(card("a"), card("b", BLUE))]
    job = o.write_later("pdf/a.pdf", "ka", pages)
    o.drawn("pdf/a.pdf", "ka", job)
    assert job.result is True  # every drawing sent whole
    assert job.arguments()[1].args[3] == {}
    assert (tmp_path / "out" / "pdf" / "a.pdf").read_bytes() == o.pdf(pages) != o.pdf(pages, True)
    again = o.write_later("pdf/d.pdf", "kd", pages, duplex=True)
    again.done(False)
    assert (tmp_path / "out" / "pdf" / "d.pdf").read_bytes() == o.pdf(pages, True)


def test_a_pdf_drawn_here(tmp_path: Path, font: SimpleNamespace) -> None:
    from pnp.render.pdf import render_pdf

    o = make(tmp_path, {"body": font}, title="T")
    pages = [sheet(card("a"))]
    assert o.pdf(pages) == render_pdf(pages, {font.name: font.path}, "T")
    assert len(list((tmp_path / "out" / ".cache" / "pdf-forms").iterdir())) == 1  # its drawing kept for later
    assert o.pdf(pages, True) == render_pdf(pages, {font.name: font.path}, "T", duplex=True) != o.pdf(pages)


def test_draw_a_card_drawing_into_the_cache() -> None:
    asked = []
    assert outputs_module._draw(lambda: asked.append(1) or b"pdf") is None
    assert asked == [1]


# --- SVG files --------------------------------------------------------------------------------------

def test_svg_files_are_written_at_the_end(tmp_path: Path, font: SimpleNamespace) -> None:
    o = make(tmp_path, {"body": font})
    a, b = card("a"), card("b", BLUE)
    o.svgs([("svg/sheet.svg", sheet(b, a)), ("svg/a.svg", single(a))])
    o.svgs([("svg/b.svg", single(b)), ("svg/blank.svg", Page(10.0, 10.0, ()))])
    assert [name for name, _ in o.svg_queue] == ["svg/sheet.svg", "svg/a.svg", "svg/b.svg", "svg/blank.svg"]
    assert not (tmp_path / "out" / "svg").exists()
    o.write_svgs()
    assert o.svg_queue == []
    # card by card: the blank page first, then what shows b, then a's own
    assert o.result.files == ["svg/blank.svg", "svg/sheet.svg", "svg/b.svg", "svg/a.svg"]
    assert o.progress.said == [("stage", "SVG: faces and sheets", 4)] + [("advance", 1)] * 4
    fonts_used = sha("[]")
    assert o.keys["svg/a.svg"] == o.key("svg", single(a), fonts_used, "text")
    assert (tmp_path / "out" / "svg" / "a.svg").read_text("utf-8") == o.svg_now(single(a))
    assert (tmp_path / "out" / "svg" / "a.svg").read_bytes().startswith(b'<svg baseProfile="full" height="10.58mm"')
    o.write_svgs()  # nothing queued
    assert len(o.progress.said) == 5


def test_an_svg_file_kept_from_an_earlier_build(tmp_path: Path, font: SimpleNamespace) -> None:
    o = make(tmp_path, {"body": font}, svg_text="paths")
    text = Definition("t", 20.0, 30.0, Group((Text(1, 10, "Hi", font.name, 8.0, "#000000"),)))
    key = o.key("svg", single(text), sha(repr([(font.name, "Hi")])), "paths")
    (tmp_path / "out" / "t.svg").write_bytes(b"kept")
    o.previous = {"t.svg": (key, 4)}
    o.svgs([("t.svg", single(text))])
    o.write_svgs()
    assert (tmp_path / "out" / "t.svg").read_bytes() == b"kept"
    assert o.result.kept == {"t.svg": 4}
    o.previous = {"t.svg": ("another", 4)}
    o.svgs([("t.svg", single(text))])
    o.write_svgs()
    assert (tmp_path / "out" / "t.svg").read_text("utf-8") == o.svg_now(single(text))


def test_svg_text_with_its_fonts(tmp_path: Path, font: SimpleNamespace) -> None:
    o = make(tmp_path, {"body": font})
    cards = texts(font, 3)
    o.svgs([(f"svg/t{i}.svg", single(c)) for i, c in enumerate(cards)])
    o.write_svgs()
    assert sorted(o.chars) == sorted(id(c) for c in cards)
    written = (tmp_path / "out" / "svg" / "t1.svg").read_text("utf-8")
    assert ">1</text>" in written and "@font-face" in written
    kinds = sorted(p.name for p in (tmp_path / "out" / ".cache").iterdir())
    assert kinds == ["font-family", "svg-fonts"]  # the style sheet kept, the fonts subset to every page's
    own = o.svg_now(single(cards[1]))
    assert ">1</text>" in own and own != written  # subset to its own characters
    assert len(list((tmp_path / "out" / ".cache" / "svg-fonts").iterdir())) == 2


# --- pictures rasterized by the workers -------------------------------------------------------------

def test_pages_rasterized_by_the_workers(tmp_path: Path, font: SimpleNamespace) -> None:
    o = earlier(tmp_path, {}, {})
    o.font_files = {font.name: font.path}
    pages = [single(card(f"c{i}")) for i in range(10)]
    names = [f"png/c{i}.png" for i in range(10)]
    keys = [o.key("face", page, 36, False) for page in pages]
    (tmp_path / "out" / "png").mkdir()
    (tmp_path / "out" / "png" / "c1.png").write_bytes(b"kept")
    o.previous = {"png/c1.png": (keys[1], 4)}
    waiting = o.rasterize_later(pages, 36, names, "face", "Faces", extra=2)
    assert (waiting.outputs, waiting.pages, waiting.dpi, waiting.alpha, waiting.label, waiting.extra) == \
        (o, pages, 36, False, "Faces", 2)
    assert waiting.paths == [f"{tmp_path}/out/{name}" for name in names]
    assert (waiting.relative, waiting.keys, waiting.pending) == (names, keys, [0, 2, 3, 4, 5, 6, 7, 8, 9])
    assert [job.function for job in o.workers.jobs] == [jobs.render_files, jobs.render_files]  # 8 pages a job
    assert [job.kind for job in o.workers.jobs] == ["Faces", "Faces"]  # (for the build's timings: its stage)
    assert list(waiting.jobs.values()) == [8, 1]
    pdf, dpi, paths, width, alpha = o.workers.jobs[1].arguments()
    assert (dpi, paths, width, alpha) == (36, [f"{tmp_path}/out/png/c9.png"], 0, False)
    assert pdf.args[0] == [pages[9]]
    assert o.result.files == ["png/c1.png"] and o.progress.said == []
    waiting()
    assert o.progress.said == [("stage", "Faces", 12), ("advance", 1), ("advance", 8), ("advance", 1)]
    assert o.result.files == ["png/c1.png"] + [names[i] for i in waiting.pending]
    assert o.keys == dict(zip(names, keys))
    assert (tmp_path / "out" / "png" / "c0.png").read_bytes()[:4] == b"\x89PNG"
    assert (tmp_path / "out" / "png" / "c1.png").read_bytes() == b"kept"
    waiting()  # once
    assert len(o.progress.said) == 4 and len(o.result.files) == 10


def test_every_job_draws_with_the_characters_of_all_the_pages(tmp_path: Path, font: SimpleNamespace) -> None:
    o = make(tmp_path, {"body": font})
    pages = [single(Definition(f"t{i}", 20.0, 30.0, Group((Text(1, 10, f"{i}", font.name, 8.0, "#000000"),))))
             for i in range(10)]
    waiting = o.rasterize_later(pages, 50, [f"t{i}.png" for i in range(10)], "face", "Faces")
    everything = {font.name: frozenset("0123456789")}
    assert [job.arguments()[0].args[6] for job in o.workers.jobs] == [everything, everything]
    assert sorted(o.chars) == sorted(id(page.definitions[0]) for page in pages)  # each read once, and kept
    assert waiting.extra == 0
    waiting()
    assert o.progress.said[0] == ("stage", "Faces", 10)


def test_pages_rasterized_with_their_thumbnails(tmp_path: Path) -> None:
    o = make(tmp_path)
    pages = [single(card(f"c{i}")) for i in range(20)]
    waiting = o.rasterize_later(pages, 50, [f"c{i}.png" for i in range(20)], "face", "Faces", alpha=True,
                                start=False)
    assert o.workers.jobs == [] and waiting.alpha is True
    thumbs = []
    waiting.start(30, lambda page, data, size: thumbs.append((page, data, size)), upto=9)
    assert list(waiting.jobs.values()) == [8, 8, 4]
    widths = [job.arguments()[3] for job in o.workers.jobs]
    assert widths == [30, 30, 0]  # a job whose first page is past `upto` makes none
    assert [job.arguments()[4] for job in o.workers.jobs] == [True] * 3
    second = o.workers.jobs[1]
    second.done([(0, b"t8", (30, 40)), (1, b"t9", (30, 40)), (2, b"t10", (30, 40))])
    assert thumbs == [(8, b"t8", (30, 40))]  # only those before `upto`
    o.workers.jobs.clear()
    at = o.rasterize_later(pages, 50, [f"c{i}.png" for i in range(20)], "face", "Faces", start=False)
    at.start(30, lambda *a: None, upto=16)
    assert [job.arguments()[3] for job in o.workers.jobs] == [30, 30, 0]
    (tmp_path / "2").mkdir()
    other = make(tmp_path / "2")
    few = other.rasterize_later(pages[:3], 50, ["a.png", "b.png", "c.png"], "face", "F", start=False)
    few.start(30, lambda *a: None)
    assert [job.arguments()[3] for job in other.workers.jobs] == [30]  # every page, by default
    none = other.rasterize_later(pages[:3], 50, ["a.png", "b.png", "c.png"], "face", "F", start=False)
    none.start()
    assert [job.arguments()[3] for job in other.workers.jobs[1:]] == [0]
    unsized = other.rasterize_later(pages[:3], 50, ["a.png", "b.png", "c.png"], "face", "F", start=False)
    unsized.start(thumbs=lambda *a: None)
    assert [job.arguments()[3] for job in other.workers.jobs[2:]] == [0]  # no width: none


def test_pages_all_kept(tmp_path: Path) -> None:
    o = make(tmp_path)
    waiting = Rasterizing(o, [], 72, False, ["p"], ["a.png"], ["k"], [], "Faces")
    waiting.start(30, lambda *a: None)
    assert waiting.jobs == {} and o.workers.jobs == []
    waiting()
    assert o.progress.said == [("stage", "Faces", 1), ("advance", 1)]
    assert o.result.files == [] and o.workers.waits == [[]]


def test_each_stage_marked_on_the_build_s_clock(tmp_path: Path) -> None:
    from pnp.build.outputs import Clocked

    marked: list[str] = []
    workers = Workers()
    workers.timings = SimpleNamespace(stage=marked.append)
    said = Said()
    o = Outputs(tmp_path / "out", {}, workers, said)
    assert isinstance(o.progress, Clocked) and o.progress.shown is said
    o.stage("cards: PDF", 3)
    o.advance(2)
    assert marked == ["cards: PDF"] and said.said == [("stage", "cards: PDF", 3), ("advance", 2)]
    assert make(tmp_path).progress.__class__ is Said  # (a scheduler without a clock: told as it is)


def test_pages_rasterized_as_their_print_file_draws_them(tmp_path: Path, font: SimpleNamespace) -> None:
    o = make(tmp_path, {"body": font}, title="T")
    cards = [Definition(f"c{i}", 20.0, 30.0, Group((Rect(0, 0, 20, 30, RED), Text(1, 10, f"{i}", font.name, 8.0,
                                                                                    "#000000")))) for i in range(11)]
    bled = [with_bleed(c, 2.0) for c in cards]
    sheets = [sheet(*bled[:5], label="one"), sheet(*bled[5:10], label="two")]  # the last card on none: as it is
    printed = {font.name: frozenset("0123456789")}  # (the print file's characters: its labels' none here)
    o.printed.add(sheets)
    pages = [single(c) for c in cards]
    waiting = o.rasterize_later(pages, 36, [f"png/c{i}.png" for i in range(11)], "face", "Faces")
    assert waiting.keys == [o.key("face", page, 36, False) for page in pages]  # (keyed by the pictures' own pages)
    jobs = list(o.workers.jobs)
    assert list(waiting.jobs.values()) == [8, 2, 1]  # 8 pages a job, those drawn with other characters apart
    sent = [job.arguments()[0] for job in jobs]
    assert [made.args[0] for made in sent] == [[single(b) for b in bled[:8]], [single(b) for b in bled[8:10]],
                                                [pages[10]]]
    assert [made.args[6] for made in sent] == [printed, printed, {font.name: frozenset("10")}]
    assert [job.after for job in jobs] == [[], [], []]
    job = o.write_later("print/cards.pdf", "kp", sheets)  # drawn by the pictures' jobs: none drawn for it
    assert o.workers.jobs[3:] == [job] and job.function is write_pdf_file and job.after == jobs[:2]
    smaller = o.rasterize_later(pages[7:9], 20, ["small/c7.png", "small/c8.png"], "small", "Small")
    (other,) = smaller.jobs  # the same drawings at another size: placed once the first jobs have drawn them
    assert other.after == jobs[:2] and other.arguments()[0].args[0] == [single(bled[7]), single(bled[8])]
    waiting()
    o.drawn("print/cards.pdf", "kp", job)
    assert job.result is True and sorted(job.arguments()[1].args[3]) == sorted(f"Fc{i}" for i in range(10))
    assert (tmp_path / "out" / "print" / "cards.pdf").read_bytes() == o.pdf(sheets)  # (placed: the same bytes)
    assert (tmp_path / "out" / "png" / "c3.png").read_bytes()[:4] == b"\x89PNG"
    smaller()
    assert Picture.open(tmp_path / "out" / "small" / "c8.png").size == (6, 9)


def test_documents_draw_each_page_as_its_print_file_does_where_that_looks_the_same(tmp_path: Path,
                                                                                  font: SimpleNamespace) -> None:
    """A Tabletop Simulator sheet's pages: a PDF for each run of pages drawn with the same
    characters, each page as its print file draws it where that looks the same (its drawing
    placed from the cache, after the job that draws it there), the others in the characters given."""
    from pnp.exports.tts import draw_sheet

    o = make(tmp_path, {"body": font}, title="T")
    cards = [Definition(f"c{i}", 20.0, 30.0, Group((Rect(0, 0, 20, 30, RED), Text(1, 10, f"{i}", font.name, 8.0,
                                                                                    "#000000")))) for i in range(4)]
    bled = [with_bleed(c, 2.0) for c in cards[:3]]
    o.printed.add([sheet(*bled, label="one")])
    printed = {font.name: frozenset("012")}
    pages = [single(c) for c in cards]
    own = {font.name: frozenset("0123")}
    waiting = o.rasterize_later(pages[:3], 36, [f"png/c{i}.png" for i in range(3)], "face", "Faces")
    (drawing,) = waiting.jobs
    make_them, after = o.documents([pages[3], pages[0], pages[1], pages[3]], own)
    assert after == [drawing]  # (the drawings are placed from the cache once the pictures' job has drawn them)
    made = make_them()
    assert [m.args[0] for m in made] == [[pages[3]], [single(bled[0]), single(bled[1])], [pages[3]]]
    assert [m.args[6] for m in made] == [own, printed, own]
    alone, none_after = o.documents([pages[3]], own)  # none drawn as printed: one PDF, as it always was
    assert none_after == [] and [m.args[0] for m in alone()] == [[pages[3]]]
    waiting()
    path = tmp_path / "sheet.jpg"
    draw_sheet(make_them(), 72, str(path), 2, 2, [[0], [1], [2], [3]])
    with Picture.open(path) as drawn:
        assert drawn.size == (40, 60)
