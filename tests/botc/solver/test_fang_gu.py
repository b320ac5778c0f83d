"""The Fang Gu's jump, the Sweetheart's drunk, the Tea Lady's and the Devil's
Advocate's saves, the Flowergirl's vote and the Vigormortis's Townsfolk neighbours:
each rule on a small puzzle of its own (Puzzle 57 and the Mathematician's puzzles use
them together)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.botc.characters import official
from meeple.botc.puzzle import notation
from meeple.botc.solver import constraints, solve
from meeple.botc.solver.demons import nearest_townsfolk
from meeple.botc.solver.report import explain
from meeple.botc.solver.search import World
from meeple.botc.solver.story import Story
from tests.botc.solver.games import game_puzzle
from tests.botc.solver.helpers import PUZZLES, assignments, load

JUMP = """\
seats: Ann, Bob, Cat, Dan, Eve
script: fang_gu, goblin, butler, saint, chef, empath, washerwoman, librarian
night 2: night death of {dead}
Ann claims chef, may be chef or fang_gu
Bob claims butler, may be butler
Cat claims empath
Dan claims washerwoman
"""


def _good(world: World, player: str) -> bool:
    character = world.characters[world.players.index(player)]
    return official()[character].team in ("townsfolk", "outsider")


def test_a_fang_gu_that_dies_at_night_jumped_to_the_outsider() -> None:
    worlds = solve(notation.parse(JUMP.format(dead="Ann"), "jump.puzzle")).worlds
    jumped = [world for world in worlds if world.characters[0] == "fanggu"]
    assert jumped
    assert all(world.demons == ((2, "Bob"),) for world in jumped)


def test_an_outsider_attacked_before_the_jump_does_not_die() -> None:
    # Bob must be the Butler: the Fang Gu's first kill of an Outsider is a jump
    assert not solve(notation.parse(JUMP.format(dead="Bob"), "jump.puzzle")).worlds


SWEETHEART = """\
seats: Ann, Bob, Cat, Dan, Eve, Fay
script: imp, goblin, {ann}, butler, empath, chef, washerwoman, librarian
day 1: execution of Ann
Ann claims {ann}, may be {ann}
Bob claims empath, may be empath
  night 2: 2
Cat claims chef, may be chef
"""


def test_the_sweethearts_death_makes_a_player_drunk() -> None:
    worlds = solve(notation.parse(SWEETHEART.format(ann="sweetheart"), "s.puzzle")).worlds
    assert worlds
    # Bob's 2 is false (Cat is good): only the Sweetheart's drunk tells it
    assert all(world.drunk == ("Bob",) for world in worlds)
    mayor = SWEETHEART.format(ann="mayor")
    assert not solve(notation.parse(mayor, "s.puzzle")).worlds


SAVED = """\
seats: Ann, Bob, Cat, Dan, Eve
script: imp, {minion}, tea_lady, chef, empath, washerwoman, librarian
day 1: survived execution of Bob
Ann claims {ann}, may be {ann}
Bob claims chef, may be chef
"""


def test_the_tea_lady_keeps_her_good_neighbour_alive() -> None:
    text = SAVED.format(minion="goblin", ann="tea_lady")
    worlds = solve(notation.parse(text, "tea.puzzle")).worlds
    assert worlds
    assert all(_good(world, "Eve") for world in worlds)  # her other neighbour


def test_an_execution_survived_without_a_saver_has_no_world() -> None:
    text = SAVED.format(minion="goblin", ann="washerwoman")
    assert not solve(notation.parse(text, "tea.puzzle")).worlds


def test_the_devils_advocate_keeps_the_executed_alive() -> None:
    text = SAVED.format(minion="devils_advocate", ann="washerwoman")
    worlds = solve(notation.parse(text, "advocate.puzzle")).worlds
    assert worlds
    assert all("devilsadvocate" in world.characters for world in worlds)


def test_the_tea_lady_keeps_no_one_alive_beside_an_evil_neighbour() -> None:
    executed = SAVED.replace("survived execution", "execution")
    text = executed.format(minion="goblin", ann="tea_lady")
    worlds = solve(notation.parse(text, "tea.puzzle")).worlds
    assert worlds
    assert not any(_good(world, "Eve") for world in worlds)


FLOWERGIRL = """\
seats: Ann, Bob, Cat, Dan, Eve
script: imp, goblin, flowergirl, chef, empath, washerwoman, librarian
Ann claims flowergirl, may be flowergirl
  night 2: Bob, Cat: {answer}
"""


@pytest.mark.parametrize("answer", ["yes", "no"])
def test_the_flowergirl_learns_whether_the_demon_voted(answer: str) -> None:
    puzzle = notation.parse(FLOWERGIRL.format(answer=answer), "flowergirl.puzzle")
    worlds = solve(puzzle).worlds
    demons = {world.players[world.characters.index("imp")] for world in worlds}
    assert demons == ({"Bob", "Cat"} if answer == "yes" else {"Dan", "Eve"})


def test_a_vigormortis_minion_poisons_its_nearest_townsfolk_either_way() -> None:
    story = Story(("chef", "poisoner", "butler", "vigormortis", "empath", "saint"), {})
    assert nearest_townsfolk(story, 1) == [0, 4]
    assert nearest_townsfolk(story, 3) == [0, 4]
    alone = Story(("poisoner", "butler", "vigormortis", "saint"), {})
    assert nearest_townsfolk(alone, 0) == []


@pytest.mark.parametrize(("distance", "true"), [(1, False), (2, True), (3, False)])
def test_role_distance_is_the_shorter_way_round(distance: int, true: bool) -> None:
    puzzle = notation.parse(
        f"seats: Ann, Bob, Cat, Dan, Eve\nscript: imp, goblin, chef, empath, washerwoman\n"
        f"constraint: role_distance({distance}, Imp, Goblin)\n",
        "distance.puzzle",
    )
    roles = ("imp", "chef", "empath", "goblin", "washerwoman")  # 3 one way, 2 the other
    assert constraints.holds(puzzle, roles, Story(roles, {})) is true


CURSE = """\
seats: Ann, Bob, Cat, Dan, Eve
script: imp, witch, chef, empath, washerwoman, librarian, investigator
night 2: night death of Ann
day 2: witch curse of Bob{by}
Ann claims chef, may be chef or witch
Bob claims empath, may be empath
"""


@pytest.mark.parametrize(("by", "stands"), [("", True), (" by Bob", False)])
def test_a_curse_told_with_its_nominator_needs_the_witch_alive(by: str, stands: bool) -> None:
    worlds = solve(notation.parse(CURSE.format(by=by), "curse.puzzle")).worlds
    assert any(world.characters[0] == "witch" for world in worlds) is stands


ARTIST = """\
seats: Ann, Bob, Cat, Dan, Eve, Fay
script: imp, goblin, sweetheart, butler, artist, chef, empath, washerwoman
day 1: execution of Ann
Ann claims sweetheart, may be sweetheart
Bob claims artist on day 1, may be artist
  day 1: info the role of Bob is not Artist
"""


def test_what_is_learned_by_day_comes_before_the_days_deaths() -> None:
    # the Sweetheart's drunk, from Ann's execution, comes too late for Bob's answer
    assert not solve(notation.parse(ARTIST, "artist.puzzle")).worlds


VORTOX = """\
seats: Ann, Bob, Cat, Dan, Eve, Fay
script: vortox, xaan, butler, chef, empath, washerwoman, librarian, investigator
Ann claims chef, may be chef
  0
"""


def test_a_poisoned_townsfolks_information_under_the_vortox_is_false_too() -> None:
    # Ann's 0 is false even when the Xaan poisoned her on night 1: the evil players sit
    # together (the Xaan poisons no Demon, so the Vortox stays sober)
    worlds = solve(notation.parse(VORTOX, "vortox.puzzle")).worlds
    assert worlds
    assert any(world.characters.count("butler") == 1 for world in worlds)  # X = 1
    for world in worlds:
        seats = [world.characters.index("vortox"), world.characters.index("xaan")]
        assert abs(seats[0] - seats[1]) in (1, len(world.players) - 1)


SWEETHEART_COUNTED = """\
seats: Ann, Bob, Cat, Dan, Eve, Fay
script: imp, goblin, sweetheart, butler, empath, chef, mathematician, librarian
day 1: execution of Ann
Ann claims sweetheart, may be sweetheart
Bob claims empath, may be empath
  night 2: 2
Cat claims chef, may be chef
Dan claims mathematician, may be mathematician
  night 2: {count}
"""


@pytest.mark.parametrize(("count", "worlds"), [(0, False), (1, True)])
def test_the_mathematician_counts_the_sweethearts_drunk(count: int, worlds: bool) -> None:
    # Bob's false 2 (Cat is good) is the Sweetheart's doing: an ability that worked
    # abnormally because of another character's
    puzzle = notation.parse(SWEETHEART_COUNTED.format(count=count), "counted.puzzle")
    assert bool(solve(puzzle).worlds) is worlds


GAMES: dict[str, dict[str, str | bool]] = {
    "fanggu": {"demon": "fanggu"},
    "vigormortis": {"demon": "vigormortis"},
    "sweetheart": {"sweetheart": True},
    "tealady": {"tealady": True},
}


@pytest.mark.parametrize("kind", list(GAMES))
@given(st.integers(0, 2**32), st.integers(5, 9), st.integers(2, 3))
@settings(max_examples=max(5, settings().max_examples // 5), deadline=None)
def test_a_game_with_the_characters_is_among_its_worlds(
    kind: str, seed: int, players: int, nights: int
) -> None:
    # soundness: the Fang Gu's jump, the Vigormortis's kept Minions and their poison,
    # the Sweetheart's drunk, the Tea Lady's saved neighbours
    options = GAMES[kind]
    puzzle, truth = game_puzzle(
        random.Random(seed),
        players,
        nights,
        demon=str(options.get("demon", "imp")),
        sweetheart=bool(options.get("sweetheart")),
        tealady=bool(options.get("tealady")),
    )
    true_world = frozenset(zip(puzzle.players, truth, strict=True))
    assert true_world in assignments(solve(puzzle))


def test_explain_plays_only_the_set_ups_the_puzzles_constraints_allow() -> None:
    # Puzzle 53 gives its counts as constraints (one Demon): a set-up with three Demons
    # is no candidate, and Tim is the Demon in no world
    puzzle = load(PUZZLES / "puzzle-53.puzzle")
    assert not explain(puzzle, "Tim").holds
    assert explain(puzzle, "Jasmine").holds
