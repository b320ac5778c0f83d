"""The Mathematician's count, as docs/formats/botc.md ("the Mathematician's count")
decides it: on small puzzles whose grimoire is fixed by the claims' "may be" lists, a
number either has a world or has none."""

from __future__ import annotations

import pytest

from meeple.botc.puzzle import notation
from meeple.botc.solver import Unmodelled, solve
from meeple.botc.solver.search import script_of, units
from meeple.botc.solver.story import Story
from meeple.botc.solver.timeline import plan, play
from tests.botc.solver.helpers import PUZZLES

NO_DASHII = """\
title: The No Dashii's neighbours
seats: Ann, Bob, Cat, Dan, Eve
script: no_dashii, witch, clockmaker, mathematician, empath, oracle
Ann claims clockmaker, may be clockmaker
  {clockmaker}
Bob claims mathematician, may be mathematician
  night 1: {first}
  night 2: {second}
Cat claims empath, may be empath
  night 1: {empath}
Dan claims oracle, may be witch
Eve claims oracle, may be no_dashii
"""
"""Eve's No Dashii poisons Ann and Cat (its nearest Townsfolk each way); the Clockmaker
truly learns 1, the Empath 1; Bob, sober, counts."""


def _worlds(text: str) -> int:
    return len(solve(notation.parse(text, "mathematician.puzzle")).worlds)


@pytest.mark.parametrize(
    ("clockmaker", "empath", "count"),
    [(1, 1, 0), (2, 1, 1), (1, 0, 1), (2, 0, 2)],
)
def test_a_poisoned_player_counts_when_what_it_learned_is_wrong(
    clockmaker: int, empath: int, count: int
) -> None:
    for said in range(3):
        text = NO_DASHII.format(clockmaker=clockmaker, empath=empath, first=said, second=0)
        assert _worlds(text) == (1 if said == count else 0), said


def test_the_count_starts_again_at_dawn() -> None:
    wrong = {"clockmaker": 2, "empath": 1, "first": 1}
    assert _worlds(NO_DASHII.format(**wrong, second=0)) == 1
    assert _worlds(NO_DASHII.format(**wrong, second=1)) == 0


DRUNK = """\
title: The Drunk's Empath
seats: Ann, Bob, Cat, Dan, Eve, Fay
script: imp, scarlet_woman, drunk, mathematician, empath, chef, clockmaker
Ann claims mathematician, may be mathematician
  night 1: {count}
Bob claims empath, may be drunk
  night 1: {empath}
Cat claims chef, may be chef
  night 1: 1
Dan claims clockmaker, may be clockmaker
  1
Eve claims chef, may be scarlet_woman
Fay claims chef, may be imp
"""
"""Bob is the Drunk believing the Empath: truly, Ann and Cat beside him are good."""


@pytest.mark.parametrize(("empath", "count"), [(0, 0), (1, 1), (2, 1)])
def test_the_drunks_wrong_information_counts(empath: int, count: int) -> None:
    for said in range(3):
        text = DRUNK.format(empath=empath, count=said)
        assert _worlds(text) == (1 if said == count else 0), said


VORTOX = """\
title: The Vortox's count
seats: Ann, Bob, Cat, Dan, Eve
script: vortox, witch, mathematician, chef, clockmaker, oracle
Ann claims mathematician, may be mathematician
  night 1: {count}
Bob claims chef, may be chef
  night 1: {chef}
Cat claims clockmaker, may be clockmaker
Dan claims oracle, may be witch
Eve claims oracle, may be vortox
"""
"""The Chef truly learns 1 (Dan and Eve); under the Vortox it learned something else,
and the Mathematician a number other than the count (1: the Chef)."""


@pytest.mark.parametrize(("count", "worlds"), [(0, 1), (1, 0), (2, 1)])
def test_under_the_vortox_the_count_is_false(count: int, worlds: int) -> None:
    assert _worlds(VORTOX.format(count=count, chef=0)) == worlds


def test_under_the_vortox_true_information_has_no_world() -> None:
    assert _worlds(VORTOX.format(count=0, chef=1)) == 0


def test_the_mathematician_beside_a_misregistering_character_is_refused() -> None:
    text = (PUZZLES / "puzzle-83.puzzle").read_text("utf-8").replace("drunk,", "spy, drunk,")
    with pytest.raises(Unmodelled, match="the Mathematician beside the Spy"):
        solve(notation.parse(text, "puzzle-83.puzzle"))


QUIET = """\
title: A quiet night
seats: Ann, Bob, Cat, Dan, Eve
script: imp, scarlet_woman, mathematician, soldier, clockmaker, chef
Ann claims mathematician, may be mathematician
  night 2: {count}
Bob claims {bob}, may be {bob}
Cat claims chef, may be chef
Dan claims chef, may be scarlet_woman
Eve claims chef, may be imp
"""
"""No one dies on night 2: the Imp chose a dead player, or the Soldier (its kill
failed: perhaps counted)."""


@pytest.mark.parametrize(
    ("bob", "counts"), [("soldier", {0, 1}), ("clockmaker", {0})], ids=["guarded", "unguarded"]
)
def test_a_quiet_night_beside_a_guard_may_count_the_demon(bob: str, counts: set[int]) -> None:
    found = {count for count in range(3) if _worlds(QUIET.format(bob=bob, count=count))}
    assert found == counts


SHOT = """\
title: A drunk shot
seats: Ann, Bob, Cat, Dan, Eve, Fay
script: imp, scarlet_woman, drunk, mathematician, slayer, clockmaker, chef
day 1: execution of Cat
Ann claims mathematician, may be mathematician
  night 2: {count}
Bob claims slayer, may be drunk
  day 1: shot {target}, killed no
Cat claims chef, may be chef
Dan claims clockmaker, may be clockmaker
Eve claims chef, may be scarlet_woman
Fay claims chef, may be imp
"""
"""The Drunk, believing the Slayer, shoots on day 1: at the Imp, its shot failed, and
the count that night (since dawn) has it."""


@pytest.mark.parametrize(("target", "count"), [("Fay", 1), ("Eve", 0)])
def test_a_drunk_slayers_shot_at_the_demon_counts_that_night(target: str, count: int) -> None:
    found = {n for n in range(3) if _worlds(SHOT.format(target=target, count=n))}
    assert found == {count}


@pytest.mark.parametrize("other", ["lunatic", "marionette"])
def test_the_mathematician_beside_a_jinx_it_leaves_open_is_refused(other: str) -> None:
    text = QUIET.format(bob="soldier", count=0).replace("chef\n", f"chef, {other}\n", 1)
    with pytest.raises(Unmodelled, match="the Mathematician beside the"):
        solve(notation.parse(text, "mathematician.puzzle"))


KILLED = """\
title: A drunk Soldier
seats: Ann, Bob, Cat, Dan, Eve, Fay
script: imp, scarlet_woman, drunk, mathematician, soldier, clockmaker, chef
day 1: execution of Cat
night 2: night death of {victim}
Ann claims mathematician, may be mathematician
  night 2: {count}
Bob claims soldier, may be drunk
Cat claims chef, may be chef
Dan claims clockmaker, may be clockmaker
Eve claims chef, may be scarlet_woman
Fay claims chef, may be imp
"""
"""The Imp kills the Drunk who believes it is the Soldier: its ability failed."""


@pytest.mark.parametrize(("victim", "count"), [("Bob", 1), ("Dan", 0)])
def test_the_demon_killing_a_drunk_soldier_counts(victim: str, count: int) -> None:
    found = {n for n in range(3) if _worlds(KILLED.format(victim=victim, count=n))}
    assert found == {count}


POISONED = """\
title: A poisoned Mathematician
seats: Ann, Bob, Cat, Dan, Eve
script: no_dashii, witch, clockmaker, mathematician, empath, oracle
Ann claims mathematician, may be mathematician
  night 1: {count}
Bob claims clockmaker, may be clockmaker
  1
Cat claims empath, may be empath
  night 1: 1
Dan claims oracle, may be witch
Eve claims oracle, may be no_dashii
"""
"""Ann, the Mathematician, is the No Dashii's neighbour: poisoned, whatever the count
(0: Cat, its other neighbour, learned truly)."""


def test_a_poisoned_mathematicians_number_is_anything() -> None:
    assert all(_worlds(POISONED.format(count=count)) == 1 for count in range(4))


@pytest.mark.parametrize("minion", ["witch", "poisoner"])
def test_a_drunk_minions_choice_perhaps_misfired(minion: str) -> None:
    text = NO_DASHII.format(clockmaker=1, empath=1, first=1, second=0)
    text = text.replace("witch,", f"{minion}, witch,").replace("be witch", f"be {minion}")
    puzzle = notation.parse(text, "minion.puzzle")
    plan_ = plan(puzzle, units(script_of(puzzle)))
    roles = ["clockmaker", "mathematician", "empath", minion, "nodashii"]
    drunk = Story(roles, {})
    drunk.drunk = frozenset({3})  # as a Sweetheart's or a Puzzlemaster's drunk is
    assert any(True for _ in play(plan_, drunk))  # the Mathematician's 1: the Minion
    if minion == "witch":  # (a sober Poisoner may have poisoned the Mathematician)
        assert not any(True for _ in play(plan_, Story(roles, {})))
