"""Bot strength by selfplay: mcts and greedy against random, in Flows (2 players) and
Atlantis (the standard board); and meeple's default bot against the games' own AIs and
against meeple's previous default (issue 41).

Goals (issue: play and analyse): mcts wins at least 95% of its games against random,
greedy at least 75%. 200 games each by default; MEEPLE_STRENGTH_GAMES sets another
number (0: none; an MCTS game takes about 7 s of one core in Atlantis, about 2 s in
Flows), MEEPLE_STRENGTH_JOBS the processes.
Seats rotate from game to game. Each tournament is played once: the table shows its
total time and the win rate with a 95% Wilson interval (ties count half).

The peers (issue 41) are engines speaking the `cmd:` protocol, built outside the
repository (docs/play.md says how): MEEPLE_QUIBBBLE_AI names quibbble's AI for its seven
games, MEEPLE_QUORTEXTT_AI quortextt's for two-player Flows. Each plays
MEEPLE_STRENGTH_PEER_GAMES games (20) against the game's default bot, seats alternating,
deals seeded (seed 1, as `meeple selfplay` seeds them), an engine allowed
MEEPLE_STRENGTH_ENGINE_TIMEOUT seconds a move (120). Every game with a peer also plays
MEEPLE_STRENGTH_PREVIOUS_GAMES games (4) against the default bot before issue 41 (plain
mcts at its settings then); MEEPLE_STRENGTH_ONLY=onitama,tsuro limits the games. A
Markdown table is printed: won-lost-tied from meeple's side, and milliseconds of CPU a
move on each side (this process's for meeple's bot, the engine's own process for a peer).
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from functools import partial
from typing import Any

from harness import Case, children_cpu

from meeple import registry
from meeple.bots import Bot, default_for, make, selfplay
from meeple.bots.engines import Forfeited, is_engine
from meeple.bots.selfplay import seats_for
from meeple.corpus import ordered_map
from meeple.engine import AnyState, reward

GOALS = {"mcts": 0.95, "greedy": 0.75}
MATCHES = (("flows", 2), ("atlantis", None))


def _tournament(game: str, players: int | None, bot: str, games: int, jobs: int) -> str:
    results = list(
        selfplay.tournament(game, (bot, "random"), games, seed=1, players=players, jobs=jobs)
    )
    table = {row.name: row for row in selfplay.standings(results)}
    row = table[bot]
    low, high = row.interval()
    ties = sum(result.status == "tie" for result in results)
    verdict = "met" if row.score >= GOALS[bot] else "NOT met"
    return (
        f"{row.score:.1%} [{low:.1%}, {high:.1%}] over {games} games"
        f" ({row.wins} won, {ties} tied); goal >= {GOALS[bot]:.0%} {verdict}"
    )


def _said(outcome: str, _: float) -> str:
    return outcome


def cases() -> list[Case]:
    games = int(os.environ.get("MEEPLE_STRENGTH_GAMES", "200"))
    jobs = int(os.environ.get("MEEPLE_STRENGTH_JOBS", str(os.cpu_count() or 1)))
    found = []
    for game, players in MATCHES if games else ():
        for bot in GOALS:
            start = time.perf_counter()
            outcome = _tournament(game, players, bot, games, jobs)
            taken = time.perf_counter() - start
            found.append(
                Case(
                    f"strength: {bot} vs random at {game}",
                    partial(_tournament, game, players, bot, games, jobs),
                    goal=f">= {GOALS[bot]:.0%} won",
                    extra=partial(_said, outcome),
                    measured=taken,
                )
            )
    return found + _peer_cases(jobs)


# Strength against the games' own AIs (issue 41) and against meeple's previous default.

PEERS = {
    "tictactoe": "MEEPLE_QUIBBBLE_AI",
    "connect4": "MEEPLE_QUIBBBLE_AI",
    "onitama": "MEEPLE_QUIBBBLE_AI",
    "tsuro": "MEEPLE_QUIBBBLE_AI",
    "indigo": "MEEPLE_QUIBBBLE_AI",
    "stratego": "MEEPLE_QUIBBBLE_AI",
    "carcassonne": "MEEPLE_QUIBBBLE_AI",
    "flows": "MEEPLE_QUORTEXTT_AI",
}
"""Each two-player game with a peer AI, and the variable naming its engine: a program
speaking the `cmd:` protocol (docs/play.md), built outside the repository."""

OPPONENTS = {"MEEPLE_QUIBBBLE_AI": "quibbble's AI", "MEEPLE_QUORTEXTT_AI": "quortextt's AI"}

PREVIOUS = ("mcts", {"iterations": 50, "exploration": 0.5, "prior_weight": 2.0})
"""meeple's default bot before issue 41: plain `mcts` at its settings then."""

LIMIT = 5_000
"""Moves after which a game is stopped and counted unfinished (as selfplay does)."""

Side = tuple[str, dict[str, Any]]
"""A bot name and its settings."""


@dataclass(frozen=True)
class Outcome:
    """One game of a match, seen from meeple's default bot."""

    result: str
    """`won`, `lost`, `tied` or `unfinished`."""
    seconds: tuple[float, float]
    """CPU seconds each side spent choosing (meeple's bot, the opponent)."""
    moves: tuple[int, int]
    forfeit: str = ""


@dataclass
class _Timed:
    """A bot whose choices are timed in CPU seconds: this process's for a bot of
    meeple's, its children's for an engine (which runs as a program of its own)."""

    bot: Bot
    clock: Callable[[], float]
    name: str = ""
    seconds: float = 0.0
    moves: int = 0

    def choose(self, state: AnyState, moves: Sequence[Any]) -> Any:
        began = self.clock()
        try:
            return self.bot.choose(state, moves)
        finally:
            self.seconds += self.clock() - began
            self.moves += 1


def _seated(side: Side, seed: int, game: str) -> _Timed:
    name, settings = side
    clock = children_cpu if is_engine(name) else time.process_time
    return _Timed(make(name, seed=seed, game=game, **settings), clock, name)


def play_timed(number: int, game: str, sides: tuple[Side, Side], seed: int) -> Outcome:
    """Game `number` of a match: meeple's bot (`sides[0]`) against the opponent, seats
    alternating, the deal seeded from `seed` and `number` as `meeple selfplay` seeds it."""
    fmt = registry.get(game)
    rng = random.Random(f"{seed}:{number}")
    start: AnyState = fmt.game.initial(player_count=2, seed=rng.randrange(2**31))
    order = [int(side) for side in seats_for(("0", "1"), number, 2)]
    timed = {index: _seated(sides[index], rng.randrange(2**31), game) for index in order}
    seated: list[Bot] = [timed[index] for index in order]
    mine = order.index(0) + 1
    forfeit = ""
    try:
        final = selfplay.play(start, seated, rng, LIMIT)
    except Forfeited as lost:
        forfeit = f"game {number}: {lost.failure}"
        result = "won" if lost.seat != mine else "lost"
    else:
        if not final.is_over:
            result = "unfinished"
        elif final.status == "tie":
            result = "tied"
        else:
            result = "won" if reward(final, mine) >= 1.0 else "lost"
    return Outcome(
        result,
        (timed[0].seconds, timed[1].seconds),
        (timed[0].moves, timed[1].moves),
        forfeit,
    )


@dataclass(frozen=True)
class Match:
    """Games of meeple's default bot against one opponent in one game."""

    game: str
    opponent: str
    """What the table calls the opponent."""
    side: Side
    games: int


def _matches() -> list[Match]:
    peer_games = int(os.environ.get("MEEPLE_STRENGTH_PEER_GAMES", "20"))
    previous_games = int(os.environ.get("MEEPLE_STRENGTH_PREVIOUS_GAMES", "4"))
    timeout = float(os.environ.get("MEEPLE_STRENGTH_ENGINE_TIMEOUT", "120"))
    only = {g for g in os.environ.get("MEEPLE_STRENGTH_ONLY", "").split(",") if g}
    found = []
    for game, variable in PEERS.items():
        if only and game not in only:
            continue
        engine = os.environ.get(variable)
        if engine and peer_games:
            side: Side = (f"cmd:{engine}", {"timeout": timeout})
            found.append(Match(game, OPPONENTS[variable], side, peer_games))
        if previous_games:
            found.append(Match(game, "mcts before issue 41", PREVIOUS, previous_games))
    return found


def _played(match: Match, jobs: int) -> list[Outcome]:
    sides: tuple[Side, Side] = ((default_for(match.game), {}), match.side)
    work = partial(play_timed, game=match.game, sides=sides, seed=1)
    return list(ordered_map(work, list(range(match.games)), jobs))


def _row(match: Match, outcomes: Sequence[Outcome]) -> tuple[str, ...]:
    counted = {kind: sum(o.result == kind for o in outcomes) for kind in RESULTS}
    record = "-".join(str(counted[kind]) for kind in RESULTS[:3])
    notes = [f"{counted['unfinished']} unfinished"] if counted["unfinished"] else []
    forfeits = sum(bool(o.forfeit) for o in outcomes)
    if forfeits:
        notes.append(f"{forfeits} lost by an engine's failure")
    if notes:
        record += f" ({', '.join(notes)})"
    ms = [
        1000 * sum(o.seconds[side] for o in outcomes) / max(1, sum(o.moves[side] for o in outcomes))
        for side in (0, 1)
    ]
    bot = default_for(match.game)
    return (
        match.game,
        bot,
        match.opponent,
        str(len(outcomes)),
        record,
        f"{ms[0]:.1f}",
        f"{ms[1]:.1f}",
    )


RESULTS = ("won", "lost", "tied", "unfinished")
HEADER = (
    "game",
    "meeple",
    "opponent",
    "games",
    "won-lost-tied",
    "ms a move (meeple)",
    "ms a move (opponent)",
)


def _table(rows: Sequence[tuple[str, ...]]) -> str:
    """A Markdown table (docs/play.md keeps one)."""
    lines = [HEADER, tuple("---" for _ in HEADER), *rows]
    return "\n".join("| " + " | ".join(line) + " |" for line in lines)


def _peer_cases(jobs: int) -> list[Case]:
    found = []
    rows = []
    for match in _matches():
        began = time.perf_counter()
        outcomes = _played(match, jobs)
        taken = time.perf_counter() - began
        row = _row(match, outcomes)
        rows.append(row)
        print(f"  {' | '.join(row)}", file=sys.stderr, flush=True)  # a long run's progress
        for outcome in outcomes:
            if outcome.forfeit:
                print(f"  {match.game} vs {match.opponent}: {outcome.forfeit}", file=sys.stderr)
        found.append(
            Case(
                f"strength: {row[1]} vs {match.opponent} at {match.game}",
                partial(_played, match, jobs),
                goal=">= 80% of decisive games won" if match.side != PREVIOUS else "-",
                extra=partial(_said, f"{row[4]} of {row[3]}; ms a move {row[5]} vs {row[6]}"),
                measured=taken,
            )
        )
    if rows:
        print(f"strength against the games' own AIs and the previous default ({date.today()}):")
        print(_table(rows))
    return found
