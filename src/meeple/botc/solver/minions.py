"""Trouble Brewing's Minions and the others the solver models (the Witch), one small
unit each. The Baron's two extra Outsiders are
set-up rules (meeple.botc.modifiers), read by the solver's set-up."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from meeple.botc.puzzle.model import CURSE_NEEDS_LIVING_WITCH, Event, Time
from meeple.botc.solver.choosing import first, goon_choices
from meeple.botc.solver.deaths import kill
from meeple.botc.solver.homebrew import CLAIMED_AS
from meeple.botc.solver.nightkills import kills_at_most, kills_none, poisons_first_night
from meeple.botc.solver.story import Misregistration, Story, team
from meeple.botc.solver.units import Inert, Seating, Table, Unit, Unmodelled, rests_first_night


def poison_targets(story: Story, table: Table, alive: bool = True) -> list[int | None]:
    """The seats a poisoner's choice is tried on: each living one where poison can
    matter, and None (a seat where it changes nothing). A dead poisoner (the
    Vigormortis keeps its ability) does not choose the Vigormortis: its own ability
    rests on the Vigormortis's, and poisoning it would take itself away."""
    found: list[int | None] = [None]
    for target, role in enumerate(story.roles):
        unit = table.cast.get(role)
        matters = (unit is not None and unit.poison_matters) or target in table.asked_poisoned
        if story.alive[target] and matters and (alive or role != "vigormortis"):
            found.append(target)
    return found


def idle(story: Story, table: Table, target: int) -> bool:
    """Whether poisoning the seat tonight and tomorrow changes nothing: it only informs
    its player (`Unit.informs_only`), its claims date nothing tonight or tomorrow, no
    sentence asks whether it was poisoned, and no Pit-Hag may change its character."""
    told = table.told_at
    return (
        told is not None
        and table.cast[story.roles[target]].informs_only
        and not told[target] & {story.now, story.now + 1}
        and target not in table.asked_poisoned
        and "pithag" not in table.cast
    )


class Poisoner(Unit):
    """Each night chooses a player: poisoned tonight and tomorrow (while the Poisoner
    lives). The solver tries every seat where poison changes something, and one where
    it changes nothing (None: the Poisoner's choice is not part of the world)."""

    id = "poisoner"
    night_order = 1
    asks_after = True
    poison_matters = False
    chooses = True

    @poisons_first_night(1)
    @kills_at_most(kills_none)
    def night(self, story: Story, seat: int, number: int, table: Table) -> Iterator[Story]:
        if not story.active(seat) or not story.sober(seat):
            yield story
            return
        mark = story.asked.tick()
        for target in poison_targets(story, table, story.alive[seat]):
            if target is None:
                pass
            elif idle(story, table, target) or story.asked.last[target] < mark:
                continue  # it tells as no seat's poisoning, tried first, does
            poisoned = story.fork()
            poisoned.poisoner = seat
            poisoned.poisoned = target
            if target is not None:
                poisoned.chose("poisoned", target)
            yield poisoned


class Widow(Unit):
    """On the first night chooses a player: poisoned for as long as the Widow lives; and
    one good player hears that a Widow is in play (the solver's timeline checks that
    exactly one good claimant says so when the Widow acted, none when it did not)."""

    id = "widow"
    night_order = 2
    poison_matters = False

    @poisons_first_night(1)
    def night(self, story: Story, seat: int, number: int, table: Table) -> Iterator[Story]:
        if number != 1 or not story.sober(seat):
            yield story
            return
        for target in poison_targets(story, table):
            poisoned = story.fork()
            poisoned.chose("widow_call", seat)
            if target is not None:
                poisoned.lasting = (seat, target)
                poisoned.chose("poisoned", target)
            yield poisoned


class Spy(Unit):
    """May register as good, and as a Townsfolk or Outsider, even if dead (not when
    poisoned)."""

    tells_goon = True  # it chooses no one

    id = "spy"
    poison_matters = False
    misregisters = Misregistration(alignment=True, teams=("townsfolk", "outsider"))


class ScarletWoman(Unit):
    """If the Demon dies with five or more players alive, becomes the Demon."""

    tells_goon = True  # it chooses no one

    id = "scarletwoman"
    wakes_as_listed = False

    def catches_demon(self, story: Story, seat: int, living: int) -> bool:
        return living >= 5 and story.sober(seat)


class Baron(Inert):
    """Two more Outsiders at set-up (meeple.botc.modifiers); nothing in play."""

    id = "baron"


class Marionette(Unit):
    """Believes it is a good character not in play (it claims it, and says anything: it
    is evil) and sits next to the Demon."""

    id = "marionette"
    poison_matters = False
    wakes_as_listed = False

    def fits(self, roles: Sequence[str], seat: int, seating: Seating) -> bool:
        count = len(roles)
        beside = (roles[(seat - 1) % count], roles[(seat + 1) % count])
        next_to_demon = any(team(role) == "demon" for role in beside)
        return next_to_demon and seating.believes(roles, seat, ("townsfolk", "outsider"))


class Xaan(Unit):
    """On night X, every Townsfolk is poisoned until dusk, X being how many Outsiders
    started in play (any number: meeple.botc.modifiers)."""

    id = "xaan"
    night_order = 3
    poison_matters = False
    wakes_as_listed = False

    def night(self, story: Story, seat: int, number: int, table: Table) -> Iterator[Story]:
        outsiders = sum(team(role) == "outsider" for role in story.starting)
        if number != outsiders or not story.alive[seat] or not story.sober(seat):
            yield story
            return
        poisoned = story.fork()
        townsfolk = (s for s, role in enumerate(story.roles) if team(role) == "townsfolk")
        poisoned.blanket = (seat, frozenset(townsfolk))
        yield poisoned


class Goblin(Inert):
    """Wins for evil if claimed, nominated and executed the same day: nothing a
    puzzle's worlds depend on while the game goes on."""

    id = "goblin"


class Witch(Unit):
    """Each night chooses a player: if they nominate tomorrow, they die (not once just
    three players live). The timeline's witch curses are its deaths: the solver has a
    living sober Witch choose the player a curse killed the next day, and on other
    nights a player who did not nominate (no choice recorded). A curse whose nominator
    the timeline names kills while the Witch's ability is in play and sober (a Witch
    who died since lost it, unless the Vigormortis keeps it or the timeline says the
    curse stands); under the house rule "a witch curse told with its nominator needs a
    living witch", while she is alive and sober."""

    id = "witch"
    night_order = 4
    causes = "witch_curse"
    chooses = True

    @poisons_first_night(0)
    def night(self, story: Story, seat: int, number: int, table: Table) -> Iterator[Story]:
        cursed = [
            table.names.index(player)
            for event in table.puzzle.timeline
            if event.kind == "witch_curse" and event.when == Time("day", number)
            for player in event.players
        ]
        working = story.active(seat) and story.sober(seat) and story.living() > 3
        if not cursed or not working:
            yield story
            return
        for victim in cursed:
            chosen = story.fork()
            chosen.chose("cursed", victim)
            yield chosen

    def cause(self, story: Story, seat: int, victim: int, table: Table) -> Iterator[Story]:
        if ("cursed", story.now - 1, victim) not in story.choices:
            return
        told = self._told(story, victim, table)
        if told is not None and (told.acted_before_death or told.caller is None):
            yield from kill(story.fork(), victim, table)  # stands, whatever became of her
            return
        living = told is not None and CURSE_NEEDS_LIVING_WITCH in table.puzzle.house_rules
        if (story.alive[seat] if living else story.active(seat)) and story.sober(seat):
            yield from kill(story.fork(), victim, table)

    @staticmethod
    def _told(story: Story, victim: int, table: Table) -> Event | None:
        """The timeline's curse of the victim today. It stands whatever became of the
        Witch since she chose when it says so (`acted before death`) or names no
        nominator, telling only the death (docs/formats/botc.md, "a Witch's curse");
        else it needs her ability in play, or her alive under the house rule "a witch
        curse told with its nominator needs a living witch"."""
        return next(
            (
                event
                for event in table.puzzle.timeline
                if event.kind == "witch_curse"
                and event.when.order == story.now
                and table.names[victim] in event.players
            ),
            None,
        )


class EvilTwin(Inert):
    """It and a good player know each other: a good player who says its Evil Twin is X
    tells the truth (the solver's set-up). Executing the good twin would end the game:
    a puzzle with the Evil Twin and an execution is refused."""

    id = "eviltwin"
    executions_unmodelled = True


class DevilsAdvocate(Unit):
    """Each night chooses a living player (not last night's): if executed tomorrow,
    they do not die. The solver has it choose a player the timeline says survived
    their execution the next day, or a player who was not executed (no choice
    recorded)."""

    id = "devilsadvocate"
    night_order = 5
    chooses = True

    @poisons_first_night(0)
    def night(self, story: Story, seat: int, number: int, table: Table) -> Iterator[Story]:
        yield story
        if not story.active(seat) or not story.sober(seat):
            return
        last = ("advocate", story.now - 2)
        for event in table.puzzle.timeline:
            if event.kind != "survived_execution" or event.when != Time("day", number):
                continue
            for player in event.players:
                chosen = table.names.index(player)
                if story.alive[chosen] and (*last, chosen) not in story.choices:
                    protected = story.fork()
                    protected.chose("advocate", chosen)
                    yield protected

    def saves(self, story: Story, seat: int, victim: int, executed: bool) -> bool:
        chose = ("advocate", story.now - 1, victim) in story.choices
        return executed and chose and story.active(seat) and story.sober(seat)


def _outsider_died_today(story: Story) -> bool:
    """Whether an Outsider died on the day before this night (the Godfather's mark)."""
    return any(what == "outsider_died" and at == story.now - 1 for what, at, _ in story.choices)


def _godfather_kills(story: Story, seat: int) -> int:
    """A living Godfather kills one player on a night after an Outsider died by day."""
    return int(_outsider_died_today(story) and story.alive[seat])


class Godfather(Unit):
    """Knows the Outsiders in play; one Outsider more or fewer at set-up
    (meeple.botc.modifiers). After a day on which an Outsider died (by any cause), a
    living sober Godfather chooses a player that night: they die. Its kill is tried on
    each of the night's dead still alive, and on a player where it changes nothing (a
    dead one: one died that day). It chooses after the Demons (the official night
    order); choosing a Goon no one chose tonight (drunk or poisoned too), it is drunk
    and kills no one."""

    id = "godfather"
    night_order = 10.3
    kills = True
    tells_goon = True

    def sees_death(self, story: Story, seat: int, dead: int, executed: bool) -> None:
        if story.now % 2 and team(story.roles[dead]) == "outsider":  # a day's death
            story.chose("outsider_died", dead)

    @kills_at_most(_godfather_kills)
    @rests_first_night
    def night(self, story: Story, seat: int, number: int, table: Table) -> Iterator[Story]:
        yield story  # chose a dead player (an Outsider died today), or no Outsider died
        died = _outsider_died_today(story)
        if not died or number < 2 or not story.alive[seat]:
            return
        yield from goon_choices(story, seat)
        if not story.sober(seat):
            return
        for victim in table.night_deaths.get(number, ()):
            if story.alive[victim] and not first(story, victim):
                yield from kill(story.fork(), victim, table)


MINIONS: tuple[type[Unit], ...] = (
    Poisoner,
    Spy,
    ScarletWoman,
    Baron,
    Marionette,
    Xaan,
    Widow,
    Goblin,
    # Sects & Violets (branch g40/snv)
    Witch,
    EvilTwin,
)
FANG_GU_MINIONS: tuple[type[Unit], ...] = (DevilsAdvocate,)
"""The Minions of the Fang Gu's puzzles (branch g40/fanggu)."""
GIFTS_UNMODELLED = ("night", "shields", "executed", "catches_demon", "makes_drunk")
"""What a unit may override that the solver reads only of a seat's own character: a
Boffin's gift of such a character is refused."""


class Boffin(Unit):
    """The Demon (even drunk or poisoned) has the ability of a good character not in
    play, chosen at set-up (each tried): its claims are anything (it is evil), and what
    the solver reads of a gained ability counts, the deaths it causes by day (a Slayer's
    shot, a Golem's nomination) and a Recluse's registering (as a Minion). The Demon
    loses it from the first night the Boffin is dead. A gift whose ability acts at
    night, shields or changes set-up is refused as not modelled."""

    id = "boffin"
    night_order = 0.4
    poison_matters = False

    def night(self, story: Story, seat: int, number: int, table: Table) -> Iterator[Story]:
        demon = story.demon()
        if demon is None:
            yield story
            return
        if number > 1:
            if story.alive[seat]:
                yield story
                return
            lost = story.fork()
            lost.gained = tuple((s, key) for s, key in story.gained if s != demon)
            yield lost
            return
        gifts = [
            key
            for key, unit in table.cast.items()
            if team(key) in ("townsfolk", "outsider")
            and key not in story.roles
            and key not in CLAIMED_AS
            and key not in ("drunk", "politician")  # jinxed: never a Boffin's gift
        ]
        if not gifts:
            yield story
        for key in gifts:
            unit = type(table.cast[key])
            if any(getattr(unit, name) is not getattr(Unit, name) for name in GIFTS_UNMODELLED):
                raise Unmodelled(f"the solver does not model a Boffin's gift of the {key}")
            gifted = story.fork()
            gifted.gained = (*story.gained, (demon, key))
            yield gifted


def changes_tonight(story: Story, number: int, table: Table) -> list[tuple[int, str]]:
    """The (seat, character) of each claim that changes, on day `number` or night
    `number`, to another character than the seat has (`Table.changed`)."""
    return [
        (seat, role)
        for seat, role, when in table.changed
        if when.number == number and story.roles[seat] != role
    ]


class Cerenovus(Unit):
    """Each night chooses a player and a good character: they are mad about being it
    tomorrow. The solver has a living sober Cerenovus choose, on night N, a player whose
    claim changes on night or day N to a character they are not (each tried, or no one
    who matters): that changed claim is madness, not a lie (the timeline's rule)."""

    id = "cerenovus"
    night_order = 4.5

    def night(self, story: Story, seat: int, number: int, table: Table) -> Iterator[Story]:
        yield story
        if not story.alive[seat] or not story.sober(seat):
            return
        for victim, role in changes_tonight(story, number, table):
            if team(role) in ("townsfolk", "outsider"):
                mad = story.fork()
                mad.chose("mad", victim)
                yield mad


class PitHag(Unit):
    """Each night but the first chooses a player and a character not in play: they
    become it. The solver has a living sober Pit-Hag make, on night N, a player whose
    claim changes on night or day N into that character (each tried, or no one who
    matters): the change of claim is then the truth. A change into a Demon (its
    arbitrary deaths) is refused as not modelled."""

    id = "pithag"
    night_order = 4.6

    def night(self, story: Story, seat: int, number: int, table: Table) -> Iterator[Story]:
        yield story
        if number < 2 or not story.alive[seat] or not story.sober(seat):
            return
        for victim, role in changes_tonight(story, number, table):
            if role in story.roles or role not in table.cast:
                continue
            if team(role) == "demon":
                raise Unmodelled("the solver does not model a Pit-Hag's Demon yet")
            changed = story.fork()
            changed.roles[victim] = role
            changed.chose("pithag", victim)
            yield changed


MINIONS_MISC: tuple[type[Unit], ...] = (Godfather, Boffin, Cerenovus, PitHag)
"""Issue 40's Minions of branch g40/misc (kept apart for merging)."""
