"""`meeple solve`: the Race to the Raft solver on the command line, declared as data
(`meeple.commands`) for the CLI to build."""

from __future__ import annotations

from collections.abc import Callable

from meeple.commands import Argument, Command, CommandFailed, Line, Option, Output, Progress
from meeple.errors import MeepleError, OptionError
from meeple.raft.solver import DEFAULT_STATES
from meeple.words import counted


def solve(
    challenge: str,
    seed: int,
    budget: int,
    seconds: float | None,
    progress: Callable[[int, str], None],
) -> Output:
    """The winning record and how long the search took; CommandFailed when no win was
    found within the budget."""
    from meeple.raft import solver
    from meeple.raft.components import components
    from meeple.raft.notation import format_record, parse_challenge

    named = {c.name.casefold(): c.challenge for c in components().challenges}
    written = named.get(challenge.strip().casefold(), challenge.strip())
    try:
        parsed = parse_challenge(written, "CHALLENGE")
    except MeepleError as problem:
        names = ", ".join(c.name for c in components().challenges[:4])
        raise OptionError(
            f"{problem.message} (a challenge string, or a name such as {names})"
        ) from None

    def report(states: int, best: float) -> None:
        progress(states, f"best distance {best:.1f}")

    found = solver.solve(parsed, seed, budget, seconds, report)
    summary = f"{found.states:,} states searched in {found.seconds:.1f} s"
    if not found.won:
        left = solver.cat_distances(found.final)
        limit = f"{seconds:g} s" if found.out_of_time else f"{budget:,} states"
        raise CommandFailed(
            f"no win found within {limit}: {summary}; the best line reached"
            f" {counted(len(found.moves), 'action')} with {counted(len(left), 'cat')}"
            " still to bring home"
        )
    return [
        Line(format_record(found.final.record()), end=""),
        Line(f"won in {counted(len(found.moves), 'action')}: {summary}", err=True),
    ]


SOLVE = Command(
    "solve",
    """Search for a win of a Race to the Raft CHALLENGE (a challenge string or the
    name of an official challenge), every shuffle fixed by --seed.

    Prints the winning game as a record `meeple check` accepts (fire tiles come
    out of the bag in a seeded order), or says how much was searched. Exit 0 when
    a win was found, 1 when none was within the budget. On a terminal a bar shows
    the states searched, their rate and the closest the search has come.
    """,
    solve,
    arguments=(Argument("challenge"),),
    options=(
        Option(("--seed",), "seed", "Fixes every shuffle.", int, default=1, show_default=True),
        Option(
            ("--budget",),
            "budget",
            "How many states to search (the same answer on any machine).",
            int,
            minimum=1,
            default=DEFAULT_STATES,
            show_default=True,
            metavar="STATES",
        ),
        Option(
            ("--time",),
            "seconds",
            "Also stop after this long (the answer then depends on the machine).",
            float,
            minimum=0,
            above=True,
            metavar="SECONDS",
        ),
        Option(("-o", "--output"), "output", "Write the winning record here.", metavar="FILE"),
    ),
    output="output",
    progress=Progress("solving", "states", total="budget"),
)
"""`meeple solve`."""
