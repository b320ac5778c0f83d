"""Atlantis transcripts as QGN snapshots and back.

Tags carry the board and the players (`segments`, `stacksN`, `colorN`, with N
the 0-based team index), actions carry the turns: `1t&b2-c3.d4-d6` is a turn
of team 1 with two moves, `0t` a turn without moves; chats, the user and time of
turns and JSON5 comments are QGN comments. Events of other types and keys meeple
does not interpret have no place in QGN: a conversion is refused (LossError) unless
asked to leave them out (docs/formats/atlantis.md lists the mapping). This module
converts only; checking the result is the transcript reader's job.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from meeple.atlantis.model import Chat, FieldRef, OtherEvent, Transcript, Turn
from meeple.atlantis.notation import parse
from meeple.errors import LossError, NotationError
from meeple.qgn.model import Action, Snapshot
from meeple.qgn.notation import format_action


def _stacks(stacks: tuple[tuple[FieldRef, int], ...]) -> str:
    return " ".join(f"{ref}:{count}" for ref, count in stacks)


def to_qgn(transcript: Transcript) -> Snapshot:
    """The snapshot of a transcript: board and players as tags, one action per turn, each
    chat and each JSON5 comment a QGN comment where it stands.

    NotationError when a value cannot be put in QGN: a line break in a tag, or a player
    name with a comma or surrounding spaces (the `teams` tag splits on commas). LossError
    (holding the snapshot without them) when the transcript holds what QGN cannot: other
    events, unknown keys, an event's user or time, a player without a name.
    """
    names = [p.name or f"player {n + 1}" for n, p in enumerate(transcript.players)]
    key = Transcript.game.qgn_key or ""
    tags = {"key": key, "teams": ", ".join(names), "version": transcript.version}
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
    lost = _lost(transcript)
    leading = tuple(text for text in transcript.comments if "}" not in text)
    snapshot = Snapshot(tags, *_turns(transcript), leading)
    if lost:
        more = f" and {len(lost) - 1} more" if len(lost) > 1 else ""
        raise LossError(
            f"QGN cannot hold {lost[0]}{more}: convert with --drop-lost to leave"
            f" {'it' if len(lost) == 1 else 'them'} out",
            kept=snapshot,
        )
    return snapshot


CHAT, BY = "chat ", "by "
"""What starts a QGN comment that is a chat, `{chat ["Ann","2026-11-23T10:00:00Z","good
luck!"]}` (its user, time and message), or that says who played the turn after it and
when, `{by ["Ann","2026-11-23T10:01:00Z"]}`: JSON arrays, a `}` in them as \\u007d."""


def _said(head: str, *values: str | None) -> str:
    """A QGN comment holding `values` after `head` (see CHAT)."""
    array = json.dumps(list(values), ensure_ascii=False, separators=(",", ":"))
    return head + array.replace("}", "\\u007d")


def _turns(transcript: Transcript) -> tuple[tuple[Action, ...], tuple[str, ...]]:
    """The turns as actions, each chat a comment before the turn it precedes (or after
    the last), and those comments."""
    count = max(len(transcript.players), 1)
    actions: list[Action] = []
    comments: list[str] = []
    for event in transcript.events:
        if isinstance(event, Turn):
            if event.user is not None or event.time is not None:
                comments.append(_said(BY, event.user, event.time))
            moves = tuple(map(str, event.moves))
            actions.append(Action(len(actions) % count, "t", moves, tuple(comments)))
            comments = []
        elif isinstance(event, Chat) and not event.extras:
            comments.append(_said(CHAT, event.user, event.time, event.message))
    return tuple(actions), tuple(comments)


def _lost(transcript: Transcript) -> list[str]:
    """What of `transcript` QGN cannot hold, each in a few words."""
    lost = [f"the transcript's key {key!r}" for key, _ in transcript.extras]
    for number, player in enumerate(transcript.players, 1):
        if player.name is None:
            lost.append(f"that player {number} has no name")
        lost += [f"player {number}'s key {key!r}" for key, _ in player.extras]
    turns = 0
    for number, event in enumerate(transcript.events, 1):
        if isinstance(event, OtherEvent):
            lost.append(f"an event of type {event.type!r} (event {number})")
            continue
        what = "chat" if isinstance(event, Chat) else "turn"
        turns += what == "turn"
        which = f"{what} {turns}" if what == "turn" else f"the chat of event {number}"
        lost += [f"the key {key!r} of {which}" for key, _ in event.extras]
    lost += [
        f"the comment {text[:30]!r} (it holds a '}}')"
        for text in transcript.comments
        if "}" in text
    ]
    return lost


def from_qgn(snapshot: Snapshot) -> Transcript:
    """The transcript a snapshot describes; NotationError if it is not a sound Atlantis game.

    The transcript is read from a JSON text of the snapshot's values, written as `dump`
    writes them (segments as lists, no comments), so it is exactly what its canonical
    text reads as (the format's `qgn_exact`)."""
    if snapshot.key.strip().casefold() != Transcript.game.qgn_key:
        raise NotationError(f"a QGN snapshot of {snapshot.key!r} is not an Atlantis game")
    tags = snapshot.tags
    teams = snapshot.teams
    segments = _segments(tags.get("segments", ""))
    players = [_player(tags, number, name) for number, name in enumerate(teams)]
    comments = list(snapshot.leading_comments)
    events: list[dict[str, Any]] = []
    for number, action in enumerate(snapshot.actions):
        by = _chats(action.comments, comments, events)
        events.append(_turn(action, number, len(teams)) | (by or {}))
    if by := _chats(snapshot.final_comments, comments, events):
        comments.append(_said(BY, by.get("user"), by.get("time")))  # no turn follows
    record: dict[str, Any] = {"version": tags.get("version", "1.0"), "segments": segments}
    if players:
        record["players"] = players
    if events:
        record["events"] = events
    record.update({name: tags[name] for name in ("user", "begin", "end") if name in tags})
    try:
        transcript = parse(json.dumps(record), "<qgn>")
    except NotationError as problem:
        message = f"the QGN snapshot is no sound Atlantis game: {problem.message}"
        raise NotationError(message, step=problem.step, part=problem.part) from None
    return replace(transcript, comments=tuple(comments)) if comments else transcript


def _chats(
    texts: tuple[str, ...], comments: list[str], events: list[dict[str, Any]]
) -> dict[str, Any] | None:
    """The chats of QGN comments (`CHAT`) added to `events`, other comments to `comments`;
    the user and time of the turn they precede (the last `BY`), None if not given."""
    by: dict[str, Any] | None = None
    for text in texts:
        chat, said = _read(text, CHAT, 3), _read(text, BY, 2)
        if chat is not None and chat[2] is not None:
            events.append(_keyed(type="chat", user=chat[0], time=chat[1], message=chat[2]))
        elif said is not None and by is None:
            by = _keyed(user=said[0], time=said[1])
        else:
            comments.append(text)
    return by


def _read(text: str, head: str, size: int) -> list[str | None] | None:
    """The values a QGN comment holds after `head` (see CHAT), None if it holds none."""
    if not text.startswith(head):
        return None
    try:
        said = json.loads(text[len(head) :])
    except ValueError:
        return None
    if not isinstance(said, list) or len(said) != size:
        return None
    if not all(value is None or isinstance(value, str) for value in said):
        return None
    return said


def _keyed(**values: str | None) -> dict[str, Any]:
    return {key: value for key, value in values.items() if value is not None}


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
