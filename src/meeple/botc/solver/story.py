"""One story of a game: the characters each seat has now, who is alive, who is
poisoned, the Fortune Teller's red herring, and the Storyteller's choices so far.

A `Story` is the solver's state between two steps of a puzzle's timeline. Steps copy it
(`fork`) and change the copy, so a branch never disturbs another. It also answers how a
seat may register to an ability (`may_be`, `may_be_evil`, ...): the Recluse and the Spy
may register otherwise, each time anew, unless they are poisoned. It holds no rules of
its own beyond that; the characters' units (`meeple.botc.solver.units`) and the timeline
(`meeple.botc.solver.timeline`) change it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from operator import attrgetter
from typing import Any

from meeple.botc.solver.homebrew import character

EVIL_TEAMS = ("minion", "demon")


@dataclass(frozen=True)
class Misregistration:
    """How a character may register otherwise while sober: as the other alignment, and as
    any character of these teams (the Recluse: evil, a Minion or Demon)."""

    alignment: bool
    teams: tuple[str, ...]
    keeps: bool = False
    """Whether it registers as its own character too, whatever the Storyteller chooses
    (the Legion: a Demon, and a Minion too)."""


@cache
def team(key: str) -> str:
    """The team of a character id (`fortuneteller` -> townsfolk); cached: the solver
    asks it hundreds of thousands of times a puzzle."""
    return character(key).team


@cache
def _evil_at_start(starting: tuple[str, ...]) -> tuple[bool, ...]:
    """Whether each seat's starting character is evil (every story of a set-up asks)."""
    return tuple(team(role) in EVIL_TEAMS for role in starting)


class Asked:
    """When each seat's poisoning was last asked (`Story.is_poisoned`), on a clock that
    each Poisoner's choice moves on: shared by every story of one play, so a Poisoner
    can tell whether the stories that poisoned no one ever asked about a seat."""

    __slots__ = ("clock", "last")

    def __init__(self, seats: int) -> None:
        self.clock = 0
        self.last = [0] * seats

    def tick(self) -> int:
        """A new mark: a seat asked about from now on has `last` at least this."""
        self.clock += 1
        return self.clock

    def everything(self) -> None:
        """Every seat counts as asked about now (a step skipped unasked: `timeline`)."""
        self.last = [self.clock] * len(self.last)


class Story:
    """The state of one story: mutable, copied by `fork` before each change."""

    __slots__ = (
        "abnormal",
        "abnormal_maybe",
        "alive",
        "asked",
        "blanket",
        "choices",
        "chosen_poison",
        "died",
        "drink",
        "drunk",
        "drunk_asked",
        "dusk",
        "evil_at_start",
        "executed",
        "gained",
        "herring",
        "herring_asked",
        "lasting",
        "misregisters",
        "now",
        "philosophy",
        "poisoned",
        "poisoner",
        "roles",
        "starting",
        "turned",
        "undead",
        "vigor",
    )

    def __init__(
        self,
        starting: Sequence[str],
        misregisters: Mapping[str, Misregistration],
        red_herring: int | None = None,
    ) -> None:
        self.starting = tuple(starting)
        self.evil_at_start = _evil_at_start(self.starting)
        self.roles = list(starting)
        self.alive = [True] * len(starting)
        self.poisoner: int | None = None
        self.poisoned: int | None = None
        self.asked = Asked(len(starting))
        """When each seat's poisoning was last asked (shared by the forks)."""
        self.herring = red_herring
        self.herring_asked: set[int] = set()
        """The seats this story or a fork of it (they share the set) asked whether they
        are the red herring: a story with another red herring that is none of them goes
        the same way (every such question answered alike)."""
        self.choices: tuple[tuple[str, int, int], ...] = ()
        """(what, time order, seat): `poisoned`, `demon` (the seat became the Demon)."""
        self.died: list[int] = []
        """Who died in the current step, in order."""
        self.executed: int | None = None
        """Who was executed on the last day (the Undertaker's night after)."""
        self.misregisters = misregisters
        self.now = 0
        """The time of the step being played (`Time.order`)."""
        self.blanket: tuple[int, frozenset[int]] | None = None
        """A poisoning of many until dusk: its source's seat and the seats poisoned (the
        Xaan's night)."""
        self.lasting: tuple[int, int] | None = None
        """A poisoning for good: its source's seat and the seat poisoned while the source
        lives and keeps its character (the Widow's)."""
        self.drunk: frozenset[int] = frozenset()
        """Seats drunk for good, beside the Drunk: from the start (one of several Village
        Idiots, the Puzzlemaster's puzzle-drunk) or from a Sweetheart's death. Read
        through `is_drunk_for_good`."""
        self.drunk_asked: set[int] = set()
        """The seats this story or a fork of it (they share the set) asked whether they
        are drunk for good: a story whose players drunk from the start differ only
        outside it goes the same way (`search.stories`)."""
        self.gained: tuple[tuple[int, str], ...] = ()
        """(seat, character): an ability a seat gained beside its own (the Philosopher's)."""
        self.philosophy: tuple[int, int] | None = None
        """A Philosopher's seat and the seat it makes drunk while it lives and is sober."""
        self.turned: frozenset[int] = frozenset()
        self.undead: frozenset[int] = frozenset()
        """Seats that register as dead yet live (a Zombuul after its first death)."""
        """Seats turned evil since the start (the Outsider a Fang Gu jumped to)."""
        self.vigor: tuple[tuple[int, int | None], ...] = ()
        """(Minion, Townsfolk): a Minion the Vigormortis killed, keeping its ability, and
        the Townsfolk neighbour it poisons, while the Vigormortis lives and is sober."""
        self.abnormal: frozenset[int] = frozenset()
        """The seats whose abilities worked abnormally since dawn because of another
        character's ability, for certain (what a Mathematician counts)."""
        self.abnormal_maybe: frozenset[int] = frozenset()
        """The seats whose abilities may have worked abnormally since dawn: the
        Storyteller's choice (a Drunk's false information, by the Mathematician's
        jinx)."""
        self.drink: tuple[int, int, int] | None = None
        """A drunkenness for a while (the Courtier's): its source's seat, the seat drunk
        while the source lives and is sober, and the last time (`Time.order`) it lasts."""
        self.dusk: tuple[tuple[int, int, int], ...] = ()
        """Drunkenness for a while: (source's seat, seat drunk, last time it lasts, as
        `Time.order`), the seat drunk while the source lives and is sober, or for good
        when it is its own source (the Sailor's choice until dusk, the Minstrel's
        everyone until dusk tomorrow)."""
        self.chosen_poison: tuple[int, int] | None = None
        """A poisoning until its source's next choice (the Pukka's): the source's seat and
        the seat poisoned while the source lives and is sober."""

    def fork(self) -> Story:
        """A copy to change."""
        copy = Story.__new__(Story)
        copy.starting = self.starting
        copy.evil_at_start = self.evil_at_start
        copy.roles = list(self.roles)
        copy.alive = list(self.alive)
        copy.poisoner = self.poisoner
        copy.poisoned = self.poisoned
        copy.asked = self.asked
        copy.herring = self.herring
        copy.herring_asked = self.herring_asked
        copy.choices = self.choices
        copy.died = list(self.died)
        copy.executed = self.executed
        copy.misregisters = self.misregisters
        copy.now = self.now
        copy.drunk = self.drunk
        copy.drunk_asked = self.drunk_asked
        copy.blanket = self.blanket
        copy.lasting = self.lasting
        copy.gained = self.gained
        copy.philosophy = self.philosophy
        copy.turned = self.turned
        copy.undead = self.undead
        copy.vigor = self.vigor
        copy.abnormal = self.abnormal
        copy.abnormal_maybe = self.abnormal_maybe
        copy.chosen_poison = self.chosen_poison
        copy.drink = self.drink
        copy.dusk = self.dusk
        return copy

    def is_red_herring(self, seat: int) -> bool:
        """Whether the seat is the Fortune Teller's red herring (the question is noted in
        `herring_asked`)."""
        self.herring_asked.add(seat)
        return seat == self.herring

    def is_drunk_for_good(self, seat: int) -> bool:
        """Whether the seat is drunk for good (`drunk`; the question is noted in
        `drunk_asked`)."""
        self.drunk_asked.add(seat)
        return seat in self.drunk

    def state(self, fresh: frozenset[str]) -> tuple[object, ...]:
        """Everything in the story the rest of a play may read, but the fields in
        `fresh` (the next step sets them anew) and the Poisoner's choices (recorded only
        for the world's report): two stories with the same state go the same way."""
        lists, others = _state_getters(fresh)
        return (
            tuple(choice for choice in self.choices if choice[0] != "poisoned"),
            id(self.misregisters),
            *map(tuple, lists(self)),
            *others(self),
        )

    def plain(self) -> Story:
        """A copy in which everyone registers as what they are (the Vortox's false
        information is false of the characters themselves, as Clockchecker reads it)."""
        copy = self.fork()
        copy.misregisters = {}
        return copy

    def as_of(self, order: int) -> Story:
        """A copy with each seat's character as it was at time `order` (undoing the
        Demon changes since), for abilities that look back (the Juggler's guesses)."""
        past = self.fork()
        past.roles = list(self.starting)
        for what, at, seat in self.choices:
            if what == "demon" and at <= order:
                past.roles[seat] = self.roles[seat]
        return past

    def chose(self, what: str, seat: int) -> None:
        """Records a Storyteller's choice now (a world reports them)."""
        self.choices = (*self.choices, (what, self.now, seat))

    def worked_abnormally(self, seat: int, certain: bool = True) -> None:
        """Records that the seat's ability worked abnormally since dawn because of
        another character's ability (or, not `certain`, may have: the Storyteller
        chooses). Any unit may call it on a story it forked; the Mathematician counts."""
        if certain:
            self.abnormal = self.abnormal | {seat}
        else:
            self.abnormal_maybe = self.abnormal_maybe | {seat}

    def abnormal_counts(self) -> range:
        """How many players' abilities worked abnormally since dawn: every number the
        Storyteller may count, from the certain ones to all that may have."""
        return range(len(self.abnormal), len(self.abnormal | self.abnormal_maybe) + 1)

    def dawn(self) -> None:
        """A new day: the Mathematician's count starts again."""
        self.abnormal = frozenset()
        self.abnormal_maybe = frozenset()

    # -- health -------------------------------------------------------------------------

    def is_poisoned(self, seat: int) -> bool:
        """Whether the seat is poisoned now: the Poisoner's target while they live and are
        still the Poisoner."""
        self.asked.last[seat] = self.asked.clock
        if self.blanket is not None and seat in self.blanket[1] and self.alive[self.blanket[0]]:
            return True
        if self.lasting is not None and self.lasting[1] == seat:
            source = self.lasting[0]
            if self.alive[source] and self.roles[source] == self.starting[source]:
                return True
        if "nodashii" in self.roles and self._beside_no_dashii(seat):
            return True
        if self.vigor and any(t == seat for _, t in self.vigor) and self._vigor_works():
            return True
        if self.chosen_poison is not None and self.chosen_poison[1] == seat:
            source = self.chosen_poison[0]
            if self.alive[source] and (source == seat or self.sober(source)):
                return True
        poisoner = self.poisoner
        return (
            self.poisoned == seat
            and poisoner is not None
            and self.active(poisoner)
            and self.roles[poisoner] == "poisoner"
        )

    def _vigor_works(self) -> bool:
        """Whether a Vigormortis lives and is sober (its killed Minions keep their
        abilities and poison their Townsfolk neighbours)."""
        return any(
            role == "vigormortis" and self.alive[seat] and self.sober(seat)
            for seat, role in enumerate(self.roles)
        )

    def active(self, seat: int) -> bool:
        """Whether the seat's ability is in play: alive, or a Minion the Vigormortis
        killed while the Vigormortis lives and is sober (drunk or poisoned aside)."""
        if self.alive[seat]:
            return True
        return (
            any(minion == seat for minion, _ in self.vigor)
            and team(self.roles[seat]) == "minion"
            and self._vigor_works()
        )

    def _beside_no_dashii(self, seat: int) -> bool:
        """Whether the seat is a Townsfolk neighbour of a living sober No Dashii: the
        nearest Townsfolk each way round, living or dead."""
        if team(self.roles[seat]) != "townsfolk" or "nodashii" not in self.roles:
            return False
        count = len(self.roles)
        for source, role in enumerate(self.roles):
            if role != "nodashii" or not self.alive[source] or not self.sober(source):
                continue
            for step in (1, -1):
                near = next(
                    (
                        (source + step * k) % count
                        for k in range(1, count)
                        if team(self.roles[(source + step * k) % count]) == "townsfolk"
                    ),
                    None,
                )
                if near == seat:
                    return True
        return False

    def sober(self, seat: int) -> bool:
        """Whether the seat's ability works now: neither the Drunk nor poisoned."""
        if self.roles[seat] == "drunk":
            return False
        self.drunk_asked.add(seat)  # `is_drunk_for_good`, inline: every story asks
        if seat in self.drunk:
            return False
        if self.philosophy is None and self.drink is None and not self.dusk:
            return not self.is_poisoned(seat)  # no one made drunk for a while
        drunk = False
        if self.philosophy is not None and self.philosophy[1] == seat:
            source = self.philosophy[0]
            drunk = drunk or (self.alive[source] and self.sober(source))
        if self.drink is not None and self.drink[1] == seat and self.now <= self.drink[2]:
            source = self.drink[0]
            drunk = drunk or source == seat or (self.alive[source] and self.sober(source))
        for source, drinker, until in self.dusk:
            if drunk:
                break
            if drinker == seat and self.now <= until:
                drunk = source == seat or (self.alive[source] and self.sober(source))
        return not drunk and not self.is_poisoned(seat)

    def has(self, seat: int, character: str) -> bool:
        """Whether the seat has the character's ability: its own, or one it gained."""
        return self.roles[seat] == character or (seat, character) in self.gained

    def working(self, seat: int, character: str) -> bool:
        """Whether the seat has `character`'s ability (its own or gained), in play and
        sober (its ability works)."""
        return self.has(seat, character) and self.active(seat) and self.sober(seat)

    def seats_of(self, character: str) -> list[int]:
        """The seats that are `character` now."""
        return [seat for seat, role in enumerate(self.roles) if role == character]

    def living(self) -> int:
        """How many players are alive."""
        return sum(self.alive)

    def demon(self) -> int | None:
        """The living Demon's seat, None when there is none."""
        for seat, role in enumerate(self.roles):
            if (self.alive[seat] or seat in self.undead) and team(role) == "demon":
                return seat
        return None

    # -- registering --------------------------------------------------------------------

    def _misregistration(self, seat: int) -> Misregistration | None:
        found = self.misregisters.get(self.roles[seat])
        for holder, gained in self.gained if found is None else ():
            other = self.misregisters.get(gained)
            if holder == seat and other is not None:  # a gained Recluse's: an evil
                evil = self.evil(seat)  # player registers as evil already
                found = Misregistration(other.alignment and not evil, other.teams)
        if found is None or self.is_poisoned(seat):
            return None
        return found

    def evil(self, seat: int) -> bool:
        """Whether the seat's player is evil: as they started, or turned evil since."""
        return self.evil_at_start[seat] or seat in self.turned

    def may_be_evil(self, seat: int) -> tuple[bool, ...]:
        """Every alignment the seat may register as, evil being True."""
        evil = self.evil(seat)
        other = self._misregistration(seat)
        return (evil, not evil) if other is not None and other.alignment else (evil,)

    def may_be(self, seat: int, character: str) -> bool:
        """Whether the seat may register as `character`."""
        if self.roles[seat] == character:
            return True
        other = self._misregistration(seat)
        return other is not None and team(character) in other.teams

    def must_be(self, seat: int, character: str) -> bool:
        """Whether the seat registers as `character` whatever the Storyteller chooses."""
        other = self._misregistration(seat)
        return self.roles[seat] == character and (other is None or other.keeps)

    def may_be_team(self, seat: int, wanted: str) -> bool:
        """Whether the seat may register as a character of the team `wanted`."""
        if team(self.roles[seat]) == wanted:
            return True
        other = self._misregistration(seat)
        return other is not None and wanted in other.teams

    def must_be_team(self, seat: int, wanted: str) -> bool:
        """Whether the seat registers as a character of the team `wanted` whatever the
        Storyteller chooses."""
        if team(self.roles[seat]) != wanted:
            return False
        other = self._misregistration(seat)
        return other is None or other.keeps or all(t == wanted for t in other.teams)

    def may_be_teams(self, seat: int) -> tuple[str, ...]:
        """Every team the seat may register as, its own first."""
        own = team(self.roles[seat])
        other = self._misregistration(seat)
        extra = tuple(t for t in other.teams if t != own) if other is not None else ()
        return (own, *extra)

    def neighbours(self, seat: int) -> tuple[int, int]:
        """The nearest living players on either side (the seat itself when alone)."""
        count = len(self.roles)
        left = (seat - 1) % count
        while left != seat and not self.alive[left]:
            left = (left - 1) % count
        right = (seat + 1) % count
        while right != seat and not self.alive[right]:
            right = (right + 1) % count
        return left, right


SET_UP = ("starting", "evil_at_start")
"""The fields of a story its set-up fixes (the same for every story of a play)."""
STATE = tuple(
    name
    for name in Story.__slots__
    if name not in ("choices", "misregisters", "herring_asked", "drunk_asked", "asked", *SET_UP)
)
"""The fields of a story its `state` holds as they are (the others it reads
otherwise: the choices without the Poisoner's, the registrations by identity; the
red herring's questions are the play's record, the starting characters its set-up)."""
LISTS = ("alive", "died", "roles")
"""The fields of a story that hold lists (a state holds them as tuples)."""


@cache
def _state_getters(
    fresh: frozenset[str],
) -> tuple[Callable[[Story], tuple[list[object], ...]], Callable[[Story], tuple[object, ...]]]:
    """The getters of a story's fields a state holds, but `fresh`: lists, and others."""
    lists = [name for name in STATE if name not in fresh and name in LISTS]
    others = [name for name in STATE if name not in fresh and name not in LISTS]
    return _getter(lists), _getter(others)


def _getter(names: Sequence[str]) -> Callable[[Story], tuple[Any, ...]]:
    """A getter of these fields of a story, always as a tuple."""
    get = attrgetter(*names) if names else (lambda _: ())
    return get if len(names) != 1 else (lambda story: (get(story),))
