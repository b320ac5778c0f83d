"""Grimoires through QGN and back."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meeple import qgn
from meeple.botc import notation
from meeple.botc.model import Bag, Grimoire
from meeple.botc.qgn import from_qgn, to_qgn
from meeple.errors import NotationError, Unsupported
from meeple.qgn.model import Action, Snapshot
from tests.botc.strategies import every_name_grimoires, grimoires
from tests.cli_helpers import meeple


@given(grimoires())
def test_a_grimoire_survives_qgn_text(grimoire: Grimoire) -> None:
    assert from_qgn(qgn.parse(qgn.dump(to_qgn(grimoire)))) == grimoire


def test_hyphenated_roles_and_tokens_come_back_from_qgn() -> None:
    line = "[A:butle-r B:imp(a-b,hedge-witch:cursed)]\n"
    snapshot = meeple(["convert", "-", "--format", "botc", "--to", "qgn"], line)
    back = meeple(["convert", "-", "--to", "botc"], snapshot.out)
    assert (back.code, back.out, back.err) == (0, line, "")


@given(every_name_grimoires)
def test_every_name_the_line_accepts_goes_through_qgn(grimoire: Grimoire) -> None:
    line = notation.format_grimoire(grimoire)
    assert notation.parse_grimoire(line) == grimoire
    snapshot = qgn.parse(qgn.dump(to_qgn(notation.parse_grimoire(line))))
    assert notation.format_grimoire(from_qgn(snapshot)) == line


def test_the_mapping_is_one_seating_action_per_seat() -> None:
    grimoire = notation.parse_grimoire("[Ann:baron(poisoner:poisoned) *~~Bob~~:imp*]")
    snapshot = to_qgn(grimoire)
    assert snapshot.tags == {"key": "botc", "teams": "Ann, Bob"}
    assert [qgn.format_action(action) for action in snapshot.actions] == [
        "0s&baron.alive.poisoner:poisoned",
        "1s&imp.spent",
    ]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('[key "chess"][teams "a"] 0s&imp.alive', "records 'chess'"),
        ('[key "botc"][teams "Ann, Bob"] 0s&imp.alive', "no seating action for Bob"),
        ('[key "botc"][teams "Ann"] 0m&imp.alive', "only seat players"),
        ('[key "botc"][teams "Ann"] 1s&imp.alive', "no team 1"),
        ('[key "botc"][teams "Ann"] 0s&imp.alive 0s&imp.dead', "already seated"),
        ('[key "botc"][teams "Ann"] 0s&imp', "expected the role and life"),
        ('[key "botc"][teams "Ann"] 0s&imp.asleep', "not 'asleep'"),
        ('[key "botc"][teams "Ann"] 0s&imp.alive.a:b:c', "not a reminder token"),
        ('[key "botc"][teams "Ann"] 0s&1imp.alive', "not a role"),
        ('[key "botc"][teams "Ann Lee"] 0s&imp.alive', "not a player name"),
        ('[key "botc"][teams "Ann, Ann"] 0s&imp.alive', "team name of their own"),
    ],
)
def test_bad_snapshots_are_notation_errors(text: str, words: str) -> None:
    with pytest.raises(NotationError, match=words):
        from_qgn(qgn.parse(text))


def test_a_bag_has_no_qgn_form() -> None:
    with pytest.raises(Unsupported, match="bag"):
        to_qgn(Bag(("imp",)))  # type: ignore[arg-type]


def test_convert_through_qgn_on_the_command_line() -> None:
    line = "[Ann:baron *Bob:imp(imp:dead)*]\n"
    snapshot = meeple(["convert", "-", "--format", "botc", "--to", "qgn"], line)
    assert snapshot.code == 0
    assert snapshot.out.startswith('[key "botc"]\n[teams "Ann, Bob"]\n')
    back = meeple(["convert", "-", "--to", "botc"], snapshot.out)
    assert (back.code, back.out) == (0, line)


_WORDS = st.text(alphabet="abAB1_:~* ", max_size=8)


@pytest.mark.fuzz
@given(
    st.sampled_from(["botc", "BOTC", "chess", ""]),
    st.lists(_WORDS, max_size=4),
    st.lists(
        st.builds(
            Action,
            team=st.integers(-1, 4),
            action=st.sampled_from(["s", "m"]),
            details=st.lists(_WORDS, max_size=4).map(tuple),
        ),
        max_size=5,
    ),
)
def test_fuzz_snapshots(key: str, teams: list[str], actions: list[Action]) -> None:
    snapshot = Snapshot({"key": key, "teams": ", ".join(teams)}, tuple(actions))
    try:
        grimoire = from_qgn(snapshot)
    except NotationError:
        return
    assert from_qgn(to_qgn(grimoire)) == grimoire
