"""What a command reads from its command line: a file or standard input by name, a
notation by name, the game options a notation takes.

Shared by the `meeple` command's own modules (`meeple.cli`) and the commands games
declare as data (`meeple.commands`), which import no CLI. A mistake in what was typed is
an `OptionError` (the CLI's usage error, exit 2); a file that cannot be read at all is
`Unreadable`, which a command reports as it sees fit.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import Any

from meeple import records, registry
from meeple.errors import OptionError, decode
from meeple.game import Notation

STDIN = "-"


class Unreadable(Exception):
    """A file that cannot be read at all (missing, a directory, no permission)."""

    def usage(self) -> str:
        """What a usage error about the file says: the message without its `error:`."""
        return str(self).replace(": error:", ":", 1)


def read(path: str) -> tuple[str, str]:
    """(text, source name) of a file or of standard input; Unreadable if there is none."""
    if path == STDIN:
        return decode(sys.stdin.buffer.read(), "<stdin>"), "<stdin>"
    try:
        return records.read_file(path)
    except OSError as problem:
        if isinstance(problem, FileNotFoundError):
            shipped = registry.named_record(path)
            if shipped is not None:  # a name meeple ships a record under
                return shipped, path
        if isinstance(problem, IsADirectoryError):
            raise Unreadable(f"{path}: error: it is a folder with no records") from None
        reason = problem.strerror or str(problem)
        raise Unreadable(f"{path}: error: cannot read the file: {reason}") from None


def read_or_mistake(path: str) -> tuple[str, str]:
    """`read`, with a file that cannot be read an OptionError (a usage mistake)."""
    try:
        return read(path)
    except Unreadable as problem:
        raise OptionError(problem.usage()) from None


def notation(name: str, what: str = "format") -> Notation:
    """The format named `name`; an OptionError naming the closest name when there is none."""
    try:
        return registry.get(name)
    except ValueError:
        names = [fmt.name for fmt in registry.formats()]
        import difflib  # only here: imported lazily for start-up

        close = difflib.get_close_matches(name, names, n=1, cutoff=0.5)
        hint = f"; did you mean {close[0]!r}?" if close else f" (known: {', '.join(names)})"
        raise OptionError(f"unknown {what} {name!r}{hint}") from None


def game_options(fmt: Notation, command: str, given: Mapping[str, Any]) -> dict[str, Any]:
    """The game options given to `command` (those not None) that `fmt` takes; an
    OptionError naming any it does not take."""
    picked = {name: value for name, value in given.items() if value is not None}
    foreign = fmt.foreign(command, picked)
    if foreign:
        names = ", ".join("--" + name.replace("_", "-") for name in foreign)
        raise OptionError(f"{names} does not apply to {fmt.name} records")
    return picked
