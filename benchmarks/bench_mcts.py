"""Flows MCTS at its default strength: CPU time per move (issue 28: at most 100 ms).

Seeded two-player games against random (games 0 to N-1 of a selfplay tournament with
seed 1, seats rotated), the time of every MCTS move taken with `time.process_time`
(the machine is shared: CPU time, not wall time). The floor is the greedy bot's choice
at the same positions (one ply: every dealt move played and judged), measured in the
same run. Beside the default (lazy expansion) the eager expansion it replaced
(`lazy=False`: every move of a position first reached played and judged) is measured
over fewer games. MEEPLE_MCTS_GAMES (6) and MEEPLE_MCTS_EAGER_GAMES (2) set the counts.
"""

from __future__ import annotations

import os
import random
import statistics
import time
from functools import partial

from harness import Case

from meeple import registry
from meeple.bots import GreedyBot, MctsBot, RandomBot, legal_choices
from meeple.bots.selfplay import seats_for
from meeple.engine import AnyState


def _per_move(games: int, lazy: bool) -> tuple[list[float], list[float]]:
    """CPU seconds of every MCTS move, and of greedy's choice at the same positions."""
    fmt = registry.get("flows")
    assert fmt.game.can("initial")
    searched: list[float] = []
    floors: list[float] = []
    for number in range(games):
        rng = random.Random(f"1:{number}")  # as selfplay.play_one deals a game
        state: AnyState = fmt.game.initial(player_count=2, seed=rng.randrange(2**31))
        seats = seats_for(("mcts", "random"), number, 2)
        seeds = {name: rng.randrange(2**31) for name in seats}  # in seat order, as there
        mcts = MctsBot(seed=seeds["mcts"], lazy=lazy)
        other = RandomBot(seed=seeds["random"])
        greedy = GreedyBot(seed=0)
        while not state.is_over:
            _, moves = legal_choices(state, rng)
            player = state.to_move
            assert player is not None
            if seats[player - 1] == "random":
                state = state.play(other.choose(state, moves))
                continue
            start = time.process_time()
            greedy.choose(state, moves)
            floors.append(time.process_time() - start)
            start = time.process_time()
            move = mcts.choose(state, moves)
            searched.append(time.process_time() - start)
            state = state.play(move)
    return searched, floors


def _p90(times: list[float]) -> float:
    return sorted(times)[int(len(times) * 0.9)]


def _said(times: list[float], _: float) -> str:
    mean = statistics.mean(times)
    return f"p90 {_p90(times) * 1e3:.0f} ms, mean {mean * 1e3:.0f} ms, {len(times)} moves"


def cases() -> list[Case]:
    found = []
    for label, lazy, variable, default in (
        ("lazy expansion (default)", True, "MEEPLE_MCTS_GAMES", "6"),
        ("eager expansion (before)", False, "MEEPLE_MCTS_EAGER_GAMES", "2"),
    ):
        games = int(os.environ.get(variable, default))
        if not games:
            continue
        searched, floors = _per_move(games, lazy)
        found.append(
            Case(
                f"flows mcts, {label}: CPU per move, {games} games",
                partial(_per_move, games, lazy),
                floor_name="greedy's choice",
                goal="<= 100 ms" if lazy else "",
                measured=statistics.median(searched),
                floor_measured=statistics.median(floors),
                extra=partial(_said, searched),
            )
        )
    return found
