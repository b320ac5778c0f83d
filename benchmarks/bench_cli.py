"""The command line as a whole process: start-up, then checking and drawing a small record.

Each case runs `meeple` in a fresh interpreter, as a person does: the installed `meeple`
script (its interpreter, no flags added, the environment as given), with the sources
byte-compiled first as `make` does (where PYTHONDONTWRITEBYTECODE is set, a stale or
missing .pyc would be compiled again in every run). The floor is `python -c "import
json, argparse"` on the same interpreter, the least a small standard-library command
line pays. The two alternate (medians of 21 runs each), and each run is timed by the
CPU time of its process (user plus system, `resource.RUSAGE_CHILDREN`): on a machine
shared with other work, wall time measures the neighbours as much as meeple.

Goals (issue 28): `--version` at most 2x the floor, `check` of a small record at most 3x.
Issue 39 measures `check` against the bare interpreter too, `python -c pass`: at most 5x.
"""

from __future__ import annotations

import compileall
import subprocess
import sys
from functools import partial
from pathlib import Path

from harness import Case, children_cpu

ROOT = Path(__file__).resolve().parents[1]
SMALL = str(ROOT / "examples" / "flows" / "numbered.flows")
FLOOR = "import json, argparse"


def meeple_command() -> list[str]:
    """How a person runs `meeple`: the script installed beside this interpreter, or (in a
    checkout run without one) the package as a module."""
    script = Path(sys.executable).with_name("meeple")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "meeple"]


def _run(*args: str) -> None:
    subprocess.run([*meeple_command(), *args], check=False, capture_output=True)


def _python(code: str = FLOOR) -> None:
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)


def _compiled() -> None:
    """The sources byte-compiled, as `make .venv/.installed` and `make bench` leave them."""
    compileall.compile_dir(ROOT / "src", quiet=2)


def cases() -> list[Case]:
    _compiled()
    floor = f'python -c "{FLOOR}"'
    return [
        Case(
            f"cli: meeple {label} (CPU)",
            partial(_run, *args),
            floor,
            _python,
            goal=goal,
            repeat=21,
            over_floor=True,
            clock=children_cpu,
        )
        for label, args, goal in (
            ("--version", ("--version",), "<= 2x"),
            ("check small.flows", ("check", SMALL), "<= 3x"),
            ("show small.flows", ("show", SMALL), "-"),
        )
    ] + [
        Case(
            "cli: meeple check small.flows (CPU, issue 39)",
            partial(_run, "check", SMALL),
            'python -c "pass"',
            partial(_python, "pass"),
            goal="<= 5x",
            repeat=31,
            over_floor=True,
            clock=children_cpu,
        )
    ]
