"""Tsuro's evaluation (what greedy, mcts and alpha-beta judge positions by): the room each
token has left, the empty squares joined to the one it must place on (issue 41: without
it mcts judged a position by random playouts, 332 ms a move against quibbble's 44), and
mcts's settings for tsuro (20 iterations), deterministic for a seed."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from meeple import tsuro
from meeple.bots import make
from meeple.bots.players import MctsBot, settings_for
from meeple.bots.selfplay import play
from meeple.tsuro.model import SIZE
from meeple.tsuro.rules import State

GOLDEN = Path(__file__).resolve().parent / "golden"
GAMES = sorted(GOLDEN.glob("*.qgn"))


def _states(path: Path) -> list[State]:
    return list(tsuro.replay(tsuro.parse(path.read_text(encoding="utf-8"))))


def _empty(state: State) -> int:
    return sum(square is None for square in state.board)


@pytest.mark.parametrize("path", GAMES, ids=lambda path: path.stem)
def test_room_is_what_each_token_can_reach_and_the_evaluation_compares_it(path: Path) -> None:
    for state in _states(path):
        teams = range(len(state.teams))
        rooms = [state.room(team) for team in teams]
        for team in teams:
            assert 0 <= rooms[team] <= _empty(state)
            if not state.alive[team]:
                assert rooms[team] == 0
        players = range(1, len(state.teams) + 1)
        values = [state.evaluate(player) for player in players]
        if state.is_over:
            winners = state.winners
            assert values == [1 / len(winners) if p in winners else 0.0 for p in players]
            continue
        assert all(0.0 <= value <= 1.0 for value in values)
        for player in players:
            rival = max((r for team, r in enumerate(rooms) if team != player - 1), default=0)
            lead = rooms[player - 1] - rival
            assert values[player - 1] == pytest.approx(0.5 + lead / (2 * SIZE * SIZE))
        if len(values) == 2:
            assert sum(values) == pytest.approx(1.0)


def test_a_fresh_board_leaves_every_token_the_whole_board() -> None:
    state = State.initial(seed=7)
    assert [state.room(team) for team in range(2)] == [SIZE * SIZE] * 2
    assert state.evaluate(1) == state.evaluate(2) == 0.5


def test_mcts_plays_tsuro_at_its_settings_unless_told_otherwise() -> None:
    assert settings_for("tsuro", "mcts") == {"iterations": 20}
    assert settings_for("connect4", "mcts") == {}
    bot = make("mcts", seed=1, game="tsuro")
    assert isinstance(bot, MctsBot) and bot.iterations == 20
    told = make("mcts", seed=1, game="tsuro", iterations=7)
    assert isinstance(told, MctsBot) and told.iterations == 7
    plain = make("mcts", seed=1, game="connect4")
    assert isinstance(plain, MctsBot) and plain.iterations == MctsBot.iterations


@pytest.mark.parametrize("seed", [3, 11])
def test_tsuro_mcts_plays_the_same_game_for_the_same_seeds(seed: int) -> None:
    def game() -> tuple[object, ...]:
        start = State.initial(seed=seed)
        bots = [make("mcts", seed=seed, game="tsuro"), make("random", seed=seed + 1)]
        return play(start, bots, random.Random(seed)).history

    assert game() == game()
