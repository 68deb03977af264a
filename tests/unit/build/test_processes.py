"""pnp.build.processes: what the processes pnp forks share: each ends with the process that forked
it and may take only so much memory more; work done in a forked process for its answer
(Beside); and a build asked to stop at its next stop point."""

from __future__ import annotations

import ctypes
import io
import os
import signal
import sys
import threading

import pytest

from pnp.build import processes
from pnp.build.processes import MEMORY, Beside, end_with, limit_memory, stop_point, stop_soon


def in_child(work) -> int:
    """`work()` in a forked process: its exit code (what work returns, 99 if it raised)."""
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        code = 99
        try:
            code = work()
        finally:
            os._exit(code)
    return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])


# --- memory ------------------------------------------------------------------------------------------

class Limits:
    """resource's RLIMIT_DATA, as limit_memory sees and sets it."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, soft: int, hard: int, status: bytes | None) -> None:
        import resource

        self.set: list[tuple] = []
        monkeypatch.setattr(resource, "getrlimit", lambda which: (soft, hard))
        monkeypatch.setattr(resource, "setrlimit", lambda which, limits: self.set.append((which, limits)))

        def opened(path, mode):
            assert (path, mode) == ("/proc/self/status", "rb")
            if status is None:
                raise FileNotFoundError(path)
            return io.BytesIO(status)

        monkeypatch.setattr(processes, "open", opened, raising=False)


STATUS = b"Name:\tpython\nVmPeak:\t  9000 kB\nVmData:\t  2000 kB\nVmStk:\t 132 kB\n"


def test_the_memory_a_process_may_take(monkeypatch: pytest.MonkeyPatch) -> None:
    import resource

    assert MEMORY == 1 << 30
    infinity = resource.RLIM_INFINITY
    limits = Limits(monkeypatch, infinity, infinity, STATUS)
    limit_memory()
    assert limits.set == [(resource.RLIMIT_DATA, (2_048_000 + (1 << 30), infinity))]
    limits = Limits(monkeypatch, infinity, infinity, STATUS)
    limit_memory(1000)
    assert limits.set == [(resource.RLIMIT_DATA, (2_049_000, infinity))]
    limits = Limits(monkeypatch, infinity, 2_048_500, STATUS)  # no more than the hard limit
    limit_memory(1000)
    assert limits.set == [(resource.RLIMIT_DATA, (2_048_500, 2_048_500))]
    limits = Limits(monkeypatch, 2_049_001, infinity, STATUS)  # a higher limit: lowered
    limit_memory(1000)
    assert limits.set == [(resource.RLIMIT_DATA, (2_049_000, infinity))]
    for soft in (2_049_000, 2_048_999):  # one as low or lower: left
        limits = Limits(monkeypatch, soft, infinity, STATUS)
        limit_memory(1000)
        assert limits.set == []
    limits = Limits(monkeypatch, infinity, infinity, b"Name:\tpython\nVmPeak:\t 9 kB\n")  # no VmData: none held
    limit_memory(1000)
    assert limits.set == [(resource.RLIMIT_DATA, (1000, infinity))]
    limits = Limits(monkeypatch, infinity, infinity, b"VmData:\t 1 kB\nVmData:\t 5 kB\n")
    limit_memory(0)
    assert limits.set == [(resource.RLIMIT_DATA, (1024, infinity))]  # the first line that says
    limits = Limits(monkeypatch, infinity, infinity, None)  # no /proc: nothing
    limit_memory()
    assert limits.set == []


def test_a_limit_that_cannot_be_set(monkeypatch: pytest.MonkeyPatch) -> None:
    import resource

    Limits(monkeypatch, resource.RLIM_INFINITY, resource.RLIM_INFINITY, STATUS)

    def refused(which, limits):
        raise ValueError("not allowed")

    monkeypatch.setattr(resource, "setrlimit", refused)
    limit_memory()  # (nothing said)


# --- a forked process ends with its parent -----------------------------------------------------------

def test_a_forked_process_ends_with_its_parent() -> None:
    import resource

    parent = os.getpid()

    def child() -> int:
        end_with(parent)
        signal_asked = ctypes.c_int()
        ctypes.CDLL(None).prctl(2, ctypes.byref(signal_asked), 0, 0, 0)  # PR_GET_PDEATHSIG
        soft, _ = resource.getrlimit(resource.RLIMIT_DATA)
        return 10 * (signal_asked.value == signal.SIGKILL) + (soft != resource.RLIM_INFINITY) + \
            2 * (threading.active_count() == 1)

    assert in_child(child) == 13  # the kernel asked to kill it, its memory limited, no thread watching


def test_a_forked_process_whose_parent_ended_already() -> None:
    assert in_child(lambda: end_with(os.getpid() + 1_000_000) or 0) == 1


def test_a_thread_watches_the_parent_elsewhere() -> None:
    parent = os.getpid()

    def child() -> int:
        sys.platform = "darwin"
        end_with(parent)
        return threading.active_count()

    assert in_child(child) == 2


# --- stopping a build -------------------------------------------------------------------------------------

def test_a_build_stops_at_its_next_stop_point() -> None:
    stop_point()  # nothing asked
    stop_soon(KeyboardInterrupt("stop"))
    stop_soon(ValueError("the checks failed"))  # the last asked for
    with pytest.raises(ValueError, match="the checks failed"):
        stop_point()
    stop_point()  # once
    stop_soon(ValueError("x"))
    stop_soon(None)  # taken back
    stop_point()


def test_only_the_main_thread_stops() -> None:
    stop_soon(ValueError("stop"))
    raised = []

    def elsewhere() -> None:
        try:
            stop_point()
        except ValueError as exc:  # pragma: no cover - the defect this test is for
            raised.append(exc)

    thread = threading.Thread(target=elsewhere)
    thread.start()
    thread.join()
    assert raised == []
    with pytest.raises(ValueError, match="stop"):
        stop_point()


# --- work beside ---------------------------------------------------------------------------------------

@pytest.fixture(autouse=True)
def no_other_thread(request: pytest.FixtureRequest) -> None:
    """Beside forks only a process with no other thread running (one a test left behind)."""
    if request.function.__name__.startswith("test_work") and threading.active_count() > 1:  # pragma: no cover
        pytest.skip("another thread is running: nothing is forked")


def test_work_done_beside() -> None:
    beside = Beside.start(lambda: b"the answer " * 1000)
    assert beside is not None and beside.pid != os.getpid()
    assert beside.result() == b"the answer " * 1000
    assert beside.answer.closed


def test_work_that_fails_beside() -> None:
    def fails() -> bytes:
        raise ValueError("no")

    beside = Beside.start(fails)
    assert beside.result() is None
    beside = Beside.start(lambda: os._exit(3))
    assert beside.result() is None


def test_work_reaped_already() -> None:
    beside = Beside.start(lambda: b"whole")
    os.waitpid(beside.pid, 0)  # (SIGCHLD ignored: reaped by the system)
    assert beside.result() == b"whole"


def test_work_cancelled() -> None:
    started = threading.Event()
    beside = Beside.start(lambda: started.wait(60) and b"never")
    beside.cancel()
    assert beside.answer.closed
    with pytest.raises(ChildProcessError):
        os.waitpid(beside.pid, 0)  # ended and reaped


def test_work_waited_for_interrupted(monkeypatch: pytest.MonkeyPatch) -> None:
    beside = Beside.start(lambda: threading.Event().wait(60) and b"never")
    waitpid = os.waitpid
    calls = []

    def interrupted(pid, options):
        calls.append(pid)
        if len(calls) == 1:
            raise KeyboardInterrupt
        return waitpid(pid, options)

    monkeypatch.setattr(os, "waitpid", interrupted)
    with pytest.raises(KeyboardInterrupt):
        beside.result()
    assert calls == [beside.pid, beside.pid] and beside.answer.closed  # cancelled: killed and waited for


def test_work_not_done_beside(monkeypatch: pytest.MonkeyPatch) -> None:
    import multiprocessing
    import tempfile

    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    assert Beside.start(lambda: b"x") is None  # one core
    monkeypatch.setattr(os, "cpu_count", lambda: None)
    assert Beside.start(lambda: b"x") is None
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    assert Beside.start(lambda: b"x").result() == b"x"
    monkeypatch.setattr(multiprocessing, "get_all_start_methods", lambda: ["spawn"])
    assert Beside.start(lambda: b"x") is None  # no fork
    monkeypatch.undo()
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    event = threading.Event()
    thread = threading.Thread(target=event.wait)
    thread.start()
    try:
        assert Beside.start(lambda: b"x") is None  # a thread a fork would not copy
    finally:
        event.set()
        thread.join()

    def no_room():
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(tempfile, "TemporaryFile", no_room)
    assert Beside.start(lambda: b"x") is None
    monkeypatch.undo()
    answers = []
    real = tempfile.TemporaryFile
    monkeypatch.setattr(tempfile, "TemporaryFile", lambda: answers.append(real()) or answers[-1])

    def no_fork():
        raise OSError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(os, "fork", no_fork)
    assert Beside.start(lambda: b"x") is None
    assert answers[0].closed


def test_a_pool_of_workers() -> None:
    from pnp.build.scheduler import worker_pool

    with worker_pool(2) as pool:
        assert pool._max_workers == 2
        assert pool.submit(os.getpid).result() != os.getpid()
    with worker_pool() as pool:
        assert pool._max_workers == (os.cpu_count() or 1)
    with worker_pool(0) as pool:
        assert pool._max_workers == (os.cpu_count() or 1)


def test_a_worker_imports_what_draws_as_it_starts() -> None:
    """Forked from a process that has not (a build's command, before it reads the game:
    pnp.build.scheduler.start_early), each worker imports what draws as it starts."""
    import subprocess

    script = """
import sys
from pnp.build.scheduler import worker_pool
drawing = ("pnp.render.contact", "pnp.render.pdf", "pnp.render.png", "pypdfium2", "zlib_ng")
assert not any(name in sys.modules for name in drawing)
with worker_pool(1) as pool:
    print(pool.submit(eval, f"[name for name in {drawing!r} if name in __import__('sys').modules]").result())
print([name for name in drawing if name in sys.modules])
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "['pnp.render.contact', 'pnp.render.pdf', 'pnp.render.png', 'pypdfium2', 'zlib_ng']", "[]"]
