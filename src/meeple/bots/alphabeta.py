"""The alpha-beta bot: a look-ahead of several moves over the game's own evaluation.

For two-player games without hidden draws whose states judge themselves
(meeple.engine.Evaluating): minimax with alpha-beta pruning from the side of the player
to move, deepened one move at a time (iterative deepening) until `depth` moves or the
budget of `nodes` positions played runs out; a search cut short by the budget is
dropped and the deepest finished one decides. A move is one engine move, so a turn of
several moves (carcassonne's tile, then its token) is searched move by move, each side
choosing for itself; with `turns`, `depth` counts whole turns instead (a move that leaves
the same player to move goes no deeper), as quibbble's AI counts its depth.
A finished game is worth more than any evaluation (a win above 1, a loss below 0, the
sooner the better), so a won line is taken and a lost one put off. Children are
searched best-judged first. Equal moves are ordered by the bot's seed, so a game is
reproducible from it; budgets are positions, never seconds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from meeple.engine import AnyState, Drawing, Evaluating, choices, reward

WON = 2.0
"""What a won game is worth (less `SOONER` a move played): above any evaluation."""

SOONER = 0.001
"""What a finished game's value moves per move it lies ahead: a win sooner, a loss later."""


def refusal(state: AnyState) -> str | None:
    """Why the alpha-beta bot cannot play the game of `state` (None: it can)."""
    if isinstance(state, Drawing) or not isinstance(state, Evaluating):
        return "it plays only games without hidden draws that judge their positions"
    if state.player_count != 2:
        return "it plays only two-player games"
    return None


class _OutOfNodes(Exception):
    """The budget of positions ran out in the middle of a search (caught in `choose`)."""


@dataclass
class AlphaBetaBot:
    """Plays the move whose line, `depth` moves deep with best replies on both sides
    (alpha-beta over the game's evaluation, deepened while `nodes` positions last),
    is best for its player; equal moves in the order of its seed.

    ValueError when the game is not one it can play (`refusal`).
    """

    seed: int | None = None
    depth: int = 6
    nodes: int = 10_000
    turns: bool = False
    """Count `depth` in turns, not moves: the search goes on while the same player moves."""
    name: str = "alphabeta"
    rng: random.Random = field(init=False)
    _played: int = field(init=False, default=0, repr=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def choose(self, state: AnyState, moves: Sequence[Any]) -> Any:
        problem = refusal(state)
        if problem is not None:
            raise ValueError(f"the alpha-beta bot cannot play this game: {problem}")
        player = state.to_move
        assert player is not None
        if len(moves) == 1:
            return moves[0]
        ordered = list(moves)
        self.rng.shuffle(ordered)
        self._played = 0
        children = [(move, self._play(state, move)) for move in ordered]
        best = ordered[0]
        for depth in range(1, self.depth + 1):
            try:
                scored = self._root(children, player, depth)
            except _OutOfNodes:
                break
            scored.sort(key=lambda pair: (-pair[0], pair[1]))
            children = [children[index] for _, index in scored]
            best = children[0][0]
            if scored[0][0] >= WON - 1.0:  # a won line: nothing deeper can beat it
                break
        return best

    def _root(
        self, children: list[tuple[Any, AnyState]], player: int, depth: int
    ) -> list[tuple[float, int]]:
        """Each root move's value `depth` moves deep (a bound where it cannot be the
        best), with its place in `children`."""
        alpha = -1.0
        scored = []
        for index, (_, child) in enumerate(children):
            value = self._value(
                child, player, self._deeper(depth, player, child), 1, alpha, WON + 1.0
            )
            alpha = max(alpha, value)
            scored.append((value, index))
        return scored

    def _deeper(self, depth: int, mover: int | None, child: AnyState) -> int:
        """The depth left below `child`, a move of `mover`'s: one less, or the same where
        depth counts turns and `mover` is still to move."""
        if self.turns and not child.is_over and child.to_move == mover:
            return depth
        return depth - 1

    def _play(self, state: AnyState, move: Any) -> AnyState:
        if self._played >= self.nodes:
            raise _OutOfNodes
        self._played += 1
        return state.play(move)

    def _value(
        self, state: AnyState, player: int, depth: int, ply: int, alpha: float, beta: float
    ) -> float:
        """What `state` is worth to `player` after `depth` more moves of best play on
        both sides (alpha-beta between `alpha` and `beta`)."""
        if state.is_over:
            share = reward(state, player)
            if share >= 1.0:
                return WON - SOONER * ply
            if share <= 0.0:
                return -1.0 + SOONER * ply
            return share
        if depth == 0:
            return cast(Evaluating, state).evaluate(player)
        mover = state.to_move
        children = [self._play(state, move) for move in choices(state)]
        if depth > 1:
            judged = [self._judged(child, player) for child in children]
            order = sorted(range(len(children)), key=judged.__getitem__, reverse=mover == player)
            children = [children[index] for index in order]
        maximising = mover == player
        value = -1.0 if maximising else WON + 1.0
        for child in children:
            found = self._value(
                child, player, self._deeper(depth, mover, child), ply + 1, alpha, beta
            )
            if maximising:
                value = max(value, found)
                alpha = max(alpha, value)
            else:
                value = min(value, found)
                beta = min(beta, value)
            if alpha >= beta:
                break
        return value

    def _judged(self, state: AnyState, player: int) -> float:
        """A child's value without search, to order the search (a finished game first)."""
        if state.is_over:
            return WON if reward(state, player) >= 1.0 else reward(state, player) - 1.0
        return cast(Evaluating, state).evaluate(player)
