"""Where a cold build's time goes: the main process's wall and CPU time in each stage of the
build (from one stage's start to the next's, with the time it spent waiting for its
workers), and the workers' wall and CPU time in each kind of job. The build keeps them in
its record (out/.pnp-build.json, under "timings"); `pnp build --timings` prints them as a
table (`table`), and a benchmark can read them from the record.

Times vary from run to run and are no part of the output's content: the record holds them,
no output file does."""

from __future__ import annotations

import time
from typing import Callable

FIRST = "composing and sending work"  # the main process's time before its first stage
# the main process taking the checks' answer (waiting for their process, should they run beside
# the build and not be done) and keeping what the next build and validation read
CHECKS = "the checks' answer, the cache kept"


def timed(function: Callable, *arguments: object) -> tuple[object, float, float]:
    """In a worker process: `function(*arguments)`, with the wall and CPU seconds it took."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = function(*arguments)
    return result, time.perf_counter() - wall, time.process_time() - cpu


class Timings:
    """A build's clock: the stages of its main process, and its workers' jobs by kind."""

    def __init__(self, workers: int = 0) -> None:
        self.workers = workers
        self._started = (time.perf_counter(), time.process_time())
        self._mark = self._started
        self._label = FIRST
        self._waited = 0.0
        self._stopped: tuple[float, float] | None = None
        self.stages: dict[str, list[float]] = {}  # wall, CPU and waiting seconds, by stage, in order
        self.jobs: dict[str, list[float]] = {}  # how many, their wall and CPU seconds, by kind

    def stage(self, label: str) -> None:
        """The main process starts a stage (one met again adds to its time)."""
        if self._stopped is not None:
            return
        now = (time.perf_counter(), time.process_time())
        spent = self.stages.setdefault(self._label, [0.0, 0.0, 0.0])
        spent[0] += now[0] - self._mark[0]
        spent[1] += now[1] - self._mark[1]
        spent[2] += self._waited
        self._mark, self._label, self._waited = now, label, 0.0

    def waiting(self, seconds: float) -> None:
        """The main process waited this long for its workers, in the current stage."""
        self._waited += seconds

    def job(self, kind: str, wall: float, cpu: float) -> None:
        """A worker did a job of `kind` in `wall` seconds, `cpu` of them its own."""
        found = self.jobs.setdefault(kind, [0, 0.0, 0.0])
        found[0] += 1
        found[1] += wall
        found[2] += cpu

    def stop(self) -> None:
        """The build's end: its last stage ends here."""
        if self._stopped is None:
            self.stage("")
            self._stopped = (time.perf_counter(), time.process_time())

    def data(self) -> dict:
        """What the record keeps: seconds, to the millisecond."""
        self.stop()
        assert self._stopped is not None
        return {"wall": _ms(self._stopped[0] - self._started[0]), "cpu": _ms(self._stopped[1] - self._started[1]),
                "workers": self.workers,
                "stages": [{"stage": label, "wall": _ms(wall), "cpu": _ms(cpu), "waited": _ms(waited)}
                           for label, (wall, cpu, waited) in self.stages.items()],
                "jobs": [{"kind": kind, "jobs": int(count), "wall": _ms(wall), "cpu": _ms(cpu)}
                         for kind, (count, wall, cpu) in sorted(self.jobs.items(), key=lambda item: -item[1][2])]}


def _ms(seconds: float) -> float:
    return round(seconds, 3)


def table(data: object) -> str:
    """The record's timings as a plain-text table (an empty string when there are none, or
    they are not a build's: a record is data in a folder that may come from a stranger)."""
    try:
        stages = [(str(s["stage"]), float(s["wall"]), float(s["cpu"]), float(s["waited"])) for s in data["stages"]]
        jobs = [(str(j["kind"]), int(j["jobs"]), float(j["wall"]), float(j["cpu"])) for j in data["jobs"]]
        wall, cpu, workers = float(data["wall"]), float(data["cpu"]), int(data["workers"])
    except (TypeError, KeyError, ValueError):
        return ""
    width = max([len(s[0]) for s in stages] + [len(j[0]) for j in jobs] + [40])
    lines = [f"{'main process, by stage':<{width}}  {'wall s':>8}  {'CPU s':>8}  {'waiting s':>9}"]
    lines += [f"{label:<{width}}  {w:8.2f}  {c:8.2f}  {waited:9.2f}" for label, w, c, waited in stages]
    lines.append(f"{'the main process':<{width}}  {wall:8.2f}  {cpu:8.2f}  {sum(s[3] for s in stages):9.2f}")
    lines.append("")
    lines.append(f"{f'workers ({workers}), by kind of job':<{width}}  {'wall s':>8}  {'CPU s':>8}  {'jobs':>9}")
    lines += [f"{kind:<{width}}  {w:8.2f}  {c:8.2f}  {count:9d}" for kind, count, w, c in jobs]
    busy, work = sum(j[2] for j in jobs), sum(j[3] for j in jobs)
    lines.append(f"{'the workers':<{width}}  {busy:8.2f}  {work:8.2f}  {sum(j[1] for j in jobs):9d}")
    lines.append("")
    lines.append(f"CPU: {cpu + work:.2f} s in {wall:.2f} s of wall time (main process {cpu:.2f} s, workers "
                 f"{work:.2f} s)")
    return "\n".join(lines) + "\n"
