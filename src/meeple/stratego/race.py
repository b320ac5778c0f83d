"""The race to the flags: how many moves each team needs to take the other's flag.

Every unit is known to both teams (as quibbble's AI is told them), so a game is a race:
the team whose unit reaches the enemy flag first wins, unless the other blocks it or
takes it on the way. `flag_moves` counts the fewest moves any one unit of a team needs,
walking one square at a time around the lakes and through what lies in its way: an
empty square or the flag is one move, an enemy unit it defeats one move (the attack),
one of its own movable units two (that unit steps aside first). Enemy units it does not
defeat, and its own flag and bombs, bar the way. A unit the enemy can soon stop counts
farther: each move an enemy unit it does not defeat lacks to come beside it fewer than
`GUARD` adds one. The count ignores the enemy's other replies and a scout's long moves:
it is an estimate for the bots' evaluation (`State.evaluate`), never a rule.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from meeple.stratego.model import RANKS, STEPS, Unit, Variant, battle

GUARD = 5
"""How near (in moves to come beside an attacker) an enemy guard starts to count."""


@functools.cache
def defeats(attacker: str, defender: str) -> bool:
    """Whether a unit of rank `attacker` takes a unit of rank `defender` (the flag too),
    as a battle decides it."""
    striker = Unit(0, attacker)
    return battle(striker, Unit(1, defender)) is striker


def flag_moves(board: Sequence[Unit | None], variant: Variant, team: int) -> int | None:
    """The fewest moves a unit of `team` needs to take the other team's flag (the module
    docstring says how they are counted); None when no unit can reach it."""
    flag = next(
        (i for i, u in enumerate(board) if u is not None and u.rank == "flag" and u.team != team),
        None,
    )
    if flag is None:
        return None
    size = variant.size
    flag_row, flag_column = divmod(flag, size)
    walkers: dict[str, list[int]] = {}
    for index, unit in enumerate(board):
        if unit is not None and unit.team == team and unit.movable:
            walkers.setdefault(unit.rank, []).append(index)

    def nearest(squares: list[int]) -> int:
        """No unit on `squares` needs fewer moves than its distance on an open board."""
        return min(
            abs(row - flag_row) + abs(column - flag_column)
            for row, column in (divmod(square, size) for square in squares)
        )

    kinds = [_kind(unit, team) for unit in board]
    best: int | None = None
    for near, rank, squares in sorted((nearest(s), r, s) for r, s in walkers.items()):
        if best is not None and near >= best:
            break
        found = _moves_to(kinds, variant, _entries(rank), flag, frozenset(squares), best)
        if found is not None:
            moves, square = found
            moves += max(0, GUARD - _guard_moves(board, variant, 1 - team, square, rank))
            if best is None or moves < best:
                best = moves
    return best


def _guard_moves(
    board: Sequence[Unit | None], variant: Variant, team: int, square: int, rank: str
) -> int:
    """The moves the nearest unit of `team` that the attacker of `rank` on `square` does
    not defeat needs to come next to it (walking through empty squares and its own
    movable units), `GUARD` at most."""
    neighbours = _neighbours(variant)
    seen = {square}
    level = [square]
    for moves in range(GUARD):
        following: list[int] = []
        for here in level:
            for neighbour in neighbours[here]:
                if neighbour in seen:
                    continue
                seen.add(neighbour)
                unit = board[neighbour]
                if unit is None:
                    following.append(neighbour)
                elif unit.team == team and unit.movable:
                    if not defeats(rank, unit.rank):
                        return moves
                    following.append(neighbour)
        level = following
    return GUARD


def _moves_to(
    kinds: Sequence[int],
    variant: Variant,
    entries: Sequence[int],
    flag: int,
    starts: frozenset[int],
    bound: int | None,
) -> tuple[int, int] | None:
    """The fewest moves from any of `starts` to `flag` for a unit that needs
    `entries[kind]` moves to enter a square of each `_kind` (`kinds`, square by square),
    and the square it starts from, searched back from the flag one cost at a time and
    given up at `bound` moves."""
    neighbours = _neighbours(variant)
    limit = len(kinds) * 2 if bound is None else bound
    cost = [limit] * len(kinds)
    cost[flag] = 0
    levels: list[list[int]] = [[flag]]
    moves = 0
    while moves < len(levels) and moves < limit:
        for square in levels[moves]:
            if cost[square] != moves:
                continue
            if square in starts:
                return moves, square
            step = entries[kinds[square]]
            if step < 0:
                continue
            entering = moves + step
            for neighbour in neighbours[square]:
                if entering < cost[neighbour]:
                    cost[neighbour] = entering
                    while len(levels) <= entering:
                        levels.append([])
                    levels[entering].append(neighbour)
        moves += 1
    return None


_NEIGHBOURS: dict[str, tuple[tuple[int, ...], ...]] = {}


def _neighbours(variant: Variant) -> tuple[tuple[int, ...], ...]:
    """Each square's neighbours off the lakes (for every square, lakes too), cached."""
    found = _NEIGHBOURS.get(variant.name)
    if found is None:
        size = variant.size
        found = tuple(
            tuple(
                (row + down) * size + column + across
                for down, across in STEPS
                if 0 <= row + down < size
                and 0 <= column + across < size
                and (row + down, column + across) not in variant.lakes
            )
            for row, column in (divmod(square, size) for square in range(size * size))
        )
        _NEIGHBOURS[variant.name] = found
    return found


_EMPTY, _OWN, _FIXED = len(RANKS), len(RANKS) + 1, len(RANKS) + 2
"""The kinds of square beyond an enemy unit's (its rank's index in `RANKS`): empty, a
movable unit of the walker's team, its flag or a bomb."""


def _kind(unit: Unit | None, team: int) -> int:
    """The kind of a square holding `unit` for a walker of `team`."""
    if unit is None:
        return _EMPTY
    if unit.team == team:
        return _OWN if unit.movable else _FIXED
    return RANKS.index(unit.rank)


@functools.cache
def _entries(rank: str) -> tuple[int, ...]:
    """The moves a unit of `rank` needs to enter a square of each kind; -1: it cannot."""
    return (*(1 if defeats(rank, enemy) else -1 for enemy in RANKS), 1, 2, -1)


def race_share(board: Sequence[Unit | None], variant: Variant, team: int) -> float:
    """How the race to the flags stands for `team` (`share` of the two teams'
    `flag_moves`)."""
    return share(flag_moves(board, variant, team), flag_moves(board, variant, 1 - team))


def share(own: int | None, other: int | None) -> float:
    """How the race stands for a team that needs `own` moves to the enemy flag while the
    enemy needs `other` (None: no unit can reach it), from 0 (the enemy's unit is at the
    flag and none of the team's can move) to 1: a half plus half the difference of the
    two teams' nearness, a team's nearness being one over its moves (0: None)."""
    return 0.5 + 0.5 * ((1 / own if own else 0.0) - (1 / other if other else 0.0))
