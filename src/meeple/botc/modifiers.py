"""What each official character that changes set-up does to a bag, as meeple enforces it.

A set-up rule is a tuple of alternatives (the storyteller picks one); an alternative
maps a team to a change in its count (`{"outsider": 2, "townsfolk": -2}`, the Baron), or, with a key
ending in `=`, to the count itself (`{"minion=": 0}`, the Kazali). `seats` is a change
in how many characters are in play but held by no player (Lil' Monsta, babysat by the
minions). `copies` is how many times the character itself is in the bag (1 unless
given: the Village Idiot's 1 to 3, Legion's most players); `majority` asks that those
copies be most of the players, yet not all. Townsfolk always make up the rest of the
bag. `PARTNERS` names characters
that bring another into the bag (the Huntsman the Damsel). Fabled and loric are not in
the bag: when a script lists one with a rule (the Sentinel), it applies to every bag.

`RULES` is the table docs/formats/botc.md shows; `LEFT` lists what meeple leaves to the
storyteller for every official character whose data says it changes set-up.
"""

from __future__ import annotations

from collections.abc import Mapping

Change = Mapping[str, int]
"""One alternative of a set-up rule: team changes, `team=` counts, `seats`, `copies`,
`majority`."""

_ANY_OUTSIDERS = tuple(range(16))


def _outsiders(**fixed: int) -> tuple[Change, ...]:
    """Any number of outsiders (townsfolk make up the rest), with these changes too."""
    return tuple({**fixed, "outsider=": n} for n in _ANY_OUTSIDERS)


def _copies(most: int, **fixed: int) -> tuple[Change, ...]:
    """The character 1 to `most` times in the bag, with these changes too."""
    return tuple({**fixed, "copies": n} for n in range(1, most + 1))


DUPLICATE: tuple[Change, ...] = _copies(15)
"""The rule of a homebrew character the Script Tool marks `bag-duplicate` (Witch Hunt's
Witch): any number of copies, in its own team's places."""

RULES: Mapping[str, tuple[Change, ...]] = {
    "baron": ({"townsfolk": -2, "outsider": 2},),
    "godfather": ({"outsider": -1, "townsfolk": 1}, {"outsider": 1, "townsfolk": -1}),
    "fanggu": ({"outsider": 1, "townsfolk": -1},),
    "vigormortis": ({"outsider": -1, "townsfolk": 1},),
    "balloonist": ({}, {"outsider": 1, "townsfolk": -1}),
    "hermit": ({}, {"outsider": -1, "townsfolk": 1}),
    "sentinel": ({}, {"outsider": 1, "townsfolk": -1}, {"outsider": -1, "townsfolk": 1}),
    "lilmonsta": ({"minion": 1, "seats": 1},),
    "summoner": ({"demon=": 0},),
    "atheist": ({"minion=": 0, "demon=": 0},),
    "kazali": _outsiders(**{"minion=": 0}),
    "xaan": _outsiders(),
    "lordoftyphon": _outsiders(minion=1),
    "villageidiot": _copies(3),
    # Most players are Legion, the rest good (any outsiders), no minions.
    "legion": tuple(
        {**change, "demon=": n, "minion=": 0, "copies": n, "majority": 1}
        for n in range(2, 16)
        for change in _outsiders()
    ),
}
"""Every set-up rule meeple enforces on team counts, by official id."""

PARTNERS: Mapping[str, tuple[str, ...]] = {"huntsman": ("damsel",), "choirboy": ("king",)}
"""Characters whose presence puts another in the bag."""

LEFT: Mapping[str, str] = {
    "drunk": "counted as an outsider; `botc setup` shows its player a townsfolk not in play",
    "marionette": "counted as a minion; `botc setup` seats it next to the demon",
    "bountyhunter": "which townsfolk is evil",
    "villageidiot": "which extra Village Idiot is drunk (`botc setup` marks one)",
    "legion": "how many Legion beyond most players",
    "kazali": "which players the Kazali makes minions",
    "deusexfiasco": "nothing to check in a bag",
    "bootlegger": "the script's own rules",
    "gardener": "the storyteller assigns every character",
    "pope": "duplicate good characters (and bluffs)",
    "tor": "nothing to check in a bag",
}
"""What meeple leaves to the storyteller, by official id."""
