"""Options several commands share, and the game options formats declare.

A format offers settings (`meeple.game.Option`) to some commands; `game_options` adds
every one some format offers, and `chosen` keeps those the record's format takes,
calling any other a usage mistake.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import click

from meeple import inputs, registry
from meeple.errors import OptionError
from meeple.game import Notation

Decorator = Callable[[Callable[..., Any]], Callable[..., Any]]


def format_option(function: Callable[..., Any]) -> Callable[..., Any]:
    return click.option(
        "--format",
        "format_name",
        metavar="NAME",
        help="Read the input as this notation instead of detecting it (see `meeple formats`).",
    )(function)


def step_option(function: Callable[..., Any]) -> Callable[..., Any]:
    return click.option(
        "--step",
        type=click.IntRange(min=0),
        metavar="N",
        help="The position after N moves of the record (0: the start; default: the end).",
    )(function)


def jobs_option(function: Callable[..., Any]) -> Callable[..., Any]:
    return click.option(
        "--jobs",
        "-j",
        type=click.IntRange(min=1),
        default=None,
        metavar="N",
        help="Processes to spread files over (default: one per core).",
    )(function)


def hidden_option(function: Callable[..., Any]) -> Callable[..., Any]:
    return click.option(
        "--hidden", is_flag=True, help="Also walk hidden folders (names starting with a dot)."
    )(function)


def batch_options(function: Callable[..., Any]) -> Callable[..., Any]:
    """--jobs, --hidden, and --keep-going / --fail-fast (see `stops_early`)."""
    function = click.option("--fail-fast", is_flag=True, help="Stop at the first invalid record.")(
        function
    )
    function = click.option(
        "--keep-going", is_flag=True, help="Go on past invalid records (the default)."
    )(function)
    return hidden_option(jobs_option(function))


def stops_early(keep_going: bool, fail_fast: bool) -> bool:
    """Whether a batch stops at its first invalid record; both flags is a usage mistake."""
    if keep_going and fail_fast:
        raise click.UsageError("--keep-going and --fail-fast contradict each other; give one")
    return fail_fast


def game_options(command: str) -> Decorator:
    """Add every option some format offers for `command` (a format rejects others' options)."""

    def add(function: Callable[..., Any]) -> Callable[..., Any]:
        offered: dict[str, list[str]] = {}
        for fmt in registry.formats():
            for option in fmt.options:
                if command in option.commands:
                    offered.setdefault(option.name, []).append(fmt.name)
        seen: set[str] = set()
        for fmt in registry.formats():
            for option in fmt.options:
                if command not in option.commands or option.name in seen:
                    continue
                seen.add(option.name)
                flag = "--" + option.name.replace("_", "-")
                owners = offered[option.name]
                every = len(owners) == len(registry.formats())
                help_text = option.help if every else f"{option.help} [{', '.join(owners)}]"
                if option.flag:
                    function = click.option(
                        flag, option.name, is_flag=True, default=None, help=help_text
                    )(function)
                else:
                    kind = click.Choice(option.choices) if option.choices else str
                    function = click.option(flag, option.name, type=kind, help=help_text)(function)
        return function

    return add


def chosen(fmt: Notation, command: str, given: dict[str, Any]) -> dict[str, Any]:
    """The options given on the command line that `fmt` takes; a usage error for the rest."""
    with usage_on_option_errors():
        return inputs.game_options(fmt, command, given)


@contextmanager
def usage_on_option_errors() -> Iterator[None]:
    """A hook's OptionError (a malformed option value) as a usage error."""
    try:
        yield
    except OptionError as problem:
        raise click.UsageError(str(problem)) from None
