"""Atlantis transcripts as QGN snapshots and back.

Tags carry the board and the players (`segments`, `stacksN`, `colorN`, with N
the 0-based team index), actions carry the turns: `1t&b2-c3.d4-d6` is a turn
of team 1 with two moves, `0t` a turn without moves. Chats and events of other
types, and keys meeple does not interpret, have no place in QGN and are left
out (docs/formats/atlantis.md lists the mapping). This module converts only;
checking the result is the transcript reader's job.
"""

from __future__ import annotations

import json
from typing import Any

from meeple.atlantis.format import QGN_KEY
from meeple.atlantis.model import FieldRef, Transcript
from meeple.atlantis.notation import parse
from meeple.errors import NotationError
from meeple.qgn.model import Action, Snapshot
from meeple.qgn.notation import format_action


def _stacks(stacks: tuple[tuple[FieldRef, int], ...]) -> str:
    return " ".join(f"{ref}:{count}" for ref, count in stacks)


def to_qgn(transcript: Transcript) -> Snapshot:
    """The snapshot of a transcript: board and players as tags, one action per turn.

    NotationError when a value cannot be put in QGN: a line break in a tag, or a
    player name with a comma or surrounding spaces (the `teams` tag splits on commas).
    """
    names = [p.name or f"player {n + 1}" for n, p in enumerate(transcript.players)]
    tags = {"key": QGN_KEY, "teams": ", ".join(names), "version": transcript.version}
    tags["segments"] = ", ".join(_segment(s.refs) for s in transcript.segments)
    for number, player in enumerate(transcript.players):
        tags[f"stacks{number}"] = _stacks(player.stacks)
        if player.color is not None:
            tags[f"color{number}"] = player.color
    for name in ("user", "begin", "end"):
        value = getattr(transcript, name)
        if value is not None:
            tags[name] = value
    for name, value in tags.items():
        if "\n" in value or "\r" in value:
            raise NotationError(f"the {name} {value!r} holds a line break, which QGN tags cannot")
    for name in names:
        if "," in name or name != name.strip() or not name:
            raise NotationError(f"the player name {name!r} cannot be a QGN team name")
    count = max(len(transcript.players), 1)
    actions = tuple(
        Action(number % count, "t", tuple(map(str, turn.moves)))
        for number, turn in enumerate(transcript.turns)
    )
    return Snapshot(tags, actions)


def from_qgn(snapshot: Snapshot) -> Transcript:
    """The transcript a snapshot describes; NotationError if it is not a sound Atlantis game.

    The transcript is read from a JSON text of the snapshot's values, written as `dump`
    writes them (segments as lists, no comments), so it is exactly what its canonical
    text reads as (the format's `qgn_exact`)."""
    if snapshot.key.strip().casefold() != QGN_KEY:
        raise NotationError(f"a QGN snapshot of {snapshot.key!r} is not an Atlantis game")
    tags = snapshot.tags
    teams = snapshot.teams
    segments = _segments(tags.get("segments", ""))
    players = [_player(tags, number, name) for number, name in enumerate(teams)]
    events = [_turn(action, number, len(teams)) for number, action in enumerate(snapshot.actions)]
    record: dict[str, Any] = {"version": tags.get("version", "1.0"), "segments": segments}
    if players:
        record["players"] = players
    if events:
        record["events"] = events
    record.update({name: tags[name] for name in ("user", "begin", "end") if name in tags})
    try:
        return parse(json.dumps(record), "<qgn>")
    except NotationError as problem:
        message = f"the QGN snapshot is no sound Atlantis game: {problem.message}"
        raise NotationError(message, step=problem.step, part=problem.part) from None


EMPTY_SEGMENT = "-"
"""A segment of no fields in the `segments` tag (docs/formats/atlantis.md): written as
nothing, a board of one empty segment would read as a board of none."""


def _segment(refs: tuple[FieldRef, ...]) -> str:
    return " ".join(map(str, refs)) or EMPTY_SEGMENT


def _segments(tag: str) -> list[list[str]]:
    """The segments of a `segments` tag: separated by commas, `-` (or nothing between
    two commas, as meeple wrote it before) an empty one; an empty tag, none."""
    if not tag.strip():
        return []
    return [[] if part.strip() == EMPTY_SEGMENT else part.split() for part in tag.split(",")]


def _player(tags: dict[str, str], number: int, name: str) -> dict[str, Any]:
    stacks: dict[str, Any] = {}
    for item in tags.get(f"stacks{number}", "").split():
        field, _, count = item.rpartition(":")
        try:
            stacks[field] = int(count)
        except ValueError:
            raise NotationError(f"stacks{number}: {item!r} is not field:stones") from None
    player: dict[str, Any] = {"name": name}
    if f"color{number}" in tags:
        player["color"] = tags[f"color{number}"]
    player["stacks"] = stacks
    return player


def _turn(action: Action, number: int, teams: int) -> dict[str, Any]:
    try:
        return _turn_moves(action, number, teams)
    except NotationError as problem:
        raise problem.at_step(number, problem.part) from None


def _turn_moves(action: Action, number: int, teams: int) -> dict[str, Any]:
    if action.action != "t":
        raise NotationError(
            f"action {number + 1}: Atlantis has only turns ('t'), not {format_action(action)!r}"
        )
    if teams and action.team != number % teams:
        raise NotationError(
            f"action {number + 1}: turn {number + 1} belongs to team {number % teams},"
            f" not {action.team}"
        )
    moves = []
    for part, detail in enumerate(action.details):
        source, dash, target = detail.partition("-")
        if not dash:
            message = f"action {number + 1}: {detail!r} is no move such as 'a1-b2'"
            raise NotationError(message, step=number, part=part)
        moves.append([source, target])
    return {"type": "turn", "moves": moves}
