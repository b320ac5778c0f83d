"""`meeple botc`: the storyteller's tools, legal bags and seated set-ups (registered by
the botc format, so the CLI core never imports this game)."""

from __future__ import annotations

from typing import Any

import click

from meeple.cli import files, options
from meeple.errors import MeepleError


def botc_command() -> click.Command:
    from meeple.botc import setup
    from meeple.botc.script import SCRIPTS, load_script

    script_option = click.option(
        "--script",
        "script_name",
        type=click.Choice(SCRIPTS),
        default=SCRIPTS[0],
        show_default=True,
        help="The script the characters come from.",
    )

    @click.group()
    def botc() -> None:
        """Blood on the Clocktower for storytellers: legal bags and seated set-ups."""

    @botc.command()
    @click.option("--players", required=True, type=click.IntRange(min=1), metavar="N")
    @script_option
    @click.option(
        "--count",
        "count",
        default=1,
        show_default=True,
        type=click.IntRange(min=0),
        help="How many bags to draw.",
    )
    @click.option("--seed", type=int, help="Make the draw reproducible.")
    @click.option("--all", "every", is_flag=True, help="List every legal bag, in a fixed order.")
    @click.option("--count-only", is_flag=True, help="Print how many legal bags there are.")
    def bags(
        players: int,
        script_name: str,
        count: int,
        seed: int | None,
        every: bool,
        count_only: bool,
    ) -> None:
        """Legal bags for N players, drawn uniformly at random among all of them.

        Every legal bag is equally likely (the draw picks a make-up of modifier
        characters and team counts with weight equal to how many bags it holds,
        then the other characters uniformly). A bag lists the characters in play:
        the Drunk is `drunk`.
        """
        import random

        from meeple.botc.notation import format_bag

        script = load_script(script_name)
        if players not in script.setup_counts:
            low, high = min(script.setup_counts), max(script.setup_counts)
            raise click.UsageError(f"{script_name} seats {low} to {high} players, not {players}")
        if count_only:
            click.echo(setup.count_bags(script, players))
            return
        if every:
            chosen = setup.all_bags(script, players)
        else:
            chosen = setup.random_bags(script, players, count, random.Random(seed))
        for bag in chosen:
            click.echo(format_bag(bag))

    @botc.command(name="setup")
    @click.argument("bag")
    @click.option("--names", required=True, help="The players in seat order, comma-separated.")
    @script_option
    @click.option("--seed", type=int, help="Make the seating reproducible.")
    @click.option("--to", "to", default="botc", show_default=True, metavar="FORMAT")
    @options.game_options("setup")
    def setup_command(
        bag: str, names: str, script_name: str, seed: int | None, to: str, **given: Any
    ) -> None:
        """Seat a BAG ({imp baron ...}, or a bag file) and write the grimoire.

        The Drunk is shown a townsfolk that is not in play and marked
        drunk:is_the_drunk; a Fortune Teller's red herring goes on a good player.
        """
        import random

        from meeple.botc.notation import parse_bag

        if bag.lstrip().startswith("{"):
            text, source = bag, "BAG"
        else:
            text, source = files.read_or_usage(bag)
        try:
            the_bag = parse_bag(text.strip(), source)
        except MeepleError as problem:
            files.fail(problem)
        script = load_script(script_name)
        players = [name.strip() for name in names.split(",") if name.strip()]
        problems = setup.bag_problems(script, the_bag.roles, len(players))
        if problems:
            raise click.UsageError(
                f"the bag is not legal for {len(players)} players: {problems[0]}"
            )
        try:
            grimoire = setup.seat(script, the_bag, players, random.Random(seed))
        except ValueError as problem:
            raise click.UsageError(str(problem)) from None
        target = files.lookup(to)
        if not target.owns(grimoire):
            raise click.UsageError(f"a grimoire is written as botc or botc-ascii, not {to}")
        with options.usage_on_option_errors():
            text = target.dump(grimoire, **options.chosen(target, "setup", given))
        click.echo(text if text.endswith("\n") else text + "\n", nl=False)

    return botc
