"""Carcassonne as quibbble records it: square tiles with their four sides and centre,
the followers (quibbble's tokens), and the three kinds of move.

Plain values only (the facts of quibbble's games/carcassonne: models.go, tile.go,
side.go, farmside.go, token.go); QGN details <-> moves is `meeple.carcassonne.notation`,
the rules `meeple.carcassonne.rules`.

The board is unbounded: the start tile lies at (0,0), x grows to the right and y
upwards (board.go: "+X right +Y up"). A tile is its four sides (`t`op, `r`ight,
`b`ottom, `l`eft), each a city `c`, a road `r` or a farm (field) `f`; its centre, a
cloister `m` or nothing `n`; whether its city sides are one city (`connected`) and
whether it bears a shield (`banner`). Each side's field has two halves, `a` and `b`,
read clockwise round the tile (`ta` is the left half of the top, `tb` its right half).
"""

from __future__ import annotations

from dataclasses import dataclass

from meeple import quibbble
from meeple.registry import Registered

SIDES = ("t", "r", "b", "l")
"""The sides in quibbble's order (side.go `Sides`), clockwise from the top."""
SIDE_NAMES = {"t": "top", "r": "right", "b": "bottom", "l": "left"}
CLOCKWISE = {"t": "r", "r": "b", "b": "l", "l": "t"}
COUNTERCLOCKWISE = {"t": "l", "l": "b", "b": "r", "r": "t"}
ACROSS = {"t": "b", "r": "l", "b": "t", "l": "r"}
STEP = {"t": (0, 1), "r": (1, 0), "b": (0, -1), "l": (-1, 0)}
"""Where the tile across each side lies."""

FARM_SIDES = ("ta", "tb", "ra", "rb", "ba", "bb", "la", "lb")
"""The halves of each side's field (farmside.go `FarmSides`)."""
ACROSS_FARM = {
    "ta": "bb", "tb": "ba", "ra": "lb", "rb": "la", "ba": "tb", "bb": "ta", "la": "rb", "lb": "ra"
}  # fmt: skip
"""The half of the neighbouring tile's field that touches each half (farmside.go)."""

CITY, ROAD, FARM = "c", "r", "f"
CLOISTER, NOTHING = "m", "n"
STRUCTURES = {CITY: "city", ROAD: "road", FARM: "farm", CLOISTER: "cloister", NOTHING: "nothing"}

FARMER, KNIGHT, THIEF, MONK = "f", "k", "t", "m"
TOKENS = {FARMER: "farmer", KNIGHT: "knight", THIEF: "thief", MONK: "monk"}
"""quibbble's four kinds of token and what they stand on: a farmer on a field, a knight
in a city, a thief on a road, a monk in a cloister (token.go, structure.go)."""
TOKEN_OF = {FARM: FARMER, CITY: KNIGHT, ROAD: THIEF, CLOISTER: MONK}
SUPPLY = 7
"""Tokens each team starts with (state.go `newState`)."""


@dataclass(frozen=True)
class Tile:
    """A tile as it lies: its sides clockwise from the top, its centre, whether its city
    sides are one city and whether it bears a shield."""

    top: str
    right: str
    bottom: str
    left: str
    centre: str = NOTHING
    connected: bool = False
    banner: bool = False

    def side(self, side: str) -> str:
        """What lies on `side` (`t`, `r`, `b` or `l`)."""
        return {"t": self.top, "r": self.right, "b": self.bottom, "l": self.left}[side]

    @property
    def sides(self) -> tuple[str, str, str, str]:
        return (self.top, self.right, self.bottom, self.left)

    def turned(self, quarters: int = 1) -> Tile:
        """The tile turned clockwise `quarters` quarter turns (tile.go `RotateRight`: the
        top goes to the right)."""
        tile = self
        for _ in range(quarters % 4):
            tile = Tile(
                tile.left,
                tile.top,
                tile.right,
                tile.bottom,
                tile.centre,
                tile.connected,
                tile.banner,
            )
        return tile

    def turns(self) -> tuple[Tile, ...]:
        """The tile turned 0 to 3 quarters, each way it lies once (a symmetric tile has
        fewer)."""
        return tuple(dict.fromkeys(self.turned(k) for k in range(4)))

    def same_tile(self, other: Tile) -> bool:
        """Whether `other` is this tile, turned some way (tile.go `equals`)."""
        return other in (self.turned(k) for k in range(4))

    @property
    def text(self) -> str:
        """The tile's seven details run together, as written in QGN: `crfrnff`."""
        flags = ("t" if self.connected else "f") + ("t" if self.banner else "f")
        return "".join(self.sides) + self.centre + flags

    def __str__(self) -> str:
        return self.text


def tile(text: str) -> Tile:
    """A tile from its seven details run together (`crfrnff`)."""
    return Tile(text[0], text[1], text[2], text[3], text[4], text[5] == "t", text[6] == "t")


START = tile("crfrnff")
"""The tile at (0,0) when the game starts (models.go `startTile`)."""

DECK: tuple[tuple[Tile, int], ...] = tuple(
    (tile(text), amount)
    for text, amount in (
        ("ffffmff", 4), ("ffrfmff", 2), ("ccccntt", 1), ("ccfcntf", 3), ("ccfcntt", 1),
        ("ccrcntf", 1), ("ccrcntt", 2), ("cffcntf", 3), ("cffcntt", 2), ("crrcntf", 3),
        ("crrcntt", 2), ("fcfcntf", 1), ("fcfcntt", 2), ("cffcnff", 2), ("cfcfnff", 3),
        ("cfffnff", 5), ("cfrrnff", 3), ("crrfnff", 3), ("crrrnff", 3), ("crfrnff", 3),
        ("rfrfnff", 8), ("ffrrnff", 9), ("frrrnff", 4), ("rrrrnff", 1),
    )
)  # fmt: skip
"""The tiles of the deck, kind by kind, and how many of each (models.go `tiles`): 71
beside the start tile."""

KINDS: tuple[Tile, ...] = tuple(kind for kind, _ in DECK)


@dataclass(frozen=True)
class Place:
    """Team `team` (0-based) places `tile`, turned as written, on the square (`x`, `y`)
    (quibbble's `place_tile`, QGN `i`)."""

    team: int
    x: int
    y: int
    tile: Tile

    def __str__(self) -> str:
        t = self.tile
        flags = f"{'t' if t.connected else 'f'}.{'t' if t.banner else 'f'}"
        return f"{self.team}i&{self.x}.{self.y}.{'.'.join(t.sides)}.{t.centre}.{flags}"


@dataclass(frozen=True)
class Claim:
    """Team `team` puts a token of kind `token` (`f`, `k`, `t`, `m`) on the tile it has
    just placed, at (`x`, `y`): on `side` (`t`...; a farmer's `ta`...; "" for a monk)
    (quibbble's `place_token`, QGN `o&f...`)."""

    team: int
    x: int
    y: int
    token: str
    side: str = ""

    def __str__(self) -> str:
        side = f".{self.side}" if self.side else ""
        return f"{self.team}o&f.{self.x}.{self.y}.{self.token}{side}"


@dataclass(frozen=True)
class Skip:
    """Team `team` places no token this turn (quibbble's `place_token` with pass, QGN
    `o&t`)."""

    team: int

    def __str__(self) -> str:
        return f"{self.team}o&t"


Move = Place | Claim | Skip
"""Every move quibbble records (turning the tile in hand, `r`, is not recorded)."""


@dataclass(frozen=True)
class Token:
    """A token on the board: where it stands, whose it is, its kind and its side."""

    x: int
    y: int
    team: int
    kind: str
    side: str = ""

    @property
    def token_name(self) -> str:
        return TOKENS[self.kind]


@dataclass(frozen=True)
class Record(quibbble.Record[Move]):
    """A game of carcassonne: its QGN tags (the seed among them) and its moves."""

    game = Registered("carcassonne")
