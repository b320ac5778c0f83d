"""`meeple check` reads on past a malformed piece: the recovering readers (QGN, Atlantis)
report every problem, raise nothing, and agree with the parsers that stop at the first."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TypeVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

import meeple
from meeple import qgn
from meeple.atlantis import notation as atlantis
from meeple.errors import Finding, Location, Locator, NotationError
from tests.atlantis.strategies import transcripts
from tests.qgn.test_properties import snapshots

T = TypeVar("T")
QGN_JUNK = st.text(st.sampled_from('[]{}"\\&.0123 abkey\n\t'), min_size=1, max_size=3)
JSON_JUNK = st.text(st.sampled_from(list("{}[]:,\"'/*\n ab1AB-0.eE+x\\")), min_size=1, max_size=2)


def _edited(text: str, edits: list[tuple[int, int, str]]) -> str:
    for where, how, junk in edits:
        at = where % (len(text) + 1)
        cut, inserted = (3, "") if how == 0 else (int(how == 2), junk)
        text = text[:at] + inserted + text[at + cut :]
    return text


def _edits(junk: st.SearchStrategy[str]) -> st.SearchStrategy[list[tuple[int, int, str]]]:
    return st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 2), junk), max_size=5)


def _agreed(problems: list[NotationError], parse: Callable[[], T]) -> T | None:
    """What `parse` reads: nothing when it raises the first of `problems` (at its place),
    and something only when there are none."""
    try:
        read = parse()
    except NotationError as error:
        assert problems, "parse refused a text diagnose found sound"
        assert (problems[0].line, problems[0].column) == (error.line, error.column)
        assert problems[0].message.startswith(error.message)
        return None
    assert not problems
    return read


@pytest.mark.fuzz
@given(snapshots().map(qgn.dump), _edits(QGN_JUNK))
def test_fuzz_qgn_recovery_reports_first_what_parse_raises(
    text: str, edits: list[tuple[int, int, str]]
) -> None:
    text = _edited(text, edits)
    read = qgn.diagnose(text)
    games = _agreed(read.problems, lambda: qgn.parse_many(text))
    assert games is None or read.model == games
    for problem in read.problems:
        assert isinstance(problem, NotationError)
        assert 1 <= problem.line <= text.count("\n") + 1


KNOWN_GAME_TAGS = st.sampled_from(
    [
        '[key "flows"]\n[teams "P1, P2"]\n',
        '[key "atlantis"]\n[teams "Ann, Ben"]\n[segments "a1 a2 b1 b2, c3 d4 d5"]\n'
        '[stacks0 "a1:2"]\n[stacks1 "d4:2"]\n',
        '[key "race-to-the-raft"]\n[teams "solo"]\n[challenge "LNSNF0000C00003R00603"]\n',
    ]
)
ACTION_WORDS = st.sampled_from(
    ["0p&3.3.T1.NE", "1p&3.4.T0.N", "0t&a1-b2", "1t&d4-d5.c3-d4", "0t", "0d&A3B1D2", "0m&Ai0609N"]
)


@pytest.mark.fuzz
@given(KNOWN_GAME_TAGS, st.lists(ACTION_WORDS, max_size=8), _edits(QGN_JUNK))
def test_fuzz_checking_qgn_of_a_known_game_raises_nothing(
    tags: str, words: list[str], edits: list[tuple[int, int, str]]
) -> None:
    text = _edited(tags + "\n" + " ".join(words) + "\n", edits)
    found = meeple.check(text, format="qgn")
    assert all(isinstance(f, Finding) for f in found)
    for finding in found:
        assert 1 <= finding.location.line <= text.count("\n") + 1


@pytest.mark.fuzz
@given(transcripts().map(atlantis.dump), _edits(JSON_JUNK))
def test_fuzz_atlantis_recovery_reports_first_what_parse_raises(
    text: str, edits: list[tuple[int, int, str]]
) -> None:
    text = _edited(text, edits)
    read = atlantis.diagnose(text)
    transcript = _agreed(read.problems, lambda: atlantis.parse(text))
    assert transcript is None or read.model == transcript
    with contextlib.suppress(NotationError):
        assert all(isinstance(f, Finding) for f in meeple.check(text, format="atlantis"))


@given(st.text(st.sampled_from("ab\n\r "), max_size=30), st.lists(st.integers(-2, 40)))
def test_a_locator_finds_what_location_of_finds(text: str, offsets: list[int]) -> None:
    locate = Locator(text, "x")
    for offset in sorted(offsets) + offsets:
        assert locate(offset) == Location.of(text, offset, "x")
