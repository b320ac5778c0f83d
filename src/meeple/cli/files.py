"""Reading the command's input and writing its output, safely.

Input is a file or `-` for standard input, decoded as UTF-8 (NotationError at the
first byte that is not). Output is written atomically: a temporary file beside the
target, flushed to disk, then renamed over it, so a reader sees the old file or the
new one, never half of one. A temporary file left by a run that was killed is
removed by the next run that writes beside it; one of a run interrupted by a signal
is removed at once. Every failure is a usage error (exit 2) that names the path.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, NoReturn

from meeple import inputs, records
from meeple.cli.output import Interrupted as Interrupted  # offered here too, for the commands
from meeple.cli.output import echo, usage_error
from meeple.cli.output import interrupted_exits as interrupted_exits
from meeple.errors import MeepleError, OptionError, Unsupported
from meeple.game import Document, Notation
from meeple.inputs import Unreadable as Unreadable  # offered here too, for the commands
from meeple.inputs import read as read

if TYPE_CHECKING:  # pathlib is imported by the commands that write files, when they do
    from pathlib import Path

STDIN = inputs.STDIN
TEMPORARY = ".meeple-{pid}-"
"""What a temporary file's name holds after the target's: the process that writes it."""


def read_or_usage(path: str) -> tuple[str, str]:
    """`read`, with a file that cannot be read a usage error (exit 2)."""
    try:
        return inputs.read_or_mistake(path)
    except OptionError as problem:
        raise usage_error(str(problem)) from None


def existing(paths: tuple[str, ...]) -> None:
    """A usage error (exit 2) for a path that names nothing: a missing file or folder, or
    a glob pattern that matches no file. Checked before any work starts."""
    import glob

    for path in paths:
        if path == STDIN or os.path.lexists(path):
            continue
        from meeple import registry

        if registry.named_record(path) is not None:
            continue
        if set("*?[") & set(path):
            if not any(os.path.isfile(m) for m in glob.iglob(path, recursive=True)):
                raise usage_error(f"{path}: no file matches the pattern")
        else:
            raise usage_error(f"{path}: no such file or folder")


def lookup(name: str, what: str = "format") -> Notation:
    """The format named `name`; a usage error with the closest name when there is none."""
    try:
        return inputs.notation(name, what)
    except OptionError as problem:
        raise usage_error(str(problem)) from None


def format_of(text: str, path: str, source: str, format_name: str | None) -> Notation:
    """The format named on the command line, or the one `text` is detected to be."""
    from meeple import registry

    if format_name:
        return lookup(format_name)
    return registry.pick(text, None if path == STDIN else path, source)


def document(
    path: str,
    format_name: str | None,
    given: dict[str, Any] | None = None,
    command: str | None = None,
) -> Document:
    """Read and parse one input; MeepleError if it is not a valid record.

    `given`: the game options of `command`; a usage error for one the format does not
    take there, and those that say how to read (`Option.reads`) go to the parser.
    """
    text, source = read_or_usage(path)
    fmt = format_of(text, path, source, format_name)
    reading = reading_options(fmt, command, given) if given and command else {}
    read = fmt.read(text, source, **reading)
    for note in fmt.notes(read, **reading):
        echo(str(note), err=True)
    return read


def reading_options(fmt: Notation, command: str, given: dict[str, Any]) -> dict[str, Any]:
    """The options given to `command` that say how `fmt` reads its input; a usage error
    for one the format does not take there."""
    from meeple.cli import options

    return fmt.reading(command, options.chosen(fmt, command, given))


def fail(error: MeepleError) -> NoReturn:
    """Print `error` as the CLI reports it and exit: 2 for what no record of its kind
    can do (a usage mistake: a bag's picture, a conversion to another game), 1 for an
    invalid record. A malformed option value is a usage error, as click reports it."""
    if isinstance(error, OptionError):
        raise usage_error(str(error))
    if isinstance(error, Unsupported):
        echo(f"{error.source}: error: {error.message}", err=True)
        raise SystemExit(2)
    echo(error.report(), err=True)
    raise SystemExit(1)


def record_or_exit(
    path: str,
    format_name: str | None,
    given: dict[str, Any] | None = None,
    command: str | None = None,
) -> records.Playable:
    """The parsed input as a game record, or exit 1 after printing why it is not valid."""
    try:
        return records.of(document(path, format_name, given, command))
    except MeepleError as problem:
        fail(problem)


def writable(output: str) -> Path:
    """`output` as a path a file can be written to; a usage error saying why not.

    Called before the work starts, so a long search or conversion is never lost to
    an output path that could not take it.
    """
    from pathlib import Path

    target = Path(output)
    folder = target.parent
    if not folder.is_dir():
        raise usage_error(f"cannot write {output}: there is no directory {str(folder)!r}")
    if target.is_dir():
        raise usage_error(f"cannot write {output}: it is a directory")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise usage_error(f"cannot write {output}: the directory is not writable")
    if target.exists() and not os.access(target, os.W_OK):
        raise usage_error(f"cannot write {output}: the file is not writable")
    return target


def writable_folder(output: str, create: bool = False) -> Path:
    """`output` as a folder output files can go into (made now if `create`)."""
    from pathlib import Path

    folder = Path(output)
    if folder.exists() and not folder.is_dir():
        raise usage_error(f"cannot write into {output}: it is a file, not a folder")
    if not folder.parent.is_dir():
        raise usage_error(f"cannot write {output}: there is no directory {folder.parent}")
    if not os.access(folder if folder.exists() else folder.parent, os.W_OK | os.X_OK):
        raise usage_error(f"cannot write into {output}: it is not writable")
    if create:
        try:
            folder.mkdir(exist_ok=True)
        except OSError as problem:
            raise usage_error(f"cannot write {output}: {problem.strerror}") from None
    return folder


def write(output: str, text: str, replacing: str | None = None) -> None:
    """Write `text` to `output` atomically (a temporary file renamed over it).

    A usage error (exit 2) when the directory is missing or not writable; the file
    already there is left as it was whenever writing fails.
    """
    target = writable(output)
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError as problem:
        raise usage_error(f"cannot write {output}: {problem.reason}") from None
    _remove_stale(target)
    import tempfile  # only here: imported lazily for start-up

    prefix = f".{target.name}{TEMPORARY.format(pid=os.getpid())}"
    try:
        handle, name = tempfile.mkstemp(dir=target.parent, prefix=prefix, suffix=".tmp")
    except OSError as problem:
        raise usage_error(f"cannot write {output}: {problem.strerror}") from None
    from pathlib import Path

    temporary = Path(name)
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        if target.exists():
            os.chmod(temporary, target.stat().st_mode & 0o7777)
        else:
            mask = os.umask(0)
            os.umask(mask)
            os.chmod(temporary, 0o666 & ~mask)
        os.replace(temporary, target)
    except OSError as problem:
        temporary.unlink(missing_ok=True)
        raise usage_error(f"cannot write {output}: {problem.strerror}") from None
    except BaseException:  # interrupted: leave no partial file behind
        temporary.unlink(missing_ok=True)
        raise
    if replacing is not None:
        echo(replacing, err=True)


def _remove_stale(target: Path) -> None:
    """Remove temporary files beside `target` left by meeple runs that no longer live."""
    prefix, suffix = f".{target.name}.meeple-", ".tmp"
    try:
        names = [n for n in os.listdir(target.parent) if n.startswith(prefix)]
    except OSError:
        return
    for name in names:
        pid = name[len(prefix) :].partition("-")[0] if name.endswith(suffix) else ""
        if pid.isdigit() and not _alive(int(pid)):
            (target.parent / name).unlink(missing_ok=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # it exists, and belongs to someone else
        return True
    return True


def same_file(a: str, b: str) -> bool:
    """Whether two paths name one file (standard input is never a file)."""
    if STDIN in (a, b):
        return False
    from pathlib import Path

    try:
        return Path(a).resolve() == Path(b).resolve()
    except OSError:
        return False
