"""Coordinates: the seed's tables, round trips in every frame, neighbours, edges."""

from __future__ import annotations

import pytest

from meeple.flows.board import (
    CELLS,
    DEFAULT_HOME_EDGES,
    EDGE_NAMES,
    MAX_PLAYERS,
    NEIGHBOUR,
    ROW_LETTERS,
    SLOT_EDGE,
    edge_hexes,
    edge_of_slot,
    edge_slots,
    hex_of_label,
    label_of_hex,
    on_board,
    side_step,
)
from meeple.hexgrid import Hex

# The seed's "Example Coordinates" table: internal (row, col) -> P1 and P2 labels.
SEED_EXAMPLES = [
    ((0, 0), "A1", "G1"),
    ((0, 3), "A4", "G4"),
    ((3, 3), "D4", "D4"),
    ((6, 3), "G4", "A4"),
    ((6, 6), "G7", "A7"),
]
# The seed's "Testing the Notation" table.
SEED_TESTS = [
    ("P1A1", (0, 0)),
    ("P1A4", (0, 3)),
    ("P1D4", (3, 3)),
    ("P2A4", (6, 3)),
    ("P2G1", (0, 0)),
]


@pytest.mark.parametrize(("internal", "p1", "p2"), SEED_EXAMPLES)
def test_seed_example_table(internal: tuple[int, int], p1: str, p2: str) -> None:
    assert label_of_hex(1, Hex(*internal)) == p1
    assert label_of_hex(2, Hex(*internal)) == p2
    assert hex_of_label(1, p1) == Hex(*internal)
    assert hex_of_label(2, p2) == Hex(*internal)


@pytest.mark.parametrize(("written", "internal"), SEED_TESTS)
def test_seed_testing_table(written: str, internal: tuple[int, int]) -> None:
    assert hex_of_label(int(written[1]), written[2:]) == Hex(*internal)


def test_board_has_the_seeds_37_hexes() -> None:
    assert len(CELLS) == 37
    assert all(0 <= h.x <= 6 and 0 <= h.y <= 6 and abs(h.x - h.y) <= 3 for h in CELLS)
    assert sum(on_board(Hex(r, c)) for r in range(-2, 10) for c in range(-2, 10)) == 37


@pytest.mark.parametrize("player", range(1, MAX_PLAYERS + 1))
def test_every_label_converts_both_ways(player: int) -> None:
    labels = {label_of_hex(player, hex_) for hex_ in CELLS}
    assert len(labels) == 37
    for hex_ in CELLS:
        assert hex_of_label(player, label_of_hex(player, hex_)) == hex_
    assert label_of_hex(player, Hex(3, 3)) == "D4"


def test_seed_drawings_of_p1_and_p2() -> None:
    p1_rows = {"A": "1234", "B": "12345", "D": "1234567", "G": "4567"}
    for letter, numbers in p1_rows.items():
        row = ROW_LETTERS.index(letter)
        assert [label_of_hex(1, h) for h in CELLS if h.x == row] == [letter + n for n in numbers]
    # P2's drawing: A4-A7 along the top row, G1-G4 along the bottom one.
    assert [label_of_hex(2, h) for h in CELLS if h.x == 6] == ["A4", "A5", "A6", "A7"]
    assert [label_of_hex(2, h) for h in CELLS if h.x == 0] == ["G1", "G2", "G3", "G4"]


def test_p3_row_a_is_the_upper_left_edge_numbered_from_its_left() -> None:
    row_a = [hex_of_label(3, f"A{n}") for n in range(1, 5)]
    assert row_a == [Hex(6, 3), Hex(5, 2), Hex(4, 1), Hex(3, 0)]
    # Row G is the opposite (lower-right) edge, as row G is for P1.
    assert {hex_of_label(3, f"G{n}") for n in range(4, 8)} == set(edge_hexes(5))


@pytest.mark.parametrize("player", range(1, MAX_PLAYERS + 1))
def test_rows_a_and_g_of_every_frame_are_opposite_edges(player: int) -> None:
    # Frames name hexes and never move with the seating: P1's row A is the bottom, P2's
    # the top (the seed's tables), P3's the upper-left, P4's the lower-right, P5's the
    # lower-left and P6's the upper-right, whoever sits there.
    frame_edge = {1: 0, 2: 3, 3: 2, 4: 5, 5: 1, 6: 4}[player]
    row_a = {h for h in CELLS if label_of_hex(player, h).startswith("A")}
    row_g = {h for h in CELLS if label_of_hex(player, h).startswith("G")}
    assert row_a == set(edge_hexes(frame_edge))
    assert row_g == set(edge_hexes((frame_edge + 3) % 6))


def test_neighbours_follow_the_seed_drawing() -> None:
    centre = Hex(3, 3)
    expected = {  # side -> hex across it
        0: Hex(2, 2),  # SW (r-1, c-1)
        1: Hex(3, 2),  # W
        2: Hex(4, 3),  # NW (r+1, c)
        3: Hex(4, 4),  # NE (r+1, c+1)
        4: Hex(3, 4),  # E
        5: Hex(2, 3),  # SE (r-1, c)
    }
    assert {side: side_step(centre, side) for side in range(6)} == expected


def test_neighbour_table_is_symmetric() -> None:
    for cell, row in enumerate(NEIGHBOUR):
        for side, other in enumerate(row):
            if other >= 0:
                assert NEIGHBOUR[other][(side + 3) % 6] == cell


def test_edges_and_off_board_sides() -> None:
    off_board = sum(1 for row in NEIGHBOUR for n in row if n < 0)
    assert off_board == 42
    owned = [slot for edge in range(6) for slot in edge_slots(edge)]
    assert len(owned) == len(set(owned)) == 42  # every off-board side has exactly one edge
    for edge in range(6):
        assert len(edge_hexes(edge)) == 4
        assert len(edge_slots(edge)) == 7, EDGE_NAMES[edge]
        assert {hex_ for hex_, _ in edge_slots(edge)} == set(edge_hexes(edge))
    # A corner hex's middle off-board side belongs to the edge numbered like the side:
    # (0,0) has W (lower-left), SW (bottom, not lower-left) and SE (bottom).
    assert [edge_of_slot(Hex(0, 0), side) for side in range(6)] == [0, 1, -1, -1, -1, 0]
    # (6,3): NW belongs to the upper-left, NE to the top, W to the upper-left.
    assert edge_of_slot(Hex(6, 3), 2) == 2 and edge_of_slot(Hex(6, 3), 3) == 3
    assert edge_of_slot(Hex(3, 3), 0) == -1
    assert all(SLOT_EDGE[c][s] == edge_of_slot(h, s) for c, h in enumerate(CELLS) for s in range(6))


def test_default_seats_face_unclaimed_edges_with_two_or_three_players() -> None:
    for players in (2, 3):
        home_edges = DEFAULT_HOME_EDGES[players]
        assert all((edge + 3) % 6 not in home_edges for edge in home_edges)
    assert DEFAULT_HOME_EDGES[3][:2] == DEFAULT_HOME_EDGES[2]  # a third player moves no one
    for players in (4, 6):  # partners face each other
        assert all(
            (edge + 3) % 6 in DEFAULT_HOME_EDGES[players] for edge in DEFAULT_HOME_EDGES[players]
        )
    assert sum((edge + 3) % 6 not in DEFAULT_HOME_EDGES[5] for edge in DEFAULT_HOME_EDGES[5]) == 1
