"""Onitama's evaluation: quibbble's count of pawns, and the race to the temples (any
pawn that reaches the enemy temple wins in quibbble's rules), so a search that cannot
see a temple threat yet still walks towards the temple and guards its own (issue 41)."""

from __future__ import annotations

from meeple.onitama.game import GAME
from meeple.onitama.model import SIZE
from meeple.onitama.rules import State, temple


def _steps_to_enemy_temple(state: State, team: int) -> int:
    row, column = temple(1 - team)
    return min(
        max(abs(square // SIZE - row), abs(square % SIZE - column))
        for square, pawn in enumerate(state.board)
        if pawn is not None and pawn.team == team
    )


def test_a_pawn_nearer_the_enemy_temple_is_judged_better_when_no_pawn_is_taken() -> None:
    for seed in range(5):
        state = GAME.initial(seed=seed)
        team = state.seat
        children = [state.play(move) for move in state.legal_moves()]
        judged = sorted(
            (child.evaluate(team + 1), -_steps_to_enemy_temple(child, team)) for child in children
        )
        assert [steps for _, steps in judged] == sorted(steps for _, steps in judged)
        assert judged[0][0] < judged[-1][0] or len({steps for _, steps in judged}) == 1
