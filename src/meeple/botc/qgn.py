"""A grimoire as a QGN snapshot and back: the bridge `meeple convert` uses to and from QGN.

Mapping (docs/formats/botc.md): `[key "botc"]`, `[teams "Alice, Bob, ..."]` naming the
players clockwise, then one action per seat, in clockwise order:

    {seat index}s&{role}.{life}[.{token}...]     life: alive | dead | spent

e.g. `1s&imp.dead.poisoner:poisoned`. Names, roles and tokens are read with the single
line's own patterns (meeple.botc.notation), so a snapshot holds exactly the names a
grimoire line does; none of them holds QGN's reserved characters. This module knows
nothing of text.
"""

from __future__ import annotations

import re

from meeple.botc.model import Grimoire, Life, ReminderToken, Seat
from meeple.botc.notation import PLAYER_NAME, ROLE_ID, TOKEN
from meeple.errors import NotationError, Unsupported
from meeple.qgn.model import Action, Snapshot

SEATED = "s"
LIVES = {Life.ALIVE: "alive", Life.DEAD: "dead", Life.VOTE_USED: "spent"}
_LIFE_OF = {word: life for life, word in LIVES.items()}
_NAME = re.compile(rf"{PLAYER_NAME}\Z")
_ROLE = re.compile(rf"{ROLE_ID}\Z")
_TOKEN = re.compile(rf"{TOKEN}\Z")


def to_qgn(grimoire: Grimoire) -> Snapshot:
    """The grimoire as a snapshot: the players as teams, one seating action each."""
    if not isinstance(grimoire, Grimoire):
        raise Unsupported("only a grimoire has a QGN form; a bag of roles has none")
    actions = tuple(
        Action(index, SEATED, (seat.role, LIVES[seat.life], *map(str, seat.tokens)))
        for index, seat in enumerate(grimoire.seats)
    )
    key = Grimoire.game.qgn_key or ""
    return Snapshot({"key": key, "teams": ", ".join(grimoire.players)}, actions)


def from_qgn(snapshot: Snapshot) -> Grimoire:
    """The grimoire a botc snapshot records; NotationError naming what does not fit."""
    key = Grimoire.game.qgn_key
    if snapshot.key.strip().casefold() != key:
        raise NotationError(f"this QGN snapshot records {snapshot.key!r}, not {key!r}")
    players = snapshot.teams
    for player in players:
        if not _NAME.match(player):
            raise NotationError(f"team {player!r} is not a player name (letters, digits, _)")
    if len(set(players)) != len(players):
        raise NotationError("every player needs a team name of their own")
    seats: dict[int, Seat] = {}
    for number, action in enumerate(snapshot.actions, 1):
        seats[action.team] = _seat(number, action, players, seats)
    missing = [players[index] for index in range(len(players)) if index not in seats]
    if missing:
        raise NotationError(f"no seating action for {', '.join(missing)}")
    return Grimoire(tuple(seats[index] for index in range(len(players))))


def _seat(number: int, action: Action, players: list[str], seats: dict[int, Seat]) -> Seat:
    where = f"action {number} ({action.team}{action.action})"
    if action.action != SEATED:
        raise NotationError(f"{where}: botc snapshots only seat players, with action 's'")
    if not 0 <= action.team < len(players):
        raise NotationError(f"{where}: there is no team {action.team}")
    if action.team in seats:
        raise NotationError(f"{where}: {players[action.team]} is already seated")
    if len(action.details) < 2:
        raise NotationError(f"{where}: expected the role and life, as s&imp.alive")
    role, life, *tokens = action.details
    if not _ROLE.match(role):
        raise NotationError(f"{where}: {role!r} is not a role")
    if life not in _LIFE_OF:
        raise NotationError(f"{where}: life is alive, dead or spent, not {life!r}")
    for token in tokens:
        if not _TOKEN.match(token):
            raise NotationError(f"{where}: {token!r} is not a reminder token")
    reminders = tuple(ReminderToken.from_text(token) for token in tokens)
    return Seat(players[action.team], role, reminders, _LIFE_OF[life])
