"""Blood on the Clocktower puzzles solved: every world (starting grimoire) consistent
with what a puzzle's players claim and what happened.

`solve(puzzle)` enumerates the starting grimoires the set-up rules allow
(`search`), plays each through the puzzle's timeline trying the Storyteller's
choices (`timeline`, over a `story.Story`), and keeps those with a story that tells
the whole puzzle. Each character is one small unit (`units.Unit`; Trouble Brewing's in
`townsfolk`, `outsiders`, `minions`, `demons`, listed in `cast`). The solver is exact:
no limit of time changes an answer; `limit` stops the search and the answer says so.
"""

from __future__ import annotations

from meeple.botc.solver.search import Answer, World, solve
from meeple.botc.solver.units import Unmodelled

__all__ = ["Answer", "Unmodelled", "World", "solve"]
