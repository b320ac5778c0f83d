"""The checks a Script Tool script is put through, each a `Finding` at its place in the
JSON text: the schema's rules (types, required keys, teams, ids, lengths, 5 to 201
items), unknown official ids (with "did you mean"), ids given twice, homebrew characters
that reuse an official id, no demon, jinxes and night orders naming characters not on
the script, and homebrew characters that change set-up in ways meeple cannot check.
`left_out` gives the warnings the commands that use a script print for what they leave
out of it (an unknown id, a night order entry that is no character of the script).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from meeple.botc.characters import NIGHT_MARKERS, TEAMS, official, official_id
from meeple.botc.modifiers import RULES
from meeple.botc.script import _hint
from meeple.botc.scriptfile import META, ScriptFile, is_reference
from meeple.errors import Finding, Severity
from meeple.jsontext import Paths

_ID = re.compile(r"[a-z0-9][a-z0-9_-]*\Z")
_CHARACTER_TEXT = {
    "id": 50,
    "name": 30,
    "edition": 50,
    "ability": 250,
    "flavor": 500,
    "firstNightReminder": 500,
    "otherNightReminder": 500,
}
_CHARACTER_KEYS = {
    *_CHARACTER_TEXT,
    "image",
    "team",
    "firstNight",
    "otherNight",
    "reminders",
    "remindersGlobal",
    "setup",
    "jinxes",
    "special",
}
_META_TEXT = {"name": 50, "author": 50, "logo": 250, "background": 250, "almanac": 250}
Path = tuple[str | int, ...]


def findings(script: ScriptFile, text: str, source: str) -> Iterator[Finding]:
    """Every finding of a script read from `text`, in the order of the items."""
    paths = Paths(text)

    def at(path: Path, message: str, severity: Severity = "error", key: bool = False) -> Finding:
        return Finding.at(text, paths.locate(path, key), message, source, severity)

    count = len(script.items)
    if not 5 <= count <= 201:
        yield at((), f"a script has 5 to 201 items (the _meta object included), this has {count}")
    ids = _script_ids(script)
    seen: dict[str, int] = {}
    for index, item in enumerate(script.items):
        if isinstance(item, str):
            yield from _bare_id(item, (index,), at)
            key = official_id(item) or item
        elif isinstance(item, dict):
            if item.get("id") == META:
                yield from _meta(item, (index,), ids, at)
                continue
            if is_reference(item) and isinstance(item["id"], str):
                yield from _bare_id(item["id"], (index, "id"), at)
                key = official_id(item["id"]) or item["id"]
            else:
                yield from _homebrew(item, (index,), ids, at)
                key = item["id"] if isinstance(item.get("id"), str) else ""
        else:
            yield at((index,), "expected a character id (a string) or an object with an id")
            continue
        if key and key in seen:
            yield at((index,), f"{key!r} is on the script twice (item {seen[key] + 1} too)")
        seen.setdefault(key, index)
    teams = [c.team for c in script.characters().values()]
    if count and "demon" not in teams:
        yield at((), "the script has no demon")


def _script_ids(script: ScriptFile) -> set[str]:
    """Every character id on the script, official ones with their aliases."""
    found = set()
    for _, name, _ in script.entries():
        found.add(name)
        known = official_id(name)
        if known is not None:
            found |= {known, official()[known].alias}
    return found


def left_out(script: ScriptFile, text: str, source: str) -> Iterator[Finding]:
    """Warnings for what the commands that use a script (`botc characters`, `night`,
    `bags`, `setup`, `check --script`) leave out, each at its place: an id that names no
    character, and a night order entry that is no character of the script."""
    paths = Paths(text)

    def at(path: Path, message: str) -> Finding:
        return Finding.at(text, paths.locate(path), f"left out: {message}", source, "warning")

    for index, name, item in script.entries():
        if (item is None or is_reference(item)) and official_id(name) is None:
            yield at((index,) if item is None else (index, "id"), _not_official(name))
    meta = next((i for i, item in enumerate(script.items) if item is script.meta), None)
    for night in ("firstNight", "otherNight"):
        order = script.meta.get(night)
        if meta is None or not isinstance(order, list):
            continue
        for index, name in enumerate(order):
            if isinstance(name, str) and name not in NIGHT_MARKERS and not script.knows(name):
                yield at((meta, night, index), _off_script(night, name))


def _not_official(name: str) -> str:
    return f"{name!r} is not an official character{_hint(name, official())}"


def _off_script(night: str, name: str) -> str:
    return f"the {night} order names {name!r}, which is not on the script"


def _bare_id(name: str, path: Path, at: Any) -> Iterator[Finding]:
    if official_id(name) is not None:
        if len(name) > 20:
            yield at(path, "an official character id has at most 20 characters")
        return
    yield at(path, _not_official(name))


def _meta(item: dict[str, Any], path: Path, ids: set[str], at: Any) -> Iterator[Finding]:
    if "name" not in item:
        yield at(path, "the _meta object needs a name")
    for key, limit in _META_TEXT.items():
        yield from _text(item, key, limit, path, at)
    if "hideTitle" in item and not isinstance(item["hideTitle"], bool):
        yield at((*path, "hideTitle"), "hideTitle is true or false")
    yield from _strings(item, "bootlegger", 10, None, path, at)
    for night in ("firstNight", "otherNight"):
        yield from _strings(item, night, 200, None, path, at)
        order = item.get(night)
        if not isinstance(order, list):
            continue
        for index, name in enumerate(order):
            if isinstance(name, str) and name not in ids and name not in NIGHT_MARKERS:
                yield at((*path, night, index), _off_script(night, name))


def _homebrew(item: dict[str, Any], path: Path, ids: set[str], at: Any) -> Iterator[Finding]:
    for key in ("id", "name", "team", "ability"):
        if key not in item:
            yield at(path, f"a homebrew character needs {key!r}")
    for key, limit in _CHARACTER_TEXT.items():
        yield from _text(item, key, limit, path, at)
    name = item.get("id")
    if isinstance(name, str):
        if not _ID.match(name):
            yield at((*path, "id"), f"{name!r}: a character id is lower-case letters and digits")
        elif official_id(name) is not None:
            message = f"the homebrew character {name!r} reuses an official character's id"
            yield at((*path, "id"), message, "warning")
    team = item.get("team")
    if "team" in item and team not in TEAMS:
        yield at((*path, "team"), f"team is one of {', '.join(TEAMS)}, not {team!r}")
    for night in ("firstNight", "otherNight"):
        value = item.get(night)
        if night in item and (isinstance(value, bool) or not isinstance(value, int | float)):
            yield at((*path, night), f"{night} is a number (0: does not wake)")
    yield from _strings(item, "reminders", 20, 30, path, at)
    yield from _strings(item, "remindersGlobal", 20, 25, path, at)
    if "setup" in item and not isinstance(item["setup"], bool):
        yield at((*path, "setup"), "setup is true or false")
    elif item.get("setup") is True and isinstance(name, str) and name not in RULES:
        message = "changes set-up in a way meeple cannot check: legal bags ignore it"
        yield at((*path, "setup"), message, "warning")
    image = item.get("image")
    if "image" in item and not (
        isinstance(image, str)
        or (
            isinstance(image, list)
            and 1 <= len(image) <= 3
            and all(isinstance(url, str) for url in image)
        )
    ):
        yield at((*path, "image"), "image is a URL or a list of 1 to 3 URLs")
    yield from _jinxes(item, path, ids, at)
    for key in item:
        if key not in _CHARACTER_KEYS:
            yield at((*path, key), f"{key!r} is not a character key", "lint", key=True)


def _jinxes(item: dict[str, Any], path: Path, ids: set[str], at: Any) -> Iterator[Finding]:
    jinxes = item.get("jinxes")
    if "jinxes" not in item:
        return
    if not isinstance(jinxes, list):
        yield at((*path, "jinxes"), "jinxes is a list of {id, reason} objects")
        return
    for index, jinx in enumerate(jinxes):
        where = (*path, "jinxes", index)
        if not isinstance(jinx, dict) or not isinstance(jinx.get("id"), str):
            yield at(where, "a jinx is an object with an id and a reason")
            continue
        if not isinstance(jinx.get("reason"), str):
            yield at(where, "a jinx needs a reason")
        if jinx["id"] not in ids:
            message = f"the jinx with {jinx['id']!r} names a character not on the script"
            yield at((*where, "id"), message, "warning")


def _text(item: dict[str, Any], key: str, limit: int, path: Path, at: Any) -> Iterator[Finding]:
    if key not in item:
        return
    value = item[key]
    if not isinstance(value, str):
        yield at((*path, key), f"{key} is a string")
    elif len(value) > limit:
        yield at((*path, key), f"{key} has at most {limit} characters, this has {len(value)}")


def _strings(
    item: dict[str, Any], key: str, most: int, longest: int | None, path: Path, at: Any
) -> Iterator[Finding]:
    if key not in item:
        return
    value = item[key]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        yield at((*path, key), f"{key} is a list of strings")
        return
    if len(value) > most:
        yield at((*path, key), f"{key} has at most {most} items, this has {len(value)}")
    for index, entry in enumerate(value):
        if longest is not None and len(entry) > longest:
            message = f"each of {key} has at most {longest} characters, this has {len(entry)}"
            yield at((*path, key, index), message)
