"""Reading and writing transcripts: the seed's samples, positioned errors, round trips, fuzzing."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meeple.atlantis.model import FieldRef, Move, Transcript, Turn, field_name, letters
from meeple.atlantis.notation import (
    dump,
    letter_value,
    looks_like_transcript,
    parse,
    parse_field_ref,
)
from meeple.errors import NotationError
from meeple.hexgrid import Hex
from tests.atlantis.strategies import transcripts

GOLDEN = Path(__file__).parent / "golden"
SAMPLES = sorted(p.name for p in GOLDEN.iterdir() if p.suffix in (".json", ".json5"))
SAMPLES = [name for name in SAMPLES if ".canonical." not in name]


def _expected(name: str) -> tuple[str, str]:
    base = name.rsplit(".", 1)[0]
    canonical, error = GOLDEN / f"{base}.canonical.json", GOLDEN / f"{base}.err"
    if canonical.exists():
        return "canonical", canonical.read_text(encoding="utf-8")
    return "error", error.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", SAMPLES)
def test_seed_samples_load_or_fail_at_the_exact_problem(name: str) -> None:
    text = (GOLDEN / name).read_text(encoding="utf-8")
    kind, expected = _expected(name)
    if kind == "canonical":
        assert dump(parse(text, name)) == expected
    else:
        with pytest.raises(NotationError) as caught:
            parse(text, name)
        assert str(caught.value) + "\n" == expected


@pytest.mark.parametrize("name", [n for n in SAMPLES if _expected(n)[0] == "canonical"])
def test_canonical_goldens_are_fixed_points(name: str) -> None:
    canonical = _expected(name)[1]
    assert dump(parse(canonical)) == canonical
    json.loads(canonical)  # strict JSON


def test_seed_players_sample_means_what_the_seed_says() -> None:
    transcript = parse((GOLDEN / "seed-players.json").read_text(encoding="utf-8"))
    john, mary = transcript.players
    assert (john.name, john.color, mary.name, mary.color) == ("John", "red", "Mary", "Blue")
    assert [(str(ref), n) for ref, n in john.stacks] == [("a1", 1), ("a2", 0), ("b1", -2)]
    assert [len(s.fields) for s in transcript.segments] == [6, 5]


def test_the_seed_drawing_is_three_standard_segments() -> None:
    board = parse((GOLDEN / "seed-board.json").read_text(encoding="utf-8"))
    names = [sorted(field_name(h) for h in s.fields) for s in board.segments]
    assert names == [
        ["a1", "a2", "b1", "b2", "b3", "c2", "c3"],
        ["b4", "b5", "c4", "c5", "c6", "d5", "d6"],
        ["d3", "d4", "e3", "e4", "e5", "f4", "f5"],
    ]


@pytest.mark.parametrize(
    ("number", "word"),
    [(1, "a"), (26, "z"), (27, "aa"), (52, "az"), (53, "ba"), (702, "zz"), (703, "aaa")],
)
def test_letter_axis_is_bijective_base_26(number: int, word: str) -> None:
    assert letters(number) == word
    assert letter_value(word) == number


@given(st.integers(1, 10**9))
def test_letter_axis_round_trips(number: int) -> None:
    assert letter_value(letters(number)) == number


BOARD = '{"segments": [["a1", "a2", "b1", "b2"], ["c3", "c2"]]'


@pytest.mark.parametrize(
    ("text", "line", "column", "message"),
    [
        ('{"segments": [["a1", "a2"],\n ["b1", "a2"]]}', 2, 9, "field a2 is already in segment 1"),
        ('{"segments": [["a1", "a1"]]}', 1, 22, "field a1 is already in segment 1"),
        (BOARD + ', "players": [{"stacks": {"d4": 1}}]}', 1, 80, "no segment has the field d4"),
        (
            BOARD + ', "players": [{"stacks": {"a1": 1}}, {"stacks": {"a1": -1}}]}',
            1,
            103,
            "field a1 already has a stack of player 1",
        ),
        (
            '{"segments": [["B2"]], "players": [{"stacks": {"B2": 1}}, {"stacks": {"c3": 2}}]}',
            1,
            71,
            "field c3 already has a stack of player 1",
        ),
        ('{"segments": [["a0"]]}', 1, 16, "bad field 'a0'"),
        ('{"segments": [["a1", "Ab2"]]}', 1, 22, "bad field 'Ab2'"),
        (
            '{"segments": [["a1", 7]]}',
            1,
            22,
            "expected a field such as 'b3' (a string), found the number 7",
        ),
        (
            BOARD + ', "players": [], "events": [{"type": "turn", "moves": [["a1", "c2"]]}]}',
            1,
            109,
            "turn 1 (nobody), move 1 a1-c2: no move: the two fields must differ",
        ),
        (
            BOARD + ', "events": [{"type": "turn", "moves": [["a1", "a1"]]}]}',
            1,
            94,
            "move 1 a1-a1: no move",
        ),
        (
            BOARD + ', "events": [{"type": "turn", "moves": [["a1", "B2"]]}]}',
            1,
            101,
            "lower case, not B2",
        ),
        (
            BOARD + ', "events": [{"type": "turn"}]}',
            1,
            67,
            "turn 1 (nobody): a turn needs a 'moves' list",
        ),
        (BOARD + ', "events": [{"moves": []}]}', 1, 67, "an event needs a 'type'"),
        (
            BOARD + ', "events": [{"type": "turn", "moves": [["a1"]]}]}',
            1,
            94,
            "two fields, found 1",
        ),
        ('{"segments": [], "players": [{"name": "x"}]}', 1, 30, "player 1 has no 'stacks' object"),
        ('{"format": "Chess", "segments": []}', 1, 12, "expected the format 'Atlantis transcript'"),
        ('{"players": []}', 1, 1, "needs a 'segments' list"),
        ('{"segments": [["a1"]], "players": [{"stacks": {"a1": 1.5}}]}', 1, 54, "whole number"),
        ('{"segments": [["a1"]],\n  "segments": []}', 2, 3, "key 'segments' is given twice"),
        ('{"segments": [["a1"]], "x": {"y": 1, "y": 2}}', 1, 38, "key 'y' is given twice"),
        ('{"segments": [["a1"]]} x', 1, 24, "expected the end of the text"),
        ('{"segments": [["a1"] ["a2"]]}', 1, 22, "expected ',' or ']' after the value"),
        ('{"segments": [["a1"],, ["a2"]]}', 1, 22, "expected a value or ']', found ','"),
        ("{\n  segments: [['a1']]\n  players: []}", 3, 3, "(a comma is missing)"),
        ('{"segments": [["a1"]], "user": 5}', 1, 32, "expected the user (a string)"),
        ('{"segments": "a1"}', 1, 14, "expected a list of segments"),
        ("", 1, 1, "expected a value, found the end of the text"),
        ('{"segments": [["a1\n"]]}', 1, 16, 'the string opened by " is not closed on its line'),
        ('{"segments": [["a\\x"]]}', 1, 16, "bad string"),
        ('{"s": 1, "t": 1x}', 1, 15, "'1x' is no JSON value"),
    ],
)
def test_problems_are_reported_at_their_place(
    text: str, line: int, column: int, message: str
) -> None:
    with pytest.raises(NotationError) as caught:
        parse(text, "game.json")
    error = caught.value
    assert message in error.message
    assert (error.source, error.line, error.column) == ("game.json", line, column)


def test_json5_comments_quotes_and_trailing_commas_are_read() -> None:
    text = """// a hand-written board
    {segments: [['a1', 'b1',], ["B3"],], /* players next */
     players: [{name: 'Ann', stacks: {a1: +2, B3: -1}},],}"""
    transcript = parse(text)
    assert transcript.players[0].stacks == (
        (FieldRef(Hex(1, 1)), 2),
        (FieldRef(Hex(2, 3), True), -1),
    )
    assert transcript.comments == ("// a hand-written board", "/* players next */")
    canonical = dump(transcript, drop_comments=True)
    assert json.loads(canonical)["players"][0]["stacks"] == {"a1": 2, "B3": -1}


def test_upper_case_stack_keys_cover_the_part_of_the_segment_on_the_board() -> None:
    transcript = parse('{"segments": [["b2", "c3", "b1"]], "players": [{"stacks": {"B2": 3}}]}')
    assert transcript.players[0].stacks == ((FieldRef(Hex(2, 2), True), 3),)
    with pytest.raises(NotationError, match="no segment has the field D5"):
        parse('{"segments": [["b2"]], "players": [{"stacks": {"D5": 3}}]}')


def test_unknown_events_and_keys_are_kept_and_written_back() -> None:
    text = (
        '{"segments": [["a1"]], "events": [{"type": "resign", "who": [1, {"x": null}]},'
        ' {"type": "turn", "moves": [], "note": "hi"}], "extra": true}'
    )
    canonical = dump(parse(text))
    assert json.loads(canonical) == {
        "format": "Atlantis transcript",
        "version": "1.0",
        "segments": [["a1"]],
        "events": [
            {"type": "resign", "who": [1, {"x": None}]},
            {"type": "turn", "moves": [], "note": "hi"},
        ],
        "extra": True,
    }
    assert dump(parse(canonical)) == canonical


def test_sniffing_accepts_transcripts_only() -> None:
    assert looks_like_transcript('{"segments": []}')
    assert looks_like_transcript("{format: 'Atlantis transcript'}")
    assert not looks_like_transcript('{"format": "other", "data": {"segments": []}}')
    assert not looks_like_transcript('[{"segments": []}]')
    assert not looks_like_transcript('{"segments" []}')


@given(transcripts())
def test_models_round_trip_through_canonical_text(transcript: Transcript) -> None:
    text = dump(transcript)
    assert parse(text) == transcript
    assert dump(parse(text)) == text
    json.loads(text)


def test_moves_keep_their_order() -> None:
    text = dump(
        Transcript(events=(Turn((Move(Hex(2, 2), Hex(3, 3)), Move(Hex(1, 1), Hex(1, 3)))),))
    )
    assert '"moves": [["b2", "c3"], ["a1", "a3"]]' in text


@pytest.mark.fuzz
@given(st.text(max_size=200))
def test_fuzz_any_text_is_read_or_refused_with_a_notation_error(text: str) -> None:
    with contextlib.suppress(NotationError):
        parse(text)


JSONISH = st.sampled_from(list("{}[]:,\"'/*\n ab1AB-0.eE+x\\"))


@pytest.mark.fuzz
@given(
    transcripts(),
    st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 3), JSONISH), max_size=4),
)
def test_fuzz_mutated_transcripts_are_read_or_refused(
    transcript: Transcript, edits: list[tuple[int, int, str]]
) -> None:
    text = dump(transcript)
    for where, how, char in edits:
        at = where % (len(text) + 1)
        if how == 0:
            text = text[:at] + text[at + 1 :]
        elif how == 1:
            text = text[:at] + char + text[at:]
        else:
            text = text[:at] + char + text[at + 1 :]
    try:
        parse(text)
    except NotationError as error:
        assert 1 <= error.line <= text.count("\n") + 1


@pytest.mark.fuzz
@given(st.integers(1, 3000))
def test_fuzz_deep_nesting_is_a_notation_error(depth: int) -> None:
    text = '{"segments": [], "x": ' + "[" * depth + "]" * depth + "}"
    try:
        parse(text)
    except NotationError as error:
        assert "nested too deeply" in error.message


@pytest.mark.parametrize(
    "name", ["a" * 200_000 + "1", "b" + "9" * 5_000, "abcdefg1", "a1234567890"]
)
def test_field_names_longer_than_any_board_are_refused(name: str) -> None:
    # Fuzzing found 200k letters taking up to a minute (big-integer arithmetic).
    assert parse_field_ref(name) is None
    with pytest.raises(NotationError, match="at most 6 letters and 9 digits"):
        parse(f'{{"segments": [["{name}"]]}}')


def test_the_longest_field_names_still_read() -> None:
    assert parse_field_ref("zzzzzz999999999") is not None


def test_a_segment_may_be_one_upper_case_name_and_keeps_its_form() -> None:
    text = '{"segments": ["C3", ["F3"], ["h3", "h4"]]}'
    transcript = parse(text)
    bare, listed, fields = transcript.segments
    assert bare.fields == parse('{"segments": [["C3"]]}').segments[0].fields
    assert (bare.bare, listed.bare, fields.bare) == (True, False, False)
    written = dump(transcript)
    assert '    "C3",\n    ["F3"],\n    ["h3", "h4"]\n' in written
    assert parse(written) == transcript and dump(parse(written)) == written


@pytest.mark.parametrize(
    ("text", "column", "message"),
    [
        ('{"segments": ["c3"]}', 15, "a segment written as one name is a standard segment"),
        ('{"segments": ["C3", "D3"]}', 21, "field d3 (of D3) is already in segment 1"),
        ('{"segments": ["A3"]}', 15, "reaches past the grid's edge"),
        ('{"segments": [3]}', 15, "a list of fields, or one upper-case name"),
    ],
)
def test_a_segment_written_as_one_name_is_checked_like_a_list(
    text: str, column: int, message: str
) -> None:
    with pytest.raises(NotationError) as caught:
        parse(text)
    assert caught.value.column == column and message in caught.value.message
