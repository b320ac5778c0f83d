"""What the solver's tests share: the transcribed puzzles, their published answers,
and a puzzle renamed and rotated."""

from __future__ import annotations

import dataclasses
import functools
from pathlib import Path
from typing import Any

from meeple.botc.notation import parse_grimoire
from meeple.botc.puzzle import notation
from meeple.botc.puzzle.model import Puzzle
from meeple.botc.solver import Answer, solve
from meeple.botc.solver.homebrew import character_id

PUZZLES = Path(__file__).parent.parent / "puzzles"
TRANSCRIBED = sorted(PUZZLES.glob("*.puzzle"))
TROUBLE_BREWING = "03a 03b 10 19 26 31 33 36 40 43 47 52 54 59 62 63 70 74 77 78".split()  # noqa: SIM905
BEYOND = [
    "01",
    "04",
    "08",
    "13",
    "14",
    "20",
    "23",
    "24",
    "29",
    "32",
    "37",
    "35",
    "38",
    "66",
    "80",
    "81",
    # Sects & Violets (branch g40/snv)
    "64",
    "30-left",
    "30-right",
    "42",
    "41",
    "60",
    "15",
]
"""Puzzles with characters from other editions the solver models (Seamstress,
Clockmaker, Dreamer, Marionette, Juggler, Savant, Knight, Noble, Steward, Snake
Charmer, Village Idiot, Klutz, Xaan, Widow, Lord of Typhon, Goblin, Lunatic; Mutant,
Artist, Atheist, Philosopher, Witch, Poppy Grower,
Vortox, No Dashii, Evil Twin)."""
BAD_MOON = ["05b", "16", "17", "21", "45a", "45b", "49"]
"""Puzzles that need issue 40's second batch of characters (Leviathan, Nightwatchman,
Riot, Hermit, Puzzlemaster), kept apart from BEYOND so the two batches merge cleanly."""
MATHEMATICIAN = ["34", "39", "68", "71", "83"]
"""Puzzles that need the Mathematician (branch g40/math)."""
FANG_GU = ["53", "55", "57", "61", "65", "69", "75", "79", "82"]
"""Puzzles with the Fang Gu, Vigormortis, Sweetheart, Flowergirl, Devil's Advocate or
Tea Lady (branch g40/fanggu)."""
CHAMBERMAID = ["22", "73", "56", "72", "06", "28", "12a", "12b", "02", "18", "09"]
"""Puzzles with the Chambermaid, Legion, Pukka, Courtier, Po, Balloonist, Gambler,
Gossip, Acrobat (branch g40/bmr)."""
SHUGENJA = ["05a", "07", "58", "67", "76", "27", "44", "51", "48", "11"]
"""Puzzles that need branch g40/misc's characters (Alsaahir, Shugenja, Politician,
Godfather, Legionary, Solar and Lunar Prodigy, Kazali, Boffin, Golem, Cerenovus,
Pit-Hag); 48 needs g40/math's Mathematician and g40/bmr's Chambermaid too, 11
g40/fanggu's Sweetheart (all merged into g40/misc)."""
GOON = ["a-clean-sweep"]
"""Puzzles with the Goon or a Zombuul's first death (branch g40/goon)."""
HOUSE_RULE = ["46"]
"""Puzzles whose transcription states a house rule (branch g40/p46)."""
SOLVABLE = [
    path
    for path in TRANSCRIBED
    if path.stem.removeprefix("puzzle-")
    in TROUBLE_BREWING
    + BEYOND
    + BAD_MOON
    + FANG_GU
    + MATHEMATICIAN
    + CHAMBERMAID
    + SHUGENJA
    + HOUSE_RULE
    + GOON
]
"""The transcriptions the solver models every character of."""

Assignment = frozenset[tuple[str, str]]
"""A world's starting characters: (player, official id) pairs."""


def load(path: Path) -> Puzzle:
    """A transcribed puzzle."""
    return notation.parse(path.read_text("utf-8"), str(path))


@functools.cache
def solved(path: Path) -> frozenset[Assignment]:
    """The worlds the solver finds for a transcribed puzzle as written, solved once a
    run: the solver is a pure function, and several tests ask it of the same puzzle."""
    return frozenset(assignments(solve(load(path))))


def published(path: Path) -> set[Assignment]:
    """The published answer of a transcribed puzzle: each world's starting characters."""
    found = set()
    for line in path.with_suffix(".answers").read_text("utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            seats = parse_grimoire(line.strip(), str(path)).seats
            found.add(frozenset((seat.player, character_id(seat.role) or "") for seat in seats))
    return found


def assignments(answer: Answer) -> set[Assignment]:
    """The starting characters of every world found."""
    return {frozenset(zip(world.players, world.characters, strict=True)) for world in answer.worlds}


def renamed(value: Any, names: dict[str, str]) -> Any:
    """`value` (a puzzle or any part of it) with every player's name replaced."""
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, tuple):
        return tuple(renamed(item, names) for item in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {
            field.name: renamed(getattr(value, field.name), names)
            for field in dataclasses.fields(value)
            if field.init
        }
        return dataclasses.replace(value, **changes)
    return value


def disguised(puzzle: Puzzle, turn: int) -> tuple[Puzzle, dict[str, str]]:
    """The puzzle with every player renamed and the seats rotated by `turn`."""
    names = {player: f"Seat{i}x" for i, player in enumerate(puzzle.players)}
    moved: Puzzle = renamed(puzzle, names)
    seats = moved.players[turn:] + moved.players[:turn]
    return dataclasses.replace(moved, players=seats), names
