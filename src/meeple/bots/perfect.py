"""The perfect bot: a best move found by searching the whole game, for games small enough.

It solves two-player games without hidden draws whose states name their position
(meeple.engine.Transposing: tic-tac-toe) by negamax over positions, each solved once
and kept for later moves and games: what a position is worth never changes, so every
perfect bot of a process shares the positions solved (`_SOLVED`), and only the first
move of a process solves the game (tic-tac-toe: 5,478 positions). A position is worth,
to seat 1, 1 if seat 1 wins with best play on both sides, -1 if it loses, 0 for a tie;
each move away shrinks a value by `DISTANCE`, so a won game is won by the shortest line
and a lost one lasts longest. Among the moves of the best value it picks one with its
seeded generator, so a game is reproducible from the seed. The budget is positions
(`nodes`), never seconds.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from meeple.engine import AnyState, Drawing, Transposing, choices, reward

DISTANCE = 0.99
"""What a value keeps per move played: a win in one move beats a win in three."""

_SOLVED: dict[Hashable, float] = {}
"""What each position solved in this process is worth to seat 1, by its game's type, the
seat to move and its name (`Transposing.position_key`)."""


def refusal(state: AnyState) -> str | None:
    """Why the perfect bot cannot play the game of `state` (None: it can)."""
    if not isinstance(state, Transposing) or isinstance(state, Drawing):
        return "it plays only games without hidden draws whose positions it can name"
    if state.player_count != 2:
        return "it plays only two-player games"
    return None


@dataclass
class PerfectBot:
    """Plays a move of the best value with best play on both sides, found by solving the
    game from the position (negamax, positions solved once); equal moves by its seed.

    ValueError when the game is not one it can play (`refusal`) or needs more than
    `nodes` positions solved that no perfect bot of the process has solved before.
    """

    seed: int | None = None
    nodes: int = 100_000
    name: str = "perfect"
    rng: random.Random = field(init=False)
    _solved: int = field(init=False, default=0, repr=False)
    """Positions this bot has solved (`nodes` bounds them)."""

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def choose(self, state: AnyState, moves: Sequence[Any]) -> Any:
        problem = refusal(state)
        if problem is not None:
            raise ValueError(f"the perfect bot cannot play this game: {problem}")
        sign = 1.0 if state.to_move == 1 else -1.0
        values = [sign * self.value(state.play(move)) for move in moves]
        best = max(values)
        return self.rng.choice(
            [move for move, value in zip(moves, values, strict=True) if value == best]
        )

    def value(self, state: AnyState) -> float:
        """What `state` is worth to seat 1 with best play on both sides (from -1 to 1)."""
        key = (type(state), state.to_move, cast(Transposing, state).position_key())
        known = _SOLVED.get(key)
        if known is not None:
            return known
        if state.is_over:
            found = 2 * reward(state, 1) - 1
        else:
            if self._solved >= self.nodes:
                raise ValueError(f"the game is too large to solve within {self.nodes} positions")
            self._solved += 1
            children = [self.value(state.play(move)) for move in choices(state)]
            found = DISTANCE * (max(children) if state.to_move == 1 else min(children))
        _SOLVED[key] = found
        return found
