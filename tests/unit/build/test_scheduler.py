"""pnp.build.scheduler: the build's one pool of worker processes, fed a window of jobs at a time (a
job's arguments made only when it is sent, each sent once the jobs it comes after are done),
their results taken in this process as it looks, and the work that waits for them. Here
the pool is a stand-in: its futures are done at once, or when the test says."""

from __future__ import annotations

import os
import pickle
from concurrent.futures import Future
from functools import partial
from types import SimpleNamespace

import pytest

from pnp.build import processes
from pnp.build import scheduler as scheduler_module
from pnp.build.scheduler import Job, Scheduler, _ready, chunks, discard_early, run_job, start_early
from pnp.build.timings import timed


class Pool:
    """A pool whose jobs are done when sent (or, with `hold`, when `release`d)."""

    def __init__(self, hold: bool = False) -> None:
        self.hold = hold
        self.sent: list[tuple] = []
        self.pending: list[tuple] = []
        self.shut: list[bool] = []

    def submit(self, function, *arguments) -> Future:
        future: Future = Future()
        run = function
        if function is run_job:  # (each job unpacked and timed where it is done: the job is what the tests follow)
            function, arguments = pickle.loads(arguments[1])
            run = partial(timed, function)
        self.sent.append((function, arguments))
        if self.hold:
            self.pending.append((future, run, arguments))
        else:
            future.set_result(run(*arguments))
        return future

    def release(self, count: int = 1) -> None:
        for future, function, arguments in self.pending[:count]:
            future.set_result(function(*arguments))
        del self.pending[:count]

    def shutdown(self, cancel_futures: bool = False) -> None:
        self.shut.append(cancel_futures)


def scheduler(jobs: int = 1, hold: bool = False) -> tuple[Scheduler, Pool]:
    s = Scheduler(jobs)
    s._pool = pool = Pool(hold)
    return s, pool


def echo(*values):
    return values


def test_a_job() -> None:
    job = Job(echo, lambda: (1,), print)
    assert (job.after, job.future, job.finished) == ([], None, False)
    assert Job(echo, lambda: (), print).after is not job.after


def test_the_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    assert Scheduler.AHEAD == 8
    assert Scheduler(3).workers == 3
    assert Scheduler(-2).workers == 1
    monkeypatch.setattr(os, "cpu_count", lambda: 6)
    assert Scheduler().workers == Scheduler(0).workers == 6
    monkeypatch.setattr(os, "cpu_count", lambda: None)
    assert Scheduler().workers == 1
    s = Scheduler(2)
    assert (s.jobs, s._pool, list(s.queue), s.sent, s.later, s._polling) == (2, None, [], [], [], False)


def test_the_pool_is_made_once(monkeypatch: pytest.MonkeyPatch) -> None:
    made = []
    monkeypatch.setattr("pnp.build.scheduler.worker_pool", lambda workers: made.append(workers) or Pool())
    s = Scheduler(3)
    pool = s.pool()
    assert s.pool() is pool and made == [3]
    s.start()  # each worker started now
    assert pool.sent == [(os.getpid, ())] * 3
    with s:
        pass
    assert pool.shut == [True] and s._pool is None
    s.close()  # (closed already)
    assert pool.shut == [True]


class Early(Pool):
    """A pool that forks its workers when asked (CPython's, with no thread started)."""

    def __init__(self) -> None:
        super().__init__()
        self.launched = 0

    def _launch_processes(self) -> None:
        self.launched += 1


def test_workers_started_before_the_game_is_read_are_the_build_s(monkeypatch: pytest.MonkeyPatch) -> None:
    """start_early forks them (no job sent: no thread started, so the checks' processes can be
    forked after them); the next Scheduler with as many workers takes them, and no other."""
    made: list = []
    monkeypatch.setattr("pnp.build.scheduler.worker_pool", lambda workers: made.append(Early()) or made[-1])
    start_early(2)
    (early,) = made
    assert early.launched == 1 and early.sent == [] and scheduler_module._early[:2] == (2, early)
    running = scheduler_module._early[2]
    assert scheduler_module._running is running and len(running) == 2 * (2 * 8 * 2 + 1)
    other = Scheduler(3)  # (as many workers as it asks for, or none of them)
    assert other.pool() is made[1] and scheduler_module._early[1] is early
    s = Scheduler(2)
    assert s.pool() is early and scheduler_module._early == () and s._running is not None
    s.start()
    assert early.sent == [(os.getpid, ())] * 2
    assert Scheduler(2).pool() is made[2]  # (taken once)
    discard_early()  # (nothing left to stop)
    assert early.shut == []
    start_early(2)
    start_early(2)  # (the first ones stopped)
    assert made[3].shut == [True] and scheduler_module._early[1] is made[4]
    discard_early()
    assert made[4].shut == [True] and scheduler_module._early == ()


def test_without_a_pool_that_forks_before_its_first_job_none_is_started_early(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list = []
    monkeypatch.setattr("pnp.build.scheduler.worker_pool", lambda workers: made.append(Pool()) or made[-1])
    start_early(2)
    assert made[0].shut == [False] and made[0].sent == [] and scheduler_module._early == ()


def test_a_job_s_arguments_are_made_when_it_is_sent() -> None:
    s, pool = scheduler(1, hold=True)
    made, results = [], []
    for n in range(10):
        s.add(echo, lambda n=n: made.append(n) or (n,), results.append)
    assert made == [0, 1, 2, 3, 4, 5, 6, 7]  # the window: 8 a worker
    assert [len(s.sent), len(s.queue)] == [8, 2]
    pool.release(3)
    assert results == []  # taken when this process looks
    s.poll()
    assert results == [(0,), (1,), (2,)] and made == list(range(10))
    assert [len(s.sent), len(s.queue)] == [7, 0]


def test_the_window_is_per_worker() -> None:
    s, pool = scheduler(2, hold=True)
    for n in range(20):
        s.add(echo, lambda n=n: (n,))
    assert [len(s.sent), len(s.queue)] == [16, 4]
    assert [arguments for _, arguments in pool.sent] == [(n,) for n in range(16)]


def test_a_job_asked_first_goes_first() -> None:
    s, pool = scheduler(1, hold=True)
    for n in range(8):
        s.add(echo, lambda n=n: (n,))
    s.add(echo, lambda: ("late",))
    s.add(echo, lambda: ("first",), first=True)
    assert [job.arguments() for job in s.queue] == [("first",), ("late",)]
    pool.release(1)
    s.poll()
    assert pool.sent[-1] == (echo, ("first",))


def test_a_job_waits_for_those_it_comes_after() -> None:
    s, pool = scheduler(1, hold=True)
    drawing = s.add(echo, lambda: ("drawing",))
    other = s.add(echo, lambda: ("other",))
    printing = s.add(echo, lambda: ("print",), after=[other, drawing])
    later = s.add(echo, lambda: ("later",))
    assert [arguments for _, arguments in pool.sent] == [("drawing",), ("other",), ("later",)]
    assert list(s.queue) == [printing]
    pool.release(1)  # the drawing is done, not the other
    s.poll()
    assert list(s.queue) == [printing] and printing.after == [other]  # (the drawing let go)
    pool.release(1)
    s.poll()
    assert pool.sent[-1] == (echo, ("print",)) and printing.after == []
    assert later.finished is False and printing.future is not None


def test_ready() -> None:
    done, waiting = Job(echo, tuple, print), Job(echo, tuple, print)
    done.finished = True
    job = Job(echo, tuple, print, [waiting, done])
    assert _ready(job) is False and job.after == [waiting]  # (the last asked for is done: the done let go)
    job = Job(echo, tuple, print, [done, waiting])
    assert _ready(job) is False and job.after == [done, waiting]  # (the last not done: no further look)
    waiting.finished = True
    assert _ready(job) is True and job.after == []
    assert _ready(Job(echo, tuple, print)) is True


def test_a_result_is_taken_once() -> None:
    s, pool = scheduler(1)
    results = []
    job = s.add(echo, lambda: (1, 2), results.append)
    assert (results, job.finished, s.sent) == ([], False, [job])  # sent; taken when this process looks
    s.poll()
    assert (results, job.finished, job.future, s.sent) == ([(1, 2)], True, None, [])
    s.poll()
    assert results == [(1, 2)]


def test_a_result_taken_while_polling_does_not_poll_again() -> None:
    s, pool = scheduler(1, hold=True)
    seen = []

    def done(result) -> None:
        seen.append((result, s._polling, len(pool.sent)))
        s.poll()  # (a file written through the build's outputs): nothing
        s.add(echo, lambda: ("added",))

    s.add(echo, lambda: ("a",), done)
    pool.release()
    s.poll()
    assert seen == [(("a",), True, 1)]
    assert len(pool.sent) == 2 and s._polling is False  # sent by the poll that took the result


def test_a_build_stops_at_a_poll() -> None:
    s, pool = scheduler(1, hold=True)
    processes.stop_soon(KeyboardInterrupt())
    with pytest.raises(KeyboardInterrupt):
        s.add(echo, lambda: (1,))
    assert s._polling is False and len(s.queue) == 1
    s.poll()  # (once)
    assert len(s.sent) == 1


def test_a_failed_poll_does_not_stop_polling() -> None:
    s, pool = scheduler(1)

    def done(result) -> None:
        raise ValueError("a job's result could not be taken")

    s.add(echo, lambda: (1,), done)
    with pytest.raises(ValueError):
        s.poll()
    assert s._polling is False


def done_one_by_one(monkeypatch: pytest.MonkeyPatch, pool: Pool) -> list[int]:
    """concurrent.futures.wait, as it returns once the oldest job sent is done."""
    waits = []

    def wait(futures, return_when):
        waits.append(len(futures))
        assert return_when == "FIRST_COMPLETED"
        pool.release()

    monkeypatch.setattr("pnp.build.scheduler.wait", wait)
    return waits


def test_waiting_for_jobs(monkeypatch: pytest.MonkeyPatch) -> None:
    s, pool = scheduler(1, hold=True)
    waits = done_one_by_one(monkeypatch, pool)
    jobs = [s.add(echo, lambda n=n: (n,)) for n in range(11)]
    taken = []
    s.wait_for([jobs[10], jobs[2]], taken.append)
    assert [arguments for _, arguments in pool.sent[8:]] == [(10,), (8,), (9,)]  # the one waited for first
    assert taken == [jobs[2], jobs[10]] and jobs[10].finished and jobs[2].finished
    assert [job.finished for job in jobs] == [True] * 8 + [False, False, True]
    assert waits == [8, 8, 8, 8, 7, 6, 5, 4, 3]  # the window full while there was more to send
    s.wait_for([])
    s.wait_for([jobs[10]], taken.append)  # done already
    assert taken == [jobs[2], jobs[10], jobs[10]] and len(waits) == 9


def test_waiting_for_a_job_sends_what_it_comes_after_first(monkeypatch: pytest.MonkeyPatch) -> None:
    s, pool = scheduler(1, hold=True)
    done_one_by_one(monkeypatch, pool)
    for n in range(8):
        s.add(echo, lambda n=n: (n,))
    s.add(echo, lambda: ("other",))
    a = s.add(echo, lambda: ("a",))
    b = s.add(echo, lambda: ("b",))
    done = s.add(echo, lambda: ("done",))
    c = s.add(echo, lambda: ("c",), after=[a, b])
    d = s.add(echo, lambda: ("d",), after=[done])
    s.wait_for([c, d])
    # what c comes after first, then what d does (c waits for them: the next ready goes meanwhile)
    assert [arguments for _, arguments in pool.sent[8:]] == [("a",), ("b",), ("done",), ("other",), ("c",), ("d",)]
    assert c.finished and d.finished


def test_waiting_for_one_sent_already(monkeypatch: pytest.MonkeyPatch) -> None:
    s, pool = scheduler(1, hold=True)
    waits = done_one_by_one(monkeypatch, pool)
    first = s.add(echo, lambda: (1,))
    s.wait_for([first])
    assert waits == [1] and first.finished


def test_the_work_that_waits() -> None:
    s, pool = scheduler(1, hold=True)
    order = []
    job = s.add(echo, lambda: (1,), lambda result: order.append(("done", result)))
    s.then(lambda: order.append("first"))
    s.then(lambda: order.append("second"))
    assert order == []
    pool.hold = False
    pool.release()
    queued = s.add(echo, lambda: (2,), lambda result: order.append(("done", result)))
    s.finish()
    assert order == [("done", (1,)), "first", "second", ("done", (2,))]
    assert s.later == [] and job.finished and queued.finished


def test_the_finish_waits_for_the_queue() -> None:
    s, pool = scheduler(1, hold=True)
    jobs = [s.add(echo, lambda n=n: (n,)) for n in range(12)]
    pool.hold = False
    pool.release(8)
    steps = []
    s.then(lambda: steps.append(len(s.queue)))
    s.finish()
    assert steps == [4] and all(job.finished for job in jobs)


def test_chunks() -> None:
    assert list(chunks(10, 4)) == [range(0, 4), range(4, 8), range(8, 10)]
    assert list(chunks(8, 4)) == [range(0, 4), range(4, 8)]
    assert list(chunks(3, 8)) == [range(0, 3)]
    assert list(chunks(0, 8)) == []


def test_each_job_timed_by_its_kind(monkeypatch: pytest.MonkeyPatch) -> None:
    import pnp.build.timings as timings

    s, pool = scheduler(1)
    readings = iter([0.0, 0.0, 2.0, 0.5])  # (the job's wall clock, its CPU clock; then each again)
    monkeypatch.setattr(timings, "time", SimpleNamespace(perf_counter=lambda: next(readings),
                                                         process_time=lambda: next(readings)))
    job = s.add(echo, lambda: (1,))
    s.poll()  # (its result taken)
    assert job.kind == "test_scheduler.echo" and job.finished
    assert s.timings.jobs == {"test_scheduler.echo": [1, 2.0, 0.5]}
    monkeypatch.undo()
    named = s.add(echo, lambda: (2,), kind="cards: PNG")
    s.poll()
    assert named.kind == "cards: PNG" and s.timings.jobs["cards: PNG"][0] == 1
    s.close()
    assert s.timings.data()["jobs"][1]["kind"] == "cards: PNG"


def test_the_time_waited_for_the_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    import pnp.build.scheduler as module

    s, pool = scheduler(1, hold=True)
    done_one_by_one(monkeypatch, pool)
    clock = iter([10.0, 10.25, 11.0, 11.5])
    monkeypatch.setattr(module, "time", SimpleNamespace(perf_counter=lambda: next(clock)))
    jobs = [s.add(echo, lambda n=n: (n,)) for n in range(2)]
    waited: list[float] = []
    monkeypatch.setattr(s.timings, "waiting", waited.append)
    s.wait_for(jobs)
    assert waited == [0.25, 0.5]


# --- through the real pool (forked worker processes) -------------------------------------------

DRAWN_IN: list[str] = []  # the thread each card below was drawn in, in this process


def card() -> "object":
    import threading

    from pnp.scene import Group

    DRAWN_IN.append(threading.current_thread().name)
    return Group(())


def definition_id(d) -> str:
    return d.id


def test_a_job_s_arguments_are_pickled_in_the_main_thread() -> None:
    """A card not drawn yet is drawn where it is pickled (pnp.scene.Deferred): here, in the
    main thread, as the job is sent, never in the pool's own thread that feeds its workers
    (which drew a card's area map while the main thread drew another's: GEOS crashed)."""
    import threading

    from pnp.scene import deferred

    DRAWN_IN.clear()
    results: list = []
    with Scheduler(1) as s:
        jobs = [s.add(definition_id, lambda n=n: (deferred(f"card-{n}", 10, 10, 0.0, (), card),), results.append)
                for n in range(6)]
        s.wait_for(jobs)
    assert results == [f"card-{n}" for n in range(6)]
    assert DRAWN_IN == [threading.main_thread().name] * 6


def killed(how: str) -> None:
    """A job that ends its own worker process, as a segfault, the kernel or a crash would."""
    import faulthandler
    import resource
    import signal

    faulthandler.disable()  # (pytest's, inherited: no stack printed)
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # (no core file)
    if how == "exit":
        os._exit(3)
    os.kill(os.getpid(), getattr(signal, how))


@pytest.mark.parametrize("how, said", [
    ("SIGSEGV", "a worker process died (signal 11, SIGSEGV) while making cards: PNG images"),
    ("SIGKILL", "a worker process died (signal 9, SIGKILL) while making cards: PNG images"),
    ("exit", "a worker process died (exit code 3) while making cards: PNG images"),
])
def test_a_worker_that_dies_stops_the_build_saying_how_and_while_making_what(how: str, said: str) -> None:
    from pnp.build.processes import WorkerDied

    with Scheduler(2) as s:
        s.start()
        fine = [s.add(echo, lambda n=n: (n,), kind="cards: PDF") for n in range(3)]
        s.wait_for(fine)
        dying = s.add(killed, lambda: (how,), kind="cards: PNG images")
        with pytest.raises(WorkerDied) as raised:
            s.wait_for([dying])
        assert str(raised.value) == said
        assert s._pool is None  # (shut down: the other worker ended too)


def test_how_a_worker_died_is_said() -> None:
    from pnp.build.processes import WorkerDied

    assert str(WorkerDied(-11, "print sheets (PDF)")) == (
        "a worker process died (signal 11, SIGSEGV) while making print sheets (PDF)")
    assert str(WorkerDied(-15)) == "a worker process died (signal 15, SIGTERM)"
    assert str(WorkerDied(0, "x")) == "a worker process died (exit code 0) while making x"
    assert str(WorkerDied(None)) == "a worker process died"
    assert str(WorkerDied(-200)) == "a worker process died (signal 200)"
