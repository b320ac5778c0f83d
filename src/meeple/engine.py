"""The engine protocol: one vocabulary for every game whose records replay.

The states of all ten games whose moves replay (Raft, Flows, Atlantis and quibbble's
seven: tic-tac-toe, Connect 4, Onitama, Tsuro, Indigo, Stratego, Carcassonne) each
implement `GameState` in their own words underneath (a botc trace replays events, not
moves), so the command line, the JSON output, pictures, corpora and bots are
written once against this module and the registry, never against a game's
internals. The shape follows OpenSpiel's `State` (legal actions, apply, terminal,
returns) with python-chess's feel (`legal_moves`, a `play` that returns a new
position, an outcome).

Conventions every game keeps:
- Players are numbered 1..`player_count` in seat order; `player_name(n)` says how the
  game calls them (`P1`, a transcript's player name, `you` in a solo game).
- `play(move)` returns a new state and never changes the one it was called on; an
  illegal move raises RuleError naming the rule it breaks.
- `legal_moves()` lists every move `play` accepts (empty exactly when `is_over`);
  `violation(move)` is the RuleError `play(move)` would raise (None when legal) and
  `is_legal(move)` is `violation(move) is None`.
- `move_to_text` writes a move in the game's own notation and `move_from_text` reads
  it back: `move_from_text(move_to_text(m)) == m`; `str(move)` is that text too.
- A state built by `initial(...)` (a classmethod whose arguments are the game's own)
  has an empty `history`; each `play` appends the move played.
- In a game's QGN form, QGN action *i* is engine move *i* (so a rule broken by move
  *i* can be shown at its action in QGN text).

This module knows no game. It holds the protocol, the status vocabulary and small
helpers over any state.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Literal, Protocol, Self, TypeVar, cast, runtime_checkable

if TYPE_CHECKING:
    pass

from meeple.errors import RuleError

Status = Literal["playing", "won", "lost", "tie"]
STATUSES: tuple[Status, ...] = ("playing", "won", "lost", "tie")

MoveT = TypeVar("MoveT")


@runtime_checkable
class GameState(Protocol[MoveT]):
    """A position of a game, with the moves that may follow it."""

    @property
    def player_count(self) -> int:
        """How many players the game has (1 for a solo game)."""
        ...

    def player_name(self, player: int) -> str:
        """What the game calls player `player` (1-based)."""
        ...

    @property
    def to_move(self) -> int | None:
        """The player (1-based) whose move it is; None once the game is over."""
        ...

    def legal_moves(self) -> list[MoveT]:
        """Every move `play` accepts now, in a stable order; empty when the game is over."""
        ...

    def play(self, move: MoveT) -> Self:
        """The state after `move`; RuleError if it breaks a rule. `self` is unchanged."""
        ...

    def violation(self, move: MoveT) -> RuleError | None:
        """The rule `move` breaks now (a RuleError naming it, without a location), or None
        if `play` accepts it. The one way every game says why a move is illegal."""
        ...

    def is_legal(self, move: MoveT) -> bool:
        """Whether `play` accepts `move` now (`violation(move) is None`)."""
        ...

    @property
    def is_over(self) -> bool:
        """Whether no move can follow."""
        ...

    @property
    def status(self) -> Status:
        """`playing`, `won`, `lost` (a solo game lost, or no winner) or `tie`."""
        ...

    @property
    def winners(self) -> tuple[int, ...]:
        """The players (1-based) who won or tied; empty while playing or when lost."""
        ...

    @property
    def result_text(self) -> str:
        """One line on how the game stands, in the game's words."""
        ...

    @property
    def history(self) -> tuple[MoveT, ...]:
        """The moves played from the initial state to this one."""
        ...

    def move_from_text(self, text: str) -> MoveT:
        """A move written in the game's notation; NotationError if it is not one."""
        ...

    def move_to_text(self, move: MoveT) -> str:
        """A move in the game's notation."""
        ...

    def move_group(self, move: MoveT) -> str:
        """A short heading `meeple moves` lists the move under (a tile type, an action kind)."""
        ...


AnyState = GameState[Any]


@runtime_checkable
class Timeline(Protocol):
    """A record of events with no moves to choose from (a Blood on the Clocktower trace):
    each state knows the events that led to it (`str(event)` is its notation) and says
    in one line how things stand."""

    @property
    def history(self) -> Sequence[Any]:
        """The events from the first state to this one (a tuple, or a sequence that
        shares its events with the states before it)."""
        ...

    @property
    def result_text(self) -> str:
        """One line on how things stand."""
        ...


@runtime_checkable
class Ending(Protocol):
    """A timeline that knows when its game has ended and who won (a trace played to the
    end): `replay --json`, the viewer and export show its status and winners' names."""

    @property
    def status(self) -> Status:
        """`playing` until a team has won, then `won` (or `lost`, `tie`)."""
        ...

    @property
    def winner_names(self) -> tuple[str, ...]:
        """The names of the players who won, as `engine.winner_names` gives a game's;
        empty while playing. (`winners` is always players by number.)"""
        ...


@runtime_checkable
class Drawing(Protocol[MoveT]):
    """A game where the player to move first draws something hidden (Flows: a tile).

    `legal_moves()` lists the moves for every possible draw; a player (or a bot) that
    has drawn chooses only among `legal_moves_after(draw)`.
    """

    def draws(self) -> list[tuple[str, float]]:
        """What the player to move may draw now, with its probability (they sum to 1)."""
        ...

    def legal_moves_after(self, draw: str) -> list[MoveT]:
        """The legal moves once `draw` has been drawn."""
        ...


@runtime_checkable
class Evaluating(Protocol):
    """A game that can say, without search, how well a player stands (for greedy bots)."""

    def evaluate(self, player: int) -> float:
        """From 0 (lost) to 1 (won): how well `player` stands in this position."""
        ...


@runtime_checkable
class Guessing(Protocol[MoveT]):
    """A game that can judge moves without playing them, so a search plays only the
    moves it explores (Flows: a placement's evaluation from the links it leaves)."""

    def guesses(self, draw: str | None) -> list[tuple[MoveT, tuple[float, ...]]]:
        """Candidate moves once `draw` is drawn (None: the game draws nothing), each with
        what `evaluate` (or `reward`, if it ends the game) gives every player after it,
        seat 1 first. Candidates may include moves `play` refuses; an empty list means
        none are known (ask `legal_moves_after`)."""
        ...


@runtime_checkable
class Transposing(Protocol):
    """A game that can name its position apart from the moves that led there, so a
    search meets a position reached by two move orders once (the perfect bot's table)."""

    def position_key(self) -> Hashable:
        """Equal for two states exactly when they have the same player to move, legal
        moves and future: the board and the turn, never the history."""
        ...


@runtime_checkable
class Recording(Protocol):
    """A game state that can write itself down: the record of the moves played so far."""

    def record(self) -> Any:
        """A model of the game's record format (its notation dumps it) ending at this state."""
        ...


@runtime_checkable
class Choosing(Protocol[MoveT]):
    """A game whose legal moves include some that are not the player to move's to
    choose (stratego: the second team's switches before the first move, which quibbble
    takes at any time then), so a bot chooses among `choices` instead."""

    def choices(self) -> list[MoveT]:
        """The legal moves the player to move chooses among (`legal_moves` in its order)."""
        ...


def choices(state: AnyState) -> list[Any]:
    """The legal moves of `state` its player to move chooses among (`Choosing`)."""
    if isinstance(state, Choosing):
        return cast(Choosing[Any], state).choices()
    return state.legal_moves()


def violation_by_playing(state: AnyState, move: Any) -> RuleError | None:
    """The RuleError `state.play(move)` raises, or None: `violation` for a game whose rules
    are checked in the course of playing a move."""
    try:
        state.play(move)
    except RuleError as problem:
        return problem
    return None


@runtime_checkable
class Framed(Protocol):
    """A game whose players name places in their own frames (Flows): a move can be told
    in another player's labels, so they find it on their own board, and its picture (the
    format's `render`) takes `frame="P2"` to label the board as that player writes it."""

    def where_for(self, move: Any, player: int) -> str:
        """Where `move` is in `player`'s labels (`B3`), or "" if it is played nowhere."""
        ...


def reward(state: AnyState, player: int) -> float:
    """What a finished game is worth to `player`: 1 won, a share of 1 in a tie, 0 otherwise."""
    if player not in state.winners:
        return 0.0
    return 1.0 if state.status == "won" else 1.0 / len(state.winners)


def play_all(state: AnyState, moves: Iterable[Any]) -> AnyState:
    """The state after playing `moves` in order; RuleError at the first illegal one."""
    for move in moves:
        state = state.play(move)
    return state


StateT = TypeVar("StateT")


def replayed(state: StateT, moves: Iterable[Any]) -> Iterator[StateT]:
    """`state`, then the state after each of `moves` in turn, one at a time: what a
    game's `replay(record)` yields. A RuleError a move raises carries its `step` (the
    move's index among `moves`), so a notation can point at it."""
    yield state
    for step, move in enumerate(moves):
        try:
            state = cast(Any, state).play(move)
        except RuleError as problem:
            raise problem.at_step(step) from None
        yield state


def winner_names(state: AnyState) -> list[str]:
    """The winners by name."""
    return [state.player_name(player) for player in state.winners]
