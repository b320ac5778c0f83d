"""The functions behind the registry entry for QGN (`meeple.qgn.format`)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from meeple.errors import DEFAULT_SOURCE, Finding, NotationError
from meeple.qgn.model import Games, Snapshot
from meeple.qgn.notation import dump, dump_many, parse, parse_many, team_findings
from meeple.registry import Document, get


def parse_file(text: str, source: str) -> Snapshot | Games:
    """One game as a Snapshot; a file of several (PGN-style) as Games."""
    games = parse_many(text, source)
    if len(games) == 1:
        return games[0]
    if not games:
        return parse(text, source)  # raises, saying what a game needs
    return Games(tuple(games))


def dump_file(record: Snapshot | Games) -> str:
    """One game, or a file of several."""
    return dump_many(record) if isinstance(record, Games) else dump(record)


def check(document: Document) -> Iterable[Finding]:
    """Lints beyond well-formedness: the teams the actions name."""
    return team_findings(document.text, document.source)


def diagnose(text: str, source: str) -> list[Finding]:
    """Every finding of a QGN text, malformed or not: each notation problem, then the
    rules of a known game over the actions before the first (`records.qgn_findings`)."""
    from meeple.records import qgn_findings

    return qgn_findings(text, source)


def replay(record: Snapshot) -> Iterator[Any]:
    """Every state of a QGN record of a game meeple knows, played by that game's rules
    (its own `State`s, the initial one first); NotationError for a game meeple does not
    know, which it has no rules to play by."""
    from meeple import records

    played = records.of(Document(dump(record), DEFAULT_SOURCE, get("qgn"), record))
    if played.game.replay is None:
        raise NotationError(f"meeple knows no rules of {record.key or 'an untitled game'!r}")
    return records.states(played)
