"""The `meeple` command: check, format, convert, show, replay and list moves of records.

Each command is a thin module of this package over the library (`meeple.records`,
`meeple.conversion`, the registry and the engine protocol); reading input, writing
output and progress bars live in `files`, `output` and `progress`. The click group is
`app.cli` (also offered here as `cli`); a game adds commands of its own (`meeple botc`,
`meeple solve`) through its registry entry, so this package imports no game. Commands
are built on first use, and `main` answers `--version` and a plain `check` before click
is imported at all. Exit status: 0 clean, 1 an invalid record, 2 a usage mistake, 130
interrupted.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

# typing itself is not imported: `meeple --version` has no need of it (mypy reads the
# block below as typing.TYPE_CHECKING's).
TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import Any

    from meeple.cli.app import cli as cli


def main(argv: Sequence[str] | None = None) -> None:
    """Entry point of the `meeple` script.

    `meeple --version` and `meeple check FILE...` (files or folders, no option but
    --jobs) are answered without importing click, the largest part of a small command's
    start-up; the check itself is the command's own code (`check.run`). Everything else,
    and anything unusual about those two, goes to the click group (`meeple.cli.app`).
    """
    # Kept for start-up (docs/architecture.md, issue 39): through click, `meeple check
    # small.flows` takes about 7x `python -c pass` in CPU, answered here 4.1x to 4.3x (5x is
    # allowed); `--version` 5.8x through click, 1.7x here.
    args = list(sys.argv[1:] if argv is None else argv)
    quick = not os.environ.get(COMPLETION)
    if quick and args == ["--version"]:
        _version()
    from meeple.cli.output import interrupted_exits

    with interrupted_exits():
        plain = _plain_check(args) if quick else None
        if plain is not None:
            _check(args[1:], *plain)
        from meeple.cli.app import cli

        # Given no arguments, click reads sys.argv itself (and expands globs on Windows).
        cli.main(args=None if argv is None else args, prog_name="meeple")


COMPLETION = "_MEEPLE_COMPLETE"
"""The variable that asks click for shell completions instead of running a command."""


def _version() -> None:
    from meeple import __version__
    from meeple.cli.output import echo

    echo(f"meeple, version {__version__}")  # click.version_option's words
    raise SystemExit(0)


def _plain_check(args: list[str]) -> tuple[list[str], int | None] | None:
    """The paths and --jobs of `args` when they are `check`, paths each naming a file or
    folder that exists, and at most one --jobs (-j) given as a whole number from 1: what
    click would pass to the command unchanged, every other option at its default; None
    for anything else."""
    if len(args) < 2 or args[0] != "check":
        return None
    paths: list[str] = []
    jobs: int | None = None
    rest = iter(args[1:])
    for arg in rest:
        if arg in ("-j", "--jobs") and jobs is None:
            value = next(rest, "")
            if not (value.isascii() and value.isdigit() and int(value) >= 1):
                return None  # click says what is wrong with it
            jobs = int(value)
        elif not arg.startswith("-") and os.path.lexists(arg):
            paths.append(arg)
        else:
            return None
    return (paths, jobs) if paths else None


def _check(args: list[str], paths: list[str], jobs: int | None) -> None:
    """`meeple check PATHS...` (`args`: its arguments) with every option but --jobs at its
    default, as click would run it."""
    from meeple.cli import check, output

    try:
        check.run(tuple(paths), jobs=jobs)
    except OSError as problem:  # the reader of the output went away: as click does
        import errno

        if problem.errno != errno.EPIPE:
            raise
        sys.stdout = output.PacifiedFlush(sys.stdout)
        sys.stderr = output.PacifiedFlush(sys.stderr)
        raise SystemExit(1) from None
    except Exception as problem:
        click = sys.modules.get("click")
        if click is None or not isinstance(problem, click.UsageError):
            raise
        _show_usage(["check", *args], problem)


def _show_usage(args: list[str], problem: Any) -> None:
    """Print a usage error as click does inside the command `args` run, and exit 2."""
    from meeple.cli.app import cli

    with cli.make_context("meeple", list(args), resilient_parsing=True) as parent:
        command = cli.get_command(parent, args[0])
        assert command is not None
        problem.ctx = command.make_context(args[0], args[1:], parent=parent)
    problem.show()
    raise SystemExit(problem.exit_code)


def __getattr__(name: str) -> Any:
    """`meeple.cli.cli`, the click group, imported (with click) when first asked for."""
    if name == "cli":
        from meeple.cli.app import cli

        return cli
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
