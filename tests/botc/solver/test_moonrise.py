"""The rules of the Chambermaid, Legion, Pukka, Courtier, Po, Balloonist, Gambler,
Gossip and Acrobat where no published puzzle pins them down, on small puzzles of
their own."""

from __future__ import annotations

import pytest

from meeple.botc.puzzle import notation
from meeple.botc.solver import World, solve

SEATS = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus")


def worlds(script: str, lines: str, others: str, first: int = 1) -> tuple[World, ...]:
    """The worlds of a small puzzle: the timeline and the claims of the players before
    `first` (`lines`), then the next players in seat order claiming `others` (one
    character each)."""
    claimed = others.split()
    seats = SEATS[: len(claimed) + first]
    rest = [f"{player} claims {role}" for player, role in zip(seats[first:], claimed, strict=True)]
    head = [f"seats: {', '.join(seats)}", f"script: {script}"]
    text = "\n".join([*head, lines.strip("\n"), *rest]) + "\n"
    return solve(notation.parse(text, "small.puzzle")).worlds


def players_of(found: tuple[World, ...], character: str) -> set[str]:
    """Who starts as `character` in some world."""
    return {w.players[seat] for w in found for seat, c in enumerate(w.characters) if c == character}


CHAMBERMAID = "imp, scarlet_woman, chambermaid, knight, chef, empath, washerwoman"
MAID = """
Ann claims chambermaid, may be chambermaid
  night 2: Bob and Cat: {count} woke
"""


@pytest.mark.parametrize("count", [0, 1, 2])
def test_a_chambermaid_counts_who_woke_through_their_ability(count: int) -> None:
    """On night 2 the Imp wakes; the Scarlet Woman, Knight and Chef do not."""
    found = worlds(CHAMBERMAID, MAID.format(count=count), "knight chef empath washerwoman")
    expected = [{"Dan", "Eve"}, {"Bob", "Cat"}, set()][count]
    assert players_of(found, "imp") == expected


def test_a_chambermaid_chooses_living_players() -> None:
    lines = "day 1: execution of Bob" + MAID.format(count=0)
    assert not worlds(CHAMBERMAID, lines, "knight chef empath washerwoman")


def test_a_chambermaid_counts_the_drunk_as_the_townsfolk_it_believes() -> None:
    script = f"{CHAMBERMAID}, drunk, investigator"
    lines = MAID.format(count=2)
    found = worlds(script, lines, "empath knight chef investigator washerwoman")
    assert players_of(found, "imp") == {"Cat"}
    assert "Bob" in players_of(found, "drunk")


PUKKA = """
night 2: night death of {died}
Ann claims chef
  2
"""


@pytest.mark.parametrize("died", ["Ann", "nobody"])
def test_the_player_a_pukka_poisoned_dies_the_next_night(died: str) -> None:
    """No Chef learns 2 of five players: Ann is evil, or the Pukka poisoned her on
    night 1, and then she dies on night 2 (Bob's claim of night 2 makes it last)."""
    script = "pukka, imp, scarlet_woman, chef, empath, knight, washerwoman, investigator"
    lines = PUKKA.format(died=died) + "Bob claims empath\n  night 2: 0"
    found = worlds(script, lines, "knight washerwoman investigator", first=2)
    good = [world for world in found if world.characters[0] == "chef"]
    assert found
    assert bool(good) == (died == "Ann")
    assert all("pukka" in world.characters for world in good)


COURTIER = """
night {night}: night death of Bob
Ann claims courtier, may be courtier
  night 1: chose imp
"""


@pytest.mark.parametrize("night", [2, 3, 4])
def test_the_courtier_makes_a_character_drunk_for_three_nights_and_days(night: int) -> None:
    """The Imp chosen on night 1 kills no one on nights 2 and 3; on night 4 it can."""
    script = "imp, scarlet_woman, courtier, chef, empath, knight, washerwoman"
    found = worlds(script, COURTIER.format(night=night), "chef empath knight washerwoman")
    assert bool(found) == (night == 4)


def test_a_doomsayer_call_kills_a_player_of_the_callers_alignment() -> None:
    script = "imp, scarlet_woman, chef, empath, knight, washerwoman, investigator"
    lines = "day 1: doomsayer death of Bob by Ann\nAnn claims chef, may be chef"
    found = worlds(script, lines, "empath knight washerwoman investigator")
    assert found
    assert players_of(found, "empath") == {"Bob"}


def test_a_balloonist_sees_players_of_different_types() -> None:
    """Bob and Cat claim Townsfolk: one of them is evil."""
    script = "imp, scarlet_woman, balloonist, chef, empath, knight, washerwoman"
    lines = "Ann claims balloonist, may be balloonist\n  Bob and Cat differ"
    found = worlds(script, lines, "chef empath knight washerwoman")
    evil = ("imp", "scarletwoman")
    assert found
    assert all(w.characters[1] in evil or w.characters[2] in evil for w in found)


def test_a_gambler_who_guessed_wrong_dies() -> None:
    """No one died on night 2: the Gambler's guess was right."""
    script = "imp, scarlet_woman, gambler, chef, empath, knight, washerwoman"
    lines = "night 2: night death of nobody\nAnn claims gambler, may be gambler"
    lines += "\n  night 2: guessed Bob is the imp"
    found = worlds(script, lines, "chef empath knight washerwoman")
    assert players_of(found, "imp") == {"Bob"}


GOSSIP = """
night 2: night death of {died}
Ann claims gossip, may be gossip
  day 1: says Bob.type == Demon
"""


@pytest.mark.parametrize("died", ["Cat", "nobody"])
def test_a_gossips_true_statement_kills_that_night(died: str) -> None:
    """The Leviathan kills no one: Cat's death is the Gossip's, so Bob is the Demon;
    with no death the statement was false."""
    script = "leviathan, scarlet_woman, gossip, chef, empath, knight, washerwoman"
    found = worlds(script, GOSSIP.format(died=died), "chef empath knight washerwoman")
    assert found
    assert (players_of(found, "leviathan") == {"Bob"}) == (died == "Cat")
    assert ("Bob" in players_of(found, "leviathan")) == (died == "Cat")


def test_an_acrobat_dies_choosing_a_drunk_player() -> None:
    script = "leviathan, scarlet_woman, drunk, acrobat, chef, empath, knight, investigator, mayor"
    lines = "night 2: night death of Ann\nAnn claims acrobat, may be acrobat"
    lines += "\n  night 2: chose Bob, died yes"
    found = worlds(script, lines, "chef empath knight investigator mayor")
    assert found
    assert players_of(found, "drunk") == {"Bob"}


PO = """
night 2: night death of {second}
night 3: night death of Bob, Cat, Dan
"""


@pytest.mark.parametrize("second", ["nobody", "Eve"])
def test_a_po_that_chose_no_one_chooses_three(second: str) -> None:
    script = "po, scarlet_woman, chef, empath, knight, washerwoman, investigator, librarian, mayor"
    found = worlds(
        script,
        PO.format(second=second),
        "chef empath knight washerwoman investigator librarian mayor",
        first=0,
    )
    assert bool(found) == (second == "nobody")
    assert all("po" in world.characters for world in found)


LEGION = """
Ann claims investigator, may be investigator
  one of Bob, Cat is the poisoner
Bob claims chef
Cat claims empath
Dan claims knight, may be knight
  the demon among {among}: no
Eve claims washerwoman
"""


@pytest.mark.parametrize("among", ["Ann, Dan", "Bob, Cat"])
def test_the_legion_registers_as_a_minion_too_and_always_as_the_demon(among: str) -> None:
    """An Investigator may see a Legion as the Poisoner; a Knight never learns that a
    Legion is not the Demon."""
    script = "legion, imp, poisoner, investigator, knight, chef, empath, washerwoman"
    found = worlds(script, LEGION.format(among=among), "", first=5)
    seen = players_of(found, "legion") & {"Bob", "Cat"}
    assert found
    assert bool(seen) == (among == "Ann, Dan")


def test_a_gossip_who_claims_no_statement_may_have_made_a_true_one() -> None:
    """A claim less never takes a world away: without Ann's statement, Cat's death may
    still be the Gossip's, whoever the Leviathan is."""
    script = "leviathan, scarlet_woman, gossip, chef, empath, knight, washerwoman"
    lines = GOSSIP.format(died="Cat").replace("  day 1: says Bob.type == Demon\n", "")
    found = worlds(script, lines, "chef empath knight washerwoman")
    assert players_of(found, "leviathan") > {"Bob"}
