"""The rules of the Chambermaid, Legion, Pukka, Courtier, Po, Balloonist, Gambler,
Gossip and Acrobat where no published puzzle pins them down, on small puzzles of
their own."""

from __future__ import annotations

import pytest

from meeple.botc.puzzle import notation
from meeple.botc.solver import solve

CHAMBERMAID = """\
title: A Chambermaid's second night
seats: Ann, Bob, Cat, Dan, Eve
script: imp, scarlet_woman, chambermaid, knight, chef, empath, washerwoman
Ann claims chambermaid, may be chambermaid
  night 2: Bob and Cat: {count} woke
Bob claims knight
Cat claims chef
Dan claims empath
Eve claims washerwoman
"""


@pytest.mark.parametrize("count", [0, 1, 2])
def test_a_chambermaid_counts_who_woke_through_their_ability(count: int) -> None:
    """On night 2 the Imp wakes; the Scarlet Woman, Knight and Chef do not."""
    text = CHAMBERMAID.format(count=count)
    worlds = solve(notation.parse(text, "chambermaid.puzzle")).worlds
    demons = {world.players[world.characters.index("imp")] for world in worlds}
    if count == 0:
        assert demons == {"Dan", "Eve"}
    elif count == 1:
        assert demons == {"Bob", "Cat"}
    else:
        assert not worlds


def test_a_chambermaid_chooses_living_players() -> None:
    text = CHAMBERMAID.format(count=0).replace(
        "Bob claims knight", "day 1: execution of Bob\nBob claims knight"
    )
    assert not solve(notation.parse(text, "chambermaid.puzzle")).worlds


DRUNK_WAKES = """\
title: The Drunk wakes as the Townsfolk it believes it is
seats: Ann, Bob, Cat, Dan, Eve, Fay
script: imp, scarlet_woman, drunk, chambermaid, empath, knight, chef, investigator, washerwoman
Ann claims chambermaid, may be chambermaid
  night 2: Bob and Cat: 2 woke
Bob claims empath, may be empath or drunk
Cat claims knight
Dan claims chef
Eve claims investigator
Fay claims washerwoman
"""


def test_a_chambermaid_counts_the_drunk_as_the_townsfolk_it_believes() -> None:
    worlds = solve(notation.parse(DRUNK_WAKES, "drunk.puzzle")).worlds
    assert {world.characters[2] for world in worlds} == {"imp"}
    assert {world.characters[1] for world in worlds} == {"empath", "drunk"}


PUKKA = """\
title: The Pukka's poison kills the next night
seats: Ann, Bob, Cat, Dan, Eve
script: pukka, imp, scarlet_woman, chef, empath, knight, washerwoman, investigator
night 2: night death of {died}
Ann claims chef
  2
Bob claims empath
  night 2: 0
Cat claims knight
Dan claims washerwoman
Eve claims investigator
"""


@pytest.mark.parametrize("died", ["Ann", "nobody"])
def test_the_player_a_pukka_poisoned_dies_the_next_night(died: str) -> None:
    """No Chef learns 2 of five players: Ann is evil, or the Pukka poisoned her on
    night 1, and then she dies on night 2."""
    text = PUKKA.format(died=died)
    worlds = solve(notation.parse(text, "pukka.puzzle")).worlds
    good = [world for world in worlds if world.characters[0] == "chef"]
    assert worlds
    if died == "Ann":
        assert good
        assert all("pukka" in world.characters for world in good)
    else:
        assert not good


COURTIER = """\
title: The Courtier's drink
seats: Ann, Bob, Cat, Dan, Eve
script: imp, scarlet_woman, courtier, chef, empath, knight, washerwoman
night {night}: night death of Bob
Ann claims courtier, may be courtier
  night 1: chose imp
Bob claims chef
Cat claims empath
Dan claims knight
Eve claims washerwoman
"""


@pytest.mark.parametrize("night", [2, 3, 4])
def test_the_courtier_makes_a_character_drunk_for_three_nights_and_days(night: int) -> None:
    """The Imp chosen on night 1 kills no one on nights 2 and 3; on night 4 it can."""
    text = COURTIER.format(night=night)
    worlds = solve(notation.parse(text, "courtier.puzzle")).worlds
    assert bool(worlds) == (night == 4)


DOOMSAYER = """\
title: The Doomsayer
seats: Ann, Bob, Cat, Dan, Eve
script: imp, scarlet_woman, chef, empath, knight, washerwoman, investigator
day 1: doomsayer death of Bob by Ann
Ann claims chef, may be chef
Bob claims empath
Cat claims knight
Dan claims washerwoman
Eve claims investigator
"""


def test_a_doomsayer_call_kills_a_player_of_the_callers_alignment() -> None:
    worlds = solve(notation.parse(DOOMSAYER, "doomsayer.puzzle")).worlds
    assert worlds
    assert all(world.characters[1] in ("empath",) for world in worlds)
