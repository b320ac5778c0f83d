"""Carcassonne's QGN actions: `{team}i&{x}.{y}.{top}.{right}.{bottom}.{left}.{centre}.
{connected}.{banner}` places a tile, `{team}o&f.{x}.{y}.{token}[.{side}]` places a token
on it and `{team}o&t` passes (quibbble's `place_tile` and `place_token`).

What a detail means comes from quibbble's games/carcassonne (builder.go, models.go,
carcassonne.go): x and y are read with `strconv.Atoi`; a side is `c` (city), `r` (road)
or `f` (farm), the centre `m` (cloister) or `n` (nothing), the two flags `t` or `f`; a
token is `f` (farmer), `k` (knight), `t` (thief) or `m` (monk), a knight's or a thief's
side one of `t r b l`, a farmer's one of `ta tb ra rb ba bb la lb`, and a monk has none.
quibbble's third action, `r` (rotate), turns the tile in hand and is never recorded
(carcassonne.go writes only `i` and `o`; builder.go refuses `r` in a record).

quibbble's builder is looser in three places where meeple reads exactly what quibbble
writes (docs/formats/carcassonne.md): a pass has no further details, a monk no side,
and a side holds no cloister (each would only fail later in quibbble's rules).
"""

from __future__ import annotations

from meeple.carcassonne.model import (
    CITY,
    CLOISTER,
    FARM,
    FARM_SIDES,
    FARMER,
    MONK,
    NOTHING,
    ROAD,
    SIDES,
    TOKENS,
    Claim,
    Move,
    Place,
    Skip,
    Tile,
)
from meeple.qgn.model import Action
from meeple.quibbble import detail_error, whole_number

PLACE_TILE, PLACE_TOKEN, ROTATE = "i", "o", "r"
LETTERS = PLACE_TILE + PLACE_TOKEN
_SIDE_WORDS = ("top", "right", "bottom", "left")
_FLAGS = {"t": True, "f": False}


def read_action(action: Action) -> Move:
    """A QGN action as a move; NotationError (at the detail) if it is not one."""
    if action.action == PLACE_TILE:
        return _read_place(action)
    if action.action == PLACE_TOKEN:
        return _read_token(action)
    if action.action == ROTATE:
        raise detail_error(
            "quibbble records no rotation (r): a tile placement (i) gives the tile as turned"
        )
    raise detail_error(
        "carcassonne's actions are i (place a tile) and o (place a token, or o&t to pass),"
        f" not {action.action!r}"
    )


def _read_place(action: Action) -> Place:
    if len(action.details) != 9:
        raise detail_error(
            "a tile placement has 9 details (x, y, the top, right, bottom and left sides,"
            f" the centre, connected cities, shield), not {len(action.details)}"
        )
    x = whole_number(action, 0, "x")
    y = whole_number(action, 1, "y")
    sides = []
    for part, word in enumerate(_SIDE_WORDS, start=2):
        text = action.details[part]
        if text not in (CITY, ROAD, FARM):
            raise detail_error(
                f"the {word} side is c (city), r (road) or f (farm), not {text!r}", part
            )
        sides.append(text)
    centre = action.details[6]
    if centre not in (CLOISTER, NOTHING):
        raise detail_error(f"the centre is m (cloister) or n (nothing), not {centre!r}", 6)
    flags = []
    for part, word in ((7, "connected cities"), (8, "shield")):
        text = action.details[part]
        if text not in _FLAGS:
            raise detail_error(f"{word} is t (true) or f (false), not {text!r}", part)
        flags.append(_FLAGS[text])
    top, right, bottom, left = sides
    return Place(action.team, x, y, Tile(top, right, bottom, left, centre, *flags))


def _read_token(action: Action) -> Claim | Skip:
    details = action.details
    if not details or details[0] not in _FLAGS:
        found = repr(details[0]) if details else "nothing"
        raise detail_error(
            f"a token action starts with t (pass) or f (place a token), not {found}",
            0 if details else None,
        )
    if details[0] == "t":
        if len(details) != 1:
            raise detail_error(f"a pass is 0o&t alone, with no more details, not {len(details)}")
        return Skip(action.team)
    if len(details) not in (4, 5):
        raise detail_error(
            "a token placement has 4 details (f, x, y, m for a monk) or 5 (f, x, y, the"
            f" token, its side), not {len(details)}"
        )
    x = whole_number(action, 1, "x")
    y = whole_number(action, 2, "y")
    token = details[3]
    if token not in TOKENS:
        raise detail_error(
            f"a token is f (farmer), k (knight), t (thief) or m (monk), not {token!r}", 3
        )
    if token == MONK:
        if len(details) != 4:
            raise detail_error("a monk stands in the cloister and takes no side", 4)
        return Claim(action.team, x, y, token)
    if len(details) != 5:
        raise detail_error(f"a {TOKENS[token]} needs a side as detail 5")
    side = details[4]
    if token == FARMER and side not in FARM_SIDES:
        raise detail_error(
            f"a farmer's side is half a side: ta tb ra rb ba bb la lb, not {side!r}", 4
        )
    if token != FARMER and side not in SIDES:
        raise detail_error(f"a {TOKENS[token]}'s side is t, r, b or l, not {side!r}", 4)
    return Claim(action.team, x, y, token, side)


def write_action(move: Move) -> Action:
    """A move as quibbble writes its action (carcassonne.go `GetSnapshotQGN`)."""
    if isinstance(move, Place):
        t = move.tile
        flags = ("t" if t.connected else "f", "t" if t.banner else "f")
        return Action(move.team, PLACE_TILE, (str(move.x), str(move.y), *t.sides, t.centre, *flags))
    if isinstance(move, Skip):
        return Action(move.team, PLACE_TOKEN, ("t",))
    side = (move.side,) if move.side else ()
    return Action(move.team, PLACE_TOKEN, ("f", str(move.x), str(move.y), move.token, *side))
