"""quortextt's dialect of Flows records (issue 27).

quortextt (anicolao/quortextt) keeps hexes in axial coordinates (r, c), -3..3 with
|r + c| <= 3, r growing towards its edge 3, and numbers sides like the seed. Turning its
board half a turn lays it on meeple's: (r, c) is internal (3 + r, 3 - c), its rotation
is meeple's plus 3, and its edge numbers are meeple's (docs/formats/flows.md). The
vectors below are transcribed from its tests/game/notation.test.ts (commit f89b861) and
tests/e2e/user-stories/007-move-notation/README.md; `_label` and `_orientation` state its
rule (src/game/notation.ts) in those coordinates, independently of meeple.flows.board.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meeple.errors import NotationError, RuleError
from meeple.flows import notation
from meeple.flows.board import CELLS, CLOCKWISE_SEATS, DEFAULT_HOME_EDGES, seated_label_of_hex
from meeple.flows.model import ORIENTATIONS, QUORTEXTT, SEED, Entry, Move, Record
from meeple.flows.qgn import from_qgn, to_qgn
from meeple.flows.rules import State, replay_text
from meeple.hexgrid import Hex
from tests.cli_helpers import meeple

from .strategies import records

GOLDEN = Path(__file__).parent / "golden"


def _internal(r: int, c: int) -> Hex:
    return Hex(3 + r, 3 - c)


def _axial(hex_: Hex) -> tuple[int, int]:
    return hex_.x - 3, 3 - hex_.y


def _label(r: int, c: int, edge: int) -> str:
    """quortextt's label: turn (r, c) a sixth at a time until the edge is its edge 0, then
    row A-G from r, and columns counted from the row's highest c."""
    for _ in range(edge):
        r, c = -c, r + c
    return f"{'ABCDEFG'[r + 3]}{min(3, 3 - r) - c + 1}"


def _orientation(rotation: int, edge: int) -> str:
    return ORIENTATIONS[(rotation - edge + 3) % 6]


# (r, c) -> label for a player on edge 0 (notation.test.ts, positionToNotation).
EDGE_0_LABELS = [
    ((-3, 3), "A1"),
    ((-3, 1), "A3"),
    ((-3, 0), "A4"),
    ((0, 3), "D1"),
    ((0, 0), "D4"),
    ((0, -3), "D7"),
    ((3, 0), "G1"),
    ((3, -3), "G4"),
]
# (edge, (r, c)) -> label from the e2e move-notation story (edges 0 and 4).
STORY_LABELS = [(0, (-3, 1), "A3"), (4, (1, -3), "A2"), (0, (-3, 2), "A2"), (4, (0, -3), "A1")]
# (quortextt rotation, edge) -> orientation (notation.test.ts, rotationToOrientation).
ORIENTATION_VECTORS = [
    ((0, 0), "S"),
    ((1, 0), "SW"),
    ((3, 0), "N"),
    ((2, 0), "NW"),
    ((5, 0), "SE"),
    ((0, 1), "SE"),
    ((0, 2), "NE"),
    ((0, 3), "N"),
    ((0, 4), "NW"),
    ((5, 4), "SW"),
    ((0, 5), "SW"),
]


@pytest.mark.parametrize(("axial", "label"), EDGE_0_LABELS)
def test_labels_from_quortextts_tests(axial: tuple[int, int], label: str) -> None:
    assert _label(*axial, 0) == label
    assert seated_label_of_hex(0, _internal(*axial)) == label


@pytest.mark.parametrize(("edge", "axial", "label"), STORY_LABELS)
def test_labels_from_quortextts_move_notation_story(
    edge: int, axial: tuple[int, int], label: str
) -> None:
    assert seated_label_of_hex(edge, _internal(*axial)) == label


@pytest.mark.parametrize(("given_", "name"), ORIENTATION_VECTORS)
def test_orientations_from_quortextts_tests(given_: tuple[int, int], name: str) -> None:
    rotation, edge = given_
    assert _orientation(rotation, edge) == name
    move = Move(1, Hex(3, 3), 0, (rotation + 3) % 6)
    assert notation.format_seated_move(move, edge).endswith(f"T0{name}")


def test_every_hex_from_every_edge() -> None:
    for edge in range(6):
        for hex_ in CELLS:
            assert seated_label_of_hex(edge, hex_) == _label(*_axial(hex_), edge)


def test_the_complete_move_vector() -> None:
    # formatMoveNotation: P1 on edge 0 puts T0 at (-3, 3) with rotation 0.
    move = Move(1, _internal(-3, 3), 0, 3)
    assert notation.format_seated_move(move, 0) == "P1A1T0S"


def _quortextt_text(players: int, moves: list[Move], home_edges: tuple[int, ...]) -> str:
    """A game as formatGameRecord writes it, from the oracle above."""
    lines = [f"Game: {players}-player", ""]
    for number, move in enumerate(moves, 1):
        edge = home_edges[move.player - 1]
        r, c = _axial(move.hex)
        rotation = (move.rotation - 3) % 6
        label, name = _label(r, c, edge), _orientation(rotation, edge)
        lines.append(f"{number}. P{move.player}{label}T{move.tile}{name}")
    return "\n".join(lines) + "\n"


def _diagonal_game() -> list[Move]:
    """P1 (edge 0) lays T0 with quortextt rotation 5 (a straight SW-NE path) from (-3, 3)
    to (3, -3); P2 (edge 4) builds near its own edge. P1 wins on its seventh tile."""
    line = [(-3, 3), (-2, 2), (-1, 1), (0, 0), (1, -1), (2, -2), (3, -3)]
    aside = [(0, -3), (1, -3), (2, -3), (-1, -2), (-2, -1), (1, -2)]
    moves: list[Move] = []
    for step, (r, c) in enumerate(line):
        moves.append(Move(1, _internal(r, c), 0, (5 + 3) % 6))
        if step < len(aside):
            moves.append(Move(2, _internal(*aside[step]), 2, (0 + 3) % 6))
    return moves


def test_a_whole_two_player_game_as_quortextt_writes_it() -> None:
    moves = _diagonal_game()
    text = _quortextt_text(2, moves, DEFAULT_HOME_EDGES[2])
    assert text.startswith("Game: 2-player\n\n1. P1A1T0SE\n2. P2A1T2NW\n")
    record = notation.parse(text)
    assert record.dialect == QUORTEXTT  # laid out as quortextt writes
    assert record.moves == tuple(moves)
    *_, last = replay_text(text)
    seed_text = notation.dump(Record(tuple(Entry(m) for m in moves), header="2-player"))
    *_, same = replay_text(seed_text)
    assert last.flows == same.flows
    assert (last.status, last.winners) == ("won", (1,))
    assert notation.dump(record) == text  # quortextt's own text is canonical


@pytest.mark.parametrize(
    ("players", "seed", "first"), [(2, 5, 1), (3, 7, 2), (4, 11, 4), (6, 13, 3), (2, 3, 2)]
)
def test_random_games_read_back_from_quortextts_labels(players: int, seed: int, first: int) -> None:
    """quortextt numbers players clockwise from whoever moves first, so unnamed seats are
    read clockwise from P1 at the bottom, and the first move's player starts."""
    chance = random.Random(seed)
    state = State.initial(players, CLOCKWISE_SEATS[players], first)
    for _ in range(10):
        if state.is_over:
            break
        draws = [tile for tile, _ in state.draws()]
        options = state.legal_moves_after(chance.choice(draws))
        state = state.play(chance.choice(options))
    moves = [move for move in state.placements if isinstance(move, Move)]
    text = _quortextt_text(players, moves, CLOCKWISE_SEATS[players])
    record = notation.parse(text)  # its layout is quortextt's: detected
    assert record.moves == tuple(moves) and record.first == first
    *_, last = replay_text(text)
    assert last.flows == state.flows and last.winners == state.winners
    as_seed = notation.dump(record, SEED)  # the seed's labels name the seats and who starts
    *_, same = replay_text(as_seed, dialect=SEED)
    assert same.flows == state.flows and same.winners == state.winners
    back = notation.dump(notation.parse(as_seed), QUORTEXTT)
    assert back == text if players == 2 else notation.parse(back).moves == tuple(moves)


@st.composite
def _games(draw: st.DrawFn) -> Record:
    players = draw(st.integers(2, 6))
    moves = draw(
        st.lists(
            st.builds(
                Move,
                st.integers(1, players),
                st.sampled_from(CELLS),
                st.integers(0, 3),
                st.integers(0, 5),
            ),
            max_size=8,
        )
    )
    header = draw(st.sampled_from([None, f"{players}-player", f"{players}-player, Standard"]))
    if header is not None and draw(st.booleans()):
        header += ", seats: " + ", ".join(
            f"P{p} {name}"
            for p, name in enumerate(
                ["bottom", "top", "upper-left", "lower-right", "upper-right", "lower-left"][
                    :players
                ],
                1,
            )
        )
    if header is None:
        moves.append(Move(players, CELLS[0], 0, 0))  # the highest player gives the count
    comments = draw(st.lists(st.none() | st.sampled_from(["x", "a b"]), min_size=len(moves)))
    entries = tuple(Entry(m, note) for m, note in zip(moves, comments, strict=False))
    first = draw(st.integers(1, players))
    numbered = bool(moves) and draw(st.booleans())
    return Record(entries, header=header, numbered=numbered, first=first)


@given(_games())
def test_round_trips_between_the_dialects(record: Record) -> None:
    """The game survives both ways: moves, seats and who starts. The text comes back byte
    for byte unless the seed's record left three or more players to the default seating,
    which the quortextt text then names (the two dialects' defaults differ)."""
    as_quortextt = notation.dump(record, QUORTEXTT)
    read = notation.parse(as_quortextt)
    assert read.moves == record.moves and read.first == record.first
    assert notation.record_seats(read) == notation.record_seats(record)
    assert notation.dump(read) == as_quortextt
    back = notation.dump(read, SEED)
    again = notation.parse(back)
    assert again.moves == record.moves and again.first == record.first
    assert notation.record_seats(again) == notation.record_seats(record)
    if (
        notation.declared_seats(record.header) is not None
        or len(notation.record_seats(record)) == 2
    ):
        assert read == record._replace(dialect=QUORTEXTT, header=read.header)
        assert back == notation.dump(record)


def test_the_header_names_the_dialect() -> None:
    record = notation.parse("Game: 2-player, dialect: quortextt, seats: P1 bottom, P2 top\n")
    assert (record.dialect, record.header) == (QUORTEXTT, "2-player, seats: P1 bottom, P2 top")
    assert notation.parse("Game: dialect: quortextt\nP1A1T0N\n").header is None
    with pytest.raises(NotationError) as caught:
        notation.parse("Game: 2-player, dialect: qortex\n", "g.flows")
    assert "no dialect 'qortex'" in caught.value.message and caught.value.column == 26
    with pytest.raises(NotationError) as caught:
        notation.parse("Game: dialect: quortextt\n", "g.flows", dialect=SEED)
    assert "names dialect quortextt, but seed was asked for" in caught.value.message


def test_an_ambiguous_record_is_the_seeds() -> None:
    text = "Game: 2-player\nP1A1T0N\nP2A4T1NE\n"
    assert notation.parse(text).dialect == SEED
    written = notation.dump(notation.parse(text, dialect=QUORTEXTT))
    assert written.startswith("Game: 2-player, dialect: quortextt\n\n")


# Dialects are named or told by layout, never guessed from the labels (issue "What a
# newcomer still trips on", item 1).


def _short_game() -> tuple[list[Move], str]:
    """Two moves as formatGameRecord writes them, which read as the seed's labels too (as
    other hexes: `P2C4T1SW` is P2's C4 seen from P2's seat, C5 in the seed's P2 frame)."""
    moves = [Move(1, Hex(3, 3), 0, 0), Move(2, Hex(4, 4), 1, 2)]
    text = _quortextt_text(2, moves, DEFAULT_HOME_EDGES[2])
    assert text == "Game: 2-player\n\n1. P1D4T0N\n2. P2C4T1SW\n"
    assert notation.parse(text, dialect=SEED).moves != tuple(moves)
    return moves, text


def test_quortextts_layout_chooses_its_dialect_where_labels_read_both_ways() -> None:
    moves, text = _short_game()
    parsed = notation.parse_located(text)
    assert (parsed.record.dialect, parsed.chosen) == (QUORTEXTT, notation.LAYOUT)
    assert parsed.record.moves == tuple(moves)
    assert notation.dump(parsed.record) == text  # and it stays quortextt's, unmarked
    for unfinished in (text + "...\n", text.replace("\n", "\r\n"), text + "\n\n"):
        assert notation.parse(unfinished).moves == tuple(moves)
    named = notation.parse_located(text, dialect=SEED)  # the option names the other one
    assert (named.record.dialect, named.chosen) == (SEED, notation.NAMED)


@pytest.mark.parametrize(
    "text",
    [
        "Game: 2-player\n1. P1D4T0N\n2. P2C4T1SW\n",  # no empty line
        "Game: 2-player\n\nP1D4T0N\nP2C4T1SW\n",  # moves not numbered
        "Game: 2-player, club night\n\n1. P1D4T0N\n2. P2C4T1SW\n",  # more header
        "Game: 2-player\n\n1. P1D4T0N ; a start\n2. P2C4T1SW\n",  # a comment
        "\nGame: 2-player\n\n1. P1D4T0N\n2. P2C4T1SW\n",  # a line before the header
        "P1D4T0N\nP2C4T1SW\n",
    ],
)
def test_any_other_layout_is_the_seeds(text: str) -> None:
    parsed = notation.parse_located(text)
    assert (parsed.record.dialect, parsed.chosen) == (SEED, notation.DEFAULT)
    assert [str(move) for move in parsed.record.moves] == ["P1D4T0N", "P2C4T1SW"]


@given(records(), st.sampled_from(["\n", "\r\n"]))
def test_no_record_in_the_seeds_labels_is_written_in_quortextts_layout(
    record: Record, line_end: str
) -> None:
    """meeple's canonical seed form never has the layout that detects quortextt's dialect,
    so every record it writes reads back in the seed's labels."""
    text = notation.dump(record, SEED).replace("\n", line_end)
    assert not notation.quortextt_layout(text)


def test_a_label_the_seed_lacks_is_an_error_not_another_dialect() -> None:
    text = "Game: 2-player\nP1A1T0N\nP2A4T1NE\nP1G1T0N\n"  # P1's row G runs G4-G7
    with pytest.raises(NotationError) as caught:
        notation.parse(text, "g.flows")
    assert (caught.value.line, caught.value.column) == (4, 3)
    assert str(caught.value) == (
        "g.flows:4:3: no hex G1 in P1's frame: row G runs G4-G7"
        + notation.QUORTEXTT_HINT  # every label is one of quortextt's: a hint, no switch
        + "\n    P1G1T0N\n      ^"
    )
    assert notation.parse(text, dialect=QUORTEXTT).dialect == QUORTEXTT  # when named
    run = meeple(["check", "--format", "flows", "-"], stdin=text)
    assert run.code == 1 and "<stdin>:4:3: error: no hex G1 in P1's frame" in run.out


def test_a_quortextt_record_without_its_layout_gets_a_hint() -> None:
    _, text = _short_game()
    moves = text.split("\n\n")[1].replace("1. P1D4T0N", "1. P1G1T0N")  # G1: seed lacks it
    with pytest.raises(NotationError) as caught:
        notation.parse(moves, "g.flows")
    assert caught.value.message == "no hex G1 in P1's frame: row G runs G4-G7" + (
        notation.QUORTEXTT_HINT
    )
    assert notation.diagnose(moves, "g.flows").problems[0].message == caught.value.message
    assert notation.parse(moves, dialect=QUORTEXTT).dialect == QUORTEXTT


def test_a_label_quortextt_lacks_is_an_error_at_its_move() -> None:
    text = "Game: 2-player\n\n1. P1D4T0N\n2. P2E7T0N\n"  # E7 is a seed label
    with pytest.raises(NotationError) as caught:
        notation.parse(text, "g.flows")
    assert str(caught.value) == (
        "g.flows:4:6: no hex E7 in quortextt's labels: row E runs E1-E6\n    2. P2E7T0N\n         ^"
    )
    found = meeple(["check", "--format", "flows", "-"], stdin=text)
    assert found.code == 1 and "<stdin>:4:6: error: no hex E7 in quortextt's labels" in found.out
    assert "<stdin>:1:1: note: read in quortextt's dialect" in found.out


def test_check_says_when_the_dialect_was_detected() -> None:
    _, text = _short_game()
    run = meeple(["check", "--strict", "--format", "flows", "-"], stdin=text + "...\n")
    assert run.code == 0, run.out  # a note never fails, not even --strict
    assert run.out.startswith(
        "<stdin>:1:1: note: read in quortextt's dialect, detected from its layout"
    )
    assert "--dialect seed" in run.out
    as_json = meeple(["check", "--json", "--format", "flows", "-"], stdin=text + "...\n")
    assert '"severity": "note"' in as_json.out
    for named in (["--dialect", "quortextt"], ["--dialect", "seed"]):
        quiet = meeple(["check", "--format", "flows", *named, "-"], stdin=text + "...\n")
        assert "note:" not in quiet.out
    marked = text.replace("2-player", "2-player, dialect: quortextt") + "...\n"
    assert "note:" not in meeple(["check", "--format", "flows", "-"], stdin=marked).out


@pytest.mark.parametrize(
    "command", [["show"], ["replay"], ["fmt"], ["convert", "--to", "qgn"], ["moves"]]
)
def test_the_commands_that_read_a_record_say_when_the_dialect_was_detected(
    command: list[str],
) -> None:
    _, text = _short_game()
    run = meeple([*command, "--format", "flows", "-"], stdin=text + "...\n")
    assert run.code == 0, run.err
    assert run.err.startswith("<stdin>:1:1: note: read in quortextt's dialect, detected")
    assert "note:" not in run.out
    marked = text.replace("2-player", "2-player, dialect: quortextt") + "...\n"
    assert "note:" not in meeple([*command, "--format", "flows", "-"], stdin=marked).err
    if command[0] != "convert":  # where --dialect says how to read
        named = meeple([*command, "--format", "flows", "--dialect", "quortextt", "-"], text)
        assert named.code == 0 and "note:" not in named.err


def test_a_player_without_a_seat() -> None:
    with pytest.raises(NotationError) as caught:
        notation.parse("Game: 2-player\nP3A1T0N\n", "g.flows", dialect=QUORTEXTT)
    assert caught.value.message.startswith("P3 has no seat in a 2-player game")
    assert (caught.value.line, caught.value.column) == (2, 1)


def test_the_command_line(tmp_path: object) -> None:
    text = _quortextt_text(2, _diagonal_game()[:4], DEFAULT_HOME_EDGES[2]) + "...\n"
    seed = meeple(["convert", "-", "--to", "flows", "--dialect", "seed"], stdin=text)
    assert seed.code == 0, seed.err
    assert seed.out.startswith("Game: 2-player\n1. P1A1T0SE\n2. P2D7T2S\n")
    back = meeple(["convert", "-", "--to", "flows", "--dialect", "quortextt"], stdin=seed.out)
    assert back.out == text
    assert meeple(["fmt", "-"], stdin=text).out == text  # fmt keeps the dialect
    ambiguous = "Game: 2-player\nP1A1T0N\nP2A4T1NE\n...\n"
    check = meeple(["check", "--strict", "--format", "flows", "-"], stdin=ambiguous)
    assert check.code == 1 and "also read as quortextt's" in check.out
    chosen = ["check", "--strict", "--format", "flows", "--dialect", "quortextt", "-"]
    assert meeple(chosen, stdin=ambiguous).code == 0
    marked = meeple(["fmt", "--format", "flows", "--dialect", "quortextt", "-"], stdin=ambiguous)
    assert marked.out.startswith("Game: 2-player, dialect: quortextt\n\n")
    assert meeple(["check", "--strict", "--format", "flows", "-"], stdin=marked.out).code == 0
    wrong = meeple(["convert", "-", "--to", "qgn", "--dialect", "seed"], stdin=text)
    assert wrong.code == 2


# Whole multi-player games written as formatGameRecord writes them (golden/quortextt_*),
# with their twins in the seed's labels (golden/quortextt_*_seed.flows). quortextt seats
# players by choice and numbers them clockwise from whoever moves first (its
# src/redux/gameReducer.ts, `determineGameplayOrder`; tests/e2e/player-order-validation
# .spec.ts): here P2 starts a three-player game on alternate edges and P3 a four-player
# one with partners opposite (its teams pair the first and third by edge).
WHOLE_GAMES = [
    ("quortextt_three_player", 3, 2, ("won", (1,))),
    ("quortextt_four_player", 4, 3, ("won", (1, 3))),
]


@pytest.mark.parametrize(("name", "players", "first", "result"), WHOLE_GAMES)
def test_whole_multi_player_games_as_quortextt_writes_them(
    name: str, players: int, first: int, result: tuple[str, tuple[int, ...]]
) -> None:
    text = (GOLDEN / f"{name}.flows").read_text()
    twin = (GOLDEN / f"{name}_seed.flows").read_text()
    record = notation.parse(text)
    assert (record.dialect, record.first) == (QUORTEXTT, first)
    assert _quortextt_text(players, list(record.moves), CLOCKWISE_SEATS[players]) == text
    seed = notation.parse(twin)
    assert seed.dialect == SEED and seed.moves == record.moves and seed.first == first
    *_, last = replay_text(text)
    *_, same = replay_text(twin)
    assert last.flows == same.flows and last.home_edges == same.home_edges
    assert (last.status, last.winners) == (same.status, same.winners) == result
    assert notation.dump(record, SEED) == twin  # the twin names the seats and who starts
    back = notation.parse(notation.dump(seed, QUORTEXTT))  # and keeps naming its seats
    assert back.moves == record.moves and back.header == seed.header
    assert notation.dump(record) == text


def test_the_first_player_and_the_turn_order() -> None:
    # quortextt: whoever moves first starts, then number order, wrapping.
    text = "Game: 3-player\n\n1. P3A1T0N\n2. P1A1T0N\n3. P2A1T0N\n4. P3B1T0N\n"
    states = list(replay_text(text, dialect=QUORTEXTT))
    assert [s.to_move for s in states] == [3, 1, 2, 3, 1]
    skipped = "Game: 3-player\n\n1. P3A1T0N\n2. P2A1T0N\n"
    with pytest.raises(RuleError) as caught:
        list(replay_text(skipped, "g.flows", dialect=QUORTEXTT))
    assert caught.value.message == "it is P1's turn, not P2's"
    assert (caught.value.line, caught.value.column) == (4, 4)
    # the seed's labels keep P1 first unless the header says otherwise
    seed = "Game: 2-player\nP2A4T0N\n"
    with pytest.raises(RuleError, match="it is P1's turn, not P2's"):
        list(replay_text(seed))
    assert [s.to_move for s in replay_text("Game: 2-player, first: P2\nP2A4T0N\n")] == [2, 1]
    assert notation.parse("Game: 2-player, first: P2 ; c\n").header == "2-player"


@pytest.mark.parametrize(
    ("header", "column", "message"),
    [
        ("2-player, first: 2", 24, "expected the player who moves first, such as 'first: P2'"),
        ("2-player, first: P7", 24, "found 'P7'"),
    ],
)
def test_a_bad_first_player(header: str, column: int, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        notation.parse(f"Game: {header}\n", "g.flows")
    assert message in caught.value.message and caught.value.column == column
    with pytest.raises(RuleError, match="P3 cannot move first"):
        list(replay_text("Game: 2-player, first: P3\n"))


def test_four_players_pair_as_quortextt_pairs_them() -> None:
    # quortextt's teams are the first and third, and the second and fourth, by edge; with
    # partners opposite that is meeple's pairing. Other four-player seatings (edges 0-3,
    # partners 0+2 and 1+3) are no game under the rules of play.
    record = notation.parse("Game: 4-player\n\n1. P2A1T0N\n", dialect=QUORTEXTT)
    start = next(iter(replay_text(notation.dump(record))))
    assert start.home_edges == (0, 1, 3, 4) and start.to_move == 2
    sorted_seats = sorted(range(1, 5), key=lambda p: start.home_edges[p - 1])
    assert start.result_text == "in play: P2 to move"
    assert {(sorted_seats[0], sorted_seats[2]), (sorted_seats[1], sorted_seats[3])} == {
        (1, 3),
        (2, 4),
    }
    bad = "Game: 4-player, seats: P1 bottom, P2 lower-left, P3 upper-left, P4 top\n\n"
    with pytest.raises(NotationError, match="partners sit opposite each other"):
        notation.parse(bad + "1. P1A1T0N\n", dialect=QUORTEXTT)


def test_five_quortextt_players_are_refused() -> None:
    text = "Game: 5-player\n\n1. P1A1T0N\n"
    with pytest.raises(RuleError) as caught:
        list(replay_text(text, "g.flows", dialect=QUORTEXTT))
    assert "quortextt plays five players without partners" in caught.value.message
    assert (caught.value.line, caught.value.column) == (1, 1)


@pytest.mark.parametrize(("name", "players", "first", "result"), WHOLE_GAMES)
def test_whole_games_through_qgn(
    name: str, players: int, first: int, result: tuple[str, tuple[int, ...]]
) -> None:
    # QGN holds internal coordinates and comes back in the seed's labels: with the seats
    # and the first player in its `game` tag, the same game.
    record = notation.parse((GOLDEN / f"{name}.flows").read_text())
    back = from_qgn(to_qgn(record))
    assert back.moves == record.moves and back.first == first
    *_, last = replay_text(notation.dump(back))
    assert (last.status, last.winners) == result
    assert notation.dump(back) == (GOLDEN / f"{name}_seed.flows").read_text()


def test_rule_errors_name_moves_in_quortextts_labels() -> None:
    p2 = _label(*_axial(Hex(0, 0)), 4)  # P2 (upper right) names P1's A1 so
    text = f"Game: 2-player\n\n1. P1A1T0N\n2. P2{p2}T0N\n"
    with pytest.raises(RuleError) as caught:
        list(replay_text(text, "g.flows", dialect=QUORTEXTT))
    assert caught.value.message.startswith(
        f"P2{p2} is internal (0,0), already filled by P1A1 on line 3"
    )


def test_the_html_page_reads_the_dialect(tmp_path: Path) -> None:
    ambiguous = "Game: 2-player\nP1A1T0N\nP2A4T1NE\n...\n"
    page = tmp_path / "game.html"
    run = meeple(["html", "-", "-o", str(page), "--dialect", "quortextt"], stdin=ambiguous)
    assert run.code == 0, run.err
    seed_read = meeple(["html", "-", "-o", str(tmp_path / "s.html")], stdin=ambiguous)
    assert seed_read.code == 0
    assert page.read_text() != (tmp_path / "s.html").read_text()  # P2 sits elsewhere
