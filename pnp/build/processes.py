"""What the processes pnp forks share: they end with the process that forked them; work done
in one for its answer (`Beside`: the checks beside a build, its linking of the previous
output); and how one of them asks the build to stop (`stop_soon`, taken at the build's next
`stop_point`).

Kept apart from the backends, so that a process that only checks imports nothing it does not
use."""

from __future__ import annotations

import os
from typing import IO, Callable


MEMORY = 1 << 30  # bytes a pnp process may take beyond what it started with (the largest build takes a third)


def limit_memory(more: int = MEMORY) -> None:
    """The last line against a game that costs more than its checks foresaw: this process may
    take at most `more` bytes of memory beyond what it holds now (its heap and private
    mappings, RLIMIT_DATA: what a forked process inherits counts as held), and meets a
    MemoryError past that rather than taking the machine's. Where there is no such limit,
    nothing."""
    try:
        import resource

        held = 0
        with open("/proc/self/status", "rb") as status:
            for line in status:
                if line.startswith(b"VmData:"):
                    held = int(line.split()[1]) * 1024
                    break
        soft, hard = resource.getrlimit(resource.RLIMIT_DATA)
        wanted = held + more
        if hard != resource.RLIM_INFINITY:
            wanted = min(wanted, hard)
        if soft == resource.RLIM_INFINITY or soft > wanted:
            resource.setrlimit(resource.RLIMIT_DATA, (wanted, hard))
    except (ImportError, OSError, ValueError, AttributeError):  # (not Linux: /proc or RLIMIT_DATA missing)
        pass


def end_with(parent: int) -> None:
    """In a process pnp forked (a build's worker, validation's map checks): end when the
    process `parent` does, even killed outright (kill -9 gives it no time to stop its
    workers, which would wait on their queue for minutes). Linux does it when asked
    (PR_SET_PDEATHSIG); elsewhere a thread watches the parent. Its memory is limited too
    (`limit_memory`)."""
    import faulthandler
    import signal
    import sys

    # its death is said by the build in one line; with PNP_DEBUG it prints its stack as it crashes too
    faulthandler.disable()
    if os.environ.get("PNP_DEBUG"):
        try:  # (on the process's own error stream, whatever a caller made of sys.stderr)
            faulthandler.enable(sys.__stderr__)
        except (AttributeError, ValueError, OSError):  # (none, or closed)
            pass
    asked = False
    if sys.platform.startswith("linux"):
        import ctypes

        try:
            asked = ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL, 0, 0, 0) == 0  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            asked = False
    if os.getppid() != parent:  # it ended before the worker could ask
        os._exit(1)
    limit_memory()
    if not asked:
        import threading
        import time

        def watch() -> None:
            while os.getppid() == parent:
                time.sleep(1)
            os._exit(1)

        threading.Thread(target=watch, daemon=True).start()


class WorkerDied(Exception):
    """A build's worker process died: killed by a signal (`code` < 0, as multiprocessing says
    it), or it ended of itself (`code` >= 0; None: not known) while running a job of `kind`
    (pnp.build.scheduler.Job.kind; empty: not known). Said in one line."""

    def __init__(self, code: int | None, kind: str = ""):
        super().__init__(code, kind)
        self.code, self.kind = code, kind

    def __str__(self) -> str:
        import signal

        if self.code is None:
            how = ""
        elif self.code < 0:
            try:
                how = f" (signal {-self.code}, {signal.Signals(-self.code).name})"
            except ValueError:  # (a signal Python has no name for)
                how = f" (signal {-self.code})"
        else:
            how = f" (exit code {self.code})"
        return f"a worker process died{how}" + (f" while making {self.kind}" if self.kind else "")


_pending: list[BaseException] = []  # what the next stop_point raises


def stop_soon(exc: BaseException | None) -> None:
    """Have the next `stop_point` raise `exc` (None: nothing). For a signal's handler: raising
    there could land anywhere, even in a finalizer, which would only print it."""
    _pending[:] = [exc] if exc is not None else []


def stop_point() -> None:
    """Where a build may stop: raise what `stop_soon` asked for, once, in the main thread (the
    build's scheduler passes here whenever it takes its workers' results or sends them more,
    and so does each card drawn)."""
    if _pending:
        import threading

        if threading.current_thread() is threading.main_thread():
            raise _pending.pop()


class Beside:
    """Work done in a forked process, for its answer (bytes): `start` it, then take its
    `result` (or `cancel` it). The answer goes to a file of no name, which the process
    writes and ends: it never waits on its reader, holding its memory."""

    def __init__(self, pid: int, answer: "IO[bytes]"):
        self.pid, self.answer = pid, answer

    @classmethod
    def start(cls, work: Callable[[], bytes]) -> "Beside | None":
        """`work` started in a forked process; None where that cannot be done safely (no fork,
        one core, or threads running that a fork would not copy), the work left to the caller."""
        import multiprocessing
        import tempfile
        import threading

        if "fork" not in multiprocessing.get_all_start_methods() or (os.cpu_count() or 1) < 2 \
                or threading.active_count() > 1:
            return None
        try:
            answer = tempfile.TemporaryFile()
        except OSError:  # (out of descriptors, or of room)
            return None
        parent = os.getpid()
        try:
            pid = os.fork()
        except OSError:  # (out of processes or memory)
            answer.close()
            return None
        if pid == 0:  # pragma: no cover - the child, which never returns
            code = 1
            try:
                end_with(parent)  # (a command killed outright takes the work with it)
                data = work()
                with os.fdopen(os.dup(answer.fileno()), "wb") as stream:
                    stream.write(data)
                code = 0
            finally:
                os._exit(code)  # (not through the parent's exit handlers, nor its buffered output)
        return cls(pid, answer)

    def result(self) -> bytes | None:
        """The work's answer; None if its process failed in any way (killed, an exception):
        the caller then does the work itself (as it does should the answer be unreadable)."""
        try:
            _, status = os.waitpid(self.pid, 0)
            ended = os.waitstatus_to_exitcode(status) == 0
        except ChildProcessError:  # reaped already (SIGCHLD ignored): the answer says whether it is whole
            ended = True
        except BaseException:  # (Ctrl-C among them)
            self.cancel()
            raise
        with self.answer:
            self.answer.seek(0)
            return self.answer.read() if ended else None

    def cancel(self) -> None:
        """Stop the work's process and wait for it to end."""
        import signal

        try:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        except (ProcessLookupError, ChildProcessError):  # pragma: no cover - it had ended, or was reaped
            pass
        self.answer.close()
