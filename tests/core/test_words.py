"""Counts in messages and pictures: singular for one, plural otherwise."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from meeple import qgn
from meeple.words import counted


def test_one_is_singular_and_every_other_count_plural() -> None:
    assert counted(1, "point") == "1 point"
    assert counted(0, "gem") == "0 gems"
    assert counted(2, "legal move") == "2 legal moves"
    assert counted(3, "child", "children") == "3 children"


@given(st.integers(min_value=-5, max_value=10**6))
def test_the_noun_follows_the_count(count: int) -> None:
    assert counted(count, "card") == f"{count} card{'' if count == 1 else 's'}"


def test_a_qgn_picture_counts_one_action_in_the_singular() -> None:
    picture = qgn.svg.render(qgn.parse('[key "x"]\n[teams "a"]\n\n0a\n'))
    assert "2 tags and 1 action, listed in order" in picture
