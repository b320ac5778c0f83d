"""Deaths and what follows them: a player some ability keeps alive does not die (the
Tea Lady's neighbours, the Devil's Advocate's choice), a death may have its own
consequence (the Sweetheart's drunk), a Demon's death passes the Demon on (the Scarlet
Woman) or ends the game, a sober Saint's execution ends it, and so does a town of two.

Every function yields the stories in which the game goes on (none when it ends: the
solver's puzzles continue after their last event)."""

from __future__ import annotations

from collections.abc import Iterator

from meeple.botc.puzzle.model import NO_DEMON_EXECUTED
from meeple.botc.solver.story import Story, team
from meeple.botc.solver.units import Table


def kill(story: Story, seat: int, table: Table, executed: bool = False) -> Iterator[Story]:
    """The seat dies (already forked), unless an ability keeps it alive (then the story
    goes on with the seat alive: the caller checks the death it needs); yields the
    stories that go on."""
    if seat in story.undead and not saved(story, seat, table, executed):
        story.undead = story.undead - {seat}  # a Zombuul that seemed dead dies for good
        yield from demon_died(story, seat, story.living(), table)
        return
    if not story.alive[seat] or saved(story, seat, table, executed):
        yield story
        return
    living = story.living()
    story.alive[seat] = False
    story.died.append(seat)
    for other, role in enumerate(story.roles) if table.witnesses else ():
        if other != seat and role in table.witnesses:
            table.cast[role].sees_death(story, other, seat, executed)
    unit = table.cast.get(story.roles[seat])
    for after in unit.dies(story, seat, table) if unit is not None else (story,):
        if team(after.roles[seat]) == "demon":
            yield from demon_died(after, seat, living, table)
        elif after.living() + len(after.undead) > 2:  # a seeming-dead Zombuul lives
            yield after


def saved(story: Story, seat: int, table: Table, executed: bool) -> bool:
    """Whether an ability in play keeps the seat from dying now."""
    guards = table.guards
    return bool(guards) and any(
        table.cast[role].saves(story, guard, seat, executed)
        for guard, role in enumerate(story.roles)
        if role in guards
    )


def demon_died(story: Story, seat: int, living: int, table: Table) -> Iterator[Story]:
    """The Demon at `seat` has died with `living` alive before: the game goes on while
    another Demon lives (a Riot); else a catcher (the Scarlet Woman) becomes the Demon,
    or good wins and the story ends."""
    if any(
        (story.alive[other] or other in story.undead) and team(role) == "demon"
        for other, role in enumerate(story.roles)
    ):
        if story.living() + len(story.undead) > 2:
            yield story
        return
    for catcher, role in enumerate(story.roles):
        unit = table.cast.get(role)
        if story.alive[catcher] and unit is not None and unit.catches_demon(story, catcher, living):
            caught = story.fork()
            caught.roles[catcher] = story.roles[seat]
            caught.chose("demon", catcher)
            if caught.living() > 2:
                yield caught


def dies_of_itself(story: Story, seat: int, number: int, table: Table) -> Iterator[Story]:
    """The stories in which the seat's own ability killed it tonight: none unless the
    timeline says it died."""
    if seat in table.night_deaths.get(number, ()):
        yield from kill(story.fork(), seat, table)


DOOMSAYER_LIVING = 4
"""The Doomsayer's call needs this many living players."""


def doomsayer(story: Story, caller: int, seat: int, table: Table) -> Iterator[Story]:
    """A living player called the Doomsayer (a Fabled) with four or more alive, and the
    seat, of the caller's alignment (each as they may register), died."""
    living = story.alive[caller] and story.living() >= DOOMSAYER_LIVING
    if living and set(story.may_be_evil(caller)) & set(story.may_be_evil(seat)):
        yield from kill(story.fork(), seat, table)


def execute(story: Story, seat: int, table: Table) -> Iterator[Story]:
    """The seat is executed (story already forked)."""
    story.executed = seat
    if saved(story, seat, table, executed=True):
        yield story  # executed, yet alive: no death, so no Saint's loss
        return
    unit = table.cast.get(story.roles[seat])
    if unit is not None and unit.executed(story, seat) is not None:
        return
    yield from kill(story, seat, table, executed=True)


RULED_DEATHS = ("execution", "nomination_death")
"""The timeline's deaths the house rule "no execution or nomination death of a starting
demon" speaks of (a Slayer's shot or a Witch's curse may kill a starting Demon)."""


def starting_demon_dies(story: Story, seat: int, kind: str, table: Table) -> bool:
    """Whether the seat's death at this death of the timeline (`execution`,
    `nomination_death`) breaks the house rule "no execution or nomination death of a
    starting demon", where the puzzle states it: the seat started as a Demon, and
    neither that Demon (`Unit.dies_as_starting_demon`) nor a character on the script
    (`Unit.spares_starting_demons`) lets it die there."""
    if kind not in RULED_DEATHS or NO_DEMON_EXECUTED not in table.puzzle.house_rules:
        return False
    role = story.starting[seat]
    if team(role) != "demon" or kind in table.cast[role].dies_as_starting_demon:
        return False
    return not any(kind in unit.spares_starting_demons for unit in table.cast.values())
