"""The mechanics of a Blood on the Clocktower game trace: `State` (the table after some
events) and `replay` (every state of a trace).

Blood on the Clocktower is not an engine game: a trace records events, it offers no moves
to choose from, so `State` is a `meeple.engine.Timeline` (`history`, `result_text`, and
`play(event)` for the next event), not a `GameState`. A state raises RuleError at the
first event that breaks the game's mechanics; whose ability may do what is not checked.
Traces are read and written by `meeple.botc.trace`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import overload

from meeple.botc.model import Grimoire, Life, Seat
from meeple.botc.script import effective_role
from meeple.botc.trace import Event, Phase, Trace
from meeple.errors import RuleError


class History(Sequence[Event]):
    """The events from the first state to one state, as an immutable sequence.

    Persistent: a state's history is the one before it and one event more, sharing the
    rest, so a replay holds memory linear in its events (a tuple per state held the
    square of them: 497 MB for 10,000 events). Its length and last event cost nothing;
    reading it whole walks it once. It equals any sequence type with the same events
    in order that is a tuple or a History.
    """

    __slots__ = ("_before", "_last", "_length")

    def __init__(self, events: Sequence[Event] = ()) -> None:
        self._before: History | None = None
        self._last: Event | None = None
        self._length = 0
        for event in events:
            before = History()
            before._before, before._last, before._length = self._before, self._last, self._length
            self._before, self._last, self._length = before, event, self._length + 1

    def then(self, event: Event) -> History:
        """This history and `event` after it (this one is unchanged)."""
        after = History()
        after._before, after._last, after._length = self, event, self._length + 1
        return after

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Event, ...]: ...

    def __getitem__(self, index: int | slice) -> Event | tuple[Event, ...]:
        if isinstance(index, slice):
            return tuple(self)[index]
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError("history index out of range")
        node = self
        for _ in range(self._length - 1 - index):
            assert node._before is not None
            node = node._before
        assert node._last is not None
        return node._last

    def __reversed__(self) -> Iterator[Event]:
        node: History | None = self
        while node is not None and node._last is not None:
            yield node._last
            node = node._before

    def __iter__(self) -> Iterator[Event]:
        events = list(reversed(self))
        events.reverse()
        return iter(events)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, History):
            if other._length != self._length:
                return False
            return all(a == b for a, b in zip(reversed(self), reversed(other), strict=True))
        if isinstance(other, tuple):
            return len(other) == self._length and all(
                a == b for a, b in zip(reversed(self), reversed(other), strict=True)
            )
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"History({tuple(self)!r})"


NO_EVENTS = History()


@dataclass(frozen=True)
class State:
    """The table after some events: the grimoire, the phase, and what today has seen.

    An engine Timeline (meeple.engine): `history`, `result_text` and `play(event)`.
    Beyond it: the fields `grimoire`, `phase`, and today's `nominated`, `nominators`,
    `nominee`, `voters` and `executed` (the mechanics a day's events are checked against).
    """

    grimoire: Grimoire
    phase: Phase | None = None
    history: History = NO_EVENTS
    nominated: frozenset[str] = frozenset()
    nominators: frozenset[str] = frozenset()
    nominee: str | None = None
    voters: frozenset[str] = frozenset()
    executed: str | None = None

    @property
    def result_text(self) -> str:
        alive = sum(1 for seat in self.grimoire.seats if not seat.life.dead)
        where = self.phase.title if self.phase else "before the first phase"
        return f"{where}: {alive} of {len(self.grimoire)} players alive"

    def play(self, event: Event) -> State:
        """The state after `event`; RuleError naming the mechanic it breaks."""
        after = replace(self, history=self.history.then(event))
        if event.kind == "phase":
            return after._enter(event)
        if self.phase is None:
            raise RuleError(
                f"{event} comes before the first phase: start with <SETUP> or <N1>",
                rule="phase-first",
            )
        for name in (event.actor, event.target):
            if name is not None:
                self._seat(name)
        match event.kind:
            case "storyteller" | "ability":
                return after._abilities(event)
            case "nomination":
                return after._nominate(event)
            case "vote":
                return after._vote(event)
            case "execution":
                return after._execute(event)
            case _:
                return after._kill(event)

    def _seat(self, player: str) -> Seat:
        seat = self.grimoire.seat_of(player)
        if seat is None:
            raise RuleError(f"no player called {player} is in the grimoire", rule="unknown-player")
        return seat

    def _enter(self, event: Event) -> State:
        phase = event.phase
        assert phase is not None
        if self.phase is not None and not phase.follows(self.phase):
            raise RuleError(
                f"<{phase}> cannot follow <{self.phase}>: {_order(self.phase)}", rule="phase-order"
            )
        new_day = phase.kind == "D" or (
            phase.kind == "E" and self.phase != Phase("D", phase.number)
        )
        if phase.kind == "N" or new_day:
            return replace(
                self,
                phase=phase,
                nominated=frozenset(),
                nominators=frozenset(),
                nominee=None,
                voters=frozenset(),
                executed=None,
            )
        return replace(self, phase=phase)

    def _abilities(self, event: Event) -> State:
        if event.kind == "ability":
            assert event.actor is not None and event.role is not None
            actor = self._seat(event.actor)
            if event.role not in (actor.role, effective_role(actor)):
                raise RuleError(
                    f"{event.actor} is the {actor.role}, not the {event.role}", rule="wrong-role"
                )
        assert event.target is not None
        seat = self._seat(event.target)
        tokens = list(seat.tokens)
        for change in event.changes:
            if change.added:
                tokens.append(change.token)
            elif change.token in tokens:
                tokens.remove(change.token)
            else:
                raise RuleError(
                    f"{event.target} has no {change.token} token to remove", rule="missing-token"
                )
        return self._with(replace(seat, tokens=tuple(tokens)))

    def _day(self, what: str) -> None:
        if self.phase is None or not self.phase.is_day:
            raise RuleError(
                f"{what} happen by day, not at {self.phase.title if self.phase else 'set-up'}",
                rule="by-day",
            )

    def _nominate(self, event: Event) -> State:
        self._day("nominations")
        assert event.actor is not None and event.target is not None
        nominator, nominee = self._seat(event.actor), self._seat(event.target)
        if nominator.life.dead:
            raise RuleError(
                f"{event.actor} is dead: the dead cannot nominate", rule="dead-nominate"
            )
        if event.actor in self.nominators:
            raise RuleError(
                f"{event.actor} has already nominated today: one nomination a day",
                rule="one-nomination",
            )
        if event.target in self.nominated:
            raise RuleError(
                f"{event.target} has already been nominated today", rule="nominated-once"
            )
        if event.role and event.role not in (nominee.role, effective_role(nominee)):
            raise RuleError(
                f"{event.target} is the {nominee.role}, not the {event.role}", rule="wrong-role"
            )
        return replace(
            self,
            nominated=self.nominated | {event.target},
            nominators=self.nominators | {event.actor},
            nominee=event.target,
            voters=frozenset(),
        )

    def _vote(self, event: Event) -> State:
        self._day("votes")
        assert event.actor is not None
        if self.nominee != event.target:
            now = f"the nominee is {self.nominee}" if self.nominee else "no one is nominated"
            raise RuleError(
                f"{event.actor} votes for {event.target}, but {now}", rule="vote-nominee"
            )
        if event.actor in self.voters:
            raise RuleError(f"{event.actor} has already voted for {event.target}", rule="one-vote")
        voter = self._seat(event.actor)
        after = replace(self, voters=self.voters | {event.actor})
        if voter.life is Life.VOTE_USED:
            raise RuleError(
                f"{event.actor} has spent their ghost vote: a ghost votes once", rule="ghost-vote"
            )
        if voter.life is Life.DEAD:
            return after._with(replace(voter, life=Life.VOTE_USED))
        return after

    def _execute(self, event: Event) -> State:
        self._day("executions")
        assert event.target is not None
        if self.executed is not None:
            raise RuleError(
                f"{self.executed} was executed today already: one execution a day",
                rule="one-execution",
            )
        seat = self._seat(event.target)
        after = replace(self, executed=event.target)
        return after._with(replace(seat, life=Life.DEAD)) if not seat.life.dead else after

    def _kill(self, event: Event) -> State:
        assert event.target is not None
        seat = self._seat(event.target)
        if seat.life.dead:
            raise RuleError(f"{event.target} is already dead", rule="already-dead")
        return self._with(replace(seat, life=Life.DEAD))

    def _with(self, seat: Seat) -> State:
        seats = tuple(seat if s.player == seat.player else s for s in self.grimoire.seats)
        return replace(self, grimoire=Grimoire(seats))


def _order(phase: Phase) -> str:
    if phase.kind == "SETUP":
        return "the set-up is followed by <N1>"
    if phase.kind == "N":
        return f"night {phase.number} is followed by <D{phase.number}>"
    if phase.kind == "D":
        return f"day {phase.number} is followed by <E{phase.number}> or <N{phase.number + 1}>"
    return f"evening {phase.number} is followed by <N{phase.number + 1}>"


def replay(trace: Trace) -> Iterator[State]:
    """The state before any event, then after each; RuleError (with `step`) at a broken one."""
    state = State(trace.grimoire)
    yield state
    for step, event in enumerate(trace.events):
        try:
            state = state.play(event)
        except RuleError as problem:
            raise problem.at_step(step) from None
        yield state
