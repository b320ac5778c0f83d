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
from typing import TYPE_CHECKING, overload

from meeple.botc.characters import spelled
from meeple.botc.model import Grimoire, Life, ReminderToken, Seat
from meeple.botc.script import effective_role, team_of
from meeple.botc.trace import Event, Phase, Trace
from meeple.engine import Status
from meeple.errors import Location, RuleError
from meeple.pictures import Pictured
from meeple.registry import Registered

if TYPE_CHECKING:
    from meeple.game import Document


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
class State(Pictured):
    """The table after some events: the grimoire, the phase, and what today has seen.

    An engine Timeline (meeple.engine): `history`, `result_text` and `play(event)`.
    Beyond it: the fields `grimoire`, `phase`, and today's `nominated`, `nominators`,
    `nominee`, `voters` and `executed` (the mechanics a day's events are checked against);
    `winner` and `ending` once a team has won, `last_day` on the Mastermind's extra day.
    As an engine.Ending it says its `status` and `winner_names`.
    """

    game = Registered("botc")
    grimoire: Grimoire
    phase: Phase | None = None
    history: History = NO_EVENTS
    nominated: frozenset[str] = frozenset()
    nominators: frozenset[str] = frozenset()
    nominee: str | None = None
    voters: frozenset[str] = frozenset()
    executed: str | None = None
    winner: str | None = None
    """`good` or `evil` once the game has ended (docs/formats/botc.md, "Who wins")."""
    ending: str | None = None
    """Why the game ended, in a few words."""
    last_day: bool = False
    """The Mastermind's extra day: the Demon was executed, one more day is played."""

    @property
    def result_text(self) -> str:
        alive = sum(1 for seat in self.grimoire.seats if not seat.life.dead)
        where = self.phase.title if self.phase else "before the first phase"
        if self.winner is not None:
            names = ", ".join(self.winner_names)
            return f"{where}: {self.ending}: {self.winner} wins ({names})"
        return f"{where}: {alive} of {len(self.grimoire)} players alive"

    @property
    def status(self) -> Status:
        """`won` once a team has won, `playing` before (engine.Ending)."""
        return "playing" if self.winner is None else "won"

    @property
    def winner_names(self) -> tuple[str, ...]:
        """The players of the winning team, in seat order (empty while playing)."""
        if self.winner is None:
            return ()
        evil = self.winner == "evil"
        return tuple(s.player for s in self.grimoire.seats if is_evil(s) == evil)

    def play(self, event: Event) -> State:
        """The state after `event`; RuleError naming the mechanic it breaks."""
        if self.winner is not None and not _confirms(_last(self.history), event):
            raise RuleError(
                f"the game is over ({self.ending}: {self.winner} won): no event follows it",
                rule="game-over",
            )
        after = replace(self, history=self.history.then(event))
        if self.winner is not None:
            return after  # the death the ending event announced
        if event.kind == "phase":
            return after._enter(event)._day_ends(self)
        if self.phase is None:
            raise RuleError(
                f"{event} comes before the first phase: start with <SETUP> or <N1>",
                rule="phase-first",
            )
        for name in (event.actor, event.target):
            if name is not None:
                self._seat(name)
        match event.kind:
            case "bag":
                return after._bag(event)
            case "storyteller" | "ability":
                return after._abilities(event)._klutz(event)
            case "nomination":
                return after._nominate(event)
            case "vote":
                return after._vote(event)
            case "execution":
                return after._execute(event)._judge_death(event, self)
            case _:
                return after._kill(event)._judge_death(event, self)

    def _bag(self, event: Event) -> State:
        """botc-sat's `bag!Alice:washerwoman`: the set-up gave Alice that role."""
        assert event.actor is not None and event.role is not None
        if self.phase is None or self.phase.kind != "SETUP":
            raise RuleError(f"{event} hands out a role: that happens at <SETUP>", rule="bag-setup")
        _check_role(self._seat(event.actor), event)
        return self

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
            _check_role(self._seat(event.actor), event)
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
        if event.role:
            _check_role(nominee, event)
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
            before = self.history[-2] if len(self.history) > 1 else None
            if _confirms(before, event):
                return self  # `Alice!dies` says what the event before it did
            if _role(seat) == "zombuul" and _token(seat, "dead", "zombuul"):
                return self  # the Zombuul that registers as dead can die
            raise RuleError(f"{event.target} is already dead", rule="already-dead")
        return self._with(replace(seat, life=Life.DEAD))

    # -- who wins (docs/formats/botc.md, "Who wins") ---------------------------------------

    def _won(self, team: str, why: str) -> State:
        return replace(self, winner=team, ending=why)

    def _judge_death(self, event: Event, before: State) -> State:
        """The end conditions a death or an execution may meet."""
        assert event.target is not None
        was = before._seat(event.target)
        now = self._seat(event.target)
        state = self
        if event.kind == "execution":
            if before.last_day:
                loser = "evil" if is_evil(was) else "good"
                winner = "good" if loser == "evil" else "evil"
                return state._won(winner, f"{event.target} was executed on the Mastermind's day")
            if has_ability(was, "saint"):
                return state._won("evil", "the Saint was executed")
            twin = _living(state, "evil_twin")
            if twin is not None and has_ability(twin, "evil_twin") and _token(was, "twin"):
                return state._won("evil", "the Evil Twin's good twin was executed")
        zombuul = _role(was) == "zombuul" and _token(was, "dead", "zombuul")
        if zombuul and event.kind in ("execution", "death"):
            # The Zombuul that registers as dead dies for real.
            kept = tuple(t for t in now.tokens if t != ReminderToken("dead", "zombuul"))
            state = state._with(replace(now, tokens=kept))
            was = replace(was, life=Life.ALIVE)
        if not was.life.dead and now.life.dead and is_demon(was):
            alive_before = sum(1 for s in before.grimoire.seats if not s.life.dead)
            scarlet = _living(state, "scarlet_woman")
            if _role(was) == "zombuul" and not _token(was, "dead", "zombuul"):
                # The Zombuul's first death: it registers as dead and lives on.
                return state._with(_add(now, ReminderToken("dead", "zombuul")))
            if scarlet is not None and has_ability(scarlet, "scarlet_woman") and alive_before >= 5:
                caught = _add(scarlet, ReminderToken("is_the_demon", "scarlet_woman"))
                return state._with(caught)
            mastermind = _living(state, "mastermind")
            if event.kind == "execution" and mastermind and has_ability(mastermind, "mastermind"):
                return replace(state, last_day=True)
        demons = _living_demons(state.grimoire)
        if not demons and any(is_demon(s) for s in before.grimoire.seats):
            if was.life.dead and now.life.dead:
                pass  # a death confirmed (`Alice!dies`): nothing new
            elif not _twins_alive(state.grimoire):
                return state._won("good", "the Demon is dead")
        alive = sum(1 for s in state.grimoire.seats if _really_alive(s))
        if demons and alive <= 2:
            return state._won("evil", f"{alive} players are alive, the Demon among them")
        return state

    def _day_ends(self, before: State) -> State:
        """The end conditions of a day that ends (a night begins) without an execution."""
        if self.winner is not None or before.phase is None or not before.phase.is_day:
            return self
        if self.phase is None or self.phase.kind != "N" or before.executed is not None:
            return self
        if before.last_day:
            # The Demon is dead: with the extra day over, good's win stands.
            return self._won("good", "no one was executed on the Mastermind's day")
        vortox = _living(self, "vortox")
        if vortox is not None and has_ability(vortox, "vortox"):
            return self._won("evil", "no one was executed while the Vortox lives")
        mayor = _living(self, "mayor")
        alive = sum(1 for s in self.grimoire.seats if not s.life.dead)
        if mayor is not None and has_ability(mayor, "mayor") and alive == 3:
            return self._won(
                "good", "three players are alive, the Mayor among them, and no one was executed"
            )
        return self

    def _klutz(self, event: Event) -> State:
        """A Klutz who has died chooses a player: an evil one loses good the game."""
        if event.kind != "ability" or event.role != "klutz" or event.actor is None:
            return self
        klutz, chosen = self._seat(event.actor), self._seat(event.target or "")
        if has_ability(klutz, "klutz") and klutz.life.dead and is_evil(chosen):
            return self._won("evil", f"the Klutz chose {chosen.player}, who is evil")
        return self

    def _with(self, seat: Seat) -> State:
        seats = tuple(seat if s.player == seat.player else s for s in self.grimoire.seats)
        return replace(self, grimoire=Grimoire(seats))


def _check_role(seat: Seat, event: Event) -> None:
    """RuleError unless `event` names the seat's role (shown or real). A player who has
    become the Demon (the Scarlet Woman, an Imp's minion) keeps their role's name: the
    message says how to write the event so."""
    if spelled(event.role) in (spelled(seat.role), _role(seat)):
        return
    message = f"{seat.player} is the {seat.role}, not the {event.role}"
    if _token(seat, "is_the_demon") and team_of(effective_role(seat)) != "demon":
        written = replace(event, role=effective_role(seat))
        message += (
            f": {seat.player} has become the Demon and keeps the {effective_role(seat)}'s"
            f" name, so write {written}"
        )
    raise RuleError(message, rule="wrong-role")


def _last(history: History) -> Event | None:
    return history[-1] if history else None


def _confirms(before: Event | None, event: Event) -> bool:
    """Whether `event` is botc-sat's `Alice!dies` announcing the death that the event
    `before` it (an execution or a kill of Alice) caused: part of that event, not a new one."""
    return (
        event.kind == "dies"
        and before is not None
        and before.kind in ("execution", "death")
        and before.target == event.target
    )


def _token(seat: Seat, name: str, role: str | None = None) -> bool:
    return any(t.name == name and (role is None or t.role == role) for t in seat.tokens)


def _add(seat: Seat, token: ReminderToken) -> Seat:
    return replace(seat, tokens=(*seat.tokens, token))


def _role(seat: Seat) -> str:
    """The role a seat really has, in the seed's spelling (`scarlet_woman` whether the
    record wrote it so or as the Script Tool's `scarletwoman`): what the rules compare."""
    return spelled(effective_role(seat))


def has_ability(seat: Seat, role: str) -> bool:
    """Whether `seat` is the `role` and neither drunk nor poisoned."""
    return _role(seat) == role and not _token(seat, "poisoned")


def is_demon(seat: Seat) -> bool:
    """The Demon's seat: a demon's role, or a player who has become the Demon."""
    return team_of(effective_role(seat)) == "demon" or _token(seat, "is_the_demon")


def is_evil(seat: Seat) -> bool:
    """A minion's or demon's seat, or a player who has become the Demon."""
    return team_of(effective_role(seat)) in ("minion", "demon") or _token(seat, "is_the_demon")


def _really_alive(seat: Seat) -> bool:
    """Alive, or the Zombuul that registers as dead."""
    return not seat.life.dead or (_role(seat) == "zombuul" and _token(seat, "dead", "zombuul"))


def _living_demons(grimoire: Grimoire) -> list[Seat]:
    return [s for s in grimoire.seats if is_demon(s) and _really_alive(s)]


def _living(state: State, role: str) -> Seat | None:
    return next((s for s in state.grimoire.seats if _role(s) == role and not s.life.dead), None)


def _twins_alive(grimoire: Grimoire) -> bool:
    """The Evil Twin and its good twin both alive: good cannot win."""
    twin = next((s for s in grimoire.seats if _role(s) == "evil_twin"), None)
    if twin is None or twin.life.dead or not has_ability(twin, "evil_twin"):
        return False
    return any(_token(s, "twin") and not s.life.dead for s in grimoire.seats if s is not twin)


def _order(phase: Phase) -> str:
    if phase.kind == "SETUP":
        return "the set-up is followed by <N1>"
    if phase.kind == "N":
        return f"night {phase.number} is followed by <D{phase.number}>"
    if phase.kind == "D":
        return f"day {phase.number} is followed by <E{phase.number}> or <N{phase.number + 1}>"
    return f"evening {phase.number} is followed by <N{phase.number + 1}>"


def replay(trace: Trace) -> Iterator[State]:
    """The state before any event, then after each; RuleError (with `step`) at a broken one.

    A trace with no grimoire line (botc-sat's snippets) has only its first state: there
    are no seats to play its events on."""
    state = State(trace.grimoire or Grimoire())
    yield state
    if trace.grimoire is None:
        return
    for step, event in enumerate(trace.events):
        try:
            state = state.play(event)
        except RuleError as problem:
            raise problem.at_step(step) from None
        yield state


def replay_document(document: Document) -> Iterator[State]:
    """Every state of a parsed trace; a broken mechanic is shown at its event."""
    events: Trace = document.model
    try:
        yield from replay(events)
    except RuleError as problem:
        assert problem.step is not None
        here = Location.of(document.text, events.offsets[problem.step], document.source)
        raise problem.moved_to(here) from None
