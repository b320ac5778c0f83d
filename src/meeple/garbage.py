"""Pausing Python's cycle collector around work that makes many objects and no cycles."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def cycles_uncollected() -> Iterator[None]:
    """Run the block with the cyclic garbage collector paused (as it was before, after).

    Reference counting still frees every object the block drops; only the collector's
    passes are put off. Those passes walk every container alive, so in a search holding
    hundreds of thousands of positions they cost much and find nothing, as long as the
    search makes no reference cycles (which then wait for the next pass after the block).
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()
