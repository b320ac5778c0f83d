"""Branch g40/misc's characters (Alsaahir, Shugenja, Politician, ...): each rule on a
small puzzle of its own, beside the published puzzles that use it."""

from __future__ import annotations

import pytest

from meeple.botc.puzzle import notation
from meeple.botc.solver import solve


def _worlds(text: str) -> int:
    return len(solve(notation.parse(text, "test.puzzle")).worlds)


def _seated(script: str, seats: dict[str, str], said: str) -> str:
    """A puzzle whose grimoire is fixed by each claim's may-be list; the first seat is
    the Shugenja, saying `said`."""
    lines = [f"seats: {', '.join(seats)}", f"script: {script}"]
    for player, role in seats.items():
        lines.append(f"{player} claims {role}, may be {role}")
        if role == "shugenja":
            lines.append(f"  {said}")
    return "\n".join(lines) + "\n"


SCRIPT = "imp, scarlet_woman, shugenja, empath, chef, recluse, saint"


@pytest.mark.parametrize(
    ("said", "worlds"), [("evil is anticlockwise", 1), ("evil is clockwise", 0)]
)
def test_the_shugenja_learns_the_side_of_the_closest_evil_player(said: str, worlds: int) -> None:
    seats = {"A": "shugenja", "B": "empath", "C": "chef", "D": "scarlet_woman", "E": "imp"}
    assert _worlds(_seated(SCRIPT, seats, said)) == worlds


@pytest.mark.parametrize("said", ["evil is anticlockwise", "evil is clockwise"])
def test_equidistant_evil_players_make_the_shugenjas_answer_arbitrary(said: str) -> None:
    seats = {"A": "shugenja", "B": "empath", "C": "imp", "D": "scarlet_woman", "E": "chef"}
    assert _worlds(_seated(SCRIPT, seats, said)) == 1


@pytest.mark.parametrize(("outsider", "worlds"), [("recluse", 1), ("saint", 0)])
def test_a_recluse_registering_evil_may_be_the_shugenjas_closest(
    outsider: str, worlds: int
) -> None:
    seats = {
        "A": "shugenja",
        "B": outsider,
        "C": "empath",
        "D": "chef",
        "E": "imp",
        "F": "scarlet_woman",
    }
    # clockwise: the Recluse (1 seat), registering evil, ties with F anticlockwise
    assert _worlds(_seated(SCRIPT, seats, "evil is clockwise")) == worlds
