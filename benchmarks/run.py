"""`make bench`: run every benchmarks/bench_*.py, each in a process of its own, and print
one table."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from harness import Case, Result, human, measure  # noqa: E402


def _extra(case: Case, result: Result) -> str:
    found = [case.extra(result.median)] if case.extra else []
    if case.over_floor and result.floor_median is not None:
        found.append(f"{human(result.median - result.floor_median)} over the floor")
    return ", ".join(found)


ROW = "meeple-bench-row\t"
"""Marks the lines a module's process prints for the table (see `main`)."""


def _rows(stem: str) -> Iterator[tuple[str, ...]]:
    """Measure every case of one benchmark module (in this process)."""
    module = importlib.import_module(stem)
    for case in module.cases():
        result: Result = measure(case)
        yield (
            case.name,
            human(result.median),
            case.floor_name or "-",
            human(result.floor_median) if result.floor_median else "-",
            f"{result.ratio:.2f}x" if result.ratio else "-",
            case.goal or "-",
            _extra(case, result),
        )
        print(f"  measured {case.name}", file=sys.stderr)


def _module_rows(stem: str) -> list[tuple[str, ...]]:
    """Measure one benchmark module in a process of its own: what the modules measured
    before it keep nothing alive there (a heap of millions of objects left by one makes
    the garbage collector's passes cost the next one's cases tens of milliseconds)."""
    run = subprocess.run(
        [sys.executable, __file__, "--module", stem], stdout=subprocess.PIPE, text=True
    )
    rows = []
    for line in run.stdout.splitlines():
        if line.startswith(ROW):
            rows.append(tuple(json.loads(line.removeprefix(ROW))))
        else:
            print(line)
    if run.returncode:
        raise SystemExit(f"benchmarks/{stem}.py failed (exit status {run.returncode})")
    return rows


def main() -> None:
    if sys.argv[1:2] == ["--module"]:
        for row in _rows(sys.argv[2]):
            print(ROW + json.dumps(row), flush=True)
        return
    wanted = sys.argv[1:]
    rows: list[tuple[str, ...]] = [
        ("benchmark", "median", "floor", "floor median", "ratio", "goal", "")
    ]
    for path in sorted(HERE.glob("bench_*.py")):
        if wanted and not any(word in path.stem for word in wanted):
            continue
        rows += _module_rows(path.stem)
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for index, row in enumerate(rows):
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)))
        if index == 0:
            print("  ".join("-" * width for width in widths))


if __name__ == "__main__":
    main()
