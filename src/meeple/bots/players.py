"""The bots: random, greedy (one ply of the game's own evaluation) and MCTS (UCT).

Each bot holds its own seeded random generator, so a game between bots is reproducible
from the seeds. Hidden draws (meeple.engine.Drawing) are dealt by whoever runs the game
(`legal_choices`); inside its search, MCTS samples them from their probabilities.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from meeple.engine import AnyState, Drawing, Evaluating, reward


class Bot(Protocol):
    """Something that picks a move."""

    name: str

    def choose(self, state: AnyState, moves: Sequence[Any]) -> Any:
        """One of `moves` (never empty) for the player to move in `state`."""
        ...


def legal_choices(state: AnyState, rng: random.Random) -> tuple[str | None, list[Any]]:
    """Deal the hidden draw, if the game has one: (what was drawn, the moves left)."""
    if isinstance(state, Drawing):
        draws = state.draws()
        if draws:
            drawn = rng.choices([d for d, _ in draws], weights=[p for _, p in draws])[0]
            return drawn, state.legal_moves_after(drawn)
    return None, state.legal_moves()


@dataclass
class RandomBot:
    """Picks uniformly at random among the legal moves."""

    seed: int | None = None
    name: str = "random"
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def choose(self, state: AnyState, moves: Sequence[Any]) -> Any:
        return self.rng.choice(list(moves))


@dataclass
class GreedyBot:
    """Plays the move after which the game's own evaluation of its player is best.

    A win first, a loss last, a tied end worth its share; equal values are broken at
    random. Without an evaluation (a game that is not `Evaluating`) it plays winning
    moves, else random.
    """

    seed: int | None = None
    name: str = "greedy"
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def choose(self, state: AnyState, moves: Sequence[Any]) -> Any:
        player = state.to_move
        assert player is not None
        best: list[Any] = []
        best_value = -math.inf
        for move in moves:
            after = state.play(move)
            if after.is_over:
                value = _final_value(reward(after, player))
            elif isinstance(after, Evaluating):
                value = after.evaluate(player)
            else:
                value = 0.0
            if value > best_value:
                best, best_value = [move], value
            elif value == best_value:
                best.append(move)
        return self.rng.choice(best)


def _final_value(share: float) -> float:
    """What greedy makes of a move that ends the game: a win above any evaluation (which
    runs from 0 to 1), a loss below any, a tie worth its share."""
    if share >= 1.0:
        return 2.0
    if share <= 0.0:
        return -1.0
    return share


class _Node:
    """A position in the search tree: visits, summed rewards per player, children by move."""

    __slots__ = ("children", "mover", "state", "totals", "untried", "visits")

    def __init__(self, state: AnyState) -> None:
        self.state = state
        self.mover = state.to_move
        self.visits = 0
        self.totals: dict[int, float] = {}
        self.children: dict[Any, _Node] = {}
        self.untried: list[Any] | None = None


@dataclass
class MctsBot:
    """Monte Carlo tree search (UCT) over `legal_moves`/`play`, short random playouts.

    `iterations` bounds the search, or `seconds` when given. A playout makes at most
    `rollout_depth` random moves; a game that is over by then is worth what its winners
    say (a tie shares 1), one that is not is worth the game's own evaluation of each
    player (games that cannot evaluate play on, up to `playout_limit` moves). Hidden
    draws are sampled at every visit and only the moves the sampled draw allows are
    considered there.
    """

    seed: int | None = None
    iterations: int = 200
    seconds: float | None = None
    exploration: float = 1.4
    rollout_depth: int = 2
    playout_limit: int = 400
    name: str = "mcts"
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def choose(self, state: AnyState, moves: Sequence[Any]) -> Any:
        if len(moves) == 1:
            return moves[0]
        root = _Node(state)
        root.untried = list(moves)
        deadline = None if self.seconds is None else time.monotonic() + self.seconds
        done = 0
        while (done < self.iterations) if deadline is None else (time.monotonic() < deadline):
            self._iterate(root, root_moves=moves)
            done += 1
        player = state.to_move
        assert player is not None
        ranked = [
            (child.visits, child.totals.get(player, 0.0), index)
            for index, move in enumerate(moves)
            if (child := root.children.get(move)) is not None
        ]
        if not ranked:
            return self.rng.choice(list(moves))
        return moves[max(ranked)[2]]

    def _iterate(self, root: _Node, root_moves: Sequence[Any]) -> None:
        path = [root]
        node = root
        while not node.state.is_over:
            options = root_moves if node is root else self._options(node.state)
            untried = [m for m in options if m not in node.children]
            if untried:
                move = self.rng.choice(untried)
                child = _Node(node.state.play(move))
                node.children[move] = child
                path.append(child)
                node = child
                break
            node = self._select(node, options)
            path.append(node)
        rewards = self._rewards(self._playout(node.state))
        for visited in path:
            visited.visits += 1
            for p, value in rewards.items():
                visited.totals[p] = visited.totals.get(p, 0.0) + value

    def _options(self, state: AnyState) -> list[Any]:
        return legal_choices(state, self.rng)[1]

    def _select(self, node: _Node, options: Sequence[Any]) -> _Node:
        mover = node.mover
        assert mover is not None
        log_visits = math.log(max(node.visits, 1))
        best: _Node | None = None
        best_score = -math.inf
        for move in options:
            child = node.children[move]
            mean = child.totals.get(mover, 0.0) / child.visits
            score = mean + self.exploration * math.sqrt(log_visits / child.visits)
            if score > best_score:
                best, best_score = child, score
        assert best is not None
        return best

    def _rewards(self, state: AnyState) -> dict[int, float]:
        """What the end of a playout is worth to each player."""
        players = range(1, state.player_count + 1)
        if not state.is_over and isinstance(state, Evaluating):
            return {p: state.evaluate(p) for p in players}
        return {p: reward(state, p) for p in players}

    def _playout(self, state: AnyState) -> AnyState:
        depth = self.rollout_depth if isinstance(state, Evaluating) else self.playout_limit
        for _ in range(depth):
            if state.is_over:
                break
            _, moves = legal_choices(state, self.rng)
            if not moves:
                break
            state = state.play(self.rng.choice(moves))
        return state


BOTS = {"random": RandomBot, "greedy": GreedyBot, "mcts": MctsBot}


def make(name: str, seed: int | None = None, **settings: Any) -> Bot:
    """The bot called `name` (random, greedy, mcts), seeded; ValueError for others."""
    try:
        kind = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(BOTS)})") from None
    bot: Bot = kind(seed=seed, **settings)
    return bot
