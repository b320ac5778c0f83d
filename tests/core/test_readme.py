"""The README's Python session runs as written (a doctest from the repository root)."""

from __future__ import annotations

import doctest
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
