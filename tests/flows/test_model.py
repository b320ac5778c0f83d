"""Tiles: the seed's flow pairs, sharp corners per type, clockwise orientations."""

from __future__ import annotations

import pytest

from meeple.flows.model import ORIENTATIONS, TILE_PATHS, side_pairing, tile_paths


def _sharp_corners(paths: tuple[tuple[int, int], ...]) -> int:
    return sum(1 for a, b in paths if (a - b) % 6 in (1, 5))


@pytest.mark.parametrize("tile", range(4))
def test_type_number_is_the_count_of_sharp_corners(tile: int) -> None:
    assert _sharp_corners(TILE_PATHS[tile]) == tile


@pytest.mark.parametrize("tile", range(4))
def test_every_side_has_exactly_one_path(tile: int) -> None:
    for rotation in range(6):
        sides = sorted(s for path in tile_paths(tile, rotation) for s in path)
        assert sides == list(range(6))
        pairing = side_pairing(tile, rotation)
        assert all(pairing[pairing[s]] == s != pairing[s] for s in range(6))


def test_seed_flow_pairs_by_name() -> None:
    names = ("SW", "W", "NW", "NE", "E", "SE")

    def named(tile: int) -> set[frozenset[str]]:
        return {frozenset((names[a], names[b])) for a, b in TILE_PATHS[tile]}

    assert named(0) == {frozenset(p) for p in (("SW", "NW"), ("NE", "SE"), ("W", "E"))}
    assert named(1) == {frozenset(p) for p in (("SW", "SE"), ("NW", "E"), ("W", "NE"))}
    assert named(2) == {frozenset(p) for p in (("SW", "SE"), ("NW", "NE"), ("W", "E"))}
    assert named(3) == {frozenset(p) for p in (("SW", "SE"), ("NE", "E"), ("W", "NW"))}


def test_orientations_turn_clockwise_sixty_degrees() -> None:
    assert ORIENTATIONS == ("N", "NE", "SE", "S", "SW", "NW")
    # T1 N joins SW-SE; turned once clockwise (NE) the sharp corner moves from S to SW:
    # SW->W and SE->SW.
    assert (0, 1) in {tuple(sorted(p)) for p in tile_paths(1, 1)}
    for tile in range(4):
        for rotation in range(6):
            once = tile_paths(tile, (rotation + 1) % 6)
            turned = {frozenset(((a + 1) % 6, (b + 1) % 6)) for a, b in tile_paths(tile, rotation)}
            assert {frozenset(p) for p in once} == turned
