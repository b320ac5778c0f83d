"""`meeple solve`: the Race to the Raft solver on the command line (registered by the
raft format, so the CLI core never imports this game)."""

from __future__ import annotations

import click

from meeple.cli import files
from meeple.errors import MeepleError
from meeple.words import counted

DEFAULT_STATES = 20_000
"""`meeple.raft.solver.DEFAULT_STATES`, repeated so that building the command imports no
solver (a test keeps the two equal)."""


def solve_command() -> click.Command:
    @click.command()
    @click.argument("challenge")
    @click.option("--seed", default=1, show_default=True, type=int, help="Fixes every shuffle.")
    @click.option(
        "--budget",
        default=DEFAULT_STATES,
        show_default=True,
        type=click.IntRange(min=1),
        metavar="STATES",
        help="How many states to search (the same answer on any machine).",
    )
    @click.option(
        "--time",
        "seconds",
        type=click.FloatRange(min=0, min_open=True),
        metavar="SECONDS",
        help="Also stop after this long (the answer then depends on the machine).",
    )
    @click.option("-o", "--output", metavar="FILE", help="Write the winning record here.")
    def solve(
        challenge: str, seed: int, budget: int, seconds: float | None, output: str | None
    ) -> None:
        """Search for a win of a Race to the Raft CHALLENGE (a challenge string or the
        name of an official challenge), every shuffle fixed by --seed.

        Prints the winning game as a record `meeple check` accepts (fire tiles come
        out of the bag in a seeded order), or says how much was searched. Exit 0 when
        a win was found, 1 when none was within the budget. On a terminal a bar shows
        the states searched, their rate and the closest the search has come.
        """
        from meeple.cli.progress import tally
        from meeple.raft import solver
        from meeple.raft.components import components
        from meeple.raft.notation import format_record, parse_challenge

        if output:
            files.writable(output)  # before the search: a win is never lost to the path
        named = {c.name.casefold(): c.challenge for c in components().challenges}
        written = named.get(challenge.strip().casefold(), challenge.strip())
        try:
            parsed = parse_challenge(written, "CHALLENGE")
        except MeepleError as problem:
            names = ", ".join(c.name for c in components().challenges[:4])
            raise click.UsageError(
                f"{problem.message} (a challenge string, or a name such as {names})"
            ) from None
        with tally(budget, "solving", "states") as update:

            def report(states: int, best: float) -> None:
                update(states, f"best distance {best:.1f}")

            found = solver.solve(parsed, seed, budget, seconds, report)
        summary = f"{found.states:,} states searched in {found.seconds:.1f} s"
        if not found.won:
            left = solver.cat_distances(found.final)
            limit = f"{seconds:g} s" if found.out_of_time else f"{budget:,} states"
            click.echo(
                f"no win found within {limit}: {summary}; the best line reached"
                f" {counted(len(found.moves), 'action')} with {counted(len(left), 'cat')}"
                " still to bring home",
                err=True,
            )
            raise SystemExit(1)
        text = format_record(found.final.record())
        if output:
            files.write(output, text)
        else:
            click.echo(text, nl=False)
        click.echo(f"won in {counted(len(found.moves), 'action')}: {summary}", err=True)

    return solve
