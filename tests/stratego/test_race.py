"""The race to the flags (meeple.stratego.race): the moves a team needs to take the
enemy flag, counted on small positions by hand."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.stratego.model import CLASSIC, VARIANTS, Unit
from meeple.stratego.race import GUARD, defeats, flag_moves, race_share
from meeple.stratego.rules import State


def _board(**units: tuple[int, str]) -> list[Unit | None]:
    """A classic board with units on squares named `r<row>c<column>`: (team, rank)."""
    board: list[Unit | None] = [None] * 100
    board[0] = Unit(0, "flag")  # red's flag in its corner, far from everything below
    for name, (team, rank) in units.items():
        row, column = map(int, name[1:].split("c"))
        board[row * 10 + column] = Unit(team, rank)
    return board


def test_defeats_follows_the_battles() -> None:
    assert defeats("spy", "marshal") and not defeats("spy", "scout")
    assert defeats("miner", "bomb") and not defeats("marshal", "bomb")
    assert not defeats("major", "major") and defeats("scout", "flag")


def test_a_unit_walks_to_the_flag_around_what_it_cannot_take() -> None:
    board = _board(r5c0=(0, "marshal"), r8c0=(1, "flag"))
    assert flag_moves(board, CLASSIC, 0) == 3
    assert flag_moves(board, CLASSIC, 1) is None  # blue has no movable unit
    board = _board(r5c0=(0, "marshal"), r8c0=(1, "flag"), r7c0=(1, "bomb"))
    assert flag_moves(board, CLASSIC, 0) == 5  # around the bomb: 5,1 6,1 7,1 8,1 8,0
    board = _board(r5c0=(0, "miner"), r8c0=(1, "flag"), r7c0=(1, "bomb"))
    assert flag_moves(board, CLASSIC, 0) == 3  # a miner takes the bomb on its way
    board = _board(r5c0=(0, "marshal"), r8c0=(1, "flag"), r6c0=(1, "sergeant"))
    assert flag_moves(board, CLASSIC, 0) == 3  # the attack on the sergeant is a move
    board = _board(r5c0=(0, "marshal"), r8c0=(1, "flag"), r6c0=(0, "bomb"))
    assert flag_moves(board, CLASSIC, 0) == 5  # its own bomb never moves
    board = _board(r4c0=(0, "marshal"), r8c0=(1, "flag"), r5c0=(0, "bomb"), r6c1=(0, "spy"))
    assert flag_moves(board, CLASSIC, 0) == 3  # the spy is nearer: 7,1 8,1 8,0


def test_a_guard_near_the_attacker_holds_it_back() -> None:
    open_flag = _board(r5c0=(0, "colonel"), r8c0=(1, "flag"))
    assert flag_moves(open_flag, CLASSIC, 0) == 3
    beside = _board(r5c0=(0, "colonel"), r8c0=(1, "flag"), r5c1=(1, "general"))
    assert flag_moves(beside, CLASSIC, 0) == 3 + GUARD  # the general can attack it now
    farther = _board(r5c0=(0, "colonel"), r8c0=(1, "flag"), r8c1=(1, "general"))
    assert flag_moves(farther, CLASSIC, 0) == 3 + GUARD - 3  # 7,1 6,1 then beside it
    trade = _board(r5c0=(0, "colonel"), r8c0=(1, "flag"), r5c1=(1, "colonel"))
    assert flag_moves(trade, CLASSIC, 0) == 3 + GUARD  # an equal unit stops it too
    marshal = _board(r5c0=(0, "marshal"), r8c0=(1, "flag"), r5c1=(1, "general"))
    assert flag_moves(marshal, CLASSIC, 0) == 3  # a general does not stop the marshal


def test_the_share_favours_the_team_nearer_the_flag() -> None:
    board = _board(r5c0=(0, "marshal"), r8c0=(1, "flag"), r9c9=(1, "scout"))
    assert race_share(board, CLASSIC, 0) > 0.5 > race_share(board, CLASSIC, 1)
    assert race_share(board, CLASSIC, 0) + race_share(board, CLASSIC, 1) == 1.0


@settings(max_examples=max(5, settings().max_examples // 4), deadline=None)
@given(st.integers(0, 2**31 - 1), st.integers(0, 40), st.sampled_from(sorted(VARIANTS)))
def test_no_unit_reaches_the_flag_sooner_than_its_distance(
    seed: int, plies: int, variant: str
) -> None:
    state = State.initial(seed=seed, variant=variant)
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    board, size = state.board, state.variant.size
    for team in (0, 1):
        flag = next(
            (i for i, u in enumerate(board) if u and u.rank == "flag" and u.team != team), None
        )
        walkers = [i for i, u in enumerate(board) if u and u.team == team and u.movable]
        moves = flag_moves(board, state.variant, team)
        if flag is None:  # taken: the game is over
            assert moves is None
            continue
        if moves is not None:
            assert moves >= min(
                abs(i // size - flag // size) + abs(i % size - flag % size) for i in walkers
            )
        assert race_share(board, state.variant, team) + race_share(
            board, state.variant, 1 - team
        ) == pytest.approx(1.0)
