"""The online grimoires' game state (botc-townsquare) with wrong-typed values: every one
is a NotationError at the JSON value that does not fit, never a traceback.

The shape of a player is bra1n/townsquare's (src/components/modals/GameStateModal.vue):
`{name, id, role, reminders: [{role, name}], isVoteless, isDead, pronouns}`.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meeple.botc import townsquare
from meeple.errors import NotationError
from tests.cli_helpers import meeple

PLAYER = {
    "name": "Ann",
    "id": "",
    "role": "imp",
    "reminders": [{"role": "poisoner", "name": "Poisoned"}],
    "isVoteless": False,
    "isDead": False,
    "pronouns": "",
}
STATE = {"bluffs": [], "edition": {"id": "tb"}, "roles": "", "fabled": [], "players": [PLAYER]}


def _state_with(key: str, value: Any) -> str:
    return json.dumps({**STATE, "players": [{**PLAYER, key: value}]}, indent=2)


def _pointed_at(text: str, error: NotationError) -> str:
    """The text from the place the error points at."""
    where = error.location
    return text.splitlines()[where.line - 1][where.column - 1 :]


@pytest.mark.parametrize(
    ("value", "words", "at"),
    [
        (3, "reminders to be an array", "3"),
        ("Poisoned", "reminders to be an array", '"Poisoned"'),
        ([{"role": ["poisoner"], "name": "Poisoned"}], "the reminder's role id", "["),
        ([{"role": 1, "name": "Poisoned"}], "the reminder's role id", "1"),
    ],
)
def test_a_wrong_typed_reminders_value_is_a_notation_error_at_it(
    value: Any, words: str, at: str
) -> None:
    text = _state_with("reminders", value)
    with pytest.raises(NotationError, match=words) as caught:
        townsquare.parse(text, "state.json")
    assert _pointed_at(text, caught.value).startswith(at)


def test_the_command_line_reports_it_with_a_caret(tmp_path: Any) -> None:
    path = tmp_path / "state.json"
    text = _state_with("reminders", 3)
    path.write_text(text)
    run = meeple(["check", str(path)])
    line = 1 + next(n for n, row in enumerate(text.splitlines()) if '"reminders": 3' in row)
    assert run.code == 1
    assert f"state.json:{line}:20: error: expected reminders to be an array" in run.out
    assert "^" in run.out and "Traceback" not in run.out + run.err


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.sampled_from(["role", "name", "id", "x"]), inner, max_size=3)
    ),
    max_leaves=6,
)
PLAYER_KEYS = sorted(PLAYER)


@pytest.mark.fuzz
@given(
    st.dictionaries(st.sampled_from(PLAYER_KEYS), json_values, max_size=3),
    st.dictionaries(st.sampled_from(sorted(STATE)), json_values, max_size=2),
)
def test_fuzz_wrong_typed_values_in_a_game_state(
    player: dict[str, Any], state: dict[str, Any]
) -> None:
    base: dict[str, Any] = {**STATE, "players": [{**PLAYER, **player}, PLAYER | {"name": "Bo"}]}
    text = json.dumps(base | state, indent=1)
    try:
        square = townsquare.parse(text, "state.json")
    except NotationError as error:
        assert error.location.source == "state.json" and error.location.line > 1
        return
    assert townsquare.parse(townsquare.dump(square)) == square
