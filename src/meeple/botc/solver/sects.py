"""Sects & Violets' Townsfolk whose information the solver models, one small unit each
(the rest of the edition is not modelled yet: a puzzle naming one is refused)."""

from __future__ import annotations

import itertools

from meeple.botc.characters import official_id
from meeple.botc.puzzle.model import Aligned, Dream, EvilAmong, Guess, Info, Number, Options, Time
from meeple.botc.solver.constraints import true
from meeple.botc.solver.story import EVIL_TEAMS, Story, team
from meeple.botc.solver.townsfolk import CountsEvil, title, would
from meeple.botc.solver.units import Table, Unit


class Clockmaker(Unit):
    """Learns on the first night how many steps from the Demon to its nearest Minion
    (each player registering one way, the Recluse as a Minion or Demon, the Spy not as
    a Minion)."""

    id = "clockmaker"

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

    def holds(self, story: Story, seat: int, item: Info, table: Table) -> str | None:
        chosen = table.seat(item.player) if isinstance(item, Dream) else None
        if not isinstance(item, Dream) or chosen is None:
            return None
        roles = [official_id(name) for name in item.roles]
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
    learns_at = None

    def holds(self, story: Story, seat: int, item: Info, table: Table) -> str | None:
        if not isinstance(item, Number):
            return None
        guesses = [
            (guessed, official_id(guess.role))
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


SECTS: tuple[type[Unit], ...] = (Clockmaker, Seamstress, Dreamer, Oracle, Juggler, Savant)
