"""Trouble Brewing's Demon, the Imp: it kills each night but the first, and a Minion
catches the star-pass when it kills itself."""

from __future__ import annotations

from collections.abc import Iterator

from meeple.botc.solver.deaths import kill
from meeple.botc.solver.story import Story, team
from meeple.botc.solver.units import Table, Unit


class Imp(Unit):
    """Each night but the first chooses a player: they die (not when the Imp is
    poisoned, nor a shielded player). The night deaths are the timeline's: the solver
    has the Imp choose the player who died, itself for a star-pass (a living Minion,
    each in turn, becomes the Imp), or, on a night without a death, a player who did
    not die (someone dead, shielded, or no kill while poisoned)."""

    id = "imp"
    night_order = 10

    def night(self, story: Story, seat: int, number: int, table: Table) -> Iterator[Story]:
        if number < 2 or not story.alive[seat]:
            yield story
            return
        victims = table.night_deaths.get(number, ())
        if not victims:
            yield story
            return
        if len(victims) > 1 or not story.sober(seat):
            return
        (victim,) = victims
        if not story.alive[victim]:
            return
        for guard, role in enumerate(story.roles):
            unit = table.cast.get(role)
            if unit is not None and unit.shields(story, guard, victim, table):
                return
        if victim != seat:
            yield from kill(story.fork(), victim, table)
            return
        for minion, role in enumerate(story.roles):
            if story.alive[minion] and team(role) == "minion":
                passed = story.fork()
                passed.roles[minion] = "imp"
                passed.chose("demon", minion)
                passed.alive[seat] = False
                passed.died.append(seat)
                if passed.living() > 2:
                    yield passed


DEMONS: tuple[type[Unit], ...] = (Imp,)
