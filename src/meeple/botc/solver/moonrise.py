"""Bad Moon Rising's Townsfolk the solver models, one small unit each: the Chambermaid's
count of who woke (each character's `wakes`), the Courtier's drink."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from meeple.botc.puzzle.model import Guess, Info, Sentence, Statement, Time, Woke
from meeple.botc.solver.choosing import chose, first, goon_choices, goons
from meeple.botc.solver.constraints import true
from meeple.botc.solver.deaths import dies_of_itself, kill, saved
from meeple.botc.solver.demons import living_kills
from meeple.botc.solver.homebrew import character_id
from meeple.botc.solver.nightkills import kills_at_most, kills_none, kills_one_alive
from meeple.botc.solver.story import Story, team
from meeple.botc.solver.townsfolk import chosen_on, would
from meeple.botc.solver.units import (
    Once,
    Table,
    Unit,
    Unmodelled,
    picks,
    rests_first_night,
    until_used,
)


class Chambermaid(Unit):
    """Each night chooses two living players (not itself) and learns how many of them
    woke tonight through their own ability (each character's `wakes`). It chooses last
    of all (the Goon hears its claimed pair; a night its claims do not tell, it may
    have chosen the Goon)."""

    id = "chambermaid"
    each_night = True
    learns_at = None
    night_order = 13
    tells_goon = True
    night_for_goon = True

    @kills_at_most(kills_none)
    def night(self, story: Story, seat: int, number: int, table: Table) -> Iterator[Story]:
        if not story.alive[seat] or not any(first(story, goon) for goon in goons(story)):
            yield story  # no Goon to hear it
            return
        tonight = Time("night", number)
        told = [
            item
            for when, item in table.learned_by[seat]
            if isinstance(item, Woke) and when == tonight
        ]
        if told:
            yield chose(story, seat, (table.seat(told[0].left), table.seat(told[0].right)))
            return
        yield story
        yield from goon_choices(story, seat)

    def chose(self, story: Story, seat: int, item: Woke, table: Table) -> str | None:
        """Why the two players could not have been chosen, None when they could."""
        for name in (item.left, item.right):
            chosen = table.seat(name)
            if chosen == seat:
                return "a Chambermaid does not choose itself"
            if chosen is not None and not story.alive[chosen]:
                return f"{name} is dead"
        return None

    def holds(self, story: Story, seat: int, item: Info, table: Table) -> str | None:
        if not isinstance(item, Woke):
            return None
        wrong = self.chose(story, seat, item, table)
        if wrong is not None:
            return wrong
        number = story.now // 2 + 1
        ways = [
            table.cast[story.roles[chosen]].wakings(story, chosen, number, table)
            for chosen in map(table.seat, (item.left, item.right))
            if chosen is not None
        ]
        woke = {sum(way) for way in itertools.product(*ways)}
        return None if item.count in woke else would(woke)

    def lies(self, story: Story, seat: int, item: Info, table: Table) -> str | None:
        """Under the Vortox the count is false; the choice is still of two living players."""
        if isinstance(item, Woke) and (wrong := self.chose(story, seat, item, table)):
            return wrong
        return super().lies(story, seat, item, table)


DRINK = 5
"""How long the Courtier's drunkenness lasts after the night it chose, in steps: that
night's day, and two more nights and days (three nights and three days)."""


class Courtier(Once):
    """Once, at night, chooses a character: its player is drunk for three nights and
    three days (while the Courtier lives and is sober; a player who may register as
    the character may be the one, as Clockchecker reads it). The night is its claim's
    (`night 1: chose vortox`); claiming no choice, it may have chosen any character in
    play on any night, or none (silence is not "I chose nothing")."""

    id = "courtier"
    tells_goon = True
    """It chooses a character, not a player."""
    night_order = 3.5
    """After the Poisoner, Widow and Xaan, before the Witch and the Demons."""

    def night(self, story: Story, seat: int, number: int, table: Table) -> Iterator[Story]:
        said, chosen = picks(table, seat, number)
        working = story.alive[seat] and story.sober(seat)
        if not said:
            yield story
            if working and story.drink is None:
                for character in sorted(set(story.roles)):
                    yield from self._drink(story, seat, character)
            return
        if not chosen or not working:
            yield story
            return
        if len(chosen[0].roles) != 1:
            raise Unmodelled("the solver models a Courtier's choice of one character")
        role = character_id(chosen[0].roles[0])
        if role is None:
            yield story
            return
        yield from self._drink(story, seat, role)

    @staticmethod
    def _drink(story: Story, seat: int, role: str) -> Iterator[Story]:
        """The stories after the Courtier chose `role`: each player who may register
        as it drunk (no one when none may)."""
        players = [s for s in range(len(story.roles)) if story.may_be(s, role)]
        if not players:
            yield story
        for player in players:
            drunk = story.fork()
            drunk.drink = (seat, player, story.now + DRINK)
            drunk.chose("drink", player)
            yield drunk


class Gambler(Unit):
    """Each night but the first guesses a player's character: wrong, it dies (not while
    drunk or poisoned). A player who may register as the guess may make it right or
    wrong. Claiming no guess that night, it may have guessed either way. Guessing on a
    Goon no one chose tonight, it is drunk and does not die."""

    id = "gambler"
    night_order = 5
    """Before the Demons."""
    learns_at = None
    kills = True
    tells_goon = True
    kills_only_the_living = True
    """It kills only itself, alive when it guesses."""

    @kills_at_most(kills_one_alive)
    @rests_first_night
    def night(self, story: Story, seat: int, number: int, table: Table) -> Iterator[Story]:
        tonight = Time("night", number)
        guesses = [
            item
            for when, item in table.learned_by[seat]
            if isinstance(item, Guess) and when == tonight
        ]
        if number < 2 or not story.alive[seat]:
            yield story
            return
        guessed = table.seat(guesses[0].player) if guesses else None
        if guessed is None:
            yield from goon_choices(story, seat)
        else:
            story = chose(story, seat, (guessed,))
        if not story.sober(seat):
            yield story
            return
        role = character_id(guesses[0].role) if guesses else None
        if guessed is None or role is None:
            yield story
            yield from dies_of_itself(story, seat, number, table)
            return
        if story.may_be(guessed, role):
            yield story
        if not story.must_be(guessed, role):
            yield from dies_of_itself(story, seat, number, table)


class Gossip(Unit):
    """Each day may make a public statement (a sentence); that night, if it was true
    (over the characters in play that day) and the Gossip lives sober, a player dies:
    one of the night's dead, or no one once a player is dead (the Storyteller may
    choose a dead one, as Clockchecker reads it; not under the house rule "no night kill
    on a dead player", where it is a living one: one of the night's dead still alive, or
    one an ability keeps alive). Claiming no statement that day, it may have made a true
    one or not (silence is not "I said nothing"). Its statements are no information (the
    Vortox does not make them false). It wakes to no ability."""

    id = "gossip"
    tells_goon = True
    night_order = 11
    """After the Demons."""
    learns_at = None
    untimed_ignored = True
    kills = True
    kills_only_the_living = True
    wakes_as_listed = False

    def lies(self, story: Story, seat: int, item: Info, table: Table) -> str | None:
        return None

    @kills_at_most(kills_one_alive)
    @rests_first_night
    def night(self, story: Story, seat: int, number: int, table: Table) -> Iterator[Story]:
        day = Time("day", number - 1)
        said = [
            item.sentence
            for when, item in table.learned_by[seat]
            if isinstance(item, Statement) and when == day and item.sentence is not None
        ]
        working = number > 1 and story.alive[seat] and story.sober(seat)
        if not working or (said and not _any_true(table, said, story.as_of(day.order))):
            yield story
            return
        if not said:
            yield story  # no statement claimed that day: perhaps none, or a false one
        elif living_kills(table):
            if any(
                story.alive[s] and saved(story, s, table, False) for s in range(len(story.alive))
            ):
                yield story  # its death fell on a player an ability keeps alive
        elif story.living() < len(story.roles):
            yield story  # the Storyteller chose a dead player
        for victim in table.night_deaths.get(number, ()):
            if story.alive[victim]:
                yield from kill(story.fork(), victim, table)


def _any_true(table: Table, said: list[Sentence], then: Story) -> bool:
    """Whether any of a Gossip's statements holds in the story as it was then."""
    return any(true(table.puzzle, sentence.tree, then) for sentence in said)


UNTIL_DUSK = 1
"""How long a drunkenness "until dusk" lasts after the night it began, in steps: that
night's day."""


class Sailor(Unit):
    """Each night chooses a living player: it or they (the Storyteller's choice; itself
    when it chose itself) are drunk until dusk, they only while the Sailor lives sober;
    sober, it cannot die. Claiming no choice that night, it may have chosen any living
    player; a drunk or poisoned Sailor's choice does nothing (but a Goon hears it).
    Choosing a Goon no one chose tonight, it is drunk (and may die) and no one else
    is."""

    id = "sailor"
    night_order = 0.7
    """After the Philosopher, before the Poisoner (the official night order)."""
    learns_at = None
    tells_goon = True

    @kills_at_most(kills_none)
    def night(self, story: Story, seat: int, number: int, table: Table) -> Iterator[Story]:
        if not story.alive[seat]:
            yield story
            return
        told = chosen_on(seat, Time("night", number), table)
        if not story.sober(seat):
            yield chose(story, seat, told)
            if told == [None]:
                yield from goon_choices(story, seat)
            return
        living = [s for s in range(len(story.roles)) if story.alive[s]]
        targets = living if told == [None] else [s for s in told if s in living]
        for target in targets:  # a sober Sailor's told choice of a dead player: none
            if first(story, target):
                yield chose(story, seat, (target,))
                continue
            for drunk in dict.fromkeys((seat, target)):
                after = story.fork()
                after.dusk = (*after.dusk, (seat, drunk, story.now + UNTIL_DUSK))
                yield after

    def saves(self, story: Story, seat: int, victim: int, executed: bool) -> bool:
        return victim == seat and story.alive[seat] and story.sober(seat)


MINSTREL_DRINK = 2
"""How long the Minstrel's drunkenness lasts after the execution, in steps: that night
and the next day (until dusk tomorrow)."""


class Minstrel(Unit):
    """When a Minion dies by execution while the Minstrel lives sober, every other
    player is drunk until dusk tomorrow (for good once it began, as the reminder token
    stays)."""

    id = "minstrel"
    tells_goon = True

    def sees_death(self, story: Story, seat: int, dead: int, executed: bool) -> None:
        if not executed or team(story.roles[dead]) != "minion":
            return
        if story.alive[seat] and story.sober(seat):
            until = story.now + MINSTREL_DRINK
            drunk = ((s, s, until) for s in range(len(story.roles)) if s != seat)
            story.dusk = (*story.dusk, *drunk)


class Professor(Once):
    """Once per game, at night but the first, chooses a dead player: a Townsfolk is
    resurrected. The timeline tells no resurrection, so a story in which a sober
    Professor resurrected someone is refused; a claimed choice of a living player is
    not a sober Professor's."""

    id = "professor"
    tells_goon = True
    """It chooses a dead player (a dead Goon has no ability)."""
    night_order = 10.5
    """After the Demons (the official night order)."""

    def wakes(self, story: Story, seat: int, number: int, table: Table) -> bool:
        return number > 1 and until_used(story, seat, number, table)

    @kills_at_most(kills_none)
    @rests_first_night
    def night(self, story: Story, seat: int, number: int, table: Table) -> Iterator[Story]:
        working = number > 1 and story.alive[seat] and story.sober(seat)
        for chosen in chosen_on(seat, Time("night", number), table) if working else [None]:
            resurrects = chosen is not None and story.must_be_team(chosen, "townsfolk")
            if chosen is None or not (story.alive[chosen] or resurrects):
                yield story  # no one resurrected


MOONRISE: tuple[type[Unit], ...] = (
    Chambermaid,
    Courtier,
    Gambler,
    Gossip,
    Sailor,
    Minstrel,
    Professor,
)
