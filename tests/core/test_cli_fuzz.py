"""Whatever text reaches the CLI, in whatever notation, it answers with 0 or 1: never a crash."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import meeple
from tests.cli_helpers import meeple as run_meeple

FORMATS = [fmt.name for fmt in meeple.formats()]
# Characters that matter to some notation, so random text gets past the first token.
ALPHABET = st.sampled_from("[]{}()\"'\\:,;.&*~-_ \n\t0123456789ABCDEFGNPSTWabcdefkmnoprstwy┌─│")
texts = st.one_of(st.text(ALPHABET, max_size=60), st.text(max_size=40))


@pytest.mark.fuzz
@given(st.sampled_from(FORMATS), texts)
def test_check_never_crashes(name: str, text: str) -> None:
    result = run_meeple(["check", "--format", name, "-"], stdin=text)
    assert result.code in (0, 1)


@pytest.mark.fuzz
@given(texts)
def test_detection_never_crashes(text: str) -> None:
    assert run_meeple(["check", "-"], stdin=text).code in (0, 1)


@pytest.mark.fuzz
@given(st.sampled_from(FORMATS), texts, st.sampled_from(["show", "replay", "fmt"]))
def test_other_commands_never_crash(name: str, text: str, command: str) -> None:
    result = run_meeple([command, "--format", name, "-"], stdin=text)
    assert result.code in (0, 1, 2)
