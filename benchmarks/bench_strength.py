"""Bot strength by selfplay: mcts and greedy against random, in Flows (2 players) and
Atlantis (the standard board).

Goals (issue: play and analyse): mcts wins at least 95% of its games against random,
greedy at least 75%. 200 games each by default; MEEPLE_STRENGTH_GAMES sets another
number (an MCTS game takes about 7 s of one core in Atlantis, about 2 s in Flows),
MEEPLE_STRENGTH_JOBS the processes.
Seats rotate from game to game. Each tournament is played once: the table shows its
total time and the win rate with a 95% Wilson interval (ties count half).
"""

from __future__ import annotations

import os
import time
from functools import partial

from harness import Case

from meeple.bots import selfplay

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
    for game, players in MATCHES:
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
    return found
