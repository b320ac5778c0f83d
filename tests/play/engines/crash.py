"""A test engine that fails with a Python error before answering."""

import sys

sys.stdin.read()
raise RuntimeError("out of ideas")
