"""The command line as a whole process: start-up, then checking and drawing a small record.

Each case runs `meeple` in a fresh interpreter (as a person does) and its floor is
`python -c pass` measured in the same run (the two alternate, hyperfine-style: medians
of eleven runs each), so the ratio, and the median minus the floor's, say how much
meeple adds to Python's own start. Goals: `--version` under 80 ms, `check`/`show` of a small record
under 150 ms.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from harness import Case

ROOT = Path(__file__).resolve().parents[1]
SMALL = str(ROOT / "examples" / "flows" / "numbered.flows")
MEEPLE = [sys.executable, "-m", "meeple"]


def _run(*args: str) -> None:
    subprocess.run([*MEEPLE, *args], check=False, capture_output=True)


def _python() -> None:
    subprocess.run([sys.executable, "-c", "pass"], check=True, capture_output=True)


def cases() -> list[Case]:
    return [
        Case(
            "cli: meeple --version",
            lambda: _run("--version"),
            "python -c pass",
            _python,
            goal="< 80 ms",
            repeat=11,
            over_floor=True,
        ),
        Case(
            "cli: meeple check small.flows",
            lambda: _run("check", SMALL),
            "python -c pass",
            _python,
            goal="< 150 ms",
            repeat=11,
            over_floor=True,
        ),
        Case(
            "cli: meeple show small.flows",
            lambda: _run("show", SMALL),
            "python -c pass",
            _python,
            goal="< 150 ms",
            repeat=11,
            over_floor=True,
        ),
    ]
