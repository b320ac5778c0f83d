"""Atlantis: reading, replaying and move generation on a generated 300-turn game.

The game is played by `meeple.atlantis.generate.random_game` on a board of 40
standard segments (280 fields); every case is set beside json.loads of the same
transcript text (its strict JSON form for the JSON5 case), measured in the same run.
"""

from __future__ import annotations

import json

from harness import Case

from meeple.atlantis.generate import random_game
from meeple.atlantis.notation import dump, parse
from meeple.atlantis.rules import State, replay

SEGMENTS = 40
TURNS = 300
SEED = 2  # a seed whose two-player game is still going after 300 turns


def _crowded(states: list[State]) -> State:
    """The state of the game where the player to move has the most legal moves."""
    return max(states, key=lambda state: len(state.stone_moves()))


def cases() -> list[Case]:
    game = random_game(segments=SEGMENTS, players=2, turns=TURNS, seed=SEED)
    if len(game.events) != TURNS:
        raise RuntimeError(f"the generated game ended after {len(game.events)} turns")
    text = dump(game)
    crowded = _crowded(list(replay(parse(text))))
    size = len(text.encode("utf-8"))
    # Hand-written style: single quotes, bare keys, a comment; read token by token.
    json5_text = "// written by hand\n" + text.replace('"', "'")
    for key in ("format", "version", "segments", "players", "events", "type", "moves"):
        json5_text = json5_text.replace(f"'{key}':", f"{key}:")
    size5 = len(json5_text.encode("utf-8"))

    def floor() -> object:
        return json.loads(text)

    def replay_all() -> object:
        return sum(1 for _ in replay(parse(text)))

    moves = len(crowded.stone_moves())
    return [
        Case(
            f"atlantis parse {TURNS}-turn transcript ({size // 1024} KiB)",
            lambda: parse(text),
            "json.loads",
            floor,
            extra=lambda t: f"{size / t / 1e6:.1f} MB/s",
        ),
        Case(
            f"atlantis parse the same written as JSON5 ({size5 // 1024} KiB)",
            lambda: parse(json5_text),
            "json.loads (JSON)",
            floor,
            extra=lambda t: f"{size5 / t / 1e6:.1f} MB/s",
        ),
        Case(
            f"atlantis replay {TURNS} turns, {SEGMENTS} segments",
            replay_all,
            "json.loads",
            floor,
            goal="< 100 ms",
        ),
        Case(
            f"atlantis legal_moves, crowded ({moves} moves)",
            crowded.legal_moves,
            "json.loads",
            floor,
        ),
    ]
