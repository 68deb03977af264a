"""Worker processes for a build: one pool, started before the kit is composed (`start`) or
when first needed, for rasterizing pages and other long tasks, and the work that waits for
them (`later`), done in the order given.

Work goes to the pool as jobs, a few at a time, each once the jobs it comes after are done
(a print file after the card drawings it places): a job's arguments (its few pages, say)
are made only when it is sent, and its result is taken (`done`) in this process as soon
as this process looks (`poll`, which the build's writing of files calls all along) or
waits for it. So however large the deck, the build holds the arguments and results of a
window of jobs, never those of all of them; and this process does none of them."""

from __future__ import annotations

import time
from collections import deque
from concurrent.futures import FIRST_COMPLETED, Future, wait
from dataclasses import dataclass, field
from typing import Callable, Iterable, Sequence

from .processes import stop_point
from .timings import Timings, timed


@dataclass(eq=False)
class Job:
    """Work for a worker process: `function(*arguments())`, its result given to `done`."""

    function: Callable
    arguments: Callable[[], tuple]  # made when the job is sent, not before
    done: Callable[[object], None]
    after: list["Job"] = field(default_factory=list)  # sent once these are done
    future: Future | None = None  # while in a worker's hands
    finished: bool = False
    kind: str = ""  # what it makes, for the build's timings (pnp.build.timings)


class Scheduler:
    """The build's one pool of worker processes, what it has to do, and what waits for it."""

    AHEAD = 8  # jobs sent per worker and not yet taken back: enough to keep each busy for seconds

    def __init__(self, jobs: int | None = None):
        self.jobs = jobs
        self._pool = None
        self.queue: deque[Job] = deque()  # not sent yet, in the order asked for
        self.sent: list[Job] = []  # with a worker, or done and not yet taken
        self.later: list[Callable[[], None]] = []  # run in order once the main process is done
        self._polling = False
        self.timings = Timings(self.workers)

    @property
    def workers(self) -> int:
        import os

        return max(1, self.jobs or os.cpu_count() or 1)

    def pool(self):
        if self._pool is None:
            from ..render.png import worker_pool

            self._pool = worker_pool(self.workers)
        return self._pool

    def start(self) -> None:
        """Start the worker processes now: each is a copy of this process as it is (forked),
        and the smaller it is then, the smaller they stay."""
        import os

        pool = self.pool()
        for _ in range(self.workers):
            pool.submit(os.getpid)

    def add(self, function: Callable, arguments: Callable[[], tuple],
            done: Callable[[object], None] = lambda result: None, after: Sequence[Job] = (),
            first: bool = False, kind: str | None = None) -> Job:
        """Queue `function(*arguments())` for a worker, sent once the jobs `after` are done
        (with `first`, before the jobs queued: what this process keeps for it goes soonest);
        `done` takes its result, in this process. Every job goes to the workers: the main
        process, which holds the kit, never holds a picture or a drawing too. The build's
        timings count it under `kind` (by default the function's module and name)."""
        if kind is None:
            kind = f"{function.__module__.rsplit('.', 1)[-1]}.{function.__qualname__}"
        job = Job(function, arguments, done, list(after), kind=kind)
        if first:
            self.queue.appendleft(job)
        else:
            self.queue.append(job)
        self.poll()
        return job

    def poll(self) -> None:
        """Take the results of the jobs done, and send more, up to the window. (A job's `done`
        that writes a file through the build's outputs polls again: that does nothing.)"""
        stop_point()  # (the checks beside the build may have failed)
        if self._polling:
            return
        self._polling = True
        try:
            self._poll()
        finally:
            self._polling = False

    def _poll(self) -> None:
        if self.sent:
            still = []
            for job in self.sent:
                if job.future.done():
                    self._take(job)
                else:
                    still.append(job)
            self.sent = still
        while self.queue and len(self.sent) < self.AHEAD * self.workers:
            job = next((j for j in self.queue if _ready(j)), None)
            if job is None:  # (each waits for jobs sent before it)
                break
            self.queue.remove(job)
            job.future = self.pool().submit(timed, job.function, *job.arguments())
            self.sent.append(job)

    def _take(self, job: Job) -> None:
        future, job.future = job.future, None  # the result goes once `done` has it
        job.finished = True
        result, wall, cpu = future.result()
        self.timings.job(job.kind, wall, cpu)
        job.done(result)

    def wait_for(self, jobs: Sequence[Job], taken: Callable[[Job], None] = lambda job: None) -> None:
        """Until every one of `jobs` is done, those not sent yet sent first; `taken` hears of
        each as its result is taken."""
        left = list(jobs)
        while True:
            self.poll()
            for job in [j for j in left if j.finished]:
                taken(job)
            left = [j for j in left if not j.finished]
            if not left:
                return
            for job in reversed([j for j in left if j.future is None]):  # the workers' next, after theirs
                for first in (job, *reversed([a for a in job.after if a.future is None and not a.finished])):
                    self.queue.remove(first)
                    self.queue.appendleft(first)
            self.poll()
            waited = time.perf_counter()
            wait([j.future for j in self.sent], return_when=FIRST_COMPLETED)
            self.timings.waiting(time.perf_counter() - waited)

    def then(self, finish: Callable[[], None]) -> None:
        """Do `finish` after the main process's own work, when the workers' results are needed."""
        self.later.append(finish)

    def finish(self) -> None:
        """Wait for every worker, doing what waits for each in the order it was asked for."""
        later, self.later = self.later, []
        for step in later:
            step()
        self.wait_for(list(self.queue) + self.sent)

    def close(self) -> None:
        self.timings.stop()
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None

    def __enter__(self) -> "Scheduler":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _ready(job: Job) -> bool:
    """Whether the jobs `job` waits for are done (those done are let go)."""
    if job.after and not job.after[-1].finished:  # (the last sent is usually the last done)
        return False
    job.after = [a for a in job.after if not a.finished]
    return not job.after


def chunks(count: int, size: int) -> Iterable[range]:
    """range(count) in runs of at most `size`."""
    return (range(first, min(first + size, count)) for first in range(0, count, size))
