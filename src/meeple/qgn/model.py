"""The Quibbble Game Notation model: a snapshot is tags plus the actions that led to it.

Plain values only; reading and writing text lives in `meeple.qgn.notation`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from meeple.pictures import Pictured

REQUIRED_TAGS = ("key", "teams")


class Action(NamedTuple):
    """One thing a team did: `{team}{action}&{detail}.{detail}...`.

    `comments` are the brace comments written just before this action.
    """

    team: int
    action: str
    details: tuple[str, ...] = ()
    comments: tuple[str, ...] = ()


@dataclass(frozen=True)
class Snapshot(Pictured):
    """One game: its tags (in order, `key` and `teams` among them) and its actions.

    `leading_comments` stand before or among the tags; `final_comments` after the last
    action (or after the tags, in a game with no actions). `actions` is any sequence of
    Actions: a tuple when built by hand, a sequence that builds them on first use when
    parsed (it compares equal to the tuple of the same actions).
    """

    tags: dict[str, str]
    actions: Sequence[Action] = ()
    final_comments: tuple[str, ...] = ()
    leading_comments: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        """The game this snapshot records (the `key` tag)."""
        return self.tags.get("key", "")

    @property
    def teams(self) -> list[str]:
        """The `teams` tag read as a list: comma-separated, each name stripped."""
        return split_teams(self.tags.get("teams", ""))


@dataclass(frozen=True)
class Games:
    """Several games from one file, in order (a file of one game reads as a `Snapshot`)."""

    games: tuple[Snapshot, ...]

    def __iter__(self) -> Iterator[Snapshot]:
        return iter(self.games)

    def __len__(self) -> int:
        return len(self.games)


def split_teams(value: str) -> list[str]:
    """`"a, b"` -> `["a", "b"]`; an empty or blank value lists no team."""
    return [name.strip() for name in value.split(",")] if value.strip() else []
