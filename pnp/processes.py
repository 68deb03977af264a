"""What the processes pnp forks share: they end with the process that forked them; and how
one of them asks the build to stop (`stop_soon`, taken at the build's next `stop_point`).

Kept apart from the backends, so that a process that only checks imports nothing it does not
use."""

from __future__ import annotations

import os


def end_with(parent: int) -> None:
    """In a process pnp forked (a build's worker, validation's map checks): end when the
    process `parent` does, even killed outright (kill -9 gives it no time to stop its
    workers, which would wait on their queue for minutes). Linux does it when asked
    (PR_SET_PDEATHSIG); elsewhere a thread watches the parent."""
    import signal
    import sys

    asked = False
    if sys.platform.startswith("linux"):
        import ctypes

        try:
            asked = ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL, 0, 0, 0) == 0  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            asked = False
    if os.getppid() != parent:  # it ended before the worker could ask
        os._exit(1)
    if not asked:
        import threading
        import time

        def watch() -> None:
            while os.getppid() == parent:
                time.sleep(1)
            os._exit(1)

        threading.Thread(target=watch, daemon=True).start()


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
