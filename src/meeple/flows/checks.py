"""What meeple says of a whole Flows record beyond reading it: its replay with the rule
error it stops at, the dialect it was read in when its layout chose it, whether it reads
in the other dialect too, and whether a trailing `...` agrees with how the game stands.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from meeple.errors import DEFAULT_SOURCE, Finding, RuleError
from meeple.game import Document, Notation, in_order

if TYPE_CHECKING:
    from meeple.flows.model import Record
    from meeple.flows.rules import State


def replay(document: Document) -> Iterator[State]:
    """Every state of a parsed record, its text read in the dialect it was parsed in."""
    from meeple.flows import rules
    from meeple.flows.model import Record

    record = document.model
    dialect = record.dialect if isinstance(record, Record) else None
    return rules.replay_text(document.text, document.source, dialect)


def findings(document: Document, dialect: str | None = None) -> list[Finding]:
    """Which dialect the record was read in when it was detected, whether the trailing
    `...` agrees with how the game stands (rule errors come from replay), and whether
    a record read as the seed's labels by default also reads as quortextt's."""
    try:
        states = list(replay(document))
    except RuleError:
        states = []
    return _findings(document, dialect, states)


def _findings(document: Document, dialect: str | None, states: list[State]) -> list[Finding]:
    """`findings`, given the states of the record's replay (none when it breaks a rule)."""
    from meeple.flows import notation

    text, source = document.text, document.source
    chosen = notation.dialect_of(text, source, dialect).chosen
    detected = _detected(text, source, chosen)
    if not states:
        return detected
    return detected + _other_reading(document, chosen) + _ending(document, states[-1])


def diagnose(
    flows: Notation, text: str, source: str = DEFAULT_SOURCE, dialect: str | None = None
) -> list[Finding]:
    """Every problem of a record, in line order, even when some lines are malformed.

    Each malformed line is an error; the well-formed moves are replayed in order
    (skipping the malformed lines) up to the first rule they break.
    """
    from meeple.errors import line_ends
    from meeple.flows import notation, rules

    text = line_ends(text)
    read = notation.diagnose(text, source, dialect)
    parsed = read.model
    assert parsed is not None  # every line is read, the malformed ones skipped
    found = [Finding.from_error(problem) for problem in read.problems]
    states: list[State] = []
    try:
        for state in rules.replay_parsed(parsed, text, source):
            states.append(state)
    except RuleError as problem:
        found.append(Finding.from_error(problem))
    if not found:  # a well-formed legal record: what else `check` says of it
        found += _findings(Document(text, source, flows, parsed.record), dialect, states)
    else:  # `check` says it of a sound record
        found += _detected(text, source, parsed.chosen)
    return in_order(found)


def notes(document: Document, dialect: str | None = None) -> list[Finding]:
    """The dialect a record was read in, when its layout chose it (not `dialect`, nor
    its header): the commands that read a record print it on stderr."""
    from meeple.flows import notation

    text, source = document.text, document.source
    return _detected(text, source, notation.dialect_of(text, source, dialect).chosen)


def _detected(text: str, source: str, chosen: str) -> list[Finding]:
    """A note at the header of a record read in quortextt's dialect because of its layout
    (nothing named the dialect): every label is read the way that dialect reads it."""
    from meeple.flows import notation

    if chosen != notation.LAYOUT:
        return []
    message = (
        "read in quortextt's dialect, detected from its layout ('Game: N-player', an empty"
        " line, numbered moves): labels are seen from each player's seat; add 'dialect:"
        " quortextt' to the header to say so, or give --dialect seed"
    )
    return [Finding.at(text, 0, message, source, "note")]


def _other_reading(document: Document, chosen: str) -> list[Finding]:
    """A lint when the record, read as the seed's labels for want of any other sign,
    reads as quortextt's too."""
    from meeple.errors import NotationError
    from meeple.flows import notation
    from meeple.flows.model import QUORTEXTT, SEED

    record: Record = document.model
    text, source = document.text, document.source
    if chosen != notation.DEFAULT or not record.moves:
        return []
    try:
        notation.parse(text, source, QUORTEXTT)
    except NotationError:
        return []
    at = notation.parse_located(text, source, SEED).move_offsets[0]
    message = (
        "read as seed 002's labels, but the moves also read as quortextt's (columns from"
        " each row's left end, orientations from the player's seat): if quortextt wrote"
        " this record, add 'dialect: quortextt' to the header or give --dialect quortextt"
    )
    return [Finding.at(text, at, message, source, "lint")]


def _ending(document: Document, last: State) -> list[Finding]:
    """Whether the trailing `...` agrees with how the game stands."""
    from meeple.flows import notation

    record: Record = document.model
    text = document.text
    if record.unfinished and last.is_over:
        at = text.rfind(notation.UNFINISHED)
        message = f"'...' marks an unfinished game, but the game is over: {last.result_text}"
        return [Finding.at(text, max(at, 0), message, document.source)]
    if not record.unfinished and not last.is_over and record.moves:
        return [
            Finding.at(
                text,
                len(text.rstrip()),
                f"the game is not over ({last.result_text}): end an unfinished record with '...'",
                document.source,
                "lint",
            )
        ]
    return []
