"""What meeple writes in the seed's notations reads back and checks clean: player names
typed as people are called, the seed's spelling of character ids, the tokens a set-up
places (issue "What a newcomer still trips on")."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from meeple.botc import notation, townsquare
from tests.cli_helpers import meeple

FIVE = "{fortuneteller imp poisoner chef empath}"


def _setup(bag: str, names: str, *more: str) -> tuple[int, str, str]:
    run = meeple(["botc", "setup", bag, "--names", names, "--seed", "1", *more])
    return run.code, run.out, run.err


def _checks_clean(line: str) -> bool:
    return meeple(["check", "--format", "botc", "-"], stdin=line).code == 0


# -- player names ---------------------------------------------------------------------------


def test_setup_writes_a_typed_name_as_the_townsquare_import_does() -> None:
    code, line, err = _setup(FIVE, "Ann Lee,B,C,D,E")
    assert code == 0
    assert "Ann_Lee:" in line and "Ann Lee" not in line
    assert "'Ann Lee' is written Ann_Lee" in err
    assert _checks_clean(line)


def test_setup_never_writes_notation_marks_inside_a_name() -> None:
    code, line, _ = _setup(FIVE, "ann,B:x,C(,D*,E")
    assert code == 0
    assert notation.parse_grimoire(line).players == ("ann", "B_x", "C_", "D_", "E")
    assert _checks_clean(line)


def test_names_that_become_the_same_name_are_a_usage_error() -> None:
    code, _, err = _setup(FIVE, "Ann Lee,Ann_Lee,C,D,E")
    assert code == 2
    assert "'Ann Lee' and 'Ann_Lee' are both written Ann_Lee" in err


@given(st.text(min_size=1, max_size=12))
def test_any_typed_name_becomes_a_name_the_notation_holds(typed: str) -> None:
    name = notation.player_name(typed)
    assert re.fullmatch(notation.PLAYER_NAME, name)
    assert notation.player_name(name) == name
    assert townsquare.parse(townsquare.dump(_one_seat(typed))).players == (name,)


def _one_seat(typed: str) -> townsquare.TownSquare:
    player = townsquare.TownSquarePlayer(typed, role="imp")
    seat = notation.parse_grimoire(f"[{notation.player_name(typed)}:imp]").seats
    return townsquare.TownSquare(seat, (player,))
