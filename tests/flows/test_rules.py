"""The rules engine: placements, flows, victory and ties, the route rule, legal lists."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.errors import RuleError
from meeple.flows import notation, replay_text
from meeple.flows.board import CELL_INDEX, CELLS, DEFAULT_HOME_EDGES, NEIGHBOUR, SLOT_EDGE
from meeple.flows.model import Move, NoPlacement, side_pairing
from meeple.flows.rules import State, seat_order, team_of
from meeple.hexgrid import Hex
from tests.budget import examples

from . import oracle

GOLDEN = Path(__file__).parent / "golden"
NO_ROUTE = "P2 and P5 (upper-right to lower-left) would have no route left"


def _play(state: State, placements: list[tuple[Hex, int, int]]) -> State:
    for hex_, tile, rotation in placements:
        state = state.play(Move(_mover(state), hex_, tile, rotation))
    return state


# Row 3 of W-E paths: from (3,0) W, the lower-left's side of that corner, to (3,6) E,
# the upper-right's.
ROW_THREE = [(Hex(3, c), 0, 0) for c in range(7)]
# A zigzag of T0 N tiles from (0,0) SW (the bottom's) up to (6,3) NW, the middle side of
# the top-left corner, which belongs to the upper-left edge, not to the top.
ZIGZAG = [(Hex(r, c), 0, 0) for r, c in ((0, 0), (1, 0), (2, 1), (3, 1), (4, 2), (5, 2), (6, 3))]


def random_state(seed: int, players: int, moves: int) -> State:
    rnd = random.Random(seed)
    state = State.initial(players)
    while not state.is_over and len(state.placements) < moves:
        tile = rnd.choice([t for t in range(4) if state.bag[t]])
        legal = state.legal_placements(tile)
        if not legal:
            break
        state = state.play(rnd.choice(legal))
    return state


def test_row_of_straight_paths_wins_for_p2_whoever_places_the_last_tile() -> None:
    state = _play(State.initial(3), ROW_THREE[:-1])
    assert not state.is_over
    final = _play(state, ROW_THREE[-1:])
    assert final.placements[-1].player == 1
    assert final.winners == (2,)  # P2 sits upper-right and plays to the lower-left
    assert final.result_text == "P2 wins"
    flow = final.flows[1]
    assert flow.reached
    assert {(Hex(3, c), 1, 4) for c in range(7)} <= set(flow.paths)
    # (3,6)'s NE-SE path joins two off-board sides, NE on P2's edge: the flow runs there too.
    assert (Hex(3, 6), 3, 5) in flow.paths
    assert not final.flows[2].reached  # P3 (upper-left) touches the row only at (3,0) NW


def test_a_corner_side_counts_for_the_edge_that_owns_it() -> None:
    # The zigzag ends at (6,3) NW: the upper-left's side, so P1 (bottom) has not arrived.
    state = _play(State.initial(2), ZIGZAG)
    assert not state.is_over
    assert state.flows[0].ends == ((Hex(6, 3), 2),) and not state.flows[0].reached


def test_two_player_games_are_won_by_one_player() -> None:
    # A tie needs both players to complete on the same placement, on two different chains.
    finals = [_random_finish(seed, State.initial(2)) for seed in range(12)]
    assert sum(final.status == "won" for final in finals) > len(finals) // 2
    for final in finals:
        reached = {flow.player for flow in final.flows if flow.reached}
        if final.status == "tie":
            assert reached == {1, 2} == set(final.winners)
        elif final.stuck is None:
            assert reached == set(final.winners) and len(reached) == 1


def test_rivals_seated_face_to_face_complete_together() -> None:
    # A record may seat P1 bottom and P2 top: any chain joining them carries both flows.
    for seed in range(6):
        final = _random_finish(seed, State.initial(2, (0, 3)))
        if final.stuck is None:
            assert final.winners == (1, 2)
            assert final.result_text == "tie: P1, P2 complete on the same placement"


def test_partners_win_together_and_two_teams_at_once_tie() -> None:
    final = _play(State.initial(4), ROW_THREE)  # lower-left to upper-right: P2 and P4
    assert final.result_text == "P2 and P4 win together" and final.status == "won"
    assert team_of(2, DEFAULT_HOME_EDGES[4]) == (2, 4) and team_of(1, DEFAULT_HOME_EDGES[4]) == (
        1,
        3,
    )
    # A seeded four-player game whose last tile completes both teams' chains at once.
    tied = _random_finish(2, State.initial(4))
    assert tied.result_text == "tie: P1 and P3, P2 and P4 complete on the same placement"
    assert tied.status == "tie" and tied.winners == (1, 2, 3, 4)
    assert all(flow.reached for flow in tied.flows)


def _random_finish(seed: int, state: State) -> State:
    rnd = random.Random(seed)
    while not state.is_over:
        tile = rnd.choice([t for t in range(4) if state.bag[t]])
        legal = state.legal_placements(tile)
        state = (
            state.play(rnd.choice(legal))
            if legal
            else state.play(NoPlacement((state.seat + 1), tile))
        )
    return state


def test_flows_update_for_every_player_after_any_placement() -> None:
    state = _play(State.initial(2), ZIGZAG[:1])  # P1 places at (0,0)
    p1, p2 = state.flows
    assert (Hex(0, 0), 0, 2) in p1.paths and p2.paths == ()
    # P2 at the top-right corner: of (6,6)'s off-board sides only E is the upper-right's
    # (NE is the top's), so P2's flow takes the W-E path and not NE-SE.
    state = _play(state, [(Hex(6, 6), 0, 0)])
    assert state.flows[1].paths == ((Hex(6, 6), 1, 4),)
    state = _play(state, ZIGZAG[1:3])
    assert {(h, a, b) for h, a, b in state.flows[0].paths} >= {
        (Hex(1, 0), 3, 5),
        (Hex(2, 1), 0, 2),
    }


@pytest.mark.parametrize(
    ("moves", "message"),
    [
        ([Move(2, Hex(0, 0), 0, 0)], "it is P1's turn, not P2's"),
        ([Move(3, Hex(0, 0), 0, 0)], "there is no P3 in a 2-player game"),
        ([Move(1, Hex(0, 0), 0, 0), Move(2, Hex(0, 0), 1, 0)], "already filled by P1A1"),
    ],
)
def test_basic_rules(moves: list[Move], message: str) -> None:
    state = State.initial(2)
    with pytest.raises(RuleError) as caught:
        for move in moves:
            state = state.play(move)
    assert message in caught.value.message


def test_no_move_after_the_game_ends() -> None:
    final = _play(State.initial(3), ROW_THREE)
    with pytest.raises(RuleError, match="the game is over"):
        final.play(Move(1, Hex(0, 0), 0, 0))
    assert final.legal_placements(0) == []


def test_bag_holds_ten_of_each_type() -> None:
    for seed in range(50):
        rnd = random.Random(seed)
        state = State.initial(6)
        while not state.is_over and state.bag[0] > 0:
            state = state.play(rnd.choice(state.legal_placements(0)))
        if not state.is_over:
            break
    assert state.bag[0] == 0 and not state.is_over
    empty = next(h for h in CELLS if state.at(h) is None)
    with pytest.raises(RuleError, match="no T0 is left in the bag"):
        state.play(Move(_mover(state), empty, 0, 0))
    assert state.legal_placements(0) == []


def test_five_players_the_one_alone_takes_the_missing_partners_turn() -> None:
    assert seat_order(DEFAULT_HOME_EDGES[5]) == (1, 2, 3, 4, 5, 5)
    assert seat_order(DEFAULT_HOME_EDGES[2]) == (1, 2)
    # Seated otherwise by a record's header: P2 is the one without a partner.
    assert seat_order((0, 1, 3, 2, 5)) == (1, 2, 3, 4, 5, 2)


def test_seating_rules() -> None:
    with pytest.raises(RuleError, match="partners sit opposite"):
        State.initial(4, (0, 1, 2, 3))
    with pytest.raises(RuleError, match="share a home edge"):
        State.initial(2, (0, 0))


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("rule_no_route.flows", NO_ROUTE),
        ("rule_shared_route.flows", "would be forced to share one route"),
    ],
)
def test_route_rule_scenarios(name: str, message: str) -> None:
    text = (GOLDEN / name).read_text(encoding="utf-8")
    with pytest.raises(RuleError) as caught:
        for _ in replay_text(text, name):
            pass
    assert caught.value.line == len(text.splitlines())
    assert message in caught.value.message
    states = list(replay_text("".join(text.splitlines(keepends=True)[:-1])))
    move = notation.parse(text).moves[-1]
    if "no route" in message:
        assert oracle.verdict(states[-1], CELL_INDEX[move.hex], move.tile, move.rotation) == (
            "no route"
        )
    else:  # each group alone still has a route: only sharing is in the way
        assert oracle.verdict(states[-1], CELL_INDEX[move.hex], move.tile, move.rotation) in (
            "shared",
            "unknown",
        )
    assert move not in states[-1].legal_placements(move.tile)


def test_drawer_wins_when_the_drawn_tile_has_no_legal_placement() -> None:
    for seed in range(60):
        state = random_state(seed, 5, 40)
        stuck = [t for t in range(4) if state.bag[t] and not state.is_over]
        stuck = [t for t in stuck if not state.legal_placements(t)]
        if stuck:
            break
    else:
        pytest.fail("no stuck position found")
    final = state.play(NoPlacement((state.seat + 1), stuck[0]))
    assert final.winners == (state.to_move,)
    assert "has no legal placement" in final.result_text
    playable = next(t for t in range(4) if State.initial(2).legal_placements(t))
    with pytest.raises(RuleError, match="must place it"):
        State.initial(2).play(NoPlacement(1, playable))


def _check_flow_follows_paths(state: State) -> None:
    for flow in state.flows:
        covered = set(flow.paths)
        for hex_, a, b in covered:
            tile = state.at(hex_)
            assert tile is not None and side_pairing(*tile)[a] == b
            for side in (a, b):
                cell = CELL_INDEX[hex_]
                nxt = NEIGHBOUR[cell][side]
                if nxt < 0:
                    continue
                across = state.at(CELLS[nxt])
                if across is None:
                    continue  # the flow stops at an empty hex
                entry = (side + 3) % 6
                out = side_pairing(*across)[entry]
                assert (CELLS[nxt], min(entry, out), max(entry, out)) in covered
        starts = {
            (CELLS[c], s)
            for c in range(len(CELLS))
            for s in range(6)
            if SLOT_EDGE[c][s] == state.home_edge(flow.player)
        }
        for hex_, side in flow.ends:
            assert NEIGHBOUR[CELL_INDEX[hex_]][side] < 0
        if covered:
            assert any((h, a) in starts or (h, b) in starts for h, a, b in covered), (
                "a flow starts on its home edge"
            )


@given(st.integers(0, 10**6), st.integers(2, 6), st.integers(0, 37))
def test_flows_never_cross_a_tile_except_along_its_paths(
    seed: int, players: int, tiles: int
) -> None:
    # Flows follow paths whatever the rules allowed, so any board will do: random tiles
    # on random hexes, read by the default seating.
    rnd = random.Random(seed)
    filled = set(rnd.sample(range(len(CELLS)), tiles))
    board = tuple(rnd.randrange(24) if c in filled else -1 for c in range(len(CELLS)))
    _check_flow_follows_paths(
        State(player_count=players, home_edges=DEFAULT_HOME_EDGES[players], board=board)
    )


# Random legal games of every player count: a legal list takes a few milliseconds, and
# at most about 45 ms over the benchmark's 10,000 positions (docs/formats/flows.md).
PLAYERS = st.integers(2, 6)


@settings(max_examples=examples(10))  # every example plays a random legal game
@given(st.integers(0, 10**6), PLAYERS, st.integers(0, 24))
def test_flows_of_legal_games_follow_their_paths(seed: int, players: int, moves: int) -> None:
    _check_flow_follows_paths(random_state(seed, players, moves))


@settings(max_examples=examples(15))  # 222 placements checked one by one per example
@given(st.integers(0, 10**6), PLAYERS, st.integers(0, 24), st.integers(0, 3))
def test_legal_list_is_exactly_what_the_engine_accepts(
    seed: int, players: int, moves: int, tile: int
) -> None:
    state = random_state(seed, players, moves)
    listed = set(state.legal_placements(tile))
    for hex_ in CELLS:
        for rotation in range(6):
            move = Move(_mover(state), hex_, tile, rotation)
            assert state.is_legal(move) == (move in listed)


@settings(max_examples=examples(25), deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 6), st.integers(1, 3))
def test_route_rule_agrees_with_a_slow_independent_statement(
    seed: int, players: int, empty: int
) -> None:
    """On boards with few empty hexes, every placement against a brute-force filling."""
    rnd = random.Random(seed)
    holes = set(rnd.sample(range(len(CELLS)), empty + 1))
    board = tuple(-1 if c in holes else rnd.randrange(24) for c in range(len(CELLS)))
    state = State(player_count=players, home_edges=DEFAULT_HOME_EDGES[players], board=board)
    if any(flow.reached for flow in state.flows):
        return  # already over
    tile = rnd.randrange(4)
    listed = set(state.legal_placements(tile))
    for cell in holes:
        for rotation in range(6):
            accepted = Move(_mover(state), CELLS[cell], tile, rotation) in listed
            verdict = oracle.verdict(state, cell, tile, rotation)
            assert accepted == (verdict in ("win", "legal")), (cell, rotation, verdict)


@settings(max_examples=examples(12))  # every example plays a random legal game
@given(st.integers(0, 10**6), st.sampled_from([2, 3, 4]), st.integers(1, 30), st.integers(0, 3))
def test_a_position_reached_by_play_allows_what_a_fresh_one_allows(
    seed: int, players: int, moves: int, tile: int
) -> None:
    # A move leaves its position's routes with the state it makes (the next move starts
    # from them); a state built any other way searches for its own. Both must agree.
    state = random_state(seed, players, moves if players != 3 else min(moves, 12))
    fresh = state._replace()
    assert getattr(fresh, "_known_routes", None) is None
    listed = fresh.legal_placements(tile)
    assert state.legal_placements(tile) == listed
    for hex_ in CELLS:
        for rotation in range(6):
            move = Move(_mover(state), hex_, tile, rotation)
            assert state.is_legal(move) == (move in listed)


def test_a_listed_placement_plays_as_when_checked_and_others_are_still_checked() -> None:
    # A position keeps the placements it listed and the verdicts behind them, so `apply`
    # does not search those again (a search plays them thousands of times).
    for seed in range(4):
        state = random_state(seed, players=2, moves=12)
        if state.is_over:
            continue
        for tile in range(4):
            listed = state.legal_placements(tile)  # a copy of the state has listed nothing
            assert listed == state._replace().legal_placements(tile)
            for move in listed[:: max(1, len(listed) // 5)]:
                assert state.play(move) == state._replace().play(move)
            refused = [
                Move((state.seat + 1), hex_, tile, rotation)
                for hex_ in CELLS
                for rotation in range(6)
                if state.at(hex_) is None
                and Move((state.seat + 1), hex_, tile, rotation) not in listed
            ]
            for move in refused[:5]:
                with pytest.raises(RuleError):
                    state.play(move)


def test_evaluation_prefers_a_flow_nearer_its_target_and_not_blocked() -> None:
    """Greedy's and MCTS's heuristic: the tiles P1's flow still needs up the zigzag (from
    the bottom toward the top) count, and a tile that turns it off the board costs it."""
    states = [State.initial(2)]
    for placement in ZIGZAG:
        states.append(_play(states[-1], [placement]))
    for state in states:
        assert state.evaluate(1) + state.evaluate(2) == pytest.approx(1.0)
    # with P1 to move each time: six, four, two tiles of the zigzag placed
    assert states[6].evaluate(1) > states[4].evaluate(1) > states[2].evaluate(1) > 0.5
    # the seventh tile leads P1's flow off to the upper-left: worse than one tile before
    assert not states[7].is_over
    assert states[7].evaluate(1) < states[5].evaluate(1)


@settings(max_examples=examples(15), deadline=None)
@given(seed=st.integers(0, 2**31), players=st.sampled_from([2, 3, 6]))
def test_tiles_still_needed_fall_by_at_most_one_a_placement(seed: int, players: int) -> None:
    """meeple.flows.reach assumes every empty hex may link any two of its sides, so filling
    one hex can save at most that hex, never more; and while the game is in play every
    flow still needs a tile."""
    from meeple.flows.links import links_of
    from meeple.flows.reach import reach

    def needed(state: State) -> list[int]:
        link = links_of(state.board)
        players_ = range(1, state.player_count + 1)
        return [reach(link, state.home_edge(p), state.target_edge(p)).needed for p in players_]

    rng = random.Random(seed)
    state = State.initial(players)
    before = needed(state)
    while not state.is_over:
        tile = rng.choice([t for t in range(4) if state.bag[t]])
        legal = state.legal_placements(tile)
        if not legal:
            break
        state = state.play(rng.choice(legal))
        after = needed(state)
        assert all(now >= then - 1 for now, then in zip(after, before, strict=True))
        if not state.is_over:
            assert min(after) >= 1
        before = after


def _mover(state: State) -> int:
    assert state.to_move is not None, "the game is over"
    return state.to_move


@settings(max_examples=examples(20), deadline=None)
@given(seed=st.integers(0, 2**31), tiles=st.integers(0, 30))
def test_reach_after_a_tile_is_reach_of_the_position_it_makes(seed: int, tiles: int) -> None:
    """The bots judge a placement by `Reaches.after` without building its links: every
    flow's nearness is the one the links of the placed position give, for any tile on
    any empty hex (the route rule aside: a board of random tiles)."""
    from meeple.flows.links import EMPTY, PAIRING, links_of, rejoin, relinked
    from meeple.flows.reach import Reaches, reach

    rng = random.Random(seed)
    board = [EMPTY] * len(CELLS)
    for cell in rng.sample(range(len(CELLS)), tiles):
        board[cell] = rng.randrange(24)
    link = links_of(tuple(board))
    reaches = Reaches(link)
    for cell in (c for c in range(len(CELLS)) if board[c] == EMPTY):
        pairing = PAIRING[rng.randrange(24)]
        override = rejoin(link, cell, pairing)
        after, placed = reaches.after(cell, override), relinked(link, cell, override)
        for home in range(6):
            for target in range(6):
                assert after.reach(home, target) == reach(placed, home, target)
        assert reaches.reach(0, 3) == reach(link, 0, 3)  # the position itself unchanged
