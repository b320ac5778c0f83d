"""What each official character that changes set-up does to a bag, as meeple enforces it.

A set-up rule is a tuple of alternatives (the storyteller picks one); an alternative
maps a team to a change in its count (`{"outsider": 2, "townsfolk": -2}`, the Baron), or, with a key
ending in `=`, to the count itself (`{"minion=": 0}`, the Kazali). `seats` is a change
in how many characters are in play but held by no player (Lil' Monsta, babysat by the
minions). Townsfolk always make up the rest of the bag. `PARTNERS` names characters
that bring another into the bag (the Huntsman the Damsel). Fabled and loric are not in
the bag: when a script lists one with a rule (the Sentinel), it applies to every bag.

`RULES` is the table docs/formats/botc.md shows; `LEFT` lists what meeple leaves to the
storyteller for every official character whose data says it changes set-up.
"""

from __future__ import annotations

from collections.abc import Mapping

Change = Mapping[str, int]
"""One alternative of a set-up rule: team changes, `team=` counts, `seats`."""

_ANY_OUTSIDERS = tuple(range(16))


def _outsiders(**fixed: int) -> tuple[Change, ...]:
    """Any number of outsiders (townsfolk make up the rest), with these changes too."""
    return tuple({**fixed, "outsider=": n} for n in _ANY_OUTSIDERS)


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
}
"""Every set-up rule meeple enforces on team counts, by official id."""

PARTNERS: Mapping[str, tuple[str, ...]] = {"huntsman": ("damsel",), "choirboy": ("king",)}
"""Characters whose presence puts another in the bag."""

LEFT: Mapping[str, str] = {
    "drunk": "counted as an outsider; `botc setup` shows its player a townsfolk not in play",
    "marionette": "counted as a minion; `botc setup` seats it next to the demon",
    "bountyhunter": "which townsfolk is evil",
    "villageidiot": "the extra Village Idiots (a bag holds each character once)",
    "legion": "most players being Legion (a bag holds each character once)",
    "lordoftyphon": "the evil characters sitting in a line",
    "kazali": "which players the Kazali makes minions",
    "deusexfiasco": "nothing to check in a bag",
    "bootlegger": "the script's own rules",
    "gardener": "the storyteller assigns every character",
    "pope": "duplicate good characters",
    "tor": "nothing to check in a bag",
}
"""What meeple leaves to the storyteller, by official id."""
