"""A guard that keeps the suite standing on its own: no test reads beside the checkout.

A user's clone has nothing beside it (no ../shared), so a test that reads a sibling of
the repository passes here and fails there. An audit hook (PEP 578) notes every file
opened and every folder listed inside a sibling of the checkout; tests/conftest.py fails
the test that did it. Only the test process is watched: a `meeple` run in a child
process is not.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The events that read a file or a folder: open() and io.open_code(), listdir, scandir.
READS = frozenset({"open", "os.listdir", "os.scandir"})


def _inside(path: str, folder: str) -> bool:
    return os.path.commonpath((path, folder)) == folder


class Siblings:
    """The folders and files beside a checkout when the run starts (not hidden ones, nor
    any that holds or lies inside a place a test may read: Python itself, the temporary
    folders). A checkout at the root of the file system has the whole system beside it:
    nothing is guarded there."""

    def __init__(self, checkout: Path, allowed: Iterable[str]) -> None:
        parent = checkout.parent
        # A place that holds the checkout (a clone in /tmp) would let its siblings pass.
        places = [os.path.realpath(place) for place in allowed]
        places = [place for place in places if not _inside(str(checkout), place)]
        names = [] if parent == Path(parent.anchor) else os.listdir(parent)
        self.guarded = tuple(
            where
            for name in names
            if name != checkout.name and not name.startswith(".")
            for where in [os.path.realpath(parent / name)]
            if not any(_inside(where, place) or _inside(place, where) for place in places)
        )

    def __contains__(self, path: str) -> bool:
        where = os.path.realpath(path)
        return any(_inside(where, sibling) for sibling in self.guarded)


guard = Siblings(ROOT, ())
read_beside: list[str] = []
_hooked: list[object] = []  # the hook, once installed


def _note(event: str, args: tuple[object, ...]) -> None:
    if event in READS and args and isinstance(args[0], str | bytes | os.PathLike):
        path = os.fsdecode(args[0])
        if path in guard:
            read_beside.append(path)


def install(allowed: Iterable[str]) -> None:
    """Watch this process for reads beside the checkout, except in `allowed` places and
    Python's own. The audit hook stays for good: a second call sets the places anew."""
    global guard
    guard = Siblings(ROOT, (sys.prefix, sys.base_prefix, sys.exec_prefix, *allowed))
    if not _hooked:
        _hooked.append(_note)
        sys.addaudithook(_note)
