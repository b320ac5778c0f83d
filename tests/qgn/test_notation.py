"""QGN notation: golden files from seed 004, positioned errors, canonical writing."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import meeple
from meeple import qgn
from meeple.qgn import Action, Snapshot
from tests.cli_helpers import meeple as meeple_cli

GOLDEN = Path(__file__).parent / "golden"


def test_seed_example_reads_as_the_seed_describes() -> None:
    game = qgn.parse((GOLDEN / "seed-example.qgn").read_text())
    assert game.key == "carcassonne"
    assert game.teams == ["a", "b"]
    assert game.tags["date"] == "10-31-2021"
    assert game.actions[0] == Action(0, "c")
    assert game.actions[2] == Action(0, "b", ("1", "2", "k", "b"))
    commented = game.actions[8]
    assert commented == Action(0, "a", ("2", "2"), ("you can add\ncomments like so",))
    assert len(game.actions) == 10


def test_seed_example_rewritten_is_canonical() -> None:
    text = (GOLDEN / "seed-example.qgn").read_text()
    assert qgn.dump(qgn.parse(text)) == text


def _seed_example_as_written() -> str:
    """Seed 004's QGN example exactly as printed, from its first tag to its last action
    (seed 004_cdcd9f6dcaa9eaef.txt, lines 26-32, kept in golden/)."""
    return (GOLDEN / "seed-example-as-printed.qgn").read_text()


def test_the_seed_example_as_written_differs_from_canonical_by_one_blank_line(
    tmp_path: Path,
) -> None:
    """docs/formats/qgn.md: canonical form puts a blank line after the tags; the seed's
    example has none, so `fmt --check` refuses it and `fmt` adds only that line."""
    written = _seed_example_as_written()
    golden = (GOLDEN / "seed-example.qgn").read_text()
    assert qgn.parse(written) == qgn.parse(golden)
    assert written != golden
    assert written.replace('[date "10-31-2021"]\n', '[date "10-31-2021"]\n\n') == golden
    path = tmp_path / "seed.qgn"
    path.write_text(written)
    run = meeple_cli(["fmt", "--check", str(path)])
    assert run.code == 1 and "not in canonical form" in run.out + run.err
    assert meeple_cli(["fmt", "-"], written).out == golden


def test_seed_go_parse_example_without_any_layout() -> None:
    game = qgn.parse((GOLDEN / "seed-parse-example.qgn").read_text())
    assert game.tags == {"key": "carcassonne", "teams": "a, b", "seed": "123"}
    assert game.actions == (Action(0, "c"), Action(0, "a", ("1", "2")))


def test_tag_values_unescape_and_escape() -> None:
    game = qgn.parse(r'[key "say \"hi\" \\o/"][teams "a"]')
    assert game.key == 'say "hi" \\o/'
    assert qgn.dump(game) == '[key "say \\"hi\\" \\\\o/"]\n[teams "a"]\n'


def test_writer_puts_key_and_teams_first_then_tags_in_order() -> None:
    game = Snapshot({"z": "1", "teams": "a, b", "a": "2", "key": "k"}, (Action(1, "x"),))
    assert qgn.dump(game) == '[key "k"]\n[teams "a, b"]\n[z "1"]\n[a "2"]\n\n1x\n'


def test_writer_wraps_actions_at_80_columns() -> None:
    actions = tuple(Action(i % 2, "m", (str(i), "long_detail")) for i in range(60))
    text = qgn.dump(Snapshot({"key": "k", "teams": "a, b"}, actions))
    action_lines = text.split("\n\n", 1)[1].splitlines()
    assert len(action_lines) > 5
    assert all(len(line) <= 80 for line in action_lines)
    assert qgn.parse(text).actions == actions


def test_comments_before_tags_and_after_actions_are_kept() -> None:
    game = qgn.parse('{intro} [key "k"] {among} [teams "a"] {first} 0a {end}')
    assert game.leading_comments == ("intro", "among")
    assert game.actions == (Action(0, "a", (), ("first",)),)
    assert game.final_comments == ("end",)
    assert qgn.dump(game) == '{intro}\n{among}\n[key "k"]\n[teams "a"]\n\n{first} 0a {end}\n'
    assert qgn.parse(qgn.dump(game)) == game


def test_team_index_may_have_several_digits() -> None:
    assert qgn.parse('[key "k"][teams "a"] 12z&x').actions == (Action(12, "z", ("x",)),)


def test_a_team_index_of_thousands_of_digits_is_a_notation_error() -> None:
    with pytest.raises(meeple.NotationError) as caught:
        qgn.parse('[key "k"][teams "a"]\n' + "9" * 5000 + "a")
    assert (caught.value.line, caught.value.column) == (2, 1)
    assert "team index of 5000 digits" in caught.value.message


def test_a_game_without_teams_cannot_be_followed_by_another() -> None:
    with pytest.raises(meeple.NotationError) as caught:
        qgn.parse_many('[key "a"]\n[key "b"]\n[teams "x"]\n')
    assert (caught.value.line, caught.value.column) == (2, 1)
    assert "a second [key] starts a new game at line 2; the game before it has no [teams]" in (
        caught.value.message
    )


def test_comments_among_a_later_games_tags_stay_with_that_game() -> None:
    text = '[key "a"]\n[teams "x"]\n\n0a {end of a}\n\n[key "b"]\n{about b}\n[teams "y"]\n\n0b\n'
    games = qgn.parse_many(text)
    assert games[0].final_comments == ("end of a",)
    assert games[1].leading_comments == ("about b",)
    assert qgn.dump_many(games) == text
    assert qgn.parse_many(qgn.dump_many(games)) == games


ERRORS = [
    ('[key "k"]\n0a', "missing required tag [teams", 2, 1),
    ('[teams "a"] 0a', "missing required tag [key", 1, 13),
    ('[key "k"]', "missing required tag [teams", 1, 10),
    ('[key "k" [teams "a"]]', "nested '['", 1, 10),
    ('[key [teams "a"]]', "expected a space and '\"'", 1, 6),
    ('[[key "k"]', "nested '['", 1, 2),
    ('[key "k"]]', "']' with no '['", 1, 10),
    ('[key "k"\n[teams "a"]', "expected ']' to close tag 'key'", 1, 9),
    ('[key "k]\n[teams "a"]', "expected '\"' to close the value of tag 'key'", 1, 9),
    ('[key "k\\n"][teams "a"]', "unknown escape", 1, 8),
    ('[key "k"][teams "a"]\n0a {open\nstill open', "unterminated comment", 2, 4),
    ('[key "k"][teams "a"] 0a }', "'}' with no '{'", 1, 25),
    ('[key "k"][teams "a"] a&1', "has no team index", 1, 22),
    ('[key "k"][teams "a"] 0 a', "has no action character", 1, 23),
    ('[key "k"][teams "a"] 0&1', "has no action character", 1, 23),
    ('[key "k"][teams "a"] 0a&1&2', "a second '&'", 1, 26),
    ('[key "k"][teams "a"] 0a&', "empty detail", 1, 25),
    ('[key "k"][teams "a"] 0a&1..2', "empty detail", 1, 27),
    ('[key "k"][teams "a"] 0a&1.', "empty detail", 1, 27),
    ('[key "k"][teams "a"] 0ab', "unexpected 'b'", 1, 24),
    ('[key "k"][teams "a"][teams "b"]', "tag 'teams' given twice", 1, 21),
    (
        '[key "k"][teams "a"][key "l"][teams "a"]',
        "a second [key] starts a new game at line 1",
        1,
        21,
    ),
    ('[key "k"][teams "a"] 0a [key "l"][teams "b"] 1b', "starts a new game at line 1", 1, 25),
    ('[key "k"][teams "a"]\n0a\n[result "1-0"]', "tag [result ...] after the actions", 3, 1),
    ("", "no tag", 1, 1),
    ("{just a comment}", "found only comments", 1, 17),
    ('[key "k"][teams "a"] 0a @', "unexpected '@'", 1, 25),
]


@pytest.mark.parametrize(("text", "message", "line", "column"), ERRORS)
def test_errors_say_what_and_where(text: str, message: str, line: int, column: int) -> None:
    with pytest.raises(meeple.NotationError) as caught:
        qgn.parse(text, "game.qgn")
    error = caught.value
    assert message in error.message
    assert (error.source, error.line, error.column) == ("game.qgn", line, column)
    rendered = str(error).splitlines()
    assert rendered[0] == f"game.qgn:{line}:{column}: {error.message}"
    if len(rendered) == 3:
        assert rendered[2].index("^") == 4 + column - 1


def test_error_rendering_matches_the_guide() -> None:
    with pytest.raises(meeple.NotationError) as caught:
        qgn.parse('[key "k"]\n\n[teams "red, blue]\n0a', "game.qgn")
    assert str(caught.value) == (
        "game.qgn:3:19: expected '\"' to close the value of tag 'teams' before the line ends\n"
        '    [teams "red, blue]\n'
        "                      ^"
    )


def test_team_outside_the_list_is_a_warning_not_an_error() -> None:
    text = '[key "k"]\n[teams "a, b"]\n0a 2b 1c'
    (finding,) = qgn.team_findings(text, "g.qgn")
    assert finding.severity == "warning"
    assert (finding.location.line, finding.location.column) == (3, 4)
    assert "team index 2 is outside the teams list (0 to 1)" in finding.message


def test_team_findings_follow_each_game_of_a_file() -> None:
    text = '[key "a"][teams "x"] 0a 1a [key "b"][teams "x, y"] 1b [key "c"][teams ""] 0c'
    found = [(f.location.column, f.message) for f in qgn.team_findings(text)]
    assert found == [
        (25, "team index 1 is outside the teams list (0 to 0)"),
        (65, "the teams tag lists no team"),
        (75, "team index 0 is outside the teams list (none)"),
    ]


def test_many_games_in_one_file() -> None:
    text = (
        '[key "a"][teams "x"] 0a\n\n[key "b"][teams "y, z"] 1b {c} 0c {end}\n[key "c"][teams "q"]'
    )
    games = qgn.parse_many(text)
    assert [g.key for g in games] == ["a", "b", "c"]
    assert games[1].final_comments == ("end",)
    assert list(qgn.iter_games(io.StringIO(text))) == games
    assert qgn.parse_many(qgn.dump_many(games)) == games


def test_streaming_handles_tokens_cut_by_chunk_boundaries(monkeypatch: pytest.MonkeyPatch) -> None:
    from meeple.qgn import notation

    text = (
        '[key "a"][teams "x, y"] 0a&12.34 {a comment\nover lines} 1b\n'
        '[key "b"]\n[teams "x"] 0c&1.2.3 0d\n'
    ) * 7
    monkeypatch.setattr(notation, "_CHUNK", 5)
    streamed = list(qgn.iter_games(io.StringIO(text)))
    monkeypatch.undo()
    assert streamed == qgn.parse_many(text)


def test_streaming_reports_positions_in_the_whole_file(monkeypatch: pytest.MonkeyPatch) -> None:
    from meeple.qgn import notation

    text = '[key "a"][teams "x"] 0a\n' * 50 + '[key "b"][teams "x"]\n 0a&&\n'
    monkeypatch.setattr(notation, "_CHUNK", 7)
    with pytest.raises(meeple.NotationError) as caught:
        list(qgn.iter_games(io.StringIO(text)))
    assert (caught.value.line, caught.value.column) == (52, 5)


def test_iter_games_reads_a_path(tmp_path: Path) -> None:
    path = tmp_path / "many.qgn"
    path.write_text('[key "a"][teams "x"] 0a [key "b"][teams "x"] 0b')
    assert [g.key for g in qgn.iter_games(path)] == ["a", "b"]
    loaded = meeple.load(path)
    assert isinstance(loaded, qgn.Games)
    assert [g.key for g in loaded] == ["a", "b"]
    path.write_text('[key "a"][teams "x"] 0a&')
    with pytest.raises(meeple.NotationError) as caught:
        meeple.load(path)
    assert caught.value.source == str(path)


def test_front_door_detects_and_round_trips(tmp_path: Path) -> None:
    text = (GOLDEN / "seed-example.qgn").read_text()
    assert meeple.detect(text) == "qgn"
    game = meeple.loads(text)
    assert meeple.dumps(game) == text
    out = io.StringIO()
    meeple.dump(game, out)
    assert out.getvalue() == text
    path = tmp_path / "game.qgn"
    path.write_text(text)
    assert meeple.load(path) == game
    with path.open() as handle:
        assert meeple.load(handle) == game


def test_bad_utf8_is_a_positioned_notation_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.qgn"
    path.write_bytes(b'[key "k"]\n[teams "a\xff"]')
    with pytest.raises(meeple.NotationError) as caught:
        meeple.load(path)
    assert (caught.value.line, caught.value.column) == (2, 10)
    assert "not UTF-8" in caught.value.message


def test_parsed_actions_behave_as_the_tuple_of_the_same_actions() -> None:
    import pickle

    game = qgn.parse('[key "k"][teams "a, b"] 0a&1.2 {why} 1b 0a&1.2 {last}')
    expected = (
        Action(0, "a", ("1", "2")),
        Action(1, "b", (), ("why",)),
        Action(0, "a", ("1", "2")),
    )
    assert game.actions == expected and expected == game.actions
    assert len(game.actions) == 3 and game.actions[1] == expected[1]
    assert game.actions[1:] == expected[1:] and list(game.actions) == list(expected)
    assert hash(game.actions) == hash(expected)
    assert pickle.loads(pickle.dumps(game)) == game
    assert game.final_comments == ("last",)
