"""One engine vocabulary: a game's `State` offers the protocol's names and nothing beside
them but the extras the game documents (docs/architecture.md, "One engine vocabulary").

A twin of a protocol name (`apply` beside `play`, `over` beside `is_over`, `start` beside
`initial`, `result` beside `result_text`) fails here, and so does any new public name
until it is added to the game's list below and to its `State` docstring.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import meeple
from meeple import engine, records, registry
from meeple.errors import MeepleError
from meeple.qgn.model import ActionColumns

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
        "reason",
        "rounds",
        "challenge",
        "last",
        "pathway_placements",
        "cat_moves",
    },
    "flows": {
        "home_edges",
        "board",
        "placed_by",
        "bag",
        "placements",
        "stuck",
        "first",
        "seat",
        "seating",
        "groups",
        "home_edge",
        "target_edge",
        "at",
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
        "turns",
        "moved_from",
        "arrived",
        "ended",
        "origin",
        "seat",
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
    """The names a state class offers; a NamedTuple's fields, not tuple's `count`/`index`."""
    inherited = set(dir(tuple)) if issubclass(state, tuple) else set()
    names = {name for name in dir(state) if not name.startswith("_") and name not in inherited}
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


# -- the glossary (docs/architecture.md, "Glossary"): one type and one meaning a word ----

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _is_names(value: object) -> bool:
    return isinstance(value, tuple) and all(isinstance(name, str) for name in value)


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


GLOSSARY: dict[str, Callable[[Any], bool]] = {
    # a player is a number, 1 for the first in seat order
    "to_move": lambda s: s.to_move is None or 1 <= s.to_move <= s.player_count,
    "winners": lambda s: (
        isinstance(s.winners, tuple)
        and all(isinstance(p, int) and 1 <= p <= s.player_count for p in s.winners)
    ),
    "player_count": lambda s: _is_count(s.player_count) and s.player_count >= 1,
    # a seat is a 0-based index into the players (or teams) in seat order
    "seat": lambda s: isinstance(s.seat, int) and 0 <= s.seat < s.player_count,
    "winner_seats": lambda s: all(0 <= seat < s.player_count for seat in s.winner_seats),
    # names: the players' and the teams', in seat order
    "players": lambda s: _is_names(s.players) and len(s.players) == s.player_count,
    "teams": lambda s: _is_names(s.teams) and len(s.teams) == s.player_count,
    # a turn is one player's go; `turns` counts those played
    "turns": lambda s: _is_count(s.turns),
    # the moves from the initial state
    "history": lambda s: isinstance(s.history, tuple),
    "status": lambda s: s.status in ("playing", "won", "lost", "tie"),
}
"""What each word of the glossary is on a state that has it."""

RETIRED = {
    "turn": "one player's go is a word, not a field: `seat` says whose, `turns` how many",
    "outcome": "the protocol's `status`",
    "moves": "a state's moves are its `history` (a record has `moves`)",
    "tile_at": "`at(place)`: what lies on a place, in every game",
    "seat_index": "`seat`",
    "seats": "`seat` is an index; Flows' home edges are `home_edges`",
}
"""Names no replayed state has any more, and the name that took each one's place."""


@functools.cache
def _replayable() -> tuple[tuple[str, Path], ...]:
    """Each bundled example that replays, with its game (every game with moves has one)."""
    found = []
    for game in registry.games():
        if game.name in {"qgn", "botc"}:
            continue  # qgn plays other games' states; botc's trace is a Timeline
        for path in sorted((EXAMPLES / game.name).glob("*")):
            try:
                states = meeple.replay(str(path))
            except MeepleError:
                continue  # a broken example, a record that breaks a rule
            if states and all(isinstance(state, engine.GameState) for state in states):
                found.append((game.name, path))  # not a position without moves
    return tuple(found)


def test_every_game_with_moves_has_an_example_that_replays() -> None:
    games = {game.name for game in registry.games()} - {"qgn", "botc"}
    assert {game for game, _ in _replayable()} == games


@pytest.mark.parametrize("game", sorted({g.name for g in registry.games()} - {"qgn", "botc"}))
def test_every_word_of_the_glossary_has_one_type_in_every_game(game: str) -> None:
    for path in (path for name, path in _replayable() if name == game):
        states = meeple.replay(str(path))
        assert states and {s.game.name for s in states} == {game}
        for state in states:
            for word, holds in GLOSSARY.items():
                if hasattr(state, word):
                    assert holds(state), (path.name, word, getattr(state, word))
            retired = {name for name in RETIRED if hasattr(state, name)}
            assert retired == set(), {name: RETIRED[name] for name in retired}


def test_replay_gives_one_state_at_a_time_in_every_game() -> None:
    """A game's `replay` (its package's, its notation's) is an iterator everywhere: the
    states come one at a time and stop at the first illegal move; the front door's
    `meeple.replay` is the one list (of the same states)."""
    for game, path in _replayable():
        text = path.read_text(encoding="utf-8")
        notation = registry.detect(text, str(path))
        if notation.game.name != game:  # a quibbble game's record is QGN
            notation = registry.game(game).notations[0]
        document = notation.read(text, str(path))
        assert isinstance(notation.replay(document), Iterator), game
        package = importlib.import_module(f"meeple.{game}")
        assert isinstance(package.replay(document.model), Iterator), game


def test_record_names_a_game_record_only() -> None:
    """`Record` is a game's record (what its notation reads); a document played through
    its game's rules is a `records.Playable`, which holds its `notation`."""
    assert not hasattr(records, "Record")
    assert "notation" in records.Playable._fields
    for game in registry.games():
        model = importlib.import_module(f"meeple.{game.name}.model")
        record = getattr(model, "Record", None)
        if record is not None:
            assert record.game.name == game.name


def test_a_team_is_named_and_a_seat_is_counted() -> None:
    """`teams` are names everywhere: QGN's column of each action's team is `seats`."""
    assert not hasattr(ActionColumns, "teams") and hasattr(ActionColumns, "seats")
    assert not hasattr(engine.Ending, "winners") and hasattr(engine.Ending, "winner_names")


def test_at_is_what_lies_on_a_place_and_data_at_its_picture_key() -> None:
    """A state's `at(place)` says what lies there; a game's SVG module names a place's
    `data-at` key `data_at(place)`, never `at`."""
    for game in registry.games():
        try:
            svg = importlib.import_module(f"meeple.{game.name}.svg")
        except ModuleNotFoundError:
            continue
        assert not hasattr(svg, "at"), game.name


def test_the_glossary_names_every_word_checked_here_and_every_retired_name() -> None:
    page = (Path(__file__).resolve().parents[2] / "docs" / "architecture.md").read_text("utf-8")
    glossary = page.split("## Glossary", 1)[1].split("\n## ", 1)[0]
    rows = {line.split("|")[1].strip() for line in glossary.splitlines() if line.startswith("| ")}
    words = {"player", "seat", "team", "turn", "move", "step", "winners", "record", "state"}
    assert words | {"player_count", "players", "teams", "status", "history"} <= rows
    retired = glossary.split("Retired", 1)[1]
    assert all(f"`{name}`" in retired for name in RETIRED)
