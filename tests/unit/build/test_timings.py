"""pnp.build.timings: a build's clock (the main process's stages, with the time it waited for its
workers, and the workers' jobs by kind), what the build's record keeps of it, and the table
`pnp build --timings` prints. The clocks are stand-ins: every reading is the next the test gives."""

from __future__ import annotations

import pytest

from pnp.build import timings
from pnp.build.timings import FIRST, Timings, table, timed


class Clock:
    """time.perf_counter and time.process_time as the test sets them."""

    def __init__(self) -> None:
        self.wall, self.cpu = 0.0, 0.0

    def perf_counter(self) -> float:
        return self.wall

    def process_time(self) -> float:
        return self.cpu

    def at(self, wall: float, cpu: float) -> None:
        self.wall, self.cpu = wall, cpu


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    found = Clock()
    monkeypatch.setattr(timings, "time", found)
    return found


def test_a_job_timed_where_it_is_done(clock: Clock) -> None:
    def job(a: int, b: int) -> int:
        clock.at(5.0, 2.0)
        return a + b
    clock.at(1.0, 0.5)
    assert timed(job, 2, 3) == (5, 4.0, 1.5)


def test_the_stages_of_the_main_process_and_the_jobs(clock: Clock) -> None:
    clock.at(10.0, 1.0)
    t = Timings(2)
    clock.at(12.0, 2.5)
    t.stage("cards: PDF")
    t.waiting(0.25)
    clock.at(13.0, 2.75)
    t.stage("SVG")
    clock.at(13.5, 3.0)
    t.stage("cards: PDF")  # (a stage met again adds to its time)
    t.waiting(0.5)
    clock.at(14.0, 3.125)
    t.job("PNG", 1.0, 0.75)
    t.job("tts", 2.0, 1.5)
    t.job("PNG", 0.5, 0.25)
    t.stop()
    clock.at(20.0, 9.0)
    t.stage("after the end")  # (nothing counted once stopped)
    t.stop()
    assert t.data() == {
        "wall": 4.0, "cpu": 2.125, "workers": 2,
        "stages": [{"stage": FIRST, "wall": 2.0, "cpu": 1.5, "waited": 0.0},
                   {"stage": "cards: PDF", "wall": 1.5, "cpu": 0.375, "waited": 0.75},
                   {"stage": "SVG", "wall": 0.5, "cpu": 0.25, "waited": 0.0}],
        "jobs": [{"kind": "tts", "jobs": 1, "wall": 2.0, "cpu": 1.5},  # (the costliest first)
                 {"kind": "PNG", "jobs": 2, "wall": 1.5, "cpu": 1.0}]}
    assert FIRST == "composing and sending work"


def test_seconds_to_the_millisecond(clock: Clock) -> None:
    t = Timings(1)
    clock.at(1.23456, 0.0004)
    t.job("PNG", 0.12345, 0.0006)
    assert t.data() == {"wall": 1.235, "cpu": 0.0, "workers": 1,
                        "stages": [{"stage": FIRST, "wall": 1.235, "cpu": 0.0, "waited": 0.0}],
                        "jobs": [{"kind": "PNG", "jobs": 1, "wall": 0.123, "cpu": 0.001}]}


def test_the_table() -> None:
    data = {"wall": 4.0, "cpu": 2.125, "workers": 2,
            "stages": [{"stage": FIRST, "wall": 2.0, "cpu": 1.5, "waited": 0.0},
                       {"stage": "cards: PDF", "wall": 2.0, "cpu": 0.625, "waited": 0.75}],
            "jobs": [{"kind": "tts", "jobs": 1, "wall": 2.0, "cpu": 1.5},
                     {"kind": "PNG", "jobs": 2, "wall": 1.5, "cpu": 1.0}]}
    assert table(data) == (
        "main process, by stage                      wall s     CPU s  waiting s\n"
        "composing and sending work                    2.00      1.50       0.00\n"
        "cards: PDF                                    2.00      0.62       0.75\n"
        "the main process                              4.00      2.12       0.75\n"
        "\n"
        "workers (2), by kind of job                 wall s     CPU s       jobs\n"
        "tts                                           2.00      1.50          1\n"
        "PNG                                           1.50      1.00          2\n"
        "the workers                                   3.50      2.50          3\n"
        "\n"
        "CPU: 4.62 s in 4.00 s of wall time (main process 2.12 s, workers 2.50 s)\n")
    long = {**data, "jobs": [{"kind": "x" * 50, "jobs": 1, "wall": 0.0, "cpu": 0.0}]}
    assert table(long).splitlines()[6] == "x" * 50 + "      0.00      0.00          1"


@pytest.mark.parametrize("data", [None, {}, [], {"wall": 1}, {"wall": "x", "cpu": 1, "workers": 1, "stages": [],
                                                              "jobs": []},
                                  {"wall": 1, "cpu": 1, "workers": 1, "stages": [{"stage": "a"}], "jobs": []}])
def test_no_table_of_what_is_not_a_build_s_timings(data: object) -> None:
    assert table(data) == ""
