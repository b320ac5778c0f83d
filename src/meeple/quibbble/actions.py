"""A QGN action alone, as a person types one (`0m&1.2`), and the details each game's
notation reads from an action: whole numbers, a count of details, errors at a detail.

QGN text as a whole (tags, several actions, comments) is `meeple.qgn`; this is one
action outside a record: what `meeple play` reads and a state's `move_to_text` writes.
"""

from __future__ import annotations

import re

from meeple.errors import NotationError
from meeple.qgn.model import Action
from meeple.quibbble.numbers import go_int, is_whole_number, shown
from meeple.words import counted

# One action as QGN writes it (meeple.qgn's grammar): index, letter, '&' details.
_ACTION = re.compile(r"\s*(\d{1,6})([A-Za-z])(?:&([^\s.&{}\[\]\"]+(?:\.[^\s.&{}\[\]\"]+)*))?\s*")


def read_action(text: str) -> Action:
    """One QGN action written alone (`0m&1.2`); NotationError if `text` is not one."""
    match = _ACTION.fullmatch(text)
    if match is None:
        raise NotationError(f"expected a QGN action such as 0m&1.2, not {text.strip()!r}")
    team, letter, details = match.groups()
    return Action(int(team), letter, tuple(details.split(".")) if details else ())


def action_text(action: Action) -> str:
    """An action as QGN writes it: `0m&1.2`."""
    text = f"{action.team}{action.action}"
    return f"{text}&{'.'.join(action.details)}" if action.details else text


def detail_error(message: str, part: int | None = None) -> NotationError:
    """A NotationError about detail number `part` of an action (the action if None)."""
    return NotationError(message, part=part)


def whole_number(action: Action, part: int, what: str) -> int:
    """Detail `part` of `action` as Go's strconv.Atoi reads it (an optional sign, then
    decimal digits); NotationError at that detail otherwise."""
    if part >= len(action.details):
        raise detail_error(f"expected {what} as detail {part + 1}", None)
    text = action.details[part]
    if not is_whole_number(text):
        raise detail_error(f"expected {what}, a whole number, not {text!r}", part)
    value = go_int(text)
    if value is None:
        raise detail_error(f"{what} {shown(text)} does not fit in 64 bits", part)
    return value


def expect_only(action: Action, letter: str, name: str, game: str) -> None:
    """NotationError unless `action` is `letter` (`name`), the one action `game` has."""
    if action.action != letter:
        raise detail_error(f"{game} has one action, {letter} ({name}), not {action.action!r}")


def expect_details(action: Action, count: int, shape: str) -> None:
    """NotationError unless `action` has exactly `count` details (`shape` says which)."""
    if len(action.details) != count:
        have = len(action.details)
        written = counted(count, "detail")
        raise detail_error(f"a {action.action!r} action has {written} ({shape}), not {have}")
