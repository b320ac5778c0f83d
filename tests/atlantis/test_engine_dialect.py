"""The reference engine's own transcripts (maksverver/atlantis-heroku).

Its `GameState.objectify()` (js/common/GameState.js) writes the keys `format`, `version`,
`segments` (lists of lower-case field names), `players` (`color`, `name`, `stacks`) and
`turns`: one list per turn, each a list of `[from, to]` pairs (as MoveSelection.getMoves
gives them), and spells the format "Atlantis trancript". meeple reads that form, says so
with a lint, and writes its own canonical form (docs/formats/atlantis.md).
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import meeple
from meeple.atlantis.notation import ENGINE_FORMAT_NAME, dump, looks_like_transcript, parse
from meeple.errors import NotationError
from tests.cli_helpers import meeple as run_meeple

GAME = Path(__file__).resolve().parents[2] / "examples" / "atlantis" / "game.json"


def engine_form(with_format: bool = True) -> str:
    """examples/atlantis/game.json as the engine would write it: turns only, no events."""
    ours = json.loads(GAME.read_text())
    turns = [event["moves"] for event in ours["events"] if event["type"] == "turn"]
    engine: dict[str, Any] = {"format": ENGINE_FORMAT_NAME, "version": "1.0"} if with_format else {}
    engine |= {"segments": ours["segments"], "players": ours["players"], "turns": turns}
    return json.dumps(engine, indent=2)


def turns_of(text: str) -> int:
    return len(parse(text).events)


def test_the_engine_spelling_is_what_the_engine_writes() -> None:
    assert ENGINE_FORMAT_NAME == "Atlantis trancript"


@pytest.mark.parametrize("with_format", [True, False])
def test_engine_turns_are_read_as_the_turns(with_format: bool) -> None:
    text = engine_form(with_format)
    ours = parse(GAME.read_text())
    turns = [event for event in ours.events if isinstance(event, type(ours.events[1]))]
    assert parse(text).events == tuple(turns)
    assert looks_like_transcript(text)
    assert len(meeple.replay(text, "atlantis")) == len(meeple.replay(GAME.read_text(), "atlantis"))


def test_the_engine_spelling_is_a_lint_and_turns_need_no_warning() -> None:
    findings = meeple.check(engine_form(), "atlantis")
    assert [(f.severity, f.location.line) for f in findings] == [("lint", 2)]
    assert "Atlantis trancript" in findings[0].message
    assert meeple.check(engine_form(with_format=False), "atlantis") == []


def test_check_on_the_command_line_accepts_the_engine_form() -> None:
    run = run_meeple(["check", "--format", "atlantis", "-"], engine_form())
    assert run.code == 0, run.out
    assert "lint: format 'Atlantis trancript'" in run.out


def test_fmt_writes_the_canonical_form() -> None:
    """Decision (docs/formats/atlantis.md): the engine's form is read, meeple's is written."""
    engine = parse(engine_form())
    ours = replace(parse(GAME.read_text()), events=engine.events, user=None, begin=None, end=None)
    written = dump(engine)
    assert written == dump(ours)
    assert '"format": "Atlantis transcript"' in written and '"events"' in written
    assert '"turns"' not in written and ENGINE_FORMAT_NAME not in written
    run = run_meeple(["fmt", "--format", "atlantis", "-"], engine_form())
    assert (run.code, run.out) == (0, written)


def test_turns_and_events_together_are_refused() -> None:
    both = json.loads(engine_form())
    both["events"] = []
    text = json.dumps(both, indent=2)
    with pytest.raises(NotationError, match="not both") as caught:
        parse(text)
    assert caught.value.location.line_text == '  "turns": ['
    assert caught.value.column == 3


def test_a_malformed_engine_turn_is_located_and_named() -> None:
    text = engine_form().replace('"d3",\n        "f3"', '"d3",\n        "f9x"', 1)
    with pytest.raises(NotationError, match=r"turn 1 \(Ann\), move 1") as caught:
        parse(text)
    assert text.splitlines()[caught.value.line - 1].strip() == '"f9x"'


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("moves", [["d3", "f3"]]),
        ("history", [[["d3", "f3"]], []]),
        ("log", {"first": {"move": ["b1", "b2"]}}),
    ],
)
def test_an_unknown_key_that_holds_moves_is_a_warning(key: str, value: object) -> None:
    ours = json.loads(GAME.read_text())
    ours[key] = value
    text = json.dumps(ours, indent=2)
    findings = meeple.check(text, "atlantis")
    assert [f.severity for f in findings] == ["warning"]
    assert repr(key) in findings[0].message and "not played" in findings[0].message


def test_an_unknown_key_without_moves_stays_quiet() -> None:
    ours = json.loads(GAME.read_text())
    ours["comment"] = ["a1 to b2", ["x", "y"]]
    assert meeple.check(json.dumps(ours), "atlantis") == []


def test_an_illegal_engine_move_is_located_in_turns() -> None:
    engine = json.loads(engine_form())
    engine["turns"][0] = [["c5", "c4"]]  # Ben's stones, on Ann's turn
    text = json.dumps(engine, indent=1)
    findings = [f for f in meeple.check(text, "atlantis") if f.severity == "error"]
    assert len(findings) == 1 and findings[0].kind == "rule"
    lines = text.splitlines()
    turns_line = next(n for n, line in enumerate(lines, 1) if '"turns"' in line)
    assert findings[0].location.line > turns_line
    assert lines[findings[0].location.line - 1].strip().startswith("[")
