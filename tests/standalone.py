"""A guard that keeps the suite standing on its own: no test reads beside the checkout.

A user's clone has nothing beside it (no ../shared), so a test that reads a sibling of
the repository passes here and fails there. An audit hook (PEP 578) notes every file
opened and every folder listed beside the checkout; tests/conftest.py fails the test
that did it. Only the test process is watched: a `meeple` run in a child process is not.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The events that read a file or a folder: open() and io.open_code(), listdir, scandir.
READS = frozenset({"open", "os.listdir", "os.scandir"})

# Where a test may read outside the checkout: Python itself and the temporary folder,
# even when they happen to sit beside it.
_ALLOWED = tuple(
    os.path.realpath(place)
    for place in {sys.prefix, sys.base_prefix, sys.exec_prefix, tempfile.gettempdir()}
)

# A checkout at the root of the file system has the whole system beside it: no guard.
_BESIDE = "" if ROOT.parent == Path(ROOT.anchor) else str(ROOT.parent)

read_beside: list[str] = []


def beside_the_checkout(path: str) -> bool:
    """Whether `path` lies beside the checkout: under its parent folder, not inside it."""
    if not _BESIDE:
        return False
    where = os.path.realpath(path)
    return (
        os.path.commonpath((where, _BESIDE)) == _BESIDE
        and os.path.commonpath((where, str(ROOT))) != str(ROOT)
        and not any(os.path.commonpath((where, place)) == place for place in _ALLOWED)
    )


def _note(event: str, args: tuple[object, ...]) -> None:
    if event in READS and args and isinstance(args[0], str | bytes | os.PathLike):
        path = os.fsdecode(args[0])
        if beside_the_checkout(path):
            read_beside.append(path)


def install() -> None:
    """Watch this process for reads beside the checkout (an audit hook stays for good)."""
    sys.addaudithook(_note)
