"""Experimental (Kickstarter and later) Townsfolk the solver models, one small unit
each: first-night information, the Atheist's broken rules, the Poppy Grower."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from meeple.botc.puzzle.model import (
    Alignment,
    Choice,
    DemonAmong,
    DemonCheck,
    DifferentTypes,
    Direction,
    EvilAmong,
    Info,
    Number,
    ProdigyCheck,
    Time,
    Watched,
)
from meeple.botc.solver.deaths import dies_of_itself
from meeple.botc.solver.nightkills import poisons_first_night
from meeple.botc.solver.sects import alike
from meeple.botc.solver.story import Story
from meeple.botc.solver.townsfolk import CountsEvil, title
from meeple.botc.solver.units import (
    Inert,
    Table,
    Unit,
    Unmodelled,
    rests_first_night,
    until_used,
)


class Knight(Unit):
    """Learns on the first night two players who are not the Demon."""

    id = "knight"
    settled_first_night = True

    def holds(self, story: Story, seat: int, item: Info, table: Table) -> str | None:
        if not isinstance(item, DemonAmong):
            return None
        seats = [s for s in map(table.seat, item.among) if s is not None]
        if item.yes:
            found = any(story.may_be_team(s, "demon") for s in seats)
            return None if found else "neither is the Demon"
        demon = [s for s in seats if story.must_be_team(s, "demon")]
        return f"{table.names[demon[0]]} is the Demon" if demon else None


class SnakeCharmer(Unit):
    """Each night chooses a player: a sober Snake Charmer who chose the Demon would have
    swapped with it. The solver models a choice that was not the Demon (a claimed swap
    is refused as not modelled). It chooses before the Demon kills: whether it was sober
    is asked then too (a Sweetheart's death later that night does not make its choice
    drunk), beside the end of the night as for every claim."""

    id = "snakecharmer"
    learns_at = None
    night_order = 4

    @poisons_first_night(0)  # a choice of the Demon is not modelled
    def night(self, story: Story, seat: int, number: int, table: Table) -> Iterator[Story]:
        if not story.alive[seat] or not story.sober(seat):
            yield story
            return
        tonight = Time("night", number)
        for claim in table.puzzle.claims_of(table.names[seat]):
            for when, item in claim.facts():
                wrong = self._chose(story, item, table) if when == tonight else None
                if wrong is not None:
                    return
        yield story

    def holds(self, story: Story, seat: int, item: Info, table: Table) -> str | None:
        return self._chose(story, item, table)

    @staticmethod
    def _chose(story: Story, item: Info, table: Table) -> str | None:
        if isinstance(item, DemonCheck) and item.demon:
            raise Unmodelled("the solver does not model a Snake Charmer's swap yet")
        chosen = table.seat(item.player) if isinstance(item, DemonCheck) else None
        if chosen is not None and story.must_be_team(chosen, "demon"):
            return f"{table.names[chosen]} is the Demon: they would have swapped"
        return None


class Sage(Knight):
    """Killed by the Demon, learns two players, one of them the Demon."""

    id = "sage"
    learns_at = None
    settled_first_night = False  # it learns only when the Demon killed it

    def wakes(self, story: Story, seat: int, number: int, table: Table) -> bool:
        return seat in story.died and not story.alive[seat]


class Steward(Unit):
    """Learns on the first night a good player."""

    id = "steward"
    settled_first_night = True

    def holds(self, story: Story, seat: int, item: Info, table: Table) -> str | None:
        chosen = table.seat(item.player) if isinstance(item, Alignment) else None
        if not isinstance(item, Alignment) or chosen is None:
            return None
        if (not item.good) in story.may_be_evil(chosen):
            return None
        return f"{item.player} is {'evil' if item.good else 'good'}"


class VillageIdiot(Steward):
    """Each night chooses a player and learns their alignment. Up to three may be in
    play; with two or three, one of them is drunk (the solver tries each)."""

    id = "villageidiot"
    each_night = True
    settled_first_night = False  # one of several may be drunk (`search.stories`)


class Noble(CountsEvil):
    """Learns on the first night three players, exactly one of them evil."""

    id = "noble"
    settled_first_night = True

    def among(self, story: Story, seat: int, item: Number | EvilAmong, table: Table) -> list[int]:
        return [s for s in map(table.seat, getattr(item, "among", ())) if s is not None]


class Atheist(Inert):
    """In play, the Storyteller may break the rules: nothing anyone learned is checked
    (the timeline's), and there are no evil players (meeple.botc.modifiers). A puzzle
    whose set-up is `atheist` has the Atheist in play (the solver's search)."""

    id = "atheist"
    frees_storyteller = True


class PoppyGrower(Inert):
    """Minions and Demons do not know each other until it dies: what evil players know
    is not part of a puzzle's worlds (their claims are anything)."""

    id = "poppygrower"
    wakes_as_listed = False


class Alsaahir(Inert):
    """Wins for good by guessing the Minions and Demons by day: nothing a puzzle's
    worlds depend on while the game goes on."""

    id = "alsaahir"


class Shugenja(Unit):
    """Learns on the first night whether its closest evil player is clockwise (the next
    seats) or anticlockwise; equidistant (or no other evil player), either answer.
    Each player registers one way for the whole count."""

    id = "shugenja"

    def holds(self, story: Story, seat: int, item: Info, table: Table) -> str | None:
        if not isinstance(item, Direction):
            return None
        if any(side in (item.clockwise, None) for side in _closer(story, seat)):
            return None
        return f"would have learned {'anticlockwise' if item.clockwise else 'clockwise'}"

    def lies(self, story: Story, seat: int, item: Info, table: Table) -> str | None:
        if not isinstance(item, Direction) or any(
            side != item.clockwise for side in _closer(story, seat)
        ):
            return None
        return "it is true, not false"


def _closer(story: Story, seat: int) -> set[bool | None]:
    """Which side the closest evil player may be on, over every way the other players
    may register (True: clockwise; None: equidistant or no evil player)."""
    count = len(story.roles)
    others = [(seat + step) % count for step in range(1, count)]
    found: set[bool | None] = set()
    for evil in itertools.product(*(story.may_be_evil(other) for other in others)):
        steps = [step for step, flag in enumerate(evil, start=1) if flag]
        if not steps:
            found.add(None)
            continue
        clockwise, anticlockwise = steps[0], count - steps[-1]
        found.add(None if clockwise == anticlockwise else clockwise < anticlockwise)
    return found


class Politician(Inert):
    """A good Outsider who turns evil if most responsible for good losing: nothing a
    puzzle's worlds depend on while the game goes on."""

    id = "politician"


class Legionary(CountsEvil):
    """Homebrew: each night learns how many evil players sit between it and the next
    Legionary clockwise, every player counted, living or dead (jthemphill's reading;
    a claim that lists the living players counts only those). Up to three in play."""

    id = "legionary"
    each_night = True

    def among(self, story: Story, seat: int, item: Number | EvilAmong, table: Table) -> list[int]:
        count = len(story.roles)
        living = getattr(item, "alive", None)
        between: list[int] = []
        for step in range(1, count):
            other = (seat + step) % count
            if story.roles[other] == self.id:
                return between
            if living is None or table.names[other] in living:
                between.append(other)
        return []

    def holds(self, story: Story, seat: int, item: Info, table: Table) -> str | None:
        if isinstance(item, Number) and story.seats_of(self.id) == [seat]:
            return "no other Legionary is in play"
        return super().holds(story, seat, item, table)


class Prodigy(Unit):
    """Homebrew: each night chooses a player and learns a player of the same alignment
    (the Solar Prodigy) or of the other alignment (the Lunar one), each registering one
    way. A player who claims `prodigy` does not know which of the two it is."""

    id = "prodigy"
    each_night = True

    def holds(self, story: Story, seat: int, item: Info, table: Table) -> str | None:
        pair = (
            [table.seat(item.chosen), table.seat(item.learned)]
            if isinstance(item, ProdigyCheck)
            else []
        )
        seats = [s for s in pair if s is not None]
        if len(seats) < 2 or not isinstance(item, ProdigyCheck):
            return None
        solar = story.roles[seat] == SolarProdigy.id
        if solar in alike(story, *seats):
            return None
        differ = "alike" if not solar else "not alike"
        return f"{item.chosen} and {item.learned} are {differ}: a {title(story.roles[seat])}"


class SolarProdigy(Prodigy):
    id = "solarprodigy"


class LunarProdigy(Prodigy):
    id = "lunarprodigy"


class Nightwatchman(Unit):
    """Once per game, at night, chooses a player: a sober Nightwatchman's chosen player
    learns who it is. A good chosen player who confirms having learned it tells the
    truth, whoever the claimant is: the claimant is then the Nightwatchman, alive and
    sober that night (jthemphill's reading)."""

    id = "nightwatchman"

    def wakes(self, story: Story, seat: int, number: int, table: Table) -> bool:
        return until_used(story, seat, number, table)

    def binds(self, story: Story, seat: int, item: Info, table: Table) -> str | None:
        chosen = table.seat(item.chosen) if isinstance(item, Watched) else None
        if not isinstance(item, Watched) or not (item.confirmed and item.learned):
            return None
        if chosen is None or story.evil(chosen):
            return None
        if story.has(seat, self.id) and story.alive[seat] and story.sober(seat):
            return None
        return f"{item.chosen}, good, confirmed learning it: no working Nightwatchman chose them"

    def holds(self, story: Story, seat: int, item: Info, table: Table) -> str | None:
        if not isinstance(item, Watched):
            return None
        if item.learned is False:
            return f"{item.chosen} would have learned who the Nightwatchman is"
        return None


EXPERIMENTAL: tuple[type[Unit], ...] = (
    Knight,
    Sage,
    Steward,
    Noble,
    SnakeCharmer,
    VillageIdiot,
    # Sects & Violets puzzles (branch g40/snv)
    Atheist,
    PoppyGrower,
)
EXPERIMENTAL_MORE: tuple[type[Unit], ...] = (Nightwatchman,)
EXPERIMENTAL_MISC: tuple[type[Unit], ...] = (
    Alsaahir,
    Shugenja,
    Politician,
    Legionary,
    Prodigy,
    SolarProdigy,
    LunarProdigy,
)
"""Issue 40's characters of branch g40/misc (kept apart for merging)."""
"""The experimental characters of issue 40's second batch (kept apart for merging)."""


class Balloonist(Unit):
    """Each night learns a player of a different character type than the night before:
    a claim's pair (`Tim and Matthew differ`) is two players who may register as
    different types. An untimed list of pairs is of night 1, as jthemphill reads it
    (its timing changes nothing while no one's type changes). One more Outsider or
    not at set-up (meeple.botc.modifiers)."""

    id = "balloonist"

    def holds(self, story: Story, seat: int, item: Info, table: Table) -> str | None:
        if not isinstance(item, DifferentTypes):
            return None
        left, right = table.seat(item.left), table.seat(item.right)
        if left is None or right is None:
            return None
        if any(a != b for a in story.may_be_teams(left) for b in story.may_be_teams(right)):
            return None
        return f"{item.left} and {item.right} are both {story.may_be_teams(left)[0]}s"


class Acrobat(Unit):
    """Each night but the first chooses a player: if they are or become drunk or
    poisoned tonight (the Drunk too), the Acrobat dies (not while itself drunk or
    poisoned). It acts last, so what became of the chosen player tonight is known.
    Claiming no choice that night, it may have chosen either way."""

    id = "acrobat"
    night_order = 20
    learns_at = None
    kills = True

    @rests_first_night
    def night(self, story: Story, seat: int, number: int, table: Table) -> Iterator[Story]:
        if number < 2 or not story.alive[seat] or not story.sober(seat):
            yield story
            return
        tonight = Time("night", number)
        chosen = [
            table.seat(item.players[0])
            for when, item in table.learned_by[seat]
            if isinstance(item, Choice) and item.players and when == tonight
        ]
        if not chosen or chosen[0] is None:
            yield story
            yield from dies_of_itself(story, seat, number, table)
        elif story.sober(chosen[0]):
            yield story
        else:
            yield from dies_of_itself(story, seat, number, table)


EXPERIMENTAL_BMR: tuple[type[Unit], ...] = (Balloonist, Acrobat)
"""The experimental characters of branch g40/bmr (kept apart for merging)."""
