"""A guard for tests of inputs that once made a reader hang: they must finish at all.

Not a speed measurement (benchmarks do that): the limit is far above the time the
input takes now, and far below the minutes the old, super-linear code took.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType


@contextmanager
def finishes(seconds: int = 30) -> Iterator[None]:
    """Fail (TimeoutError) if the block does not end within `seconds`."""

    def hung(signum: int, frame: FrameType | None) -> None:
        raise TimeoutError(f"did not finish within {seconds} s: the old blow-up is back")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
