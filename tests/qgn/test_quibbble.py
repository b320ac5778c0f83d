"""What quibbble's games share (meeple.quibbble), seen from the outside: numbers in
actions and in the `seed` tag read as Go's strconv reads them."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import meeple
from meeple import qgn
from meeple.quibbble import SPARE_SHADES, go_int, team_shade, team_shades
from tests.cli_helpers import meeple as run_meeple

CONNECT4 = '[key "connect4"][teams "a, b"] 0p&{}\n'
INDIGO = '[key "indigo"]\n[teams "red, blue"]\n[seed "{}"]\n'


@pytest.mark.parametrize("digits", ["9" * 20, "1" + "0" * 5000, "-" + "7" * 4400])
def test_a_detail_too_long_for_64_bits_is_a_notation_error_at_the_detail(digits: str) -> None:
    run = run_meeple(["check", "-"], CONNECT4.replace("{}", digits))
    assert run.code == 1
    assert "Traceback" not in run.err
    assert run.out.startswith("<stdin>:1:35: error: not a connect4 game: a column ")
    assert "does not fit in 64 bits" in run.out


def test_leading_zeros_read_as_go_reads_them_however_many() -> None:
    """Go's strconv.Atoi reads 000...01 as 1 whatever its length, and so does meeple."""
    (finding,) = meeple.check(CONNECT4.replace("{}", "0" * 5000 + "9"), "qgn")
    assert "column 9 is out of bounds" in finding.message
    assert meeple.check(CONNECT4.replace("{}", "0" * 5000 + "1"), "qgn") == []


@pytest.mark.parametrize("seed", ["1" * 5000, "-" + "9" * 4400, "9223372036854775808"])
def test_a_seed_too_long_for_64_bits_is_a_notation_error_at_the_tag(seed: str) -> None:
    run = run_meeple(["check", "-"], INDIGO.format(seed))
    assert run.code == 1
    assert "Traceback" not in run.err
    assert run.out.startswith("<stdin>:3:1: error: the seed ")
    assert "does not fit in 64 bits" in run.out


def test_a_seed_with_many_leading_zeros_is_its_value() -> None:
    record = meeple.loads(INDIGO.format("0" * 5000 + "2024"), "indigo")
    assert record.seed == 2024


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ('[key "connect4"]\n[teams "a, a"]\n\n0p&1\n', "two teams have the same name"),
        ('[key "connect4"]\n[teams "a"]\n\n0p&1\n', "connect4 is for 2 or 3 teams, not 1"),
    ],
)
def test_a_rule_broken_by_the_tags_is_not_said_to_stop_at_a_move(record: str, message: str) -> None:
    (finding,) = meeple.check(record, "qgn")
    assert finding.location.line == 1 and finding.kind == "rule"
    assert finding.message == f"{message} (the game cannot start, so no move is checked)"


@given(
    st.sampled_from(["", "+", "-"]),
    st.integers(0, 5000),
    st.text("0123456789", max_size=30),
)
def test_go_int_reads_any_whole_number_as_go_does(sign: str, zeros: int, digits: str) -> None:
    """A sign, any number of leading zeros, then digits: the int64 Go reads, or None."""
    text = sign + "0" * zeros + digits
    if not text.lstrip("+-"):
        return
    value = int(sign + (digits.lstrip("0") or "0"))
    assert go_int(text) == (value if -(2**63) <= value < 2**63 else None)


@given(st.text(" \t\r\n", max_size=50), st.sampled_from(["", "{c}", "0a", '[x "y"]']))
def test_blank_space_at_the_end_changes_no_reading(blank: str, last: str) -> None:
    text = '[key "x"]\n[teams "a"]\n' + last
    assert qgn.parse_many(text + blank) == qgn.parse_many(text)


# -- each team its own colour (quibbble.team_shade) ------------------------------------


def test_a_team_named_after_a_hue_no_other_team_takes_is_drawn_in_it() -> None:
    assert [team_shade(("red", "blue"), seat) for seat in (0, 1)] == ["#D55E00", "#0072B2"]
    assert team_shade(("Blue", "x"), 0) == "#0072B2"


def test_teams_whose_names_differ_only_in_case_get_their_seats_colours() -> None:
    assert team_shades(("blue", "Blue")) == ("#D55E00", "#0072B2")
    assert len(set(team_shades(("grey", "gray", "red")))) == 3  # grey and gray: one hue


NAMES = st.sampled_from(["red", "Red", "blue", " BLUE", "grey", "gray", "sky"]) | st.text()


@given(st.lists(NAMES, max_size=len(SPARE_SHADES)))
def test_every_team_has_its_own_colour_while_there_are_colours(teams: list[str]) -> None:
    assert len(set(team_shades(tuple(teams)))) == len(teams)
