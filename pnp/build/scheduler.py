"""Worker processes for a build: one pool, started before the kit is composed (`start`) or
when first needed, for rasterizing pages and other long tasks, and the work that waits for
them (`later`), done in the order given.

Work goes to the pool as jobs, a few at a time, each once the jobs it comes after are done
(a print file after the card drawings it places): a job's arguments (its few pages, say)
are made only when it is sent, and its result is taken (`done`) in this process as soon
as this process looks (`poll`, which the build's writing of files calls all along) or
waits for it. So however large the deck, the build holds the arguments and results of a
window of jobs, never those of all of them; and this process does none of them.

A job's arguments are pickled here, in the main thread, as the job is sent (`packed`): the
pool would otherwise pickle them in a thread of its own, and pickling a card not drawn yet
draws it (pnp.scene.Deferred), so that a card's area map was worked out there while this
thread drew another with the same shapes (GEOS, which shapely runs without Python's lock,
crashed on the prepared shapes both used). A worker process that dies (a segfault, killed, out
of memory) stops the build with `WorkerDied`, which says how it ended and what it was making."""

from __future__ import annotations

import os
import pickle
import time
from collections import deque
from concurrent.futures import FIRST_COMPLETED, Future, wait
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Iterable, Sequence

from .processes import WorkerDied, end_with, stop_point
from .timings import Timings, timed

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

_running = None  # what each worker is running, shared with them (see `run_job`); set before they fork
_early: tuple = ()  # a pool started before the game is read (`start_early`), for the build's Scheduler


@dataclass(eq=False)
class Job:
    """Work for a worker process: `function(*arguments())`, its result given to `done`."""

    function: Callable
    arguments: Callable[[], tuple]  # made when the job is sent, not before
    done: Callable[[object], None]
    after: list["Job"] = field(default_factory=list)  # sent once these are done
    future: Future | None = None  # while in a worker's hands
    finished: bool = False
    kind: str = ""  # what it makes, for the build's timings (pnp.build.timings) and should its worker die
    number: int = -1  # the how-manieth job sent, once sent


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
        self._sent = 0  # jobs sent so far
        self._running = None  # (job number + 1, pid) by job number modulo its length / 2 (`run_job`)
        self._processes: dict = {}  # the pool's worker processes (multiprocessing's), by pid

    @property
    def workers(self) -> int:
        import os

        return max(1, self.jobs or os.cpu_count() or 1)

    def pool(self):
        global _early
        if self._pool is None:
            if _early and _early[0] == self.workers:  # (forked before the game was read: start_early)
                _, self._pool, self._running = _early
                _early = ()
            else:
                self._pool, self._running = _new_pool(self.workers)
            found = getattr(self._pool, "_processes", None)  # (filled as they start: the dict itself)
            self._processes = found if isinstance(found, dict) else {}
        return self._pool

    def start(self) -> None:
        """Start the worker processes now: each is a copy of this process as it is (forked),
        and the smaller it is then, the smaller they stay."""
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
            job.number, self._sent = self._sent, self._sent + 1
            job.future = self._submit(run_job, job.number, packed(job.function, job.arguments()))
            self.sent.append(job)

    def _submit(self, *call: object) -> Future:
        from concurrent.futures.process import BrokenProcessPool

        try:
            return self.pool().submit(*call)
        except BrokenProcessPool as exc:  # (a worker died since the results were last looked at)
            raise self.died() from exc

    def _take(self, job: Job) -> None:
        from concurrent.futures.process import BrokenProcessPool

        future, job.future = job.future, None  # the result goes once `done` has it
        job.finished = True
        try:
            result, wall, cpu = future.result()
        except BrokenProcessPool as exc:
            raise self.died() from exc
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

    def died(self) -> WorkerDied:
        """What stops the build once a worker process died: how it ended, and the kind of job
        it was running (found in the table the workers write, `run_job`). The pool, broken,
        ends its other workers (SIGTERM) and is shut down here, so that every one has ended
        and says how."""
        import signal

        processes = list(self._processes.values())
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None
        ended = [(p.pid, p.exitcode) for p in processes if p.exitcode is not None]
        # the one that died first: not one the pool ended (SIGTERM), unless it was ended so
        dead = [e for e in ended if e[1] != -signal.SIGTERM] or ended
        if not dead:
            return WorkerDied(None)
        running = self._running
        slots = len(running) // 2 if running is not None else 0
        for pid, code in dead:
            for job in self.sent if slots else ():
                slot = 2 * (job.number % slots)
                if running[slot] == job.number + 1 and running[slot + 1] == pid:
                    return WorkerDied(code, job.kind)
        return WorkerDied(dead[0][1])

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


def worker_pool(jobs: int | None = None) -> "ProcessPoolExecutor":
    """Worker processes for a build (forked: they start at once and share what is loaded),
    each ending with the build's process, however it ends, and importing what draws as it
    starts (a pool started before the game is read, `start_early`, imports it there, beside
    the main process)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
    return ProcessPoolExecutor(max_workers=max(1, jobs or os.cpu_count() or 1), mp_context=context,
                               initializer=_worker, initargs=(os.getpid(),))


def _worker(parent: int) -> None:
    """A worker's start: it ends with `parent` (`end_with`), and has what draws imported (an
    import that fails fails again in the first job that needs it, which says so: a pool whose
    start fails is broken, and says nothing)."""
    end_with(parent)
    try:
        from ..render import contact, pdf, png  # noqa: F401
        from zlib_ng import zlib_ng  # noqa: F401
    except Exception:
        pass


def _new_pool(workers: int) -> tuple:
    """A pool of `workers` processes, forked once they are sent work, and the table they
    write which job each runs in (made here, before they fork)."""
    from multiprocessing.sharedctypes import RawArray

    global _running
    _running = RawArray("q", 2 * (2 * Scheduler.AHEAD * workers + 1))
    return worker_pool(workers), _running


def start_early(jobs: int | None = None) -> None:
    """Fork the next build's workers now, before the game is read: a copy of this process
    while it is small, each imports what draws (`worker_pool`) on the other core while this
    one reads the game. The build's Scheduler takes them (`discard_early` stops them if no
    build does)."""
    global _early
    discard_early()
    workers = Scheduler(jobs).workers
    pool, running = _new_pool(workers)
    # forked with no thread started (as sending them work would): the checks' processes are
    # forked after them, which is safe only while this process runs no other thread
    # (pnp.build.processes.Beside). CPython's pool forks them so on its first job; elsewhere
    # they are forked when the build starts them.
    launch = getattr(pool, "_launch_processes", None)
    if launch is None:
        pool.shutdown()
        return
    launch()
    _early = (workers, pool, running)


def discard_early() -> None:
    """Stop the workers `start_early` forked, if no build took them."""
    global _early
    if _early:
        pool = _early[1]
        _early = ()
        pool.submit(os.getpid)  # (forked with no thread to stop them: the pool's thread, started, does)
        pool.shutdown(cancel_futures=True)


def packed(function: Callable, arguments: tuple) -> bytes:
    """A job as the bytes a worker runs (`run_job`), pickled here and now (see the module's doc)."""
    from multiprocessing.reduction import ForkingPickler

    return bytes(ForkingPickler.dumps((function, arguments), pickle.HIGHEST_PROTOCOL))


def run_job(number: int, job: bytes) -> tuple[object, float, float]:
    """In a worker process: the job `packed` made, timed (pnp.build.timings.timed); first the
    job's number and this process's id go in the table the build reads should it die."""
    table = _running
    if table is not None:
        slot = 2 * (number % (len(table) // 2))
        table[slot], table[slot + 1] = 0, os.getpid()
        table[slot] = number + 1
    function, arguments = pickle.loads(job)
    return timed(function, *arguments)


def _ready(job: Job) -> bool:
    """Whether the jobs `job` waits for are done (those done are let go)."""
    if job.after and not job.after[-1].finished:  # (the last sent is usually the last done)
        return False
    job.after = [a for a in job.after if not a.finished]
    return not job.after


def chunks(count: int, size: int) -> Iterable[range]:
    """range(count) in runs of at most `size`."""
    return (range(first, min(first + size, count)) for first in range(0, count, size))
