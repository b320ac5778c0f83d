"""The alpha-beta bot: it takes a win at once, never leaves a win in one to the other
side when it can help it, keeps to its budget of positions, is the same for a seed, and
refuses games it cannot search."""

from __future__ import annotations

import random
from typing import Any, cast

import pytest

from meeple import engine, registry
from meeple.bots import legal_choices, make
from meeple.bots.alphabeta import AlphaBetaBot
from meeple.bots.players import default_for
from meeple.carcassonne.rules import State as CarcassonneState
from tests.cli_helpers import meeple
from tests.play.test_bots import _winning_choice

SEARCHED = ["connect4", "onitama"]


def _positions(game: str, seed: int, count: int) -> list[engine.AnyState]:
    """`count` positions of random games where the game is still on."""
    fmt = registry.get(game)
    rng = random.Random(seed)
    state = fmt.game.initial(player_count=2, seed=seed)
    found: list[engine.AnyState] = []
    while len(found) < count:
        if state.is_over:
            state = fmt.game.initial(player_count=2, seed=rng.randrange(1000))
            continue
        found.append(state)
        state = state.play(rng.choice(state.legal_moves()))
    return found


def _loses_at_once(state: engine.AnyState, move: Any) -> bool:
    """Whether, after `move`, the other side has a move that wins at once."""
    player = state.to_move
    assert player is not None
    after = state.play(move)
    if after.is_over or after.to_move == player:
        return False
    return any(
        (reply := after.play(answer)).is_over and engine.reward(reply, player) == 0
        for answer in after.legal_moves()
    )


@pytest.mark.parametrize("game", SEARCHED)
def test_alphabeta_plays_a_move_that_wins_at_once(game: str) -> None:
    state, moves, winning = _winning_choice(game, seed=2)
    for seed in range(3):
        assert AlphaBetaBot(seed, depth=3, nodes=3_000).choose(state, moves) in winning


@pytest.mark.parametrize("game", SEARCHED)
def test_alphabeta_never_leaves_a_win_in_one_when_it_can_help_it(game: str) -> None:
    checked = 0
    for state in _positions(game, seed=7, count=60):
        moves = state.legal_moves()
        safe = [move for move in moves if not _loses_at_once(state, move)]
        if not safe or len(safe) == len(moves):
            continue
        checked += 1
        chosen = AlphaBetaBot(1, depth=2, nodes=50_000).choose(state, moves)
        assert chosen in safe, state.move_to_text(chosen)
    assert checked >= 3


@pytest.mark.parametrize("game", SEARCHED)
def test_alphabeta_keeps_to_its_budget_and_is_the_same_for_a_seed(game: str) -> None:
    rng = random.Random(4)
    for state in _positions(game, seed=4, count=5):
        _, moves = legal_choices(state, rng)
        bots = [AlphaBetaBot(9, depth=6, nodes=400) for _ in range(3)]
        chosen = {bot.choose(state, moves) for bot in bots}
        assert len(chosen) == 1
        assert all(bot._played <= 400 for bot in bots)


def test_alphabeta_is_onitamas_default() -> None:
    assert default_for("onitama") == "alphabeta"
    assert make(default_for("onitama"), seed=1).name == "alphabeta"


def test_alphabeta_refuses_a_game_with_hidden_draws() -> None:
    state = registry.get("flows").game.initial(player_count=2, seed=1)
    _, moves = legal_choices(state, random.Random(1))
    with pytest.raises(ValueError, match="hidden draws"):
        make("alphabeta", seed=1).choose(state, moves)
    result = meeple(["selfplay", "flows", "--bots", "alphabeta,random", "--games", "1"])
    assert result.code == 2
    assert "the alpha-beta bot cannot play this game" in result.err


def _whole_turn_value(state: engine.AnyState, move: Any, player: int) -> float:
    """What `move` is worth to `player` once its turn is over, its player choosing the
    rest of the turn (carcassonne's token after its tile) for the best evaluation."""
    after = state.play(move)
    if after.is_over or after.to_move != player:
        return cast(engine.Evaluating, after).evaluate(player)
    return max(_whole_turn_value(after, rest, player) for rest in after.legal_moves())


def test_alphabeta_counting_turns_plays_the_best_whole_turn() -> None:
    """With `turns`, depth 1 is a whole turn: the tile placed for the token it can then
    place, as quibbble's AI searches at its depth 1; counted in moves it would judge
    the tile without its token."""
    checked = 0
    for position in _positions("carcassonne", seed=3, count=40)[10::6]:
        state = cast(CarcassonneState, position)
        if not state.placing:
            continue
        player = state.to_move
        assert player is not None
        moves = state.legal_moves()
        values = {move: _whole_turn_value(state, move, player) for move in moves}
        chosen = AlphaBetaBot(2, depth=1, nodes=50_000, turns=True).choose(state, moves)
        assert values[chosen] == max(values.values())
        checked += 1
    assert checked >= 2


def test_carcassonnes_default_searches_whole_turns_and_is_the_same_for_a_seed() -> None:
    """The default bot (issue 41) plays the same game for the same seeds, and a whole
    turn at every placement within its budget of positions."""
    assert default_for("carcassonne") == "alphabeta"

    def game(seed: int) -> tuple[Any, ...]:
        state = registry.get("carcassonne").game.initial(player_count=2, seed=11)
        bots = [make("alphabeta", seed=seed, game="carcassonne"), make("random", seed=seed)]
        for _ in range(30):
            player = state.to_move
            assert player is not None
            state = state.play(bots[player - 1].choose(state, state.legal_moves()))
        searcher = cast(AlphaBetaBot, bots[0])
        assert searcher.turns and searcher._played <= searcher.nodes
        return state.history

    assert game(5) == game(5)
