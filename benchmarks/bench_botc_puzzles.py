"""The Blood on the Clocktower puzzle solver on every transcribed puzzle it models (each
of tests/botc/puzzles that it does not refuse as not modelled, so a character added
to the solver adds its puzzles here): the median and worst time of each solve, and the
whole set.

Each puzzle is solved `REPEAT` times (wall time); the floor is reading the puzzle's
text. With MEEPLE_CLOCKCHECKER set to a checkout of jndean/Clockchecker (outside the
repository), the same puzzles are also solved by Clockchecker, one process each way
(`num_processes=1`), and the ratio of the two sets' CPU times is printed: a
comparison for the lead's report, never part of the table's goals. Each side counts the
same thing: the CPU time of one solve per puzzle, from the puzzle already read to every
world (meeple: `solve` on the parsed puzzle; Clockchecker: `solve` on its puzzle
object; jthemphill's runner: building its model from the validated JSON and
enumerating every world), in a process already started, its code imported or
compiled (docs/formats/botc.md, "Measured"). Clockchecker needs
Python 3.12 or later: MEEPLE_CLOCKCHECKER_PYTHON names the interpreter to run it with.
With MEEPLE_JTHEMPHILL set to the command of a runner of jthemphill/botc-solvers
(outside the repository; docs/formats/botc.md, "Measured", says how to make one), the
same transcriptions written as that project's JSON (a puzzle with a house rule is left
out: that project's reader ignores meeple's `meepleHouseRules`, so to it the JSON is
another puzzle) are solved by it too, and compared the same way.
"""

from __future__ import annotations

import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from harness import Case, human

from meeple.botc.puzzle import jsonform, notation
from meeple.botc.puzzle.model import Puzzle
from meeple.botc.solver import Unmodelled, solve

PUZZLES = Path(__file__).resolve().parent.parent / "tests" / "botc" / "puzzles"
CLOCKCHECKER_NAMES = {"30-left": "30b", "30-right": "30a", "71": "71-not-clockcheckers"}
"""meeple's puzzle names that Clockchecker spells otherwise (its `puzzle_NQT30a` is
the right-hand game of Puzzle 30), or not at all (its Puzzle 71 is another game)."""
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
    try:
        worlds = list(solve(make().puzzle, num_processes=1))
    except Exception:  # a puzzle Clockchecker cannot solve is left out
        continue
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


def _peer(label: str, command: list[str], ours: dict[str, float]) -> None:
    """Run another solver's `command`, which prints a line `NAME WORLDS SECONDS` for each
    puzzle it solved (other lines indented or not in that form are ignored) and a last
    line `total SECONDS` (CPU time), and print the ratio of its CPU time to meeple's on
    the same puzzles (`ours`, by NAME)."""
    run = subprocess.run(command, capture_output=True, text=True, check=False)
    lines = run.stdout.splitlines()
    if run.returncode or not lines or not lines[-1].startswith("total"):
        print(f"  {label} failed: {run.stderr.strip()[-300:]}", file=sys.stderr)
        return
    solved = [
        fields[0]
        for fields in (line.split() for line in lines[:-1])
        if len(fields) == 3 and fields[0] in ours and fields[1].isdigit()
    ]
    theirs = float(lines[-1].split()[1])
    mine = max(sum(ours[name] for name in solved), 1e-9)
    ratio = (
        f"{theirs / mine:.1f}x faster"
        if theirs >= mine
        else f"{mine / max(theirs, 1e-9):.1f}x slower"
    )
    print(
        f"  {label}: {len(solved)} puzzles in {theirs:.2f} s of CPU; meeple"
        f" {mine:.2f} s on the same ones: meeple {ratio}",
        file=sys.stderr,
    )


def _clockchecker(ours: dict[str, float]) -> None:
    checkout = os.environ.get("MEEPLE_CLOCKCHECKER")
    if not checkout:
        return
    python = os.environ.get("MEEPLE_CLOCKCHECKER_PYTHON", sys.executable)
    theirs = {CLOCKCHECKER_NAMES.get(name, name.lstrip("0")): took for name, took in ours.items()}
    _peer("clockchecker", [python, "-c", CLOCKCHECKER, checkout, *theirs], theirs)


def _jthemphill(ours: dict[str, float], puzzles: dict[str, Puzzle]) -> None:
    """jthemphill/botc-solvers on the transcriptions written as its JSON, one file each
    (NAME.json), in a temporary folder outside the repository."""
    command = os.environ.get("MEEPLE_JTHEMPHILL")
    if not command:
        return
    with tempfile.TemporaryDirectory() as folder:
        paths = []
        for name, puzzle in puzzles.items():
            if puzzle.house_rules:  # its solver ignores meepleHouseRules: another puzzle
                continue
            path = Path(folder) / f"{name}.json"
            path.write_text(jsonform.dump(puzzle), "utf-8")
            paths.append(str(path))
        _peer("jthemphill/botc-solvers", [*shlex.split(command), *paths], ours)


def cases() -> list[Case]:
    found = []
    medians = []
    cpu: dict[str, float] = {}
    solved: dict[str, Puzzle] = {}
    for path in sorted(PUZZLES.glob("*.puzzle")):
        text = path.read_text("utf-8")
        puzzle = notation.parse(text, str(path))
        began = time.process_time()  # the solve alone, as the peers' runners time theirs
        try:
            solve(puzzle)
        except Unmodelled:
            continue
        took = time.process_time() - began
        name = path.stem.removeprefix("puzzle-")
        cpu[name] = took
        solved[name] = puzzle
        times = _times(text, str(path))
        medians.append(statistics.median(times))
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
    _jthemphill(cpu, solved)
    return found


def _floor(read: Callable[[], object]) -> list[float]:
    found = []
    for _ in range(REPEAT):
        began = time.perf_counter()
        read()
        found.append(time.perf_counter() - began)
    return found
