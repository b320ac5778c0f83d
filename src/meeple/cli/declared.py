"""Click commands built from the commands games declare as data (`meeple.commands`).

A declared command's function gets its arguments and options as keyword arguments and
returns the lines to print; this module parses the command line for it, prints those
lines as they come, writes its output file, draws its progress bar, and turns what it
raises into the exits every command has (`files.fail`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import click

from meeple.cli import files, options
from meeple.cli.progress import tally
from meeple.commands import Command, CommandFailed, Group, Line, Option
from meeple.errors import MeepleError


def build(declared: Command | Group) -> click.Command:
    """The click command (or group of commands) `declared` describes."""
    if isinstance(declared, Group):
        group = click.Group(declared.name, help=declared.help)
        for command in declared.commands:
            group.add_command(build(command))
        return group

    def callback(**given: Any) -> None:
        _run(declared, given)

    function: Callable[..., Any] = callback
    if declared.game_options:
        function = options.game_options(declared.name)(function)
    for option in reversed(declared.options):  # click lists them in the order written
        function = _option(option)(function)
    for argument in reversed(declared.arguments):
        function = click.argument(argument.name)(function)
    return click.command(declared.name, help=declared.help)(function)


def _option(option: Option) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    settings: dict[str, Any] = {"help": option.help}
    if option.kind is bool:
        return click.option(*option.flags, option.name, is_flag=True, **settings)
    if option.default is not None:  # an explicit None would count as given (click 8.3)
        settings["default"] = option.default
    kind: click.ParamType[Any] | type = option.kind
    if option.choices:
        kind = click.Choice(option.choices)
    elif option.minimum is not None and option.kind is int:
        kind = click.IntRange(min=int(option.minimum))
    elif option.minimum is not None:
        kind = click.FloatRange(min=option.minimum, min_open=option.above)
    return click.option(
        *option.flags,
        option.name,
        type=kind,
        required=option.required,
        show_default=option.show_default,
        metavar=option.metavar,
        **settings,
    )


def _run(declared: Command, given: dict[str, Any]) -> None:
    """Run `declared` on the values click parsed, print what it says, and exit as every
    command does on what it raises."""
    own = {option.name for option in declared.options} | {a.name for a in declared.arguments}
    values = {name: value for name, value in given.items() if name in own}
    if declared.game_options:
        values["game_options"] = {n: v for n, v in given.items() if n not in own}
    output = values.pop(declared.output, None) if declared.output else None
    if output:
        files.writable(output)  # before the work: its result is never lost to the path
    try:
        with _progress(declared, values):
            lines = declared.run(**values)
            if output or declared.progress:  # printed once the bar is gone
                lines = list(lines)
        if output:
            _write(output, list(lines))
        else:
            for line in lines:
                click.echo(line.text + line.end, err=line.err, nl=False)
    except CommandFailed as failed:
        if failed.message:
            click.echo(failed.message, err=True)
        raise SystemExit(1) from None
    except MeepleError as problem:
        files.fail(problem)


@contextmanager
def _progress(declared: Command, values: dict[str, Any]) -> Iterator[None]:
    """A bar for the command's `progress` while the block runs, if it has one."""
    bar = declared.progress
    if bar is None:
        yield
        return
    with tally(values[bar.total], bar.label, bar.unit) as update:
        values["progress"] = update
        yield


def _write(output: str, lines: list[Line]) -> None:
    """Standard output to the file `output`, between what stderr says before and after."""
    first = next((i for i, line in enumerate(lines) if not line.err), len(lines))
    for line in lines[:first]:
        click.echo(line.text + line.end, err=True, nl=False)
    files.write(output, "".join(line.text + line.end for line in lines if not line.err))
    for line in lines[first:]:
        if line.err:
            click.echo(line.text + line.end, err=True, nl=False)
