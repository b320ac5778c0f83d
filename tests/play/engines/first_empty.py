"""A tic-tac-toe engine for meeple: it marks the first empty square, row by row."""

import re
import sys

record = sys.stdin.read().rstrip()
marked = re.findall(r"\d+m&(\d\.\d)", record)
empty = next(f"{r}.{c}" for r in range(3) for c in range(3) if f"{r}.{c}" not in marked)
print(record, f"{len(marked) % 2}m&{empty}")
