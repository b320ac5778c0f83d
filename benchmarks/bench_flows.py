"""Flows: the legal-placement list in a mid-game position, parsing and replaying records.

The position has 18 tiles placed by a seeded random legal game; each legal-list case
lists every legal placement of the tile type it names for the player to move, in a fresh
copy of the position (which keeps nothing it worked out before). Floors are
measured in the same run: a compiled-regex pass over the record's text, or json.loads of
the position's replay JSON.

Then the route rule's hard cases: a position where its quick search gives up and its
exact sweep (meeple.flows.sweep) took 20 s and 354 MB, one a Flows MCTS search reached
in selfplay (data/flows_hard_sweep.json); every legal move of a 93-byte six-player
record (33 s, its sweeps alike); the legal lists of every position of a dozen
seeded random games, the median and the worst (each list timed once, fresh); and the
same over POSITIONS positions (10,000: every position of about 280 seeded random games
of 2 to 6 players, each list timed once in CPU time on a fresh copy, which keeps
nothing worked out before): the median, the 99th percentile and the worst.
"""

from __future__ import annotations

import json
import os
import random
import re
import statistics
import time
from pathlib import Path

from harness import Case, human

from meeple import records, registry
from meeple.flows import notation, replay_text, state_json
from meeple.flows.links import Group
from meeple.flows.model import Entry, Record
from meeple.flows.rules import State
from meeple.flows.sweep import sweep_routes

PLACED = 18
GAMES = 12
"""Random games whose every position the many-positions case lists (about 400 lists)."""
POSITIONS = int(os.environ.get("MEEPLE_FLOWS_POSITIONS", "10000"))
"""Positions the 10,000-positions case lists (MEEPLE_FLOWS_POSITIONS for a quick run)."""
DATA = Path(__file__).parent / "data"
SHORT_RECORD = Path(__file__).parent.parent / "tests" / "flows" / "golden" / "rule_no_route.flows"
_MOVES = re.compile(r"P[1-6][A-G][1-7]T[0-3][NSEW]{1,2}")
_BAD_LINE = re.compile(r"P[1-6]G1T")


def mid_game(players: int, seed: int = 7) -> State:
    """A position with PLACED tiles from a random legal game that is still in play."""
    for attempt in range(seed, seed + 1000):
        rnd = random.Random(attempt)
        state = State.initial(players)
        while not state.is_over and len(state.placements) < PLACED:
            tile = rnd.choice([t for t in range(4) if state.bag[t]])
            legal = state.legal_placements(tile)
            if not legal:
                break
            state = state.play(rnd.choice(legal))
        if len(state.placements) == PLACED and not state.is_over:
            return state
    raise RuntimeError("no mid-game position found")


def _record_text(state: State) -> str:
    header = f"{state.player_count}-player, Standard Rules"
    return notation.dump(Record(tuple(Entry(m) for m in state.placements), header=header))


def _legal_case(players: int, tile: int) -> Case:
    state = mid_game(players)
    position = json.dumps(state_json(state))
    return Case(
        name=f"legal placements T{tile}, {players} players, {PLACED} tiles placed",
        # a copy each time: a position keeps the placements it listed, and the timing
        # is of working them out (a copy also works out its routes afresh)
        run=lambda: state._replace().legal_placements(tile),
        floor_name="json.loads of the position",
        floor=lambda: json.loads(position),
        goal="< 10 ms",
    )


def _hard_sweep_case() -> Case:
    given = json.loads((DATA / "flows_hard_sweep.json").read_text())
    link: list[int] = given["link"]
    groups = tuple(Group(edge, tuple(players)) for edge, players in given["groups"])
    return Case(
        name="route rule's exact sweep, a hard position from selfplay",
        run=lambda: sweep_routes(link, groups),
        floor_name="json.loads of the position",
        floor=lambda: json.loads(json.dumps(given)),
        goal="< 50 ms",
    )


def _short_record_case() -> Case:
    """`meeple moves` on the first ten lines of tests' golden/rule_no_route.flows: 93
    bytes, a six-player game after nine moves (33 s until the sweep was pruned)."""
    text = "\n".join(SHORT_RECORD.read_text().splitlines()[:10]) + "\n"
    state = list(replay_text(text))[-1]
    return Case(
        name="legal moves (every tile type), 6 players, the 93-byte record",
        run=lambda: state._replace().legal_moves(),
        floor_name="regex pass over the text",
        floor=lambda: _MOVES.findall(text),
        goal="< 50 ms",
    )


def _many_positions_case() -> Case:
    """Every position of GAMES seeded random games (2, 3, 4 and 6 players), each legal
    list (every tile type) timed once on a fresh copy: the median, and the worst."""
    times: list[float] = []
    for seed in range(GAMES):
        rnd = random.Random(seed)
        state = State.initial((2, 3, 4, 6)[seed % 4])
        while not state.is_over:
            fresh = state._replace()
            start = time.perf_counter()
            legal = fresh.legal_moves()
            times.append(time.perf_counter() - start)
            state = fresh.play(rnd.choice(legal))
    position = json.dumps(state_json(mid_game(6)))
    worst = max(times)
    return Case(
        name=f"legal moves, {len(times)} positions of {GAMES} random games: median",
        run=lambda: None,
        floor_name="json.loads of a position",
        floor=lambda: json.loads(position),
        goal="< 50 ms, worst too",
        measured=statistics.median(times),
        extra=lambda _: f"worst {human(worst)}, {sum(t > 0.05 for t in times)} over 50 ms",
    )


def _ten_thousand_case() -> Case:
    """POSITIONS positions: every position of seeded random games (2, 3, 4, 5 and 6
    players in turn, each move chosen among the legal ones) until there are enough; each
    legal list (every tile type) timed once, in CPU time, on a fresh copy."""
    times: list[float] = []
    where: list[tuple[int, int]] = []  # (game seed, moves made) of each position
    seed = 0
    while len(times) < POSITIONS:
        rnd = random.Random(seed)
        state = State.initial((2, 3, 4, 5, 6)[seed % 5])
        while not state.is_over and len(times) < POSITIONS:
            fresh = state._replace()
            start = time.process_time()
            legal = fresh.legal_moves()
            times.append(time.process_time() - start)
            where.append((seed, len(state.placements)))
            state = fresh.play(rnd.choice(legal))
        seed += 1
    position = json.dumps(state_json(mid_game(6)))
    worst = max(range(len(times)), key=times.__getitem__)
    ranked = sorted(times)
    slow = sum(t > 0.05 for t in times)

    def extra(_: float) -> str:
        game, moves = where[worst]
        return (
            f"99th percentile {human(ranked[len(ranked) * 99 // 100])}, worst"
            f" {human(times[worst])} (game {game} after {moves} moves), {slow} over 50 ms"
        )

    return Case(
        name=f"legal moves, {len(times)} positions of {seed} random games: median (CPU)",
        run=lambda: None,
        floor_name="json.loads of a position",
        floor=lambda: json.loads(position),
        goal="< 50 ms, worst too",
        measured=statistics.median(times),
        extra=extra,
    )


MALFORMED = 20000
"""Lines of the record `check` reads with a problem on each (80,000 took 12.8 s when each
problem was located from the start of the text)."""


def _malformed_case() -> Case:
    """`meeple check` of a record whose every move names a hex P1's frame lacks."""
    text = "Game: 2-player\n" + "P1G1T0N\n" * MALFORMED
    flows = registry.get("flows")
    return Case(
        name=f"check a record of {MALFORMED} malformed lines",
        run=lambda: records.text_findings(text, "bad.flows", flows),
        floor_name="regex pass over the text",
        floor=lambda: _BAD_LINE.findall(text),
        repeat=5,
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
        _malformed_case(),
        _hard_sweep_case(),
        _short_record_case(),
        _many_positions_case(),
        _ten_thousand_case(),
    ]
