"""A command of the `meeple` command line described as data, without click.

A game declares the commands only it has (`meeple botc ...`, `meeple solve`) with these
types, and its registry entry names them; `meeple.cli` builds the click commands from
them, so no game imports the CLI or click. A `Command` is its name, its help, its
arguments and options, and the plain function it runs. The function takes the arguments
and options as keyword arguments holding plain values (a string, a number, a flag's
bool, None for an option not given) and returns the `Line`s to print, in order (a
generator prints each as it comes). It raises `OptionError` for a usage mistake (exit
2, with the command's usage line), `CommandFailed` for a run that did not succeed (its
message on stderr, exit 1), and any other `MeepleError` for invalid input, reported as
every command reports one (exit 1). Reading a command's input is `meeple.inputs`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from meeple.errors import Unplaced


@dataclass(frozen=True)
class Line:
    """A text a command prints, followed by `end`: on stdout, or on stderr when `err`."""

    text: str
    err: bool = False
    end: str = "\n"


Output = Iterable[Line]


class CommandFailed(Unplaced):
    """A command that ran and did not succeed (no legal bag, no win within the budget):
    its message, if any, is printed on stderr as it is, and the command exits 1."""


@dataclass(frozen=True)
class Argument:
    """A positional argument: `name` is the keyword the function takes it as (help
    shows it in capitals)."""

    name: str


@dataclass(frozen=True)
class Option:
    """An option: `flags` as typed (`-o`, `--output`), `name` the keyword the function
    takes it as.

    `kind` is the type of its value (`bool`: a flag, given or not), `choices` the values
    it takes when only some strings are allowed, `minimum` the least number it takes
    (itself excluded when `above`). An option not given is `default` (None unless set;
    False for a flag), and help shows that default when `show_default`."""

    flags: tuple[str, ...]
    name: str
    help: str | None = None
    kind: type[str] | type[int] | type[float] | type[bool] = str
    choices: tuple[str, ...] = ()
    minimum: float | None = None
    above: bool = False
    default: str | int | float | None = None
    show_default: bool = False
    required: bool = False
    metavar: str | None = None


@dataclass(frozen=True)
class Progress:
    """A progress bar for a long run: the command's function takes `progress` and calls
    it with the count done so far and a note; the bar's total is the value of the
    option named `total`. Drawn on a terminal only."""

    label: str
    unit: str
    total: str


@dataclass(frozen=True)
class Command:
    """A command: `run(**values)` with a keyword for each argument and option.

    `help` is shown by `--help` as click shows a docstring (its first sentence lists the
    command in its group). With `game_options`, the command also takes every option a
    format offers for a command of its name (`meeple.game.Option.commands`), handed to
    `run` together as the dict `game_options` (None for one not given). `output` names an
    option whose value is a file the command's standard output goes to instead (checked
    to be writable before `run`, written whole at the end). `progress`: see Progress.
    """

    name: str
    help: str
    run: Callable[..., Output]
    arguments: tuple[Argument, ...] = ()
    options: tuple[Option, ...] = ()
    game_options: bool = False
    output: str | None = None
    progress: Progress | None = None


@dataclass(frozen=True)
class Group:
    """A command of commands (`meeple botc bags`)."""

    name: str
    help: str
    commands: tuple[Command, ...]
