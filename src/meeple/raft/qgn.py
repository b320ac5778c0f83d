"""Race to the Raft records to and from QGN (the bridge behind `meeple convert`).

Each record line is one QGN action: `d` a draw request, `p` a pathway card, `f` a fire
tile, `m` a cat move, with the move's own fields as details; the challenge and the seed
are tags. This module only maps models; reading and writing text is `notation`'s.
"""

from __future__ import annotations

import re

from meeple.errors import NotationError
from meeple.qgn.model import Action, Snapshot
from meeple.raft.model import (
    CatMove,
    DrawRequest,
    Entry,
    FirePlacement,
    Move,
    PathwayPlacement,
    Record,
)
from meeple.raft.notation import (
    format_challenge,
    format_move,
    parse_challenge,
    parse_move,
)

_LETTERS: dict[type, str] = {
    DrawRequest: "d",
    PathwayPlacement: "p",
    FirePlacement: "f",
    CatMove: "m",
}
_LINE_BREAK = re.compile(r"\r\n|[\r\n]")


def _qgn_comment(text: str) -> str:
    # QGN comments end at '}', so one inside a record comment is written as ')'.
    return text.replace("}", ")")


def to_qgn(record: Record) -> Snapshot:
    challenge = format_challenge(record.challenge)
    tags = {"key": Record.game.qgn_key or "", "teams": "solo", "challenge": challenge}
    if record.seed is not None:
        tags["seed"] = str(record.seed)
    actions = tuple(
        Action(
            0,
            _LETTERS[type(entry.move)],
            tuple(format_move(entry.move).split(" ")),
            tuple(_qgn_comment(c) for c in entry.comments),
        )
        for entry in record.entries
    )
    return Snapshot(
        tags,
        actions,
        tuple(_qgn_comment(c) for c in record.final_comments),
        tuple(_qgn_comment(c) for c in record.header_comments),
    )


def from_qgn(snapshot: Snapshot) -> Record:
    key = Record.game.qgn_key
    if snapshot.key.strip().casefold() != key:
        raise NotationError(f"this QGN game is {snapshot.key!r}, not {key!r}")
    if "challenge" not in snapshot.tags:
        raise NotationError('a Race to the Raft QGN game needs a [challenge "..."] tag')
    challenge = parse_challenge(snapshot.tags["challenge"], "challenge tag")
    seed = _seed(snapshot.tags.get("seed"))
    entries = []
    for number, action in enumerate(snapshot.actions, start=1):
        try:
            move = _qgn_move(number, action)
        except NotationError as problem:
            raise problem.at_step(number - 1) from None
        entries.append(Entry(move, _comment_lines(action.comments)))
    return Record(
        challenge,
        seed,
        tuple(entries),
        _comment_lines(snapshot.leading_comments),
        _comment_lines(snapshot.final_comments),
    )


def _comment_lines(comments: tuple[str, ...]) -> tuple[str, ...]:
    """QGN comments as record comment lines: a line break becomes a space (a `#` comment
    ends at its line) and trailing blanks go (the record reader drops them too), so the
    record reads back as written and a second trip changes nothing."""
    return tuple(_LINE_BREAK.sub(" ", comment).rstrip() for comment in comments)


def _seed(text: str | None) -> int | None:
    if text is None:
        return None
    if not text.isascii() or not text.isdigit() or len(text) > 30:
        raise NotationError(f"the seed tag must be a whole number, not {text!r}")
    return int(text)


def _qgn_move(number: int, action: Action) -> Move:
    if action.team != 0:
        raise NotationError(f"action {number}: solo games have only team 0, not {action.team}")
    text = " ".join(action.details)
    try:
        move = parse_move(text, f"action {number}")
    except NotationError as problem:
        raise NotationError(f"action {number} ({text!r}): {problem.message}") from None
    if _LETTERS[type(move)] != action.action:
        raise NotationError(
            f"action {number}: {text!r} is not what action letter {action.action!r} records"
            f" (d draw, p pathway card, f fire tile, m cat move)"
        )
    return move
