"""The perfect bot never loses tic-tac-toe: checked from every reachable position against
a solver written here over plain boards, and against every line an opponent can play."""

from __future__ import annotations

from functools import cache

import pytest

from meeple import tictactoe
from meeple.bots import make, perfect
from meeple.bots.perfect import PerfectBot
from meeple.bots.players import default_for
from meeple.engine import AnyState
from meeple.tictactoe.rules import LINES
from tests.cli_helpers import meeple

Board = tuple[int | None, ...]


@cache
def worth(board: Board, team: int) -> int:
    """What `board` with `team` to mark is worth to team 0 with best play: 1, 0 or -1."""
    for a, b, c in LINES:
        if board[a] is not None and board[a] == board[b] == board[c]:
            return 1 if board[a] == 0 else -1
    empty = [square for square, mark in enumerate(board) if mark is None]
    if not empty:
        return 0
    after = [worth((*board[:square], team, *board[square + 1 :]), 1 - team) for square in empty]
    return max(after) if team == 0 else min(after)


def value(state: tictactoe.State) -> int:
    return worth(state.board, state.seat)


def reachable() -> list[tictactoe.State]:
    """Every position a game can reach, once each (by board), the empty board first."""
    seen: dict[Board, tictactoe.State] = {}
    frontier = [tictactoe.State.initial(("red", "blue"))]
    while frontier:
        state = frontier.pop()
        if state.board in seen:
            continue
        seen[state.board] = state
        frontier.extend(state.play(move) for move in state.legal_moves())
    return list(seen.values())


POSITIONS = reachable()


def test_the_positions_are_every_reachable_board() -> None:
    assert len(POSITIONS) == 5478  # the known count of legal tic-tac-toe positions
    assert sum(not state.is_over for state in POSITIONS) == 4520
    assert {state.seat for state in POSITIONS if not state.is_over} == {0, 1}


@pytest.mark.parametrize("seed", [0, 1])
def test_from_every_position_the_move_keeps_the_value(seed: int) -> None:
    bot = PerfectBot(seed)
    for state in POSITIONS:
        if state.is_over:
            continue
        after = state.play(bot.choose(state, state.legal_moves()))
        assert value(after) == value(state), (state.board, state.seat)


def lines_against_everything(bot: PerfectBot, seat: int) -> tuple[int, int, int]:
    """(won, tied, lost) by `bot` in `seat` over every game an opponent can play."""
    tally = [0, 0, 0]

    def walk(state: AnyState) -> None:
        if state.is_over:
            tally[0 if state.winners == (seat,) else 1 if state.status == "tie" else 2] += 1
            return
        if state.to_move == seat:
            walk(state.play(bot.choose(state, state.legal_moves())))
            return
        for move in state.legal_moves():
            walk(state.play(move))

    walk(tictactoe.State.initial(("red", "blue")))
    won, tied, lost = tally
    return won, tied, lost


@pytest.mark.parametrize("seat", [1, 2])
def test_it_never_loses_whatever_the_opponent_plays(seat: int) -> None:
    won, tied, lost = lines_against_everything(PerfectBot(3), seat)
    assert lost == 0
    assert won > 0 and tied > 0


def test_a_win_at_once_is_taken_and_a_threat_blocked() -> None:
    state = tictactoe.State.initial(("red", "blue"))
    for text in ["0m&0.0", "1m&1.1", "0m&0.1"]:
        state = state.play(state.move_from_text(text))
    block = PerfectBot(0).choose(state, state.legal_moves())
    assert state.move_to_text(block) == "1m&0.2"  # else red wins along row 0
    state = state.play(state.move_from_text("1m&2.2"))
    win = PerfectBot(0).choose(state, state.legal_moves())
    assert state.move_to_text(win) == "0m&0.2"  # not a slower win


def test_equal_moves_are_chosen_by_the_seed() -> None:
    start = tictactoe.State.initial(("red", "blue"))
    first = {str(PerfectBot(seed).choose(start, start.legal_moves())) for seed in range(12)}
    assert len(first) > 1  # every first mark draws with best play
    again = [str(PerfectBot(5).choose(start, start.legal_moves())) for _ in range(3)]
    assert len(set(again)) == 1


def test_it_refuses_games_it_cannot_solve() -> None:
    from meeple import registry

    fmt = registry.get("connect4")
    assert fmt.game.can("initial")
    state = fmt.game.initial(seed=1)
    with pytest.raises(ValueError, match="cannot play this game"):
        PerfectBot(0).choose(state, state.legal_moves())
    run = meeple(["selfplay", "connect4", "--bots", "perfect,random", "--games", "1"])
    assert run.code == 2
    assert "the perfect bot cannot play this game" in run.err


def test_it_gives_up_past_its_budget_of_positions(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(perfect, "_SOLVED", {})  # a process that has solved nothing yet
    start = tictactoe.State.initial(("red", "blue"))
    with pytest.raises(ValueError, match="too large to solve within 100 positions"):
        PerfectBot(0, nodes=100).choose(start, start.legal_moves())


def test_the_game_is_solved_once_a_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first move solves the game; every perfect bot after it looks the positions up,
    so one allowed to solve none plays as well (the same values, its own seed's move)."""
    monkeypatch.setattr(perfect, "_SOLVED", {})
    start = tictactoe.State.initial(("red", "blue"))
    first = PerfectBot(0).choose(start, start.legal_moves())
    solved = len(perfect._SOLVED)
    assert solved == 5478 - 1  # every reachable position but the empty board
    assert PerfectBot(0, nodes=1).choose(start, start.legal_moves()) == first
    assert len(perfect._SOLVED) == solved
    for state in POSITIONS:
        if not state.is_over:
            after = state.play(PerfectBot(7, nodes=1).choose(state, state.legal_moves()))
            assert value(after) == value(state)


def test_it_is_tic_tac_toe_s_default_and_mcts_the_others() -> None:
    assert default_for("tictactoe") == "perfect"
    assert default_for("connect4") == default_for("flows") == "mcts"
    assert make(default_for("tictactoe"), seed=1).name == "perfect"
    run = meeple(["selfplay", "tictactoe", "--games", "6", "-j", "1"])
    assert run.code == 0, run.err
    assert run.out.startswith("tictactoe: 6 games, perfect vs random, seed 0\n")
    row = next(line for line in run.out.splitlines() if line.startswith("perfect "))
    seats, wins, ties = (int(word) for word in row.split()[1:4])
    assert seats == 6 and wins + ties == 6  # never a loss


def test_meeple_play_seats_the_perfect_bot_in_tic_tac_toe() -> None:
    run = meeple(["play", "tictactoe", "--seed", "1"], stdin="1.1\nquit\nno\n")
    assert run.code == 0, run.err
    assert "(perfect) plays" in run.out
