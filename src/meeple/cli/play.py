"""`meeple play`: a game in the terminal against bots, or hotseat."""

from __future__ import annotations

import contextlib
import signal
import sys
from collections.abc import Callable, Iterator
from typing import Any

import click

from meeple import registry
from meeple.errors import MeepleError
from meeple.game import Notation


def playable() -> list[str]:
    """The games a new game of which can be set up (bots, selfplay, play)."""
    return [fmt.name for fmt in registry.formats() if fmt.qgn_keyed and fmt.game.can("initial")]


def playable_format(name: str) -> Notation:
    """The playable game `name`; a usage error listing the playable games otherwise."""
    games = playable()
    if name not in games:
        import difflib  # only here: imported lazily for start-up

        close = difflib.get_close_matches(name, games, n=1, cutoff=0.5)
        hint = f"did you mean {close[0]!r}? " if close else ""
        raise click.UsageError(
            f"{name!r} cannot be played; {hint}games that can: {', '.join(games)}"
        )
    return registry.get(name)


def engine_timeout_option(function: Callable[..., Any]) -> Callable[..., Any]:
    return click.option(
        "--engine-timeout",
        type=click.FloatRange(min=0, min_open=True),
        metavar="SECONDS",
        help="Time an engine (cmd:COMMAND) may take over a move before it loses (default: 10).",
    )(function)


def refuse_unfit(name: str, fmt: Notation, players: int | None, seed: int | None) -> None:
    """A usage error when the bot `name` cannot play `fmt`'s games: no such bot, no such
    program for an engine, a game it cannot play."""
    from meeple.bots.players import refusal

    problem = refusal(name, fmt.game.initial(player_count=players, seed=seed))
    if problem is not None:
        raise click.UsageError(problem)


def engine_settings(name: str, timeout: float | None) -> dict[str, Any]:
    """`timeout` for an engine's bot, if given; nothing for the other bots."""
    return {"timeout": timeout} if timeout is not None and name.startswith("cmd:") else {}


@contextlib.contextmanager
def _ctrl_c_for_the_game() -> Iterator[None]:
    """Ctrl-C as Python raises it (KeyboardInterrupt), not as the other commands stop on
    it (exit 130): at the table it is a person leaving, and the game offers to save."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def command() -> click.Command:
    @click.command()
    @click.argument("game")
    @click.option("--players", type=click.IntRange(min=1), help="Players in the game.")
    @click.option(
        "--bot",
        help="The bot in the other seats (random, greedy, mcts, perfect, alphabeta, or"
        " cmd:COMMAND, an engine speaking QGN), or none for hotseat (default: the game's"
        " own, mcts; perfect for tictactoe, alphabeta for onitama and tsuro).",
    )
    @click.option(
        "--seat",
        default=1,
        show_default=True,
        type=click.IntRange(min=1),
        help="Your seat (1 moves first); the bot takes the others.",
    )
    @click.option("--seed", type=int, help="Seeds the bag, the draws and the bots.")
    @engine_timeout_option
    def play(
        game: str,
        players: int | None,
        bot: str | None,
        seat: int,
        seed: int | None,
        engine_timeout: float | None,
    ) -> None:
        """Play GAME in the terminal against bots, or hotseat with --bot none."""
        from meeple.bots import make
        from meeple.bots.players import default_for
        from meeple.terminal import run

        fmt = playable_format(game)
        name = bot or default_for(fmt.name)
        try:
            opponent = None
            if name != "none":
                refuse_unfit(name, fmt, players, seed)
                opponent = make(
                    name, seed=seed, game=fmt.name, **engine_settings(name, engine_timeout)
                )
            with _ctrl_c_for_the_game():
                run(fmt.name, sys.stdin, click.echo, players, opponent, (seat,), seed)
        except MeepleError as problem:  # a set-up the game refuses
            raise click.UsageError(problem.message) from None
        except ValueError as problem:
            raise click.UsageError(str(problem)) from None

    return play
