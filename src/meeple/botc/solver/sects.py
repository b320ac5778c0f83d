"""Sects & Violets' Townsfolk the solver models, one small unit each: what they learn,
the Artist's question, the Philosopher's gained ability (the rest of the edition is not
modelled yet: a puzzle naming one is refused)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

from meeple.botc.puzzle.model import (
    Aligned,
    Dream,
    EvilAmong,
    Guess,
    Info,
    Nominations,
    Number,
    Options,
    Statement,
    Time,
)
from meeple.botc.solver.constraints import true
from meeple.botc.solver.homebrew import character_id
from meeple.botc.solver.story import EVIL_TEAMS, Story, team
from meeple.botc.solver.townsfolk import CountsEvil, title, would
from meeple.botc.solver.units import Once, Table, Unit, Unmodelled, picks, until_used


class Clockmaker(Unit):
    """Learns on the first night how many steps from the Demon to its nearest Minion
    (each player registering one way, the Recluse as a Minion or Demon, the Spy not as
    a Minion)."""

    id = "clockmaker"
    settled_first_night = True

    def holds(self, story: Story, seat: int, item: Info, table: Table) -> str | None:
        if not isinstance(item, Number):
            return None
        possible = distances(story)
        return None if item.count in possible else would(possible)


def distances(story: Story) -> set[int]:
    """Every distance from a Demon to its nearest Minion the seats may register as."""
    count = len(story.roles)
    options = [story.may_be_teams(seat) for seat in range(count)]
    found = set()
    for chosen in itertools.product(*options):
        demons = [s for s, t in enumerate(chosen) if t == "demon"]
        minions = [s for s, t in enumerate(chosen) if t == "minion"]
        steps = [min((d - m) % count, (m - d) % count) for d in demons for m in minions]
        if steps:
            found.add(min(steps))
    return found


class Seamstress(Unit):
    """Once, learns whether two players are of the same alignment."""

    id = "seamstress"
    settled_first_night = True

    def wakes(self, story: Story, seat: int, number: int, table: Table) -> bool:
        return until_used(story, seat, number, table)

    def holds(self, story: Story, seat: int, item: Info, table: Table) -> str | None:
        if not isinstance(item, Aligned) or item.same is None or len(item.among) != 2:
            return None
        seats = [s for s in map(table.seat, item.among) if s is not None]
        if len(seats) == 2 and item.same not in alike(story, *seats):
            return f"{item.among[0]} and {item.among[1]} are {'not ' if item.same else ''}alike"
        return None


def alike(story: Story, left: int, right: int) -> set[bool]:
    """Whether two seats may register as the same alignment, and as different ones."""
    return {a == b for a in story.may_be_evil(left) for b in story.may_be_evil(right)}


class Dreamer(Unit):
    """Each night learns a good and an evil character, one of them the chosen player's."""

    id = "dreamer"
    learns_at = None
    each_night = True
    settled_first_night = True

    def holds(self, story: Story, seat: int, item: Info, table: Table) -> str | None:
        chosen = table.seat(item.player) if isinstance(item, Dream) else None
        if not isinstance(item, Dream) or chosen is None:
            return None
        roles = [character_id(name) for name in item.roles]
        if len(roles) != 2 or None in roles:
            return None
        evil = [team(role) in EVIL_TEAMS for role in roles if role is not None]
        if evil[0] == evil[1]:
            return "a Dreamer learns one good and one evil character"
        if any(role is not None and story.may_be(chosen, role) for role in roles):
            return None
        return f"{table.names[chosen]} is the {title(story.roles[chosen])}"


class Oracle(CountsEvil):
    """Each night but the first learns how many dead players are evil."""

    id = "oracle"
    learns_at = None

    def among(self, story: Story, seat: int, item: Number | EvilAmong, table: Table) -> list[int]:
        return [s for s in range(len(story.roles)) if not story.alive[s]]


class Juggler(Unit):
    """On its first day guesses players' characters; that night learns how many were
    right (each guessed player registering one way for each guess)."""

    id = "juggler"
    learns_at = Time("night", 2)
    """It guesses on day 1 (its first day) and learns that night, unless the claim says."""

    def wakes(self, story: Story, seat: int, number: int, table: Table) -> bool:
        """On the night it learns how many guesses were right (it wakes only then)."""
        learned = [
            when or self.learns_at
            for when, item in table.learned_by[seat]
            if isinstance(item, Number)
        ]
        return story.alive[seat] and Time("night", number) in learned

    def holds(self, story: Story, seat: int, item: Info, table: Table) -> str | None:
        if not isinstance(item, Number):
            return None
        guesses = [
            (guessed, character_id(guess.role))
            for guess in table.said.get(seat, ())
            if isinstance(guess, Guess) and (guessed := table.seat(guess.player)) is not None
        ]
        then = story.as_of(Time("day", 1).order)  # it guessed on its first day
        must = sum(role is not None and then.must_be(s, role) for s, role in guesses)
        may = sum(role is not None and then.may_be(s, role) for s, role in guesses)
        return None if must <= item.count <= may else would(range(must, may + 1))


class Savant(Unit):
    """Each day may learn two statements, exactly one of them true (the puzzle's
    sentences, evaluated over the characters in play then, without misregistering)."""

    id = "savant"
    learns_at = None

    def holds(self, story: Story, seat: int, item: Info, table: Table) -> str | None:
        if not isinstance(item, Options):
            return None
        truths = [true(table.puzzle, sentence.tree, story) for sentence in item.sentences]
        if sum(truths) == 1:
            return None
        return f"{sum(truths)} of its statements are true, not one"

    def lies(self, story: Story, seat: int, item: Info, table: Table) -> str | None:
        """Under the Vortox both statements are false."""
        if not isinstance(item, Options):
            return None
        truths = [true(table.puzzle, sentence.tree, story) for sentence in item.sentences]
        return f"{sum(truths)} of its statements are true, not none" if any(truths) else None


class Artist(Unit):
    """Once, by day, asks the Storyteller a yes/no question: the claim is the question
    answered yes (a sentence), true then (`registers_as` asks how a player may
    register)."""

    id = "artist"
    learns_at = None

    def holds(self, story: Story, seat: int, item: Info, table: Table) -> str | None:
        if not isinstance(item, Statement):
            return None
        if item.sentence is None:
            raise Unmodelled("the solver does not model an Artist's answer without a question")
        if true(table.puzzle, item.sentence.tree, story):
            return None
        return f"the answer to {item.sentence.text!r} is no"


class Philosopher(Once):
    """Once, at night, chooses a good character and gains its ability (the solver reads
    the night from its claim: `night 1: chose empath`); while it lives and is sober,
    the player of that character, if in play, is drunk. Its gained ability's claims are
    then checked as that character's. Claiming no choice, it may have made any."""

    id = "philosopher"
    night_order = 0.5

    def night(self, story: Story, seat: int, number: int, table: Table) -> Iterator[Story]:
        said, chosen = picks(table, seat, number)
        working = story.alive[seat] and story.sober(seat)
        if not said and working and not any(who == seat for who, _ in story.gained):
            yield from self._unclaimed(story, seat)
            return
        if not chosen or not working:
            misfired = chosen and story.alive[seat] and table.misfiring(story, seat, self.id)
            if misfired and seat not in story.abnormal:  # it gains nothing
                story = story.fork()
                story.worked_abnormally(seat)
            yield story
            return
        if len(chosen[0].roles) != 1 or chosen[0].drunk:
            raise Unmodelled("the solver models a Philosopher's choice of one character")
        role = character_id(chosen[0].roles[0])
        if role is not None and team(role) not in EVIL_TEAMS:
            yield self._chose(story, seat, role)

    @staticmethod
    def _chose(story: Story, seat: int, role: str) -> Story:
        gained = story.fork()
        gained.gained = (*gained.gained, (seat, role))
        holders = [s for s in story.seats_of(role) if s != seat]
        if holders:
            gained.philosophy = (seat, holders[0])
        return gained

    def _unclaimed(self, story: Story, seat: int) -> Iterator[Story]:
        """A Philosopher whose claims name no choice: no choice tonight, or any good
        character in play (its player drunk; a character not in play changes nothing
        the solver models)."""
        yield story
        in_play = {role for s, role in enumerate(story.roles) if s != seat}
        for role in sorted(in_play):
            if team(role) not in EVIL_TEAMS:
                yield self._chose(story, seat, role)


class TownCrier(Unit):
    """Each night but the first learns whether a Minion nominated today (the claim names
    the day's nominators: each may register as a Minion or not, as they were that day:
    a Minion who caught the Demon since still nominated as a Minion)."""

    id = "towncrier"
    learns_at = None

    def holds(self, story: Story, seat: int, item: Info, table: Table) -> str | None:
        if not isinstance(item, Nominations):
            return None
        then = story.as_of(story.now - 1)  # the nominators as they were that day
        return among(then, item, table, "minion", "nominated")


def among(story: Story, item: Nominations, table: Table, wanted: str, did: str) -> str | None:
    """Why `item` (whether one of its players, each registering one way, is of the team
    `wanted`) is false, None when it may be true."""
    seats = [s for s in map(table.seat, item.players) if s is not None]
    name = wanted.capitalize()
    if item.yes and not any(story.may_be_team(s, wanted) for s in seats):
        return f"no {name} {did}"
    found = [s for s in seats if story.must_be_team(s, wanted)]
    if not item.yes and found:
        return f"{table.names[found[0]]}, a {name}, {did}"
    return None


class Flowergirl(Unit):
    """Each night but the first learns whether a Demon voted today (the claim names the
    day's voters: each may register as a Demon or not, as the characters were that
    day, before a Demon changed seat that night)."""

    id = "flowergirl"
    learns_at = None

    def holds(self, story: Story, seat: int, item: Info, table: Table) -> str | None:
        if not isinstance(item, Nominations):
            return None
        then = story.as_of(story.now - 1)  # the day before the night it learns
        return among(then, item, table, "demon", "voted")


class Mathematician(Unit):
    """Each night learns how many players' abilities worked abnormally since dawn
    because of another character's ability: the story's record (`Story.abnormal`),
    which the timeline and the units fill (a drunk or poisoned player's item its
    character's rule refuses, a Vortox's false information, a Drunk's perhaps). It
    wakes after every character it counts. Beside a character that may register
    otherwise it is refused: whether a misregistration counts is not decided."""

    id = "mathematician"
    learns_at = None
    each_night = True
    tallies = True
    exact_with_misregistering = False

    def for_script(self, script: Sequence[str]) -> Unit:
        """Refused beside a character whose malfunctions the jinxes leave to the
        Storyteller and the solver does not track (the Lunatic's attack, the
        Marionette's information)."""
        for other in ("lunatic", "marionette"):
            if other in script:
                raise Unmodelled(
                    f"the solver does not model the Mathematician beside the {title(other)} yet"
                )
        return self

    def holds(self, story: Story, seat: int, item: Info, table: Table) -> str | None:
        if not isinstance(item, Number):
            return None
        possible = story.abnormal_counts()
        return None if item.count in possible else would(possible)

    def lies(self, story: Story, seat: int, item: Info, table: Table) -> str | None:
        """Under the Vortox, a number the true count need not be."""
        if not isinstance(item, Number):
            return None
        possible = story.abnormal_counts()
        return "it is true, not false" if list(possible) == [item.count] else None


SECTS: tuple[type[Unit], ...] = (
    Clockmaker,
    Seamstress,
    Dreamer,
    Oracle,
    Juggler,
    Savant,
    # Sects & Violets (branch g40/snv)
    Artist,
    Philosopher,
    TownCrier,
    # the Mathematician (branch g40/math)
    Mathematician,
)
FANG_GU_SECTS: tuple[type[Unit], ...] = (Flowergirl,)
"""Sects & Violets' Townsfolk of the Fang Gu's puzzles (branch g40/fanggu)."""
