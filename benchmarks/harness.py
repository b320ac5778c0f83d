"""A tiny benchmark harness: medians of repeated runs, each beside a floor from the same run.

Each benchmarks/bench_*.py module defines `cases() -> list[Case]`. A case times
an operation and a floor (the cheapest thing that touches the same input: a
regex pass, json.loads) so the ratio stays meaningful on any machine.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Case:
    """One timed operation, its floor, and the goal it should meet."""

    name: str
    run: Callable[[], object]
    floor_name: str = ""
    floor: Callable[[], object] | None = None
    goal: str = ""
    repeat: int = 15
    extra: Callable[[float], str] | None = None
    """Optional extra figure from the median, e.g. throughput in MB/s."""
    measured: float | None = None
    """For operations too long to repeat (a solver's minute): the one time already taken;
    `run` is then not called again."""
    floor_measured: float | None = None
    """The floor's median, when `measured` is given and the floor was measured alongside."""
    over_floor: bool = False
    """Also print the median minus the floor's (a whole process's own cost past Python's start)."""
    clock: Callable[[], float] = time.perf_counter
    """What a run's time is read from: wall time, `time.process_time` (this process's CPU
    time), or (`children_cpu`) the CPU time of the processes a run starts and waits for;
    CPU time barely changes on a busy machine."""
    number: int = 1
    """Calls per timed run (operation and floor alike); medians are per call. For
    operations of microseconds, whose single call the clock cannot time well."""


def children_cpu() -> float:
    """User plus system CPU seconds of every child process waited for so far: the
    difference across a run is the CPU time of the processes it ran."""
    import resource

    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


@dataclass(frozen=True)
class Result:
    case: Case
    median: float
    floor_median: float | None

    @property
    def ratio(self) -> float | None:
        return self.median / self.floor_median if self.floor_median else None


def median_time(
    function: Callable[[], object],
    repeat: int,
    clock: Callable[[], float] = time.perf_counter,
    number: int = 1,
) -> float:
    """Median time (by `clock`, wall time unless told) of a call, over `repeat` runs of
    `number` calls each, after one warm-up call."""
    function()
    times = []
    for _ in range(repeat):
        start = clock()
        for _ in range(number):
            function()
        times.append((clock() - start) / number)
    return statistics.median(times)


def measure(case: Case) -> Result:
    """The medians of the operation and its floor. Their runs alternate, so that a machine
    that gets busier or quieter during the measurement moves both alike and the ratio holds."""
    if case.measured is not None and case.floor_measured is not None:
        return Result(case, case.measured, case.floor_measured)
    if case.measured is not None or case.floor is None:
        taken = (
            case.measured
            if case.measured is not None
            else median_time(case.run, case.repeat, case.clock, case.number)
        )
        floor = (
            median_time(case.floor, case.repeat, case.clock, case.number) if case.floor else None
        )
        return Result(case, taken, floor)
    case.floor()
    case.run()
    floors: list[float] = []
    times: list[float] = []
    for _ in range(case.repeat):
        for function, found in ((case.floor, floors), (case.run, times)):
            start = case.clock()
            for _ in range(case.number):
                function()
            found.append((case.clock() - start) / case.number)
    return Result(case, statistics.median(times), statistics.median(floors))


def human(seconds: float) -> str:
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds * 1e6:.1f} µs"
