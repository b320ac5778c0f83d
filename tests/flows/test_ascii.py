"""The Flows text board (meeple.flows.ascii), read from the outside as a person reads it:
find a hex by its label, then look at the three lines of its tile below the label."""

from __future__ import annotations

import random
import re
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from meeple import ansi
from meeple.flows import replay_text
from meeple.flows.ascii import PICTURES, WIDTH, picture_name, render
from meeple.flows.board import CELLS, DEFAULT_HOME_EDGES, label_of_hex, seating_problem
from meeple.flows.model import Move, tile_paths
from meeple.flows.rules import State
from meeple.hexgrid import Hex
from tests.budget import examples
from tests.cli_helpers import meeple

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "flows"
LABEL = re.compile(r"[A-G][1-7]")
LIGHT, HEAVY = set("─│╭╮╰╯┼"), set("━┃┏┓┗┛╋┿╂")


def board_lines(picture: str) -> list[str]:
    """The board of a picture: the lines between the seating and the legend."""
    blocks = picture.split("\n\n")
    return blocks[1].splitlines()


def hexes(picture: str) -> dict[str, tuple[list[str], int, int]]:
    """Every hex by its label: the board's lines, and the line and column of its left
    wall where the label's line meets it (a label stands at columns 5-6 of its hex)."""
    lines = board_lines(picture)
    found = {}
    for number, line in enumerate(lines):
        for label in LABEL.finditer(line):
            found[label[0]] = (lines, number, label.start() - 5)
    return found


def tile_lines(picture: str, label: str) -> list[str]:
    """The three lines of a hex's tile, between its walls."""
    lines, top, left = hexes(picture)[label]
    return [lines[top + k][left + 1 : left + 10].ljust(9) for k in (1, 2, 3)]


def play(state: State, *moves: tuple[int, Hex, int, int]) -> State:
    for player, hex_, tile, rotation in moves:
        state = state.play(Move(player, hex_, tile, rotation))
    return state


# -- the pictures of the tiles ----------------------------------------------------------


def test_every_tile_in_every_orientation_has_a_picture_joining_its_sides() -> None:
    from meeple.flows.ascii import _ROUTES

    for tile in range(4):
        for rotation in range(6):
            name = picture_name(tile, rotation)
            routes = _ROUTES[name]
            wanted = {tuple(sorted(path)) for path in tile_paths(tile, rotation)}
            assert set(routes) == wanted, name


def test_each_picture_draws_its_paths_and_nothing_else() -> None:
    from meeple.flows.ascii import _ROUTES

    for name, picture in PICTURES.items():
        visits: dict[tuple[int, int], list[str]] = {}
        for pieces in _ROUTES[name].values():
            assert sum(not piece.crossed for piece in pieces) >= 2  # room for two flows
            for piece in pieces:
                visits.setdefault((piece.line, piece.column), []).append(piece.char)
        for line, text in enumerate(picture, 1):
            for column, char in enumerate(text, 1):
                seen = sorted(visits.get((line, column), []))
                if char == " ":
                    assert not seen, (name, line, column)
                elif char == "┼":  # one path across, another up and down
                    assert seen == ["─", "│"], (name, line, column)
                else:
                    assert seen == [char], (name, line, column)


# -- one tile, seen from the outside ----------------------------------------------------


def test_a_tile_no_flow_runs_on_is_drawn_thin_at_its_hex() -> None:
    state = play(State.initial(2), (1, Hex(3, 3), 2, 0))  # P1 D4 T2N: no edge near
    picture = render(state, frame=1)
    assert tile_lines(picture, "D4") == ["  ╰────╯ ", "─────────", "  ╭────╮ "]
    lines, top, left = hexes(picture)["D4"]
    assert lines[top][left + 3 : left + 9] == "│[D4]│"  # NW and NE leave upwards
    assert lines[top + 2][left] == lines[top + 2][left + 10] == "─"  # W and E
    assert lines[top + 4][left + 3] == lines[top + 4][left + 8] == "│"  # SW and SE
    assert "[D4] the last tile placed, T2N by P1" in picture


def test_a_flow_is_drawn_thick_with_its_players_number() -> None:
    # A1 T2N: its SW-SE path joins two sides of the bottom, P1's home edge.
    state = play(State.initial(2), (1, Hex(0, 0), 2, 0))
    picture = render(state, frame=1)
    assert tile_lines(picture, "A1") == ["  ╰────╯ ", "─────────", "  ┏━1━━┓ "]
    lines, top, left = hexes(picture)["A1"]
    assert lines[top + 4][left + 3] == lines[top + 4][left + 8] == "┃"
    assert lines[top + 5][left + 3] == lines[top + 5][left + 8] == "1"  # P1's edge


def test_two_flows_on_one_path_show_both_numbers() -> None:
    # Six players: A1's SW is the bottom's (P1), its W the lower-left's (P5); T3NE joins them.
    state = play(State.initial(6), (1, Hex(0, 0), 3, 1))
    drawn = tile_lines(render(state, frame=1), "A1")
    assert "15" in drawn[1] and not set("━┃") & set(drawn[0])


def test_each_players_flow_carries_their_number_and_colour() -> None:
    *_, last = replay_text((EXAMPLES / "three-players.flows").read_text(encoding="utf-8"))
    plain, coloured = render(last), render(last, color=True)
    board = "\n".join(board_lines(plain))
    for player in (1, 2, 3):
        assert f"━{player}" in board or f"{player}━" in board
        assert f"\x1b[{ansi.player_code(player)}m━" in coloured
    assert ansi.strip(coloured) == plain


def test_a_row_of_straight_paths_carries_p2s_flow_along_the_middle_line() -> None:
    # Row 3 from (3,6), whose E side is the upper-right's: P2's flow runs west along it.
    row_three = [(i % 3 + 1, Hex(3, c), 0, 0) for i, c in enumerate(range(6, 0, -1))]
    picture = render(play(State.initial(3), *row_three), frame=1)
    for column in range(2, 7):  # D2-D6: SW-NW and NE-SE thin, W-E thick, crossing them
        assert tile_lines(picture, f"D{column}") == ["  │    │ ", "━━┿━2━━┿━", "  │    │ "]
    assert tile_lines(picture, "D1") == [" " * 9] * 3  # empty
    # D7's NE is the upper-right's too: P2's flow also runs down to the lower-right.
    assert tile_lines(picture, "D7") == ["  │    2 ", "━━┿━2━━╋━", "  │    ┃ "]
    lines, top, left = hexes(picture)["D7"]
    assert lines[top + 2][left + 10 :] == "━2"  # in from the upper-right edge, P2's


# -- labels, frames and width ---------------------------------------------------------------


def test_every_hex_is_labelled_in_the_chosen_frame() -> None:
    state = play(State.initial(3), (1, Hex(0, 0), 0, 0))
    assert len(hexes(render(state))) == 37
    for frame in (1, 2, 3):
        labels = set(hexes(render(state, frame=frame)))
        assert labels == {label_of_hex(frame, hex_) for hex_ in CELLS}
        assert f"hexes as P{frame} writes them" in render(state, frame=frame)
    # By default, as the player to move writes them: P2, whose row A is at the top.
    drawn = hexes(render(state))
    assert drawn["A4"][1] < drawn["G4"][1]


def test_show_draws_the_board_in_a_frame_within_80_columns() -> None:
    run = meeple(["show", str(EXAMPLES / "three-players.flows"), "--frame", "P3"])
    assert run.code == 0
    assert "hexes as P3 writes them" in run.out
    assert max(len(line) for line in run.out.splitlines()) <= WIDTH
    assert len(hexes(run.out)) == 37
    coloured = meeple(["show", str(EXAMPLES / "three-players.flows"), "--color"]).out
    plain = meeple(["show", str(EXAMPLES / "three-players.flows")]).out
    assert "\x1b[" in coloured and ansi.strip(coloured) == plain


# -- any position --------------------------------------------------------------------------


@st.composite
def positions(draw: st.DrawFn) -> tuple[State, int]:
    """Any tiles on any hexes (drawing needs no legal history), any seating, any frame."""
    players = draw(st.integers(2, 6))
    home_edges = draw(
        st.sampled_from([DEFAULT_HOME_EDGES[players]])
        | st.permutations(range(6))
        .map(lambda edges: tuple(edges[:players]))
        .filter(lambda home_edges: seating_problem(home_edges) is None)
    )
    rnd = random.Random(draw(st.integers(0, 2**32)))
    filled = rnd.sample(range(len(CELLS)), draw(st.integers(0, len(CELLS))))
    codes = {cell: rnd.randrange(24) for cell in filled}
    board = tuple(codes.get(cell, -1) for cell in range(len(CELLS)))
    moves = tuple(
        Move(rnd.randint(1, players), CELLS[cell], *divmod(codes[cell], 6)) for cell in filled
    )
    state = State(player_count=players, home_edges=home_edges, board=board, placements=moves)
    return state, draw(st.integers(1, players))


@settings(max_examples=examples(60), deadline=None)
@given(positions())
def test_any_position_draws_every_tile_within_the_width(position: tuple[State, int]) -> None:
    state, frame = position
    picture = render(state, frame=frame)
    assert max(len(line) for line in picture.splitlines()) <= WIDTH
    assert render(state, frame=frame) == picture  # a pure function of the state
    assert ansi.strip(render(state, color=True, frame=frame)) == picture
    found = hexes(picture)
    assert set(found) == {label_of_hex(frame, hex_) for hex_ in CELLS}
    flowing = {path.hex for path in state.path_flows() if path.players}
    for hex_ in CELLS:
        drawn = set("".join(tile_lines(picture, label_of_hex(frame, hex_)))) - {" "}
        if state.at(hex_) is None:
            assert not drawn
        elif hex_ in flowing:
            assert drawn & HEAVY and drawn & set("123456")
        else:
            assert drawn <= LIGHT
