"""What the command prints and how it stops, without importing click.

`meeple --version` and a plain `meeple check FILE...` are answered before click is
imported (it is most of a small command's start-up: `meeple.cli.main`), so the code they
share with the click commands writes through `echo`, stops with `usage_error`, and is
interrupted through `interrupted_exits`, all of which behave exactly as click does and
import it only when they need it.
"""

from __future__ import annotations

import errno
import io
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager

# typing itself is not imported: `meeple --version` has no need of it (mypy reads the
# block below as typing.TYPE_CHECKING's).
TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import Any

    import click


class Interrupted(Exception):
    """The person pressed Ctrl-C, or the process was asked to stop (exit 130)."""


def echo(message: str, err: bool = False) -> None:
    """`click.echo(message, err=err)`: the message and a newline on stdout (stderr if
    `err`), flushed. Written directly to a standard text stream; handed to click where
    click would do more (strip ANSI codes off a terminal, mend an ASCII stream, Windows)."""
    stream = sys.stderr if err else sys.stdout
    if "\x1b" in message or not _plain(stream):
        import click

        click.echo(message, err=err)
        return
    stream.write(message + "\n")
    stream.flush()


def _plain(stream: object) -> bool:
    """Whether click.echo would write to `stream` as it is (click's `_compat`: a text
    stream whose encoding is not ASCII, on a platform without a console of its own)."""
    if sys.platform == "win32" or not isinstance(stream, io.TextIOWrapper):
        return False
    encoding, errors = stream.encoding, stream.errors
    if not encoding or errors is None:
        return False
    import codecs

    try:
        return codecs.lookup(encoding).name != "ascii"
    except LookupError:
        return True


def usage_error(message: str) -> click.UsageError:
    """A click usage error (exit 2, with the command's usage line) saying `message`."""
    import click

    return click.UsageError(message)


@contextmanager
def interrupted_exits() -> Iterator[None]:
    """Turn Ctrl-C and SIGTERM into `Interrupted`, which a batch answers with its
    summary, and exit 130 with one line when it reaches the top."""

    def stop(_signum: int, _frame: Any) -> None:
        raise Interrupted

    try:
        previous = [signal.signal(s, stop) for s in (signal.SIGINT, signal.SIGTERM)]
    except ValueError:  # not the main thread: leave the signals alone
        yield
        return
    try:
        yield
    except Interrupted:
        echo("meeple: interrupted", err=True)
        raise SystemExit(130) from None
    finally:
        for number, handler in zip((signal.SIGINT, signal.SIGTERM), previous, strict=True):
            signal.signal(number, handler)


class PacifiedFlush:
    """A standard stream whose `flush` ignores a closed pipe: what click puts in place
    of stdout and stderr when the reader of the output went away (`meeple check | head`),
    so that the interpreter's last flush at exit raises nothing."""

    def __init__(self, wrapped: Any) -> None:
        self.wrapped = wrapped

    def flush(self) -> None:
        try:
            self.wrapped.flush()
        except OSError as problem:
            if problem.errno != errno.EPIPE:
                raise

    def __getattr__(self, name: str) -> Any:
        return getattr(self.wrapped, name)
