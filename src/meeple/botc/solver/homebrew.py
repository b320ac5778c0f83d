"""The characters the solver knows: the official ones, and the homebrew characters of
the published puzzles (not in meeple's official data), with the facts the solver needs
of them: team, name, how often one may be in the bag, and the claim a player makes
when they do not know which of two characters they are (the Prodigy)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from meeple.botc.characters import Character, official, official_id
from meeple.botc.modifiers import Change


def _each_night(key: str, name: str) -> Character:
    """A homebrew Townsfolk that wakes every night (its place in the order nominal)."""
    return Character(
        key, name, "townsfolk", "homebrew", first_night=1, other_night=1, official=False
    )


HOMEBREW: Mapping[str, Character] = {
    character.id: character
    for character in (
        _each_night("legionary", "Legionary"),
        _each_night("solarprodigy", "Solar Prodigy"),
        _each_night("lunarprodigy", "Lunar Prodigy"),
        Character("prodigy", "Prodigy", "townsfolk", "homebrew", official=False),
    )
}
"""The homebrew characters of the puzzles, by id (`prodigy` is only ever claimed)."""

RULES: Mapping[str, tuple[Change, ...]] = {
    "legionary": tuple({"copies": n} for n in range(1, 4)),
}
"""Their set-up rules, as meeple.botc.modifiers writes them: up to three Legionaries."""

CLAIMED_AS: Mapping[str, tuple[str, ...]] = {"prodigy": ("solarprodigy", "lunarprodigy")}
"""A claim that stands for one of several characters: a Prodigy does not know whether
it is the Solar or the Lunar one."""


def claimed_as(key: str) -> tuple[str, ...]:
    """The characters a claim of `key` stands for (itself, or the Prodigy's two)."""
    return CLAIMED_AS.get(key, (key,))


def character(key: str) -> Character:
    """The facts of a character the solver knows, by id (KeyError for another)."""
    return HOMEBREW[key] if key in HOMEBREW else official()[key]


@cache
def character_id(name: str) -> str | None:
    """The id `name` spells (an official id or alias, or a homebrew one), or None."""
    known = official_id(name)
    if known is not None:
        return known
    plain = name.replace("_", "")
    return plain if plain in HOMEBREW and name in (plain, HOMEBREW[plain].alias) else None
