"""The rules of connect four as quibbble plays them (games/connect4/state.go, board.go).

Two or three teams drop disks in turn into a 6x7 grid; a disk falls to the lowest empty
row of its column. Four of one team in a row, column or diagonal wins. quibbble looks
for a full grid *before* it looks for four in a row, so the 42nd disk ends the game in
a tie (every team a winner, as quibbble lists a draw) even when it completes a four.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Self

from meeple.connect4.model import COLUMNS, ROWS, Place, Record
from meeple.connect4.notation import PLACE, read_action, write_action
from meeple.errors import RuleError
from meeple.quibbble import Bridge, distinct_teams
from meeple.quibbble.bridge import from_teams
from meeple.quibbble.state import GridState, grid_json
from meeple.registry import Registered

MIN_TEAMS, MAX_TEAMS = 2, 3


def _windows() -> tuple[tuple[int, ...], ...]:
    """Every four cells in a line, in the order quibbble's findWinner looks at them:
    down the columns, along the rows, then both diagonals."""
    directions = (
        (1, 0, range(ROWS - 3), range(COLUMNS)),
        (0, 1, range(ROWS), range(COLUMNS - 3)),
        (1, 1, range(ROWS - 3), range(COLUMNS - 3)),
        (-1, 1, range(3, ROWS), range(COLUMNS - 3)),
    )
    return tuple(
        tuple((row + k * down) * COLUMNS + column + k * right for k in range(4))
        for down, right, rows, columns in directions
        for row in rows
        for column in columns
    )


WINDOWS = _windows()
THROUGH = tuple(tuple(w for w in WINDOWS if cell in w) for cell in range(ROWS * COLUMNS))
"""The windows through each cell: a new disk can only complete one of these."""
_WEIGHTS = (0.0, 1.0, 4.0, 16.0)


class State(GridState[Place], rows=ROWS, columns=COLUMNS):
    """A connect four position (the engine protocol, meeple.engine; also Evaluating)."""

    game = Registered("connect4")

    @classmethod
    def initial(cls, teams: Sequence[str] = ("red", "blue")) -> Self:
        """An empty grid; the first team places first. The teams are two or three distinct
        names (builder.go's Min and Max; quibbble tells teams apart by name); RuleError
        otherwise."""
        return cls(distinct_teams(teams, "connect4", MIN_TEAMS, MAX_TEAMS))

    def landing_row(self, column: int) -> int | None:
        """The row a disk dropped into `column` lands on; None if the column is full."""
        for row in range(ROWS - 1, -1, -1):
            if self.board[row * COLUMNS + column] is None:
                return row
        return None

    def winning_line(self) -> tuple[tuple[int, int], ...]:
        """The (row, column) cells of the first four in a row quibbble finds; () if none."""
        board = self.board
        for window in WINDOWS:
            first = board[window[0]]
            if first is not None and all(board[cell] == first for cell in window[1:]):
                return tuple(divmod(cell, COLUMNS) for cell in window)
        return ()

    def waiting_for(self) -> str:
        return "must place a disk"

    def legal_moves(self) -> list[Place]:
        if self.is_over:
            return []
        return [Place(self.seat, c) for c in range(COLUMNS) if self.board[c] is None]

    def _violation(self, move: Place) -> RuleError | None:
        if not 0 <= move.column < COLUMNS:
            return RuleError(
                f"column {move.column} is out of bounds (columns 0 to {COLUMNS - 1})",
                rule="bounds",
            )
        if self.board[move.column] is not None:
            return RuleError(f"column {move.column} is full", rule="full")
        return None

    def _after(self, move: Place) -> Self:
        row = self.landing_row(move.column)
        assert row is not None  # _violation refused a full column
        cell = row * COLUMNS + move.column
        board = list(self.board)
        board[cell] = move.team
        winners: tuple[int, ...] = ()
        if None not in board:  # quibbble: a full grid first, so it is a tie
            winners = tuple(range(len(self.teams)))
        elif any(all(board[c] == move.team for c in window) for window in THROUGH[cell]):
            winners = (move.team,)
        seat = (self.seat + 1) % len(self.teams)
        return type(self)(self.teams, tuple(board), seat, winners, (*self.history, move))

    def evaluate(self, player: int) -> float:
        """How well `player` (1-based) stands, from 0 to 1 (meeple.engine.Evaluating): a
        team to move that can complete four at once is all but won; otherwise each open
        line (four cells holding one team's disks and empty cells) counts for its team,
        by how many disks it holds (1, 4, 16), and the balance is squashed to (0, 1)."""
        if self.is_over:
            if player - 1 not in self.winner_seats:
                return 0.0
            return 1.0 / len(self.winner_seats)
        board = self.board
        scores = [0.0] * len(self.teams)
        for window in WINDOWS:
            owner: int | None = None
            count = 0
            for cell in window:
                disk = board[cell]
                if disk is None:
                    continue
                if owner is None:
                    owner = disk
                elif disk != owner:
                    break
                count += 1
            else:
                if owner is None:
                    continue
                if owner == self.seat and count == 3 and self._playable(window):
                    return 0.95 if player - 1 == owner else 0.05
                scores[owner] += _WEIGHTS[count]
        mine = scores[player - 1]
        rival = max(score for seat, score in enumerate(scores) if seat != player - 1)
        return 0.5 + 0.45 * math.tanh((mine - rival) / 40.0)

    def _playable(self, window: tuple[int, ...]) -> bool:
        """Whether the empty cell of `window` is where its column's next disk lands."""
        for cell in window:
            if self.board[cell] is None:
                below = cell + COLUMNS
                return below >= len(self.board) or self.board[below] is not None
        return False


BRIDGE = State.bridge = Bridge[Place, Record, State](
    "connect4", Record, read_action, write_action, from_teams(State.initial), PLACE
)

replay = BRIDGE.replay
"""Every state of a record's game, the start first; RuleError at an illegal place."""

state_json = grid_json
