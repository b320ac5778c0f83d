"""Where a quibbble game's error shows in its QGN text: at the action (and detail) of
the move at fault, else at the tag the problem is about, else at the `key` tag.

Errors carry what they are about (`MeepleError.step`, `.part`, `.tag`); this module
turns that into a place in the text. It reads no QGN itself beyond finding the places
(`meeple.qgn.notation`).
"""

from __future__ import annotations

import copy
import re
from typing import TypeVar

from meeple.errors import Location, MeepleError

ErrorT = TypeVar("ErrorT", bound=MeepleError)


def locate(problem: MeepleError, text: str, source: str) -> MeepleError:
    """`problem` shown in the QGN `text`: at its action (and detail) when it names one,
    else at the tag it is about (`at_tag`), else at the `key` tag that names the game."""
    from meeple.qgn.notation import action_offsets, detail_offset

    games = action_offsets(text)
    actions = games[0] if games else []
    step = problem.step
    if step is not None and 0 <= step < len(actions):
        at = actions[step]
        if problem.part is not None:
            at = detail_offset(text, at, problem.part)
    else:
        return problem.moved_to(tag_location(problem, text, source))
    return problem.moved_to(Location.of(text, at, source))


def tag_location(problem: MeepleError, text: str, source: str) -> Location:
    """Where a problem about no action shows in the QGN `text`: at the tag it is about
    (`at_tag`), else at the `key` tag that names the game."""
    tag = re.search(rf"\[\s*{re.escape(problem.tag or 'key')}\s", text)
    at = tag.start() if tag else max(text.find("[key"), 0)
    return Location.of(text, at, source)


def at_tag(problem: ErrorT, tag: str) -> ErrorT:
    """The same error, to be shown at the QGN tag `tag` (a `variant` no game has, say)
    when `locate` places it; errors about no tag are shown at `key`."""
    marked = copy.copy(problem)
    marked.tag = tag
    return marked
