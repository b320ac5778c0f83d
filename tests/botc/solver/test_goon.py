"""The Goon in a world's choices line and its JSON: on which night whose choice it
heard first, the alignment it took, and who was drunk until dusk for it."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.botc.solver.helpers import PUZZLES
from tests.cli_helpers import meeple

HEAD = """seats: Ann, Bob, Cat, Dan, Eve, Fay, Gus, Hal
script: imp, spy, chef, empath, washerwoman, investigator, librarian, sailor, goon
"""
OTHERS = """Cat claims empath
Dan claims washerwoman
Eve claims investigator
Fay claims librarian
Gus claims chef
Hal claims empath
"""
LYING_GOON = f"""{HEAD}night 2: night death of nobody
Bob claims chef, may be goon
Ann claims sailor
{OTHERS}"""
"""Bob, the Goon, claims the Chef: only an evil Goon lies, so the Imp chose him first on
night 2 (and killed no one, drunk at once)."""
SAILOR_FIRST = f"""{HEAD}night 2: night death of Bob
Ann claims sailor, may be sailor
  night 2: chose Bob
Bob claims goon, may be goon
{OTHERS}"""
"""The good Sailor chose Bob, the Goon, first on night 2: she is drunk until dusk and he
stays good; the Imp chose him second, and its kill worked."""
CLEAN_SWEEP = (
    "[Ada:godfather Cora:moonchild Finn:gossip Gia:tinker Hugo:pukka Iris:goon"
    " You:chambermaid Drew:sailor Eve:gambler]\n"
    "  night 2: Cora poisoned; night 3: You poisoned;"
    " night 1: Iris the Goon turns evil by Hugo's choice, Hugo drunk until dusk\n"
    "1 world\n"
)
"""A Clean Sweep's one world: Iris, claiming the Minstrel, is the Goon, evil since the
Pukka chose her first on night 1 (its poison that night did nothing)."""


def _solve(tmp_path: Path, text: str, *options: str) -> str:
    path = tmp_path / "goon.puzzle"
    path.write_text(text, "utf-8")
    run = meeple(["botc", "solve", str(path), *options])
    assert run.code == 0, run.err
    return run.out


def _worlds(tmp_path: Path, text: str) -> list[tuple[str, str]]:
    """(grimoire line, choices line) of each world printed for the puzzle (one at least)."""
    lines = _solve(tmp_path, text).splitlines()[:-1]
    assert lines
    return list(zip(lines[::2], lines[1::2], strict=True))


def _player(grimoire: str, character: str) -> str:
    found = re.search(rf"(\w+):{character}\b", grimoire)
    assert found is not None
    return found[1]


def test_the_goons_turn_names_the_night_its_alignment_and_the_drunk_chooser(
    tmp_path: Path,
) -> None:
    for grimoire, choices in _worlds(tmp_path, LYING_GOON):
        imp = _player(grimoire, "imp")
        turn = f"night 2: Bob the Goon turns evil by {imp}'s choice, {imp} drunk until dusk"
        assert turn in choices


def test_a_goon_that_keeps_its_alignment_stays_good(tmp_path: Path) -> None:
    turn = "  night 2: Bob the Goon stays good by Ann's choice, Ann drunk until dusk"
    assert {choices for _, choices in _worlds(tmp_path, SAILOR_FIRST)} == {turn}


def test_the_drunk_first_chooser_uses_up_the_night_so_the_second_is_sober(
    tmp_path: Path,
) -> None:
    """Ann, drunk for choosing the Goon first, is the night's first chooser all the same:
    the Imp, second to choose Bob, is not made drunk, and its kill kills him. Without
    Ann's choice of Bob the Imp would be first, drunk, and Bob would live."""
    assert _worlds(tmp_path, SAILOR_FIRST)
    elsewhere = SAILOR_FIRST.replace("night 2: chose Bob", "night 2: chose Cat")
    path = tmp_path / "elsewhere.puzzle"
    path.write_text(elsewhere, "utf-8")
    run = meeple(["botc", "solve", str(path)])
    assert (run.code, run.out) == (1, "0 worlds\n")


def test_json_lists_the_goons_turns(tmp_path: Path) -> None:
    found = json.loads(_solve(tmp_path, SAILOR_FIRST, "--json"))
    assert found["count"] > 0
    for world in found["worlds"]:
        assert world["goons"] == [
            {"timing": "night_2", "player": "Bob", "chosen_by": "Ann", "alignment": "good"}
        ]


def test_a_clean_sweep_names_the_pukka_who_turned_the_goon_evil() -> None:
    run = meeple(["botc", "solve", str(PUZZLES / "a-clean-sweep.puzzle")])
    assert (run.code, run.out) == (0, CLEAN_SWEEP)
    run = meeple(["botc", "solve", str(PUZZLES / "a-clean-sweep.puzzle"), "--json"])
    (world,) = json.loads(run.out)["worlds"]
    assert world["goons"] == [
        {"timing": "night_1", "player": "Iris", "chosen_by": "Hugo", "alignment": "evil"}
    ]


def test_a_world_without_a_goon_lists_no_turns() -> None:
    run = meeple(["botc", "solve", str(PUZZLES / "puzzle-31.puzzle"), "--json"])
    (world,) = json.loads(run.out)["worlds"]
    assert world["goons"] == []
