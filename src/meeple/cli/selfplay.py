"""`meeple selfplay`: a tournament of bots, with the table of results."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import click

from meeple.cli import files
from meeple.cli.options import jobs_option
from meeple.cli.play import engine_settings, engine_timeout_option, playable_format, refuse_unfit
from meeple.cli.progress import progress
from meeple.errors import MeepleError
from meeple.words import counted

if TYPE_CHECKING:
    from meeple.bots.selfplay import Standing


def command() -> click.Command:
    @click.command()
    @click.argument("game")
    @click.option(
        "--bots",
        help="Bot names, comma-separated: random, greedy, mcts, perfect, alphabeta, or"
        " cmd:COMMAND (an engine speaking QGN) (default: the game's own bot and random,"
        " mcts,random; perfect,random for tictactoe, alphabeta,random for onitama and tsuro).",
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
    @engine_timeout_option
    @click.option("-o", "--output", metavar="FOLDER", help="Write every game's record here.")
    def selfplay(
        game: str,
        bots: str | None,
        games: int,
        players: int | None,
        seed: int,
        iterations: int | None,
        jobs: int | None,
        engine_timeout: float | None,
        output: str | None,
    ) -> None:
        """Play a tournament of bots (random, greedy, mcts, perfect, alphabeta, engines) at GAME and
        print the table; an engine that breaks the protocol loses that game (listed)."""
        from meeple.bots.players import default_for
        from meeple.bots.selfplay import standings, tournament

        fmt = playable_format(game)
        bots = bots or f"{default_for(fmt.name)},random"
        names = [name.strip() for name in bots.split(",") if name.strip()]
        if not names:
            raise click.UsageError(f"no bot named in {bots!r}")
        try:
            for name in dict.fromkeys(names):
                refuse_unfit(name, fmt, players, seed)
        except MeepleError as problem:  # a set-up the game refuses
            raise click.UsageError(problem.message) from None
        except ValueError as problem:
            raise click.UsageError(str(problem)) from None
        folder = files.writable_folder(output) if output else None
        if folder is not None:
            folder.mkdir(exist_ok=True)
        settings = {"mcts": {"iterations": iterations}} if iterations else {}
        settings |= {n: engine_settings(n, engine_timeout) for n in names if n.startswith("cmd:")}
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
        wide = max(8, *map(len, names))
        heads = f"{'seats':>5} {'wins':>5} {'ties':>5} {'score':>6}  95% interval"
        click.echo(f"{'bot':<{wide}} {heads}")
        for row in standings(results, names):
            counts = f"{row.seats:>5} {row.wins:>5} {row.ties:>5}"
            click.echo(f"{row.name:<{wide}} {counts} {_score(row)}")
        click.echo(f"ties: {ties}, average length: {length:.1f} {fmt.step_noun}s")
        for played in results:
            if played.forfeit:
                click.echo(f"game {played.number + 1} lost by an engine: {played.forfeit}")

    return selfplay


def _score(row: Standing) -> str:
    """A bot's score and the interval around it; dashes for a bot that sat in no game."""
    if not row.seats:
        return f"{'-':>6}  -"
    low, high = row.interval()
    return f"{row.score:>6.3f}  [{low:.3f}, {high:.3f}]"
