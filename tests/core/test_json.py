"""docs/json.md, checked against every game: the same fields, the same meanings."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from meeple import __version__, engine
from tests.cli_helpers import meeple

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
REPLAYS = [
    EXAMPLES / "flows" / "numbered.flows",
    EXAMPLES / "flows" / "three-players.flows",
    EXAMPLES / "raft" / "crossed-paths.raft",
    EXAMPLES / "raft" / "lost.raft",
    EXAMPLES / "atlantis" / "game.json",
]
COMMON = {"step", "move", "to_move", "status", "winners", "text", "state"}


def _lines(args: list[str], stdin: str | None = None) -> tuple[int, list[dict[str, Any]]]:
    run = meeple(args, stdin=stdin)
    return run.code, [json.loads(line) for line in run.out.splitlines()]


@pytest.mark.parametrize("path", REPLAYS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_replay_json_has_the_common_fields_for_every_game(path: Path) -> None:
    code, lines = _lines(["replay", "--json", str(path)])
    assert code == 0
    first, *rest = lines
    assert first["meeple"] == __version__
    assert set(first) == COMMON | {"meeple"}
    assert all(set(line) == COMMON for line in rest)
    for step, line in enumerate(lines):
        assert line["step"] == step
        assert line["status"] in engine.STATUSES
        assert isinstance(line["text"], str) and line["text"]
        assert isinstance(line["state"], dict)
        assert isinstance(line["winners"], list)
        assert (line["move"] is None) == (step == 0)
        playing = line["status"] == "playing"
        assert (line["to_move"] is not None) == playing
        assert (not line["winners"]) == (playing or line["status"] == "lost")
    assert [line["status"] for line in lines[:-1]] == ["playing"] * (len(lines) - 1)


@pytest.mark.parametrize("path", REPLAYS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_qgn_record_of_a_game_replays_as_that_game(path: Path) -> None:
    qgn = meeple(["convert", str(path), "--to", "qgn"]).out
    code, via_qgn = _lines(["replay", "--json", "--format", "qgn", "-"], stdin=qgn)
    assert code == 0
    _, direct = _lines(["replay", "--json", str(path)])
    assert [line["move"] for line in via_qgn] == [line["move"] for line in direct]
    assert via_qgn[-1]["status"] == direct[-1]["status"]
    shown = meeple(["show", "--format", "qgn", "-"], stdin=qgn)
    assert shown.code == 0 and shown.out == meeple(["show", str(path)]).out


@pytest.mark.parametrize("path", REPLAYS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_moves_json_lists_what_the_engine_allows(path: Path) -> None:
    code, [listing] = _lines(["moves", "--json", "--step", "0", str(path)])
    assert code == 0
    assert listing["step"] == 0
    assert listing["count"] == sum(len(moves) for moves in listing["moves"].values()) > 0
    text = meeple(["moves", "--step", "0", str(path)])
    assert f": {listing['count']} legal" in text.out.splitlines()[0]


def test_a_qgn_record_that_breaks_its_games_rules_is_shown_at_the_action() -> None:
    qgn = meeple(["convert", str(EXAMPLES / "flows" / "numbered.flows"), "--to", "qgn"]).out
    lines = qgn.splitlines()
    last_action = max(i for i, line in enumerate(lines) if line and line[0].isdigit())
    # Play the last action's placement again, on the hex it already filled.
    words = lines[last_action].split()
    lines[last_action] = " ".join([*words, words[-1]])
    broken = "\n".join(lines) + "\n"
    run = meeple(["check", "--format", "qgn", "-"], stdin=broken)
    assert run.code == 1
    head = run.out.splitlines()[0]
    column = len(lines[last_action]) - len(words[-1]) + 1
    assert head.startswith(f"<stdin>:{last_action + 1}:{column}:")
    assert "replay stops" in head


CHECK_FIELDS = {"source", "line", "column", "severity", "kind", "rule", "message"}
RULE_NAME = r"[a-z]+(-[a-z]+)*"
BAD_TRACE = (
    "[Alice:poisoner Bob:washerwoman Carol:chef]\n"
    "<N1> Alice:poisoner!Carol(+poisoner:poisoned)\n"
    "<D1> Zed!nominates->Bob\n"
)


def _check_findings(path: Path) -> list[dict[str, Any]]:
    code, lines = _lines(["check", "--json", str(path)])
    assert code == 1
    *found, summary = lines
    assert "summary" in summary and found
    for finding in found:
        assert set(finding) == CHECK_FIELDS
    return found


@pytest.mark.parametrize(
    "path",
    [
        EXAMPLES / "flows" / "occupied.flows",
        EXAMPLES / "raft" / "illegal.raft",
        EXAMPLES / "atlantis" / "illegal.json5",
    ],
    ids=lambda p: p.name,
)
def test_every_rule_error_names_its_rule(path: Path) -> None:
    rules = [f for f in _check_findings(path) if f["kind"] == "rule"]
    assert rules
    for finding in rules:
        assert isinstance(finding["rule"], str)
        assert re.fullmatch(RULE_NAME, finding["rule"]), finding["rule"]


def test_a_botc_trace_rule_error_names_its_rule(tmp_path: Path) -> None:
    trace = tmp_path / "bad.trace"
    trace.write_text(BAD_TRACE, encoding="utf-8")
    (finding,) = _check_findings(trace)
    assert (finding["kind"], finding["rule"]) == ("rule", "unknown-player")


@pytest.mark.parametrize(
    "path",
    [
        EXAMPLES / "botc" / "broken.botc",
        EXAMPLES / "qgn" / "broken.qgn",
        EXAMPLES / "atlantis" / "broken.json5",
        EXAMPLES / "raft" / "malformed.raft",
    ],
    ids=lambda p: p.name,
)
def test_notation_errors_name_no_rule(path: Path) -> None:
    found = _check_findings(path)
    assert any(f["kind"] == "notation" for f in found)
    for finding in found:
        if finding["kind"] != "rule":
            assert finding["rule"] is None
