"""Carcassonne's evaluation (what greedy, mcts and alpha-beta judge positions by): the
points each team can expect, so a token on an unfinished city, road, cloister or field
counts before the structure is finished, a field by the finished cities it touches, and
the last tokens in the supply are worth most (issue 41: judged by banked points alone,
mcts lost to quibbble's AI, whose score counts structures; judging a farmer at 3 points
anywhere, it spent its tokens on fields early and lost again)."""

from __future__ import annotations

from pathlib import Path

import pytest

from meeple import carcassonne
from meeple.carcassonne.model import FARMER, KNIGHT, SUPPLY, Claim, Skip
from meeple.carcassonne.rules import State, city, city_points, farm, farm_points, tokens_in

GOLDEN = Path(__file__).resolve().parent / "golden"


def _states(n: int) -> list[State]:
    text = (GOLDEN / f"go-{n:02}.qgn").read_text(encoding="utf-8")
    return list(carcassonne.replay(carcassonne.parse(text)))


@pytest.mark.parametrize("n", [1, 2, 3])
def test_projected_points_count_unfinished_cities_and_never_fall_below_banked(n: int) -> None:
    knights_counted = 0
    for state in _states(n):
        if state.is_over:
            continue
        projected = state.projected()
        assert all(p >= banked for p, banked in zip(projected, state.scores, strict=True))
        for token in state.tokens:
            if token.kind != KNIGHT:
                continue
            town = city(state.board, token.x, token.y, token.side)
            assert town is not None
            holders = {t.team for t in tokens_in(state.tokens, town)}
            if town.complete or holders != {token.team}:
                continue
            knights_counted += 1
            worth = city_points(state.board, town)
            assert projected[token.team] >= state.scores[token.team] + worth
    assert knights_counted


def test_a_knight_on_an_unfinished_city_raises_its_teams_evaluation() -> None:
    for state in _states(1):
        if state.is_over or state.placing:
            continue
        moves = state.legal_moves()
        knights = [m for m in moves if isinstance(m, Claim) and m.token == KNIGHT]
        passes = [m for m in moves if isinstance(m, Skip)]
        if not knights or not passes:
            continue
        team = state.seat + 1
        claimed = state.play(knights[0])
        town = city(claimed.board, knights[0].x, knights[0].y, knights[0].side)
        assert town is not None
        if town.complete or city_points(claimed.board, town) < 4:
            continue
        assert claimed.evaluate(team) > state.play(passes[0]).evaluate(team)
        return
    pytest.fail("no knight to place on an unfinished city of 4 points or more in game 1")


@pytest.mark.parametrize("n", [1, 2, 3])
def test_a_field_counts_the_finished_cities_it_touches(n: int) -> None:
    farmers_counted = 0
    for state in _states(n):
        if state.is_over:
            continue
        projected = state.projected()
        for token in state.tokens:
            if token.kind != FARMER:
                continue
            field = farm(state.board, token.x, token.y, token.side)
            assert field is not None
            if {t.team for t in tokens_in(state.tokens, field)} != {token.team}:
                continue
            worth = farm_points(state.board, field, state.finished)
            farmers_counted += worth > 0
            assert projected[token.team] >= state.scores[token.team] + worth
    assert farmers_counted


def test_the_last_tokens_in_the_supply_are_worth_most() -> None:
    """A team with few tokens left keeps them for what pays (quibbble's AI spends its
    tokens early, and its structures then never finish to give them back)."""
    start = State.initial(seed=7)

    def worth(supply: int) -> float:
        return State(start.teams, 7, supply=(supply, SUPPLY), deck=start.deck).projected()[0]

    assert worth(7) - worth(6) < worth(2) - worth(1)
    assert worth(1) - worth(0) > worth(7) - worth(6) > 0
    empty = State(start.teams, 7, supply=(7, 7)).projected()
    assert empty == (0.0, 0.0)  # no tile left: a token in the supply can score nothing
