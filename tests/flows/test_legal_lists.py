"""Issue 28: the route rule's speed-ups change no verdict.

golden/legal_lists.json holds the legal lists (all tile types) of every position of 100
seeded random games of 2 to 6 players (3,524 positions), made by
tools/flows_legal_golden.py with the route rule as it was before the speed-ups (a digest
of each list, and its length). Every position is listed again here on a fresh copy
(which works everything out afresh), and every fifth also as reached by play (witnesses
handed on). The default run takes every fifth game; `make fuzz` (marked slow) all.

A property test also compares every verdict of a legal list, which reuses routes met
while listing and proves 'no' by cuts first, with the plain question asked afresh for
each placement.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.flows.board import CELLS, DEFAULT_HOME_EDGES
from meeple.flows.links import EMPTY, PAIRING, groups_of, links_of, rejoin, relinked
from meeple.flows.model import Move, NoPlacement
from meeple.flows.routes import PlacementRule, find_routes
from meeple.flows.rules import State
from tests.budget import examples

from .test_sweep import _check_routes

GOLDEN = Path(__file__).parent / "golden" / "legal_lists.json"
GAMES: list[dict[str, Any]] = json.loads(GOLDEN.read_text())["games"]


def _digest(moves: list[Move | NoPlacement]) -> str:
    """As tools/flows_legal_golden.py digests a legal list."""
    text = " ".join(str(move) for move in moves)
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def _move(state: State, code: int) -> Move | NoPlacement:
    """A move from its number in the golden file (cell * 24 + tile * 6 + rotation)."""
    if code < 0:
        return NoPlacement((state.seat + 1), -1 - code)
    cell, rest = divmod(code, 24)
    return Move((state.seat + 1), CELLS[cell], *divmod(rest, 6))


def _replay_and_compare(game: dict[str, Any]) -> None:
    state = State.initial(game["players"])
    for index, (code, (count, digest)) in enumerate(zip(game["moves"], game["lists"], strict=True)):
        legal = state._replace().legal_moves()
        where = f"game {game['seed']} after {index} moves"
        assert (len(legal), _digest(legal)) == (count, digest), where
        if index % 5 == 0:
            assert _digest(state.legal_moves()) == digest, where + " (reached by play)"
        state = state.play(_move(state, code))
    assert state.is_over


@pytest.mark.parametrize("game", GAMES[::5], ids=lambda game: str(game["seed"]))
def test_legal_lists_are_those_of_the_route_rule_before_issue_28(game: dict[str, Any]) -> None:
    _replay_and_compare(game)


@pytest.mark.slow
@pytest.mark.parametrize(
    "game", [g for i, g in enumerate(GAMES) if i % 5], ids=lambda game: str(game["seed"])
)
def test_legal_lists_of_every_golden_game(game: dict[str, Any]) -> None:
    _replay_and_compare(game)


def _random_position(seed: int, players: int, tiles: int) -> State | None:
    """A position of `tiles` tiles placed at random (each a legal placement), in play."""
    rnd = random.Random(seed)
    state = State.initial(players)
    while len(state.placements) < tiles and not state.is_over:
        empty = [cell for cell in range(len(CELLS)) if state.board[cell] == EMPTY]
        cell, code = rnd.choice(empty), rnd.randrange(24)
        move = Move((state.seat + 1), CELLS[cell], *divmod(code, 6))
        if state.is_legal(move):
            state = state.play(move)
    return None if state.is_over else state._replace()


@settings(max_examples=examples(10), deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(sorted(DEFAULT_HOME_EDGES)), st.integers(4, 30))
def test_every_verdict_of_a_list_is_the_plain_questions(
    seed: int, players: int, tiles: int
) -> None:
    """Each placement of every tile type: the list's verdict (routes met while listing,
    cuts) against a win check and a fresh search of the position after it; each
    placement's routes are routes of the position after it; and every set of
    routes the list kept is a set of routes of the position."""
    state = _random_position(seed, players, tiles)
    if state is None:
        return
    groups = groups_of(DEFAULT_HOME_EDGES[players])
    link = links_of(state.board)
    rule = PlacementRule(state.board, groups)
    for cell in range(len(CELLS)):
        if state.board[cell] != EMPTY:
            continue
        for tile in range(4):
            allowed = rule.legal_rotations(cell, tile)
            for rotation in range(6):
                pairing = PAIRING[tile * 6 + rotation]
                override = rejoin(link, cell, pairing)
                expected = rule._wins(override) or (
                    find_routes(relinked(link, cell, override), groups) is not None
                )
                assert (rotation in allowed) == expected, (cell, tile, rotation)
                after = rule.place(cell, tile * 6 + rotation)  # rerouted, maybe
                if after:  # () for a win
                    _check_routes(relinked(link, cell, override), groups, after)
    kept = {id(r): r for r in rule._avoiding.values()}
    for crossings in rule._crossing.values():
        kept.update((id(r), r) for r in crossings.values())
    assert set(kept) <= {id(r) for r, _ in rule._known}
    for routes, _ in rule._known:
        _check_routes(link, groups, routes)
