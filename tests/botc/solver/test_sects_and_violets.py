"""The Sects & Violets characters' decisions that no published puzzle pins down: the
No Dashii beside a character that may register otherwise is refused (docs/formats/botc.md,
"Solving puzzles"; the Vortox beside them is modelled, tests/botc/solver/test_moonrise.py)."""

from __future__ import annotations

import pytest

from meeple.botc.puzzle import notation
from meeple.botc.solver import Unmodelled, solve
from tests.botc.solver.helpers import PUZZLES


@pytest.mark.parametrize(("other", "title"), [("spy", "Spy"), ("recluse", "Recluse")])
def test_the_no_dashii_beside_a_misregistering_character_is_refused(other: str, title: str) -> None:
    path = PUZZLES / "puzzle-60.puzzle"  # its script has the Vortox too: replace it
    text = path.read_text("utf-8").replace("vortox, ", f"{other}, ", 1)
    with pytest.raises(Unmodelled, match=f"the No Dashii beside the {title}"):
        solve(notation.parse(text, str(path)))


TOWN_CRIER = """\
title: A Town Crier's night
seats: Ann, Bob, Cat, Dan, Eve
script: imp, scarlet_woman, town_crier, clockmaker, knight, empath
Ann claims town_crier, may be town_crier
  night 2: Bob, Cat: {answer}
Bob claims clockmaker
Cat claims knight
Dan claims empath
"""


@pytest.mark.parametrize("answer", ["yes", "no"])
def test_a_town_crier_hears_whether_a_minion_nominated(answer: str) -> None:
    puzzle = notation.parse(TOWN_CRIER.format(answer=answer), "town-crier.puzzle")
    worlds = solve(puzzle).worlds
    minions = {world.players[world.characters.index("scarletwoman")] for world in worlds}
    assert worlds
    if answer == "yes":
        assert minions == {"Bob", "Cat"}
    else:
        assert minions == {"Dan", "Eve"}
