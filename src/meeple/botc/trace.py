"""Game traces: what happened at the table, event by event, after a grimoire's set-up.

A trace file starts with the single-line grimoire it applies to; the events follow,
separated by any layout (one line or many; `#` starts a comment to the end of its line,
kept through a rewrite):

    <SETUP> <N1> <D1> <E1> <N2> ...                   phases, in this order
    st!Bob(+poisoner:poisoned,-monk:safe)             the storyteller adds or removes tokens
    Alice:poisoner!Bob(+poisoner:poisoned)            a character acts on a player
    Carol!nominates->Dave:virgin                      a nomination (naming the role is optional)
    Eve!votes->Dave                                   a vote (a dead voter spends the ghost vote)
    st!executes->Dave                                 the day's execution
    st!kills->Eve                                     a death (at night, or by an ability)

`replay` yields a `TraceState` per event, the grimoire changed as the event says, and
raises RuleError at the first event that breaks the game's mechanics (a token removed
that is not there, a dead player nominating, a second nomination of a player or by a
player in a day, two executions in a day, a ghost vote spent twice, a phase out of
order). Whose ability may do what is not checked: that is the storyteller's art.
docs/formats/botc.md records the decisions. This module does not draw.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal, overload

from meeple.botc.model import Grimoire, Life, ReminderToken, Seat
from meeple.botc.notation import format_grimoire, parse_grimoire
from meeple.botc.script import effective_role
from meeple.errors import DEFAULT_SOURCE, NotationError, RuleError, line_ends

EventKind = Literal["phase", "storyteller", "ability", "nomination", "vote", "execution", "death"]
STORYTELLER = "st"

_PLAYER = r"[A-Za-z][A-Za-z0-9_]*"
_ROLE = r"[a-z][a-z0-9_]*"
_TOKEN = rf"(?:{_ROLE}:)?{_ROLE}"
_CHANGE_LIST = rf"[+-]{_TOKEN}(?:,[+-]{_TOKEN})*"
# One event; the layout between events is skipped by _NEXT.
_EVENT = re.compile(
    rf"""
      <(?P<phase>SETUP|[NDE][1-9][0-9]{{0,3}})>
    | st!(?:executes->(?P<executed>{_PLAYER})|kills->(?P<killed>{_PLAYER})
             |(?P<st_target>{_PLAYER})\((?P<changes>{_CHANGE_LIST})\))
    | (?P<nominator>{_PLAYER})!nominates->(?P<nominee>{_PLAYER})(?::(?P<nominee_role>{_ROLE}))?
    | (?P<voter>{_PLAYER})!votes->(?P<voted_for>{_PLAYER})
    | (?P<actor>{_PLAYER}):(?P<role>{_ROLE})!(?P<target>{_PLAYER})
        (?:\((?P<ability_changes>{_CHANGE_LIST})\))?
    """,
    re.VERBOSE,
)
_NEXT = re.compile(r"\s*")  # always matches
_COMMENT = re.compile(r"#([^\n]*)")
_END = re.compile(r"(?=\s|#|\Z)")


@dataclass(frozen=True)
class Phase:
    """`SETUP`, or night, day or evening (the nominations and execution) number k."""

    kind: Literal["SETUP", "N", "D", "E"]
    number: int = 0

    def __str__(self) -> str:
        return "SETUP" if self.kind == "SETUP" else f"{self.kind}{self.number}"

    @property
    def is_day(self) -> bool:
        return self.kind in ("D", "E")

    def follows(self, before: Phase) -> bool:
        """Whether this phase may come straight after `before`."""
        if before.kind == "SETUP":
            return (self.kind, self.number) == ("N", 1)
        if before.kind == "N":
            return (self.kind, self.number) in {("D", before.number)}
        if before.kind == "D":
            return (self.kind, self.number) in {("E", before.number), ("N", before.number + 1)}
        return (self.kind, self.number) == ("N", before.number + 1)

    @property
    def title(self) -> str:
        words = {"SETUP": "set-up", "N": "night", "D": "day", "E": "evening"}
        return words[self.kind] + ("" if self.kind == "SETUP" else f" {self.number}")


@dataclass(frozen=True)
class TokenChange:
    """A reminder token put on (`added`) or taken from a player."""

    added: bool
    token: ReminderToken

    def __str__(self) -> str:
        return f"{'+' if self.added else '-'}{self.token}"


@dataclass(frozen=True)
class Event:
    """One thing that happened. `actor` is None for the storyteller and for phases."""

    kind: EventKind
    actor: str | None = None
    target: str | None = None
    role: str | None = None
    """The acting character (ability), or the nominee's role as written (nomination)."""
    changes: tuple[TokenChange, ...] = ()
    phase: Phase | None = None

    def __str__(self) -> str:
        changes = f"({','.join(map(str, self.changes))})" if self.changes else ""
        match self.kind:
            case "phase":
                return f"<{self.phase}>"
            case "storyteller":
                return f"{STORYTELLER}!{self.target}{changes}"
            case "ability":
                return f"{self.actor}:{self.role}!{self.target}{changes}"
            case "nomination":
                role = f":{self.role}" if self.role else ""
                return f"{self.actor}!nominates->{self.target}{role}"
            case "vote":
                return f"{self.actor}!votes->{self.target}"
            case "execution":
                return f"{STORYTELLER}!executes->{self.target}"
            case _:
                return f"{STORYTELLER}!kills->{self.target}"


@dataclass(frozen=True)
class Trace:
    """A grimoire and the events that followed it, with where each event was written."""

    grimoire: Grimoire
    events: tuple[Event, ...] = ()
    comments: tuple[tuple[int, str], ...] = ()
    """`#` comments, each with how many events come before it, so none is lost on rewrite."""
    offsets: tuple[int, ...] = field(default=(), compare=False)


# -- notation -------------------------------------------------------------------------------


def parse(text: str, source: str = DEFAULT_SOURCE) -> Trace:
    """A trace: the grimoire line, then events; NotationError at the first malformed one."""
    text = line_ends(text)  # same length: offsets stay right
    first_end = text.find("\n")
    first_end = len(text) if first_end == -1 else first_end
    grimoire = parse_grimoire(text[:first_end].rstrip("\r"), source)
    events: list[Event] = []
    offsets: list[int] = []
    comments: list[tuple[int, str]] = []
    at = _skip(text, first_end)
    while at < len(text):
        comment = _COMMENT.match(text, at)
        if comment is not None:
            comments.append((len(events), comment[1].strip()))
            at = _skip(text, comment.end())
            continue
        found = _EVENT.match(text, at)
        if found is None or _END.match(text, found.end()) is None:
            raise _malformed(text, at, found, source)
        events.append(_event(found))
        offsets.append(at)
        at = _skip(text, found.end())
    return Trace(grimoire, tuple(events), tuple(comments), tuple(offsets))


def _skip(text: str, at: int) -> int:
    """Where the next event starts: past layout and comments."""
    layout = _NEXT.match(text, at)
    return at if layout is None else layout.end()


def _malformed(text: str, at: int, found: re.Match[str] | None, source: str) -> NotationError:
    if found is not None:
        return NotationError.at(
            text, found.end(), "expected a space or the end of the line after the event", source
        )
    word = text[at:].split(None, 1)[0][:40]
    if word.startswith("<"):
        hint = "a phase is <SETUP>, <N1>, <D1> or <E1> (night, day, evening, and its number)"
    elif word.startswith(f"{STORYTELLER}!"):
        hint = (
            "the storyteller writes st!Player(+role:token), st!executes->Player or st!kills->Player"
        )
    else:
        hint = (
            "expected an event such as Alice:poisoner!Bob(+poisoner:poisoned),"
            " Carol!nominates->Dave, Eve!votes->Dave or <N2>"
        )
    return NotationError.at(text, at, f"{word!r} is not an event: {hint}", source)


def _changes(written: str | None) -> tuple[TokenChange, ...]:
    if not written:
        return ()
    return tuple(
        TokenChange(part[0] == "+", ReminderToken.from_text(part[1:]))
        for part in written.split(",")
    )


def _event(found: re.Match[str]) -> Event:
    groups = found.groupdict()
    if groups["phase"]:
        written = groups["phase"]
        kind = "SETUP" if written == "SETUP" else written[0]
        number = 0 if written == "SETUP" else int(written[1:])
        return Event("phase", phase=Phase(kind, number))  # type: ignore[arg-type]
    if groups["executed"]:
        return Event("execution", target=groups["executed"])
    if groups["killed"]:
        return Event("death", target=groups["killed"])
    if groups["st_target"]:
        return Event("storyteller", target=groups["st_target"], changes=_changes(groups["changes"]))
    if groups["nominator"]:
        return Event("nomination", groups["nominator"], groups["nominee"], groups["nominee_role"])
    if groups["voter"]:
        return Event("vote", groups["voter"], groups["voted_for"])
    return Event(
        "ability",
        groups["actor"],
        groups["target"],
        groups["role"],
        _changes(groups["ability_changes"]),
    )


def dump(trace: Trace) -> str:
    """The grimoire line, then one phase and its events per line; comments on their own
    lines before the event they preceded."""
    lines = [format_grimoire(trace.grimoire)]
    notes: dict[int, list[str]] = {}
    for index, comment in trace.comments:
        notes.setdefault(index, []).append(f"# {comment}".rstrip())
    current: list[str] = []
    for index, event in enumerate((*trace.events, None)):
        if current and (index in notes or event is None or event.kind == "phase"):
            lines.append(" ".join(current))
            current = []
        lines += notes.get(index, [])
        if event is not None:
            current.append(str(event))
    return "\n".join(lines) + "\n"


# -- replay ---------------------------------------------------------------------------------


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
class TraceState:
    """The table after some events: the grimoire, the phase, and what today has seen."""

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

    def play(self, event: Event) -> TraceState:
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

    def _enter(self, event: Event) -> TraceState:
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

    def _abilities(self, event: Event) -> TraceState:
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

    def _nominate(self, event: Event) -> TraceState:
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

    def _vote(self, event: Event) -> TraceState:
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

    def _execute(self, event: Event) -> TraceState:
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

    def _kill(self, event: Event) -> TraceState:
        assert event.target is not None
        seat = self._seat(event.target)
        if seat.life.dead:
            raise RuleError(f"{event.target} is already dead", rule="already-dead")
        return self._with(replace(seat, life=Life.DEAD))

    def _with(self, seat: Seat) -> TraceState:
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


def replay(trace: Trace) -> Iterator[TraceState]:
    """The state before any event, then after each; RuleError (with `step`) at a broken one."""
    state = TraceState(trace.grimoire)
    yield state
    for step, event in enumerate(trace.events):
        try:
            state = state.play(event)
        except RuleError as problem:
            raise problem.at_step(step) from None
        yield state
