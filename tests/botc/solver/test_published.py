"""The solver against the published answers of the transcribed Trouble Brewing puzzles,
as written and with every player renamed and the seats rotated."""

from __future__ import annotations

from pathlib import Path

import pytest

from meeple.botc.solver import solve
from tests.botc.solver.helpers import (
    BAD_MOON,
    CHAMBERMAID,
    FANG_GU,
    GOON,
    HOUSE_RULE,
    MATHEMATICIAN,
    SHUGENJA,
    SOLVABLE,
    assignments,
    disguised,
    load,
    published,
    solved,
)


@pytest.mark.parametrize("path", SOLVABLE, ids=lambda path: path.stem)
def test_the_published_answer(path: Path) -> None:
    assert solved(path) == published(path)


@pytest.mark.parametrize("path", SOLVABLE, ids=lambda path: path.stem)
def test_renamed_and_rotated_the_answer_is_renamed(path: Path) -> None:
    puzzle = load(path)
    moved, names = disguised(puzzle, len(puzzle.players) // 2 + 1)
    expected = {
        frozenset((names[player], character) for player, character in world)
        for world in published(path)
    }
    assert assignments(solve(moved)) == expected


def test_every_trouble_brewing_puzzle_is_transcribed() -> None:
    # + S&V (g40/snv)
    extra = len(FANG_GU) + len(MATHEMATICIAN) + len(CHAMBERMAID) + len(SHUGENJA)
    extra += len(HOUSE_RULE) + len(GOON)
    assert len(SOLVABLE) == 20 + 16 + 7 + len(BAD_MOON) + extra
