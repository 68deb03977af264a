"""A build's outputs: where each file goes, what it is drawn from (its key), and keeping
every file an earlier build drew from the same content.

Every output is keyed by a hash of what it is drawn from (the scene's values, the fonts and
art, pnp's code and the libraries' versions); a build starts from the last output (hard
links) and keeps each file whose key has not changed. Rendering goes through here too: the
PDFs of a build (with the card drawings each PDF places again), the SVG files (written at
the end, with one subset of each font) and rasterized pages (pnp.build.rasterizing). What
shows a whole set or is a picture is made by the worker processes (pnp.build.scheduler, what
each runs: pnp.build.jobs), from the pages: this process, which holds the kit, never holds a
set's document or a picture too.
"""

from __future__ import annotations

import hashlib
import os
import struct
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable, Mapping, Sequence

from ..render.forms import FormCache
from . import jobs
from .printed import Printed
from .rasterizing import Rasterizing
from ..load.files import write_atomic
from ..load.paths import output_path
from ..scene import Definition, Deferred, Group, Node, Page, Rect, Use, characters_by_font, single

if TYPE_CHECKING:
    from ..layout.fonts import FontMetrics
    from .scheduler import Job, Scheduler


class BuildFailed(Exception):
    """The build could not write its output (a full disk, no permission, a rulebook no page
    holds); out/ is unchanged."""


class Progress:
    """Where a build is: a stage at a time, each with the number of files it accounts for
    (made or kept). This one says nothing; the command line draws bars."""

    def stage(self, label: str, total: int) -> None:
        pass

    def advance(self, files: int = 1) -> None:
        pass


class Clocked(Progress):
    """A build's progress told to `shown` (the command line's bars), each stage's start marked
    on the build's clock (pnp.build.timings) too."""

    def __init__(self, shown: Progress, timings) -> None:
        self.shown, self.timings = shown, timings

    def stage(self, label: str, total: int) -> None:
        self.timings.stage(label)
        self.shown.stage(label, total)

    def advance(self, files: int = 1) -> None:
        self.shown.advance(files)


@dataclass
class BuildResult:
    files: list[str] = field(default_factory=list)  # by name in the output folder, with "/"
    # the size of each file kept as an earlier build left it (its record's, checked): not
    # looked up again for the new record
    kept: dict[str, int] = field(default_factory=dict)


_LENGTH = struct.Struct("<I")
_CELL = struct.Struct("<I12d")  # a cell's drawing's name's length, the placement's and the cell's matrices


def content_hash(value: object) -> str:
    """A hash of a scene object's content (see `pickled`)."""
    if isinstance(value, Deferred):  # hashed as the same definition drawn at once is
        value = value.plain()
    return hashlib.sha256(pickled(value)).hexdigest()


def pickled(value: object) -> bytes:
    """A scene object's content as bytes: pickled without its memo (so objects shared within
    it are written out each time and only values count), four times quicker than repr()."""
    import io
    import pickle

    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, protocol=5)
    pickler.fast = True  # no memo: the scene is a tree, with no cycles
    pickler.dump(value)
    return buffer.getvalue()


def _draw(document: Callable[[], bytes | None]) -> None:
    """In a worker process: make a document for the card drawings it keeps in the cache."""
    document()


class Outputs:
    """The files one build writes into one folder, and the keys they are drawn from."""

    def __init__(self, out: Path, fonts: dict[str, "FontMetrics"], workers: "Scheduler", progress: Progress | None,
                 salt_files: Sequence[Path] = (), formats: Sequence[str] = ("pdf", "svg", "png"), title: str = "",
                 svg_text: str = "text"):
        from .cache import FOLDER, Cache

        self.out = out
        self.fonts = fonts
        self.font_files = {m.name: m.path for m in fonts.values()}
        self.workers = workers
        self.progress = progress or Progress()
        if getattr(workers, "timings", None) is not None:
            self.progress = Clocked(self.progress, workers.timings)
        self.formats = tuple(formats)
        self.title = title
        self.svg_text = svg_text  # text: SVG text with its fonts embedded; paths: the glyphs' outlines
        self.result = BuildResult()
        self.warnings: list[str] = []
        # outputs an identical earlier build left in place: (key, size) by relative path
        self.previous: dict[str, tuple[str, int]] = {}
        self.keys: dict[str, str] = {}
        # files another language's build of this run drew, by content key: linked, not drawn again
        self.shared: dict[str, Path] = {}
        self._salt_files = list(salt_files)
        self._salt: str | None = None
        self._digests: dict[int, tuple[Definition | Page, str]] = {}  # by id: what each is drawn from, hashed
        self._hashes: dict[int, tuple[Node, bytes]] = {}  # nodes' hashes (_hash), by node
        self.chars: dict = {}  # each definition's characters by font (scene.characters_by_font)
        self.printed = Printed(self.chars)  # the drawings the print files place, for the pictures to share
        self.cache = Cache(out / FOLDER)
        # every PDF of the build places the same cards; the next build finds them in the cache
        self.forms = FormCache(self.digest, lambda k: self.cache.get("pdf-forms", self.key("pdf-form", k)),
                               lambda k, data: self.cache.put("pdf-forms", self.key("pdf-form", k), data))
        self._kept: dict[str, str] = {}
        self._drawing: dict[str, "Job"] = {}  # card drawings a worker is to draw into the cache, by cache key
        self._entries: dict[tuple, str] = {}  # form_entries', by what each stream is drawn from
        self.svg_queue: list[tuple[str, Page]] = []  # drawn at the end, with one subset of each font

    # --- what exports use besides (pnp.exports.KitFiles): the build's workers, progress, record

    def files(self) -> list[str]:
        return list(self.result.files)

    def key_of(self, relative: str) -> str:
        return self.keys.get(relative, relative)

    def later(self, function: Callable, arguments: Callable[[], tuple], after: Sequence["Job"] = ()) -> "Job":
        return self.workers.add(function, arguments, after=after)

    def documents(self, pages: Sequence[Page], chars: Mapping[str, frozenset[str]]
                  ) -> tuple[Callable[[], list], list["Job"]]:
        """What makes, in a worker, the PDFs that draw `pages` in their order (pictures of one
        piece each), and the jobs to wait for: each page as its print file draws it where that
        looks the same (`printed`: its drawing placed from the build's cache, drawn once for
        both), the others in `chars`; a PDF for each run of pages drawn with the same characters."""
        runs: list[tuple[list[Page], Mapping[str, frozenset[str]]]] = []
        for page in pages:
            shown, used = self.printed.of(page) or (page, chars)
            if runs and runs[-1][1] is used:
                runs[-1][0].append(shown)
            else:
                runs.append(([shown], used))
        if len(runs) == 1 and runs[0][1] is chars:  # (none drawn as printed)
            return lambda: [self.document(pages, chars)], []
        entries = [self.form_entries(shown, used) for shown, used in runs]
        after = {id(job): job for each in entries for e in each.values() if (job := self._drawing.get(e)) is not None}
        return (lambda: [self.document(shown, used, entries=each) for (shown, used), each in zip(runs, entries)],
                list(after.values()))

    def wait_for(self, jobs: Sequence["Job"], taken: Callable[["Job"], None]) -> None:
        self.workers.wait_for(list(jobs), taken)

    def then(self, finish: Callable[[], None]) -> None:
        self.workers.then(finish)

    def stage(self, label: str, total: int) -> None:
        self.progress.stage(label, total)

    def advance(self, files: int = 1) -> None:
        self.progress.advance(files)

    def warn(self, message: str) -> None:
        self.warnings.append(message)

    def path(self, relative: str) -> str:
        """Where the output `relative` ("/"-separated names) is: every file a build writes,
        reads back or removes in its folder is found here, and only made of plain names
        (pnp.load.paths.output_path: a name that could lead elsewhere is refused)."""
        return output_path(self.out, relative)

    # --- keys -------------------------------------------------------------------------

    def key(self, *parts: object) -> str:
        """A content key for an output: what it is drawn from (scene objects, whose values hold
        everything drawn), the fonts and art it uses, pnp's code and the libraries' versions."""
        if self._salt is None:
            from .fingerprint import environment

            digest = hashlib.sha256(environment().encode())
            for path in sorted(set(self.font_files.values())):
                digest.update(path.read_bytes())
            for path in self._salt_files:
                digest.update(path.read_bytes())
            self._salt = digest.hexdigest()
        return hashlib.sha256((self._salt + self.digest(parts)).encode("utf-8")).hexdigest()

    def digest(self, value: object) -> str:
        """repr() of a key's parts, with each scene definition (a card drawn once and placed
        on many pages) replaced by a hash of its content computed once."""
        if isinstance(value, Definition):
            cached = self._digests.get(id(value))
            if cached is None or cached[0] is not value:
                known = getattr(value, "digest", None)  # (a deferred card's, kept by an earlier build)
                if known is not None:
                    cached = (value, known)
                elif value.made_from:  # (each function of its inputs names itself first)
                    made = f"{value.id!r},{value.width!r},{value.height!r},{value.bleed!r},{self.digest(value.made_from)}"
                    cached = (value, hashlib.sha256(made.encode("utf-8")).hexdigest())
                else:
                    cached = (value, content_hash(value))
                    if isinstance(value, Deferred):  # (known, should it be drawn again)
                        object.__setattr__(value, "digest", cached[1])
                        self.printed.note(value)  # (its content at hand, which may not be kept)
                self._digests[id(value)] = cached
            return cached[1]
        if isinstance(value, Page):  # (a sheet is in the keys of its print file and its SVG: hashed once)
            cached = self._digests.get(id(value))
            if cached is None or cached[0] is not value:
                if len(value.children) == 1 and type(value.children[0]) is Use and len(value.definitions) == 1:
                    # a drawing alone on its page (a card's image, thousands of them): its
                    # placement written out, not pickled (no pickle is text)
                    use = value.children[0]
                    data = (f"use:{value.width!r},{value.height!r},{value.label!r},{use.ref!r},{use.transform!r},"
                            f"{self.digest(value.definitions[0])}").encode("utf-8")
                else:  # each node written out (a sheet's cells, five times quicker than pickled)
                    head = f"{value.width!r},{value.height!r},{value.label!r}".encode("utf-8")
                    data = b"".join([_LENGTH.pack(len(head)), head, *map(self._node, value.children),
                                     *(b"d" + self.digest(d).encode("ascii") for d in value.definitions)])
                cached = self._digests[id(value)] = (value, hashlib.sha256(data).hexdigest())
            return cached[1]
        if isinstance(value, (list, tuple)):
            return "(" + ",".join(self.digest(v) for v in value) + ")"
        return repr(value)

    def _node(self, node: Node) -> bytes:
        """A page's node as bytes for its key, each telling where it ends: a sheet's cell (a
        drawing placed, clipped to its cell) written out, any other node by a hash of its
        content (worked out once for a node several pages share: crop marks and cut lines,
        the cells' clips)."""
        if type(node) is Group and len(node.children) == 1 and type(node.children[0]) is Use \
                and type(node.clip) is Rect:
            use = node.children[0]
            ref = use.ref.encode("utf-8")
            return b"c" + _CELL.pack(len(ref), *use.transform, *node.transform) + ref + self._hash(node.clip)
        return b"n" + self._hash(node)

    def _hash(self, node: Node) -> bytes:
        found = self._hashes.get(id(node))
        if found is None or found[0] is not node:
            found = self._hashes[id(node)] = (node, hashlib.sha256(pickled(node)).digest())
        return found[1]

    def earlier_key(self, relative: str) -> str | None:
        """What the file an earlier build left at `relative` was drawn from, if it is still there."""
        earlier = self.previous.get(relative)
        try:
            if earlier is not None and os.stat(self.path(relative)).st_size == earlier[1]:
                return earlier[0]
        except OSError:
            pass
        return None

    def reusable(self, relative: str, key: str, counted: bool = True) -> bool:
        """Whether the output an earlier build left at `relative` was drawn from the same
        content; if so it is kept as it is."""
        if self.earlier_key(relative) == key:
            self.result.kept[relative] = self.previous[relative][1]
        elif not self._link(relative, key):
            return False
        self.keys[relative] = key
        self.result.files.append(relative)
        if counted:
            self.progress.advance()
        return True

    def _link(self, relative: str, key: str) -> bool:
        """Link the file another language's build drew from the same content, if there is one."""
        source = self.shared.get(key)
        if source is None:
            return False
        path = Path(self.path(relative))
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.unlink(missing_ok=True)
            os.link(source, path)
        except OSError:
            return False
        return True

    # --- writing ----------------------------------------------------------------------

    def made(self, relative: str, key: str) -> None:
        """Count a file a worker process wrote as made by this build, from content `key`."""
        self.result.files.append(relative)
        self.result.kept.pop(relative, None)
        self.keys[relative] = key
        self.progress.advance()

    def draw_later(self, relative: str, key: str, page: Callable[[], Definition], dpi: float,
                   largest: int = 0) -> "Job | None":
        """Have a worker draw `page()` alone as the image file `relative` (cut to `largest` px a
        side if given). None when an earlier build left it drawn from the same content
        (`key`): then `page` is not called (a board is not even composed)."""
        if self.reusable(relative, key, counted=False):
            return None
        return self.workers.add(jobs.render_file, lambda: (self.document([single(page())]), dpi, self.path(relative),
                                                      largest), kind=f"{relative.split('/', 1)[0]}/: a picture alone")

    def document(self, pages: Sequence[Page], chars: Mapping[str, frozenset[str]] | None = None,
                 duplex: bool = False, stored: Sequence[str] = (),
                 entries: Mapping[str, str] | None = None) -> Callable[[], bytes | None]:
        """What makes the PDF of `pages` in a worker process (pnp.render.pdf.document), so
        that the main process, which holds the kit, never holds the drawing too: each card
        drawing is placed from the build's cache, or drawn there and kept in the cache for the
        next document. Those named in `stored` (form names, in the cache now) go empty.
        `entries` are the pages' form_entries, when the caller has them."""
        from functools import partial

        from ..render.forms import skeleton

        chars = characters_by_font(pages, self.chars) if chars is None else chars
        entries = dict(self.form_entries(pages, chars) if entries is None else entries)
        kept = {name: entries.pop(name) for name in stored}
        return partial(jobs.document, skeleton(pages, kept), self.font_files, self.title, kept, str(self.cache.folder),
                       duplex, chars, entries)

    def form_entries(self, pages: Sequence[Page], chars: Mapping[str, frozenset[str]]) -> dict[str, str]:
        """Each card drawing the pages place, by form name: the key of its stream in the cache
        (which keeps it for this build, whoever writes it)."""
        from ..render.forms import charsets, form_name

        charset = charsets(chars, self.font_files)
        entries: dict[str, str] = {}
        for page in pages:
            for d in page.definitions:
                name = form_name(d.id)
                if name not in entries:
                    # (by what the stream is drawn from: the print files on each paper place the
                    # same cards, with the same subsets of the fonts they draw with)
                    drawn = self.forms.key_of(d, charset)
                    known = self._entries.get(drawn)
                    if known is None:
                        known = self._entries[drawn] = self.key("pdf-form", self.forms.text_of(drawn))
                        self.cache.claim("pdf-forms", known)
                    entries[name] = known
        return entries

    def drawing(self, entries: Iterable[str], job: "Job") -> None:
        """`job` draws these card drawings (form entries) into the cache, where they are not yet:
        a print file that places them comes after it rather than drawing them again."""
        for entry in entries:
            if entry not in self._drawing and not self.cache.has("pdf-forms", entry):
                self._drawing[entry] = job

    def write_later(self, relative: str, key: str, pages: Sequence[Page], duplex: bool = False) -> "Job | None":
        """Have a worker write the PDF of `pages` (a print file that shows a whole set: the
        main process, which holds the kit, never holds the document too). The drawings not in
        the cache are drawn into it first, a few to a job; the print file's own job is sent
        every drawing then in the cache empty, to be placed from there, and the others whole.
        None when an earlier build left it drawn from the same content (`key`)."""
        from ..render.forms import form_name, write_pdf_file
        from .scheduler import chunks

        if self.reusable(relative, key, counted=False):
            return None
        chars = characters_by_font(pages, self.chars)
        entries = self.form_entries(pages, chars)
        missing: dict[str, Definition] = {}  # by cache key
        for page in pages:
            for d in page.definitions:
                entry = entries[form_name(d.id)]
                if entry not in self._drawing and entry not in missing and not self.cache.has("pdf-forms", entry):
                    missing[entry] = d
        new, keys = [single(d) for d in missing.values()], list(missing)
        for run in chunks(len(new), 8):  # (drawn as the document would draw them)
            job = self.workers.add(_draw, lambda run=run: (self.document([new[i] for i in run], chars),),
                                   kind="card drawings for the print sheets")
            self._drawing.update((keys[i], job) for i in run)
        drawing = list({id(job): job for entry in entries.values() if (job := self._drawing.get(entry))}.values())

        def arguments() -> tuple:
            stored = [name for name, entry in entries.items() if self.cache.has("pdf-forms", entry)]
            return (self.path(relative), self.document(pages, chars, duplex, stored, entries))

        def done(written: object) -> None:
            if not written:  # a drawing went from the cache meanwhile: written here
                write_atomic(Path(self.path(relative)), self.pdf(pages, duplex))

        return self.workers.add(write_pdf_file, arguments, done, drawing, kind="print sheets (PDF)")

    def drawn(self, relative: str, key: str, job: "Job | None") -> None:
        """Wait for what `draw_later` or `write_later` started, and count the file as made (or kept)."""
        if job is None:
            self.progress.advance()
        else:
            self.workers.wait_for([job])
            self.made(relative, key)

    def forget(self, relative: str) -> None:
        """Remove an output an earlier build wrote (its record lists it) that this build no
        longer makes; a partial build would otherwise keep it."""
        if relative in self.previous:
            Path(self.path(relative)).unlink(missing_ok=True)
            self.keys.pop(relative, None)

    def write(self, relative: str, data: bytes | Iterable[bytes], key: str | None = None) -> None:
        self.workers.poll()  # the workers' results, taken as the build goes
        write_atomic(Path(self.path(relative)), data)
        self.result.files.append(relative)
        self.result.kept.pop(relative, None)
        self.progress.advance()
        if key is None:
            self.keys.pop(relative, None)
        else:
            self.keys[relative] = key

    def make(self, relative: str, key: str, produce: Callable[[], bytes | Iterable[bytes]]) -> None:
        """Write an output unless an earlier build left it drawn from the same content."""
        self.workers.poll()
        if not self.reusable(relative, key):
            self.write(relative, produce(), key)

    def keep(self, kind: str, key: str, make: Callable[[], str]) -> str:
        """Text that is costly to make (an SVG's font style sheet), from this build's memory,
        the cache, or made now and kept in both."""
        key = self.key(kind, key)
        found = self._kept.get(key)
        if found is None:
            data = self.cache.get(kind, key)
            if data is None:
                found = make()
                self.cache.put(kind, key, found.encode("utf-8"))
            else:
                found = data.decode("utf-8")
            self._kept[key] = found
        return found

    # --- rendering --------------------------------------------------------------------

    def pdf(self, pages: Sequence[Page], duplex: bool = False) -> bytes:
        """The PDF of `pages`, in this process (with `duplex`, asking to be printed on both sides)."""
        from ..render.pdf import render_pdf

        return render_pdf(pages, self.font_files, self.title, self.forms, duplex)

    def svg_now(self, page: Page) -> str:
        """One page as SVG, its fonts subset to its own characters."""
        from ..render.svg import SvgRenderer

        return SvgRenderer(self.font_files, characters_by_font([page]), self.keep, self.svg_text).render(page)

    def svgs(self, named: Sequence[tuple[str, Page]]) -> None:
        """Queue SVG files to write at the end of the build (write_svgs)."""
        self.svg_queue.extend(named)

    def write_svgs(self) -> None:
        """The queued SVG files whose content changed; their fonts are subset once, to the
        characters of every page."""
        named, self.svg_queue = self.svg_queue, []
        if not named:
            return
        # card by card: each card's own SVG and the sheets that show it (on every paper) one
        # after the other, so that the renderer keeps a card's drawing as text only while
        # they are written, not the whole deck's (the files are the same in any order)
        first: dict[tuple[str, float], int] = {}
        for _, page in named:
            for d in page.definitions:
                first.setdefault((d.id, d.bleed), len(first))
        named.sort(key=lambda item: min((first[(d.id, d.bleed)] for d in item[1].definitions), default=-1))
        self.progress.stage("SVG: faces and sheets", len(named))
        chars = characters_by_font([page for _, page in named], self.chars)
        # (the fonts' subsets are in every file's key: hashed once, not written out for each)
        fonts_used = hashlib.sha256(repr(sorted((font, "".join(sorted(cs))) for font, cs in chars.items()))
                                    .encode("utf-8")).hexdigest()
        renderer = None

        def render(page: Page) -> bytes:
            nonlocal renderer
            if renderer is None:  # (svgwrite is imported when a file is to be written)
                from ..render.svg import SvgRenderer

                renderer = SvgRenderer(self.font_files, chars, self.keep, self.svg_text)
            return renderer.render(page).encode("utf-8")
        for relative, page in named:
            self.make(relative, self.key("svg", page, fonts_used, self.svg_text), lambda page=page: render(page))

    def rasterize_later(self, pages: Sequence[Page], dpi: float, relative: Sequence[str], tag: str, label: str,
                        extra: int = 0, alpha: bool = False, start: bool = True) -> Rasterizing:
        """Queue the pages for the worker processes, as the files `relative` (by their names in
        the output), leaving out those an earlier build already made from the same content;
        call what this returns to wait for them (a stage called `label`, of the pages and
        `extra` other files). With `start` False, the caller starts them (`Rasterizing.start`,
        to be given their thumbnails). A piece's picture that looks the same as its print file
        draws it is rasterized from that drawing (`printed`)."""
        relative = list(relative)
        paths = [self.path(name) for name in relative]
        keys = [self.key(tag, page, dpi, alpha) for page in pages]
        pending = [i for i in range(len(pages)) if not self.reusable(relative[i], keys[i], counted=False)]
        rasterizing = Rasterizing(self, list(pages), dpi, alpha, paths, relative, keys, pending, label, extra)
        if start:
            rasterizing.start()
        return rasterizing
