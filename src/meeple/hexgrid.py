"""Hex-grid geometry shared by the games on hexagons (Atlantis, Flows).

Both seeds use the same skewed axial system: a hex (x, y) touches
(x+1, y), (x+1, y+1), (x, y+1), (x-1, y), (x-1, y-1) and (x, y-1).
`DIRECTIONS` lists those six steps in rotational order, so turning by k
sixths of a circle is adding k to a direction's index. Which way is "north"
and what x and y are called is each game's business; this module knows only
the grid.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple


class Hex(NamedTuple):
    """A hex of the grid, by its two axial coordinates."""

    x: int
    y: int

    def step(self, direction: int, steps: int = 1) -> Hex:
        """The hex `steps` hexes away in `DIRECTIONS[direction % 6]`."""
        dx, dy = DIRECTIONS[direction % 6]
        return Hex(self.x + dx * steps, self.y + dy * steps)


# Consecutive entries are 60 degrees apart; opposite directions are 3 apart.
DIRECTIONS: tuple[Hex, ...] = (
    Hex(1, 0),
    Hex(1, 1),
    Hex(0, 1),
    Hex(-1, 0),
    Hex(-1, -1),
    Hex(0, -1),
)


def opposite(direction: int) -> int:
    """The direction pointing back the other way."""
    return (direction + 3) % 6


def neighbours(hex_: Hex) -> Iterator[Hex]:
    """The six hexes touching `hex_`, in `DIRECTIONS` order."""
    x, y = hex_
    for dx, dy in DIRECTIONS:
        yield Hex(x + dx, y + dy)


def distance(a: Hex, b: Hex) -> int:
    """The number of steps between two hexes."""
    dx, dy = b.x - a.x, b.y - a.y
    if (dx >= 0) == (dy >= 0):
        return max(abs(dx), abs(dy))
    return abs(dx) + abs(dy)


def line_between(a: Hex, b: Hex) -> tuple[int, int] | None:
    """(direction, steps) when `b` lies on a straight grid line from `a`; None otherwise.

    `a == b` is no line at all and gives None.
    """
    dx, dy = b.x - a.x, b.y - a.y
    # The three lines through `a`, each walked both ways (DIRECTIONS d and d + 3).
    if dy == 0 and dx:
        return (0, dx) if dx > 0 else (3, -dx)
    if dx == dy and dx:
        return (1, dx) if dx > 0 else (4, -dx)
    if dx == 0 and dy:
        return (2, dy) if dy > 0 else (5, -dy)
    return None


def hex_line(a: Hex, direction: int, steps: int) -> list[Hex]:
    """The hexes visited going `steps` steps from `a` in `direction`, `a` first."""
    return [a.step(direction, k) for k in range(steps + 1)]
