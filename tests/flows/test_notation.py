"""Records and moves: the seed's sample, canonical writing, round trips, precise errors."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meeple import registry
from meeple.errors import MeepleError, NotationError
from meeple.flows import notation, replay_text
from meeple.flows.model import Entry, Move, Record
from meeple.hexgrid import Hex

from .strategies import moves, records

GOLDEN = Path(__file__).parent / "golden"
SAMPLE = (GOLDEN / "seed_sample.flows").read_text(encoding="utf-8")
EXAMPLES = Path(__file__).parents[2] / "examples" / "flows"


def test_seed_sample_fails_to_parse_at_the_w_orientation() -> None:
    with pytest.raises(NotationError) as caught:
        notation.parse(SAMPLE, "sample.flows")
    error = caught.value
    assert (error.line, error.column) == (7, 7)
    assert "'W' is not an orientation" in error.message
    assert str(error).splitlines()[2].index("^") == 4 + 6


def test_seed_sample_findings_are_the_two_golden_problems() -> None:
    found = registry.get("flows").diagnose(SAMPLE, "sample.flows")
    assert [(f.location.line, f.location.column, f.severity) for f in found] == [
        (5, 1, "error"),
        (7, 7, "error"),
    ]
    occupied, orientation = (f.message for f in found)
    assert "P2G1 is internal (0,0)" in occupied
    assert "P1A1 on line 2" in occupied
    assert "'W' is not an orientation" in orientation


def test_seed_sample_moves_read_as_the_seed_says() -> None:
    read = notation.diagnose(SAMPLE)
    assert len(read.problems) == 1
    assert read.model is not None
    record = read.model.record
    assert record.header == "2-player, Standard Rules"
    assert record.unfinished
    assert record.moves[0] == Move(1, Hex(0, 0), 0, 0)  # P1A1T0N
    assert record.moves[1] == Move(2, Hex(6, 3), 1, 1)  # P2A4T1NE
    assert record.moves[3].hex == Hex(0, 0)  # P2G1: the hex P1A1 already filled
    assert record.entries[0].comment == "Player 1 places no-sharp tile at A1, north orientation"


def test_seed_parsed_examples() -> None:
    assert notation.parse_move("P1A1T0N") == Move(1, Hex(0, 0), 0, 0)
    assert notation.parse_move("P2A4T3S") == Move(2, Hex(6, 3), 3, 3)
    assert notation.parse_move("P2B3T1SE") == Move(2, Hex(5, 2), 1, 2)
    assert notation.parse_move("P1D4T3SW") == Move(1, Hex(3, 3), 3, 4)


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.flows")), ids=lambda p: p.name)
def test_example_records_that_parse_are_canonical(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    try:
        record = notation.parse(text)
    except NotationError:
        assert path.name == "seed-sample.flows"
        return
    if path.name not in ("occupied.flows", "messy.flows"):
        assert notation.dump(record) == text


def test_canonical_form_of_the_seed_layout() -> None:
    fixed = SAMPLE.replace("T1W ", "T1NW")
    written = notation.dump(notation.parse(fixed))
    assert written.splitlines()[1] == (
        "P1A1T0N ; Player 1 places no-sharp tile at A1, north orientation"
    )
    assert written.endswith(
        "P2F5T1NW ; Player 2 places one-sharp tile at F5, west orientation\n...\n"
    )


def test_numbered_lines() -> None:
    record = notation.parse("1. P1A1T0N ; x\n2.P2A4T1NE\n")
    assert record.numbered
    assert notation.dump(record) == "1. P1A1T0N ; x\n2. P2A4T1NE\n"
    with pytest.raises(NotationError) as caught:
        notation.parse("1. P1A1T0N\n3. P2A4T1NE\n")
    assert (caught.value.line, caught.value.column) == (2, 1)
    assert "out of sequence" in caught.value.message


BAD_MOVES = [
    ("P1A5T0N", 3, "no hex A5 in P1's frame: row A runs A1-A4"),
    ("P2G5T0N", 3, "no hex G5 in P2's frame: row G runs G1-G4"),  # in no dialect
    ("P7A1T0N", 1, "no player P7"),
    ("P1H1T0N", 3, "expected a row letter A-G"),
    ("P1A1X0N", 5, "expected 'T'"),
    ("P1A1T4N", 5, "no tile type T4"),
    ("P1A1T0", 7, "expected an orientation"),
    ("P1A1T0W", 7, "'W' is not an orientation"),
    ("P1A1T0NN", 7, "'NN' is not an orientation"),
    ("P01A1T0N", 2, "leading zero"),
    ("P1A1T0N x", 9, "unexpected 'x' after the move"),
    ("PA1T0N", 2, "expected a player number"),
    ("p1a1t0n", 1, "expected a move such as P1A1T0N"),
]


@pytest.mark.parametrize(("line", "column", "message"), BAD_MOVES)
def test_errors_name_the_bad_part(line: str, column: int, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        notation.parse(f"Game: 2-player\n  {line} ; comment\n", "game.flows")
    error = caught.value
    assert (error.source, error.line, error.column) == ("game.flows", 2, column + 2)
    assert message in error.message


@pytest.mark.parametrize(
    ("text", "line", "column", "message"),
    [
        ("P1A1T0N\nGame: 2-player\n", 2, 1, "must be the record's first line"),
        ("Game: 9-player\n", 1, 7, "2 to 6 players, not 9"),
        ("P1A1T0N\n...\nP2A4T1NE\n", 3, 1, "nothing may follow '...'"),
        ("P1A1T0N\n... ; done\n", 2, 5, "a comment cannot follow '...'"),
        # Numbers too long for int() are still only notation errors.
        ("Game: " + "9" * 5000 + "-player\n", 1, 7, "2 to 6 players"),
        ("9" * 5000 + ". P1A1T0N\n", 1, 1, "out of sequence"),
        ("P" + "9" * 5000 + "A1T0N\n", 1, 1, "no player P999"),
        ("P1A" + "9" * 5000 + "T0N\n", 1, 3, "no hex A999"),
        ("P1A1T" + "9" * 5000 + "N\n", 1, 5, "no tile type T999"),
    ],
)
def test_record_structure_errors(text: str, line: int, column: int, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        notation.parse(text)
    assert (caught.value.line, caught.value.column) == (line, column)
    assert message in caught.value.message


def test_blank_lines_windows_newlines_and_comment_lines() -> None:
    record = notation.parse("\r\nGame: 2-player ; friendly\r\n\r\n;opening\r\nP1A1T0N\r\n")
    assert record == Record(
        entries=(Entry(None, "opening"), Entry(Move(1, Hex(0, 0), 0, 0))),
        header="2-player",
        header_comment="friendly",
    )
    assert notation.dump(record) == "Game: 2-player ; friendly\n; opening\nP1A1T0N\n"


def test_sniff() -> None:
    assert notation.sniff(SAMPLE)
    assert notation.sniff("; a game\n1. P1A1T0N\n")
    assert not notation.sniff('[key "flows"][teams "P1, P2"]')
    assert not notation.sniff("hello\n")


@given(records())
def test_parse_of_written_record_is_the_record(record: Record) -> None:
    assert notation.parse(notation.dump(record)) == record


@given(records())
def test_written_record_is_a_fixed_point(record: Record) -> None:
    text = notation.dump(record)
    assert notation.dump(notation.parse(text)) == text


@given(moves)
def test_moves_round_trip(move: Move) -> None:
    assert notation.parse_move(notation.format_move(move)) == move


def _only_notation_errors(text: str) -> None:
    with contextlib.suppress(NotationError):
        notation.parse(text)
    problems = notation.diagnose(text).problems
    assert all(isinstance(p, NotationError) for p in problems)
    assert all(f.location.line >= 1 for f in registry.get("flows").diagnose(text))


@pytest.mark.fuzz
@given(st.text(max_size=200))
def test_fuzz_any_text(text: str) -> None:
    _only_notation_errors(text)


@pytest.mark.fuzz
@given(
    records(),
    st.lists(
        st.tuples(st.integers(0, 400), st.sampled_from(list("PT0123456789ABCDEFGNSEW.;\n \r:-")))
    ),
)
def test_fuzz_mutated_records(record: Record, edits: list[tuple[int, str]]) -> None:
    text = notation.dump(record)
    for at, char in edits:
        at %= len(text) + 1
        text = text[:at] + char + text[at + 1 :] if at % 2 else text[:at] + char + text[at:]
    _only_notation_errors(text)
    with contextlib.suppress(MeepleError):  # replaying raises nothing but located errors
        for _ in replay_text(text):
            pass


def test_sniff_wants_a_move_after_the_header() -> None:
    assert notation.sniff("Game: 2-player\n\n; c\n1. P1A1T0N\n")
    assert notation.sniff("Game: 2-player\n...\n")
    assert notation.sniff("Game: 2-player\n")
    assert not notation.sniff("Game: chess\ne4 e5\n")
