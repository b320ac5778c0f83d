"""A test engine that marks the square of the record's last action again."""

import sys

record = sys.stdin.read().rstrip()
last = record.split()[-1]
team = 1 - int(last[0])
print(record, f"{team}{last[1:]}")
