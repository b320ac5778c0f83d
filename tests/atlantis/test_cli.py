"""The `meeple` command on Atlantis transcripts, end to end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from meeple import qgn
from tests.cli_helpers import meeple

GOLDEN = Path(__file__).parent / "golden"
EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "atlantis"


def test_check_accepts_valid_transcripts() -> None:
    run = meeple(["check", str(GOLDEN / "seed-players.json"), str(EXAMPLES / "game.json")])
    assert run.code == 0, run.out
    assert "2 valid, 0 invalid" in run.err


def test_check_reports_syntax_errors_with_line_column_and_caret() -> None:
    run = meeple(["check", str(GOLDEN / "seed-events.json5")])
    assert run.code == 1
    lines = run.out.splitlines()
    assert lines[0].endswith(
        "seed-events.json5:32:11: error: expected ',' or '}' after the value,"
        ' found the string "moves" (a comma is missing)'
    )
    assert lines[2] == "              ^"


def test_check_replays_and_reports_the_first_illegal_move() -> None:
    run = meeple(["check", str(GOLDEN / "seed-events-fixed.json5")])
    assert run.code == 1
    assert ":32:33: error: turn 1 (John), move 2 b2-c3: one move from each segment" in run.out


def test_check_reads_standard_input_and_refuses_other_json() -> None:
    good = (GOLDEN / "seed-board.json").read_text(encoding="utf-8")
    assert meeple(["check", "-"], stdin=good).code == 0
    other = meeple(["check", "-"], stdin='{"data": {"segments": []}}')
    assert other.code == 1
    assert "cannot tell which notation" in other.out


def test_fmt_writes_canonical_json(tmp_path: Path) -> None:
    source = EXAMPLES / "handwritten.json5"
    run = meeple(["fmt", "--drop-comments", "-"], stdin=source.read_text(encoding="utf-8"))
    assert run.code == 0
    assert json.loads(run.out)["events"][1] == {"type": "turn", "moves": [["a1", "b2"]]}
    target = tmp_path / "game.json"
    target.write_text(run.out, encoding="utf-8")
    assert meeple(["fmt", "--check", str(target)]).code == 0
    assert meeple(["fmt", "--check", str(source)]).code == 1
    assert meeple(["fmt", "--check", str(EXAMPLES / "game.json")]).code == 0


def test_replay_json_gives_every_state_then_scores_and_ranking() -> None:
    run = meeple(["replay", "--json", str(EXAMPLES / "game.json")])
    assert run.code == 0
    states = [json.loads(line) for line in run.out.splitlines()]
    game = json.loads((EXAMPLES / "game.json").read_text(encoding="utf-8"))
    turns = [event for event in game["events"] if event["type"] == "turn"]
    # One state per engine move: each move of stones, and each end of a turn.
    played = [move for turn in turns for move in [*turn["moves"], "end"]]
    assert len(states) == len(played) + 1
    assert [s["move"] for s in states[1:]] == [
        move if move == "end" else f"{move[0]}-{move[1]}" for move in played
    ]
    own = [s["state"] for s in states]
    assert [o["turn"] for o in own] == [0] + [
        sum(1 for m in played[: i + 1] if m == "end") for i in range(len(played))
    ]
    first, last = own[0], own[-1]
    assert len(first["fields"]) == 7 * len(game["segments"])
    assert set(first["fields"][0]) == {"field", "state", "owner", "stones"}
    assert not first["over"] and last["over"] and last["to_move"] is None
    stable = [a for a in last["areas"] if a["stable"] and a["owner"] is not None]
    for player, score in enumerate(last["scores"]):
        assert score == sum(len(a["fields"]) for a in stable if a["owner"] == player)
    assert last["ranking"] == sorted(
        range(len(last["scores"])), key=lambda p: (-last["scores"][p], -p)
    )


def test_replay_draws_every_state_and_the_result() -> None:
    run = meeple(["replay", str(EXAMPLES / "handwritten.json5")])
    assert run.code == 0
    assert run.out.count("== step") == 5  # the start, a1-b2, end, end (the second turn is empty)
    assert run.out.rstrip().endswith("result: after 2 turns: John (A) to move")


def test_show_draws_the_board_at_a_step() -> None:
    run = meeple(["show", str(EXAMPLES / "handwritten.json5"), "--step", "4"])
    assert run.code == 0
    lines = run.out.splitlines()
    assert lines[0] == "after 2 turns: John (A) to move"
    assert " (1B)   c4    2B" in lines  # c5 exploded and grew; d4 still holds two
    assert "A = John   B = Mary" in lines
    too_far = meeple(["show", str(EXAMPLES / "handwritten.json5"), "--step", "9"])
    assert too_far.code == 2


def test_convert_to_qgn_and_back() -> None:
    run = meeple(["convert", str(EXAMPLES / "handwritten.json5"), "--to", "qgn"])
    assert run.code == 0
    snapshot = qgn.parse(run.out)
    assert snapshot.tags["key"] == "atlantis"
    assert snapshot.tags["stacks1"] == "c3:2 d4:2"
    # The JSON5 comments travel in QGN, so JSON refuses them back without --drop-comments.
    back = meeple(["convert", "-", "--to", "atlantis", "--drop-comments"], stdin=run.out)
    assert back.code == 0
    turns = json.loads(back.out)["events"]
    assert turns == [
        {"type": "chat", "user": "john", "message": "hello Mary"},
        {"type": "turn", "moves": [["a1", "b2"]]},
        {"type": "turn", "moves": [["c3", "c5"]]},
    ]


def test_a_broken_qgn_snapshot_is_reported() -> None:
    text = '[key "atlantis"]\n[teams "a, b"]\n[segments "a1 b1"]\n\n1t&a1-b1\n'
    run = meeple(["convert", "-", "--to", "atlantis"], stdin=text)
    assert run.code == 1
    assert "turn 1 belongs to team 0, not 1" in run.err


def test_an_unknown_major_version_is_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "v2.json"
    path.write_text('{"version": "2.0", "segments": [["a1"]]}', encoding="utf-8")
    run = meeple(["check", str(path)])
    assert run.code == 0
    assert "v2.json:1:13: warning: version '2.0': meeple reads version 1 transcripts" in run.out
    assert meeple(["check", "--strict", str(path)]).code == 1


def test_a_board_alone_is_shown_and_replayed() -> None:
    board = str(GOLDEN / "seed-board.json")
    run = meeple(["show", board, "--step", "0"])
    assert run.code == 0
    assert run.out.splitlines()[0] == "a board without players"
    assert "  c6    .     d5    .     e4    ." in run.out.splitlines()
    assert meeple(["replay", "--json", board]).out.count("\n") == 1


def test_turns_without_players_are_a_rule_error() -> None:
    text = '{"segments": [["a1"]],\n "events": [{"type": "turn", "moves": []}]}'
    run = meeple(["check", "--format", "atlantis", "-"], stdin=text)
    assert run.code == 1
    assert (
        "<stdin>:2:13: error: turn 1: the transcript has no players, so no turn can follow"
        in run.out
    )


def test_fields_too_far_apart_to_draw_are_listed(tmp_path: Path) -> None:
    path = tmp_path / "far.json"
    path.write_text('{"segments": [["a1"], ["zzz900000"]]}', encoding="utf-8")
    run = meeple(["show", str(path)])
    assert run.code == 0
    assert "a1: .\nzzz900000: ." in run.out


@pytest.mark.parametrize("command", ["check", "show", "replay", "fmt", "convert"])
def test_a_lone_surrogate_escape_is_a_positioned_error_and_the_file_survives(
    command: str, tmp_path: Path
) -> None:
    # Fuzzing found "\ud800" read as a name that no UTF-8 file can hold: fmt emptied the
    # file, show and replay crashed. It is an error at the escape now, for every command.
    text = '{"segments": [["a1"]], "players": [{"name": "A\\ud800", "stacks": {"a1": 1}}]}\n'
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    args = [command, str(path)] + (["--to", "qgn"] if command == "convert" else [])
    run = meeple(args)
    assert run.code == 1
    assert f"{path}:1:47: error: \\ud800 is half of a UTF-16 surrogate pair" in run.out + run.err
    assert "Traceback" not in run.out + run.err
    assert path.read_text(encoding="utf-8") == text


def test_a_whole_surrogate_pair_is_one_character() -> None:
    text = '{"segments": [["a1"]], "players": [{"name": "A\\ud83d\\ude00", "stacks": {"a1": 1}}]}'
    run = meeple(["show", "--format", "atlantis", "-"], stdin=text)
    assert run.code == 0 and "A\U0001f600" in run.out


def test_fmt_never_drops_comments_unless_asked(tmp_path: Path) -> None:
    # `meeple fmt hand.json5` used to rewrite the file as JSON, deleting every comment.
    path = tmp_path / "hand.json5"
    text = (EXAMPLES / "handwritten.json5").read_text(encoding="utf-8")
    path.write_text(text, encoding="utf-8")
    run = meeple(["fmt", str(path)])
    assert run.code == 1
    assert f"{path}:1:1: error: the transcript has 4 comments" in run.err
    assert "--drop-comments" in run.err
    assert path.read_text(encoding="utf-8") == text  # untouched
    assert meeple(["fmt", "--drop-comments", str(path)]).code == 0
    assert "//" not in path.read_text(encoding="utf-8")
    assert meeple(["fmt", "--check", str(path)]).code == 0


def test_fmt_of_standard_input_names_it_as_every_message_does() -> None:
    """`<stdin>`, not `-`, as every other message names standard input."""
    run = meeple(["fmt", "-"], stdin=(EXAMPLES / "handwritten.json5").read_text(encoding="utf-8"))
    assert run.code == 1
    assert run.err.startswith("<stdin>:1:1: error: the transcript has 4 comments")


def test_replay_json_works_out_each_states_areas_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from meeple.atlantis import rules

    calls = []
    real = rules.areas

    def counted(*args: object) -> object:
        calls.append(1)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(rules, "areas", counted)
    run = meeple(["replay", "--json", str(EXAMPLES / "game.json")])
    assert run.code == 0
    # The areas of one state feed its scores, its ranking and its `areas` list.
    assert len(calls) == len(run.out.splitlines())


def test_every_problem_inside_events_names_its_turn(tmp_path: Path) -> None:
    text = (EXAMPLES / "game.json").read_text(encoding="utf-8")
    path = tmp_path / "bad.json"
    # Turn 4 is Ben's (chats do not count); "c5" and "e9" lie on no line of the grid.
    path.write_text(text.replace('[["b5", "c5"]]', '[["b5", "c5"], ["c5", "e9"]]'))
    run = meeple(["check", str(path)])
    assert run.code == 1
    assert "error: turn 4 (Ben), move 2 c5-e9: no move: the two fields must differ" in run.out
    path.write_text(text.replace('"type": "chat", "message": "good luck!"', '"type": "chat"'))
    assert "error: event 1: a chat needs a 'message'" in meeple(["check", str(path)]).out


def test_a_misspelt_known_key_is_a_warning_with_the_key_meant(tmp_path: Path) -> None:
    text = (EXAMPLES / "game.json").read_text(encoding="utf-8")
    path = tmp_path / "typos.json"
    path.write_text(
        text.replace('"name": "Ann"', '"nmae": "Ann"')
        .replace('"color": "blue",', '"color": "blue", "stakcs": {},')
        .replace('"user": "Ann",\n', '"user": "Ann",\n  "segements": [],\n')
    )
    run = meeple(["check", str(path)])
    assert run.code == 0  # kept, and still a valid transcript
    warnings = [line.split(": ", 1)[1] for line in run.out.splitlines() if ": warning: " in line]
    assert warnings == [
        "warning: unknown key 'nmae' (kept as it is): did you mean 'name'?",
        "warning: unknown key 'stakcs' (kept as it is): did you mean 'stacks'?",
        "warning: unknown key 'segements' (kept as it is): did you mean 'segments'?",
    ]
    assert meeple(["check", "--strict", str(path)]).code == 1
    assert '"nmae": "Ann"' in meeple(["convert", str(path), "--to", "atlantis"]).out
    path.write_text(text.replace('"segments"', '"segements"'))
    run = meeple(["check", str(path)])
    assert "error: an Atlantis transcript needs a 'segments' list" in run.out
    assert "did you mean 'segments'?" in run.out and ":4:3:" in run.out


MANY = """{
  "segments": [["a1", "a2", "b1", "b2", "b3", "c2"], ["c3", "d4", "d5", "c4", "c5"]],
  "players": [
    {"name": "John", "stacks": {"a1": 1, "a2": 0, "b1": -2}},
    {"name": "Mary", "stacks": {"c3": 2, "d4": 2}}
  ],
  "events": [
    {"type": "turn", "moves": [["a1", "b2"], ["b2", "c3"]]},
    {"type": "turn", "moves": [["c3", "c4"], ["zz", "d5"]]},
    {"type": "turn", "moves": [["b2", 7]]},
    {"type": "turn", "moves": "b2-c3"},
    {"type": "turn", "moves": [["b1", "b1"], ["a1"]]},
  ]
}
"""


def test_check_reports_every_malformed_move_and_the_rules_before_them(tmp_path: Path) -> None:
    path = tmp_path / "many.json5"
    path.write_text(MANY)
    run = meeple(["check", str(path)])
    assert run.code == 1
    errors = [line for line in run.out.splitlines() if ": error: " in line]
    assert [line.split(": error: ")[0] for line in errors] == [
        f"{path}:{place}" for place in ("8:46", "9:47", "10:39", "11:31", "12:32", "12:46")
    ]
    assert "turn 1 (John), move 2 b2-c3: one move from each segment" in errors[0]
    assert "the replay stops at this move" in errors[0]
    assert "turn 2 (Mary), move 2: bad field 'zz'" in errors[1]
    assert "turn 3 (John), move 1: expected a field such as 'b3'" in errors[2]
    assert "turn 4 (Mary): expected a list of moves" in errors[3]
    assert "turn 5 (John), move 1 b1-b1: no move" in errors[4]
    assert "turn 5 (John), move 2: a move is [from, to]" in errors[5]
    assert "6 findings" in run.err


def test_a_missing_comma_is_read_as_written_and_the_rules_still_run() -> None:
    run = meeple(["check", str(EXAMPLES / "broken.json5")])
    assert run.code == 1
    errors = [line for line in run.out.splitlines() if ": error: " in line]
    assert len(errors) == 2
    assert ":32:11: error: expected ',' or '}' after the value" in errors[0]
    assert ":32:33: error: turn 1 (John), move 2 b2-c3: one move from each segment" in errors[1]


def test_other_json_syntax_errors_stop_the_reading_and_say_so(tmp_path: Path) -> None:
    path = tmp_path / "cut.json"
    path.write_text(MANY.replace('"c3", "c4"', '"c3" "c4" ]]'))
    run = meeple(["check", str(path)])
    assert run.code == 1
    errors = [line for line in run.out.splitlines() if ": error: " in line]
    assert "not read past this JSON syntax error" in errors[-1]


def test_a_rule_error_in_qgn_points_at_the_move_inside_the_turn(tmp_path: Path) -> None:
    converted = meeple(["convert", "--to", "qgn", "--force", str(EXAMPLES / "illegal.json5")])
    assert converted.code == 0
    path = tmp_path / "illegal.qgn"
    path.write_text(converted.out)
    last = converted.out.rstrip().splitlines()[-1]
    assert last == "0t&a1-b2.b2-c3.c2-c4"
    line = converted.out.count("\n")
    for command in (["check"], ["replay"], ["show"]):
        run = meeple([*command, str(path)])
        assert run.code == 1
        report = run.out + run.err
        assert f"{path}:{line}:10: error: turn 1 (John), move 2 b2-c3: " in report, report
        assert "\n    0t&a1-b2.b2-c3.c2-c4\n" + " " * 13 + "^" in report


# -- nothing dropped without a word on the way to QGN ----------------------------------


def test_a_chat_goes_into_qgn_as_a_comment_and_comes_back() -> None:
    game = EXAMPLES / "game.json"
    run = meeple(["convert", str(game), "--to", "qgn"])
    assert (run.code, run.err) == (0, "")
    assert '{chat ["Ann","2026-11-23T10:00:00Z","good luck!"]} 0t&d3-f3' in run.out
    back = meeple(["convert", "-", "--format", "qgn", "--to", "atlantis"], stdin=run.out)
    assert back.code == 0, back.err
    assert back.out == game.read_text()


def test_json5_comments_go_into_qgn_and_json_refuses_them_back_as_fmt_does() -> None:
    handwritten = EXAMPLES / "handwritten.json5"
    run = meeple(["convert", str(handwritten), "--to", "qgn"])
    assert run.code == 0, run.err
    assert "{// one stone, one step}" in run.out
    assert '{chat ["john",null,"hello Mary"]}' in run.out
    assert meeple(["check", "-"], stdin=run.out).code == 0  # its comments play no part
    back = meeple(["convert", "-", "--format", "qgn", "--to", "atlantis"], stdin=run.out)
    assert back.code == 1
    assert "the transcript has 4 comments" in back.err and "--drop-comments" in back.err
    dropped = ["convert", "-", "--format", "qgn", "--to", "atlantis", "--drop-comments"]
    assert meeple(dropped, stdin=run.out).code == 0


@pytest.mark.parametrize(
    ("change", "lost"),
    [
        ({"referee": "Zoe"}, "the transcript's key 'referee'"),
        ({"events": [{"type": "pause"}]}, "an event of type 'pause' (event 1)"),
        ({"events": [{"type": "chat", "message": "hi", "mood": 1}]}, "the key 'mood' of the chat"),
        ({"players": [{"stacks": {"a1": 1}}]}, "that player 1 has no name"),
    ],
)
def test_what_qgn_cannot_hold_is_refused_naming_it_and_the_option(
    change: dict[str, object], lost: str
) -> None:
    ann = {"name": "Ann", "stacks": {"a1": 1}}
    record = {"version": "1.0", "segments": [["a1", "a2"]], "players": [ann], **change}
    text = json.dumps(record)
    run = meeple(["convert", "-", "--format", "atlantis", "--to", "qgn"], stdin=text)
    assert run.code == 1 and run.out == ""
    assert f"QGN cannot hold {lost}" in run.err and "--drop-lost" in run.err
    dropped = meeple(["convert", "-", "--format", "atlantis", "--to", "qgn", "--drop-lost"], text)
    assert dropped.code == 0, dropped.err
    assert dropped.out.startswith('[key "atlantis"]')
