"""`make bench`: run every benchmarks/bench_*.py and print one table."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from harness import Case, Result, human, measure  # noqa: E402


def _extra(case: Case, result: Result) -> str:
    found = [case.extra(result.median)] if case.extra else []
    if case.over_floor and result.floor_median is not None:
        found.append(f"{human(result.median - result.floor_median)} over the floor")
    return ", ".join(found)


def main() -> None:
    wanted = sys.argv[1:]
    rows = [("benchmark", "median", "floor", "floor median", "ratio", "goal", "")]
    for path in sorted(HERE.glob("bench_*.py")):
        if wanted and not any(word in path.stem for word in wanted):
            continue
        module = importlib.import_module(path.stem)
        for case in module.cases():
            result: Result = measure(case)
            rows.append(
                (
                    case.name,
                    human(result.median),
                    case.floor_name or "-",
                    human(result.floor_median) if result.floor_median else "-",
                    f"{result.ratio:.2f}x" if result.ratio else "-",
                    case.goal or "-",
                    _extra(case, result),
                )
            )
            print(f"  measured {case.name}", file=sys.stderr)
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for index, row in enumerate(rows):
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)))
        if index == 0:
            print("  ".join("-" * width for width in widths))


if __name__ == "__main__":
    main()
