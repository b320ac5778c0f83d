"""The Blood on the Clocktower puzzle solver on every transcribed puzzle it models (the
20 Trouble Brewing ones of tests/botc/puzzles, then 16 with characters of other
editions): the median and worst time of each solve, and the whole set.

Each puzzle is solved `REPEAT` times (wall time); the floor is reading the puzzle's
text. With MEEPLE_CLOCKCHECKER set to a checkout of jndean/Clockchecker (outside the
repository), the same puzzles are also solved by Clockchecker, one process each way
(`num_processes=1`), and the ratio of the two sets' CPU times is printed: a
comparison for the lead's report, never part of the table's goals. Clockchecker needs
Python 3.12 or later: MEEPLE_CLOCKCHECKER_PYTHON names the interpreter to run it with.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from harness import Case, human

from meeple.botc.puzzle import notation
from meeple.botc.solver import solve

PUZZLES = Path(__file__).resolve().parent.parent / "tests" / "botc" / "puzzles"
TROUBLE_BREWING = "03a 03b 10 19 26 31 33 36 40 43 47 52 54 59 62 63 70 74 77 78".split()  # noqa: SIM905
BEYOND = "01 04 08 13 14 20 23 24 29 32 35 37 38 66 80 81".split()  # noqa: SIM905
"""With characters of other editions the solver models."""
SECTS_AND_VIOLETS = "15 30-left 30-right 41 42 60 64".split()  # noqa: SIM905
"""With Sects & Violets' characters (branch g40/snv)."""
REPEAT = 5
GOAL = "< 1 s each"
CLOCKCHECKER = """
import sys, time
sys.path.insert(0, sys.argv[1])
import puzzles
from clockchecker.solve import solve
total = 0.0
for name in sys.argv[2:]:
    make = getattr(puzzles, "puzzle_NQT" + name, None)
    if make is None:
        continue
    began = time.process_time()
    worlds = list(solve(make().puzzle, num_processes=1))
    took = time.process_time() - began
    total += took
    print(name, len(worlds), took, flush=True)
print("total", total)
"""


def _times(text: str, source: str) -> list[float]:
    puzzle = notation.parse(text, source)
    found = []
    for _ in range(REPEAT):
        began = time.perf_counter()
        solve(puzzle)
        found.append(time.perf_counter() - began)
    return found


def _worst(times: list[float], _: float) -> str:
    return f"worst {human(max(times))}"


def _clockchecker(ours: dict[str, float]) -> None:
    checkout = os.environ.get("MEEPLE_CLOCKCHECKER")
    if not checkout:
        return
    python = os.environ.get("MEEPLE_CLOCKCHECKER_PYTHON", sys.executable)
    run = subprocess.run(
        [python, "-c", CLOCKCHECKER, checkout, *ours],
        capture_output=True,
        text=True,
        check=False,
    )
    lines = run.stdout.splitlines()
    if run.returncode or not lines or not lines[-1].startswith("total"):
        print(f"  clockchecker failed: {run.stderr.strip()[-300:]}", file=sys.stderr)
        return
    theirs = float(lines[-1].split()[1])
    solved = [line.split()[0] for line in lines[:-1]]
    mine = sum(ours[name] for name in solved)
    print(
        f"  clockchecker: {len(solved)} puzzles in {theirs:.2f} s of CPU; meeple"
        f" {mine:.2f} s on the same ones: {theirs / max(mine, 1e-9):.1f}x faster",
        file=sys.stderr,
    )


def cases() -> list[Case]:
    found = []
    medians = []
    cpu: dict[str, float] = {}
    for name in TROUBLE_BREWING + BEYOND + SECTS_AND_VIOLETS:
        path = PUZZLES / f"puzzle-{name}.puzzle"
        text = path.read_text("utf-8")
        times = _times(text, str(path))
        medians.append(statistics.median(times))
        began = time.process_time()
        solve(notation.parse(text, str(path)))
        cpu[path.stem.removeprefix("puzzle-").lstrip("0")] = time.process_time() - began
        found.append(
            Case(
                f"botc solve: {path.stem}",
                partial(solve, notation.parse(text, str(path))),
                "read the puzzle",
                partial(notation.parse, text, str(path)),
                goal=GOAL,
                extra=partial(_worst, times),
                measured=statistics.median(times),
                floor_measured=statistics.median(_floor(partial(notation.parse, text, str(path)))),
            )
        )
    total = sum(medians)
    found.append(
        Case(
            f"botc solve: all {len(medians)} puzzles",
            lambda: None,
            goal=">= 10x faster than Clockchecker",
            measured=total,
        )
    )
    _clockchecker(cpu)
    return found


def _floor(read: Callable[[], object]) -> list[float]:
    found = []
    for _ in range(REPEAT):
        began = time.perf_counter()
        read()
        found.append(time.perf_counter() - began)
    return found
