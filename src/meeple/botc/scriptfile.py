"""Scripts as the official Script Tool writes them: a JSON array of a `_meta` object and
characters, each an official id (`"washerwoman"`) or a homebrew character object.

`parse` reads the text (positions from meeple.jsontext) into a `ScriptFile` that keeps
every item's JSON value as given, unknown keys, ability text and image URLs included,
so `dump(parse(text))` is the same JSON value in meeple's canonical layout: one item a
line, in the order given. What the items mean (official facts, homebrew characters,
night orders) is read by `ScriptFile`'s properties and `meeple.botc.scriptcheck`.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from meeple.botc.characters import Character, official, official_id
from meeple.errors import DEFAULT_SOURCE, NotationError
from meeple.jsontext import Members, Paths, decode
from meeple.registry import Registered

META = "_meta"


@dataclass(frozen=True)
class ScriptFile:
    """A script's items as JSON values (`str` or `dict`, or whatever the file holds)."""

    game = Registered("botc")
    items: tuple[Any, ...]

    @property
    def meta(self) -> dict[str, Any]:
        """The `_meta` object ({} when there is none)."""
        for item in self.items:
            if isinstance(item, dict) and item.get("id") == META:
                return item
        return {}

    @property
    def name(self) -> str:
        name = self.meta.get("name")
        return name if isinstance(name, str) else ""

    def entries(self) -> Iterator[tuple[int, str, dict[str, Any] | None]]:
        """Each character item: its index, its id as written, and its object (None for a
        bare id string). Items that name no character (`_meta`, malformed) are skipped."""
        for index, item in enumerate(self.items):
            if isinstance(item, str):
                yield index, item, None
            elif isinstance(item, dict) and isinstance(item.get("id"), str) and item["id"] != META:
                yield index, item["id"], item

    def characters(self) -> dict[str, Character]:
        """The script's characters by id (official ones by their official id), in order;
        an unknown bare id is left out (the checks report it)."""
        found: dict[str, Character] = {}
        for _, name, item in self.entries():
            if item is not None and not is_reference(item):
                found.setdefault(name, homebrew(item))
                continue
            known = official_id(name)
            if known is not None:
                found.setdefault(known, official()[known])
        return found

    def knows(self, name: str) -> bool:
        """Whether `name` (an official id, meeple's alias of one, or a homebrew id) is one
        of the script's characters."""
        characters = self.characters()
        return name in characters or official_id(name) in characters


def is_reference(item: dict[str, Any]) -> bool:
    """Whether an object only names an official character (`{"id": "imp"}`, the old form)."""
    return set(item) == {"id"}


def homebrew(item: dict[str, Any]) -> Character:
    """A homebrew character object's facts (malformed values read as absent)."""

    def text(key: str) -> str:
        value = item.get(key)
        return value if isinstance(value, str) else ""

    def labels(key: str) -> tuple[str, ...]:
        value = item.get(key)
        return tuple(v for v in value if isinstance(v, str)) if isinstance(value, list) else ()

    def position(key: str) -> int:
        value = item.get(key)
        if isinstance(value, bool) or not isinstance(value, int | float):
            return 0
        return int(value) if value == value and abs(value) < 1e9 else 0

    special = item.get("special")
    duplicable = isinstance(special, list) and any(
        isinstance(entry, dict) and entry.get("name") == "bag-duplicate" for entry in special
    )
    return Character(
        id=text("id"),
        name=text("name") or text("id"),
        team=text("team"),
        edition=text("edition"),
        reminders=labels("reminders"),
        reminders_global=labels("remindersGlobal"),
        setup=item.get("setup") is True,
        first_night=position("firstNight"),
        other_night=position("otherNight"),
        official=False,
        duplicable=duplicable,
    )


def parse(text: str, source: str = DEFAULT_SOURCE) -> ScriptFile:
    """The script in `text`; NotationError where it is not a JSON array."""
    value = decode(text, source)
    if not isinstance(value, list):
        start = len(text) - len(text.lstrip("\ufeff \t\r\n"))
        found = "an object" if isinstance(value, Members) else f"{_kind(value)}"
        message = f"expected a script: a JSON array of a _meta object and characters, not {found}"
        raise NotationError.at(text, start, message, source)
    paths = Paths(text)
    return ScriptFile(
        tuple(_plain(item, (index,), text, source, paths) for index, item in enumerate(value))
    )


def _plain(value: Any, path: tuple[str | int, ...], text: str, source: str, paths: Paths) -> Any:
    """A decoded value with objects as dicts; NotationError at a key given twice."""
    if isinstance(value, Members):
        found: dict[str, Any] = {}
        for position, (key, member) in enumerate(value):
            if key in found:
                where = paths.locate((*path, position), key=True)
                raise NotationError.at(text, where, f"the key {key!r} is given twice", source)
            found[key] = _plain(member, (*path, key), text, source, paths)
        return found
    if isinstance(value, list):
        return [_plain(item, (*path, i), text, source, paths) for i, item in enumerate(value)]
    return value


def _kind(value: Any) -> str:
    if isinstance(value, str):
        return "a string"
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    return "a number"


def dump(script: ScriptFile, **_: Any) -> str:
    """The canonical layout: one item a line, in the order given, two-space indent."""
    if not script.items:
        return "[]\n"
    lines = ",\n".join("  " + json.dumps(item, ensure_ascii=False) for item in script.items)
    return f"[\n{lines}\n]\n"


def of_ids(ids: list[str], meta: dict[str, Any] | None = None) -> ScriptFile:
    """A script of official ids, with `meta` as its `_meta` object."""
    return ScriptFile(((meta,) if meta else ()) + tuple(ids))
