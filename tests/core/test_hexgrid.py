from hypothesis import given
from hypothesis import strategies as st

from meeple.hexgrid import DIRECTIONS, Hex, distance, hex_line, line_between, neighbours, opposite

coords = st.integers(-50, 50)
hexes = st.builds(Hex, coords, coords)


def test_neighbours_follow_the_atlantis_drawing() -> None:
    assert set(neighbours(Hex(2, 3))) == {
        Hex(3, 3), Hex(3, 4), Hex(2, 4), Hex(1, 3), Hex(1, 2), Hex(2, 2)
    }  # fmt: skip


def test_opposite_directions_cancel() -> None:
    for index, step in enumerate(DIRECTIONS):
        back = DIRECTIONS[opposite(index)]
        assert (step.x + back.x, step.y + back.y) == (0, 0)


@given(hexes, st.integers(0, 5), st.integers(1, 20))
def test_a_straight_walk_is_a_line_of_its_length(start: Hex, direction: int, steps: int) -> None:
    end = start.step(direction, steps)
    assert distance(start, end) == steps
    assert line_between(start, end) == (direction, steps)
    assert hex_line(start, direction, steps)[-1] == end


@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a: Hex, b: Hex, c: Hex) -> None:
    assert distance(a, b) == distance(b, a)
    assert distance(a, c) <= distance(a, b) + distance(b, c)
    assert (distance(a, b) == 0) == (a == b)


def test_knight_like_offsets_are_not_lines() -> None:
    assert line_between(Hex(0, 0), Hex(1, -1)) is None
    assert line_between(Hex(0, 0), Hex(0, 0)) is None
