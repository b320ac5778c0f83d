"""The online grimoires' game state (clocktower.online, bra1n/townsquare's "game state"
JSON export) read into a `TownSquare` and written back.

A `TownSquare` is a `Grimoire` (so every grimoire format writes it) that also keeps what
the one-line grimoire has no place for: each player's name as typed, id, pronouns and
reminder names as shown, the bluffs, the edition, custom roles and the fabled. The
mapping (docs/formats/botc.md, "The online grimoires' game state"):

    players[i].name                      seat name (notation.player_name: Ann Lee is Ann_Lee)
    players[i].role                      role (`fortuneteller` is fortune_teller; {} none)
    players[i].reminders[j] {role,name}  token role:name (`Poisoned` is poisoned)
    players[i].isDead, .isVoteless       alive, *dead*, *~~spent~~*

This module reads and writes the JSON; it does not draw or play.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from meeple.botc.characters import official_id, spelled
from meeple.botc.model import Grimoire, Life, ReminderToken, Seat
from meeple.botc.notation import player_name
from meeple.errors import DEFAULT_SOURCE, NotationError
from meeple.jsontext import Members, decode, locate

NO_ROLE = "unassigned"
"""The role of a seat whose player has no character yet (townsquare writes `{}`)."""

_NOT_IDENTIFIER = re.compile(r"[^A-Za-z0-9_]")
_TOKEN_CHARS = re.compile(r"[^a-z0-9_]")
_LOOKS_LIKE = re.compile(r"\A\s*\{")
_DISTINCT_KEYS = re.compile(r'"(?:bluffs|fabled|isDead|isVoteless)"\s*:')


@dataclass(frozen=True)
class TownSquarePlayer:
    """A player's fields as the online grimoire wrote them (kept for a faithful rewrite)."""

    name: str
    id: str = ""
    role: str = ""
    reminders: tuple[tuple[str, str], ...] = ()
    is_voteless: bool = False
    pronouns: str = ""


@dataclass(frozen=True)
class TownSquare(Grimoire):
    """A grimoire read from the online grimoires' game state, with what only it holds."""

    as_written: tuple[TownSquarePlayer, ...] = ()
    """Each seat's player as the online grimoire wrote them, in seat order."""
    bluffs: tuple[str, ...] = ()
    edition: Any = None
    roles: Any = ""
    fabled: tuple[Any, ...] = ()


def looks_like(text: str) -> bool:
    """A JSON object with the game state's own keys (bluffs, fabled, isDead, isVoteless)."""
    return bool(_LOOKS_LIKE.match(text)) and _DISTINCT_KEYS.search(text[:65536]) is not None


def role_of(townsquare_id: str) -> str:
    """The grimoire's role for a townsquare role id: an official character in the seed's
    spelling (`fortuneteller` is fortune_teller), a homebrew id as written."""
    if not townsquare_id:
        return NO_ROLE
    if official_id(townsquare_id) == townsquare_id:
        return spelled(townsquare_id)
    return _NOT_IDENTIFIER.sub("_", townsquare_id)


def townsquare_role(role: str) -> str:
    """The townsquare id of a grimoire's role: an official character's official id."""
    if role == NO_ROLE:
        return ""
    return official_id(role) or role


def token_name(shown: str) -> str:
    """A reminder's name as shown (`Red herring`) as meeple's token name (red_herring)."""
    return _TOKEN_CHARS.sub("_", shown.lower().replace(" ", "_")) or "_"


def shown_name(token: str) -> str:
    """meeple's token name (red_herring) as the online grimoire shows it (Red herring)."""
    words = token.replace("_", " ")
    return words[:1].upper() + words[1:]


# -- reading ---------------------------------------------------------------------------------


def parse(text: str, source: str = DEFAULT_SOURCE) -> TownSquare:
    """The game state in a text; NotationError at the value that does not fit."""
    data = _plain(decode(text, source))

    def fail(path: tuple[str | int, ...], message: str) -> NotationError:
        return NotationError.at(text, locate(text, path), message, source)

    if not isinstance(data, dict):
        raise fail((), "expected the game state: a JSON object with players, bluffs, edition")
    players = data.get("players", [])
    if not isinstance(players, list):
        raise fail(("players",), "expected players to be an array of players")
    seats: list[Seat] = []
    kept: list[TownSquarePlayer] = []
    taken: set[str] = set()
    for index, raw in enumerate(players):
        seat, player = _player(raw, index, fail)
        if seat.player in taken:
            raise fail(
                ("players", index, "name"),
                f"player {seat.player!r} is already seated: every player needs a name of their own",
            )
        taken.add(seat.player)
        seats.append(seat)
        kept.append(player)
    bluffs = data.get("bluffs", [])
    if not isinstance(bluffs, list) or not all(isinstance(b, str) for b in bluffs):
        raise fail(("bluffs",), "expected bluffs to be an array of role ids")
    fabled = data.get("fabled", [])
    if not isinstance(fabled, list):
        raise fail(("fabled",), "expected fabled to be an array")
    return TownSquare(
        tuple(seats),
        tuple(kept),
        tuple(bluffs),
        data.get("edition"),
        data.get("roles", ""),
        tuple(fabled),
    )


def _plain(value: Any) -> Any:
    """JSON values with objects as dicts (the reader gives `Members`)."""
    if isinstance(value, Members):
        return {key: _plain(item) for key, item in value}
    if isinstance(value, list):
        return [_plain(item) for item in value]
    return value


def _player(raw: Any, index: int, fail: Any) -> tuple[Seat, TownSquarePlayer]:
    here: tuple[str | int, ...] = ("players", index)
    if not isinstance(raw, dict):
        raise fail(here, "expected a player: an object with name, role, reminders, isDead")
    name = raw.get("name", "")
    if not isinstance(name, str) or not name:
        raise fail((*here, "name"), "expected the player's name, a non-empty string")
    role = raw.get("role", "")
    if isinstance(role, dict):
        role = role.get("id", "")
    if not isinstance(role, str):
        raise fail((*here, "role"), "expected the role's id, a string (or {} for none)")
    reminders = _reminders(raw.get("reminders"), (*here, "reminders"), fail)
    flags = {}
    for key in ("isDead", "isVoteless"):
        flag = raw.get(key, False)
        if not isinstance(flag, bool):
            raise fail((*here, key), f"expected {key} to be true or false")
        flags[key] = flag
    pronouns = raw.get("pronouns", "") or ""
    ident = raw.get("id", "") or ""
    if not isinstance(pronouns, str) or not isinstance(ident, str):
        raise fail(here, "expected the player's id and pronouns to be strings")
    life = Life.ALIVE
    if flags["isDead"]:
        life = Life.VOTE_USED if flags["isVoteless"] else Life.DEAD
    tokens = tuple(
        ReminderToken(token_name(shown), role_of(owner) if owner else None)
        for owner, shown in reminders
    )
    seat = Seat(player_name(name), role_of(role), tokens, life)
    kept = TownSquarePlayer(name, ident, role, tuple(reminders), flags["isVoteless"], pronouns)
    return seat, kept


def _reminders(raw: Any, here: tuple[str | int, ...], fail: Any) -> list[tuple[str, str]]:
    """A player's reminders as (role, name) pairs; absent or null is none."""
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise fail(here, "expected reminders to be an array of {role, name} objects")
    found = []
    for number, reminder in enumerate(raw):
        if not isinstance(reminder, dict) or not isinstance(reminder.get("name"), str):
            raise fail((*here, number), "expected a reminder: {role, name} strings")
        owner = reminder.get("role") or ""
        if not isinstance(owner, str):
            raise fail((*here, number, "role"), "expected the reminder's role id, a string")
        found.append((owner, reminder["name"]))
    return found


# -- writing ---------------------------------------------------------------------------------


def dump(grimoire: Grimoire, **_: Any) -> str:
    """The game state JSON of a grimoire (a TownSquare keeps its own fields), as
    townsquare exports it: bluffs, edition, roles, fabled, players."""
    if isinstance(grimoire, TownSquare):
        square = grimoire
    else:
        square = TownSquare(grimoire.seats, edition={"id": "tb"})
    kept = square.as_written if len(square.as_written) == len(square.seats) else ()
    players = [
        _player_json(seat, kept[index] if kept else None) for index, seat in enumerate(square.seats)
    ]
    state = {
        "bluffs": list(square.bluffs),
        "edition": square.edition,
        "roles": square.roles,
        "fabled": list(square.fabled),
        "players": players,
    }
    return json.dumps(state, indent=2, ensure_ascii=False) + "\n"


def _player_json(seat: Seat, kept: TownSquarePlayer | None) -> dict[str, Any]:
    """One player; the spellings the grimoire came with where they still say the same."""
    name = kept.name if kept and player_name(kept.name) == seat.player else seat.player
    role = kept.role if kept and role_of(kept.role) == seat.role else townsquare_role(seat.role)
    reminders = [
        {"role": townsquare_role(t.role) if t.role else "", "name": shown_name(t.name)}
        for t in seat.tokens
    ]
    if kept and len(kept.reminders) == len(seat.tokens):
        same = all(
            token_name(shown) == t.name and (role_of(owner) if owner else None) == t.role
            for (owner, shown), t in zip(kept.reminders, seat.tokens, strict=True)
        )
        if same:
            reminders = [{"role": owner, "name": shown} for owner, shown in kept.reminders]
    voteless = seat.life is Life.VOTE_USED or (
        seat.life is Life.ALIVE and kept is not None and kept.is_voteless
    )
    return {
        "name": name,
        "id": kept.id if kept else "",
        "role": role if role else {},
        "reminders": reminders,
        "isVoteless": voteless,
        "isDead": seat.life.dead,
        "pronouns": kept.pronouns if kept else "",
    }
