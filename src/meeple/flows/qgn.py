"""Flows records to and from QGN (the bridge behind `meeple convert`).

Each placement is one QGN action `p` with the hex, tile type and orientation as details;
the players are the teams, the header's seating the `game` tag. This module only maps
models; reading and writing text is `notation`'s.
"""

from __future__ import annotations

import re

from meeple.errors import NotationError
from meeple.flows import notation
from meeple.flows.board import CELL_INDEX, MAX_PLAYERS
from meeple.flows.model import ORIENTATIONS, SEED, TILE_TYPES, Entry, Move, Record
from meeple.flows.rules import MIN_PLAYERS, players_of
from meeple.hexgrid import Hex
from meeple.qgn.model import Action, Snapshot

PLACE = "p"  # the QGN action letter of a placement
MOVE_COMMENT = ";"  # marks, in QGN, the comment written on a move's own line
_LINE_BREAK = re.compile(r"\r\n?|\n")  # what ends a Flows line (docs/formats/flows.md)


def _qgn_comment(text: str) -> str:
    return text.replace("}", ")")  # a QGN comment cannot hold '}'


def to_qgn(record: Record) -> Snapshot:
    """The record as a QGN snapshot: one `p` action per move (docs/formats/flows.md)."""
    players = players_of(record)
    tags = {
        "key": Record.game.qgn_key or "",
        "teams": ", ".join(f"P{p}" for p in range(1, players + 1)),
    }
    header = notation.header_in(record, SEED)  # QGN's moves are the seed's: its seating
    if header is not None:
        tags["game"] = header
    if record.header_comment is not None:
        tags["game-comment"] = record.header_comment
    if record.numbered:
        tags["numbered"] = "yes"
    if record.unfinished:
        tags["result"] = "*"
    actions: list[Action] = []
    pending: list[str] = []
    for entry in record.entries:
        if entry.move is None:
            pending.append(_qgn_comment(entry.comment or ""))
            continue
        move = entry.move
        if entry.comment is not None:
            pending.append(_qgn_comment(f"{MOVE_COMMENT} {entry.comment}".rstrip()))
        details = (str(move.hex.x), str(move.hex.y), f"T{move.tile}", ORIENTATIONS[move.rotation])
        actions.append(Action(move.player - 1, PLACE, details, tuple(pending)))
        pending = []
    return Snapshot(tags, tuple(actions), tuple(pending))


def from_qgn(snapshot: Snapshot) -> Record:
    """A QGN snapshot of a Flows game as a record; NotationError for anything else."""
    key = Record.game.qgn_key
    if snapshot.key.strip().casefold() != key:
        raise NotationError(f"this QGN game is {snapshot.key!r}, not {key!r}")
    teams = len(snapshot.teams)
    if not MIN_PLAYERS <= teams <= MAX_PLAYERS:
        raise NotationError(f"a Flows game has 2 to 6 teams (players), not {teams}")
    header = snapshot.tags.get("game")
    header_comment = snapshot.tags.get("game-comment")
    for name, value in (("game", header), ("game-comment", header_comment)):
        if value is not None and ("\n" in value or "\r" in value):
            raise NotationError(f"tag {name!r} cannot hold a line break in a Flows record")
    if header is not None and ";" in header:
        raise NotationError("tag 'game' cannot hold ';', which starts a comment in Flows")
    first = 1
    if header is not None:
        header, first = notation.header_first(header)
    declared = notation.declared_players(header)
    if declared is not None and declared != teams:
        raise NotationError(f"tag 'game' says {declared} players but there are {teams} teams")
    entries: list[Entry] = []
    for number, action in enumerate(snapshot.actions, start=1):
        move_comment: str | None = None
        for comment in action.comments:
            text = _one_line(comment)
            if text.startswith(MOVE_COMMENT):
                move_comment = text[len(MOVE_COMMENT) :].strip()
            else:
                entries.append(Entry(None, text))
        entries.append(Entry(_qgn_move(action, number, teams), move_comment))
    entries += [Entry(None, _one_line(comment)) for comment in snapshot.final_comments]
    return Record(
        entries=tuple(entries),
        header=None if header is None else header.strip(),
        header_comment=None if header_comment is None else header_comment.strip(),
        unfinished=snapshot.tags.get("result", "").strip() == "*",
        numbered=snapshot.tags.get("numbered", "").strip() == "yes",
        first=first,
    )


def _one_line(comment: str) -> str:
    """A QGN comment as a Flows comment, which ends at the line's end and is read without
    the blanks around it: each line break becomes a space, all other spacing is kept (a
    Flows comment comes back byte for byte)."""
    return _LINE_BREAK.sub(" ", comment).strip()


def _qgn_move(action: Action, number: int, teams: int) -> Move:
    def bad(why: str) -> NotationError:
        message = f"action {number} ({action.team}{action.action}): {why}"
        return NotationError(message, step=number - 1)

    if action.action != PLACE:
        raise bad(f"a Flows action is {PLACE!r} (place a tile), not {action.action!r}")
    if not 0 <= action.team < teams:
        raise bad(f"team {action.team} is not one of the {teams} teams")
    if len(action.details) != 4:
        raise bad("expected four details: row.col.T<type>.<orientation>, as in 0p&3.3.T1.NE")
    row, col, tile, orientation = action.details
    if not all(part.isascii() and part.isdigit() and len(part) <= 2 for part in (row, col)):
        raise bad(f"{row}.{col} is not a hex: expected internal row.col numbers")
    hex_ = Hex(int(row), int(col))
    if hex_ not in CELL_INDEX:
        raise bad(f"({row},{col}) is not one of the 37 hexes")
    types = [f"T{t}" for t in range(TILE_TYPES)]
    if tile not in types:
        raise bad(f"{tile!r} is not a tile type: expected one of {', '.join(types)}")
    if orientation not in ORIENTATIONS:
        raise bad(
            f"{orientation!r} is not an orientation: expected one of {' '.join(ORIENTATIONS)}"
        )
    return Move(action.team + 1, hex_, types.index(tile), ORIENTATIONS.index(orientation))
