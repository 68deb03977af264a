"""Pages the build's workers rasterize to image files, a few to a job (`Rasterizing`), each job
drawing its pages as the print files draw them where that looks the same (pnp.build.printed)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Sequence

from .jobs import render_files
from ..scene import Page, characters_by_font

if TYPE_CHECKING:
    from .outputs import Outputs
    from .scheduler import Job


@dataclass(eq=False)
class Rasterizing:
    """Pages the worker processes are rasterizing to files, a few to each job, every job
    with a PDF of its own pages; call it to wait for them."""

    CHUNK = 8  # pages per job: small enough to share the tail of the work evenly

    outputs: "Outputs"
    pages: Sequence[Page]
    dpi: float
    alpha: bool
    paths: list[str]  # where each file goes (thousands of images: no Path worked out for each)
    relative: list[str]  # the files, relative to the output folder
    keys: list[str]  # what each page is drawn from
    pending: list[int]  # the pages being drawn; the others an earlier build left as they are
    label: str  # the stage that waits for them
    extra: int = 0  # files the stage writes besides the pages
    jobs: dict["Job", int] = field(default_factory=dict)  # each job and how many pages it draws
    waited: bool = False

    def start(self, thumb_width: int = 0, thumbs: Callable[[int, bytes, tuple[int, int]], None] | None = None,
              upto: int | None = None) -> None:
        """Queue the pages for the workers; with `thumbs`, it is given a thumbnail
        `thumb_width` wide of each page drawn before `upto` (zlib-compressed RGB, and its
        size), as each job's result comes."""
        if not self.pending:
            return
        o = self.outputs
        upto = len(self.paths) if upto is None else upto
        # each page as drawn: the drawing a print file places, in its characters (its jobs' forms
        # are then drawn once, for both), or the page itself; every job's PDF has the characters
        # of all of its kind of page, so that each page is drawn as one PDF of them all would
        # draw it, found in the form cache by the other PDFs of these pages
        found = [o.printed.of(self.pages[i]) for i in self.pending]  # (pnp.build.printed)
        own = [i for i, f in zip(self.pending, found) if f is None]
        chars = characters_by_font([self.pages[i] for i in own], o.chars) if own else {}
        drawn = [f if f is not None else (self.pages[i], chars) for i, f in zip(self.pending, found)]
        runs: list[list[int]] = []  # positions in pending, a run of pages drawn with the same characters
        for k, (_, used) in enumerate(drawn):
            if runs and drawn[runs[-1][0]][1] is used and len(runs[-1]) < self.CHUNK:
                runs[-1].append(k)
            else:
                runs.append([k])
        for run in runs:
            pages = [self.pending[k] for k in run]
            width = thumb_width if thumbs is not None and pages[0] < upto else 0
            shown, used = [drawn[k][0] for k in run], drawn[run[0]][1]
            entries = o.form_entries(shown, used)

            def arguments(pages=pages, width=width, shown=shown, used=used, entries=entries) -> tuple:
                return (o.document(shown, used, entries=entries), self.dpi, [self.paths[i] for i in pages], width,
                        self.alpha)

            def done(results: list, pages=pages) -> None:
                for index, data, size in results:
                    if pages[index] < upto:
                        thumbs(pages[index], data, size)

            # (after the jobs drawing its drawings into the cache, if another picture's or print
            # file's are: placed from there, not drawn again)
            after = list({id(job): job for e in entries.values() if (job := o._drawing.get(e)) is not None}.values())
            job = o.workers.add(render_files, arguments, done, after, kind=self.label)
            self.jobs[job] = len(pages)
            o.drawing(entries.values(), job)

    def __call__(self) -> None:
        """Wait for the pages (once)."""
        if self.waited:
            return
        self.waited = True
        o = self.outputs
        o.progress.stage(self.label, len(self.paths) + self.extra)
        o.progress.advance(len(self.paths) - len(self.pending))  # those kept from the last build
        o.workers.wait_for(list(self.jobs), lambda job: o.progress.advance(self.jobs[job]))
        for i in self.pending:
            o.result.files.append(self.relative[i])
            o.keys[self.relative[i]] = self.keys[i]
