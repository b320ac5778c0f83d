"""The registry entry for QGN."""

from __future__ import annotations

import re
from collections.abc import Iterable

from meeple.errors import Finding
from meeple.qgn.model import Snapshot
from meeple.qgn.notation import dump, parse, team_findings
from meeple.registry import Document, Format

_LOOKS_LIKE_QGN = re.compile(r'\A(?:\s|\{[^}]*\})*\[\s*[A-Za-z_][\w-]*\s+"')


def _check(document: Document) -> Iterable[Finding]:
    return team_findings(document.model, document.text, document.source)


FORMATS = (
    Format(
        name="qgn",
        title="Quibbble Game Notation: tags and actions for any game",
        model=Snapshot,
        parse=parse,
        dump=dump,
        sniff=lambda text: _LOOKS_LIKE_QGN.match(text) is not None,
        extensions=(".qgn",),
        check=_check,
    ),
)
