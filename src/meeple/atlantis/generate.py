"""Boards of standard segments, a new game's start, and random legal games.

Standard segments (a field and its six neighbours) tile the grid when their
centres lie on the lattice spanned by (3, 1) and (-1, 2); `standard_board`
takes the centres nearest a middle point, so the board is compact and
connected, then moves it against the axes. `random_game` plays random legal
moves through `rules.State`, so every transcript it writes replays without a
rule error. Not part of reading, writing or judging records.
"""

from __future__ import annotations

import random

from meeple.atlantis.model import FieldRef, Player, Segment, Transcript, Turn
from meeple.atlantis.rules import State
from meeple.errors import RuleError
from meeple.hexgrid import Hex, distance

_LATTICE = (Hex(3, 1), Hex(-1, 2))
_MIDDLE = Hex(40, 40)  # far enough from the axes for a few hundred segments


def standard_board(segments: int) -> tuple[Segment, ...]:
    """`segments` standard segments packed around a middle point, nearest first."""
    reach = 2
    while (2 * reach + 1) ** 2 < 2 * segments:
        reach += 1
    (ax, ay), (bx, by) = _LATTICE
    centres = [
        Hex(_MIDDLE.x + i * ax + j * bx, _MIDDLE.y + i * ay + j * by)
        for i in range(-reach, reach + 1)
        for j in range(-reach, reach + 1)
    ]
    centres.sort(key=lambda c: (distance(c, _MIDDLE), c))
    chosen = centres[:segments]
    # Shift the board against the axes: its lowest field letter is 'a', its lowest number 1.
    dx = min(c.x for c in chosen) - 2
    dy = min(c.y for c in chosen) - 2
    return tuple(Segment((FieldRef(Hex(c.x - dx, c.y - dy), True),)) for c in chosen)


STANDARD_SEGMENTS = 10
"""Segments of the board `meeple play`, bots and selfplay start on when none is named."""


def new_game(player_count: int | None = None, seed: int | None = None) -> State:
    """A new game on a board of ten standard segments, two players unless `player_count`
    says otherwise; the seed places the starting stacks."""
    count = 2 if player_count is None else player_count
    if not 2 <= count <= 6:
        raise RuleError(
            f"meeple sets up Atlantis for 2 to 6 players, not {count}", rule="player-count"
        )
    return State.initial(starting_transcript(STANDARD_SEGMENTS, count, seed or 0))


def starting_transcript(segments: int, players: int, seed: int = 0, stacks: int = 3) -> Transcript:
    """A board where each player has `stacks` growing fields of one stone and open stacks of two."""
    rng = random.Random(seed)
    board = standard_board(segments)
    fields = [field for segment in board for field in segment.fields]
    chosen = rng.sample(fields, min(len(fields), 2 * stacks * players))
    names = ["Ann", "Ben", "Cas", "Dee", "Eli", "Fay"]
    colours = ["red", "blue", "green", "orange", "purple", "teal"]
    roster = []
    for number in range(players):
        mine = chosen[number::players]
        piles = tuple(
            (FieldRef(field), -1 if index < stacks else 2) for index, field in enumerate(mine)
        )
        roster.append(Player(piles, names[number % 6], colours[number % 6]))
    return Transcript(segments=board, players=tuple(roster))


def random_game(
    segments: int = 40,
    players: int = 2,
    turns: int = 300,
    seed: int = 0,
    moves_per_turn: int = 3,
) -> Transcript:
    """Up to `turns` turns of random legal moves (fewer if the game ends first)."""
    rng = random.Random(seed)
    start = starting_transcript(segments, players, seed)
    state = State.initial(start)
    played: list[Turn] = []
    while len(played) < turns and not state.ended:
        moves = []
        for _ in range(rng.randint(0, moves_per_turn)):
            options = state.stone_moves()
            if not options:
                break
            move = rng.choice(options)
            state = state.play(move)
            moves.append(move)
        state = state.end_turn()
        played.append(Turn(tuple(moves)))
    return Transcript(segments=start.segments, players=start.players, events=tuple(played))
