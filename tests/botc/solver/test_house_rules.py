"""The house rule "no night kill on a dead player" on small puzzles: a sober Demon's kill
falls on a living player, the Gossip's death too, and a puzzle stating the rule with a
killer whose rule the solver does not model is refused."""

from __future__ import annotations

import pytest

from meeple.botc.puzzle.model import NO_DEAD_KILLS
from meeple.botc.solver import Unmodelled
from tests.botc.solver.test_sweep import GOOD, SEVEN, worlds

RULE = f"house rule: {NO_DEAD_KILLS}\n"
QUIET_NIGHT = "day 1: execution of Bob\nnight 2: night death of nobody\n"
"""A night without a death after an execution."""


@pytest.mark.parametrize(("rule", "found"), [("", True), (RULE, False)])
def test_under_the_rule_a_sober_demon_kills_a_living_player(rule: str, found: bool) -> None:
    """No poisoner, no guard: on a night without a death only a kill on the dead Bob
    explains it."""
    assert bool(worlds(GOOD, rule + QUIET_NIGHT, "chef " + SEVEN)) == found


def test_under_the_rule_a_guarded_player_explains_a_night_without_a_death() -> None:
    """The Imp chose the Soldier (Ann), who did not die."""
    found = worlds(f"{GOOD}, soldier", RULE + QUIET_NIGHT + "Ann claims soldier", SEVEN)
    assert found
    assert {world.characters[0] for world in found} == {"soldier"}


def gossip_with_a_townsfolk(rule: str) -> bool:
    """Whether, after one death on night 2, Ann may be the Gossip whose day-1 statement
    (Eve is a Townsfolk) was true: two kills, one death."""
    lines = rule + "day 1: execution of Bob\nnight 2: night death of Dan\n"
    lines += "Ann claims gossip\n  day 1: says Eve.type == Townsfolk"
    found = worlds(f"{GOOD}, gossip", lines, SEVEN)
    townsfolk = {"chef", "empath", "washerwoman", "investigator", "knight", "clockmaker"}
    return any(w.characters[0] == "gossip" and w.characters[4] in townsfolk for w in found)


def test_under_the_rule_the_gossips_death_and_the_demons_fall_on_two_players() -> None:
    """Without the rule one kill fell on the dead Bob (or both on Dan); with it, the
    Gossip's true statement needs a second death."""
    assert gossip_with_a_townsfolk("")
    assert not gossip_with_a_townsfolk(RULE)


def test_the_rule_with_a_demon_of_its_own_night_is_refused() -> None:
    with pytest.raises(Unmodelled, match="house rule"):
        worlds(f"{GOOD}, po", RULE + QUIET_NIGHT, "chef " + SEVEN)
