"""Trouble Brewing's Townsfolk, one small unit each: what a sober one learns or does
(and the Tea Lady, who keeps its neighbours alive)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import ClassVar

from meeple.botc.puzzle.model import (
    Choice,
    EvilAmong,
    Info,
    Nominated,
    Number,
    Reading,
    Seen,
    Shot,
    Shown,
    Time,
)
from meeple.botc.solver.choosing import chose, goon_choices
from meeple.botc.solver.deaths import execute, kill
from meeple.botc.solver.homebrew import character, character_id
from meeple.botc.solver.nightkills import kills_at_most, kills_none
from meeple.botc.solver.story import Story, team
from meeple.botc.solver.units import Inert, Table, Unit, Unmodelled, rests_first_night


def title(key: str) -> str:
    """A character's name (`fortuneteller` -> Fortune Teller)."""
    return character(key).name


def evil_counts(story: Story, seats: Sequence[int], pairs: Sequence[tuple[int, int]] = ()) -> range:
    """Every number of evil players among `seats` (or of evil pairs among `pairs`, when
    given) the Storyteller may show: from those that must register evil to those that
    may. A player who may register either way is counted in each pair on its own (the
    puzzles' convention: docs/formats/botc.md, "Registering")."""
    if not pairs:
        alignments = [story.may_be_evil(seat) for seat in seats]
        must = sum(alignment == (True,) for alignment in alignments)
        return range(must, must + sum(len(alignment) == 2 for alignment in alignments) + 1)
    registers = {s: story.may_be_evil(s) for s in {s for group in pairs for s in group}}
    must = sum(registers[a] == (True,) and registers[b] == (True,) for a, b in pairs)
    may = sum(True in registers[a] and True in registers[b] for a, b in pairs)
    return range(must, may + 1)


def would(possible: Iterable[int]) -> str:
    """`would have learned 1` (or `0 or 1`)."""
    return "would have learned " + " or ".join(map(str, sorted(possible)))


class Shows(Unit):
    """Learns on the first night that one of two players is a character of the team
    `shows` (the Washerwoman, Librarian, Investigator); the Librarian may learn that
    no one is an Outsider."""

    informs_only = True
    settled_first_night = True

    tells_goon = True  # it chooses no one

    shows: ClassVar[str] = ""

    def holds(self, story: Story, seat: int, item: Info, table: Table) -> str | None:
        if not isinstance(item, Shown):
            return None
        if item.role is None:
            forced = [s for s in range(len(story.roles)) if story.must_be_team(s, self.shows)]
            if forced:
                return f"{table.names[forced[0]]} is the {title(story.roles[forced[0]])}"
            return None
        role = character_id(item.role)
        if role is None or team(role) != self.shows:
            return f"the {item.role} is not a {self.shows}"
        among = [table.seat(player) for player in item.among]
        if any(s is not None and story.may_be(s, role) for s in among):
            return None
        return f"neither {' nor '.join(item.among)} is the {title(role)}"


class Washerwoman(Shows):
    id = "washerwoman"
    shows = "townsfolk"


class Librarian(Shows):
    id = "librarian"
    shows = "outsider"


class Investigator(Shows):
    id = "investigator"
    shows = "minion"


class Chef(Unit):
    """Learns on the first night how many pairs of evil players sit side by side."""

    informs_only = True
    settled_first_night = True

    tells_goon = True  # it chooses no one

    id = "chef"

    def holds(self, story: Story, seat: int, item: Info, table: Table) -> str | None:
        if not isinstance(item, Number):
            return None
        count = len(story.roles)
        pairs = [(i, (i + 1) % count) for i in range(count)]
        possible = evil_counts(story, (), pairs)
        return None if item.count in possible else would(possible)


class CountsEvil(Unit):
    """Learns how many of some players are evil (`among`: which ones, at that time)."""

    informs_only = True

    tells_goon = True  # it chooses no one

    def among(self, story: Story, seat: int, item: Number | EvilAmong, table: Table) -> list[int]:
        """The seats counted."""
        return []

    def holds(self, story: Story, seat: int, item: Info, table: Table) -> str | None:
        if not isinstance(item, Number | EvilAmong):
            return None
        seats = self.among(story, seat, item, table)
        possible = evil_counts(story, seats)
        if item.count in possible:
            return None
        evil = [table.names[s] for s in seats if story.evil(s)]
        why = f": {' and '.join(evil)} {'is' if len(evil) == 1 else 'are'} evil" if evil else ""
        return would(possible) + why


class Empath(CountsEvil):
    """Learns each night how many of its two living neighbours are evil."""

    id = "empath"
    settled_first_night = True

    def among(self, story: Story, seat: int, item: Number | EvilAmong, table: Table) -> list[int]:
        return sorted(set(story.neighbours(seat)) - {seat})


class FortuneTeller(Unit):
    """Learns each night whether either of two players is the Demon (or the red
    herring, a good player the Storyteller chose at set-up)."""

    informs_only = True

    id = "fortuneteller"

    def holds(self, story: Story, seat: int, item: Info, table: Table) -> str | None:
        if not isinstance(item, Reading):
            return None
        picked = [s for s in (table.seat(item.left), table.seat(item.right)) if s is not None]
        if item.yes:  # the red herring asked only where the answer depends on it
            if any(story.may_be_team(s, "demon") or story.is_red_herring(s) for s in picked):
                return None
            return "would have learned no: neither is the Demon or the red herring"
        must = [s for s in picked if story.must_be_team(s, "demon") or story.is_red_herring(s)]
        if not must:
            return None
        what = "red herring" if story.is_red_herring(must[0]) else "Demon"
        return f"would have learned yes: {table.names[must[0]]} is the {what}"


def seen(story: Story, seat: int, role_name: str | None, table: Table) -> str | None:
    """Why a player learned to be `role_name` may not register as it: what would have
    been learned instead."""
    if role_name is None:
        return None
    role = character_id(role_name)
    if role is not None and story.may_be(seat, role):
        return None
    shown = title(story.roles[seat])
    return f"would have learned the {shown}: {table.names[seat]} is the {shown}"


class Undertaker(Unit):
    """Learns each night (not the first) the character of the player executed today."""

    informs_only = True

    tells_goon = True  # it chooses no one

    id = "undertaker"
    learns_at = None

    def woke(self, story: Story, seat: int, when: object) -> str | None:
        if story.executed is None:
            return "no one was executed the day before"
        return None

    def wakes(self, story: Story, seat: int, number: int, table: Table) -> bool:
        return number > 1 and story.alive[seat] and story.executed is not None

    def holds(self, story: Story, seat: int, item: Info, table: Table) -> str | None:
        executed = story.executed
        if not isinstance(item, Seen) or executed is None:
            return None
        if item.player is not None and table.seat(item.player) != executed:
            return f"{table.names[executed]} was executed"
        return seen(story, executed, item.role, table)


class Ravenkeeper(Unit):
    """Learns a player's character on the night it dies."""

    informs_only = True

    id = "ravenkeeper"
    learns_at = None

    def woke(self, story: Story, seat: int, when: object) -> str | None:
        if seat in story.died and not story.alive[seat]:
            return None
        return "the Ravenkeeper did not die that night"

    def wakes(self, story: Story, seat: int, number: int, table: Table) -> bool:
        return seat in story.died and not story.alive[seat]

    def holds(self, story: Story, seat: int, item: Info, table: Table) -> str | None:
        chosen = table.seat(item.player) if isinstance(item, Seen) else None
        if not isinstance(item, Seen) or chosen is None:
            return None
        return seen(story, chosen, item.role, table)


class Slayer(Unit):
    """Once by day shoots a player: if they are the Demon, they die."""

    id = "slayer"
    acts = True
    learns_at = None

    def hear(self, story: Story, seat: int, item: Info, table: Table) -> Iterator[Story]:
        target = table.seat(item.target) if isinstance(item, Shot) else None
        if not isinstance(item, Shot) or target is None:
            yield story
            return
        working = story.working(seat, "slayer") and story.alive[target]
        if item.killed is True:
            yield from self.cause(story, seat, target, table)
        elif not (working and story.must_be_team(target, "demon")):
            yield _failed(story, seat, "slayer", table, story.must_be_team(target, "demon"))

    causes = "slayer_shot"

    def cause(self, story: Story, seat: int, victim: int, table: Table) -> Iterator[Story]:
        if story.working(seat, "slayer") and story.may_be_team(victim, "demon"):
            yield from kill(story.fork(), victim, table)


def _failed(story: Story, seat: int, character: str, table: Table, would: bool) -> Story:
    """The story after a claimed action that did nothing: if it `would` have worked, and
    the seat is the character (or the Drunk believing it) drunk or poisoned, it worked
    abnormally (for the Mathematician)."""
    if not would or not story.alive[seat] or not table.misfiring(story, seat, character):
        return story
    failed = story.fork()
    failed.worked_abnormally(seat)
    return failed


class Virgin(Unit):
    """The first time it is nominated, a Townsfolk who nominated it is executed."""

    id = "virgin"
    acts = True
    learns_at = None

    def hear(self, story: Story, seat: int, item: Info, table: Table) -> Iterator[Story]:
        nominator = table.seat(item.nominator) if isinstance(item, Nominated) else None
        if not isinstance(item, Nominated) or nominator is None:
            yield story
            return
        working = story.working(seat, "virgin")
        if item.executed is True:
            yield from self.cause(story, seat, nominator, table)
        elif not (working and story.must_be_team(nominator, "townsfolk")):
            townsfolk = story.must_be_team(nominator, "townsfolk")
            yield _failed(story, seat, "virgin", table, townsfolk)

    causes = "nomination_death"

    def cause(self, story: Story, seat: int, victim: int, table: Table) -> Iterator[Story]:
        nominated = any(  # a timeline death by another's nomination: the nominee's
            event.kind == self.causes
            and event.when.order == story.now
            and table.names[victim] in event.players
            and event.caller not in (None, table.names[victim])
            for event in table.puzzle.timeline
        )
        if nominated:
            return
        if story.working(seat, "virgin") and story.may_be_team(victim, "townsfolk"):
            yield from execute(story.fork(), victim, table)


class Soldier(Unit):
    """Safe from the Demon."""

    id = "soldier"
    guards = True

    def shields(self, story: Story, seat: int, victim: int, table: Table) -> bool:
        return victim == seat and story.sober(seat)


class Monk(Unit):
    """Each night but the first keeps a chosen player (not itself) safe from the Demon:
    a sober Monk's claim of whom it chose says who did not die to the Demon."""

    id = "monk"
    learns_at = None
    guards = True

    def holds(self, story: Story, seat: int, item: Info, table: Table) -> str | None:
        chosen = table.seat(item.players[0]) if isinstance(item, Choice) and item.players else None
        if chosen is not None and chosen in story.died:
            return f"{table.names[chosen]} was protected, yet died"
        return None


class Mayor(Inert):
    """Nothing the puzzles' deaths depend on (docs/formats/botc.md says why)."""

    id = "mayor"


class TeaLady(Unit):
    """While its two living neighbours are good, they cannot die (by any cause), as
    long as the Tea Lady lives and is sober. Alignments are the players' own (beside a
    character that may register otherwise the solver refuses the puzzle)."""

    id = "tealady"
    exact_with_misregistering = False

    def saves(self, story: Story, seat: int, victim: int, executed: bool) -> bool:
        if not story.alive[seat] or not story.sober(seat):
            return False
        neighbours = story.neighbours(seat)
        if victim not in neighbours or seat in neighbours:
            return False
        return not any(story.evil(neighbour) for neighbour in neighbours)


def chosen_on(seat: int, when: Time, table: Table) -> list[int | None]:
    """The players the seat's claims say it chose at `when` (its Choice items), or
    `[None]` (a choice not told) when they say nothing of then."""
    chosen = [
        table.seat(item.players[0])
        for when_, item in table.learned_by[seat]
        if isinstance(item, Choice) and item.players and when_ == when
    ]
    return chosen or [None]


def stop_kill(story: Story, demon: int) -> Story:
    """The story in which the Demon at `demon` kills no one tonight."""
    stopped = story.fork()
    stopped.chose("no kill", demon)
    return stopped


class Exorcist(Unit):
    """Each night but the first chooses a player (not last night's): a chosen Demon
    kills no one tonight (its chosen player's claim says whom: `night 2: chose Jasmine`;
    a night its claims do not tell, any player, the Demon too, each tried). It chooses
    before the Demon; a drunk or poisoned Exorcist stops no one. Choosing a Goon no
    one chose tonight (drunk or poisoned too), it is drunk."""

    id = "exorcist"
    night_order = 9.5
    learns_at = None
    tells_goon = True

    @kills_at_most(kills_none)
    @rests_first_night
    def night(self, story: Story, seat: int, number: int, table: Table) -> Iterator[Story]:
        if number < 2 or not story.alive[seat]:
            yield story
            return
        demon = story.demon()
        for chosen in chosen_on(seat, Time("night", number), table):
            if chosen is None:  # not told: the Demon, unless chosen last night, or not
                yield story
                yield from self._goon(story, seat, number, table)
                last = ("no kill", story.now - 2, demon) in story.choices
                if demon is not None and story.sober(seat) and not last:
                    yield stop_kill(story, demon)
                continue
            after = chose(story, seat, (chosen,))
            working = after.sober(seat) and chosen == demon
            yield stop_kill(after, chosen) if working and chosen is not None else after

    @staticmethod
    def _goon(story: Story, seat: int, number: int, table: Table) -> Iterator[Story]:
        """The stories in which a choice its claims do not tell fell on a Goon who
        heard it, unless it chose that Goon last night (told, or so recorded)."""
        told = chosen_on(seat, Time("night", number - 1), table)
        for after in goon_choices(story, seat):
            goon = next(who for what, at, who in after.choices[::-1] if what[:4] == "goon")
            if goon not in told and ("exorcist_chose", story.now - 2, goon) not in story.choices:
                after.chose("exorcist_chose", goon)
                yield after


class Princess(Unit):
    """On its first day, if it nominated a player who was executed, the Demon kills no
    one that night, while the Princess is sober when the Demon would kill (a Poisoner's
    choice that night stops it; Clockchecker's reading). Its claim names whom it
    nominated (`day 1: chose You`); a Princess whose claims do not say, on a first day
    with an execution, is refused as not modelled."""

    id = "princess"
    night_order = 9.6
    learns_at = None

    def night(self, story: Story, seat: int, number: int, table: Table) -> Iterator[Story]:
        demon, executed = story.demon(), story.executed
        if number != 2 or demon is None or executed is None:
            yield story
            return
        nominated = chosen_on(seat, Time("day", 1), table)
        if nominated == [None]:
            raise Unmodelled("the solver does not model a Princess's untold nomination yet")
        working = story.alive[seat] and story.sober(seat)
        yield stop_kill(story, demon) if working and executed in nominated else story


TOWNSFOLK_MISC: tuple[type[Unit], ...] = (Exorcist, Princess)
"""Issue 40's Townsfolk of branch g40/misc (kept apart for merging)."""

TOWNSFOLK: tuple[type[Unit], ...] = (
    Washerwoman,
    Librarian,
    Investigator,
    Chef,
    Empath,
    FortuneTeller,
    Undertaker,
    Ravenkeeper,
    Slayer,
    Virgin,
    Soldier,
    Monk,
    Mayor,
)
FANG_GU_TOWNSFOLK: tuple[type[Unit], ...] = (TeaLady,)
"""The Townsfolk of the Fang Gu's puzzles from other editions (branch g40/fanggu)."""
