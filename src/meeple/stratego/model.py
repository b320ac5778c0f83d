"""Stratego as quibbble records it: two teams of ranked units on a square board with
lakes, two variants (classic, quick battle), and two kinds of action: a switch of two
of a team's squares before the first move, and a move.

Plain values only; QGN details <-> actions is `meeple.stratego.notation`, the set-up
and the rules `meeple.stratego.rules`. The ranks, the variants' boards and armies and
the set-up's weighted rows are the game's facts as quibbble's games/stratego (unit.go,
board.go, models.go) lists them.
"""

from __future__ import annotations

from dataclasses import dataclass

from meeple import quibbble
from meeple.registry import Registered

RANKS = (
    "flag", "bomb", "spy", "scout", "miner", "sergeant",
    "lieutenant", "captain", "major", "colonel", "general", "marshal",
)  # fmt: skip
"""The ranks from weakest to strongest, as unit.go orders them for a battle (`UnitTyes`)."""

IMMOVABLE = frozenset({"flag", "bomb"})

STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))
"""One square down, up, right, left: the order of board.go `possibleMoves`."""

SYMBOLS = {
    "flag": "F", "bomb": "B", "spy": "S", "scout": "2", "miner": "3", "sergeant": "4",
    "lieutenant": "5", "captain": "6", "major": "7", "colonel": "8", "general": "9",
    "marshal": "10",
}  # fmt: skip
"""How the pictures mark a rank: the boxed game's numbers (scout 2 ... marshal 10),
F for the flag, B a bomb, S the spy."""

Square = tuple[int, int]
"""(row, column), both from 0; the first team's side is row 0 onwards."""

Weights = tuple[tuple[int, int], ...]
"""A weighted row choice as board.go builds it: (row counted from the team's back row,
weight) in the order written there."""


@dataclass(frozen=True)
class Variant:
    """A board and its armies (board.go `NewEmptyBoard`, `NewRandomBoard`)."""

    name: str
    size: int
    lakes: frozenset[Square]
    army: tuple[int, ...]
    """How many units of each rank a team has, in `RANKS` order."""
    flag_rows: Weights
    bomb_rows: Weights
    miner_rows: Weights
    scout_rows: Weights

    @property
    def side_rows(self) -> int:
        """How many rows each team's side has (a switch stays within them)."""
        return self.size // 2 - 1

    def side(self, team: int) -> range:
        """The rows of a team's side: the first team's from row 0, the second's to the end."""
        if team == 0:
            return range(0, self.side_rows)
        return range(self.size // 2 + 1, self.size)


CLASSIC = Variant(
    "classic",
    10,
    frozenset({(4, 2), (4, 3), (5, 2), (5, 3), (4, 6), (4, 7), (5, 6), (5, 7)}),
    (1, 6, 1, 8, 5, 4, 4, 4, 3, 2, 1, 1),
    ((2, 1), (1, 4), (0, 5)),
    ((3, 1), (2, 2), (1, 3), (0, 4)),
    ((2, 1), (1, 4), (0, 5)),
    ((3, 5), (2, 4), (1, 1)),
)
QUICK_BATTLE = Variant(
    "quick_battle",
    8,
    frozenset({(3, 2), (4, 2), (3, 5), (4, 5)}),
    (1, 2, 1, 2, 2, 0, 0, 0, 0, 0, 1, 1),
    ((1, 5), (0, 5)),
    ((2, 2), (1, 4), (0, 4)),
    ((2, 1), (1, 4), (0, 5)),
    ((2, 5), (1, 4), (0, 1)),
)
VARIANTS = {variant.name: variant for variant in (CLASSIC, QUICK_BATTLE)}
"""quibbble's variants by the name its `variant` tag gives (models.go)."""


@dataclass(frozen=True)
class Unit:
    """A team's unit (`team` 0-based) of one of the `RANKS`."""

    team: int
    rank: str

    @property
    def movable(self) -> bool:
        return self.rank not in IMMOVABLE

    @property
    def symbol(self) -> str:
        return SYMBOLS[self.rank]


def battle(attacker: Unit, defender: Unit) -> Unit | None:
    """The unit left standing when `attacker` attacks `defender` (unit.go `Attack`;
    None: both fall)."""
    if attacker.rank == "spy" and defender.rank == "marshal":
        return attacker
    if attacker.rank == "miner" and defender.rank == "bomb":
        return attacker
    if defender.rank == "bomb":
        return defender
    if attacker.rank == defender.rank:
        return None
    return attacker if RANKS.index(attacker.rank) > RANKS.index(defender.rank) else defender


@dataclass(frozen=True)
class Move(quibbble.TeamAction):
    """Team `team` moves its unit from (`row`, `column`) to (`to_row`, `to_column`),
    attacking the enemy unit there if there is one (quibbble's `move`)."""

    letter = "m"
    row: int
    column: int
    to_row: int
    to_column: int

    @property
    def start(self) -> Square:
        return (self.row, self.column)

    @property
    def end(self) -> Square:
        return (self.to_row, self.to_column)


@dataclass(frozen=True)
class Switch(quibbble.TeamAction):
    """Before the first move, team `team` swaps its unit on (`row`, `column`) with what
    stands on (`with_row`, `with_column`) on its side: another of its units, or nothing
    (quibbble's `switch`)."""

    letter = "s"
    row: int
    column: int
    with_row: int
    with_column: int

    @property
    def start(self) -> Square:
        return (self.row, self.column)

    @property
    def end(self) -> Square:
        return (self.with_row, self.with_column)


Action = Move | Switch
"""What a team does: a move, or a switch before the first move."""


@dataclass(frozen=True)
class Battle:
    """The last attack: who attacked whom from where to where, and the unit left
    standing on the attacked square (None when both fell)."""

    move: Move
    attacker: Unit
    defender: Unit
    survivor: Unit | None


@dataclass(frozen=True)
class Record(quibbble.Record[Action]):
    """A game of stratego: its QGN tags (the `seed` sets the units up, the `variant`
    picks the board) and its actions."""

    game = Registered("stratego")
