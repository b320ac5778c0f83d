"""Write src/meeple/data/go_rng_cooked.txt: the 607 seeding constants of Go's math/rand.

Go's v1 generator (`rand.NewSource`) mixes a fixed table, `rngCooked` in
src/math/rand/rng.go, into every freshly seeded state. The table is data, so it is
read from a Go installation rather than typed in: this tool finds the array literal,
checks it has `rngLen` entries that are all int64, and writes them one a line, signed
as Go writes them, under a short header of `#` lines. `meeple.gorand` reads the file.

    python tools/go_rng_table.py [/usr/lib/go/src/math/rand/rng.go] [--check]

With --check nothing is written: the exit status says whether the shipped file holds
the same numbers as the given rng.go (0 yes, 1 no).
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

DEFAULT_SOURCE = Path("/usr/lib/go/src/math/rand/rng.go")
OUT = Path(__file__).resolve().parents[1] / "src" / "meeple" / "data" / "go_rng_cooked.txt"

# The length constant and the array literal, as rng.go has declared them since Go 1.
LENGTH = re.compile(r"^\s*rngLen\s*=\s*(\d+)\s*$", re.MULTILINE)
TABLE = re.compile(
    r"rngCooked\s*\[\s*rngLen\s*\]\s*int64\s*=\s*\[\.\.\.\]int64\s*\{(?P<body>[^}]*)\}"
)
NUMBER = re.compile(r"-?\d+")


def cooked_values(source: str) -> list[int]:
    """The `rngCooked` table of an rng.go text; ValueError when it is not what Go wrote."""
    length = LENGTH.search(source)
    table = TABLE.search(source)
    if length is None or table is None:
        raise ValueError("expected rng.go to declare rngLen and the rngCooked array")
    body = re.sub(r"//[^\n]*", "", table["body"])
    values = [int(token) for token in NUMBER.findall(body)]
    if len(values) != int(length[1]):
        raise ValueError(f"expected {length[1]} values in rngCooked, found {len(values)}")
    if any(not -(2**63) <= value < 2**63 for value in values):
        raise ValueError("expected every rngCooked value to be an int64")
    return values


def table_text(values: list[int], origin: str) -> str:
    """The data file: a header saying where the numbers came from, then one a line."""
    header = [
        "# rngCooked of Go's math/rand (v1), the table mixed into every seeded rngSource.",
        f"# {len(values)} int64 values, signed as Go writes them, in Go's order.",
        f"# Extracted from {origin} by tools/go_rng_table.py.",
    ]
    return "\n".join([*header, *map(str, values)]) + "\n"


def go_origin(rng_go: Path) -> str:
    """How the header names the source: the installation's Go version when it says one."""
    # Debian keeps VERSION beside the link to src, not beside the linked-to sources.
    for path in (rng_go.absolute(), rng_go.resolve()):
        if len(path.parents) < 4:
            continue
        version_file = path.parents[3] / "VERSION"
        if version_file.is_file():
            version = version_file.read_text(encoding="utf-8").split()[0]
            return f"{version}'s src/math/rand/rng.go"
    return "Go's src/math/rand/rng.go"


def shipped_values(path: Path = OUT) -> list[int]:
    """The numbers in a data file written by this tool (header lines skipped)."""
    lines = path.read_text(encoding="ascii").splitlines()
    return [int(line) for line in lines if line and not line.startswith("#")]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write Go's rngCooked table as package data.")
    parser.add_argument("rng_go", nargs="?", type=Path, default=DEFAULT_SOURCE)
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args(argv)
    values = cooked_values(args.rng_go.read_text(encoding="utf-8"))
    if args.check:
        same = shipped_values() == values
        print(f"{OUT.name}: {'matches' if same else 'differs from'} {args.rng_go}")
        return 0 if same else 1
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(table_text(values, go_origin(args.rng_go)), encoding="ascii")
    print(f"wrote {len(values)} values to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
