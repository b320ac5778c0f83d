"""The Quibbble Game Notation model: a snapshot is tags plus the actions that led to it.

Plain values only; reading and writing text lives in `meeple.qgn.notation`. A game's
actions are a sequence of `Action` values; a parsed game keeps them as columns
(`ActionColumns`: every team index, every letter, every details text, every action's
comments) and builds an `Action` only when one is asked for (`Actions`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import repeat
from operator import eq
from typing import NamedTuple, cast, overload

from meeple.pictures import Pictured
from meeple.registry import Registered

REQUIRED_TAGS = ("key", "teams")


class Action(NamedTuple):
    """One thing a team did: `{team}{action}&{detail}.{detail}...`.

    `comments` are the brace comments written just before this action.
    """

    team: int
    action: str
    details: tuple[str, ...] = ()
    comments: tuple[str, ...] = ()


# `dict.get(text, parts)`: the parts of a details text, except that "" has none (not "").
_NO_DETAILS: dict[str, tuple[str, ...]] = {"": ()}


# Kept for speed (issue 39): `make bench` walks 625,000 parsed actions in 2.6x its floor
# through the columns, 12x to 14x through a tuple of Actions (docs/formats/qgn.md).
class ActionColumns:
    """The actions of a game one field at a time: entry i of each column is action i's.

    `seats` are each action's team, by its 0-based seat, `letters` the action letters
    (one character each, so one string), `details` each action's details as written
    (`"1.2"`; `""` for an action without details) and `comments` the comments written
    before each action (mostly `()`). Reading a column builds no `Action`; `actions()`
    and `action(i)` build them. A parsed game's columns are cut from its text once, on
    first use, and kept (`Actions.columns`); `ActionColumns.of` gives the columns of any actions.
    """

    __slots__ = ("_comments", "_details", "_letters", "_seats")

    def __init__(
        self,
        seats: Iterable[int],
        letters: str,
        details: Iterable[str],
        comments: Iterable[tuple[str, ...]],
    ) -> None:
        self._seats, self._letters = tuple(seats), letters
        self._details: tuple[str, ...] | None = tuple(details)
        self._comments = tuple(comments)
        sizes = {len(self._seats), len(letters), len(self._details), len(self._comments)}
        if len(sizes) > 1:
            raise ValueError(f"action columns of different lengths: {sorted(sizes)}")

    @classmethod
    def of(cls, actions: Iterable[Action]) -> ActionColumns:
        """The columns of `actions`: those kept by a parsed game's `Actions`, else cut from
        the Actions. A details text joins the details with '.', as QGN writes them."""
        if isinstance(actions, Actions):
            return actions.columns
        found = tuple(actions)
        return cls(
            (action.team for action in found),
            "".join(action.action for action in found),
            (".".join(action.details) for action in found),
            (action.comments for action in found),
        )

    @property
    def seats(self) -> tuple[int, ...]:
        """Each action's team index."""
        return self._seats

    @property
    def letters(self) -> str:
        """Each action's letter: `letters[i]` is action i's."""
        return self._letters

    @property
    def details(self) -> tuple[str, ...]:
        """Each action's details as written, `"1.2"` (`""`: none)."""
        assert self._details is not None
        return self._details

    @property
    def comments(self) -> tuple[tuple[str, ...], ...]:
        """The comments written before each action (`()`: none)."""
        return self._comments

    def __len__(self) -> int:
        return len(self._letters)

    def action(self, index: int) -> Action:
        """Action number `index` (negative counts from the end, as for a tuple)."""
        details = self._details_of(index)
        parts = tuple(details.split(".")) if details else ()
        return Action(self._seats[index], self._letters[index], parts, self._comments[index])

    def _details_of(self, index: int) -> str:
        return self.details[index]

    def _sliced(self, index: slice) -> ActionColumns:
        seats, letters, details, comments = self._fields()
        return ActionColumns(seats[index], letters[index], details[index], comments[index])

    def actions(self) -> Iterator[Action]:
        """Every Action, in order, each built as it is reached. The pipeline is all
        built-ins (no Python call per action), and an Action the caller does not keep
        is freed at once: walking a million actions keeps no million objects alive."""
        details = self.details
        parts: Iterator[tuple[str, ...]] = map(tuple, map(str.split, details, repeat(".")))
        if "" in details:
            parts = map(_NO_DETAILS.get, details, parts)
        return self._built(parts)

    def _built(self, parts: Iterator[tuple[str, ...]]) -> Iterator[Action]:
        fields = zip(self._seats, self._letters, parts, self._comments, strict=True)
        return cast(Iterator[Action], map(tuple.__new__, repeat(Action), fields))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ActionColumns):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        seats, letters, details, comments = self._fields()
        return f"ActionColumns({seats!r}, {letters!r}, {details!r}, {comments!r})"

    def __reduce__(self) -> tuple[type[ActionColumns], _Fields]:
        return ActionColumns, self._fields()

    def _fields(self) -> _Fields:
        return self._seats, self._letters, self.details, self._comments


_Fields = tuple[tuple[int, ...], str, tuple[str, ...], tuple[tuple[str, ...], ...]]


_Source = ActionColumns | Callable[[], ActionColumns]


class Actions(Sequence[Action]):
    """Actions kept as `ActionColumns`, each `Action` built when it is asked for.

    A parsed game's `actions`: the parser checks every action before the game is
    returned, and hands over how to cut its columns from the checked text, which
    happens on first use (`len`, `columns`, indexing or iterating) and only once.
    Behaves as, and compares equal to, the tuple of the same actions (length, index,
    slice, iterate, hash); a slice is a tuple of Actions.
    """

    __slots__ = ("_columns", "_cut")

    def __init__(self, columns: _Source) -> None:
        if isinstance(columns, ActionColumns):
            self._columns: ActionColumns | None = columns
            self._cut: Callable[[], ActionColumns] | None = None
        else:
            self._columns, self._cut = None, columns

    @property
    def columns(self) -> ActionColumns:
        """Every action's team, letter, details text and comments, one column each."""
        columns = self._columns
        if columns is None:
            cut = self._cut
            # What cuts them (and the text it holds) goes once the columns are kept; a
            # thread that finds it gone finds them (`_columns` is set first).
            columns = cut() if cut is not None else cast(ActionColumns, self._columns)
            self._columns, self._cut = columns, None
        return columns

    def __len__(self) -> int:
        return len(self.columns)

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Action, ...]: ...

    def __getitem__(self, index: int | slice) -> Action | tuple[Action, ...]:
        columns = self.columns
        if isinstance(index, slice):
            return tuple(columns._sliced(index).actions())
        return columns.action(index)

    def __iter__(self) -> Iterator[Action]:
        return self.columns.actions()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Actions):
            return self.columns == other.columns
        if isinstance(other, tuple | list):
            return len(self) == len(other) and all(map(eq, self, other))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return repr(tuple(self))

    def __reduce__(self) -> tuple[type[Actions], tuple[_Source]]:
        # Before first use, what cuts the columns is pickled (the checked text: compact).
        return Actions, (self._cut or self.columns,)


@dataclass(frozen=True)
class Snapshot(Pictured):
    """One game: its tags (in order, `key` and `teams` among them) and its actions.

    `leading_comments` stand before or among the tags; `final_comments` after the last
    action (or after the tags, in a game with no actions). `actions` is any sequence of
    Actions: a tuple when built by hand, an `Actions` when parsed (columns cut from the
    text on first use, each Action built when asked for; it compares equal to the tuple
    of the same actions). `action_columns()` reads them one field at a time.
    """

    game = Registered("qgn")

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

    def action_columns(self) -> ActionColumns:
        """The actions one field at a time: kept by a parsed game, cut from the Actions
        of one built by hand (see `ActionColumns`)."""
        return ActionColumns.of(self.actions)


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
