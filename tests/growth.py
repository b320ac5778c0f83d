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
from typing import Any, SupportsIndex

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


class Scanned(str):
    """A text that counts the characters its own searches look at (`find`, `rfind`,
    `count`, `in`): the work of locating lines, done inside C calls that `steps` cannot
    see. A search looks from where it starts to what it finds (or to its end); a reader
    that keeps the text it was given searches it through these (slices and regular
    expressions are not counted)."""

    scanned: int

    def __new__(cls, text: str) -> Scanned:
        made = super().__new__(cls, text)
        made.scanned = 0
        return made

    def _bounds(self, start: SupportsIndex | None, end: SupportsIndex | None) -> tuple[int, int]:
        first, last, _ = slice(start, end).indices(len(self))
        return first, max(first, last)

    def find(
        self, sub: str, start: SupportsIndex | None = None, end: SupportsIndex | None = None, /
    ) -> int:
        first, last = self._bounds(start, end)
        found = super().find(sub, start, end)
        self.scanned += (last if found < 0 else found + len(sub)) - first
        return found

    def rfind(
        self, sub: str, start: SupportsIndex | None = None, end: SupportsIndex | None = None, /
    ) -> int:
        first, last = self._bounds(start, end)
        found = super().rfind(sub, start, end)
        self.scanned += last - (first if found < 0 else found)
        return found

    def count(
        self, sub: str, start: SupportsIndex | None = None, end: SupportsIndex | None = None, /
    ) -> int:
        first, last = self._bounds(start, end)
        self.scanned += last - first
        return super().count(sub, start, end)

    def __contains__(self, sub: object, /) -> bool:
        return isinstance(sub, str) and self.find(sub) >= 0


def scanned(text: str, work: Callable[[Scanned], Any]) -> int:
    """How many characters of `text` the searches of `work(text)` look at."""
    counted = Scanned(text)
    work(counted)
    return counted.scanned
