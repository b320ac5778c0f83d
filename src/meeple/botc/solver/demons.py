"""The Demons the solver models, one small unit each: a Demon kills each night but the
first (the timeline says whom); the Imp may kill itself and pass the Demon on; the Lord
of Typhon sits in the middle of a line of the evil players; the Vortox falsifies the
Townsfolk's information and the No Dashii poisons its Townsfolk neighbours."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from typing import ClassVar

from meeple.botc.puzzle.model import NO_DEAD_KILLS, Time
from meeple.botc.solver.choosing import first, goon_choices
from meeple.botc.solver.deaths import kill, saved
from meeple.botc.solver.nightkills import kills_at_most, kills_one_alive, poisons_first_night
from meeple.botc.solver.story import EVIL_TEAMS, Misregistration, Story, team
from meeple.botc.solver.units import Seating, Table, Unit, Unmodelled, rests_first_night


def _demon_kills(story: Story, seat: int) -> int:
    """A Demon's night kills one player (its victim, or itself passing the Demon on, or
    a Fang Gu's jump), while it lives or seems dead (a Zombuul's)."""
    return int(story.alive[seat] or seat in story.undead)


class Demon(Unit):
    """Each night but the first chooses a player: they die (not when the Demon is drunk
    or poisoned, nor a shielded player). The night deaths are the timeline's: the solver
    has the Demon choose one of the night's dead (itself too: it dies, and a Scarlet
    Woman may catch it), or, on a night without a death, a player who did not die
    (someone dead, shielded, or no kill while poisoned). Beside another killer (a unit
    that `kills`: the Gossip...) the Demon may also have killed no one of them. Its
    choice may fall on a living Goon no one chose tonight (drunk or poisoned too): it
    is drunk and kills no one, and the Goon turns evil; it kills a Goon only after
    another player chose it tonight. Under the house rule "no night kill on a dead
    player" a sober Demon's kill that killed no one fell on a guarded player."""

    night_order = 10
    tells_goon = True
    kills_only_the_living = True
    passes: ClassVar[bool] = False
    """Whether killing itself passes the Demon to a living Minion (the Imp's star-pass)."""

    @kills_at_most(_demon_kills)
    @rests_first_night
    def night(self, story: Story, seat: int, number: int, table: Table) -> Iterator[Story]:
        if number < 2 or not (story.alive[seat] or seat in story.undead):
            yield story
            return
        if ("demon", story.now, seat) in story.choices:  # it became the Demon tonight
            yield story
            return
        if ("no kill", story.now, seat) in story.choices:  # the Exorcist's, the Princess's
            if shared(table) or not table.night_deaths.get(number, ()):
                yield story
            return
        if shared(table) or not table.night_deaths.get(number, ()):
            yield from goon_choices(story, seat)  # it chose the Goon: drunk, no kill
        if not table.night_deaths.get(number, ()):
            if not living_kills(table) or not story.sober(seat) or _guarded(story, table):
                yield self._spared(story, seat, table)
            return
        # Its kill fell where it changed nothing (a player dead, or one another kills
        # later tonight), which the house rule allows only on a guarded player.
        idle = not living_kills(table) or not story.sober(seat) or _guarded(story, table)
        victims = [v for v in table.night_deaths.get(number, ()) if story.alive[v]]
        if not victims:
            if idle:
                yield story
            return
        if shared(table) and idle:
            yield story
        if not story.sober(seat):
            return
        for victim in victims:
            yield from self.attacks(story, seat, victim, table)

    def attacks(self, story: Story, seat: int, victim: int, table: Table) -> Iterator[Story]:
        """The stories in which the sober Demon's attack tonight killed `victim`, one of
        the night's dead."""
        if not story.alive[victim] or self._shielded(story, victim, table):
            return
        if first(story, victim):  # the Goon, chosen first tonight: the Demon is drunk
            return
        if victim != seat or not self.passes:
            killed = story.fork()
            if table.misfiring(killed, victim, "soldier"):  # a drunk or poisoned Soldier
                killed.worked_abnormally(victim)
            yield from kill(killed, victim, table)
        else:
            yield from self._passed(story, seat)

    def _spared(self, story: Story, seat: int, table: Table) -> Story:
        """A night without a death: the Demon chose a dead player (its ability worked),
        or, drunk or poisoned or choosing a guarded player, its kill failed: for the
        Mathematician, perhaps abnormal."""
        if story.sober(seat) and not _guarded(story, table):
            return story
        spared = story.fork()
        spared.worked_abnormally(seat, certain=False)
        return spared

    @classmethod
    def _spare(cls, story: Story, table: Table) -> int:
        """How many players a choice of the Demon's would not kill tonight: the dead,
        the shielded, and those an ability keeps alive (a sober Sailor)."""
        return sum(
            not story.alive[s] or cls._shielded(story, s, table) or saved(story, s, table, False)
            for s in range(len(story.roles))
        )

    @staticmethod
    def _shielded(story: Story, victim: int, table: Table) -> bool:
        shielders = table.shielders
        return bool(shielders) and any(
            table.cast[role].shields(story, guard, victim, table)
            for guard, role in enumerate(story.roles)
            if role in shielders
        )

    def _passed(self, story: Story, seat: int) -> Iterator[Story]:
        """Each story in which a living Minion catches the Demon the seat passed on."""
        for minion, role in enumerate(story.roles):
            if story.alive[minion] and team(role) == "minion":
                passed = story.fork()
                passed.roles[minion] = self.id
                passed.chose("demon", minion)
                passed.alive[seat] = False
                passed.died.append(seat)
                if passed.living() > 2:
                    yield passed


def _guarded(story: Story, table: Table) -> bool:
    """Whether a living player may be kept from the Demon's kill tonight: a guard's ward
    (the Monk's, the Soldier) or one an ability keeps alive (a sober Sailor)."""
    wards = table.wards
    if wards and any(role in wards and story.alive[s] for s, role in enumerate(story.roles)):
        return True
    return bool(table.guards) and any(
        story.alive[s] and saved(story, s, table, False) for s in range(len(story.roles))
    )


def living_kills(table: Table) -> bool:
    """Whether the puzzle states the house rule that no night kill falls on a dead
    player (docs/formats/botc.md, "house rules")."""
    return NO_DEAD_KILLS in table.puzzle.house_rules


def shared(table: Table) -> bool:
    """Whether a night's dead may have been killed by another than the Demon."""
    return table.shared_kills


class Imp(Demon):
    """Kills each night but the first; killing itself, a living Minion (each in turn)
    becomes the Imp."""

    id = "imp"
    passes = True


class LordOfTyphon(Demon):
    """Kills each night but the first; the evil players sit in a line, the Lord in its
    middle (either middle seat when the line is even); one more Minion and any number
    of Outsiders at set-up (meeple.botc.modifiers)."""

    id = "lordoftyphon"

    def wakes(self, story: Story, seat: int, number: int, table: Table) -> bool:
        """Each night but the first (its first night's entry is the set-up's)."""
        return number > 1 and story.alive[seat]

    def fits(self, roles: Sequence[str], seat: int, seating: Seating) -> bool:
        count = len(roles)
        evil = [team(role) in EVIL_TEAMS for role in roles]
        left = 0
        while left < count and evil[(seat - left - 1) % count]:
            left += 1
        right = 0
        while right < count and evil[(seat + right + 1) % count]:
            right += 1
        in_line = left + right + 1
        return in_line >= sum(evil) and abs(left - right) <= 1


class Vortox(Demon):
    """Kills each night but the first; while it lives sober, every Townsfolk's
    information is false, and a day without an execution ends the game (evil wins)."""

    id = "vortox"
    falsifies = True


class NoDashii(Demon):
    """Kills each night but the first; while it lives sober, its two Townsfolk
    neighbours (the nearest Townsfolk each way, living or dead) are poisoned (the
    story's `is_poisoned`)."""

    id = "nodashii"
    exact_with_misregistering = False


class Leviathan(Unit):
    """Kills no one: a Demon without a night action (its day-5 and second-execution wins
    end the game, which the puzzles' timelines never reach)."""

    id = "leviathan"
    poison_matters = False
    wakes_as_listed = False


class Legion(Demon):
    """Most players are Legion (meeple.botc.modifiers), with no Minions; each night but
    the first a player might die (the timeline's night death, any player, a Legion too:
    the Storyteller's choice, once, for all the Legion); it registers as a Minion too
    (as any Minion, as jthemphill reads it). Executions fail when only evil players
    voted: the puzzles say which executions happened, and their constraints who voted.
    It wakes to no ability."""

    id = "legion"
    tells_goon = False
    kills_only_the_living = False  # its own night: not the house rule's
    dies_as_starting_demon = ("execution",)  # Legion lives on in the others
    wakes_as_listed = False
    misregisters = Misregistration(alignment=False, teams=("minion",), keeps=True)

    @rests_first_night
    def night(self, story: Story, seat: int, number: int, table: Table) -> Iterator[Story]:
        victims = table.night_deaths.get(number, ())
        first = next((s for s in story.seats_of(self.id) if story.alive[s]), None)
        if number < 2 or seat != first or not victims or set(victims) & set(story.died):
            yield story  # another Legion's turn, or the Legion killed tonight already
            return
        if len(victims) > 1 or not story.sober(seat):
            return
        (victim,) = victims
        if story.alive[victim] and not self._shielded(story, victim, table):
            yield from kill(story.fork(), victim, table)


class Pukka(Demon):
    """Each night (the first too) chooses a player: they are poisoned; the player it
    poisoned before dies (a night death the timeline must record, unless a Soldier or
    Monk keeps them alive) and is healthy again. Drunk or poisoned it chooses no one and
    kills no one, and its poison holds only while it lives and is sober (Clockchecker's
    reading). Each living player is tried as its choice, and a dead one (no one
    poisoned) once someone has died. Chosen by the Exorcist, it does not wake: it
    poisons no one, and the player it poisoned before dies all the same
    (Clockchecker's reading). Its choice of a Goon no one chose tonight (drunk or
    poisoned too) makes it drunk: it poisons and kills no one, as a drunk Pukka."""

    id = "pukka"
    kills_only_the_living = False  # its own night: not the house rule's
    asks_after = True

    @poisons_first_night(1)  # no one poisoned before: no one dies
    @kills_at_most(kills_one_alive)
    def night(self, story: Story, seat: int, number: int, table: Table) -> Iterator[Story]:
        if not story.alive[seat]:
            yield story
            return
        exorcised = ("no kill", story.now, seat) in story.choices
        if not exorcised:
            yield from goon_choices(story, seat)
        if not story.sober(seat):
            yield story
            return
        before = story.chosen_poison
        previous = before[1] if before is not None and before[0] == seat else None
        if previous is not None:  # its choice asked after: see below
            story.asked.last[previous] = story.asked.clock
        dies = previous is not None and story.alive[previous]
        if dies and previous is not None and self._shielded(story, previous, table):
            dies = False
        if dies and previous not in table.night_deaths.get(number, ()):
            return
        targets: list[int | None] = [s for s in range(len(story.roles)) if story.alive[s]]
        if story.living() < len(story.roles):
            targets.append(None)  # a dead player: no one is poisoned
        targets = [target for target in targets if target is None or not first(story, target)]
        if exorcised:
            targets = [None]  # the Exorcist's: it does not wake, poisons no one
        # A choice after the first goes as the first went when the first's stories, to
        # the puzzle's end, never asked whether either was poisoned (nor reached the
        # night the first would die): `Story.asked`.
        mark, base = story.asked.tick(), targets[0]
        for target in targets:
            if base is not None and target != base and not _asked(story, mark, base, target):
                continue
            chosen = story.fork()
            chosen.chosen_poison = None if target is None else (seat, target)
            if target is not None:
                chosen.chose("poisoned", target)
            if dies and previous is not None:
                yield from kill(chosen, previous, table)
            else:
                yield chosen


def _asked(story: Story, mark: int, *seats: int | None) -> bool:
    """Whether the stories since `mark` asked whether any of the seats was poisoned (a
    choice of no seat, None, asks nothing of itself)."""
    return any(seat is not None and story.asked.last[seat] >= mark for seat in seats)


PO_CHARGED = 3
"""How many players a Po chooses after a night it chose no one."""


class Po(Demon):
    """Each night but the first may choose a player: they die; after a night it chose
    no one, it chooses three. Its choices are tried among the night's dead (each
    living one, shielded ones spared), and on players where a choice changes nothing
    (a dead player or a shielded one, or any while it is drunk or poisoned). Chosen
    by the Exorcist, it does not wake: it chooses nothing, and its charge stays as it
    was (Clockchecker's reading). Choosing a Goon no one chose tonight, it is drunk
    and kills no one."""

    id = "po"
    kills_only_the_living = False  # its own night: not the house rule's

    @rests_first_night
    def night(self, story: Story, seat: int, number: int, table: Table) -> Iterator[Story]:
        exorcised = ("no kill", story.now, seat) in story.choices  # it does not wake
        if number < 2 or not story.alive[seat] or exorcised:
            yield story
            return
        before = [what for what, _, who in story.choices if who == seat and what[:3] == "po_"]
        victims = [
            v
            for v in table.night_deaths.get(number, ())
            if story.alive[v] and not self._shielded(story, v, table) and not first(story, v)
        ]
        spare = self._spare(story, table)
        if not before or before[-1] != "po_charged":
            rested = story.fork()
            rested.chose("po_charged", seat)
            yield rested
            yield from self._choose(story, seat, table, victims, 1, spare)
        else:
            yield from self._choose(story, seat, table, victims, PO_CHARGED, spare)

    def _choose(
        self, story: Story, seat: int, table: Table, victims: list[int], count: int, spare: int
    ) -> Iterator[Story]:
        """The stories after it chose `count` players: some of the night's dead killed,
        the other choices on the `spare` players where a choice changes nothing."""
        chose = story.fork()
        chose.chose("po_chose", seat)
        yield from goon_choices(chose, seat)  # drunk from the Goon: no kill
        if not chose.sober(seat):
            yield chose
            return
        yield from kills_among(chose, table, victims, count, spare)


def kills_among(
    story: Story, table: Table, victims: list[int], count: int, spare: int
) -> Iterator[Story]:
    """The stories after a Demon chose `count` players: some of `victims` (the night's
    dead) killed, its other choices on the `spare` players where a choice changes
    nothing (dead or shielded ones)."""
    for size in range(max(0, count - spare), min(count, len(victims)) + 1):
        for killed in itertools.combinations(victims, size):
            stories = [story.fork()]
            for victim in killed:
                stories = [after for s in stories for after in kill(s, victim, table)]
            yield from stories


class Zombuul(Demon):
    """Each night but the first, if no one died the day before (by any cause), it wakes
    and chooses a player: they die (as any Demon's kill); after a day with a death it
    neither wakes nor kills. The first time it dies, sober, it lives on registering as
    dead (the story's `undead`: it still wakes and kills, and the game goes on while it
    lives); that seeming death is a death of its day like any other. Drunk or poisoned
    then, or a second time, it dies."""

    id = "zombuul"
    kills_only_the_living = False  # its own night: not the house rule's
    dies_as_starting_demon = ("execution", "nomination_death")  # it seems to die

    def sees_death(self, story: Story, seat: int, dead: int, executed: bool) -> None:
        if story.now % 2:  # a day's death
            story.chose("day_death", dead)

    @staticmethod
    def _rested(story: Story, number: int) -> bool:
        """Whether someone died on the day before night `number`."""
        day = Time("day", number - 1).order
        return any(what == "day_death" and at == day for what, at, _ in story.choices)

    def wakes(self, story: Story, seat: int, number: int, table: Table) -> bool:
        living = story.alive[seat] or seat in story.undead
        return number > 1 and living and not self._rested(story, number)

    @rests_first_night
    def night(self, story: Story, seat: int, number: int, table: Table) -> Iterator[Story]:
        if self._rested(story, number):
            yield story
            return
        yield from super().night(story, seat, number, table)

    def dies(self, story: Story, seat: int, table: Table) -> Iterator[Story]:
        if story.now % 2:
            story.chose("day_death", seat)  # it registers as dead: a death today
        if story.sober(seat):
            story.undead = story.undead | {seat}
            story.chose("undead", seat)
        yield story


SHABALOTH_CHOICES = 2
"""How many players the Shabaloth chooses each night."""


class Shabaloth(Demon):
    """Each night but the first chooses two players: they die (the Exorcist's choice
    stops it, as any Demon's). A dead player it chose the night before might be
    regurgitated (resurrected): the timeline tells no resurrection, so none is (the
    Storyteller's "might"). Its choices are tried among the night's dead (each living
    one, shielded ones spared) and on players where a choice changes nothing. Choosing
    a Goon no one chose tonight, it is drunk and kills no one."""

    id = "shabaloth"
    kills_only_the_living = False  # its own night: not the house rule's

    @rests_first_night
    def night(self, story: Story, seat: int, number: int, table: Table) -> Iterator[Story]:
        stopped = ("no kill", story.now, seat) in story.choices
        if number < 2 or not story.alive[seat] or stopped:
            yield story
            return
        yield from goon_choices(story, seat)
        if not story.sober(seat):
            yield story
            return
        victims = [
            v
            for v in table.night_deaths.get(number, ())
            if story.alive[v] and not self._shielded(story, v, table) and not first(story, v)
        ]
        spare = self._spare(story, table)
        yield from kills_among(story, table, victims, SHABALOTH_CHOICES, spare)


RIOT_DAY = 3
"""The day the Minions become Riot and nominees die."""


class Riot(Unit):
    """Kills no one at night; on day 3 every Minion becomes a Riot and each nominee dies
    (a death, not an execution) while a sober Riot lives. The game goes on while any
    Riot lives. A puzzle that passes day 3 without a nomination death is refused (the
    change of the Minions is only modelled with the deaths it comes with)."""

    id = "riot"
    night_order = 10
    wakes_as_listed = False
    causes = "nomination_death"
    spares_starting_demons = ("nomination_death",)  # the game goes on while a Riot lives

    @rests_first_night
    def night(self, story: Story, seat: int, number: int, table: Table) -> Iterator[Story]:
        if number > RIOT_DAY and any(team(role) == "minion" for role in story.roles):
            raise Unmodelled("the solver does not model a Riot's day 3 without nominations")
        yield story

    def cause(self, story: Story, seat: int, victim: int, table: Table) -> Iterator[Story]:
        if story.now != Time("day", RIOT_DAY).order or seat != story.roles.index(self.id):
            return
        rioting = story.fork()
        for minion, role in enumerate(story.roles):
            if team(role) == "minion":
                rioting.roles[minion] = self.id
        riots = rioting.seats_of(self.id)
        if any(rioting.alive[riot] and rioting.sober(riot) for riot in riots):
            yield from kill(rioting, victim, table)


class FangGu(Demon):
    """Kills each night but the first; the first Outsider it attacks (once a game)
    becomes an evil Fang Gu and the Fang Gu dies instead; one more Outsider at set-up
    (meeple.botc.modifiers). The timeline says which: a night death of the Fang Gu
    itself is a jump, tried to each living Outsider (or it chose itself); a night death
    of a player who must register as an Outsider is a kill only after the jump was
    used."""

    id = "fanggu"
    tells_goon = False

    def attacks(self, story: Story, seat: int, victim: int, table: Table) -> Iterator[Story]:
        jumped = any(what == "jump" for what, _, _ in story.choices)
        if victim == seat and not jumped:
            yield from self._jumps(story, seat, table)
        if victim == seat or jumped or not story.must_be_team(victim, "outsider"):
            yield from super().attacks(story, seat, victim, table)  # itself too, as any Demon

    def _jumps(self, story: Story, seat: int, table: Table) -> Iterator[Story]:
        """Each story in which the Fang Gu attacked a living Outsider, who becomes the
        evil Fang Gu, and died instead."""
        for outsider in range(len(story.roles)):
            if outsider == seat or not story.alive[outsider]:
                continue
            if not story.may_be_team(outsider, "outsider"):
                continue
            if self._shielded(story, outsider, table) or saved(story, outsider, table, False):
                continue  # an Outsider that cannot die is not killed: no jump
            jumped = story.fork()
            jumped.roles[outsider] = self.id
            jumped.turned = jumped.turned | {outsider}
            jumped.chose("jump", outsider)
            jumped.chose("demon", outsider)
            yield from kill(jumped, seat, table)


class Vigormortis(Demon):
    """Kills each night but the first; a Minion it kills keeps its ability (the story's
    `active`) and poisons one of its two nearest Townsfolk (living or dead, each
    tried), while the Vigormortis lives and is sober; one Outsider fewer at set-up
    (meeple.botc.modifiers)."""

    id = "vigormortis"
    tells_goon = False
    kills_only_the_living = False  # its own night: not the house rule's
    exact_with_misregistering = False

    def night(self, story: Story, seat: int, number: int, table: Table) -> Iterator[Story]:
        victims = table.night_deaths.get(number, ())
        for after in super().night(story, seat, number, table):
            minion = victims[0] if victims and victims[0] in after.died else None
            if minion is None or team(after.roles[minion]) != "minion":
                yield after
                continue
            near: list[int | None] = [*nearest_townsfolk(after, minion)]
            for townsfolk in near or [None]:
                kept = after.fork()
                kept.vigor = (*kept.vigor, (minion, townsfolk))
                if townsfolk is not None:
                    kept.chose("vigormortis_poisoned", townsfolk)
                yield kept


def nearest_townsfolk(story: Story, seat: int) -> list[int]:
    """The nearest Townsfolk each way round from the seat, living or dead (one seat
    when the same both ways, none when there is none)."""
    count = len(story.roles)
    found: list[int] = []
    for step in (-1, 1):
        near = next(
            (
                (seat + step * k) % count
                for k in range(1, count)
                if team(story.roles[(seat + step * k) % count]) == "townsfolk"
            ),
            None,
        )
        if near is not None and near not in found:
            found.append(near)
    return found


DEMONS: tuple[type[Unit], ...] = (
    Imp,
    LordOfTyphon,
    # Sects & Violets (branch g40/snv)
    Vortox,
    NoDashii,
    # Bad Moon Rising and others (branch g40/bmr)
    Leviathan,
    Riot,
    Legion,
    Pukka,
    Po,
    Shabaloth,
    Zombuul,
)


class Kazali(Demon):
    """Kills each night but the first; it chooses which players are the Minions on the
    first night. The published answers list those Minions as starting characters, so
    the solver seats them from the start; its set-up rule (no Minions in the bag) would
    contradict that, so a Kazali puzzle with the standard set-up is refused."""

    id = "kazali"
    tells_goon = False
    standard_setup_unmodelled = True


DEMONS_MISC: tuple[type[Unit], ...] = (Kazali,)
"""Issue 40's Demons of branch g40/misc (kept apart for merging)."""
FANG_GU: tuple[type[Unit], ...] = (FangGu, Vigormortis)
"""The Demons of the Fang Gu's puzzles (branch g40/fanggu)."""
