"""A test engine for tic-tac-toe that marks a square it may not: the square of the
record's last mark again, or, on an empty board, one off the board."""

import re
import sys

record = sys.stdin.read().rstrip()
marks = re.findall(r"\b\d+m&(\d+\.\d+)", record)
team = len(marks) % 2
print(record, f"{team}m&{marks[-1] if marks else '3.3'}")
