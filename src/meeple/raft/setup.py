"""Set-up: from a challenge to the starting board and the starting five-part state.

Which physical island board fills each slot, and how an `A` slot is turned, are
chance; `choose_islands` draws them from `random.Random(seed)` using only
`random()` (the one method whose output Python promises to keep across versions),
so one seed gives one set-up everywhere. `build_board` lays the chosen boards and
then the challenge's fire, cat and raft cards. This module plays no moves.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import NamedTuple

from meeple.raft.components import IslandBoard, components
from meeple.raft.model import (
    CARD_IDS,
    FIRE,
    FIRE_TILE_IDS,
    NO_SQUARE,
    Board,
    Cards,
    Challenge,
    Position,
    board_size,
    island_frames,
)

ALL_DECKS = Cards((CARD_IDS, CARD_IDS, CARD_IDS, CARD_IDS))
EMPTY_HAND = Cards(("", "", "", ""))


class IslandChoice(NamedTuple):
    """The physical board (index among boards of its size) and the turn it lies in."""

    board: int
    rotation: str


def choose_islands(challenge: Challenge, seed: int | None = None) -> tuple[IslandChoice, ...]:
    """A board for every slot, none used twice, and a turn for each `A` slot."""
    rng = random.Random(0 if seed is None else seed)
    unused = {"L": list(range(4)), "S": list(range(4))}
    choices = []
    for island in challenge.islands:
        available = unused[island.size]
        board = available.pop(int(rng.random() * len(available)))
        rotation = island.rotation
        if rotation == "A":
            turns = "NESW" if island.size == "L" else "NS"
            rotation = turns[int(rng.random() * len(turns))]
        choices.append(IslandChoice(board, rotation))
    return tuple(choices)


def turn_clockwise(rows: tuple[str, ...], quarter_turns: int) -> tuple[str, ...]:
    """A grid of letters turned clockwise by `quarter_turns` quarter turns."""
    for _ in range(quarter_turns % 4):
        rows = tuple(
            "".join(row[column] for row in reversed(rows)) for column in range(len(rows[0]))
        )
    return rows


def island_rows(size: str, side_is_fire: bool, choice: IslandChoice) -> tuple[str, ...]:
    """The squares of one island as it lies on the table."""
    parts = components()
    boards: tuple[IslandBoard, ...] = (
        parts.square_islands if size == "L" else parts.rectangle_islands
    )
    board = boards[choice.board]
    rows = board.fire_side if side_is_fire else board.plain_side
    return turn_clockwise(rows, "NESW".index(choice.rotation))


@lru_cache(maxsize=1024)
def build_board(challenge: Challenge, choices: tuple[IslandChoice, ...]) -> Board:
    """The starting board: islands, then fire cards, cat cards and the raft card on top
    (remembered: a corpus holds many records of the same game)."""
    height, width = board_size(challenge.islands)
    grid = [[NO_SQUARE] * width for _ in range(height)]
    frames = island_frames(challenge.islands)
    for island, frame, choice in zip(challenge.islands, frames, choices, strict=True):
        rows = island_rows(island.size, island.rotation != "A", choice)
        for r, row in enumerate(rows):
            grid[frame.top + r][frame.left : frame.left + frame.width] = list(row)
    parts = components()
    for fire in challenge.fires:
        _lay(grid, fire.row, fire.column, FIRE * 9)
    for cat in challenge.cats:
        _lay(grid, cat.row, cat.column, parts.cat_cards[cat.card].squares)
    raft = challenge.raft
    _lay(grid, raft.row, raft.column, parts.raft_cards[raft.card].squares)
    return Board(tuple("".join(row) for row in grid))


def _lay(grid: list[list[str]], row: int, column: int, squares: str) -> None:
    for index, letter in enumerate(squares):
        grid[row + index // 3][column + index % 3] = letter


def initial_state(challenge: Challenge, seed: int | None = None) -> Position:
    """Full decks, an empty hand, no cat exhausted, every fire tile in the bag."""
    return Position(
        board=build_board(challenge, choose_islands(challenge, seed)),
        decks=ALL_DECKS,
        hand=EMPTY_HAND,
        exhausted=(),
        bag=FIRE_TILE_IDS,
    )
