"""Tsuro's evaluation (what greedy, mcts and alpha-beta judge positions by): the room each
token has left, the empty squares joined to the one it must place on (issue 41: without
it mcts judged a position by random playouts, 332 ms a move against quibbble's 44), and
tsuro's default bot (alpha-beta three moves deep), deterministic for a seed."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from meeple import tsuro
from meeple.bots import make
from meeple.bots.alphabeta import AlphaBetaBot
from meeple.bots.players import default_for, settings_for
from meeple.bots.selfplay import play
from meeple.tsuro.model import SIZE
from meeple.tsuro.rules import State
from tests.cli_helpers import meeple

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


def test_tsuros_default_is_alphabeta_three_moves_deep_unless_told_otherwise() -> None:
    assert default_for("tsuro") == "alphabeta"
    assert settings_for("tsuro", "alphabeta") == {"depth": 3, "nodes": 600}
    assert settings_for("onitama", "alphabeta") == settings_for("tsuro", "mcts") == {}
    bot = make(default_for("tsuro"), seed=1, game="tsuro")
    assert isinstance(bot, AlphaBetaBot) and (bot.depth, bot.nodes) == (3, 600)
    told = make("alphabeta", seed=1, game="tsuro", nodes=50)
    assert isinstance(told, AlphaBetaBot) and (told.depth, told.nodes) == (3, 50)
    plain = make("alphabeta", seed=1, game="onitama")
    assert isinstance(plain, AlphaBetaBot) and plain.depth == AlphaBetaBot.depth


@pytest.mark.parametrize("seed", [3, 11])
def test_tsuros_default_plays_the_same_game_for_the_same_seeds(seed: int) -> None:
    def game() -> tuple[object, ...]:
        start = State.initial(seed=seed)
        bots = [make("alphabeta", seed=seed, game="tsuro"), make("random", seed=seed + 1)]
        return play(start, bots, random.Random(seed)).history

    first = game()
    assert len(first) >= 2
    assert game() == first


def test_selfplay_seats_tsuros_default_at_its_settings() -> None:
    result = meeple(["selfplay", "tsuro", "--games", "2", "--seed", "4", "--jobs", "1"])
    assert result.code == 0, result.err
    assert "alphabeta vs random" in result.out
