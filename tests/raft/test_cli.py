"""The raft formats end to end through the `meeple` command, and the record notation."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meeple.errors import NotationError
from meeple.qgn import dump as dump_qgn
from meeple.qgn import parse as parse_qgn
from meeple.raft.ascii import render
from meeple.raft.notation import format_record, parse_record
from meeple.raft.qgn import from_qgn, to_qgn
from tests.cli_helpers import meeple

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "raft"
GOOD = ["crossed-paths.raft", "one-step.raft", "lost.raft"]


def example(name: str) -> str:
    return str(EXAMPLES / name)


@pytest.mark.parametrize("name", GOOD)
def test_check_accepts_the_examples(name: str) -> None:
    run = meeple(["check", example(name)])
    assert run.code == 0, run.out + run.err


@pytest.mark.parametrize("name", GOOD)
def test_examples_are_canonical(name: str) -> None:
    assert meeple(["fmt", "--check", example(name)]).code == 0


def test_check_names_the_illegal_line_and_the_rule() -> None:
    run = meeple(["check", example("illegal.raft")])
    assert run.code == 1
    assert "illegal.raft:10:1: error: illegal move Y13041204Ar" in run.out
    assert "a yellow cat cannot end on square (12,4)" in run.out
    assert "    ^" in run.out


def test_check_points_at_a_malformed_move() -> None:
    run = meeple(["check", example("malformed.raft")])
    assert run.code == 1
    assert "malformed.raft:4:7: error: expected an orientation N E S or W" in run.out


def test_replay_json_gives_five_strings_and_the_status_per_line() -> None:
    run = meeple(["replay", "--json", example("lost.raft")])
    assert run.code == 0
    steps = [json.loads(line) for line in run.out.splitlines()]
    record_moves = [None, "A3B1D2", "R01100210Ah", "Ai0609N", "a0406FN"]
    assert [step["move"] for step in steps] == record_moves
    own = [step["state"] for step in steps]  # the game's own object (docs/formats/raft.md)
    assert [state["move"] for state in own] == record_moves
    assert all(len(state["state"]) == 5 for state in own)
    assert own[0]["state"][2] == "ABCD" and own[1]["state"][2] == "AhirBkCDaq"
    assert own[2]["state"][3] == "R0210"
    assert [step["status"] for step in steps] == ["playing"] * 4 + ["lost"]
    assert [state["status"] for state in own] == ["playing"] * 4 + ["lost"]
    assert own[-1]["reason"] == "the green cat at (4,4) can no longer reach the raft"
    assert own[-1]["next"] is None and own[3]["next"] == "fire"
    assert steps[-1]["text"] == "lost: the green cat at (4,4) can no longer reach the raft"
    assert [step["to_move"] for step in steps] == ["you"] * 4 + [None]


def test_replay_text_ends_with_the_result() -> None:
    run = meeple(["replay", example("one-step.raft")])
    assert run.code == 0
    assert run.out.rstrip().endswith("result: won: every cat is on the raft")


def test_show_draws_cats_and_raft() -> None:
    run = meeple(["show", example("crossed-paths.raft"), "--step", "0"])
    assert run.code == 0
    assert "(R)" in run.out and "[@]" in run.out and "\x1b[" not in run.out
    # click drops ANSI codes when the output is not a terminal, so test the picture itself.
    assert meeple(["show", example("crossed-paths.raft"), "--color"]).code == 0
    record = parse_record((EXAMPLES / "crossed-paths.raft").read_text())
    assert "\x1b[42;1m(G)\x1b[0m" in render(record, color=True)
    assert "\x1b[" not in render(record)


def test_state_files_check_and_show() -> None:
    run = meeple(["check", example("seed-board.raftstate")])
    assert run.code == 0 and "18:6: lint: exhausted cat G0404 is out of order" in run.out
    assert meeple(["check", "--strict", example("seed-board.raftstate")]).code == 1
    shown = meeple(["show", example("seed-board.raftstate")])
    assert shown.code == 0 and "hand: AfhkBCDahw" in shown.out


def test_fmt_writes_records_and_states_canonically() -> None:
    messy = "\n  LNSNFC00000R01203 seed=4  \n\n#note\n  A6\r\n"
    run = meeple(["fmt", "--format", "raft", "-"], stdin=messy)
    assert run.code == 0 and run.out == "LNSNFC00000R01203 seed=4\n#note\nA6\n"
    assert meeple(["fmt", "--check", example("seed-board.raftstate")]).code == 0


def test_stdin_detection_and_usage_errors() -> None:
    text = (EXAMPLES / "one-step.raft").read_text()
    assert meeple(["check", "-"], stdin=text).code == 0
    assert meeple(["show", example("one-step.raft"), "--step", "9"]).code == 2


def test_qgn_round_trip_through_the_cli(tmp_path: Path) -> None:
    run = meeple(["convert", example("crossed-paths.raft"), "--to", "qgn"])
    assert run.code == 0 and '[key "race-to-the-raft"]' in run.out
    qgn_file = tmp_path / "game.qgn"
    qgn_file.write_text(run.out)
    back = meeple(["convert", str(qgn_file), "--to", "raft"])
    assert back.code == 0
    assert back.out == (EXAMPLES / "crossed-paths.raft").read_text()


def test_qgn_import_errors() -> None:
    good = '[key "race-to-the-raft"][teams "solo"][challenge "LNSNF0000C00300R00606"]'
    assert from_qgn(parse_qgn(good + " 0d&A6")).entries[0].move.total == 6  # type: ignore[union-attr]
    for bad, words in [
        ('[key "chess"][teams "solo"]', "not 'race-to-the-raft'"),
        ('[key "race-to-the-raft"][teams "solo"]', "challenge"),
        (good + " 0p&A6", "not what action letter"),
        (good + " 1d&A6", "only team 0"),
        (good + " 0d&A7", "count 1-6"),
        (good.replace("]", '][seed "x"]', 1), "whole number"),
    ]:
        with pytest.raises(NotationError, match=words):
            from_qgn(parse_qgn(bad))


def test_draw_with_named_cards_survives_qgn() -> None:
    record = parse_record((EXAMPLES / "one-step.raft").read_text())
    assert from_qgn(parse_qgn(dump_qgn(to_qgn(record)))).entries == record.entries


# -- the record notation ----------------------------------------------------------------------

CHALLENGE = "LNSNLASAF000300060012001506030903C000093030341203R11215"
lines = st.sampled_from(
    ["A3B1D2", "A6 AabcdefBCD", "Ab1208S", "l0003TW", "R01040410Ac", "B00010203AaBb"]
)
comments = st.lists(
    st.text(st.characters(codec="ascii", exclude_characters="\n\r"), max_size=8).map(
        lambda t: t.strip() or "c"
    ),
    max_size=2,
)


@given(
    st.lists(st.tuples(comments, lines), max_size=6),
    st.none() | st.integers(0, 10**6),
    comments,
    comments,
)
def test_record_round_trip(
    body: list[tuple[list[str], str]], seed: int | None, head: list[str], tail: list[str]
) -> None:
    text = "".join(f"#{c}\n" for c in head)
    text += CHALLENGE + ("" if seed is None else f" seed={seed}") + "\n"
    for notes, line in body:
        text += "".join(f"#{c}\n" for c in notes) + line + "\n"
    text += "".join(f"#{c}\n" for c in tail)
    record = parse_record(text)
    assert format_record(record) == text
    assert parse_record(format_record(record)) == record
    assert from_qgn(parse_qgn(dump_qgn(to_qgn(record)))).entries == tuple(
        type(e)(e.move, tuple(c.replace("}", ")") for c in e.comments)) for e in record.entries
    )


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        ("", 1, 1, "expected a challenge string"),
        (CHALLENGE + " seed=x\n", 1, 62, "digit of the seed"),
        (CHALLENGE + " sed=1\n", 1, 57, "seed=N"),
        (CHALLENGE + " seed=01\n", 1, 62, "leading zeros"),
        (CHALLENGE + "\nA3B1D2 AabcBdCDe\n", 2, 8, "takes 2 from deck D"),
        (CHALLENGE + "\n  \n# note\nQ\n", 4, 1, "expected a draw request"),
    ],
)
def test_record_errors(text: str, line: int, column: int, words: str) -> None:
    with pytest.raises(NotationError, match=words) as caught:
        parse_record(text)
    assert (caught.value.line, caught.value.column) == (line, column)


def test_qgn_comments_over_several_lines_become_one_record_comment_line() -> None:
    # Fuzzing found a QGN comment spanning lines written as a record that did not parse,
    # and "{c }" trimmed only on the second trip.
    qgn_text = meeple(["convert", example("one-step.raft"), "--to", "qgn"]).out
    qgn_text = qgn_text.replace("\n\n", "\n\n{a comment\nover two lines } {c } ", 1)
    record = meeple(["convert", "--format", "qgn", "-", "--to", "raft"], stdin=qgn_text).out
    assert "#a comment over two lines\n#c\n" in record
    assert meeple(["check", "--format", "raft", "-"], stdin=record).code == 0
    again = meeple(["convert", "--format", "raft", "-", "--to", "qgn"], stdin=record).out
    assert meeple(["convert", "--format", "qgn", "-", "--to", "raft"], stdin=again).out == record


SEEDED = "LNSNLASAF000300060012001506030903C000093030341203R11215 seed=1"


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        # Two malformed moves: both are reported.
        (["A3B1D2", "Ai0609", "ZZZ"], ["3:7: error: expected an orientation", "4:1: error: "]),
        # An illegal move, then a malformed one: the replay stops, reading goes on.
        (
            ["A3B1D2", "Ai0609N", "k0606FN", "Y13041204Ar", "QQ"],
            ["5:1: error: illegal move Y13041204Ar", "6:1: error: expected a draw request"],
        ),
        # A malformed move hides an illegal one after it (the game past it is unknown).
        (["A3B1D2", "Ai06", "k0606FN", "Y13041204Ar"], ["3:5: error: "]),
    ],
)
def test_check_reports_every_malformed_line_and_the_illegal_move_before_them(
    tmp_path: Path, lines: list[str], expected: list[str]
) -> None:
    record = tmp_path / "game.raft"
    record.write_text("\n".join([SEEDED, *lines]) + "\n")
    run = meeple(["check", "--json", str(record)])
    assert run.code == 1
    *found, summary = [json.loads(line) for line in run.out.splitlines()]
    heads = [f"{f['line']}:{f['column']}: {f['severity']}: {f['message']}" for f in found]
    assert len(heads) == len(expected)
    for head, start in zip(heads, expected, strict=True):
        assert head.startswith(start)
    assert summary["summary"]["findings"] == len(expected)


def test_a_malformed_challenge_line_still_reports_the_malformed_moves(tmp_path: Path) -> None:
    record = tmp_path / "game.raft"
    record.write_text("LNSNL seed=1\nA3B1D2\nQQ\n")
    run = meeple(["check", str(record)])
    assert run.code == 1
    assert f"{record}:1:6: error: expected an island rotation" in run.out
    assert f"{record}:3:1: error: expected a draw request" in run.out
    assert meeple(["check", "-"], stdin="# nothing\n").code == 1


@pytest.mark.parametrize(
    ("hand", "shown"), [("ABCD", "hand: empty\n"), ("AfBCD", "hand: AfBCD (1 card)\n")]
)
def test_a_hand_is_worded_by_its_size(hand: str, shown: str) -> None:
    """Not `ABCD (0 cards)` (the notation's empty hand) nor `(1 cards)`."""
    state = (EXAMPLES / "seed-board.raftstate").read_text().replace("AfhkBCDahw", hand)
    run = meeple(["show", "-"], stdin=state)
    assert run.code == 0 and shown in run.out


@pytest.mark.parametrize(
    ("bag", "shown"), [("", "fire bag: empty\n"), ("a", "fire bag: a (1 tile)\n")]
)
def test_a_fire_bag_is_worded_by_its_size(bag: str, shown: str) -> None:
    """Not `fire bag: empty (0 tiles)`, which says the same thing twice."""
    state = (EXAMPLES / "seed-board.raftstate").read_text()
    state = state.replace("abcdefghijklmnopqrstuvwxyzABCDE", bag)
    run = meeple(["show", "-"], stdin=state)
    assert run.code == 0 and shown in run.out + "\n"
