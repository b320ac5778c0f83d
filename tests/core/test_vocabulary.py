"""One engine vocabulary: a game's `State` offers the protocol's names and nothing beside
them but the extras the game documents (docs/architecture.md, "One engine vocabulary").

A twin of a protocol name (`apply` beside `play`, `over` beside `is_over`, `start` beside
`initial`, `result` beside `result_text`) fails here, and so does any new public name
until it is added to the game's list below and to its `State` docstring.
"""

from __future__ import annotations

import dataclasses
import importlib

import pytest

from meeple import engine

PROTOCOLS = (engine.GameState, engine.Drawing, engine.Evaluating, engine.Recording)
VOCABULARY = {
    name for protocol in PROTOCOLS for name in dir(protocol) if not name.startswith("_")
} | {"initial", "game"}  # a classmethod whose arguments are each game's own (engine.py);
# the state's `Game` (meeple.registry.Registered)

# Each game's documented extras: every one is named in its State's docstring.
EXTRAS = {
    "raft": {
        "position",
        "seed",
        "phase",
        "outcome",
        "reason",
        "rounds",
        "challenge",
        "last",
        "pathway_placements",
        "cat_moves",
    },
    "flows": {
        "players",
        "seats",
        "board",
        "placed_by",
        "bag",
        "moves",
        "stuck",
        "first",
        "turn",
        "seating",
        "groups",
        "home_edge",
        "target_edge",
        "tile_at",
        "flows",
        "path_flows",
        "legal_placements",
        "where_for",
        "guesses",
    },
    "atlantis": {
        "board",
        "fields",
        "players",
        "turn",
        "moved_from",
        "arrived",
        "ended",
        "origin",
        "seat_index",
        "movable",
        "stone_moves",
        "end_turn",
        "play_turn",
        "areas",
        "scores",
        "ranking",
    },
    # A Blood on the Clocktower trace is a Timeline, not a game with moves.
    "botc": {
        "grimoire",
        "phase",
        "nominated",
        "nominators",
        "nominee",
        "voters",
        "executed",
        "winner",
        "ending",
        "last_day",
    },
}
# A trace played to the end also says who won (engine.Ending).
TIMELINE = {
    name for name in dir(engine.Timeline) + dir(engine.Ending) if not name.startswith("_")
} | {"play", "game"}
TWINS = {"apply", "start", "over", "result", "refusal", "broken_rule", "player", "Game"}


def _public_names(state: type) -> set[str]:
    names = {name for name in dir(state) if not name.startswith("_")}
    if dataclasses.is_dataclass(state):
        names |= {f.name for f in dataclasses.fields(state) if not f.name.startswith("_")}
    return names


@pytest.mark.parametrize("game", sorted(EXTRAS))
def test_a_state_offers_the_protocol_and_its_documented_extras_only(game: str) -> None:
    state = importlib.import_module(f"meeple.{game}.rules").State
    allowed = (TIMELINE if game == "botc" else VOCABULARY) | EXTRAS[game]
    assert _public_names(state) - allowed == set()
    assert not _public_names(state) & TWINS
    assert state.__doc__ is not None
    undocumented = {name for name in EXTRAS[game] if f"`{name}" not in state.__doc__}
    assert undocumented == set()


@pytest.mark.parametrize("game", ["raft", "flows", "atlantis"])
def test_a_game_state_implements_every_name_of_the_protocol(game: str) -> None:
    state = importlib.import_module(f"meeple.{game}.rules").State
    core = {name for name in dir(engine.GameState) if not name.startswith("_")} | {"initial"}
    assert core <= _public_names(state)
