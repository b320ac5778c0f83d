"""Issue 40's last puzzles: Puzzle 46's worlds with and without its house rule, and the
characters of A Clean Sweep on small puzzles of their own."""

from __future__ import annotations

from dataclasses import replace

import pytest

from meeple.botc.puzzle import notation
from meeple.botc.puzzle.model import NO_DEAD_KILLS
from meeple.botc.solver import Unmodelled, World, solve
from tests.botc.solver.helpers import PUZZLES, assignments, load

KILL_ON_THE_DEAD = frozenset(
    {
        ("Adam", "chambermaid"),
        ("Aoife", "gossip"),
        ("Jasmine", "poisoner"),
        ("Josh", "gambler"),
        ("You", "clockmaker"),
        ("Matthew", "imp"),
        ("Fraser", "investigator"),
    }
)
"""Puzzle 46's world in which the Imp (or the Gossip) chose a dead player."""
WEEKLY_ANSWER = frozenset(
    {
        ("Adam", "poisoner"),
        ("Aoife", "gossip"),
        ("Jasmine", "princess"),
        ("Josh", "imp"),
        ("You", "clockmaker"),
        ("Matthew", "exorcist"),
        ("Fraser", "investigator"),
    }
)
"""The weekly series' one answer to Puzzle 46 (as Clockchecker transcribes it)."""


def test_puzzle_46_under_its_house_rule_has_the_weekly_answer() -> None:
    """docs/formats/botc.md, "Puzzle 46": the puzzle's house rule (no night kill on a
    dead player) leaves the series' one world."""
    puzzle = load(PUZZLES / "puzzle-46.puzzle")
    assert puzzle.house_rules == (NO_DEAD_KILLS,)
    assert assignments(solve(puzzle)) == {WEEKLY_ANSWER}


def test_puzzle_46_without_its_house_rule_keeps_the_kill_on_a_dead_player() -> None:
    """Without the rule a Demon (or the Gossip's death) may fall on a dead player, and a
    sober Gambler who guessed wrong dies (jthemphill's third world is not one)."""
    puzzle = replace(load(PUZZLES / "puzzle-46.puzzle"), house_rules=())
    assert assignments(solve(puzzle)) == {KILL_ON_THE_DEAD, WEEKLY_ANSWER}


SEATS = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")


def worlds(script: str, lines: str, others: str) -> tuple[World, ...]:
    """The worlds of a small puzzle of 8 players: the timeline and claims in `lines`,
    then the players not yet named there claiming `others` in seat order."""
    named = [seat for seat in SEATS if f"{seat} claims" in lines]
    rest = [seat for seat in SEATS if seat not in named]
    claims = [f"{player} claims {role}" for player, role in zip(rest, others.split(), strict=True)]
    head = [f"seats: {', '.join(SEATS)}", f"script: {script}"]
    text = "\n".join([*head, lines.strip("\n"), *claims]) + "\n"
    return solve(notation.parse(text, "small.puzzle")).worlds


def starting(found: tuple[World, ...], player: str) -> set[str]:
    """Every character `player` starts as in some world."""
    return {world.characters[world.players.index(player)] for world in found}


def players_of(found: tuple[World, ...], character: str = "zombuul") -> set[str]:
    """Who starts as `character` in some world."""
    return {w.players[s] for w in found for s, c in enumerate(w.characters) if c == character}


GOOD = "imp, scarlet_woman, chef, empath, washerwoman, investigator, knight, clockmaker, butler"
"""A script with no poisoning: only the characters under test make anyone drunk."""
SEVEN = "chef empath washerwoman investigator knight clockmaker butler"
"""The claims of seven players."""
SIX = SEVEN.removeprefix("chef ")
"""The claims of six players (a seventh claims the Chef)."""


def test_a_sober_sailor_cannot_die() -> None:
    lines = "day 1: survived execution of Ann\nAnn claims sailor"
    found = worlds(f"{GOOD}, sailor", lines, SEVEN)
    assert found
    assert starting(found, "Ann") == {"sailor"}


@pytest.mark.parametrize(("chosen", "drunk"), [("Bob", True), ("Cat", False)])
def test_the_sailors_choice_may_make_the_chosen_drunk(chosen: str, drunk: bool) -> None:
    """No Chef learns 3 pairs among 8 players with two evil: Bob is evil, or the
    Sailor chose him and he is drunk."""
    lines = f"Ann claims sailor, may be sailor\n  night 1: chose {chosen}\nBob claims chef\n  3"
    found = worlds(f"{GOOD}, sailor", lines, SIX)
    assert found
    assert ("chef" in starting(found, "Bob")) == drunk


def test_the_minstrel_makes_everyone_drunk_after_a_minions_execution() -> None:
    """With everyone drunk on night 2 the Demon kills no one: the Minion executed on
    day 1 was not, while Ann was the Minstrel."""
    lines = "day 1: execution of Bob\nnight 2: night death of Cat\nAnn claims minstrel"
    found = worlds(f"{GOOD}, minstrel", lines, SEVEN)
    minion = [world for world in found if world.characters[1] == "scarletwoman"]
    assert found
    assert minion
    assert all(world.characters[0] != "minstrel" for world in minion)


def test_a_professor_resurrects_no_one_the_timeline_does_not_tell() -> None:
    lines = "day 1: execution of Bob\nAnn claims professor\n  night 2: chose Bob\nBob claims chef"
    found = worlds(f"{GOOD}, professor", lines, SIX)
    assert found
    assert all(world.characters[:2] != ("professor", "chef") for world in found)


@pytest.mark.parametrize(("claim", "found"), [("tinker", True), ("chef", False)])
def test_a_tinker_may_die_at_any_time(claim: str, found: bool) -> None:
    """No Demon kills on night 1: only a Tinker's own death explains one."""
    lines = f"night 1: night death of Bob\nBob claims {claim}"
    others = SEVEN.replace(claim, "sailor")
    assert bool(worlds(f"{GOOD}, tinker, sailor", lines, others)) == found


def test_a_moonchilds_good_choice_dies_that_night() -> None:
    """No one died on night 2, so the player the dead Moonchild chose was evil."""
    lines = "day 1: execution of Bob\nnight 2: night death of nobody\n"
    lines += "Bob claims moonchild\n  day 1: chose Cat"
    found = worlds(f"{GOOD}, moonchild", lines, SEVEN)
    moonchild = [world for world in found if world.characters[1] == "moonchild"]
    assert moonchild
    assert all(world.characters[2] in ("imp", "scarletwoman") for world in moonchild)


def test_a_gossip_statement_with_no_day_tells_nothing() -> None:
    """docs/formats/botc.md, "an untimed Gossip statement": read as silence."""
    lines = "Ann claims gossip\n  says Bob.type == Demon"
    plain = "Ann claims gossip"
    others = SEVEN
    script = f"{GOOD}, gossip, sailor"
    assert worlds(script, lines, others) == worlds(script, plain, others)


@pytest.mark.parametrize(("claim", "found"), [("butler", True), ("clockmaker", False)])
def test_a_godfather_kills_the_night_after_an_outsider_died(claim: str, found: bool) -> None:
    """Two deaths on night 2: the Imp's and the Godfather's, after an Outsider's
    execution (Hal evil would end the game or leave no second killer)."""
    lines = f"day 1: execution of Hal\nnight 2: night death of Cat, Dan\nHal claims {claim}"
    others = "chef empath washerwoman investigator knight saint sailor".replace(claim, "butler")
    script = "imp, godfather, chef, empath, washerwoman, investigator, knight, clockmaker, "
    script += "butler, saint, sailor"
    assert bool(worlds(script, lines, others)) == found


@pytest.mark.parametrize(
    ("dead", "found"), [("Cat", True), ("Cat, Dan", True), ("Cat, Dan, Eve", False)]
)
def test_a_shabaloth_kills_two_a_night(dead: str, found: bool) -> None:
    """Two deaths on a night are the Shabaloth's (the Imp kills one); three, no one's."""
    script = f"{GOOD}, shabaloth, librarian"
    found_ = worlds(script, f"night 2: night death of {dead}", SEVEN + " librarian")
    assert bool(found_) == found
    if "," in dead:
        assert all("shabaloth" in world.characters for world in found_)


@pytest.mark.parametrize(("day", "found"), [("", True), ("day 1: execution of Hal\n", False)])
def test_a_zombuul_kills_only_after_a_day_without_deaths(day: str, found: bool) -> None:
    lines = f"{day}night 2: night death of Cat\nCat claims chef, may be chef"
    lines += "\nHal claims librarian, may be librarian"
    script = f"{GOOD}, zombuul, librarian"
    assert bool(players_of(worlds(script, lines, SIX))) == found


ZOMBUUL_RISES = "day 1: execution of Hal\nnight 3: night death of Cat\nHal claims chef"
"""Hal executed on day 1, then a death on night 3 (after a day without one)."""


def test_a_zombuul_lives_on_after_its_first_death() -> None:
    """Executed sober, the Zombuul registers as dead and kills after a quiet day."""
    found = worlds(f"{GOOD}, zombuul, librarian", ZOMBUUL_RISES, SEVEN.replace("chef", "librarian"))
    assert "zombuul" in starting(found, "Hal")


def test_a_zombuul_dies_the_second_time() -> None:
    """Executed again on day 3, the seeming-dead Zombuul dies: good would have won."""
    lines = ZOMBUUL_RISES.replace("night 3:", "day 3: execution of Hal\nnight 4:")
    script = GOOD.replace("scarlet_woman", "spy")  # no one to catch the Demon
    found = worlds(f"{script}, zombuul, librarian", lines, SEVEN.replace("chef", "librarian"))
    assert "zombuul" not in starting(found, "Hal")


GOON_SCRIPT = "imp, spy, chef, empath, washerwoman, investigator, librarian, sailor, goon"
"""A script whose characters all tell the Goon their night choices (or make none)."""
SIX_CLAIMS = "chef empath washerwoman investigator librarian chef"
"""The claims of six players (one Chef claim is a lie)."""
QUIET = "night 2: night death of nobody\n"
SAILOR = "Ann claims sailor, may be sailor\n  night 2: chose "


@pytest.mark.parametrize(
    ("lines", "found"),
    [
        ("", False),  # one night: no evil player chose Bob
        (QUIET, True),  # the Imp chose him first (and killed no one): evil
        (f"{QUIET}{SAILOR}Bob\n", False),  # the good Sailor first: good
    ],
)
def test_the_goon_becomes_the_alignment_of_the_first_to_choose_it(lines: str, found: bool) -> None:
    """Bob, the Goon, claims the Chef: only an evil Goon lies. A good Sailor who chose
    him first on night 2 keeps him good (the Imp choosing him second would kill him)."""
    others = SIX_CLAIMS if "Ann" in lines else f"sailor {SIX_CLAIMS}"
    assert bool(worlds(GOON_SCRIPT, f"{lines}Bob claims chef, may be goon", others)) == found


@pytest.mark.parametrize(("chosen", "found"), [("Cat", False), ("Bob", True)])
def test_a_demon_kills_the_goon_only_after_another_chose_it(chosen: str, found: bool) -> None:
    """The first to choose the Goon is drunk at once: the Imp's kill on Bob fails unless
    the Sailor chose him before."""
    lines = f"night 2: night death of Bob\nBob claims goon, may be goon\n{SAILOR}{chosen}"
    assert bool(worlds(GOON_SCRIPT, lines, SIX_CLAIMS)) == found


def test_the_goon_beside_a_character_whose_choices_it_does_not_hear_is_refused() -> None:
    with pytest.raises(Unmodelled, match="Goon beside the Poisoner"):
        worlds(f"{GOON_SCRIPT}, poisoner", "Bob claims goon", SEVEN)


EXORCISED = {
    "po": "night 2: night death of Cat\n",
    "pukka": "night 2: night death of Dan\nnight 3: night death of Cat\n",
}
"""A Demon the sober Exorcist chose on night 2 (Bob), and deaths it cannot explain: the
Po does not wake, so does not kill Cat; the Pukka's night-1 choice (Dan) dies all the
same, but it poisons no one, so no one of its dies on night 3."""


@pytest.mark.parametrize("demon", sorted(EXORCISED))
def test_a_demon_the_exorcist_chose_does_not_wake(demon: str) -> None:
    script = f"{demon}, scarlet_woman, exorcist, chef, empath, washerwoman, investigator, "
    script += "knight, clockmaker, butler"
    lines = EXORCISED[demon] + "Ann claims exorcist, may be exorcist\n  night 2: chose Bob"
    found = worlds(script, lines, SEVEN)
    assert found
    assert demon not in starting(found, "Bob")


@pytest.mark.parametrize(("bob", "found"), [("goon", True), ("saint", False)])
def test_a_chambermaid_who_chose_the_goon_first_is_drunk(bob: str, found: bool) -> None:
    """Of Bob and Cat (the Chef) one woke on night 1, not two: Ann, the Chambermaid,
    learned 2 only drunk, as the first to choose Bob the Goon."""
    lines = "Ann claims chambermaid, may be chambermaid\n  night 1: Bob and Cat: 2 woke\n"
    lines += f"Bob claims {bob}, may be {bob}\nCat claims chef, may be chef"
    script = f"{GOON_SCRIPT}, chambermaid, saint"
    others = "empath washerwoman investigator librarian empath"
    assert bool(worlds(script, lines, others)) == found
