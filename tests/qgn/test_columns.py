"""A game's actions one field at a time (ActionColumns) and built on demand (Actions).

Issue 28: a parsed game keeps its actions as columns cut from the text and builds an
Action only when one is asked for; the columns and the Actions say the same thing.
"""

from __future__ import annotations

import pickle
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meeple import qgn
from meeple.qgn import Action, ActionColumns, Actions, Snapshot
from tests.qgn.test_properties import snapshots

SEED_EXAMPLE = (
    '[key "carcassonne"]\n[teams "a, b"]\n\n'
    "0c 0a&1.2 0b&1.2.k.b 1c 1c 1c 1a&0.1 1b&0.1.m {you can add\ncomments like so}"
    " 0a&2.2 0b&2.2.t.l\n"
)


def _same(columns: ActionColumns, actions: tuple[Action, ...]) -> None:
    """Every way of reading the columns gives `actions`."""
    assert len(columns) == len(actions)
    assert tuple(columns.actions()) == actions
    assert tuple(columns.action(i) for i in range(len(actions))) == actions
    assert tuple(columns.action(i - len(actions)) for i in range(len(actions))) == actions
    assert columns.seats == tuple(action.team for action in actions)
    assert columns.letters == "".join(action.action for action in actions)
    assert columns.details == tuple(".".join(action.details) for action in actions)
    assert columns.comments == tuple(action.comments for action in actions)
    assert columns == ActionColumns.of(actions)


def test_the_seed_example_reads_one_field_at_a_time() -> None:
    game = qgn.parse(SEED_EXAMPLE)
    columns = game.action_columns()
    assert columns.seats == (0, 0, 0, 1, 1, 1, 1, 1, 0, 0)
    assert columns.letters == "cabcccabab"
    assert columns.details == ("", "1.2", "1.2.k.b", "", "", "", "0.1", "0.1.m", "2.2", "2.2.t.l")
    assert columns.comments[8] == ("you can add\ncomments like so",)
    assert columns.comments.count(()) == 9
    assert columns.action(2) == Action(0, "b", ("1", "2", "k", "b"))
    assert columns.action(-1) == Action(0, "b", ("2", "2", "t", "l"))
    _same(columns, tuple(game.actions))


@pytest.mark.parametrize(
    "actions",
    [
        "0a&x.y 1b&z 2c&p.q.r",  # one-digit teams, every action with details
        "0c 0a&1.2 1c 1b&-3.4.k.t",  # one-digit teams, some actions without
        "12z&x 3a 0b&1.2 999999q",  # teams of several digits: read by the regex
        "0a {before b} 1b&2 {before c} {and again} 2c 3d&4.5",  # comments cut the runs
        "7q",
    ],
)
def test_columns_say_what_the_actions_say(actions: str) -> None:
    game = qgn.parse(f'[key "k"][teams "a"]\n{actions}\n')
    expected = _read_word_by_word(actions)
    _same(game.action_columns(), expected)
    assert game.actions == expected and list(game.actions) == list(expected)


def _read_word_by_word(text: str) -> tuple[Action, ...]:
    """The actions of `text` (actions and comments) read plainly, one word at a time."""
    found: list[Action] = []
    pending: list[str] = []
    for word in re.findall(r"\{[^}]*\}|\S+", text):
        if word.startswith("{"):
            pending.append(word[1:-1])
            continue
        match = re.fullmatch(r"([0-9]+)([A-Za-z])(?:&(.+))?", word)
        assert match is not None
        team, letter, details = match.groups("")
        parts = tuple(details.split(".")) if details else ()
        found.append(Action(int(team), letter, parts, tuple(pending)))
        pending.clear()
    return tuple(found)


def test_teams_of_several_digits_and_comments_across_runs() -> None:
    columns = qgn.parse('[key "k"][teams "a"] 10a&1 {c} 2b 345c&x.y').action_columns()
    assert columns.seats == (10, 2, 345)
    assert columns.letters == "abc"
    assert columns.details == ("1", "", "x.y")
    assert columns.comments == ((), ("c",), ())


def test_a_game_without_actions_has_empty_columns() -> None:
    game = qgn.parse('[key "k"][teams "a"] {only a comment}')
    columns = game.action_columns()
    assert len(columns) == 0 and columns == ActionColumns((), "", (), ())
    assert game.actions == () and len(game.actions) == 0 and list(game.actions) == []


def test_columns_of_a_game_built_by_hand_are_cut_from_its_actions() -> None:
    actions = (Action(0, "a", ("1", "2")), Action(11, "b", (), ("why",)), Action(1, "c"))
    columns = Snapshot({"key": "k", "teams": "a"}, actions).action_columns()
    assert columns.seats == (0, 11, 1) and columns.letters == "abc"
    assert columns.details == ("1.2", "", "") and columns.comments == ((), ("why",), ())
    _same(columns, actions)
    assert (
        columns
        == qgn.parse(qgn.dump(Snapshot({"key": "k", "teams": "a"}, actions))).action_columns()
    )


def test_columns_of_different_lengths_are_refused() -> None:
    with pytest.raises(ValueError, match="different lengths"):
        ActionColumns((0, 1), "a", ("", ""), ((), ()))


def test_a_parsed_game_cuts_its_columns_once_on_first_use() -> None:
    actions = qgn.parse('[key "k"][teams "a"] 0a&1 1b').actions
    assert isinstance(actions, Actions)
    assert actions.columns is actions.columns
    assert ActionColumns.of(actions) is actions.columns


def test_actions_made_from_columns_behave_as_the_tuple_of_the_same_actions() -> None:
    expected: tuple[Action, ...] = (
        Action(0, "a", ("1", "2")),
        Action(1, "b", (), ("why",)),
        Action(2, "c", ("x",)),
        Action(3, "d"),
    )
    actions = Actions(ActionColumns.of(expected))
    assert actions == expected and expected == actions and actions == list(expected)
    assert actions != expected[:3] and actions != (*expected[:3], Action(3, "e"))
    assert actions == Actions(ActionColumns.of(expected))
    assert hash(actions) == hash(expected) and repr(actions) == repr(expected)
    assert actions[-1] == expected[-1] and actions[1] == expected[1]
    for cut in (slice(1, 3), slice(None, None, -1), slice(None, None, 2), slice(-2, None)):
        assert actions[cut] == expected[cut]
    with pytest.raises(IndexError):
        actions[4]
    assert actions.index(Action(2, "c", ("x",))) == 2 and Action(3, "d") in actions


def test_parsed_actions_pickle_before_and_after_first_use() -> None:
    game = qgn.parse('[key "k"][teams "a, b"] 0a&1.2 {why} 1b 12c&x')
    before = pickle.loads(pickle.dumps(game))
    game.action_columns()
    after = pickle.loads(pickle.dumps(game))
    assert before == game == after
    assert after.action_columns() == game.action_columns()


@given(snapshots())
def test_parsed_columns_are_the_actions_one_field_at_a_time(game: Snapshot) -> None:
    parsed = qgn.parse(qgn.dump(game))
    _same(parsed.action_columns(), tuple(game.actions))
    assert parsed.action_columns() == game.action_columns()


@given(snapshots(), st.slices(40))
def test_a_slice_of_parsed_actions_is_the_slice_of_the_tuple(game: Snapshot, cut: slice) -> None:
    parsed = qgn.parse(qgn.dump(game))
    assert parsed.actions[cut] == tuple(game.actions)[cut]
