"""The house rules on small puzzles, each both ways. "No night kill on a dead player": a
sober Demon's kill falls on a living player, the Gossip's death too, and a puzzle stating
the rule with a killer whose rule the solver does not model is refused. "No execution or
nomination death of a starting demon" and "a witch curse told with its nominator needs a
living witch" (jthemphill's solver's conventions for its JSON): Puzzles 17 and 69 as
that JSON tells them get their published answers only under them."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from meeple.botc.puzzle import Puzzle, jsonform, notation
from meeple.botc.puzzle.model import CURSE_NEEDS_LIVING_WITCH, NO_DEAD_KILLS, NO_DEMON_EXECUTED
from meeple.botc.solver import Unmodelled, solve
from tests.botc.solver.helpers import (
    PUZZLES,
    Assignment,
    assignments,
    disguised,
    load,
    published,
)
from tests.botc.solver.test_sweep import GOOD, SEATS, SEVEN, players_of, starting, worlds
from tests.cli_helpers import meeple

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


EXECUTED = f"house rule: {NO_DEMON_EXECUTED}\n"
"""jthemphill's solver's convention for its JSON: no starting Demon dies executed."""


@pytest.mark.parametrize(("rule", "may_be_imp"), [("", True), (EXECUTED, False)])
def test_under_the_rule_no_starting_demon_dies_executed(rule: str, may_be_imp: bool) -> None:
    """Bob, executed with eight alive, may be the Imp whose Scarlet Woman caught the
    Demon, but not under the rule."""
    found = worlds(GOOD, rule + "day 1: execution of Bob\n", "chef " + SEVEN)
    assert found
    assert ("imp" in starting(found, "Bob")) is may_be_imp


def test_under_the_rule_a_starting_demon_may_die_of_a_slayers_shot() -> None:
    """The rule speaks of executions and nomination deaths: Bob, shot by the Slayer with
    eight alive, may still be the Imp whose Scarlet Woman caught the Demon."""
    lines = EXECUTED + "day 1: slayer shot of Bob\nAnn claims slayer\n  day 1: shot Bob, killed yes"
    found = worlds(f"{GOOD}, slayer", lines, SEVEN)
    assert "imp" in starting(found, "Bob")


def test_the_rule_spares_a_demon_whose_game_goes_on() -> None:
    """A Zombuul executed seems to die and lives on: the rule leaves it be
    (`Unit.dies_as_starting_demon`)."""
    script = GOOD.replace("imp", "zombuul")
    found = worlds(script, EXECUTED + "day 1: execution of Bob\n", "chef " + SEVEN)
    assert "Bob" in players_of(found, "zombuul")


def as_17s_json(rule: str) -> Puzzle:
    """Puzzle 17 as jthemphill's JSON tells it: Sarah's night-3 reading left out."""
    text = (PUZZLES / "puzzle-17.puzzle").read_text("utf-8")
    text = text.replace("  night 3: Sula is the washerwoman\n", "") + rule
    return notation.parse(text, "puzzle-17.puzzle")


def _without_undertakers_third_reading(rule: str) -> set[Assignment]:
    return assignments(solve(as_17s_json(rule)))


def test_puzzle_17_as_its_json_tells_it_needs_the_rule() -> None:
    """docs/formats/botc.md, "Puzzle 17's Undertaker": without the reading a fifth
    world fits (Sula the Imp, executed on day 2, Fraser the Scarlet Woman catching);
    under the JSON's writer's convention the four published worlds are left."""
    answer = published(PUZZLES / "puzzle-17.puzzle")
    assert _without_undertakers_third_reading(EXECUTED) == answer
    extra = _without_undertakers_third_reading("") - answer
    assert len(extra) == 1
    assert ("Sula", "imp") in next(iter(extra))


CURSE = """\
seats: Ann, Bob, Cat, Dan, Eve, Fay
script: vigormortis, witch, chef, empath, washerwoman, librarian, investigator
night 2: night death of Ann
day 2: witch curse of Bob{by}
Ann claims chef, may be chef or witch
Bob claims empath, may be empath
{rule}"""
"""Ann, the Witch or the Chef, died on night 2; Bob, nominating, died of a curse."""
LIVING_WITCH = f"house rule: {CURSE_NEEDS_LIVING_WITCH}\n"


@pytest.mark.parametrize(
    ("by", "rule", "stands"),
    [(" by Bob", "", True), (" by Bob", LIVING_WITCH, False), ("", LIVING_WITCH, True)],
)
def test_under_the_rule_a_curse_told_with_its_nominator_needs_a_living_witch(
    by: str, rule: str, stands: bool
) -> None:
    """The Vigormortis killed Ann the Witch on night 2 and she keeps her ability; under
    the rule her curse told with its nominator needs her alive (a curse told without
    one stands either way)."""
    text = CURSE.format(by=by, rule=rule)
    found = solve(notation.parse(text, "curse.puzzle")).worlds
    assert found
    assert any(world.characters[0] == "witch" for world in found) is stands


JSON_SET_UP = """\
setup: none
constraint: one player has a role in demons
constraint: one player has role Witch
constraint: if some player has role `Fang Gu` then 3 players have a role in outsiders
constraint: if no player has role `Fang Gu` then 2 players have a role in outsiders
"""
"""Puzzle 69's set-up as jthemphill's JSON gives it (two Outsiders with a Vigormortis)."""


def as_69s_json(rule: str) -> Puzzle:
    """Puzzle 69 with its set-up as jthemphill's JSON gives it."""
    text = (PUZZLES / "puzzle-69.puzzle").read_text("utf-8") + JSON_SET_UP + rule
    return notation.parse(text, "puzzle-69.puzzle")


def _with_the_jsons_set_up(rule: str) -> set[Assignment]:
    return assignments(solve(as_69s_json(rule)))


def test_puzzle_69_as_its_json_tells_it_needs_the_rule() -> None:
    """docs/formats/botc.md, "Puzzle 69's set-up": with the JSON's Outsider count two
    more worlds fit, a Vigormortis's Witch killed on night 2 cursing on day 2; under the
    JSON's writer's convention the published world is left."""
    answer = published(PUZZLES / "puzzle-69.puzzle")
    assert _with_the_jsons_set_up(LIVING_WITCH + EXECUTED) == answer
    assert len(_with_the_jsons_set_up("") - answer) == 2


def test_puzzle_46_solves_from_meeples_json_to_the_weekly_answer() -> None:
    """Its house rule travels in meeple's key: the JSON meeple writes is the puzzle."""
    puzzle = jsonform.parse(jsonform.dump(load(PUZZLES / "puzzle-46.puzzle")))
    assert puzzle.house_rules == (NO_DEAD_KILLS,)
    assert assignments(solve(puzzle)) == published(PUZZLES / "puzzle-46.puzzle")


@pytest.mark.parametrize("stem", ["49", "72"])
def test_the_rule_spares_the_riots_nomination_deaths_and_an_executed_legion(stem: str) -> None:
    """Puzzle 49's Riot dies nominated on day 3 (`Unit.spares_starting_demons`), and 72's
    executed Legion lives on in the others (`Unit.dies_as_starting_demon`): under the
    rule their published answers stand, as jthemphill's solver reads its JSON."""
    path = PUZZLES / f"puzzle-{stem}.puzzle"
    puzzle = replace(load(path), house_rules=(NO_DEMON_EXECUTED,))
    assert assignments(solve(puzzle)) == published(path)


def test_explain_names_the_rule_an_executed_starting_demon_breaks(tmp_path: Path) -> None:
    lines = [f"seats: {', '.join(SEATS)}", f"script: {GOOD}", EXECUTED.strip()]
    lines += ["day 1: execution of Bob", "Ann claims chef"]
    path = tmp_path / "executed.puzzle"
    path.write_text("\n".join(lines) + "\n", "utf-8")
    run = meeple(["botc", "solve", str(path), "--explain", "[Bob:imp Cat:scarlet_woman]"])
    assert "Bob, who started as the Imp, could not die by execution on day 1" in run.out
    assert NO_DEMON_EXECUTED in run.out


@pytest.mark.parametrize(
    ("stem", "puzzle"),
    [("17", as_17s_json(EXECUTED)), ("69", as_69s_json(LIVING_WITCH + EXECUTED))],
)
def test_as_their_json_tells_them_renamed_and_rotated(stem: str, puzzle: Puzzle) -> None:
    """Under the rules, Puzzles 17 and 69 as their JSON tells them, every player renamed
    and the seats rotated, have the published answers renamed."""
    moved, names = disguised(puzzle, len(puzzle.players) // 2 + 1)
    expected = {
        frozenset((names[player], character) for player, character in world)
        for world in published(PUZZLES / f"puzzle-{stem}.puzzle")
    }
    assert assignments(solve(moved)) == expected
