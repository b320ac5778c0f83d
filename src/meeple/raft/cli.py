"""`meeple solve`: the Race to the Raft solver on the command line (registered by the
raft format, so the CLI core never imports this game)."""

from __future__ import annotations

import click

from meeple.cli import files
from meeple.errors import MeepleError


def solve_command() -> click.Command:
    @click.command()
    @click.argument("challenge")
    @click.option("--seed", default=1, show_default=True, type=int, help="Fixes every shuffle.")
    @click.option(
        "--budget",
        default=60.0,
        show_default=True,
        type=click.FloatRange(min=0.1),
        metavar="SECONDS",
        help="How long to search.",
    )
    @click.option("-o", "--output", metavar="FILE", help="Write the winning record here.")
    def solve(challenge: str, seed: int, budget: float, output: str | None) -> None:
        """Search for a win of a Race to the Raft CHALLENGE (a challenge string or the
        name of an official challenge), every shuffle fixed by --seed.

        Prints the winning game as a record `meeple check` accepts (fire tiles come
        out of the bag in a seeded order), or says how much was searched. Exit 0 when
        a win was found, 1 when none was within the budget.
        """
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
        found = solver.solve(parsed, seed, budget)
        summary = f"{found.states} states searched in {found.seconds:.1f} s"
        if not found.won:
            left = solver.cat_distances(found.final)
            click.echo(
                f"no win found within {budget:g} s: {summary}; the best line reached"
                f" {len(found.moves)} actions with {len(left)} cat(s) still to bring home",
                err=True,
            )
            raise SystemExit(1)
        text = format_record(found.final.record())
        if output:
            files.write(output, text)
        else:
            click.echo(text, nl=False)
        click.echo(f"won in {len(found.moves)} actions: {summary}", err=True)

    return solve
