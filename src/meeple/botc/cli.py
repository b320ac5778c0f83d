"""`meeple botc`: the storyteller's tools, legal bags and seated set-ups (registered by
the botc format, so the CLI core never imports this game)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from meeple.cli import files, options
from meeple.errors import MeepleError

if TYPE_CHECKING:
    from meeple.botc.script import Script
    from meeple.botc.scriptfile import ScriptFile


EVERY = "all"
"""`--script all`: every official character (botc characters, botc night)."""


def _offered(every: bool) -> str:
    """What --script takes, in words."""
    from meeple.botc.choices import SCRIPTS

    names = [*SCRIPTS, f"{EVERY} (every official character)"] if every else list(SCRIPTS)
    return f"{', '.join(names)}, or a Script Tool JSON file"


def _script_option(
    required: bool = False, every: bool = False
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    from meeple.botc.choices import SCRIPTS

    return click.option(
        "--script",
        "script_name",
        default=None if required else SCRIPTS[0],
        required=required,
        show_default=not required,
        metavar="NAME|FILE",
        help=f"The script: {_offered(every)}.",
    )


def _ids_option() -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    from meeple.botc.choices import IDS

    return click.option(
        "--ids",
        type=click.Choice(IDS),
        default=IDS[0],
        show_default=True,
        help="Spell official characters as the seed does (fortune_teller) or as the"
        " Script Tool does (official: fortuneteller).",
    )


def _rules(name: str) -> Script:
    """The set-up rules of a bundled script or a script file; a usage error otherwise."""
    from meeple.botc.script import SCRIPTS, script_named

    if name == EVERY:
        raise click.UsageError(
            f"--script {EVERY} lists every official character (botc characters, botc night);"
            f" bags are drawn from one script: {_offered(False)}"
        )
    try:
        rules = script_named(name)
    except ValueError as problem:
        raise click.UsageError(str(problem)) from None
    if name not in SCRIPTS:
        _file(name)  # its warnings about what the rules leave out
    return rules


def _file(name: str, every: bool = False) -> ScriptFile:
    """A bundled script, every official character (`all`, when `every`), or a script file
    as written, with a warning on stderr for each thing in it the commands leave out; a
    usage error naming what --script takes for a file that cannot be read."""
    from meeple.botc.characters import official
    from meeple.botc.script import SCRIPTS, bundled
    from meeple.botc.scriptcheck import left_out
    from meeple.botc.scriptfile import of_ids, parse

    if name in SCRIPTS:
        return bundled(name)
    if every and name == EVERY:
        return of_ids(list(official()), {"id": "_meta", "name": "Every official character"})
    try:
        text, source = files.read(name)
    except files.Unreadable as problem:
        why = str(problem).replace(": error:", ":", 1)
        raise click.UsageError(f"--script takes {_offered(every)}; {why}") from None
    try:
        script = parse(text, source)
    except MeepleError as problem:
        files.fail(problem)
    for finding in left_out(script, text, source):
        click.echo(str(finding), err=True)
    return script


def _seat_names(names: str) -> list[str]:
    """The players of `--names` as the notation holds them (`notation.player_name`, as the
    townsquare import writes them), with a note for each name written otherwise; a usage
    error when two typed names become one."""
    from meeple.botc.notation import player_name

    typed = [name.strip() for name in names.split(",") if name.strip()]
    written: dict[str, str] = {}
    for name in typed:
        seat = written.setdefault(player_name(name), name)
        if seat != name:
            raise click.UsageError(
                f"{seat!r} and {name!r} are both written {player_name(name)}:"
                " every player needs a name of their own"
            )
    for seat, name in written.items():
        if seat != name:
            click.echo(f"note: {name!r} is written {seat} (letters, digits and _)", err=True)
    return [player_name(name) for name in typed]


def botc_command() -> click.Command:
    from meeple.botc import setup

    script_option = _script_option()

    @click.group()
    def botc() -> None:
        """Blood on the Clocktower for storytellers: scripts, legal bags, seated set-ups."""

    @botc.command()
    @_script_option(every=True)
    @click.option("--json", "as_json", is_flag=True, help="Write the facts as JSON.")
    def characters(script_name: str, as_json: bool) -> None:
        """The characters of a script (every official one with --script all)."""
        from meeple.botc.sheet import character_list, character_rows

        chosen = _file(script_name, every=True)
        if as_json:
            import json

            click.echo(json.dumps(character_rows(chosen), ensure_ascii=False, indent=1))
        else:
            click.echo(character_list(chosen), nl=False)

    @botc.command()
    @_script_option(required=True, every=True)
    @click.option("--first", is_flag=True, help="The first night (the default).")
    @click.option("--other", is_flag=True, help="The other nights (after --first's, with both).")
    @click.option(
        "--players", type=click.IntRange(min=1), metavar="N", help="Players at the table."
    )
    def night(script_name: str, first: bool, other: bool, players: int | None) -> None:
        """The night order sheet of a script: who wakes, in order, dusk to dawn.

        With --first and --other, both sheets: the first night, then the other nights.
        """
        from meeple.botc.sheet import night_sheet

        script = _file(script_name, every=True)
        nights = [True] * (first or not other) + [False] * other
        sheets = (night_sheet(script, night_, players) for night_ in nights)
        click.echo("\n".join(sheets), nl=False)

    @botc.command(name="script")
    @click.argument("name")
    def script_command(name: str) -> None:
        """Write a bundled script (trouble-brewing...) as Script Tool JSON."""
        from meeple.botc.script import SCRIPTS, bundled
        from meeple.botc.scriptfile import dump

        if name not in SCRIPTS:
            raise click.UsageError(f"unknown script {name!r} (known: {', '.join(SCRIPTS)})")
        click.echo(dump(bundled(name)), nl=False)

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
    @_ids_option()
    def bags(
        players: int,
        script_name: str,
        count: int,
        seed: int | None,
        every: bool,
        count_only: bool,
        ids: str,
    ) -> None:
        """Legal bags for N players, drawn uniformly at random among all of them.

        Every legal bag is equally likely (the draw picks a make-up of modifier
        characters and team counts with weight equal to how many bags it holds,
        then the other characters uniformly). A bag lists the characters in play:
        the Drunk is `drunk`.
        """
        import random

        from meeple.botc.hooks import spelled
        from meeple.botc.notation import format_bag

        script = _rules(script_name)
        if players not in script.setup_counts:
            low, high = min(script.setup_counts), max(script.setup_counts)
            raise click.UsageError(f"{script.name} seats {low} to {high} players, not {players}")
        if count_only:
            click.echo(setup.count_bags(script, players))
            return
        if not setup.makeups(script, players):
            click.echo(f"error: {setup.why_no_bags(script, players)}", err=True)
            raise SystemExit(1)
        if every:
            chosen = setup.all_bags(script, players)
        else:
            chosen = setup.random_bags(script, players, count, random.Random(seed))
        for bag in chosen:
            click.echo(format_bag(spelled(bag, ids)))

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
        drunk:is_the_drunk (the Marionette a good character, marionette:is_the_marionette);
        a Fortune Teller's red herring and an Evil Twin's twin go on good players; Lil'
        Monsta takes no seat (a minion carries lil_monsta:is_the_demon). A name is written
        with letters, digits and _ only (Ann Lee is Ann_Lee), as the townsquare import does.
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
        script = _rules(script_name)
        players = _seat_names(names)
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

    @botc.command()
    @click.argument("puzzle")
    @click.option("--json", "as_json", is_flag=True, help="One JSON object: count and worlds.")
    @click.option("--count-only", is_flag=True, help="Print only how many worlds there are.")
    @click.option("--limit", type=click.IntRange(min=1), metavar="N", help="Stop after N worlds.")
    @click.option(
        "--explain",
        metavar="PLAYER-OR-WORLD",
        help="Why a candidate world fails: a one-line grimoire (whole or some seats,"
        " [Tom:imp Sula:baron]) or a player (the worlds where they are the Demon).",
    )
    def solve(
        puzzle: str, as_json: bool, count_only: bool, limit: int | None, explain: str | None
    ) -> None:
        """Every world of a logic PUZZLE (botc-puzzle text or jthemphill's JSON): each
        starting grimoire consistent with the claims and the timeline, in the seed's
        notation, then the Storyteller's choices of one story that tells it.

        Exit 0 when a world exists, 1 when none does (or the puzzle does not read, or
        names a character the solver does not model yet), 2 for a usage mistake.
        """
        from meeple.botc.solver import report

        text, source = files.read_or_usage(puzzle)
        try:
            model = report.read(text, source)
        except MeepleError as problem:
            files.fail(problem)
        try:
            if explain is not None:
                try:
                    found = report.explain(model, explain)
                except ValueError as problem:
                    raise click.UsageError(str(problem)) from None
                click.echo(found.text, nl=False)
                raise SystemExit(0 if found.holds else 1)
            answer = report.solve(model, limit)
            write = report.to_json if as_json else report.text
            click.echo(write(answer, count_only), nl=False)
            if not answer.worlds:
                click.echo(f"error: no world: {report.clash(model)}", err=True)
                raise SystemExit(1)
        except report.Unmodelled as problem:
            click.echo(f"error: {source}: {problem.message}", err=True)
            raise SystemExit(1) from None

    return botc
