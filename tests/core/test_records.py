"""QGN as a way in: a QGN record of a known game is read through that game's rules,
and what is wrong with it is shown where the person wrote it."""

from __future__ import annotations

import pytest

from tests.cli_helpers import meeple

RAFT = '[key "race-to-the-raft"]\n[teams "solo"]\n[challenge "LNSNF0000C00003R00603"]\n'
FLOWS = '[key "flows"]\n[teams "P1, P2"]\n'
ATLANTIS = '[key "atlantis"]\n[teams "Ann, Ben"]\n[segments "a1 a2, b1 b2"]\n'


@pytest.mark.parametrize(
    ("header", "actions", "bad", "message"),
    [
        (RAFT, "0d&A3B1D2 0d&A3B1D", "0d&A3B1D", "not a raft game: action 2"),
        (RAFT, "0d&A3B1D2\n  0p&Ai0609N 0m&Ai0609N", "0m&Ai0609N", "is not what action letter"),
        (FLOWS, "0p&3.3.T1.SW\n1p&3.6.T2.S 0p&4.1.T1.W", "0p&4.1.T1.W", "not an orientation"),
        (FLOWS, "0p&3.3.T1.SW 1p&3.6.T2.S 7p&4.1.T1.N", "7p&4.1.T1.N", "team 7"),
        (ATLANTIS, "0t&a1-b1 1t&b2c3", "b2c3", "not an atlantis game: action 2"),
    ],
)
def test_an_action_that_is_no_move_of_its_game_is_shown_at_the_action(
    header: str, actions: str, bad: str, message: str
) -> None:
    text = header + actions + "\n"
    line = text.count("\n", 0, text.rindex(bad)) + 1
    column = text.rindex(bad) - text.rfind("\n", 0, text.rindex(bad))
    for command in (["check"], ["show"], ["replay", "--json"], ["moves"]):
        run = meeple([*command, "--format", "qgn", "-"], stdin=text)
        assert run.code == 1, command
        report = run.out + run.err
        assert f"<stdin>:{line}:{column}: error: " in report, (command, report)
        assert message in report


def test_a_tag_a_game_needs_is_reported_at_the_key() -> None:
    text = '[teams "solo"]\n[key "race-to-the-raft"]'
    run = meeple(["check", "--format", "qgn", "-"], stdin=text)
    assert run.code == 1
    assert run.out.startswith("<stdin>:2:1: error: not a raft game: ")
    assert "challenge" in run.out
