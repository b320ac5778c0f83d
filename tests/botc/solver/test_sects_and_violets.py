"""The Sects & Violets characters' decisions that no published puzzle pins down: the
Vortox and the No Dashii beside a character that may register otherwise are refused
(docs/formats/botc.md, "Solving puzzles")."""

from __future__ import annotations

import pytest

from meeple.botc.puzzle import notation
from meeple.botc.solver import Unmodelled, solve
from tests.botc.solver.helpers import PUZZLES

DEMONS = {"vortox": "Vortox", "no_dashii": "No Dashii"}


@pytest.mark.parametrize("demon", sorted(DEMONS))
@pytest.mark.parametrize(("other", "title"), [("spy", "Spy"), ("recluse", "Recluse")])
def test_a_demon_beside_a_misregistering_character_is_refused(
    demon: str, other: str, title: str
) -> None:
    path = PUZZLES / "puzzle-60.puzzle"  # its script has both Demons: keep one
    gone = next(key for key in DEMONS if key != demon)
    text = path.read_text("utf-8").replace(f"{gone}, ", f"{other}, ", 1)
    with pytest.raises(Unmodelled, match=f"the {DEMONS[demon]} beside the {title}"):
        solve(notation.parse(text, str(path)))
