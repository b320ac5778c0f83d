"""A puzzle's game played step by step over one starting grimoire: every night's and
day's Storyteller choices tried, every story kept in which each claim could be told.

The puzzle is first turned into a `Plan`: its steps (night 1, day 1, night 2, ...) up
to the last time it mentions, each with the timeline's deaths and the claims' items
dated then. `play` runs a `Story` through the steps, branching where the Storyteller
chooses (`Unit.night`, deaths), and yields the stories that reach the end. A `Trace`,
when given, keeps the latest contradiction met, for `--explain`.

Conventions (docs/formats/botc.md, "Solving"): a good player's claim is their
character (the Drunk's, the Townsfolk it believes it is) and what they learned is true
unless they are drunk or poisoned; an evil player's claims are anything; every death is
in the timeline; the game is still going at the end.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from meeple.botc.puzzle.model import (
    NO_DEAD_KILLS,
    NO_DEMON_EXECUTED,
    Aligned,
    Alignment,
    DemonAmong,
    Dream,
    Event,
    EvilAmong,
    Info,
    Nominations,
    Number,
    Options,
    Puzzle,
    Reading,
    Seen,
    Shown,
    Statement,
    Time,
    Woke,
)
from meeple.botc.solver.constraints import named_in
from meeple.botc.solver.deaths import doomsayer, execute, starting_demon_dies
from meeple.botc.solver.homebrew import character, character_id, claimed_as
from meeple.botc.solver.story import Story, team
from meeple.botc.solver.units import Table, Unit, Unmodelled, overrides

KINDS = (
    "execution",
    "night_death",
    "nomination_death",
    "slayer_shot",
    "survived_execution",
    "witch_curse",
    "doomsayer_death",
)
"""The timeline's events the solver models."""


@dataclass(frozen=True)
class Said:
    """One item a player learned or did, with the seat, the claimed character's unit and
    the time it happened."""

    seat: int
    unit: Unit
    item: Info
    when: Time
    index: int
    """Its place among the puzzle's items (for the first contradiction)."""
    claimed: tuple[str, ...] = field(init=False, compare=False, repr=False)
    """The characters the claim stands for (`claimed_as`)."""
    informs: bool = field(init=False, compare=False, repr=False)
    """Whether the item is information (`INFORMATION`: a Vortox makes it false)."""
    binds: bool = field(init=False, compare=False, repr=False)
    """Whether the claimed character's unit has a `binds` of its own (else none binds)."""
    wakes: bool = field(init=False, compare=False, repr=False)
    """Whether the claimed character's unit has a `woke` of its own (else it woke)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "claimed", claimed_as(self.unit.id))
        object.__setattr__(self, "informs", isinstance(self.item, INFORMATION))
        object.__setattr__(self, "binds", overrides(self.unit, "binds"))
        object.__setattr__(self, "wakes", overrides(self.unit, "woke"))


@dataclass(frozen=True)
class Step:
    """One night or day of the puzzle's game."""

    when: Time
    events: tuple[Event, ...]
    said: tuple[Said, ...]
    actions: list[Said] = field(init=False, compare=False, repr=False)
    """The items that are actions (`Unit.acts`: a Slayer's shot), heard by day in order."""
    checks: list[Said] = field(init=False, compare=False, repr=False)
    """The same items in the order `_tell` checks them: the one that refuted a story
    last comes first, since the set-ups of one search tend to fail on the same claim
    (the answer does not depend on this order; `--explain` keeps `said`'s). A count of
    abnormal abilities stays last: what the others record it counts (the others'
    records do not depend on their order)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "actions", [said for said in self.said if said.unit.acts])
        object.__setattr__(self, "checks", list(self.said))


@dataclass(frozen=True)
class Plan:
    """A puzzle made ready to play: its table and steps."""

    table: Table
    steps: tuple[Step, ...]
    named: frozenset[str] = frozenset()
    """The players worth trying as the Fortune Teller's red herring (`named_herrings`)."""
    settled: list[Said] = field(default_factory=list)
    """Night 1's items that its choices cannot change (`refuted_first`), or none when
    the puzzle's cast may change them otherwise than by poison; the last to refuse a
    set-up first (the answer does not depend on their order)."""


@dataclass
class Trace:
    """The latest contradiction a search met (the step's order, the item's, the words)."""

    found: tuple[int, int, str] | None = None

    def note(self, when: Time, index: int, message: str) -> None:
        """Keeps the message if no later contradiction was met before."""
        key = (when.order, index)
        if self.found is None or key > self.found[:2]:
            self.found = (*key, message)


def plan(puzzle: Puzzle, cast: Mapping[str, Unit]) -> Plan:
    """The steps of a puzzle's game, for these characters' units."""
    names = tuple(puzzle.players)
    said: list[Said] = []
    for claim in puzzle.claims:
        role = character_id(claim.character)
        unit = cast.get(role) if role is not None else None
        if unit is None:
            raise Unmodelled(f"the solver does not model the {claim.character} yet")
        seat = names.index(claim.player)
        for night, (when, item) in enumerate(claim.facts(), start=1):
            time = when or (Time("night", night) if unit.each_night else unit.learns_at)
            if time is None and unit.untimed_ignored:
                continue
            if time is None:
                raise Unmodelled(f"{claim.player}'s {claim.character} claim says no time")
            said.append(Said(seat, unit, item, time, len(said)))
    for event in puzzle.timeline:
        if event.kind not in KINDS:
            raise Unmodelled(f"the solver does not model {event.kind.replace('_', ' ')} yet")
    executes = any(event.kind == "execution" for event in puzzle.timeline)
    for unit in cast.values():
        if executes and unit.executions_unmodelled:
            raise Unmodelled(f"the solver does not model the {unit.title} with an execution yet")
        if unit.standard_setup_unmodelled and puzzle.setup == "standard":
            raise Unmodelled(f"the solver models the {unit.title} only with `setup: none`")
        killer = unit.kills or team(unit.id) == "demon"
        if NO_DEAD_KILLS in puzzle.house_rules and killer and not unit.kills_only_the_living:
            raise Unmodelled(
                f"the solver does not model the house rule {NO_DEAD_KILLS!r} with the {unit.title}"
            )
    times = [s.when for s in said] + [e.when for e in puzzle.timeline]
    times += [when for _, _, when in changed_claims(puzzle)]
    last = max((t.order for t in times), default=0)
    steps = []
    for order in range(last + 1):
        when = Time("day" if order % 2 else "night", order // 2 + 1)
        events = tuple(e for e in puzzle.timeline if e.when == when)
        steps.append(Step(when, events, tuple(s for s in said if s.when == when)))
    deaths = {
        e.when.number: tuple(names.index(p) for p in e.players)
        for e in puzzle.timeline
        if e.kind == "night_death"
    }
    by_seat = {seat: tuple(s.item for s in said if s.seat == seat) for seat in range(len(names))}
    heard = tuple(names.index(claim.player) for claim in puzzle.claims if claim.heard_widow_call)
    asked = {
        names.index(player)
        for sentence in puzzle.constraints
        for player in named_in(sentence.tree, "poisoned", 0)
        if player in names
    }
    tallied = any(s.unit.tallies for s in said)
    steps = [Step(step.when, step.events, _tallies_last(step.said)) for step in steps]
    table = Table(
        names,
        cast,
        deaths,
        by_seat,
        puzzle,
        heard,
        tallied=tallied,
        asked_poisoned=tuple(sorted(asked)),
        changed=changed_claims(puzzle),
        told_at={
            seat: frozenset(s.when.order for s in said if s.seat == seat)
            for seat in range(len(names))
        },
    )
    return Plan(table, tuple(steps), named_herrings(puzzle), list(_settled(table, steps[0].said)))


def _settled(table: Table, said: tuple[Said, ...]) -> tuple[Said, ...]:
    """Night 1's items that only a poison of their own claimant can save from refusal
    (`Unit.settled_first_night`), where nothing else of the cast may change them that
    night: no one drunk from the start, no Goon to turn, no Atheist to free the
    Storyteller, no death (a Vortox in play is asked of each set-up)."""
    cast = table.cast
    if (
        table.drinkers
        or "villageidiot" in cast
        or any(unit.hidden for unit in cast.values())
        or table.frees_storyteller
        or table.night_deaths.get(1)
    ):
        return ()
    return tuple(s for s in said if s.unit.settled_first_night and not s.binds and not s.wakes)


def refuted_first(plan_: Plan, roles: Sequence[str]) -> bool:
    """Whether night 1 refutes a set-up whatever its Storyteller chooses, found before it
    is played: where the only characters acting that night poison one player at most
    or none (`nightkills.poisons_first_night`: a Poisoner, a Widow, a Pukka; a Witch)
    and no Vortox makes information false, more players than they may poison have a
    settled item
    (`Plan.settled`) refused as the night begins. A poisoner's choice poisons one
    player, whose own items it may save; it takes at most a registration away from the
    others' (a poisoned Recluse registers only as itself), which makes no refused item
    true: every story refuses one of them. (A count of abnormal abilities only records
    more of each story.)"""
    table = plan_.table
    if table.falsifies and any(table.cast[role].falsifies for role in roles):
        return False
    quiet = table.quiet_first_night
    poisoning = table.poisoners_first_night
    poisoners = 0
    for _, seat in table.actors(roles):
        role = roles[seat]
        if role in poisoning:
            poisoners += poisoning[role]
        elif role not in quiet:
            return False  # another choice tonight: the night is played
    story = Story(roles, table.misregisters)
    refused = set()
    settled = plan_.settled
    for position, said in enumerate(settled):
        if said.seat not in refused and _refused(table, said, story) is not None:
            refused.add(said.seat)
            settled.insert(0, settled.pop(position))  # the rest keep their places
            if len(refused) > poisoners:
                return True
    return False


def named_herrings(puzzle: Puzzle) -> frozenset[str]:
    """The players a Fortune Teller's reading names, or a sentence names as its red
    herring."""
    found = {
        name
        for claim in puzzle.claims
        for _, item in claim.facts()
        if isinstance(item, Reading)
        for name in (item.left, item.right)
    }
    sentences = [
        *(sentence.tree for sentence in puzzle.constraints),
        *(
            sentence.tree
            for claim in puzzle.claims
            for _, item in claim.facts()
            for sentence in (
                item.sentences
                if isinstance(item, Options)
                else (item.sentence,)
                if isinstance(item, Statement) and item.sentence is not None
                else ()
            )
        ),
    ]
    return frozenset().union(
        found, *(named_in(tree, "fortune_teller_red_herring", 1) for tree in sentences)
    )


def changed_claims(puzzle: Puzzle) -> tuple[tuple[int, str, Time], ...]:
    """Each claim of a character other than the player's claim before it, made strictly
    later (`Matthew claims artist on day 2` after a Seamstress's night 1), as (seat,
    character, time); claims without a time are never changes (jthemphill's reading)."""
    found = []
    for seat, player in enumerate(puzzle.players):
        timed = [
            (claim.when, character_id(claim.character))
            for claim in puzzle.claims_of(player)
            if claim.when is not None
        ]
        timed.sort(key=lambda pair: pair[0].order)
        for (before, was), (when, role) in itertools.pairwise(timed):
            if role is not None and when.order > before.order and role != was:
                found.append((seat, role, when))
    return tuple(found)


def _explained(table: Table, step: Step, story: Story, trace: Trace | None) -> bool:
    """Whether every good player whose claim changes now to another character has it
    now (a Pit-Hag made them so) or is mad about it (a Cerenovus chose them on the
    night of the same number)."""
    if not table.changed:
        return True
    night = Time("night", step.when.number).order
    for seat, role, when in table.changed:
        if when != step.when or story.evil(seat):
            continue
        if table.cast[story.roles[seat]].says_anything:
            continue
        if any(story.has(seat, key) for key in claimed_as(role)):
            continue
        if ("mad", night, seat) in story.choices:
            continue
        if trace is not None:
            why = f"{table.names[seat]} claims the {character(role).name} but is not, nor mad"
            trace.note(step.when, -1, why)
        return False
    return True


def _tallies_last(said: tuple[Said, ...]) -> tuple[Said, ...]:
    """A step's items with the counts of abnormal abilities last (the Mathematician
    wakes after every other character it may count)."""
    return tuple(sorted(said, key=lambda s: s.unit.tallies))


def play(plan_: Plan, story: Story, trace: Trace | None = None) -> Iterator[Story]:
    """Every story, from this set-up, that tells the whole puzzle; of the stories that
    reach a night in the same state (`Story.state`) only the first is played on: the
    others would go the same way, and every caller wants a set-up's first story. (A
    day is not looked up so: two stories rarely reach one alike, the Poisoner's choice
    of the night before still told apart.) The story given is the play's own: night 1
    changes it rather than a copy."""
    yield from _from(plan_, 0, story, trace, set())


FRESH = frozenset({"now", "died", "poisoned", "blanket"})
"""The fields of a story that a night sets anew as it begins (`_night`)."""


def _from(
    plan_: Plan, index: int, story: Story, trace: Trace | None, seen: set[tuple[object, ...]]
) -> Iterator[Story]:
    if index == len(plan_.steps):
        if _owned(plan_.table, story, trace):
            yield story
        return
    step = plan_.steps[index]
    night = step.when.phase == "night"
    if index and night:
        state = (index, *story.state(FRESH))
        if state in seen:
            if story.chosen_poison is not None:  # the Pukka's choice is not asked about
                story.asked.everything()
            return
        seen.add(state)
    if night:  # the play's own story on night 1 (`play`): no copy
        steps = _night(plan_.table, step, story.fork() if index else story, trace)
    else:
        steps = _day(plan_.table, step, story, trace)
    going_on = not night and index + 1 < len(plan_.steps)
    going_on = going_on and bool(plan_.table.puzzle.timeline)  # none: no days told
    for after in steps:
        if going_on and after.executed is None and _falsified(plan_.table, after):
            if trace is not None:
                trace.note(step.when, 10**6, "no one was executed: the Vortox's evil wins")
            continue
        yield from _from(plan_, index + 1, after, trace, seen)


def _owned(table: Table, story: Story, trace: Trace | None) -> bool:
    """Whether every player could have made its claims, as the story ends (`Unit.disowns`:
    a good Goon claims only the Goon)."""
    for seat, role in enumerate(story.roles):
        why = table.cast[role].disowns(story, seat, table)
        if why is not None:
            if trace is not None:
                last = Time("day" if story.now % 2 else "night", story.now // 2 + 1)
                trace.note(last, 10**6, why)
            return False
    return True


def _night(table: Table, step: Step, story: Story, trace: Trace | None) -> Iterator[Story]:
    """The stories after a night, from a story of the night's own (changed in place)."""
    story.now = step.when.order
    story.died = []
    story.poisoned = None
    story.blanket = None
    number = step.when.number
    dead = table.night_deaths.get(number, ())
    doomed = dead if trace is None else ()  # `--explain` plays each story to its end
    for after in _acting(table, number, table.actors(story.roles), story, doomed):
        if dead and any(after.alive[seat] for seat in dead):
            if trace is not None:
                trace.note(step.when, -1, f"no one could have killed {_listed(table, dead)}")
            continue
        if number == 1 and table.widowed and not _heard(table, after, trace):
            continue
        told = _tell(table, step, after, trace)
        if told is not None:
            yield told


def _heard(table: Table, story: Story, trace: Trace | None) -> bool:
    """Whether the good players who say they heard a Widow's call are the one the Widow
    told (none when no Widow acted): every good player says so who heard it."""
    if not table.heard and "widow" not in table.cast:
        return True  # no one says they heard it, and no Widow called
    good = [seat for seat in table.heard if not story.evil(seat)]
    called = any(what == "widow_call" for what, _, _ in story.choices)
    if len(good) == (1 if called else 0):
        return True
    if trace is not None:
        told = "one good player heard the Widow" if called else "no Widow called"
        trace.note(Time("night", 1), -1, f"{told}, but {len(good)} good players say they did")
    return False


def _acting(
    table: Table,
    number: int,
    actors: list[tuple[float, int]],
    story: Story,
    dead: tuple[int, ...] = (),
    index: int = 0,
) -> Iterator[Story]:
    """The stories after every actor's choices tonight, in night order (each actor's
    unit is the one its seat has when it wakes). An actor whose choices after the
    first ask what the stories before them asked (`Unit.asks_after`: the Poisoner's,
    `Story.asked`) is played one story at a time, all the way to the puzzle's end. A
    story in which the night's `dead` can no longer all die is given up before the
    next actor acts (`_doomed`)."""
    quiet = table.quiet if number > 1 else table.quiet_first_night
    while True:
        while index < len(actors) and story.roles[actors[index][1]] in quiet:
            index += 1  # it wakes to nothing: the story as it was
        if index == len(actors):
            yield story
            return
        if dead and _doomed(table, story, actors[index:], dead, quiet):
            return
        seat = actors[index][1]
        branches: Iterable[Story] = _acts(table, number, seat, story)
        if not table.cast[story.roles[seat]].asks_after:
            found = list(branches)
            if len(found) == 1:  # no choice to branch on: the next actor
                story, index = found[0], index + 1
                continue
            branches = found
        for after in branches:
            yield from _acting(table, number, actors, after, dead, index + 1)
        return


def _doomed(
    table: Table,
    story: Story,
    actors: list[tuple[float, int]],
    dead: tuple[int, ...],
    quiet: frozenset[str],
) -> bool:
    """Whether more of the night's dead are alive than the actors still to act can
    kill (each as its character's `kills_at_most` bounds it): the night's check of its
    deaths would refuse every story that follows. Deaths at night happen only in the
    actors' nights, and no one dead lives again."""
    living = sum(story.alive[seat] for seat in dead)
    if not living:
        return False
    room = 0
    for _, seat in actors:
        role = story.roles[seat]
        if role in quiet:
            continue
        bound = table.kill_bounds.get(role)
        if bound is None:
            return False
        room += bound(story, seat)
        if room >= living:
            return False
    return True


def _acts(table: Table, number: int, seat: int, story: Story) -> Iterator[Story]:
    unit = table.cast[story.roles[seat]]
    misfires = table.tallied and unit.chooses  # a count of abnormal abilities reads it
    if misfires and story.active(seat) and table.misfiring(story, seat, unit.id):
        story = story.fork()
        story.worked_abnormally(seat, certain=False)
    return unit.night(story, seat, number, table)


def _day(table: Table, step: Step, story: Story, trace: Trace | None) -> Iterator[Story]:
    story = story.fork()
    story.now = step.when.order
    story.died = []
    story.executed = None
    story.dawn()
    for after in _actions(table, step.actions, story, trace, step):
        # what players learn by day (a Savant's, an Artist's) they learn before the
        # day's deaths: a Sweetheart executed today makes no one drunk for it
        told = _tell(table, step, after, trace)
        if told is not None:
            yield from _events(table, list(step.events), told, trace, step)


def _actions(
    table: Table, said: list[Said], story: Story, trace: Trace | None, step: Step
) -> Iterator[Story]:
    """The stories after the day's actions (`said`, `Step.actions`), heard in order."""
    if not said:
        yield story
        return
    first, rest = said[0], said[1:]
    found = False
    for after in first.unit.hear(story, first.seat, first.item, table):
        found = True
        yield from _actions(table, rest, after, trace, step)
    if not found and trace is not None:
        trace.note(step.when, first.index, _said(table, first, "could not have happened so"))


def _events(
    table: Table, events: list[Event], story: Story, trace: Trace | None, step: Step
) -> Iterator[Story]:
    if not events:
        yield story
        return
    event, rest = events[0], events[1:]
    seats = [table.seats[player] for player in event.players]
    barred = [seat for seat in seats if starting_demon_dies(story, seat, event.kind, table)]
    if barred:
        if trace is not None:
            demon = character(story.starting[barred[0]]).name
            died = event.kind.replace("_", " ")
            why = f"{table.names[barred[0]]}, who started as the {demon}, could not die by"
            why += f" {died} on {step.when}: the house rule {NO_DEMON_EXECUTED!r}"
            trace.note(step.when, 10**6, why)
        return
    if event.kind in ("execution", "survived_execution"):
        survives = event.kind == "survived_execution"
        for seat in seats:
            found = False
            for after in execute(story.fork(), seat, table):
                found = True
                if after.alive[seat] == survives:
                    yield from _events(table, rest, after, trace, step)
                elif trace is not None:
                    why = "could not have died" if after.alive[seat] else "would have died"
                    trace.note(step.when, 10**6, f"{table.names[seat]} {why} when executed")
            if not found and trace is not None:
                trace.note(step.when, 10**6, f"the game would have ended on {step.when}")
        return
    if event.kind == "doomsayer_death":
        yield from _doomsayer(table, event, seats, rest, story, trace, step)
        return
    found = False
    for after in _caused(table, event.kind, seats, story):
        found = True
        yield from _events(table, rest, after, trace, step)
    if not found and trace is not None:
        trace.note(step.when, 10**6, f"{_listed(table, seats)} could not have died")


def _doomsayer(
    table: Table,
    event: Event,
    seats: list[int],
    rest: list[Event],
    story: Story,
    trace: Trace | None,
    step: Step,
) -> Iterator[Story]:
    """The Doomsayer's deaths of the event, then the day's other events."""
    caller = table.seat(event.caller)
    if caller is None:
        raise Unmodelled("the solver models a Doomsayer's death with its caller")
    stories = [story]
    for seat in seats:
        stories = [after for before in stories for after in doomsayer(before, caller, seat, table)]
    if not stories and trace is not None:
        trace.note(step.when, 10**6, f"{_listed(table, seats)} could not have died")
    for after in stories:
        yield from _events(table, rest, after, trace, step)


def _caused(table: Table, kind: str, seats: list[int], story: Story) -> Iterator[Story]:
    """The stories in which a day death of the timeline happened: already, by the claim
    that tells it, or by any seat whose ability causes such deaths."""
    living = [seat for seat in seats if story.alive[seat]]
    if not living:
        yield story
        return
    victim = living[0]
    for seat, role in [*enumerate(story.roles), *story.gained]:  # a Boffin's gift too
        unit = table.cast[role]
        if unit.causes == kind:
            for after in unit.cause(story, seat, victim, table):
                if not after.alive[victim]:  # else an ability kept them alive
                    yield from _caused(table, kind, seats, after)


def _tell(table: Table, step: Step, story: Story, trace: Trace | None) -> Story | None:
    """The story if every item of the step could be learned so in it (None if not),
    with the abilities that worked abnormally recorded when a claim counts them."""
    if table.frees_storyteller and any(table.cast[r].frees_storyteller for r in story.roles):
        return story
    if table.changed and not _explained(table, step, story, trace):
        return None
    # counts of abnormal abilities come last (they stay there: only the others move to
    # the front), and `--explain` reports the first refusal
    adapt = trace is None
    for position, said in enumerate(step.checks if adapt else step.said):
        why = _refused(table, said, story)
        if why is not None:
            if trace is not None:
                trace.note(step.when, said.index, _said(table, said, why))
            if adapt and position and not said.unit.tallies:
                step.checks.insert(0, step.checks.pop(position))
            return None
        if table.tallied and not said.unit.tallies and _learns(table, said, story):
            story = _abnormal(table, said, story)
    return story


def _learns(table: Table, said: Said, story: Story) -> bool:
    """Whether the item is what the claimant learned by its own ability: a good player,
    not one who may say anything, and not an action."""
    if said.unit.acts or story.evil(said.seat):
        return False
    return not table.cast[story.roles[said.seat]].says_anything


def _refused(table: Table, said: Said, story: Story) -> str | None:
    """Why the item cannot be so in the story, None when it can: what binds whoever the
    claimant is (`Unit.binds`); then, for a good claimant's own information, why it
    could not have learned it at all (`Unit.woke`), or why it is not what it learned: a
    sober one's by its character's rule; under a Vortox, a Townsfolk's is false, drunk
    or poisoned too (as Clockchecker reads it); a drunk or poisoned one's is otherwise
    anything. (One function, `_learns` and the rest inline: every check of every
    story comes here.)"""
    unit, seat = said.unit, said.seat
    if said.binds:
        bound = unit.binds(story, seat, said.item, table)
        if bound is not None:
            return bound
    role = story.roles[seat]
    if unit.acts or story.evil_at_start[seat] or seat in story.turned or role in table.talkers:
        return None  # not what it learned by its own ability (`Story.evil`, inline)
    if said.wakes:
        woke = unit.woke(story, seat, said.when)
        if woke is not None:
            return woke
    if role not in said.claimed and not (
        story.gained and any((seat, key) in story.gained for key in said.claimed)
    ):
        return None  # it has not the ability (`Story.has`)
    if said.informs and table.falsifies and _falsified(table, story, seat):
        return unit.lies(story, seat, said.item, table)
    if not story.sober(seat):
        return None
    return unit.holds(story, seat, said.item, table)


def _abnormal(table: Table, said: Said, story: Story) -> Story:
    """The story with the claimant recorded if its ability worked abnormally because of
    another character's (docs/formats/botc.md, "the Mathematician's count"): a
    Vortox's false information; a drunk or poisoned player's item its character's rule
    refuses; a Drunk's the same (by the Mathematician's jinx)."""
    unit, seat = said.unit, said.seat
    if seat in story.abnormal:
        return story
    if table.misfiring(story, seat, unit.id):
        abnormal = unit.holds(story, seat, said.item, table) is not None
    elif story.has(seat, unit.id):
        abnormal = said.informs and _falsified(table, story, seat)
    else:
        return story
    if not abnormal:
        return story
    story = story.fork()
    story.worked_abnormally(seat)
    return story


INFORMATION = (
    Aligned,
    Alignment,
    DemonAmong,
    Dream,
    EvilAmong,
    Nominations,
    Number,
    Options,
    Reading,
    Seen,
    Shown,
    Statement,
    Woke,
)
"""The items that are information a Townsfolk learns (the Vortox makes them false),
not choices or actions."""


def _falsified(table: Table, story: Story, seat: int | None = None) -> bool:
    """Whether a living sober Vortox makes information false now (a Townsfolk's, when
    `seat` is given)."""
    if not table.falsifies or (seat is not None and team(story.roles[seat]) != "townsfolk"):
        return False
    return any(
        table.cast[role].falsifies and story.alive[vortox] and story.sober(vortox)
        for vortox, role in enumerate(story.roles)
    )


def _said(table: Table, said: Said, why: str) -> str:
    return f"{table.names[said.seat]} ({said.unit.title}) on {said.when}: {why}"


def _listed(table: Table, seats: tuple[int, ...] | list[int]) -> str:
    return " and ".join(table.names[seat] for seat in seats)
