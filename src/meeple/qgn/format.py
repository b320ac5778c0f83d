"""The registry entry for QGN."""

from __future__ import annotations

import re
from collections.abc import Iterable

from meeple.errors import Finding
from meeple.qgn.model import Games, Snapshot
from meeple.qgn.notation import dump, dump_many, parse, parse_many, team_findings
from meeple.qgn.svg import render, svg
from meeple.registry import COLOR, Document, Format, lazy

_LOOKS_LIKE_QGN = re.compile(r'\A(?:\s|\{[^}]*\})*\[\s*[A-Za-z_][\w-]*\s+"')


def _parse(text: str, source: str) -> Snapshot | Games:
    """One game as a Snapshot; a file of several (PGN-style) as Games."""
    games = parse_many(text, source)
    if len(games) == 1:
        return games[0]
    if not games:
        return parse(text, source)  # raises, saying what a game needs
    return Games(tuple(games))


def _dump(record: Snapshot | Games) -> str:
    return dump_many(record) if isinstance(record, Games) else dump(record)


def _check(document: Document) -> Iterable[Finding]:
    return team_findings(document.text, document.source)


FORMATS = (
    Format(
        name="qgn",
        title="Quibbble Game Notation: tags and actions for any game",
        model=(Snapshot, Games),
        parse=_parse,
        dump=_dump,
        sniff=lambda text: _LOOKS_LIKE_QGN.match(text) is not None,
        extensions=(".qgn",),
        check=_check,
        diagnose=lazy("meeple.records:qgn_findings"),
        render=render,
        svg=svg,
        options=(COLOR,),
    ),
)
