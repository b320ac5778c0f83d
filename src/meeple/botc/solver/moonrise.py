"""Bad Moon Rising's Townsfolk the solver models, one small unit each: the Chambermaid's
count of who woke (each character's `wakes`)."""

from __future__ import annotations

from meeple.botc.puzzle.model import Info, Woke
from meeple.botc.solver.story import Story
from meeple.botc.solver.townsfolk import would
from meeple.botc.solver.units import Table, Unit


class Chambermaid(Unit):
    """Each night chooses two living players (not itself) and learns how many of them
    woke tonight through their own ability (each character's `wakes`)."""

    id = "chambermaid"
    each_night = True
    learns_at = None

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
        woke = sum(
            table.cast[story.roles[chosen]].wakes(story, chosen, number, table)
            for chosen in map(table.seat, (item.left, item.right))
            if chosen is not None
        )
        return None if woke == item.count else would((woke,))

    def lies(self, story: Story, seat: int, item: Info, table: Table) -> str | None:
        """Under the Vortox the count is false; the choice is still of two living players."""
        if isinstance(item, Woke) and (wrong := self.chose(story, seat, item, table)):
            return wrong
        return super().lies(story, seat, item, table)


MOONRISE: tuple[type[Unit], ...] = (Chambermaid,)
