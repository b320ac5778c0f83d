"""Tournaments between bots: play many games, write their records, count the results.

Seats rotate from game to game so no bot always moves first. Every game is seeded from
the tournament's seed and its number, so a tournament is reproducible and the same
whatever the number of processes.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, cast

from meeple import registry
from meeple.bots.engines import EngineFailed, Forfeited
from meeple.bots.players import Bot, legal_choices, make
from meeple.corpus import ordered_map
from meeple.engine import AnyState, Recording, Status, reward


@dataclass(frozen=True)
class Played:
    """One finished game: who sat where, how it ended, and its record in notation."""

    number: int
    seats: tuple[str, ...]
    """The bot name in each seat (seat 1 first)."""
    status: str
    winners: tuple[int, ...]
    length: int
    record: str | None
    rewards: tuple[float, ...]
    """What the game was worth to each seat (1 won, a share in a tie, 0 lost)."""
    forfeit: str = ""
    """Why the game ended early: an engine broke the protocol and lost (`seat 2
    (cmd:./engine) exited with status 1`); empty for a game played to its end."""


def play(state: AnyState, bots: Sequence[Bot], rng: random.Random, limit: int = 5_000) -> AnyState:
    """Play a game to its end: the bot in each seat chooses, `rng` deals hidden draws;
    Forfeited when an engine breaks the protocol (it loses the game)."""
    for _ in range(limit):
        if state.is_over:
            return state
        _, moves = legal_choices(state, rng)
        player = state.to_move
        assert player is not None and moves
        try:
            move = bots[(player - 1) % len(bots)].choose(state, moves)
        except EngineFailed as failure:
            raise Forfeited(state, player, failure) from None
        state = state.play(move)
    return state


def seats_for(bots: Sequence[str], number: int, players: int) -> tuple[str, ...]:
    """The bots in seat order for game `number`: rotated by one seat each game."""
    return tuple(bots[(number + seat) % len(bots)] for seat in range(players))


def play_one(
    number: int,
    game: str,
    bots: tuple[str, ...],
    seed: int,
    players: int | None,
    settings: dict[str, dict[str, Any]],
) -> Played:
    """Game `number` of a tournament (a top-level function, so processes can run it)."""
    fmt = registry.get(game)
    rng = random.Random(f"{seed}:{number}")
    start: AnyState = fmt.game.initial(player_count=players, seed=rng.randrange(2**31))
    seats = seats_for(bots, number, start.player_count)
    seated = [
        make(name, seed=rng.randrange(2**31), game=game, **settings.get(name, {})) for name in seats
    ]
    try:
        final = play(start, seated, rng)
    except Forfeited as lost:
        return _forfeited(number, seats, lost, fmt.dump(cast(Recording, lost.state).record()))
    text = fmt.dump(final.record()) if isinstance(final, Recording) else None
    rewards = tuple(reward(final, seat) for seat in range(1, final.player_count + 1))
    return Played(number, seats, final.status, final.winners, len(final.history), text, rewards)


def _forfeited(number: int, seats: tuple[str, ...], lost: Forfeited, record: str) -> Played:
    """A game an engine lost by breaking the protocol: every other seat shares the win
    (one other seat: it won; none, in a solo game: lost)."""
    others = tuple(seat for seat in range(1, len(seats) + 1) if seat != lost.seat)
    status: Status = "won" if len(others) == 1 else "tie" if others else "lost"
    share = 1.0 / len(others) if others else 0.0
    rewards = tuple(share if seat in others else 0.0 for seat in range(1, len(seats) + 1))
    why = f"seat {lost.seat} ({lost.failure.engine}) {lost.failure.reason}"
    length = len(lost.state.history)
    return Played(number, seats, status, others, length, record, rewards, why)


def tournament(
    game: str,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    players: int | None = None,
    jobs: int = 1,
    settings: dict[str, dict[str, Any]] | None = None,
) -> Iterator[Played]:
    """Play `games` games between `bots` (their names), in order."""
    work = partial(
        play_one, game=game, bots=tuple(bots), seed=seed, players=players, settings=settings or {}
    )
    yield from ordered_map(work, list(range(games)), jobs)


@dataclass
class Standing:
    """One bot's results over a tournament."""

    name: str
    seats: int = 0
    wins: int = 0
    ties: int = 0
    points: float = 0.0

    @property
    def score(self) -> float:
        """Points per seat played (1 a win, a share of 1 a tie)."""
        return self.points / self.seats if self.seats else 0.0

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """A 95% Wilson score interval for the bot's win rate (ties as half wins)."""
        n = self.seats
        if n == 0:
            return (0.0, 1.0)
        p = self.score
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return (max(0.0, centre - half), min(1.0, centre + half))


def standings(results: Sequence[Played], bots: Sequence[str] = ()) -> list[Standing]:
    """Each bot's seats, wins, ties and points, best first; a bot of `bots` that sat in
    no game (a solo game's tournament shorter than its list of bots) has a row too."""
    table = {name: Standing(name) for name in bots}
    for result in results:
        for seat, name in enumerate(result.seats, start=1):
            row = table.setdefault(name, Standing(name))
            row.seats += 1
            row.points += result.rewards[seat - 1]
            if seat in result.winners:
                row.wins += result.status == "won"
                row.ties += result.status == "tie"
    return sorted(table.values(), key=lambda row: -row.score)
