"""Worker processes for a build: one pool, started when first needed, for rasterizing pages
and other long tasks, and the work that waits for them (`later`), done in the order given."""

from __future__ import annotations

from concurrent.futures import Future
from typing import Callable


class Scheduler:
    """The build's one pool of worker processes, and what waits for them."""

    def __init__(self, jobs: int | None = None):
        self.jobs = jobs
        self._pool = None
        self.later: list[Callable[[], None]] = []  # run in order once the main process is done

    def pool(self):
        if self._pool is None:
            from .backends.png import worker_pool

            self._pool = worker_pool(self.jobs)
        return self._pool

    def renderer(self):
        """A page renderer on the pool (see pnp.backends.png.PageRenderer)."""
        from .backends.png import PageRenderer

        return PageRenderer(self.pool())

    def submit(self, function: Callable, *args: object) -> Future:
        """Run `function(*args)` in one of the worker processes."""
        return self.pool().submit(function, *args)

    def then(self, finish: Callable[[], None]) -> None:
        """Do `finish` after the main process's own work, when the workers' results are needed."""
        self.later.append(finish)

    def finish(self) -> None:
        """Wait for every worker, doing what waits for each in the order it was asked for."""
        later, self.later = self.later, []
        for step in later:
            step()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None

    def __enter__(self) -> "Scheduler":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
