"""Corners and seats (issue 16): a table of positions reasoned from the rule, not from
any engine's output, and properties of random playouts.

The rule (docs/formats/flows.md, "Edges and corners"): corner k of the board is the hex
where edge k meets edge k+1 (edges clockwise from the bottom: 0 bottom, 1 lower-left,
2 upper-left, 3 top, 4 upper-right, 5 lower-right). Its three off-board sides are k-1,
k and k+1 (sides SW 0, W 1, NW 2, NE 3, E 4, SE 5); the middle side k and side k-1
belong to edge k, side k+1 to edge k+1. A flow starts only at sides of its player's home
edge; it reaches the target only at a side that belongs to the target edge.

Every expectation below was worked out by hand from that rule and the seed's tile paths
(T0 N: SW-NW, NE-SE, W-E; T1 N: SW-SE, NW-E, W-NE; a tile turned k sixths adds k to
each side). Labels are the seed's frames (docs/formats/flows.md's table).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.flows import State, replay_text
from meeple.flows.board import (
    CELLS,
    EDGE_INDEX,
    EDGE_NAMES,
    edge_of_slot,
    edge_slots,
    on_board,
    opposite_edge,
    side_step,
)
from meeple.flows.model import side_pairing
from meeple.hexgrid import Hex
from tests.budget import examples

SIDE = {name: i for i, name in enumerate(("SW", "W", "NW", "NE", "E", "SE"))}

Path = tuple[Hex, int, int]
End = tuple[Hex, int]


def path(row: int, col: int, sides: str) -> Path:
    """A placed path written like `(0, 0, "SW-NW")`, as Flow.paths holds it (a < b)."""
    a, b = sorted(SIDE[name] for name in sides.split("-"))
    return (Hex(row, col), a, b)


def end(row: int, col: int, side: str) -> End:
    return (Hex(row, col), SIDE[side])


# -- the corners, written out by hand ----------------------------------------------

# Each corner hex: its three off-board sides and the edge each belongs to. The middle
# side is listed second.
CORNERS: dict[Hex, dict[str, str]] = {
    Hex(0, 0): {"SE": "bottom", "SW": "bottom", "W": "lower-left"},
    Hex(3, 0): {"SW": "lower-left", "W": "lower-left", "NW": "upper-left"},
    Hex(6, 3): {"W": "upper-left", "NW": "upper-left", "NE": "top"},
    Hex(6, 6): {"NW": "top", "NE": "top", "E": "upper-right"},
    Hex(3, 6): {"NE": "upper-right", "E": "upper-right", "SE": "lower-right"},
    Hex(0, 3): {"E": "lower-right", "SE": "lower-right", "SW": "bottom"},
}


@pytest.mark.parametrize("corner", CORNERS)
def test_each_corner_side_belongs_to_the_edge_drawn_in_the_docs(corner: Hex) -> None:
    off = {side for side in range(6) if not on_board(side_step(corner, side))}
    assert off == {SIDE[name] for name in CORNERS[corner]}
    for name, edge in CORNERS[corner].items():
        assert edge_of_slot(corner, SIDE[name]) == EDGE_INDEX[edge], (corner, name)
        assert (corner, SIDE[name]) in edge_slots(EDGE_INDEX[edge])


def test_every_edge_owns_seven_of_the_42_off_board_sides() -> None:
    owned = [edge_slots(edge) for edge in range(6)]
    assert [len(slots) for slots in owned] == [7] * 6
    every = [slot for slots in owned for slot in slots]
    assert len(set(every)) == 42
    off_board = {
        (hex_, side) for hex_ in CELLS for side in range(6) if not on_board(side_step(hex_, side))
    }
    assert set(every) == off_board
    for edge, slots in enumerate(owned):
        # side e of each of the edge's four hexes, side e-1 of three of them
        sides = sorted(side for _, side in slots)
        assert sides == sorted([edge] * 4 + [(edge + 5) % 6] * 3), EDGE_NAMES[edge]


# -- seatings ------------------------------------------------------------------------


class Seating(NamedTuple):
    header: str
    edges: tuple[str, ...]  # home edge of P1, P2, ...


SEATINGS = {
    "2p": Seating("Game: 2-player", ("bottom", "upper-right")),
    "3p": Seating("Game: 3-player", ("bottom", "upper-right", "upper-left")),
    "face": Seating("Game: 2-player, seats: P1 bottom, P2 top", ("bottom", "top")),
    "6p": Seating(
        "Game: 6-player",
        ("bottom", "upper-right", "upper-left", "top", "lower-left", "lower-right"),
    ),
}


@pytest.mark.parametrize("key", SEATINGS)
def test_the_seating_is_the_documented_one(key: str) -> None:
    header, edges = SEATINGS[key]
    (start,) = replay_text(header + "\n")
    assert start.home_edges == tuple(EDGE_INDEX[edge] for edge in edges)


# -- expected flows --------------------------------------------------------------------


class Expect(NamedTuple):
    """The flow of the player seated on one edge."""

    paths: frozenset[Path] = frozenset()
    ends: frozenset[End] = frozenset()
    reached: bool = False


def expect(paths: Iterable[Path] = (), ends: Iterable[End] = (), reached: bool = False) -> Expect:
    return Expect(frozenset(paths), frozenset(ends), reached)


NOTHING = expect()


def check_flows(state: State, edges: tuple[str, ...], by_edge: dict[str, Expect]) -> None:
    for flow, edge in zip(state.flows, edges, strict=True):
        want = by_edge.get(edge, NOTHING)
        got = Expect(frozenset(flow.paths), frozenset(flow.ends), flow.reached)
        assert got == want, f"P{flow.player} ({edge})"


def final_state(header: str, moves: str) -> State:
    *_, last = replay_text(header + "\n" + "\n".join(moves.split()) + "\n")
    return last


# One tile at a corner, placed by P1. `T0` turned k sixths at corner k takes each of its
# three off-board sides inwards: the middle side's path belongs to edge k's player only.
# `T1` turned k+4 sixths joins the two outer off-board sides (one of each edge) and takes
# the middle side inwards.
ONE_TILE: list[tuple[str, dict[str, Expect]]] = [
    (
        "P1A1T0N",
        {
            "bottom": expect([path(0, 0, "SW-NW"), path(0, 0, "NE-SE")]),
            "lower-left": expect([path(0, 0, "W-E")]),
        },
    ),
    (
        "P1D1T0NE",
        {
            "lower-left": expect([path(3, 0, "W-NE"), path(3, 0, "SW-E")]),
            "upper-left": expect([path(3, 0, "NW-SE")]),
        },
    ),
    (
        "P1G4T0SE",
        {
            "upper-left": expect([path(6, 3, "NW-E"), path(6, 3, "W-SE")]),
            "top": expect([path(6, 3, "SW-NE")]),
        },
    ),
    (
        "P1G7T0S",
        {
            "top": expect([path(6, 6, "NE-SE"), path(6, 6, "SW-NW")]),
            "upper-right": expect([path(6, 6, "W-E")]),
        },
    ),
    (
        "P1D7T0SW",
        {
            "upper-right": expect([path(3, 6, "SW-E"), path(3, 6, "W-NE")]),
            "lower-right": expect([path(3, 6, "NW-SE")]),
        },
    ),
    (
        "P1A4T0NW",
        {
            "lower-right": expect([path(0, 3, "W-SE"), path(0, 3, "NW-E")]),
            "bottom": expect([path(0, 3, "SW-NE")]),
        },
    ),
    (
        "P1A1T1SW",
        {
            "bottom": expect([path(0, 0, "SW-NW"), path(0, 0, "W-SE")], [end(0, 0, "W")]),
            "lower-left": expect([path(0, 0, "W-SE")], [end(0, 0, "SE")]),
        },
    ),
    (
        "P1D1T1NW",
        {
            "lower-left": expect([path(3, 0, "W-NE"), path(3, 0, "SW-NW")], [end(3, 0, "NW")]),
            "upper-left": expect([path(3, 0, "SW-NW")], [end(3, 0, "SW")]),
        },
    ),
    (
        "P1G4T1N",
        {
            "upper-left": expect([path(6, 3, "W-NE"), path(6, 3, "NW-E")], [end(6, 3, "NE")]),
            "top": expect([path(6, 3, "W-NE")], [end(6, 3, "W")]),
        },
    ),
    (
        "P1G7T1NE",
        {
            "top": expect([path(6, 6, "NW-E"), path(6, 6, "NE-SE")], [end(6, 6, "E")]),
            "upper-right": expect([path(6, 6, "NW-E")], [end(6, 6, "NW")]),
        },
    ),
    (
        "P1D7T1SE",
        {
            "upper-right": expect([path(3, 6, "NE-SE"), path(3, 6, "SW-E")], [end(3, 6, "SE")]),
            "lower-right": expect([path(3, 6, "NE-SE")], [end(3, 6, "NE")]),
        },
    ),
    (
        "P1A4T1S",
        {
            "lower-right": expect([path(0, 3, "SW-E"), path(0, 3, "W-SE")], [end(0, 3, "SW")]),
            "bottom": expect([path(0, 3, "SW-E")], [end(0, 3, "E")]),
        },
    ),
]


@pytest.mark.parametrize("key", SEATINGS)
@pytest.mark.parametrize(("move", "by_edge"), ONE_TILE, ids=[move for move, _ in ONE_TILE])
def test_one_tile_at_a_corner(key: str, move: str, by_edge: dict[str, Expect]) -> None:
    header, edges = SEATINGS[key]
    state = final_state(header, move)
    check_flows(state, edges, by_edge)
    assert state.status == "playing"
    assert state.winners == ()
    # One tile on the board leaves every group routes around any hex, so every
    # placement is legal: 36 empty hexes, six rotations each.
    for tile in range(4):
        assert len(state.legal_placements(tile)) == 36 * 6


def test_the_middle_side_is_one_players_not_both_neighbours() -> None:
    """Six players: every corner has a player on each of its two edges."""
    header, edges = SEATINGS["6p"]
    for move, by_edge in ONE_TILE[:6]:
        state = final_state(header, move)
        corner = next(c for c in CORNERS if state.at(c) is not None)
        middle = list(CORNERS[corner])[1]
        owner = EDGE_INDEX[CORNERS[corner][middle]]
        carriers = [
            edges[flow.player - 1]
            for flow in state.flows
            if any(h == corner and SIDE[middle] in (a, b) for h, a, b in flow.paths)
        ]
        assert carriers == [EDGE_NAMES[owner]], move
        assert set(by_edge) == set(CORNERS[corner].values())


# -- chains across the board ------------------------------------------------------------


def chain(cells: Iterable[tuple[int, int]], sides: str) -> list[Path]:
    return [path(row, col, sides) for row, col in cells]


DIAGONAL = [(i, i) for i in range(7)]
ROW_3 = [(3, i) for i in range(7)]
COLUMN_3 = [(i, 3) for i in range(7)]


class Line(NamedTuple):
    moves: dict[str, str]  # seating key -> the record's moves
    by_edge: dict[str, Expect]
    results: dict[str, tuple[str, tuple[int, ...], str]]  # seating -> status, winners, text


# Seven straight T0s through the centre join the middle sides of two opposite corners,
# and the three lines belong to the three axes, each to one only.
LINES: dict[str, Line] = {
    # (0,0) SW (bottom's middle side) to (6,6) NE (top's middle side), T0 NW: SW-NE
    # straight, W-SE and NW-E; at (0,0) W-SE joins lower-left to bottom, at (6,6) NW-E
    # joins top to upper-right.
    "diagonal": Line(
        {
            "2p": "P1A1T0NW P2F2T0NW P1C3T0NW P2D4T0NW P1E5T0NW P2B6T0NW P1G7T0NW",
            "3p": "P1A1T0NW P2F2T0NW P3D5T0NW P1D4T0NW P2C5T0NW P3D2T0NW P1G7T0NW",
            "face": "P1A1T0NW P2F2T0NW P1C3T0NW P2D4T0NW P1E5T0NW P2B6T0NW P1G7T0NW",
            "6p": "P1A1T0NW P2F2T0NW P3D5T0NW P4D4T0NW P5E4T0NW P6B4T0NW P1G7T0NW",
        },
        {
            "bottom": expect(
                [*chain(DIAGONAL, "SW-NE"), path(0, 0, "W-SE")],
                [end(0, 0, "W"), end(6, 6, "NE")],
                reached=True,
            ),
            "lower-left": expect([path(0, 0, "W-SE")], [end(0, 0, "SE")]),
            "top": expect(
                [*chain(DIAGONAL, "SW-NE"), path(6, 6, "NW-E")],
                [end(0, 0, "SW"), end(6, 6, "E")],
                reached=True,
            ),
            "upper-right": expect([path(6, 6, "NW-E")], [end(6, 6, "NW")]),
        },
        {
            "2p": ("won", (1,), "P1 wins"),
            "3p": ("won", (1,), "P1 wins"),
            "face": ("tie", (1, 2), "tie: P1, P2 complete on the same placement"),
            "6p": ("won", (1, 4), "P1 and P4 win together"),
        },
    ),
    # (3,0) W (lower-left's middle side) to (3,6) E (upper-right's), T0 N: W-E straight,
    # SW-NW and NE-SE; at (3,0) SW-NW joins lower-left to upper-left, at (3,6) NE-SE
    # joins upper-right to lower-right. P1 places the last tile; P2 wins by it.
    "row": Line(
        {
            "2p": "P1D1T0N P2D2T0N P1D3T0N P2D4T0N P1D5T0N P2D6T0N P1D7T0N",
            "3p": "P1D1T0N P2D2T0N P3C4T0N P1D4T0N P2D5T0N P3F4T0N P1D7T0N",
            "face": "P1D1T0N P2D2T0N P1D3T0N P2D4T0N P1D5T0N P2D6T0N P1D7T0N",
            "6p": "P1D1T0N P2D2T0N P3C4T0N P4D4T0N P5E5T0N P6B2T0N P1D7T0N",
        },
        {
            "lower-left": expect(
                [*chain(ROW_3, "W-E"), path(3, 0, "SW-NW")],
                [end(3, 6, "E"), end(3, 0, "NW")],
                reached=True,
            ),
            "upper-left": expect([path(3, 0, "SW-NW")], [end(3, 0, "SW")]),
            "upper-right": expect(
                [*chain(ROW_3, "W-E"), path(3, 6, "NE-SE")],
                [end(3, 0, "W"), end(3, 6, "SE")],
                reached=True,
            ),
            "lower-right": expect([path(3, 6, "NE-SE")], [end(3, 6, "NE")]),
        },
        {
            "2p": ("won", (2,), "P2 wins"),
            "3p": ("won", (2,), "P2 wins"),
            "face": ("playing", (), "in play: P2 to move"),
            "6p": ("won", (2, 5), "P2 and P5 win together"),
        },
    ),
    # (0,3) SE (lower-right's middle side) to (6,3) NW (upper-left's), T0 NE: NW-SE
    # straight, W-NE and SW-E; at (0,3) SW-E joins bottom to lower-right, at (6,3) W-NE
    # joins upper-left to top. P1 at the bottom does not get the chain: (0,3) SE is not
    # the bottom's.
    "column": Line(
        {
            "2p": "P1A4T0NE P2F4T0NE P1C4T0NE P2D4T0NE P1E4T0NE P2B4T0NE P1G4T0NE",
            "3p": "P1A4T0NE P2F4T0NE P3E5T0NE P1D4T0NE P2C4T0NE P3B2T0NE P1G4T0NE",
            "face": "P1A4T0NE P2F4T0NE P1C4T0NE P2D4T0NE P1E4T0NE P2B4T0NE P1G4T0NE",
            "6p": "P1A4T0NE P2F4T0NE P3E5T0NE P4D4T0NE P5D3T0NE P6D6T0NE P1G4T0NE",
        },
        {
            "lower-right": expect(
                [*chain(COLUMN_3, "NW-SE"), path(0, 3, "SW-E")],
                [end(6, 3, "NW"), end(0, 3, "SW")],
                reached=True,
            ),
            "bottom": expect([path(0, 3, "SW-E")], [end(0, 3, "E")]),
            "upper-left": expect(
                [*chain(COLUMN_3, "NW-SE"), path(6, 3, "W-NE")],
                [end(0, 3, "SE"), end(6, 3, "NE")],
                reached=True,
            ),
            "top": expect([path(6, 3, "W-NE")], [end(6, 3, "W")]),
        },
        {
            "2p": ("playing", (), "in play: P2 to move"),
            "3p": ("won", (3,), "P3 wins"),
            "face": ("playing", (), "in play: P2 to move"),
            "6p": ("won", (3, 6), "P3 and P6 win together"),
        },
    ),
    # P1's chain up column 3 from (0,3) SW (the bottom's) by a T0 N, ending at (6,3) NW:
    # the middle side of the upper-left/top corner is the upper-left's, so P1 has not
    # reached the top; the upper-left player's flow comes in there and runs down to the
    # bottom instead.
    "column to the upper-left's middle side": Line(
        {
            "2p": "P1A4T0N P2F4T0NE P1C4T0NE P2D4T0NE P1E4T0NE P2B4T0NE P1G4T0NE",
            "3p": "P1A4T0N P2F4T0NE P3E5T0NE P1D4T0NE P2C4T0NE P3B2T0NE P1G4T0NE",
            "face": "P1A4T0N P2F4T0NE P1C4T0NE P2D4T0NE P1E4T0NE P2B4T0NE P1G4T0NE",
        },
        {
            "bottom": expect(
                [path(0, 3, "SW-NW"), *chain(COLUMN_3[1:], "NW-SE")], [end(6, 3, "NW")]
            ),
            "lower-right": expect([path(0, 3, "W-E"), path(0, 3, "NE-SE")]),
            "upper-left": expect(
                [path(0, 3, "SW-NW"), *chain(COLUMN_3[1:], "NW-SE"), path(6, 3, "W-NE")],
                [end(0, 3, "SW"), end(6, 3, "NE")],
            ),
            "top": expect([path(6, 3, "W-NE")], [end(6, 3, "W")]),
        },
        {
            "2p": ("playing", (), "in play: P2 to move"),
            "3p": ("playing", (), "in play: P2 to move"),
            "face": ("playing", (), "in play: P2 to move"),
        },
    ),
    # The same chain turned at (6,3) by a T0 N (SE-NE) to leave by NE, the top's: P1
    # reaches the target.
    "column to the top's outer side": Line(
        {
            "2p": "P1A4T0N P2F4T0NE P1C4T0NE P2D4T0NE P1E4T0NE P2B4T0NE P1G4T0N",
            "3p": "P1A4T0N P2F4T0NE P3E5T0NE P1D4T0NE P2C4T0NE P3B2T0NE P1G4T0N",
            "face": "P1A4T0N P2F4T0NE P1C4T0NE P2D4T0NE P1E4T0NE P2B4T0NE P1G4T0N",
        },
        {
            "bottom": expect(
                [path(0, 3, "SW-NW"), *chain(COLUMN_3[1:6], "NW-SE"), path(6, 3, "NE-SE")],
                [end(6, 3, "NE")],
                reached=True,
            ),
            "lower-right": expect([path(0, 3, "W-E"), path(0, 3, "NE-SE")]),
            "upper-left": expect([path(6, 3, "SW-NW"), path(6, 3, "W-E")]),
            "top": expect(
                [path(0, 3, "SW-NW"), *chain(COLUMN_3[1:6], "NW-SE"), path(6, 3, "NE-SE")],
                [end(0, 3, "SW")],
                reached=True,
            ),
        },
        {
            "2p": ("won", (1,), "P1 wins"),
            "3p": ("won", (1,), "P1 wins"),
            "face": ("tie", (1, 2), "tie: P1, P2 complete on the same placement"),
        },
    ),
}

LINE_CASES = [(name, key) for name, line in LINES.items() for key in line.moves]

# Positions still in play where every placement is legal by reasoning: the one route
# group (bottom to top) crosses the line of tiles by a tile's crossing path, and two
# routes sharing no hex exist (row 3: (0,0) (1,0) (2,0), across (3,1), (4,1) (5,2) (6,3);
# and (0,2) (1,2) (2,3), across (3,4), (4,4) (5,5) (6,6). Column 3: (0,1) (1,1) (2,2),
# across (2,3), (3,4) (4,5) (5,6) (6,6); and (0,0) (1,0) (2,1) (3,2) (4,2), across
# (4,3), (5,4) (6,4)), so one of them avoids any hex a tile goes on: 30 empty hexes, six
# rotations each.
ALL_LEGAL = {("row", "face"), ("column", "face")}


@pytest.mark.parametrize(("name", "key"), LINE_CASES)
def test_a_line_through_the_centre(name: str, key: str) -> None:
    line = LINES[name]
    header, edges = SEATINGS[key]
    state = final_state(header, line.moves[key])
    assert len(state.placements) == 7
    check_flows(state, edges, line.by_edge)
    status, winners, text = line.results[key]
    assert (state.status, state.winners, state.result_text) == (status, winners, text)
    if state.is_over:
        assert all(state.legal_placements(tile) == [] for tile in range(4))
    elif (name, key) in ALL_LEGAL:
        assert all(len(state.legal_placements(tile)) == 30 * 6 for tile in range(4))


# -- properties of random playouts ---------------------------------------------------------


def traced(state: State, player: int) -> tuple[set[Path], set[End]]:
    """A player's flow worked out afresh: from each side of the home edge along placed
    paths until an empty hex or the board's rim."""
    paths: set[Path] = set()
    ends: set[End] = set()
    for hex_, side in edge_slots(state.home_edges[player - 1]):
        while (tile := state.at(hex_)) is not None:
            out = side_pairing(*tile)[side]
            paths.add((hex_, min(side, out), max(side, out)))
            nxt = side_step(hex_, out)
            if not on_board(nxt):
                ends.add((hex_, out))
                break
            hex_, side = nxt, (out + 3) % 6
    return paths, ends


@st.composite
def playouts(draw: st.DrawFn) -> State:
    players = draw(st.sampled_from((2, 3)))
    state = State.initial(players)
    for _ in range(draw(st.integers(0, 10))):
        if state.is_over:
            break
        tile = draw(st.sampled_from([t for t in range(4) if state.bag[t]]))
        legal = state.legal_placements(tile)
        if not legal:
            break
        state = state.play(legal[draw(st.integers(0, len(legal) - 1))])
    return state


@settings(max_examples=examples(25), deadline=None)
@given(playouts())
def test_flows_start_only_on_the_home_edge_and_reach_only_the_target(state: State) -> None:
    for flow in state.flows:
        home = state.home_edges[flow.player - 1]
        target = opposite_edge(home)
        paths, ends = traced(state, flow.player)
        assert set(flow.paths) == paths
        assert set(flow.ends) == ends
        for hex_, a, b in flow.paths:
            for side in (a, b):
                edge = edge_of_slot(hex_, side)
                # an off-board side on the flow is where it starts (home) or leaves by
                assert edge in (-1, home) or (hex_, side) in flow.ends
        assert all(edge_of_slot(hex_, side) >= 0 for hex_, side in flow.ends)
        assert flow.reached == any(edge_of_slot(h, s) == target for h, s in flow.ends)
        assert (flow.player in state.winners) == flow.reached
