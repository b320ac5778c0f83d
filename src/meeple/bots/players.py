"""The bots: random, greedy (one ply of the game's own evaluation) and MCTS (UCT).

Each bot holds its own seeded random generator, so a game between bots is reproducible
from the seeds. Hidden draws (meeple.engine.Drawing) are dealt by whoever runs the game
(`legal_choices`); inside its search, MCTS samples them from their probabilities.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, cast

from meeple.bots.alphabeta import AlphaBetaBot
from meeple.bots.alphabeta import refusal as alphabeta_refusal
from meeple.bots.engines import EngineBot, command_line, is_engine
from meeple.bots.engines import refusal as engine_refusal
from meeple.bots.perfect import PerfectBot
from meeple.bots.perfect import refusal as perfect_refusal
from meeple.engine import AnyState, Drawing, Evaluating, Guessing, choices, reward
from meeple.errors import RuleError


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
    return None, choices(state)


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


Values = tuple[float, ...]
"""What a position is worth to each player, seat 1 first (from 0 to 1)."""


class _Node:
    """A position in the search tree.

    `values` is what the position was judged worth when its parent was expanded (the
    game's evaluation, or the result of a finished game); `visits` and `totals` count the
    playouts through it. `ranked[draw]` lists the moves the draw allows (None: no hidden
    draw), best first for the player to move by their children's `values`, or by the
    `guessed` values of the moves not played yet (a `Guessing` game: children are made
    only when the search first goes that way).
    """

    __slots__ = ("children", "guessed", "mover", "ranked", "state", "totals", "values", "visits")

    def __init__(self, state: AnyState, values: Values) -> None:
        self.state = state
        self.mover = state.to_move
        self.values = values
        self.visits = 0
        self.totals = [0.0] * len(values)
        self.children: dict[Any, _Node] = {}
        self.ranked: dict[str | None, list[Any]] = {}
        self.guessed: dict[Any, Values] = {}

    def prior(self, move: Any) -> Values:
        """What `move` was judged worth before any playout through it."""
        child = self.children.get(move)
        return self.guessed[move] if child is None else child.values


@dataclass
class MctsBot:
    """Monte Carlo tree search over `legal_moves`/`play`, guided by the game's evaluation.

    When the search first reaches a position (for a hidden draw: a position and a draw),
    it judges every move allowed there: a `Guessing` game (Flows) judges its candidate
    moves without playing them, and a move is played only when the search first chooses
    it (a candidate the rules refuse is then dropped); any other game's moves are all
    played and each result judged by the game's own evaluation (as greedy does). Those
    judgements order the moves and are their prior:
    a child is chosen among the `1 + widening * sqrt(visits)` best-judged (progressive
    widening) by its mean value, counting the prior as `prior_weight` playouts, plus an
    exploration bonus (`exploration`, UCT). A new position is then worth what its
    player's best-judged move leaves, after `rollout_depth - 1` further moves that are
    each the best-judged with probability `1 - rollout_epsilon` and random otherwise.
    A finished game is worth what its winners say (a tie shares 1).

    `iterations` bounds the playouts from the root, counting those kept from the
    previous search when the game went on into its tree (the subtree is reused), or
    `seconds` bounds the time. A move that wins at once is played without search. Games
    without an evaluation are judged by random playouts of up to `playout_limit` moves.
    """

    seed: int | None = None
    iterations: int = 50
    seconds: float | None = None
    exploration: float = 0.5
    prior_weight: float = 2.0
    widening: float = 1.0
    rollout_depth: int = 1
    rollout_epsilon: float = 0.1
    playout_limit: int = 400
    lazy: bool = True
    """Guess moves and play them when chosen, in a `Guessing` game (False: play and
    judge every move of a position first reached, as for the other games)."""
    name: str = "mcts"
    rng: random.Random = field(init=False)
    _tree: _Node | None = field(init=False, default=None, repr=False)
    _drawing: bool = field(init=False, default=False, repr=False)
    _evaluating: bool = field(init=False, default=False, repr=False)
    _guessing: bool = field(init=False, default=False, repr=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def choose(self, state: AnyState, moves: Sequence[Any]) -> Any:
        if len(moves) == 1:
            return moves[0]
        player = state.to_move
        assert player is not None
        # the protocol checks are slow: asked once per move, not once per position searched
        self._drawing = isinstance(state, Drawing)
        self._evaluating = isinstance(state, Evaluating)
        self._guessing = self.lazy and isinstance(state, Guessing)
        root = self._reused(state) or _Node(state, self._judged(state))
        ranked = self._root_ranked(root, moves)
        for move in ranked:
            if root.prior(move)[player - 1] >= 1.0:
                child = self._child(root, move)
                if child is not None and child.state.is_over and child.values[player - 1] >= 1.0:
                    return move
        deadline = None if self.seconds is None else time.monotonic() + self.seconds
        while root.visits < self.iterations if deadline is None else time.monotonic() < deadline:
            self._iterate(root, ranked)
        chosen = max(ranked, key=lambda move: _standing(root, move, player))
        self._tree = root.children.get(chosen)
        return chosen

    def _reused(self, state: AnyState) -> _Node | None:
        """The node of the previous search's tree for `state`, if the game went on into it."""
        node = self._tree
        if node is None:
            return None
        before, now = node.state.history, state.history
        if len(now) < len(before) or now[: len(before)] != before:
            return None
        for move in now[len(before) :]:
            found = node.children.get(move)
            if found is None:
                return None
            node = found
        if node.state != state:
            return None
        node.state = state  # the caller's, which may know its legal moves already
        return node

    def _root_ranked(self, root: _Node, moves: Sequence[Any]) -> list[Any]:
        """The root's moves (those the dealt draw allows) ranked, from the tree if known."""
        wanted = set(moves)
        if self._guessing:
            return self._guess_root(root, moves)
        for ranked in root.ranked.values():
            if set(ranked) == wanted:
                return ranked
        return self._expand(root, moves)

    def _guess_root(self, root: _Node, moves: Sequence[Any]) -> list[Any]:
        """The dealt moves ranked by their guesses (the draw is not told: each draw's
        guesses are asked until every move has one); a move no draw guessed is played."""
        state = cast(Guessing[Any], root.state)
        wanted = set(moves)
        draws = [d for d, _ in cast(Drawing[Any], state).draws()] if self._drawing else [None]
        for draw in draws:
            if wanted <= root.guessed.keys():
                break
            for move, values in state.guesses(draw):
                if move in wanted:
                    root.guessed[move] = values
        for move in moves:
            if move not in root.guessed and move not in root.children:
                after = root.state.play(move)
                root.children[move] = _Node(after, self._judged(after))
        return self._ranked(root, moves)

    def _iterate(self, root: _Node, root_ranked: list[Any]) -> None:
        path = [root]
        node = root
        ranked = root_ranked
        draw: str | None = None
        while True:
            move = self._select(node, ranked)
            child = self._child(node, move)
            if child is None:  # a guessed move the rules refuse: never again
                ranked.remove(move)
                if not ranked:
                    ranked[:] = self._expand(node, self._legal(node.state, draw))
                continue
            node = child
            path.append(node)
            if node.state.is_over:
                values = node.values
                break
            draw = self._draw(node.state)
            known = node.ranked.get(draw)
            if known is None:
                known = node.ranked[draw] = self._expand_new(node, draw)
                values = self._rollout(node, known)
                break
            ranked = known
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            for index, value in enumerate(values):
                totals[index] += value

    def _draw(self, state: AnyState) -> str | None:
        """A hidden draw sampled from its probabilities (None: the game has none)."""
        if self._drawing:
            draws = cast(Drawing[Any], state).draws()
            if draws:
                return self.rng.choices([d for d, _ in draws], weights=[p for _, p in draws])[0]
        return None

    def _legal(self, state: AnyState, draw: str | None) -> list[Any]:
        if draw is None:
            return choices(state)
        return cast(Drawing[Any], state).legal_moves_after(draw)

    def _expand_new(self, node: _Node, draw: str | None) -> list[Any]:
        """The ranked moves of a position first reached with `draw`: guessed, for a
        `Guessing` game that has candidates, else every legal move played and judged."""
        if self._guessing:
            guesses = cast(Guessing[Any], node.state).guesses(draw)
            if guesses:
                for move, values in guesses:
                    node.guessed[move] = values
                return self._ranked(node, [move for move, _ in guesses])
        return self._expand(node, self._legal(node.state, draw))

    def _expand(self, node: _Node, moves: Sequence[Any]) -> list[Any]:
        """Play every move and judge each result: the moves best-judged first for the
        player to move (equal judgements in random order)."""
        children = node.children
        for move in moves:
            if move not in children:
                after = node.state.play(move)
                children[move] = _Node(after, self._judged(after))
        return self._ranked(node, moves)

    def _ranked(self, node: _Node, moves: Sequence[Any]) -> list[Any]:
        """`moves` best-judged first for the player to move (equal ones in random order)."""
        mover = node.mover
        assert mover is not None
        shuffled = list(moves)
        self.rng.shuffle(shuffled)
        shuffled.sort(key=lambda move: -node.prior(move)[mover - 1])
        return shuffled

    def _child(self, node: _Node, move: Any) -> _Node | None:
        """The node `move` leads to, played now if it was only guessed (None: the rules
        refuse it)."""
        child = node.children.get(move)
        if child is None:
            try:
                after = node.state.play(move)
            except RuleError:
                del node.guessed[move]
                return None
            child = node.children[move] = _Node(after, node.guessed.pop(move))
        return child

    def _select(self, node: _Node, ranked: list[Any]) -> Any:
        mover = node.mover
        assert mover is not None
        index = mover - 1
        width = 1 + int(self.widening * math.sqrt(node.visits))
        log_visits = math.log(node.visits + 1)
        best: Any = None
        best_score = -math.inf
        children = node.children
        for move in ranked[:width]:
            child = children.get(move)
            if child is None:
                visits, total, prior = 0, 0.0, node.guessed[move][index]
            else:
                visits, total, prior = child.visits, child.totals[index], child.values[index]
            mean = (total + self.prior_weight * prior) / (visits + self.prior_weight)
            score = mean + self.exploration * math.sqrt(log_visits / (visits + 1))
            if score > best_score:
                best, best_score = move, score
        return best

    def _judged(self, state: AnyState) -> Values:
        """What `state` is worth to each player without search."""
        players = range(1, state.player_count + 1)
        if not state.is_over and not self._evaluating:
            state = self._playout(state, self.playout_limit)
            if not state.is_over:
                return tuple(0.5 for _ in players)
        if state.is_over:
            return tuple(reward(state, p) for p in players)
        judge = cast(Evaluating, state)
        return tuple(judge.evaluate(p) for p in players)

    def _rollout(self, node: _Node, ranked: list[Any]) -> Values:
        """What a newly expanded node is worth: the values after its player's reply (the
        best-judged move, or a random one with probability `rollout_epsilon`) and
        `rollout_depth - 1` more moves chosen the same way."""
        if self.rollout_depth <= 0:
            return node.values
        reply = self.rng.choice(ranked) if self.rng.random() < self.rollout_epsilon else ranked[0]
        values = node.prior(reply)
        if self.rollout_depth == 1:
            return values
        child = self._child(node, reply)
        if child is None:
            return values
        state = child.state
        for _ in range(self.rollout_depth - 1):
            if state.is_over:
                break
            _, moves = legal_choices(state, self.rng)
            if self.rng.random() < self.rollout_epsilon:
                state = state.play(self.rng.choice(moves))
                values = self._judged(state)
            else:
                state, values = self._best_after(state, moves)
        return values

    def _best_after(self, state: AnyState, moves: Sequence[Any]) -> tuple[AnyState, Values]:
        """The best-judged position one of `moves` leads to, for the player to move."""
        mover = state.to_move
        assert mover is not None
        best: tuple[AnyState, Values] | None = None
        for move in moves:
            after = state.play(move)
            values = self._judged(after)
            if best is None or values[mover - 1] > best[1][mover - 1]:
                best = (after, values)
        assert best is not None
        return best

    def _playout(self, state: AnyState, limit: int) -> AnyState:
        """Up to `limit` random moves (hidden draws dealt from the bag)."""
        for _ in range(limit):
            if state.is_over:
                break
            _, moves = legal_choices(state, self.rng)
            if not moves:
                break
            state = state.play(self.rng.choice(moves))
        return state


def _mean(node: _Node, player: int) -> float:
    return node.totals[player - 1] / node.visits if node.visits else node.values[player - 1]


def _standing(node: _Node, move: Any, player: int) -> tuple[int, float]:
    """How a root move ranks when the search is done: its playouts, then its mean."""
    child = node.children.get(move)
    if child is None:
        return 0, node.guessed[move][player - 1]
    return child.visits, _mean(child, player)


BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "mcts": MctsBot,
    "perfect": PerfectBot,
    "alphabeta": AlphaBetaBot,
}

DEFAULT_BOT = "mcts"
GAME_DEFAULTS = {
    "tictactoe": "perfect",
    "onitama": "alphabeta",
    "tsuro": "alphabeta",
    "carcassonne": "alphabeta",
}
"""Where a game's default bot is not `DEFAULT_BOT`, and why (docs/play.md): tic-tac-toe
is small enough to solve, so its default never loses; onitama and tsuro are games of
tactics a few moves deep (a pawn taken, a token led off the board), which alpha-beta
over the game's evaluation sees and mcts's playouts do not; in carcassonne a whole turn
judged by the points it can expect beats quibbble's AI in a tenth of mcts's time."""

GAME_SETTINGS: dict[tuple[str, str], dict[str, Any]] = {
    ("connect4", "mcts"): {"iterations": 20},
    ("tsuro", "alphabeta"): {"depth": 3, "nodes": 600},
    ("carcassonne", "alphabeta"): {"depth": 1, "turns": True, "nodes": 5_000},
}
"""A bot's settings in one game where they are not its own defaults, and why (docs/play.md):
in connect4, 20 iterations win every game against quibbble's AI, as 50 did, in less
thinking a move than it takes (50 took more); in tsuro, three moves (its own, the reply,
its own again) are what beat quibbble's AI, and a fourth that the budget would cut short
and drop only costs time; in carcassonne, one whole turn (the tile and the token it
places), within which a search always ends."""


def settings_for(game: str, name: str) -> dict[str, Any]:
    """The settings bot `name` plays `game` at unless told otherwise (`GAME_SETTINGS`)."""
    return dict(GAME_SETTINGS.get((game, name), {}))


def default_for(game: str) -> str:
    """The bot `meeple play` and `meeple selfplay` seat in `game` unless told otherwise."""
    return GAME_DEFAULTS.get(game, DEFAULT_BOT)


def refusal(name: str, state: AnyState) -> str | None:
    """Why the bot called `name` cannot play the game of `state` (None: it can): no such
    bot, an engine whose program is not there or a game without a QGN form, a perfect
    bot in a game it cannot solve."""
    if is_engine(name):
        return engine_refusal(name, state)
    if name not in BOTS:
        return f"unknown bot {name!r}; bots: {', '.join(BOTS)}, or cmd:COMMAND (an engine)"
    if name == "perfect":
        problem = perfect_refusal(state)
        return None if problem is None else f"the perfect bot cannot play this game: {problem}"
    if name == "alphabeta":
        problem = alphabeta_refusal(state)
        return None if problem is None else f"the alpha-beta bot cannot play this game: {problem}"
    return None


def make(name: str, seed: int | None = None, game: str | None = None, **settings: Any) -> Bot:
    """The bot called `name` (random, greedy, mcts, perfect, alphabeta, or `cmd:COMMAND`, an engine
    speaking QGN: meeple.bots.engines), seeded, at its settings for `game` (`settings_for`)
    where `settings` do not say otherwise; ValueError for others, and for an engine
    whose program is not there."""
    if game is not None:
        settings = settings_for(game, name) | settings
    if is_engine(name):
        command_line(name)
        return EngineBot(name, seed, **settings)
    try:
        kind = BOTS[name]
    except KeyError:
        known = ", ".join(BOTS)
        raise ValueError(f"unknown bot {name!r} (known: {known}, or cmd:COMMAND)") from None
    bot: Bot = kind(seed=seed, **settings)
    return bot
