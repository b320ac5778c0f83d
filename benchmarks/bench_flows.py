"""Flows: the legal-placement list in a mid-game position, parsing and replaying records.

The position has 18 tiles placed by a seeded random legal game; each legal-list case
lists every legal placement of the tile type it names for the player to move, in a fresh
copy of the position (which keeps nothing it worked out before). Floors are
measured in the same run: a compiled-regex pass over the record's text, or json.loads of
the position's replay JSON.

The last case is a position where the route rule's quick search gives up and its exact
sweep (meeple.flows.sweep) takes tens of seconds and gigabytes: one a Flows MCTS search
reached in selfplay (data/flows_hard_sweep.json). Timed once.
"""

from __future__ import annotations

import json
import random
import re
import time
from dataclasses import replace
from pathlib import Path

from harness import Case

from meeple.flows import notation, replay_text, state_json
from meeple.flows.links import Group
from meeple.flows.model import Entry, Record
from meeple.flows.rules import State
from meeple.flows.sweep import sweep_routes

PLACED = 18
_MOVES = re.compile(r"P[1-6][A-G][1-7]T[0-3][NSEW]{1,2}")


def mid_game(players: int, seed: int = 7) -> State:
    """A position with PLACED tiles from a random legal game that is still in play."""
    for attempt in range(seed, seed + 1000):
        rnd = random.Random(attempt)
        state = State.initial(players)
        while not state.is_over and len(state.moves) < PLACED:
            tile = rnd.choice([t for t in range(4) if state.bag[t]])
            legal = state.legal_placements(tile)
            if not legal:
                break
            state = state.play(rnd.choice(legal))
        if len(state.moves) == PLACED and not state.is_over:
            return state
    raise RuntimeError("no mid-game position found")


def _record_text(state: State) -> str:
    header = f"{state.players}-player, Standard Rules"
    return notation.dump(Record(tuple(Entry(m) for m in state.moves), header=header))


def _legal_case(players: int, tile: int) -> Case:
    state = mid_game(players)
    position = json.dumps(state_json(state))
    return Case(
        name=f"legal placements T{tile}, {players} players, {PLACED} tiles placed",
        # a copy each time: a position keeps the placements it listed, and the timing
        # is of working them out (a copy also works out its routes afresh)
        run=lambda: replace(state).legal_placements(tile),
        floor_name="json.loads of the position",
        floor=lambda: json.loads(position),
        goal="< 10 ms",
    )


def _hard_sweep_case() -> Case:
    given = json.loads((Path(__file__).parent / "data" / "flows_hard_sweep.json").read_text())
    link: list[int] = given["link"]
    groups = tuple(Group(edge, tuple(players)) for edge, players in given["groups"])
    start = time.perf_counter()
    sweep_routes(link, groups)
    taken = time.perf_counter() - start
    return Case(
        name="route rule's exact sweep, a hard position from selfplay",
        run=lambda: sweep_routes(link, groups),
        floor_name="json.loads of the position",
        floor=lambda: json.loads(json.dumps(given)),
        goal="< 1 s",
        repeat=1,
        measured=taken,
    )


def cases() -> list[Case]:
    long_game = _record_text(mid_game(3))
    return [
        _legal_case(2, 1),
        _legal_case(3, 1),
        _legal_case(6, 1),
        _legal_case(3, 0),
        Case(
            name=f"parse a {PLACED}-move record",
            run=lambda: notation.parse(long_game),
            floor_name="regex pass over the text",
            floor=lambda: _MOVES.findall(long_game),
        ),
        Case(
            name=f"replay a {PLACED}-move record with every rule",
            run=lambda: list(replay_text(long_game)),
            floor_name="regex pass over the text",
            floor=lambda: _MOVES.findall(long_game),
        ),
        _hard_sweep_case(),
    ]
