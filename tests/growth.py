"""Measures of how much work a call does, for tests that the work grows linearly.

Wall-clock time is noisy on a shared machine; these count what the code does instead:
`steps` the lines of meeple's own code executed (loops inside C calls such as
`list.index` are not seen, so a test names the Python loops it guards), and
`peak_bytes` the most memory allocated at once (tracemalloc).
"""

from __future__ import annotations

import sys
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

import meeple

_SOURCE = str(Path(meeple.__file__).resolve().parent)


def steps(work: Callable[[], Any]) -> int:
    """How many lines of meeple's source `work()` executes."""
    count = 0

    def line(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal count
        if event == "line":
            count += 1
        return line

    def call(frame: FrameType, event: str, arg: Any) -> Any:
        return line if frame.f_code.co_filename.startswith(_SOURCE) else None

    previous = sys.gettrace()
    sys.settrace(call)
    try:
        work()
    finally:
        sys.settrace(previous)
    return count


def peak_bytes(work: Callable[[], Any]) -> int:
    """The most memory `work()` holds at once beyond what was held before it."""
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        before = tracemalloc.get_traced_memory()[0]
        work()
        return tracemalloc.get_traced_memory()[1] - before
    finally:
        tracemalloc.stop()


def ratio(
    measure: Callable[[Callable[[], Any]], int], small: Callable[[], Any], large: Callable[[], Any]
) -> float:
    """measure(large) / measure(small), each measured once after one warm-up run."""
    small(), large()
    return measure(large) / max(1, measure(small))
