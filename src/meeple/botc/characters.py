"""Every official Blood on the Clocktower character, as facts: id, name, team, edition,
reminder token labels, whether it changes set-up, night order positions, jinx pairs.

The facts come from `data/characters.json` (made by tools/botc_characters.py from the
official release data; no ability or flavour text). Ids are the Script Tool's
(`fortuneteller`, `scarletwoman`); the seed's underscored spellings (`fortune_teller`)
are aliases, `official_id` maps them, and `spelled` writes either. A reminder token label
("Red Herring") is written in a grimoire as its token name (`red_herring`). This
module reads data; it parses no record.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, lru_cache

TEAMS = ("townsfolk", "outsider", "minion", "demon", "traveller", "fabled", "loric")
"""Every team a character may belong to, as the Script Tool names them."""
NIGHT_MARKERS = ("dusk", "minioninfo", "demoninfo", "dawn")
"""The night order's entries that are not characters."""
SETUP_COUNTS: Mapping[int, Mapping[str, int]] = {
    players: {"townsfolk": t, "outsider": o, "minion": m, "demon": 1}
    for players, (t, o, m) in {
        5: (3, 0, 1),
        6: (3, 1, 1),
        7: (5, 0, 1),
        8: (5, 1, 1),
        9: (5, 2, 1),
        10: (7, 0, 2),
        11: (7, 1, 2),
        12: (7, 2, 2),
        13: (9, 0, 3),
        14: (9, 1, 3),
        15: (9, 2, 3),
    }.items()
}
"""How many of each team a game of 5 to 15 players starts with (more play as travellers)."""

_NOT_IN_NAME = re.compile(r"[^a-z0-9]+")
_LEADING_NUMBER = re.compile(r"[0-9]+(?:st|nd|rd|th)?")
_NUMBER_WORDS = dict(
    zip(
        ["1", "2", "3", "4", "5", "6", "7", "8", "9", "1st", "2nd", "3rd"],
        [
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "first",
            "second",
            "third",
        ],
        strict=True,
    )
)


@dataclass(frozen=True)
class Character:
    """The facts of one character, official or homebrew."""

    id: str
    name: str
    team: str
    edition: str = ""
    reminders: tuple[str, ...] = ()
    reminders_global: tuple[str, ...] = ()
    setup: bool = False
    first_night: int = 0
    """Its place in the first night's order (0: it does not wake)."""
    other_night: int = 0
    official: bool = True
    duplicable: bool = False
    """The Script Tool marks it `bag-duplicate`: the bag may hold it more than once."""

    @property
    def tokens(self) -> tuple[str, ...]:
        """Its reminder tokens as a grimoire writes them, each once (`red_herring`)."""
        names = (token_name(label) for label in (*self.reminders, *self.reminders_global))
        return tuple(dict.fromkeys(name for name in names if name))

    @property
    def alias(self) -> str:
        """meeple's underscored spelling of the id (`fortune_teller`, `devils_advocate`)."""
        return _NOT_IN_NAME.sub("_", self.name.lower().replace("'", "")).strip("_")


def token_name(label: str) -> str:
    """A reminder token label as a grimoire writes it: "Is The Drunk" -> `is_the_drunk`,
    a leading number in words ("3 Attacks" -> `three_attacks`, "2nd" -> `second`)."""
    name = _NOT_IN_NAME.sub("_", label.lower()).strip("_")
    number = _LEADING_NUMBER.match(name)
    if number is None:
        return name
    word = _NUMBER_WORDS.get(number.group())
    return name if word is None else word + name[number.end() :]


@cache
def _data() -> dict[str, object]:
    from importlib import resources  # on first use: it imports tempfile, shutil, lzma

    text = resources.files("meeple.botc").joinpath("data/characters.json").read_text("utf-8")
    loaded: dict[str, object] = json.loads(text)
    return loaded


@lru_cache(maxsize=4096)
def spelled(name: str, ids: str = "seed") -> str:
    """An official character's id in the spelling `ids` names: the seed's (`fortune_teller`,
    lower case with underscores, what botc-sat reads) or the Script Tool's
    (`fortuneteller`, "official"); any other name (a homebrew id) as given."""
    known = official_id(name)
    if known is None:
        return name
    return known if ids == "official" else official()[known].alias


@cache
def official() -> Mapping[str, Character]:
    """Every official character by id, townsfolk first, then each team in TEAMS order."""
    records = _data()["characters"]
    assert isinstance(records, list)
    return {
        record["id"]: Character(
            record["id"],
            record["name"],
            record["team"],
            record["edition"],
            tuple(record["reminders"]),
            tuple(record.get("remindersGlobal", ())),
            record["setup"],
            record["firstNight"],
            record["otherNight"],
        )
        for record in records
    }


@cache
def night_order(night: str) -> tuple[str, ...]:
    """The official order of `firstNight` or `otherNight`, markers (dusk, dawn...) included."""
    orders = _data()["nightOrder"]
    assert isinstance(orders, dict)
    return tuple(orders[night])


@cache
def jinxes() -> tuple[tuple[str, str], ...]:
    """Every official jinxed pair of character ids."""
    pairs = _data()["jinxes"]
    assert isinstance(pairs, list)
    return tuple((first, second) for first, second in pairs)


def official_id(name: str) -> str | None:
    """The official id `name` spells (itself, or meeple's underscored alias), or None."""
    known = official()
    if name in known:
        return name
    plain = name.replace("_", "")
    return plain if plain in known and name == known[plain].alias else None
