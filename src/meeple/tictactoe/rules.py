"""The rules of tic-tac-toe as quibbble plays them (games/tictactoe/state.go).

Teams mark in turn; three in a row, column or diagonal wins, and a full board without
one is a tie (every team a winner, as quibbble lists a draw). A win is checked before
a full board, so the ninth mark can still win.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self

from meeple.errors import RuleError
from meeple.quibbble import Bridge, distinct_teams
from meeple.quibbble.bridge import from_teams
from meeple.quibbble.state import GridState, grid_json
from meeple.registry import Registered
from meeple.tictactoe.model import SIZE, Mark, Record
from meeple.tictactoe.notation import MARK, read_action, write_action

Board = tuple[int | None, ...]
"""The nine squares row by row: the index of the team that marked each, or None."""

LINES = (
    *((r * SIZE, r * SIZE + 1, r * SIZE + 2) for r in range(SIZE)),
    *((c, c + SIZE, c + 2 * SIZE) for c in range(SIZE)),
    (0, 4, 8),
    (2, 4, 6),
)


class State(GridState[Mark], rows=SIZE, columns=SIZE):
    """A tic-tac-toe position (the engine protocol, meeple.engine; `position_key`: the
    board and the turn, meeple.engine.Transposing, for the perfect bot)."""

    game = Registered("tictactoe")

    @classmethod
    def initial(cls, teams: Sequence[str] = ("X", "O")) -> Self:
        """An empty board; the first team marks first. The teams are two distinct names
        (quibbble tells teams apart by name); RuleError otherwise."""
        return cls(distinct_teams(teams, "tic-tac-toe", 2, 2))

    def position_key(self) -> tuple[Board, int]:
        """The board and the team to mark (meeple.engine.Transposing)."""
        return self.board, self.seat

    def winning_line(self) -> tuple[int, int, int] | None:
        """The three squares (indices row by row) of the line that won, if one did."""
        if self.status != "won":
            return None
        board = self.board
        return next(
            (
                line
                for line in LINES
                if board[line[0]] == board[line[1]] == board[line[2]] is not None
            ),
            None,
        )

    def waiting_for(self) -> str:
        return "must mark a location"

    def legal_moves(self) -> list[Mark]:
        if self.is_over:
            return []
        return [
            Mark(self.seat, index // SIZE, index % SIZE)
            for index, square in enumerate(self.board)
            if square is None
        ]

    def _violation(self, move: Mark) -> RuleError | None:
        if not (0 <= move.row < SIZE and 0 <= move.column < SIZE):
            where = f"({move.row},{move.column})"
            return RuleError(f"{where} is off the board (rows and columns 0 to 2)", rule="bounds")
        owner = self.at(move.row, move.column)
        if owner is not None:
            where = f"({move.row},{move.column})"
            return RuleError(f"{where} is already marked by {self.teams[owner]}", rule="marked")
        return None

    def _after(self, move: Mark) -> Self:
        board = list(self.board)
        board[move.row * SIZE + move.column] = move.team
        winners: tuple[int, ...] = ()
        if any(board[a] is not None and board[a] == board[b] == board[c] for a, b, c in LINES):
            winners = (move.team,)
        elif None not in board:
            winners = tuple(range(len(self.teams)))
        seat = (self.seat + 1) % len(self.teams)
        return type(self)(self.teams, tuple(board), seat, winners, (*self.history, move))


BRIDGE = State.bridge = Bridge[Mark, Record, State](
    "tictactoe", Record, read_action, write_action, from_teams(State.initial), MARK
)

replay = BRIDGE.replay
"""Every state of a record's game, the start first; RuleError at an illegal mark."""

state_json = grid_json
