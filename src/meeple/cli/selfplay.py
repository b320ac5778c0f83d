"""`meeple selfplay`: a tournament of bots, with the table of results."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import click

from meeple.cli import files
from meeple.cli.options import jobs_option
from meeple.cli.play import playable_format
from meeple.cli.progress import progress
from meeple.words import counted

if TYPE_CHECKING:
    from meeple.bots.selfplay import Standing


def command() -> click.Command:
    @click.command()
    @click.argument("game")
    @click.option(
        "--bots", default="mcts,random", show_default=True, help="Bot names, comma-separated."
    )
    @click.option(
        "--games",
        default=20,
        show_default=True,
        type=click.IntRange(min=1),
        help="How many games to play (seats rotate from game to game).",
    )
    @click.option("--players", type=click.IntRange(min=1), help="Players per game.")
    @click.option(
        "--seed",
        default=0,
        show_default=True,
        type=int,
        help="Seeds every game's set-up, draws and bots: the same seed plays the same games.",
    )
    @click.option(
        "--iterations",
        type=click.IntRange(min=1),
        help="MCTS iterations per move (default: the bot's, 50).",
    )
    @jobs_option
    @click.option("-o", "--output", metavar="FOLDER", help="Write every game's record here.")
    def selfplay(
        game: str,
        bots: str,
        games: int,
        players: int | None,
        seed: int,
        iterations: int | None,
        jobs: int | None,
        output: str | None,
    ) -> None:
        """Play a tournament of bots (random, greedy, mcts) at GAME and print the table."""
        from meeple.bots import BOTS
        from meeple.bots.selfplay import standings, tournament

        fmt = playable_format(game)
        names = [name.strip() for name in bots.split(",") if name.strip()]
        unknown = [name for name in names if name not in BOTS]
        if not names or unknown:
            raise click.UsageError(
                f"unknown bot {unknown[0] if unknown else bots!r}; bots: " + ", ".join(BOTS)
            )
        folder = files.writable_folder(output) if output else None
        if folder is not None:
            folder.mkdir(exist_ok=True)
        settings = {"mcts": {"iterations": iterations}} if iterations else {}
        results = []
        suffix = fmt.extensions[0] if fmt.extensions else f".{fmt.name}"
        with progress(games, "playing", unit="games") as advance:
            for played in tournament(
                fmt.name, names, games, seed, players, jobs or os.cpu_count() or 1, settings
            ):
                results.append(played)
                if folder is not None and played.record is not None:
                    name = f"game-{played.number + 1:04d}{suffix}"
                    files.write(str(folder / name), played.record)
                advance()
        ties = sum(r.status == "tie" for r in results)
        length = sum(r.length for r in results) / len(results)
        solo = len(results[0].seats) == 1
        who = f"solo: {', '.join(names)} taking turns" if solo else " vs ".join(names)
        click.echo(f"{fmt.name}: {counted(games, 'game')}, {who}, seed {seed}")
        click.echo(f"{'bot':<8} {'seats':>5} {'wins':>5} {'ties':>5} {'score':>6}  95% interval")
        for row in standings(results, names):
            click.echo(f"{row.name:<8} {row.seats:>5} {row.wins:>5} {row.ties:>5} {_score(row)}")
        click.echo(f"ties: {ties}, average length: {length:.1f} {fmt.step_noun}s")

    return selfplay


def _score(row: Standing) -> str:
    """A bot's score and the interval around it; dashes for a bot that sat in no game."""
    if not row.seats:
        return f"{'-':>6}  -"
    low, high = row.interval()
    return f"{row.score:>6.3f}  [{low:.3f}, {high:.3f}]"
