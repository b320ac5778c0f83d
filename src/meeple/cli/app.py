"""The `meeple` command as a click group: the core commands and those the games register.

Each command is built on first use from the module that defines it (`meeple.cli.check`:
`command()`), and a game's own commands (`meeple botc`, `meeple solve`) from the target
its registry entry names, so building the group imports no game. `meeple.cli.main` runs
it, after answering the commands it can without importing click at all.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

import click

from meeple import __version__, registry
from meeple.cli import COMMANDS


def _factory(target: str) -> Callable[[], click.Command]:
    """A function building the command `module:function` names (`module` alone: `command`)."""
    module_name, _, function = target.partition(":")

    def build() -> click.Command:
        module = importlib.import_module(module_name)
        built: click.Command = getattr(module, function or "command")()
        return built

    return build


class _Commands(click.Group):
    """A group whose commands are built (and their games imported) only when used."""

    def _factories(self) -> dict[str, Callable[[], click.Command]]:
        found = {name: _factory(module) for name, module in COMMANDS.items()}
        for game in registry.games():
            for name, target in game.commands:
                found[name] = _factory(target)
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
