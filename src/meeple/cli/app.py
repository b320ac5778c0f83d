"""The `meeple` command as a click group: the core commands and those the games register.

Each command is built on first use from the module that defines it (`meeple.cli.check`:
`command()`), and a game's own commands (`meeple botc`, `meeple solve`) from the data
its registry entry returns (`meeple.cli.declared`), so building the group imports no
game. `meeple.cli.main` runs it, after answering the commands it can without importing
click at all.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING

import click

from meeple import __version__, registry

if TYPE_CHECKING:
    from meeple.commands import Command, Group

# The core commands, each built by `command()` in the module named.
COMMANDS = {
    "check": "meeple.cli.check",
    "convert": "meeple.cli.convert",
    "export": "meeple.cli.export",
    "fmt": "meeple.cli.fmt",
    "formats": "meeple.cli.formats",
    "html": "meeple.cli.html",
    "moves": "meeple.cli.moves",
    "play": "meeple.cli.play",
    "replay": "meeple.cli.replay",
    "selfplay": "meeple.cli.selfplay",
    "serve": "meeple.cli.serve",
    "show": "meeple.cli.show",
}


def _factory(target: str) -> Callable[[], click.Command]:
    """A function building the command module `target` defines (its `command()`)."""

    def build() -> click.Command:
        built: click.Command = importlib.import_module(target).command()
        return built

    return build


def _declared(load: Callable[[], Command | Group]) -> Callable[[], click.Command]:
    """A function building the command a game declares (`load` imports the declaration)."""

    def build() -> click.Command:
        from meeple.cli import declared  # only here: a core command has no need of it

        return declared.build(load())

    return build


class _Commands(click.Group):
    """A group whose commands are built (and their games imported) only when used."""

    def _factories(self) -> dict[str, Callable[[], click.Command]]:
        found = {name: _factory(module) for name, module in COMMANDS.items()}
        for game in registry.games():
            for name, load in game.commands:
                found[name] = _declared(load)
        return found

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *self._factories()})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands:
            factory = COMMANDS.get(cmd_name)
            build = _factory(factory) if factory else self._factories().get(cmd_name)
            if build is not None:
                self.add_command(build(), cmd_name)
        return self.commands.get(cmd_name)

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        name = click.utils.make_str(args[0]) if args else ""
        if args and self.get_command(ctx, name) is None and not name.startswith("-"):
            import difflib  # only here: imported lazily for start-up

            close = difflib.get_close_matches(name, self.list_commands(ctx), n=1)
            hint = f" Did you mean {close[0]!r}?" if close else ""
            ctx.fail(f"No such command {name!r}.{hint}")
        return super().resolve_command(ctx, args)


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="meeple")
def cli() -> None:
    """Read, check, replay and draw the textual notations of tabletop games."""
