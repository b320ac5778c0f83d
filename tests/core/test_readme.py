"""The README's Python session runs as written (a doctest from the repository root)."""

from __future__ import annotations

import doctest
import json
import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_the_readme_python_session_runs_as_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    readme = (ROOT / "README.md").read_text()
    sessions = re.findall(r"```pycon\n(.*?)```", readme, flags=re.S)
    assert sessions, "the README shows a Python session"
    monkeypatch.chdir(ROOT)
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for number, session in enumerate(sessions):
        test = parser.get_doctest(session, {}, f"README.md session {number + 1}", "README.md", 0)
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 5 and result.failed == 0
    assert os.getcwd() == str(ROOT)


def test_the_readme_counts_atlantis_steps_as_replay_does() -> None:
    """`--step 4` of an Atlantis transcript is four steps, and a step is a move or the
    end of a turn (examples/atlantis/game.json's fourth step follows three moves)."""
    from tests.cli_helpers import meeple

    readme = (ROOT / "README.md").read_text()
    (line,) = [row for row in readme.splitlines() if "show game.json --step 4" in row]
    assert "four steps (a step: a move or an end of turn)" in line
    run = meeple(["replay", str(ROOT / "examples" / "atlantis" / "game.json"), "--json"])
    moves = [json.loads(line)["move"] for line in run.out.splitlines()[1:5]]
    assert moves == ["d3-f3", "end", "d5-d6", "c5-c4"]
