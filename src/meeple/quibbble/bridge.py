"""A quibbble game's bridge between QGN and its rules: QGN actions read as the game's
moves and written back, and its records played through its rules.

A game's rules module supplies its QGN key, its record class, how its actions read as
moves and back and how a record's game starts; `Bridge` reads and writes its records as
QGN (through `meeple.qgn`) and replays them, placing every error at the action, detail
or tag at fault (`meeple.quibbble.located`). The game's `Game` (meeple.quibbble.game)
and its states (`TeamsState.bridge`) go through it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, Self, TypeVar

from meeple.errors import DEFAULT_SOURCE, MeepleError, NotationError, RuleError
from meeple.qgn.model import Action, Snapshot
from meeple.quibbble.located import locate
from meeple.quibbble.record import MoveT, Record

if TYPE_CHECKING:
    from meeple.game import Document


class Plays(Protocol):
    """What replaying a record asks of a game's state (`meeple.quibbble.TeamsState`)."""

    def play(self, move: Any) -> Self: ...

    def move_to_text(self, move: Any) -> str: ...


RecordT = TypeVar("RecordT", bound=Record[Any])
StateT = TypeVar("StateT", bound=Plays)


def from_teams(initial: Callable[[tuple[str, ...]], StateT]) -> Callable[[Record[Any]], StateT]:
    """How a game that deals nothing starts a record's game: `initial` of its teams."""
    return lambda record: initial(record.teams)


def from_seed(
    initial: Callable[[tuple[str, ...], int], StateT], missing: str
) -> Callable[[Record[Any]], StateT]:
    """How a game dealt from its seed alone starts a record's game: `initial` of its
    teams and its `seed` tag, required (`Record.dealt_seed` says `missing` without one)."""

    def start(record: Record[Any]) -> StateT:
        seed = record.dealt_seed(missing)
        return initial(record.teams, seed)

    return start


@dataclass(frozen=True)
class Bridge(Generic[MoveT, RecordT, StateT]):
    """One of quibbble's games between QGN and its rules: its QGN key, its record class,
    how its QGN actions read as moves and back, and how a record's game starts."""

    key: str
    record: type[RecordT]
    read_action: Callable[[Action], MoveT]
    """A QGN action as a move; NotationError (with `part`, the detail at fault) if not one."""
    write_action: Callable[[MoveT], Action]
    initial: Callable[[RecordT], StateT]
    """The start of a record's game (its teams, seed and variant); RuleError or
    NotationError if the tags cannot start one."""
    letters: str = ""
    """The game's action letters, the one a person most often types first (`meeple play`
    reads `1.2` as that action of the team to move)."""

    def from_qgn(self, snapshot: Snapshot) -> RecordT:
        """A QGN snapshot of this game as its record; NotationError (marked with the
        action's index, and the detail's) for an action that is no move of the game."""
        if snapshot.key.strip().casefold() != self.key:
            raise NotationError(f"this QGN game is {snapshot.key!r}, not {self.key!r}")
        moves = []
        for index, action in enumerate(snapshot.actions):
            try:
                moves.append(self.read_action(action))
            except NotationError as problem:
                raise problem.at_step(index, problem.part) from None
        return self.record(
            snapshot.tags,
            tuple(moves),
            tuple(action.comments for action in snapshot.actions),
            snapshot.final_comments,
            snapshot.leading_comments,
        )

    def to_qgn(self, record: RecordT) -> Snapshot:
        """The record as a QGN snapshot: one action per move, comments where they stood."""
        actions = tuple(
            self.write_action(move)._replace(comments=comments)
            for move, comments in zip(record.moves, record.comments, strict=True)
        )
        return Snapshot(dict(record.tags), actions, record.final_comments, record.leading_comments)

    def parse(self, text: str, source: str = DEFAULT_SOURCE) -> RecordT:
        """A QGN text of this game as its record (NotationError located in `text`)."""
        from meeple.qgn.notation import parse

        snapshot = parse(text, source)
        try:
            return self.from_qgn(snapshot)
        except MeepleError as problem:
            raise locate(problem, text, source) from None

    def dump(self, record: RecordT) -> str:
        from meeple.qgn.notation import dump

        return dump(self.to_qgn(record))

    def replay_document(self, document: Document) -> Iterator[StateT]:
        """The game after each move of a parsed QGN document (the registry's `replay`)."""
        return self.states(document.model, document.text, document.source)

    def replay(self, record: RecordT) -> Iterator[StateT]:
        """Every state of a record's game, the start first, one at a time; RuleError at
        the QGN action of the first illegal move (placed in the record's own QGN text)."""
        return self.states(record, self.dump(record), "<record>")

    def final(self, record: RecordT) -> StateT:
        """The game after the last move of `record` (RuleError at an illegal one)."""
        *_, last = self.states(record, self.dump(record), DEFAULT_SOURCE)
        return last

    def states(self, record: RecordT, text: str, source: str) -> Iterator[StateT]:
        """The game after each move of `record` (written as `text`), the start first;
        RuleError at the QGN action of the first illegal move."""
        try:
            state = self.initial(record)
        except MeepleError as problem:
            raise locate(problem, text, source) from None
        yield state
        for index, move in enumerate(record.moves):
            try:
                state = state.play(move)
            except RuleError as problem:
                message = f"illegal move {state.move_to_text(move)}: {problem.message}"
                error = RuleError(message, rule=problem.rule).at_step(index, problem.part)
                raise locate(error, text, source) from None
            yield state
