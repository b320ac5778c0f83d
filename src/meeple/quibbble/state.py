"""The turn-taking part of the engine protocol (meeple.engine) that every quibbble game
keeps: teams by name, a team to move, winners as quibbble lists them, moves written as
QGN actions or typed as a person types them.

A game's `State` subclasses `TeamsState`, keeping its board in its own fields and its
own rules in `_violation` and `_after`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, ClassVar, Generic, Self, TypedDict, Unpack, cast

from meeple.engine import Status
from meeple.errors import NotationError, RuleError
from meeple.pictures import Pictured
from meeple.qgn.model import Action
from meeple.quibbble.actions import action_text, read_action
from meeple.quibbble.bridge import Bridge
from meeple.quibbble.record import MoveT, Record

_TYPED_SPLIT = re.compile(r"[\s.,&]+")
_DETAIL = re.compile(r"[^\s.&{}\[\]\"]+")


class Turn(TypedDict, Generic[MoveT], total=False):
    """What every quibbble state holds beside its board, as its constructor takes it
    (`**turn`, passed up to `TeamsState`): the seat to move (0-based), the winners'
    seats and the moves played."""

    seat: int
    winners: tuple[int, ...]
    history: tuple[MoveT, ...]


class TeamsState(Pictured, Generic[MoveT]):
    """The turn-taking part of the engine protocol (meeple.engine) for quibbble's games:
    teams by name, a team to move, winners as quibbble lists them. A game subclasses
    it, keeping its board in its own fields (its constructor takes them, then `**turn`
    for the rest), and writes `_violation` (the game's own rules, called once turn and
    game-over are checked) and `_after` (the next state).
    """

    bridge: ClassVar[Bridge[Any, Any, Any]]
    """The game's QGN actions <-> moves, and its record class (set on each subclass)."""
    why_stuck: ClassVar[str] = "has no legal move"
    """What a stuck team lacks, in the result text."""

    def __init__(
        self,
        teams: Sequence[str],
        seat: int = 0,
        winners: tuple[int, ...] = (),
        history: tuple[MoveT, ...] = (),
    ) -> None:
        self.teams = tuple(teams)
        self.seat = seat
        self.winner_seats = winners
        self._history = history

    def __eq__(self, other: object) -> bool:
        """Two states are equal when they are of one game and hold the same values."""
        return type(other) is type(self) and vars(other) == vars(self)

    def __hash__(self) -> int:
        return hash((type(self), self.teams, self.seat, self._history))

    # The players, and who moves.
    @property
    def player_count(self) -> int:
        return len(self.teams)

    def player_name(self, player: int) -> str:
        return self.teams[player - 1]

    @property
    def to_move(self) -> int | None:
        return None if self.is_over else self.seat + 1

    @property
    def history(self) -> tuple[MoveT, ...]:
        return self._history

    # How the game stands.
    @property
    def stuck(self) -> bool:
        """Whether the team to move has nothing it may do, which quibbble leaves unended
        (Onitama, Stratego, Tsuro): for meeple the game is over, and lost."""
        return False

    @property
    def is_over(self) -> bool:
        return bool(self.winner_seats) or self.stuck

    @property
    def status(self) -> Status:
        if self.stuck:
            return "lost"
        if not self.winner_seats:
            return "playing"
        return "won" if len(self.winner_seats) == 1 else "tie"

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(seat + 1 for seat in self.winner_seats)

    @property
    def result_text(self) -> str:
        """quibbble's own message: who must act, who won, who tied (or who is stuck)."""
        if self.stuck:
            return f"{self.teams[self.seat]} {self.why_stuck}: the game is stuck"
        names = [self.teams[seat] for seat in self.winner_seats]
        if len(names) == 1:
            return f"{names[0]} wins"
        if names:
            return f"{' and '.join(names)} tie"
        return f"{self.teams[self.seat]} {self.waiting_for()}"

    def waiting_for(self) -> str:
        """What the team to move must do, in quibbble's words (`must mark a location`)."""
        return "to move"

    # Moves.
    def play(self, move: MoveT) -> Self:
        problem = self.violation(move)
        if problem is not None:
            raise problem
        return self._after(move)

    def violation(self, move: MoveT) -> RuleError | None:
        problem = self.seat_violation(move)
        if problem is not None:
            return problem
        if move.team != self.seat:
            mover, seat = self.teams[move.team], self.teams[self.seat]
            return RuleError(f"{mover} cannot play on {seat}'s turn", rule="turn")
        return self._violation(move)

    def seat_violation(self, move: MoveT) -> RuleError | None:
        """Why no move of `move`'s team can be played here, whoever's turn it is: the
        game is over, or the team is none of this game's."""
        if self.is_over:
            return RuleError("the game is already over", rule="game-over")
        if not 0 <= move.team < len(self.teams):
            return RuleError(
                f"team {move.team} is no team of this game (it has {len(self.teams)})",
                rule="team",
            )
        return None

    def is_legal(self, move: MoveT) -> bool:
        return self.violation(move) is None

    def _violation(self, move: MoveT) -> RuleError | None:
        raise NotImplementedError

    def _after(self, move: MoveT) -> Self:
        raise NotImplementedError

    def legal_moves(self) -> list[MoveT]:
        raise NotImplementedError

    def move_to_text(self, move: MoveT) -> str:
        return action_text(self.bridge.write_action(move))

    def move_from_text(self, text: str) -> MoveT:
        """A move written as its QGN action (`0m&1.2`), or as a person types one for the
        team to move: the details alone, split by dots, commas or spaces (`1.2`, `1 2`),
        after the action's letter where the game has several (`m 1 2`); NotationError if
        it is neither."""
        try:
            action = read_action(text)
        except NotationError:
            typed = self._typed(text)
            if typed is None:
                raise
            action = typed
        return cast(MoveT, self.bridge.read_action(action))

    def _typed(self, text: str) -> Action | None:
        words = [word for word in _TYPED_SPLIT.split(text.strip()) if word]
        letters = self.bridge.letters
        letter = letters[0] if letters else ""
        if words and len(words[0]) >= 1 and words[0][0].isalpha() and words[0][0] in letters:
            letter, words[0] = words[0][0], words[0][1:]
            words = [word for word in words if word]
        if not letter or not words or any(not _DETAIL.fullmatch(word) for word in words):
            return None
        return Action(self.seat, letter, tuple(words))

    def move_group(self, move: MoveT) -> str:
        return type(move).__name__.lower()

    def record(self) -> Record[MoveT]:
        """The record of the moves played so far (meeple.engine.Recording)."""
        return cast(Record[MoveT], self.bridge.record(self.tags(), self.history))

    def tags(self) -> dict[str, str]:
        """The QGN tags of this game: key and teams (games add their seed and variant)."""
        return {"key": self.bridge.key, "teams": ", ".join(self.teams)}


class DealtState(TeamsState[MoveT]):
    """A quibbble game dealt from a seed (its tiles, cards or set-up, drawn as Go's
    math/rand draws them: meeple.gorand), which it keeps for its record's seed tag
    (carcassonne, indigo, onitama, stratego, tsuro)."""

    def __init__(self, teams: Sequence[str], seed: int, **turn: Unpack[Turn[MoveT]]) -> None:
        super().__init__(teams, **turn)
        self.seed = seed


def team_to_move(state: TeamsState[Any]) -> str | None:
    """The name of the team to move, None once the game is over (quibbble's `turn`)."""
    return None if state.is_over else state.teams[state.seat]


def team_span(low: int, high: int) -> str:
    """How many teams a game is for, as its messages say it: `2`, `2 or 3`, `2 to 8`."""
    if low == high:
        return str(low)
    return f"{low} or {high}" if high == low + 1 else f"{low} to {high}"


class GridState(TeamsState[MoveT]):
    """A quibbble game whose board is a grid of cells, row by row, each the seat of the
    team that marked it or None (tic-tac-toe, Connect Four). A game gives its grid's size
    as class arguments: `class State(GridState[Mark], rows=3, columns=3)`."""

    columns: ClassVar[int]
    empty: ClassVar[tuple[int | None, ...]]
    """The board before any move: every cell empty."""

    def __init_subclass__(cls, rows: int = 0, columns: int = 0, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if rows and columns:
            cls.columns, cls.empty = columns, (None,) * (rows * columns)

    def __init__(
        self,
        teams: Sequence[str],
        board: tuple[int | None, ...] | None = None,
        seat: int = 0,
        winners: tuple[int, ...] = (),
        history: tuple[MoveT, ...] = (),
    ) -> None:
        super().__init__(teams, seat, winners, history)
        self.board = self.empty if board is None else board

    def at(self, row: int, column: int) -> int | None:
        """The seat of the team on (`row`, `column`), row 0 the top; None if empty."""
        return self.board[row * self.columns + column]


def grid_json(state: GridState[Any]) -> dict[str, Any]:
    """A grid game's state as `meeple replay --json` writes it: the grid as rows of team
    names from the top (null for an empty cell), as quibbble's snapshot holds it, and
    the team to move."""
    rows = range(len(state.board) // state.columns)
    columns = range(state.columns)
    return {
        "board": [
            [None if (t := state.at(r, c)) is None else state.teams[t] for c in columns]
            for r in rows
        ],
        "turn": team_to_move(state),
    }


def distinct_teams(teams: Sequence[str], game: str, low: int, high: int) -> tuple[str, ...]:
    """`teams` when they are `low` to `high` distinct names (quibbble tells teams apart
    by name); RuleError (rule `teams`) otherwise."""
    if not low <= len(teams) <= high:
        raise RuleError(
            f"{game} is for {team_span(low, high)} teams, not {len(teams)}", rule="teams"
        )
    if len(set(teams)) != len(teams):
        raise RuleError("two teams have the same name", rule="teams")
    return tuple(teams)
