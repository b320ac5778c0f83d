"""Set-up: every official challenge builds; the seed's "Crossed paths" board comes back."""

from __future__ import annotations

from pathlib import Path

import pytest

from meeple.raft.components import OfficialChallenge, components
from meeple.raft.model import FIRE, Board, board_size
from meeple.raft.notation import format_board, parse_board, parse_challenge
from meeple.raft.setup import (
    IslandChoice,
    build_board,
    choose_islands,
    initial_state,
    turn_clockwise,
)

BOARD = parse_board((Path(__file__).parent / "golden" / "board.txt").read_text())
CHALLENGES = components().challenges


def test_there_are_39_challenges_of_difficulty_0_to_5() -> None:
    assert len(CHALLENGES) == 39
    assert {c.difficulty for c in CHALLENGES} == set(range(6))


@pytest.mark.parametrize("official", CHALLENGES, ids=lambda c: c.name)
def test_every_challenge_builds(official: OfficialChallenge) -> None:
    challenge = parse_challenge(official.challenge)
    for seed in (0, 1, 2):
        choices = choose_islands(challenge, seed)
        sizes = [i.size for i in challenge.islands]
        for size in "LS":
            used = [c.board for c, s in zip(choices, sizes, strict=True) if s == size]
            assert len(used) == len(set(used)), "no board is used twice"
        board = build_board(challenge, choices)
        assert (board.height, board.width) == board_size(challenge.islands)
        assert parse_board(format_board(board)) == board
        assert "n" not in "".join(board.rows)
        raft = challenge.raft
        assert board.at(raft.row + 1, raft.column + 1) == "o"
        for fire in challenge.fires:
            assert all(
                board.at(fire.row + r, fire.column + c) == FIRE for r in range(3) for c in range(3)
            )
        cats = sum(
            sum(ch.isupper() for ch in components().cat_cards[cat.card].squares)
            for cat in challenge.cats
        )
        assert len(board.cats()) == cats


def _fixed_squares_match(board: Board, built: Board, challenge_text: str) -> bool:
    challenge = parse_challenge(challenge_text)
    fixed = [(f.row, f.column) for f in challenge.fires]
    fixed += [(c.row, c.column) for c in challenge.cats] + [
        (challenge.raft.row, challenge.raft.column)
    ]
    return all(
        board.at(r + dr, c + dc) == built.at(r + dr, c + dc)
        for r, c in fixed
        for dr in range(3)
        for dc in range(3)
    )


def test_crossed_paths_reproduces_the_seed_board() -> None:
    text = next(c.challenge for c in CHALLENGES if c.name == "Crossed paths")
    challenge = parse_challenge(text)
    assert text == "LNSNLASAF000300060012001506030903C000093030341203R11215"
    for seed in range(5):
        built = initial_state(challenge, seed).board
        assert _fixed_squares_match(BOARD, built, text)
        # The fire strips of the two fire-side islands lie on their west edge (north turn).
        assert all(row[:3] == "fff" for row in built.rows)
    # With the boards the seed's picture used, the whole board comes back square for square.
    layout = (
        IslandChoice(3, "N"),
        IslandChoice(3, "N"),
        IslandChoice(0, "S"),
        IslandChoice(2, "S"),
    )
    assert build_board(challenge, layout) == BOARD


def test_seeds_repeat_and_differ() -> None:
    challenge = parse_challenge(CHALLENGES[0].challenge)
    assert initial_state(challenge, 7) == initial_state(challenge, 7)
    boards = {initial_state(challenge, seed).board for seed in range(10)}
    assert len(boards) > 1


def test_east_turns_the_fire_strip_to_the_north() -> None:
    challenge = parse_challenge("LESALESAF1200120912121215C109003060040300R10615")
    board = initial_state(challenge, 3).board
    assert all(board.rows[r][:9] == "fffffffff" for r in range(3))
    assert turn_clockwise(("ab", "cd"), 1) == ("ca", "db")
    assert turn_clockwise(("ab", "cd"), 2) == ("dc", "ba")


def test_initial_state_has_everything_in_place() -> None:
    state = initial_state(parse_challenge(CHALLENGES[0].challenge))
    assert len(state.decks) == 100 and len(state.hand) == 0
    assert state.exhausted == () and len(state.bag) == 31
